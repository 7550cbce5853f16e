#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# stacks-svg.t - "tracevisualizer stacks --svg FILE" (issue 28): the flame
# graph of a hand-built 1.8 trace whose stacks share prefixes.  cairo's
# SVG surface writes text as glyph outlines (<symbol>/<use>), not <text>,
# so the frame names are checked in the layout that --json prints
# ("flame": every prefix of the folded lines one box, as wide as the
# lines under it, exactly: its children's widths plus its own weight,
# siblings by name, the roots covering the total) and the SVG against it:
# well-formed XML with an <svg> root, one rectangle per box, at x/total
# and w/total of the graph's width, its row its depth (roots at the
# bottom).  Then the usage errors: --svg into a folder that does not
# exist (status 1, said, nothing printed), --svg without a file.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=$TOP/tracevisualizer/build/tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
make -s -C "$TOP/tracevisualizer" build/tracevisualizer build/utest/gen-trace >"$tmp/build.log" 2>&1
ok $? "tracevisualizer and gen-trace build" || sed 's/^/# /' "$tmp/build.log" | tail -20

# 5 and 6 block under the same user frames (0x402000;0x401000) and the
# same outer kernel frame, 7 elsewhere, 5 again without a stack record
# ("[no stack]", a root box of its own); 7 wakes 5 and 6 from two stacks
# sharing their root
$gen "$tmp/t" <<'DESC'
header format=1.8 stacks=schedchange,wakeup end=1000001000
proc PID: 5; PPID: 1; TGID: 5; NAME: a
proc PID: 6; PPID: 1; TGID: 6; NAME: b
proc PID: 7; PPID: 1; TGID: 7; NAME: c
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 sched 5 6 1
1000000100 stack 5 schedchange 0 2 2 0xffffffff81000010 0xffffffff81000020 0x401000 0x402000
1000000200 sched 6 7 1
1000000200 stack 6 schedchange 0 2 2 0xffffffff81000030 0xffffffff81000020 0x401000 0x402000
1000000300 wakeup 5 0 0
1000000300 stack 7 wakeup 0 1 1 0xffffffff81000050 0x406000
1000000350 wakeup 6 0 0
1000000350 stack 7 wakeup 0 1 2 0xffffffff81000060 0x407000 0x406000
1000000400 sched 7 5 1
1000000400 stack 7 schedchange 0 1 1 0xffffffff81000040 0x405000
1000000500 sched 5 6 1
1000000600 sched 6 0 1
1000000600 stack 6 schedchange 0 2 2 0xffffffff81000010 0xffffffff81000020 0x401000 0x402000
DESC
ok $? "gen-trace writes a trace with off-CPU and wakeup stacks"

# the layout in --json against the folded lines, and the SVG against the layout
check() {	# $1 kind
	python3 - "$tmp/$1.json" "$tmp/$1.svg" <<'PY'
import json, re, sys
import xml.etree.ElementTree as ET
j = json.load(open(sys.argv[1]))
s, fl = j['stacks'], j['flame']
bad = []
lines = [(tuple(l['stack']), l['value']) for l in s['lines']]
def path(i):
    p = []
    while i >= 0:
        p.insert(0, fl[i]['name'])
        i = fl[i]['parent']
    return tuple(p)
# every prefix of a folded line is one box, as wide as the lines under it
want = {}
for st, v in lines:
    for k in range(1, len(st) + 1):
        want[st[:k]] = want.get(st[:k], 0) + v
got = {path(i): b['w'] for i, b in enumerate(fl)}
if len(got) != len(fl) or got != want:
    bad.append('boxes %s, want %s' % (got, want))
frames = {f for st, _ in lines for f in st}
if {b['name'] for b in fl} != frames:
    bad.append('names %s, frames %s' % ({b['name'] for b in fl}, frames))
for i, b in enumerate(fl):
    kids = [c for c in fl if c['parent'] == i]
    if b['w'] != sum(c['w'] for c in kids) + b['self']:
        bad.append('%s: w %d != children %d + self %d' % (b['name'], b['w'], sum(c['w'] for c in kids), b['self']))
    if b['depth'] != (0 if b['parent'] < 0 else fl[b['parent']]['depth'] + 1):
        bad.append('%s: depth %d' % (b['name'], b['depth']))
    x = b['x'] + b['self']	# the children after the stacks that end here, by name
    if [c['name'] for c in kids] != sorted(c['name'] for c in kids):
        bad.append('%s: children not by name' % b['name'])
    for c in kids:
        if c['x'] != x:
            bad.append('%s: x %d, want %d' % (c['name'], c['x'], x))
        x += c['w']
roots = [b for b in fl if b['parent'] < 0]
if sum(b['w'] for b in roots) != s['total'] + s['unstacked'] or [b['x'] for b in roots] != \
        [sum(r['w'] for r in roots[:k]) for k in range(len(roots))]:
    bad.append('roots %s, total %d + %d' % ([(b['x'], b['w']) for b in roots], s['total'], s['unstacked']))
# the SVG: XML, an <svg> root, one rectangle per box where the layout says
ns = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[2]).getroot()
if root.tag != ns + 'svg':
    bad.append('root %s' % root.tag)
