#!/bin/bash
# "tracevisualizer tui --diff A B" (tui/diff.c; issue 35, "a view in the
# TUI") in tmux as a person uses it, against "diff --json A B"
# (tests/lib/tuidiff.py):
#   - 80x24, two synthetic runs (B's second worker sleeps 20 ms more): the
#     rows ranked as the library ranks them, name, change, A, B and side
#     to the ns; Right scrolls to the kind columns, each row's change by
#     kind as the JSON's; > sorts by A (largest first), I inverts it;
#     Enter on the worker of the worst change: its page, its parts and its
#     worst instance explained as the JSON says; Esc back; q quits (0);
#   - 250x60, two corpus traces (50 processes, 1 matched): every row with
#     its pids, every kind column; Enter on the process of one run only;
#   - usage: --diff with one trace, a B that cannot be read.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
tui_test
. "$(dirname "$0")/../lib/diffruns.sh"
chk="python3 $TOP/tests/lib/tuidiff.py"
gen "$tmp/a" 7 8 10000000 10000000 && gen "$tmp/b" 18 17 10000000 30000000
ok $? "gen-trace: run A, and run B whose second worker sleeps 20 ms more"
$tv diff --json "$tmp/a" "$tmp/b" > "$tmp/ab.json"
ok $? "diff --json A B"

# ---- 80x24 ------------------------------------------------------------------
tui_start s 80 24 -- --diff "$tmp/a" "$tmp/b"
ok $? "tui --diff A B at 80x24: the first screen"
tui_screen s > "$tmp/s1"
checks < <($chk rows "$tmp/ab.json" "$tmp/s1")
grep -q '^process  *change  *A (ms)  *B (ms) in' "$tmp/s1"
ok $? "the header: process, change, A, B, in" || diag "$(cat "$tmp/s1")"
tui_key s Right Right Right Right Right
tui_screen s > "$tmp/s2"
checks < <($chk kinds "$tmp/ab.json" "$tmp/s2")
grep -q '^worker  *+20\.000000  *0\.000000  *0\.000000  *+20\.000000 init' "$tmp/s2"
ok $? "the worker's row: +20.000000, all of it in blocked" || diag "$(cat "$tmp/s2")"
tui_key s Left Left Left Left Left '>'
tui_screen s > "$tmp/s3"
grep -q 'sorted by A (ms)$' "$tmp/s3"; ok $? "> : sorted by A (ms)"
checks < <($chk rows "$tmp/ab.json" "$tmp/s3" a)
tui_key s I
tui_screen s > "$tmp/s4"
grep -q 'sorted by A (ms), inverted$' "$tmp/s4"; ok $? "I : inverted"
checks < <($chk rows "$tmp/ab.json" "$tmp/s4" a-inv)
tui_key s '<'
tui_screen s > "$tmp/s5"
grep -q 'sorted by rank (|change|)$' "$tmp/s5"; ok $? "< : back to the ranking"
# the worst change's process: its row, Enter, its page (scrolled to its end)
key=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["explained"]["key"])' < "$tmp/ab.json")
row=$(python3 -c '
import json, sys
d = json.load(sys.stdin)["diff"]
print([p["key"] for p in d["matched"] + d["only_a"] + d["only_b"]].index(sys.argv[1]))' "$key" < "$tmp/ab.json")
for _ in $(seq 1 "$row"); do tui_key s Down; done
tui_key s Enter
tui_screen s > "$tmp/p1"
checks < <($chk page "$tmp/ab.json" "$tmp/p1" "$key" 80)
tui_key s Escape
tui_wait s '^process  *change' 5; ok $? "Esc: back to the table"
is "$(tui_quit s)" 0 "q: exit status 0"

# ---- 250x60, two corpus traces --------------------------------------------
A=$TOP/tests/corpus/guest-mix B=$TOP/tests/corpus/rpc-requests
$tv diff --json "$A" "$B" > "$tmp/x.json" 2>/dev/null
tui_start w 250 60 -- --diff "$A" "$B"
ok $? "tui --diff of two corpus traces at 250x60"
tui_screen w > "$tmp/w1"
checks < <($chk rows "$tmp/x.json" "$tmp/w1")
checks < <($chk kinds "$tmp/x.json" "$tmp/w1")
tui_key w Down Enter
tui_screen w > "$tmp/w2"
checks < <($chk page "$tmp/x.json" "$tmp/w2" init#0/sh#0/traced#0 250)
is "$(tui_quit w)" 0 "q: exit status 0"

# ---- usage ------------------------------------------------------------------
$tv tui --diff "$tmp/a" 2> "$tmp/err"; is $? 2 "tui --diff with one trace: usage error"
grep -q 'tui --diff needs two traces' "$tmp/err"; ok $? "... saying it needs two"
# (tui A B without --diff: the two hosts' screen, tests/host/tui-hosts.t)
$tv tui --diff "$tmp/a" "$tmp/b" "$tmp/a" 2> /dev/null; is $? 2 "tui --diff with three traces: usage error"
$tv tui --diff "$tmp/a" "$tmp/nosuch" 2> "$tmp/err" < /dev/null; is $? 1 "a B that cannot be read: status 1"
grep -q nosuch "$tmp/err"; ok $? "... its error names it" || diag "$(cat "$tmp/err")"
grep -q '^\.RB \[ \\-\\-diff \] *$' docs/tracevisualizer.1; ok $? "tui --diff in the man page's SYNOPSIS"
done_testing
