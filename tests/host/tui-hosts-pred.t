#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tui-hosts-pred.t - the predicate bar of "tracevisualizer tui" of several
# hosts (tui/hosts.c, lttr/view/hosts-pred.h; issue 32) in tmux as a person
# uses it, on the synthetic two hosts of tests/lib/synctraces.py merged:
# p takes an expression of the replay's language over the set (each host
# a node, @alpha(...) || @beta(...)); its hits are replay --json --hits of
# the same set's: ) reaches each in turn, the line above the status line
# naming its index, time (after alpha's trace's start, as replay --hits
# prints it), event number and node, the status line the cursor's time,
# the cursor '|' on both hosts' group rows at the hit's column; ) past the
# last said; ( goes back through them; the ruler has '^' at the hits'
# columns (tests/lib/tuihostspred.py, from the hit times and the title's
# window), also zoomed in.  A syntax error and an unknown node are said
# as replay --hits says them, and nothing changes.  A set whose beta is
# not synchronised refuses a predicate, saying why.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
tui_test
bin=$TOP/tracevisualizer/build/utest
gen=$TOP/tests/lib/synctraces.py
make -s -C "$TOP/tracevisualizer" tools >/dev/null
mkdir -p "$tmp/g" && python3 "$gen" "$tmp/g" --calls 12 --seed 7 --sched &&
	$bin/gen-trace "$tmp/g/A" < "$tmp/g/a.desc" && $bin/gen-trace "$tmp/g/B" < "$tmp/g/b.desc" &&
	$tv merge -o "$tmp/m" "$tmp/g/A" "$tmp/g/B" > /dev/null
ok $? "synctraces + gen-trace + merge: two hosts, 12 calls, merged"
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

P='@alpha(cpu[0].current) == 10 || @beta(cpu[0].current) == 20'
$tv replay --json --hits "$P" "$tmp/m" > "$tmp/hits.json"
python3 -c '
import json, sys
for h in json.load(open(sys.argv[1]))["hits"]:
    print(h["event"], h["time_ns"], h["rel_ns"], h["node"])' "$tmp/hits.json" > "$tmp/h"
n=$(wc -l < "$tmp/h")
nodes=$(cut -d' ' -f4 "$tmp/h" | sort -u | tr '\n' ' ')
ok "$([ "$n" -gt 5 ] && [ "$nodes" = "alpha beta " ] && echo 0 || echo 1)" \
	"replay --json --hits '$P': $n hits, on both nodes ($nodes)"
# pred NAME CURSOR_NS : the ruler's marks and the cursor's column checked
pred() {
	tui_screen "$1" > "$tmp/$1.txt"
	python3 "$TOP/tests/lib/tuihostspred.py" "$tmp/$1.txt" "$tmp/hits.json" "$2"
}
rel() { printf '%d.%09d' $(($1 / 1000000000)) $(($1 % 1000000000)); }

tui_start s 160 30 -- "$tmp/m" && tui_wait s '^beta \(host 1\) ' >/dev/null
okscr s "tui MERGEDSET at 160x30: the hosts view"
tui_key s ')' && tui_wait s '^no predicate yet \(p\)' >/dev/null
okscr s ") with no predicate: said"
tui_input s p "$P" && tui_wait s "^predicate: $n hits: \\) next, \\( previous" >/dev/null
okscr s "p: the predicate over both hosts typed, its $n hits said"

fwd=0 bad=
while read -r ev ns r node; do
	i=$((fwd + 1))
	tui_key s ')' && tui_wait s "^hit $i/$n at $(tui_re "$(rel "$r")") #$ev node $node: $(tui_re "$P")\$" >/dev/null &&
		tui_wait s "^ cursor $(tui_re "$(rel "$r")") " >/dev/null || break
	pred s "$ns" > "$tmp/c" && ! grep -q '^FAIL' "$tmp/c" || { bad=$(cat "$tmp/c"); break; }
	fwd=$i
done < "$tmp/h"
is "$fwd" "$n" ") reaches each hit in turn: its index, time, event and node as replay --json --hits gives them, the cursor '|' on both hosts' rows at its column" ||
	diag "$(cat "$TUI_DIR/s.screen")" "$bad"
