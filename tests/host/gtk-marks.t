#!/bin/bash
# Application markers in the window (tracevisualizer-gtk), under Xvfb, on
# the trace of tests/lib/marktrace.py, from a screenshot and what
# --dump-cells says was drawn: each task row's jobs and points are the
# library's (graph --json's for the same window and as many columns);
# each job is a black bracket along its row's bottom, from its begin's
# pixel to its end's (open ends without their tick), not past it, its
# name written in it where the dump says; each point a magenta tick
# across the row; a row without markers has none.  Under the control
# flow, the counters' strip: a row per process and counter name, its
# columns those of the graph above, the line through each column's last
# value (graph --json's bins) at the height the dump gives, in blue.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
python3 tests/lib/marktrace.py | $gen "$tmp/t"
ok $? "the marker trace"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1200x800 --screenshot "$tmp/s.png" --dump-cells "$tmp/c.json" "$tmp/t" 2> "$tmp/err"
ok $? "screenshot and --dump-cells of the marker trace"
n=$($PY -c "import json; print(json.load(open('$tmp/c.json'))['columns'])")
$tv graph --json --width "$n" "$tmp/t" > "$tmp/g.json"
ok $? "graph --json --width $n (the window's columns)"
$PY - "$tmp/s.png" "$tmp/c.json" "$tmp/g.json" > "$tmp/out" <<'PY'
import json, sys
from PIL import Image
im = Image.open(sys.argv[1]).convert('RGB'); px = im.load()
d = json.load(open(sys.argv[2])); g = json.load(open(sys.argv[3]))
X, Y, lw, rh = d['x'], d['y'], int(d['label_w']), d['row_h']
def say(c, what):
    print('%s %s' % ('PASS' if c else 'FAIL', what))
black = lambda p: max(p) < 70
magenta = lambda p: p[0] > 200 and p[1] < 60 and p[2] > 200
grows = {r['pid']: r for r in g['rows']}
for r in d['rows']:
    pid = r['id']
    gm = grows.get(pid, {}).get('marks', [])
    dm = r.get('marks', [])
    key = lambda m: (m['kind'], m['name'], m['start_ns'], m['end_ns'], m['col0'], m['col1'])
    say(sorted(map(key, dm)) == sorted(map(key, gm)),
        "row %s: %d jobs and points, graph --json's" % (r['label'], len(dm)))
    if not dm:
        continue
    top = Y + int(r['y']); base = int(r['y'] + rh) - 2 + Y
    pts = [m['col0'] for m in dm if m['kind'] == 'point']
    for m in dm:
        if m['kind'] == 'point':
            x = X + lw + m['col0']
            say(magenta(px[x, top + 3]) and magenta(px[x, top + int(rh) - 4]),
                "row %s: point %s a magenta tick across the row at x %d" % (r['label'], m['name'], x))
            continue
        cols = [c for c in range(m['col0'] + 3, m['col1'] - 1) if all(abs(c - p) > 2 for p in pts)]
        on = [c for c in cols if black(px[X + lw + c, base - 1])]
        say(cols and len(on) == len(cols), "row %s: job %s's bracket black along the row's bottom, columns %d..%d (%d of %d)"
            % (r['label'], m['name'], m['col0'], m['col1'], len(on), len(cols)))
        if not m['open_right'] and m['col1'] + 4 < d['columns']:
            c = m['col1'] + 4
            if all(m2['col0'] > c or m2['col1'] < c for m2 in dm):
                say(not black(px[X + lw + c, base - 1]), "row %s: ... not past its end (column %d)" % (r['label'], c))
        if not m['open_left']:
            say(black(px[X + lw + m['col0'] + 1, base - 3]), "row %s: ... its begin's tick" % r['label'])
        else:
            say(not black(px[X + lw + m['col0'] + 1, base - 3]), "row %s: ... no begin tick: open on the left" % r['label'])
        if m['label']:
            x0, x1 = int(m['label'][0]), int(m['label'][1])
            ink = sum(1 for x in range(X + x0, X + x1) for y in range(base - 11, base - 2) if black(px[x, y]))
            say(ink >= 5, "row %s: ... its name %s written in it (%d dark pixels)" % (r['label'], m['name'], ink))
cs = d.get('counters')
say(cs is not None and cs['columns'] == d['columns'], "the counters' strip, its columns the graph's (%s)" % (cs and cs['columns']))
gc = {(c['pid'], c['name']): c for c in g['counters']}
for c in (cs or {}).get('rows', []):
    w = gc.get((c['pid'], c['name']))
    say(w is not None and [b and b['last'] for b in w['bins']] == c['last'] and (w['lo'], w['hi']) == (c['lo'], c['hi']),
        "counter %u #%s: each column's last value and the range are graph --json's" % (c['pid'], c['name']))
    ys = c['last_y']; blue = 0; checked = 0
    for k in range(1, len(ys) - 1):
        if ys[k] is None or ys[k - 1] != ys[k] or ys[k + 1] != ys[k]:
            continue
        checked += 1
        p = px[cs['x'] + lw + k, cs['y'] + int(ys[k])]
        blue += p[2] > 150 and p[0] < 90
    say(checked > 100 and blue == checked, "counter %u #%s: the line at its values' heights in blue (%d of %d columns)"
        % (c['pid'], c['name'], blue, checked))
    lo_y = [y for y in ys if y is not None]
    say(max(lo_y) - min(lo_y) > 20 if c['hi'] > c['lo'] else True, "counter #%s: its range spans the row (%s..%s px)"
        % (c['name'], min(lo_y), max(lo_y)))
print('DONE')
PY
checks < "$tmp/out"
no_gtk_warnings "$tmp/err"
done_testing
