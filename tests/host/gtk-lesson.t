#!/bin/bash
# A lesson's steps in the window (tracevisualizer-gtk --lesson, issue 35),
# under Xvfb as a person uses them: the side panel, Next and Previous, the
# keys } and {, each step's cursor, window and highlighted rows read back
# through AT-SPI (tests/lib/gtklesson.py); then the screenshot of step 2
# (--lesson --step 2 --screenshot, what scripts/lessons makes the lessons'
# pictures with): the panel drawn, and the cursor's line at the column of
# the step's time (a pixel check of the graph, --dump-cells' geometry); a
# bad lesson and a step past the last refused.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

$PY tests/lib/gtkwtrace.py 8 > "$tmp/a.desc" && $gen "$tmp/a" < "$tmp/a.desc"
ok $? "a trace written (tests/lib/gtkwtrace.py, 8 rounds)"
cat > "$tmp/t.lesson" <<'L'
title: A test lesson
trace: a

step: One
text: The first step: 1 ms into the trace,
text: a window of 200 us.
time: 0.001
span: 200us

step: Two
text: The first fs_close, its task's rows highlighted.
at: type == fs_close
span: 100us
rows: pid == 200
L
close1_ns=$($tv dump --json --filter 'type == fs_close' "$tmp/a" |
	$PY -c 'import json,sys; print(json.load(sys.stdin)["events"][0]["rel_ns"])')
ok $? "the first fs_close: $close1_ns ns into the trace"
mkdir -p "$tmp/out"
checks < <(PYTHONPATH=tests/lib timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtklesson.py "$gtk" "$tmp/t.lesson" "$tmp/a" "$close1_ns" "$tmp/out" \
	2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')

# the screenshot of step 2: the lesson's trace without a TRACEDIR
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --lesson "$tmp/t.lesson" --step 2 \
	--screenshot "$tmp/step2.png" --dump-cells "$tmp/step2.cells.json" 2> "$tmp/shot.err"
ok $? "--lesson --step 2 --screenshot (the lesson's trace)"
checks < <($PY - "$tmp/step2.png" "$tmp/step2.cells.json" "$close1_ns" <<'PY'
import json, sys
from PIL import Image
png, c, t = sys.argv[1], json.load(open(sys.argv[2])), int(sys.argv[3])
im = Image.open(png).convert('RGB')
def ok(cond, m):
    print(("PASS " if cond else "FAIL ") + m)
t = c['start_ns'] + t
ok(c['t0_ns'] <= t <= c['t1_ns'] and c['t1_ns'] - c['t0_ns'] == 100000,
   "step 2's window: 100 us around the first fs_close")
# the cursor's x from the step's time, as graph.c places it (x_of())
cw = c['width'] - c['label_w']
want = c['label_w'] + (t - c['t0_ns']) / (c['t1_ns'] - c['t0_ns']) * cw
ok(c['cursor_x'] is not None and abs(c['cursor_x'] - want) < 0.01,
   "the cursor at the step's time: x %s (%.3f computed)" % (c['cursor_x'], want))
# its line in the picture: graph.c's cursor colour (0, 0.3, 0.9) at that column
X, Y = c['x'] + int(want), c['y'] + int(c['ruler_h']) + 4
near = [im.getpixel((X + dx, Y + dy)) for dx in (-1, 0, 1) for dy in range(0, 40, 4)]
blue = [p for p in near if p[2] > 180 and p[0] < 60 and 50 < p[1] < 110]
ok(len(blue) >= 8, "the cursor's line drawn at x %d of the screenshot (%d of %d pixels blue)"
   % (X, len(blue), len(near)))
# the panel beside the graph: right of the graph's area, the window's light background
px = im.getpixel((min(im.size[0] - 5, c['x'] + c['width'] + 60), c['y'] + 200))
ok(c['x'] + c['width'] < im.size[0] - 250 and sum(px) > 600,
   "the lesson's panel on the right of the graphs (graph ends at x %d of %d)"
   % (c['x'] + c['width'], im.size[0]))
print("DONE")
PY
)
no_gtk_warnings "$tmp/atspi.err" "$tmp/shot.err" "$tmp/out/"*.log

printf 'title: x\nstep: s\ntext: t\nrows: pid ==\n' > "$tmp/bad.lesson"
timeout 30 "$gtk" --lesson "$tmp/bad.lesson" "$tmp/a" > "$tmp/bad.out" 2>&1
is "$?" 2 "a bad lesson file: status 2"
grep -q "bad.lesson:4:7: not a filter" "$tmp/bad.out"
ok $? "and its line and column: $(head -1 "$tmp/bad.out")"
timeout 30 "$gtk" --lesson "$tmp/t.lesson" --step 3 --screenshot "$tmp/x.png" > "$tmp/step.out" 2>&1
is "$?" 2 "--step 3 of a lesson of 2 steps: status 2"
grep -q "the lesson has 2 steps" "$tmp/step.out"
ok $? "said: $(head -1 "$tmp/step.out")"
done_testing
