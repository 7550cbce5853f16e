#!/usr/bin/python3
"""gtkpredbar.py - the window's predicate bar (issue 32), as a person uses
it (tests/host/gtk-predbar.t): p opens it, a predicate of the replay's
language typed and Enter; ) and ( move the cursor through its hits; each
hit's time and event number in the status bar checked against HITS (the
lines "EVENT TIME_NS REL_NS" of replay --hits --json, themselves checked
against replay --script by the caller); the whole trace's ruler has the
hit marks' colour (graph.c: 0.85, 0, 0.65) at each hit's x and nowhere
else on the ruler's foot; a syntax error is said in the bar with its line
and column, and the marks stay.  With HOLD (the caller set
LTTR_TEST_HOLD_PROGRESS and LTTR_TEST_HOLD_RELEASE=RELEASE), a second
predicate's pass is held: the Working dialog, Escape cancels it, the
first predicate's hits stay.

  gtkpredbar.py PROG TRACE HITS EXPR BAD BAD_MSG OUTDIR [RELEASE]
  gtkpredbar.py --restored PROG TRACE HITS EXPR OUTDIR

With --restored, the trace's session.json holds EXPR (the window kept it
when it quit): opened again, the status bar says its hits, Home ) steps to
the first, p shows it in the bar; the bar emptied, Enter: no predicate (the
caller checks that the file then holds none).

Prints PASS/FAIL lines and DONE (tap.sh, checks()).
"""
import os
import sys

from gtkdrive import Window, check, screen, wait
from gtkwindow import LABEL_W, RULER_H

MARK = (217, 0, 166)	# 0.85, 0, 0.65


def msg(s):
    """the message part of the status bar ("cursor ...   |   MESSAGE")"""
    return s.split('   |   ', 1)[1] if '   |   ' in s else ''


def near(p, q, tol=40):
    return max(abs(a - b) for a, b in zip(p, q)) <= tol


