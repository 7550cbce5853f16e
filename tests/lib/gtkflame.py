#!/usr/bin/python3
"""gtkflame.py - the Flame graph tab of tracevisualizer-gtk (gtk/flame.c)
checked against "tracevisualizer stacks --json" of the same trace and
window.

  gtkflame.py shot PNG DUMP STACKS.json
      a screenshot (--screenshot --view flame) and what the tab drew
      (--dump-flame): every box's name, depth, parent, x, width and self
      weight are the JSON's "flame" array exactly, its rectangle is the
      library's x and w scaled to the graph's width (the level from the
      bottom), and the pixels: each box of its colour at its left and
      right edges, the pixel after it white.

  gtkflame.py drive PROG TRACE WINDOW OUTDIR JSON-DIR
      the window used as a person uses it (xdotool, AT-SPI): the tab shown
      with S; a click on a frame zooms to it (the dump after each draw,
      LTTR_GTK_FLAME_DUMP, and the pixels), a click on its faded parent
      zooms out; / and a text highlight the frames that hold it, the
      share said; another kind typed (wakeup, cpu, syscall:read) folds
      those, each against JSON-DIR/KIND.json.

  gtkflame.py progress PROG TRACE WINDOW OUTDIR JSON-DIR
      the fold as a long pass (tests/host/gtk-flame.t sets
      LTTR_TEST_HOLD_PROGRESS and LTTR_TEST_HOLD_RELEASE: the library holds
      the pass at a step until this script lets it go, docs/testing.md):
      the offcpu graph folded to its end is JSON-DIR/offcpu.json's; the
      kind wakeup typed, held: the window's "Working" dialog, its bar named
      for the fold, moving forward a step let go; Cancel: the dialog goes,
      the offcpu graph stays, the line above says the fold was canceled;
      Enter again, let go: the wakeup graph, JSON-DIR/wakeup.json's.

Prints "PASS what" / "FAIL what" per check and DONE at the end.
"""
import json
import os
import sys
import time

PAD, ROW_H = 6, 18      # gtk/flame.c


def load(p):
    with open(p) as f:
        return json.load(f)


def say(cond, what, detail=None):
    print("%s %s" % ("PASS" if cond else "FAIL", what))
    if not cond and detail is not None:
        for line in str(detail).split('\n'):
            print("  %s" % line)
    sys.stdout.flush()
    return bool(cond)


def lib_boxes(d):
    return [(b['name'], b['depth'], b['parent'], b['x'], b['w'], b['self']) for b in d['boxes']]


def json_boxes(j):
    return [(b['name'], b['depth'], b['parent'], b['x'], b['w'], b['self']) for b in j['flame']]


def subtree(boxes, i):
    j = i + 1
    while j < len(boxes) and boxes[j]['depth'] > boxes[i]['depth']:
        j += 1
    return range(i, j)


def ancestors(boxes, i):
    out = []
    p = boxes[i]['parent']
    while p >= 0:
        out.append(p)
        p = boxes[p]['parent']
    return out


def want_rects(d):
    """each box's rectangle as the tab must draw it: the library's x and w
    scaled (C's double arithmetic, truncated), zoomed to d['zoom']"""
    boxes = d['boxes']
    W = d['width'] - 2 * PAD
    zx, zw, inside, anc = 0, d['total'], range(len(boxes)), []
    if d['zoom'] >= 0:
        z = boxes[d['zoom']]
        zx, zw = z['x'], z['w']
        inside = subtree(boxes, d['zoom'])
        anc = ancestors(boxes, d['zoom'])
    out = []
    for i, b in enumerate(boxes):
        if i in inside:
            x0 = PAD + int(float(b['x'] - zx) * W / float(zw))
            x1 = PAD + int(float(b['x'] + b['w'] - zx) * W / float(zw))
        elif i in anc:
            x0, x1 = PAD, PAD + W
        else:
            out.append([0, 0, 0, 0])
            continue
        if x1 - x0 < 1:
            out.append([0, 0, 0, 0])
            continue
        out.append([x0, d['height'] - PAD - (b['depth'] + 1) * ROW_H, x1 - x0, ROW_H])
    return out


