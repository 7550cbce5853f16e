#!/bin/bash
# Application markers without root (/dev/ltt-marker, libltt-marker): the
# test's uids, created here (no passwd entry needed: numbers), write
# markers through the library (tests/workloads/ltt-markers).  With the
# module's default (marker_gid=-1) an unprivileged uid is refused even in
# the group; with marker_gid=G, uid U in G writes markers that appear in
# the trace with its uid, tid and pid, and uid V outside G is refused with
# a clear error (EACCES, naming marker_gid), and writes nothing.  A flood
# of markers beyond marker_rate is cut: what the writer was refused
# (EAGAIN) is counted as lost marker events in the trace, and what it was
# not is in the trace: written + refused = sent, nothing silent.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

G=4242 U=4243 V=4244 RATE=100 FLOOD=1000
NJOBS=20 PERIOD=10000 BUSY=4000 STEAL=4000 EVERY=5 DEADLINE=6ms
P=/sys/module/ltt_tracer/parameters
VM_ARGS=(--cpus 1 --icount 3 --append "tsc=reliable clocksource=tsc")
cat > "$share/run.sh" <<EOF
cat $P/marker_gid > /mnt/share/default-gid
ltt-markers --as $U $U,$G mark 1 > /dev/null 2> /mnt/share/err-default
echo \$? > /mnt/share/rc-default
echo $G > $P/marker_gid || exit 1
echo $RATE > $P/marker_rate || exit 1
traced -q -o /mnt/share/t -- sh -c '
	ltt-markers --as $U $U,$G mark 5 > /mnt/share/out-in 2> /mnt/share/err-in
	echo \$? > /mnt/share/rc-in
	ltt-markers --as $V $V mark 5 > /mnt/share/out-out 2> /mnt/share/err-out
	echo \$? > /mnt/share/rc-out
	ltt-markers flood $FLOOD > /mnt/share/out-flood 2> /mnt/share/err-flood
	echo \$? > /mnt/share/rc-flood'
rc=\$?
echo -1 > $P/marker_gid
echo 1000 > $P/marker_rate
traced -q -b 2M -n 16 -o /mnt/share/tj --rule 'on job(ctl) if latency > 6ms then snapshot' -- sh -c '
	ltt-jobs $NJOBS $PERIOD $BUSY $STEAL $EVERY 0 > /mnt/share/out-jobs 2> /mnt/share/err-jobs
	echo \$? > /mnt/share/rc-jobs' || exit 1
exit \$rc
EOF
vm_run "$share" 300 'sh /mnt/share/run.sh'
ok $? "guest ran the marker writers under traced"

is "$(cat "$share/default-gid" 2>/dev/null)" "-1" "marker_gid is -1 by default (root only)"
is "$(cat "$share/rc-default" 2>/dev/null)" "3" "by default, uid $U is refused even in group $G (exit 3: EACCES)"

is "$(cat "$share/rc-in" 2>/dev/null)" "0" "with marker_gid=$G, uid $U in group $G writes its markers"
is "$(cat "$share/out-in" 2>/dev/null)" "ok 5" "... all 5 jobs"
[ -s "$share/err-in" ] && diag "err-in: $(cat "$share/err-in")"
is "$(cat "$share/rc-out" 2>/dev/null)" "3" "uid $V outside group $G is refused (exit 3: EACCES)"
grep -q "ltt-marker: Permission denied (markers need CAP_SYS_ADMIN or the group of the module's marker_gid)" \
	"$share/err-out" 2>/dev/null
ok $? "... with a clear error: $(cat "$share/err-out" 2>/dev/null)"

tracevisualizer dump --json --type marker "$share/t" > "$share/m.json"
ok $? "dump --json --type marker"
tracevisualizer summary --json "$share/t" > "$share/s.json"
ok $? "summary --json"

python3 - "$share/m.json" "$share/s.json" "$share/out-flood" "$U" "$V" "$FLOOD" "$RATE" > "$share/py.out" <<'PY'
import json, sys
mj, sj, flood, U, V, N, RATE = sys.argv[1:8]
U, V, N, RATE = int(U), int(V), int(N), int(RATE)
evs = json.load(open(mj))['events']
evs = [e for e in evs if e['type'] == 'marker']
mine = [e for e in evs if e['args']['uid'] == U]
kinds = {}
for e in mine:
    k = (e['args']['kind'], e['args']['name'])
    kinds[k] = kinds.get(k, 0) + 1
