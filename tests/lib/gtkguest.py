#!/usr/bin/python3
"""gtkguest.py - checks of tests/guest/44-gtk.t on real traces: what the
window drew (the --dump-cells JSON of a screenshot, tests/lib/gtkpixels.py
checks its pixels) against the trace's own events, and the processes page
read back through AT-SPI against the command line's JSON.

  gtkguest.py share CELLS PID CAT FRACTION EVENTS WHAT
      the row of task PID: at least FRACTION of the columns inside the
      task's life show category CAT, and every column where one state
      clearly leads shows the state the task's events give (EVENTS: dump
      --json of its events, the switches to it and its wakeups)
  gtkguest.py alternate CELLS A B DUMP WHAT
      the rows of A and B (a pipe ping-pong on one CPU): in every column
      where neither row changes state, one runs (user, syscall, trap, irq
      or softirq) and the other waits (runnable or blocked in I/O), never
      both; every switch between them in the window (DUMP: dump --json of
      the window's schedchange events) has its line in the dump, at its
      time, and only those
  gtkguest.py zombie CELLS PID EVENTS WHAT
      the row of task PID, dead at its last switch out (prev_state 128)
      and reaped at its reap event (EVENTS: dump --json of them): every
      column inside that interval is 'zombie', every column after it
      'none', no column before it 'zombie'
  gtkguest.py cpu CELLS CAT FRACTION WHAT
      the resources graph: one CPU row is CAT in FRACTION of the columns
  gtkguest.py procs PROG TRACE JSONDIR PID
      the processes page (Alt+3's table, its page for PID and for all
      processes) against processes/threads/syscalls --json
      (tests/lib/gtkcheck.py)
Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks())."""
import json
import os
import subprocess
import sys

RUNS = {'user', 'syscall', 'trap', 'irq', 'softirq', 'kernel'}
WAITS = {'runnable', 'blocked io'}


def say(cond, what, detail=None):
    print("%s %s" % ("PASS" if cond else "FAIL", what))
    if not cond and detail:
        print("  %s" % detail)
    sys.stdout.flush()
    return cond


def cells(path):
    d = json.load(open(path))
    name = {c['cat']: c['name'] for c in d['categories']}
    rows = {r['id']: r for r in d['rows'] if r['kind'] == 'task'}
    return d, name, rows


def col_times(d, k):
    """the times [a, b) of column k"""
    t0, t1, n = d['t0_ns'], d['t1_ns'], d['columns']
    return t0 + (t1 - t0) * k // n, t0 + (t1 - t0) * (k + 1) // n


def share(path, pid, cat, frac, events, what):
    from tuicheck import check_row, task_spans
    d, name, rows = cells(path)
    r = rows.get(pid)
    if not say(r is not None, "%s: the row of %d is on the screen" % (what, pid)):
        return
    cols = [k for k in range(d['columns']) if name[r['cat'][k]] != 'none']
    got = [k for k in cols if name[r['cat'][k]] == cat]
    other = sorted(set(name[r['cat'][k]] for k in cols if k not in got))
    say(cols and len(got) >= frac * len(cols),
        "%s: %d of the %d columns of its life are '%s' (>= %.0f%%; the others: %s)" %
        (what, len(got), len(cols), cat, frac * 100, ', '.join(other) or 'none'))
    # every column where one state clearly leads, as the task's own events
    # give it (tuicheck.task_spans(), the TUI test's reading of the events)
    letter = {c['cat']: c['letter'] for c in d['categories']}
    row = ''.join(letter[c] for c in r['cat'])
    spans = task_spans(json.load(open(events))['events'], pid, d['t0_ns'], d['t1_ns'])
    check_row(lambda c, w: say(c, w), what, row, spans, d['t0_ns'], d['t1_ns'])


def alternate(path, a, b, dump, what):
    d, name, rows = cells(path)
    ra, rb = rows.get(a), rows.get(b)
    if not say(ra is not None and rb is not None, "%s: rows %d and %d on the screen" % (what, a, b)):
        return
    clean = [k for k in range(d['columns']) if not ra['changes'][k] and not rb['changes'][k]]
    pairs = [(name[ra['cat'][k]], name[rb['cat'][k]]) for k in clean]
    bad = [(k, p) for k, p in zip(clean, pairs)
           if not ((p[0] in RUNS and p[1] in WAITS) or (p[1] in RUNS and p[0] in WAITS))]
    runs_a = sum(1 for p in pairs if p[0] in RUNS)
    say(len(clean) >= 50 and not bad and 0 < runs_a < len(clean),
        "%s: in each of the %d columns without a change one side runs and the other waits "
        "(%d: %d runs, %d: %d)" % (what, len(clean), a, runs_a, b, len(clean) - runs_a),
        "%d columns otherwise: %s" % (len(bad), bad[:6]))
    ev = json.load(open(dump))['events']
    want = sorted(e['time_ns'] for e in ev if e['type'] == 'schedchange' and
                  {e['pid'], e['args']['next_pid']} == {a, b} and
                  d['t0_ns'] <= e['time_ns'] <= d['t1_ns'])
    got = sorted(li['time_ns'] for li in d['links'] if li['kind'] == 'switch' and
                 {li['from'], li['to']} == {a, b})
    say(len(want) >= 10 and got == want,
        "%s: a switch line at each of the %d switches between them (dump --json), and no other"
        % (what, len(want)), "lines at %s\n  switches at %s" % (got[:8], want[:8]))


