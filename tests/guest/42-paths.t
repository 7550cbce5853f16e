#!/bin/bash
# Causal paths through a real RPC system (issue 16), in one boot: four
# processes on 127.0.0.1-4 (ltt-rpc: A's requests to B, which waits 5 ms,
# calls C which computes 20 ms, waits 2 ms, calls D which sleeps 10 ms;
# 30 % of the requests skip C), each logging its ground truth with
# CLOCK_MONOTONIC; run with one client thread, with two, and with 20 ms
# more at B before C; then a one-way UDP forwarding chain; then the first
# run again across a real NIC (w1: two virtio cards joined by a cable,
# scripts/ltt-vm --wire; A on wire0 as 10.9.0.1, B, C and D on 10.9.0.2-4
# in a network namespace with wire1: A's requests and B's replies go
# through both drivers, B's calls to C and D through the loopback).  The servers
# start before the trace (their listening sockets are in the snapshot),
# the connections are made during it (connect and accept events).  Then
# the front ends on the first run's trace: one screenshot of the window's
# Paths tab and one screen of the TUI's paths view, against paths
# --explain --json (tests/lib/gtkpaths.py, tests/lib/pathcheck.py).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/fdfile.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

VM_ARGS=(--wire)
# the servers are waited for until their sockets are in /proc/net/tcp
# (listening, state 0A) or /proc/net/udp (bound, 07), 20 s at most, not
# for a fixed second: B, C and D on 127.0.0.2-4 (0200007F...) or
# 10.9.0.2-4 (0200090A...), TCP ports 7000-7002 (1B58-1B5A), the chain's
# UDP ports 7101-7103 (1BBD-1BBF)
vm_run "$share" 900 "set -e
socks() {
	f=\$1 st=\$2 n=0; shift 2
	for a; do
		until grep -q \" \$a 00000000:0000 \$st \" \$f; do
			n=\$((n + 1)); [ \$n -le 400 ] || { echo \"no socket \$a in \$f\" >&2; return 1; }
			sleep 0.05
		done
	done
}
run() {
	ltt-rpc serve d --conns \$2 --truth /mnt/share/\$1.d &
	ltt-rpc serve c --conns \$2 --truth /mnt/share/\$1.c &
	ltt-rpc serve b --conns \$2 --extra-ms \$4 --truth /mnt/share/\$1.b &
	socks /proc/net/tcp 0A 0200007F:1B58 0300007F:1B59 0400007F:1B5A
	traced -q --capture 128 -o /mnt/share/\$1 -- ltt-rpc client --threads \$2 --requests \$3 --truth /mnt/share/\$1.a
	wait
}
run p1 1 60 0
run p2 2 100 0
run x1 1 60 20
ltt-rpc chain d --count 30 --truth /mnt/share/ch.d &
ltt-rpc chain c --count 30 --truth /mnt/share/ch.c &
ltt-rpc chain b --count 30 --truth /mnt/share/ch.b &
socks /proc/net/udp 07 0200007F:1BBD 0300007F:1BBE 0400007F:1BBF
traced -q -o /mnt/share/ch -- ltt-rpc chain a --count 30 --truth /mnt/share/ch.a
wait
unshare -n sh -c 'echo \$\$ > /tmp/ns.pid
	while [ ! -e /tmp/ns.go ]; do sleep 0.1; done
	ip link set lo up && ip link set wire1 up &&
		for h in 2 3 4; do ip addr add 10.9.0.\$h/24 dev wire1; done
	for r in d c b; do
		ltt-rpc serve \$r --conns 1 --net 10.9.0 --truth /mnt/share/w1.\$r &
	done
	n=0
	for a in 0200090A:1B58 0300090A:1B59 0400090A:1B5A; do
		until grep -q \" \$a 00000000:0000 0A \" /proc/net/tcp; do
			n=\$((n + 1)); [ \$n -le 400 ] || { touch /tmp/ns.failed; exit 1; }
			sleep 0.05
		done
	done
	touch /tmp/ns.ready
	wait' &
while [ ! -s /tmp/ns.pid ]; do sleep 0.1; done
ip link set wire1 netns \$(cat /tmp/ns.pid)
touch /tmp/ns.go
while [ ! -e /tmp/ns.ready ]; do [ ! -e /tmp/ns.failed ] || exit 1; sleep 0.1; done
ip link set wire0 up && ip addr add 10.9.0.1/24 dev wire0
traced -q --capture 128 -o /mnt/share/w1 -- ltt-rpc client --threads 1 --requests 60 --net 10.9.0 --truth /mnt/share/w1.a
wait"
ok $? "guest ran the RPC workload three times, the UDP chain, and the RPC workload across a wire, under traced"

for t in p1 p2 x1 w1; do
	tracevisualizer paths --json --top 0 "$share/$t" > "$share/$t.json" &&
	tracevisualizer paths "$share/$t" | sed 's/^/# /'
	ok $? "$t: paths --json"
done
tracevisualizer paths --explain --json --top 0 "$share/p1" > "$share/p1.x.json"
ok $? "p1: paths --explain --json"
tracevisualizer paths --explain "$share/p1" | sed 's/^/# /'
tracevisualizer messages --write-pcap "$share/p1.pcap" "$share/p1" > /dev/null &&
tracevisualizer paths --pcap "$share/p1.pcap" --json --top 0 > "$share/p1.pcap.json"
ok $? "p1: the run's packets as a pcap file, and paths --pcap of it"
tracevisualizer paths --by endpoint --algorithm convolution --json "$share/ch" > "$share/ch.json" &&
tracevisualizer paths --by endpoint --json "$share/ch" > "$share/chn.json"
ok $? "chain: paths by endpoint, convolution and nesting"
tracevisualizer paths --by endpoint --algorithm convolution "$share/ch" | sed 's/^/# /'

# the descriptors of the first run's servers, which accept their
# connections: the file (socket) the tooltips and the TUI's info line
# name for every socket call and read or write on a descriptor is the one
# a walk of all the events keeps (tracevisualizer/utest/test-fdfile, its
# checks on the trace LTT_FDFILE_TRACE); some calls are on an accepted
# connection, named by its addresses
fdfile_walk "$share/p1" "p1: every descriptor's file as the walk finds it"

checks < <(PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import os, sys
from check import ok, load, done
d = sys.argv[1]

def truth(name):
    rows, pid = [], None
    for l in open(os.path.join(d, name)):
        w = l.split()
        if w[0] == 'pid':
            pid = int(w[1])
        else:
            rows.append([int(x) for x in w[1:]])
    return pid, rows

def mean(v):
    return sum(v) / len(v) if v else float('nan')

def close(got, want, what):
    tol = max(0.03 * want, 0.5e6)
    return ok(abs(got - want) <= tol, "%s: %.3f ms, truth %.3f ms (within %.3f ms)" %
              (what, got / 1e6, want / 1e6, tol / 1e6))

def run(t):
    p = {r: truth('%s.%s' % (t, r.lower())) for r in 'ABCD'}
    name = {r: 'ltt-rpc-%d' % p[r][0] for r in 'ABCD'}
    full = '%s(%s(%s,%s))' % (name['A'], name['B'], name['C'], name['D'])
    skip = '%s(%s(%s))' % (name['A'], name['B'], name['D'])
    j = load(os.path.join(d, t + '.json'))
    pats = {q['key']: q for q in j['patterns']}
    return p, full, skip, j, pats

def node(pat, i):
    return pat['nodes'][i]

res = {}
for t, threads in (('p1', 1), ('p2', 2), ('x1', 1), ('w1', 1)):
    p, full, skip, j, pats = run(t)
    res[t] = (p, full, skip, pats)
    reqs = p['A'][1]
    n_full = sum(1 for r in reqs if not r[1])
    n_skip = len(reqs) - n_full
    keys = [q['key'] for q in j['patterns'][:2]]
    ok(keys == [full, skip], "%s: the top two patterns are A->B->(C;D) and A->B->(D), in order (%s)"
       % (t, keys))
    got = (pats.get(full, {}).get('count'), pats.get(skip, {}).get('count'))
    if threads == 1:
        ok(got == (n_full, n_skip), "%s: their counts are exactly the truth's %s (%s)"
           % (t, (n_full, n_skip), got))
    else:
        ok(got[0] is not None and got[1] is not None and
           abs(got[0] - n_full) <= 0.1 * n_full and abs(got[1] - n_skip) <= 0.1 * n_skip,
           "%s: their counts within 10 %% of the truth's %s (%s)" % (t, (n_full, n_skip), got))
    if full not in pats:
        continue
    f = pats[full]
    b_rows = [r for r in p['B'][1] if not r[1]]
    # nodes in preorder: A, B, C, D (A, B, D without C)
    close(node(f, 2)['delay']['mean_ns'], mean([r[3] - r[2] for r in b_rows]),
          "%s: B -> C delay" % t)
    close(node(f, 2)['latency']['mean_ns'], mean([r[2] - r[1] for r in p['C'][1]]),
          "%s: C's latency" % t)

# +20 ms at B before C: on that hop only.  Every hop is compared with its
# truth's change between the two runs (the guest's sleeps overshoot by
# more or less from one run to the next): B -> C's delay moves as its
# truth did, about 20 ms; the others as theirs, by no 20 ms
(p1, f1, s1, a), (x1, fx, sx, b) = res['p1'], res['x1']
if f1 in a and fx in b and s1 in a and sx in b:
    def skips(p):
        return {x[0]: x[1] for x in p['A'][1]}
    def lat(p, r, skip):
        sk = skips(p)
        return mean([x[2] - x[1] for x in p[r][1] if sk.get(x[0]) == skip])
    def bdelay(p, skip):
        # B -> C (calls C) or B -> D (skips C): from the request received
        return mean([(x[5] if skip else x[3]) - x[2] for x in p['B'][1] if x[1] == skip])
    hops = {
        "B -> C's delay": (node(b[fx], 2)['delay'], node(a[f1], 2)['delay'],
                           bdelay(x1, 0) - bdelay(p1, 0)),
        "C's latency": (node(b[fx], 2)['latency'], node(a[f1], 2)['latency'],
                        lat(x1, 'C', 0) - lat(p1, 'C', 0)),
        "D's latency": (node(b[fx], 3)['latency'], node(a[f1], 3)['latency'],
                        lat(x1, 'D', 0) - lat(p1, 'D', 0)),
        "D's latency without C": (node(b[sx], 2)['latency'], node(a[s1], 2)['latency'],
                                  lat(x1, 'D', 1) - lat(p1, 'D', 1)),
        "B -> D's delay without C": (node(b[sx], 2)['delay'], node(a[s1], 2)['delay'],
                                     bdelay(x1, 1) - bdelay(p1, 1)),
    }
    for what, (x, y, truth_diff) in hops.items():
        diff = x['mean_ns'] - y['mean_ns']
        first = what == "B -> C's delay"
        ok(abs(diff - truth_diff) <= 2e6 and (abs(truth_diff - 20e6) <= 5e6 if first else
                                              abs(truth_diff) <= 10e6),
           "x1: %s moves by %.3f ms, its truth by %.3f ms (within 2 ms; %s)"
           % (what, diff / 1e6, truth_diff / 1e6,
              "the 20 ms added" if first else "no 20 ms here"))

# --explain: C's time on a CPU, D's asleep
p, full, skip, j, pats = run('p1')
xj = load(os.path.join(d, 'p1.x.json'))
xp = {q['key']: q for q in xj['patterns']}
if full in xp:
    c, dn = node(xp[full], 2), node(xp[full], 3)
    k = c['explain']['instances']
    ok(k == c['latency']['count'], "--explain: every C call's task known (%d of %d)" %
       (k, c['latency']['count']))
    # C spins 20 ms between its receive and its reply: on a CPU all along
    close(c['explain']['oncpu_ns'] / max(k, 1), mean([x[2] - x[1] for x in p['C'][1]]),
          "--explain: C's time on a CPU (its latency, the 20 ms spin included)")
    kd = dn['explain']['instances']
    sl = dn['explain']['blocked_ns']['sleep'] / max(kd, 1)
    busy = (dn['explain']['oncpu_ns'] + dn['explain']['runnable_ns']) / max(kd, 1)
    ok(sl >= 9.5e6 and sl <= dn['latency']['mean_ns'] and sl > busy,
       "--explain: D's latency (%.3f ms) is its 10 ms sleep: blocked in sleep %.3f ms, on a CPU or runnable %.3f ms" %
       (dn['latency']['mean_ns'] / 1e6, sl / 1e6, busy / 1e6))
else:
    # 70 % of the requests call C: the full pattern is always there
    ok(False, "--explain: the full pattern %s is in p1.x.json (%s)" % (full, sorted(xp)))

# the same hop structure from the capture alone
pc = load(os.path.join(d, 'p1.pcap.json'))
reqs = p['A'][1]
n_full = sum(1 for r in reqs if not r[1])
keys = [(q['key'], q['count']) for q in pc['patterns'][:2]]
ok(keys == [('127.0.0.1(127.0.0.2(127.0.0.3,127.0.0.4))', n_full),
            ('127.0.0.1(127.0.0.2(127.0.0.4))', len(reqs) - n_full)],
   "--pcap: the same two patterns and counts from the packets alone (%s)" % keys)

# the one-way chain: found by the convolution, not by nesting
cj = load(os.path.join(d, 'ch.json'))['convolution']['vertices']
path = [(v['name'], v['depth']) for v in cj]
ok(path[:4] == [('127.0.0.1', 0), ('127.0.0.2', 1), ('127.0.0.3', 2), ('127.0.0.4', 3)],
   "chain: the convolution finds 127.0.0.1 -> .2 -> .3 -> .4 (%s)" % path)
# the spike is where the delays are most frequent (quanta of 1 ms)
for k, r in ((2, 'b'), (3, 'c')):
    rows = truth('ch.' + r)[1]
    q = [(x[2] - x[1]) // 1000000 for x in rows]
    mode = max(set(q), key=q.count)
    if len(cj) > k:
        ok(abs(cj[k]['delay_ns'] // 1000000 - mode) <= 1,
           "chain: the delay at %s found within one quantum of the truth's most frequent (%.3f ms; truth: %d ms for %d of %d)"
           % (r.upper(), cj[k]['delay_ns'] / 1e6, mode, q.count(mode), len(q)))
nj = load(os.path.join(d, 'chn.json'))
ok(nj['paths'] == 0, "chain: no path for nesting (no returns; %d calls unmatched)" %
   nj['nesting']['unmatched_calls'])
done()
PY
)

# w1: A's requests and B's replies went through the wire, out of one card
# and into the other (tshark on the run's packets: SLL2 keeps the interface
# and the direction), 60 of each, none through the loopback
tracevisualizer export --pcap "$share/w1.pcap" "$share/w1" > /dev/null
ok $? "w1: the run's packets as a pcap file"
# seg FILTER : "COUNT:IFINDEX:PKTTYPE" of the 64-byte segments FILTER
# picks, each counted once by its ports and raw sequence number (a
# segment TCP sends again, when the emulated wire was slower than its
# timeout, is the same segment; a new one still counts)
seg() {
	tshark -r "$share/w1.pcap" -Y "tcp.len == 64 && $1" -T fields -e sll.ifindex -e sll.pkttype \
		-e tcp.srcport -e tcp.dstport -e tcp.seq_raw | sort -u | awk '{ print $1, $2 }' |
		sort | uniq -c | awk '{ printf "%s:%s:%s ", $1, $2, $3 }'
}
req=$(seg "ip.src == 10.9.0.1 && ip.dst == 10.9.0.2 && tcp.dstport == 7000")
rep=$(seg "ip.src == 10.9.0.2 && ip.dst == 10.9.0.1 && tcp.srcport == 7000")
# COUNT:IFINDEX:PKTTYPE, pkttype 4 out, 0 in: the requests out of one card
# (A's) and into another, the replies the reverse way; not the loopback (1)
checks < <(python3 - "$req" "$rep" <<'PY'
import sys
def parse(v):
    return {(x.split(':')[1], x.split(':')[2]): int(x.split(':')[0]) for x in v.split()}
r, p = parse(sys.argv[1]), parse(sys.argv[2])
outs = [i for i, t in r if t == '4']
ins = [i for i, t in r if t == '0']
good = (len(r) == 2 and len(outs) == 1 and len(ins) == 1 and outs[0] != ins[0] and
        '1' not in outs + ins and r == {(outs[0], '4'): 60, (ins[0], '0'): 60} and
        p == {(ins[0], '4'): 60, (outs[0], '0'): 60})
print("%s w1: 60 requests out of one card and into the other, 60 replies back, none on the loopback (requests %s, replies %s)"
      % ("PASS" if good else "FAIL", sys.argv[1], sys.argv[2]))
print("DONE")
PY
)

# --- the front ends on p1: what they show is paths --explain --json ----------
export PYTHONPATH=$TOP/tests/lib
PY=/usr/bin/python3	# Debian's, with Pillow
if command -v xvfb-run >/dev/null && $PY -c 'import PIL' 2>/dev/null; then
	GTK_THEME=Adwaita timeout 120 xvfb-run -a -s "-screen 0 1280x1200x24" \
		tracevisualizer/tracevisualizer-gtk --size 1280x1200 --view paths \
		--screenshot "$share/p1.png" --dump-paths "$share/p1.dump.json" "$share/p1" 2> "$share/p1.gtk.err"
	ok $? "p1: a screenshot of the window's Paths tab (--view paths)"
	checks < <($PY tests/lib/gtkpaths.py shot "$share/p1.png" "$share/p1.dump.json" "$share/p1.x.json")
else
	skip_missing "xvfb-run or Pillow missing (scripts/setup-deps)"
fi
. "$TOP/tests/lib/tui.sh"
if command -v tmux >/dev/null; then
	tui_setup "$share/tui"
	trap 'tui_cleanup; rm -rf "$share"' EXIT
	tui_start p1 200 50 -- "$share/p1" && tui_key p1 7 && tui_screen p1 > "$share/p1.tui"
	ok $? "p1: the TUI's paths view (7)"
	checks < <(python3 - "$share" <<'PY'
import sys
from check import ok, done
from pathcheck import check_tui, load
d = sys.argv[1]
check_tui(ok, "p1: the TUI", open(d + '/p1.tui').read().split('\n'), load(d + '/p1.x.json'), 0)
done()
PY
)
	is "$(tui_quit p1)" 0 "q: status 0"
else
	skip_missing "tmux missing (scripts/setup-deps)"
fi
done_testing
