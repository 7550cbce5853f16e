#!/bin/bash
# cli.sh [TRACED] - TAP tests of the traced command line and, through
# test/traced-fake (traced linked with a fake device), of whole sessions.
here=$(cd "$(dirname "$0")" && pwd)
traced=${1:-$here/../traced}
fake=$here/traced-fake
check=$here/checktrace.py
tmp=$(mktemp -d /tmp/traced-cli.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0

ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else
		echo "not ok $n - $2"; failed=$((failed + 1)); fi
}
is() {
	if [ "$1" = "$2" ]; then ok 0 "$3"; else
		ok 1 "$3"; echo "#   got '$1', want '$2'"; fi
}
has() {	# has FILE TEXT DESC
	if grep -qF -- "$2" "$1"; then ok 0 "$3"; else
		ok 1 "$3"; sed 's/^/#   /' "$1"; fi
}
fact() { python3 "$check" "$1" | awk -v k="$2" '$1 == k { print $2 }'; }

# ---- the command line (the real binary) ----
"$traced" --help >"$tmp/out" 2>&1; is $? 0 "--help exits 0"
has "$tmp/out" "Usage: traced" "--help prints the usage"
has "$tmp/out" "--write-buffer" "--help lists --write-buffer"
"$traced" --version >"$tmp/out" 2>&1; is $? 0 "--version exits 0"
has "$tmp/out" "trace format 1.0" "--version names the format"
"$traced" --bogus -o "$tmp/x" >"$tmp/out" 2>&1; is $? 2 "unknown option exits 2"
has "$tmp/out" "unknown option '--bogus'" "unknown option is named"
"$traced" -z -o "$tmp/x" >"$tmp/out" 2>&1; is $? 2 "unknown short option exits 2"
"$traced" -o >"$tmp/out" 2>&1; is $? 2 "missing argument exits 2"
"$traced" -t 1 >"$tmp/out" 2>&1; is $? 2 "no -o exits 2"
"$traced" -o "$tmp/x" -e all,-wakeup,bogus -t 1 >"$tmp/out" 2>&1
is $? 2 "unknown event exits 2"
has "$tmp/out" "'bogus'" "the unknown event is named"
"$traced" -o "$tmp/x" -e '' -t 1 >"$tmp/out" 2>&1; is $? 2 "empty event list exits 2"
"$traced" -o "$tmp/x" -b 1k -t 1 >"$tmp/out" 2>&1; is $? 2 "buffer size below 4k exits 2"
"$traced" -o "$tmp/x" -b 4q -t 1 >"$tmp/out" 2>&1; is $? 2 "bad size suffix exits 2"
"$traced" -o "$tmp/x" -n 1 -t 1 >"$tmp/out" 2>&1; is $? 2 "one buffer exits 2"
"$traced" -o "$tmp/x" -t 0 >"$tmp/out" 2>&1; is $? 2 "-t 0 exits 2"
"$traced" -o "$tmp/x" -t abc >"$tmp/out" 2>&1; is $? 2 "-t abc exits 2"
"$traced" -o "$tmp/x" -t 1 -- true >"$tmp/out" 2>&1; is $? 2 "-t with a PROGRAM exits 2"

"$traced" -d "$tmp/none" -o "$tmp/x" -t 1 >"$tmp/out" 2>&1; rc=$?
ok $((rc == 0)) "missing device exits non-zero ($rc)"
has "$tmp/out" "cannot open $tmp/none: No such file or directory (is the ltt_tracer module loaded?)" \
	"missing device: clear message"
