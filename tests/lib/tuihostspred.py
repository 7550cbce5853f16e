#!/usr/bin/python3
"""tuihostspred.py SCREEN HITS CURSOR_NS - the screen of "tracevisualizer
tui" of two hosts (tui/hosts.c) with a predicate set, against replay
--json --hits of the same set (HITS), for tests/host/tui-hosts-pred.t:
the ruler (the line above the first group row) has '^' exactly at the
columns of the hits in the title's window [t0, t1], and each host's group
row has the cursor '|' at the column of CURSOR_NS (or none when it is out
of the window).  A column is lttr_viewport_time_col()'s: the last c with
t0 + (t1 - t0) * c // n <= t, n the columns right of the labels.  Prints
PASS/FAIL lines and DONE."""
import json
import re
import sys

LABEL_W = 22


def say(cond, what):
    print("%s %s" % ("PASS" if cond else "FAIL", what))
    return cond


def main():
    scr = open(sys.argv[1]).read().split('\n')
    hits = json.load(open(sys.argv[2]))['hits']
    cursor = int(sys.argv[3])
    m = re.search(r'\[(\d+)\.(\d{9}), (\d+)\.(\d{9})\]', scr[0])
    if not say(m is not None, "the title gives the window: %s" % scr[0].strip()[:100]):
        print("DONE")
        return
    t0 = int(m.group(1)) * 10**9 + int(m.group(2))
    t1 = int(m.group(3)) * 10**9 + int(m.group(4))
    width = max(len(l) for l in scr)
    n = width - LABEL_W

    def col(t):
        if t < t0:
            return -1
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if t0 + (t1 - t0) * mid // n <= t:
                lo = mid
            else:
                hi = mid - 1
        return lo
    groups = [y for y, l in enumerate(scr) if re.match(r'^\S+ \(host \d+\) ', l)]
    if not say(len(groups) == 2, "two group rows (lines %s)" % groups):
        print("DONE")
        return
    rul = scr[groups[0] - 1].ljust(width)
    got = sorted(c for c in range(n) if rul[LABEL_W + c] == '^')
    want = sorted(set(col(h['time_ns']) for h in hits if t0 <= h['time_ns'] <= t1) - {n})
    inwin = sum(t0 <= h['time_ns'] <= t1 for h in hits)
    say(got == want and len(want) > 0,
        "the ruler: '^' at the columns of the hits in the window (%d of %d; %d columns; the "
        "screen has %s, the hits' times give %s)" % (inwin, len(hits), len(want), got[:8], want[:8]))
    c = col(cursor) if t0 <= cursor <= t1 else -1
    c = -1 if c >= n else c
    for y in groups:
        line = scr[y].ljust(width)
        bars = [i for i in range(n) if line[LABEL_W + i] == '|']
        say(bars == ([c] if c >= 0 else []),
            "%s: the cursor '|' at column %d (the screen has %s)" % (line.split()[0], c, bars))
    print("DONE")


if __name__ == '__main__':
    main()
