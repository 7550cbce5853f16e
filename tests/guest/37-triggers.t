#!/bin/bash
# Trigger rules while tracing (docs/triggers.md, traced --rules): a
# process that segfaults once.  The rule on its SIGSEGV writes a snapshot
# and runs notify with the firing's JSON on its standard input; the rule
# on its non-zero exit writes a second snapshot that holds its last
# events (its getppid calls) and its exit, while the trace goes on; the
# snapshots and the trace are readable traces.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

cat > "$share/rules" <<'RULES'
# the exception rules of docs/triggers.md
on signal if sig == SIGSEGV then snapshot, notify cat > /mnt/share/notify.json
on exit if code != 0 and comm == "ltt-segv" then snapshot
RULES
cat > "$share/run.sh" <<'RUN'
traced -q -o /mnt/share/t --rules /mnt/share/rules -- sh -c 'ltt-segv 50 > /mnt/share/pid; ltt-getppid 10 > /dev/null; sleep 1'
echo $? > /mnt/share/rc
RUN
vm_run "$share" 300 'sh /mnt/share/run.sh'
ok $? "guest ran ltt-segv under traced --rules"
is "$(cat "$share/rc")" 0 "traced exits 0"
pid=$(cat "$share/pid")
ok $([ -n "$pid" ]; echo $?) "ltt-segv printed its pid ($pid)"
t=$share/t
tracevisualizer summary "$t" > "$share/sum" 2>&1
ok $? "the trace is readable"
ok $(grep -q INCOMPLETE "$share/sum"; [ $? = 1 ]; echo $?) "the trace is complete"
for s in snapshot-1 snapshot-2; do
	tracevisualizer dump --json "$t/$s" > "$share/$s.json" 2> "$share/$s.err"
	ok $? "$s is a readable trace (dump --json)" || sed 's/^/# /' "$share/$s.err"
done
cmp -s <(head -1 "$t/firings.jsonl") "$share/notify.json"
ok $? "notify read the first firing's JSON on its stdin"
checks < <(PYTHONPATH=tests/lib python3 - "$t/firings.jsonl" "$share" "$pid" <<'PY'
import json, sys
from check import ok, done
log, share, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = [json.loads(l) for l in open(log)]
fir = [l for l in lines if 'seq' in l]
ok(len(fir) == 2, "two firings logged (%d)" % len(fir))
ok([f['line'] for f in fir] == [2, 3], "the SIGSEGV rule, then the exit rule (lines %s)"
   % [f['line'] for f in fir])
ok(all(f['pid'] == pid for f in fir), "both for ltt-segv (%d): %s" % (pid, [f['pid'] for f in fir]))
ok(fir and fir[0]['type'] == 'signal_deliver' and fir[-1]['type'] == 'exit',
   "a signal_deliver, then an exit")
ok(fir and fir[-1]['comm'] == 'ltt-segv', "the exit's comm is ltt-segv")
ok(all(f['snapshot'] and f['snapshot']['complete'] for f in fir),
   "both snapshots complete: %s" % [f['snapshot'] for f in fir])
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
done_testing