def rects_ok(d, what):
    got = [b['rect'] for b in d['boxes']]
    want = want_rects(d)
    bad = ["%s: %s, want %s" % (b['name'], g, w) for b, g, w in zip(d['boxes'], got, want) if g != w]
    return say(not bad and len(got) == len(want), what, '\n'.join(bad[:10]))


def rgb8(v):
    return tuple(int(round(c * 255)) for c in v)


def near(a, b, tol=1):
    return max(abs(x - y) for x, y in zip(a, b)) <= tol


def pixels_ok(px, ox, oy, d, what, quiet=False):
    """each box drawn: its colour at its left and right edge (the name is
    written from 3 pixels in), white just after it"""
    bad, n = [], 0
    for b in d['boxes']:
        x, y, w, h = b['rect']
        if w < 4:
            continue
        n += 1
        want = rgb8(b['rgb'])
        for cx in (x + 1, x + w - 2):
            got = px[ox + cx, oy + y + 1]
            if not near(got, want):
                bad.append("%s at +%d: %s, want %s" % (b['name'], cx - x, got, want))
        after = px[ox + x + w - 1, oy + y + h // 2]
        if not near(after, (255, 255, 255)):
            bad.append("%s: the pixel after it %s, not white" % (b['name'], after))
    if quiet:
        return n and not bad
    return say(n and not bad, "%s: %d boxes of their colour, a white pixel after each" % (what, n),
               '\n'.join(bad[:10]))


def shot(png, dump, js):
    from PIL import Image
    d, j = load(dump), load(js)
    im = Image.open(png).convert('RGB')
    px = im.load()
    say(d['mapped'] and d['message'] == '', "the tab is shown, with a graph (%s)" % d['info'])
    say(lib_boxes(d) == json_boxes(j) and d['total'] == j['stacks']['total'] + j['stacks']['unstacked'],
        "the %d boxes (name, depth, parent, x, w, self) and the total are stacks --json's exactly"
        % len(d['boxes']), "got  %s\nwant %s" % (lib_boxes(d), json_boxes(j)))
    rects_ok(d, "each box's rectangle: the library's x and w scaled to the %d pixels, its level "
             "from the bottom" % (d['width'] - 2 * PAD))
    pixels_ok(px, d['x'], d['y'], d, "the screenshot")
    top = min(b['rect'][1] for b in d['boxes'] if b['rect'][2])
    say(near(px[d['x'] + d['width'] // 2, d['y'] + top - 3], (255, 255, 255)),
        "white above the top level")


def drive(prog, trace, window, outdir, jdir):
    from gtkdrive import Window, wait, screen
    live = os.path.join(outdir, 'live.json')
    env = dict(os.environ)
    env['LTTR_GTK_FLAME_DUMP'] = live
    w = Window(prog, ['--size', '1280x1000', '--window', window, trace],
               log=os.path.join(outdir, 'drive.log'), env=env)
    w.up("the window is up")
    w.focus()
    w.key('S')
    d = wait(lambda: (lambda x: x if x['mapped'] and x['boxes'] else None)(load(live)), 20)
    if not say(d is not None, "S shows the Flame graph tab, drawn"):
        w.quit()
        return
    area = w.one('Flame graph boxes')
    ax, ay, _, _ = w.extents(area)
    ox, oy = ax - d['x'], ay - d['y']       # the toplevel's origin on the screen
    off = load(os.path.join(jdir, 'offcpu.json'))
    say(lib_boxes(d) == json_boxes(off), "its boxes are stacks --kind offcpu --json's")

    def dump_when(pred, timeout=15):
        return wait(lambda: (lambda x: x if pred(x) else None)(load(live)), timeout)

    def click_box(name_pred):
        cur = load(live)
        i = [k for k, b in enumerate(cur['boxes']) if name_pred(b)][0]
        x, y, wd, ht = cur['boxes'][i]['rect']
        w.click(ox + d['x'] + x + wd // 2, oy + d['y'] + y + ht // 2)
        return i

    def look(d2, what):
        # the dump is written as the frame is drawn: the screen shows it a
        # moment later, polled for
        def shown():
            im = screen(ox, oy, d2['x'] + d2['width'] + 10, d2['y'] + d2['height'] + 10)
            return pixels_ok(im.load(), d2['x'], d2['y'], d2, what, quiet=True)
        wait(shown, 5)
        im = screen(ox, oy, d2['x'] + d2['width'] + 10, d2['y'] + d2['height'] + 10)
        pixels_ok(im.load(), d2['x'], d2['y'], d2, what)

    # a click on the root's child with the most below it: zoom to it
    boxes = d['boxes']
    deep = max((b for b in boxes if b['depth'] == 1), key=lambda b: b['w'])
    zi = click_box(lambda b: b is not None and b['name'] == deep['name'] and b['depth'] == 1)
    d2 = dump_when(lambda x: x['zoom'] == zi)
    if say(d2 is not None, "a click on %s zooms to it" % deep['name']):
        r = d2['boxes'][zi]['rect']
        say(r[0] == PAD and r[2] == d2['width'] - 2 * PAD and not d2['boxes'][zi]['faded'],
            "the frame clicked spans the width")
        say(all(d2['boxes'][a]['faded'] for a in ancestors(d2['boxes'], zi)),
            "its ancestors drawn across, faded")
        out = [b['name'] for k, b in enumerate(d2['boxes'])
               if k not in subtree(d2['boxes'], zi) and k not in ancestors(d2['boxes'], zi)
               and b['rect'][2]]
        say(not out, "no frame beside it drawn", out)
        rects_ok(d2, "zoomed: each box's rectangle, the zoomed frame's weight over the width")
        look(d2, "zoomed")
        say("zoomed to %s" % deep['name'] in d2['info'], "the line above says it (%s)" % d2['info'])
        # its faded parent: out
        click_box(lambda b: b['depth'] == 0 and b['faded'])
        d3 = dump_when(lambda x: x['zoom'] == -1)
        say(d3 is not None and [b['rect'] for b in d3['boxes']] == [b['rect'] for b in d['boxes']],
            "a click on its faded parent zooms back out: the first layout")
    # the search: / then the text
    name = deep['name']
    w.focus()
    w.key('slash')
    w.type(name)
    d4 = dump_when(lambda x: x['search'] == name and 'matched "' in x['info'])
    if say(d4 is not None, "/ and a text: the search is %s" % name):
        m = [b['name'] for b in d4['boxes'] if b['match']]
        say(m and all(name in n for n in m) and
            all(b['match'] for b in d4['boxes'] if name in b['name']),
            "the frames that hold it are marked (%d)" % len(m))
        # the share: the weight of the matched frames not above another
        want, skip = 0, -1
        for k, b in enumerate(d4['boxes']):
            if name in b['name'] and k >= skip:
                want += b['w']
                skip = subtree(d4['boxes'], k).stop
        pct = "%.2f %%" % (100.0 * want / d4['total'])
        say(d4['matched'] == want and pct in d4['info'],
            "the share matched: %d of %d, %s (%s)" % (want, d4['total'], pct, d4['info']))
        say(all(rgb8(b['rgb']) == (230, 0, 230) for b in d4['boxes'] if b['match']),
            "the matched frames are magenta")
        look(d4, "with the search")
        w.key('ctrl+a', 'BackSpace')
        dump_when(lambda x: x['search'] == '' and 'matched "' not in x['info'])
    # the other kinds, typed in the kind's entry
    kind_entry = w.one('Kind of stacks', role='text')
    for kind in ('wakeup', 'cpu', 'syscall:read', 'offcpu'):
        j = load(os.path.join(jdir, kind.replace(':', '-') + '.json'))
        w.grab(kind_entry)
        w.key('ctrl+a')
        w.type(kind)
        w.key('Return')
        dk = dump_when(lambda x: x['kind'] == kind and x['pid'] == 0)
        ok = dk is not None and lib_boxes(dk) == json_boxes(j)
        say(ok, "the kind %s typed: its boxes are stacks --kind %s --json's (%d)"
            % (kind, kind, len(j['flame'])),
            dk and "got  %s\nwant %s" % (lib_boxes(dk), json_boxes(j)))
        if ok:
            rects_ok(dk, "%s: each box's rectangle" % kind)
            look(dk, kind)
    details(w, outdir, off)
    # the events list selected the server's event, so its task: the tab
    # (View > Flame graph) folds the server's stacks alone, as --pid 5
    w.menu('View', 'Flame graph')
    j5 = load(os.path.join(jdir, 'offcpu-5.json'))
    d5 = dump_when(lambda x: x['pid'] == 5 and x['mapped'])
    say(d5 is not None and lib_boxes(d5) == json_boxes(j5) and 'task server' in d5['info'],
        "the selected task (5, from the events list) restricts it: stacks --kind offcpu "
        "--pid 5 --json's boxes, not 6's (%s)" % (d5 and d5['info']),
        d5 and "got  %s\nwant %s" % (lib_boxes(d5), json_boxes(j5)))
    st = w.quit()
    say(st == 0, "Ctrl+Q quits (status %s)" % st)


def details(w, outdir, off):
    """the stack of a block in the control flow's tooltip, the stack of the
    selected switch-out in the events list's details"""
    from gtkdrive import wait, text_of
    cells = load(os.path.join(outdir, 'cells.json'))
    lines = {l['folded']: l['value'] for l in off['stacks']['lines']}
    sleep = [f for f in lines if ';0x401060;' in f]     # server's 2nd block, in do_sleep
    first = [f for f in lines if ';0x401010;' in f]     # its 1st, in do_read
    row = [r for r in cells['rows'] if r['label'].split()[:2] == ['5', 'server']]
    g = w.one('Control flow graph')
    if say(row and g is not None and sleep and first, "the server's row, the graph, the stacks"):
        gx, gy, _, _ = w.extents(g)
        # the middle of the window: inside the block from 1000 to 2000 ns
        x = gx + int(cells['label_w'] + cells['columns'] / 2)
        y = gy + int(row[0]['y'] + cells['row_h'] / 2)
        w.xdo('mousemove', '--sync', x, y)
        w.xdo('mousemove', '--sync', x + 1, y)
        tip = wait(lambda: (lambda t: t if t and 'stack as it blocked' in t else None)(
            g.get_description()), 10) or ''
        want = "stack as it blocked: %s" % sleep[0]
        say(want in tip.split('\n'), "the tooltip over the server's block in do_sleep: "
            "its stack, the offcpu line of stacks --json", "got  %s\nwant %s" % (tip, want))
        w.xdo('mousemove', '--sync', 5, 5)
    # the events list: Down until the server's first switch-out is selected
    w.focus()
    w.grab(w.one('Flame graph boxes'))     # the keys to the window, not the kind's entry
    w.key('6')
    lst = wait(lambda: w.one('Events', 'tree table') or w.one('Events', 'table'), 10)
    lst = [lst] if lst else []
    lab = lambda: text_of(w.one('Stack of the selected event')) if w.one(
        'Stack of the selected event') else ''
    if say(lst, "6 shows the events list"):
        w.grab(lst[0])
        got = ''
        for _ in range(12):
            w.key('Down')
            got = wait(lambda: lab() if first[0] in lab() else None, 1) or lab()
            if first[0] in got:
                break
        say(got.endswith(": " + first[0]) and 'schedchange' in got,
            "the events list's details: the stack of the server's first switch-out, "
            "the offcpu line of stacks --json (%s)" % got[:90], "got  %s\nwant %s" % (got, first[0]))


def progress(prog, trace, window, outdir, jdir):
    from gtkdrive import Window, wait
    import gtkprogress as gp
    live = os.path.join(outdir, 'live-progress.json')     # none before this run's
    if os.path.exists(live):
        os.unlink(live)
    env = dict(os.environ)
    env['LTTR_GTK_FLAME_DUMP'] = live
    if not say(gp.HOLD and gp.RELEASE, "the hold of the passes is set (LTTR_TEST_HOLD_*)"):
        return
    gp.let_go()
    w = Window(prog, ['--size', '1280x1000', '--window', window, trace],
               log=os.path.join(outdir, 'progress.log'), env=env)
    w.up("progress: the window is up")
    off = load(os.path.join(jdir, 'offcpu.json'))
    wak = load(os.path.join(jdir, 'wakeup.json'))
    say(json_boxes(off) != json_boxes(wak), "progress: the two kinds' graphs differ")

    def dump_when(pred, timeout=30):
        return wait(lambda: (lambda x: x if pred(x) else None)(load(live)), timeout)
    w.focus()
    w.key('S')
    d = dump_when(lambda x: x['mapped'] and x['boxes'] and x['kind'] == 'offcpu', 60)
    say(d is not None and lib_boxes(d) == json_boxes(off) and
        d['total'] == off['stacks']['total'] + off['stacks']['unstacked'],
        "progress: folded to its end, the offcpu graph is stacks --json's (%d boxes, %s)"
        % (len(off['flame']), d and d['info']))
    kind_entry = w.one('Kind of stacks', role='text')
    gp.hold()
    w.grab(kind_entry)
    w.key('ctrl+a')
    w.type('wakeup')
    w.key('Return')
    dlg = wait(lambda: gp.find_dialog(w, 'Working'), 60)
    if not say(dlg is not None, "progress: held, the fold of wakeup shows a 'Working' dialog"):
        gp.let_go()
        w.quit()
        return
    bar = gp.bar_of(w, dlg)
    want = 'Folding the wakeup stacks of the window'
    say(bar is not None and gp.bar_text(bar) == want,
        "progress: its bar says '%s'" % want, bar and gp.bar_text(bar))
    seen = gp.steps(w, 'Working', bar, 2) if bar is not None else []
    say(len(seen) == 2 and gp.forward(seen),
        "progress: the bar moves forward with a step of the fold let go (%s)" % gp.shown(seen))
    gp.click_button(w, dlg, 'Cancel')
    gone = wait(lambda: gp.find_dialog(w, 'Working') is None, 30)
    dc = dump_when(lambda x: 'canceled' in x['info'])
    say(gone and dc is not None and dc['kind'] == 'offcpu' and lib_boxes(dc) == json_boxes(off),
        "progress: Cancel: the dialog goes, the offcpu graph stays (%s)" % (dc and dc['info']))
    say(dc is not None and ('(%s: canceled; the graph is the one before)' % want) in dc['info'],
        "progress: the line above says the wakeup fold was canceled")
    if dc is not None:
        from gtkdrive import screen
        ax, ay, _, _ = w.extents(w.one('Flame graph boxes'))
        ox, oy = ax - dc['x'], ay - dc['y']

        def grab():
            return screen(ox, oy, dc['x'] + dc['width'] + 10, dc['y'] + dc['height'] + 10)
        wait(lambda: pixels_ok(grab().load(), dc['x'], dc['y'], dc, '', quiet=True), 5)
        im = grab()
        im.save(os.path.join(outdir, 'canceled.png'))
        pixels_ok(im.load(), dc['x'], dc['y'], dc, "progress: canceled, the offcpu boxes on the "
                  "screen")
    gp.let_go()
    w.grab(kind_entry)
    w.key('Return')
    dw = dump_when(lambda x: x['kind'] == 'wakeup' and x['boxes'], 60)
    say(dw is not None and lib_boxes(dw) == json_boxes(wak) and 'canceled' not in dw['info'],
        "progress: Enter again, let go: the wakeup graph, stacks --kind wakeup --json's "
        "(%d boxes), no more 'canceled'" % len(wak['flame']),
        dw and "got  %s\nwant %s" % (lib_boxes(dw), json_boxes(wak)))
    st = w.quit()
    say(st == 0, "progress: Ctrl+Q quits (status %s)" % st)


def main():
    if sys.argv[1] == 'shot':
        shot(*sys.argv[2:5])
    elif sys.argv[1] == 'progress':
        progress(*sys.argv[2:7])
    else:
        drive(*sys.argv[2:7])
    print("DONE")


if __name__ == '__main__':
    main()
