#!/bin/bash
# The terminal front end, "tracevisualizer tui", driven as a person uses
# it: in tmux (tests/lib/tui.sh), keys sent, screens captured, on
# synthetic traces whose figures the --json commands give.  Every view by
# its key, Tab, the help and warnings pages, q; the processes, syscalls
# and irqs views and the process and syscall pages equal processes,
# syscalls and irqs --json row by row (also when the table scrolls); the
# control flow of scenario A (utest/scenarios.h) column by column at
# 10 ns and 1 ns per column; search (n, N) against dump --filter; markers
# and B-A; resizing, and a terminal too small; a truncated trace without an option and
# with --strict, a missing one; NO_COLOR; bookmarks and markers kept
# for the next session, and refused on a read-only trace; the filter (dim,
# hide, a malformed expression); the events view following the cursor;
# Esc canceling the load of a big trace; mouse clicks and the wheel.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test

# pyok DESC PROGRAM ARGS... : ok if the Python program exits 0
pyok() { local d=$1; shift; python3 -c "$@"; ok $? "$d"; }
# okscr NAME DESC : ok on the status of the last command; when it failed,
# the screen of session NAME as the check last saw it
okscr() { local st=$?; ok $st "$2"; [ $st = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")" "(timing: $(tail -n 2 "$TUI_DIR/$1.timing" | tr '\n' ' '))"; }
# selected NAME [REGEX] : the first line of the screen below the title that
# starts in reverse video (a table's selection) and matches REGEX (default:
# an event line, the events view's), escapes and trailing spaces removed
selected() {
	local l sgr=$'\e\\[[0-9;]*m' re=${2:-'^ +[0-9]+\.[0-9]{9} '}
	while IFS= read -r l; do
		[[ $l =~ ^($sgr)*$'\e'\[([0-9]*\;)*7(\;[0-9]*)*m ]] || continue
		while [[ $l =~ $sgr ]]; do l=${l/"${BASH_REMATCH[0]}"/}; done
		l=${l%"${l##*[! ]}"}
		[[ $l =~ $re ]] && { printf '%s\n' "$l"; return 0; }
	done < <(tui_screen "$1" -e | tail -n +2)
	return 1
}
# nomarks: the markers a session left in bookmarks.json forgotten, for the
# next session on the same trace to start without them
nomarks() { rm -f "$tmp/w/bookmarks.json" "$tmp/a/bookmarks.json"; }

# --- the traces -----------------------------------------------------------
# Scenario A of utest/scenarios.h, every nanosecond worked out in
# utest/test-view.c: taken from the header so that both test the same.
python3 - "$TOP/tracevisualizer/utest/scenarios.h" > "$tmp/a.desc" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
body = re.search(r'#define A_DESC \\\n((?:\s*".*"\s*\\?\n)+)', src).group(1)
print(''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', body)).replace('\\n', '\n'), end='')
PY
$gen "$tmp/a" < "$tmp/a.desc"
ok $? "scenario A written (utest/scenarios.h)"

# A workload of 20 ms on two CPUs: a reader opens /etc/passwd NOPEN times,
# blocks in read until a disk interrupt (with a BLOCK softirq) wakes it,
# closes, opens /tmp/other; a server's two threads pass a futex on the
# other CPU and write; a sleeper's nanosleep started before the trace.
NOPEN=6
python3 - "$NOPEN" > "$tmp/w.desc" <<'PY'
import sys
N = int(sys.argv[1])
T0, US, MS = 1000000000, 1000, 1000000
out = []
p = out.append
p("header ncpus=2 end=%d events=all" % (T0 + 20 * MS))
for pid, tgid, name in ((1, 1, "init"), (100, 100, "server"), (101, 100, "server"),
                        (200, 200, "reader"), (300, 300, "sleeper")):
    p("proc PID: %d; PPID: %d; TGID: %d; NAME: %s" % (pid, 0 if pid == 1 else 1, tgid, name))
p("proc IRQ: 14; NAME: ata_piix")
p("buf cpu=0 start=%d pid=200" % T0)
p("%d start 200 0" % T0)
for i in range(N):
    b = T0 + i * 3 * MS + 100 * US
    if i == N // 2:
        p("buf cpu=0 start=%d pid=200" % (b - 50 * US))
    p("%d syscall_entry 2" % b)
    p("%d fs_open 3 0 0 /etc/passwd" % (b + 20 * US))
    p("%d syscall_exit 2 3" % (b + 35 * US + i * 1013))
    p("%d syscall_entry 0" % (b + 100 * US))
    p("%d fs_read 3 4096 4096" % (b + 120 * US))
    p("%d sched 200 0 1" % (b + 150 * US))
    k = b + 1000 * US + i * 7 * US
    p("%d irq_entry 14 0" % k)
    p("%d wakeup 200 0 0" % (k + 10 * US))
    p("%d softirq_entry 4" % (k + 30 * US))
    p("%d softirq_exit 4" % (k + 50 * US + i * 333))
    p("%d irq_exit 14 0" % (k + 60 * US + i * 333))
    p("%d sched 0 200 0" % (b + 1100 * US + i * 11 * US))
    p("%d syscall_exit 0 4096" % (b + 1200 * US))
    p("%d syscall_entry 3" % (b + 1300 * US))
    p("%d fs_close 3" % (b + 1310 * US))
    p("%d syscall_exit 3 0" % (b + 1320 * US))
    p("%d syscall_entry 2" % (b + 1400 * US))
    p("%d fs_open 4 0 0 /tmp/other" % (b + 1410 * US))
    p("%d syscall_exit 2 4" % (b + 1450 * US + i * 77))
    p("%d irq_entry 236 3" % (b + 2000 * US))
    p("%d irq_exit 236 3" % (b + 2004 * US + i * 1000))
e = T0 + 19 * MS
p("%d syscall_entry 231" % e)
p("%d exit 200 0" % (e + 10 * US))
p("%d sched 200 0 128" % (e + 20 * US))
p("buf cpu=1 start=%d pid=100" % T0)
p("%d start 100 1" % T0)
for j in range(5):
    c = T0 + j * 3500 * US + 50 * US
    p("%d syscall_entry 202" % c)
    p("%d sched 100 101 1" % (c + 30 * US))
    p("%d syscall_entry 1" % (c + 500 * US))
    p("%d fs_write 1 100 100" % (c + 520 * US))
    p("%d syscall_exit 1 100" % (c + 600 * US + j * 2111))
    p("%d syscall_entry 202" % (c + 900 * US))
    p("%d wakeup 100 1 0" % (c + 910 * US))
    p("%d syscall_exit 202 1" % (c + 950 * US))
    p("%d sched 101 100 0" % (c + 1200 * US + j * 13 * US))
    p("%d syscall_exit 202 0" % (c + 1250 * US + j * 13 * US))
    p("%d irq_entry 236 3" % (c + 2000 * US))
    p("%d irq_exit 236 3" % (c + 2003 * US + j * 1000))
    p("%d sched 100 101 0" % (c + 2500 * US))
    p("%d sched 101 100 0" % (c + 3000 * US))
for s, w in ((T0 + 17600 * US, T0 + 17700 * US), (T0 + 19850 * US, T0 + 19900 * US)):
    p("%d irq_entry 236 3" % s)
    p("%d wakeup 300 1 0" % (s + 2 * US))
    p("%d irq_exit 236 3" % (s + 5 * US))
    p("%d sched 100 300 0" % w)
    p("%d syscall_exit 35 0" % (w + 20 * US))
    if s < T0 + 19 * MS:
        p("%d syscall_entry 35" % (w + 100 * US))
        p("%d sched 300 100 1" % (w + 150 * US))
print("\n".join(out))
PY
$gen "$tmp/w" < "$tmp/w.desc" && $tv check "$tmp/w" > /dev/null
ok $? "the workload trace written, and it conserves time"
for c in processes syscalls irqs; do $tv $c --json "$tmp/w" > "$tmp/w.$c.json" || break; done &&
	$tv processes --threads --json "$tmp/w" > "$tmp/w.threads.json" &&
	$tv dump --json "$tmp/w" > "$tmp/w.dump.json"
ok $? "processes, syscalls, irqs, processes --threads and dump --json of it"

# --- 1. every view by its key, Tab, the pages, q ----------------------------
tui_start v 200 50 -- "$tmp/w"
ok $? "tui starts on the trace and draws its first screen"
grep -qE '^first_screen_ms [0-9]+\.[0-9]{3}( |$)' "$tmp/v.timing"
ok $? "LTTR_TUI_TIMING: first_screen_ms after the first screen"
[[ $(tui_line v 1) =~ ^\ LTT\ \ 1\ Flow\ \ 2\ Resources\ \ 3\ Processes\ \ 4\ Syscalls\ \ 5\ IRQs\ \ 6\ Events\ \ 7\ Paths\ \ 8\ Latency\ .*\?\ help\ *$ ]]
ok $? "the title lists the eight views and '? help'"
header=(
	''
	'^    pid task +0\.000000000-+0\.020000000$'
	'^resource +0\.000000000-+0\.020000000$'
	'^   pid\^ name +life +thr-time +running +user +kernel +intr +runnable +nodata +blocked +io +sleep +futex +child +fault +other +unknown *$'
	'^syscall\^ +count +noret +total_ms +min_us +max_us +mean_us +[0-9.]+[num]?s\.\.[0-9.]+[num]?s x[0-9]+/col *$'
	'^irq +count +total_ms +min_us +max_us +mean_us log2 histogram'
	'^ +time cpu +pid task +C event *$'
	'^  No messages between processes in this trace'
	'^kind:  wakeup   irq   softirq   syscall   timer '
)
last_view() { tail -n 1 "$TUI_DIR/$1.timing" | sed -n 's/^key [0-9]* view \([0-9]*\) .*/\1/p'; }
view_shown() { [ "$(last_view "$1")" = "$2" ] && [[ $(tui_line "$1" 2) =~ ${header[$2]} ]]; }
for k in 2 3 4 5 6 1; do
	tui_key v "$k"
	view_shown v "$k"
	ok $? "key $k shows view $k (its header: $(tui_line v 2 | cut -c1-60 | sed 's/ *$//'))"
done
tui_key v Tab; view_shown v 2; a=$?
tui_key v Tab Tab Tab Tab; view_shown v 6; b=$?
tui_key v Tab; view_shown v 7; c=$?
tui_key v Tab; view_shown v 8; c8=$?
tui_key v Tab; view_shown v 1; d=$?
tui_key v BTab; view_shown v 8; e=$?
tui_key v BTab; view_shown v 7; f=$?
tui_key v BTab; view_shown v 6; g=$?
ok $((a + b + c + c8 + d + e + f + g)) "Tab cycles 1 -> 2 -> ... -> 8 -> 1, S-Tab back to 8, 7 and 6"
tui_key v '?' && tui_pages v "$tmp/help.txt"
hl() { grep -qE "$1" "$tmp/help.txt"; }
hl '^Views$' && hl '^  Tab +next view$' && hl '^  S-Tab +previous view' &&
	hl '^  g +go to a time' && hl '^  / Ctrl\+F +search events' &&
	hl '^  m +marker A at the cursor' && hl '^  M +marker B' && hl '^  q +quit' &&
	hl '^  W +the trace.s warnings' && hl '^  Left +cursor to the previous state change of the selected row \(1 2\)$'
ok $? "? shows the help page listing the keys of the keymap (lttr/view/keys.h), page by page"
hl '^Legend' && hl '^  i  blocked io' && hl '^  z  blocked sleep' && hl '^  Z  zombie' &&
	hl '^  ~  unknown \(no data\)'
ok $? "its last pages: the legend of the letters (~: the state unknown, a CPU without data)"
tui_key v Escape; view_shown v 6
ok $? "Esc closes the help: the view is back"
tui_key v W
tui_wait v '^No warning: the trace is complete, nothing was lost  \(Esc: back\)' >/dev/null
ok $? "W shows the warnings page (none here)"
tui_key v Escape; view_shown v 6
ok $? "Esc closes it"
tui_key v 3 Enter
tui_wait v '^process 1 init  \(parent 0, 1 thread, 0\.000000000 \.\. 0\.020000000\)  Esc: back' >/dev/null
ok $? "Enter on the processes view opens the process page"
tui_key v Escape; view_shown v 3
ok $? "Esc closes the process page"
tui_key v j j j j && [[ $(selected v '^ +[0-9]+ ') =~ ^\ +200\ reader\  ]] && tui_key v '>' &&
	[[ $(selected v '^ +[0-9]+ ') =~ ^\ +200\ reader\  ]] && [[ $(tui_line v 2) =~ ^\ +pid\ name\^\  ]] &&
	[ "$(tui_screen v | sed -n '3,8p' | awk '{print $1}' | tr '\n' ' ')" = "1 200 100 100 101 300 " ]
okscr v "> sorts by name (name^; init, reader, server and its threads, sleeper), the selection stays on reader"
is "$(tui_quit v)" 0 "q quits with status 0"
[ ! -s "$tmp/v.err" ]; ok $? "nothing on stderr"

# --- 2. the figures equal the --json commands ------------------------------
tui_start n 200 50 -- "$tmp/w"
tui_key n 3 && tui_pages n "$tmp/n3.txt"
tui_key n 4 && tui_pages n "$tmp/n4.txt"
tui_key n 5 && tui_pages n "$tmp/n5.txt"
checks < <(python3 - "$tmp" <<'PY'
import sys
from check import ok, done
from tuicheck import *
d = sys.argv[1]
check_tables(ok, "workload", 200, d + '/n3.txt', d + '/n4.txt', d + '/n5.txt', d + '/w.processes.json',
             d + '/w.threads.json', d + '/w.syscalls.json', d + '/w.irqs.json', min_rows=6)
done()
PY
)
# the process pages of a process with two threads, of a thread, of a
# process: down the table from its top, Enter on each, Esc
rows=$(python3 -c '
import sys
from tuicheck import *
r = procs_expected(load(sys.argv[1] + "/w.processes.json"), load(sys.argv[1] + "/w.threads.json"), 200)
print(" ".join("%d:%d:%d" % (i, p, t) for i, (p, n, t, f) in enumerate(r)))' "$tmp")
tui_key n 3 && tui_top n
at=0
for r in $rows; do
	IFS=: read -r i pid thr <<< "$r"
	case "$pid:$thr" in 200:0|100:0|101:1) ;; *) continue ;; esac
	while [ $at -lt "$i" ]; do tui_key n j; at=$((at + 1)); done
	tui_key n Enter && tui_screen n > "$tmp/page-$pid-$([ "$thr" = 1 ] && echo thread || echo process).txt"
	tui_key n Escape
done
tui_key n 4 && tui_top n && tui_key n Enter && tui_screen n > "$tmp/scpage.txt"
checks < <(python3 - "$tmp" <<'PY'
import re, sys
from check import ok, done
from tuicheck import *
d = sys.argv[1]
procs = {p['pid']: p for p in load(d + '/w.processes.json')['processes']}
threads = {t['pid']: t for t in load(d + '/w.threads.json')['threads']}
start = load(d + '/w.processes.json')['trace']['start_ns']
for pid, kind, t in ((200, 'process', procs[200]), (100, 'process', procs[100]),
                     (101, 'thread', threads[101])):
    try:
        page = lines('%s/page-%d-%s.txt' % (d, pid, kind))
    except OSError:
        ok(False, "the page of %s %d was captured" % (kind, pid))
        continue
    check_process_page(ok, "%s %d" % (kind, pid), page, t, start, kind, kind == 'process')
page = lines(d + '/scpage.txt')
s = sorted(load(d + '/w.syscalls.json')['syscalls'].items(), key=lambda kv: kv[1]['nr'])[0]
name, x = s
want = ("syscall %s (%d): %d calls, %d without their entry, %d without return; on CPU %s ms, "
        "blocked %s ms, runnable %s ms") % (
    name, x['nr'], x['count'], x['partial'], x['no_return'], ms(x['cpu_ns']), ms(x['blocked_ns']), ms(x['runnable_ns']))
ok(page[1].startswith(want), "the syscall page (Enter in view 4) of %s: %s" % (name, page[1][:100]))
rows = lat_rows(page[2:])
want = [("%d %s" % (p['pid'], p['name']), lat_fields(p['syscalls'][name]['latency']))
        for p in sorted(load(d + '/w.syscalls.json')['processes'], key=lambda p: p['pid'])
        if name in p['syscalls']]
ok(rows == want, "and who made it, with its figures per process (%s)" % ", ".join(r[0] for r in want))
done()
PY
)
is "$(tui_quit n)" 0 "q: status 0"

# the same on tables longer than the screen, read with PgDn: a generated
# trace of 17 processes in an 11-line table; the workload's syscalls and
# irqs in 7 lines
$genbig -n 300000 "$tmp/g" > /dev/null 2>&1 &&
	for c in processes syscalls irqs; do $tv $c --json "$tmp/g" > "$tmp/g.$c.json" || break; done &&
	$tv processes --threads --json "$tmp/g" > "$tmp/g.threads.json"
ok $? "gen-big: a trace of 300000 events, its --json figures"
tui_start p 200 14 -- "$tmp/g" && tui_key p 3 && tui_pages p "$tmp/p3.txt" &&
	tui_key p 4 && tui_pages p "$tmp/p4.txt" && tui_key p 5 && tui_pages p "$tmp/p5.txt"
ok $? "its views 3, 4 and 5 read page by page in a 200x14 window"
is "$(tui_quit p)" 0 "q: status 0"
tui_start p2 200 10 -- "$tmp/w" && tui_key p2 4 && tui_pages p2 "$tmp/q4.txt" &&
	tui_key p2 5 && tui_pages p2 "$tmp/q5.txt"
ok $? "the workload's views 4 and 5 read page by page in a 200x10 window"
is "$(tui_quit p2)" 0 "q: status 0"
checks < <(python3 - "$tmp" 200 <<'PY'
import sys
from check import ok, done
from tuicheck import *
d, w = sys.argv[1], int(sys.argv[2])
got = procs_rows(lines(d + '/p3.txt'))
want = procs_expected(load(d + '/g.processes.json'), load(d + '/g.threads.json'),
                      cols=procs_header(lines(d + '/p3.txt')))
ok(len(want) > 11 and got == want, "view 3 over %d rows (names with spaces): equal to processes --json" % len(want))
if got != want:
    print("got  %s\nwant %s" % (got, want))
for t, n in (('g', 'p'), ('w', 'q')):
    got, want = sc_rows(lines('%s/%s4.txt' % (d, n))), syscalls_expected(load('%s/%s.syscalls.json' % (d, t)))
    ok(len(want) > 4 and got == want, "view 4 over %d rows: equal to syscalls --json" % len(want))
    got, want = lat_rows(lines('%s/%s5.txt' % (d, n))), irqs_expected(load('%s/%s.irqs.json' % (d, t)))
    ok(len(want) > 0 and got == want, "view 5 over %d rows: equal to irqs --json" % len(want))
    if got != want:
        print("got  %s\nwant %s" % (got, want))
done()
PY
)

# --- 2b. t: the tables of a window -------------------------------------------
# markers A at 5 ms and B at 12 ms, t: views 3, 4, 5 equal processes,
# syscalls and irqs --json --window 0.005:0.012, every column; the line
# above the status says so; t again: the whole trace's tables
nomarks
for c in "processes" "processes --threads" syscalls irqs; do
	$tv $c --json --window 0.005:0.012 "$tmp/w" > "$tmp/tw.${c#* --}.json" || break
done
ok $? "processes, syscalls and irqs --json --window 0.005:0.012"
tui_start tw 200 50 -- "$tmp/w"
tui_input tw g 0.005 && tui_key tw m && tui_input tw g 0.012 && tui_key tw M 3 t
tui_wait tw '^tables 3 4 5: the window 0\.005000000 \.\. 0\.012000000 \(7(\.0+)? ms\); t: all$' >/dev/null
ok $? "t: the tables count the window A-B, said"
tui_top tw && tui_pages tw "$tmp/tw3.txt"
tui_key tw 4 && tui_wait tw '^tables of the window 0\.005000000 \.\. 0\.012000000 only \(t: the whole trace\)$' >/dev/null
ok $? "and said again on the line above the status in the other tables"
tui_pages tw "$tmp/tw4.txt"
tui_key tw 5 && tui_pages tw "$tmp/tw5.txt"
checks < <(python3 - "$tmp" <<'PY'
import sys
from check import ok, done
from tuicheck import *
d = sys.argv[1]
check_tables(ok, "t, window 5-12 ms", 200, d + '/tw3.txt', d + '/tw4.txt', d + '/tw5.txt',
             d + '/tw.processes.json', d + '/tw.threads.json', d + '/tw.syscalls.json',
             d + '/tw.irqs.json', min_rows=4)
w, whole = load(d + '/tw.syscalls.json'), load(d + '/w.syscalls.json')
ok(sum(s['count'] for s in w['syscalls'].values()) < sum(s['count'] for s in whole['syscalls'].values()),
   "the window's tables are not the whole trace's (fewer syscalls)")
done()
PY
)
tui_key tw t 4 && tui_pages tw "$tmp/tw4b.txt"
python3 -c 'import sys
from tuicheck import *
sys.exit(sc_rows(lines(sys.argv[1])) != syscalls_expected(load(sys.argv[2])))' "$tmp/tw4b.txt" "$tmp/w.syscalls.json"
ok $? "t again: view 4 equals the whole trace's syscalls --json"
is "$(tui_quit tw)" 0 "q: status 0"
nomarks

# --- 3. the control flow of scenario A, column by column --------------------
# test-view.c's nanosecond tables: letter:from-to, ns from the start
specs=(
	'5 a|U:0-100 S:100-150 U:150-200 I:200-210 U:210-300 r:300-450 U:450-600 r:600-900 U:900-1000'
	'6 b|r:0-300 U:300-400 S:400-450 i:450-500 r:500-600 S:600-650 U:650-700 S:700-710 z:710-800 r:800-820 S:820-830 U:830-900 r:900-1000'
	'cpu 0|U:0-100 S:100-150 U:150-200 I:200-210 U:210-400 S:400-450 U:450-600 S:600-650 U:650-700 S:700-710 .:710-820 S:820-830 U:830-1000'
)
# rows_as_spec NAME COLS T0 T1 ROWS : each row of the screen equals the
# letters of the table over [T0, T1) ns, one column per (T1-T0)/ncols ns;
# ROWS (labels joined by commas) must all be on the screen
rows_as_spec() {
	tui_screen "$1" > "$tmp/$1.rows"
	python3 - "$tmp/$1.rows" "$2" "$3" "$4" "$5" "${specs[@]}" <<'PY'
import re, sys
from tuicheck import *
scr, w, t0, t1 = lines(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
required = set(sys.argv[5].split(','))
ncols, bad, seen = w - label_width(w) - 1, 0, 0
labels = [spec.split('|')[0] for spec in sys.argv[6:]]
for label in sorted(required - set(labels)):
    bad += 1
    print("row %s: no table for it" % label)
for spec in sys.argv[6:]:
    label, table = spec.split('|')
    ns = {}
    for part in table.split():
        letter, rng = part.split(':', 1)
        a, b = map(int, rng.split('-'))
        for t in range(a, b):
            ns[t] = letter
    row = graph_row(scr, w, r'^ *%s ' % re.escape(label))
    if row is None:
        if label in required:
            bad += 1
            print("row %s not on the screen" % label)
        continue
    seen += 1
    want = ''.join(ns[a] for a, b in columns(t0, t1, ncols))
    if row != want:
        bad += 1
        print("row %s\n  got  '%s'\n  want '%s'" % (label, row, want))
sys.exit(1 if bad or not seen else 0)
PY
}
tui_start f 129 12 -- "$tmp/a" && rows_as_spec f 129 0 1000 "5 a,6 b" > "$tmp/f.diff"
ok $? "view 1, 100 columns over the 1000 ns of A: tasks a and b letter by letter (10 ns a column)"
sed 's/^/# /' "$tmp/f.diff"
tui_key f 2 && rows_as_spec f 129 0 1000 "cpu 0" > "$tmp/f.diff"
ok $? "view 2: cpu 0 letter by letter"
sed 's/^/# /' "$tmp/f.diff"
is "$(tui_quit f)" 0 "q: status 0"
# zoomed out, an irq whose handler ran for less than half of a column
# (none there by the majority rule) still shows, its letter dimmed: 39
# columns over the 1000 ns of A, the timer's 200-210 ns is 5 ns of
# columns 7 and 8 (of 25 or 26 ns)
tui_start iz 60 12 -- "$tmp/a" && tui_key iz 2
python3 - "$(tui_screen iz -e)" <<'PY'
import sys
from tuicheck import *
rows = {text_of(al)[:20].split(' ')[0] + ' ' + text_of(al)[:20].split(' ')[1]: al[21:60]
        for al in attr_lines(sys.argv[1]) if text_of(al)[:3] in ('vec', 'irq')}
def cells(label):
    return [(i, c, 'dim' in a) for i, (c, a) in enumerate(rows.get(label, [])) if c != ' ']
got = cells('vec 0xec')
want = [(7, 'I', True), (8, 'I', True)]
print("got %s" % (got,))
sys.exit(got != want)
PY
ok $? "view 2 zoomed out: an irq handler shorter than half a column still shows, dimmed (nothing vanishes)"
is "$(tui_quit iz)" 0 "q: status 0"
tui_start z 80 24 -- "$tmp/a"
tui_input z g 0.0000002 && tui_key z m && tui_input z g 0.00000079 && tui_key z M z
tui_wait z '^cursor 0\.000000790  window 590 ns  A 0\.000000200  B 0\.000000790  B-A 590 ns$' >/dev/null
ok $? "markers A at 200 ns, B at 790 ns (typed with g), z: the window is B-A, 590 ns"
rows_as_spec z 80 200 790 "5 a,6 b" > "$tmp/z.diff"
ok $? "59 columns of 10 ns from 200 ns: tasks a and b letter by letter"
sed 's/^/# /' "$tmp/z.diff"
tui_input z g 0.00000044
for i in 1 2 3 4 5 6; do tui_key z +; done
tui_wait z '^cursor 0\.000000440  window 59 ns ' >/dev/null
ok $? "+ zooms in at the cursor down to one nanosecond per column (59 ns over 59 columns)"
t0=$(tui_screen z | python3 -c 'import sys; from tuicheck import *; print(ruler_t0(sys.stdin.read().split("\n"), 80))')
rows_as_spec z 80 "$t0" "$((t0 + 59))" "5 a,6 b" > "$tmp/z.diff"
ok $? "at 1 ns a column from $t0 ns: every nanosecond of a and b as test-view.c has it"
sed 's/^/# /' "$tmp/z.diff"
is "$(tui_quit z)" 0 "q: status 0"

# the cursor keys move by whole columns, whatever the window: A at 200 ns,
# B at 800 ns, z: 600 ns over 59 columns (10.17 ns each, the columns do
# not divide it); l one column, L ten, h one back, H ten (Left and Right
# are the state changes of the keymap, tests/host/keys.t)
# (issue 36: l moved one column from the window's start and then never
# again, L 9, h 2: a column's start read as the column before)
tui_start k 80 24 -- "$tmp/a"
tui_input k g 0.0000002 && tui_key k m && tui_input k g 0.0000008 && tui_key k M z &&
	tui_input k g 0.0000002
tui_wait k '^cursor 0\.000000200  window 600 ns ' >/dev/null
ok $? "k: the window 200 to 800 ns (600 ns over 59 columns), the cursor at its start"
col=0 moved=0 want=
for key in l l l l l l l l L L l L h h h h H H h h; do
	case $key in l) d=1 ;; L) d=10 ;; h) d=-1 ;; H) d=-10 ;; esac
	col=$((col + d))
	want=$((200 + 600 * col / 59))
	tui_key k "$key" &&
		tui_wait k "^cursor $(printf '0\\.%09d' "$want")  window 600 ns " >/dev/null || break
	moved=$((moved + 1))
