#!/bin/bash
# A tree of 50 forked processes: every fork and every exit is in the trace,
# and the process tree rebuilt from the snapshot plus fork events matches the
# workload's own record (pid, ppid, exit code of each process).  The root's
# exec record carries its exact arguments (format 1.12), and processes
# --json gives the root that command line and each child its parent's (a
# fork copies the memory that holds them).
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 300 'traced -q -o /mnt/share/t -- ltt-forktree 50 /mnt/share/tree'
ok $? "guest ran ltt-forktree under traced"
is "$(wc -l < "$share/tree")" "51" "the workload recorded 51 processes (root + 50)"

tracevisualizer summary --json "$share/t" > "$share/s.json"
ok $? "summary --json"
tracevisualizer dump --json "$share/t" > "$share/d.json"
ok $? "dump --json"
tracevisualizer processes --json "$share/t" > "$share/p.json"
ok $? "processes --json"
conserved "$share/t"

checks < <(PYTHONPATH=tests/lib python3 - "$share/tree" "$share/s.json" "$share/d.json" "$share/p.json" <<'PY'
import sys
from check import ok, load, done
tree = [tuple(map(int, l.split())) for l in open(sys.argv[1])]
s = load(sys.argv[2]); d = load(sys.argv[3]); pj = load(sys.argv[4])
procs = {p['pid']: p for p in s['processes']}
forks = {e['args']['child']: e for e in d['events'] if e['type'] == 'fork'}
exits = {e['args']['pid']: e for e in d['events'] if e['type'] == 'exit'}
root = tree[0][0]
children = tree[1:]
ok(all(pid in forks for pid, _, _ in children), "a fork event for each of the 50 children")
ok(all(forks[pid]['args']['parent'] == ppid for pid, ppid, _ in children if pid in forks),
   "each fork names the recorded parent")
ok(all(pid in exits for pid, _, _ in tree), "an exit event for each of the 51 processes")
ok(all((exits[pid]['args']['code'] >> 8) == code for pid, _, code in children if pid in exits),
   "each child's exit code is the one it chose")
ok(all(pid in procs and procs[pid]['ppid'] == ppid for pid, ppid, _ in tree),
   "the rebuilt process tree gives every process its recorded parent")
ok(all(procs[pid]['forked'] and procs[pid]['exited'] for pid, _, _ in children if pid in procs),
   "the children are marked forked and exited")
ok(procs.get(root, {}).get('name') == 'ltt-forktree', "the root is named after its exec")
ok([n['name'] for n in procs.get(root, {}).get('names', [])] == ['traced', 'ltt-forktree'],
   "the root's name history: traced from the fork, ltt-forktree from the exec")
ok(all([n['name'] for n in procs[pid]['names']] == ['ltt-forktree'] and
       procs[pid]['names'][0]['since_ns'] == forks[pid]['time_ns']
       for pid, _, _ in children if pid in procs and pid in forks),
   "each child is named ltt-forktree from its fork on")
argv = ['ltt-forktree', '50', '/mnt/share/tree']
rx = [e['args'] for e in d['events'] if e['type'] == 'exec' and e['args']['pid'] == root]
ok(len(rx) == 1 and rx[0].get('argv') == argv and rx[0].get('cmdline') == ' '.join(argv) and
   rx[0].get('argv_cut') is False and
   tuple(int(x) for x in d['trace']['format'].split('.')) >= (1, 12),
   "the root's exec (format %s, 1.12 or later) carries its exact argv %s: %s"
   % (d['trace']['format'], argv, rx))
cmd = {p['pid']: p['cmdline'] for p in pj['processes']}
ok(cmd.get(root) == ' '.join(argv) and
   all(cmd.get(pid) == ' '.join(argv) for pid, _, _ in children),
   "processes --json: the root's cmdline, and each child's inherited at its fork")
print("checked %d processes" % len(tree))
done()
PY
)
done_testing
