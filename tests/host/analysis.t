#!/bin/bash
# The analysis commands on a hand-built trace whose every nanosecond is
# known (the scenario of utest/test-account.c "A"): processes, syscalls,
# irqs, check, graph, summary --time, their --json forms, the dump filters
# (--pid list, --type, --omit, --cpu, --from/--to/--window), usage errors,
# and check failing (exit 3) on a trace that does not conserve time; then
# softirqs (scenario "S": at irq exit, in a syscall, in ksoftirqd).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null

$gen "$tmp/a" <<'DESC'
header ncpus=2 end=1000001000
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 5; PPID: 1; TGID: 5; NAME: a
proc PID: 6; PPID: 1; TGID: 6; NAME: b
proc IRQ: 4; NAME: ttyS0
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 syscall_entry 1
1000000150 syscall_exit 1 1
1000000200 irq_entry 236 3
1000000210 irq_exit 236 3
1000000300 sched 5 6 0
1000000400 syscall_entry 0
1000000450 sched 6 5 1
1000000500 wakeup 6 0 0
1000000600 sched 5 6 0
1000000650 syscall_exit 0 10
1000000700 syscall_entry 35
1000000710 sched 6 0 1
1000000800 wakeup 6 0 0
1000000820 sched 0 6 0
1000000830 syscall_exit 35 0
1000000900 sched 6 5 0
buf cpu=1 start=1000000000 pid=0
1000000000 start 0 1
1000000300 irq_entry 4 0
1000000340 irq_exit 4 0
DESC
ok $? "gen-trace writes the scenario"

$tv check "$tmp/a" > "$tmp/check.txt"
ok $? "check exits 0 on a conserving trace"
for c in processes syscalls irqs check graph; do
	$tv $c --json "$tmp/a" > "$tmp/$c.json" && $tv $c "$tmp/a" > "$tmp/$c.txt"
	ok $? "$c: text and --json"
done
$tv processes --threads --json "$tmp/a" > "$tmp/threads.json"
ok $? "processes --threads --json"
$tv processes --tree "$tmp/a" | grep -q '^ *1 init.*$' ; ok $? "processes --tree starts at init (from the snapshot)"
$tv summary --time --json "$tmp/a" > "$tmp/summary.json" && $tv summary --time "$tmp/a" > "$tmp/summary.txt"
ok $? "summary --time, text and --json"
$tv summary --json "$tmp/a" > "$tmp/summary0.json"
ok $? "summary --json without --time"
$tv graph --json --pid 6 --window 0.0000004:0.0000007 "$tmp/a" > "$tmp/graphw.json"
ok $? "graph --pid --window"
$tv dump --json --pid 5,6 --type syscall_entry,syscall_exit --from 0.0000002 --to 0.00000069 "$tmp/a" > "$tmp/d1.json"
ok $? "dump --pid list --type --from --to"
$tv dump --json --omit syscall_entry,syscall_exit,sched --cpu 0 "$tmp/a" > "$tmp/d2.json"
ok $? "dump --omit --cpu"
$tv dump --reverse --window 0.0000006:0.0000009 --type sched "$tmp/a" > "$tmp/d3.txt"
ok $? "dump --reverse --window"

$tv tui --from 0.0000001 "$tmp/a" 2>/dev/null; is "$?" 2 "--from is refused by tui"
$tv dump --type nosuch "$tmp/a" 2>/dev/null; is "$?" 2 "an unknown event type is a usage error"
$tv dump --window 2:1 "$tmp/a" 2>/dev/null; is "$?" 2 "a window ending before it starts is a usage error"
$tv graph --width 5 "$tmp/a" 2>/dev/null; is "$?" 2 "a graph narrower than 10 columns is refused"
# the unknown name is named, with the choices (traced -e's groups among them)
is "$($tv dump --type syscall_entry,nosuch "$tmp/a" 2>&1 | head -1 | cut -c1-88)" \
	"tracevisualizer: --type: unknown event type 'nosuch' (groups all, classic, core, syscall" \
	"--type: the unknown name is named, then the groups and types that exist"
is "$($tv dump --type core "$tmp/a" | md5sum)" \
	"$($tv dump --type syscall_entry,syscall_exit,trap_entry,trap_exit,irq_entry,irq_exit,schedchange "$tmp/a" | md5sum)" \
	"--type core: traced -e's group, the same events"
is "$($tv dump --omit irq,syscall "$tmp/a" | md5sum)" \
	"$($tv dump --omit irq_entry,irq_exit,syscall_entry,syscall_exit "$tmp/a" | md5sum)" "--omit takes groups too"
# --cpu takes a list as --pid does
is "$($tv dump --cpu 0,1 "$tmp/a" | md5sum)" "$($tv dump "$tmp/a" | md5sum)" "--cpu 0,1: every CPU"
is "$($tv dump --cpu 1 "$tmp/a" | awk 'NR > 1 { print $3 }' | sort -u)" "1" "--cpu 1: CPU 1's events only"
$tv dump --cpu 0, "$tmp/a" 2>/dev/null; is "$?" 2 "--cpu 0,: a list ending with a comma is refused"
is "$($tv dump --cpu 0,3 "$tmp/a" 2>&1)" "tracevisualizer: --cpu 3: the trace has CPUs 0 to 1" \
	"--cpu: a CPU the trace does not have is named"
# an option the command does not use is refused as such, before its value
is "$($tv summary --width 5 "$tmp/a" 2>&1 | head -1)" "tracevisualizer: --width is an option of graph and jobs" \
	"summary --width 5: refused as an option of graph, not for its value"
is "$($tv --width=5 summary "$tmp/a" 2>&1 | head -1)" "tracevisualizer: --width is an option of graph and jobs" \
	"... also before the command, as --width=5"
# Figure 7's vertical lines: b -> idle at 710 ns and idle -> b at 820 ns
# (cpu 0) cross row a, which is not running then: '|' in columns 71 and 82.
$tv graph --width 100 "$tmp/a" > "$tmp/graph.txt"
row_a=$(sed -n 's/^ *5 a *|\(.*\)|$/\1/p' "$tmp/graph.txt")
ntr=$($tv graph --json "$tmp/a" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["transitions"]))')
grep -q "^$ntr transitions in the window (--transitions lists them)$" "$tmp/graph.txt" && ! grep -q '^Transitions:' "$tmp/graph.txt"
ok $? "graph: the chart alone by default, with the number of transitions ($ntr) the JSON lists"
grep -q '^ *|+-------------------+----' "$tmp/graph.txt" && grep -qE '^ +0\.00000000 +0\.00000020 +0\.00000040 .*\(s\)$' "$tmp/graph.txt"
ok $? "graph: a time axis, a tick and its time every 20 columns"
is "$($tv graph --transitions "$tmp/a" | sed -n '/^Transitions:/,$p' | tail -n +2 | wc -l)" "$ntr" \
	"graph --transitions: every transition listed"
