"""The checks of tests/guest/46-multinode.t's three-node boot
(tests/lib/multinode.sh three): PASS/FAIL lines for tap.sh's checks().

Usage: threenode-check.py DIR ECHOS REQUESTS OFF2_NS DRIFT2_PPB OFF3_NS DRIFT3_PPB

DIR holds the boot's share (nodeI/t, nodeI/rpc.X), ltt-vm's standard
error (vm.err), merge's model (m/clock-model.json), its --messages
(msgs.json) and paths --json of the merged set (paths.json)."""
import os
import re
import sys

from check import done, load, ok
from multinode import pair_meets, pid, skew, truth, unskew, window_ab, window_bcd

d, echos, reqs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
o2, p2, o3, p3 = (int(x) for x in sys.argv[4:8])

# the hub: every frame it took came from a node's port on 127.0.0.1 and
# went on to the two other nodes' ports there, none refused
err = open(os.path.join(d, 'vm.err')).read()
h = re.search(r'ltt-vm: hub: (\d+) frames from the nodes \(node 1: (\d+), node 2: (\d+), node 3: (\d+)\), '
              r'(\d+) sent on to the others, (\d+) refused', err)
n, f1, f2, f3, sent, refused = (int(x) for x in h.groups()) if h else (0,) * 6
ok(h is not None and min(f1, f2, f3) > 0 and n == f1 + f2 + f3 and sent == 2 * n and refused == 0,
   "the hub: %d frames from the nodes (%d, %d, %d), each sent on to the other two (%d), %d refused "
   "(not from a node's port on 127.0.0.1)" % (n, f1, f2, f3, sent, refused))

# the truth: raw2 = raw1 + D12, raw3 = raw2 + D23, bounded by the RPC's
# ground truth (A and B; B's calls and C's and D's)
a = truth(os.path.join(d, 'node1', 'rpc.a'))
b = truth(os.path.join(d, 'node2', 'rpc.b'))
c = truth(os.path.join(d, 'node3', 'rpc.c'))
dd = truth(os.path.join(d, 'node3', 'rpc.d'))
n_full = sum(1 for i in a if not a[i][0])
lo12, hi12, n12 = window_ab(a, b)
lo23, hi23, n23 = window_bcd(b, c, dd)
good = n12 == reqs and n23 == reqs + n_full and lo12 <= hi12 and lo23 <= hi23
ok(len(a) == reqs and good,
   "the RPC's truth bounds the guests' clocks: node 2 = node 1 + [%.3f, %.3f] ms (%d requests), "
   "node 3 = node 2 + [%.3f, %.3f] ms (%d calls, %d of them to C)"
   % ((lo12 or 0) / 1e6, (hi12 or 0) / 1e6, n12, (lo23 or 0) / 1e6, (hi23 or 0) / 1e6, n23, n_full))
if not good:
    done()
    sys.exit(0)

m = load(os.path.join(d, 'm', 'clock-model.json'))
hs, ps = m['hosts'], m['pairs']
ok([x['hostname'] for x in hs] == ['ltt-node1', 'ltt-node2', 'ltt-node3'] and
   all(x['synchronised'] for x in hs),
   "all three hosts synchronised: %s" % ', '.join('%s %s' % (x['hostname'], x.get('reason', 'synchronised'))
                                                for x in hs))
got = sorted((p['a'], p['b'], p['messages_ab'], p['messages_ba'], p['state']) for p in ps)
# each pair's messages each way: its two runs of echoes (one message each
# way per echo) and the RPC's requests and replies, or B's calls
e01, e12 = reqs + 2 * echos, reqs + n_full + 2 * echos
want = [(0, 1, e01, e01, 'synchronised'), (1, 2, e12, e12, 'synchronised')]
tree = [(x['parent'], None if x['pair'] is None else (ps[x['pair']]['a'], ps[x['pair']]['b'])) for x in hs]
ok(got == want and tree == [(None, None), (0, (0, 1)), (1, (1, 2))],
   "the spanning tree: node 2 through the pair node 1-node 2, node 3 through the pair node 2-node 3, the "
   "only pairs with messages, each with exactly its echoes' and the RPC's messages each way (pairs %s; "
   "parents and pairs %s)" % (got, tree))
if got != want:
    done()
    sys.exit(0)
p01 = next(p for p in ps if (p['a'], p['b']) == (0, 1))
p12 = next(p for p in ps if (p['a'], p['b']) == (1, 2))

