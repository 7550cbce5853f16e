#!/bin/bash
# tracevisualizer jobs (docs/jobs.md) as a person runs it, on the trace of
# tracevisualizer/utest/test-jobs.c's scenario J worked out by hand: task
# 5's first job "ctl" (100-900 ns) is 370 ns of execution, 30 of irq 236,
# 210 runnable (190 behind task 6 "hog", 20 behind the idle task) and 190
# blocked (sleep): in the JSON and, with --deadline 500ns, as its one
# miss in the text (exit status 3); the bad markers (an end without a
# begin, nested jobs, a task exiting inside a job) are warnings on
# standard error and in the JSON; a bad --deadline is a usage error.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null

$gen "$tmp/j" <<'DESC'
header end=1000004000
proc PID: 5; PPID: 1; TGID: 5; NAME: ctl
proc PID: 6; PPID: 1; TGID: 6; NAME: hog
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 marker begin 5 5 0 ctl 0
1000000200 irq_entry 236 3
1000000230 irq_exit 236 3
1000000300 wakeup 6 0 0
1000000310 sched 5 6 0
1000000500 sched 6 5 1
1000000600 syscall_entry 35
1000000610 sched 5 0 1
1000000800 wakeup 5 0 0
1000000820 sched 0 5 0
1000000830 syscall_exit 35 0
1000000900 marker end 5 5 0 ctl 0
1000001100 marker begin 5 5 0 ctl 0
1000001300 marker end 5 5 0 ctl 0
1000002150 marker begin 5 5 0 ctl 0
1000002250 marker end 5 5 0 ctl 0
1000002400 marker end 5 5 0 ctl 0
1000002500 marker begin 5 5 0 nest 0
1000002600 marker begin 5 5 0 nest 0
1000002700 marker end 5 5 0 nest 0
1000002800 marker end 5 5 0 nest 0
1000003000 marker begin 5 5 0 last 0
1000003100 exit 5 0
1000003110 sched 5 0 64
DESC
ok $? "gen-trace writes scenario J"

$tv jobs --json "$tmp/j" > "$tmp/j.json" 2> "$tmp/j.err"
ok $? "jobs --json: exit status 0 (no deadline)"
python3 - "$tmp/j.json" > "$tmp/py.out" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))['jobs']
a = j['jobs'][0]
print("first", a['begin_ns'], a['response_ns'], a['exec_ns'], a['irq_ns'], a['runnable_ns'],
      a['blocked_ns'], a['softirq_ns'], a['unknown_ns'], a['preemptions'])
print("by", ' '.join('%s:%d:%d' % (b['label'], b['runnable_ns'], b['over_ns']) for b in a['by']))
print("reason", json.dumps(a['blocked_by_reason'], sort_keys=True))
print("names", ' '.join('%s:%d:%d' % (n['name'], n['count'], n['period_ns']) for n in j['names']))
print("sums", all(x['exec_ns'] + x['runnable_ns'] + x['irq_ns'] + x['softirq_ns'] +
                  x['blocked_ns'] + x['unknown_ns'] == x['response_ns'] for x in j['jobs']))
print("jitter", [x['jitter_ns'] for x in j['jobs'] if x['name'] == 'ctl'])
print("warnings", ' '.join(w['kind'] for w in j['warnings']))
print("deadline", j['deadline_ns'], j['misses'])
PY
ok $? "the JSON parses"
val() { sed -n "s/^$1 //p" "$tmp/py.out"; }
is "$(val first)" "100 800 370 30 210 190 0 0 1" \
	"the first job: 800 ns = exec 370 + irq 30 + runnable 210 + blocked 190, one preemption"
is "$(val by)" "hog-6:190:0 vector 236:0:30 idle:20:0" "... runnable behind hog 190 ns and idle 20, vector 236 (the local timer) over it 30"
is "$(val reason)" '{"sleep": 190}' "... blocked 190 ns in sleep"
is "$(val names)" "ctl:3:1000 nest:2:100" "names: ctl (3 jobs, period 1000 ns), nest (2, begun 100 ns apart); not last (no job)"
is "$(val sums)" "True" "every job's parts add up to its response"
is "$(val jitter)" "[None, 0, 50]" "ctl's jitter: unknown for the first, then 0 and 50 ns"
is "$(val warnings)" "no_begin nested exited" "warnings in the JSON: no_begin, nested, exited"
is "$(val deadline)" "None 0" "no deadline, no miss"
is "$(grep -c 'warning: ' "$tmp/j.err")" "3" "... and on standard error"
grep -q "warning: task 5 exited at 0.000003100 s inside job 'last' begun at 0.000003000 s (not counted)" "$tmp/j.err"
ok $? "... the exit in words"

