#!/bin/bash
# Changing the event mask while tracing (traced --set-events): the trace
# starts with syscalls and fs events; a workload makes 300 lseeks, pauses,
# `traced --set-events syscall` drops the fs class, and the workload makes
# 300 more.  The trace holds one change_mask event with the new list;
# before it, the workload's 300 lseeks appear as fs_lseek events (offsets
# 0..299); after it, no fs event of any task appears, while the syscall
# entries of the 300 later lseeks still do.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

K=300	# lseeks before the change, and after
cat > "$share/run.sh" <<EOF
traced -q -o /mnt/share/t -e syscall,fs -- sh -c '
	ltt-flight -c 1 -p $K -r /tmp/p1 -g /tmp/p2 /tmp/f $((2 * K)) > /mnt/share/out &
	ltt-filter wait /tmp/p1 || exit 1
	traced --set-events syscall > /mnt/share/set.out 2>&1
	echo \$? > /mnt/share/set.rc
	touch /tmp/p2
	wait \$!'
EOF
vm_run "$share" 300 'sh /mnt/share/run.sh'
ok $? "guest changed the event mask while tracing"
is "$(cat "$share/set.rc" 2>/dev/null)" "0" "traced --set-events exits 0"
[ -s "$share/set.out" ] && diag "set-events: $(cat "$share/set.out")"
tracevisualizer dump --json "$share/t" > "$share/d.json"
ok $? "dump --json"

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$K" <<'PY'
import sys, os
from check import ok, load, done
d, K = sys.argv[1], int(sys.argv[2])
pid, fd = map(int, open(os.path.join(d, 'out')).read().split())
j = load(os.path.join(d, 'd.json'))
ev = j['events']
ok(j['trace']['complete'], "the trace is complete")
cm = [e for e in ev if e['type'] == 'change_mask']
ok(len(cm) == 1, "one change_mask event (%d)" % len(cm))
if not cm:
    done()
    sys.exit(0)
tc = cm[0]['time_ns']
new = set(cm[0]['args'].get('events', []))
print("new mask: %s" % sorted(new))
ALWAYS = {'schedchange', 'trace_start', 'change_mask', 'custom_create'}
ok({'syscall_entry', 'syscall_exit'} <= new and new <= {'syscall_entry', 'syscall_exit'} | ALWAYS,
   "it lists the new events: the syscalls (and only the always-recorded others)")
fs = [e for e in ev if e['type'].startswith('fs_')]
before = [e for e in fs if e['time_ns'] < tc]
after = [e for e in fs if e['time_ns'] > tc]
ok(before, "fs events were recorded before the change (%d)" % len(before))
ok(not after, "no fs event after it (%d)" % len(after))
for e in after[:5]:
    print("after the change: %s" % e)
seeks = [e for e in fs if e['type'] == 'fs_lseek' and e['pid'] == pid]
ok([e['args']['offset'] for e in seeks] == list(range(K)) and all(e['time_ns'] < tc for e in seeks),
   "the workload's fs_lseek events: offsets 0..%d, all before the change (%d)" % (K - 1, len(seeks)))
ent = [e for e in ev if e['type'] == 'syscall_entry' and e['pid'] == pid and e['args'].get('nr') == 8]
ok(len(ent) == 2 * K, "its %d lseek syscall entries are all there (%d)" % (2 * K, len(ent)))
ok(sum(1 for e in ent if e['time_ns'] > tc) == K,
   "%d of them after the change: the syscalls are still recorded" % K)
done()
PY
)
done_testing
