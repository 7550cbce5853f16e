#!/bin/bash
# The jobs graphs with thousands of instances (issue 34): 5000 jobs of
# one name (tests/lib/manyjobs.py: three over a 100 us deadline, one
# taller than the rest but not over it) drawn by "jobs --png" (400
# columns) and the TUI's jobs page (107 columns at 120x34) as
# lttr_jobs_columns() makes them: a column per run of instances, its
# worst instance's height, red ("X") whenever it holds a miss
# (tests/lib/jobcols.py).
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tui_test

/usr/bin/python3 tests/lib/manyjobs.py 5000 > "$tmp/m.desc" && $gen "$tmp/m" < "$tmp/m.desc" &&
	$tv check "$tmp/m" > /dev/null
ok $? "a trace of 5000 jobs written, and it conserves time"
$tv jobs --json --deadline 100us "$tmp/m" > "$tmp/m.json"
is "$?" 3 "jobs --json --deadline 100us: exit status 3"
is "$(/usr/bin/python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["jobs"]; print(len(j["jobs"]), j["misses"])' "$tmp/m.json")" \
	"5000 3" "5000 jobs, 3 misses"
$tv jobs --deadline 100us --png "$tmp/m.png" "$tmp/m" > /dev/null 2>&1
is "$?" 3 "jobs --png: exit status 3"
checks < <(/usr/bin/python3 tests/lib/jobcols.py png "$tmp/m.png" "$tmp/m.json")

tui_start m 120 34 -- "$tmp/m"
ok $? "the TUI starts on it"
tui_key m J && tui_wait m '^Jobs of ctl ' >/dev/null &&
	tui_input m T 100us && tui_wait m 'deadline 100us: 3 of 5000 instances missed' >/dev/null
ok $? "J, T 100us: the jobs page, 3 of the 5000 instances missed"
tui_screen m > "$tmp/s.txt"
checks < <(/usr/bin/python3 tests/lib/jobcols.py tui "$tmp/s.txt" "$tmp/m.json" 107)
is "$(tui_quit m)" 0 "q: status 0"
done_testing
