#!/bin/bash
# tracevisualizer-gtk's Firings window (gtk/firings.c; issue 30, "the TUI
# and GTK list the firings and jump to each snapshot's control flow with
# the blamed parties highlighted") as a person uses it, under Xvfb through
# AT-SPI and the screen's pixels, against "audit --json" of the same
# directory (tests/lib/gtkaudit.py), on the hand-built session of
# tests/host/audit.t (tests/lib/auditsession.sh):
#   - --audit DIR: the firings in order, a row each (number, time,
#     latency, a request's side and peer, rule, condition's values, the selected blamed parties with
#     their shares), the first one's blame ranking and explanation below;
#     Enter: its snapshot in a tab of the main window, the cursor at the
#     instance's start, the blamed tasks' filter dimming the others, the
#     same text in the lesson panel; Enter on the instant firing 2: why
#     not, said;
#   - the code paths of the selected firing below the list, as audit
#     --json's: "unavailable" and why, no row (no stacks); the session of
#     audit-blame-paths.t with stacks: a row per path (leaf frames, blame
#     in ns, share, on the path, chosen), the time without a stack above;
#     its program gone: one [unknown] path and the warning; text drawn in
#     the list's body exactly when it has rows (the screen's pixels);
#   - requests (on request(caller), on request(callee)): in the column
#     "request (side, peer)" each one's side and peer, the signal's cell
#     empty; its side and socket's endpoints as audit says them atop its
#     text below the list and in the lesson panel;
#   - --top 1 (the holder alone selected): its control flow paler than
#     --top 10's, where all three tasks are highlighted;
#   - bad input: a line that is not JSON, a missing snapshot: each a row
#     with its error, firing 1 still opens; no firings.jsonl: a dialog,
#     exit status 1; --top without --audit: a usage error.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
. "$(dirname "$0")/../lib/auditsession.sh"
. "$(dirname "$0")/../lib/auditstacks.sh"
gtk_tmp
audit_session "$tmp/s"
ok $? "the session: firing 1 with its snapshot, firing 2 instant"
$tv audit --json "$tmp/s" > "$tmp/s.json" && $tv audit --json --top 1 "$tmp/s" > "$tmp/s1.json"
ok $? "audit --json (--top 10 and --top 1) of the session"
audit_session_bad "$tmp/b" "$tmp/s"
ok $? "a copy with a line that is not JSON and a firing whose snapshot is missing"

run() {
	(cd "$tmp" && timeout 180 dbus-run-session -- xvfb-run -a -s "$screen" \
		$PY "$TOP/tests/lib/gtkaudit.py" "$@" 2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
}
checks < <(run window "$gtk" "$tmp/s" "$tmp/s.json" "$tmp/g10.png" 10)
checks < <(run window "$gtk" "$tmp/s" "$tmp/s1.json" "$tmp/g1.png" 1)
checks < <($PY tests/lib/gtkaudit.py paler "$tmp/g10.png" "$tmp/g1.png")
checks < <(run bad "$gtk" "$tmp/b")
audit_session_requests "$tmp/q" "$tmp/s" && $tv audit --json "$tmp/q" > "$tmp/q.json"
ok $? "a session whose firing 1 is a request at its caller, 3 one at its callee, 2 a signal"
checks < <(run requests "$gtk" "$tmp/q" "$tmp/q.json" "$tmp/requests.png")
if [ -n "$GTK_AUDIT_KEEP" ]; then cp "$tmp/requests.png" "$GTK_AUDIT_KEEP"/; fi
audit_session_incomplete "$tmp/i" "$tmp/s" && $tv audit --json "$tmp/i" > "$tmp/i.json"
ok $? "a session whose firing 1's snapshot is incomplete, and its audit --json"
checks < <(run window "$gtk" "$tmp/i" "$tmp/i.json" "$tmp/gi.png" 10)

# the code paths below the list: unavailable without stacks; the session of
# audit-blame-paths.t with stacks (tests/lib/auditstacks.sh); its program gone
checks < <(run code "$gtk" "$tmp/s" "$tmp/s.json" "$tmp/code-none.png")
audit_stacks_app "$tmp" && audit_stacks_session "$tmp/p" "header format=1.10 samplehz=997 stacks=schedchange,wakeup,sample end=$((end + 1000))" 1 &&
	$tv audit --json "$tmp/p" > "$tmp/p.json"
ok $? "the session with stacks and its audit --json"
is "$(json "$tmp/p.json" "len(j['firings'][0]['instance']['blame']['code_paths']['paths'])")" 3 "... 3 code paths"
checks < <(run code "$gtk" "$tmp/p" "$tmp/p.json" "$tmp/code.png")
mv "$tmp/app" "$tmp/app.gone" && $tv audit --json "$tmp/p" > "$tmp/u.json"
is "$(json "$tmp/u.json" "[p['path'] for p in j['firings'][0]['instance']['blame']['code_paths']['paths']]")" \
	'["[unknown];[unknown];[unknown];[unknown]"]' "the program gone: audit --json has one [unknown] path"
checks < <(run code "$gtk" "$tmp/p" "$tmp/u.json" "$tmp/code-unknown.png")
if [ -n "$GTK_AUDIT_KEEP" ]; then cp "$tmp"/code*.png "$GTK_AUDIT_KEEP"/; fi

timeout 60 xvfb-run -a -s "$screen" "$gtk" --audit "$tmp/none" --screenshot "$tmp/x.png" "$tmp/s" \
	2> "$tmp/err"
is $? 1 "--audit of a directory without firings.jsonl: exit status 1"
grep -q 'none/firings.jsonl: No such file or directory' "$tmp/err"
ok $? "... said" || diag "$(cat "$tmp/err")"
"$gtk" --top 2 "$tmp/s" 2> "$tmp/err"; is $? 2 "--top without --audit: a usage error"
grep -q -- '--top goes with --audit' "$tmp/err"; ok $? "... said"
done_testing
