#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# block-stacks.t - explain and critical-path show, at each blocked step,
# the stack of the blocked task (the off-CPU stack of its switch-out) and
# of its waker (the wakeup stack), named as "stacks" names them (issue 28,
# docs/stacks.md "At each blocked step").  A hand-built 1.8 trace: server
# 5 blocks in main;serve;wait_request;do_read (kernel pipe_read, schedule),
# notifier 6 wakes it from main;notify;do_write (pipe_write,
# try_to_wake_up); 5 blocks again, with no stack record.  The kernel frames are
# named through a kallsyms in the trace directory, the user ones through a
# program built here, read under --symfs (its path in the maps, /bin/app,
# is not this machine's): exactly, in text and --json, and the same
# strings as "stacks --kind offcpu|wakeup"; without --symfs the user frames
# are [unknown] and a warning says why; a --symfs that does not exist is an
# error; a trace without stacks prints no stack and no warning.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=$TOP/tracevisualizer/build/tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
make -s -C "$TOP/tracevisualizer" build/tracevisualizer build/utest/gen-trace >"$tmp/build.log" 2>&1
ok $? "tracevisualizer and gen-trace build" || sed 's/^/# /' "$tmp/build.log" | tail -20

. "$TOP/tests/lib/stacktrace.sh"

# critical-path: the block of 5 is followed to 6; its step shows both stacks
$tv critical-path --pid 5 --symfs "$tmp/root" "$tmp/t" >"$tmp/cp.txt" 2>"$tmp/cp.err"
ok $? "critical-path --pid 5 --symfs" || sed 's/^/# /' "$tmp/cp.err"
is "$(grep -c 'stack of' "$tmp/cp.txt")" 2 "one block with stacks on the path (5's last has none): two stack lines"
is "$(grep 'stack of 5' "$tmp/cp.txt" | sed 's/^ *//')" \
	"stack of 5 server blocking at 0.000000100 s: $blocked" "the blocked task's stack, named"
is "$(grep 'stack of its waker' "$tmp/cp.txt" | sed 's/^ *//')" \
	"stack of its waker 6 notifier at 0.000000300 s: $waker" "its waker's stack, named"
is "$(cat "$tmp/cp.err")" "" "nothing on stderr"
$tv critical-path --pid 5 --symfs "$tmp/root" --json "$tmp/t" >"$tmp/cp.json"
is "$(json "$tmp/cp.json" "[(s['pid'], s['block_ns'], s['segment'], s['followed'], (s['waker'] or {}).get('pid'), s['blocked_stack'] and ';'.join(s['blocked_stack']), s['waker_stack'] and ';'.join(s['waker_stack'])) for s in j['critical_path']['steps']]")" \
	"[[5, 1000000100, 1, true, 6, \"$blocked\", \"$waker\"], [5, 1000000600, 4, false, null, null, null]]" \
	"--json: the steps (5's block followed to 6; its last, to the end, without a stack), their switch-outs, wakers and stacks"

# explain --at in the block
$tv explain --pid 5 --at 0.0000002 --symfs "$tmp/root" "$tmp/t" >"$tmp/ex.txt" 2>"$tmp/ex.err"
ok $? "explain --pid 5 --at 0.0000002 --symfs" || sed 's/^/# /' "$tmp/ex.err"
ok $(grep -qxF "  stack of 5 server blocking at 0.000000100 s: $blocked" "$tmp/ex.txt" &&
	grep -qxF "  stack of its waker 6 notifier at 0.000000300 s: $waker" "$tmp/ex.txt"; echo $?) \
	"explain: the stacks of the block and of its waker"
$tv explain --pid 5 --at 0.0000002 --symfs "$tmp/root" --json "$tmp/t" >"$tmp/ex.json"
is "$(json "$tmp/ex.json" "[';'.join(j['explain']['blocked_stack']), ';'.join(j['explain']['waker_stack'])]")" \
	"[\"$blocked\", \"$waker\"]" "explain --json: blocked_stack and waker_stack"

# the same names as the stacks command gives
$tv stacks --kind offcpu --pid 5 --symfs "$tmp/root" "$tmp/t" >"$tmp/off.txt" 2>/dev/null
$tv stacks --kind wakeup --pid 6 --symfs "$tmp/root" "$tmp/t" >"$tmp/wk.txt" 2>/dev/null
is "$(cut -d' ' -f1 "$tmp/off.txt" | grep -v '^\[no'):$(cut -d' ' -f1 "$tmp/wk.txt")" "$blocked:$waker" \
	"the stacks command folds the same strings"

