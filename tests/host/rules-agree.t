#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rules-agree.t - the trigger rules while tracing and after the fact agree
# exactly (docs/triggers.md): traced --rules on its fake device, whose
# CPUs' buffers come out of order (traced/test/ooo-buffers.py), logs its
# firings; "tracevisualizer audit --rules" on the trace it wrote gives the
# same firings, field for field (but the snapshot, which only the live
# run writes): a wakeup paired across the CPUs, a request received on one
# CPU and answered on the other, a slow read, the ticks of a timer rule
# from the trace's start to its end; and a rules file with an error is
# refused by both with the same line and column.
. "$(dirname "$0")/../lib/tap.sh"
tv=$TOP/tracevisualizer/build/tracevisualizer
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

make -s -C "$TOP/tracevisualizer" build/tracevisualizer >"$tmp/build.log" 2>&1 &&
	make -s -C "$TOP/traced" test/traced-fake >>"$tmp/build.log" 2>&1
ok $? "tracevisualizer and traced-fake build" || sed 's/^/# /' "$tmp/build.log" | tail -20

python3 "$TOP/traced/test/ooo-buffers.py" "$tmp/ooo.bin"
cat >"$tmp/rules" <<'R'
# the rules of both runs
on wakeup if latency > 2ms then snapshot
on request if latency > 20ms then snapshot
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

# the firings of both, the snapshot left out, one per line
norm() {
	python3 -c '
import json, sys
for line in open(sys.argv[1]):
    f = json.loads(line)
    if "seq" in f:
        f.pop("snapshot")
        print(json.dumps(f, sort_keys=True))' "$1"
}
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

# a rule with an error: the same message in both
printf 'on every 5ms then snapshot\n' >"$tmp/bad"
"$tv" audit --rules "$tmp/bad" "$tmp/t" >"$tmp/out" 2>&1
is $? 2 "audit --rules with a bad rule: usage error"
grep -q "line 1, column 10: a period of '5ms' is outside 10ms to 24 hours" "$tmp/out"
ok $? "its line, column and what is wrong" || sed 's/^/# /' "$tmp/out"
"$TOP/traced/test/traced-fake" -d fake -q -o "$tmp/t2" -t 0.05 --rules "$tmp/bad" >"$tmp/out" 2>&1
grep -q "line 1, column 10: a period of '5ms' is outside 10ms to 24 hours" "$tmp/out"
ok $? "traced says the same" || sed 's/^/# /' "$tmp/out"
done_testing
