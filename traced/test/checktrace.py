#!/usr/bin/env python3
# checktrace.py DIR - prints facts about a trace directory, one per line,
# as "key value", for test/cli.sh.  Uses only the documented layout.
import os
import struct
import sys

d = sys.argv[1]
HDR = '<IHHBBHIIIIIQQQ4Q32s80s72s'
h = open(os.path.join(d, 'header'), 'rb').read()
(magic, major, minor, order, word, hsize, ncpus, clock_hz, bsize, bcount,
 flags, wall, start, end, m0, m1, m2, m3, arch, rel, host) = \
    struct.unpack_from(HDR, h)
print('header_len', len(h))
print('calcsize', struct.calcsize(HDR))
print('magic', hex(magic))
print('version', '%d.%d' % (major, minor))
print('order', order)
print('word', word)
print('header_size', hsize)
print('ncpus', ncpus)
print('clock_hz', clock_hz)
print('buffer_size', bsize)
print('buffer_count', bcount)
print('complete', flags & 1)
print('mask0', hex(m0))
print('times_ok', int(wall > 0 and start > 0 and end >= start))
print('duration_ms', (end - start) // 1000000)
print('arch', arch.rstrip(b'\0').decode())
# events: whole buffers, per-CPU seq increasing from 0
ev = open(os.path.join(d, 'events'), 'rb').read()
off = 0
nbuf = 0
seqs = {}
good = 1
while off < len(ev):
    if off + 48 > len(ev):
        good = 0
        break
    bm, cpu, bflags, seq, s_ns, e_ns, size, pid, lost = \
        struct.unpack_from('<IHHQQQIIQ', ev, off)
    if bm != 0x4C544242 or off + 48 + size > len(ev):
        good = 0
        break
    if seq != seqs.get(cpu, -1) + 1:
        good = 0
    seqs[cpu] = seq
    off += 48 + size
    nbuf += 1
print('events_bytes', len(ev))
print('buffers', nbuf)
print('buffers_ok', good)
lost = open(os.path.join(d, 'lost'), 'rb').read()
LOST = 8 + 8 + 8 + 64 * 8 + 512 * 8 * 2
print('lost_records', len(lost) // LOST if len(lost) % LOST == 0 else -1)
print('lost_total', sum(struct.unpack_from('<Q', lost, i * LOST + 8)[0]
                        for i in range(len(lost) // LOST)))
proc = open(os.path.join(d, 'proc')).read().splitlines()
print('proc_pid1', int(any(l.startswith('PID: 1; PPID: 0; TGID: 1; NAME: ')
                           for l in proc)))
print('proc_lines', len(proc))