# each pair's drift bounds hold its truth, its bounds at both ends of its
# span meet the truth's window: node 2's trace time is skew2(raw1 + D12);
# node 3's at node 2's trace time t is skew3(unskew2(t) + D23)
for p, name, drift, lo, hi in (
        (p01, 'node 1-node 2', p2 / 1e3,
         lambda t: skew(t + lo12, o2, p2), lambda t: skew(t + hi12, o2, p2)),
        (p12, 'node 2-node 3', ((1 + p3 / 1e9) / (1 + p2 / 1e9) - 1) * 1e6,
         lambda t: skew(unskew(t, o2, p2) + lo23, o3, p3), lambda t: skew(unskew(t, o2, p2) + hi23, o3, p3))):
    meets = pair_meets(p, lo, hi)
    ok(p['drift_ppm_lo'] <= drift <= p['drift_ppm_hi'] and all(x[5] for x in meets),
       "pair %s: the drift %.3f ppm in its bounds [%.3f, %.3f]; its bounds at the span's start and end "
       "%s meet the truth %s (us from the truth's low end)"
       % (name, drift, p['drift_ppm_lo'], p['drift_ppm_hi'],
          ['[%.1f, %.1f]' % ((x[2][0] - x[3]) / 1e3, (x[2][1] - x[3]) / 1e3) for x in meets],
          ['[0, %.1f]' % ((x[4] - x[3]) / 1e3) for x in meets]))

# node 3's clock (host 2) as the model composes it through node 2: its
# drift in the product of the pairs' drift bounds, the truth's -50 ppm
# too; its accuracy the sum of the pairs' widths; at the ends of the
# pair node 2-node 3's span (on node 1's clock), its estimate within its
# accuracy of the truth's window skew3(raw1 + D12 + D23)
h1, h2 = hs[1], hs[2]
dlo = ((1 + p01['drift_ppm_lo'] * 1e-6) * (1 + p12['drift_ppm_lo'] * 1e-6) - 1) * 1e6
dhi = ((1 + p01['drift_ppm_hi'] * 1e-6) * (1 + p12['drift_ppm_hi'] * 1e-6) - 1) * 1e6
acc = h2['accuracy_ns']
ok(dlo <= p3 / 1e3 <= dhi and dlo <= h2['drift_ppm'] <= dhi and
   abs(acc - p01['width_ns'] - p12['width_ns']) <= 0.2,
   "node 3: its drift %.3f ppm and the truth's %.3f ppm within the pairs' composed bounds [%.3f, %.3f] ppm; "
   "its accuracy %.1f us the sum of the pairs' widths (%.1f + %.1f us)"
   % (h2['drift_ppm'], p3 / 1e3, dlo, dhi, acc / 1e3, p01['width_ns'] / 1e3, p12['width_ns'] / 1e3))
for end, t2 in (('start', p12['span_start_ns']), ('end', p12['span_end_ns'])):
    t1 = (t2 - h1['offset_ns']) / (1 + h1['drift_ppm'] * 1e-6)
    tl, th = skew(t1 + lo12 + lo23, o3, p3), skew(t1 + hi12 + hi23, o3, p3)
    est = h2['offset_ns'] + (1 + h2['drift_ppm'] * 1e-6) * t1
    ok(tl - acc <= est <= th + acc,
       "node 3 at the span's %s: the estimate %.1f us within its accuracy %.1f us of the truth [%.1f, %.1f] us "
       "(node 3's time - 0.7 s - node 1's)" % (end, (est - t1 - o3) / 1e3, acc / 1e3, (tl - t1 - o3) / 1e3,
                                                (th - t1 - o3) / 1e3))

# every message received after it was sent, on the corrected clocks
x = load(os.path.join(d, 'msgs.json'))
bad = [q for q in x['list'] if q['transit_ns'] is None or q['recv_ref_ns'] <= q['send_ref_ns']]
ok(x['messages'] == 2 * e01 + 2 * e12 and not bad and x['inverted'] == 0,
   "every one of the %d messages (the echoes, the RPC's requests and replies, B's calls and their returns) is "
   "received "
   "after it is sent on the corrected clocks (fastest %.1f us; %d not)"
   % (x['messages'], x['min_transit_ns'] / 1e3, len(bad)))

# the RPC's paths across the three hosts, exactly the truth's counts
nm = {r: '%s:ltt-rpc-%d' % (host, pid(os.path.join(d, node, 'rpc.' + r.lower())))
      for r, host, node in (('A', 'ltt-node1', 'node1'), ('B', 'ltt-node2', 'node2'),
                            ('C', 'ltt-node3', 'node3'), ('D', 'ltt-node3', 'node3'))}
full = '%s(%s(%s,%s))' % (nm['A'], nm['B'], nm['C'], nm['D'])
skip = '%s(%s(%s))' % (nm['A'], nm['B'], nm['D'])
pats = {q['key']: q['count'] for q in load(os.path.join(d, 'paths.json'))['patterns']}
ok((pats.get(full), pats.get(skip)) == (n_full, reqs - n_full),
   "paths across the three hosts: %s and %s, exactly the truth's %s times (%s)"
   % (full, skip, (n_full, reqs - n_full), (pats.get(full), pats.get(skip))))
done()