is "${row_a:71:1}${row_a:82:1}" "||" "graph: task switches drawn as vertical lines across the rows between"
is "$(printf '%s' "$row_a" | tr -cd '|' | wc -c)" "2" "graph: and nowhere else in that row"

$gen "$tmp/bad" <<'DESC'
header ncpus=2 end=1000000100
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
buf cpu=1 start=1000000000 pid=5
1000000000 start 5 1
DESC
$tv check --tolerance 10ns "$tmp/bad" > "$tmp/bad.txt"; is "$?" 3 "check exits 3 when a task is current on two CPUs at once"
grep -q "FAILED" "$tmp/bad.txt"; ok $? "and says which check failed"

checks < <(PYTHONPATH=tests/lib python3 - "$tmp" <<'PY'
import sys
from check import ok, load, done
d = sys.argv[1]
p = {x['pid']: x for x in load(d + '/processes.json')['processes']}
ok(sorted(p) == [1, 5, 6] and p[1]['blocked_by']['unknown'] == 1000, "processes: init (never seen: blocked, unknown), a and b")
a, b = p.get(5, {}), p.get(6, {})
ok(a.get('running_ns') == 550 and a.get('user_ns') == 490 and a.get('kernel_ns') == 50 and
   a.get('interrupted_ns') == 10 and a.get('runnable_ns') == 450 and a.get('blocked_ns') == 0,
   "processes: a ran 550 (user 490, kernel 50, interrupted 10), runnable 450")
ok(b.get('blocked_by', {}).get('io') == 50 and b.get('blocked_by', {}).get('sleep') == 90 and
   b.get('runnable_ns') == 520 and b.get('lifetime_ns') == 1000 and b.get('softirq_ns') == 0,
   "processes: b blocked 50 io, 90 sleep, runnable 520 of 1000")
ok(b.get('sched_latency', {}).get('count') == 2 and b['sched_latency']['max_ns'] == 100,
   "processes: b's scheduling latency")
rd = b.get('syscalls', {}).get('read', {})
ok(rd.get('count') == 1 and rd['latency']['total_ns'] == 250 and rd['blocked_ns'] == 50 and
   rd['latency']['log2_hist'][7] == 1 and len(rd['latency']['log2_hist']) == 8,
   "processes: b's read: 250 ns, 50 blocked, histogram bucket 2^7")
t = {x['pid']: x for x in load(d + '/threads.json')['threads']}
ok(sorted(t) == [1, 5, 6], "processes --threads: one entry per thread")
s = load(d + '/syscalls.json')
ok(s['syscalls']['nanosleep']['latency']['total_ns'] == 130 and s['syscalls']['write']['count'] == 1,
   "syscalls: system-wide nanosleep 130 ns, one write")
q = load(d + '/irqs.json')['irqs']
ok([(x['irq'], x['sysvec'], x['name'], x['duration']['total_ns']) for x in q] ==
   [(4, False, 'ttyS0', 40), (236, True, 'local_timer', 10)], "irqs: ttyS0 40 ns, local_timer 10 ns")
c = load(d + '/check.json')['conservation']
ok(c['ok'] and c['cpu_err_ns'] == 0 and c['split_err_ns'] == 0 and c['life_err_ns'] == 0,
   "check --json: exact conservation")
sm = load(d + '/summary.json')
ok('time' in sm and sm['conservation']['ok'] and sm['time']['system']['cpus'][0]['idle_ns'] == 110 and
   sm['time']['system']['cpus'][1]['irq_ns'] == 40 and sm['time']['system']['cpus'][1]['idle_ns'] == 960 and
   sm['time']['system']['cpus'][0]['utilisation_ppm'] == 890000,
   "summary --time --json: per-CPU idle, irq, utilisation")
s0 = load(d + '/summary0.json')
ok('time' not in s0 and s0['events']['total'] == sm['events']['total'] and s0['processes'] == sm['processes'],
   "summary --json without --time: the SUMMARY keys, unchanged")
g = load(d + '/graph.json')
ok([r['pid'] for r in g['rows']] == [0, 5, 6] and all(len(r['cells']) == 100 for r in g['rows']),
   "graph: rows idle, a, b of 100 columns")
ok(g['rows'][1]['cells'].startswith('U' * 10) and g['rows'][1]['cells'][10:15] == 'SSSSS',
   "graph: a is in user mode, then in write")
kinds = [(x['kind'], x['pid']) for x in g['transitions'] if x['kind'] in ('switch', 'syscall_entry', 'syscall_exit')]
ok(kinds[:6] == [('syscall_entry', 5), ('syscall_exit', 5), ('switch', 5), ('syscall_entry', 6),
                 ('switch', 6), ('switch', 5)], "graph: transitions in order")
sw = [x for x in g['transitions'] if x['kind'] == 'switch' and x['pid'] == 6 and x['state'] != 0]
ok([x['name'] for x in sw] == ['read', 'nanosleep'], "graph: b blocks in read, then in nanosleep")
gw = load(d + '/graphw.json')
ok([r['pid'] for r in gw['rows']] == [6] and all(400 <= x['rel_ns'] <= 700 for x in gw['transitions']) and
   len(gw['transitions']) > 0, "graph --pid --window: one row, transitions inside the window")
d1 = load(d + '/d1.json')['events']
ok([(e['type'], e['rel_ns']) for e in d1] == [('syscall_entry', 400), ('syscall_exit', 650)],
   "dump filters: pid list + type list + window")
d2 = load(d + '/d2.json')['events']
ok(d2 and all(e['cpu'] == 0 and e['type'] not in ('syscall_entry', 'syscall_exit', 'schedchange') for e in d2),
   "dump --omit and --cpu")
d3 = [l.split()[0] for l in open(d + '/d3.txt') if not l.startswith('#')]
ok(d3 == ['0.000000900', '0.000000820', '0.000000710', '0.000000600'], "dump --reverse --window --type sched")
done()
PY
)
# softirqs: at irq exit with an irq nested inside, in a syscall, in ksoftirqd
# (the scenario of utest/test-account.c "S")
$gen "$tmp/s" <<'DESC'
header end=1000001000
proc PID: 5; PPID: 1; TGID: 5; NAME: a
proc PID: 9; PPID: 2; TGID: 9; NAME: ksoftirqd/0
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 syscall_entry 0
1000000200 irq_entry 4 0
1000000220 softirq_entry 3
1000000240 irq_entry 236 2
1000000250 irq_exit 236 2
1000000300 softirq_exit 3
1000000310 irq_exit 4 0
1000000400 softirq_entry 1
1000000430 softirq_exit 1
1000000500 syscall_exit 0 0
1000000600 sched 5 9 0
1000000650 softirq_entry 3
1000000750 softirq_exit 3
1000000800 sched 9 5 1
DESC
ok $? "gen-trace writes the softirq scenario"
$tv check "$tmp/s" > /dev/null; ok $? "softirqs: check exits 0 (time conserved)"
is "$($tv irqs --json "$tmp/s" | python3 -c 'import json,sys; j=json.load(sys.stdin); print([(x["vec"], x["name"], x["duration"]["count"], x["duration"]["total_ns"], x["duration"]["max_ns"]) for x in j["softirqs"]])')" \
	"[(1, 'TIMER', 1, 30, 30), (3, 'NET_RX', 2, 180, 100)]" "irqs --json: per-vector softirq durations"
