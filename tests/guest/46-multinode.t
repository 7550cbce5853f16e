#!/bin/bash
# Two hosts on one clock (issue 31), in one boot of two guests
# (scripts/ltt-vm --nodes 2, 90 s): node 2's trace clock skewed by the
# module's test clock (docs/ltt_tracer.4), +1.5 s and 100 ppm fast, so
# that the truth is known.  Between them: TCP echoes (ltt-netecho, 1500
# each way) before and after the RPC workload of 42-paths.t across the
# two hosts (A, the client, on node 1 at 10.0.1.1; B, the front end, and
# C, D, the back ends, D sleeping 10 ms per call, on node 2 at
# 10.0.1.2-4; each logging its ground truth on its own guest's raw
# CLOCK_MONOTONIC) and UDP echoes; each node traces its side.  Then
# node 2's header against its events (traced on the same skewed clock),
# and tracevisualizer merge of the two traces: the drift within the
# model's drift bounds, the bounds against the guests' offset bounded by
# the RPC's ground truth, their width (docs/multihost.md: what the
# emulator gives), every message received after it was sent on the
# corrected clock (merge --messages); paths of the merged set: the RPC's
# patterns across the hosts with exact counts, D's latency on node 2;
# critical-path of A's client thread: across to node 2 and back, with
# the transits and D's sleeps on node 2.  Friday's predicates over the
# merged set (issue 32): a Lua script counting slow messages per pair
# and the hits of a predicate over both nodes, against both dumps and
# messages --list.  The merged set in babeltrace2 (the CTF export) and in
# the TUI (tmux).  Then a short boot of three guests (below), and
# ltt-vm --nodes' exit status, the worst of the nodes'.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT
read -r SKEW_NS SKEW_PPB < <("$TOP/tests/lib/multinode.sh" skew 2)
REQS=60 ECHOS=1500

# the boot (tests/lib/multinode.sh two, which scripts/bench-sync boots
# too): node 1 waits for node 2 (its address answers) before tracing; the
# clients retry their connections until the servers listen.  Node 1:
# TCP echoes (ECHOS of 32 bytes), UDP echoes (100), the RPC client, TCP
# echoes again: many fast messages each way at both ends of the span
"$TOP/tests/lib/multinode.sh" two "$share" "$ECHOS" "$REQS"
ok $? "two guests ran the RPC workload across their network, each tracing its side"
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP" && cp -a "$share"/. "$KEEP"/; }

n1=$share/node1 n2=$share/node2
tracevisualizer check "$n1/t" > /dev/null && tracevisualizer check "$n2/t" > /dev/null
ok $? "both traces pass check"
# node 2's header (traced) on the module's skewed clock: its first event
# (START's) at the header's start, its last before the header's end
tracevisualizer summary --json "$n2/t" > "$share/n2.json" &&
	tracevisualizer dump "$n2/t" | sed -n 2p > "$share/n2.first" &&
	tracevisualizer dump --reverse "$n2/t" | sed -n 2p > "$share/n2.last"
ok $? "node 2: summary and its first and last events"
tracevisualizer merge -o "$share/m" --messages "$share/msgs.json" "$n1/t" "$n2/t" | sed 's/^/# /'
ok "${PIPESTATUS[0]}" "merge: both hosts synchronised"
# the frames captured (traced --capture) as messages too: closer to the
# wire than the sockets' system calls
tracevisualizer merge --packets -o "$share/mp" "$n1/t" "$n2/t" > /dev/null 2> "$share/mp.err"
ok $? "merge --packets: both hosts synchronised ($(grep -o 'packets: .*' "$share/mp.err"))"
# the RPC across the hosts: paths of the merged set (docs/multihost.md)
tracevisualizer paths --json --top 0 "$share/m" > "$share/paths.json" &&
	tracevisualizer paths --top 4 "$share/m" | sed 's/^/# /'
ok "${PIPESTATUS[0]}" "paths of the merged set"
# the critical path of A's client thread (the sender of the RPC's
# requests, by thread), across the hosts
tracevisualizer messages --by thread --json "$share/m" > "$share/bythread.json" &&
	tracevisualizer processes --threads --json "$n2/t" > "$share/n2procs.json"
ok $? "messages by thread of the merged set, node 2's threads"
apid=$(sed -n 's/^pid //p' "$n1/rpc.a")
atid=$(json "$share/bythread.json" "sorted({p['sender'] for p in j['pairs'] if p['sender'].startswith('ltt-node1:ltt-rpc-') and p['receiver'].startswith('ltt-node2:')})" |
	python3 -c "import ast,sys; v=ast.literal_eval(sys.stdin.read()); print(v[0].rsplit('-', 1)[1] if len(v) == 1 else '')")
