#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""gtkaudit.py - tracevisualizer-gtk's Firings window (gtk/firings.c)
against "tracevisualizer audit --json DIR" (tests/host/gtk-audit.t).

  gtkaudit.py window PROG DIR JSON GRAPH.png
      --audit DIR read through AT-SPI as a person sees it: the title (the
      directory, the number of firings); the list's rows, one a firing in
      the JSON's order: its number, time, latency (or "instant"), a
      request's side and peer (empty for others), rule, condition's values and its first three selected blamed parties with
      their shares (or why not analysed); the first selected, its blame
      ranking and explanation below; Enter opens its snapshot in a tab of
      the main window: the status bar's cursor at the instance's start and
      the filter of the selected blamed tasks dimming the others, the
      lesson panel holding the same text; the control flow's pixels saved
      in GRAPH.png; Enter on the instant firing 2 says why not
  gtkaudit.py code PROG DIR JSON WINDOW.png [ARG...]
      --audit DIR, firing 1 selected: its code paths below the list, as
      the JSON's: the heading (how many, by how many leaf frames, the time
      without a recorded stack in ns, the symbol files' warning), or
      "Code paths: unavailable: WHY" and no row; a row per path (* when
      chosen, its rank, blame in ns, share with 3 decimals, on or off the
      path, its leaf frames); the list's pixels: text drawn in its body
      exactly when it has rows; the Firings window saved in WINDOW.png;
      ARG... (e.g. --symfs DIR) given to PROG before --audit DIR
  gtkaudit.py requests PROG DIR JSON WINDOW.png
      the session of auditsession.sh's audit_session_requests: the list's
      rows as the JSON's; in the column "request (side, peer)" firing 1's
      "caller, peer 10.0.1.2:7201", firing 3's "callee, peer
      10.0.1.1:50854", the signal's empty and nothing of a side or a peer
      in its row; each selected, the text below starting with what audit
      says of it ("request at its caller (10.0.1.1:50854 -> 10.0.1.2:7201)
      of task 30 server on cpu 0"; the signal's none); Enter on firing 3:
      the same in the lesson panel; the Firings window saved in WINDOW.png
  gtkaudit.py bad PROG DIR
      a session with a line that is not JSON and a firing whose snapshot
      is missing: each a row with its error, firing 1 still opens
  gtkaudit.py paler TOP10.png TOP1.png
      the control flow of --top 1 (the holder highlighted, the server and
      the hog dimmed) drawn paler than that of --top 10 (all three
      highlighted): fewer saturated pixels, in the rows of the dimmed ones
Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks()).
"""
import colorsys
import json
import subprocess
import sys

import gi
gi.require_version('Atspi', '2.0')
from gtkdrive import Window, check, wait, text_of, screen  # noqa: E402


def who(p):
    if p['kind'] == 'task':
        return 'task %d %s' % (p['pid'], p['comm'])
    if p['kind'] == 'irq':
        return 'irq %d%s' % (p['irq'], ' (vector)' if p.get('sysvec') else '')
    if p['kind'] == 'softirq':
        return 'softirq %d' % p['vector']
    return 'unknown (no data, or task %d not alive)' % p['pid']


def row_of(f):
    lat = ('%.3f' % ((f['time_ns'] - f['start_ns']) / 1e3) if f['time_ns'] > f['start_ns']
           else 'instant')
    cond = ', '.join('%s = %s' % (v['expr'], 'unknown' if v['value'] is None else v['value'])
                     for v in f['values'])
    i = f['instance']
    if not i['analysed']:
        bl = 'not analysed: ' + i['why']
    else:
        top = [p for p in i['blame']['parties'] if p['top']][:3]
        bl = ', '.join('%s %.1f %%' % (who(p), float(p['share'])) for p in top)
    note = snap_note(f)
    return [str(f['seq']), '%.9f' % (f['time_ns'] / 1e9), lat, peer_of(f), f['text'], cond,
            note + '  ' + bl if note else bl]


def peer_of(f):
    """a request's side and peer, from the JSON, as the list shows them; '' for others"""
    if not f.get('side'):
        return ''
    return '%s, peer %s' % (f['side'], f['peer'] or 'unknown')


def snap_note(f):
    """what an incomplete snapshot lost, from the JSON, as audit says it"""
    s = f['snapshot']
    if not s or s['complete']:
        return ''
    n = 'snapshot incomplete: ' + (s['error'] or 'no error given')
    if s['dropped_bytes'] is not None:
        n += '; %d bytes of buffers not written' % s['dropped_bytes']
    return n


