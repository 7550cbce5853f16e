#!/bin/bash
# tracevisualizer tui --live DIR (tui/live.c, src/reader/live.c) as a
# person uses it, in tmux at 160x24: a trace written a step at a time into
# DIR as traced writes a running session's (tests/lib/livewrite.py: the
# directory, the header before and after START, the events by whole
# buffers and cut inside one, a firing, the header with its end), the
# screen polled after each step for what the step brings (never a sleep):
# the waiting said, the rows of each buffer as dump prints them, following
# the present, a window scrolled back kept while events come (and the new
# ones counted below it), End following again, Home, j k Up Down PgUp
# PgDn, the firing listed, two requests' firings with their side and peer
# (caller, peer 10.0.1.2:7201; callee, peer 10.0.1.1:50854) and the
# exec's without, the end; then the events file truncated while
# followed: the error said, the rows shown stay, exit status 1.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
lw() { python3 "$TOP/tests/lib/livewrite.py" "$tmp/A" "$@"; }
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

# 6 buffers of 10 events (cpus 0 and 1 in turn), an exec at the end
{
	echo "header ncpus=2"
	t=1000000000
	for b in 1 2 3 4 5 6; do
		cpu=$(((b + 1) % 2))
		echo "buf cpu=$cpu start=$t pid=$((100 + cpu))"
		for i in 1 2 3 4 5; do
			t=$((t + 1000)); echo "$t syscall_entry 39"
			t=$((t + 500)); echo "$t syscall_exit 39 $((100 + cpu))"
		done
	done
	echo "$((t + 100)) exec 101 /bin/live-marker"
} > "$tmp/a.desc"
$gen "$tmp/A" < "$tmp/a.desc" && $tv dump "$tmp/A" > /dev/null
ok $? "a trace of 6 buffers, 61 events (the last buffer ends with an exec), written whole, dump reads it"
# the rows as the live view prints them: time cpu pid description, from dump
$tv dump "$tmp/A" | awk 'NR > 1 { n = split($4, p, "-"); d = $6; for (i = 7; i <= NF; i++) d = d " " $i;
	printf "%14s %3s %7s  %s\n", $1, $3, p[n], d }' > "$tmp/rows.txt"
mapfile -t off < <(lw - offsets)
is "$(wc -l < "$tmp/rows.txt") ${#off[@]}" "61 6" "dump: 61 rows; 6 buffers"
row() { sed -n "${1}p" "$tmp/rows.txt"; }
tm() { row "$1" | awk '{ print $1 }' | sed 's/\./\\./'; }	# row N's time, as a regex
# the screen's event rows: lines 3 .. (first blank, firings or status)
evrows() { tui_screen L | sed -n '3,$p' | grep -E '^ +[0-9]+\.[0-9]{9} +[0-9]+ +[0-9]+  '; }

L=$tmp/L
tui_start L 160 24 -- --live "$L"
ok $? "tui --live on a directory that does not exist yet: it starts"
tui_wait L "^waiting: .*/L/header: no such directory yet: waiting for traced" >/dev/null
okscr L "no directory: waiting for traced, said"
lw "$L" dir && tui_wait L "^waiting: .*not a trace yet \(no header\)" >/dev/null
okscr L "an empty directory: not a trace yet, said"
lw "$L" header0 && tui_wait L "^waiting: .*tracing not started yet: waiting for START" >/dev/null
okscr L "the header before START: waiting for START, said"
lw "$L" start && tui_wait L "^Live .*/L  running$" >/dev/null && tui_wait L "^no events yet" >/dev/null
okscr L "after START: running, no events yet"

# the first buffer cut in its second record: nothing shown, no error, waited for
cut=$((48 + 8 + 8 + 4))
lw "$L" bytes $cut && tui_wait L "following  0 events  0 new events  $cut bytes being written$" >/dev/null &&
	! tui_screen L | grep -q '^error'
