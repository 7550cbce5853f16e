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
fact() { python3 "$check" "$1" | awk -v k="$2" '$1 == k { sub(/^[^ ]+ /, ""); print }'; }
# the format this tree writes, as tests/lib/lttfmt.py reads it from ltt-abi.h
format=$(PYTHONPATH=$here/../../tests/lib python3 -c 'import lttfmt; print("%d.%d" % lttfmt.FORMAT)')

# ---- the command line (the real binary) ----
"$traced" --help >"$tmp/out" 2>&1; is $? 0 "--help exits 0"
has "$tmp/out" "Usage: traced" "--help prints the usage"
has "$tmp/out" "--write-buffer" "--help lists --write-buffer"
"$traced" --version >"$tmp/out" 2>&1; is $? 0 "--version exits 0"
has "$tmp/out" "trace format $format" "--version names the format ($format)"
"$traced" --help >"$tmp/out" 2>&1
for o in --no-details --pid --tgid --pgrp --uid --gid --syscall-ip --flight \
	--no-cpu-id --capture --set-events --full-records --flush-interval --stacks \
	--stack-depth --sample; do
	has "$tmp/out" "$o" "--help lists $o"
done
for g in "all (default: every event)" "classic" "softirq (softirq_*, tasklet_*)" \
	"timer (timer_*, timerfd_*)" "fs (fs_*)" "memory (mem_*)" "socket (socket_*)" \
	"ipc (ipc_*)" "net (net_*)" "custom (custom_create custom_destroy custom)" \
	"net_packet_out change_mask custom_create"; do
	has "$tmp/out" "$g" "--help lists '$g'"
done
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

# ---- the new options: malformed values exit 2 and are named ----
bad() {	# bad DESC EXPECTED-TEXT ARGS...
	local desc=$1 text=$2; shift 2
	"$traced" -d "$tmp/none" -o "$tmp/x" -t 1 "$@" >"$tmp/out" 2>&1
	is $? 2 "$desc exits 2"
	has "$tmp/out" "$text" "$desc: message"
}
bad "--pid abc" "bad --pid 'abc'" --pid abc
bad "--pid -1" "bad --pid '-1'" --pid -1
bad "--pid 0" "bad --pid '0'" --pid 0
bad "--pid 2^31" "bad --pid '2147483648'" --pid 2147483648
bad "--pid 12x" "bad --pid '12x'" --pid 12x
bad "--tgid ''" "bad --tgid ''" --tgid ''
bad "--pgrp 0" "bad --pgrp '0'" --pgrp 0
bad "--uid -1" "bad --uid '-1'" --uid -1
bad "--uid 4294967295" "bad --uid '4294967295'" --uid 4294967295
bad "--gid root" "bad --gid 'root'" --gid root
bad "--pid and --tgid differ" "--pid and --tgid share one value" --pid 5 --tgid 6
bad "--syscall-ip bogus" "bad --syscall-ip 'bogus': expected raw, depth:N or range:LOWER:UPPER[:WORDS]" --syscall-ip bogus
bad "--syscall-ip raw:1" "bad --syscall-ip 'raw:1'" --syscall-ip raw:1
bad "--syscall-ip depth:0" "the depth is a number of frames, 1..64" --syscall-ip depth:0
bad "--syscall-ip depth:65" "the depth is a number of frames, 1..64" --syscall-ip depth:65
bad "--syscall-ip depth:" "the depth is a number of frames" --syscall-ip depth:
bad "--syscall-ip range lower > upper" "the range is empty: LOWER must be below UPPER" --syscall-ip range:0x500000:0x400000
bad "--syscall-ip range lower = upper" "the range is empty" --syscall-ip range:4096:0x1000
bad "--syscall-ip range bad address" "addresses are hexadecimal (0x...) or decimal" --syscall-ip range:0xzz:0x1000
bad "--syscall-ip range 0x" "addresses are hexadecimal" --syscall-ip range:0x:0x1000
bad "--syscall-ip range without upper" "bad --syscall-ip 'range:0x1000'" --syscall-ip range:0x1000
bad "--syscall-ip range WORDS 0" "WORDS is a number of stack words, 1..4096" --syscall-ip range:1:2:0
bad "--syscall-ip range WORDS 4097" "WORDS is a number of stack words" --syscall-ip range:1:2:4097
bad "--syscall-ip range too many fields" "bad --syscall-ip" --syscall-ip range:1:2:3:4
bad "--capture 65511" "bad capture length '65511' (0..65510 bytes, or max)" --capture 65511
bad "--capture maximum" "bad capture length 'maximum' (0..65510 bytes, or max)" --capture maximum
bad "--flush-interval 60001" "bad flush interval '60001' (0..60000 ms)" --flush-interval 60001
bad "--flush-interval 100: seconds" "bad flush interval '100' (0..60000 ms), whole milliseconds: a number and a unit: ns, us, ms, s, min, h or d (a bare number is seconds)" --flush-interval 100
bad "-t 5parsecs" "bad duration '5parsecs' (> 0, up to 10^8 s): a number and a unit: ns, us, ms, s, min, h or d (a bare number is seconds)" -t 5parsecs
bad "--flush-interval -5" "bad flush interval '-5'" --flush-interval -5
bad "--capture -1" "bad capture length '-1'" --capture -1
bad "--capture 1k" "bad capture length '1k'" --capture 1k
bad "--no-details bogus" "--no-details: unknown event or empty event list: 'bogus'" --no-details fs,bogus
bad "--no-details ''" "--no-details: unknown event" --no-details ''
"$traced" --set-events fs,bogus >"$tmp/out" 2>&1; is $? 2 "--set-events with an unknown event exits 2"
has "$tmp/out" "--set-events: unknown event or empty event list: 'bogus'" "--set-events: the unknown event is named"
"$traced" --set-events fs -o "$tmp/x" >"$tmp/out" 2>&1; is $? 2 "--set-events with -o exits 2"
has "$tmp/out" "--set-events changes a running trace: it takes only -d and -q, not --output" "--set-events with -o: message"
"$traced" --flight --set-events fs >"$tmp/out" 2>&1; is $? 2 "--set-events with --flight exits 2"
has "$tmp/out" "not --flight" "--set-events with --flight: message"
"$traced" --set-events fs -- true >"$tmp/out" 2>&1; is $? 2 "--set-events with a PROGRAM exits 2"
"$traced" -d "$tmp/none" --set-events fs >"$tmp/out" 2>&1; is $? 1 "--set-events on a missing device exits 1"
has "$tmp/out" "cannot open $tmp/none" "--set-events on a missing device: message"
[ ! -e "$tmp/x" ]; ok $? "nothing created by refused command lines"

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
	# the sessions' checks need the fake device: with LTT_REQUIRE_ALL=1
	# (.ci/run) a failure naming it, else a visible skip
	if [ "${LTT_REQUIRE_ALL-}" = 1 ]; then
		ok 1 "LTT_REQUIRE_ALL=1, no skip allowed: $fake not built (make -C traced test/traced-fake)"
	else
		n=$((n + 1)); echo "ok $n # SKIP the sessions through the fake device: $fake not built"
	fi
	echo "1..$n"; exit $((failed > 0))
fi

# ---- whole sessions on the fake device ----
t=$tmp/t1
"$fake" -d fake -o "$t" -- sh -c 'echo $$ > "$0"; sleep 0.3; exit 7' "$tmp/cmdpid" 2>"$tmp/err"
is $? 7 "PROGRAM's exit status is traced's"
is "$(fact "$t" command_pid)" "$(cat "$tmp/cmdpid")" "header command_pid: the pid of PROGRAM (format 1.9)"
is "$(fact "$t" magic)" 0xd6b7ed "header magic"
is "$(fact "$t" header_len)" "$(fact "$t" calcsize)" "header file is one header"
is "$(fact "$t" header_size)" 480 "header_size (format 1.10 and later; 400 in 1.8, 408 in 1.9, 360 in 1.1 to 1.7)"
is "$(fact "$t" version)" "$format" "format version $format (lttfmt.FORMAT)"
is "$(fact "$t" complete)" 1 "trace marked complete"
is "$(fact "$t" times_ok)" 1 "start/end times recorded"
is "$(fact "$t" order)" 1 "little-endian"
is "$(fact "$t" word)" 8 "word size"
is "$(fact "$t" ncpus)" 2 "ncpus"
is "$(fact "$t" clock_hz)" 1000000000 "clock_hz"
is "$(fact "$t" buffers_ok)" 1 "events: whole buffers, seq in order per CPU"
b=$(fact "$t" buffers); ok $((b < 10 || b > 100)) "events holds $b buffers (0.3 s at one per 10 ms)"
is "$(fact "$t" lost_records)" 2 "lost holds one record per CPU"
is "$(fact "$t" buffers_counted)" 1 "lost: each CPU's buffers in events counted (LTT_TRACE_BUFFERS)"
is "$(fact "$t" proc_pid1)" 1 "proc lists pid 1"
has "$tmp/err" "0 events lost on CPU 1" "report: lost per CPU"
has "$tmp/err" "0 events lost in total" "report: total"
has "$tmp/err" "$b buffers ($(fact "$t" events_bytes) bytes) read, $(fact "$t" events_bytes) bytes of events written" "report: buffers and bytes"

