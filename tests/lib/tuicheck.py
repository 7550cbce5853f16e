"""What the terminal front end ("tracevisualizer tui") shows, read back
from tmux captures, and what it should show, computed from the --json
commands of the same trace.  Shared by tests/host/tui.t and
tests/guest/43-tui.t; the layouts mirror tracevisualizer/tui/*.c."""
import json
import os
import re


def load(path):
    with open(path) as f:
        return json.load(f)


def lines(path):
    with open(path) as f:
        return f.read().split('\n')


# --- numbers as the TUI prints them ------------------------------------

def ms(ns):
    """a figure of the processes view: ms with 3 decimals"""
    return "%.3f" % (ns / 1e6)


def us(ns):
    """min/max/mean of the syscalls and irqs views: us with 3 decimals"""
    return "%.3f" % (ns / 1e3)


def fmt_time(rel_ns):
    """lttr_fmt_time(): seconds since the trace start, 9 decimals"""
    return "%d.%09d" % (rel_ns // 1000000000, rel_ns % 1000000000)


def fmt_duration(ns):
    """lttr_fmt_duration(): exact, in the largest readable unit"""
    if ns < 1000:
        return "%d ns" % ns
    if ns < 1000000:
        return "%d.%03d us" % (ns // 1000, ns % 1000)
    if ns < 1000000000:
        return "%d.%06d ms" % (ns // 1000000, ns % 1000000)
    return "%d.%09d s" % (ns // 1000000000, ns % 1000000000)


# --- the processes view (3) ---------------------------------------------

# (header, width, figure of a TASKTIME object), tui/procs.c's cols[2:]
PCOLS = [
    ("life", 11, lambda t: t['lifetime_ns']),
    ("thr-time", 11, lambda t: t['thread_lifetime_ns']),
    ("running", 11, lambda t: t['running_ns']),
    ("user", 11, lambda t: t['user_ns']),
    ("kernel", 11, lambda t: t['kernel_ns']),
    ("intr", 10, lambda t: t['interrupted_ns']),
    ("runnable", 11, lambda t: t['runnable_ns']),
    ("nodata", 10, lambda t: t['unknown_ns']),
    ("blocked", 11, lambda t: t['blocked_ns']),
    ("io", 10, lambda t: t['blocked_by']['io']),
    ("sleep", 10, lambda t: t['blocked_by']['sleep']),
    ("futex", 10, lambda t: t['blocked_by']['futex']),
    ("child", 10, lambda t: t['blocked_by']['child']),
    ("fault", 10, lambda t: t['blocked_by']['fault']),
    ("other", 10, lambda t: t['blocked_by']['other']),
    ("unknown", 10, lambda t: t['blocked_by']['unknown']),
]


def procs_namew(pjson, tjson):
    """tui/procs.c name_width(): the widest name shown (a space before it,
    two more for a thread), 5 at least ("name"), 17 at most"""
    w = 5
    for p in pjson['processes']:
        w = max(w, 1 + len(p['name']))
        if p['threads'] >= 2:
            for t in tjson['threads']:
                if t['tgid'] == p['pid']:
                    w = max(w, 3 + len(t['name']))
    return min(w, 17)


def procs_header(screen_lines):
    """the time columns named in the first header line of view 3 (sort
    marks and the scroll marks < > removed)"""
    for ln in screen_lines:
        m = re.match(r'^ +pid[\^v]? +name[\^v]? ', ln)
        if m:
            return [re.sub(r'[\^v]$', '', c) for c in ln[m.end():].replace('<', ' ').replace('>', ' ').split()]
    return []


def procs_rows(screen_lines, width=None):
    """the table's rows on one or more screens: (pid, name, thread,
    [figures]) in the order shown, each row once; the name field is what
    lies between the pid and the figures of the columns in the header"""
    shown = len(procs_header(screen_lines))
    rows, seen = [], set()
    for ln in screen_lines:
        if not re.match(r'^ *\d+ ', ln) or not ln[:7].strip().isdigit():
            continue
        rest = ln[7:].split()
        if len(rest) < shown + 1:
            continue
        figs = rest[len(rest) - shown:] if shown else []
        if not all(re.match(r'^\d+\.\d{3}$', f) for f in figs):
            continue
        field = ln[7:]
        for f in reversed(figs):
            field = field[:field.rstrip().rfind(f)]
        key = (int(ln[:7]), ln[7:10] == "   ")
        if key in seen:
            continue
        seen.add(key)
        rows.append((key[0], field.strip(), key[1], figs))
    return rows


def procs_expected(pjson, tjson, width=None, cols=None):
    """the rows the view should show: processes by pid, each followed by
    its threads when it has two or more; the figures of the columns named
    in @cols (procs_header()), by default all"""
    namew = procs_namew(pjson, tjson)
    threads = tjson['threads']
    use = [c for c in PCOLS if cols is None or c[0] in cols]
    out = []
    for p in sorted(pjson['processes'], key=lambda p: p['pid']):
        out.append((p['pid'], p['name'][:namew - 1].strip(), False,
                    [ms(c[2](p)) for c in use]))
        if p['threads'] >= 2:
            for t in threads:
                if t['tgid'] == p['pid']:
                    out.append((t['pid'], t['name'][:namew - 3].strip(), True,
                                [ms(c[2](t)) for c in use]))
    return out


# --- the syscalls (4) and irqs (5) views --------------------------------

def lat_fields(lat):
    """count, total ms, min, max, mean us as lat_line() prints them ("-"
    for the durations when there are none)"""
    if not lat['count']:
        return ['0', '-', '-', '-', '-']
    return [str(lat['count']), ms(lat['total_ns']), us(lat['min_ns']),
            us(lat['max_ns']), us(lat['mean_ns'])]


LAT_RE = re.compile(r'^(.{18}) +(\d+) +(\d+\.\d{3}|-) +(\d+\.\d{3}|-) +(\d+\.\d{3}|-) +(\d+\.\d{3}|-)(?: |$)')


def lat_rows(screen_lines):
    """(name, [count, total_ms, min_us, max_us, mean_us]) of each line"""
    out, seen = [], set()
    for ln in screen_lines:
        m = LAT_RE.match(ln)
        if m and ln not in seen:
            seen.add(ln)
            out.append((m.group(1).strip(), list(m.groups()[1:])))
    return out


def syscalls_expected(sjson):
    """the system-wide syscalls, by number, as view 4 shows them: count,
    calls without return, then the durations of the calls that returned
    ("-" when none did)"""
    sc = sorted(sjson['syscalls'].items(), key=lambda kv: kv[1]['nr'])
    out = []
    for name, s in sc:
        f = lat_fields(s['latency'])
        out.append((name, [f[0], str(s['no_return'])] + f[1:]))
    return out


SC_RE = re.compile(r'^(\S+) +(\d+) +(\d+) +(\d+\.\d{3}|-) +(\d+\.\d{3}|-) +(\d+\.\d{3}|-) +(\d+\.\d{3}|-)(?: |$)')


def sc_rows(screen_lines):
    """view 4's lines: (name, [count, noret, total_ms, min, max, mean])"""
    out, seen = [], set()
    for ln in screen_lines:
        m = SC_RE.match(ln)
        if m and m.group(1) not in seen:
            seen.add(m.group(1))
            out.append((m.group(1), list(m.groups()[1:])))
    return out


def irqs_expected(ijson):
    out = []
    for q in ijson['irqs']:
        name = ("0x%x %s" if q['sysvec'] else "%d %s") % (q['irq'], q.get('name') or "")
        out.append((name.strip()[:18], lat_fields(q['duration'])))
    for q in ijson['softirqs']:
        out.append((("%d %s" % (q['vec'], q.get('name') or "")).strip()[:18],
                    lat_fields(q['duration'])))
    return out


# --- the process page (Enter in view 3) ----------------------------------

def process_page_expected(t):
    """label -> (ms, exact) of the page's figures for TASKTIME t"""
    b = t['blocked_by']
    f = [("running", t['running_ns']), ("lifetime", t['lifetime_ns']),
         ("thread time", t['thread_lifetime_ns']), ("zombie", t['zombie_ns']),
         ("user", t['user_ns']), ("kernel", t['kernel_ns']), ("syscalls", t['syscall_ns']),
         ("traps", t['trap_ns']), ("kernel thread", t['kthread_ns']),
         ("interrupted", t['interrupted_ns']), ("softirq", t['softirq_ns']),
         ("runnable", t['runnable_ns']), ("nodata", t['unknown_ns']), ("blocked", t['blocked_ns'])]
    f += [(k, b[k]) for k in ("io", "sleep", "futex", "child", "fault", "other", "unknown")]
    return {k: (ms(v), fmt_duration(v)) for k, v in f}


FIG_RE = re.compile(r' ?([a-z][a-z ]*?) +(\d+\.\d{3}) ms  (\d+(?:\.\d+)? (?:ns|us|ms|s))(?= |$)')


def process_page_figures(screen_lines):
    """label -> (ms, exact) of every figure on the page (two columns)"""
    out = {}
    for ln in screen_lines:
        for m in FIG_RE.finditer(ln):
            out[m.group(1).strip()] = (m.group(2), m.group(3))
    return out


def process_page_syscalls(screen_lines):
    """name -> [count, total_ms, cpu_ms, blocked_ms, runnable_ms, max_us]"""
    out = {}
    r = re.compile(r'^(\S+) +(\d+) +(\d+\.\d{3}) +(\d+\.\d{3}) +(\d+\.\d{3}) +(\d+\.\d{3}) +(\d+\.\d{3})$')
    for ln in screen_lines:
        m = r.match(ln.rstrip())
        if m:
            out[m.group(1)] = list(m.groups()[1:])
    return out


def process_page_syscalls_expected(t):
    return {name: [str(s['count']), ms(s['latency']['total_ns']), ms(s['cpu_ns']),
                   ms(s['blocked_ns']), ms(s['runnable_ns']), us(s['latency']['max_ns'])]
            for name, s in t['syscalls'].items()}


# --- the graph views (1, 2) ---------------------------------------------

def label_width(width):
    """tui_graph_label_width()"""
    return 28 if width >= 120 else 24 if width >= 90 else 20


def graph_row(screen_lines, width, label_re):
    """the cells of the first row whose label matches label_re"""
    lw = label_width(width)
    if len(screen_lines) < 3 or not re.match(r'^(    pid task|resource) ', screen_lines[1]):
        return None         # not a graph view
    for ln in screen_lines[2:]:
        if re.match(label_re, ln[:lw]):
            return ln[lw + 1:width].ljust(width - lw - 1)
    return None


def ruler_t0(screen_lines, width):
    """the window's start, ns from the trace start, from the ruler"""
    lw = label_width(width)
    m = re.match(r'(\d+)\.(\d{9})', screen_lines[1][lw + 1:])
    return int(m.group(1)) * 1000000000 + int(m.group(2)) if m else None


def status_cursor(screen_lines):
    """the cursor time in the status line, ns from the start"""
    for ln in reversed(screen_lines):
        m = re.match(r'^cursor (\d+)\.(\d{9}) ', ln)
        if m:
            return int(m.group(1)) * 1000000000 + int(m.group(2))
    return None


def columns(t0, t1, ncols):
    """the columns of the window [t0, t1): [(start, end)], as
    lttr_viewport_col_time() cuts them"""
    return [(t0 + (t1 - t0) * c // ncols, t0 + (t1 - t0) * (c + 1) // ncols)
            for c in range(ncols)]


# --- a task's states from the events (guest checks) ----------------------

BLOCK_LETTER = {'io': 'i', 'sleep': 'z', 'futex': 'f', 'child': 'c', 'fault': 'p',
                'other': 'b', 'unknown': 'w'}


def _block_table():
    """the library's one table of the blocking syscalls' reasons
    (tracevisualizer/src/model/blockreason.c), read from its source: a
    copy here went stale when the table grew (newfstatat and the other
    metadata calls are io: a loaded guest run's sleeper blocked in one)"""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                       'tracevisualizer', 'src', 'model', 'blockreason.c')
    t = dict(re.findall(r'\{ "(\w+)", LTTR_BLOCK_(\w+) \}', open(src).read()))
    assert t.get('read') == 'IO' and t.get('nanosleep') == 'SLEEP', src
    return t


_BLOCK = _block_table()
IO = {n for n, r in _BLOCK.items() if r == 'IO'}
SLEEP = {n for n, r in _BLOCK.items() if r == 'SLEEP'}


def block_letter(syscall):
    """src/model/blockreason.c: the reason of a block inside @syscall"""
    if syscall is None:
        return 'p'          # blocked in a trap: a page fault
    return BLOCK_LETTER.get(_BLOCK.get(syscall, 'OTHER').lower(), 'b')


def task_spans(events, pid, t_from, t_to):
    """The states of task @pid between t_from and t_to (absolute ns), from
    the dump --json events that concern it (its own, the switches to it,
    the wakeups of it), with the rules of docs/control-flow.md that a
    simple task needs: user until a syscall, trap or interrupt; blocked
    when switched out with a non-zero state (the reason from the syscall
    it is in), runnable when preempted or woken, the mode it left when
    switched in again.  Returns [(start, end, letter)] clipped to the
    window; before its first event the state is unknown (None)."""
    spans = []
    state = None            # the letter now
    stack = []              # kernel modes entered from user: 'S' 'T' 'I' 'Q'
    sc = None               # the syscall it is in
    since = None
    off_cpu = False

    def mode():
        return stack[-1] if stack else 'U'

    def go(t, letter):
        nonlocal state, since
        if since is not None and state is not None and t > since:
            spans.append((since, t, state))
        state, since = letter, t

    for e in events:
        t, a, typ = e['time_ns'], e.get('args', {}), e['type']
        if t > t_to:
            break
        if typ == 'schedchange':
            if a.get('prev_pid') == pid and e['pid'] == pid:
                off_cpu = True
                if a.get('prev_state', 0) == 0:
                    go(t, 'r')
                else:
                    go(t, block_letter(sc if stack and 'S' in stack else None)
                       if stack else 'w')
            if a.get('next_pid') == pid:
                off_cpu = False
                go(t, mode())
            continue
        if typ == 'wakeup' and a.get('pid') == pid:
            if off_cpu and state not in ('r',):
                go(t, 'r')
            continue
        if e['pid'] != pid:
            continue
        if typ == 'syscall_entry':
            stack.append('S')
            sc = a.get('name')
        elif typ == 'syscall_exit':
            while stack and stack[-1] != 'S':
                stack.pop()
            if stack:
                stack.pop()
            sc = None
        elif typ == 'trap_entry':
            stack.append('T')
        elif typ == 'trap_exit':
            if stack and stack[-1] == 'T':
                stack.pop()
        elif typ == 'irq_entry':
            stack.append('I')
        elif typ == 'irq_exit':
            if stack and stack[-1] == 'I':
                stack.pop()
        elif typ == 'softirq_entry':
            stack.append('Q')
        elif typ == 'softirq_exit':
            if stack and stack[-1] == 'Q':
                stack.pop()
        else:
            continue
        if not off_cpu:
            go(t, mode())
    if since is not None and state is not None and t_to > since:
        spans.append((since, t_to, state))
    out = []
    for a, b, s in spans:
        a, b = max(a, t_from), min(b, t_to)
        if a < b:
            out.append((a, b, s))
    return out


def column_shares(spans, cols):
    """per column: {letter: ns} from the spans"""
    out = []
    k = 0
    for (a, b) in cols:
        share = {}
        while k < len(spans) and spans[k][1] <= a:
            k += 1
        j = k
        while j < len(spans) and spans[j][0] < b:
            s0, s1, letter = spans[j]
            d = min(b, s1) - max(a, s0)
            if d > 0:
                share[letter] = share.get(letter, 0) + d
            j += 1
        out.append(share)
    return out


def clear_letter(share, width_ns, margin=0.2):
    """the letter covering most of a column when it leads the next by more
    than @margin of the column (else None: too close to call)"""
    if not share:
        return None
    ranked = sorted(share.items(), key=lambda kv: -kv[1])
    first = ranked[0][1]
    second = ranked[1][1] if len(ranked) > 1 else 0
    uncovered = width_ns - sum(share.values())
    if first - max(second, uncovered) > margin * width_ns:
        return ranked[0][0]
    return None


# --- attributes of a "capture-pane -e" screen ----------------------------

def attr_lines(text):
    """the screen of a capture with escapes as lines of (char, attrs):
    attrs a frozenset of 'bold' 'dim' 'underline' 'reverse' and ('fg', N),
    ('bg', N) for colours; SGR state carried across lines as a terminal
    does"""
    out, cur = [], set()
    for raw in text.split('\n'):
        line, i = [], 0
        while i < len(raw):
            m = re.match(r'\x1b\[([0-9;]*)m', raw[i:])
            if m:
                ps = [int(x) for x in m.group(1).split(';') if x] or [0]
                k = 0
                while k < len(ps):
                    p = ps[k]
                    if p == 0:
                        cur = set()
                    elif p in (1, 2, 4, 7):
                        cur.add({1: 'bold', 2: 'dim', 4: 'underline', 7: 'reverse'}[p])
                    elif p == 22:
                        cur -= {'bold', 'dim'}
                    elif p == 24:
                        cur.discard('underline')
                    elif p == 27:
                        cur.discard('reverse')
                    elif p in (38, 48) and k + 2 < len(ps) and ps[k + 1] == 5:
                        cur = {a for a in cur if not (isinstance(a, tuple) and a[0] == ('fg' if p == 38 else 'bg'))}
                        cur.add(('fg' if p == 38 else 'bg', ps[k + 2]))
                        k += 2
                    elif 30 <= p <= 37 or 90 <= p <= 97:
                        cur = {a for a in cur if not (isinstance(a, tuple) and a[0] == 'fg')}
                        cur.add(('fg', p))
                    elif 40 <= p <= 47 or 100 <= p <= 107:
                        cur = {a for a in cur if not (isinstance(a, tuple) and a[0] == 'bg')}
                        cur.add(('bg', p))
                    elif p == 39:
                        cur = {a for a in cur if not (isinstance(a, tuple) and a[0] == 'fg')}
                    elif p == 49:
                        cur = {a for a in cur if not (isinstance(a, tuple) and a[0] == 'bg')}
                    k += 1
                i += m.end()
                continue
            m = re.match(r'\x1b[^a-zA-Z]*[a-zA-Z]', raw[i:])
            if m:           # another sequence: not an attribute
                i += m.end()
                continue
            line.append((raw[i], frozenset(cur)))
            i += 1
        out.append(line)
    return out


def text_of(aline):
    return ''.join(c for c, _a in aline)


def has_colour(attrs):
    return any(isinstance(a, tuple) for a in attrs)


def event_line(e, comm):
    """a line of the events view (6) for a dump --json event, as
    tui/events.c prints it (trailing spaces cut)"""
    return ("%16s %3u %7u %-14.14s %s %s" % (fmt_time(e['rel_ns']), e['cpu'], e['pid'], comm,
                                            "C" if e['control'] else " ", e['desc'])).rstrip()


def selected_line(text):
    """the line of a -e capture drawn in reverse video (the selection),
    escapes removed and trailing spaces cut, or None"""
    for al in attr_lines(text):
        if len(al) > 10 and all('reverse' in a for _c, a in al[:10]):
            return text_of(al).rstrip()
    return None


# --- checks shared by the tests (ok: check.ok) ----------------------------

def check_tables(ok, label, width, p3, p4, p5, pjson, tjson, sjson, ijson, min_rows=1):
    """views 3, 4, 5 (screens, all pages, in files p3 p4 p5) against
    processes, processes --threads, syscalls and irqs --json"""
    got = procs_rows(lines(p3))
    want = procs_expected(load(pjson), load(tjson), cols=procs_header(lines(p3)))
    ok(len(want) >= min_rows and got == want, "%s: view 3, its %d rows (processes, their threads "
       "under them) equal processes [--threads] --json, every column" % (label, len(want)))
    if got != want:
        for g, x in zip(got + [None] * len(want), want + [None] * len(got)):
            if g != x:
                print("got  %s\nwant %s" % (g, x))
    got, want = sc_rows(lines(p4)), syscalls_expected(load(sjson))
    ok(len(want) > 0 and got == want, "%s: view 4, its %d syscalls equal syscalls --json (count, "
       "total, min, max, mean)" % (label, len(want)))
    if got != want:
        print("got  %s\nwant %s" % (got, want))
    got, want = lat_rows(lines(p5)), irqs_expected(load(ijson))
    ok(got == want, "%s: view 5, its %d irqs and softirqs equal irqs --json" % (label, len(want)))
    if got != want:
        print("got  %s\nwant %s" % (got, want))


def check_process_page(ok, label, page, t, start_ns, kind='process', syscalls=True):
    """the page of TASKTIME t (Enter in view 3): title, every figure to the
    nanosecond, switches, wakeup latency, its syscalls, its timeline row"""
    pid = t['pid']
    title = "%s %d %s  (parent %d, %d thread%s, %s .. %s)" % (
        "process" if kind == 'process' or t['tgid'] == pid else "thread", pid, t['name'],
        t['ppid'], t['threads'], "" if t['threads'] == 1 else "s",
        fmt_time(t['begin_ns'] - start_ns), fmt_time(t['end_ns'] - start_ns))
    ok(len(page) > 1 and page[1].startswith(title), "%s: the page's title: %s" % (label, title))
    got, want = process_page_figures(page), process_page_expected(t)
    ok(got == want, "%s: its 20 figures to the nanosecond (user %s, blocked %s, ...) equal the JSON"
       % (label, want['user'][1], want['blocked'][1]))
    if got != want:
        print("got  %s\nwant %s" % (got, want))
    sw = [re.search(r'switches in +(\d+)  preempted (\d+)', l) for l in page]
    sw = [m.groups() for m in sw if m]
    ok(sw == [(str(t['switches']), str(t['preemptions']))],
       "%s: switches in %d, preempted %d" % (label, t['switches'], t['preemptions']))
    lat = t['sched_latency']
    wk = [re.sub(' +', ' ', l[l.index('wakeup->run'):].strip()) for l in page if 'wakeup->run' in l]
    ok(wk == ["wakeup->run %d mean %s max %s" % (
        lat['count'], fmt_duration(lat['mean_ns']), fmt_duration(lat['max_ns']))],
       "%s: wakeup->run latency count, mean, max" % label)
    if syscalls:
        got, want = process_page_syscalls(page), process_page_syscalls_expected(t)
        shown = {k: v for k, v in want.items() if k in got}
        ok(got == shown and len(got) == min(len(want), len(got)) and len(got) > 0,
           "%s: its syscalls table (count, total, cpu, blocked, runnable, max) equals the "
           "JSON (%d of %d shown)" % (label, len(got), len(want)))
        if got != shown:
            print("got  %s\nwant %s" % (got, want))
    tl = [l for l in page[3:5] if re.match(r'^ +%d %s +\S' % (pid, re.escape(t['name'][:20])), l)]
    ok(len(page) > 3 and page[2].startswith('    pid task ') and len(tl) == 1,
       "%s: the page shows its timeline: a ruler for tasks, its row" % label)


def check_row(ok, label, row, spans, t0, t1, margin=0.2):
    """a graph row against a task's spans from the events: at every column
    where one state covers clearly more than any other (margin), its
    letter; returns (clear letters per column or None, mismatches)"""
    ncols = len(row)
    cols = columns(t0, t1, ncols)
    want = [clear_letter(s, b - a, margin) for s, (a, b) in zip(column_shares(spans, cols), cols)]
    bad = [(c, row[c], w) for c, w in enumerate(want) if w is not None and row[c] != w]
    nclear = sum(1 for w in want if w is not None)
    ok(not bad and nclear > 0, "%s: %d of %d columns where one state clearly leads show its "
       "letter, as the events of dump --json give it" % (label, nclear - len(bad), nclear))
    if bad:
        print("row  '%s'\nwant '%s'" % (row, ''.join(w or '.' for w in want)))
        print("columns (column, shown, from the events): %s" % bad[:20])
    return want, bad


def blocked_in(events, pid, t_from, t_to):
    """the syscalls task @pid was in each time it blocked (switched out
    with a non-zero state) between t_from and t_to"""
    sc, out = None, []
    for e in events:
        a = e.get('args', {})
        if e['type'] == 'syscall_entry' and e['pid'] == pid:
            sc = a.get('name')
        elif e['type'] == 'syscall_exit' and e['pid'] == pid:
            sc = None
        elif (e['type'] == 'schedchange' and e['pid'] == pid and a.get('prev_pid') == pid and
              a.get('prev_state', 0) != 0 and t_from <= e['time_ns'] < t_to):
            out.append(sc)
    return out
