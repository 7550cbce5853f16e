#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""synctraces.py - two hosts' trace descriptions (utest/gen-trace's text)
of a TCP client on host "alpha" (10.0.0.1) calling a server on host
"beta" (10.0.0.2), beta's clock OFFSET seconds ahead and DRIFT ppm fast:
each request and reply takes 50 us plus a random delay (seeded).  Writes
DIR/a.desc, DIR/b.desc and DIR/truth.json (the clocks and every message,
send and receive on their own clocks) for tests/host/sync.t.

  synctraces.py DIR [--calls N] [--offset S] [--drift PPM] [--seed N]
                    [--corrupt K] [--wall-b S] [--gamma] [--sched] [--packets]
                    [--udp N]

--corrupt K: the K-th request's receive on beta is written 5 ms before
its send (a corrupted timestamp); --wall-b S: beta's wall clock S seconds
after alpha's (--calls 0: no connection at all); --gamma: a third host
"gamma" (10.0.0.3, its clock 0.7 s behind and 50 ppm slow) calling beta
the same way (DIR/c.desc; no message between alpha and gamma);
--sched: the client blocks in its receive after each request and the
server in its receive after each reply (each 4 us after its send's
system call began), the network (a softirq) waking them 400 ns before
their receive's record, which runs 200 ns after the wakeup (truth.json's
"sched": the blocks and wakeups, for the critical path across hosts);
--packets: each message's frame captured, net_packet_out on the sender
1.5 us after its send's system call began, net_packet_in on the receiver
700 ns before its receive's record (truth.json's "packets"), the 6th
request's frame sent twice (a retransmission, received once).
--udp N: after the calls, N UDP exchanges of 64 bytes: alpha's client
sends from a connected socket (10.0.0.1:5000 to 10.0.0.2:5300), beta's
server receives with the source (recvfrom) and answers with sendto 100
us later, alpha receives it; 1.2 ms apart, so that no datagram passes
another (truth.json's "udp": each one's send and receive on their own
clocks).
"""
import argparse
import json
import random
import sys

ap = argparse.ArgumentParser()
ap.add_argument("dir")
ap.add_argument("--calls", type=int, default=200)
ap.add_argument("--offset", type=float, default=1.5)
ap.add_argument("--drift", type=float, default=100.0)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--corrupt", type=int, default=-1)
ap.add_argument("--wall-b", type=float, default=0.0)
ap.add_argument("--gamma", action="store_true")
ap.add_argument("--sched", action="store_true")
ap.add_argument("--packets", action="store_true")
ap.add_argument("--udp", type=int, default=0)
a = ap.parse_args()
rnd = random.Random(a.seed)
OFF = a.offset * 1e9
D = a.drift * 1e-6
T0 = 1000000000            # alpha's clock is the true time
SPACING = 10000000         # a call every 10 ms
WALL = 1700000000000000000


CLOCKS = [(0.0, 0.0), (OFF, D), (-0.7e9, -50e-6)]


def clock(h, t):
    return CLOCKS[h][0] + (1 + CLOCKS[h][1]) * t


def beta(t):
    return clock(1, t)


def delay():
    return 50000 + rnd.randrange(0, 400000)


ea, eb = [], []            # (time, line) of each host
msgs = []


def snd(ev, t, ino, n):
    ev.append((t, "%d syscall_entry 44" % t))
    ev.append((t + 1000, "%d socket_send %d %d %d 2 1" % (t + 1000, ino, n, n)))
    ev.append((t + 2000, "%d syscall_exit 44 %d" % (t + 2000, n)))


sched = []
packets = []


def frame(ev, t, out, k, src, dst):
    """the frame of message @k from @src to @dst (IPv4 addresses), out or in at @t,
    with 8 bytes of payload, as a guest's capture has them: the frame sent
    with its TCP checksum to be completed by the card (a partial sum) and
    only its headers (its payload in pages apart, not captured), the frame
    received with the completed checksum and its payload"""
    ip = lambda a: "".join("%02x" % int(x) for x in a.split("."))
    hexa = ("020000000001" "020000000002" "0800" "4500" "0030" "%04x" "4000" "4006" "0000" "%s%s"
            "%04x%04x" "%08x" "%08x" "5018ffff" "%04x" "0000") % (k & 0xffff, ip(src), ip(dst), 40000, 7000,
                                                                1000 + k, 0, 0x1c46 if out else (0x5a00 + k) & 0xffff)
    if not out:
        hexa += "%016x" % (0x6162636465666768 + k)
    ev.append((t, "%d net_packet_%s 2 62 2048 1 %s" % (t, "out" if out else "in", hexa)))


def block(ev, t, pid):
    """@pid enters its receive at @t and blocks 1 us later"""
    ev.append((t, "%d syscall_entry 45" % t))
    ev.append((t + 1000, "%d sched %d 0 1" % (t + 1000, pid)))


def wake(ev, t, pid):
    """the network wakes @pid for its receive at @t"""
    ev.append((t - 500, "%d softirq_entry 3" % (t - 500)))
    ev.append((t - 400, "%d wakeup %d 0 0" % (t - 400, pid)))
    ev.append((t - 300, "%d softirq_exit 3" % (t - 300)))
    ev.append((t - 200, "%d sched 0 %d 0" % (t - 200, pid)))


def rcv(ev, t, ino, n, pid=0):
    if pid:
        wake(ev, t, pid)
    else:
        ev.append((t - 1000, "%d syscall_entry 45" % (t - 1000)))
    ev.append((t, "%d socket_recv %d 4096 %d 2 1" % (t, ino, n)))
    ev.append((t + 1000, "%d syscall_exit 45 %d" % (t + 1000, n)))


def link(ec, es, c, sv, cip, sip, ino, calls, corrupt):
    """@calls calls from host @c (events @ec) to host @sv (events @es)"""
    if not calls:
        return
    t = T0 + 1000000
    ec.append((t, "%d syscall_entry 42" % t))
    ec.append((t + 100, "%%d socket_endpoint %d 0 3 0 3 2 1 6 inet:%s:40000 inet:%s:7000" % (ino, cip, sip) % (t + 100)))
    ec.append((t + 200, "%d syscall_exit 42 0" % (t + 200)))
    tb = int(clock(sv, t)) - 500000
    es.append((tb, "%d syscall_entry 43" % tb))
    es.append((tb + 100, "%%d socket_accept %d 150 4 0 5 2 1 6 inet:%s:7000 inet:%s:40000" % (ino + 100, sip, cip) % (tb + 100)))
    es.append((tb + 200, "%d syscall_exit 43 4" % (tb + 200)))
    cpid, spid = (10 if c == 0 else 30), 20
    if a.sched:
        block(es, tb + 3000, spid)
    for k in range(calls):
        s = T0 + 2000000 + k * SPACING + rnd.randrange(0, 1000000)
        arr = s + delay()                        # true time the request is read
        r = int(clock(sv, arr)) + 1              # on the server's clock
        if k == corrupt:
            r = int(clock(sv, s)) - 5000000
        snd(ec, int(clock(c, s)), ino, 100)
        if a.sched:
            block(ec, int(clock(c, s)) + 3000, cpid)
        rcv(es, r, ino + 100, 100, spid if a.sched else 0)
        if a.packets:
            po = int(clock(c, s)) + 1500
            frame(ec, po, True, 2 * k, cip, sip)
            frame(es, r - 700, False, 2 * k, cip, sip)
            packets.append({"from": c, "to": sv, "out_ns": po, "in_ns": r - 700, "dup": k == 5})
            if k == 5:
                frame(ec, po + 300, True, 2 * k, cip, sip)
        msgs.append({"from": c, "to": sv, "send_ns": int(clock(c, s)), "recv_ns": r, "corrupt": k == corrupt})
        rs = arr + 200000                        # the reply, 200 us later
        rs_s = int(clock(sv, rs))
        ra = int(clock(c, rs + delay())) + 1
        snd(es, rs_s, ino + 100, 200)
        if a.sched:
            block(es, rs_s + 3000, spid)
        rcv(ec, ra, ino, 200, cpid if a.sched else 0)
        if a.packets:
            frame(es, rs_s + 1500, True, 2 * k + 1, sip, cip)
            frame(ec, ra - 700, False, 2 * k + 1, sip, cip)
            packets.append({"from": sv, "to": c, "out_ns": rs_s + 1500, "in_ns": ra - 700, "dup": False})
        sched.append({"send": int(clock(c, s)), "client_block": int(clock(c, s)) + 4000,
                      "server_wake": r - 400, "server_run": r - 200, "reply": rs_s,
                      "server_block": rs_s + 4000, "client_wake": ra - 400, "client_run": ra - 200})
        msgs.append({"from": sv, "to": c, "send_ns": rs_s, "recv_ns": ra, "corrupt": False})


ec3 = []
link(ea, eb, 0, 1, "10.0.0.1", "10.0.0.2", 100, a.calls, a.corrupt)
if a.gamma:
    link(ec3, eb, 2, 1, "10.0.0.3", "10.0.0.2", 110, a.calls, -1)
end_a = T0 + 2000000 + max(a.calls, 1) * SPACING + 5000000 + a.udp * 1200000
udp = []
if a.udp:
    t = T0 + 1000000
    ea.append((t, "%d socket_endpoint 300 0 4 0 3 2 2 17 inet:10.0.0.1:5000 inet:10.0.0.2:5300" % t))
    eb.append((int(beta(t)), "%d socket_endpoint 400 0 4 0 2 2 2 17 inet:10.0.0.2:5300 -" % int(beta(t))))
for k in range(a.udp):
    s = T0 + 2000000 + max(a.calls, 1) * SPACING + 2000000 + k * 1200000
    arr = s + delay()                        # true time (alpha's clock) beta reads it
    r = int(beta(arr)) + 1
    rs = int(beta(arr + 100000))             # beta answers 100 us later
    back = arr + 100000 + delay()            # alpha reads the answer
    ea.append((s, "%d socket_send 300 64 64 2 2" % s))
    eb.append((r, "%d socket_recv 400 4096 64 2 2 inet:10.0.0.1:5000" % r))
    eb.append((rs, "%d socket_send 400 64 64 2 2 inet:10.0.0.1:5000" % rs))
    ea.append((back, "%d socket_recv 300 4096 64 2 2" % back))
    udp.append({"from": 0, "to": 1, "send_ns": s, "recv_ns": r})
    udp.append({"from": 1, "to": 0, "send_ns": rs, "recv_ns": back})
end_b = int(beta(end_a))
start_b = int(beta(T0))


def write(path, host, start, end, wall, ev, pid, name):
    ev.sort(key=lambda e: e[0])
    with open(path, "w") as f:
        f.write("header ncpus=1 start=%d end=%d wall=%d format=1.4 host=%s\n" % (start, end, wall, host))
        f.write("proc PID: 1; PPID: 0; TGID: 1; NAME: init\n")
        f.write("proc PID: %d; PPID: 1; TGID: %d; NAME: %s\n" % (pid, pid, name))
        if name == "srv":
            f.write("proc SOCKET: 150; TGID: %d; TYPE: 1; LOCAL: 10.0.0.2:7000; PEER: -\n" % pid)
        f.write("buf cpu=0 start=%d pid=%d\n" % (start, pid))
        f.write("%d start %d 0\n" % (start, pid))
        for _, line in ev:
            f.write(line + "\n")


write(a.dir + "/a.desc", "alpha", T0, end_a, WALL, ea, 10, "cli")
write(a.dir + "/b.desc", "beta", start_b, end_b, WALL + int(a.wall_b * 1e9) + 300, eb, 20, "srv")
if a.gamma:
    write(a.dir + "/c.desc", "gamma", int(clock(2, T0)), int(clock(2, end_a)), WALL + 600, ec3, 30, "cli2")
json.dump({"offset_ns": OFF, "drift": D, "clocks": CLOCKS, "messages": msgs, "sched": sched, "packets": packets,
           "udp": udp}, open(a.dir + "/truth.json", "w"))
sys.exit(0)
