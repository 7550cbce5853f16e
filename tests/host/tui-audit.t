#!/bin/bash
# "tracevisualizer tui --audit DIR" (tui/firings.c; issue 30, "the TUI and
# GTK list the firings and jump to each snapshot's control flow with the
# blamed parties highlighted") in tmux as a person uses it, against
# "audit --json" of the same directory (tests/lib/tuiaudit.py), on the
# hand-built session of tests/host/audit.t (the server's slow futex call
# blamed on the lock holder in fsync, the hog off the path):
#   - 120x30: the firings in order, two lines each (seq, time, latency,
#     rule; the condition's values and the selected blamed parties with
#     their shares, or why it is not analysed), the selected one's code
#     paths under the list ("unavailable" and why: no stacks), its blame
#     ranking and explanation under them;
#   - the session with stacks of audit-blame-paths.t: each code path
#     (its leaf frames, blame in ns and share, on the path, chosen) and
#     the time without a stack as audit --json's; the program moved under
#     a symfs root: one [unknown] path and the warning, and with --symfs
#     the named paths again;
#   - Enter on firing 1: its snapshot in the control flow, the cursor at
#     the instance's start, the window around it, its task selected, the
#     filter of the blamed tasks dimming the others (--top 1: the holder
#     highlighted, the hog and the server dimmed), the explanation in the
#     lesson pane; q back to the list; Enter on the instant firing 2: why
#     not, said; q quits (0);
#   - requests (on request(caller), on request(callee)), at 80x24 and
#     160x40: each one's side and peer on its second line, before its
#     condition, none on a signal's; its side and socket's endpoints as
#     audit says them atop its text and the lesson pane;
#   - bad input: a line of firings.jsonl that is not JSON and a firing
#     whose snapshot is missing: each a line of the list with its error,
#     firing 1 still opens; no firings.jsonl: exit status 1, said; usage
#     errors: --audit without a directory, --top without --audit.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
. "$(dirname "$0")/../lib/auditsession.sh"
. "$(dirname "$0")/../lib/auditstacks.sh"
tui_test
chk="python3 $TOP/tests/lib/tuiaudit.py"
# okscr NAME DESC : ok on the last status; the screen when it failed
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

audit_session "$tmp/s"
ok $? "the session: firing 1 with its snapshot, firing 2 instant"
$tv audit --json "$tmp/s" > "$tmp/s.json" && $tv audit --json --top 1 "$tmp/s" > "$tmp/s1.json"
ok $? "audit --json (--top 10 and --top 1) of the session"

# ---- the list ------------------------------------------------------------------
tui_start a 120 30 -- --audit "$tmp/s"
ok $? "tui --audit DIR at 120x30: the first screen"
tui_screen a > "$tmp/a1"
grep -q "^Audit  $(tui_re "$tmp/s"): 2 firings (audit --top 10)" "$tmp/a1"
okscr a "the title: the directory, 2 firings, --top 10"
checks < <($chk list "$tmp/s.json" "$tmp/a1" 120)
checks < <($chk text "$tmp/s.json" "$tmp/a1" 1)
grep -q '^firing 1/2 ' "$tmp/a1"
okscr a "the status line: firing 1 of 2 selected"
checks < <($chk code "$tmp/s.json" "$tmp/a1" 1 120)

# ---- Enter: the snapshot's control flow ---------------------------------------
rows=$($chk rows "$tmp/s.json" 1)
is "$rows" "pid == 31 || pid == 32 || pid == 30" "the selected blamed tasks of firing 1 (audit --json): the holder, the hog, the server"
tui_key a Enter && tui_wait a "^cursor 0\\.000000090  window 2\\.000 us  filter\\(dim\\): $(tui_re "$rows")\$" >/dev/null
okscr a "Enter: the control flow of snapshot-1, the cursor at the instance's start (90 ns), the whole 2 us trace in the window (3 x 1.42 us centred on the start, clamped), the blamed tasks' filter dimming the others"
tui_screen a > "$tmp/a2"
grep -q '^ Lesson: firing 1: on syscall_exit(futex) if latency > 1us then snapshot -- step 1 of 1' "$tmp/a2"
okscr a "the lesson pane: firing 1 and its rule"
checks < <($chk text "$tmp/s.json" "$tmp/a2" 1)
grep -q '^30 server: syscall futex' "$tmp/a2"
okscr a "the instance's task selected (the info line: 30 server in its futex call)"
tui_key a q && tui_wait a '^Audit  ' >/dev/null
okscr a "q: back to the firings"
tui_key a j Enter && tui_wait a '^firing 2: not analysed: an instant event \(signal_deliver\): no interval to explain$' >/dev/null
okscr a "firing 2, instant: Enter says why it has no control flow to show"
tui_quit a >/dev/null
is "$(cat "$TUI_DIR/a.status")" 0 "q quits, exit status 0"