def blame_lines(f):
    b = f['instance']['blame']
    return ['%s %d  %s  %.3f us  %.1f %%  %s' % (
        '*' if p['top'] else ' ', k + 1, who(p), p['blame_ns'] / 1e3, float(p['share']),
        'on the critical path' if p['critical'] else 'off the path')
        for k, p in enumerate(b['parties'])]


def code_of(f):
    """firing f's code paths: the heading and the rows, as gtk/firings.c shows them"""
    i = f['instance']
    if not i['analysed']:
        return 'Code paths: none (the firing is not analysed)', []
    b = i['blame']
    c = b['code_paths']
    if c is None:
        return 'Code paths: ' + b['code_paths_unavailable'], []
    head = ('Code paths of firing %d: %d, by %d leaf frames%s (*: chosen as the parties); '
            '%d ns without a recorded stack' % (f['seq'], len(c['paths']), c['frames'],
                                                 '' if c['named'] else ', as addresses',
                                                 c['no_stack_ns']))
    if i.get('code_paths_warning'):
        head += '\nwarning: ' + i['code_paths_warning']
    rows = [['*' if p['top'] else '', str(k + 1), str(p['blame_ns']), '%.3f' % float(p['share']),
             'on the path' if p['critical'] else 'off the path', p['path']]
            for k, p in enumerate(c['paths'])]
    return head, rows


def dark(im):
    px = im.load()
    return sum(1 for y in range(im.size[1]) for x in range(im.size[0])
               if sum(px[x, y][:3]) < 3 * 100)


def frame_of(acc):
    while acc is not None and acc.get_role_name() != 'frame':
        acc = acc.get_parent()
    return acc


def code(prog, d, jpath, png, *args):
    f = json.load(open(jpath))['firings'][0]
    head, rows = code_of(f)
    w = Window(prog, ['--size', '1280x800'] + list(args) + ['--audit', d])
    try:
        if not check(w.app() is not None, "the window is up (--audit DIR)"):
            return
        t = wait(lambda: table(w), 30)
        if not check(t is not None, "the Firings window's list is shown"):
            return
        h = w.one('firing-code-paths')
        got = wait(lambda: text_of(h) if h is not None and text_of(h) == head else None, 10)
        check(got == head, "firing 1's code paths heading as audit --json's: %r" % head,
              h and text_of(h))
        c = w.one('Code paths list', pred=lambda n: n.get_role_name() in ('table', 'tree table'))
        if not check(c is not None, "the code paths' list is shown"):
            return
        got = read(c)
        check(got == rows, "AT-SPI: its %d rows as audit --json's code paths" % len(rows),
              "got %s\nwant %s" % (got, rows))
        x, y, wd, ht = w.extents(c)
        body = screen(x, y + 28, wd, max(ht - 28, 1))
        n = dark(body)
        check(n > 0 if rows else n == 0,
              "its pixels: %s (%d dark pixels under its header)" %
              ("text drawn in its body" if rows else "an empty body", n))
        fr = frame_of(c)
        if fr is not None:
            screen(*w.extents(fr)).save(png)
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def focus_firings(w):
    w.xdo('search', '--sync', '--onlyvisible', '--name', '^Firings: ', 'windowactivate',
          '--sync')


def table(w):
    return w.one('Firings list', pred=lambda n: n.get_role_name() in ('table', 'tree table'))


def read(t):
    n, c = t.get_n_rows(), t.get_n_columns()
    return [[t.get_accessible_at(r, k).get_name() or '' for k in range(c)] for r in range(n)]


def select_row(w, t, r):
    """row @r selected with the arrow keys, as a person does (the window
    raised first: the main window may cover it)"""
    focus_firings(w)
    w.grab(t)
    cur = [k for k in range(t.get_n_rows()) if t.is_row_selected(k)]
    d = r - (cur[0] if cur else 0)
    if d:
        w.key(*(['Down'] * d if d > 0 else ['Up'] * -d))
    return wait(lambda: t.is_row_selected(r) or None, 5)


