#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""techeck.py - a Chrome trace-event JSON export (export --json-events)
against `dump --json` and `summary --json` of the same trace.

Usage: techeck.py DUMP.json SUMMARY.json EXPORT.json LABEL

Prints "PASS what" / "FAIL what" lines and DONE: the JSON Object Format
(traceEvents, displayTimeUnit), one trace event per event in time order
with its phase (B at a syscall, trap, irq or softirq entry, E at its
exit, i otherwise), its time in microseconds (nanoseconds as decimals:
exactly our rel_ns), tid = our pid, pid = its process (summary's tgid),
name and args as ours; process_name and thread_name metadata as the
summary's processes and names.
"""
import json
import sys
from decimal import Decimal

SLICES = {"syscall_entry": "B", "trap_entry": "B", "irq_entry": "B",
          "softirq_entry": "B", "syscall_exit": "E", "trap_exit": "E",
          "irq_exit": "E", "softirq_exit": "E"}


def main():
    dump = json.load(open(sys.argv[1]))
    summary = json.load(open(sys.argv[2]))
    label = sys.argv[4]
    try:
        te = json.load(open(sys.argv[3]), parse_float=Decimal)
    except ValueError as exc:
        print("FAIL %s: the export is JSON: %s" % (label, exc))
        print("DONE")
        return
    ok = isinstance(te, dict) and isinstance(te.get("traceEvents"), list) and \
        te.get("displayTimeUnit") == "ns"
    print("%s %s: JSON Object Format (traceEvents, displayTimeUnit ns)" %
          ("PASS" if ok else "FAIL", label))
    if not ok:
        print("DONE")
        return
    ours = dump["events"]
    evs = [e for e in te["traceEvents"] if e.get("ph") != "M"]
    meta = [e for e in te["traceEvents"] if e.get("ph") == "M"]
    print("%s %s: %d trace events, one per event (%d)" %
          ("PASS" if len(evs) == len(ours) else "FAIL", label, len(evs), len(ours)))
    tgid = {p["pid"]: p["tgid"] for p in summary["processes"]}
    names = {p["pid"]: p["name"] for p in summary["processes"]}
    bad = []
    for o, e in zip(ours, evs):
        a = o["args"]
        name = a.get("name") if isinstance(a.get("name"), str) and a.get("name") else o["type"]
        want = {"name": name, "ph": SLICES.get(o["type"], "i"),
                "ts": Decimal(o["rel_ns"]) / 1000, "tid": o["pid"],
                "pid": tgid.get(o["pid"], o["pid"]), "args": a}
        got = {k: e.get(k) for k in want}
        if isinstance(got["args"], dict):   # our floats do not exist: ints, strings
            got["args"] = json.loads(json.dumps(got["args"], default=str))
        if got != want or (want["ph"] == "i" and e.get("s") != "t"):
            bad.append("%s at %d: %s, want %s" % (o["type"], o["time_ns"], got, want))
    for b in bad[:10]:
        print(b)
    print("%s %s: every event's phase, time (ns exact), pid, tid, name and args as ours" %
          ("FAIL" if bad else "PASS", label))
    pn = {e["pid"]: e["args"]["name"] for e in meta if e["name"] == "process_name"}
    tn = {e["tid"]: e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    want_pn = {p["pid"]: p["name"] for p in summary["processes"] if p["pid"] == p["tgid"]}
    want_tn = {p["pid"]: p["name"] for p in summary["processes"] if p["pid"] != p["tgid"]}
    ok = all(pn.get(k) == v for k, v in want_pn.items()) and \
        all(tn.get(k) == v for k, v in want_tn.items()) and names
    print("%s %s: process_name and thread_name metadata name every process (%d) and "
          "thread (%d) as the summary does" % ("PASS" if ok else "FAIL", label,
                                               len(want_pn), len(want_tn)))
    print("DONE")


if __name__ == "__main__":
    main()
