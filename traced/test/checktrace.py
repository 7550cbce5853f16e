#!/usr/bin/env python3
# checktrace.py DIR - prints facts about a trace directory, one per line,
# as "key value", for test/cli.sh.  Reads the trace through the tests' one
# view of the format, tests/lib/lttfmt.py (the layouts of ltt-abi.h).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tests', 'lib'))
import lttfmt  # noqa: E402

d = sys.argv[1]
h = open(os.path.join(d, 'header'), 'rb').read()
H = lttfmt.TRACE_HEADER.unpack(h)
magic, major, minor, flags = H['magic'], H['major'], H['minor'], H['flags']
start, end = H['start_ns'], H['end_ns']
m0, m1, m2, m3 = H['mask']
d0, d1, d2, d3 = H['details']
fflags, fpid, fpgrp, fgid, fuid, fres = H['filter']
smode, sdepth, slower, supper = H['syscall_ip']
F = lttfmt.TRACE_FLAGS


def flag(name):
    return int(bool(flags & F[name]))


print('header_len', len(h))
print('calcsize', lttfmt.TRACE_HEADER.size)
print('magic', hex(magic))
print('version', '%d.%d' % (major, minor))
print('order', H['byte_order'])
print('word', H['word_size'])
print('header_size', H['header_size'])
st = H['stacks']
print('stacks', '0x%x 0x%x %d %d' % (st[0], st[1], st[4], st[5]))
print('sample_hz', H['sample_hz'])
print('stack_syscalls', '0x%x' % H['stack_syscalls'][0])
print('ncpus', H['ncpus'])
print('command_pid', H['command_pid'])
print('clock_hz', H['clock_hz'])
print('buffer_size', H['buffer_size'])
print('buffer_count', H['buffer_count'])
print('complete', flag('complete'))
print('flight', flag('flight'))
print('no_cpu_id', flag('no_cpuid'))
print('full_records', flag('full_records'))
print('filtered', flag('filtered'))
print('mask0', hex(m0))
print('mask_high', hex(m1 | m2 | m3))
print('details', '%#x,%#x,%#x,%#x' % (d0, d1, d2, d3))
print('filter', 'flags=%#x pid=%d pgrp=%d gid=%d uid=%d reserved=%d'
      % (fflags, fpid, fpgrp, fgid, fuid, fres))
print('syscall_ip', 'mode=%d depth=%d lower=%#x upper=%#x'
      % (smode, sdepth, slower, supper))
print('capture_len', H['capture_len'])
print('start_call_us', H['start_call_us'])
print('start_ns', start)
print('end_ns', end)
print('times_ok', int(H['start_wall_ns'] > 0 and start > 0 and end >= start))
print('duration_ms', (end - start) // 1000000)
print('arch', H['arch'].rstrip(b'\0').decode())
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
BH = lttfmt.BUFFER_HEADER
while off < len(ev):
    if off + BH.size > len(ev):
        good = 0
        break
    b = BH.unpack(ev, off)
    cpu, seq, size = b['cpu'], b['seq'], b['data_size']
    if b['magic'] != lttfmt.BUFFER_MAGIC or off + BH.size + size > len(ev):
        good = 0
        break
    if cpu not in seqs:
        first[cpu] = seq
        if seq != 0 and not (flags & F['flight']):
            good = 0
    elif seq != seqs[cpu] + 1:
        good = 0
    seqs[cpu] = seq
    lastflags[cpu] = b['flags']
    percpu[cpu] = percpu.get(cpu, 0) + 1
    off += BH.size + size
    nbuf += 1
print('events_bytes', len(ev))
print('buffers', nbuf)
print('buffers_ok', good)
print('first_seqs', ','.join('%d' % first[c] for c in sorted(first)))
print('last_seqs', ','.join('%d' % seqs[c] for c in sorted(seqs)))
print('last_flushed', int(all(f & lttfmt.BUF_FLAGS['flushed'] for f in lastflags.values())
                          and len(lastflags) > 0))
lost = open(os.path.join(d, 'lost'), 'rb').read()
# one entry per CPU, of the size of the header's format (1.6: 8728 bytes)
LOST = lttfmt.lost_entry_size(minor)
entries = lttfmt.lost_entries(lost, minor)
print('lost_records', len(lost) // LOST if len(lost) % LOST == 0 else -1)
print('lost_total', sum(e['total'] for e in entries))
# LTT_TRACE_BUFFERS: each CPU's entry counts the buffers of that CPU in events
print('buffers_counted', int(bool(flags & F['buffers']) and len(lost) % LOST == 0 and
                             all(e['buffers'] == percpu.get(i, 0)
                                 for i, e in enumerate(entries))))
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
