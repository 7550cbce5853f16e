// SPDX-License-Identifier: GPL-2.0
/*
 * pidmap.c - a hash map from pid to index, open addressing, linear probing;
 * sorted pid lists.
 */
#include <stdlib.h>
#include <string.h>
#include "model/pidmap.h"

static size_t slot_of(uint32_t pid, size_t cap)
{
	return ((size_t)pid * 2654435761U) & (cap - 1);
}

int lttr_pidmap_find(const struct lttr_pidmap *m, uint32_t pid, size_t *val)
{
	size_t i;

	if (!m->cap)
		return 0;
	for (i = slot_of(pid, m->cap); m->keys[i]; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == (uint64_t)pid + 1) {
			*val = m->vals[i];
			return 1;
		}
	}
	return 0;
}

static int grow(struct lttr_pidmap *m)
{
	size_t ncap = m->cap ? m->cap * 2 : 64, i, j;
	uint64_t *nk = calloc(ncap, sizeof(*nk));
	size_t *nv = calloc(ncap, sizeof(*nv));

	if (!nk || !nv) {
		free(nk);
		free(nv);
		return -1;
	}
	for (i = 0; i < m->cap; i++) {
		if (!m->keys[i])
			continue;
		for (j = slot_of((uint32_t)(m->keys[i] - 1), ncap); nk[j];
		     j = (j + 1) & (ncap - 1))
			;
		nk[j] = m->keys[i];
		nv[j] = m->vals[i];
	}
	free(m->keys);
	free(m->vals);
	m->keys = nk;
	m->vals = nv;
	m->cap = ncap;
	return 0;
}

int lttr_pidmap_put(struct lttr_pidmap *m, uint32_t pid, size_t val)
{
	size_t i;

	if ((m->n + 1) * 2 > m->cap && grow(m))
		return -1;
	for (i = slot_of(pid, m->cap); m->keys[i]; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == (uint64_t)pid + 1) {
			m->vals[i] = val;
			return 0;
		}
	}
	m->keys[i] = (uint64_t)pid + 1;
	m->vals[i] = val;
	m->n++;
	return 0;
}

static int cmp_u32(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return a < b ? -1 : a > b;
}

uint32_t *lttr_pids_sorted(const uint32_t *pids, size_t n)
{
	uint32_t *v = malloc((n ? n : 1) * sizeof(*v));

	if (!v)
		return NULL;
	if (n)
		memcpy(v, pids, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_u32);
	return v;
}

int lttr_pids_has(const uint32_t *sorted, size_t n, uint32_t pid)
{
	return bsearch(&pid, sorted, n, sizeof(*sorted), cmp_u32) != NULL;
}

int lttr_pidmap_copy(struct lttr_pidmap *dst, const struct lttr_pidmap *src)
{
	memset(dst, 0, sizeof(*dst));
	if (!src->cap)
		return 0;
	dst->keys = malloc(src->cap * sizeof(*dst->keys));
	dst->vals = malloc(src->cap * sizeof(*dst->vals));
	if (!dst->keys || !dst->vals) {
		lttr_pidmap_free(dst);
		return -1;
	}
	memcpy(dst->keys, src->keys, src->cap * sizeof(*dst->keys));
	memcpy(dst->vals, src->vals, src->cap * sizeof(*dst->vals));
	dst->n = src->n;
	dst->cap = src->cap;
	return 0;
}

void lttr_pidmap_free(struct lttr_pidmap *m)
{
	free(m->keys);
	free(m->vals);
	m->keys = NULL;
	m->vals = NULL;
	m->n = m->cap = 0;
}
