#!/bin/bash
# Call stacks (traced --stacks switch-out,wakeup, format 1.8), one boot.
# ltt-stacks (built with frame pointers) forks a server that blocks N
# times in main -> serve -> wait_request -> stk_read (a read(2) on a pipe)
# and a notifier that wakes it from main -> notify -> stk_write.  The
# addresses come from nm and objdump on the host's copy of the static
# binary (the guest runs the same bytes: md5 checked), the kernel's text
# range from build/kernel-on/System.map:
#   off-CPU: the server's folded stacks have, root first, the return
#            addresses into main, serve and wait_request and then the IP
#            after stk_read's syscall instruction, then kernel frames all in
#            _stext.._etext, among them pipe_read then schedule (System.map);
#            they weigh in total exactly the accounting's
#            blocked time of the server (processes --threads), and no
#            interval is without a stack;
#   wakeup:  the notifier's wakeup stacks hold the return address into
#            notify (inside notify's text) and the IP after stk_write's
#            syscall, N wakeups at least;
#   a trace recorded without --stacks: stacks says it has none;
#   CPU:     ltt-stacks spin 400 traced with --sample 997 --stacks sample
#            (format 1.10): at least 90 % of the spinner's samples in
#            user mode end
#            with the return address into compute then an IP inside leaf
#            (main -> compute -> leaf), and named (--symfs) compute;leaf;
#            their kernel stack is empty when the sample is in user mode;
#   mmap:    ltt-stacks remap 300 (format 1.14, LTT_EV_MMAP): code mapped
#            while tracing and unmapped before STOP (its own file's page
#            with leaf2, mapped a second time PROT_EXEC, as dlopen maps a
#            library) is in no maps snapshot; the trace's mmap records
#            hold it (map with the file's path and offset, then unmap,
#            after an exec record of the process's new address space), at
#            least half of the samples' IPs are in that mapping (the rest:
#            compute2 and the clock), and every one of them is named
#            compute2;leaf2 through the records (--symfs);
#   latency --explain --kind syscall --what read: the server's worst reads
#            explained, the blocked step's stack named under
#            wait_request;stk_read (pipe_read, schedule), the line explain
#            --at that block prints.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

bin=build/workloads/ltt-stacks
[ -x "$bin" ] || make -s workloads >/dev/null
smap=build/kernel-on/System.map
[ -f "$smap" ] || { echo "Bail out! $smap missing (make kernel)"; exit 1; }
N=20
python3 - "$bin" "$smap" > "$share/addr.env" <<'PY' || { echo "Bail out! cannot read the addresses of $bin"; exit 1; }
import re, subprocess, sys
b, smap = sys.argv[1], sys.argv[2]
sym = {}
for line in subprocess.run(['nm', '-S', b], capture_output=True, text=True, check=True).stdout.splitlines():
    f = line.split()
    if len(f) == 4:
        sym[f[3]] = (int(f[0], 16), int(f[0], 16) + int(f[1], 16))
dis = subprocess.run(['objdump', '-d', '--no-show-raw-insn', b], capture_output=True, text=True,
                     check=True).stdout
funcs, cur = {}, None
for line in dis.splitlines():
    m = re.match(r'^([0-9a-f]+) <([^>]+)>:$', line)
    if m:
        cur = funcs.setdefault(m.group(2), [])
        continue
    m = re.match(r'^\s+([0-9a-f]+):\s+(.*)$', line)
    if m and cur is not None:
        cur.append((int(m.group(1), 16), m.group(2)))

def after(func, pat):
    ins = funcs[func]
    for k, (a, text) in enumerate(ins):
        if re.search(pat, text):
            return ins[k + 1][0]
    raise SystemExit("no %s in %s" % (pat, func))

ks = {}
for line in open(smap):
    f = line.split()
    if len(f) == 3 and f[2] in ('_stext', '_etext'):
        ks[f[2]] = int(f[0], 16)
