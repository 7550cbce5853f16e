# export.sh - the CTF export of a trace read back by babeltrace2 (sourced
# after tap.sh by tests/host/export.t and tests/guest/45-export.t).
#   ctf_check DIR NAME : export trace DIR/NAME as CTF in DIR/NAME.ctf; it
#     must be read by babeltrace2 without an error or a warning but the
#     discarded events, which add up to our lost count; sink.utils.counter
#     counts our events and the state dump's; tests/lib/ctfcheck.py (bt2)
#     compares every event field by field, tests/lib/commcheck.py the task
#     names of its switches and forks with dump's.  Leaves DIR/NAME.txt (the text).
ctf_check() {
	local tmp=$1 name=$2 out st lost warn T=$TOP/tracevisualizer/tracevisualizer
	$T dump --json "$tmp/$name" >"$tmp/$name.json" 2>/dev/null
	$T dump "$tmp/$name" >"$tmp/$name.dump" 2>/dev/null
	$T summary --json "$tmp/$name" >"$tmp/$name.sum" 2>/dev/null
	out=$($T export --ctf "$tmp/$name.ctf" "$tmp/$name" 2>"$tmp/$name.err")
	ok $? "$name: export --ctf: status 0 ($out)"
	babeltrace2 "$tmp/$name.ctf" >"$tmp/$name.txt" 2>"$tmp/$name.bterr"
	st=$?
	warn=$(grep -v '^WARNING: Tracer discarded [0-9]* events\? between' "$tmp/$name.bterr")
	is "$st:$warn" "0:" "$name: babeltrace2 reads it: status 0, no error or warning but the discarded events"
	lost=$(json "$tmp/$name.sum" "j['lost']['total']")
	is "$(sed -n 's/^WARNING: Tracer discarded \([0-9]*\) event.*/\1/p' "$tmp/$name.bterr" |
		awk '{ s += $1 } END { print s + 0 }')" "$lost" \
		"$name: babeltrace2's discarded events add up to our lost count ($lost)"
	is "$(babeltrace2 "$tmp/$name.ctf" -c sink.utils.counter -p step=+0 2>/dev/null |
		awk '$2 == "Event" { print $1 }')" \
		"$(( $(json "$tmp/$name.sum" "j['events']['total']") + \
		     $(json "$tmp/$name.sum" "sum(1 for p in j['processes'] if p['in_snapshot'])") + 2 ))" \
		"$name: sink.utils.counter: our events, the state dump's processes and its start and end"
	checks < <(/usr/bin/python3 "$TOP/tests/lib/ctfcheck.py" "$tmp/$name.json" "$tmp/$name.sum" \
		"$tmp/$name.ctf" "$name")
	checks < <(/usr/bin/python3 "$TOP/tests/lib/commcheck.py" "$tmp/$name.dump" "$tmp/$name.json" \
		"$tmp/$name.ctf" "$name")
}

# export_tools_or_skip : skip the test file when a reader is missing
export_tools_or_skip() {
	local p
	for p in babeltrace2 tshark capinfos; do
		command -v $p >/dev/null || skip_all "$p missing (scripts/setup-deps installs it)"
	done
	/usr/bin/python3 -c 'import bt2' 2>/dev/null || skip_all "python3-bt2 missing (scripts/setup-deps)"
}
