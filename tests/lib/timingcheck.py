"""Checks of the latency analyses' JSON against the raw instances it lists
(tracevisualizer latency --json --instances), of the explanations and of
the critical paths: every figure recomputed here from the instances, every
explanation and path tiling its interval.  Each check calls ok(cond, msg)
(tests/lib/check.py) and returns whether it held."""
import math

BUCKETS = 40


def bucket(ns):
    """floor(log2(ns)), 0 for 0 and 1, the last bucket holding the rest"""
    return min(max(ns.bit_length() - 1, 0), BUCKETS - 1)


def dist_of(durs):
    """the distribution of a list of durations, as the JSON gives it"""
    n = len(durs)
    s = sorted(durs)
    d = {'count': n, 'total_ns': sum(s), 'min_ns': s[0] if n else 0,
         'max_ns': s[-1] if n else 0, 'mean_ns': sum(s) // n if n else 0}
    for key, pm in (('p50_ns', 500), ('p90_ns', 900), ('p99_ns', 990), ('p999_ns', 999)):
        rank = (n * pm + 999) // 1000          # nearest rank, 1-based
        d[key] = s[max(rank, 1) - 1] if n else 0
    if n:
        var = (n * sum(x * x for x in s) - sum(s) ** 2) // (n * n)
        d['stddev_ns'] = math.isqrt(var)
    else:
        d['stddev_ns'] = 0
    hist = [0] * BUCKETS
    for x in s:
        hist[bucket(x)] += 1
    while hist and not hist[-1]:
        hist.pop()
    d['log2_hist'] = hist
    return d


def dur(i):
    return i['end_ns'] - i['start_ns']


def belongs(i, g):
    if i['sub'] != g['sub']:
        return False
    if g['level'] != 'all' and 'what' in g and \
            (i['what'] != g['what'] or i.get('sysvec') != g.get('sysvec')):
        return False
    return g['level'] != 'task' or i['pid'] == g['pid']


def worse_key(i):
    return (-dur(i), i['start_ns'], i['cpu'])


def same_inst(a, b):
    return all(a[k] == b[k] for k in ('sub', 'start_ns', 'end_ns', 'pid', 'cpu'))


def check_latency(d, ok, name, threshold=None, nworst=10):
    """every group of the latency document @d against its instances"""
    insts = d['instances']
    good = True
    bad_parts = [i for i in insts if sum(i['parts'].values()) != dur(i) or dur(i) < 0]
    good &= ok(not bad_parts and d['unmatched'] == 0,
               "%s: the parts of each of the %d instances add up to its duration%s"
               % (name, len(insts), " (first bad: %s)" % bad_parts[:1] if bad_parts else ""))
    mism = []
    for g in d['groups']:
        mine = [i for i in insts if belongs(i, g)]
        want = dist_of([dur(i) for i in mine])
        got = g['distribution']
        if any(got[k] != want[k] for k in want):
            mism.append((g['level'], g['sub'], g.get('what'), g.get('pid'),
                         {k: (got[k], want[k]) for k in want if got[k] != want[k]}))
        parts = {}
        for i in mine:
            for k, v in i['parts'].items():
                parts[k] = parts.get(k, 0) + v
        if parts != g['parts']:
            mism.append((g['level'], g['sub'], 'parts', g['parts'], parts))
        if threshold is not None and g['over'] != sum(1 for i in mine if dur(i) > threshold):
            mism.append((g['level'], g['sub'], 'over', g['over']))
        worst = sorted(mine, key=worse_key)[:nworst]
        if len(worst) != len(g['worst']) or \
                not all(same_inst(a, b) for a, b in zip(worst, g['worst'])):
            mism.append((g['level'], g['sub'], 'worst'))
    good &= ok(not mism and d['groups'],
               "%s: %d groups: count, total, min, mean, p50, p90, p99, p99.9, max, stddev, "
               "log2 histogram, parts and worst %d recomputed from the instances%s"
               % (name, len(d['groups']), nworst, " (%s)" % mism[:2] if mism else ""))
    if threshold is not None:
        over = sorted([i for i in insts if dur(i) > threshold],
                      key=lambda i: (i['start_ns'], i['end_ns'], i['cpu']))
        good &= ok(len(over) == len(d['over']) and
                   all(same_inst(a, b) for a, b in zip(over, d['over'])),
                   "%s: the %d instances over %d ns are the list 'over'"
                   % (name, len(over), threshold))
    return good


def tiles(pieces, start, end, key_start='start_ns', key_end='end_ns'):
    t = start
    for p in pieces:
        if p[key_start] != t or p[key_end] <= t:
            return False
        t = p[key_end]
    return t == end


def check_explanation(e, ok, name):
    """the items of explanation @e tile its interval, its totals add up"""
    return ok(tiles(e['items'], e['start_ns'], e['end_ns']) and
              sum(t['ns'] for t in e['totals']) == e['duration_ns'] ==
              sum(i['duration_ns'] for i in e['items']),
              "%s: %d pieces tile the %d ns explained, the totals add up to them"
              % (name, len(e['items']), e['duration_ns']))


def check_critpath(cp, ok, name):
    """the segments of critical path @cp tile its interval, totals add up"""
    return ok(tiles(cp['segments'], cp['from_ns'], cp['to_ns']) and
              sum(t['ns'] for t in cp['totals']) == cp['duration_ns'],
              "%s: %d segments tile the %d ns of the path, the totals add up to them"
              % (name, len(cp['segments']), cp['duration_ns']))


def check_rtwake(ok, outfile, ex, par, chi, tick, label='rt'):
    """ltt-rtwake N 10000 CPU (a SCHED_FIFO parent wakes its SCHED_OTHER
    child in its write, then spins 10 ms): its rounds (OUTFILE: "PARENT
    CHILD", then per round the times before the write, after it and at the
    end of the spin) against latency --kind wakeup --pid CHILD --explain
    --json (EX, loaded): one wakeup of the child inside each write, woken by
    the parent in its write, running only after the spin, each latency the
    spin within TICK, each explanation naming the parent first for the
    spin's time (less the irqs in it) and adding up (tests/guest/41-timing.t
    on x86, 60-arm64.t on arm64)."""
    rounds = [list(map(int, l.split())) for l in open(outfile).read().split('\n')[1:] if l.strip()]
    g = [g for g in ex['groups'] if g['level'] == 'task' and g['sub'] == 'wakeup' and g['pid'] == chi]
    ins = g[0]['worst'] if g else []
    byround = []
    for r in rounds:
        m = [i for i in ins if r[0] <= i['start_ns'] <= r[1]]
        byround.append(m[0] if len(m) == 1 else None)
    ok(len(rounds) == 20 and all(byround),
       "%s: each of the 20 rounds has one wakeup of the child inside the parent's write (%d instances)"
       % (label, len(ins)))
    good = [i for i in byround if i]
    ok(good and all(i['waker'] and i['waker']['pid'] == par and i['waker']['mode'] == 'syscall' and
                    i['waker']['what_name'] == 'write' for i in good),
       "%s: the waker of each is the SCHED_FIFO parent in its write" % label)
    lat = [(dur(i), r[2] - r[1], i['end_ns'] - r[2], r[1] - i['start_ns'])
           for i, r in zip(byround, rounds) if i]
    print("%s: latency, spin, run after the spin, write after the wakeup (us): %s" %
          (label, [tuple(round(x / 1000, 1) for x in l) for l in lat[:5]]))
    ok(all(i['end_ns'] >= r[2] for i, r in zip(byround, rounds) if i),
       "%s: the child runs only after the spin ends, every round" % label)
    ok(lat and all(0 <= l[0] - l[1] < tick for l in lat),
       "%s: every wakeup latency equals the 10 ms spin within the guest's tick (%d ms): %s us"
       % (label, tick // 1000000, sorted(round((l[0] - l[1]) / 1000, 1) for l in lat)))
    okx = []
    for i, r in zip(byround, rounds):
        if not i:
            continue
        e = i['explanation']
        tasks = [t for t in e['totals'] if t['who'] == 'task']
        intr = sum(t['ns'] for t in e['totals'] if t['who'] in ('irq', 'softirq'))
        okx.append(check_explanation(e, lambda c, m: c, label) and tasks and
                   tasks[0]['pid'] == par and e['totals'][0].get('pid') == par and
                   tasks[0]['ns'] >= (r[2] - r[1]) - intr)
    ok(okx and all(okx), "%s: --explain names the FIFO parent first, for the spin's time (less the "
       "irqs that interrupted it), and its pieces add up to the latency, every round" % label)
