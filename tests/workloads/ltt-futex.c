// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-futex N - two threads take turns N times on one word with raw futex
 * calls: thread a runs when the word is 0, b when it is 1; each, when it
 * is not its turn, waits with FUTEX_WAIT_PRIVATE (each call counted, what
 * ever it returns), and after its turn flips the word and wakes the other
 * with FUTEX_WAKE_PRIVATE.  No other futex call is made on the word.
 *
 * Prints "addr 0xADDR" (the word's address), then "a TID WAITS" and
 * "b TID WAITS": each thread's tid and its FUTEX_WAIT calls.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Atomic int word;
static long rounds;

struct side {
	int me;			/* the word's value on its turn */
	long tid;
	long waits;
};

static long futex(_Atomic int *w, int op, int val)
{
	return syscall(SYS_futex, w, op, val, NULL, NULL, 0);
}

static void *run(void *arg)
{
	struct side *s = arg;
	long i;

	s->tid = syscall(SYS_gettid);
	for (i = 0; i < rounds; i++) {
		for (;;) {
			int v = atomic_load(&word);

			if (v == s->me)
				break;
			s->waits++;
			futex(&word, FUTEX_WAIT_PRIVATE, v);
		}
		atomic_store(&word, !s->me);
		futex(&word, FUTEX_WAKE_PRIVATE, 1);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct side a = { .me = 0 }, b = { .me = 1 };
	pthread_t ta, tb;

	if (argc != 2 || (rounds = atol(argv[1])) < 1) {
		fprintf(stderr, "usage: ltt-futex N (N > 0)\n");
		return 2;
	}
	if (pthread_create(&ta, NULL, run, &a) || pthread_create(&tb, NULL, run, &b)) {
		fprintf(stderr, "ltt-futex: cannot create a thread\n");
		return 1;
	}
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	printf("addr %p\na %ld %ld\nb %ld %ld\n", (void *)&word, a.tid, a.waits, b.tid, b.waits);
	return 0;
}
