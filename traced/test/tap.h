/* SPDX-License-Identifier: GPL-2.0 */
/* tap.h - minimal TAP output for the host tests */
#ifndef TRACED_TAP_H
#define TRACED_TAP_H

#include <stdio.h>

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

static inline int done_testing(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
