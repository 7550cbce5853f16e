// SPDX-License-Identifier: GPL-2.0
/*
 * test-sccount.c - the counters by syscall number (model/sccount.c): the
 * direct table grows with the largest number counted below
 * LTTR_SC_DIRECT, keeping what it counted and starting the new slots at
 * zero; larger numbers and the unknown one are counted beside it; the
 * list holds every counter, sorted, whatever the order they came in.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <lttr/model/sccount.h>
#include "tap.h"

/* the entries and exits of @nr in @c's list (0 and 0 when not listed) */
static void listed(const struct lttr_sccount *c, uint32_t nr, uint64_t *en, uint64_t *ex)
{
	struct lttr_sccount_slot *v;
	size_t i, n;

	*en = *ex = 0;
	v = lttr_sccount_list(c, &n);
	for (i = 0; v && i < n; i++)
		if (v[i].nr == nr) {
			*en = v[i].entries;
			*ex = v[i].exits;
		}
	free(v);
}

int main(void)
{
	/* numbers in an order that grows the direct table three times */
	static const uint32_t nrs[] = {
		3, 0, LTTR_SC_STEP - 1, LTTR_SC_STEP, 3, LTTR_SC_DIRECT - 1,
		LTTR_SC_DIRECT, 100000, UINT32_MAX, LTTR_SC_STEP,
	};
	struct lttr_sccount c = { 0 };
	struct lttr_sccount_slot *v;
	uint64_t en, ex;
	size_t i, n;
	bool sorted = true, nomem = false;

	for (i = 0; i < sizeof(nrs) / sizeof(*nrs); i++)
		nomem |= lttr_sccount_add(&c, nrs[i], 0, i + 1) || lttr_sccount_add(&c, nrs[i], 1, 1);
	ok(!nomem, "every number counted");
	ok(c.ndirect == LTTR_SC_DIRECT, "the direct table grew to the largest number below %u: %" PRIu32 " slots",
	   LTTR_SC_DIRECT, c.ndirect);
	listed(&c, 3, &en, &ex);
	ok(en == 1 + 5 && ex == 2, "3 counted before and after the table grew: %" PRIu64 " entries, %" PRIu64 " exits", en, ex);
	listed(&c, LTTR_SC_STEP, &en, &ex);
	ok(en == 4 + 10 && ex == 2, "%u, the first slot of the second step: %" PRIu64 " entries", LTTR_SC_STEP, en);
	listed(&c, 0, &en, &ex);
	ok(en == 2 && ex == 1, "0 counted once: %" PRIu64 " entries", en);
	listed(&c, 5, &en, &ex);
	ok(!en && !ex, "a number never counted is not listed");
	listed(&c, 100000, &en, &ex);
	ok(en == 8 && ex == 1, "a number past the direct table: %" PRIu64 " entries", en);
	listed(&c, UINT32_MAX, &en, &ex);
	ok(en == 9 && ex == 1, "the unknown number: %" PRIu64 " entries", en);
	v = lttr_sccount_list(&c, &n);
	for (i = 1; v && i < n; i++)
		sorted &= v[i - 1].nr < v[i].nr;
	ok(v && n == 8 && sorted, "eight numbers listed in order (got %zu)", n);
	free(v);
	lttr_sccount_free(&c);
	ok(!c.direct && !c.ndirect, "freed and emptied");

	/* a table that only ever held small numbers stays small */
	ok(!lttr_sccount_add(&c, 2, 0, 1) && c.ndirect == LTTR_SC_STEP,
	   "a task's first small number: %u slots, not %u", LTTR_SC_STEP, LTTR_SC_DIRECT);
	lttr_sccount_free(&c);
	return tap_done();
}
