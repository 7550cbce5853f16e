# first-screen.sh - the checks of the first screen (issue 35) on the trace
# $trace of a command that `traced -- sh -c ...` ran (sourced by
# tests/host/first-screen.t on the corpus's guest-mix, and by
# tests/guest/46-first-screen.t on a trace of the demo's workload that
# the guest takes with this tree's traced, a format 1.9 header naming the
# command): the rows of `graph`, of the TUI's first screen (tmux,
# 160x48) and of the window's first screen (--screenshot --dump-cells,
# the demo's PNG) begin with the command's processes (sh and its
# descendants, in tree order), then the other tasks by running time over
# the trace, most first, the idle kernel threads folded into one group
# row; i opens it (TUI; the window: i, kept by the session); pid order is
# an option (graph --rows pid, the TUI's P; the window's Ctrl+P:
# gtk-rows.t); the window's first span is the command's run.  The
# expected order is computed here from the dump (the fork by traced, the
# forks under it) and "processes --threads --json" (running_ns, ppid),
# not from the library.  Needs tap.sh, tui.sh (tui_test), $trace.

# expect: the rows' labels "pid name", one a line, in the first screen's order
$tv dump "$trace" > "$tmp/dump.txt" && $tv processes --threads --json "$trace" > "$tmp/threads.json"
ok $? "the dump and the threads' running times of $(basename "$trace")"
python3 - "$tmp/dump.txt" "$tmp/threads.json" "$tmp/idle" > "$tmp/expect" 2> "$tmp/cmd" <<'PY'
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
d = json.load(open(sys.argv[2]))
th = d['threads']
span = d['trace']['duration_ns']
by = {t['pid']: t for t in th}
pids = set(by)
def chain(pid):	# the processes from the command down to pid's, root first
    up = []
    while pid in by and len(up) < 64:
        t = by[pid]
        up.append(t['tgid'])
        if t['tgid'] == root or t['ppid'] == t['tgid']:
            break
        pid = t['ppid']
    return up[::-1]
def kthread(pid):	# kthreadd or under it
    while pid in by and pid > 2:
        pid = by[pid]['ppid']
    return pid == 2
idle = {t['pid'] for t in th if t['pid'] not in cmd and kthread(t['pid'])
        and t['running_ns'] * 1000 < span}
open(sys.argv[3], 'w').write(' '.join(str(p) for p in sorted(idle)))
blocks = {}
for t in th:
    blocks.setdefault(t['tgid'] if t['tgid'] in pids else -t['pid'], []).append(t)
def key(ts):
    lead = ts[0] if len(ts) == 1 else [t for t in ts if t['pid'] == t['tgid']][0]
    c = any(t['pid'] in cmd for t in ts)
    i = any(t['pid'] in idle for t in ts)
    return (not c, chain(lead['pid']) if c else [], i, 0 if c else -sum(t['running_ns'] for t in ts),
            lead['pid'])
group = False
for ts in sorted(blocks.values(), key=key):
    c = any(t['pid'] in cmd for t in ts)
    if any(t['pid'] in idle for t in ts) and not group:
        print('group %d' % len(idle))	# the group row, closed: its members not shown
        group = True
    ts.sort(key=lambda t: (t['pid'] != t['tgid'], 0 if c else -t['running_ns'], t['pid']))
    for t in ts:
        if t['pid'] not in idle:
            print('%d %s' % (t['pid'], t['name']))
print(' '.join(str(p) for p in sorted(cmd & pids)), file=sys.stderr)
PY
ok $? "the command traced ran: $(cat "$tmp/cmd")"
ncmd=$(wc -w < "$tmp/cmd")
root=$(head -1 "$tmp/expect")
[ "$ncmd" -ge 5 ] && [ "${root#* }" = sh ]
ok $? "its processes: sh ($root, forked by traced) and its $((ncmd - 1)) descendants"

# first_is_cmd WHAT LABELS: the first lines of LABELS are the command's processes
first_is_cmd() {
	[ "$(head -n "$ncmd" "$2" | cut -d' ' -f1 | sort -n | xargs)" = "$(xargs < "$tmp/cmd")" ]
}