[ -n "$atid" ]
ok $? "A's client thread: one thread of node 1 sends to node 2 ($atid; A is $apid)"
tracevisualizer critical-path --json --pid "${atid:-0}" "$share/m" > "$share/cp.json" 2> "$share/cp.err"
ok $? "critical-path of A's client thread across the hosts ($(head -c 200 "$share/cp.err"))"
tracevisualizer critical-path --pid "${atid:-0}" "$share/m" 2>/dev/null | sed -n '1,3p;/^Parts/,$p' | sed 's/^/# /'

# Friday's predicates over the real two-host set (issue 32), each answer
# computed here from both nodes' dumps and messages --list: a Lua script
# with state shared across its commands counting, per pair of
# processes, the messages in flight over 5 ms and over the median
# transit (the first threshold the issue's), printing a pair's counts at
# each of its receives; the hits of a predicate over both nodes (A's
# client thread running on node 1 while node 2 is idle)
tracevisualizer messages --list --json "$share/m" > "$share/list.json" &&
	tracevisualizer dump --json "$n1/t" > "$share/d1.json" &&
	tracevisualizer dump --json "$n2/t" > "$share/d2.json"
ok $? "messages --list of the merged set, dump of each node"
med=$(json "$share/list.json" "(lambda t: t[len(t) // 2])(sorted(m['recv_ns'] - m['send_ns'] for m in j['messages'] if m['recv_ns'] is not None))")
cat > "$share/slow.rs" <<EOF
break type == "socket_recv"
commands
  for _, m in ipairs(messages()) do
    if m.recv_ns then
      local k = m.src .. " " .. m.dst
      slow = slow or {}
      slow[k] = slow[k] or { 0, 0 }
      if m.recv_ns - m.send_ns > 5000000 then slow[k][1] = slow[k][1] + 1 end
      if m.recv_ns - m.send_ns > ${med:-0} then slow[k][2] = slow[k][2] + 1 end
      print(k, slow[k][1], slow[k][2])
    end
  end
end commands
run
EOF
tracevisualizer replay --json --script "$share/slow.rs" "$share/m" > "$share/slow.json" 2> "$share/slow.err"
ok $? "replay of the merged set: a script counting the slow messages per pair ($(head -c 200 "$share/slow.err"))"
# a socket's endpoints in the state a predicate reads: fd[PID][FD] of
# node 1's UDP echo client (its connected socket), read by a command (at())
# at each event of that process on that descriptor
upid=$(json "$share/d1.json" "[e['pid'] for e in j['events'] if e['type'] == 'socket_endpoint' and (e['args'].get('peer') or '').endswith(':7201')][0]")
ufd=$(json "$share/d1.json" "[e['args']['fd'] for e in j['events'] if e['type'] == 'socket_endpoint' and (e['args'].get('peer') or '').endswith(':7201')][0]")
printf 'break (type == socket_create || type == socket_endpoint || type == fs_close) && pid == %s && fd == %s\ncommands\n  print(at(__NODE__, "fd[%s][%s]"))\nend commands\nrun\n' \
	"${upid:-0}" "${ufd:-0}" "${upid:-0}" "${ufd:-0}" > "$share/fd.rs"
tracevisualizer replay --json --script "$share/fd.rs" "$n1/t" > "$share/fd.json"
ok $? "replay of node 1's trace: fd[$upid][$ufd], the UDP echo client's socket, at its events"
P="@0(cpu[0].current) == ${atid:-0} && @1(cpu[0].current) == 0"
tracevisualizer replay --json --hits "$P" "$share/m" > "$share/hits.json" 2> "$share/hits.err"
ok $? "replay --hits '$P' of the merged set ($(head -c 200 "$share/hits.err"))"

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$SKEW_NS" "$SKEW_PPB" "$ECHOS" "$REQS" <<'PY'
import os, sys
from check import ok, load, done
from multinode import window_ab
d, skew_ns, skew_ppb, echos, reqs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])

# the header against the module's events, on node 2's skewed clock
h = load(os.path.join(d, 'n2.json'))['trace']
first = float(open(os.path.join(d, 'n2.first')).read().split()[1]) * 1e9
last = float(open(os.path.join(d, 'n2.last')).read().split()[1]) * 1e9
ok(h['start_ns'] - 1e3 <= first <= h['start_ns'] + 100e6 and last <= h['end_ns'] + 1e3,
   "node 2: the header's start %.6f s and end %.6f s hold its events (%.6f to %.6f s): "
   "traced's times on the module's test clock" % (h['start_ns'] / 1e9, h['end_ns'] / 1e9,
                                                  first / 1e9, last / 1e9))

m = load(os.path.join(d, 'm', 'clock-model.json'))
p = m['pairs'][0]
host = m['hosts'][1]
ok(host['synchronised'] and host['hostname'] == 'ltt-node2' and p['a'] == 0 and p['b'] == 1,
   "host 1 is ltt-node2, synchronised to host 0 (%s)" % host.get('reason', 'ok'))

