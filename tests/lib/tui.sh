# tui.sh - drive "tracevisualizer tui" in tmux as a person would (sourced
# after tap.sh).  Every session runs on this test's own tmux server
# (tmux -L ltt-tui-PID, no configuration file), killed when the test exits.
#
#   tui_setup DIR        the folder for the sessions' files (timing logs,
#                        screens, stderr, exit status); sets the EXIT trap
#                        that kills the server and removes DIR
#   tui_start NAME COLS ROWS [VAR=VALUE...] -- ARGS...
#                        start "$TUI_PROG tui ARGS" (TUI_PROG: by default
#                        tracevisualizer/tracevisualizer) in session NAME, a
#                        window of COLS x ROWS, with TERM=xterm-256color,
#                        LANG=C.UTF-8, LTTR_TUI_TIMING=DIR/NAME.timing and
#                        the VAR=VALUEs; returns when the first screen is
#                        drawn (0) or the program has exited (1)
#   tui_key NAME KEY...  send the keys (tmux key names: j, Enter, Escape,
#                        NPage...) and wait until the TUI has processed them
#                        and drawn the screen again (a line more in its
#                        timing log for each), then until tmux shows the
#                        screen
#   tui_input NAME KEY TEXT
#                        KEY opens a prompt (g, /, f, b); TEXT is typed in
#                        it, then Enter; waits as tui_key
#   tui_send NAME KEY... send keys without waiting (for what draws nothing)
#   tui_xkey NAME home|end  Home or End as xterm sends them (tmux's own
#                        sequences are not xterm-256color's), waits as tui_key
#   tui_pages NAME FILE  the screens of a table page by page (PgDn until the
#                        screen, attributes included, stays the same), one
#                        after the other in FILE; tui_top NAME: PgUp so
#                        until the table is at its first row
#   tui_wait NAME REGEX [SECONDS]
#                        poll the screen until a line matches the extended
#                        regular expression (default 20 s); 1 on timeout
#   tui_wait_gone NAME REGEX [SECONDS]   until no line matches
#   tui_screen NAME [OPTION...]  the screen now (capture-pane options:
#                        -e with attributes as escapes, -J wrapped lines
#                        joined); also left in DIR/NAME.screen
#   tui_line NAME N      line N (1 = the title) of the screen
#   tui_status NAME      the status line (the last line)
#   tui_exit NAME [SECONDS]  wait for the program to end; prints its status
#   tui_quit NAME        q, then tui_exit
#   tui_resize NAME COLS ROWS   resize the window; waits for the redraw
#   tui_nkeys NAME       lines "key ..." in the timing log
#   tui_wait_keys NAME N [SECONDS]  until there are N, and tmux shows the
#                        screen (after tui_send)
#   tui_shell NAME COLS ROWS    a session running an interactive shell
#                        (prompt "tui-sh$ ") instead of the TUI
#   tui_typeline NAME TEXT      type a command line in it and Enter
#   tui_cleanup          kill the server (the trap does it)
#   tui_re TEXT          TEXT as an extended regular expression matching
#                        itself (for tui_wait)
#
#   tui_test             the start of a test of the TUI (after tap.sh): skip
#                        without tmux, tmp a folder of its own (tui_setup), tv
#                        the program, gen and genbig the trace generators
#                        (built when missing), PYTHONPATH the checks
#
# Synchronisation is by polling (the timing log, the screen), never by a
# fixed sleep: tui_key returns once the key's redraw is in the log, and the
# next capture waits until two captures of the screen 20 ms apart agree.

TUI_SOCK=ltt-tui-$$
TUI_DIR=
TUI_TIMEOUT=${TUI_TIMEOUT:-20}
TUI_PROG=${TUI_PROG:-$TOP/tracevisualizer/tracevisualizer}

_tmux() { tmux -L "$TUI_SOCK" -f /dev/null "$@"; }

# the server killed, its socket file too (tmux leaves it)
tui_cleanup() {
	_tmux kill-server >/dev/null 2>&1
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TUI_SOCK"
}

tui_test() {
	command -v tmux >/dev/null || skip_all "tmux missing (scripts/setup-deps)"
	tmp=$(mktemp -d)
	tui_setup "$tmp"
	tv=tracevisualizer
	gen=$TOP/tracevisualizer/build/utest/gen-trace
	genbig=$TOP/tracevisualizer/build/utest/gen-big
	[ -x "$gen" ] && [ -x "$genbig" ] || make -s -C tracevisualizer >/dev/null
	export PYTHONPATH=$TOP/tests/lib
}