done
is "$moved" 20 "20 cursor keys, each to the first nanosecond of its column (last: column $col at $want ns)"
tui_input k g 0.00000045 && tui_key k + +
tui_wait k '^cursor 0\.000000450  window 150 ns ' >/dev/null
ok $? "zoomed in twice at 450 ns: 150 ns over 59 columns"
t0=$(tui_screen k | python3 -c 'import sys; from tuicheck import *; print(ruler_t0(sys.stdin.read().split("\n"), 80))')
c0=$(( ( (450 - t0 + 1) * 59 - 1 ) / 150 ))
moved=0
for i in $(seq 1 12); do
	want=$((t0 + 150 * (c0 + i) / 59))
	tui_key k l && tui_wait k "^cursor $(printf '0\\.%09d' "$want") " >/dev/null || break
	moved=$((moved + 1))
done
is "$moved" 12 "at 150 ns a window from $t0 ns: l 12 times, a column each (column $((c0 + moved)))"
is "$(tui_quit k)" 0 "q: status 0"

# --- 3b. zombies: scenario Z of utest/scenarios.h ---------------------------
# 20 dies at 320 ns and is reaped at 540, 30 (never seen alive) at 220
python3 - "$TOP/tracevisualizer/utest/scenarios.h" > "$tmp/zb.desc" <<'PY'
import re, sys
src = open(sys.argv[1]).read().replace('" events "', '" "events=all details=all" "')
body = re.search(r'#define Z_DESC\(events\) \\\n((?:\s*".*"\s*\\?\n)+)', src).group(1)
print(''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', body)).replace('\\n', '\n'), end='')
PY
$gen "$tmp/zb" < "$tmp/zb.desc" && $tv check "$tmp/zb" > /dev/null
ok $? "scenario Z written (utest/scenarios.h), its views agree with the accounting"
tui_start zb 129 12 -- "$tmp/zb" && tui_wait zb '^ +30 old ' > /dev/null &&
	tui_screen zb > "$tmp/zb.rows" && python3 - "$tmp/zb.rows" <<'PY'
import sys
from tuicheck import *
scr = lines(sys.argv[1])
r20, r30 = graph_row(scr, 129, r'^ *20 '), graph_row(scr, 129, r'^ *30 ')
good = (r20 is not None and r20[32:54] == 'Z' * 22 and not r20[54:].strip() and
        'Z' not in r20[:32] and r30 == 'Z' * 22 + ' ' * 78)
if not good:
    print("row 20 '%s'\nrow 30 '%s'" % (r20, r30))
sys.exit(0 if good else 1)
PY
okscr zb "view 1 of scenario Z at 10 ns a column: 20 a zombie (Z) from 320 to 540 ns, 30 from the start to 220 ns, nothing after their reaps"
is "$(tui_quit zb)" 0 "q: status 0"

# --- 4. search: the K-th open of /etc/passwd --------------------------------
nomarks
expr='type == fs_open && filename == "/etc/passwd"'
$tv dump --json --filter "$expr" "$tmp/w" > "$tmp/opens.json"
mapfile -t opens < <(python3 -c '
import sys
from tuicheck import *
for e in load(sys.argv[1])["events"]:
    print(fmt_time(e["rel_ns"]), e["cpu"], e["pid"], e["desc"])
print(event_line(load(sys.argv[1])["events"][2], "reader"))' "$tmp/opens.json")
line3=${opens[NOPEN]}
unset "opens[NOPEN]"
is "${#opens[@]}" "$NOPEN" "dump --filter finds the $NOPEN opens of /etc/passwd"
K=4
match_re() { local t c p d; read -r t c p d <<< "${opens[$1]}"; echo "^$(tui_re "match $t cpu $c pid $p: $d")\$"; }
tui_start s 120 30 -- "$tmp/w"
tui_input s / "$expr"
tui_wait s "$(match_re 0)" >/dev/null
ok $? "/ EXPR Enter: the first match, from the start (${opens[0]%% *})"
for i in $(seq 2 $K); do tui_key s n; done
tui_wait s "$(match_re $((K - 1)))" >/dev/null && tui_wait s "^cursor $(tui_re "${opens[K - 1]%% *}") " >/dev/null
ok $? "n $((K - 1)) times: the ${K}th open (${opens[K - 1]%% *}), the cursor on it"
tui_key s N
tui_wait s "$(match_re $((K - 2)))" >/dev/null
ok $? "N: back to the $((K - 1))th (${opens[K - 2]%% *})"
for i in $(seq $((K - 1)) $NOPEN); do tui_key s n; done
tui_wait s "^no match after the cursor for: type == fs_open" >/dev/null
ok $? "n past the last: 'no match after the cursor'"
tui_key s 6 && tui_xkey s home
tui_input s / "$expr"
tui_wait s "$(match_re 0)" >/dev/null && tui_key s n n && tui_wait s "$(match_re 2)" >/dev/null
ok $? "in the events view too: from the first event, the 1st then the 3rd"
[ "$(selected s)" = "$line3" ]
ok $? "and the selected line is that event, as dump prints it"
is "$(tui_quit s)" 0 "q: status 0"

# --- 5. markers -------------------------------------------------------------
nomarks
tui_start m 120 30 -- "$tmp/w"
tui_input m g 0.000000123 && tui_key m m && tui_input m g 0.004567891 && tui_key m M
tui_wait m '^cursor 0\.004567891  window 20\.000000 ms  A 0\.000000123  B 0\.004567891  B-A 4\.567768 ms$' >/dev/null
ok $? "m at 0.000000123, M at 0.004567891: the status line shows A, B and B-A = 4.567768 ms exactly"
tui_input m g -4ms && tui_key m m
tui_wait m '^cursor 0\.000567891 .* A 0\.000567891  B 0\.004567891  B-A 4\.000000 ms$' >/dev/null
ok $? "g -4ms (relative), m: A moves, B-A = 4.000000 ms"
# a time outside the trace: said with the trace's span, the cursor stays
# (issue 36, item 7: -1s was clamped to the start without a word)
tui_input m g 5 && tui_wait m '5 is after the end of the trace: it spans 0 to 0\.0[0-9]{8} s after its start' >/dev/null
ok $? "g 5 on a trace of some ms: refused, the trace's span said"
tui_input m g -1s && tui_wait m '-1s is before the start of the trace: it spans 0 to' >/dev/null
ok $? "g -1s from 0.000567891: refused as before the start, not clamped"
tui_key m m && tui_wait m ' A 0\.000567891  B 0\.004567891' >/dev/null
ok $? "the cursor did not move (m puts A where it was)"
tui_input m g @0 && tui_wait m '@0 is before the start of the trace' >/dev/null
ok $? "g @0: an absolute time before the trace is refused"
is "$(tui_quit m)" 0 "q: status 0"

# --- 6. resizing --------------------------------------------------------------
nomarks
tui_start r 200 50 -- --rows pid "$tmp/w"
tui_input r g 0.012345678
tui_screen r > "$tmp/r.before"
tui_resize r 80 24
tui_screen r > "$tmp/r.small"
[ "$(tail -n 1 "$tmp/r.small")" = "cursor 0.012345678  window 20.000000 ms" ] && [ "$(wc -l < "$tmp/r.small")" = 24 ]
okscr r "resized to 80x24: the status line still shows the cursor at 0.012345678"
python3 - "$tmp/r.small" <<'PY'
import sys
from tuicheck import *
s = lines(sys.argv[1])[:24]
ok = (len(s) == 24 and all(len(l) <= 80 for l in s) and s[0].startswith(" LTT  1 Flow") and
      " 8 Latency " in s[0] and s[0].rstrip().endswith(" ?") and s[1].startswith("    pid task") and
      s[1].rstrip().endswith("0.020000000") and len(s[1].rstrip()) == 80 and
      [l.split()[0] for l in s[2:7]] == ["1", "100", "101", "200", "300"] and
      all(28 <= len(l) <= 80 for l in s[2:7]) and s[22].startswith("1 init: "))
sys.exit(0 if ok else 1)
PY
ok $? "and the screen is whole: title (every view, and '?'), ruler and five rows of 80 columns, info and status lines"
tui_resize r 200 50
tui_screen r > "$tmp/r.after"
cmp -s "$tmp/r.before" "$tmp/r.after"
ok $? "back to 200x50: the very same screen as before"
tui_resize r 39 9
tui_wait r '^terminal too small: 39x9' >/dev/null
ok $? "39x9: 'terminal too small' instead of the views"
tui_resize r 200 50
tui_screen r > "$tmp/r.after"
cmp -s "$tmp/r.before" "$tmp/r.after"
ok $? "200x50 again: the same screen, cursor kept"
is "$(tui_quit r)" 0 "q: status 0"

# --- 7. a truncated trace, a missing one -------------------------------------
read -r mid edge < <(PYTHONPATH=tests/lib python3 - "$tmp/w/events" <<'PY'
import sys
from lttfmt import BUFFER_HEADER as BH
d = open(sys.argv[1], 'rb').read()
off, bufs = 0, []
while off + BH.size <= len(d):
    size = BH.get(d, 'data_size', off)
    bufs.append((off, BH.size + size))
    off += BH.size + size
print(bufs[1][0] + bufs[1][1] // 2, bufs[2][0])
PY
)
cp -r "$tmp/w" "$tmp/tm" && truncate -s "$mid" "$tmp/tm/events" && rm -f "$tmp/tm/bookmarks.json"
cp -r "$tmp/w" "$tmp/te" && truncate -s "$edge" "$tmp/te/events" && rm -f "$tmp/te/bookmarks.json"
$tv summary --strict "$tmp/tm" > /dev/null 2> "$tmp/tm.err"; st=$?
# the views' warnings: the reader's, then the CPUs whose events end early
# (the accounting's cut), in the words the command line prints them
$tv processes --salvage "$tmp/tm" > /dev/null 2> "$tmp/tm.salvage"
grep -q ": warning: cpu [0-9]*: its events end at " "$tmp/tm.salvage"
ok $? "the cut trace has a CPU whose events end before the stop"
[ $st = 1 ] && grep -q 'truncated buffer' "$tmp/tm.err"
ok $? "the events file cut in the middle of a buffer ($mid bytes): the reader refuses it with --strict"
# no option: opened as the window and the command line open it (issue 36,
# item 13: the TUI refused it without --salvage)
tui_start t 120 30 -- "$tmp/tm"
tui_wait t '^Warnings: figures near these times or CPUs may be wrong  \(Esc: back\)$' >/dev/null &&
	[[ $(tui_line t 1) =~ W:warnings\ \?\ help\ *$ ]]
ok $? "a damaged trace, no option: the TUI opens on the warnings page, 'W:warnings' in the title"
python3 - "$tmp/t.screen" "$tmp/tm.salvage" <<'PY'
import re, sys
scr = lines = open(sys.argv[1]).read().split('\n')
text, cur = [], None
for l in scr[2:-3]:
    if l.startswith('  ') and not l.startswith('    '):
        cur = l[2:].rstrip()
        text.append(cur)
    elif l.startswith('    ') and text:
        text[-1] += ' ' + l.strip()
want = [re.sub(r'^tracevisualizer: warning: ', '', l) for l in open(sys.argv[2]).read().splitlines()]
ok = len(want) > 0 and text == want
if not ok:
    print("# got  %s\n# want %s" % (text, want))
sys.exit(0 if ok else 1)
PY
ok $? "every warning of the reader and every cut CPU, whole (wrapped), as processes --salvage prints them"
tui_key t Escape && view_shown t 1 && tui_key t W &&
	tui_wait t '^Warnings: figures near' >/dev/null
ok $? "Esc: the flow view; W: the warnings again"
is "$(tui_quit t)" 0 "q: status 0"
tui_start t8 80 24 -- --salvage "$tmp/tm" && [[ $(tui_line t8 1) =~ 6\ Events\ \ 7\ Paths\ \ 8\ Latency\ +W!\ \?\ *$ ]]
ok $? "at 80 columns the title still says there are warnings ('W! ?')"
tui_quit t8 > /dev/null
$tv summary "$tmp/te" > /dev/null 2> "$tmp/te.err"; st=$?
tui_start te 120 30 -- "$tmp/te" && [[ $(tui_line te 2) =~ ^\ \ \ \ pid\ task\ +0\.000000000- ]]
a=$?
! [[ $(tui_line te 1) =~ W: ]]; b=$?
[ $st = 0 ] && [ ! -s "$tmp/te.err" ] && [ $a = 0 ] && [ $b = 0 ]
ok $? "cut at a buffer boundary ($edge bytes): the reader cannot tell (summary: no warning), the TUI neither: the flow view, no W"
tui_quit te > /dev/null
tui_shell sh 120 30
ok $? "an interactive shell in tmux"
tui_typeline sh "tracevisualizer tui --strict $tmp/tm; echo tui-exit=\$?"
tui_wait sh '^tui-exit=1$' >/dev/null &&
	tui_screen sh -J | grep -qxF "$(cat "$tmp/tm.err")"
ok $? "--strict: exit status 1 and the reader's message, as summary --strict prints it"
tui_typeline sh "tracevisualizer tui $tmp/missing; echo tui-exit=\$?"
tui_wait sh '^tui-exit=1$' >/dev/null &&
	tui_wait sh "^tracevisualizer: $tmp/missing/header: cannot open: No such file or directory\$" >/dev/null
ok $? "a missing directory: exit status 1, 'DIR/header: cannot open: No such file or directory'"
stty_check() {
	tui_typeline "$1" 'stty -a | tr " ;" "\n\n" | grep -xE -- "-?(icanon|echo|icrnl|opost|isig)" | sort | tr "\n" " "; echo stty-done'
	tui_wait "$1" '^echo icanon icrnl isig opost stty-done$' >/dev/null
}
stty_check sh
ok $? "the shell's prompt is back, the terminal sane (echo icanon icrnl isig opost)"

# --- 8. NO_COLOR ------------------------------------------------------------
nomarks
tui_start mono 129 12 NO_COLOR=1 -- "$tmp/a" && rows_as_spec mono 129 0 1000 "5 a,6 b" > "$tmp/mono.diff"
ok $? "NO_COLOR=1: the rows show the same letters"
tui_screen mono -e > "$tmp/mono.e"
tui_start color 129 12 -- "$tmp/a" && tui_screen color -e > "$tmp/color.e"
python3 - "$tmp/mono.e" "$tmp/color.e" <<'PY'
import re, sys
def params(path):
    p = set()
    for m in re.finditer(r'\x1b\[([0-9;]*)m', open(path).read()):
        p.update(int(x) for x in m.group(1).split(';') if x)
    return p
mono, color = params(sys.argv[1]), params(sys.argv[2])
colours = {x for x in mono if 30 <= x <= 38 or 40 <= x <= 48 or 90 <= x <= 107}
print("# attributes without colours: %s; with: %s" % (sorted(mono), sorted(color)))
sys.exit(0 if not colours and {1, 4, 7} <= mono and any(30 <= x <= 47 for x in color) else 1)
PY
ok $? "and no colour in its escape sequences, only bold, underline, reverse (colours without NO_COLOR)"
tui_quit mono > /dev/null; tui_quit color > /dev/null
# outside UTF-8 (LANG=C) the histograms are ASCII: " .:-=+*#@"
tui_start asc 200 12 LANG=C -- "$tmp/w" && tui_key asc 4 && tui_screen asc > "$tmp/asc" &&
	tui_start utf 200 12 -- "$tmp/w" && tui_key utf 4 && tui_screen utf > "$tmp/utf"
[[ $(sed -n 3p "$tmp/asc") =~ ^read\ .*\ @$ ]] && [[ $(sed -n 3p "$tmp/utf") =~ ^read\ .*\ █$ ]] &&
	! LC_ALL=C grep -q $'[\x80-\xff]' "$tmp/asc"
ok $? "LANG=C: the histograms in ASCII (the tallest bar @), nothing but ASCII on the screen; UTF-8: block characters"
tui_quit asc > /dev/null; tui_quit utf > /dev/null

# --- 9. bookmarks and markers, kept for the next session --------------------
cp -r "$tmp/w" "$tmp/b" && rm -f "$tmp/b/bookmarks.json"
tui_start b1 120 30 -- "$tmp/b"
tui_input b1 g 0.005 && tui_input b1 b "first mark"
tui_wait b1 "^bookmark \"first mark\" at 0\\.005000000 saved in $tmp/b/bookmarks.json\$" >/dev/null
ok $? "b NAME Enter: 'bookmark \"first mark\" at 0.005000000 saved in TRACE/bookmarks.json'"
tui_input b1 g 0.001 && tui_key b1 m && tui_input b1 g 0.002 && tui_key b1 M
is "$(tui_quit b1)" 0 "markers A, B set; q: status 0"
pyok "bookmarks.json: the bookmark (name, time_ns, rel_ns) and the markers (a_ns, b_ns)" '
import json, sys
j = json.load(open(sys.argv[1]))
s = 1000000000
sys.exit(0 if j["version"] == 1 and j["bookmarks"] == [{"name": "first mark", "time_ns": s + 5000000, "rel_ns": 5000000}]
         and j["markers"] == {"a_ns": s + 1000000, "b_ns": s + 2000000} else 1)' "$tmp/b/bookmarks.json"
tui_start b2 120 30 -- "$tmp/b"
tui_wait b2 '^cursor 0\.000000000  window 20\.000000 ms  A 0\.001000000  B 0\.002000000  B-A 1\.000000 ms$' >/dev/null
ok $? "the next session: markers A and B restored"
tui_key b2 B
tui_wait b2 '^Bookmarks  \(Enter: go there, d: delete, Esc: back\)$' >/dev/null &&
	tui_wait b2 '^       0\.005000000  first mark$' >/dev/null
ok $? "B lists the bookmark"
tui_key b2 Enter
tui_wait b2 '^cursor 0\.005000000 ' >/dev/null && [ "$(last_view b2)" = 1 ] && [[ $(tui_line b2 2) =~ ^\ \ \ \ pid\ task ]]
okscr b2 "Enter goes there: cursor 0.005000000, back in the view"
is "$(tui_quit b2)" 0 "q: status 0"
# a bookmarks.json that cannot be read (a directory): said at the start;
# the next save keeps it as bookmarks.json.damaged (lttr/view/bookmarks.h)
cp -r "$tmp/w" "$tmp/bd" && rm -f "$tmp/bd/bookmarks.json" && mkdir "$tmp/bd/bookmarks.json"
tui_start bd 120 30 -- "$tmp/bd"
tui_wait bd "^bookmarks not read: $(tui_re "$tmp/bd/bookmarks.json"): .*Is a directory" >/dev/null
ok $? "bookmarks.json a directory: 'bookmarks not read: ... Is a directory' at the start"
tui_input bd b "x"
tui_wait bd '^bookmark "x" at 0\.000000000 saved in ' >/dev/null &&
	[ -d "$tmp/bd/bookmarks.json.damaged" ] && [ -f "$tmp/bd/bookmarks.json" ]
ok $? "b: saved, the directory kept aside as bookmarks.json.damaged"
is "$(tui_quit bd)" 0 "q: status 0, no crash"
# a read-only trace directory (mode 0555): root writes through a mode, so
# as root (CI) the TUI runs as nobody (setpriv); any other user runs it as
# itself.  Either way the check runs: only root without setpriv skips it
# (LTT_REQUIRE_ALL=1: a failure).
ro_user=
if [ "$(id -u)" != 0 ]; then
	ro_user="as user $(id -u)"
elif command -v setpriv >/dev/null; then
	ro_user="as nobody (setpriv)"
else
	skip_missing "read-only trace as root: setpriv (util-linux) missing to run the TUI as nobody"
fi
if [ -n "$ro_user" ]; then
	cp -r "$tmp/w" "$tmp/ro" && rm -f "$tmp/ro/bookmarks.json" && chmod -R a+rX,a-w "$tmp/ro" &&
		chmod 711 "$tmp" && : > "$tmp/ro-run.timing" && chmod 666 "$tmp/ro-run.timing"
	TUI_PROG_SAVED=$TUI_PROG
	as=()
	if [ "$(id -u)" = 0 ]; then
		as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
		cat > "$tmp/as-nobody" <<EOF
#!/bin/sh
exec ${as[*]} $TUI_PROG_SAVED "\$@"
EOF
		chmod 755 "$tmp/as-nobody"
		TUI_PROG=$tmp/as-nobody
	fi
	# not writable by the user the TUI runs as: else the check checks nothing
	! "${as[@]}" test -w "$tmp/ro"
	ok $? "the trace directory is not writable by the user the TUI runs $ro_user"
	tui_start ro-run 120 30 -- "$tmp/ro"
	ok $? "a read-only trace (mode 0555), the TUI run $ro_user"
	tui_input ro-run b "y"
	tui_wait ro-run '^bookmark kept for this session only: .*(ermission|ead-only)' >/dev/null
	ok $? "b: 'bookmark kept for this session only: ... permission denied'"
	is "$(tui_quit ro-run)" 0 "q: status 0, no crash"
	[ ! -e "$tmp/ro/bookmarks.json" ]; ok $? "nothing written in the trace"
	TUI_PROG=$TUI_PROG_SAVED
	chmod -R u+w "$tmp/ro"
fi

# --- 10. the filter ---------------------------------------------------------
nomarks
# dimmed CELLS ROWS-FROM ROWS-TO: the first field of each line in the range
# of the -e capture whose text after the label (the cells, or the time of
# an event line) is dim, then "/", then the others
dimmed() {
	python3 - "$1" "$2" <<'PY' "$(tui_screen fl -e)"
import sys
from tuicheck import *
a, b = int(sys.argv[1]), int(sys.argv[2])
dim, bright = [], []
for al in attr_lines(sys.argv[3])[a - 1:b]:
    t = text_of(al)
    if not t.strip():
        continue
    body = al[30:] if t.lstrip()[0].isdigit() and '.' not in t.split()[0] else al[:16]
    (dim if body and all('dim' in x for _c, x in body if _c != ' ') else bright).append(t.split()[0])
print(" ".join(dim), "/", " ".join(bright))
PY
}
tui_start fl 120 30 -- --rows pid "$tmp/w"
tui_input fl f 'pid == 200'
tui_wait fl '^cursor .*  filter\(dim\): pid == 200$' >/dev/null && tui_wait fl '^filter set; F: hide the rest$' >/dev/null
ok $? "f pid == 200: the filter in the status line"
is "$(dimmed 3 7)" "1 100 101 300 / 200" "dim: the five task rows shown, all but pid 200's dimmed"
tui_key fl F
tui_wait fl '^cursor .*  filter\(hide\): pid == 200$' >/dev/null &&
	[ "$(tui_screen fl | sed -n '3,28p' | grep -c .)" = 1 ] && [[ $(tui_line fl 3) =~ ^\ +200\ reader\ +[UiSr] ]]
ok $? "F: hidden: only the row of pid 200 left"
tui_key fl 3 && tui_top fl && tui_key fl j Enter &&
	tui_wait fl '^process 100 server ' >/dev/null && tui_wait fl '^    100 server +[a-zA-Z]' >/dev/null &&
	tui_wait fl '^      101 server +[a-zA-Z]' >/dev/null
okscr fl "the page of process 100 while the filter hides it: its timeline still has its two threads"
tui_key fl Escape 1
tui_key fl 6
python3 - <<'PY' "$(tui_screen fl)"
import sys
ev = [l for l in sys.argv[1].split('\n')[2:28] if l.strip()]
sys.exit(0 if len(ev) > 10 and all(l.split()[2] == '200' for l in ev) else 1)
PY
okscr fl "view 6 with the filter hiding: every event line is of pid 200"
tui_key fl F
python3 - <<'PY' "$(tui_screen fl -e)"
import sys
from tuicheck import *
ok = n = 0
for al in attr_lines(sys.argv[1])[2:28]:
    t = text_of(al).split()
    if len(t) < 3 or 'reverse' in al[0][1]:
        continue
    n += 1
    ok += all('dim' in a for c, a in al[5:16]) == (t[2] != '200')
sys.exit(0 if n > 10 and ok == n else 1)
PY
ok $? "F again: all events shown, those of other pids dimmed, pid 200's not"
msg=$($tv dump --filter 'pid == ' "$tmp/w" 2>&1 | sed -n 's/^tracevisualizer: bad --filter expression "pid == ": //p')
tui_input fl f 'pid == '
tui_wait fl "^$(tui_re "filter: $msg")\$" >/dev/null && tui_wait fl '^cursor .*  filter\(dim\): pid == 200$' >/dev/null
ok $? "a malformed expression: 'filter: $msg', the filter kept"
tui_input fl f 'pid == 200 &&'
tui_wait fl "^$(tui_re "filter: at character 14: expected a field name, '!' or '(', found the end of the expression")\$" >/dev/null
ok $? "another: the position of the problem (character 14)"
is "$(tui_quit fl)" 0 "q: status 0"

# --- 11. the events view follows the cursor ---------------------------------
nomarks
T=0.006000000
mapfile -t evs < <(python3 -c '
import sys
from tuicheck import *
ev = load(sys.argv[1])["events"]
comm = {200: "reader", 100: "server", 101: "server", 300: "sleeper", 0: "idle"}
i = next(i for i, e in enumerate(ev) if e["rel_ns"] >= 6000000)
k = next(i for i, e in enumerate(ev) if e["rel_ns"] >= 12300000)
for e in ev[i:i + 3] + ev[:2] + [ev[k]]:
    print(event_line(e, comm[e["pid"]]))' "$tmp/w.dump.json")
cursor_of() { echo "$1" | awk '{print $1}'; }
tui_start e 120 30 -- "$tmp/w"
tui_input e g $T && tui_key e 6
[ "$(selected e)" = "${evs[0]}" ] && tui_wait e "^cursor $(tui_re $T) " >/dev/null
ok $? "g $T, 6: the selected line is the first event at or after it:$(cursor_of "${evs[0]}")"
tui_key e j
[ "$(selected e)" = "${evs[1]}" ] && tui_wait e "^cursor $(tui_re "$(cursor_of "${evs[1]}")") " >/dev/null
a=$?
tui_key e j
[ "$(selected e)" = "${evs[2]}" ] && tui_wait e "^cursor $(tui_re "$(cursor_of "${evs[2]}")") " >/dev/null
ok $((a + $?)) "j, j: the next events selected, the cursor in the status line on each"
tui_key e k
[ "$(selected e)" = "${evs[1]}" ] && tui_wait e "^cursor $(tui_re "$(cursor_of "${evs[1]}")") " >/dev/null
ok $? "k: back one"
tui_input e g 0 && [ "$(selected e)" = "${evs[3]}" ] && tui_key e j && [ "$(selected e)" = "${evs[4]}" ] &&
	tui_wait e '^cursor 0\.000000000 ' >/dev/null
ok $? "two events at the same time (0, cpus 0 and 1): j selects the second, the cursor stays"
tui_key e 1 && tui_input e g 0.0123 && tui_key e 6 && [ "$(selected e)" = "${evs[5]}" ]
ok $? "the cursor moved in view 1 (g 0.0123): view 6 follows"
is "$(tui_quit e)" 0 "q: status 0"

# --- 12. Esc cancels the load of a big trace --------------------------------
# in the shell of section 7, as a person would; should the load end before
# Esc arrives (a faster machine), a bigger trace is tried
canceled=1
for n in 3000000 12000000; do
	$genbig -n "$n" "$tmp/big" > /dev/null 2>&1 || break
	tui_typeline sh "clear; tracevisualizer tui $tmp/big; echo tui-exit=\$?"
	tui_wait sh 'Esc cancels' >/dev/null && tui_send sh Escape
	tui_wait sh '^tui-exit=|^ LTT  1 Flow' >/dev/null
	if tui_screen sh | grep -q '^ LTT  1 Flow'; then
		tui_send sh q
		tui_wait sh '^tui-exit=' >/dev/null
		diag "the load of $n events ended before Esc: a bigger trace"
		rm -rf "$tmp/big"
		continue
	fi
	tui_screen sh | grep -q '^tui-exit=130$' && canceled=0
	break
done
[ $canceled = 0 ] && tui_screen sh | grep -qx 'tracevisualizer: canceled while reading the trace'
ok $? "Esc during the progress bar of $n events: 'canceled while reading the trace', exit status 130"
stty_check sh
ok $? "the prompt is back, the terminal sane"
# keys typed while a search reads the whole trace (no event of pid 99999)
# are kept for after it
tui_start tb 120 30 -- "$tmp/big"
n=$(tui_nkeys tb)
tui_send tb / && tui_send tb -l -- 'pid == 99999' && tui_send tb Enter 3 && tui_wait_keys tb $((n + 2)) &&
	[ "$(last_view tb)" = 3 ] && [[ $(tui_line tb 2) =~ ^\ +pid\^\ name\  ]]
okscr tb "3 typed at once after '/ pid == 99999 Enter' (a search through all the events): the search ends, then view 3"
is "$(tui_quit tb)" 0 "q: status 0"
rm -rf "$tmp/big"

# --- 13. the mouse ------------------------------------------------------------
nomarks
# xterm's SGR mouse reports (TERM=xterm-256color), written as the terminal
# would write them
tui_start ms 129 12 -- "$tmp/a"
mouse() {	# NAME BUTTON X Y [RELEASE]: X, Y 1-based
	local n r=""
	n=$(tui_nkeys "$1")
	[ -n "${5:-}" ] && r=$(printf '\033[<%d;%d;%dm' "$2" "$3" "$4")
	tui_send "$1" -l "$(printf '\033[<%d;%d;%dM' "$2" "$3" "$4")$r"
	_until "$TUI_TIMEOUT" _more_keys "$1" "$n"
}
mouse ms 0 $((29 + 50 + 1)) 4 release
tui_wait ms '^cursor 0\.000000500  window 1\.000 us$' >/dev/null && tui_wait ms '^6 b: runnable' >/dev/null
okscr ms "a click (press, release) on row b at column 50: cursor 0.000000500, row b selected"
mouse ms 64 $((29 + 50 + 1)) 4
tui_wait ms '^cursor 0\.000000500  window 500 ns$' >/dev/null
ok $? "the wheel up zooms in at the cursor: 500 ns"
mouse ms 65 $((29 + 50 + 1)) 4
tui_wait ms '^cursor 0\.000000500  window 1\.000 us$' >/dev/null
ok $? "the wheel down zooms out: 1 us"
is "$(tui_quit ms)" 0 "q: status 0"
done_testing
