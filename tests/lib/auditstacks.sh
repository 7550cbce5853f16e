# SPDX-License-Identifier: GPL-2.0
# auditstacks.sh - sourced after tap.sh: the hand-built traced --rules
# session with stacks of tests/host/audit-blame-paths.t (issue 30 with the
# stacks of issue 28), for the tests of audit's code paths and the front
# ends' lists of them (tests/host/tui-audit.t, gtk-audit.t): a request of
# task 40 blocked R ns in a read with the off-CPU stack
# start;main;serve_a;parse_b;read_c, F ns in a futex with
# start;main;serve_a;lock_d (each under kernel frames), and one profiler
# sample in compute_e between them; $gen is the trace generator.
#
# audit_stacks_app DIR : the program whose functions the user frames name,
#	DIR/app (not PIE: nm's addresses are the run's), built; sets the
#	times (R, F, r0, x1, m, end...) and the stacks of the session
# audit_stacks_session DIR HEADER STACKS : the session in DIR (its firings.jsonl, kallsyms,
#	maps naming DIR/app), with the stack records when STACKS is 1
audit_stacks_app() {
	asd=$1
	cat >"$asd/app.c" <<'C'
volatile int sink;
#define F(n) __attribute__((noinline)) void n(void) { int i; for (i = 0; i < 9; i++) sink += i; }
F(start) F(serve_a) F(parse_b) F(read_c) F(lock_d) F(compute_e)
int main(void) { start(); serve_a(); parse_b(); read_c(); lock_d(); compute_e(); return 0; }
C
	cc -O0 -fno-pie -no-pie -o "$asd/app" "$asd/app.c" || return 1
	read -r off vaddr < <(readelf -lW "$asd/app" | awk '$1 == "LOAD" && / R E / { print $2, $3; exit }')
	mstart=$(printf '%x' $(( vaddr & ~0xfff ))); mend=$(printf '%x' $(( (vaddr & ~0xfff) + 0x10000 )))
	foff=$(printf '%08x' $(( off & ~0xfff )))
	# the times (ns) of the request
	T0=1000000000
	r0=$((T0 + 100000))		# read entered: the request's start
	s1=$((r0 + 10000))		# switched out in the read
	R=3000000			# blocked in the read
	w1=$((s1 + R))			# woken by irq 14 (not a task: the block stays 40's)
	x1=$((w1 + 30))			# the read returns (switched in at w1 + 20)
	m=$((x1 + 50000))		# a profiler sample in compute_e
	f0=$((x1 + 100000))		# futex entered
	s2=$((f0 + 10))			# switched out in the futex
	F=1000000			# blocked in the futex
	w2=$((s2 + F))
	end=$((w2 + 30))		# the futex returns: the request's end
	# the stacks, innermost first: kernel frames then user frames
	kread="0xffffffff81000010 0xffffffff81000220"
	uread="$(a read_c) $(a parse_b) $(a serve_a) $(a main) $(a start)"
	kfutex="0xffffffff81000010 0xffffffff81000320"
	ufutex="$(a lock_d) $(a serve_a) $(a main) $(a start)"
	usample="$(a compute_e) $(a serve_a) $(a main) $(a start)"
}

# a symbol address: the function's + 4
a() { printf '0x%x' $((0x$(nm "$asd/app" | awk -v f="$1" '$3 == f { print $1 }') + 4)); }

audit_stacks_session() {	# $1 folder, $2 header line, $3 with stacks (1) or not
	{
		echo "$2"
		echo "proc PID: 40; PPID: 1; TGID: 40; NAME: client"
		echo "buf cpu=0 start=$T0 pid=40"
		echo "$T0 start 40 0"
		echo "$r0 syscall_entry 0"
		echo "$s1 sched 40 0 1"
		[ "$3" ] && echo "$s1 stack 40 schedchange 0 2 5 $kread $uread"
		echo "$((w1 - 10)) irq_entry 14 0"
		echo "$w1 wakeup 40 0 0"
		echo "$((w1 + 10)) irq_exit 14 0"
		echo "$((w1 + 20)) sched 0 40 0"
		echo "$x1 syscall_exit 0 0"
		echo "$m sample 40 $(a compute_e) 1"
		[ "$3" ] && echo "$m stack 40 sample 0 0 4 $usample"
		echo "$f0 syscall_entry 202"
		echo "$s2 sched 40 0 1"
		[ "$3" ] && echo "$s2 stack 40 schedchange 0 2 4 $kfutex $ufutex"
		echo "$((w2 - 10)) irq_entry 14 0"
		echo "$w2 wakeup 40 0 0"
		echo "$((w2 + 10)) irq_exit 14 0"
		echo "$((w2 + 20)) sched 0 40 0"
		echo "$end syscall_exit 202 0"
	} | $gen "$1" || return 1
	cat >"$1/kallsyms" <<'K'
ffffffff81000000 T schedule
ffffffff81000200 T pipe_read
ffffffff81000300 T futex_wait
ffffffff81000400 T _etext
K
	: >"$1/modules"
	printf '# LTT maps 1: the executable mappings of each process at START and at STOP (docs/stacks.md)\n@START %s\npid 40 client\n%s-%s r-xp %s 08:01 %s %s\n@STOP %s\n' \
		$T0 "$mstart" "$mend" "$foff" "$(stat -c %i "$asd/app")" "$asd/app" $((end + 1000)) >"$1/maps"
	echo "{\"seq\":1,\"rule\":0,\"line\":1,\"text\":\"on request if latency > 2ms then notify cat\",\"time_ns\":$end,\"start_ns\":$r0,\"type\":\"request\",\"pid\":40,\"cpu\":0,\"comm\":\"client\",\"key\":\"\",\"values\":[{\"expr\":\"latency\",\"value\":$((end - r0))},{\"expr\":\"2ms\",\"value\":2000000}],\"window_truncated\":false,\"suppressed_before\":0,\"actions\":[\"notify\"],\"snapshot\":null}" >"$1/firings.jsonl"
}