$tv irqs "$tmp/s" | grep -Eq '^ +3 +NET_RX +2 +0\.000 '; ok $? "irqs: softirq table in text"
is "$($tv processes --threads --json "$tmp/s" | python3 -c 'import json,sys; j=json.load(sys.stdin); print([(x["pid"], x["interrupted_ns"], x["softirq_ns"], x["kthread_ns"]) for x in j["threads"]])')" \
	"[(5, 140, 100, 0), (9, 0, 100, 200)]" "processes --json: softirq_ns apart; ksoftirqd's softirqs are its kernel time"
is "$($tv summary --time --json "$tmp/s" | python3 -c 'import json,sys; s=json.load(sys.stdin)["time"]["system"]; print(s["cpus"][0]["irq_ns"], s["cpus"][0]["softirq_ns"], s["softirq_ns"])')" \
	"40 200 200" "summary --time --json: per-CPU softirq column"
$tv summary --time "$tmp/s" | grep -q 'softirq'; ok $? "summary --time: softirq column in text"
$tv dump --type softirq_entry "$tmp/s" | grep -c 'softirq_entry NET_RX' | grep -qx 2; ok $? "dump --type softirq_entry: described by vector name"
$tv graph --pid 5,9 --width 10 --transitions "$tmp/s" | grep -q 'softirq NET_RX'; ok $? "graph: softirq transitions"
# The start-up records: the daemon stamps the header's start after the
# START ioctl returned, the module recorded from inside it, so the first
# buffers begin before the header's start.  The trace starts at the
# earliest of them: a syscall and an irq of those microseconds keep their
# real durations (they were squeezed to 0 at the header's start), the
# wall-clock start moves as much, time is still conserved.  A buffer that
# begins more than a second early is damage and moves nothing.
$gen "$tmp/early" <<'DESC'
header ncpus=2 start=1000100000 end=1000300000 wall=5000100000
proc PID: 5; PPID: 1; TGID: 5; NAME: a
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 syscall_entry 39
1000050100 syscall_exit 39 5
1000060000 irq_entry 236 2
1000090000 irq_exit 236 2
1000200000 syscall_entry 39
1000200500 syscall_exit 39 5
buf cpu=1 start=1000040000 pid=0
1000040000 start 0 1
DESC
ok $? "gen-trace: a trace whose buffers begin 100 us before the header's start"
$tv summary --json "$tmp/early" > "$tmp/early.json"
is "$(json "$tmp/early.json" "(j['trace']['start_ns'], j['trace']['start_wall_ns'])")" \
	"(1000000000, 5000000000)" "the trace starts at its first buffer; the wall-clock start moves as much"
is "$($tv dump "$tmp/early" | sed -n 2p | cut -d' ' -f1,6-)" "0.000000000 trace_start pid=5 cpu=0" \
	"dump: the first record at 0, not before the start"
is "$($tv syscalls --json "$tmp/early" | python3 -c 'import json,sys; l=json.load(sys.stdin)["syscalls"]["getpid"]["latency"]; print(l["count"], l["min_ns"], l["max_ns"])')" \
	"2 500 50000" "syscalls: the start-up getpid keeps its 50 us (not squeezed to 0)"
is "$($tv irqs --json "$tmp/early" | python3 -c 'import json,sys; x=json.load(sys.stdin)["irqs"][0]["duration"]; print(x["count"], x["max_ns"])')" \
	"1 30000" "irqs: the start-up interrupt keeps its 30 us"
$tv check "$tmp/early" > "$tmp/early.check"; ok $? "check: time conserved over the longer window"
sed 's/^header ncpus=2 start=1000100000/header ncpus=2 start=2000100000/; s/end=1000300000/end=2000300000/' \
	> "$tmp/far.desc" <<'DESC'
header ncpus=2 start=1000100000 end=1000300000 wall=5000100000
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
DESC
$gen "$tmp/far" < "$tmp/far.desc" && ! $tv summary --strict --json "$tmp/far" > /dev/null 2> "$tmp/far.err" &&
	grep -q "buffer start_ns 1000000000 of cpu 0 more than a second before the trace's start (2000100000) at offset 0" "$tmp/far.err"
ok $? "a buffer 1.1 s early is not start-up but damage: refused, the buffer named"
$tv summary --salvage --json "$tmp/far" > "$tmp/far.json" 2> "$tmp/far.err"
is "$(json "$tmp/far.json" "j['trace']['start_ns']")" "2000100000" "... with --salvage the start stays the header's"
grep -q "more than a second before the trace's start" "$tmp/far.err"
ok $? "... and a warning says why"
# From format 1.6 the header says how long START took (start_call_us, as
# traced measured it): on a loaded emulator, switching the keys on took
# over a second, and such a trace was refused.  The bound is now START's
# call: a buffer 1.0001 s early in a trace whose START took 1.1 s is
# start-up (the trace starts at it), in one whose START took 50 ms damage.
sed 's/^header ncpus=2/header ncpus=2 format=1.6 startcall=1100000/' "$tmp/far.desc" |
	$gen "$tmp/slow" && $tv summary --json "$tmp/slow" > "$tmp/slow.json" 2> "$tmp/slow.err"
ok $? "format 1.6, START took 1.1 s: a buffer 1.0001 s before the header's start is read"
is "$(json "$tmp/slow.json" "(j['trace']['start_ns'], j['trace']['start_wall_ns'], j['trace']['complete'])")" \
	"(1000000000, 4000000000, True)" "... the trace starts at it, the wall-clock start moves as much, no warning"
sed 's/^header ncpus=2/header ncpus=2 format=1.6 startcall=50000/' "$tmp/far.desc" |
	$gen "$tmp/fast" && ! $tv summary --strict --json "$tmp/fast" > /dev/null 2> "$tmp/fast.err" &&
	grep -q "buffer start_ns 1000000000 of cpu 0 before START was called (the trace's start 2000100000, START took 50000 us) at offset 0" "$tmp/fast.err"
