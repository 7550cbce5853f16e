#!/usr/bin/python3
"""gtkviews.py - the parts of tracevisualizer-gtk's window that
tests/host/gtk-window.t does not reach, used as a person uses them
(tests/host/gtk-views.t): the mouse and keys by xdotool, read back
through AT-SPI (the status bar, the legend, the tooltip, the pane) and
from the screen's pixels, against exact values from the command line.

  gtkviews.py PROG TRACE CELLS OUTDIR LOST_BUFFER_START

TRACE is tests/lib/gtkwtrace.py's trace with a buffer of CPU 1 that lost
events (tests/host/gtk-views.t writes it), CELLS the --dump-cells JSON of
a screenshot at the same size (the rows' order, the categories' names and
colours), LOST_BUFFER_START the time (ns) the buffer that lost events
starts at (the trace's description says it).  Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks()).
"""
import json
import os
import subprocess
import sys

from gi.repository import Atspi

from gtkdrive import Window, check, children, fmt_dur, fmt_time, screen, text_of, wait
from gtkwindow import LABEL_W, SIZE, Session, Trace, t_of


def lost_of(path):
    """the lost events the reader counts (summary --json)"""
    s = json.loads(subprocess.check_output(['tracevisualizer', 'summary', '--json', path]))
    return s['lost']['total'], sum(c['buffer_lost'] for c in s['cpus'])


class LTrace(Trace):
    """gtkwindow.py's Trace; dump's "[lost N events ...]" lines are not events"""

    def count(self, t0, t1):
        out = subprocess.check_output(['tracevisualizer', 'dump', '--from', fmt_time(t0 - self.start),
                                       '--to', fmt_time(t1 - self.start), self.path])
        return len([x for x in out.decode().splitlines()[1:] if '[lost ' not in x])


class VSession(Session):
    """gtkwindow.py's Session, for a trace that lost events"""
    lost = 0

    def expect(self, what, timeout=10):
        want = self.tr.status(self.vp, self.lost)
        got = self.w.wait_status(lambda x: x.startswith(want), timeout)
        return check(got.startswith(want), what, "got  '%s'\nwant '%s'" % (got, want))


# ---- the overview: lost events in red, a drag and a click choose the window

def ov_t(s, x, wd):
    """overview.c t_of(): the time at pixel x of the histogram"""
    f = min(max(x / wd, 0.0), 1.0)
    return s.vp.start + int(f * float(s.vp.end - s.vp.start))


def red(p):
    return p[0] > 150 and p[1] < 90 and p[2] < 110