tui_re() { printf '%s' "$1" | sed 's/[][\\.*^$+?(){}|]/\\&/g'; }

tui_setup() {
	TUI_DIR=$1
	mkdir -p "$TUI_DIR" || return 1
	# shellcheck disable=SC2064
	trap "tui_cleanup; rm -rf '$TUI_DIR'" EXIT
	command -v tmux >/dev/null
}

# _until SECONDS CMD... : run CMD every 10 ms until it succeeds
_until() {
	local end=$((SECONDS + $1 + 1)); shift
	while :; do
		"$@" && return 0
		[ "$SECONDS" -ge "$end" ] && return 1
		sleep 0.01
	done
}

# (in the shell itself: forks are what a test spends its time on)
_nkeys() {
	local l
	_n=0
	[ -f "$TUI_DIR/$1.timing" ] || return 0
	while IFS= read -r l; do
		[[ $l == "key "* ]] && _n=$((_n + 1))
	done < "$TUI_DIR/$1.timing"
}
tui_nkeys() { _nkeys "$1"; echo "$_n"; }

tui_wait_keys() {
	_until "${3:-$TUI_TIMEOUT}" _more_keys "$1" $(($2 - 1))
}

_started() { grep -q '^first_screen_ms' "$TUI_DIR/$1.timing" 2>/dev/null || [ -s "$TUI_DIR/$1.status" ]; }
_exited() { [ -s "$TUI_DIR/$1.status" ]; }

tui_start() {
	local name=$1 cols=$2 rows=$3 envs=() q
	shift 3
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
	[ "${1:-}" = "--" ] && shift
	rm -f "$TUI_DIR/$name".{status,err,screen,settled}
	# the log exists beforehand, writable by all: the TUI may run as
	# another user (TUI_PROG a wrapper)
	: > "$TUI_DIR/$name.timing" && chmod 666 "$TUI_DIR/$name.timing"
	q=$(printf '%q ' env TERM=xterm-256color LANG=C.UTF-8 \
		"LTTR_TUI_TIMING=$TUI_DIR/$name.timing" "${envs[@]}" "$TUI_PROG" tui "$@")
	_tmux new-session -d -s "$name" -x "$cols" -y "$rows" \
		"$q 2>$(printf %q "$TUI_DIR/$name.err"); echo \$? > $(printf %q "$TUI_DIR/$name.status"); exec sleep 3600" ||
		return 1
	_until "$TUI_TIMEOUT" _started "$name" || { diag "$name: no first screen in ${TUI_TIMEOUT}s"; return 1; }
	! _exited "$name"
}

tui_shell() {
	local name=$1 cols=$2 rows=$3
	_tmux new-session -d -s "$name" -x "$cols" -y "$rows" \
		"env PS1='tui-sh\$ ' TERM=xterm-256color LANG=C.UTF-8 PATH=$(printf %q "$PATH") bash --norc --noprofile -i" ||
		return 1
	tui_wait "$name" '^tui-sh\$' >/dev/null
}

tui_typeline() { _tmux send-keys -t "$1" -l -- "$2" && _tmux send-keys -t "$1" Enter; }

tui_screen() {
	local name=$1
	shift
	_settle "$name"
	_tmux capture-pane -p "$@" -t "$name" > "$TUI_DIR/$name.screen" 2>/dev/null
	cat "$TUI_DIR/$name.screen"
}

tui_line() { tui_screen "$1" | sed -n "${2}p"; }
tui_status() { tui_screen "$1" | tail -n 1; }

# two captures 20 ms apart agree: tmux has shown what the program wrote
_same() {
	local a b
	a=$(_tmux capture-pane -p -e -t "$1" 2>/dev/null)
	sleep 0.02
	b=$(_tmux capture-pane -p -e -t "$1" 2>/dev/null)
	[ "$a" = "$b" ]
}
# a capture first waits until the screen is stable if the TUI drew again
# since the last wait (DIR/NAME.settled: the redraws counted then; a file,
# as captures run in subshells); keys sent meanwhile need no wait
_settle() {
	local s=-1
	_nkeys "$1"
	[ -f "$TUI_DIR/$1.settled" ] && read -r s < "$TUI_DIR/$1.settled"
	[ "$s" = "$_n" ] && return 0
	_until "$TUI_TIMEOUT" _same "$1" || return 1
	echo "$_n" > "$TUI_DIR/$1.settled"
}