# the truth: node 2's trace clock is skew(raw2), raw2 = raw1 + D, D the
# offset between the two guests' own clocks (both tick with the host's:
# no drift of their own), bounded by the RPC's ground truth on each
# guest's raw CLOCK_MONOTONIC: B received after A sent, A received the
# reply after B sent it
def skew(t):
    return t + skew_ns + t * skew_ppb / 1e9

def truth(name):
    return {int(w[1]): [int(x) for x in w[2:]] for w in
            (l.split() for l in open(os.path.join(d, name))) if w[0] != 'pid'}
a, b = truth('node1/rpc.a'), truth('node2/rpc.b')
# B RECV - A send above, B REPLY - A recv below (tests/lib/multinode.py,
# which scripts/bench-sync judges by too)
d_lo, d_hi, nids = window_ab(a, b)
ok(nids >= 50 and d_lo <= d_hi,
   "the RPC's truth bounds the guests' clocks: node 2 = node 1 + [%.3f, %.3f] ms (%d requests)"
   % (d_lo / 1e6, d_hi / 1e6, nids))

lo_ppm, hi_ppm = p['drift_ppm_lo'], p['drift_ppm_hi']
ok(lo_ppm <= skew_ppb / 1e3 <= hi_ppm,
   "the drift of the test clock, %g ppm, is within the pair's drift bounds [%.3f, %.3f] ppm "
   "(estimate %.3f)" % (skew_ppb / 1e3, lo_ppm, hi_ppm, p['drift_ppm']))
for end, t, bnd in (('start', p['span_start_ns'], p['bounds_at_start_ns']),
                    ('end', p['span_end_ns'], p['bounds_at_end_ns'])):
    tl, th = skew(t + d_lo), skew(t + d_hi)
    est = host['offset_ns'] + (1 + host['drift_ppm'] * 1e-6) * t
    ok(bnd[0] <= th and tl <= bnd[1] and tl <= est <= th,
       "at the span's %s the bounds [%.1f, %.1f] us and the estimate %.1f us meet the truth "
       "[%.1f, %.1f] us (node 2's time - 1.5 s - node 1's)"
       % (end, (bnd[0] - t - skew_ns) / 1e3, (bnd[1] - t - skew_ns) / 1e3,
          (est - t - skew_ns) / 1e3, (tl - t - skew_ns) / 1e3, (th - t - skew_ns) / 1e3))
# the bounds' width under the emulator (docs/multihost.md): the sum of
# the fastest message each way, which a loaded host slows; a bound, not
# the target (scripts/bench-sync measures that on a quiet host)
ok(p['width_ns'] <= 2e6, "the bounds are %.1f us wide (at most 2 ms under TCG)" % (p['width_ns'] / 1e3))

# merge --packets: every IP frame between the hosts matched, out of one
# and into the other (the frame sent holds a partial checksum and only its
# headers, the frame received the whole), and the bounds of the model with
# them narrower than of the sockets alone, still holding the truth
import re
st = re.search(r'packets: (\d+) frames captured, (\d+) matched between the traces as messages, '
               r'(\d+) not used as seen more than once \(retransmitted\), (\d+) seen on one side '
               r'only, (\d+) not Ethernet IP', open(os.path.join(d, 'mp.err')).read())
frames, matched, dup, one, other = (int(x) for x in st.groups()) if st else (0, 0, 0, 0, 0)
ok(st is not None and frames == 2 * matched + dup + one + other and matched > 0 and one <= 0.01 * frames,
   "merge --packets: %d frames, %d matched as messages (2 frames each), %d seen on one side only "
   "(at most 1 %%), %d retransmitted, %d not IP" % (frames, matched, one, dup, other))
pm = load(os.path.join(d, 'mp', 'clock-model.json'))
pp, ph = pm['pairs'][0], pm['hosts'][1]
holds = ph['synchronised'] and pp['drift_ppm_lo'] <= skew_ppb / 1e3 <= pp['drift_ppm_hi']
for t, bnd in ((pp['span_start_ns'], pp['bounds_at_start_ns']), (pp['span_end_ns'], pp['bounds_at_end_ns'])):
    holds = holds and bnd[0] <= skew(t + d_hi) and skew(t + d_lo) <= bnd[1]
ok(holds and pp['width_ns'] < p['width_ns'],
   "merge --packets: the bounds %.1f us wide (the sockets' alone %.1f us), holding the truth at the "
   "span's start and end, the drift %.3f ppm in [%.3f, %.3f]" % (pp['width_ns'] / 1e3, p['width_ns'] / 1e3,
                                                               ph['drift_ppm'], pp['drift_ppm_lo'], pp['drift_ppm_hi']))

