// SPDX-License-Identifier: GPL-2.0
/*
 * keymap.c - a hash map from byte strings to an index: FNV-1a, open
 * addressing with linear probing over entry numbers.
 */
#include <stdlib.h>
#include <string.h>
#include "paths/keymap.h"

static uint64_t hash_of(const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h ^ (h >> 29);
}

int lttr_keymap_find(const struct lttr_keymap *m, const void *key, size_t len,
		     size_t *val)
{
	uint64_t h;
	size_t i;

	if (!m->cap)
		return 0;
	h = hash_of(key, len);
	for (i = h & (m->cap - 1); m->slots[i]; i = (i + 1) & (m->cap - 1)) {
		size_t e = m->slots[i] - 1;

		if (m->hashes[e] == h && m->lens[e] == len &&
		    !memcmp(m->keys[e], key, len)) {
			*val = m->vals[e];
			return 1;
		}
	}
	return 0;
}

static int grow(struct lttr_keymap *m)
{
	size_t ncap = m->cap ? m->cap * 2 : 64, e;
	size_t *ns = calloc(ncap, sizeof(*ns));
	char **nk = realloc(m->keys, ncap / 2 * sizeof(*nk));

	if (nk)
		m->keys = nk;
	if (!ns || !nk)
		goto fail;
#define GROW_ARRAY(f)	do {						\
		void *p = realloc(m->f, ncap / 2 * sizeof(*m->f));	\
		if (!p)							\
			goto fail;					\
		m->f = p;						\
	} while (0)
	GROW_ARRAY(lens);
	GROW_ARRAY(hashes);
	GROW_ARRAY(vals);
#undef GROW_ARRAY
	for (e = 0; e < m->n; e++) {
		size_t i;

		for (i = m->hashes[e] & (ncap - 1); ns[i]; i = (i + 1) & (ncap - 1))
			;
		ns[i] = e + 1;
	}
	free(m->slots);
	m->slots = ns;
	m->cap = ncap;
	return 0;
fail:
	free(ns);
	return -1;
}

int lttr_keymap_put(struct lttr_keymap *m, const void *key, size_t len, size_t val)
{
	uint64_t h;
	size_t i;
	char *copy;

	if ((m->n + 1) * 2 > m->cap && grow(m))
		return -1;
	h = hash_of(key, len);
	for (i = h & (m->cap - 1); m->slots[i]; i = (i + 1) & (m->cap - 1)) {
		size_t e = m->slots[i] - 1;

		if (m->hashes[e] == h && m->lens[e] == len &&
		    !memcmp(m->keys[e], key, len))
			return 0;
	}
	copy = malloc(len + 1);
	if (!copy)
		return -1;
	memcpy(copy, key, len);
	copy[len] = '\0';
	m->keys[m->n] = copy;
	m->lens[m->n] = len;
	m->hashes[m->n] = h;
	m->vals[m->n] = val;
	m->slots[i] = ++m->n;
	return 0;
}

void lttr_keymap_free(struct lttr_keymap *m)
{
	size_t e;

	for (e = 0; e < m->n; e++)
		free(m->keys[e]);
	free(m->keys);
	free(m->lens);
	free(m->hashes);
	free(m->vals);
	free(m->slots);
	memset(m, 0, sizeof(*m));
}
