# SPDX-License-Identifier: GPL-2.0
# ooorules.sh - sourced by the tests of traced --rules on the fake device
# whose CPUs' buffers come out of order (rules-agree.t, rules-module.t):
# builds tracevisualizer and traced-fake (a check), writes the buffers of
# traced/test/ooo-buffers.py to $tmp/ooo.bin, and defines norm FILE: the
# firings of a firings log or of audit --rules --json, the snapshot left
# out, one sorted JSON object a line.  Needs tap.sh, $TOP and $tmp.
tv=$TOP/tracevisualizer/build/tracevisualizer
fake=$TOP/traced/test/traced-fake

make -s -C "$TOP/tracevisualizer" build/tracevisualizer >"$tmp/build.log" 2>&1 &&
	make -s -C "$TOP/traced" test/traced-fake >>"$tmp/build.log" 2>&1
ok $? "tracevisualizer and traced-fake build" || sed 's/^/# /' "$tmp/build.log" | tail -20
python3 "$TOP/traced/test/ooo-buffers.py" "$tmp/ooo.bin"

norm() {
	python3 -c '
import json, sys
for line in open(sys.argv[1]):
    f = json.loads(line)
    if "seq" in f:
        f.pop("snapshot", None)
        print(json.dumps(f, sort_keys=True))' "$1"
}
