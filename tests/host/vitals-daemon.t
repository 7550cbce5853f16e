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
#     made again when it was removed, the numbers going on; usage errors;
#   - samples drained while the epoch runs (POLLIN, LTT_VITALS_IOC_DRAIN):
#     every drained sample in its epoch's file, none twice, the epoch's
#     cap kept and the rest counted dropped; a failing DRAIN said once;
#     drains go on while the writer thread writes an epoch (held by the
#     daemon's test hook TRACED_TEST_HOLD_WRITE).
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
[ -e "$tmp/k/$(printf 'vitals-%08d.ltv' $lost)" ] && [ -e "$tmp/k/$(printf 'vitals-%08d.ltv' $((lost + 1)))" ]
ok $? "its number holds the lost epoch's marker: the series goes on at $((lost + 1))"
$tv vitals "$tmp/k" 2>/dev/null | grep -q "^missing: 1 epoch with no data (lost by a stopped daemon, or removed): $lost$"
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

# killed before its first epoch ended: the next daemon marks epoch 0 lost,
# which vitals and the Prometheus exposition count although no file of
# data comes before it
$fake --vitals -d fake --epoch 10s -o "$tmp/z" 2> "$tmp/z1.err" & p=$!; pids="$pids $p"
wait_for grep -q "epochs of" "$tmp/z1.err"; ok $? "a daemon started on an empty DIR (10 s epochs)"
kill -9 $p; wait $p 2>/dev/null
$fake --vitals -d fake --epoch 100ms -t 250ms -o "$tmp/z" 2> "$tmp/z2.err"
grep -q "epoch 0 was lost" "$tmp/z2.err" && [ -e "$tmp/z/vitals-00000000.ltv" ] && [ -e "$tmp/z/vitals-00000001.ltv" ]
ok $? "the next daemon names epoch 0 lost, writes its marker, goes on at 1"
$tv vitals "$tmp/z" 2>/dev/null | grep -q "^missing: 1 epoch with no data (lost by a stopped daemon, or removed): 0$"
ok $? "vitals: epoch 0 missing, before the first file of data"
$tv vitals --json "$tmp/z" 2>/dev/null | python3 -c '
import json, sys
j = json.load(sys.stdin)
sys.exit(not (j["missing_epochs"] == 1 and j["missing"] == [[0, 0]] and j["epochs"][0]["epoch"] == 1))'
ok $? "vitals --json: missing_epochs 1, [[0, 0]], the epochs of data from 1"
$tv vitals --prometheus "$tmp/z" 2>/dev/null | grep -q "^ltt_vitals_epochs_missing_total 1$"
ok $? "the Prometheus exposition counts it: ltt_vitals_epochs_missing_total 1"

# ---- --max-size ---------------------------------------------------------------------
$fake --vitals -d fake --epoch 100ms -t 1500ms --max-size 4k -o "$tmp/m" 2> "$tmp/m.err"
is $? 0 "--max-size 4k, 100 ms epochs for 1.5 s"
size=$(cat "$tmp"/m/vitals-*.ltv | wc -c)
one=$(stat -c %s "$tmp/m/vitals-00000014.ltv")
nf=$(ls "$tmp"/m/vitals-*.ltv | wc -l)
[ "$size" -le 4096 ] && [ $((size + one)) -gt 4096 ]
ok $? "the files fit in 4096 bytes, one more would not ($nf files, $size bytes)"
is "$(ls "$tmp/m" | grep -c '\.ltv$')" "$nf" "no other file left behind"
is "$(ls "$tmp/m" | grep '[.]ltv$' | head -1)" "$(printf 'vitals-%08d.ltv' $((15 - nf)))" "the newest kept, the oldest removed"
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
grep -q "was gone: made again" "$tmp/h.err"; ok $? "said" || diag "$(cat "$tmp/h.err")"
kill -TERM $p; wait $p
is $? 0 "SIGTERM: status 0"
is "$(ls "$tmp/h" | grep '[.]ltv$' | tr '\n' ' ')" "vitals-00000001.ltv vitals-00000002.ltv " "the numbers go on: 1, 2 (the last partial)"

# ---- samples drained while the epoch runs ------------------------------------
# the fake's poll() says POLLIN every 10 ms (a CPU's array half full); each
# DRAIN hands over FAKE_VITALS_DRAIN samples, and the epoch's SWAP must get
# back as nsamples_in exactly those the epoch's DRAINs handed over (the fake
# refuses it otherwise: samples lost or counted twice)
FAKE_LOG=$tmp/d.log FAKE_VITALS_DRAIN=3 $fake --vitals -d fake --epoch 100ms -t 350ms \
	-o "$tmp/d" 2> "$tmp/d.err"