def check_overview(s, lost):
    w = s.w
    ov = w.wait_one('Overview histogram')
    if not check(ov is not None, "the overview histogram is on the accessibility bus"):
        return
    ox, oy, owd, oht = w.extents(ov)
    img = screen(ox, oy, owd, oht).load()
    # the buffers that lost events start in the column of their start
    # (lttr_view_histogram(): columns of [start, end + 1)); every other
    # column is not red
    cols = {}
    for t, n in lost:
        cols[int((t - s.tr.start) * owd // (s.tr.end + 1 - s.tr.start))] = n
    y = oht // 3
    for k in cols:
        check(red(img[k, y]), "the overview marks the buffer that lost %d events in red at its "
              "column %d (%s)" % (cols[k], k, img[k, y]))
    others = [k for k in range(owd) if all(abs(k - c) > 2 for c in cols) and red(img[k, y])]
    check(not others, "no other column is red", others[:10])
    # a drag from 20% to 60% of its width: that span is the window
    x0, x1 = int(owd * 0.2), int(owd * 0.6)
    s.w.drag(ox + x0, oy + oht // 2, ox + x1, oy + oht // 2)
    s.vp.show(ov_t(s, x0, owd), ov_t(s, x1, owd))
    s.expect("a drag on the overview from x=%d to x=%d: the other views' window is that span "
             "(status bar)" % (x0, x1))
    # a click centres the window (its width kept) at the time clicked
    xc = int(owd * 0.45)
    span = s.vp.t1 - s.vp.t0
    t = ov_t(s, xc, owd)
    a = t - span // 2 if t > s.vp.start + span // 2 else s.vp.start
    s.w.click(ox + xc, oy + oht // 2)
    s.vp.show(a, a + span)
    s.expect("a click on the overview at x=%d: the window centred there, as wide" % xc)
    # the control flow graph shows that window: its ruler and its cells
    # come from the same viewport, the status bar says so; the overview
    # draws its box there
    img = screen(ox, oy, owd, oht).load()
    a_x = int((s.vp.t0 - s.vp.start) / (s.vp.end - s.vp.start) * owd)
    b_x = int((s.vp.t1 - s.vp.start) / (s.vp.end - s.vp.start) * owd)
    inside = img[(a_x + b_x) // 2, 2]
    outside = img[max(a_x // 2, 1), 2]
    check(inside[2] > inside[0] + 20 and abs(outside[0] - outside[2]) < 12,
          "the overview's box moved to the window (blue inside at x=%d %s, grey outside at "
          "x=%d %s)" % ((a_x + b_x) // 2, inside, max(a_x // 2, 1), outside))


# ---- the legend --------------------------------------------------------------

def check_legend(s, cells):
    w = s.w
    leg = w.wait_one('Legend')
    if not check(leg is not None, "the legend is on the accessibility bus"):
        return
    items = [c for c in children(leg)]
    # a flow box: each child is a flow box child holding the named item
    named = []
    for c in items:
        n = c.get_name() or ''
        if not n:
            sub = children(c)
            c = sub[0] if sub else c
            n = c.get_name() or ''
        named.append((n, c))
    cats = [c for c in cells['categories'] if c['name'] != 'none']
    check([n for n, _c in named] == [c['name'] for c in cats],
          "the legend names every category the graph draws, in order (%d)" % len(cats),
          "got  %s\nwant %s" % ([n for n, _c in named], [c['name'] for c in cats]))
    bad = []
    for (n, c), cat in zip(named, cats):
        x, y, _wd, ht = w.extents(c)
        p = screen(x + 9, y + ht // 2, 1, 1).load()[0, 0]
        want = tuple(int(round(v * 255)) for v in cat['rgb'])
        if any(abs(a - b) > 2 for a, b in zip(p, want)):
            bad.append("%s: swatch %s, the graph's %s" % (n, p, want))
    check(not bad, "each legend swatch has the colour the graph draws its category in",
          "\n".join(bad))


# ---- the tooltip on the control flow graph -----------------------------------

def tooltip_text(s):
    """the tooltip's text: GTK does not put a query-tooltip window on the
    accessibility bus, graph.c says its text in the graph's description"""
    return wait(lambda: s.graph().get_description(), 8)


def check_tooltip(s):
    """the client (pid 200) asleep in its 4th round's nanosleep: the row's
    tooltip names the task, the state with the syscall, its start, end
    and duration (dump's events: switched out, woken)"""
    ev = s.tr.events
    outs = [e for e in ev if e['type'] == 'schedchange' and e['args'].get('prev_pid') == 200]
    if not check(len(outs) >= 4, "the client is switched out in every round (%d)" % len(outs)):
        return
    t_out = outs[3]['time_ns']
    t_wake = min(e['time_ns'] for e in ev if e['type'] == 'wakeup' and
                 e['args'].get('pid') == 200 and e['time_ns'] > t_out)
    sc = [e for e in ev if e['type'] == 'syscall_entry' and e['pid'] == 200 and
          e['time_ns'] < t_out][-1]['args']['name']
    s.vp.all()
    s.focus_graph()
    s.w.key('0')
    s.expect("0: the whole trace again")
    x, _y, _wd, _ht, cw = s.geometry()
    px = int(LABEL_W + ((t_out + t_wake) // 2 - s.vp.t0) / (s.vp.t1 - s.vp.t0) * cw)
    t = t_of(s.vp, px, cw)
    check(t_out < t < t_wake, "pixel %d of the graph is inside the client's sleep" % px)
    s.w.xdo('mousemove', '--sync', x + px, s.row_y(200))
    s.w.xdo('mousemove', '--sync', x + px + 1, s.row_y(200))
    got = tooltip_text(s) or ''
    lines = got.split('\n')
    want = ["200 client",
            "blocked sleep in %s" % sc,
            "from %s to %s" % (fmt_time(t_out - s.tr.start), fmt_time(t_wake - s.tr.start)),
            "duration %s" % fmt_dur(t_wake - t_out)]
    check(lines[:4] == want, "the tooltip over the client's sleep: task, state and syscall, "
          "start, end, duration", "got  %s\nwant %s" % (lines, want))
    s.w.xdo('mousemove', '--sync', 5, 5)


# ---- the events list and the graph follow each other -------------------------

def check_sync(s):
    """a click on the graph: the list selects the first event at or after
    the cursor (dump's order); Down in the list: the next event selected,
    its time the cursor (status bar)"""
    w = s.w
    page = w.one('Events', 'page tab')
    if not check(page is not None and page.get_parent().select_child(page.get_index_in_parent()),
                 "the Events page of the tables shown"):
        return
    info = lambda: text_of(w.one('Events information'))
    ev = s.tr.events
    x, _y, _wd, _ht, cw = s.geometry()
    px = int(LABEL_W + 0.37 * cw)
    s.vp.set_cursor(t_of(s.vp, px, cw))
    w.click(x + px, s.row_y(200))
    s.expect("a click on the graph at x=%d: the cursor there" % px)
    k = next(i for i, e in enumerate(ev) if e['time_ns'] >= s.vp.cursor)
    want = "event %d of %d" % (k + 1, len(ev))
    got = wait(lambda: info() if info() == want else None, 5) or info()
    check(got == want, "graph -> list: the list selects the first event at or after the cursor "
          "(%s)" % want, "got '%s'" % got)
    Atspi.Component.grab_focus(w.one('Events', 'table'))
    w.key('Down')
    want = "event %d of %d" % (k + 2, len(ev))
    got = wait(lambda: info() if info() == want else None, 5) or info()
    check(got == want, "Down in the list: the next event selected (%s)" % want, "got '%s'" % got)
    s.vp.set_cursor(ev[k + 1]['time_ns'])
    s.expect("list -> graph: its time (%s) is the cursor of the graph (status bar)" %
             fmt_time(ev[k + 1]['time_ns'] - s.tr.start))


# ---- the pane between the graphs and the tables ------------------------------

def pane(w):
    return w.one(role='split pane')


def pane_pos(p):
    try:
        return int(Atspi.Value.get_current_value(p))
    except Exception:
        return None


def reopen(prog, trace, cells, out, moved):
    """the trace opened again (in a D-Bus session of its own): the pane
    where the session file says"""
    tr = LTrace(trace)
    w = Window(prog, SIZE + [trace], log=os.path.join(out, 'views2.log'))
    try:
        s = VSession(w, tr, cells)
        w.wait_status(lambda x: x.startswith('cursor '))
        got = wait(lambda: pane_pos(pane(w)) == moved, 10)
        check(got, "opened again: the pane where it was left (%s, want %s)" %
              (pane_pos(pane(w)), moved))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q again: status 0 (%s)" % st)
        print("DONE")


def main():
    prog, trace, cells_path, out, lost_at = sys.argv[1:6]
    cells = json.load(open(cells_path))
    if lost_at.startswith('reopen:'):
        reopen(prog, trace, cells, out, int(lost_at[7:]))
        return
    tr = LTrace(trace)
    sess = os.path.join(trace, 'session.json')
    w = Window(prog, SIZE + [trace], log=os.path.join(out, 'views.log'))
    moved = None
    try:
        if not check(w.app() is not None, "the program shows up on the accessibility bus"):
            return
        s = VSession(w, tr, cells)
        total, in_buffers = lost_of(trace)
        s.lost = total
        check(in_buffers > 0, "the reader counts %d events lost by the buffers" % in_buffers)
        want = s.tr.status(s.vp, total)
        got = w.wait_status(lambda x: x.startswith(want))
        check(got.startswith(want), "the status bar: the whole trace and its %d lost events" % total,
              "got  '%s'\nwant '%s'" % (got, want))
        check_legend(s, cells)
        check_tooltip(s)
        check_sync(s)
        check_overview(s, [(int(lost_at), in_buffers)])
        # the pane: its handle dragged 60 pixels up
        p = wait(lambda: pane(w))
        before = pane_pos(p)
        if check(p is not None and before, "the pane between graphs and tables (at %s)" % before):
            x, y, wd, _ht = w.extents(p)
            hy = y + before + 3
            w.drag(x + wd // 2, hy, x + wd // 2, hy - 60)
            moved = wait(lambda: pane_pos(p) if pane_pos(p) != before else None, 5)
            check(moved is not None and abs(moved - (before - 60)) <= 3,
                  "a drag of its handle moves it by 60 pixels (%s -> %s)" % (before, moved))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q: the program exits with status 0 (%s)" % st)
    saved = json.load(open(sess)).get('pane_position') if os.path.exists(sess) else None
    check(moved is not None and saved == moved,
          "the session beside the trace keeps the pane's position (%s)" % saved)
    with open(os.path.join(out, 'pane'), 'w') as f:
        f.write("%s\n" % saved)
    print("DONE")


if __name__ == '__main__':
    main()
