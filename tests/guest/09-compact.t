#!/bin/bash
# Compact records (format 1.2, 1.3 for schedchange and wakeup): the same workload traced with every event,
# once by default (the module's write fast path), once with a filter that
# keeps every task of the workload and the system (--uid 0: the general
# write path, which also writes compact records) and once with traced
# --full-records.  The events files
# are parsed here, independently of the reader, with the bit layouts that
# ltt-abi.h documents:
#  - the module writes the compact form exactly when the values fit (a
#    full syscall_exit in the default trace is one whose return value
#    needs more than 22 bits: mmap's addresses), on both write paths,
#    and never with --full-records;
#  - every syscall, trap, irq, schedchange and wakeup record decoded here
#    equals what tracevisualizer shows for it (dump --json, by offset);
#  - the workload's own syscalls are the same in the three traces;
#  - the default trace is smaller by what the record sizes predict.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

NSYS=20000	# getppid calls

cat > "$share/run.sh" <<EOF
set -e
traced -q -o /mnt/share/compact -- ltt-getppid $NSYS > /mnt/share/compact.pid
traced -q -o /mnt/share/general --uid 0 -- ltt-getppid $NSYS > /mnt/share/general.pid
traced -q -o /mnt/share/full --full-records -- ltt-getppid $NSYS > /mnt/share/full.pid
EOF
vm_run "$share" 600 'sh /mnt/share/run.sh'
ok $? "guest traced the workload with compact records (fast and general path) and with full records"

for t in compact general full; do
	tracevisualizer dump --json --type syscall_entry,syscall_exit,trap_entry,irq_entry,irq_exit,schedchange,wakeup \
		"$share/$t" > "$share/$t.d.json"
	ok $? "$t: dump --json of the events that have a compact form"
	tracevisualizer summary --json "$share/$t" > "$share/$t.s.json"
	ok $? "$t: summary --json"
	conserved "$share/$t"
done

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$NSYS" <<'PY'
import sys, os
import lttfmt
from check import ok, load, done, parse_events
d, NSYS = sys.argv[1], int(sys.argv[2])
COMPACT = lttfmt.REC_COMPACT
FULL_RECORDS = lttfmt.TRACE_FLAGS['full_records']
# the event types with a compact form, by id: their names as dump shows them
IDS = {lttfmt.EVENTS[n].id: n for n in ('syscall_entry', 'syscall_exit', 'trap_entry',
                                        'irq_entry', 'irq_exit', 'schedchange', 'wakeup')}
EV = {n: i for i, n in IDS.items()}
SC_ENTRY, SC_EXIT, TRAP = EV['syscall_entry'], EV['syscall_exit'], EV['trap_entry']
IRQS, SCHED, WAKEUP = (EV['irq_entry'], EV['irq_exit']), EV['schedchange'], EV['wakeup']
CSIZE = dict(zip(IDS, (16, 12, 24, 12, 12, 20, 16)))	# record bytes, compact
FSIZE = dict(zip(IDS, (20, 20, 28, 16, 16, 28, 24)))	# and full
M48 = (1 << 48) - 1

def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v

def canon48(ip):
    return sext(ip, 48) & ((1 << 64) - 1) == ip

def full(rid, p):
    """the full payload as a dict of the fields dump --json shows (the
    payload struct's members)"""
    return lttfmt.payload(IDS[rid]).unpack(p)

def unprio(v):
    """a priority and policy in 11 bits: prio + 1 in 8, policy in 3"""
    return (v & 0xff) - 1, (v >> 8) & 7

def compact(rid, p):
    """the compact payload decoded with the documented bit layout"""
    c = lttfmt.COMPACT[lttfmt.EVENTS[IDS[rid]].compact].unpack(p)
    if rid == SC_ENTRY:
        v = c['ip_nr']
        return {'ip': sext(v, 48) & ((1 << 64) - 1), 'nr': v >> 48}
    if rid == SC_EXIT:
        v = c['ret_nr']
        return {'ret': sext(v, 22), 'nr': v >> 22}
    if rid == TRAP:
        v, addr = c['ip_vector_flags'], c['address']
        return {'ip': sext(v, 48) & ((1 << 64) - 1), 'address': addr,
                'vector': (v >> 48) & 0xff, 'flags': v >> 56}
    if rid in IRQS:
        v = c['irq_flags']
        return {'irq': v & 0xffffff, 'flags': v >> 24}
    if rid == SCHED:
        v, w = c['prev_next_state'], c['prio_policy']
        (pp, ppol), (np, npol) = unprio(w), unprio(w >> 11)
        return {'prev_pid': v & 0x3fffff, 'next_pid': (v >> 22) & 0x3fffff,
                'prev_state': sext(v >> 44, 20),
                'prev_prio': pp, 'prev_policy': ppol,
                'next_prio': np, 'next_policy': npol}
    v, w = c['pid_cpu_flags'], c['prio_policy']
    (pr, pol), (wpr, wpol) = unprio(w), unprio(w >> 11)
    return {'pid': v & 0x3fffff, 'cpu': (v >> 22) & 0xff, 'flags': v >> 30,
            'prio': pr, 'policy': pol, 'waker_prio': wpr, 'waker_policy': wpol}