x = load(os.path.join(d, 'msgs.json'))
bad = [q for q in x['list'] if q['transit_ns'] is None or q['recv_ref_ns'] <= q['send_ref_ns']]
ok(x['messages'] >= 4 * echos and x['messages'] == p['messages_ab'] + p['messages_ba'] and not bad
   and x['inverted'] == 0,
   "every one of the %d messages (TCP echoes both ways, the RPC) is received after it is sent "
   "on the corrected clock (fastest %.1f us; %d not)" % (x['messages'], x['min_transit_ns'] / 1e3, len(bad)))

# paths across the hosts: A on node 1 calls B on node 2, which calls C
# (unless the request skips it) and D (sleeping 10 ms per call) there:
# the patterns A(B(C,D)) and A(B(D)), exactly the truth's counts (one
# thread), D on node 2 with its truth's latency, and each request's
# transits to node 2 and back
def pid(name):
    return int(next(l.split()[1] for l in open(os.path.join(d, name)) if l.startswith('pid')))
nm = {r: '%s:ltt-rpc-%d' % (h, pid('%s/rpc.%s' % (n, r.lower())))
      for r, h, n in (('A', 'ltt-node1', 'node1'), ('B', 'ltt-node2', 'node2'),
                      ('C', 'ltt-node2', 'node2'), ('D', 'ltt-node2', 'node2'))}
full = '%s(%s(%s,%s))' % (nm['A'], nm['B'], nm['C'], nm['D'])
skip = '%s(%s(%s))' % (nm['A'], nm['B'], nm['D'])
pj = load(os.path.join(d, 'paths.json'))
pats = {q['key']: q for q in pj['patterns']}
n_full = sum(1 for i in a if not a[i][0])
n_skip = len(a) - n_full
got = (pats.get(full, {}).get('count'), pats.get(skip, {}).get('count'))
ok(got == (n_full, n_skip),
   "paths across the hosts: %s and %s, exactly the truth's %s times (%s)" % (full, skip, (n_full, n_skip), got))
dd = truth('node2/rpc.d')
for key, i, which, skipped in ((full, 3, 'with C', 0), (skip, 2, 'without C', 1)):
    if key not in pats:
        continue
    f = pats[key]
    # the truth of D's calls of this pattern's requests (the mean of all
    # of D's calls differed by 9 % on a loaded host)
    mine = [v[1] - v[0] for r, v in dd.items() if r in a and a[r][0] == skipped]
    want = sum(mine) / max(1, len(mine))
    dn = f['nodes'][i]
    ok(dn['name'] == nm['D'] and dn['latency']['min_ns'] >= 10e6 and
       abs(dn['latency']['mean_ns'] - want) <= max(0.03 * want, 0.5e6),
       "paths %s: D (%s, on node 2) takes %.3f ms (at least its 10 ms sleep), its truth %.3f ms"
       % (which, dn['name'], dn['latency']['mean_ns'] / 1e6, want / 1e6))
    bn = f['nodes'][1]
    ok(bn['name'] == nm['B'] and 0 < bn['transit_mean_ns'] and
       f['mean_ns'] >= bn['latency']['mean_ns'] + bn['transit_mean_ns'] - 2000 and
       f['mean_ns'] <= bn['latency']['mean_ns'] + bn['transit_mean_ns'] + 2000,
       "paths %s: a request to node 2 and back, %.3f ms, is B's %.3f ms on node 2 and the transits "
       "%.3f ms across the corrected clocks" % (which, f['mean_ns'] / 1e6, bn['latency']['mean_ns'] / 1e6,
                                              bn['transit_mean_ns'] / 1e6))

# the critical path of A's client thread: it crosses to node 2 and back
# for each request (a transit each way), and D's sleeps (10 ms a call,
# the truth's) are on it, on node 2, D's threads'
cp = load(os.path.join(d, 'cp.json'))['critical_path']
segs = cp['segments']
tiles = all(x['end_ns'] == y['start_ns'] for x, y in zip(segs, segs[1:])) and segs and \
    segs[0]['start_ns'] == cp['from_ns'] and segs[-1]['end_ns'] == cp['to_ns']
ok(tiles and sum(cp['parts'].values()) == cp['duration_ns'],
   "critical path: %d segments tile A's client thread's %.3f ms; on-CPU %.3f, runnable %.3f, "
   "blocked %.3f, transit %.3f ms add up to it exactly"
   % (len(segs), cp['duration_ns'] / 1e6, cp['parts']['running_ns'] / 1e6,
      cp['parts']['runnable_ns'] / 1e6, cp['parts']['blocked_ns'] / 1e6, cp['parts']['transit_ns'] / 1e6))
