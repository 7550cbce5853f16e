#!/bin/sh
# lessons-guest.sh DIR - inside the guest: trace each lesson's workload
# into DIR/NAME (one trace per lesson, docs/lessons/NAME.lesson), what the
# workloads print into DIR/NAME.out.  Run by scripts/lessons and
# tests/guest/46-lessons.t in one boot, with a disk
# (ltt-vm --disk) for the I/O wait lesson.
set -e
d=$1
cd "$d"
# a system call: 1000 getppid() calls
traced -q -o syscall -- sh -c 'ltt-getppid 1000 > syscall.out'
# a page fault: 64 new anonymous pages written, one fault each
traced -q -o pagefault -- sh -c 'ltt-mem 64 > pagefault.out'
# runnable vs blocked: two spinners on CPU 0 for 4 s, a sleeper of 0.3 s
traced -q -o sched -- sh -c 'ltt-spin 4 0 & ltt-spin 4 0 & ltt-sleep 0.3 > sched.out; wait'
# fork, exit, wait and the zombie: a child waited for 50 ms after it died
traced -q -o zombie -- sh -c 'ltt-zombie 50 > zombie.out'
# a pipe: 200 round trips between a parent and its child on one CPU
traced -q -o pipe -- sh -c 'ltt-pingpong 200 0 > pipe.out'
# timers: a 10 ms periodic timerfd read 20 times, then a 20 ms nanosleep
traced -q -o timers -- sh -c 'ltt-timerfd 10000 20 0 > timers.out; ltt-sleep 0.02 >> timers.out'
# an interrupt and the softirqs it raises: a spinner on CPU 0 for 0.5 s,
# interrupted by the timer's ticks
traced -q -o irq -- sh -c 'ltt-spin 0.5 0 > irq.out'
# a network packet's path: 5 UDP datagrams of 100 bytes over loopback,
# their first 128 bytes captured (tracevisualizer export --pcap)
traced -q --capture 128 -o net -- sh -c 'ltt-udp 47100 5 100 > net.out'
# priority: a SCHED_FIFO task preempts a normal one; a priority inversion
traced -q -o prio -- sh -c 'ltt-prio 0 > prio.out'
# I/O wait: 8 reads of a disk not in the page cache, a write and its fsync
# (the disk: /dev/vda, ltt-vm --disk, throttled to 5 requests/s)
traced -q -o iowait -- sh -c 'ltt-iowait /dev/vda 8 > iowait.out'
echo lessons-traced