# graph: its rows after the idle task, in the same order
$tv graph --json --width 40 "$trace" > "$tmp/graph.json" &&
	python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["rows"][1:]:
    print("group %d" % r["group"] if "group" in r else "%d %s" % (r["pid"], r["name"]))' "$tmp/graph.json" > "$tmp/graph.rows"
ok $? "graph --json"
first_is_cmd graph "$tmp/graph.rows"
ok $? "graph: the command's processes are the first rows (after the idle task)"
grep -Fxf "$tmp/graph.rows" "$tmp/expect" > "$tmp/graph.expect"
diff "$tmp/graph.expect" "$tmp/graph.rows" > "$tmp/graph.diff"
ok $? "graph: then the other tasks by running time, most first" || diag "$(head -5 "$tmp/graph.diff")"
$tv graph --json --rows pid --width 40 "$trace" |
	python3 -c 'import json, sys
rows = json.load(sys.stdin)["rows"][1:]
r = [r["pid"] for r in rows]
print(sum("group" in r for r in rows), int(r == sorted(r)), " ".join(map(str, r[:3])))' > "$tmp/pid.rows"
read -r ngr sorted a b c < "$tmp/pid.rows"
[ "$ngr" = 0 ] && [ "$sorted" = 1 ]
ok $? "graph --rows pid: the tasks that ran by pid, as before ($a $b $c...), no group row"

# the TUI's first screen: the rows' labels, lines 3 to 46 (then the info
# and status lines); the group row's "[+] N idle kthreads" as "group N"
tui_labels() {
	tui_screen "$1" | sed -n '3,46p' | sed -nE -e 's/^ *\[[+-]\] ([0-9]+) idle kthreads?.*/group \1/p' \
		-e 's/^ *([0-9]+) (.{1,20}[^ ]).*/\1 \2/p' |
		sed -E 's/ {2,}.*//' | awk '{print $1, $2}'
}
tui_start f 160 48 -- "$trace"
ok $? "the TUI opens $(basename "$trace") at 160x48"
tui_labels f > "$tmp/tui.rows"
[ "$(wc -l < "$tmp/tui.rows")" -ge 15 ] && grep -qx "$(grep '^group' "$tmp/expect")" "$tmp/tui.rows"
ok $? "its first screen shows $(wc -l < "$tmp/tui.rows") task rows, the group row among them"
first_is_cmd tui "$tmp/tui.rows"
ok $? "TUI: the command's processes are the first rows" || diag "$(head -3 "$tmp/tui.rows")"
head -n "$(wc -l < "$tmp/tui.rows")" "$tmp/expect" | awk '{print $1, substr($2, 1, 20)}' > "$tmp/tui.expect"
diff "$tmp/tui.expect" "$tmp/tui.rows" > "$tmp/tui.diff"
ok $? "TUI: the first screen is the expected order" || diag "$(head -5 "$tmp/tui.diff")"
tui_key f P && tui_labels f | head -2 | cut -d' ' -f1 | tr '\n' ' ' > "$tmp/tuip.rows"
is "$(cat "$tmp/tuip.rows")" "1 2 " "TUI: P restores pid order (init, kthreadd first)"
tui_key f P && tui_labels f | head -1 > "$tmp/tuib.rows"
is "$(cat "$tmp/tuib.rows")" "$root" "TUI: P again: the command first again"
# i opens the group row: its members follow it (all of them when they fit
# on the screen), indented; i again closes it
ngroup=$(sed -n 's/^group //p' "$tmp/expect")
tui_key f i && tui_screen f > "$tmp/tuio.screen"
glines=$(grep -n '\[-\] [0-9]* idle kthread' "$tmp/tuio.screen" | cut -d: -f1)
sed -n "$((glines + 1)),46p" "$tmp/tuio.screen" | grep -cE '^    +[0-9]+ ' > "$tmp/tuio.n"
[ -n "$glines" ] && [ "$(cat "$tmp/tuio.n")" -ge $(( 46 - glines < ngroup ? 46 - glines : ngroup )) ]
ok $? "TUI: i opens the group of $ngroup idle kernel threads: [-], its members under it" ||
	diag "$(sed -n '30,46p' "$tmp/tuio.screen")"
