// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-filter - workloads for the tracer's filters (pid, tgid, pgrp, uid,
 * gid): tasks whose identity is known before tracing starts and that all
 * start working at once when told to.
 *
 * ltt-filter worker [-u UID] [-g GID] [-p] [-t] [-f] [-c CPU] READY GO DONE N
 *   Set the identity: -g sets the real (and effective) gid, -u the uid
 *   (after dropping supplementary groups), -p makes the process the
 *   leader of a new process group; -c pins it to CPU.  Then -t starts a
 *   second thread and -f forks a child (same process group), which do
 *   the same work.  Writes READY ("pid P", "thread T", "child C" lines),
 *   waits for the file GO, then every task makes exactly N getppid calls,
 *   sleeping 100 us after every 10 of them (so that it is switched in
 *   again after other tasks ran).  Creates DONE when all have finished.
 * ltt-filter go GO DONE...
 *   Create GO, then wait until every DONE file exists.
 * ltt-filter wait FILE...
 *   Wait until every FILE exists.
 * Waits last at most 120 s (then exit status 1).  Exit status 2 on a bad
 * command line.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "ltt-workload.h"

static long ncalls;
static pid_t thread_tid;

static void usage(void)
{
	fprintf(stderr,
		"usage: ltt-filter worker [-u UID] [-g GID] [-p] [-t] [-f] "
		"[-c CPU] READY GO DONE N\n"
		"       ltt-filter go GO DONE...\n"
		"       ltt-filter wait FILE...\n");
}

static int wait_file(const char *path)
{
	int i;

	for (i = 0; i < 60000; i++) {
		if (access(path, F_OK) == 0)
			return 0;
		usleep(2000);
	}
	fprintf(stderr, "ltt-filter: %s did not appear in 120 s\n", path);
	return -1;
}

static int touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0) {
		perror(path);
		return -1;
	}
	return close(fd);
}

static void work(void)
{
	long i;

	for (i = 0; i < ncalls; i++) {
		syscall(SYS_getppid);
		if (i % 10 == 9)
			usleep(100);
	}
}

static void *thread_main(void *arg)
{
	const char *go = arg;

	__atomic_store_n(&thread_tid, gettid(), __ATOMIC_SEQ_CST);
	if (wait_file(go) == 0)
		work();
	return NULL;
}

static int worker(int argc, char **argv)
{
	const char *cpu = NULL, *ready, *go, *done;
	int opt, thread = 0, child = 0, pgrp = 0, st, fd;
	long uid = -1, gid = -1;
	pthread_t th;
	char tmp[4096], buf[256];
	pid_t cpid = 0;
	int len;

	optind = 1;
	while ((opt = getopt(argc, argv, "u:g:ptfc:")) != -1) {
		switch (opt) {
		case 'u':
			uid = strtol(optarg, NULL, 10);
			break;
		case 'g':
			gid = strtol(optarg, NULL, 10);
			break;
		case 'p':
			pgrp = 1;
			break;
		case 't':
			thread = 1;
			break;
		case 'f':
			child = 1;
			break;
		case 'c':
			cpu = optarg;
			break;
		default:
			usage();
			return 2;
		}
	}
	if (argc - optind != 4 ||
	    (ncalls = strtol(argv[optind + 3], NULL, 10)) < 0) {
		usage();
		return 2;
	}
	ready = argv[optind];
	go = argv[optind + 1];
	done = argv[optind + 2];
	if (cpu && ltt_pin_cpu("ltt-filter", cpu))
		return 1;
	if (pgrp && setpgid(0, 0)) {
		perror("ltt-filter: setpgid");
		return 1;
	}
	if ((gid >= 0 || uid >= 0) && setgroups(0, NULL)) {
		perror("ltt-filter: setgroups");
		return 1;
	}
	if (gid >= 0 && setgid((gid_t)gid)) {
		perror("ltt-filter: setgid");
		return 1;
	}
	if (uid >= 0 && setuid((uid_t)uid)) {
		perror("ltt-filter: setuid");
		return 1;
	}
	len = snprintf(buf, sizeof(buf), "pid %d\n", (int)getpid());
	if (child) {
		cpid = fork();
		if (cpid < 0) {
			perror("ltt-filter: fork");
			return 1;
		}
		if (cpid == 0) {
			if (wait_file(go))
				_exit(1);
			work();
			_exit(0);
		}
		len += snprintf(buf + len, sizeof(buf) - len, "child %d\n",
				(int)cpid);
	}
	if (thread) {
		pid_t tid;

		if (pthread_create(&th, NULL, thread_main, (void *)go)) {
			fprintf(stderr, "ltt-filter: pthread_create failed\n");
			return 1;
		}
		/* the thread's id, as the kernel knows it */
		while (!(tid = __atomic_load_n(&thread_tid, __ATOMIC_SEQ_CST)))
			usleep(1000);
		len += snprintf(buf + len, sizeof(buf) - len, "thread %d\n",
				(int)tid);
	}
	/* READY appears complete: written to a temporary name, renamed */
	snprintf(tmp, sizeof(tmp), "%s.tmp", ready);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, buf, (size_t)len) != len || close(fd) ||
	    rename(tmp, ready)) {
		perror(ready);
		return 1;
	}
	if (wait_file(go))
		return 1;
	work();
	if (thread && pthread_join(th, NULL))
		return 1;
	if (child && (waitpid(cpid, &st, 0) != cpid || !WIFEXITED(st) ||
		      WEXITSTATUS(st)))
		return 1;
	return touch(done) ? 1 : 0;
}

int main(int argc, char **argv)
{
	int i;

	if (argc >= 2 && !strcmp(argv[1], "worker"))
		return worker(argc - 1, argv + 1);
	if (argc >= 3 && !strcmp(argv[1], "go")) {
		if (touch(argv[2]))
			return 1;
		for (i = 3; i < argc; i++)
			if (wait_file(argv[i]))
				return 1;
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "wait")) {
		for (i = 2; i < argc; i++)
			if (wait_file(argv[i]))
				return 1;
		return 0;
	}
	usage();
	return 2;
}