[ ! -e "$tmp/x" ]; ok $? "nothing created when the device is missing"
mkfifo "$tmp/fifo"
timeout 10 "$traced" -d "$tmp/fifo" -o "$tmp/x" -t 1 >"$tmp/out" 2>&1; rc=$?
is $rc 1 "a FIFO as device exits 1"
has "$tmp/out" "$tmp/fifo: not a tracer device" "FIFO: not a tracer device"
echo data >"$tmp/file"
"$traced" -d "$tmp/file" -o "$tmp/x" -t 1 >"$tmp/out" 2>&1; is $? 1 "a regular file as device exits 1"
has "$tmp/out" "$tmp/file: not a tracer device" "file: not a tracer device"
"$traced" -d /dev/null -o "$tmp/x" -t 1 >"$tmp/out" 2>&1; is $? 1 "/dev/null as device exits 1"
has "$tmp/out" "/dev/null: not a tracer device" "/dev/null: not a tracer device"
mkdir -p "$tmp/full"; touch "$tmp/full/something"
"$traced" -d /dev/null -o "$tmp/full" -t 1 >"$tmp/out" 2>&1; is $? 1 "non-empty directory refused"
has "$tmp/out" "is not empty (use -f" "non-empty directory: message"
"$traced" -d "$tmp/file" -o "$tmp/file" -t 1 >"$tmp/out" 2>&1; is $? 1 "a file as trace directory refused"

if [ ! -x "$fake" ]; then
	echo "# SKIP $fake not built"
	echo "1..$n"; exit $((failed > 0))
fi

# ---- whole sessions on the fake device ----
t=$tmp/t1
"$fake" -d fake -o "$t" -- sh -c 'sleep 0.3; exit 7' 2>"$tmp/err"
is $? 7 "PROGRAM's exit status is traced's"
is "$(fact "$t" magic)" 0xd6b7ed "header magic"
is "$(fact "$t" header_len)" "$(fact "$t" calcsize)" "header file is one header"
is "$(fact "$t" header_size)" 272 "header_size"
is "$(fact "$t" complete)" 1 "trace marked complete"
is "$(fact "$t" times_ok)" 1 "start/end times recorded"
is "$(fact "$t" order)" 1 "little-endian"
is "$(fact "$t" word)" 8 "word size"
is "$(fact "$t" ncpus)" 2 "ncpus"
is "$(fact "$t" clock_hz)" 1000000000 "clock_hz"
is "$(fact "$t" buffers_ok)" 1 "events: whole buffers, seq in order per CPU"
b=$(fact "$t" buffers); ok $((b < 10 || b > 100)) "events holds $b buffers (0.3 s at one per 10 ms)"
is "$(fact "$t" lost_records)" 2 "lost holds one record per CPU"
is "$(fact "$t" proc_pid1)" 1 "proc lists pid 1"
has "$tmp/err" "0 events lost on CPU 1" "report: lost per CPU"
has "$tmp/err" "0 events lost in total" "report: total"
has "$tmp/err" "$b buffers ($(fact "$t" events_bytes) bytes) read, $(fact "$t" events_bytes) bytes of events written" "report: buffers and bytes"

t=$tmp/t2
start=$(date +%s%N)
"$fake" -d fake -q -o "$t" -t 0.5 2>"$tmp/err"; is $? 0 "-t 0.5 exits 0"
el=$((($(date +%s%N) - start) / 1000000))
ok $((el < 450 || el > 2000)) "-t 0.5 took ${el} ms"
d=$(fact "$t" duration_ms); ok $((d < 490 || d > 700)) "header duration ${d} ms"
is "$(cat "$tmp/err")" "" "-q: nothing on stderr"
is "$(fact "$t" mask0)" 0x3fcfe "default events: all"

"$fake" -d fake -q -o "$t" -t 0.1 2>/dev/null; is $? 1 "existing trace refused without -f"
"$fake" -d fake -q -f -e core -b 64k -n 8 -o "$t" -t 0.1; is $? 0 "-f overwrites"
is "$(fact "$t" mask0)" 0xfe "-e core recorded in the header"
is "$(fact "$t" buffer_size)" 65536 "-b 64k"
is "$(fact "$t" buffer_count)" 8 "-n 8"
is "$(fact "$t" buffers_ok)" 1 "64k buffers well formed"

