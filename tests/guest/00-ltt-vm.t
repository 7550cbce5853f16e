#!/bin/bash
# The VM bench itself: ltt-vm returns the command's exit status, kills a
# hung guest at the time limit with a clear message, shares a folder
# read-write, boots 2 CPUs with /dev/tracer present, and the kernel built
# with CONFIG_LTT_TRACE off boots too.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

scripts/ltt-vm --timeout 120 -- 'exit 3' > "$share/out" 2>&1
is "$?" "3" "the command's exit status comes back"

scripts/ltt-vm --timeout 20 -- 'sleep 1000' > "$share/out" 2>&1
is "$?" "124" "a hung guest is killed at the time limit"
grep -q 'did not finish within 20 s' "$share/out"
ok $? "with a clear message"

echo hello > "$share/in"
scripts/ltt-vm --share "$share" --timeout 120 -- 'cat /mnt/share/in > /mnt/share/out2 && grep -c ^processor /proc/cpuinfo > /mnt/share/ncpu && test -c /dev/tracer && command -v traced' > "$share/out" 2>&1
is "$?" "0" "the share is mounted, /dev/tracer exists and traced is on PATH"
is "$(cat "$share/out2" 2>/dev/null)" "hello" "the share is readable and writable"
is "$(cat "$share/ncpu" 2>/dev/null)" "2" "the guest has 2 CPUs"

scripts/ltt-vm --kernel off --share "$share" --timeout 120 -- 'test ! -e /dev/tracer && uname -r > /mnt/share/off' > "$share/out" 2>&1
is "$?" "0" "the kernel built with CONFIG_LTT_TRACE off boots"
done_testing
