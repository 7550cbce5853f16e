#!/bin/bash
# tracevisualizer audit on a hand-built session (scenario L of
# utest/test-blame.c as the snapshot of a firing): the firings in order
# with their values, snapshot and notify; the slow futex call of the
# server explained (its parts add up to its 1420 ns) and blamed: the lock
# holder blocked in fsync first (999 ns), the hog off the path (396), the
# server (20), the disk irq (5), adding up to 1420; --top 2 adds the hog;
# an instant firing not analysed; the text and --json agree; a firings
# log that is missing or has a bad line: exit status 1, the line named.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null

mkdir -p "$tmp/s"
$gen "$tmp/s/snapshot-1" <<'DESC'
header ncpus=2 end=1000002000
proc PID: 30; PPID: 1; TGID: 30; NAME: server
proc PID: 31; PPID: 1; TGID: 30; NAME: locker
proc PID: 32; PPID: 1; TGID: 32; NAME: hog
buf cpu=0 start=1000000000 pid=30
1000000000 start 30 0
1000000090 syscall_entry 202
1000000100 sched 30 32 1
1000001500 sched 32 30 0
1000001510 syscall_exit 202 0
buf cpu=1 start=1000000000 pid=31
1000000000 start 31 1
1000000050 syscall_entry 74
1000000060 sched 31 0 1
1000001050 irq_entry 14 0
1000001060 wakeup 31 1 0
1000001070 irq_exit 14 0
1000001080 sched 0 31 0
1000001090 syscall_exit 74 0
1000001100 syscall_entry 202
1000001110 wakeup 30 0 0
1000001120 syscall_exit 202 1
1000001125 syscall_entry 35
1000001130 sched 31 0 1
DESC
ok $? "gen-trace writes the snapshot"
cat > "$tmp/s/firings.jsonl" <<'EOF2'
{"seq":1,"rule":0,"line":1,"text":"on syscall_exit(futex) if latency > 1us then snapshot","time_ns":1000001510,"start_ns":1000000090,"type":"syscall_exit","pid":30,"cpu":0,"comm":"server","key":"","values":[{"expr":"latency","value":1420},{"expr":"1us","value":1000}],"window_truncated":false,"suppressed_before":0,"actions":["snapshot"],"snapshot":{"dir":"snapshot-1","complete":true,"buffers":2,"dropped_events":0}}
{"seq":2,"rule":1,"line":2,"text":"on signal if sig == SIGSEGV then notify cat","time_ns":1000001900,"start_ns":1000001900,"type":"signal_deliver","pid":31,"cpu":1,"comm":"locker","key":"","values":[{"expr":"sig","value":11}],"window_truncated":false,"suppressed_before":3,"actions":["notify"],"snapshot":null}
{"notify":2,"killed":false,"exit":0}
EOF2
mkdir -p "$tmp/s2"
cp "$tmp/s/firings.jsonl" "$tmp/s2/"
# (the second firing has no snapshot: it is read in TRACEDIR, here a copy of the snapshot)
cp -r "$tmp/s/snapshot-1/." "$tmp/s/"

$tv audit "$tmp/s" > "$tmp/out.txt" 2> "$tmp/err.txt"
ok $? "audit: exit status 0"
grep -q '^firing 1 at 1.000001510 s: rule 0 (line 1): on syscall_exit(futex) if latency > 1us then snapshot$' "$tmp/out.txt"
ok $? "audit: firing 1 with its rule"
grep -q '^  condition: latency = 1420, 1us = 1000$' "$tmp/out.txt"
ok $? "audit: the condition's values"
grep -q '^  snapshot: snapshot-1 (complete, 2 buffers, 0 events dropped)$' "$tmp/out.txt"
ok $? "audit: the snapshot"
grep -q 'the parts add up to 1.420 us' "$tmp/out.txt"
ok $? "audit: the instance explained, 1.420 us"
grep -E -q '^    \*  1  task 31 locker +0\.999 us  +70\.4 %  on the critical path$' "$tmp/out.txt"
ok $? "audit: the lock holder first, 999 ns, 70.4 %, selected"
grep -E -q '^    \*  2  task 32 hog +0\.396 us  +27\.9 %  off the path' "$tmp/out.txt"
ok $? "audit: the hog second, 396 ns, off the path: selected (B2: it overlaps B1, whose least, the server, has 20 ns)"
$tv audit --top 1 "$tmp/s" | grep -E -q '^       2  task 32 hog +0\.396 us'
ok $? "audit --top 1: the hog not selected (alpha is the holder's 999 ns)"
grep -q '^  notify: exit 0$' "$tmp/out.txt" && grep -q '^  instance: not analysed in .*: an instant event (signal_deliver): no interval to explain$' "$tmp/out.txt" &&
	grep -q '^  3 matches before it not fired (hold-off)$' "$tmp/out.txt"
ok $? "audit: firing 2, instant: its notify's exit, its hold-off count, not analysed"

$tv audit --json --top 2 "$tmp/s" > "$tmp/out.json"
ok $? "audit --json --top 2: exit status 0"
python3 - "$tmp/out.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = d["firings"]
assert [x["seq"] for x in f] == [1, 2], f
i = f[0]["instance"]
assert i["analysed"] and i["latency_ns"] == 1420, i
b = i["blame"]
got = [(p["kind"], p.get("pid", p.get("irq")), p["blame_ns"], p["critical"], p["top"]) for p in b["parties"]]
want = [("task", 31, 999, True, True), ("task", 32, 396, False, True), ("task", 30, 20, True, True), ("irq", 14, 5, False, False)]
assert got == want, got
assert sum(p["blame_ns"] for p in b["parties"]) == 1420 and b["unblamed_ns"] == 0
s = b["sites"][0]
assert (s["pid"], s["state"], s["syscall"], s["blame_ns"]) == (31, "blocked_io", "fsync", 960), s
e = i["explanation"]
assert sum(t["ns"] for t in e["totals"]) == 1420, e["totals"]
assert f[1]["instance"]["analysed"] is False and f[1]["snapshot"] is None
PY
ok $? "audit --json --top 2: holder 999 (path), hog 396 (off the path, overlapping: selected), server 20, irq 5 (not): 1420 ns; the site fsync 960; the explanation's totals 1420"

$tv audit "$tmp/none" > /dev/null 2> "$tmp/err2.txt"
is "$?" 1 "audit: no firings log: exit status 1"
grep -q 'firings.jsonl: No such file or directory' "$tmp/err2.txt"
ok $? "audit: ... said"
printf '{"seq":1}\n' >> "$tmp/s2/firings.jsonl"
$tv audit "$tmp/s2" > /dev/null 2> "$tmp/err3.txt"
is "$?" 1 "audit: a line that is not a firing: exit status 1"
grep -q 'line 4 is not a firing' "$tmp/err3.txt"
ok $? "audit: ... its line named"
$tv audit --top 0 "$tmp/s" > /dev/null 2>&1
is "$?" 2 "audit --top 0: a usage error"

done_testing
