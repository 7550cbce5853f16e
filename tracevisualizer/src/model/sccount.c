// SPDX-License-Identifier: GPL-2.0
/*
 * sccount.c - counters of syscall entries and exits by number.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/model/sccount.h>

static struct lttr_sccount_slot *extra_slot(struct lttr_sccount *c, uint32_t nr)
{
	size_t i, mask;

	if ((c->nextra + 1) * 2 > c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		struct lttr_sccount_slot *n = calloc(cap, sizeof(*n));

		if (!n)
			return NULL;
		for (i = 0; i < c->cap; i++) {
			size_t j;

			if (!c->extra[i].nr)
				continue;
			for (j = c->extra[i].nr * 2654435761U & (cap - 1); n[j].nr;
			     j = (j + 1) & (cap - 1))
				;
			n[j] = c->extra[i];
		}
		free(c->extra);
		c->extra = n;
		c->cap = cap;
	}
	mask = c->cap - 1;
	/* key is nr + 1 so that 0 marks a free slot (nr >= LTTR_SC_DIRECT) */
	for (i = (nr + 1) * 2654435761U & mask; c->extra[i].nr;
	     i = (i + 1) & mask)
		if (c->extra[i].nr == nr + 1)
			return &c->extra[i];
	c->extra[i].nr = nr + 1;
	c->nextra++;
	return &c->extra[i];
}

/*
 * grow @c's direct table to hold @nr (< LTTR_SC_DIRECT): a task's table is
 * as large as its largest number, not LTTR_SC_DIRECT slots (the summary
 * keeps one per task and CPU; zeroing 12 KiB for each was 4 % of its time)
 */
static int grow_direct(struct lttr_sccount *c, uint32_t nr)
{
	uint32_t n = (nr / LTTR_SC_STEP + 1) * LTTR_SC_STEP;
	struct lttr_sccount_slot *d;

	if (n > LTTR_SC_DIRECT)
		n = LTTR_SC_DIRECT;
	d = realloc(c->direct, n * sizeof(*d));
	if (!d)
		return -1;
	memset(d + c->ndirect, 0, (n - c->ndirect) * sizeof(*d));
	c->direct = d;
	c->ndirect = n;
	return 0;
}

int lttr_sccount_add(struct lttr_sccount *c, uint32_t nr, int exit, uint64_t n)
{
	struct lttr_sccount_slot *s;

	if (nr < LTTR_SC_DIRECT) {
		if (nr >= c->ndirect && grow_direct(c, nr))
			return -1;
		s = &c->direct[nr];
	} else if (nr == UINT32_MAX) {	/* key nr + 1 would wrap */
		s = &c->unknown;
	} else {
		s = extra_slot(c, nr);
		if (!s)
			return -1;
	}
	if (exit)
		s->exits += n;
	else
		s->entries += n;
	return 0;
}

static int cmp_slot(const void *a, const void *b)
{
	const struct lttr_sccount_slot *x = a, *y = b;

	return x->nr < y->nr ? -1 : x->nr > y->nr;
}

struct lttr_sccount_slot *lttr_sccount_list(const struct lttr_sccount *c,
					    size_t *n)
{
	struct lttr_sccount_slot *out;
	size_t i, k = 0;

	*n = 0;
	out = malloc((LTTR_SC_DIRECT + c->nextra + 1) * sizeof(*out));
	if (!out)
		return NULL;
	for (i = 0; i < c->ndirect; i++)
		if (c->direct[i].entries || c->direct[i].exits) {
			out[k] = c->direct[i];
			out[k++].nr = (uint32_t)i;
		}
	for (i = 0; i < c->cap; i++)
		if (c->extra[i].nr) {
			out[k] = c->extra[i];
			out[k++].nr = c->extra[i].nr - 1;
		}
	if (c->unknown.entries || c->unknown.exits) {
		out[k] = c->unknown;
		out[k++].nr = UINT32_MAX;
	}
	qsort(out, k, sizeof(*out), cmp_slot);
	*n = k;
	return out;
}

void lttr_sccount_free(struct lttr_sccount *c)
{
	free(c->direct);
	free(c->extra);
	memset(c, 0, sizeof(*c));
}
