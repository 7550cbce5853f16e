#!/bin/bash
# The latency analyses on workloads whose answer is known, in one boot
# with QEMU counting instructions (--icount: guest time is the guest's
# own, whatever the host's load; one vCPU, so every workload is pinned to
# CPU 0; the traces are written to the guest's /tmp and copied at the
# end, as writing them to the shared folder while tracing makes the
# guest idle and its clock jump):
#  - ltt-rtwake: a SCHED_FIFO task wakes a SCHED_OTHER one on its CPU,
#    then spins 10 ms before it sleeps: each of the 20 wakeup latencies of
#    the woken task starts inside the FIFO task's write and ends after its
#    spin, equals the spin within the guest's tick (4 ms, HZ 250), and
#    --explain names the FIFO task as the cause, for the spin's time;
#  - ltt-periodic: a 1 ms clock_nanosleep(TIMER_ABSTIME) loop, alone and
#    with a CPU hog (ltt-spin) at a higher priority: every activation
#    accounted (none early: the trace records the deadline asked, which
#    the timer never expires before, not its hard expiry, which a tick
#    inside the slack came before in one sleep of four), deadlines as the
#    program computed them, the distribution
#    without the hog narrower than with it, the hog named first in the
#    explanation of the worst activation;
#  - ltt-timerfd: a 1 ms periodic timerfd (CLOCK_MONOTONIC, absolute
#    first expiry) read 200 times, the task spinning 2.5 ms after every
#    50th read: 200 activations, every one from a timerfd, their deadlines
#    exactly the expiry the program set plus k periods (k counting the
#    expiries the earlier reads missed), the missed expiries the program's
#    count less its reads (at least one per overrun, whose activation is
#    one the task was not waiting for), the setting as the program made
#    it;
#  - ltt-chain: A reads from B, B from C, C sleeps 50 ms: A's critical
#    path is C's sleep (C's blocked time in the accounting, exactly), then
#    C's, B's and A's runs; its segments tile A's interval exactly; A's
#    state during its read explained (blocked, woken by B);
#  - ltt-chain run again with C sleeping 70 ms (chain2): diff chain chain2
#    puts the injected 20 ms in C's blocked sleep (within 1 %: C matched
#    by role, the second child of A, whatever its pid; its other parts,
#    the run's noise, under 2 ms), no other process gains blocked sleep,
#    every process's parts add up to its change to the ns, and the worst
#    change explained is C's sleep in chain2.
# On every trace and kind: the JSON's figures recomputed from the raw
# instances it lists (tests/lib/timingcheck.py), the explanations adding
# up, the softirq raise-to-entry instances (format 1.4) exactly the
# dump's raises paired with the next entry of their vector on their CPU,
# the system-wide syscall figures the sum of the threads', and no
# syscall exit counted under the number the kernel gives a sigreturn's.
# The front ends on these traces (no other boot): the window's Latency
# tab of rt (a screenshot: its histogram's bars are the wakeups', the
# FIFO parent's spin), the TUI's page of rt's wakeups (the figures, bars,
# worst instances and the worst explained as latency --explain words it)
# and A's critical path (C in view 1) as critical-path prints it.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

VM_ARGS=(--cpus 1 --icount 3 --append "tsc=reliable clocksource=tsc")
vm_run "$share" 600 "cd /tmp && traced -q -o rt -- ltt-rtwake 20 10000 0 > rt.out &&
traced -q -o per -- ltt-periodic 1000 300 0 19 > per.out &&
traced -q -o hog -- sh -c 'ltt-spin 1 0 & ltt-periodic 1000 300 0 19 > hog.out; wait' &&
traced -q -o chain -- ltt-chain 50 > chain.out &&
traced -q -o chain2 -- ltt-chain 70 > chain2.out &&
traced -q -o tfd -- ltt-timerfd 1000 200 0 50 > tfd.out &&
cp -r rt per hog chain chain2 tfd rt.out per.out hog.out chain.out chain2.out tfd.out /mnt/share/"
ok $? "guest ran ltt-rtwake, ltt-periodic alone and with a hog, ltt-chain (50 ms, then 70 ms), ltt-timerfd under traced"