"$fake" -d fake -q -o "$tmp/t3" -- sh -c 'kill -KILL $$'; is $? 137 "PROGRAM killed by SIGKILL gives 137"
is "$(fact "$tmp/t3" complete)" 1 "... and the trace is complete"
"$fake" -d fake -q -o "$tmp/t4" -- "$tmp/no-such-program" 2>"$tmp/err"; is $? 127 "exec failure gives 127"
has "$tmp/err" "cannot execute $tmp/no-such-program" "exec failure: message"
is "$(fact "$tmp/t4" complete)" 1 "... and the trace is complete"
"$fake" -d fake -q -o "$tmp/t4b" -- sh -c 'echo hello' >"$tmp/out"; is "$(cat "$tmp/out")" hello "PROGRAM's stdout is inherited"

# a signal to traced is forwarded to the program
"$fake" -d fake -q -o "$tmp/t5" -- sleep 10 & pid=$!
sleep 0.5; kill -TERM $pid; wait $pid; is $? 143 "SIGTERM forwarded: program's status 143"
is "$(fact "$tmp/t5" complete)" 1 "... and the trace is complete"

# no program, no -t: until SIGINT
"$fake" -d fake -q -o "$tmp/t6" & pid=$!
sleep 0.5; kill -INT $pid; wait $pid; is $? 0 "SIGINT stops an open-ended trace, exit 0"
is "$(fact "$tmp/t6" complete)" 1 "... and the trace is complete"
b=$(fact "$tmp/t6" buffers); ok $((b < 10 || b > 200)) "... with $b buffers"

# lost events reported
FAKE_LOST=5 "$fake" -d fake -o "$tmp/t7" -t 0.1 2>"$tmp/err"
has "$tmp/err" "5 events lost on CPU 0" "report: 5 events lost on CPU 0"
has "$tmp/err" "10 events lost in total" "report: 10 in total"
has "$tmp/err" "raise the buffer size" "report: hint to raise the buffer size"
is "$(fact "$tmp/t7" lost_total)" 10 "lost file holds the counts"

# a write error mid-trace (file size limit): exit 3, kept, not complete
(trap '' XFSZ; ulimit -f 200; FAKE_PERIOD_MS=1 exec "$fake" -d fake \
	--write-buffer 64k -o "$tmp/t8" -t 3) 2>"$tmp/err"
is $? 3 "write error exits 3"
has "$tmp/err" "write error on $tmp/t8/events: File too large" "write error names the file"
is "$(fact "$tmp/t8" complete)" 0 "trace not marked complete"
is "$(fact "$tmp/t8" times_ok)" 1 "header still finalized"
is "$(fact "$tmp/t8" events_bytes)" 204800 "events kept up to the limit"
has "$tmp/err" ", 204800 bytes of events written" "report: the bytes that reached the file"
is "$(fact "$tmp/t8" lost_records)" 2 "lost written"

# --stats: the report as JSON, with the daemon's CPU time, even with -q
FAKE_LOST=5 "$fake" -d fake -q -o "$tmp/t10" --stats "$tmp/t10.json" -t 0.1 2>"$tmp/err"
is $? 0 "--stats session exits 0"
is "$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["complete"], j["lost_total"], sum(j["lost_by_cpu"]), j["bytes_written"] > 0, j["cpu_user_ns"] >= 0 and j["cpu_sys_ns"] >= 0)' "$tmp/t10.json")" \
	"True 10 10 True True" "--stats JSON: complete, lost counts, bytes, CPU time"
"$fake" -d fake -o "$tmp/t11" -t 0.1 2>"$tmp/err"
has "$tmp/err" "daemon CPU time:" "the report gives the daemon's CPU time"
"$fake" -d fake -q -o "$tmp/t12" --stats "$tmp/no-such-dir/s.json" -t 0.1 2>"$tmp/err"
is $? 3 "an unwritable --stats file exits 3"

# little CPU while waiting
TIMEFORMAT='%U %S'
cpu=$( { time "$fake" -d fake -q -o "$tmp/t9" -t 1 ; } 2>&1 | awk '{ print int(($1 + $2) * 1000) }')
ok $((cpu > 200)) "1 s trace used ${cpu} ms of CPU"

echo "1..$n"
exit $((failed > 0))
