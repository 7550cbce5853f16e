#!/usr/bin/python3
"""gtkrows.py - the order of tracevisualizer-gtk's control flow rows
(tests/host/gtk-rows.t).

  gtkrows.py menu PROG TRACE ITEM
      the window on TRACE; View -> ITEM chosen with the mouse, Ctrl+Q;
      PASS/FAIL lines and DONE (tests/lib/tap.sh, checks())
  gtkrows.py key PROG TRACE KEY
      the window on TRACE; KEY (xdotool's name, e.g. ctrl+p) typed, Ctrl+Q
      (the two keys are handled in order, so the session written at the
      end has what KEY chose); PASS/FAIL lines and DONE
  gtkrows.py expect KEY PROCESSES_JSON
      the rows' labels, one a line, in the order KEY (pid, name, busy)
      asks for, from "tracevisualizer processes --threads --json" of the
      window: the processes (thread group leaders) by KEY, each followed by
      its other threads by KEY; busy is running_ns, most first, a
      process's the sum of its threads'; ties by pid
  gtkrows.py shown CELLS_JSON
      the labels of the rows a --dump-cells shows, one a line
"""
import json
import sys


def expect(key, path):
    th = json.load(open(path))['threads']
    by_tgid = {}
    for t in th:
        by_tgid.setdefault(t['tgid'], []).append(t)
    pids = {t['pid'] for t in th}

    def k(t, busy):
        if key == 'name':
            return (t['name'], t['pid'])
        if key == 'busy':
            return (-busy, t['pid'])
        return (t['pid'],)
    blocks = []
    for tgid, ts in by_tgid.items():
        if tgid in pids:
            lead = [t for t in ts if t['pid'] == tgid][0]
            rest = [t for t in ts if t['pid'] != tgid]
            blocks.append((lead, rest, sum(t['running_ns'] for t in ts)))
        else:	# threads whose leader has no row: each a block of its own
            blocks += [(t, [], t['running_ns']) for t in ts]
    blocks.sort(key=lambda b: k(b[0], b[2]))
    for lead, rest, _busy in blocks:
        print('%d %s' % (lead['pid'], lead['name']))
        for t in sorted(rest, key=lambda t: k(t, t['running_ns'])):
            print('%d %s' % (t['pid'], t['name']))


def menu(prog, trace, item):
    from gtkdrive import Window, check
    w = Window(prog, ['--size', '1280x800', trace])
    try:
        if not w.up():
            return
        check(w.menu('View', item) is not None, "View -> %s chosen with the mouse" % item)
    finally:
        check(w.quit() == 0, "Ctrl+Q quits with status 0")


def key(prog, trace, name):
    from gtkdrive import Window, check
    w = Window(prog, ['--size', '1280x800', trace])
    try:
        if not w.up():
            return
        w.focus()
        w.key(name)
        check(True, "%s typed" % name)
    finally:
        check(w.quit() == 0, "Ctrl+Q quits with status 0")


def main():
    if sys.argv[1] == 'expect':
        expect(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == 'shown':
        for r in json.load(open(sys.argv[2]))['rows']:
            print(r['label'].strip())
    elif sys.argv[1] == 'key':
        key(*sys.argv[2:5])
        print("DONE")
    else:
        menu(*sys.argv[2:5])
        print("DONE")


if __name__ == '__main__':
    main()