ok $? "format 1.6, START took 50 ms: the same buffer is damage, refused, the time START took said"

# thread_figs TRACE PID KEY...: figures of one thread in processes --threads
# --json (a blocking reason names blocked_by's entry)
thread_figs() {
	$tv processes --threads --json "$1" 2>/dev/null | python3 -c '
import json, sys
t = [t for t in json.load(sys.stdin)["threads"] if t["pid"] == int(sys.argv[1])][0]
print(*[t[k] if k in t else t["blocked_by"][k] for k in sys.argv[2:]])' "${@:2}"
}

# Lost events (docs/control-flow.md rule 18): CPU 0's second buffer counts 7
# events lost after the first one's last record; task 5 ran on CPU 1 since.
$gen "$tmp/lost" <<'DESC'
header ncpus=2 end=1000000100
proc PID: 5; PPID: 1; TGID: 5; NAME: a
proc PID: 6; PPID: 1; TGID: 6; NAME: b
buf cpu=0 start=1000000000 pid=5
1000000010 syscall_exit 0 0
1000000020 syscall_entry 3
buf cpu=1 start=1000000000 pid=0
1000000030 sched 0 5 0
1000000040 syscall_exit 3 0
buf cpu=0 start=1000000050 pid=6 lost=7
1000000060 sched 6 0 1
lost cpu=0 total=7 ev=7:7
DESC
ok $? "gen-trace: a trace with a gap of lost events"
is "$($tv dump "$tmp/lost" | grep -n 'lost')" \
	"6:0.000000060 1.000000060 0 - - [lost 7 events on cpu 0 before this point]" \
	"dump: a [lost 7 events] line before the first record after the gap"
is "$($tv dump --reverse "$tmp/lost" | sed -n 2,3p | cut -d' ' -f6-)" \
	"schedchange 6 -> 0 (prev_state 1 S)
[lost 7 events on cpu 0 before this point]" "dump --reverse: the line after that record"
is "$($tv dump --cpu 1 "$tmp/lost" | grep -c 'lost')" "0" "dump --cpu 1: no line for CPU 0's loss"
$tv check "$tmp/lost" > "$tmp/lost.check"; is "$?" 4 "check: time conserved across the gap (no task on two CPUs), status 4: events were lost"
grep -q '^the figures are partial: events were lost' "$tmp/lost.check"; ok $? "check: says the figures are partial"
grep -q '^lost events: 1 gap where' "$tmp/lost.check"; ok $? "check: the gap is counted"
is "$($tv check --json "$tmp/lost" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["lost_gaps"], j["anomalies"], j["view"]["uncertain_rows"])')" \
	"1 0 0" "check --json: 1 gap, no anomaly, no row on two CPUs"
$tv processes --threads --json "$tmp/lost" > "$tmp/lost.json" 2> "$tmp/lost.err"
is "$(json "$tmp/lost.json" "[(t['pid'], t['running_ns'], t['unknown_ns'], t['blocked_by']['unknown']) for t in j['threads'] if t['pid'] in (5, 6)]")" \
	"[[5, 90, 10, 0], [6, 10, 50, 40]]" "processes: task 5 unknown (nodata) only in the gap, task 6 unknown until the buffer's start, then blocked (reason unknown) after its switch out"
grep -q 'warning: 7 events lost in 1 gap: .*partial' "$tmp/lost.err"; ok $? "processes: the figures carry a warning"
is "$($tv graph --transitions "$tmp/lost" | grep -c '7 events lost on cpu 0 until 0.000000050 s: 5(a) unknown from here')" "1" \
	"graph: the gap is a transition"
# a task resolved (in syscall 0 since the start), forgotten at a gap, then
# resolved again (user mode) on the same CPU: the views show each interval
# as resolved, the first one is not turned into the second's
$gen "$tmp/lost2" <<'DESC'
header end=1000000100
buf cpu=0 start=1000000000 pid=5
1000000010 syscall_exit 0 0
1000000020 syscall_entry 3
buf cpu=0 start=1000000030 pid=5 lost=2
1000000040 syscall_entry 1
1000000050 syscall_exit 1 0
lost cpu=0 total=2 ev=7:2
DESC
$tv check "$tmp/lost2" > "$tmp/lost2.check"; is "$?" 4 "check: the views agree with the accounting on a task resolved twice (status 4: events lost)"
grep -q '^views: each row.*: *ok' "$tmp/lost2.check"; ok $? "check: ... the views line says ok"
is "$(thread_figs "$tmp/lost2" 5 user_ns syscall_ns unknown_ns)" \
	"70 20 10" "processes: syscall 0-10 and 40-50, user 10-20, 30-40 (resolved after the gap) and 50-100, unknown (nodata) in the gap"

# events lost after a CPU's last buffer (the lost file counts 9, the
# headers none): from its last record to the stop the CPU is unknown
$gen "$tmp/tail" <<'DESC'
header end=1000000100
proc PID: 5; PPID: 1; TGID: 5; NAME: a
buf cpu=0 start=1000000000 pid=5
1000000010 syscall_exit 0 0
1000000020 syscall_entry 3
lost cpu=0 total=9 ev=7:9
DESC
ok $? "gen-trace: events lost after the last buffer"
is "$($tv dump "$tmp/tail" | tail -1)" \
	"0.000000020 1.000000020 0 - - [lost 9 events on cpu 0 after its last record, until the stop]" \
	"dump: the loss after the last record is the last line"
is "$($tv dump --reverse "$tmp/tail" | sed -n 2p | cut -d' ' -f6-)" \
	"[lost 9 events on cpu 0 after its last record, until the stop]" "dump --reverse: the first line"
is "$($tv check --json "$tmp/tail" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["conservation"]["ok"], j["lost_gaps"], j["view"]["ok"])')" \
	"True 1 True" "check: time conserved, the tail is a gap, the views agree"
is "$(thread_figs "$tmp/tail" 5 running_ns unknown_ns)" \
	"20 80" "processes: task 5 ran until its last record, unknown (nodata) after it"
is "$($tv summary --time --json "$tmp/tail" 2>/dev/null | python3 -c 'import json,sys; c=json.load(sys.stdin)["time"]["system"]["cpus"][0]; print(c["idle_ns"], c["unknown_ns"])')" \
	"0 80" "summary --time: CPU 0 unknown (not idle) after its last record"