# ---- the code paths of a trace with stacks (tests/lib/auditstacks.sh) ---------------
audit_stacks_app "$tmp" && audit_stacks_session "$tmp/p" "header format=1.10 samplehz=997 stacks=schedchange,wakeup,sample end=$((end + 1000))" 1
ok $? "the session of audit-blame-paths.t: a request blocked in a read and a futex with their stacks, a sample"
$tv audit --json "$tmp/p" > "$tmp/p.json"
is "$(json "$tmp/p.json" "len(j['firings'][0]['instance']['blame']['code_paths']['paths'])")" 3 \
	"audit --json: its 3 code paths"
tui_start p 120 30 -- --audit "$tmp/p"
ok $? "tui --audit DIR of the session with stacks"
tui_screen p > "$tmp/p1"
checks < <($chk code "$tmp/p.json" "$tmp/p1" 1 120)
tui_quit p >/dev/null
# read away from its machine: the program under a symfs root
mkdir -p "$tmp/root$tmp" && mv "$tmp/app" "$tmp/root$tmp/app" &&
	$tv audit --json "$tmp/p" > "$tmp/pu.json" && $tv audit --json --symfs "$tmp/root" "$tmp/p" > "$tmp/pr.json"
ok $? "the program moved under $tmp/root: audit --json without and with --symfs"
tui_start u 120 30 -- --audit "$tmp/p"
tui_screen u > "$tmp/u1"
grep -q '^[*]  1  *[0-9]* ns  *[0-9.]* %  on the path   \[unknown\];\[unknown\];\[unknown\];\[unknown\]$' "$tmp/u1"
okscr u "without --symfs: one path of [unknown] frames"
checks < <($chk code "$tmp/pu.json" "$tmp/u1" 1 120)
tui_quit u >/dev/null
tui_start r 120 30 -- --audit --symfs "$tmp/root" "$tmp/p"
tui_screen r > "$tmp/r1"
checks < <($chk code "$tmp/pr.json" "$tmp/r1" 1 120)
cmp -s <(grep -A4 '^Code paths' "$tmp/r1") <(grep -A4 '^Code paths' "$tmp/p1")
okscr r "with --symfs: the code paths as with the program at its path"
tui_quit r >/dev/null

# ---- --top 1: the holder highlighted, the others dimmed ------------------------
tui_start t 120 30 -- --audit --top 1 "$tmp/s"
ok $? "tui --audit --top 1"
is "$($chk rows "$tmp/s1.json" 1)" "pid == 31" "--top 1: the holder alone selected (audit --json --top 1)"
tui_key t Enter && tui_wait t 'filter\(dim\): pid == 31$' >/dev/null
okscr t "Enter: the filter of the holder alone"
tui_screen t -e > "$tmp/t.e"
checks < <($chk dim "$tmp/s1.json" "$tmp/t.e" 1)
tui_key t q && tui_wait t '^Audit  ' >/dev/null && tui_quit t >/dev/null

# ---- a firing whose snapshot is incomplete (the disk filled) --------------------
audit_session_incomplete "$tmp/i" "$tmp/s" && $tv audit --json "$tmp/i" > "$tmp/i.json"
ok $? "a session whose firing 1's snapshot is incomplete, and its audit --json"
tui_start i 120 30 -- --audit "$tmp/i"
ok $? "tui --audit of it"
tui_screen i > "$tmp/i1"
grep -q '^      latency = 1420, 1us = 1000  snapshot incomplete: /snap/t-snapshot-1/events: No space left on device (ENOSPC); 2097' "$tmp/i1"
okscr i "firing 1: its snapshot incomplete said on its line, with the error and the bytes not written (cut at 120 columns)"
checks < <($chk list "$tmp/i.json" "$tmp/i1" 120)
tui_quit i >/dev/null

# ---- requests: their side and peer (traced --rules' on request(caller|callee)) ----
audit_session_requests "$tmp/q" "$tmp/s" && $tv audit --json "$tmp/q" > "$tmp/q.json" &&
	$tv audit "$tmp/q" > "$tmp/q.txt"
ok $? "a session whose firing 1 is a request at its caller, 3 one at its callee, 2 a signal"
grep -q '^  request at its caller (10\.0\.1\.1:50854 -> 10\.0\.1\.2:7201) of task 30 ' "$tmp/q.txt" &&
	grep -q '^  request at its callee (10\.0\.1\.2:7201 -> 10\.0\.1\.1:50854) of task 30 ' "$tmp/q.txt"
