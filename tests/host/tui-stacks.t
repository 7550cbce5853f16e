#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tui-stacks.t - the call stacks page of the terminal analyzer (S, issue
# 28), as a person uses it, in tmux: the trace of tests/lib/stacktrace.sh
# (server 5 blocked 200 ns in main;serve;wait_request;do_read, woken by
# notifier 6 from main;notify;do_write; then blocks without a stack
# record), its frames named through --symfs.  S shows the call tree of the
# window, top down, heaviest first, each frame's count and time exactly
# the numbers of "stacks --json" (and of the accounting); / finds a frame
# and opens its callers; Enter collapses and expands; K shows the wakeup
# stacks, i the tree inverted; markers A-B restrict it to the selection;
# Esc closes it.  View 6 shows the stack of the selected event, view 1
# the off-CPU stack of the selected task's block at the cursor.  Last, the
# fold as a long pass on a 30000-event trace, held at its first progress
# step by the library's test hook: the progress line, Esc cancels (the
# page not opened; then the tree before kept), let go the numbers of
# stacks --json.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
make -s -C "$TOP/tracevisualizer" build/utest/gen-trace >/dev/null 2>&1
. "$TOP/tests/lib/stacktrace.sh"

$tv stacks --kind offcpu --symfs "$tmp/root" --json "$tmp/t" >"$tmp/off.json" 2>/dev/null
# the weight and count of a folded line of stacks --json, the weight as the page prints it (us)
line() { json "$tmp/off.json" "[('%d.%03d %d' % (l['value'] // 1000, l['value'] % 1000, l['count'])) for l in j['stacks']['lines'] if l['folded'] == '$1'][0]"; }
read -r stk_us stk_n <<<"$(line "$blocked")"
read -r ns_us ns_n <<<"$(line '[no stack]')"
is "$stk_us $stk_n $ns_us $ns_n" "0.200 1 1.000 2" \
	"stacks --json: 5's stack 200 ns in 1 interval; [no stack] 1000 ns in 2 (5 and 6 to the end)"

tui_start k 200 30 -- --symfs "$tmp/root" "$tmp/t"
ok $? "the TUI starts (--symfs)"
# a tree line: count, time, share, the frame indented by its depth, its marker
row() { printf '^ +%s +%s +[0-9.]+  %*s%s %s *$' "$1" "$(tui_re "$2")" "$((2 * $3))" "" "$(tui_re "$4")" "$(tui_re "$5")"; }
tui_key k S && tui_wait k '^Off-CPU stacks of the window .*: 3 blocked intervals; top down' >/dev/null &&
	tui_wait k "$(row "$ns_n" "$ns_us" 0 ' ' '[no stack]')" >/dev/null &&
	tui_wait k "$(row "$stk_n" "$stk_us" 0 + main+0x4)" >/dev/null
ok $? "S: the off-CPU call tree of the window, its roots with the numbers of stacks --json, heaviest first" ||
	diag "$(tui_screen k)"
is "$(tui_screen k | grep -o -E '\[no stack\]|main\+0x4' | tr '\n' ' ')" "[no stack] main+0x4 " \
	"[no stack] (1000 ns) above main+0x4 (200 ns), on the lines after the header"
is "$(tui_screen k | grep -n -E '^ +count +blocked_us' | cut -d: -f1)" \
	"$(( $(tui_screen k | grep -n -F '[no stack]' | cut -d: -f1) - 1 ))" "the heaviest root first, under the header"

tui_input k / do_read && tui_wait k "$(row 1 "$stk_us" 3 + do_read+0x4)" >/dev/null &&
	tui_wait k "$(row 1 "$stk_us" 1 - serve+0x4)" >/dev/null &&
	tui_wait k "$(row 1 "$stk_us" 2 - wait_request+0x4)" >/dev/null
ok $? "/ do_read: the frame found, its callers opened (main;serve;wait_request;do_read: 200 ns, 1 interval)" ||
	diag "$(tui_screen k)"
tui_key k Enter && tui_wait k "$(row 1 "$stk_us" 4 + pipe_read+0x20)" >/dev/null &&
	tui_wait k "$(row 1 "$stk_us" 3 - do_read+0x4)" >/dev/null
