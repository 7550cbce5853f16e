#!/bin/bash
# The terminal front end's paths view (7, tui/paths.c) driven in tmux as a
# person uses it (tests/lib/tui.sh), against "tracevisualizer paths
# --explain --json" of the same trace (tests/lib/pathcheck.py): a
# synthetic RPC system with socket endpoints (tests/lib/rpctrace.py).  The
# patterns listed, the selected one as an indented tree (box-drawing
# characters in UTF-8, ASCII in C), each hop's calls, mean, p90, delay,
# transit and split; ] and [ between patterns; Enter on a hop: its
# representative call in view 1 (cursor, window, the callee's row); o: by
# total latency; c: the convolution; the help page; a trace without
# messages says so; Esc cancels the search, r starts it again.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
# okscr NAME DESC : ok on the last command's status; the screen when it failed
okscr() { local st=$?; ok $st "$2"; [ $st = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; }
# reversed NAME : the lines of the screen below the title that start in
# reverse video (a selection), escapes and trailing spaces removed
reversed() {
	local l sgr=$'\e\\[[0-9;]*m'
	while IFS= read -r l; do
		[[ $l =~ ^($sgr)*$'\e'\[([0-9]*\;)*7(\;[0-9]*)*m ]] || continue
		while [[ $l =~ $sgr ]]; do l=${l/"${BASH_REMATCH[0]}"/}; done
		printf '%s\n' "${l%"${l##*[! ]}"}"
	done < <(tui_screen "$1" -e | tail -n +2)
}

python3 tests/lib/rpctrace.py --requests 30 > "$tmp/desc" && $gen "$tmp/rpc" < "$tmp/desc" &&
	$tv paths --explain --json --top 0 "$tmp/rpc" > "$tmp/paths.json" &&
	$tv paths --explain --sort latency --json --top 0 "$tmp/rpc" > "$tmp/lat.json" &&
	$tv paths --algorithm convolution --json "$tmp/rpc" > "$tmp/conv.json"
ok $? "the RPC trace, its paths --explain --json (by count and by latency) and the convolution's"

# check WHAT SCREEN ARGS... : the Python checks of tests/lib/pathcheck.py on a screen
check() { checks < <(python3 - "$@" <<'PY'
import sys
from check import ok, done
from pathcheck import *
what, scr = sys.argv[1], open(sys.argv[2]).read().split('\n')
args = sys.argv[3:]

if what == 'list':
    check_tui(ok, args[1], scr, load(args[0]), int(args[2]), args[3] == 'utf8')
elif what == 'narrow':
    j = load(args[0])
    got = tui_tree_lines(scr)
    w = tui_tree_wrapped(j['patterns'][0])
    nw = max([12] + [len(n) for n, f, s in w])
    want = []
    for n, f, s in w:
        want.append((n.ljust(nw) + (' ' + f if f else '')).rstrip())
        if s is not None:
            want.append(s[:80].rstrip())
    ok(got == want, "80 columns: each hop's split on a line of its own under it")
    if got != want:
        print("# got  %s\n# want %s" % (got, want))
elif what == 'conv':
    c = load(args[0])['convolution']
    roots = conv_roots(c)
    got = tui_tree_lines(scr)
    r, vs = roots[0]
    pre = tree_prefixes([None if x['parent'] is None else x['parent'] - r for x in vs])
    want = []
    for i, x in enumerate(vs):
        want.append((pre[i] + x['name'], '' if not i else "%7d %9s %9s  spike %.1f sigma" % (
            x['count'], ms(x['delay_ns']), ms(x['mean_ns']), x['height_sigma'])))
    nw = max([12] + [len(n) for n, f in want])
    want = [(n.ljust(nw) + (' ' + f if f else '')).rstrip() for n, f in want]
    n = len(got)
    # the spike's height is a float on the screen, its rounding in JSON
    strip = lambda s: s.rsplit(' spike', 1)[0]
    ok(n > 3 and [strip(x) for x in got] == [strip(x) for x in want[:n]],
       "the convolution's first path as a tree: its first %d vertices, their counts and delays" % n)
    if [strip(x) for x in got] != [strip(x) for x in want[:n]]:
        print("# got  %s\n# want %s" % (got[:5], want[:5]))
done()
PY
); }

# --- the view, its list and tree --------------------------------------------
tui_start p 160 40 -- "$tmp/rpc" && tui_key p 7
[[ $(tui_line p 1) =~ \ 7\ Paths\  ]] &&
	tui_wait p '^160 messages, 80 call pairs, 30 paths in 2 patterns \(nesting, by count\)$' >/dev/null &&
	tui_wait p '^j k: hop  \[ \]: pattern  Enter: its call in view 1  o: order  c: convolution$' >/dev/null
okscr p "7: the paths view, its summary, its keys on the info line"
tui_screen p > "$tmp/s1"
check list "$tmp/s1" "$tmp/paths.json" "pattern 1" 0 utf8
tui_key p ']' && tui_screen p > "$tmp/s2"
check list "$tmp/s2" "$tmp/paths.json" "]: pattern 2" 1 utf8
tui_key p '['

# Enter on db-30 (the third hop): its representative call in view 1
read -r id recv ret start pid <<< "$(json "$tmp/paths.json" "' '.join(str(x) for x in [j['patterns'][0]['nodes'][2]['representative'][k] for k in ('id', 'call_recv_ns', 'ret_send_ns')] + [j['trace']['start_ns'], j['patterns'][0]['nodes'][2]['representative']['callee_pid']])")"
rel() { python3 -c "import sys; n = int(sys.argv[1]) - int(sys.argv[2]); print('%d.%09d' % (n // 10**9, n % 10**9))" "$1" "$start"; }
tui_key p j j && reversed p | grep -q '─ db-30 '
okscr p "j j: the third hop, db-30, selected (reverse video)"
tui_key p Enter
tui_wait p "^call $id srv-20 -> db-30: received $(tui_re "$(rel "$recv")"), returned $(tui_re "$(rel "$ret")") " >/dev/null &&
	tui_wait p "^cursor $(tui_re "$(rel "$recv")")  window " >/dev/null &&
	[[ $(tui_line p 2) =~ ^\ +pid\ task ]]
okscr p "Enter: view 1, the cursor where its representative call $id was received, the info line says so"
is "$(reversed p | awk '{print $1, $2}')" "$pid db" "the callee's row selected (db, pid $pid)"
tui_key p 7 && reversed p | grep -q '─ db-30 '
okscr p "7: back to the paths, db-30 still selected"

# o: by total latency; c: the convolution
tui_key p o && tui_wait p '^160 messages, 80 call pairs, 30 paths in 2 patterns \(nesting, by total latency\)' >/dev/null &&
	tui_screen p > "$tmp/s3"
okscr p "o: the patterns by total latency"
check list "$tmp/s3" "$tmp/lat.json" "o" 0 utf8
tui_key p c && tui_wait p '^160 messages, [0-9]+ paths \(convolution, quantum 1\.000 ms\)$' >/dev/null &&
	tui_screen p > "$tmp/s4"
okscr p "c: the convolution"
check conv "$tmp/s4" "$tmp/conv.json"
tui_key p c && tui_wait p '\(nesting, by total latency\)' >/dev/null
okscr p "c again: nesting, the order kept"
# the help's pages (where its groups fall depends on the screen's height)
tui_key p '?' && tui_pages p "$tmp/h1" &&
	grep -q '^Paths$' "$tmp/h1" &&
	grep -qE '^  Enter +the hop.s representative call in the control flow \(7\)$' "$tmp/h1" &&
	grep -qE '^  c +the convolution algorithm, or nesting again \(7\)$' "$tmp/h1"
okscr p "?: the help lists the paths view's keys"
tui_key p Escape
is "$(tui_quit p)" 0 "q: status 0"
[ ! -s "$TUI_DIR/p.err" ]; ok $? "nothing on stderr"

# ASCII in a terminal that is not UTF-8
tui_start a 160 40 LANG=C -- "$tmp/rpc" && tui_key a 7 && tui_screen a > "$tmp/s5"
check list "$tmp/s5" "$tmp/paths.json" "LANG=C" 0 ascii
is "$(tui_quit a)" 0 "q: status 0"

# a narrow terminal: each hop's split under it
tui_start nr 80 24 -- "$tmp/rpc" && tui_key nr 7 && tui_screen nr > "$tmp/s6"
check narrow "$tmp/s6" "$tmp/paths.json"
is "$(tui_quit nr)" 0 "q: status 0"

# --- no messages; Esc; r ------------------------------------------------------
# The search is held at its first progress step (LTTR_TEST_HOLD_PROGRESS,
# src/reader/progress-hold.c) until Esc cancels it, then released (the
# file LTTR_TEST_HOLD_RELEASE names) before r: the machine's speed does
# not decide whether Esc comes in time.  The reading of the trace, a pass
# that the hook holds too, goes on (the file there, empty) until the
# first screen; the file removed, the search is held.
n=200000
$genbig -n "$n" "$tmp/big" > /dev/null 2>&1
b=big
: > "$tmp/release"
tui_start $b 120 30 LTTR_TEST_HOLD_PROGRESS=1 LTTR_TEST_HOLD_RELEASE="$tmp/release" -- "$tmp/big" &&
	rm "$tmp/release" && tui_send $b 7 && tui_wait $b 'Esc cancels$' >/dev/null && tui_send $b Escape &&
	tui_wait $b '^  Canceled: ' >/dev/null &&
	tui_screen $b | grep -qxF '  Canceled: the paths were not searched for to the end (r: again).'
okscr $b "7 on a big trace ($n events, no socket): a progress bar; Esc cancels, said"
touch "$tmp/release"
tui_send $b r && tui_wait $b '^  No messages between processes in this trace: no socket send was matched' 120 >/dev/null
okscr $b "r: searched again, to the end: no messages, said"
is "$(tui_quit $b)" 0 "q: status 0"
done_testing
