# stacks-big.sh - stacks_big DIR: a trace of 30000 events with off-CPU
# and wakeup stacks, written by gen-trace ($gen) into DIR, for the tests
# of a fold's progress and cancel (sourced after tap.sh;
# tests/host/gtk-flame.t, tests/host/tui-stacks.t).  6000 rounds of 5
# events (7 steps of the fold, one every 4096 events; the reading's first
# step is at 65536): 5 blocks in one of two stacks, 6 wakes it from one
# of two.
stacks_big() {
	{
		echo "header format=1.8 stacks=schedchange,wakeup end=1000600000"
		echo "proc PID: 5; PPID: 1; TGID: 5; NAME: server"
		echo "proc PID: 6; PPID: 1; TGID: 6; NAME: notifier"
		awk 'BEGIN { t = 1000000000
			for (i = 0; i < 6000; i++) {
				if (i % 100 == 0) printf "buf cpu=0 start=%d pid=5\n", t
				u = i % 2 ? "0x401030" : "0x401060"
				printf "%d sched 5 6 1\n%d stack 5 schedchange 0 1 2 0xffffffff81000010 %s 0x401040\n", t, t, u
				printf "%d wakeup 5 0 0\n%d stack 6 wakeup 0 1 2 0xffffffff81000108 %s 0x401050\n", t + 50, t + 50, i % 3 ? "0x401090" : "0x401080"
				printf "%d sched 6 5 0\n", t + 60
				t += 100 } }'
	} | $gen "$1"
}
