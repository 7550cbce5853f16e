#!/bin/bash
# Cross-check with a peer in the same boot: ftrace's raw_syscalls:sys_enter
# count for the workload's pid equals ours, and so do the per-syscall counts.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 600 '
T=/sys/kernel/tracing
echo 16384 > $T/buffer_size_kb || exit 90
echo 1 > $T/events/raw_syscalls/sys_enter/enable || exit 91
echo 1 > $T/tracing_on
traced -q -o /mnt/share/t -- sh -c "ltt-syscall-mix 300 > /mnt/share/pid"
rc=$?
echo 0 > $T/tracing_on
cat $T/trace > /mnt/share/ftrace.txt
exit $rc'
ok $? "guest traced the workload with both tracers on"
tracevisualizer dump --json "$share/t" > "$share/d.json"
ok $? "dump --json"
conserved "$share/t"
pid=$(cat "$share/pid")
checks < <(PYTHONPATH=tests/lib python3 - "$share/d.json" "$share/ftrace.txt" "$pid" <<'PY'
import re, sys, collections
from check import ok, load, done
d = load(sys.argv[1]); pid = int(sys.argv[3])
ours = collections.Counter(e['args']['nr'] for e in d['events']
                           if e['type'] == 'syscall_entry' and e['pid'] == pid)
theirs = collections.Counter()
overrun = False
for line in open(sys.argv[2]):
    m = re.match(r'#\s*entries-in-buffer/entries-written:\s*(\d+)/(\d+)', line)
    if m and m.group(1) != m.group(2):
        overrun = True
    m = re.match(r'\s*.*-(\d+)\s+\[\d+\].*\bsys_enter: NR (\d+)', line)
    if m and int(m.group(1)) == pid:
        theirs[int(m.group(2))] += 1
ok(not overrun, "ftrace lost nothing")
print("ours: %d sys_enter, ftrace: %d" % (sum(ours.values()), sum(theirs.values())))
ok(sum(theirs.values()) >= 2700, "ftrace saw the workload's 300 x 9 calls")
ok(sum(ours.values()) == sum(theirs.values()), "same number of syscall entries for pid %d" % pid)
ok(ours == theirs, "same count for every syscall number")
done()
PY
)
done_testing
