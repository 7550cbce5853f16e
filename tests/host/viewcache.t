#!/bin/bash
# The view model's cache (lttr/view/cache.h, docs/views.md "The view
# model's cache") in the terminal analyzer, in tmux (tests/lib/tui.sh): a
# gen-big trace opened three times (LTTR_VIEW_CACHE=always, the trace being
# small): the first session builds the model and writes TRACEDIR/view.cache,
# the second reads it, the third (--no-view-cache) builds again; the three
# show the same screens, key after key, in the control flow, the resources,
# the processes, syscalls and irqs views, zoomed and panned.  A damaged
# cache is ignored and said on the status line, then rewritten; a trace
# directory not writable keeps it under $XDG_CACHE_HOME (within 1 GiB:
# the oldest caches there removed, nothing else); nowhere to write
# is said too, and the TUI works.  The --json analyses of the trace (check,
# processes, syscalls) are the same before and after its cache is there.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test
# okscr NAME DESC : ok on the status of the last command; when it failed,
# the screen of session NAME as the check last saw it
okscr() { local st=$?; ok $st "$2"; [ $st = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; }

"$genbig" -n 300000 -c 2 "$tmp/t" 2>/dev/null
ok $? "gen-big wrote a trace"
export LTTR_VIEW_CACHE=always
for c in check processes syscalls; do $tv $c --json "$tmp/t" > "$tmp/before.$c.json"; done

# session NAME ARGS... : the screens after each of a series of keys, in NAME.screens
session() {
	local name=$1; shift
	tui_start "$name" 160 48 LTTR_VIEW_CACHE=always -- "$@" "$tmp/t" || return 1
	: > "$tmp/$name.screens"
	for k in 1 + + d a + 2 + d 3 4 5 1; do
		tui_key "$name" "$k"
		tui_screen "$name" >> "$tmp/$name.screens"
	done
	tui_quit "$name" > /dev/null
}
cache() { sed -n 's/^first_screen_ms .* view_cache \([a-z-]*\)$/\1/p' "$TUI_DIR/$1.timing"; }

session s1
is "$(cache s1)" written "first session: the model built and written"
[ -s "$tmp/t/view.cache" ]
ok $? "... to TRACEDIR/view.cache"
session s2
is "$(cache s2)" read "second session: the model read from the cache"
session s3 --no-view-cache
is "$(cache s3)" off "--no-view-cache: the model built"
cmp -s "$tmp/s1.screens" "$tmp/s2.screens"
st=$?
ok $st "the session that read the cache shows the screens of the one that built it (13 keys)"
[ $st = 0 ] || diag "$(diff "$tmp/s1.screens" "$tmp/s2.screens" | head -20)"
cmp -s "$tmp/s1.screens" "$tmp/s3.screens"
ok $? "... and of a session without the cache"
for c in check processes syscalls; do
	$tv $c --json "$tmp/t" > "$tmp/after.$c.json"
	cmp -s "$tmp/before.$c.json" "$tmp/after.$c.json"
	ok $? "$c --json the same with the cache beside the trace"
done

# a damaged cache: ignored, said, rebuilt
size=$(stat -c %s "$tmp/t/view.cache")
truncate -s $((size / 2)) "$tmp/t/view.cache"
tui_start d1 160 48 LTTR_VIEW_CACHE=always -- "$tmp/t"
is "$(cache d1)" written "a truncated cache: the model built and written again"
tui_screen d1 | grep -q "view cache .* ignored (truncated"
okscr d1 "... said on the screen"
tui_quit d1 > /dev/null
is "$(stat -c %s "$tmp/t/view.cache")" "$size" "... the cache whole again"

# the trace directory not writable (for root, a directory in the cache's place)
rm -f "$tmp/t/view.cache"
chmod 555 "$tmp/t"
[ -w "$tmp/t" ] && mkdir "$tmp/t/view.cache"
xdg=XDG_CACHE_HOME=$tmp/xdg
# there already: an old cache of 1100 MiB (sparse), a recent small one,
# and files that are not caches: the directory holds 1 GiB of caches at
# most (LTTR_VCACHE_XDG_MAX_BYTES), the least recently written go first
c=$tmp/xdg/tracevisualizer
mkdir -p "$c"
truncate -s 1100M "$c/view-00000000000000aa.cache"
touch -d 2020-01-01 "$c/view-00000000000000aa.cache"
echo small > "$c/view-00000000000000bb.cache"
touch -d '1 hour ago' "$c/view-00000000000000bb.cache"
truncate -s 2G "$c/notes.txt"
touch -d 2019-01-01 "$c/notes.txt"
tui_start x1 160 48 LTTR_VIEW_CACHE=always "$xdg" -- "$tmp/t"
is "$(cache x1)" written "a trace directory not writable: written"
tui_quit x1 > /dev/null
is "$(ls "$c" | grep -v -e '^view-00000000000000bb.cache$' -e '^notes.txt$' | grep -c '^view-.*\.cache$')" 1 \
	"... under \$XDG_CACHE_HOME/tracevisualizer/"
is "$(cd "$c" && ls view-00000000000000aa.cache view-00000000000000bb.cache notes.txt 2>/dev/null | tr '\n' ' ')" \
	"notes.txt view-00000000000000bb.cache " \
	"... where the oldest cache (1100 MiB) went to keep them within 1 GiB, the recent one and what is not a cache stayed"
tui_start x2 160 48 LTTR_VIEW_CACHE=always "$xdg" -- "$tmp/t"
is "$(cache x2)" read "... and read from there"
tui_quit x2 > /dev/null
tui_start x3 160 48 LTTR_VIEW_CACHE=always XDG_CACHE_HOME=/proc/no-such-dir -- "$tmp/t"
is "$(cache x3)" not-written "nowhere to write: built, not written"
tui_screen x3 | grep -q "view model not saved for the next session"
okscr x3 "... said on the screen"
tui_key x3 2
tui_screen x3 | grep -q "cpu 0"
ok $? "... and the TUI works"
tui_quit x3 > /dev/null
rmdir "$tmp/t/view.cache" 2> /dev/null
chmod 755 "$tmp/t"
done_testing
