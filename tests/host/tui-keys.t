#!/bin/bash
# The keymap (lttr/view/keys.h, issue 36 item 12) in the terminal
# analyzer, as a person uses it: in tmux at 120x24, every key that the
# keymap binds in both front ends is pressed and its effect read on the
# screen (the status line's cursor, window and markers, the info line's
# row, the page shown), against values from the command line on the same
# trace (tests/lib/gtkwtrace.py, the one tests/host/gtk-keys.t acts on in
# the window): the same key, the same effect; Enter in tui --audit's
# firings on the session of tests/lib/auditsession.sh. A key of the table without
# a case here fails the test.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
kc() { python3 "$TOP/tests/lib/keyscheck.py" "$@"; }
# okscr NAME DESC : ok on the status of the last command; when it failed,
# the screen of session NAME as the check last saw it
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

python3 tests/lib/gtkwtrace.py 8 > "$tmp/a.desc" && $gen "$tmp/a" < "$tmp/a.desc" &&
	$tv check "$tmp/a" > /dev/null
ok $? "the trace of the window's tests written (8 rounds), and it conserves time"
make -s -C tracevisualizer build/utest/test-keys >/dev/null &&
	tracevisualizer/build/utest/test-keys --markdown > "$tmp/keymap.md" &&
	kc both "$tmp/keymap.md" > "$tmp/both.txt" && [ -s "$tmp/both.txt" ]
ok $? "the keys bound in both front ends, from the library's table: $(tr '\n' ' ' < "$tmp/both.txt")"

tested=" "
# the key KEY was pressed and did what it does (then marked tested)
done_key() { tested="$tested$1 "; }
# st REGEX [DESC KEY] : the status line matches REGEX (polled)
st() { tui_wait k "^$1" >/dev/null; }
# cur NS [SPAN] : the status line's cursor (and window) as the library formats them
cur() { if [ -n "$2" ]; then st "cursor $(tui_re "$(kc fmt "$1")")  window $(tui_re "$(kc dur "$2")")( |$)"; else st "cursor $(tui_re "$(kc fmt "$1")") "; fi; }
# okkey KEY DESC : ok on the last status; the key tested when it passed
okkey() { local s=$?; (exit $s); okscr k "$1: $2" && done_key "$1"; return 0; }
info() { tui_screen k | sed -n '23p'; }

tui_start k 120 24 -- "$tmp/a"
ok $? "the TUI starts on it (120x24: 91 columns of graph)"
END=17000000

# --- the views ---------------------------------------------------------------
declare -A head=([1]='^    pid task ' [2]='^resource ' [3]='^ +pid\^ name ' [4]='^syscall\^ '
	[6]='^ +time cpu +pid task' [7]='No messages between processes' [8]='^kind: ')
for v in 2 3 4 6 7 8 1; do
	tui_key k "$v" && tui_wait k "${head[$v]}" >/dev/null
	okkey "$v" "view $v shown (its header)"
done
tui_key k '?' && tui_wait k '^Views$' >/dev/null && tui_wait k '^  1 +view 1: control flow' >/dev/null
okkey '?' "the help page, listing the keymap"
tui_key k Escape && tui_wait_gone k '^Views$' >/dev/null

# --- markers, the selection, the window ------------------------------------
# A at 1 ms, B at 1.91 ms: z shows 910 us over 91 columns, 10 us each
tui_input k g 0.001 && tui_key k m && st "cursor 0\\.001000000 .* A 0\\.001000000"
okkey m "marker A at the cursor (1 ms)"
tui_input k g 0.00191 && tui_key k M && st "cursor 0\\.001910000 .* A 0\\.001000000  B 0\\.001910000  B-A $(tui_re "$(kc dur 910000)")"
okkey M "marker B at the cursor (1.91 ms), B-A"
tui_key k z && cur 1910000 910000
okkey z "zoom to the selection: markers A-B, 910 us"
tui_key k , && cur 1000000 910000
okkey , "the previous marker: A"
tui_key k . && cur 1910000 910000
okkey . "the next marker: B"
tui_key k , && tui_key k l && cur 1010000 910000
okkey l "one column forward: 10 us"
tui_key k L && cur 1110000 910000
okkey L "ten columns forward: 100 us"
tui_key k h && cur 1100000 910000
okkey h "one column back"
tui_key k H && cur 1000000 910000
okkey H "ten columns back"
# zoom at the cursor (at the window's start: it stays there), pan a quarter
for k in w + =; do
	tui_key k "$k" && cur 1000000 455000 && tui_key k s && cur 1000000 910000
	okkey "$k" "zoom in at the cursor: 455 us from 1 ms (and s back to 910 us)"
