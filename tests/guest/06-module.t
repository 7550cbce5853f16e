#!/bin/bash
# The device on its own, from user space: ioctl ABI and its errors, open
# rules, a full trace read to EOF with the format validated record by
# record, loss accounting with tiny buffers, random ioctls, close while
# tracing.  ltt-modtest prints TAP; this passes its results through.
# Then the module parameters: a geometry over half of the RAM is refused
# at load as SET_BUFFERS refuses it, and so is a syscall IP scan bound
# beyond the ABI's 4096 words.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 600 'ltt-modtest --fuzz 1000 > /mnt/share/tap.txt
echo $? > /mnt/share/modtest.rc
rmmod ltt_tracer
insmod /lib/modules/ltt_tracer.ko buffer_size=16777216 buffer_count=256 2> /mnt/share/huge.err
echo $? > /mnt/share/huge.rc
insmod /lib/modules/ltt_tracer.ko sip_scan_max=4097 2> /mnt/share/sip.err
echo $? > /mnt/share/sip.rc
insmod /lib/modules/ltt_tracer.ko sip_scan_max=4096 && rmmod ltt_tracer && echo ok > /mnt/share/sipmax.txt
insmod /lib/modules/ltt_tracer.ko
dmesg | grep ltt_tracer: > /mnt/share/dmesg.txt'
rc=$?
tap_through "$share/tap.txt"
is "$(cat "$share/modtest.rc")" "0" "ltt-modtest exited 0"
is "$rc" "0" "the guest ran to its end and its kernel log is clean"
[ "$(cat "$share/huge.rc")" != 0 ] && grep -q 'Cannot allocate memory' "$share/huge.err" &&
	grep -q 'buffer_size=16777216 x buffer_count=256 x [0-9]* CPUs is more than half of the RAM' "$share/dmesg.txt"
ok $? "insmod buffer_size=16 MiB buffer_count=256: refused (ENOMEM), the kernel log says why"
[ "$(cat "$share/sip.rc")" != 0 ] && grep -q 'Invalid argument' "$share/sip.err" &&
	grep -q 'invalid sip_scan_max=4097 (1..4096)' "$share/dmesg.txt"
ok $? "insmod sip_scan_max=4097: refused (EINVAL)"
is "$(cat "$share/sipmax.txt" 2>/dev/null)" "ok" "insmod sip_scan_max=4096: loads"
done_testing
