#!/bin/bash
# Timer, process, tasklet and kernel timer events with known arguments:
#  - ltt-timers: nanosleep(123456789 ns) shows timer_set_timeout (kind 1,
#    that duration); setitimer(ITIMER_REAL, 70 ms, every 100 ms) shows
#    timer_set_itimer, then its hrtimer (it_real_fn) fires 3 times, each
#    sending SIGALRM to the program, delivered to its handler; the
#    handler's setitimer(0) disarms it; waitpid(child) shows wait with the
#    child's pid, after its fork;
#  - ltt_selftest.ko (tests/kmod): 7 tasklet runs and 4 hi-tasklet runs
#    (TASKLET / HI softirqs, LTT_TASKLET_HI), a timer_list firing 6 times
#    (in the TIMER softirq) and an hrtimer firing 5 times, each with its
#    callback's address.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

st=/proc/ltt_selftest
vm_run "$share" 300 "insmod /lib/modules/ltt_selftest.ko && cat $st > /mnt/share/addrs &&
	grep -E '( it_real_fn\$|\[ltt_selftest\])' /proc/kallsyms > /mnt/share/ksyms &&
	traced -q -e timer,process,softirq -o /mnt/share/t -- sh -c '
		ltt-timers 70000 100000 3 123456789 > /mnt/share/out &&
		echo tasklet 7 > $st && echo hitasklet 4 > $st &&
		echo timer 6 > $st && echo hrtimer 5 > $st'"
ok $? "guest loaded ltt_selftest.ko and traced ltt-timers and its commands"
tracevisualizer dump --json --type timer_set_itimer,timer_set_timeout,timer_expire_entry,timer_expire_exit,signal_send,signal_deliver,fork,wait,exit,tasklet_entry,tasklet_exit,softirq_entry,softirq_exit \
	"$share/t" > "$share/d.json"
