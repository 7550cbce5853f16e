#!/usr/bin/python3
"""gtkpaths.py - the Paths tab of tracevisualizer-gtk checked against
"tracevisualizer paths --explain --json" of the same trace.

  gtkpaths.py shot PNG DUMP PATHS.json
      a screenshot (--screenshot, --view paths) and what the tab drew
      (--dump-paths): the list's rows, the graph's title, node names, the
      figures under them and the arrows' labels equal the JSON's, and the
      pixels: each node's ellipse filled, its outline drawn, a line along
      each call arrow, each bar segment of the colour of its state, its
      width in proportion to the state's time

  gtkpaths.py drive PROG TRACE PATHS.json CONV.json DUMP EMPTY OUTDIR
      the window used as a person uses it (xdotool, AT-SPI): the list and
      the graph's description read back; a click on a node shows its
      representative call (the details line, the status bar's cursor and
      window); the arrows and Enter do the same from the keyboard; another
      pattern; the paths graph exported as PNG and SVG; the convolution
      chosen; and on EMPTY, a trace without messages, the tab says so.

Prints "PASS what" / "FAIL what" per check and DONE at the end.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

from gtkdrive import Window, check, fmt_dur, fmt_time, text_of, wait
from pathcheck import MAX_DRAWN, conv_nodes, conv_roots, graph_nodes, graph_title, list_rows, load, ms

SIZE = ['--size', '1280x1200']
FILL = (0.90, 0.93, 0.98)       # pathgraph.c: a node's fill
CALL = (0.15, 0.2, 0.35)        # the call arrow


def rgb(v):
    """a cairo colour on an 8-bit surface (through cairo's 16 bits)"""
    return tuple(int(c * 65535 + 0.5) >> 8 for c in v)


def near(px, want, tol):
    return max(abs(a - b) for a, b in zip(px, want)) <= tol


# ---- the screenshot --------------------------------------------------------

def shot(png, dump_path, json_path):
    from PIL import Image
    im = Image.open(png).convert('RGB')
    px = im.load()
    d = load(dump_path)
    j = load(json_path)
    check(d['message'] is None, "the tab shows the paths, no message (%s)" % d['message'])
    check(d['list'] == list_rows(j), "the list: each pattern's rank, count, total and mean ms, key "
          "as paths --json (%d rows)" % len(d['list']), "got  %s\nwant %s" % (d['list'], list_rows(j)))
    p = j['patterns'][0]
    title = graph_title(p)
    check(d['title'] == title, "the graph's title: the first pattern (%s)" % d['title'], title)
    want = graph_nodes(p)
    got = [(n['name'], n['label'], n['edge'], {b['seg']: b['ns'] for b in n['bar']}) for n in d['nodes']]
    check(got == want, "the graph's nodes: names, mean latencies under them, the first arrow's count "
          "and total, the others' mean delays, each bar's segments as --explain's mean split "
          "and transit (%d nodes)" % len(want), "got  %s\nwant %s" % (got, want))
    check([n['parent'] for n in d['nodes']] == [n['parent'] for n in p['nodes']],
          "each node under its parent (the pattern's tree)")
    ox, oy = d['x'], d['y']
    # Figure 8's layout: a caller above its callees, siblings left to right
    nodes = d['nodes']
    lay = all(nodes[n['parent']]['box'][1] < n['box'][1] for n in nodes if n['parent'] is not None)
    sib = all(a['box'][0] + a['box'][2] <= b['box'][0]
              for i, a in enumerate(nodes) for b in nodes[i + 1:]
              if a['parent'] is not None and a['parent'] == b['parent'])
    check(lay and sib, "the layout: every caller above its callees, siblings left to right in call order")
    bad = []
    for n in nodes:
        x, y, w, h = n['box']
        for sx in (x + 8, x + w - 8):
            c = px[ox + sx, oy + y + 20]
            if c != rgb(FILL):
                bad.append("%s fill at +%d: %s" % (n['name'], sx - x, c))
        top = [px[ox + x + w / 2, oy + y + k] for k in range(-1, 3)]
        if not any(max(c) < 180 for c in top):
            bad.append("%s: no outline at its top %s" % (n['name'], top))
        if n['parent'] is not None:
            x0, y0, x1, y1 = n['call']
            for f in (0.2, 0.4):
                cx, cy = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                ring = [px[ox + cx + dx, oy + cy + dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                if not any(near(c, rgb(CALL), 100) for c in ring):
                    bad.append("%s: no call arrow at %.0f%% (%s)" % (n['name'], 100 * f, ring[4]))
    check(not bad, "pixels: every node's ellipse filled and outlined, every call arrow drawn",
          "\n".join(bad))
    bad, widths = [], []
    for n in nodes:
        total = sum(b['ns'] for b in n['bar'])
        for b in n['bar']:
            c = px[ox + b['x'] + b['w'] // 2, oy + n['bar_y'] + 4]
            if c != rgb(b['rgb']):
                bad.append("%s %s at x %d: %s, want %s" % (n['name'], b['seg'], b['x'], c, rgb(b['rgb'])))
            widths.append((n['name'], b['seg'], b['w'], 120 * b['ns'] / total,
                           sum(1 for x in n['bar'] if 120 * x['ns'] / total < 1)))
        run = sorted(n['bar'], key=lambda b: b['x'])
        if any(a['x'] + a['w'] != b['x'] for a, b in zip(run, run[1:])):
            bad.append("%s: segments not side by side %s" % (n['name'], [(b['x'], b['w']) for b in run]))
    check(not bad and any(n['bar'] for n in nodes),
          "pixels: each bar segment of its state's colour (the legend's), side by side", "\n".join(bad))
    # to a pixel, and to one more per segment under a pixel (drawn a pixel wide)
    off = [x for x in widths if abs(x[2] - x[3]) > 1 + x[4]]
    check(not off, "each segment's width in proportion to its time (of 120 px, to a pixel)", off)


# ---- the window, used --------------------------------------------------------

def graph_text(w):
    g = w.one('Path graph')
    try:
        return g.get_description() if g is not None else ''
    except Exception:
        return ''


def want_text(title, nodes):
    s = title
    for name, label, edge in nodes:
        s += "\n" + name
        if label:
            s += ": " + label
        if edge:
            s += " (arrow: %s)" % edge
    return s


def table_rows(t):
    try:
        n, c = t.get_n_rows(), t.get_n_columns()
        return [[text_of(t.get_accessible_at(r, k)) for k in range(c)] for r in range(n)]
    except Exception:
        return []


def info(w):
    i = w.one('Path details')
    return text_of(i) if i is not None else ''


def status_cursor(st):
    m = re.search(r'cursor (\S+)', st)
    return m.group(1) if m else None


def status_window(st):
    m = re.search(r'window (.+?)   ', st)
    return m.group(1) if m else None


def rep_window(r, start, end):
    """the window around a call pair (paths.c, show_instance()), clamped by
    the viewport (src/view/viewport.c) when it would leave the trace"""
    t0 = min(r['call_send_ns'], r['call_recv_ns'])
    t1 = max(r['ret_recv_ns'], r['ret_send_ns'])
    m = max((t1 - t0) // 4, 1000)
    a = t0 - m if t0 > start + m else start
    return min(t1 + m, end) - a


def drive(prog, trace, jpath, cpath, dpath, empty, out):
    j, conv, d = load(jpath), load(cpath), load(dpath)
    start = j['trace']['start_ns']
    end = j['trace'].get('end_ns', 0)
    w = Window(prog, SIZE + ['--view', 'paths', trace], log=os.path.join(out, 'drive.log'))
    try:
        if not check(w.app(), "the window is on the accessibility bus"):
            return
        t = w.wait_one('Path patterns', timeout=30)
        rows = wait(lambda: table_rows(t) if t is not None and len(table_rows(t)) == len(j['patterns'])
                    else None, 30) or []
        check(rows == list_rows(j), "--view paths: the list read back equals paths --json (%d rows)" % len(rows),
              "got  %s\nwant %s" % (rows, list_rows(j)))
        p = j['patterns'][0]
        want = want_text(graph_title(p), [n[:3] for n in graph_nodes(p)])
        got = wait(lambda: graph_text(w) if graph_text(w) == want else None, 10) or graph_text(w)
        check(got == want, "the graph's accessible description: its title, nodes and labels", "got  %r\nwant %r" % (got, want))
        area = w.one('Path graph')
        x, y, wd, ht = w.extents(area)
        check((wd, ht) == (d['width'], d['height']), "the graph has the size it had in the screenshot "
              "(%dx%d)" % (wd, ht), "screenshot: %dx%d" % (d['width'], d['height']))
        # a click on the third node (db-30): its representative call
        k = 2
        n = p['nodes'][k]
        bx, by, bw, bh = d['nodes'][k]['box']
        w.click(x + bx + bw / 2, y + by + 6)
        r = n['representative']
        st = w.wait_status(lambda s: status_cursor(s) == fmt_time(r['call_recv_ns'] - start))
        check(status_cursor(st) == fmt_time(r['call_recv_ns'] - start),
              "a click on %s: the cursor where its representative call %s was received (%s)"
              % (n['name'], r['id'], status_cursor(st)), st)
        if end:
            check(status_window(st) == fmt_dur(rep_window(r, start, end)),
                  "and the window around the call (%s)" % status_window(st), st)
        txt = info(w)
        want_info = ("%s -> %s: %d calls; latency mean %s ms, p50 %s, p90 %s, min %s, max %s; delay mean %s ms, p90 %s; transit %s ms"
                     % (p['nodes'][n['parent']]['name'], n['name'], n['latency']['count'], ms(n['latency']['mean_ns']),
                        ms(n['latency_p50_ns']), ms(n['latency_p90_ns']), ms(n['latency']['min_ns']),
                        ms(n['latency']['max_ns']), ms(n['delay']['mean_ns']), ms(n['delay_p90_ns']),
                        ms(n['transit_mean_ns'])))
        want_rep = ("Representative call %s: received %s, returned %s (%s ms)"
                    % (r['id'], fmt_time(r['call_recv_ns'] - start), fmt_time(r['ret_send_ns'] - start),
                       ms(r['ret_send_ns'] - r['call_recv_ns'])))
        check(txt.startswith(want_info) and txt.endswith(want_rep),
              "the details line: its figures and its representative call, as paths --json", "got  %s\nwant %s ... %s" % (txt, want_info, want_rep))
        # the keyboard: Right to the next node, Enter
        w.key('Right')
        n2 = p['nodes'][k + 1]
        got = wait(lambda: info(w) if info(w).startswith("%s -> %s:" % (p['nodes'][n2['parent']]['name'], n2['name'])) else None, 5)
        check(got, "Right: the next node, %s, its figures shown" % n2['name'], info(w))
        w.key('Return')
        r2 = n2['representative']
        st = w.wait_status(lambda s: status_cursor(s) == fmt_time(r2['call_recv_ns'] - start))
        check(status_cursor(st) == fmt_time(r2['call_recv_ns'] - start),
              "Enter: the cursor on its representative call %s (%s)" % (r2['id'], status_cursor(st)), st)
        w.key('Up')
        got = wait(lambda: info(w) if info(w).startswith("%s -> %s:" % (p['nodes'][0]['name'], p['nodes'][1]['name'])) else None, 5)
        check(got, "Up: its parent", info(w))
        # export, before another pattern is shown
        for kind in ('PNG', 'SVG'):
            path = os.path.join(out, 'paths.' + kind.lower())
            if export(w, 'Export paths graph as %s...' % kind, path):
                if kind == 'PNG':
                    from PIL import Image
                    im = Image.open(path)
                    check(im.size == (int(d['need_width']), int(d['need_height'])),
                          "the PNG is the whole graph (%dx%d)" % im.size,
                          "its size: %sx%s" % (d['need_width'], d['need_height']))
                else:
                    # the whole graph, as the PNG: the size the graph says it
                    # needs (cairo writes it in points, 1 pixel each)
                    try:
                        root = ET.parse(path).getroot()
                        size = tuple(float(re.sub(r'[a-z]+$', '', root.get(a) or 'nan'))
                                     for a in ('width', 'height'))
                        ok = root.tag.endswith('svg') and \
                            size == (float(d['need_width']), float(d['need_height']))
                        texts = "its size %gx%g" % size
                    except Exception as e:     # noqa: BLE001
                        ok, texts = False, str(e)
                    check(ok, "the SVG parses and is the whole graph (%s)" % path,
                          "%s, the graph's %sx%s" % (texts, d['need_width'], d['need_height']))
        # the second pattern
        t.add_row_selection(1)
        p2 = j['patterns'][1]
        want = want_text(graph_title(p2), [n[:3] for n in graph_nodes(p2)])
        got = wait(lambda: graph_text(w) if graph_text(w) == want else None, 10) or graph_text(w)
        check(got == want, "the second pattern selected: its graph", "got  %r\nwant %r" % (got, want))
        # the convolution
        combo = w.one('Algorithm', 'combo box')
        try:
            ok = combo.select_child(1)
        except Exception as e:     # noqa: BLE001
            ok = check(False, "the combo box's selection through AT-SPI (%s)" % e)
        roots = conv_roots(conv['convolution'])
        rows = wait(lambda: table_rows(t) if len(table_rows(t)) == len(roots) and
                    table_rows(t)[0][1] == str(len(roots[0][1]) - 1) else None, 30) or table_rows(t)
        check(ok and len(rows) == len(roots) and all(r[1] == str(len(v) - 1) for r, (_, v) in zip(rows, roots)),
              "the convolution chosen: its paths listed, each with its edges (%d)" % len(rows), rows)
        vs = roots[0][1]
        title3 = "Paths from %s (convolution, quantum %s ms): %d edges" % (
            vs[0]['name'], ms(conv['convolution']['quantum_ns']), len(vs) - 1)
        if len(vs) > MAX_DRAWN:
            title3 += " (the first %d of its %d nodes drawn)" % (MAX_DRAWN, len(vs))
        want = want_text(title3, [(a, '', b) for a, b in conv_nodes(roots[0][0], vs)])
        got = wait(lambda: graph_text(w) if graph_text(w) == want else None, 10) or graph_text(w)
        check(got == want, "its first path drawn: its vertices and arrows' delays and counts",
              "got  %r\nwant %r" % (got[:400], want[:400]))
        no_warnings(os.path.join(out, 'drive.log'))
        check(w.quit() == 0, "Ctrl+Q: exit status 0")
    finally:
        w.stop()
    w = Window(prog, SIZE + ['--view', 'paths', empty], log=os.path.join(out, 'empty.log'))
    try:
        m = wait(lambda: text_of(w.one('Paths message')) if w.app(5) and w.one('Paths message') is not None and
                 text_of(w.one('Paths message')).startswith('No messages') else None, 30)
        check(m and m.startswith("No messages between processes in this trace: no socket send was matched with its receive."),
              "a trace without messages: the tab says so", m)
        no_warnings(os.path.join(out, 'empty.log'))
        check(w.quit() == 0, "Ctrl+Q: exit status 0")
    finally:
        w.stop()


def no_warnings(log):
    """no GTK warning or critical in the program's output so far (the
    window's closing is left out: GTK's notebook asserts while the
    accessibility bridge asks for the tabs it removes, with or without
    this tab)"""
    with open(log) as f:
        bad = [x for x in f if 'CRITICAL' in x or 'WARNING' in x]
    check(not bad, "no GTK warning or critical while it was used", ''.join(bad[:5]))


def export(w, item, path):
    """File -> the item: the file chooser, the path typed, OK"""
    w.menu('File', item)
    dlg = wait(lambda: [x for x in w.dialogs() if x.get_name() == 'Export'])
    if not check(dlg, "%s: the file chooser 'Export'" % item):
        return False
    name = wait(lambda: w.one(role='text', root=dlg[0], pred=lambda n: text_of(n).startswith('paths.')))
    name.set_text_contents(path)
    w.action(w.one('OK', 'push button', root=dlg[0]))
    st = w.wait_status(lambda s: ("written: %s" % path) in s)
    return check(os.path.exists(path) and ("written: %s" % path) in st,
                 "%s: written, the status bar says so" % os.path.basename(path), st)


def main():
    if sys.argv[1] == 'shot':
        shot(*sys.argv[2:5])
    else:
        drive(*sys.argv[2:9])
    print("DONE")


if __name__ == '__main__':
    main()
