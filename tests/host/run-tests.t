#!/bin/bash
# scripts/run-tests, make check's runner, with two tests side by side
# (-j2), as make check runs its streams:
#  - a test that wrote to standard error and then prints nothing holds no
#    other test: A writes a line to standard error and waits until prove
#    has read B's result (B's TAP in the spool); B waits until A's line is
#    in the run's log, then prints its result.  When prove read the tests'
#    standard error itself, it stayed in A's loop until A printed on
#    standard output, B's result was never read and A waited in vain
#    (the 10-minute hold of 50-debug-kernel.t on make check's host
#    stream; scripts/run-tests says how it is avoided);
#  - the standard error of a test is in the log; the CPU time of each test
#    in the spool's cpu.log and the summary; a failed test's lines after
#    the summary, and prove's status.
# Nothing here waits for a time: each side polls for the other's state
# (a bound of 120 s, only reached by the failure shown above).
. "$(dirname "$0")/../lib/tap.sh"
plan 7
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
unset LTT_CPU_LOG LTT_CPU_LABEL LTT_STDERR_FD
mkdir -p "$d/t"
cat >"$d/t/a.t" <<'SH'
#!/bin/bash
echo "a: waiting for b's result to be read" >&2
for _ in $(seq 600); do
	grep -q '^ok 1 - b$' "$LTT_TAP_DIR"/*/b.t 2>/dev/null && break
	sleep 0.2
done
echo 1..1
if grep -q '^ok 1 - b$' "$LTT_TAP_DIR"/*/b.t 2>/dev/null; then
	echo "ok 1 - a: b's result was read while a was quiet"
else
	echo "not ok 1 - a: b's result was never read"
fi
SH
cat >"$d/t/b.t" <<'SH'
#!/bin/bash
for _ in $(seq 600); do
	grep -q "^a: waiting" "$LTT_TAP_DIR/prove.log" 2>/dev/null && break
	sleep 0.2
done
echo 1..1
echo "ok 1 - b"
SH
printf '%s\n' '#!/bin/bash' 'echo 1..1' 'echo "ok 1 - d"' >"$d/t/d.t"
cat >"$d/t/c.t" <<'SH'
#!/bin/bash
echo 1..1
echo "not ok 1 - c fails on purpose"
echo "# what c says about it"
SH
# the spool keeps each test's TAP under the path prove was given
(cd "$d" && LTT_TAP_DIR=$d/spool PROVE=prove timeout 600 "$TOP/scripts/run-tests" -j2 t/a.t t/b.t) \
	>"$d/out" 2>&1
st=$?
is "$st" 0 "a and b side by side: both pass (run-tests' status 0)" || sed 's/^/# /' "$d/out" | tail -20
grep -q "^a: waiting for b's result to be read" "$d/spool/prove.log"
ok $? "a's standard error is in the run's log"
is "$(awk '{ print $3 }' "$d/spool/cpu.log" | sort | paste -sd' ')" "t/a.t t/b.t" "each test's CPU time in the spool's cpu.log"
grep -q "^==== CPU time of the 2 tests" "$d/out"
ok $? "and the summary of it after prove's"

(cd "$d" && LTT_TAP_DIR=$d/spool2 PROVE=prove timeout 600 "$TOP/scripts/run-tests" t/d.t t/c.t) \
	>"$d/out2" 2>&1
is "$?" 1 "a failed test: prove's status"
grep -A2 '^---- t/c.t' "$d/out2" | grep -q "^# what c says about it"
ok $? "its not-ok line and comments after the summary"
is "$(tail -n 1 "$d/out2")" "Result: FAIL" "the log ends with prove's result"
