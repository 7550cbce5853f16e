#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# cli-plugins.t - the tracevisualizer program loads cairo and libpcap only
# for the commands that need them (tracevisualizer/cli/plugin.h): neither
# is among the program's libraries (readelf -d, ldd), while the GTK
# program keeps cairo; latency --png, stacks --svg, export --pcap,
# messages --write-pcap and messages --pcap work, from the build folder,
# the copy beside the sources and a symbolic link elsewhere (the plugins
# are found by the program's real path); a copy of the program whose
# plugin is missing, or not an ELF file, fails those commands with the
# plugin's file and dlerror()'s reason said, status 1, while summary
# works and prints what the full build prints.
. "$(dirname "$0")/../lib/tap.sh"
tv=$TOP/tracevisualizer
T=$tv/tracevisualizer
gen=$tv/build/utest/gen-trace
trace=$TOP/tests/corpus/guest-mix
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -C "$tv" -s tracevisualizer tools >"$tmp/build.log" 2>&1
ok $? "make -C tracevisualizer tracevisualizer tools" || { tail -20 "$tmp/build.log" | diag; done_testing; }

# ---- the program's libraries ----------------------------------------------
for p in "$T" "$tv/build/tracevisualizer"; do
	needed=$(readelf -d "$p" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | paste -sd' ')
	case " $needed " in
	*libcairo* | *libpcap*) ok 1 "readelf -d ${p#"$TOP"/}: neither libcairo nor libpcap needed: $needed" ;;
	*) ok 0 "readelf -d ${p#"$TOP"/}: neither libcairo nor libpcap needed" ;;
	esac
	all=$(ldd "$p" | grep -E 'lib(cairo|pcap|X11|fontconfig|dbus|systemd)' | awk '{print $1}' | paste -sd' ')
	is "$all" "" "ldd ${p#"$TOP"/}: no cairo, libpcap nor what they pull (X11, fontconfig, dbus, systemd)"
done
readelf -d "$tv/tracevisualizer-cairo.so" | grep -q 'NEEDED.*\[libcairo'
ok $? "tracevisualizer-cairo.so needs libcairo"
readelf -d "$tv/tracevisualizer-pcap.so" | grep -q 'NEEDED.*\[libpcap'
ok $? "tracevisualizer-pcap.so needs libpcap"
readelf -d "$tv/tracevisualizer-gtk" | grep -q 'NEEDED.*\[libcairo'
ok $? "tracevisualizer-gtk keeps libcairo"

# ---- the commands that load them ------------------------------------------
# a trace with two captured UDP packets over lo (documentation payload)
udp=$(python3 - <<'PYEOF'
import struct
def csum(b):
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b)); s = (s >> 16) + (s & 0xffff)
    return ~(s + (s >> 16)) & 0xffff
lo, z = bytes([127, 0, 0, 1]), bytes(6)
p = struct.pack('!HHHH', 40000, 5000, 24, 0) + b'ltt-udp-payload!'
h = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(p), 1, 0, 64, 17, 0, lo, lo)
print((z + z + b'\x08\x00' + h[:10] + struct.pack('!H', csum(h)) + h[12:] + p).hex())
PYEOF
)
$gen "$tmp/net" <<DESC
header ncpus=1 start=1000000000 wall=1700000000123456789 format=1.3 events=all capture=256
proc PID: 5; PPID: 1; TGID: 5; NAME: client
proc NETDEV: 1; NAME: lo
buf cpu=0 start=1000000000 pid=5
1000000100 net_packet_out 1 58 0x0800 772 $udp
1000000200 net_packet_in 1 58 0x0800 772 $udp
DESC
ok $? "gen-trace: a trace with captured packets"
# a trace with two off-CPU stacks (as stacks-svg.t's)
$gen "$tmp/st" <<'DESC'
header format=1.8 stacks=schedchange end=1000001000
proc PID: 5; PPID: 1; TGID: 5; NAME: a
proc PID: 6; PPID: 1; TGID: 6; NAME: b
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 sched 5 6 1
1000000100 stack 5 schedchange 0 2 2 0xffffffff81000010 0xffffffff81000020 0x401000 0x402000
1000000200 sched 6 5 1
1000000200 stack 6 schedchange 0 1 1 0xffffffff81000030 0x405000
DESC
ok $? "gen-trace: a trace with off-CPU stacks"

