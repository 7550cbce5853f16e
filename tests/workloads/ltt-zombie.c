// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-zombie MS - three ways a task ends, for the zombie state:
 *   - a child that exits at once and that the parent waits for only MS
 *     milliseconds after it died (waitid with WNOWAIT sees it dead without
 *     reaping it): a zombie for at least MS ms;
 *   - a thread that exits and is joined: a thread reaps itself, never a
 *     zombie;
 *   - a child forked while SIGCHLD is ignored: reaped at once by itself.
 * Prints "zombie PID", "thread TID" and "auto PID", one per line, and exits
 * 0 when the zombie child was reaped with its exit code (7).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static pid_t thread_tid;

static void *thread_main(void *arg)
{
	(void)arg;
	thread_tid = (pid_t)syscall(SYS_gettid);
	return NULL;
}

int main(int argc, char **argv)
{
	struct timespec nap;
	pthread_t th;
	siginfo_t si;
	pid_t pid, aut;
	int status;
	long ms;

	if (argc != 2 || (ms = strtol(argv[1], NULL, 10)) < 1 || ms > 10000) {
		fprintf(stderr, "usage: ltt-zombie MS (1..10000)\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);

	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0)
		_exit(7);
	/* dead, not reaped: WNOWAIT leaves it a zombie */
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT)) {
		perror("waitid");
		return 1;
	}
	nap.tv_sec = ms / 1000;
	nap.tv_nsec = (ms % 1000) * 1000000L;
	nanosleep(&nap, NULL);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 7) {
		fprintf(stderr, "ltt-zombie: child %d not reaped with code 7\n", (int)pid);
		return 1;
	}
	printf("zombie %d\n", (int)pid);

	if (pthread_create(&th, NULL, thread_main, NULL) || pthread_join(th, NULL)) {
		fprintf(stderr, "ltt-zombie: pthread failed\n");
		return 1;
	}
	printf("thread %d\n", (int)thread_tid);

	signal(SIGCHLD, SIG_IGN);
	aut = fork();
	if (aut < 0) {
		perror("fork");
		return 1;
	}
	if (aut == 0)
		_exit(0);
	/* with SIGCHLD ignored, wait returns once every child is gone */
	while (wait(NULL) >= 0 || errno == EINTR)
		;
	printf("auto %d\n", (int)aut);
	return 0;
}
