#!/bin/bash
# The device on its own, from user space: ioctl ABI and its errors, open
# rules, a full trace read to EOF with the format validated record by
# record, loss accounting with tiny buffers, random ioctls, close while
# tracing.  ltt-modtest prints TAP; this passes its results through.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 600 'ltt-modtest --fuzz 1000 > /mnt/share/tap.txt'
rc=$?
while IFS= read -r line; do
	case "$line" in
	"ok "*) ok 0 "${line#ok [0-9]* - }" ;;
	"not ok "*) ok 1 "${line#not ok [0-9]* - }" ;;
	"#"*) echo "$line" ;;
	esac
done < "$share/tap.txt"
is "$rc" "0" "ltt-modtest exited 0 and the guest kernel log is clean"
done_testing
