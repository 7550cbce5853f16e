#!/usr/bin/python3
"""A trace of two periodic jobs and a thief, for the jobs views' tests
(tui-jobs.t, gtk-jobs.t): two CPUs.  On CPU 0, 'ctl' (pid 10) runs a job
"ctl" of 2 ms of execution every 10 ms from 5 ms, 8 times; in its 3rd and
6th job the 'hog' (pid 30) takes the CPU from 1 ms into it for 3 ms (the
job is runnable meanwhile), so that those two respond in 5 ms, the others
in 2 ms.  On CPU 1, 'log' (pid 20) runs from 20 to 60 ms, with 3 jobs
"io" of 1, 2 and 3 ms (all execution) in it.  Prints the gen-trace
description; the times are in milliseconds from T0."""
T0 = 1000000000
MS = 1000000
STOLEN = (2, 5)                     # the jobs (from 0) the hog preempts
out = ["header format=1.11 ncpus=2 end=%d" % (T0 + 90 * MS),
       "proc PID: 1; PPID: 0; TGID: 1; NAME: init",
       "proc PID: 10; PPID: 1; TGID: 10; NAME: ctl",
       "proc PID: 20; PPID: 1; TGID: 20; NAME: log",
       "proc PID: 30; PPID: 1; TGID: 30; NAME: hog"]
cpu = {0: [], 1: []}


def at(c, ms, text):
    cpu[c].append((T0 + int(round(ms * MS)), text))


for i in range(8):
    b = 5 + 10 * i                  # ctl's job i from b
    at(0, b - 0.1, "sched 0 10 0")
    at(0, b, "marker begin 10 10 1000 ctl 0")
    end = b + 2
    if i in STOLEN:
        at(0, b + 1, "wakeup 30 0 0")
        at(0, b + 1.001, "sched 10 30 0")
        at(0, b + 4.001, "sched 30 10 1")
        end = b + 5.001
    at(0, end, "marker end 10 10 1000 ctl 0")
    at(0, end + 0.1, "sched 10 0 1")
at(1, 20, "sched 0 20 0")
for k, (b, d) in enumerate(((25, 1), (35, 2), (45, 3))):
    at(1, b, "marker begin 20 20 1000 io 0")
    at(1, b + d, "marker end 20 20 1000 io 0")
at(1, 60, "sched 20 0 1")
for c in (0, 1):
    out.append("buf cpu=%d start=%d pid=0" % (c, T0))
    for t, text in sorted(cpu[c], key=lambda x: x[0]):
        out.append("%d %s" % (t, text))
print("\n".join(out))