tui_key s ')' && tui_wait s "^no hit after the cursor for: $(tui_re "$P")\$" >/dev/null
okscr s ") after the last: no hit after, said"
back=0
tac "$tmp/h" | tail -n +2 > "$tmp/hr"
while read -r ev ns r node; do
	i=$((n - 1 - back))
	tui_key s '(' && tui_wait s "^hit $i/$n at $(tui_re "$(rel "$r")") #$ev node $node: " >/dev/null || break
	pred s "$ns" > "$tmp/c" && ! grep -q '^FAIL' "$tmp/c" || { bad=$(cat "$tmp/c"); break; }
	back=$((back + 1))
done < "$tmp/hr"
is "$back" "$((n - 1))" "( goes back through the same hits in reverse order, the cursor with them" ||
	diag "$(cat "$TUI_DIR/s.screen")" "$bad"
tui_key s '(' && tui_wait s "^no hit before the cursor for: " >/dev/null
okscr s "( before the first: no hit before, said"
first=$(head -1 "$tmp/h" | cut -d' ' -f2)
checks < <(pred s "$first")

# zoomed in at the cursor (the first hit): the marks of the hits in the window
tui_key s w w && checks < <(pred s "$first")
tui_screen s | sed -n 4p > "$tmp/ruler.before"

# errors: said as replay --hits says them, nothing changed
for bad in '@alpha(cpu[0].current) ==' '@gamma(cpu[0].current) == 0'; do
	want=$($tv replay --hits "$bad" "$tmp/m" 2>&1 >/dev/null | sed 's/^tracevisualizer: --hits: //')
	tui_input s p "$bad" && tui_wait s "^predicate: $(tui_re "$want")" >/dev/null
	okscr s "p '$bad': said as replay --hits says it ($want)"
done
tui_screen s | sed -n 4p | cmp -s - "$tmp/ruler.before"
ok $? "... the marks of the predicate before stay" || diag "$(tui_screen s | sed -n 4p)" "$(cat "$tmp/ruler.before")"
read -r ev ns r node < <(sed -n 2p "$tmp/h")
tui_key s ')' && tui_wait s "^hit 2/$n at $(tui_re "$(rel "$r")") #$ev node $node: $(tui_re "$P")\$" >/dev/null
okscr s "... ) still steps through the predicate before"
tui_send s p C-u && tui_send s Enter && tui_wait s '^no predicate$' >/dev/null &&
	tui_key s ')' && tui_wait s '^no predicate yet \(p\)' >/dev/null
okscr s "p emptied: no predicate, ) says so"
is "$(tui_quit s)" 0 "q: status 0"

# the traces given directly: the same hits
read -r ev ns r node < "$tmp/h"
tui_start d 160 30 -- "$tmp/g/A" "$tmp/g/B" && tui_input d p "$P" &&
	tui_wait d "^predicate: $n hits: " >/dev/null && tui_key d ')' &&
	tui_wait d "^hit 1/$n at $(tui_re "$(rel "$r")") #$ev node $node: " >/dev/null
okscr d "tui A B: the same $n hits, the first at the same time, event and node"
tui_quit d > /dev/null

# a set whose beta is not synchronised: refused, said
mkdir -p "$tmp/few" && python3 "$gen" "$tmp/few" --calls 1 &&
	$bin/gen-trace "$tmp/few/A" < "$tmp/few/a.desc" && $bin/gen-trace "$tmp/few/B" < "$tmp/few/b.desc"
$tv merge -o "$tmp/mf" "$tmp/few/A" "$tmp/few/B" > /dev/null 2>&1
tui_start f 160 30 -- "$tmp/mf" && tui_input f p 'cpu[0].current == 10' &&
	tui_wait f "^predicate: host 1 \\(beta\\) is not synchronised: its events cannot be put on the reference's clock" >/dev/null
okscr f "beta not synchronised: a predicate refused, said"
tui_quit f > /dev/null
done_testing
