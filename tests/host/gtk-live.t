#!/bin/bash
# tracevisualizer-gtk --live DIR (gtk/live.c) under Xvfb, as a person uses
# it: a trace written a step at a time into DIR (tests/lib/livewrite.py),
# the window read back through AT-SPI after each step (tests/lib/gtklive.py):
# waiting said, a cut buffer waited for, following the present, Page_Up
# pausing while events come (counted below), End following again, a firing
# listed, two requests' firings with their side and peer (caller, peer
# 10.0.1.2:7201; callee, peer 10.0.1.1:50854) and the first without, the
# end; Ctrl+Q.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

{
	echo "header ncpus=2"
	t=1000000000
	for b in 1 2 3 4 5 6; do
		cpu=$(((b + 1) % 2))
		echo "buf cpu=$cpu start=$t pid=$((100 + cpu))"
		for i in 1 2 3 4 5; do
			t=$((t + 1000)); echo "$t syscall_entry 39"
			t=$((t + 500)); echo "$t syscall_exit 39 $((100 + cpu))"
		done
	done
	echo "$((t + 100)) exec 101 /bin/live-marker"
} > "$tmp/a.desc"
$gen "$tmp/A" < "$tmp/a.desc" && $tv dump "$tmp/A" > /dev/null
ok $? "a trace of 6 buffers, 61 events, written whole"
mkdir -p "$tmp/out"
checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtklive.py "$gtk" "$tmp/A" "$tmp/L" "$tmp/out" 2> "$tmp/atspi.err" |
	grep -v '^SpiRegistry daemon')
[ -n "$KEEP" ] && diag "screenshot: $tmp/out/gtk-live.png"
no_gtk_warnings "$tmp/atspi.err" "$tmp/out/gtk-live.log"
done_testing
