#!/bin/bash
# The lessons (docs/lessons/, issue 35) on their real traces, in one boot:
# scripts/lessons-guest.sh traces every lesson's workload as make lessons
# does, scripts/lessons-pages computes each lesson's numbers and page from
# the tools' --json outputs, and each number is checked here against what
# the workload did and against the trace's own events (dump): the getppid
# calls counted exactly, the page faults' trap intervals present, the two
# spinners' CPU shares within 2 % of 50/50, the zombie's time between its
# last switch out and its reap exact to the nanosecond, the pipe's 200 reads
# a side, the timerfd's 20 reads of about 10 ms, the spinner's timer
# interrupts and the softirqs run at their exit, the 5 UDP datagrams' packets
# out, NET_RX softirqs and packets in (and their pcap, read by capinfos and
# tshark), the FIFO task's preemption and the inversion (ltt-prio: high waits
# at least med's 20 ms), the disk reads' I/O wait (ltt-iowait, on a disk throttled to 5 requests/s); and every step of every lesson
# found on its trace (utest/test-lesson --apply).
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT
out=$share/pages; mkdir -p "$out"

cp scripts/lessons-guest.sh "$share/guest.sh"
truncate -s 16M "$share/disk.img"
VM_ARGS=(--disk "$share/disk.img" --disk-opts throttling.iops-total=5)	# as scripts/lessons
vm_run "$share" 400 'sh /mnt/share/guest.sh /mnt/share'
ok $? "the guest traced the ten lessons' workloads (scripts/lessons-guest.sh)"
lessons="syscall pagefault sched zombie pipe timers irq net prio iowait"
for l in $lessons; do
	conserved "$share/$l"
done
python3 scripts/lessons-pages --out "$out" "$share" docs/lessons > "$share/pages.log" 2>&1
ok $? "scripts/lessons-pages: the numbers and pages of the ten lessons from their traces" ||
	diag "$(cat "$share/pages.log")"
make -s -C tracevisualizer build/utest/test-lesson > /dev/null
for l in $lessons; do
	tracevisualizer/build/utest/test-lesson --apply "docs/lessons/$l.lesson" "$share/$l" \
		> "$share/$l.steps" 2>&1
	ok $? "every step of lesson $l is found on its trace" || diag "$(cat "$share/$l.steps")"
	! grep -q '{{' "$out/$l.md"
	ok $? "the page of $l has every number filled in"
done

# the net lesson's pcap: the 10 packets of the 5 datagrams, as capinfos and
# tshark read them
is "$(capinfos -c -M "$out/net.pcap" 2>/dev/null | awk '/Number of packets/ {print $NF}')" 10 \
	"net: capinfos counts the pcap's 10 packets (5 datagrams out and in)"
is "$(tshark -r "$out/net.pcap" -Y 'udp.srcport == 47101 && udp.dstport == 47100 && udp.length == 108' \
	2>/dev/null | wc -l)" 10 "net: tshark reads 10 UDP packets 47101 -> 47100 of 100 bytes each"

