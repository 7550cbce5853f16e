// SPDX-License-Identifier: GPL-2.0
/* signals.c - SIGINT/SIGTERM/SIGHUP/SIGCHLD as a pollable descriptor */
#include "signals.h"
#include "msg.h"

#include <errno.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

int signals_setup(sigset_t *orig)
{
	sigset_t set;
	int fd;

	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &set, orig) < 0) {
		msg_err("sigprocmask: %s", strerror(errno));
		return -1;
	}
	fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
	if (fd < 0)
		msg_err("signalfd: %s", strerror(errno));
	return fd;
}

int signals_next(int fd, struct sig_event *ev)
{
	struct signalfd_siginfo si;
	ssize_t r;

	do
		r = read(fd, &si, sizeof(si));
	while (r < 0 && errno == EINTR);
	if (r != (ssize_t)sizeof(si))
		return 0;
	ev->signo = (int)si.ssi_signo;
	ev->from_kernel = si.ssi_code == SI_KERNEL;
	return 1;
}