# each reply's transit back is on it; a request's transit out only when
# B was still waiting for it as A blocked (else A's own time covers it)
out = [x for x in segs if x['state'] == 'transit' and x['host'] == 1 and x['from_host'] == 0]
back = [x for x in segs if x['state'] == 'transit' and x['host'] == 0 and x['from_host'] == 1]
stays = sum(1 for x, y in zip(segs, segs[1:]) if x['host'] == 0 and y['host'] == 1)
ok(len(back) == reqs and 1 <= len(out) <= reqs and stays >= reqs and cp['anomalies'] == 0,
   "critical path: it crosses to node 2 (%d times) and back (%d transits node 2 -> node 1) for its "
   "%d requests, %d of the requests' transits out on it; %d anomalies"
   % (stays, len(back), reqs, len(out), cp['anomalies']))
thr = {t['pid']: t['tgid'] for t in load(os.path.join(d, 'n2procs.json'))['threads']}
dpid = pid('node2/rpc.d')
dsleep = sum(x['duration_ns'] for x in segs if x['host'] == 1 and x['state'] == 'blocked_sleep' and
             thr.get(x['pid']) == dpid)
want = sum(v[1] - v[0] for v in dd.values())
# D's sleeps on it: the path reaches D (a visit: consecutive segments of
# D's threads, then the transit of D's reply) when B waits for D's reply;
# D's sleep is on it unless B's own time covered the whole sleep.  On an
# idle host that is every call; on a loaded one the host can stop node 2's
# only CPU for longer than the sleep while B runs (1 call of 60 on
# 2026-11-30: D woken, 10.8 ms waiting to run, 13 ms running), so the
# check is that every visit is one of the two, never a count of calls
# that depends on the host's speed
dthr = lambda x: x['host'] == 1 and thr.get(x['pid']) == dpid
visits, i = [], 0
while i < len(segs):
    if dthr(segs[i]):
        j = i
        while j < len(segs) and dthr(segs[j]):
            j += 1
        visits.append((i, j))
        i = j
    else:
        i += 1
slept = [(a, b) for a, b in visits if any(segs[k]['state'] == 'blocked_sleep' for k in range(a, b))]
covered = [(a, b) for a, b in visits if (a, b) not in slept and a > 0 and
           segs[a]['state'] in ('runnable', 'running') and not dthr(segs[a - 1]) and
           segs[a - 1]['host'] == 1 and segs[a - 1]['state'] in ('running', 'runnable')]
replied = all(b < len(segs) and segs[b]['state'] == 'transit' for a, b in visits)
nseg = sum(1 for x in segs if dthr(x) and x['state'] == 'blocked_sleep')
acct = sum(t['blocked_by']['sleep'] for t in load(os.path.join(d, 'n2procs.json'))['threads']
           if t['tgid'] == dpid)
# what D's sleeps block at least, as the kernel guarantees it: a
# nanosleep's timer expires no sooner than the time asked after its
# timer_set_timeout record, and its task blocks from its switch-out after
# that record (a preemption before it, prev_state 0, is not it); so each
# blocks at least the time asked less the time from the record to the
# switch-out (not 10 ms each: that held only while the timer's 50 us of
# slack covered the time from the entry to the switch-out, which a loaded
# host can stretch)
least, armed = 0, {}
for e in load(os.path.join(d, 'd2.json'))['events']:
    if e['type'] == 'timer_set_timeout' and thr.get(e['pid']) == dpid and e['args']['kind'] == 1:
        armed[e['pid']] = e['time_ns'] + e['args']['timeout_ns']
    elif e['type'] == 'schedchange' and e['args']['prev_pid'] in armed and e['args']['prev_state']:
        least += max(0, armed.pop(e['args']['prev_pid']) - e['time_ns'])
ok(least >= reqs * 9e6 and acct >= least,
   "D's sleeps: the accounting's %.3f ms of sleep at least the %.3f ms the kernel guarantees "
   "(the times asked less the times to the switch-outs)" % (acct / 1e6, least / 1e6))
ok(len(dd) == reqs and 1 <= len(slept) and len(visits) <= reqs and replied and
   len(slept) + len(covered) == len(visits) and nseg == len(slept) and
   dsleep <= acct <= want,
   "critical path: it reaches D on node 2 (threads of %d) %d times for %d calls, each followed by "
   "D's reply; %d with D's sleep on it (one segment each), %d with the sleep covered by B's own "
   "time; %.3f ms of the %.3f ms of sleep the accounting gives D (D's truth, its calls in "
   "all: %.3f ms)" % (dpid, len(visits), reqs, len(slept), len(covered),
                                         dsleep / 1e6, acct / 1e6, want / 1e6))
