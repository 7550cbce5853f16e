#!/bin/bash
# Multi-host traces on one clock (issue 31, "Merging"): tracevisualizer
# merge on two synthetic hosts' traces written by gen-trace
# (tests/lib/synctraces.py: a client on alpha calling a server on beta
# over TCP, beta's clock 1.5 s ahead and 100 ppm fast, each message 50 us
# plus a seeded random delay).  The model must hold the truth in its
# bounds (<= 200 us wide), its estimate too, put every receive after its
# send, keep the traces untouched; and bad input is said: the same trace
# twice, a trace with no message to the others, traces that do not
# overlap in time, too few messages, a corrupted timestamp, OUT existing.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer
bin=$TOP/tracevisualizer/build/utest
gen=$TOP/tests/lib/synctraces.py
make -s -C tracevisualizer tracevisualizer tools >/dev/null

# mk NAME ARGS... : DIR/NAME/{A,B} and DIR/NAME/truth.json
mk() {
	local d=$tmp/$1; shift
	mkdir -p "$d" && python3 "$gen" "$d" "$@" &&
		$bin/gen-trace "$d/A" < "$d/a.desc" && $bin/gen-trace "$d/B" < "$d/b.desc"
}

# 1. two hosts, 200 calls
mk good
ok $? "synctraces + gen-trace write two hosts' traces"
sums() { (cd "$tmp/good" && find A B -type f | sort | xargs sha256sum); }
before=$(sums)
$tv merge -o "$tmp/m" "$tmp/good/A" "$tmp/good/B" > "$tmp/m.txt" 2> "$tmp/m.err"
is "$?" 0 "merge of two hosts: exit status 0"
is "$(readlink "$tmp/m/host-0") $(readlink "$tmp/m/host-1")" \
	"$(realpath "$tmp/good/A") $(realpath "$tmp/good/B")" "OUT links host-0 and host-1 to the traces"
is "$(sums)" "$before" "the traces are untouched"
cm=$tmp/m/clock-model.json
is "$(json "$cm" "[h['synchronised'] for h in j['hosts']] + [j['pairs'][0]['messages_ab'], j['pairs'][0]['messages_ba']]")" \
	"[true, true, 200, 200]" "clock-model.json: both synchronised, 200 messages each way"
# the truth against the model (host 1's clock = 1.5e9 + (1 + 100e-6) t)
check() {
	python3 - "$1" "$2" <<'PY'
import json, sys
m = json.load(open(sys.argv[1])); tr = json.load(open(sys.argv[2]))
p = m["pairs"][0]; h = m["hosts"][1]
truth = lambda t: tr["offset_ns"] + (1 + tr["drift"]) * t
est = lambda t: p["offset_ns"] + (1 + p["drift_ppm"] * 1e-6) * t
out = []
for t, (lo, hi) in ((p["span_start_ns"], p["bounds_at_start_ns"]), (p["span_end_ns"], p["bounds_at_end_ns"])):
    out.append("truth-in" if lo <= truth(t) <= hi else "truth-OUT %f [%f %f]" % (truth(t), lo, hi))
    out.append("est-in" if lo - 0.1 <= est(t) <= hi + 0.1 else "est-OUT %f [%f %f]" % (est(t), lo, hi))
out.append("narrow" if p["width_ns"] <= 200000 else "wide %f" % p["width_ns"])
out.append("drift-in" if p["drift_ppm_lo"] <= tr["drift"] * 1e6 <= p["drift_ppm_hi"] else "drift-OUT")
# every receive after its send on the reference clock (host 0's)
ref = lambda host, t: t if host == 0 else (t - h["offset_ns"]) / (1 + h["drift_ppm"] * 1e-6)
bad = sum(1 for x in tr["messages"] if not x["corrupt"] and ref(x["to"], x["recv_ns"]) < ref(x["from"], x["send_ns"]))
out.append("causal" if bad == 0 else "%d-receives-before-send" % bad)
print(" ".join(out))
PY
}
is "$(check "$cm" "$tmp/good/truth.json")" "truth-in est-in truth-in est-in narrow drift-in causal" \
	"the truth and the estimate in the bounds at both ends, <= 200 us wide, every receive after its send"
