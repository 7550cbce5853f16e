#!/bin/bash
# The analyses across hosts (issue 31, "Across hosts"): messages and
# paths on a merged set (tracevisualizer merge's directory), on the
# synthetic two-host traces of tests/lib/synctraces.py (a client "cli" on
# alpha calling a server "srv" on beta over TCP; beta's clock 1.5 s ahead
# and 100 ppm fast; each message 50 us plus a seeded random delay, the
# server replying 200 us after it read the request).  The messages are
# matched across the two traces (the client's connect to 10.0.0.2:7000 is
# the server's accept), their times put on alpha's clock through the
# model: each direction's transit is the truth's delay within the model's
# accuracy, out and back together the truth's within what its drift
# bounds allow over the server's 200 us, and a request's latency is
# exactly the server's time plus its two transits.  The two traces given
# directly give the same.  Then: a host not synchronised is refused,
# clearly, and the same trace twice; the traces are untouched.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
bin=$TOP/tracevisualizer/build/utest
gen=$TOP/tests/lib/synctraces.py
make -s -C tracevisualizer tracevisualizer tools >/dev/null
N=120

mkdir -p "$tmp/g" && python3 "$gen" "$tmp/g" --calls $N --seed 7 --sched &&
	$bin/gen-trace "$tmp/g/A" < "$tmp/g/a.desc" && $bin/gen-trace "$tmp/g/B" < "$tmp/g/b.desc"
ok $? "synctraces + gen-trace write two hosts' traces ($N calls)"
sums() { (cd "$tmp/g" && find A B -type f | sort | xargs sha256sum); }
before=$(sums)
$tv merge -o "$tmp/m" "$tmp/g/A" "$tmp/g/B" > /dev/null
ok $? "merge: both hosts synchronised"

$tv messages --json "$tmp/m" > "$tmp/msgs.json" 2> "$tmp/msgs.err"
ok $? "messages of the merged set: exit status 0"
is "$(cat "$tmp/msgs.err")" "" "messages: no warning (every message seen at both ends)"
$tv paths --json --top 0 "$tmp/m" > "$tmp/paths.json"
ok $? "paths --json of the merged set"
$tv paths "$tmp/m" | sed 's/^/# /'
$tv paths --algorithm convolution --json "$tmp/m" > "$tmp/conv.json"
ok $? "paths --algorithm convolution --json of the merged set"
is "$(sums)" "$before" "the traces are untouched"