done()
PY
)
checks < <(PYTHONPATH=tests/lib python3 - "$share" "${atid:-0}" "${med:-0}" <<'PY'
import json, os, sys
from check import ok, load, done
d, atid, med = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

# the UDP echo client's socket as a predicate reads it: created ("socket
# (fd F)"), named by its connect ("socket LOCAL -> PEER (fd F)", the
# addresses of its socket_endpoint event), closed, at those events of dump
ev1 = load(os.path.join(d, 'd1.json'))['events']
con = [(i, e) for i, e in enumerate(ev1, 1) if e['type'] == 'socket_endpoint' and
       (e['args'].get('peer') or '').endswith(':7201')][0]
pid, fd, ino = con[1]['pid'], con[1]['args']['fd'], con[1]['args']['ino']
cre = [i for i, e in enumerate(ev1, 1) if e['type'] == 'socket_create' and e['args']['ino'] == ino][0]
clo = [i for i, e in enumerate(ev1, 1) if e['type'] == 'fs_close' and e['pid'] == pid and
       e['args'].get('fd') == fd and i > con[0]][0]
a = con[1]['args']
want = [(cre, 'socket (fd %d)' % fd), (con[0], 'socket %s -> %s (fd %d)' % (a['local'], a['peer'], fd)),
        (clo, 'fd %d (closed before)' % fd)]
got = [(x['event'], x['output'].rstrip('\n')) for x in load(os.path.join(d, 'fd.json'))['stops']
       if x['kind'] == 'break' and cre <= x['event'] <= clo]
ok(len(want) == 3 and got == want,
   "fd[%d][%d] of node 1's trace: created, named by its connect (%s), closed, at those events "
   "(got %s)" % (pid, fd, want[1][1] if len(want) > 1 else None, got[:3]))

# the UDP echoes across the hosts (100 each way): each datagram sent on
# one node and received on the other one message (before 2026-11-30 200
# were seen only sent and 200 only received); no message of the set seen
# at one end only
allm = load(os.path.join(d, 'list.json'))['messages']
one = [m for m in allm if m['send_only'] or m['recv_only']]
ok(not one, "messages of the merged set: none seen only sent or only received (%d; first: %s)"
   % (len(one), one[:1]))

# the slow messages per pair, from messages --list: every message
# received (those whose send is not seen, UDP datagrams from the other
# host, have their receive's time for both, as messages() gives them)
lst = [m for m in load(os.path.join(d, 'list.json'))['messages'] if not m['send_only']]
want = {}
for m in lst:
    k = '%s %s' % (m['sender'], m['receiver'])
    c = want.setdefault(k, [0, 0])
    c[0] += m['recv_ns'] - m['send_ns'] > 5000000
    c[1] += m['recv_ns'] - m['send_ns'] > med
stops = [s for s in load(os.path.join(d, 'slow.json'))['stops'] if s['kind'] == 'break']
got = {}
for s in stops:
    for l in filter(None, s['output'].split('\n')):
        k, a, b = l.split('\t')
        got[k] = [int(a), int(b)]
n5, nm = sum(c[0] for c in want.values()), sum(c[1] for c in want.values())
ok(got == want and n5 > 0 and 0 < nm < len(lst),
   "per pair of processes, the messages in flight over 5 ms (%d) and over the median %.1f us (%d) "
   "the script counted at their receives are messages --list's, over %d pairs (first difference: %s)"
   % (n5, med / 1e3, nm, len(want), [(k, got.get(k), want.get(k)) for k in set(got) | set(want)
                                     if got.get(k) != want.get(k)][:1]))

# the predicate's hits: the events after which node 1's CPU runs A's
# client thread while node 2's is idle (each node's last schedchange),
# when it was not so after the event before, in the merged order (by
# time on node 1's clock, node 1 first on a tie, each trace's order kept)
cm = load(os.path.join(d, 'm', 'clock-model.json'))
h = cm['hosts'][1]
slope = 1 + h['drift_ppm'] * 1e-6
ref = lambda host, t: t if host == 0 else int((t - h['offset_ns']) / slope + 0.5)
ev = [load(os.path.join(d, 'd%d.json' % (i + 1)))['events'] for i in (0, 1)]
merged = sorted([(ref(n, e['time_ns']), n, i, e) for n in (0, 1) for i, e in enumerate(ev[n])],
                key=lambda x: x[:3])
cur, was, hits = [None, None], False, []
for k, (t, n, _, e) in enumerate(merged):
    if e['type'] == 'schedchange' and e['cpu'] == 0:
        cur[n] = e['args']['next_pid']
    now = cur[0] == atid and cur[1] == 0
    if now and not was:
        hits.append((k + 1, 'ltt-node%d' % (n + 1), t))
    was = now
hj = load(os.path.join(d, 'hits.json'))
got = [(x['event'], x['node'], x['time_ns']) for x in hj['hits']]
ok(got == hits and len(hits) > 0,
   "replay --hits '@0(cpu[0].current) == %d && @1(cpu[0].current) == 0': the %d hits of both "
   "dumps in the merged order, each with its node and its time on node 1's clock (got %d; first "
   "difference: %s)" % (atid, len(hits), len(got), [(g, w) for g, w in zip(got, hits) if g != w][:1]))
done()
PY
)

