#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tracevisualizer-gtk --symfs DIR (issues 28 and 30: "a trace opened away
# from the guest resolves through a --symfs DIR as perf does"): the
# window names the frames of the stacks it shows from the ELF files under
# DIR exactly as "tracevisualizer stacks --symfs DIR" and "audit --symfs
# DIR" do, and without --symfs shows them [unknown] as those commands do.
#   - the trace of tests/lib/stacktrace.sh: its kallsyms and maps (the
#     trace's own record of the kernel and of the mappings, as traced
#     writes them) in the trace directory; the program mapped at /bin/app
#     absent from this machine's /bin, built under $tmp/root/bin/app;
#   - the Flame graph tab (--view flame --dump-flame, and its pixels,
#     tests/lib/gtkflame.py shot): with --symfs its boxes are those of
#     "stacks --kind offcpu --symfs DIR --json" (main, serve, wait_request,
#     do_read named), without it those of "stacks --json" ([unknown]);
#   - the control flow's tooltip over the server's block and the events
#     list's details of its switch-out (tests/lib/gtksymfs.py drive,
#     AT-SPI): the folded stack as stacks --symfs names it, and without
#     --symfs the same with [unknown] user frames;
#   - --audit DIR of the session with stacks of tests/lib/auditstacks.sh,
#     its program moved under a symfs root: the code paths of firing 1
#     as "audit --json --symfs DIR" gives them (tests/lib/gtkaudit.py
#     code), and without --symfs as "audit --json" ([unknown], the
#     warning);
#   - a --symfs that does not exist, or is a file: exit status 1 and the
#     message of "stacks --symfs", without a display; --symfs without its
#     directory: a usage error, status 2.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
tvb=$TOP/tracevisualizer/build/tracevisualizer
export PYTHONPATH=$TOP/tests/lib
screen="-screen 0 1280x1000x24"
. "$TOP/tests/lib/stacktrace.sh"
[ ! -e /bin/app ]
ok $? "/bin/app is not on this machine: the trace is read away from its system"
unk='[unknown];[unknown];[unknown];[unknown];pipe_read+0x20;schedule+0x10'

# ---- the flame graph -----------------------------------------------------------
$tvb stacks --kind offcpu --symfs "$tmp/root" --json "$tmp/t" >"$tmp/sym.json" 2>/dev/null &&
	$tvb stacks --kind offcpu --json "$tmp/t" >"$tmp/unk.json" 2>/dev/null
ok $? "stacks --kind offcpu --json, with and without --symfs"
is "$(json "$tmp/sym.json" "[l['folded'] for l in j['stacks']['lines'] if l['folded'] != '[no stack]']")" \
	"[\"$blocked\"]" "stacks --symfs names the user frames"
is "$(json "$tmp/unk.json" "[l['folded'] for l in j['stacks']['lines'] if l['folded'] != '[no stack]']")" \
	"[\"$unk\"]" "stacks without --symfs: they are [unknown]"
for s in sym unk; do
	opt=(); [ $s = sym ] && opt=(--symfs "$tmp/root")
	timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1000 --view flame "${opt[@]}" \
		--screenshot "$tmp/$s.png" --dump-flame "$tmp/$s-dump.json" "$tmp/t" 2>"$tmp/$s.err"
	ok $? "a screenshot of the Flame graph tab ${opt[*]:-without --symfs}" || diag "$(cat "$tmp/$s.err")"
	no_gtk_warnings "$tmp/$s.err"
	checks < <($PY tests/lib/gtkflame.py shot "$tmp/$s.png" "$tmp/$s-dump.json" "$tmp/$s.json")
done
is "$(json "$tmp/sym-dump.json" "';'.join(b['name'] for b in j['boxes'][1:])")" "$blocked" \
	"with --symfs: the boxes drawn are main, serve, wait_request, do_read (then the kernel's)"
is "$(json "$tmp/unk-dump.json" "';'.join(b['name'] for b in j['boxes'][1:])")" "$unk" \
	"without --symfs: [unknown] user frames, as stacks prints them"

# ---- the control flow's tooltip, the events list's details ----------------------
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1000 --screenshot "$tmp/flow.png" \
	--dump-cells "$tmp/cells.json" "$tmp/t" 2>"$tmp/flow.err"