def restored():
    prog, trace, hits_f, expr, out = sys.argv[2:7]
    hits = [tuple(int(v) for v in l.split()) for l in open(hits_f) if l.strip()]
    n = len(hits)
    w = Window(prog, ['--size', '1280x800', trace], log=os.path.join(out, 'gtk-predbar-r.log'))
    try:
        if not w.up():
            return
        graph = w.one('Control flow graph')
        want = 'predicate of the last session: %d hits: ) next, ( previous' % n
        st = msg(w.wait_status(lambda s: msg(s).startswith(want), 30))
        check(st == want, "opened again: the last session's predicate replayed, said", st)
        w.focus()
        w.grab(graph)
        ev, _ns, rel = hits[0]
        want = 'hit 1/%d at %d.%09d #%d: %s' % (n, rel // 10**9, rel % 10**9, ev, expr)
        w.key('Home')	# (the cursor the session kept is at the first hit)
        w.key('parenright')
        st = msg(w.wait_status(lambda s: msg(s).startswith(want)))
        check(st.startswith(want), "Home, ): its first hit", st)
        w.key('p')
        entry = w.wait_one('Predicate expression', 'text')
        text = entry.get_text(0, -1) if entry is not None else None
        check(text == expr, "p: the bar holds it", repr(text))
        w.key('ctrl+a')
        w.key('Delete')
        w.key('Return')
        st = msg(w.wait_status(lambda s: msg(s).startswith('no predicate')))
        check(st == 'no predicate', "emptied, Enter: no predicate", st)
    except Exception as e:
        check(False, "the checker ran every step", repr(e))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q: the program exits with status 0 (%s)" % st)
        print("DONE")


def main():
    if sys.argv[1] == '--restored':
        restored()
        return
    prog, trace, hits_f, expr, bad, bad_msg, out = sys.argv[1:8]
    release = sys.argv[8] if len(sys.argv) > 8 else None
    hits = [tuple(int(v) for v in l.split()) for l in open(hits_f) if l.strip()]
    n = len(hits)
    w = Window(prog, ['--size', '1280x800', trace], log=os.path.join(out, 'gtk-predbar.log'))
    try:
        if not w.up():
            return
        graph = w.one('Control flow graph')

        def focus_graph():
            w.focus()
            w.grab(graph)

        def predicate(text):
            focus_graph()
            w.key('p')
            entry = w.wait_one('Predicate expression', 'text')
            if entry is not None:
                w.key('ctrl+a')
                w.type(text)
                w.key('Return')
            return entry

        if release:
            os.unlink(release)	# from now on the passes are held at their first step
        entry = predicate(expr)
        st = '' if release else msg(w.wait_status(lambda s: msg(s).startswith('predicate: '), 30))
        if not release:
            check(entry is not None and st.startswith('predicate: %d hits' % n),
                  "p: the bar; '%s' typed: %d hits said" % (expr, n), st)
        if release:
            check(entry is not None, "p: the bar; '%s' typed" % expr)
            dlg = wait(lambda: [d for d in w.dialogs() if d.get_name() == 'Working'], 20)
            check(dlg, "held at its first step: the Working dialog")
            # not yet: the pass is held; Escape cancels it
            w.xdo('search', '--sync', '--onlyvisible', '--name', '^Working$', 'windowfocus',
                  '--sync')
            w.key('Escape')
            st = msg(w.wait_status(lambda s: 'canceled' in msg(s), 20))
            check(st.startswith('predicate canceled: none'), "Escape: the pass canceled, said", st)
            check(wait(lambda: not w.dialogs(), 10), "the dialog gone")
            open(release, 'w').close()	# every pass goes on to its end now
            w.key('Escape')
            entry = predicate(expr)
            st = msg(w.wait_status(lambda s: msg(s).startswith('predicate: '), 60))
            check(st.startswith('predicate: %d hit' % n), "again, to the end: %d hits" % n, st)
            focus_graph()
            w.key('Escape')
            focus_graph()
            ev, _ns, rel = hits[0]
            want = 'hit 1/%d at %d.%09d #%d: %s' % (n, rel // 10**9, rel % 10**9, ev, expr)
            w.key('parenright')
            st = msg(w.wait_status(lambda s: msg(s).startswith(want)))
            check(st.startswith(want), ") steps to its first hit", st)
            return
        focus_graph()
        w.key('Escape')
        focus_graph()
        fwd = 0
        for i, (ev, _ns, rel) in enumerate(hits):
            want = 'hit %d/%d at %d.%09d #%d: %s' % (i + 1, n, rel // 10**9, rel % 10**9, ev, expr)
            w.key('parenright')
            st = msg(w.wait_status(lambda s, want=want: msg(s).startswith(want)))
            if not st.startswith(want):
                check(False, ") reaches hit %d" % (i + 1), "got  '%s'\nwant '%s'" % (st, want))
                break
            fwd += 1
        check(fwd == n, ") reaches each of the %d hits in turn (replay --hits --json's time "
              "and event)" % n)
        w.key('parenright')
        st = msg(w.wait_status(lambda s: msg(s).startswith('no hit after the cursor')))
        check(st.startswith('no hit after the cursor for: %s' % expr), ") after the last: said", st)
        back = 0
        for i in range(n - 2, -1, -1):
            ev, _ns, rel = hits[i]
            want = 'hit %d/%d at %d.%09d #%d: ' % (i + 1, n, rel // 10**9, rel % 10**9, ev)
            w.key('parenleft')
            if not msg(w.wait_status(lambda s, want=want: msg(s).startswith(want))).startswith(want):
                break
            back += 1
        check(back == n - 1, "( goes back through them in reverse order (%d of %d)" % (back, n - 1))

        # the whole trace: the marks on the ruler's foot
        w.key('0')
        w.wait_status(lambda s: s.startswith('cursor '))
        from gtkwindow import Trace
        tr = Trace(trace)
        x, y, wd, _ht = w.extents(graph)
        cw = wd - LABEL_W

        def foot():
            im = screen(x, y + RULER_H - 3, wd, 1)
            return [im.getpixel((i, 0)) for i in range(wd)]
        want = sorted(set(int(LABEL_W + (ns - tr.start) / (tr.end - tr.start) * cw)
                          for _e, ns, _r in hits))
        # the cursor's line (at the first hit now) is drawn over its mark
        cx = int(LABEL_W + (hits[0][1] - tr.start) / (tr.end - tr.start) * cw)
        want = [c for c in want if c != cx]
        wait(lambda: all(near(foot()[c], MARK) for c in want if c < wd), 10)
        px = foot()
        marked = [c for c in range(int(LABEL_W), wd) if near(px[c], MARK)]
        missing = [c for c in want if not near(px[c], MARK)]
        stray = [c for c in marked if min(abs(c - k) for k in want + [cx]) > 4]
        screen(x, y, wd, RULER_H + 40).save(os.path.join(out, 'ruler.png'))
        check(want and not missing and not stray,
              "the whole trace's ruler: the marks' colour at the %d hits' x, nowhere else"
              % len(want), "missing %s, stray %s" % (missing, stray))

        # a syntax error: said in the bar, nothing changed
        predicate(bad)
        st = msg(w.wait_status(lambda s: msg(s).startswith('predicate: 1:')))
        label = w.one('Predicate status', 'label')
        check(st == 'predicate: ' + bad_msg and label is not None and
              label.get_name() == 'Predicate status',
              "'%s': the error with its line and column, as replay --hits says it" % bad, st)
        focus_graph()
        w.key('Escape')
        focus_graph()
        px2 = foot()
        check(all(near(px2[c], MARK) for c in want), "the marks of the predicate before stay")
        w.key('Home')
        w.key('parenright')
        ev, _ns, rel = hits[0]
        want = 'hit 1/%d at %d.%09d #%d: %s' % (n, rel // 10**9, rel % 10**9, ev, expr)
        st = msg(w.wait_status(lambda s: msg(s).startswith(want)))
        check(st.startswith(want), ") still steps through the predicate before", st)
    except Exception as e:
        check(False, "the checker ran every step", repr(e))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q: the program exits with status 0 (%s)" % st)
        print("DONE")


if __name__ == '__main__':
    main()
