#!/bin/bash
# scripts/bench-merge runs to its end on small generated traces (2000
# calls, 22 thousand events per host) and writes its section of a copy of
# docs/benchmarks.md in place: a row per command with its events and the
# ratios to the plain read, the merge synchronised (its drift near the
# generator's 100 ppm); a second run replaces the section.  (The figures
# themselves are not judged here: performance is measured by the
# benchmark, not by tests.)
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
make -s -C tracevisualizer tracevisualizer tools >/dev/null

printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench-merge --smoke --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench-merge --smoke runs to its end"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
num='[0-9][0-9.]*'
grep -q "^| \`summary A\` | 22004 | $num | $num | $num | $num | $num | $num |$" "$tmp/bm.md" &&
	grep -q "^| \`summary B\` | 22006 | $num | $num | $num | $num | $num | $num |$" "$tmp/bm.md"
ok $? "a row per trace's plain read, with its events (2000 calls: 11 per call and the setup's)"
grep -q "^| read: \`summary A\` + \`summary B\` | 44010 | $num | $num | $num | $num | 1.00 | 1.00 |$" "$tmp/bm.md"
ok $? "the two reads summed are the reference (ratios 1.00)"
grep -q "^| \`merge -o OUT A B\` | 44010 | $num | $num | $num | $num | $num | $num |$" "$tmp/bm.md"
ok $? "the merge's row, both traces' events"
grep -Eq "matches the 2000 messages each way and fits the convex hull \(its model: drift \+(99\.9[0-9]*|100\.0[0-9]*) ppm" "$tmp/bm.md"
ok $? "the merge synchronised the two hosts: its drift the generator's 100 ppm ($(grep -o 'drift [^,]*' "$tmp/bm.md"))"
awk '/bench-merge:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section goes before the targets, once"
scripts/bench-merge --smoke --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-merge:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a second run replaces the section and keeps the rest"
done_testing
