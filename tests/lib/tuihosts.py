#!/usr/bin/python3
"""tuihosts.py SCREEN MESSAGES MODEL - the screen of "tracevisualizer tui"
of two hosts (tui/hosts.c) against merge's messages (--messages FILE:
each message's send and receive on its host's clock) and its clock model
(clock-model.json), for tests/host/tui-hosts.t: the title's window
[t0, t1] (s.ns), a clock line per host (the reference, then offset, drift
and its bounds, accuracy as the model says), a group row per host with
its task under it (alpha: "cli 10", beta: "srv 20"), and each message in
the window marked where the library puts it: 'o' on the sender's row at
the column of its send, 'v' (from a row above) or '^' (from below) on the
receiver's row at its receive's column (drawn in order of send, a later
mark over an earlier one), and no other mark.  The times are put on
alpha's clock as lttr_sync_to_ref() does, rounded to the ns; a column is
lttr_viewport_time_col()'s.  Prints PASS/FAIL lines and DONE."""
import json
import re
import sys

LABEL_W = 22


def say(cond, what):
    print("%s %s" % ("PASS" if cond else "FAIL", what))
    return cond


def main():
    scr = open(sys.argv[1]).read().split('\n')
    msgs = json.load(open(sys.argv[2]))['list']
    cm = json.load(open(sys.argv[3]))
    m = re.search(r'\[(\d+)\.(\d{9}), (\d+)\.(\d{9})\]', scr[0])
    say(m is not None, "the title gives the window: %s" % scr[0].strip()[:100])
    if not m:
        print("DONE")
        return
    t0 = int(m.group(1)) * 10**9 + int(m.group(2))
    t1 = int(m.group(3)) * 10**9 + int(m.group(4))
    hosts = cm['hosts']
    names = [h['hostname'] for h in hosts]
    # the clock lines
    h1 = hosts[1]
    want = "%s: t = %+.1f ns + (1 %+.4f ppm) x t(%s)" % (names[1], h1['offset_ns'], h1['drift_ppm'], names[0])
    say(scr[1].startswith("%s: the reference clock" % names[0]) and scr[2].startswith(want) and
        ("accuracy %.1f us" % (h1['accuracy_ns'] / 1e3)) in scr[2] and "drift in [" in scr[2],
        "the clock lines: %s | %s" % (scr[1].strip(), scr[2].strip()))
    rows = {}
    for y, line in enumerate(scr):
        label = line[:LABEL_W - 1].strip()
        if y > 3 and label:
            rows[label] = y
    order = [rows.get('%s (host 0)' % names[0]), rows.get('cli 10'),
             rows.get('%s (host 1)' % names[1]), rows.get('srv 20')]
    say(None not in order and order == sorted(order) and order[1] == order[0] + 1 and
        order[3] == order[2] + 1,
        "rows: %s (host 0), cli 10 under it, %s (host 1), srv 20 under it (lines %s)" %
        (names[0], names[1], order))
    if None in order:
        print("DONE")
        return
    width = max(len(l) for l in scr)
    n = width - LABEL_W
    span = t1 - t0

    def col(t):
        if t < t0:
            return -1
        lo, hi = 0, n
        while lo < hi:      # the last c with t0 + span * c // n <= t
            mid = (lo + hi + 1) // 2
            if t0 + span * mid // n <= t:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def ref(h, t):
        if h == 0:
            return t
        s = 1 + hosts[h]['drift_ppm'] * 1e-6
        r = (t - hosts[h]['offset_ns']) / s
        return int(r + 0.5)
    row_of = {0: order[1], 1: order[3]}
    drawn = {}
    inwin = 0
    for x in sorted(msgs, key=lambda x: (ref(x['src'], x['send_ns']), ref(x['dst'], x['recv_ns']))):
        s, r = ref(x['src'], x['send_ns']), ref(x['dst'], x['recv_ns'])
        if s >= t1 or r < t0:
            continue
        inwin += 1
        cs, cr = col(s), col(r)
        ys, yr = row_of[x['src']], row_of[x['dst']]
        if 0 <= cs < n:
            drawn[(ys, cs)] = 'o'
        if 0 <= cr < n:
            drawn[(yr, cr)] = 'v' if ys < yr else '^'
    got = {}
    for y in row_of.values():
        line = scr[y].ljust(width)
        for c in range(n):
            ch = line[LABEL_W + c]
            if ch in 'ov^':
                got[(y, c)] = ch
    say(inwin > 0 and got == drawn,
        "%d messages in the window: their %d marks where the library puts them (the screen has %d)"
        % (inwin, len(drawn), len(got)))
    if got != drawn:
        for k in sorted(set(got) | set(drawn))[:10]:
            if got.get(k) != drawn.get(k):
                print("  line %d column %d: want %r, the screen has %r" % (k[0], k[1], drawn.get(k), got.get(k)))
    st = scr[-1] if scr[-1].strip() else [l for l in scr if l.strip()][-1]
    say(("%d messages between hosts in the window (%d in all)" % (inwin, len(msgs))) in st,
        "the status line counts them: %s" % st.strip()[:120])
    print("DONE")


if __name__ == '__main__':
    main()
