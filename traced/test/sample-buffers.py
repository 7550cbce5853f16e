#!/usr/bin/env python3
# sample-buffers.py FILE - writes the buffers of a fake device
# (FAKE_BUFFERS, fake-device.c) for the sample of a heavy logging (log ...
# or M matched + U unmatched, docs/triggers.md): task 5000500 on CPU 0
# reads, one read every 100 ms from 10 s after START, each in a buffer of
# its own, with the latencies of LATENCIES (ms); CPU 1 switches between
# two other tasks meanwhile, a buffer for each of CPU 0's.  Times count
# from START; 10 s ahead, so that every read after the firing is after
# the logging began, however slow the host.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakebuf import buffer, payload, rec, sc, sw  # noqa: E402,F401

MS = 1000000
T0 = 10000 * MS
READER, A, B = 5000500, 5000600, 5000700
READ = 0
# a read of 10 ms fires "latency > 5ms"; then 3 slow and 3 fast ones
# interleaved, the sample complete at the 40 ms read; then more
LATENCIES = [1, 1, 1, 10, 1, 20, 2, 30, 1, 40, 1, 1, 50, 1]


with open(sys.argv[1], 'wb') as f:
    for i, lat in enumerate(LATENCIES):
        t = T0 + i * 100 * MS
        r0 = [sc(t, READ), sc(t + lat * MS, READ, 1)]
        r1 = [sw(t + 60 * MS, A if i % 2 else B, B if i % 2 else A)]
        if i == 0:
            r0.insert(0, rec(t - MS, 'trace_start', payload('trace_start', pid=READER, cpu=0)))
            r1.insert(0, rec(t - MS, 'trace_start', payload('trace_start', pid=A, cpu=1)))
        f.write(buffer(0, i, READER, t + 99 * MS, r0))
        f.write(buffer(1, i, A, t + 99 * MS, r1))
