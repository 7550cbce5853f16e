#!/bin/bash
# tracevisualizer jobs --periodic (docs/jobs.md, "Periodic tasks"): the
# jobs of tasks without markers, one per timer release, from the timer
# latency analysis' activations, on two generated traces worked out by
# hand, and jobs --png read back pixel by pixel against the JSON (PIL,
# /usr/bin/python3's).
#  - N (nanosleep, two CPUs): ctl (7) sleeps until every 1000 ns; its
#    release at 2000 waits 385 ns behind the hog (8), the one at 3000
#    overruns (runs until 4220, its sleep for 4000 has nothing left: no
#    release there), so the releases are 1000, 2000, 3000, 5000 (median
#    spacing 1000, a period_change warning at 5000) and the job of 3000
#    (1220 ns) is the one miss; once (9) sleeps once (one_release); quit
#    (10) exits inside its second job (exited).
#  - F (timerfd, tracevisualizer/utest/test-timing.c's scenario F): tick
#    (7) reads a 1000 ns timerfd, overruns (its read at 4510 counts 2
#    expiries), is woken at 6002 before it blocked, its timer is set again
#    (500 ns): 6 releases, 5 jobs (the last has no end), 3 misses.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null

$gen "$tmp/n" <<'DESC'
header ncpus=2 end=1000005500
proc PID: 7; PPID: 1; TGID: 7; NAME: ctl
proc PID: 8; PPID: 1; TGID: 8; NAME: hog
proc PID: 9; PPID: 1; TGID: 9; NAME: once
proc PID: 10; PPID: 1; TGID: 10; NAME: quit
buf cpu=0 start=1000000000 pid=7
1000000000 start 7 0
1000000100 syscall_entry 230
1000000110 timer_set_timeout 1 890
1000000120 sched 7 0 1
1000001010 irq_entry 236 2
1000001020 wakeup 7 0 0
1000001030 irq_exit 236 2
1000001040 sched 0 7 0
1000001050 syscall_exit 230 0
1000001300 syscall_entry 230
1000001310 timer_set_timeout 1 690
1000001320 sched 7 0 1
1000001490 irq_entry 236 2
1000001500 wakeup 8 0 0
1000001505 irq_exit 236 2
1000001510 sched 0 8 0
1000002005 irq_entry 236 2
1000002010 wakeup 7 0 0
1000002015 irq_exit 236 2
1000002400 sched 8 7 0
1000002410 syscall_exit 230 0
1000002700 syscall_entry 230
1000002710 timer_set_timeout 1 290
1000002720 sched 7 8 1
1000003005 irq_entry 236 2
1000003010 wakeup 7 0 0
1000003015 irq_exit 236 2
1000003020 sched 8 7 0
1000003030 syscall_exit 230 0
1000004100 syscall_entry 230
1000004110 timer_set_timeout 1 0
1000004120 syscall_exit 230 0
1000004200 syscall_entry 230
1000004210 timer_set_timeout 1 790
1000004220 sched 7 8 1
1000005005 irq_entry 236 2
1000005010 wakeup 7 0 0
1000005015 irq_exit 236 2
1000005020 sched 8 7 0
1000005030 syscall_exit 230 0
1000005290 syscall_entry 230
1000005295 timer_set_timeout 1 705
1000005300 sched 7 8 1
buf cpu=1 start=1000000000 pid=9
1000000000 start 9 1
1000000100 syscall_entry 230
1000000110 timer_set_timeout 1 400
1000000120 sched 9 10 1
1000000200 syscall_entry 230
1000000210 timer_set_timeout 1 790
1000000220 sched 10 0 1
1000000515 irq_entry 236 2
1000000520 wakeup 9 1 0
1000000525 irq_exit 236 2
1000000530 sched 0 9 0
1000000540 syscall_exit 230 0
1000000700 syscall_entry 1
1000000710 sched 9 0 1
1000001005 irq_entry 236 2
1000001010 wakeup 10 1 0
1000001015 irq_exit 236 2
1000001020 sched 0 10 0
1000001030 syscall_exit 230 0
1000001200 syscall_entry 230
1000001210 timer_set_timeout 1 790
1000001220 sched 10 0 1
1000002005 irq_entry 236 2
1000002010 wakeup 10 1 0
1000002015 irq_exit 236 2
1000002020 sched 0 10 0
1000002030 syscall_exit 230 0
1000002100 exit 10 0
1000002110 sched 10 0 128
DESC
ok $? "gen-trace writes trace N (nanosleep)"

