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

# the session (tests/lib/auditsession.sh, which the front ends' tests share)
. "$TOP/tests/lib/auditsession.sh"
audit_session "$tmp/s"
ok $? "gen-trace writes the snapshot"
mkdir -p "$tmp/s2"
cp "$tmp/s/firings.jsonl" "$tmp/s2/"

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
# the line traced writes when a firing's heavy logging ends (docs/triggers.md)
cp -a "$tmp/s" "$tmp/s3"
printf '%s\n' '{"log":1,"from_ns":5,"to_ns":9,"ended":"time","why":null,"parties":[{"pid":3,"blame_ns":999,"events":4,"stacks":2,"bytes":96}]}' \
	'{"log":2,"skipped":1}' >> "$tmp/s3/firings.jsonl"
$tv audit --json --top 2 "$tmp/s3" > "$tmp/out3.json" 2> "$tmp/err4.txt"
ok $? "audit: a firings log with heavy logging lines: exit status 0"
is "$(jq -c '[.firings[].seq]' "$tmp/out3.json")" "$(jq -c '[.firings[].seq]' "$tmp/out.json")" \
	"audit: ... the same firings, the log lines not taken for firings"
$tv audit --top 0 "$tmp/s" > /dev/null 2>&1
is "$?" 2 "audit --top 0: a usage error"

done_testing
