#!/bin/bash
# The replay of a trace set (issue 32, "across nodes"; docs/replay.md,
# "Several nodes"): tracevisualizer replay of a merged set, or of the
# hosts' traces given directly, on the synthetic two-host traces of
# tests/lib/synctraces.py (a client "cli"-10 on alpha calling a server
# "srv"-20 on beta over TCP; beta's clock 1.5 s ahead and 100 ppm fast).
# What the replay says is checked against what the test computes itself
# from each trace's dump and the clock model of merge (clock-model.json):
# every event once, in the order of their times on alpha's clock; a
# breakpoint "if __NODE__ == ..." stops exactly at that node's events;
# @beta(...) read at alpha's events is beta's state at that time (its
# last schedchange before it); __LOGICALCLOCK__ is Lamport's clock over
# the messages matched across the hosts; a Lua script counting, per pair
# of processes, the messages whose transit is over 250 us gives what
# messages --list says; __ALL__ and at() in Lua; an unknown node is an
# error with its line and column, and nothing runs.  The hits of a
# predicate over both nodes (replay --hits, --json, --from/--to; the
# library's seek from its checkpoints, forward, backward and from every
# event: utest/seek-walk) are those the test finds in the merged dump.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
bin=$TOP/tracevisualizer/build/utest
gen=$TOP/tests/lib/synctraces.py
make -s -C tracevisualizer tracevisualizer tools >/dev/null
N=40

mkdir -p "$tmp/g" && python3 "$gen" "$tmp/g" --calls $N --seed 11 --sched &&
	$bin/gen-trace "$tmp/g/A" < "$tmp/g/a.desc" && $bin/gen-trace "$tmp/g/B" < "$tmp/g/b.desc" &&
	$tv merge -o "$tmp/m" "$tmp/g/A" "$tmp/g/B" > /dev/null
ok $? "synctraces + gen-trace + merge: two hosts' traces ($N calls), merged"
$tv dump --json "$tmp/g/A" > "$tmp/a.json" && $tv dump --json "$tmp/g/B" > "$tmp/b.json" &&
	$tv messages --list --json "$tmp/m" > "$tmp/list.json"
ok $? "dump --json of each trace, messages --list --json of the set"

# ---- every event once, in the merged order, each with its node ----------
echo 'break *' > "$tmp/all.rs"
echo 'run' >> "$tmp/all.rs"
$tv replay --json --script "$tmp/all.rs" "$tmp/m" > "$tmp/all.json"
ok $? "replay --json of a merged set: exit status 0"

# ---- a breakpoint on one node's events -----------------------------------
cat > "$tmp/b.rs" <<'EOF'
break type == "socket_recv" if __NODE__ == "beta"
run
EOF
$tv replay --json --script "$tmp/b.rs" "$tmp/m" > "$tmp/b.out.json"
ok $? "break ... if __NODE__ == \"beta\": exit status 0"

# ---- another node's state, at this node's events: @beta(...) -------------
cat > "$tmp/at.rs" <<'EOF'
break type == "socket_send" on alpha
commands
  print(eval("@beta(cpu[0].current)"), eval("@1(task[20].state)"), eval("@beta(event.pid)"),
        eval("@beta(__NODE__)"), __NODE__)
end commands
run
EOF
$tv replay --json --script "$tmp/at.rs" "$tmp/m" > "$tmp/at.json"
ok $? "@beta(...) read at alpha's sends: exit status 0"