# -t 0.5: traced stops at the first wake-up of its poll loop at or after
# its deadline, the header's start + 0.5 s, and takes the header's end
# after the stop (main.c, collect.c): 0.5 s or more, never less; the
# header's start and end are CLOCK_MONOTONIC, read here before traced
# starts and after it exits: they fall between the two, exactly
t=$tmp/t2
mono() { python3 -c 'import time; print(time.clock_gettime_ns(time.CLOCK_MONOTONIC))'; }
before=$(mono)
"$fake" -d fake -q -o "$t" -t 0.5 2>"$tmp/err"; is $? 0 "-t 0.5 exits 0"
is "$(fact "$t" command_pid)" 0 "no command: command_pid 0"
after=$(mono)
s=$(fact "$t" start_ns) e=$(fact "$t" end_ns)
ok $((e - s < 500000000)) "-t 0.5: the header's end is 0.5 s or more after its start ($((e - s)) ns)"
ok $((s < before || e > after)) "-t 0.5: the header's start and end between this shell's monotonic clock before and after traced ($before, $s, $e, $after)"
is "$(cat "$tmp/err")" "" "-q: nothing on stderr"
is "$(fact "$t" mask0)" 0x6ffffffffffffcfe "default events: all (ids 1-7, 10-59, 61-62, ...)"
is "$(fact "$t" mask_high)" 0x3f3 "... and 64-65 (format 1.7), 68 (mmap, 1.14), 69 (marker, 1.11), 70-71 (block, 1.16), 72 (lock, 1.17) and 73 (task_rename, 1.18), none else above (66, stack: with --stacks only)"

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

# child PID NAME : wait (10 s at most) until PID has a child named NAME
# (the program started: a signal to traced now goes to it)
child() {
	local i
	for i in $(seq 200); do
		pgrep -P "$1" -x "$2" >/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# a signal to traced is forwarded to the program
"$fake" -d fake -q -o "$tmp/t5" -- sleep 10 & pid=$!
child $pid sleep && kill -TERM $pid; wait $pid; is $? 143 "SIGTERM forwarded: program's status 143"
is "$(fact "$tmp/t5" complete)" 1 "... and the trace is complete"

# logged FILE REGEX N : wait (10 s at most) until the fake device's log
# FILE has N lines matching REGEX
logged() {
	local i
	for i in $(seq 200); do
		[ "$(grep -c -E "$2" "$1" 2>/dev/null)" -ge "$3" ] && return 0
		sleep 0.05
	done
	return 1
}

# no program, no -t: until SIGINT, sent once the device has handed out
# 10 buffers; the trace holds every buffer it handed out, those after
# too (its log: BUFFER CPU SEQ)
FAKE_LOG=$tmp/log6 "$fake" -d fake -q -o "$tmp/t6" & pid=$!
logged "$tmp/log6" '^BUFFER ' 10; ok $? "open-ended: 10 buffers read while it runs"
kill -INT $pid; wait $pid; is $? 0 "SIGINT stops an open-ended trace, exit 0"
is "$(fact "$tmp/t6" complete)" 1 "... and the trace is complete"
is "$(fact "$tmp/t6" buffers)" "$(grep -c '^BUFFER ' "$tmp/log6")" "... with every buffer the device handed out"

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

# ---- the configuration ioctls (the fake device logs them) ----
line() { grep -n -- "^$2" "$1" | head -1 | cut -d: -f1; }
before_start() {	# before_start LOG NAME: NAME's line comes before START
	local a b
	a=$(line "$1" "$2"); b=$(line "$1" START)
	[ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]
}
L=$tmp/log1
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/c1" -t 0.1 </dev/null; is $? 0 "default session exits 0"
is "$(grep -c -E '^SET_(DETAILS_MASK|FILTER|SYSCALL_IP|OPTIONS)' "$L")" 0 \
	"default session: no format 1.1 ioctl (runs on an older module)"
has "$L" "SET_EVENT_MASK 0x6ffffffffffffcfe 0x00000000000003f3" "default: -e all sent"
is "$(fact "$tmp/c1" details)" "0xffffffffffffffff,0xffffffffffffffff,0xffffffffffffffff,0xffffffffffffffff" \
	"default header: every event with details"
is "$(fact "$tmp/c1" filter)" "flags=0x0 pid=0 pgrp=0 gid=0 uid=0 reserved=0" "default header: no filter"
is "$(fact "$tmp/c1" syscall_ip)" "mode=0 depth=0 lower=0x0 upper=0x0" "default header: raw syscall IP"
is "$(fact "$tmp/c1" capture_len)" 0 "default header: no capture"
is "$(fact "$tmp/c1" flight)$(fact "$tmp/c1" no_cpu_id)$(fact "$tmp/c1" filtered)" 000 \
	"default header: not flight, CPU ids, not filtered"
is "$(fact "$tmp/c1" proc_netdevs)" "$(ls /sys/class/net 2>/dev/null | while read -r d; do
	[ -r "/sys/class/net/$d/ifindex" ] && echo; done | wc -l)" "proc: one NETDEV line per /sys/class/net device"
if [ -r /sys/class/net/lo/ifindex ]; then
	is "$(fact "$tmp/c1" proc_netdev_lo)" 1 "proc: 'NETDEV: 1; NAME: lo'"
fi
is "$(fact "$tmp/c1" proc_fd0)" /dev/null "proc: the FD line of traced's stdin (/dev/null) names it"
FAKE_FAIL=SET_FILTER:ENOTTY "$fake" -d fake -q -o "$tmp/c1b" -t 0.05
is $? 0 "default session on a module without the new ioctls exits 0"

L=$tmp/log2
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/c2" -e classic --no-details fs,memory \
	--pid 42 --uid 1000 --gid 100 --pgrp 7 \
	--syscall-ip range:0x400000:0x4fffff --capture 128 --no-cpu-id --full-records -t 0.1
is $? 0 "session with every configuration option exits 0"
has "$L" "SET_EVENT_MASK 0x000000000003fcfe 0x0000000000000000 0x0000000000000000 0x0000000000000000" \
	"-e classic: ids 1-17 (the old 'all')"
has "$L" "SET_DETAILS_MASK 0xfffffc0c00ffffff 0xfffffffffffffffc 0xffffffffffffffff 0xffffffffffffffff" \
	"--no-details fs,memory: ids 24-33, 64-65 and 36-41 cleared"
has "$L" "SET_FILTER flags=0xf pid=42 pgrp=7 gid=100 uid=1000 reserved=0" "filter struct"
has "$L" "SET_SYSCALL_IP mode=2 depth=0 lower=0x400000 upper=0x4fffff" "syscall IP range, the module's bound by default (0)"
has "$L" "SET_OPTIONS flags=0x6 capture_len=128" "options: no CPU id, full records, capture 128"
for i in SET_BUFFERS SET_EVENT_MASK SET_DETAILS_MASK SET_FILTER SET_SYSCALL_IP SET_OPTIONS; do
	[ "$i" = SET_BUFFERS ] && continue
	before_start "$L" "$i"; ok $? "$i issued before START"
done
is "$(fact "$tmp/c2" mask0)" 0x3fcfe "header: classic mask"
is "$(fact "$tmp/c2" details)" "0xfffffc0c00ffffff,0xfffffffffffffffc,0xffffffffffffffff,0xffffffffffffffff" \
	"header: details mask as read back"
