#!/bin/bash
# The terminal front end's latency view (8) and critical-path page, driven
# as a person uses them (tmux, tests/lib/tui.sh) on the simulated two-CPU
# trace of utest/gen-sim, against latency --json, critical-path --json and
# the command line's text of the same trace (tests/lib/tuilatency.py
# mirrors the layouts): every kind's table of groups (K), row by row and
# column by column, in a wide terminal and at 80x24 (the columns that
# fit); sorted by count up and down (> I), each group under its own; a
# threshold (T): its column "over" and the count over it; a group's page
# (Enter): its figures, the command line's histogram bars, its worst
# instances, the one selected (j) explained as latency --explain words
# it, each piece of it against the JSON; g: the instance in view 1 (the
# cursor at its start, the window around it, its task selected); C on a
# syscall instance: the critical path of its task over it as
# critical-path --from --to prints it, Esc back to the page; C on a task
# of view 1: its critical path over its life, a segment shown in view 1
# (Enter); a cut trace: the figures said to be unsure; Esc typed with
# the key that starts a pass (8, T) cancels it: the view says so, and
# Enter computes it again, its table latency --json's.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
command -v tmux >/dev/null || skip_all "tmux missing (scripts/setup-deps)"
tmp=$(mktemp -d)
tui_setup "$tmp"
tv=tracevisualizer
ut=$TOP/tracevisualizer/build/utest
[ -x "$ut/gen-sim" ] && [ -x "$ut/gen-big" ] || make -s -C tracevisualizer >/dev/null
export PYTHONPATH=$TOP/tests/lib

"$ut/gen-sim" 6000 3 | "$ut/gen-trace" "$tmp/sim"
ok $? "the simulated trace (gen-sim | gen-trace)"
for k in wakeup irq softirq syscall timer; do
	$tv latency --kind $k --worst 10 --explain --json "$tmp/sim" > "$tmp/$k.json" &&
		$tv latency --kind $k --worst 10 --explain "$tmp/sim" > "$tmp/$k.txt" ||
		echo "$k" >> "$tmp/failed"
done
$tv latency --kind wakeup --threshold 20us --worst 10 --json "$tmp/sim" > "$tmp/thr.json"
[ $? = 3 ] && [ ! -s "$tmp/failed" ]
ok $? "latency --json and text of every kind; --threshold 20us (exit status 3: instances over it)"

