// SPDX-License-Identifier: GPL-2.0
/*
 * pidtab.c - records of one size kept per pid.
 */
#include <stdlib.h>
#include <string.h>
#include "model/pidtab.h"

void lttr_pidtab_init(struct lttr_pidtab *t, size_t elsize)
{
	memset(t, 0, sizeof(*t));
	t->elsize = elsize;
}

void *lttr_pidtab_find(const struct lttr_pidtab *t, uint32_t pid)
{
	size_t i;

	return lttr_pidmap_find(&t->map, pid, &i) ? lttr_pidtab_at(t, i) : NULL;
}

void *lttr_pidtab_get(struct lttr_pidtab *t, uint32_t pid, bool create, bool *created)
{
	size_t i;

	if (created)
		*created = false;
	if (lttr_pidmap_find(&t->map, pid, &i))
		return lttr_pidtab_at(t, i);	/* (lttr_pidtab_find()'s) */
	if (!create)
		return NULL;
	if (t->n == t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 32;
		unsigned char *nv = realloc(t->v, ncap * t->elsize);

		if (!nv)
			return NULL;
		t->v = nv;
		t->cap = ncap;
	}
	if (lttr_pidmap_put(&t->map, pid, t->n))
		return NULL;
	memset(lttr_pidtab_at(t, t->n), 0, t->elsize);
	if (created)
		*created = true;
	return lttr_pidtab_at(t, t->n++);
}

void lttr_pidtab_free(struct lttr_pidtab *t)
{
	lttr_pidmap_free(&t->map);
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}
