#!/bin/bash
# The graph command draws the view model's time per column and computes
# nothing of its own: on the corpus traces, at several widths, windows
# and --cpu masks, each cell of "graph --json" is the running category
# with the most time in that column (ties in the order of the modes:
# user, syscall, trap, irq, idle, kernel, unknown, softirq) of the
# library's per-column times (lttr_view_time_cols(), and
# lttr_view_idle_time_cols() for pid 0, printed by view-bench
# --time-cols), and the rows are exactly the tasks that ran in the window
# on those CPUs, the idle kernel threads among them in their group row
# (the busiest category of their times summed).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
vb=$TOP/tracevisualizer/build/utest/view-bench
[ -x "$vb" ] || make -s -C tracevisualizer tools >/dev/null

# compare TRACE WIDTH CPUMASK GRAPH-ARGS...: the graph's cells against view-bench's times
compare() {
	local trace=$1 width=$2 mask=$3; shift 3
	$tv graph --json --width "$width" "$@" "$trace" > "$tmp/g.json" || return 1
	python3 - "$tmp/g.json" "$vb" "$trace" "$width" "$mask" <<'PY'
import json, subprocess, sys
g = json.load(open(sys.argv[1]))
vb, trace, width, mask = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
start = g['trace']['start_ns']
spec = '%d:%d:%d:%s' % (g['from_ns'] - start, g['to_ns'] - start, width, mask)
out = subprocess.run([vb, '--time-cols', spec, trace], capture_output=True, text=True, check=True).stdout
# enum lttr_vcat: 1 user 2 syscall 3 trap 4 irq 5 softirq 6 kernel 7 idle 8 unknown
order = [1, 2, 3, 4, 7, 6, 8, 5]
letter = {1: 'U', 2: 'S', 3: 'T', 4: 'I', 5: 'Q', 6: 'K', 7: '_', 8: '?'}
def busiest(ns):
    best = None
    for k in order:
        if ns.get(k, 0) and (best is None or ns[k] > ns[best]):
            best = k
    return ' ' if best is None else letter[best]
want, times = {}, {}
for line in out.splitlines():
    f = line.split(' ')
    pid, cols = int(f[0]), f[1:]
    assert len(cols) == width, line
    times[pid] = [{} if c == '-' else {int(k): int(v) for k, v in (x.split('=') for x in c.split(','))}
                  for c in cols]
    cells = ''.join(busiest(ns) for ns in times[pid])
    if cells.strip():
        want[pid] = cells
got = {r['pid']: r['cells'] for r in g['rows'] if 'group' not in r}
group = [r for r in g['rows'] if 'group' in r]
# the group row of the idle kernel threads: its members are the tasks the
# graph does not list (the others that ran have rows), its cells the
# busiest of their times summed per column
if group:
    members = [p for p in times if p not in got]
    cells = ''
    for c in range(width):
        ns = {}
        for p in members:
            for k, v in times[p][c].items():
                ns[k] = ns.get(k, 0) + v
        cells += busiest(ns)
    if cells == group[0]['cells']:
        for p in members:
            want.pop(p, None)
    else:
        print('# the group row: graph %r, library %r' % (group[0]['cells'], cells))
bad = [p for p in sorted(set(want) | set(got)) if want.get(p) != got.get(p)]
for p in bad[:3]:
    print('# pid %d: graph %r, library %r' % (p, got.get(p), want.get(p)))
print('# %d rows, %d cells' % (len(got), sum(len(c) for c in got.values())))
sys.exit(1 if bad or not got else 0)
PY
}

for t in guest-mix guest-lost; do
	trace=tests/corpus/$t
	for w in 40 100 157; do
		compare "$trace" "$w" 0
		ok $? "$t, $w columns: every cell is the busiest running category of the library's times, the rows its tasks that ran"
	done
	compare "$trace" 80 1 --cpu 0
	ok $? "$t --cpu 0: the time on CPU 0 only"
	compare "$trace" 80 2 --cpu 1
	ok $? "$t --cpu 1: the time on CPU 1 only"
	compare "$trace" 300 3 --cpu 0,1 --window 0.02:0.021
	ok $? "$t --cpu 0,1 --window 0.02:0.021 at 300 columns"
	compare "$trace" 157 0 --window 0.1234567:0.1234999
	ok $? "$t --window 0.1234567:0.1234999 at 157 columns (columns of 275.1 ns)"
done
done_testing
