#!/usr/bin/python3
"""gtk-analysis trace: two CPUs; 'cat' (pid 5) reads with durations spread
over many log2 buckets, opens files, sleeps, takes a local timer irq with a
softirq at its exit; 'make' (pid 6) and its thread 7 write, open, block in
a futex and read.  Prints the gen-trace description on stdout and, with
--expect FILE, the reads' instances (pid cpu start duration) in FILE."""
import sys

T0 = 1000000000
S = 1013       # every duration and gap scaled: milliseconds in the tables
cpu = {0: [], 1: []}
reads = []      # (pid, cpu, start, duration)

def D(x):
    return x * S

def ev(c, t, text):
    cpu[c].append((t, text))

def syscall(c, pid, t, nr, d, inside=None):
    ev(c, t, "syscall_entry %d" % nr)
    if inside:
        inside(t)
    ev(c, t + d, "syscall_exit %d 0" % nr)
    if nr == 0:
        reads.append((pid, c, t, d))
    return t + d

# CPU 0: cat
t = T0
ev(0, t, "start 5 0")
t += D(300)
for i, d in enumerate([D(x) for x in (100, 150, 300, 300, 700, 1500, 1500, 1500, 3000, 20000)]):
    t = syscall(0, 5, t, 0, d) + D(400)
    if i == 3:      # openat: /etc/passwd, twice, and a file that does not exist
        for name, fd in (("/etc/passwd", 3), ("/nonexistent", -2), ("/etc/passwd", 3)):
            t = syscall(0, 5, t, 257, D(900),
                        lambda s, n=name, f=fd: ev(0, s + D(400), "fs_open %d 0 0 %s" % (f, n))) + D(300)
    if i == 6:      # a local timer irq from user mode, a softirq at its exit
        ev(0, t, "irq_entry 236 3")
        ev(0, t + D(200), "softirq_entry 1")
        ev(0, t + D(900), "softirq_exit 1")
        ev(0, t + D(1000), "irq_exit 236 3")
        t += D(1300)
# nanosleep: blocked 20 us in idle, woken by the timer
ev(0, t, "syscall_entry 35")
ev(0, t + D(100), "sched 5 0 1")
ev(0, t + D(20100), "wakeup 5 0 0")
ev(0, t + D(20150), "sched 0 5 0")
ev(0, t + D(20200), "syscall_exit 35 0")
t += D(20700)
end = t + D(5000)

# CPU 1: make (6) and its thread (7)
u = T0
ev(1, u, "start 6 1")
u += D(500)
for d in (D(200), D(400), D(900)):
    u = syscall(1, 6, u, 1, d) + D(600)
u = syscall(1, 6, u, 257, D(700), lambda s: ev(1, s + D(300), "fs_open 4 577 420 /tmp/out")) + D(300)
ev(1, u, "syscall_entry 202")           # futex: blocked until 7 wakes it
ev(1, u + D(50), "sched 6 7 1")
u += D(100)
for d in (D(40), D(2500)):
    u = syscall(1, 7, u, 0, d) + D(300)
u = syscall(1, 7, u, 257, D(800), lambda s: ev(1, s + D(200), "fs_open 3 0 0 /etc/passwd")) + D(300)
ev(1, u, "wakeup 6 1 0")
ev(1, u + D(100), "sched 7 6 0")           # 7 preempted, 6 back in its futex
ev(1, u + D(150), "syscall_exit 202 0")
u += D(600)
u = syscall(1, 6, u, 1, D(5000)) + D(500)
ev(1, u, "sched 6 7 0")
u += D(100)
u = syscall(1, 7, u, 0, D(60000)) + D(200)
end = max(end, u + D(1000))

out = ["header ncpus=2 end=%d" % end,
       "proc PID: 1; PPID: 0; TGID: 1; NAME: init",
       "proc PID: 5; PPID: 1; TGID: 5; NAME: cat",
       "proc PID: 6; PPID: 1; TGID: 6; NAME: make",
       "proc PID: 7; PPID: 1; TGID: 6; NAME: make",
       "proc IRQ: 4; NAME: ttyS0"]
for c, pid in ((0, 5), (1, 6)):
    out.append("buf cpu=%d start=%d pid=%d" % (c, T0, pid))
    for tt, text in sorted(cpu[c], key=lambda x: x[0]):
        out.append("%d %s" % (tt, text))
print("\n".join(out))
if len(sys.argv) > 2 and sys.argv[1] == "--expect":
    with open(sys.argv[2], "w") as f:
        for r in reads:
            f.write("%d %d %d %d\n" % r)
