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
P=/sys/module/ltt_tracer/parameters
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
done_testing
