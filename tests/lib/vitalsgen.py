#!/usr/bin/env python3
"""vitalsgen.py DIR - epoch files of traced --vitals for tests/host/vitals.t,
written from the layout docs/vitals.md gives (not with the library):
epochs 0..5 of system calls, 1003 a epoch (a frequent label of 1000 in
cell 5, a rare one of 2 in cell 77, one of 1 in cell 900), epoch 4 a
burst of 9000; epoch 5 partial; epoch 3's file cut in half, epoch 6's of
version 7.
vitalsgen.py --one DIR EPOCH TOTAL [partial] - one more epoch file of that
total (tests/host/vitals-prometheus.t, files appearing while a server
runs; tests/host/bench-vitals.t, partial: ended by SIGTERM).
vitalsgen.py --series DIR - a day and an hour of 2-minute epochs
(tests/host/vitals-timescale.t): epoch e starts at SERIES_T0 + e * 120 s
on the wall clock, 1003 system calls, epoch SERIES_BURST a burst of 9000;
epochs SERIES_LOST have no file (a crashed daemon), SERIES_CUT's is cut.
vitalsgen.py --span DIR START END - eight epochs on the trace clock for
tests/host/tui-vitals.t: epoch e from START + e * (END - START) / 4, the
first four in a trace of span START..END, the others after it; epoch 3 a
burst of 9000, epoch 6 has no file.
vitalsgen.py --gtk DIR - eight epochs of three vital signs for
tests/host/gtk-vitals.t (GTK_TOTALS): system calls 1003 but epoch 4 a
burst of 9000, blocking 200 + 10 e, user pages 100 but 250 in epoch 0;
epoch e has one user-page sample, e + 1 blocking ones of its own label
(pid 100 + e), then 3 syscall ones; epoch 6 has no file."""
import os
import struct
import sys

HDR = struct.Struct('<8sIIQQQQIIIIIIQQQII')
SUM = struct.Struct('<QQ')
CELL = struct.Struct('<HHI')
SAMPLE = struct.Struct('<QQQQQIIIHHII16s')
# version 2 (ABI 16): the header's stacks, maps, samples without stacks,
# processes left out; a sample's cpu is 16 bits and its stack 16 more;
# a stack: kernel_nr user_nr flags maps tgid start_ticks start_stack addr[16]
HDR2 = struct.Struct('<8sIIQQQQIIIIIIQQQIIIIQQ')
SAMPLE2 = struct.Struct('<QQQQQIIIHHIHH16s')
STACK = struct.Struct('<BBBBIQQ16Q')
# --gtk's files are version 2: the frequent syscall label's samples share
# a stack (two kernel frames named by GTK_KALLSYMS, a user frame of a
# process whose maps the file does not hold: [unknown])
GTK_KALLSYMS = ('ffffffff81000000 T vit_gen_alpha\nffffffff81000100 T vit_gen_beta\n'
                'ffffffff81000200 T vit_gen_gamma\n')
GTK_STACK = 'vit_gen_beta+0x10 <- vit_gen_alpha+0x4 | [unknown]'
TRAILER = struct.Struct('<8sQ')
NVITALS, HCA, SYSCALL = 11, 1024, 7
COLLECTED = (1 << 2) | (1 << 3) | (1 << 6) | (1 << 7) | (1 << 8)


SERIES_T0 = 1793491380 * 10**9     # 2026-11-01 00:03:00 UTC
SERIES_EPOCH = 120 * 10**9
SERIES_N = 750
SERIES_BURST = 400
SERIES_LOST = (100, 101, 102)
SERIES_CUT = 200


def epoch_file(epoch, total, partial=False, version=1, wall=0, span=None):
    cells = [(SYSCALL, 5, 1000), (SYSCALL, 77, 2), (SYSCALL, 900, 1)]
    if total != 1003:
        cells[0] = (SYSCALL, 5, total - 3)
    samples = [
        # time label site d0 d1 pid uid count vital cell key cpu comm
        (10, 0xf00d, 0x7ffd0000, 0, 0, 42, 0, 1, SYSCALL, 5, 110, 0, b'freq'),
        (11, 0xf00d, 0x7ffd0000, 0, 0, 42, 0, 2, SYSCALL, 5, 110, 0, b'freq'),
        (12, 0xbeef, 0x7ffc0000, 0, 0, 42, 0, 1, SYSCALL, 77, 121, 1, b'rare'),
    ]
    t0, t1 = span if span else (1000 * epoch, 1000 * epoch + 999)
    b = HDR.pack(b'LTTVITAL', version, HDR.size, epoch, t0,
                 t1, wall, NVITALS, HCA, 2, 1, COLLECTED,
                 len(samples), len(cells), 0, 0, 1 if partial else 0, 0)
    for v in range(NVITALS):
        b += SUM.pack(total, total) if v == SYSCALL else SUM.pack(0, 0)
    for c in cells:
        b += CELL.pack(*c)
    for s in samples:
        b += SAMPLE.pack(*s)
    return b + TRAILER.pack(b'LTTVEND', epoch)