# ---- Lamport's clock across the hosts; messages over 250 us, per pair ------
cat > "$tmp/lc.rs" <<'EOF'
break type == "socket_send" || type == "socket_recv"
commands
  for _, m in ipairs(messages()) do
    if m.recv_ns and m.recv_ns - m.send_ns > 250000 then
      local k = m.src .. " " .. m.dst
      slow = slow or {}
      slow[k] = (slow[k] or 0) + 1
    end
  end
  local ks = {}
  for k in pairs(slow or {}) do ks[#ks + 1] = k end
  table.sort(ks)
  for _, k in ipairs(ks) do print(k, slow[k]) end
end commands
run
EOF
$tv replay --json --script "$tmp/lc.rs" "$tmp/m" > "$tmp/lc.json"
ok $? "a script with shared state over the set, at each send and receive: exit status 0"

# ---- a channel between the hosts -------------------------------------------
cat > "$tmp/ch.rs" <<'EOF'
watch chan["alpha:10"]["beta:20"].in_flight
commands
  print(eval('chan["alpha:10"]["beta:20"].oldest_age'), eval('@alpha(chan[10]["beta:20"].sent)'),
        eval('chan[10][20].sent'), eval('chan["beta:20"]["alpha:10"].received'))
end commands
run
EOF
$tv replay --json --script "$tmp/ch.rs" "$tmp/m" > "$tmp/ch.json"
ok $? "a watch on chan[\"alpha:10\"][\"beta:20\"].in_flight: exit status 0"

# ---- the hits of a predicate over both nodes ------------------------------
P='@alpha(cpu[0].current) == 0 && @beta(cpu[0].current) == 20'
$tv replay --json --hits "$P" "$tmp/m" > "$tmp/hits.json"
ok $? "replay --json --hits of a merged set: exit status 0"
$tv replay --json --hits "$P" --from 0.1 --to 0.3 "$tmp/m" > "$tmp/hits-ft.json"
ok $? "... with --from 0.1 --to 0.3: exit status 0"
$bin/seek-walk -i 37 -e "$P" "$tmp/m" > "$tmp/walk.txt"
ok $? "seek-walk (checkpoints every 37 events) of the set: exit status 0"

checks < <(PYTHONPATH=$TOP/tests/lib python3 - "$tmp" "$N" <<'PY'
import json, os, sys
from check import ok, load, done
d, n = sys.argv[1], int(sys.argv[2])
cm = load(os.path.join(d, 'm', 'clock-model.json'))
h = cm['hosts'][1]
slope = 1 + h['drift_ppm'] * 1e-6
# the model's conversion, as the library's (rounded to the ns)
ref = lambda host, t: t if host == 0 else int((t - h['offset_ns']) / slope + 0.5)
ev = {'alpha': load(os.path.join(d, 'a.json'))['events'],
      'beta': load(os.path.join(d, 'b.json'))['events']}
host = {'alpha': 0, 'beta': 1}
# the merged order: by time on alpha's clock, alpha first on a tie, each
# trace's own order kept
merged = sorted([(ref(host[nd], e['time_ns']), host[nd], i, nd, e)
                 for nd in ev for i, e in enumerate(ev[nd])], key=lambda x: x[:3])

a = load(os.path.join(d, 'all.json'))
st = [s for s in a['stops'] if s['kind'] == 'break']
ok(a['nodes'] == ['alpha', 'beta'], "the set's nodes: %s" % a['nodes'])
ok(len(st) == len(merged) == len(ev['alpha']) + len(ev['beta']),
   "break *: %d stops, every event of both traces once (%d + %d)"
   % (len(st), len(ev['alpha']), len(ev['beta'])))
got = [(s['event'], s['node'], s['time_ns'], s['pid'], s['desc']) for s in st]
want = [(k + 1, m[3], m[0], m[4]['pid'], m[4]['desc']) for k, m in enumerate(merged)]
bad = [(g, w) for g, w in zip(got, want) if g != w]
ok(not bad and len(got) == len(want),
   "each stop is the merged order's event: its number, node, time on alpha's clock, task, "
   "description (first difference: %s)" % (bad[:1],))
ok(all(st[i]['time_ns'] <= st[i + 1]['time_ns'] for i in range(len(st) - 1)),
   "the stops' times never go back")
ok(st[0]['rel_ns'] == st[0]['time_ns'] - load(os.path.join(d, 'a.json'))['trace']['start_ns'],
   "rel_ns is after alpha's (the reference's) start")

b = [s for s in load(os.path.join(d, 'b.out.json'))['stops'] if s['kind'] == 'break']
want = [ref(1, e['time_ns']) for e in ev['beta'] if e['type'] == 'socket_recv']
ok([s['time_ns'] for s in b] == want and len(want) == n and all(s['node'] == 'beta' for s in b),
   "break if __NODE__ == \"beta\": exactly beta's %d receives, at their times on alpha's clock "
   "(%d stops)" % (len(want), len(b)))

# @beta(...) at alpha's sends: beta's CPU 0 task and task 20's state, from
# beta's last schedchange before the send (on alpha's clock)
at = [s for s in load(os.path.join(d, 'at.json'))['stops'] if s['kind'] == 'break']
sends = [e for e in ev['alpha'] if e['type'] == 'socket_send']
bad = []
for s, e in zip(at, sends):
    t = e['time_ns']
    last = None
    for x in ev['beta']:
        if ref(1, x['time_ns']) > t:
            break
        if x['type'] == 'schedchange':
            last = x
    cur = last['args']['next_pid'] if last else None
    state = 'running' if cur == 20 else 'blocked'
    fields = s['output'].rstrip('\n').split('\t')
    if fields != [str(cur), state, 'nil', 'beta', 'alpha']:
        bad.append((s['event'], fields, cur, state))
ok(len(at) == len(sends) == n and not bad,
   "@beta(cpu[0].current), @1(task[20].state) at each of alpha's %d sends: beta's state then "
   "(its last schedchange before); @beta(event.pid) unknown (the event is alpha's); "
   "@beta(__NODE__) beta (first difference: %s)" % (len(sends), bad[:1]))

# Lamport: a send ticks its process's clock and stamps its message, a
# receive takes the greatest of its own and the message's, plus one:
# computed here over the messages of --list, in the merged order
lst = load(os.path.join(d, 'list.json'))['messages']
for i, m in enumerate(lst):
    m['k'] = i		# the ids are a call's: its return has the same
lc = {}
stamp = {}
want = []
evs = [s for s in load(os.path.join(d, 'lc.json'))['stops'] if s['kind'] == 'break']
bynode = {('alpha', 10): 'alpha:cli-10', ('beta', 20): 'beta:srv-20'}
for s in evs:
    proc = bynode[(s['node'], s['pid'])]
    if s['desc'].startswith('socket_send'):
        lc[proc] = lc.get(proc, 0) + 1
        # its message: the one this process sent last before (its syscall's start)
        mine = [m for m in lst if m['sender'] == proc and m['send_ns'] <= s['time_ns']
                and m['k'] not in stamp]
        if mine:
            stamp[min(mine, key=lambda m: m['send_ns'])['k']] = lc[proc]
    else:
        got_m = [m for m in lst if m['receiver'] == proc and m['recv_ns'] == s['time_ns']]
        lc[proc] = max([lc.get(proc, 0)] + [stamp.get(m['k'], 0) for m in got_m]) + 1
    want.append(lc[proc])
ok([s['logical_clock'] for s in evs] == want and len(evs) == 4 * n,
   "__LOGICALCLOCK__ at each of the %d sends and receives is Lamport's over messages --list "
   "(last %s, want %s)" % (len(evs), evs[-1]['logical_clock'] if evs else None,
                           want[-1] if want else None))
ok(want[-1] == 4 * n, "... the request and its reply: 4 ticks a call (%d)" % want[-1])

# messages over 250 us per pair, counted by the script at the receives
slow = {}
for m in lst:
    if m['recv_ns'] - m['send_ns'] > 250000:
        k = '%s %s' % (m['sender'], m['receiver'])
        slow[k] = slow.get(k, 0) + 1
out = [s for s in load(os.path.join(d, 'lc.json'))['stops'] if s['kind'] == 'break']
lines = out[-1]['output'].rstrip('\n').split('\n') if out and out[-1]['output'] else []
got = dict((l.rsplit('\t', 1)[0].replace('\t', ' '), int(l.rsplit('\t', 1)[1])) for l in lines)
ok(got == slow and sum(slow.values()) > 0 and sum(slow.values()) < 2 * n,
   "per pair, the messages over 250 us the script counted are messages --list's: %s" % slow)

# the channel alpha:cli-10 -> beta:srv-20: its in-flight count changes at
# each send (its system call's start) and each receive, nowhere else;
# there, as --list gives them: in flight, the oldest's age, sent; the
# reverse channel's receives; chan[10][20] of one node is no channel
ch = [s for s in load(os.path.join(d, 'ch.json'))['stops'] if s['kind'] == 'watch']
out_ = [m for m in lst if m['sender'] == 'alpha:cli-10' and m['receiver'] == 'beta:srv-20']
back = [m for m in lst if m['sender'] == 'beta:srv-20' and m['receiver'] == 'alpha:cli-10']
times = sorted([m['send_ns'] for m in out_] + [m['recv_ns'] for m in out_])
bad = []
for s in ch:
    t = s['time_ns']
    fl = [m for m in out_ if m['send_ns'] <= t and m['recv_ns'] > t]
    age = str(t - min(m['send_ns'] for m in fl)) if fl else 'nil'
    sent = sum(1 for m in out_ if m['send_ns'] <= t)
    recv = sum(1 for m in back if m['recv_ns'] <= t)
    want = [age, str(sent), '0', str(recv)]
    got = s['output'].rstrip('\n').split('\t')
    if s['value'] != str(len(fl)) or got != want:
        bad.append((s['event'], s['value'], got, len(fl), want))
ok([s['time_ns'] for s in ch] == times and len(ch) == 2 * n,
   "the watch on the channel alpha:10 -> beta:20 stops at each of its %d sends and %d receives "
   "and nowhere else (%d stops)" % (n, n, len(ch)))
ok(not bad, "there: in_flight, oldest_age, @alpha(chan[10][\"beta:20\"]).sent, the reverse "
   "channel's received as messages --list gives them; chan[10][20] is no channel (first "
   "difference: %s)" % (bad[:1],))

# the hits: the events after which alpha's CPU 0 is idle while beta's
# runs the server (each node's last schedchange), when it was not so after
# the event before; in the merged order
cur = {'alpha': None, 'beta': None}
was = False
hits = []
for k, m in enumerate(merged):
    e = m[4]
    if e['type'] == 'schedchange':
        cur[m[3]] = e['args']['next_pid']
    now = cur['alpha'] == 0 and cur['beta'] == 20
    if now and not was:
        hits.append((k + 1, m[3], m[0]))
    was = now
hj = load(os.path.join(d, 'hits.json'))
got = [(x['event'], x['node'], x['time_ns']) for x in hj['hits']]
ok(got == hits and len(hits) >= n // 2 and hj['nodes'] == ['alpha', 'beta'],
   "replay --hits '@alpha(cpu[0].current) == 0 && @beta(cpu[0].current) == 20': the %d hits "
   "of the merged dump, each with its node and its time on alpha's clock (got %d; first "
   "difference: %s)" % (len(hits), len(got), [(g, w) for g, w in zip(got, hits) if g != w][:1]))
start = load(os.path.join(d, 'a.json'))['trace']['start_ns']
want = [h for h in hits if start + 100000000 <= h[2] <= start + 300000000]
got = [(x['event'], x['node'], x['time_ns']) for x in load(os.path.join(d, 'hits-ft.json'))['hits']]
ok(got == want and 0 < len(want) < len(hits),
   "--from 0.1 --to 0.3: the %d hits in that range of alpha's clock (got %d)" % (len(want), len(got)))
walk = open(os.path.join(d, 'walk.txt')).read().split('\n')
fw = [(int(l.split()[1]), l.split()[2]) for l in walk if l.startswith('next ')]
bw = [(int(l.split()[1]), l.split()[2]) for l in walk if l.startswith('prev ')]
want = [(h[0], h[1]) for h in hits]
ok(fw == want, "the seek from checkpoints, forward from the start: the same hits and nodes "
   "(%d, want %d)" % (len(fw), len(want)))
ok(bw == want[::-1], "... backward from the end: the same hits in reverse order (%d)" % len(bw))
at = [tuple(int(x) for x in l.split()[1:]) for l in walk if l.startswith('at ')]
bad = []
for c, nx, pv in at:
    wn = min([h[0] for h in hits if h[0] > c] or [0])
    wp = max([h[0] for h in hits if h[0] < c] or [0])
    if (nx, pv) != (wn, wp):
        bad.append((c, nx, pv, wn, wp))
ok(len(at) == len(merged) + 2 and not bad,
   "... the next and the previous hit from each of the %d event numbers, in a scrambled order "
   "(first wrong: %s)" % (len(at), bad[:1]))
done()
PY
)

# ---- the traces given directly: the same stops ---------------------------
$tv replay --json --script "$tmp/all.rs" "$tmp/g/A" "$tmp/g/B" > "$tmp/direct.json"
ok $? "replay of the two traces given directly: exit status 0"
# (the set's model is read back from clock-model.json, whose text rounds
# it: a time may differ by 1 ns)
is "$(python3 - "$tmp/all.json" "$tmp/direct.json" <<'PY'
import json, sys
a, b = (json.load(open(f))['stops'] for f in sys.argv[1:3])
key = lambda s: {k: v for k, v in s.items() if k not in ('time_ns', 'rel_ns')}
print(len(a) == len(b) and all(key(x) == key(y) and abs(x.get('time_ns', 0) - y.get('time_ns', 0)) <= 1
                               for x, y in zip(a, b)))
PY
)" True "... the same stops as of the merged set, in the same order (times within 1 ns: the set's model is read back from its JSON)"

is "$($tv replay --json --hits "$P" "$tmp/g/A" "$tmp/g/B" | python3 -c '
import json, sys
a, b = json.load(sys.stdin)["hits"], json.load(open(sys.argv[1]))["hits"]
print(len(a) == len(b) and all((x["event"], x["node"]) == (y["event"], y["node"]) and
                               abs(x["time_ns"] - y["time_ns"]) <= 1 for x, y in zip(a, b)))' "$tmp/hits.json")" True \
	"replay --hits of the traces given directly: the merged set's hits (times within 1 ns)"
is "$($tv replay --hits "$P" "$tmp/m" | tail -2 | sed 's/^hit at [0-9.]* #[0-9]* //')" \
	"$(printf 'node beta\n%s hits of %s' "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["hits"]))' "$tmp/hits.json")" "$P")" \
	"replay --hits (text): each hit names its node, then the count"

