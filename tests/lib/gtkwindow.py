#!/usr/bin/python3
"""gtkwindow.py - the window of tracevisualizer-gtk used as a person uses
it (tests/host/gtk-window.t): keys and clicks by xdotool, and after each
action what the window shows read back through AT-SPI (the status bar:
cursor, window, events in the window, markers A and B, B-A) and from the
screen, compared with exact values computed from the trace: the window
arithmetic of src/view/viewport.c and of graph.c's pointer (x to time),
ported below, and tracevisualizer dump of the same trace.

  gtkwindow.py PROG TRACE_A TRACE_B CELLS_A CELLS_B OUTDIR

TRACE_A is the trace acted on (a sleeper blocked for most of it, a server
whose thread has a higher pid than the client, so that the rows' order on
the screen is not the pids'); TRACE_B a second one, opened in a second
tab; CELLS_A and CELLS_B the --dump-cells JSON of a screenshot of each at
the same size (the rows' order); OUTDIR receives the exports.  Prints
"PASS what" / "FAIL what" per check and DONE at the end
(tests/lib/tap.sh, checks()).
"""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from gtkdrive import Window, check, fmt_dur, fmt_time, screen, text_of, wait
from tuicheck import task_spans

LABEL_W = 230.0
RULER_H = 22
ROW_H = 18
SIZE = ['--size', '1280x800']


# ---- the window arithmetic (src/view/viewport.c, gtk/graph.c) -------------

