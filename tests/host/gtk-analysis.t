#!/bin/bash
# tracevisualizer-gtk's process analysis and statistics (gtk/procs.c,
# gtk/stats.c) against the command line, on a synthetic trace whose calls
# the generator lists (tests/lib/gtktrace.py): two processes, one with two
# threads, reads spread over many log2 buckets, opens, a sleep, a futex,
# a local timer irq with a softirq.
#
# Read back through AT-SPI (tests/lib/gtkcheck.py): every row of the
# processes table (all processes, each process, its threads) shows the
# figures of processes --json as the CLI's table prints them, sorted by a
# column with the tree kept; the pages of a process, a thread and all
# processes show their time to the nanosecond, their syscalls and the
# files they opened; the statistics page opens on the most frequent
# syscall, a click on a bar lists that bucket's calls, a double-click on
# one moves the window, the cursor and the selection.  Then a screenshot
# of the statistics: a bar where the library's histogram counts calls and
# nowhere else, in bucket order, taller for more calls.  The instances of
# every bucket are checked exactly by utest/test-instances.c.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
tv=tracevisualizer
screen="-screen 0 1400x1100x24"

$PY tests/lib/gtktrace.py --expect "$tmp/reads.txt" > "$tmp/desc" && $gen "$tmp/t" < "$tmp/desc"
ok $? "the trace is written"
$tv check "$tmp/t" > /dev/null
ok $? "and conserves time (tracevisualizer check)"
$tv processes --json "$tmp/t" > "$tmp/processes.json" &&
	$tv processes --threads --json "$tmp/t" > "$tmp/threads.json" &&
	$tv syscalls --json "$tmp/t" > "$tmp/syscalls.json" &&
	$tv irqs --json "$tmp/t" > "$tmp/irqs.json" &&
	$tv summary --time --json "$tmp/t" > "$tmp/summary.json" &&
	$tv dump --json --filter 'type == fs_open' "$tmp/t" > "$tmp/opens.json"
ok $? "processes, threads, syscalls, irqs, summary --time and the opens, in JSON"

# (the accessibility registry, started on the bus, says hello on stdout)
checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkcheck.py "$gtk" "$tmp/t" "$tmp" "$tmp/reads.txt" 2> "$tmp/atspi.err" |
	grep -v '^SpiRegistry daemon')
! grep -E 'CRITICAL|WARNING' "$tmp/atspi.err" > "$tmp/warn.txt"
ok $? "no GTK warning or critical meanwhile"
[ -s "$tmp/warn.txt" ] && diag "$(head -5 "$tmp/warn.txt")"

timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1000 --view stats \
	--screenshot "$tmp/stats.png" "$tmp/t" 2> "$tmp/shot.err"
ok $? "a screenshot of the statistics"
! grep -E 'CRITICAL|WARNING' "$tmp/shot.err" >/dev/null
ok $? "without GTK warnings"
checks < <(PYTHONPATH=tests/lib $PY - "$tmp/stats.png" "$tmp/syscalls.json" <<'PY'
import json, sys
from PIL import Image
from gtkhist import check_bars

sc = json.load(open(sys.argv[2]))['syscalls']
# the page opens on the most frequent syscall of all processes
name, top = max(sc.items(), key=lambda kv: kv[1]['count'])
check_bars(Image.open(sys.argv[1]).convert('RGB'), top['latency']['log2_hist'], name)
print("DONE")
PY
)
done_testing
