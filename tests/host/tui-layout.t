#!/bin/bash
# The terminal analyzer's layout at 80x24 and 160x48, on a real trace
# (tests/corpus/guest-mix), as a person sees it in tmux (issue 36 items 10
# and 11): the ruler's time labels and the markers A and B never overlap
# (a label is whole or absent); the status line drops whole parts, never
# cuts a number; the syscalls view's histograms share one axis (each
# row's non-empty cells where the common axis puts its buckets), its
# columns hold their figures (equal to syscalls --json), exit_group is
# counted as calls without return, not as 0 calls with made-up durations;
# the processes view scrolls its columns sideways (Right, Left) so that
# every column of processes --json can be seen, each equal to it; a sort
# and its inversion keep the selection on its line, the view where it is.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test

cp -r "$TOP/tests/corpus/guest-mix" "$tmp/mix" && rm -f "$tmp/mix/bookmarks.json" &&
	$tv syscalls --json "$tmp/mix" > "$tmp/sc.json" &&
	$tv processes --json "$tmp/mix" > "$tmp/p.json" &&
	$tv processes --threads --json "$tmp/mix" > "$tmp/t.json"
ok $? "guest-mix copied; its syscalls, processes and threads --json"

for size in "80 24" "160 48"; do
	read -r W H <<< "$size"
	s=s$W
	rm -f "$tmp/mix/bookmarks.json"
	tui_start $s "$W" "$H" -- "$tmp/mix"
	ok $? "${W}x$H: tui starts on guest-mix"

	# --- the ruler and the status line with markers ---------------------
	# A in the first column (over the start's label), B in the last but
	# few (over the end's), then zoomed so that A is off screen
	# (0 first: the TUI opens on the command's span, issue 35; the markers
	# go at the ends of the whole trace)
	tui_key $s 0 && tui_input $s g 0.0000001 && tui_key $s m && tui_input $s g 0.1612 && tui_key $s M &&
		tui_screen $s > "$tmp/r$W.txt" && tui_key $s 0 && tui_input $s g 0.05 && tui_key $s m &&
		tui_screen $s > "$tmp/r2$W.txt" && tui_key $s w w w && tui_screen $s > "$tmp/r3$W.txt"
	ok $? "${W}x$H: markers set near both ends, then A in the middle, zoomed in"
	checks < <(python3 - "$tmp" "$W" <<'PY'
import re, sys
from check import ok, done
from tuicheck import lines
d, w = sys.argv[1], int(sys.argv[2])
TIME = r'\d+\.\d{9}'
for f, what in (('r', 'A and B at the ends'), ('r2', 'A in the middle'), ('r3', 'zoomed in')):
    scr = lines('%s/%s%d.txt' % (d, f, w))
    while scr and not scr[-1].strip():
        scr.pop()
    lw = 28 if w >= 120 else 24 if w >= 90 else 20
    ruler = scr[1][lw + 1:].rstrip()
    # a label is a whole time, never a marker's letter in it
    good = re.fullmatch(r'(%s)?[-AB]*(%s)?' % (TIME, TIME), ruler) is not None
    ok(good and len(ruler) == w - lw - 1,
       "%dx: the ruler (%s): whole time labels, the markers beside them: %s" % (w, what, ruler))
    if f == 'r':
        ok('A' in ruler and 'B' in ruler, "%dx: both markers on the ruler" % w)
    status = scr[-1].rstrip()
    parts = re.split(r'  +', status.strip())
    forms = [r'cursor %s' % TIME, r'window \d+(\.\d+)? [mun]?s', r'A %s' % TIME, r'B %s' % TIME,
             r'B-A \d+(\.\d+)? [mun]?s', r'LOST \d+']
    whole = all(any(re.fullmatch(x, p) for x in forms) for p in parts)
    ok(whole and len(status) <= w and parts[0].startswith('cursor ') and
       any(p.startswith('B-A ') for p in parts),
       "%dx: the status line (%s) is whole parts, the cursor and B-A kept: %s" % (w, what, status))
done()
PY
)
	if [ "$W" = 160 ]; then
		grep -q '^cursor [0-9.]*  window [0-9.]* ms  A ' <<< "$(tail -n 1 "$tmp/r$W.txt")"
		ok $? "${W}x: the status line has room for the window's length too"
	fi

	# --- the syscalls view ----------------------------------------------
	tui_key $s 4 && tui_pages $s "$tmp/sc$W.txt"
	ok $? "${W}x$H: view 4 read page by page"
	checks < <(python3 - "$tmp" "$W" <<'PY'
import re, sys
from check import ok, done
from tuicheck import lines, load, sc_rows, syscalls_expected
d, w = sys.argv[1], int(sys.argv[2])
scr = lines('%s/sc%d.txt' % (d, w))
sj = load(d + '/sc.json')
got, want = sc_rows(scr), syscalls_expected(sj)
ok(len(want) > 30 and got == want,
   "%dx: view 4, its %d syscalls: count, no return, total, min, max, mean equal syscalls --json "
   "(every figure whole in its column)" % (w, len(want)))
if got != want:
    for g, x in zip(got, want):
        if g != x:
            print("# got  %s\n# want %s" % (g, x))
eg = [l for l in scr if l.startswith('exit_group ')]
n = sj['syscalls']['exit_group']['no_return']
ok(n > 0 and eg and re.match(r'^exit_group +0 +%d +- +- +- +- +no return *$' % n, eg[0]),
   "%dx: exit_group: 0 returned, %d without return, no duration made up: %s" % (w, n, eg[:1]))
# the histograms: one axis for every row
head = next(l for l in scr if l.startswith('syscall'))
hx = re.search(r'mean_us[\^v]? ', head).end()
hists = {n: s['latency'].get('log2_hist', []) for n, s in sj['syscalls'].items()}
first = min(k for h in hists.values() for k, c in enumerate(h) if c)
last = max(k for h in hists.values() for k, c in enumerate(h) if c)
per = -(-(last - first + 1) // (w - hx))
bad, seen = [], set()
for l in scr:
    name = l.split(' ', 1)[0]
    if name not in hists or name in seen or not any(hists[name]):
        continue
    seen.add(name)
    cells = {i for i, ch in enumerate(l[hx:].rstrip()) if ch != ' '}
    want_cells = {(k - first) // per for k, c in enumerate(hists[name]) if c}
    if cells != want_cells:
        bad.append((name, sorted(cells), sorted(want_cells)))
nh = sum(1 for h in hists.values() if any(h))
ok(not bad and len(seen) == nh, "%dx: every row's histogram (%d of %d) on one axis (buckets %d..%d, "
   "%d per column): its non-empty columns are its buckets' %s" % (w, len(seen), nh, first, last, per, bad[:2]))
done()
PY
)

	# the page of exit_group (Enter on its row): its calls without return,
	# each process's "0 - - - -", no duration
	n=$(python3 -c 'import json,sys
s = sorted(json.load(open(sys.argv[1]))["syscalls"].items(), key=lambda kv: kv[1]["nr"])
print([k for k, v in s].index("exit_group"))' "$tmp/sc.json")
	tui_top $s && for _ in $(seq "$n"); do tui_key $s j || break; done &&
		tui_key $s Enter && tui_screen $s > "$tmp/eg$W.txt" && tui_key $s Escape
	checks < <(python3 - "$tmp" "$W" <<'PY'
import re, sys
from check import ok, done
from tuicheck import lines, load, lat_rows
d, w = sys.argv[1], int(sys.argv[2])
page, sj = lines('%s/eg%d.txt' % (d, w)), load(d + '/sc.json')
x = sj['syscalls']['exit_group']
title = "syscall exit_group (231): 0 calls, %d without their entry, %d without return" % (
    x['partial'], x['no_return'])
ok(page[1].startswith(title[:w]), "%dx: exit_group's page: %s" % (w, page[1].rstrip()))
rows = lat_rows(page[2:])
want = [("%d %s" % (p['pid'], p['name']), ['0', '-', '-', '-', '-'])
        for p in sorted(sj['processes'], key=lambda p: p['pid']) if 'exit_group' in p['syscalls']]
ok(len(want) > 3 and rows[:len(want)] == want[:len(rows)] and len(rows) >= min(len(want), 5),
   "%dx: and who made it: %d processes, no duration (%s)" % (w, len(want), rows[:2]))
done()
PY
)

	# --- the processes view: sideways, every column -----------------------
	tui_key $s 3 && tui_screen $s > "$tmp/p$W.0.txt"
	i=0
	while grep -q '>$' <<< "$(sed -n 2p "$tmp/p$W.$i.txt")" && [ $i -lt 20 ]; do
		tui_key $s Right && i=$((i + 1)) && tui_screen $s > "$tmp/p$W.$i.txt" || break
	done
	tui_key $s Left && tui_screen $s > "$tmp/p$W.left.txt"
	checks < <(python3 - "$tmp" "$W" "$i" <<'PY'
import sys
from check import ok, done
from tuicheck import lines, load, procs_header, procs_rows, procs_expected, PCOLS
d, w, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
seen, good = [], True
for i in range(n + 1):
    scr = lines('%s/p%d.%d.txt' % (d, w, i))
    cols = procs_header(scr)
    seen += [c for c in cols if c not in seen]
    got = procs_rows(scr)
    want = procs_expected(load(d + '/p.json'), load(d + '/t.json'), cols=cols)[:len(got)]
    good = good and len(got) > 5 and got == want and all(len(l.rstrip()) <= w for l in scr)
    if got != want:
        print("# at %d: got %s\n# want %s" % (i, got[:2], want[:2]))
first = procs_header(lines('%s/p%d.0.txt' % (d, w)))
ok((n > 0 or w >= 160) and seen == [c[0] for c in PCOLS],
   "%dx: every column of processes --json seen, Right scrolling them (%d times) until the last "
   "(%s)" % (w, n, ' '.join(seen)))
ok(good, "%dx: at every scroll position the rows equal processes [--threads] --json in the "
   "columns shown, pid and name kept" % w)
ok('runnable' in first and (w < 160 or 'blocked' in first),
   "%dx: the first screen shows runnable%s: %s" % (w, '' if w < 160 else ' and blocked', ' '.join(first)))
left = procs_header(lines('%s/p%d.left.txt' % (d, w)))
prev = procs_header(lines('%s/p%d.%d.txt' % (d, w, n - 1))) if n else []
ok(n == 0 or left == prev, "%dx: Left scrolls back a column" % w)
done()
PY
)
	is "$(tui_quit $s)" 0 "${W}x$H: q: status 0"
done

# --- a sort and its inversion keep the view --------------------------------
# 80x24: the selection three rows down, sorted by runnable (> 8 times from
# pid: the selection follows its process while it stays in sight, else
# stays on its line), then inverted: the selected process (no runnable
# time) goes to the end, out of sight: the selection stays on its screen
# line and the view where it was, the largest runnable at its top (before:
# the view was dragged to the table's end)
rm -f "$tmp/mix/bookmarks.json"
tui_start o 80 24 -- "$tmp/mix" && tui_key o 3 j j j
sel_line() { tui_screen o -e | tail -n +2 | grep -n $'\e\\[[0-9;]*7[0-9;]*m *[0-9]' | head -n 1 | cut -d: -f1; }
tui_key o '>' '>' '>' '>' '>' '>' '>' '>' && tui_wait o '^sorted by runnable, ascending' >/dev/null
l1=$(sel_line)
tui_screen o > "$tmp/o1.txt"
tui_key o I && tui_wait o '^sorted by runnable, descending' >/dev/null
l2=$(sel_line)
tui_screen o > "$tmp/o.txt"
okscr() { local st=$?; ok $st "$1"; [ $st = 0 ] || diag "$(cat "$tmp/o1.txt" "$tmp/o.txt")"; }
[ -n "$l1" ] && [ -n "$l2" ] && [ "$l1" = "$l2" ]
okscr "sorted by runnable, then inverted: the selection stays on screen line $l1 ($l2)"
top=$(python3 -c 'import json,sys
p = json.load(open(sys.argv[1]))["processes"]
print(max(p, key=lambda x: (x["runnable_ns"], x["pid"]))["pid"])' "$tmp/p.json")
[[ $(sed -n 3p "$tmp/o.txt") =~ ^\ +$top\  ]]
okscr "inverted: the table's top is the largest runnable (pid $top), where the view was"
is "$(tui_quit o)" 0 "q: status 0"
done_testing
