#!/bin/bash
# scripts/bench --analysis-only runs to its end on a small trace and
# rewrites the "Analysis speed" section of a copy of docs/benchmarks.md in
# place, with the CPU time of each reader beside its wall time and every
# run's wall time, not only the medians (the host is shared: issue 37).
# The figures themselves are not judged here: performance is measured by
# the benchmark, not by tests.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

printf '# Benchmarks\n\n## Analysis speed\n\nold\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench --analysis-only --big-events 100000 --reps 2 --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench --analysis-only runs to its end"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
grep -q '^| reader | time s (median of N runs) | .* | CPU s, user + system (median) | CPU vs raw read |$' "$tmp/bm.md"
ok $? "the table has the CPU time and its ratio to the raw read"
grep -Eq '^\| raw sequential read .* \| [0-9]+\.[0-9]{3} \| (1\.00|—) \|$' "$tmp/bm.md" &&
	grep -Eq '^\| `tracevisualizer summary` .* \| [0-9]+\.[0-9]{3} \| ([0-9]+\.[0-9]{2}|—) \|$' "$tmp/bm.md"
ok $? "the raw read and the summary have their CPU time"
grep -Eq '^Every run.s wall time, s, .*: raw read [0-9.]+ [0-9.]+; summary [0-9.]+ [0-9.]+\.$' "$tmp/bm.md"
ok $? "every run's wall time is listed (2 runs each)"
! grep -q '^old$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md" &&
	[ "$(grep -c '^## Analysis speed' "$tmp/bm.md")" = 1 ]
ok $? "the section is replaced once, the rest kept"
done_testing
