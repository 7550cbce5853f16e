#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# replay.t - tracevisualizer replay (docs/replay.md): breakpoints,
# watchpoints and Lua commands over the replayed trace, each answer
# computed independently from "tracevisualizer dump" (or "messages
# --list") by tests/lib/replaycheck.py: the moments the runqueue of CPU 0
# held more than 2 tasks in the guest trace with the fork tree; every
# wakeup of one task by another; a watch on a task's state firing exactly
# at its changes; a Lua script with shared state counting, per pair of
# processes, the messages in flight over 45 us (rpc-requests); a
# breakpoint on a custom event with a condition on its field and a nested
# watch set there, deleted at the next breakpoint; run-to-previous
# reaching the forward hits in reverse order; bad input (syntax errors
# with line and column, unknown fields, a command that loops forever,
# allocates without bound, fails or writes a file: stopped with a
# message, the replay and the commands' variables intact).  Wakers: each
# wakeup's waking task and its syscall against dump; futexes and the
# syscall events' ip and return value on a trace made for them.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/tui.sh"
tv=$TOP/tracevisualizer
T=$tv/tracevisualizer
gen=$tv/build/utest/gen-trace
chk="python3 $TOP/tests/lib/replaycheck.py"
make -C "$tv" -s tracevisualizer tools >/dev/null 2>&1 || { plan 1; ok 1 "make -C tracevisualizer"; exit 1; }
tmp=$(mktemp -d)
tui_setup "$tmp"	# the trap: the tmux server of the prompt's test, $tmp
mix=$TOP/tests/corpus/guest-mix
rpc=$TOP/tests/corpus/rpc-requests
plan 50

"$T" dump "$mix" > "$tmp/mix.txt"

# ---- the runqueue of CPU 0 over 2 ----------------------------------------
printf 'watch cpu[0].runq > 2\nrun\n' > "$tmp/rq.rs"
"$T" replay --json --script "$tmp/rq.rs" "$mix" > "$tmp/rq.json"
ok $? "replay --json of a watch on cpu[0].runq > 2"
$chk runq "$tmp/mix.txt" 0 2 > "$tmp/rq.exp"
$chk stops "$tmp/rq.json" watch | awk '{ print $1, $3 }' > "$tmp/rq.got"
n=$(grep -c ' 1$' "$tmp/rq.exp")
ok "$([ "$n" -gt 5 ] && echo 0 || echo 1)" "the trace's runqueue of CPU 0 exceeds 2 several times ($n)"
diff "$tmp/rq.exp" "$tmp/rq.got" > "$tmp/d" 
ok $? "each moment it exceeds 2 and falls back, as dump tells: $(wc -l < "$tmp/rq.exp") changes" || diag "$(head "$tmp/d")"
"$T" replay --script "$tmp/rq.rs" "$mix" > "$tmp/rq.txt"
is "$(grep -c '^watch 1 at .* | cpu\[0\].runq > 2: 0 -> 1$' "$tmp/rq.txt")" "$n" "the text output: the same $n moments"

# ---- every wakeup of task 54 by task 57 -----------------------------------
printf 'break type == wakeup && pid == 57 && args.pid == 54\nrun\n' > "$tmp/w.rs"
"$T" replay --json --script "$tmp/w.rs" "$mix" > "$tmp/w.json"
$chk wakeups "$tmp/mix.txt" 54 57 > "$tmp/w.exp"
$chk stops "$tmp/w.json" break > "$tmp/w.got"
ok "$([ "$(wc -l < "$tmp/w.exp")" -gt 100 ] && echo 0 || echo 1)" "dump has $(wc -l < "$tmp/w.exp") wakeups of 54 by 57"
cmp -s "$tmp/w.exp" "$tmp/w.got"
ok $? "break on them stops at each, at its time"