is "$(fact "$tmp/c2" filter)" "flags=0xf pid=42 pgrp=7 gid=100 uid=1000 reserved=0" "header: filter"
is "$(fact "$tmp/c2" syscall_ip)" "mode=2 depth=0 lower=0x400000 upper=0x4fffff" "header: syscall IP (depth 0: the module's bound)"
is "$(fact "$tmp/c2" capture_len)" 128 "header: capture length"
is "$(fact "$tmp/c2" flight)$(fact "$tmp/c2" no_cpu_id)$(fact "$tmp/c2" filtered)$(fact "$tmp/c2" full_records)" 0111 \
	"header flags: NO_CPUID, FILTERED and FULL_RECORDS, not FLIGHT"
is "$(fact "$tmp/c2" complete)" 1 "... and the trace is complete"

L=$tmp/log3
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/c3" --no-details schedchange,fork \
	--tgid 9 --pid 9 --syscall-ip range:4194304:0x500000:60 --capture 0 -t 0.05
is $? 0 "--pid and --tgid with the same value"
has "$L" "SET_DETAILS_MASK 0xfffffffffffffb7f" "--no-details schedchange,fork: bits 7, 10 cleared"
is "$(fact "$tmp/c3" full_records)" 0 "header: FULL_RECORDS not set by default"
is "$(fact "$tmp/c3" details | cut -d, -f1)" 0xfffffffffffffbff \
	"header: schedchange forced back into the details mask by the module"
has "$L" "SET_FILTER flags=0x11 pid=9 pgrp=0 gid=0 uid=0 reserved=0" "--pid 9 --tgid 9: PID|TGID"
has "$L" "SET_SYSCALL_IP mode=2 depth=60 lower=0x400000 upper=0x500000" "decimal lower, WORDS 60"
"$fake" -d fake -q -o "$tmp/c3w" --syscall-ip range:1:2:65 -t 0.05 2>"$tmp/err3w"
st=$?
[ $st = 1 ] && grep -q "^traced: --syscall-ip: fake refused LTT_IOC_SET_SYSCALL_IP: Invalid argument (a value the module does not accept)" "$tmp/err3w"
ok $? "WORDS 65, beyond the module's sip_scan_max (64 as it loads): refused, exit 1 with the module's answer"
has "$L" "SET_OPTIONS flags=0x0 capture_len=0" "--capture 0 is sent"
L=$tmp/log3m
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/c3m" --capture max -t 0.05
is $? 0 "--capture max exits 0"
has "$L" "SET_OPTIONS flags=0x0 capture_len=65510" "--capture max sends LTT_MAX_CAPTURE, 65510: whole frames"
is "$(fact "$tmp/c3m" capture_len)" 65510 "header: capture length 65510"
L=$tmp/log4
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/c4" --syscall-ip depth:3 --no-details -fs -t 0.05
has "$L" "SET_SYSCALL_IP mode=1 depth=3 lower=0x0 upper=0x0" "--syscall-ip depth:3"
has "$L" "SET_DETAILS_MASK 0x90000003ff000301 0xfffffffffffffc0f" "--no-details -fs: only fs (and unused ids) with details"
# --stacks (format 1.8): the events' bits (schedchange 7, wakeup 13) and
# the depths sent, and written in the header with LTT_EV_STACK in its mask
L=$tmp/log-stacks
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/cst" --stacks switch-out,wakeup --stack-depth 16,8 -t 0.05
is $? 0 "--stacks switch-out,wakeup --stack-depth 16,8"
has "$L" "SET_STACKS 0x0000000000002080 0x0000000000000000 kernel=16 user=8" "--stacks: schedchange and wakeup, 16 kernel and 8 user frames sent"
is "$(fact "$tmp/cst" stacks)" "0x2080 0x0 16 8" "--stacks: in the header (1.8)"
is "$(fact "$tmp/cst" mask_high)" 0x3f7 "--stacks: LTT_EV_STACK (66) in the header's mask (with 64-65 and 68-73)"
FAKE_LOG=$L.2 "$fake" -d fake -q -o "$tmp/cst2" --stacks wakeup -t 0.05
has "$L.2" "SET_STACKS 0x0000000000002000 0x0000000000000000 kernel=32 user=32" "--stacks wakeup: the default depths 32,32"
is "$(FAKE_LOG=$L.3 "$fake" -d fake -q -o "$tmp/cst3" -t 0.05; grep -c SET_STACKS "$L.3")" 0 "no --stacks: no SET_STACKS (runs on an older module)"
"$fake" -d fake -q -o "$tmp/cst4" --stacks switch-out,oncpu -t 0.05 2>"$tmp/err-st"
is "$?/$(grep -c "bad --stacks: 'oncpu'" "$tmp/err-st")" 2/1 "--stacks with an unknown kind: usage error naming it"
"$fake" -d fake -q -o "$tmp/cst5" --stacks wakeup --stack-depth 65 -t 0.05 2>"$tmp/err-st"
is "$?/$(grep -c "bad --stack-depth '65'" "$tmp/err-st")" 2/1 "--stack-depth 65: usage error"
"$fake" -d fake -q -o "$tmp/cst6" --stack-depth 4 -t 0.05 2>"$tmp/err-st"
is "$?/$(grep -c -- "--stack-depth needs --stacks" "$tmp/err-st")" 2/1 "--stack-depth without --stacks: usage error"
"$fake" -d fake -q -o "$tmp/cst7" -e syscall --stacks switch-out -t 0.05 2>"$tmp/err-st"
is "$?/$(grep -c "the schedchange event is not recorded" "$tmp/err-st")" 2/1 "--stacks switch-out without schedchange recorded: usage error"

# --sample (format 1.10): the rate sent and in the header, the sample
# event (67) in the mask, its stacks with --stacks sample; bad rates
L=$tmp/log-sample
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/csa" --sample 997 --stacks sample,switch-out -t 0.05
is $? 0 "--sample 997 --stacks sample,switch-out"
has "$L" "SET_SAMPLE 997" "--sample: the rate sent (LTT_IOC_SET_SAMPLE)"
has "$L" "SET_STACKS 0x0000000000000080 0x0000000000000008 kernel=32 user=32" "--stacks sample: bit 67"
is "$(fact "$tmp/csa" sample_hz)" 997 "--sample: sample_hz in the header (1.10)"
is "$(fact "$tmp/csa" mask_high)" 0x3ff "--sample: LTT_EV_SAMPLE (67) in the header's mask (with 64-66 and 68-73)"
is "$(FAKE_LOG=$L.2 "$fake" -d fake -q -o "$tmp/csa2" -t 0.05; grep -c SET_SAMPLE "$L.2")/$(fact "$tmp/csa2" sample_hz)" 0/0 "no --sample: no SET_SAMPLE, sample_hz 0"
for v in 0 10001 -5 1e3 997x ""; do
	"$fake" -d fake -q -o "$tmp/csa3" --sample "$v" -t 0.05 2>"$tmp/err-sa"
	is "$?/$(grep -c "bad --sample '$v' (samples per second and CPU, 1..10000)" "$tmp/err-sa")" 2/1 "--sample '$v': usage error"
done
# --stacks syscall:NAME (1.10): syscall_entry's bit, the syscalls' set
# sent and in the header; an unknown syscall is a usage error
FAKE_LOG=$L.3 "$fake" -d fake -q -o "$tmp/csy" --stacks syscall:read,syscall:write,wakeup -t 0.05
is $? 0 "--stacks syscall:read,syscall:write,wakeup"
has "$L.3" "SET_STACKS 0x0000000000002002 0x0000000000000000 kernel=32 user=32" "--stacks syscall:NAME: syscall_entry (1) and wakeup (13)"
has "$L.3" "SET_STACK_SYSCALLS 0x0000000000000003 0x0000000000000000" "--stacks syscall:read,syscall:write: syscalls 0 and 1 sent"
is "$(fact "$tmp/csy" stack_syscalls)" 0x3 "--stacks syscall:NAME: the syscalls in the header (1.10)"
is "$(FAKE_LOG=$L.4 "$fake" -d fake -q -o "$tmp/csy2" --stacks wakeup -t 0.05; grep -c SET_STACK_SYSCALLS "$L.4")" 0 "no syscall:NAME: no SET_STACK_SYSCALLS"
"$fake" -d fake -q -o "$tmp/csy3" --stacks syscall:no_such_call -t 0.05 2>"$tmp/err-sy"
is "$?/$(grep -c "bad --stacks: 'syscall:no_such_call'" "$tmp/err-sy")" 2/1 "--stacks syscall:UNKNOWN: usage error naming it"
"$fake" -d fake -q -o "$tmp/csy4" -e schedchange --stacks syscall:read -t 0.05 2>"$tmp/err-sy"
is "$?/$(grep -c "the syscall_entry event is not recorded" "$tmp/err-sy")" 2/1 "--stacks syscall:read without syscall_entry recorded: usage error"
"$fake" -d fake -q -o "$tmp/csa4" --stacks sample -t 0.05 2>"$tmp/err-sa"
is "$?/$(grep -c -- "--stacks sample needs --sample HZ" "$tmp/err-sa")" 2/1 "--stacks sample without --sample: usage error"
is "$(fact "$tmp/c4" filtered)" 0 "no filter option: not FILTERED"
FAKE_LOG=$tmp/log5 "$fake" -d fake -q -o "$tmp/c5" --syscall-ip RAW -t 0.05
has "$tmp/log5" "SET_SYSCALL_IP mode=0 depth=0 lower=0x0 upper=0x0" "--syscall-ip raw is sent"

