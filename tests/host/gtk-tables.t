#!/bin/bash
# The tables of the GTK analyzer, tracevisualizer-gtk (gtk/events.c,
# search.c, filters.c, session.c, export.c), run under Xvfb and read back
# as a person (or a screen reader) sees them: through AT-SPI, keys typed
# with xdotool, and the CSV export of the table shown (the hidden
# --export-csv option, with --screenshot).  Everything is compared with
# "tracevisualizer dump" of the same trace:
#   - the events list shows the first events as dump prints them, the
#     first selected; the screenshot of the events view has them drawn;
#   - the CSV export of the events of a window equals dump --json --from
#     --to (count, times, cpus, pids, types, control), also with a hiding
#     filter (--pid) and a dimming one (a "filter" column marking exactly
#     dump --filter's events); RFC 4180 quoting of a file name with a
#     comma and quotes;
#   - the search bar: Enter, Enter, Shift+Enter go to dump --filter's
#     first, second and first match; a malformed expression is reported
#     with its position; Hide makes it the filter, and the list then says
#     how many events match (dump --filter's count) and shows only those;
#   - the filters dialog: an expression typed there becomes the filter;
#     checking a type and a task builds one expression, which the rows
#     of the graphs can take too, and the list shows dump --filter's;
#   - the processes page as CSV: its tree view's titles and rows;
#   - a session: window and markers A, B saved beside the trace and
#     restored, the table page too; --window and --view win over it; a
#     damaged session file reported and ignored; a session file that
#     cannot be written reported, markers still saved;
#   - a trace of a million events: End and Home in the list show dump's
#     last and first events.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
tv=tracevisualizer
gtk_tmp

# headless ARGS... : the window drawn once (--screenshot), then closed
headless() { xvfb-run -a -s "-screen 0 1280x800x24" "$gtk" --size 1280x800 "$@"; }

# --- the trace ------------------------------------------------------------
# Two CPUs for 15 ms: a client opens (a file name with a comma and quotes
# every 7th time), reads, closes and sleeps; on the other CPU, at the very
# same times, a server writes and passes the CPU to its thread.
cat > "$tmp/gen.py" <<'PY'
import sys
T0, US = 1000000000, 1000
N = int(sys.argv[1])
out = []
p = out.append
p("header ncpus=2 end=%d events=all" % (T0 + N * 100 * US + 1000 * US))
for pid, tgid, name in ((1, 1, "init"), (100, 100, "server"), (101, 100, "server"),
                        (200, 200, "client")):
    p("proc PID: %d; PPID: %d; TGID: %d; NAME: %s" % (pid, 0 if pid == 1 else 1, tgid, name))
p("buf cpu=0 start=%d pid=200" % T0)
p("%d start 200 0" % T0)
for i in range(N):
    b = T0 + i * 100 * US + 10 * US
    p("%d syscall_entry 2" % b)
    p("%d fs_open 3 0 0 %s" % (b + 5 * US, '/tmp/a,b "q"' if i % 7 == 3 else "/etc/passwd"))
    p("%d syscall_exit 2 3" % (b + 9 * US))
    p("%d syscall_entry 0" % (b + 20 * US))
    p("%d fs_read 3 64 64" % (b + 25 * US))
    p("%d syscall_exit 0 64" % (b + 30 * US))
    p("%d syscall_entry 3" % (b + 40 * US))
    p("%d fs_close 3" % (b + 41 * US))
    p("%d syscall_exit 3 0" % (b + 42 * US))
    p("%d syscall_entry 35" % (b + 50 * US))
    p("%d sched 200 0 1" % (b + 52 * US))
    p("%d wakeup 200 0 0" % (b + 90 * US))
    p("%d sched 0 200 0" % (b + 92 * US))
    p("%d syscall_exit 35 0" % (b + 95 * US))