# merge --messages: the messages matched, each on the reference's clock
# through the model written beside, equal to the truth's
$tv merge -o "$tmp/mm" --messages "$tmp/mm.json" "$tmp/good/A" "$tmp/good/B" > /dev/null
is "$?" 0 "merge --messages: exit status 0"
is "$(python3 - "$tmp/mm.json" "$tmp/mm/clock-model.json" "$tmp/good/truth.json" <<'PY'
import json, sys
x = json.load(open(sys.argv[1])); m = json.load(open(sys.argv[2])); tr = json.load(open(sys.argv[3]))
h = m["hosts"][1]
ref = lambda host, t: t if host == 0 else (t - h["offset_ns"]) / (1 + h["drift_ppm"] * 1e-6)
got = sorted((q["src"], q["dst"], q["send_ns"], q["recv_ns"]) for q in x["list"])
want = sorted((q["from"], q["to"], q["send_ns"], q["recv_ns"]) for q in tr["messages"] if not q["corrupt"])
out = ["same" if got == want else "differ %d %d" % (len(got), len(want))]
off = max(max(abs(q["send_ref_ns"] - ref(q["src"], q["send_ns"])), abs(q["recv_ref_ns"] - ref(q["dst"], q["recv_ns"])),
              abs(q["transit_ns"] - (q["recv_ref_ns"] - q["send_ref_ns"]))) for q in x["list"])
out.append("on-model" if off <= 1 else "off-model %f" % off)
mint = min(q["transit_ns"] for q in x["list"])
out.append("%d %d %d" % (x["messages"], x["synchronised"], x["inverted"]))
out.append("min" if abs(x["min_transit_ns"] - mint) < 0.1 and mint > 0 else "min-wrong")
print(" ".join(out))
PY
)" "same on-model 400 400 0 min" "merge --messages: the truth's 400 messages, each on the model's reference clock, none received before sent"
diag "$(grep 'host 1' "$tmp/m.txt")"
grep -q "host 1 beta (host-1, .*): offset +15000[0-9]*\.[0-9] ns, drift +[0-9.]* ppm, accuracy [0-9.]* us, via host 0 (200 messages to it, 200 from it)" "$tmp/m.txt"
ok $? "the text names host 1's offset, drift, accuracy and the pair's messages"
is "$(wc -c < "$tmp/m.err")" 0 "nothing on standard error"
$tv merge --json -o "$tmp/mj" "$tmp/good/A" "$tmp/good/B" > "$tmp/mj.json"
is "$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); [h.pop("source") for h in a["hosts"]+b["hosts"]]; print(a == b)' "$tmp/mj.json" "$tmp/mj/clock-model.json")" \
	True "--json prints clock-model.json's object"

# summary of the merged set: the model read back from clock-model.json
$tv summary "$tmp/m" > "$tmp/s.txt"
is "$?" 0 "summary OUT: exit status 0"
is "$(tail -n +2 "$tmp/s.txt")" "$(cat "$tmp/m.txt")" "summary OUT prints the model merge printed"
$tv summary --json "$tmp/m" > "$tmp/s.json"
is "$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); [p.pop("dropped_messages", None) for p in b["pairs"]]; print(a == b)' "$tmp/s.json" "$cm")" \
	True "summary --json OUT: clock-model.json's object"
$tv summary --time "$tmp/m" > /dev/null 2> "$tmp/e"
is "$?:$(head -1 "$tmp/e")" "2:tracevisualizer: summary needs one trace for --time, --from and --to (a merged set has several)" \
	"summary --time of a merged set: usage error"
