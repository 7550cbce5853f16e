#!/bin/bash
# Memory, kernel thread and kernel custom events:
#  - ltt-mem maps 64 anonymous pages and writes to each: every one of the
#    64 page frames it then finds in /proc/self/pagemap shows as an
#    order-0 mem_page_alloc in the program, and as a mem_page_free once it
#    unmaps them (on one CPU: a new page waits in its CPU's LRU batch,
#    which holds a reference, and munmap drains the current CPU's alone:
#    after a migration another task could free it);
#  - ltt_selftest.ko starts the kernel thread "ltt_selftest_kt": its fork
#    (from kthreadd, flagged kthread), its name given by the task that
#    asked for it (set_task_comm(): task_rename, format 1.18), then
#    kthread_create (name, function);
#  - ltt_selftest.ko declares the kernel custom event "ltt_selftest"
#    (fields seq:u32, tag:str) and logs it 10 times: the analyzer shows
#    the declaration and the 10 instances, by name, with their fields.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

st=/proc/ltt_selftest
vm_run "$share" 300 "insmod /lib/modules/ltt_selftest.ko &&
	traced -q -e memory,process,custom -o /mnt/share/t -- sh -c '
		taskset -c 0 ltt-mem 64 > /mnt/share/out && echo kthread > $st && echo custom 10 > $st' &&
	cat $st > /mnt/share/addrs"
ok $? "guest loaded ltt_selftest.ko and traced ltt-mem and its commands"
tracevisualizer dump --json --type mem_page_alloc,mem_page_free,fork,exit,kthread_create,task_rename,custom_create,custom \
	"$share/t" > "$share/d.json"
ok $? "dump --json of the memory, process and custom events"
tracevisualizer summary --json "$share/t" > "$share/s.json"
ok $? "summary --json"
conserved "$share/t"
checks < <(PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import sys, os
from check import ok, load, done
d = sys.argv[1]
ev = load(os.path.join(d, 'd.json'))['events']
s = load(os.path.join(d, 's.json'))
lines = [l.split() for l in open(os.path.join(d, 'out'))]
pid = int(lines[0][1])
pfns = [int(v, 16) for k, v in lines[1:] if k == 'pfn']
addr = dict(l.split() for l in open(os.path.join(d, 'addrs')))
ktfn, cid = int(addr['kthread_fn'], 16), int(addr['custom_id'])
print("pid %d, %d pages, kthread_fn 0x%x, custom type %d" % (pid, len(pfns), ktfn, cid))

allocs = [e for e in ev if e['type'] == 'mem_page_alloc' and e['pid'] == pid]
frees = [e for e in ev if e['type'] == 'mem_page_free' and e['pid'] == pid]
a0 = [e for e in allocs if e['args']['order'] == 0]
ok(len(pfns) == 64 and len(set(pfns)) == 64, "ltt-mem found its 64 distinct page frames")
ok(len(a0) >= 64, "at least 64 order-0 page allocations in the program (%d; %d in all)" %
   (len(a0), len(allocs)))
first_alloc = {}
for e in a0:
    first_alloc.setdefault(e['args']['pfn'], e['time_ns'])
got = [p for p in pfns if p in first_alloc]
ok(len(got) == 64, "each of its 64 page frames was allocated, order 0, in the program (%d)"
   % len(got))
freed = [p for p in got if any(e['args']['pfn'] == p and e['args']['order'] == 0 and
                               e['time_ns'] > first_alloc[p] for e in frees)]
ok(len(freed) == 64, "and freed, order 0, by the program after its allocation (%d)" % len(freed))

kt = [e for e in ev if e['type'] == 'kthread_create' and e['args']['name'] == 'ltt_selftest_kt']
ok(len(kt) == 1 and kt[0]['args']['threadfn'] == ktfn and kt[0]['pid'] == kt[0]['args']['pid'],
   "one kthread_create of ltt_selftest_kt, by the thread itself, function 0x%x (%s)" %
   (ktfn, [e['args'] for e in kt]))
kpid = kt[0]['args']['pid'] if kt else -1
f = [e for e in ev if e['type'] == 'fork' and e['args']['child'] == kpid]
ok(len(f) == 1 and f[0]['args']['kthread'] and f[0]['pid'] == 2 and
   f[0]['time_ns'] < kt[0]['time_ns'],
   "its fork, earlier, by kthreadd (pid 2), flagged kthread (%s)" % [e['args'] for e in f])
rn = [e for e in ev if e['type'] == 'task_rename' and e['args']['pid'] == kpid]
ok(len(rn) == 1 and rn[0]['args']['name'] == 'ltt_selftest_kt' and rn[0]['pid'] != kpid and
   f and f[0]['time_ns'] < rn[0]['time_ns'] < kt[0]['time_ns'],
   "its name given between the fork and its kthread_create, by the task that asked for it (%s)"
   % [(e['pid'], e['args']) for e in rn])
kp = [p for p in s['processes'] if p['pid'] == kpid]
ok(kp and [n['name'] for n in kp[0]['names']] == ['kthreadd', 'ltt_selftest_kt'] and
   rn and kp[0]['names'][1]['since_ns'] == rn[0]['time_ns'],
   "summary: kthreadd's name from the fork, ltt_selftest_kt from the rename on (%s)"
   % (kp and kp[0]['names']))
x = [e for e in ev if e['type'] == 'exit' and e['args']['pid'] == kpid]
ok(len(x) == 1 and x[0]['time_ns'] > kt[0]['time_ns'], "and its exit")

cc = [e['args'] for e in ev if e['type'] == 'custom_create' and e['args']['name'] == 'ltt_selftest']
ok(len(cc) == 1 and (cc[0]['type_id'], cc[0]['format'], cc[0]['kind']) ==
   (cid, 'seq:u32,tag:str', 'fields'),
   "the kernel's custom event type is declared once: id %d, its format, kind fields (%s)" %
   (cid, cc))
cu = [e['args'] for e in ev if e['type'] == 'custom']
ok(len(cu) == 10 and all(a['name'] == 'ltt_selftest' and a['type_id'] == cid and
                         a['size'] == 6 for a in cu),
   "10 instances of it, 6 bytes each (%d)" % len(cu))
ok([a.get('fields') for a in cu] == [{'seq': i, 'tag': 'k'} for i in range(10)],
   "their fields: seq 0..9 in order, tag k (%s)" % [a.get('fields') for a in cu[:2]])
ok(s.get('custom') == {'ltt_selftest': 10},
   "summary counts them by name (%s)" % s.get('custom'))
done()
PY
)
done_testing
