#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# replaycheck.py - what tests/host/replay.t expects of tracevisualizer
# replay, computed from the text of "tracevisualizer dump" (or "messages
# --list") alone, never from the replay: each subcommand prints one line
# per expected stop.
#   runq DUMP CPU N      the moments "runqueue of CPU > N" changes: REL 0|1
#                        (a task is on a CPU's runqueue from its wakeup
#                        there, or its switch out still runnable, to its
#                        switch in; a wakeup of a running task changes
#                        nothing)
#   state DUMP PID       each change of the task's state: REL OLD NEW
#   wakeups DUMP A B     every wakeup of task A by task B: REL
#   msgs LIST NS         per pair of processes, the messages in flight
#                        longer than NS: SRC DST COUNT
#   stops JSON KIND      the stops of a replay --json of that kind: REL
#                        (with the watch's OLD NEW when KIND is watch)
import json
import re
import sys

LINE = re.compile(r'^(-?\d+\.\d+) \S+ (\d+) (.*)-(\d+) [C-] (\S+) ?(.*)$')


def events(path):
    with open(path) as f:
        for ln in f:
            if ln.startswith('#'):
                continue
            m = LINE.match(ln.rstrip('\n'))
            if not m:
                raise SystemExit('unparsed dump line: ' + ln)
            yield m.group(1), int(m.group(2)), int(m.group(4)), m.group(5), m.group(6)


def sched(desc):
    m = re.match(r'(\d+) -> (\d+) \(prev_state (\d+)', desc)
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def runq(path, cpu, n):
    rq = {}          # pid -> cpu of the runqueue it waits on
    running = set()
    last = False
    for rel, c, pid, typ, desc in events(path):
        if typ == 'wakeup':
            w = int(re.search(r'pid=(\d+)', desc).group(1))
            if w not in running:
                rq[w] = int(re.search(r'cpu=(\d+)', desc).group(1))
        elif typ == 'schedchange':
            prev, nxt, st = sched(desc)
            running.discard(prev)
            if st == 0 and prev:
                rq[prev] = c
            rq.pop(nxt, None)
            if nxt:
                running.add(nxt)
        now = sum(1 for v in rq.values() if v == cpu) > n
        if now != last:
            print(rel, int(now))
            last = now


def state(path, pid):
    st, exited = 'unknown', False
    for rel, c, p, typ, desc in events(path):
        new = st
        if typ == 'fork' and re.search(r'child=%d ' % pid, desc + ' '):
            new = 'runnable'
        elif typ == 'wakeup' and re.search(r'pid=%d ' % pid, desc) and st != 'running':
            new = 'runnable'
        elif typ == 'schedchange':
            prev, nxt, s = sched(desc)
            if nxt == pid:
                new = 'running'
            elif prev == pid:
                new = 'runnable' if s == 0 else 'zombie' if exited else 'blocked'
        elif typ == 'exit' and p == pid:
            exited = True
        elif typ == 'reap' and re.search(r'pid=%d ' % pid, desc):
            new = 'dead'
        if new != st:
            print(rel, st if st == 'unknown' else '"%s"' % st, '"%s"' % new)
            st = new


def wakeups(path, a, b):
    for rel, c, p, typ, desc in events(path):
        if typ == 'wakeup' and p == b and re.search(r'pid=%d ' % a, desc):
            print(rel)


def msgs(path, ns):
    count = {}
    with open(path) as f:
        for ln in f:
            w = ln.split()
            send, src, dst, recv = w[0], w[2], w[3], w[5]
            s = [int(x) for x in send.split('.')]
            r = [int(x) for x in recv.split('.')]
            d = (r[0] - s[0]) * 10**9 + r[1] - s[1]
            if d > ns:
                count[(src, dst)] = count.get((src, dst), 0) + 1
    for (s, d), k in sorted(count.items()):
        print(s, d, k)


def stops(path, kind):
    with open(path) as f:
        doc = json.load(f)
    for s in doc['stops']:
        if s['kind'] != kind:
            continue
        rel = s['rel_ns']
        t = '%s%d.%09d' % ('-' if rel < 0 else '', abs(rel) // 10**9, abs(rel) % 10**9)
        print(t, s['old'], s['value']) if kind == 'watch' else print(t)


cmd, args = sys.argv[1], sys.argv[2:]
if cmd == 'runq':
    runq(args[0], int(args[1]), int(args[2]))
elif cmd == 'state':
    state(args[0], int(args[1]))
elif cmd == 'wakeups':
    wakeups(args[0], int(args[1]), int(args[2]))
elif cmd == 'msgs':
    msgs(args[0], int(args[1]))
elif cmd == 'stops':
    stops(args[0], args[1])
else:
    raise SystemExit('unknown subcommand ' + cmd)
