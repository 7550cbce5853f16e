#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# mmap-symbols.t - the user addresses of code mapped while tracing are
# named from the trace's own mmap records (format 1.14, LTT_EV_MMAP,
# issue 28; docs/stacks.md "Mappings made while tracing"): a hand-built
# trace where process 7 (in the START snapshot without the library)
# maps /lib/libapp.so's code, is sampled in it, forks 8, unmaps it and is
# sampled at the same address again; 8 is sampled in the library (its
# parent's mapping at the fork), then execs and is sampled there again.
# The library is built here and read through --symfs.  Each sample is
# named exactly as the records say at its time (lib_leaf, lib_work) or
# [unknown] (before the map, after the unmap, after the exec), by
# "stacks --kind cpu" and by "symbolize --at"; dump shows the records;
# a damaged record (kind 9, no length) is skipped with one warning.
# Without the mmap records (the same trace, the records left out) every
# one of those samples is [unknown]: the snapshots never held the
# library.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=$TOP/tracevisualizer/build/tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
make -s -C "$TOP/tracevisualizer" build/tracevisualizer build/utest/gen-trace >"$tmp/build.log" 2>&1
ok $? "tracevisualizer and gen-trace build" || sed 's/^/# /' "$tmp/build.log" | tail -20

cat >"$tmp/lib.c" <<'C'
volatile int sink;
__attribute__((noinline)) void lib_leaf(void) { int i; for (i = 0; i < 9; i++) sink += i; }
__attribute__((noinline)) void lib_work(void) { int i; for (i = 0; i < 9; i++) sink += i; lib_leaf(); }
C
mkdir -p "$tmp/root/lib"
cc -O0 -fPIC -shared -o "$tmp/root/lib/libapp.so" "$tmp/lib.c"
ok $? "the library builds"
# its code segment, mapped as ld.so maps it at base B
read -r off vaddr < <(readelf -lW "$tmp/root/lib/libapp.so" | awk '$1 == "LOAD" && / R E / { print $2, $3; exit }')
B=$((0x7f1200000000))
start=$(printf '0x%x' $((B + (vaddr & ~0xfff))))
pgoff=$(printf '0x%x' $((off & ~0xfff)))
a() { printf '0x%x' $((B + 0x$(nm "$tmp/root/lib/libapp.so" | awk -v f="$1" '$3 == f { print $1 }') + ${2:-0})); }
leaf=$(a lib_leaf 4); work=$(a lib_work)
diag "code at $start (file offset $pgoff): lib_leaf+0x4 $leaf, lib_work $work"

mk() {	# $1 folder, $2: 1 with the mmap records
	local m='#'
	[ "$2" = 1 ] && m=
	$gen "$1" <<DESC
header format=1.14 samplehz=1000 end=1000010000
proc PID: 7; PPID: 1; TGID: 7; NAME: app
buf cpu=0 start=1000000000 pid=7
1000000000 start 7 0
1000000100 sample 7 $leaf 1
$m 1000000150 mmap 7 9 $start 0x1000 0 0 1
$m 1000000160 mmap 7 map $start 0 0 0 1 /lib/other.so
$m 1000000200 mmap 7 map $start 0x1000 $pgoff 0 1 /lib/libapp.so
1000000300 sample 7 $leaf 1
1000000400 fork 7 8 8 0
$m 1000000500 mmap 7 unmap $start 0x1000 0 0 1
1000000600 sample 7 $leaf 1
1000000700 sample 8 $work 1
$m 1000000800 mmap 8 exec 0 0 0 0 0
1000000900 exec 8 /bin/other
1000000950 sample 8 $work 1
DESC
	cat >"$1/maps" <<M
# LTT maps 1: the executable mappings of each process at START and at STOP (docs/stacks.md)
@START 1000000000
pid 7 app
00400000-00401000 r-xp 00000000 08:01 9 /bin/app
@STOP 1000010000
M
}
mk "$tmp/t" 1
ok $? "gen-trace writes a 1.14 trace with mmap records"
mk "$tmp/old" 0
ok $? "the same trace without them"

$tv dump --type mmap "$tmp/t" >"$tmp/dump.txt" 2>&1
ok $? "dump --type mmap"
has() { grep -qF -- "$2" "$1"; ok $? "$3"; }
has "$tmp/dump.txt" "map pid=7 start=$start len=0x1000 pgoff=$pgoff ino=0 dev=0x0 exec /lib/libapp.so" \
	"  the map record, with its path"
has "$tmp/dump.txt" "unmap pid=7 start=$start len=0x1000" "  the unmap record"
has "$tmp/dump.txt" "exec pid=8 start=0x0 len=0x0" "  the exec record"

# the samples, named by what the records say at their times
for p in 7 8; do
	$tv stacks --kind cpu --pid $p --symfs "$tmp/root" "$tmp/t" >"$tmp/cpu$p.txt" 2>"$tmp/cpu$p.err"
	ok $? "stacks --kind cpu --pid $p --symfs" || sed 's/^/# /' "$tmp/cpu$p.err"
	$tv stacks --kind cpu --pid $p --symfs "$tmp/root" "$tmp/old" >"$tmp/old$p.txt" 2>"$tmp/old$p.err"
	ok $? "  and on the trace without mmap records" || sed 's/^/# /' "$tmp/old$p.err"
done
is "$(sort "$tmp/cpu7.txt" | tr '\n' ' ')" "[unknown] 2 lib_leaf+0x4 1 " \
	"7: one sample named lib_leaf+0x4 (mapped), two [unknown] (before the map, after the unmap)"
is "$(sort "$tmp/cpu8.txt" | tr '\n' ' ')" "[unknown] 1 lib_work+0x0 1 " \
	"8: lib_work+0x0 after the fork (its parent's mapping), [unknown] after its exec"
is "$(sort "$tmp/old7.txt" "$tmp/old8.txt" | tr '\n' ' ')" "[unknown] 2 [unknown] 3 " \
	"without the records: all [unknown] (no snapshot holds the library)"
is "$(grep -c 'mmap records not understood' "$tmp/cpu7.err")" 1 \
	"the damaged record (kind 9) said once: $(grep -m1 'mmap records' "$tmp/cpu7.err")"

# symbolize --at: the same answers at the samples' times (s from the trace's start)
sym() { $tv symbolize --pid "$1" --at "$2" --symfs "$tmp/root" "$tmp/t" "$3" 2>/dev/null | cut -d' ' -f2; }
is "$(sym 7 0.000000100 $leaf)" "[unknown]" "symbolize --at before the map: [unknown]"
is "$(sym 7 0.000000300 $leaf)" "lib_leaf+0x4" "symbolize --at while mapped: lib_leaf+0x4"
is "$(sym 7 0.000000600 $leaf)" "[unknown]" "symbolize --at after the unmap: [unknown]"
is "$(sym 8 0.000000700 $work)" "lib_work+0x0" "symbolize --at in the child: lib_work+0x0"
is "$(sym 8 0.000000950 $work)" "[unknown]" "symbolize --at after the child's exec: [unknown]"
is "$(sym 7 0.000000300 0x400010)" "$($tv symbolize --pid 7 --symfs "$tmp/root" "$tmp/t" 0x400010 2>/dev/null | cut -d' ' -f2)" \
	"an address the records say nothing of: the snapshot's answer, as without --at"
$tv check "$tmp/t" >"$tmp/check.txt" 2>&1
ok $? "check passes on the trace with mmap records" || sed 's/^/# /' "$tmp/check.txt" | tail
done_testing
