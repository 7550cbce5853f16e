#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# export.t - tracevisualizer export read back by the peers' own tools:
# --pcap by capinfos and tshark (count, ns time stamps, lengths,
# interfaces, directions, conversations, payload bytes) against dump
# --json; --ctf by babeltrace2 (no error nor warning but the discarded
# events, which must be our lost counts; event counts) and by its library
# bt2 field by field (tests/lib/ctfcheck.py); --json-events against dump
# and summary --json (tests/lib/techeck.py); on synthetic traces: every
# event type with edge values, lost events (before the first buffer, in
# the middle, after the last), format 1.2, a flight recorder, the real
# guest traces of tests/corpus, a cut trace, random corruptions.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/export.sh"
tv=$TOP/tracevisualizer
T=$tv/tracevisualizer
gen=$tv/build/utest/gen-trace
PY=/usr/bin/python3	# Debian's, with python3-bt2
export_tools_or_skip
make -C "$tv" -s tracevisualizer tools >/dev/null 2>&1 || { plan 1; ok 1 "make -C tracevisualizer"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- pcap ----------------------------------------------------------------
# frames with an Ethernet header (as the module captures them on lo and
# Ethernet devices): UDP and TCP over lo with known payloads, UDP on eth0
# (documentation addresses 192.0.2.0/24: bytes in a file, no traffic)
read -r udp tcp eth < <($PY - <<'PYEOF'
import struct
def csum(b):
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b)); s = (s >> 16) + (s & 0xffff)
    return ~(s + (s >> 16)) & 0xffff
def ip4(src, dst, proto, payload):
    h = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(payload), 1, 0, 64, proto, 0,
                    bytes(src), bytes(dst))
    return h[:10] + struct.pack('!H', csum(h)) + h[12:] + payload
def eth(src, dst, p): return bytes(dst) + bytes(src) + b'\x08\x00' + p
lo, z = [127, 0, 0, 1], [0] * 6
u = eth(z, z, ip4(lo, lo, 17, struct.pack('!HHHH', 40000, 5000, 24, 0) + b'ltt-udp-payload!'))
t = eth(z, z, ip4(lo, lo, 6, struct.pack('!HHIIBBHHH', 40001, 5001, 1, 0, 0x50, 0x18, 65535, 0, 0)
                  + b'ltt-tcp-payload'))
e = eth([2, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 2],
        ip4([192, 0, 2, 1], [192, 0, 2, 2], 17, struct.pack('!HHHH', 40002, 5002, 108, 0) + b'x' * 100))
print(u.hex(), t.hex(), e.hex())
PYEOF
)
cat >"$tmp/net.desc" <<DESC
header ncpus=2 start=1000000000 wall=1700000000123456789 format=1.3 events=all capture=256
proc PID: 5; PPID: 1; TGID: 5; NAME: client
proc PID: 6; PPID: 1; TGID: 6; NAME: server
proc NETDEV: 1; NAME: lo
proc NETDEV: 2; NAME: eth0
buf cpu=0 start=1000000000 pid=5
1000000100 net_packet_out 1 58 0x0800 772 $udp
1000000200 net_packet_in 1 58 0x0800 772 $udp
1000000300 net_packet_out 1 69 0x0800 772 $tcp
1000000400 net_packet_in 1 69 0x0800 772 $tcp
1000000500 net_packet_out 2 142 0x0800 1 ${eth:0:128}
1000000600 net_packet_out 1 60 0x0806 772
1000000700 sched 5 6 1
buf cpu=1 start=1000000000 pid=6
1000000250 net_packet_in 2 142 0x0800 1 $eth
DESC
$gen "$tmp/net" "$tmp/net.desc"
$T dump --json "$tmp/net" >"$tmp/net.json"
out=$($T export --pcap "$tmp/net.pcap" "$tmp/net" 2>&1)
ok $? "export --pcap of a synthetic trace: status 0"
is "$out" "$tmp/net.pcap: 6 packets (1 cut by the capture length); 1 packet event without captured bytes left out" \
	"it says what it wrote and left out"
checks < <(python3 "$TOP/tests/lib/pcapcheck.py" "$tmp/net.json" "$tmp/net.pcap" synthetic \
	ltt-udp-payload! ltt-tcp-payload)
$T export --pcap "$tmp/pid.pcap" --pid 6 "$tmp/net" >/dev/null 2>&1
is "$(capinfos -M -c "$tmp/pid.pcap" 2>/dev/null | sed -n 's/^Number of packets: *//p')" 1 \
	"--pid 6: the one packet of pid 6 (capinfos)"
