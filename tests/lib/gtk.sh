# gtk.sh - sourced by the window's tests after tap.sh: skips the test
# unless Xvfb, a D-Bus session, xdotool and Debian's python3 with AT-SPI
# and Pillow are installed (scripts/setup-deps), builds the programs when
# they are missing, and sets PY (that python3), gtk (the program; the
# TRACEVISUALIZER_GTK environment variable names another), gen and genbig
# (the trace generators) and the environment the window is tested in.
PY=/usr/bin/python3
for c in xvfb-run dbus-run-session xdotool; do
	command -v $c >/dev/null || skip_all "$c missing (scripts/setup-deps)"
done
$PY -c 'import gi, PIL; gi.require_version("Atspi", "2.0"); from gi.repository import Atspi' \
	2>/dev/null || skip_all "python3-gi with AT-SPI 2.0, or Pillow, missing (scripts/setup-deps)"
gtk=${TRACEVISUALIZER_GTK:-$TOP/tracevisualizer/tracevisualizer-gtk}
gen=$TOP/tracevisualizer/build/utest/gen-trace
genbig=$TOP/tracevisualizer/build/utest/gen-big
[ -x "$gtk" ] && [ -x "$gen" ] && [ -x "$genbig" ] || make -s -C tracevisualizer >/dev/null
[ -x "$gtk" ] || skip_all "tracevisualizer-gtk not built"
unset GTK_A11Y NO_AT_BRIDGE	# the accessibility bridge on: the tests read through it
export GTK_THEME=Adwaita	# the colours the pixel checks expect

# gtk_tmp : $tmp, a folder removed at the end (kept with KEEP=1, to look
# at), $screen, the Xvfb screen of the tests, and $tv, the command line
gtk_tmp() {
	tmp=$(mktemp -d)
	trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
	screen="-screen 0 1280x800x24"
	tv=tracevisualizer
	# the accessibility bus's socket goes under the runtime folder (the
	# cache folder without one, shared by every test and session of the
	# user): each test gets its own
	export XDG_RUNTIME_DIR="$tmp/run"
	mkdir -m 700 "$XDG_RUNTIME_DIR"
}

# no_gtk_warnings FILE... : ok when no GTK warning or critical is in the
# FILEs, but GTK 3.24's own on closing a tab while AT-SPI listens (the
# page's accessible is asked for its state after its page left the
# notebook's list; wxWidgets issue 22176 shows the same stack): the
# program cannot avoid it
no_gtk_warnings() {
	grep -hE 'CRITICAL|WARNING' "$@" |
		grep -v "gtk_notebook_get_tab_label: assertion 'list != NULL' failed" > "$tmp/warn.txt"
	[ ! -s "$tmp/warn.txt" ]
	ok $? "no GTK warning or critical meanwhile (but GTK's own on closing a tab)"
	[ -s "$tmp/warn.txt" ] && diag "$(head -5 "$tmp/warn.txt")"
}
