#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# gtk-predbar.t - the window's predicate bar (issue 32) under Xvfb, as a
# person uses it (tests/lib/gtkpredbar.py): p, a predicate of the
# replay's language; ) and ( through its hits, each one's time and event
# in the status bar as replay --hits --json gives them, which are first
# checked here against the rises of "break * if EXPR" of replay --script
# --json; the hit marks' pixels on the whole trace's ruler at the hits'
# x; a syntax error said with its column, the marks kept; on a big
# trace, the predicate's pass held at its first step by the library's
# test hook (LTTR_TEST_HOLD_PROGRESS): the Working dialog, Escape cancels.
# The predicate is kept in session.json at the quit: opened again, the
# window replays it (its hits said, ) to the first, p shows it); emptied,
# the file holds none.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
cp -r "$TOP/tests/corpus/guest-mix" "$tmp/mix"	# (the window saves its session beside it)
mix=$tmp/mix
P='cpu[0].runq > 2'
mkdir -p "$tmp/out"

printf 'break * if %s\nrun\n' "$P" > "$tmp/r.rs"
$tv replay --json --script "$tmp/r.rs" "$mix" | $PY -c '
import json, sys
stops = [s for s in json.load(sys.stdin)["stops"] if s["kind"] == "break"]
seen = set(s["event"] for s in stops)
for s in stops:
    if s["event"] - 1 not in seen:
        print(s["event"], s["time_ns"])' > "$tmp/exp"
$tv replay --json --hits "$P" "$mix" | $PY -c '
import json, sys
for h in json.load(sys.stdin)["hits"]:
    print(h["event"], h["time_ns"], h["rel_ns"])' > "$tmp/hits"
[ -s "$tmp/exp" ] && diff "$tmp/exp" <(cut -d' ' -f1,2 "$tmp/hits") >/dev/null
ok $? "replay --hits '$P': $(wc -l < "$tmp/hits") hits, the rises of break * if it"
bad='cpu[0].runq >'
msg=$($tv replay --hits "$bad" "$mix" 2>&1 | sed 's/^tracevisualizer: --hits: //')
checks < <(PYTHONPATH=tests/lib timeout 600 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkpredbar.py "$gtk" "$mix" "$tmp/hits" "$P" "$bad" "$msg" "$tmp/out" \
	2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')

# kept in session.json at the quit, replayed when opened again
jpred() { $PY -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1])).get("predicate")))' "$mix/session.json"; }
is "$(jpred)" "\"$P\"" "session.json keeps the predicate set (not the one refused)"
checks < <(PYTHONPATH=tests/lib timeout 600 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkpredbar.py --restored "$gtk" "$mix" "$tmp/hits" "$P" "$tmp/out" \
	2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
is "$(jpred)" null "emptied: session.json holds no predicate"

# a long pass, held, canceled
$genbig -n 200000 "$tmp/big" > /dev/null 2>&1
P2='cpu[0].runq > 0'
$tv replay --json --hits "$P2" "$tmp/big" | $PY -c '
import json, sys
for h in json.load(sys.stdin)["hits"]:
    print(h["event"], h["time_ns"], h["rel_ns"])' > "$tmp/bighits"
ok $? "a trace of 200000 events, '$P2' becomes true $(wc -l < "$tmp/bighits") times"
: > "$tmp/release"
checks < <(LTTR_TEST_HOLD_PROGRESS=1 LTTR_TEST_HOLD_RELEASE="$tmp/release" PYTHONPATH=tests/lib \
	timeout 600 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkpredbar.py "$gtk" "$tmp/big" "$tmp/bighits" "$P2" "$bad" "$msg" "$tmp/out" \
	"$tmp/release" 2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
cp "$tmp/out/ruler.png" /tmp/predbar-ruler.png 2>/dev/null
no_gtk_warnings "$tmp/atspi.err" "$tmp/out/"*.log
done_testing