print("uid_u", len(mine))
print("kinds", sorted(kinds.items()) == sorted({(1, 'job'): 5, (3, 'job'): 5, (4, 'seq'): 5, (2, 'job'): 5}.items()))
print("tid_is_task", all(e['args']['tid'] == e['pid'] for e in mine))
print("one_task", len({e['args']['pid'] for e in mine}) == 1)
print("texts", [e['args'].get('text') for e in mine if e['args']['kind'] == 3] == ['step %d' % i for i in range(5)])
print("counters", [e['args']['value'] for e in mine if e['args']['kind'] == 4] == list(range(5)))
print("uid_v", sum(1 for e in evs if e['args']['uid'] == V))
w, r = (int(x) for x in open(flood).read().split()[1::2])
fl = [e for e in evs if e['args']['name'] == 'flood']
s = json.load(open(sj))
lost = s['lost']['by_type'].get('marker', 0)
print("flood", w, r, len(fl), lost)
print("flood_sum", w + r == N)
print("flood_cut", r > 0 and RATE <= w <= 3 * RATE)
print("flood_recorded", len(fl) == w)
print("flood_lost", lost == r)
PY
ok $? "the markers decoded"
diag "$(cat "$share/py.out")"
val() { sed -n "s/^$1 //p" "$share/py.out"; }
is "$(val uid_u)" "20" "uid $U's 20 markers are in the trace with its uid (5 x begin, mark, counter, end)"
is "$(val kinds)" "True" "... 5 begins and 5 ends of job, 5 marks of job, 5 counters seq"
is "$(val tid_is_task)" "True" "... each with the tid of the task it is attributed to"
is "$(val one_task)" "True" "... all of one process"
is "$(val texts)" "True" "... the marks' texts step 0 to step 4, in order"
is "$(val counters)" "True" "... the counter's values 0 to 4, in order"
is "$(val uid_v)" "0" "no marker of uid $V, who was refused"
is "$(val flood_sum)" "True" "flood: written + refused = $FLOOD sent"
is "$(val flood_cut)" "True" "flood: cut by marker_rate=$RATE a second (written between $RATE and $((3 * RATE)))"
is "$(val flood_recorded)" "True" "flood: every marker written is in the trace"
is "$(val flood_lost)" "True" "flood: every marker refused is counted as a lost marker event"

# the views on this real trace (the host's time, not the guest's): the
# library pairs uid U's 5 begins and ends of job into 5 closed jobs on the
# writer's task row, its 5 marks as points, and its counter seq has a row
# whose bins' last values step up to 4 (graph --json, what the TUI and the
# window draw: tests/host/graph-marks.t and tui-marks.t, gtk-marks.t)
tracevisualizer graph --json --width 400 "$share/t" > "$share/g.json"
ok $? "graph --json of the markers' trace"
python3 - "$share/g.json" "$share/m.json" "$U" > "$share/gv.out" <<'PY'
import json, sys
g = json.load(open(sys.argv[1])); evs = json.load(open(sys.argv[2]))['events']; U = int(sys.argv[3])
mine = [e for e in evs if e['type'] == 'marker' and e['args']['uid'] == U]
tid = mine[0]['args']['tid'] if mine else -1
pid = mine[0]['args']['pid'] if mine else -1
row = [r for r in g['rows'] if r['pid'] == tid]
marks = row[0].get('marks', []) if row else []
jobs = [m for m in marks if m['kind'] == 'job' and m['name'] == 'job']
print("jobs", len(jobs), all(not m['no_begin'] and not m['no_end'] and m['end_ns'] > m['start_ns'] for m in jobs))
print("points", sorted(m.get('text') for m in marks if m['kind'] == 'point') == ['step %d' % i for i in range(5)])
print("lane", bool(row) and row[0].get('lane', '').strip() != '')
seq = [c for c in g['counters'] if c['pid'] == pid and c['name'] == 'seq']
steps = []
for b in (seq[0]['bins'] if seq else []):
    if b and (not steps or steps[-1] != b['last']):
        steps.append(b['last'])
