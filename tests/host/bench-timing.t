#!/bin/bash
# scripts/bench-timing runs to its end on a small trace and writes its
# section of a copy of docs/benchmarks.md in place: a row per command, the
# ratios to summary --time (the figures themselves are not judged here:
# performance is measured by the benchmark, not by tests).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench-timing --smoke --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench-timing --smoke runs to its end"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
rows=$(grep -c '^| `\(summary --time\|latency --kind [a-z]*\|critical-path --pid 100\)` | [0-9.]* | [0-9.]* | [0-9]* | [0-9.]* | [0-9.]* |$' "$tmp/bm.md")
is "$rows" 7 "a row per command: summary --time, latency of the five kinds, critical-path"
grep -q '^| `summary --time` | [0-9.]* | [0-9.]* | [0-9]* | 1.00 | 1.00 |$' "$tmp/bm.md"
ok $? "summary --time is the reference (ratios 1.00)"
awk '/bench-timing:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section goes before the targets, once"
scripts/bench-timing --smoke --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-timing:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a second run replaces the section and keeps the rest"
done_testing
