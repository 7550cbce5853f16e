#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""gtkvitals.py - tracevisualizer-gtk's Vital signs window (gtk/vitals.c)
against "tracevisualizer vitals --json --top 1000 DIR" (tests/host/gtk-vitals.t).

  gtkvitals.py window PROG DIR JSON SHOT.png
      --vitals DIR read as a person sees it, through AT-SPI and the
      screen's pixels: the title (epochs, skipped, missing); the epochs
      list, the flagged ones first with their symptoms (total, band), then
      the others in order; in the graph, each vital sign's colour at its
      epochs' places (x: the epoch's slot, y: its total among its own),
      none at the lost epoch's slot but a grey mark under the axis, a red
      ring around the flagged epoch's point; a click on an epoch lists
      exactly its samples (the JSON's labels with their sample counts,
      first times, tasks), the list's row of that epoch selected; Enter on
      the flagged epoch's row lists its samples, the flagged vital sign's
      first (they are last in the file); a click on the lost
      epoch says it has no file; the window saved in SHOT.png
      (and "Open the epoch in the trace" without a TRACEDIR: said)
  gtkvitals.py scales PROG DIR JSON J5MIN J1H J1DAY
      vitalsgen.py --series's 750 epochs of 2 min: t steps through the
      timescales (by epoch, 5 min, 1 h, 1 day, by epoch again): the
      graph's buckets and the list's rows as vitals --json --timescale's
      (the flagged ones first); by the hour the syscall line's points, the
      flagged hour ringed red, grey marks under the hours with epochs
      missing or skipped; a click on the flagged hour selects it and says
      its epochs, Enter goes into them (by epoch, the flagged epoch's
      samples listed); by the day , and . move to the anomalies
  gtkvitals.py trace PROG DIR TRACEDIR JSON T0 T1
      --vitals DIR TRACEDIR (vitalsgen.py --span's epochs on the trace's
      clock, T0..T1 its span): "Open the epoch in the trace" on the
      flagged epoch (the list's first): a new tab, the status bar's cursor
      in the epoch's middle and the window its length, the epoch's vital
      signs in the lesson panel; on the last epoch, after the trace: said
  gtkvitals.py bad PROG DIR
      a directory with a cut file and one of another version: the title
      counts them skipped, the warnings name the files
Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks()).
"""
import json
import re
import sys
import time

import gi
gi.require_version('Atspi', '2.0')
from gtkdrive import Window, check, wait, text_of, screen, fmt_dur, fmt_time  # noqa: E402
import vitalsgen  # noqa: E402

# gtk/vitals.c's colours (docs/views.md, "Vital signs")
RGB = {'cpu': (0.12, 0.47, 0.71), 'schedule-delay': (0.17, 0.63, 0.17),
       'blocking': (0.58, 0.40, 0.74), 'user-pages': (0.50, 0.50, 0.50),
       'syscall': (0.74, 0.74, 0.13), 'signal': (0.09, 0.75, 0.81)}
RED = (0.84, 0.10, 0.10)
GREY = (0.55, 0.55, 0.55)


def near(px, rgb, tol=8):
    return all(abs(p - round(c * 255)) <= tol for p, c in zip(px, rgb))


def focus_vitals(w):
    w.xdo('search', '--sync', '--onlyvisible', '--name', '^Vital signs: ', 'windowactivate',
          '--sync')


def table(w, name):
    return w.one(name, pred=lambda n: n.get_role_name() in ('table', 'tree table'))


def read(t):
    n, c = t.get_n_rows(), t.get_n_columns()
    return [[t.get_accessible_at(r, k).get_name() or '' for k in range(c)] for r in range(n)]


def symptoms(e):
    return ', '.join('%s %d %s outside %.0f .. %.0f' % (n, v['total'], v['unit'],
                                                          float(v['band_lo']), float(v['band_hi']))
                     for n, v in e['vitals'].items() if v['anomaly'])


def epoch_rows(j):
    es = j['epochs']
    order = [e for e in es if symptoms(e)] + [e for e in es if not symptoms(e)]
    return [[str(e['epoch']), '%.9f' % (e['start_ns'] / 1e9), str(e['samples']), symptoms(e)]
            for e in order]


def check_samples(w, e, how):
    """the samples list holds exactly epoch @e's samples (the JSON's)"""
    st = w.one('vitals-samples-title')
    want_t = 'epoch %d: %d sample%s, %d dropped' % (e['epoch'], e['samples'],
                                                   '' if e['samples'] == 1 else 's', e['dropped'])
    got_t = wait(lambda: text_of(st) if text_of(st).startswith(want_t) else None, 10)
    check(got_t is not None, "%s: the samples' title names epoch %d and its %d samples"
          % (how, e['epoch'], e['samples']), text_of(st))
    t = table(w, 'Samples list')
    rows = wait(lambda: read(t) if t.get_n_rows() == e['samples'] else None, 10) or read(t)
    check(len(rows) == e['samples'], "%s: %d rows, epoch %d's samples" %
          (how, e['samples'], e['epoch']), rows)
    groups = {}
    for r in rows:
        groups.setdefault((r[0], r[6]), []).append(r)
    want = {}
    for n, v in e['vitals'].items():
        for lb in v['top']:
            want[(n, lb['label'])] = lb
    got_n = {k: len(v) for k, v in groups.items()}
    want_n = {k: lb['samples'] for k, lb in want.items()}
    check(got_n == want_n, "%s: per vital sign and label, the JSON's number of samples"
          % how, "got %s\nwant %s" % (got_n, want_n))
    fl = [n for n, v in e['vitals'].items() if v['anomaly']]
    k = next((i for i, r in enumerate(rows) if r[0] not in fl), len(rows))
    check(all(r[0] in fl for r in rows[:k]) and all(r[0] not in fl for r in rows[k:]) and
          k == sum(lb['samples'] for n in fl for lb in e['vitals'][n]['top']),
          "%s: the samples of the vital signs flagged (%s) first, %d of them" %
          (how, ', '.join(fl) or 'none', k), [r[0] for r in rows])
    # the stack column: a label's samples share its stack (vitalsgen --gtk),
    # named as the JSON names its frames: kernel <- ... | user <- ...
    def line(st):
        if not st:
            return ''
        k = [f['name'] for f in st['frames'] if f['kernel']]
        u = [f['name'] for f in st['frames'] if not f['kernel']]
        return ' <- '.join(k) + (' | ' if k and u else '') + ' <- '.join(u)
    gst = {k: sorted(set(r[9] for r in v)) for k, v in groups.items()}
    wst = {k: [line(lb['stack'])] for k, lb in want.items()}
    check(gst == wst and [vitalsgen.GTK_STACK] in gst.values(),
          "%s: each sample's stack column, its label's stack as the JSON names it" % how,
          "got %s\nwant %s" % (gst, wst))
    firsts = {k: (v[0][1], v[0][2], v[0][3], v[0][4]) for k, v in groups.items()}
    wfirst = {k: (str(lb['time_ns']), lb['comm'], str(lb['pid']), str(lb['uid']))
              for k, lb in want.items()}
    check(firsts == wfirst, "%s: each label's first sample's time, task and uid as the JSON's"
          % how, "got %s\nwant %s" % (firsts, wfirst))


def window(prog, d, jpath, shot):
    j = json.load(open(jpath))
    es = j['epochs']
    w = Window(prog, ['--size', '1280x800', '--vitals', d])
    try:
        if not check(w.app() is not None, "the window is up (--vitals DIR)"):
            return
        t = wait(lambda: table(w, 'Epochs list'), 30)
        if not check(t is not None, "the Vital signs window's epochs list is shown"):
            return
        title = w.one('vitals-title')
        want = '%s: %d epochs, 0 skipped, %d missing' % (d, len(es), j['missing_epochs'])
        check(title is not None and text_of(title) == want, "its title: " + want,
              title and text_of(title))
        want = epoch_rows(j)
        got = wait(lambda: read(t) if t.get_n_rows() == len(want) else None, 10) or read(t)
        check(got == want, "the epochs, the flagged first with their symptoms (vitals --json's)",
              "got %s\nwant %s" % (got, want))
        flagged = [e for e in es if symptoms(e)]
        check(len(flagged) == 1 and got and got[0][0] == str(flagged[0]['epoch']) and
              got[0][3].startswith('syscall 9000 events outside '),
              "the flagged epoch's syscall burst listed first", got and got[0])

        # the graph's pixels: each vital sign's colour at its epochs' places
        focus_vitals(w)
        g = w.one('Vital signs graph')
        gx, gy, gw, gh = w.extents(g)
        first, last = es[0]['epoch'], es[-1]['epoch']
        m = re.fullmatch(r'plot (\d+) (\d+) (\d+) (\d+), epochs (\d+)\.\.(\d+)',
                         wait(lambda: g.get_description(), 5) or '')
        if not check(m and int(m.group(5)) == first and int(m.group(6)) == last,
                     "the graph's description: its plot's place, epochs %d..%d" % (first, last),
                     g.get_description()):
            return
        LEFT, TOP, pw, ph = (int(m.group(k)) for k in range(1, 5))
        n = last - first + 1
        im = screen(gx, gy, gw, gh)
        px = im.load()

        def xof(ep):
            return int(LEFT + pw * (ep - first + 0.5) / n)

        names = [k for k in RGB if any(k in e['vitals'] for e in es)]
        for name in names:
            sw = [(x, y) for x in range(gw) for y in range(TOP) if near(px[x, y], RGB[name], 2)]
            check(len(sw) >= 100, "the legend above the plot: a %s swatch (%d pixels)" %
                  (name, len(sw)))
        for name in names:
            mx = max(e['vitals'][name]['total'] for e in es if name in e['vitals'])
            if not mx:
                continue
            bad = []
            for e in es:
                y = int(round(TOP + ph - ph * e['vitals'][name]['total'] / mx))
                if not near(px[xof(e['epoch']), y], RGB[name]):
                    bad.append((e['epoch'], xof(e['epoch']), y, px[xof(e['epoch']), y]))
            check(not bad, "the %s line's colour at each of its %d epochs' points" %
                  (name, len(es)), bad)
            lost = [ep for ep in range(first, last + 1) if ep not in [e['epoch'] for e in es]]
            on = [(ep, y) for ep in lost for y in range(TOP, TOP + ph)
                  if near(px[xof(ep), y], RGB[name], 20)]
            check(lost and not on, "no %s line at the lost epoch %s's slot (broken there)" %
                  (name, lost), on)
        ep = flagged[0]
        mx = max(e['vitals']['syscall']['total'] for e in es)
        y = int(round(TOP + ph - ph * ep['vitals']['syscall']['total'] / mx))
        x = xof(ep['epoch'])
        ring = [(x + dx, y + dy) for dx in range(-10, 11) for dy in range(-10, 11)
                if 0 <= y + dy < gh and near(px[x + dx, y + dy], RED, 30)]
        check(len(ring) > 10, "a red ring around the flagged epoch %d's syscall point (%d red "
              "pixels)" % (ep['epoch'], len(ring)))
        far = [1 for e in es if e is not ep for dx in range(-10, 11) for dy in range(-10, 11)
               if 0 <= y + dy < gh and near(px[xof(e['epoch']) + dx, y + dy], RED, 30)]
        check(not far, "and none around the other epochs at that height")
        grey = [yy for yy in range(TOP + ph + 2, TOP + ph + 10) if near(px[xof(lost[0]), yy], GREY, 6)]
        check(grey, "a grey mark under the axis at the lost epoch %d" % lost[0])

        # a click on an epoch: its samples
        e2 = [e for e in es if not symptoms(e) and e is not es[0]][1]
        w.click(gx + xof(e2['epoch']), gy + TOP + ph // 2)
        check_samples(w, e2, "a click on epoch %d" % e2['epoch'])
        sel = wait(lambda: [r for r in range(t.get_n_rows()) if t.is_row_selected(r)] or None, 5)
        check(sel and got[sel[0]][0] == str(e2['epoch']),
              "the click selected epoch %d's row in the list" % e2['epoch'], sel)
        s = w.one('vitals-status')
        check(text_of(s) == 'epoch %d: its samples listed' % e2['epoch'], "the status says so",
              text_of(s))
        # Enter on the flagged epoch's row (the first)
        focus_vitals(w)
        w.grab(t)
        w.key('Home')
        wait(lambda: t.is_row_selected(0) or None, 5)
        w.key('Return')
        check_samples(w, ep, "Enter on the list's first row (the flagged epoch %d)" % ep['epoch'])
        # a click on the lost epoch
        w.click(gx + xof(lost[0]), gy + TOP + ph // 2)
        msg = wait(lambda: text_of(s) if 'no file' in text_of(s) else None, 5)
        check(msg == 'epoch %d has no file (lost, removed or skipped)' % lost[0],
              "a click on the lost epoch %d: it has no file, said" % lost[0], text_of(s))
        open_epoch(w)
        msg = wait(lambda: text_of(s) if 'no trace' in text_of(s) else None, 5)
        check(msg == 'no trace to open (tracevisualizer-gtk --vitals DIR TRACEDIR)',
              "Open the epoch in the trace without a TRACEDIR: said", text_of(s))
        vw = w.one('Vital signs', pred=lambda n: n.get_role_name() == 'frame')
        if vw is not None:
            screen(*w.extents(vw)).save(shot)
        check(vw is not None, "the window's pixels saved")
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def open_epoch(w):
    """the button "Open the epoch in the trace" clicked"""
    focus_vitals(w)
    b = w.one('Open the epoch in the trace', pred=lambda n: n.get_role_name() == 'push button')
    if b is None:
        return False
    x, y, wd, ht = w.extents(b)
    w.click(x + wd // 2, y + ht // 2)
    return True


def trace(prog, d, tdir, jpath, t0, t1):
    j = json.load(open(jpath))
    es = j['epochs']
    t0, t1 = int(t0), int(t1)
    w = Window(prog, ['--size', '1280x800', '--vitals', d, tdir])
    try:
        t = wait(lambda: table(w, 'Epochs list'), 30)
        if not check(t is not None, "--vitals DIR TRACEDIR: the epochs list is shown"):
            return
        g = w.wait_one('Control flow graph', timeout=30)
        check(g is not None, "and the trace in the main window")
        rows = wait(lambda: read(t) if t.get_n_rows() == len(es) else None, 10) or read(t)
        fl = [e for e in es if symptoms(e)]
        check(len(fl) == 1 and rows[0][0] == str(fl[0]['epoch']) and t.is_row_selected(0),
              "the flagged epoch %s first, selected" % (fl and fl[0]['epoch']), rows)
        e = fl[0]
        check(open_epoch(w), "Open the epoch in the trace clicked")
        ln = e['end_ns'] - e['start_ns']
        cur = fmt_time(e['start_ns'] + ln // 2 - t0)
        want = 'cursor %s   window %s ' % (cur, fmt_dur(ln))
        st = w.wait_status(lambda x: x.startswith(want), 30)
        check(st.startswith(want), "a new tab: its cursor in epoch %d's middle, the "
              "window its length (%s)" % (e['epoch'], want), st)
        lt = w.one('Lesson text')
        ltxt = text_of(lt) if lt is not None else ''
        check('syscall: 9000 events in 9000 events, ANOMALY (outside its band)' in ltxt,
              "the epoch's vital signs in its lesson panel (the command line's tab has none)",
              ltxt)
        focus_vitals(w)
        w.grab(t)
        w.key('End')
        last = [r for r in rows if r[0] == str(es[-1]['epoch'])]
        wait(lambda: t.is_row_selected(len(rows) - 1) or None, 5)
        check(rows[-1][0] == str(es[-1]['epoch']) and t.is_row_selected(len(rows) - 1),
              "End: the last epoch %d selected" % es[-1]['epoch'], last)
        open_epoch(w)
        s = w.one('vitals-status')
        msg = wait(lambda: text_of(s) if 'not in the trace' in text_of(s) else None, 5)
        check(msg == 'epoch %d is not in the trace %s' % (es[-1]['epoch'], tdir),
              "Open on epoch %d, after the trace: said" % es[-1]['epoch'], text_of(s))
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def bad(prog, d):
    w = Window(prog, ['--size', '1280x800', '--vitals', d])
    try:
        t = wait(lambda: table(w, 'Epochs list'), 30)
        if not check(t is not None, "a directory with bad files: its epochs list is shown"):
            return
        title = w.one('vitals-title')
        check(text_of(title) == '%s: 5 epochs, 2 skipped, 0 missing' % d,
              "the title counts the two files skipped", text_of(title))
        wn = w.one('vitals-warnings')
        txt = text_of(wn) if wn is not None else ''
        check('vitals-00000003.ltv' in txt and 'vitals-00000006.ltv' in txt,
              "the warnings name the cut file and the one of version 7", txt)
        check(t.get_n_rows() == 5, "the 5 epochs read are listed", t.get_n_rows())
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def bucket_rows(j):
    """the list's rows at a timescale: vitals --json --timescale's buckets"""
    def sym(b):
        return ', '.join('%s in %d epoch%s' % (n, v['anomalies'], '' if v['anomalies'] == 1 else 's')
                         for n, v in b['vitals'].items() if v['anomalies'])
    bs = j['buckets']
    order = [b for b in bs if sym(b)] + [b for b in bs if not sym(b)]
    return [['%d..%d (%d)' % (b['first_epoch'], b['last_epoch'], b['epochs']),
             time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(b['wall_start_ns'] // 10**9)),
             str(b['samples']), sym(b)] for b in order]


def scales(prog, d, jepoch, j5, j1h, j1d):
    """the timescales: t steps by epoch, 5 min, 1 h, 1 day; Enter on a
    bucket goes into its epochs; . and , go to the anomalies"""
    je = json.load(open(jepoch))
    js = [None] + [json.load(open(p)) for p in (j5, j1h, j1d)]
    names = [None, '5 min', '1 h', '1 day']
    w = Window(prog, ['--size', '1280x800', '--vitals', d])
    try:
        t = wait(lambda: table(w, 'Epochs list'), 30)
        if not check(t is not None, "--vitals DIR (750 epochs of 2 min): the epochs list"):
            return
        n = len(je['epochs'])
        check(wait(lambda: t.get_n_rows() == n or None, 10), "by epoch: %d rows" % n,
              t.get_n_rows())
        g = w.one('Vital signs graph')
        s = w.one('vitals-status')
        gx, gy, gw, gh = w.extents(g)
        for k in (1, 2, 3):
            focus_vitals(w)
            w.grab(t)
            w.key('t')
            bs = js[k]['buckets']
            want = r'plot (\d+) (\d+) (\d+) (\d+), %d buckets of %s' % (len(bs), names[k])
            m = wait(lambda: re.fullmatch(want, g.get_description() or ''), 10)
            check(m, "t: by %s, the graph's %d buckets (vitals --json --timescale's)" %
                  (names[k], len(bs)), g.get_description())
            check(text_of(s) == 'by %s: %d buckets' % (names[k], len(bs)), "... the status says so",
                  text_of(s))
            rows = bucket_rows(js[k])
            got = wait(lambda: read(t) if t.get_n_rows() == len(rows) else None, 10) or read(t)
            check(got == rows, "... the list: its buckets, the flagged first (epochs, start, "
                  "samples, the vital signs flagged)", "got %s\nwant %s" % (got[:4], rows[:4]))
            if not m or k != 2:
                continue
            # by the hour: the syscall line's points, the flagged one ringed,
            # the grey marks under the buckets with epochs missing or skipped
            LEFT, TOP, pw, ph = (int(m.group(i)) for i in range(1, 5))
            im = screen(gx, gy, gw, gh)
            px = im.load()
            mx = max(b['vitals']['syscall']['total'] for b in bs)

            def xof(i):
                return int(LEFT + pw * (i + 0.5) / len(bs))

            def yof(b):
                return int(round(TOP + ph - ph * b['vitals']['syscall']['total'] / mx))
            bad = [(i, xof(i), yof(b)) for i, b in enumerate(bs)
                   if not near(px[xof(i), yof(b)], RGB['syscall'])]
            check(not bad, "the syscall line's colour at each of the %d hours' points" % len(bs), bad)
            fi = [i for i, b in enumerate(bs) if b['vitals']['syscall']['anomalies']]
            ring = [1 for i in fi for dx in range(-10, 11) for dy in range(-10, 11)
                    if 0 <= yof(bs[i]) + dy < gh and near(px[xof(i) + dx, yof(bs[i]) + dy], RED, 30)]
            check(len(fi) == 1 and len(ring) > 10, "a red ring around the flagged hour %s" % fi)
            holes = [i for i, b in enumerate(bs) if b['missing'] or b['skipped']]
            grey = [i for i in range(len(bs)) if any(near(px[xof(i), yy], GREY, 6)
                                                      for yy in range(TOP + ph + 2, TOP + ph + 10))]
            check(holes and grey == holes, "grey marks under the hours with epochs missing or "
                  "skipped, only (%s)" % holes, grey)
            # a click on the flagged hour: selected, said
            b = bs[fi[0]]
            w.click(gx + xof(fi[0]), gy + TOP + ph // 2)
            at = time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(b['wall_start_ns'] // 10**9))
            want_s = '1 h from %s: epochs %d..%d; Enter lists them by epoch' % (
                at, b['first_epoch'], b['last_epoch'])
            msg = wait(lambda: text_of(s) if text_of(s) == want_s else None, 5)
            check(msg, "a click on the flagged hour selects it, says its epochs", text_of(s))
            check(t.is_row_selected(0), "... its row (the list's first) selected")
            # Enter: into its epochs, the flagged one's samples
            focus_vitals(w)
            w.grab(t)
            w.key('Return')
            ep = [e for e in je['epochs'] if symptoms(e)][0]
            m0 = wait(lambda: re.fullmatch(r'plot \d+ \d+ \d+ \d+, epochs \d+\.\.\d+',
                                           g.get_description() or ''), 10)
            check(m0, "Enter on the hour: by epoch again", g.get_description())
            st = w.one('vitals-samples-title')
            want_t = 'epoch %d: %d samples' % (ep['epoch'], ep['samples'])
            check(wait(lambda: text_of(st).startswith(want_t) or None, 10) and
                  wait(lambda: table(w, 'Samples list').get_n_rows() == ep['samples'] or None, 10),
                  "... epoch %d's %d samples listed, the flagged one in that hour" %
                  (ep['epoch'], ep['samples']), text_of(st))
            check(text_of(s) == 'epoch %d: its samples listed' % ep['epoch'], "... said",
                  text_of(s))
            check(t.is_row_selected(0) and read(t)[0][0] == str(ep['epoch']),
                  "... its row selected")
            # back to the hour for the next t
            w.key('t', 't')
            wait(lambda: re.fullmatch(want, g.get_description() or ''), 10)
        # by the day: End, then , goes back to the flagged day, . finds none after
        focus_vitals(w)
        w.grab(t)
        w.key('End')
        last = t.get_n_rows() - 1
        wait(lambda: t.is_row_selected(last) or None, 5)
        w.key('comma')
        check(wait(lambda: t.is_row_selected(0) or None, 5),
              ", on the last day: the previous day with an anomaly selected (the first row)")
        w.key('period')
        msg = wait(lambda: text_of(s) if text_of(s) == 'no anomaly after' else None, 5)
        check(msg and t.is_row_selected(0), ". there: no anomaly after, said; the row kept",
              text_of(s))
        w.key('t')
        check(wait(lambda: re.fullmatch(r'plot \d+ \d+ \d+ \d+, epochs \d+\.\.\d+',
                                        g.get_description() or ''), 10),
              "t after 1 day: by epoch again", g.get_description())
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def main():
    if sys.argv[1] == 'scales':
        scales(*sys.argv[2:8])
    elif sys.argv[1] == 'window':
        window(*sys.argv[2:6])
    elif sys.argv[1] == 'trace':
        trace(*sys.argv[2:8])
    elif sys.argv[1] == 'bad':
        bad(*sys.argv[2:4])
    else:
        sys.exit('gtkvitals.py: window, scales, trace or bad')


if __name__ == '__main__':
    main()