# ---- a watch on a task's state ----------------------------------------------
for pid in 54 10; do
	printf 'watch task[%s].state\nrun\n' $pid > "$tmp/s.rs"
	"$T" replay --json --script "$tmp/s.rs" "$mix" > "$tmp/s.json"
	$chk state "$tmp/mix.txt" $pid > "$tmp/s.exp"
	$chk stops "$tmp/s.json" watch > "$tmp/s.got"
	diff "$tmp/s.exp" "$tmp/s.got" > "$tmp/d"
	ok $? "watch task[$pid].state fires at each of its $(wc -l < "$tmp/s.exp") changes, old and new values as dump gives them" ||
		diag "$(head "$tmp/d")"
done
python3 - "$tmp/s.json" <<'PYEOF'
import json, sys
s = [x for x in json.load(open(sys.argv[1]))['stops'] if x['kind'] == 'watch']
sys.exit(0 if s and all(x['old'] != x['value'] for x in s) else 1)
PYEOF
ok $? "never when the value is unchanged"

# ---- Lua, shared state: messages in flight over 45 us per pair -----------
cat > "$tmp/m.rs" <<'LUAEOF'
# per pair of processes, the messages in flight longer than 45 us
break type == socket_recv
commands
  over = over or {}
  for _, m in ipairs(messages()) do
    if m.recv_ns - m.send_ns > 45000 then
      local k = m.src .. " " .. m.dst
      over[k] = (over[k] or 0) + 1
    end
  end
  local ks = {}
  for k in pairs(over) do ks[#ks + 1] = k end
  table.sort(ks)
  for _, k in ipairs(ks) do print(k, over[k]) end
end commands
run
LUAEOF
"$T" messages --list "$rpc" > "$tmp/list.txt"
$chk msgs "$tmp/list.txt" 45000 > "$tmp/m.exp"
"$T" replay --json --script "$tmp/m.rs" "$rpc" |
	python3 -c "import json,sys; print(json.load(sys.stdin)['stops'][-1]['output'], end='')" |
	tr '\t' ' ' > "$tmp/m.got"
ok "$([ "$(wc -l < "$tmp/m.exp")" -ge 3 ] && echo 0 || echo 1)" "messages --list: $(wc -l < "$tmp/m.exp") pairs with messages over 45 us"
cmp -s "$tmp/m.exp" "$tmp/m.got"
ok $? "the script's counts per pair, kept across its commands, are messages --list's" ||
	diag "$(cat "$tmp/m.got")"

# ---- channels: chan[SRC][DST] against messages --list ---------------------
# a watch on the in-flight count of each pair fires at each send and each
# receive (the count changes), and there sent, received, bytes and the
# oldest message's age are what messages --list gives at that moment
for pair in "20 30" "10 20" "40 20"; do
	set -- $pair
	cat > "$tmp/c.rs" <<CHEOF
watch chan[$1][$2].in_flight
commands
  print(eval("chan[$1][$2].sent"), eval("chan[$1][$2].received"), eval("chan[$1][$2].oldest_age"), eval("chan[$1][$2].unmatched"), eval("chan[$1][$2].bytes"))
end commands
run
CHEOF
	"$T" replay --json --script "$tmp/c.rs" "$rpc" > "$tmp/c.json" &&
		"$T" messages --list --json "$rpc" > "$tmp/list.json" &&
		python3 - "$tmp/list.json" "$tmp/c.json" "$1" "$2" > "$tmp/c.out" <<'PYEOF'
import json, sys
src, dst = int(sys.argv[3]), int(sys.argv[4])
ms = [(m['send_ns'], m['recv_ns'], m['bytes']) for m in json.load(open(sys.argv[1]))['messages']
      if m['sender'].endswith('-%d' % src) and m['receiver'].endswith('-%d' % dst)
      and not m['send_only'] and not m['recv_only']]
stops = json.load(open(sys.argv[2]))['stops']
def at(t):
    inf = [(s, b) for s, r, b in ms if s <= t < r]
    return (sum(s <= t for s, _, _ in ms), sum(r <= t for _, r, _ in ms),
            (t - min(s for s, _ in inf)) if inf else None, len(inf), sum(b for _, b in inf))
want = sorted(set(t for m in ms for t in m[:2]))
want = [t for i, t in enumerate(want) if at(t)[3] != (at(want[i - 1])[3] if i else 0)]
got = [s['time_ns'] for s in stops]
bad = []
for s in stops:
    n_s, n_r, age, n, by = at(s['time_ns'])
    exp = "%d\t%d\t%s\t0\t%d\n" % (n_s, n_r, 'nil' if age is None else age, by)
    if s['output'] != exp or s['value'] != str(n):
        bad.append((s['time_ns'], s['value'], s['output'], n, exp))
print("%d %d %d %s" % (len(ms), len(got), int(got == want), bad[:2]))
PYEOF
	read -r nm ng same bad < "$tmp/c.out"
	[ "${nm:-0}" -ge 10 ] && [ "$same" = 1 ] && [ "$bad" = "[]" ]
	ok $? "chan[$1][$2]: $nm messages; the watch on in_flight stops at each of the $ng changes, no other; sent, received, oldest_age, bytes there as messages --list --json gives" ||
		diag "$(cat "$tmp/c.out")"
done
"$T" replay --script /dev/stdin "$rpc" > "$tmp/c2.out" 2>&1 <<'CHEOF'
watch chan[20][30].bogus
run
CHEOF
[ $? = 2 ] && grep -q ':1:20: unknown field "bogus"' "$tmp/c2.out"
ok $? "chan[20][30].bogus: an unknown field, its line and column, exit status 2" || diag "$(cat "$tmp/c2.out")"
"$T" replay --json --script /dev/stdin "$rpc" > "$tmp/c3.json" <<'CHEOF'
break type == socket_recv if chan[30][10].sent == 0 && chan[30][10].in_flight == 0
run
CHEOF
nr=$("$T" dump --type socket_recv "$rpc" | grep -vc "^#")
python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))["stops"]; sys.exit(len(s) != int(sys.argv[2]))' "$tmp/c3.json" "$nr"
ok $? "a pair that never exchanged a message: an empty channel (0 sent, 0 in flight): the break fires at each of the $nr receives"

