#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bitflips.t - a random single-bit-flip campaign over a real guest trace
# (issue 36 item 2): every flip of a bit of tests/corpus/guest-mix/events
# either changes nothing that `processes --json` prints, or gives a
# warning, a refusal or an anomaly that `check` reports with a non-zero
# exit, or leaves a value that a kernel may write (a time still in
# order, a pid up to PID_MAX_LIMIT, a state below TASK_STATE_MAX, a trap
# vector below 32: the format has no checksum, see tests/lib/bitflips.py).
# The flips are chosen with a fixed seed; BITFLIPS (default 1000, 23 s
# unloaded, 60 s on a busy machine) sets how many, BITFLIPS_SEED the seed.
. "$(dirname "$0")/../lib/tap.sh"
flips=${BITFLIPS:-1000}
seed=${BITFLIPS_SEED:-1}
[ -x tracevisualizer/tracevisualizer ] || skip_all "tracevisualizer not built (make tracevisualizer)"
# in memory: a tmpfs when there is one
base=/dev/shm
[ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
tmp=$(mktemp -d "$base/bitflips.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

python3 tests/lib/bitflips.py "$TOP/tracevisualizer/tracevisualizer" \
	tests/corpus/guest-mix "$tmp" "$flips" "$seed" >"$tmp/out"
st=$?
summary=$(tail -1 "$tmp/out")
diag "$summary"
ok $st "$flips flips (seed $seed): none changes processes --json while check exits 0 with a value no kernel writes" ||
	grep '^silent' "$tmp/out" | head -20 | sed 's/^/# /'
n=$(sed -n 's/.*: \([0-9]*\) same, \([0-9]*\) warned, \([0-9]*\) possible, \([0-9]*\) silent$/\1 \2 \3 \4/p' "$tmp/out")
read -r same warned possible silent <<<"$n"
is "$((same + warned + possible + silent))" "$flips" "each flip in one class"
# the campaign sees damage: most changed outputs are warned
ok "$([ "${warned:-0}" -gt "${possible:-0}" ] && echo 0 || echo 1)" \
	"more flips warned ($warned) than left possible ($possible)"
done_testing