# magic FILE: the first four bytes in hex
magic() { head -c 4 "$1" 2>/dev/null | od -An -tx1 | tr -d ' \n'; }
mkdir -p "$tmp/elsewhere" && ln -s "$T" "$tmp/elsewhere/tv"
for p in "$T" "$tv/build/tracevisualizer" "$tmp/elsewhere/tv"; do
	n=${p#"$TOP"/}
	n=${n#"$tmp"/}
	rm -f "$tmp"/o.*
	"$p" latency --kind wakeup --png "$tmp/o.png" "$trace" >/dev/null 2>"$tmp/err"
	ok $? "$n latency --png: status 0" || diag "$(cat "$tmp/err")"
	is "$(magic "$tmp/o.png")" 89504e47 "$n latency --png: a PNG written"
	"$p" stacks --kind offcpu --svg "$tmp/o.svg" "$tmp/st" >/dev/null 2>"$tmp/err"
	ok $? "$n stacks --svg: status 0" || diag "$(cat "$tmp/err")"
	grep -q '<svg' "$tmp/o.svg"
	ok $? "$n stacks --svg: an SVG written"
	out=$("$p" export --pcap "$tmp/o.pcap" "$tmp/net" 2>&1)
	is "$out" "$tmp/o.pcap: 2 packets" "$n export --pcap: the two packets"
	is "$(magic "$tmp/o.pcap")" 4d3cb2a1 "$n export --pcap: a pcap file (ns time stamps)"
	out=$("$p" messages --write-pcap "$tmp/o.w.pcap" "$tmp/net" 2>&1)
	is "$out" "1 packets written to $tmp/o.w.pcap" "$n messages --write-pcap: the packet sent once (lo)"
	out=$("$p" messages --pcap "$tmp/o.w.pcap" --list 2>&1)
	ok $? "$n messages --pcap: status 0" || diag "$out"
	case "$out" in
	*127.0.0.1*) ok 0 "$n messages --pcap: the UDP datagram read back" ;;
	*) ok 1 "$n messages --pcap: the UDP datagram read back"; diag "$out" ;;
	esac
done

# ---- a plugin missing or broken -------------------------------------------
"$T" summary "$trace" >"$tmp/summary.want" 2>&1
ok $? "summary: status 0"
# copy [cairo|pcap] [missing|garbage]: the build copied, that plugin broken
copy() {
	rm -rf "$tmp/copy" && mkdir "$tmp/copy" &&
		cp "$tv/build/tracevisualizer" "$tv/build/tracevisualizer-cairo.so" \
			"$tv/build/tracevisualizer-pcap.so" "$tmp/copy/" || return 1
	case $2 in
	missing) rm "$tmp/copy/tracevisualizer-$1.so" ;;
	garbage) echo "not an ELF file" >"$tmp/copy/tracevisualizer-$1.so" ;;
	esac
}
C=$tmp/copy/tracevisualizer
for how in missing garbage; do
	case $how in
	missing) why="cannot open shared object file: No such file or directory" ;;
	garbage) why="file too short" ;;
	esac
	copy cairo $how
	"$C" latency --kind wakeup --png "$tmp/c.png" "$trace" >/dev/null 2>"$tmp/err"
	is "$?" 1 "cairo plugin $how: latency --png: status 1"
	is "$(head -1 "$tmp/err")" \
		"tracevisualizer: cannot load the plugin for the PNG and SVG drawings (cairo): $tmp/copy/tracevisualizer-cairo.so: $why" \
		"cairo plugin $how: the file and the reason said"
	[ ! -e "$tmp/c.png" ]
	ok $? "cairo plugin $how: no PNG written"
	"$C" summary "$trace" >"$tmp/summary.got" 2>&1
	ok $? "cairo plugin $how: summary: status 0"
	cmp -s "$tmp/summary.want" "$tmp/summary.got"
	ok $? "cairo plugin $how: summary prints what the full build prints"
	out=$("$C" export --pcap "$tmp/c.pcap" "$tmp/net" 2>&1)
	is "$out" "$tmp/c.pcap: 2 packets" "cairo plugin $how: export --pcap still works"

	copy pcap $how
	"$C" export --pcap "$tmp/c.pcap" "$tmp/net" >/dev/null 2>"$tmp/err"
	is "$?" 1 "pcap plugin $how: export --pcap: status 1"
	is "$(cat "$tmp/err")" \
		"tracevisualizer: cannot load the plugin for pcap files (libpcap): $tmp/copy/tracevisualizer-pcap.so: $why" \
		"pcap plugin $how: the file and the reason said"
	"$C" messages --pcap "$tmp/o.w.pcap" --list >/dev/null 2>"$tmp/err"
	is "$?" 1 "pcap plugin $how: messages --pcap: status 1"
	grep -q "tracevisualizer-pcap.so: $why" "$tmp/err"
	ok $? "pcap plugin $how: messages --pcap says why"
	"$C" summary "$trace" >"$tmp/summary.got" 2>&1
	ok $? "pcap plugin $how: summary: status 0"
	cmp -s "$tmp/summary.want" "$tmp/summary.got"
	ok $? "pcap plugin $how: summary prints what the full build prints"
done
done_testing
