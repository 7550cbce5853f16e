"""pathcheck.py - what the front ends' paths views must show, computed from
"tracevisualizer paths --explain --json" of the same trace (the library's
figures, formatted as the views format them), for tests/host/gtk-paths.t,
tests/host/tui-paths.t and tests/guest/42-paths.t.
"""
import json

BLOCKS = ["io", "sleep", "futex", "child", "fault", "other", "unknown"]


def load(path):
    with open(path) as f:
        return json.load(f)


def ms(ns):
    """a figure in ms as the views print it: "%.3f" of ns / 1e6"""
    return "%.3f" % (ns / 1e6)


def split_mean(x):
    """a node's explain sums as a call's mean (lttr_hop_split_mean(): rounded down)"""
    k = x['instances']
    if not k:
        return None
    m = {'oncpu': x['oncpu_ns'] // k, 'runnable': x['runnable_ns'] // k, 'other': x['other_ns'] // k}
    for b in BLOCKS:
        m[b] = x['blocked_ns'][b] // k
    return m


def split_text(x):
    """the TUI's split: "cpu 1.621 run 0.010 io 3.154" """
    m = split_mean(x)
    if m is None:
        return "(callee task not in the trace)"
    s = "cpu %s run %s" % (ms(m['oncpu']), ms(m['runnable']))
    for b in BLOCKS:
        if m[b]:
            s += " %s %s" % (b, ms(m[b]))
    if m['other']:
        s += " unknown %s" % ms(m['other'])
    return s


def list_rows(j):
    """the patterns' rows: rank, count, total ms, mean ms, key"""
    return [[str(p['rank']), str(p['count']), ms(p['total_ns']), ms(p['mean_ns']), p['key']]
            for p in j['patterns']]


def graph_title(p):
    """the Paths tab's graph title of pattern @p"""
    return "#%d %s: %d paths, total %s ms, mean %s ms" % (p['rank'], p['key'], p['count'],
                                                         ms(p['total_ns']), ms(p['mean_ns']))


def graph_nodes(p):
    """the Paths tab's graph of pattern @p: per node its name, the figure
    under it, its arrow's label and its bar's segments (name -> ns), as
    gtk/paths.c's build_nesting() writes them (Figure 8: the first arrow
    with the count and total, the others with their mean delay)"""
    out = []
    for i, n in enumerate(p['nodes']):
        if not i:
            out.append((n['name'], '', '', {}))
            continue
        edge = ("%d paths, %s ms total" % (p['count'], ms(p['total_ns'])) if i == 1 else
                "delay %s ms" % ms(n['delay']['mean_ns']))
        bar = {}
        m = split_mean(n['explain']) if 'explain' in n else None
        if m is not None:
            for k, name in (('oncpu', 'on CPU'), ('runnable', 'runnable')):
                if m[k]:
                    bar[name] = m[k]
            for b in BLOCKS:
                if m[b]:
                    bar['blocked ' + b] = m[b]
            if m['other']:
                bar['unknown'] = m['other']
            if n['transit_mean_ns']:
                bar['transit'] = n['transit_mean_ns']
        out.append((n['name'], "%s ms" % ms(n['latency']['mean_ns']), edge, bar))
    return out


def tree_prefixes(parents, utf8=True, cont=False):
    """the indented tree's drawing before each node (tui/paths.c, prefix());
    @cont: before a line of its own under the node"""
    vert, mid, end = ("\u2502  ", "\u251c\u2500 ", "\u2514\u2500 ") if utf8 else ("|  ", "|- ", "`- ")
    n = len(parents)

    def last(i):
        for j in range(i + 1, n):
            if parents[j] == parents[i]:
                return False
            if parents[j] is not None and parents[j] < parents[i]:
                return True
        return True

    out = []
    for k in range(n):
        chain, i = [], k
        while parents[i] is not None:
            chain.append(i)
            i = parents[i]
        s = ''
        for d in range(len(chain) - 1, -1, -1):
            i = chain[d]
            s += (end if last(i) else mid) if d == 0 and not cont else ("   " if last(i) else vert)
        if cont:
            s += vert if k + 1 < n and parents[k + 1] == k else "   "
        out.append(s)
    return out


def tui_tree(p, utf8=True):
    """the TUI's tree of pattern @p: per node (its tree and name, its figures
    as the line prints them after the name column, or '' for the first)"""
    pre = tree_prefixes([n['parent'] for n in p['nodes']], utf8)
    out = []
    for i, n in enumerate(p['nodes']):
        if not i:
            out.append((pre[i] + n['name'], ''))
            continue
        fig = "%7d %9s %9s %9s %9s  %s" % (n['latency']['count'], ms(n['latency']['mean_ns']),
                                            ms(n['latency_p90_ns']), ms(n['delay']['mean_ns']),
                                            ms(n['transit_mean_ns']),
                                            split_text(n['explain']) if 'explain' in n else '')
        out.append((pre[i] + n['name'], fig.rstrip()))
    return out


def tui_tree_wrapped(p, utf8=True):
    """the TUI's tree of pattern @p in a narrow terminal: per node (its tree
    and name, its figures), then the line under it with its split (None
    for the first node)"""
    parents = [n['parent'] for n in p['nodes']]
    pre, cont = tree_prefixes(parents, utf8), tree_prefixes(parents, utf8, True)
    out = []
    for i, n in enumerate(p['nodes']):
        if not i:
            out.append((pre[i] + n['name'], '', None))
            continue
        fig = "%7d %9s %9s %9s %9s" % (n['latency']['count'], ms(n['latency']['mean_ns']),
                                       ms(n['latency_p90_ns']), ms(n['delay']['mean_ns']),
                                       ms(n['transit_mean_ns']))
        out.append((pre[i] + n['name'], fig, cont[i] + "   the callee's ms: " + split_text(n['explain'])))
    return out


def tui_list(j):
    """the TUI's pattern list lines"""
    return ["%4d %7d %12s %10s  %s" % (p['rank'], p['count'], ms(p['total_ns']), ms(p['mean_ns']),
                                       p['key']) for p in j['patterns']]


def conv_roots(c):
    """the convolution's paths: the index of each root vertex, and its vertices"""
    v = c['vertices']
    roots = [i for i, x in enumerate(v) if x['parent'] is None]
    out = []
    for k, r in enumerate(roots):
        e = roots[k + 1] if k + 1 < len(roots) else len(v)
        out.append((r, v[r:e]))
    return out


MAX_DRAWN = 100     # gtk/paths.c: the nodes drawn at most


def conv_nodes(root, verts):
    """the Paths tab's graph of a convolution path: name and arrow label per
    vertex drawn (its first MAX_DRAWN)"""
    out = []
    for i, x in enumerate(verts[:MAX_DRAWN]):
        if not i:
            out.append((x['name'], ''))
        elif x['depth'] > 1:
            out.append((x['name'], "%s ms, %d msgs" % (ms(x['delay_ns']), x['count'])))
        else:
            out.append((x['name'], "%d msgs" % x['count']))
    return out


# ---- a screen of the TUI's view 7 (tests/lib/tui.sh's captures) ----

def tui_tree_lines(scr):
    """the tree on a screen (its lines): the lines after its header ('hop ...'),
    the info and status lines left out"""
    for i, l in enumerate(scr):
        if l.startswith('hop '):
            return [x.rstrip() for x in scr[i + 1:-3] if x.strip()]
    return []


def tui_list_lines(scr):
    """the pattern list on a screen"""
    return [l.rstrip() for l in scr if l.startswith('   ') and l[:4].strip().isdigit()]


def check_tui(ok, label, scr, j, k, utf8=True):
    """the list and the tree of pattern @k on a screen of view 7 equal paths
    --explain --json's @j (the list: the patterns it has room for, in order)"""
    got, want = tui_list_lines(scr), tui_list(j)
    ok(len(got) >= min(2, len(want)) and got == want[:len(got)],
       "%s: the patterns listed as paths --json (%d of %d)" % (label, len(got), len(want)))
    if got != want[:len(got)]:
        print("# got  %s\n# want %s" % (got, want[:len(got)]))
    p = j['patterns'][k]
    got, want = tui_tree_lines(scr), tui_tree(p, utf8)
    nw = max([12] + [len(n) for n, f in want])
    want = [(n.ljust(nw) + (' ' + f if f else '')).rstrip() for n, f in want]
    ok(got == want, "%s: the tree of %s, each hop's calls, mean, p90, delay, transit and split"
       % (label, p['key']))
    if got != want:
        print("# got  %s\n# want %s" % (got, want))
