#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fuzz.t - the reader's fuzzer (tracevisualizer/fuzz/, docs/fuzzing.md):
# every saved finding (fuzz/broken/*.trace) replayed under ASan + UBSan
# gives the outcome saved beside it, the replay tells a changed outcome,
# the seeds are the unit tests' corpus (and symbol files: kallsyms,
# modules, maps), and a short campaign (a fixed
# number of executions, a fixed seed) from them finds nothing.
. "$(dirname "$0")/../lib/tap.sh"
tv=$TOP/tracevisualizer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=${FUZZ_RUNS:-20000}

if ! command -v clang >/dev/null; then
	skip_all "clang not installed (scripts/setup-deps installs it)"
fi

make -C "$tv" -s SAN=1 build-san/fuzz/fuzz-replay >"$tmp/build.log" 2>&1
ok $? "the replay builds with ASan + UBSan" || sed 's/^/# /' "$tmp/build.log" | tail -20
replay=$tv/build-san/fuzz/fuzz-replay

mapfile -t found < <(ls "$tv"/fuzz/broken/*.trace 2>/dev/null)
if [ ${#found[@]} = 0 ]; then
	# nothing replayed is not a pass: say why the two checks did not run
	skip "every saved finding gives its saved outcome: fuzz/broken/ holds no finding yet (docs/fuzzing.md)"
	skip "one outcome line per finding: none saved"
else
	"$replay" --check "${found[@]}" >"$tmp/replay.out" 2>&1
	st=$?
	ok $st "every saved finding (${#found[@]}) gives its saved outcome, no sanitizer report"
	[ $st = 0 ] || sed 's/^/# /' "$tmp/replay.out" | tail -20
	is "$(grep -c ': \(refused\|error\|read\): ' "$tmp/replay.out")" "${#found[@]}" \
		"one outcome line per finding"
fi

make -C "$tv" -s FUZZ=1 build-fuzz/fuzz/fuzz-reader build-fuzz/fuzz/fuzz-seeds >"$tmp/build.log" 2>&1
ok $? "the fuzzer and the seed writer build (clang, libFuzzer, ASan + UBSan)" ||
	sed 's/^/# /' "$tmp/build.log" | tail -20
"$tv"/build-fuzz/fuzz/fuzz-seeds "$tmp/seeds" >"$tmp/seeds.out"
made=$(sed -n 's/^fuzz-seeds: \([0-9]*\) seeds in .*/\1/p' "$tmp/seeds.out")
is "$(ls "$tmp/seeds" | wc -l)" "$made" "fuzz-seeds writes the $made seeds it says"
cases=$(grep -c '^	{ "' "$tv/utest/corpus.c")
# an input always has a header and an events file (fuzz-input.h)
nofile=$(grep -c '^	{ "[^"]*", [^,]* "remove \(header\|events\)\\n"' "$tv/utest/corpus.c")
is "$made" "$((cases - nofile + 6))" \
	"a seed per corpus case with a header and events ($cases - $nofile), the rich trace three times (once with symbol files) and 3 scenarios"

# the replay tells a good trace from a refused one, with the file's name
"$replay" "$tmp/seeds/good" "$tmp/seeds/bad-magic" >"$tmp/two.out"
is "$(cut -d' ' -f2- "$tmp/two.out")" "read: 6 events, 1 warnings
refused: TRACE/header: bad magic 0x12345678 at offset 0 (expected 0x00d6b7ed): not an LTT trace header" \
	"replay: the good corpus trace reads 6 events (a warning: its seed has no lost file), bad-magic is refused with its message"
cp "$tmp/seeds/good" "$tmp/changed.trace"
echo "read: 7 events, 0 warnings" >"$tmp/changed.trace.expect"
"$replay" --check "$tmp/changed.trace" >"$tmp/changed.out"
st=$?
[ $st = 1 ] && grep -q 'expected read: 7 events' "$tmp/changed.out"
ok $? "replay --check fails (status $st) when an outcome is not the saved one"

mkdir -p "$tmp/run/corpus"
(cd "$tmp/run" && TMPDIR=$tmp nice "$tv"/build-fuzz/fuzz/fuzz-reader -max_len=65536 \
	-timeout=20 -rss_limit_mb=2048 -dict="$tv/fuzz/reader.dict" -runs="$runs" -seed=1 \
	-artifact_prefix=./ corpus "$tmp/seeds") >"$tmp/fuzz.log" 2>&1
st=$?
ok $st "$runs executions of the fuzzer from the seeds: no crash, leak or sanitizer report"
[ $st = 0 ] || grep -E -A15 'ERROR|runtime error|fuzz-reader:' "$tmp/fuzz.log" | head -40 | sed 's/^/# /'
grep -q "^Done $runs runs in " "$tmp/fuzz.log"
ok $? "the run did all $runs executions"
diag "$(grep -E '^#[0-9]+ +DONE' "$tmp/fuzz.log")"
is "$(ls "$tmp/run" | grep -c -E '^(crash|leak|timeout|oom)-')" 0 "no finding saved"

done_testing
