#!/usr/bin/python3
"""gtkhostspred.py - the predicate bar of the window of several hosts
(gtk/hosts.c; issue 32), as a person uses it (tests/host/gtk-hosts-pred.t):
p puts the keys in the bar's entry, a predicate over the set typed and
Enter (the keys back to the graph); ) and ( move the time cursor through
its hits, each one's index, time, event and node in the bar's status
(AT-SPI "Predicate status") checked against HITS (replay --json --hits of
the same set); at each the cursor's line (graph.c's blue, 0, 0.3, 0.9) on
both hosts' grey group rows at the hit's x and nowhere else on them; the
ruler's foot has the hit marks' colour (0.85, 0, 0.65) at each hit's x
and nowhere else; a syntax error is said with its column as replay --hits
says it (BAD_MSG) and the marks stay.  The x of a time is the window's:
label width + (t - t0) / (t1 - t0) x columns, [t0, t1] read from the
status line ("[t0, t1] on alpha's clock").

  gtkhostspred.py PROG MERGED HITS EXPR BAD BAD_MSG OUTDIR

Prints PASS/FAIL lines and DONE (tap.sh, checks()).
"""
import json
import os
import re
import sys

from gtkdrive import Window, check, screen, wait, text_of

LABEL_W = 200
RULER_H = 20
ROW_H = 22
MARK = (217, 0, 166)	# 0.85, 0, 0.65
CURSOR = (0, 77, 230)	# 0, 0.3, 0.9


def near(p, q, tol=40):
    return max(abs(a - b) for a, b in zip(p, q)) <= tol