for t in rt per hog chain; do
	conserved "$share/$t"
	for k in wakeup irq softirq syscall timer; do
		tracevisualizer latency --kind $k --json --instances --worst 8 "$share/$t" > "$share/$t.$k.json" ||
			echo "latency --kind $k $t failed" >> "$share/errors"
	done
	tracevisualizer dump --json --type softirq_raise,softirq_entry "$share/$t" > "$share/$t.sq.json" &&
	tracevisualizer syscalls --threads --json "$share/$t" > "$share/$t.sc.json" &&
		tracevisualizer summary --json "$share/$t" > "$share/$t.sum.json" &&
		tracevisualizer processes --threads --json "$share/$t" > "$share/$t.p.json" ||
		echo "syscalls, summary or processes $t failed" >> "$share/errors"
done
ok "$([ -s "$share/errors" ] && echo 1 || echo 0)" "latency of every kind, syscalls, summary, processes --json on the four traces"
tracevisualizer latency --kind timer --json --instances --worst 8 "$share/tfd" > "$share/tfd.timer.json" &&
	tracevisualizer dump --json --type timerfd_set,timerfd_expire "$share/tfd" > "$share/tfd.ev.json"
ok $? "tfd: latency --kind timer --json --instances, dump of the timerfd events"
tracevisualizer latency --kind timer "$share/tfd" | sed -n '/^Periods/,$p' | sed 's/^/# /'
checks < <(PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import sys
from check import ok, load, done
from timingcheck import check_latency, dur
d = sys.argv[1]
pid, first, period, reads, total, overruns = map(int, open('%s/tfd.out' % d).read().split())
j = load('%s/tfd.timer.json' % d)
check_latency(j, lambda c, m: ok(c, m), 'tfd timer', None, 8)
ins = sorted((i for i in j['instances'] if i['pid'] == pid), key=lambda i: i['start_ns'])
ok(len(ins) == reads == 200 and all(i['source'] == 'timerfd' for i in ins),
   "tfd: the 200 reads are 200 timerfd activations (%d)" % len(ins))
want, k = [], 0
for i in ins:
    want.append(first + k * period)
    k += 1 + i['missed']
ok(ins and [i['start_ns'] for i in ins] == want,
   "tfd: each deadline is the expiry set plus k periods, k counting the expiries missed before it")
ok(sum(i['missed'] for i in ins) == total - reads,
   "tfd: the expiries missed (%d) are the program's count (%d) less its reads"
   % (sum(i['missed'] for i in ins), total))
late = [i for i in ins if i['parts'].get('late')]
ok(overruns == 3 and len(late) >= overruns and
   len([i for i in ins if i['missed'] >= 1]) >= overruns,
   "tfd: each of the %d overruns of 2.5 periods ends in a read the task was not waiting for, "
   "missing at least one expiry (%d such activations)" % (overruns, len(late)))
ok(all(sum(i['parts'].values()) == dur(i) and
       (i['parts'].get('late') or i['waker'] and i['start_ns'] <= i['waker']['time_ns'] <= i['end_ns'])
       for i in ins),
   "tfd: every activation's parts add up; woken after its deadline, or not waiting (late)")
g = [g for g in j['groups'] if g['level'] == 'task' and g['pid'] == pid]
ok(g and g[0]['missed'] == total - reads and g[0]['distribution']['count'] == 200,
   "tfd: the task's group counts 200 activations and the missed expiries")
ev = load('%s/tfd.ev.json' % d)['events']
st = [e['args'] for e in ev if e['type'] == 'timerfd_set']
ex = [e['args'] for e in ev if e['type'] == 'timerfd_expire']
ok(len(st) == 1 and st[0]['value_ns'] == first and st[0]['expires_ns'] == first and
   st[0]['interval_ns'] == period and st[0]['abstime'] and st[0]['clockid'] == 1,
   "tfd: the setting recorded is the program's: absolute, CLOCK_MONOTONIC, expiry and interval (%s)" % st)
ok(len(ex) == 200 and sum(e['ticks'] for e in ex) == total and
   all(e['timer'] == st[0]['timer'] for e in ex),
   "tfd: 200 reads of the same timer recorded, counting the program's %d expiries" % total)
done()
PY
)
read -r par chi < <(head -1 "$share/rt.out")
tracevisualizer latency --kind wakeup --pid "$chi" --worst 30 --explain --json "$share/rt" > "$share/rt.ex.json"
ok $? "rt: latency --kind wakeup --pid CHILD --explain --json"
tracevisualizer latency --kind wakeup --pid "$chi" --worst 3 --explain "$share/rt" | head -14 | sed 's/^/# /'
for t in per hog; do
	tracevisualizer latency --kind timer --worst 1 --explain --json "$share/$t" > "$share/$t.ex.json"
	ok $? "$t: latency --kind timer --explain --json"
