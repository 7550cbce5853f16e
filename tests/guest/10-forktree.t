#!/bin/bash
# A tree of 50 forked processes: every fork and every exit is in the trace,
# and the process tree rebuilt from the snapshot plus fork events matches the
# workload's own record (pid, ppid, exit code of each process).  The root's
# exec record carries its exact arguments (format 1.12), and processes
# --json gives the root that command line and each child its parent's (a
# fork copies the memory that holds them).
# Tasks renamed other than by exec (format 1.18): busybox's sh runs its
# sleep applet as /proc/self/exe (the exec names it "exe"), and the applet
# names itself with prctl(PR_SET_NAME); the shell renames itself by a
# write to /proc/PID/comm.  Each rename is one task_rename record of the
# task renamed, after its exec, and the names the tools give follow it.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 300 'traced -q -o /mnt/share/t -- ltt-forktree 50 /mnt/share/tree &&
	traced -q -o /mnt/share/r -- sh -c "sleep 0.1 & echo \$! > /mnt/share/r.sleep; wait
		echo -n ltt-renamed > /proc/\$\$/comm; echo \$\$ > /mnt/share/r.sh"'
ok $? "guest ran ltt-forktree, then a shell that renames itself, under traced"
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

# ---- task renames (format 1.18) ------------------------------------------
tracevisualizer summary --json "$share/r" > "$share/rs.json" &&
	tracevisualizer dump --json --type exec,task_rename "$share/r" > "$share/rd.json"
ok $? "the renames' trace: summary --json, dump --json"
checks < <(PYTHONPATH=tests/lib python3 - "$share/r.sleep" "$share/r.sh" "$share/rs.json" \
	"$share/rd.json" <<'PY'
import sys
from check import ok, load, done
sl, sh = int(open(sys.argv[1]).read()), int(open(sys.argv[2]).read())
s = load(sys.argv[3]); d = load(sys.argv[4])
procs = {p['pid']: p for p in s['processes']}
ev = [(e['type'], e['args']['pid'], e['args'].get('filename', e['args'].get('name')),
       e['time_ns'], e['pid']) for e in d['events']]
mine = lambda pid: [x for x in ev if x[1] == pid]
ok([x[:3] for x in mine(sl)] == [('exec', sl, '/proc/self/exe'), ('task_rename', sl, 'sleep')] and
   mine(sl)[1][4] == sl,
   "sleep (pid %d): its exec of /proc/self/exe, then its own rename to sleep: %s" % (sl, mine(sl)))
ok([(x[0], x[2].rsplit('/', 1)[-1]) for x in mine(sh)] == [('exec', 'sh'), ('task_rename', 'ltt-renamed')]
   and mine(sh)[1][4] == sh,
   "the shell (pid %d): its exec, then its rename by /proc/%d/comm: %s" % (sh, sh, mine(sh)))
ok(len([x for x in ev if x[0] == 'task_rename']) == 2, "no other rename (%d)" % len(ev))
names = lambda pid: [n['name'] for n in procs.get(pid, {}).get('names', [])]
ok(names(sl)[-2:] == ['exe', 'sleep'] and procs[sl]['name'] == 'sleep' and
   [n['since_ns'] for n in procs[sl]['names']][-1] == mine(sl)[1][3],
   "summary: sleep named exe from its exec, sleep from the rename's time: %s" % names(sl))
ok(names(sh)[-2:] == ['sh', 'ltt-renamed'] and procs[sh]['name'] == 'ltt-renamed',
   "summary: the shell named sh, then ltt-renamed: %s" % names(sh))
done()
PY
)
done_testing
