#!/bin/bash
# tracevisualizer audit on a hand-built session (scenario L of
# utest/test-blame.c as the snapshot of a firing): the firings in order
# with their values, snapshot and notify; the slow futex call of the
# server explained (its parts add up to its 1420 ns) and blamed: the lock
# holder blocked in fsync first (999 ns), the hog off the path (396), the
# server (20), the disk irq (5), adding up to 1420; --top 2 adds the hog;
# an instant firing not analysed; the text and --json agree; a firings
# log that is missing or has a bad line: exit status 1, the line named;
# a request's firing with its side and endpoints.
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
# the lines traced writes when a firing's heavy logging ends (docs/triggers.md):
# firing 1's with its counts, firing 2 skipped, firing 3 (firing 1 again)
# without counts: counted in the session's trace by pid from 1000001000 to
# 1000001200 ns: the locker (31) has its 6 events of 1090..1130 on cpu 1
# (its switch-in at 1080 is the idle task's), 116 bytes; the server (30)
# none (its events are at 90..100 and 1500..1510)
cp -a "$tmp/s" "$tmp/s3"
head -1 "$tmp/s/firings.jsonl" | sed 's/"seq":1/"seq":3/' >> "$tmp/s3/firings.jsonl"
printf '%s\n' '{"log":1,"from_ns":5,"to_ns":9,"off_ns":11,"ended":"time","why":null,"parties":[{"pid":31,"blame_ns":999,"events":40,"stacks":2,"bytes":96},{"pid":30,"blame_ns":20,"events":1,"stacks":0,"bytes":24}]}' \
	'{"log":2,"skipped":1}' \
	'{"log":3,"from_ns":1000001000,"to_ns":1000001200,"ended":"events","why":null,"parties":[{"pid":31,"blame_ns":999},{"pid":30,"blame_ns":20}]}' >> "$tmp/s3/firings.jsonl"
$tv audit --json --top 2 "$tmp/s3" > "$tmp/out3.json" 2> "$tmp/err4.txt"
ok $? "audit: a firings log with heavy logging lines: exit status 0"
is "$(jq -c '[.firings[].seq]' "$tmp/out3.json")" "[1,2,3]" \
	"audit: ... the log lines not taken for firings"
is "$(cat "$tmp/err4.txt")" "" "audit: ... no warning"
is "$(jq -c '[.firings[].heavy_log | if . == null then null elif .skipped_by then ["skipped", .skipped_by] else [.source, .from_ns, .to_ns, .ended, [.parties[] | [.pid, .blame_ns, .events, .stacks, .bytes]]] end]' "$tmp/out3.json")" \
	'[["line",5,9,"time",[[31,999,40,2,96],[30,20,1,0,24]]],["skipped",1],["trace",1000001000,1000001200,"events",[[31,999,6,0,116],[30,20,0,0,0]]]]' \
	"audit --json: each firing's heavy log: firing 1 as traced counted it, 2 skipped, 3 counted in the trace (31: 6 events, 116 bytes; 30: none)"
is "$(jq -c '.heavy_logging | [.firings, .logged, .skipped, .warnings, .blame_ns, .events, [.tasks[] | [.pid, .logs, .blame_ns, .events, .stacks, .bytes, .blame_share, .event_share, .events_per_ms]]]' "$tmp/out3.json")" \
	'[3,2,1,0,2038,47,[[31,2,1998,46,2,212,98.037,97.872,23023.023],[30,2,40,1,0,24,1.963,2.128,25000]]]' \
	"audit --json: the heavy logging over the firings: per task its blame (1998, 40 ns) against its events (46, 1): shares 98.0/97.9 and 2.0/2.1 %"
$tv audit --top 2 "$tmp/s3" > "$tmp/out3.txt" 2>&1
grep -q '^  heavy logging from 0.000000005 s to 0.000000009 s (0.004 us, ended: time; volume as traced counted it):$' "$tmp/out3.txt" &&
	grep -q '^    task 31: blame 0.999 us, 40 events, 2 stacks, 96 bytes$' "$tmp/out3.txt" &&
	grep -q '^  heavy logging: none, that of firing 1 was still on$' "$tmp/out3.txt" &&
	grep -q '^  heavy logging from 1.000001000 s to 1.000001200 s (0.200 us, ended: events; volume counted in the trace):$' "$tmp/out3.txt" &&
	grep -q '^    task 31: blame 0.999 us, 6 events, 0 stacks, 116 bytes$' "$tmp/out3.txt" &&
	grep -q '^    task 30: blame 0.020 us, 0 events, 0 stacks, 0 bytes$' "$tmp/out3.txt"
