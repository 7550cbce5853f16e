#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""diffcheck.py - checks of "tracevisualizer diff --json" (tests/host/diff.t,
tests/guest/11-sleep.t).

  diffcheck.py sums FILE      every process's parts add up to its change, in
                              A and in B, to the ns; its kinds are its parts
                              summed by kind; each blocked part's
                              wakers add up to it; prints "ok" or the first
                              process that does not add up
  diffcheck.py zero FILE      a trace against itself: every process matched,
                              every change and every part's change 0
  diffcheck.py part FILE KEY-SUFFIX LABEL
                              the change of the process whose key ends with
                              KEY-SUFFIX (matched, one), then the change of its
                              part LABEL ("blocked sleep"), then its largest
                              part's label, on one line
"""
import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f)["diff"]


def procs(d):
    return d["matched"] + d["only_a"] + d["only_b"]


def sums(d):
    for p in procs(d):
        for side in ("a_ns", "b_ns", "delta_ns"):
            s = sum(x[side] for x in p["parts"])
            if s != p[side]:
                return "%s: %s: parts %d != %d" % (p["key"], side, s, p[side])
        # the kinds: the parts of each kind summed (lttr_diff_kinds())
        for x in p.get("kinds", [None]):
            if x is None:
                return "%s: no kinds" % p["key"]
            for side in ("a_ns", "b_ns", "delta_ns"):
                s = sum(y[side] for y in p["parts"] if y["kind"] == x["kind"])
                if s != x[side]:
                    return "%s: kind %s: %s %d != parts %d" % (p["key"], x["kind"], side, x[side], s)
        if {x["kind"] for x in p["kinds"]} != {x["kind"] for x in p["parts"]}:
            return "%s: the kinds are not the parts' kinds" % p["key"]
        for x in p["parts"]:
            if x["delta_ns"] != x["b_ns"] - x["a_ns"]:
                return "%s: %s: delta != b - a" % (p["key"], x["label"])
            if x["kind"] != "blocked" or not p["wakers"]:
                continue
            for side in ("a_ns", "b_ns", "delta_ns"):
                s = sum(w[side] for w in p["wakers"] if w["reason"] == x["reason"])
                if s != x[side]:
                    return "%s: %s: wakers %s %d != %d" % (p["key"], x["label"], side, s, x[side])
    return "ok"


def zero(d):
    if d["only_a"] or d["only_b"]:
        return "%d only in A, %d only in B" % (len(d["only_a"]), len(d["only_b"]))
    for p in d["matched"]:
        if p["delta_ns"] or any(x["delta_ns"] for x in p["parts"]) or p["pid_a"] != p["pid_b"]:
            return "%s changed" % p["key"]
    return "ok %d" % len(d["matched"])


def part(d, suffix, label):
    m = [p for p in d["matched"] if p["key"].endswith(suffix)]
    if len(m) != 1:
        return "%d matched processes end with %s" % (len(m), suffix)
    p = m[0]
    x = [x["delta_ns"] for x in p["parts"] if x["label"] == label]
    return "%d %s %s" % (p["delta_ns"], x[0] if x else "none", p["parts"][0]["label"])


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    d = load(path)
    if cmd == "sums":
        print(sums(d))
    elif cmd == "zero":
        print(zero(d))
    elif cmd == "part":
        print(part(d, sys.argv[3], sys.argv[4]))
    else:
        sys.exit("diffcheck.py: unknown check " + cmd)


if __name__ == "__main__":
    main()
