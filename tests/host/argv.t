#!/bin/bash
# argv.t - exec records with the process's arguments (format 1.12,
# struct ltt_exec_argv after the file name): dump --json gives "argv" and
# "cmdline", the description and the filter read them, processes --json
# gives each process its last command line, damaged arguments are said and
# lose nothing else; and diff matches two runs of one program with
# different arguments by command line, not by fork order: in A the first
# worker is "worker --fast -n 1" (10 ms asleep) and the second "worker
# --slow -n 2" (30 ms), in B the fork order is the other way round and the
# slow one sleeps 5 ms more (35 ms).  By role, worker#0 would be the fast
# one in A and the slow one in B (+25 ms); by command line each is paired
# with itself and the 5 ms land in the slow one's blocked sleep.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null
. "$(dirname "$0")/../lib/diffruns.sh"

gen "$tmp/a" 7 8 10000000 30000000 "--fast -n 1" "--slow -n 2" &&
	gen "$tmp/b" 18 17 35000000 10000000 "--slow -n 2" "--fast -n 1"
ok $? "gen-trace: run A (fast, then slow) and run B (slow, 5 ms slower, then fast)"

# ---- the exec event's fields ------------------------------------------------
is "$($tv dump --json --filter 'type == exec' "$tmp/a" | python3 -c '
import json, sys
for e in json.load(sys.stdin)["events"]:
    a = e["args"]
    print(a["pid"], a["filename"], a["argv"], repr(a["cmdline"]), a["argv_cut"], "argv_error" in a)')" \
	"7 /bin/worker ['worker', '--fast', '-n', '1'] 'worker --fast -n 1' False False
8 /bin/worker ['worker', '--slow', '-n', '2'] 'worker --slow -n 2' False False" \
	"dump --json: each exec's argv (a list), cmdline, argv_cut false, no argv_error"
is "$($tv dump "$tmp/a" | sed -n 's/.* - \(exec .*\)/\1/p')" \
	'exec /bin/worker cmdline="worker --fast -n 1"
exec /bin/worker cmdline="worker --slow -n 2"' \
	"dump: the description gives the command line"
is "$($tv dump --json --filter 'cmdline =~ "slow"' "$tmp/a" | python3 -c '
import json, sys
print([e["pid"] for e in json.load(sys.stdin)["events"]])')" "[8]" \
	"filter: cmdline =~ \"slow\" finds the slow worker's exec alone"
is "$($tv processes --json "$tmp/b" | python3 -c '
import json, sys
print(" ".join("%d:%s" % (p["pid"], p["cmdline"]) for p in json.load(sys.stdin)["processes"]))')" \
	"1:None 5:None 17:worker --fast -n 1 18:worker --slow -n 2" \
	"processes --json: each worker's cmdline from its exec; init and sh unknown (null)"

# ---- the diff: matched by command line ---------------------------------------
$tv diff --json "$tmp/a" "$tmp/b" > "$tmp/ab.json"
ok $? "diff --json A B"
is "$(python3 -c '
import json, sys
d = json.load(sys.stdin)["diff"]
for p in sorted(d["matched"], key=lambda p: p["key"]):
    print(p["key"], p.get("key_b", "-"), p["match"], p["pid_a"], p["pid_b"], p["cmdline"])' < "$tmp/ab.json")" \
	"init#0 - role 1 1 None
init#0/sh#0 - role 5 5 None
init#0/sh#0/worker#0 init#0/sh#0/worker#1 cmdline 7 17 worker --fast -n 1
init#0/sh#0/worker#1 init#0/sh#0/worker#0 cmdline 8 18 worker --slow -n 2" \
	"the workers matched by command line across their roles (7 -> 17, 8 -> 18), init and sh by role"
is "$(python3 -c '
import json, sys
d = json.load(sys.stdin)["diff"]
for p in sorted(d["matched"], key=lambda p: p["key"]):
    if p["match"] == "cmdline":
        print(p["cmdline"], [(x["label"], x["delta_ns"]) for x in p["parts"] if x["label"] == "blocked sleep"])' < "$tmp/ab.json")" \
	"worker --fast -n 1 [('blocked sleep', 0)]