# ioctl failures: a clear error naming the option, nothing started
fails() {	# fails INJECT MESSAGE DESC ARGS...
	local inj=$1 text=$2 desc=$3; shift 3
	rm -f "$tmp/logf"; rm -rf "$tmp/cf"
	FAKE_LOG=$tmp/logf FAKE_FAIL=$inj "$fake" -d fake -o "$tmp/cf" -t 0.05 "$@" >"$tmp/out" 2>&1
	is $? 1 "$desc exits 1"
	has "$tmp/out" "$text" "$desc: message"
	! grep -q '^START' "$tmp/logf"; ok $? "$desc: tracing not started"
	[ ! -e "$tmp/cf" ]; ok $? "$desc: no trace directory"
}
fails SET_FILTER:ENOTTY "traced: --pid, --uid: fake does not support LTT_IOC_SET_FILTER (Inappropriate ioctl for device): the ltt_tracer module is older than this traced" \
	"filter on an older module" --uid 5 --pid 3
fails SET_DETAILS_MASK:ENOTTY "traced: --no-details: fake does not support LTT_IOC_SET_DETAILS_MASK" \
	"details on an older module" --no-details net
fails SET_SYSCALL_IP:EINVAL "traced: --syscall-ip: fake refused LTT_IOC_SET_SYSCALL_IP: Invalid argument (a value the module does not accept)" \
	"syscall IP refused" --syscall-ip depth:2
fails SET_OPTIONS:EINVAL "traced: --flight, --capture: fake refused LTT_IOC_SET_OPTIONS: Invalid argument" \
	"options refused" --capture 10 --flight
fails SET_OPTIONS:EBUSY "(another trace daemon owns the tracer)" "options while another daemon owns the tracer" --no-cpu-id
fails SET_FILTER:EPERM "traced: --gid: LTT_IOC_SET_FILTER failed on fake: Operation not permitted" \
	"filter: other errors" --gid 3

# the module cannot allocate its buffers at START (ENOMEM): a clear error,
# exit 1, the trace left incomplete (no event)
rm -rf "$tmp/cm"
FAKE_FAIL=START:ENOMEM "$fake" -d fake -q -o "$tmp/cm" -t 0.05 2>"$tmp/err"
is $? 1 "START refused with ENOMEM: exit 1"
has "$tmp/err" "traced: fake: LTT_IOC_START failed: Cannot allocate memory (the module could not allocate its buffers: ask for fewer or smaller ones, -n and -b)" \
	"START refused with ENOMEM: the message says what to do"
is "$(fact "$tmp/cm" complete)" 0 "START refused: the trace is not marked complete"

# ---- flight recorder ----
L=$tmp/logfl
FAKE_LOG=$L "$fake" -d fake -o "$tmp/f1" --flight -n 4 -t 0.4 2>"$tmp/err"
is $? 0 "--flight session exits 0"
has "$L" "SET_OPTIONS flags=0x1 capture_len=0" "--flight sets LTT_OPT_FLIGHT"
has "$L" "STOP reads_before=0" "flight: no read before STOP"
is "$(fact "$tmp/f1" flight)" 1 "header flag LTT_TRACE_FLIGHT"
is "$(fact "$tmp/f1" complete)" 1 "flight trace complete"
is "$(fact "$tmp/f1" buffers)" 8 "flight: the last 4 buffers of each of 2 CPUs"
is "$(fact "$tmp/f1" buffers_ok)" 1 "flight: consecutive seq per CPU"
is "$(fact "$tmp/f1" buffers_counted)" 1 "flight: the buffers kept counted per CPU"
fs=$(fact "$tmp/f1" first_seqs); ok $([ "${fs%,*}" -gt 5 ] && [ "${fs#*,}" -gt 5 ]; echo $?) \
	"flight: the oldest buffers were overwritten (first seqs $fs)"
is "$(fact "$tmp/f1" last_flushed)" 1 "flight: each CPU ends with its flushed buffer"
has "$tmp/err" "flight recorder trace" "report says flight recorder"
L=$tmp/lognf
FAKE_LOG=$L "$fake" -d fake -q -o "$tmp/f2" -t 0.2
grep -q "^STOP reads_before=0$" "$L"; ok $((! $?)) "without --flight the buffers are read during the trace"
is "$(fact "$tmp/f2" flight)" 0 "without --flight: no LTT_TRACE_FLIGHT"

"$fake" -d fake -q -o "$tmp/f3" --flight -- sh -c 'sleep 0.3; exit 4'
is $? 4 "flight with a PROGRAM: its exit status"
is "$(fact "$tmp/f3" buffers)" 8 "... the buffers are written when it ends"
# flight until a signal, sent once the trace has started: at STOP each
# CPU keeps the last 3 of the buffers it filled (-n 4, the log's MADE N0
# N1) and its flushed one, all written
kept() { awk '/^MADE /{ print ($2 < 3 ? $2 : 3) + ($3 < 3 ? $3 : 3) + 2 }' "$1"; }
FAKE_LOG=$tmp/logsigint "$fake" -d fake -q -o "$tmp/f4" --flight -n 4 & pid=$!
logged "$tmp/logsigint" '^START' 1; ok $? "flight: started"
kill -INT $pid; wait $pid; is $? 0 "flight until SIGINT exits 0"
is "$(fact "$tmp/f4" buffers)" "$(kept "$tmp/logsigint")" "... the buffers kept are written on SIGINT ($(grep MADE "$tmp/logsigint"))"
is "$(fact "$tmp/f4" complete)" 1 "... and the trace is complete"
FAKE_LOG=$tmp/logsigterm "$fake" -d fake -q -o "$tmp/f5" --flight -n 4 & pid=$!
logged "$tmp/logsigterm" '^START' 1; ok $? "flight: started"
kill -TERM $pid; wait $pid; is $? 0 "flight until SIGTERM exits 0"
is "$(fact "$tmp/f5" buffers)" "$(kept "$tmp/logsigterm")" "... the buffers kept are written on SIGTERM ($(grep MADE "$tmp/logsigterm"))"
"$fake" -d fake -q -o "$tmp/f6" --flight -n 64 -t 0.1
b=$(fact "$tmp/f6" buffers); fs=$(fact "$tmp/f6" first_seqs)
ok $([ "$b" -lt 128 ] && [ "$fs" = 0,0 ]; echo $?) "flight, buffers not all used: all kept from seq 0 ($b buffers)"

# flight recorder on a full disk: exit 3, what was written is kept
(trap '' XFSZ; ulimit -f 200; FAKE_PERIOD_MS=1 exec "$fake" -d fake -b 64k -n 64 \
	--flight --write-buffer 64k -o "$tmp/f7" -t 0.5) 2>"$tmp/err"
is $? 3 "flight: write error exits 3"
has "$tmp/err" "write error on $tmp/f7/events: File too large" "flight: write error names the file"
is "$(fact "$tmp/f7" complete)" 0 "flight: trace not marked complete"
is "$(fact "$tmp/f7" flight)" 1 "flight: still marked flight recorder"
is "$(fact "$tmp/f7" times_ok)" 1 "flight: header finalized"
is "$(fact "$tmp/f7" events_bytes)" 204800 "flight: events kept up to the limit"
is "$(fact "$tmp/f7" lost_records)" 2 "flight: lost written"

# ---- control mode: traced --set-events ----
L=$tmp/logse
FAKE_TRACING=1 FAKE_LOG=$L "$fake" -d fake --set-events fs,net >"$tmp/out" 2>&1
is $? 0 "--set-events while tracing exits 0"
has "$L" "SET_EVENT_MASK 0x000c0003ff000000 0x0000000000000003 0x0000000000000000 0x0000000000000000" \
	"--set-events fs,net: the mask sent"
