#!/bin/bash
# The window of tracevisualizer-gtk used as a person uses it, under Xvfb:
# keys and clicks by xdotool, and after each action the window read back
# through AT-SPI (the status bar: cursor, window, events in the window,
# markers A and B and their difference) and from the screen, against
# exact values from the command line on the same trace
# (tests/lib/gtkwindow.py says what each step expects and how):
#   - w + s - a d 0 zoom and pan as the viewport's arithmetic says; the
#     wheel zooms at the pointer, Shift+wheel pans; a click places the
#     cursor at the time under it; m and M, a double-click and
#     Shift+double-click set markers A and B, "," and "." go to them;
#     Home and End; a drag then z zooms to the span dragged;
#   - a row selected by its label: Left and Right go to its previous and
#     next state change (dump's events), Up and Down to the rows as the
#     graph shows them (a tree by process, not pid order);
#   - Ctrl+F searches by a filter expression, Enter and Shift+Enter go to
#     dump --filter's matches;
#   - ? shows the keys; Ctrl+E and File -> Export write the graph as PNG
#     (the screen's pixels) and SVG;
#   - View -> Active rows only keeps the rows of the tasks that ran or
#     changed state in the window;
#   - two traces, two tabs, each with its own window, cursor, markers and
#     settings; Ctrl+W closes one; Ctrl+Q quits with status 0;
#   - a cut trace opens with a warning bar listing the reader's warnings
#     (and "warnings N (!)" in the status bar), an unreadable one gives an
#     error dialog with the reader's message (tests/lib/gtkbroken.py).
# Before that, a screenshot of each trace with --dump-cells (the cells the
# graph asked the library for) is checked column by column against the
# screen's colours, and says the rows' order.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
screen="-screen 0 1280x800x24"

# two traces: a (8 rounds) acted on, b (5 rounds) in a second tab
for t in a:8 b:5; do
	$PY tests/lib/gtkwtrace.py "${t#*:}" > "$tmp/${t%:*}.desc" &&
		$gen "$tmp/${t%:*}" < "$tmp/${t%:*}.desc" && tracevisualizer check "$tmp/${t%:*}" > /dev/null
	ok $? "trace ${t%:*} written (${t#*:} rounds), and it conserves time"
	timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/${t%:*}.png" \
		--dump-cells "$tmp/${t%:*}.cells.json" "$tmp/${t%:*}" 2> "$tmp/${t%:*}.shot.err"
	ok $? "${t%:*}: a screenshot with --dump-cells"
	! grep -E 'CRITICAL|WARNING' "$tmp/${t%:*}.shot.err" >/dev/null
	ok $? "${t%:*}: without GTK warnings"
done

# every pixel column of every row drawn in the screenshot has the colour
# of the category the library gave for that column
checks < <($PY tests/lib/gtkpixels.py "$tmp/a.png" "$tmp/a.cells.json" \
	"200 client:user,blocked sleep" "300 sleeper:blocked sleep" \
	"250 server:user,runnable" "100 server:user,blocked futex")
checks < <($PY -c 'import json, sys
r = [(x["id"], x["label"]) for x in json.load(open(sys.argv[1]))["rows"] if x["kind"] == "task"]
ids = [i for i, _l in r]
print("%s the rows are a tree by process: server 100, its thread 250 under it, then client 200, not in pid order (%s)" % (
    "PASS" if 100 in ids and ids.index(250) == ids.index(100) + 1 and ids.index(200) == ids.index(250) + 1 else "FAIL", r))
print("DONE")' "$tmp/a.cells.json")

mkdir -p "$tmp/out"
checks < <(timeout 600 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkwindow.py "$gtk" "$tmp/a" "$tmp/b" "$tmp/a.cells.json" "$tmp/b.cells.json" \
	"$tmp/out" 2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
# a damaged trace (its events cut inside a record) and an unreadable one
# (not an LTT header): the warning bar and the error dialog
cp -r "$tmp/a" "$tmp/cut" && truncate -s -37 "$tmp/cut/events" && rm -f "$tmp/cut/session.json" &&
	mkdir -p "$tmp/nohdr" && cp "$tmp/a/events" "$tmp/nohdr/" && printf 'LTT?????' > "$tmp/nohdr/header"
ok $? "a cut trace and one with a bad header, from a"
checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkbroken.py "$gtk" "$tmp/cut" "$tmp/nohdr" "$tmp/out" 2>> "$tmp/atspi.err" |
	grep -v '^SpiRegistry daemon')

no_gtk_warnings "$tmp/atspi.err" "$tmp/out/"*.log
done_testing
