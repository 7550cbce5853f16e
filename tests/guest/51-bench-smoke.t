#!/bin/bash
# A smoke run of scripts/bench with tiny sizes (two boots: the TSC one and
# the instruction-count one; one repetition): the report has, for each
# boot, a row with numbers for every configuration x workload and the
# ltt-vs-ftrace(-vs-LTTng) table and the wakeup latency table (a row per
# configuration: the latenesses, what each adds, in instructions in the
# icount boot, and events per activation for the tracers), then the
# analyzer table.  Then a smoke run of scripts/bench --arch arm64 (one
# instruction-count boot of the arm64 guest): the same rows and tables for
# LTT and ftrace, no perf (not packed for arm64) and, as on x86, no LTTng
# unless LTT_SMOKE_LTTNG=1.  No timing thresholds: a benchmark is not a
# test.
#
# LTTng (the third tracer) is not in make check's run (--no-lttng): its
# modules take 3 to 4 minutes to build (scripts/lttng/build, run by make
# bench), which make check's budget does not have; the report is checked
# to have no LTTng row or table instead of skipping 11 checks on every
# make check.  LTT_SMOKE_LTTNG=1 (after make bench built the modules, and
# scripts/lttng/build --arch arm64 the arm64 ones) runs both with LTTng and
# checks its rows, table, setup and target.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

lttng=${LTT_SMOKE_LTTNG:-0}
flags=(); [ "$lttng" = 1 ] || flags=(--no-lttng)
scripts/bench --smoke --clock tsc,icount "${flags[@]}" --out "$tmp/b.md" > "$tmp/out" 2> "$tmp/err"
ok $? "scripts/bench --smoke ran to its end"
[ -s "$tmp/b.md" ]
ok $? "it wrote the report"
diag "$(tail -5 "$tmp/err")"

checks < <(python3 - "$tmp/b.md" "$lttng" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
lttng = sys.argv[2] == '1'
def ok(c, d): print(("PASS " if c else "FAIL ") + d)
num = re.compile(r'^[+-]?\d+(\.\d+)?$')
boots = {}
boot = None
for line in text.splitlines():
    if line.startswith('## Results, '):
        boot = 'icount' if 'icount' in line else 'tsc'
        boots[boot] = {}
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if boot and len(cells) == 14 and cells[0] != 'workload' and not cells[0].startswith('-'):
        boots[boot][(cells[0], cells[1])] = cells
ok(sorted(boots) == ['icount', 'tsc'], "a results section for each boot (%s)" % sorted(boots))
for b, w in [(b, w) for b in sorted(boots) for w in ['getppid', 'pipe', 'fork', 'file', 'macro']]:
    rows = boots[b]
    for c in ['untraced', 'stopped', 'masked', 'ltt', 'ftrace']:
        r = rows.get((w, c))
        ok(r is not None and bool(num.match(r[3])), "%s: row %s/%s with a time" % (b, w, c))
    for c in ['ltt', 'ftrace']:
        r = rows.get((w, c))
        ok(r is not None and all(num.match(r[i]) for i in (5, 6, 7, 9, 10, 12, 13)),
           "%s: %s/%s has overhead, ns/event, events, bytes/event, bytes, lost, daemon CPU" % (b, w, c))
    r = rows.get((w, 'ltt'))
    ok(r is not None and r[12] == '0', "%s: %s/ltt lost nothing with default buffers" % (b, w))
    r = rows.get((w, 'lttng'))
    if lttng:
        ok(r is not None and all(num.match(r[i]) for i in (3, 5, 6, 7, 9, 10, 12, 13)),
           "%s: %s/lttng has a time, overhead, ns/event, events, bytes/event, bytes, lost, "
           "daemon CPU" % (b, w))
    else:
        ok(r is None, "%s: no %s/lttng row (--no-lttng)" % (b, w))
ok(text.count('ltt / ftrace cost') == 2, "an ltt-vs-ftrace table for each boot")
if lttng:
    ok(text.count('ltt / lttng cost') == 2, "the tables have LTTng's column in each boot")
    ok(re.search(r'^- LTTng: lttng-modules .*Sub-buffer count: \d+', text, re.M) is not None,
       "the report says which LTTng ran and its channel's geometry")
    ok('| cost per event ≤ 0.7× LTTng\'s |' in text, "the LTTng target is checked")
else:
    ok('ltt / lttng cost' not in text and '- LTTng: lttng-modules' not in text,
       "no LTTng table or setup line (--no-lttng; LTT_SMOKE_LTTNG=1 checks them)")
ok('-icount shift=3' in text, "the report says how the icount boot counts time")
ok('tracevisualizer summary' in text and 'raw sequential read' in text, "the analyzer table is there")
ok('babeltrace2' in text, "babeltrace2 has its line")
ok('scripts/bench --smoke' in text, "the report names the command that produced it")
print("DONE")
PY
)