# ---- marker counters as application variables: app[PID].NAME ------------
# a watch on each counter of tests/lib/marktrace.py's trace fires exactly
# where dump lists a counter marker of that process and name whose value
# differs from the one before, with the old and the new values
# (its header's mask with every event, markers too, as traced writes it:
# a name app[] does not know is then maybe a counter's)
python3 tests/lib/marktrace.py | sed '1s/$/ events=all/' | $gen "$tmp/mk" &&
	"$T" dump --json --type marker "$tmp/mk" > "$tmp/mk.json"
ok $? "the markers' trace (tests/lib/marktrace.py) and its markers (dump --json)"
printf 'watch app[10].queue\nwatch app[20].temp\nrun\n' > "$tmp/mk.rs"
"$T" replay --json --script "$tmp/mk.rs" "$tmp/mk" > "$tmp/mkr.json"
is "$(python3 - "$tmp/mk.json" "$tmp/mkr.json" <<'PY'
import json, sys
ev = json.load(open(sys.argv[1]))['events']
want, last = [], {}
for e in ev:
    a = e['args']
    k = (a['pid'], a['name'])
    if a.get('counter') and k in ((10, 'queue'), (20, 'temp')):
        old = last.get(k)
        if old != a['value']:
            want.append((e['time_ns'], 1 if k[0] == 10 else 2,
                         'unknown' if old is None else str(old), str(a['value'])))
        last[k] = a['value']
got = [(s['time_ns'], s['id'], s['old'], s['value'])
       for s in json.load(open(sys.argv[2]))['stops']]
print(len(want) >= 4 and got == want or (want, got))
PY
)" True "watch app[10].queue, app[20].temp (marker counters): a stop at each change of value, as dump lists them"

