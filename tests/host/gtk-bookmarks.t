#!/bin/bash
# The bookmarks of tracevisualizer-gtk (gtk/bookmarks.c) used as a person
# uses them, under Xvfb, read back through AT-SPI and from
# TRACE/bookmarks.json, the file the terminal analyzer keeps its own in
# (tests/lib/gtkbookmarks.py says each step): the list shows one the
# terminal analyzer wrote; b names one at the cursor and saves it; "."
# and "," step through them; the list's Enter goes to one; the next
# session lists them again, and Delete removes one.  Then a screenshot:
# the graph draws a bookmark as a purple dashed line at its time, and
# nothing purple without bookmarks.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp

$PY tests/lib/gtkwtrace.py 8 > "$tmp/desc" && $gen "$tmp/t" < "$tmp/desc" &&
	$tv check "$tmp/t" > /dev/null && $tv summary --json "$tmp/t" > "$tmp/summary.json"
ok $? "the trace is written, and it conserves time"
# a bookmark as the terminal analyzer writes it (tui/actions.c, through
# lttr_bookmarks_save()): at the time of the 40th event
t1=$($tv dump --json "$tmp/t" | json /dev/stdin 'j["events"][39]["time_ns"]')
start=$(json "$tmp/summary.json" 'j["trace"]["start_ns"]')
cat > "$tmp/t/bookmarks.json" <<JSON
{ "version": 1, "bookmarks": [ { "name": "from tui", "time_ns": $t1, "rel_ns": $((t1 - start)) } ] }
JSON
cp "$tmp/t/bookmarks.json" "$tmp/one.json"

checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkbookmarks.py "$gtk" "$tmp/t" "$tmp/summary.json" 2> "$tmp/atspi.err" |
	grep -v '^SpiRegistry daemon')
! grep -E 'CRITICAL|WARNING' "$tmp/atspi.err" > "$tmp/warn.txt"
ok $? "no GTK warning or critical meanwhile"
[ -s "$tmp/warn.txt" ] && diag "$(head -5 "$tmp/warn.txt")"

# the screenshot: a purple dashed line at the bookmark's x, nothing purple without
cp "$tmp/one.json" "$tmp/t/bookmarks.json"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/bm.png" \
	--dump-cells "$tmp/bm.cells.json" "$tmp/t" 2> "$tmp/shot.err"
ok $? "a screenshot with the bookmark"
rm "$tmp/t/bookmarks.json"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/none.png" \
	"$tmp/t" 2>> "$tmp/shot.err"
ok $? "and one without bookmarks"
checks < <($PY - "$tmp/bm.png" "$tmp/none.png" "$tmp/bm.cells.json" "$t1" <<'PY'
import json, sys
from PIL import Image
g = json.load(open(sys.argv[3]))
t1 = int(sys.argv[4])
# graph.c x_of(): the label column, then the window's time across the columns
bx = g['x'] + g['label_w'] + (t1 - g['t0_ns']) * (g['width'] - g['label_w']) / (g['t1_ns'] - g['t0_ns'])
def purple(im):
    w, h = im.size
    px = im.load()
    cols = {}
    for y in range(h):
        for x in range(w):
            r, gr, b = px[x, y][:3]
            if abs(r - 153) < 30 and gr < 60 and abs(b - 178) < 30:
                cols[x] = cols.get(x, 0) + 1
    return cols
a = purple(Image.open(sys.argv[1]).convert('RGB'))
line = {x: n for x, n in a.items() if n > 100}
print("%s the bookmark is a purple line (%s) at its time's x (%.1f)" % (
    "PASS" if line and all(abs(x - bx) <= 2 for x in line) else "FAIL", sorted(line.items()), bx))
print("%s nothing purple without bookmarks" % (
    "PASS" if not purple(Image.open(sys.argv[2]).convert('RGB')) else "FAIL"))
print("DONE")
PY
)
! grep -E 'CRITICAL|WARNING' "$tmp/shot.err" >/dev/null
ok $? "without GTK warnings"
done_testing
