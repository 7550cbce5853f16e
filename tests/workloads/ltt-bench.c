// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-bench - the workloads and the timer of scripts/bench (runs in the guest).
 *
 *   ltt-bench getppid N        N getppid() system calls
 *   ltt-bench pipe N           N round trips of one byte between two processes
 *   ltt-bench fork N           N fork() + _exit() + wait()
 *   ltt-bench file N DIR       N times: write 64 KiB to a file in DIR, read it back
 *   ltt-bench wake N US FILE   N periodic wakeups: clock_nanosleep(CLOCK_MONOTONIC,
 *                              TIMER_ABSTIME) to deadlines US microseconds apart;
 *                              each one's lateness (the clock read on return less
 *                              the deadline, ns) written to FILE, one per line:
 *                              the timer interrupt to the task back in user mode
 *   ltt-bench time -- CMD...   run CMD; print "wall_ns user_ns sys_ns status"
 *                              (CLOCK_MONOTONIC around fork..wait4, the
 *                              child's rusage) on stdout
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static void usage(FILE *f)
{
	fprintf(f,
"Usage: ltt-bench getppid N | pipe N | fork N | file N DIR | wake N US FILE\n"
"       ltt-bench time -- COMMAND [ARGS...]\n"
"\n"
"Workloads and timer of scripts/bench.  'time' runs COMMAND and prints\n"
"its wall time, user and system CPU time (ns) and exit status on stdout.\n");
}

static long count(const char *s)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (errno || *end || n < 0) {
		fprintf(stderr, "ltt-bench: bad count '%s'\n", s);
		exit(2);
	}
	return n;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void w_getppid(long n)
{
	long i;

	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
}

static void w_pipe(long n)
{
	int a[2], b[2];
	char c = 'x';
	pid_t pid;
	long i;

	if (pipe(a) < 0 || pipe(b) < 0)
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		for (i = 0; i < n; i++) {
			if (read(a[0], &c, 1) != 1)
				_exit(1);
			if (write(b[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	for (i = 0; i < n; i++) {
		if (write(a[1], &c, 1) != 1)
			die("write");
		if (read(b[0], &c, 1) != 1)
			die("read");
	}
	waitpid(pid, NULL, 0);
}

static void w_fork(long n)
{
	long i;

	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid == 0)
			_exit(0);
		waitpid(pid, NULL, 0);
	}
}

static void w_file(long n, const char *dir)
{
	static char buf[65536];
	char path[4096];
	long i;

	memset(buf, 'a', sizeof(buf));
	snprintf(path, sizeof(path), "%s/ltt-bench.%d", dir, (int)getpid());
	for (i = 0; i < n; i++) {
		int fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0644);
		size_t off;

		if (fd < 0)
			die(path);
		for (off = 0; off < sizeof(buf); off += 4096)
			if (write(fd, buf + off, 4096) != 4096)
				die("write");
		if (lseek(fd, 0, SEEK_SET) < 0)
			die("lseek");
		for (off = 0; off < sizeof(buf); off += 4096)
			if (read(fd, buf + off, 4096) != 4096)
				die("read");
		close(fd);
	}
	unlink(path);
}

static long long ns(const struct timespec *t)
{
	return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

/*
 * The wakeup latency a timing analysis sees: with nothing else to run,
 * the time from the timer's expiry (its interrupt) to the task reading
 * the clock after clock_nanosleep() returns.  The latenesses are kept in
 * memory and written at the end, so that the writes add nothing to the
 * path measured.
 */
static void w_wake(long n, long us, const char *file)
{
	long long *late = calloc((size_t)n, sizeof(*late));
	long long d;
	struct timespec t;
	FILE *f;
	long i;

	if (!late && n)
		die("calloc");
	clock_gettime(CLOCK_MONOTONIC, &t);
	d = ns(&t) + us * 1000LL;
	for (i = 0; i < n; i++, d += us * 1000LL) {
		struct timespec dl = { .tv_sec = d / 1000000000LL,
				       .tv_nsec = d % 1000000000LL };

		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &dl, NULL) == EINTR)
			;
		clock_gettime(CLOCK_MONOTONIC, &t);
		late[i] = ns(&t) - d;
	}
	f = fopen(file, "w");
	if (!f)
		die(file);
	for (i = 0; i < n; i++)
		fprintf(f, "%lld\n", late[i]);
	if (fclose(f))
		die(file);
	free(late);
}

static long long tv_ns(const struct timeval *t)
{
	return (long long)t->tv_sec * 1000000000LL + t->tv_usec * 1000LL;
}

static int timed(char **cmd)
{
	struct timespec t0, t1;
	struct rusage ru;
	int status;
	pid_t pid;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		execvp(cmd[0], cmd);
		perror(cmd[0]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		die("wait4");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%lld %lld %lld %d\n", ns(&t1) - ns(&t0), tv_ns(&ru.ru_utime),
	       tv_ns(&ru.ru_stime),
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	if (argc >= 4 && !strcmp(argv[1], "time") && !strcmp(argv[2], "--"))
		return timed(argv + 3);
	if (argc == 3 && !strcmp(argv[1], "getppid"))
		w_getppid(count(argv[2]));
	else if (argc == 3 && !strcmp(argv[1], "pipe"))
		w_pipe(count(argv[2]));
	else if (argc == 3 && !strcmp(argv[1], "fork"))
		w_fork(count(argv[2]));
	else if (argc == 4 && !strcmp(argv[1], "file"))
		w_file(count(argv[2]), argv[3]);
	else if (argc == 5 && !strcmp(argv[1], "wake"))
		w_wake(count(argv[2]), count(argv[3]), argv[4]);
	else {
		usage(stderr);
		return 2;
	}
	return 0;
}
