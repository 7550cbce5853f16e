#!/usr/bin/python3
"""gtkbroken.py PROG CUT BAD OUTDIR - tracevisualizer-gtk on a damaged
trace and on one it cannot read, used as a person uses it
(tests/host/gtk-window.t):

  - CUT (its events file cut inside a record) opens, read as far as it is
    intact; a warning bar above the views says how many warnings there
    are and shows the first, its accessible description lists them all:
    exactly the reader's own ("Warning:" lines of tracevisualizer summary
    --salvage); the status bar says "warnings N (!)"; its "All warnings"
    button opens a dialog listing them; the bar's close button hides it;
  - BAD (a header that is not an LTT header) gives an error dialog with
    the reader's message (tracevisualizer summary's error), and the
    program stays up; File -> Quit then exits with status 1 (the trace
    could not be opened).
Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks())."""
import os
import subprocess
import sys

from gtkdrive import Window, check, text_of, wait


def reader_warnings(path):
    """the views' warnings: the reader's, then the CPUs whose events end
    early (the accounting's cut), as processes --salvage prints them"""
    err = subprocess.run(['tracevisualizer', 'processes', '--salvage', path],
                         capture_output=True, text=True).stderr
    p = 'tracevisualizer: warning: '
    return [l[len(p):] for l in err.splitlines() if l.startswith(p)]


def dialog_texts(w, dlg):
    return [text_of(l) for l in w.all(role='label', root=dlg)]


def damaged(prog, cut, out):
    want = reader_warnings(cut)
    check(len(want) >= 1, "the cut trace has warnings (processes --salvage: %d)" % len(want))
    check(any(': its events end at ' in l for l in want),
          "the cut trace has a CPU whose events end before the stop")
    w = Window(prog, ['--size', '1280x800', cut], log=os.path.join(out, 'cut.log'))
    try:
        if not check(w.app() is not None, "cut: the program shows up on the accessibility bus"):
            return
        lab = w.wait_one('Warnings', 'label')
        if not check(lab is not None, "cut: a warning bar above the views"):
            return
        first = text_of(lab)
        desc = lab.get_description() or ''
        lines = [l[2:] for l in desc.splitlines()[1:]]
        check(first.startswith("%d warning%s: the figures may be wrong (%s" %
                               (len(want), "" if len(want) == 1 else "s", want[0][:40])),
              "cut: the bar says %d warning(s) and shows the first: '%s'" % (len(want), first[:90]))
        check(lines == want, "cut: its full text lists the reader's warnings, exactly",
              "got  %s\n  want %s" % (lines, want))
        st = w.wait_status(r'warnings %d \(!\)' % len(want))
        check(("   warnings %d (!)" % len(want)) in st, "cut: the status bar says 'warnings %d (!)'"
              % len(want), st)
        btn = w.one('All warnings', 'push button')
        w.action(btn)
        dlg = wait(lambda: w.dialogs())
        texts = dialog_texts(w, dlg[0]) if dlg else []
        check(dlg and any(all(x in t for x in want) for t in texts),
              "cut: 'All warnings' opens a dialog listing them", "%s: %s" % (
                  [(d.get_role_name(), d.get_name()) for d in dlg or []], texts))
        if dlg:
            w.action(w.one('Close', 'push button', root=dlg[0]))
            wait(lambda: not w.dialogs(), 5)
        close = [b for b in w.all(role='push button') if b.get_name() in ('Close', '')]
        bar = lab.get_parent()
        while bar is not None and bar.get_role_name() not in ('info bar', 'alert', 'panel'):
            bar = bar.get_parent()
        xbtn = None
        for b in close:
            p = b
            while p is not None and p != bar:
                p = p.get_parent()
            if p is not None:
                xbtn = b
        if xbtn is not None:
            w.action(xbtn)
        gone = wait(lambda: w.one('Warnings', 'label') is None, 5)
        check(xbtn is not None and gone, "cut: the bar's close button hides it")
        check(("   warnings %d (!)" % len(want)) in w.status(),
              "cut: the status bar still says 'warnings %d (!)'" % len(want))
    finally:
        st = w.quit()
        check(st == 0, "cut: Ctrl+Q, exit status 0 (%s)" % st)


def unreadable(prog, bad, out):
    r = subprocess.run(['tracevisualizer', 'summary', bad], capture_output=True, text=True)
    msg = r.stderr.strip().split('\n')[0]
    msg = msg[len('tracevisualizer: '):] if msg.startswith('tracevisualizer: ') else msg
    check(r.returncode != 0 and msg, "the unreadable trace: summary refuses it (%s)" % msg)
    w = Window(prog, ['--size', '1280x800', bad], log=os.path.join(out, 'bad.log'))
    try:
        if not check(w.app() is not None, "bad: the program shows up on the accessibility bus"):
            return
        dlg = wait(lambda: [d for d in w.dialogs() if d.get_role_name() in ('alert', 'dialog')])
        texts = dialog_texts(w, dlg[0]) if dlg else []
        check(dlg and any(msg in t for t in texts), "bad: an error dialog with the reader's message",
              texts)
        if dlg:
            w.action(w.one('Close', 'push button', root=dlg[0]))
            wait(lambda: not w.dialogs(), 5)
        check(w.alive(), "bad: the program is still up after the dialog")
    finally:
        st = w.quit()
        check(st == 1, "bad: Ctrl+Q, exit status 1: the trace could not be opened (%s)" % st)


def main():
    prog, cut, bad, out = sys.argv[1:5]
    damaged(prog, cut, out)
    unreadable(prog, bad, out)
    print("DONE")


if __name__ == '__main__':
    main()