ok $? "a screenshot of the control flow, and where its rows are"
drive() {	# each run as the first: no session.json left by the one before (its selection)
	rm -f "$tmp/t/session.json"
	timeout 180 dbus-run-session -- xvfb-run -a -s "$screen" \
		$PY "$TOP/tests/lib/gtksymfs.py" drive "$gtk" "$tmp/t" "$tmp" "$tmp/cells.json" "$@" \
		2>>"$tmp/atspi.err" | grep -v '^SpiRegistry daemon'
}
checks < <(drive "$blocked" --symfs "$tmp/root")
checks < <(drive "$unk")

# ---- the firings' code paths ----------------------------------------------------
. "$TOP/tests/lib/auditstacks.sh"
mkdir "$tmp/a"
audit_stacks_app "$tmp/a" &&
	audit_stacks_session "$tmp/a/p" "header format=1.10 samplehz=997 stacks=schedchange,wakeup,sample end=$((end + 1000))" 1 &&
	$tv audit --json "$tmp/a/p" > "$tmp/a/p.json"
ok $? "the audit session with stacks, its program at its path, and its audit --json"
mkdir -p "$tmp/a/root$tmp/a" && mv "$tmp/a/app" "$tmp/a/root$tmp/a/app" &&
	$tv audit --json "$tmp/a/p" > "$tmp/a/pu.json" &&
	$tv audit --json --symfs "$tmp/a/root" "$tmp/a/p" > "$tmp/a/pr.json"
ok $? "the program moved under $tmp/a/root: audit --json without and with --symfs"
is "$(json "$tmp/a/pr.json" "j['firings'][0]['instance']")" "$(json "$tmp/a/p.json" "j['firings'][0]['instance']")" \
	"audit --symfs: the instance as read with the program at its path"
is "$(json "$tmp/a/pu.json" "[p['path'] for p in j['firings'][0]['instance']['blame']['code_paths']['paths']]")" \
	'["[unknown];[unknown];[unknown];[unknown]"]' "audit without --symfs: one [unknown] path"
runa() {
	(cd "$tmp" && timeout 180 dbus-run-session -- xvfb-run -a -s "$screen" \
		$PY "$TOP/tests/lib/gtkaudit.py" code "$gtk" "$@" 2>> "$tmp/atspi.err" |
		grep -v '^SpiRegistry daemon')
}
checks < <(runa "$tmp/a/p" "$tmp/a/pr.json" "$tmp/code-symfs.png" --symfs "$tmp/a/root")
checks < <(runa "$tmp/a/p" "$tmp/a/pu.json" "$tmp/code-unknown.png")
no_gtk_warnings "$tmp/atspi.err" "$tmp/symfs-drive.log"
if [ -n "$GTK_SYMFS_KEEP" ]; then cp "$tmp"/*.png "$GTK_SYMFS_KEEP"/; fi

# ---- a --symfs that is not a directory ------------------------------------------
for bad in "$tmp/nothere" "$tmp/app.c"; do
	$tvb stacks --kind offcpu --symfs "$bad" "$tmp/t" >/dev/null 2>"$tmp/cli.err"
	cst=$?
	DISPLAY= "$gtk" --symfs "$bad" --screenshot "$tmp/x.png" "$tmp/t" >"$tmp/out" 2>"$tmp/err"
	is "$?:$(cat "$tmp/err")" "$cst:$(sed 's/^tracevisualizer:/tracevisualizer-gtk:/' "$tmp/cli.err")" \
		"--symfs $bad: exit status and message of stacks --symfs ($cst: $(cat "$tmp/cli.err"))"
	[ ! -e "$tmp/x.png" ] && [ ! -s "$tmp/out" ]
	ok $? "... nothing drawn, nothing printed"
	DISPLAY= "$gtk" --symfs "$bad" --audit "$tmp/a/p" 2>"$tmp/err"
	is "$?:$(cat "$tmp/err")" "1:tracevisualizer-gtk: ${cli_err:=$(sed 's/^tracevisualizer: //' "$tmp/cli.err")}" \
		"... with --audit DIR too"
	unset cli_err
done
is "$(head -c 23 "$tmp/cli.err")" "tracevisualizer: --symf" "(stacks says it)"
"$gtk" "$tmp/t" --symfs 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err")" "2:tracevisualizer-gtk: --symfs needs a directory" \
	"--symfs without its directory: a usage error"
done_testing
