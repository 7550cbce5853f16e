#!/usr/bin/env python3
# late-buffers.py FILE - writes the buffers of a fake device (FAKE_BUFFERS,
# fake-device.c) for a trace whose events file fails part way (a file size
# limit): 9 buffers of about 160 KiB, CPUs 0 and 1 in turn, 10 ms each,
# of a task's getppid calls every 2 us; the last but one (CPU 1, 70 to
# 80 ms) also holds the exit of task X with code 1 << 8 (exit(1)) at
# 74 ms, long after the first buffers that do not fit (a limit that
# lets the trace's other files be written: its proc snapshot alone is
# tens of KiB on a busy machine).  Times count from START; pids above
# pid_max.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakebuf import buffer, payload, rec, sc  # noqa: E402

MS, US = 1000000, 1000
P, X = 5000800, 5000900
GETPPID = 110

bufs = []
for k in range(9):
    t0 = k * 10 * MS
    recs = [rec(t0, 'trace_start', payload('trace_start', pid=P, cpu=k % 2))] if k < 2 else []
    for i in range(1, 4000):
        t = t0 + i * 2 * US
        recs += [sc(t, GETPPID), sc(t + 1 * US, GETPPID, 1)]
        if k == 7 and i == 2000:
            recs.append(rec(t + 1500, 'exit', payload('process_exit', pid=X, code=256)))
    bufs.append(buffer(k % 2, k // 2, P, t0 + 10 * MS, recs))
with open(sys.argv[-1], 'wb') as f:
    for b in bufs:
        f.write(b)