# ---- custom fields: checked against every trace of the set ----------------
# beta's server publishes queue(qlen) (format 1.7), alpha has no custom type
sed -e 's/format=1.4/format=1.7/' -e '/^2500600300 syscall_exit 43 4$/a 2500600400 custom_create 1 fields queue qlen:u32\n2500600500 custom 1 u32:3\n2500600600 custom 1 u32:9\n2500600700 custom 1 u32:12\n2500600800 custom 1 u32:4' \
	"$tmp/g/b.desc" > "$tmp/g/b2.desc" && $bin/gen-trace "$tmp/g/B2" < "$tmp/g/b2.desc" &&
	$tv merge -o "$tmp/m2" "$tmp/g/A" "$tmp/g/B2" > /dev/null && $tv dump --json "$tmp/g/B2" > "$tmp/b2.json"
ok $? "beta's trace with custom events queue(qlen), merged with alpha's"
Q='@beta(app[20].qlen) > 5 && qlen > 0'
$tv replay --json --hits "$Q" "$tmp/m2" > "$tmp/q.json"
ok $? "a custom field only the second trace declares, app[20].qlen and event.qlen: accepted"
is "$(python3 - "$tmp" <<'PY'
import json, os, sys
d = sys.argv[1]
cm = json.load(open(os.path.join(d, 'm2', 'clock-model.json')))['hosts'][1]
ref = lambda t: int((t - cm['offset_ns']) / (1 + cm['drift_ppm'] * 1e-6) + 0.5)
a = json.load(open(os.path.join(d, 'a.json')))['events']
b = json.load(open(os.path.join(d, 'b2.json')))['events']
# the rises of "the last qlen beta's 20 published > 5, at one of its records"
want, last, was = [], None, False
for i, e in enumerate(b):
    q = None
    if e['type'] == 'custom' and 'qlen=' in e['desc']:
        q = last = int(e['desc'].split('qlen=')[1].split()[0])
    now = last is not None and last > 5 and q is not None and q > 0
    if now and not was:
        t = ref(e['time_ns'])
        k = sum(1 for x in a if x['time_ns'] <= t) + i + 1
        want.append((k, 'beta', t))
    was = now
