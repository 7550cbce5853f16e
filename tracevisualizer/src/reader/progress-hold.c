// SPDX-License-Identifier: GPL-2.0
/*
 * progress-hold.c - a test hook: a pass held at one of its progress steps,
 * so that a test of a progress bar and its cancel controls how long the
 * pass runs instead of racing the machine (docs/testing.md).
 *
 * LTTR_TEST_HOLD_PROGRESS=N holds every pass that tells its progress
 * through lttr_pprog_event() (progress.h) at its N-th progress step
 * (N >= 1, one step every 65536 events): the pass goes on telling its
 * caller the same progress every 10 ms, so that the caller's bar shows and
 * its cancel is seen, until the file LTTR_TEST_HOLD_RELEASE names exists
 * (then the pass goes on) or the caller cancels (then the pass returns at
 * once, canceled).  Without LTTR_TEST_HOLD_RELEASE a held pass is only
 * ever canceled.  Unset (the default) nothing is held: the variables are
 * read once, and a step costs one test of a flag.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "paths/progress.h"

static pthread_once_t hold_once = PTHREAD_ONCE_INIT;
static uint64_t hold_step;		/* 0: no hold */
static const char *hold_release;	/* or NULL */

static void hold_read_env(void)
{
	const char *s = getenv("LTTR_TEST_HOLD_PROGRESS");
	char *end;
	unsigned long long n;

	if (!s || !*s)
		return;
	n = strtoull(s, &end, 10);
	if (*end)
		return;
	hold_step = n;
	hold_release = getenv("LTTR_TEST_HOLD_RELEASE");
}

int lttr_pprog_tell(struct lttr_pprog *p, unsigned int permille)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	int r = p->fn(p->arg, permille);

	pthread_once(&hold_once, hold_read_env);
	if (r || !hold_step || p->n >> 16 != hold_step)
		return r;
	while (!hold_release || access(hold_release, F_OK) != 0) {
		nanosleep(&tick, NULL);
		r = p->fn(p->arg, permille);
		if (r)
			return r;
	}
	return 0;
}