checks < <(PYTHONPATH=$TOP/tests/lib python3 - "$tmp" "$N" <<'PY'
import os, sys
from check import ok, load, done
d, n = sys.argv[1], int(sys.argv[2])
tr = load(os.path.join(d, 'g', 'truth.json'))
cm = load(os.path.join(d, 'm', 'clock-model.json'))
h = cm['hosts'][1]
slope = 1 + h['drift_ppm'] * 1e-6
# the model's conversion, as the library's (rounded to the ns)
ref = lambda host, t: t if host == 0 else int((t - h['offset_ns']) / slope + 0.5)
# the truth's: alpha's clock is the true time
true = lambda host, t: t if host == 0 else (t - tr['offset_ns']) / (1 + tr['drift'])

m = load(os.path.join(d, 'msgs.json'))
pairs = {(p['sender'], p['receiver']): p for p in m['pairs']}
ok(m['count'] == 2 * n and sorted(pairs) == [('alpha:cli-10', 'beta:srv-20'), ('beta:srv-20', 'alpha:cli-10')],
   "messages: %d, between alpha:cli-10 and beta:srv-20 (the hosts' prefixes): %s" % (m['count'], sorted(pairs)))
out, back = pairs.get(('alpha:cli-10', 'beta:srv-20'), {}), pairs.get(('beta:srv-20', 'alpha:cli-10'), {})
ok((out.get('calls'), out.get('returns'), out.get('both_ends'), back.get('calls'), back.get('returns'),
    back.get('both_ends')) == (n, 0, n, 0, n, n),
   "messages: %d calls alpha -> beta and %d returns beta -> alpha, each seen at both ends" % (n, n))
for name, p, frm in (('alpha -> beta', out, 0), ('beta -> alpha', back, 1)):
    ms = [x for x in tr['messages'] if x['from'] == frm]
    model = sum(ref(x['to'], x['recv_ns']) - ref(x['from'], x['send_ns']) for x in ms) // len(ms)
    truth = sum(true(x['to'], x['recv_ns']) - true(x['from'], x['send_ns']) for x in ms) / len(ms)
    got = p.get('transit_mean_ns', -1)
    ok(got == model, "%s: the mean transit %d ns is the receives less the sends on alpha's clock "
       "through the model (%d ns)" % (name, got, model))
    ok(abs(got - truth) <= h['accuracy_ns'],
       "%s: the mean transit %.1f us is the truth's delay %.1f us within the model's accuracy %.1f us"
       % (name, got / 1e3, truth / 1e3, h['accuracy_ns'] / 1e3))

j = load(os.path.join(d, 'paths.json'))
pats = [(q['key'], q['count']) for q in j['patterns']]
ok(pats == [('alpha:cli-10(beta:srv-20)', n)] and j['paths'] == n,
   "paths: one pattern across the hosts, alpha:cli-10(beta:srv-20), exactly %d times (%s)" % (n, pats))
q = j['patterns'][0]
srv = q['nodes'][1]
# the server's time: 200 us of true time (its clock runs 100 ppm fast)
ok(srv['latency']['min_ns'] >= 200000 - 30 and srv['latency']['max_ns'] <= 200000 + 30 and
   srv['delay']['total_ns'] == 0,
   "paths: beta:srv-20's own time is its 200 us on beta (%d to %d ns), no delay of its own"
   % (srv['latency']['min_ns'], srv['latency']['max_ns']))
# a request = its two transits + the server's time, exactly (on one clock)
parts = srv['latency']['total_ns'] + srv['transit_mean_ns'] * n
ok(abs(q['total_ns'] - parts) <= n,
   "paths: the requests' total %d ns = the server's time %d + the transits %d x %d ns (within rounding)"
   % (q['total_ns'], srv['latency']['total_ns'], n, srv['transit_mean_ns']))
# out and back together: the model's offset cancels, only its drift
# (within its bounds) over the server's 200 us can differ from the truth
rt = sum(true(x['to'], x['recv_ns']) - true(x['from'], x['send_ns']) for x in tr['messages']) / n
tol = 200e3 * (h.get('drift_ppm', 0) - tr['drift'] * 1e6) * 1e-6
ok(abs(srv['transit_mean_ns'] - rt) <= abs(tol) + 2,
   "paths: the transit out and back, %.3f us, is the truth's %.3f us (within %.0f ns: the model's "
   "drift error over the server's 200 us)" % (srv['transit_mean_ns'] / 1e3, rt / 1e3, abs(tol) + 2))
c = load(os.path.join(d, 'conv.json'))
v = c['convolution']['vertices']
back = [x for x in v[2:] if x['parent'] == 1 and x['name'] == 'alpha:cli-10' and x['count'] == n]
ok(c['messages'] == 2 * n and v[0]['name'] == 'alpha:cli-10' and v[1]['name'] == 'beta:srv-20' and
   v[1]['parent'] == 0 and v[1]['count'] == n and len(back) == 1 and abs(back[0]['mean_ns'] - 200000) <= 100,
   "convolution: alpha:cli-10 -> beta:srv-20 -> alpha:cli-10, %d times, the server's 200 us between (%s)"
   % (n, [(x['name'], x.get('count'), x.get('mean_ns')) for x in v[:3]]))
done()
PY
)

