#!/bin/bash
# The timing commands on synthetic traces: latency --kind of every kind on
# a simulated two-CPU trace (utest/gen-sim), its --json with --instances
# checked figure by figure against the instances it lists
# (tests/lib/timingcheck.py), --threshold (the list over it, exit status 3,
# 0 when none), --explain (each explanation tiles its instance), --what,
# --pid, --from/--to, --png; the text forms; explain --at and
# critical-path on the pipe chain of utest/test-explain.c (scenario P)
# with the segments worked out by hand; usage errors.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
ut=$TOP/tracevisualizer/build/utest
[ -x "$ut/gen-sim" ] || make -s -C tracevisualizer >/dev/null

"$ut/gen-sim" 6000 3 | "$ut/gen-trace" "$tmp/sim"
ok $? "gen-sim | gen-trace writes the simulated trace"

for k in wakeup irq softirq syscall timer; do
	thr=20us
	case $k in irq | softirq) thr=500ns ;; esac
	$tv latency --kind $k --json --instances --threshold $thr --worst 5 "$tmp/sim" > "$tmp/$k.json"
	st=$?
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["over"] else 1)' "$tmp/$k.json"
	[ $? = 0 ] && want=3 || want=0
	is "$st" "$want" "latency --kind $k --threshold: exit status $want (3 when an instance is over it)"
	$tv latency --kind $k --explain --worst 3 --json "$tmp/sim" > "$tmp/$k.ex.json"
	ok $? "latency --kind $k --explain --json"
	$tv latency --kind $k --explain --worst 3 "$tmp/sim" > "$tmp/$k.txt"
	ok $? "latency --kind $k --explain, text"
done
checks < <(PYTHONPATH=tests/lib python3 - "$tmp" <<'PY'
import sys
from check import ok, load, done
from timingcheck import check_latency, check_explanation
d = sys.argv[1]
for k in ('wakeup', 'irq', 'softirq', 'syscall', 'timer'):
    j = load('%s/%s.json' % (d, k))
    thr = j['threshold_ns']
    ok(j['kind'] == k and thr == (500 if k in ('irq', 'softirq') else 20000) and j['instances'],
       "%s: the kind, the threshold and %d instances in the JSON" % (k, len(j['instances'])))
    check_latency(j, ok, k, thr, 5)
    x = load('%s/%s.ex.json' % (d, k))
    ex = [w['explanation'] for g in x['groups'] if g['level'] == 'all' for w in g['worst']]
    ok(ex and all('explanation' in w for g in x['groups'] if g['level'] == 'all' for w in g['worst']),
       "%s --explain: every worst instance of each sub-kind explained (%d)" % (k, len(ex)))
    good = all(check_explanation(e, lambda c, m: c, k) for e in ex)
    ok(good, "%s --explain: each explanation's pieces tile its instance" % k)
    ok(all(e['start_ns'] == w['start_ns'] and e['end_ns'] == w['end_ns']
           for g in x['groups'] if g['level'] == 'all' for w in g['worst']
           for e in [w['explanation']]),
       "%s --explain: each explanation spans its instance" % k)
done()
PY
)

grep -q '^  wakeup (all tasks) ' "$tmp/wakeup.txt" && grep -q 'Histogram of wakeup (all tasks)' "$tmp/wakeup.txt" &&
	grep -q '^The 3 worst of wakeup (all tasks)' "$tmp/wakeup.txt"
ok $? "latency text: the table, the histogram and the worst of the wakeups"
grep -q 'Where the calls. time went' "$tmp/syscall.txt" && grep -q 'Periods (us)' "$tmp/timer.txt"
ok $? "latency text: the syscalls' parts, the timers' periods"

$tv latency --kind syscall --what read --json --instances "$tmp/sim" > "$tmp/read.json" &&
	$tv latency --kind syscall --pid 100,111 --json --instances "$tmp/sim" > "$tmp/pids.json" &&
	$tv latency --kind syscall --from 0.002 --to 0.004 --json --instances "$tmp/sim" > "$tmp/win.json"
