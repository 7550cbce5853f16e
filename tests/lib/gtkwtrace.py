#!/usr/bin/python3
"""gtkwtrace.py ROUNDS - the trace the window is acted on in
tests/host/gtk-window.t, as a gen-trace description on stdout.

Two CPUs, ROUNDS rounds of 2 ms.  On CPU 0 a client (pid 200) opens
/var/log/app.log, reads it, closes it and sleeps in nanosleep; on CPU 1 a
server (pid 100) passes the CPU to its thread (pid 250, a higher pid than the
client's, so that the rows, a tree by process, are not in pid order)
and writes; a sleeper (pid 300), asleep in nanosleep since before the
trace, wakes near its end.  Every time is a whole number of microseconds
plus a few nanoseconds that differ per round, so that no two state
changes of a row fall on the same nanosecond."""
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 8
T0, US, MS = 1000000000, 1000, 1000000
END = T0 + N * 2 * MS + MS
out = []
p = out.append
p("header ncpus=2 end=%d events=all" % END)
for pid, tgid, name in ((1, 1, "init"), (100, 100, "server"), (250, 100, "server"),
                        (200, 200, "client"), (300, 300, "sleeper")):
    p("proc PID: %d; PPID: %d; TGID: %d; NAME: %s" % (pid, 0 if pid == 1 else 1, tgid, name))
p("buf cpu=0 start=%d pid=200" % T0)
p("%d start 200 0" % T0)
for i in range(N):
    b = T0 + i * 2 * MS + 50 * US + i * 7
    p("%d syscall_entry 2" % b)
    p("%d fs_open 3 0 0 /var/log/app.log" % (b + 20 * US))
    p("%d syscall_exit 2 3" % (b + 40 * US))
    p("%d syscall_entry 0" % (b + 100 * US))
    p("%d fs_read 3 512 512" % (b + 130 * US))
    p("%d syscall_exit 0 512" % (b + 160 * US + i * 3))
    p("%d syscall_entry 3" % (b + 200 * US))
    p("%d fs_close 3" % (b + 210 * US))
    p("%d syscall_exit 3 0" % (b + 220 * US))
    p("%d syscall_entry 35" % (b + 300 * US))
    p("%d sched 200 0 1" % (b + 320 * US))
    p("%d irq_entry 236 3" % (b + 1300 * US))
    p("%d wakeup 200 0 0" % (b + 1302 * US))
    p("%d irq_exit 236 3" % (b + 1306 * US + i))
    p("%d sched 0 200 0" % (b + 1310 * US))
    p("%d syscall_exit 35 0" % (b + 1330 * US))
p("buf cpu=1 start=%d pid=100" % T0)
p("%d start 100 1" % T0)
for i in range(N):
    c = T0 + i * 2 * MS + 500 * US + i * 11
    p("%d syscall_entry 202" % c)
    p("%d sched 100 250 1" % (c + 30 * US))
    p("%d syscall_entry 1" % (c + 300 * US))
    p("%d fs_write 1 100 100" % (c + 320 * US))
    p("%d syscall_exit 1 100" % (c + 400 * US))
    p("%d syscall_entry 202" % (c + 500 * US))
    p("%d wakeup 100 1 0" % (c + 510 * US))
    p("%d syscall_exit 202 1" % (c + 520 * US))
    p("%d sched 250 100 0" % (c + 700 * US))
    p("%d syscall_exit 202 0" % (c + 720 * US))
w = END - 300 * US
p("%d irq_entry 236 3" % w)
p("%d wakeup 300 1 0" % (w + 2 * US))
p("%d irq_exit 236 3" % (w + 5 * US))
p("%d sched 100 300 0" % (w + 50 * US))
p("%d syscall_exit 35 0" % (w + 70 * US))
print("\n".join(out))