v = {
    'READ_IP': after('stk_read', r'^syscall'),
    'WRITE_IP': after('stk_write', r'^syscall'),
    'WAIT_RET': after('wait_request', r'call.*<stk_read>'),
    'SERVE_RET': after('serve', r'call.*<wait_request>'),
    'MAIN_SERVE_RET': after('main', r'call.*<serve>'),
    'NOTIFY_RET': after('notify', r'call.*<stk_write>'),
    'NOTIFY_LO': sym['notify'][0], 'NOTIFY_HI': sym['notify'][1],
    'COMPUTE_RET': after('compute', r'call.*<leaf>'),
    'MAIN_COMPUTE_RET': after('main', r'call.*<compute>'),
    'LEAF_LO': sym['leaf'][0], 'LEAF_HI': sym['leaf'][1],
    'LEAF2_LO': sym['leaf2'][0], 'LEAF2_HI': sym['leaf2'][1],
    'STEXT': ks['_stext'], 'ETEXT': ks['_etext'],
}
for k, x in v.items():
    print("%s=0x%x" % (k, x))
PY
diag "$(tr '\n' ' ' < "$share/addr.env")"
md5=$(md5sum < "$bin" | cut -d' ' -f1)

cat > "$share/run.sh" <<RUN
set -e
md5sum < /usr/bin/ltt-stacks | cut -d' ' -f1 > /mnt/share/md5
traced -q -o /mnt/share/st --stacks switch-out,wakeup,syscall:read -- ltt-stacks $N > /mnt/share/pids
traced -q -o /mnt/share/nost -- ltt-stacks 2 > /mnt/share/nost.pids
traced -q -o /mnt/share/sp --sample 997 --stacks sample -- ltt-stacks spin 400 > /mnt/share/spin.pid
traced -q -o /mnt/share/rm --sample 997 --stacks sample -- ltt-stacks remap 300 > /mnt/share/remap.pid
RUN
vm_run "$share" 600 'sh /mnt/share/run.sh'
ok $? "guest traced ltt-stacks with --stacks switch-out,wakeup,syscall:read, and without"
is "$(cat "$share/md5" 2>/dev/null)" "$md5" "the guest runs the binary the addresses come from"
read -r sv nt < <(sed 's/server=\([0-9]*\) notifier=\([0-9]*\)/\1 \2/' "$share/pids")
diag "server $sv, notifier $nt"
tracevisualizer stacks --addresses --kind offcpu --pid "$sv" "$share/st" > "$share/offcpu.txt"
ok $? "stacks --kind offcpu --pid SERVER"
tracevisualizer stacks --addresses --kind offcpu --pid "$sv" --json "$share/st" > "$share/offcpu.json"
ok $? "stacks --kind offcpu --json"
tracevisualizer stacks --addresses --kind wakeup --pid "$nt" --json "$share/st" > "$share/wakeup.json"
ok $? "stacks --kind wakeup --pid NOTIFIER --json"
# named: the kernel's frames through the kallsyms traced saved, the
# workload's through --symfs (the host's copy at the guest's path)
mkdir -p "$share/symfs/usr/bin" && cp "$bin" "$share/symfs/usr/bin/ltt-stacks"
tracevisualizer stacks --kind offcpu --pid "$sv" --symfs "$share/symfs" --json "$share/st" \
	> "$share/offcpu-named.json" 2> "$share/offcpu-named.err"
ok $? "stacks --kind offcpu --symfs DIR --json: frames named"
tracevisualizer stacks --kind wakeup --pid "$nt" --symfs "$share/symfs" "$share/st" \
	> "$share/wakeup-named.txt" 2> "$share/wakeup-named.err"
ok $? "stacks --kind wakeup --symfs DIR: frames named"
tracevisualizer stacks --kind offcpu --pid "$sv" --json "$share/st" \
	> "$share/offcpu-nosymfs.json" 2> "$share/offcpu-nosymfs.err"
ok $? "stacks --kind offcpu without --symfs (the guest's /usr/bin/ltt-stacks is not on the host)"
out=$(tracevisualizer stacks --kind offcpu --symfs "$share/no-such-dir" "$share/st" 2>&1); rc=$?
is "$rc" 1 "a --symfs that does not exist: status 1"
case "$out" in *"no-such-dir"*) ok 0 "  and says which ($out)" ;; *) ok 1 "  and says which ($out)" ;; esac
tracevisualizer processes --threads --json --pid "$sv" "$share/st" > "$share/procs.json"
ok $? "processes --threads --json --pid SERVER"
out=$(tracevisualizer stacks --kind offcpu "$share/nost" 2>&1); rc=$?
is "$rc" 1 "a trace without stacks: stacks fails (status 1)"
case "$out" in *"has no offcpu stacks"*) ok 0 "  and says the trace has no off-CPU stacks" ;;
*) ok 1 "  and says the trace has no off-CPU stacks ($out)" ;; esac
tracevisualizer check "$share/st" > "$share/check.txt" 2>&1
ok $? "check passes on the trace with stacks"
tracevisualizer stacks --addresses --kind syscall:read --pid "$sv" --json "$share/st" > "$share/sysread.json"
ok $? "stacks --kind syscall:read --pid SERVER --json"
tracevisualizer stacks --kind syscall:read --pid "$sv" --symfs "$share/symfs" "$share/st" \
	> "$share/sysread-named.txt" 2> "$share/sysread-named.err"
