#!/usr/bin/env python3
# ooo-buffers.py FILE - writes the buffers of a fake device (FAKE_BUFFERS,
# fake-device.c) whose events come out of order across the CPUs: CPU 1's
# first buffer (a wakeup at 35 ms, a request's receive at 51 ms) is handed
# out after CPU 0's first two (the woken task switched in at 40 ms, the
# request's reply sent at 80 ms, from CPU 0).  The client is a caller
# too: on CPU 0 it connects a socket of its own (71 ms) and sends a call
# on it (the system call begun at 72 ms), whose reply it receives on
# CPU 1 in two receives (86 and 87 ms, in CPU 1's first buffer): a
# request of 86 - 72 = 14 ms at its caller.  Times count from START.
# Pids above pid_max, so that /proc names none of them.
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakebuf import buffer, payload, rec, sc, sw  # noqa: E402,F401

MS = 1000000
SRV, CLI, OTHER = 5000200, 5000300, 5000400
INO = 77
CINO = 88		# the client's connected socket
READ, RECVFROM, SENDTO = 0, 45, 44
ENDPOINT = struct.Struct('<QQihHHHBBB')	# struct ltt_ev_socket_endpoint, 31 bytes


def io(t, name, ret, ino=INO):
    return rec(t, name, payload('socket_io', ino=ino, size=ret, ret=ret, family=2, type=1))


def sockaddr_in(a, port):
    return struct.pack('<H', 2) + struct.pack('>H', port) + bytes(a) + bytes(8)


# connected (SYS_CONNECT, result 0): 10.0.1.1:50854 -> 10.0.1.2:7201
CONNECT = ENDPOINT.pack(CINO, 0, 5, 0, 2, 1, 6, 3, 16, 16) + \
    sockaddr_in((10, 0, 1, 1), 50854) + sockaddr_in((10, 0, 1, 2), 7201)


cpu0_a = buffer(0, 0, SRV, 60 * MS, [
    rec(10 * MS, 'trace_start', payload('trace_start', pid=SRV, cpu=0)),
    rec(20 * MS, 'socket_accept', ENDPOINT.pack(INO, 1, 4, 0, 2, 1, 6, 5, 0, 0)),
    sw(40 * MS, SRV, CLI),		# the client, woken at 35 ms on CPU 1
    sc(60 * MS, READ),
])
cpu0_b = buffer(0, 1, CLI, 120 * MS, [
    sc(70 * MS, READ, 10),		# a read of 10 ms
    rec(71 * MS, 'socket_endpoint', CONNECT),
    sc(72 * MS, SENDTO),		# the client's call, begun at 72 ms
    io(73 * MS, 'socket_send', 20, CINO),
    sc(74 * MS, SENDTO, 20),
    sw(75 * MS, CLI, SRV),
    sc(80 * MS, SENDTO),		# the reply: 80 - 51 = 29 ms at the callee
    io(81 * MS, 'socket_send', 50),
    sc(82 * MS, SENDTO, 50),
    sw(120 * MS, SRV, CLI),
])
cpu1_a = buffer(1, 0, SRV, 100 * MS, [
    rec(30 * MS, 'trace_start', payload('trace_start', pid=SRV, cpu=1)),
    rec(35 * MS, 'wakeup', payload('process_wakeup', pid=CLI, cpu=0)),
    sc(50 * MS, RECVFROM),
    io(51 * MS, 'socket_recv', 100),
    sc(52 * MS, RECVFROM, 100),
    sw(60 * MS, SRV, OTHER),
    sw(84 * MS, OTHER, CLI),		# the client, on CPU 1 now
    io(86 * MS, 'socket_recv', 30, CINO),	# its reply's first byte: 86 - 72 = 14 ms
    io(87 * MS, 'socket_recv', 30, CINO),
    sw(88 * MS, CLI, OTHER),
    sc(90 * MS, READ),
    sc(100 * MS, READ, 1),
])
cpu1_b = buffer(1, 1, OTHER, 210 * MS, [
    sc(150 * MS, READ),
    sc(155 * MS, READ, 1),
    sc(210 * MS, READ),
])
cpu0_c = buffer(0, 2, CLI, 260 * MS, [
    sc(200 * MS, READ),
    sc(260 * MS, READ, 1),
])
with open(sys.argv[1], 'wb') as f:
    for b in (cpu0_a, cpu0_b, cpu1_a, cpu1_b, cpu0_c):
        f.write(b)
