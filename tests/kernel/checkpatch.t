#!/bin/bash
# checkpatch.t - every patch of patches/series passes the kernel's
# scripts/checkpatch.pl --no-tree with 0 errors.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
src=$root/build/linux-source-6.1
checkpatch=$src/scripts/checkpatch.pl

mapfile -t patches < <(grep -v '^[[:space:]]*\(#\|$\)' "$root/patches/series" | awk '{print $1}')

if [ ! -x "$checkpatch" ]; then
	# a dependency missing: with LTT_REQUIRE_ALL=1 (.ci/run) a failure
	if [ "${LTT_REQUIRE_ALL-}" = 1 ]; then
		echo "not ok 1 - LTT_REQUIRE_ALL=1, no skip allowed: $checkpatch (run scripts/build-kernel first)"
		echo "1..1"
		exit 1
	fi
	echo "1..0 # SKIP $checkpatch missing (run scripts/build-kernel first)"
	exit 0
fi

echo "1..${#patches[@]}"
n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	out=$("$checkpatch" --no-tree --no-color "$root/patches/$p" 2>&1)
	summary=$(printf '%s\n' "$out" | grep -E '^total: [0-9]+ errors' | tail -1)
	errors=$(printf '%s\n' "$summary" | sed -n 's/^total: \([0-9]*\) errors.*/\1/p')
	if [ -n "$errors" ] && [ "$errors" -eq 0 ]; then
		echo "ok $n - $p: $summary"
	else
		echo "not ok $n - $p: ${summary:-checkpatch gave no summary}"
		printf '%s\n' "$out" | grep -E -A3 '^ERROR' | sed 's/^/# /'
	fi
done
