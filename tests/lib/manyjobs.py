#!/usr/bin/python3
"""manyjobs.py [N] - a trace of N (default 5000) jobs "ctl" of one task,
for the jobs graphs' columns (tests/host/jobs-many.t): one CPU; job k
begins at 200 us * k, runs 30 us, blocks, is woken at 40 us and ends at
50 us (execution 40 us, response 50 us), but for job TALL (response
90 us) and the jobs in MISS (response 150 us: over a 100 us deadline).
Prints the gen-trace description."""
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
T0 = 1000000000
US = 1000
MISS = (1234, 3001, 4999)
TALL = 2500
ev = []
for k in range(N):
    b = T0 + 200 * US * k
    end = b + (150 if k in MISS else 90 if k == TALL else 50) * US
    ev.append((b, "marker begin 10 10 1000 ctl 0"))
    ev.append((b + 30 * US, "sched 10 0 1"))
    ev.append((end - 10 * US, "wakeup 10 0 0"))
    ev.append((end - 10 * US + 1, "sched 0 10 0"))
    ev.append((end, "marker end 10 10 1000 ctl 0"))
out = ["header format=1.11 ncpus=1 end=%d" % (T0 + 200 * US * N),
       "proc PID: 1; PPID: 0; TGID: 1; NAME: init",
       "proc PID: 10; PPID: 1; TGID: 10; NAME: ctl"]
for i, e in enumerate(ev):         # a buffer per 1000 events (64 KiB each)
    if i % 1000 == 0:
        out.append("buf cpu=0 start=%d pid=10" % (T0 if i == 0 else e[0]))
    out.append("%d %s" % e)
print("\n".join(out))
