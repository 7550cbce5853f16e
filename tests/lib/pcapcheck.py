#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""pcapcheck.py - a pcap export read back by Wireshark's own tools
(capinfos, tshark) against the packets of `tracevisualizer dump --json`.

Usage: pcapcheck.py DUMP.json PCAP LABEL [PAYLOAD...]

Prints "PASS what" / "FAIL what" lines and DONE: capinfos's packet count,
encapsulation and time precision; for every packet in time order, tshark's
nanosecond time stamp (the trace's CLOCK_REALTIME: start_wall_ns + time_ns
- start_ns), frame and captured lengths (the Ethernet header of lo and
Ethernet devices replaced by the 20-byte SLL2 header), interface index,
direction and link type; tshark -z conv,udp and conv,tcp against the flows
of the packets' own bytes; each PAYLOAD (text) found in the capture.
"""
import json
import re
import struct
import subprocess
import sys

SLL2, ETH = 20, 14


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def flows(packets):
    """(proto, endpoint A, endpoint B) -> frames, from the packets' bytes."""
    conv = {}
    for p in packets:
        b = bytes.fromhex(p["args"]["data"])
        if p["args"]["link_type"] in (1, 772):
            if len(b) < ETH or struct.unpack("!H", b[12:14])[0] != 0x0800:
                continue
            b = b[ETH:]
        if len(b) < 20 or b[0] >> 4 != 4:
            continue
        ihl = (b[0] & 15) * 4
        proto = {6: "tcp", 17: "udp"}.get(b[9])
        if not proto or len(b) < ihl + 4:
            continue
        src = "%d.%d.%d.%d:%d" % (*b[12:16], struct.unpack("!H", b[ihl:ihl + 2])[0])
        dst = "%d.%d.%d.%d:%d" % (*b[16:20], struct.unpack("!H", b[ihl + 2:ihl + 4])[0])
        key = (proto,) + tuple(sorted((src, dst)))
        conv[key] = conv.get(key, 0) + 1
    return conv


def tshark_conv(pcap, proto):
    """tshark -z conv,PROTO: (proto, A, B) -> frames."""
    out = run("tshark", "-r", pcap, "-q", "-z", "conv," + proto)
    conv = {}
    for line in out.splitlines():
        m = re.match(r"^(\S+)\s+<->\s+(\S+)\s+(\d+)\s+\S+(?:\s+\w+)?\s+(\d+)\s", line)
        if m:
            key = (proto,) + tuple(sorted((m.group(1), m.group(2))))
            conv[key] = int(m.group(3)) + int(m.group(4))
    return conv


def main():
    dump = json.load(open(sys.argv[1]))
    pcap, label = sys.argv[2], sys.argv[3]
    tr = dump["trace"]
    packets = [e for e in dump["events"]
               if e["type"] in ("net_packet_in", "net_packet_out") and e["details"]
               and e["args"]["caplen"] > 0]
    ci = run("capinfos", "-M", pcap)
    count = re.search(r"Number of packets:\s+(\d+)", ci)
    ok = count and int(count.group(1)) == len(packets)
    print("%s %s: capinfos counts %s packets, ours %d" %
          ("PASS" if ok else "FAIL", label, count.group(1) if count else "?", len(packets)))
    ok = "Linux cooked-mode capture v2" in ci and re.search(r"precision:\s+nanoseconds", ci)
    print("%s %s: capinfos: Linux cooked-mode capture v2, nanosecond precision" %
          ("PASS" if ok else "FAIL", label))
    if not ok:
        print(ci)
    out = run("tshark", "-r", pcap, "-T", "fields", "-E", "separator=,",
              "-e", "frame.time_epoch", "-e", "frame.len",
              "-e", "frame.cap_len", "-e", "sll.ifindex", "-e", "sll.pkttype",
              "-e", "sll.hatype")
    rows = [line.split(",") for line in out.splitlines()]
    bad = []
    for p, r in zip(packets, rows):
        a = p["args"]
        eth = a["link_type"] in (1, 772) and a["caplen"] >= ETH
        want_len = SLL2 + a["len"] - (ETH if eth else 0)
        want_cap = SLL2 + a["caplen"] - (ETH if eth else 0)
        wall = tr["start_wall_ns"] + p["time_ns"] - tr["start_ns"]
        want_ts = "%d.%09d" % (wall // 10**9, wall % 10**9)
        want_dir = "4" if p["type"] == "net_packet_out" else "0"
        want = [want_ts, str(want_len), str(want_cap), str(a["ifindex"]), want_dir,
                str(a["link_type"])]
        if r != want:
            bad.append("%s at %d: tshark %s, want %s" % (p["type"], p["time_ns"], r, want))
    if len(rows) != len(packets):
        bad.append("tshark shows %d packets, ours %d" % (len(rows), len(packets)))
    for b in bad[:10]:
        print(b)
    cut = sum(1 for p in packets if p["args"]["caplen"] < p["args"]["len"])
    print("%s %s: every packet's ns time stamp, length, captured length (%d cut), "
          "interface, direction and link type as ours (%d)" %
          ("FAIL" if bad else "PASS", label, cut, len(packets)))
    ours = flows(packets)
    theirs = {}
    for proto in ("udp", "tcp"):
        theirs.update(tshark_conv(pcap, proto))
    print("%s %s: tshark -z conv,udp and conv,tcp: %s, ours %s" %
          ("PASS" if ours == theirs else "FAIL", label, sorted(theirs.items()),
           sorted(ours.items())))
    if len(sys.argv) > 4:
        # the frames' bytes as tshark dumps them (-x), cut captures included
        hexdump = run("tshark", "-r", pcap, "-x")
        frames, cur = [], []
        for line in hexdump.splitlines():
            m = re.match(r"^[0-9a-f]{4}  ((?:[0-9a-f]{2} ){1,16})", line)
            if m:
                cur.append(m.group(1).replace(" ", ""))
            elif cur:
                frames.append("".join(cur))
                cur = []
        if cur:
            frames.append("".join(cur))
        for text in sys.argv[4:]:
            n = sum(1 for f in frames if text.encode().hex() in f)
            print("%s %s: the payload \"%s\" is in %d frames of the capture" %
                  ("PASS" if n else "FAIL", label, text, n))
    print("DONE")


if __name__ == "__main__":
    main()