# ---- descriptors: fd[PID][FD] -------------------------------------------------
# a watch on traced's descriptor 9 in guest-mix stops at each open and
# close of it, and nowhere else: after an open the file dump names, after
# a close "closed before" (the text lttr_view_fd_file() gives the front
# ends), in dump's order
printf 'watch fd[50][9]\nrun\n' > "$tmp/fd.rs"
"$T" replay --json --script "$tmp/fd.rs" "$mix" > "$tmp/fd.json" && "$T" dump --json "$mix" > "$tmp/fdd.json"
is "$?:$(python3 - "$tmp/fdd.json" "$tmp/fd.json" <<'PYEOF'
import json, sys
ev = json.load(open(sys.argv[1]))['events']
want = [(i, 'file %s (fd 9)' % e['args']['filename'] if e['type'] == 'fs_open' else 'fd 9 (closed before)')
        for i, e in enumerate(ev, 1)
        if e['pid'] == 50 and e['type'] in ('fs_open', 'fs_close') and e['args'].get('fd') == 9]
got = [(s['event'], json.loads(s['value'])) for s in json.load(open(sys.argv[2]))['stops']]
print(len(want) > 100 and got == want, len(got), [(g, w) for g, w in zip(got, want) if g != w][:1])
PYEOF
)" "0:True 144 []" "watch fd[50][9]: a stop at each of traced's 72 opens and 72 closes of descriptor 9, the file dump names after each open, closed after each close"

# ---- wakers, futexes, the syscall events' ip and return value -----------
# each wakeup of 54 and of 55 in guest-mix: task[W].waker is the task dump
# shows on the waking CPU, task[W].waker_syscall the syscall dump has it
# in then (its entry without its exit yet), none from an interrupt or a
# softirq (counted from dump's irq and softirq lines) or outside a syscall
for w in 54 55; do
	printf 'break type == wakeup && args.pid == %s\ncommands\n  print(tasks[%s].waker, tasks[%s].waker_syscall or "none")\nend commands\nrun\n' \
		"$w" "$w" "$w" > "$tmp/wk.rs"
	"$T" replay --json --script "$tmp/wk.rs" "$mix" > "$tmp/wk.json"
	python3 - "$T" "$mix" "$w" "$tmp/wk.json" > "$tmp/wk.out" <<'PYEOF'
import json, subprocess, sys
T, trace, woken, got_f = sys.argv[1:5]
dump = subprocess.run([T, 'dump', trace], capture_output=True, text=True).stdout.splitlines()
sc, depth, want = {}, {}, []
for i, l in enumerate([l for l in dump if not l.startswith('#')], 1):
    f = l.split()
    cpu, pid, kind = f[2], int(f[3].rsplit('-', 1)[1]), f[5]
    if kind == 'syscall_entry':
        sc[pid] = f[6]
    elif kind == 'syscall_exit':
        sc.pop(pid, None)
    elif kind in ('irq_entry', 'softirq_entry'):
        depth[cpu] = depth.get(cpu, 0) + 1
    elif kind in ('irq_exit', 'softirq_exit'):
        depth[cpu] = max(depth.get(cpu, 0) - 1, 0)
    elif kind == 'wakeup' and f[6] == 'pid=' + woken:
        want.append((i, pid, (sc.get(pid) if not depth.get(cpu) else None) or 'none'))
got = [(s['event'], int(s['output'].split()[0]), s['output'].split()[1])
       for s in json.load(open(got_f))['stops']]
print(len(want), len(set(w[2] for w in want)), got == want)
if got != want:
    print([(a, b) for a, b in zip(got, want) if a != b][:5], file=sys.stderr)
PYEOF
	read -r nw nsc same < "$tmp/wk.out"
	ok "$([ "$same" = True ] && [ "$nw" -gt 20 ] && [ "$nsc" -gt 1 ] && echo 0 || echo 1)" \
		"task[$w].waker and .waker_syscall at each of its $nw wakeups: dump's waking task and its syscall ($nsc kinds)"
done

