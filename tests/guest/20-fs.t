#!/bin/bash
# File system events: ltt-fsops makes each file system call with known
# arguments on a file with a unique name, and the trace shows each one
# with its payload: the failed open of a missing file (-ENOENT), the open
# (name, fd, flags, mode), 3 writes of 777 bytes, read, 2 lseeks (offset,
# whence, result), ioctl FIONREAD (fd, cmd, arg), select and poll (nfds,
# timeout), close, in that order, and a child's exec of /bin/true.
# Then a race (ltt-openrace): one thread opens /dev/null 20000 times while
# another closes descriptors 3..9 in a loop; every successful close of a
# descriptor must come after the open that returned it (the open's event
# is emitted before the descriptor is installed, the close's after it is
# gone).
# Then the descriptors dup and pipe make (format 1.7): ltt-dup calls dup,
# dup2, dup3, fcntl(F_DUPFD, F_DUPFD_CLOEXEC), pipe and pipe2 with known
# results, and a shell pipeline runs (cat | sort | wc: the shell's pipes
# and the dup2 of their ends onto 0 and 1); the events carry each call's
# descriptors exactly, and the file each read and write works on is the
# one a walk of all the events keeps (tracevisualizer/utest/test-fdfile on
# this trace): 0 differ, on dup'ed descriptors and pipe ends too.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/fdfile.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT
name=/tmp/ltt-fsops-$$-$RANDOM

vm_run "$share" 300 "traced -q -e fs,process -o /mnt/share/t -- ltt-fsops $name > /mnt/share/out
traced -q -e fs,syscall -o /mnt/share/race -- ltt-openrace 20000 > /mnt/share/race.out
traced -q -e fs,process,syscall -o /mnt/share/dup -- sh -c 'ltt-dup $name.dup > /mnt/share/dup.out && cat /mnt/share/dup.out | sort | wc -l > /mnt/share/dup.lines'"
ok $? "guest ran ltt-fsops under traced"
tracevisualizer dump --json --type fs_open,fs_close,fs_read,fs_write,fs_lseek,fs_ioctl,fs_select,fs_poll,fork,exec \
	"$share/t" > "$share/d.json"