ok $? "latency --what, --pid, --from --to"
checks < <(PYTHONPATH=tests/lib python3 - "$tmp" <<'PY'
import sys
from check import ok, load, done
from timingcheck import check_latency
d = sys.argv[1]
full = load('%s/syscall.json' % d)
pids = load('%s/pids.json' % d)
win = load('%s/win.json' % d)
key = lambda i: (i['start_ns'], i['end_ns'], i['pid'], i['what'])
check_latency(pids, ok, 'syscalls of 100 and 111')
ok(sorted(map(key, pids['instances'])) ==
   sorted(key(i) for i in full['instances'] if i['pid'] in (100, 111)),
   "--pid 100,111: exactly their calls (%d)" % len(pids['instances']))
t0 = full['trace']['start_ns']
ok(sorted(map(key, win['instances'])) ==
   sorted(key(i) for i in full['instances']
          if i["start_ns"] >= t0 + 2000000 and i["end_ns"] < t0 + 4000000) and
   win["from_ns"] == t0 + 2000000 and win["to_ns"] == t0 + 4000000,
   "--from 0.002 --to 0.004: exactly the calls that start and end in it (%d)" % len(win['instances']))
check_latency(win, ok, 'syscalls of the window')
rd = load('%s/read.json' % d)
ok(rd['instances'] == full['instances'], "--what keeps every instance in the JSON")
done()
PY
)
$tv latency --kind syscall --what read "$tmp/sim" > "$tmp/read.txt"
grep -q '^Histogram of read' "$tmp/read.txt" && grep -q '^  *read 100 task100 ' "$tmp/read.txt"
ok $? "latency --what read: its histogram, and its rows per task"