def window(prog, d, jpath, png, top='10'):
    j = json.load(open(jpath))
    fs = j['firings']
    w = Window(prog, ['--size', '1280x800', '--audit', d, '--top', top])
    try:
        if not check(w.app() is not None, "the window is up (--audit DIR)"):
            return
        t = wait(lambda: table(w), 30)
        if not check(t is not None, "the Firings window's list is shown"):
            return
        title = w.one('firings-title')
        check(title is not None and text_of(title) ==
              '%s: %d firings (audit --top %s)' % (d, len(fs), top),
              "its title: the directory, %d firings" % len(fs), title and text_of(title))
        got = wait(lambda: read(t) if t.get_n_rows() == len(fs) else None, 10) or read(t)
        want = [row_of(f) for f in fs]
        check(got == want, "AT-SPI: the list's %d rows as audit --json's" % len(fs),
              "got %s\nwant %s" % (got, want))
        check(t.is_row_selected(0), "the first firing selected")
        txt = text_of(w.one('firing-text'))
        lines = [l.strip() for l in txt.split('\n')]
        bl = blame_lines(fs[0])
        check(all(b.strip() in lines for b in bl),
              "below: firing 1's blame ranking, %d parties as the JSON's" % len(bl), txt)
        lat = fs[0]['instance']['latency_ns']
        check('the instance explained (the parts add up to %.3f us):' % (lat / 1e3) in lines,
              "and its explanation, adding up to %.3f us" % (lat / 1e3), txt)
        # Enter: the snapshot in a tab of the main window
        focus_firings(w)
        w.grab(t)
        w.key('Return')
        g = w.wait_one('Control flow graph', timeout=30)
        check(g is not None, "Enter: the snapshot's control flow in a tab of the main window")
        top = [p['pid'] for p in fs[0]['instance']['blame']['parties']
               if p['top'] and p['kind'] == 'task']
        rows = ' || '.join('pid == %d' % p for p in top)
        st = w.wait_status(lambda s: s.startswith('cursor 0.000000090 ') and
                           ('filter (dim): ' + rows) in s)
        check(st.startswith('cursor 0.000000090 ') and ('filter (dim): ' + rows) in st,
              "its status: the cursor at the instance's start (90 ns), the filter of the blamed "
              "tasks dimming the others (%s)" % rows, st)
        lt = w.one('Lesson text')
        ltxt = text_of(lt) if lt is not None else ''
        check(all(b.strip() in [l.strip() for l in ltxt.split('\n')] for b in bl),
              "the side panel: the same blame ranking", ltxt)
        x, y, wd, ht = w.extents(g)
        screen(x, y, wd, ht).save(png)
        check(True, "the control flow's pixels saved (%dx%d)" % (wd, ht))
        # firing 2: instant
        focus_firings(w)
        if select_row(w, t, 1):
            focus_firings(w)
            w.grab(t)
            w.key('Return')
            s = w.one('firings-status')
            msg = wait(lambda: text_of(s) if 'not analysed' in text_of(s) else None, 5)
            check(msg == 'firing 2: not analysed: ' + fs[1]['instance']['why'],
                  "Enter on the instant firing 2: why it has no control flow, said",
                  text_of(s))
        else:
            check(False, "firing 2 selected (Down)")
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def requests(prog, d, jpath, png):
    fs = json.load(open(jpath))['firings']
    caller = 'request at its caller (10.0.1.1:50854 -> 10.0.1.2:7201) of task 30 server on cpu 0'
    callee = 'request at its callee (10.0.1.2:7201 -> 10.0.1.1:50854) of task 30 server on cpu 0'
    w = Window(prog, ['--size', '1280x800', '--audit', d])
    try:
        t = wait(lambda: table(w), 30)
        if not check(t is not None, "the requests' session: its Firings list is shown"):
            return
        got = wait(lambda: read(t) if t.get_n_rows() == 3 else None, 10) or read(t)
        want = [row_of(f) for f in fs]
        check(got == want, "AT-SPI: the list's 3 rows as audit --json's",
              "got %s\nwant %s" % (got, want))
        col = t.get_column_description(3) if t.get_n_columns() > 3 else None
        check(col == 'request (side, peer)', "its fourth column: request (side, peer)", col)
        check(len(got) == 3 and got[0][3] == 'caller, peer 10.0.1.2:7201',
              "firing 1's row: at its caller, its peer 10.0.1.2:7201", got[0] if got else got)
        check(len(got) == 3 and got[2][3] == 'callee, peer 10.0.1.1:50854',
              "firing 3's row: at its callee, its peer 10.0.1.1:50854", got[2] if got else got)
        check(len(got) == 3 and got[1][0] == '2' and got[1][3] == '' and
              not any(k in c for c in got[1] for k in ('caller', 'callee', 'peer', '10.0.1')),
              "the signal's row (firing 2): an empty cell, nothing of a side or a peer",
              got[1] if got else got)
        txt = w.one('firing-text')
        first = wait(lambda: text_of(txt) if text_of(txt).startswith(caller) else None, 5)
        check(first is not None, "firing 1 selected: its text starts with its side and "
              "endpoints as audit says them", text_of(txt))
        for r, start, desc in ((1, 'firing 2: signal_deliver of task 31 locker: not analysed',
                                "firing 2's text: a signal, no side"),
                               (2, callee, "firing 3's text: at its callee, its endpoints")):
            focus_firings(w)
            if not check(select_row(w, t, r), "firing %d selected (Down)" % (r + 1)):
                continue
            got_t = wait(lambda: text_of(txt) if text_of(txt).startswith(start) else None, 5)
            check(got_t is not None and 'at its' not in got_t.split('\n')[0][len(start):],
                  desc, text_of(txt))
        fr = frame_of(t)
        if fr is not None:
            screen(*w.extents(fr)).save(png)
        focus_firings(w)
        w.grab(t)
        w.key('Return')
        lt = w.wait_one('Lesson text', timeout=30)
        ltxt = wait(lambda: text_of(lt) if lt is not None and
                    text_of(lt).lstrip().startswith(callee) else None, 10)
        check(ltxt is not None, "Enter on firing 3: the lesson panel starts the same",
              lt and text_of(lt))
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def bad(prog, d):
    w = Window(prog, ['--size', '1280x800', '--audit', d])
    try:
        t = wait(lambda: table(w), 30)
        if not check(t is not None, "a session with bad lines: its Firings list is shown"):
            return
        got = wait(lambda: read(t) if t.get_n_rows() == 4 else None, 10) or read(t)
        check(len(got) == 4 and got[2][0] == '-' and
              got[2][-1] == '%s/firings.jsonl: line 4 is not a JSON object' % d,
              "the line that is not JSON: a row with its error, its number", got)
        check(len(got) == 4 and got[3][0] == '4' and
              got[3][-1] == 'ERROR: %s/snapshot-4/header: cannot open: No such file or directory' % d,
              "firing 4: its missing snapshot said in its row", got)
        focus_firings(w)
        if select_row(w, t, 3):
            focus_firings(w)
            w.grab(t)
            w.key('Return')
            s = w.one('firings-status')
            msg = wait(lambda: text_of(s) if 'cannot open it' in text_of(s) else None, 5)
            check(msg is not None and 'snapshot-4/header: cannot open' in msg,
                  "Enter on firing 4: it cannot be opened, said", text_of(s))
        if select_row(w, t, 0):
            focus_firings(w)
            w.grab(t)
            w.key('Return')
            st = w.wait_status(lambda s: 'filter (dim): ' in s)
            check('filter (dim): pid == 31 || pid == 32 || pid == 30' in st,
                  "firing 1 still opens in the control flow", st)
    finally:
        w.focus()
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def saturated(im, y0, y1):
    px = im.load()
    n = 0
    for y in range(y0, y1):
        for x in range(im.size[0]):
            r, g, b = (v / 255 for v in px[x, y][:3])
            _h, s, v = colorsys.rgb_to_hsv(r, g, b)
            n += s > 0.45 and v > 0.25
    return n


def paler(p10, p1):
    from PIL import Image
    a, b = Image.open(p10).convert('RGB'), Image.open(p1).convert('RGB')
    check(a.size == b.size, "the two control flows have one size (%s, %s)" % (a.size, b.size))
    sa, sb = saturated(a, 0, a.size[1]), saturated(b, 0, b.size[1])
    check(sa > 0 and sb < 0.8 * sa,
          "--top 1's graph is paler: %d saturated pixels against --top 10's %d" % (sb, sa))
    print("DONE")


def main():
    if sys.argv[1] == 'window':
        window(*sys.argv[2:7])
    elif sys.argv[1] == 'code':
        code(*sys.argv[2:])
    elif sys.argv[1] == 'requests':
        requests(*sys.argv[2:6])
    elif sys.argv[1] == 'bad':
        bad(*sys.argv[2:4])
    elif sys.argv[1] == 'paler':
        paler(*sys.argv[2:4])
    else:
        sys.exit('gtkaudit.py: window, code, requests, bad or paler')


if __name__ == '__main__':
    main()
