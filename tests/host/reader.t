#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# reader.t - builds tracevisualizer (library, program, unit tests) and runs
# the unit tests, then checks the command line: exit statuses, messages,
# JSON output (parsed), dump --reverse, and random byte flips of a good
# trace (exit 0 or 1 with a message, never a signal).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tv=$top/tracevisualizer
n=0
fails=0
ok() {	# ok COND-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fails=$((fails + 1)); fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if make -C "$tv" -s all build/utest/test-header >"$tmp/build.log" 2>&1 &&
   make -C "$tv" -s $(cd "$tv" && ls utest/test-*.c | sed 's|utest/\(.*\)\.c|build/utest/\1|') >>"$tmp/build.log" 2>&1; then
	ok 0 "make -C tracevisualizer builds the library, the program and the tests"
else
	ok 1 "make -C tracevisualizer builds the library, the program and the tests"
	sed 's/^/# /' "$tmp/build.log" | tail -20
	echo "1..$n"
	exit 1
fi

export LTT_CORPUS=$top/tests/corpus	# the real traces some unit tests read
export LTT_DOCS=$top/docs	# test-keys compares docs/views.md with the keymap
for t in "$tv"/build/utest/test-*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	(cd "$tmp" && "$t") >"$tmp/$name.out" 2>&1
	st=$?
	plan=$(grep -m1 '^1\.\.' "$tmp/$name.out" | cut -c4-)
	nok=$(grep -c '^ok ' "$tmp/$name.out")
	if [ $st = 0 ] && [ -n "$plan" ] && [ "$nok" = "$plan" ]; then
		ok 0 "unit test $name ($nok/$plan)"
	else
		ok 1 "unit test $name (status $st, $nok/${plan:-?} ok)"
		grep -E '^not ok|^#' "$tmp/$name.out" | head -20 | sed 's/^/#   /'
	fi
done

prog=$tv/tracevisualizer
gen=$tv/build/utest/gen-trace
cat >"$tmp/desc" <<'DESC'
header ncpus=2
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 7; PPID: 1; TGID: 7; NAME: sh "quoted" \ name
proc IRQ: 4; NAME: ttyS0
buf cpu=0 start=1000000000 pid=7
1000000000 start 7 0
1000000100 syscall_entry 57 0x401234
1000000150 fork 7 8 8 0 17
1000000200 syscall_exit 57 8
1000000300 sched 7 8 1
1000000400 exec 8 /bin/ls
1000000500 exit 8 3
buf cpu=1 start=1000000000 pid=0
1000000000 start 0 1
1000000100 irq_entry 4 1
1000000250 irq_exit 4 0
lost cpu=1 total=4 ev=1:4 sce=0:4
DESC
"$gen" "$tmp/good" "$tmp/desc"
ok $? "gen-trace writes a trace from a description"

"$prog" dump "$tmp/good" >"$tmp/dump.txt" 2>"$tmp/dump.err"
ok $? "dump exits 0"
grep -q '^0.000000100 1.000000100 0 sh_"quoted"_\\_name-7 C syscall_entry fork ip=0x401234$' "$tmp/dump.txt"
ok $? "dump line: relative and absolute time, cpu, comm-pid (blanks made _), control mark, description"
grep -q ' 1 <idle>-0 C irq_entry 4 (ttyS0) user$' "$tmp/dump.txt" && grep -q ' ls-8 - exec /bin/ls$' "$tmp/dump.txt"
ok $? "dump: irq name from proc, exec attributed to the new pid (named by it)"
"$prog" dump --reverse "$tmp/good" | grep -v '^#' >"$tmp/rev.txt"
grep -v '^#' "$tmp/dump.txt" | tac | cmp -s - "$tmp/rev.txt"
ok $? "dump --reverse is the exact reverse of dump"

if command -v python3 >/dev/null; then
	"$prog" dump --json "$tmp/good" >"$tmp/dump.json"
	python3 - "$tmp/dump.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["trace"]
for k in ("dir", "format", "ncpus", "arch", "kernel", "hostname", "start_wall_ns", "start_ns",
          "end_ns", "duration_ns", "buffer_size", "buffer_count", "complete", "events_mask", "warnings"):
    assert k in t, k
assert t["format"] == "1.0" and t["ncpus"] == 2 and t["complete"] is True
ev = d["events"]
assert len(ev) == 10, len(ev)
for e in ev:
    for k in ("time_ns", "rel_ns", "cpu", "pid", "type", "id", "control", "desc", "args"):
        assert k in e, k
    assert e["rel_ns"] == e["time_ns"] - t["start_ns"]
times = [(e["time_ns"], e["cpu"]) for e in ev]
assert times == sorted(times)
se = [e for e in ev if e["type"] == "syscall_entry"][0]
assert se["args"] == {"nr": 57, "name": "fork", "ip": 0x401234}, se["args"]
fk = [e for e in ev if e["type"] == "fork"][0]["args"]
assert fk == {"parent": 7, "child": 8, "tgid": 8, "thread": False, "kthread": False, "clone_flags": 17}, fk
ie = [e for e in ev if e["type"] == "irq_entry"][0]
assert ie["control"] is True and ie["args"]["name"] == "ttyS0" and ie["args"]["user"] is True
PY
	ok $? "dump --json parses and has the documented keys"
	"$prog" summary --json "$tmp/good" >"$tmp/sum.json"
	python3 - "$tmp/sum.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["events"]["total"] == 10 and s["events"]["by_type"]["syscall_entry"] == 1
assert [c["cpu"] for c in s["cpus"]] == [0, 1]
assert s["cpus"][0]["events"] == 7 and s["cpus"][1]["lost"] == 4
assert s["lost"]["total"] == 4 and s["lost"]["by_cpu"] == [0, 4]
assert s["lost"]["by_type"] == {"syscall_entry": 4}, s["lost"]["by_type"]
assert s["lost"]["syscalls"]["read"]["entries"] == 4
procs = {p["pid"]: p for p in s["processes"]}
assert [p["pid"] for p in s["processes"]] == sorted(procs)
p8 = procs[8]
assert p8["name"] == "ls" and p8["forked"] and p8["exited"] and p8["exit_code"] == 3 and p8["ppid"] == 7
assert p8["exit_status"] == "killed by SIGQUIT", p8["exit_status"]
assert procs[7]["name"] == 'sh "quoted" \\ name' and procs[7]["exit_code"] is None
assert procs[7]["exit_status"] is None
assert procs[7]["syscalls"]["fork"] == {"nr": 57, "entries": 1, "exits": 1}
assert s["syscalls"]["fork"]["entries"] == 1
for k in ("pid", "tgid", "ppid", "name", "events", "forked", "exited", "exit_code", "syscalls"):
    assert k in p8, k
PY
	ok $? "summary --json parses and has the documented values"
else
	skip_missing "python3 not available"
	skip_missing "python3 not available"
fi
"$prog" summary "$tmp/good" | grep -q '^Events: 10 (control 5, unknown 0)$'
ok $? "summary text output"

"$prog" >/dev/null 2>&1; st=$?
"$prog" frob "$tmp/good" >/dev/null 2>&1; st2=$?
"$prog" dump --bogus "$tmp/good" >/dev/null 2>&1; st3=$?
[ $st = 2 ] && [ $st2 = 2 ] && [ $st3 = 2 ]
ok $? "usage errors exit 2"
"$prog" --help | grep -q '^Usage: tracevisualizer COMMAND'
ok $? "--help"
"$prog" dump "$tmp/nonexistent" 2>"$tmp/err"; st=$?
[ $st = 1 ] && grep -q "^tracevisualizer: $tmp/nonexistent/header: cannot open" "$tmp/err"
ok $? "missing trace: exit 1, message names the file"
cp -r "$tmp/good" "$tmp/trunc"
truncate -s -3 "$tmp/trunc/events"
"$prog" summary --strict "$tmp/trunc" 2>"$tmp/err" >/dev/null; st=$?
[ $st = 1 ] && grep -q "^tracevisualizer: $tmp/trunc/events: truncated buffer at offset 192 .*use --salvage to read the 1 complete buffers and the whole records of this one)" "$tmp/err"
ok $? "truncated events, --strict: exit 1 with the documented message"
# without --strict a damaged trace is read as far as it is intact, as in
# the terminal analyzer and the window (issue 36, item 13: refused unless
# --salvage), its warnings on stderr and its figures marked on stdout
"$prog" processes "$tmp/trunc" 2>"$tmp/err" >"$tmp/out"; st=$?
[ $st = 0 ] && grep -q "^tracevisualizer: warning: $tmp/trunc/events: .*salvage" "$tmp/err" &&
	[ "$(tail -n 1 "$tmp/out")" = "# salvaged: the trace is damaged and was read as far as it is intact: the figures above leave out what was cut (the warnings say what)" ]
ok $? "truncated events, no option: read (exit 0), the warning on stderr, the figures marked on stdout"
[ "$("$prog" processes --json "$tmp/trunc" 2>/dev/null | python3 -c 'import json,sys; t=json.load(sys.stdin)["trace"]; print(t["salvaged"], t["complete"])')/$("$prog" processes --json "$tmp/good" | python3 -c 'import json,sys; print(json.load(sys.stdin)["trace"]["salvaged"])')" = "True False/False" ]
ok $? "--json: \"salvaged\" in the trace, true for the cut one only"
[ "$("$prog" processes "$tmp/good" 2>/dev/null | grep -c '^# salvaged')" = 0 ]
ok $? "an intact trace: no mark"
"$prog" summary --salvage "$tmp/trunc" 2>"$tmp/err" >/dev/null; st=$?
[ $st = 0 ] && grep -q "warning: .*truncated buffer at offset 192" "$tmp/err"
ok $? "--salvage reads the complete buffers and warns"

# random byte flips: exit 0 or 1, a message on failure, never a signal
size=$(stat -c %s "$tmp/good/events")
bad=0
for i in $(seq 1 150); do
	rm -rf "$tmp/f"; cp -r "$tmp/good" "$tmp/f"
	for j in 1 2 3; do
		off=$(( (RANDOM * 32768 + RANDOM) % size ))
		printf "\\x$(printf %02x $((RANDOM % 256)))" |
			dd of="$tmp/f/events" bs=1 seek=$off conv=notrunc status=none
	done
	for cmd in "dump" "summary --json" "dump --reverse --salvage"; do
		"$prog" $cmd "$tmp/f" >/dev/null 2>"$tmp/err"; st=$?
		if [ $st -gt 1 ] || { [ $st = 1 ] && ! grep -q "^tracevisualizer: $tmp/f/" "$tmp/err"; }; then
			bad=$((bad + 1)); echo "# flip $i: $cmd: status $st"; cp -r "$tmp/f" "/tmp/reader-fuzz-fail-$i" 2>/dev/null
		fi
	done
done
ok $bad "150 random 3-byte corruptions: exit 0 or 1 with a message, never a signal"

echo "1..$n"
[ $fails = 0 ]
