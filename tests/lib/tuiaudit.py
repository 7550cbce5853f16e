#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tuiaudit.py - screens of "tracevisualizer tui --audit DIR" (tui/firings.c)
captured in tmux, against "tracevisualizer audit --json DIR"
(tests/host/tui-audit.t).  Prints PASS/FAIL lines and DONE.

  tuiaudit.py list JSON SCREEN WIDTH
      the list: each firing of the JSON on two lines, in its order: its
      seq, time, latency (or "instant") and rule; a request's side and
      peer ("caller, peer 10.0.1.2:7201"), its condition's values and its
      first three selected blamed parties with their shares (or "not
      analysed: WHY"), each line cut at WIDTH
  tuiaudit.py text JSON SCREEN SEQ
      the text under the list (or the lesson pane) for firing SEQ: a line
      per blamed party (its rank, name, blame and share, * when selected)
      and a line per total of the explanation, as the JSON's
  tuiaudit.py code JSON SCREEN SEQ WIDTH
      the code paths of firing SEQ under the list, from the line starting
      "Code paths": the heading (how many, by how many leaf frames, the
      time without a recorded stack in ns) and a line per path (* when
      chosen, its rank, blame in ns, share with 3 decimals, on or off the
      path, its leaf frames) and the symbol files' warning, or "Code
      paths: unavailable: WHY", exactly as the JSON's
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
    if f.get('side'):   # a request: its side and peer first
        l2 = '      %s, peer %s  ' % (f['side'], f['peer'] or 'unknown') + values(f)
    s = f['snapshot']
    if s and not s['complete']:
        l2 += '  snapshot incomplete: ' + (s['error'] or 'no error given')
        if s['dropped_bytes'] is not None:
            l2 += '; %d bytes of buffers not written' % s['dropped_bytes']
    i = f['instance']
    if not i['analysed']:
        l2 += '  not analysed: ' + i['why']
    else:
        top = [p for p in i['blame']['parties'] if p['top']][:3]
        l2 += '  blamed: ' + ', '.join('%s %.1f %%' % (who(p), float(p['share'])) for p in top)
    return l1, l2


def code_lines(f):
    """the code paths' lines of firing f, as tui/firings.c lays them out"""
    i = f['instance']
    if not i['analysed']:
        return ['Code paths: none (the firing is not analysed)']
    b = i['blame']
    c = b['code_paths']
    if c is None:
        return ['Code paths: ' + b['code_paths_unavailable']]
    out = ['Code paths (%d, by %d leaf frames%s; *: chosen as the parties): %d ns without '
           'a recorded stack' % (len(c['paths']), c['frames'], '' if c['named'] else ', as addresses',
                                 c['no_stack_ns'])]
    for k, p in enumerate(c['paths'][:6]):
        out.append('%s %2d %14d ns %8.3f %%  %s  %s' % (
            '*' if p['top'] else ' ', k + 1, p['blame_ns'], float(p['share']),
            'on the path ' if p['critical'] else 'off the path', p['path']))
    if len(c['paths']) > 6:
        out.append('   (and %d more: audit --json lists them all)' % (len(c['paths']) - 6))
    if not c['paths']:
        out.append("   none: no stack recorded for the instance's time")
    if i.get('code_paths_warning'):
        out.append('   warning: ' + i['code_paths_warning'])
    return out


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
    elif cmd == 'code':
        scr = [l.rstrip() for l in open(sys.argv[3]).read().split('\n')]
        f = firing(j, int(sys.argv[4]))
        w = int(sys.argv[5])
        want = [l[:w].rstrip() for l in code_lines(f)]
        at = [k for k, l in enumerate(scr) if l.startswith('Code paths')]
        if ok(len(at) == 1, 'firing %d: one code paths heading on the screen (%d)' % (f['seq'], len(at))):
            got = scr[at[0]:at[0] + len(want)]
            for k, l in enumerate(want):
                ok(k < len(got) and got[k] == l, 'firing %d: code paths line %d as audit --json says: %r (shown %r)'
                   % (f['seq'], k + 1, l, got[k] if k < len(got) else None))
            ok(at[0] + len(want) >= len(scr) or not scr[at[0] + len(want)].strip(),
               'firing %d: nothing more in the code paths\' list' % f['seq'])
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
