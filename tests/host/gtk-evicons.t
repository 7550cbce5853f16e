#!/bin/bash
# The glyphs of single events on tracevisualizer-gtk's control flow graph
# (gtk/evicons.c, drawn by graph.c; the classes are the library's,
# lttr_evclass_of()), checked by the pixels of screenshots against
# dump --json of the same trace and the geometry --dump-cells gives:
#   - zoomed in (2 ms of the trace, 26 events on 1032 pixels): every event
#     of a task shown, apart from its row's others by 12 pixels (and from
#     the cursor's line), has at
#     its time, in the upper half of its task's row, the centre of its
#     class's glyph in its class's colour (syscall navy, file brown,
#     scheduling black, ...);
#   - the whole trace (215 events, too many for room): none of those
#     colours anywhere on the graph.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

$PY tests/lib/gtkwtrace.py 8 > "$tmp/desc" && $gen "$tmp/t" < "$tmp/desc" &&
	$tv check "$tmp/t" > /dev/null
ok $? "the trace is written, and it conserves time"
# the whole trace: 0 to its length (a time past the end is refused)
len=$($tv summary --json "$tmp/t" | $PY -c 'import json,sys; print("%d.%09d" % divmod(json.load(sys.stdin)["trace"]["duration_ns"], 10**9))')
for w in in:0.0005:0.0025 "out:0:$len"; do
	timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --window "${w#*:}" \
		--screenshot "$tmp/${w%%:*}.png" --dump-cells "$tmp/${w%%:*}.json" "$tmp/t" 2>> "$tmp/err"
	ok $? "a screenshot of the window ${w#*:} (${w%%:*})"
done
$tv dump --json --from 0.0005 --to 0.0025 "$tmp/t" > "$tmp/in-events.json"
checks < <($PY - "$tmp" <<'PY'
import json, sys
from PIL import Image
d = sys.argv[1]
# the class of each event type, as lttr/view/evclass.h groups them, and
# the colour gtk/evicons.c gives each class
CLASS = {'syscall_entry': 'syscall', 'syscall_exit': 'syscall', 'fs_open': 'file',
         'fs_read': 'file', 'fs_write': 'file', 'fs_close': 'file', 'schedchange': 'sched',
         'wakeup': 'sched', 'irq_entry': 'irq', 'irq_exit': 'irq'}
RGB = {'syscall': (0.0, 0.2, 0.6), 'file': (0.45, 0.2, 0.0), 'sched': (0.0, 0.0, 0.0),
       'irq': (0.7, 0.0, 0.0)}
def px(c):
    return tuple(int(v * 255 + 0.5) for v in c)
def near(a, b):
    return all(abs(x - y) <= 3 for x, y in zip(a, b))

g = json.load(open(d + '/in.json'))
im = Image.open(d + '/in.png').convert('RGB')
rows = {r['id']: r['y'] for r in g['rows'] if r['kind'] == 'task'}
cw = g['width'] - g['label_w']
size = min(g['row_h'] - 4, 9)
evs = [e for e in json.load(open(d + '/in-events.json'))['events'] if e['pid'] in rows]
def xof(e):
    return int(g['label_w'] + (e['time_ns'] - g['t0_ns']) * cw / (g['t1_ns'] - g['t0_ns']))
seen, bad = 0, []
for e in evs:
    x = xof(e)
    if any(o is not e and o['pid'] == e['pid'] and abs(xof(o) - x) < 12 for o in evs):
        continue
    if x >= g['width'] - 6 or (g['cursor_x'] is not None and abs(x - g['cursor_x']) < 3):
        continue	# the cursor's line is drawn over it
    cls = CLASS[e['type']]
    y = g['y'] + rows[e['pid']] + size / 2 + 1
    got = im.getpixel((g['x'] + x, int(y)))
    seen += 1
    if not near(got, px(RGB[cls])):
        bad.append('%s at %d of pid %d: %s, not %s' % (e['type'], e['time_ns'], e['pid'], got,
                                                       px(RGB[cls])))
classes = {CLASS[e['type']] for e in evs}
print("%s zoomed in: the %d events apart from their row's others each have their class's "
      "glyph (%s) at their time on their task's row" % (
          "PASS" if seen >= 8 and not bad else "FAIL", seen, ', '.join(sorted(classes))))
for b in bad[:5]:
    print("  " + b)
print("%s the window holds syscall, file and scheduling events" % (
    "PASS" if {'syscall', 'file', 'sched'} <= classes else "FAIL"))

g = json.load(open(d + '/out.json'))
im = Image.open(d + '/out.png').convert('RGB')
found = {}
for y in range(g['y'] + int(g['ruler_h']), g['y'] + g['height']):
    for x in range(g['x'] + int(g['label_w']), g['x'] + g['width']):
        p = im.getpixel((x, y))
        for c in ('syscall', 'file'):
            if p == px(RGB[c]):
                found[c] = found.get(c, 0) + 1
print("%s the whole trace (no room): no syscall or file glyph on the graph %s" % (
    "PASS" if not found else "FAIL", found))
print("DONE")
PY
)
! grep -E 'CRITICAL|WARNING' "$tmp/err" >/dev/null
ok $? "without GTK warnings"
done_testing