# an incomplete trace (the daemon did not finish): CPU 0's last buffer is
# not the one flushed at the stop, so its time after its last record is
# unknown; CPU 1's is (LTT_BUF_FLUSHED): it is whole to the stop
$gen "$tmp/cut" <<'DESC'
header ncpus=2 end=1000000100 flags=0
proc PID: 5; PPID: 1; TGID: 5; NAME: a
proc PID: 6; PPID: 1; TGID: 6; NAME: b
buf cpu=0 start=1000000000 pid=5
1000000010 syscall_exit 0 0
1000000020 syscall_entry 3
buf cpu=1 start=1000000000 pid=6 flags=1
1000000030 syscall_exit 0 0
DESC
ok $? "gen-trace: an incomplete trace"
$tv check "$tmp/cut" > "$tmp/cut.check" 2>&1; is "$?" "4" "check: exit 4 on an incomplete trace whose time is conserved"
grep -q "^incomplete: cpu 0: its events end at 0.000000020 s, 0.000000080 s before the stop, and the trace is incomplete: its time after is counted unknown" "$tmp/cut.check"
ok $? "check: names the CPU whose events end early, and when"
is "$(grep -c 'cpu 1' "$tmp/cut.check")" "0" "check: not the CPU whose last buffer was flushed at the stop"
is "$($tv check --json "$tmp/cut" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["cut"], j["trace"]["complete"], j["conservation"]["ok"])')" \
	"[{'cpu': 0, 'at_ns': 1000000020}] False True" "check --json: the cut CPU and time"
is "$($tv summary --time --json "$tmp/cut" 2>/dev/null | python3 -c 'import json,sys; print([(c["idle_ns"], c["unknown_ns"]) for c in json.load(sys.stdin)["time"]["system"]["cpus"]])')" \
	"[(0, 80), (0, 0)]" "summary --time: CPU 0 unknown (not idle) after its last record"
$tv processes "$tmp/cut" 2>&1 >/dev/null | grep -q "warning: cpu 0: its events end at 0.000000020 s"
ok $? "processes: warns that CPU 0's events end early"
# a file cut inside a buffer, read with --salvage: incomplete too
cp -r "$tmp/a" "$tmp/salv" && truncate -s -20 "$tmp/salv/events"
$tv check --salvage "$tmp/salv" > "$tmp/salv.check" 2>&1; is "$?" "4" "check --salvage: exit 4 on a salvaged cut"
is "$($tv summary --json --salvage "$tmp/salv" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["trace"]["complete"])')" \
	"False" "summary --salvage: a salvaged trace is not complete"

# a process of two threads: its wall lifetime is the window (100 us), its
# threads' time 150 us (the thread lives 50); shares are of the threads' time
$gen "$tmp/thr" <<'DESC'
header end=1000100000
proc PID: 5; PPID: 1; TGID: 5; NAME: mt
buf cpu=0 start=1000000000 pid=5
1000010000 syscall_entry 56
1000050000 fork 5 7 5 1 0
1000060000 syscall_exit 56 7
1000070000 sched 5 7 0
DESC
ok $? "gen-trace: a process with a thread"
$tv processes "$tmp/thr" > "$tmp/thr.txt" 2>&1
head -5 "$tmp/thr.txt" | grep -q ' life = wall-clock lifetime in the trace, thr-time'; ok $? "processes: the header says what life and thr-time are"
is "$(awk '$1 == 5 {print $2, $3, $4, $5, $6}' "$tmp/thr.txt")" "mt 2 0.100 0.150 0.100" \
	"processes: life 0.100 ms (not the 0.150 of the threads summed), thr-time 0.150, running 0.100"
is "$(awk '$1 == 5 {print $(NF-2)}' "$tmp/thr.txt")" "66.67" "processes: %run = running / thr-time"
is "$(sed -n 5p "$tmp/thr.txt" | awk '{print $11, $13, $14, $15, $16, $17, $18, $19}')" "nodata io sleep futex child fault other unknown" \
	"processes: every blocking reason has its column (fault and unknown are not merged into other)"
# dump names the task of every line, comm-pid, by its name at the time
# (the parent's from the fork, the file's from the exec), forward, backward
# and from a window's start; blanks in a name made '_'
$gen "$tmp/comm" <<'DESC'
header ncpus=1 end=1000000100
proc PID: 5; PPID: 1; TGID: 5; NAME: my shell
buf cpu=0 start=1000000000 pid=5
1000000010 fork 5 7 7 0 17
1000000020 sched 5 7 0
1000000030 exec 7 /bin/ls
1000000040 syscall_entry 3
1000000050 sched 7 0 0
DESC
ok $? "gen-trace: a fork and an exec"
is "$($tv dump "$tmp/comm" | sed 1d | cut -d' ' -f4 | tr '\n' ' ')" "my_shell-5 my_shell-5 ls-7 ls-7 ls-7 " \
	"dump: comm-pid on every line, renamed by the exec"
is "$($tv dump --reverse "$tmp/comm" | sed 1d | cut -d' ' -f4 | tr '\n' ' ')" "ls-7 ls-7 ls-7 my_shell-5 my_shell-5 " \
	"dump --reverse: the same names"
is "$($tv dump --from 0.000000035 "$tmp/comm" | sed 1d | cut -d' ' -f4 | tr '\n' ' ')" "ls-7 ls-7 " \
	"dump --from: the names of the events before the window applied"
is "$($tv dump --cpu 0 "$tmp/a" | sed -n 3p | cut -d' ' -f4)" "a-5" "dump: the snapshot's names"
# a flipped bit in a record's time delta (bit 30 of the second record of
# cpu 0's first buffer: the event 1.07 s after the trace's end) is not
# taken as true: the trace is refused, or read up to it with --salvage
rm -rf "$tmp/flip" && cp -r "$tmp/a" "$tmp/flip" && PYTHONPATH=tests/lib python3 - "$tmp/flip/events" <<'PY'
import sys
from lttfmt import BUFFER_HEADER as BH, RECORD_HEADER as RH
d = bytearray(open(sys.argv[1], 'rb').read())
size = RH.get(d, 'size', BH.size)                 # the first record's size
d[BH.size + size + RH.offsets['delta'] + 3] ^= 0x40	# its successor's delta, bit 30
open(sys.argv[1], 'wb').write(d)
PY
out=$($tv check --strict "$tmp/flip" 2>&1); st=$?
is "$st" 1 "a delta with a flipped bit: check refuses the trace (status 1)"
case $out in *"past the buffer's last record"*"a damaged time"*) ok 0 "... and says why, with the record's offset" ;;
*) ok 1 "... and says why, with the record's offset"; diag "$out" ;; esac
$tv check --salvage "$tmp/flip" > /dev/null 2>&1; is "$?" 4 "check --salvage: read up to the damaged record, incomplete (status 4)"

