#!/usr/bin/python3
"""viewcsv.py VIEW CSV JSON - what a view's table holds (its --export-csv,
the same run as its screenshot) against the command line's --json of the
same trace: processes (processes --json: every process, its pid, name,
threads and times, to the view's 3 decimals of ms, and each thread
listed under its process as processes --threads --json, beside it), events (dump --json:
every event, its time to the ns, cpu, pid, type), stats (syscalls --json:
every syscall's count over all processes).  Prints "same" or what differs
(tests/guest/44-gtk.t)."""
import csv, json, sys
view, path, jpath = sys.argv[1:4]
rows = list(csv.reader(open(path, newline='')))
head, rows = rows[0], rows[1:]
j = json.load(open(jpath))
bad = []
if view == 'processes':
    # the tree's rows in order: a process, then its threads (when it has
    # more than one), the process's own pid again among them; THREADS
    # (processes --threads --json) beside JSON, named like it
    want = {p['pid']: p for p in j['processes']}
    thr = {x['pid']: x for x in json.load(open(jpath.replace('.processes.', '.threads.')))['threads']}
    seen, left = set(), 0
    for r in rows:
        if not r[0]:
            continue
        cells = dict(zip(head, r))
        pid = int(r[0])
        if pid in want and pid not in seen:
            p, kind = want[pid], 'process'
            seen.add(pid)
            left = p['threads'] if p['threads'] > 1 else 0
        elif left and pid in thr:
            p, kind = thr[pid], 'thread'
            left -= 1
        else:
            bad.append('row %s: no such process (or thread of the process above)' % r[:3])
            continue
        if cells['name'] != p['name'] or int(cells['threads']) != (p['threads'] if kind == 'process' else 1):
            bad.append('%s %d: %s %s, want %s %d' % (kind, pid, cells['name'], cells['threads'],
                                                     p['name'], p.get('threads', 1)))
        for col, key in (('lifetime', 'lifetime_ns'), ('running', 'running_ns'), ('user', 'user_ns'),
                         ('kernel', 'kernel_ns'), ('runnable', 'runnable_ns'), ('blocked', 'blocked_ns')):
            # ms with 3 decimals: within half a microsecond of the ns
            if abs(float(cells[col]) * 1e6 - p[key]) > 500.5:
                bad.append('%s %d %s: %s ms, want %d ns' % (kind, pid, col, cells[col], p[key]))
    if seen != set(want):
        bad.append('processes not shown: %s' % sorted(set(want) - seen))
elif view == 'events':
    evs = j['events']
    if len(rows) != len(evs):
        bad.append('%d rows, dump has %d events' % (len(rows), len(evs)))
    for r, e in zip(rows, evs):
        a, b = r[0].split('.')
        ns = int(a) * 10**9 + int(b.ljust(9, '0'))
        if (ns, int(r[1]), int(r[2]), r[5]) != (e['rel_ns'], e['cpu'], e['pid'], e['type']):
            bad.append('row %s, event %s' % (r[:6], (e['rel_ns'], e['cpu'], e['pid'], e['type'])))
            break
elif view == 'stats':
    sec, got = None, {}
    for r in [head] + rows:
        if len(r) > 1 and r[1] == '':
            sec = r[0]
        elif sec == 'Syscalls, all processes' and len(r) == 2:
            got[r[0]] = int(r[1])
    # (a syscall none of whose calls returned shows 0; --json leaves it out)
    got = {k: v for k, v in got.items() if v}
    want = {k: v['count'] for k, v in j['syscalls'].items() if v['count']}
    if not got or got != want:
        bad.append('syscalls, all processes: %s, syscalls --json %s' % (got, want))
print('same' if not bad else '\n'.join(bad[:10]))
