#!/usr/bin/python3
"""gtklesson.py - a lesson's steps in the window (tracevisualizer-gtk
--lesson, issue 35), as a person uses them (tests/host/gtk-lesson.t): the
side panel read through AT-SPI (the lesson's title, "Step N of M: title",
the step's text), its Next and Previous buttons clicked and the keys } and
{ pressed, each step's cursor, window and highlighted rows read back from
the status bar against the lesson file's values (CURSOR_NS: the first
fs_close's time, from dump); Previous greyed at the first step, Next at the
last.

  gtklesson.py PROG LESSON TRACE CURSOR_NS OUTDIR

Prints PASS/FAIL lines and DONE (tap.sh, checks()).
"""
import os
import sys

from gtkdrive import Window, check, fmt_dur, fmt_time, text_of, wait


def sensitive(acc):
    from gi.repository import Atspi
    return acc is not None and acc.get_state_set().contains(Atspi.StateType.SENSITIVE)


def main():
    prog, lesson, trace, cursor_ns, out = sys.argv[1:6]
    cursor_ns = int(cursor_ns)
    w = Window(prog, ['--size', '1280x800', '--lesson', lesson, trace],
               log=os.path.join(out, 'gtk-lesson.log'))
    try:
        if not w.up("the window is up on the lesson's trace"):
            return
        title = w.wait_one('Lesson', 'label')
        head = w.wait_one('Lesson step', 'label')
        text = w.wait_one('Lesson text', 'label')
        nxt = w.one('Next', 'push button')
        prev = w.one('Previous', 'push button')
        check(title is not None and text_of(title) == 'Lesson: A test lesson',
              "the panel: the lesson's title", title and text_of(title))
        step1 = "cursor %s   window %s   " % (fmt_time(1000000), fmt_dur(200000))
        st = w.wait_status(lambda s: s.startswith(step1))
        check(head is not None and text_of(head) == 'Step 1 of 2: One' and
              text_of(text) == 'The first step: 1 ms into the trace, a window of 200 us.' and
              st.startswith(step1) and 'filter' not in st,
              "step 1: its title and text; the cursor at 1 ms, the window 200 us", st)
        check(nxt is not None and prev is not None and sensitive(nxt) and not sensitive(prev),
              "Next and Previous buttons, Previous greyed at the first step")
        w.action(nxt)
        step2 = "cursor %s   window %s   " % (fmt_time(cursor_ns), fmt_dur(100000))
        st = w.wait_status(lambda s: s.startswith(step2))
        check(st.startswith(step2) and 'filter (dim): pid == 200' in st and
              wait(lambda: text_of(head) == 'Step 2 of 2: Two', 5),
              "Next: step 2, the cursor at the first fs_close (%d ns), 100 us, pid 200's rows "
              "highlighted" % cursor_ns, st)
        check(not sensitive(nxt) and sensitive(prev), "Next greyed at the last step")
        w.focus()
        w.grab(w.one('Control flow graph'))
        w.key('braceleft')
        st = w.wait_status(lambda s: s.startswith(step1) and 'filter' not in s)
        check(st.startswith(step1) and 'filter' not in st and text_of(head) == 'Step 1 of 2: One',
              "{: step 1 again, the highlight gone", st)
        w.key('braceright')
        st = w.wait_status(lambda s: s.startswith(step2))
        check(st.startswith(step2) and text_of(head) == 'Step 2 of 2: Two', "}: step 2 again", st)
        w.action(prev)
        st = w.wait_status(lambda s: s.startswith(step1))
        check(st.startswith(step1) and text_of(head) == 'Step 1 of 2: One', "Previous: step 1",
              st)
    except Exception as e:  # a step that could not run: a failure, said
        check(False, "the checker ran every step", repr(e))
    finally:
        w.quit()
        print("DONE")


if __name__ == '__main__':
    main()
