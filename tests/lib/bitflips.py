#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bitflips.py - a random single-bit-flip campaign over a trace's events file.

usage: bitflips.py TV TRACE WORKDIR FLIPS SEED

Copies TRACE into WORKDIR (use a tmpfs), and for each of FLIPS bits of the
events file, chosen with random.Random(SEED), flips it, runs
`TV processes --json` and, when that output is not the undamaged trace's
(or the command failed or warned), `TV check`; then flips the bit back.

Each flip falls in one class, printed as one line per flip that is not
"same" and a summary line at the end:
  same     processes --json prints what it prints for the undamaged trace,
           with no warning
  warned   the output differs (or the command refused or warned), and
           check exits non-zero
  possible the output differs and check exits 0, but the flipped field
           still holds a value a kernel may write (decided here from the
           format, docs/trace-format.md, not from the reader): a record's
           time that stays between its neighbours', a compact wakeup's pid
           or schedchange's next pid, a fork's child or a reap's pid up to
           PID_MAX_LIMIT, a prev_state below TASK_STATE_MAX, a trap vector
           below 32.  The format has no checksum: no reader
           can tell these from the real values
  silent   the output differs, check exits 0 and the value is not one a
           kernel writes: what issue 36 item 2 forbids
Exit status: 1 if any flip is silent, else 0.
"""
import os
import random
import shutil
import struct
import subprocess
import sys


PID_MAX_LIMIT = 4194304
TASK_STATE_MAX = 0x10000
NR_TRAP_VECTORS = 32
EV_TRAP_ENTRY, EV_TRAP_EXIT, EV_SCHEDCHANGE = 3, 4, 7
EV_FORK, EV_WAKEUP, EV_REAP = 10, 13, 56
REC_COMPACT = 2


def records(data):
    """{byte offset: (record offset, id, flags, delta, lower, upper)} for
    the bytes of every record, with the deltas a flipped delta may take
    and stay in time order (format 1.3: no time extension)"""
    out = {}
    off = 0
    while off + 48 <= len(data):
        start, end, size = struct.unpack_from("<QQI", data, off + 16)
        recs = []
        r = off + 48
        while r + 8 <= off + 48 + size:
            delta, eid, flags, rsize = struct.unpack_from("<IBBH", data, r)
            if rsize < 8:
                break
            recs.append((r, eid, flags, delta, rsize))
            r += rsize
        for i, (r, eid, flags, delta, rsize) in enumerate(recs):
            lower = recs[i - 1][3] if i else 0
            upper = recs[i + 1][3] if i + 1 < len(recs) else end - start
            for b in range(r, r + rsize):
                out[b] = (r, eid, flags, delta, lower, upper)
        off += 48 + size
    return out


def possible(data, recs, off, mask):
    """the flipped field still holds a value a kernel may write"""
    if off not in recs:
        return False
    r, eid, flags, delta, lower, upper = recs[off]
    if off < r + 4:
        new = delta ^ (mask << (8 * (off - r)))
        return lower <= new <= upper
    flipped = bytearray(data[r:r + 24])
    flipped[off - r] ^= mask
    if eid == EV_WAKEUP and flags & REC_COMPACT and off - r < 11:
        (w,) = struct.unpack_from("<I", flipped, 8)
        return (w & 0x3fffff) <= PID_MAX_LIMIT
    if eid == EV_TRAP_ENTRY and flags & REC_COMPACT and off - r == 14:
        return flipped[14] < NR_TRAP_VECTORS
    if eid == EV_TRAP_EXIT and not flags and off - r < 10:
        return struct.unpack_from("<H", flipped, 8)[0] < NR_TRAP_VECTORS
    if eid == EV_FORK and not flags and 12 <= off - r < 20:
        child, tgid = struct.unpack_from("<II", flipped, 12)
        return child <= PID_MAX_LIMIT and tgid <= PID_MAX_LIMIT
    if eid == EV_REAP and not flags and off - r < 16:
        pid, tgid = struct.unpack_from("<II", flipped, 8)
        return pid <= PID_MAX_LIMIT and tgid <= PID_MAX_LIMIT
    if eid == EV_SCHEDCHANGE and flags & REC_COMPACT and 10 <= off - r < 16:
        (w,) = struct.unpack_from("<Q", flipped, 8)
        state = (w >> 44) & 0xfffff
        return ((w >> 22) & 0x3fffff) <= PID_MAX_LIMIT and state < TASK_STATE_MAX
    return False


def run(args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def main():
    tv, trace, work, flips, seed = sys.argv[1:6]
    flips = int(flips)
    dst = os.path.join(work, "t")
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(trace, dst)
    ev = os.path.join(dst, "events")
    data = bytearray(open(ev, "rb").read())

    def processes():
        st, out, err = run([tv, "processes", "--json", dst])
        return st, out.replace(dst.encode(), b"TRACE"), err

    base = processes()
    if base[0] != 0 or base[2]:
        print("bitflips: the undamaged trace gives status %d: %s" %
              (base[0], base[2].decode(errors="replace")))
        return 2
    cst = run([tv, "check", dst])[0]
    if cst != 0:
        print("bitflips: check of the undamaged trace exits %d" % cst)
        return 2
    recs = records(data)
    rnd = random.Random(int(seed))
    counts = {"same": 0, "warned": 0, "possible": 0, "silent": 0}
    with open(ev, "r+b") as f:
        for _ in range(flips):
            bit = rnd.randrange(len(data) * 8)
            off, mask = bit // 8, 1 << (bit % 8)
            f.seek(off)
            f.write(bytes([data[off] ^ mask]))
            f.flush()
            got = processes()
            if got == base:
                cls = "same"
            else:
                cst, _, cerr = run([tv, "check", dst])
                cls = "warned" if cst != 0 else \
                    "possible" if possible(data, recs, off, mask) else "silent"
                first = (got[2] or cerr).decode(errors="replace").splitlines()
                print("%s: byte %d bit %d: processes status %d, check status %d%s" %
                      (cls, off, bit % 8, got[0], cst,
                       ": " + first[0] if first else ""))
            counts[cls] += 1
            f.seek(off)
            f.write(bytes([data[off]]))
            f.flush()
    print("bitflips: %d flips (seed %s) of %d bytes: %d same, %d warned, "
          "%d possible, %d silent" %
          (flips, seed, len(data), counts["same"], counts["warned"],
           counts["possible"], counts["silent"]))
    return 1 if counts["silent"] else 0


if __name__ == "__main__":
    sys.exit(main())