# a damaged model: each one refused with what is wrong, never a crash
bad_model() {
	local name=$1 expr=$2 want=$3
	rm -rf "$tmp/bm"; cp -a "$tmp/m" "$tmp/bm"
	python3 -c "import json,sys; j=json.load(open(sys.argv[1])); $expr; json.dump(j, open(sys.argv[1], 'w'))" "$tmp/bm/clock-model.json"
	$tv summary "$tmp/bm" > /dev/null 2> "$tmp/e"
	is "$?:$(head -1 "$tmp/e")" "1:tracevisualizer: clock-model.json: $want" "a damaged model ($name): refused"
}
bad_model "a parent out of range" "j['hosts'][1]['parent'] = 7" "hosts[1].parent: out of range"
bad_model "drift outside its bounds" "j['pairs'][0]['drift_ppm'] = 1e6" "pairs[0].drift_ppm: not within drift_ppm_lo and drift_ppm_hi"
bad_model "a string offset" "j['hosts'][1]['offset_ns'] = 'x'" "hosts[1].offset_ns: of the wrong type"
bad_model "host 0 not the reference" "j['hosts'][0]['offset_ns'] = 5.0" "hosts[0].synchronised: host 0 is not the reference"
bad_model "another version" "j['version'] = 2" "version: not 1 (a newer tracevisualizer wrote it?)"
bad_model "a pair of one host" "j['pairs'][0]['b'] = 0" "pairs[0].b: the same host as a"
n=$(wc -c < "$cm") crashed=0 accepted=0
for k in $(seq 0 7 "$((n - 2))"); do
	rm -rf "$tmp/bm"; cp -a "$tmp/m" "$tmp/bm"; head -c "$k" "$cm" > "$tmp/bm/clock-model.json"
	$tv summary "$tmp/bm" > /dev/null 2>&1
	case $? in 1) ;; 0) accepted=$((accepted + 1)) ;; *) crashed=$((crashed + 1)) ;; esac
done
is "$crashed:$accepted" "0:0" "every cut of clock-model.json is refused (exit 1), none crashes"

# 2. OUT exists: refused, nothing changed
cp "$cm" "$tmp/cm.before"
$tv merge -o "$tmp/m" "$tmp/good/A" "$tmp/good/B" > /dev/null 2> "$tmp/e"
is "$?" 2 "OUT exists: exit status 2"
grep -q "m: File exists (merge writes a new directory; nothing changed)" "$tmp/e"
ok $? "OUT exists: said ($(head -1 "$tmp/e"))"
cmp -s "$cm" "$tmp/cm.before"
ok $? "OUT exists: its clock-model.json unchanged"

# 3. the same trace twice (by another path too)
$tv merge -o "$tmp/same" "$tmp/good/A" "$tmp/good/../good/A" > /dev/null 2> "$tmp/e"
is "$?" 2 "the same trace twice: exit status 2"
grep -q "are the same trace" "$tmp/e"
ok $? "the same trace twice: said ($(head -1 "$tmp/e"))"
cp -a "$tmp/good/A" "$tmp/Acopy"
$tv merge -o "$tmp/same2" "$tmp/good/A" "$tmp/Acopy" > /dev/null 2> "$tmp/e"
is "$?:$(grep -c 'are the same trace' "$tmp/e")" "2:1" "a copy of a trace is the same trace"
test ! -e "$tmp/same" && test ! -e "$tmp/same2"
ok $? "the same trace twice: no OUT written"
# two traces of one host name, their sessions overlapping in wall time:
# perhaps two sessions of one machine (one clock), said in a warning, and
# taken as two hosts (cloned guests have one name too); the two hosts of
# the first merge said nothing of it, nor one name a day apart
sed 's/ host=beta$/ host=alpha/' "$tmp/good/b.desc" > "$tmp/alpha2.desc" &&
	$bin/gen-trace "$tmp/alpha2" < "$tmp/alpha2.desc"
ok $? "beta's trace written again with host alpha"
$tv merge -o "$tmp/one" "$tmp/good/A" "$tmp/alpha2" > /dev/null 2> "$tmp/e"
st=$?
is "$st:$(grep -c "warning: $tmp/good/A and $tmp/alpha2 are both of host alpha and overlap in wall time: two sessions of one machine share its clock, they are not hosts to synchronise (taken as two hosts)" "$tmp/e")" "0:1" \
	"one host name, overlapping sessions: a warning, merged as two hosts ($(head -c 160 "$tmp/e"))"
! grep -q "both of host" "$tmp/m.err"
ok $? "alpha and beta: no such warning"
wall=$(sed -n '1s/.* wall=\([0-9]*\) .*/\1/p' "$tmp/alpha2.desc")
sed "1s/ wall=$wall / wall=$((wall + 86400000000000)) /" "$tmp/alpha2.desc" > "$tmp/alpha3.desc" &&
	$bin/gen-trace "$tmp/alpha3" < "$tmp/alpha3.desc" &&
	$tv merge -o "$tmp/one3" "$tmp/good/A" "$tmp/alpha3" > /dev/null 2> "$tmp/e"