$tv latency --kind wakeup --png "$tmp/h.png" "$tmp/sim" > /dev/null &&
	[ "$(head -c 8 "$tmp/h.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
ok $? "latency --png writes a PNG"
# the tallest bar's count stays clear of the subtitle: above each panel's
# tallest bar, the rows holding text form three bands (title, subtitle,
# the counts), a blank row between each (issue 36: the count and the
# subtitle ran together)
/usr/bin/python3 - "$tmp/h.png" <<'PY'
import sys
from PIL import Image	# the system's python3 has it (as the GTK tests use it)
im = Image.open(sys.argv[1]).convert('RGB')
w, h = im.size
px = im.load()
bad = []
for top in range(0, h, 300):
    blue = [y for y in range(top, top + 300) for x in range(50, w - 50, 3)
            if abs(px[x, y][0] - 69) < 3 and abs(px[x, y][2] - 178) < 3]	# the bars' blue
    if not blue:
        continue
    bar_top = min(blue)
    rows = [any(sum(px[x, y]) < 300 for x in range(0, w)) for y in range(top, bar_top)]
    bands = sum(1 for i, r in enumerate(rows) if r and (i == 0 or not rows[i - 1]))
    if bands != 3:
        bad.append((top, bands))
sys.exit(1 if bad or h < 300 else 0)
PY
ok $? "latency --png: a bar's count does not run into the panel's subtitle"
$tv latency --kind wakeup --png /nonexistent/dir/h.png "$tmp/sim" > /dev/null 2> "$tmp/err"
is "$?" 1 "latency --png into a directory that does not exist: exit status 1"
$tv latency --kind irq --threshold 1s "$tmp/sim" > /dev/null
is "$?" 0 "latency --threshold 1s: nothing over it, exit status 0"

# the pipe chain: A (20) reads from B (21), which reads from C (22), which sleeps
"$ut/gen-trace" "$tmp/p" <<'DESC'
header end=1000050500
proc PID: 20; PPID: 1; TGID: 20; NAME: A
proc PID: 21; PPID: 1; TGID: 21; NAME: B
proc PID: 22; PPID: 1; TGID: 22; NAME: C
buf cpu=0 start=1000000000 pid=20
1000000000 start 20 0
1000000100 syscall_entry 0
1000000110 sched 20 21 1
1000000120 syscall_entry 0
1000000130 sched 21 22 1
1000000140 syscall_entry 35
1000000150 sched 22 0 1
1000050150 irq_entry 236 2
1000050160 wakeup 22 0 0
1000050170 irq_exit 236 2
1000050180 sched 0 22 0
1000050190 syscall_exit 35 0
1000050200 syscall_entry 1
1000050210 wakeup 21 0 0
1000050220 syscall_exit 1 1
1000050230 syscall_entry 35
1000050240 sched 22 21 1
1000050250 syscall_exit 0 1
1000050260 syscall_entry 1
1000050270 wakeup 20 0 0
1000050280 syscall_exit 1 1
1000050290 syscall_entry 0
1000050300 sched 21 20 1
1000050310 syscall_exit 0 1
DESC
$tv critical-path --pid 20 --json "$tmp/p" > "$tmp/cp.json" && $tv critical-path --pid 20 "$tmp/p" > "$tmp/cp.txt"
ok $? "critical-path --pid 20, text and --json"
$tv explain --pid 20 --at 0.000001 --json "$tmp/p" > "$tmp/at.json" && $tv explain --pid 20 --at 0.000001 "$tmp/p" > "$tmp/at.txt"
ok $? "explain --pid 20 --at 0.000001, text and --json"
$tv explain --pid 22 --at @1.00005017 --json "$tmp/p" > "$tmp/at2.json"
ok $? "explain --at with an absolute time (@, dump's second column)"
checks < <(PYTHONPATH=tests/lib python3 - "$tmp" <<'PY'
import sys
from check import ok, load, done
from timingcheck import check_critpath, check_explanation
d = sys.argv[1]
cp = load('%s/cp.json' % d)['critical_path']
T0 = 1000000000
segs = [(s['start_ns'] - T0, s['end_ns'] - T0, s['name'], s['state'], s['depth'])
        for s in cp['segments']]
ok(segs == [(0, 110, 'A', 'running', 0), (110, 130, 'B', 'running', 1),
            (130, 150, 'C', 'running', 2), (150, 50160, 'C', 'blocked_sleep', 2),
            (50160, 50180, 'C', 'runnable', 2), (50180, 50210, 'C', 'running', 2),
            (50210, 50240, 'B', 'runnable', 1), (50240, 50270, 'B', 'running', 1),
            (50270, 50300, 'A', 'runnable', 0), (50300, 50500, 'A', 'running', 0)],
   "critical path of A: A ran, B ran, C ran, C slept 50010 ns, C, B, A waited and ran (%s)" % segs)
check_critpath(cp, ok, "critical path of A")
ok(cp['totals'][0]['name'] == 'C' and cp['totals'][0]['state'] == 'blocked_sleep' and
   cp['totals'][0]['ns'] == 50010, "the first total: C's sleep, 50010 ns")
at = load('%s/at.json' % d)['explain']
ok(at['state'] == 'blocked_io' and at['what_name'] == 'read' and at['waker']['name'] == 'B' and
   at['waker']['what_name'] == 'write' and at['start_ns'] == T0 + 110 and
   at['end_ns'] == T0 + 50270, "A at 1 us: blocked in read, woken by B in write")
check_critpath(at['critical_path'], ok, "A's block explained by its path")
at2 = load('%s/at2.json' % d)['explain']
ok(at2['state'] == 'runnable' and at2['waker']['mode'] == 'irq' and
   [t['who'] for t in at2['explanation']['totals']] in (['irq', 'task'], ['task', 'irq']),
   "C at 50.170 us (absolute time): runnable, woken by the timer irq; the irq and the idle task ran")
check_explanation(at2['explanation'], ok, "C's wait for the CPU")
done()
PY
)
grep -q '^Critical path of 20 A' "$tmp/cp.txt" && grep -q 'blocked_sleep' "$tmp/cp.txt" &&
	grep -q '^20 A at 0.000001000 s: blocked (io) in read' "$tmp/at.txt" &&
	grep -q 'woken by 21 B (syscall write) on cpu 0' "$tmp/at.txt"
ok $? "critical-path and explain, text"

# usage errors, bad input
$tv latency "$tmp/sim" > /dev/null 2>&1; is "$?" 2 "latency without --kind: usage error"
$tv latency --kind bogus "$tmp/sim" > /dev/null 2>&1; is "$?" 2 "latency --kind bogus: usage error"
$tv latency --kind irq --threshold 5parsecs "$tmp/sim" > /dev/null 2>&1; is "$?" 2 "--threshold with a bad unit: usage error"
# a bare number is seconds, as in the terminal analyzer, the window and
# traced (lttr_parse_duration()); not a duration: refused naming the units
$tv latency --kind irq --json --threshold 2 "$tmp/sim" > "$tmp/thr2.json"; is "$?" 0 "--threshold 2: 2 s, nothing over it, exit status 0"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["threshold_ns"] == 2000000000 and not d["over"] else 1)' "$tmp/thr2.json"
ok $? "--threshold 2: threshold_ns 2000000000 in the JSON, none over it"
$tv latency --kind irq --json --threshold 2ns "$tmp/sim" > "$tmp/thr2ns.json"; is "$?" 3 "--threshold 2ns: instances over it, exit status 3"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["threshold_ns"] == 2 and d["over"] else 1)' "$tmp/thr2ns.json"
ok $? "--threshold 2ns: threshold_ns 2 in the JSON, instances over it"
$tv latency --kind irq --threshold -2 "$tmp/sim" > /dev/null 2> "$tmp/err"; is "$?" 2 "--threshold -2: usage error"
grep -q -- '--threshold needs a duration (e.g. 500us): a number and a unit: ns, us, ms, s, min, h or d (a bare number is seconds)' "$tmp/err"
ok $? "--threshold -2: the message names the units and what a bare number is"
$tv latency --kind syscall --what nosuchcall "$tmp/sim" > /dev/null 2>&1; is "$?" 2 "--what naming nothing: usage error"
$tv latency --kind irq --at 1 "$tmp/sim" > /dev/null 2>&1; is "$?" 2 "--at is not an option of latency"
$tv explain --pid 20 "$tmp/p" > /dev/null 2>&1; is "$?" 2 "explain without --at: usage error"
$tv explain --pid 99 --at 0 "$tmp/p" > /dev/null 2>&1; is "$?" 2 "explain of a task not in the trace: usage error"
# a time after the trace's end is an error that says its span, not "not alive" (issue 36, item 7)
$tv explain --pid 20 --at 5 "$tmp/p" > "$tmp/out" 2> "$tmp/err"; st=$?
is "$st/$(wc -c < "$tmp/out")" 2/0 "explain --at after the trace's end: usage error, nothing printed"
grep -q "^tracevisualizer: --at: 5 is after the end of the trace: it spans 0 to 0.000050500 s after its start (@1.000000000 to @1.000050500)" "$tmp/err"
ok $? "explain --at 5: the trace's span said"
$tv explain --pid 20 --at 1.00005017 "$tmp/p" > /dev/null 2>&1; is "$?" 2 "explain --at: an absolute time without @ is outside (its form says what it counts from)"
$tv critical-path --pid 99 "$tmp/p" > /dev/null 2>&1; is "$?" 2 "critical-path of a task not in the trace: usage error"
$tv critical-path "$tmp/p" > /dev/null 2>&1; is "$?" 2 "critical-path without --pid: usage error"
$tv latency --kind wakeup --pid 99 "$tmp/p" > /dev/null 2>&1; is "$?" 2 "latency --pid of a task not in the trace: usage error"
$tv latency --kind wakeup "$tmp/nothing" > /dev/null 2>&1; is "$?" 1 "latency on a missing trace: exit status 1"
$tv latency --help | grep -q -- '--threshold D'; ok $? "latency --help lists --threshold"