ok $? "dump --json of the timer, process and softirq events"
conserved "$share/t"
checks < <(PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import sys, os
from check import ok, load, done
d = sys.argv[1]
ev = load(os.path.join(d, 'd.json'))['events']
def kvfile(f):
    return dict(l.split(None, 1) for l in open(os.path.join(d, f)).read().splitlines())
kv, addr = kvfile('out'), {k: int(v, 16) for k, v in kvfile('addrs').items() if v.startswith('0x')}
ksyms = {}
for l in open(os.path.join(d, 'ksyms')):
    a, _, s = l.split()[:3]
    ksyms[s] = int(a, 16)
pid, child, handler = int(kv['pid']), int(kv['child']), int(kv['handler'], 16)
real = ksyms.get('it_real_fn')
print("pid %d child %d it_real_fn %s selftest %s" % (pid, child, real and hex(real),
                                                   {k: hex(v) for k, v in addr.items()}))
ok(real and len(addr) == 5 and all(ksyms.get('selftest_' + k) == v for k, v in addr.items()),
   "the addresses ltt_selftest prints are its functions' in /proc/kallsyms")
mine = [e for e in ev if e['pid'] == pid]

def of(evs, t, **kw):
    return [e for e in evs if e['type'] == t and
            all(e['args'].get(k) == v for k, v in kw.items())]

it = [(e['args']['which'], e['args']['value_ns'], e['args']['interval_ns'])
      for e in of(mine, 'timer_set_itimer')]
ok(it == [(0, 70000000, 100000000), (0, 0, 0)],
   "setitimer(ITIMER_REAL, 70 ms, 100 ms) then its disarming (%s)" % it)
to = of(mine, 'timer_set_timeout', kind=1)
ok(len(to) == 1 and to[0]['args']['timeout_ns'] == 123456789,
   "one nanosleep timeout of 123456789 ns (%s)" % [e['args'] for e in to])
sends = [e for e in of(ev, 'signal_send', sig=14) if e['args']['pid'] == pid]
dels = of(mine, 'signal_deliver', sig=14)
ok(len(sends) == 3 and all(e['args']['result'] == 0 for e in sends),
   "3 SIGALRM sent to the program (%s)" % [e['args'] for e in sends])
ok(len(dels) == 3 and all(e['args']['handler'] == handler for e in dels),
   "3 SIGALRM delivered to its handler 0x%x" % handler)
rent = of(ev, 'timer_expire_entry', func=real, kind=1)
rexit = of(ev, 'timer_expire_exit', func=real, kind=1)
ok(len(rent) == 3 and len(rexit) == 3, "the itimer's hrtimer it_real_fn fired 3 times (%d, %d)"
   % (len(rent), len(rexit)))
ok(len(sends) == 3 and len(rent) == 3 and len(rexit) == 3 and
   all(rent[i]['time_ns'] <= sends[i]['time_ns'] <= rexit[i]['time_ns'] and
       rent[i]['cpu'] == sends[i]['cpu'] == rexit[i]['cpu'] for i in range(3)),
   "each SIGALRM is sent from inside an it_real_fn expiry")
ok(all(sends[i]['time_ns'] < dels[i]['time_ns'] for i in range(min(len(sends), len(dels)))),
   "each delivery follows its send")
f = [e for e in of(mine, 'fork') if e['args']['child'] == child]
w = of(mine, 'wait')
ok(len(f) == 1 and not f[0]['args']['kthread'], "one fork of the child %d" % child)
ok(len(w) == 1 and w[0]['args']['pid'] == child and w[0]['args']['options'] == 0,
   "one wait for the child %d, no options (%s)" % (child, [e['args'] for e in w]))
x = of(ev, 'exit', pid=child)
ok(f and w and x and f[0]['time_ns'] < w[0]['time_ns'] and x[0]['args']['code'] == 7 << 8,
   "the wait follows the fork; the child exits with code 7")

# tasklets and kernel timers: per CPU, which softirq each runs in
def within(entries_of):
    stack, where = {}, []
    for e in ev:
        c = e['cpu']
        if e['type'] == 'softirq_entry':
            stack.setdefault(c, []).append(e['args']['vec'])
        elif e['type'] == 'softirq_exit' and stack.get(c):
            stack[c].pop()
        elif entries_of(e):
            where.append(stack[c][-1] if stack.get(c) else None)
    return where

def pairs(t, func, kind):
    ent = [e for e in ev if e['type'] == t + '_entry' and e['args']['func'] == func]
    ext = [e for e in ev if e['type'] == t + '_exit' and e['args']['func'] == func]
    good = len(ent) == len(ext) and all(
        a['cpu'] == b['cpu'] and a['time_ns'] <= b['time_ns'] and
        a['args'][kind[0]] == b['args'][kind[0]] == kind[1] for a, b in zip(ent, ext))
    return ent, good

for name, n, flags, vec in (('tasklet_fn', 7, 0, 6), ('hi_tasklet_fn', 4, 1, 0)):
    ent, good = pairs('tasklet', addr[name], ('flags', flags))
    ok(len(ent) == n and good, "%s (0x%x): %d runs, each entry then exit, flags %d (%d)" %
       (name, addr[name], n, flags, len(ent)))
    wh = within(lambda e: e['type'] == 'tasklet_entry' and e['args']['func'] == addr[name])
    ok(wh == [vec] * n, "%s runs in softirq %d (%s)" % (name, vec, wh))
ent, good = pairs('timer_expire', addr['timer_fn'], ('kind', 0))
ok(len(ent) == 6 and good, "timer_list timer_fn (0x%x) fired 6 times, kind 0 (%d)" %
   (addr['timer_fn'], len(ent)))
wh = within(lambda e: e['type'] == 'timer_expire_entry' and e['args']['func'] == addr['timer_fn'])
ok(wh == [1] * 6, "timer_fn runs in the TIMER softirq (%s)" % wh)
ent, good = pairs('timer_expire', addr['hrtimer_fn'], ('kind', 1))
ok(len(ent) == 5 and good, "hrtimer hrtimer_fn (0x%x) fired 5 times, kind 1 (%d)" %
   (addr['hrtimer_fn'], len(ent)))
done()
PY
)
done_testing
