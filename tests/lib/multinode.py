"""The truth of the multi-node boots (tests/lib/multinode.sh): the module's
test clock and the RPC workload's ground truth, for
tests/guest/46-multinode.t and scripts/bench-sync.

The guests' own clocks tick with the host's (TCG: no drift of their own)
from different boots, so node J's raw CLOCK_MONOTONIC is node I's plus an
unknown D; the RPC's ground truth on each side bounds D (a message is
received after it is sent).  A skewed node's trace clock is its test
clock of its raw clock (include/ltt/ltt-clock.h)."""
import os


def skew(t, off, ppb):
    """the test clock of raw time t (ns)"""
    return t + off + t * ppb / 1e9


def unskew(t, off, ppb):
    """the raw time of test-clock time t"""
    return (t - off) / (1 + ppb / 1e9)


def truth(path):
    """an RPC process's ground truth: {request id: [columns after it]}
    (ltt-rpc.c: A "SKIP SEND RECV", B "SKIP RECV CSEND CRECV DSEND DRECV
    REPLY", C and D "RECV REPLY")"""
    with open(path) as f:
        return {int(w[1]): [int(x) for x in w[2:]] for w in (l.split() for l in f) if w[0] != 'pid'}


def pid(path):
    with open(path) as f:
        return int(next(l.split()[1] for l in f if l.startswith('pid')))


def window_ab(a, b):
    """(lo, hi, n): D of B's node against A's (raw B = raw A + D) from
    the requests both logged: B received after A sent, A received the
    reply after B sent it"""
    ids = sorted(set(a) & set(b))
    if not ids:
        return None, None, 0
    return (max(b[i][6] - a[i][2] for i in ids), min(b[i][1] - a[i][1] for i in ids), len(ids))


def window_bcd(b, c, d):
    """(lo, hi, n): D of C's and D's node against B's from B's calls:
    C or D received after B called, B had the return after it was sent"""
    hi, lo, n = [], [], 0
    for srv, col in ((c, 2), (d, 4)):
        for i in sorted(set(b) & set(srv)):
            if b[i][col]:
                hi.append(srv[i][0] - b[i][col])
                lo.append(srv[i][1] - b[i][col + 1])
                n += 1
    return (max(lo), min(hi), n) if n else (None, None, 0)


def pair_meets(p, lo, hi):
    """the pair's bounds at its span's start and end each meet the truth
    [lo(t), hi(t)] of b's time at a's time t: [(end, t, bounds, lo, hi,
    met)]"""
    out = []
    for end, t, bnd in (('start', p['span_start_ns'], p['bounds_at_start_ns']),
                        ('end', p['span_end_ns'], p['bounds_at_end_ns'])):
        tl, th = lo(t), hi(t)
        out.append((end, t, bnd, tl, th, bnd[0] <= th and tl <= bnd[1]))
    return out


def two_node_truth(share, off, ppb):
    """the two-node boot's window and the truth of node 2's trace time at
    node 1's t: (lo(t), hi(t), (d_lo, d_hi, n))"""
    a = truth(os.path.join(share, 'node1', 'rpc.a'))
    b = truth(os.path.join(share, 'node2', 'rpc.b'))
    w = window_ab(a, b)
    return (lambda t: skew(t + w[0], off, ppb), lambda t: skew(t + w[1], off, ppb), w)
