#!/bin/bash
# The window and the view model's cache (docs/views.md, "Kept beside the
# trace"): a gen-big trace shown with --no-view-cache writes no cache; shown
# without it, the window writes TRACEDIR/view.cache; shown again, it reads
# it (the file is not written again: same inode, same mtime); the three
# windows show the same: the cells the graph drew (--dump-cells) and the
# pixels of the window above the events list (whose filter entries'
# caret blinks at its own pace).  --no-view-cache in --help and in the
# man page's SYNOPSIS.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
"$genbig" -n 300000 -c 2 "$tmp/t" 2> /dev/null
ok $? "gen-big wrote a trace"
# shot NAME ARGS... : a screenshot of the trace, its status and stderr kept
shot() {
	local name=$1; shift
	LTTR_VIEW_CACHE=always timeout 120 xvfb-run -a -s "$screen" "$gtk" "$@" \
		--dump-cells "$tmp/$name.cells" --screenshot "$tmp/$name.png" "$tmp/t" \
		> "$tmp/$name.out" 2> "$tmp/$name.err"
}
shot a --no-view-cache
ok $? "--no-view-cache: the window drawn (status 0)" || diag "$(tail -5 "$tmp/a.err")"
[ ! -e "$tmp/t/view.cache" ]
ok $? "... and no TRACEDIR/view.cache written"
shot b
ok $? "without it: the window drawn" || diag "$(tail -5 "$tmp/b.err")"
[ -s "$tmp/t/view.cache" ]
ok $? "... and the model saved in TRACEDIR/view.cache"
before=$(stat -c '%i %Y.%y' "$tmp/t/view.cache")
shot c
ok $? "again: the window drawn" || diag "$(tail -5 "$tmp/c.err")"
is "$(stat -c '%i %Y.%y' "$tmp/t/view.cache")" "$before" "... from the cache: not written again (its inode and mtime)"
! grep -q "view cache" "$tmp/c.err"
ok $? "... and nothing said of it (a cache read as it should be)" || diag "$(cat "$tmp/c.err")"
[ -s "$tmp/a.cells" ] && cmp -s "$tmp/a.cells" "$tmp/b.cells" && cmp -s "$tmp/a.cells" "$tmp/c.cells"
ok $? "the three windows drew the same cells (built, built and saved, read: $(wc -l < "$tmp/a.cells") lines)"
$PY - "$tmp" <<'PY'
import sys
from PIL import Image, ImageChops
d = sys.argv[1]
a, b, c = (Image.open('%s/%s.png' % (d, n)).convert('RGB').crop((0, 0, 1280, 530)) for n in 'abc')
sys.exit(0 if ImageChops.difference(a, b).getbbox() is None and
         ImageChops.difference(a, c).getbbox() is None else 1)
PY
ok $? "... and the same pixels above the events list"
"$gtk" --help | grep -q -- '^  --no-view-cache  '
ok $? "--no-view-cache in --help"
sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$TOP/docs/tracevisualizer-gtk.1" | grep -qF '.RB [ \-\-no\-view\-cache ]'
ok $? "... and in the man page's SYNOPSIS"
done_testing