# the figures of a result, one line per kind (names, jobs, warnings)
cat > "$tmp/fig.py" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))['jobs']
print("names", ' '.join('%s:%s:%s:%d:%d:%d:%d:%s' % (n['name'], n['source'], n.get('timer'),
      n['period_ns'], n.get('releases', 0), n['count'], n['misses'], n['deadline_ns'])
      for n in j['names']))
print("from", ' '.join(n.get('period_from', '-') for n in j['names']))
for x in j['jobs']:
    print("job", x['name'], x['begin_ns'], x['start_ns'], x['end_ns'], x['response_ns'],
          x['exec_ns'], x['runnable_ns'], x['irq_ns'], x['blocked_ns'], x['overrun_ns'],
          x['missed'], 'miss' if x['miss'] else 'ok')
print("sums", all(x['exec_ns'] + x['runnable_ns'] + x['irq_ns'] + x['softirq_ns'] +
                  x['blocked_ns'] + x['unknown_ns'] + x['overrun_ns'] == x['response_ns']
                  for x in j['jobs']))
print("warnings", ' '.join('%s:%d' % (w['kind'], w['tid']) for w in j['warnings']))
print("top", j['periodic'], j['deadline_ns'], j['misses'])
b = [x for x in j['jobs'] if x['begin_ns'] == 2000 and x['name'] == 'ctl-7']
if b:
    print("by", ' '.join('%s:%d' % (y['label'], y['runnable_ns']) for y in b[0]['by']))
PY
val() { sed -n "s/^$1 //p" "$2"; }

$tv jobs --periodic --json "$tmp/n" > "$tmp/n.json" 2> "$tmp/n.err"
is "$?" "3" "N: jobs --periodic --json: exit status 3 (a job over its period)"
python3 "$tmp/fig.py" "$tmp/n.json" > "$tmp/n.fig"
ok $? "... the JSON parses"
is "$(val names "$tmp/n.fig")" "ctl-7:timer:nanosleep:1000:4:4:1:1000 quit-10:timer:nanosleep:1000:2:1:0:1000" \
	"N: ctl-7 periodic, 4 releases, 4 jobs, period 1000 ns, 1 miss; quit-10: 2 releases, 1 job; not once-9 (one release), not hog-8"
is "$(val from "$tmp/n.fig")" "spacing spacing" "... the period from the median release spacing (nanosleep)"
is "$(val job "$tmp/n.fig" | tr '\n' '|')" \
"ctl-7 1000 1040 1320 320 280 20 0 20 0 0 ok|quit-10 1000 1020 1220 220 200 10 0 10 0 0 ok|ctl-7 2000 2400 2720 720 320 390 0 10 0 0 ok|ctl-7 3000 3020 4220 1220 1200 10 0 10 0 0 miss|ctl-7 5000 5020 5300 300 280 10 0 10 0 0 ok|" \
	"N: each job's release, first run, block, response, execution, runnable, irq, blocked, overrun, miss"
is "$(val sums "$tmp/n.fig")" "True" "... every job's parts add up to its response"
is "$(val by "$tmp/n.fig")" "hog-8:385 vector 236:5" "... the job of 2000 waited 385 ns behind the hog, 5 behind the timer irq"
is "$(val warnings "$tmp/n.fig")" "one_release:9 exited:10 period_change:7" \
	"N: warnings one_release (once-9), exited (quit-10), period_change (ctl-7, the release of 4000 missing)"
is "$(val top "$tmp/n.fig")" "True None 1" "... periodic, no --deadline, 1 miss"
grep -q "warning: task 10 exited at 0.000002110 s inside job 'quit-10' begun at 0.000002000 s (not counted)" "$tmp/n.err"
ok $? "... the exit inside a job on standard error"
grep -q "warning: task once-9 has one timer release only, at 0.000000510 s: no period (not a periodic task)" "$tmp/n.err"
ok $? "... the task of one release"
grep -q "warning: task ctl-7's releases from 0.000005000 s to 0.000005000 s came 2.000 us apart, not every 1.000 us" "$tmp/n.err"
ok $? "... the release off the period"

