#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# audit-blame-paths.t - the code paths among audit's blame (issue 30 with
# the stacks of issue 28; docs/triggers.md "Code paths"): a hand-built
# format 1.10 session whose request (task 40, from its read's entry to
# its futex's exit) blocks R ns in a read with the off-CPU stack
# start;main;serve_a;parse_b;read_c and F ns in a futex with the stack
# start;main;serve_a;lock_d (each under kernel frames), and runs between
# them with one profiler sample in compute_e.  The code paths' blames are
# computed here from the times written into the trace: the read's path
# R, the futex's F (R:F = 3:1), the sample's path the running time from
# the syscall's exit before it to it; each path is its 4 innermost user
# frames, named as "stacks" names them (the kernel frames left out); the
# text and --json agree; the parties, sites and their blames are those of
# the same trace without stacks, whose code paths are "unavailable", not
# 0; a program replaced since the trace names its frames [unknown], the
# paths that differ only there are one, and a warning says it.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=$TOP/tracevisualizer/build/tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
make -s -C "$TOP/tracevisualizer" build/tracevisualizer build/utest/gen-trace >"$tmp/build.log" 2>&1
ok $? "tracevisualizer and gen-trace build" || sed 's/^/# /' "$tmp/build.log" | tail -20

# the program whose functions the user frames name (not PIE: nm's addresses are the run's)
cat >"$tmp/app.c" <<'C'
volatile int sink;
#define F(n) __attribute__((noinline)) void n(void) { int i; for (i = 0; i < 9; i++) sink += i; }
F(start) F(serve_a) F(parse_b) F(read_c) F(lock_d) F(compute_e)
int main(void) { start(); serve_a(); parse_b(); read_c(); lock_d(); compute_e(); return 0; }
C
cc -O0 -fno-pie -no-pie -o "$tmp/app" "$tmp/app.c"
ok $? "the program builds (not PIE)"
a() { printf '0x%x' $((0x$(nm "$tmp/app" | awk -v f="$1" '$3 == f { print $1 }') + 4)); }
read -r off vaddr < <(readelf -lW "$tmp/app" | awk '$1 == "LOAD" && / R E / { print $2, $3; exit }')
mstart=$(printf '%x' $(( vaddr & ~0xfff ))); mend=$(printf '%x' $(( (vaddr & ~0xfff) + 0x10000 )))
foff=$(printf '%08x' $(( off & ~0xfff )))

# the times (ns) of the request
T0=1000000000
r0=$((T0 + 100000))		# read entered: the request's start
s1=$((r0 + 10000))		# switched out in the read
R=3000000			# blocked in the read
w1=$((s1 + R))			# woken by irq 14 (not a task: the block stays 40's)
x1=$((w1 + 30))			# the read returns (switched in at w1 + 20)
m=$((x1 + 50000))		# a profiler sample in compute_e
f0=$((x1 + 100000))		# futex entered
s2=$((f0 + 10))			# switched out in the futex
F=1000000			# blocked in the futex
w2=$((s2 + F))
end=$((w2 + 30))		# the futex returns: the request's end
# the stacks, innermost first: kernel frames then user frames
kread="0xffffffff81000010 0xffffffff81000220"
uread="$(a read_c) $(a parse_b) $(a serve_a) $(a main) $(a start)"
kfutex="0xffffffff81000010 0xffffffff81000320"
ufutex="$(a lock_d) $(a serve_a) $(a main) $(a start)"
usample="$(a compute_e) $(a serve_a) $(a main) $(a start)"

mk() {	# $1 folder, $2 header line, $3 with stacks (1) or not
	{
		echo "$2"
		echo "proc PID: 40; PPID: 1; TGID: 40; NAME: client"
		echo "buf cpu=0 start=$T0 pid=40"
		echo "$T0 start 40 0"
		echo "$r0 syscall_entry 0"
		echo "$s1 sched 40 0 1"
		[ "$3" ] && echo "$s1 stack 40 schedchange 0 2 5 $kread $uread"
		echo "$((w1 - 10)) irq_entry 14 0"
		echo "$w1 wakeup 40 0 0"
		echo "$((w1 + 10)) irq_exit 14 0"
		echo "$((w1 + 20)) sched 0 40 0"
		echo "$x1 syscall_exit 0 0"
		echo "$m sample 40 $(a compute_e) 1"
		[ "$3" ] && echo "$m stack 40 sample 0 0 4 $usample"
		echo "$f0 syscall_entry 202"
		echo "$s2 sched 40 0 1"
		[ "$3" ] && echo "$s2 stack 40 schedchange 0 2 4 $kfutex $ufutex"
		echo "$((w2 - 10)) irq_entry 14 0"
		echo "$w2 wakeup 40 0 0"
		echo "$((w2 + 10)) irq_exit 14 0"
		echo "$((w2 + 20)) sched 0 40 0"
		echo "$end syscall_exit 202 0"
	} | $gen "$1" || return 1
	cat >"$1/kallsyms" <<'K'
ffffffff81000000 T schedule
ffffffff81000200 T pipe_read
ffffffff81000300 T futex_wait
ffffffff81000400 T _etext
K
	: >"$1/modules"
	printf '# LTT maps 1: the executable mappings of each process at START and at STOP (docs/stacks.md)\n@START %s\npid 40 client\n%s-%s r-xp %s 08:01 %s %s\n@STOP %s\n' \
		$T0 "$mstart" "$mend" "$foff" "$(stat -c %i "$tmp/app")" "$tmp/app" $((end + 1000)) >"$1/maps"
	echo "{\"seq\":1,\"rule\":0,\"line\":1,\"text\":\"on request if latency > 2ms then notify cat\",\"time_ns\":$end,\"start_ns\":$r0,\"type\":\"request\",\"pid\":40,\"cpu\":0,\"comm\":\"client\",\"key\":\"\",\"values\":[{\"expr\":\"latency\",\"value\":$((end - r0))},{\"expr\":\"2ms\",\"value\":2000000}],\"window_truncated\":false,\"suppressed_before\":0,\"actions\":[\"notify\"],\"snapshot\":null}" >"$1/firings.jsonl"
}
mk "$tmp/s" "header format=1.10 samplehz=997 stacks=schedchange,wakeup,sample end=$((end + 1000))" 1
ok $? "gen-trace writes the session with off-CPU and sample stacks"
mk "$tmp/n" "header format=1.10 samplehz=997 end=$((end + 1000))" ""
ok $? "the same session without stacks"