# the 5 values come within microseconds: a column may hold several, the
# last value of each column steps up through them to 4
print("seq", bool(steps) and steps == sorted(set(steps)) and steps[-1] == 4 and set(steps) <= set(range(5)),
      bool(seq) and (seq[0]['min'], seq[0]['max'], seq[0]['values']) == (0, 4, 5))
PY
diag "$(cat "$share/gv.out")"
is "$(sed -n 's/^jobs //p' "$share/gv.out")" "5 True" "views: uid $U's 5 jobs paired on its task's row, none left open"
is "$(sed -n 's/^points //p' "$share/gv.out")" "True" "views: its 5 marks as points with their texts"
is "$(sed -n 's/^lane //p' "$share/gv.out")" "True" "views: its marker lane under its row is not blank"
is "$(sed -n 's/^seq //p' "$share/gv.out")" "True True" "views: a counter row for seq, 5 values 0 to 4, its bins stepping through them"
is "$(cat "$share/rc-jobs" 2>/dev/null)" "0" "ltt-jobs ran its $NJOBS jobs under traced"
[ -s "$share/err-jobs" ] && diag "err-jobs: $(cat "$share/err-jobs")"
tracevisualizer jobs --json "$share/tj" > "$share/j.json"
ok $? "jobs --json"
tracevisualizer jobs --deadline $DEADLINE --json "$share/tj" > "$share/jd.json"
is "$?" "3" "jobs --deadline $DEADLINE: exit status 3 (misses)"
tracevisualizer jobs --deadline $DEADLINE "$share/tj" > "$share/jd.txt"
python3 - "$share/j.json" "$share/jd.json" "$share/out-jobs" "$BUSY" "$STEAL" "$NJOBS" \
	> "$share/jpy.out" <<'PY'
