#!/bin/bash
# Application markers in the TUI's control flow (view 1), in tmux as a
# person sees them, on the trace of tests/lib/marktrace.py: under the row
# of each task that wrote jobs or points, its marker lane, character for
# character the one "graph --json" prints for the same window and width
# (lttr_appmarks_lane(): the TUI draws, the library computes); at the
# bottom, a row per counter ("pid #name lo..hi") whose sparkline's levels
# are those of graph's bins (the last value per column over the window's
# range); the cursor moved into the third job names it on the info line,
# nested "step" inside it; j selects the next task's row (a lane is not
# a row of its own).
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
tui_test
python3 tests/lib/marktrace.py | $gen "$tmp/t"
ok $? "the marker trace"

W=160 LW=28
NC=$((W - LW - 1))
tui_start m $W 30 -- "$tmp/t"
ok $? "the TUI shows the marker trace"
$tv graph --json --width $NC "$tmp/t" > "$tmp/g.json"
tui_screen m > "$tmp/s1"
# lane_of PID: graph's lane of a task; screen_lane PID: the line under the task's row
lane_of() { python3 -c "
import json, sys
g = json.load(open('$tmp/g.json'))
print([r for r in g['rows'] if r['pid'] == $1][0]['lane'])"; }
screen_lane() { grep -A1 -E "^ +$1 [a-z]" "$tmp/s1" | tail -1; }
is "$(screen_lane 10 | cut -c1-$LW)" "$(printf '%*s' $LW 'markers ')" "under ctl's row, a line labelled markers"
is "$(screen_lane 10 | cut -c$((LW + 2))-)" "$(lane_of 10 | sed 's/ *$//')" \
	"... its lane is graph --json's for the same window and $NC columns: $(lane_of 10 | tr -s ' ')"
is "$(screen_lane 20 | cut -c$((LW + 2))-)" "$(lane_of 20 | sed 's/ *$//')" \
	"log's lane too (an end with no begin, a begin with no end): $(lane_of 20 | tr -s ' ')"
grep -A1 -E '^ +1 init' "$tmp/s1" | tail -1 | grep -q markers
ok $(( ! $? )) "no lane under init (it wrote no marker)"

grep -q '^counters' "$tmp/s1"; ok $? "a counters section at the bottom of view 1"
python3 - "$tmp/g.json" "$tmp/s1" $LW <<'PY' > "$tmp/spark"
import json, sys
g = json.load(open(sys.argv[1])); lines = open(sys.argv[2]).read().split('\n'); lw = int(sys.argv[3])
blocks = '\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588'
for c in g['counters']:
    head = '%7u #%s %d..%d' % (c['pid'], c['name'], c['lo'], c['hi'])
    row = [l for l in lines if l.startswith(head[:lw])]
    want = ''
    for b in c['bins']:
        if b is None:
            want += ' '
        elif c['hi'] <= c['lo']:
            want += blocks[4]
        else:
            want += blocks[int((b['last'] - c['lo']) / (c['hi'] - c['lo']) * 7 + 0.5)]
    got = row[0][lw + 1:] if row else None
    print(c['name'], 'ok' if got is not None and got.rstrip() == want.rstrip() else 'got %r want %r' % (got, want))
PY
is "$(sed -n 1p "$tmp/spark")" "queue ok" "ctl's counter queue: a row \"10 #queue -4..24\", its sparkline the levels of graph's bins"
is "$(sed -n 2p "$tmp/spark")" "temp ok" "log's counter temp: likewise"

# the cursor into the third job (25 ms to 27 ms; step 25.5 to 26.5), on ctl's row
tui_input m g 26ms
tui_wait m '^10 ctl: .*\| job step 0\.025500000\.\.0\.026500000' 5
ok $? "the cursor at 26 ms on ctl: the info line names the innermost job, step, and its span"
tui_input m g 28ms
tui_wait_gone m '\| job ' 5
ok $? "at 28 ms, between jobs: no job named"
tui_key m j
tui_wait m '^20 log: ' 5
ok $? "j from ctl selects log, the next task row (over ctl's lane)"
done_testing