ok $? "Enter expands it: the kernel frame it called, pipe_read" || diag "$(tui_screen k)"
tui_key k Enter && tui_wait_gone k 'pipe_read' >/dev/null
ok $? "Enter again collapses it"
tui_input k / schedule && tui_wait k "$(row 1 "$stk_us" 5 ' ' schedule+0x10)" >/dev/null
ok $? "/ schedule: the innermost frame, 5 deep" || diag "$(tui_screen k)"
tui_input k / no_such_frame && tui_wait k 'no frame holds "no_such_frame"' >/dev/null
ok $? "a frame not there: said"

tui_key k K && tui_wait k '^Wakeup stacks of the window .*: 1 wakeups; top down' >/dev/null &&
	tui_wait k "$(row 1 1 0 + main+0x4)" >/dev/null
ok $? "K: the wakeup stacks, 6's one wakeup under main" || diag "$(tui_screen k)"
tui_input k / notify && tui_wait k "$(row 1 1 1 + notify+0x4)" >/dev/null
ok $? "/ notify: the waker's frame" || diag "$(tui_screen k)"
tui_key k i && tui_wait k '^Wakeup stacks .*; inverted' >/dev/null &&
	tui_wait k "$(row 1 1 0 + try_to_wake_up+0x8)" >/dev/null
ok $? "i: inverted, the innermost frame (try_to_wake_up) a root" || diag "$(tui_screen k)"
tui_key k i K && tui_wait k '^Off-CPU stacks .*; top down' >/dev/null
ok $? "i K: off-CPU, top down again"
tui_key k Escape && tui_wait_gone k '^Off-CPU stacks' >/dev/null && tui_wait k '^    pid task ' >/dev/null
ok $? "Esc closes the page: view 1 again"

# view 6: the stack of the selected event on the info line
tui_key k 6 && tui_input k g 0.0000001 && tui_wait k "^stack: $(tui_re "$blocked")\$" >/dev/null &&
	tui_wait k 'sched.*5.*6' >/dev/null
ok $? "view 6, the switch-out of 5 selected: its stack, named" || diag "$(tui_screen k)"
tui_key k j && tui_wait k "^stack: $(tui_re "$blocked")\$" >/dev/null
ok $? "its stack record selected: the same stack" || diag "$(tui_screen k)"
tui_input k g 0.0000003 && tui_wait k "^stack: $(tui_re "$waker")\$" >/dev/null
ok $? "6's wakeup of 5 selected: the waker's stack" || diag "$(tui_screen k)"
tui_input k g 0 && tui_wait_gone k '^stack: ' >/dev/null
ok $? "an event without a stack: no stack line" || diag "$(tui_screen k)"

# view 1: the selected task blocked at the cursor, the stack of the switch-out that began it
tui_key k 1 && tui_input k g 0.0000002
for i in 1 2 3 4 5 6; do
	tui_screen k | grep -q '^5 server: ' && break
	tui_key k j
done
tui_wait k "^5 server: blocked.* \\| stack: $(tui_re "$blocked")" >/dev/null
ok $? "view 1, 5 selected, blocked at the cursor: its off-CPU stack on the info line" ||
	diag "$(tui_screen k)"
tui_input k g 0.00000035 && tui_wait k '^5 server: ' >/dev/null && tui_wait_gone k '\| stack: ' >/dev/null
ok $? "runnable at 350 ns: no stack" || diag "$(tui_screen k)"

# the selection A-B: [200, 700) ns clips 5's stacked block to [200, 300)
tui_input k g 0.0000002 && tui_key k m && tui_input k g 0.0000007 && tui_key k M &&
	tui_key k S && tui_wait k '^Off-CPU stacks of A-B ' >/dev/null
ok $? "markers A-B, S: the stacks of the selection"
$tv stacks --kind offcpu --symfs "$tmp/root" --window 0.0000002:0.0000007 --json "$tmp/t" >"$tmp/off.json" 2>/dev/null
read -r w_us w_n <<<"$(line "$blocked")"
is "$w_us $w_n" "0.100 1" "stacks --window 0.0000002:0.0000007: 5's stack 100 ns"
tui_wait k "$(row "$w_n" "$w_us" 0 + main+0x4)" >/dev/null
ok $? "the page's main+0x4 has the same numbers" || diag "$(tui_screen k)"
tui_quit k
ok $? "q quits"