p("buf cpu=1 start=%d pid=100" % T0)
p("%d start 100 1" % T0)
for i in range(N):
    b = T0 + i * 100 * US + 10 * US
    p("%d syscall_entry 1" % b)
    p("%d fs_write 1 10 10" % (b + 5 * US))
    p("%d syscall_exit 1 10" % (b + 9 * US))
    p("%d sched 100 101 0" % (b + 60 * US))
    p("%d sched 101 100 0" % (b + 80 * US))
print("\n".join(out))
PY
w=$tmp/w
$PY "$tmp/gen.py" 150 | $gen "$w" && $tv check "$w" >/dev/null
ok $? "the trace written, and it conserves time"
$tv dump --json "$w" > "$tmp/all.json"
nall=$($PY -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["events"]))' "$tmp/all.json")
start_ns=$($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["events"][0]["time_ns"] - json.load(open(sys.argv[1]))["events"][0]["rel_ns"])' "$tmp/all.json")

# --- the checks in Python -------------------------------------------------
# drive.py ACTION... : the window as AT-SPI shows it, keys by xdotool
#   wait  key:KEYS  type:TEXT  sleep:S  focus:NAME (a widget by its
#   accessible name)  click:TABLE:ROW:COLUMN (a cell of the table named
#   TABLE, by the mouse)  quit
#   rows:FILE (the events list, a line per row: selected, then the cells,
#   tab-separated)  text:NAME:FILE (the text of the widget named NAME)
#   until:NAME:REGEX (poll, 60 s at most, until that text matches: the
#   state to be read is there, not a fixed sleep)
# Each key, text or click waits until the window has taken its presses
# (the file LTTR_GTK_TEST_INPUT names counts those handled, written once
# the main loop is idle, tracevisualizer/gtk/main.c), a focus until the
# window has run it (AT-SPI's answer): never a fixed sleep.
cat > "$tmp/drive.py" <<'PY'
import os, re, subprocess, sys, time
import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi

def children(n):
    try:
        return [n.get_child_at_index(i) for i in range(n.get_child_count())]
    except Exception:
        return []

def find(n, pred, depth=0):
    if n is None or depth > 40:
        return None
    try:
        if pred(n):
            return n
    except Exception:
        return None
    for c in children(n):
        r = find(c, pred, depth + 1)
        if r is not None:
            return r
    return None

def app():
    d = Atspi.get_desktop(0)
    for a in children(d):
        if a is not None and 'tracevisualizer' in (a.get_name() or ''):
            return a
    return None

def named(name, role=None):
    a = app()
    return a and find(a, lambda n: n.get_name() == name and
                      (role is None or n.get_role() == role))

def table():
    return named('Events', Atspi.Role.TABLE)

def text(name):
    n = named(name)
    return Atspi.Text.get_text(n, 0, -1) if n else ''

def rows():
    t = table()
    out = []
    for r in range(Atspi.Table.get_n_rows(t)):
        cells = [Atspi.Table.get_accessible_at(t, r, c).get_name()
                 for c in range(Atspi.Table.get_n_columns(t))]
        out.append(['1' if Atspi.Table.is_row_selected(t, r) else '0'] + cells)
    return out

