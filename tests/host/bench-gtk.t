#!/bin/bash
# scripts/bench-gtk runs to its end on a small trace under Xvfb and writes
# its section of a copy of docs/benchmarks.md in place (the figures
# themselves are not judged here: performance is measured by the
# benchmark, not by tests).
. "$(dirname "$0")/../lib/tap.sh"
command -v xvfb-run >/dev/null || skip_all "xvfb-run missing (scripts/setup-deps)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench-gtk --smoke --out "$tmp/bm.md" > "$tmp/out" 2>&1
ok $? "bench-gtk --smoke runs to its end"
grep -q '^| open to first frame (median of 1) | [0-9]* ms' "$tmp/bm.md"
ok $? "it reports the time from the start to the first frame"
grep -q '^| control flow repaint, worst level' "$tmp/bm.md" &&
	grep -q '^| resources paint after a zoom, worst level' "$tmp/bm.md" &&
	grep -q '^| resident memory beyond the mapped file | [0-9.]* bytes/event' "$tmp/bm.md"
ok $? "it reports paint and repaint times of both graphs and memory per event"
levels=$(grep -c '^| [0-9]* | [0-9.]* [mun]*s |' "$tmp/bm.md")
[ "$levels" -ge 10 ]
ok $? "a row per zoom level, down to one nanosecond per pixel ($levels levels)"
# p50 / p95 of the paints after a zoom and of the repaints, both graphs
full=$(grep -cE '^\| [0-9]+ \| [0-9.]+ [mun]*s( \| [0-9]+\.[0-9] / [0-9]+\.[0-9]){4} \|$' "$tmp/bm.md")
[ "$full" = "$levels" ] && grep -q 'p50 / p95 of every paint of the level' "$tmp/bm.md"
ok $? "every level gives p50 / p95 of both paints of both graphs ($full of $levels)"
awk '/bench-gtk:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section goes before the targets, once"
scripts/bench-gtk --smoke --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-gtk:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a second run replaces the section and keeps the rest"
done_testing
