#!/usr/bin/python3
"""gtklive.py - tracevisualizer-gtk --live DIR (gtk/live.c) as a person uses
it (tests/host/gtk-live.t): a trace written into DIR a step at a time by
livewrite.py, the window read through AT-SPI after each step (its title,
reason and status labels, the firings: a request's with its side and
peer, others without), keys by xdotool (Page_Up leaves the present, End
follows again), a screenshot at the end.

  gtklive.py PROG SRC DIR OUTDIR

Prints PASS/FAIL lines and DONE (tap.sh, checks()).
"""
import os
import re
import subprocess
import sys

from gtkdrive import Window, check, screen, text_of, wait

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    prog, src, dst, out = sys.argv[1:5]

    def lw(*a):
        subprocess.check_call(['python3', os.path.join(HERE, 'livewrite.py'), src, dst] + list(a))

    w = Window(prog, ['--size', '1000x600', '--live', dst], log=os.path.join(out, 'gtk-live.log'))

    def label(name):
        a = w.one(name, 'label')
        return text_of(a) if a is not None else ''

    def until(name, rx, timeout=15):
        wait(lambda: re.search(rx, label(name)) is not None, timeout)
        return label(name)

    try:
        check(w.app() is not None and w.wait_one('Live events') is not None,
              "the window is up on a directory that does not exist yet")
        r = until('Reason', r'^waiting: .*/header: no such directory yet')
        check('no such directory yet' in r, "no directory: waiting for traced, said", r)
        lw('dir')
        r = until('Reason', r'not a trace yet')
        check('not a trace yet (no header)' in r, "an empty directory: not a trace yet, said", r)
        lw('start')
        t = until('Live', r'  running$')
        check(t.endswith('  running'), "after START: running", t)
        lw('bytes', '68')
        s = until('Status', r'68 bytes being written$')
        check(s.endswith('0 events  0 new events  68 bytes being written') and
              not label('Reason').startswith('error'),
              "a buffer cut inside a record: waited for, no error", s)
        lw('buffers', '1')
        s = until('Status', r'^following  newest .*  10 events  10 new events$')
        check(re.search(r'^following  newest 0\.000007500  behind .*  10 events  10 new events$', s),
              "the first buffer: following, its newest event, 10 events", s)
        lw('buffers', '3')
        s = until('Status', r'  30 events  20 new events$')
        check(s.endswith('  30 events  20 new events'), "two buffers more: 30 events", s)
        w.focus()
        w.key('Page_Up')
        s = until('Status', r'^paused \(End: follow\)')
        check(s.startswith('paused (End: follow)'), "Page_Up: paused", s)
        lw('buffers', '6')
        s = until('Status', r'  61 events  31 new events below$')
        check(s.endswith('  61 events  31 new events below'),
              "three buffers more while paused: 31 new events below", s)
        w.key('End')
        s = until('Status', r'^following  newest 0\.000045100 ')
        check(s.startswith('following  newest 0.000045100 '), "End: following again", s)
        lw('firing', '{"seq":1,"rule":0,"line":1,"text":"on exec then snapshot","time_ns":1000045100,'
           '"start_ns":1000045100,"type":"exec","pid":101,"cpu":1,"comm":"live-marker","key":"",'
           '"values":[],"window_truncated":false,"suppressed_before":0,"actions":["snapshot"],'
           '"snapshot":{"dir":"snapshot-1","complete":true,"buffers":2,"dropped_events":0}}')
        f = until('Firings', r'^Firings \(1\)\n#1 ')
        exec_line = '#1  0.000045100  exec pid 101 live-marker:  snapshot snapshot-1  rule 1: on exec then snapshot'
        check(f == 'Firings (1)\n' + exec_line, "a firing as it comes: listed", f)
        # requests as traced writes them (on request(caller), on request(callee)): their
        # side and peer before the values, as the audit list shows them
        req = ('{"seq":%d,"rule":%d,"line":%d,"text":"on request(%s) then snapshot","time_ns":%d,'
               '"start_ns":%d,"type":"request","side":"%s","local":"%s","peer":"%s","pid":%d,"cpu":%d,'
               '"comm":"%s","key":"","values":[{"expr":"latency","value":%d}],"window_truncated":false,'
               '"suppressed_before":0,"actions":["snapshot"],"snapshot":{"dir":"snapshot-%d",'
               '"complete":true,"buffers":2,"dropped_events":0}}')
        caller = ('#2  0.000045200  request pid 101 live-marker: caller, peer 10.0.1.2:7201  latency=5200'
                  '  snapshot snapshot-2  rule 2: on request(caller) then snapshot')
        callee = ('#3  0.000045300  request pid 100 server: callee, peer 10.0.1.1:50854  latency=2300'
                  '  snapshot snapshot-3  rule 3: on request(callee) then snapshot')
        lw('firing', req % (2, 1, 2, 'caller', 1000045200, 1000040000, 'caller', '10.0.1.1:50854',
                            '10.0.1.2:7201', 101, 1, 'live-marker', 5200, 2))
        f = until('Firings', r'^Firings \(2\)\n')
        check(f == 'Firings (2)\n' + exec_line + '\n' + caller,
              "a request at its caller as it comes: caller, peer 10.0.1.2:7201 before its values", f)
        lw('firing', req % (3, 2, 3, 'callee', 1000045300, 1000043000, 'callee', '10.0.1.2:7201',
                            '10.0.1.1:50854', 100, 0, 'server', 2300, 3))
        f = until('Firings', r'^Firings \(3\)\n')
        check(f == 'Firings (3)\n' + exec_line + '\n' + caller + '\n' + callee,
              "a request at its callee: callee, peer 10.0.1.1:50854; the exec's firing still "
              "without a side or peer", f)
        lw('end')
        t = until('Live', r'ended \(complete\)$')
        check(t.endswith('  ended (complete)'), "the header with its end: ended (complete)", t)
        ext = w.one('Live events').get_parent().get_parent()
        try:
            e = w.app(0).get_child_at_index(0).get_extents(0)
            screen(e.x, e.y, e.width, e.height).save(os.path.join(out, 'gtk-live.png'))
        except Exception as ex:  # the screenshot is for a person: not a check
            print("# no screenshot: %r" % ex)
        del ext
    except Exception as e:  # a step that could not run: a failure, said
        check(False, "the checker ran every step", repr(e))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q: status 0", st)
        print("DONE")


if __name__ == '__main__':
    main()
