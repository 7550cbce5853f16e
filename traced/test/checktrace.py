#!/usr/bin/env python3
# checktrace.py DIR - prints facts about a trace directory, one per line,
# as "key value", for test/cli.sh.  Uses only the documented layout.
import os
import struct
import sys

d = sys.argv[1]
# format 1.0 part, then the 1.1 configuration (details, filter,
# syscall_ip, capture_len, and 1.6's start_call_us)
HDR = '<IHHBBHIIIIIQQQ4Q32s80s72s' + '4Q' + 'IiiIII' + 'IIQQ' + 'II'
h = open(os.path.join(d, 'header'), 'rb').read()
(magic, major, minor, order, word, hsize, ncpus, clock_hz, bsize, bcount,
 flags, wall, start, end, m0, m1, m2, m3, arch, rel, host,
 d0, d1, d2, d3, fflags, fpid, fpgrp, fgid, fuid, fres,
 smode, sdepth, slower, supper, caplen, hres) = \
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
print('flight', (flags >> 1) & 1)
print('no_cpu_id', (flags >> 2) & 1)
print('full_records', (flags >> 4) & 1)
print('filtered', (flags >> 3) & 1)
print('mask0', hex(m0))
print('mask_high', hex(m1 | m2 | m3))
print('details', '%#x,%#x,%#x,%#x' % (d0, d1, d2, d3))
print('filter', 'flags=%#x pid=%d pgrp=%d gid=%d uid=%d reserved=%d'
      % (fflags, fpid, fpgrp, fgid, fuid, fres))
print('syscall_ip', 'mode=%d depth=%d lower=%#x upper=%#x'
      % (smode, sdepth, slower, supper))
print('capture_len', caplen)
print('start_call_us', hres)
print('times_ok', int(wall > 0 and start > 0 and end >= start))
print('duration_ms', (end - start) // 1000000)
print('arch', arch.rstrip(b'\0').decode())
# events: whole buffers, per-CPU seq consecutive (from 0 unless a flight
# recorder trace, which keeps the last ones); the last of each CPU flushed
ev = open(os.path.join(d, 'events'), 'rb').read()
off = 0
nbuf = 0
seqs = {}
first = {}
lastflags = {}
percpu = {}
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
    if cpu not in seqs:
        first[cpu] = seq
        if seq != 0 and not (flags & 2):
            good = 0
    elif seq != seqs[cpu] + 1:
        good = 0
    seqs[cpu] = seq
    lastflags[cpu] = bflags
    percpu[cpu] = percpu.get(cpu, 0) + 1
    off += 48 + size
    nbuf += 1
print('events_bytes', len(ev))
print('buffers', nbuf)
print('buffers_ok', good)
print('first_seqs', ','.join('%d' % first[c] for c in sorted(first)))
print('last_seqs', ','.join('%d' % seqs[c] for c in sorted(seqs)))
print('last_flushed', int(all(f & 1 for f in lastflags.values())
                          and len(lastflags) > 0))
lost = open(os.path.join(d, 'lost'), 'rb').read()
LOST = 8 + 8 + 8 + 64 * 8 + 512 * 8 * 2
print('lost_records', len(lost) // LOST if len(lost) % LOST == 0 else -1)
print('lost_total', sum(struct.unpack_from('<Q', lost, i * LOST + 8)[0]
                        for i in range(len(lost) // LOST)))
# LTT_TRACE_BUFFERS: each CPU's entry counts the buffers of that CPU in events
print('buffers_counted', int(bool(flags & 0x20) and len(lost) % LOST == 0 and
                             all(struct.unpack_from('<I', lost, i * LOST + 4)[0] ==
                                 percpu.get(i, 0) for i in range(len(lost) // LOST))))
proc = open(os.path.join(d, 'proc')).read().splitlines()
print('proc_pid1', int(any(l.startswith('PID: 1; PPID: 0; TGID: 1; NAME: ')
                           for l in proc)))
print('proc_lines', len(proc))
print('proc_netdevs', sum(1 for l in proc if l.startswith('NETDEV: ')))
print('proc_netdev_lo', int('NETDEV: 1; NAME: lo' in proc))
# format 1.6: the file the daemon's own stdin named at START (its FD line)
me = [l.split(';')[2].split()[1] for l in proc
      if l.startswith('PID: ') and l.endswith('; NAME: traced-fake')]
print('proc_fd0', ' | '.join(l.split('; PATH: ', 1)[1] for l in proc
                             if me and l.startswith('FD: 0; TGID: %s; CLOEXEC: 0; PATH: ' % me[0])))