$T export --pcap "$tmp/win.pcap" --from 0.000000150 --to 0.000000350 "$tmp/net" >/dev/null 2>&1
is "$(capinfos -M -c "$tmp/win.pcap" 2>/dev/null | sed -n 's/^Number of packets: *//p')" 3 \
	"--from/--to: the 3 packets between 150 and 350 ns (capinfos)"
printf 'header ncpus=1 start=1000 format=1.3 events=all\nbuf cpu=0 start=1000 pid=5\n1100 net_packet_out 1 60 0x0800 772\n' \
	>"$tmp/nocap.desc"
$gen "$tmp/nocap" "$tmp/nocap.desc"
err=$($T export --pcap "$tmp/nocap.pcap" "$tmp/nocap" 2>&1)
st=$?
is "$st:$err" "1:tracevisualizer: no captured packets to export from $tmp/nocap: 1 packet event without their bytes (record them with traced --capture N)" \
	"no captured packet: said, status 1"
[ ! -e "$tmp/nocap.pcap" ]
ok $? "and no file left behind"

# whole frames (format 1.15, traced --capture max): a 1442-byte UDP frame
# (1400 bytes of payload, 'A' + i % 26) and a 1514-byte TCP frame (1460
# bytes, 'a' + i % 26), captured whole: the pcap carries every byte
read -r wu wt < <($PY - <<'PYEOF'
import struct
def ip4(proto, payload):
    return struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(payload), 1, 0, 64, proto, 0,
                       bytes([127, 0, 0, 1]), bytes([127, 0, 0, 1])) + payload
def eth(p): return bytes(12) + b'\x08\x00' + p
up = bytes(65 + i % 26 for i in range(1400))
tp = bytes(97 + i % 26 for i in range(1460))
u = eth(ip4(17, struct.pack('!HHHH', 40010, 5010, 8 + len(up), 0) + up))
t = eth(ip4(6, struct.pack('!HHIIBBHHH', 40011, 5011, 1, 0, 0x50, 0x18, 65535, 0, 0) + tp))
print(u.hex(), t.hex())
PYEOF
)
cat >"$tmp/whole.desc" <<DESC
header ncpus=1 start=1000000000 wall=1700000000123456789 format=1.15 events=all capture=65510
proc PID: 5; PPID: 1; TGID: 5; NAME: client
proc NETDEV: 1; NAME: lo
buf cpu=0 start=1000000000 pid=5
1000000100 net_packet_out 1 1442 0x0800 772 $wu
1000000200 net_packet_out 1 1514 0x0800 772 $wt
DESC
$gen "$tmp/whole" "$tmp/whole.desc"
out=$($T export --pcap "$tmp/whole.pcap" "$tmp/whole" 2>&1)
is "$?:$out" "0:$tmp/whole.pcap: 2 packets" "format 1.15: a 1442-byte and a 1514-byte frame exported, none cut"
is "$(tshark -r "$tmp/whole.pcap" -T fields -E separator=, -e frame.len -e frame.cap_len \
	-e udp.length -e tcp.len -e data.len 2>/dev/null | tr '\n' ' ')" \
	"1448,1448,1408,,1400 1520,1520,,1460,1460 " \
	"tshark: both frames whole (SLL2 header for Ethernet's), udp.length 1408 and data.len 1400, tcp.len and data.len 1460"
is "$(tshark -r "$tmp/whole.pcap" -T fields -e udp.payload -e tcp.payload 2>/dev/null | tr -d ':\t\n')" \
	"${wu:84}${wt:108}" "tshark: the payloads byte for byte"
$T export "$tmp/net" >/dev/null 2>&1
is $? 2 "export without --pcap, --ctf or --json-events: usage error"
$T export --ctf "$tmp/x" --pid 5 "$tmp/net" >/dev/null 2>&1
is $? 2 "--ctf with --pid: usage error"
mkdir "$tmp/full" && touch "$tmp/full/keep"
err=$($T export --ctf "$tmp/full" "$tmp/net" 2>&1)
is "$?:$err" "1:tracevisualizer: $tmp/full: exists and is not an empty directory" \
	"--ctf into a directory that is not empty: refused, nothing overwritten"

# ---- CTF -----------------------------------------------------------------
$gen "$tmp/every" "$TOP/tests/lib/every-event.trace"
is "$($T summary --json "$tmp/every" 2>/dev/null |
	python3 -c 'import json,sys; print(len(json.load(sys.stdin)["events"]["by_type"]))')" 70 \
	"the corpus holds every one of the 70 event types"
