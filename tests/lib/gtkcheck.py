#!/usr/bin/python3
"""gtkcheck.py - tracevisualizer-gtk's process analysis and statistics read
back through AT-SPI and compared with the command line's JSON.

Run inside a D-Bus session and an X server (dbus-run-session -- xvfb-run -a
...) with Debian's python3 (gi.repository.Atspi).  It starts the program on
the trace, walks its accessible widgets and prints "PASS what" or "FAIL
what" per check, "DONE" at the end (tests/lib/tap.sh, checks()).

  gtkcheck.py PROG TRACEDIR JSONDIR READS

JSONDIR holds processes.json, threads.json (processes --threads --json),
syscalls.json, summary.json (summary --time --json) and opens.json (dump
--json --filter 'type == fs_open'); READS lists the trace's read calls,
"pid cpu start_ns duration_ns" a line (the generator's own account).
"""
import json
import os
import re
import subprocess
import sys
import time

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402

from gtkdrive import check  # noqa: E402
from tuicheck import fmt_duration as fmt_dur, fmt_time  # noqa: E402,F401 (lttr_fmt_*)

# the command line (main()); the other checks are imported by other tests
PROG = TRACE = JDIR = READS = None
TIMES = ["lifetime", "thread time", "running", "user", "kernel", "interrupted", "runnable",
         "unknown (no data)", "blocked", "io", "sleep", "futex", "child", "fault", "other", "unknown"]
HEADERS = ["pid", "name", "threads"] + TIMES
BUCKETS = 40


def load(name):
    with open(os.path.join(JDIR, name)) as f:
        return json.load(f)


def ms(ns):
    """as cli/timetable.c prints a time: "%.3f" of ns / 1e6"""
    return "%.3f" % (ns / 1e6)


def task_cols(t):
    """a TASKTIME's figures in the order of the table's time columns"""
    b = t['blocked_by']
    return [t['lifetime_ns'], t['thread_lifetime_ns'], t['running_ns'], t['user_ns'],
            t['kernel_ns'], t['interrupted_ns'], t['runnable_ns'], t['unknown_ns'], t['blocked_ns'], b['io'],
            b['sleep'], b['futex'], b['child'], b['fault'], b['other'], b['unknown']]


# ---- AT-SPI ----

def find_app(timeout=30):
    t0 = time.time()
    while time.time() - t0 < timeout:
        d = Atspi.get_desktop(0)
        for i in range(d.get_child_count()):
            a = d.get_child_at_index(i)
            if a is not None and a.get_name() == 'tracevisualizer-gtk':
                return a
        time.sleep(0.3)
    return None


def find(a, role=None, name=None, pred=None):
    try:
        r, n = a.get_role_name(), a.get_name()
    except Exception:
        return None
    if (role is None or r == role) and (name is None or n == name) and (pred is None or pred(n)):
        return a
    if r in ('table', 'tree table'):
        return None
    for i in range(a.get_child_count()):
        x = find(a.get_child_at_index(i), role, name, pred)
        if x is not None:
            return x
    return None


def wait_for(fn, timeout=15):
    t0 = time.time()
    while time.time() - t0 < timeout:
        v = fn()
        if v:
            return v
        time.sleep(0.2)
    return fn()


def rows(t):
    n, c = t.get_n_rows(), t.get_n_columns()
    return [[t.get_accessible_at(r, k).get_name() for k in range(c)] for r in range(n)]


def action(acc, name):
    for i in range(acc.get_n_actions()):
        if acc.get_action_name(i) == name:
            return acc.do_action(i)
    return False


def label_text(app, pattern):
    """the name of the first label matching @pattern (a regular expression)"""
    lab = find(app, 'label', pred=lambda n: n is not None and re.search(pattern, n) is not None)
    return lab.get_name() if lab is not None else None


def select_row(t, r):
    t.add_row_selection(r)


def selected_rows(t):
    return [r for r in range(t.get_n_rows()) if t.is_row_selected(r)]


def show_tab(app, name):
    """bring the notebook page @name to the front (the tab list's selection)"""
    tab = find(app, 'page tab', name)
    tabs = tab.get_parent() if tab is not None else None
    if tabs is not None:
        tabs.select_child(tab.get_index_in_parent())
    return tabs is not None


def status(app):
    s = find(app, 'label', 'Status')
    return s.get_text(0, -1) if s is not None else ''


