#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# predbar.t - the predicate bar of the terminal analyzer (issue 32): p
# takes an expression of the replay's language (docs/replay.md), ) and (
# move the cursor to the next and previous moment it becomes true, the
# hits are marked ^ on the ruler.  The hits come from the library
# (lttr_replay_hits(), printed by replay --hits --json) and are checked
# here against an independent answer: the rises of "break * if EXPR"
# stops of replay --script --json (an event whose event before did not
# stop).  In tmux as a person uses it: each hit's time and event number
# as ) and ( reach them, forward then backward, the ^ columns of the whole
# trace's ruler computed from the hit times; a syntax error said with its
# column as replay --hits says it, and nothing changed; a pass held by
# the library's test hook (LTTR_TEST_HOLD_PROGRESS) canceled by Esc,
# the predicate before kept.  The predicate set is kept in session.json
# and replayed at the next start (), p show it), a member of the
# window's kept beside it; a saved one that does not compile is said.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
T=$TOP/tracevisualizer/tracevisualizer
cp -r "$TOP/tests/corpus/guest-mix" "$tmp/mix"	# (markers are saved beside it)
mix=$tmp/mix
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

# rises EXPR : "EVENT TIME_NS" of each rise of a break * if EXPR (the script's stops)
rises() {
	printf 'break * if %s\nrun\n' "$1" > "$tmp/r.rs"
	"$T" replay --json --script "$tmp/r.rs" "$mix" | python3 -c '
import json, sys
stops = [s for s in json.load(sys.stdin)["stops"] if s["kind"] == "break"]
seen = set(s["event"] for s in stops)
for s in stops:
    if s["event"] - 1 not in seen:
        print(s["event"], s["time_ns"])'
}
# hits EXPR : "EVENT TIME_NS REL_NS" of replay --hits --json
hits() {
	"$T" replay --json --hits "$1" "$mix" | python3 -c '
import json, sys
for h in json.load(sys.stdin)["hits"]:
    print(h["event"], h["time_ns"], h["rel_ns"])'
}

P1='cpu[0].runq > 2'
P2='task[54].state == "runnable" && cpu[1].current != 54'
for p in "$P1" "$P2"; do
	rises "$p" > "$tmp/exp" && hits "$p" > "$tmp/got" && [ -s "$tmp/exp" ] &&
		diff "$tmp/exp" <(cut -d' ' -f1,2 "$tmp/got") > "$tmp/d"
	ok $? "replay --hits '$p': $(wc -l < "$tmp/got") hits, the rises of break * if it" ||
		diag "$(head "$tmp/d")"
done
hits "$P1" > "$tmp/h1"
n=$(wc -l < "$tmp/h1")
ok "$([ "$n" -gt 5 ] && echo 0 || echo 1)" "'$P1' becomes true $n times in guest-mix"
err=$("$T" replay --hits 'cpu[0].runq >' "$mix" 2>&1 >/dev/null)
is "$err" "tracevisualizer: --hits: 1:14: expected a value, a field or '('" \
	"replay --hits: a syntax error with its line and column"

# --- the TUI: p, ) and ( ----------------------------------------------------
tui_start k 120 30 -- "$mix" && tui_input k p "$P1" && tui_wait k "^predicate: $n hits: \\) next, \\( previous" >/dev/null
okscr k "p: the predicate typed, its $n hits said"
fwd=0
while read -r ev ns rel; do
	i=$((fwd + 1))
	r=$(printf '%d.%09d' $((rel / 1000000000)) $((rel % 1000000000)))
	tui_key k ')' && tui_wait k "^hit $i/$n at $(tui_re "$r") #$ev: " >/dev/null &&
		tui_wait k "^cursor $(tui_re "$r") " >/dev/null || break
	fwd=$i
done < "$tmp/h1"
is "$fwd" "$n" ") reaches each hit in turn, the cursor at its time (replay --hits --json's)" ||
	diag "$(cat "$TUI_DIR/k.screen")"
tui_key k ')' && tui_wait k "^no hit after the cursor for: $(tui_re "$P1")" >/dev/null
okscr k ") after the last: no hit after, said"
back=0
tac "$tmp/h1" | tail -n +2 > "$tmp/h1r"
while read -r ev ns rel; do
	i=$((n - 1 - back))
	r=$(printf '%d.%09d' $((rel / 1000000000)) $((rel % 1000000000)))
	tui_key k '(' && tui_wait k "^hit $i/$n at $(tui_re "$r") #$ev: " >/dev/null || break
	back=$((back + 1))
done < "$tmp/h1r"
is "$back" "$((n - 1))" "( goes back through the same hits in reverse order"

# the ruler of the whole trace: a ^ at each hit's column
tui_key k 0 && tui_wait k 'window 161\.218430 ms' >/dev/null
tui_screen k | sed -n 2p > "$tmp/ruler"
python3 - "$tmp/ruler" "$tmp/h1" "$mix" "$T" > "$tmp/cols" <<'EOF'
import json, subprocess, sys
line = open(sys.argv[1]).read().rstrip('\n')
tr = json.loads(subprocess.run([sys.argv[4], 'summary', '--json', sys.argv[3]],
                               capture_output=True, text=True).stdout)['trace']
