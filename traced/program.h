/* SPDX-License-Identifier: GPL-2.0 */
/* program.h - running the traced program */
#ifndef TRACED_PROGRAM_H
#define TRACED_PROGRAM_H

#include <signal.h>
#include <sys/types.h>

/*
 * Forks and execs argv[0] (searched in PATH) with the signal mask
 * orig_mask and default signal dispositions; stdin/stdout/stderr are
 * inherited.  If exec fails the child prints a message and exits 127.
 * Returns the child's pid, or -1 if fork failed (message printed).
 */
pid_t program_start(char *const argv[], const sigset_t *orig_mask);

/* Exit status for a wait() status: its exit code, or 128 + signal. */
int program_exit_status(int status);

#endif