got = [(h['event'], h['node'], h['time_ns']) for h in json.load(open(os.path.join(d, 'q.json')))['hits']]
print(got == want and len(want) == 1)
if got != want:
    print('got %s, want %s' % (got, want), file=sys.stderr)
PY
)" True "... its hits: the first record over 5, on beta, at its number in the merged order"
$tv replay --hits 'app[20].qlenx > 5' "$tmp/m2" > /dev/null 2> "$tmp/q.err"
is "$?:$(cat "$tmp/q.err")" "2:tracevisualizer: --hits: 1:9: unknown field \"qlenx\"" \
	"a field no trace of the set declares: refused with its column"
printf 'break custom(queue) if qlen > 10\nrun\n' > "$tmp/q.rs"
is "$($tv replay --script "$tmp/q.rs" "$tmp/g/A" "$tmp/g/B2" | grep -o 'node beta .*')" \
	"node beta cpu 0 srv-20 custom queue qlen=12" \
	"break custom(queue) if qlen > 10 over the two traces: beta's record over 10"

# ---- text: each stop says its node ---------------------------------------
$tv replay --script "$tmp/b.rs" "$tmp/m" > "$tmp/b.txt"
is "$(head -1 "$tmp/b.txt" | grep -o ' node beta cpu 0 srv-20 socket_recv')" " node beta cpu 0 srv-20 socket_recv" \
	"a stop's line names its node"

