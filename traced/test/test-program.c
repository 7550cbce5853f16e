// SPDX-License-Identifier: GPL-2.0
/* test-program.c - running the traced program, its exit status */
#include "program.h"
#include "tap.h"

#include <sys/wait.h>
#include <unistd.h>

static int run(char *const argv[])
{
	sigset_t mask;
	int status;
	pid_t pid;

	sigemptyset(&mask);
	pid = program_start(argv, &mask);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return program_exit_status(status);
}

int main(void)
{
	char *ok0[] = { "true", NULL };
	char *seven[] = { "sh", "-c", "exit 7", NULL };
	char *killed[] = { "sh", "-c", "kill -TERM $$", NULL };
	char *missing[] = { "/nonexistent/program", NULL };
	char *blocked[] = { "sh", "-c", "kill -INT $$; exit 5", NULL };
	sigset_t set, old;

	ok(run(ok0) == 0, "true exits 0");
	ok(run(seven) == 7, "exit 7 gives 7");
	ok(run(killed) == 128 + SIGTERM, "killed by SIGTERM gives 143");
	ok(run(missing) == 127, "exec failure gives 127");
	/* the daemon blocks SIGINT; the program must not inherit that */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigprocmask(SIG_BLOCK, &set, &old);
	ok(run(blocked) == 128 + SIGINT,
	   "signal mask restored in the program");
	sigprocmask(SIG_SETMASK, &old, NULL);
	return done_testing();
}
