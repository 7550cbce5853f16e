"""What the terminal front end's latency view (7), a group's page and the
critical-path page should show, computed from "latency --json",
"critical-path --json" and the command line's text of the same trace; the
layouts mirror tracevisualizer/tui/latency.c and critpath.c.  Shared by
tests/host/tui-latency.t and tests/guest/41-timing.t."""
import re

KINDS = ('wakeup', 'irq', 'softirq', 'syscall', 'timer')
NUMBERED = ('irq', 'softirq', 'syscall')

# (header, width, rank, figure of a GROUP): tui/latency.c's cols[]
COLS = [
    ('count', 8, 0, lambda g: g['distribution']['count']),
    ('min_us', 11, 7, lambda g: g['distribution']['min_ns']),
    ('mean_us', 11, 5, lambda g: g['distribution']['mean_ns']),
    ('p50_us', 11, 4, lambda g: g['distribution']['p50_ns']),
    ('p90_us', 11, 6, lambda g: g['distribution']['p90_ns']),
    ('p99_us', 11, 3, lambda g: g['distribution']['p99_ns']),
    ('p99.9_us', 11, 8, lambda g: g['distribution']['p999_ns']),
    ('max_us', 11, 2, lambda g: g['distribution']['max_ns']),
    ('stddev_us', 11, 9, lambda g: g['distribution']['stddev_ns']),
    ('over', 8, 1, lambda g: g['over']),
]


def label_width(w):
    return 34 if w >= 140 else 26 if w >= 100 else 22


def layout(w, threshold):
    """the columns shown at width @w (indexes into COLS, in their order)"""
    room, shown = w - label_width(w), set()
    for rank in range(len(COLS)):
        c = [i for i, col in enumerate(COLS) if col[2] == rank][0]
        if c == 9 and not threshold:
            continue
        if COLS[c][1] > room:
            break
        shown.add(c)
        room -= COLS[c][1]
    return sorted(shown)


def group_label(j, g):
    """lttr_timing_group_str()"""
    kind = j['kind']
    if g['level'] == 'task':
        return "%d %s" % (g['pid'], g['name'])
    if g['level'] == 'what':
        if kind == 'syscall':
            s = g['what_name']
        elif g.get('sysvec'):
            s = "%s (0x%x)" % (g['what_name'], g['what'])
        else:
            s = "%s (%d)" % (g['what_name'], g['what'])
        return s + (" raise" if g['sub'] == 'raise' else "")
    return "%s (all %s)" % (g['sub'], "of them" if kind in NUMBERED else "tasks")


def figure(c, g):
    v = COLS[c][3](g)
    return "%*d" % (COLS[c][1], v) if c in (0, 9) else "%*.3f" % (COLS[c][1], v / 1e3)


def tree(j, sort=0, desc=False):
    """the table's rows, (group, depth): each sub-kind's total, its groups
    per number or task under it (a syscall's per task under it), siblings
    sorted by column @sort - 1 (0: the library's order)"""
    gs = j['groups']

    def order(idx):
        if not sort:
            return idx
        key = lambda i: (COLS[sort - 1][3](gs[i]) * (-1 if desc else 1), i)
        return sorted(idx, key=key)
    out = []
    child = 'what' if j['kind'] in NUMBERED else 'task'
    for i, g in enumerate(gs):
        if g['level'] != 'all':
            continue
        out.append((g, 0))
        kids = order([k for k, c in enumerate(gs) if c['level'] == child and c['sub'] == g['sub']])
        for k in kids:
            out.append((gs[k], 1))
            if j['kind'] == 'syscall':
                for t in order([n for n, c in enumerate(gs) if c['level'] == 'task' and
                                c['sub'] == gs[k]['sub'] and c['what'] == gs[k]['what']]):
                    out.append((gs[t], 2))
    return out


def row_text(j, g, depth, w, threshold):
    lw = label_width(w)
    lab = ("  " * depth + group_label(j, g))[:lw]
    return ("%-*s" % (lw, lab) + "".join(figure(c, g) for c in layout(w, threshold))).rstrip()


def header_text(w, threshold, sort=0, desc=False):
    s = "%-*s" % (label_width(w), "group^" if sort == 0 else "group")
    for c in layout(w, threshold):
        s += "%*s" % (COLS[c][1], COLS[c][0] + (("v" if desc else "^") if sort == c + 1 else ""))
    return s.rstrip()


def kinds_line(kind, threshold=None, nover=0):
    s = "kind:" + "".join("  %s " % k for k in KINDS)
    if threshold:
        s += "   threshold %s: %d over it" % (threshold, nover)
    else:
        s += "   no threshold (T)"
    return s


def table_lines(j, w, threshold=None, sort=0, desc=False):
    """lines 3.. of the screen (the header, then the rows)"""
    return [header_text(w, threshold, sort, desc)] + \
        [row_text(j, g, d, w, threshold) for g, d in tree(j, sort, desc)]


