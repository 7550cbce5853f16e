#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tuiaudit.py - screens of "tracevisualizer tui --audit DIR" (tui/firings.c)
captured in tmux, against "tracevisualizer audit --json DIR"
(tests/host/tui-audit.t).  Prints PASS/FAIL lines and DONE.

  tuiaudit.py list JSON SCREEN WIDTH
      the list: each firing of the JSON on two lines, in its order: its
      seq, time, latency (or "instant") and rule; its condition's values
      and its first three selected blamed parties with their shares (or
      "not analysed: WHY"), each line cut at WIDTH
  tuiaudit.py text JSON SCREEN SEQ
      the text under the list (or the lesson pane) for firing SEQ: a line
      per blamed party (its rank, name, blame and share, * when selected)
      and a line per total of the explanation, as the JSON's
  tuiaudit.py rows JSON SEQ
      prints the filter of firing SEQ's selected blamed tasks, as the
      status line shows it ("pid == 31 || pid == 32")
  tuiaudit.py dim JSON ESCREEN SEQ
      the control flow captured with its attributes (capture-pane -e): the
      label of each task row of the snapshot drawn dimmed exactly when the
      task is not among firing SEQ's selected blamed parties
"""
import re
import sys

from check import ok, done, load
from tuicheck import attr_lines, text_of


def who(p):
    if p['kind'] == 'task':
        return 'task %d %s' % (p['pid'], p['comm'])
    if p['kind'] == 'irq':
        return 'irq %d%s' % (p['irq'], ' (vector)' if p.get('sysvec') else '')
    if p['kind'] == 'softirq':
        return 'softirq %d' % p['vector']
    return 'unknown (no data, or task %d not alive)' % p['pid']


def values(f):
    return ', '.join('%s = %s' % (v['expr'], 'unknown' if v['value'] is None else v['value'])
                     for v in f['values'])


def lines_of(f):
    if f['time_ns'] > f['start_ns']:
        l1 = '%4d  %.9f  %12.3f us  %s' % (f['seq'], f['time_ns'] / 1e9,
                                          (f['time_ns'] - f['start_ns']) / 1e3, f['text'])
    else:
        l1 = '%4d  %.9f  %15s  %s' % (f['seq'], f['time_ns'] / 1e9, 'instant', f['text'])
    l2 = '      ' + values(f)
    i = f['instance']
    if not i['analysed']:
        l2 += '  not analysed: ' + i['why']
    else:
        top = [p for p in i['blame']['parties'] if p['top']][:3]
        l2 += '  blamed: ' + ', '.join('%s %.1f %%' % (who(p), float(p['share'])) for p in top)
    return l1, l2


def firing(j, seq):
    return [f for f in j['firings'] if f['seq'] == seq][0]


def main():
    cmd = sys.argv[1]
    j = load(sys.argv[2])
    if cmd == 'rows':
        f = firing(j, int(sys.argv[3]))
        print(' || '.join('pid == %d' % p['pid'] for p in f['instance']['blame']['parties']
                          if p['top'] and p['kind'] == 'task'))
        return
    if cmd == 'list':
        scr = [l.rstrip() for l in open(sys.argv[3]).read().split('\n')]
        w = int(sys.argv[4])
        at = 2
        for f in j['firings']:
            l1, l2 = lines_of(f)
            got = scr[at:at + 2]
            ok(got == [l1[:w].rstrip(), l2[:w].rstrip()],
               'firing %d listed as audit --json says: %r' % (f['seq'], got))
            at += 2
        ok(len(j['firings']) > 0, 'the JSON has firings (%d)' % len(j['firings']))
    elif cmd == 'text':
        scr = [l.strip() for l in open(sys.argv[3]).read().split('\n')]
        f = firing(j, int(sys.argv[4]))
        b = f['instance']['blame']
        for k, p in enumerate(b['parties']):
            want = '%s %d  %s  %.3f us  %.1f %%  %s' % (
                '*' if p['top'] else ' ', k + 1, who(p), p['blame_ns'] / 1e3, float(p['share']),
                'on the critical path' if p['critical'] else 'off the path')
            ok(want.strip() in scr, 'firing %d: blamed party %d: %s' % (f['seq'], k + 1, want))
        tot = f['instance']['explanation']['totals']
        lat = f['instance']['latency_ns']
        ok('the instance explained (the parts add up to %.3f us):' % (lat / 1e3) in scr,
           'firing %d: the explanation, adding up to %.3f us' % (f['seq'], lat / 1e3))
        for t in tot:
            ok(any(re.match(r'%.3f us [0-9.]+%%  ' % (t['ns'] / 1e3), l) for l in scr),
               'firing %d: a total of %d ns' % (f['seq'], t['ns']))
    elif cmd == 'dim':
        f = firing(j, int(sys.argv[4]))
        parties = f['instance']['blame']['parties']
        top = {p['pid'] for p in parties if p['top'] and p['kind'] == 'task'}
        tasks = {p['pid']: p['comm'] for p in parties if p['kind'] == 'task'}
        lines = attr_lines(open(sys.argv[3]).read())
        for pid, comm in sorted(tasks.items()):
            row = [l for l in lines if re.match(r'^\s+%d %s\b' % (pid, re.escape(comm)), text_of(l))]
            if not ok(len(row) == 1, 'task %d %s has a row' % (pid, comm)):
                continue
            # its states' cells (the label of the selected task is in
            # reverse video; the cursor's column is underlined)
            cells = [a for c, a in row[0][28:] if c.strip()]
            ndim = sum('dim' in a for a in cells)
            dim = cells and ndim >= 0.9 * len(cells)
            bright = cells and ndim == 0
            if pid in top:
                ok(bright, 'task %d %s, blamed and selected: its row highlighted' % (pid, comm))
            else:
                ok(dim, 'task %d %s, not selected: its row dimmed' % (pid, comm))
    done()


if __name__ == '__main__':
    main()
