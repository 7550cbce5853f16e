#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rules-module.t - the conditions traced arms in the module
# (docs/triggers.md, "Conditions evaluated in the module"; traced/audit.c
# audit_arm(), fetch_hits()): on the fake device (FAKE_HITS hands out the
# module's hits), a rule without aggregate is armed as the module's
# trigger, its events no longer decoded by traced, and fires from its hit
# alone with the firing the events would give (audit --rules on the same
# trace, field for field), its snapshot holding the event; a rule with
# "by" stays in traced; a hit whose condition does not hold there, or of
# no trigger, fires nothing; --rules-in-daemon arms nothing; a module
# without the ioctl (ENOTTY) leaves every rule in traced, said once.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../lib/ooorules.sh"
# the client's read from 60 to 70 ms (ooo-buffers.py): 10 ms; its wakeup
# at 35 ms on CPU 1, its switch-in at 40 ms on CPU 0: 5 ms
cat >"$tmp/rules" <<'R'
on syscall_exit(read) if latency > 8ms then snapshot
on syscall_exit by pid if latency > 8ms then notify true
on wakeup if latency > 2ms then snapshot
R
# hits FILE TIME_MS START_MS TRIGGER...: struct ltt_trig_hit each (times
# from START), the client's, named $HITCOMM (none by default: the trace
# names none of its tasks)
hits() {
	python3 - "$@" <<'PY'
import os, struct, sys
out = open(sys.argv[1], 'wb')
a = sys.argv[2:]
comm = os.environ.get('HITCOMM', '').encode()
for i in range(0, len(a), 3):
    t, s, trig = int(a[i]), int(a[i + 1]), int(a[i + 2])
    out.write(struct.pack('<QQqQIIIHH16s', t * 10**6, s * 10**6, 10, 0, trig, 5000300, 0, 0, 0,
                          comm))
PY
}
# run NAME HITS [ARG...]: traced --rules on the out-of-order buffers, the
# module's hits from the file HITS ("": a module without the ioctl)
run() {
	local n=$1 h=$2; shift 2
	env FAKE_BUFFERS="$tmp/ooo.bin" FAKE_LOG="$tmp/$n.log" ${h:+FAKE_HITS=$h} "$fake" -d fake \
		-o "$tmp/$n" -t 0.35 --rules "$tmp/rules" "$@" 2>"$tmp/$n.err"
}

hits "$tmp/hits.bin" 40 35 1 70 60 0
run mod "$tmp/hits.bin"
ok $? "traced --rules with the module's hits" || sed 's/^/# /' "$tmp/mod.err"
grep -q '^SET_TRIGGERS count=2$' "$tmp/mod.log" &&
	grep -q '^TRIGGER 0 on=1 nr=0 comm= holdoff=1000000000 tests 1/4/8000000$' "$tmp/mod.log" &&
	grep -q '^TRIGGER 1 on=4 nr=-1 comm= holdoff=1000000000 tests 1/4/2000000$' "$tmp/mod.log"
ok $? "the rules without aggregate armed: syscall_exit, read, latency > 8 ms; wakeup, latency > 2 ms; 1 s hold-off" ||
	grep TRIGGER "$tmp/mod.log" | sed 's/^/# /'
grep -q '^traced: rules: 2 of 3 evaluated in the module$' "$tmp/mod.err"
ok $? "traced says 2 of the 3 rules are the module's" || sed 's/^/# /' "$tmp/mod.err"
"$tv" audit --rules "$tmp/rules" --json "$tmp/mod" >"$tmp/mod.after" 2>"$tmp/audit.err"
ok $? "audit --rules on the trace it wrote" || sed 's/^/# /' "$tmp/audit.err"
norm "$tmp/mod/firings.jsonl" >"$tmp/mod.n"
norm "$tmp/mod.after" >"$tmp/after.n"
is "$(wc -l <"$tmp/mod.n")" 3 "three firings: the module's rules from their hits, the other from the events"
diff "$tmp/mod.n" "$tmp/after.n" >"$tmp/diff"
ok $? "the firings those of every event read after the fact, field for field" ||
	sed 's/^/# /' "$tmp/diff"
checks < <(PYTHONPATH=$TOP/tests/lib python3 - "$tmp/mod" "$tv" <<'PY'
import json, subprocess, sys
from check import ok, done
d, tv = sys.argv[1], sys.argv[2]
fir = [json.loads(l) for l in open(d + '/firings.jsonl') if '"seq"' in l]
m = [f for f in fir if f['rule'] == 0]
ok(len(m) == 1 and m[0]['start_ns'] + 10**7 == m[0]['time_ns'] and
   m[0]['values'] == [{'expr': 'latency', 'value': 10**7},
                      {'expr': '8ms', 'value': 8 * 10**6, 'samples': 0}] and m[0]['pid'] == 5000300,
   "the module's firing: 10 ms from its start, the client's: %s" % m)
snap = m[0]['snapshot']['dir'] if m else ''
ev = json.loads(subprocess.run([tv, 'dump', '--json', d + '/' + snap], capture_output=True,
                               text=True).stdout or '{"events": []}')['events']
ok(any(e['type'] == 'syscall_exit' and e['time_ns'] == m[0]['time_ns'] for e in ev),
   "its snapshot holds the read's exit at the firing's time (%s, %d events)" % (snap, len(ev)))
w = [f for f in fir if f['rule'] == 2]
ok(len(w) == 1 and w[0]['type'] == 'wakeup' and w[0]['time_ns'] - w[0]['start_ns'] == 5 * 10**6
   and w[0]['pid'] == 5000300 and w[0]['cpu'] == 0,
   "the wakeup's firing from its hit: the client switched in on CPU 0 5 ms after its wakeup: %s" % w)
done()
PY
)

