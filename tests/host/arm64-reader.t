#!/bin/bash
# An arm64 trace read on the x86 host (issue 33): the trace header's uname
# machine "aarch64" selects arm64's syscall numbering (the generic one of
# include/uapi/asm-generic/unistd.h) and names its exception classes (ESR
# EC): dump names openat (56), read (63), write (64), getppid (173),
# clock_nanosleep (115), exit_group (94) and a data abort from EL0 (EC
# 0x24); summary --json counts per syscall name; the filter "nr ==
# getppid" selects exactly the getppid events; audit --rules
# syscall_exit(getppid) fires on 173, a rule naming a syscall arm64 has
# not (open) is refused clearly, as is stacks --kind syscall:open.  The same numbers in an x86_64 trace keep
# x86's names (0 read, 1 write, 110 getppid, 56 clone, trap 14
# page_fault); an unknown machine shows syscall_N and trap_N with one
# warning, never refused.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null

# one process's syscalls NR... (entry and exit 10 ns apart, exit_group has
# no exit) and a trap TRAP at 600 ns, on machine ARCH
write_trace() {	# write_trace DIR ARCH TRAP NR...
	local dir=$1 arch=$2 trap=$3 t=100 nr; shift 3
	{
		echo "header ncpus=1 format=1.1 events=all arch=$arch"
		echo "proc PID: 1; PPID: 0; TGID: 1; NAME: init"
		echo "proc PID: 5; PPID: 1; TGID: 5; NAME: sh"
		echo "buf cpu=0 start=1000000000 pid=5"
		echo "1000000000 start 5 0"
		echo "1000000050 trap_entry $trap 0x1000 0x401234 1"
		echo "1000000060 trap_exit $trap"
		for nr in "$@"; do
			echo "$((1000000000 + t)) syscall_entry $nr 0x401000"
			[ "$nr" = last ] || echo "$((1000000000 + t + 10)) syscall_exit $nr 0"
			t=$((t + 100))
		done
	} | sed 's/syscall_entry last/syscall_entry '"$LAST"'/' | "$gen" "$dir"
}

# openat read write getppid getppid clock_nanosleep exit_group (no exit)
LAST=94 write_trace "$tmp/a" aarch64 36 56 63 64 173 173 115 last
ok $? "gen-trace writes a trace whose header says aarch64"

# the description column of the dump: "type name" of each event
names() { "$tv" dump "$@" 2>/dev/null | grep -v '^#' | awk '{ print $6, $7 }' | paste -sd, -; }

is "$(names "$tmp/a")" "trace_start pid=5,trap_entry data_abort_lower_el,trap_exit data_abort_lower_el,syscall_entry openat,syscall_exit openat,syscall_entry read,syscall_exit read,syscall_entry write,syscall_exit write,syscall_entry getppid,syscall_exit getppid,syscall_entry getppid,syscall_exit getppid,syscall_entry clock_nanosleep,syscall_exit clock_nanosleep,syscall_entry exit_group" \
	"aarch64: dump names the syscalls by arm64's table and the data abort by its exception class"
"$tv" dump "$tmp/a" >/dev/null 2>"$tmp/a.err"
is "$(cat "$tmp/a.err")" "" "aarch64: no warning"

"$tv" summary --json "$tmp/a" >"$tmp/a.json"
ok $? "aarch64: summary --json"
is "$(json "$tmp/a.json" '",".join("%s=%d/%d/%d" % (k, v["nr"], v["entries"], v["exits"]) for k, v in sorted(j["syscalls"].items()))')" \
	"clock_nanosleep=115/1/1,exit_group=94/1/0,getppid=173/2/2,openat=56/1/1,read=63/1/1,write=64/1/1" \
	"aarch64: summary --json counts per syscall name (number, entries, exits)"
is "$(json "$tmp/a.json" 'j["trace"]["arch"]')" "aarch64" "aarch64: the trace's arch in --json"

is "$("$tv" dump --filter 'nr == getppid' "$tmp/a" | grep -v '^#' | awk '{ print $1, $6, $7 }' | paste -sd, -)" \
	"0.000000400 syscall_entry getppid,0.000000410 syscall_exit getppid,0.000000500 syscall_entry getppid,0.000000510 syscall_exit getppid" \
	"aarch64: the filter 'nr == getppid' selects exactly the getppid events (173)"
is "$("$tv" dump --filter 'vector == data_abort_lower_el' "$tmp/a" | grep -vc '^#')" "2" \
	"aarch64: the filter 'vector == data_abort_lower_el' selects the trap's entry and exit"

