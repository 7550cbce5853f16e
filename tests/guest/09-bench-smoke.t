#!/bin/bash
# A smoke run of scripts/bench with tiny sizes (one boot, one repetition):
# the report has a row with numbers for every configuration x workload, the
# ltt-vs-ftrace table and the analyzer table.  No timing thresholds: a
# benchmark is not a test.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

scripts/bench --smoke --out "$tmp/b.md" > "$tmp/out" 2> "$tmp/err"
ok $? "scripts/bench --smoke ran to its end"
[ -s "$tmp/b.md" ]
ok $? "it wrote the report"
diag "$(tail -5 "$tmp/err")"

checks < <(python3 - "$tmp/b.md" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ok(c, d): print(("PASS " if c else "FAIL ") + d)
num = re.compile(r'^[+-]?\d+(\.\d+)?$')
rows = {}
for line in text.splitlines():
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if len(cells) == 14 and cells[0] != 'workload' and not cells[0].startswith('-'):
        rows[(cells[0], cells[1])] = cells
for w in ['getppid', 'pipe', 'fork', 'file', 'macro']:
    for c in ['untraced', 'stopped', 'masked', 'ltt', 'ftrace']:
        r = rows.get((w, c))
        ok(r is not None and bool(num.match(r[3])), "row %s/%s with a time" % (w, c))
    for c in ['ltt', 'ftrace']:
        r = rows.get((w, c))
        ok(r is not None and all(num.match(r[i]) for i in (5, 6, 7, 9, 10, 12, 13)),
           "%s/%s has overhead, ns/event, events, bytes/event, bytes, lost, daemon CPU" % (w, c))
    r = rows.get((w, 'ltt'))
    ok(r is not None and r[12] == '0', "%s/ltt lost nothing with default buffers" % w)
ok('ltt / ftrace cost' in text, "the ltt-vs-ftrace table is there")
ok('tracevisualizer summary' in text and 'raw sequential read' in text, "the analyzer table is there")
ok('babeltrace2' in text, "babeltrace2 has its line")
ok('scripts/bench --smoke' in text, "the report names the command that produced it")
print("DONE")
PY
)
done_testing