is $? 0 "drains of 3 samples every 10 ms: the daemon runs and ends"
grep -q "bad nsamples_in" "$tmp/d.log"; ok $(( ! $? )) "every SWAP got back the samples its epoch's DRAINs handed over"
$tv vitals --json "$tmp/d" > "$tmp/d.json" 2> /dev/null
checks < <(python3 - "$tmp/d.json" "$tmp/d.log" <<'PY'
import json, re, sys
sys.path.insert(0, 'tests/lib')
from check import ok, done
e = json.load(open(sys.argv[1]))['epochs']
log = {int(m.group(1)): (int(m.group(2)), int(m.group(3))) for m in
       re.finditer(r'^VITALS_SWAP seq=(\d+) drained=(\d+) dropped=(\d+)$', open(sys.argv[2]).read(), re.M)}
ok(len(e) >= 3 and all(x['epoch'] in log for x in e) and
   all(log[x['epoch']][0] >= 3 for x in e if not x['partial']),
   "every whole epoch had drains: %s" % {x['epoch']: log.get(x['epoch']) for x in e})
ok(all(x['epoch'] in log and x['samples'] == log[x['epoch']][0] + 4 and
       x['dropped'] == log[x['epoch']][1] for x in e),
   "each epoch file holds its drained samples and its own 4, its dropped the fake's: %s" %
   [(x['epoch'], x['samples'], x['dropped']) for x in e])
top = [{l['comm']: l for l in x['vitals']['syscall']['top']} for x in e]
ok(all('fakedrain' in t and t['fakedrain']['samples'] and 'fakefreq' in t for t in top),
   "the drained label's samples are in the report beside the SWAP's")
done()
PY
)
# more than an epoch's cap (4 arrays of 512 a CPU, at least 8) drained:
# the rest counted dropped, never written past the daemon's buffer
cap=$(( $(getconf _NPROCESSORS_CONF) * 4 * 512 )); [ $cap -lt 4096 ] && cap=4096
FAKE_LOG=$tmp/d2.log FAKE_VITALS_DRAIN=$((cap + 1000)) $fake --vitals -d fake --epoch 100ms -t 150ms \
	-o "$tmp/d2" 2> /dev/null
is $? 0 "drains of $((cap + 1000)) samples (more than the cap): the daemon runs and ends"
$tv vitals --json "$tmp/d2" 2> /dev/null | python3 -c "
import json, re, sys
e = json.load(sys.stdin)['epochs'][0]
d = re.search(r'^VITALS_SWAP seq=0 drained=(\d+) dropped=(\d+)$', open('$tmp/d2.log').read(), re.M)
print('# epoch 0: %d samples, %d dropped; the fake: %s' % (e['samples'], e['dropped'], d and d.groups()))
sys.exit(not (d and e['samples'] == $cap == int(d.group(1)) and e['dropped'] == int(d.group(2)) and
              e['dropped'] > 0))"
ok $? "the epoch's cap: $cap samples kept, the others counted dropped"
FAKE_FAIL=VITALS_DRAIN:EIO $fake --vitals -d fake --epoch 100ms -t 250ms -o "$tmp/d3" 2> "$tmp/d3.err"
is $? 0 "a DRAIN that fails: the daemon goes on and ends with status 0"
is "$(grep -c 'cannot drain the samples: Input/output error (no more drains' "$tmp/d3.err")" 1 "... said once"
is "$(ls "$tmp/d3" | grep -c '[.]ltv$')" 3 "... and every epoch written (2 and the partial one)"

# the writer thread: while an epoch's file is written (held here by the
# daemon's test hook until $tmp/go exists), the main thread goes on
# draining the next epoch's samples, into its other arrays
rm -f "$tmp/go"
FAKE_LOG=$tmp/wt.log FAKE_VITALS_DRAIN=3 TRACED_TEST_HOLD_WRITE=$tmp/go \
	$fake --vitals -d fake --epoch 1s -o "$tmp/wt" 2> "$tmp/wt.err" & p=$!; pids="$pids $p"