$tv jobs --periodic "$tmp/n" > "$tmp/n.txt" 2>/dev/null
is "$?" "3" "N: jobs --periodic (text): exit status 3"
grep -q "^Periodic task ctl-7 (nanosleep): 4 jobs of 4 releases, period 1.000 us (the median release spacing), deadline 1.000 us, 1 over it$" "$tmp/n.txt"
ok $? "... says which task is periodic, with what period and deadline"
grep -q "^  start  *0.020  *0.020  *0.400  *0.400  *0.400$" "$tmp/n.txt"
ok $? "... ctl-7's start latencies (release to first run): 20, 20, 20, 400 ns"
grep -q "^Deadlines (the periodic tasks' periods): 1 miss$" "$tmp/n.txt"
ok $? "... one miss"
grep -q "^  ctl-7 task 7 at 0.000003000 s: response 1.220 us = exec 1.200 + runnable 0.010 + irq 0.000 + softirq 0.000 + blocked 0.010 + unknown 0.000 us; 0 preemptions$" "$tmp/n.txt"
ok $? "... explained by its parts"

$tv jobs --periodic --deadline 500ns --json "$tmp/n" > "$tmp/d.json" 2>/dev/null
is "$?" "3" "N: --deadline 500ns overrides the periods"
python3 "$tmp/fig.py" "$tmp/d.json" > "$tmp/d.fig"
is "$(val job "$tmp/d.fig" | awk '{print $2 ":" $NF}' | tr '\n' ' ')" "1000:ok 1000:ok 2000:miss 3000:miss 5000:ok " \
	"... misses: the jobs of 2000 (720 ns) and 3000 (1220 ns)"
is "$(val names "$tmp/d.fig")" "ctl-7:timer:nanosleep:1000:4:4:2:500 quit-10:timer:nanosleep:1000:2:1:0:500" \
	"... each name's deadline 500 ns"
$tv jobs --periodic --deadline 2us "$tmp/n" > /dev/null 2>&1
is "$?" "0" "N: --deadline 2us: no miss, exit status 0"
$tv jobs "$tmp/n" > "$tmp/m.txt" 2>&1
is "$?:$(head -1 "$tmp/m.txt")" "0:No jobs: the trace has no begin/end markers (libltt-marker, ltt_mark_begin())" \
	"N: without --periodic, no jobs (the markers' alone)"

$gen "$tmp/f" <<'DESC'
header format=1.5 events=all end=1000008000
proc PID: 7; PPID: 1; TGID: 7; NAME: tick
proc PID: 8; PPID: 1; TGID: 8; NAME: hog
buf cpu=0 start=1000000000 pid=7
1000000000 start 7 0
1000000100 syscall_entry 286
1000000110 timerfd_set 0xabc 3 1 1 1000001000 1000 1000001000
1000000120 syscall_exit 286 0
1000000200 syscall_entry 0
1000000210 sched 7 0 1
1000001010 irq_entry 236 2
1000001020 wakeup 7 0 0
1000001030 irq_exit 236 2
1000001050 sched 0 7 0
1000001060 timerfd_expire 0xabc 1000001000 1000 1
1000001070 syscall_exit 0 8
1000001100 syscall_entry 0
1000001110 sched 7 0 1
1000001490 irq_entry 236 2
1000001500 wakeup 8 0 0
1000001505 irq_exit 236 2
1000001510 sched 0 8 0
1000002005 irq_entry 236 2
1000002010 wakeup 7 0 0
1000002015 irq_exit 236 2
1000002100 sched 8 7 0
1000002110 timerfd_expire 0xabc 1000002000 1000 1
1000002120 syscall_exit 0 8
1000004500 syscall_entry 0
1000004510 timerfd_expire 0xabc 1000003000 1000 2
1000004520 syscall_exit 0 8
1000004600 syscall_entry 0
1000004610 sched 7 8 1
1000005001 irq_entry 236 2
1000005005 wakeup 7 0 0
1000005010 irq_exit 236 2
1000005020 sched 8 7 0
1000005030 timerfd_expire 0xabc 1000005000 1000 1
1000005040 syscall_exit 0 8
1000005995 syscall_entry 0
1000006001 irq_entry 236 2
1000006002 wakeup 7 0 0
1000006003 irq_exit 236 2
1000006010 timerfd_expire 0xabc 1000006000 1000 1
1000006020 syscall_exit 0 8
1000006090 syscall_entry 286
1000006100 timerfd_set 0xabc 3 1 1 1000007500 500 1000007500
1000006110 syscall_exit 286 0
1000006200 syscall_entry 0
1000006210 sched 7 8 1
1000007501 irq_entry 236 2
1000007504 wakeup 7 0 0
1000007506 irq_exit 236 2
1000007510 sched 8 7 0
1000007520 timerfd_expire 0xabc 1000007500 500 1
1000007530 syscall_exit 0 8
DESC
ok $? "gen-trace writes trace F (timerfd)"
$tv jobs --periodic --json "$tmp/f" > "$tmp/f.json" 2> "$tmp/f.err"
is "$?" "3" "F: jobs --periodic --json: exit status 3"
python3 "$tmp/fig.py" "$tmp/f.json" > "$tmp/f.fig"
is "$(val names "$tmp/f.fig"):$(val from "$tmp/f.fig")" "tick-7:timer:timerfd:1000:6:5:3:1000:spacing" \
	"F: tick-7 periodic (timerfd), 6 releases, 5 jobs, 3 misses; period 1000 ns, the median spacing (its interval changed)"
