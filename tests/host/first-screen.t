#!/bin/bash
# The first screen of the control flow shows what the user traced (issue
# 35), on the corpus's guest-mix (traced -- sh -c "ltt-pingpong & ltt-syscall-mix &
# ltt-forktree; wait", a format 1.3 trace: the command found from the
# forks of traced): tests/lib/first-screen.sh's checks (graph, the TUI's
# first screen, the window's first screen and first span, the group row of
# the idle kernel threads, pid order). tests/guest/46-first-screen.t runs
# them on a format 1.9 trace of the same workload.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
tui_test
trace=$TOP/tests/corpus/guest-mix
. "$TOP/tests/lib/first-screen.sh"
done_testing
