# shellcheck shell=bash
# diffruns.sh - two synthetic runs of one workload for the diff's tests
# (tests/host/diff.t, gtk-diff.t, tui-diff.t); needs $gen, the path of
# build/utest/gen-trace.
#
# gen DIR PID1 PID2 SLEEP1 SLEEP2: sh (5) forks two workers on cpu 0 (the
# first, PID1, runs there; the second, PID2, on cpu 1), each sleeps in
# clock_nanosleep for SLEEP ns, then exits; sh waits in wait4 to the end.
# With ARGS1 and ARGS2 (gen DIR PID1 PID2 SLEEP1 SLEEP2 ARGS1 ARGS2) the
# trace is format 1.12 and each worker's exec carries its arguments:
# "worker ARGS" (the words of ARGS, tracegen's execv).
gen() {
	local p1=$2 p2=$3 w1=$((1000080000 + $4)) w2=$((1000080000 + $5)) end
	local x1="exec $p1 /bin/worker" x2="exec $p2 /bin/worker" fmt=""
	if [ $# -ge 7 ]; then
		x1="execv $p1 0 /bin/worker worker $6"
		x2="execv $p2 0 /bin/worker worker $7"
		fmt=" format=1.12"
	fi
	end=$(( (w1 > w2 ? w1 : w2) + 100000 ))
	$gen "$1" <<DESC
header ncpus=2 end=$end$fmt
proc PID: 1; PPID: 0; TGID: 1; NAME: init
proc PID: 5; PPID: 1; TGID: 5; NAME: sh
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000010000 syscall_entry 56
1000020000 fork 5 $p1 $p1 0 17
1000030000 syscall_exit 56 $p1
1000031000 syscall_entry 56
1000032000 fork 5 $p2 $p2 0 17
1000033000 wakeup $p2 1 0
1000034000 syscall_exit 56 $p2
1000040000 syscall_entry 61
1000050000 sched 5 $p1 1
1000055000 syscall_entry 59
1000060000 $x1
1000065000 syscall_exit 59 0
1000070000 syscall_entry 230
1000080000 sched $p1 0 1
$w1 irq_entry 236 0
$((w1 + 1000)) wakeup $p1 0 0
$((w1 + 2000)) irq_exit 236 0
$((w1 + 3000)) sched 0 $p1 0
$((w1 + 4000)) syscall_exit 230 0
$((w1 + 5000)) syscall_entry 231
$((w1 + 6000)) exit $p1 0
$((w1 + 8000)) sched $p1 0 128
buf cpu=1 start=1000000000 pid=0
1000000000 start 0 1
1000035000 sched 0 $p2 0
1000055000 syscall_entry 59
1000060000 $x2
1000065000 syscall_exit 59 0
1000070000 syscall_entry 230
1000080000 sched $p2 0 1
$w2 irq_entry 236 0
$((w2 + 1000)) wakeup $p2 1 0
$((w2 + 2000)) irq_exit 236 0
$((w2 + 3000)) sched 0 $p2 0
$((w2 + 4000)) syscall_exit 230 0
$((w2 + 5000)) syscall_entry 231
$((w2 + 6000)) exit $p2 0
$((w2 + 8000)) sched $p2 0 128
DESC
}
