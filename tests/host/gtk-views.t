#!/bin/bash
# Views of tracevisualizer-gtk that tests/host/gtk-window.t does not
# reach, used as a person uses them under Xvfb (tests/lib/gtkviews.py:
# xdotool for the mouse and keys, AT-SPI and the screen's pixels to read
# back), on gtk-window.t's trace with a buffer of CPU 1 that lost events:
#   - the legend names every category the graph draws, each swatch in the
#     graph's colour (--dump-cells);
#   - the tooltip over a task's bar: the task, its state with the syscall,
#     start, end and duration of the state (dump's events);
#   - the overview histogram: the buffer that lost events marked in red
#     at its column and nowhere else; a drag on it makes the dragged span
#     the window of the other views, a click centres the window there
#     (status bar, viewport arithmetic of src/view/viewport.c);
#   - the events list and the graph follow each other: a click on the
#     graph selects the first event at or after the cursor in the list
#     (dump's order), Down in the list makes the next event's time the
#     cursor;
#   - the pane between graphs and tables: its handle dragged, the
#     position saved in the session beside the trace and restored when
#     the trace is opened again.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
screen="-screen 0 1280x800x24"

# gtkwtrace.py's trace; CPU 1's events from its 5th round on go into a
# second buffer that lost 7 events
$PY tests/lib/gtkwtrace.py 8 > "$tmp/w.desc"
at=$($PY -c 'print(1000000000 + 4 * 2000000 + 500000 + 4 * 11)')
awk -v at="$at" '$1 == at && !done { print "buf cpu=1 start=" at " lost=7"; done = 1 } { print }
	END { print "lost cpu=1 total=7 buffers=1 ev=1:7" }' "$tmp/w.desc" > "$tmp/v.desc"
grep -q "^buf cpu=1 start=$at lost=7" "$tmp/v.desc" && $gen "$tmp/v" < "$tmp/v.desc" &&
	tracevisualizer check "$tmp/v" 2>&1 | grep -q ' 0 violations, ' &&
	! tracevisualizer summary "$tmp/v" 2>&1 | grep -qi warning
ok $? "the trace written, a buffer of CPU 1 starting at $at lost 7 events, no warning, time conserved"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/v.png" \
	--dump-cells "$tmp/v.cells.json" "$tmp/v" 2> "$tmp/shot.err"
ok $? "a screenshot with --dump-cells"
rm -f "$tmp/v/session.json"

mkdir -p "$tmp/out"
checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkviews.py "$gtk" "$tmp/v" "$tmp/v.cells.json" "$tmp/out" "$at" \
	2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
# opened again, in a session bus of its own
checks < <(timeout 120 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkviews.py "$gtk" "$tmp/v" "$tmp/v.cells.json" "$tmp/out" \
	"reopen:$(cat "$tmp/out/pane")" 2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
no_gtk_warnings "$tmp/atspi.err" "$tmp/out/"*.log
done_testing