class Viewport:
    """lttr_viewport, with the window's min_span (gtk/doc.c: 1000 ns)"""

    def __init__(self, start, end):
        self.start, self.end = start, end
        self.t0, self.t1 = start, end
        self.cursor = start
        self.mark = [None, None]
        self.min_span = 1000

    def place(self, a, span):
        span = min(span, self.end - self.start)
        a = max(a, self.start)
        a = min(a, self.end - span)
        self.t0, self.t1 = a, a + span

    def zoom(self, num, den):
        span = self.t1 - self.t0
        nspan = max(span * num // den, self.min_span)
        if nspan == span and num < den:
            return
        if self.t0 <= self.cursor <= self.t1 and span:
            anchor = self.cursor
            off = (anchor - self.t0) * nspan // span
        else:
            anchor = self.t0 + span // 2
            off = nspan // 2
        self.place(anchor - off if anchor > self.start + off else self.start, nspan)

    def pan(self, num, den):
        span = self.t1 - self.t0
        d = span * abs(num) // den or 1
        if num < 0:
            self.place(self.t0 - d if self.t0 - self.start > d else self.start, span)
        else:
            self.place(self.t0 + d, span)

    def show(self, a, b):
        a, b = min(a, b), max(a, b)
        span = b - a
        if span < self.min_span:
            mid = a + span // 2
            span = self.min_span
            a = mid - span // 2 if mid > self.start + span // 2 else self.start
        self.place(a, span)

    def all(self):
        self.t0, self.t1 = self.start, self.end

    def set_cursor(self, t):
        span = self.t1 - self.t0
        t = min(max(t, self.start), self.end)
        self.cursor = t
        if t < self.t0:
            self.place(t, span)
        elif t > self.t1 or (t == self.t1 and t != self.end):
            a = t - span + span // 8 + 1
            self.place(a if a > self.start else self.start, span)

    def marks(self):
        if self.mark[0] is None or self.mark[1] is None:
            return None
        return min(self.mark), max(self.mark)


def t_of(vp, x, cw):
    """graph.c t_of(): the time under pixel x of the drawing area"""
    f = (x - LABEL_W) / cw
    f = min(max(f, 0.0), 1.0)
    return vp.t0 + int(f * float(vp.t1 - vp.t0))


def wheel(vp, x, cw, up):
    """graph.c on_scroll(): zoom at the pointer, its time kept under it"""
    span = vp.t1 - vp.t0
    at = t_of(vp, x, cw)
    f = (x - LABEL_W) / cw
    nspan = span // 2 if up else span * 2
    if nspan < int(cw):
        nspan = int(cw)
    off = int(f * float(nspan))
    a = at - off if at > vp.start + off else vp.start
    vp.show(a, a + nspan)


# ---- the trace, from the command line -------------------------------------

class Trace:
    def __init__(self, path):
        self.path = path
        s = json.loads(subprocess.check_output(['tracevisualizer', 'summary', '--json', path]))
        self.start, self.end = s['trace']['start_ns'], s['trace']['end_ns']
        self.events = json.loads(subprocess.check_output(
            ['tracevisualizer', 'dump', '--json', path]))['events']

    def count(self, t0, t1):
        """events in [t0, t1]: dump --from --to | wc -l"""
        out = subprocess.check_output(['tracevisualizer', 'dump', '--from', fmt_time(t0 - self.start),
                                       '--to', fmt_time(t1 - self.start), self.path])
        return len(out.decode().splitlines()) - 1

    def changes(self, pid):
        """the times a task's state changes (the letters of tuicheck.task_spans)"""
        ev = [e for e in self.events if e['pid'] == pid or
              e.get('args', {}).get('next_pid') == pid or
              (e['type'] == 'wakeup' and e.get('args', {}).get('pid') == pid)]
        spans = task_spans(ev, pid, self.start, self.end)
        out = []
        for i, (a, _b, s) in enumerate(spans):
            if i and s != spans[i - 1][2]:
                out.append(a)
        return out

    def status(self, vp, lost=0):
        """the status bar's text for @vp (doc.c update_status()), to "lost N" """
        s = "cursor %s   window %s   %d events in the window" % (
            fmt_time(vp.cursor - self.start), fmt_dur(vp.t1 - vp.t0), self.count(vp.t0, vp.t1))
        for k, m in zip("AB", vp.mark):
            if m is not None:
                s += "   %s %s" % (k, fmt_time(m - self.start))
        if vp.marks():
            a, b = vp.marks()
            s += "   B-A %s" % fmt_dur(b - a)
        return s + "   lost %d" % lost


# ---- the scenario -----------------------------------------------------------

class Session:
    def __init__(self, w, tr, cells):
        self.w, self.tr = w, tr
        self.vp = Viewport(tr.start, tr.end)
        self.rows = [(r['id'], r['label']) for r in cells['rows']]

    def graph(self):
        return self.w.one('Control flow graph')

    def geometry(self):
        g = self.graph()
        x, y, wd, ht = self.w.extents(g)
        return x, y, wd, ht, wd - LABEL_W

    def row_y(self, pid):
        """the middle of a task's row on the screen"""
        k = [p for p, _l in self.rows].index(pid)
        _x, y, _w, _h, _cw = self.geometry()
        return y + RULER_H + k * ROW_H + ROW_H // 2

    def expect(self, what, timeout=10):
        """the status bar shows what self.vp says"""
        want = self.tr.status(self.vp)
        got = self.w.wait_status(lambda s: s.startswith(want), timeout)
        return check(got.startswith(want), what, "got  '%s'\nwant '%s'" % (got, want))

    def key(self, k, what, change=None):
        if change:
            change()
        self.w.key(k)
        return self.expect(what)

    def focus_graph(self):
        self.w.focus()
        self.w.grab(self.graph())

    def drag(self, x0, x1, y):
        """a drag along the graph from its pixel @x0 to @x1 at the screen's
        @y; then wait until the graph shows the span selected (the button
        released: during the drag its colour is stronger): in the ruler
        between the two, the pixels are graph.c's selection colour (0.2,
        0.4, 1.0 at 0.15) laid over what was there.  True when seen"""
        gx, gy, _wd, _ht, _cw = self.geometry()
        a, b = min(x0, x1) + 2, max(x0, x1) - 2
        band = (gx + a, gy + 2, b - a, RULER_H - 4)
        im = screen(*band)
        before = list(im.getdata())
        want = [tuple(int(v * 0.85 + c * 0.15 + 0.5) for v, c in zip(p, (51, 102, 255)))
                for p in before]

        def selected():
            got = list(screen(*band).getdata())
            same = sum(1 for p, q in zip(got, want) if max(abs(u - v) for u, v in zip(p, q)) <= 3)
            return same >= 0.9 * len(want)
        self.w.drag(gx + x0, y, gx + x1, y)
        return wait(selected, 10)


def check_keys(s):
    vp, w = s.vp, s.w
    s.focus_graph()
    s.key('w', "w: zoom in at the cursor: the window halves, the cursor keeps its place",
          lambda: vp.zoom(1, 2))
    s.key('plus', "+: zoom in again", lambda: vp.zoom(1, 2))
    s.key('d', "d: pan right by a quarter of the window", lambda: vp.pan(1, 4))
    s.key('d', "d: and again", lambda: vp.pan(1, 4))
    s.key('a', "a: pan left by a quarter", lambda: vp.pan(-1, 4))
    s.key('minus', "-: zoom out at the cursor (outside the window: at its middle)",
          lambda: vp.zoom(2, 1))
    s.key('s', "s: zoom out again", lambda: vp.zoom(2, 1))
    s.key('0', "0: the whole trace", vp.all)


def check_mouse(s, out):
    vp, w, tr = s.vp, s.w, s.tr
    x, y, wd, ht, cw = s.geometry()
    ry = s.row_y(200)
    # the wheel at the pointer
    for up, fx in ((True, 0.6), (True, 0.3), (False, 0.8), (True, 0.5)):
        px = int(LABEL_W + fx * cw)
        wheel(vp, px, cw, up)
        w.xdo('mousemove', '--sync', x + px, ry)
        w.xdo('click', 4 if up else 5)
        s.expect("wheel %s at %d px: the time under the pointer stays there" %
                 ("up" if up else "down", px))
    for down in (True, True, False):
        vp.pan(1 if down else -1, 8)
        w.click(x + int(LABEL_W + cw / 2), ry, 5 if down else 4, mods=('shift',))
        s.expect("shift+wheel %s: pan by an eighth of the window" % ("down" if down else "up"))
    # a click: the cursor
    px = int(LABEL_W + 0.4 * cw)
    vp.set_cursor(t_of(vp, px, cw))
    w.click(x + px, ry)
    s.expect("a click at %d px: the cursor at the time under it" % px)
    s.key('m', "m: marker A at the cursor", lambda: vp.mark.__setitem__(0, vp.cursor))
    s.key('End', "End: the cursor at the trace's end, the window with it",
          lambda: vp.set_cursor(vp.end))
    s.key('M', "M: marker B there, B-A shown", lambda: vp.mark.__setitem__(1, vp.cursor))
    s.key('Home', "Home: the cursor at the trace's start, the window with it",
          lambda: vp.set_cursor(vp.start))
    # double-clicks: markers A and B
    xa, xb = int(LABEL_W + 0.25 * cw), int(LABEL_W + 0.7 * cw)
    vp.set_cursor(t_of(vp, xa, cw))
    vp.mark[0] = vp.cursor
    w.click(x + xa, ry, repeat=2)
    s.expect("a double-click at %d px: the cursor and marker A there" % xa)
    vp.set_cursor(t_of(vp, xb, cw))
    vp.mark[1] = vp.cursor
    w.click(x + xb, ry, repeat=2, mods=('shift',))
    s.expect("shift+double-click at %d px: the cursor and marker B there, B-A" % xb)
    s.key('comma', ", : the cursor to the previous marker (A)",
          lambda: vp.set_cursor(vp.mark[0]))
    s.key('period', ". : the next marker (B)", lambda: vp.set_cursor(vp.mark[1]))
    # a drag selects a span, z zooms to it
    d0, d1 = int(LABEL_W + 0.62 * cw), int(LABEL_W + 0.31 * cw)
    a, b = t_of(vp, min(d0, d1), cw), t_of(vp, max(d0, d1), cw)
    check(s.drag(d0, d1, ry), "a drag from %d to %d px: the span drawn selected" % (d0, d1))
    s.key('z', "z after dragging from %d to %d px: the window is the span's times "
          "[%s, %s]" % (d0, d1, fmt_time(a - tr.start), fmt_time(b - tr.start)),
          lambda: vp.show(a, b))
    vp.set_cursor(vp.t0)
    w.click(x + int(LABEL_W), ry)
    s.expect("a click on the first column: the cursor at the window's start (%s)" %
             fmt_time(vp.t0 - tr.start))
    # the graph's keyboard after the mouse: wheel back out
    s.key('0', "0: the whole trace again", vp.all)


def check_rows(s):
    """a row selected by a click on its label, Left and Right along its
    state changes, Up and Down through the rows as shown"""
    vp, w, tr = s.vp, s.w, s.tr
    x = s.geometry()[0]
    order = [p for p, _l in s.rows]
    changes = {p: tr.changes(p) for p in order}

    def step(pid, right):
        ts = [t for t in changes[pid] if (t > vp.cursor if right else t < vp.cursor)]
        if ts:
            vp.set_cursor(min(ts) if right else max(ts))
        return ts

    # the cursor somewhere in the middle
    s.focus_graph()
    cw = s.geometry()[4]
    px = int(LABEL_W + 3 / 7 * cw)
    vp.set_cursor(t_of(vp, px, cw))
    w.click(x + px, s.row_y(200))
    s.expect("the cursor placed by a click in the middle")
    w.click(x + 40, s.row_y(200))          # the label: the row, the cursor stays
    for k in ('Right', 'Right', 'Right', 'Left', 'Left'):
        s.key(k, "%s on the client's row (200): the %s state change (%s)" % (k,
              "next" if k == 'Right' else "previous", "from the events of dump --json"),
              lambda k=k: step(200, k == 'Right'))
    # Down and Up follow the rows on the screen: 100 server, its thread 250, 200 client
    at = order.index(100)
    w.click(x + 40, s.row_y(100))
    for k in ('Down', 'Down', 'Up', 'Up'):
        at += 1 if k == 'Down' else -1
        pid = order[at]
        w.key(k)
        s.key('Right', "%s then Right: the next state change of the row shown %s (%s)" %
              (k, "below" if k == 'Down' else "above", dict(s.rows)[pid]),
              lambda pid=pid: step(pid, True))


def check_search(s):
    vp, w, tr = s.vp, s.w, s.tr
    expr = 'type == fs_open && filename =~ log'
    out = subprocess.check_output(['tracevisualizer', 'dump', '--filter', expr, tr.path]).decode()
    matches = [l.split(None, 5) for l in out.splitlines()[1:]]
    s.focus_graph()
    s.key('Home', "Home before searching: the cursor at the start", lambda: vp.set_cursor(vp.start))
    # typed at once, as a person who knows the key does: the entry takes
    # what comes before the bar has been drawn (GTK dropped it, unrealized)
    w.xdo('key', '--delay', '0', 'ctrl+f', 'type', '--delay', '0', expr)
    entry = w.wait_one('Search expression', 'text')
    typed = wait(lambda: entry is not None and text_of(entry) == expr, 5)
    check(typed, "Ctrl+F and the expression typed at once: the search bar, the expression "
          "in its entry", "entry: %r" % (text_of(entry) if entry is not None else None))
    for k, i in (('Return', 0), ('Return', 1), ('Return', 2), ('shift+Return', 1)):
        m = matches[i]
        t = tr.start + int(m[0].replace('.', ''))
        vp.set_cursor(t)
        want = "match %s cpu %s %s: %s" % (m[0], m[2], m[3], m[5])
        w.key(k)
        got = w.wait_status(lambda st: want in st and st.startswith("cursor %s " % m[0]))
        check(want in got and got.startswith(tr.status(vp)),
              "search '%s', %s: dump --filter's match %d, the cursor on it (%s)" %
              (expr, k, i + 1, m[0]), "got  '%s'\nwant '%s ... %s'" % (got, tr.status(vp), want))
    w.key('Escape')
    check(wait(lambda: w.one('Search expression', 'text') is None, 5),
          "Escape: the search bar hides")


def check_sheet(s):
    w = s.w
    s.focus_graph()
    w.key('question')
    dlg = wait(lambda: [d for d in w.dialogs() if d.get_name() == 'Keys'])
    labels = [text_of(l) for l in w.all(role='label', root=dlg[0])] if dlg else []
    want = ["+ = w", "zoom in at the cursor", "z", "Left", "Right", "/ Ctrl+F",
            "double-click, Shift+double-click"]
    check(dlg and all(k in labels for k in want),
          "?: the cheat sheet, a dialog 'Keys' listing the keys (%d labels)" % len(labels),
          "labels: %s" % labels)
    if dlg:
        btn = w.one('Close', 'push button', root=dlg[0])
        w.action(btn)
        gone = wait(lambda: not [d for d in w.dialogs() if d.get_name() == 'Keys'], 5)
        check(gone, "its Close button closes it")


def export(s, how, path):
    """File -> Export graph (Ctrl+E, or the menu item @how): the file chooser,
    the path typed, OK"""
    w = s.w
    if how == 'ctrl+e':
        s.focus_graph()
        w.key('ctrl+e')
    else:       # (an AT-SPI action would run the dialog inside its D-Bus call)
        w.menu('File', how)
    dlg = wait(lambda: [d for d in w.dialogs() if d.get_name() == 'Export'])
    if not check(dlg, "%s: the file chooser 'Export'" % how):
        return False
    name = wait(lambda: w.one(role='text', root=dlg[0],
                              pred=lambda n: text_of(n).startswith('view.')))
    name.set_text_contents(path)
    w.action(w.one('OK', 'push button', root=dlg[0]))
    st = w.wait_status(lambda st: ("written: %s" % path) in st)
    return check(os.path.exists(path) and ("written: %s" % path) in st,
                 "%s: the file written, the status bar says so" % os.path.basename(path), st)


def check_exports(s, out):
    from PIL import Image
    x, y, wd, ht, _cw = s.geometry()
    png = os.path.join(out, 'graph.png')
    if export(s, 'ctrl+e', png):
        im = Image.open(png).convert('RGB')
        check(im.size == (wd, ht), "the PNG is the graph at the size it has on the screen "
              "(%dx%d)" % im.size, "the graph: %dx%d" % (wd, ht))
        if im.size == (wd, ht):
            # the bars, lines and marks (the labels' text aside) as on the screen
            scr = screen(x, y, wd, ht)
            a, b = im.load(), scr.load()
            # (a translucent overlay, the selection's, is blended with
            # other roundings on the X server than in an image surface:
            # a few units of a channel)
            diff = [(xx, yy) for yy in range(RULER_H, ht) for xx in range(int(LABEL_W), wd)
                    if max(abs(u - v) for u, v in zip(a[xx, yy], b[xx, yy])) > 10]
            if diff:
                scr.save(os.path.join(out, 'graph-screen.png'))
            check(not diff, "its bars and lines are the screen's, pixel for pixel (to 10 units a channel) "
                  "(%d of %d differ)" % (len(diff), (ht - RULER_H) * (wd - int(LABEL_W))),
                  "x %d..%d, y %d..%d; first: %s" % (
                      min(p[0] for p in diff), max(p[0] for p in diff),
                      min(p[1] for p in diff), max(p[1] for p in diff),
                      ', '.join("%s png %s screen %s" % (p, a[p], b[p]) for p in diff[:4]))
                  if diff else None)
    svg = os.path.join(out, 'graph.svg')
    if export(s, 'Export graph as SVG...', svg):
        try:
            root = ET.parse(svg).getroot()
            size = (float(re.sub('[a-z]+$', '', root.get('width'))),
                    float(re.sub('[a-z]+$', '', root.get('height'))))
            n = len(list(root.iter()))
        except Exception as e:     # noqa: BLE001
            root, size, n = None, None, str(e)
        check(root is not None and root.tag.endswith('svg') and size == (wd, ht) and n > 50,
              "the SVG parses: an <svg> of the graph's size (%s), %s elements" % (size, n))


def rows_drawn(s):
    """the rows the graph draws: the bands of its label column with text"""
    x, y, wd, ht, _cw = s.geometry()
    im = screen(x, y, int(LABEL_W), ht)
    px = im.load()
    n = 0
    for k in range((ht - RULER_H) // ROW_H):
        top = RULER_H + k * ROW_H
        if any(sum(px[xx, yy]) < 300 for yy in range(top + 2, top + ROW_H - 1)
               for xx in range(13, int(LABEL_W) - 5)):
            n += 1
    return n


def check_active(s):
    """View -> Active rows only, in a window where the sleeper sleeps on"""
    vp, w, tr = s.vp, s.w, s.tr
    _x, _y, _wd, _ht, cw = s.geometry()
    s.focus_graph()
    d0, d1 = int(LABEL_W + 0.3 * cw), int(LABEL_W + 0.4 * cw)
    a, b = t_of(vp, d0, cw), t_of(vp, d1, cw)
    check(s.drag(d0, d1, s.row_y(200)), "a drag from %d to %d px: the span drawn selected" %
          (d0, d1))
    s.key('z', "drag, z: a window in the middle of the sleeper's sleep", lambda: vp.show(a, b))
    before = wait(lambda: rows_drawn(s) if rows_drawn(s) == len(s.rows) else 0, 5)
    check(before == len(s.rows), "the graph draws its %d rows" % len(s.rows), before)
    # the tasks that ran or changed state in the window, from dump
    act = set()
    for e in tr.events:
        if vp.t0 <= e['time_ns'] <= vp.t1:
            act.add(e['pid'])
            ar = e.get('args', {})
            if e['type'] == 'schedchange':
                act.add(ar.get('next_pid'))
            if e['type'] == 'wakeup':
                act.add(ar.get('pid'))
    want = len([p for p, _l in s.rows if p in act])
    item = w.menu('View', 'Active rows only')
    got = wait(lambda: rows_drawn(s) if rows_drawn(s) == want else 0, 5) or rows_drawn(s)
    checked = menu_checked(item)
    check(checked and got == want, "View -> Active rows only: %d rows, those of the tasks "
          "that ran or changed state in the window (dump: %s)" %
          (got, sorted(p for p, _l in s.rows if p in act)), "checked %s" % checked)
    return item


def menu_checked(item):
    from gi.repository import Atspi
    return item.get_state_set().contains(Atspi.StateType.CHECKED)


def tab(w, name):
    t = w.one(name, 'page tab')
    if t is None:
        return False
    return t.get_parent().select_child(t.get_index_in_parent())


def main():
    prog, ta, tb, cells_a, cells_b, out = sys.argv[1:7]
    A, B = Trace(ta), Trace(tb)
    w = Window(prog, SIZE + [ta, tb], log=os.path.join(out, 'gtk.log'))
    try:
        if not check(w.app() is not None, "the program shows up on the accessibility bus"):
            return
        tabs = wait(lambda: w.one('b', 'page tab') and w.one('a', 'page tab'))
        check(tabs, "two traces on the command line: two tabs, a and b")
        sb = Session(w, B, json.load(open(cells_b)))
        sb.expect("the last one (b) is shown: its status bar (%s)" % fmt_dur(B.end - B.start))
        tab(w, 'a')
        s = Session(w, A, json.load(open(cells_a)))
        s.expect("the tab of a: a's status bar (%s, its own events)" % fmt_dur(A.end - A.start))
        check_keys(s)
        check_mouse(s, out)
        check_rows(s)
        check_search(s)
        check_sheet(s)
        check_exports(s, out)
        item = check_active(s)
        # the other tab: its own window, cursor and markers, its own rows setting
        tab(w, 'b')
        sb.expect("back to the tab of b: b's status bar, untouched")
        check(not menu_checked(item), "b's View -> Active rows only is off (it was set in a)")
        tab(w, 'a')
        s.expect("a again: as it was left")
        check(menu_checked(item), "and its Active rows only on")
        # Ctrl+W closes a (the first tab); b stays and is acted on
        s.focus_graph()
        w.key('ctrl+w')
        gone = wait(lambda: w.one('a', 'page tab') is None and w.one('b', 'page tab'), 5)
        check(gone, "Ctrl+W: the tab of a closed, b's still there")
        sb.expect("the status bar is b's")
        check(not menu_checked(item), "View -> Active rows only shows b's (off)")
        sb.focus_graph()
        sb.key('w', "b: w zooms", lambda: sb.vp.zoom(1, 2))
        sb.key('d', "b: d pans", lambda: sb.vp.pan(1, 4))
        x, _y, _wd, _ht, cw = sb.geometry()
        px = int(LABEL_W + 0.5 * cw)
        sb.vp.set_cursor(t_of(sb.vp, px, cw))
        w.click(x + px, sb.row_y(200))
        sb.expect("b: a click places the cursor")
        sb.key('m', "b: m, marker A", lambda: sb.vp.mark.__setitem__(0, sb.vp.cursor))
        w.key('ctrl+f')
        check(w.wait_one('Search expression', 'text') is not None, "b: Ctrl+F, its search bar")
        w.key('Escape')
        check(w.alive(), "the program is still running")
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q: the program exits with status 0 (%s)" % st)
        print("DONE")


if __name__ == '__main__':
    main()
