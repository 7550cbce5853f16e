#!/usr/bin/python3
"""A trace with application markers, for the views' tests (graph-marks.t,
tui-marks.t, gtk-marks.t): one CPU, 'ctl' (pid 10) runs a control loop of
4 jobs "job" of 2 ms every 10 ms (the third with a "step" job nested in
it), a mark "tick" with a text in each, and its counter "queue" (the
values in QUEUE at the job's begin, twice them just before its end); 'log' (pid 20) writes a
counter "temp" twice, an end of "io" with no begin, and a begin of "sync"
with no end.  Between them the CPU idles.  Prints the gen-trace
description; the times are in milliseconds from T0."""
T0 = 1000000000
MS = 1000000
QUEUE = [3, 7, -2, 12]
out = ["header format=1.11 ncpus=1 end=%d" % (T0 + 50 * MS),
       "proc PID: 1; PPID: 0; TGID: 1; NAME: init",
       "proc PID: 10; PPID: 1; TGID: 10; NAME: ctl",
       "proc PID: 20; PPID: 1; TGID: 20; NAME: log",
       "buf cpu=0 start=%d pid=0" % T0]
ev = []


def at(ms, text):
    ev.append((T0 + int(ms * MS), text))


for i in range(4):
    b = 5 + 10 * i                  # ctl's job i: [b, b + 2] ms
    at(b - 0.1, "sched 0 10 0")
    at(b, "marker begin 10 10 1000 job 0")
    at(b + 0.01, "marker counter 10 10 1000 queue %d" % QUEUE[i])
    at(b + 1, "marker mark 10 10 1000 tick 0 step %d" % i)
    if i == 2:
        at(b + 0.5, "marker begin 10 10 1000 step 0")
        at(b + 1.5, "marker end 10 10 1000 step 0")
    at(b + 1.9, "marker counter 10 10 1000 queue %d" % (QUEUE[i] * 2))
    at(b + 2, "marker end 10 10 1000 job 0")
    at(b + 2.1, "sched 10 0 1")
# log: between ctl's jobs
at(1, "sched 0 20 0")
at(1.2, "marker counter 20 20 1000 temp 40")
at(1.5, "marker end 20 20 1000 io 0")
at(2, "sched 20 0 1")
at(40, "sched 0 20 0")
at(41, "marker counter 20 20 1000 temp 55")
at(42, "marker begin 20 20 1000 sync 0")
at(43, "sched 20 0 1")
for t, text in sorted(ev, key=lambda x: x[0]):
    out.append("%d %s" % (t, text))
print("\n".join(out))
