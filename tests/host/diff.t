#!/bin/bash
# tracevisualizer diff A B (issue 35, "A diff of two runs that adds up"):
# a trace against itself is all zero (every corpus trace); a synthetic run
# B whose second worker sleeps exactly 20 ms more puts exactly 20 000 000
# ns in that worker's blocked-sleep part, matched by role (the second
# child of its parent in fork order) although B's pids are in the other
# order; every process's parts add up to its change, and each blocked
# part's wakers to the part, on the --json (tests/lib/diffcheck.py); the
# worst change explained; usage errors.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
gen=$TOP/tracevisualizer/build/utest/gen-trace
[ -x "$gen" ] || make -s -C tracevisualizer >/dev/null
check="python3 tests/lib/diffcheck.py"

. "$(dirname "$0")/../lib/diffruns.sh"
gen "$tmp/a" 7 8 10000000 10000000 && gen "$tmp/b" 18 17 10000000 30000000
ok $? "gen-trace: run A, and run B whose second worker sleeps 20 ms more (pids in the other order)"
$tv check "$tmp/a" >/dev/null && $tv check "$tmp/b" >/dev/null
ok $? "both runs conserve time (check)"

# ---- a trace against itself: all zero -------------------------------------
for t in "$tmp/a" tests/corpus/guest-mix tests/corpus/guest-lost tests/corpus/rpc-requests; do
	$tv diff --json "$t" "$t" > "$tmp/self.json" 2>/dev/null
	ok $? "diff --json $t $t"
	got=$($check zero "$tmp/self.json")
	case $got in "ok "[1-9]*) ok 0 "$t against itself: every process matched, every change 0 ($got)" ;;
	*) ok 1 "$t against itself: every process matched, every change 0" || diag "$got" ;; esac
	is "$($check sums "$tmp/self.json")" ok "$t against itself: the parts add up"
	is "$(python3 -c 'import json,sys; print(json.load(sys.stdin)["explained"])' < "$tmp/self.json")" \
		None "$t against itself: nothing to explain"
done

# ---- the injected 20 ms ---------------------------------------------------
$tv diff --json "$tmp/a" "$tmp/b" > "$tmp/ab.json"
ok $? "diff --json A B"
is "$($check sums "$tmp/ab.json")" ok "A B: every process's parts add up to its change, wakers to their part"
is "$($check part "$tmp/ab.json" /worker#1 'blocked sleep')" "20000000 20000000 blocked sleep" \
	"the second worker (pid 8 in A, 17 in B): +20 000 000 ns, all of it blocked sleep"
is "$(python3 -c '
import json, sys
d = json.load(sys.stdin)["diff"]
w = [p for p in d["matched"] if p["key"].endswith("/worker#1")][0]
print(w["pid_a"], w["pid_b"], [x["label"] for x in w["parts"] if x["delta_ns"]],
      [(x["waker"], x["delta_ns"]) for x in w["wakers"] if x["delta_ns"]])' < "$tmp/ab.json")" \
	"8 17 ['blocked sleep'] [('irq 236', 20000000)]" \
	"matched by role, not pid (8 -> 17); no other part changed; the 20 ms ended by irq 236"
is "$($check part "$tmp/ab.json" /worker#0 'blocked sleep')" "0 0 user" \
	"the first worker (7 -> 18): no change"
is "$(python3 -c '
import json, sys
j = json.load(sys.stdin)
e = j["explained"]
print(e["key"], e["part"]["label"], e["trace"], e["pid"], e["duration_ns"], e["explain"]["state"])' < "$tmp/ab.json")" \
	"init#0/sh#0/worker#1 blocked sleep b 17 30001000 blocked_sleep" \
	"the worst change explained: the worker's longest sleep in B, as explain tells it"
is "$(python3 -c '
import json, sys
d = json.load(sys.stdin)["diff"]
print(" ".join("%s:%d%d" % (p["name"], p["whole_a"], p["whole_b"]) for p in sorted(d["matched"], key=lambda p: p["key"])))' < "$tmp/ab.json")" \
	"init:11 sh:11 worker:00 worker:00" \
	"init and sh alive over the whole of both traces (their change is the traces' lengths), the workers not"
$tv diff "$tmp/a" "$tmp/b" > "$tmp/ab.txt"
ok $? "diff A B (text)"
grep -A1 ' worker (pid 8 -> 17)  init#0/sh#0/worker#1$' "$tmp/ab.txt" | grep -q '^ *+20\.000000  blocked sleep  *10\.001000 ->  *30\.001000$'
ok $? "text: the worker's line, then +20.000000 blocked sleep (10.001000 -> 30.001000 ms)" || diag "$(sed -n 1,30p "$tmp/ab.txt")"
grep -q '^17 worker at .*: blocked (sleep) in clock_nanosleep$' "$tmp/ab.txt"
ok $? "text: the explanation of explain (the state in the middle of the longest sleep)"
# B against A: the opposite change
$tv diff --json "$tmp/b" "$tmp/a" > "$tmp/ba.json"
is "$($check part "$tmp/ba.json" /worker#1 'blocked sleep')" "-20000000 -20000000 blocked sleep" \
	"B A: -20 000 000 ns, blocked sleep"

