#!/bin/bash
# tracevisualizer-gtk's Latency and Critical path tabs (gtk/latency.c,
# gtk/critpath.c) on the simulated two-CPU trace of utest/gen-sim, used as
# a person uses them under Xvfb and read back through AT-SPI and the
# screen's pixels (tests/lib/gtklatency.py), against latency --json,
# critical-path --json and the command line's text of the same trace:
#   - --screenshot --view latency: the histogram's bars are the first
#     group's log2 histogram (one per non-empty bucket, at its place,
#     its height the count on a log scale);
#   - the tab (--view latency): the table of groups row by row and column
#     by column, the first group's figures, histogram (on the screen),
#     worst instances and the first one's explanation (its totals and
#     pieces, in the command line's words); another instance explained;
#     a double-click shows it in the graphs (window, cursor); sorted by
#     count; a threshold (20us): the column over and the summary's count;
#     the syscalls (the kind chosen with the mouse): their table with the
#     threshold, their worst; a blocked piece double-clicked: the critical
#     path of the block (what the waker did) in the Critical path tab;
#   - the critical path of a task: C on the task selected in the processes
#     table, the process page's button, the control flow's right click,
#     each as critical-path --json (segments, totals) and its words; a
#     segment chosen moves the cursor to its start; the path drawn over
#     the control flow in its colour, gone once unchecked;
#   - a damaged trace: the tab's summary says its figures may be wrong.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
screen="-screen 0 1400x1100x24"
tv=tracevisualizer
ut=$TOP/tracevisualizer/build/utest
[ -x "$ut/gen-sim" ] || make -s -C tracevisualizer >/dev/null

"$ut/gen-sim" 6000 3 | "$ut/gen-trace" "$tmp/sim"
ok $? "the simulated trace (gen-sim | gen-trace)"
for k in wakeup syscall; do
	$tv latency --kind $k --worst 10 --explain --json "$tmp/sim" > "$tmp/$k.json" &&
		$tv latency --kind $k --worst 10 --explain "$tmp/sim" > "$tmp/$k.txt" || echo $k >> "$tmp/failed"
	$tv latency --kind $k --worst 10 --threshold 20us --json "$tmp/sim" > "$tmp/$k.thr.json"
	[ $? = 3 ] || echo "$k threshold" >> "$tmp/failed"
done
[ ! -s "$tmp/failed" ]
ok $? "latency --json and text of wakeup and syscall, and with --threshold 20us (exit status 3)"

timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1000 --view latency \
	--screenshot "$tmp/lat.png" --dump-cells "$tmp/cells.json" "$tmp/sim" 2> "$tmp/shot.err"
ok $? "a screenshot of the Latency tab (--view latency), with --dump-cells"
! grep -E 'CRITICAL|WARNING' "$tmp/shot.err" >/dev/null
ok $? "without GTK warnings"
checks < <($PY tests/lib/gtklatency.py png "$tmp/lat.png" "$tmp/wakeup.json")

# (the accessibility registry, started on the bus, says hello on stdout)
checks < <(cd "$tmp" && timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY "$TOP/tests/lib/gtklatency.py" window "$gtk" "$tmp/sim" "$tmp" "$tmp/cells.json" \
	2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
# a damaged trace: the tab says its figures may be wrong
cp -r "$tmp/sim" "$tmp/cut" && truncate -s $(( $(stat -c %s "$tmp/sim/events") / 2 + 100 )) "$tmp/cut/events"
checks < <(timeout 120 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtklatency.py warned "$gtk" "$tmp/cut" 2>> "$tmp/atspi.err" |
	grep -v '^SpiRegistry daemon')

# GTK 3.24's own complaint on closing a tab while AT-SPI listens (see
# gtk-window.t) is ignored; no other warning may come
grep -E 'CRITICAL|WARNING' "$tmp/atspi.err" "$tmp/gtk.log" |
	grep -v "gtk_notebook_get_tab_label: assertion 'list != NULL' failed" > "$tmp/warn.txt"
[ ! -s "$tmp/warn.txt" ]
ok $? "no GTK warning or critical meanwhile (but GTK's own on closing the window)"
[ -s "$tmp/warn.txt" ] && diag "$(head -5 "$tmp/warn.txt")"
done_testing
