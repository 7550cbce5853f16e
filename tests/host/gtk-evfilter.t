#!/bin/bash
# The column filters of tracevisualizer-gtk's events list (gtk/evfilter.c,
# events.c): a filter entry over each column, typed into as a person types
# (xdotool) and read back through AT-SPI (tests/lib/gtkcolfilter.py).  Each
# column's text is one comparison of the filter language, matched by the
# reader library: the list is compared with "tracevisualizer dump --json
# --filter" of the same expression, its count (the line above the list)
# and its rows (every column, consecutive, and dump's first ones after
# Home): the task name, the type and both (they are ANDed), the
# description (the filter field desc: the text dump prints), CPU and time
# range, pids and control events, an operator typed in front ("> 100"),
# the document's filter together with a column filter; File -> Export
# table as CSV writes the events the list shows; a click on a row
# of the narrowed list moves the cursor and keeps the row selected, End and
# Home in the graph select its last and first events;
# clearing restores every event; a bad text is said and changes nothing;
# the session keeps them and the next one narrows the list the same.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

# Two CPUs for 12 ms: a logger (300) opens its log, writes and closes it;
# a web server (100) and its worker thread (101) answer reads on CPU 1;
# a cron task (250) wakes now and then on CPU 0.
cat > "$tmp/gen.py" <<'PY'
import sys
T0, US = 2000000000, 1000
N = int(sys.argv[1])
out = []
p = out.append
p("header ncpus=2 start=%d end=%d events=all" % (T0, T0 + N * 80 * US + 500 * US))
for pid, tgid, name in ((1, 1, "init"), (100, 100, "httpd"), (101, 100, "httpd-worker"),
                        (250, 250, "cron"), (300, 300, "logger")):
    p("proc PID: %d; PPID: %d; TGID: %d; NAME: %s" % (pid, 0 if pid == 1 else 1, tgid, name))
p("buf cpu=0 start=%d pid=300" % T0)
p("%d start 300 0" % T0)
for i in range(N):
    b = T0 + i * 80 * US + 5 * US
    p("%d syscall_entry 2" % b)
    p("%d fs_open 5 1089 420 %s" % (b + 3 * US, "/var/log/app.log" if i % 5 else "/var/log/passwd.log"))
    p("%d syscall_exit 2 5" % (b + 6 * US))
    p("%d syscall_entry 1" % (b + 10 * US))
    p("%d fs_write 5 %d %d" % (b + 14 * US, 100 + i, 100 + i))
    p("%d syscall_exit 1 %d" % (b + 16 * US, 100 + i))
    p("%d syscall_entry 3" % (b + 20 * US))
    p("%d fs_close 5" % (b + 21 * US))
    p("%d syscall_exit 3 0" % (b + 22 * US))
    if i % 4 == 0:
        p("%d sched 300 250 0" % (b + 30 * US))
        p("%d syscall_entry 39" % (b + 32 * US))
        p("%d syscall_exit 39 250" % (b + 33 * US))
        p("%d sched 250 300 1" % (b + 40 * US))
p("buf cpu=1 start=%d pid=100" % T0)
p("%d start 100 1" % T0)
for i in range(N):
    b = T0 + i * 80 * US + 5 * US
    p("%d syscall_entry 0" % (b + 2 * US))
    p("%d fs_read 7 4096 %d" % (b + 8 * US, 512 + i))
    p("%d syscall_exit 0 %d" % (b + 9 * US, 512 + i))
    p("%d sched 100 101 0" % (b + 40 * US))
    p("%d syscall_entry 1" % (b + 42 * US))
    p("%d fs_write 8 64 64" % (b + 45 * US))
    p("%d syscall_exit 1 64" % (b + 46 * US))
    p("%d sched 101 100 0" % (b + 60 * US))
print("\n".join(out))
PY
$PY "$tmp/gen.py" 150 | $gen "$tmp/t" && $tv check "$tmp/t" > /dev/null
ok $? "the trace is written and conserves time"

checks < <(PYTHONPATH=tests/lib timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkcolfilter.py "$gtk" "$(command -v $tv)" "$tmp/t" 2> "$tmp/err" |
	grep -v '^SpiRegistry daemon')

# the session keeps the column filters (by the columns' titles), and the
# next session narrows the list with them: its CSV export is dump's
is "$(json "$tmp/t/session.json" '[j["column_filters"], j["filter"]["expression"]]')" \
	'[{"description": "fd=5"}, "pid == 300"]' "session.json keeps the column filter left typed, beside the filter"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --view events --session "$tmp/t/session.json" \
	--screenshot "$tmp/s.png" --export-csv "$tmp/s.csv" "$tmp/t" 2>> "$tmp/err"
$tv dump --json --filter '(pid == 300) && desc =~ "fd=5"' "$tmp/t" > "$tmp/s.json"
$PY - "$tmp/s.csv" "$tmp/s.json" <<'PY'
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))[1:]
evs = json.load(open(sys.argv[2]))['events']
got = [(r[0], r[2], r[5]) for r in rows]
exp = [('%d.%09d' % divmod(e['rel_ns'], 10**9), str(e['pid']), e['type']) for e in evs]
sys.exit(0 if got == exp and got else 1)
PY
ok $? "the next session: the list narrowed again, its CSV is dump --filter's $(json "$tmp/s.json" 'len(j["events"])') events"
no_gtk_warnings "$tmp/err"
done_testing
