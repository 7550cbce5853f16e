#!/bin/bash
# Trigger rules while tracing (docs/triggers.md, traced --rules): a
# process that segfaults once.  The rule on its SIGSEGV writes a snapshot
# and runs notify with the firing's JSON on its standard input; the rule
# on its non-zero exit writes a second snapshot that holds its last
# events (its getppid calls) and its exit, while the trace goes on; a
# rule on a 1 s clock_nanosleep writes a third holding that call; the
# snapshots and the trace are readable traces.  The three need no
# aggregate: the module evaluates them (traced says 3 of 3), and audit
# --rules, reading every event of the trace, gives the same firings,
# names included (a hit names its task as the kernel does; the trace
# holds the renames, busybox's of its applets after their exec).
#
# In the same boot, a transiently slow server (ltt-lockserv: about one
# request in 50 waits for a mutex that another thread holds over an fsync
# and 50 ms of work): a latency rule on the client's reads fires at the
# first slow reply; its snapshot holds that read; tracevisualizer audit
# explains it (the parts add up to its latency) and puts the lock holder
# first in its critical blame.  (On one CPU: a run on two, whose
# snapshot missed the server's wakeup of the client, recorded on the other
# CPU, blamed the client's own wait.)  The rule also logs heavily its top
# 2 (log top(2) for 30s or 3 matched + 3 unmatched, docs/triggers.md):
# the lock holder is logged until a sample of 3 reads that match the
# rule and 3 that do not is taken (each matched one's values satisfy the
# condition, no unmatched one's do, all within the logging's window,
# audit shows the same); in the trace, over the time the firings log
# gives, the logged tasks' syscall entries carry stacks, no other task's
# do, and none do after.
#
# Heavy logging captures its tasks' packets (--heavy-capture, default
# 1514 bytes, the session capturing none): two ltt-udp send 100 datagrams
# of 1000 bytes 50 ms apart on loopback after a sleep; the 300 ms sleep
# of one (ltt-udpa, the only task the rule can match) fires a rule that
# logs its top for 1 s; its packets out while
# logged are recorded whole (caplen = len, 1042 bytes), read by tshark as
# 1000 bytes of UDP data, none after the logging; the other's and every
# packet in (received in the NET_RX softirq, no task's doing) none.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap '[ -n "${KEEP:-}" ] && cp -r "$share" "$KEEP/37-triggers"; rm -rf "$share"' EXIT	# KEEP=DIR: the traces kept

cat > "$share/rules" <<'RULES'
# the exception rules of docs/triggers.md
on signal if sig == SIGSEGV then snapshot, notify cat > /mnt/share/notify.json
on exit if code != 0 and comm == "ltt-segv" then snapshot
on syscall_exit(clock_nanosleep) if latency > 500ms then snapshot
RULES
cat > "$share/arules" <<'RULES'
# a read of ltt-lockserv's client (lk-client, its prctl(PR_SET_NAME)
# after its fork) 20 times slower than the same task's mean over
# 10 s, and over 30 ms (traced's own reads of its buffers, and the waits
# it causes on a loaded TCG guest, stay under it)
# the logging ends on its sample: 3 reads that match and 3 that do not
# (it takes a few seconds: the slow replies recur; 30 s at most)
on syscall_exit(read) by pid if latency > 30ms and latency > 20 * avg(latency, 10s) and comm == "lk-client" then snapshot, log top(2) for 30s or 3 matched + 3 unmatched
RULES
cat > "$share/run.sh" <<'RUN'
traced -o /mnt/share/t --rules /mnt/share/rules -- sh -c 'ltt-segv 50 > /mnt/share/pid; ltt-getppid 10 > /dev/null; sleep 1' 2> /mnt/share/t.err
echo $? > /mnt/share/rc
# the server runs until the first heavy logging is over and logged (polled
# twice a second from CPU 0, the server's being 1; at most 60 s), then it
# and its client are ended.  The trace is written to the guest's tmpfs
# and copied after: the snapshots of the firings that come meanwhile,
# written to the 9p share, held traced up for seconds, and the module's
# buffers overflowed (the logged window had no event at all)
cat > /mnt/share/poll.sh <<'POLL'
i=0
while ! grep -q '^{"log":1,' /tmp/a/firings.jsonl 2>/dev/null && [ $i -lt 120 ]; do
	sleep 0.5; i=$((i + 1))
