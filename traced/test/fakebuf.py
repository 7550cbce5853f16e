# fakebuf.py - records and buffers of the fake device (FAKE_BUFFERS,
# fake-device.c) from the events table (tests/lib/lttfmt.py): what
# ooo-buffers.py and sample-buffers.py write their scenarios with.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tests', 'lib'))
import lttfmt  # noqa: E402


def payload(name, **kw):
    """the payload of event NAME, its members from KW (0 when absent)"""
    lay = lttfmt.PAYLOADS[name]
    vals = dict.fromkeys(m for m, _ in lay.members)
    for m in vals:
        vals[m] = kw.get(m, 0)
    return lay.struct.pack(*[vals[m] for m, _ in lay.members])


def rec(t, name, data):
    """a record of event NAME at time T (ns from START), padded to 4 bytes"""
    size = (8 + len(data) + 3) // 4 * 4
    return (t, lttfmt.ID[lttfmt.EVENTS[name].sym], data + bytes(size - 8 - len(data)))


def buffer(cpu, seq, pid, end, recs, lost=0):
    """a buffer of CPU: its header (from its first record's time to END, LOST
    events lost just before it) and RECS"""
    start = recs[0][0]
    body = b''
    for t, ident, data in recs:
        body += lttfmt.RECORD_HEADER.struct.pack(t - start, ident, 0, 8 + len(data)) + data
    return lttfmt.BUFFER_HEADER.struct.pack(lttfmt.BUFFER_MAGIC, cpu, 0, seq, start, end,
                                            len(body), pid, lost) + body


def sc(t, nr, ret=None):
    """system call NR's entry, or its exit when RET is given"""
    if ret is None:
        return rec(t, 'syscall_entry', payload('syscall_entry', nr=nr))
    return rec(t, 'syscall_exit', payload('syscall_exit', nr=nr, ret=ret))


def sw(t, prev, nxt):
    """a switch from PREV (blocked) to NXT"""
    return rec(t, 'schedchange', payload('schedchange', prev_pid=prev, next_pid=nxt, prev_state=1))