def cpu(path, cat, frac, what):
    d, name, _rows = cells(path)
    best = None
    for r in d['rows']:
        if r['kind'] != 'cpu':
            continue
        n = sum(1 for c in r['cat'] if name[c] == cat)
        if best is None or n > best[1]:
            best = (r['label'], n)
    say(best is not None and best[1] >= frac * d['columns'],
        "%s: a CPU row ('%s') is '%s' in %d of %d columns (>= %.0f%%)" %
        (what, best and best[0], cat, best[1] if best else 0, d['columns'], frac * 100))


def procs(prog, trace, jdir, pid):
    import gtkcheck as g
    g.JDIR = jdir
    procs_, threads = g.load('processes.json')['processes'], g.load('threads.json')['threads']
    data = (procs_, threads, g.load('syscalls.json'), g.load('opens.json')['events'])
    env = dict(os.environ)
    env.pop('NO_AT_BRIDGE', None)
    gui = subprocess.Popen([prog, '--size', '1280x1000', '--view', 'processes', trace], env=env)
    try:
        app = g.find_app()
        if not say(app is not None, "the program shows up on the accessibility bus"):
            return
        t = g.wait_for(lambda: g.find(app, 'tree table', 'Processes table'))
        if not say(t is not None and t.get_n_rows() > 0, "the processes table is there"):
            return
        s = g.check_table(app, t, procs_, threads)
        g.check_page(app, t, s, 'proc', pid, data)
        g.check_page(app, t, g.structure(t), 'all', 0, data)
    finally:
        gui.terminate()
        try:
            gui.wait(10)
        except subprocess.TimeoutExpired:
            gui.kill()


def zombie(path, pid, events, what):
    d, name, rows = cells(path)
    r = rows.get(pid)
    if not say(r is not None, "%s: the row of %d is on the screen" % (what, pid)):
        return
    ev = json.load(open(events))['events']
    dead = [e['time_ns'] for e in ev if e['type'] == 'schedchange' and e['pid'] == pid and
            e['args']['prev_state'] & 128]
    reap = [e['time_ns'] for e in ev if e['type'] == 'reap' and e['args']['pid'] == pid]
    if not say(len(dead) == 1 and len(reap) == 1 and dead[0] < reap[0],
               "%s: %d's last switch out, then its reap (%s, %s)" % (what, pid, dead, reap)):
        return
    a, b = dead[0], reap[0]
    want = {}
    for k in range(d['columns']):
        c0, c1 = col_times(d, k)
        if a <= c0 and c1 <= b:
            want[k] = 'zombie'
        elif c0 >= b:
            want[k] = 'none'
        elif c1 <= a:
            want[k] = 'before'
    inside = [k for k, w in want.items() if w == 'zombie']
    bad = [(k, w, name[r['cat'][k]]) for k, w in sorted(want.items())
           if ((name[r['cat'][k]] == 'zombie') if w == 'before' else name[r['cat'][k]] != w)]
    say(len(inside) >= 10 and not bad,
        "%s: the %d columns between its death and its reap are 'zombie', those after it "
        "'none', none before (%d columns checked)" % (what, len(inside), len(want)),
        "columns otherwise: %s" % bad[:6])


def main():
    a = sys.argv[1:]
    if a[0] == 'share':
        share(a[1], int(a[2]), a[3], float(a[4]), a[5], a[6])
    elif a[0] == 'alternate':
        alternate(a[1], int(a[2]), int(a[3]), a[4], a[5])
    elif a[0] == 'zombie':
        zombie(a[1], int(a[2]), a[3], a[4])
    elif a[0] == 'cpu':
        cpu(a[1], a[2], float(a[3]), a[4])
    elif a[0] == 'procs':
        procs(a[1], a[2], a[3], int(a[4]))
    print("DONE")


if __name__ == '__main__':
    main()