ok $? "stacks --kind syscall:read --symfs DIR: frames named"
out=$(tracevisualizer stacks --kind syscall:close "$share/st" 2>&1); rc=$?
is "$rc" 1 "stacks --kind syscall:close (not recorded): status 1"
case "$out" in *"no stacks of those events"*) ok 0 "  and says so" ;; *) ok 1 "  and says so ($out)" ;; esac
sp=$(sed -n 's/^spinner=\([0-9]*\)$/\1/p' "$share/spin.pid")
diag "spinner $sp"
tracevisualizer stacks --addresses --kind cpu --pid "$sp" --json "$share/sp" > "$share/cpu.json"
ok $? "stacks --kind cpu --pid SPINNER --json"
tracevisualizer stacks --kind cpu --pid "$sp" --symfs "$share/symfs" "$share/sp" > "$share/cpu-named.txt" \
	2> "$share/cpu-named.err"
ok $? "stacks --kind cpu --symfs DIR: frames named"
tracevisualizer check "$share/sp" > "$share/check-sp.txt" 2>&1
ok $? "check passes on the sampled trace"
tracevisualizer dump --type sample "$share/sp" > "$share/dump-sample.txt" 2>/dev/null
l=$(grep -m1 " sample pid=$sp ip=0x[0-9a-f]* user$" "$share/dump-sample.txt")
ok $? "dump shows the spinner's samples: $l"
# code mapped while tracing (format 1.14): named from the mmap records
read -r rm rmap roff < <(sed -n 's/^remapper=\([0-9]*\) map=\(0x[0-9a-f]*\) off=\(0x[0-9a-f]*\)$/\1 \2 \3/p' "$share/remap.pid")
diag "remapper $rm, leaf2's page mapped again at $rmap (file offset $roff)"
tracevisualizer dump --type mmap,exec "$share/rm" > "$share/dump-mmap.txt" 2>/dev/null
ok $? "dump --type mmap,exec on the remapper's trace"
grep -q " mmap map pid=$rm start=$rmap len=0x[0-9a-f]* pgoff=$roff ino=[0-9]* dev=0x[0-9a-f]* exec /usr/bin/ltt-stacks$" "$share/dump-mmap.txt"
ok $? "  the map record of the second mapping: its address, file offset and path"
grep -q " mmap unmap pid=$rm start=$rmap " "$share/dump-mmap.txt"
ok $? "  and its unmap record"
awk -v p="$rm" '$0 ~ " mmap exec pid=" p " start=0x0 len=0x0" { e = 1 }
	e && $0 ~ " mmap map pid=" p " .*/usr/bin/ltt-stacks$" { f = 1 }
	f && $0 ~ " exec /usr/bin/ltt-stacks" { x = 1 } END { exit !x }' "$share/dump-mmap.txt"
ok $? "  the exec's new address space, the program's code mapped, then its exec record"
tracevisualizer stacks --addresses --kind cpu --pid "$rm" --json "$share/rm" > "$share/rm-cpu.json"
ok $? "stacks --kind cpu --pid REMAPPER --json"
tracevisualizer stacks --kind cpu --pid "$rm" --symfs "$share/symfs" "$share/rm" > "$share/rm-named.txt" \
	2> "$share/rm-named.err"
ok $? "stacks --kind cpu --pid REMAPPER --symfs DIR: frames named"
tracevisualizer check "$share/rm" > "$share/check-rm.txt" 2>&1
ok $? "check passes on the trace with mmap records"
if grep -q "STOP" "$share/rm/maps" && ! grep -q "^$(printf '%x' "$rmap")-" "$share/rm/maps"; then
	ok 0 "no maps snapshot holds the second mapping (only the records do)"