# --addresses: the frames in hex, as stacks --addresses
$tv critical-path --pid 5 --addresses "$tmp/t" >"$tmp/cpa.txt" 2>&1
is "$(grep 'stack of 5' "$tmp/cpa.txt" | sed 's/.*: //')" \
	"$(a main);$(a serve);$(a wait_request);$(a do_read);0xffffffff81000220;0xffffffff81000010" \
	"--addresses: the frames' addresses, root first"

# without --symfs: /bin/app is not this machine's program
$tv critical-path --pid 5 "$tmp/t" >"$tmp/cpn.txt" 2>"$tmp/cpn.err"
ok $? "critical-path without --symfs"
is "$(grep 'stack of 5' "$tmp/cpn.txt" | sed 's/.*: //')" \
	"[unknown];[unknown];[unknown];[unknown];pipe_read+0x20;schedule+0x10" \
	"without --symfs: the user frames are [unknown], the kernel ones named"
ok $(grep -q 'warning: .*/bin/app' "$tmp/cpn.err"; echo $?) "and a warning names the file" ||
	sed 's/^/# /' "$tmp/cpn.err"

# a --symfs that does not exist
$tv critical-path --pid 5 --symfs "$tmp/no/such" "$tmp/t" >"$tmp/bad.txt" 2>"$tmp/bad.err"
is "$?:$(wc -c <"$tmp/bad.txt")" "1:0" "--symfs that does not exist: status 1, nothing printed"
ok $(grep -q -- "--symfs $tmp/no/such: No such file or directory" "$tmp/bad.err"; echo $?) "and said" ||
	sed 's/^/# /' "$tmp/bad.err"

# a trace with stacks but no symbol files: the warning that its frames
# are addresses comes only with a stack shown
cp -r "$tmp/t" "$tmp/nosyms" && rm "$tmp/nosyms/kallsyms" "$tmp/nosyms/modules" "$tmp/nosyms/maps"
nowarn="warning: $tmp/nosyms has no symbol files"
$tv latency --explain --kind wakeup "$tmp/nosyms" >"$tmp/lw.txt" 2>"$tmp/lw.err"
is "$?:$(grep -c 'stack of' "$tmp/lw.txt"):$(grep -c "$nowarn" "$tmp/lw.err")" "0:0:0" \
	"latency --explain whose explanations show no block with a stack (5's wakeup latency): no warning about symbols" ||
	sed 's/^/# /' "$tmp/lw.err"
$tv critical-path --pid 5 "$tmp/nosyms" >"$tmp/cpw.txt" 2>"$tmp/cpw.err"
is "$(grep -c 'stack of' "$tmp/cpw.txt"):$(grep -c "$nowarn" "$tmp/cpw.err")" "2:1" \
	"critical-path showing stacks of the trace without symbol files: the warning, once"
$tv explain --pid 5 --at 0.0000002 "$tmp/nosyms" >"$tmp/exw.txt" 2>"$tmp/exw.err"
is "$(grep -c 'stack of' "$tmp/exw.txt"):$(grep -c "$nowarn" "$tmp/exw.err")" "2:1" \
	"explain showing the block's stacks: the warning, once"
$tv explain --pid 5 --at 0.0000008 "$tmp/nosyms" >"$tmp/exn.txt" 2>"$tmp/exn.err"
is "$(grep -c 'stack of' "$tmp/exn.txt"):$(grep -c "$nowarn" "$tmp/exn.err")" "0:0" \
	"explain of 5's last block, which has no stack record: no stack, no warning"

# a trace without stacks: nothing about stacks, no warning, no error
$tv critical-path --pid 5 "$tmp/nostacks" >"$tmp/ns.txt" 2>"$tmp/ns.err"
is "$?:$(grep -c 'stack of' "$tmp/ns.txt"):$(wc -c <"$tmp/ns.err")" "0:0:0" \
	"critical-path of a trace without stacks: no stack line, nothing on stderr"
$tv explain --pid 5 --at 0.0000002 "$tmp/nostacks" >"$tmp/nse.txt" 2>"$tmp/nse.err"
is "$?:$(grep -c 'stack of' "$tmp/nse.txt"):$(wc -c <"$tmp/nse.err")" "0:0:0" \
	"explain of a trace without stacks: no stack line, nothing on stderr"
$tv critical-path --pid 5 --json "$tmp/nostacks" >"$tmp/ns.json"
is "$(json "$tmp/ns.json" "[(s['blocked_stack'], s['waker_stack']) for s in j['critical_path']['steps']]")" \
	"[[null, null], [null, null]]" "--json of a trace without stacks: the stacks are null"
done_testing
