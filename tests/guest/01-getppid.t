#!/bin/bash
# 100000 getppid() calls under traced: the summary counts exactly 100000
# entries and 100000 exits for that pid, and no event is lost.  The same
# boot checks that both vCPUs have events and that the merged stream is in
# non-decreasing time order.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 600 '
traced -q -o /mnt/share/t -- ltt-getppid 100000 > /mnt/share/pid &&
traced -q -o /mnt/share/m -- sh -c "ltt-syscall-mix 100 & ltt-syscall-mix 100; wait"'
ok $? "guest ran both traces"

tracevisualizer summary --json "$share/t" > "$share/s.json"
ok $? "summary --json"
conserved "$share/t"
conserved "$share/m" "conservation holds on the two-CPU trace"
pid=$(cat "$share/pid")
is "$(json "$share/s.json" "[p['syscalls'].get('getppid',{}).get('entries') for p in j['processes'] if p['pid']==$pid]")" "[100000]" "100000 getppid entries for pid $pid"
is "$(json "$share/s.json" "[p['syscalls'].get('getppid',{}).get('exits') for p in j['processes'] if p['pid']==$pid]")" "[100000]" "100000 getppid exits for pid $pid"
is "$(json "$share/s.json" "j['lost']['total']")" "0" "no event lost"
is "$(json "$share/s.json" "j['syscalls']['getppid']['entries']")" "100000" "no other task called getppid"

tracevisualizer dump --json "$share/m" > "$share/m.json"
ok $? "dump --json of the two-CPU trace"
is "$(json "$share/m.json" "j['trace']['ncpus']")" "2" "the trace has 2 CPUs"
is "$(json "$share/m.json" "sorted(set(e['cpu'] for e in j['events']))")" "[0, 1]" "both CPUs have events"
is "$(json "$share/m.json" "all(a['time_ns'] <= b['time_ns'] for a, b in zip(j['events'], j['events'][1:]))")" "true" "merged stream in non-decreasing time order"
is "$(json "$share/m.json" "all(e['time_ns'] >= j['trace']['start_ns'] - 10**9 and e['time_ns'] <= j['trace']['end_ns'] for e in j['events'])")" "true" "every event lies inside the trace's time span"
done_testing
