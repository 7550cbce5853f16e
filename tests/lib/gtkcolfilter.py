#!/usr/bin/python3
"""gtkcolfilter.py - the column filters of tracevisualizer-gtk's events list
(gtk/evfilter.c, events.c; tests/host/gtk-colfilter.t), typed as a person
types them and read back through AT-SPI, every list compared with
"tracevisualizer dump --json --filter" of the same trace and expression.

  gtkcolfilter.py PROG TV TRACE

Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks()).
"""
import csv
import json
import os
import re
import subprocess
import sys

from gtkdrive import Window, check, text_of, wait
import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402

PROG, TV, TRACE = sys.argv[1:4]


def dump(expr):
    """dump --json's events for the filter @expr"""
    out = subprocess.run([TV, 'dump', '--json', '--filter', expr, TRACE],
                         stdout=subprocess.PIPE, check=True).stdout
    return json.loads(out)['events']


def fmt_rel(ns):
    """a time as the list prints it: seconds, nine decimals"""
    return '%s%d.%09d' % ('-' if ns < 0 else '', abs(ns) // 10**9, abs(ns) % 10**9)


def as_row(e):
    """an event of dump --json as the list's row: time, cpu, pid, C, type,
    description (dump's, its type taken off: the type has its column)"""
    d = e['desc']
    if d.startswith(e['type'] + ' '):
        d = d[len(e['type']) + 1:]
    elif d == e['type']:
        d = ''
    return [fmt_rel(e['rel_ns']), str(e['cpu']), str(e['pid']), 'C' if e['control'] else '',
            e['type'], d]


class List:
    def __init__(self, w):
        self.w = w

    def table(self):
        return self.w.one('Events', 'table') or self.w.one('Events', 'tree table')

    def rows(self):
        """the rows shown: selected flag, then time, cpu, pid, C, type, description"""
        t = self.table()
        out = []
        for r in range(Atspi.Table.get_n_rows(t)):
            c = [Atspi.Table.get_accessible_at(t, r, k).get_name()
                 for k in range(Atspi.Table.get_n_columns(t))]
            out.append((Atspi.Table.is_row_selected(t, r), [c[0], c[1], c[2], c[4], c[5], c[6]]))
        return out

    def info(self):
        n = self.w.one('Events information', 'label')
        return text_of(n) if n is not None else ''

    def settled(self, pred=lambda s: True, timeout=30):
        """the line above the list once the count is complete (no "at
        least") and @pred holds; its text"""
        wait(lambda: 'at least' not in self.info() and pred(self.info()), timeout)
        return self.info()

    def shows(self, evs, timeout=15):
        """wait until the rows shown are consecutive rows of @evs (the
        list has taken the filter); those rows"""
        def ok():
            rows = [r for _, r in self.rows()]
            k = evs.index(rows[0]) if rows and rows[0] in evs else None
            return rows if k is not None and rows == evs[k:k + len(rows)] else None
        wait(ok, timeout)
        return [r for _, r in self.rows()]


def type_into(w, name, text):
    """click the entry named @name, select what it holds, type @text"""
    en = w.wait_one(name, 'text')
    if en is None or not w.grab(en) or \
            not wait(lambda: en.get_state_set().contains(Atspi.StateType.FOCUSED), 5):
        return False
    w.key('ctrl+a', 'BackSpace')
    if text:
        w.type(text)
    return True


def differ(rows, exp):
    return '\n'.join('got  %s\nwant %s' % (a, b) for a, b in zip(rows, exp)
                     if a != b)[:2000] or 'rows %d, dump %d' % (len(rows), len(exp))


def compare(w, lst, expr, what, extra='the column filters (the others hidden)'):
    """the list against dump --filter @expr: the count the line above
    says; the rows shown are consecutive events of dump's, and after Home
    in the list its first ones"""
    evs = dump(expr)
    want = '; %d %s %s' % (len(evs), 'matches' if len(evs) == 1 else 'match', extra)
    info = lst.settled(lambda s: want in s)
    check(want in info, "%s: the list counts dump --filter's %d events (%s)" %
          (what, len(evs), expr), info)
    all_rows = [as_row(e) for e in evs]
    rows = lst.shows(all_rows)
    k = all_rows.index(rows[0]) if rows and rows[0] in all_rows else 0
    check(rows and rows == all_rows[k:k + len(rows)],
          "%s: its %d rows are consecutive events of dump --filter's (from number %d), "
          "every column" % (what, len(rows), k + 1), differ(rows, all_rows[k:k + len(rows)]))
    w.grab(lst.table())
    w.key('Home')
    wait(lambda: lst.rows()[0][1] == all_rows[0], 10)
    rows = [r for _, r in lst.rows()]
    check(rows and rows == all_rows[:len(rows)],
          "%s: Home: its %d rows are dump --filter's first events" % (what, len(rows)),
          differ(rows, all_rows[:len(rows)]))
    return evs, rows


def narrow(w, lst, texts, expr, what):
    """the entries' texts typed, the list compared with dump --filter @expr,
    the entries emptied again"""
    for name, text in texts:
        type_into(w, name, text)
    compare(w, lst, expr, what)
    for name, _text in texts:
        type_into(w, name, '')


def check_csv(w, expr):
    """File -> Export table as CSV, to a file beside the trace: its rows are
    dump --filter's events (time, cpu, pid, control, type, description)"""
    path = os.path.join(os.path.dirname(os.path.abspath(TRACE)), 'narrowed.csv')
    w.focus()
    w.menu('File', 'Export table as CSV...')
    dlg = wait(lambda: [d for d in w.dialogs() if d.get_name() == 'Export'])
    if not check(dlg, "File -> Export table as CSV: the file chooser"):
        return
    name = wait(lambda: w.one(role='text', root=dlg[0],
                              pred=lambda n: text_of(n).startswith('table.')))
    name.set_text_contents(path)
    w.action(w.one('OK', 'push button', root=dlg[0]))
    wait(lambda: ("written: %s" % path) in w.status(), 15)
    rows = list(csv.reader(open(path, newline=''))) if os.path.exists(path) else [[]]
    got = [[r[0], r[1], r[2], r[4], r[5], r[6]] for r in rows[1:]]
    exp = [as_row(e) for e in dump(expr)]
    check(got == exp, "the CSV holds the %d events the column filters let through, "
          "as dump --filter '%s'" % (len(exp), expr), differ(got, exp))


def main():
    w = Window(PROG, ['--size', '1280x800', '--view', 'events', TRACE])
    lst = List(w)
    try:
        if not check(w.app() is not None and wait(lambda: lst.table() is not None, 30),
                     "the window is up with the events list"):
            return
        total = len(dump('pid >= 0'))
        w.focus()
        first = lst.settled(lambda s: s.startswith('event 1 of'))
        check(first == 'event 1 of %d' % total, "before any column filter: every event", first)

        # the task's name: a regular expression on comm
        type_into(w, 'Task name filter', 'httpd')
        compare(w, lst, 'comm =~ "httpd"', 'task name "httpd"')
        # and the type: the two are ANDed
        type_into(w, 'Event type filter', '^fs_')
        compare(w, lst, 'comm =~ "httpd" && type =~ "^fs_"', 'task "httpd" and type "^fs_"')
        # File -> Export table as CSV: the events the list shows
        check_csv(w, 'comm =~ "httpd" && type =~ "^fs_"')
        # the selected row becomes the cursor, its task the graph's selection
        rows = lst.rows()
        t = lst.table()
        cell = Atspi.Table.get_accessible_at(t, 2, 0)
        x, y, wd, ht = w.extents(cell)
        w.click(x + wd // 2, y + ht // 2)
        st = w.wait_status(r'^cursor ' + re.escape(rows[2][1][0]))
        check(st.startswith('cursor ' + rows[2][1][0] + ' '),
              "a click on the third row: its time is the cursor (the status bar)", st)
        sel = [r for s, r in lst.rows() if s]
        check(sel == [rows[2][1]], "and the row stays selected in the narrowed list", sel)
        # the graph moves the cursor: the list selects the event it shows there
        evs = [as_row(e) for e in dump('comm =~ "httpd" && type =~ "^fs_"')]
        w.grab(w.one('Control flow graph'))
        for key, want, what in (('End', evs[-1], 'the last'), ('Home', evs[0], 'the first')):
            w.key(key)
            wait(lambda: [r for s, r in lst.rows() if s] == [want], 10)
            sel = [r for s, r in lst.rows() if s]
            check(sel == [want], "%s in the graph: the narrowed list selects %s of its events" %
                  (key, what), sel)

        # clear both: every event again, the selection kept
        type_into(w, 'Task name filter', '')
        type_into(w, 'Event type filter', '')
        info = lst.settled(lambda s: 'match' not in s)
        check(re.match(r'^event \d+ of %d$' % total, info) is not None,
              "both cleared: the list has every event again", info)
        wait(lambda: [r for s, r in lst.rows() if s] == [evs[0]], 10)
        sel = [r for s, r in lst.rows() if s]
        check(sel == [evs[0]], "the event selected stays selected", sel)

        # the description: what dump prints, matched in the library (desc)
        narrow(w, lst, [('Description filter', 'passwd.log fd=5')],
               'desc =~ "passwd.log fd=5"', 'description "passwd.log fd=5"')

        # CPU, pid and time: lists and ranges
        narrow(w, lst, [('CPU filter', '1'), ('Time filter', '0.003:0.0045')],
               'cpu == 1 && time >= 3000000 && time <= 4500000', 'CPU 1, time 3 ms to 4.5 ms')
        narrow(w, lst, [('Process id filter', '101,200-250'), ('Control filter', 'C')],
               '(pid == 101 || (pid >= 200 && pid <= 250)) && control',
               'pids 101,200-250, control events')

        # a text that is not one: said, the list keeps what it had
        lst.settled(lambda s: re.match(r'^event \d+ of %d$' % total, s) is not None)
        lst.shows([as_row(e) for e in dump('pid >= 0')])
        before = lst.rows()
        type_into(w, 'Process id filter', 'abc')
        info = lst.settled(lambda s: 'Process id filter' in s)
        check("Process id filter: 'abc' is not pids" in info,
              "pid 'abc': the line above says what is wrong", info)
        check(lst.rows() == before, "and the list stays as it was")
        type_into(w, 'Process id filter', '> 100')
        compare(w, lst, 'pid > 100', 'pid "> 100" (an operator: the rest is the language\'s)')
        type_into(w, 'Process id filter', '')

        # the document's filter (the search bar's Hide) and a column filter: both
        w.grab(lst.table())
        w.key('ctrl+f')
        en = w.wait_one('Search expression', 'text')
        check(en is not None and wait(lambda: en.get_state_set().contains(
            Atspi.StateType.FOCUSED), 5), "Ctrl+F: the search bar, its entry taking the keys")
        w.type('pid == 300')
        w.key('alt+i')
        st = w.wait_status(r'filter \(hide\): pid == 300')
        check('filter (hide): pid == 300' in st, "Alt+I: the filter hides the others", st)
        type_into(w, 'Event type filter', 'sys')
        compare(w, lst, '(pid == 300) && type =~ "sys"', 'the filter pid == 300 and type "sys"',
                'the filter and the column filters (the others hidden)')
        type_into(w, 'Event type filter', '')
        compare(w, lst, 'pid == 300', 'the column filter cleared: the filter alone',
                'the filter (the others hidden)')
        # left for the session: the description filter
        type_into(w, 'Description filter', 'fd=5')
        compare(w, lst, '(pid == 300) && desc =~ "fd=5"', 'the filter and description "fd=5"',
                'the filter and the column filters (the others hidden)')
    finally:
        w.quit()
    print('DONE')


main()
