// SPDX-License-Identifier: GPL-2.0
/*
 * progress-hold.c - a test hook: a pass held at one of its progress steps,
 * so that a test of a progress bar and its cancel controls how long the
 * pass runs instead of racing the machine (docs/testing.md).
 *
 * Every pass of the library that tells its progress (the reading of a
 * trace into its view, a search, the latencies, the accounting's and the
 * paths' passes, ...) counts its steps (one per call of its caller's
 * callback: every 65536 events for the reading and the paths, every 4096
 * for the latencies, every buffer for a search) and tells each through
 * lttr_progress_tell().
 *
 * LTTR_TEST_HOLD_PROGRESS=N holds each such pass at its N-th step (N >= 1)
 * and every step after it, until LTTR_TEST_HOLD_RELEASE's file lets it
 * go: held, the pass tells its caller the same progress again every
 * 10 ms, so that the caller's bar shows and its cancel is seen, and
 * returns at once, canceled, when the caller asks.  The file:
 *   - absent (or LTTR_TEST_HOLD_RELEASE unset): the pass is held at step N;
 *   - holding a number R: the steps up to R go on, the pass is held at
 *     step max(N, R + 1) (a test steps the pass forward, the bar with it);
 *   - anything else (empty): the pass goes on to its end, and so does
 *     every pass started while the file stays.
 * A test writes the file whole (a temporary file renamed): one read half
 * written could let the pass go.  Unset (the default) nothing is held:
 * the variables are read once, and a step costs one test of a flag.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "reader/progress-hold.h"

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

/* true: the release file holds the pass at @step */
static int held(uint64_t step)
{
	char buf[32];
	unsigned long long r;
	size_t n;
	FILE *f;

	if (!hold_release)
		return 1;
	f = fopen(hold_release, "r");
	if (!f)
		return 1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	if (sscanf(buf, "%llu", &r) != 1)
		return 0;
	return step > r;
}

int lttr_progress_tell(int (*fn)(void *arg, unsigned int permille), void *arg, uint64_t step,
		       unsigned int permille)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	int r = fn(arg, permille);

	pthread_once(&hold_once, hold_read_env);
	if (r || !hold_step || step < hold_step)
		return r;
	while (held(step)) {
		nanosleep(&tick, NULL);
		r = fn(arg, permille);
		if (r)
			return r;
	}
	return 0;
}
