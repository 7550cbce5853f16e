#!/bin/bash
# Flight recorder (traced --flight): with 4 buffers of 4 KiB per CPU and a
# workload pinned to CPU 1 that makes 200000 lseek(fd, i, SEEK_SET) calls
# (three records each: entry, fs_lseek, exit; 56 to 67 calls per buffer),
# the trace keeps only the most recent events: the lseeks it holds have
# contiguous offsets ending at exactly the last one (199999), the early
# ones are gone, CPU 1's buffers are its last ones (their sequence numbers
# are contiguous and do not start at 0), nothing is counted as lost, and
# the trace says it is a flight-recorder trace.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

N=200000
vm_run "$share" 600 "traced -q --flight -b 4096 -n 4 -e syscall,fs -o /mnt/share/t -- ltt-flight -c 1 /tmp/f $N > /mnt/share/out 2> /mnt/share/err"
ok $? "guest ran $N lseeks under a flight-recorder trace"
[ -s "$share/err" ] && diag "$(cat "$share/err")"
tracevisualizer summary --json "$share/t" > "$share/s.json"
ok $? "summary --json"
tracevisualizer summary "$share/t" > "$share/s.txt"
ok $? "summary (text)"
grep -qi "flight recorder trace" "$share/s.txt"
ok $? "the text summary says it is a flight recorder trace"
read -r pid fd < "$share/out"
tracevisualizer dump --json --pid "$pid" --type fs_lseek,syscall_entry,syscall_exit "$share/t" > "$share/d.json"
ok $? "dump --json of the workload's events"

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$N" "$fd" <<'PY'
import sys, os, struct
from check import ok, load, done
d, N, fd = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
s = load(os.path.join(d, 's.json'))
j = load(os.path.join(d, 'd.json'))
t = j['trace']
ok(t.get('flight') is True, "TRACEINFO: flight is true")
ok(t['buffer_size'] == 4096 and t['buffer_count'] == 4, "TRACEINFO: 4 buffers of 4096 bytes")
ok(t['complete'], "the trace is complete")
ok(s['lost']['total'] == 0, "no event counted as lost (%d)" % s['lost']['total'])
ev = j['events']
seeks = [e for e in ev if e['type'] == 'fs_lseek']
off = [e['args']['offset'] for e in seeks]
print("lseeks kept: %d, offsets %s..%s" % (len(off), off[0] if off else None, off[-1] if off else None))
ok(all(e['args']['fd'] == fd and e['args']['whence'] == 0 and e['args']['ret'] == e['args']['offset']
       and e['cpu'] == 1 for e in seeks), "every kept lseek is the workload's, on CPU 1")
ok(off and off[-1] == N - 1, "the last lseek (offset %d) is there" % (N - 1))
ok(off == list(range(off[0], N)) if off else False, "the kept offsets are contiguous up to it")
# one 4 KiB buffer holds (4096 - 48) / (16 + 32 + 12) = 67 calls with the
# compact syscall records the module writes (the offsets all fit), 56 with
# full ones (20 + 32 + 20): at most four buffers of them (and a bit of the
# one the calls began in), at least one
lo, hi = (4096 - 48) // 72, (4096 - 48) // 60
ok(lo <= len(off) <= 4 * hi + 1,
   "between one and four buffers' worth of calls are kept (%d, %d to %d per buffer)"
   % (len(off), lo, hi))
ok(off and off[0] > 0, "the early ones are gone (the first kept is %s)" % (off[0] if off else None))
ex = [e for e in ev if e['type'] == 'syscall_exit' and e['args'].get('nr') == 8]
ok(ex and ex[-1]['args']['ret'] == N - 1, "the last lseek's exit returns %d" % (N - 1))

# CPU 1's buffers, from the events file: the last ones written
data = open(os.path.join(d, 't', 'events'), 'rb').read()
p, seqs = 0, {}
while p + 48 <= len(data):
    magic, cpu, fl, seq, t0, t1, dsize = struct.unpack_from('<IHHQQQI', data, p)
    if magic != 0x4C544242:
        break
    seqs.setdefault(cpu, []).append(seq)
    p += 48 + dsize
ok(p == len(data), "the events file is a sequence of whole buffers")
c1 = seqs.get(1, [])
print("buffers by CPU: %s" % {c: v for c, v in seqs.items()})
ok(1 <= len(c1) <= 4 and c1 == list(range(c1[0], c1[0] + len(c1))),
   "CPU 1: at most 4 buffers, consecutive sequence numbers, oldest first (%s)" % c1)
ok(c1 and c1[0] > 0, "CPU 1's first buffers were overwritten (first kept: %s)" % (c1[0] if c1 else None))
done()
PY
)

# Custom events in a flight trace: the type's declaration written at START
# is overwritten long before the end; the module declares the live types
# again at STOP, so the instances kept are still decoded by name.
# ltt-custom is pinned to CPU 1: the kept instances are then the last ones
# of one CPU's buffers (a migration would leave older ones on the other
# CPU's last buffers, a gap in the sequence).
M=3000
name=flight$RANDOM$RANDOM
vm_run "$share" 600 "traced -q --flight -b 4096 -n 4 -e custom -o /mnt/share/c -- sh -c 'taskset 2 ltt-custom -k -d /tmp/logged $name $M > /mnt/share/c.out & while [ ! -e /tmp/logged ]; do usleep 20000; done'"
ok $? "guest logged $M custom events under a flight-recorder trace"
tracevisualizer dump --json --custom "$name" "$share/c" > "$share/c.json"
ok $? "dump --json --custom $name"
tracevisualizer dump --json --type custom_create "$share/c" > "$share/cc.json"
ok $? "dump --json of the declarations"
checks < <(PYTHONPATH=tests/lib python3 - "$share" "$M" "$name" <<'PY'
import sys, os
from check import ok, load, done
d, M, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ev = load(os.path.join(d, 'c.json'))['events']
decl = [e for e in load(os.path.join(d, 'cc.json'))['events'] if e['args'].get('name') == name]
seq = [e['args']['fields']['seq'] for e in ev if 'fields' in e['args']]
print("instances kept: %d, seq %s..%s, declarations kept: %d" %
      (len(ev), seq[0] if seq else None, seq[-1] if seq else None, len(decl)))
ok(bool(ev) and bool(decl) and all(e['time_ns'] > ev[-1]['time_ns'] for e in decl),
   "the only declarations kept come after the last instance (written at STOP)")
ok(len(ev) > 0 and len(seq) == len(ev), "every kept instance is decoded by its type (%d)" % len(ev))
ok(bool(seq) and seq[-1] == M - 1 and seq == list(range(seq[0], M)),
   "the kept instances are the last ones, contiguous up to %d" % (M - 1))
ok(bool(seq) and seq[0] > 0, "the early instances are gone (first kept: %s)" % (seq[0] if seq else None))
ok(all(e['args']['fields']['label'] == 'item-%d' % e['args']['fields']['seq'] for e in ev),
   "their labels match their sequence numbers")
done()
PY
)
done_testing
