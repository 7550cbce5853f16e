#!/bin/bash
# The lessons (docs/lessons/, issue 35) on their real traces, in one boot:
# scripts/lessons-guest.sh traces every lesson's workload as make lessons
# does, scripts/lessons-pages computes each lesson's numbers and page from
# the tools' --json outputs, and each number is checked here against what
# the workload did and against the trace's own events (dump): the getppid
# calls counted exactly, the page faults' trap intervals present, the two
# spinners' CPU shares within 2 % of 50/50, the zombie's time between its
# last switch out and its reap exact to the nanosecond, the pipe's 200 reads
# a side, the timerfd's 20 reads of about 10 ms; and every step of every
# lesson found on its trace (utest/test-lesson --apply).
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT
out=$share/pages; mkdir -p "$out"

cp scripts/lessons-guest.sh "$share/guest.sh"
vm_run "$share" 400 'sh /mnt/share/guest.sh /mnt/share'
ok $? "the guest traced the six lessons' workloads (scripts/lessons-guest.sh)"
for l in syscall pagefault sched zombie pipe timers; do
	conserved "$share/$l"
done
python3 scripts/lessons-pages --out "$out" "$share" docs/lessons > "$share/pages.log" 2>&1
ok $? "scripts/lessons-pages: the numbers and pages of the six lessons from their traces" ||
	diag "$(cat "$share/pages.log")"
make -s -C tracevisualizer build/utest/test-lesson > /dev/null
for l in syscall pagefault sched zombie pipe timers; do
	tracevisualizer/build/utest/test-lesson --apply "docs/lessons/$l.lesson" "$share/$l" \
		> "$share/$l.steps" 2>&1
	ok $? "every step of lesson $l is found on its trace" || diag "$(cat "$share/$l.steps")"
	! grep -q '{{' "$out/$l.md"
	ok $? "the page of $l has every number filled in"
done

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
ok(300 * 10**6 <= v['sleep_ns'] < 400 * 10**6 and v['sleeper_runnable_ns'] < v['sleep_ns'],
   "sched: the sleeper is blocked (sleep) %d ns, at least its 0.3 s" % v['sleep_ns'])

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
ok(8 * 10**6 <= v['read_mean_ns'] <= 12 * 10**6,
   "timers: a read blocks %d ns on average (the 10 ms period, within 20 %%)" % v['read_mean_ns'])
ok(0 <= v['sleep_late_ns'] < 20 * 10**6, "timers: the 20 ms sleep ends %d ns late" % v['sleep_late_ns'])
done()
PY
)
done_testing