# one wait, one measure (issue 36 item 3): for every worst instance of the
# corpus trace's wakeup and preemption lists, explain at its last
# nanosecond gives the same wait: a wakeup latency from the same wakeup to
# the same switch in, of the same duration; the runnable state it shows
# begins at the wakeup (woken), the fork (a new task: before its first
# wakeup, docs/timing.md "Two measures of a wait") or the switch out
# (preempted, the state is the instance)
mix=tests/corpus/guest-mix
$tv latency --kind wakeup --json --worst 10 "$mix" > "$tmp/mix.json"
python3 - "$mix" "$tmp/mix.json" <<'PY' > "$tmp/mix.cmp"
import json, subprocess, sys
mix, lat = sys.argv[1], json.load(open(sys.argv[2]))
start = lat['trace']['start_ns']
bad, n = [], 0
for g in lat['groups']:
    if g['level'] != 'all':
        continue
    for i in g['worst']:
        n += 1
        at = '%.9f' % ((i['end_ns'] - 1 - start) / 1e9)
        r = subprocess.run(['tracevisualizer', 'explain', '--json', '--pid', str(i['pid']), '--at', at, mix],
                           capture_output=True, text=True)
        e = json.loads(r.stdout)['explain'] if r.returncode == 0 else {}
        wl = e.get('wakeup_latency')
        if e.get('state') != 'runnable' or e.get('end_ns') != i['end_ns']:
            bad.append((i['sub'], i['pid'], 'state', e.get('state'), e.get('end_ns'), i['end_ns']))
        elif i['sub'] == 'wakeup' and (not wl or wl['woken_ns'] != i['start_ns'] or
                                       wl['duration_ns'] != i['duration_ns'] or
                                       (e['start_ns'] != i['start_ns']) != bool(i.get('forked'))):
            bad.append((i['sub'], i['pid'], i['start_ns'], i['duration_ns'], e['start_ns'], wl))
        elif i['sub'] == 'preempt' and (wl or e['duration_ns'] != i['duration_ns'] or not e['preempted']):
            bad.append((i['sub'], i['pid'], i['duration_ns'], e['duration_ns'], wl))
print(n, bad)
PY
is "$(cat "$tmp/mix.cmp")" "20 []" \
	"latency and explain: each of the 20 worst waits of guest-mix (10 wakeups, 10 preemptions) has the same duration in both"
$tv explain --pid 60 --at 0.103 "$mix" > "$tmp/ex60.txt"
grep -q '^  from 0.102007790 to 0.104701900 s (2694.110 us)$' "$tmp/ex60.txt" &&
	grep -q '^  wakeup latency 2643.670 us, from its first wakeup after its fork at 0.102058230 s (latency --kind wakeup)$' "$tmp/ex60.txt"
ok $? "explain: pid 60 runnable from its fork (2694.110 us), its wakeup latency 2643.670 us named apart, the figure latency lists"
$tv latency --kind wakeup --pid 60 "$mix" | grep -q '0.102058230 s     2643.670 us  60 ltt-forktree'
ok $? "latency: the same wait of pid 60, 2643.670 us from its first wakeup"
done_testing
