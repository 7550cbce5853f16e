// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-signal - the parent sends SIGUSR1 to a child that has a handler for
 * it, with kill(2), once the child is ready; the child returns from its
 * handler and exits 0.  Prints "PARENT CHILD HANDLER" (the handler's
 * address in hex) so that a test can find the send and the delivery.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	got = sig;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_usr1 };
	int ready[2], st;
	sigset_t block, old;
	pid_t child;
	char c;

	/* blocked until the child waits for it: no race with the handler */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	if (pipe(ready) || sigprocmask(SIG_BLOCK, &block, &old))
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		if (sigaction(SIGUSR1, &sa, NULL) || write(ready[1], "r", 1) != 1)
			_exit(2);
		while (!got)
			sigsuspend(&old);
		_exit(got == SIGUSR1 ? 0 : 3);
	}
	if (read(ready[0], &c, 1) != 1 || kill(child, SIGUSR1))
		return 1;
	if (waitpid(child, &st, 0) != child || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	printf("%d %d %lx\n", (int)getpid(), (int)child,
	       (unsigned long)(void *)on_usr1);
	return 0;
}
