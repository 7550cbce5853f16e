#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tracevisualizer-gtk's Flame graph tab (gtk/flame.c) against
# "tracevisualizer stacks --json" of the same trace and window (issue 28,
# docs/stacks.md "The window's flame graph"): a hand-built 1.10 trace
# with off-CPU, wakeup, sample and read-entry stacks whose frames are
# addresses (no symbol files).  A screenshot with --view flame, checked by
# what the tab drew (--dump-flame: each box's library values, exactly the
# JSON's "flame" array, and its rectangle, the library's x and w scaled)
# and by its pixels.  Then the window used (tests/lib/gtkflame.py drive):
# S shows the tab, a click zooms to a frame and one on its faded parent
# back out, / and a text highlight the frames and say their share, the
# kinds wakeup, cpu and syscall:read typed fold those; each state read
# from the dump written after each draw (LTTR_GTK_FLAME_DUMP) and from
# the screen's pixels.  Then the stack of a blocked interval in the
# control flow's tooltip and of the selected switch-out in the events
# list's details.  Then the fold as a long pass, on a trace of 30000
# events with stacks (tests/lib/gtkflame.py progress): held at its second
# progress step by the library's test hook (LTTR_TEST_HOLD_PROGRESS), the
# window's "Working" dialog and its bar, moved forward a step; Cancel
# keeps the graph before and says so; let go, the new kind's graph is
# stacks --json's.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
. "$TOP/tests/lib/stacks-big.sh"
gtk_tmp
tvb=$TOP/tracevisualizer/build/tracevisualizer
screen="-screen 0 1280x1000x24"
export PYTHONPATH=$TOP/tests/lib
win=0:0.000003

# server 5 blocks in main;serve;wait_request;do_read (0x401040 0x401030
# 0x401020 0x401010) then in main;serve;do_sleep (0x401060); notifier 6
# in main;notify_wait (0x401050) and wakes 5 from main;notify_wait;
# notify (0x401090); samples in compute (0x401070) and 0x401080; two
# reads entered from do_read and do_sleep
$gen "$tmp/t" <<'DESC'
header format=1.10 samplehz=997 stacks=schedchange,wakeup,sample,syscall_entry stacksys=0 end=1000003000
proc PID: 5; PPID: 1; TGID: 5; NAME: server
proc PID: 6; PPID: 1; TGID: 6; NAME: notifier
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000050 syscall_entry 0
1000000050 stack 5 syscall_entry 0 0 4 0x401010 0x401020 0x401030 0x401040
1000000060 sample 5 0x401070 1
1000000060 stack 5 sample 0 0 3 0x401070 0x401030 0x401040
1000000090 syscall_exit 0 0
1000000100 sched 5 6 1
1000000100 stack 5 schedchange 0 2 4 0xffffffff81000010 0xffffffff81000220 0x401010 0x401020 0x401030 0x401040
1000000200 sample 6 0x401080 1
1000000200 stack 6 sample 0 0 3 0x401080 0x401050 0x401040
1000000300 wakeup 5 0 0
1000000300 stack 6 wakeup 0 2 3 0xffffffff81000108 0xffffffff81000308 0x401090 0x401050 0x401040
1000000400 sched 6 5 1
1000000400 stack 6 schedchange 0 2 2 0xffffffff81000010 0xffffffff81000330 0x401050 0x401040
1000000500 syscall_entry 0
1000000500 stack 5 syscall_entry 0 0 3 0x401060 0x401030 0x401040
1000000520 syscall_exit 0 0
1000000600 sample 5 0x401070 1
1000000600 stack 5 sample 0 0 3 0x401070 0x401030 0x401040
1000001000 sched 5 0 1
1000001000 stack 5 schedchange 0 2 3 0xffffffff81000010 0xffffffff81000440 0x401060 0x401030 0x401040
1000001500 wakeup 6 0 0
1000001600 sched 0 6 0
1000002000 wakeup 5 0 0
1000002000 stack 6 wakeup 0 2 3 0xffffffff81000108 0xffffffff81000308 0x401090 0x401050 0x401040
1000002100 sched 6 5 1
DESC
$tvb check "$tmp/t" >/dev/null
ok $? "the trace is written, and it conserves time"
for k in offcpu wakeup cpu syscall:read; do
	$tvb stacks --kind $k --window $win --json "$tmp/t" >"$tmp/${k/:/-}.json" 2>/dev/null || break
done
ok $? "stacks --json of each kind over the window"
$tvb stacks --kind offcpu --pid 5 --window $win --json "$tmp/t" >"$tmp/offcpu-5.json" 2>/dev/null
ok $? "and of the server's off-CPU stacks alone (--pid 5)"

timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1000 --view flame --window $win \
	--screenshot "$tmp/shot.png" --dump-flame "$tmp/dump.json" "$tmp/t" 2>"$tmp/shot.err"
ok $? "a screenshot of the Flame graph tab, and what it drew"
! grep -E 'CRITICAL|WARNING' "$tmp/shot.err" >/dev/null
ok $? "without GTK warnings"
checks < <($PY tests/lib/gtkflame.py shot "$tmp/shot.png" "$tmp/dump.json" "$tmp/offcpu.json")

# where the control flow's rows are at this size (the driver hovers one)
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1000 --window $win \
	--screenshot "$tmp/flow.png" --dump-cells "$tmp/cells.json" "$tmp/t" 2>>"$tmp/shot.err"
ok $? "a screenshot of the control flow, and where its rows are"
checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkflame.py drive "$gtk" "$tmp/t" "$win" "$tmp" "$tmp" 2>"$tmp/atspi.err" |
	grep -v '^SpiRegistry daemon')
# GTK 3.24's own complaint on closing the window while AT-SPI listens (see
# gtk-window.t) is ignored; no other warning may come
grep -E 'CRITICAL|WARNING' "$tmp/atspi.err" "$tmp/drive.log" |
	grep -v "gtk_notebook_get_tab_label: assertion 'list != NULL' failed" > "$tmp/warn.txt"
[ ! -s "$tmp/warn.txt" ]
ok $? "no GTK warning or critical from the window (but GTK's own on closing it)"
[ -s "$tmp/warn.txt" ] && diag "$(head -5 "$tmp/warn.txt")"

# 30000 events with stacks (tests/lib/stacks-big.sh)
stacks_big "$tmp/big"
ok $? "a trace of 30000 events with off-CPU and wakeup stacks"
bigwin=0:0.0006
mkdir -p "$tmp/bigj"
for k in offcpu wakeup; do
	$tvb stacks --kind $k --window $bigwin --json "$tmp/big" >"$tmp/bigj/$k.json" 2>/dev/null || break
done
ok $? "its stacks --json, offcpu and wakeup"
LTTR_TEST_HOLD_PROGRESS=2 LTTR_TEST_HOLD_RELEASE="$tmp/release" \
	timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkflame.py progress "$gtk" "$tmp/big" $bigwin "$tmp" "$tmp/bigj" \
	2>"$tmp/atspi2.err" | grep -v '^SpiRegistry daemon' > "$tmp/result2"
checks < "$tmp/result2"
no_gtk_warnings "$tmp/atspi2.err" "$tmp/progress.log"
done_testing
