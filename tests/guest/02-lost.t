#!/bin/bash
# Tiny buffers under a syscall flood: events are lost, the loss is reported,
# and for the counted workload recorded + lost = exactly what it generated
# (100000 getppid entries and 100000 exits).
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 600 'traced -o /mnt/share/t -b 4096 -n 2 -e syscall_entry,syscall_exit -- ltt-getppid 100000 > /mnt/share/pid 2> /mnt/share/traced.err'
ok $? "guest ran the flood with 2 x 4 KiB buffers"
# traced always prints its total ("0 events lost in total"): the count
nlost=$(sed -n 's/^traced: \([0-9]*\) events lost in total$/\1/p' "$share/traced.err")
[ "${nlost:-0}" -gt 0 ]
ok $? "traced reports a non-zero count of lost events at exit (${nlost:-no total})"
diag "$(cat "$share/traced.err")"

tracevisualizer summary --json "$share/t" > "$share/s.json"
ok $? "summary --json"
is "$(json "$share/s.json" "j['lost']['total']")" "${nlost:-no total}" \
	"the summary's lost total is the one traced reported"
conserved_partial "$share/t" "conservation holds despite lost events, check says the figures are partial"
# every gap (a buffer whose header counts lost events) is one [lost N] line
# of dump and one gap of the state machine: no task on two CPUs at once
tracevisualizer dump "$share/t" > "$share/dump" 2>/dev/null
lines=$(grep -c '^[0-9.]* [0-9.]* [0-9]* - - \[lost [0-9]* events on cpu' "$share/dump")
tracevisualizer check --json "$share/t" > "$share/check.json"
is "$(json "$share/check.json" "(j['lost_gaps'], j['view']['uncertain_rows'])")" "($lines, 0)" \
	"check: one gap per [lost N] line of dump ($lines), no row on two CPUs"
pid=$(cat "$share/pid")
checks < <(PYTHONPATH=tests/lib python3 - "$share/s.json" "$pid" <<'PY'
import sys
from check import ok, load, done
s = load(sys.argv[1]); pid = int(sys.argv[2])
lost = s['lost']
ok(lost['total'] > 0, "events were lost (%d)" % lost['total'])
ok(sum(lost['by_cpu']) == lost['total'], "per-CPU lost counts add up to the total")
ok(all(c['lost'] == lost['by_cpu'][c['cpu']] for c in s['cpus']), "per-CPU tables agree")
p = [p for p in s['processes'] if p['pid'] == pid]
rec = p[0]['syscalls'].get('getppid', {}) if p else {}
lg = lost['syscalls'].get('getppid', {})
re_, rx = rec.get('entries', 0), rec.get('exits', 0)
le, lx = lg.get('entries', 0), lg.get('exits', 0)
print("getppid entries: %d recorded + %d lost; exits: %d recorded + %d lost" % (re_, le, rx, lx))
ok(re_ > 0 and le > 0, "some getppid entries recorded and some lost")
ok(re_ + le == 100000, "recorded + lost getppid entries = 100000")
ok(rx + lx == 100000, "recorded + lost getppid exits = 100000")
ok(set(s['events']['by_type']) <= {'syscall_entry', 'syscall_exit', 'schedchange', 'trace_start'},
   "only the masked-in event types (and the task switches that attribute them) were recorded")
done()
PY
)
done_testing