def prio_fits(p, pol):
    return -1 <= p <= 254 and pol <= 7

def fits(rid, f):
    """would the module write this full payload in compact form?"""
    if rid == SC_ENTRY:
        return canon48(f['ip']) and f['nr'] <= 0xffff
    if rid == SC_EXIT:
        return -(1 << 21) <= f['ret'] < (1 << 21) and f['nr'] <= 0x3ff
    if rid == TRAP:
        return canon48(f['ip']) and f['vector'] <= 0xff and f['flags'] <= 0xff
    if rid in IRQS:
        return f['irq'] < (1 << 24) and f['flags'] <= 0xff
    if rid == SCHED:
        return (f['prev_pid'] < (1 << 22) and f['next_pid'] < (1 << 22)
                and -(1 << 19) <= f['prev_state'] < (1 << 19)
                and prio_fits(f['prev_prio'], f['prev_policy'])
                and prio_fits(f['next_prio'], f['next_policy']))
    return (f['pid'] < (1 << 22) and f['cpu'] <= 0xff and f['flags'] <= 3
            and prio_fits(f['prio'], f['policy'])
            and prio_fits(f['waker_prio'], f['waker_policy']))

def shown(rid, a):
    """the same fields from dump --json's args"""
    if rid == TRAP:
        return {'ip': a['ip'], 'address': a['address'], 'vector': a['vector'],
                'user': a['user']}
    if rid in IRQS:
        return {'irq': a['irq'], 'sysvec': a['sysvec']} | ({'user': a['user']} if rid == EV['irq_entry'] else {})
    if rid == WAKEUP:
        return {k: a[k] for k in ('pid', 'cpu', 'prio', 'policy', 'waker_prio',
                                  'waker_policy')}
    keys = {SC_ENTRY: ('ip', 'nr'), SC_EXIT: ('ret', 'nr'),
            SCHED: ('prev_pid', 'next_pid', 'prev_state', 'prev_prio', 'prev_policy',
                'next_prio', 'next_policy')}[rid]
    return {k: a[k] for k in keys}

def as_shown(rid, f):
    if rid == TRAP:
        return {'ip': f['ip'], 'address': f['address'], 'vector': f['vector'],
                'user': bool(f['flags'] & lttfmt.TRAP_USER)}
    if rid in IRQS:
        r = {'irq': f['irq'], 'sysvec': bool(f['flags'] & lttfmt.IRQ_SYSVEC)}
        return r | ({'user': bool(f['flags'] & lttfmt.IRQ_USER)} if rid == EV['irq_entry'] else {})
    if rid == WAKEUP:	# the policies: their SCHED_* numbers in JSON
        return {k: f[k] for k in ('pid', 'cpu', 'prio', 'policy', 'waker_prio',
                                  'waker_policy')}
    return dict(f)

traces = {}
for t in ('compact', 'general', 'full'):
    hdr = open(os.path.join(d, t, 'header'), 'rb').read()
    h = lttfmt.TRACE_HEADER.unpack(hdr)
    major, minor, hflags = h['major'], h['minor'], h['flags']
    ok((major, minor) == lttfmt.FORMAT, "%s: format %d.%d (%d.%d)" % ((t, major, minor) + lttfmt.FORMAT))
    ok(bool(hflags & FULL_RECORDS) == (t == 'full'),
       "%s: header flag LTT_TRACE_FULL_RECORDS %s" % (t, 'set' if t == 'full' else 'clear'))
    recs, nbytes, nbuf, good = parse_events(os.path.join(d, t, 'events'))
    ok(good, "%s: the events file parses exactly (%d buffers, %d records)" % (t, nbuf, len(recs)))
    traces[t] = recs, nbytes

C, csize = traces['compact']
F, fsize = traces['full']
cr = [r for r in C if r[0] in IDS]
ok(not any(r[1] & COMPACT for r in F), "full: no record is flagged LTT_REC_COMPACT")
ok(all(r[2] == FSIZE[r[0]] for r in F if r[0] in IDS),
   "full: each record of those types has the full size (%s bytes)"
   % '/'.join(map(str, FSIZE.values())))
