#!/usr/bin/python3
"""keyscheck.py - what the keys of tests/host/keys.t must do, from the
library's keymap and the command line (no front end involved).

  keyscheck.py both KEYMAP.md      the keys that hold in both front ends, a
                                   line each ("Left", "Ctrl+F", "."), from
                                   the table utest/test-keys --markdown prints
  keyscheck.py changes TRACE PID   the times (ns from the trace's start) at
                                   which task PID changes state, a line each
                                   (dump --json's events, tuicheck.task_spans)
  keyscheck.py events TRACE PID    the times of the events on task PID's row
  keyscheck.py fmt NS / dur NS     a time, a duration as the front ends
                                   print them (lttr_fmt_time, lttr_fmt_duration)
"""
import json
import re
import subprocess
import sys

from tuicheck import fmt_duration, fmt_time, task_spans


def both(md):
    out = []
    for line in open(md):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) != 4 or not cells[0].startswith('`'):
            continue
        if cells[2] != '-' and cells[3] == 'yes':
            out += re.findall(r'`([^`]+)`', cells[0])
    return out


def trace(path):
    s = json.loads(subprocess.check_output(['tracevisualizer', 'summary', '--json', path]))
    ev = json.loads(subprocess.check_output(['tracevisualizer', 'dump', '--json', path]))['events']
    return s['trace']['start_ns'], s['trace']['end_ns'], ev


def of_task(ev, pid):
    return [e for e in ev if e['pid'] == pid or e.get('args', {}).get('next_pid') == pid or
            (e['type'] == 'wakeup' and e.get('args', {}).get('pid') == pid)]


def changes(path, pid):
    start, end, ev = trace(path)
    spans = task_spans(of_task(ev, pid), pid, start, end)
    return [a - start for i, (a, _b, s) in enumerate(spans) if i and s != spans[i - 1][2]]


def main():
    cmd = sys.argv[1]
    if cmd == 'both':
        print('\n'.join(both(sys.argv[2])))
    elif cmd == 'changes':
        print('\n'.join(str(t) for t in changes(sys.argv[2], int(sys.argv[3]))))
    elif cmd == 'events':
        start, _end, ev = trace(sys.argv[2])
        print('\n'.join(sorted({str(e['time_ns'] - start) for e in of_task(ev, int(sys.argv[3]))},
                               key=int)))
    elif cmd == 'fmt':
        print(fmt_time(int(sys.argv[2])))
    elif cmd == 'dur':
        print(fmt_duration(int(sys.argv[2])))
    else:
        sys.exit("keyscheck.py: unknown command %s" % cmd)


if __name__ == '__main__':
    main()
