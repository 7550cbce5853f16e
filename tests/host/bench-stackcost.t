#!/bin/bash
# scripts/bench --stacks (issue 28: call stacks on the task switches and
# wakeups against LTTng's callstack contexts and perf record -g), without a
# guest: --raw renders results laid out as the guest writes them
# (raw-stacks/results.csv, configs, the traces of each run): LTT traces
# from gen-trace, perf's runs read by a stand-in perf on PATH that prints
# what `perf report --stats` of perf 6.1 prints.  Cost per stacked event =
# (time - untraced time) / stacked events; the stacks' own cost = (time -
# the same tracer's time without stacks) / stacked events.  LTTng left
# out of the configurations: the section says it did not run and the
# target is not judged.
. "$(dirname "$0")/../lib/tap.sh"
bail_out() { echo "Bail out! $*"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
GEN=tracevisualizer/build/utest/gen-trace
[ -x "$GEN" ] || make -s -C tracevisualizer build/utest/gen-trace > /dev/null 2>&1
[ -x "$GEN" ] || bail_out "$GEN not built (make -C tracevisualizer tools)"
[ -x tracevisualizer/tracevisualizer ] || bail_out "tracevisualizer not built"

scripts/bench --help | grep -q -- '--stacks'
ok $? "--help lists --stacks"

# a trace of 5 events (start, 3 task switches, a wakeup), with the stack
# records of two switch-outs and the wakeup when $2 = stacks
trace() {
	{
		echo "header format=1.8 stacks=schedchange,wakeup end=1000001000"
		echo "proc PID: 5; PPID: 1; TGID: 5; NAME: a"
		echo "proc PID: 6; PPID: 1; TGID: 6; NAME: b"
		echo "buf cpu=0 start=1000000000 pid=5"
		echo "1000000000 start 5 0"
		echo "1000000100 sched 5 6 1"
		[ "$2" = stacks ] && echo "1000000100 stack 5 schedchange 0 2 2 0xffffffff81000010 0xffffffff81000020 0x401000 0x402000"
		echo "1000000300 wakeup 5 0 0"
		[ "$2" = stacks ] && echo "1000000300 stack 6 wakeup 0 1 1 0xffffffff81000050 0x406000"
		echo "1000000400 sched 6 5 1"
		[ "$2" = stacks ] && echo "1000000400 stack 6 schedchange 0 1 1 0xffffffff81000040 0x405000"
		echo "1000000500 sched 5 6 1"
	} | "$GEN" "$1" > /dev/null 2>&1
}
# what the stand-in perf prints for a perf.data holding "SAMPLES LOST1 LOST2"
mkdir -p "$tmp/bin"
cat > "$tmp/bin/perf" <<'PERF'
#!/bin/sh
# perf script -i F -F ip: the call chains of SAMPLES samples, each of
# two kernel frames and one user frame
if [ "$1" = script ] && [ "$2" = -i ] && [ "$4 $5" = "-F ip" ]; then
	set -- $(cat "$3")
	while [ "$1" -gt 0 ]; do
		printf '\n\tffffffff8105d043\n\tffffffff814000af\n\t           f838f\n'
		set -- $(($1 - 1))
	done
	exit 0
fi
[ "$1" = report ] && [ "$2" = -i ] && [ "$4" = --stats ] || exit 2
set -- $(cat "$3")
printf '\nAggregated stats:\n           TOTAL events:       1178\n'
printf '            LOST events:          2  ( 0.1%%)\n'
printf '          SAMPLE events:     %7d  (34.4%%)\n' "$1"
printf '    LOST_SAMPLES events:          1  ( 0.0%%)\n'
printf 'sched:sched_switch stats:\n          SAMPLE events:        1\n'
printf '    LOST_SAMPLES events:     %7d\n' "$2"
printf 'sched:sched_wakeup stats:\n          SAMPLE events:        1\n'
printf '    LOST_SAMPLES events:     %7d\n' "$3"
PERF
chmod +x "$tmp/bin/perf"

# raw DIR: one repetition; times: untraced 10 ms, ltt 12, ltt-stacks 16,
# perf 11, perf-g 18 (with PERF_G_STATUS)
raw() {
	local r=$tmp/$1/raw-stacks
	mkdir -p "$r/tr"
	echo "untraced ltt ltt-stacks perf perf-g" > "$r/configs"
	{
		echo cfg,rep,wall_ns,user_ns,sys_ns,status,run_status
		echo untraced,1,10000000,0,0,0,0
		echo ltt,1,12000000,0,0,0,0
		echo ltt-stacks,1,16000000,0,0,0,0
		echo perf,1,11000000,0,0,0,0
		echo "perf-g,1,18000000,0,0,0,$2"
	} > "$r/results.csv"
	trace "$r/tr/ltt-1" none || return 1
	trace "$r/tr/ltt-stacks-1" stacks || return 1
	mkdir -p "$r/tr/perf-1" "$r/tr/perf-g-1"
	echo "8 0 0" > "$r/tr/perf-1/perf.data"
	echo "8 3 1" > "$r/tr/perf-g-1/perf.data"
	echo done > "$r/done"
}
raw good 0 || bail_out "gen-trace failed"
printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
PATH=$tmp/bin:$PATH scripts/bench --stacks --smoke --raw "$tmp/good" --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench --stacks --raw renders complete results"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
# ltt-stacks: (16 - 10) ms / 3 stacks = 2000000 ns, own (16 - 12) / 3;
# per event (16 - 10) ms / 5 events = 1200000
grep -q '^| ltt-stacks | 1 | 16.0 | 0.0 | 5 | 3 | 0 | [0-9]* | 1.3 / 1.3 | 1200000 | 2000000 | 1333333 | 2000000; 1333333 |$' "$tmp/bm.md"
ok $? "ltt-stacks' row: 5 events, 3 stacked of 4 kernel and 4 user frames, 2000000 ns per stacked event, 1333333 of them the stacks'"
grep -q '^| ltt | 1 | 12.0 | 0.0 | 5 | 0 | 0 | [0-9]* | — | 400000 | — | — | — |$' "$tmp/bm.md"
ok $? "ltt's row: no stacks, 400000 ns per event"
# perf-g: (18 - 10) ms / 8 samples = 1000000, own (18 - 11) / 8 = 875000;
# lost: 3 + 1 of the events' own stats, not the aggregated line's records
grep -q '^| perf-g | 1 | 18.0 | 0.0 | 8 | 8 | 4 | [0-9]* | 2.0 / 1.0 | 1000000 | 1000000 | 875000 | 1000000; 875000 |$' "$tmp/bm.md"
ok $? "perf-g's row: 8 samples all stacked, 2 kernel and 1 user frames each (perf script), 4 lost (the events' LOST_SAMPLES)"
grep -q 'cost per stacked event lttng-stacks —; perf-g 2.00; the stacks.* own cost per stacked event lttng-stacks —; perf-g 1.52' "$tmp/bm.md"
ok $? "ratios ours / perf -g: 2.00 per stacked event, 1.52 the stacks' own"
grep -q 'Did not run.*lttng, lttng-stacks' "$tmp/bm.md" && grep -q 'Target (issue 28): .*not judged' "$tmp/bm.md"
ok $? "LTTng not run: said, and the target not judged"
awk '/bench-stackcost:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section comes before the targets"
PATH=$tmp/bin:$PATH scripts/bench --stacks --smoke --raw "$tmp/good" --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-stackcost:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a re-run replaces the section once, the rest kept"

# perf record exited non-zero in a run: exit status 1, the failure said
raw failed 1 || bail_out "gen-trace failed"
PATH=$tmp/bin:$PATH scripts/bench --stacks --smoke --raw "$tmp/failed" --out "$tmp/bm2.md" > "$tmp/out2" 2>&1
is "$?" 1 "a failed run: exit status 1"
grep -q '^\*\*1 runs failed\*\*' "$tmp/bm2.md"
ok $? "... and the report says so"
done_testing
