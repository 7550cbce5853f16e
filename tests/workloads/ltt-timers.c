// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-timers VALUE_US INTERVAL_US COUNT SLEEP_NS - the timer and process
 * events of one process, with known arguments:
 *
 *   nanosleep(SLEEP_NS)
 *   setitimer(ITIMER_REAL, value VALUE_US, interval INTERVAL_US); the
 *   SIGALRM handler counts the signals and, at the COUNT-th, disarms the
 *   timer with setitimer(ITIMER_REAL, 0) (so exactly COUNT are sent);
 *   fork a child that exits with code 7; waitpid(child, &st, 0).
 *
 * Prints, one "key value" per line: pid, child, handler (the SIGALRM
 * handler's address, hex), alarms.  Exits 0 when all went as listed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/time.h>
#include <sys/wait.h>

static volatile sig_atomic_t alarms;
static long want;

static void on_alarm(int sig)
{
	static const struct itimerval off;

	(void)sig;
	if (++alarms == want)
		setitimer(ITIMER_REAL, &off, NULL);
}

static int fail(const char *what)
{
	fprintf(stderr, "ltt-timers: %s: %s\n", what, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it;
	struct timespec req;
	sigset_t block, old;
	long value, interval, sleep_ns;
	pid_t child;
	int st;

	if (argc != 5 || (value = atol(argv[1])) < 1 ||
	    (interval = atol(argv[2])) < 1 || (want = atol(argv[3])) < 1 ||
	    (sleep_ns = atol(argv[4])) < 1) {
		fprintf(stderr, "usage: ltt-timers VALUE_US INTERVAL_US COUNT SLEEP_NS\n");
		return 2;
	}
	req.tv_sec = sleep_ns / 1000000000L;
	req.tv_nsec = sleep_ns % 1000000000L;
	if (nanosleep(&req, NULL))
		return fail("nanosleep");

	sigemptyset(&block);
	sigaddset(&block, SIGALRM);
	if (sigprocmask(SIG_BLOCK, &block, &old) || sigaction(SIGALRM, &sa, NULL))
		return fail("sigaction");
	it.it_value.tv_sec = value / 1000000;
	it.it_value.tv_usec = value % 1000000;
	it.it_interval.tv_sec = interval / 1000000;
	it.it_interval.tv_usec = interval % 1000000;
	if (setitimer(ITIMER_REAL, &it, NULL))
		return fail("setitimer");
	while (alarms < want)
		sigsuspend(&old);
	if (sigprocmask(SIG_SETMASK, &old, NULL))
		return fail("sigprocmask");

	child = fork();
	if (child < 0)
		return fail("fork");
	if (child == 0)
		_exit(7);
	if (waitpid(child, &st, 0) != child || !WIFEXITED(st) || WEXITSTATUS(st) != 7)
		return fail("waitpid");
	printf("pid %d\nchild %d\nhandler %lx\nalarms %d\n", (int)getpid(),
	       (int)child, (unsigned long)(void *)on_alarm, (int)alarms);
	return 0;
}