is "$(grep -c -E '^(START|STOP|SET_BUFFERS|SET_OPTIONS)' "$L")" 0 "--set-events starts and stops nothing"
has "$tmp/out" "events of the running trace on fake: fs_open,fs_close" "--set-events reports the new mask"
FAKE_TRACING=1 "$fake" -d fake -o "$tmp/busy" -t 0.1 >"$tmp/out" 2>&1
is $? 1 "a session while another is tracing exits 1"
has "$tmp/out" "fake is already tracing (another trace daemon is running" "... with a message"
FAKE_TRACING=1 "$fake" -d fake -q --set-events -memory >"$tmp/out" 2>&1
is "$?:$(cat "$tmp/out")" "0:" "--set-events -q: silent"
FAKE_LOG=$tmp/logse2 "$fake" -d fake --set-events fs >"$tmp/out" 2>&1
is $? 1 "--set-events with nothing tracing exits 1"
has "$tmp/out" "--set-events: fake is not tracing" "--set-events with nothing tracing: message"
! grep -q SET_EVENT_MASK "$tmp/logse2"; ok $? "... and sets no mask"
FAKE_TRACING=1 FAKE_FAIL=SET_EVENT_MASK:EPERM "$fake" -d fake --set-events fs >"$tmp/out" 2>&1
is $? 1 "--set-events refused exits 1"
has "$tmp/out" "traced: --set-events: LTT_IOC_SET_EVENT_MASK failed on fake: Operation not permitted" \
	"--set-events refused: message"
FAKE_TRACING=1 FAKE_FAIL=SET_EVENT_MASK:ENOTTY "$fake" -d fake --set-events fs >"$tmp/out" 2>&1
is $? 1 "--set-events on an older module exits 1"
has "$tmp/out" "traced: --set-events: fake does not support LTT_IOC_SET_EVENT_MASK" "--set-events older module: message"

# ---- who may read a trace (docs/traced.1, SECURITY) ----
modes() {	# the mode of DIR and of its four files, "DIR header events lost proc"
	stat -c '%a' "$1" "$1/header" "$1/events" "$1/lost" "$1/proc" | tr '\n' ' ' | sed 's/ $//'
}
(umask 0; "$fake" -d fake -q -o "$tmp/p1/sub" -t 0.05); is $? 0 "a trace under umask 0"
is "$(modes "$tmp/p1/sub")" "700 600 600 600 600" "the directory 0700, its files 0600, whatever the umask"
is "$(stat -c '%a' "$tmp/p1")" 755 "a missing parent is made 0755 (as mkdir -p)"
gid=$(getent group daemon | cut -d: -f3)
"$fake" -d fake -q -o "$tmp/p2" --group daemon -t 0.05; is $? 0 "--group daemon"
is "$(modes "$tmp/p2") $(stat -c '%g' "$tmp/p2" "$tmp/p2/events" | tr '\n' ' ')" \
	"750 640 640 640 640 $gid $gid " "--group: directory 0750, files 0640, of the group (gid $gid)"
"$fake" -d fake -q -o "$tmp/p3" --group 4242 -t 0.05; is $? 0 "--group 4242 (a number)"
is "$(stat -c '%a %g' "$tmp/p3/proc")" "640 4242" "--group by number"
"$fake" -d fake -q -o "$tmp/p4" --group no-such-group -t 0.05 2>"$tmp/err"; is $? 2 "--group of an unknown name: usage error"
has "$tmp/err" "traced: --group: no group 'no-such-group' in /etc/group" "... said so"
mkdir -m 777 "$tmp/p5" && echo secret > "$tmp/victim" && ln -s "$tmp/victim" "$tmp/p5/events" &&
	ln -s "$tmp/victim" "$tmp/p5/header"
"$fake" -d fake -q -o "$tmp/p5" -t 0.05 2>/dev/null; is $? 1 "a directory holding planted links is refused without -f"
"$fake" -d fake -q -f -o "$tmp/p5" -t 0.05; is $? 0 "with -f the trace is written"
is "$(cat "$tmp/victim")" secret "the links' target is untouched (never followed)"
ok $( [ ! -L "$tmp/p5/events" ] && [ -f "$tmp/p5/events" ] && [ ! -L "$tmp/p5/header" ]; echo $?) \
	"the links are replaced by the trace's own files"
is "$(modes "$tmp/p5")" "700 600 600 600 600" "an existing 0777 directory is made 0700"
is "$(fact "$tmp/p5" complete)" 1 "... and the trace there is complete"
mkdir "$tmp/p6" && ln -s "$tmp/p6" "$tmp/p6link"
"$fake" -d fake -q -o "$tmp/p6link" -t 0.05 2>"$tmp/err"; is $? 1 "an output directory that is a symbolic link is refused"
has "$tmp/err" "traced: $tmp/p6link is a symbolic link: give the directory itself" "... said so"

# ---- what names the addresses (symfiles.h, docs/stacks.md "Symbols") ----
# root-only (0600) in a trace of the group: they lay out the kernel and every process
"$fake" -d fake -q -o "$tmp/sy1" --group daemon -- sh -c 'sleep 30 & echo $! >'"$tmp/sy1.pid"
is $? 0 "a --group trace of a program that starts a process"
newpid=$(cat "$tmp/sy1.pid"); kill "$newpid" 2>/dev/null
is "$(stat -c '%a' "$tmp/sy1/maps") $(stat -c '%a' "$tmp/sy1/proc")" "600 640" \
	"maps 0600 while the trace's files are 0640"
start=$(sed -n '/^@START /,/^@STOP /p' "$tmp/sy1/maps")
stop=$(sed -n '/^@STOP /,$p' "$tmp/sy1/maps")
ok $(grep -q "^pid $$ " <<<"$start"; echo $?) "START holds this shell (pid $$)"
ok $(grep -A1 "^pid $$ " <<<"$start" | grep -q -E ' r-xp [0-9a-f]+ [0-9a-f]+:[0-9a-f]+ [0-9]+ +/.*bash$'; echo $?) \
	"... with its executable mapping of bash"
ok $(grep -v -E '^(#|@|pid )' "$tmp/sy1/maps" | awk '$2 !~ /x/' | grep -q .; [ $? = 1 ]; echo $?) \
	"only executable mappings are kept"
ok $(grep -q "^pid $newpid sleep" <<<"$stop"; echo $?) "STOP holds the process started during the trace (pid $newpid)"
ok $(grep -q "^pid $$ " <<<"$stop"; [ $? = 1 ]; echo $?) "STOP leaves out this shell, unchanged"
if [ "$(id -u)" = 0 ] && [ -n "$(awk '$1 !~ /^0+$/ { print; exit }' /proc/kallsyms)" ]; then
	is "$(stat -c '%a' "$tmp/sy1/kallsyms" "$tmp/sy1/modules" | tr '\n' ' ')" "600 600 " \
		"as root: kallsyms and modules saved 0600"
	is "$(head -1 "$tmp/sy1/kallsyms")" "$(head -1 /proc/kallsyms)" "kallsyms is the kernel's"
else
	ok $([ ! -e "$tmp/sy1/kallsyms" ]; echo $?) "not root or kptr_restrict: no kallsyms saved"
	ok 0 "# SKIP kallsyms contents: not root or kptr_restrict here"
fi

# ---- trigger rules (docs/triggers.md) ----
"$traced" --help >"$tmp/out" 2>&1
for o in --rules --rule --snapshot-size --snapshot-dir --notify-timeout; do
	has "$tmp/out" "$o" "--help lists $o"
done
"$traced" -o "$tmp/r0" -t 1 --rule 'on exit if code != then snapshot' >"$tmp/out" 2>&1
is $? 2 "a rule with a syntax error: usage error"
has "$tmp/out" "--rule number 1, column 19: expected a value after '!='" \
	"the error gives the rule, its column and what is wrong"
printf '# rules\non exit if code != 0 then snapshot\non exit if cod > 1 then stop\n' >"$tmp/rules"
"$traced" -o "$tmp/r0" -t 1 --rules "$tmp/rules" >"$tmp/out" 2>&1
is $? 2 "a rules file with an unknown field: usage error"
has "$tmp/out" "--rules $tmp/rules: line 3, column 12: unknown field 'cod'" \
	"the error gives the file, the line and the column"
"$traced" -o "$tmp/r0" -t 1 --rules "$tmp/rules" --rule 'on signal if sig == SIGSEGV then stop' \
	--rule 'on exit if sig == 3 then stop' >"$tmp/out" 2>&1