# futexes and the syscall events' fields on a trace made for them: 5 and
# 7 wait in futex, 6 wakes 5 from futex (ret 1), 5 wakes 7 from user mode
cat > "$tmp/fx.trace" <<'TREOF'
header ncpus=1 start=1000 format=1.7 events=all
proc PID: 5; PPID: 1; TGID: 5; NAME: waiter
proc PID: 6; PPID: 1; TGID: 6; NAME: holder
proc PID: 7; PPID: 1; TGID: 7; NAME: other
buf cpu=0 start=1000 pid=5
1000 start 5 0
1100 syscall_entry 202 4096
1200 sched 5 7 1
1300 syscall_entry 202 4200
1400 sched 7 6 1
1500 syscall_entry 202 4300
1600 wakeup 5 0 0
1700 syscall_exit 202 1
1800 sched 6 5 0
1900 syscall_exit 202 0
2000 wakeup 7 0 0
2100 sched 5 7 0
2200 syscall_exit 202 0
TREOF
"$gen" "$tmp/fx" "$tmp/fx.trace"
printf '%s\n' 'watch futex.waiters' 'watch futex.wakes' 'watch futex.last_waker' \
	'watch futex.last_woken' 'watch task[5].waker_syscall' 'watch task[7].waker_mode' \
	'watch task[7].waker' 'watch task[6].last_ret' 'watch task[5].syscall_ip' \
	'watch task[5].last_syscall' 'run' > "$tmp/fx.rs"
"$T" replay --script "$tmp/fx.rs" "$tmp/fx" | sed 's/ cpu 0 .* | / | /' > "$tmp/fx.out"
cat > "$tmp/fx.exp" <<'EXPEOF'
watch 9 at 0.000000100 #2 | task[5].syscall_ip: unknown -> 4096
watch 1 at 0.000000200 #3 | futex.waiters: 0 -> 1
watch 1 at 0.000000400 #5 | futex.waiters: 1 -> 2
watch 1 at 0.000000600 #7 | futex.waiters: 2 -> 1
watch 2 at 0.000000600 #7 | futex.wakes: 0 -> 1
watch 3 at 0.000000600 #7 | futex.last_waker: unknown -> 6
watch 4 at 0.000000600 #7 | futex.last_woken: unknown -> 5
watch 5 at 0.000000600 #7 | task[5].waker_syscall: unknown -> "futex"
watch 8 at 0.000000700 #8 | task[6].last_ret: unknown -> 1
watch 9 at 0.000000900 #10 | task[5].syscall_ip: 4096 -> unknown
watch 10 at 0.000000900 #10 | task[5].last_syscall: unknown -> "futex"
watch 1 at 0.000001000 #11 | futex.waiters: 1 -> 0
watch 6 at 0.000001000 #11 | task[7].waker_mode: unknown -> "user"
watch 7 at 0.000001000 #11 | task[7].waker: unknown -> 5
EXPEOF
diff "$tmp/fx.exp" "$tmp/fx.out" > "$tmp/fx.d"
ok $? "futex.waiters, .wakes, .last_waker, .last_woken, task[].waker*, .syscall_ip, .last_syscall, .last_ret: each change where the trace has it" ||
	diag "$(cat "$tmp/fx.d")"
printf 'break * if futex.waiters > 0\ncommands\n  print(futex.waiters, futex.last_waker)\nend commands\nrun\n' > "$tmp/fx2.rs"
is "$("$T" replay --json --script "$tmp/fx2.rs" "$tmp/fx" | python3 -c 'import json, sys; print(" ".join(s["output"].strip().replace("\t", ":") for s in json.load(sys.stdin)["stops"]))')" \
	"1:nil 1:nil 2:nil 2:nil 1:6 1:6 1:6 1:6" "the same in Lua (events #3 to #10): futex.waiters, futex.last_waker (nil before the first futex wake)"
printf 'print futex.bogus\n' > "$tmp/fx3.rs"
"$T" replay --script "$tmp/fx3.rs" "$tmp/fx" > /dev/null 2> "$tmp/fx3.err"
is "$?:$(cat "$tmp/fx3.err")" "2:tracevisualizer: $tmp/fx3.rs:1:13: unknown field \"bogus\"" "futex.bogus: an unknown field, its column"