wait_for grep -qs "^VITALS_SWAP seq=0 " "$tmp/wt.log"
ok $? "held writes: epoch 0 ended (its SWAP)"
drains1() { [ "$(grep -c '^VITALS_DRAIN seq=1 ' "$tmp/wt.log")" -ge 3 ]; }
wait_for drains1
ok $? "epoch 1's samples drained while epoch 0's file is held ($(grep -c '^VITALS_DRAIN seq=1 ' "$tmp/wt.log") drains)"
[ ! -e "$tmp/wt/vitals-00000000.ltv" ] && ! grep -q "^VITALS_SWAP seq=1" "$tmp/wt.log"
ok $? "... epoch 0's file not written yet, epoch 1 still collected"
touch "$tmp/go"
wait_for test -e "$tmp/wt/vitals-00000000.ltv"
ok $? "released: epoch 0's file written"
wait_for grep -q "^VITALS_SWAP seq=1 " "$tmp/wt.log"
kill -TERM $p; wait $p
is $? 0 "SIGTERM: status 0"
grep -q "bad nsamples_in" "$tmp/wt.log"; ok $(( ! $? )) "every SWAP got back its epoch's drained samples"
$tv vitals --json "$tmp/wt" 2> /dev/null | python3 -c "
import json, re, sys
e = json.load(sys.stdin)['epochs']
log = {int(m.group(1)): int(m.group(2)) for m in
       re.finditer(r'^VITALS_SWAP seq=(\d+) drained=(\d+)', open('$tmp/wt.log').read(), re.M)}
print('# epochs: samples, drained: %s' % [(x['epoch'], x['samples'], log.get(x['epoch'])) for x in e])
sys.exit(not (len(e) >= 3 and all(x['epoch'] in log and x['samples'] == log[x['epoch']] + 4 for x in e)))"
ok $? "each epoch file holds the samples drained into its arrays and its own 4"

# ---- the samples' stacks: DIR/kallsyms, each epoch's maps ---------------------
# the fake's two stacks a epoch are of this shell: the first with its
# identity from /proc (its maps go into the file), the second with a start
# one tick later (another process of the same pid: left out, its user
# frame never named from this shell's maps)
FAKE_LOG=$tmp/s.log FAKE_VITALS_STACK_PID=$$ $fake --vitals -d fake --epoch 100ms -t 250ms \
	-o "$tmp/s" 2> "$tmp/s.err"
is $? 0 "a daemon with the samples' stacks runs and ends"
grep -q "^VITALS_START kdepth=8 udepth=8$" "$tmp/s.log"
ok $? "stacks asked for: 8 kernel and 8 user frames by default"
if [ "$(id -u)" = 0 ]; then
	[ "$(stat -c %a "$tmp/s/kallsyms")" = 600 ] && [ "$(stat -c %a "$tmp/s/modules")" = 600 ] &&
		[ "$(head -1 "$tmp/s/kallsyms")" = "$(head -1 /proc/kallsyms)" ]
	ok $? "DIR/kallsyms and DIR/modules: the kernel's, root-only (0600)"
else
	skip "not root: no kallsyms copied"
fi
$tv vitals --json "$tmp/s" > "$tmp/s.json" 2> "$tmp/s.jerr"
ok $? "vitals --json of epochs with stacks"
checks < <(python3 - "$tmp/s.json" $$ "$tmp/s/vitals-00000000.ltv" <<'PY'
import json, sys
sys.path.insert(0, 'tests/lib')
from check import ok, done
from vitalsfile import read
h, body = read(sys.argv[3])
j, me, f = json.load(open(sys.argv[1])), int(sys.argv[2]), body[len(body) - h['maps_len']:]
e = j['epochs'][0]
ok(e['stacks'] == 2 and e['maps_omitted'] == 1 and e['stacks_dropped'] == 0,
   "epoch 0: 2 stacks, the process of the second left out of the maps: %s" %
   {k: e[k] for k in ('stacks', 'maps_omitted', 'stacks_dropped')})
ok(('\npid %d ' % me).encode() in f and f.count(b'\npid ') == 1,
   "the file's maps: this shell's block alone")
top = {l['comm']: l for l in e['vitals']['syscall']['top']}
a, b = top['fakefreq']['stack'], top['fakerare']['stack']
ok(a and a['maps'] and a['tgid'] == me and len(a['frames']) == 2 and a['frames'][0]['kernel'] and
   not a['frames'][1]['kernel'] and '+0x' in a['frames'][1]['name'] and
   not a['frames'][1]['name'].startswith('['),
   "the frequent label's stack: a kernel frame, then a user frame named through the epoch's maps (%s)"
   % (a and a['frames']))
ok(b and not b['maps'] and b['frames'][1]['name'] == '[unknown]',
   "the rare label's stack (another process of that pid): its user frame [unknown] (%s)"
   % (b and b['frames']))
done()
PY
)
$tv vitals "$tmp/s" 2> /dev/null | grep -q "user frames unnamed: the process ended or ran exec"
ok $? "the text says why a user frame is not named"
FAKE_LOG=$tmp/s2.log $fake --vitals -d fake --stack-depth 3,2 --epoch 100ms -t 150ms -o "$tmp/s2" 2> /dev/null
grep -q "^VITALS_START kdepth=3 udepth=2$" "$tmp/s2.log"; ok $? "--stack-depth 3,2: sent"
FAKE_LOG=$tmp/s3.log $fake --vitals -d fake --stack-depth 0 --epoch 100ms -t 150ms -o "$tmp/s3" 2> /dev/null
grep -q "^VITALS_START kdepth=0 udepth=0$" "$tmp/s3.log" && [ ! -e "$tmp/s3/kallsyms" ]
ok $? "--stack-depth 0: no stacks, no kallsyms copied"
$fake --vitals -d fake --stack-depth 9,8 -o "$tmp/u" 2> "$tmp/u.err"; is $? 2 "--stack-depth 9,8 with --vitals: usage error"
grep -q "at most 16 frames in all" "$tmp/u.err"; ok $? "... said: $(cat "$tmp/u.err")"