done
POLL
# traced on CPU 0, the workload's threads on CPU 1 (ltt-lockserv's last
# argument): the daemon's decoding for avg() does not hold the CPU the
# lock holder waits for (it did for 22.6 % of a latency once, blamed)
taskset -c 0 traced -q -o /tmp/a --rules /mnt/share/arules -- sh -c '
	ltt-lockserv 100000 /tmp/lk.dat 1 > /mnt/share/lk.out & p=$!
	taskset -c 0 sh /mnt/share/poll.sh
	kill $p $(sed -n "s/^client //p" /mnt/share/lk.out | head -1); wait $p; exit 0'
echo $? > /mnt/share/arc
cp -a /tmp/a /mnt/share/a
traced -q -e syscall -o /mnt/share/q --rules /mnt/share/qrules -- sleep 1
echo $? > /mnt/share/qrc
traced -o /mnt/share/w --rule 'on wakeup if latency >= 0 and comm == "ltt-sleep" then snapshot' \
	-- ltt-sleep 0.2 > /dev/null 2> /mnt/share/w.err
echo $? > /mnt/share/wrc
traced -o /mnt/share/g --rule 'on syscall_exit(getppid) if latency >= 0 and comm == "ltt-getppid" then snapshot' \
	-- ltt-getppid 1000 > /dev/null 2> /mnt/share/g.err
echo $? > /mnt/share/grc
# A, named ltt-udpa, is the only task the rule can match (its one
# clock_nanosleep; the 50 ms gaps are poll() calls)
cp "$(command -v ltt-udp)" /tmp/ltt-udpa
traced -q -o /tmp/hc --rule 'on syscall_exit(clock_nanosleep) if latency > 250ms and comm == "ltt-udpa" then snapshot, log top(1) for 1s' \
	-- sh -c '/tmp/ltt-udpa 47200 100 1000 300 50 > /mnt/share/hc.a & ltt-udp 47300 100 1000 600 50 > /mnt/share/hc.b; wait' 2> /mnt/share/hc.err
echo $? > /mnt/share/hcrc
cp -a /tmp/hc /mnt/share/hc
RUN
cat > "$share/qrules" <<'RULES'
on every 200ms over syscall_exit if count(200ms) >= 0 then notify true
RULES
vm_run "$share" 300 'sh /mnt/share/run.sh'
ok $? "guest ran ltt-segv under traced --rules"
is "$(cat "$share/rc")" 0 "traced exits 0"
pid=$(cat "$share/pid")
ok $([ -n "$pid" ]; echo $?) "ltt-segv printed its pid ($pid)"
t=$share/t
tracevisualizer summary "$t" > "$share/sum" 2>&1
ok $? "the trace is readable"
ok $(grep -q INCOMPLETE "$share/sum"; [ $? = 1 ]; echo $?) "the trace is complete"
for s in snapshot-1 snapshot-2 snapshot-3; do
	tracevisualizer dump --json "$t/$s" > "$share/$s.json" 2> "$share/$s.err"
	ok $? "$s is a readable trace (dump --json)" || sed 's/^/# /' "$share/$s.err"
done
cmp -s <(head -1 "$t/firings.jsonl") "$share/notify.json"
ok $? "notify read the first firing's JSON on its stdin"
# the three rules need no aggregate: the module evaluated them (traced
# decoded none of their events), and audit --rules on the trace, reading
# every event, gives the same firings
grep -q '^traced: rules: 3 of 3 evaluated in the module$' "$share/t.err"
ok $? "traced: the 3 rules evaluated in the module" || sed 's/^/# /' "$share/t.err"
tracevisualizer audit --rules "$share/rules" --json "$t" > "$share/t.after" 2> "$share/t.aerr"
ok $? "audit --rules on that trace" || sed 's/^/# /' "$share/t.aerr"
# field for field, the names included: busybox's sh runs its applets as
# /proc/self/exe (the exec names the task "exe"), and the applet renames
# itself (prctl(PR_SET_NAME): "sleep"); a hit carries the kernel's name,
# the trace the rename (task_rename, format 1.18)
firing() { grep -o '"seq".*"actions"' "$1"; }
is "$(firing "$share/t.after" | md5sum)" "$(firing "$t/firings.jsonl" | md5sum)" \
	"the module's firings are those of every event read after the fact" ||
	diff <(firing "$share/t.after") <(firing "$t/firings.jsonl") | sed 's/^/# /'
