#!/bin/bash
# scripts/test-cpu, through which scripts/run-tests runs every test to
# note its CPU time (docs/testing.md, "Where make check's time goes"):
#  - the command's output and exit status are its own;
#  - the line logged holds the CPU time of its descendants too: a child
#    shell runs awk and reports, with bash's times, what awk used; the
#    logged time is at least that (a relation between two measures of the
#    same run, not a time the host must reach);
#  - a test file that is not executable runs under bash; LTT_CPU_LABEL
#    names the line; without LTT_CPU_LOG nothing is written; scripts/
#    build-behind notes its build's time in build/behind/TARGET.cpu.
. "$(dirname "$0")/../lib/tap.sh"
plan 9
tc=$TOP/scripts/test-cpu
# this test runs under test-cpu itself (scripts/run-tests): not its log
unset LTT_CPU_LOG LTT_CPU_LABEL
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# a non-executable bash script whose grandchild (awk) burns CPU; the
# script prints the children's user time as bash measured it, and exits 3
cat >"$d/burn.t" <<'SH'
awk 'BEGIN { for (i = 0; i < 3000000; i++) s += i; print "sum", s }'
times > "$(dirname "$0")/inner.times"
echo "burnt"
exit 3
SH
LTT_CPU_LOG=$d/cpu.log "$tc" "$d/burn.t" >"$d/out"
is "$?" 3 "the test's exit status is kept"
is "$(tail -n 1 "$d/out")" "burnt" "its output is its own"
is "$(wc -l <"$d/cpu.log")" 1 "one line logged"
read -r user sys name <"$d/cpu.log"
is "$name" "$d/burn.t" "named by the test"
inner=$(sed -n '2s/^\([0-9]*\)m\([0-9.]*\)s .*/\1 \2/p' "$d/inner.times" | awk '{ print $1 * 60 + $2 }')
# the log rounds to 0.01 s (a clean-clone run logged 0.06 s for bash's
# 0.061 s): the logged time holds the grandchild's within that rounding
awk -v u="$user" -v s="$sys" -v i="$inner" 'BEGIN { exit !(u + 0.005 >= i + 0 && u + s > 0 && i > 0) }'
ok $? "the logged CPU time includes the grandchild's, within the log's 0.01 s (logged user $user s, sys $sys s; the script measured ${inner} s in awk)"

LTT_CPU_LOG=$d/cpu2.log LTT_CPU_LABEL="make thing" "$tc" true
is "$(cut -d' ' -f3- "$d/cpu2.log")" "make thing" "LTT_CPU_LABEL names the line; a command runs as it is"
"$tc" "$d/burn.t" >/dev/null
is "$?" 3 "without LTT_CPU_LOG: the status kept..."
logs=("$d"/cpu*)
is "${#logs[@]}" 2 "...and no log written"

printf '%s\n' 'built:' '	true' >"$d/Makefile"
"$TOP/scripts/build-behind" -C "$d" built >/dev/null && "$TOP/scripts/build-behind" -C "$d" --wait built
grep -Eqx '[0-9.]+ [0-9.]+ make built' "$d/build/behind/built.cpu" 2>/dev/null
ok $? "build-behind logs its build's CPU time (build/behind/TARGET.cpu)"
