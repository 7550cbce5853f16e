#!/bin/bash
# Where every process's time went, on workloads whose answer is known (the
# LTT paper's main claim): a spinner is user time, a sleeper is blocked in
# nanosleep, two spinners sharing one CPU each wait half their life for it
# (runnable, not blocked), a pipe ping-pong blocks each side in read while
# the other runs with exactly N reads and writes each, a sched_yield loop
# shows the time spent inside sched_yield.  Conservation is checked on
# every trace; graph on a window of the ping-pong matches the dump.  A
# SCHED_FIFO task and a SCHED_OTHER one taking turns (ltt-rtpair) show
# their priorities and policies at every switch and wakeup, changed at
# the syscalls that change them.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

N=1000
vm_run "$share" 300 "traced -q -o /mnt/share/spin -- ltt-spin 2 &&
traced -q -o /mnt/share/sleep -- ltt-sleep 2 > /mnt/share/sleep.out &&
traced -q -o /mnt/share/pair -- sh -c 'ltt-spin 2 0 & ltt-spin 2 0 & wait' &&
traced -q -o /mnt/share/pp -- ltt-pingpong $N 0 &&
traced -q -o /mnt/share/yield -- sh -c 'ltt-spin 1 0 & ltt-yield 1 0 > /mnt/share/yield.self; wait' &&
traced -q -o /mnt/share/rt -- ltt-rtpair 300 0 1 > /mnt/share/rt.out"
ok $? "guest ran the six workloads under traced"

for t in spin sleep pair pp yield; do
	tracevisualizer check "$share/$t" > "$share/$t.check"
	ok $? "$t: conservation holds (check exits 0)"
	tracevisualizer check --json "$share/$t" > "$share/$t.check.json" &&
	tracevisualizer processes --threads --json "$share/$t" > "$share/$t.p.json" &&
	tracevisualizer syscalls --threads --json "$share/$t" > "$share/$t.s.json"
	ok $? "$t: check, processes and syscalls --json"
	tracevisualizer processes "$share/$t" | grep -E 'pid|ltt-' | sed 's/^/# /'
done

