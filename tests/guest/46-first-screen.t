#!/bin/bash
# The first screen on a real trace of the demo's workload (issue 35): the
# guest runs `traced -- sh -c "ltt-pingpong 200 & ltt-syscall-mix 100 &
# ltt-forktree 6 /tmp/tree; wait"` with this tree's traced, whose format
# 1.9 header names the command (command_pid: sh, the process traced
# forked, read here with tests/lib/lttfmt.py); then, on the host,
# tests/lib/first-screen.sh's checks: graph --json's rows, the TUI's first
# screen (tmux) and the window's first rows (--screenshot --dump-cells, the
# demo's PNG) begin with the command's processes in tree order, then the
# busiest tasks, the idle kernel threads folded into one group row that
# i opens (TUI and window); P restores pid order; the window's first span
# is the command's run.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
share=$tmp/share
mkdir -p "$share"

vm_run "$share" 300 'traced -q -o /mnt/share/demo -- sh -c "ltt-pingpong 200 & ltt-syscall-mix 100 >/dev/null & ltt-forktree 6 /tmp/tree; wait"'
ok $? "the guest traced the demo's workload"
trace=$share/demo

# the header names the command: the child traced forked (the dump's fork)
python3 - "$trace/header" > "$tmp/hdr" <<'PY'
import sys
import lttfmt
h = lttfmt.TRACE_HEADER.unpack(open(sys.argv[1], 'rb').read())
print(h['minor'], h['header_size'], h['command_pid'], h['reserved_1_9'],
      lttfmt.FORMAT[1], lttfmt.TRACE_HEADER.size)
PY
read -r minor hsize cpid reserved want_minor want_size < "$tmp/hdr"
forked=$(tracevisualizer dump "$trace" | sed -nE 's/.* traced-[0-9]+ - fork parent=[0-9]+ child=([0-9]+) tgid=\1$/\1/p' | head -1)
[ "$minor" = "$want_minor" ] && [ "$minor" -ge 9 ] && [ "$hsize" = "$want_size" ] && [ "$reserved" = 0 ] && [ -n "$cpid" ] && [ "$cpid" = "$forked" ]
ok $? "format 1.$minor header ($hsize bytes; command_pid since 1.9): command_pid $cpid, the process traced forked ($forked)"

. "$TOP/tests/lib/first-screen.sh"
done_testing