ok $? "audit: each firing's heavy log in the text, the same numbers"
grep -q '^heavy logging over 3 firings: 2 logged, 1 skipped, 0 with a warning$' "$tmp/out3.txt" &&
	grep -E -q '^ +31 +2 +1\.998 +98\.0% +46 +97\.9% +23023\.023$' "$tmp/out3.txt" &&
	grep -E -q '^ +30 +2 +0\.040 +2\.0% +1 +2\.1% +25000\.000$' "$tmp/out3.txt" &&
	grep -E -q '^  total +2\.038 +47$' "$tmp/out3.txt"
ok $? "audit: the heavy logging over the firings in the text, the same numbers"
# bad log lines: fields missing, a window outside the trace: warnings, no crash
cp -a "$tmp/s3" "$tmp/s4"
sed -i '/"log":1,/d; /"log":3,/d' "$tmp/s4/firings.jsonl"
printf '%s\n' '{"log":1,"ended":"time","parties":[{"pid":31,"blame_ns":999}]}' \
	'{"log":3,"from_ns":2000000000,"to_ns":2000001000,"ended":"time","why":null,"parties":[{"pid":31,"blame_ns":999}]}' >> "$tmp/s4/firings.jsonl"
$tv audit --json --top 2 "$tmp/s4" > "$tmp/out4.json" 2> "$tmp/err5.txt"
ok $? "audit: bad heavy log lines: exit status 0"
grep -q '^tracevisualizer: warning: firing 1: its log line has no from_ns or to_ns: the volume is unknown$' "$tmp/err5.txt" &&
	grep -q '^tracevisualizer: warning: firing 3: its log window (2000000000 to 2000001000 ns) is outside the trace (1000000000 to 1000002000): the volume is unknown$' "$tmp/err5.txt"
ok $? "audit: ... a warning for the line without a window and for the window outside the trace"
is "$(jq -c '[.firings[].heavy_log | if .skipped_by then "skipped" else [.source, .parties[0].events] end], [.heavy_logging | .warnings, .events, (.tasks[] | .volume_unknown)]' "$tmp/out4.json" | tr '\n' ' ')" \
	'[["unknown",null],"skipped",["unknown",null]] [2,0,2] ' \
	"audit --json: ... their volume unknown (null), not 0, and counted as such"
# a logging that ended on its sample (log ... or 2 matched + 1 unmatched):
# its matched and unmatched instances with their values, in the text and
# --json; firing 1's line, of a traced without samples, says nothing of
# one (null, not 0); a sample whose counts do not match its instances is
# left out with a warning
cp -a "$tmp/s3" "$tmp/s6"
sed -i '/"log":3,/d' "$tmp/s6/firings.jsonl"
printf '%s\n' '{"log":3,"from_ns":1000001000,"to_ns":1000001200,"off_ns":1000001300,"ended":"sample","why":null,"parties":[{"pid":31,"blame_ns":999,"events":6,"stacks":0,"bytes":116}],"sample":{"matched_goal":2,"unmatched_goal":1,"matched":2,"unmatched":1,"instances":[{"matched":false,"time_ns":1000001050,"start_ns":1000001040,"pid":30,"comm":"server","values":[{"expr":"latency","value":10},{"expr":"1us","value":1000,"samples":0}]},{"matched":true,"time_ns":1000001100,"start_ns":1000000000,"pid":30,"comm":"server","values":[{"expr":"latency","value":1100},{"expr":"1us","value":1000,"samples":0}]},{"matched":true,"time_ns":1000001150,"start_ns":1000000100,"pid":31,"comm":null,"values":[{"expr":"latency","value":1050},{"expr":"1us","value":null}]}]}}' >> "$tmp/s6/firings.jsonl"
$tv audit --json --top 2 "$tmp/s6" > "$tmp/out6.json" 2> "$tmp/err6.txt"
ok $? "audit: a log line with a sample: exit status 0" || sed 's/^/# /' "$tmp/err6.txt"
is "$(jq -c '[.firings[].heavy_log | if . == null or .skipped_by then null else [.ended, (.sample | if . then del(.instances[].explanation) else . end)] end]' "$tmp/out6.json")" \
	'[["time",null],null,["sample",{"matched_goal":2,"unmatched_goal":1,"matched_ppm":1000000,"unmatched_ppm":1000000,"matched_seen":null,"unmatched_seen":null,"matched":2,"unmatched":1,"instances":[{"matched":false,"time_ns":1000001050,"start_ns":1000001040,"pid":30,"comm":"server","values":[{"expr":"latency","value":10},{"expr":"1us","value":1000}]},{"matched":true,"time_ns":1000001100,"start_ns":1000000000,"pid":30,"comm":"server","values":[{"expr":"latency","value":1100},{"expr":"1us","value":1000}]},{"matched":true,"time_ns":1000001150,"start_ns":1000000100,"pid":31,"comm":null,"values":[{"expr":"latency","value":1050},{"expr":"1us","value":null}]}],"explained_error":null}]]' \
	"audit --json: firing 3's sample (ended: sample), its instances and values as the line gives them (a line of a traced before 'at P%': each kept, 1000000 ppm, the counts drawn from unknown: null); firing 1's line without one: null"