else
	ok 1 "no maps snapshot holds the second mapping (only the records do)"
fi

# latency --explain on the real trace: the server's worst reads, each
# explained, the blocked step with the stack of the server as it blocked
# (named), the same line as explain --pid SERVER --at that block shows
tracevisualizer latency --explain --kind syscall --what read --pid "$sv" --worst 3 \
	--symfs "$share/symfs" "$share/st" > "$share/latex.txt" 2> "$share/latex.err"
ok $? "latency --explain --kind syscall --what read --pid SERVER --symfs DIR"
lst=$(grep -m1 "stack of $sv [^ ]* blocking at " "$share/latex.txt" | sed 's/^ *//')
case "$lst" in
*"wait_request+"*";stk_read+"*";"*"pipe_read+"*"schedule+"*) ok 0 "  a blocked read's stack under wait_request;stk_read, then pipe_read, schedule: ${lst:0:160}..." ;;
*) ok 1 "  a blocked read's stack under wait_request;stk_read, then pipe_read, schedule ($lst)" ;;
esac
ok "$(grep -c 'has no symbol files' "$share/latex.err")" "  no warning about symbol files (the trace has them)"
bat=$(sed -n 's/.* blocking at \([0-9.]*\) s:.*/\1/p' <<< "$lst")
tracevisualizer explain --pid "$sv" --at "$(python3 -c "print('%.9f' % ($bat + 1e-9))")" \
	--symfs "$share/symfs" "$share/st" > "$share/explain-read.txt" 2>/dev/null
is "$(grep -m1 "stack of $sv [^ ]* blocking at " "$share/explain-read.txt" | sed 's/^ *//')" "$lst" \
	"  explain --pid SERVER --at that block ($bat s + 1 ns) shows the same stack"

# the text output is the JSON's lines, "folded value"
PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import sys, os, json
d = sys.argv[1]
j = json.load(open(os.path.join(d, 'offcpu.json')))['stacks']['lines']
t = [l.rsplit(' ', 1) for l in open(os.path.join(d, 'offcpu.txt')).read().splitlines()]
sys.exit(0 if t and [(f, int(v)) for f, v in t] == [(l['folded'], l['value']) for l in j] else 1)
PY
ok $? "the folded text is 'frame;frame value' per line, the same lines as the JSON"

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$N" "$sv" <<'PY'
import sys, os, json
from check import ok, load, done
d, N, sv = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
a = {}
for line in open(os.path.join(d, 'addr.env')):
    k, v = line.strip().split('=')
    a[k] = int(v, 16)
KERNEL = 0xffff800000000000

def frames(line):
    return [int(f, 16) for f in line['stack'] if f.startswith('0x')]

off = load(os.path.join(d, 'offcpu.json'))['stacks']
procs = load(os.path.join(d, 'procs.json'))['threads']
acct = [p for p in procs if p['pid'] == sv]
ok(len(acct) == 1, "the accounting has the server, pid %d" % sv)
blocked = acct[0]['blocked_ns'] if acct else None
ok(off['unstacked'] == 0 and not any(l['folded'] == '[no stack]' for l in off['lines']),
   "every blocked interval of the server has its stacks (unstacked %d ns)" % off['unstacked'])
total = sum(l['value'] for l in off['lines'])
ok(total == blocked and off['blocked_ns'] == blocked,
   "the server's off-CPU stacks weigh %s ns, its blocked time in the accounting is %s ns"
   % (total, blocked))
chain = [a['MAIN_SERVE_RET'], a['SERVE_RET'], a['WAIT_RET'], a['READ_IP']]
want = [l for l in off['lines']
        if [f for f in frames(l) if f < KERNEL][-4:] == chain]
ok(want, "a stack ends its user part with main -> serve -> wait_request -> stk_read "
   "(0x%x 0x%x 0x%x 0x%x)" % tuple(chain))
w = sum(l['value'] for l in want)
ok(want and w * 2 > total, "those stacks weigh %d of the %d ns: most of it" % (w, total))
ok(off['intervals'] >= N, "%d blocked intervals, at least the %d reads" % (off['intervals'], N))
bad_order = [l['folded'] for l in off['lines'] if l['folded'] != '[no stack]' and
             sorted(frames(l), key=lambda f: f >= KERNEL) != frames(l)]