# a record earlier than the one before it in its buffer (the writer never
# goes back: a damaged delta still inside the buffer's span) is refused,
# and with --salvage its buffer ends at the record before it and the CPU's
# time from there to its next buffer is unknown, not task 5 running on
$gen "$tmp/back" <<'DESC'
header ncpus=1 end=1000001000
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 5; PPID: 1; TGID: 5; NAME: a
proc PID: 6; PPID: 1; TGID: 6; NAME: b
buf cpu=0 start=1000000000 pid=5 end=1000000400
1000000000 start 5 0
1000000100 syscall_entry 1
1000000300 syscall_exit 1 1
1000000200 sched 5 6 0
1000000400 syscall_entry 0
buf cpu=0 start=1000000600 pid=6
1000000600 syscall_entry 0
1000000900 syscall_exit 0 1
DESC
out=$($tv check --strict "$tmp/back" 2>&1); st=$?
is "$st" 1 "a record out of time order in its buffer: check refuses the trace (status 1)"
case $out in *"record at offset 104 "*"time delta 200 ns before the 300 ns of the record before it: records out of time order"*) ok 0 "... and says why, with the record's offset" ;;
*) ok 1 "... and says why, with the record's offset"; diag "$out" ;; esac
$tv check --salvage "$tmp/back" > "$tmp/back.txt" 2>&1; is "$?" 4 "check --salvage: read up to the damaged record, incomplete (status 4)"
grep -q '^lost events or damaged records: 1 gap' "$tmp/back.txt"; ok $? "check --salvage: the skipped records are a gap"
# salvage_figs TRACE: cpu 0's unknown, user and kernel time, and pid 5's
# running, user and kernel time, read with --salvage
salvage_figs() {
	$tv summary --time --json --salvage "$1" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)["time"]
c = d["system"]["cpus"][0]
a = [p for p in d["processes"] if p["pid"] == 5][0]
print(c["unknown_ns"], c["user_ns"], c["kernel_ns"], a["running_ns"], a["user_ns"], a["kernel_ns"])'
}
# (the stop flushed the last buffer: from its last record to the stop,
# task 6 is known to be in user mode)
is "$(salvage_figs "$tmp/back")" "300 200 500 300 100 200" \
	"--salvage: cpu 0 unknown 300 ns after the last good record, to the next buffer; pid 5 ran 300 ns (100 user, 200 in write), not on into the gap"
$tv graph --transitions --salvage "$tmp/back" 2>/dev/null | grep -q 'damaged records on cpu 0 skipped until 0.000000600 s: 5(a) unknown from here'
ok $? "graph --transitions: the gap of skipped records"
is "$($tv dump --salvage "$tmp/back" 2>/dev/null | grep -n 'damaged records')" \
	"5:0.000000600 1.000000600 0 - - [damaged records (40 bytes) skipped on cpu 0 before this point]" \
	"dump --salvage: a line where damaged records were skipped, before the next record read"
is "$($tv dump --salvage --reverse "$tmp/back" 2>/dev/null | sed -n 4p)" \
	"0.000000600 1.000000600 0 - - [damaged records (40 bytes) skipped on cpu 0 before this point]" \
	"dump --salvage --reverse: the line after that record"
# a payload shorter than its event type (the syscall_exit at 300 ns
# relabelled a fork, whose fixed part is 24 bytes, not 12) is found before
# the buffer is read, as the time order is: with --salvage the buffer ends
# at the record before it and the rest is a gap, not task 5 running on
rm -rf "$tmp/short" && cp -r "$tmp/back" "$tmp/short" && PYTHONPATH=tests/lib python3 - "$tmp/short/events" <<'PY'
import sys
from lttfmt import BUFFER_HEADER as BH, RECORD_HEADER as RH, EVENTS
d = bytearray(open(sys.argv[1], 'rb').read())
off = BH.size
while RH.get(d, 'id', off) != EVENTS['syscall_exit'].id:	# the first syscall_exit
    off += RH.get(d, 'size', off)
RH.put(d, 'delta', 250, off)                # in time order: only the id is damaged
RH.put(d, 'id', EVENTS['fork'].id, off)     # a fork
open(sys.argv[1], 'wb').write(d)
PY
out=$($tv check --strict "$tmp/short" 2>&1); st=$?
is "$st" 1 "a payload shorter than its type: check refuses the trace (status 1)"
case $out in *"payload of 12 bytes shorter than the 24 bytes of a fork event"*) ok 0 "... and says why" ;;
*) ok 1 "... and says why"; diag "$out" ;; esac
$tv check --salvage "$tmp/short" > "$tmp/short.txt" 2>&1; is "$?" 4 "check --salvage: read up to the damaged record, incomplete (status 4)"
grep -q '^lost events or damaged records: 1 gap' "$tmp/short.txt"; ok $? "check --salvage: the skipped records are a gap (found before the buffer is read)"
is "$(salvage_figs "$tmp/short")" "500 200 300 100 100 0" \
	"--salvage: cpu 0 unknown 500 ns from the last good record (100 ns) to the next buffer; pid 5 ran 100 ns, not on into the gap"
$tv graph --transitions --salvage "$tmp/short" 2>/dev/null | grep -q 'damaged records on cpu 0 skipped until 0.000000600 s: 5(a) unknown from here'
ok $? "graph --transitions: the gap of skipped records"

# an events file cut at a buffer boundary: the daemon counted the buffers
# it wrote per CPU (lost file, LTT_TRACE_BUFFERS), so the missing last
# buffer of cpu 1 is seen: a warning naming the CPU, the trace incomplete
# (check: status 4), cpu 1 unknown after its last record, not idle
$gen "$tmp/bcut" <<'DESC'
header ncpus=2 end=1000001000 flags=0x21
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 5; PPID: 1; TGID: 5; NAME: a
buf cpu=0 start=1000000000 pid=5 flags=1
1000000000 start 5 0
1000000100 syscall_entry 1
1000000150 syscall_exit 1 1
buf cpu=1 start=1000000000 pid=0
1000000000 start 0 1
1000000300 irq_entry 4 0
1000000340 irq_exit 4 0
lost cpu=0 total=0 buffers=1
lost cpu=1 total=0 buffers=2
DESC
ok $? "gen-trace: a trace whose file lost cpu 1's last buffer"
out=$($tv check "$tmp/bcut" 2>&1); st=$?
is "$st" 4 "cut at a buffer boundary: check says incomplete (status 4)"
case $out in *"the trace is incomplete (the events file was cut: buffers the daemon wrote are missing)"*) ok 0 "... and why" ;; *) ok 1 "... and why"; diag "$out" ;; esac
case $out in *"cpu 1: the daemon wrote 2 buffers, the file holds 1: the last 1 are missing (the file was cut)"*) ok 0 "... with a warning naming the CPU" ;;
*) ok 1 "... with a warning naming the CPU"; diag "$out" ;; esac
$tv summary --time --json "$tmp/bcut" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
c = d["time"]["system"]["cpus"]
print(d["trace"]["complete"], c[0]["unknown_ns"], c[1]["unknown_ns"], c[1]["idle_ns"])' > "$tmp/bcut.fig"
is "$(cat "$tmp/bcut.fig")" "False 0 660 300" \
	"cut: not complete; cpu 1 unknown from its last record (340 ns) to the stop, idle only before its irq"