$tv audit --top 2 "$tmp/s6" > "$tmp/out6.txt" 2>&1
awk '/^  heavy logging from 1.000001000/ { on = 1; print; next } on && /^    / { print; next } { on = 0 }' "$tmp/out6.txt" > "$tmp/log6.txt"
printf '%s\n' '  heavy logging from 1.000001000 s to 1.000001200 s (0.200 us, ended: sample; volume as traced counted it):' \
	'    task 31: blame 0.999 us, 6 events, 0 stacks, 116 bytes' \
	"    sample of the rule's instances while logged: 2 of 2 matched, 1 of 1 unmatched" \
	'      matched   at 1.000001100 s, task 30 server: latency = 1100, 1us = 1000' \
	'        30 server from 0.000000000 to 0.000001100 s (1.100 us):' \
	'                 1.000 us  90.9%  30 server blocked (futex) (1 piece)' \
	'                 0.100 us   9.1%  30 server (2 pieces)' \
	'            ... 3 more pieces (--json lists them all)' \
	'      matched   at 1.000001150 s, task 31 ?: latency = 1050, 1us = unknown' \
	'        31 locker from 0.000000100 to 0.000001150 s (1.050 us):' \
	'                 0.960 us  91.4%  31 locker blocked (io) (1 piece)' \
	'                 0.050 us   4.8%  31 locker (5 pieces)' \
	'                 0.020 us   1.9%  31 locker runnable (1 piece)' \
	'                 0.020 us   1.9%  31 locker blocked (sleep) (1 piece)' \
	'            ... 8 more pieces (--json lists them all)' \
	'      unmatched at 1.000001050 s, task 30 server: latency = 10, 1us = 1000' \
	'        30 server from 0.000001040 to 0.000001050 s (0.010 us):' \
	'                 0.010 us 100.0%  30 server blocked (futex) (1 piece)' \
	'            ... 1 more pieces (--json lists them all)' > "$tmp/want6.txt"
diff "$tmp/want6.txt" "$tmp/log6.txt" > "$tmp/diff6.txt"
ok $? "audit: the sample in the text, the matched then the unmatched instances, each explained in the session's trace (its own log: where its time went)" || sed 's/^/# /' "$tmp/diff6.txt"
# each sampled instance explained in the session's trace, as latency
# --explain explains an interval: its task over its start to its time,
# the parts adding up to its latency (AUDIT's logs of good and bad
# requests side by side: the slow ones blocked on the lock and its
# holder in the disk, the fast one blocked 10 ns)
is "$(jq -c '[.firings[2].heavy_log.sample.instances[] | [.matched, .explanation.pid, .explanation.start_ns, .explanation.duration_ns, (.explanation.totals | map(.ns) | add), (.explanation.items | map(.duration_ns) | add), .explanation.totals[0].type, .explanation.totals[0].reason]]' "$tmp/out6.json")" \
	'[[false,30,1000001040,10,10,10,"blocked","futex"],[true,30,1000000000,1100,1100,1100,"blocked","futex"],[true,31,1000000100,1050,1050,1050,"blocked","io"]]' \
	"audit --json: each sampled instance explained: its task from its start, its parts (totals and items) adding up to its latency, the slow ones blocked on the futex and in the disk"
cp -a "$tmp/s6" "$tmp/s10"
rm "$tmp/s10/events"
$tv audit --json --top 2 "$tmp/s10" > "$tmp/out10.json" 2> "$tmp/err10.txt"
is "$?:$(jq -c '.firings[2].heavy_log.sample | [(.explained_error | type), ([.instances[].explanation] | unique)]' "$tmp/out10.json")" \
	'1:["string",[null]]' "audit: the session's events missing: the sample not explained (null), the error said with it (status 1: firing 2, without a snapshot, cannot be analysed either)"
