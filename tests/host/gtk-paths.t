#!/bin/bash
# tracevisualizer-gtk's Paths tab (gtk/paths.c, gtk/pathgraph.c) against
# "tracevisualizer paths --explain --json" of the same trace: a synthetic
# RPC system with socket endpoints (tests/lib/rpctrace.py: a client calls
# a server, which calls a database for two requests in three, then a
# cache).  A screenshot with --view paths, checked by its pixels and by
# what the tab drew (--dump-paths): the list, the graph's labels and
# layout, each node and call arrow drawn, each bar segment of its state's
# colour and width.  Then the window used (tests/lib/gtkpaths.py): the
# list and the graph read back through AT-SPI, a click on a node and the
# keyboard showing its representative call in the graphs, another
# pattern, the exports, the convolution; a trace without messages says
# so.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
tv=tracevisualizer
screen="-screen 0 1280x1200x24"
export PYTHONPATH=$TOP/tests/lib

$PY tests/lib/rpctrace.py --requests 30 > "$tmp/desc" && $gen "$tmp/rpc" < "$tmp/desc" &&
	$tv check "$tmp/rpc" > /dev/null
ok $? "the RPC trace is written, and it conserves time"
$tv paths --explain --json --top 0 "$tmp/rpc" > "$tmp/paths.json" &&
	$tv paths --algorithm convolution --json "$tmp/rpc" > "$tmp/conv.json"
ok $? "paths --explain --json, and the convolution's"
is "$(json "$tmp/paths.json" "' '.join('%s=%d' % (p['key'], p['count']) for p in j['patterns'])")" \
	"cli-10(srv-20(db-30,cache-40))=20 cli-10(srv-20(cache-40))=10" "its two patterns (the generator's)"

timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1200 --view paths --screenshot "$tmp/shot.png" \
	--dump-paths "$tmp/dump.json" "$tmp/rpc" 2> "$tmp/shot.err"
ok $? "a screenshot of the Paths tab, and what it drew"
! grep -E 'CRITICAL|WARNING' "$tmp/shot.err" >/dev/null
ok $? "without GTK warnings"
checks < <($PY tests/lib/gtkpaths.py shot "$tmp/shot.png" "$tmp/dump.json" "$tmp/paths.json")

# a trace with no messages (a reader and a server without sockets)
$PY tests/lib/gtktrace.py > "$tmp/edesc" && $gen "$tmp/empty" < "$tmp/edesc"
ok $? "a trace without sockets is written"
timeout 60 xvfb-run -a -s "$screen" "$gtk" --size 1280x1200 --view paths --screenshot "$tmp/empty.png" \
	--dump-paths "$tmp/edump.json" "$tmp/empty" 2> "$tmp/eshot.err"
ok $? "a screenshot of its Paths tab"
is "$(json "$tmp/edump.json" "[j['message'].split('\n')[0], j['list']]")" \
	'["No messages between processes in this trace: no socket send was matched with its receive.", []]' \
	"the tab says there are no messages, and lists nothing"

checks < <(timeout 300 dbus-run-session -- xvfb-run -a -s "$screen" \
	$PY tests/lib/gtkpaths.py drive "$gtk" "$tmp/rpc" "$tmp/paths.json" "$tmp/conv.json" \
	"$tmp/dump.json" "$tmp/empty" "$tmp" 2> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
! grep -E 'CRITICAL|WARNING' "$tmp/atspi.err" > "$tmp/warn.txt"
ok $? "no GTK warning or critical from the checker"
[ -s "$tmp/warn.txt" ] && diag "$(head -5 "$tmp/warn.txt")"
done_testing