okscr L "a buffer cut inside its second record: $cut bytes being written, no event, no error"
lw "$L" buffers 1 && tui_wait L "following  newest $(tm 10)  behind .*  10 events  10 new events$" >/dev/null &&
	[ "$(evrows)" = "$(sed -n 1,10p "$tmp/rows.txt")" ]
okscr L "the buffer whole: its 10 rows as dump prints them; the newest, how far behind, 10 new"
lw "$L" buffers 3 && tui_wait L "following  newest $(tm 30)  behind .*  30 events  20 new events$" >/dev/null &&
	[ "$(evrows)" = "$(sed -n 11,30p "$tmp/rows.txt")" ]
okscr L "two buffers more: following the present, rows 11 to 30 of 30 on the screen"

# --- scrolled back: the window stays while events come ------------------------
tui_key L PPage && tui_wait L "^paused \(End: follow\) .* 0 new events below$" >/dev/null &&
	[ "$(evrows)" = "$(sed -n 1,20p "$tmp/rows.txt")" ]
okscr L "PgUp: paused, rows 1 to 20"
lw "$L" buffers 6 && tui_wait L "^paused \(End: follow\) .* 61 events  31 new events below$" >/dev/null &&
	[ "$(evrows)" = "$(sed -n 1,20p "$tmp/rows.txt")" ]
okscr L "three buffers more while paused: the window kept (rows 1 to 20), 31 new events below"
tui_key L j && [ "$(evrows | head -1)" = "$(row 2)" ] && tui_key L Down && [ "$(evrows | head -1)" = "$(row 3)" ]
okscr L "j, Down: a row further each"
tui_key L k && [ "$(evrows | head -1)" = "$(row 2)" ] && tui_key L Up && [ "$(evrows | head -1)" = "$(row 1)" ]
okscr L "k, Up: a row back each"
tui_key L NPage && [ "$(evrows | head -1)" = "$(row 21)" ]
okscr L "PgDn: rows from 21"
tui_xkey L end && tui_wait L "^following  newest $(tm 61) .* 61 events " >/dev/null &&
	[ "$(evrows)" = "$(sed -n 42,61p "$tmp/rows.txt")" ]
okscr L "End: following again, rows 42 to 61, the newest the exec"
tui_xkey L home && tui_wait L "^paused" >/dev/null && [ "$(evrows | head -1)" = "$(row 1)" ]
okscr L "Home: paused at the oldest event kept"
tui_xkey L end && tui_wait L "^following" >/dev/null

# --- a firing as it comes, the end -------------------------------------------
F='{"seq":1,"rule":0,"line":1,"text":"on exec if comm == \"live-marker\" then snapshot","time_ns":1000045100,"start_ns":1000045100,"type":"exec","pid":101,"cpu":1,"comm":"live-marker","key":"","values":[{"expr":"comm","value":null}],"window_truncated":false,"suppressed_before":0,"actions":["snapshot"],"snapshot":{"dir":"snapshot-1","complete":true,"buffers":2,"dropped_events":0}}'
lw "$L" bytes "$(stat -c %s "$tmp/A/events")" && lw "$L" firing "$F" &&
	tui_wait L '^Firings \(1\)$' >/dev/null &&
	tui_wait L '^#1 +0\.000045100 exec pid 101 live-marker: comm=unknown  snapshot snapshot-1  rule 1: on exec if comm == "live-marker" then snapshot$' >/dev/null &&
	[ "$(evrows)" = "$(sed -n 44,61p "$tmp/rows.txt")" ]