def main():
    prog, merged, hits_f, expr, bad, bad_msg, out = sys.argv[1:8]
    hits = json.load(open(hits_f))['hits']
    n = len(hits)
    w = Window(prog, ['--size', '1280x800', merged], log=os.path.join(out, 'gtk-hosts-pred.log'))

    def focus():
        w.xdo('search', '--sync', '--onlyvisible', '--name', '^tracevisualizer: hosts on one clock$',
              'windowfocus', '--sync')

    def pstatus():
        s = w.one('Predicate status', 'label')
        return text_of(s) if s is not None else ''

    def wait_pstatus(ok, timeout=10):
        wait(lambda: ok(pstatus()), timeout)
        return pstatus()

    def window():
        m = re.search(r'\[(\d+)\.(\d{9}), (\d+)\.(\d{9})\]', w.status())
        return (int(m.group(1)) * 10**9 + int(m.group(2)),
                int(m.group(3)) * 10**9 + int(m.group(4))) if m else None

    try:
        # (the graph found by its role: a window without the bar fails the checks below)
        area = wait(lambda: w.app() is not None and w.one(role='drawing area'), 30)
        if not check(area, "the hosts' window is up"):
            return
        check(area.get_name() == 'Hosts graph', "its graph named for a screen reader",
              area.get_name())
        ax, ay, aw, ah = area.get_extents(0).x, area.get_extents(0).y, \
            area.get_extents(0).width, area.get_extents(0).height
        cw = aw - LABEL_W

        def x_of(t, win):
            return int(LABEL_W + (t - win[0]) / (win[1] - win[0]) * cw)
        focus()
        w.key('parenright')
        st = wait_pstatus(lambda s: s.startswith('no predicate yet'))
        check(st == 'no predicate yet (p)', ") with no predicate: said", st)
        w.key('p')
        entry = w.wait_one('Predicate expression', 'text')
        w.type(expr)
        w.key('Return')
        st = wait_pstatus(lambda s: s.startswith('predicate: '), 30)
        check(entry is not None and st == 'predicate: %d hits: ) next, ( previous' % n,
              "p, '%s' typed, Enter: %d hits said" % (expr, n), st)
        win = window()
        # the group rows: the first row and the row of beta's group (alpha, its 2 tasks, beta)
        groups = [ay + RULER_H + ROW_H // 2, ay + RULER_H + 3 * ROW_H + ROW_H // 2]

        def rows_cursor():
            out = []
            for y in groups:
                im = screen(ax, y, aw, 1)
                out.append([c for c in range(LABEL_W, aw) if near(im.getpixel((c, 0)), CURSOR)])
            return out
        fwd = 0
        bad_at = None
        for i, h in enumerate(hits):
            rel = h['rel_ns']
            want = 'hit %d/%d at %d.%09d #%d node %s: %s' % (i + 1, n, rel // 10**9, rel % 10**9,
                                                             h['event'], h['node'], expr)
            w.key('parenright')
            st = wait_pstatus(lambda s, want=want: s == want)
            cx = x_of(h['time_ns'], win)
            ok = wait(lambda cx=cx: all(cs and min(cs) >= cx - 1 and max(cs) <= cx + 1
                                        for cs in rows_cursor()), 5)
            if st != want or not ok:
                bad_at = "hit %d: got '%s', want '%s'; cursor pixels %s, x %d" % (
                    i + 1, st, want, rows_cursor(), cx)
                break
            fwd += 1
        check(fwd == n, ") reaches each of the %d hits in turn (replay --json --hits' index, time,"
              " event and node), the cursor's line on both group rows at its x" % n, bad_at)
        w.key('parenright')
        st = wait_pstatus(lambda s: s.startswith('no hit after'))
        check(st == 'no hit after the cursor for: %s' % expr, ") after the last: said", st)
        back = 0
        for i in range(n - 2, -1, -1):
            h = hits[i]
            rel = h['rel_ns']
            want = 'hit %d/%d at %d.%09d #%d node %s: ' % (i + 1, n, rel // 10**9, rel % 10**9,
                                                           h['event'], h['node'])
            w.key('parenleft')
            if not wait_pstatus(lambda s, want=want: s.startswith(want)).startswith(want):
                break
            back += 1
        check(back == n - 1, "( goes back through them in reverse order (%d of %d)" % (back, n - 1))

        # the ruler's foot: the marks at the hits' x (the whole span), nowhere else
        def foot():
            im = screen(ax, ay + RULER_H - 3, aw, 1)
            return [im.getpixel((c, 0)) for c in range(aw)]
        want = sorted(set(x_of(h['time_ns'], win) for h in hits))
        wait(lambda: all(near(foot()[c], MARK) for c in want), 10)
        px = foot()
        missing = [c for c in want if not near(px[c], MARK)]
        stray = [c for c in range(LABEL_W, aw) if near(px[c], MARK) and
                 min(abs(c - k) for k in want) > 4]
        screen(ax, ay, aw, RULER_H + 4 * ROW_H).save(os.path.join(out, 'hosts-ruler.png'))
        check(want and not missing and not stray,
              "the ruler: the marks' colour at the %d hits' x, nowhere else" % len(want),
              "missing %s, stray %s" % (missing, stray))

        # a syntax error: said as replay --hits says it, nothing changed
        w.key('p')
        w.key('ctrl+a')
        w.type(bad)
        w.key('Return')
        st = wait_pstatus(lambda s: s.startswith('predicate: 1:'))
        check(st == 'predicate: ' + bad_msg, "'%s': said as replay --hits says it" % bad, st)
        px = foot()
        check(all(near(px[c], MARK) for c in want), "the marks of the predicate before stay")
        h = hits[1]
        rel = h['rel_ns']
        want = 'hit 2/%d at %d.%09d #%d node %s: %s' % (n, rel // 10**9, rel % 10**9, h['event'],
                                                        h['node'], expr)
        w.key('parenright')
        st = wait_pstatus(lambda s: s == want)
        check(st == want, ") still steps through the predicate before", st)
    except Exception as e:
        check(False, "the checker ran every step", repr(e))
    finally:
        w.stop()
        print("DONE")


if __name__ == '__main__':
    main()
