// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-ftrace-drain - drain ftrace's per-CPU ring buffers into files, the way
 * trace-cmd record does: one process per CPU moves whole pages from
 * TRACEFS/per_cpu/cpuN/trace_pipe_raw into OUTDIR/cpuN with splice(2)
 * (which only hands out full pages) until SIGTERM or SIGINT, then read(2)s
 * what is left, partial pages included, without blocking.  At the end it writes
 * "bytes user_ns sys_ns" (all CPUs, the drainers' own CPU time) to
 * OUTDIR/stats.  Prints "ready" on stdout once every drainer is reading.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#define MAX_CPUS 64
#define PAGE 4096

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void usage(FILE *f)
{
	fprintf(f,
"Usage: ltt-ftrace-drain [-t TRACEFS] NCPUS OUTDIR\n"
"\n"
"Drain ftrace's per-CPU buffers (trace_pipe_raw) into OUTDIR/cpuN, one\n"
"process per CPU, full pages with splice() as trace-cmd does, until\n"
"SIGTERM/SIGINT, then the partial pages with read(); then write\n"
"'bytes user_ns sys_ns' to OUTDIR/stats.  Default TRACEFS: /sys/kernel/tracing.\n");
}

static int copy_page(int in, int out, long long *bytes)
{
	static char buf[PAGE];
	ssize_t r = read(in, buf, sizeof(buf));

	if (r <= 0)
		return r < 0 && (errno == EAGAIN || errno == EINTR) ? 0 : -1;
	if (write(out, buf, (size_t)r) != r)
		return -2;
	*bytes += r;
	return 1;
}

/* Splice full pages to @out while there are some: 1 moved, 0 none, <0 error. */
static int splice_pages(int in, int out, const int *p, long long *bytes)
{
	ssize_t r = splice(in, NULL, p[1], NULL, PAGE,
			   SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
	ssize_t left;

	if (r <= 0)
		return r < 0 && errno != EAGAIN && errno != EINTR ? -1 : 0;
	for (left = r; left > 0; ) {
		ssize_t w = splice(p[0], NULL, out, NULL, (size_t)left,
				   SPLICE_F_MOVE);

		if (w <= 0)
			return -2;
		left -= w;
	}
	*bytes += r;
	return 1;
}

static int drain(const char *tracefs, int cpu, const char *outdir, int ready)
{
	char path[4096];
	long long bytes = 0;
	struct pollfd p;
	int in, out, r, pp[2];

	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/trace_pipe_raw",
		 tracefs, cpu);
	in = open(path, O_RDONLY | O_NONBLOCK);
	if (in < 0) {
		perror(path);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/cpu%d", outdir, cpu);
	out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0) {
		perror(path);
		return 1;
	}
	if (pipe(pp) < 0) {
		perror("pipe");
		return 1;
	}
	if (write(ready, "r", 1) != 1)
		return 1;
	close(ready);
	p.fd = in;
	p.events = POLLIN;
	while (!stop) {
		p.revents = 0;
		if (poll(&p, 1, 200) > 0 && (p.revents & POLLIN))
			while (!stop && splice_pages(in, out, pp, &bytes) > 0)
				;
	}
	/* the full pages left, then the rest, partial pages included */
	while ((r = splice_pages(in, out, pp, &bytes)) > 0)
		;
	if (r == -2) {
		perror("splice");
		return 1;
	}
	while ((r = copy_page(in, out, &bytes)) > 0)
		;
	if (r == -2) {
		perror("write");
		return 1;
	}
	close(in);
	return close(out) < 0;
}

int main(int argc, char **argv)
{
	const char *tracefs = "/sys/kernel/tracing", *outdir;
	pid_t pids[MAX_CPUS];
	struct sigaction sa;
	sigset_t block, old;
	struct rusage ru;
	long long total = 0;
	char path[4096];
	int ncpus, cpu, fail = 0, pfd[2];
	FILE *f;
	char c;

	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "-t")) {
		tracefs = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc != 3 || (ncpus = atoi(argv[1])) < 1 || ncpus > MAX_CPUS) {
		usage(stderr);
		return 2;
	}
	outdir = argv[2];
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: wake the poll */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	if (pipe(pfd) < 0) {
		perror("pipe");
		return 1;
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		pids[cpu] = fork();
		if (pids[cpu] < 0) {
			perror("fork");
			return 1;
		}
		if (pids[cpu] == 0) {
			close(pfd[0]);
			_exit(drain(tracefs, cpu, outdir, pfd[1]));
		}
	}
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &old);
	close(pfd[1]);
	for (cpu = 0; cpu < ncpus; cpu++)
		if (read(pfd[0], &c, 1) != 1)
			fail = 1;
	printf("ready\n");
	fflush(stdout);
	while (!stop)
		sigsuspend(&old);
	for (cpu = 0; cpu < ncpus; cpu++) {
		int status;

		kill(pids[cpu], SIGTERM);
		while (waitpid(pids[cpu], &status, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			fail = 1;
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		FILE *g;

		snprintf(path, sizeof(path), "%s/cpu%d", outdir, cpu);
		g = fopen(path, "rb");
		if (g) {
			fseek(g, 0, SEEK_END);
			total += ftell(g);
			fclose(g);
		}
	}
	getrusage(RUSAGE_CHILDREN, &ru);
	snprintf(path, sizeof(path), "%s/stats", outdir);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return 1;
	}
	fprintf(f, "%lld %lld %lld\n", total,
		(long long)ru.ru_utime.tv_sec * 1000000000LL + ru.ru_utime.tv_usec * 1000LL,
		(long long)ru.ru_stime.tv_sec * 1000000000LL + ru.ru_stime.tv_usec * 1000LL);
	return (fclose(f) != 0) | fail;
}
