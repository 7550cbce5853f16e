#!/bin/bash
# Application markers in "graph" (the library's lttr_appmarks_*: what the
# TUI and the window draw): on the trace of tests/lib/marktrace.py, the
# jobs and points of each task row of "graph --json" are exactly those
# paired here from "dump --json --type marker" (a begin with the first
# end of the same thread and name after it, nested ones inside; an end
# with no begin from the trace's start, a begin with no end to its end),
# at the columns of their times; each counter's bins hold the value
# written last at or before each column's end (null before the first),
# min and max over the column; and the text output draws them: the
# marker lane under the task's row, a sparkline row per counter.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer tools >/dev/null
python3 tests/lib/marktrace.py | $gen "$tmp/t"
ok $? "the marker trace is written (tests/lib/marktrace.py)"

check() {	# WIDTH [graph args]
	local w=$1; shift
	$tv graph --json --width "$w" "$@" "$tmp/t" > "$tmp/g.json" &&
	$tv dump --json --type marker "$tmp/t" > "$tmp/m.json" || return 1
	python3 - "$tmp/g.json" "$tmp/m.json" "$w" <<'PY'
import json, sys
g = json.load(open(sys.argv[1])); evs = json.load(open(sys.argv[2]))['events']
W = int(sys.argv[3]); t0, t1 = g['from_ns'], g['to_ns']
start, end = g['trace']['start_ns'], g['trace']['end_ns']
def col(t):     # lttr_viewport_time_col(): ceil((t - t0 + 1) * W / span) - 1
    if t >= t1:
        return W - 1
    return -(-(t - t0 + 1) * W // (t1 - t0)) - 1
jobs, opened, points, ctr = [], [], [], {}
for e in evs:
    a = e['args']; k = a['kind']; t = e['time_ns']
    if k == 1:
        opened.append((a['tid'], a['name'], t))
    elif k == 2:
        m = [o for o in opened if o[0] == a['tid'] and o[1] == a['name']]
        if m:
            opened.remove(m[-1]); jobs.append((a['tid'], a['name'], m[-1][2], t, False, False))
        else:
            jobs.append((a['tid'], a['name'], start, t, True, False))
    elif k == 3:
        points.append((a['tid'], a['name'], t, a.get('text', '')))
    elif k == 4:
        ctr.setdefault((a['pid'], a['name']), []).append((t, a['value']))
for o in opened:
    jobs.append((o[0], o[1], o[2], end, False, True))
bad = []
for r in g['rows']:
    tid = r['pid']
    want = sorted([(j[2], 'job', j[1], j[3], j[4], j[5]) for j in jobs if j[0] == tid and j[3] >= t0 and j[2] <= t1] +
                  [(p[2], 'point', p[1], p[2], False, False) for p in points if p[0] == tid and t0 <= p[2] <= t1])
    got = sorted((m['start_ns'], m['kind'], m['name'], m['end_ns'], m['no_begin'], m['no_end']) for m in r.get('marks', []))
    if want != got:
        bad.append(('marks', tid, want, got))
    for m in r.get('marks', []):
        c0 = 0 if m['start_ns'] < t0 else col(m['start_ns']); c1 = W - 1 if m['end_ns'] > t1 else col(m['end_ns'])
        if (m['col0'], m['col1']) != (c0, c1):
            bad.append(('cols', tid, m['name'], m['col0'], m['col1'], c0, c1))
got_c = {(c['pid'], c['name']): c for c in g['counters']}
if sorted(got_c) != sorted(ctr):
    bad.append(('counters', sorted(got_c), sorted(ctr)))
for key, vals in ctr.items():
    c = got_c.get(key)
    if not c:
        continue
    for i in range(W):
        b = c['bins'][i]
        inside = [v for t, v in vals if t0 <= t <= t1 and col(t) == i]
        before = [v for t, v in vals if t < t0 or (t <= t1 and col(t) < i)]
        held = before[-1:]
        if not inside and not held:
            if b is not None:
                bad.append(('bin', key, i, b, None))
            continue
        w = {'n': len(inside), 'min': min(held + inside), 'max': max(held + inside), 'last': (inside or held)[-1]}
        if b != w:
            bad.append(('bin', key, i, b, w))
print('ok' if not bad else bad[:5])
print('njobs', sum(1 for r in g['rows'] for m in r.get('marks', []) if m['kind'] == 'job'))
PY
}
out=$(check 100)
is "$(sed -n 1p <<<"$out")" "ok" "width 100, the whole trace: jobs, points and counter bins as paired and binned from the markers"
is "$(sed -n 2p <<<"$out")" "njobs 7" "... 7 jobs (4 job, 1 step nested, an end with no begin, a begin with no end)"
out=$(check 37 --from 14ms --to 27ms)
is "$(sed -n 1p <<<"$out")" "ok" "width 37, 14 ms to 27 ms: the jobs cut by the window, the counters' values held from before it"
out=$(check 10)
is "$(sed -n 1p <<<"$out")" "ok" "width 10: two values in a column (min, max, last)"

$tv graph --width 200 "$tmp/t" > "$tmp/g.txt"
ok $? "graph (text)"
grep -A1 '^ *10 ctl' "$tmp/g.txt" | tail -1 > "$tmp/lane"
grep -q '^ *markers *|                    \[job|=*\]' "$tmp/lane"; ok $? "ctl's marker lane under its row: [job] at its column ($(cat "$tmp/lane"))"
grep -A1 '^ *20 log' "$tmp/g.txt" | tail -1 | grep -q '|<io=*\].*\[sync=*>|$'
ok $? "log's lane: an end with no begin drawn open at the start, a begin with no end open to the end"
grep -q '^ *10 #queue *|                    [^ ]*| -4..24$' "$tmp/g.txt"
ok $? "a row for ctl's counter queue from its first value on: its sparkline, levels from -4 to 24"
grep -q '^ *20 #temp ' "$tmp/g.txt"; ok $? "a row for log's counter temp"
done_testing
