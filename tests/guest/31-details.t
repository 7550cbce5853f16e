#!/bin/bash
# The details mask (traced --no-details): the same workload traced twice,
# once with the payload of a class dropped.  The second trace is smaller by
# what the record sizes predict (a syscall record is 20 bytes with its
# payload, or 16 and 12 in the compact forms of entry and exit, and 8
# without; an fs_lseek record 32 and 8), every record of the
# class is a bare header flagged LTT_REC_NO_DETAILS, and the analyzer still
# counts every one of them (the workload's own events: the same counts in
# both traces) and shows them with "details": false.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

NSYS=20000	# getppid calls
NSEEK=5000	# lseek calls

cat > "$share/run.sh" <<EOF
set -e
traced -q -o /mnt/share/sys.full -e syscall -- ltt-getppid $NSYS > /mnt/share/sys.full.pid
traced -q -o /mnt/share/sys.bare -e syscall --no-details syscall -- ltt-getppid $NSYS > /mnt/share/sys.bare.pid
traced -q -o /mnt/share/fs.full -e fs -- ltt-flight /tmp/f $NSEEK > /mnt/share/fs.full.pid
traced -q -o /mnt/share/fs.bare -e fs --no-details fs -- ltt-flight /tmp/f $NSEEK > /mnt/share/fs.bare.pid
EOF
vm_run "$share" 600 'sh /mnt/share/run.sh'
ok $? "guest traced each workload with and without details"

for t in sys.full sys.bare fs.full fs.bare; do
	tracevisualizer summary --json "$share/$t" > "$share/$t.s.json"
	ok $? "$t: summary --json"
done
for t in sys.full sys.bare; do
	tracevisualizer dump --json --pid "$(cut -d' ' -f1 "$share/$t.pid")" \
		--type syscall_entry,syscall_exit "$share/$t" > "$share/$t.d.json"
	ok $? "$t: dump --json of the workload's syscalls"
done
for t in fs.full fs.bare; do
	tracevisualizer dump --json --type fs_lseek "$share/$t" > "$share/$t.d.json"
	ok $? "$t: dump --json of the lseeks"
done

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$NSYS" "$NSEEK" <<'PY'
import sys, os
import lttfmt
from check import ok, load, done, parse_events
d, NSYS, NSEEK = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
FS_NAMES = ('fs_open', 'fs_close', 'fs_read', 'fs_write', 'fs_lseek', 'fs_ioctl',
            'fs_select', 'fs_poll', 'fs_buf_wait_start', 'fs_buf_wait_end')
NAMES = {lttfmt.EVENTS[n].id: n for n in ('syscall_entry', 'syscall_exit') + FS_NAMES}
ID = {n: i for i, n in NAMES.items()}
SC = (ID['syscall_entry'], ID['syscall_exit'])
NO_DETAILS = lttfmt.REC_NO_DETAILS
COMPACT = lttfmt.REC_COMPACT
RH = lttfmt.RECORD_HEADER.size	# a bare record: its header alone
COMPACT_SIZE = dict(zip(SC, (16, 12)))

def parse(trace):
    """Records of an events file, straight from the format: (id, flags, size, ...)."""
    return parse_events(os.path.join(d, trace, 'events'))

def byid(recs, ids):
    return [r for r in recs if r[0] in ids]