# the spinner's middle 80 % (its exec and exit left out: their kernel time
# stretches with the host's stalls)
read -r sf st < <(python3 -c '
import json, sys
p = [p for p in json.load(open(sys.argv[1]))["threads"] if p["name"] == "ltt-spin"][0]
a = p["begin_ns"] + p["lifetime_ns"] // 10
print("@%d.%09d @%d.%09d" % (a // 10**9, a % 10**9, (a + p["lifetime_ns"] * 8 // 10) // 10**9,
                             (a + p["lifetime_ns"] * 8 // 10) % 10**9))' "$share/spin.p.json")
tracevisualizer processes --threads --json --from "$sf" --to "$st" "$share/spin" > "$share/spin.mid.json"
ok $? "spin: processes --json over the spinner's middle 80 % ($sf to $st)"

# the yielder's sched_yield calls as the trace shows them
read -r ypid ycalls < "$share/yield.self"
tracevisualizer dump --json --pid "$ypid" --type syscall_entry,syscall_exit "$share/yield" > "$share/yield.d.json"
ok $? "yield: dump --json of the yielder's syscalls"

# priorities and policies: every schedchange and wakeup of the real-time
# pair, and the dump's text for them
read -r rtp rtc < "$share/rt.out"
tracevisualizer dump --json --pid "$rtp,$rtc" --type syscall_entry,syscall_exit,schedchange,wakeup \
	"$share/rt" > "$share/rt.json" &&
tracevisualizer dump --type schedchange,wakeup "$share/rt" > "$share/rt.txt"
ok $? "rt: dump --json of the pair's syscalls, switches and wakeups, and dump's text"
grep -E "schedchange $rtp -> |wakeup pid=$rtc " "$share/rt.txt" | head -3 | sed 's/^/# /'
checks < <(PYTHONPATH=tests/lib python3 - "$share" "$rtp" "$rtc" <<'PY'
import sys, re
from check import ok, load, done
d, par, chi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ev = load('%s/rt.json' % d)['events']
# the priority and policy (JSON: the SCHED_* number) each task has at each
# moment: the parent 120 SCHED_OTHER until its sched_setscheduler (144)
# returns, then 49 SCHED_FIFO; the child 120 SCHED_OTHER until its
# setpriority (141) returns, then 125 SCHED_OTHER
OTHER, FIFO = 0, 1
CHANGE = {par: (144, (49, FIFO)), chi: (141, (125, OTHER))}
now = {par: (120, OTHER), chi: (120, OTHER)}
during = {}	# inside the changing syscall: the old value or the new
seen = {par: set(), chi: set()}
bad, nsw, nwk, waker_rt = [], 0, 0, 0

def good(p, got):
    return got == now[p] or (p in during and got == CHANGE[p][1])

for e in ev:
    a, t = e['args'], e['type']
    if t == 'syscall_entry' and e['pid'] in CHANGE and a['nr'] == CHANGE[e['pid']][0]:
        during[e['pid']] = True
        continue
    if t == 'syscall_exit' and e['pid'] in CHANGE and a['nr'] == CHANGE[e['pid']][0]:
        ok(a['ret'] == 0, "rt: %s returned 0 in %d" % (a['name'], e['pid']))
        now[e['pid']] = CHANGE[e['pid']][1]
        during.pop(e['pid'], None)
        continue
    if t == 'schedchange':
        nsw += 1
        for side in ('prev', 'next'):
            p = a[side + '_pid']
            if p in now:
                got = (a[side + '_prio'], a[side + '_policy'])
                seen[p].add(got)
                if not good(p, got):
                    bad.append((e['offset'], side, p, got, now[p]))
    elif t == 'wakeup':
        nwk += 1
        if a['pid'] in now:
            got = (a['prio'], a['policy'])
            seen[a['pid']].add(got)
            if not good(a['pid'], got):
                bad.append((e['offset'], 'wakee', a['pid'], got, now[a['pid']]))
        if e['pid'] in now:	# the waker: the current task
            got = (a['waker_prio'], a['waker_policy'])
            waker_rt += got == (49, FIFO)
            if not good(e['pid'], got):
                bad.append((e['offset'], 'waker', e['pid'], got, now[e['pid']]))
print("rt: %d switches, %d wakeups; priorities seen: parent %s, child %s; first mismatches %s"
      % (nsw, nwk, sorted(seen[par]), sorted(seen[chi]), bad[:3]))
ok(nsw >= 600 and nwk >= 300 and not bad,
   "rt: every switch and wakeup of the pair (%d and %d) carries each task's priority and policy of that moment" % (nsw, nwk))
ok(seen[par] >= {(49, FIFO)} and seen[chi] == {(125, OTHER)} | ({(120, OTHER)} & seen[chi]),
   "rt: the parent is seen at 49 SCHED_FIFO (sched_priority 50), the child at 125 SCHED_OTHER (nice 5)")
ok(waker_rt >= 150, "rt: the child, on the other CPU, is woken %d times by a SCHED_FIFO waker (of 300 rounds)" % waker_rt)
txt = open('%s/rt.txt' % d).read()
ok(re.search(r'schedchange %d -> \d+ \(prev_state 1 S\) prio 49/SCHED_FIFO -> 120/SCHED_OTHER$' % par, txt, re.M) and
   re.search(r'schedchange \d+ -> %d \(prev_state \d+ \S+\) prio 120/SCHED_OTHER -> 49/SCHED_FIFO$' % par, txt, re.M) and
   re.search(r'schedchange %d -> \d+ \(prev_state 1 S\) prio 125/SCHED_OTHER -> 120/SCHED_OTHER$' % chi, txt, re.M) and
   re.search(r'wakeup pid=%d cpu=\d+ new prio=120/SCHED_OTHER waker_prio=49/SCHED_FIFO$' % chi, txt, re.M) and
   re.search(r'wakeup pid=%d cpu=1 prio=125/SCHED_OTHER waker_prio=49/SCHED_FIFO$' % chi, txt, re.M) and
   re.search(r'wakeup pid=%d cpu=0 prio=49/SCHED_FIFO waker_prio=125/SCHED_OTHER$' % par, txt, re.M),
   "rt: dump's text shows them as prio/SCHED_* at the switches out and in and at the wakeups")
done()
PY
)

# a short window in the middle of the ping-pong for graph vs dump: from
# the 10th switch between its tasks before the median one to the 10th
# after (so both run in it, 20 switches: a fixed 2 ms window of
# 44-gtk.t once held none, the host's load stalling the guest)
tracevisualizer dump --json --type schedchange "$share/pp" > "$share/pp.sw.json"
read -r a b from to < <(python3 - "$share/pp.p.json" "$share/pp.sw.json" <<'PY'
import json, sys
t = [p for p in json.load(open(sys.argv[1]))['threads'] if p['name'] == 'ltt-pingpong']
d = json.load(open(sys.argv[2]))
s = d['trace']['start_ns']
pids = {p['pid'] for p in t}
sw = [e['time_ns'] for e in d['events']
      if e['args']['prev_pid'] in pids and e['args']['next_pid'] in pids] or \
     [e['time_ns'] for e in d['events']
      if e['args']['prev_pid'] in pids or e['args']['next_pid'] in pids]
m = len(sw) // 2
lo, hi = sw[max(0, m - 10)] - s - 1000, sw[min(len(sw) - 1, m + 10)] - s + 1000
print(t[0]['pid'], t[1]['pid'], "%.9f" % (lo / 1e9), "%.9f" % (hi / 1e9))
PY
)
tracevisualizer graph --json --pid "$a,$b" --from "$from" --to "$to" "$share/pp" > "$share/g.json"
ok $? "graph --json on a window of 20 switches of the ping-pong"
tracevisualizer graph --pid "$a,$b" --from "$from" --to "$to" --width 60 "$share/pp" | head -8 | sed 's/^/# /'
tracevisualizer dump --json --pid "$a,$b" --type syscall_entry,syscall_exit,schedchange \
	--from "$from" --to "$to" "$share/pp" > "$share/gd.json"
ok $? "dump --json with --pid, --type, --from, --to on the same window"

# --from/--to on the statistics: the ping-pong's syscalls in the same
# window, counted against the dump; adjacent windows of the ping-pong and
# of the pinned pair add up to the whole trace; the window from the start
# is the whole trace
tracevisualizer syscalls --threads --json --pid "$a,$b" --from "$from" --to "$to" "$share/pp" > "$share/ws.json" &&
tracevisualizer dump --json --pid "$a,$b" --type syscall_entry,syscall_exit "$share/pp" > "$share/wd.json"
ok $? "syscalls --from --to on the window, and the dump of every syscall of the ping-pong"
tracevisualizer check --from "$from" --to "$to" "$share/pp" > "$share/wc.txt"
ok $? "check --from --to: conservation holds in the window"
for t in pp pair; do
	mid=$(python3 -c 'import json,sys; print("%.9f" % (json.load(open(sys.argv[1]))["trace"]["duration_ns"] / 2e9))' "$share/$t.p.json")
	good=0
	for k in processes syscalls; do
		tracevisualizer $k --threads --json --to "$mid" "$share/$t" > "$share/l.json" &&
		tracevisualizer $k --threads --json --from "$mid" "$share/$t" > "$share/r.json" &&
		tests/lib/window-sum.py $k "$share/$t.${k:0:1}.json" "$share/l.json" "$share/r.json" > "$share/sum.txt" ||
		{ good=1; diag "$t, $k split at $mid s: $(head -5 "$share/sum.txt")"; }
	done
	ok $good "$t: [0, $mid s) and [$mid s, end) add up to the whole trace (every task's times, switches, syscall exits)"
	tracevisualizer processes --threads --json --from 0 "$share/$t" | python3 -c 'import json,sys
a = json.load(sys.stdin); b = json.load(open(sys.argv[1])); a.pop("window")
sys.exit(a != b)' "$share/$t.p.json"
	ok $? "$t: processes --from 0 gives the whole trace's figures"
done

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$N" <<'PY'
import sys
from check import ok, load, done
d = sys.argv[1]; N = int(sys.argv[2])

for t in ('spin', 'sleep', 'pair', 'pp', 'yield'):
    c = load('%s/%s.check.json' % (d, t))['conservation']
    ok(c['ok'] and c['cpu_err_ns'] <= 1000 and c['split_err_ns'] <= 1000 and c['life_err_ns'] <= 1000,
       "%s: per CPU sched+idle = window (err %d ns), per task user+kernel+intr = sched (err %d ns), "
       "sched+runnable+blocked = lifetime (err %d ns)" % (t, c['cpu_err_ns'], c['split_err_ns'], c['life_err_ns']))

def threads(t, name):
    return [p for p in load('%s/%s.p.json' % (d, t))['threads'] if p['name'] == name]

def pct(a, b):
    return 100.0 * a / b if b else 0.0

s = threads('spin', 'ltt-spin')
ok(len(s) == 1, "spin: one ltt-spin")
if s:
    p = s[0]
    print("spinner: user %.2f%%, interrupted %.2f%%, kernel %.2f%%, runnable %.2f%% of %.3f s" % (
        pct(p['user_ns'], p['lifetime_ns']), pct(p['interrupted_ns'], p['lifetime_ns']),
        pct(p['kernel_ns'], p['lifetime_ns']), pct(p['runnable_ns'], p['lifetime_ns']), p['lifetime_ns'] / 1e9))
    # The claim is that a spinner's own time is user time and that it
    # never waits.  Its shares of the whole lifetime move with the host's
    # load: the guest clock runs on while QEMU is descheduled, and what
    # the guest was doing then (a tick's handler, exec's page faults) gets
    # the time (95.4% user, 3.0% interrupted, 1.6% kernel seen with two
    # busy host processes; one CI run fell under 95% user of the lifetime).
    # So user is checked against the time spent in its own code (user +
    # kernel), interrupts, which are not the spinner's, apart, and over
    # the middle 80 % of its life, once its exec is done and before its exit.
    m = [x for x in load('%s/spin.mid.json' % d)['threads'] if x['pid'] == p['pid']]
    own = m[0]['user_ns'] + m[0]['kernel_ns'] if m else 0
    ok(m and m[0]['user_ns'] >= 0.95 * own > 0,
       "spin: user >= 95%% of the spinner's own CPU time in the middle 80 %% of its life (user %d "
       "ns, kernel %d ns)" % (m[0]['user_ns'] if m else -1, m[0]['kernel_ns'] if m else -1))
    ok(p['runnable_ns'] + p['blocked_ns'] <= 0.02 * p['lifetime_ns'],
       "spin: it never waits (runnable %d ns + blocked %d ns <= 2%% of %d ns)" % (
           p['runnable_ns'], p['blocked_ns'], p['lifetime_ns']))
    # (its share of interrupts is not checked against a bound: it grows
    # with the host's load, 10.2% seen at a load of 6.7; that it is kept
    # apart from the spinner's own time is what the two checks above say)

s = threads('sleep', 'ltt-sleep')
ok(len(s) == 1, "sleep: one ltt-sleep")
if s:
    p = s[0]
    print("sleeper: blocked in sleep %d ns, runnable %d ns" % (p['blocked_by']['sleep'], p['runnable_ns']))
    ok(p['blocked_by']['sleep'] >= 1990000000, "sleep: >= 1.99 s blocked in nanosleep")
    # Waiting for the CPU after each wake-up: a few us in the guest, but
    # the guest's clock runs on while the host does not schedule QEMU
    # (5.2 ms seen with the host loaded), so the bound is a share.
    ok(p['runnable_ns'] < 0.01 * p['lifetime_ns'],
       "sleep: ~0 runnable waiting (< 1%% of its lifetime: %d ns)" % p['runnable_ns'])
    sc = load('%s/sleep.s.json' % d)
    mine = [x for x in sc['threads'] if x['pid'] == p['pid']]
    ns = mine and (mine[0]['syscalls'].get('nanosleep') or mine[0]['syscalls'].get('clock_nanosleep'))
    ok(ns and ns['count'] == 1 and ns['blocked_ns'] >= 1990000000, "sleep: one nanosleep call holding the blocked time")

s = threads('pair', 'ltt-spin')
ok(len(s) == 2, "pair: two ltt-spin")
for p in s:
    print("pinned spinner %d: running %.1f%%, runnable %.1f%%, blocked %.1f%% of %.3f s" % (
        p['pid'], pct(p['running_ns'], p['lifetime_ns']), pct(p['runnable_ns'], p['lifetime_ns']),
        pct(p['blocked_ns'], p['lifetime_ns']), p['lifetime_ns'] / 1e9))
    ok(0.35 <= p['runnable_ns'] / p['lifetime_ns'] <= 0.65,
       "pair: spinner %d waits for the CPU (runnable) about half its lifetime" % p['pid'])
    ok(p['blocked_ns'] < 0.02 * p['lifetime_ns'], "pair: spinner %d is not blocked" % p['pid'])
    ok(p['preemptions'] > 10, "pair: spinner %d is preempted (%d times)" % (p['pid'], p['preemptions']))

s = threads('pp', 'ltt-pingpong')
ok(len(s) == 2, "pp: two ltt-pingpong")
sc = {x['pid']: x['syscalls'] for x in load('%s/pp.s.json' % d)['threads']}
# Both pinned to one CPU, at least one side blocks in read while the
# other runs; the other may never block: woken by its own write, the
# first side can preempt it right after that write, so that when it runs
# again its next byte is there (a clean-clone run saw the child so,
# blocked 0 ns, runnable 30 ms). Whatever blocks is inside read.
io = {}
for p in s:
    c = sc.get(p['pid'], {})
    r = c.get('read', {}); w = c.get('write', {})
    ok(r.get('count') == N and r.get('partial') == 0 and w.get('count') == N and w.get('partial') == 0,
       "pp: %d made exactly %d reads and %d writes (got %s, %s)" % (p['pid'], N, N, r.get('count'), w.get('count')))
    io[p['pid']] = p['blocked_by']['io']
    ok(r.get('blocked_ns', 0) == p['blocked_by']['io'],
       "pp: %d's blocked I/O time is all inside read (%d ns)" % (p['pid'], p['blocked_by']['io']))
ok(any(v > 0 for v in io.values()), "pp: a side blocks in read while the other runs (%s)" % io)
g = load('%s/g.json' % d)
pids = sorted(p['pid'] for p in s)
sw = [x for x in g['transitions'] if x['kind'] == 'switch' and x['pid'] in pids]
blk = [x for x in sw if x['state'] != 0]
ok(len(blk) > 0 and all(x['name'] == 'read' for x in blk), "graph: every block of the window is in read (%d)" % len(blk))
ok(len(blk) > 0 and sum(1 for x in blk if x['pid2'] in pids and x['pid2'] != x['pid']) >= 0.9 * len(blk),
   "graph: when one side blocks in read, the other runs next")
ok(sorted(r['pid'] for r in g['rows']) == pids and all('S' in r['cells'] for r in g['rows']),
   "graph: one row per ping-pong process, showing syscall time")
dump = load('%s/gd.json' % d)['events']
def key_dump(e):
    if e['type'] == 'schedchange':
        return ('switch', e['args']['prev_pid'], e['args']['next_pid'])
    return (e['type'], e['pid'], e['args']['nr'])
def key_graph(x):
    if x['kind'] == 'switch':
        return ('switch', x['pid'], x['pid2'])
    return (x['kind'], x['pid'], x['what'])
gk = [key_graph(x) for x in g['transitions']
      if x['kind'] in ('syscall_entry', 'syscall_exit') or (x['kind'] == 'switch' and x['pid'] in pids)]
dk = [key_dump(e) for e in dump]
print("window: %d transitions in graph, %d events in dump" % (len(gk), len(dk)))
ok(len(gk) > 10 and gk == dk, "graph: the switches and syscalls of the window in the dump's order")

s = threads('yield', 'ltt-yield')
ok(len(s) == 1, "yield: one ltt-yield")
if s:
    p = s[0]
    y = {x['pid']: x['syscalls'] for x in load('%s/yield.s.json' % d)['threads']}[p['pid']].get('sched_yield', {})
    lat = y.get('latency', {})
    print("sched_yield: %d calls, %d ns inside (%.1f%% of its lifetime), runnable inside %d ns, on CPU inside %d ns, user %.1f%%" % (
        y.get('count', 0), lat.get('total_ns', 0), pct(lat.get('total_ns', 0), p['lifetime_ns']),
        y.get('runnable_ns', 0), y.get('cpu_ns', 0), pct(p['user_ns'], p['lifetime_ns'])))
    ok(y.get('count', 0) > 100, "yield: many sched_yield calls")
    # the yielder's own clock: each call timed on CLOCK_MONOTONIC (the
    # trace's clock) just before and just after it (yield.self): the
    # trace's entry and exit of the k-th call fall within the k-th
    # interval, exactly; and the cumulative time inside sched_yield is
    # the sum of the dump's entry-to-exit spans, exactly
    with open('%s/yield.self' % d) as f:
        ypid, ncalls = map(int, f.readline().split())
        own = [tuple(map(int, l.split())) for l in f]
    yev = [e for e in load('%s/yield.d.json' % d)['events']
           if e['args'].get('name') == 'sched_yield']
    ent = [e['time_ns'] for e in yev if e['type'] == 'syscall_entry']
    ext = [e['time_ns'] for e in yev if e['type'] == 'syscall_exit']
    spans = [b - a for a, b in zip(ent, ext)]
    nested = [k for k, ((t0, t1), a, b) in enumerate(zip(own, ent, ext))
              if not t0 <= a <= b <= t1]
    own_in = sum(t1 - t0 for t0, t1 in own)
    print("sched_yield: the yielder timed %d calls, %d ns (%.1f%% of its lifetime); "
          "the trace %d entries, %d exits, %d ns" % (
              ncalls, own_in, pct(own_in, p['lifetime_ns']), len(ent), len(ext), sum(spans)))
    ok(ypid == p['pid'] and len(own) == ncalls == len(ent) == len(ext) == y.get('count', 0),
       "yield: the trace shows each of the yielder's %d calls (entry, exit, syscalls' count)" % ncalls)
    ok(own and not nested,
       "yield: each call's entry and exit lie within the yielder's own clock reads around it%s" %
       ("" if not nested else " (not call %d: %s, entry %d, exit %d)" % (
           nested[0], own[nested[0]], ent[nested[0]], ext[nested[0]])))
    ok(lat.get('total_ns', -1) == sum(spans) and sum(spans) <= own_in,
       "yield: the cumulative time inside sched_yield is the sum of its calls' spans (%d ns), "
       "within the yielder's own %d ns" % (sum(spans), own_in))
# the window's syscalls against the dump: an exit in [from, to) counts
# when its entry is in the window too, else it is partial
w = load('%s/ws.json' % d)['window']
ev = load('%s/wd.json' % d)['events']
want, last = {}, {}
for e in ev:
    if e['type'] == 'syscall_entry':
        last[e['pid']] = e['rel_ns']
    elif w['from_ns'] <= e['rel_ns'] < w['to_ns'] and e['args']['name'] in ('read', 'write'):
        k = (e['pid'], e['args']['name'])
        c = want.setdefault(k, [0, 0])
        c[0 if last.get(e['pid'], -1) >= w['from_ns'] else 1] += 1
got = {}
for x in load('%s/ws.json' % d)['threads']:
    for n in ('read', 'write'):
        if n in x['syscalls']:
            got[(x['pid'], n)] = [x['syscalls'][n]['count'], x['syscalls'][n]['partial']]
print("window %d-%d ns: syscalls %s, dump %s" % (w['from_ns'], w['to_ns'], sorted(got.items()), sorted(want.items())))
ok(want and got == want and sum(c[0] for c in got.values()) > 10,
   "syscalls --from --to: each side's reads and writes in the window, counted and partial, as the dump shows them")
done()
PY
)
done_testing
