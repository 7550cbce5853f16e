#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rules-gaps.t - no latency of the trigger rules spans lost events
# (docs/triggers.md, "Lost events"): on the fake device's buffers of
# traced/test/gap-buffers.py, whose CPU 0 lost 500 events from 30 to 60 ms,
# traced --rules and audit --rules after the fact fire only on the read
# after the gap (12 ms), not on task A's read whose entry was before the
# gap and exit after it (40 ms) nor on task B's begun inside it; both say
# the gap, the 3 starts forgotten and the 3 ends unpaired.  The same
# buffers without the lost count fire on the 40 ms: the count is what
# keeps it from firing.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../lib/ooorules.sh"
echo 'on syscall_exit(read) by pid if latency > 8ms then snapshot' >"$tmp/rules"

# fired DIR: the firings of DIR's log, "pid latency" a line
fired() {
	python3 -c '
import json, sys
for l in open(sys.argv[1]):
    f = json.loads(l)
    print(f["pid"], f["values"][0]["value"], f["time_ns"] - f["start_ns"])' "$1"
}

python3 "$TOP/traced/test/gap-buffers.py" "$tmp/gap.bin"
FAKE_BUFFERS=$tmp/gap.bin "$fake" -d fake -o "$tmp/t" -t 0.3 --rules "$tmp/rules" \
	>"$tmp/traced.out" 2>&1
ok $? "traced --rules on the buffers with a gap" || sed 's/^/# /' "$tmp/traced.out"
is "$(fired "$tmp/t/firings.jsonl")" "5000500 12000000 12000000" \
	"live: one firing, task A's read after the gap (12 ms); none across the gap"
grep -q 'rules: events were lost in 1 gaps: 3 starts (syscall entries, wakeups, jobs, calls) forgotten there' "$tmp/traced.out"
ok $? "traced says the gap and the 3 starts forgotten" || sed 's/^/# /' "$tmp/traced.out"
grep -q 'rules: 3 ends without their start' "$tmp/traced.out"
ok $? "traced says the 3 ends unpaired"
! grep -q 'learned after events past' "$tmp/traced.out"
ok $? "the gap was known before any event past its start was evaluated"

"$tv" audit --rules "$tmp/rules" --json "$tmp/t" >"$tmp/after.jsonl" 2>"$tmp/audit.err"
ok $? "audit --rules on the trace it wrote" || sed 's/^/# /' "$tmp/audit.err"
norm "$tmp/t/firings.jsonl" >"$tmp/live.n"
norm "$tmp/after.jsonl" >"$tmp/after.n"
diff "$tmp/live.n" "$tmp/after.n" >"$tmp/diff"
ok $? "after the fact, the same firing, field for field" || sed 's/^/# /' "$tmp/diff"
grep -q 'warning: events were lost in 1 gaps: 3 starts (syscall entries, wakeups, jobs, calls) forgotten there, no latency measured across lost events' "$tmp/audit.err"
ok $? "audit --rules says the same gap and starts" || sed 's/^/# /' "$tmp/audit.err"
grep -q 'warning: rules: 3 ends without their start' "$tmp/audit.err"
ok $? "and the same 3 ends unpaired"

# the control: without the lost count, the 40 ms are one read
python3 "$TOP/traced/test/gap-buffers.py" --no-lost "$tmp/nolost.bin"
FAKE_BUFFERS=$tmp/nolost.bin "$fake" -d fake -q -o "$tmp/n" -t 0.3 --rules "$tmp/rules" \
	>"$tmp/traced.out" 2>&1
ok $? "traced --rules on the same buffers without the lost count" ||
	sed 's/^/# /' "$tmp/traced.out"
is "$(fired "$tmp/n/firings.jsonl")" "5000500 40000000 40000000" \
	"then task A's 20 to 60 ms is taken for one read of 40 ms and fires (the rule's hold-off keeps the 12 ms one)"
done_testing
