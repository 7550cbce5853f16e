"""Helpers for the guest tests' Python checks: ok() prints PASS/FAIL lines
that tests/lib/tap.sh's checks() turns into TAP results."""
import json
import sys


def ok(cond, msg):
    print(("PASS " if cond else "FAIL ") + msg, flush=True)
    return bool(cond)


def load(path):
    with open(path) as f:
        return json.load(f)


def done():
    print("DONE", flush=True)


def parse_events(path):
    """Records of a trace's events file, straight from the format.

    Returns (recs, nbytes, nbuffers, good): recs is a list of tuples
    (id, flags, size, file_offset, payload_bytes); good says the file is
    a whole number of buffers, each a whole number of records."""
    import struct
    with open(path, 'rb') as f:
        data = f.read()
    off, recs, nbuf, good = 0, [], 0, True
    while off + 48 <= len(data):
        magic, _cpu, _fl, _seq, _t0, _t1, dsize, _pid, _lost = \
            struct.unpack_from('<IHHQQQIIQ', data, off)
        if magic != 0x4C544242:
            good = False
            break
        p, end = off + 48, off + 48 + dsize
        while p + 8 <= end:
            _delta, rid, rfl, size = struct.unpack_from('<IBBH', data, p)
            if size < 8:
                good = False
                break
            recs.append((rid, rfl, size, p, data[p + 8:p + size]))
            p += size
        good &= p == end
        off = end
        nbuf += 1
    good &= off == len(data)
    return recs, len(data), nbuf, good
