#!/bin/bash
# The jobs page of the terminal analyzer (J, tui/jobs.c; issue 34) as a
# person uses it, in tmux at 120x34, on tests/lib/jobtrace.py's trace
# (8 jobs "ctl" every 10 ms, the 3rd and 6th robbed of 3 ms by a hog;
# 3 jobs "io" on the other CPU): every figure, height and glyph of the
# page against "jobs --json" and "jobs --load --json --width 107" of the
# same trace (tests/lib/tuijobs.py): the graph of the instances, the
# deadline set with T and its misses, the CPU load per CPU, the table;
# Enter on an instance zooms the control flow to its span, its task's
# row selected; K the next name; v the load of the control flow's window
# (its title says which, and the two busiest tasks' lines); a trace
# without markers says so.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

python3 tests/lib/jobtrace.py > "$tmp/j.desc" && $gen "$tmp/j" < "$tmp/j.desc" &&
	$tv check "$tmp/j" > /dev/null
ok $? "the jobs trace written (2 CPUs, a thief), and it conserves time"
$tv jobs --json "$tmp/j" > "$tmp/none.json" &&
	$tv jobs --json --deadline 4ms "$tmp/j" > "$tmp/dl.json"; st=$?
is "$st" 3 "jobs --json --deadline 4ms: exit status 3 (misses)"
# 120 columns less the 13 of the scale's labels: 107 bins
$tv jobs --load --json --width 107 "$tmp/j" > "$tmp/load.json"
ok $? "jobs --load --json --width 107"

tui_start j 120 34 -- "$tmp/j"
ok $? "the TUI starts on it"
tui_key j J && tui_wait j '^Jobs of ctl ' >/dev/null
okscr j "J: the jobs page, the first name (ctl)"
tui_screen j > "$tmp/s1.txt"
checks < <(python3 tests/lib/tuijobs.py "$tmp/s1.txt" "$tmp/none.json" "$tmp/load.json" ctl 1)
tui_input j T 4ms && tui_wait j 'deadline 4ms: 2 of 11 instances missed' >/dev/null
okscr j "T 4ms: the deadline set, 2 of the 11 instances missed (said)"
tui_key j j j && tui_wait j '^#3: response ' >/dev/null
okscr j "j j: the third instance selected"
tui_screen j > "$tmp/s2.txt"
checks < <(python3 tests/lib/tuijobs.py "$tmp/s2.txt" "$tmp/dl.json" "$tmp/load.json" ctl 3)

# Enter: the control flow on the third instance's span, ctl's row selected
read -r b r < <(python3 -c 'import json,sys; x=[x for x in json.load(open(sys.argv[1]))["jobs"]["jobs"] if x["name"]=="ctl"][2]; print(x["begin_ns"], x["response_ns"])' "$tmp/dl.json")
tui_key j Enter && tui_wait j "^cursor $(tui_re "$(python3 tests/lib/keyscheck.py fmt "$b")")  window $(tui_re "$(python3 tests/lib/keyscheck.py dur "$r")")( |$)" >/dev/null &&
	tui_wait j '^10 ctl: .*job ctl ' >/dev/null
okscr j "Enter: view 1, the window the instance's span ($r ns from $b ns), the cursor at its begin, the row of ctl (10) selected"
tui_key j J && tui_wait j '^Jobs of ctl ' >/dev/null && tui_key j K && tui_wait j '^Jobs of io \(name 2 of 2' >/dev/null
okscr j "J again, K: the next name (io)"
tui_screen j > "$tmp/s3.txt"
checks < <(python3 tests/lib/tuijobs.py "$tmp/s3.txt" "$tmp/dl.json" "$tmp/load.json" io 1)
# v: the load of the control flow's window (the third instance's span)
w=$(python3 -c 'import json,sys; x=[x for x in json.load(open(sys.argv[1]))["jobs"]["jobs"] if x["name"]=="ctl"][2]; print("%d.%09d:%d.%09d" % (x["begin_ns"]//10**9, x["begin_ns"]%10**9, (x["begin_ns"]+x["response_ns"])//10**9, (x["begin_ns"]+x["response_ns"])%10**9))' "$tmp/dl.json")
$tv jobs --load --json --width 107 --window "$w" "$tmp/j" > "$tmp/loadw.json"
ok $? "jobs --load --json --width 107 --window $w (the third instance's span)"
tui_key j v && tui_wait j '^CPU load over the window ' >/dev/null
okscr j "v: the CPU load over the control flow's window, said in its title"
tui_screen j > "$tmp/s4.txt"
checks < <(python3 tests/lib/tuijobs.py "$tmp/s4.txt" "$tmp/dl.json" "$tmp/loadw.json" io 1)
tui_key j v && tui_wait j '^CPU load over the whole trace: ' >/dev/null
okscr j "v again: over the whole trace"
tui_key j Escape && tui_wait j '^    pid task ' >/dev/null
okscr j "Esc: back to the control flow"
is "$(tui_quit j)" 0 "q: status 0"

# a trace without markers: said, with its CPU load
python3 tests/lib/gtkwtrace.py 2 > "$tmp/a.desc" && $gen "$tmp/a" < "$tmp/a.desc"
tui_start a 120 30 -- "$tmp/a" && tui_key a J &&
	tui_wait a '^No jobs: the trace has no begin/end markers \(libltt-marker, ltt_mark_begin\(\)\)' >/dev/null &&
	tui_wait a '^cpu0 +\|' >/dev/null
okscr a "no markers: the page says so (the words of jobs), the CPU load under it"
is "$(tui_quit a)" 0 "q: status 0"
done_testing
