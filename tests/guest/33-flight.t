#!/bin/bash
# Flight recorder (traced --flight): with 4 buffers of 4 KiB per CPU and a
# workload pinned to CPU 1 that makes 200000 lseek(fd, i, SEEK_SET) calls
# (three records each: entry, fs_lseek, exit; 56 to 67 calls per buffer),
# the trace keeps only the most recent events: the lseeks it holds have
# contiguous offsets ending at exactly the last one (199999), the early
# ones are gone, CPU 1's buffers are its last ones (their sequence numbers
# are contiguous and do not start at 0), nothing is counted as lost, and
# the trace says it is a flight-recorder trace.  Then custom events, and
# an idle CPU's history kept by time-extension records (see below).
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
import sys, os
from check import ok, load, done
from lttfmt import BUFFER_HEADER as BH, BUFFER_MAGIC
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
lo, hi = (4096 - BH.size) // 72, (4096 - BH.size) // 60
ok(lo <= len(off) <= 4 * hi + 1,
   "between one and four buffers' worth of calls are kept (%d, %d to %d per buffer)"
   % (len(off), lo, hi))
ok(off and off[0] > 0, "the early ones are gone (the first kept is %s)" % (off[0] if off else None))
ex = [e for e in ev if e['type'] == 'syscall_exit' and e['args'].get('nr') == 8]
ok(ex and ex[-1]['args']['ret'] == N - 1, "the last lseek's exit returns %d" % (N - 1))

# CPU 1's buffers, from the events file: the last ones written
data = open(os.path.join(d, 't', 'events'), 'rb').read()
p, seqs = 0, {}
while p + BH.size <= len(data):
    h = BH.unpack(data, p)
    if h['magic'] != BUFFER_MAGIC:
        break
    seqs.setdefault(h['cpu'], []).append(h['seq'])
    p += BH.size + h['data_size']
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
#
# In the same boot, a CPU idle for more than 4.29 s (format 1.5): in a
# process group of their own, CPU 0 makes H lseeks (about 3.5 buffers of
# 16 KiB), then four 4.5 s sleeps, while CPU 1 records lseeks in a loop;
# the trace is filtered on that group (--pgrp), so that the guest's own
# kernel threads (rcu_sched wakes every few ms) do not switch in on CPU 0
# in between.  Each sleep's end comes more than 2^32 ns after the record
# before it, so the module writes a time-extension record before it in the
# open buffer: CPU 0's ring of 4 buffers still holds its lseek history.
# (Format 1.4 closed the buffer at each of the four gaps instead: four
# near-empty buffers, and the whole history overwritten.)
M=3000
H=2000
name=flight$RANDOM$RANDOM
cat > "$share/idle.sh" <<EOF
setsid taskset 1 sh -c 'echo \$\$ > /tmp/pg
	while [ ! -e /tmp/go ]; do usleep 10000; done
	taskset 2 sh -c "while [ ! -e /tmp/idle.done ]; do ltt-flight -c 1 /tmp/j 3000 > /dev/null; done" &
	taskset 1 ltt-flight -c 0 /tmp/i $H > /mnt/share/i.out
	taskset 1 sh -c "for i in 1 2 3 4; do ltt-sleep 4.5; done" > /mnt/share/i.sleep
	touch /tmp/idle.done' &
while [ ! -s /tmp/pg ]; do usleep 10000; done
taskset 2 traced -q --flight -b 16384 -n 4 -e syscall --pgrp \$(cat /tmp/pg) -o /mnt/share/i -- \\
	sh -c 'touch /tmp/go; while [ ! -e /tmp/idle.done ]; do usleep 100000; done'
EOF
vm_run "$share" 600 "traced -q --flight -b 4096 -n 4 -e custom -o /mnt/share/c -- sh -c 'taskset 2 ltt-custom -k -d /tmp/logged $name $M > /mnt/share/c.out & while [ ! -e /tmp/logged ]; do usleep 20000; done' && sh /mnt/share/idle.sh"
ok $? "guest logged $M custom events under a flight-recorder trace, then idled CPU 0 under another"
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

