// SPDX-License-Identifier: GPL-2.0
/* program.c - running the traced program */
#include "program.h"
#include "msg.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t program_start(char *const argv[], const sigset_t *orig_mask)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		msg_err("cannot start %s: fork: %s", argv[0], strerror(errno));
		return -1;
	}
	if (pid == 0) {
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGCHLD,
					    SIGPIPE, SIGALRM };
		size_t i;

		for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			signal(sigs[i], SIG_DFL);
		sigprocmask(SIG_SETMASK, orig_mask, NULL);
		execvp(argv[0], argv);
		fprintf(stderr, "traced: cannot execute %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	return pid;
}

int program_exit_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}
