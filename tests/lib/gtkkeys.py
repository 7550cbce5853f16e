#!/usr/bin/python3
"""gtkkeys.py - the keymap (lttr/view/keys.h, issue 36 item 12) in the
window, as a person uses it (tests/host/gtk-keys.t): every key that the
keymap binds in both front ends pressed with xdotool, its effect read back
through AT-SPI (the status bar: cursor, window, markers; the tab shown;
the dialog opened) against the window arithmetic of src/view/viewport.c
(gtkwindow.py's port) and dump --json of the same trace, the one
tests/host/tui-keys.t acts on in the TUI.

  gtkkeys.py PROG TRACE CELLS BOTH OUTDIR AUDIT VITALS

AUDIT: a traced --rules session (tests/lib/auditsession.sh): Ctrl+U opens
its Firings window, Enter there its firing 1 in a tab.  VITALS: epoch files
(vitalsgen.py --series) the program opens a second time with --vitals: t
there steps the Vital signs window's timescale.

CELLS: --dump-cells of a screenshot (the rows' order); BOTH: the keys bound
in both front ends, a line each (keyscheck.py both).  A key of BOTH without
a case here is a FAIL.  Prints PASS/FAIL lines and DONE (tap.sh, checks()).
"""
import json
import os
import subprocess
import sys

from gtkdrive import Window, check, fmt_time, text_of, wait
from gtkwindow import LABEL_W, SIZE, Session, Trace, tab, t_of
from keyscheck import changes, of_task

# xdotool's names of the keymap's keys
XKEY = {'?': 'question', '+': 'plus', '=': 'equal', '-': 'minus', '.': 'period', ',': 'comma',
        '[': 'bracketleft', ']': 'bracketright', '/': 'slash', 'Ctrl+F': 'ctrl+f',
        '(': 'parenleft', ')': 'parenright'}


def xkey(k):
    return XKEY.get(k, k)


def col_time(vp, c, n):
    """lttr_viewport_col_time()"""
    return vp.t0 + (vp.t1 - vp.t0) * c // n


def time_col(vp, t, n):
    """lttr_viewport_time_col(): the column whose cut holds t"""
    if t < vp.t0:
        return -1
    if t > vp.t1:
        return n
    c = (t - vp.t0) * n // max(vp.t1 - vp.t0, 1)
    while c > 0 and col_time(vp, c, n) > t:
        c -= 1
    while c + 1 < n and col_time(vp, c + 1, n) <= t:
        c += 1
    return min(c, n - 1)


def move_cols(vp, d, n):
    """lttr_session_move_cols()"""
    col = time_col(vp, vp.cursor, n) + d
    if col < 0:
        vp.pan(-1, n)
        col = 0
    elif col >= n:
        vp.pan(1, n)
        col = n - 1
    vp.set_cursor(col_time(vp, col, n))


def selected(w, name):
    from gi.repository import Atspi
    t = w.one(name, 'page tab')
    return t is not None and t.get_state_set().contains(Atspi.StateType.SELECTED)


