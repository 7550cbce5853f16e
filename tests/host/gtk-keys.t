#!/bin/bash
# The keymap (lttr/view/keys.h, issue 36 item 12) in the window, as a
# person uses it, under Xvfb: every key that the keymap binds in both
# front ends pressed with xdotool and its effect read back through AT-SPI
# (tests/lib/gtkkeys.py says what each key must do and how it is
# checked), on the trace tests/host/tui-keys.t acts on in the TUI: the
# same key, the same effect. A key of the table without a case fails.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

$PY tests/lib/gtkwtrace.py 8 > "$tmp/a.desc" && $gen "$tmp/a" < "$tmp/a.desc" &&
	$tv check "$tmp/a" > /dev/null
ok $? "the trace of the window's tests written (8 rounds), and it conserves time"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/a.png" \
	--dump-cells "$tmp/a.cells.json" "$tmp/a" 2> "$tmp/shot.err"
ok $? "a screenshot with --dump-cells (the rows' order)"
make -s -C tracevisualizer build/utest/test-keys >/dev/null &&
	tracevisualizer/build/utest/test-keys --markdown > "$tmp/keymap.md" &&
	PYTHONPATH=tests/lib $PY tests/lib/keyscheck.py both "$tmp/keymap.md" > "$tmp/both.txt" &&
	[ -s "$tmp/both.txt" ]
ok $? "the keys bound in both front ends, from the library's table ($(wc -l < "$tmp/both.txt"))"
. "$TOP/tests/lib/auditsession.sh"
audit_session "$tmp/au"
ok $? "the audit session of Ctrl+U and Enter (tests/lib/auditsession.sh)"
python3 tests/lib/vitalsgen.py --series "$tmp/vit"
ok $? "epoch files for the Vital signs window's t (vitalsgen.py --series)"
mkdir -p "$tmp/out"
checks < <(PYTHONPATH=tests/lib timeout 600 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkkeys.py "$gtk" "$tmp/a" "$tmp/a.cells.json" "$tmp/both.txt" "$tmp/out" "$tmp/au" \
	"$tmp/vit" 2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
no_gtk_warnings "$tmp/atspi.err" "$tmp/out/"*.log
done_testing