is "$(val job "$tmp/f.fig" | tr '\n' '|')" \
"tick-7 1000 1050 1110 110 60 30 0 20 0 0 ok|tick-7 2000 2100 4510 2510 2410 90 0 10 0 0 miss|tick-7 3000 4510 4610 1610 100 0 0 0 1510 1 miss|tick-7 5000 5020 6002 1002 981 15 1 5 0 0 miss|tick-7 6000 6002 6210 210 207 0 1 0 2 0 ok|" \
	"F: the late read ends the job of 2000 (4510) and starts that of 3000 (1510 ns of overrun, 1 expiry missed); woken before it blocked at 6002, the job of 5000 ends there"
is "$(val sums "$tmp/f.fig")" "True" "... every job's parts add up to its response"
is "$(val warnings "$tmp/f.fig")" "no_end:7 period_change:7" \
	"F: warnings: the last release's job has no end (the task runs at the trace's end), the release after the new setting is 1500 ns after the last"
grep -q "warning: job 'tick-7' of task 7 begun at 0.000007500 s has no end in the trace (not counted)" "$tmp/f.err"
ok $? "... in words"

# H: F with its timer set again at 500 ns kept running: the job of 7500
# ends at the late read of 8195 (695 ns: over the new interval, under the
# old 1000 ns period), the jobs of 8000 and 8500 end at their blocks; each
# job's deadline is the interval its read recorded (per-job deadlines)
sed -n '/^header format=1.5/,/^1000007530 /p' "$0" | sed 's/end=1000008000/end=1000009100/' > "$tmp/h.desc"
cat >> "$tmp/h.desc" <<'DESC'
1000008190 syscall_entry 0
1000008195 timerfd_expire 0xabc 1000008000 500 1
1000008198 syscall_exit 0 8
1000008300 syscall_entry 0
1000008310 sched 7 8 1
1000008501 irq_entry 236 2
1000008505 wakeup 7 0 0
1000008506 irq_exit 236 2
1000008510 sched 8 7 0
1000008520 timerfd_expire 0xabc 1000008500 500 1
1000008530 syscall_exit 0 8
1000008600 syscall_entry 0
1000008610 sched 7 8 1
1000009001 irq_entry 236 2
1000009005 wakeup 7 0 0
1000009006 irq_exit 236 2
1000009010 sched 8 7 0
1000009020 timerfd_expire 0xabc 1000009000 500 1
1000009030 syscall_exit 0 8
DESC
$gen "$tmp/h" "$tmp/h.desc"
ok $? "gen-trace writes trace H (F, its 500 ns timer running on to 9100)"
$tv jobs --periodic --json "$tmp/h" > "$tmp/h.json" 2> /dev/null
is "$?" "3" "H: exit status 3"
is "$(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))["jobs"]
print(j["misses"], j["names"][0]["period_ns"], " ".join("%d:%d:%d:%s" % (x["begin_ns"], x["period_ns"], x["deadline_ns"], "miss" if x["miss"] else "ok") for x in j["jobs"]))' "$tmp/h.json")" \
	"4 1000 1000:1000:1000:ok 2000:1000:1000:miss 3000:1000:1000:miss 5000:1000:1000:miss 6000:1000:1000:ok 7500:500:500:miss 8000:500:500:ok 8500:500:500:ok" \
	"H: the task's period 1000 ns; the jobs after the new setting have its 500 ns interval as deadline: the job of 7500 (695 ns) misses it"
