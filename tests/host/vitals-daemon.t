#!/bin/bash
# traced --vitals kept running for days (issue 29), on the simulated
# collector of traced/test/fake-device.c (100 ms epochs):
#   - killed with -9: the next daemon names the epoch the killed one was
#     collecting (DIR/vitals.current), skips its number, and the gap is
#     what vitals and the Prometheus exposition count as missing (1, not
#     0); a clean end leaves no vitals.current;
#   - --max-size 4k: after each epoch the oldest files are removed until
#     the files fit, each removal said and counted at the end;
#   - SIGHUP: the epoch ended at once (partial), written, DIR reopened:
#     made again when it was removed, the numbers going on; usage errors.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d)
pids=
trap 'for p in $pids; do kill -9 "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT
tv=tracevisualizer
make -s -C traced traced test/traced-fake > "$tmp/build.log" 2>&1 ||
	bail_out "traced-fake does not build: $(tail -5 "$tmp/build.log")"
fake=traced/test/traced-fake
# wait_for COND... : poll (10 s at most) until the command succeeds
wait_for() { local i=0; until "$@"; do i=$((i + 1)); [ $i -gt 1000 ] && return 1; sleep 0.01; done; }

# ---- killed with -9, then a new daemon ------------------------------------------
$fake --vitals -d fake --epoch 100ms -o "$tmp/k" 2> "$tmp/k1.err" & p=$!; pids="$pids $p"
wait_for test -e "$tmp/k/vitals-00000002.ltv"
ok $? "the first daemon wrote epochs 0..2"
kill -9 $p; wait $p 2>/dev/null
cur=$(cat "$tmp/k/vitals.current")
last=$(ls "$tmp/k" | sed -n 's/^vitals-0*\([0-9][0-9]*\)\.ltv$/\1/p' | sort -n | tail -1)
[ -n "$cur" ] && [ "$cur" -ge $((last + 1)) ] 2>/dev/null
ok $? "killed: vitals.current names the epoch it was collecting ($cur, the newest file $last)"
lost=$cur
$fake --vitals -d fake --epoch 100ms -t 350ms -o "$tmp/k" 2> "$tmp/k2.err"
is $? 0 "the next daemon runs and ends (-t)"
grep -q "epoch $lost was lost: the traced --vitals before ended without writing it" "$tmp/k2.err"
ok $? "it names the lost epoch ($(head -c 300 "$tmp/k2.err"))"
[ ! -e "$tmp/k/vitals.current" ]; ok $? "a clean end leaves no vitals.current"
[ ! -e "$tmp/k/$(printf 'vitals-%08d.ltv' $lost)" ] && [ -e "$tmp/k/$(printf 'vitals-%08d.ltv' $((lost + 1)))" ]
ok $? "its number skipped: the series goes on at $((lost + 1))"
$tv vitals "$tmp/k" 2>/dev/null | grep -q "^missing: 1 epoch with no file (lost by a stopped daemon, or removed): $lost$"
ok $? "vitals names it: missing $lost"
$tv vitals --prometheus "$tmp/k" 2>/dev/null | grep -q "^ltt_vitals_epochs_missing_total 1$"
ok $? "the Prometheus exposition counts it: ltt_vitals_epochs_missing_total 1"
# a marker not updated after the newest file (killed in between): the epoch after it
printf '%s\n' 0 > "$tmp/k/vitals.current"
n=$(ls "$tmp/k" | sed -n 's/^vitals-0*\([0-9][0-9]*\)\.ltv$/\1/p' | sort -n | tail -1)
$fake --vitals -d fake --epoch 100ms -t 150ms -o "$tmp/k" 2> "$tmp/k3.err"
grep -q "epoch $((n + 1)) was lost" "$tmp/k3.err" && [ -e "$tmp/k/$(printf 'vitals-%08d.ltv' $((n + 2)))" ]
ok $? "a stale vitals.current (0): the epoch after the newest file ($((n + 1))) named lost and skipped"
printf 'junk' > "$tmp/k/vitals.current"
n=$(ls "$tmp/k" | sed -n 's/^vitals-0*\([0-9][0-9]*\)\.ltv$/\1/p' | sort -n | tail -1)
$fake --vitals -d fake --epoch 100ms -t 150ms -o "$tmp/k" 2> "$tmp/k4.err"
grep -q "vitals.current: not an epoch number" "$tmp/k4.err" && grep -q "epoch $((n + 1)) was lost" "$tmp/k4.err"
ok $? "a vitals.current without a number: said, and the epoch after the newest file named lost"

# ---- --max-size ---------------------------------------------------------------------
$fake --vitals -d fake --epoch 100ms -t 1500ms --max-size 4k -o "$tmp/m" 2> "$tmp/m.err"
is $? 0 "--max-size 4k, 100 ms epochs for 1.5 s"
size=$(cat "$tmp"/m/vitals-*.ltv | wc -c)
one=$(stat -c %s "$tmp/m/vitals-00000014.ltv")
nf=$(ls "$tmp"/m/vitals-*.ltv | wc -l)
[ "$size" -le 4096 ] && [ $((size + one)) -gt 4096 ]
ok $? "the files fit in 4096 bytes, one more would not ($nf files, $size bytes)"
is "$(ls "$tmp/m" | grep -c '\.ltv$')" "$nf" "no other file left behind"
is "$(ls "$tmp/m" | head -1)" "$(printf 'vitals-%08d.ltv' $((15 - nf)))" "the newest kept, the oldest removed"
grep -q "^traced: vital signs: $((15 - nf)) epoch files removed for --max-size$" "$tmp/m.err"
ok $? "the removals counted ($((15 - nf)))"
is "$(grep -c 'removed (--max-size;' "$tmp/m.err")" "$((15 - nf))" "each removal said with its epoch"

# ---- SIGHUP ------------------------------------------------------------------------
$fake --vitals -d fake --epoch 1h -o "$tmp/h" 2> "$tmp/h.err" & p=$!; pids="$pids $p"
wait_for grep -q "epochs of" "$tmp/h.err"
kill -HUP $p
wait_for test -e "$tmp/h/vitals-00000000.ltv"
ok $? "SIGHUP: the epoch of an hour ended at once and written"
$tv vitals --json "$tmp/h" 2>/dev/null | python3 -c "import json,sys; e=json.load(sys.stdin)['epochs']; sys.exit(not (len(e) == 1 and e[0]['partial']))"
ok $? "marked partial"
wait_for grep -q "SIGHUP: .* reopened, epoch 1 next" "$tmp/h.err"
ok $? "DIR reopened, said"
rm -rf "$tmp/h"
kill -HUP $p
wait_for test -e "$tmp/h/vitals-00000001.ltv"
ok $? "DIR removed, SIGHUP: made again, epoch 1 written in it"
grep -q "was gone: made again" "$tmp/h.err"; ok $? "said"
kill -TERM $p; wait $p
is $? 0 "SIGTERM: status 0"
is "$(ls "$tmp/h" | tr '\n' ' ')" "vitals-00000001.ltv vitals-00000002.ltv " "the numbers go on: 1, 2 (the last partial)"

$fake --vitals -d fake --max-size 4000 -o "$tmp/u" > /dev/null 2>&1; is $? 2 "--max-size under 4k: usage error"
$fake --max-size 1M -o "$tmp/u" true > /dev/null 2>&1; is $? 2 "--max-size without --vitals: usage error"
traced/traced --help | grep -q -- "--max-size SIZE"; ok $? "--help"
grep -q -- 'max\\-size' docs/traced.1; ok $? "the man page"
done_testing
