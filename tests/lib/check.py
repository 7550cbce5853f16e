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


def vital_labels(epochs, vital, pid, key):
    """The top labels of @vital with @pid and @key in `tracevisualizer
    vitals --json`'s epochs, as (epoch index, label) in epoch order."""
    return [(n, l) for n, e in enumerate(epochs)
            for l in e['vitals'][vital]['top']
            if l['pid'] == pid and l['key'] == key]


def parse_events(path):
    """Records of a trace's events file, straight from the format (the
    layouts of tests/lib/lttfmt.py).

    Returns (recs, nbytes, nbuffers, good): recs is a list of tuples
    (id, flags, size, file_offset, payload_bytes); good says the file is
    a whole number of buffers, each a whole number of records."""
    import lttfmt
    BH, RH = lttfmt.BUFFER_HEADER, lttfmt.RECORD_HEADER
    with open(path, 'rb') as f:
        data = f.read()
    off, recs, nbuf, good = 0, [], 0, True
    while off + BH.size <= len(data):
        h = BH.unpack(data, off)
        if h['magic'] != lttfmt.BUFFER_MAGIC:
            good = False
            break
        p, end = off + BH.size, off + BH.size + h['data_size']
        while p + RH.size <= end:
            r = RH.unpack(data, p)
            rid, rfl, size = r['id'], r['flags'], r['size']
            if size < RH.size:
                good = False
                break
            recs.append((rid, rfl, size, p, data[p + RH.size:p + size]))
            p += size
        good &= p == end
        off = end
        nbuf += 1
    good &= off == len(data)
    return recs, len(data), nbuf, good