is "$($tv jobs --periodic --deadline 2us --json "$tmp/h" | python3 -c 'import json, sys; j = json.load(sys.stdin)["jobs"]; print(j["misses"], sorted({x["deadline_ns"] for x in j["jobs"]}))')" \
	"1 [2000]" "H: --deadline 2us: every job's deadline 2000 ns instead"

# F cut before its timer is set again: every read recorded the interval
# 1000, the period; the last job ends at the block the task is in at the
# trace's end
sed -n '/^header format=1.5/,/^1000006020 /p' "$0" | sed 's/end=1000008000/end=1000006500/' > "$tmp/g.desc"
printf '1000006030 syscall_entry 0\n1000006040 sched 7 8 1\n' >> "$tmp/g.desc"
$gen "$tmp/g" "$tmp/g.desc"
ok $? "gen-trace writes trace G (F until 6040, blocked at its end)"
$tv jobs --periodic --json "$tmp/g" > "$tmp/g.json" 2> "$tmp/g.err"
python3 "$tmp/fig.py" "$tmp/g.json" > "$tmp/g.fig"
is "$(val names "$tmp/g.fig"):$(val from "$tmp/g.fig"):$(val warnings "$tmp/g.fig")" "tick-7:timer:timerfd:1000:5:5:3:1000:interval:" \
	"G: period 1000 ns from the timerfd's interval, 5 releases, 5 jobs, no warning"
is "$(val job "$tmp/g.fig" | tail -1)" "tick-7 6000 6002 6040 40 37 0 1 0 2 0 ok" \
	"G: the last job ends at the block the task is in at the trace's end (6040)"
grep -q "^Periodic task tick-7 (timerfd): 5 jobs of 5 releases, period 1.000 us (the timerfd's interval), deadline 1.000 us, 3 over it$" \
	<($tv jobs --periodic "$tmp/g" 2>/dev/null)
ok $? "... in the text"

# a simulated trace (utest/simtrace.c: 6 tasks sleeping random times on
# two CPUs, 20000 steps): the jobs are exactly the timer analysis'
# activations of the tasks with two or more (less the last's when it has
# no end), each with release <= start <= end, its parts adding up, a
# task's jobs in order
$TOP/tracevisualizer/build/utest/gen-sim 20000 7 > "$tmp/sim.desc" && $gen "$tmp/sim" "$tmp/sim.desc"
ok $? "gen-sim writes a simulated trace"
$tv jobs --periodic --json "$tmp/sim" > "$tmp/sim.json" 2>/dev/null
$tv latency --kind timer --instances --json "$tmp/sim" > "$tmp/simt.json" 2>/dev/null
python3 - "$tmp/sim.json" "$tmp/simt.json" > "$tmp/sim.out" <<'PY'
import json, sys
from collections import defaultdict
d = json.load(open(sys.argv[1]))
j, t0 = d['jobs'], d['trace']['start_ns']
acts = defaultdict(list)
for i in json.load(open(sys.argv[2]))['instances']:
    acts[i['pid']].append((i['start_ns'] - t0, i['end_ns'] - t0))
want = set()
for pid, v in acts.items():
    if len(v) > 1:
        want |= {(pid, a, b) for a, b in v}
for w in j['warnings']:
    if w['kind'] in ('no_end', 'exited'):
        last = max(acts[w['tid']])
        want.discard((w['tid'],) + last)
got = {(x['tid'], x['begin_ns'], x['start_ns']) for x in j['jobs']}
print("same", len(got), got == want and len(got) == len(j['jobs']))
print("order", all(x['begin_ns'] <= x['start_ns'] <= x['end_ns'] for x in j['jobs']))
print("sums", all(x['exec_ns'] + x['runnable_ns'] + x['irq_ns'] + x['softirq_ns'] +
                  x['blocked_ns'] + x['unknown_ns'] + x['overrun_ns'] == x['response_ns']
                  for x in j['jobs']))
by = defaultdict(list)
for x in j['jobs']:
    by[x['tid']].append(x)
print("tasks", all(a['end_ns'] <= b['end_ns'] and a['begin_ns'] < b['begin_ns']
                   for v in by.values() for a, b in zip(v, v[1:])))
PY
is "$(sed -n 's/^same //p' "$tmp/sim.out")" "716 True" \
	"sim: 716 jobs, exactly the timer analysis' activations of the tasks with two or more, less the last without an end"
is "$(sed -n 's/^order //p;s/^sums //p;s/^tasks //p' "$tmp/sim.out" | tr '\n' ' ')" "True True True " \
	"sim: release <= start <= end, the parts add up, each task's jobs in order"