tracevisualizer dump --json "$share/i" > "$share/i.json"
ok $? "dump --json of the idle-CPU flight trace"
tracevisualizer summary --json "$share/i" > "$share/is.json"
ok $? "summary --json of the idle-CPU flight trace"
checks < <(PYTHONPATH=tests/lib python3 - "$share" "$H" <<'PY'
import sys, os
from check import ok, load, done
from lttfmt import BUFFER_HEADER as BH, BUFFER_MAGIC, BUF_FLAGS
d, H = sys.argv[1], int(sys.argv[2])
j = load(os.path.join(d, 'i.json'))
s = load(os.path.join(d, 'is.json'))
pid = int(open(os.path.join(d, 'i.out')).read().split()[0])
sleeps = [l.split() for l in open(os.path.join(d, 'i.sleep')).read().splitlines()]
t = j['trace']
ok(t.get('flight') is True and t['complete'], "a complete flight-recorder trace")
ok(s['lost']['total'] == 0, "no event counted as lost (%d)" % s['lost']['total'])
c0 = [e for e in j['events'] if e['cpu'] == 0]
rets = [e['args']['ret'] for e in c0 if e['type'] == 'syscall_exit' and e['pid'] == pid
        and e['args'].get('nr') == 8]
print("CPU 0: %d events, lseeks kept %d (%s..%s)" % (len(c0), len(rets), rets[0] if rets else None,
      rets[-1] if rets else None))
ok(bool(rets) and rets[-1] == H - 1, "CPU 0 still holds its last lseek (offset %d)" % (H - 1))
ok(rets == list(range(rets[0], H)) if rets else False, "its kept lseeks are contiguous up to it")
# a compact lseek (entry 16 + exit 12 bytes): 583 per 16 KiB buffer
two = 2 * ((16384 - 48) // 28)
ok(len(rets) >= two, "at least two buffers' worth of them (%d >= %d)" % (len(rets), two))
# CPU 0's buffers in the events file, as [first, end) byte ranges: a gap
# that ends a buffer needs no extension (the next buffer has its own time
# base), so a sleep whose switch out is the last record of a buffer has
# none (a clean-clone run saw it: 3 extensions for 4 sleeps)
data = open(os.path.join(d, 'i', 'events'), 'rb').read()
p, ranges0, b0 = 0, [], []
while p + BH.size <= len(data):
    h = BH.unpack(data, p)
    if h['magic'] != BUFFER_MAGIC:
        break
    if h['cpu'] == 0:
        ranges0.append((p + BH.size, p + BH.size + h['data_size']))
        b0.append((h['seq'], h['flags'], h['end_ns'] - h['start_ns']))
    p += BH.size + h['data_size']


def buf_of(e):
    return next((k for k, (a, b) in enumerate(ranges0) if a <= e['offset'] < b), None)


ext = [i for i, e in enumerate(c0) if e['type'] == 'time_ext']
ok(all(i + 1 < len(c0) and c0[i]['time_ns'] == c0[i]['args']['base_ns'] == c0[i + 1]['time_ns']
       for i in ext),
   "each extension's time is its base_ns and the time of the record it precedes")
# the sleeps: four (clock_)nanosleep calls of ltt-sleep, each measured
# by itself at 4.5 s or more; each one's exit comes right after an extension
slp = [(i, e) for i, e in enumerate(c0) if e['type'] == 'syscall_exit' and e['args'].get('nr') in (35, 230)
       and e['pid'] in [int(x[0]) for x in sleeps]]
ok(len(sleeps) == 4 and all(int(x[1]) >= 4500000000 for x in sleeps) and len(slp) == 4,
   "four sleeps of 4.5 s recorded on CPU 0 (%d)" % len(slp))
entries = {}
for i, e in enumerate(c0):
    if e['type'] == 'syscall_entry' and e['args'].get('nr') in (35, 230):
        entries[e['pid']] = i
# each sleep: the switch out, a time extension, the switch back in; or,
# when the switch back in opens the next buffer, no extension
def across(i, e):
    seq = [x for x in c0[entries[e['pid']] + 1:i]]
    types = [x['type'] for x in seq]
    if types == ['schedchange', 'time_ext', 'schedchange']:
        return 'ext'
    if types == ['schedchange', 'schedchange'] and buf_of(seq[0]) != buf_of(seq[1]):
        return 'buffer'
    return None


how = [across(i, e) if e['pid'] in entries else None for i, e in slp]
print("the sleeps' gaps: %s" % how)
ok(len(slp) == 4 and None not in how and how.count('ext') >= 3,
   "between each sleep's entry and exit: the switch out, a time extension, the switch back "
   "in (or the next buffer: at most one of the four) (%s)" % how)
ok(len(ext) >= how.count('ext'), "CPU 0 has a time extension per gap within a buffer (%d >= %d)"
   % (len(ext), how.count('ext')))
entries = {p: c0[i]['time_ns'] for p, i in entries.items()}
ok(all(e['time_ns'] - entries.get(e['pid'], e['time_ns']) >= 4500000000 for _, e in slp),
   "the reader's times across each extension: every sleep lasts 4.5 s or more")
# CPU 0's buffers in the events file: consecutive, none closed on a gap
print("CPU 0 buffers (seq, flags, span ns): %s" % b0)
ok(p == len(data) and 1 <= len(b0) <= 4 and [b[0] for b in b0] == list(range(b0[0][0], b0[0][0] + len(b0))),
   "CPU 0: at most 4 buffers, consecutive")
ok(all(not b[1] & BUF_FLAGS['time_split'] for b in b0), "no CPU 0 buffer closed on a time gap (LTT_BUF_TIME_SPLIT)")
ok(any(b[2] > 0xFFFFFFFF for b in b0), "a CPU 0 buffer spans more than 2^32 ns")
done()
PY
)
done_testing