printf 'on syscall_exit(getppid) then notify true\n' >"$tmp/r"
"$tv" audit --rules "$tmp/r" --json "$tmp/a" >"$tmp/fire.jsonl" 2>"$tmp/fire.err"
ok $? "aarch64: audit --rules syscall_exit(getppid)" || sed 's/^/# /' "$tmp/fire.err"
is "$(python3 -c 'import json,sys; print(",".join(str(json.loads(l)["time_ns"]) for l in open(sys.argv[1])))' "$tmp/fire.jsonl" | cut -d, -f1)" \
	"1000000410" "aarch64: the rule fires on the first getppid exit (173), not on x86's 110"
printf 'on syscall_exit(open) then notify true\n' >"$tmp/r2"
"$tv" audit --rules "$tmp/r2" "$tmp/a" >/dev/null 2>"$tmp/r2.err"
is "$?" "1" "aarch64: a rule naming open (which arm64 has not): exit status 1"
grep -q "rule at line 1: aarch64 has no syscall named 'open'" "$tmp/r2.err"
ok $? "aarch64: ... and the message says so" || sed 's/^/# /' "$tmp/r2.err"

# stacks --kind syscall:NAME: the name numbered by the trace's machine
"$tv" stacks --kind syscall:open "$tmp/a" >/dev/null 2>"$tmp/st.err"
is "$?" "2" "aarch64: stacks --kind syscall:open (which arm64 has not): exit status 2"
grep -q "stacks: aarch64 has no syscall named 'open'" "$tmp/st.err"
ok $? "aarch64: ... the machine named" || sed 's/^/# /' "$tmp/st.err"
"$tv" stacks --kind syscall:getppid "$tmp/a" >/dev/null 2>"$tmp/st2.err"
grep -q 'the trace has no stacks of those events' "$tmp/st2.err" && ! grep -q 'no syscall named' "$tmp/st2.err"
ok $? "aarch64: stacks --kind syscall:getppid taken (the trace has no stacks, said)" || sed 's/^/# /' "$tmp/st2.err"

# the same numbers on x86_64: x86's names (0 read, 1 write, 110 getppid,
# 56 clone, 231 exit_group; trap 14 page_fault)
LAST=231 write_trace "$tmp/x" x86_64 14 0 1 110 110 56 last
ok $? "gen-trace writes an x86_64 trace"
is "$(names "$tmp/x")" "trace_start pid=5,trap_entry page_fault,trap_exit page_fault,syscall_entry read,syscall_exit read,syscall_entry write,syscall_exit write,syscall_entry getppid,syscall_exit getppid,syscall_entry getppid,syscall_exit getppid,syscall_entry clone,syscall_exit clone,syscall_entry exit_group" \
	"x86_64: the same reader keeps x86's names"
is "$("$tv" dump --filter 'nr == getppid' "$tmp/x" | grep -v '^#' | awk '{ print $1 }' | paste -sd, -)" \
	"0.000000300,0.000000310,0.000000400,0.000000410" "x86_64: 'nr == getppid' selects 110"

# a machine the reader has no table of: numbers, one warning, not refused
LAST=94 write_trace "$tmp/m" mips64 36 56 173 last
ok $? "gen-trace writes a trace of machine mips64"
is "$(names "$tmp/m" 2>/dev/null)" "trace_start pid=5,trap_entry trap_36,trap_exit trap_36,syscall_entry syscall_56,syscall_exit syscall_56,syscall_entry syscall_173,syscall_exit syscall_173,syscall_entry syscall_94" \
	"mips64: syscall_N and trap_N"
"$tv" dump "$tmp/m" >/dev/null 2>"$tmp/m.err"
ok $? "mips64: dump exits 0"
is "$(grep -c 'machine "mips64" .*has no syscall or trap table in this reader: syscalls are shown as syscall_N, traps as trap_N' "$tmp/m.err")" "1" \
	"mips64: one warning names the machine" || sed 's/^/# /' "$tmp/m.err"
is "$(wc -l <"$tmp/m.err")" "1" "mips64: no other message"
"$tv" summary --json "$tmp/m" >"$tmp/m.json" 2>/dev/null
is "$(json "$tmp/m.json" '",".join(sorted(j["syscalls"]))')" "syscall_173,syscall_56,syscall_94" \
	"mips64: summary --json counts by syscall_N"
is "$("$tv" dump --filter 'nr == syscall_173' "$tmp/m" 2>/dev/null | grep -vc '^#')" "2" \
	"mips64: the filter 'nr == syscall_173' selects its entry and exit"

done_testing
