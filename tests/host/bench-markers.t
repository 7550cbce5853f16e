#!/bin/bash
# scripts/bench --markers (issue 34: a marker with tracing on costs at most
# our syscall events per marker), without a guest: --raw renders results
# laid out as the guest writes them (raw-markers/results.csv, the traces of
# the traced runs: here synthetic ones from gen-big).  The instructions per
# getppid call and per marker are the added guest time / 8 ns (icount)
# divided by the calls or the markers; a run whose markers were refused or
# lost has its figure refused, the target not judged and the exit status 1.
# The section is written before the targets, replaced once on a re-run.
. "$(dirname "$0")/../lib/tap.sh"
bail_out() { echo "Bail out! $*"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
GEN=tracevisualizer/build/utest/gen-big
[ -x "$GEN" ] || make -s -C tracevisualizer build/utest/gen-big > /dev/null 2>&1
[ -x "$GEN" ] || bail_out "$GEN not built (make -C tracevisualizer tools)"

scripts/bench --help | grep -q -- '--markers'
ok $? "--help lists --markers"

# raw DIR MARKER_STATUS MARKER_OUT: one repetition of --smoke's sizes
# (getppid 2000 calls, 500 jobs = 2000 markers)
raw() {
	local r=$tmp/$1/raw-markers c w
	mkdir -p "$r/tr"
	{
		echo cfg,workload,rep,wall_ns,user_ns,sys_ns,status,out
		echo off,getppid,1,10000000,0,0,0,x
		echo off,markers,1,6000000,0,0,0,ok_500
		echo ltt,getppid,1,18000000,0,0,0,x
		echo "ltt,markers,1,22000000,0,0,$2,$3"
		echo marker,getppid,1,10000000,0,0,0,x
		echo marker,markers,1,14000000,0,0,0,ok_500
	} > "$r/results.csv"
	for c in ltt marker; do
		for w in getppid markers; do
			"$GEN" -n 4000 -c 1 "$r/tr/$c-$w-1" > /dev/null 2>&1 || return 1
		done
	done
	echo done > "$r/done"
}
raw good 0 ok_500 || bail_out "gen-big failed"
printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench --markers --smoke --raw "$tmp/good" --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench --markers --raw renders complete results"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
# ltt: (18 - 10) ms / 2000 calls / 8 ns = 500; (22 - 6) ms / 2000 markers / 8 ns = 1000
grep -q '^| ltt | 500 | [0-9]* | 1000 | 0 | 1 |$' "$tmp/bm.md"
ok $? "ltt's row: 500 instructions per getppid call, 1000 per marker, none dropped"
grep -q '^| marker | 0 | — | 500 | 0 | 1 |$' "$tmp/bm.md"
ok $? "markers alone: 500 per marker"
grep -q '1000 instructions per marker under `ltt`.* against 500 per getppid call .*: not met (2.0×)' "$tmp/bm.md"
ok $? "the target is judged: not met when a marker costs twice a call's events"
awk '/bench-markers:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section comes before the targets"
scripts/bench --markers --smoke --raw "$tmp/good" --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-markers:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a re-run replaces the section once, the rest kept"

# the marker writer stopped at a refused marker (EAGAIN: exit 1, no "ok N")
raw refused 1 x || bail_out "gen-big failed"
scripts/bench --markers --smoke --raw "$tmp/refused" --out "$tmp/bm2.md" > "$tmp/out2" 2>&1
st=$?
is "$st" 1 "refused markers: exit status 1"
grep -q '^| ltt | 500 | [0-9]* | refused (markers dropped or a run failed) | 0 (+1 failed runs) | 1 |$' "$tmp/bm2.md"
ok $? "... the per-marker figure refused"
grep -q 'Target (issue 34): not judged' "$tmp/bm2.md"
ok $? "... and the target not judged"
done_testing
