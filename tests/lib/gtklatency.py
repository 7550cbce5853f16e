#!/usr/bin/python3
"""gtklatency.py - tracevisualizer-gtk's Latency and Critical path tabs
(gtk/latency.c, gtk/critpath.c) used as a person uses them and read back
through AT-SPI and the screen's pixels, against the command line's JSON
and text of the same trace.

  gtklatency.py window PROG TRACE JSONDIR CELLS
      the window on TRACE (--view latency): JSONDIR holds latency --json
      and text of the kinds (K.json, K.txt: --worst 10 --explain; K.thr.json:
      with --threshold 20us) and CELLS a --dump-cells of the trace (the
      control flow's rows)
  gtklatency.py warned PROG TRACE
      the window on a damaged TRACE (--view latency): the tab's summary
      says its figures may be wrong, as many warnings as the bar above
  gtklatency.py png PNG LATENCY_JSON
      a --screenshot of the Latency tab: its histogram's bars are those of
      the first group of LATENCY_JSON (the first sub-kind's total)

Run inside a D-Bus session and an X server (dbus-run-session -- xvfb-run
-a ...) with Debian's python3.  Prints PASS/FAIL lines and DONE
(tests/lib/tap.sh, checks())."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtkdrive import check as say  # noqa: E402
from gtkhist import check_bars  # noqa: E402
from tuilatency import cli_worst, group_label, tree  # noqa: E402

PATH = (89, 0, 140)         # graph.c's critical path over the control flow (0.35, 0, 0.55)
BUCKETS = 64


def png_main(png, jpath):
    from PIL import Image
    j = json.load(open(jpath))
    g = [x for x in j['groups'] if x['level'] == 'all'][0]
    hist = g['distribution']['log2_hist']
    check_bars(Image.open(png).convert('RGB'), hist + [0] * (BUCKETS - len(hist)),
               "the screenshot's histogram of %s" % group_label(j, g))
    print("DONE")


def figures(g, over):
    d = g['distribution']
    v = [str(d['count'])] + ["%.3f" % (d[k] / 1e3) for k in
                             ('min_ns', 'mean_ns', 'p50_ns', 'p90_ns', 'p99_ns', 'p999_ns',
                              'max_ns', 'stddev_ns')]
    return v + ([str(g['over'])] if over else [])


# ---- the window ----

def window_main(prog, trace, jdir, cells):
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi  # noqa: F401
    from gtkdrive import Window, fmt_dur, fmt_time, screen, text_of, wait
    from gtkcheck import rows, select_row, selected_rows, action, find

    def load(name):
        with open(os.path.join(jdir, name)) as f:
            return json.load(f) if name.endswith('.json') else f.read()

    wk, sc = load('wakeup.json'), load('syscall.json')
    t0 = wk['trace']['start_ns']
    w = Window(prog, ['--size', '1280x1000', '--view', 'latency', trace],
               log=os.path.join(jdir, 'gtk.log'))

    def table(name):
        return w.one(name, 'tree table') or w.one(name, 'table')

    def label(name):
        x = w.one(name, 'label')
        return text_of(x) if x is not None else None

    def check_groups(j, what, over=False):
        t = wait(lambda: table('Latency groups') if table('Latency groups') is not None and
                 table('Latency groups').get_n_rows() == len(tree(j)) else None, 20)
        got = rows(t) if t is not None else []
        hdr = [t.get_column_header(c).get_name() for c in range(t.get_n_columns())] if t else []
        want = [[group_label(j, g)] + figures(g, over) for g, _d in tree(j)]
        whdr = ["group", "count", "min", "mean", "p50", "p90", "p99", "p99.9", "max", "stddev"] + \
            (["over"] if over else [])
        return say(got == want and hdr == whdr and want,
                   "%s: the table of groups (%s) equals latency --json's %d groups, each under "
                   "its total, every figure in us" % (what, ", ".join(hdr), len(want)),
                   "got  %s\nwant %s" % (got[:4], want[:4]))

    def check_worst(j, txt, what):
        g = [x for x in j['groups'] if x['level'] == 'all'][0]
        t = table('Worst instances')
        got = rows(t) if t is not None else []
        cli = cli_worst(txt, group_label(j, g))
        want = [[fmt_time(i['start_ns'] - t0), fmt_dur(i['duration_ns']),
                 "%d %s" % (i['pid'], i['name']), str(i['cpu']),
                 re.sub(r'^.* cpu \d+  ', '', c[0])] for i, c in zip(g['worst'], cli)]
        return say(got == want and len(want) == len(g['worst']) > 0,
                   "%s: its %d worst instances (start, duration, task, cpu, what: the "
                   "command line's words)" % (what, len(want)), "got  %s\nwant %s" % (got[:2], want[:2]))

    def check_explanation(j, txt, n, what):
        g = [x for x in j['groups'] if x['level'] == 'all'][0]
        e = g['worst'][n]['explanation']
        cli = cli_worst(txt, group_label(j, g))[n][1]
        words = [re.sub(r'^ +\d+\.\d{9} \+ *[\d.]+ us  ', '', l) for l in cli
                 if re.match(r'^ +\d+\.\d{9} \+', l)]
        tots = [re.sub(r'^ +[\d.]+ us +[\d.]+%  ', '', l) for l in cli
                if re.match(r'^ +[\d.]+ us +[\d.]+%  ', l)]
        t = wait(lambda: table('Explanation') if table('Explanation') is not None and
                 table('Explanation').get_n_rows() == 2 + len(e['totals']) + len(e['items'])
                 else None, 20)
        got = rows(t) if t is not None else []
        d = e['duration_ns']
        want = [["Totals (they add up to the %s)" % fmt_dur(d), fmt_time(e['start_ns'] - t0),
                 fmt_dur(d), "100%"]]
        want += [[tx, "", fmt_dur(o['ns']), "%.1f%%" % (100.0 * o['ns'] / d)]
                 for o, tx in zip(e['totals'], tots)]
        want += [["Pieces, in time order (%d)" % len(e['items']), fmt_time(e['start_ns'] - t0),
                  fmt_dur(d), ""]]
        want += [[wd, fmt_time(i['start_ns'] - t0), fmt_dur(i['duration_ns']), ""]
                 for i, wd in zip(e['items'], words)]
        k = len(e['totals']) + 2 + len(words)
        return say(len(tots) == len(e['totals']) and got[:k] == want and
                   len(got) == 2 + len(e['totals']) + len(e['items']) and
                   all(r[1] == fmt_time(i['start_ns'] - t0) and r[2] == fmt_dur(i['duration_ns'])
                       for r, i in zip(got[k - len(words):], e['items'])),
                   "%s: the explanation of instance %d: its totals and its %d pieces (the "
                   "command line's words), adding up to its %s" % (what, n + 1, len(e['items']),
                                                                     fmt_dur(d)),
                   "got  %s\nwant %s" % (got[:3], want[:3]))

    def check_path(cp, what):
        t = wait(lambda: table('Critical path segments') if table('Critical path segments')
                 is not None and table('Critical path segments').get_n_rows() == len(cp['segments'])
                 else None, 20)
        got = rows(t) if t is not None else []
        txt = subprocess.run(cp['cmd'], capture_output=True, text=True).stdout.split('\n')
        segs = [re.sub(r'^  \d+\.\d{9} \+ *[\d.]+ us ', '', l) for l in txt if l.startswith('  0.')]
        want = [[fmt_time(s['start_ns'] - t0), fmt_dur(s['duration_ns']), seg]
                for s, seg in zip(cp['segments'], segs)]
        tt = table('Critical path totals')
        gt = rows(tt) if tt is not None else []
        wt = [["%d %s" % (o['pid'], o['name']), o['state'], fmt_dur(o['ns']),
               "%.1f%%" % (100.0 * o['ns'] / cp['duration_ns']), str(o['count'])]
              for o in cp['totals']]
        title = label('Critical path title') or ''
        return say(got == want and len(want) == len(cp['segments']) and gt == wt and
                   title.startswith("Critical path of %d %s from %s to %s (%s)" %
                                    (cp['pid'], cp['name'], fmt_time(cp['from_ns'] - t0),
                                     fmt_time(cp['to_ns'] - t0), fmt_dur(cp['duration_ns']))),
                   "%s: the Critical path tab: its %d segments (start, duration, indented "
                   "segment as critical-path words it) and its totals" % (what, len(want)),
                   "title %s\ngot  %s\nwant %s\ntotals %s\nwant %s" % (title, got[:3], want[:3],
                                                                     gt[:2], wt[:2]))

    def critpath(pid, frm=None, to=None):
        cmd = ['tracevisualizer', 'critical-path', '--pid', str(pid)]
        if frm is not None:
            cmd += ['--from', "%.9f" % ((frm - t0) / 1e9), '--to', "%.9f" % ((to - t0) / 1e9)]
        cp = json.loads(subprocess.run(cmd + ['--json', trace], capture_output=True,
                                       text=True).stdout)['critical_path']
        cp['cmd'] = cmd + [trace]
        return cp

    def tab(name):
        x = w.one(name, 'page tab')
        return x is not None and x.get_parent().select_child(x.get_index_in_parent())

    def status():
        return w.status()

    try:
        if not say(w.app() is not None, "the program shows up on the accessibility bus"):
            return
        # --- the first kind, as the tab opens ---
        check_groups(wk, "wakeup")
        g = [x for x in wk['groups'] if x['level'] == 'all'][0]
        d = g['distribution']
        fig = label('Group figures')
        want = ("count %d   min %.3f   mean %.3f   p50 %.3f   p90 %.3f us\n"
                "p99 %.3f   p99.9 %.3f   max %.3f   stddev %.3f us") % (
            d['count'], d['min_ns'] / 1e3, d['mean_ns'] / 1e3, d['p50_ns'] / 1e3,
            d['p90_ns'] / 1e3, d['p99_ns'] / 1e3, d['p999_ns'] / 1e3, d['max_ns'] / 1e3,
            d['stddev_ns'] / 1e3)
        say(fig == want, "the first group chosen (wakeup (all tasks)), its figures above its histogram",
            "got  %s\nwant %s" % (fig, want))
        summ = label('Latency summary') or ''
        n = sum(x['distribution']['count'] for x in wk['groups'] if x['level'] == 'all')
        say(summ == "wakeup to run, and preempted to run again: %d instances" % n,
            "the summary: %s" % summ)
        check_worst(wk, load('wakeup.txt'), "wakeup")
        check_explanation(wk, load('wakeup.txt'), 0, "wakeup")
        # the histogram on the screen
        area = w.one('Latency distribution', 'drawing area')
        if area is not None:
            x, y, wd, ht = w.extents(area)
            hist = d['log2_hist'] + [0] * (BUCKETS - len(d['log2_hist']))
            check_bars(screen(x, y, wd, ht), hist, "the histogram on the screen")
        else:
            say(False, "the histogram's drawing area is on the accessibility bus")
        # another instance
        wt = table('Worst instances')
        select_row(wt, 1)
        check_explanation(wk, load('wakeup.txt'), 1, "wakeup, j")
        # double-click: the instance in the graphs
        i = g['worst'][1]
        m = max(i['duration_ns'] // 2, 1000)
        want = "cursor %s   window %s" % (fmt_time(i['start_ns'] - t0), fmt_dur(i['duration_ns'] + 2 * m))
        action(wt.get_accessible_at(1, 0), 'activate')
        st = w.wait_status(lambda s: s.startswith(want))
        say(st.startswith(want), "double-click on an instance: %s (the window around it, the "
            "cursor at its start)" % want, st)
        # sorted by count: each level in order, every row under its parent
        t = table('Latency groups')

        def by_count():
            got = rows(t)
            kids = [int(r[1]) for r in got[1:] if r[0][0].isdigit()]
            first = [r[0] for r in got if not r[0][0].isdigit()]
            return len(got) == len(tree(wk)) and first == sorted(first, key=lambda s: [
                x['distribution']['count'] for x in wk['groups'] if x['level'] == 'all' and
                group_label(wk, x) == s][0]) and kids[:6] == sorted(kids[:6])
        unsorted = not by_count()
        action(t.get_column_header(1), 'click')
        say(unsorted and wait(by_count, 10),
            "a click on 'count' sorts each level by count, the groups under their total "
            "(not so before)", rows(t)[:8])
        action(t.get_column_header(0), 'click')
        # a threshold
        e = w.one('Threshold', 'text')
        w.focus()
        w.grab(e)
        w.type('20us')
        w.key('Return')
        thr = load('wakeup.thr.json')
        check_groups(thr, "wakeup, threshold 20us", True)
        summ = wait(lambda: (label('Latency summary') or '') if 'over 20.000 us' in
                    (label('Latency summary') or '') else None, 10) or ''
        say(summ.endswith("; %d over 20.000 us" % len(thr['over'])),
            "the summary counts the instances over it: %s" % summ)
        # the syscalls (the kind chosen with the mouse)
        combo = w.one('Latency kind', 'combo box')
        x, y, wd, ht = w.extents(combo)
        w.click(x + wd // 2, y + ht // 2)
        it = wait(lambda: w.one('syscall', 'menu item'), 5)
        if it is not None:
            x, y, wd, ht = w.extents(it)
            w.click(x + wd // 2, y + ht // 2)
        sct = load('syscall.thr.json')
        check_groups(sct, "syscall, threshold 20us", True)
        check_worst(sc, load('syscall.txt'), "syscall")
        # a call blocked until a task woke it: double-click its blocked piece
        ws = [x for x in sc['groups'] if x['level'] == 'all'][0]['worst']
        n = [k for k, x in enumerate(ws) if any(p['type'] == 'blocked' and p['waker'] and
                                               p['waker']['task'] for p in x['explanation']['items'])][0]
        select_row(table('Worst instances'), n)
        check_explanation(sc, load('syscall.txt'), n, "syscall")
        items = ws[n]['explanation']['items']
        b = [k for k, p in enumerate(items) if p['type'] == 'blocked' and p['waker']['task']][0]
        et = table('Explanation')
        row = 2 + len(ws[n]['explanation']['totals']) + b
        action(et.get_accessible_at(row, 0), 'activate')
        check_path(critpath(items[b]['pid'], items[b]['start_ns'], items[b]['end_ns']),
                   "a blocked piece double-clicked (woken by %d %s)" %
                   (items[b]['waker']['pid'], items[b]['waker']['name']))
        # C on a task selected in the processes table
        tab('Processes')
        pt = wait(lambda: find(w.app(0), 'tree table', 'Processes table'))
        rs = rows(pt)
        r = [k for k, x in enumerate(rs) if x[0] == '111'][0] if any(x[0] == '111' for x in rs) else 1
        pid = int(rs[r][0])
        select_row(pt, r)
        page = wait(lambda: w.one(role='label', pred=lambda n: re.match(
            r'^(Process|Thread) %d ' % pid, n.get_name() or '') is not None), 10)
        say(page is not None, "task %d chosen in the processes table: its page's title names it"
            % pid, [text_of(x) for x in w.all(role='label')][:6] if page is None else None)
        w.focus()
        w.key('C')
        check_path(critpath(pid), "C on task %d (selected in the processes table)" % pid)
        # the process page's button
        tab('Processes')
        other = [k for k, x in enumerate(rows(pt)) if x[0] and x[0] != str(pid)][0]
        opid = int(rows(pt)[other][0])
        select_row(pt, other)
        btn = wait(lambda: w.one('Critical path', 'push button'), 5)
        if btn is not None:
            action(btn, 'click')
        check_path(critpath(opid), "the process page's Critical path button (%d)" % opid)
        # a segment chosen: the cursor at its start
        sg = table('Critical path segments')
        cp = critpath(opid)
        select_row(sg, 2)
        want = "cursor %s" % fmt_time(cp['segments'][2]['start_ns'] - t0)
        st = w.wait_status(lambda s: s.startswith(want))
        say(st.startswith(want), "a segment chosen: %s" % want, st)
        # the control flow's right click on a task's label
        rws = [(r['id'], r['label']) for r in json.load(open(cells))['rows'] if r['kind'] == 'task']
        g = w.one('Control flow graph')
        x, y, wd, ht = w.extents(g)
        k = 2
        w.click(x + 40, y + 22 + k * 18 + 9, button=3)
        it = wait(lambda: w.one(pred=lambda a: 'menu item' in a.get_role_name() and
                                (a.get_name() or '').startswith('Critical path of ')), 5)
        name = it.get_name() if it is not None else ''
        if it is not None:
            x, y, wd, ht = w.extents(it)
            w.click(x + wd // 2, y + ht // 2)
        say(name.startswith("Critical path of %d " % rws[k][0]),
            "right click on the control flow's row of %d: '%s'" % (rws[k][0], name))
        check_path(critpath(rws[k][0]), "its critical path (%d)" % rws[k][0])
        # drawn over the control flow, in dark violet, until unchecked
        x, y, wd, ht = w.extents(g)

        def violet():
            im = screen(x, y, wd, ht)
            px = im.load()
            return sum(1 for yy in range(0, ht, 2) for xx in range(0, wd, 2)
                       if px[xx, yy] == PATH)
        n = wait(violet, 5)
        box = w.one('Over the control flow', 'check box')
        if box is not None:
            action(box, 'click')
        m = wait(lambda: violet() == 0, 5)
        say(n and m, "the path drawn over the control flow (%s pixels of its colour), gone once "
            "'Over the control flow' is unchecked" % n)
        say(w.alive(), "the program is still running")
    finally:
        st = w.quit()
        say(st == 0, "Ctrl+Q: the program exits with status 0 (%s)" % st)
        print("DONE")


def warned_main(prog, trace):
    from gtkdrive import Window, text_of, wait
    w = Window(prog, ['--size', '1280x1000', '--view', 'latency', trace])
    try:
        def summary():
            x = w.one('Latency summary', 'label')
            return text_of(x) if x is not None else ''
        st = wait(lambda: summary() if 'instances' in summary() else None, 30) or ''
        bar = w.one('Warnings', 'label')
        n = re.match(r'^(\d+) warnings?: ', text_of(bar)) if bar is not None else None
        say(n and st.endswith("; the figures may be wrong: %s warning%s (the bar above)" %
                              (n.group(1), "" if n.group(1) == "1" else "s")),
            "a damaged trace: the Latency tab's summary says its figures may be wrong, as "
            "many warnings as the bar above (%s)" % (n.group(1) if n else None), st)
    finally:
        st = w.quit()
        say(st == 0, "Ctrl+Q: the program exits with status 0 (%s)" % st)
        print("DONE")


if __name__ == '__main__':
    if sys.argv[1] == 'warned':
        warned_main(*sys.argv[2:4])
    elif sys.argv[1] == 'png':
        png_main(*sys.argv[2:4])
    else:
        window_main(*sys.argv[2:6])
