// SPDX-License-Identifier: GPL-2.0
/*
 * The replay's tasks by pid (task-table.h).  A pid can be anything up to
 * PID_MAX_LIMIT in a trace, hostile or not: the table holds only the pids
 * seen, and the checkpoints of seek.c copy only those.
 */
#include <stdlib.h>
#include <string.h>

#include "task-table.h"

#define CHUNK_SHIFT	8
#define CHUNK		(1U << CHUNK_SHIFT)

void task_table_init(struct task_table *t, size_t esize)
{
	memset(t, 0, sizeof(*t));
	t->esize = esize;
}

void task_table_free(struct task_table *t)
{
	size_t i, esize = t->esize;

	for (i = 0; i < t->nchunks; i++)
		free(t->chunks[i]);
	free(t->chunks);
	free(t->keys);
	free(t->slot);
	task_table_init(t, esize);
}

static size_t hash(uint32_t pid, size_t nslot)
{
	return (size_t)((pid * 2654435761U) & (nslot - 1));
}

void *task_table_at(const struct task_table *t, size_t i)
{
	return t->chunks[i >> CHUNK_SHIFT] + (i & (CHUNK - 1)) * t->esize;
}

/* the index rebuilt at @nslot slots from the keys; -1 out of memory */
static int reindex(struct task_table *t, size_t nslot)
{
	uint32_t *s = calloc(nslot, sizeof(*s));
	size_t i, h;

	if (!s)
		return -1;
	for (i = 0; i < t->n; i++) {
		for (h = hash(t->keys[i], nslot); s[h]; h = (h + 1) & (nslot - 1))
			;
		s[h] = (uint32_t)(i + 1);
	}
	free(t->slot);
	t->slot = s;
	t->nslot = nslot;
	return 0;
}

/* room for one more element; -1 out of memory, nothing changed */
static int grow(struct task_table *t)
{
	if (t->n == t->keycap) {
		size_t cap = t->keycap ? t->keycap * 2 : CHUNK;
		uint32_t *k = realloc(t->keys, cap * sizeof(*k));

		if (!k)
			return -1;
		t->keys = k;
		t->keycap = cap;
	}
	if (t->n == t->nchunks * CHUNK) {
		unsigned char **c = realloc(t->chunks, (t->nchunks + 1) * sizeof(*c));

		if (!c)
			return -1;
		t->chunks = c;
		c[t->nchunks] = calloc(CHUNK, t->esize);
		if (!c[t->nchunks])
			return -1;
		t->nchunks++;
	}
	if ((t->n + 1) * 2 > t->nslot && reindex(t, t->nslot ? t->nslot * 2 : 2 * CHUNK) < 0)
		return -1;
	return 0;
}

void *task_table_get(struct task_table *t, uint32_t pid, bool create, bool *created)
{
	size_t h;
	void *e;

	if (created)
		*created = false;
	if (t->nslot)
		for (h = hash(pid, t->nslot); t->slot[h]; h = (h + 1) & (t->nslot - 1))
			if (t->keys[t->slot[h] - 1] == pid)
				return task_table_at(t, t->slot[h] - 1);
	if (!create || grow(t) < 0)
		return NULL;
	for (h = hash(pid, t->nslot); t->slot[h]; h = (h + 1) & (t->nslot - 1))
		;
	t->keys[t->n] = pid;
	t->slot[h] = (uint32_t)(t->n + 1);
	e = task_table_at(t, t->n);
	memset(e, 0, t->esize);
	t->n++;
	if (created)
		*created = true;
	return e;
}

int task_table_copy(struct task_table *dst, const struct task_table *src)
{
	size_t i, esize = src->esize;

	task_table_free(dst);
	dst->esize = esize;
	if (!src->n)
		return 0;
	dst->chunks = calloc((src->n + CHUNK - 1) / CHUNK, sizeof(*dst->chunks));
	if (dst->chunks)
		dst->nchunks = (src->n + CHUNK - 1) / CHUNK;
	dst->keys = malloc(src->n * sizeof(*dst->keys));
	dst->slot = malloc(src->nslot * sizeof(*dst->slot));
	if (!dst->chunks || !dst->keys || !dst->slot)
		goto fail;
	for (i = 0; i < dst->nchunks; i++) {
		dst->chunks[i] = malloc(CHUNK * esize);
		if (!dst->chunks[i])
			goto fail;
		memcpy(dst->chunks[i], src->chunks[i], CHUNK * esize);
	}
	memcpy(dst->keys, src->keys, src->n * sizeof(*dst->keys));
	memcpy(dst->slot, src->slot, src->nslot * sizeof(*dst->slot));
	dst->n = dst->keycap = src->n;
	dst->nslot = src->nslot;
	return 0;
fail:
	task_table_free(dst);
	return -1;
}

size_t task_table_bytes(const struct task_table *t)
{
	return sizeof(*t) + t->nchunks * (sizeof(*t->chunks) + CHUNK * t->esize) +
	       t->keycap * sizeof(*t->keys) + t->nslot * sizeof(*t->slot);
}