def dur_ns(s):
    """parse lttr_fmt_duration()'s text back"""
    v, unit = s.split()
    scale = {'ns': 1, 'us': 1000, 'ms': 1000000, 's': 1000000000}[unit]
    ip, _, fp = v.partition('.')
    return int(ip) * scale + (int(fp) * scale // 10 ** len(fp) if fp else 0)


# ---- the processes page ----

def expand(t, cell):
    """unfold a row: its cell EXPANDED, its children among the rows (polled,
    5 s at most)"""
    n = t.get_n_rows()
    action(cell, 'expand or contract')
    return wait_for(lambda: cell.get_state_set().contains(Atspi.StateType.EXPANDED) and
                    t.get_n_rows() > n, 5)


def expand_all(t):
    """unfold every process with threads (their cells say EXPANDABLE)"""
    for _ in range(3):
        done = True
        for r in range(t.get_n_rows()):
            cell = t.get_accessible_at(r, 0)
            st = cell.get_state_set()
            if st.contains(Atspi.StateType.EXPANDABLE) and not st.contains(Atspi.StateType.EXPANDED):
                expand(t, cell)
                done = False
                break
        if done:
            return


def structure(t):
    """the rows as (kind, pid, row): 'all', 'proc' or 'thread' (the rows after an
    unfolded process, as many as its threads)"""
    out, left, parent = [], 0, None
    for r, row in enumerate(rows(t)):
        if row[1] == 'all processes' and not row[0]:
            out.append(('all', 0, row, None))
        elif left:
            out.append(('thread', int(row[0]), row, parent))
            left -= 1
        else:
            out.append(('proc', int(row[0]), row, None))
            st = t.get_accessible_at(r, 0).get_state_set()
            if st.contains(Atspi.StateType.EXPANDED):
                left, parent = int(row[2]), int(row[0])
    return out


def check_table(app, t, procs, threads):
    hdr = [t.get_column_header(c).get_name() for c in range(t.get_n_columns())]
    check(hdr == HEADERS, "processes table: columns %s" % ", ".join(hdr))
    expand_all(t)
    s = structure(t)
    byp = {p['pid']: p for p in procs}
    byt = {x['pid']: x for x in threads}
    # lttr_account_total(): the lifetime from the earliest start to the latest end, the
    # other columns summed
    want_all = ['', 'all processes', str(len(threads))] + \
        [ms(max(p['end_ns'] for p in procs) - min(p['begin_ns'] for p in procs))] + \
        [ms(sum(task_cols(p)[i] for p in procs)) for i in range(1, len(TIMES))]
    got_all = [x[2] for x in s if x[0] == 'all']
    check(s and s[0][0] == 'all' and got_all == [want_all],
          "the first row, all processes: every time column the sum of processes --json's",
          "got %s\n  want %s" % (got_all, want_all))
    bad = []
    for kind, pid, row, parent in s:
        if kind == 'proc':
            p = byp.get(pid)
            want = [str(pid), p['name'], str(p['threads'])] + [ms(v) for v in task_cols(p)] \
                if p else None
        elif kind == 'thread':
            x = byt.get(pid)
            want = [str(pid), x['name'], '1'] + [ms(v) for v in task_cols(x)] \
                if x and x['tgid'] == parent else None
        else:
            continue
        if row != want:
            bad.append("%s %d: got %s want %s" % (kind, pid, row, want))
    nproc = sorted(pid for k, pid, _, _ in s if k == 'proc')
    check(nproc == sorted(byp) and not bad,
          "every process row (%d) shows processes --json's figures as the CLI prints them "
          "(%%.3f ms)" % len(nproc), "\n  ".join(bad))
    multi = [p['pid'] for p in procs if p['threads'] > 1]
    want_thr = sorted((x['tgid'], x['pid']) for x in threads if x['tgid'] in multi)
    got_thr = sorted((parent, pid) for k, pid, _, parent in s if k == 'thread')
    check(want_thr and got_thr == want_thr and not bad,
          "the threads of each process under it (%s), with processes --threads --json's figures"
          % ", ".join("%d/%d" % x for x in got_thr), "got %s want %s" % (got_thr, want_thr))
    return s


class GtkSort:
    ASCENDING, DESCENDING = False, True


def sorted_by(t, col, descending):
    keys = [float(row[col]) for k, _, row, _ in structure(t) if k == 'proc']
    return keys == sorted(keys, reverse=descending)


def check_sort(t, procs):
    """sorted by running time, up and down: all processes first, threads under their process"""
    col = HEADERS.index('running')
    head = t.get_column_header(col)
    results = []
    for order in ('ascending', 'descending'):
        action(head, 'click')
        want = GtkSort.DESCENDING if order == 'descending' else GtkSort.ASCENDING
        wait_for(lambda: sorted_by(t, col, want), 5)
        s = structure(t)
        keys = [float(row[col]) for k, _, row, _ in s if k == 'proc']
        shape = all(s[i + 1][0] == 'thread' and s[i + 1][3] == pid
                    for i, (k, pid, row, _) in enumerate(s) if k == 'proc' and int(row[2]) > 1)
        srt = keys == sorted(keys, reverse=(order == 'descending'))
        results.append(check(s[0][0] == 'all' and srt and shape,
                             "sorted by running, %s: all processes first, the processes in "
                             "order, each with its threads under it" % order,
                             "%s" % [(k, p, r[col]) for k, p, r, _ in s]))
    action(t.get_column_header(0), 'click')     # back to the pid order
    pids = lambda: [pid for k, pid, _, _ in structure(t) if k == 'proc']
    results.append(check(wait_for(lambda: pids() == sorted(pids()), 5),
                         "the pid column's header puts the processes back in pid order", pids()))
    return all(results)


def page_time(app):
    """the time tree as {where: ns}; the rows under "syscalls" as "syscall NAME",
    under "blocked" as "blocked REASON" (futex is both)"""
    tt = find(app, 'tree table', 'Process time')
    out, section = {}, None
    for where, t in rows(tt) if tt is not None else []:
        if where in ('syscalls', 'blocked'):
            out[where] = dur_ns(t)
            section = where
            continue
        if where in ('traps', 'lifetime', "thread time (its threads' lifetimes summed)",
                     'zombie (dead, not reaped yet)'):
            section = None
        out["%s %s" % ({'syscalls': 'syscall', 'blocked': 'blocked'}[section], where)
            if section else where] = dur_ns(t)
    return out


def want_time(t, threads_of=1):
    w = {'running': t['running_ns'], 'user': t['user_ns'], 'kernel': t['kernel_ns'],
         'syscalls': t['syscall_ns'], 'traps': t['trap_ns'],
         'kernel thread, or mode never known': t['kthread_ns'],
         'interrupted (irqs, softirqs)': t['interrupted_ns'], 'softirq part': t['softirq_ns'],
         'runnable (waiting for a CPU)': t['runnable_ns'], 'blocked': t['blocked_ns'],
         'unknown (no data: a CPU without data may have run it)': t['unknown_ns'],
         'lifetime': t['lifetime_ns'], 'zombie (dead, not reaped yet)': t['zombie_ns']}
    if threads_of > 1:
        w["thread time (its threads' lifetimes summed)"] = t['thread_lifetime_ns']
    for r, v in t['blocked_by'].items():
        w['blocked ' + r] = v
    for name, sc in t['syscalls'].items():
        w['syscall ' + name] = sc['cpu_ns']
    return w


def page_syscalls(app):
    t = find(app, 'table', 'Process syscalls') or find(app, 'tree table', 'Process syscalls')
    out = {}
    for r in rows(t) if t is not None else []:
        out[r[0]] = [int(r[1]), int(r[2]), dur_ns(r[3]), dur_ns(r[4]), dur_ns(r[5]), dur_ns(r[6]),
                     dur_ns(r[7]), dur_ns(r[8]), dur_ns(r[9]), int(r[10])]
    return out


def want_syscalls(scs):
    return {n: [s['nr'], s['count'], s['latency']['total_ns'], s['latency']['min_ns'],
                s['latency']['mean_ns'], s['latency']['max_ns'], s['cpu_ns'], s['blocked_ns'],
                s['runnable_ns'], s['partial']] for n, s in scs.items()}


def page_files(app):
    st = wait_for(lambda: label_text(app, r'^\d+ files, \d+ opens$'))
    t = find(app, 'table', 'Files opened') or find(app, 'tree table', 'Files opened')
    got = {}
    for r in rows(t) if t is not None else []:
        got[r[0]] = [int(r[1]), int(r[2]), int(r[3]), r[4], int(r[5])]
    return st, got


def want_files(opens, pids):
    w = {}
    for e in sorted(opens, key=lambda e: (e['time_ns'], e['cpu'], e['offset'])):
        if pids is not None and e['pid'] not in pids:
            continue
        a = e['args']
        x = w.setdefault(a['filename'], [0, 0, 0, '', 0])
        x[0] += 1
        x[1] += a['fd'] < 0
        x[2], x[3], x[4] = a['fd'], "0x%x" % a['flags'], e['pid']
    return w


def check_page(app, t, s, kind, pid, data):
    procs, threads, syscalls, opens = data
    r = [i for i, (k, p, _, _) in enumerate(s) if k == kind and p == pid][0]
    select_row(t, r)
    if kind == 'all':
        title = wait_for(lambda: label_text(app, r'^All processes: '))
        tk = None
    elif kind == 'proc':
        tk = [p for p in procs if p['pid'] == pid][0]
        title = wait_for(lambda: label_text(app, r'^Process %d %s \(parent %d\): %d thread' %
                                            (pid, re.escape(tk['name']), tk['ppid'], tk['threads'])))
    else:
        tk = [x for x in threads if x['pid'] == pid][0]
        title = wait_for(lambda: label_text(app, r'^Thread %d %s of process %d' %
                                            (pid, re.escape(tk['name']), tk['tgid'])))
    what = {'all': 'all processes', 'proc': 'process %d' % pid, 'thread': 'thread %d' % pid}[kind]
    check(title is not None, "%s: its page (%s)" % (what, title))
    if kind == 'all':
        tot = {}
        for x in threads:
            for k, v in x.items():
                if isinstance(v, int) and not isinstance(v, bool):
                    tot[k] = tot.get(k, 0) + v
            tot.setdefault('blocked_by', {})
            for k, v in x['blocked_by'].items():
                tot['blocked_by'][k] = tot['blocked_by'].get(k, 0) + v
        tot['syscalls'] = {}
        for p in procs:
            for n, sc in p['syscalls'].items():
                tot['syscalls'][n] = tot['syscalls'].get(n, 0) + sc['cpu_ns']
        tot['syscalls'] = {n: {'cpu_ns': v} for n, v in tot['syscalls'].items()}
        # lttr_account_total(): the lifetime from the earliest start to the latest end
        tot['lifetime_ns'] = max(x['end_ns'] for x in threads) - min(x['begin_ns'] for x in threads)
        want = want_time(tot, 2)
        want_sc = want_syscalls(syscalls['syscalls'])
        pids = None
    else:
        want = want_time(tk, tk['threads'] if kind == 'proc' else 1)
        want_sc = want_syscalls(tk['syscalls'])
        pids = set(x['pid'] for x in threads if x['tgid'] == pid) if kind == 'proc' else {pid}
    got = page_time(app)
    check(got == want, "%s: its time to the nanosecond: running, user, kernel by syscall "
          "(on CPU), traps, interrupted and its softirq part, runnable, blocked by reason, "
          "lifetime (and its threads' summed), zombie" % what, "got %s\n  want %s" % (got, want))
    got = page_syscalls(app)
    check(got == want_sc and len(got) > 0, "%s: its syscalls (%s): calls, total, min, mean, max, "
          "on CPU, blocked, runnable, partial" % (what, ", ".join(sorted(got))),
          "got %s\n  want %s" % (got, want_sc))
    st, got = page_files(app)
    wf = want_files(opens, pids)
    check(got == wf and st == "%d files, %d opens" % (len(wf), sum(x[0] for x in wf.values())),
          "%s: the files it opened (%s): opens, failed, last fd, flags, by whom" %
          (what, st), "got %s\n  want %s" % (got, wf))


def check_cpus(app, summary):
    t = find(app, 'table', 'CPUs') or find(app, 'tree table', 'CPUs')
    got = rows(t) if t is not None else []
    sysj = summary['time']['system']
    keys = ['idle_ns', 'user_ns', 'kernel_ns', 'irq_ns', 'softirq_ns', 'unknown_ns']
    want = [[str(c['cpu'])] + [fmt_dur(c[k]) for k in keys] + [str(c['switches'])]
            for c in sysj['cpus']]
    want.append(['all'] + [fmt_dur(sysj[k]) for k in keys] +
                [str(sum(c['switches'] for c in sysj['cpus']))])
    check(got == want, "all processes: the per-CPU table (idle, user, kernel, irq, softirq, "
          "unknown, switches) and their sums, as summary --time --json",
          "got %s\n  want %s" % (got, want))


# ---- the statistics page ----

def bucket(ns):
    b = 0
    while ns > 1 and b < BUCKETS - 1:
        ns >>= 1
        b += 1
    return b


def drawn_range(hist):
    """the buckets stats.c draws: one empty each side, ten at least"""
    nz = [k for k, c in enumerate(hist) if c]
    b0, b1 = max(nz[0] - 1, 0), min(nz[-1] + 1, BUCKETS - 1)
    while b1 - b0 + 1 < 10:
        if b1 < BUCKETS - 1:
            b1 += 1
        elif b0 > 0:
            b0 -= 1
        else:
            break
    return b0, b1


def click(x, y):
    """a click at a point of the screen: xdotool (XTest) when there, else AT-SPI's"""
    if subprocess.call(['xdotool', 'mousemove', str(x), str(y), 'click', '1'],
                       stderr=subprocess.DEVNULL) != 0:
        Atspi.generate_mouse_event(x, y, 'b1c')


def click_bucket(area, hist, k):
    ext = area.get_extents(Atspi.CoordType.SCREEN)
    b0, b1 = drawn_range(hist)
    bw = (ext.width - 66 - 14) / (b1 - b0 + 1)
    click(int(ext.x + 66 + (k - b0 + 0.5) * bw), int(ext.y + ext.height - 40 - 2))


def histogram_row(t, path):
    """select a row of the histograms list by its labels from the top"""
    n = t.get_n_rows()
    r, depth = 0, 0
    while r < n and depth < len(path):
        name = t.get_accessible_at(r, 0).get_name()
        if name == path[depth]:
            if depth == len(path) - 1:
                select_row(t, r)
                return True
            cell = t.get_accessible_at(r, 0)
            if not cell.get_state_set().contains(Atspi.StateType.EXPANDED):
                expand(t, cell)
                n = t.get_n_rows()
            depth += 1
        r += 1
    return False


def check_bucket(app, area, what, hist, k, inst, t0):
    click_bucket(area, hist, k)
    lo = 0 if k == 0 else 1 << k
    want_label = "[%s, %s): %d" % (fmt_dur(lo), fmt_dur(1 << (k + 1)), hist[k])
    wait_for(lambda: label_text(app, '^%s$' % re.escape(want_label)))
    lab = label_text(app, r'^\[.*\): \d+')
    t = find(app, 'table', 'Instances') or find(app, 'tree table', 'Instances')
    got = [r for r in rows(t)] if t is not None else []
    want = [["%d %s" % (pid, name), str(cpu), fmt_time(start - t0), fmt_dur(d)]
            for pid, name, cpu, start, d in sorted(inst, key=lambda x: x[3]) if bucket(d) == k]
    check(lab == want_label and got == want and len(want) == hist[k],
          "%s: a click on bucket %d lists its %d calls (task, cpu, start, duration)" %
          (what, k, hist[k]), "label %s (want %s)\n  got %s\n  want %s" %
          (lab, want_label, got, want))
    return t, want


def check_stats(app, syscalls, irqs, t0):
    names = {5: 'cat', 6: 'make', 7: 'make'}
    reads = []
    with open(READS) as f:
        for line in f:
            pid, cpu, start, d = map(int, line.split())
            reads.append((pid, names.get(pid, '?'), cpu, start, d))
    show_tab(app, 'Statistics')
    t = wait_for(lambda: find(app, 'tree table', 'Histograms'))
    top = max(syscalls['syscalls'].items(), key=lambda kv: (kv[1]['count'], [-ord(c) for c in kv[0]]))
    sel = selected_rows(t)
    check(sel and t.get_accessible_at(sel[0], 0).get_name() == top[0],
          "the statistics open on the most frequent syscall of all processes (%s)" % top[0])
    lat = top[1]['latency']
    info = "%s, all processes: %d, total %s, min %s, mean %s, max %s" % (
        top[0], lat['count'], fmt_dur(lat['total_ns']), fmt_dur(lat['min_ns']),
        fmt_dur(lat['mean_ns']), fmt_dur(lat['max_ns']))
    got = label_text(app, r'^%s, all processes: ' % top[0])
    check(got == info, "its figures above the histogram: %s" % got, "want %s" % info)
    area = find(app, 'drawing area', 'Latency histogram')
    hist = lat['log2_hist'] + [0] * (BUCKETS - len(lat['log2_hist']))
    k = max(range(BUCKETS), key=lambda i: (hist[i], -i))
    tbl, want = check_bucket(app, area, "read, all processes", hist, k,
                             [r for r in reads], t0)
    # double-click (activate) the first: the window around it, the cursor at its start
    if want:
        pid, start, d = int(want[0][0].split()[0]), None, None
        for r in sorted(reads, key=lambda x: x[3]):
            if bucket(r[4]) == k:
                start, d = r[3], r[4]
                break
        action(tbl.get_accessible_at(0, 0), 'activate')
        wait_for(lambda: ("cursor %s" % fmt_time(start - t0)) in status(app))
        st = status(app)
        margin = max(d // 2, 1000)
        check(("cursor %s" % fmt_time(start - t0)) in st and
              ("window %s" % fmt_dur(d + 2 * margin)) in st,
              "double-click on a call: the cursor at its start, the window around it (%s)" %
              st.split('   ')[0:2], st)
        ptab = find(app, 'tree table', 'Processes table')
        selp = [ptab.get_accessible_at(r, 0).get_name() for r in selected_rows(ptab)]
        check(selp == [str(pid)], "and its task selected (the processes table follows: %s)" % selp)
    # one process's calls: make's reads (thread 7)
    procs = {p['pid']: p for p in syscalls['processes']}
    mk = procs[6]['syscalls']['read']['latency']
    hist = mk['log2_hist'] + [0] * (BUCKETS - len(mk['log2_hist']))
    ok_sel = histogram_row(t, ["Syscalls by process", "6 make", "read"])
    # the line above the histogram names the selection once it is shown
    got = wait_for(lambda: label_text(app, r'^read, 6 make: '))
    check(ok_sel and got is not None and got.startswith("read, 6 make: %d," % mk['count']),
          "a process's syscall: %s" % got)
    k = max(k for k in range(BUCKETS) if hist[k])
    check_bucket(app, area, "read, 6 make", hist, k, [r for r in reads if r[0] in (6, 7)], t0)
    # an irq vector
    q = irqs['irqs'][0]
    name = "vector %d %s" % (q['irq'], q['name']) if q['sysvec'] else "irq %d %s" % (q['irq'], q['name'])
    ok_sel = histogram_row(t, ["IRQs", name])
    ok_sel = wait_for(lambda: label_text(app, '^%s: ' % re.escape(name))) is not None and ok_sel
    h = q['duration']['log2_hist']
    k = max(range(len(h)), key=lambda i: h[i])
    click_bucket(area, h + [0] * (BUCKETS - len(h)), k)
    lab = wait_for(lambda: label_text(app, r'^\[.*\): \d+'))
    tb = find(app, 'table', 'Instances') or find(app, 'tree table', 'Instances')
    got = rows(tb) if tb is not None else []
    check(ok_sel and lab is not None and lab.endswith("): %d" % h[k]) and len(got) == h[k],
          "irq %s: its bucket %d lists %d handler runs (%s)" % (name, k, h[k], got))


def main():
    global PROG, TRACE, JDIR, READS
    PROG, TRACE, JDIR, READS = sys.argv[1:5]
    procs = load('processes.json')['processes']
    threads = load('threads.json')['threads']
    syscalls = load('syscalls.json')
    summary = load('summary.json')
    opens = load('opens.json')['events']
    irqs = load('irqs.json')
    t0 = summary['trace']['start_ns']
    env = dict(os.environ)
    env.pop('NO_AT_BRIDGE', None)
    gui = subprocess.Popen([PROG, '--size', '1280x1000', '--view', 'processes', TRACE], env=env)
    try:
        app = find_app()
        if not check(app is not None, "the program shows up on the accessibility bus"):
            return
        t = wait_for(lambda: find(app, 'tree table', 'Processes table'))
        if not check(t is not None and t.get_n_rows() > 0, "the processes table is there"):
            return
        s = check_table(app, t, procs, threads)
        check_sort(t, procs)
        s = structure(t)
        data = (procs, threads, syscalls, opens)
        multi = [p['pid'] for p in procs if p['threads'] > 1][0]
        check_page(app, t, s, 'proc', multi, data)
        other = [x['pid'] for x in threads if x['tgid'] == multi and x['pid'] != multi][0]
        check_page(app, t, structure(t), 'thread', other, data)
        single = [p['pid'] for p in procs if p['threads'] == 1 and p['syscalls']][0]
        check_page(app, t, structure(t), 'proc', single, data)
        check_page(app, t, structure(t), 'all', 0, data)
        check_cpus(app, summary)
        check_stats(app, syscalls, irqs, t0)
    finally:
        gui.terminate()
        try:
            gui.wait(10)
        except subprocess.TimeoutExpired:
            gui.kill()
        print("DONE")


if __name__ == '__main__':
    main()
