#!/bin/bash
# tracevisualizer vitals DIR (issue 29) on epoch files written by an
# independent writer (tests/lib/vitalsgen.py, from docs/vitals.md's
# layout, not the library's code): six epochs of syscalls, the fifth a
# burst, the third cut and another corrupt; the text and --json give each
# epoch's exact total, the distinct labels by linear counting, the top
# labels by their cell's count with their samples; the burst, and only
# it, flagged; the cut and the corrupt file named with their epoch on
# standard error and skipped (status 4); usage errors.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tv=tracevisualizer

python3 tests/lib/vitalsgen.py "$tmp/v"
ok $? "six epoch files written"
$tv vitals "$tmp/v" > "$tmp/out.txt" 2> "$tmp/err.txt"
is $? 4 "a file skipped: status 4"
grep -q "vitals-00000003.ltv: epoch 00000003: cut: .*, skipped" "$tmp/err.txt"
ok $? "the cut file named with its epoch and why ($(head -c 200 "$tmp/err.txt"))"
grep -q "vitals-00000006.ltv: epoch 00000006: version 7 (this reader reads 1 to 3), skipped" "$tmp/err.txt"
ok $? "the file of another version named with its epoch"
[ "$(grep -c ANOMALY "$tmp/out.txt")" = 1 ] && grep -q "^5 epochs, 2 skipped, 1 anomalies$" "$tmp/out.txt"
ok $? "5 epochs read, 2 skipped, 1 anomaly"
sed -n '/^epoch 4 /,/^epoch 5 /p' "$tmp/out.txt" | grep -q "^  syscall  *total  *9000 events  *(9000 events)  labels ~3  ANOMALY"
ok $? "epoch 4 (the burst) flagged in the text"
$tv vitals --json --top 2 "$tmp/v" > "$tmp/out.json" 2>/dev/null
is $? 4 "--json: status 4 too"
checks < <(python3 - "$tmp/out.json" <<'PY'
import json, math, sys
sys.path.insert(0, 'tests/lib')
from check import ok, done
j = json.load(open(sys.argv[1]))
ep = j['epochs']
ok(j['format_version'] == 3 and len(j['warnings']) == 2, "format 3 (the newest this reader reads; the files are version 1), two warnings")
ok([e['epoch'] for e in ep] == [0, 1, 2, 4, 5], "epochs 0 1 2 4 5 in order")
sc = [e['vitals']['syscall'] for e in ep]
ok([s['total'] for s in sc] == [1003, 1003, 1003, 9000, 1003], "the totals as written")
ok([s['anomaly'] for s in sc] == [False, False, False, True, False], "only the burst flagged")
want = 1024 * math.log(1024 / 1021)
ok(abs(sc[0]['distinct_labels'] - want) < 0.05, "3 used cells: %.2f distinct labels (%.2f)" % (sc[0]['distinct_labels'], want))
top = sc[0]['top']
ok(len(top) == 2 and top[0]['estimate'] == 1000 and top[0]['samples'] == 2 and top[0]['comm'] == 'freq'
   and top[1]['estimate'] == 2 and top[1]['comm'] == 'rare' and top[1]['key'] == 121,
   "--top 2: the frequent label (cell 1000, 2 samples), then the rare one")
ok(ep[4]['partial'] and not ep[0]['partial'], "the last epoch is marked partial")
ok('cpu' not in ep[0]['vitals'], "a vital sign not collected is not shown")
done()
PY
)
$tv vitals > /dev/null 2>&1; is $? 2 "no directory: usage error"
$tv vitals --top 1001 "$tmp/v" > /dev/null 2>&1; is $? 2 "--top 1001: usage error"
$tv vitals "$tmp/none" > /dev/null 2>&1; is $? 1 "a directory that is not there: status 1"
$tv vitals --help | grep -q "^Usage: tracevisualizer vitals"; ok $? "--help"
grep -q '^\.B tracevisualizer vitals$' docs/tracevisualizer.1; ok $? "vitals in the man page's SYNOPSIS"
done_testing
