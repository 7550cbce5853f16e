#!/bin/bash
# The kernel facility's static keys follow the trace session (issue 14),
# in one boot:
#  - the module loaded and not tracing: no key is on
#    (/sys/kernel/ltt/events, the ids whose key is on, is empty);
#  - traced -e fs while a null-syscall loop and file I/O run: the fs
#    events' keys are on, the system calls' are off, and the trace has
#    the fs events and no system call; after the trace no key is on;
#  - 40 START/STOP cycles (ltt-startstop: the keys are exactly the
#    mask's after START and after a mask change while tracing, none after
#    STOP; a blocking reader reaches end of file every time) while a fork
#    storm and UDP traffic over loopback run on both CPUs: no oops, no
#    WARN (ltt-vm fails the boot on either), no reader left waiting
#    (about 1.2 s per cycle under that load in the emulated guest, so
#    40 cycles: each mask kind (every id, fs, system calls) and a change
#    of mask while tracing come back at least 4 times; 80, 8 times, made
#    this the costliest test of make check, 165 s of CPU on 2026-11-30;
#    LTT_KEYS_CYCLES=N runs more, a multiple of 4);
#  - then, under the same load, 8 short traces of every event
#    (LTT_KEYS_EDGES=N: N traces): none has an interrupt or system call
#    cut in half at its start or stop.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap '[ -n "$KEEP" ] && cp -r "$share" "$KEEP/08-keys"; rm -rf "$share"' EXIT	# KEEP=DIR: the traces kept

N=${LTT_KEYS_CYCLES:-40}
M=${LTT_KEYS_EDGES:-8}
cat > "$share/run.sh" <<EOF
S=/mnt/share
cat /sys/kernel/ltt/events > \$S/keys.idle
traced -q -e fs -o \$S/t -- sh -c '
	cat /sys/kernel/ltt/events > /mnt/share/keys.during
	ltt-bench getppid 3000
	ltt-bench file 5 /tmp'
cat /sys/kernel/ltt/events > \$S/keys.after
# the load, on both CPUs: each loop counts its rounds in /tmp/load
for c in 1 2; do
	taskset \$c sh -c "while [ ! -f /tmp/stop ]; do ltt-bench fork 20; echo fork\$c >> /tmp/load; done" &
	taskset \$c sh -c "while [ ! -f /tmp/stop ]; do ltt-udp \$((7000 + 2 * c)) 200 512 > /dev/null && echo udp\$c >> /tmp/load; done" &
done
ltt-startstop $N > \$S/ss.out 2> \$S/ss.err
echo \$? > \$S/ss.rc
# short traces of every event under that load: each START turns every key
# on and each STOP turns them off while interrupts come
for i in \$(seq $M); do
	traced -q -o \$S/edge\$i -- ltt-bench getppid 200 > /dev/null
done
touch /tmp/stop
wait
sort /tmp/load | uniq -c > \$S/load
cat /sys/kernel/ltt/events > \$S/keys.end
EOF
vm_run "$share" 1200 'sh /mnt/share/run.sh'
ok $? "the guest ran the key checks without oops or WARN"

# no_key FILE DESC: FILE holds the list of keys on, read, and empty: the
# events file always ends its list with a newline, so a file of 0 bytes
# (or none) was never read, and says nothing
no_key() {
	[ -s "$share/$1" ] && [ -z "$(cat "$share/$1")" ]
	ok $? "$2" || if [ -e "$share/$1" ]; then
		diag "$1: $(wc -c < "$share/$1") bytes: '$(cat "$share/$1")'"
	else
		diag "$1: not written"
	fi
}
no_key keys.idle "module loaded, not tracing: no key on"
during=" $(cat "$share/keys.during" 2>/dev/null) "
diag "keys on during traced -e fs: $during"
ok "$([[ $during == *" 24 "* && $during == *" 27 "* && $during == *" 28 "* ]]; echo $?)" \
	"traced -e fs: the keys of fs_open, fs_write and fs_lseek are on"
ok "$([[ $during == *" 7 "* ]]; echo $?)" "and the forced schedchange's"
ok "$([[ $during != *" 1 "* && $during != *" 2 "* ]]; echo $?)" \
	"while the masked-out system calls' keys are off"
tracevisualizer summary --json "$share/t" > "$share/s.json"
ok $? "summary --json of the fs trace"
is "$(json "$share/s.json" 'j["events"]["by_type"].get("syscall_entry", 0)')" "0" \
	"the trace has no syscall entry"
ok "$([ "$(json "$share/s.json" 'j["events"]["by_type"].get("fs_write", 0)')" -ge 80 ]; echo $?)" \
	"and the file workload's writes (5 x 16 at least)"
no_key keys.after "after the trace: no key on"

diag "$(cat "$share/ss.out" "$share/ss.err" 2>/dev/null | head -20)"
is "$(cat "$share/ss.rc" 2>/dev/null)" "0" "ltt-startstop $N: every check of every cycle held"
ok "$(grep -q "^cycles $N keys_on $N keys_changed $((N / 4)) keys_off $N readers $N " "$share/ss.out"; echo $?)" \
	"$N cycles: keys = mask after START ($N) and after a change ($((N / 4))), none after STOP, every reader at end of file"
diag "rounds of load: $(tr -s ' \n' ' ' < "$share/load" 2>/dev/null)"
for l in fork1 fork2 udp1 udp2; do
	ok "$(awk -v l=$l '$2 == l && $1 > 0 { f = 1 } END { exit !f }' "$share/load"; echo $?)" \
		"the $l load ran during the cycles"
done
no_key keys.end "at the end: no key on"

# The trace begins and ends for every event at once (START sets active
# after the keys are on, STOP clears it before they go off): no interrupt,
# softirq or system call cut in half at an edge, which the control flow
# would count as an anomaly (an exit without its entry).
# An edge is the first or last 10 ms of a trace (each is about 2.5 s, and
# its START or STOP takes well under a millisecond).  Each trace also
# loses tens of thousands of events under this load, and an anomaly
# inside it (a rule broken across a loss) is no edge's: it is listed, not
# counted here.
bad=
for i in $(seq $M); do
	tracevisualizer check --json "$share/edge$i" > "$share/edge$i.json" 2>/dev/null
	v=$(json "$share/edge$i.json" 'j["conservation"]["violations"]')
	tracevisualizer graph --json "$share/edge$i" > "$share/edge$i.graph.json" 2>/dev/null
	e=$(python3 - "$share/edge$i.graph.json" "$share/edge$i.json" <<'PY'
import json, sys
g, c = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
start, end = c['trace']['start_ns'], c['trace']['end_ns']
an = [t for t in g['transitions'] if t['kind'] == 'anomaly']
edge = [t for t in an if t['time_ns'] - start < 10000000 or end - t['time_ns'] < 10000000]
for t in an:
    print("%s anomaly %s at %.6f s on cpu %s, pid %s" % ("edge" if t in edge else "inner", t['what'],
          (t['time_ns'] - start) / 1e9, t['cpu'], t['pid']), file=sys.stderr)
print(len(edge))
PY
)
	[ "$v" = 0 ] && [ "$e" = 0 ] || bad="$bad edge$i:$e+$v"
done 2> "$share/anomalies"
[ -s "$share/anomalies" ] && diag "$(head -20 "$share/anomalies")"
is "${bad:-none}" none "$M traces of every event under load: no anomaly at their edges, no violation"
done_testing