is $? 2 "a field the rule's event lacks: usage error"
has "$tmp/out" "--rules $tmp/rules: line 3" "the file's error comes first"
"$traced" -o "$tmp/r0" -t 1 --rule 'on signal then stop' \
	--rule 'on syscall_exit if latency > 3 * avg(latency, 0s) then snapshot' >"$tmp/out" 2>&1
is $? 2 "an impossible window: usage error"
has "$tmp/out" "--rule number 2, column 47: a window of 0 holds no sample" \
	"the second --rule's window is named"
"$traced" -o "$tmp/r0" -t 1 --rule 'on exit then snapshot' --flight >"$tmp/out" 2>&1
is $? 2 "rules with --flight: usage error"
"$traced" -o "$tmp/r0" -t 1 --rules "$tmp/no-such-file" >"$tmp/out" 2>&1
is $? 2 "a missing rules file: usage error"
"$traced" -o "$tmp/r0" -t 1 --rule 'on exit then snapshot' --notify-timeout 0 >"$tmp/out" 2>&1
is $? 2 "--notify-timeout 0: usage error"
touch "$tmp/not-a-dir"
"$traced" -o "$tmp/r0" -t 1 --rule 'on exit then snapshot' --snapshot-dir "$tmp/no-such-dir" >"$tmp/out" 2>&1
is $? 2 "--snapshot-dir missing: usage error"
has "$tmp/out" "--snapshot-dir $tmp/no-such-dir: No such file or directory" "... named, with why"
"$traced" -o "$tmp/r0" -t 1 --rule 'on exit then snapshot' --snapshot-dir "$tmp/not-a-dir" >"$tmp/out" 2>&1
is $? 2 "--snapshot-dir a file: usage error"
has "$tmp/out" "--snapshot-dir $tmp/not-a-dir: Not a directory" "... named, with why"
"$traced" -o "$tmp/r0" -t 1 --snapshot-dir "$tmp" >"$tmp/out" 2>&1
is $? 2 "--snapshot-dir without rules: usage error"
has "$tmp/out" "--snapshot-dir: without --rules or --rule, no snapshot is written" "... said"
ok $([ ! -e "$tmp/r0" ]; echo $?) "no trace directory was made by a refused command line"

# a rule that fires on the fake device's records: a snapshot while the
# trace goes on, the firings log, notify with the firing's JSON on stdin
"$fake" -d fake -q -o "$tmp/r1" -t 0.3 \
	--rule "on trace_start then snapshot, notify cat > $tmp/r1.notify" 2>"$tmp/err"
is $? 0 "a trace with a rule that fires"
ok $([ -f "$tmp/r1/snapshot-1/header" ] && [ -f "$tmp/r1/snapshot-1/events" ] &&
	[ -f "$tmp/r1/snapshot-1/lost" ] && [ -f "$tmp/r1/snapshot-1/proc" ]; echo $?) \
	"snapshot-1 is a trace directory (header, events, lost, proc)"
is "$(fact "$tmp/r1/snapshot-1" complete)" 1 "the snapshot's header says complete"
is "$(cmp -s "$tmp/r1/proc" "$tmp/r1/snapshot-1/proc"; echo $?)" 0 "the snapshot holds the trace's proc"
sbytes=$(stat -c %s "$tmp/r1/snapshot-1/events")
tbytes=$(stat -c %s "$tmp/r1/events")
ok $((sbytes == 0 || sbytes > tbytes)) "the snapshot holds buffers ($sbytes bytes), at most the trace's ($tbytes)"
is "$(grep -c '"seq":' "$tmp/r1/firings.jsonl")" 1 "one firing logged (the hold-off keeps the next ones out)"
has "$tmp/r1/firings.jsonl" '"snapshot":{"dir":"snapshot-1","complete":true' "its line names the snapshot, complete"
is "$(head -1 "$tmp/r1/firings.jsonl")" "$(cat "$tmp/r1.notify")" "notify read the firing's JSON on its stdin"
has "$tmp/r1/firings.jsonl" '{"notify":1,"killed":false,"exit":0}' "the notify's end is logged"
# --snapshot-dir: the snapshot there, named after the trace, at its
# absolute path in the firings log (given relative here); nothing in TRACEDIR
mkdir "$tmp/snaps"
(cd "$tmp" && "$fake" -d fake -q -o "$tmp/r1d" -t 0.3 --snapshot-dir snaps \
	--rule "on trace_start then snapshot") 2>"$tmp/err"
is $? 0 "a trace with --snapshot-dir"
is "$(fact "$tmp/snaps/r1d-snapshot-1" complete)" 1 "its snapshot is DIR/TRACE-snapshot-1, complete"
has "$tmp/r1d/firings.jsonl" "\"snapshot\":{\"dir\":\"$tmp/snaps/r1d-snapshot-1\",\"complete\":true" \
	"its line gives the snapshot's absolute path"
ok $([ ! -e "$tmp/r1d/snapshot-1" ]; echo $?) "no snapshot in TRACEDIR"
"$fake" -d fake -q -o "$tmp/r1" -t 0.1 --rule "on trace_start then notify exit 3" 2>"$tmp/err"
is $? 1 "without -f an existing trace directory is refused"
"$fake" -d fake -q -f -o "$tmp/r1" -t 0.1 --rule "on trace_start then notify exit 3" 2>"$tmp/err"
is $? 0 "a notify that fails does not fail the trace"
has "$tmp/r1/firings.jsonl" '{"notify":1,"killed":false,"exit":3}' "its exit status is logged"
has "$tmp/err" "notify of firing 1 failed" "and warned"
# a notify that hangs is killed after --notify-timeout, the trace ends
start=$(date +%s%N)
"$fake" -d fake -q -o "$tmp/r2" -t 0.1 --notify-timeout 300ms \
	--rule "on trace_start then notify sh -c 'echo \$\$ > $tmp/r2.pid; exec sleep 60'; echo late > $tmp/r2.late" 2>"$tmp/err"
is $? 0 "a trace whose notify hangs ends"
took=$((($(date +%s%N) - start) / 1000000))
ok $((took > 10000)) "within its timeout, not the command's 60 s (${took} ms)"
has "$tmp/r2/firings.jsonl" '{"notify":1,"killed":true,"exit":null}' "the notify is logged killed"
gpid=$(cat "$tmp/r2.pid" 2>/dev/null)
gone=1
for _ in $(seq 100); do	# SIGKILL was sent: poll for the grandchild's end
	st=$(awk '{ print $3 }' "/proc/$gpid/stat" 2>/dev/null)
	if [ -n "$gpid" ] && { [ -z "$st" ] || [ "$st" = Z ]; }; then gone=0; break; fi
	read -r -t 0.02 <> <(:) || true
done
ok $gone "the whole command was killed, the sleep it started too (its group)"
ok $([ ! -e "$tmp/r2.late" ]; echo $?) "the command did not go on after its timeout"
# stop: the trace ends at the firing, long before -t
start=$(date +%s%N)
"$fake" -d fake -q -o "$tmp/r3" -t 30 --rule "on trace_start then stop" 2>"$tmp/err"
is $? 0 "a rule that stops the trace"
took=$((($(date +%s%N) - start) / 1000000))
ok $((took > 10000)) "it stopped at the firing (${took} ms, not 30 s)"
is "$(fact "$tmp/r3" complete)" 1 "the trace it stopped is complete"
# rules over a trace whose events file fails (a file size limit): the
# trace goes on to its end (exit 3), and so do the rules: the ticks fire
# as its buffers come, written or not; their snapshots, read back from
# the events file (or the writer's buffers, which keep what they could
# not write), are complete, whole buffers, the trace's own bytes, and
# count the events of the buffers not written lost, as the trace does
mkdir "$tmp/r4s"
(trap '' XFSZ; ulimit -f 600; FAKE_PERIOD_MS=1 exec "$fake" -d fake -q -b 64k \
	--write-buffer 64k -o "$tmp/r4" -t 0.6 --snapshot-size 256k --snapshot-dir "$tmp/r4s" \
	--rule 'on every 200ms then snapshot') 2>"$tmp/err"