# ---- custom events: break custom(queue) if len > 100, a nested watch ----
cat > "$tmp/q.trace" <<'TREOF'
header ncpus=1 start=1000 format=1.7 events=all
proc PID: 5; PPID: 1; TGID: 5; NAME: server
proc PID: 6; PPID: 1; TGID: 6; NAME: client
buf cpu=0 start=1000 pid=5
1000 start 5 0
1100 custom_create 1 fields queue len:u32,name:str
1200 custom 1 u32:50 str:a
1300 sched 5 6 1
1400 wakeup 5 0 0
1500 sched 6 5 0
1600 custom 1 u32:150 str:b
1700 custom 1 u32:90 str:c
1800 sched 5 6 1
1900 wakeup 5 0 0
2000 sched 6 5 1
2100 custom 1 u32:200 str:d
2200 wakeup 6 0 0
2300 sched 5 6 1
2350 sched 6 5 0
2400 custom 1 u32:300 str:e
TREOF
"$gen" "$tmp/q" "$tmp/q.trace" && "$T" dump "$tmp/q" > "$tmp/q.txt"
ok $? "a trace with custom events queue(len, name)"
cat > "$tmp/q.rs" <<'LUAEOF'
break custom(queue) if len > 100
commands
  if w then delete(w); w = nil
  else w = watch("task[6].state") end
  print("len", event.len, "app", apps[5].len)
end commands
run
print app[5].name
LUAEOF
"$T" replay --json --script "$tmp/q.rs" "$tmp/q" > "$tmp/q.json"
python3 - "$tmp/q.json" "$tmp/q.txt" > "$tmp/q.out" <<'PYEOF'
import json, re, sys
stops = json.load(open(sys.argv[1]))['stops']
lines = [l for l in open(sys.argv[2]) if not l.startswith('#')]
# from the dump: the custom records with len > 100, and task 6's state changes
brk = [l.split()[0] for l in lines if re.search(r'custom queue len=(\d+)', l)
       and int(re.search(r'len=(\d+)', l).group(1)) > 100]
got = [s for s in stops if s['kind'] == 'break']
print('breaks', [ '%d.%09d' % divmod(s['rel_ns'], 10**9) for s in got] == brk)
lo, hi = got[0]['event'], got[1]['event']
w = [s for s in stops if s['kind'] == 'watch']
print('watch between', len(w) > 0 and all(lo < s['event'] < hi for s in w))
print('watch ids', sorted(set(s['id'] for s in w)) == [2])
last = [re.search(r'name="(\w*)"', l).group(1) for l in lines if ' server-5 ' in l and 'custom queue' in l][-1]
print('print', [s['value'] for s in stops if s['kind'] == 'print'] == ['"%s"' % last])
print('output', got[0]['output'] == 'len\t150\tapp\t150\n')
PYEOF
is "$(grep -c True "$tmp/q.out")" 5 "custom(queue) if len > 100 stops at the records dump shows over 100; the nested watch fires only between the first two breaks; app[5].name is the last published" ||
	diag "$(cat "$tmp/q.out")"
# the watch set at the first break fires at task 6's changes between them
python3 - "$tmp/q.json" > "$tmp/qw.out" <<'PYEOF'
import json, sys
w = [(s['rel_ns'], s['old'], s['value']) for s in json.load(open(sys.argv[1]))['stops'] if s['kind'] == 'watch']
print(w)
PYEOF
is "$(cat "$tmp/qw.out")" "[(800, '\"runnable\"', '\"running\"'), (1000, '\"running\"', '\"blocked\"')]" \
	"the nested watch: task 6 runnable -> running at 800 ns, running -> blocked at 1000 ns (its wakeup at 1200 after the delete is not seen)"