# The merged set of the two guests in the front ends' and the exports'
# readers (the synthetic sets of tests/host/xhost.t, tui-hosts.t and
# gtk-hosts.t check them exactly; here the real traces): babeltrace2
# reads the CTF export, a trace per host with the clock class that puts
# its times on node 1's, both hosts' events all there besides the state
# dump's records (docs/ctf-export.md), node 2's first event at the
# model's time; the TUI in tmux shows both hosts' group rows, each
# guest's echo and RPC processes under its own, the clock line as the
# model, and the messages between the hosts as messages --list has them
. "$TOP/tests/lib/tui.sh"
tui_setup "$share/tui"
trap 'tui_cleanup; rm -rf "$share"' EXIT
tracevisualizer summary --json "$n1/t" > "$share/n1.json" &&
	tracevisualizer dump "$n1/t" | sed -n 2p > "$share/n1.first" &&
	tracevisualizer export --ctf "$share/ctf" "$share/m" > "$share/ctf.txt" &&
	babeltrace2 --clock-seconds "$share/ctf/host-0" "$share/ctf/host-1" > "$share/bt.txt" 2> "$share/bt.err"
ok $? "export --ctf of the merged set, read by babeltrace2 ($(tail -1 "$share/ctf.txt"); $(head -c 200 "$share/bt.err"))"
tui_start x 160 40 -- "$share/m"
tui_wait x '^ltt-node1 \(host 0\) +-{20}' && tui_wait x '^ltt-node2 \(host 1\) +-{20}' &&
	tui_wait x 'messages between hosts in the window'
