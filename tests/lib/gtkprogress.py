#!/usr/bin/python3
"""gtkprogress.py PROG TRACE EVENTS OUTDIR [WHAT [LATENCY]] - the long operations of
tracevisualizer-gtk (tests/host/gtk-progress.t), used as a person uses them
(keys and clicks by xdotool, read back through AT-SPI), each pass held at
a progress step by the library's test hook (LTTR_TEST_HOLD_PROGRESS=N and
LTTR_TEST_HOLD_RELEASE=FILE, set by the test, docs/testing.md): FILE
absent, every pass stops at its N-th step; holding a number R, it goes on
to step R + 1 and stops there; empty, it goes to its end.  So the bar is
seen, moves forward one step at a time as this script lets it, and the
pass is still running when Cancel comes, whatever the machine's speed:

  - reading the trace named on the command line shows a "Reading the
    trace" dialog whose progress bar (named by the trace's directory)
    moves forward as each step is let go; its Cancel button, clicked,
    stops the reading: an error dialog says "reading canceled", the
    program stays up with no trace open, and Ctrl+Q exits with status 1
    (the trace named was not opened); stderr says the same;
  - let go to its end, the dialog goes and the status bar counts EVENTS
    events in the window (tracevisualizer summary's "Events:"), and no
    warning;
  - a search that reads the whole trace (no event matches) shows a
    "Working" dialog, its bar says "searching the trace" and moves
    forward; Cancel ends it with "search canceled" in the status bar, the
    cursor where it was; the same search let go to its end says "no
    match after the cursor" (or "selected event"); the keys work on
    afterwards (W zooms in);
  - the Latency tab, shown, computes the wakeup latencies: a "Working"
    dialog whose bar says so and moves forward; Cancel ends it, the tab
    says so and offers "Compute again", which computes them to the end:
    the summary counts LATENCY instances (latency --kind wakeup --json's);
    Ctrl+Q exits with status 0;
  - Ctrl+W and Enter typed at once in the search bar: the search, held,
    is canceled by the tab's closing, the program stays up;
  - the Paths tab, shown once the trace is read, searches for the paths:
    a "Working" dialog whose bar is named for what it does; Cancel ends
    it, the tab says so and offers "Find the paths"; Space on it and
    Ctrl+W at once close the tab (once the search it starts is
    canceled), the program stays up; in another run the search goes to
    its end: no messages in this trace, said.
WHAT: all, cancel, search, close or paths.
Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks())."""
import os
import re
import sys
import time

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402

from gtkdrive import Window, check, text_of, wait  # noqa: E402


def find_dialog(w, title):
    for d in w.dialogs():
        try:
            if d.get_name() == title:
                return d
        except Exception:
            pass
    return None


def bar_of(w, dlg):
    return w.one(role='progress bar', root=dlg)


def bar_text(bar):
    """what the bar says: its accessible name"""
    try:
        return bar.get_name()
    except Exception:
        return None


def value(bar):
    try:
        return Atspi.Value.get_current_value(bar)
    except Exception:
        return None


