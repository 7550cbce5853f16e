#!/bin/bash
# tracevisualizer vitals --timescale 5min / 1h / 1d and --png (issue 29,
# Chopstix's multi-timescale view) on 750 two-minute epochs written by an
# independent writer (tests/lib/vitalsgen.py --series, from the layout in
# docs/vitals.md): every bucket's epochs, totals, flagged epochs, missing
# and skipped epochs as this test computes them from the writer's plan;
# the epochs a crashed daemon lost named by number (text, JSON); the PNG
# read back pixel by pixel: a column per bucket, red where flagged, a grey
# mark where epochs are missing.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer

python3 tests/lib/vitalsgen.py --series "$tmp/v"
ok $? "747 epoch files written (3 lost, 1 of them cut)"
for w in 5min 1h 1d; do
	$tv vitals --json --timescale $w "$tmp/v" > "$tmp/$w.json" 2> "$tmp/$w.err"
	is $? 4 "--timescale $w: status 4 (the cut file skipped)"
done
checks < <(python3 - "$tmp" <<'PY'
import json, sys
sys.path.insert(0, 'tests/lib')
from check import ok, done
import vitalsgen as g
tmp = sys.argv[1]
present = [e for e in range(g.SERIES_N) if e not in g.SERIES_LOST and e != g.SERIES_CUT]
for name, w in (('5min', 300), ('1h', 3600), ('1d', 86400)):
    j = json.load(open('%s/%s.json' % (tmp, name)))
    w *= 10**9
    want = {}
    prev = None
    for e in present:
        s = (g.SERIES_T0 + e * g.SERIES_EPOCH) // w * w
        b = want.setdefault(s, dict(epochs=0, total=0, anomalies=0, missing=0, skipped=0, first=e))
        b['epochs'] += 1
        b['last'] = e
        b['total'] += 9000 if e == g.SERIES_BURST else 1003
        b['anomalies'] += e == g.SERIES_BURST
        if prev is not None:
            gap = set(range(prev + 1, e))
            b['skipped'] += len(gap & {g.SERIES_CUT})
            b['missing'] += len(gap - {g.SERIES_CUT})
        prev = e
    got = {b['wall_start_ns']: dict(epochs=b['epochs'], total=b['vitals']['syscall']['total'],
                                    anomalies=b['vitals']['syscall']['anomalies'], missing=b['missing'],
                                    skipped=b['skipped'], first=b['first_epoch'], last=b['last_epoch'])
           for b in j['buckets']}
    ok(j['bucket_ns'] == w and len(j['buckets']) == len(want), "%s: %d buckets (%d)" % (name, len(j['buckets']), len(want)))
    ok(got == want, "%s: every bucket's epochs, total, flagged epochs, missing and skipped as planned" % name)
    ok(all(b['covered_ns'] == 999 * b['epochs'] for b in j['buckets']), "%s: covered = the epochs' durations" % name)
    ok(j['missing_epochs'] == 3 and j['missing'] == [[100, 102]], "%s: the lost epochs named: 100-102" % name)
    ok([b['wall_start_ns'] for b in j['buckets']] == sorted(want), "%s: buckets in time order" % name)
done()
PY
)
$tv vitals --timescale 1h "$tmp/v" > "$tmp/1h.txt" 2>/dev/null
grep -q "^missing: 3 epochs with no data (lost by a stopped daemon, or removed): 100-102$" "$tmp/1h.txt"
ok $? "text: the missing epochs named"
sed -n '/^2026-11-01 13:00:00  epochs 389\.\.418 (30)  covered /,/^2026/p' "$tmp/1h.txt" |
	grep -q "^  syscall  *total  *38087 events  *(38087 events)  ANOMALY in 1 epoch$"
ok $? "text: the burst's hour, 29 x 1003 + 9000, flagged once ($(grep -A6 '^2026-11-01 13:00' "$tmp/1h.txt" | tr '\n' '|'))"
grep -q "^26 buckets, 746 epochs, 1 skipped, 1 anomalies$" "$tmp/1h.txt"
ok $? "text: 26 hourly buckets ($(tail -1 "$tmp/1h.txt"))"
$tv vitals "$tmp/v" 2>/dev/null | grep -q "^missing: 3 epochs with no data .*: 100-102$"
ok $? "the per-epoch report names the lost epochs too"