# ---- backward --------------------------------------------------------------
printf 'break type == wakeup && pid == 57 && args.pid == 54\nrun\nrun-to-previous 1000\n' > "$tmp/b.rs"
"$T" replay --json --script "$tmp/b.rs" "$mix" > "$tmp/b.json" 2> "$tmp/b.err"
python3 - "$tmp/b.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))['stops']
f = [(s['event'], s['rel_ns']) for s in d if not s['backward'] and s['kind'] == 'break']
b = [(s['event'], s['rel_ns']) for s in d if s['backward']]
sys.exit(0 if len(f) > 100 and f[::-1] == b else 1)
PYEOF
ok $? "run-to-previous from the end reaches the same hits in reverse order"
grep -q "no hit before event" "$tmp/b.err"
ok $? "and says when there is none before"
printf 'watch task[54].state\nrun\nrun-to-previous 5\ncont 2\n' > "$tmp/b2.rs"
"$T" replay --json --script "$tmp/b2.rs" "$mix" > "$tmp/b2.json"
python3 - "$tmp/b2.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))['stops']
f = [(s['event'], s['old'], s['value']) for s in d if not s['backward'] and s['kind'] == 'watch']
b = [(s['event'], s['old'], s['value']) for s in d if s['backward']]
n = len(f) - 2
sys.exit(0 if b == f[:n][::-1][:5] and f[n:] == f[n - 5 + 1:n - 5 + 3] else 1)
PYEOF
ok $? "a watch backward: the last 5 changes in reverse, then cont goes forward again from there"

