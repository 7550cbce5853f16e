#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# snapshot-full.t - a disk that fills during a rule's snapshot (docs/triggers.md,
# traced --snapshot-dir, traced/audit.c: snapshot()): traced --rules on its
# fake device (traced/test/traced-fake, buffers of 256 KiB) writes its
# snapshots to a small tmpfs mounted here, filled but for 7 + 2 x 64 - 1
# pages.  The first firing's snapshot hits ENOSPC: it is marked incomplete
# with an error naming its events file and ENOSPC, the buffers written are
# exactly those the free pages held (computed from the tmpfs size and the
# sizes of its header, lost and proc files) and are byte for byte the
# trace's, the buffers not written are counted (bytes, events: each a full
# buffer of the fake, so dropped_events = dropped_bytes / 256 KiB x its
# records; and the lost file's per-CPU totals are those of the trace's
# buffers that follow the written one).  The trace itself, in TRACEDIR,
# goes on: complete, exit 0, its events exactly those the fake device
# handed out.  Once the filler is removed, a later firing writes a complete
# snapshot.  tracevisualizer audit (text and --json) shows the firings,
# the first incomplete with its count and error, nothing refused.
# Needs root (mount); the CI runs as root.
. "$(dirname "$0")/../lib/tap.sh"
tv=$TOP/tracevisualizer/build/tracevisualizer
fake=$TOP/traced/test/traced-fake
[ "$(id -u)" = 0 ] || skip_all "root (mount -t tmpfs)"
tmp=$(mktemp -d)
snap=$tmp/snap
mkdir "$snap"
trap 'umount "$snap" 2>/dev/null; rm -rf "$tmp"' EXIT

make -s -C "$TOP/tracevisualizer" build/tracevisualizer >"$tmp/build.log" 2>&1 &&
	make -s -C "$TOP/traced" test/traced-fake >>"$tmp/build.log" 2>&1
ok $? "tracevisualizer and traced-fake build" || sed 's/^/# /' "$tmp/build.log" | tail -20

# the tmpfs: 64 MiB, filled but for AVAIL pages.  A buffer is B = 64
# pages; the snapshot's header takes 1 page, its lost file (2 CPUs) 6:
# whatever the size P of the proc file (copied from TRACEDIR/proc, the
# host's processes), AVAIL - 7 - P < 2 B, so that fewer buffers fit than
# the ring holds at the first firing (2 at least: every CPU has passed its
# time); with P < B pages, exactly 1 fits
page=4096
bpages=64
buf=$((bpages * page))
avail=$((7 + 2 * bpages - 1))
mount -t tmpfs -o size=64m tmpfs "$snap"
ok $? "a 64 MiB tmpfs mounted on $snap" || { done_testing; exit 1; }
total=$(($(stat -f -c '%b' "$snap") * $(stat -f -c '%S' "$snap")))
is "$total" $((64 * 1024 * 1024)) "its size"
head -c $((total - avail * page)) /dev/zero >"$snap/filler"
is "$(($(stat -f -c '%a' "$snap") * $(stat -f -c '%S' "$snap") / page))" "$avail" \
	"filled but for $avail pages"

# the session: a firing every 100 ms; the program ends once the test
# has seen a complete snapshot (it polls for the file "done")
printf 'on every 100ms then snapshot\n' >"$tmp/rules"
FAKE_LOG=$tmp/fake.log "$fake" -d fake -q -b 256k -o "$tmp/t" --rules "$tmp/rules" \
	--snapshot-size 1M --snapshot-dir "$snap" \
	-- sh -c 'while [ ! -e "$0" ]; do sleep 0.02; done' "$tmp/done" 2>"$tmp/traced.err" &
pid=$!

# until firings.jsonl has a line matching REGEX (60 s at most)
fired() {
	local i
	for i in $(seq 3000); do
		grep -q -E "$1" "$tmp/t/firings.jsonl" 2>/dev/null && return 0
		kill -0 $pid 2>/dev/null || break
		sleep 0.02
	done
	grep -q -E "$1" "$tmp/t/firings.jsonl" 2>/dev/null
}
fired '"seq":1,'
ok $? "the first firing logged" || sed 's/^/# /' "$tmp/traced.err"
rm -f "$snap/filler"
fired '"complete":true'
ok $? "once the filler is removed, a firing writes a complete snapshot" ||
	sed 's/^/# /' "$tmp/traced.err"
