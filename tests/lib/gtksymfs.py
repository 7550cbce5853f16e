#!/usr/bin/python3
"""gtksymfs.py - the stacks tracevisualizer-gtk shows beside the control
flow and the events list, named as "tracevisualizer stacks" names them
(tests/host/gtk-symfs.t, on the trace of tests/lib/stacktrace.sh).

  gtksymfs.py drive PROG TRACE OUTDIR CELLS.json BLOCKED [ARG...]
      the window (PROG ARG... TRACE, 1280x1000) used as a person uses
      it (xdotool, AT-SPI): the mouse over the server's (5) block at
      200 ns in the control flow: its tooltip says "stack as it blocked:
      BLOCKED"; Down in the events list until the server's switch-out
      at 100 ns is selected: "Stack of the selected event" ends with
      ": BLOCKED".  CELLS.json is --dump-cells of a screenshot at the
      same size (where the server's row is).

Prints "PASS what" / "FAIL what" per check and DONE at the end.
"""
import json
import os
import sys

from gtkdrive import Window, check, text_of, wait


def drive(prog, trace, outdir, cells_json, blocked, *args):
    cells = json.load(open(cells_json))
    w = Window(prog, ['--size', '1280x1000'] + list(args) + [trace],
               log=os.path.join(outdir, 'symfs-drive.log'))
    try:
        w.up("the window is up (%s)" % ' '.join(args or ['no option']))
        row = [r for r in cells['rows'] if r['label'].split()[:2] == ['5', 'server']]
        g = w.one('Control flow graph')
        if check(row and g is not None, "the server's row in the control flow"):
            gx, gy, _, _ = w.extents(g)
            # 200 ns of the window's 1000: inside the block from 100 to 300 ns
            x = gx + int(cells['label_w'] + cells['columns'] * 0.2)
            y = gy + int(row[0]['y'] + cells['row_h'] / 2)
            w.xdo('mousemove', '--sync', x, y)
            w.xdo('mousemove', '--sync', x + 1, y)
            tip = wait(lambda: (lambda t: t if t and 'stack as it blocked' in t else None)(
                g.get_description()), 10) or ''
            want = "stack as it blocked: %s" % blocked
            check(want in tip.split('\n'), "the tooltip over the server's block at 200 ns: "
                  "%s" % want, "got  %s\nwant %s" % (tip, want))
            w.xdo('mousemove', '--sync', 5, 5)
        lst = wait(lambda: w.one('Events', 'tree table') or w.one('Events', 'table'), 10)
        acc = lambda: w.one('Stack of the selected event')   # noqa: E731
        lab = lambda: text_of(acc()) if acc() else ''        # noqa: E731
        if check(lst is not None, "the events list is shown"):
            w.focus()
            w.grab(lst)
            got = ''
            for _ in range(8):
                w.key('Down')
                got = wait(lambda: lab() if 'schedchange' in lab() else None, 1) or lab()
                if 'schedchange' in got:
                    break
            check(got.endswith(": " + blocked),
                  "the events list's details: the stack of the server's switch-out, %s" % blocked,
                  "got  %s\nwant %s" % (got, blocked))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q quits (status %s)" % st)
    print("DONE")


if __name__ == '__main__':
    if sys.argv[1] != 'drive':
        sys.exit('gtksymfs.py: drive')
    drive(*sys.argv[2:])
