#!/bin/bash
# The facility and the module under the kernel's own checkers: on a kernel
# with lockdep, RCU and atomic-sleep checks, debug objects and kmemleak,
# run the device test with 1000 random ioctls, a full trace of forks and
# syscalls, and five unload/load/trace cycles.  The kernel log must stay
# free of any lockdep report, WARNING or BUG (ltt-vm fails with 126
# otherwise), and kmemleak must find nothing allocated by the tracer.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

scripts/ltt-vm --kernel debug --share "$share" --timeout 1200 --log "$share/console.log" -- '
ltt-modtest --fuzz 1000 > /mnt/share/modtest.txt; echo $? > /mnt/share/modtest.rc
traced -q -o /tmp/t -- sh -c "ltt-forktree 30 /tmp/tree; ltt-getppid 20000 > /dev/null; ltt-syscall-mix 100 > /dev/null"
echo $? > /mnt/share/traced.rc
i=0
while [ $i -lt 5 ]; do
	rmmod ltt_tracer && insmod /lib/modules/ltt_tracer.ko buffer_size=65536 buffer_count=4 &&
		traced -q -o /tmp/c$i -- ltt-getppid 5000 > /dev/null && echo cycle-ok
	i=$((i + 1))
done > /mnt/share/cycles.txt
rmmod ltt_tracer; echo $? > /mnt/share/rmmod.rc
echo scan > /sys/kernel/debug/kmemleak && sleep 1 &&
	echo scan > /sys/kernel/debug/kmemleak && echo ok > /mnt/share/scan.txt
cat /sys/kernel/debug/kmemleak > /mnt/share/kmemleak.txt
dmesg > /mnt/share/dmesg.txt
grep -c . /proc/lockdep_stats > /mnt/share/lockdep.txt'
is "$?" "0" "debug guest ran with no lockdep report, WARNING, BUG or oops"
is "$(cat "$share/modtest.rc" 2>/dev/null)" "0" "ltt-modtest (ABI, errors, full trace, 1000 random ioctls) passed"
grep '^not ok' "$share/modtest.txt" | while read -r l; do diag "$l"; done
is "$(cat "$share/traced.rc" 2>/dev/null)" "0" "a full trace of forks and syscalls"
is "$(grep -c cycle-ok "$share/cycles.txt" 2>/dev/null)" "5" "five rmmod/insmod/trace cycles"
is "$(cat "$share/rmmod.rc" 2>/dev/null)" "0" "the module unloads at the end"
ok "$([ -s "$share/lockdep.txt" ] && echo 0 || echo 1)" "lockdep was active (/proc/lockdep_stats present)"
grep -q 'kmemleak: Kernel memory leak detector initialized' "$share/dmesg.txt" &&
	[ "$(cat "$share/scan.txt" 2>/dev/null)" = ok ]
ok $? "kmemleak was active and scanned"
if grep -q 'ltt' "$share/kmemleak.txt" 2>/dev/null; then
	ok 1 "kmemleak finds no leak from the facility or the module"
	diag "$(grep -B3 -A12 'ltt' "$share/kmemleak.txt" | head -40)"
else
	ok 0 "kmemleak finds no leak from the facility or the module"
fi
done_testing
