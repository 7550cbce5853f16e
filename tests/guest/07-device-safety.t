#!/bin/bash
# The device refuses non-root users; 1000 random ioctls with random
# arguments leave no oops, BUG or WARNING (ltt-vm fails with status 126 if
# the kernel log holds one); the module cannot be removed while a trace
# runs, and can be removed and loaded again afterwards.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 600 '
chmod 666 /dev/tracer; ltt-open-as 65534 > /mnt/share/nonroot.txt; echo $? > /mnt/share/nonroot.rc; chmod 600 /dev/tracer
ltt-ioctl-fuzz 500 1 > /mnt/share/fuzz1.txt; echo $? > /mnt/share/fuzz1.rc
ltt-ioctl-fuzz 500 777 > /mnt/share/fuzz2.txt; echo $? > /mnt/share/fuzz2.rc
traced -q -o /tmp/t -- sh -c "rmmod ltt_tracer; echo \$? > /mnt/share/rmmod-busy.rc; traced -q -o /tmp/t2 -t 1; echo \$? > /mnt/share/second.rc"
echo $? > /mnt/share/traced.rc
rmmod ltt_tracer; echo $? > /mnt/share/rmmod.rc
insmod /lib/modules/ltt_tracer.ko; echo $? > /mnt/share/insmod.rc
traced -q -o /tmp/t3 -- true; echo $? > /mnt/share/after.rc
dmesg > /mnt/share/dmesg.txt'
is "$?" "0" "guest ran with no oops, BUG or WARNING in its kernel log"
is "$(cat "$share/nonroot.rc")" "0" "a non-root process cannot open /dev/tracer, even with the file mode 0666 (EPERM)"
diag "$(cat "$share/nonroot.txt")"
is "$(cat "$share/fuzz1.rc")/$(cat "$share/fuzz2.rc")" "0/0" "1000 random ioctls ran to the end"
diag "$(cat "$share/fuzz1.txt")" "$(cat "$share/fuzz2.txt")"
grep -Eq 'Oops|BUG:|WARNING:|Call Trace' "$share/dmesg.txt"
ok $((! $?)) "dmesg is clean after the fuzzing"
is "$(cat "$share/traced.rc")" "0" "a trace ran after the fuzzing"
ok "$([ "$(cat "$share/rmmod-busy.rc")" != 0 ] && echo 0 || echo 1)" "rmmod is refused while a trace runs"
ok "$([ "$(cat "$share/second.rc")" != 0 ] && echo 0 || echo 1)" "a second daemon cannot open the busy device"
is "$(cat "$share/rmmod.rc")" "0" "rmmod works once the trace is over"
is "$(cat "$share/insmod.rc")" "0" "the module loads again"
is "$(cat "$share/after.rc")" "0" "and traces again"
done_testing