ok $? "tui of the merged set at 160x40: a group row per guest" || diag "$(tui_screen x)"
tui_screen x > "$share/tui.txt"
tui_quit x
is "$(tui_exit x)" 0 "... q quits, status 0"
checks < <(PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import os, re, sys
from check import ok, load, done
d = sys.argv[1]
cm = load(os.path.join(d, 'm', 'clock-model.json'))
h = cm['hosts'][1]
slope = 1 + h['drift_ppm'] * 1e-6
bt = [l for l in open(os.path.join(d, 'bt.txt')).read().split('\n') if l]
def evs(host):
    return [l for l in bt if l.split()[2] == host and 'lttng_statedump_' not in l.split()[3]]
n = [load(os.path.join(d, 'n%d.json' % k))['events']['total'] for k in (1, 2)]
e1, e2 = evs('ltt-node1'), evs('ltt-node2')
sd = len(bt) - len(e1) - len(e2)
ok(len(e1) == n[0] and len(e2) == n[1] and 0 < sd <= 2 * 400,
   "babeltrace2: node 1's %d events and node 2's %d (summary: %d and %d), and %d state-dump records"
   % (len(e1), len(e2), n[0], n[1], sd))
# node 2's first event on node 1's clock: babeltrace2's times (ns, read
# as text) less node 1's first's, against the model's conversion of the
# dumps' times of the two
def ns_bt(l):
    a, b = l[1:l.index(']')].split('.')
    return int(a) * 10**9 + int(b)
def ns_dump(f):
    a, b = open(os.path.join(d, f)).read().split()[1].split('.')
    return int(a) * 10**9 + int(b.ljust(9, '0'))
t1, t2 = ns_dump('n1.first'), ns_dump('n2.first')
want = (t2 - h['offset_ns']) / slope - t1
got = ns_bt(e2[0]) - ns_bt(e1[0]) if e1 and e2 else None
ok(got is not None and abs(got - want) <= 1000,
   "babeltrace2: node 2's first event %s ns after node 1's first, the model's %.1f" % (got, want))

scr = open(os.path.join(d, 'tui.txt')).read().split('\n')
pair = cm['pairs'][0]
line = [l for l in scr if l.startswith('ltt-node2: t = ')]
m = re.match(r'ltt-node2: t = ([-+][0-9.]+) ns \+ \(1 ([-+][0-9.]+) ppm\) x t\(ltt-node1\); drift in '
             r'\[([-+][0-9.]+), ([-+][0-9.]+)\] ppm against ltt-node1; accuracy ([0-9.]+) us; (\d+) messages',
             line[0]) if line else None
ok(m is not None and abs(float(m.group(1)) - h['offset_ns']) <= 0.05 and
   abs(float(m.group(2)) - h['drift_ppm']) <= 0.00005 and
   abs(float(m.group(3)) - pair['drift_ppm_lo']) <= 0.00005 and
   abs(float(m.group(4)) - pair['drift_ppm_hi']) <= 0.00005 and
   abs(float(m.group(5)) - h['accuracy_ns'] / 1e3) <= 0.05 and
   int(m.group(6)) == pair['messages_ab'] + pair['messages_ba'],
   "tui: node 2's clock line as the model (%s)" % (line[0][:150] if line else 'none'))
# each guest's processes that exchanged messages with the other guest,
# each a row under its own host's group row (threads indented)
g = [i for i, l in enumerate(scr) if re.match(r'ltt-node[12] \(host [01]\) +-', l)]
lst = load(os.path.join(d, 'list.json'))['messages']
xm = [q for q in lst if q['sender'].split(':')[0] != q['receiver'].split(':')[0]]
want, miss = set(), []
for q in xm:
    for who, pid in ((q['sender'], q['sender_pid']), (q['receiver'], q['receiver_pid'])):
        host, name = who.split(':', 1)
        if re.match(r'.*-\d+$', name) and pid:
            want.add((host, name.rsplit('-', 1)[0], pid))
for host, comm, pid in sorted(want):
    k = int(host[-1]) - 1
    lo, hi = (g[k], g[k + 1] if k + 1 < len(g) else len(scr)) if len(g) == 2 else (0, -1)
    if not any(re.match(r'^ +%s %d +' % (re.escape(comm), pid), l) for l in scr[lo + 1:hi]):
        miss.append((host, comm, pid))
ok(len(g) == 2 and want and not miss,
   "tui: the %d processes and threads of the messages between the guests each under its host (missing: %s)"
   % (len(want), miss[:4]))
st = [l for l in scr if 'messages between hosts in the window' in l]
m = re.search(r'\((\d+) in all\)', st[0]) if st else None
ok(m is not None and int(m.group(1)) == len(xm) and '0 hosts not synchronised' in st[0],
   "tui: the status line counts the %d messages between the hosts of messages --list, none not "
   "synchronised (%s)" % (len(xm), st[0].strip()[:160] if st else 'none'))
done()
PY
)
# Three hosts (issue 31, "Many machines"), one short boot of three guests
# (tests/lib/multinode.sh three: scripts/ltt-vm --nodes 3, the hub):
# node 2 skewed as above, node 3 by its own test clock (+0.7 s, 50 ppm
# slow); the RPC across the three, A on node 1 calling B on node 2,
# which calls C and D on node 3, and TCP echoes (400 each way) from node
# 1 to node 2 and from node 2 to node 3 before and after it: messages
# between nodes 1 and 2 and between 2 and 3 only.  merge of the three traces: every host
# synchronised, the spanning tree the two pairs with messages, node 3
# through node 2, its clock against the RPC's ground truth on the three
# guests' raw clocks, no message received before sent; the hub carried
# the nodes' frames only, between their ports on 127.0.0.1
s3=$share/three REQS3=40 ECHOS3=400
mkdir -p "$s3"
read -r SKEW3_NS SKEW3_PPB < <("$TOP/tests/lib/multinode.sh" skew 3)
"$TOP/tests/lib/multinode.sh" three "$s3" "$ECHOS3" "$REQS3" 2> "$s3/vm.err"
ok $? "three guests ran the RPC across them (A on node 1, B on node 2, C and D on node 3), each tracing its side"
sed 's/^/# /' "$s3/vm.err"
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP/three" && cp -a "$s3"/. "$KEEP/three"/; }
tracevisualizer merge -o "$s3/m" --messages "$s3/msgs.json" "$s3/node1/t" "$s3/node2/t" "$s3/node3/t" | sed 's/^/# /'
ok "${PIPESTATUS[0]}" "merge of the three traces: every host synchronised"
tracevisualizer paths --json --top 0 "$s3/m" > "$s3/paths.json"
ok $? "paths of the three hosts' merged set"
checks < <(PYTHONPATH="$TOP/tests/lib" python3 "$TOP/tests/lib/threenode-check.py" "$s3" "$ECHOS3" "$REQS3" "$SKEW_NS" "$SKEW_PPB" \
	"$SKEW3_NS" "$SKEW3_PPB")

# ltt-vm --nodes: each node's status said, the exit status the worst (the
# greatest) of them, whichever node has it (two boots of two guests that
# only exit, a few seconds)
for st in "3 5" "5 3"; do
	set -- $st
	"$TOP/scripts/ltt-vm" --nodes 2 --cpus 1 --timeout 60 --node 1 -- "exit $1" --node 2 -- "exit $2" \
		> /dev/null 2> "$share/worst.err"
	r=$?
	[ $r = 5 ] && grep -qx "ltt-vm: node 1: status $1" "$share/worst.err" &&
		grep -qx "ltt-vm: node 2: status $2" "$share/worst.err"
	ok $? "ltt-vm --nodes 2, the nodes exiting $1 and $2: each said, exit status $r (the worst, 5)" ||
		diag "$(tail -5 "$share/worst.err")"
done
done_testing