def wait(pred, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if pred():
                return True
        except Exception:
            pass
        time.sleep(0.2)
    return False

def xdo(*args):
    subprocess.run(['xdotool'] + list(args), check=False)

def taken():
    try:
        return int(open(os.environ['LTTR_GTK_TEST_INPUT']).read())
    except (OSError, ValueError):
        return -1

def presses(n, what, fn):
    """fn() sends n presses (at least): wait until the window has taken
    them and gone idle"""
    n0 = taken()
    fn()
    if not wait(lambda: taken() >= n0 + n):
        sys.exit('the window did not take %s (%d presses handled, %d wanted)' %
                 (what, taken() - n0, n))

for a in sys.argv[1:]:
    if a == 'wait':
        if not wait(lambda: table() is not None and Atspi.Table.get_n_rows(table()) > 0
                    and text('Status')):
            sys.exit('the window did not come up')
        xdo('search', '--sync', '--name', '^tracevisualizer$', 'windowfocus', '--sync')
    elif a.startswith('focus:'):
        # done when the call returns: the bridge runs it in the window's
        # main loop before it answers (the keys after it say whether the
        # focus went where they need it)
        Atspi.Component.grab_focus(named(a[6:]))
    elif a.startswith('click:'):
        name, r, c = a[6:].rsplit(':', 2)
        cell = Atspi.Table.get_accessible_at(named(name, Atspi.Role.TABLE), int(r), int(c))
        e = Atspi.Component.get_extents(cell, Atspi.CoordType.SCREEN)
        presses(1, a, lambda: xdo('mousemove', str(e.x + e.width // 2), str(e.y + e.height // 2),
                                  'click', '1'))
    elif a.startswith('key:'):
        keys = a[4:].split()
        presses(sum(len(k.split('+')) for k in keys), a,
                lambda: xdo('key', '--delay', '80', *keys))
    elif a.startswith('type:'):
        presses(len(a[5:]), a, lambda: xdo('type', '--delay', '30', a[5:]))
    elif a.startswith('sleep:'):
        time.sleep(float(a[6:]))
    elif a.startswith('rows:'):
        with open(a[5:], 'w') as f:
            for r in rows():
                f.write('\t'.join(r) + '\n')
    elif a.startswith('until:'):
        name, rx = a[6:].split(':', 1)
        wait(lambda: re.search(rx, text(name)))
    elif a.startswith('text:'):
        name, path = a[5:].rsplit(':', 1)
        with open(path, 'w') as f:
            f.write(text(name) + '\n')
    elif a == 'quit':
        xdo('key', 'ctrl+q')
    else:
        sys.exit('unknown action ' + a)
PY

# interactive "ARGS" ACTION... : the program with ARGS, driven by drive.py,
# in a session bus with the accessibility bus (AT-SPI); it is stopped
# when it does not quit by itself
cat > "$tmp/interactive.sh" <<'SH'
args=$1; shift
"$GTK" --size 1280x800 $args > "$TMP/gtk.out" 2>&1 &
pid=$!
/usr/bin/python3 "$TMP/drive.py" "$@"
st=$?
for i in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
kill $pid 2>/dev/null
wait $pid 2>/dev/null
exit $st
SH
interactive() {
	GTK=$gtk TMP=$tmp LTTR_GTK_TEST_INPUT=$tmp/input timeout 180 dbus-run-session -- \
		xvfb-run -a -s "-screen 0 1280x800x24" bash "$tmp/interactive.sh" "$@" \
		> "$tmp/interactive.log" 2>&1
}

# csvcheck CSV JSON [FILTERED-JSON] : the CSV rows are the JSON's events
# (dump --json): count, time, cpu, pid, type, control; with FILTERED-JSON,
# the "filter" column marks exactly its events
cat > "$tmp/csvcheck.py" <<'PY'
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
head, rows = rows[0], rows[1:]
evs = json.load(open(sys.argv[2]))['events']
def ns(s):
    neg = s.startswith('-')
    a, b = s.lstrip('-').split('.')
    v = int(a) * 10**9 + int(b.ljust(9, '0'))
    return -v if neg else v
want = ['time', 'cpu', 'pid', 'task', 'C', 'type', 'description']
bad = []
if head[:7] != want:
    bad.append('titles %s' % head)
if len(rows) != len(evs):
    bad.append('%d rows, dump has %d events' % (len(rows), len(evs)))
for r, e in zip(rows, evs):
    got = (ns(r[0]), int(r[1]), int(r[2]), r[5], r[4] == 'C')
    exp = (e['rel_ns'], e['cpu'], e['pid'], e['type'], e['control'])
    if got != exp:
        bad.append('row %s, dump %s' % (got, exp))
        break
if len(sys.argv) > 3:
    keep = {(x['time_ns'], x['cpu']) for x in json.load(open(sys.argv[3]))['events']}
    marked = [r[7] == 'match' for r in rows]
    exp = [(e['time_ns'], e['cpu']) in keep for e in evs]
    if head[7:] != ['filter'] or marked != exp:
        bad.append('the filter column marks %d rows, dump --filter %d' %
                   (sum(marked), sum(exp)))
print('\n'.join(bad) if bad else 'same')
PY
csvcheck() { $PY "$tmp/csvcheck.py" "$@"; }
# okgrep PATTERN FILE DESC : ok if FILE has PATTERN (a regular expression), else what it has
okgrep() {
	grep -q -- "$1" "$2"
	local st=$?
	ok $st "$3"
	[ $st = 0 ] || diag "got: $(cat "$2")"
}

# dumplines N FROM : dump's events FROM.. (1-based) as the list shows them:
# time cpu pid C type
dumplines() {
	$tv dump "$w" | awk -v n="$1" -v from="$2" 'NR > from && NR <= from + n {
		pid = $4; sub(/.*-/, "", pid)	# comm-pid
		printf "%s\t%s\t%s\t%s\t%s\n", $1, $3, pid, ($5 == "C" ? "C" : ""), $6 }'
}
# listlines FILE : the same fields of the rows read through AT-SPI
listlines() { awk -F'\t' '{ printf "%s\t%s\t%s\t%s\t%s\n", $2, $3, $4, $6, $7 }' "$1"; }

# --- the events list ------------------------------------------------------
interactive "--view events $w" wait "rows:$tmp/rows1" "text:Events information:$tmp/info1"
ok $? "the window came up with the events list (AT-SPI)" || diag "$(tail -5 "$tmp/interactive.log")"
n=$(wc -l < "$tmp/rows1")
[ "$n" -ge 8 ]
ok $? "the list shows as many rows as fit ($n)"
is "$(listlines "$tmp/rows1")" "$(dumplines "$n" 1)" "its rows are dump's first $n events: time, cpu, pid, control, type"
is "$(head -1 "$tmp/rows1" | cut -f1,5)" "1	client" "the first event is selected (the cursor is at the start), with its task's name"
is "$(cat "$tmp/info1")" "event 1 of $nall" "the line above says which of the trace's $nall events is selected"

headless --view events --screenshot "$tmp/events.png" --export-csv "$tmp/events.csv" "$w"
# what the table drawn in the screenshot holds (its CSV): every event of
# the trace, as dump --json; then that its lines are drawn
is "$(csvcheck "$tmp/events.csv" "$tmp/all.json")" same "the screenshot's events list holds the trace's $nall events as dump --json: times, cpus, pids, types, control"
$PY - "$tmp/events.png" <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert('L')
w, h = im.size
# the lower half holds the events list: lines of dark text on white
dark_rows = sum(1 for y in range(h // 2, h - 60)
                if sum(1 for x in range(0, w, 2) if im.getpixel((x, y)) < 100) > 20)
sys.exit(0 if dark_rows > 60 else 1)
PY
ok $? "the screenshot of the events view has the list's lines drawn"

# --- CSV export of a window -------------------------------------------------
headless --view events --window 0.003:0.0071 --screenshot "$tmp/x.png" \
	--export-csv "$tmp/win.csv" "$w"
ok $? "--export-csv of the events view, window 3 ms to 7.1 ms"
$tv dump --json --from 0.003 --to 0.0071 "$w" > "$tmp/win.json"
is "$(csvcheck "$tmp/win.csv" "$tmp/win.json")" same "the CSV is dump --json --from --to of the window: count, times, cpus, pids, types, control"
$PY - "$tmp/win.csv" "$w" <<'PY'
import csv, sys
raw = open(sys.argv[1], newline='').read()
rows = list(csv.reader(open(sys.argv[1], newline='')))
odd = [r for r in rows if r[5] == 'fs_open' and 'a,b' in r[6]]
# the name with a comma and quotes: quoted, quotes doubled, CRLF lines
ok = (odd and odd[0][6].startswith('/tmp/a,b "q"') and '"/tmp/a,b ""q""' in raw
      and raw.count('\r\n') == len(rows) and raw.count('\n') == len(rows))
sys.exit(0 if ok else 1)
PY
ok $? "RFC 4180: a file name with a comma and quotes quoted, quotes doubled, lines end in CRLF"

headless --view events --window 0.003:0.0071 --pid 100 --screenshot "$tmp/x.png" \
	--export-csv "$tmp/pid.csv" "$w"
$tv dump --json --from 0.003 --to 0.0071 --pid 100 "$w" > "$tmp/pid.json"
is "$(csvcheck "$tmp/pid.csv" "$tmp/pid.json")" same "with --pid 100 (a filter hiding the rest): the CSV is dump --pid 100 of the window"

# a dimming filter, restored from a session file
mkdir -p "$tmp/d" && cp "$w"/* "$tmp/d/"
echo '{ "version": 1, "filter": { "expression": "type == fs_open || cpu == 1", "hide": false } }' \
	> "$tmp/d/session.json"
headless --view events --window 0.001:0.002 --session "$tmp/d/session.json" --screenshot "$tmp/x.png" --export-csv "$tmp/dim.csv" "$tmp/d"
$tv dump --json --from 0.001 --to 0.002 "$tmp/d" > "$tmp/dim.json"
$tv dump --json --from 0.001 --to 0.002 --filter 'type == fs_open || cpu == 1' "$tmp/d" > "$tmp/dimf.json"
is "$(csvcheck "$tmp/dim.csv" "$tmp/dim.json" "$tmp/dimf.json")" same "a dimming filter (from the session): every event, and a column marking dump --filter's"

# another page: whatever tree view it shows, its titles and every row
headless --view processes --screenshot "$tmp/x.png" --export-csv "$tmp/procs.csv" "$w"
$PY - "$tmp/procs.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
good = (len(rows) >= 4 and all(rows[0]) and all(len(r) == len(rows[0]) for r in rows)
        and any('client' in r for r in rows))
sys.exit(0 if good else 1)
PY
ok $? "the processes page as CSV: its table's titles, a row per process"

# --- search -----------------------------------------------------------------
expr='type == fs_open && filename =~ q'
$tv dump --filter "$expr" "$w" | awk 'NR > 1 && NR <= 3 { print $1 }' > "$tmp/matches"
interactive "--view events $w" wait key:ctrl+f "type:$expr" key:Return "rows:$tmp/s1" \
	"text:Status:$tmp/st1" key:Return "rows:$tmp/s2" key:shift+Return "rows:$tmp/s3" \
	key:shift+Home "type:type == " key:Return "text:Status:$tmp/st2"
ok $? "search: Ctrl+F, an expression, Enter, Enter, Shift+Enter, a malformed one"
sel() { awk -F'\t' '$1 == 1 { print $2 }' "$1"; }
is "$(sel "$tmp/s1")" "$(sed -n 1p "$tmp/matches")" "Enter: the list selects dump --filter's first match"
task=$($tv dump --filter "$expr" "$w" | awk 'NR == 2 { print $4 }')
okgrep "match $(sed -n 1p "$tmp/matches") cpu 0 $task: fs_open /tmp/a,b" "$tmp/st1" "the status bar says where the match is and what it is, the task as dump names it ($task)"
is "$(sel "$tmp/s2")" "$(sed -n 2p "$tmp/matches")" "Enter again: the second match"
is "$(sel "$tmp/s3")" "$(sed -n 1p "$tmp/matches")" "Shift+Enter: the first again"
okgrep "search: at character 9: expected a value after '=='" "$tmp/st2" "a malformed expression: the status bar says what and where"

# Hide: the expression becomes the filter
nmatch=$($tv dump --filter 'pid == 100' "$w" | tail -n +2 | wc -l)
interactive "--view events $w" wait key:ctrl+f "type:pid == 100" key:alt+i \
	"until:Status:filter \(hide\): pid == 100" "rows:$tmp/h1" "text:Events information:$tmp/hinfo" "text:Status:$tmp/hst"
ok $? "search bar: Hide (Alt+I)"
okgrep "; $nmatch match the filter (the others hidden)" "$tmp/hinfo" "the list counts dump --filter's $nmatch matching events"
is "$(awk -F'\t' '{ print $4 }' "$tmp/h1" | sort -u)" 100 "it shows only them"
okgrep "filter (hide): pid == 100" "$tmp/hst" "the status bar shows the document's filter"

# --- the filters dialog -----------------------------------------------------
interactive "--view events $w" wait key:ctrl+l "until:Resulting filter:^Filter" key:alt+e \
	"type:pid == 200" key:Return "until:Status:filter \(hide\): pid == 200" "rows:$tmp/f1" "text:Status:$tmp/fst"
ok $? "the filters dialog: Ctrl+L, an expression, Enter (Apply)"
okgrep "filter (hide): pid == 200" "$tmp/fst" "the dialog's expression is the document's filter"
is "$(awk -F'\t' '{ print $4 }' "$tmp/f1" | sort -u)" 200 "the list shows only its events"

# the check lists: one expression that rows without the field let through
# (the graphs' rows know only pid, comm and cpu)
$tv dump --filter 'type == syscall_entry && pid == 200' "$w" | tail -n +2 | wc -l > "$tmp/nf"
interactive "--view events $w" wait key:ctrl+l "until:Resulting filter:^Filter" \
	"click:Event types list:0:0" "click:Tasks list:3:0" "text:Resulting filter:$tmp/fexpr" \
	key:alt+a "until:Events information:match the filter" "rows:$tmp/f2" "text:Events information:$tmp/finfo"
ok $? "the filters dialog: the syscall_entry type and task 200 checked, Apply"
is "$(cat "$tmp/fexpr")" "Filter: (!type || type == syscall_entry) && (!(pid >= 0) || pid == 200)" \
	"the dialog builds one expression of the filter language"
is "$(awk -F'\t' '{ print $4, $7 }' "$tmp/f2" | sort -u)" "200 syscall_entry" "the list shows only the syscall entries of task 200"
okgrep "; $(cat "$tmp/nf") match the filter" "$tmp/finfo" "as many as dump --filter finds ($(cat "$tmp/nf"))"

# the CPUs check list: CPU 1 checked, the events of CPU 1 alone
$tv dump --filter 'cpu == 1' "$w" | tail -n +2 | wc -l > "$tmp/nc"
interactive "--view events $w" wait key:ctrl+l "until:Resulting filter:^Filter" \
	"click:CPUs list:1:0" "text:Resulting filter:$tmp/cexpr" key:alt+a \
	"until:Events information:match the filter" "rows:$tmp/c2" "text:Events information:$tmp/cinfo"
ok $? "the filters dialog: CPU 1 checked, Apply"
is "$(cat "$tmp/cexpr")" "Filter: (!(cpu >= 0) || cpu == 1)" "the CPUs check list gives its part of the expression"
is "$(awk -F'\t' '{ print $3 }' "$tmp/c2" | sort -u)" 1 "the list shows only the events of CPU 1"
okgrep "; $(cat "$tmp/nc") match the filter" "$tmp/cinfo" "as many as dump --filter 'cpu == 1' finds ($(cat "$tmp/nc"))"

# --- sessions ---------------------------------------------------------------
mkdir -p "$tmp/s" && cp "$w"/* "$tmp/s/"
interactive "--window 0.004:0.0065 $tmp/s" wait "focus:Control flow graph" key:m key:End key:M quit
ok $? "a session: --window 4 ms to 6.5 ms, marker A at the cursor, End, marker B, Ctrl+Q"
# End took the cursor to the trace's end, and the window (2.5 ms) with it
end_ns=$($tv summary --json "$w" | json /dev/stdin 'j["trace"]["end_ns"]')
is "$(json "$tmp/s/session.json" '[j["window"]["t0_ns"], j["window"]["t1_ns"]]')" \
	"[$((end_ns - 2500000)), $end_ns]" "session.json has the window (End moved it to the trace's end)"
is "$(json "$tmp/s/bookmarks.json" '[j["markers"]["a_ns"], j["markers"]["b_ns"]]')" \
	"[$((start_ns + 4000000)), $end_ns]" "bookmarks.json has markers A (at the first window's start) and B (at the end)"
headless --view events --session "$tmp/s/session.json" --screenshot "$tmp/x.png" --export-csv "$tmp/s1.csv" "$tmp/s"
from=$($PY -c 'import sys; print("%.9f" % ((int(sys.argv[1]) - 2500000 - int(sys.argv[2])) / 1e9))' "$end_ns" "$start_ns")
to=$($PY -c 'import sys; print("%.9f" % ((int(sys.argv[1]) - int(sys.argv[2])) / 1e9))' "$end_ns" "$start_ns")
$tv dump --json --from "$from" --to "$to" "$w" > "$tmp/s.json"
is "$(csvcheck "$tmp/s1.csv" "$tmp/s.json")" same "the next session has the window again (its CSV is dump --from --to)"
interactive "$tmp/s" wait "text:Status:$tmp/sst"
b_rel=$($PY -c 'import json,sys; b = json.load(open(sys.argv[1]))["markers"]["b_ns"] - int(sys.argv[2]); print("%d.%09d" % divmod(b, 10**9))' "$tmp/s/bookmarks.json" "$start_ns")
okgrep "window 2.500000 ms .*A 0.004000000   B $b_rel" "$tmp/sst" "the status bar of the next session shows the window and markers A and B"
headless --view events --window 0.001:0.002 --session "$tmp/s/session.json" --screenshot "$tmp/x.png" --export-csv "$tmp/s2.csv" "$tmp/s"
$tv dump --json --from 0.001 --to 0.002 "$w" > "$tmp/s2.json"
is "$(csvcheck "$tmp/s2.csv" "$tmp/s2.json")" same "--window wins over the session's"

# the table page: the processes' (what --export-csv writes says which), unless --view says
echo '{ "version": 1, "table_page": 1, "pane_position": 420 }' > "$tmp/s/session.json"
headless --session "$tmp/s/session.json" --screenshot "$tmp/x.png" --export-csv "$tmp/p1.csv" "$tmp/s"
headless --view events --session "$tmp/s/session.json" --screenshot "$tmp/x.png" --export-csv "$tmp/p2.csv" "$tmp/s"
is "$(head -c 5 "$tmp/p1.csv") $(head -c 5 "$tmp/p2.csv")" "$(head -c 5 "$tmp/procs.csv") time," \
	"the session's table page (processes) is restored; --view events wins over it"

# a screenshot is what its options say, whatever a session left beside the
# trace (issue 36, item 14: it showed the last session's window and table)
headless --screenshot "$tmp/x.png" --export-csv "$tmp/p3.csv" "$tmp/s"
headless --view events --screenshot "$tmp/x.png" --export-csv "$tmp/s4.csv" "$tmp/s"
is "$(head -c 5 "$tmp/p3.csv")/$(csvcheck "$tmp/s4.csv" "$tmp/all.json")" "time,/same" \
	"without --session, session.json beside the trace is not read: the default table (events), the whole trace"
cp "$tmp/s/session.json" "$tmp/saved.json" && rm "$tmp/s/session.json"
headless --session "$tmp/saved.json" --screenshot "$tmp/x.png" --export-csv "$tmp/p4.csv" "$tmp/s"
is "$(head -c 5 "$tmp/p4.csv")" "$(head -c 5 "$tmp/procs.csv")" "--session FILE: a session file applied on purpose, from anywhere"
headless --session "$tmp/none.json" --screenshot "$tmp/none.png" "$tmp/s" 2> "$tmp/serr"; st=$?
is "$st/$([ -e "$tmp/none.png" ] && echo png)" "1/" "--session naming no file: status 1, no screenshot"
okgrep "^tracevisualizer-gtk: --session: .*none.json" "$tmp/serr" "and the error names the file"
"$gtk" --session "$tmp/saved.json" "$tmp/s" 2> /dev/null; is "$?" 2 "--session without --screenshot: usage error"
echo '{ "version": 1, "window": { "t0_ns": ' > "$tmp/s/session.json"
headless --view events --screenshot "$tmp/x.png" --export-csv "$tmp/s3.csv" "$tmp/s"
ok $? "a damaged session file: the program runs"
is "$(csvcheck "$tmp/s3.csv" "$tmp/all.json")" same "the whole trace shown (the session ignored)"
cp "$tmp/s/session.json" "$tmp/bad.json"
headless --view events --session "$tmp/bad.json" --screenshot "$tmp/bad.png" "$tmp/s" 2> "$tmp/serr"; st=$?
is "$st/$([ -e "$tmp/bad.png" ] && echo png)" "1/" "--session FILE damaged: status 1, no screenshot (it was asked for)"
interactive "$tmp/s" wait "until:Status:session ignored" "text:Status:$tmp/dst"
okgrep "session ignored: $tmp/s/session.json: not a session file" "$tmp/dst" "the status bar says the session file was ignored"

# a session file that cannot be replaced (a directory in its place: root
# writes anywhere else)
rm -f "$tmp/s/session.json" "$tmp/s/bookmarks.json" && mkdir "$tmp/s/session.json"
interactive "$tmp/s" wait key:m "until:Status:session not saved" "text:Status:$tmp/rst" quit
okgrep "session not saved: $tmp/s/session.json: " "$tmp/rst" "a session that cannot be written: the status bar says so"
[ -f "$tmp/s/bookmarks.json" ] && [ -z "$(ls "$tmp/s" | grep 'session.json\.')" ]
ok $? "the markers are saved all the same, and no half-written file is left"

# --- a million events -------------------------------------------------------
$genbig -n 1000000 -c 2 "$tmp/big" >/dev/null 2>&1
$tv dump "$tmp/big" | tail -n +2 > "$tmp/big.txt"
interactive "--view events $tmp/big" wait focus:Events key:End "rows:$tmp/b1" \
	"text:Events information:$tmp/binfo" key:Home "rows:$tmp/b2"
ok $? "a million events: End, Home in the list"
n=$(wc -l < "$tmp/b1")
is "$(listlines "$tmp/b1")" "$(tail -n "$n" "$tmp/big.txt" | awk '{ pid = $4; sub(/.*-/, "", pid); printf "%s\t%s\t%s\t%s\t%s\n", $1, $3, pid, ($5 == "C" ? "C" : ""), $6 }')" \
	"End: the list shows dump's last $n events"
is "$(cat "$tmp/binfo")" "event 1000000 of 1000000" "the last one selected"
is "$(listlines "$tmp/b2" | head -3)" "$(head -3 "$tmp/big.txt" | awk '{ pid = $4; sub(/.*-/, "", pid); printf "%s\t%s\t%s\t%s\t%s\n", $1, $3, pid, ($5 == "C" ? "C" : ""), $6 }')" \
	"Home: dump's first events"

done_testing
