#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""ctfcheck.py - a CTF export read back by babeltrace2's own library (bt2)
against the trace as tracevisualizer reads it.

Usage: ctfcheck.py DUMP.json SUMMARY.json CTFDIR [LABEL]

DUMP.json is `tracevisualizer dump --json TRACE`, SUMMARY.json
`summary --json TRACE`.  Prints "PASS what" / "FAIL what" lines and DONE:
the event count (the state dump's records apart), the events discarded per
CPU against the lost counts, and every event field by field: its CTF name
(LTTng's where docs/ctf-export.md says so), time, CPU, tid, and every
value under its CTF name.

Run with Debian's /usr/bin/python3 (python3-bt2).
"""
import json
import struct
import sys

import bt2

import lttfmt

# docs/ctf-export.md: our type -> LTTng's event name
EVENT_NAMES = {
    "schedchange": "sched_switch", "fork": "sched_process_fork",
    "exec": "sched_process_exec", "exit": "sched_process_exit",
    "reap": "sched_process_free", "softirq_entry": "softirq_entry",
    "softirq_exit": "softirq_exit", "signal_send": "signal_generate",
    "mem_page_alloc": "mm_page_alloc", "mem_page_free": "mm_page_free",
    "net_packet_in": "netif_receive_skb", "net_packet_out": "net_dev_queue",
}
# (type, our field) -> LTTng's field name
FIELD_NAMES = {
    ("schedchange", "prev_pid"): "prev_tid", ("schedchange", "next_pid"): "next_tid",
    ("fork", "parent"): "parent_tid", ("fork", "child"): "child_tid",
    ("fork", "tgid"): "child_pid", ("exec", "pid"): "tid", ("exit", "pid"): "tid",
    ("reap", "pid"): "tid", ("reap", "tgid"): "pid", ("wakeup", "pid"): "tid",
    ("wakeup", "cpu"): "target_cpu", ("signal_deliver", "handler"): "sa_handler",
    ("timer_expire_entry", "func"): "function", ("timer_expire_exit", "func"): "function",
    ("mem_page_alloc", "gfp"): "gfp_flags", ("net_packet_in", "ifname"): "name",
    ("net_packet_out", "ifname"): "name",
}
# (type, our field) -> what LTTng's value adds to ours: a priority is the
# kernel's task->prio minus MAX_RT_PRIO there (lttng-modules' sched.h)
FIELD_ADD = {
    ("schedchange", "prev_prio"): -100, ("schedchange", "next_prio"): -100,
    ("wakeup", "prio"): -100, ("wakeup", "waker_prio"): -100,
}
# the task names the export adds where LTTng has them (tests/lib/commcheck.py
# compares them with dump's)
COMMS = {"sched_switch": ("prev_comm", "next_comm"),
         "sched_process_fork": ("parent_comm", "child_comm")}


def ctf_name(e):
    """The CTF event name docs/ctf-export.md gives an event of our dump."""
    t, a = e["type"], e["args"]
    if not e["details"] or t.startswith("unknown_"):
        return t
    if t in ("syscall_entry", "syscall_exit"):
        return t + "_" + a["name"]
    if t == "wakeup":
        return "sched_wakeup_new" if a["new"] else "sched_waking"
    if t in ("irq_entry", "irq_exit"):
        kind = "vector" if a["sysvec"] else "handler"
        return "irq_%s_%s" % (kind, t[4:])
    if t == "custom" and "fields" in a and "hex" not in a:   # decoded as declared
        # a class of its own when its field names make distinct identifiers
        ids = ["".join(ch if ch.isascii() and (ch.isalnum() or ch == "_") else "_"
                       for ch in k) for k in a["fields"]]
        if len(set(ids)) == len(ids) and "type_id" not in ids:
            return "custom:" + a["name"]
        return "custom"
    return EVENT_NAMES.get(t, t)


def plain(v):
    """A bt2 field as a Python value."""
    if isinstance(v, bt2._StringFieldConst):
        # bytes that are not UTF-8: as our JSON writes them (U+FFFD)
        return str(v).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if isinstance(v, (bt2._IntegerFieldConst,)):
        return int(v)
    if isinstance(v, bt2._ArrayFieldConst):
        return [int(x) for x in v]
    return v


class Result:
    def __init__(self):
        self.bad = []
        self.stale = 0      # empty strings babeltrace2 2.0.4 shows stale

    def fail(self, what):
        if len(self.bad) < 10:
            self.bad.append(what)


FORMATS = {}    # custom type id -> [(time, format)] from the custom_create events


def payload_hex(ours):
    """The bytes of a custom fields instance, packed again from our decoded
    fields and its type's format (little-endian integers, strings with
    their NUL)."""
    a = ours["args"]
    fmt = None
    for t, f in FORMATS.get(a["type_id"], []):
        if t <= ours["time_ns"]:
            fmt = f
    out = b""
    for item, v in zip(fmt.split(","), a["fields"].values()):
        ty = item.split(":")[1].strip()
        if ty == "str":
            out += v.encode() + b"\0"
        else:
            out += struct.pack("<" + lttfmt.CUSTOM_FIELD_TYPES[ty],
                               int(v, 16) if isinstance(v, str) else v)
    return out.hex()


def compare_event(ours, ctf, res):
    """Every field of our event against the CTF event's."""
    name, payload = ctf
    want = ctf_name(ours)
    where = "%s at %d" % (ours["type"], ours["time_ns"])
    if name != want:
        res.fail("%s: CTF name %s, want %s" % (where, name, want))
        return
    args = dict(ours["args"])
    seen = set(COMMS.get(name, ()))
    if name == "custom" and "fields" in args and "hex" not in args:
        # decodable, without a class of its own: its bytes
        args["hex"] = payload_hex(ours)
    args.pop("fields", None) if not name.startswith("custom:") else None
    if ours["type"] == "exec":
        # the export has no list: its cmdline holds the arguments (format
        # 1.12), and argv_cut is written 0 when the record has none
        args.pop("argv", None)
        seen.add("argv_cut")
        if payload.get("argv_cut", 0) != int(args.pop("argv_cut", False)):
            res.fail("%s: argv_cut = %r" % (where, payload.get("argv_cut")))
    if name.startswith("custom:"):
        fields = args.pop("fields")
        for k, v in fields.items():
            seen.add(k)
            got = payload.get(k)
            if isinstance(v, str) and v.startswith("0x"):
                v = int(v, 16)
            if got != v:
                res.fail("%s: custom field %s = %r, want %r" % (where, k, got, v))
        seen.add("type_id")
        if payload.get("type_id") != args["type_id"]:
            res.fail("%s: type_id" % where)
        args = {}
    for k, v in args.items():
        ck = FIELD_NAMES.get((ours["type"], k), k)
        seen.add(ck)
        got = payload.get(ck, None)
        if isinstance(v, bool):
            v = int(v)
        if k in ("data", "hex"):
            v = list(bytes.fromhex(v))
            if payload.get("_%s_length" % ck) != len(v):
                res.fail("%s: _%s_length" % (where, ck))
            seen.add("_%s_length" % ck)
        elif k == "events" and isinstance(v, list):
            v = " ".join(v)
        elif k == "kind" and ours["type"] == "custom_create" and isinstance(v, int):
            v = str(v)      # a kind without a name: its number as text
        if v is not None and (ours["type"], k) in FIELD_ADD:
            v += FIELD_ADD[(ours["type"], k)]
        if v is None:   # unknown: a 1.2 priority (left out) or a missing name
            if isinstance(got, str):
                res.stale += got != ""   # written empty, maybe shown stale
            elif got is not None:
                res.fail("%s: %s = %r, want nothing" % (where, ck, got))
            continue
        if got != v:
            if v == "" and isinstance(got, str):
                res.stale += 1   # babeltrace2 2.0.4: a stale empty string
                continue
            res.fail("%s: %s = %r, want %r" % (where, ck, got, v))
    for k, v in payload.items():
        if k in seen:
            continue
        if k.startswith("_") and k.endswith("_length") and (k[1:-7] in seen or v == 0):
            continue
        if v in ("", []):
            continue
        if isinstance(v, str):   # a value our JSON leaves out, shown stale
            res.stale += 1
            continue
        res.fail("%s: CTF field %s = %r that our JSON does not have" % (where, k, v))


def main():
    dump = json.load(open(sys.argv[1]))
    summary = json.load(open(sys.argv[2]))
    label = sys.argv[4] if len(sys.argv) > 4 else sys.argv[3]
    events = dump["events"] if isinstance(dump, dict) else dump
    for e in sorted(events, key=lambda e: e["time_ns"]):
        if e["type"] == "custom_create" and e["details"]:
            FORMATS.setdefault(e["args"]["type_id"], []).append(
                (e["time_ns"], e["args"]["format"]))
    ncpus = len(summary["cpus"])
    ctf = {c: [] for c in range(ncpus)}
    statedump = {}
    discarded = {c: 0 for c in range(ncpus)}
    stream_cpu = {}
    classes = set()
    try:
        for msg in bt2.TraceCollectionMessageIterator(sys.argv[3]):
            if type(msg) is bt2._PacketBeginningMessageConst:
                stream_cpu[msg.packet.stream.addr] = int(msg.packet.context_field["cpu_id"])
            elif type(msg) is bt2._DiscardedEventsMessageConst:
                discarded[stream_cpu[msg.stream.addr]] += msg.count
            elif type(msg) is bt2._EventMessageConst:
                ev = msg.event
                classes.add(ev.name)
                if ev.name.startswith("lttng_statedump_"):
                    statedump[ev.name] = statedump.get(ev.name, 0) + 1
                    continue
                cpu = int(ev.packet.context_field["cpu_id"])
                ctf[cpu].append((ev.name, msg.default_clock_snapshot.value,
                                 int(ev.common_context_field["tid"]),
                                 {k: plain(v) for k, v in ev.payload_field.items()}))
    except Exception as exc:    # noqa: BLE001 - any failure of the reader
        print("FAIL %s: babeltrace2 (bt2) reads it: %s" % (label, exc))
        print("DONE")
        return
    print("PASS %s: babeltrace2 (bt2) reads it (%d event classes)" % (label, len(classes)))
    total = sum(len(v) for v in ctf.values())
    want = summary["events"]["total"]
    print("%s %s: %d events, as ours (%d)" % ("PASS" if total == want else "FAIL",
                                              label, total, want))
    snap = sum(1 for p in summary["processes"] if p["in_snapshot"])
    sd = statedump.get("lttng_statedump_process_state", 0)
    ok = sd == snap and statedump.get("lttng_statedump_start") == 1 and \
        statedump.get("lttng_statedump_end") == 1
    print("%s %s: state dump: start, %d processes (snapshot: %d), end" %
          ("PASS" if ok else "FAIL", label, sd, snap))
    lost = summary["lost"]["by_cpu"]
    got = [discarded[c] for c in range(ncpus)]
    print("%s %s: events discarded per CPU %s, our lost %s" %
          ("PASS" if got == lost else "FAIL", label, got, lost))
    res = Result()
    ours = {c: [e for e in events if e["cpu"] == c] for c in range(ncpus)}
    for c in range(ncpus):
        if len(ours[c]) != len(ctf[c]):
            res.fail("cpu %d: %d events, ours %d" % (c, len(ctf[c]), len(ours[c])))
            continue
        for o, (name, ts, tid, payload) in zip(ours[c], ctf[c]):
            if ts != o["time_ns"] or tid != o["pid"]:
                res.fail("cpu %d %s: time %d tid %d, want %d %d" %
                         (c, name, ts, tid, o["time_ns"], o["pid"]))
            compare_event(o, (name, payload), res)
    for b in res.bad:
        print(b)
    print("%s %s: every event's name, time, tid and fields as ours (%d events%s)" %
          ("FAIL" if res.bad else "PASS", label, total,
           ", %d empty strings shown stale by babeltrace2 2.0.4" % res.stale if res.stale else ""))
    print("DONE")


if __name__ == "__main__":
    main()
