#!/bin/bash
# scripts/bench --vitals (issue 29: the vital signs always on cost <= 1 %
# on the getppid loop and <= 0.5 % on the macro job, <= 256 KB of kernel
# memory a CPU, <= 16 MB of epoch files a day), without a guest: --raw
# renders results laid out as the guest writes them (raw-vitals/
# results.csv, and per vitals run its epoch files and traced's messages:
# here files of tests/lib/vitalsgen.py).  The overheads are the paired
# ratios of each repetition; the disk a day counts the whole epochs only
# (bytes over their length), the target's from the disk run (the macro
# job in a row under one daemon) without its first epoch; a failed run
# has its target not judged and the exit status 1.  The section is written before the targets, replaced
# once on a re-run.
. "$(dirname "$0")/../lib/tap.sh"
bail_out() { echo "Bail out! $*"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

scripts/bench --help | grep -q -- '--vitals'
ok $? "--help lists --vitals"

# raw DIR MACRO_STATUS: two repetitions
raw() {
	local r=$tmp/$1/raw-vitals i d
	mkdir -p "$r/v"
	{
		echo cfg,workload,rep,wall_ns,user_ns,sys_ns,status,traced_rc
		# getppid: untraced 100 ms, vitals 101 and 103 (+1 %, +3 %)
		echo untraced,getppid,1,100000000,0,0,0,0
		echo vitals,getppid,1,101000000,0,0,0,0
		echo vitals,getppid,2,103000000,0,0,0,0
		echo untraced,getppid,2,100000000,0,0,0,0
		# macro: untraced 1000 ms, vitals 1004 (+0.4 %)
		for i in 1 2; do
			echo untraced,macro,$i,1000000000,0,0,0,0
			echo vitals,macro,$i,1004000000,0,0,$2,0
		done
		echo vitals,disk,1,3000000000,0,0,0,0
	} > "$r/results.csv"
	for i in 1 2; do
		d=$r/v/vitals-getppid-$i; mkdir -p "$d"
		python3 tests/lib/vitalsgen.py --one "$d" 0 1003 partial || return 1
		echo "traced: vital signs: epochs of 60.000 s into /tmp/v, from epoch 0 (the collector's memory: 188416 bytes a CPU)" > "$d/v.err"
		d=$r/v/vitals-macro-$i; mkdir -p "$d"
		python3 tests/lib/vitalsgen.py --one "$d" 0 5000 || return 1
		python3 tests/lib/vitalsgen.py --one "$d" 1 1003 partial || return 1
		cp "$r/v/vitals-getppid-$i/v.err" "$d/"
	done
	# the disk run: a first epoch 10 times shorter (its bytes a ns 10 times
	# more), two whole ones, a partial one
	d=$r/v/vitals-disk-1; mkdir -p "$d"
	python3 -c "import sys; sys.path.insert(0, 'tests/lib'); from vitalsgen import epoch_file
open(sys.argv[1], 'wb').write(epoch_file(0, 9000, span=(0, 99)))" "$d/vitals-00000000.ltv" || return 1
	python3 tests/lib/vitalsgen.py --one "$d" 1 5000 || return 1
	python3 tests/lib/vitalsgen.py --one "$d" 2 4000 || return 1
	python3 tests/lib/vitalsgen.py --one "$d" 3 1003 partial || return 1
	cp "$r/v/vitals-getppid-1/v.err" "$d/"
	echo 0 60 0.5 0.7 > "$r/boot"
	echo done > "$r/done"
}
raw good 0 || bail_out "vitalsgen.py failed"
# the whole epoch: its bytes over its 999 ns, times a day
bytes=$(stat -c %s "$tmp/good/raw-vitals/v/vitals-macro-1/vitals-00000000.ltv")
day=$(python3 -c "print('%.1f' % ($bytes / 999 * 86400e9 / 1e6))")
# the disk run's: epochs 1 and 2, not the first
dd=$tmp/good/raw-vitals/v/vitals-disk-1
b1=$(stat -c %s "$dd/vitals-00000001.ltv") b2=$(stat -c %s "$dd/vitals-00000002.ltv") b0=$(stat -c %s "$dd/vitals-00000000.ltv")
dday=$(python3 -c "print('%.1f' % (($b1 + $b2) / (2 * 999) * 86400e9 / 1e6))")
all3=$(python3 -c "print('%.1f' % (($b0 + $b1 + $b2) / (100 + 2 * 999) * 86400e9 / 1e6))")
printf '# Benchmarks\n\n## Analysis speed\n\nx\n\n## Targets, something\n\ny\n' > "$tmp/bm.md"
scripts/bench --vitals --reps 2 --raw "$tmp/good" --out "$tmp/bm.md" > "$tmp/out" 2>&1
st=$?; ok $st "bench --vitals --raw renders complete results"; [ $st = 0 ] || diag "$(tail -20 "$tmp/out")"
grep -q '^| getppid | vitals | 102.0 | 2.0 | 101.0, 103.0 | 2 (0) | 6 | 0 |$' "$tmp/bm.md"
ok $? "getppid under vitals: median, spread, per-run times, its files (none whole), samples, dropped" ||
	diag "$(grep '^| getppid | vitals' "$tmp/bm.md")"
grep -q '^| getppid | +2.00 % | +1.00, +3.00 | — | — |$' "$tmp/bm.md"
ok $? "getppid: the overhead per repetition, no disk figure without a whole epoch"
grep -q "^| macro | +0.40 % | +0.40, +0.40 | $bytes | $day MB |\$" "$tmp/bm.md"
ok $? "macro: +0.40 %, a whole epoch's bytes ($bytes) and the disk a day ($day MB)"
grep -q '^| getppid loop ≤ 1 % | +2.00 % | \*\*not met\*\* |$' "$tmp/bm.md"
ok $? "getppid target: +2 % not met"
grep -q '^| macro job ≤ 0.5 % | +0.40 % | met |$' "$tmp/bm.md"
ok $? "macro target: +0.4 % met"
grep -q '^| kernel memory ≤ 256 KB a CPU | 184.0 KB | met |$' "$tmp/bm.md"
ok $? "kernel memory: traced's 188416 bytes a CPU, met"
grep -q "^| disk ≤ 16 MB a day (macro job, the disk run) | $dday MB | \*\*not met\*\* |\$" "$tmp/bm.md"
ok $? "disk a day judged on the disk run's whole epochs after the first ($dday MB; with the first $all3)" ||
	diag "$(grep '^| disk' "$tmp/bm.md")"
grep -q "the whole epochs' bytes $b0, $b1, $b2 (samples .*); a day = the whole epochs after the first" "$tmp/bm.md"
ok $? "... the disk run's epochs listed, the first apart"
awk '/bench-vitals:begin/{b=NR} /^## Targets/{t=NR} END{exit !(b && t && b < t)}' "$tmp/bm.md"
ok $? "the section comes before the targets"
scripts/bench --vitals --reps 2 --raw "$tmp/good" --out "$tmp/bm.md" > /dev/null 2>&1
[ "$(grep -c 'bench-vitals:begin' "$tmp/bm.md")" = 1 ] && grep -q '^x$' "$tmp/bm.md" && grep -q '^y$' "$tmp/bm.md"
ok $? "a re-run replaces the section once, the rest kept"

# a macro run under vitals failed (its workload's status 1)
raw failed 1 || bail_out "vitalsgen.py failed"
scripts/bench --vitals --reps 2 --raw "$tmp/failed" --out "$tmp/bm2.md" > "$tmp/out2" 2>&1
is "$?" 1 "a failed run: exit status 1"
grep -q '^| macro | vitals | 1004.0 | 0.0 | 1004.0, 1004.0 | 4 (2) | 12 | 0 | \*\*2 failed runs\*\*$' "$tmp/bm2.md"
ok $? "... the failed runs said"
grep -q '^| macro job ≤ 0.5 % | +0.40 % | not judged (failed runs) |$' "$tmp/bm2.md"
ok $? "... and the macro target not judged"
# --no-build boots the initramfs as it is: one older than the module
# (rebuilt without "make guest") is refused, said with the newer file,
# before any boot (a copy of the script in a tree of its own)
mkdir -p "$tmp/tree/scripts" "$tmp/tree/build" "$tmp/tree/trace-module" "$tmp/tree/traced"
cp scripts/bench "$tmp/tree/scripts/"
: > "$tmp/tree/build/initramfs.cpio"; : > "$tmp/tree/trace-module/ltt_tracer.ko"; : > "$tmp/tree/traced/traced"
touch -d '2026-01-01 00:00' "$tmp/tree/build/initramfs.cpio" "$tmp/tree/traced/traced"
"$tmp/tree/scripts/bench" --vitals --no-build --out "$tmp/tree/bm.md" > "$tmp/out3" 2>&1
st=$?
is "$st" 1 "--no-build with a module newer than the initramfs: refused (status 1)"
grep -q "^bench: --no-build, but the guest's initramfs is older than trace-module/ltt_tracer.ko: .*(make guest)" "$tmp/out3" &&
	! grep -q "traced/traced" "$tmp/out3" && [ ! -e "$tmp/tree/bm.md" ]
ok $? "... said with the newer file only, nothing written" || diag "$(cat "$tmp/out3")"
touch -d '2026-01-02 00:00' "$tmp/tree/build/initramfs.cpio"
touch -d '2026-01-01 00:00' "$tmp/tree/trace-module/ltt_tracer.ko"
"$tmp/tree/scripts/bench" --vitals --no-build --out "$tmp/tree/bm.md" > "$tmp/out4" 2>&1
! grep -q "initramfs is older" "$tmp/out4"
ok $? "an initramfs newer than its parts: not refused (the boot then fails in this bare tree)"
done_testing
