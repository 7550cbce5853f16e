#!/bin/bash
# "tracevisualizer tui" of several hosts (tui/hosts.c, lttr/view/hosts.h;
# issue 31, "Views") in tmux as a person uses it, on the synthetic two
# hosts of tests/lib/synctraces.py (a client "cli" on alpha calling a
# server "srv" on beta, beta's clock 1.5 s ahead and 100 ppm fast):
#   - the merged set at 160x30: a group row per host, each host's task
#     under it, each host's clock line as the model says (offset, drift and
#     its bounds, accuracy); every message between the hosts in the window
#     marked where the library puts it: 'o' on the sender's row at the
#     column of its send, 'v' / '^' on the receiver's at the column of its
#     receive (merge --messages: the times on alpha's clock, the columns
#     of the title's window, as lttr_viewport_time_col() cuts it); w zooms
#     and the marks follow; q quits (0);
#   - the two traces given directly: the same rows;
#   - a set whose beta is not synchronised: beta's group row apart, saying
#     so, none of its rows, no mark;
#   - the same trace twice: refused, said.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
tui_test
bin=$TOP/tracevisualizer/build/utest
gen=$TOP/tests/lib/synctraces.py
make -s -C "$TOP/tracevisualizer" tools >/dev/null
mkdir -p "$tmp/g" && python3 "$gen" "$tmp/g" --calls 12 --seed 7 --sched &&
	$bin/gen-trace "$tmp/g/A" < "$tmp/g/a.desc" && $bin/gen-trace "$tmp/g/B" < "$tmp/g/b.desc"
ok $? "synctraces + gen-trace: two hosts, 12 calls"
$tv merge -o "$tmp/m" --messages "$tmp/msgs.json" "$tmp/g/A" "$tmp/g/B" > /dev/null
ok $? "merge: both hosts synchronised"

marks() { # NAME: the screen checked against the messages (tests/lib/tuihosts.py)
	tui_screen "$1" > "$tmp/$1.txt"
	checks < <(python3 "$TOP/tests/lib/tuihosts.py" "$tmp/$1.txt" "$tmp/msgs.json" "$tmp/m/clock-model.json")
}
tui_start s 160 30 -- "$tmp/m"
ok $? "tui MERGEDSET at 160x30: the first screen"
tui_wait s '^alpha \(host 0\) +-{20}' && tui_wait s '^beta \(host 1\) +-{20}'
ok $? "a group row per host" || diag "$(tui_screen s)"
marks s
tui_key s w
marks s
tui_key s a a
marks s
tui_quit s
is "$(tui_exit s)" 0 "q quits, status 0"

tui_start d 160 30 -- "$tmp/g/A" "$tmp/g/B"
ok $? "tui A B (the traces given directly)"
tui_wait d '^  cli 10 ' && tui_wait d '^  srv 20 ' && tui_wait d '^beta \(host 1\) '
ok $? "... the same hosts and tasks" || diag "$(tui_screen d)"
tui_quit d > /dev/null

mkdir -p "$tmp/few" && python3 "$gen" "$tmp/few" --calls 1 &&
	$bin/gen-trace "$tmp/few/A" < "$tmp/few/a.desc" && $bin/gen-trace "$tmp/few/B" < "$tmp/few/b.desc"
$tv merge -o "$tmp/mf" "$tmp/few/A" "$tmp/few/B" > /dev/null 2>&1
is "$?" 5 "merge of one call: beta not synchronised (exit status 5)"
tui_start f 160 30 -- "$tmp/mf"
tui_wait f '^beta \(host 1\) NOT SYNCHRONISED' && tui_wait f '^beta: NOT SYNCHRONISED, not shown: beta \(beta\): unsynchronised'
ok $? "the set with beta not synchronised: its group row apart and its clock line say so" || diag "$(tui_screen f)"
tui_screen f > "$tmp/f.txt"
! grep -q '^  srv 20' "$tmp/f.txt" && ! sed -n '5,$p' "$tmp/f.txt" | sed '$d' | cut -c23- | grep -q '[ov^]'
ok $? "... none of its rows, no message drawn" || diag "$(cat "$tmp/f.txt")"
grep -q '0 messages between hosts in the window (0 in all).*1 host not synchronised' "$tmp/f.txt"
ok $? "... the status line: no message, 1 host not synchronised"
tui_quit f > /dev/null

$tv tui "$tmp/g/A" "$tmp/g/A" > /dev/null 2> "$tmp/twice.err"
is "$?" 2 "tui of the same trace twice: a usage error ($(head -c 120 "$tmp/twice.err"))"
grep -q 'are the same trace' "$tmp/twice.err"
ok $? "... said"
done_testing