ok $? "audit says their sides and endpoints" || diag "$(cat "$tmp/q.txt")"
for size in "80 24" "160 40"; do
	set -- $size
	tui_start q$1 $1 $2 -- --audit "$tmp/q"
	ok $? "tui --audit of it at $1x$2"
	tui_screen q$1 > "$tmp/q$1"
	checks < <($chk list "$tmp/q.json" "$tmp/q$1" $1)
	is "$(sed -n 4p "$tmp/q$1" | cut -c1-60)" \
		"      caller, peer 10.0.1.2:7201  latency = 1420, 1us = 1000" \
		"$1x$2: firing 1's second line: at its caller, its peer, then its condition"
	is "$(sed -n 8p "$tmp/q$1" | cut -c1-61)" \
		"      callee, peer 10.0.1.1:50854  latency = 1420, 1us = 1000" \
		"$1x$2: firing 3's: at its callee, its peer"
	sed -n 5,6p "$tmp/q$1" | grep -q 'caller\|callee\|peer\|10\.0\.1'
	is $? 1 "$1x$2: nothing of the kind in the signal's lines" || diag "$(cat "$tmp/q$1")"
	grep -q '^request at its caller (10\.0\.1\.1:50854 -> 10\.0\.1\.2:7201) of task 30 server' "$tmp/q$1"
	okscr q$1 "$1x$2: firing 1's text: its side and endpoints as audit says them"
	tui_key q$1 j && tui_wait q$1 '^firing 2: signal_deliver of task 31 locker: not analysed in ' >/dev/null
	okscr q$1 "$1x$2: firing 2's text: a signal, no side"
	tui_key q$1 j && tui_wait q$1 '^request at its callee \(10\.0\.1\.2:7201 -> 10\.0\.1\.1:50854\) of task 30 server' >/dev/null
	okscr q$1 "$1x$2: firing 3's text: at its callee, its endpoints"
	tui_key q$1 Enter && tui_wait q$1 '^ request at its callee \(10\.0\.1\.2:7201 -> 10\.0\.1\.1:50854\) of task 30 server' >/dev/null
	okscr q$1 "$1x$2: Enter: the same in the lesson pane of the control flow"
	tui_key q$1 q && tui_wait q$1 '^Audit  ' >/dev/null && tui_quit q$1 >/dev/null
done

# ---- bad input ---------------------------------------------------------------
audit_session_bad "$tmp/b" "$tmp/s"
tui_start b 120 30 -- --audit "$tmp/b"
ok $? "a session with a line that is not JSON and a firing whose snapshot is missing: the list opens"
tui_screen b > "$tmp/b1"
grep -q "^   -  ERROR: $(tui_re "$tmp/b")/firings.jsonl: line 4 is not a JSON object$" "$tmp/b1"
okscr b "the bad line: a line of the list with its error, its number"
grep -q "^      latency = 1420, 1us = 1000  ERROR: $(tui_re "$tmp/b")/snapshot-4/header: cannot open: No such file or directory$" "$tmp/b1"
okscr b "firing 4: its missing snapshot said on its line"
grep -q '^   4  1\.000001510         1\.420 us  on syscall_exit(futex)' "$tmp/b1" &&
	grep -q '^      latency = 1420, 1us = 1000  blamed: task 31 locker 70\.4 %, task 32 hog 27\.9 %, task 30 server 1\.4 %$' "$tmp/b1"
okscr b "firing 1 listed whole, after it the instant firing 2, the bad line and firing 4"
tui_key b j j j Enter && tui_wait b '^cannot open it: .*snapshot-4/header: cannot open' >/dev/null
okscr b "Enter on firing 4: it cannot be opened, said"
tui_key b k k k Enter && tui_wait b "filter\\(dim\\): $(tui_re "$rows")\$" >/dev/null
okscr b "firing 1 still opens in the control flow"
tui_key b q && tui_wait b '^Audit  ' >/dev/null && tui_quit b >/dev/null
is "$(cat "$TUI_DIR/b.status")" 0 "and q quits, exit status 0"

TERM=dumb timeout 10 $TUI_PROG tui --audit "$tmp/none" < /dev/null > /dev/null 2> "$tmp/none.err"
is "$?" 1 "no firings.jsonl: exit status 1"
grep -q 'none/firings.jsonl: No such file or directory' "$tmp/none.err"
ok $? "... said"
TERM=dumb timeout 10 $TUI_PROG tui --audit < /dev/null > /dev/null 2> "$tmp/usage.err"
is "$?" 2 "tui --audit without a directory: a usage error"
TERM=dumb timeout 10 $TUI_PROG tui --top 2 "$tmp/s" < /dev/null > /dev/null 2> "$tmp/usage.err"
is "$?" 2 "tui --top without --audit: a usage error"
grep -q 'tui: --top goes with --audit' "$tmp/usage.err"
ok $? "... said"

done_testing