tui_key f i && tui_labels f > "$tmp/tuic.rows"
diff "$tmp/tui.rows" "$tmp/tuic.rows" > /dev/null
ok $? "TUI: i again closes it: the first screen as it was"
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
	sed -i -E 's/^([0-9]+) idle kernel threads?$/group \1/' "$tmp/gtk.rows"
	head -n "$(wc -l < "$tmp/gtk.rows")" "$tmp/expect" > "$tmp/gtk.expect"
	diff "$tmp/gtk.expect" "$tmp/gtk.rows" > "$tmp/gtk.diff"
	ok $? "window: the rows shown are the expected order" || diag "$(head -5 "$tmp/gtk.diff")"
	# the first window: the command's span, from the fork of sh by traced
	# to the last exit of it and its descendants, 2 % wider on each side
	python3 - "$tmp/dump.txt" "$tmp/cmd" "$tmp/w.json" <<'PY'
import json, re, sys
cmd = set(open(sys.argv[2]).read().split())
fork = ex = None
for line in open(sys.argv[1]):
    m = re.match(r' *(\d+)\.(\d{9}) \S+ \d+ \S+ - fork parent=\d+ child=(\d+)', line)
    if m and fork is None and m.group(3) in cmd:
        fork = int(m.group(1)) * 10**9 + int(m.group(2))
    m = re.match(r' *(\d+)\.(\d{9}) \S+ \d+ \S+-(\d+) - exit', line)
    if m and m.group(3) in cmd:
        ex = int(m.group(1)) * 10**9 + int(m.group(2))
w = json.load(open(sys.argv[3]))
t0, t1 = w['t0_ns'] - w['start_ns'], w['t1_ns'] - w['start_ns']
m = (ex - fork) // 50
print('fork %d exit %d window %d..%d margin %d' % (fork, ex, t0, t1, m), file=sys.stderr)
sys.exit(0 if abs(t0 - (fork - m)) <= 2 and abs(t1 - (ex + m)) <= 2 else 1)
PY
	ok $? "window: the first span is the command's run, 2 % wider on each side"
	# i in the window opens the group (its members under it), which the
	# session keeps (idle_open): the window opened again on it shows them
	if /usr/bin/python3 -c 'import gi; gi.require_version("Atspi", "2.0")' 2>/dev/null &&
		command -v xdotool > /dev/null && command -v dbus-run-session > /dev/null; then
		checks < <(unset GTK_A11Y NO_AT_BRIDGE; PYTHONPATH=$TOP/tests/lib timeout 120 \
			dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
			/usr/bin/python3 "$TOP/tests/lib/gtkrows.py" key "$gtk" "$tmp/mix" i 2> "$tmp/gtki.err" |
			grep -v '^SpiRegistry daemon')
	else
		skip_missing "window: i typed: python3-gi with AT-SPI, xdotool or dbus-run-session missing"
	fi
	# (a screenshot reads the session --session names; its pane height,
	# 800 pixels' worth, left out: the window is taller to show them all)
	python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); j.pop("pane_position", None)
json.dump(j, open(sys.argv[2], "w"))' "$tmp/mix/session.json" "$tmp/wi.session" &&
		timeout 60 xvfb-run -a -s "-screen 0 1280x2000x24" "$gtk" --size 1280x2000 \
		--session "$tmp/wi.session" --screenshot "$tmp/wi.png" --dump-cells "$tmp/wi.json" \
		"$tmp/mix" 2>> "$tmp/gtk.err"
	python3 - "$tmp/wi.json" "$ngroup" "$tmp/idle" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))['rows']
g = [i for i, r in enumerate(rows) if r['kind'] == 'group']
after = rows[g[0] + 1:] if g else []
n = int(sys.argv[2])
idle = set(int(p) for p in open(sys.argv[3]).read().split())
# the rows after the group (as many as the screen shows) are its members
ok = g and rows[g[0]]['label'] == '%d idle kernel threads' % n and after and \
    all(r['kind'] == 'task' and r['id'] in idle for r in after)
print(rows[g[0]]['label'] if g else 'no group', len(after), file=sys.stderr)
sys.exit(0 if ok else 1)
PY
	ok $? "window: the group row reopened open: its members under it"
else
	skip_missing "the window's six checks: tracevisualizer-gtk or xvfb-run missing"
fi
