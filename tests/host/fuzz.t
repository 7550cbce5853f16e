#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fuzz.t - the reader's and the paths' fuzzers (tracevisualizer/fuzz/,
# docs/fuzzing.md): every saved input (fuzz/broken/*.trace and *.paths:
# the fuzzers' findings and an input per past bug class of the reader;
# none is a failure) replayed under ASan + UBSan gives the outcome saved
# beside it, the replay tells a changed outcome, the seeds are the unit
# tests' corpus and symbol files (kallsyms, modules, maps) (and message files and captures for the paths), and a
# short campaign of each (a fixed number of executions, a fixed seed)
# finds nothing.  8000 executions of the reader's (docs/fuzzing.md: its
# passes grew, 20 ms an execution now against 2.7 ms on 2026-11-29) and
# 10000 of the paths'.
. "$(dirname "$0")/../lib/tap.sh"
tv=$TOP/tracevisualizer
tmp=$(mktemp -d)
# each execution unpacks its input into a trace directory under TMPDIR:
# a RAM file system when there is one, as make fuzz does (/dev/shm: 21 s
# of CPU for 2000 executions where /tmp on this disk took 26.5 s)
ftmp=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp" "$ftmp"' EXIT
runs=${FUZZ_RUNS:-8000}
pruns=${FUZZ_PATHS_RUNS:-10000}

if ! command -v clang >/dev/null; then
	skip_all "clang not installed (scripts/setup-deps installs it)"
fi

# the replay links the fuzzers' objects (clang: ASan, UBSan and
# libFuzzer's coverage, whose hooks do nothing without libFuzzer's main)
make -C "$tv" -s FUZZ=1 build-fuzz/fuzz/fuzz-replay >"$tmp/build.log" 2>&1
ok $? "the replay builds with ASan + UBSan" || sed 's/^/# /' "$tmp/build.log" | tail -20
replay=$tv/build-fuzz/fuzz/fuzz-replay

mapfile -t found < <(ls "$tv"/fuzz/broken/*.trace "$tv"/fuzz/broken/*.paths 2>/dev/null)
if [ ${#found[@]} = 0 ]; then
	# a replay of nothing checks nothing: fuzz/broken/ keeps an input per
	# past bug class of the reader (fuzz/broken/README.md)
	ok 1 "fuzz/broken/ holds saved inputs to replay (it holds none)"
else
	"$replay" --check "${found[@]}" >"$tmp/replay.out" 2>&1
	st=$?
	ok $st "every saved input (${#found[@]}) gives its saved outcome, no sanitizer report"
	[ $st = 0 ] || sed 's/^/# /' "$tmp/replay.out" | tail -20
	is "$(grep -c ': \(refused\|error\|read\|paths\): ' "$tmp/replay.out")" "${#found[@]}" \
		"one outcome line per saved input"
fi

make -C "$tv" -s FUZZ=1 build-fuzz/fuzz/fuzz-reader build-fuzz/fuzz/fuzz-paths \
	build-fuzz/fuzz/fuzz-seeds >"$tmp/build.log" 2>&1
ok $? "the fuzzers and the seed writer build (clang, libFuzzer, ASan + UBSan)" ||
	sed 's/^/# /' "$tmp/build.log" | tail -20
"$tv"/build-fuzz/fuzz/fuzz-seeds "$tmp/seeds" "$tmp/pseeds" >"$tmp/seeds.out"
made=$(sed -n 's/^fuzz-seeds: \([0-9]*\) seeds in .*/\1/p' "$tmp/seeds.out")
is "$(ls "$tmp/seeds" | wc -l)" "$made" "fuzz-seeds writes the $made seeds it says"
cases=$(grep -c '^	{ "' "$tv/utest/corpus.c")
# an input always has a header and an events file (fuzz-input.h)
nofile=$(grep -c '^	{ "[^"]*", [^,]* "remove \(header\|events\)\\n"' "$tv/utest/corpus.c")
is "$made" "$((cases - nofile + 7))" \
	"a seed per corpus case with a header and events ($cases - $nofile), the rich trace three times (once with symbol files), 3 scenarios and an epoch file of version 3 (vitals-v3)"

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

# the saved trace inputs are a corpus too: an input once slow (a timeout
# of the replay pass, replay-large-pid) must stay under the timeout
mkdir -p "$tmp/run/corpus" "$tmp/saved"
cp "$tv"/fuzz/broken/*.trace "$tmp/saved/"
(cd "$tmp/run" && TMPDIR=$ftmp nice "$tv"/build-fuzz/fuzz/fuzz-reader -max_len=65536 \
	-timeout=20 -rss_limit_mb=2048 -dict="$tv/fuzz/reader.dict" -runs="$runs" -seed=1 \
	-artifact_prefix=./ corpus "$tmp/seeds" "$tmp/saved") >"$tmp/fuzz.log" 2>&1
st=$?
ok $st "$runs executions of the fuzzer from the seeds: no crash, leak or sanitizer report"
[ $st = 0 ] || grep -E -A15 'ERROR|runtime error|fuzz-reader:' "$tmp/fuzz.log" | head -40 | sed 's/^/# /'
grep -q "^Done $runs runs in " "$tmp/fuzz.log"
ok $? "the run did all $runs executions"
diag "$(grep -E '^#[0-9]+[[:space:]]+DONE' "$tmp/fuzz.log")"
is "$(ls "$tmp/run" | grep -c -E '^(crash|leak|timeout|oom)-')" 0 "no finding saved"

# the paths fuzzer: message files and captures, both algorithms
is "$(sed -n 's/^fuzz-seeds: \([0-9]*\) paths seeds in .*/\1/p' "$tmp/seeds.out"):$(ls "$tmp/pseeds" | wc -l)" "6:6" \
	"fuzz-seeds writes the 6 paths seeds it says (4 message files, a capture twice)"
"$replay" "$tmp/pseeds/rpc.paths" "$tmp/pseeds/tcp-udp-pcap.paths" >"$tmp/ptwo.out"
is "$(cut -d' ' -f2- "$tmp/ptwo.out")" "paths: 10 messages, 0 outliers, 2 patterns, 30 vertices, quantum 1000000 ns
paths: 4 messages, 0 outliers, 1 patterns, 2 vertices, quantum 1000000 ns" \
	"replay: the RPC message file and the capture seeds give their paths"
mkdir -p "$tmp/prun/corpus"
(cd "$tmp/prun" && TMPDIR=$ftmp nice "$tv"/build-fuzz/fuzz/fuzz-paths -max_len=16384 \
	-timeout=10 -rss_limit_mb=1024 -dict="$tv/fuzz/paths.dict" -runs="$pruns" -seed=1 \
	-artifact_prefix=./ corpus "$tmp/pseeds") >"$tmp/pfuzz.log" 2>&1
st=$?
ok $st "$pruns executions of the paths fuzzer from its seeds: no crash, leak, sanitizer report, timeout (10 s) or 1 GB"
[ $st = 0 ] || grep -E -A15 'ERROR|runtime error|fuzz-paths:|ALARM' "$tmp/pfuzz.log" | head -40 | sed 's/^/# /'
grep -q "^Done $pruns runs in " "$tmp/pfuzz.log"
ok $? "the run did all $pruns executions"
diag "$(grep -E '^#[0-9]+[[:space:]]+DONE' "$tmp/pfuzz.log")"
is "$(ls "$tmp/prun" | grep -c -E '^(crash|leak|timeout|oom)-')" 0 "no finding saved"

done_testing