ok $? "dump --json of the fs and process events"
conserved "$share/t"
checks < <(PYTHONPATH=tests/lib python3 - "$share/d.json" "$share/out" "$name" <<'PY'
import sys
from check import ok, load, done
ev = load(sys.argv[1])['events']
kv = dict(l.split(None, 1) for l in open(sys.argv[2]).read().splitlines())
name = sys.argv[3]
pid, fd, child = int(kv['pid']), int(kv['fd']), int(kv['child'])
arg = int(kv['ioctl_arg'], 16)
mine = [e for e in ev if e['pid'] == pid]
print("pid %d fd %d child %d: %d events" % (pid, fd, child, len(mine)))

def of(t, **kw):
    return [e for e in mine if e['type'] == t and
            all(e['args'].get(k) == v for k, v in kw.items())]

ok(all(e['details'] for e in ev), "every event carries its payload")
o = of('fs_open', filename=name)
ok(len(o) == 1 and o[0]['args']['fd'] == fd,
   "one open of %s, fd %d (%s)" % (name, fd, [e['args'] for e in o]))
ok(o and o[0]['args']['flags'] & 0o1103 == 0o1102 and o[0]['args']['mode'] == 0o640,
   "its flags hold O_CREAT|O_RDWR|O_TRUNC and its mode is 0640")
m = of('fs_open', filename=name + '.missing')
ok(len(m) == 1 and m[0]['args']['fd'] == -2, "the missing file's open: fd -ENOENT (%s)"
   % [e['args'] for e in m])
w = of('fs_write', fd=fd)
ok(len(w) == 3 and all(e['args']['count'] == 777 and e['args']['ret'] == 777 for e in w),
   "3 writes of 777 bytes to fd %d, 777 done each (%s)" % (fd, [e['args'] for e in w]))
r = of('fs_read', fd=fd)
ok(len(r) == 1 and r[0]['args']['count'] == 333 and r[0]['args']['ret'] == 333,
   "one read of 333 bytes, 333 done (%s)" % [e['args'] for e in r])
s = [(e['args']['offset'], e['args']['whence'], e['args']['ret']) for e in of('fs_lseek', fd=fd)]
ok(s == [(100, 0, 100), (-50, 2, 3 * 777 - 50)],
   "lseek(100, SEEK_SET) = 100 then lseek(-50, SEEK_END) = 2281 (%s)" % s)
i = of('fs_ioctl', fd=fd)
ok(len(i) == 1 and i[0]['args']['cmd'] == 0x541B and i[0]['args']['arg'] == arg,
   "one ioctl FIONREAD (0x541b) with arg 0x%x (%s)" % (arg, [e['args'] for e in i]))
# the kernel records the time left until the deadline it computed from
# the timeout on entry: the timeout less the microseconds since (allowed:
# up to 100 ms, for a host that stalls the guest)
def left(e, t):
    return 0 <= t - e["args"]["timeout_ns"] < 100000000

sel = of('fs_select')
ok(len(sel) == 1 and sel[0]['args']['nfds'] == fd + 1 and left(sel[0], 1250000000),
   "one select: nfds %d, timeout 1.25 s (%s)" % (fd + 1, [e['args'] for e in sel]))
p = of('fs_poll')
ok(len(p) == 1 and p[0]['args']['nfds'] == 2 and left(p[0], 2500000000),
   "one poll: nfds 2, timeout 2500 ms (%s)" % [e['args'] for e in p])
c = of('fs_close', fd=fd)
ok(len(c) == 1, "one close of fd %d (%d)" % (fd, len(c)))
seq = [e['type'] for e in mine if e['type'] in ('fs_select', 'fs_poll') or
       (e['type'].startswith('fs_') and e['args'].get('fd') == fd)]
want = ['fs_open'] + ['fs_write'] * 3 + ['fs_lseek', 'fs_read', 'fs_lseek', 'fs_ioctl',
                                          'fs_select', 'fs_poll', 'fs_close']
ok(seq == want, "in the program's order: %s" % seq)
f = [e for e in mine if e['type'] == 'fork' and e['args']['child'] == child]
ok(len(f) == 1, "the fork of the child %d" % child)
x = [e for e in ev if e['type'] == 'exec' and e['pid'] == child]
ok(len(x) == 1 and x[0]['args']['filename'] == '/bin/true',
   "the child's exec shows the file name /bin/true (%s)" % [e['args'] for e in x])
ok(f and x and c and c[0]['time_ns'] < f[0]['time_ns'] < x[0]['time_ns'],
   "close, fork, exec in time order")
done()
PY
)

tracevisualizer dump --json --type fs_open,fs_close,syscall_exit "$share/race" > "$share/race.json"
ok $? "dump --json of the open/close race"
checks < <(PYTHONPATH=tests/lib python3 - "$share/race.json" "$share/race.out" <<'PY'
import sys
from check import ok, load, done
ev = load(sys.argv[1])['events']
kv = dict(l.split(None, 1) for l in open(sys.argv[2]).read().splitlines())
opener, closer = int(kv['opener']), int(kv['closer'])
NR_CLOSE = 3
# the closer's successful closes: an fs_close followed by its close's exit 0
closes, pending = set(), None
for i, e in enumerate(ev):
    if e['pid'] != closer:
        continue
    if e['type'] == 'fs_close':
        pending = i
    elif e['type'] == 'syscall_exit' and e['args']['nr'] == NR_CLOSE and pending is not None:
        if e['args']['ret'] == 0:
            closes.add(pending)
        pending = None
print("opener %d closer %d: %s opens, %s closes (program); %d successful closes in the trace"
      % (opener, closer, kv['opens'], kv['closes'], len(closes)))
ok(len(closes) == int(kv['closes']) and len(closes) > 0,
   "every successful close of the closer is in the trace (%d)" % len(closes))
# walk in trace order: a close of fd X needs an open of X not closed yet
open_count, early = {}, 0
for i, e in enumerate(ev):
    if e['type'] == 'fs_open' and e['pid'] == opener and e['args']['fd'] >= 0:
        fd = e['args']['fd']
        open_count[fd] = open_count.get(fd, 0) + 1
    elif i in closes:
        fd = e['args']['fd']
        if open_count.get(fd, 0) > 0:
            open_count[fd] -= 1
        else:
            early += 1
            if early == 1:
                print("first close before its open: %s" % e)
ok(early == 0, "no successful close comes before the open of its descriptor (%d do)" % early)
done()
PY
)

