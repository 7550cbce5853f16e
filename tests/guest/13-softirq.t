#!/bin/bash
# Softirq events on a real kernel: every softirq entry has its exit, they
# carry known vectors (the periodic tick raises TIMER, RCU and SCHED), the
# reader gives them their own mode (per-CPU softirq time, per-vector
# statistics), and every nanosecond is still accounted once.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 300 'traced -q -o /mnt/share/t -- sh -c "ltt-sleep 1 > /dev/null; ltt-forktree 20 /tmp/x; ltt-getppid 20000 > /dev/null"'
ok $? "guest traced a workload"
tracevisualizer summary --json --time "$share/t" > "$share/s.json"
ok $? "summary --json --time"
tracevisualizer irqs --json "$share/t" > "$share/i.json"
ok $? "irqs --json"
tracevisualizer dump --json --type softirq_entry,softirq_exit "$share/t" > "$share/d.json"
ok $? "dump --json of the softirq events"
conserved "$share/t"
checks < <(PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import sys, os
from check import ok, load, done
d = sys.argv[1]
s = load(os.path.join(d, 's.json')); i = load(os.path.join(d, 'i.json'))
ev = load(os.path.join(d, 'd.json'))['events']
bt = s['events']['by_type']
ok(bt.get('softirq_entry', 0) > 0, "softirq entries recorded (%d)" % bt.get('softirq_entry', 0))
ok(bt.get('softirq_entry') == bt.get('softirq_exit'), "as many exits as entries")
names = {e['args']['name'] for e in ev}
ok({'TIMER', 'RCU'} <= names, "the tick's softirqs are there: %s" % sorted(names))
ok(all(0 <= e['args']['vec'] <= 9 and not e['control'] for e in ev),
   "vectors are the kernel's 0..9 and softirqs are never control transitions")
# per CPU: entry/exit strictly alternate at each nesting level
okpair = True
depth = {}
for e in ev:
    c = e['cpu']
    depth[c] = depth.get(c, 0) + (1 if e['type'] == 'softirq_entry' else -1)
    okpair &= 0 <= depth[c] <= 1
ok(okpair, "softirqs do not nest on a CPU and every exit follows its entry")
sq = {x['name']: x for x in i.get('softirqs', [])}
ok('TIMER' in sq and sq['TIMER']['duration']['count'] > 0,
   "irqs --json has per-vector softirq statistics")
system = s.get('time', {}).get('system', {})
cpus = system.get('cpus', [])
ok(len(cpus) == 2 and system.get('softirq_ns', 0) > 0 and
   system.get('softirq_ns') == sum(c.get('softirq_ns', 0) for c in cpus),
   "softirq time is reported apart, per CPU and in total")
done()
PY
)
done_testing
