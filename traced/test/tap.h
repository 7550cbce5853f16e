/* SPDX-License-Identifier: GPL-2.0 */
/* tap.h - minimal TAP output for the host tests */
#ifndef TRACED_TAP_H
#define TRACED_TAP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_n, tap_failed;

#define ok(cond, ...) do {						\
	int ok_ = !!(cond);						\
	printf("%s %d - ", ok_ ? "ok" : "not ok", ++tap_n);		\
	printf(__VA_ARGS__);						\
	printf("\n");							\
	if (!ok_) {							\
		tap_failed++;						\
		printf("#   failed at %s:%d\n", __FILE__, __LINE__);	\
	}								\
	fflush(stdout);							\
} while (0)

/*
 * skip_missing(why): one check skipped for want of a dependency (a
 * device, a file); with LTT_REQUIRE_ALL=1 (.ci/run) a failure naming it
 * instead, as tests/lib/tap.sh's skip_missing
 */
#define skip_missing(why) do {						\
	const char *req_ = getenv("LTT_REQUIRE_ALL");			\
	if (req_ && !strcmp(req_, "1"))					\
		ok(0, "LTT_REQUIRE_ALL=1, no skip allowed: %s", why);	\
	else								\
		ok(1, "# SKIP %s", why);				\
} while (0)

static inline int done_testing(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