height = float(root.get('viewBox').split()[3])
defs = {id(e) for d in root.iter(ns + 'defs') for e in d.iter()}
rects = []
for e in root.iter(ns + 'path'):
    if id(e) in defs:
        continue
    n = [float(v) for v in re.findall(r'-?[0-9.]+', e.get('d'))]
    if len(n) < 8:
        bad.append('path %s' % e.get('d'))
        continue
    xs, ys = n[0:8:2], n[1:8:2]
    rects.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
if len(rects) != len(fl):
    bad.append('%d rectangles for %d boxes' % (len(rects), len(fl)))
W, M, ROW = 1200.0, 10.0, 17.0
for b, r in zip(fl, rects):
    x = M + (W - 2 * M) * b['x'] / (s['total'] + s['unstacked'])
    w = (W - 2 * M) * b['w'] / (s['total'] + s['unstacked'])
    y = height - M - (b['depth'] + 1) * ROW
    # cairo rounds coordinates to its fixed point, 1/256 of a unit
    if abs(r[0] - x) > 0.01 or abs(r[2] - w) > 0.01 or abs(r[1] - y) > 0.01:
        bad.append('%s: rectangle %s, want x %.3f w %.3f y %.3f' % (b['name'], r, x, w, y))
print('# %d lines, %d boxes, %d rectangles, total %d %s' % (len(lines), len(fl), len(rects), s['total'], s['unit']))
for m in bad:
    print('# ' + m)
sys.exit(1 if bad else 0)
PY
}

for k in offcpu wakeup; do
	$tv stacks --kind $k --addresses --svg "$tmp/$k.svg" "$tmp/t" >"$tmp/$k.txt" 2>"$tmp/$k.err"
	ok $? "stacks --kind $k --svg writes the flame graph" || sed 's/^/# /' "$tmp/$k.err"
	$tv stacks --kind $k --addresses --json "$tmp/t" >"$tmp/$k.json"
	ok $? "stacks --kind $k --json"
	python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
txt = [l.rsplit(" ", 1) for l in open(sys.argv[2])]
sys.exit(0 if [(l["folded"], l["value"]) for l in j["stacks"]["lines"]] == [(f, int(v)) for f, v in txt] else 1)' \
		"$tmp/$k.json" "$tmp/$k.txt"
	ok $? "$k: the folded lines printed with --svg are those of --json"
	check $k
	ok $? "$k: the layout is the folded lines merged by prefix; the SVG's rectangles are its boxes"
done
is "$(json "$tmp/offcpu.json" "[j['stacks']['total'], j['stacks']['unstacked']]")" '[1350, 500]' \
	"offcpu: 1350 ns stacked (5: 200, 6: 150 then 400 on 5's stack, 7: 600), 500 without (5 from 500)"
is "$(json "$tmp/offcpu.json" "[(b['name'], b['depth'], b['x'], b['w']) for b in j['flame']]")" \
	'[["0x402000", 0, 0, 750], ["0x401000", 1, 0, 750], ["0xffffffff81000020", 2, 0, 750], ["0xffffffff81000010", 3, 0, 600], ["0xffffffff81000030", 3, 600, 150], ["0x405000", 0, 750, 600], ["0xffffffff81000040", 1, 750, 600], ["[no stack]", 0, 1350, 500]]' \
	"offcpu: 8 boxes, 5's and 6's stacks merged up to their kernel frame, [no stack] last"
is "$(json "$tmp/wakeup.json" "[(b['name'], b['w']) for b in j['flame']]")" \
	'[["0x406000", 2], ["0x407000", 1], ["0xffffffff81000060", 1], ["0xffffffff81000050", 1]]' \
	"wakeup: the root 0x406000 weighs both wakeups, the one that ends in it first"

# bad input
$tv stacks --kind offcpu --addresses --svg "$tmp/no/such/dir/f.svg" "$tmp/t" >"$tmp/bad.out" 2>"$tmp/bad.err"
is "$?" 1 "--svg into a folder that does not exist: status 1"
ok $(grep -q "no/such/dir/f.svg: No such file or directory" "$tmp/bad.err"; echo $?) \
	"and it says which file and why: $(head -1 "$tmp/bad.err")"
ok $([ ! -s "$tmp/bad.out" ] && [ ! -e "$tmp/no" ]; echo $?) "and prints nothing, creates nothing"
$tv stacks --kind offcpu "$tmp/t" --svg >"$tmp/bad2.out" 2>"$tmp/bad2.err"
is "$?" 2 "--svg without a file: a usage error"
ok $(grep -q -- "--svg needs a file name" "$tmp/bad2.err"; echo $?) "said: $(head -1 "$tmp/bad2.err")"

# documented
ok $($tv stacks --help | grep -q -- "--svg FILE"; echo $?) "stacks --help lists --svg FILE"
ok $(grep -q -F -- '.BI \-\-svg " FILE"' "$TOP/docs/tracevisualizer.1"; echo $?) "the man page has --svg FILE in its OPTIONS"
done_testing
