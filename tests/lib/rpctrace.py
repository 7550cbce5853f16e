#!/usr/bin/python3
"""rpctrace.py - the description of a synthetic trace (utest/gen-trace's
input) of an RPC system with socket endpoints, for the front ends' paths
views: a client (cli, pid 10, CPU 0) sends N requests to a server (srv,
20, CPU 1) over TCP on 127.0.0.1-2; srv computes 1 to 1.8 ms, calls db
(30, CPU 2: it sleeps 2 to 3.5 ms) for two requests in three, then cache
(40, CPU 3: it computes 300 us), and replies.  Patterns:
cli-10(srv-20(db-30,cache-40)) and cli-10(srv-20(cache-40)).  Every
process blocks in recvfrom between its messages, so that each hop's time
splits into on a CPU, runnable and blocked (--explain).

  rpctrace.py [--requests N] > DESC
"""
import argparse

US, MS = 1000, 1000000
T0 = 1000000000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--requests', type=int, default=30)
    n = ap.parse_args().requests
    ev = {c: [] for c in range(4)}

    def e(cpu, t, text):
        ev[cpu].append((t, len(ev[cpu]), "%d %s" % (t, text)))

    # connections: cli -> srv, srv -> db, srv -> cache (listening sockets
    # in the snapshot, connect and accept during the trace)
    e(0, T0, "start 10 0")
    e(1, T0, "start 20 1")
    e(2, T0, "start 30 2")
    e(3, T0, "start 40 3")
    e(1, T0 + 5 * US, "syscall_entry 43")
    e(1, T0 + 5 * US + 100, "socket_accept 200 150 4 0 5 2 1 6 inet:127.0.0.2:7000 inet:127.0.0.1:40000")
    e(1, T0 + 5 * US + 200, "syscall_exit 43 4")
    e(1, T0 + 6 * US, "syscall_entry 42")
    e(1, T0 + 6 * US + 100, "socket_endpoint 210 0 5 0 3 2 1 6 inet:127.0.0.2:40001 inet:127.0.0.3:7001")
    e(1, T0 + 6 * US + 200, "syscall_exit 42 0")
    e(1, T0 + 7 * US, "syscall_entry 42")
    e(1, T0 + 7 * US + 100, "socket_endpoint 220 0 6 0 3 2 1 6 inet:127.0.0.2:40002 inet:127.0.0.4:7002")
    e(1, T0 + 7 * US + 200, "syscall_exit 42 0")
    e(1, T0 + 8 * US, "syscall_entry 45")
    e(1, T0 + 9 * US, "sched 20 0 1")
    for cpu, pid, ino, lino, local, peer in ((2, 30, 300, 350, "127.0.0.3:7001", "127.0.0.2:40001"),
                                             (3, 40, 400, 450, "127.0.0.4:7002", "127.0.0.2:40002")):
        e(cpu, T0 + 3 * US, "syscall_entry 43")
        e(cpu, T0 + 3 * US + 100, "socket_accept %d %d 4 0 5 2 1 6 inet:%s inet:%s" % (ino, lino, local, peer))
        e(cpu, T0 + 3 * US + 200, "syscall_exit 43 4")
        e(cpu, T0 + 10 * US, "syscall_entry 45")
        e(cpu, T0 + 11 * US, "sched %d 0 1" % pid)
    e(0, T0 + 10 * US, "syscall_entry 42")
    e(0, T0 + 10 * US + 100, "socket_endpoint 100 0 3 0 3 2 1 6 inet:127.0.0.1:40000 inet:127.0.0.2:7000")
    e(0, T0 + 10 * US + 200, "syscall_exit 42 0")

    def send(cpu, t, ino, size):
        """a send at t (its syscall's entry), the caller goes on 10 us later"""
        e(cpu, t, "syscall_entry 44")
        e(cpu, t + 9 * US, "socket_send %d %d %d 2 1" % (ino, size, size))
        e(cpu, t + 10 * US, "syscall_exit 44 %d" % size)
        return t + 10 * US

    def block(cpu, t, pid):
        """into recvfrom, switched out blocked"""
        e(cpu, t, "syscall_entry 45")
        e(cpu, t + 10 * US, "sched %d 0 1" % pid)

    def wake(cpu, t, pid, ino, size):
        """woken at t, runs 5 us later, the data received 5 us after that"""
        e(cpu, t, "wakeup %d %d 0" % (pid, cpu))
        e(cpu, t + 5 * US, "sched 0 %d 0" % pid)
        e(cpu, t + 10 * US, "socket_recv %d 4096 %d 2 1" % (ino, size))
        e(cpu, t + 11 * US, "syscall_exit 45 %d" % size)
        return t + 11 * US

    for k in range(n):
        t = T0 + 1 * MS + k * 20 * MS
        u = send(0, t, 100, 64)
        block(0, u + 10 * US, 10)
        u = wake(1, t + 40 * US, 20, 200, 64)
        u += 1 * MS + (k % 5) * 200 * US            # srv computes
        if k % 3 != 2:
            v = send(1, u, 210, 32)
            block(1, v + 9 * US, 20)
            w = wake(2, u + 40 * US, 30, 300, 32)
            e(2, w + 10 * US, "syscall_entry 35")
            e(2, w + 20 * US, "sched 30 0 1")
            sl = w + 20 * US + 2 * MS + (k % 4) * 500 * US
            e(2, sl, "wakeup 30 2 0")
            e(2, sl + 10 * US, "sched 0 30 0")
            e(2, sl + 20 * US, "syscall_exit 35 0")
            v = send(2, sl + 30 * US, 300, 32)
            block(2, v + 10 * US, 30)
            u = wake(1, sl + 60 * US, 20, 210, 32) + 100 * US
        v = send(1, u, 220, 16)
        block(1, v + 9 * US, 20)
        w = wake(3, u + 40 * US, 40, 400, 16) + 300 * US   # cache computes
        v = send(3, w, 400, 16)
        block(3, v + 10 * US, 40)
        u = wake(1, w + 30 * US, 20, 220, 16) + 50 * US
        v = send(1, u, 200, 64)
        block(1, v + 9 * US, 20)
        wake(0, u + 40 * US, 10, 100, 64)
        e(0, u + 60 * US, "syscall_entry 0")       # cli reads the reply...
        e(0, u + 70 * US, "syscall_exit 0 64")     # ... and thinks until the next

    end = T0 + 2 * MS + n * 20 * MS
    print("header ncpus=4 end=%d format=1.4" % end)
    for pid, name in ((1, "init"), (10, "cli"), (20, "srv"), (30, "db"), (40, "cache")):
        print("proc PID: %d; PPID: %d; TGID: %d; NAME: %s" % (pid, 0 if pid == 1 else 1, pid, name))
    print("proc SOCKET: 150; TGID: 20; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -")
    print("proc SOCKET: 350; TGID: 30; TYPE: 1; LOCAL: 127.0.0.3:7001; PEER: -")
    print("proc SOCKET: 450; TGID: 40; TYPE: 1; LOCAL: 127.0.0.4:7002; PEER: -")
    for cpu in range(4):
        lines = [x[2] for x in sorted(ev[cpu])]
        for i in range(0, len(lines), 1000):   # buffers of 1000 records
            start = int(lines[i].split()[0])
            print("buf cpu=%d start=%d pid=%d" % (cpu, start if i else T0, (10, 20, 30, 40)[cpu] if not i else 0))
            print("\n".join(lines[i:i + 1000]))


if __name__ == '__main__':
    main()