# --from/--to on the statistics: the whole trace's accounting restricted
# to the window (scenario A, [300, 700) ns worked out by hand): pid 5
# preempted at 300, back 450-600 (user), preempted again; pid 6 user
# 300-400, read 400-450, blocked (io) 450-500, runnable 500-600, read
# 600-650 (its exit: the read counted, entry and exit in the window),
# user 650-700; a wakeup latency of 100 ns
$tv processes --threads --json --window 0.0000003:0.0000007 "$tmp/a" | python3 -c '
import json, sys
d = json.load(sys.stdin)
f = ["lifetime_ns", "running_ns", "user_ns", "syscall_ns", "runnable_ns", "blocked_ns", "switches", "preemptions"]
print(d["window"], d["window_ns"])
for t in d["threads"]:
    s = {n: (c["count"], c["partial"], c["cpu_ns"], c["blocked_ns"], c["runnable_ns"]) for n, c in t["syscalls"].items()}
    print(t["pid"], [t[k] for k in f], t["blocked_by"]["io"], t["sched_latency"]["count"], t["sched_latency"]["max_ns"], s)' > "$tmp/win.txt"
is "$(cat "$tmp/win.txt")" "{'from_ns': 300, 'to_ns': 700} 400
1 [400, 0, 0, 0, 0, 400, 0, 0] 0 0 0 {}
5 [400, 150, 150, 0, 250, 0, 1, 2] 0 0 0 {}
6 [400, 250, 150, 100, 100, 50, 2, 0] 50 1 100 {'read': (1, 0, 100, 50, 100)}" \
	"processes --window: every figure of the window, worked out by hand"
# the read entered before the window's start is partial in [450, 1000)
is "$($tv syscalls --json --from 0.00000045 "$tmp/a" | python3 -c 'import json,sys; d=json.load(sys.stdin)["syscalls"]; print({n: (c["count"], c["partial"]) for n, c in d.items()})')" \
	"{'read': (0, 1), 'nanosleep': (1, 0)}" "syscalls --from: a call entered before the window is partial, one inside counted"
is "$($tv irqs --json --window 0.0000002:0.0000003 "$tmp/a" | python3 -c 'import json,sys; d=json.load(sys.stdin); print([(q["irq"], q["duration"]["count"]) for q in d["irqs"]])')" \
	"[(236, 1)]" "irqs --window: the timer irq at 200-210 ns, not the ttyS0 one at 300"
is "$($tv irqs --json --window 0.0000002:0.000000205 "$tmp/a" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["irqs"]))')" \
	"0" "irqs --window: a handler that ends after the window is not counted"
# the window [0, end) is the whole trace
good=0
for c in "processes --threads" "syscalls --threads" irqs check; do
	$tv $c --json "$tmp/a" > "$tmp/w1.json"; $tv $c --json --from 0 "$tmp/a" > "$tmp/w2.json"
	python3 -c 'import json,sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
b.pop("window")
if "view" in a: a.pop("view"), b.pop("view")
sys.exit(a != b)' "$tmp/w1.json" "$tmp/w2.json" || { good=1; diag "$c: --from 0 differs"; }
done
ok $good "--from 0: the same figures as the whole trace (processes, syscalls, irqs, check)"
# adjacent windows add up, split at every 10 ns
good=0
$tv processes --threads --json "$tmp/a" > "$tmp/pw.json"; $tv syscalls --threads --json "$tmp/a" > "$tmp/sw.json"
# (every split's files, then one window-sum.py per kind over all of them:
# a python start costs about a second of CPU on the test machine)
for k in processes syscalls; do
	pairs=()
	for m in $(seq 0 10 990); do
		ms=$(printf "0.%09d" "$m")
		$tv $k --threads --json --to "$ms" "$tmp/a" > "$tmp/l$m.${k:0:1}.json" &&
			$tv $k --threads --json --from "$ms" "$tmp/a" > "$tmp/r$m.${k:0:1}.json" ||
			{ good=1; diag "split at $m ns, $k: tracevisualizer failed"; }
		pairs+=("$tmp/l$m.${k:0:1}.json" "$tmp/r$m.${k:0:1}.json")
	done
	"$TOP/tests/lib/window-sum.py" $k "$tmp/${k:0:1}w.json" "${pairs[@]}" > "$tmp/sum.txt" ||
		{ good=1; diag "$k: $(head -3 "$tmp/sum.txt")"; }
done
ok $good "[0, m) and [m, end) add up to the whole trace for every m (times, switches, syscall exits)"
# summary: the events of the window, and adjacent windows add up
is "$($tv summary --json --window 0.0000003:0.0000007 "$tmp/a" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["window"], d["events"]["total"], [(c["events"], c["first_ns"] % 1000, c["last_ns"] % 1000) for c in d["cpus"]],
      sorted((p["pid"], p["events"]) for p in d["processes"]), d["syscalls"])')" \
	"{'from_ns': 300, 'to_ns': 700} 8 [(6, 300, 650), (2, 300, 340)] [(0, 2), (5, 3), (6, 3)] {'read': {'nr': 0, 'entries': 1, 'exits': 1}}" \
	"summary --window: the events of [300, 700) ns by CPU and process (the one at 700 is the next window's)"
good=0
$tv summary --json "$tmp/a" > "$tmp/sw0.json"
for m in $(seq 0 50 950); do
	ms=$(printf "0.%09d" "$m")
	$tv summary --json --to "$ms" "$tmp/a" > "$tmp/sl$m.json" && $tv summary --json --from "$ms" "$tmp/a" > "$tmp/sr$m.json" ||
		{ good=1; diag "summary split at $m ns: tracevisualizer failed"; }
done
python3 -c 'import json, sys
w = json.load(open(sys.argv[1]))
bad = 0
for m in range(0, 1000, 50):
    l, r = (json.load(open("%s/s%s%d.json" % (sys.argv[2], s, m))) for s in "lr")
    ok = all(w["events"]["by_type"].get(k, 0) == l["events"]["by_type"].get(k, 0) + r["events"]["by_type"].get(k, 0)
             for k in set(w["events"]["by_type"]) | set(l["events"]["by_type"]) | set(r["events"]["by_type"]))
    ok = ok and [c["events"] for c in w["cpus"]] == [a["events"] + b["events"] for a, b in zip(l["cpus"], r["cpus"])]
    if not ok:
        print("# summary split at %d ns" % m)
        bad = 1
