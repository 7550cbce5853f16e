#!/bin/bash
# tracevisualizer-gtk of several hosts (gtk/hosts.c, lttr/view/hosts.h;
# issue 31, "Views") under Xvfb, on the synthetic two hosts of
# tests/lib/synctraces.py (a client "cli" on alpha calling a server "srv"
# on beta, beta's clock 1.5 s ahead and 100 ppm fast), 12 calls:
#   - the merged set, --screenshot with --dump-cells: the rows a group row
#     per host with its tasks under it; the information panel's line per
#     host as the model says (clock-model.json); every message between the
#     hosts an arrow whose ends are at the model's conversion of merge
#     --messages' send and receive (x) and at the middles of the sender's
#     and the receiver's rows (y); tests/lib/gtkpixels.py: every pixel
#     column of every row of the library's cell's colour, and every
#     message's arrow drawn in its colour where the dump puts it;
#   - the two traces given with --hosts: the same arrows;
#   - a set whose beta is not synchronised: beta's group row apart, saying
#     so, none of its rows, no arrow, its line in the panel saying why;
#   - the same trace twice: refused (2), said.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
sync=$TOP/tests/lib/synctraces.py
mkdir -p "$tmp/g" && python3 "$sync" "$tmp/g" --calls 12 --seed 7 --sched &&
	$gen "$tmp/g/A" < "$tmp/g/a.desc" && $gen "$tmp/g/B" < "$tmp/g/b.desc"
ok $? "synctraces + gen-trace: two hosts, 12 calls"
$tv merge -o "$tmp/m" --messages "$tmp/msgs.json" "$tmp/g/A" "$tmp/g/B" > /dev/null
ok $? "merge: both hosts synchronised"

shot() { # NAME ARGS...: a screenshot and its dump
	local n=$1
	shift
	timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/$n.png" \
		--dump-cells "$tmp/$n.json" "$@" 2> "$tmp/$n.err"
}
shot m "$tmp/m"
ok $? "the merged set: a screenshot with --dump-cells"
! grep -E 'CRITICAL|WARNING' "$tmp/m.err" > /dev/null
ok $? "... without GTK warnings"
checks < <($PY tests/lib/gtkpixels.py "$tmp/m.png" "$tmp/m.json" "cli 10:user" "srv 20:blocked io,user")

# the rows, the panel and the arrows against merge's messages and model
# (TOL: ns; the traces given directly are on merge's model as computed,
# clock-model.json has it rounded: a ns here and there)
hostcheck() { # DUMP TOL
	PYTHONPATH=$TOP/tests/lib $PY - "$1" "$tmp/msgs.json" "$tmp/m/clock-model.json" "$2" <<'PY'
import sys
from check import ok, load, done
d, msgs, cm, tol = load(sys.argv[1]), load(sys.argv[2])['list'], load(sys.argv[3]), int(sys.argv[4])
h = cm['hosts']
labels = [r['label'] for r in d['rows']]
ok(labels[:2] == ['alpha (host 0)', 'cli 10'] and 'beta (host 1)' in labels and
   labels[labels.index('beta (host 1)') + 1] == 'srv 20' and
   [r['kind'] for r in d['rows']].count('host') == 2,
   "rows: a group row per host, cli 10 under alpha, srv 20 under beta (%s)" % labels)
want = "t = %+.1f ns + (1 %+.4f ppm) x t(alpha)" % (h[1]['offset_ns'], h[1]['drift_ppm'])
ok(d['info'][0] == 'the reference clock (the time axis)' and d['info'][1].startswith(want) and
   ("accuracy %.1f us" % (h[1]['accuracy_ns'] / 1e3)) in d['info'][1] and 'drift in [' in d['info'][1],
   "the panel: alpha the reference; beta %s" % d['info'][1])
s = 1 + h[1]['drift_ppm'] * 1e-6
ref = lambda k, t: t if k == 0 else int((t - h[1]['offset_ns']) / s + 0.5)
t0, t1, n, lw = d['t0_ns'], d['t1_ns'], d['columns'], d['label_w']
xo = lambda t: lw + (t - t0) / (t1 - t0) * n
mid = {r['host']: r['y'] + d['row_h'] / 2 for r in d['rows'] if r['kind'] == 'task' and r['id'] in (10, 20)}
exp = sorted((ref(m['src'], m['send_ns']), ref(m['dst'], m['recv_ns']), m['src'], m['dst']) for m in msgs
             if ref(m['src'], m['send_ns']) < t1 and ref(m['dst'], m['recv_ns']) >= t0)
got = sorted((l['send_ns'], l['recv_ns'], l['from_host'], l['to_host']) for l in d['links'])
ok(len(got) == len(exp) > 0 and all(a[2:] == b[2:] and abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol
                                    for a, b in zip(got, exp)),
   "%d arrows, one per message of merge --messages in the window, at its send and receive on "
   "alpha's clock (%d expected, within %d ns)" % (len(got), len(exp), tol))
for a, b in zip(got, exp):
    if a != b:
        print("# arrow %s, the message %s" % (a, b))
        break
far = [l for l in d['links'] if abs(l['x0'] - xo(l['send_ns'])) > 0.01 or abs(l['x'] - xo(l['recv_ns'])) > 0.01
       or l['y0'] != mid[l['from_host']] or l['y1'] != mid[l['to_host']]]
ok(not far, "each arrow from the sender's row at its send's x to the receiver's at its receive's (%d not)" % len(far))
done()
PY
}
checks < <(hostcheck "$tmp/m.json" 0)

shot d --hosts "$tmp/g/A" "$tmp/g/B"
ok $? "--hosts A B: a screenshot with --dump-cells"
checks < <(hostcheck "$tmp/d.json" 1)
checks < <($PY tests/lib/gtkpixels.py "$tmp/d.png" "$tmp/d.json" "cli 10:user")

mkdir -p "$tmp/few" && python3 "$sync" "$tmp/few" --calls 1 &&
	$gen "$tmp/few/A" < "$tmp/few/a.desc" && $gen "$tmp/few/B" < "$tmp/few/b.desc"
$tv merge -o "$tmp/mf" "$tmp/few/A" "$tmp/few/B" > /dev/null 2>&1
is "$?" 5 "merge of one call: beta not synchronised (exit status 5)"
shot f "$tmp/mf"
ok $? "the set with beta not synchronised: a screenshot"
is "$(json "$tmp/f.json" "[[r['label'] for r in j['rows'] if r['kind'] == 'host'], len(j['links']), 'srv 20' in [r['label'] for r in j['rows']], j['info'][1][:60]]")" \
	'[["alpha (host 0)", "beta (host 1) NOT SYNCHRONISED"], 0, false, "NOT SYNCHRONISED, not shown: beta (beta): unsynchronised: 1 "]' \
	"... beta's group row apart, saying so; none of its rows, no arrow; the panel says why"

timeout 60 xvfb-run -a -s "$screen" "$gtk" --hosts "$tmp/g/A" "$tmp/g/A" > /dev/null 2> "$tmp/twice.err"
is "$?" 2 "--hosts of the same trace twice: status 2 ($(head -c 120 "$tmp/twice.err"))"
grep -q 'are the same trace' "$tmp/twice.err"
ok $? "... said"
"$gtk" --hosts "$tmp/g/A" > /dev/null 2> "$tmp/one.err"
is "$?" 2 "--hosts with one trace: a usage error ($(head -c 100 "$tmp/one.err"))"
done_testing