is "$?:$(grep -c 'both of host' "$tmp/e")" "0:0" "one host name a day apart in wall time: no warning"

# 4. a third trace with no message to the others (overlapping in time)
mk none --calls 0
$tv merge -o "$tmp/m3" "$tmp/good/A" "$tmp/good/B" "$tmp/none/B" > "$tmp/m3.txt" 2> "$tmp/e"
is "$?" 5 "a trace with no message to the others: exit status 5"
grep -q "beta (host-2): unsynchronised: no message to or from the other traces" "$tmp/e"
ok $? "a trace with no message: said ($(grep -m1 unsynchronised "$tmp/e"))"
grep -q "good/B and $tmp/none/B are both of host beta and overlap in wall time" "$tmp/e"
ok $? "... and the two traces of host beta, overlapping, warned of"
is "$(json "$tmp/m3/clock-model.json" "[h['synchronised'] for h in j['hosts']] + [j['hosts'][2]['reason']]")" \
	'[true, true, false, "no message to or from the other traces"]' "clock-model.json: hosts 0 and 1 synchronised, 2 not, with the reason"
grep -q "host 2 beta (host-2, .*): UNSYNCHRONISED" "$tmp/m3.txt"
ok $? "the text says host 2 is unsynchronised"

# 5. traces that do not overlap in time (beta's a day later, no message)
mk late --calls 0 --wall-b 86400
$tv merge -o "$tmp/m4" "$tmp/good/A" "$tmp/late/B" > /dev/null 2> "$tmp/e"
is "$?" 5 "traces not overlapping in time: exit status 5"
grep -q "late/B does not overlap the other traces in time" "$tmp/e"
ok $? "traces not overlapping in time: said"

# 6. too few messages: one call (one message each way)
mk few --calls 1
$tv merge -o "$tmp/m5" "$tmp/few/A" "$tmp/few/B" > /dev/null 2> "$tmp/e"
is "$?" 5 "one call: exit status 5"
grep -q "unsynchronised: 1 messages alpha->beta, 1 beta->alpha, need >= 2 each way" "$tmp/e"
ok $? "one call: said ($(head -1 "$tmp/e"))"
is "$(json "$tmp/m5/clock-model.json" "[j['hosts'][1]['synchronised'], j['pairs'][0]['state']]")" \
	'[false, "too few messages"]' "one call: host 1 not synchronised in clock-model.json"

# 7. a corrupted timestamp: the 50th request received 5 ms before it was sent
mk bad --corrupt 50
$tv merge -o "$tmp/m6" "$tmp/bad/A" "$tmp/bad/B" > /dev/null 2> "$tmp/e"
is "$?" 0 "a corrupted timestamp: exit status 0"
grep -q "warning: hosts 0 and 1: 1 message contradicting the others dropped" "$tmp/e"
ok $? "a corrupted timestamp: the drop is said"
want=$(json "$tmp/bad/truth.json" "[[x['send_ns'], x['recv_ns']] for x in j['messages'] if x['corrupt']]")
is "$(json "$tmp/m6/clock-model.json" "[[x['send_ns'], x['recv_ns']] for x in j['pairs'][0]['dropped_messages']]")" \
	"$want" "a corrupted timestamp: the dropped message is the corrupted one"
is "$(check "$tmp/m6/clock-model.json" "$tmp/bad/truth.json")" "truth-in est-in truth-in est-in narrow drift-in causal" \
	"a corrupted timestamp: the model is as good without it"

# 7b. messages that contradict every offset beyond what may be dropped:
# two calls, one request received before it was sent (one message in 20,
# at least one, may go, leaving two each way: here one would be left)
mk worse --calls 2 --corrupt 1
$tv merge -o "$tmp/m7" "$tmp/worse/A" "$tmp/worse/B" > /dev/null 2> "$tmp/e"
is "$?" 5 "contradicting messages beyond the drop: exit status 5"
grep -q "beta (host-1): unsynchronised: the messages alpha<->beta contradict every clock offset" "$tmp/e"
ok $? "contradicting messages: said ($(head -1 "$tmp/e"))"
is "$(json "$tmp/m7/clock-model.json" "[j['hosts'][1]['synchronised'], j['pairs'][0]['state']]")" \
	'[false, "messages contradict"]' "contradicting messages: host 1 not synchronised in clock-model.json"

