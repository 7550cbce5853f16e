#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""commcheck.py - the task names (comms) of a CTF export's sched_switch and
sched_process_fork records, read by babeltrace2's library (bt2), against
the names `tracevisualizer dump` prints for those tasks at that time.

Usage: commcheck.py DUMP.txt DUMP.json CTFDIR LABEL

DUMP.txt is `tracevisualizer dump TRACE`, DUMP.json `dump --json TRACE`
(the same events in the same order: the text gives each event's comm-pid,
the JSON its type and arguments).  The name dump gives task X at event i:
the comm of X's first line after i, when no event renames X (its exec,
kthread_create or the fork that creates it) between them (that line
included); else that of X's last line before i, when none renames X from
that line to i; else it is not known and the event is counted apart.
dump prints "<idle>" for pid 0 unnamed (the export: "swapper", the process
table's name for it), "<...>" for a task never named (the export too),
and blanks as '_'; a comm holds 15 bytes, as the kernel's.  Prints
"PASS what" / "FAIL what" lines and DONE.

Run with Debian's /usr/bin/python3 (python3-bt2).
"""
import json
import re
import sys

import bt2

LINE = re.compile(r"^\S+ \S+ \S+ (\S+)-(\d+) [C-] ")


def renamed(e):
    """The pid an event renames, or None."""
    if not e["details"]:
        return None
    a = e["args"]
    return {"exec": a.get("pid"), "kthread_create": a.get("pid"),
            "fork": a.get("child")}.get(e["type"])


def comm_as_exported(c):
    """dump's comm of a line as the export writes it (16 bytes, NUL-padded)."""
    if c == "<idle>":
        return "swapper"
    return c.encode()[:15].decode("utf-8", "replace")


def main():
    lines = [m.groups() for m in map(LINE.match, open(sys.argv[1])) if m]
    dump = json.load(open(sys.argv[2]))["events"]
    label = sys.argv[4]
    if len(lines) != len(dump):
        print("FAIL %s: dump's text has %d event lines, its JSON %d events" %
              (label, len(lines), len(dump)))
        print("DONE")
        return
    by_pid = {}
    renames = {}
    for i, (e, (comm, pid)) in enumerate(zip(dump, lines)):
        if int(pid) != e["pid"]:
            print("FAIL %s: line %d: pid %s, JSON %d" % (label, i, pid, e["pid"]))
            print("DONE")
            return
        by_pid.setdefault(e["pid"], []).append(i)
        r = renamed(e)
        if r is not None:
            renames.setdefault(r, []).append(i)

    def renamed_in(x, lo, hi):
        """whether task x is renamed by an event in (lo, hi]"""
        return any(lo < k <= hi for k in renames.get(x, []))

    def name_at(x, i):
        if dump[i]["pid"] == x:     # the event's own line
            return comm_as_exported(lines[i][0])
        idx = by_pid.get(x, [])
        after = [j for j in idx if j > i]
        if after and not renamed_in(x, i, after[0]):
            return comm_as_exported(lines[after[0]][0])
        before = [j for j in idx if j < i]
        if before and not renamed_in(x, before[-1], i):
            return comm_as_exported(lines[before[-1]][0])
        return None

    # the CTF's switches and forks, per CPU in order, by (cpu, time, name)
    ctf = {}
    for msg in bt2.TraceCollectionMessageIterator(sys.argv[3]):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        if ev.name not in ("sched_switch", "sched_process_fork"):
            continue
        p = ev.payload_field
        key = (int(ev.packet.context_field["cpu_id"]), msg.default_clock_snapshot.value)
        if ev.name == "sched_switch":
            val = (int(p["prev_tid"]), int(p["next_tid"]), str(p["prev_comm"]), str(p["next_comm"]))
        else:
            val = (int(p["parent_tid"]), int(p["child_tid"]), str(p["parent_comm"]),
                   str(p["child_comm"]))
        ctf.setdefault(key, []).append((ev.name, val))
    bad, checked, unknown = [], 0, 0
    for i, e in enumerate(dump):
        if not e["details"] or e["type"] not in ("schedchange", "fork"):
            continue
        name = "sched_switch" if e["type"] == "schedchange" else "sched_process_fork"
        a = e["args"]
        ids = (a["prev_pid"], a["next_pid"]) if name == "sched_switch" else (a["parent"], a["child"])
        got = [v for n, v in ctf.get((e["cpu"], e["time_ns"]), []) if n == name and v[:2] == ids]
        if not got:
            bad.append("%s at %d cpu %d: not in the CTF" % (name, e["time_ns"], e["cpu"]))
            continue
        for x, comm in zip(ids, got[0][2:]):
            want = name_at(x, i)
            if want is None:
                unknown += 1
            elif comm != want:
                bad.append("%s at %d: task %d named %r, dump %r" % (name, e["time_ns"], x, comm, want))
            else:
                checked += 1
    for b in bad[:10]:
        print(b)
    if not bad and not checked and not unknown:
        # nothing to name: the export must not have made any up
        n = sum(len(v) for v in ctf.values())
        print("%s %s: no switch or fork in the dump, %d in the CTF" %
              ("FAIL" if n else "PASS", label, n))
        print("DONE")
        return
    print("%s %s: switches' and forks' comms as dump names the tasks (%d names, %d %s)" %
          ("FAIL" if bad or not checked else "PASS", label, checked, unknown,
           "not told by dump's lines"))
    print("DONE")


if __name__ == "__main__":
    main()
