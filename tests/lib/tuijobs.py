#!/usr/bin/python3
"""tuijobs.py SCREEN JOBS.json LOAD.json NAME SEL - the TUI's jobs page
(tui/jobs.c) on the screen SCREEN (tmux capture-pane) against "jobs
--json" (with the deadline the page was given) and "jobs --load --json
--width N" of the same trace: its title (name, instances, period,
deadline, misses), the graph (per instance, at its column, its response
"o", "X" when missed, its execution "." at the heights the library's
lttr_share_level() gives, the deadline's line), the CPU load's sparklines
(a column per bin), the table (start, task, response, execution,
interference, missed).  NAME is the name shown, SEL the instance selected
(from 1).  Prints PASS/FAIL lines for tap.sh's checks, then DONE."""
import json
import sys

from tuicheck import fmt_duration, fmt_time

LABEL_W = 13
BARS = " \u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"


def level(part, whole, n):
    """lttr_share_level(): part * n / whole, halves up"""
    if not whole:
        return 0
    if part >= whole:
        return n
    return (part * n * 2 + whole) // (2 * whole)


def check(cond, desc, why=""):
    print(("PASS " if cond else "FAIL ") + desc + ("" if cond else ": " + why))


def main():
    scr = open(sys.argv[1], encoding="utf-8").read().rstrip("\n").split("\n")
    top = json.load(open(sys.argv[2]))
    j = top["jobs"]
    load = json.load(open(sys.argv[3]))["load"]
    name, sel = sys.argv[4], int(sys.argv[5])
    names = [n["name"] for n in j["names"]]
    nm = j["names"][names.index(name)]
    inst = [x for x in j["jobs"] if x["name"] == name]
    t = [i for i, l in enumerate(scr) if l.startswith("Jobs of ")]
    if not t:
        check(False, "the jobs page is shown", "no 'Jobs of' line")
        print("DONE")
        return
    t = t[0]
    dl = j["deadline_ns"]
    want = "Jobs of %s (name %d of %d, K: the next)  %d instance%s, period %s  deadline %s" % (
        name, names.index(name) + 1, len(names), nm["count"], "" if nm["count"] == 1 else "s",
        fmt_duration(nm["period_ns"]),
        "%s: %d missed" % (fmt_duration(dl), nm["misses"]) if dl else "none")
    check(scr[t].startswith(want), "the title: %s" % want, repr(scr[t]))
    leg = [i for i in range(t, len(scr)) if scr[i].strip().startswith("o response")][0]
    rows = scr[t + 1:leg]
    gh = len(rows)
    ymax = max(nm["response"]["max_ns"], dl or 0)
    check(rows[0][:LABEL_W - 1].strip() == fmt_duration(ymax),
          "the graph's scale: %s at its top (the longest response, or the deadline)" %
          fmt_duration(ymax), repr(rows[0][:LABEL_W]))
    bad = []
    for i, x in enumerate(inst):
        col = LABEL_W + i
        re = level(x["response_ns"], ymax, gh - 1)
        ex = level(x["exec_ns"], ymax, gh - 1)
        for r in range(gh):
            got = rows[r][col] if col < len(rows[r]) else " "
            h = gh - 1 - r
            exp = ("X" if x["miss"] else "o") if h == re else "." if h == ex else None
            if exp is None:
                if got not in " -":
                    bad.append("instance %d row %d: %r" % (i + 1, r, got))
            elif got != exp:
                bad.append("instance %d row %d: %r, not %r" % (i + 1, r, got, exp))
    check(not bad, "the graph: each of the %d instances' response (o, X missed) and execution (.) "
          "at the library's heights" % len(inst), "; ".join(bad[:5]))
    if dl:
        r = gh - 1 - level(dl, ymax, gh - 1)
        tail = rows[r][LABEL_W + len(inst):].rstrip()
        check(tail and set(tail) == {"-"}, "the deadline's line on row %d" % r, repr(rows[r]))
    misses = [i + 1 for i, x in enumerate(inst) if x["miss"]]
    check(sum(1 for r in rows for c in r[LABEL_W:] if c == "X") == len(misses),
          "as many X as misses (%s)" % misses, "")
    # the CPU load
    c0 = [i for i, l in enumerate(scr) if l.startswith("CPU load over ")]
    check(bool(c0) and ("%d bins of %s" % (load["bins"], fmt_duration(load["bin_ns"][0]))) in scr[c0[0]],
          "the CPU load's title: %d bins of %s" % (load["bins"], fmt_duration(load["bin_ns"][0])),
          repr(scr[c0[0]]) if c0 else "none")
    for c in load["cpus"]:
        line = [l for l in scr if l.startswith("cpu%d " % c["cpu"])]
        if not line:
            check(False, "cpu%d's load line" % c["cpu"], "none")
            continue
        got = line[0][LABEL_W:LABEL_W + load["bins"]].ljust(load["bins"])
        exp = "".join("?" if u else BARS[level(b, w, 8)]
                      for b, u, w in zip(c["busy_ns"], c["unknown_ns"], load["bin_ns"]))
        check(got == exp, "cpu%d's load: a column per bin, its busy share's height "
              "(jobs --load --json)" % c["cpu"], "\n got %r\nwant %r" % (got, exp))
    what = "the whole trace" if load["whole"] else "the window %s s to %s s" % (
        fmt_time(load["from_ns"]), fmt_time(load["to_ns"]))
    check(bool(c0) and scr[c0[0]].startswith("CPU load over %s: " % what),
          "the CPU load's title says what it covers: %s" % what, repr(scr[c0[0]]) if c0 else "none")
    for tk in load["tasks"][:2]:       # the two busiest tasks, their own code
        lab = ("%.7s-%d" % (tk["name"], tk["pid"]))[:12]
        line = [l for l in scr if l.startswith(lab + " ")]
        got = line[0][LABEL_W:LABEL_W + load["bins"]].ljust(load["bins"]) if line else None
        exp = "".join(BARS[level(b, w, 8)] for b, w in zip(tk["ns"], load["bin_ns"]))
        check(got == exp, "task %s's load line: its own code's share of each bin" % lab,
              "\n got %r\nwant %r" % (got, exp))
    # the table
    h = [i for i, l in enumerate(scr) if l.lstrip().startswith("#  start")]
    bad, seen = [], 0
    for l in scr[h[0] + 1:] if h else []:
        f = l.split()
        if len(f) < 9 or not f[0].isdigit():
            continue
        k = int(f[0])
        x = inst[k - 1]
        exp = [str(k), fmt_time(x["begin_ns"]), str(x["tid"])] + \
            [v for d in (x["response_ns"], x["exec_ns"], x["interference_ns"])
             for v in fmt_duration(d).split()] + \
            ["-" if not dl else "MISSED" if x["miss"] else "no"]
        if f != exp:
            bad.append("%r, not %r" % (f, exp))
        seen += 1
    check(h and seen and not bad, "the table: %d rows, each instance's start, task, response, "
          "execution, interference and miss as jobs --json has them" % seen, "; ".join(bad[:3]))
    check(all(x["response_ns"] == x["exec_ns"] + x["interference_ns"] for x in inst),
          "interference: each instance's response less its execution (jobs --json)")
    info = scr[-2]
    x = inst[sel - 1]
    want = "#%d: response %s = exec %s + runnable %s" % (sel, fmt_duration(x["response_ns"]),
                                                      fmt_duration(x["exec_ns"]),
                                                      fmt_duration(x["runnable_ns"]))
    check(info.startswith(want), "the info line: the instance selected, %s" % want, repr(info))
    print("DONE")


if __name__ == "__main__":
    main()