okscr L "a firing as it comes: listed under the events (its time, event, pid, comm, rule, values, snapshot), 18 rows of events left"
# requests (on request(caller), on request(callee)) as traced writes them (a firing can come
# before the buffer of its event): their side and peer as the audit list shows them
R='{"seq":%u,"rule":%u,"line":%u,"text":"on request(%s) then snapshot","time_ns":%u,"start_ns":%u,"type":"request","side":"%s","local":"%s","peer":"%s","pid":%u,"cpu":%u,"comm":"%s","key":"","values":[{"expr":"latency","value":%u}],"window_truncated":false,"suppressed_before":0,"actions":["snapshot"],"snapshot":{"dir":"snapshot-%u","complete":true,"buffers":2,"dropped_events":0}}'
lw "$L" firing "$(printf "$R" 2 1 2 caller 1000045200 1000040000 caller 10.0.1.1:50854 10.0.1.2:7201 101 1 live-marker 5200 2)" &&
	tui_wait L '^Firings \(2\)$' >/dev/null &&
	tui_wait L '^#2 +0\.000045200 request pid 101 live-marker: caller, peer 10\.0\.1\.2:7201  latency=5200  snapshot snapshot-2  rule 2: on request\(caller\) then snapshot$' >/dev/null
okscr L "a request at its caller as it comes: its side and peer before its values (caller, peer 10.0.1.2:7201)"
lw "$L" firing "$(printf "$R" 3 2 3 callee 1000045300 1000043000 callee 10.0.1.2:7201 10.0.1.1:50854 100 0 server 2300 3)" &&
	tui_wait L '^Firings \(3\)$' >/dev/null &&
	tui_wait L '^#3 +0\.000045300 request pid 100 server: callee, peer 10\.0\.1\.1:50854  latency=2300  snapshot snapshot-3  rule 3: on request\(callee\) then snapshot$' >/dev/null &&
	tui_screen L | grep -qE '^#2 +0\.000045200 request pid 101 live-marker: caller, peer 10\.0\.1\.2:7201  latency=5200 ' &&
	[ "$(evrows)" = "$(sed -n 46,61p "$tmp/rows.txt")" ]
okscr L "a request at its callee: callee, peer 10.0.1.1:50854; the caller's line unchanged, 16 rows of events left"
tui_screen L | grep -qxE '#1 +0\.000045100 exec pid 101 live-marker: comm=unknown  snapshot snapshot-1  rule 1: on exec if comm == "live-marker" then snapshot' &&
	[ "$(tui_screen L | grep -c 'peer ')" = 2 ]
okscr L "the exec's firing (not a request) still without a side or peer: only the two requests say one"
lw "$L" end && tui_wait L "^Live .*/L  ended \(complete\)$" >/dev/null
okscr L "the header with its end: ended (complete)"
is "$(tui_quit L)" 0 "q: status 0"

# --- truncated while followed ---------------------------------------------------
M=$tmp/M
mkdir "$M" && python3 "$TOP/tests/lib/livewrite.py" "$tmp/A" "$M" start &&
	python3 "$TOP/tests/lib/livewrite.py" "$tmp/A" "$M" buffers 6
tui_start T 160 24 -- --live "$M"
tui_wait T " 61 events " >/dev/null
okscr T "a second session on a trace of 61 events"
python3 "$TOP/tests/lib/livewrite.py" "$tmp/A" "$M" truncate "${off[0]}" &&
	tui_wait T "^error: .*/M/events: truncated from [0-9]+ to ${off[0]} bytes while it was read: what was read is kept" >/dev/null &&
	tui_wait T "^Live .*/M  failed$" >/dev/null &&
	[ "$(tui_screen T | sed -n '3,$p' | grep -cE '^ +[0-9]+\.[0-9]{9} ')" = 20 ]
okscr T "the events file truncated: the error said, the 20 rows shown stay"
is "$(tui_quit T)" 1 "q: status 1 (the trace failed)"
grep -q "truncated from" "$TUI_DIR/T.err"
ok $? "and said on standard error: $(cat "$TUI_DIR/T.err")"

# --- usage -----------------------------------------------------------------------
$tv tui --live --diff "$tmp/A" "$tmp/A" > /dev/null 2> "$tmp/u.err"
is "$?" 2 "--live with --diff: usage error (status 2)"
grep -q 'tui --live takes one trace directory' "$tmp/u.err"
ok $? "said: $(head -1 "$tmp/u.err")"
done_testing
