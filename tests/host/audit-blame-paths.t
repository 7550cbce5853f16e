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

. "$(dirname "$0")/../lib/auditstacks.sh"
audit_stacks_app "$tmp"
ok $? "the program builds (not PIE)"

audit_stacks_session "$tmp/s" "header format=1.10 samplehz=997 stacks=schedchange,wakeup,sample end=$((end + 1000))" 1
ok $? "gen-trace writes the session with off-CPU and sample stacks"
audit_stacks_session "$tmp/n" "header format=1.10 samplehz=997 end=$((end + 1000))" ""
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