$tv jobs --deadline 500ns "$tmp/j" > "$tmp/d.txt" 2> "$tmp/d.err"
is "$?" "3" "jobs --deadline 500ns: exit status 3 (a miss)"
grep -q "^Deadline 0.500 us: 1 miss$" "$tmp/d.txt"
ok $? "... one miss"
grep -q "^  ctl task 5 at 0.000000100 s: response 0.800 us = exec 0.370 + runnable 0.210 + irq 0.030 + softirq 0.000 + blocked 0.190 + unknown 0.000 us; 1 preemption$" "$tmp/d.txt"
ok $? "... explained by its parts"
grep -q "^      runnable behind hog-6  *0.190 us$" "$tmp/d.txt"
ok $? "... and whom it waited behind"
grep -q "^  execution  *0.100  *0.200  *0.370  *0.370  *0.370$" "$tmp/d.txt"
ok $? "ctl's execution: min 0.100, p50 0.200, p90 0.370 (nearest rank of 3), p99 0.370, max 0.370 us"
grep -q "^  preemptions  *0  *0  *1  *1  *1$" "$tmp/d.txt"
ok $? "ctl's preemptions, counted: 0 0 1 1 1"
$tv jobs --deadline 1ms --json "$tmp/j" > /dev/null 2>&1
is "$?" "0" "jobs --deadline 1ms: no miss, exit status 0"
$tv jobs --deadline soon "$tmp/j" > /dev/null 2> "$tmp/u.err"
is "$?" "2" "jobs --deadline soon: usage error"
grep -q "deadline needs a duration (e.g. 2ms)" "$tmp/u.err"
ok $? "... saying what a duration is"
$tv jobs --help | grep -q "^  --deadline D"
ok $? "jobs --help lists --deadline"

# --load: 10 bins of 400 ns; bin 0: the CPU busy all along, ctl 280 ns
# (its 310 less the irq's 30), hog 90; bin 1: idle from 610 to 800 ns
$tv jobs --load --width 10 "$tmp/j" > "$tmp/l.txt"
ok $? "jobs --load --width 10"
grep -q "^CPU load over the whole trace in 10 bins of 0.400 us" "$tmp/l.txt"
ok $? "... over the whole trace, 10 bins of 400 ns"
is "$(sed -n 3,4p "$tmp/l.txt" | tr -s ' ' | tr '\n' '|')" \
	" 0.000000000 100.0 70.0 22.5| 0.000000400 52.5 27.5 25.0|" \
	"... bins 0 and 1: cpu0 100 % then 52.5 %, ctl 70 then 27.5 %, hog 22.5 then 25 %"
$tv jobs --load --width 10 --json "$tmp/j" | python3 -c '
import json, sys
l = json.load(sys.stdin)["load"]
print(l["bins"], l["bin_ns"][0], l["cpus"][0]["busy_ns"][:2],
      [(x["name"], x["total_ns"], x["ns"][:2]) for x in l["tasks"]])' > "$tmp/l.out"
is "$(cat "$tmp/l.out")" "10 400 [400, 210] [('ctl', 2680, [280, 110]), ('hog', 190, [90, 100])]" \
	"jobs --load --json: the same in ns, every task (ctl 2680 ns: 280 + 110 + 820 to its exit at 3110)"
is "$($tv jobs --load --json "$tmp/j" | python3 -c 'import json, sys; print(json.load(sys.stdin)["load"]["bins"])')" \
	"100" "jobs --load: 100 bins by default (as graph's columns)"
$tv jobs --load --deadline 1ms "$tmp/j" > /dev/null 2>&1
is "$?" "2" "jobs --load with --deadline: usage error"

# --load over a part of the trace (a view's zoomed window): bin 1 above
$tv jobs --load --width 10 --window 0.0000004:0.0000008 "$tmp/j" > "$tmp/w.txt"
ok $? "jobs --load --window 0.0000004:0.0000008"
grep -q "^CPU load over the window 0.000000400 s to 0.000000800 s in 10 bins of 0.040 us" "$tmp/w.txt"
ok $? "... over the window 400 to 800 ns, said, in 10 bins of 40 ns"
$tv jobs --load --width 10 --json --from 0.0000004 --to 0.0000008 "$tmp/j" | python3 -c '
import json, sys
l = json.load(sys.stdin)["load"]
print(l["whole"], l["from_ns"], l["to_ns"], sum(l["cpus"][0]["busy_ns"]),
      [(x["name"], x["total_ns"]) for x in l["tasks"]])' > "$tmp/w.out"
is "$(cat "$tmp/w.out")" "False 400 800 210 [('ctl', 110), ('hog', 100)]" \
	"--json --from --to: whole false, 400 to 800 ns, cpu0 busy 210 ns, ctl 110, hog 100 (the whole trace's bin 1)"
is "$($tv jobs --load --json "$tmp/j" | python3 -c 'import json, sys; l = json.load(sys.stdin)["load"]; print(l["whole"], l["from_ns"])')" \
	"True 0" "... without them: the whole trace"
$tv jobs --window 0.0000004:0.0000008 "$tmp/j" > /dev/null 2> "$tmp/w.err"
is "$?" "2" "jobs --window without --load: usage error"
grep -q "needs --load with --from, --to or --window" "$tmp/w.err"
ok $? "... saying why"
done_testing