ctf_check "$tmp" every
grep -q 'custom:ping: .*seq = 7, name = "hello", d = -3, h = 0xBEEF' "$tmp/every.txt"
ok $? "every: a custom fields type is a class of its own, its fields decoded (custom:ping)"
grep -q 'sched_switch: { cpu_id = 0 }, { tid = 5 }, { prev_tid = 5, next_tid = 6, prev_state = 1, prev_prio = -51, prev_policy = 1, next_prio = 25, next_policy = 0, prev_comm = "w", next_comm = "x" }$' "$tmp/every.txt"
ok $? "every: sched_switch under LTTng's field names, priorities as LTTng's (prio 49 SCHED_FIFO: -51; 125: 25), policies by number"
grep -q 'sched_waking: { cpu_id = 0 }, { tid = 6 }, { tid = 6, target_cpu = 1, new = 0, prio = -101, policy = 7, waker_prio = -100, waker_policy = 3 }$' "$tmp/every.txt"
ok $? "every: sched_waking's priorities as LTTng's (prio -1: -101; 0: -100)"

cat >"$tmp/lost.desc" <<'DESC'
header ncpus=2 start=1000 format=1.3 events=all
proc PID: 5; PPID: 1; TGID: 5; NAME: w
proc PID: 6; PPID: 1; TGID: 6; NAME: x
buf cpu=0 start=1000 pid=5
1000 start 5 0
1100 syscall_entry 0
buf cpu=0 start=2000 pid=5 lost=7
2000 syscall_exit 0 1
buf cpu=1 start=1000 pid=6 lost=3
1500 syscall_entry 1
lost cpu=0 total=7
lost cpu=1 total=10
DESC
$gen "$tmp/lost" "$tmp/lost.desc"
ctf_check "$tmp" lost

cat >"$tmp/old.desc" <<'DESC'
header ncpus=1 start=1000 format=1.2 events=all
proc PID: 5; PPID: 1; TGID: 5; NAME: w
buf cpu=0 start=1000 pid=5
1000 start 5 0
1001 sched 5 6 1
1002 wakeup 5 0 1
1003 wakeup 5 0 0
DESC
$gen "$tmp/old" "$tmp/old.desc"
ctf_check "$tmp" old
grep -q 'sched_switch: .*{ prev_tid = 5, next_tid = 6, prev_state = 1, prev_comm = "w", next_comm = "<...>" }' "$tmp/old.txt"
ok $? "old: a format 1.2 switch has no priority fields (its class leaves them out)"

cat >"$tmp/flight.desc" <<'DESC'
header ncpus=1 start=1000 format=1.3 events=all flight=1
proc PID: 5; PPID: 1; TGID: 5; NAME: w
buf cpu=0 start=5000 pid=5 seq=7
5000 syscall_entry 0
buf cpu=0 start=6000 pid=5 seq=8
6000 syscall_exit 0 3
DESC
$gen "$tmp/flight" "$tmp/flight.desc"
ctf_check "$tmp" flight
# whole frames (format 1.15, above): every byte of the 1442- and 1514-byte
# frames in the CTF (its data sequence was cut at 1024 bytes before)
ctf_check "$tmp" whole

# the real guest traces of tests/corpus: a mixed workload on two CPUs, and
# one that lost 35896 events in 12 gaps
for c in guest-mix guest-lost; do
	cp -r "$TOP/tests/corpus/$c" "$tmp/$c"
	ctf_check "$tmp" $c
done

# Chrome trace-event JSON (--json-events) of the same traces against dump
# and summary --json (tests/lib/techeck.py)
for name in every lost guest-mix guest-lost whole; do
	out=$($T export --json-events "$tmp/$name.te.json" "$tmp/$name" 2>/dev/null)
	ok $? "$name: export --json-events: status 0 ($out)"
	checks < <(python3 "$TOP/tests/lib/techeck.py" "$tmp/$name.json" "$tmp/$name.sum" \
		"$tmp/$name.te.json" "$name")
done
$T export --json-events "$tmp/x.json" --from 0.1 "$tmp/every" >/dev/null 2>&1
is $? 2 "--json-events with --from: usage error (it exports the whole trace)"

# a trace cut in its second buffer: what is readable, and what was not
cp -r "$tmp/lost" "$tmp/cut"
truncate -s -6 "$tmp/cut/events"
cnt=$($T dump --salvage --json "$tmp/cut" 2>/dev/null |
	python3 -c 'import json,sys; print(len(json.load(sys.stdin)["events"]))')