# ---- Lua: __ALL__, at() --------------------------------------------------
cat > "$tmp/all2.rs" <<'EOF'
break type == "socket_recv" on beta
commands
  if not said then
    for i, nd in ipairs(__ALL__) do print(i, nd, at(nd, "__NODE__"), at(nd, "task[10].comm")) end
    said = true
  end
end commands
cont
EOF
is "$($tv replay --script "$tmp/all2.rs" "$tmp/m" | sed -n '2,3p' | tr '\t' ' ')" \
	"$(printf '  1 alpha alpha cli\n  2 beta beta nil')" \
	"Lua: __ALL__ lists the nodes, at(NODE, EXPR) reads EXPR in NODE's state"

# ---- bad input: nothing runs, the line and column said -------------------
printf 'break *\nprint @gamma(cpu[0].runq)\n' > "$tmp/bad.rs"
$tv replay --script "$tmp/bad.rs" "$tmp/m" > "$tmp/bad.out" 2> "$tmp/bad.err"
is "$?:$(cat "$tmp/bad.err"):$(wc -c < "$tmp/bad.out")" \
	"2:tracevisualizer: $tmp/bad.rs:2:8: unknown node \"gamma\":0" \
	"@gamma(...): unknown node, its line and column, exit status 2, nothing run"