# 7c. a trace of an older format (1.3: no socket endpoints recorded)
mk old --calls 20
sed -i 's/format=1.4/format=1.3/; /socket_accept/d' "$tmp/old/b.desc"
rm -rf "$tmp/old/B" && $bin/gen-trace "$tmp/old/B" < "$tmp/old/b.desc"
ok $? "beta's trace written in format 1.3"
$tv merge -o "$tmp/m7old" "$tmp/good/A" "$tmp/old/B" > /dev/null 2> "$tmp/e"
is "$?" 5 "a trace of format 1.3: exit status 5"
grep -q "old/B is a trace of format 1.3, which records no socket endpoints: its messages cannot be matched to the other traces' (format 1.4 or later)" "$tmp/e"
ok $? "a trace of format 1.3: said ($(tail -1 "$tmp/e"))"

# 8. the same connection's end in two traces (beta's trace and another
# beta's): which trace holds the other end is not known, nothing is used
mk twin --calls 3 --seed 2
$tv merge -o "$tmp/m9" "$tmp/good/A" "$tmp/good/B" "$tmp/twin/B" > /dev/null 2> "$tmp/e"
is "$?" 5 "an end in two traces: exit status 5"
grep -q "warning: 3 TCP connections between the traces not used (open before a trace began: 0, in several traces: 3)" "$tmp/e"
ok $? "an end in two traces: the connections not used are said"
is "$(json "$tmp/m9/clock-model.json" "[h['synchronised'] for h in j['hosts']] + [len(j['pairs'])]")" \
	"[true, false, false, 0]" "an end in two traces: no message used, nothing placed"

# 9. three hosts: gamma (0.7 s behind, 50 ppm slow) talks to beta only,
# synchronised through it (the spanning tree)
mkdir -p "$tmp/three" && python3 "$gen" "$tmp/three" --gamma &&
	for h in a b c; do $bin/gen-trace "$tmp/three/$h" < "$tmp/three/$h.desc" || false; done
ok $? "synctraces --gamma + gen-trace write three hosts' traces"
$tv merge -o "$tmp/m10" "$tmp/three/a" "$tmp/three/b" "$tmp/three/c" > /dev/null 2> "$tmp/e"
is "$?" 0 "three hosts: exit status 0"
is "$(python3 - "$tmp/m10/clock-model.json" "$tmp/three/truth.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1])); tr = json.load(open(sys.argv[2]))
hs = m["hosts"]; out = ["parents", json.dumps([h["parent"] for h in hs])]
for k in (1, 2):
    off, d = tr["clocks"][k]
    h = hs[k]; t = (hs[0]["start_ns"] + hs[0]["end_ns"]) / 2
    err = abs(h["offset_ns"] + (1 + h["drift_ppm"] * 1e-6) * t - (off + (1 + d) * t))
    out.append("host%d-in" % k if err <= h["accuracy_ns"] else "host%d-off-by-%f>%f" % (k, err, h["accuracy_ns"]))
ref = lambda k, t: (t - hs[k]["offset_ns"]) / (1 + hs[k]["drift_ppm"] * 1e-6) if k else t
bad = sum(1 for x in tr["messages"] if ref(x["to"], x["recv_ns"]) < ref(x["from"], x["send_ns"]))
out.append("causal" if not bad else "%d-before" % bad)
print(" ".join(out))
PY
)" "parents [null, 0, 1] host1-in host2-in causal" \
	"three hosts: gamma through beta, both within their accuracy mid-trace, every receive after its send"

# 10. usage
$tv merge -o "$tmp/m7" "$tmp/good/A" > /dev/null 2> "$tmp/e"
is "$?:$(head -1 "$tmp/e")" "2:tracevisualizer merge: at least two traces to merge" "one trace: usage error"
$tv merge "$tmp/good/A" "$tmp/good/B" > /dev/null 2> "$tmp/e"
is "$?:$(head -1 "$tmp/e")" "2:tracevisualizer merge: missing -o OUT" "no -o: usage error"
$tv merge -o "$tmp/m8" "$tmp/good/A" "$tmp/nothere" > /dev/null 2> "$tmp/e"
is "$?" 1 "a trace that cannot be read: exit status 1"
test ! -e "$tmp/m8"
ok $? "a trace that cannot be read: no OUT written"
$tv merge --help | grep -q "^Exit status: 0 every host synchronised"
ok $? "merge --help documents the exit status"
$tv --help | grep -q "^  merge "
ok $? "tracevisualizer --help lists merge"