ok(sum(1 for r in F if r[0] in IDS and fits(r[0], full(r[0], r[4]))) > NSYS,
   "full: the full trace has values that would fit (so --full-records really changed the form)")

for t in ('compact', 'general'):
    recs = traces[t][0]
    mine = [r for r in recs if r[0] in IDS]
    ok(not any(r[1] & COMPACT for r in recs if r[0] not in IDS),
       "%s: only the seven event types with a compact form are ever flagged compact" % t)
    ok(all(r[2] == (CSIZE if r[1] & COMPACT else FSIZE)[r[0]] for r in mine),
       "%s: each record of those types has its form's size (compact %s, full %s bytes)"
       % (t, '/'.join(map(str, CSIZE.values())), '/'.join(map(str, FSIZE.values()))))
    # the module compacts exactly when the values fit
    dec = {}
    for r in mine:
        dec[r[3]] = compact(r[0], r[4]) if r[1] & COMPACT else full(r[0], r[4])
    notfit = [r for r in mine if not r[1] & COMPACT]
    ok(all(not fits(r[0], dec[r[3]]) for r in notfit),
       "%s: every record of those types written in full has a value that does not fit "
       "(%d such records)" % (t, len(notfit)))
    big = [dec[r[3]]['ret'] for r in notfit if r[0] == SC_EXIT]
    ok(big and all(abs(v) >= 1 << 21 for v in big),
       "%s: there are full syscall exits (%d), all returning values beyond 22 bits (e.g. %#x)"
       % (t, len(big), big[0] & ((1 << 64) - 1) if big else 0))
    per = {i: sum(1 for r in mine if r[0] == i and r[1] & COMPACT) for i in IDS}
    ok(all(per[i] for i in (SC_ENTRY, SC_EXIT) + IRQS + (SCHED, WAKEUP)),
       "%s: compact records of every type the workload produces: %s"
       % (t, {IDS[i]: n for i, n in per.items()}))

# the reader shows exactly what the independent decoder finds
for t, recs in (('compact', C), ('general', traces['general'][0]), ('full', F)):
    ev = {e['offset']: e for e in load(os.path.join(d, t + '.d.json'))['events']}
    mine = [r for r in recs if r[0] in IDS]
    bad = [r[3] for r in mine
           if r[3] not in ev or ev[r[3]]['type'] != IDS[r[0]] or
           shown(r[0], ev[r[3]]['args']) !=
           as_shown(r[0], compact(r[0], r[4]) if r[1] & COMPACT else full(r[0], r[4]))]
    ok(mine and not bad and len(ev) == len(mine),
       "%s: tracevisualizer decodes all %d records of those types as the format says%s"
       % (t, len(mine), '' if not bad else ' (first mismatch at offset %d)' % bad[0]))

# the workload's syscalls: the same in the three traces
for t in ('compact', 'general', 'full'):
    pid = int(open(os.path.join(d, t + '.pid')).read().split()[0])
    evs = [e for e in load(os.path.join(d, t + '.d.json'))['events'] if e['pid'] == pid]
    ent = [e['args']['nr'] for e in evs if e['type'] == 'syscall_entry']
    ext = [(e['args']['nr'], e['args']['ret']) for e in evs if e['type'] == 'syscall_exit']
    ppid = {r for n, r in ext if n == 110}
    traces[t] = (ent, [n for n, _ in ext])
    ok(ent.count(110) == NSYS and len(ppid) == 1 and ppid.pop() > 0,
       "%s: %d getppid entries, and exits that all return the same parent pid" % (t, NSYS))
ok(traces['compact'] == traces['full'] == traces['general'],
   "the workload made the same syscalls, in the same order, in the three traces (%d entries)"
   % len(traces['full'][0]))
for t in ('compact', 'general', 'full'):
    s = load(os.path.join(d, t + '.s.json'))
    ok(s['events']['by_type'].get('syscall_entry', 0) >= NSYS,
       "%s: summary counts the syscall entries (%d)" % (t, s['events']['by_type'].get('syscall_entry', 0)))

# size: the full trace, less what compacting its own records would save
save = sum(FSIZE[r[0]] - CSIZE[r[0]] for r in F
           if r[0] in IDS and fits(r[0], full(r[0], r[4])))
pred = (fsize - save) / fsize
ratio = csize / fsize
print("events %d (full) -> %d bytes (compact), ratio %.4f, predicted %.4f" % (fsize, csize, ratio, pred))
ok(abs(ratio - pred) < 0.03, "the compact trace is %.1f%% smaller, as the record sizes predict (%.1f%%)"
   % (100 * (1 - ratio), 100 * (1 - pred)))
done()
PY
)
done_testing
