#!/bin/bash
# The window's Jobs tab (gtk/jobs.c; issue 34) as a person uses it, under
# Xvfb, on tests/lib/jobtrace.py's trace (8 jobs "ctl" every 10 ms, the
# 3rd and 6th robbed of 3 ms by a thief; 3 jobs "io" on the other CPU),
# read back through AT-SPI and the screen's pixels against "jobs --json"
# and "jobs --load --json" of the same trace (tests/lib/gtkjobs.py): the
# table of the instances, the graph's dots and deadline line, the CPU
# load's bars, the deadline typed in, an instance shown in the control
# flow by a double-click and by a click on its dot, the other name; at
# 1280x800 every row of the table, the graph and the load in sight; 5000
# jobs (tests/lib/manyjobs.py) in columns, the misses red, one clicked.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

$PY tests/lib/jobtrace.py > "$tmp/j.desc" && $gen "$tmp/j" < "$tmp/j.desc" &&
	$tv check "$tmp/j" > /dev/null
ok $? "the jobs trace written, and it conserves time"
$tv jobs --json "$tmp/j" > "$tmp/none.json" &&
	{ $tv jobs --json --deadline 4ms "$tmp/j" > "$tmp/dl.json"; [ $? = 3 ]; }
ok $? "jobs --json, and with --deadline 4ms (exit status 3)"
timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$gtk" --size 1280x800 --view jobs \
	--screenshot "$tmp/j.png" --dump-cells "$tmp/j.cells.json" "$tmp/j" 2> "$tmp/shot.err"
ok $? "a screenshot of the Jobs tab with --dump-cells (the rows' places)"
checks < <(PYTHONPATH=tests/lib timeout 300 dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
	$PY tests/lib/gtkjobs.py "$gtk" "$tmp/j" "$tmp" "$tmp/j.cells.json" \
	2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')

# 5000 jobs (tests/lib/manyjobs.py): the graph's columns, the misses red, a click on one
$PY tests/lib/manyjobs.py 5000 > "$tmp/m.desc" && $gen "$tmp/m" < "$tmp/m.desc" &&
	{ $tv jobs --json --deadline 100us "$tmp/m" > "$tmp/m.json"; [ $? = 3 ]; }
ok $? "a trace of 5000 jobs, 3 over 100 us"
checks < <(PYTHONPATH=tests/lib timeout 300 dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
	$PY tests/lib/gtkjobs.py --many "$gtk" "$tmp/m" "$tmp/m.json" "$tmp/gtkm.log" \
	2> "$tmp/atspim.err" | grep -v '^SpiRegistry daemon')
no_gtk_warnings "$tmp/atspi.err" "$tmp/shot.err" "$tmp/gtk.log" "$tmp/atspim.err" "$tmp/gtkm.log"
done_testing
