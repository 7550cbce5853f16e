#!/bin/bash
# The order of tracevisualizer-gtk's control flow rows (View -> Rows: the
# traced command first, then the busiest (the default), by pid (also
# Ctrl+P), name, time running in the window; the order is the library's,
# lttr_view_task_sort()): a process with its threads under it stays one
# block, the processes are sorted, and the threads under each.  The menu
# is chosen with the mouse (tests/lib/gtkrows.py), kept in the session,
# and the rows a screenshot then shows (--dump-cells) are compared with
# the order computed from "processes --threads --json" of the same window
# (running_ns, names).  This trace has no command run by traced: the
# default is then the running time over the whole trace (first-screen.t
# has one).  The trace: three processes, one with three
# threads whose pid, name and running-time orders all differ; two windows
# in which the threads' running times rank differently.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
rows() { PYTHONPATH=tests/lib $PY tests/lib/gtkrows.py "$@"; }

# one CPU; web (20) and its threads web-c (21), web-a (22), web-b (23) run
# 1, 2, 1 and 5 ms, zip (10) 3 ms, init (1) never
cat > "$tmp/desc" <<'DESC'
header ncpus=1 end=1013000000 events=all
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 10; PPID: 1; TGID: 10; NAME: zip
proc PID: 20; PPID: 1; TGID: 20; NAME: web
proc PID: 21; PPID: 1; TGID: 20; NAME: web-c
proc PID: 22; PPID: 1; TGID: 20; NAME: web-a
proc PID: 23; PPID: 1; TGID: 20; NAME: web-b
buf cpu=0 start=1000000000 pid=20
1000000000 start 20 0
1001000000 sched 20 21 0
1003000000 sched 21 22 0
1004000000 sched 22 23 0
1009000000 sched 23 10 0
1012000000 sched 10 0 0
DESC
$gen "$tmp/t" < "$tmp/desc" && $tv check "$tmp/t" > /dev/null &&
	$tv processes --threads --json "$tmp/t" > "$tmp/proc-all.json" &&
	$tv processes --threads --json --window 0.0035:0.013 "$tmp/t" > "$tmp/proc-late.json"
ok $? "the trace is written, conserves time, and its threads' times in two windows"

# shot NAME [ARGS] : a screenshot with the rows it shows in NAME.rows
shot() {
	local n=$1; shift
	timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/$n.png" \
		--dump-cells "$tmp/$n.json" "$@" "$tmp/t" 2>> "$tmp/err" && rows shown "$tmp/$n.json" > "$tmp/$n.rows"
}

shot traced
is "$(cat "$tmp/traced.rows")" "$(rows expect busy "$tmp/proc-all.json")" "the default without a traced command: by time running over the trace"
for s in "pid:Rows by pid" "name:Rows by name" "busy:Rows by time running in the window"; do
	key=${s%%:*} item=${s#*:}
	checks < <(timeout 120 dbus-run-session -- xvfb-run -a -s "$screen" \
		$PY tests/lib/gtkrows.py menu "$gtk" "$tmp/t" "$item" 2>> "$tmp/atspi.err" |
		grep -v '^SpiRegistry daemon')
	is "$(json "$tmp/t/session.json" 'j["row_sort"]')" "$key" "the session keeps the rows' order ($key)"
	shot "$key" --session "$tmp/t/session.json"
	is "$(cat "$tmp/$key.rows")" "$(rows expect "$key" "$tmp/proc-all.json")" "the next session shows the rows by $key: the tree kept, processes and threads each sorted"
done
# by time running in another window: the threads rank otherwise
shot late --window 0.0035:0.013 --session "$tmp/t/session.json"
is "$(cat "$tmp/late.rows")" "$(rows expect busy "$tmp/proc-late.json")" "--window 3.5 ms to 13 ms: by time running in that window"
# Ctrl+P: back to pid order from the default
rm -f "$tmp/t/session.json"
checks < <(timeout 120 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkrows.py key "$gtk" "$tmp/t" ctrl+p 2>> "$tmp/atspi.err" |
	grep -v '^SpiRegistry daemon')
is "$(json "$tmp/t/session.json" 'j["row_sort"]')" "pid" "Ctrl+P: rows by pid, kept in the session"
shot ctrlp --session "$tmp/t/session.json"
is "$(cat "$tmp/ctrlp.rows")" "$(rows expect pid "$tmp/proc-all.json")" "and the rows shown are by pid"
# a window outside the trace (13 ms long): refused with its span, no
# screenshot (issue 36, item 7: times read by lttr_parse_trace_time())
for w in "0.0035:0.02=0.02 is after the end" "2.5:2.6=2.5 is after the end" "@0.5:+1ms=@0.5 is before the start"; do
	want=${w#*=}; w=${w%%=*}
	rm -f "$tmp/out.png"
	timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x800 --screenshot "$tmp/out.png" --window "$w" "$tmp/t" 2> "$tmp/werr"; st=$?
	is "$st/$([ -e "$tmp/out.png" ] && echo png)/$(grep -c "^tracevisualizer-gtk: --window $w: $want of the trace: it spans 0 to 0.013000000 s after its start (@1.000000000 to @1.013000000)" "$tmp/werr")" \
		"2//1" "--window $w: status 2, no screenshot, the trace's span said"
done
"$gtk" --window 1:x "$tmp/t" 2> "$tmp/werr"; is "$?/$(grep -c "'x' is not a time" "$tmp/werr")" "2/1" "--window 1:x: a usage error before any display"
[ "$(cat "$tmp/late.rows")" != "$(cat "$tmp/busy.rows")" ] && [ "$(cat "$tmp/busy.rows")" != "$(cat "$tmp/name.rows")" ] &&
	[ "$(cat "$tmp/traced.rows")" != "$(cat "$tmp/pid.rows")" ] &&
	[ "$(cat "$tmp/name.rows")" != "$(cat "$tmp/pid.rows")" ]
ok $? "the orders differ (so each check tells them apart)"
! grep -E 'CRITICAL|WARNING' "$tmp/err" "$tmp/atspi.err" > "$tmp/warn.txt"
ok $? "no GTK warning or critical"
[ -s "$tmp/warn.txt" ] && diag "$(head -5 "$tmp/warn.txt")"
done_testing
