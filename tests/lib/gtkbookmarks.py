#!/usr/bin/python3
"""gtkbookmarks.py - the bookmarks of tracevisualizer-gtk used as a person
uses them (tests/host/gtk-bookmarks.t), read back through AT-SPI and from
TRACE/bookmarks.json, the file the terminal analyzer keeps them in too.

  gtkbookmarks.py PROG TRACE SUMMARY

SUMMARY is tracevisualizer summary --json of TRACE.

TRACE/bookmarks.json holds one bookmark, "from tui", as the terminal
analyzer writes it, at an event's time.  In the window: B lists it; End
then b names one at the trace's end ("the end", typed over the name
offered); the file then has both, in time order; Home, "." "." ","
step the cursor through them; B, Down, Enter goes to the second; Ctrl+Q,
and the next session lists both again; there, Delete removes the first
and the file keeps the other.  Prints PASS/FAIL lines and DONE
(tests/lib/tap.sh, checks())."""
import json
import os
import sys

from gtkdrive import Window, check, fmt_time, wait

SIZE = ['--size', '1280x800']


def marks(path):
    try:
        b = json.load(open(os.path.join(path, 'bookmarks.json')))['bookmarks']
    except (OSError, ValueError, KeyError):
        return None
    return [(x['name'], x['time_ns']) for x in b]


def cursor_is(w, rel):
    want = 'cursor %s ' % fmt_time(rel)
    got = w.wait_status(lambda s: s.startswith(want))
    return got.startswith(want), got


def bookmark_rows(w):
    """the rows of the Bookmarks dialog's list: (time, name)"""
    t = w.wait_one('Bookmarks list')
    if t is None:
        return None
    # the keyboard to the dialog (Xvfb has no window manager to give it)
    w.xdo('search', '--sync', '--onlyvisible', '--name', '^Bookmarks$', 'windowfocus', '--sync')
    return [tuple(t.get_accessible_at(r, c).get_name() for c in range(t.get_n_columns()))
            for r in range(t.get_n_rows())]


def dialog_gone(w):
    return wait(lambda: not w.dialogs(), 5) is not None and not w.dialogs()


def session(prog, trace, start, end, t1):
    """the first session: list, add, step, go to; quits"""
    w = Window(prog, SIZE + [trace])
    try:
        if not w.up("the window is up"):
            return
        w.key('B')
        rows = bookmark_rows(w)
        check(rows == [(fmt_time(t1 - start), 'from tui')],
              "B lists the bookmark the terminal analyzer wrote: its time and name", rows)
        w.key('Escape')
        check(dialog_gone(w), "Escape closes the list")
        w.focus()
        w.grab(w.one('Control flow graph'))
        w.key('End')
        cursor_is(w, end - start)
        w.key('b')
        entry = w.wait_one('Bookmark name')
        check(entry is not None and entry.get_text(0, -1) == 'bookmark 2',
              "b asks for a name, \"bookmark 2\" offered",
              entry.get_text(0, -1) if entry is not None else 'no entry')
        w.key('ctrl+a')
        w.type('the end')
        w.key('Return')
        st = w.wait_status(lambda s: 'saved in' in s)
        check('bookmark "the end" at %s saved in %s/bookmarks.json' %
              (fmt_time(end - start), trace) in st, "the status bar says it is saved, and where", st)
        got = wait(lambda: marks(trace) if len(marks(trace) or []) == 2 else None, 5)
        check(got == [('from tui', t1), ('the end', end)],
              "bookmarks.json has both, in time order, the new one at the cursor (%d)" % end, got)
        w.key('Home')
        cursor_is(w, 0)
        w.key('period')
        ok, st = cursor_is(w, t1 - start)
        check(ok, ". goes to the first bookmark", st)
        w.key('period')
        ok, st = cursor_is(w, end - start)
        check(ok, ". again: the second", st)
        w.key('comma')
        ok, st = cursor_is(w, t1 - start)
        check(ok, ", back to the first", st)
        w.key('B')
        rows = bookmark_rows(w)
        check(rows == [(fmt_time(t1 - start), 'from tui'), (fmt_time(end - start), 'the end')],
              "B lists both", rows)
        w.key('Down')
        w.key('Return')
        check(dialog_gone(w), "Down, Enter closes the list")
        ok, st = cursor_is(w, end - start)
        check(ok, "and takes the cursor to the second bookmark", st)
    finally:
        check(w.quit() == 0, "Ctrl+Q quits with status 0")


def reopen(prog, trace, start, end, t1):
    """the next session: both listed again; Delete removes the first"""
    w = Window(prog, SIZE + [trace])
    try:
        if not w.up("the window is up again"):
            return
        w.key('B')
        rows = bookmark_rows(w)
        check(rows == [(fmt_time(t1 - start), 'from tui'), (fmt_time(end - start), 'the end')],
              "the next session lists both again", rows)
        w.key('alt+d')
        got = wait(lambda: marks(trace) if len(marks(trace) or []) == 1 else None, 5)
        check(got == [('the end', end)], "Delete (Alt+D) removes the first from bookmarks.json",
              got)
        t = w.one('Bookmarks list')
        check(t is not None and t.get_n_rows() == 1, "and from the list")
        w.key('Escape')
        dialog_gone(w)
    finally:
        check(w.quit() == 0, "Ctrl+Q quits with status 0")


def main():
    prog, trace, summary = sys.argv[1:4]
    s = json.load(open(summary))
    start, end = s['trace']['start_ns'], s['trace']['end_ns']
    t1 = marks(trace)[0][1]
    session(prog, trace, start, end, t1)
    # the first window gone from the X server before the next is looked for
    # (xdotool search --name finds it by its title, as it did this one)
    check(wait(lambda: Window.xdo('search', '--onlyvisible', '--name', '^tracevisualizer$') != 0,
               10), "the first session's window is gone")
    reopen(prog, trace, start, end, t1)
    print("DONE")


if __name__ == '__main__':
    main()