# ---- a group's page ----

def pairs(w, names, values, unit):
    """add_pairs(): "  name value" as many on a line as fit"""
    out, line = [], ""
    for n, v in zip(names, values):
        need = len(n) + len(v) + 3
        if line and len(line) + need + len(unit) > w - 1:
            out.append(line)
            line = ""
        line += "  %s %s" % (n, v)
    if line:
        out.append(line + unit)
    return out


def figure_lines(g, w, threshold=None):
    d = g['distribution']
    names = ["count", "min", "mean", "p50", "p90", "p99", "p99.9", "max", "stddev"]
    vals = [str(d['count'])] + ["%.3f" % (d[k] / 1e3) for k in
                                ('min_ns', 'mean_ns', 'p50_ns', 'p90_ns', 'p99_ns', 'p999_ns',
                                 'max_ns', 'stddev_ns')]
    out = pairs(w, names, vals, " us")
    if threshold:
        out.append("  over the threshold (%s): %d" % (threshold, g['over']))
    return out


def cli_section(text, head):
    """the lines of the command line's text after the line @head up to the
    next empty line"""
    lines = text.split('\n')
    i = lines.index(head) + 1
    out = []
    while i < len(lines) and lines[i].strip():
        out.append(lines[i])
        i += 1
    return out


def cli_worst(text, label):
    """the command line's worst instances of group @label: [(line, [its
    explanation's lines])]"""
    lines = cli_section(text, next(l for l in text.split('\n')
                                   if l.startswith("The ") and l.endswith(" worst of %s (start, duration, task, cpu):" % label)))
    out = []
    for l in lines:
        if re.match(r'^  \d+\.\d{9} s ', l):
            out.append((l, []))
        elif out:
            out[-1][1].append(l)
    return out


def screen_lines(scr):
    return [l.rstrip() for l in scr.split('\n')]


def page_problem(scr, j, jx, txt, w, n, threshold=None, sub=None):
    """None when the screen @scr (its lines) shows the page of the first
    group of every instance of @sub (default: the first sub-kind) as it
    should at width @w, instance @n selected and explained: its title,
    figures (@j: latency --json, with @threshold when set), the command
    line's histogram (@txt: latency --explain text), its worst as the
    command line words them, the selected one's explanation (the command
    line's lines, and every piece of it as @jx, latency --explain --json,
    has it) under it, then the other instances; else what differs"""
    gs = [x for x in j["groups"] if x["level"] == "all" and (sub is None or x["sub"] == sub)]
    gx = [x for x in jx["groups"] if x["level"] == "all" and (sub is None or x["sub"] == sub)]
    g, gx = gs[0], gx[0]
    lab = group_label(j, g)
    t0 = jx["trace"]["start_ns"]
    hist = cli_section(txt, "Histogram of %s (log2 buckets):" % lab)
    worst = cli_worst(txt, lab)
    want = ["%s: %s" % (j["kind"], lab)] + figure_lines(g, w, threshold) + \
        ["", "Histogram (log2 buckets):"] + hist + \
        ["", "The %d worst (start, duration, task, cpu):" % len(g["worst"])]
    body = scr[1:]
    if body[:len(want)] != want:
        return "head: got %s, want %s" % (body[:len(want)], want)
    rest = body[len(want):]
    inst = [x[0] for x in worst]
    ex = gx["worst"][n]["explanation"]
    nitems = len(ex["items"])
    head_tot = [l for l in worst[n][1] if not re.match(r"^ {10}\d+\.\d{9} \+", l) and
                not l.strip().startswith("...")]
    items = [l for l in worst[n][1] if re.match(r"^ {10}\d+\.\d{9} \+", l)]
    want = inst[:n + 1] + head_tot + items
    if rest[:len(want)] != want:
        return "instance %d: got %s, want %s" % (n, rest[:len(want)], want)
    shown = rest[n + 1 + len(head_tot):n + 1 + len(head_tot) + nitems]
    pieces = [(int(round(float(m.group(1)) * 1e9)), int(round(float(m.group(2)) * 1e3)))
              for m in (re.match(r"^ {10}(-?\d+\.\d{9}) \+ *(\d+\.\d{3}) us ", l) for l in shown)
              if m]
    jp = [(i["start_ns"] - t0, i["duration_ns"]) for i in ex["items"]]
    if pieces != jp:
        return "the %d pieces: got %s, want %s" % (nitems, pieces[:3], jp[:3])
    after = rest[n + 1 + len(head_tot) + nitems:]
    k = min(len(inst) - n - 1, len(after))
    if after[:k] != inst[n + 1:n + 1 + k]:
        return "the instances after it: got %s, want %s" % (after[:k], inst[n + 1:])
    return None
