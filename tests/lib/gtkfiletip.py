#!/usr/bin/python3
"""gtkfiletip.py - the control flow graph's tooltip names the file a
syscall works on (gtk/filetip.c, lttr_view_state_file();
tests/host/gtk-filetip.t): the pointer is put over a task's row inside a
syscall, and the tooltip's text (the graph's accessible description, as
graph.c says it) is compared with what dump --json of the same trace
says: the syscall's fs_* event names a descriptor, the last fs_open that
returned it in the task's process (or in the parent before the fork)
names the file.

  gtkfiletip.py PROG TRACE CELLS

Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks()).
"""
import json
import sys

from gtkdrive import Window, check, wait
from gtkwindow import LABEL_W, SIZE, Session, Trace, t_of


def syscall_of(ev, pid, t):
    """the events of @pid's syscall around @t: (entry, exit, its events)"""
    mine = [e for e in ev if e['pid'] == pid]
    entry = [e for e in mine if e['type'] == 'syscall_entry' and e['time_ns'] <= t][-1]
    exit_ = [e for e in mine if e['type'] == 'syscall_exit' and e['time_ns'] > t][0]
    inside = [e for e in mine if entry['time_ns'] < e['time_ns'] < exit_['time_ns']]
    return entry, exit_, inside


def file_of(ev, pids, fd, t):
    """the name of the last fs_open of @fd by @pids at or before @t, following
    forks back (dump's events); None when closed or never seen"""
    while True:
        last = [e for e in ev if e['pid'] in pids and e['time_ns'] <= t and
                e['type'] in ('fs_open', 'fs_close') and e['args'].get('fd') == fd]
        if last:
            return last[-1]['args']['filename'] if last[-1]['type'] == 'fs_open' else None
        fork = [e for e in ev if e['type'] == 'fork' and e['args']['child'] in pids and
                e['time_ns'] <= t]
        if not fork:
            return None
        pids, t = {fork[-1]['args']['parent']}, fork[-1]['time_ns']


def hover(s, pid, t):
    """the pointer over @pid's row at time @t; the tooltip's text"""
    x, _y, _wd, _ht, cw = s.geometry()
    px = int(LABEL_W + (t - s.vp.t0) / (s.vp.t1 - s.vp.t0) * cw)
    s.w.xdo('mousemove', '--sync', 5, 5)
    wait(lambda: not s.graph().get_description(), 3)
    s.w.xdo('mousemove', '--sync', x + px, s.row_y(pid))
    s.w.xdo('mousemove', '--sync', x + px + 1, s.row_y(pid))
    return px, t_of(s.vp, px + 1, cw), wait(lambda: s.graph().get_description(), 8) or ''


def main():
    prog, trace, cells = sys.argv[1:4]
    tr = Trace(trace)
    ev = tr.events
    w = Window(prog, SIZE + [trace])
    try:
        s = Session(w, tr, json.load(open(cells)))
        if not w.up():
            return
        s.focus_graph()
        # every syscall of the reader (pid 20) with an fs_* event, and one without
        cases = []
        for e in ev:
            if e['pid'] == 20 and e['type'] in ('fs_read', 'fs_write', 'fs_lseek'):
                cases.append(e)
        check(len(cases) >= 3, "the reader's syscalls on descriptors in the trace (%d)" %
              len(cases))
        for e in cases[:3]:
            entry, exit_, _inside = syscall_of(ev, 20, e['time_ns'])
            t = (entry['time_ns'] + exit_['time_ns']) // 2
            px, tp, got = hover(s, 20, t)
            entry, exit_, inside = syscall_of(ev, 20, tp)
            fds = [x['args']['fd'] for x in inside if 'fd' in x['args']]
            name = file_of(ev, {20}, fds[0], tp) if fds else None
            want = "file %s (fd %d)" % (name, fds[0]) if name else None
            lines = got.split('\n')
            check(want is not None and len(lines) > 2 and lines[2] == want and
                  lines[1].endswith(entry['args']['name']),
                  "the tooltip over the reader's %s at pixel %d (%s) names %s" %
                  (entry['args']['name'], px, lines[1] if len(lines) > 1 else '', want), got)
        # a state that works on no file: the sleep in nanosleep
        naps = [e for e in ev if e['pid'] == 20 and e['type'] == 'syscall_entry' and
                e['args']['name'] == 'nanosleep']
        if check(naps, "the reader sleeps in nanosleep"):
            _entry, exit_, _inside = syscall_of(ev, 20, naps[0]['time_ns'])
            _px, _tp, got = hover(s, 20, (naps[0]['time_ns'] + exit_['time_ns']) // 2)
            lines = got.split('\n')
            check(len(lines) > 2 and 'nanosleep' in lines[1] and lines[2].startswith('from '),
                  "over its nanosleep: no file line (the state, then from ... to ...)", got)
    finally:
        w.quit()
    print('DONE')


main()
