#!/bin/bash
# "tracevisualizer tui --vitals DIR [TRACEDIR]" (tui/vitals.c; issue 29)
# in tmux as a person uses it, against "vitals --json" of the same epoch
# files (tests/lib/vitalsgen.py --span: eight epochs on the clock of a
# generated trace, the first four inside it, epoch 3 a burst, epoch 6
# lost):
#   - a row per vital sign collected, a column per epoch, the syscall row's
#     burst the full block; '!' under the flagged column and 'x' under the
#     column after the lost epoch, where the JSON puts them;
#   - '.' goes to the anomaly; Enter opens the trace's control flow with
#     the epoch's window (cursor in its middle, window its length) and its
#     vital signs in the lesson pane; q comes back; Enter on an epoch after
#     the trace says it is not in it;
#   - t: by 5 min, one column; q quits (0); usage errors.
. "$(dirname "$0")/../lib/tap.sh"
. "$(dirname "$0")/../lib/tui.sh"
tui_test
okscr() { local s=$?; ok $s "$2"; [ $s = 0 ] || diag "$(cat "$TUI_DIR/$1.screen")"; return $s; }

python3 tests/lib/gtkwtrace.py 8 > "$tmp/t.desc" && $gen "$tmp/t" < "$tmp/t.desc" > /dev/null
ok $? "the trace"
read -r t0 t1 < <($tv summary --json "$tmp/t" | python3 -c "import json,sys; t=json.load(sys.stdin)['trace']; print(t['start_ns'], t['end_ns'])")
python3 tests/lib/vitalsgen.py --span "$tmp/v" "$t0" "$t1"
ok $? "seven epoch files over the trace's span $t0..$t1 and after it"
$tv vitals --json "$tmp/v" > "$tmp/v.json"

tui_start v 160 24 -- --vitals "$tmp/v" "$tmp/t"
ok $? "tui --vitals DIR TRACEDIR at 160x24: the first screen"
tui_screen v > "$tmp/s1"
grep -q "^Vital signs  $(tui_re "$tmp/v"): 7 epochs, 0 skipped, 1 missing  by epoch  trace: $(tui_re "$tmp/t")" "$tmp/s1"
okscr v "the title: 7 epochs, 1 missing, by epoch, the trace"
checks < <(python3 - "$tmp/v.json" "$tmp/s1" <<'PY'
import json, sys
from check import ok, done
j = json.load(open(sys.argv[1]))
scr = open(sys.argv[2], encoding='utf-8').read().split('\n')
names = [n for n in ('cpu', 'l2miss', 'schedule-delay', 'blocking', 'disk-io', 'kernel-pages',
                     'user-pages', 'syscall', 'signal', 'socket', 'lock')
         if any(n in e['vitals'] for e in j['epochs'])]
rows = [l[:16].strip() for l in scr[2:2 + len(names)]]
ok(rows == names, "a row per vital sign collected, in id order: %s" % rows)
sc = scr[2 + names.index('syscall')][17:17 + len(j['epochs'])]
tot = [e['vitals']['syscall']['total'] for e in j['epochs']]
blocks = ' \u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588'
want = ''.join(blocks[0 if not t else 8 if t == max(tot) else 1 + (t * 7 + max(tot) // 2) // max(tot)] for t in tot)
ok(sc == want, "the syscall row: a block per epoch as high as its total (%r, %r)" % (sc, want))
an = [l for l in scr if l.startswith('anomaly')][0][17:17 + len(j['epochs'])]
ok([i for i, c in enumerate(an) if c == '!'] ==
   [i for i, e in enumerate(j['epochs']) if any(v['anomaly'] for v in e['vitals'].values())],
   "'!' under the flagged epoch's column: %r" % an)
mi = [l for l in scr if l.startswith('missing before')][0][17:17 + len(j['epochs'])]
ok([i for i, c in enumerate(mi) if c == 'x'] ==
   [i for i, e in enumerate(j['epochs']) if i and e['epoch'] != j['epochs'][i - 1]['epoch'] + 1],
   "'x' under the column after the lost epoch: %r" % mi)
done()
PY
)
tui_key v . && tui_wait v "^column 4/7 " > /dev/null
okscr v ". goes to the anomaly: column 4 (epoch 3)"
tui_key v j j j && tui_wait v "^syscall: total 9000 events  events 9000  flagged epochs 1$" > /dev/null &&
	tui_wait v "^  ANOMALY: outside its band " > /dev/null && tui_wait v "^epoch 3 is in the trace: Enter opens it$" > /dev/null
okscr v "j to the syscall row: epoch 3's total, its band, in the trace"
len=$(( (t1 - t0) / 4 ))
cur=$(python3 -c "print('%.9f' % (($t0 + 3 * $len + $len // 2 - $t0) / 1e9))")
tui_key v Enter && tui_wait v "^cursor $(tui_re "$cur")  window 4\\.250000 ms" > /dev/null
okscr v "Enter: the control flow, the cursor in epoch 3's middle ($cur s), the window its 4.25 ms"
tui_wait v "syscall: 9000 events in 9000 events, ANOMALY \\(outside its band\\)" > /dev/null
okscr v "the epoch's vital signs in the lesson pane"
tui_key v q && tui_wait v "^Vital signs  " > /dev/null
okscr v "q: back to the vital signs"
tui_xkey v end && tui_key v Enter && tui_wait v "^epochs 7\\.\\.7 are not in the trace " > /dev/null
okscr v "End, Enter: epoch 7 is after the trace, said"
tui_key v t && tui_wait v "by 5 min  trace" > /dev/null && tui_wait v "^column 1/1 " > /dev/null
okscr v "t: by 5 minutes, one column (the epochs a second apart)"
is "$(tui_quit v)" 0 "q quits (0)"

# the samples' stacks (vitalsgen --gtk: version 2 files, the frequent
# syscall label's stack named by the directory's kallsyms, its user frame
# of a process whose maps the file does not hold)
python3 tests/lib/vitalsgen.py --gtk "$tmp/g"
tui_start g 160 30 -- --vitals "$tmp/g"
ok $? "tui --vitals DIR of version 2 files, with stacks"
tui_key g . && tui_wait g "^column 5/7 " > /dev/null && tui_key g j j j &&
	tui_wait g "^syscall: total 9000 events" > /dev/null
okscr g ". and j j j: the flagged epoch's syscall row"
grep -A2 "^ *8997  freq  *pid 42  (2 samples)$" "$TUI_DIR/g.screen" | tail -2 | tr '\n' '/' |
	grep -qx "      user:   \\[unknown\\]/      kernel: vit_gen_beta+0x10 <- vit_gen_alpha+0x4/"
okscr g "its top label, then its stack, a line each: the user frame [unknown], the kernel frames named"
is "$(tui_quit g)" 0 "q quits (0)"

# at 80x24 the key line fits whole (it ended "q qu" before)
tui_start n 80 24 -- --vitals "$tmp/g"
ok $? "tui --vitals DIR at 80x24"
tui_wait n "^column 1/7  .*  q quit *$" > /dev/null
okscr n "the key line ends with q quit at 80 columns"
is "$(tui_quit n)" 0 "q quits (0)"

$tv tui --vitals > /dev/null 2>&1; is $? 2 "--vitals without DIR: usage error"
$tv tui --vitals "$tmp/v" "$tmp/t" "$tmp/t" > /dev/null 2>&1; is $? 2 "two traces: usage error"
$tv tui --vitals "$tmp/none" > /dev/null 2> "$tmp/e"; is $? 1 "a directory that is not there: status 1"
grep -q "cannot read the directory" "$tmp/e"; ok $? "said"
done_testing
