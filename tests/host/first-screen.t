#!/bin/bash
# The first screen of the control flow shows what the user traced (issue
# 35): on guest-mix (traced -- sh -c "ltt-pingpong & ltt-syscall-mix &
# ltt-forktree; wait"), the rows of `graph`, of the TUI's first screen
# (tmux, 160x48) and of the window's first screen (--screenshot
# --dump-cells, the demo's PNG) begin with the command's processes (sh
# and its descendants, by pid), then the other tasks by running time over
# the trace, most first; pid order is an option (graph --rows pid, the
# TUI's P, the window's Ctrl+P: gtk-rows.t).  The expected order is
# computed here from the dump (the fork by traced, the forks under it) and
# "processes --threads --json" (running_ns), not from the library.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
tui_test
trace=$TOP/tests/corpus/guest-mix

# expect: the rows' labels "pid name", one a line, in the first screen's order
$tv dump "$trace" > "$tmp/dump.txt" && $tv processes --threads --json "$trace" > "$tmp/threads.json"
ok $? "the dump and the threads' running times of guest-mix"
python3 - "$tmp/dump.txt" "$tmp/threads.json" > "$tmp/expect" 2> "$tmp/cmd" <<'PY'
import json, re, sys
forks = []	# (comm, parent, child, tgid) in time order
for line in open(sys.argv[1]):
    m = re.search(r' (\S+)-\d+ - fork parent=(\d+) child=(\d+) tgid=(\d+)', line)
    if m:
        forks.append((m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))))
root = next(c for comm, p, c, g in forks if comm == 'traced' and c == g)
cmd = {root}
for comm, p, c, g in forks:
    if p in cmd or g in cmd:
        cmd.add(c)
th = json.load(open(sys.argv[2]))['threads']
pids = {t['pid'] for t in th}
blocks = {}
for t in th:
    blocks.setdefault(t['tgid'] if t['tgid'] in pids else -t['pid'], []).append(t)
def key(ts):
    lead = ts[0] if len(ts) == 1 else [t for t in ts if t['pid'] == t['tgid']][0]
    c = any(t['pid'] in cmd for t in ts)
    return (not c, 0 if c else -sum(t['running_ns'] for t in ts), lead['pid'])
for ts in sorted(blocks.values(), key=key):
    c = any(t['pid'] in cmd for t in ts)
    ts.sort(key=lambda t: (t['pid'] != t['tgid'], 0 if c else -t['running_ns'], t['pid']))
    for t in ts:
        print('%d %s' % (t['pid'], t['name']))
print(' '.join(str(p) for p in sorted(cmd & pids)), file=sys.stderr)
PY
ok $? "the command traced ran: $(cat "$tmp/cmd")"
ncmd=$(wc -w < "$tmp/cmd")
[ "$ncmd" -ge 5 ] && [ "$(head -1 "$tmp/expect")" = "53 sh" ]
ok $? "its processes: sh (53, forked by traced) and its $((ncmd - 1)) descendants"

# first_is_cmd WHAT LABELS: the first lines of LABELS are the command's processes
first_is_cmd() {
	[ "$(head -n "$ncmd" "$2" | cut -d' ' -f1 | sort -n | xargs)" = "$(xargs < "$tmp/cmd")" ]
}

# graph: its rows after the idle task, in the same order
$tv graph --json --width 40 "$trace" > "$tmp/graph.json" &&
	python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["rows"][1:]: print(r["pid"], r["name"])' "$tmp/graph.json" > "$tmp/graph.rows"
ok $? "graph --json"
first_is_cmd graph "$tmp/graph.rows"
ok $? "graph: the command's processes are the first rows (after the idle task)"
grep -Fxf "$tmp/graph.rows" "$tmp/expect" > "$tmp/graph.expect"
diff "$tmp/graph.expect" "$tmp/graph.rows" > "$tmp/graph.diff"
ok $? "graph: then the other tasks by running time, most first" || diag "$(head -5 "$tmp/graph.diff")"
$tv graph --json --rows pid --width 40 "$trace" |
	python3 -c 'import json, sys; print(" ".join(str(r["pid"]) for r in json.load(sys.stdin)["rows"][1:4]))' > "$tmp/pid.rows"
is "$(cat "$tmp/pid.rows")" "2 9 10" "graph --rows pid: the kernel threads by pid first, as before"

# the TUI's first screen: the rows' labels, lines 3 to 46 (then the info
# and status lines)
tui_labels() {
	tui_screen "$1" | sed -n '3,46p' | sed -nE 's/^ *([0-9]+) (.{1,20}[^ ]).*/\1 \2/p' |
		sed -E 's/ {2,}.*//' | awk '{print $1, $2}'
}
tui_start f 160 48 -- "$trace"
ok $? "the TUI opens guest-mix at 160x48"
tui_labels f > "$tmp/tui.rows"
[ "$(wc -l < "$tmp/tui.rows")" -ge 30 ]
ok $? "its first screen shows $(wc -l < "$tmp/tui.rows") task rows"
first_is_cmd tui "$tmp/tui.rows"
ok $? "TUI: the command's processes are the first rows" || diag "$(head -3 "$tmp/tui.rows")"
head -n "$(wc -l < "$tmp/tui.rows")" "$tmp/expect" | awk '{print $1, substr($2, 1, 20)}' > "$tmp/tui.expect"
diff "$tmp/tui.expect" "$tmp/tui.rows" > "$tmp/tui.diff"
ok $? "TUI: the first screen is the expected order" || diag "$(head -5 "$tmp/tui.diff")"
tui_key f P && tui_labels f | head -2 | cut -d' ' -f1 | tr '\n' ' ' > "$tmp/tuip.rows"
is "$(cat "$tmp/tuip.rows")" "1 2 " "TUI: P restores pid order (init, kthreadd first)"
tui_key f P && tui_labels f | head -1 > "$tmp/tuib.rows"
is "$(cat "$tmp/tuib.rows")" "53 sh" "TUI: P again: the command first again"
tui_start p 160 48 -- --rows pid "$trace" && tui_labels p | head -1 > "$tmp/tuir.rows"
is "$(cat "$tmp/tuir.rows")" "1 init" "TUI --rows pid: opens in pid order"

# the window's first screen (the demo's PNG is this screenshot)
gtk=${TRACEVISUALIZER_GTK:-$TOP/tracevisualizer/tracevisualizer-gtk}
if [ -x "$gtk" ] && command -v xvfb-run > /dev/null; then
	cp -r "$trace" "$tmp/mix"	# no session.json of an earlier run
	timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$gtk" --size 1280x800 \
		--screenshot "$tmp/w.png" --dump-cells "$tmp/w.json" "$tmp/mix" 2> "$tmp/gtk.err" &&
		PYTHONPATH=$TOP/tests/lib python3 "$TOP/tests/lib/gtkrows.py" shown "$tmp/w.json" > "$tmp/gtk.rows"
	ok $? "the window's screenshot and the rows it shows"
	first_is_cmd gtk "$tmp/gtk.rows"
	ok $? "window: the command's processes are the first rows" || diag "$(head -3 "$tmp/gtk.rows")"
	head -n "$(wc -l < "$tmp/gtk.rows")" "$tmp/expect" > "$tmp/gtk.expect"
	diff "$tmp/gtk.expect" "$tmp/gtk.rows" > "$tmp/gtk.diff"
	ok $? "window: the rows shown are the expected order" || diag "$(head -5 "$tmp/gtk.diff")"
else
	skip_missing "the window's three checks: tracevisualizer-gtk or xvfb-run missing"
fi
done_testing