# the CPU watermark: sent to the collector; the epochs' sampling time and
# steps (the fake's: 1 ms + 1 us an epoch number, 1 step with a watermark)
# in the files, the text and the JSON
FAKE_LOG=$tmp/w.log $fake --vitals -d fake --cpu-watermark 2ms --epoch 100ms -t 250ms \
	-o "$tmp/w" 2> /dev/null
is $? 0 "--cpu-watermark 2ms: the daemon runs and ends"
grep -q "^VITALS_CPU_WATERMARK us=2000$" "$tmp/w.log"; ok $? "... 2000 us sent at START"
$tv vitals "$tmp/w" 2> /dev/null | grep -q "^epoch 1  .*  sampling 1\.001 ms  cpu watermark 2000 us: 1 step"
ok $? "vitals (text): epoch 1's sampling time, the watermark and its steps" ||
	diag "$($tv vitals "$tmp/w" 2>&1 | grep '^epoch' | head -3)"
$tv vitals --json "$tmp/w" 2> /dev/null | python3 -c "
import json, sys
e = json.load(sys.stdin)['epochs']
sys.exit(not (e and all(x['sampling_ns'] == 1000000 + 1000 * x['epoch'] and x['cpu_steps'] == 1 and
                        x['cpu_watermark_ns'] == 2000000 for x in e)))"
ok $? "vitals --json: every epoch's sampling_ns, cpu_steps and cpu_watermark_ns"
$tv vitals "$tmp/s" 2> /dev/null | grep "^epoch" | grep -q "cpu watermark"
ok $(( ! $? )) "without --cpu-watermark: no watermark said"
$fake --vitals -d fake --cpu-watermark 0 -o "$tmp/u" > /dev/null 2> "$tmp/u.err"; is $? 2 "--cpu-watermark 0: usage error"
grep -q "bad --cpu-watermark '0' (1us..1min)" "$tmp/u.err"; ok $? "... said: $(cat "$tmp/u.err")"
$fake --vitals -d fake --cpu-watermark 2min -o "$tmp/u" > /dev/null 2>&1; is $? 2 "--cpu-watermark 2min: usage error"
$fake --cpu-watermark 1ms -o "$tmp/u" true > /dev/null 2>&1; is $? 2 "--cpu-watermark without --vitals: usage error"
traced/traced --help | grep -q -- "--cpu-watermark DURATION"; ok $? "--cpu-watermark in --help"
grep -q -- 'cpu\\-watermark' docs/traced.1; ok $? "... and in the man page"

$fake --vitals -d fake --max-size 4000 -o "$tmp/u" > /dev/null 2>&1; is $? 2 "--max-size under 4k: usage error"
$fake --max-size 1M -o "$tmp/u" true > /dev/null 2>&1; is $? 2 "--max-size without --vitals: usage error"
traced/traced --help | grep -q -- "--max-size SIZE"; ok $? "--help"
grep -q -- 'max\\-size' docs/traced.1; ok $? "the man page"
done_testing
