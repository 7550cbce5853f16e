#!/usr/bin/python3
"""gtkopen.py PROG A B C BROKEN... - File -> Open and a second trace in a
tab, used as a person uses them (tests/host/gtk-open.t): the program
starts on trace A; then

  - Ctrl+T (File -> Open trace in a new tab): the folder chooser; Ctrl+L,
    B's path typed, Return: a second tab named b, shown, whose status bar
    spans B's window and whose processes table lists B's processes
    (processes --json's pids, all of them, one row each under the row of
    all processes, which counts processes --threads --json's threads); a's
    tab still there;
  - File -> Open trace... (the menu, with the mouse): C typed the same
    way takes the place of the tab shown (b): the tabs are a and c;
  - Ctrl+O on each BROKEN folder: an error dialog with the reader's own
    message (tracevisualizer summary's), closed with its button; the
    program stays up, its tabs as they were;
  - Ctrl+Q: exit status 1 (a trace could not be opened).
Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks())."""
import json
import os
import subprocess
import sys

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402

from gtkdrive import Window, check, fmt_dur, text_of, wait  # noqa: E402


def cli(*args):
    return json.loads(subprocess.run(['tracevisualizer'] + list(args), capture_output=True,
                                     text=True, check=True).stdout)


def tabs(w):
    """the names of the window's tabs of traces (not the views' tabs,
    which are under a trace's tab)"""
    def top(t):
        p = t.get_parent()
        while p is not None:
            if p.get_role_name() == 'page tab':
                return False
            p = p.get_parent()
        return True
    return [t.get_name() for t in w.all(role='page tab', show=False) if top(t)]


def choose(w, how, path):
    """the folder chooser by @how (a key, or ('File', item) by the mouse),
    then Ctrl+L, @path typed, Return; the chooser's title, or None"""
    if isinstance(how, tuple):
        w.menu(*how)
    else:
        w.focus()
        w.key(how)
    dlg = wait(lambda: [d for d in w.dialogs() if d.get_role_name() == 'file chooser'])
    if not dlg:
        return None
    title = dlg[0].get_name()
    w.key('ctrl+l')
    entry = wait(lambda: w.one(role='text', root=dlg[0]), 5)
    if entry is None:
        return None
    w.type(path)
    # the whole path typed before Return (a loaded host's window takes
    # its keys late: a clean-clone run of 2026-12-01 16:28 had no error
    # dialog after the garbage folder's, Return perhaps on half a path)
    if not wait(lambda: text_of(entry).rstrip('/') == path, 30):
        check(False, "the path typed into the chooser's entry (%s)" % path, text_of(entry))
    w.key('Return')
    return title


def processes_table(w, name):
    """the processes table in the page of the tab @name"""
    tab = w.one(name, 'page tab', show=False)
    return w.one('Processes table', 'tree table', show=False, root=tab) if tab else None


def check_opened(w, name, path, before):
    """the trace @path opened in a tab @name, shown; the tabs @before
    around it"""
    gone = wait(lambda: not [d for d in w.dialogs() if d.get_role_name() == 'file chooser'], 10)
    check(gone, "%s: the chooser closed on Return" % name)
    t = wait(lambda: tabs(w) if name in tabs(w) else None, 30)
    check(t == before, "%s: the tabs are %s" % (name, ', '.join(before)), "got %s" % t)
    tab = w.one(name, 'page tab', show=False)
    sel = tab is not None and wait(lambda: tab.get_state_set().contains(
        Atspi.StateType.SELECTED), 5)
    check(sel, "%s: its tab is the one shown" % name)
    procs = cli('processes', '--json', path)
    threads = cli('processes', '--threads', '--json', path)['threads']
    want = "window %s " % fmt_dur(procs['window_ns'])
    st = w.wait_status(lambda s: want in s)
    check(want in st, "%s: the status bar spans its window (%s)" % (name, want.strip()), st)
    tbl = wait(lambda: processes_table(w, name), 10)
    if not check(tbl is not None, "%s: its processes table is there" % name):
        return
    rows = wait(lambda: [[tbl.get_accessible_at(r, k).get_name() for k in range(3)]
                         for r in range(tbl.get_n_rows())] or None, 10) or []
    pids = sorted(int(p['pid']) for p in procs['processes'])
    got = sorted(int(r[0]) for r in rows[1:] if r[0].isdigit())
    check(len(rows) == 1 + len(pids) and rows[0][:2] == ['', 'all processes'] and got == pids,
          "%s: its processes table: the row of all processes, then processes --json's %d "
          "processes (pids %s)" % (name, len(pids), pids), rows)
    check(rows and rows[0][2] == str(len(threads)),
          "%s: the row of all processes counts processes --threads --json's %d threads"
          % (name, len(threads)), rows[:1])


def main():
    prog, a, b, c = sys.argv[1:5]
    broken = sys.argv[5:]
    out = os.path.dirname(a)
    w = Window(prog, ['--size', '1280x800', a], log=os.path.join(out, 'open.log'))
    try:
        if not w.up("the window is up on a"):
            return
        check(tabs(w) == ['a'], "one tab, a", tabs(w))
        title = choose(w, 'ctrl+t', b)
        check(title == 'Open a trace directory', "Ctrl+T: the folder chooser (%s)" % title)
        check_opened(w, 'b', b, ['a', 'b'])
        title = choose(w, ('File', 'Open trace...'), c)
        check(title == 'Open a trace directory', "File -> Open trace...: the folder chooser (%s)"
              % title)
        check_opened(w, 'c', c, ['a', 'c'])
        for bad in broken:
            name = os.path.basename(bad)
            r = subprocess.run(['tracevisualizer', 'summary', bad], capture_output=True, text=True)
            msg = r.stderr.strip().split('\n')[0]
            msg = msg[len('tracevisualizer: '):] if msg.startswith('tracevisualizer: ') else msg
            check(r.returncode != 0 and msg, "%s: summary refuses it (%s)" % (name, msg))
            choose(w, 'ctrl+o', bad)
            dlg = wait(lambda: [d for d in w.dialogs() if d.get_role_name() in ('alert', 'dialog')], 30)
            texts = [text_of(x) for x in w.all(role='label', root=dlg[0])] if dlg else []
            check(dlg and msg and any(msg in t for t in texts),
                  "%s: Ctrl+O, typed, Return: an error dialog with the reader's message" % name,
                  texts)
            if dlg:
                w.action(w.one('Close', 'push button', root=dlg[0]))
            gone = wait(lambda: not w.dialogs(), 5)
            check(w.alive() and gone and not w.dialogs(), "%s: the dialog closed, the program still up"
                  % name)
            check(tabs(w) == ['a', 'c'], "%s: the tabs as they were (a, c)" % name, tabs(w))
    finally:
        st = w.quit()
        check(st == 1, "Ctrl+Q: exit status 1, a trace could not be opened (%s)" % st)
    print("DONE")


if __name__ == '__main__':
    main()