_more_keys() { _nkeys "$1"; [ "$_n" -gt "$2" ] || _exited "$1"; }

# _keys NAME KEY... : send the keys in one go, wait for as many redraws
_keys() {
	local name=$1
	shift
	[ $# -gt 0 ] || return 0
	_nkeys "$name"
	_tmux send-keys -t "$name" "$@" || return 1
	_until "$TUI_TIMEOUT" _more_keys "$name" $((_n + $# - 1)) ||
		{ diag "$name: keys $* not processed in ${TUI_TIMEOUT}s"; return 1; }
}

# the keys go in batches; Escape alone (followed at once by another key,
# it would be read as the start of an escape sequence)
tui_key() {
	local name=$1 k batch=()
	shift
	for k in "$@"; do
		if [ "$k" = Escape ]; then
			_keys "$name" "${batch[@]}" && _keys "$name" Escape || return 1
			batch=()
		else
			batch+=("$k")
		fi
	done
	_keys "$name" "${batch[@]}"
}

tui_input() {
	local name=$1 key=$2 text=$3 n
	_nkeys "$name"
	n=$_n
	_tmux send-keys -t "$name" "$key" && _tmux send-keys -t "$name" -l -- "$text" &&
		_tmux send-keys -t "$name" Enter || return 1
	_until "$TUI_TIMEOUT" _more_keys "$name" "$n" ||
		{ diag "$name: prompt $key '$text' not processed in ${TUI_TIMEOUT}s"; return 1; }
}

tui_send() { local name=$1; shift; _tmux send-keys -t "$name" "$@"; }

tui_xkey() {
	local name=$1 n seq
	case "$2" in home) seq=$'\eOH' ;; end) seq=$'\eOF' ;; *) return 1 ;; esac
	_nkeys "$name"
	n=$_n
	_tmux send-keys -t "$name" -l -- "$seq" || return 1
	_until "$TUI_TIMEOUT" _more_keys "$name" "$n"
}

tui_pages() {
	local prev="" cur i
	: > "$2"
	for i in $(seq 1 500); do
		_settle "$1"
		cur=$(_tmux capture-pane -p -e -t "$1")
		[ "$cur" = "$prev" ] && return 0
		tui_screen "$1" >> "$2"
		prev=$cur
		tui_key "$1" NPage || return 1
	done
	return 1
}

tui_top() {
	local prev="" cur i
	for i in $(seq 1 500); do
		_settle "$1"
		cur=$(_tmux capture-pane -p -e -t "$1")
		[ "$cur" = "$prev" ] && return 0
		prev=$cur
		tui_key "$1" PPage || return 1
	done
	return 1
}

_match() { _settle "$1"; tui_screen "$1" | grep -qE -- "$2"; }
_nomatch() { _settle "$1"; ! tui_screen "$1" | grep -qE -- "$2"; }

tui_wait() {
	_until "${3:-$TUI_TIMEOUT}" _match "$1" "$2" && return 0
	diag "$1: timed out waiting for /$2/ on the screen:"
	diag "$(cat "$TUI_DIR/$1.screen")"
	return 1
}

tui_wait_gone() {
	_until "${3:-$TUI_TIMEOUT}" _nomatch "$1" "$2" && return 0
	diag "$1: timed out waiting for /$2/ to leave the screen:"
	diag "$(cat "$TUI_DIR/$1.screen")"
	return 1
}

tui_exit() {
	_until "${2:-$TUI_TIMEOUT}" _exited "$1" || { echo timeout; return 1; }
	cat "$TUI_DIR/$1.status"
}

tui_quit() { _tmux send-keys -t "$1" q; tui_exit "$1" "${2:-}"; }

tui_resize() {
	local name=$1 n
	_nkeys "$name"
	n=$_n
	_tmux resize-window -t "$name" -x "$2" -y "$3" || return 1
	_until "$TUI_TIMEOUT" _more_keys "$name" "$n" ||
		{ diag "$name: no redraw after the resize to $2x$3"; return 1; }
}