# critical-path across the hosts (the client blocks in its receive, the
# network wakes it; the server likewise): each call crosses to beta and
# back; the segments are the model's conversions of the truth's times
$tv critical-path --json --pid 10 "$tmp/m" > "$tmp/cp.json" 2> "$tmp/cp.err"
ok $? "critical-path --pid 10 of the merged set: exit status 0"
is "$(cat "$tmp/cp.err")" "" "... no warning (no anomaly)"
$tv critical-path --json --pid 20 --host 1 "$tmp/m" > "$tmp/cps.json"
ok $? "critical-path --pid 20 --host 1 (the server) of the merged set"
$tv critical-path --json --pid 10 "$tmp/g/A" "$tmp/g/B" > "$tmp/cpd.json"
ok $? "critical-path of the two traces given directly"
# (the set's model is read back from its JSON, rounded: a ns here and there)
shape="[(x['host'], x['pid'], x['state'], x['depth']) for x in j['critical_path']['segments']]"
is "$(json "$tmp/cpd.json" "$shape")" "$(json "$tmp/cp.json" "$shape")" \
	"... the same path as of the merged set (hosts, tasks, states and depths)"
checks < <(PYTHONPATH=$TOP/tests/lib python3 - "$tmp" "$N" <<'PY'
import os, sys
from check import ok, load, done
d, n = sys.argv[1], int(sys.argv[2])
tr = load(os.path.join(d, 'g', 'truth.json'))
cm = load(os.path.join(d, 'm', 'clock-model.json'))
h = cm['hosts'][1]
slope = 1 + h['drift_ppm'] * 1e-6
ref = lambda t: int((t - h['offset_ns']) / slope + 0.5)
for f, who in (('cp.json', 'client'), ('cps.json', 'server')):
    cp = load(os.path.join(d, f))['critical_path']
    segs = cp['segments']
    tiles = all(a['end_ns'] == b['start_ns'] for a, b in zip(segs, segs[1:])) and \
        segs[0]['start_ns'] == cp['from_ns'] and segs[-1]['end_ns'] == cp['to_ns'] and \
        all(x['duration_ns'] > 0 for x in segs)
    parts = cp['parts']
    ok(tiles and sum(parts.values()) == cp['duration_ns'] and cp['anomalies'] == 0 and
       sum(t['ns'] for t in cp['totals']) == cp['duration_ns'],
       "%s: %d segments tile its %d ns; the parts (on-CPU %d, runnable %d, blocked %d, transit %d) "
       "and the totals add up to it exactly; no anomaly" % (who, len(segs), cp['duration_ns'],
       parts['running_ns'], parts['runnable_ns'], parts['blocked_ns'], parts['transit_ns']))
cp = load(os.path.join(d, 'cp.json'))['critical_path']
segs = cp['segments']
trs = [x for x in segs if x['state'] == 'transit']
ok(len(trs) == 2 * n and all(x['host_name'] == ('beta' if k % 2 == 0 else 'alpha') and
                             x['from_host_name'] == ('alpha' if k % 2 == 0 else 'beta')
                             for k, x in enumerate(trs)),
   "client: %d transits, each request alpha -> beta then its reply beta -> alpha" % len(trs))
sc = tr['sched']
want_tr = sum(ref(c['server_wake']) - c['client_block'] + c['client_wake'] - ref(c['reply']) for c in sc)
ok(cp['parts']['transit_ns'] == want_tr,
   "client: the transit %d ns = from each block to the server's wakeup, and from the reply's send "
   "to the client's wakeup, through the model (%d ns)" % (cp['parts']['transit_ns'], want_tr))
srv = sum(x['duration_ns'] for x in segs if x['host'] == 1 and x['state'] in ('running', 'runnable'))
want_srv = sum(ref(c['reply']) - ref(c['server_wake']) for c in sc)
ok(srv == want_srv and all(x['pid'] == 20 for x in segs if x['host'] == 1),
   "client: beta:srv-20's part, on-CPU and runnable, %d ns = its wakeups to its replies (%d ns), "
   "on the right host" % (srv, want_srv))
steps = [x for x in cp['steps'] if x['message']]
ok(len(steps) == 2 * n and not any(x['anomaly'] for x in steps),
   "client: %d steps followed through a message, none an anomaly" % len(steps))
cs = load(os.path.join(d, 'cps.json'))['critical_path']
own = [x for x in cs['segments'] if x['host'] == 0]
req = [x for x in cs['segments'] if x['state'] == 'transit' and x['host'] == 1]
ok(cs['host'] == 1 and cs['host_name'] == 'beta' and len(req) == n and
   all(x['from_host'] == 0 and x['from_pid'] == 10 for x in req) and
   len([x for x in own if x['state'] == 'running']) >= n and all(x['pid'] == 10 for x in own),
   "server: each request's wait crosses to alpha (the client, up to its send), %d transits alpha -> beta" % len(req))
done()
PY
)
$tv critical-path --pid 10 --host 2 "$tmp/m" > /dev/null 2> "$tmp/h2.err"
is "$?" 2 "critical-path --host 2 of a set of two hosts: a usage error ($(head -c 100 "$tmp/h2.err"))"
$tv critical-path --pid 99 "$tmp/m" > /dev/null 2> "$tmp/p99.err"
is "$?" 1 "critical-path of a task not on the host: exit status 1 ($(head -c 100 "$tmp/p99.err"))"

