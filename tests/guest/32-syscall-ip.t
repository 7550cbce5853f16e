#!/bin/bash
# The syscall instruction pointer modes (traced --syscall-ip).  ltt-sipcall
# calls libc's getppid() wrapper from its function sip_call_site, and makes
# getpgrp with its own syscall instruction at the end of a frame-pointer
# chain main -> sip_depth_outer -> sip_depth_mid -> sip_syscall_asm.  The
# addresses come from the host binary (nm -S, objdump; it is static and not
# position-independent, so they are the run-time ones):
#   raw           the address after libc's syscall instruction;
#   range:LO:HI   (sip_call_site's text) the return address into
#                 sip_call_site, inside [LO, HI): the application's call site;
#   range around a function never called: nothing found, the raw address;
#   depth:1,2,3   the return addresses up the frame-pointer chain.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

bin=build/workloads/ltt-sipcall
[ -x "$bin" ] || make -s workloads >/dev/null
N=500
# symbols and call sites, from the binary the guest runs
python3 - "$bin" > "$share/addr.env" <<'PY' || { echo "Bail out! cannot read the addresses of $bin"; exit 1; }
import re, subprocess, sys
b = sys.argv[1]
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
    """address of the instruction after the first one in func matching pat"""
    ins = funcs[func]
    for k, (a, text) in enumerate(ins):
        if re.search(pat, text):
            return ins[k + 1][0]
    raise SystemExit("no %s in %s" % (pat, func))

gp = 'getppid' if 'getppid' in funcs else '__getppid'
v = {
    'SITE_LO': sym['sip_call_site'][0], 'SITE_HI': sym['sip_call_site'][1],
    'NEVER_LO': sym['sip_never_called'][0], 'NEVER_HI': sym['sip_never_called'][1],
    'LIBC_LO': sym[gp][0], 'LIBC_HI': sym[gp][1],
    'RAW_GETPPID': after(gp, r'^syscall'),
    'RAW_ASM': after('sip_syscall_asm', r'^syscall'),
    'SITE_RET': after('sip_call_site', r'call.*<(__)?getppid>'),
    'MID_RET': after('sip_depth_mid', r'call.*<sip_syscall_asm>'),
    'OUTER_RET': after('sip_depth_outer', r'call.*<sip_depth_mid>'),
    'MAIN_SITE_RET': after('main', r'call.*<sip_call_site>'),
    'MAIN_OUTER_RET': after('main', r'call.*<sip_depth_outer>'),
}
for k, x in v.items():
    print("%s=0x%x" % (k, x))
PY
. "$share/addr.env"
diag "$(tr '\n' ' ' < "$share/addr.env")"
md5=$(md5sum < "$bin" | cut -d' ' -f1)

cat > "$share/run.sh" <<EOF
set -e
md5sum < /usr/bin/ltt-sipcall | cut -d' ' -f1 > /mnt/share/md5
t() { tag=\$1; shift; traced -q -o /mnt/share/\$tag -e syscall "\$@" -- ltt-sipcall $N > /mnt/share/\$tag.pid; }
t raw --syscall-ip raw
t site --syscall-ip range:$SITE_LO:$SITE_HI
t never --syscall-ip range:$NEVER_LO:$NEVER_HI
t d1 --syscall-ip depth:1
t d2 --syscall-ip depth:2
t d3 --syscall-ip depth:3
EOF
vm_run "$share" 600 'sh /mnt/share/run.sh'
ok $? "guest traced ltt-sipcall in each syscall IP mode"
is "$(cat "$share/md5" 2>/dev/null)" "$md5" "the guest runs the binary the addresses come from"
for t in raw site never d1 d2 d3; do
	tracevisualizer dump --json --pid "$(cat "$share/$t.pid")" --type syscall_entry "$share/$t" > "$share/$t.json"
	ok $? "$t: dump --json of the workload's syscall entries"
done

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$N" <<'PY'
import sys, os
from check import ok, load, done
d, N = sys.argv[1], int(sys.argv[2])
a = {}
for line in open(os.path.join(d, 'addr.env')):
    k, v = line.strip().split('=')
    a[k] = int(v, 16)
GETPPID, GETPGRP = 110, 111

def ips(tag, nr):
    j = load(os.path.join(d, tag + '.json'))
    return j['trace'].get('syscall_ip'), [e['args']['ip'] for e in j['events'] if e['args'].get('nr') == nr]

def expect(tag, nr, want, what):
    _, v = ips(tag, nr)
    bad = [x for x in v if x != want]
    ok(len(v) == N and not bad, "%s: %d %s entries, every ip 0x%x: %s (%d, wrong: %s)"
       % (tag, N, {GETPPID: 'getppid', GETPGRP: 'getpgrp'}[nr], want, what, len(v),
          ', '.join('0x%x' % x for x in sorted(set(bad))[:4])))

def mode(tag, want):
    sip, _ = ips(tag, GETPPID)
    got = {k: (sip or {}).get(k) for k in want}
    ok(got == want, "%s: TRACEINFO syscall_ip %s (%s)" % (tag, want, sip))

mode('raw', {'mode': 'raw'})
expect('raw', GETPPID, a['RAW_GETPPID'], "after the syscall instruction of libc's getppid")
ok(a['LIBC_LO'] <= a['RAW_GETPPID'] < a['LIBC_HI'] and
   not a['SITE_LO'] <= a['RAW_GETPPID'] < a['SITE_HI'],
   "raw: that is in libc's text, not in the call site's")
expect('raw', GETPGRP, a['RAW_ASM'], "after sip_syscall_asm's syscall instruction")

mode('site', {'mode': 'range', 'lower': a['SITE_LO'], 'upper': a['SITE_HI']})
expect('site', GETPPID, a['SITE_RET'], "the return address of the call in sip_call_site")
ok(a['SITE_LO'] <= a['SITE_RET'] < a['SITE_HI'],
   "range: it lies in sip_call_site [0x%x, 0x%x)" % (a['SITE_LO'], a['SITE_HI']))

mode('never', {'mode': 'range', 'lower': a['NEVER_LO'], 'upper': a['NEVER_HI']})
expect('never', GETPPID, a['RAW_GETPPID'], "nothing in range on the stack: the raw IP")
expect('never', GETPGRP, a['RAW_ASM'], "nothing in range on the stack: the raw IP")

mode('d1', {'mode': 'depth', 'depth': 1})
expect('d1', GETPGRP, a['MID_RET'], "1 frame up: the call in sip_depth_mid")
# libc's wrapper has no frame of its own: the first frame is sip_call_site's
expect('d1', GETPPID, a['MAIN_SITE_RET'], "1 frame up from the frameless wrapper: main's call")
mode('d2', {'mode': 'depth', 'depth': 2})
expect('d2', GETPGRP, a['OUTER_RET'], "2 frames up: the call in sip_depth_outer")
mode('d3', {'mode': 'depth', 'depth': 3})
expect('d3', GETPGRP, a['MAIN_OUTER_RET'], "3 frames up: the call in main")
done()
PY
)
done_testing