printf 'break * on alpha,gama\n' > "$tmp/bad2.rs"
$tv replay --script "$tmp/bad2.rs" "$tmp/m" > /dev/null 2> "$tmp/bad2.err"
is "$?:$(cat "$tmp/bad2.err")" \
	"2:tracevisualizer: $tmp/bad2.rs:1:18: unknown node \"gama\" (the nodes: alpha,beta)" \
	"on NODES: an unknown node, its line and column"
printf 'print @(1)\n' > "$tmp/bad3.rs"
$tv replay --script "$tmp/bad3.rs" "$tmp/m" > /dev/null 2> "$tmp/bad3.err"
is "$?:$(cat "$tmp/bad3.err")" \
	"2:tracevisualizer: $tmp/bad3.rs:1:8: expected a node's name or number after '@'" \
	"@(...) without a node: its column"
printf 'break * if $x == 0\ncommands\n  print(at("gamma", "1"))\nend commands\nset x = 0\ncont\n' > "$tmp/bad4.rs"
$tv replay --script "$tmp/bad4.rs" "$tmp/m" > "$tmp/bad4.out" 2> "$tmp/bad4.err"
is "$?:$(grep -c 'commands of 1 stopped at event #1: .*at: unknown node "gamma" (the nodes: alpha,beta)' "$tmp/bad4.err")" "0:1" \
	"Lua at() of an unknown node: the command stopped with a message, the replay goes on"
printf 'print @beta(1)\n' > "$tmp/one.rs"
$tv replay --script "$tmp/one.rs" "$tmp/g/A" > /dev/null 2> "$tmp/one.err"
is "$?:$(cat "$tmp/one.err")" "2:tracevisualizer: $tmp/one.rs:1:8: unknown node \"beta\"" \
	"one trace is one node: another node's name is unknown"
is "$($tv replay --script "$tmp/b.rs" "$tmp/g/A" | wc -l)" 0 \
	"one trace: no node beta, no stop"
done_testing
