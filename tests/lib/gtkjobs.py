#!/usr/bin/python3
"""gtkjobs.py PROG TRACE JSONDIR CELLS - tracevisualizer-gtk's Jobs tab
(gtk/jobs.c) used as a person uses it, read back through AT-SPI and the
screen's pixels, against the command line's JSON of the same trace
(tests/lib/jobtrace.py's): JSONDIR holds none.json and dl.json (jobs
--json, without and with --deadline 4ms); CELLS a --dump-cells of the
window at the same size (the control flow's rows).  The table of the
instances, the summary, the graph's dots (response blue, missed red,
execution green) and the deadline's red line at the heights the library's
lttr_share_level() gives, the CPU load's bars per CPU and bin (jobs
--load --json --width N for the N pixels drawn), the deadline typed in,
a double-click on an instance and a click on a dot zooming the control
flow to the instance's span with its task's row selected, the other
name.  Run inside dbus-run-session -- xvfb-run; prints PASS/FAIL, DONE."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtkdrive import Window, check, fmt_dur, fmt_time, screen, text_of, wait  # noqa: E402
from gtkcheck import rows  # noqa: E402
from tuijobs import level  # noqa: E402

MARGIN, STRIP = 70, 24                 # gtk/jobs.c
BLUE, RED, GREEN = (0, 0, 217), (217, 0, 0), (0, 153, 0)
GREY, WHITE, SELECTED = (89, 89, 89), (255, 255, 255), (204, 224, 255)


def near(p, c, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(p, c))


def main():
    prog, trace, jdir, cells_f = sys.argv[1:5]
    none = json.load(open(os.path.join(jdir, 'none.json')))['jobs']
    dl = json.load(open(os.path.join(jdir, 'dl.json')))['jobs']
    cells = json.load(open(cells_f))
    w = Window(prog, ['--size', '1280x800', '--view', 'jobs', trace],
               log=os.path.join(jdir, 'gtk.log'))
    try:
        if not check(w.app() is not None and w.wait_one('Job instances') is not None,
                     "the window is up with the Jobs tab (--view jobs)"):
            return
        table(w, none, 'ctl', "no deadline")
        room(w, len([x for x in none['jobs'] if x['name'] == 'ctl']))
        summ = w.one('Jobs summary', 'label')
        nm = [n for n in none['names'] if n['name'] == 'ctl'][0]
        want = "%d instances, period %s" % (nm['count'], fmt_dur(nm['period_ns']))
        check(summ is not None and text_of(summ) == want, "the summary: %s" % want,
              text_of(summ) if summ is not None else None)
        graph(w, none, 'ctl', "no deadline")
        load(w, trace)
        # the deadline, typed in
        e = w.one('Deadline', 'text')
        x, y, wd, ht = w.extents(e)
        w.click(x + wd // 2, y + ht // 2)
        w.key('ctrl+a')
        w.type('4ms')
        w.key('Return')
        st = w.wait_status('deadline 4ms: 2 of 11 instances missed')
        check('deadline 4ms: 2 of 11 instances missed' in st, "the deadline typed in (4ms): "
              "2 of the 11 instances missed, said", st)
        table(w, dl, 'ctl', "deadline 4ms")
        graph(w, dl, 'ctl', "deadline 4ms")
        # a double-click on the third instance
        inst = [x for x in dl['jobs'] if x['name'] == 'ctl']
        t = w.one('Job instances')
        c = t.get_accessible_at(2, 1)
        x, y, wd, ht = w.extents(c)
        w.click(x + wd // 2, y + ht // 2, repeat=2)
        shown(w, cells, inst[2], "a double-click on the third instance")
        # the load of that window: the check box
        tab = w.one('Jobs', 'page tab')
        tab.get_parent().select_child(tab.get_index_in_parent())
        cb = w.wait_one('Load of the window')
        x, y, wd, ht = w.extents(cb)
        w.click(x + wd // 2, y + ht // 2)
        b, e = inst[2]['begin_ns'], inst[2]['begin_ns'] + inst[2]['response_ns']
        load(w, trace, "%d.%09d:%d.%09d" % (b // 10**9, b % 10**9, e // 10**9, e % 10**9))
        w.click(x + wd // 2, y + ht // 2)
        load(w, trace)
        # a click on the sixth's dot
        tab = w.one('Jobs', 'page tab')
        tab.get_parent().select_child(tab.get_index_in_parent())
        g = w.wait_one('Jobs graph')
        gx, gy, gw, gh = w.extents(g)
        ymax = max(nm['response']['max_ns'], dl['deadline_ns'])
        step = (gw - MARGIN - 10) / len(inst)
        w.click(gx + MARGIN + step * 5.5, gy + 10 + (gh - 24) - level(inst[5]['response_ns'], ymax, gh - 24))
        shown(w, cells, inst[5], "a click on the sixth instance's dot")
        # the other name
        tab = w.one('Jobs', 'page tab')
        tab.get_parent().select_child(tab.get_index_in_parent())
        combo = w.wait_one('Job name')
        combo.select_child(1)
        wait(lambda: w.one('Job instances').get_n_rows() == 3)
        table(w, dl, 'io', "the other name, io (chosen in the list)")
    finally:
        code = w.quit()
        check(code == 0, "Ctrl+Q: status 0", code)
        print("DONE")


def table(w, j, name, what):
    inst = [x for x in j['jobs'] if x['name'] == name]
    want = [[str(i + 1), fmt_time(x['begin_ns']), str(x['tid']), fmt_dur(x['response_ns']),
             fmt_dur(x['exec_ns']), fmt_dur(x['interference_ns']),
             "-" if not j['deadline_ns'] else "missed" if x['miss'] else "no"]
            for i, x in enumerate(inst)]
    t = wait(lambda: w.one('Job instances') if w.one('Job instances') is not None and
             rows(w.one('Job instances')) == want else None, 10)
    got = rows(w.one('Job instances')) if w.one('Job instances') is not None else []
    check(t is not None, "%s: the table of %s's %d instances (#, start, task, response, execution, "
          "interference, missed) is jobs --json's" % (what, name, len(want)),
          "got  %s\nwant %s" % (got[:3], want[:3]))


def room(w, n):
    """at 1280x800 every one of the @n instances' rows, the graph and the
    CPU load in sight: inside the window's main split (the panes above the
    legend, which clip the tables notebook)"""
    panes = max(w.all(role='split pane'), key=lambda p: w.extents(p)[3])
    px, py, pw, ph = w.extents(panes)
    t = w.one('Job instances')
    tx, ty, tw, th = w.extents(t)
    bottom = min(py + ph, ty + th)
    seen = 0
    for i in range(t.get_n_rows()):
        x, y, wd, ht = w.extents(t.get_accessible_at(i, 0))
        if y >= ty and y + ht <= bottom:
            seen += 1
    ax, ay, aw, ah = w.extents(w.one('CPU load'))
    gx, gy, gw, gh = w.extents(w.one('Jobs graph'))
    check(seen == n and ay + ah <= py + ph and gh >= 100,
          "at 1280x800 the table shows its %d rows (%d in sight), the CPU load is in sight "
          "(bottom %d, the panes' %d), the graph %d pixels high" % (n, seen, ay + ah, py + ph, gh))


def graph(w, j, name, what):
    g = w.wait_one('Jobs graph')
    gx, gy, gw, gh = w.extents(g)
    wait(lambda: near(screen(gx + MARGIN + 2, gy + gh - 14, 1, 1).getpixel((0, 0)), (77, 77, 77)), 5)
    im = screen(gx, gy, gw, gh)
    nm = [n for n in j['names'] if n['name'] == name][0]
    inst = [x for x in j['jobs'] if x['name'] == name]
    ymax = max(nm['response']['max_ns'], j['deadline_ns'] or 0)
    ph = gh - 24
    step = (gw - MARGIN - 10) / len(inst)
    bad = []
    for i, x in enumerate(inst):
        cx = int(MARGIN + step * (i + 0.5))
        ry = 10 + ph - level(x['response_ns'], ymax, ph)
        ey = 10 + ph - level(x['exec_ns'], ymax, ph)
        p = im.getpixel((cx, ry))
        if not near(p, RED if x['miss'] else BLUE):
            bad.append("instance %d's response at (%d, %d): %s" % (i + 1, cx, ry, p))
        if abs(ey - ry) > 6 and not near(im.getpixel((cx, ey)), GREEN):
            bad.append("instance %d's execution at (%d, %d): %s" % (i + 1, cx, ey,
                                                                  im.getpixel((cx, ey))))
    check(not bad, "%s: each instance's dot at its response's height (blue, red when missed) "
          "and its execution's (green)" % what, "\n".join(bad[:5]))
    if j['deadline_ns']:
        y = 10 + ph - level(j['deadline_ns'], ymax, ph)
        xs = [int(MARGIN + step * i) for i in range(1, len(inst))]
        check(all(near(im.getpixel((x, y)), RED, 60) for x in xs) and
              not near(im.getpixel((xs[0], y - 3)), RED, 60),
              "%s: the deadline's red line at y %d (between the dots)" % (what, y),
              [im.getpixel((x, y)) for x in xs])


def load(w, trace, window=None):
    """the load's strips (each CPU, then the two busiest tasks) against jobs
    --load --json for as many bins as pixels (over @window "A:B" in s, or
    the whole trace), and the title above them saying which"""
    a = w.wait_one('CPU load')
    ax, ay, aw, ah = w.extents(a)
    n = aw - MARGIN
    j = json.loads(subprocess.check_output(['tracevisualizer', 'jobs', '--load', '--json',
                                            '--width', str(n), trace] +
                                           (['--window', window] if window else [])))['load']
    what = "the whole trace" if j['whole'] else "the window %s s to %s s" % (
        fmt_time(j['from_ns']), fmt_time(j['to_ns']))
    t = wait(lambda: w.one('Load title') if w.one('Load title') is not None and
             text_of(w.one('Load title')) == "CPU load over " + what else None, 10)
    check(t is not None, "the load's title: CPU load over %s" % what,
          text_of(w.one('Load title')) if w.one('Load title') is not None else None)
    im = screen(ax, ay, aw, ah)
    strips = [(c['cpu'], "cpu%d" % c['cpu'], c['busy_ns'], c['unknown_ns']) for c in j['cpus']]
    strips += [(len(j['cpus']) + k, "%s-%d" % (tk['name'], tk['pid']), tk['ns'], [0] * n)
               for k, tk in enumerate(j['tasks'][:2])]
    bad = []
    for row, lab, v, unk in strips:
        y0 = row * (STRIP + 2)
        for i in range(n):
            h = level(v[i], j['bin_ns'][i], STRIP)
            col = RED if unk[i] else GREY
            x = MARGIN + i
            top = im.getpixel((x, y0 + STRIP - h)) if h else None
            above = im.getpixel((x, y0 + STRIP - h - 1)) if h < STRIP else None
            if (h and not near(top, col, 10)) or (above is not None and not near(above, WHITE, 10)):
                bad.append("%s bin %d: height %d, top %s, above %s" % (lab, i, h, top, above))
    check(not bad and n > 100 and len(strips) == len(j['cpus']) + 2,
          "the CPU load over %s: each CPU's and the two busiest tasks' %d bins drawn as bars of "
          "their share's height, as jobs --load --json --width %d%s gives them" %
          (what, n, n, " --window " + window if window else ""), "\n".join(bad[:6]))


def shown(w, cells, x, what):
    want = "cursor %s   window %s " % (fmt_time(x['begin_ns']), fmt_dur(x['response_ns']))
    st = w.wait_status(lambda s: s.startswith(want))
    sel = w.wait_one('Control flow graph')
    ok = st.startswith(want)
    if sel is not None:
        gx, gy, gw, gh = w.extents(sel)
        wait(lambda: near(screen(gx + 3, gy + [r for r in cells['rows'] if r['id'] == x['tid']][0]['y'] +
                                 cells['row_h'] // 2, 1, 1).getpixel((0, 0)), SELECTED, 6), 5)
        got = {}
        for r in cells['rows']:
            if r['kind'] == 'task':
                got[r['id']] = near(screen(gx + 3, gy + r['y'] + cells['row_h'] // 2, 1, 1)
                                    .getpixel((0, 0)), SELECTED, 6)
        ok = ok and got.get(x['tid']) and sum(got.values()) == 1
    check(ok, "%s: the control flow zoomed to its span (%s from %s), its task %d's row selected"
          % (what, fmt_dur(x['response_ns']), fmt_time(x['begin_ns']), x['tid']), st)


def many(prog, trace, jfile, log):
    """the graph of 5000 jobs (tests/lib/manyjobs.py's trace, jobs --json
    --deadline 100us in @jfile): a column per run of instances
    (lttr_jobs_columns(): at most one per 4 pixels), each drawn at its
    worst instance's response, red exactly where the run holds a miss; a
    click on the second miss's column zooms the control flow to it"""
    j = json.load(open(jfile))['jobs']
    inst = [x for x in j['jobs'] if x['name'] == 'ctl']
    w = Window(prog, ['--size', '1280x800', '--view', 'jobs', trace], log=log)
    try:
        if not check(w.app() is not None and w.wait_one('Job instances') is not None,
                     "5000 jobs: the window is up with the Jobs tab"):
            return
        e = w.one('Deadline', 'text')
        x, y, wd, ht = w.extents(e)
        w.click(x + wd // 2, y + ht // 2)
        w.key('ctrl+a')
        w.type('100us')
        w.key('Return')
        st = w.wait_status('deadline 100us: 3 of 5000 instances missed')
        check('deadline 100us: 3 of 5000 instances missed' in st, "5000 jobs: the deadline typed "
              "in, 3 missed", st)
        g = w.wait_one('Jobs graph')
        gx, gy, gw, gh = w.extents(g)
        m = (gw - MARGIN - 10) // 4
        n = len(inst)
        cols = [list(range(n * c // m, n * (c + 1) // m)) for c in range(m)]
        step = (gw - MARGIN - 10) / m
        ymax = max(x['response_ns'] for x in inst)
        wait(lambda: near(screen(gx + MARGIN + 2, gy + gh - 14, 1, 1).getpixel((0, 0)), (77, 77, 77)), 5)
        time_ok = wait(lambda: near(screen(gx + int(MARGIN + step * ([c for c, mm in enumerate(cols) if 1234 in mm][0] + 0.5)),
                                           gy + 10, 1, 1).getpixel((0, 0)), RED), 5)
        im = screen(gx, gy, gw, gh)
        bad, red = [], 0
        for c, mm in enumerate(cols):
            worst = max(inst[i]['response_ns'] for i in mm)
            miss = any(inst[i]['miss'] for i in mm)
            px = im.getpixel((int(MARGIN + step * (c + 0.5)), 10 + gh - 24 - level(worst, ymax, gh - 24)))
            red += near(px, RED)
            if not near(px, RED if miss else BLUE):
                bad.append("column %d: %s at its worst's height, want %s" % (c, px, "red" if miss else "blue"))
        check(not bad and red == 3 and time_ok is not None,
              "5000 jobs in %d columns: each its worst instance's dot, red exactly in the 3 "
              "columns with a miss" % m, "\n".join(bad[:5]))
        c = [c for c, mm in enumerate(cols) if 3001 in mm][0]
        x = inst[3001]
        w.click(gx + MARGIN + step * (c + 0.5), gy + 10 + (gh - 24) - level(x['response_ns'], ymax, gh - 24))
        want = "cursor %s   window %s " % (fmt_time(x['begin_ns']), fmt_dur(x['response_ns']))
        st = w.wait_status(lambda s: s.startswith(want))
        check(st.startswith(want), "5000 jobs: a click on the column of the miss #3002 zooms the "
              "control flow to it (%s from %s)" % (fmt_dur(x['response_ns']), fmt_time(x['begin_ns'])),
              st)
    finally:
        code = w.quit(30)      # a loaded machine: the exit may take a while
        check(code == 0, "5000 jobs: Ctrl+Q: status 0", code)


if __name__ == '__main__':
    if sys.argv[1] == '--many':
        many(*sys.argv[2:6])
        print("DONE")
    else:
        main()