tv=tracevisualizer/tracevisualizer
checks < <(PYTHONPATH=tests/lib python3 - "$share" "$out" "$tv" <<'PY'
import json, subprocess, sys
from check import ok, done
share, out, tv = sys.argv[1:4]
def num(l):
    return json.load(open('%s/%s.json' % (out, l)))
def dump(l, *a):
    return json.loads(subprocess.check_output([tv, 'dump', '--json'] + list(a) +
                                              ['%s/%s' % (share, l)]))['events']

# a system call: every getppid() entry of the process has its exit, and the
# count is the loop's 1000 and those of the C library's start
v = num('syscall')
ev = dump('syscall', '--pid', str(v['pid']), '--filter', 'name == getppid')
ent = [e for e in ev if e['type'] == 'syscall_entry']
ext = [e for e in ev if e['type'] == 'syscall_exit']
ok(v['calls'] == len(ent) == len(ext) and v['calls'] >= 1000,
   "syscall: %d getppid calls, as many entries (%d) and exits (%d) in the trace, 1000 at least"
   % (v['calls'], len(ent), len(ext)))
ok(0 < v['min_ns'] <= v['mean_ns'] <= v['max_ns'] and v['total_ns'] <= v['syscall_ns'],
   "syscall: min <= mean <= max, the calls' total within the syscall time")
ok(sum(x['time_ns'] - n['time_ns'] for n, x in zip(ent, ext)) >= v['total_ns'],
   "syscall: the calls' entry-to-exit spans hold their total (less what interrupted them)")

# a page fault: each trap entry of ltt-mem has its exit: the trap interval
v = num('pagefault')
ev = dump('pagefault', '--pid', str(v['pid']), '--filter', 'type =~ ^trap_')
paired = sum(1 for a, b in zip(ev, ev[1:]) if a['type'] == 'trap_entry' and b['type'] == 'trap_exit')
ok(v['traps'] >= 64 and paired == v['traps'],
   "pagefault: %d traps (64 pages at least), each entry followed by its exit" % v['traps'])
ok(v['trap_ns'] > 0 and v['mean_trap_ns'] == v['trap_ns'] // v['traps'],
   "pagefault: the time in trap mode (%d ns) and its mean per trap" % v['trap_ns'])

# runnable vs blocked: two spinners on one CPU, 50/50 within 2 %
v = num('sched')
for k in ('spin1', 'spin2'):
    ok(480 <= v[k + '_share_permille'] <= 520,
       "sched: spinner %d's share of CPU 0 is %.1f %% (50 %% within 2 %%)"
       % (v[k + '_pid'], v[k + '_share_permille'] / 10))
ok(abs(v['spin1_window_runnable_ns'] - v['spin2_window_running_ns']) < v['window_ns'] // 50,
   "sched: one spinner waits (runnable) while the other runs (within 2 % of the window)")
# its timer is armed at the nanosleep's entry, before it switches out: the
# blocked time and the time from that entry to its switch out (not runnable)
# hold the 0.3 s
ev = dump('sched', '--pid', str(v['sleeper']), '--filter', 'name =~ nanosleep')
ent = [e['time_ns'] for e in ev if e['type'] == 'syscall_entry']
ext = [e['time_ns'] for e in ev if e['type'] == 'syscall_exit']
outs = [e['time_ns'] for e in dump('sched', '--filter', 'type == schedchange')
        if e['args']['prev_pid'] == v['sleeper'] and e['args']['prev_state'] != 0
        and ent and e['time_ns'] >= ent[0]]
ok(len(ent) == len(ext) == 1 and ext[0] - ent[0] >= 300 * 10**6,
   "sched: the sleeper's nanosleep lasts at least its 0.3 s: %s ns" % (ent and ext and ext[0] - ent[0]))
ok(outs and 300 * 10**6 <= v['sleep_ns'] + outs[0] - ent[0] and v['sleep_ns'] < 400 * 10**6
   and v['sleeper_runnable_ns'] < v['sleep_ns'],
   "sched: the sleeper is blocked (sleep) %d ns, with the %s ns from its entry to its switch out "
   "at least its 0.3 s" % (v['sleep_ns'], outs and outs[0] - ent[0]))

# the zombie: from its last switch out to its reap, exact
v = num('zombie')
ev = dump('zombie', '--filter', 'type == schedchange || type == reap')
outs = [e['time_ns'] for e in ev if e['type'] == 'schedchange' and e['args']['prev_pid'] == v['pid']]
reap = [e['time_ns'] for e in ev if e['type'] == 'reap' and e['args'].get('pid') == v['pid']]
ok(len(reap) == 1 and outs and v['zombie_ns'] == reap[0] - outs[-1],
   "zombie: %d ns a zombie = the reap - its last switch out in dump (%s)"
   % (v['zombie_ns'], reap and outs and reap[0] - outs[-1]))
ok(v['zombie_ns'] >= 50 * 10**6, "zombie: at least the parent's 50 ms")

# a pipe: 200 reads a side
v = num('pipe')
ok(v['parent_reads'] == 200 and v['child_reads'] == 200, "pipe: 200 reads a side")
ok(v['parent_switches'] >= 200 and v['child_switches'] >= 200,
   "pipe: a switch a round trip at least (%d, %d)" % (v['parent_switches'], v['child_switches']))

# timers: 20 reads of a 10 ms timerfd, a 20 ms sleep a little late
v = num('timers')
ok(v['reads'] == 20, "timers: 20 reads of the timerfd")
# the expiries its 20 reads consumed (ltt-timerfd's fifth number): more
# than 20 when the guest stalled past a period; a stall inside a read
# lengthens it, one between two shortens none (the next returns at once
# with its count above 1): the mean is 10 ms, more by the expiries above
# 20 at most
exp = int(open(share + '/timers.out').read().split()[4])
ok(8 * 10**6 <= v['read_mean_ns'] <= exp * 10**7 // 20 * 1.05,
   "timers: a read blocks %d ns on average (the 10 ms period; %d expiries consumed)"
   % (v['read_mean_ns'], exp))
ok(0 <= v['sleep_late_ns'], "timers: the 20 ms sleep ends %d ns late (never early)" % v['sleep_late_ns'])

# an interrupt and its softirqs: the spinner's timer ticks; every softirq
# that ran in its time ran inside an interrupt (between irq_entry and irq_exit)
v = num('irq')
ok(v['timer_irqs'] > 0 and v['irqs'] >= v['timer_irqs'] and v['raised_timer'] + v['raised_rcu'] +
   v['raised_sched'] <= v['raised'], "irq: %d interrupts on the spinner, %d of the timer, %d raises"
   % (v['irqs'], v['timer_irqs'], v['raised']))
ok(0 < v['softirq_ns'] < v['interrupted_ns'] < v['running_ns'] - v['user_ns'] + v['interrupted_ns'],
   "irq: softirq time (%d ns) within the interrupted time (%d ns)" % (v['softirq_ns'], v['interrupted_ns']))
ev = dump('irq', '--pid', str(v['pid']), '--filter', 'type =~ irq')
depth, inside, ran = {}, 0, 0
for e in ev:
    c = e['cpu']
    if e['type'] == 'irq_entry':
        depth[c] = depth.get(c, 0) + 1
    elif e['type'] == 'irq_exit':
        depth[c] = max(depth.get(c, 0) - 1, 0)
    elif e['type'] == 'softirq_entry':
        ran += 1
        inside += depth.get(c, 0) > 0
ok(ran == v['softirqs'] > 0 and inside == ran,
   "irq: the spinner's %d softirqs each ran inside an interrupt (%d)" % (ran, inside))
ok(v['timer_count'] >= v['timer_irqs'] and v['timer_mean_ns'] > 0,
   "irq: irqs counts %d local timer interrupts in the trace" % v['timer_count'])

# a packet's path: 5 datagrams, each out, through NET_RX, in; the packets
# known by their UDP ports whichever task's time they were recorded on (a
# NET_RX softirq runs in ksoftirqd when that thread is already runnable)
v = num('net')
ok(v['packets_out'] == v['packets_in'] == v['net_rx'] == v['sends'] == v['recvs'] == 5 and
   v['net_rx_sender'] + v['net_rx_other'] == 5,
   "net: 5 sends, 5 packets out, 5 NET_RX softirqs (%d in the sender, %d elsewhere), "
   "5 packets in, 5 receives" % (v['net_rx_sender'], v['net_rx_other']))
ok(v['messages'] == 5 and v['bytes'] == 500 and
   0 < v['out_to_in_mean_ns'] <= v['transit_mean_ns'],
   "net: 5 messages of 500 bytes; out-to-in (%d ns) within the send-to-receive transit (%d ns)"
   % (v['out_to_in_mean_ns'], v['transit_mean_ns']))
def ports(e):
    """(source, destination) of a UDP/IPv4 packet captured on lo"""
    b = bytes.fromhex(e['args'].get('data', ''))[14:]
    if len(b) < 24 or b[0] >> 4 != 4 or b[9] != 17:
        return None
    h = (b[0] & 15) * 4
    return int.from_bytes(b[h:h + 2], 'big'), int.from_bytes(b[h + 2:h + 4], 'big')
ev = dump('net', '--filter',
          'type =~ ^net_packet || ((type == softirq_entry || type == softirq_exit) && name == NET_RX)')
# in time order, the lesson's packets and the NET_RX softirqs that hold one of them
seq, rx_pids, span = [], [], {}
for e in ev:
    c = e['cpu']
    if e['type'] == 'softirq_entry':
        span[c] = [e]
    elif e['type'] == 'softirq_exit' and c in span:
        inner = span.pop(c)
        if any(x['type'] == 'net_packet_in' for x in inner):
            rx_pids.append(inner[0]['pid'])
            seq += [x['type'] for x in inner] + ['softirq_exit']
        else:
            seq += [x['type'] for x in inner[1:]]
    elif e['type'].startswith('net_packet') and ports(e) == (47101, 47100):
        (span[c] if c in span else seq).append(e if c in span else e['type'])
sender = sum(p == v['pid'] for p in rx_pids)
ok(seq == ['net_packet_out', 'softirq_entry', 'net_packet_in', 'softirq_exit'] * 5 and
   sender == v['net_rx_sender'],
   "net: each packet goes out, then NET_RX runs and the packet comes in inside it "
   "(%d of 5 NET_RX on the sender's time)" % sender)

# priority: rt preempts normal at its wakeup; the inversion
v = num('prio')
ev = dump('prio', '--filter', '(type == schedchange && cpu == 0) || (type == wakeup && args.pid == %d)'
          % v['rt_pid'])
i = [k for k, e in enumerate(ev) if e['type'] == 'schedchange' and
     e['args']['prev_pid'] == v['normal_pid'] and e['args']['next_pid'] == v['rt_pid'] and
     e['args']['prev_state'] == 0 and '-> 49/SCHED_FIFO' in e['desc']]
ok(i and i[0] > 0 and ev[i[0] - 1]['type'] == 'wakeup' and
   ev[i[0]]['time_ns'] - ev[i[0] - 1]['time_ns'] == v['rt_wake_to_run_ns'] > 0,
   "prio: rt's wakeup is followed by the switch from normal to rt on CPU 0, nothing between "
   "(%d ns)" % v['rt_wake_to_run_ns'])
ok(v['normal_runnable_ns'] >= 10 * 10**6 and v['normal_preemptions'] >= 1,
   "prio: normal waits runnable %d ns, at least rt's 10 ms of CPU" % v['normal_runnable_ns'])
ok(v['med_running_ns'] >= 20 * 10**6 and v['high_futex_ns'] >= v['med_running_ns'] and
   v['low_runnable_ns'] >= v['med_running_ns'],
   "prio: high waits %d ns on the mutex, more than med ran (%d ns) while low waited (%d ns)"
   % (v['high_futex_ns'], v['med_running_ns'], v['low_runnable_ns']))
ev = dump('prio', '--filter', 'type == schedchange && prev_pid == %d && next_pid == %d && prev_state == 0'
          % (v['low_pid'], v['med_pid']))
ok(len(ev) == 1, "prio: med preempts low once (the inversion)")
ok(20 * 10**6 <= v['med_preempt_ns'] <= v['high_futex_ns'],
   "prio: med holds the CPU %d ns from that preemption (its 20 ms at least), all of it inside high's wait"
   % v['med_preempt_ns'])

# I/O wait: the disk is throttled to 5 requests/s (VM_ARGS), so that the 7
# reads after the first request (which QEMU lets through at once) and the
# fsync's write wait ~200 ms each: 100 ms at least.  At full speed the
# emulated disk could answer before its task slept: two clean-clone runs
# saw the 9 reads, then the fsync, blocked 0 ns.
v = num('iowait')
ok(v['reads'] == 9 and v['read_blocked_ns'] >= 7 * 10**8 and v['fsync_blocked_ns'] >= 10**8,
   "iowait: 9 reads blocked %d ns (7 x 100 ms at least), the fsync %d ns (100 ms at least)"
   % (v['read_blocked_ns'], v['fsync_blocked_ns']))
ok(0 < v['io_ns'] <= v['blocked_ns'] and v['read_blocked_ns'] + v['fsync_blocked_ns'] <= v['blocked_ns'],
   "iowait: the process's I/O wait (%d ns) and the calls' within its blocked time" % v['io_ns'])
done()
PY
)
done_testing