# the expected paths: the 4 innermost user frames, root first, named through nm
fold() { local f out=; for f in "$@"; do out="$f+0x4${out:+;}$out"; done; echo "$out"; }
pread=$(fold read_c parse_b serve_a main)
pfutex=$(fold lock_d serve_a main start)
psample=$(fold compute_e serve_a main start)

$tv audit --json "$tmp/s" >"$tmp/s.json" 2>"$tmp/s.err"
ok $? "audit --json of the session with stacks" || sed 's/^/# /' "$tmp/s.err"
python3 - "$tmp/s.json" "$pread" "$pfutex" "$psample" $R $F $((m - x1)) $((end - r0)) <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
pread, pfutex, psample = sys.argv[2:5]
R, F, S, L = map(int, sys.argv[5:9])
b = d["firings"][0]["instance"]["blame"]
c = b["code_paths"]
assert c is not None and c["frames"] == 4 and c["named"], c
got = {p["path"]: p["blame_ns"] for p in c["paths"]}
assert got == {pread: R, pfutex: F, psample: S}, (got, (pread, R), (pfutex, F), (psample, S))
assert got[pread] == 3 * got[pfutex], got
assert [p["path"] for p in c["paths"]] == [pread, pfutex, psample], c["paths"]
assert all(p["critical"] for p in c["paths"]), c["paths"]
assert not any("schedule" in p["path"] or f.startswith("0x") for p in c["paths"] for f in p["path"].split(";")), c["paths"]
# the paths and the time without a stack add up to the parties' blame
assert sum(got.values()) + c["no_stack_ns"] == sum(p["blame_ns"] for p in b["parties"]) == L - b["unblamed_ns"], (c, b["parties"])
PY
ok $? "the code paths: read's $R ns, futex's $F ns (3:1), the sample's $((m - x1)) ns; 4 leaf user frames named; they and the time without a stack add up to the parties'"

# the same names as the stacks command (its folded stack without the 2 kernel frames, the 4 innermost user ones)
$tv stacks --kind offcpu --pid 40 "$tmp/s" 2>/dev/null | awk '{ print $1 }' |
	awk -F';' '{ n = NF - 2; s = ""; for (i = n - 3; i <= n; i++) s = s (s == "" ? "" : ";") $i; print s }' | sort >"$tmp/st.txt"
is "$(cat "$tmp/st.txt" | tr '\n' ' ')" "$(printf '%s\n' "$pread" "$pfutex" | sort | tr '\n' ' ')" \
	"stacks --kind offcpu names the same leaf frames"

# the text: the same numbers
$tv audit "$tmp/s" >"$tmp/s.txt" 2>"$tmp/s.terr"
ok $? "audit (text) of the session with stacks"
line() { grep -F "  $1" "$tmp/s.txt" | grep -F ' us ' | head -1; }
l=$(line "$pread")
ok $(echo "$l" | grep -qE "^    \* +1 +$(awk -v v=$R 'BEGIN { printf "%.3f", v / 1000 }') us .*on the path +" &&
	[ "${l##* }" = "$pread" ]; echo $?) \
	"text: the read's path first, $R ns, selected" || grep -F 'code paths' -A5 "$tmp/s.txt" | sed 's/^/# /'
ok $(line "$pfutex" | grep -qE "^    . +2 +$(awk -v v=$F 'BEGIN { printf "%.3f", v / 1000 }') us "; echo $?) \
	"text: the futex's path second, $F ns"

is "$(json "$tmp/s.json" "j['firings'][0]['instance']['code_paths_warning']")" "null" \
	"--json: no warning when the symbol files name every frame"