touch "$tmp/done"
wait $pid
is $? 0 "traced exits 0: the full snapshot disk did not end the trace"
grep -q "^traced: warning: $snap/t-snapshot-1/events: No space left on device (ENOSPC): the snapshot is incomplete, [1-9][0-9]* events ([1-9][0-9]* bytes) of the buffers not written counted lost; the trace goes on$" "$tmp/traced.err"
ok $? "traced's warning names the file, ENOSPC and the count" || sed 's/^/# /' "$tmp/traced.err"

# the trace, the firings log and the snapshots, checked exactly
python3 - "$TOP" "$tmp/t" "$snap" "$tmp/fake.log" "$buf" "$avail" "$page" >"$tmp/check.out" 2>&1 <<'PY'
import json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], 'tests', 'lib'))
import lttfmt

t, snap, log, B, avail, page = sys.argv[2], sys.argv[3], sys.argv[4], *map(int, sys.argv[5:])
def read(p):
    return open(p, 'rb').read()
def pages(n):
    return (n + page - 1) // page
def nrec(data, off, h):
    return sum(1 for _, r in lttfmt.records(data, off, h) if r['id'] != lttfmt.ID['TIME_EXT'])
n = 0
def check(cond, what):
    global n
    n += 1
    print('%sok %d - %s' % ('' if cond else 'not ', n, what))

H = lttfmt.TRACE_HEADER.unpack(read(t + '/header'))
check(H['flags'] & lttfmt.TRACE_FLAGS['complete'], 'the trace in TRACEDIR is complete')
# every buffer the fake handed out, as many events: a full one before STOP
# (B bytes of 16-byte records), a flushed one (64 bytes: 4) after
E = (B - lttfmt.BUFFER_HEADER.size) // 16
before = after = 0
stopped = False
for line in open(log):
    if line.startswith('STOP'):
        stopped = True
    elif line.startswith('BUFFER '):
        if stopped:
            after += 1
        else:
            before += 1
ev = read(t + '/events')
bufs = lttfmt.buffers(ev, strict=True)
events = sum(nrec(ev, off, h) for off, h in bufs)
check(len(bufs) == before + after and events == before * E + after * 4,
      'its %d buffers, %d events: those the fake handed out (%d full, %d flushed: %d)'
      % (len(bufs), events, before, after, before * E + after * 4))

F = [json.loads(l) for l in open(t + '/firings.jsonl') if '"seq"' in l]
s1 = F[0]['snapshot']
d1 = os.path.join(snap, 't-snapshot-1')
check(s1['dir'] == d1, 'firing 1: its snapshot where --snapshot-dir put it (%s)' % s1['dir'])
check(s1['complete'] is False, 'firing 1: its snapshot marked incomplete')
check(s1['error'] == d1 + '/events: No space left on device (ENOSPC)',
      'firing 1: the error names the file and ENOSPC (%s)' % s1['error'])
# the buffers that fit: the free pages less those of its other files
used = sum(pages(os.path.getsize(os.path.join(d1, f))) for f in ('header', 'lost', 'proc'))
W = (avail - used) * page // B
sev = read(d1 + '/events')
check(s1['buffers'] == W and len(sev) == W * B,
      'firing 1: %d buffers written (%d free pages, %d for header, lost, proc): %d, events file %d bytes'
      % (W, avail, used, s1['buffers'], len(sev)))
# the ring had W + D buffers, all full: D counted
D = s1['dropped_bytes'] // B
check(s1['dropped_bytes'] >= B and s1['dropped_bytes'] % B == 0 and
      s1['dropped_events'] == D * E,
      'firing 1: %d buffers not written counted: %d bytes, %d events (%d a buffer)'
      % (D, s1['dropped_bytes'], s1['dropped_events'], E))
# what was written is the trace's, byte for byte; the lost file counts
# per CPU the events of the D buffers of the trace that follow
raw = [ev[off:off + lttfmt.BUFFER_HEADER.size + h['data_size']] for off, h in bufs]
at = [i for i in range(len(raw) - W + 1) if W and b''.join(raw[i:i + W]) == sev]
lost = lttfmt.lost_entries(read(d1 + '/lost'), H['minor'])
if W:
    i = at[0] if at else 0
    want = [0] * H['ncpus']
    for off, h in bufs[i + W:i + W + D]:
        want[h['cpu']] += nrec(ev, off, h)
    check(len(at) == 1, 'firing 1: the buffer written is one of the trace, whole')
    check([e['total'] for e in lost] == want and i + W + D <= len(bufs),
          'firing 1: the lost file counts the events of the next %d buffers of the trace, per CPU: %s'
          % (D, want))
