#!/bin/bash
# scripts/bench-stacks runs to its end on small traces with stacks (gen-big
# --stacks) and writes its section of a copy of docs/benchmarks.md in
# place: a row per command and trace, the ratios to summary --time (the
# figures themselves are not judged here: performance is measured by the
# benchmark, not by tests).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench-stacks --smoke --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench-stacks --smoke runs to its end"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
num='[0-9.]*'
rows=$(grep -c "^| \`\\(summary --time\\|stacks --kind \\(offcpu\\|wakeup\\)\\( --json\\| --svg FILE\\| --addresses\\| --symfs DIR\\)\\?\\)\` | $num | [0-9]* % | $num | [0-9]* % | [0-9]* | $num | $num |\$" "$tmp/bm.md")
is "$rows" 14 "a row per command (summary --time, stacks offcpu, wakeup, --json, --svg, --addresses, --symfs) and trace (2)"
is "$(grep -c "^| \`summary --time\` | $num | [0-9]* % | $num | [0-9]* % | [0-9]* | 1.00 | 1.00 |\$" "$tmp/bm.md")" 2 \
	"summary --time is the reference of each trace (ratios 1.00)"
# the traces hold what the section says: stack records, lines of realistic depths
grep -q '^### `--switch-every 29`: [0-9.]* MB, [1-9][0-9]* stack records ([1-9][0-9]* of wakeups), [1-9][0-9]* off-CPU lines of [0-9]* to [0-9]* frames, [1-9][0-9]* wakeup lines' "$tmp/bm.md"
ok $? "the section says the trace's stack records and lines"
grep -q '^Target `stacks --kind offcpu` <= 2 x `summary --time`: \(not \)\?met with --switch-every 29 (CPU [0-9.]*, wall [0-9.]*); \(not \)\?met with --switch-every 7' "$tmp/bm.md"
ok $? "the section says whether the target is met, on each trace"
awk '/bench-stacks:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section goes before the targets, once"
scripts/bench-stacks --smoke --switch-every 29 --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-stacks:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a second run replaces the section and keeps the rest"

# the generator's traces are sound: the accounting checks out, the stacks
# weigh the blocked time, every stack record follows its event, the
# frames are named (kallsyms, maps of the ELF files given)
gen=tracevisualizer/build/utest/gen-big tv=tracevisualizer/tracevisualizer
$gen -n 200000 -c 2 --switch-every 7 --stacks --elf tracevisualizer/build/tracevisualizer \
	--elf "$(ldd tracevisualizer/build/tracevisualizer | sed -n 's/.*libc\.so\.6 => \([^ ]*\).*/\1/p')" \
	"$tmp/g" 2> "$tmp/gen.err"
ok $? "gen-big --stacks writes a trace" || diag "$(cat "$tmp/gen.err")"
$tv check "$tmp/g" > "$tmp/check" 2>&1
ok $? "check: the accounting of the trace holds" || diag "$(tail -5 "$tmp/check")"
$tv stacks --kind offcpu "$tmp/g" > "$tmp/off" 2> "$tmp/off.err"
st=$?
ok "$([ $st = 0 ] && [ ! -s "$tmp/off.err" ] && grep -q '^_start+0x[0-9a-f]*;main+0x[0-9a-f]*;.*;entry_SYSCALL_64_after_hwframe+0x[0-9a-f]*;do_syscall_64+0x[0-9a-f]*;.*;schedule+0x[0-9a-f]*;__schedule+0x[0-9a-f]*;__ltt_trace_schedchange+0x[0-9a-f]* [0-9]*$' "$tmp/off"; echo $?)" \
	"stacks --kind offcpu: named frames, no warning (status $st)" || diag "$(head -c 600 "$tmp/off.err" "$tmp/off")"
done_testing
