#!/bin/bash
# The long operations of tracevisualizer-gtk on a big synthetic trace,
# under Xvfb, used as a person uses them (tests/lib/gtkprogress.py says
# each step): the reading of a trace shows its progress and Cancel stops
# it (an error dialog, the program stays up); read to its end, the
# status bar counts every event; a search through the whole trace shows
# its progress, Cancel stops it, run again it ends with "no match"; the
# Latency tab's pass the same (Cancel, then Compute again); Ctrl+W
# typed as a search starts closes the tab once the search is canceled,
# without taking the program down; the Paths tab's search for the paths
# (in a thread) the same way: its progress, Cancel, again to its end,
# Ctrl+W while it runs.  Should a faster machine end the reading, the
# search or the latencies before they can be seen, a bigger trace is
# tried; the paths' search is held at its first progress step
# (LTTR_TEST_HOLD_PROGRESS, docs/testing.md) on a small trace instead.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

for n in 40000000 100000000; do
	rm -rf "$tmp/big" "$tmp/out" && mkdir -p "$tmp/out"
	$genbig -n $n "$tmp/big" > /dev/null 2>&1
	events=$(tracevisualizer summary "$tmp/big" | sed -n 's/^Events: \([0-9]*\) .*/\1/p')
	[ "$events" = $n ]
	ok $? "gen-big: a trace of $n events (summary: $events)"
	nlat=$(tracevisualizer latency --kind wakeup --worst 0 --json "$tmp/big" |
		$PY -c 'import json, sys; print(sum(g["distribution"]["count"] for g in json.load(sys.stdin)["groups"] if g["level"] == "all"))')
	last=; [ $n = 100000000 ] && last=1	# the biggest: no retry after it
	GTKPROGRESS_LAST=$last timeout 600 dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
		$PY tests/lib/gtkprogress.py "$gtk" "$tmp/big" "$n" "$tmp/out" unheld "$nlat" \
		2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon' > "$tmp/result"
	grep -q '^TOOFAST' "$tmp/result" || break
	grep '^TOOFAST' "$tmp/result" | sed 's/^TOOFAST /# too fast to be seen on this machine: /'
done
checks < "$tmp/result"

# the paths' search, held until Cancel (then released for the search to
# its end)
n=200000
rm -rf "$tmp/small" && $genbig -n $n "$tmp/small" > /dev/null 2>&1
ok $? "gen-big: a trace of $n events"
LTTR_TEST_HOLD_PROGRESS=1 LTTR_TEST_HOLD_RELEASE="$tmp/release" timeout 600 \
	dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
	$PY tests/lib/gtkprogress.py "$gtk" "$tmp/small" "$n" "$tmp/out" paths \
	2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon' > "$tmp/result"
checks < "$tmp/result"

no_gtk_warnings "$tmp/atspi.err" "$tmp/out/"*.log
done_testing
