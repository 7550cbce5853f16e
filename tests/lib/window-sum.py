#!/usr/bin/python3
"""Adjacent windows add up: the --json of processes --threads (or syscalls
--threads) over [a, b) and over [a, m) and [m, b) of the same trace.

Usage: window-sum.py processes|syscalls WHOLE.json LEFT.json RIGHT.json [LEFT.json RIGHT.json]...

Several splits of the same whole are checked in one run (a process start
costs about a second of CPU on the test machine: docs/testing.md); a
mismatch names its pair.

Per task (summed over the entries of one pid, for pid reuse): lifetime,
running, scheduled, interrupted, softirq, runnable, unknown and blocked time,
switches, preemptions and zombie time add up exactly; user and kernel
time too, except for a task whose mode at the split was still unknown
(its unknown-mode time is resolved in the whole window by an event after
m, kernel in the left one: then only their sum is compared).  Per
syscall, system-wide and per task, every exit lies in exactly one window:
count + partial add up.  Prints one line per mismatch and exits 1 on any.
"""
import json
import sys

TIMES = ["lifetime_ns", "thread_lifetime_ns", "running_ns", "scheduled_ns",
         "interrupted_ns", "softirq_ns", "runnable_ns", "unknown_ns", "blocked_ns",
         "switches", "preemptions", "zombie_ns"]


def by_pid(doc, key):
    out = {}
    for t in doc[key]:
        out.setdefault(t["pid"], []).append(t)
    return out


def total(entries, f):
    return sum(f(t) for t in entries)


def calls(entries):
    """exits per syscall name (count + partial) over the entries"""
    c = {}
    for t in entries:
        for name, s in t["syscalls"].items():
            c[name] = c.get(name, 0) + s["count"] + s["partial"]
    return c


def compare(kind, whole, left, right):
    """the mismatches of one split, one line each"""
    bad = []
    key = "threads"
    W, L, R = by_pid(whole, key), by_pid(left, key), by_pid(right, key)
    for pid in sorted(set(W) | set(L) | set(R)):
        w, l, r = W.get(pid, []), L.get(pid, []), R.get(pid, [])
        if kind == "processes":
            fields = list(TIMES)
            split = [("user_ns",), ("kernel_ns",)]
            if total(w, lambda t: t["user_ns"]) != total(l + r, lambda t: t["user_ns"]):
                split = [("user_ns", "kernel_ns")]
            for f in fields:
                a, b = total(w, lambda t: t[f]), total(l + r, lambda t: t[f])
                if a != b:
                    bad.append("pid %d %s: whole %d, left + right %d" % (pid, f, a, b))
            for fs in split:
                a = total(w, lambda t: sum(t[f] for f in fs))
                b = total(l + r, lambda t: sum(t[f] for f in fs))
                if a != b:
                    bad.append("pid %d %s: whole %d, left + right %d" % (pid, "+".join(fs), a, b))
        cw, cl, cr = calls(w), calls(l), calls(r)
        for name in sorted(set(cw) | set(cl) | set(cr)):
            if cw.get(name, 0) != cl.get(name, 0) + cr.get(name, 0):
                bad.append("pid %d %s: whole %d exits, left %d + right %d" %
                           (pid, name, cw.get(name, 0), cl.get(name, 0), cr.get(name, 0)))
    if kind == "syscalls":
        for name in sorted({n for d in (whole, left, right) for n in d["syscalls"]}):
            def n(d):
                s = d["syscalls"].get(name)
                return s["count"] + s["partial"] if s else 0
            if n(whole) != n(left) + n(right):
                bad.append("system-wide %s: whole %d exits, left %d + right %d" %
                           (name, n(whole), n(left), n(right)))
    return bad


def main():
    kind, args = sys.argv[1], sys.argv[2:]
    if kind not in ("processes", "syscalls") or len(args) < 3 or len(args) % 2 != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    whole = json.load(open(args[0]))
    bad = []
    for i in range(1, len(args), 2):
        split = compare(kind, whole, json.load(open(args[i])), json.load(open(args[i + 1])))
        bad += ["%s + %s: %s" % (args[i], args[i + 1], b) for b in split]
    for b in bad[:20]:
        print(b)
    if len(bad) > 20:
        print("... %d more" % (len(bad) - 20))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