worker --slow -n 2 [('blocked sleep', 5000000)]" \
	"the injected 5 ms in the slow worker's blocked sleep, none in the fast one's"
is "$(python3 tests/lib/diffcheck.py sums "$tmp/ab.json")" ok "the parts add up to each change"
$tv diff "$tmp/a" "$tmp/b" > "$tmp/ab.txt"
grep -q ' worker (pid 8 -> 18)  init#0/sh#0/worker#1  \[cmdline: worker --slow -n 2\]$' "$tmp/ab.txt" &&
	grep -q ' sh (pid 5 -> 5)  init#0/sh#0  \[whole trace\]$' "$tmp/ab.txt"
ok $? "text: the slow worker's pair (8 -> 18) marked [cmdline: ...], sh's (by role) not" ||
	diag "$(grep pid "$tmp/ab.txt")"
# the same runs without arguments (as before format 1.12): matched by role
gen "$tmp/a0" 7 8 10000000 30000000 && gen "$tmp/b0" 18 17 35000000 10000000
is "$($tv diff --json "$tmp/a0" "$tmp/b0" | python3 -c '
import json, sys
d = json.load(sys.stdin)["diff"]
print(sorted((p["match"], p["pid_a"], p["pid_b"], p["cmdline"]) for p in d["matched"] if p["name"] == "worker"))')" \
	"[('role', 7, 18, None), ('role', 8, 17, None)]" \
	"no arguments in the traces: the workers matched by role (fork order), no cmdline"

# ---- damaged arguments --------------------------------------------------------
# "/bin/x" NUL, then a block claiming 200 bytes (0xc8) past its record; one
# not NUL-terminated; and one of 300 bytes cut by the module (flag 1)
"$gen" "$tmp/bad" <<'DESC'
header ncpus=1 end=1000100000 format=1.12
proc PID: 5; PPID: 1; TGID: 5; NAME: sh
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000010000 exec_raw 5 2f62696e2f7800a500c8006100
1000020000 exec_raw 5 2f62696e2f7900a5000200ff61
1000030000 execv 5 1 /bin/z z %c3%28 ok
DESC
ok $? "gen-trace: three execs with damaged or cut arguments"
is "$($tv dump --json "$tmp/bad" | python3 -c '
import json, sys
for e in json.load(sys.stdin)["events"]:
    a = e["args"]
    if e["type"] == "exec":
        print(a["filename"], ascii(a.get("argv")), ascii(a.get("cmdline")), a.get("argv_cut"), a.get("argv_error"))')" \
	"/bin/x None None None argv longer than its record
/bin/y None None None argv not NUL-terminated
/bin/z ['z', '\\ufffd(', 'ok'] 'z \\ufffd( ok' True None" \
	"dump --json: the damaged arguments' error, the file name kept; a cut one flagged; a non-UTF-8 byte as U+FFFD"
$tv dump "$tmp/bad" > "$tmp/bad.txt"
ok $? "dump reads the damaged trace"
grep -aq 'exec /bin/x argv_error="argv longer than its record"$' "$tmp/bad.txt" &&
	LC_ALL=C grep -aq 'exec /bin/z cmdline="z .( ok" (cut)$' "$tmp/bad.txt"
ok $? "dump: the error and the cut in the descriptions" || diag "$(grep exec "$tmp/bad.txt")"
is "$($tv processes --json "$tmp/bad" | python3 -c '
import json, sys
print([p["name"] + ":" + ascii(p["cmdline"]) for p in json.load(sys.stdin)["processes"] if p["pid"] == 5])')" \
	"[\"z:'z \\\\ufffd( ok'\"]" \
	"processes --json: the last exec's command line (its non-UTF-8 byte as U+FFFD)"
$tv check "$tmp/bad" >/dev/null
ok $? "check: the damaged arguments are not a conservation error"
done_testing
