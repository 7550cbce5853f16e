#!/bin/bash
# Causal paths (issue 16): the message layer and the nesting and
# convolution algorithms of Aguilera et al., on message traces of known
# structure written by utest/gen-rpc (with their ground truth), skewed by
# utest/skew, on a hand-built pcap file and on a hand-built trace with
# socket endpoints whose every time is known (--explain).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
bin=$TOP/tracevisualizer/build/utest
gen=$bin/gen-rpc
make -s -C tracevisualizer tracevisualizer tools >/dev/null

# the paper's example (Figure 2), 70 % of the requests calling C then D,
# 30 % D only; B waits 5 ms, C computes 20 ms, B waits 2 ms, D 10 ms
P1='70:A{B{5ms~1ms C{20ms~2ms} 2ms~0.5ms D{10ms~1ms}}}'
P2='30:A{B{5ms~1ms D{10ms~1ms}}}'
P1D='70:A{B{5ms~1ms C{20ms~2ms} 202ms~0.5ms D{10ms~1ms}}}'

# pat FILE.json K FIELD : pattern K's (0-based) FIELD
pat() { json "$1" "j['patterns'][$2]['$3']"; }
# hop FILE.json KEY NODE WHAT : the mean (ns) of WHAT (latency, delay) of
# the first node named NODE in the pattern KEY
hop() { json "$1" "[n for p in j['patterns'] if p['key']=='$2' for n in p['nodes'] if n['name']=='$3'][0]['$4']['mean_ns']"; }
# the share of call pairs whose parent is the true one, in thousandths
right() {
	awk 'NR==FNR { if ($1 == "call") t[$2] = $3; next }
	     { n++; if (t[$1] == $2) ok++ }
	     END { printf "%d\n", n ? 1000 * ok / n : 0 }' "$1" "$2"
}

