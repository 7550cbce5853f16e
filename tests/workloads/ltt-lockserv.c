// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-lockserv - a server whose requests are slow now and then because of
 * a cause elsewhere (the AUDIT scenario of tests/guest/37-triggers.t).
 *
 *   ltt-lockserv N FILE [CPU]
 *
 * A client process (lk-client) sends N requests of 64 bytes on a unix
 * socket, one at a time, and reads each reply.  The server thread
 * (lk-server) answers each under a mutex.  After every 50th request it
 * signals the locker thread (lk-locker), which takes the mutex and, holding
 * it, appends 64 KiB to FILE, fsyncs it and checksums the buffer for
 * 50 ms: the next request waits for the mutex, and the client's read of
 * its reply is slow (about one request in 50).  Prints "locker TID" and "client
 * PID" once both have started, from the server's process alone (the client
 * shares its stdout: a line of each, written as they started, once came out
 * as the locker's alone on the guest's 9p share), then the client prints
 * "slow S of N" (the replies that took more than 5 ms, as it measured
 * them) as it ends.  The names lk-* are in the trace from the
 * prctl(PR_SET_NAME) that gives them (task_rename, format 1.18).  With
 * CPU, every thread and the client run on that CPU alone: the wakeups of
 * a slow request are then in the same CPU's buffers as its end (a
 * snapshot that holds the end holds them).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ltt-workload.h"

#define REQ 64
#define HOLD_NS 50000000LL
#define EVERY 50

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cmu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static pthread_cond_t started = PTHREAD_COND_INITIALIZER;
static int due, stop;
static long locker_tid;
static const char *file;
static volatile unsigned long sink;

static int full(int fd, void *buf, size_t n, int rd)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = rd ? read(fd, (char *)buf + got, n - got) :
				 write(fd, (char *)buf + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

static void *locker(void *arg)
{
	static char blk[65536];
	int fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0644);

	(void)arg;
	prctl(PR_SET_NAME, "lk-locker");
	if (fd < 0) {
		perror("ltt-lockserv: open");
		exit(1);
	}
	memset(blk, 'x', sizeof(blk));
	pthread_mutex_lock(&cmu);
	locker_tid = (long)syscall(SYS_gettid);
	pthread_cond_signal(&started);
	pthread_mutex_unlock(&cmu);
	for (;;) {
		long long t0;
		size_t i;

		pthread_mutex_lock(&cmu);
		while (!due && !stop)
			pthread_cond_wait(&cv, &cmu);
		if (stop && !due) {
			pthread_mutex_unlock(&cmu);
			break;
		}
		due = 0;
		pthread_mutex_unlock(&cmu);
		/* the cause: the mutex held over an fsync and some work */
		pthread_mutex_lock(&lock);
		if (write(fd, blk, sizeof(blk)) < 0 || fsync(fd) < 0)
			perror("ltt-lockserv: write/fsync");
		t0 = ltt_now_ns();
		while (ltt_now_ns() - t0 < HOLD_NS)
			for (i = 0; i < sizeof(blk); i += 64)
				sink += (unsigned char)blk[i];
		pthread_mutex_unlock(&lock);
	}
	close(fd);
	return NULL;
}

static void serve(int s, int n)
{
	char buf[REQ];
	int k;

	prctl(PR_SET_NAME, "lk-server");
	for (k = 1; k <= n; k++) {
		if (full(s, buf, REQ, 1))
			break;
		pthread_mutex_lock(&lock);
		buf[0] ^= 1;
		pthread_mutex_unlock(&lock);
		if (full(s, buf, REQ, 0))
			break;
		if (k % EVERY == 0) {
			pthread_mutex_lock(&cmu);
			due = 1;
			pthread_cond_signal(&cv);
			pthread_mutex_unlock(&cmu);
		}
	}
}

static int client(int s, int n)
{
	char buf[REQ];
	int k, slow = 0;

	prctl(PR_SET_NAME, "lk-client");
	memset(buf, 'r', sizeof(buf));
	for (k = 0; k < n; k++) {
		long long t0 = ltt_now_ns();

		if (full(s, buf, REQ, 0) || full(s, buf, REQ, 1))
			return -1;
		if (ltt_now_ns() - t0 > 5000000LL)
			slow++;
	}
	return slow;
}

int main(int argc, char **argv)
{
	int sv[2], n, st;
	pthread_t th;
	pid_t pid;

	if (argc < 3 || argc > 4 || (n = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: ltt-lockserv N FILE [CPU]\n");
		return 2;
	}
	if (argc == 4 && ltt_pin_cpu("ltt-lockserv", argv[3]))
		return 1;
	file = argv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		perror("ltt-lockserv: socketpair");
		return 1;
	}
	if (pthread_create(&th, NULL, locker, NULL)) {
		fprintf(stderr, "ltt-lockserv: pthread_create failed\n");
		return 1;
	}
	pthread_mutex_lock(&cmu);
	while (!locker_tid)
		pthread_cond_wait(&started, &cmu);
	pthread_mutex_unlock(&cmu);
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("ltt-lockserv: fork");
		return 1;
	}
	if (pid == 0) {
		int slow;

		close(sv[0]);
		slow = client(sv[1], n);
		printf("slow %d of %d\n", slow, n);
		fflush(stdout);
		_exit(slow < 0);
	}
	close(sv[1]);
	printf("locker %ld\nclient %d\n", locker_tid, (int)pid);
	fflush(stdout);
	serve(sv[0], n);
	pthread_mutex_lock(&cmu);
	stop = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&cmu);
	pthread_join(th, NULL);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	return 0;
}
