# auditsession.sh - sourced after tap.sh: a traced --rules session built by
# hand (the session of tests/host/audit.t: scenario L of utest/test-blame.c
# as the snapshot of a firing), for the front ends' tests of an audit
# (tests/host/tui-audit.t, gtk-audit.t, tui-keys.t, gtk-keys.t).
#
# audit_session DIR : DIR/snapshot-1, the snapshot of firing 1 (the
#	server's futex call, 1420 ns, slow because the lock holder did an
#	fsync while a hog held the server's CPU), firing 2 (an instant
#	signal, no snapshot: read in DIR, a copy of the snapshot) and its
#	notify line in DIR/firings.jsonl; $gen is the trace generator
# audit_session_bad DIR SRC : a copy of session SRC with a line that is
#	not JSON (line 4) and a firing 4 whose snapshot is missing
# audit_session_requests DIR SRC : a copy of session SRC whose firing 1 is
#	a request at its caller (10.0.1.1:50854 -> 10.0.1.2:7201), firing 2
#	the instant signal, and a firing 3 (firing 1's instance again) a
#	request at its callee (10.0.1.2:7201 -> 10.0.1.1:50854), as traced
#	--rules writes them for on request(caller) and on request(callee)
#	(docs/triggers.md)
audit_session() {
	local d=$1
	mkdir -p "$d" || return 1
	$gen "$d/snapshot-1" <<'DESC' || return 1
header ncpus=2 end=1000002000
proc PID: 30; PPID: 1; TGID: 30; NAME: server
proc PID: 31; PPID: 1; TGID: 30; NAME: locker
proc PID: 32; PPID: 1; TGID: 32; NAME: hog
buf cpu=0 start=1000000000 pid=30
1000000000 start 30 0
1000000090 syscall_entry 202
1000000100 sched 30 32 1
1000001500 sched 32 30 0
1000001510 syscall_exit 202 0
buf cpu=1 start=1000000000 pid=31
1000000000 start 31 1
1000000050 syscall_entry 74
1000000060 sched 31 0 1
1000001050 irq_entry 14 0
1000001060 wakeup 31 1 0
1000001070 irq_exit 14 0
1000001080 sched 0 31 0
1000001090 syscall_exit 74 0
1000001100 syscall_entry 202
1000001110 wakeup 30 0 0
1000001120 syscall_exit 202 1
1000001125 syscall_entry 35
1000001130 sched 31 0 1
DESC
	cat > "$d/firings.jsonl" <<'EOF2'
{"seq":1,"rule":0,"line":1,"text":"on syscall_exit(futex) if latency > 1us then snapshot","time_ns":1000001510,"start_ns":1000000090,"type":"syscall_exit","pid":30,"cpu":0,"comm":"server","key":"","values":[{"expr":"latency","value":1420},{"expr":"1us","value":1000}],"window_truncated":false,"suppressed_before":0,"actions":["snapshot"],"snapshot":{"dir":"snapshot-1","complete":true,"buffers":2,"dropped_events":0}}
{"seq":2,"rule":1,"line":2,"text":"on signal if sig == SIGSEGV then notify cat","time_ns":1000001900,"start_ns":1000001900,"type":"signal_deliver","pid":31,"cpu":1,"comm":"locker","key":"","values":[{"expr":"sig","value":11}],"window_truncated":false,"suppressed_before":3,"actions":["notify"],"snapshot":null}
{"notify":2,"killed":false,"exit":0}
EOF2
	cp -r "$d/snapshot-1/." "$d/"
}

audit_session_bad() {
	mkdir -p "$1" && cp -r "$2/." "$1/" || return 1
	printf '{"seq":3,"bogus\n' >> "$1/firings.jsonl"
	head -1 "$2/firings.jsonl" | sed 's/"seq":1/"seq":4/; s/snapshot-1/snapshot-4/' >> "$1/firings.jsonl"
}

audit_session_requests() {
	local req='"type":"request","side":"%s","local":"%s","peer":"%s"'
	mkdir -p "$1" && cp -r "$2/." "$1/" || return 1
	{
		head -1 "$2/firings.jsonl" | sed "s/on syscall_exit(futex)/on request(caller)/; s/\"type\":\"syscall_exit\"/$(printf "$req" caller 10.0.1.1:50854 10.0.1.2:7201)/"
		sed -n '2,3p' "$2/firings.jsonl"
		head -1 "$2/firings.jsonl" | sed "s/\"seq\":1,\"rule\":0,\"line\":1/\"seq\":3,\"rule\":2,\"line\":3/; s/on syscall_exit(futex)/on request(callee)/; s/\"type\":\"syscall_exit\"/$(printf "$req" callee 10.0.1.2:7201 10.0.1.1:50854)/"
	} > "$1/firings.jsonl"
	[ "$(grep -c '"side"' "$1/firings.jsonl")" = 2 ]
}

# audit_session_incomplete DIR SESSION : a copy of SESSION whose firing 1's
#	snapshot is said incomplete, as traced --snapshot-dir writes it when
#	the disk filled (its two buffers were written: it reads whole)
audit_session_incomplete() {
	mkdir -p "$1" && cp -r "$2/." "$1/" || return 1
	sed -i '1s|"snapshot":{"dir":"snapshot-1","complete":true,"buffers":2,"dropped_events":0}|"snapshot":{"dir":"snapshot-1","complete":false,"buffers":2,"dropped_events":131048,"dropped_bytes":2097152,"error":"/snap/t-snapshot-1/events: No space left on device (ENOSPC)"}|' "$1/firings.jsonl" &&
		grep -q '"complete":false' "$1/firings.jsonl"
}