# 1. one client: every pattern and count exact
$gen --requests 400 --seed 1 --truth "$tmp/one.truth" "$P1" "$P2" > "$tmp/one.msg"
ok $? "gen-rpc writes a one-client trace"
$tv paths --messages "$tmp/one.msg" --json --top 0 > "$tmp/one.json"
ok $? "paths --messages --json"
got=$(json "$tmp/one.json" "' '.join('%s=%d' % (p['key'], p['count']) for p in j['patterns'])")
want=$(awk '$1 == "pattern" { print $2 "=" $3 }' "$tmp/one.truth" | sort -t= -k2 -rn | paste -sd' ')
is "$got" "$want" "one client: the patterns and their counts are the truth's"
$tv paths --messages "$tmp/one.msg" --parents > "$tmp/one.par"
is "$(right "$tmp/one.truth" "$tmp/one.par")" 1000 "one client: every parent right"
# B's delay before calling C, from the messages and the truth alone
want=$(python3 - "$tmp/one.msg" "$tmp/one.truth" <<'PY'
import sys
recv = {}; send = {}; parent = {}
for l in open(sys.argv[1]):
    t, k, s, r, i, rt = l.split()
    if k == 'CALL':
        send[i] = int(t.replace('.', '')); recv[i] = int(rt.replace('.', ''))
for l in open(sys.argv[2]):
    w = l.split()
    if w[0] == 'call': parent[w[1]] = w[2]
d = []
for i, p in parent.items():
    if p != '-' and i in send:
        # the calls to C: those made first by their parent
        sib = sorted(c for c, q in parent.items() if q == p)
        if len(sib) == 2 and i == min(sib, key=lambda c: send[c]):
            d.append(send[i] - recv[p])
print(sum(d) // len(d))
PY
)
is "$(hop "$tmp/one.json" 'A(B(C,D))' C delay)" "$want" "one client: B's delay before calling C is the truth's mean, to the ns"

# 2. two concurrent clients: >= 95 % of the parents right, the top two right
$gen --clients 2 --think 1ms:5ms --requests 1000 --seed 3 --truth "$tmp/two.truth" "$P1" "$P2" > "$tmp/two.msg"
$tv paths --messages "$tmp/two.msg" --parents > "$tmp/two.par"
r=$(right "$tmp/two.truth" "$tmp/two.par")
ok $(( r >= 950 ? 0 : 1 )) "two clients: $r/1000 of the parent choices right (>= 950)"
$tv paths --messages "$tmp/two.msg" --json > "$tmp/two.json"
is "$(pat "$tmp/two.json" 0 key) $(pat "$tmp/two.json" 1 key)" "A(B(C,D)) A(B(D))" \
	"two clients: the top two patterns are the truth's, in order"
is "$(json "$tmp/two.json" "j['nesting']['unmatched_calls'] + j['nesting']['unmatched_returns']")" 0 \
	"two clients: every call matched with its return"

# 3. +200 ms at B before it calls D: that hop only, +200 ms within 2 %
for c in 1 2; do
	$gen --clients $c --think 1ms:5ms --requests 1000 --seed 5 "$P1" "$P2" > "$tmp/n$c.msg"
	$gen --clients $c --think 1ms:5ms --requests 1000 --seed 5 "$P1D" "$P2" > "$tmp/d$c.msg"
	$tv paths --messages "$tmp/n$c.msg" --json > "$tmp/n$c.json"
	$tv paths --messages "$tmp/d$c.msg" --json > "$tmp/d$c.json"
	res=$(python3 - "$tmp/n$c.json" "$tmp/d$c.json" <<'PY'
import json, sys
def hops(f):
    j = json.load(open(f))
    p = [p for p in j['patterns'] if p['key'] == 'A(B(C,D))'][0]
    return {n['name']: (n['delay']['mean_ns'], n['latency']['mean_ns']) for n in p['nodes'][2:]}
a, b = hops(sys.argv[1]), hops(sys.argv[2])
dd = b['D'][0] - a['D'][0]
others = [(b['C'][0], a['C'][0]), (b['C'][1], a['C'][1]), (b['D'][1], a['D'][1])]
# the other hops move by less than 2 % of the 200 ms
print('ok' if abs(dd - 200e6) <= 4e6 else 'bad +%d ns' % dd,
      'ok' if all(abs(x - y) <= 4e6 for x, y in others) else 'bad %s' % others)
PY
)
	is "$res" "ok ok" "$c client(s): +200 ms at B shows on B -> D's delay (200 ms +- 2 %); C's delay, C's and D's latency move by less than 2 % of it"
done

# 4. 1 % of the messages lost: the ranking does not change
$gen --clients 2 --think 1ms:5ms --requests 1000 --seed 3 --loss 0.01 "$P1" "$P2" > "$tmp/loss.msg"
a=$(wc -l < "$tmp/two.msg"); b=$(wc -l < "$tmp/loss.msg")
ok $(( (a - b) * 1000 >= 5 * a && (a - b) * 1000 <= 15 * a ? 0 : 1 )) \
	"gen-rpc --loss 0.01 drops 0.5 to 1.5 % of the messages ($a -> $b)"
$tv paths --messages "$tmp/loss.msg" --json --top 4 > "$tmp/loss.json"
is "$(json "$tmp/loss.json" "' '.join(p['key'] for p in j['patterns'][:2])")" \
	"$(json "$tmp/two.json" "' '.join(p['key'] for p in j['patterns'][:2])")" \
	"1 % message loss: the top two patterns in the same order"

# 5. the convolution finds the injected delay within one quantum (1 ms)
$tv paths --messages "$tmp/n1.msg" --algorithm convolution --min-count 100 --json > "$tmp/cn.json"
$tv paths --messages "$tmp/d1.msg" --algorithm convolution --min-count 100 --json > "$tmp/cd.json"
# B -> D delays: the longest (after C) in each trace
bd() { json "$1" "max(v['delay_ns'] for v in j['convolution']['vertices'] if v['name']=='D' and v['parent'] is not None and j['convolution']['vertices'][v['parent']]['name']=='B')"; }
n=$(bd "$tmp/cn.json"); d=$(bd "$tmp/cd.json")
ok $(( d - n >= 199000000 && d - n <= 201000000 ? 0 : 1 )) \
	"convolution: B -> D's delay grows by 200 ms within one quantum ($n -> $d ns)"

# 6. a one-way forwarding chain: found by the convolution, not by nesting
$gen --requests 500 --seed 7 '1:A{>B{30ms~0.2ms >C{50ms~0.2ms >D}}}' > "$tmp/chain.msg"
$tv paths --messages "$tmp/chain.msg" --algorithm convolution --json > "$tmp/chain.json"
is "$(json "$tmp/chain.json" "' '.join('%s:%d:%d' % (v['name'], v['depth'], round(v.get('delay_ns', 0) / 1e6)) for v in j['convolution']['vertices'])")" \
	"A:0:0 B:1:0 C:2:30 D:3:50" "convolution: the chain A -> B -> C -> D with B's 30 ms and C's 50 ms"
is "$(json "$tmp/chain.json" "[v['count'] for v in j['convolution']['vertices'][1:]]")" "[500, 500, 500]" \
	"convolution: every message of the chain on its path"
$tv paths --messages "$tmp/chain.msg" --json > "$tmp/chainn.json"
is "$(json "$tmp/chainn.json" "[j['paths'], j['nesting']['unmatched_calls']]")" "[0, 1500]" \
	"nesting: no path in a chain without returns (1500 calls unmatched)"

# the convolution's pruning, on messages whose every correlation is known:
# ten requests 3 s apart (more than the 1 s of lags searched: no request's
# messages correlate with another's), times whole milliseconds: A -> B;
# B -> C 10 ms after it received; C -> B 20 ms after; B -> C again 5 ms
# after that; with the first B -> C of two requests, B -> D; once A -> E.
# From A: A -> B; at B spikes at 10 ms (to C, and to D) and 37 ms (to C);
# from C (10 ms) a spike at 20 ms to B, and from there at 5 ms to C: the
# edge B -> C again, a cycle; from C (37 ms) none (C sent before). Each
# spike's height is (C(d) - mean) / sigma over the 2001 lags: at B from A,
# C(10) = 8 + 2 sqrt(2) (two quanta of two messages: their square root)
# and C(37) = 10, every other lag 0; at C, C(20) = 10 alone: sqrt(2000).
# --min-count 3 prunes A -> E (1 message) and B -> D (2).
python3 - > "$tmp/cyc.msg" <<'PY'
MS = 10**6
def line(t, s, r, i):
    rt = t + MS
    print('%d.%09d CALL %s %s %s %d.%09d' % (t // 10**9, t % 10**9, s, r, i, rt // 10**9, rt % 10**9))
for k in range(10):
    t = 10 * 10**9 + 3 * k * 10**9
    line(t, 'A', 'B', 'a%d' % k)
    line(t + 11 * MS, 'B', 'C', 'b%d' % k)
    if k < 2:
        line(t + 11 * MS, 'B', 'D', 'd%d' % k)
    line(t + 32 * MS, 'C', 'B', 'c%d' % k)
    line(t + 38 * MS, 'B', 'C', 'e%d' % k)
    if k == 5:
        line(t + 500 * MS, 'A', 'E', 'f')
PY
conv_of() { json "$1" "[j['convolution'][k] for k in ('signal_len', 'correlations', 'pruned_small', 'pruned_cycles', 'cut_depth')] + ['%s:%d:%s:%d:%d' % (v['name'], v['depth'], v['parent'], v.get('count', 0), v.get('delay_ns', 0) // 1000000) for v in j['convolution']['vertices']]"; }
$tv paths --messages "$tmp/cyc.msg" --algorithm convolution --json > "$tmp/cyc1.json"
is "$(conv_of "$tmp/cyc1.json")" \
	'[9871, 4, 0, 1, 0, "A:0:None:0:0", "B:1:0:10:0", "C:2:1:10:10", "B:3:2:10:20", "D:2:1:2:10", "C:2:1:10:37", "A:0:None:0:0", "E:1:6:1:0"]' \
	"convolution: every edge and spike of a known trace, the edge B -> C taken again pruned as a cycle (pruned_cycles 1)"
$tv paths --messages "$tmp/cyc.msg" --algorithm convolution --min-count 3 --json > "$tmp/cyc3.json"
is "$(conv_of "$tmp/cyc3.json")" \
	'[9871, 4, 2, 1, 0, "A:0:None:0:0", "B:1:0:10:0", "C:2:1:10:10", "B:3:2:10:20", "C:2:1:10:37"]' \
	"convolution --min-count 3: A -> E (1 message) and B -> D (2) pruned (pruned_small 2), the cycle still"
read -r h10 h37 h20 < <(python3 -c '
def h(c, x, n=2001):
    m = sum(c) / n
    return (x - m) / ((sum((v - m) ** 2 for v in c) + (n - len(c)) * m * m) / n) ** 0.5
b = [8 + 2 * 2 ** 0.5, 10]
print("%.1f %.1f %.1f" % (h(b, b[0]), h(b, b[1]), h([10], 10)))')
is "$($tv paths --messages "$tmp/cyc.msg" --algorithm convolution --min-count 3)" \
	"Paths of the convolution algorithm: quantum 1.000 ms, 9871 quanta (T/mu, the empty stretches cut), 4 correlations; pruned: 2 edges of too few messages, 1 cycles

A
  -> B  10 msgs
    -> C  10 msgs  delay 10.000 ms (mean 10.000, spike $h10 sigma)
      -> B  10 msgs  delay 20.000 ms (mean 20.000, spike $h20 sigma)
    -> C  10 msgs  delay 37.000 ms (mean 37.000, spike $h37 sigma)" \
	"convolution, text: the counters, edges, delays and the spikes' heights computed from the known correlations ($h10 $h37 $h20 sigma)"

# 7. clock skew: B 50 ms slow; without a skew window returns precede their
# calls, with one the patterns are exact again
$bin/skew B=-0.05 < "$tmp/one.msg" > "$tmp/skew.msg"
ok $? "skew B=-0.05"
$tv paths --messages "$tmp/skew.msg" --json > "$tmp/skew0.json"
ok $(( $(json "$tmp/skew0.json" "j['nesting']['unmatched_returns']") > 0 ? 0 : 1 )) \
	"skewed, no window: returns seen before their calls are unmatched"
$tv paths --messages "$tmp/skew.msg" --skew 0.06 --json --top 0 > "$tmp/skew1.json"
is "$(json "$tmp/skew1.json" "' '.join('%s=%d' % (p['key'], p['count']) for p in j['patterns'])")" \
	"$(json "$tmp/one.json" "' '.join('%s=%d' % (p['key'], p['count']) for p in j['patterns'])")" \
	"skewed, --skew 0.06: the patterns and counts of the unskewed trace"

# smoothing the scoreboard keeps the exact answer of one client; the
# penalties change the choices with two (the overlap penalty off: fewer right)
$tv paths --messages "$tmp/one.msg" --smooth 2 --json --top 0 > "$tmp/smooth.json"
is "$(json "$tmp/smooth.json" "' '.join('%s=%d' % (p['key'], p['count']) for p in j['patterns'])")" \
	"$(json "$tmp/one.json" "' '.join('%s=%d' % (p['key'], p['count']) for p in j['patterns'])")" \
	"--smooth 2: the same patterns and counts with one client"
$tv paths --messages "$tmp/two.msg" --penalties 0,0,0 --parents > "$tmp/two0.par"
r0=$(right "$tmp/two.truth" "$tmp/two0.par")
ok $(( r0 < r ? 0 : 1 )) "--penalties 0,0,0: fewer parents right than with the paper's 2,0,0 ($r0 < $r per 1000)"

# 8. the abstract format round trip, dot, sort by latency
$tv messages --messages "$tmp/one.msg" --list > "$tmp/rt.msg"
cmp -s "$tmp/one.msg" "$tmp/rt.msg"; ok $? "messages --list writes back the file read, byte for byte"
is "$($tv paths --messages "$tmp/two.msg" --dot --top 3 | grep -c 'subgraph cluster_')" 3 "--dot: one cluster per pattern"
$tv paths --messages "$tmp/two.msg" --sort latency --json --top 0 > "$tmp/lat.json"
is "$(json "$tmp/lat.json" "all(a['total_ns'] >= b['total_ns'] for a, b in zip(j['patterns'], j['patterns'][1:]))")" true \
	"--sort latency: by total latency"

# 9. a hand-built trace: three processes on 127.0.0.1-3, the client calls
# srv, which computes 1 ms, calls db (which sleeps 2 ms) and returns
$bin/gen-trace "$tmp/rpc" <<'DESC'
header ncpus=3 end=1000006000 format=1.4
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 10; PPID: 1; TGID: 10; NAME: cli
proc PID: 20; PPID: 1; TGID: 20; NAME: srv
proc PID: 30; PPID: 1; TGID: 30; NAME: db
proc SOCKET: 150; TGID: 20; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -
proc SOCKET: 350; TGID: 30; TYPE: 1; LOCAL: 127.0.0.3:7001; PEER: -
buf cpu=0 start=1000000000 pid=10
1000000000 start 10 0
1000010000 syscall_entry 42
1000010100 socket_endpoint 100 0 3 0 3 2 1 6 inet:127.0.0.1:40000 inet:127.0.0.2:7000
1000010200 syscall_exit 42 0
1000100000 syscall_entry 44
1000110000 socket_send 100 64 64 2 1
1000111000 syscall_exit 44 64
1000120000 syscall_entry 45
1000130000 sched 10 0 1
1005000000 sched 0 10 0
1005010000 socket_recv 100 4096 64 2 1
1005011000 syscall_exit 45 64
buf cpu=1 start=1000000000 pid=20
1000000000 start 20 1
1000005000 syscall_entry 43
1000005100 socket_accept 200 150 4 0 5 2 1 6 inet:127.0.0.2:7000 inet:127.0.0.1:40000
1000005200 syscall_exit 43 4
1000006000 syscall_entry 42
1000006100 socket_endpoint 210 0 5 0 3 2 1 6 inet:127.0.0.2:40001 inet:127.0.0.3:7001
1000006200 syscall_exit 42 0
1000007000 syscall_entry 45
1000008000 sched 20 0 1
1000112000 wakeup 20 1 0
1000115000 sched 0 20 0
1000120000 socket_recv 200 4096 64 2 1
1000121000 syscall_exit 45 64
1001121000 syscall_entry 44
1001130000 socket_send 210 32 32 2 1
1001131000 syscall_exit 44 32
1001140000 syscall_entry 45
1001150000 sched 20 0 1
1004100000 wakeup 20 1 0
1004110000 sched 0 20 0
1004120000 socket_recv 210 4096 32 2 1
1004121000 syscall_exit 45 32
1004200000 syscall_entry 44
1004210000 socket_send 200 64 64 2 1
1004211000 syscall_exit 44 64
1004300000 syscall_entry 45
1004310000 sched 20 0 1
buf cpu=2 start=1000000000 pid=30
1000000000 start 30 2
1000003000 syscall_entry 43
1000003100 socket_accept 300 350 4 0 5 2 1 6 inet:127.0.0.3:7001 inet:127.0.0.2:40001
1000003200 syscall_exit 43 4
1000007000 syscall_entry 45
1000009000 sched 30 0 1
1001135000 wakeup 30 2 0
1001140000 sched 0 30 0
1001150000 socket_recv 300 4096 32 2 1
1001151000 syscall_exit 45 32
1001160000 syscall_entry 35
1001170000 sched 30 0 1
1003170000 wakeup 30 2 0
1003180000 sched 0 30 0
1003190000 syscall_exit 35 0
1004000000 syscall_entry 44
1004010000 socket_send 300 32 32 2 1
1004011000 syscall_exit 44 32
1004020000 syscall_entry 45
1004030000 sched 30 0 1
DESC
ok $? "gen-trace writes an RPC trace with socket endpoints"
is "$($tv messages --list "$tmp/rpc")" "1.000100000 CALL cli-10 srv-20 2.1 1.000120000
1.001121000 CALL srv-20 db-30 1.1 1.001150000
1.004000000 RET db-30 srv-20 1.1 1.004120000
1.004200000 RET srv-20 cli-10 2.1 1.005010000" \
	"messages: TCP matched by byte offset, sent at the syscall's entry, calls from the side that connected"
is "$($tv messages --list --by endpoint "$tmp/rpc" | awk '{print $3, $4}' | paste -sd,)" \
	"127.0.0.1 127.0.0.2,127.0.0.2 127.0.0.3,127.0.0.3 127.0.0.2,127.0.0.2 127.0.0.1" "messages --by endpoint: nodes are IP addresses"
$tv paths --explain --json "$tmp/rpc" > "$tmp/rpc.json"
ok $? "paths --explain --json on a trace"
# srv: [120, 4200) us: on CPU 120-1150 and 4110-4200, blocked in recvfrom
# 1150-4100, runnable 4100-4110; db: [1150, 4000): on CPU 1150-1170 and
# 3180-4000, asleep 1170-3170, runnable 3170-3180
is "$(json "$tmp/rpc.json" "[(n['name'], n['latency']['mean_ns'], n['delay']['mean_ns'], n['transit_mean_ns'], n['explain']['oncpu_ns'], n['explain']['runnable_ns'], n['explain']['blocked_ns']['io'], n['explain']['blocked_ns']['sleep'], n['explain']['other_ns']) for n in j['patterns'][0]['nodes'][1:]]")" \
	'[["srv-20", 4080000, 0, 830000, 1120000, 10000, 2950000, 0, 0], ["db-30", 2850000, 1001000, 149000, 840000, 10000, 0, 2000000, 0]]' \
	"paths --explain: each hop's latency, delay, transit and its split by the callee's state, to the ns"
is "$(json "$tmp/rpc.json" "[j['patterns'][0]['key'], j['patterns'][0]['count'], j['patterns'][0]['total_ns']]")" \
	'["cli-10(srv-20(db-30))", 1, 4910000]' "paths: the pattern, its count and its latency as the client saw it"
is "$(json "$tmp/rpc.json" "[(n['representative']['id'], n['representative']['callee_pid'], n['representative']['call_send_ns'], n['representative']['call_recv_ns'], n['representative']['ret_send_ns'], n['representative']['ret_recv_ns'], n['latency_p50_ns'], n['latency_p90_ns'], n['delay_p90_ns']) for n in j['patterns'][0]['nodes'][1:]] + [j['patterns'][0]['representative']['id']]")" \
	'[["2.1", 20, 1000100000, 1000120000, 1004200000, 1005010000, 4080000, 4080000, 0], ["1.1", 30, 1001121000, 1001150000, 1004000000, 1004120000, 2850000, 2850000, 1001000], "2.1"]' \
	"paths: each hop's representative instance (its id, callee task, four times) and percentiles; the pattern's"

# the plain-text output says what --json says: each line rebuilt from the
# JSON's figures (the header, each pattern's count, total and mean, each
# node's latency mean, p90, min, max, delay, transit and, with --explain,
# the mean split), for this trace and for tests/lib/rpctrace.py's (two
# patterns of 20 and 10 paths whose latencies vary)
text_of_json() {	# FILE.json EXPLAIN(0|1)
	python3 - "$1" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); explain = sys.argv[2] == '1'
ms = lambda ns: '%.3f' % (ns / 1e6)
n = j['nesting']
out = ['Path patterns of the nesting algorithm, by count: %d call pairs, %d paths in %d patterns; '
       'per-node parallelism %.3f; %d calls and %d returns unmatched'
       % (n['call_pairs'], j['paths'], len(j['patterns']), n['parallelism_x1000'] / 1000,
          n['unmatched_calls'], n['unmatched_returns'])]
for p in j['patterns']:
    out += ['', '#%d %s  count %d  total %s ms  mean %s ms' % (p['rank'], p['key'], p['count'],
                                                            ms(p['total_ns']), ms(p['mean_ns']))]
    out.append('  %-28s %11s %11s %11s %11s %11s %11s%s' % ('node', 'latency_ms', 'p90_ms', 'min_ms', 'max_ms',
               'delay_ms', 'transit_ms', '  latency split (ms, mean)' if explain else ''))
    for k, nd in enumerate(p['nodes']):
        name = ' ' * (2 * nd['depth']) + nd['name']
        if not k:
            out.append('  ' + name)
            continue
        l = '  %-28s' % name + ''.join(' %11s' % ms(v) for v in (
            nd['latency']['mean_ns'], nd['latency_p90_ns'], nd['latency']['min_ns'],
            nd['latency']['max_ns'], nd['delay']['mean_ns'], nd['transit_mean_ns']))
        if explain:
            e = nd['explain']; c = e['instances']
            if not c:
                l += '  (callee task not in the trace)'
            else:
                l += '  cpu %s runnable %s' % (ms(e['oncpu_ns'] // c), ms(e['runnable_ns'] // c))
                l += ''.join(' %s %s' % (r, ms(v // c)) for r, v in e['blocked_ns'].items() if v // c)
                if e['other_ns'] // c:
                    l += ' unknown %s' % ms(e['other_ns'] // c)
        if nd['negative']:
            l += '  (%d negative times: clock skew?)' % nd['negative']
        out.append(l)
print('\n'.join(out))
PY
}
$tv paths --top 0 --json "$tmp/rpc" > "$tmp/rpcp.json"
is "$($tv paths --top 0 "$tmp/rpc")" "$(text_of_json "$tmp/rpcp.json" 0)" \
	"paths, text: its lines are the --json figures (the hand-built RPC trace)"
is "$($tv paths --top 0 "$tmp/rpc" | sed -n '3p;6,7p')" "#1 cli-10(srv-20(db-30))  count 1  total 4.910 ms  mean 4.910 ms
    srv-20                           4.080       4.080       4.080       4.080       0.000       0.830
      db-30                          2.850       2.850       2.850       2.850       1.001       0.149" \
	"paths, text: the pattern and its hops as printed (the times above, in ms)"
is "$($tv paths --explain --top 0 "$tmp/rpc")" "$(text_of_json "$tmp/rpc.json" 1)" \
	"paths --explain, text: the split as --explain --json gives it"
python3 "$TOP/tests/lib/rpctrace.py" --requests 30 | $bin/gen-trace "$tmp/rt"
$tv paths --explain --top 0 --json "$tmp/rt" > "$tmp/rt.json"
is "$(json "$tmp/rt.json" "[(p['key'], p['count']) for p in j['patterns']]")" \
	'[["cli-10(srv-20(db-30,cache-40))", 20], ["cli-10(srv-20(cache-40))", 10]]' "rpctrace.py: its two patterns"
is "$($tv paths --explain --top 0 "$tmp/rt")" "$(text_of_json "$tmp/rt.json" 1)" \
	"paths --explain, text: the lines of rpctrace.py's 30 paths are the --json figures (means, p90, min, max)"
is "$($tv paths --top 1 "$tmp/rt" | grep -c '^#')" 1 "paths --top 1, text: one pattern"
# a pattern's mean is the library's (total / count rounded down to the ns)
# in the text too: 4500 ns over 3 paths is 1500 ns, 0.002 ms (the text
# divided the total in ms by the count, 0.0014999..., and printed 0.001)
printf '1.000000000 CALL A B c1\n1.000001000 RET B A c1\n2.000000000 CALL A B c2\n2.000001500 RET B A c2\n3.000000000 CALL A B c3\n3.000002000 RET B A c3\n' > "$tmp/mean.msg"
$tv paths --messages "$tmp/mean.msg" --json > "$tmp/mean.json"
is "$(json "$tmp/mean.json" "[j['patterns'][0][k] for k in ('count', 'total_ns', 'mean_ns')]")" "[3, 4500, 1500]" \
	"paths --json: a pattern of 3 paths, 4500 ns in all, 1500 ns each"
is "$($tv paths --messages "$tmp/mean.msg")" "$(text_of_json "$tmp/mean.json" 0)" \
	"paths, text: the pattern's mean as --json's (0.002 ms), not a mean of its own"

# a hand-built trace's lines: the header and init; connect (T INO LOCAL
# PEER) and accept (T INO LISTENING FD LOCAL PEER) in their system calls;
# a send of N bytes in its system call begun at T (the event 1 us later),
# a receive of N bytes (the event at T, in a call begun 1 us before)
desc_head() { echo "header ncpus=$1 end=$2 format=1.4"; echo "proc PID: 1; PPID: 0; TGID: 1; NAME: init"; }
conn() { echo "$1 syscall_entry 42"; echo "$(($1 + 100)) socket_endpoint $2 0 3 0 3 2 1 6 $3 $4"; echo "$(($1 + 200)) syscall_exit 42 0"; }
acc() { echo "$1 syscall_entry 43"; echo "$(($1 + 100)) socket_accept $2 $3 $4 0 5 2 1 6 $5 $6"; echo "$(($1 + 200)) syscall_exit 43 $4"; }
snd() { echo "$1 syscall_entry 44"; echo "$(($1 + 1000)) socket_send $2 $3 $3 2 1"; echo "$(($1 + 2000)) syscall_exit 44 $3"; }
rcv() { echo "$(($1 - 1000)) syscall_entry 45"; echo "$1 socket_recv $2 4096 $3 2 1"; echo "$(($1 + 1000)) syscall_exit 45 $3"; }

# TCP by byte offset, a message in several sends and several receives: the
# client's 3000-byte request written 1000 + 2000 and read 500 + 2500; the
# server's reply written 100 + 100 (one message: the client sent nothing
# between), then the client's second request (50 bytes, before it read the
# reply) and its reply (300); the client reads 150 (of the first reply)
# then 350 (the first reply's last 50 and the whole second): both replies
# are received by that second read. A message is sent when its first
# send's system call began, received when the read of its last byte returned.
{
	desc_head 2 1000600000
	echo 'proc PID: 10; PPID: 1; TGID: 10; NAME: cli'
	echo 'proc PID: 20; PPID: 1; TGID: 20; NAME: srv'
	echo 'proc SOCKET: 150; TGID: 20; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -'
	echo 'buf cpu=0 start=1000000000 pid=10'
	echo '1000000000 start 10 0'
	conn 1000010000 100 inet:127.0.0.1:40000 inet:127.0.0.2:7000
	snd 1000100000 100 1000
	snd 1000110000 100 2000
	snd 1000300000 100 50
	rcv 1000501000 100 150
	rcv 1000511000 100 350
	echo 'buf cpu=1 start=1000000000 pid=20'
	echo '1000000000 start 20 1'
	acc 1000005000 200 150 4 inet:127.0.0.2:7000 inet:127.0.0.1:40000
	rcv 1000106000 200 500
	rcv 1000116000 200 2500
	snd 1000200000 200 100
	snd 1000210000 200 100
	rcv 1000306000 200 50
	snd 1000400000 200 300
} | $bin/gen-trace "$tmp/tcp"
ok $? "gen-trace writes a TCP trace of split sends and receives"
$tv messages --list --json "$tmp/tcp" > "$tmp/tcp.json"
is "$(json "$tmp/tcp.json" "[(m['kind'], m['sender'], m['receiver'], m['id'], m['bytes'], m['send_ns'], m['recv_ns'], m['sender_pid'], m['receiver_pid'], m['send_only'] or m['recv_only']) for m in j['messages']]")" \
	'[["call", "cli-10", "srv-20", "1.1", 3000, 1000100000, 1000116000, 10, 20, false], ["return", "srv-20", "cli-10", "1.1", 200, 1000200000, 1000511000, 20, 10, false], ["call", "cli-10", "srv-20", "1.2", 50, 1000300000, 1000306000, 10, 20, false], ["return", "srv-20", "cli-10", "1.2", 300, 1000400000, 1000511000, 20, 10, false]]' \
	"messages --json, TCP: a message in two sends and two receives, two messages in one receive, matched by byte offset"
is "$(json "$tmp/tcp.json" "[j['count']] + sorted((p['sender'], p['receiver'], p['calls'], p['returns'], p['bytes'], p['both_ends'], p['transit_mean_ns']) for p in j['pairs'])")" \
	'[4, ["cli-10", "srv-20", 2, 0, 3050, 2, 11000], ["srv-20", "cli-10", 0, 2, 500, 2, 211000]]' \
	"messages --json, TCP: per pair the bytes of every send and the mean transit of (16, 6) and (311, 111) us"
is "$(json "$tmp/tcp.json" "j['warnings']")" \
	'{"lost_events": 0, "send_only": 0, "recv_only": 0, "unknown_socket": 0, "retransmits": 0, "skipped_packets": 0, "old_format": false, "outliers": 0, "outlier": null}' \
	"messages --json, TCP: every byte matched, no warning"

# --by thread: cli's threads 10 and 11 each call srv, whose threads 20 and
# 21 serve one connection each; by thread the nodes are the four tasks,
# by process the two processes (named by their thread group leaders)
{
	desc_head 4 1000400000
	echo 'proc PID: 10; PPID: 1; TGID: 10; NAME: cli'
	echo 'proc PID: 11; PPID: 1; TGID: 10; NAME: cli'
	echo 'proc PID: 20; PPID: 1; TGID: 20; NAME: srv'
	echo 'proc PID: 21; PPID: 1; TGID: 20; NAME: srv'
	echo 'proc SOCKET: 150; TGID: 20; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -'
	echo 'buf cpu=0 start=1000000000 pid=10'
	echo '1000000000 start 10 0'
	conn 1000010000 100 inet:127.0.0.1:40000 inet:127.0.0.2:7000
	snd 1000100000 100 64
	rcv 1000301000 100 32
	echo 'buf cpu=2 start=1000000000 pid=11'
	echo '1000000000 start 11 2'
	conn 1000020000 110 inet:127.0.0.1:40001 inet:127.0.0.2:7000
	snd 1000150000 110 48
	rcv 1000351000 110 16
	echo 'buf cpu=1 start=1000000000 pid=20'
	echo '1000000000 start 20 1'
	acc 1000011000 200 150 4 inet:127.0.0.2:7000 inet:127.0.0.1:40000
	acc 1000021000 210 150 5 inet:127.0.0.2:7000 inet:127.0.0.1:40001
	rcv 1000111000 200 64
	snd 1000200000 200 32
	echo 'buf cpu=3 start=1000000000 pid=21'
	echo '1000000000 start 21 3'
	rcv 1000161000 210 48
	snd 1000250000 210 16
} | $bin/gen-trace "$tmp/thr"
ok $? "gen-trace writes a trace of two threads calling two threads"
is "$($tv messages --list --by thread "$tmp/thr")" "1.000100000 CALL cli-10 srv-20 1.1 1.000111000
1.000150000 CALL cli-11 srv-21 2.1 1.000161000
1.000200000 RET srv-20 cli-10 1.1 1.000301000
1.000250000 RET srv-21 cli-11 2.1 1.000351000" \
	"messages --by thread: the nodes are the threads that sent and received"
is "$($tv messages --list --by process "$tmp/thr" | cut -d' ' -f3,4 | paste -sd,)" \
	"cli-10 srv-20,cli-10 srv-20,srv-20 cli-10,srv-20 cli-10" "messages --by process: the same messages between the two processes"
is "$($tv messages --by thread --json "$tmp/thr" | python3 -c 'import json,sys; print(sorted((p["sender"], p["receiver"], p["calls"], p["returns"], p["bytes"]) for p in json.load(sys.stdin)["pairs"]))')" \
	"[('cli-10', 'srv-20', 1, 0, 64), ('cli-11', 'srv-21', 1, 0, 48), ('srv-20', 'cli-10', 0, 1, 32), ('srv-21', 'cli-11', 0, 1, 16)]" \
	"messages --by thread --json: four pairs of threads"
is "$($tv paths --by thread --json "$tmp/thr" | python3 -c 'import json,sys; print([(p["key"], p["count"]) for p in json.load(sys.stdin)["patterns"]])')" \
	"[('cli-10(srv-20)', 1), ('cli-11(srv-21)', 1)]" "paths --by thread: a pattern per pair of threads"
is "$($tv paths --by process --json "$tmp/thr" | python3 -c 'import json,sys; print([(p["key"], p["count"]) for p in json.load(sys.stdin)["patterns"]])')" \
	"[('cli-10(srv-20)', 2)]" "paths --by process: one pattern of two paths"

# connections open at the start with data in flight: on the first, cli's
# 64-byte request was sent before the trace began, srv reads it, replies,
# and a second exchange follows; the stream offsets start after the bytes
# read before any send of the trace began, else the second request would
# match the first read, received before it was sent. On the second, srv
# reads 16 bytes and cli sends nothing (the connection of the lower socket
# that moves no data: once skipped whole). Both early data one message
# seen only received, and said.
{
	desc_head 2 1000600000
	echo 'proc PID: 10; PPID: 1; TGID: 10; NAME: cli'
	echo 'proc PID: 20; PPID: 1; TGID: 20; NAME: srv'
	echo 'proc SOCKET: 100; TGID: 10; TYPE: 1; LOCAL: 127.0.0.1:40000; PEER: 127.0.0.2:7000'
	echo 'proc SOCKET: 200; TGID: 20; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: 127.0.0.1:40000'
	echo 'proc SOCKET: 101; TGID: 10; TYPE: 1; LOCAL: 127.0.0.1:40002; PEER: 127.0.0.2:7000'
	echo 'proc SOCKET: 201; TGID: 20; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: 127.0.0.1:40002'
	echo 'buf cpu=0 start=1000000000 pid=10'
	echo '1000000000 start 10 0'
	rcv 1000201000 100 32
	snd 1000300000 100 64
	rcv 1000501000 100 32
	echo 'buf cpu=1 start=1000000000 pid=20'
	echo '1000000000 start 20 1'
	rcv 1000051000 201 16
	rcv 1000101000 200 64
	snd 1000150000 200 32
	rcv 1000306000 200 64
	snd 1000400000 200 32
} | $bin/gen-trace "$tmp/pre"
$tv messages --list --json "$tmp/pre" > "$tmp/pre.json" 2> "$tmp/pre.err"
is "$(json "$tmp/pre.json" "[(m['kind'], m['sender'], m['receiver'], m['id'], m['bytes'], m['send_ns'], m['recv_ns'], m['sender_pid'], m['receiver_pid'], m['recv_only']) for m in j['messages']]")" \
	'[["call", "cli-10", "srv-20", "2.1", 16, 1000051000, 1000051000, 0, 20, true], ["call", "cli-10", "srv-20", "1.1", 64, 1000101000, 1000101000, 0, 20, true], ["return", "srv-20", "cli-10", "1.1", 32, 1000150000, 1000201000, 20, 10, false], ["call", "cli-10", "srv-20", "1.2", 64, 1000300000, 1000306000, 10, 20, false], ["return", "srv-20", "cli-10", "1.2", 32, 1000400000, 1000501000, 20, 10, false]]' \
	"TCP open at the start: the data in flight a message seen only received, the in-trace ones matched after it"
grep -q "0 messages seen only sent and 2 only received" "$tmp/pre.err"
ok $? "TCP open at the start: the two messages seen only received, said"
is "$($tv paths --json "$tmp/pre" 2>/dev/null | python3 -c 'import json,sys; j=json.load(sys.stdin); print([(p["key"], p["count"], p["nodes"][1]["latency"]["min_ns"], p["nodes"][1]["latency"]["max_ns"]) for p in j["patterns"]])')" \
	"[('cli-10(srv-20)', 2, 49000, 94000)]" \
	"TCP open at the start: the reply to the request in flight pairs with it (latencies 49 and 94 us)"

# UDP datagrams matched by order: a -> b (read without its source: from the
# one endpoint that sent to b), b -> c (received with recvfrom)
$bin/gen-trace "$tmp/udp" <<'DESC'
header ncpus=1 end=1000100000 format=1.4
proc PID: 10; PPID: 1; TGID: 10; NAME: a
proc PID: 20; PPID: 1; TGID: 20; NAME: b
proc PID: 30; PPID: 1; TGID: 30; NAME: c
proc SOCKET: 200; TGID: 20; TYPE: 2; LOCAL: 127.0.0.2:7101; PEER: -
proc SOCKET: 300; TGID: 30; TYPE: 2; LOCAL: 127.0.0.3:7102; PEER: -
buf cpu=0 start=1000000000 pid=10
1000000000 start 10 0
1000001000 socket_endpoint 100 0 3 0 2 2 2 17 inet:127.0.0.1:7100 -
1000010000 syscall_entry 44
1000011000 socket_send 100 32 32 2 2 inet:127.0.0.2:7101
1000012000 syscall_exit 44 32
1000013000 sched 10 20 1
1000014000 socket_recv 200 32 32 2 2
1000020000 syscall_entry 44
1000021000 socket_send 200 32 32 2 2 inet:127.0.0.3:7102
1000022000 syscall_exit 44 32
1000023000 sched 20 30 1
1000024000 socket_recv 300 32 32 2 2 inet:127.0.0.2:7101
1000025000 sched 30 10 1
1000030000 syscall_entry 44
1000031000 socket_send 100 32 32 2 2 inet:127.0.0.2:7101
DESC
is "$($tv messages --list "$tmp/udp" 2>"$tmp/udp.err" | cut -d' ' -f1-4,6)" "1.000010000 CALL a-10 b-20 1.000014000
1.000020000 CALL b-20 c-30 1.000024000
1.000030000 CALL a-10 b-20 1.000030000" \
	"UDP: datagrams matched by order per pair of endpoints, a receive without its source from the one sender"
grep -q "1 messages seen only sent" "$tmp/udp.err"; ok $? "UDP: the datagram not received before the end is one-sided, and said"
$tv messages "$tmp/udp" >/dev/null 2>"$tmp/udp.err"; ! grep -q "older than 1.4" "$tmp/udp.err"
ok $? "a format 1.4 trace: no warning about its format"
printf 'header ncpus=1 end=1000001000 format=1.3\nbuf cpu=0 start=1000000000 pid=0\n1000000000 start 0 0\n' |
	$bin/gen-trace "$tmp/old"
$tv messages "$tmp/old" >/dev/null 2>"$tmp/old.err"
grep -q "format is older than 1.4: it records no socket endpoints" "$tmp/old.err"
ok $? "an older trace: messages says it records no socket endpoints"
is "$($tv messages --list --by endpoint "$tmp/udp" 2>/dev/null | cut -d' ' -f3,4 | paste -sd,)" \
	"127.0.0.1 127.0.0.2,127.0.0.2 127.0.0.3,127.0.0.1 127.0.0.2" "UDP --by endpoint"

# 10. a pcap file: a TCP exchange (the request in two segments, one sent
# again), a UDP query and its answer, and an ARP packet
python3 - "$tmp/cap.pcap" <<'PY'
import struct, sys
def ip(src, dst, proto, payload):
    h = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(payload), 0, 0, 64, proto, 0,
                    bytes(src), bytes(dst))
    return h + payload
def tcp(sp, dp, seq, flags, data=b''):
    return struct.pack('!HHIIBBHHH', sp, dp, seq, 0, 5 << 4, flags, 65535, 0, 0) + data
def udp(sp, dp, data):
    return struct.pack('!HHHH', sp, dp, 8 + len(data), 0) + data
def eth(payload, etype=0x0800):
    return b'\x02' * 6 + b'\x04' * 6 + struct.pack('!H', etype) + payload
A, B, C = [10, 0, 0, 1], [10, 0, 0, 2], [10, 0, 0, 3]
pk = [
    (1.000, eth(ip(A, B, 6, tcp(40000, 80, 100, 0x02)))),
    (1.0001, eth(ip(B, A, 6, tcp(80, 40000, 500, 0x12)))),
    (1.0002, eth(ip(A, B, 6, tcp(40000, 80, 101, 0x10)))),
    (1.0005, eth(ip(A, B, 6, tcp(40000, 80, 101, 0x18, b'x' * 100)))),
    (1.0010, eth(ip(A, B, 6, tcp(40000, 80, 201, 0x18, b'y' * 50)))),
    (1.0020, eth(ip(A, B, 6, tcp(40000, 80, 101, 0x18, b'x' * 100)))),
    (1.0100, eth(ip(B, A, 6, tcp(80, 40000, 501, 0x18, b'z' * 200)))),
    (1.0150, eth(b'\0' * 28, 0x0806)),
    (1.0200, eth(ip(A, C, 17, udp(5000, 53, b'q' * 30)))),
    (1.0300, eth(ip(C, A, 17, udp(53, 5000, b'r' * 90)))),
    (1.0400, eth(ip(A, B, 6, tcp(40000, 80, 251, 0x11)))),
]
with open(sys.argv[1], 'wb') as f:
    f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for t, p in pk:
        us = round(t * 1e6)
        f.write(struct.pack('<IIII', us // 1000000, us % 1000000, len(p), len(p)) + p)
PY
ok $? "a pcap file written"
is "$($tv messages --pcap "$tmp/cap.pcap" --list 2>"$tmp/cap.err")" "1.000500000 CALL 10.0.0.1 10.0.0.2 0.1 1.001000000
1.010000000 RET 10.0.0.2 10.0.0.1 0.1 1.010000000
1.020000000 CALL 10.0.0.1 10.0.0.3 1.1 1.020000000
1.030000000 RET 10.0.0.3 10.0.0.1 1.1 1.030000000" \
	"--pcap: a TCP direction's segments one message, UDP datagrams, the opener calls"
grep -q "1 TCP retransmissions dropped" "$tmp/cap.err"; ok $? "--pcap: the retransmission dropped, and said"
grep -q "1 packets not TCP or UDP" "$tmp/cap.err"; ok $? "--pcap: the ARP packet skipped, and said"
is "$($tv messages --pcap "$tmp/cap.pcap" --ports --list 2>/dev/null | head -1 | awk '{print $3, $4}')" \
	"10.0.0.1:40000 10.0.0.2:80" "--pcap --ports: nodes are addresses and ports"
$tv paths --pcap "$tmp/cap.pcap" --json --top 0 > "$tmp/cap.json" 2>/dev/null
is "$(json "$tmp/cap.json" "' '.join(p['key'] for p in j['patterns'])")" "10.0.0.1(10.0.0.2) 10.0.0.1(10.0.0.3)" \
	"paths --pcap: the two exchanges as paths"

# a trace's captured packets as a pcap file: on lo each packet is seen
# sent and received, written once; then read as a capture
hex=$(python3 - <<'PY'
import struct
def ip(src, dst, payload):
    return struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(payload), 0, 0, 64, 6, 0,
                       bytes(src), bytes(dst)) + payload
def tcp(sp, dp, seq, flags, n):
    return struct.pack('!HHIIBBHHH', sp, dp, seq, 0, 5 << 4, flags, 65535, 0, 0) + b'd' * n
eth = b'\0' * 12 + b'\x08\x00'
A, B = [127, 0, 0, 1], [127, 0, 0, 2]
for f in (eth + ip(A, B, tcp(40000, 7000, 9, 0x02, 0)), eth + ip(A, B, tcp(40000, 7000, 10, 0x18, 64)),
          eth + ip(B, A, tcp(7000, 40000, 99, 0x18, 64))):
    print(len(f), f[:96].hex())
PY
)
{
	echo "header ncpus=1 end=1000100000 format=1.4"
	echo "buf cpu=0 start=1000000000 pid=0"
	echo "1000000000 start 0 0"
	t=1000001000
	while read -r len h; do
		echo "$t net_packet_out 1 $len 2048 772 $h"
		echo "$((t + 500)) net_packet_in 1 $len 2048 772 $h"
		t=$((t + 10000))
	done <<< "$hex"
} | $bin/gen-trace "$tmp/pk"
is "$($tv messages --write-pcap "$tmp/pk.pcap" "$tmp/pk")" "3 packets written to $tmp/pk.pcap" \
	"messages --write-pcap: a loopback packet once (sent), not again received"
is "$($tv messages --pcap "$tmp/pk.pcap" --list)" "1.000011000 CALL 127.0.0.1 127.0.0.2 0.1 1.000011000
1.000021000 RET 127.0.0.2 127.0.0.1 0.1 1.000021000" \
	"the written capture read back: packets cut at 96 bytes keep their length on the wire"
is "$($tv messages --pcap "$tmp/pk.pcap" --json | python3 -c 'import json,sys; print([p["bytes"] for p in json.load(sys.stdin)["pairs"]])')" \
	"[64, 64]" "the payload sizes come from the IP length"

# 11. bad input and bad options: a clear error, never a crash
expect() {	# STATUS TEXT DESC -- ARGS...
	local st=$1 text=$2 desc=$3; shift 4
	"$tv" "$@" > "$tmp/out" 2> "$tmp/err"
	local got=$?
	if [ $got = "$st" ] && grep -q -- "$text" "$tmp/err"; then ok 0 "$desc"
	else ok 1 "$desc"; diag "status $got" "$(cat "$tmp/err")"; fi
}
printf '1.0 CALL A B c1\n1.5 CALLS A B c1\n' > "$tmp/bad.msg"
expect 1 "bad.msg:2: 'CALLS' is neither CALL nor RET" "a bad line: its file, line and word" -- paths --messages "$tmp/bad.msg"
printf '1.0 CALL A B\n' > "$tmp/bad2.msg"
expect 1 "bad2.msg:1: expected TIME CALL|RET" "a short line" -- messages --messages "$tmp/bad2.msg"
printf 'x.5 CALL A B c1\n' > "$tmp/bad3.msg"
expect 1 "bad time 'x.5'" "a bad time" -- paths --messages "$tmp/bad3.msg"
expect 1 "nosuch.msg" "a missing file" -- paths --messages "$tmp/nosuch.msg"
expect 1 "bad.msg" "a file that is not a capture" -- paths --pcap "$tmp/bad.msg"
head -c 100 "$tmp/cap.pcap" > "$tmp/cut.pcap"
"$tv" messages --pcap "$tmp/cut.pcap" > /dev/null 2>&1; st=$?
ok $(( st == 0 || st == 1 ? 0 : 1 )) "a capture cut short: read or refused, no crash (status $st)"
expect 2 "--by needs process, thread or endpoint" "--by with a bad value" -- paths --by host "$tmp/rpc"
expect 2 "--algorithm needs nesting or convolution" "--algorithm with a bad value" -- paths --algorithm x "$tmp/rpc"
expect 2 "--quantum needs seconds" "--quantum 0" -- paths --algorithm convolution --quantum 0 "$tmp/rpc"
expect 2 "--penalties needs X,Y,Z" "--penalties of two numbers" -- paths --penalties 1,2 "$tmp/rpc"
expect 2 "--explain needs a trace" "--explain without a trace" -- paths --explain --messages "$tmp/one.msg"
expect 2 "give one input" "a trace and --pcap" -- paths --pcap "$tmp/cap.pcap" "$tmp/rpc"
expect 2 "options of the convolution algorithm" "--quantum with nesting" -- paths --quantum 0.01 "$tmp/rpc"
expect 2 "no such node" "--root of no node" -- paths --algorithm convolution --root Z --messages "$tmp/one.msg"
expect 2 "with a quantum of 0.000001 ms that is 25758958711 points to correlate, more than 2097152: a quantum of at least 0.013 ms" "T / mu too large" -- paths --algorithm convolution --quantum 0.000000001 --messages "$tmp/one.msg"

# damaged input never crashes: random bytes as either input, the capture
# cut or with bytes overwritten at random places (status 0, 1 or, for a
# span the convolution's quantum cannot cover, 2)
bad=0
for i in $(seq 1 30); do
	head -c $((RANDOM % 4000 + 1)) /dev/urandom > "$tmp/rnd"
	cp "$tmp/cap.pcap" "$tmp/dmg.pcap"
	size=$(stat -c %s "$tmp/dmg.pcap")
	for k in 1 2 3 4; do
		printf "\\x$(printf %02x $((RANDOM % 256)))" |
			dd of="$tmp/dmg.pcap" bs=1 seek=$((24 + RANDOM % (size - 24))) conv=notrunc 2>/dev/null
	done
	head -c $((RANDOM % size)) "$tmp/cap.pcap" > "$tmp/cut.pcap"
	for args in "--messages $tmp/rnd" "--pcap $tmp/rnd" "--pcap $tmp/dmg.pcap" "--pcap $tmp/cut.pcap"; do
		for c in "messages --list" "paths" "paths --algorithm convolution"; do
			# shellcheck disable=SC2086
			$tv $c $args > /dev/null 2>&1
			st=$?
			[ $st -le 2 ] || { bad=$((bad + 1)); diag "$c $args: status $st"; }
		done
	done
done
is "$bad" 0 "random and damaged inputs: a clear error or an answer, never a crash (360 runs)"

# 12. bounded work and memory (issue 36, item 6). The fuzzer's input: 14
# messages, one of them at 19329 s against ~1 s for the rest (with a 1 ms
# quantum 19.3 M quanta: two minutes of CPU and 1.4 GB before). Its
# outlier is named in a warning and left out of the convolution, which
# correlates the other 13 messages' 0.3 s; all under a 200 MB virtual
# memory limit (the work is checked by what it computes, not timed).
cat > "$tmp/bulk.msg" <<'EOF'
1.000000 CALL A B c1
1.001000 CALL B C c2
1.021000 RET C B c2
1.023000 RET B A c1
1.100000 CALL A B c3
1.101000 CALL B C c4
1.121000 RET C B c4
1.123000 RET B A c3
1.200000 CALL A B c5
1.201000 CALL B C c6
1.221000 RET C B c6
1.223000 RET B A c5
1.300000 CALL A B c7
EOF
{ cat "$tmp/bulk.msg"; echo "19329.000000 RET B A c7"; } > "$tmp/outlier.msg"
(ulimit -v 200000; $tv paths --algorithm convolution --messages "$tmp/outlier.msg" --json \
	> "$tmp/outl.json" 2> "$tmp/outl.err")
ok $? "the 14-message file with an outlier runs under a 200 MB virtual memory limit"
is "$(cat "$tmp/outl.err")" "tracevisualizer: warning: 1 message far from the others (docs/paths.md): RET B -> A c7 sent at 19329.000000000 s, 19327.700000000 s after the others (1.000000000 s to 1.300000000 s); the convolution leaves it out" \
	"the outlier is named in a warning: the message, its time, the span of the rest"
is "$(json "$tmp/outl.json" "[j['warnings']['outliers'], j['warnings']['outlier']['time_ns'], j['convolution']['quantum_ns'], j['convolution']['signal_len'], j['convolution']['outliers']]")" \
	"[1, 19329000000000, 1000000, 301, 1]" \
	"JSON: 1 outlier at 19329 s; the default quantum 1 ms over the other messages' 301 quanta, 1 message left out"
$tv paths --algorithm convolution --messages "$tmp/bulk.msg" --json > "$tmp/bulk.json" 2>/dev/null
is "$(json "$tmp/outl.json" "j['convolution']['vertices']")" "$(json "$tmp/bulk.json" "j['convolution']['vertices']")" \
	"the paths are those of the 13 other messages alone"
is "$(json "$tmp/outl.json" "len(j['convolution']['vertices'])")" 19 "(19 vertices)"
(ulimit -v 200000; $tv paths --messages "$tmp/outlier.msg" > /dev/null 2> "$tmp/outn.err")
ok $? "nesting on the same file runs too"
is "$(grep -c 'warning: 1 message far from the others' "$tmp/outn.err")" 1 "nesting: the same warning"

# two bursts of messages two hours apart are not outliers, and the two
# empty hours between them are cut from the signal (no lag within the
# longest delay joins two messages across them): 2923 quanta of 1 ms
awk 'BEGIN { for (b = 0; b < 2; b++) for (i = 0; i < 20; i++) {
	t = 1 + b * 7200 + i * 0.05
	printf "%.6f CALL A B x%d.%d\n%.6f CALL B C y%d.%d\n", t, b, i, t + 0.01, b, i } }' \
	> "$tmp/bursts.msg"
(ulimit -v 200000; $tv paths --algorithm convolution --messages "$tmp/bursts.msg" --json \
	> "$tmp/bursts.json" 2> "$tmp/bursts.err")
is "$?:$(cat "$tmp/bursts.err")" "0:" "two bursts 7200 s apart: no warning, under a 200 MB virtual memory limit"
is "$(json "$tmp/bursts.json" "[j['warnings']['outliers'], j['convolution']['quantum_ns'], j['convolution']['signal_len'], j['convolution']['quantum_auto']] + ['%s:%d:%d' % (v['name'], v.get('count', 0), v.get('delay_ns', 0)) for v in j['convolution']['vertices'][:4]]")" \
	'[0, 1000000, 2923, false, "A:0:0", "B:40:0", "C:40:10000000", "C:38:60000000"]' \
	"two bursts: 1 ms, 1 s + 2 x 961 quanta; A -> B -> C with its 10 ms delay (and, the requests being periodic, 50 ms later...)"

# a request every 0.5 s for two hours: the quantum follows the span (1,
# 2, 5 x 10^k ms, at most 2^21 points correlated), with a warning
awk 'BEGIN { for (i = 0; i <= 14400; i++) { t = 1 + i * 0.5
	printf "%.6f CALL A B x%d\n%.6f CALL B C y%d\n", t, i, t + 0.01, i } }' > "$tmp/dense.msg"
(ulimit -v 200000; $tv paths --algorithm convolution --messages "$tmp/dense.msg" --json \
	> "$tmp/dense.json" 2> "$tmp/dense.err")
ok $? "two hours of requests run under a 200 MB virtual memory limit"
is "$(cat "$tmp/dense.err")" "tracevisualizer: warning: the messages span 7200.010 s: the convolution's quantum is 5.000 ms, not 1 ms, to correlate at most 2097152 points (a quantum given is used as it is)" \
	"a warning says the quantum chosen and why"
is "$(json "$tmp/dense.json" "[j['convolution']['quantum_ns'], j['convolution']['signal_len'], j['convolution']['quantum_auto']] + ['%s:%d:%d' % (v['name'], v.get('count', 0), v.get('delay_ns', 0)) for v in j['convolution']['vertices']]")" \
	'[5000000, 1440003, true, "A:0:0", "B:14401:0", "C:14401:10000000", "C:14400:510000000"]' \
	"the quantum 5 ms, 1440003 quanta; A -> B -> C with its 10 ms delay (and 510 ms after the request before)"
(ulimit -v 200000; $tv paths --algorithm convolution --quantum 1ms --messages "$tmp/dense.msg" \
	> /dev/null 2> "$tmp/denseq.err")
is "$?:$(cat "$tmp/denseq.err")" "2:tracevisualizer: convolution: the messages span 7200.010 s and the delays searched 1.000 s: with a quantum of 1.000000 ms that is 7201012 points to correlate, more than 2097152: a quantum of at least 3.434 ms (or none: it follows the span)" \
	"--quantum 1ms over two hours: a clear error naming the shortest quantum, status 2"

# the nesting algorithm: 300 calls into B open at once, B's 300 calls to
# other nodes each a candidate child of every one (90000 nestings, 90000
# histograms of 512 bins: 370 MB before), and 3000 x 30000 candidates
awk 'BEGIN { for (i = 0; i < 300; i++) printf "%.6f CALL P%d B p%d\n%.6f RET B P%d p%d\n", 1 + i * 1e-6, i, i, 100 + i * 1e-6, i, i
	for (i = 0; i < 300; i++) printf "%.6f CALL B C%d c%d\n%.6f RET C%d B c%d\n", 2 + i * 1e-5, i, i, 2 + i * 1e-5 + 5e-6, i, i }' |
	sort -n > "$tmp/wide.msg"
(ulimit -v 200000; $tv paths --messages "$tmp/wide.msg" > /dev/null 2> "$tmp/wide.err")
is "$?:$(cat "$tmp/wide.err")" "1:tracevisualizer: nesting: the scoreboard needs more than 16384 histograms of 512 bins (one per parent's caller, caller and callee nesting; 64 MiB): the input nests too many different calls (docs/paths.md)" \
	"nesting, 90000 different nestings: a clear error under 200 MB, status 1"
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%.6f CALL P B p%d\n%.6f RET B P p%d\n", 1 + i * 1e-6, i, 100 + i * 1e-6, i
	for (i = 0; i < 30000; i++) printf "%.6f CALL B C c%d\n%.6f RET C B c%d\n", 2 + i * 1e-5, i, 2 + i * 1e-5 + 5e-6, i }' |
	sort -n > "$tmp/deep.msg"
(ulimit -v 200000; $tv paths --messages "$tmp/deep.msg" > /dev/null 2> "$tmp/deep.err")
is "$?:$(cat "$tmp/deep.err")" "1:tracevisualizer: nesting: more than 8388608 candidate parents (calls open at once at their caller, 33000 call pairs): the input nests too many calls at once (docs/paths.md)" \
	"nesting, 3000 calls open under 30000: a clear error under 200 MB, status 1"

# 20000 calls of B open while 20000 others arrive at B, all after B's
# calls were sent: no candidate, but every query examines every open call
# (4 x 10^8, growing as the square): stopped past 2^28, about a second
awk 'BEGIN { for (j = 0; j < 20000; j++) printf "%.6f CALL B C c%d\n%.6f RET C B c%d\n", 0.5 + j * 1e-6, j, 100 + j * 1e-6, j
	for (i = 0; i < 20000; i++) printf "%.6f CALL P B p%d\n%.6f RET B P p%d\n", 1 + i * 1e-6, i, 200 + i * 1e-6, i }' |
	sort -n > "$tmp/open.msg"
(ulimit -v 200000; $tv paths --messages "$tmp/open.msg" > /dev/null 2> "$tmp/open.err")
is "$?:$(cat "$tmp/open.err")" "1:tracevisualizer: nesting: more than 268435456 open calls examined for candidate parents (40000 call pairs): the input nests too many calls at once (docs/paths.md)" \
	"nesting, 20000 x 20000 open calls examined: a clear error, status 1"

# 13. the benchmark script runs (small traces, nothing written)
scripts/bench-paths --smoke > "$tmp/bench.txt" 2>&1
ok $? "scripts/bench-paths --smoke"
is "$(grep -c '^| \(nesting\|convolution\)' "$tmp/bench.txt")" 3 "bench-paths: a nesting row and two convolution rows"

done_testing
