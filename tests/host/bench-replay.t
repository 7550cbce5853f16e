#!/bin/bash
# scripts/bench-replay runs to its end on a small trace (--smoke: no TUI)
# and writes its section of a copy of docs/benchmarks.md in place: the next
# and the previous hit from the middle from the start, from the replayed
# state's checkpoints (seek-bench, whose hits the script checks against
# replay --hits) and on the command line, the first search, the
# reference; a breakpoint that never fires and a stop at every system
# call entry without and with a Lua command, in CPU time (the figures
# themselves are not judged here: performance is measured by the
# benchmark, not by tests).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench-replay --smoke --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench-replay --smoke runs to its end"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
grep -q '^| next hit | not measured (--no-tui) | [0-9.]* ms | [0-9.]* ms | [0-9.]* ms (`replay --hits EXPR --from MID --to HIT`) | <= 100 ms |$' "$tmp/bm.md"
ok $? "next hit: from the start, from the checkpoints, the command line; the bar not measured"
grep -q '^| previous hit | not measured (--no-tui) | [0-9.]* ms | [0-9.]* ms | -\?[0-9.]* ms (the prompt' "$tmp/bm.md"
ok $? "previous hit: the same, and the prompt's run-to-previous"
grep -q '^| the first search | not measured (--no-tui) | [0-9.]* ms | [0-9.]* ms (laying [1-9][0-9]* checkpoints: [0-9.]* MiB, [0-9.]* MiB per million events) |' "$tmp/bm.md"
ok $? "the first search lays the checkpoints, their memory said"
grep -q '^| reference | | | | [0-9.]* ms (`summary --time`) | |$' "$tmp/bm.md"
ok $? "the reference, summary --time"
grep -q '^Target "next hit <= 100 ms on a 10 M-event trace when the hit is within one checkpoint interval": \(met\|not met\) (from the checkpoints' "$tmp/bm.md"
ok $? "the target judged from the checkpoints' figures"
grep -q '^| a breakpoint that never fires, to the end (`break type == syscall_entry if pid == 999999`, `run`) | [0-9.]* s ([0-9.]*) | [0-9.]* | <= 2 |$' "$tmp/bm.md"
ok $? "a breakpoint that never fires, in CPU time, against summary --time"
n=$(sed -n 's/^| a stop at each of the \([0-9]*\) system call entries, printed | .*/\1/p' "$tmp/bm.md")
ok "$([ "${n:-0}" -gt 0 ]; echo $?)" "the stops at every system call entry counted (${n:-none})"
grep -q " Target \"a script command <= 2 us of overhead per call\": \(met\|not met\) (-\?[0-9.]* us a command: the CPU time with the command less without, over the $n stops)" "$tmp/bm.md"
ok $? "the cost of a Lua command over those stops, judged"
awk '/bench-replay:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section goes before the targets, once"
scripts/bench-replay --smoke --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-replay:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a second run replaces the section and keeps the rest"
done_testing