# the program replaced since (another inode in the maps): its frames [unknown], said
cp -r "$tmp/s" "$tmp/w" && sed -i -E 's/ 08:01 [0-9]+ / 08:01 8 /' "$tmp/w/maps"
$tv audit --json "$tmp/w" >"$tmp/w.json"
is "$(json "$tmp/w.json" "[[p['path'] for p in j['firings'][0]['instance']['blame']['code_paths']['paths']], '$tmp/app' in j['firings'][0]['instance']['code_paths_warning']]")" \
	'[["[unknown];[unknown];[unknown];[unknown]"], true]' \
	"a program replaced since: the paths that differ only in its frames are one, and the warning names it"
$tv audit "$tmp/w" | grep -q "^    warning: $tmp/app: not the file that was mapped"
ok $? "... the text says it under the code paths"

# without stacks: nothing else changes, the code paths are unavailable
$tv audit --json "$tmp/n" >"$tmp/n.json"
ok $? "audit --json of the session without stacks"
is "$(json "$tmp/n.json" "[j['firings'][0]['instance']['blame'][k] for k in ('parties', 'sites', 'unblamed_ns')]")" \
	"$(json "$tmp/s.json" "[j['firings'][0]['instance']['blame'][k] for k in ('parties', 'sites', 'unblamed_ns')]")" \
	"the parties, sites and their blames are the same with and without stacks"
is "$(json "$tmp/n.json" "[j['firings'][0]['instance']['blame']['code_paths'], 'no stacks' in j['firings'][0]['instance']['blame']['code_paths_unavailable']]")" \
	"[null, true]" "--json without stacks: code_paths null, and why"
$tv audit "$tmp/n" >"$tmp/n.txt"
is "$(grep -c 'code paths: unavailable: the trace has no stacks' "$tmp/n.txt")" 1 "text without stacks: code paths unavailable (not 0)"

# read away from its machine: the program moved under a symfs root (DIR + its path there)
mkdir -p "$tmp/root$tmp" && mv "$tmp/app" "$tmp/root$tmp/app"
ok $? "the program moved to $tmp/root$tmp/app"
$tv audit --json "$tmp/s" >"$tmp/a.json" 2>"$tmp/a.err"
ok $? "audit --json, the program not at its path"
is "$(json "$tmp/a.json" "[[p['path'] for p in j['firings'][0]['instance']['blame']['code_paths']['paths']], j['firings'][0]['instance']['code_paths_warning']]")" \
	"[[\"[unknown];[unknown];[unknown];[unknown]\"], \"$tmp/app: cannot read its symbols (No such file or directory): its addresses are unknown\"]" \
	"without --symfs: the user frames [unknown], one path, and the warning names the file"
$tv audit "$tmp/s" | grep -A8 '^    code paths' >"$tmp/a.txt"
is "$(grep -c '[[]unknown[]];[[]unknown[]];[[]unknown[]];[[]unknown[]]$' "$tmp/a.txt"),$(grep -c "^    warning: $tmp/app: cannot read its symbols" "$tmp/a.txt")" "1,1" \
	"... the text: the path [unknown] and the warning under the code paths"
$tv audit --json --symfs "$tmp/root" "$tmp/s" >"$tmp/r.json" 2>"$tmp/r.err"
ok $? "audit --json --symfs $tmp/root" || sed 's/^/# /' "$tmp/r.err"
is "$(json "$tmp/r.json" "[[p['path'], p['blame_ns']] for p in j['firings'][0]['instance']['blame']['code_paths']['paths']] + [j['firings'][0]['instance']['code_paths_warning']]")" \
	"[[\"$pread\", $R], [\"$pfutex\", $F], [\"$psample\", $((m - x1))], null]" \
	"with --symfs: the frames named, the blames of the trace read at home, no warning"
is "$(json "$tmp/r.json" "j['firings'][0]['instance']")" "$(json "$tmp/s.json" "j['firings'][0]['instance']")" \
	"with --symfs: the whole instance as audit --json gave it with the program at its path"
$tv audit --symfs "$tmp/root" "$tmp/s" | grep -A8 '^    code paths' >"$tmp/r.txt"
is "$(grep -c '[[]unknown[]]\|warning' "$tmp/r.txt"),$(grep -cF "  $pread" "$tmp/r.txt"),$(grep -cF "  $pfutex" "$tmp/r.txt")" "0,1,1" \
	"... the text: the named paths, no [unknown], no warning"
$tv audit --symfs "$tmp/nothere" "$tmp/s" >/dev/null 2>"$tmp/bad.err"
is "$?:$(cat "$tmp/bad.err")" "1:tracevisualizer: --symfs $tmp/nothere: No such file or directory" \
	"a --symfs that does not exist: exit status 1, said (as stacks says it)"
$tv stacks --kind offcpu --symfs "$tmp/nothere" "$tmp/s" >/dev/null 2>"$tmp/bad2.err"
is "$?:$(cat "$tmp/bad2.err")" "1:$(cat "$tmp/bad.err")" "... stacks --symfs says the same"
done_testing
