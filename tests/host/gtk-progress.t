#!/bin/bash
# The long operations of tracevisualizer-gtk on a synthetic trace, under
# Xvfb, used as a person uses them (tests/lib/gtkprogress.py says each
# step): the reading of a trace shows its progress and Cancel stops it
# (an error dialog, the program stays up); read to its end, the status
# bar counts every event; a search through the whole trace shows its
# progress, Cancel stops it, run again it ends with "no match"; the
# Latency tab's pass the same (Cancel, then Compute again); Ctrl+W typed
# as a search starts closes the tab once the search is canceled, without
# taking the program down; the Paths tab's search for the paths (in a
# thread) the same way: its progress, Cancel, again to its end, Ctrl+W
# while it runs.  Every pass is held at its second progress step by the
# library's test hook (LTTR_TEST_HOLD_PROGRESS, docs/testing.md), moved
# forward a step at a time and let go by the script: the machine's speed
# never decides whether a pass is still running when Cancel comes.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

# 1000000 events: 15 steps of the reading (one every 65536 events), 56
# buffers (a search's steps), 244 steps of the latencies' pass (4096)
n=1000000
rm -rf "$tmp/big" "$tmp/out" && mkdir -p "$tmp/out"
$genbig -n $n "$tmp/big" > /dev/null 2>&1
events=$(tracevisualizer summary "$tmp/big" | sed -n 's/^Events: \([0-9]*\) .*/\1/p')
[ "$events" = $n ]
ok $? "gen-big: a trace of $n events (summary: $events)"
nlat=$(tracevisualizer latency --kind wakeup --worst 0 --json "$tmp/big" |
	$PY -c 'import json, sys; print(sum(g["distribution"]["count"] for g in json.load(sys.stdin)["groups"] if g["level"] == "all"))')
LTTR_TEST_HOLD_PROGRESS=2 LTTR_TEST_HOLD_RELEASE="$tmp/release" timeout 900 \
	dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
	$PY tests/lib/gtkprogress.py "$gtk" "$tmp/big" "$n" "$tmp/out" all "$nlat" \
	2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon' > "$tmp/result"
checks < "$tmp/result"

no_gtk_warnings "$tmp/atspi.err" "$tmp/out/"*.log
done_testing
