#!/bin/bash
# The files the front ends write beside a trace follow the trace's own
# mode and owner, not the umask (issue 36, item 5): a trace is 0600 (0640
# and a group with traced -g), and bookmarks.json (the terminal analyzer's
# b, the window's markers) and the window's session.json say where its
# user looked.  With umask 022 they were 0644.  Both front ends, as a
# person uses them: the TUI in tmux (b NAME Enter, q), the window under
# Xvfb (Ctrl+Q saves the session), for a 0600 trace and a 0640 one of
# another group.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
umask 022
gtk=$TOP/tracevisualizer/tracevisualizer-gtk
havegtk=1
for c in xvfb-run xdotool dbus-run-session; do command -v $c >/dev/null || havegtk=; done
/usr/bin/python3 -c 'import gi; gi.require_version("Atspi", "2.0"); from gi.repository import Atspi' \
	2>/dev/null || havegtk=
unset GTK_A11Y NO_AT_BRIDGE	# the accessibility bridge on: tests/lib/gtkdrive.py reads through it
[ -x "$gtk" ] || havegtk=

cat > "$tmp/desc" <<'DESC'
header ncpus=1 end=1010000000 events=all
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 10; PPID: 1; TGID: 10; NAME: zip
buf cpu=0 start=1000000000 pid=10
1000000000 start 10 0
1004000000 sched 10 1 0
1008000000 sched 1 10 0
DESC
"$gen" "$tmp/t" < "$tmp/desc"
ok $? "the trace is written"
# a group this user is not in when root (a non-root user: its own)
if [ "$(id -u)" = 0 ]; then grp=$(getent group daemon | cut -d: -f3); grp=${grp:-1}; else grp=$(id -g); fi

# modes DIR : "mode group" of each file the front ends wrote there
modes() {
	local f
	for f in "$@"; do stat -c '%a %g' "$f" 2>/dev/null || echo "missing $f"; done
}
# mkcase NAME FILEMODE DIRMODE [GROUP] : a copy of the trace with that mode
mkcase() {
	cp -r "$tmp/t" "$tmp/$1" && rm -f "$tmp/$1"/*.json &&
		chmod "$2" "$tmp/$1"/* && chmod "$3" "$tmp/$1" &&
		{ [ -z "${4:-}" ] || chgrp -R "$4" "$tmp/$1"; }
}

for c in "600 700" "640 750 $grp"; do
	set -- $c
	fm=$1 dm=$2 g=${3:-$(stat -c %g "$tmp/t/events")}
	mkcase "tui$fm" "$fm" "$dm" ${3:-}
	tui_start "b$fm" 100 30 -- "$tmp/tui$fm" &&
		tui_input "b$fm" b "look here" &&
		tui_wait "b$fm" "^bookmark \"look here\" at .* saved in $tmp/tui$fm/bookmarks.json\$" > /dev/null
	ok $? "TUI, a $fm trace: b NAME Enter saves the bookmark"
	tui_quit "b$fm" > /dev/null
	is "$(modes "$tmp/tui$fm/bookmarks.json")" "$fm $g" \
		"TUI: bookmarks.json has the trace's mode $fm and group $g (umask 022)"

	if [ -z "$havegtk" ]; then
		skip_missing "the window: xvfb-run, xdotool, dbus-run-session, python3-gi with AT-SPI or tracevisualizer-gtk missing"
		continue
	fi
	mkcase "gtk$fm" "$fm" "$dm" ${3:-}
	mkdir -m 700 "$tmp/run$fm"
	# Ctrl+Q once the trace is open, its graph and status bar up (the
	# window shows before the trace is read, and a Ctrl+Q meanwhile quits
	# with no session to save: a clean-clone run of 2026-11-30 sent it
	# that early on a loaded machine and found no session.json)
	XDG_RUNTIME_DIR=$tmp/run$fm GTK_THEME=Adwaita timeout 120 dbus-run-session -- \
		xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/python3 - "$gtk" "$tmp/gtk$fm" \
		> "$tmp/gtk$fm.out" 2>&1 <<'PY'
import sys
sys.path.insert(0, 'tests/lib')
from gtkdrive import Window
w = Window(sys.argv[1], ['--size', '1280x800', sys.argv[2]])
w.up()
print('exit', w.quit())
PY
	grep -q '^PASS the window is up' "$tmp/gtk$fm.out" ||
		diag "the window: $(head -c 300 "$tmp/gtk$fm.out")"
	is "$(modes "$tmp/gtk$fm/session.json" "$tmp/gtk$fm/bookmarks.json" | tr '\n' ' ')" "$fm $g $fm $g " \
		"window: session.json and bookmarks.json have the trace's mode $fm and group $g (umask 022)"
done
done_testing