$T export --ctf "$tmp/cut.ctf" "$tmp/cut" >"$tmp/cut.out" 2>"$tmp/cut.err"
is $? 4 "a cut trace: export --ctf exports what is readable, status 4"
grep -q "exporting what is readable" "$tmp/cut.err" && grep -q "warning: .*truncated" "$tmp/cut.err" &&
	grep -q "the trace is damaged: what the warnings above name was not exported" "$tmp/cut.err"
ok $? "and says what was not (the reader's warnings)"
babeltrace2 "$tmp/cut.ctf" >"$tmp/cut.txt" 2>"$tmp/cut.bterr"
is "$?:$(grep -cv '^WARNING: Tracer discarded' "$tmp/cut.bterr")" "0:0" "babeltrace2 reads the cut trace's export"
is "$(grep -vc lttng_statedump "$tmp/cut.txt")" "$cnt" "with the $cnt events dump --salvage reads"

# a buffer missing inside the events file: said by the reader, status 4,
# and babeltrace2 sees the gap in the packet numbers as a discarded packet
cat >"$tmp/hole.desc" <<'DESC'
header ncpus=1 start=1000 format=1.3 events=all
proc PID: 5; PPID: 1; TGID: 5; NAME: w
buf cpu=0 start=1000 pid=5 seq=0
1000 start 5 0
1100 syscall_entry 0
buf cpu=0 start=3000 pid=5 seq=2
3000 syscall_exit 0 1
DESC
$gen "$tmp/hole" "$tmp/hole.desc"
$T export --ctf "$tmp/hole.ctf" "$tmp/hole" >/dev/null 2>"$tmp/hole.err"
st=$?
grep -q "warning: .*buffers 1\.\.1 of cpu 0 missing" "$tmp/hole.err"
is "$st:$?" "4:0" "a buffer missing inside the file: the reader's warning, status 4"
babeltrace2 "$tmp/hole.ctf" >/dev/null 2>"$tmp/hole.bterr"
is "$?:$(grep -c '^WARNING: Tracer discarded 1 packet between' "$tmp/hole.bterr"):$(grep -vc '^WARNING: Tracer discarded 1 packet between' "$tmp/hole.bterr")" \
	"0:1:0" "babeltrace2: the missing buffer is one discarded packet, nothing else"

# random 3-byte corruptions of a trace of 72 buffers on 2 CPUs: export
# exits 0, 1 or 4 with a message, never on a signal, and what it wrote
# babeltrace2 reads (a damaged buffer header's times included)
$tv/build/utest/gen-big -n 20000 -c 2 -b 4096 "$tmp/big" >/dev/null
size=$(stat -c %s "$tmp/big/events")
bad=0
for i in $(seq 1 100); do
	rm -rf "$tmp/f" "$tmp/f.ctf" "$tmp/f.pcap"; cp -r "$tmp/big" "$tmp/f"
	for j in 1 2 3; do
		off=$(( (RANDOM * 32768 + RANDOM) % size ))
		printf "\\x$(printf %02x $((RANDOM % 256)))" |
			dd of="$tmp/f/events" bs=1 seek=$off conv=notrunc status=none
	done
	$T export --ctf "$tmp/f.ctf" "$tmp/f" >/dev/null 2>"$tmp/f.err"; st=$?
	if [ $st != 0 ] && [ $st != 1 ] && [ $st != 4 ] ||
	   { [ $st = 1 ] && ! grep -q "^tracevisualizer: " "$tmp/f.err"; }; then
		bad=$((bad + 1)); diag "flip $i: export --ctf: status $st"
	elif [ $st != 1 ] && { ! babeltrace2 "$tmp/f.ctf" >/dev/null 2>"$tmp/f.bterr" ||
		grep -qv '^WARNING: Tracer discarded' "$tmp/f.bterr"; }; then
		bad=$((bad + 1)); diag "flip $i: babeltrace2 on the export: $(head -c 300 "$tmp/f.bterr")"
	fi
	$T export --pcap "$tmp/f.pcap" "$tmp/f" >/dev/null 2>&1; st=$?
	if [ $st != 0 ] && [ $st != 1 ] && [ $st != 4 ]; then
		bad=$((bad + 1)); diag "flip $i: export --pcap: status $st"
	fi
done
is $bad 0 "100 random 3-byte corruptions: export exits 0, 1 or 4, never on a signal; babeltrace2 reads every CTF written"

done_testing