# per class: its ids (all recorded bare without details) and the ids
# whose full record size is fixed (the workload's)
FS = tuple(ID[n] for n in FS_NAMES)	# fs_open .. fs_buf_wait_end
for cls, cids, full_size in (('sys', SC, dict(zip(SC, (20, 20)))), ('fs', FS, {ID['fs_lseek']: 32})):
    ids = tuple(full_size)
    F, fsize, fbuf, fgood = parse(cls + '.full')
    B, bsize, bbuf, bgood = parse(cls + '.bare')
    ok(fgood and bgood, "%s: both events files parse exactly (%d and %d buffers)" % (cls, fbuf, bbuf))
    fc, bc = byid(F, ids), byid(B, ids)
    ok(fc and all(r[1] & NO_DETAILS == 0 and
                  r[2] == (COMPACT_SIZE[r[0]] if r[1] & COMPACT else full_size[r[0]])
                  for r in fc),
       "%s: with details, every %s record has its payload (%s bytes, or compact)"
       % (cls, '/'.join(NAMES[i] for i in ids), '/'.join(str(full_size[i]) for i in ids)))
    ok(all(r[1] & NO_DETAILS == 0 for r in byid(F, cids)),
       "%s: with details, no record of the class is flagged NO_DETAILS" % cls)
    ok(bc and all(r[1] & NO_DETAILS and r[2] == RH for r in byid(B, cids)),
       "%s: without, every record of the class is a bare 8-byte header flagged NO_DETAILS"
       " (%d records)" % (cls, len(byid(B, cids))))
    ok(all(r[1] & NO_DETAILS == 0 for r in B if r[0] not in cids),
       "%s: the other events keep their payload" % cls)
    # size prediction: the full trace minus what the class's payloads took
    saved = sum(r[2] - RH for r in byid(F, cids))
    pred = (fsize - saved) / fsize
    ratio = bsize / fsize
    print("%s: events %d -> %d bytes, ratio %.4f, predicted %.4f" % (cls, fsize, bsize, ratio, pred))
    ok(bsize < fsize, "%s: the trace without details is smaller (%d < %d bytes)" % (cls, bsize, fsize))
    ok(abs(ratio - pred) < 0.03, "%s: by the ratio the record sizes predict (%.3f vs %.3f)"
       % (cls, ratio, pred))
    for t, recs in (('full', F), ('bare', B)):
        s = load(os.path.join(d, '%s.%s.s.json' % (cls, t)))
        bt = s['events']['by_type']
        ok(all(bt.get(NAMES[i], 0) == len(byid(recs, (i,))) for i in cids),
           "%s.%s: summary counts every record of the class (%s)"
           % (cls, t, {NAMES[i]: bt.get(NAMES[i], 0) for i in cids if bt.get(NAMES[i])}))
        dm = s['trace'].get('details_mask', [])
        want = t == 'full'
        ok(all((NAMES[i] in dm) == want for i in cids) and 'schedchange' in dm,
           "%s.%s: TRACEINFO details_mask %s the class" % (cls, t, 'has' if want else 'lacks'))

# the workload's own events: the same number with and without details
sys_full = load(os.path.join(d, 'sys.full.d.json'))['events']
sys_bare = load(os.path.join(d, 'sys.bare.d.json'))['events']
for ty in ('syscall_entry', 'syscall_exit'):
    a = sum(1 for e in sys_full if e['type'] == ty)
    b = sum(1 for e in sys_bare if e['type'] == ty)
    ok(a == b and a >= NSYS, "the workload's %s: %d with details, %d without" % (ty, a, b))
ok(sum(1 for e in sys_full if e['type'] == 'syscall_entry' and e['args'].get('nr') == 110) == NSYS
   and all(e.get('details') is not False for e in sys_full),
   "with details: %d getppid entries, decoded" % NSYS)
ok(all(e.get('details') is False and e['args'] == {} for e in sys_bare),
   "without: every one shows \"details\": false and empty args")
fl = load(os.path.join(d, 'fs.full.d.json'))['events']
fb = load(os.path.join(d, 'fs.bare.d.json'))['events']
fpid = int(open(os.path.join(d, 'fs.full.pid')).read().split()[0])
bpid = int(open(os.path.join(d, 'fs.bare.pid')).read().split()[0])
ok([e['args'].get('offset') for e in fl if e['pid'] == fpid] == list(range(NSEEK)),
   "with details: the workload's %d lseeks with offsets 0..%d" % (NSEEK, NSEEK - 1))
wb = [e for e in fb if e['pid'] == bpid]
ok(len(wb) == NSEEK and all(e.get('details') is False and e['args'] == {} for e in wb),
   "without: its %d lseeks are counted, \"details\": false (%d)" % (NSEEK, len(wb)))
done()
PY
)
done_testing