# the wakeup latency table of each boot (FILE, the boots, the configurations)
wake_checks() {
	python3 - "$@" <<'PY'
import re, sys
text, boots, cfgs = open(sys.argv[1]).read(), sys.argv[2].split(','), sys.argv[3].split(',')
def ok(c, d): print(("PASS " if c else "FAIL ") + d)
num = re.compile(r'^[+-]?\d+(\.\d+)?$')
secs = re.split(r'^### Wakeup latency added by tracing ', text, flags=re.M)[1:]
ok(len(secs) == len(boots), "a wakeup latency table for each boot (%d)" % len(secs))
for b, sec in zip(boots, secs):
    rows = {}
    for line in sec.splitlines():
        if line.startswith('## '):
            break
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) == 8 and cells[0] in cfgs:
            rows[cells[0]] = cells
    ok(sorted(rows) == sorted(cfgs), "%s: a wakeup row per configuration (%s)" % (b, sorted(rows)))
    for c, r in sorted(rows.items()):
        ok(r[1] == '20' and all(num.match(r[i]) for i in (2, 3, 4)),
           "%s: %s: 20 activations, their median, p90 and maximum lateness" % (b, c))
        if c != 'untraced':
            ok(bool(num.match(r[5])) and (bool(num.match(r[6])) if b == 'icount' else r[6].startswith('—')),
               "%s: %s: what it adds to the median%s" % (b, c, ", in instructions" if b == 'icount' else ""))
        if c in ('ltt', 'masked', 'ftrace', 'lttng'):
            ok(bool(num.match(r[7])) and float(r[7]) > 0, "%s: %s: events per activation" % (b, c))
print("DONE")
PY
}
bcfgs=untraced,stopped,masked,ltt,ftrace; [ "$lttng" = 1 ] && bcfgs=$bcfgs,lttng
checks < <(wake_checks "$tmp/b.md" tsc,icount $bcfgs)

# --- the arm64 guest (make check builds it behind the tests) ---------------
"$TOP/scripts/build-behind" --wait arm64 > /dev/null 2>&1
scripts/bench --arch arm64 --smoke "${flags[@]}" --out "$tmp/a.md" > "$tmp/aout" 2> "$tmp/aerr"
ok $? "scripts/bench --arch arm64 --smoke ran to its end"
diag "$(tail -5 "$tmp/aerr")"
checks < <(python3 - "$tmp/a.md" "$lttng" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
lttng = sys.argv[2] == '1'
def ok(c, d): print(("PASS " if c else "FAIL ") + d)
num = re.compile(r'^[+-]?\d+(\.\d+)?$')
ok(text.startswith('# Benchmarks on the arm64 guest'), "the arm64 report's title")
ok(text.count('## Results, ') == 1 and 'icount' in text.split('## Results, ')[1].splitlines()[0],
   "one results section, the instruction-count boot's")
ok('machine virt, `-cpu cortex-a57`' in text, "the report says the guest is QEMU's virt machine with a cortex-a57")
rows = {}
for line in text.splitlines():
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if len(cells) == 14 and cells[0] != 'workload' and not cells[0].startswith('-'):
        rows[(cells[0], cells[1])] = cells
for w in ['getppid', 'pipe', 'fork', 'file', 'macro']:
    for c in ['untraced', 'stopped', 'masked', 'ltt', 'ftrace']:
        r = rows.get((w, c))
        ok(r is not None and bool(num.match(r[3])), "arm64: row %s/%s with a time" % (w, c))
    for c in ['ltt', 'ftrace']:
        r = rows.get((w, c))
        ok(r is not None and all(num.match(r[i]) for i in (5, 6, 7, 9, 10, 12)),
           "arm64: %s/%s has overhead, ns/event, events, bytes/event, bytes, lost" % (w, c))
    r = rows.get((w, 'lttng'))
    if lttng:
        ok(r is not None and all(num.match(r[i]) for i in (3, 5, 6, 7, 9, 10, 12)),
           "arm64: %s/lttng has a time, overhead, ns/event, events, bytes/event, bytes, lost" % w)
    else:
        ok(r is None, "arm64: no %s/lttng row (--no-lttng)" % w)
    ok(rows.get((w, 'perf')) is None, "arm64: no perf row for %s (not packed for arm64)" % w)
ok(text.count('ltt / ftrace cost') == 1, "the ltt-vs-ftrace table")
if lttng:
    ok(text.count('ltt / lttng cost') == 1, "arm64: the table has LTTng's column")
    ok(re.search(r'^- LTTng: lttng-modules .*\(arm64\).*Sub-buffer count: \d+', text, re.M)
       is not None, "arm64: the report says which LTTng ran and its channel's geometry")
    ok('x86_exceptions_page_fault_*' in text,
       "arm64: the report says LTTng has no page-fault events on arm64")
else:
    ok('ltt / lttng cost' not in text and '- LTTng: lttng-modules' not in text,
       "arm64: no LTTng table or setup line (--no-lttng)")
ok('exceptions/page_fault_*' in text, "the report says ftrace has no page-fault events on arm64")
ok('scripts/bench --arch arm64 --smoke' in text, "the report names the command that produced it")
print("DONE")
PY
)
acfgs=untraced,stopped,masked,ltt,ftrace; [ "$lttng" = 1 ] && acfgs=$acfgs,lttng
checks < <(wake_checks "$tmp/a.md" icount $acfgs)
done_testing
