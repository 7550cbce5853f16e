#!/usr/bin/env python3
# gap-buffers.py [--no-lost] FILE - writes the buffers of a fake device (FAKE_BUFFERS,
# fake-device.c) with a gap of lost events: CPU 0's second buffer counts
# 500 events lost before it, from its first buffer's end (30 ms) to its
# start (60 ms).  Task A's read begun at 20 ms ends at 60 ms, after the
# gap (the 40 ms are two reads or more: their exit and entry were lost);
# task B's read begun at 45 ms on CPU 1, inside the gap, ends at 95 ms.
# Neither has a latency.  Task A's read from 70 to 82 ms, after the gap,
# does: 12 ms.  CPU 1's first buffer is handed out before CPU 0's second:
# traced holds CPU 1's events past 30 ms (CPU 0 has not passed them) until
# it knows of the gap.  With --no-lost, the same buffers without the count
# (the 40 ms then taken for one read).  Times count from START; pids above
# pid_max.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakebuf import buffer, payload, rec, sc, sw  # noqa: E402

MS = 1000000
A, B, OTHER = 5000500, 5000600, 5000700
READ = 0

cpu0_a = buffer(0, 0, A, 30 * MS, [
    rec(10 * MS, 'trace_start', payload('trace_start', pid=A, cpu=0)),
    sc(20 * MS, READ),
    rec(30 * MS, 'wakeup', payload('process_wakeup', pid=OTHER, cpu=0)),
])
cpu1_a = buffer(1, 0, B, 50 * MS, [
    rec(10 * MS, 'trace_start', payload('trace_start', pid=B, cpu=1)),
    sc(40 * MS, READ),
    sc(41 * MS, READ, 1),
    sc(45 * MS, READ),
    sw(50 * MS, B, OTHER),
])
cpu0_b = buffer(0, 1, A, 82 * MS, [
    sc(60 * MS, READ, 1),
    sc(70 * MS, READ),
    sc(82 * MS, READ, 1),
], lost=0 if sys.argv[1] == '--no-lost' else 500)
cpu1_b = buffer(1, 1, OTHER, 95 * MS, [
    sw(90 * MS, OTHER, B),
    sc(95 * MS, READ, 1),
])
with open(sys.argv[-1], 'wb') as f:
    for b in (cpu0_a, cpu1_a, cpu0_b, cpu1_b):
        f.write(b)
