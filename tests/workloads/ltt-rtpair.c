// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-rtpair N CPU CHILD_CPU - a real-time task and a normal one take turns
 * N times, the parent on CPU, the child on CHILD_CPU: the parent runs under SCHED_FIFO priority 50 (the kernel's prio
 * 49), its child under SCHED_OTHER nice 5 (prio 125); the parent writes a
 * byte into a pipe, the child reads it and writes it back on another pipe,
 * the parent reads it.  On two CPUs each waits in read for the other and
 * is woken by it: the trace shows a SCHED_FIFO waker and wakee on one
 * side, SCHED_OTHER on the other.  The parent
 * changes its policy with sched_setscheduler() (syscall 144) before it
 * forks, with SCHED_RESET_ON_FORK: the child starts SCHED_OTHER nice 0
 * (prio 120) and sets nice 5 with setpriority() (syscall 141) before its
 * first read.  Prints "PARENT CHILD" (their pids) when done.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ltt-workload.h"

int main(int argc, char **argv)
{
	struct sched_param sp = { .sched_priority = 50 };
	int ping[2], pong[2], st;
	long n, i;
	char c = 'x';
	pid_t child;

	if (argc != 4 || (n = strtol(argv[1], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: ltt-rtpair N CPU CHILD_CPU\n");
		return 2;
	}
	if (ltt_pin_cpu("ltt-rtpair", argv[2]))
		return 1;
	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &sp)) {
		fprintf(stderr, "ltt-rtpair: sched_setscheduler: %s\n",
			strerror(errno));
		return 1;
	}
	if (pipe(ping) || pipe(pong))
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		if (ltt_pin_cpu("ltt-rtpair", argv[3]) ||
		    setpriority(PRIO_PROCESS, 0, 5))
			_exit(1);
		for (i = 0; i < n; i++)
			if (read(ping[0], &c, 1) != 1 || write(pong[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	for (i = 0; i < n; i++)
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			return 1;
	if (waitpid(child, &st, 0) != child || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	printf("%d %d\n", (int)getpid(), (int)child);
	return 0;
}
