#!/bin/bash
# File -> Open and a second trace in a tab, used as a person uses them,
# under Xvfb: keys and clicks by xdotool, read back through AT-SPI
# (tests/lib/gtkopen.py says each step): Ctrl+T, Ctrl+L, the path typed,
# Return opens a second trace in a new tab, shown, its processes table
# exactly processes --json's; File -> Open trace... puts another in place
# of the tab shown; and through the same chooser, a folder without a
# trace, one whose header is garbage and one whose header is cut each
# give an error dialog with the reader's message, not a crash.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

for t in a:8 b:5 c:3; do
	$PY tests/lib/gtkwtrace.py "${t#*:}" > "$tmp/${t%:*}.desc" &&
		$gen "$tmp/${t%:*}" < "$tmp/${t%:*}.desc" && $tv check "$tmp/${t%:*}" > /dev/null
	ok $? "trace ${t%:*} written (${t#*:} rounds), and it conserves time"
done
# the broken ones: no trace at all, a garbage header, a header cut short
mkdir "$tmp/empty" "$tmp/garbage" "$tmp/cut" &&
	cp "$tmp/a/events" "$tmp/garbage/" && head -c 4096 /dev/urandom > "$tmp/garbage/header" &&
	cp "$tmp/a/"* "$tmp/cut/" && truncate -s 20 "$tmp/cut/header"
ok $? "three folders that are no trace: empty, garbage, cut"

checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkopen.py "$gtk" "$tmp/a" "$tmp/b" "$tmp/c" \
	"$tmp/empty" "$tmp/garbage" "$tmp/cut" 2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')

no_gtk_warnings "$tmp/atspi.err" "$tmp/open.log"
done_testing
