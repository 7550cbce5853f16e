// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-prio CPU - real-time priorities on one CPU, in two acts; every task
 * is pinned to CPU.
 *
 *  1. preemption: "normal" (SCHED_OTHER) spins 60 ms of its own CPU time;
 *     "rt" (SCHED_FIFO 50) sleeps 20 ms, then spins 10 ms: it preempts
 *     normal the moment it wakes, and normal waits (runnable) until rt is
 *     done.
 *  2. priority inversion: "low" (SCHED_FIFO 10) takes a mutex (process
 *     shared, no priority inheritance), lets the others go (a byte each on
 *     a pipe) and spins 80 ms of its CPU time before it unlocks; "high"
 *     (SCHED_FIFO 30) sleeps 10 ms from the go, then blocks on the mutex (a
 *     futex wait); "med" (SCHED_FIFO 20) sleeps 40 ms from the go, then
 *     spins 20 ms without the mutex: it preempts low, so high waits for
 *     med too.  (The gaps are wide: in an emulated guest a timer may wake
 *     its task 15 ms late.)
 *
 * The parent runs SCHED_FIFO 90 while it forks, so the children start
 * after the forks, in order, and each lowers itself to its own policy
 * (low after it has the mutex; high and med then wait for low's go, so
 * that no time depends on how long the forks and the children's first
 * steps take).  Spins count the task's own CPU time
 * (CLOCK_THREAD_CPUTIME_ID, a system call).  Prints, one "key value" per
 * line: normal, rt, low, med, high (their pids).  Exits 0 when every call
 * succeeded, 1 otherwise.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ltt-workload.h"

#define MS 1000000LL

static pthread_mutex_t *lock;
static int go[2];

static void die(const char *what)
{
	perror(what);
	_exit(1);
}

static void policy(int pol, int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(0, pol, &sp))
		die("ltt-prio: sched_setscheduler");
}

static void sleep_ms(long long ms)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = ms * MS };

	while (nanosleep(&ts, &ts))
		;
}

/* wait for low's go (a byte on the pipe) */
static void wait_go(void)
{
	char c;

	if (read(go[0], &c, 1) != 1)
		die("ltt-prio: read");
}

static long long cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* spin @ns of this task's CPU time (a preempted task spins longer) */
static void spin_cpu(long long ns)
{
	long long end = cpu_now() + ns;

	while (cpu_now() < end)
		;
}

static pid_t child(void (*fn)(void))
{
	pid_t p = fork();

	if (p < 0)
		die("ltt-prio: fork");
	if (p == 0) {
		fn();
		_exit(0);
	}
	return p;
}

static void normal(void) { policy(SCHED_OTHER, 0); spin_cpu(60 * MS); }
static void rt(void) { policy(SCHED_FIFO, 50); sleep_ms(20); spin_cpu(10 * MS); }

static void low(void)
{
	if (pthread_mutex_lock(lock))
		die("ltt-prio: lock");
	policy(SCHED_FIFO, 10);
	/* high and med have their priorities and wait for the go */
	if (write(go[1], "hm", 2) != 2)
		die("ltt-prio: write");
	spin_cpu(80 * MS);
	pthread_mutex_unlock(lock);
}

static void high(void)
{
	policy(SCHED_FIFO, 30);
	wait_go();
	sleep_ms(10);
	if (pthread_mutex_lock(lock))
		die("ltt-prio: lock");
	pthread_mutex_unlock(lock);
}

static void med(void)
{
	policy(SCHED_FIFO, 20);
	wait_go();
	sleep_ms(40);
	spin_cpu(20 * MS);
}

static int reap(pid_t p)
{
	int st;

	return waitpid(p, &st, 0) == p && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	pthread_mutexattr_t ma;
	pid_t n, r, l, m, h;
	int bad = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: ltt-prio CPU\n");
		return 2;
	}
	if (ltt_pin_cpu("ltt-prio", argv[1]))
		return 1;
	lock = mmap(NULL, sizeof(*lock), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (lock == MAP_FAILED || pipe(go))
		die("ltt-prio: mmap");
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_NONE);
	pthread_mutex_init(lock, &ma);
	policy(SCHED_FIFO, 90);

	n = child(normal);
	r = child(rt);
	bad |= reap(n) | reap(r);

	l = child(low);
	h = child(high);
	m = child(med);
	bad |= reap(l) | reap(h) | reap(m);
	policy(SCHED_OTHER, 0);
	printf("normal %d\nrt %d\nlow %d\nmed %d\nhigh %d\n", n, r, l, m, h);
	return bad;
}