ok(not bad_order, "user frames come before kernel frames in every line %s" % bad_order[:1])
kf = [f for l in want for f in frames(l) if f >= KERNEL]
outside = sorted(set(f for f in kf if not a['STEXT'] <= f < a['ETEXT']))
ok(kf and not outside, "%d kernel frames in those stacks, every one in the kernel's text "
   "(_stext 0x%x .. _etext 0x%x)%s" % (len(kf), a['STEXT'], a['ETEXT'],
                                        ': not ' + ' '.join('0x%x' % f for f in outside[:4]) if outside else ''))
# the kernel frames named by System.map (the independent witness): the
# pipe read that blocks, then schedule, root first
import bisect
ksyms = []
for ln in open(os.path.join(os.environ.get('TOP', '.'), 'build/kernel-on/System.map')):
    f = ln.split()
    if len(f) >= 3 and f[1] in 'tTwW':
        ksyms.append((int(f[0], 16), f[2]))
ksyms.sort()
kaddr = [x for x, _ in ksyms]

def kname(v):
    i = bisect.bisect_right(kaddr, v) - 1
    return ksyms[i][1] if i >= 0 else '?'

named = [[kname(f) for f in frames(l) if f >= KERNEL] for l in want]
good = [n for n in named if 'pipe_read' in n and 'schedule' in n and
        n.index('pipe_read') < n.index('schedule')]
ok(good, "the kernel part names pipe_read then schedule (System.map): %s"
   % ' '.join(named[0] if named else []))
wk = load(os.path.join(d, 'wakeup.json'))['stacks']
wn = [l for l in wk['lines'] if a['WRITE_IP'] in frames(l) and
      any(a['NOTIFY_LO'] <= f < a['NOTIFY_HI'] for f in frames(l))]
ok(wn and a['NOTIFY_RET'] in frames(wn[0]),
   "the notifier's wakeup stacks hold stk_write's syscall IP and the return into notify (0x%x)"
   % a['NOTIFY_RET'])
c = sum(l['value'] for l in wn)
ok(c >= N, "%d wakeups from notify, at least the %d writes" % (c, N))
ok(wk['unit'] == 'wakeups' and off['unit'] == 'ns', "units: ns (offcpu), wakeups")

# the same stacks named (kallsyms saved by traced, --symfs for the binary)
nm = load(os.path.join(d, 'offcpu-named.json'))['stacks']
base = lambda f: f.split('+')[0]
nchain = ['main', 'serve', 'wait_request', 'stk_read']
nwant = [l for l in nm['lines'] if
         any([base(f) for f in l['stack'][i:i + 4]] == nchain for i in range(len(l['stack'])))]
ok(nwant, "named: a stack holds main;serve;wait_request;stk_read")
nk = [[base(f) for f in l['stack']] for l in nwant]
ok(any('pipe_read' in n and 'schedule' in n and n.index('pipe_read') < n.index('schedule')
       for n in nk),
   "named: its kernel part holds pipe_read then schedule (the saved kallsyms): %s"
   % ';'.join(nk[0][-8:] if nk else []))
ok(sum(l['value'] for l in nm['lines']) == total and
   sum(l['value'] for l in nwant) == w,
   "named: the same weights (%d ns in all, %d under that chain) as the addresses"
   % (sum(l['value'] for l in nm['lines']), sum(l['value'] for l in nwant)))
ns = load(os.path.join(d, 'offcpu-nosymfs.json'))['stacks']
user_named = set(f for l in ns['lines'] for f in l['stack']
                 if base(f) in ('main', 'serve', 'wait_request', 'stk_read', 'notify'))
ok(not user_named and any('[unknown]' in l['stack'] for l in ns['lines']),
   "without --symfs the workload's frames are [unknown], never a name from another file%s"
   % (': ' + ' '.join(sorted(user_named)) if user_named else ''))
err = open(os.path.join(d, 'offcpu-nosymfs.err')).read()
ok('/usr/bin/ltt-stacks' in err, "  and a warning names the file: %s" % err.strip()[:120])
wt = open(os.path.join(d, 'wakeup-named.txt')).read()
ok(any(';notify+' in ln for ln in wt.splitlines()), "named: the wakeup stacks hold notify")

# the stacks at the server's read entries: wait_request -> stk_read
sr = load(os.path.join(d, 'sysread.json'))['stacks']
rw = sum(l['value'] for l in sr['lines']
         if [f for f in frames(l) if f < KERNEL][-4:] == chain)