is $? 3 "rules over a trace whose events file fails: exit 3"
has "$tmp/err" "write error on $tmp/r4/events: File too large" "... the write error said"
PYTHONPATH=$here/../../tests/lib python3 - "$tmp/r4" >"$tmp/r4.out" 2>&1 <<'PY'
import json, os, sys
import lttfmt
d = sys.argv[1]
ev = open(d + '/events', 'rb').read()
fir = [json.loads(l) for l in open(d + '/firings.jsonl') if '"seq"' in l]
bad = []
for f in fir:
    s = f['snapshot']
    sev = open(s['dir'] + '/events', 'rb').read()
    bufs = lttfmt.buffers(sev, strict=True)
    lost = lttfmt.lost_entries(open(s['dir'] + '/lost', 'rb').read(), lttfmt.FORMAT[1])
    at = ev.find(sev) if sev else 0
    if not (s['complete'] and s['error'] is None and s['dropped_events'] > 0 and
            s['dropped_bytes'] >= 65536 and sum(e['total'] for e in lost) == s['dropped_events'] and
            len(bufs) == s['buffers'] and at >= 0):
        bad.append((f['seq'], s, len(bufs), at, [e['total'] for e in lost]))
print(len(fir), bad)
PY
is "$(tail -1 "$tmp/r4.out")" "$(grep -c '"seq":' "$tmp/r4/firings.jsonl") []" \
	"each snapshot complete, its buffers the trace's bytes, the events of those not written counted lost"
ok $(grep -q '"seq":' "$tmp/r4/firings.jsonl"; echo $?) "... and there were firings"
# the rules go on reading the buffers taken after the write error
# (late-buffers.py: the events file stops in the fourth of nine buffers,
# task X's exit(1) is in the eighth): the exit rule fires and notifies
python3 "$here/late-buffers.py" "$tmp/late.bin"
(trap '' XFSZ; ulimit -f 600; FAKE_PERIOD_MS=5 FAKE_BUFFERS="$tmp/late.bin" exec "$fake" -d fake -q \
	-b 256k --write-buffer 64k -o "$tmp/r5" -t 0.3 --stats "$tmp/r5.stats" \
	--rule "on exit if code != 0 then notify cat > $tmp/r5.json") 2>"$tmp/err"
is $? 3 "rules over buffers after the write error: exit 3"
has "$tmp/err" "write error on $tmp/r5/events: File too large" "... the events file's error said"
is "$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["buffers"], j["bytes_written"], j["lost_total"] > 0)' "$tmp/r5.stats")" \
	"9 614400 True" "... its nine buffers taken, 614400 bytes written, the rest counted lost"
is "$(grep -c '"seq":' "$tmp/r5/firings.jsonl")" 1 "the exit in a buffer never written fired its rule"
is "$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["type"], j["seq"])' "$tmp/r5.json" 2>&1)" \
	"exit 1" "... and its notify read the firing's JSON"

# heavy logging (log top(N) for D [or C events], docs/triggers.md): the
# fake device's records are those of the task of the set while one is on
"$traced" -o "$tmp/h0" -t 1 --rule 'on exit then log top(5) for 5s' >"$tmp/out" 2>&1
is $? 2 "log without snapshot: usage error"
has "$tmp/out" "--rule number 1, column 14: log needs snapshot" "it says where and why"
FAKE_LOG="$tmp/h1.log" "$fake" -d fake -q -o "$tmp/h1" -t 2 \
	--rule 'on trace_start if pid == 3 then snapshot, log top(2) for 300ms' 2>"$tmp/err"
is $? 0 "a trace with a rule that logs heavily"
is "$(grep SET_HEAVY "$tmp/h1.log" | sed 's/ stacks=.* first=/ first=/' | tr '\n' ' ')" \
	"SET_HEAVY n=1 first=3 capture=1514 SET_HEAVY n=0 first=0 capture=0 " \
	"the set held the firing's task (an instant event's), its packets captured up to 1514 bytes (the default), then was emptied"
# --heavy-capture: the set's packet bytes, when above --capture's
for hc in "--heavy-capture max:65510" "--heavy-capture 0:0" "--heavy-capture 300 --capture 200:300" \
	"--capture 2000:0" "--heavy-capture 2000 --capture 2000:0"; do
	FAKE_LOG="$tmp/hc.log" "$fake" -d fake -q -o "$tmp/hc" -t 0.5 ${hc%:*} \
		--rule 'on trace_start if pid == 3 then snapshot, log top(2) for 100ms' 2>"$tmp/err"
	is "$(grep -m1 SET_HEAVY "$tmp/hc.log" | sed 's/.* capture=//')" "${hc##*:}" \
		"${hc%:*}: the set's capture ${hc##*:} (0: the session's)"
	rm -rf "$tmp/hc" "$tmp/hc.log"
done
"$traced" -o "$tmp/hx" -t 1 --heavy-capture 100 --rule 'on exit then snapshot' >"$tmp/out" 2>&1
is $? 2 "--heavy-capture without a rule that logs: usage error"
has "$tmp/out" "--heavy-capture: no rule logs" "it says why"
"$traced" -o "$tmp/hx" -t 1 --heavy-capture 65511 --rule 'on exit then snapshot, log top(1) for 1s' >"$tmp/out" 2>&1
is $? 2 "--heavy-capture 65511: usage error"
has "$tmp/out" "bad heavy logging capture length '65511' (0..65510 bytes, or max)" "it says the range"
has "$tmp/h1.log" "stacks=0x0000000000002082" "with stacks at switch-out, wakeup and syscall entry"
hl=$(grep '^{"log":1,' "$tmp/h1/firings.jsonl")
is "$(echo "$hl" | jq -r '.ended + " " + (.parties | length | tostring) + " " + (.parties[0].pid | tostring)')" \
	"time 1 3" "the firings log says it ended after its time, for task 3"
is "$(echo "$hl" | jq '(.to_ns - .from_ns) >= 300000000 and (.to_ns - .from_ns) < 1500000000')" \
	true "it lasted its 300 ms (and not the whole 2 s trace): $(echo "$hl" | jq '.to_ns - .from_ns') ns"
is "$(echo "$hl" | jq '.parties[0] | .events > 0 and .bytes == 16 * .events and .stacks == 0')" \
	true "the volume logged for the task: its records counted, 16 bytes each ($(echo "$hl" | jq -c '.parties[0]'))"
after=$(grep -c '"seq":' "$tmp/h1/firings.jsonl")
is "$after" 1 "the firings log holds the firing once; the log line apart"
FAKE_LOG="$tmp/h2.log" "$fake" -d fake -q -o "$tmp/h2" -t 1 \
	--rule 'on trace_start if pid == 3 then snapshot, log top(2) for 10s or 300 events' 2>"$tmp/err"
hl=$(grep '^{"log":1,' "$tmp/h2/firings.jsonl")
is "$(echo "$hl" | jq -r '.ended')" events "or 300 events: it ended at the count, long before 10 s"
is "$(echo "$hl" | jq '.parties[0].events >= 300')" true "after 300 events at least (checked per batch)"
is "$(grep -c SET_HEAVY "$tmp/h2.log")" 2 "switched on, then off"
FAKE_LOG="$tmp/h3.log" "$fake" -d fake -q -o "$tmp/h3" -t 0.3 \
	--rule 'on trace_start then snapshot, log top(2) for 100ms' 2>"$tmp/err"
is "$(grep '^{"log":1,' "$tmp/h3/firings.jsonl" | jq -r '.ended')" nothing \
	"a firing of the idle task (pid 0) logs nothing"
is "$(grep -c SET_HEAVY "$tmp/h3.log")" 0 "and the set is never asked for"
FAKE_FAIL=SET_HEAVY:ENOTTY "$fake" -d fake -q -o "$tmp/h4" -t 0.5 \
	--rule 'on trace_start if pid == 3 then snapshot, log top(2) for 100ms' 2>"$tmp/err"
is $? 0 "a module without heavy logging: the trace goes on"
has "$tmp/err" "log: fake does not support LTT_IOC_SET_HEAVY" "it says the module is older"
is "$(grep '^{"log":1,' "$tmp/h4/firings.jsonl" | jq -r '.ended')" refused "the firings log says refused"
is "$(fact "$tmp/h1" complete)" 1 "the trace that logged heavily is complete"

# the CPUs' events out of order across batches of reads (ooo-buffers.py:
# CPU 1's first buffer, a wakeup at 35 ms and a request's receive at
# 51 ms, handed out after CPU 0's buffers up to 120 ms): the rules see
# them merged in time order up to the time every CPU has passed
python3 "$here/ooo-buffers.py" "$tmp/ooo.bin"
printf '%s\n' 'on wakeup if latency > 2ms then snapshot' \
	'on request if latency > 20ms then snapshot' \
	'on syscall_exit(read) if latency > 8ms then snapshot' \
	'on every 100ms over syscall_exit if count(100ms) >= 1 then notify true' >"$tmp/ooo.rules"
