#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# gtk-hosts-pred.t - the predicate bar of the window of several hosts
# (gtk/hosts.c, lttr/view/hosts-pred.h; issue 32) under Xvfb, as a person
# uses it (tests/lib/gtkhostspred.py), on the synthetic two hosts of
# tests/lib/synctraces.py merged: p, a predicate over both hosts typed;
# ) and ( through its hits, each one's index, time, event and node in the
# bar's status as replay --json --hits of the same set gives them, the
# cursor's line on both hosts' group rows at the hit's x; the ruler's
# hit marks at the hits' x and nowhere else; a syntax error said with its
# column as replay --hits says it, the marks kept.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
bin=$TOP/tracevisualizer/build/utest
make -s -C "$TOP/tracevisualizer" tools >/dev/null
mkdir -p "$tmp/g" "$tmp/out" && python3 "$TOP/tests/lib/synctraces.py" "$tmp/g" --calls 12 --seed 7 --sched &&
	$bin/gen-trace "$tmp/g/A" < "$tmp/g/a.desc" && $bin/gen-trace "$tmp/g/B" < "$tmp/g/b.desc" &&
	$tv merge -o "$tmp/m" "$tmp/g/A" "$tmp/g/B" > /dev/null
ok $? "synctraces + gen-trace + merge: two hosts, 12 calls, merged"
P='@alpha(cpu[0].current) == 10 || @beta(cpu[0].current) == 20'
$tv replay --json --hits "$P" "$tmp/m" > "$tmp/hits.json"
ok $? "replay --json --hits '$P' of the set"
bad='@alpha(cpu[0].current) =='
msg=$($tv replay --hits "$bad" "$tmp/m" 2>&1 | sed 's/^tracevisualizer: --hits: //')
checks < <(PYTHONPATH=tests/lib timeout 600 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkhostspred.py "$gtk" "$tmp/m" "$tmp/hits.json" "$P" "$bad" "$msg" "$tmp/out" \
	2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
cp "$tmp/out/hosts-ruler.png" /tmp/gtk-hosts-pred-ruler.png 2>/dev/null
no_gtk_warnings "$tmp/atspi.err" "$tmp/out/"*.log
done_testing