BLOCKING, UPAGE = 3, 6


def gtk_totals(e):
    """the totals of epoch @e of --gtk, per vital sign"""
    return {SYSCALL: 9000 if e == 4 else 1003, BLOCKING: 200 + 10 * e,
            UPAGE: 250 if e == 0 else 100}


def gtk_epoch_file(epoch):
    tot = gtk_totals(epoch)
    cells = [(BLOCKING, 10 + epoch, tot[BLOCKING]), (UPAGE, 300, tot[UPAGE]),
             (SYSCALL, 5, tot[SYSCALL] - 3), (SYSCALL, 77, 2), (SYSCALL, 900, 1)]
    base = 1000 * epoch
    # the syscall samples last: the window lists a flagged vital sign's first
    samples = [(base + 20, 0xaaaa, 0x401000, 0x7f0000001000, 5000, 7, 1000, 1, UPAGE, 300,
                14, 1, b'faulty')]
    for k in range(epoch + 1):
        samples.append((base + 30 + k, 0x1000 + epoch, 0xffffffff81000000 + epoch,
                        50000 * (k + 1), 120, 100 + epoch, 0, 1 << k, BLOCKING, 10 + epoch, 0,
                        0, b'blk%d' % epoch))
    samples += [
        # time label site d0 d1 pid uid count vital cell key cpu comm
        (base + 50, 0xf00d, 0x7ffd0000, 0, 0, 42, 0, 1, SYSCALL, 5, 110, 0, b'freq'),
        (base + 51, 0xf00d, 0x7ffd0000, 0, 0, 42, 0, 2, SYSCALL, 5, 110, 0, b'freq'),
        (base + 52, 0xbeef, 0x7ffc0000, 0, 0, 42, 0, 1, SYSCALL, 77, 121, 1, b'rare'),
    ]
    stacks = [STACK.pack(2, 1, 0, 0, 42, 0, 0, 0xffffffff81000110, 0xffffffff81000004,
                         0x401234, *([0] * 13))]
    b = HDR2.pack(b'LTTVITAL', 2, HDR2.size, epoch, base, base + 999,
                  SERIES_T0 + epoch * 10**9, NVITALS, HCA, 2, 1, COLLECTED,
                  len(samples), len(cells), 0, 0, 0, 0, len(stacks), 0, 0, 0)
    for v in range(NVITALS):
        b += SUM.pack(tot[v], tot[v]) if v in tot else SUM.pack(0, 0)
    for c in cells:
        b += CELL.pack(*c)
    for s in samples:
        b += SAMPLE2.pack(*s[:12], 1 if s[1] == 0xf00d else 0, s[12])
    for st in stacks:
        b += st
    return b + TRAILER.pack(b'LTTVEND', epoch)


def main():
    if sys.argv[1] == '--gtk':
        d = sys.argv[2]
        os.makedirs(d)
        for e in range(8):
            if e == 6:
                continue
            with open(os.path.join(d, 'vitals-%08d.ltv' % e), 'wb') as f:
                f.write(gtk_epoch_file(e))
        with open(os.path.join(d, 'kallsyms'), 'w') as f:
            f.write(GTK_KALLSYMS)
        return
    if sys.argv[1] == '--series':
        d = sys.argv[2]
        os.makedirs(d)
        for e in range(SERIES_N):
            if e in SERIES_LOST:
                continue
            data = epoch_file(e, 9000 if e == SERIES_BURST else 1003,
                              wall=SERIES_T0 + e * SERIES_EPOCH)
            if e == SERIES_CUT:
                data = data[:100]
            with open(os.path.join(d, 'vitals-%08d.ltv' % e), 'wb') as f:
                f.write(data)
        return
    if sys.argv[1] == '--span':
        d, start, end = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        os.makedirs(d)
        ln = (end - start) // 4
        for e in range(8):
            if e == 6:
                continue
            t0 = start + e * ln
            data = epoch_file(e, 9000 if e == 3 else 1003,
                              wall=SERIES_T0 + e * 10**9, span=(t0, t0 + ln))
            with open(os.path.join(d, 'vitals-%08d.ltv' % e), 'wb') as f:
                f.write(data)
        return
    if sys.argv[1] == '--one':
        e = int(sys.argv[3])
        path = os.path.join(sys.argv[2], 'vitals-%08d.ltv' % e)
        with open(path + '.tmp', 'wb') as f:
            f.write(epoch_file(e, int(sys.argv[4]),
                               partial=sys.argv[5:6] == ['partial']))
        os.rename(path + '.tmp', path)   # as traced does: never half a file
        return
    d = sys.argv[1]
    os.makedirs(d)
    for e in range(7):
        data = epoch_file(e, 9000 if e == 4 else 1003, partial=(e == 5),
                          version=7 if e == 6 else 1)
        if e == 3:
            data = data[:len(data) // 2]
        with open(os.path.join(d, 'vitals-%08d.ltv' % e), 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main()