is "$(grep -o '"comm":"[^"]*"' "$t/firings.jsonl" | tr '\n' ' ')" \
	'"comm":"ltt-segv" "comm":"ltt-segv" "comm":"sleep" ' \
	"the firings name their tasks as the kernel did: ltt-segv twice, sleep (renamed by busybox)"
is "$(grep -o '"comm":"[^"]*"' "$share/t.after" | tr '\n' ' ')" \
	'"comm":"ltt-segv" "comm":"ltt-segv" "comm":"sleep" ' \
	"... and so does audit --rules after the fact: sleep's exec (exe), then its task_rename"
checks < <(PYTHONPATH=tests/lib python3 - "$t/firings.jsonl" "$share" "$pid" <<'PY'
import json, sys
from check import ok, done
log, share, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = [json.loads(l) for l in open(log)]
fir = [l for l in lines if 'seq' in l]
ok(len(fir) == 3, "three firings logged (%d)" % len(fir))
ok([f['line'] for f in fir] == [2, 3, 4],
   "the SIGSEGV rule, the exit rule, then the sleep's (lines %s)" % [f['line'] for f in fir])
slp = fir[2] if len(fir) == 3 else {}
fir = fir[:2]
ok(all(f['pid'] == pid for f in fir), "both for ltt-segv (%d): %s" % (pid, [f['pid'] for f in fir]))
ok(fir and fir[0]['type'] == 'signal_deliver' and fir[-1]['type'] == 'exit',
   "a signal_deliver, then an exit")
ok(fir and fir[-1]['comm'] == 'ltt-segv', "the exit's comm is ltt-segv")
ok(all(f['snapshot'] and f['snapshot']['complete'] for f in fir + [slp]),
   "the three snapshots complete: %s" % [f.get('snapshot') for f in fir + [slp]])
lat = [v['value'] for v in slp.get('values', []) if v['expr'] == 'latency']
ok(slp.get('type') == 'syscall_exit' and len(lat) == 1 and
   lat[0] == slp['time_ns'] - slp['start_ns'] and 10**9 <= lat[0] < 2 * 10**9,
   "the sleep's 1 s system call: its latency %s, from its start to its time" % lat)
ev3 = json.load(open(share + '/snapshot-3.json'))['events']
ex3 = [e for e in ev3 if e['type'] == 'syscall_exit' and e['time_ns'] == slp.get('time_ns')
       and e['pid'] == slp.get('pid') and e['args'].get('name') == 'clock_nanosleep']
en3 = [e for e in ev3 if e['type'] == 'syscall_entry' and e['time_ns'] == slp.get('start_ns')
       and e['pid'] == slp.get('pid')]
ok(len(ex3) == 1 and len(en3) == 1, "snapshot-3 holds that call's entry and exit at the times "
   "the firing gives (the records' own: %d, %d)" % (len(en3), len(ex3)))
nt = [l for l in lines if 'notify' in l]
ok(nt == [{'notify': 1, 'killed': False, 'exit': 0}], "notify ran and exited 0: %s" % nt)
ev = json.load(open(share + '/snapshot-2.json'))['events']
mine = [e for e in ev if e['pid'] == pid]
ex = [e for e in ev if e['type'] == 'exit' and e['args'].get('pid') == pid]
ok(len(ex) == 1 and ex[0]['args']['code'] != 0, "snapshot-2 holds its exit, code %s"
   % [e['args']['code'] for e in ex])
calls = [e for e in mine if e['type'] == 'syscall_exit' and e['args'].get('name') == 'getppid']
ok(len(calls) == 50, "and its last events: its 50 getppid calls (%d)" % len(calls))
sg = [e for e in mine if e['type'] == 'signal_deliver' and e['args']['sig'] == 11]
ok(len(sg) == 1 and ex and sg[0]['time_ns'] <= ex[0]['time_ns'],
   "and the SIGSEGV delivered before the exit")
ev1 = json.load(open(share + '/snapshot-1.json'))['events']
ok(any(e['type'] == 'signal_deliver' and e['pid'] == pid and e['args']['sig'] == 11 for e in ev1),
   "snapshot-1 holds the SIGSEGV")
ok(all(e['time_ns'] <= fir[-1]['time_ns'] + 10**9 for e in ev), "snapshot-2 ends near its firing")
done()
PY
)

# the periodic flush of the module (100 ms with rules) closes every CPU's
# buffer, a quiet one's too, with the flush's time at its end: the rules
# go on from the time every CPU has passed, a timer rule ticks every 200
# ms while the guest sleeps 1 s, and audit --rules agrees after the fact
is "$(cat "$share/qrc")" 0 "traced --rules over sleep 1 exits 0"
checks < <(PYTHONPATH=tests/lib python3 - "$share/q/events" "$share/q/firings.jsonl" <<'PY'
import json, sys
import lttfmt
from check import ok, done
data = open(sys.argv[1], 'rb').read()
ncpus = lttfmt.TRACE_HEADER.unpack(open(sys.argv[1][:-len('events')] + 'header', 'rb').read())['ncpus']
fl = {}
for _, h in lttfmt.buffers(data):
    if h['flags'] & lttfmt.BUF_FLAGS['flushed']:
        fl.setdefault(h['cpu'], []).append(h['end_ns'])
cpus = sorted(fl)
ok(len(cpus) == ncpus and all(len(fl[c]) >= 6 for c in cpus),
   "every CPU's buffer closed by the flush at least 6 times in 1 s, quiet or not: %s"
   % {c: len(fl[c]) for c in cpus})
gaps = [b - a for c in cpus for a, b in zip(fl[c], fl[c][1:])]
ok(gaps and max(gaps) < 600 * 10**6, "no CPU's flushed ends 600 ms apart (longest %.0f ms)"
   % (max(gaps or [0]) / 1e6))
fir = [json.loads(l) for l in open(sys.argv[2])]
ticks = [f['time_ns'] for f in fir if 'seq' in f]
ok(len(ticks) >= 4 and all(b - a == 200 * 10**6 for a, b in zip(ticks, ticks[1:])),
   "the timer rule ticked every 200 ms: %d firings" % len(ticks))
done()
PY
)
tracevisualizer audit --rules "$share/qrules" --json "$share/q" > "$share/q.after" 2> "$share/q.err"
ok $? "audit --rules on that trace" || sed 's/^/# /' "$share/q.err"
is "$(grep -o '"seq".*"actions"' "$share/q.after" | md5sum)" \
	"$(grep -o '"seq".*"actions"' "$share/q/firings.jsonl" | md5sum)" \
	"the same firings while tracing and after the fact"

# a wakeup rule in the module (the issue's "on wakeup if latency > 2ms and
# comm == ..."): ltt-sleep's switch-in after its 0.2 s nanosleep fires
# it, once, as audit --rules finds it reading every event
is "$(cat "$share/wrc")" 0 "traced with a wakeup rule exits 0"
grep -q '^traced: rules: 1 of 1 evaluated in the module$' "$share/w.err"
ok $? "traced: the wakeup rule evaluated in the module" || sed 's/^/# /' "$share/w.err"
checks < <(PYTHONPATH=tests/lib python3 - "$share/w/firings.jsonl" <<'PY'
import json, sys
from check import ok, done
fir = [json.loads(l) for l in open(sys.argv[1]) if '"seq"' in l]
lat = [v['value'] for f in fir for v in f['values'] if v['expr'] == 'latency']
ok(len(fir) == 1 and fir[0]['type'] == 'wakeup' and fir[0]['comm'] == 'ltt-sleep' and
   lat == [fir[0]['time_ns'] - fir[0]['start_ns']] and lat[0] >= 0,
   "one firing, ltt-sleep's switch-in after its wakeup: %s" % fir)
done()
PY
)
# audit --rules RULE on the trace DIR of a run with that one rule (NAME)
# fires what traced fired while tracing, field for field
same_after() {
	printf '%s\n' "$1" > "$2.rules"
	tracevisualizer audit --rules "$2.rules" --json "$2" > "$2.after" 2> "$2.aerr"
	ok $? "audit --rules on the $3 rule's trace" || sed 's/^/# /' "$2.aerr"
	is "$(grep -o '"seq".*"actions"' "$2.after" | md5sum)" \
		"$(grep -o '"seq".*"actions"' "$2/firings.jsonl" | md5sum)" \
		"the $3 rule's firing is the one audit --rules finds after the fact" ||
		diff <(grep -o '"seq".*"actions"' "$2.after") <(grep -o '"seq".*"actions"' "$2/firings.jsonl") | sed 's/^/# /'
}
same_after 'on wakeup if latency >= 0 and comm == "ltt-sleep" then snapshot' "$share/w" wakeup

# a system call rule in the module whose lower bound every call passes
# (latency >= 0): each of ltt-getppid's 1000 calls is evaluated from the
# entry kept on its CPU (no switch between a getppid's entry and exit),
# the first fires (the others held off by the rule's 1 s), with that
# call's entry and exit for its start and time, as audit --rules finds it
is "$(cat "$share/grc")" 0 "traced with a getppid rule exits 0"
grep -q '^traced: rules: 1 of 1 evaluated in the module$' "$share/g.err"
ok $? "traced: the getppid rule evaluated in the module" || sed 's/^/# /' "$share/g.err"
tracevisualizer dump --json "$share/g" > "$share/g.json" 2> "$share/g.derr"
ok $? "its trace is readable (dump --json)" || sed 's/^/# /' "$share/g.derr"
checks < <(PYTHONPATH=tests/lib python3 - "$share/g/firings.jsonl" "$share/g.json" <<'PY'
import json, sys
from check import ok, done
fir = [json.loads(l) for l in open(sys.argv[1]) if '"seq"' in l]
ev = json.load(open(sys.argv[2]))['events']
f = fir[0] if len(fir) == 1 else {}
ok(len(fir) == 1 and f['type'] == 'syscall_exit' and f['comm'] == 'ltt-getppid',
   "one firing, a system call exit of ltt-getppid: %s" % fir)
mine = [e for e in ev if e['pid'] == f.get('pid') and e['args'].get('name') == 'getppid']
ent = [e['time_ns'] for e in mine if e['type'] == 'syscall_entry']
ex = [e['time_ns'] for e in mine if e['type'] == 'syscall_exit']
ok(len(ent) == 1000 and len(ex) == 1000, "the trace holds its 1000 getppid calls (%d, %d)" % (len(ent), len(ex)))
ok(ent and ex and f.get('start_ns') == ent[0] and f.get('time_ns') == ex[0],
   "the firing is the first call: its entry's time and its exit's (%s, %s; the trace: %s, %s)"
   % (f.get('start_ns'), f.get('time_ns'), ent[:1], ex[:1]))
lat = [v['value'] for v in f.get('values', []) if v['expr'] == 'latency']
ok(lat == [f.get('time_ns', 0) - f.get('start_ns', 0)], "its latency is its exit's time from its entry: %s" % lat)
done()
PY
)
same_after 'on syscall_exit(getppid) if latency >= 0 and comm == "ltt-getppid" then snapshot' "$share/g" getppid

# the slow server: the first firing is the first slow reply, its culprit the lock holder
is "$(cat "$share/arc")" 0 "traced --rules over ltt-lockserv exits 0"
locker=$(sed -n 's/^locker //p' "$share/lk.out" | head -1)
client=$(sed -n 's/^client //p' "$share/lk.out" | head -1)
ok $([ -n "$locker" ] && [ -n "$client" ]; echo $?) "ltt-lockserv printed its locker ($locker) and client ($client): $(grep slow "$share/lk.out")"
a=$share/a
tracevisualizer dump --json --pid "$client" "$a/snapshot-1" > "$share/a1.json" 2> "$share/a1.err"
ok $? "its snapshot-1 is a readable trace (the client's events)" || sed 's/^/# /' "$share/a1.err"
tracevisualizer audit --json "$a" > "$share/audit.json" 2> "$share/audit.err"
ok $? "tracevisualizer audit --json reads the session" || sed 's/^/# /' "$share/audit.err"
tracevisualizer audit "$a" > "$share/audit.txt" 2>&1
ok $? "tracevisualizer audit (text) too"
sed -n '/^firing 1 /,/^firing 2 /p' "$share/audit.txt" | head -40 | sed 's/^/# /'
checks < <(PYTHONPATH=tests/lib python3 - "$a/firings.jsonl" "$share" "$locker" "$client" <<'PY'
import json, sys
from check import ok, done
log, share, locker, client = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
fir = [l for l in (json.loads(x) for x in open(log)) if 'seq' in l]
ok(len(fir) >= 1, "the latency rule fired (%d firings)" % len(fir))
f = fir[0]
ok(f['pid'] == client and f['type'] == 'syscall_exit', "firing 1: a syscall_exit of the client (%s %s)" % (f['pid'], f['type']))
lat = f['time_ns'] - f['start_ns']
ok(lat > 30 * 10**6,
   "firing 1 is a slow reply: %d ns, over the rule's 30 ms (the locker holds the mutex 50 ms from "
   "whenever the request came)" % lat)
ev = json.load(open(share + '/a1.json'))['events']
mine = [e for e in ev if e['pid'] == client and e['args'].get('name') == 'read']
rd = [e for e in mine if e['type'] == 'syscall_exit' and e['time_ns'] == f['time_ns']]
ent = [e for e in mine if e['type'] == 'syscall_entry' and e['time_ns'] == f['start_ns']]
ok(len(rd) == 1 and len(ent) == 1, "snapshot-1 holds that read: its entry and its exit (%d, %d)" % (len(ent), len(rd)))
fast = [e for e in mine if e['type'] == 'syscall_exit' and e['time_ns'] < f['start_ns']]
ok(len(fast) >= 40, "and the client's fast reads before it (%d)" % len(fast))
au = json.load(open(share + '/audit.json'))['firings']
ok([x['seq'] for x in au] == [x['seq'] for x in fir], "audit lists the firings in order: %s" % [x['seq'] for x in au])
i = au[0]['instance']
ok(i and i['analysed'] and i['latency_ns'] == lat, "audit analysed firing 1 in snapshot-1: %s" % str(i and (i.get('why'), i.get('latency_ns'))))
if i and i['analysed']:
    tot = sum(t['ns'] for t in i['explanation']['totals'])
    ok(tot == lat, "its explanation's parts add up to its latency (%d of %d ns)" % (tot, lat))
    b = i['blame']
    ps = b['parties']
    ok(sum(p['blame_ns'] for p in ps) + b['unblamed_ns'] == lat, "the blames add up to the latency")
    top = ps[0]
    ok(top['kind'] == 'task' and top['pid'] == locker and top['critical'] and top['top'],
       "the lock holder %d is first: %s" % (locker, [(p['kind'], p.get('pid', p.get('irq')), p['blame_ns']) for p in ps[:4]]))
    ok(top['share'] > 50, "with most of the latency: %.1f %%" % top['share'])
    # the workload's other tasks (the server, the client); not traced, which
    # on a loaded host held the CPU the locker waited for for up to 22.6 %
    # of the latency (clean-clone run of 2026-11-29 23:58, blamed as such)
    srv = [p for p in ps if p['kind'] == 'task' and p['pid'] != locker and
           p.get('comm') in ('ltt-lockserv', 'lk-server', 'lk-client')]
    ok(srv and all(p['blame_ns'] < top['blame_ns'] / 4 for p in srv),
       "every other task of ltt-lockserv far behind: %s (all: %s)"
       % ([(p['pid'], p['blame_ns']) for p in srv], [(p.get('pid', p.get('irq')), p.get('comm'), p['blame_ns']) for p in ps[1:5]]))
done()
PY
)

# heavy logging: the stacks of the syscall entries in the trace, by window and task
logs=$(grep '^{"log":' "$a/firings.jsonl")
echo "$logs" | sed 's/^/# /'
hl=$(echo "$logs" | jq -c 'select(.parties)' | head -1)
from=$(echo "$hl" | jq .from_ns); to=$(echo "$hl" | jq .to_ns); off=$(echo "$hl" | jq .off_ns)
# the next logging's firing: its set is published after it (its snapshot
# and blame come first) but before its from_ns, taken once the ioctl
# returned (the module's synchronize_rcu(), about 20 ms under TCG, during
# which its tasks' entries may already carry stacks: 1 of 30402 on the
# run of 2026-11-30 16:23, a logging 0.3 s long and the next one 0.9 s
# after it)
nseq=$(echo "$logs" | jq 'select(.parties) | .log' | sed -n 2p)
next=$([ -n "$nseq" ] && jq "select(.seq == $nseq) | .time_ns" "$a/firings.jsonl")
ok $([ -n "$hl" ] && echo "$hl" | jq -e --argjson l "$locker" \
	'.ended == "sample" and (.to_ns - .from_ns) < 30000000000 and ([.parties[].pid] | index($l)) != null' >/dev/null; echo $?) \
	"the first heavy logging ended on its sample, before its 30 s ($(echo "$hl" | jq '(.to_ns - .from_ns) / 1e9') s), over the lock holder $locker and others: $(echo "$hl" | jq -c '[.parties[].pid]')"
# its sample: 3 reads that matched the rule and 3 that did not, in the
# window; each matched one over 30 ms, over the 20 * avg it was compared
# with, of lk-client; no unmatched one all three; audit shows the same
echo "$hl" | jq -c '.sample.instances[] | [.matched, .time_ns, .pid, .comm, [.values[].value]]' | sed 's/^/# /'
checks < <(PYTHONPATH=tests/lib python3 - "$hl" "$share/audit.json" "$share/audit.txt" <<'PY'
import json, sys
from check import ok, done
hl, au = json.loads(sys.argv[1]), json.load(open(sys.argv[2]))
txt = open(sys.argv[3]).read()
s = hl.get('sample') or {}
ins = s.get('instances', [])
ok([s.get(k) for k in ('matched_goal', 'unmatched_goal', 'matched', 'unmatched')] == [3, 3, 3, 3]
   and len(ins) == 6 and sorted(i['matched'] for i in ins) == [False] * 3 + [True] * 3,
   "the sample holds 3 matched and 3 unmatched reads: %s" % [s.get(k) for k in ('matched', 'unmatched')])
ok(all(hl['from_ns'] <= i['time_ns'] < hl['to_ns'] for i in ins) and
   [i['time_ns'] for i in ins] == sorted(i['time_ns'] for i in ins),
   "each within the logging's window, in time order")
def holds(i):
    v = {x['expr']: x['value'] for x in i['values']}
    lat, mean = v.get('latency'), v.get('20 * avg(latency, 10s)')
    return (lat is not None and lat > 30 * 10**6 and mean is not None and lat > mean
            and i['comm'] == 'lk-client')
ok(all(holds(i) == i['matched'] for i in ins),
   "every matched one satisfies the condition by its values (latency > 30ms, > 20 * avg, comm), "
   "no unmatched one does: %s" % [(i['matched'], [x['value'] for x in i['values']], i['comm']) for i in ins])
ok(all(i['time_ns'] - i['start_ns'] == {x['expr']: x['value'] for x in i['values']}['latency'] for i in ins),
   "each one's latency is its exit's time from its entry")
a = au['firings'][0]['heavy_log'] or {}
strip = lambda l: [dict(i, values=[{'expr': x['expr'], 'value': x['value']} for x in i['values']]) for i in l]
ai = (a.get('sample') or {}).get('instances') or []
ok(a.get('ended') == 'sample' and [{k: v for k, v in i.items() if k != 'explanation'} for i in ai] == strip(ins),
   "audit --json gives firing 1's sample as the firings log does")
# each sampled read explained in the trace: the client from its entry to
# its exit, the parts adding up to its latency; a slow (matched) one
# spent most of it blocked in the read, waiting for the late reply
def blocked(e):
    return sum(t['ns'] for t in e['totals'] if t.get('type') == 'blocked')
ex = [i.get('explanation') for i in ai]
ok(ai and all(e and e['pid'] == i['pid'] and e['start_ns'] == i['start_ns'] and
              e['duration_ns'] == i['time_ns'] - i['start_ns'] and
              sum(t['ns'] for t in e['totals']) == e['duration_ns'] and
              (not i['matched'] or blocked(e) > e['duration_ns'] // 2) for i, e in zip(ai, ex)),
   "audit --json explains each sampled read in the trace (its task, start, length, parts adding up to it; "
   "a matched one mostly blocked): %s" % [(i['matched'], e and e['duration_ns'], e and blocked(e)) for i, e in zip(ai, ex)])
ok("sample of the rule's instances while logged: 3 of 3 matched, 3 of 3 unmatched" in txt,
   "and its text says it")
done()
PY
)
st() {	# st PID|all FROM TO: "stacked all" of the syscall entries
	local p=()
	[ "$1" = all ] || p=(--pid "$1")
	tracevisualizer stacks --addresses --json --kind syscall_entry "${p[@]}" \
		--window "@${2}ns:@${3}ns" "$a" | jq -r '.stacks | "\(.total) \(.total + .unstacked)"'
}
sum=0 tot=0
for p in $(echo "$hl" | jq '.parties[].pid'); do
	read -r s t < <(st "$p" "$from" "$to"); sum=$((sum + s)); tot=$((tot + t))
done
# Every one: from_ns is taken once the module published the set to every
# writer, to_ns before it is emptied (until 2026-11-30 after: the ~20 ms
# the module's synchronize_rcu() took under TCG were in the window, 883 of
# 50427 entries without a stack).  A stack record with no room is counted
# lost, its entry kept: those are allowed, and said.
lstk=$(tracevisualizer summary --json "$a" | jq '.lost.by_type.stack // 0')
ok $((sum > 0 && sum + lstk >= tot ? 0 : 1)) \
	"while logged, every syscall entry of the logged tasks carries a stack, or its stack record is counted lost ($sum of $tot; the trace lost $lstk stack records)"
read -r all_s all_t < <(st all "$from" "$to")
is "$all_s" "$sum" "no other task's entries carry any ($all_t entries in all, $all_s stacked)"
# up to the next logging's firing or the trace's end, the earlier (a
# firing found as the trace stopped logs from after its end, "ended":"stop")
end=$(tracevisualizer summary --json "$a" 2>/dev/null | jq .trace.end_ns)
[ -n "$next" ] && [ "$next" -lt "$end" ] && end=$next
# off_ns is the daemon's time once the module's set was emptied and every
# writer that could still read it was done: no entry after carries one
# (between to_ns and off_ns, some may)
ok $([ "$to" -le "$off" ]; echo $?) "the set was emptied between to_ns and off_ns ($to, $off)"
read -r af_s af_t < <(st all "$((off + 1))" "$((end - 1))")
is "$af_s" 0 "after off_ns no entry carries a stack ($af_s of $af_t)"
ok $((af_t > 0 ? 0 : 1)) "and there were entries after it ($af_t)"
is "$(echo "$hl" | jq --argjson s "$sum" '([.parties[].stacks] | add) >= $s and ([.parties[].events] | add) > 0')" \
	true "the firings log counts the logged tasks' events, and their stacks: at least the $sum of their entries"

# heavy logging's packets: the logged sender's whole while logged, nobody else's
is "$(cat "$share/hcrc")" 0 "traced with a rule that logs a sender exits 0" || sed 's/^/# /' "$share/hc.err"
hc=$share/hc
tracevisualizer dump --json --filter 'type =~ ^net_packet' "$hc" > "$share/hc.json" 2> "$share/hc.derr"
ok $? "its trace is readable (dump --json)" || sed 's/^/# /' "$share/hc.derr"
tracevisualizer export --pcap "$share/hc.pcap" "$hc" > /dev/null 2>&1
ok $? "export --pcap of its trace"
PYTHONPATH=tests/lib python3 - "$hc/firings.jsonl" "$share/hc.json" "$share/hc.a" "$share/hc.b" \
	> "$share/hc.checks" 2>&1 <<'PY'
import json, sys
from check import ok, done
lines = [json.loads(l) for l in open(sys.argv[1])]
fir = [l for l in lines if 'seq' in l]
log = [l for l in lines if l.get('log') == 1]
ev = json.load(open(sys.argv[2]))['events']
pid = lambda f: int([l.split()[1] for l in open(f) if l.startswith('pid ')][0])
a, b = pid(sys.argv[3]), pid(sys.argv[4])
ok(len(fir) == 1 and fir[0]['pid'] == a, "one firing, sender A's 300 ms sleep (%d): %s" % (a, fir))
lg = log[0] if len(log) == 1 else {}
parties = [p['pid'] for p in lg.get('parties', [])]
ok(parties == [a], "its logging logs A alone: %s (%s)" % (parties, lg.get('why')))
frm, to, off = lg.get('from_ns', 0), lg.get('to_ns', 0), lg.get('off_ns', 0)
out = lambda p: [e for e in ev if e['type'] == 'net_packet_out' and e['pid'] == p
                 and e['args']['len'] == 1042]
logged = [e for e in out(a) if frm <= e['time_ns'] <= to]
ok(len(logged) >= 5 and all(e['args']['caplen'] == 1042 for e in logged),
   "A's %d packets out while logged recorded whole: caplen = len = 1042 (%s)"
   % (len(logged), sorted(set(e['args']['caplen'] for e in logged))))
after = [e for e in out(a) if e['time_ns'] > off]
ok(len(after) >= 5 and all(e['args']['caplen'] == 0 for e in after),
   "A's %d packets out after the logging: none of their bytes (%s)"
   % (len(after), sorted(set(e['args']['caplen'] for e in after))))
ok(len(out(b)) == 100 and all(e['args']['caplen'] == 0 for e in out(b)),
   "B's 100 packets out, not logged: none of their bytes (%d)" % len(out(b)))
pin = [e for e in ev if e['type'] == 'net_packet_in']
ok(len(pin) >= 200 and all(e['args']['caplen'] == 0 for e in pin),
   "every packet in (%d, in the NET_RX softirq): none of their bytes" % len(pin))
# whole packets only between the firing and off_ns (from to_ns to
# off_ns the set is being emptied: some may be)
whole = [e for e in out(a) if e['args']['caplen'] == 1042]
ok(fir and all(fir[0]['time_ns'] < e['time_ns'] <= off for e in whole),
   "A's %d whole packets all after its firing and before off_ns" % len(whole))
print("whole %d" % len(whole))
done()
PY
checks < "$share/hc.checks"
n=$(sed -n 's/^whole //p' "$share/hc.checks")
is "$(tshark -r "$share/hc.pcap" -Y 'udp.srcport == 47201 && data.len == 1000' 2>/dev/null | wc -l)" "$n" \
	"tshark reads A's $n whole packets with their 1000 bytes of UDP data"
done_testing
