#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rules-agree.t - the trigger rules while tracing and after the fact agree
# exactly (docs/triggers.md): traced --rules on its fake device, whose
# CPUs' buffers come out of order (traced/test/ooo-buffers.py), logs its
# firings; "tracevisualizer audit --rules" on the trace it wrote gives the
# same firings, field for field (but the snapshot, which only the live
# run writes): a wakeup paired across the CPUs, a request received on one
# CPU and answered on the other, a request at its caller sent on one CPU
# and its reply received on the other (exactly one firing, 14 ms, its side
# and endpoints; audit --rules' text says them as audit does), a slow
# read, the ticks of a timer rule from the trace's start to its end; and
# rules files with an error are refused by both with the same line and
# column.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../lib/ooorules.sh"
cat >"$tmp/rules" <<'R'
# the rules of both runs
on wakeup if latency > 2ms then snapshot
on request if latency > 20ms then snapshot
on request(caller) if latency > 10ms then snapshot
on syscall_exit(read) by pid if latency > 8ms then snapshot
on syscall_exit if latency >= 1ms and latency > 2 * avg(latency, 1s) then notify true
on every 100ms over syscall_exit if count(100ms) >= 1 and max(latency, 100ms) > 0 then notify true
on every 70ms over request if count(1s) > 0 then notify true
R
FAKE_BUFFERS=$tmp/ooo.bin "$TOP/traced/test/traced-fake" -d fake -q -o "$tmp/t" -t 0.35 \
	--rules "$tmp/rules" 2>"$tmp/traced.err"
ok $? "traced --rules on the fake device" || sed 's/^/# /' "$tmp/traced.err"
"$tv" audit --rules "$tmp/rules" --json "$tmp/t" >"$tmp/after.jsonl" 2>"$tmp/audit.err"
ok $? "audit --rules on the trace it wrote" || sed 's/^/# /' "$tmp/audit.err"

# the firings of both, the snapshot left out, one per line (norm)
norm "$tmp/t/firings.jsonl" >"$tmp/live.n"
norm "$tmp/after.jsonl" >"$tmp/after.n"
live=$(wc -l <"$tmp/live.n")
ok $((live < 5)) "the live run fired $live times, 5 or more (the rules of every kind)"
for ty in wakeup request syscall_exit timer; do
	grep -q "\"type\": \"$ty\"" "$tmp/live.n"
	ok $? "a firing of type $ty"
done
diff "$tmp/live.n" "$tmp/after.n" >"$tmp/diff"
ok $? "after the fact, the same firings, field for field" || sed 's/^/# /' "$tmp/diff"

# the request at its caller: one firing, from the call's first send's
# entry (72 ms) to its reply's first receive (86 ms), by the client
caller() {
	python3 -c '
import json, sys
fs = [json.loads(l) for l in open(sys.argv[1])]
fs = [f for f in fs if f.get("text", "").startswith("on request(caller)")]
print(len(fs), *[(f["type"], f["side"], f["local"], f["peer"], f["pid"], f["cpu"],
                  f["time_ns"] - f["start_ns"], f["values"][0]["value"]) for f in fs])' "$1"
}
want="1 ('request', 'caller', '10.0.1.1:50854', '10.0.1.2:7201', 5000300, 1, 14000000, 14000000)"
is "$(caller "$tmp/t/firings.jsonl")" "$want" "live: on request(caller) fired once, 14 ms at the client"
is "$(caller "$tmp/after.jsonl")" "$want" "after the fact: the same"
# audit --rules' text says each request's side and endpoints as audit says a
# firing read back (lttr_request_side_str(), lttr_firing_side_str())
"$tv" audit --rules "$tmp/rules" "$tmp/t" >"$tmp/after.txt" 2>"$tmp/audit.err"
grep -E '^  request ' "$tmp/after.txt" | sed -E 's/from [0-9]+\.[0-9]{9} s/from T s/' >"$tmp/req.txt"
is "$(cat "$tmp/req.txt")" "  request at its callee (unknown -> unknown) of task 5000200 on cpu 0, from T s: 30000.000 us
  request at its caller (10.0.1.1:50854 -> 10.0.1.2:7201) of task 5000300 on cpu 1, from T s: 14000.000 us" \
	"audit --rules' text: the request at its callee (endpoints not recorded) and at its caller, side and endpoints said"

# a rule with an error: the same message in both
# bad_rule RULES MESSAGE WHAT OUT: audit refuses RULES (usage error, WHAT
# in the description) with MESSAGE, and traced (trace OUT) says the same
bad_rule() {
	printf '%b' "$1" >"$tmp/bad"
	"$tv" audit --rules "$tmp/bad" "$tmp/t" >"$tmp/out" 2>&1
	is $? 2 "audit --rules with $3: usage error"
	grep -q "$2" "$tmp/out"
	ok $? "$4" || sed 's/^/# /' "$tmp/out"
	"$TOP/traced/test/traced-fake" -d fake -q -o "$tmp/$5" -t 0.05 --rules "$tmp/bad" >"$tmp/out" 2>&1
	grep -q "$2" "$tmp/out"
	ok $? "traced says the same" || sed 's/^/# /' "$tmp/out"
}
bad_rule 'on every 5ms then snapshot\n' "line 1, column 10: a period of '5ms' is outside 10ms to 24 hours" \
	"a bad rule" "its line, column and what is wrong" t2
bad_rule '# a side that is none\non request(nonsense) then snapshot\n' \
	"line 2, column 12: request is followed at the caller or the callee" \
	"on request(nonsense)" "its line and column" t3
done_testing
