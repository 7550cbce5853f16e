#!/bin/bash
# dump --filter (docs/filter.md) on a synthetic trace with fs_open events of
# several files: exactly the expected events in text and --json, combined
# with the other dump filters and --reverse, comm from the process table,
# and malformed expressions (exit 2, the position in the message).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null

$gen "$tmp/t" <<'DESC'
header ncpus=2 format=1.1 events=all
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 5; PPID: 1; TGID: 5; NAME: sh
proc PID: 6; PPID: 1; TGID: 6; NAME: cat
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 syscall_entry 2 0x401000
1000000110 fs_open 3 0 0 /etc/passwd
1000000120 syscall_exit 2 3
1000000200 syscall_entry 2 0x401000
1000000210 fs_open -2 0 0 /etc/shadow
1000000220 syscall_exit 2 -2
1000000300 fs_open 4 0x241 0644 /tmp/out "x"
1000000400 fs_read 3 4096 100
1000000500 fork 5 7 7 0 17
1000000600 sched 5 7 0
1000000700 exec 7 /usr/bin/grep
1000000800 fs_open 3 0 0 /etc/hosts
buf cpu=1 start=1000000000 pid=6
1000000000 start 6 1
1000000150 fs_open 5 0 0 /var/log/syslog
1000000250 fs_open 6 0 0 /etc/passwd
1000000350 fs_close 5
DESC
ok $? "gen-trace writes a trace with fs_open events of several files"

# the times (ns after the start) of the events a filter selects, in order
times() {	# times EXPR [dump options...]
	local e=$1; shift
	$tv dump --filter "$e" "$@" "$tmp/t" | grep -v '^#' | awk '{ split($1, a, "."); printf "%s%d", sep, a[2] + 0; sep = " " } END { print "" }'
}

is "$(times 'type == fs_open')" "110 150 210 250 300 800" "type == fs_open: every open"
is "$(times 'type == fs_open && filename =~ "^/etc/"')" "110 210 250 800" "filename =~ \"^/etc/\": the opens under /etc"
is "$(times 'type == fs_open && filename == /etc/passwd')" "110 250" "filename == /etc/passwd, on both CPUs"
is "$(times 'filename == "/tmp/out \"x\""')" "300" "a quoted file name with escaped quotes"
is "$(times 'type == fs_open && fd < 0')" "210" "fd < 0: the failed open"
is "$(times 'type == fs_open && !(filename =~ etc)')" "150 300" "! of a regex"
is "$(times 'fd == 3')" "110 400 800" "fd == 3: fs_open and fs_read, not the others"
is "$(times 'fd != 3 && type =~ ^fs_')" "150 210 250 300 350" "fd != 3: only events with an fd"
is "$(times 'nr == open && type == syscall_entry')" "100 200" "nr == open: a syscall number by name"
is "$(times 'type == syscall_exit && ret < 0')" "220" "ret < 0"
is "$(times 'type == fs_open' --cpu 1)" "150 250" "with --cpu: both must hold"
is "$(times 'type == fs_open || type == fs_close' --from 0.0000002 --to 0.0000004)" "210 250 300 350" "with --from and --to"
is "$(times 'type == fs_open && cpu == 0' --reverse)" "800 300 210 110" "with --reverse"
is "$(times 'comm == grep')" "700 800" "comm: the name after the exec"
is "$(times 'comm == sh && type == fs_open')" "110 210 300" "comm == sh: the opens of the shell"
is "$(times 'comm == grep' --reverse)" "800 700" "comm with --reverse"
is "$(times 'comm == grep' --from 0.00000075)" "800" "comm with --from (names read before it)"
is "$(times 'args.pid == 7')" "700" "args.pid: the exec of pid 7"
is "$(times 'type == fs_open && pid == 6')" "150 250" "pid: the task the event belongs to"

$tv dump --json --filter 'type == fs_open && filename =~ etc' "$tmp/t" > "$tmp/d.json"
ok $? "dump --json --filter exits 0"
if command -v python3 >/dev/null; then
	python3 - "$tmp/d.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["events"]
got = [(e["rel_ns"], e["args"]["filename"], e["args"]["fd"]) for e in ev]
want = [(110, "/etc/passwd", 3), (210, "/etc/shadow", -2), (250, "/etc/passwd", 6),
        (800, "/etc/hosts", 3)]
assert got == want, got
assert all(e["type"] == "fs_open" for e in ev)
PY
	ok $? "--json: exactly the four opens under etc, with their args"
else
	skip_missing "python3 not available"
fi
$tv dump --json --filter 'type == fs_open && filename =~ etc' --pid 6 "$tmp/t" | grep -c '"type":"fs_open"' > "$tmp/n"
is "$(cat "$tmp/n")" "1" "--json with --pid: one event"

$tv dump --filter 'type == fs_open &&' "$tmp/t" > /dev/null 2> "$tmp/err"; st=$?
is "$st" "2" "a malformed filter exits 2"
grep -q 'bad --filter expression "type == fs_open &&": at character 19: expected a field name' "$tmp/err"
ok $? "its message gives the position: $(head -1 "$tmp/err")"
$tv dump --filter 'type == fs_opne' "$tmp/t" > /dev/null 2> "$tmp/err"; st=$?
[ "$st" = 2 ] && grep -q "at character 9: no event type is named 'fs_opne'" "$tmp/err"
ok $? "an unknown type name: exit 2 at character 9"
$tv dump --filter 'filename =~ "("' "$tmp/t" > /dev/null 2> "$tmp/err"; st=$?
[ "$st" = 2 ] && grep -q "at character 13: bad regular expression" "$tmp/err"
ok $? "a bad regular expression: exit 2 at character 13"
$tv dump --filter 'frob == 1' "$tmp/t" > /dev/null 2> "$tmp/err"; st=$?
[ "$st" = 2 ] && grep -q "at character 1: unknown field 'frob'" "$tmp/err"
ok $? "an unknown field: exit 2 at character 1"
# a field the types selected never have: an error, not an empty result
# (issue 36, item 8: the README's example compared fs_open's "name")
$tv dump --filter 'type == fs_open && name =~ "etc"' "$tmp/t" > "$tmp/out" 2> "$tmp/err"; st=$?
[ "$st" = 2 ] && [ ! -s "$tmp/out" ] &&
	grep -q "at character 20: no event of the types the expression selects has the field 'name' (fs_open has fd, flags, mode, filename)" "$tmp/err"
ok $? "type == fs_open && name =~ etc: exit 2 at 'name', fs_open's fields listed"
# the README's --filter example, as written there, finds the opens under etc
ex=$(sed -n "s/^tracevisualizer dump --filter '\([^']*\)' .*/\1/p" "$TOP/README.md")
is "$(times "$ex" | tr ' ' '\n' | grep -c .)" 4 "the README's example ($ex) matches the 4 opens of a path with etc"
$tv summary --filter 'pid == 1' "$tmp/t" > /dev/null 2>&1; st=$?
is "$st" "2" "--filter is an option of dump only"
$tv dump --filter > /dev/null 2>&1; st=$?
is "$st" "2" "--filter without an expression"
$tv --help | grep -q -- '--filter EXPR'
ok $? "--help mentions --filter"
done_testing