# ---- bad input -------------------------------------------------------------
bad() {	# SCRIPT-TEXT EXPECTED-MESSAGE DESCRIPTION
	printf '# a comment\n\n%s\n' "$1" > "$tmp/e.rs"
	"$T" replay --script "$tmp/e.rs" "$mix" > "$tmp/e.out" 2> "$tmp/e.err"
	local st=$?
	is "$st:$(cat "$tmp/e.err")" "2:tracevisualizer: $tmp/e.rs:$2" "$3"
}
bad '  watch cpu[0].runq >' '3:22: expected a value, a field or '"'('" "a syntax error: its line and column"
bad 'watch task[5].bogus' '3:15: unknown field "bogus"' "an unknown field of a task"
bad 'break type == wakeup if nosuchfield > 3' '3:25: unknown field "nosuchfield"' "an unknown field in a condition"
bad 'break type == foo' "3:15: no event type is named 'foo'" "an unknown event type in the spec (the filter language's message)"
bad "$(printf 'break type == wakeup\ncommands\n  x = = 1\nend commands')" "5:5: lua: unexpected symbol near '='" "a Lua syntax error: line and column"
cat > "$tmp/loop.rs" <<'LUAEOF'
break type == wakeup && pid == 57 && args.pid == 54
commands
  n = (n or 0) + 1
  print("hit", n)
  if n <= 8 and n % 4 == 1 then while true do end end
  if n <= 8 and n % 4 == 2 then local t = {} while true do t[#t + 1] = string.rep("x", 100000) .. #t end end
  if n <= 8 and n % 4 == 3 then error("boom") end
  if n == 4 then io.open(os.getenv("TMPF"), "w") end
end commands
run
LUAEOF
TMPF=$tmp/written timeout 120 "$T" replay --script "$tmp/loop.rs" "$mix" > "$tmp/loop.out" 2> "$tmp/loop.err"
ok $? "a script whose commands loop forever, allocate without bound and fail: the replay ends (status 0)"
is "$(grep -c '^break 1 ' "$tmp/loop.out"):$(grep -c '^  hit' "$tmp/loop.out")" "$(wc -l < "$tmp/w.exp"):$(wc -l < "$tmp/w.exp")" \
	"every stop is still reported, each with its command's output"
is "$(grep '^  hit' "$tmp/loop.out" | awk '{ print $2 }' | tr '\n' ' ' | cut -c1-20)" "1 2 3 4 5 6 7 8 9 10" \
	"the commands' shared variable survives the stopped commands"
grep -q 'commands of 1 stopped at event #[0-9]*: instruction budget of 10000000 exceeded' "$tmp/loop.err" &&
	grep -q 'commands of 1 stopped at event #[0-9]*: memory budget exceeded' "$tmp/loop.err" &&
	grep -q 'commands of 1 stopped at event #[0-9]*: line:7: boom' "$tmp/loop.err"
ok $? "each stopped with a message: instruction budget, memory budget, run-time error (with its line)"
grep -q "attempt to index a nil value (global 'io')" "$tmp/loop.err" && [ ! -e "$tmp/written" ]
ok $? "no io without --allow-io: the file is not written"
TMPF=$tmp/written timeout 120 "$T" replay --allow-io --script "$tmp/loop.rs" "$mix" > /dev/null 2>&1
ok "$([ -e "$tmp/written" ] && echo 0 || echo 1)" "with --allow-io it is"

# ---- next PID; commands one at a time from the standard input ------------
printf 'break type == wakeup && pid == 57\ncommands\n  n = (n or 0) + 1\n  print("n", n)\nend commands\ncont 2\nbogus 3\nnext 54\ndelete 1\nnext 54\nquit\ncont\n' |
	"$T" replay "$mix" > "$tmp/i.out" 2> "$tmp/i.err"
ok $? "replay without --script reads the commands from the standard input"
w=$(sed -n 2p "$tmp/w.exp")
is "$(sed -n 's/^break 1 at \([0-9.]*\) .*/\1/p' "$tmp/i.out" | tr '\n' ' ')" "$(head -2 "$tmp/w.exp" | tr '\n' ' ')" \
	"a break line with its commands block, then cont 2: the first two wakeups by 57"
is "$(cat "$tmp/i.err")" 'tracevisualizer: line 7:1: unknown command "bogus"' "an error is said with its line, and the commands go on"
# the next events of 54 after the second wakeup, from the dump
python3 - "$tmp/mix.txt" "$w" > "$tmp/i.exp" <<'PYEOF'
import sys
seen, out = False, []
for l in open(sys.argv[1]):
    if l.startswith('#'):
        continue
    f = l.split()
    if seen and f[3].endswith('-54'):
        out.append(f[0])
        if len(out) == 2:
            break
    seen = seen or f[0] == sys.argv[2]
print(' '.join(out))
PYEOF
is "$(sed -n 's/^step at \([0-9.]*\) .*-54 .*/\1/p' "$tmp/i.out" | tr '\n' ' ' | sed 's/ $//')" "$(cat "$tmp/i.exp")" \
	"next 54 stops at task 54's next event (and again), as dump orders them"
# the prompt, as a person uses it: in a terminal (tmux)
if command -v tmux >/dev/null; then
	tui_shell p 160 40
	tui_typeline p "LTTR_HISTORY_DIR=$tmp/hist $T replay $mix"
	tui_wait p '^\(replay\) ?$' >/dev/null
	ok $? "a terminal gets the prompt"
	tui_typeline p 'break type == wakeup && pid == 57 && args.pid == 54'
	tui_typeline p 'cont'
	tui_wait p "^break 1 at $(tui_re "$(head -1 "$tmp/w.exp")") " >/dev/null
	ok $? "break, cont: the first wakeup of 54 by 57"
	tui_typeline p 'print task[54].state'
	tui_typeline p 'quit'
	tui_wait p '^tui-sh\$ ?$' >/dev/null &&
		tui_screen p | grep -q '^print task\[54\]\.state = "runnable"$'
	ok $? "print there: 54 is runnable, just woken; quit ends"
	# the history: the lines of the run before, kept in its file, come
	# back with Up (libedit, cli/prompt.c); a recalled line is edited
	tui_typeline p "clear; LTTR_HISTORY_DIR=$tmp/hist $T replay $mix"
	tui_wait p '^\(replay\) ?$' >/dev/null && tui_send p Up Up &&
		tui_wait p '^\(replay\) print task\[54\]\.state$' >/dev/null &&
		tui_send p BSpace BSpace BSpace BSpace BSpace && tui_send p -l -- 'comm' &&
		tui_send p Enter &&
		tui_wait p '^print task\[54\]\.comm = ' >/dev/null
	ok $? "the next run: Up Up recalls 'print task[54].state' from the history file; edited to .comm, it runs"
	tui_typeline p 'quit'
	tui_wait p '^tui-sh\$ ?$' >/dev/null && grep -q 'task\[54\]\.comm' "$tmp"/hist/replay_history
	ok $? "quit writes the edited line into the history"
else
	skip_missing "tmux missing (scripts/setup-deps)"
	skip_missing "tmux missing (scripts/setup-deps)"
	skip_missing "tmux missing (scripts/setup-deps)"
	skip_missing "tmux missing (scripts/setup-deps)"
	skip_missing "tmux missing (scripts/setup-deps)"
fi