tracevisualizer dump --json --type fs_dup,fs_pipe,fs_open,fork,exec "$share/dup" > "$share/dup.json"
ok $? "dump --json of the dup and pipe events"
conserved "$share/dup"
checks < <(PYTHONPATH=tests/lib python3 - "$share/dup.json" "$share/dup.out" "$share/dup.lines" <<'PY'
import sys
import lttfmt
from check import ok, load, done
ev = load(sys.argv[1])['events']
kv = dict((k, int(v)) for k, v in (l.split() for l in open(sys.argv[2])))
lines = open(sys.argv[3]).read().strip()
pid, fd = kv['pid'], kv['fd']
O_CLOEXEC, O_NONBLOCK, EBADF = 0o2000000, 0o4000, 9
DUP, DUP2, FCNTL = (lttfmt.DUP_CALLS[k] for k in ('dup', 'dup2', 'fcntl'))
ok(lines == '10', "the pipeline counted ltt-dup's 10 lines (%s)" % lines)
dups = [(e['args']['oldfd'], e['args']['newfd'], e['args']['cloexec'], e['args']['call'])
        for e in ev if e['type'] == 'fs_dup' and e['pid'] == pid]
want = [(fd, kv['d_dup'], False, DUP), (fd, 20, False, DUP2), (fd, 21, True, DUP2),
        (fd, 30, False, FCNTL), (fd, 40, True, FCNTL), (fd, fd, False, DUP2),
        (999, -EBADF, False, DUP), (kv['p1'], 22, False, DUP2), (kv['q0'], 20, False, DUP2)]
ok(dups == want, "ltt-dup's 9 dups in its order, each with its descriptors, O_CLOEXEC and "
   "call, the failed one -EBADF (%s)" % dups)
pipes = [(e['args']['rfd'], e['args']['wfd'], e['args']['ino'], e['args']['flags'])
         for e in ev if e['type'] == 'fs_pipe' and e['pid'] == pid]
ok(pipes == [(kv['p0'], kv['p1'], kv['p_ino'], 0),
             (kv['q0'], kv['q1'], kv['q_ino'], O_CLOEXEC | O_NONBLOCK)],
   "its pipe and pipe2: both ends, the inode fstat gives, pipe2's flags (%s)" % pipes)
# the shell: a pipe per '|', and in the children of the pipeline the dup2
# of a pipe end onto 0 or 1 (a descriptor the child did not open itself,
# as a redirection's file, that was an end of one of the pipes)
sh = [e for e in ev if e['type'] == 'fs_pipe' and e['pid'] != pid]
ends = set(p['args'][k] for p in sh for k in ('rfd', 'wfd'))
opened, shdup = {}, []
for e in ev:
    if e['type'] == 'fs_open' and e['args']['fd'] >= 0:
        opened.setdefault(e['pid'], set()).add(e['args']['fd'])
    elif (e['type'] == 'fs_dup' and e['pid'] != pid and e['args']['newfd'] in (0, 1) and
          e['args']['oldfd'] in ends and e['args']['oldfd'] not in opened.get(e['pid'], ())):
        shdup.append((e['pid'], e['args']['oldfd'], e['args']['newfd']))
ok(len(sh) == 2 and len(shdup) == 4,
   "the pipeline: 2 pipes, 4 dups of their ends onto 0 or 1 (%d, %s)" % (len(sh), shdup))
ok(lttfmt.EVENTS['fs_dup'].id == 64 and lttfmt.EVENTS['fs_pipe'].id == 65,
   "fs_dup and fs_pipe are ids 64 and 65")
done()
PY
)
tracevisualizer dump --type fs_dup "$share/dup" | grep -c " fs_dup .*dup2 fd=$(sed -n 's/^fd //p' "$share/dup.out") -> 20$" > "$share/dup.text"
is "$(cat "$share/dup.text")" 1 "dump describes dup2(fd, 20) as 'dup2 fd=N -> 20'"
# the walk: every read and write's descriptor named as the events say
fdfile_walk "$share/dup" "the pipeline's and ltt-dup's descriptors: every read and write's file as the walk finds it" \
	LTT_FDFILE_PIPES=1
done_testing