# pyok DESC PROGRAM ARGS... : ok when the Python program exits 0 (it prints why not)
pyok() { local d=$1; shift; python3 -c "$@"; ok $? "$d"; }
# okscr NAME DESC : ok on the status of the last command; when it failed,
# the screen of session NAME as the check last saw it
okscr() { local st=$?; ok $st "$2"; [ $st = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; }

# --- the table of each kind, wide ------------------------------------------
tui_start L 220 100 -- "$tmp/sim"
ok $? "tui starts on the trace"
tui_key L 8 && tui_wait L '^kind: ' >/dev/null
ok $? "key 8: the latency view, its kinds line"
for k in wakeup irq softirq syscall timer; do
	tui_screen L > "$tmp/L.$k"
	tui_key L K
done
pyok "K goes through the five kinds; each table equals latency --json: every group under its sub-kind's total (a syscall's per task under it), every figure" '
import sys
from tuilatency import *
from check import load
d, bad = sys.argv[1], []
for k in KINDS:
    j = load("%s/%s.json" % (d, k))
    scr = screen_lines(open("%s/L.%s" % (d, k)).read())
    want = table_lines(j, 220)
    got = scr[2:2 + len(want)]
    if scr[1] != kinds_line(k) or got != want or not j["groups"]:
        bad.append((k, scr[1], got[:4], want[:4]))
for b in bad:
    print("# %s: %s\n#  got  %s\n#  want %s" % b)
sys.exit(1 if bad else 0)' "$tmp"
[[ $(tui_line L 2) =~ \ wakeup\  ]] && [[ $(tui_screen L -e | sed -n 2p) =~ $'\e'\[[0-9\;]*7[0-9\;]*m\ wakeup\  ]]
ok $? "back at wakeup after five K, shown in reverse video"

# --- sorting ------------------------------------------------------------------
tui_key L '>'
tui_screen L > "$tmp/L.sort1"
tui_key L I
tui_screen L > "$tmp/L.sort2"
pyok "> sorts each group's children by count (the totals stay first), I inverts" '
import sys
from tuilatency import *
from check import load
d = sys.argv[1]
j = load("%s/wakeup.json" % d)
ok = True
for f, desc in (("sort1", False), ("sort2", True)):
    scr = screen_lines(open("%s/L.%s" % (d, f)).read())
    want = table_lines(j, 220, None, 1, desc)
    if scr[2:2 + len(want)] != want:
        print("# %s: got %s\n#  want %s" % (f, scr[2:8], want[:6]))
        ok = False
    counts = [g["distribution"]["count"] for g, dep in tree(j, 1, desc) if dep == 1]
    ok = ok and counts[:6] == sorted(counts[:6], reverse=desc)
sys.exit(0 if ok else 1)' "$tmp"
tui_key L '<' I
[[ $(tui_line L 3) =~ ^group\^ ]]
ok $? "< back to the library's order"

# --- a threshold ------------------------------------------------------------
tui_input L T 20us && tui_wait L 'threshold 20\.000 us: ' >/dev/null
tui_screen L > "$tmp/L.thr"
pyok "T 20us: the kinds line counts the instances over it, the column over each group's, as latency --threshold 20us --json" '
import sys
from tuilatency import *
from check import load
d = sys.argv[1]
j = load("%s/thr.json" % d)
scr = screen_lines(open("%s/L.thr" % d).read())
want = table_lines(j, 220, "20.000 us")
ok = scr[1] == kinds_line("wakeup", "20.000 us", len(j["over"])) and scr[2:2 + len(want)] == want
ok = ok and len(j["over"]) > 0 and "over" in want[0]
if not ok:
    print("# got  %s\n# want %s" % (scr[1:5], [kinds_line("wakeup", "20.000 us", len(j["over"]))] + want[:3]))
sys.exit(0 if ok else 1)' "$tmp"

# --- a group's page -------------------------------------------------------
tui_key L Enter && tui_wait L '^wakeup: wakeup \(all tasks\)$' >/dev/null
tui_screen L > "$tmp/P.1"
tui_key L j
tui_screen L > "$tmp/P.2"
pyok "Enter: the page of wakeup (all tasks): its figures, the command line's histogram, its 10 worst; the first explained, then (j) the second, as latency --explain words them, every piece as the JSON" '
import sys
from tuilatency import *
from check import load
d = sys.argv[1]
j, jx = load("%s/thr.json" % d), load("%s/wakeup.json" % d)
txt = open("%s/wakeup.txt" % d).read()
bad = [(f, p) for n, f in ((0, "P.1"), (1, "P.2"))
       for p in [page_problem(screen_lines(open("%s/%s" % (d, f)).read()), j, jx, txt, 220, n,
                              "20.000 us", "wakeup")] if p]
for f, p in bad:
    print("# %s: %s" % (f, p))
sys.exit(1 if bad else 0)' "$tmp"
tui_screen L -e > "$tmp/P.2e"
pyok "j: the second instance in reverse video, the only one" '
import re, sys
from tuilatency import *
d = sys.argv[1]
rev = [re.sub(r"\x1b\[[0-9;]*m", "", l).rstrip() for l in open("%s/P.2e" % d).read().split("\n")
       if re.match(r"^(\x1b\[[0-9;]*m)*\x1b\[([0-9]*;)*7(;[0-9]*)*m +0\.\d{9} s ", l)]
worst = cli_worst(open("%s/wakeup.txt" % d).read(), "wakeup (all tasks)")
sys.exit(0 if rev == [worst[1][0]] else 1)' "$tmp"

# g: the instance in view 1
read -r st du pid nm < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
g = [x for x in j["groups"] if x["level"] == "all" and x["sub"] == "wakeup"][0]["worst"][1]
t0 = j["trace"]["start_ns"]
print(g["start_ns"] - t0, g["duration_ns"], g["pid"], g["name"])' "$tmp/wakeup.json")
want_cur=$(python3 -c 'from tuicheck import fmt_time, fmt_duration; import sys; s, d = int(sys.argv[1]), int(sys.argv[2]); m = max(d // 2, 1000); print("cursor %s  window %s" % (fmt_time(s), fmt_duration(d + 2 * m)))' "$st" "$du")
tui_key L g && tui_wait L "^$(tui_re "$want_cur")" >/dev/null && [[ $(tui_line L 99) =~ ^$pid\ $nm: ]] &&
	[[ $(tui_line L 2) =~ ^\ +pid\ task ]]
okscr L "g: view 1, $want_cur, its task $pid $nm selected (the info line)"

# --- C on a syscall instance: the critical path over it ---------------------
tui_key L 8 K K K && tui_wait L '^call \(all of them\)' >/dev/null
tui_key L Enter && tui_wait L '^syscall: call \(all of them\)$' >/dev/null
ok $? "K K K: the syscalls; Enter: the page of every call"
# the worst call blocked until a task woke it: its path goes through that task
read -r n pid from to < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
ws = [x for x in j["groups"] if x["level"] == "all"][0]["worst"]
n = [i for i, w in enumerate(ws) if any(x["type"] == "blocked" and x["waker"] and x["waker"]["task"]
                                       for x in w["explanation"]["items"])][0]
w, t0 = ws[n], j["trace"]["start_ns"]
print(n, w["pid"], "%.9f" % ((w["start_ns"] - t0) / 1e9), "%.9f" % ((w["end_ns"] - t0) / 1e9))' "$tmp/syscall.json")
for i in $(seq 1 "$n"); do tui_key L j; done
$tv critical-path --pid "$pid" --from "$from" --to "$to" "$tmp/sim" > "$tmp/cp1.txt" &&
	$tv critical-path --pid "$pid" --from "$from" --to "$to" --json "$tmp/sim" > "$tmp/cp1.json"
ok $? "critical-path --pid $pid --from $from --to $to, text and JSON"
tui_key L C && tui_wait L '^Critical path of ' >/dev/null
tui_screen L > "$tmp/C.1"
pyok "C: the critical path of its task over the call, through the task that woke it, segments and totals as critical-path prints them" '
import sys
from tuilatency import *
from check import load
d = sys.argv[1]
scr = screen_lines(open("%s/C.1" % d).read())
txt = open("%s/cp1.txt" % d).read().split("\n")
cp = load("%s/cp1.json" % d)["critical_path"]
segs = [l for l in txt if l.startswith("  0.")]
tots = txt[txt.index([l for l in txt if l.startswith("  Totals (")][0]) + 1:]
tots = [l for l in tots if l.strip()]
title = txt[0].split(": what it waited for")[0]
i = scr.index([l for l in scr if l.startswith("Totals (")][0])
ok = scr[1] == title and scr[3:3 + len(segs)] == segs and len(segs) == len(cp["segments"]) and \
    scr[i + 1:i + 1 + len(tots)] == tots and len(tots) == len(cp["totals"]) and \
    any(s["depth"] > 0 for s in cp["segments"])
if not ok:
    print("# got  %s\n# want %s\n# %s" % (scr[1:3 + len(segs)], [title] + segs, scr[i:i + 4]))
sys.exit(0 if ok else 1)' "$tmp"
tui_key L Escape && tui_wait L '^syscall: call \(all of them\)$' >/dev/null
ok $? "Esc: back to the group's page"
tui_key L Escape && [[ $(tui_line L 2) =~ ^kind: ]]
ok $? "Esc: back to the view"

# --- C on a task of view 1: its critical path over its life ------------------
$tv critical-path --pid 111 "$tmp/sim" > "$tmp/cp2.txt" && $tv critical-path --pid 111 --json "$tmp/sim" > "$tmp/cp2.json"
ok $? "critical-path --pid 111, text and JSON"
tui_key L 1
for k in k j; do	# (the selection is where g left it)
	for i in $(seq 1 12); do [[ $(tui_line L 99) =~ ^111\ task111: ]] && break 2; tui_key L $k; done
done
tui_key L C && tui_wait L '^Critical path of 111 task111 ' >/dev/null
tui_screen L > "$tmp/C.2"
pyok "C on task 111 in view 1: its critical path over its life, the first segments and the longest totals as critical-path prints them" '
import sys
from tuilatency import *
from check import load
d = sys.argv[1]
scr = screen_lines(open("%s/C.2" % d).read())
txt = open("%s/cp2.txt" % d).read().split("\n")
cp = load("%s/cp2.json" % d)["critical_path"]
segs = [l for l in txt if l.startswith("  0.")]
tots = [l for l in txt[txt.index([l for l in txt if l.startswith("  Totals (")][0]) + 1:] if l.strip()]
i = scr.index([l for l in scr if l.startswith("Totals (")][0])
shown = scr[3:i]
nt = len([l for l in scr[i + 1:] if l.startswith("    ")])
ok = scr[1] == txt[0].split(": what it waited for")[0] and len(shown) > 20 and \
    shown == segs[:len(shown)] and nt > 5 and scr[i + 1:i + 1 + nt] == tots[:nt] and \
    scr[i] == "Totals (%.3f us), %d segments%s:" % (cp["duration_ns"] / 1e3, len(cp["segments"]),
                                                  ", the longest" if nt < len(tots) else "")
if not ok:
    print("# got  %s\n# want %s\n# %s" % (scr[1:6], segs[:4], scr[i:i + 3]))
sys.exit(0 if ok else 1)' "$tmp"
read -r sst < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
print(j["critical_path"]["segments"][2]["start_ns"] - j["trace"]["start_ns"])' "$tmp/cp2.json")
want_cur="cursor $(python3 -c 'from tuicheck import fmt_time; import sys; print(fmt_time(int(sys.argv[1])))' "$sst")"
tui_key L j j Enter && tui_wait L "^$(tui_re "$want_cur") " >/dev/null && [[ $(tui_line L 2) =~ ^\ +pid\ task ]]
okscr L "j j Enter: the third segment in view 1 ($want_cur)"

# --- the keys are in the help ------------------------------------------------
tui_key L '?' && tui_pages L "$tmp/help.txt" && grep -q '^Latency$' "$tmp/help.txt" &&
	grep -q '^  K  *the next kind.* (8)$' "$tmp/help.txt"
ok $? "? lists the latency view's keys"
tui_key L Escape
is "$(tui_quit L)" 0 "q: status 0"
[ ! -s "$TUI_DIR/L.err" ]
ok $? "nothing on stderr"

# --- 80x24 -------------------------------------------------------------------
tui_start N 80 24 -- "$tmp/sim" && tui_key N 8 && tui_wait N '^kind: ' >/dev/null
tui_screen N > "$tmp/N.1"
tui_key N Enter
tui_screen N > "$tmp/N.2"
pyok "at 80x24: the title lists 8 Latency, the table the columns that fit (count mean p50 p99 max), the page its title, figures and histogram from its first line; the info lines whole" '
import sys
from tuilatency import *
from check import load
d = sys.argv[1]
j = load("%s/wakeup.json" % d)
txt = open("%s/wakeup.txt" % d).read()
a = screen_lines(open("%s/N.1" % d).read())
b = screen_lines(open("%s/N.2" % d).read())
g = [x for x in j["groups"] if x["level"] == "all" and x["sub"] == "wakeup"][0]
want = table_lines(j, 80)[:20]
n = len(want)
hist = cli_section(txt, "Histogram of wakeup (all tasks) (log2 buckets):")
wb = ["wakeup: wakeup (all tasks)"] + figure_lines(g, 80) + ["", "Histogram (log2 buckets):"] + hist
ok = " 8 Latency " in a[0] and a[2:2 + n] == want and want[0].split() == ["group^", "count", "mean_us", "p50_us", "p99_us", "max_us"] and \
    b[1:1 + len(wb)][:20] == wb[:20] and \
    a[22] == "K: kind  T: threshold  < > I: sort  Enter: a group'"'"'s histogram, worst, why" and \
    b[22] == "j k: an instance  Enter g: show it  C: its critical path  e: explain  Esc: back" and \
    all(len(l) <= 80 for l in a + b)
if not ok:
    print("# %s\n# %s\n# %s\n# want %s" % (a[0], a[2:5], b[1:6], wb[:5]))
sys.exit(0 if ok else 1)' "$tmp"
is "$(tui_quit N)" 0 "q: status 0"

# --- a damaged trace: the view says its figures may be wrong ---------------------
cp -r "$tmp/sim" "$tmp/cut" && truncate -s $(( $(stat -c %s "$tmp/sim/events") / 2 + 100 )) "$tmp/cut/events"
tui_start D 100 30 -- --salvage "$tmp/cut" && tui_key D 8 &&
	[[ $(tui_line D 29) =~ ^warning:\ the\ figures\ may\ be\ wrong\ \(W:\ [0-9]+\ warnings?\)$ ]] &&
	tui_key D Enter && [[ $(tui_line D 29) =~ ^warning:\ the\ figures\ may\ be\ wrong ]] &&
	tui_key D W && tui_wait D '^Warnings: ' >/dev/null
okscr D "a cut trace (--salvage): view 8 and a group's page say the figures may be wrong (W), W lists why"
is "$(tui_quit D)" 0 "q: status 0"

# --- Esc cancels a pass ----------------------------------------------------------
# the keys typed ahead of a pass are read by its first progress call (after
# 4096 events): Esc sent with the key that starts it cancels it
"$ut/gen-big" -n 1000000 "$tmp/big" > /dev/null 2>&1
tui_start B 100 30 -- "$tmp/big" && tui_send B 8 Escape && tui_wait B '^  \(canceled: Enter computes them again\)' >/dev/null
okscr B "8 with Esc at once: the pass canceled, the view says so"
tui_key B Enter && tui_wait B '^preempt \(all tasks\) ' >/dev/null
$tv latency --kind wakeup --worst 10 --json "$tmp/big" > "$tmp/big.json"
tui_screen B > "$tmp/B.1"
pyok "Enter computes it again: the table equals latency --json" '
import sys
from tuilatency import *
from check import load
d = sys.argv[1]
j = load("%s/big.json" % d)
scr = screen_lines(open("%s/B.1" % d).read())
want = table_lines(j, 100)[:26]
sys.exit(0 if scr[2:2 + len(want)] == want else 1)' "$tmp"
tui_send B T && tui_send B -l 5us && tui_send B Enter Escape &&
	tui_wait B '^  \(canceled: Enter computes them again\)' >/dev/null
okscr B "T 5us with Esc at once: that pass canceled too"
is "$(tui_quit B)" 0 "q: status 0"
done_testing