grep -q "^tracevisualizer: warning: the samples' instances not explained: " "$tmp/err10.txt"
ok $? "audit: ... and on stderr, as a warning" || sed 's/^/# /' "$tmp/err10.txt"
ok $(grep -c "sample of the rule" "$tmp/out6.txt" | grep -qx 1; echo $?) "audit: ... and none for firing 1's log"
# a sample drawn at 50 % and 25 % (log ... or 2 matched at 50% + 1
# unmatched at 25%): the probabilities and the instances drawn from in
# the text and --json; a probability of 0 or over 10^6 ppm, or fewer
# drawn from than kept, is a malformed sample
cp -a "$tmp/s6" "$tmp/s8"
sed -i 's/"sample":{"matched_goal":2,"unmatched_goal":1,/&"matched_ppm":500000,"unmatched_ppm":250000,"matched_seen":5,"unmatched_seen":3,/' "$tmp/s8/firings.jsonl"
$tv audit --json --top 2 "$tmp/s8" > "$tmp/out8.json" 2> "$tmp/err8.txt"
ok $? "audit: a sample drawn at 50 % and 25 %: exit status 0" || sed 's/^/# /' "$tmp/err8.txt"
is "$(jq -c '.firings[2].heavy_log.sample | [.matched_ppm, .unmatched_ppm, .matched_seen, .unmatched_seen, .matched, .unmatched]' "$tmp/out8.json")" \
	'[500000,250000,5,3,2,1]' "audit --json: its probabilities in ppm and the instances drawn from"
$tv audit --top 2 "$tmp/s8" > "$tmp/out8.txt" 2>&1
grep -qxF "    sample of the rule's instances while logged: 2 of 2 matched (drawn at 50 % from 5 seen), 1 of 1 unmatched (drawn at 25 % from 3 seen)" "$tmp/out8.txt"
ok $? "audit: ... in the text, after each kind's count" || grep "sample of" "$tmp/out8.txt" | sed 's/^/# /'
for bad in '"matched_ppm":500000/"matched_ppm":0' '"unmatched_ppm":250000/"unmatched_ppm":1000001' '"matched_seen":5/"matched_seen":1'; do
	cp -a "$tmp/s8" "$tmp/s9"
	sed -i "s/$bad/" "$tmp/s9/firings.jsonl"
	$tv audit --json --top 2 "$tmp/s9" > "$tmp/out9.json" 2> "$tmp/err9.txt"
	is "$?:$(jq -c '.firings[2].heavy_log | [.sample, .warning]' "$tmp/out9.json")" \
		"0:[null,\"its log line's sample is malformed: left out\"]" "audit: a sample with ${bad%%/*} made ${bad#*/}: left out with a warning"
	rm -rf "$tmp/s9"
done
sed -i 's/"matched":2,"unmatched":1,"instances"/"matched":3,"unmatched":1,"instances"/' "$tmp/s6/firings.jsonl"
$tv audit --json --top 2 "$tmp/s6" > "$tmp/out7.json" 2> "$tmp/err7.txt"
ok $? "audit: a malformed sample: exit status 0"
grep -q "^tracevisualizer: warning: firing 3: its log line's sample is malformed: left out$" "$tmp/err7.txt"
ok $? "audit: ... a warning names it"
is "$(jq -c '.firings[2].heavy_log | [.sample, .warning]' "$tmp/out7.json")" \
	"[null,\"its log line's sample is malformed: left out\"]" "audit: ... left out (null) with a warning"

$tv audit --top 0 "$tmp/s" > /dev/null 2>&1
is "$?" 2 "audit --top 0: a usage error"

# a request's firing says its side and its socket's endpoints (the text
# and --json); one of an older traced, without them, says nothing of them
mkdir -p "$tmp/s5" && cp -r "$tmp/s/." "$tmp/s5/"
head -1 "$tmp/s/firings.jsonl" | sed 's/"type":"syscall_exit"/"type":"request","side":"caller","local":"10.0.1.1:50854","peer":"10.0.1.2:7201"/' >"$tmp/s5/firings.jsonl"
head -1 "$tmp/s/firings.jsonl" | sed 's/"seq":1/"seq":2/; s/"type":"syscall_exit"/"type":"request"/' >>"$tmp/s5/firings.jsonl"
$tv audit "$tmp/s5" >"$tmp/out5.txt" 2>&1
grep -q '^  request at its caller (10.0.1.1:50854 -> 10.0.1.2:7201) of task 30 server on cpu 0, from ' "$tmp/out5.txt" &&
	grep -q '^  request of task 30 server on cpu 0, from ' "$tmp/out5.txt"
ok $? "audit: a request's side and endpoints in the text, none for a line without them" ||
	sed 's/^/# /' "$tmp/out5.txt"
$tv audit --json "$tmp/s5" >"$tmp/out5.json"
is "$(jq -c '[.firings[] | [.type, .side, .local, .peer, has("side")]]' "$tmp/out5.json")" \
	'[["request","caller","10.0.1.1:50854","10.0.1.2:7201",true],["request",null,null,null,false]]' \
	"audit --json: the same"

done_testing