# --png: the columns, left to right, red where the JSON says miss, blue
# elsewhere, their heights as the responses
cat > "$tmp/png.py" <<'PY'
import json, sys
from PIL import Image
im = Image.open(sys.argv[1]).convert('RGB')
j = json.load(open(sys.argv[2]))['jobs']
W, H = im.size
px = im.load()
def kind(c):
    r, g, b = c
    if r > 180 and g < 70 and b < 70: return 'miss'
    if b > 150 and r < 110 and g < 150: return 'ok'
    if r < 90 and g < 90 and b < 90 and abs(r - g) < 8: return 'exec'
    if r > 200 and 100 < g < 180 and b < 60: return 'deadline'
    return None
# the axes: rows of black across most of the width
axes = [y for y in range(H) if sum(1 for x in range(W) if px[x, y] == (0, 0, 0)) > W * 0.8]
out = []
for n, y0 in zip(j['names'], axes):
    jobs = [x for x in j['jobs'] if x['name'] == n['name']]
    ax = [x for x in range(W) if px[x, y0] == (0, 0, 0)]
    cols, x = [], ax[0]
    while x <= ax[-1]:    # a column: a run of bar colours just above the axis
        if kind(px[x, y0 - 1]) in ('miss', 'ok', 'exec'):
            a = x
            while x < W and kind(px[x, y0 - 1]) in ('miss', 'ok', 'exec'):
                x += 1
            cols.append((a, x))
        x += 1
    got, hs = [], []
    for a, b in cols:
        k = kind(px[a + 1, y0 - 1])       # its left edge: the response's colour
        y = y0 - 1
        while y > 0 and kind(px[a + 1, y]) == k:
            y -= 1
        got.append(k)
        hs.append(y0 - 1 - y)
    want = ['miss' if x['miss'] else 'ok' for x in jobs]
    top = max(x['response_ns'] for x in jobs)
    ratio = all(abs(h - max(hs) * x['response_ns'] / top) <= 2
                for h, x in zip(hs, jobs))
    out.append('%s:%s:%s' % (n['name'], ','.join(str(g) for g in got),
                             'heights' if ratio and len(hs) == len(want) else 'heights-off %s' % hs))
    out.append('want %s:%s' % (n['name'], ','.join(want)))
print('panels', len(axes), len(j['names']))
print('orange', any(kind(px[x, y]) == 'deadline' for x in range(W) for y in range(0, H, 1)))
print('\n'.join(out))
PY
$tv jobs --periodic --png "$tmp/f.png" "$tmp/f" > /dev/null 2>&1
is "$?" "3" "F: jobs --periodic --png FILE: exit status 3 (the misses)"
/usr/bin/python3 "$tmp/png.py" "$tmp/f.png" "$tmp/f.json" > "$tmp/fp.out" 2>&1
ok $? "... the PNG reads back" || diag "$(cat "$tmp/fp.out")"
is "$(sed -n 's/^tick-7://p' "$tmp/fp.out")" "ok,miss,miss,miss,ok:heights" \
	"... tick-7's 5 columns: red for the 3 misses the JSON has, blue for the others, heights as the responses"
is "$(sed -n 's/^panels //p;s/^orange //p' "$tmp/fp.out" | tr '\n' ' ')" "1 1 True " "... one panel, an orange deadline line"
$tv jobs --periodic --png "$tmp/n.png" "$tmp/n" > /dev/null 2>&1
/usr/bin/python3 "$tmp/png.py" "$tmp/n.png" "$tmp/n.json" > "$tmp/np.out" 2>&1
is "$(grep -e '^ctl-7:' -e '^quit-10:' -e '^panels' "$tmp/np.out" | tr '\n' ' ')" \
	"panels 2 2 ctl-7:ok,ok,miss,ok:heights quit-10:ok:heights " \
	"N: a panel per periodic task, ctl-7's third column red"
$tv jobs --periodic --png "$tmp/none/x.png" "$tmp/n" > /dev/null 2> "$tmp/p.err"
is "$?" "1" "--png into a directory that does not exist: exit status 1"
grep -q "x.png: could not write the PNG" "$tmp/p.err"
ok $? "... saying so"
$tv jobs --load --periodic "$tmp/n" > /dev/null 2>&1
is "$?" "2" "jobs --load with --periodic: usage error"
$tv jobs --help | grep -q "^  --periodic "
ok $? "jobs --help lists --periodic"
done_testing
