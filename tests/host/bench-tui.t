#!/bin/bash
# scripts/bench-tui runs to its end on a small trace and writes its section
# of a copy of docs/benchmarks.md in place (the figures themselves are not
# judged here: performance is measured by the benchmark, not by tests).
. "$(dirname "$0")/../lib/tap.sh"
command -v tmux >/dev/null || skip_all "tmux missing (scripts/setup-deps)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench-tui --smoke --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench-tui --smoke runs to its end"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
grep -q '^| first screen, cold cache: first session (median of 1) | [0-9]* ms' "$tmp/bm.md" &&
	grep -q '^| first screen, with the cache: later sessions (median of 1) | [0-9]* ms' "$tmp/bm.md"
ok $? "it reports the time to the first screen, with a cold cache and with the cache"
grep -q '^| zoom keystroke to screen, worst level' "$tmp/bm.md" &&
	grep -q '^| resident memory beyond the mapped file | [0-9.]* bytes/event' "$tmp/bm.md"
ok $? "it reports keystroke times and memory per event"
levels=$(grep -c '^| [0-9]* | [0-9.]* [mun]*s |' "$tmp/bm.md")
[ "$levels" -ge 10 ]
ok $? "a row per zoom level, down to one nanosecond per column ($levels levels)"
awk '/bench-tui:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section goes before the targets, once"
scripts/bench-tui --smoke --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-tui:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a second run replaces the section and keeps the rest"
done_testing
