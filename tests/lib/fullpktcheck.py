#!/usr/bin/env python3
"""fullpktcheck.py - whole frames captured (traced --capture max, format
1.15) and exported to pcap, read back by tshark.

Usage: fullpktcheck.py DUMP.json PCAP UDP_PORT UDP_N UDP_SIZE TCP_PORT TCP_N TCP_SIZE

The workloads: ltt-udp UDP_PORT UDP_N UDP_SIZE (payload byte i is
'A' + i % 26) and ltt-tcp TCP_PORT TCP_N TCP_SIZE ('a' + i % 26, one
segment each way per exchange) over lo.  Prints "PASS what" / "FAIL what"
lines and DONE: in the trace (dump --json), every frame of the
datagrams and segments captured whole (caplen = len, the Ethernet
frame's length: 42 + UDP_SIZE, 66 + TCP_SIZE with TCP's timestamp
option), 2 x UDP_N datagram frames (out and in on lo) and 4 x TCP_N
segment frames; in the pcap, tshark finds the same frames, not cut
(frame.cap_len = frame.len), udp.length = UDP_SIZE + 8 and tcp.len =
TCP_SIZE, data.len = the payload's length, and every payload
(udp.payload, tcp.payload) byte-equal to the pattern the workload sent.
On lo each segment is seen twice (out, then in): tshark's TCP sequence
analysis takes the second for a retransmission and does not hand its
payload to the data dissector (no data.len), so the TCP fields are read
with that analysis off (-o tcp.analyze_sequence_numbers:FALSE).
"""
import json
import subprocess
import sys


def fields(pcap, filt, names, opts=()):
    out = subprocess.run(["tshark"] + list(opts) + ["-r", pcap, "-Y", filt, "-T", "fields",
                          "-E", "separator=|"] + sum((["-e", n] for n in names), []),
                         check=True, capture_output=True, text=True).stdout
    return [line.split("|") for line in out.splitlines() if line]


def pattern(first, n):
    return bytes((ord(first) + i % 26) for i in range(n))


def say(cond, what):
    print("%s %s" % ("PASS" if cond else "FAIL", what))


def main():
    dump, pcap = sys.argv[1], sys.argv[2]
    uport, un, usize, tport, tn, tsize = (int(a) for a in sys.argv[3:9])
    ev = json.load(open(dump))["events"]
    pk = [e["args"] for e in ev
          if e["type"] in ("net_packet_in", "net_packet_out") and e["details"]]
    for name, flen, want, first, hdr in (
            ("UDP", 42 + usize, 2 * un, "A", 42),
            ("TCP", 66 + tsize, 4 * tn, "a", 66)):
        fr = [a for a in pk if a["len"] == flen]
        whole = [a for a in fr if a["caplen"] == a["len"]
                 and bytes.fromhex(a["data"])[hdr:] == pattern(first, flen - hdr)]
        say(len(fr) == want and len(whole) == want,
            "trace: %d %s frames of %d bytes (want %d), %d captured whole with "
            "the payload sent" % (len(fr), name, flen, want, len(whole)))

    rows = fields(pcap, "udp.port == %d && udp.length == %d" % (uport, usize + 8),
                  ["frame.len", "frame.cap_len", "udp.length", "data.len", "udp.payload"])
    good = [r for r in rows if r[0] == r[1] and r[3] == str(usize)
            and bytes.fromhex(r[4].replace(":", "")) == pattern("A", usize)]
    say(len(rows) == 2 * un and len(good) == len(rows),
        "tshark: %d UDP datagrams of %d bytes (want %d), udp.length %d, data.len %d, "
        "not cut, payload byte-equal to what ltt-udp sent: %d" %
        (len(rows), usize, 2 * un, usize + 8, usize, len(good)))
    rows = fields(pcap, "tcp.port == %d && tcp.len == %d" % (tport, tsize),
                  ["frame.len", "frame.cap_len", "ip.len", "tcp.hdr_len", "data.len",
                   "tcp.payload"], ["-o", "tcp.analyze_sequence_numbers:FALSE"])
    good = [r for r in rows if r[0] == r[1] and r[2] == str(tsize + 52)
            and r[3] == "32" and r[4] == str(tsize)
            and bytes.fromhex(r[5].replace(":", "")) == pattern("a", tsize)]
    say(len(rows) == 4 * tn and len(good) == len(rows),
        "tshark: %d TCP segments of %d bytes (want %d; ip.len %d: %d-byte Ethernet "
        "frames), data.len %d, not cut, payload byte-equal to what ltt-tcp sent: %d" %
        (len(rows), tsize, 4 * tn, tsize + 52, tsize + 66, tsize, len(good)))
    print("DONE")


if __name__ == "__main__":
    main()
