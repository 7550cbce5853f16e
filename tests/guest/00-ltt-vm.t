#!/bin/bash
# The VM bench itself: ltt-vm returns the command's exit status, kills a
# hung guest at the time limit with a clear message, shares a folder
# read-write, boots 2 CPUs with /dev/tracer present, counts instructions
# instead of time with --icount, and the kernel built with CONFIG_LTT_TRACE
# off boots too; a command given with arguments gets them as they are.
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

# --icount: guest time counts instructions, so the same work measures the
# same twice after a warm-up run (up to the little the kernel does
# differently in between: timer ticks, page cache)
scripts/ltt-vm --icount 3 -- true > "$share/out" 2>&1
is "$?" "2" "--icount without --cpus 1 is refused"
grep -q 'needs --cpus 1' "$share/out"
ok $? "with a clear message"
scripts/ltt-vm --cpus 1 --icount 3 --share "$share" --timeout 120 -- 'ltt-bench time -- ltt-bench getppid 20000 > /dev/null; for i in 1 2; do ltt-bench time -- ltt-bench getppid 20000 | cut -d" " -f1 >> /mnt/share/ic; done' > "$share/out" 2>&1
is "$?" "0" "a 1-CPU guest boots with --icount 3"
set -- $(cat "$share/ic" 2>/dev/null)
# (the benchmarks take the icount boot to decide differences of 10% and
# more: docs/benchmarks.md; 5% was once exceeded, 44.6 against 42.1 ms, in
# a clean-clone run while a fuzzer ran on the host at nice 19)
python3 -c 'import sys; a, b = map(int, sys.argv[1:3]); sys.exit(0 if a > 0 and abs(a - b) <= 0.10 * a else 1)' "${1:-0}" "${2:-1}"
ok $? "two timings of the same loop agree within 10% (${1:-?} and ${2:-?} ns)"

# COMMAND with ARGS: each word reaches the guest as it is (spaces, quotes,
# a $ and an empty word), not joined into one line
scripts/ltt-vm --kernel off --share "$share" --timeout 120 -- sh -c \
	'test ! -e /dev/tracer && uname -r > /mnt/share/off && printf "%s|" "$@" > "$1"' \
	_ "/mnt/share/a r g s" "it's" '$HOME' 'a"b' '' > "$share/out" 2>&1
is "$?" "0" "the kernel built with CONFIG_LTT_TRACE off boots"
is "$(cat "$share/a r g s" 2>/dev/null)" "/mnt/share/a r g s|it's|\$HOME|a\"b||" \
	"-- COMMAND ARGS...: every argument passed through as it is"
done_testing
