/* SPDX-License-Identifier: GPL-2.0 */
/* signals.h - SIGINT/SIGTERM/SIGHUP/SIGCHLD as a pollable descriptor */
#ifndef TRACED_SIGNALS_H
#define TRACED_SIGNALS_H

#include <signal.h>

struct sig_event {
	int signo;
	int from_kernel;	/* raised by the kernel (e.g. the tty's ^C) */
};

/*
 * Blocks the signals, saves the previous mask in *orig and returns a
 * signalfd (non-blocking, close-on-exec), or -1 (message printed).
 * SIGPIPE is ignored: write errors are reported as EPIPE instead.
 */
int signals_setup(sigset_t *orig);

/* Next pending signal: 1 and *ev, 0 if none. */
int signals_next(int fd, struct sig_event *ev);

#endif