# ---- two different traces: unmatched processes apart, sums -----------------
$tv diff --json tests/corpus/guest-mix tests/corpus/rpc-requests > "$tmp/x.json" 2>/dev/null
ok $? "diff --json of two corpus traces"
is "$($check sums "$tmp/x.json")" ok "two corpus traces: every process's parts add up (matched and unmatched)"
is "$(python3 -c '
import json, sys
d = json.load(sys.stdin)["diff"]
print(len(d["matched"]), len(d["only_a"]), len(d["only_b"]),
      all(p["b_ns"] == 0 and p["delta_ns"] == -p["a_ns"] for p in d["only_a"]),
      all(p["a_ns"] == 0 and p["delta_ns"] == p["b_ns"] for p in d["only_b"]))' < "$tmp/x.json")" \
	"1 45 4 True True" "only init matched; the others apart, with their totals"
$tv diff --json tests/corpus/guest-mix "$tmp/a" > "$tmp/y.json" 2>/dev/null
is "$($check sums "$tmp/y.json")" ok "a corpus trace against a synthetic one: the parts add up"

# ---- --top N: the N worst changes explained ----------------------------------
# (two different traces, many changed processes): the first is the one
# explained without --top; then distinct matched processes, each with a
# change, each explained by its part of largest |change| (neither
# unaccounted nor the rest of the syscalls), as many as asked or as there
# are; the text says each
m=tests/corpus/guest-mix l=tests/corpus/guest-lost
$tv diff --json "$m" "$l" > "$tmp/ml1.json" 2>/dev/null &&
	$tv diff --json --top 5 "$m" "$l" > "$tmp/ml5.json" 2>/dev/null &&
	$tv diff --top 5 "$m" "$l" > "$tmp/ml5.txt" 2>/dev/null
ok $? "diff --top 5 (text and --json) of guest-mix and guest-lost"
is "$(python3 - "$tmp/ml1.json" "$tmp/ml5.json" <<'PY'
import json, sys
one, five = (json.load(open(f)) for f in sys.argv[1:3])
ex = [five['explained']] + five['explained_more']
matched = {p['key']: p for p in five['diff']['matched']}
def best(p):
    c = [x for x in p['parts'] if x['delta_ns'] and x['kind'] not in ('unaccounted', 'syscall-rest')]
    return max(c, key=lambda x: abs(x['delta_ns'])) if c else None
keys = [e['key'] for e in ex]
bad = [e['key'] for e in ex if e['key'] not in matched or not matched[e['key']]['delta_ns']
       or best(matched[e['key']]) != e['part'] or e['duration_ns'] <= 0]
can = sum(1 for p in matched.values() if best(p))
print(one['explained'] == five['explained'], len(ex) == min(5, can), len(set(keys)) == len(keys), bad)
PY
)" "True True True []" "--top 5: the first the one explained without it, then distinct changed processes, each by its largest part"
is "$(grep -c '^The \(worst\|[2-5]\(nd\|rd\|th\) worst\) change explained: ' "$tmp/ml5.txt")" \
	"$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(1 + len(j["explained_more"]))' "$tmp/ml5.json")" \
	"--top 5 text: one 'worst change explained' per explained process"
$tv diff --top 0 "$m" "$l" 2>"$tmp/err"; is "$?" 2 "--top 0: usage error"

# ---- usage -------------------------------------------------------------------
$tv diff "$tmp/a" 2>"$tmp/err"; is "$?" 2 "diff with one trace: usage error"
grep -q 'diff needs two traces' "$tmp/err"; ok $? "... saying it needs two"
$tv processes "$tmp/a" "$tmp/b" 2>/dev/null; is "$?" 2 "another command with two traces: usage error"
$tv diff --help > "$tmp/help"; ok $? "diff --help"
grep -q 'diff \[OPTIONS\] TRACEDIR-A TRACEDIR-B' "$tmp/help"; ok $? "its usage line names the two traces"
$tv diff "$tmp/a" "$tmp/nosuch" 2>/dev/null; is "$?" 1 "a trace that cannot be read: status 1"
$tv --help | grep -q '^  diff '; ok $? "diff in tracevisualizer --help"
grep -q '^\.B diff$' docs/tracevisualizer.1; ok $? "diff in the man page"
done_testing