done
done_key s
tui_key k - && cur 1000000 1820000
okkey - "zoom out at the cursor: 1.82 ms"
tui_key k d && cur 1000000 1820000 && tui_wait k '0\.001455000-' >/dev/null
okkey d "pan right by a quarter: the ruler from 1.455 ms"
tui_key k a && cur 1000000 1820000 && tui_wait k '^ +pid task +A-' >/dev/null
okkey a "pan left by a quarter: from 1 ms (marker A) again"
tui_key k 0 && cur 1000000 $END
okkey 0 "the whole trace: 17 ms"
tui_xkey k end && cur $END $END
okkey End "the cursor at the trace's end"
tui_xkey k home && cur 0 $END
okkey Home "the cursor at the trace's start"

# --- rows: the client's (200) state changes and events ----------------------
for i in $(seq 1 8); do [[ $(info) =~ ^200\ client: ]] && break; tui_key k j; done
[[ $(info) =~ ^200\ client: ]]
ok $? "j until the client's row is selected (the info line: $(info | cut -c1-40))"
tui_key k j && ! [[ $(info) =~ ^200\ client: ]] && tui_key k Down && tui_key k k && tui_key k Up &&
	[[ $(info) =~ ^200\ client: ]]
okscr k "j Down k Up: the next rows, then back to the client's" && done_key j && done_key k &&
	done_key Down && done_key Up
kc changes "$tmp/a" 200 > "$tmp/ch.txt"
c1=$(awk '$1 > 1000000' "$tmp/ch.txt" | head -1)
c2=$(awk '$1 > 1000000' "$tmp/ch.txt" | sed -n 2p)
tui_input k g 0.001 && tui_key k Right && cur "$c1"
okkey Right "the client's next state change after 1 ms ($c1 ns, dump --json)"
tui_key k Right && tui_key k Left && cur "$c1"
okkey Left "Right again, then Left: back to $c1 ns"
kc events "$tmp/a" 200 > "$tmp/ev.txt"
e1=$(awk -v c="$c1" '$1 > c' "$tmp/ev.txt" | head -1)
tui_key k ']' && cur "$e1"
okkey ']' "the client's next event after $c1 ns ($e1 ns)"
tui_key k '[' && cur "$c1"
okkey '[' "its previous event: $c1 ns"
tui_key k A && tui_wait k 'only the rows that ran or changed in the window' >/dev/null &&
	tui_key k A && tui_wait k 'every row' >/dev/null
okkey A "only the active rows, then every row"
tui_key k P && tui_wait k 'rows by pid' >/dev/null && tui_key k P &&
	tui_wait k 'the traced command first, then the busiest' >/dev/null
okkey P "rows by pid, then the first screen's order"
# this trace has no kernel thread: no group row (first-screen.t opens one)
tui_key k i && tui_wait k 'no idle kernel threads in this trace' >/dev/null
okkey i "the group of the idle kernel threads: none in this trace, says so"
tui_key k C && tui_wait k '^Critical path of 200 client' >/dev/null && tui_key k Escape
okkey C "the critical path of the selected task (200 client)"
tui_key k S && tui_wait k '^Off-CPU stacks of ' >/dev/null && tui_key k Escape
okkey S "the call stacks page of A-B, else the window (this trace has none)"
tui_key k J && tui_wait k '^No jobs: the trace has no begin/end markers' >/dev/null &&
	tui_wait k '^cpu0 +\|' >/dev/null && tui_key k Escape
okkey J "the jobs page: no markers in this trace, said; its CPU load (tests/host/tui-jobs.t: a trace with jobs)"

# --- search, filter, bookmarks ---------------------------------------------
open1=$($tv dump --filter 'type == fs_open' "$tmp/a" | sed -n 2p | awk '{print $1}')
tui_xkey k home && tui_input k / 'type == fs_open' && tui_wait k "match $(tui_re "$open1") cpu 0 pid 200" >/dev/null
okkey / "search: the first fs_open ($open1)"
close1=$($tv dump --filter 'type == fs_close' "$tmp/a" | sed -n 2p | awk '{print $1}')
tui_xkey k home && tui_input k C-f 'type == fs_close' && tui_wait k "match $(tui_re "$close1") cpu 0 pid 200" >/dev/null
okkey Ctrl+F "search: the first fs_close ($close1)"
tui_input k f 'pid == 200' && tui_wait k 'filter set' >/dev/null && st 'cursor .*filter\(dim\): pid == 200$' &&
	tui_send k f C-u Enter && tui_wait k 'no filter' >/dev/null