ok(sr['unit'] == 'events' and rw >= N,
   "%d read entries of the server end main -> serve -> wait_request -> stk_read (at least %d)"
   % (rw, N))
sn = open(os.path.join(d, 'sysread-named.txt')).read().splitlines()
snw = sum(int(ln.rsplit(' ', 1)[1]) for ln in sn if ';wait_request+' in ln and
          any(x.startswith('wait_request+') and y.startswith('stk_read+')
              for x, y in zip(ln.split(';'), ln.split(';')[1:])))
ok(snw == rw, "named: %d entries under wait_request;stk_read" % snw)

# the sampled CPU profile of the spinner
cp = load(os.path.join(d, 'cpu.json'))['stacks']
st = sum(l['value'] for l in cp['lines'])
ok(cp['unit'] == 'samples' and cp['sample_hz'] == 997 and st >= 50,
   "%d samples of the spinner at %s Hz (unit %s)" % (st, cp['sample_hz'], cp['unit']))

def under_leaf(l):
    u = [f for f in frames(l) if f < KERNEL]
    return (len(u) >= 3 and a['LEAF_LO'] <= u[-1] < a['LEAF_HI'] and u[-2] == a['COMPUTE_RET']
            and u[-3] == a['MAIN_COMPUTE_RET'])
lw = sum(l['value'] for l in cp['lines'] if under_leaf(l))
uk = sum(l['value'] for l in cp['lines'] if not any(f >= KERNEL for f in frames(l)))
# of the samples taken in user mode (a sample in the kernel, whose share
# the next check bounds, has the user stack of its entry, not leaf's IP:
# 36 of 395 were, and 350 of all 395 ended in leaf, 88.6 %, in a
# clean-clone run of 2026-11-29)
ok(uk and lw * 100 >= 90 * uk,
   "%d of the %d samples in user mode (%.1f %%) end main -> compute -> leaf (0x%x, 0x%x, leaf's IP)"
   % (lw, uk, 100.0 * lw / uk if uk else 0, a['MAIN_COMPUTE_RET'], a['COMPUTE_RET']))
ok(uk * 100 >= 80 * st, "%d of the %d samples have no kernel frames: taken in user mode, the"
   " timer's own frames are left out" % (uk, st))
cn = open(os.path.join(d, 'cpu-named.txt')).read().splitlines()
nw = sum(int(ln.rsplit(' ', 1)[1]) for ln in cn
         if any(x.startswith('compute+') and y.startswith('leaf+')
                for x, y in zip(ln.split(';'), ln.rsplit(' ', 1)[0].split(';')[1:])))
ok(nw == lw, "named: %d samples under compute;leaf, as by the addresses" % nw)

# the code mapped while tracing: the samples ran in it, named from the records
rmap = [l.split() for l in open(os.path.join(d, 'remap.pid')) if l.startswith('remapper=')]
rbase = int(rmap[0][1].split('=')[1], 16) if rmap else 0
rc = load(os.path.join(d, 'rm-cpu.json'))['stacks']
rt = sum(l['value'] for l in rc['lines'])
inmap = sum(l['value'] for l in rc['lines'] if [f for f in frames(l) if f < KERNEL] and
            rbase <= [f for f in frames(l) if f < KERNEL][-1] < rbase + 3 * 4096)
ok(inmap >= 10,
   "%d of the remapper's %d samples have their IP in the second mapping (0x%x)"
   % (inmap, rt, rbase))
rn = [ln.rsplit(' ', 1) for ln in open(os.path.join(d, 'rm-named.txt')).read().splitlines()]
rl = sum(int(v) for f, v in rn if any(x.startswith('leaf2+') for x in f.split(';')))
r2w = sum(int(v) for f, v in rn
         if any(x.startswith('compute2+') and y.startswith('leaf2+')
                for x, y in zip(f.split(';'), f.split(';')[1:])))
ok(rl == inmap,
   "named through the mmap records: %d samples in leaf2, every one of the %d in the second"
   " mapping" % (rl, inmap))
ok(inmap and r2w * 10 >= 8 * inmap,
   "  %d of them under compute2;leaf2 (the rest at leaf2's first instruction, before its frame)"
   % r2w)
done()
PY
)
done_testing
