#!/bin/bash
# A lesson's steps in the terminal analyzer (tracevisualizer tui --lesson,
# issue 35), as a person pages through them in tmux: the pager under the
# views shows the lesson's title, the step and its text; } and { move to the
# next and previous step, whose moment (a time, or the first event matching
# a filter: its time read from dump) becomes the shared cursor, its span
# the window, its rows the highlighted ones (the filter, dimming); past the
# last step it says so. A lesson that names its trace opens without a
# TRACEDIR; a bad lesson file is refused with its line and column.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
kc() { python3 "$TOP/tests/lib/keyscheck.py" "$@"; }
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

python3 tests/lib/gtkwtrace.py 8 > "$tmp/a.desc" && $gen "$tmp/a" < "$tmp/a.desc"
ok $? "a trace written (tests/lib/gtkwtrace.py, 8 rounds)"
cat > "$tmp/t.lesson" <<'L'
# a lesson over the test trace
title: A test lesson
trace: a

step: One
text: The first step: 1 ms into the trace,
text: a window of 200 us.
time: 0.001
span: 200us

step: Two
text: The first fs_close, its task's rows highlighted.
at: type == fs_close
span: 100us
rows: pid == 200
L
close1=$($tv dump --filter 'type == fs_close' "$tmp/a" | sed -n 2p | awk '{print $1}')
close1_ns=$(python3 -c "import sys; s=sys.argv[1].split('.'); print(int(s[0]) * 10**9 + int(s[1]))" "$close1")
ok $? "the first fs_close of the trace: $close1 s"

# the lesson names its trace: no TRACEDIR
tui_start l 120 30 -- --lesson "$tmp/t.lesson"
tui_wait l '^ Lesson: A test lesson -- step 1 of 2: One .*} next  { previous$' >/dev/null &&
	tui_wait l '^ The first step: 1 ms into the trace, a window of 200 us\.$' >/dev/null
okscr l "the pager: the lesson's title, step 1 of 2, its text (a paragraph), the keys"
tui_wait l "^cursor 0\\.001000000  window $(tui_re "$(kc dur 200000)")( |$)" >/dev/null
okscr l "step 1: the cursor at 1 ms, the window 200 us (the lesson's trace opened)"
tui_key l '}' && tui_wait l '^ Lesson: A test lesson -- step 2 of 2: Two ' >/dev/null &&
	tui_wait l "^cursor $(tui_re "$(kc fmt "$close1_ns")")  window $(tui_re "$(kc dur 100000)") .*filter\\(dim\\): pid == 200$" >/dev/null
okscr l "}: step 2: the cursor at the first fs_close ($close1), 100 us, pid 200's rows highlighted"
tui_key l '}' && tui_wait l 'the last step \(2 of 2\): \{ goes back' >/dev/null
okscr l "}: past the last step, said"
tui_key l '{' && tui_wait l '^ Lesson: A test lesson -- step 1 of 2: One ' >/dev/null &&
	tui_wait l "^cursor 0\\.001000000  window $(tui_re "$(kc dur 200000)")$" >/dev/null
okscr l "{: step 1 again, the rows' highlight gone"
tui_key l '{' && tui_wait l 'the first step: \} goes on' >/dev/null
okscr l "{: before the first step, said"
is "$(tui_quit l)" 0 "q: status 0"

# a bad lesson: its line and column; a lesson that does not exist
printf 'title: x\nstep: s\ntext: t\nspan: 5 parsecs\n' > "$tmp/bad.lesson"
$tv tui --lesson "$tmp/bad.lesson" "$tmp/a" > "$tmp/bad.out" 2>&1
is "$?" 2 "a bad lesson file: status 2"
grep -q "bad.lesson:4:7: not a duration" "$tmp/bad.out"
ok $? "and its line and column: $(cat "$tmp/bad.out")"
$tv tui --lesson no-such-lesson "$tmp/a" > "$tmp/none.out" 2>&1
is "$?" 2 "a lesson that does not exist: status 2"
grep -q "no lesson no-such-lesson" "$tmp/none.out"
ok $? "said: $(cat "$tmp/none.out")"
done_testing
