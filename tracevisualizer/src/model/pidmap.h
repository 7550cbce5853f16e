/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidmap.h - internal: a hash map from pid to an index (open addressing),
 * and sorted pid lists to test membership in.
 */
#ifndef LTTR_PIDMAP_H
#define LTTR_PIDMAP_H

#include <stddef.h>
#include <stdint.h>

/**
 * struct lttr_pidmap - pid -> index map
 * @keys: pid + 1 per slot, 0 = empty
 * @vals: index per slot
 * @n: used slots
 * @cap: slots (power of two, 0 before first insert)
 */
struct lttr_pidmap {
	uint64_t *keys;
	size_t *vals;
	size_t n;
	size_t cap;
};

/**
 * lttr_pidmap_find() - index of @pid
 * @m: the map
 * @pid: the pid
 * @val: receives the index
 *
 * Return: 1 if found, 0 if not.
 */
int lttr_pidmap_find(const struct lttr_pidmap *m, uint32_t pid, size_t *val);

/**
 * lttr_pidmap_put() - insert or replace the index of @pid
 * @m: the map
 * @pid: the pid
 * @val: the index
 *
 * Return: 0 or -1 when out of memory.
 */
int lttr_pidmap_put(struct lttr_pidmap *m, uint32_t pid, size_t val);

/**
 * lttr_pidmap_copy() - @dst becomes a copy of @src (its old memory not freed)
 * @dst: the copy
 * @src: the map
 *
 * Return: 0 or -1 when out of memory (@dst empty then).
 */
int lttr_pidmap_copy(struct lttr_pidmap *dst, const struct lttr_pidmap *src);

/** lttr_pidmap_free() - release the map's memory @m: the map */
void lttr_pidmap_free(struct lttr_pidmap *m);

/**
 * lttr_pids_sorted() - a sorted copy of a list of pids, for lttr_pids_has()
 * @pids: the pids
 * @n: how many
 *
 * Return: the copy (free() it), or NULL when out of memory.
 */
uint32_t *lttr_pids_sorted(const uint32_t *pids, size_t n);

/**
 * lttr_pids_has() - whether @pid is in a sorted list
 * @sorted: the list (lttr_pids_sorted())
 * @n: its length
 * @pid: the pid
 *
 * Return: true when it is.
 */
int lttr_pids_has(const uint32_t *sorted, size_t n, uint32_t pid);

#endif
