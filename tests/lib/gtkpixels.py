#!/usr/bin/python3
"""gtkpixels.py PNG CELLS [ROW:CAT,CAT...]... - a screenshot of
tracevisualizer-gtk checked pixel column by pixel column against what the
library said the graph shows (--dump-cells, gtk/graph.c gv_graph_dump()).

For every row on the screen that is not dimmed, the pixel in the middle of
the row at each column must have the colour of the category that
lttr_view_cells() gave for that column (every category's bar covers the
middle of the row).  Columns within 4 pixels of anything drawn across the
rows (the switch lines and wakeup arrows the dump lists, the cursor, a
marker, a lost-event mark, an application marker's tick or a job's name)
are left out; "none" (not alive) is
background.  Each line the dump lists, where no other is within 4 pixels,
must be drawn in its colour from one row's middle to the other's.  Each ROW:CATS argument (a row label, then category names)
also asks that the row be on the screen and that those categories be
among the columns checked.  Prints PASS/FAIL lines and DONE
(tests/lib/tap.sh, checks())."""
import json
import sys

from PIL import Image


def say(cond, what):
    print("%s %s" % ("PASS" if cond else "FAIL", what))
    return cond


def main():
    png, cells = sys.argv[1:3]
    want = {}
    for a in sys.argv[3:]:
        label, cats = a.rsplit(':', 1)
        want[label] = [c.strip() for c in cats.split(',') if c.strip()]
    d = json.load(open(cells))
    im = Image.open(png).convert('RGB')
    px = im.load()
    cats = {c['cat']: c for c in d['categories']}
    name = {c['cat']: c['name'] for c in d['categories']}
    n, lw, rh = d['columns'], int(d['label_w']), d['row_h']
    X, Y = d['x'], d['y']
    rows = [r for r in d['rows'] if not r['dim']]
    say(n > 100 and rows, "the dump has %d columns and %d rows drawn" % (n, len(rows)))
    busy = set()
    for r in d['rows']:
        for k in range(n):
            if r['flags'][k] & 4:
                busy.update(range(k - 4, k + 5))
    # application markers: a point's tick and a job's name cross the row's middle
    for r in d['rows']:
        for m in r.get('marks', []):
            if m['kind'] == 'point':
                busy.update(range(m['col0'] - 2, m['col0'] + 3))
            elif m['label']:
                busy.update(range(int(m['label'][0]) - lw - 2, int(m['label'][1]) - lw + 3))
    for li in d['links']:
        k = int(li['x']) - lw
        busy.update(range(k - 4, k + 5))
    for x in [d['cursor_x']] + list(d['marks_x']):
        if x is not None:
            busy.update(range(int(x) - lw - 4, int(x) - lw + 5))
    # the events' glyphs: over the row's middle, the columns they cover
    icons = d.get('icons', [])
    def covers(ic, x, y):
        h = ic['size'] / 2 + 2      # half the shape, its white halo, antialiasing
        return abs(x - ic['x']) <= h and abs(y - ic['y']) <= h
    total_bad = total_checked = 0
    for r in rows:
        if r['y'] + rh / 2 >= d['height']:
            continue        # its middle is below the graph's bottom edge
        y = Y + int(r['y'] + rh / 2)
        rbusy = set(busy)
        for ic in icons:
            if r['kind'] == 'task' and ic['pid'] == r['id'] and covers(ic, ic['x'], r['y'] + rh / 2):
                rbusy.update(range(int(ic['x'] - ic['size'] / 2) - lw - 2,
                                   int(ic['x'] + ic['size'] / 2) - lw + 3))
        seen, bad, checked = set(), [], 0
        # a row whose every drawn column lies under a line, the cursor or a
        # marker has nothing to check (a timer IRQ's row with two long
        # handlers, both beside a switch line): it is said, not failed
        drawn = any(c and cats[c]['height'] > 0 and k not in rbusy and not r['flags'][k] & 8
                    for k, c in enumerate(r['cat']))
        for k in range(n):
            c = r['cat'][k]
            if k in rbusy or c == 0 or cats[c]['height'] <= 0 or (r['flags'][k] & 8):
                continue
            rgb = [int(round(v * 255)) for v in cats[c]['rgb']]
            got = px[X + lw + k, y]
            checked += 1
            if all(abs(g - w) <= 1 for g, w in zip(got, rgb)):
                seen.add(name[c])
            else:
                bad.append((k, name[c], got))
        label = ' '.join(r['label'].split())
        # an interrupt row keeps its short handlers visible: a column of
        # "none" with changes is a one-pixel bar of the row's colour
        if r['kind'] in ('irq', 'softirq'):
            own = [c for c in cats if name[c] == r['kind']][0]
            rgb = [int(round(v * 255)) for v in cats[own]['rgb']]
            ks = [k for k in range(n) if k not in rbusy and r['cat'][k] == 0 and r['changes'][k]
                  and not r['flags'][k] & 8]
            odd = [(k, px[X + lw + k, y]) for k in ks
                   if not all(abs(g - w) <= 1 for g, w in zip(px[X + lw + k, y], rgb))]
            if ks:
                say(not odd, "row '%s': the %d columns where a handler ran for less than half "
                    "the column show it in the %s colour" % (label, len(ks), r['kind']))
                for k, got in odd[:5]:
                    print("  column %d: the screen has %s" % (k, got))
        total_bad += len(bad)
        total_checked += checked
        ok = say(not bad and (checked > 0 or not drawn),
                 "row '%s': %d columns checked, each of the colour of the library's cell "
                 "(%s)" % (label, checked, ', '.join(sorted(seen))))
        if not ok:
            for k, c, got in bad[:5]:
                print("  column %d: %s expected, the screen has %s" % (k, c, got))
        if label in want:
            miss = [c for c in want.pop(label) if c not in seen]
            say(not miss, "row '%s' shows %s" % (label, ', '.join(sorted(seen)) +
                                                  ("; missing: %s" % ', '.join(miss) if miss else "")))
    for label in want:
        say(False, "row '%s' is on the screen" % label)
    # not an empty check: a hundred cells at least (the lines, the cursor
    # and the markers leave out 9 columns each, and a ping-pong pair's
    # screen has sixty lines)
    say(total_checked >= 100, "%d columns checked over all rows (100 at least)" % total_checked)
    # the lines: a switch dark grey, a wakeup red, a fork green, from the
    # middle of one row to the middle of the other, its ends (arrow heads)
    # aside (where no other line is within 4 pixels)
    colour = {'switch': (38, 38, 38), 'wakeup': (230, 26, 26), 'fork': (26, 153, 26)}
    drawn = {}
    over = [int(x) for x in [d['cursor_x']] + list(d['marks_x']) if x is not None]
    for li in d['links']:
        xs = [int(o['x']) for o in d['links'] if o is not li]
        if any(abs(v - int(li['x'])) <= 4 for v in xs):
            continue        # an arrow head (3 px either side) may cover it
        if any(abs(v - int(li['x'])) <= 1 for v in over):
            continue        # the cursor or a marker is drawn over it
        lo, hi = sorted((li['y0'], li['y1']))
        ys = [Y + int(yy) for yy in range(int(lo) + 6, int(hi) - 5)
              if not any(covers(ic, int(li['x']) + 0.5, int(yy) + 0.5) for ic in icons)]
        good = ys and all(max(abs(a - b) for a, b in zip(px[X + int(li['x']), yy], colour[li['kind']])) <= 2
                          for yy in ys)
        drawn.setdefault(li['kind'], [0, 0])[0 if good else 1] += 1
        if not good:
            miss = [(yy, px[X + int(li['x']), yy]) for yy in ys
                    if max(abs(a - b) for a, b in zip(px[X + int(li['x']), yy],
                                                      colour[li['kind']])) > 2]
            print("  %s line at x %d from y %d to %d: %d pixels differ, first %s" %
                  (li['kind'], int(li['x']), Y + int(lo), Y + int(hi), len(miss),
                   miss[0] if miss else None))
    for kind, (good, bad) in sorted(drawn.items()):
        say(not bad, "%d %s lines drawn from row to row where the library puts them (%d not)" %
            (good, kind, bad))
    # the glyphs: the centre of each in its class's colour, but where a
    # later glyph (drawn over it), the cursor or a marker's line is near
    shown, wrong = 0, []
    for j, ic in enumerate(icons):
        if any(covers(o, ic['x'], ic['y']) or covers(o, o['x'], ic['y']) and
               abs(o['x'] - ic['x']) <= ic['size'] + 4 for o in icons[j + 1:]):
            continue
        if any(abs(v - ic['x']) <= ic['size'] / 2 + 2 for v in over):
            continue
        rgb = [int(round(v * 255)) for v in ic['rgb']]
        got = px[X + int(ic['x']), Y + int(ic['y'])]
        shown += 1
        if max(abs(a - b) for a, b in zip(got, rgb)) > 3:
            wrong.append((ic['class'], ic['pid'], ic['x'], got))
    if icons:
        say(not wrong, "%d event glyphs in their class's colour where the dump puts them (%d not)"
            % (shown, len(wrong)))
        for w in wrong[:5]:
            print("  %s glyph of %d at x %g: the screen has %s" % w)
    print("DONE")


if __name__ == '__main__':
    main()
