#!/bin/bash
# tracevisualizer-gtk's Diff tab (gtk/diff.c; issue 35, "a tab in the
# window") against "tracevisualizer diff --json A B" (tests/lib/gtkdiff.py):
#   - --diff A B --screenshot --export-csv, on two synthetic runs (B's
#     second worker sleeps 20 ms more, its pids in the other order) and on
#     two corpus traces (one process matched, the others of one run only):
#     the table's columns (one per kind of the accounting) and rows, ranked
#     as the library ranks them, every number the JSON's to the ns;
#   - the window read through AT-SPI: the same rows; the row of diff's
#     worst change selected and its worst instance explained below (the
#     JSON's thread, interval, state); a click on another changed row
#     explains that one; File -> Compare with... B: one Diff tab, the same
#     rows; usage errors of --diff.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
. "$(dirname "$0")/../lib/diffruns.sh"
gtk_tmp
gen "$tmp/a" 7 8 10000000 10000000 && gen "$tmp/b" 18 17 10000000 30000000
ok $? "gen-trace: run A, and run B whose second worker sleeps 20 ms more"

n=0
for pair in "$tmp/a $tmp/b" "tests/corpus/guest-mix tests/corpus/rpc-requests"; do
	n=$((n + 1))
	set -- $pair
	$tv diff --json "$1" "$2" > "$tmp/d$n.json" 2>/dev/null
	ok $? "diff --json $1 $2"
	timeout 60 xvfb-run -a -s "$screen" "$gtk" --diff "$1" "$2" --screenshot "$tmp/d$n.png" \
		--export-csv "$tmp/d$n.csv" 2> "$tmp/shot$n.err"
	ok $? "--diff $1 $2 --screenshot --export-csv"
	no_gtk_warnings "$tmp/shot$n.err"
	checks < <($PY tests/lib/gtkdiff.py csv "$tmp/d$n.json" "$tmp/d$n.csv")
done
# the injected 20 ms in the worker's row, in the blocked column
grep -q '^worker  init#0/sh#0/worker#1,8 -> 17,both,+20.000000,,10.056000,30.056000,0.000000,0.000000,0.000000,+20.000000' "$tmp/d1.csv"
ok $? "the second worker's row: +20.000000 ms, all of it in blocked" || diag "$(cat "$tmp/d1.csv")"

# (copies: the window saves its session beside its trace when it closes;
# the accessibility registry, started on the bus, says hello on stdout)
cp -r tests/corpus/guest-mix tests/corpus/rpc-requests "$tmp/"
checks < <(cd "$tmp" && timeout 180 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY "$TOP/tests/lib/gtkdiff.py" window "$gtk" "$tmp/guest-mix" "$tmp/rpc-requests" \
	"$tmp/d2.json" 2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')

"$gtk" --diff "$tmp/a" 2> "$tmp/err"; is $? 2 "--diff with one trace: usage error"
grep -q -- '--diff needs two trace directories' "$tmp/err"; ok $? "... saying it needs two"
"$gtk" --diff "$tmp/a" "$tmp/b" "$tmp/a" 2> /dev/null; is $? 2 "--diff A B and another trace: usage error"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --diff "$tmp/a" "$tmp/nosuch" --screenshot "$tmp/x.png" \
	2> "$tmp/err"
is $? 1 "--diff with a B that cannot be read: status 1, no screenshot"
grep -q "nosuch" "$tmp/err"; ok $? "... the error names it" || diag "$(cat "$tmp/err")"
"$gtk" --help | grep -q -- '--diff A B'; ok $? "--diff in --help"
grep -q '^\.BI \\-\\-diff " A B"' docs/tracevisualizer-gtk.1; ok $? "--diff in the man page"
done_testing