sys.exit(bad)' "$tmp/sw0.json" "$tmp" || good=1
ok $good "summary: [0, m) and [m, end) add up to the whole trace's events by type and CPU"
# lost events in a window: CPU 0's gap runs from its record at 20 ns to its
# next buffer at 50 ns; summary and check count it where it begins or is open
for w in 0:0.00000002=0/0 0:0.000000021=7/1 0.00000003:0.00000004=7/1 0.00000005:0.0000001=0/0; do
	want=${w#*=}; w=${w%=*}
	got=$($tv summary --json --window "$w" "$tmp/lost" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["lost"]["total"], d["lost"]["by_type"])')/$($tv check --json --window "$w" "$tmp/lost" | python3 -c 'import json,sys; print(json.load(sys.stdin)["lost_gaps"])')
	is "$got" "${want%/*} None/${want#*/}" "window $w: summary's lost events and check's gaps (by type: whole trace only)"
done
$tv check --window 0.0000003:0.0000007 "$tmp/a" > "$tmp/wcheck.txt"; st=$?
is "$st" 0 "check --window: conservation holds in the window"
grep -q "^views: not compared in a window" "$tmp/wcheck.txt"; ok $? "check --window: says the views are not compared"
# times as dump prints them in its second column (absolute) are taken
# written @T; a time's form, never its value, says what it counts from
is "$($tv processes --json --window @1.0000003:@1.0000007 "$tmp/a" | python3 -c 'import json,sys; print(json.load(sys.stdin)["window"])')" \
	"{'from_ns': 300, 'to_ns': 700}" "--window with absolute times (@, dump's second column)"
is "$($tv dump --from @1.0000009 "$tmp/a" | sed -n 2p | cut -d' ' -f1)" "0.000000900" "dump --from an absolute time"
is "$($tv processes --json --window 300ns:+400ns "$tmp/a" | python3 -c 'import json,sys; print(json.load(sys.stdin)["window"])')" \
	"{'from_ns': 300, 'to_ns': 700}" "--window FROM:+D, units"
$tv processes --window 0.0000007:0.0000003 "$tmp/a" 2>/dev/null; is "$?" 2 "processes: a window ending before it starts is refused"
# a time outside the trace (1 us long) is an error that says its span, in
# every form (issue 36, item 7: 2.5:2.6 was taken as absolute, -1 clamped)
span="it spans 0 to 0.000001000 s after its start (@1.000000000 to @1.000001000)"
for c in "processes --window 1.0000003:1.0000007=--window: 1.0000003 is after the end of the trace: $span" \
	 "processes --window 2.5:2.6=--window: 2.5 is after the end of the trace: $span" \
	 "processes --window 2:3=--window: 2 is after the end of the trace: $span" \
	 "processes --window 0:0.5=--window: 0.5 is after the end of the trace: $span" \
	 "syscalls --from 0.000002=--from: 0.000002 is after the end of the trace: $span" \
	 "dump --to @0.5=--to: @0.5 is before the start of the trace: $span" \
	 "graph --window 0.0000001:+1ms=--window: +1ms is after the end of the trace: $span"; do
	want=${c#*=}; c=${c%%=*}
	$tv $c "$tmp/a" > "$tmp/out.txt" 2> "$tmp/err.txt"; st=$?
	is "$st/$(wc -c < "$tmp/out.txt")/$(cat "$tmp/err.txt")" "2/0/tracevisualizer: $want" "$c: refused, the trace's span said"
done
$tv processes --window -1:0.0000005 "$tmp/a" > "$tmp/out.txt" 2> "$tmp/err.txt"; st=$?
grep -q "^tracevisualizer: --window: '-1': + and - count from a cursor" "$tmp/err.txt"
ok $((st != 2 || $?)) "--window -1:B: refused (a sign needs a base), not clamped"
$tv processes --from +1 "$tmp/a" 2> "$tmp/err.txt"; is "$?/$(grep -c 'none here' "$tmp/err.txt")" 2/1 "--from +D: no base, refused"
$tv processes --window 0.5 "$tmp/a" 2> "$tmp/err.txt"; is "$?/$(grep -c "is not a window: give FROM:TO" "$tmp/err.txt")" 2/1 "--window without a colon: its forms said"
# an incomplete trace: CPU 0's events end at 20 ns
$tv check --from 0.00000001 "$tmp/cut" > "$tmp/wc1.txt" 2>&1
grep -q "^incomplete: cpu 0: its events end at 0.000000020 s, 0.000000080 s before the window's end" "$tmp/wc1.txt"
ok $? "check --from: a cut inside the window named"
$tv check --from 0.00000005 "$tmp/cut" > "$tmp/wc2.txt" 2>&1
grep -q "^incomplete: cpu 0: its events end at 0.000000020 s, before the window, and the trace is incomplete: its time in the window is counted unknown" "$tmp/wc2.txt"
ok $? "check --from: a cut before the window: the CPU unknown all along"
$tv check --to 0.00000001 "$tmp/cut" > "$tmp/wc3.txt" 2>&1
is "$(grep -c '^incomplete: cpu' "$tmp/wc3.txt")" 0 "check --to: a cut after the window's end is not in it"

# the man page's SYNOPSIS lists, per command, exactly the options its
# --help lists (both from the program's one table of options)
python3 - "$TOP/docs/tracevisualizer.1" <<'PY' > "$tmp/synopsis.txt"
import re, sys
s = open(sys.argv[1]).read()
syn = s[s.index('.SH SYNOPSIS'):s.index('.SH DESCRIPTION')]
for block in syn.split('.br\n'):
    m = re.search(r'^\.B tracevisualizer ([\w\\-]+)$', block, re.M)
    if m:
        print(m.group(1).replace('\\-', '-'), ' '.join(o.replace('\\-', '-') for o in re.findall(r'(\\-\\-[a-z\\-]+)', block)))
PY
good=0
for c in dump summary processes syscalls irqs graph check tui latency explain critical-path stacks symbolize replay audit jobs; do
	want=$($tv "$c" --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p' | grep -v -e '^--help$' -e '^--version$' | tr '\n' ' ' | sed 's/ $//')
	got=$(sed -n "s/^$c //p" "$tmp/synopsis.txt")
	[ "$want" = "$got" ] || { good=1; diag "$c: --help '$want', man page '$got'"; }
done
ok $good "the man page's SYNOPSIS lists each command's options as its --help does"
# each --help lists an option once (issue 36: --pcap FILE was listed twice)
good=0
for c in "" dump summary processes syscalls irqs graph check tui export messages paths latency explain critical-path stacks symbolize replay audit jobs; do
	dup=$($tv $c --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p' | sort | uniq -d | tr '\n' ' ')
	[ -z "$dup" ] || { good=1; diag "${c:-tracevisualizer} --help lists twice: $dup"; }
done
ok $good "every --help lists each option once"

done_testing