okkey f "a filter set, then none"
tui_input k b 'k1' && tui_wait k "bookmark \"k1\" at $(tui_re "$close1") saved" >/dev/null
okkey b "a bookmark at the cursor"
tui_key k B && tui_wait k '^Bookmarks  \(Enter' >/dev/null && tui_wait k 'k1$' >/dev/null && tui_key k Escape
okkey B "the bookmarks page lists it"

# --- the predicate bar (tests/host/predbar.t checks it in full) -----------
pred='type == "fs_open"'
$tv replay --json --hits "$pred" "$tmp/a" > "$tmp/hits.json"
np=$(json "$tmp/hits.json" 'len(j["hits"])')
hit() { json "$tmp/hits.json" "'%d.%09d #%d' % (j['hits'][$1]['rel_ns'] // 10**9, j['hits'][$1]['rel_ns'] % 10**9, j['hits'][$1]['event'])"; }
h1=$(hit 0) h2=$(hit 1)
tui_xkey k home && tui_input k p "$pred" && tui_wait k "^predicate: $np hits: " >/dev/null
okkey p "the predicate bar: '$pred', its $np hits (replay --hits)"
tui_key k ')' && tui_wait k "^hit 1/$np at $(tui_re "$h1"): " >/dev/null && st "cursor $(tui_re "${h1% *}") "
okkey ')' "the next hit: the first ($h1)"
tui_key k ')' && tui_wait k "^hit 2/$np at $(tui_re "$h2"): " >/dev/null &&
	tui_key k '(' && tui_wait k "^hit 1/$np at $(tui_re "$h1"): " >/dev/null && st "cursor $(tui_re "${h1% *}") "
okkey '(' "the previous hit: the second, then back to the first"

# --- a lesson's steps: without a lesson, said (tests/host/tui-lesson.t pages one)
for k in '}' '{'; do
	tui_key k "$k" && tui_wait k 'no lesson: tracevisualizer tui --lesson' >/dev/null
	okkey "$k" "the lesson's $([ "$k" = '}' ] && echo next || echo previous) step: no lesson here, said"
done

# --- Enter in the firings of an audit: the selected one's snapshot in the
# control flow (tests/host/tui-audit.t reads the screens against audit --json)
. "$TOP/tests/lib/auditsession.sh"
audit_session "$tmp/au" && tui_start f 120 30 -- --audit "$tmp/au" &&
	tui_key f Enter &&
	tui_wait f '^cursor 0\.000000090  window 2\.000 us  filter\(dim\): pid == 31 \|\| pid == 32 \|\| pid == 30$' >/dev/null
okscr f "Enter: tui --audit's firing 1 in the control flow, its blamed tasks highlighted" && done_key Enter
tui_key f q && tui_wait f '^Audit  ' >/dev/null && tui_quit f >/dev/null
# --- the live screen's own key (tui --live DIR; tests/host/tui-live.t follows a
# trace being written): End follows the present again after PgUp left it
tui_start lv 120 24 -- --live "$tmp/a" && tui_wait lv '^following  newest ' >/dev/null &&
	tui_key lv PPage && tui_wait lv '^paused \(End: follow\)' >/dev/null &&
	tui_xkey lv end && tui_wait lv '^following  newest ' >/dev/null
okscr lv "End in tui --live: following the present again after PgUp (the keymap's live-follow)"
is "$(tui_quit lv)" 0 "tui --live: q, status 0"

# --- the vital signs' timescale (tui --vitals DIR; tests/host/tui-vitals.t
# reads its screens): t, by 5 minutes
python3 "$TOP/tests/lib/vitalsgen.py" --series "$tmp/vit" &&
	tui_start vt 120 24 -- --vitals "$tmp/vit" && tui_wait vt ' by epoch  trace: none$' >/dev/null &&
	tui_key vt t && tui_wait vt ' by 5 min  trace: none$' >/dev/null
okscr vt "t in tui --vitals: the columns by 5 minutes (the keymap's vitals-timescale)" && done_key t
is "$(tui_quit vt)" 0 "tui --vitals: q, status 0"

# every key of both front ends was pressed here
missing=
while read -r key; do
	[[ $tested == *" $key "* ]] || missing="$missing $key"
done < "$tmp/both.txt"
[ -z "$missing" ]
ok $? "every key of the keymap bound in both front ends was tested here${missing:+; not:$missing}"
is "$(tui_quit k)" 0 "q: status 0"
done_testing