import json, sys
jj, jd, out, BUSY, STEAL, N = sys.argv[1:7]
BUSY, STEAL, N = int(BUSY) * 1000, int(STEAL) * 1000, int(N)
lines = open(out).read().split('\n')
task, thief = (int(x) for x in lines[0].split())
stolen = [int(x) for x in lines[1:] if x]
j = json.load(open(jj))['jobs']
jobs = [x for x in j['jobs'] if x['name'] == 'ctl' and x['tid'] == task]
print("count", len(jobs) == N and j['names'][0]['count'] == N)
print("exec_2pc", all(abs(x['exec_ns'] - BUSY) <= BUSY * 2 // 100 for x in jobs))
print("exec", [x['exec_ns'] for x in jobs])
parts = lambda x: (x['exec_ns'] + x['runnable_ns'] + x['irq_ns'] + x['softirq_ns'] +
                   x['blocked_ns'] + x['unknown_ns'])
print("sum", all(parts(x) == x['response_ns'] for x in jobs))
def by_thief(x):
    return sum(b['runnable_ns'] for b in x['by'] if b['who'] == 'task' and b['pid'] == thief)
st = [jobs[i] for i in stolen if i < len(jobs)]
print("stolen", stolen == list(range(4, N, 5)))
print("steal", [(x['response_ns'], x['exec_ns'], by_thief(x)) for x in st])
print("steal_ok", len(st) == len(stolen) and all(
    STEAL <= x['runnable_ns'] <= STEAL * 105 // 100 and by_thief(x) >= STEAL * 95 // 100 and
    x['by'][0]['pid'] == thief and x['preemptions'] == 1 and
    x['response_ns'] == x['exec_ns'] + x['runnable_ns'] + x['irq_ns'] + x['softirq_ns'] and
    x['blocked_ns'] == 0 and x['unknown_ns'] == 0 for x in st))
others = [x for i, x in enumerate(jobs) if i not in stolen]
print("calm", all(by_thief(x) == 0 and x['preemptions'] == 0 for x in others))
d = json.load(open(jd))['jobs']
miss = [i for i, x in enumerate(x for x in d['jobs'] if x['tid'] == task) if x['miss']]
print("misses", miss == stolen and d['misses'] == len(stolen))
print("warnings", len(j['warnings']))
PY
ok $? "the jobs decoded"
diag "$(cat "$share/jpy.out")"
is "$(sed -n "s/^count //p" "$share/jpy.out")" "True" "jobs: the $NJOBS jobs ctl of the task"
is "$(sed -n 's/^exec_2pc //p' "$share/jpy.out")" "True" "jobs: every execution within 2 % of $BUSY us"
is "$(sed -n 's/^sum //p' "$share/jpy.out")" "True" "jobs: every job's parts add up to its response exactly"
is "$(sed -n 's/^stolen //p' "$share/jpy.out")" "True" "jobs: the thief stole from the jobs 4, 9, 14, 19"
is "$(sed -n 's/^steal_ok //p' "$share/jpy.out")" "True" "jobs: their response = execution + the $STEAL us runnable (the thief first) + irqs, one preemption"
is "$(sed -n 's/^calm //p' "$share/jpy.out")" "True" "jobs: the others neither wait for the thief nor are preempted"
is "$(sed -n 's/^misses //p' "$share/jpy.out")" "True" "jobs --deadline $DEADLINE: exactly the stolen jobs miss"
is "$(sed -n 's/^warnings //p' "$share/jpy.out")" "0" "jobs: no warning"
grep -q "^Deadline 6000.000 us: 4 misses" "$share/jd.txt"
ok $? "jobs --deadline (text): 4 misses, each explained: $(grep -c 'runnable behind' "$share/jd.txt") lines of culprits"
# the same jobs as AUDIT's requests: traced's rule 'on job(ctl) if latency
# > 6ms' fired at the end of the first stolen job (the others within its
# 1 s hold-off), from its begin; audit explains that job and blames the thief
tracevisualizer audit --json "$share/tj" > "$share/ja.json"
ok $? "audit --json of the jobs' trace"
python3 - "$share/j.json" "$share/tj/firings.jsonl" "$share/ja.json" "$share/out-jobs" "$STEAL" \
	> "$share/jfire.out" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
t0 = j['trace']['start_ns']
lines = open(sys.argv[4]).read().split('\n')
task, thief = (int(x) for x in lines[0].split())
stolen = [int(x) for x in lines[1:] if x]
jobs = [x for x in j['jobs']['jobs'] if x['name'] == 'ctl' and x['tid'] == task]
first = jobs[stolen[0]]
fs = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
f = fs[0] if fs else {}
lat = [v['value'] for v in f.get('values', []) if v['expr'] == 'latency']
print("firing", len(fs) == 1 and f['pid'] == task and f['start_ns'] - t0 == first['begin_ns'] and
      f['time_ns'] - t0 == first['end_ns'] and lat == [first['response_ns']] and
      f['snapshot']['complete'], [(x.get('start_ns', 0) - t0, x.get('time_ns', 0) - t0, x.get('values')) for x in fs],
      (first['begin_ns'], first['end_ns'], first['response_ns']))
a = json.load(open(sys.argv[3]))['firings']
ins = a[0]['instance'] if a else {}
bl = ins.get('blame', {}) if ins else {}
parties = bl.get('parties', [])
th = [p for p in parties[:2] if p['kind'] == 'task' and p['pid'] == thief]
print("audit", bool(ins) and ins['analysed'] and ins['latency_ns'] == first['response_ns'] and
      bool(th) and th[0]['blame_ns'] >= int(sys.argv[5]) * 1000 * 95 // 100,
      [(p['kind'], p.get('pid'), p['blame_ns']) for p in parties[:3]])
PY
diag "$(cat "$share/jfire.out")"
is "$(sed -n 's/^firing \([A-Za-z]*\).*/\1/p' "$share/jfire.out")" "True" \
	"traced --rule 'on job(ctl) if latency > 6ms': one firing, the first stolen job's end, from its begin, its latency the job's response; a complete snapshot"
is "$(sed -n 's/^audit \([A-Za-z]*\).*/\1/p' "$share/jfire.out")" "True" \
	"audit: that job explained (its latency the response) and the thief among the two most blamed, at least 95 % of the stolen $STEAL us"
done_testing