check(sum(e['total'] for e in lost) == s1['dropped_events'] and
      sum(e['buffers'] for e in lost) == W,
      'firing 1: the lost file: %d events lost, %d buffers written'
      % (sum(e['total'] for e in lost), sum(e['buffers'] for e in lost)))
SH = lttfmt.TRACE_HEADER.unpack(read(d1 + '/header'))
check(not SH['flags'] & lttfmt.TRACE_FLAGS['complete'], 'firing 1: its header says incomplete')
# every firing: the incomplete ones counted, a complete one at last
ok = all(f['snapshot']['complete'] or (f['snapshot']['error'] and
         'No space left on device (ENOSPC)' in f['snapshot']['error'] and
         f['snapshot']['dropped_events'] > 0) for f in F)
check(ok, 'every incomplete snapshot has its error and a count above 0')
last = [f for f in F if f['snapshot']['complete']]
cev = read(last[0]['snapshot']['dir'] + '/events') if last else b''
check(last and last[0]['snapshot']['dropped_events'] == 0 and last[0]['snapshot']['error'] is None
      and len(lttfmt.buffers(cev, strict=True)) == last[0]['snapshot']['buffers'] > 0,
      'a later firing (%s): its snapshot complete, every buffer written'
      % (last[0]['seq'] if last else None))
print('1..%d' % n)
PY
ok $? "the checks of the trace and snapshots ran to their end" || sed 's/^/# /' "$tmp/check.out"
tap_through "$tmp/check.out"

# audit: every firing listed, nothing refused; the first incomplete
"$tv" audit "$tmp/t" >"$tmp/audit.txt" 2>"$tmp/audit.err"
is $? 0 "tracevisualizer audit: exit status 0 (nothing refused)"
[ ! -s "$tmp/audit.err" ]
ok $? "... no error" || sed 's/^/# /' "$tmp/audit.err"
read -r dev dbytes < <(python3 -c '
import json, sys
f = json.loads(open(sys.argv[1]).readline())["snapshot"]
print(f["dropped_events"], f["dropped_bytes"])' "$tmp/t/firings.jsonl")
grep -q "^  snapshot: $snap/t-snapshot-1 (INCOMPLETE, [0-9]* buffers, $dev events dropped)$" "$tmp/audit.txt"
ok $? "audit: firing 1's snapshot INCOMPLETE, $dev events dropped" || sed 's/^/# /' "$tmp/audit.txt"
grep -q "^  snapshot incomplete: $snap/t-snapshot-1/events: No space left on device (ENOSPC); $dbytes bytes of buffers not written$" "$tmp/audit.txt"
ok $? "audit: its error and the $dbytes bytes not written"
is "$(grep -c '^firing ' "$tmp/audit.txt")" "$(grep -c '"seq"' "$tmp/t/firings.jsonl")" "audit: every firing listed"
"$tv" audit --json "$tmp/t" >"$tmp/audit.json" 2>"$tmp/audit.err"
is $? 0 "audit --json: exit status 0"
python3 - "$tmp/audit.json" "$tmp/t/firings.jsonl" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["firings"]
log = [json.loads(l) for l in open(sys.argv[2]) if '"seq"' in l]
assert len(a) == len(log), (len(a), len(log))
for x, y in zip(a, log):
    s, t = x["snapshot"], y["snapshot"]
    assert (s["dir"], s["complete"], s["dropped_events"], s["dropped_bytes"], s["error"]) == \
        (t["dir"], t["complete"], t["dropped_events"], t["dropped_bytes"], t["error"]), (s, t)
    assert x["instance"] is not None and x["instance"]["analysed"] is False, x["instance"]
assert a[0]["snapshot"]["complete"] is False and a[0]["snapshot"]["dropped_events"] > 0
assert a[0]["instance"]["trace"] == log[0]["snapshot"]["dir"], a[0]["instance"]
PY
ok $? "audit --json: every firing's snapshot as logged (incomplete, its count and error)"
done_testing