done
tracevisualizer latency --kind timer --worst 1 --explain "$share/hog" | sed -n '/worst/,+8p' | sed 's/^/# /'
read -r pa pb pc < "$share/chain.out"
tracevisualizer critical-path --pid "$pa" --json "$share/chain" > "$share/cp.json" &&
	tracevisualizer critical-path --pid "$pa" "$share/chain" > "$share/cp.txt"
ok $? "chain: critical-path --pid A, --json and text"
sed 's/^/# /' "$share/cp.txt" | grep -v 'runnable$' | head -24
checks < <(PYTHONPATH=tests/lib python3 - "$share" "$par" "$chi" "$pa" "$pb" "$pc" <<'PY'
import json
import subprocess
import sys
from check import ok, load, done
from timingcheck import check_latency, check_explanation, check_critpath, check_rtwake, dur
d = sys.argv[1]
par, chi, pa, pb, pc = map(int, sys.argv[2:7])
TICK = 4000000          # CONFIG_HZ=250 (config/ltt-guest.config)

# every trace, every kind: the figures are those of the instances
for t in ('rt', 'per', 'hog', 'chain'):
    for k in ('wakeup', 'irq', 'softirq', 'syscall', 'timer'):
        j = load('%s/%s.%s.json' % (d, t, k))
        if j['instances']:
            check_latency(j, lambda c, m: ok(c, m), '%s %s' % (t, k), None, 8)
        elif k in ('wakeup', 'syscall'):
            # every one of these traces has wakeups and syscalls: their
            # figures cannot go unchecked for want of instances
            ok(False, "%s %s: instances to check (none)" % (t, k))
    sc = load('%s/%s.sc.json' % (d, t))
    tot = {}
    for p in sc['threads']:
        for n, s in p['syscalls'].items():
            x = tot.setdefault(n, [0, 0, 0, 0, 0])
            for i, f in enumerate(('count', 'partial', 'cpu_ns', 'blocked_ns', 'runnable_ns')):
                x[i] += s[f]
    ok({n: [s[f] for f in ('count', 'partial', 'cpu_ns', 'blocked_ns', 'runnable_ns')]
        for n, s in sc['syscalls'].items()} == tot and
       any(s['blocked_ns'] for s in sc['syscalls'].values()),
       "%s: the system-wide syscall figures (blocked and runnable too) are the threads' summed" % t)
    # softirq raises (format 1.4): per CPU and vector, the first raise
    # since the handler's last entry, to its next entry
    sq = load('%s/%s.softirq.json' % (d, t))
    pend, want = {}, []
    for e in load('%s/%s.sq.json' % (d, t))['events']:
        k = (e['cpu'], e['args']['vec'])
        if e['type'] == 'softirq_raise':
            pend.setdefault(k, e['time_ns'])
        elif k in pend:
            want.append((pend.pop(k), e['time_ns'], e['cpu'], k[1]))
    got = [(i['start_ns'], i['end_ns'], i['cpu'], i['what'])
           for i in sq['instances'] if i['sub'] == 'raise']
    ok(sq['raises_recorded'] and want and sorted(got) == sorted(want),
       "%s: softirq raise to entry: the %d instances are the dump's raises paired with the next entry on their CPU"
       % (t, len(got)))
    sm = load('%s/%s.sum.json' % (d, t))['syscalls']
    ok('syscall_4294967294' not in sm and 'syscall_4294967295' not in sm and
       ('rt_sigreturn' not in sm or sm['rt_sigreturn']['exits'] <= sm['rt_sigreturn']['entries']),
       "%s: summary counts sigreturn exits under rt_sigreturn (%s)" % (t, sm.get('rt_sigreturn')))

# rt: the FIFO parent's spin is the child's wakeup latency
check_rtwake(ok, '%s/rt.out' % d, load('%s/rt.ex.json' % d), par, chi, TICK)

# per and hog: the periodic task's activations
for t in ('per', 'hog'):
    pid, first, period = map(int, open('%s/%s.out' % (d, t)).read().split())
    j = load('%s/%s.timer.json' % (d, t))
    gr = [g for g in j['groups'] if g['level'] == 'task' and g['pid'] == pid]
    ins = [i for i in j['instances'] if i['pid'] == pid]
    good = gr and gr[0]['distribution']['count'] + gr[0]['zero_left'] + gr[0]['early'] == 300 and \
        gr[0]['early'] == 0
    ok(good, "%s: the 300 sleeps of the loop are %d activations and %d with nothing left"
       % (t, gr[0]['distribution']['count'] if gr else 0, gr[0]['zero_left'] if gr else 0))
    if not good:	# what to look at next time (clean-clone runs saw 234, then 225)
        sm = load('%s/%s.sum.json' % (d, t))
        print("%s: lost %s; clock_nanosleep %s; timer_set_timeout events %s" %
              (t, sm['lost']['total'], sm['lost'].get('syscalls', {}).get('clock_nanosleep'),
               sm['events'].get('by_type', {}).get('timer_set_timeout')))
        print("%s: the pid's groups: %s" % (t, [(g['level'], g.get('what'), g['distribution']['count'],
              g['zero_left'], g['early'], g.get('unknown')) for g in j['groups'] if g.get('pid') == pid]))
        # the sleeps whose deadline no activation has, with the task's
        # events around the first few of them
        import subprocess
        ev = json.loads(subprocess.run(['tracevisualizer', 'dump', '--json', '--pid', str(pid),
                                        '%s/%s' % (d, t)], capture_output=True, text=True).stdout)['events']
        starts = {i['start_ns'] for i in ins}
        sets = [k for k, e in enumerate(ev) if e['type'] == 'timer_set_timeout' and e['args']['kind'] == 1]
        miss = [k for k in sets if ev[k]['time_ns'] + ev[k]['args']['timeout_ns'] not in starts]
        print("%s: %d nanosleep settings of pid %d, %d without an activation at their deadline; "
              "timeouts of those: %s" % (t, len(sets), pid, len(miss),
                                          sorted(set(ev[k]['args']['timeout_ns'] for k in miss))[:8]))
        for k in miss[:3]:
            for e in ev[max(0, k - 2):k + 8]:
                print("   %d cpu%d pid%d %s" % (e['time_ns'], e['cpu'], e['pid'], e['desc']))
            print("   --")
    err = [(i['start_ns'] - first) % period for i in ins]
    ok(ins and all(e < period // 10 for e in err),
       "%s: each deadline is the program's (its first + k periods) to within the time to "
       "the event (at most %d ns)" % (t, max(err) if err else -1))
per = load('%s/per.timer.json' % d)
hog = load('%s/hog.timer.json' % d)
dp = [g for g in per['groups'] if g['level'] == 'all'][0]['distribution']
dh = [g for g in hog['groups'] if g['level'] == 'all'][0]['distribution']
print("periodic alone: p50 %d p99 %d max %d ns; with the hog: p50 %d p99 %d max %d ns" %
      (dp['p50_ns'], dp['p99_ns'], dp['max_ns'], dh['p50_ns'], dh['p99_ns'], dh['max_ns']))
ok(dp['p99_ns'] < dh['p50_ns'] and dp['stddev_ns'] < dh['stddev_ns'],
   "the periodic task's lateness alone is narrower (p99 below the p50 with the hog, smaller stddev)")
w = load('%s/hog.ex.json' % d)
worst = [g for g in w['groups'] if g['level'] == 'all'][0]['worst'][0]
e = worst['explanation']
ok(check_explanation(e, lambda c, m: c, 'hog') and e['totals'][0]['who'] == 'task' and
   e['totals'][0]['name'] == 'ltt-spin',
   "hog: the explanation of the worst activation (%d us) names the hog first (%s, %d us)"
   % (dur(worst) // 1000, e['totals'][0].get('name'), e['totals'][0]['ns'] // 1000))

# chain: A's critical path
cp = load('%s/cp.json' % d)['critical_path']
check_critpath(cp, ok, "chain: A's critical path")
segs = cp['segments']
sleep = [i for i, s in enumerate(segs) if s['pid'] == pc and s['state'] == 'blocked_sleep']
threads = {p['pid']: p for p in load('%s/chain.p.json' % d)['threads']}
# the 50 ms run from C's nanosleep's entry; its blocked time from the
# switch that follows (the kernel's way to schedule(): a quarter of a
# millisecond was seen on a loaded emulator), to the wakeup
calls = json.loads(subprocess.run(
    ['tracevisualizer', 'dump', '--json', '--filter', 'pid == %d && type == syscall_entry' % pc,
     '%s/chain' % d], capture_output=True, text=True).stdout or '{"events": []}')['events']
entry = [e['time_ns'] for e in calls if e['args'].get('name') in ('nanosleep', 'clock_nanosleep') and
         sleep and e['time_ns'] <= segs[sleep[0]]['start_ns']]
ok(len(sleep) == 1 and entry and segs[sleep[0]]['end_ns'] - entry[-1] >= 50000000 and
   dur(segs[sleep[0]]) == threads[pc]['blocked_by']['sleep'] and segs[sleep[0]]['depth'] == 2,
   "chain: C's sleep is one segment of A's path, two wakeups back, ending at least 50 ms after its "
   "nanosleep's entry (%s ns): exactly C's blocked (sleep) time (%d ns; the accounting: %s; "
   "%d such segments, depth %s)"
   % (segs[sleep[0]]['end_ns'] - entry[-1] if sleep and entry else None,
      dur(segs[sleep[0]]) if sleep else 0, threads[pc]['blocked_by'].get('sleep'), len(sleep),
      segs[sleep[0]]['depth'] if sleep else None))
after = segs[sleep[0] + 1:] if sleep else []
first = lambda pid: next((i for i, s in enumerate(after) if s['pid'] == pid and s['state'] == 'running'), None)
ok(sleep and first(pc) is not None and first(pb) is not None and first(pa) is not None and
   first(pc) < first(pb) < first(pa),
   "chain: after C's sleep, C runs, then B, then A")
ok(cp['totals'][0]['pid'] == pc and cp['totals'][0]['state'] == 'blocked_sleep' and
   cp['from_ns'] == threads[pa]['begin_ns'] and cp['to_ns'] == threads[pa]['end_ns'],
   "chain: the path covers A's life in the trace, C's sleep its largest total")
done()
PY
)

# A's state in the middle of its read, explained
mid=$(python3 -c 'import json,sys; s=[x for x in json.load(open(sys.argv[1]))["critical_path"]["segments"] if x["state"]=="blocked_sleep"][0]; print("%.9f" % ((s["start_ns"]+s["end_ns"])/2e9))' "$share/cp.json")
tracevisualizer explain --pid "$pa" --at "@$mid" --json "$share/chain" > "$share/at.json"
ok $? "chain: explain --pid A --at the middle of C's sleep (absolute time)"
tracevisualizer explain --pid "$pa" --at "@$mid" "$share/chain" | head -6 | sed 's/^/# /'
checks < <(PYTHONPATH=tests/lib python3 - "$share" "$pb" "$pc" <<'PY'
import sys
from check import ok, load, done
from timingcheck import check_critpath
d, pb, pc = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
at = load('%s/at.json' % d)['explain']
ok(at['state'] == 'blocked_io' and at['what_name'] == 'read' and at['waker']['pid'] == pb and
   at['waker']['what_name'] == 'write',
   "chain: A is blocked in its read then, until B's write woke it")
check_critpath(at['critical_path'], ok, "chain: the path of A's block")
ok(any(s['pid'] == pc and s['state'] == 'blocked_sleep' for s in at['critical_path']['segments']),
   "chain: what A waited for, in that block, includes C's sleep")
done()
PY
)

# --- the front ends on these traces: what they show is --json's ---------------
export PYTHONPATH=$TOP/tests/lib
PY=/usr/bin/python3	# Debian's, with Pillow
tracevisualizer latency --kind wakeup --worst 10 --explain --json "$share/rt" > "$share/rt.w10.json" &&
	tracevisualizer latency --kind wakeup --worst 10 --explain "$share/rt" > "$share/rt.w10.txt"
ok $? "rt: latency --kind wakeup --worst 10 --explain, JSON and text"
if command -v xvfb-run >/dev/null && $PY -c 'import PIL' 2>/dev/null; then
	GTK_THEME=Adwaita timeout 120 xvfb-run -a -s "-screen 0 1280x1000x24" \
		tracevisualizer/tracevisualizer-gtk --size 1280x1000 --view latency \
		--screenshot "$share/rt.png" "$share/rt" 2> "$share/rt.gtk.err"
	ok $? "rt: a screenshot of the window's Latency tab (--view latency)"
	checks < <($PY tests/lib/gtklatency.py png "$share/rt.png" "$share/rt.w10.json")
	[ -n "$KEEP" ] && cp "$share/rt.png" "$KEEP/41-timing-rt.png"	# KEEP=DIR: to look at
else
	skip_missing "xvfb-run or Pillow missing (scripts/setup-deps)"
fi
. "$TOP/tests/lib/tui.sh"
if command -v tmux >/dev/null; then
	tui_setup "$share/tui"
	trap 'tui_cleanup; rm -rf "$share"' EXIT
	tui_start rt 200 70 -- "$share/rt" && tui_key rt 8 Enter && tui_screen rt > "$share/rt.tui"
	ok $? "rt: the TUI's latency view (8), Enter: the page of the wakeups"
	[ -n "$KEEP" ] && cp "$share/rt.tui" "$KEEP/41-timing-rt.tui"
	is "$(tui_quit rt)" 0 "q: status 0"
	# A's row alone in view 1 (the filter, hiding the others), then C
	tui_start ch 200 70 -- "$share/chain" && tui_input ch f "pid == $pa" && tui_key ch F C &&
		tui_screen ch > "$share/ch.tui" && [[ $(sed -n 2p "$share/ch.tui") =~ ^Critical\ path\ of\ $pa\  ]]
	ok $? "chain: A's row alone in view 1 (f pid == $pa, F), C: its critical path page"
	[ -n "$KEEP" ] && cp "$share/ch.tui" "$KEEP/41-timing-ch.tui" && cp -r "$share/chain" "$KEEP/"
	[ -s "$share/ch.tui" ] || diag "$(cat "$TUI_DIR/ch.screen")"
	is "$(tui_quit ch)" 0 "q: status 0"
	checks < <(python3 - "$share" "$par" <<'PY'
import sys
from check import ok, load, done
from tuilatency import page_problem, screen_lines
d, par = sys.argv[1], int(sys.argv[2])
j = load(d + '/rt.w10.json')
scr = screen_lines(open(d + '/rt.tui').read())
p = page_problem(scr, j, j, open(d + '/rt.w10.txt').read(), 200, 0, None, 'wakeup')
ok(p is None, "rt: the TUI's page of the wakeups: figures, the command line's bars, the 10 worst, "
   "the worst explained as latency --explain words it, every piece as the JSON (%s)" % p)
import re
on = [k for k, l in enumerate(scr) if l.startswith('      On cpu ')]
ok(on and re.match(r'^ +[\d.]+ us +[\d.]+%%  %d ltt-rtwake \(\d+ pieces?\)$' % par, scr[on[0] + 1]),
   "rt: the TUI names the FIFO parent %d first in the explanation of the worst wakeup" % par)
cp = load(d + '/cp.json')['critical_path']
txt = open(d + '/cp.txt').read().split('\n')
scr = screen_lines(open(d + '/ch.tui').read())
segs = [l for l in txt if l.startswith('  0.')]
i = [k for k, l in enumerate(scr) if l.startswith('Totals (')]
tots = [l for l in txt[txt.index([l for l in txt if l.startswith('  Totals (')][0]) + 1:] if l.strip()]
ok(scr[1] == txt[0].split(': what it waited for')[0] and scr[3:3 + len(segs)] == segs and i and
   scr[i[0] + 1:i[0] + 1 + len(tots)] == tots,
   "chain: the TUI's critical path of A: its %d segments and %d totals as critical-path prints them"
   % (len(segs), len(tots)))
done()
PY
)
else
	skip_missing "tmux missing (scripts/setup-deps)"
fi
# ---- diff of two runs: chain (C sleeps 50 ms) and chain2 (70 ms) ----------
read -r pa2 pb2 pc2 < "$share/chain2.out"
conserved "$share/chain2"
tracevisualizer diff --json "$share/chain" "$share/chain2" > "$share/diff.json"
ok $? "diff --json chain chain2"
tracevisualizer diff "$share/chain" "$share/chain2" | sed -n '/^Matched/,/^Only/p' | head -24 | sed 's/^/# /'
is "$(python3 tests/lib/diffcheck.py sums "$share/diff.json")" ok \
	"diff chain chain2: every process's parts add up to its change, to the ns"
checks < <(PYTHONPATH=tests/lib python3 - "$share/diff.json" "$pa" "$pb" "$pc" "$pa2" "$pb2" "$pc2" <<'PY'
import sys, json
from check import ok, done
j = json.load(open(sys.argv[1]))
pa, pb, pc, pa2, pb2, pc2 = map(int, sys.argv[2:8])
m = j['diff']['matched']
pairs = {(p['pid_a'], p['pid_b']): p for p in m}
for (x, y, n) in ((pa, pa2, 'A'), (pb, pb2, 'B'), (pc, pc2, 'C')):
    ok((x, y) in pairs, "%s matched by role: pid %d in chain, %d in chain2" % (n, x, y))
c = pairs.get((pc, pc2))
if c:
    sl = [x for x in c['parts'] if x['label'] == 'blocked sleep']
    d = sl[0]['delta_ns'] if sl else 0
    print("C: change %d ns, blocked sleep %d ns, largest part %s" % (c['delta_ns'], d, c['parts'][0]['label']))
    ok(abs(d - 20000000) <= 200000, "C's blocked sleep grew by the injected 20 ms within 1 %% (%d ns)" % d)
    ok(c['parts'][0]['label'] == 'blocked sleep', "blocked sleep is C's largest change")
    # the rest of C's change is the run's own noise (its waits for the
    # CPU, its exit: 0.4 ms seen), not the injected sleep
    ok(abs(c['delta_ns'] - d) < 2000000,
       "C's other parts changed by less than 2 ms together (%d ns)" % (c['delta_ns'] - d))
    ok(c['key'].endswith('/ltt-chain#0/ltt-chain#1'), "C's role: the second ltt-chain child of A (%s)" % c['key'])
other = [(p['key'], x['delta_ns']) for p in m if p is not c for x in p['parts']
         if x['label'] == 'blocked sleep' and abs(x['delta_ns']) > 200000]
ok(not other, "no other process's blocked sleep changed by more than 1 %% of 20 ms %s" % other)
e = j['explained']
ok(e is not None and e['trace'] == 'b' and e['pid'] == pc2 and e['part']['label'] == 'blocked sleep'
   and e['explain']['state'] == 'blocked_sleep' and abs(e['duration_ns'] - 70000000) < 1000000,
   "the worst change explained: C's 70 ms sleep in chain2, blocked in it")
done()
PY
)
done_testing
