#!/bin/bash
# The tooltip of tracevisualizer-gtk's control flow graph names the file a
# syscall works on (gtk/filetip.c over lttr_view_state_file()): the
# pointer over a task blocked in a read of a descriptor its parent opened
# before forking it, running in a write to a file it opened itself, and
# over a nanosleep (no file); the tooltip's text is read back through
# AT-SPI (tests/lib/gtkfiletip.py) and compared with what dump --json says
# of the same trace.  The text-mode analyzer says the same on its line of
# the state under the cursor (tests/lib/tui.sh).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
. "$(dirname "$0")/../lib/tui.sh"
gtk_tmp

# One CPU for 8 ms: a shell (10) opens /data/input.csv and forks a reader
# (20, named shell too: it does not exec), which in each round reads it
# (blocked until woken), opens /tmp/out-N.txt, writes to it, closes it and
# sleeps.
cat > "$tmp/gen.py" <<'PY'
T0, US = 3000000000, 1000
out = []
p = out.append
p("header ncpus=1 start=%d end=%d events=all" % (T0, T0 + 8200 * US))
p("proc PID: 1; PPID: 0; TGID: 1; NAME: init")
p("proc PID: 10; PPID: 1; TGID: 10; NAME: shell")
p("buf cpu=0 start=%d pid=10" % T0)
p("%d start 10 0" % T0)
p("%d syscall_entry 2" % (T0 + 20 * US))
p("%d fs_open 3 0 0 /data/input.csv" % (T0 + 30 * US))
p("%d syscall_exit 2 3" % (T0 + 40 * US))
p("%d syscall_entry 57" % (T0 + 50 * US))
p("%d fork 10 20 20 0 0" % (T0 + 60 * US))
p("%d syscall_exit 57 20" % (T0 + 70 * US))
p("%d syscall_entry 61" % (T0 + 80 * US))
p("%d sched 10 20 1" % (T0 + 90 * US))
for i in range(4):
    b = T0 + 100 * US + i * 2000 * US
    p("%d syscall_entry 0" % b)
    p("%d sched 20 0 1" % (b + 50 * US))
    p("%d wakeup 20 0 0" % (b + 400 * US))
    p("%d sched 0 20 0" % (b + 410 * US))
    p("%d fs_read 3 4096 4096" % (b + 500 * US))
    p("%d syscall_exit 0 4096" % (b + 510 * US))
    p("%d syscall_entry 2" % (b + 600 * US))
    p("%d fs_open %d 577 420 /tmp/out-%d.txt" % (b + 610 * US, 4 + i % 2, i))
    p("%d syscall_exit 2 %d" % (b + 620 * US, 4 + i % 2))
    p("%d syscall_entry 1" % (b + 700 * US))
    p("%d fs_write %d 4096 4096" % (b + 990 * US, 4 + i % 2))
    p("%d syscall_exit 1 4096" % (b + 1000 * US))
    p("%d syscall_entry 3" % (b + 1100 * US))
    p("%d fs_close %d" % (b + 1110 * US, 4 + i % 2))
    p("%d syscall_exit 3 0" % (b + 1120 * US))
    p("%d syscall_entry 35" % (b + 1200 * US))
    p("%d sched 20 0 1" % (b + 1210 * US))
    p("%d wakeup 20 0 0" % (b + 1900 * US))
    p("%d sched 0 20 0" % (b + 1910 * US))
    p("%d syscall_exit 35 0" % (b + 1990 * US))
print("\n".join(out))
PY
$PY "$tmp/gen.py" | $gen "$tmp/t" && $tv check "$tmp/t" > /dev/null
ok $? "the trace is written and conserves time"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/t.png" \
	--dump-cells "$tmp/t.cells.json" "$tmp/t" 2> "$tmp/shot.err"
ok $? "a screenshot with --dump-cells (the rows' order)"

checks < <(PYTHONPATH=tests/lib timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkfiletip.py "$gtk" "$tmp/t" "$tmp/t.cells.json" 2> "$tmp/err" |
	grep -v '^SpiRegistry daemon')
no_gtk_warnings "$tmp/err" "$tmp/shot.err"

# the text-mode analyzer: the line under the graph, of the reader's row at
# the cursor, in the first read (blocked) and in the first write
command -v tmux > /dev/null || { skip_missing "tmux missing (scripts/setup-deps)"; done_testing; exit; }
tui_setup "$tmp/tui"
tui_start f 160 30 -- "$tmp/t"
ok $? "tracevisualizer tui on the trace"
for i in 1 2 3 4 5; do
	[[ $(tui_line f 29) =~ ^20\ shell: ]] && break
	tui_key f j
done
tui_input f g 0.0003
okline() { tui_wait f "$1" 5 > /dev/null; ok $? "$2" || diag "line: $(tui_line f 29)"; }
okline '^20 shell: blocked [a-z]+ in read .* on file /data/input\.csv \(fd 3\)' \
	"at 0.3 ms the reader's line: blocked in read on file /data/input.csv (fd 3), the shell's open before the fork"
tui_input f g 0.00095
okline '^20 shell: syscall write .* on file /tmp/out-0\.txt \(fd 4\)' \
	"at 0.95 ms: in write on file /tmp/out-0.txt (fd 4)"
tui_input f g 0.0016
okline '^20 shell: blocked [a-z]+ in nanosleep [0-9.]+\.\.[0-9.]+ \([^)]*\) \| event' \
	"at 1.6 ms: in nanosleep, no file"
tui_quit f > /dev/null
done_testing
