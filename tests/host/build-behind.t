#!/bin/bash
# scripts/build-behind, which make check uses to build the debug kernel
# behind the tests, on a Makefile of the test's own whose target waits
# for a file the test creates (so nothing here depends on the host's
# speed):
#  - the build runs in the background at nice 19, and the call returns
#    while it is held;
#  - --wait does not return while the build is held, and returns 0 with
#    the build's status 0 once it is released;
#  - a failed build: --wait returns its status and prints its last lines;
#  - --wait on a target never started returns 0 at once; bad usage: 2.
. "$(dirname "$0")/../lib/tap.sh"
plan 10
bb=$TOP/scripts/build-behind
d=$(mktemp -d)
trap 'touch "$d/go"; rm -rf "$d"' EXIT
printf '%s\n' \
	'held:' \
	'	nice > niceness' \
	'	while [ ! -f go ]; do sleep 0.05; done' \
	'	echo built > held.out' \
	'broken:' \
	'	echo "the recipe says why" >&2; exit 3' >"$d/Makefile"

timeout 120 "$bb" -C "$d" held >"$d/start.out"
ok $? "build-behind returns while the build is held"
# poll for the build's start (its niceness written), not a time
for _ in $(seq 3000); do [ -s "$d/niceness" ] && break; sleep 0.05; done
is "$(cat "$d/niceness" 2>/dev/null)" "19" "the build runs at nice 19"

"$bb" -C "$d" --wait held 2>"$d/wait.err" &
w=$!
# the waiter has said it waits: it found the lock held
for _ in $(seq 3000); do grep -q waiting "$d/wait.err" && break; sleep 0.05; done
grep -q "waiting for 'make held'" "$d/wait.err"
ok $? "--wait says what it waits for" || diag "$(cat "$d/wait.err")"
kill -0 "$w" 2>/dev/null
ok $? "and has not returned while the build is held"
[ ! -e "$d/held.out" ]
ok $? "(the build has not ended)"
touch "$d/go"
wait "$w"
is "$?" "0" "--wait returns 0 once the build ended well"
is "$(cat "$d/held.out" 2>/dev/null)" "built" "after the build ended"

"$bb" -C "$d" broken >/dev/null
"$bb" -C "$d" --wait broken 2>"$d/broken.err"
is "$?" "2" "--wait returns a failed build's status (make's 2)"
grep -q "the recipe says why" "$d/broken.err"
ok $? "and prints its last lines" || diag "$(cat "$d/broken.err")"

"$bb" -C "$d" --wait never-started 2>/dev/null
r1=$?
"$bb" -C "$d" >/dev/null 2>&1
r2=$?
is "$r1 $r2" "0 2" "--wait with no build started: 0; no target: usage, 2"