FAKE_BUFFERS=$tmp/ooo.bin "$fake" -d fake -q -o "$tmp/o1" -t 0.35 --rules "$tmp/ooo.rules" 2>"$tmp/err"
is $? 0 "a trace whose CPUs' buffers come out of order"
has "$tmp/o1/firings.jsonl" '"type":"wakeup","pid":5000300,"cpu":0,"comm":null,"key":"","values":[{"expr":"latency","value":5000000}' \
	"the wakeup on CPU 1 read after the switch on CPU 0: paired, 5 ms"
has "$tmp/o1/firings.jsonl" '"type":"request","side":"callee","local":null,"peer":null,"pid":5000200,"cpu":0,"comm":null,"key":"","values":[{"expr":"latency","value":29000000}' \
	"the request received on CPU 1 (read after) and answered on CPU 0: 29 ms"
is "$(grep -o '"seq":[0-9]*,"rule":[0-9]' "$tmp/o1/firings.jsonl" | head -3 | tr '\n' ' ')" \
	'"seq":1,"rule":0 "seq":2,"rule":2 "seq":3,"rule":1 ' \
	"the firings in the order of their events' times (35, 70, 81 ms)"
cpus=$(PYTHONPATH=$here/../../tests/lib python3 -c '
import sys, lttfmt
data = open(sys.argv[1], "rb").read()
print(" ".join(sorted({str(h["cpu"]) for _, h in lttfmt.buffers(data)})))' "$tmp/o1/snapshot-2/events")
is "$cpus" "0 1" "the snapshot of the read's firing at 70 ms, written at once, holds both CPUs' buffers"
ok $(grep -q 'came after every CPU' "$tmp/err"; echo $((1 - $?))) "no event came late"
is "$(grep -c '"type":"timer"' "$tmp/o1/firings.jsonl")" 3 \
	"the timer rule ticked every 100 ms up to the end and fired where reads ended"

# heavy logging's sample (log ... or 3 matched + 3 unmatched): the reads
# of sample-buffers.py after the firing's (10 ms) until 3 slow ones (over
# 5 ms) and 3 fast ones are in it, each with its values; the logging ends
# then ("sample"), long before its 60 s; a logging without a sample has
# none in its line
python3 "$here/sample-buffers.py" "$tmp/sample.bin"
FAKE_BUFFERS=$tmp/sample.bin FAKE_LOG="$tmp/s1.log" "$fake" -d fake -q -o "$tmp/s1" -t 0.5 \
	--rule 'on syscall_exit(read) by pid if latency > 5ms then snapshot, log top(1) for 60s or 3 matched + 3 unmatched' \
	2>"$tmp/err"
is $? 0 "a trace with a rule whose logging takes a sample"
hl=$(grep '^{"log":1,' "$tmp/s1/firings.jsonl")
fire=$(grep '"seq":1,' "$tmp/s1/firings.jsonl" | jq .time_ns)
is "$(echo "$hl" | jq -c '[.ended, .sample.matched_goal, .sample.unmatched_goal, .sample.matched, .sample.unmatched]')" \
	'["sample",3,3,3,3]' "the logging ended on its sample: 3 of 3 matched, 3 of 3 unmatched"
is "$(echo "$hl" | jq -c --argjson f "${fire:-0}" '[.sample.instances[] | [.matched, (.time_ns - $f) / 1000000, .values[0].value / 1000000, .pid]]')" \
	'[[false,91,1,5000500],[true,210,20,5000500],[false,292,2,5000500],[true,420,30,5000500],[false,491,1,5000500],[true,630,40,5000500]]' \
	"its instances: the reads after the firing's, in time order, up to the 40 ms one (ms after the firing, latency)"
is "$(echo "$hl" | jq '[.sample.instances[] | (.values[0].value > .values[1].value) == .matched] | all')" \
	true "each matched one's latency is over the 5ms it was compared with, each unmatched one's not"
is "$(grep -c SET_HEAVY "$tmp/s1.log")" 2 "the set switched on, then off at the sample"
is "$(grep '^{"log":1,' "$tmp/h1/firings.jsonl" | jq 'has("sample")')" false \
	"a logging without a sample has none in its line"
is "$(echo "$hl" | jq -c '[.sample.matched_ppm, .sample.unmatched_ppm, .sample.matched_seen, .sample.unmatched_seen]')" \
	'[1000000,1000000,3,3]' "without 'at P%': each instance kept (1000000 ppm), 3 and 3 drawn from"

# the same at 50 % and 40 %: the instances kept are those the documented
# draw picks (docs/triggers.md: splitmix64 of the time XOR the logging's
# number shifted by 32, modulo 10^6, below the ppm), computed here from
# the reads' times, in time order until each kind has its count; the
# reads run out first (the logging ends with the trace: "stop")
FAKE_BUFFERS=$tmp/sample.bin "$fake" -d fake -q -o "$tmp/s2" -t 0.5 \
	--rule 'on syscall_exit(read) by pid if latency > 5ms then snapshot, log top(1) for 60s or 3 matched at 50% + 3 unmatched at 40%' \
	2>"$tmp/err"
is $? 0 "a trace with a rule whose sample is drawn at 50 % and 40 %"
hl=$(grep '^{"log":1,' "$tmp/s2/firings.jsonl")
fire=$(grep '"seq":1,' "$tmp/s2/firings.jsonl" | jq .time_ns)
want=$(python3 - "${fire:-0}" <<'PY'
import sys
M64 = (1 << 64) - 1
def pick(log, t, ppm):
    z = ((t ^ (log << 32)) + 0x9e3779b97f4a7c15) & M64
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
    z ^= z >> 31
    return z % 1000000 < ppm
MS = 1000000
fire = int(sys.argv[1])
# sample-buffers.py: a read every 100 ms, the firing's the 10 ms one (4th)
lat = [1, 1, 1, 10, 1, 20, 2, 30, 1, 40, 1, 1, 50, 1]
start = fire - (3 * 100 + 10) * MS
goal, ppm, n, seen, kept = {True: 3, False: 3}, {True: 500000, False: 400000}, \
    {True: 0, False: 0}, {True: 0, False: 0}, []
for i in range(4, len(lat)):
    t, m = start + i * 100 * MS + lat[i] * MS, lat[i] > 5
    if n[m] < goal[m]:
        seen[m] += 1
        if pick(1, t, ppm[m]):
            n[m] += 1
            kept.append([m, (t - fire) // MS])
print('%s %d %d %d %d %s' % ('sample' if n[True] == 3 and n[False] == 3 else 'stop',
      seen[True], seen[False], n[True], n[False],
      str(kept).replace(' ', '').replace('True', 'true').replace('False', 'false')))
PY
)
is "$(echo "$hl" | jq -r '[.ended, .sample.matched_seen, .sample.unmatched_seen, .sample.matched, .sample.unmatched] | map(tostring) | join(" ")') $(echo "$hl" | jq -c --argjson f "${fire:-0}" '[.sample.instances[] | [.matched, ((.time_ns - $f) / 1000000 | floor)]]')" \
	"$want" "drawn at 50 % and 40 %: ended, seen and kept of each, the instances kept as the documented draw gives them"
is "$(echo "$hl" | jq -c '[.sample.matched_ppm, .sample.unmatched_ppm]')" '[500000,400000]' \
	"the line gives the probabilities in ppm"

# Waiting costs nothing: a 3 s trace of an idle fake device makes about as
# many system calls as a 1 s one (the /proc snapshot is the same), a
# daemon that spun on the device would make tens of thousands more.
# Counted with strace, not timed: a CPU-time limit failed under load
# (208-220 ms against 200 at a load average of 17, the snapshot's reads).
calls() {
	rm -rf "$tmp/$1"
	strace -f -c -o "$tmp/$1.strace" "$fake" -d fake -q -o "$tmp/$1" -t "$2" 2>/dev/null &&
		awk '$NF == "total" { print $(NF - 2) }' "$tmp/$1.strace"
}
c1=$(calls t9 1)
c3=$(calls t9b 3)
extra=$(( ${c3:-999999} - ${c1:-0} ))
ok $(( ! (c1 > 0 && c3 > 0 && extra < 3000) )) \
	"2 s more of waiting made $extra more system calls ($c1 in 1 s, $c3 in 3 s; < 3000)"

echo "1..$n"
exit $((failed > 0))