# --- the fold as a long pass: its progress, Esc ------------------------------
# 6000 rounds of 5 events (7 steps of the fold, one every 4096 events; the
# reading's first step is at 65536), as gtk-flame.t's: 5 blocks in one of
# two stacks, 6 wakes it from one of two.  The fold is held at its first
# progress step (LTTR_TEST_HOLD_PROGRESS, src/reader/progress-hold.c) while
# the file LTTR_TEST_HOLD_RELEASE names is absent, until Esc cancels it:
# the machine's speed does not decide whether Esc comes in time.  The file
# there and empty, every pass goes to its end (the reading of the trace,
# the folds the test lets finish).
{
	echo "header format=1.8 stacks=schedchange,wakeup end=1000600000"
	echo "proc PID: 5; PPID: 1; TGID: 5; NAME: server"
	echo "proc PID: 6; PPID: 1; TGID: 6; NAME: notifier"
	awk 'BEGIN { t = 1000000000
		for (i = 0; i < 6000; i++) {
			if (i % 100 == 0) printf "buf cpu=0 start=%d pid=5\n", t
			u = i % 2 ? "0x401030" : "0x401060"
			printf "%d sched 5 6 1\n%d stack 5 schedchange 0 1 2 0xffffffff81000010 %s 0x401040\n", t, t, u
			printf "%d wakeup 5 0 0\n%d stack 6 wakeup 0 1 2 0xffffffff81000108 %s 0x401050\n", t + 50, t + 50, i % 3 ? "0x401090" : "0x401080"
			printf "%d sched 6 5 0\n", t + 60
			t += 100 } }'
} | $gen "$tmp/big"
ok $? "a trace of 30000 events with off-CPU and wakeup stacks"
# the count of the stacks of KIND in the whole trace, as stacks --json gives them
count() { $tv stacks --kind "$1" --json "$tmp/big" 2>/dev/null | python3 -c 'import json, sys
print(sum(l["count"] for l in json.load(sys.stdin)["stacks"]["lines"]))'; }
n_off=$(count offcpu) && n_wk=$(count wakeup)
ok $? "stacks --json: $n_off off-CPU intervals, $n_wk wakeups"
okscr() { local st=$?; ok $st "$2"; [ $st = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; }
bar='[0-9]+% \[[#.]+\] Esc cancels$'
: > "$tmp/release"
tui_start b 160 30 LTTR_TEST_HOLD_PROGRESS=1 LTTR_TEST_HOLD_RELEASE="$tmp/release" -- "$tmp/big" &&
	tui_wait b '^    pid task ' >/dev/null
okscr b "the TUI starts on it (the reading let go), view 1"
rm "$tmp/release"
tui_send b S && tui_wait b "^folding the offcpu stacks of the window \(a pass of the accounting\) +$bar" >/dev/null
okscr b "S, the fold held: its progress on the last line, Esc cancels"
tui_send b Escape && tui_wait b '^the stacks: canceled \(S: again\)' >/dev/null &&
	tui_wait b '^    pid task ' >/dev/null && tui_wait_gone b '^Off-CPU stacks' >/dev/null
okscr b "Esc: canceled, said; no tree before: the page stays shut, view 1 shown"
touch "$tmp/release"
tui_key b S && tui_wait b "^Off-CPU stacks of the window .*: $n_off blocked intervals; top down" >/dev/null
okscr b "S, let go: the off-CPU tree, $n_off intervals as stacks --json"
head=$(tui_screen b | grep '^Off-CPU stacks of ')
rows=$(tui_screen b | grep -E '^ +[0-9]+ +[0-9.]+ +[0-9.]+  ')
rm "$tmp/release"
tui_send b K && tui_wait b "^folding the wakeup stacks of the window \(a pass of the accounting\) +$bar" >/dev/null
okscr b "K, the wakeup fold held: its progress"
tui_send b Escape && tui_wait b '^the stacks: canceled, the tree before kept \(S: again\)' >/dev/null
okscr b "Esc: canceled, said"
[ "$(tui_screen b | grep '^Off-CPU stacks of ')" = "$head" ] &&
	[ "$(tui_screen b | grep -E '^ +[0-9]+ +[0-9.]+ +[0-9.]+  ')" = "$rows" ] && [ -n "$rows" ]
okscr b "  the off-CPU tree before kept, its header and rows the same"
touch "$tmp/release"
tui_key b K && tui_wait b "^Wakeup stacks of the window .*: $n_wk wakeups; top down" >/dev/null
okscr b "K, let go: the wakeup tree, $n_wk wakeups as stacks --json"
is "$(tui_quit b)" 0 "q: status 0"
done_testing