# the merged set as CTF: a trace per host, each with the clock class that
# puts its times on alpha's (docs/ctf-export.md); babeltrace2 reads the
# two together, every event, in the corrected order
if command -v babeltrace2 > /dev/null; then
	$tv export --ctf "$tmp/ctf" "$tmp/m" > "$tmp/ctf.txt"
	ok $? "export --ctf of the merged set ($(tail -1 "$tmp/ctf.txt"))"
	babeltrace2 --clock-seconds "$tmp/ctf/host-0" "$tmp/ctf/host-1" > "$tmp/bt.txt" 2> "$tmp/bt.err"
	ok $? "babeltrace2 reads the two hosts' CTF traces together"
	ours=0
	for k in 0 1; do
		ours=$((ours + $($tv summary --json "$tmp/g/$([ $k = 0 ] && echo A || echo B)" | python3 -c 'import json,sys; print(json.load(sys.stdin)["events"]["total"])')))
	done
	is "$(wc -l < "$tmp/bt.txt")" "$((ours + 8))" \
		"babeltrace2's events: the two traces' $ours and the 4 state-dump records of each"
	checks < <(PYTHONPATH=$TOP/tests/lib python3 - "$tmp" <<'PY'
import os, re, sys
from check import ok, load, done
d = sys.argv[1]
tr = load(os.path.join(d, 'g', 'truth.json'))
cm = load(os.path.join(d, 'm', 'clock-model.json'))
h = cm['hosts'][1]
slope = 1 + h['drift_ppm'] * 1e-6
ref = lambda host, t: t if host == 0 else (t - h['offset_ns']) / slope
wall0 = 1700000000000000000 - 1000000000   # alpha's CLOCK_REALTIME - CLOCK_MONOTONIC
lines = [re.match(r'\[(\d+)\.(\d{9})\] \S+ (\w+) (\S+):', l).groups() for l in open(os.path.join(d, 'bt.txt'))]
ts = [int(a) * 10**9 + int(b) for a, b, _, _ in lines]
ok(all(x <= y for x, y in zip(ts, ts[1:])), "babeltrace2 prints the %d events in time order" % len(ts))
# each message's receive record after its send's, on the corrected clocks
recv = {'alpha': [t for t, l in zip(ts, lines) if l[2] == 'alpha' and l[3] == 'socket_recv'],
        'beta': [t for t, l in zip(ts, lines) if l[2] == 'beta' and l[3] == 'socket_recv']}
# the socket_recv records are at the truth's receive times (synctraces.py)
want = {'alpha': [wall0 + ref(0, m['recv_ns']) for m in tr['messages'] if m['to'] == 0],
        'beta': [wall0 + ref(1, m['recv_ns']) for m in tr['messages'] if m['to'] == 1]}
err = max(abs(a - b) for k in recv for a, b in zip(recv[k], want[k]))
ok(all(len(recv[k]) == len(want[k]) for k in recv) and err <= 3,
   "every receive's time in babeltrace2 is the model's conversion of its host's time (%d + %d receives, "
   "within %.0f ns; <= 3 ns: the clock's frequency rounded to the Hz)" % (len(recv['alpha']), len(recv['beta']), err))
sends = [t for t, l in zip(ts, lines) if l[3] == 'socket_send']
order = sorted(zip(sends + recv['alpha'] + recv['beta'], ['s'] * len(sends) + ['r'] * (len(recv['alpha']) + len(recv['beta']))))
ok(''.join(x for _, x in order) == 'sr' * (len(order) // 2),
   "sends and receives alternate in babeltrace2's order, each receive after its send (%d messages)" % (len(order) // 2))
done()
PY
)
else
	skip_missing "babeltrace2 (scripts/setup-deps): the merged CTF export not read back"
fi

# several traces given directly: the same, synchronised as merge does
$tv paths --json --top 0 "$tmp/g/A" "$tmp/g/B" > "$tmp/direct.json"
ok $? "paths of the two traces given directly"
is "$(json "$tmp/direct.json" "[(q['key'], q['count'], q['total_ns']) for q in j['patterns']]")" \
	"$(json "$tmp/paths.json" "[(q['key'], q['count'], q['total_ns']) for q in j['patterns']]")" \
	"... the same patterns, counts and times as of the merged set"
$tv messages "$tmp/g/A" "$tmp/g/A" > /dev/null 2> "$tmp/twice.err"
is "$?" 2 "messages of the same trace twice: a usage error ($(head -c 150 "$tmp/twice.err"))"

# a host not synchronised: said, nothing placed
mkdir -p "$tmp/few" && python3 "$gen" "$tmp/few" --calls 1 &&
	$bin/gen-trace "$tmp/few/A" < "$tmp/few/a.desc" && $bin/gen-trace "$tmp/few/B" < "$tmp/few/b.desc"
ok $? "two hosts with one call between them"
$tv merge -o "$tmp/mf" "$tmp/few/A" "$tmp/few/B" > /dev/null 2>&1
is "$?" 5 "merge: host 1 not synchronised (exit status 5)"
$tv messages "$tmp/mf" > "$tmp/few.out" 2> "$tmp/few.err"
is "$?" 1 "messages of a set with a host not synchronised: exit status 1"
grep -q "host 1 (beta) is not synchronised: its times cannot be put on the reference's clock" "$tmp/few.err"
ok $? "... saying which host and why ($(head -c 200 "$tmp/few.err"))"
is "$(wc -c < "$tmp/few.out")" 0 "... and printing no message"
$tv paths "$tmp/few/A" "$tmp/few/B" > /dev/null 2> "$tmp/few2.err"
is "$?" 1 "paths of the two traces given directly: exit status 1"
grep -q "host 1 (beta) is not synchronised" "$tmp/few2.err"
ok $? "... saying which host ($(head -c 160 "$tmp/few2.err"))"
$tv critical-path --pid 10 "$tmp/mf" > "$tmp/fcp.out" 2> "$tmp/fcp.err"
is "$?" 1 "critical-path of a set with a host not synchronised: exit status 1"
grep -q "host 1 is not synchronised" "$tmp/fcp.err" && [ ! -s "$tmp/fcp.out" ]
ok $? "... saying which host, printing no path ($(head -c 160 "$tmp/fcp.err"))"
$tv paths --explain "$tmp/m" > /dev/null 2> "$tmp/x.err"
is "$?" 2 "paths --explain of a merged set: a usage error, said ($(head -c 120 "$tmp/x.err"))"
done_testing
