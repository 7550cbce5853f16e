#!/bin/bash
# The module's filters (traced --pid, --tgid, --pgrp, --uid, --gid): for
# each, two workloads run at the same time on the same CPU, one matching
# and one not.  Every recorded event except the scheduling changes belongs
# to a matching task (the other workload's calls are all absent, the
# matching one's all present: exactly N getppid per matching task), a
# schedchange that switches a matching task in is recorded even when the
# task switched out does not match (the sched-in exception), no
# schedchange between two non-matching tasks is recorded, and the trace
# header reports the filter.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

N=600	# getppid calls of each matching task
M=900	# of each non-matching task

cat > "$share/run.sh" <<EOF
# files the workloads (some not root) create; a non-root task must be
# able to walk from / (the initramfs may leave it 0700)
chmod 755 /
mkdir -p /tmp/w && chmod 1777 /tmp/w
cd /tmp/w || exit 1
# filt TAG KIND "A's options" "B's options": A matches, B does not
filt() {
	tag=\$1 kind=\$2
	ltt-filter worker \$3 -c 1 /tmp/w/\$tag.a.ready /tmp/w/\$tag.go /tmp/w/\$tag.a.done $N \\
		2> /mnt/share/\$tag.a.err &
	ltt-filter worker \$4 -c 1 /tmp/w/\$tag.b.ready /tmp/w/\$tag.go /tmp/w/\$tag.b.done $M \\
		2> /mnt/share/\$tag.b.err &
	ltt-filter wait /tmp/w/\$tag.a.ready /tmp/w/\$tag.b.ready || return 1
	cp /tmp/w/\$tag.a.ready /mnt/share/\$tag.a
	cp /tmp/w/\$tag.b.ready /mnt/share/\$tag.b
	apid=\$(sed -n 's/^pid //p' /tmp/w/\$tag.a.ready)
	case \$kind in
	pid) f="--pid \$apid" ;;
	tgid) f="--tgid \$apid" ;;
	pgrp) f="--pgrp \$apid" ;;
	uid) f="--uid 1000" ;;
	gid) f="--gid 2000" ;;
	esac
	traced -q -o /mnt/share/\$tag \$f -- \\
		ltt-filter go /tmp/w/\$tag.go /tmp/w/\$tag.a.done /tmp/w/\$tag.b.done
	rc=\$?
	wait
	echo \$rc > /mnt/share/\$tag.rc
}
filt pid pid "-t" "-t"
filt tgid tgid "-t" "-t"
filt pgrp pgrp "-p -f" "-f"
filt uid uid "-u 1000 -g 1000" ""
filt gid gid "-g 2000" "-g 3000"
EOF
vm_run "$share" 600 'sh /mnt/share/run.sh'
ok $? "guest ran the five filtered traces"

for t in pid tgid pgrp uid gid; do
	is "$(cat "$share/$t.rc" 2>/dev/null)" "0" "--$t: traced and the workloads succeeded"
	for w in a b; do [ -s "$share/$t.$w.err" ] && diag "$t.$w.err: $(cat "$share/$t.$w.err")"; done
	tracevisualizer summary --json "$share/$t" > "$share/$t.s.json"
	ok $? "--$t: summary --json"
	tracevisualizer dump --json "$share/$t" > "$share/$t.d.json"
	ok $? "--$t: dump --json"
done

checks < <(PYTHONPATH=tests/lib python3 - "$share" "$N" "$M" <<'PY'
import sys, os
from check import ok, load, done
d, N, M = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

def ids(path):
    r = {}
    for line in open(path):
        k, v = line.split()
        r[k] = int(v)
    return r

# always recorded whatever the filter (they describe the trace)
EXEMPT = {'schedchange', 'trace_start', 'change_mask', 'custom_create'}
for tag in ('pid', 'tgid', 'pgrp', 'uid', 'gid'):
    if not ok(all(os.path.exists(os.path.join(d, tag + x)) for x in ('.a', '.b', '.s.json', '.d.json')),
              "--%s: the workloads' ids and the trace are there" % tag):
        continue
    a, b = ids(os.path.join(d, tag + '.a')), ids(os.path.join(d, tag + '.b'))
    apid = a['pid']
    match = {apid}
    if tag == 'tgid':
        match.add(a['thread'])
    if tag == 'pgrp':
        match.add(a['child'])
    other = set(b.values()) | (set(a.values()) - match)
    print("--%s: matching %s, not matching %s" % (tag, sorted(match), sorted(other)))
    s = load(os.path.join(d, tag + '.s.json'))
    j = load(os.path.join(d, tag + '.d.json'))
    ev = j['events']
    want = {'pid': {'pid': apid}, 'tgid': {'tgid': apid}, 'pgrp': {'pgrp': apid},
            'uid': {'uid': 1000}, 'gid': {'gid': 2000}}[tag]
    ok(j['trace'].get('filter') == want,
       "--%s: TRACEINFO filter is %s (%s)" % (tag, want, j['trace'].get('filter')))
    stray = [e for e in ev if e['type'] not in EXEMPT and e['pid'] not in match]
    ok(not stray, "--%s: every other event belongs to a matching task (%d strays)" % (tag, len(stray)))
    for e in stray[:5]:
        print("stray: %s" % e)
    procs = {p['pid']: p for p in s['processes']}
    oev = {}
    for e in ev:
        if e['pid'] in other:
            oev[e['type']] = oev.get(e['type'], 0) + 1
    ok(set(oev) <= {'schedchange', 'trace_start'} and
       not any(procs.get(t, {}).get('syscalls') for t in other),
       "--%s: the non-matching tasks %s have no event but the switches away from them"
       " (%s) and no syscall" % (tag, sorted(other), oev))
    for t in sorted(match):
        g = procs.get(t, {}).get('syscalls', {}).get('getppid', {})
        ok(g.get('entries') == N and g.get('exits') == N,
           "--%s: matching task %d: exactly %d getppid entries and exits (%s)" % (tag, t, N, g))
    tot = s['syscalls'].get('getppid', {})
    ok(tot.get('entries') == N * len(match),
       "--%s: the trace holds %d getppid calls in all, the matching tasks' (%s)"
       % (tag, N * len(match), tot.get('entries')))
    sc = [e['args'] for e in ev if e['type'] == 'schedchange']
    sched_in = [x for x in sc if x['next_pid'] in match and x['prev_pid'] not in match]
    ok(len(sched_in) > 0,
       "--%s: switches into a matching task from a non-matching one are recorded (%d)"
       % (tag, len(sched_in)))
    ok(any(x['prev_pid'] in other for x in sched_in),
       "--%s: including from the other workload's tasks (same CPU)" % tag)
    both_out = [x for x in sc if x['next_pid'] not in match and x['prev_pid'] not in match]
    ok(not both_out, "--%s: no switch between two non-matching tasks (%d)" % (tag, len(both_out)))
done()
PY
)
done_testing
