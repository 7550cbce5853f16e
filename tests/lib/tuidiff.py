#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tuidiff.py - screens of "tracevisualizer tui --diff A B" (tui/diff.c)
captured in tmux, against "tracevisualizer diff --json A B"
(tests/host/tui-diff.t).  Prints PASS/FAIL lines and DONE.

  tuidiff.py rows JSON SCREEN [ORDER]
      the table's rows on the screen in SCREEN (every row on it): each
      row's name, change, A, B, side and pids as the JSON's, every row of
      the JSON there, in the library's order (ORDER "rank"), by A
      descending ("a"), or by A ascending ("a-inv")
  tuidiff.py kinds JSON SCREEN
      the kind columns the screen shows (their titles in the header line):
      each row's change of that kind as the JSON's "kinds"
  tuidiff.py page JSON SCREEN KEY WIDTH
      the page of process KEY (Enter): its header line, its parts, and,
      when KEY is the JSON's "explained", the worst instance as it says
"""
import json
import re
import sys

from check import ok, done

KINDS = ["user", "syscall", "syscall-rest", "trap", "kernel", "interrupted", "runnable",
         "nodata", "blocked", "unaccounted"]
NUM = r'[+-]?\d+\.\d{6}'
ROW = re.compile(r'^(\S.{0,14}?)\s+(' + NUM + r')\s+(\d+\.\d{6})\s+(\d+\.\d{6})\s+'
                 r'(both|A only|B only)(?:\s+(\d+(?: -> \d+)?))?(?:\s|$)')


def ms(ns, sign):
    a = abs(ns)
    return "%s%d.%06d" % ("-" if ns < 0 else "+" if sign and ns > 0 else "", a // 1000000,
                          a % 1000000)


def procs(j):
    d = j["diff"]
    return d["matched"] + d["only_a"] + d["only_b"]


def side(p):
    return {"both": "both", "a": "A only", "b": "B only"}[p["side"]]


def pids(p):
    return ("%d -> %d" % (p["pid_a"], p["pid_b"]) if p["side"] == "both" else
            "%d" % (p["pid_a"] if p["side"] == "a" else p["pid_b"]))


def screens(path):
    """the captures in the file: each starts with the title line"""
    out, cur = [], None
    for line in open(path).read().split('\n'):
        if line.startswith('Diff  A '):
            cur = []
            out.append(cur)
        if cur is not None:
            cur.append(line)
    return out


def table_rows(scr):
    """(name, change, a, b, side, pids) of the rows under the header"""
    rows = []
    for line in scr[3:-1]:
        m = ROW.match(line)
        if m:
            rows.append(m.groups())
    return rows


def rows_check(j, path, order):
    ps = procs(j)
    if order == "a":
        ps = sorted(ps, key=lambda p: -p["a_ns"])
    elif order == "a-inv":
        ps = list(reversed(sorted(ps, key=lambda p: -p["a_ns"])))
    want = [(p["name"][:15], ms(p["delta_ns"], True), ms(p["a_ns"], False),
             ms(p["b_ns"], False), side(p), pids(p)) for p in ps]
    got = [tuple(r) for r in table_rows(screens(path)[-1])]
    # the pids column is cut at 80 columns: compare it where shown
    same = len(got) == len(want) and all(
        g[:5] == w[:5] and (g[5] is None or g[5] == w[5]) for g, w in zip(got, want))
    ok(same, "%d rows (%s), each as diff --json: name, change, A, B, side, pids to the ns"
       % (len(want), order))
    if not same:
        for i, (g, w) in enumerate(zip(got, want)):
            if g[:5] != w[:5]:
                print("#  row %d: got %s, want %s" % (i, g, w))
                break
        print("#  %d rows seen, %d wanted" % (len(got), len(want)))


def kinds_check(j, path):
    scr = screens(path)[-1]
    head = scr[2]
    # the numbers are right-aligned under their titles (14 columns wide)
    ends = {}
    for k in KINDS:
        m = re.search(r'(?:^|\s)(%s)(?=\s|$)' % re.escape(k), head)
        if m and m.end(1) >= 14:
            ends[k] = m.end(1)
    ps = procs(j)
    good = bool(ends)
    n = 0
    for line, p in zip(scr[3:-1], ps):
        toks = line.split()
        if len(toks) < 2 or not p["name"].startswith(toks[0]):
            continue
        ks = {x["kind"]: x["delta_ns"] for x in p["kinds"]}
        n += 1
        for k, e in ends.items():
            got = line[e - 14:e].strip()
            if got != ms(ks.get(k, 0), True):
                good = False
                print("#  %s %s: got %s, want %s" % (p["key"], k, got, ms(ks.get(k, 0), True)))
    ok(good and n == min(len(ps), len(scr) - 4),
       "the kind columns shown (%s): %d rows' changes by kind as the JSON's kinds"
       % (", ".join(ends), n))


def page_check(j, path, key, width):
    # the page wraps a long line at the screen's width: joined again
    lines = []
    for line in open(path).read().split('\n'):
        if lines and len(lines[-1]) % width == 0 and lines[-1]:
            lines[-1] += line
        else:
            lines.append(line)
    text = "\n".join(lines)
    p = [q for q in procs(j) if q["key"] == key][0]
    head = "%s (%s), pid %s: %s ms, %s -> %s ms" % (p["name"], key, pids(p), ms(p["delta_ns"], True),
                                                   ms(p["a_ns"], False), ms(p["b_ns"], False))
    ok(head in text, "the page of %s: its header line (%s)" % (key, head))
    miss = [x["label"] for x in p["parts"]
            if not re.search(r'%s\s+%s\s+%s ->\s+%s' % (re.escape(ms(x["delta_ns"], True)),
                                                        re.escape(x["label"]),
                                                        re.escape(ms(x["a_ns"], False)),
                                                        re.escape(ms(x["b_ns"], False))), text)]
    ok(not miss, "its %d parts, each as the JSON's (missing: %s)" % (len(p["parts"]), miss))
    e = j["explained"]
    if e and e["key"] == key:
        st = e["explain"]["state"]
        words = "blocked (%s)" % st[8:] if st.startswith("blocked_") else st
        line = "Its worst instance: the longest %s in %s, thread %d, " % (
            e["part"]["label"], e["trace"].upper(), e["pid"])
        ok(line in text and "(%s ms):" % ms(e["duration_ns"], False) in text and
           "%d " % e["pid"] in text and ": %s" % words in text,
           "its worst instance as diff --json explains it: thread %d, %d ns, %s"
           % (e["pid"], e["duration_ns"], words))


def main():
    j = json.load(open(sys.argv[2]))
    if sys.argv[1] == "rows":
        rows_check(j, sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "rank")
    elif sys.argv[1] == "kinds":
        kinds_check(j, sys.argv[3])
    elif sys.argv[1] == "page":
        page_check(j, sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        sys.exit("tuidiff.py: rows, kinds or page")
    done()


if __name__ == "__main__":
    main()