# --png by hour: a panel per vital sign collected (five), the syscall
# one with 26 columns, the burst's red, a grey
# mark under the columns after the lost and the cut epochs
$tv vitals --timescale 1h --png "$tmp/h.png" "$tmp/v" > /dev/null 2>&1
is $? 4 "--png: status 4 (the cut file)"
checks < <(/usr/bin/python3 - "$tmp/h.png" "$tmp/1h.json" <<'PY'
import json, sys
sys.path.insert(0, 'tests/lib')
from check import ok, done
from PIL import Image
im = Image.open(sys.argv[1]).convert('RGB')
j = json.load(open(sys.argv[2]))['buckets']
W, H = im.size
px = im.load()
def kind(c):
    r, gg, b = c
    if r > 180 and gg < 70 and b < 70: return 'red'
    if b > 150 and r < 110 and gg < 150: return 'blue'
    if r == gg == b and 120 < r < 160: return 'grey'
    return None
axes = [y for y in range(H) if sum(1 for x in range(W) if px[x, y] == (0, 0, 0)) > W * 0.7]
ok(len(axes) == 5, "a panel per vital sign collected (%d axes)" % len(axes))
bars = [y for y in axes if any(kind(px[x, y - 1]) for x in range(W))]
ok(len(bars) == 1 and bars[0] == axes[3], "columns in the fourth panel only (syscall, id 7; the others are 0)")
y0 = bars[0]
ax = [x for x in range(W) if px[x, y0] == (0, 0, 0)]
cols, x = [], ax[0]
while x <= ax[-1]:
    if kind(px[x, y0 - 1]) in ('red', 'blue'):
        a = x
        while x < W and kind(px[x, y0 - 1]) in ('red', 'blue'):
            x += 1
        cols.append((a, x))
    x += 1
got = [kind(px[(a + b) // 2, y0 - 1]) for a, b in cols]
want = ['red' if b['vitals']['syscall']['anomalies'] else 'blue' for b in j]
ok(got == want, "a column per bucket, red where flagged: %s" % got)
grey = [any(kind(px[(a + b) // 2, y]) == 'grey' for y in range(y0 + 1, y0 + 12)) for a, b in cols]
ok(grey == [b['missing'] + b['skipped'] > 0 for b in j], "grey marks where epochs are missing: %s" % [i for i, v in enumerate(grey) if v])
top = max(b['vitals']['syscall']['total'] for b in j)
hs = []
for a, b in cols:
    y = y0 - 1
    while y > 0 and kind(px[(a + b) // 2, y]) in ('red', 'blue'):
        y -= 1
    hs.append(y0 - 1 - y)
ok(all(abs(h - max(hs) * b['vitals']['syscall']['total'] / top) <= 2 for h, b in zip(hs, j)),
   "the heights as the totals")
done()
PY
)
$tv vitals --png "$tmp/e.png" "$tmp/v" > /dev/null 2>&1
is $? 4 "--png by epoch"
/usr/bin/python3 -c "from PIL import Image; import sys; print(Image.open(sys.argv[1]).size)" "$tmp/e.png" | grep -q "^(900, 1000)$"
ok $? "by epoch: five panels"
$tv vitals --png "$tmp/none/x.png" "$tmp/v" > /dev/null 2> "$tmp/p.err"
is $? 1 "--png into a directory that does not exist: status 1"
grep -q "x.png: could not write the PNG" "$tmp/p.err"; ok $? "said so"
$tv vitals --timescale 0 "$tmp/v" > /dev/null 2>&1; is $? 2 "--timescale 0: usage error"
$tv vitals --timescale 5parsecs "$tmp/v" > /dev/null 2>&1; is $? 2 "--timescale 5parsecs: usage error"
$tv vitals --prometheus --timescale 1h "$tmp/v" > /dev/null 2>&1; is $? 2 "--timescale with --prometheus: usage error"
done_testing