# hits that do not fire: the condition does not hold in traced (5 ms), no such trigger
hits "$tmp/bad.bin" 70 65 0 70 60 7
run bad "$tmp/bad.bin"
ok $? "traced --rules with hits that do not fire" || sed 's/^/# /' "$tmp/bad.err"
is "$(norm "$tmp/bad/firings.jsonl" | grep -c '"rule": [02]')" 0 \
	"a hit whose condition does not hold, or of no trigger, fires nothing"
grep -q '^GET_HITS 2$' "$tmp/bad.log"
ok $? "both were handed out"

# every rule the module's: traced decodes no record (their names come
# with the hits: the trace names none of its tasks); a comm test holds on
# the name the module gave
cp "$tmp/rules" "$tmp/rules.all"
cat >"$tmp/rules" <<'R'
on syscall_exit(read) if latency > 8ms and comm == "kname" then snapshot
on wakeup if latency > 2ms then snapshot
R
HITCOMM=kname hits "$tmp/named.bin" 40 35 1 70 60 0
run named "$tmp/named.bin"
ok $? "traced --rules, every rule the module's, hits named kname" || sed 's/^/# /' "$tmp/named.err"
grep -q '^traced: rules: 2 of 2 evaluated in the module$' "$tmp/named.err" &&
	grep -q '^TRIGGER 0 on=1 nr=0 comm=kname holdoff=1000000000 tests 1/4/8000000$' "$tmp/named.log"
ok $? "both armed, the comm test with them" || sed 's/^/# /' "$tmp/named.err" "$tmp/named.log"
checks < <(PYTHONPATH=$TOP/tests/lib python3 - "$tmp/named" <<'PY'
import json, sys
from check import ok, done
fir = [json.loads(l) for l in open(sys.argv[1] + '/firings.jsonl') if '"seq"' in l]
ok(sorted((f['rule'], f['pid'], f.get('comm'), f['time_ns'] - f['start_ns']) for f in fir) ==
   [(0, 5000300, 'kname', 10 * 10**6), (1, 5000300, 'kname', 5 * 10**6)],
   "both fire, the task named as its hit names it, the comm test held on that name: %s" %
   [(f['rule'], f.get('comm')) for f in fir])
done()
PY
)
HITCOMM=other hits "$tmp/named2.bin" 70 60 0
run named2 "$tmp/named2.bin"
ok $? "traced --rules, a hit named other" || sed 's/^/# /' "$tmp/named2.err"
is "$(norm "$tmp/named2/firings.jsonl" | grep -c '"rule": 0')" 0 \
	"the comm test fails on the hit's name: no firing"
cp "$tmp/rules.all" "$tmp/rules"

run daemon "$tmp/hits.bin" --rules-in-daemon
ok $? "traced --rules-in-daemon" || sed 's/^/# /' "$tmp/daemon.err"
grep -q 'SET_TRIGGERS' "$tmp/daemon.log"
ok $(($? == 1 ? 0 : 1)) "... arms nothing in the module"
norm "$tmp/daemon/firings.jsonl" >"$tmp/daemon.n"
"$tv" audit --rules "$tmp/rules" --json "$tmp/daemon" | norm /dev/stdin >"$tmp/daemon.after"
is "$(grep -c '"rule": [02]' "$tmp/daemon.n")" 2 "... and traced fires the rules from the events"
diff "$tmp/daemon.n" "$tmp/daemon.after" >/dev/null
ok $? "... as audit --rules does"

run old ""
ok $? "traced --rules on a module without LTT_IOC_SET_TRIGGERS" || sed 's/^/# /' "$tmp/old.err"
is "$(grep -c 'refused the rules. conditions (LTT_IOC_SET_TRIGGERS: Inappropriate ioctl for device, a module older than this traced): every rule is evaluated here' "$tmp/old.err")" 1 \
	"said once: every rule evaluated in traced"
norm "$tmp/old/firings.jsonl" >"$tmp/old.n"
"$tv" audit --rules "$tmp/rules" --json "$tmp/old" | norm /dev/stdin >"$tmp/old.after"
is "$(grep -c '"rule": [02]' "$tmp/old.n")" 2 "... and they fire from the events"
diff "$tmp/old.n" "$tmp/old.after" >/dev/null
ok $? "... as audit --rules does"

"$fake" -d fake -o "$tmp/none" -t 0.1 --rules-in-daemon 2>"$tmp/none.err"
is "$?" 2 "--rules-in-daemon without a rule: usage error"
grep -q 'without --rules or --rule, there is no rule' "$tmp/none.err"
ok $? "... that says why" || sed 's/^/# /' "$tmp/none.err"
done_testing