# --packets: the frames captured on both hosts matched between the traces
# as messages too (each frame out of one host's driver and into the
# other's, seen once each side); the 6th request's frame sent twice (a
# retransmission) cannot be told apart: its frames are not used, said
mk pk --packets --seed 3
ok $? "synctraces --packets + gen-trace: two hosts' traces with their frames captured"
$tv merge -o "$tmp/mp0" "$tmp/pk/A" "$tmp/pk/B" > /dev/null 2>&1
is "$(json "$tmp/mp0/clock-model.json" "[j['pairs'][0]['messages_ab'], j['pairs'][0]['messages_ba']]")" "[200, 200]" \
	"merge without --packets: the sockets' 200 messages each way, the frames not used"
$tv merge --packets -o "$tmp/mp" --messages "$tmp/mp.json" "$tmp/pk/A" "$tmp/pk/B" > /dev/null 2> "$tmp/mp.err"
is "$?" 0 "merge --packets: exit status 0"
grep -q "packets: 801 frames captured, 399 matched between the traces as messages, 3 not used as seen more than once (retransmitted), 0 seen on one side only, 0 not Ethernet IP" "$tmp/mp.err"
ok $? "... 801 frames, 399 matched, the retransmitted request's 3 frames not used, said ($(head -c 200 "$tmp/mp.err"))"
is "$(json "$tmp/mp/clock-model.json" "[j['pairs'][0]['messages_ab'], j['pairs'][0]['messages_ba']]")" "[399, 400]" \
	"clock-model.json: 200 + 199 messages alpha -> beta, 200 + 200 back"
is "$(check "$tmp/mp/clock-model.json" "$tmp/pk/truth.json")" "truth-in est-in truth-in est-in narrow drift-in causal" \
	"the truth and the estimate in the bounds at both ends, <= 200 us wide, every receive after its send"
is "$(python3 - "$tmp/mp.json" "$tmp/mp/clock-model.json" "$tmp/mp0/clock-model.json" "$tmp/pk/truth.json" <<'PY'
import json, sys
x = json.load(open(sys.argv[1])); m = json.load(open(sys.argv[2])); m0 = json.load(open(sys.argv[3]))
tr = json.load(open(sys.argv[4]))
h = m["hosts"][1]
ref = lambda host, t: t if host == 0 else (t - h["offset_ns"]) / (1 + h["drift_ppm"] * 1e-6)
got = sorted((q["src"], q["dst"], q["send_ns"], q["recv_ns"]) for q in x["list"])
want = sorted([(q["from"], q["to"], q["send_ns"], q["recv_ns"]) for q in tr["messages"]] +
              [(q["from"], q["to"], q["out_ns"], q["in_ns"]) for q in tr["packets"] if not q["dup"]])
out = ["same" if got == want else "differ %d %d" % (len(got), len(want))]
bad = sum(1 for q in tr["packets"] if ref(q["to"], q["in_ns"]) < ref(q["from"], q["out_ns"]))
out.append("causal" if bad == 0 else "%d-frames-in-before-out" % bad)
w, w0 = m["pairs"][0]["width_ns"], m0["pairs"][0]["width_ns"]
out.append("narrower" if w < w0 else "not-narrower %f >= %f" % (w, w0))
print(" ".join(out))
PY
)" "same causal narrower" \
	"merge --messages: the sockets' 400 messages and the 399 frames, each frame in after its out on the model's clock; the bounds narrower than of the sockets alone (the frames are closer to the wire)"
$tv merge --packets -o "$tmp/mp2" "$tmp/good/A" "$tmp/good/B" > /dev/null 2> "$tmp/mp2.err"
is "$?" 0 "merge --packets of traces without captured frames: synchronised on the sockets"
grep -q "warning: --packets: no frame matched between the traces" "$tmp/mp2.err"
ok $? "... and said ($(tail -1 "$tmp/mp2.err"))"
done_testing
