#!/bin/bash
# tracevisualizer-gtk's Vital signs window (gtk/vitals.c; issue 29, "TUI
# and GTK: a vitals view: the vital signs as overlaid line graphs over
# epochs, a click/Enter on an epoch lists its samples; the symptoms the
# detector flagged listed first") as a person uses it, under Xvfb through
# AT-SPI, xdotool and the screen's pixels, against "vitals --json --top
# 1000" of the same directory (tests/lib/gtkvitals.py), on the epoch files
# of tests/lib/vitalsgen.py --gtk (three vital signs, epoch 4 a syscall
# burst, epoch 6 lost):
#   - --vitals DIR: the title's counts; the epochs listed, the flagged
#     one first with its symptom; each vital sign's line colour at its
#     epochs' points, broken at the lost epoch (a grey mark under the
#     axis there), a red ring around the flagged point;
#   - a click on an epoch lists exactly its samples (per label, the
#     JSON's counts, first times and tasks) and selects its row; Enter on
#     the flagged row lists its samples; a click on the lost epoch says
#     it has no file; Open the epoch in the trace without a TRACEDIR: said;
#   - --vitals DIR TRACEDIR (tui-vitals.t's epochs on a trace's clock):
#     Open the epoch in the trace on the flagged epoch: a new tab, its
#     cursor in the epoch's middle, the window its length, its vital signs
#     in the lesson panel; on an epoch after the trace: said;
#   - the timescales (vitalsgen.py --series: 750 epochs of 2 minutes, a
#     burst, lost and cut epochs): t steps by epoch, 5 min, 1 h, 1 day and
#     back, the graph's buckets and the list's rows as vitals --json
#     --timescale's, the flagged first; by the hour the line's points, a
#     red ring at the flagged hour, grey marks where epochs are missing;
#     a click on the hour selects it, Enter goes into its epochs (the
#     flagged one's samples); , and . between the anomalies;
#   - bad input: vitals.t's directory (a cut file, one of version 7): the
#     others shown, the two counted skipped and named; a directory that is
#     not there: a dialog, exit status 1; --vitals without DIR: a usage
#     error; --vitals in --help and the man page, after --top.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/gtk.sh"
gtk_tmp
python3 tests/lib/vitalsgen.py --gtk "$tmp/v"
ok $? "seven epoch files of three vital signs, epoch 4 a burst, epoch 6 lost"
$tv vitals --json --top 1000 "$tmp/v" > "$tmp/v.json"
ok $? "vitals --json --top 1000 of them"
python3 tests/lib/vitalsgen.py "$tmp/b"
ok $? "vitals.t's directory: epoch 3's file cut, epoch 6's of version 7"

run() {
	(cd "$tmp" && timeout 180 dbus-run-session -- xvfb-run -a -s "$screen" \
		$PY "$TOP/tests/lib/gtkvitals.py" "$@" 2>> "$tmp/atspi.err" | grep -v '^SpiRegistry daemon')
}
checks < <(run window "$gtk" "$tmp/v" "$tmp/v.json" "$tmp/vitals.png")
[ -n "$GTK_VITALS_SHOT" ] && cp "$tmp/vitals.png" "$GTK_VITALS_SHOT"
checks < <(run bad "$gtk" "$tmp/b")

# the timescales: vitals-timescale.t's 750 epochs of 2 minutes over 25 hours
# (status 4: epoch 200's file is cut, skipped with a warning)
python3 tests/lib/vitalsgen.py --series "$tmp/ser"
ok $? "vitalsgen.py --series: 750 epochs of 2 minutes"
rcs=$($tv vitals --json --top 1000 "$tmp/ser" > "$tmp/ser.json" 2>/dev/null; echo $?)
for d in 5min 1h 1d; do
	rcs="$rcs $($tv vitals --json --timescale $d "$tmp/ser" > "$tmp/ser-$d.json" 2>/dev/null; echo $?)"
done
is "$rcs" "4 4 4 4" "vitals --json of them by epoch and by 5 min, 1 h, 1 day (a file skipped: status 4)"
checks < <(run scales "$gtk" "$tmp/ser" "$tmp/ser.json" "$tmp/ser-5min.json" "$tmp/ser-1h.json" "$tmp/ser-1d.json")

python3 tests/lib/gtkwtrace.py 8 > "$tmp/t.desc" && "$gen" "$tmp/t" < "$tmp/t.desc" > /dev/null
ok $? "a trace"
read -r t0 t1 < <($tv summary --json "$tmp/t" | python3 -c "import json,sys; t=json.load(sys.stdin)['trace']; print(t['start_ns'], t['end_ns'])")
python3 tests/lib/vitalsgen.py --span "$tmp/s" "$t0" "$t1" && $tv vitals --json "$tmp/s" > "$tmp/s.json"
ok $? "tui-vitals.t's epochs on its clock: four in it, epoch 3 a burst, three after it"
checks < <(run trace "$gtk" "$tmp/s" "$tmp/t" "$tmp/s.json" "$t0" "$t1")
timeout 60 xvfb-run -a -s "$screen" "$gtk" --vitals "$tmp/none" --screenshot "$tmp/x.png" "$tmp/t" \
	2> "$tmp/err"
is $? 1 "--vitals of a directory that is not there: exit status 1"
grep -q -- "--vitals: .*none" "$tmp/err"
ok $? "... said" || diag "$(cat "$tmp/err")"
"$gtk" --vitals 2> "$tmp/err"; is $? 2 "--vitals without DIR: a usage error"
grep -q -- '--vitals needs the directory' "$tmp/err"; ok $? "... said"
order() { grep -o -E -- "$1" | tr '\n' ' '; }
is "$("$gtk" --help | order '^  --(top|vitals|bench)')" "  --top   --vitals   --bench " \
	"--help: --vitals DIR after --top, before --bench"
is "$(sed -n '/^\.SH OPTIONS/,$p' docs/tracevisualizer-gtk.1 | order '^\.BI? \\-\\-(top|vitals|bench)')" \
	'.BI \-\-top .BI \-\-vitals .B \-\-bench ' "the man page: the same order"
grep -q -- '^\.B \\-\\-vitals$' docs/tracevisualizer-gtk.1; ok $? "--vitals in the man page's SYNOPSIS"
done_testing