def click_button(w, root, name):
    b = w.one(name, 'push button', root=root)
    if b is None:
        return False
    x, y, wd, ht = w.extents(b)
    w.click(x + wd // 2, y + ht // 2)
    return True


def forward(seen):
    return all(b >= a for a, b in zip(seen, seen[1:])) and all(0 <= v <= 1 for v in seen)


def start(prog, big, out, name, args=()):
    """the program on @big, opened whole and without markers (the session
    an earlier run saved beside the trace removed); its log OUT/NAME.log"""
    for f in ('session.json', 'bookmarks.json'):
        if os.path.exists(os.path.join(big, f)):
            os.unlink(os.path.join(big, f))
    return Window(prog, ['--size', '1280x800'] + list(args) + [big], log=os.path.join(out, name + '.log'))


HOLD = int(os.environ.get('LTTR_TEST_HOLD_PROGRESS', '0'))
RELEASE = os.environ.get('LTTR_TEST_HOLD_RELEASE', '')


def hold():
    """every pass from now on stops at its HOLD-th step"""
    if os.path.exists(RELEASE):
        os.unlink(RELEASE)


def let_go(upto=''):
    """the passes go on to step upto + 1 ('': to their end); the file
    written whole (a half-written one would let them go)"""
    with open(RELEASE + '.new', 'w') as f:
        f.write(str(upto))
    os.rename(RELEASE + '.new', RELEASE)


def steps(w, dlg, bar, n=3):
    """the bar's value at the held step, then after each of n - 1 steps
    let go (the pass held again at the next): the values seen; the pass
    still held at its last step"""
    seen = []
    for i in range(n):
        if i:
            let_go(HOLD + i - 1)
        v = wait(lambda: value(bar) if value(bar) is not None and
                 (value(bar) > (seen[-1] if seen else 0)) else None, 30)
        if v is None or find_dialog(w, dlg) is None:
            break
        seen.append(v)
    return seen


def shown(seen):
    return ", ".join("%.3f" % v for v in seen[:6])


def cancel_reading(prog, big, out):
    """the reading, held, moved forward two steps, then canceled"""
    hold()
    w = start(prog, big, out, 'cancel')
    try:
        if not check(w.app() is not None, "cancel: the program shows up on the accessibility bus"):
            return
        dlg = wait(lambda: find_dialog(w, 'Reading the trace'), 60)
        bar = dlg and bar_of(w, dlg)
        check(bar is not None and bar_text(bar) == big,
              "cancel: a 'Reading the trace' dialog, its progress bar named by the trace",
              bar and bar_text(bar))
        if bar is None:
            return
        seen = steps(w, 'Reading the trace', bar)
        check(len(seen) == 3 and forward(seen),
              "cancel: the bar moves forward with each step of the reading let go (%s)" %
              shown(seen))
        click_button(w, dlg, 'Cancel')
        err = wait(lambda: [d for d in w.dialogs() if d.get_name() != 'Reading the trace'], 30)
        texts = [text_of(lb) for lb in w.all(role='label', root=err[0])] if err else []
        check(err and any(t == 'reading canceled' for t in texts),
              "cancel: Cancel stops the reading, an error dialog says 'reading canceled'", texts)
        if err:
            click_button(w, err[0], 'Close')
            wait(lambda: not w.dialogs(), 5)
        check(w.alive() and not w.dialogs() and w.one('Status', 'label') is None,
              "cancel: the program stays up, no dialog, no trace open")
    finally:
        st = w.quit()
    check(st == 1, "cancel: Ctrl+Q, exit status 1: the trace named was not opened (%s)" % st)
    with open(os.path.join(out, 'cancel.log')) as f:
        log = f.read()
    check('tracevisualizer-gtk: reading canceled\n' in log, "cancel: stderr says it", log[-300:])


def status_events(s):
    m = re.search(r'   (\d+) events in the window', s)
    return int(m.group(1)) if m else None


def search(w, expr):
    """Ctrl+F, the expression, Enter; the 'Working' dialog, if seen"""
    w.focus()
    w.key('ctrl+f')
    entry = w.wait_one('Search expression', 'text')
    if entry is None:
        return None
    w.key('ctrl+a')
    w.type(expr)
    w.key('Return')
    return wait(lambda: find_dialog(w, 'Working') or
                ('no match' in w.status() and 'x'), 60)


def latency(w, nlat):
    """the Latency tab's pass, held, moved forward a step, canceled, then
    computed again to its end"""
    def summary():
        lab = w.one('Latency summary', 'label')
        return text_of(lab) if lab is not None else ''
    hold()
    tab = w.one('Latency', 'page tab')
    tab.get_parent().select_child(tab.get_index_in_parent())
    dlg = wait(lambda: find_dialog(w, 'Working') or ('instances' in summary() and 'x'), 60)
    if not check(dlg is not None and dlg != 'x', "latency: a 'Working' dialog while the pass "
                 "is held", summary()):
        return
    bar = bar_of(w, dlg)
    want = 'Latencies (wakeup): a pass over the trace'
    check(bar is not None and bar_text(bar) == want,
          "latency: a 'Working' dialog, its bar says '%s'" % want, bar and bar_text(bar))
    seen = steps(w, 'Working', bar, 2)
    check(len(seen) == 2 and forward(seen),
          "latency: the bar moves forward with a step of the pass let go (%s)" % shown(seen))
    click_button(w, dlg, 'Cancel')
    st = wait(lambda: summary() if 'Canceled' in summary() or 'instances' in summary() else None, 60)
    again = w.one('Compute again', 'push button')
    groups = w.one('Latency groups', 'tree table')
    check(st == 'Canceled: the latencies were not computed to the end' and again is not None and
          groups is not None and not groups.get_n_rows(),
          "latency: Cancel ends it, the tab says so, no group, 'Compute again' offered", st)
    let_go()
    click_button(w, w.app(0), 'Compute again')
    wait(lambda: find_dialog(w, 'Working') is None and 'instances' in summary(), 120)
    want = 'wakeup to run, and preempted to run again: %d instances' % nlat
    check(summary() == want and w.one('Compute again', 'push button') is None,
          "latency: computed again to its end: '%s'" % want, summary())


def read_and_search(prog, big, events, out, nlat):
    """reading, held, moved forward a step, then let go to its end; a
    search held, moved forward, canceled, then one let go to its end; the
    latencies the same"""
    hold()
    w = start(prog, big, out, 'search')
    try:
        if not check(w.app() is not None, "read: the program shows up on the accessibility bus"):
            return
        dlg = wait(lambda: find_dialog(w, 'Reading the trace'), 60)
        bar = dlg and bar_of(w, dlg)
        seen = steps(w, 'Reading the trace', bar, 2) if bar is not None else []
        let_go()
        gone = wait(lambda: find_dialog(w, 'Reading the trace') is None, 120)
        st = w.wait_status(r'events in the window', 30)
        check(gone and forward(seen) and len(seen) == 2,
              "read: the bar moves forward (%s), then, let go, the dialog goes" % shown(seen))
        check(st.endswith('   lost 0'), "read: no warning (a bar would say why)", st)
        check(status_events(st) == events,
              "read: the status bar counts the trace's %d events in the window" % events, st)
        cursor = st.split('   ')[0]

        expr = 'pid == 99999'
        hold()
        got = search(w, expr)
        if not check(got is not None and got != 'x', "search: a 'Working' dialog while the "
                     "search is held", w.status()):
            return
        bar = bar_of(w, got)
        check(bar is not None and bar_text(bar) == 'searching the trace',
              "search: a 'Working' dialog, its bar says 'searching the trace'",
              bar and bar_text(bar))
        seen = steps(w, 'Working', bar, 2)
        click_button(w, got, 'Cancel')
        st = w.wait_status(r'search canceled|no match', 60)
        check(len(seen) == 2 and forward(seen),
              "search: the bar moves forward with a step of the search let go (%s)" % shown(seen))
        check('search canceled' in st and st.startswith(cursor + '   '),
              "search: Cancel ends it, 'search canceled', the cursor where it was", st)
        check(wait(lambda: find_dialog(w, 'Working') is None, 10), "search: the dialog goes")

        w.focus()
        w.key('Escape')
        let_go()
        got = search(w, expr)
        if got is not None and got != 'x':
            wait(lambda: find_dialog(w, 'Working') is None, 120)
        st = w.wait_status(r'no match', 120)
        check(re.search(r'no match after the (cursor|selected event) for: %s$' % re.escape(expr),
                        st), "search: let go, to its end, 'no match after the ... for: %s'" % expr,
              st)
        w.focus()
        w.key('Escape', 'w')
        st2 = w.wait_status(lambda s: status_events(s) not in (None, events), 15)
        check(status_events(st2) is not None and status_events(st2) < events,
              "W zooms in afterwards: fewer events in the window", st2)
        latency(w, nlat)
    finally:
        st = w.quit(60)
    check(st == 0, "read: Ctrl+Q, exit status 0 (%s)" % st)


def close_while_searching(prog, big, events, out):
    """Ctrl+W and Enter typed at once in the search bar: the search starts
    before the tab's closing is done, which then comes in the middle of it
    (the search runs the main loop to show its progress); the search,
    held, ends only canceled: the tab closed after it, the program stays
    up (freed under the search, the document took the program down when
    the search returned)"""
    let_go()
    w = start(prog, big, out, 'close')
    try:
        if not check(w.app() is not None, "close: the program shows up on the accessibility bus"):
            return
        st = w.wait_status(r'events in the window', 120)
        check(status_events(st) == events, "close: the trace read", st)
        hold()
        w.focus()
        w.key('ctrl+f')
        w.wait_one('Search expression', 'text')
        w.type('pid == 99999')
        t0 = time.time()
        w.xdo('key', '--delay', '0', 'ctrl+w', 'Return')
        gone = wait(lambda: w.one('Status', 'label') is None, 60)
        took = time.time() - t0
        check(gone and w.alive() and not w.dialogs(),
              "close: Ctrl+W with a search starting (held): the tab closes (%.2f s), no dialog "
              "left, the program up" % took)
    finally:
        st = w.quit()
    check(st == 0, "close: Ctrl+Q, exit status 0 (%s)" % st)


PATHS_BAR = "Finding the causal paths (the messages, then each hop's time)"


def paths_search(prog, big, events, out):
    """the Paths tab's search, held, moved forward a step, canceled, run
    again and closed while it runs (held, it is still running when
    Cancel, then Ctrl+W, come, whatever the machine's speed); then, in
    another run, let go to its end"""
    let_go()
    w = start(prog, big, out, 'paths')
    try:
        if not check(w.app() is not None, "paths: the program shows up on the accessibility bus"):
            return
        st = w.wait_status(r'events in the window', 120)
        check(status_events(st) == events, "paths: the trace read", st)
        hold()
        tab = w.one('Paths', 'page tab')
        tab.get_parent().select_child(tab.get_index_in_parent())
        dlg = wait(lambda: find_dialog(w, 'Working') or
                   (w.one('Paths message') is not None and
                    text_of(w.one('Paths message')).startswith('No messages') and 'x'), 180)
        if not check(dlg is not None and dlg != 'x', "paths: a 'Working' dialog while the "
                     "search is held"):
            return
        bar = bar_of(w, dlg)
        check(bar is not None and bar_text(bar) == PATHS_BAR,
              "paths: a 'Working' dialog, its bar says what it does", bar and bar_text(bar))
        seen = steps(w, 'Working', bar, 2)
        click_button(w, dlg, 'Cancel')
        msg = wait(lambda: text_of(w.one('Paths message')) if w.one('Paths message') is not None and
                   not text_of(w.one('Paths message')).startswith('Finding') else None, 60)
        check(len(seen) == 2 and forward(seen),
              "paths: the bar moves forward with a step of the search let go (%s)" % shown(seen))
        check(msg == "Canceled: the paths were not searched for to the end.",
              "paths: Cancel ends it, the tab says so", msg)
        check(wait(lambda: find_dialog(w, 'Working') is None, 10), "paths: the dialog goes")
        again = w.wait_one('Find the paths', 'push button', timeout=10)
        check(again is not None, "paths: a button 'Find the paths'")
        if again is not None:
            # Space on it and Ctrl+W at once: the search starts, the tab's
            # closing comes in the middle of it (as close_while_searching())
            w.focus()
            w.grab(again)
            w.xdo('key', '--delay', '0', 'space', 'ctrl+w')
            gone = wait(lambda: w.one('Status', 'label') is None, 60)
            check(gone and w.alive() and not w.dialogs(),
                  "paths: 'Find the paths' and Ctrl+W at once: the search canceled, the tab "
                  "closed, no dialog left, the program up")
    finally:
        st = w.quit()
    check(st == 0, "paths: Ctrl+Q, exit status 0 (%s)" % st)
    # the search to its end, let go
    let_go()
    w = start(prog, big, out, 'paths2', ['--view', 'paths'])
    try:
        msg = wait(lambda: text_of(w.one('Paths message')) if w.app(5) and w.one('Paths message') is not None and
                   text_of(w.one('Paths message')).startswith('No messages') else None, 300)
        check(msg, "paths: to its end: no messages in this trace, said", msg)
    finally:
        st = w.quit()
    check(st == 0, "paths: Ctrl+Q, exit status 0 (%s)" % st)


def main():
    prog, big, events, out = sys.argv[1:5]
    what = sys.argv[5] if len(sys.argv) > 5 else 'all'
    nlat = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    if not HOLD or not RELEASE:
        print("FAIL LTTR_TEST_HOLD_PROGRESS and LTTR_TEST_HOLD_RELEASE are the test's to set")
        return
    if what in ('all', 'cancel'):
        cancel_reading(prog, big, out)
    if what in ('all', 'search'):
        read_and_search(prog, big, int(events), out, nlat)
    if what in ('all', 'close'):
        close_while_searching(prog, big, int(events), out)
    if what in ('all', 'paths'):
        paths_search(prog, big, int(events), out)
    print("DONE")


if __name__ == '__main__':
    main()