t0, t1 = tr['start_ns'], tr['end_ns']
x0 = len('    pid task')
while line[x0] == ' ':
    x0 += 1
ncols = len(line) - x0
got = sorted(i - x0 for i, c in enumerate(line) if c == '^' and i >= x0)
exp = set()
for l in open(sys.argv[2]):
    t = int(l.split()[1])
    exp.add(((t - t0 + 1) * ncols - 1) // (t1 - t0))
print(' '.join(map(str, got)))
print(' '.join(map(str, sorted(exp))))
EOF
got=$(sed -n 1p "$tmp/cols") exp=$(sed -n 2p "$tmp/cols")
[ -n "$got" ] && [ "$got" = "$exp" ]
ok $? "the whole trace's ruler: ^ at the hits' columns ($got)" || diag "expected: $exp" "$(cat "$tmp/ruler")"
cp "$tmp/ruler" "$tmp/ruler.before"

# a syntax error: said with its column, as replay --hits says it; nothing changed
tui_input k p 'cpu[0].runq >' && tui_wait k "^predicate: 1:14: expected a value, a field or '\\('" >/dev/null
okscr k "p with a syntax error: said with its line and column"
tui_screen k | sed -n 2p | cmp -s - "$tmp/ruler.before"
ok $? "the marks of the predicate before stay"
tui_xkey k home && tui_key k ')' &&
	tui_wait k "^hit 1/$n at .*: $(tui_re "$P1")\$" >/dev/null
okscr k ") still steps through the predicate before"
is "$(tui_quit k)" 0 "q: status 0"

# --- the predicate kept in session.json, restored at the next start --------
jpred() { python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(json.dumps([j.get("predicate"), j.get("column_filters")]))' "$mix/session.json"; }
is "$(jpred)" "[\"$P1\", null]" "session.json keeps the predicate set (not the one refused)"
# a member of the window's, which the terminal keeps as it is
python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); j["column_filters"] = {"type": "fs_open"}; json.dump(j, open(sys.argv[1], "w"))' "$mix/session.json"
ev1=$(head -1 "$tmp/h1" | cut -d' ' -f1)
tui_start r 120 30 -- "$mix" && tui_wait r "^predicate of the last session: $n hits: \\) next, \\( previous" >/dev/null
okscr r "started again: the last session's predicate replayed, its $n hits said"
tui_key r ')' && tui_wait r "^hit 1/$n at .* #$ev1: $(tui_re "$P1")\$" >/dev/null
okscr r ") steps to its first hit"
tui_send r p && tui_wait r "^predicate \\(empty: none\\): $(tui_re "$P1")" >/dev/null
okscr r "p: the bar holds it"
tui_send r C-u && tui_send r Enter && tui_wait r '^no predicate' >/dev/null
okscr r "cleared"
is "$(jpred)" '[null, {"type": "fs_open"}]' "session.json: no predicate, the window's column filter kept"
is "$(tui_quit r)" 0 "q: status 0"
printf '{ "predicate": "cpu[0].runq >" }' > "$mix/session.json"
tui_start e 120 30 -- "$mix" &&
	tui_wait e "^predicate of the last session ignored: $(tui_re "$mix/session.json: predicate: 1:14: expected a value")" >/dev/null
okscr e "a saved predicate that does not compile: said with its column, ignored"
is "$(tui_quit e)" 0 "q: status 0"

# --- Esc cancels a long pass --------------------------------------------------
# The predicate's pass is held at its first progress step (65536 events)
# until Esc: the trace is read with the release file there (empty: every
# pass goes on), then it is removed before p.
genbig=$TOP/tracevisualizer/build/utest/gen-big
$genbig -n 200000 "$tmp/big" > /dev/null 2>&1
ok $? "a trace of 200000 events (gen-big)"
: > "$tmp/release"
tui_start b 120 30 LTTR_TEST_HOLD_PROGRESS=1 LTTR_TEST_HOLD_RELEASE="$tmp/release" -- "$tmp/big" &&
	tui_input b p 'cpu[0].runq > 0' && tui_wait b '^predicate: [0-9]+ hits?: ' 60 >/dev/null
okscr b "p on the big trace: a first predicate, its pass to the end"
before=$(tui_screen b | grep -Eo '^predicate: [0-9]+ hits?')
rm "$tmp/release" && tui_send b p C-u && tui_send b -l 'cpu[1].runq > 0' && tui_send b Enter &&
	tui_wait b 'Esc cancels$' >/dev/null && tui_send b Escape &&
	tui_wait b '^predicate canceled: the one before stays' >/dev/null
okscr b "a second predicate held at its pass's first step: a progress bar, Esc cancels it"
touch "$tmp/release"
tui_xkey b home && tui_key b ')' && tui_wait b '^hit 1/[0-9]+ at .*: cpu\[0\]\.runq > 0$' >/dev/null
okscr b ") steps through the first predicate's hits ($before)"
is "$(tui_quit b)" 0 "q: status 0"
done_testing