def main():
    prog, trace, cells, both_f, out, audit, vitals = sys.argv[1:8]
    both = [l.strip() for l in open(both_f) if l.strip()]
    tr = Trace(trace)
    w = Window(prog, SIZE + [trace], log=os.path.join(out, 'gtk-keys.log'))
    tested = set()

    def done(k, ok):
        if ok:
            tested.add(k)

    try:
        if not w.up("the window is up on the trace"):
            return
        s = Session(w, tr, json.load(open(cells)))
        vp = s.vp
        s.expect("its status bar: the whole trace")

        # the views: the tab each number shows
        for k, name in (('2', 'Resources'), ('3', 'Processes'), ('4', 'Statistics'),
                        ('6', 'Events'), ('7', 'Paths'), ('8', 'Latency'), ('1', 'Control flow')):
            s.focus_graph()
            w.key(k)
            done(k, check(wait(lambda name=name: selected(w, name), 10),
                          "%s: the tab %s shown" % (k, name)))
        # the help
        s.focus_graph()
        w.key('question')
        dlg = wait(lambda: [d for d in w.dialogs() if d.get_name() == 'Keys'])
        labels = [text_of(l) for l in w.all(role='label', root=dlg[0], show=False)] if dlg else []
        done('?', check(dlg and "Left" in labels and
                        "cursor to the previous state change of the selected row" in labels,
                        "?: the Keys sheet, from the keymap (%d labels)" % len(labels), labels))
        if dlg:
            w.action(w.one('Close', 'push button', root=dlg[0]))
            wait(lambda: not [d for d in w.dialogs() if d.get_name() == 'Keys'], 5)

        # markers, the selection, the pixels, the zoom, the pan
        s.focus_graph()
        n = int(s.geometry()[4])
        done('Home', s.key('Home', "Home: the cursor at the trace's start",
                           lambda: vp.set_cursor(vp.start)))
        done('m', s.key('m', "m: marker A at the cursor", lambda: vp.mark.__setitem__(0, vp.cursor)))
        for k, d in (('L', 10), ('l', 1), ('L', 10)):
            done(k, s.key(k, "%s: the cursor %d pixel(s) of %d forward" % (k, d, n),
                          lambda d=d: move_cols(vp, d, n)))
        done('M', s.key('M', "M: marker B at the cursor, B-A",
                        lambda: vp.mark.__setitem__(1, vp.cursor)))
        done('z', s.key('z', "z: zoom to the selection (no span dragged: markers A-B)",
                        lambda: vp.show(*vp.marks())))
        done('comma', s.key('comma', ", : the previous marker (A)",
                            lambda: vp.set_cursor(vp.mark[0])))
        done('period', s.key('period', ". : the next marker (B)",
                             lambda: vp.set_cursor(vp.mark[1])))
        for k, d in (('h', -1), ('H', -10), ('l', 1), ('h', -1)):
            done(k, s.key(k, "%s: the cursor %d pixel(s) in the window A-B" % (k, d),
                          lambda d=d: move_cols(vp, d, n)))
        for k in ('w', 'plus', 'equal'):
            ok = s.key(k, "%s: zoom in at the cursor" % k, lambda: vp.zoom(1, 2))
            done({'plus': '+', 'equal': '='}.get(k, k), ok)
            done('s', s.key('s', "s: zoom out at the cursor", lambda: vp.zoom(2, 1)))
        done('-', s.key('minus', "-: zoom out at the cursor", lambda: vp.zoom(2, 1)))
        done('d', s.key('d', "d: pan right by a quarter", lambda: vp.pan(1, 4)))
        done('a', s.key('a', "a: pan left by a quarter", lambda: vp.pan(-1, 4)))
        done('0', s.key('0', "0: the whole trace", vp.all))
        done('End', s.key('End', "End: the cursor at the trace's end",
                          lambda: vp.set_cursor(vp.end)))

        # rows: the client's (200) state changes and events
        x = s.geometry()[0]
        order = [p for p, _l in s.rows]
        ch = {p: [tr.start + c for c in changes(trace, p)] for p in order}
        evs = sorted({e['time_ns'] for e in of_task(tr.events, 200)})

        def step(pid, right, times):
            ts = [t for t in times[pid] if (t > vp.cursor if right else t < vp.cursor)]
            vp.set_cursor(min(ts) if right else max(ts))

        px = int(LABEL_W + 1 / 17 * s.geometry()[4])
        vp.set_cursor(t_of(vp, px, s.geometry()[4]))
        w.click(x + px, s.row_y(200))
        s.expect("a click on the client's row at %d px: the cursor there" % px)
        w.click(x + 40, s.row_y(200))
        r1 = s.key('Right', "Right: the client's next state change (dump --json)",
                   lambda: step(200, True, ch))
        r2 = s.key('Right', "Right again", lambda: step(200, True, ch))
        done('Right', r1 and r2)
        done('Left', s.key('Left', "Left: the previous one", lambda: step(200, False, ch)))
        done(']', s.key('bracketright', "]: the client's next event",
                        lambda: step(200, True, {200: evs})))
        done('[', s.key('bracketleft', "[: its previous event",
                        lambda: step(200, False, {200: evs})))
        # Down and Up (j and k) from the row above the client's (250, the
        # server's thread) to the client's and back: Right then follows
        # the row selected
        for k, frm, to in (('Down', 250, 200), ('Up', 200, 250), ('j', 250, 200), ('k', 200, 250)):
            w.click(x + 40, s.row_y(frm))
            w.key(k)
            done(k, s.key('Right', "%s from %d then Right: the next state change of %d" %
                          (k, frm, to), lambda to=to: step(to, True, ch)))
        for k, msg in (('A', 'only the rows that ran or changed in the window'), ('A', 'every row'),
                       ('P', 'rows by pid'), ('P', 'the traced command first, then the busiest'),
                       # no kernel thread here: no group (first-screen.t opens one)
                       ('i', 'no idle kernel threads in this trace')):
            s.focus_graph()
            w.key(k)
            st = w.wait_status(lambda st, msg=msg: msg in st)
            done(k, check(msg in st, "%s: %s" % (k, msg), st))
        s.focus_graph()
        w.click(x + 40, s.row_y(200))
        w.key('C')
        done('C', check(wait(lambda: selected(w, 'Critical path'), 15),
                        "C: the critical path of the selected task (its tab)"))
        s.focus_graph()
        w.key('S')
        done('S', check(wait(lambda: selected(w, 'Flame graph'), 15),
                        "S: the call stacks as a flame graph (its tab)"))
        s.focus_graph()
        w.key('J')
        done('J', check(wait(lambda: selected(w, 'Jobs'), 15),
                        "J: the jobs of the markers and the CPU load (its tab; gtk-jobs.t uses it)"))
        # there / finds a frame (gtk-flame.t): the events list back for the search
        s.focus_graph()
        w.key('6')
        check(wait(lambda: selected(w, 'Events'), 15), "6: the events list again")

        # search, filter, bookmarks
        for k, expr in (('/', 'type == fs_open'), ('Ctrl+F', 'type == fs_close')):
            s.focus_graph()
            w.key('Escape')
            s.focus_graph()
            w.key(xkey(k))
            entry = w.wait_one('Search expression', 'text')
            if entry is not None:
                w.key('ctrl+a')
                w.type(expr)
                w.key('Return')
            st = w.wait_status(lambda st: 'match ' in st and expr.split()[-1] in st)
            done(k, check(entry is not None and 'match ' in st,
                          "%s: the search bar; '%s' found" % (k, expr), st))
            w.key('Escape')
        s.focus_graph()
        w.key('f')
        dlg = wait(lambda: [d for d in w.dialogs() if d.get_name() == 'Filters'], 10)
        done('f', check(dlg, "f: the Filters dialog"))
        if dlg:
            w.action(w.one('Cancel', 'push button', root=dlg[0]) or
                     w.one('Close', 'push button', root=dlg[0]))
            wait(lambda: not w.dialogs(), 5)
        s.focus_graph()
        w.key('b')
        entry = w.wait_one('Bookmark name')
        if entry is not None:
            w.key('ctrl+a')
            w.type('k1')
            w.key('Return')
        st = w.wait_status(lambda st: 'bookmark "k1" at' in st)
        done('b', check('bookmark "k1" at' in st, "b: a bookmark at the cursor, named", st))
        s.focus_graph()
        w.key('B')
        t = w.wait_one('Bookmarks list')
        rows = [t.get_accessible_at(r, 1).get_name() for r in range(t.get_n_rows())] if t else []
        done('B', check(rows == ['k1'], "B: the bookmarks listed", rows))
        w.xdo('search', '--sync', '--onlyvisible', '--name', '^Bookmarks$', 'windowfocus', '--sync')
        w.key('Escape')
        wait(lambda: not w.dialogs(), 5)

        # the predicate bar (tests/host/gtk-predbar.t checks it in full)
        pred = 'type == "fs_open"'
        hj = json.loads(subprocess.check_output(['tracevisualizer', 'replay', '--json', '--hits',
                                                 pred, trace]))['hits']

        def hit(i):
            r = hj[i]['rel_ns']
            return 'hit %d/%d at %d.%09d #%d: ' % (i + 1, len(hj), r // 10**9, r % 10**9,
                                                   hj[i]['event'])
        s.focus_graph()
        w.key('Home')
        w.key('p')
        entry = w.wait_one('Predicate expression', 'text')
        if entry is not None:
            w.key('ctrl+a')
            w.type(pred)
            w.key('Return')
        st = w.wait_status(lambda st: 'predicate: %d hits' % len(hj) in st)
        done('p', check(entry is not None and 'predicate: %d hits' % len(hj) in st,
                        "p: the predicate bar; '%s': %d hits (replay --hits)" % (pred, len(hj)),
                        st))
        s.focus_graph()
        w.key('Escape')
        s.focus_graph()
        w.key('parenright')
        st = w.wait_status(lambda st: hit(0) in st)
        done(')', check(hit(0) in st, "): the next hit, the first", st))
        w.key('parenright')
        st2 = w.wait_status(lambda st: hit(1) in st)
        w.key('parenleft')
        st = w.wait_status(lambda st: hit(0) in st)
        done('(', check(hit(1) in st2 and hit(0) in st,
                        "(: the previous hit: the second, then the first", st2 + '\n' + st))

        # a lesson's steps: without --lesson, said (tests/host/gtk-lesson.t pages one)
        for k, name in (('}', 'braceright'), ('{', 'braceleft')):
            s.focus_graph()
            w.key(name)
            st = w.wait_status(lambda st: 'no lesson: tracevisualizer-gtk --lesson' in st)
            done(k, check('no lesson: tracevisualizer-gtk --lesson' in st,
                          "%s: the lesson's step: no lesson here, said" % k, st))

        # Ctrl+U (File -> Open audit...): the Firings window of a session;
        # Enter there: its firing 1 in a new tab, its blamed tasks
        # highlighted (tests/host/gtk-audit.t reads it against audit --json)
        s.focus_graph()
        w.key('ctrl+u')
        dlg = wait(lambda: [d for d in w.dialogs() if d.get_role_name() in ('dialog', 'file chooser')], 5)
        if check(dlg, "Ctrl+U: a folder chooser (File -> Open audit...)"):
            w.key('ctrl+l')
            entry = wait(lambda: w.one(role='text', root=dlg[0]), 5)
            w.type(audit)
            wait(lambda: entry is not None and text_of(entry).rstrip('/') == audit.rstrip('/'), 5)
            w.key('Return')
            t = wait(lambda: w.one('Firings list', pred=lambda n: n.get_role_name() in
                                   ('table', 'tree table')), 15)
            check(t is not None, "Ctrl+U: the Firings window of the session chosen")
            if t is not None:
                w.xdo('search', '--sync', '--onlyvisible', '--name', '^Firings: ',
                      'windowactivate', '--sync')
                w.grab(t)
                w.key('Return')
                st = w.wait_status(lambda st: st.startswith('cursor 0.000000090 ') and
                                   'filter (dim): pid == 31 || pid == 32 || pid == 30' in st, 20)
                done('Enter', check('filter (dim): pid == 31 || pid == 32 || pid == 30' in st,
                                    "Enter: the Firings window's firing 1 in a new tab, its "
                                    "blamed tasks highlighted", st))
                w.focus()

        # t: the Vital signs window's timescale, in a program of its own
        # (its windows found by its pid: the first program's are open too)
        v = Window(prog, SIZE + ['--vitals', vitals], log=os.path.join(out, 'gtk-vitals.log'))
        try:
            g = wait(lambda: v.one('Vital signs graph'), 30)
            lst = wait(lambda: v.one('Epochs list', pred=lambda n: n.get_role_name() in
                                     ('table', 'tree table')), 30)
            if check(g is not None and lst is not None, "--vitals: the Vital signs window is up"):
                v.xdo('search', '--sync', '--onlyvisible', '--pid', v.proc.pid, '--name',
                      '^Vital signs: ', 'windowactivate', '--sync')
                v.grab(lst)
                v.key('t')
                d = wait(lambda: g.get_description() if ' buckets of 5 min' in
                         (g.get_description() or '') else None, 10)
                done('t', check(d, "t: the Vital signs by 5 min (its graph's buckets)",
                                g.get_description()))
        finally:
            # (ended by SIGTERM: its Ctrl+Q would go to the window focused,
            # which xdotool cannot pick by program without a window manager)
            v.stop()
        missing = [k for k in both if k not in tested and
                   {'.': 'period', ',': 'comma'}.get(k) not in tested]
        check(not missing, "every key of the keymap bound in both front ends was tested here",
              "not: %s" % missing)
    except Exception as e:  # a step that could not run: a failure, said
        check(False, "the checker ran every step", repr(e))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q: the program exits with status 0 (%s)" % st)
        print("DONE")


if __name__ == '__main__':
    main()
