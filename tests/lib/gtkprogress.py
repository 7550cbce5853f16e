#!/usr/bin/python3
"""gtkprogress.py PROG BIG EVENTS OUTDIR [WHAT [LATENCY]] - the long operations of
tracevisualizer-gtk on a big trace (tests/host/gtk-progress.t), used as a
person uses them (keys and clicks by xdotool, read back through AT-SPI):

  - reading the trace named on the command line shows a "Reading the
    trace" dialog whose progress bar (named by the trace's directory)
    moves forward and never back; its Cancel button, clicked, stops the
    reading: an error dialog says "reading canceled", the program stays up
    with no trace open, and Ctrl+Q exits with status 1 (the trace named
    was not opened); stderr says the same;
  - read to its end, the dialog goes and the status bar counts EVENTS
    events in the window (tracevisualizer summary's "Events:"), and no
    warning;
  - a search that reads the whole trace (no event matches) shows a
    "Working" dialog after a moment, its bar says "searching the trace"
    and moves forward; Cancel ends it with "search canceled" in the
    status bar, the cursor where it was; the same search run to its end
    says "no match after the cursor" (or "selected event"); the keys work on afterwards
    (W zooms in);
  - the Latency tab, shown, computes the wakeup latencies: a "Working"
    dialog whose bar says so and moves forward; Cancel ends it, the tab
    says so and offers "Compute again", which computes them to the end:
    the summary counts LATENCY instances (latency --kind wakeup --json's);
    Ctrl+Q exits with status 0;
  - the Paths tab (--view paths), shown once the trace is read, searches
    for the paths: a "Working" dialog whose bar is named for what it does;
    Cancel ends it, the tab says so and offers "Find the
    paths"; Space on it and Ctrl+W at once close the tab (once the search
    it starts is canceled), the program stays up; in another run the
    search goes to its end: no messages in this trace, said.
WHAT: all, cancel, search, close, paths, or unheld (all but paths).
Should the reading, the search or the latencies end before their dialog
could be seen (a faster machine), the script prints TOOFAST and the test
retries a bigger trace; the paths' search is held instead
(LTTR_TEST_HOLD_PROGRESS, docs/testing.md) and never too fast.
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


def watch(w, dlg, bar, until, timeout=60):
    """the values the bar shows until until() (or the dialog goes)"""
    seen = []
    end = time.time() + timeout
    while time.time() < end:
        v = value(bar)
        if v is not None and (not seen or v != seen[-1]):
            seen.append(v)
        if until(seen) or find_dialog(w, dlg) is None:
            break
        time.sleep(0.05)
    return seen


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


def reading_dialog(w):
    """the reading's dialog once it shows; None when the trace was read
    before it could be seen (TOOFAST printed)"""
    dlg = wait(lambda: find_dialog(w, 'Reading the trace') or w.one('Status', 'label'), 60)
    if dlg is None or dlg.get_role_name() == 'label':
        print("TOOFAST the reading ended before its dialog was seen")
        return None
    return dlg


def cancel_reading(prog, big, out):
    """the reading canceled; False: it ended before its dialog was seen"""
    w = start(prog, big, out, 'cancel')
    try:
        if not check(w.app() is not None, "cancel: the program shows up on the accessibility bus"):
            return True
        dlg = reading_dialog(w)
        if dlg is None:
            return False
        bar = bar_of(w, dlg)
        check(bar is not None and bar_text(bar) == big,
              "cancel: a 'Reading the trace' dialog, its progress bar named by the trace",
              bar and bar_text(bar))
        seen = watch(w, 'Reading the trace', bar, lambda s: len(s) >= 3 and s[-1] > s[0])
        if find_dialog(w, 'Reading the trace') is None:
            print("TOOFAST the reading ended while its bar was watched")
            return False
        check(len(seen) >= 3 and seen[-1] > seen[0] and forward(seen),
              "cancel: the bar moves forward while the trace is read (%s)" %
              ", ".join("%.3f" % v for v in seen[:6]))
        click_button(w, dlg, 'Cancel')
        err = wait(lambda: [d for d in w.dialogs() if d.get_name() != 'Reading the trace'], 30)
        texts = [text_of(lb) for lb in w.all(role='label', root=err[0])] if err else []
        if not err and w.one('Status', 'label') is not None:
            print("TOOFAST the reading ended before Cancel was taken")
            return False
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
    return True


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
    """the Latency tab's pass canceled, then computed again to its end;
    False: too fast to be seen"""
    def summary():
        lab = w.one('Latency summary', 'label')
        return text_of(lab) if lab is not None else ''
    tab = w.one('Latency', 'page tab')
    tab.get_parent().select_child(tab.get_index_in_parent())
    def to_its_end(when):
        # the biggest trace, and still done too soon: what can be checked
        # is the result
        wait(lambda: 'instances' in summary() and find_dialog(w, 'Working') is None, 120)
        want = 'wakeup to run, and preempted to run again: %d instances' % nlat
        check(summary() == want,
              "latency: too fast on this machine to be canceled (%s); computed to its end: '%s'"
              % (when, want), summary())
        return True
    def pass_dialog():
        # the pass done, the tab goes on to explain the worst instances of
        # the group it shows, in a 'Working' dialog of its own: that one
        # says the pass ended before its dialog was seen
        d = find_dialog(w, 'Working')
        if d is not None:
            b = bar_of(w, d)
            if b is not None and (bar_text(b) or '').startswith('Explaining the worst of '):
                return 'x'
            return d
        return 'instances' in summary() and 'x'
    dlg = wait(pass_dialog, 60)
    if dlg is None or dlg == 'x':
        if os.environ.get('GTKPROGRESS_LAST'):
            return to_its_end("done before its dialog was seen")
        print("TOOFAST the latencies were computed before their dialog was seen")
        return False
    bar = bar_of(w, dlg)
    want = 'Latencies (wakeup): a pass over the trace'
    check(bar is not None and bar_text(bar) == want,
          "latency: a 'Working' dialog, its bar says '%s'" % want, bar and bar_text(bar))
    moved = lambda s: len(s) >= 2 and s[-1] > s[0]
    seen = watch(w, 'Working', bar, moved)
    if find_dialog(w, 'Working') is None and not ('instances' in summary()):
        # between two steps of the pass its dialog may go for a moment:
        # the next one is the same pass
        dlg = wait(lambda: find_dialog(w, 'Working'), 2)
        if dlg is not None and pass_dialog() != 'x':
            bar = bar_of(w, dlg)
            seen += watch(w, 'Working', bar, moved)
    if find_dialog(w, 'Working') is None or pass_dialog() == 'x':
        if os.environ.get('GTKPROGRESS_LAST'):
            return to_its_end("done before two values of its bar were seen")
        print("TOOFAST the latencies were computed while their bar was watched")
        return False
    dlg = find_dialog(w, 'Working')
    click_button(w, dlg, 'Cancel')
    st = wait(lambda: summary() if 'Canceled' in summary() or 'instances' in summary() else None, 60)
    if st and 'instances' in st:
        if os.environ.get('GTKPROGRESS_LAST'):
            return to_its_end("done before Cancel was taken")
        print("TOOFAST the latencies were computed before Cancel was taken")
        return False
    check(len(seen) >= 2 and seen[-1] > seen[0] and forward(seen),
          "latency: the bar moves forward (%s)" % ", ".join("%.3f" % v for v in seen[:6]))
    again = w.one('Compute again', 'push button')
    check(st == 'Canceled: the latencies were not computed to the end' and again is not None and
          not w.one('Latency groups', 'tree table').get_n_rows(),
          "latency: Cancel ends it, the tab says so, no group, 'Compute again' offered", st)
    click_button(w, w.app(0), 'Compute again')
    wait(lambda: find_dialog(w, 'Working') is None and 'instances' in summary(), 120)
    want = 'wakeup to run, and preempted to run again: %d instances' % nlat
    check(summary() == want and w.one('Compute again', 'push button') is None,
          "latency: computed again to its end: '%s'" % want, summary())
    return True


def read_and_search(prog, big, events, out, nlat):
    """reading to the end, then a search canceled and one to its end;
    False: too fast to be seen"""
    w = start(prog, big, out, 'search')
    try:
        if not check(w.app() is not None, "read: the program shows up on the accessibility bus"):
            return True
        dlg = reading_dialog(w)
        if dlg is None:
            return False
        seen = watch(w, 'Reading the trace', bar_of(w, dlg), lambda s: False, 120)
        gone = wait(lambda: find_dialog(w, 'Reading the trace') is None, 120)
        st = w.wait_status(r'events in the window', 30)
        check(gone and forward(seen) and len(seen) >= 2,
              "read: the bar moves forward (%d values, %.3f to %.3f), then the dialog goes" %
              (len(seen), seen[0] if seen else -1, seen[-1] if seen else -1))
        check(st.endswith('   lost 0'), "read: no warning (a bar would say why)", st)
        check(status_events(st) == events,
              "read: the status bar counts the trace's %d events in the window" % events, st)
        cursor = st.split('   ')[0]

        expr = 'pid == 99999'
        got = search(w, expr)
        if got is None or got == 'x':
            print("TOOFAST the search ended before its dialog was seen (%s)" % w.status())
            return False
        bar = bar_of(w, got)
        check(bar is not None and bar_text(bar) == 'searching the trace',
              "search: a 'Working' dialog, its bar says 'searching the trace'",
              bar and bar_text(bar))
        seen = watch(w, 'Working', bar, lambda s: len(s) >= 2 and s[-1] > s[0])
        if find_dialog(w, 'Working') is None:
            print("TOOFAST the search ended while its bar was watched")
            return False
        click_button(w, got, 'Cancel')
        st = w.wait_status(r'search canceled|no match', 60)
        if 'no match' in st:
            print("TOOFAST the search ended before Cancel was taken")
            return False
        check(len(seen) >= 2 and seen[-1] > seen[0] and forward(seen),
              "search: the bar moves forward (%s)" % ", ".join("%.3f" % v for v in seen[:6]))
        check('search canceled' in st and st.startswith(cursor + '   '),
              "search: Cancel ends it, 'search canceled', the cursor where it was", st)
        check(wait(lambda: find_dialog(w, 'Working') is None, 10), "search: the dialog goes")

        w.focus()
        w.key('Escape')
        got = search(w, expr)
        if got is not None and got != 'x':
            wait(lambda: find_dialog(w, 'Working') is None, 120)
        st = w.wait_status(r'no match', 120)
        check(re.search(r'no match after the (cursor|selected event) for: %s$' % re.escape(expr),
                        st), "search: run to its end, 'no match after the ... for: %s'" % expr, st)
        w.focus()
        w.key('Escape', 'w')
        st2 = w.wait_status(lambda s: status_events(s) not in (None, events), 15)
        check(status_events(st2) is not None and status_events(st2) < events,
              "W zooms in afterwards: fewer events in the window", st2)
        if not latency(w, nlat):
            return False
    finally:
        # the latencies of up to 100 M events are freed on the way out:
        # seconds on a loaded 2-core machine
        st = w.quit(60)
    check(st == 0, "read: Ctrl+Q, exit status 0 (%s)" % st)
    return True


def close_while_searching(prog, big, events, out):
    """Ctrl+W and Enter typed at once in the search bar: the search starts
    before the tab's closing is done, which then comes in the middle of it
    (the search runs the main loop to show its progress); the search is
    canceled and the tab closed after it, the program stays up (freed
    under the search, the document took the program down when the search
    returned)"""
    w = start(prog, big, out, 'close')
    try:
        if not check(w.app() is not None, "close: the program shows up on the accessibility bus"):
            return True
        st = w.wait_status(r'events in the window', 120)
        check(status_events(st) == events, "close: the trace read", st)
        w.focus()
        w.key('ctrl+f')
        w.wait_one('Search expression', 'text')
        w.type('pid == 99999')
        t0 = time.time()
        w.xdo('key', '--delay', '0', 'ctrl+w', 'Return')
        gone = wait(lambda: w.one('Status', 'label') is None, 60)
        took = time.time() - t0
        time.sleep(max(0, t0 + 3 - time.time()))   # the search would have ended
        check(gone and w.alive() and not w.dialogs(),
              "close: Ctrl+W with a search starting: the tab closes (%.2f s), no dialog left, "
              "the program up" % took)
    finally:
        st = w.quit()
    check(st == 0, "close: Ctrl+Q, exit status 0 (%s)" % st)
    return True


PATHS_BAR = "Finding the causal paths (the messages, then each hop's time)"


def paths_search(prog, big, events, out):
    """the Paths tab's search, canceled, run again to its end, then closed
    while it runs: the search held at a progress step until released
    (LTTR_TEST_HOLD_PROGRESS and LTTR_TEST_HOLD_RELEASE, set by the
    test; the release file created here), so that it is still running
    when Cancel, then Ctrl+W, come, whatever the machine's speed"""
    release = os.environ['LTTR_TEST_HOLD_RELEASE']
    if os.path.exists(release):
        os.unlink(release)
    w = start(prog, big, out, 'paths', ['--view', 'paths'])
    try:
        if not check(w.app() is not None, "paths: the program shows up on the accessibility bus"):
            return True
        dlg = wait(lambda: find_dialog(w, 'Working') or
                   (w.one('Paths message') is not None and
                    text_of(w.one('Paths message')).startswith('No messages') and 'x'), 180)
        if not check(dlg is not None and dlg != 'x', "paths: a 'Working' dialog while the "
                     "search is held"):
            return True
        bar = bar_of(w, dlg)
        check(bar is not None and bar_text(bar) == PATHS_BAR,
              "paths: a 'Working' dialog, its bar says what it does", bar and bar_text(bar))
        # (Cancel as soon as the bar shows: the bar's moving forward is the
        # reading's and the search's checks, the same dialog)
        seen = watch(w, 'Working', bar, lambda s: len(s) >= 1)
        click_button(w, dlg, 'Cancel')
        msg = wait(lambda: text_of(w.one('Paths message')) if w.one('Paths message') is not None and
                   not text_of(w.one('Paths message')).startswith('Finding') else None, 60)
        check(seen and forward(seen), "paths: the bar shows how far it is (%s)" %
              ", ".join("%.3f" % v for v in seen[:6]))
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
    # the search to its end, released
    open(release, 'w').close()
    w = start(prog, big, out, 'paths2', ['--view', 'paths'])
    try:
        msg = wait(lambda: text_of(w.one('Paths message')) if w.app(5) and w.one('Paths message') is not None and
                   text_of(w.one('Paths message')).startswith('No messages') else None, 300)
        check(msg, "paths: to its end: no messages in this trace, said", msg)
    finally:
        st = w.quit()
    check(st == 0, "paths: Ctrl+Q, exit status 0 (%s)" % st)
    return True


def main():
    prog, big, events, out = sys.argv[1:5]
    what = sys.argv[5] if len(sys.argv) > 5 else 'all'
    nlat = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    if what in ('all', 'unheld', 'cancel') and not cancel_reading(prog, big, out):
        return
    if what in ('all', 'unheld', 'search') and not read_and_search(prog, big, int(events), out, nlat):
        return
    if what in ('all', 'unheld', 'close'):
        close_while_searching(prog, big, int(events), out)
    if what in ('all', 'paths') and not paths_search(prog, big, int(events), out):
        return
    print("DONE")


if __name__ == '__main__':
    main()
