/* SPDX-License-Identifier: GPL-2.0 */
/*
 * keymap.h - internal: a hash map from byte strings to an index (open
 * addressing), for the names of nodes and call ids and the keys of path
 * patterns.  The library depends on json-c alone; a table this small is
 * not worth a second dependency (GLib's is the one Debian has).
 */
#ifndef LTTR_PATHS_KEYMAP_H
#define LTTR_PATHS_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

/**
 * struct lttr_keymap - bytes -> index
 * @slots: per slot the entry's number + 1, 0 = empty
 * @cap: slots (power of two, 0 before the first insert)
 * @n: entries
 * @keys: per entry its key (a copy, NUL-terminated)
 * @lens: per entry its length
 * @hashes: per entry its hash
 * @vals: per entry its index
 */
struct lttr_keymap {
	size_t *slots;
	size_t cap;
	size_t n;
	char **keys;
	size_t *lens;
	uint64_t *hashes;
	size_t *vals;
};

/**
 * lttr_keymap_find() - the index of @key
 * @m: the map
 * @key: the bytes
 * @len: their count
 * @val: receives the index
 *
 * Return: 1 if found, 0 if not.
 */
int lttr_keymap_find(const struct lttr_keymap *m, const void *key, size_t len,
		     size_t *val);

/**
 * lttr_keymap_put() - insert @key with index @val (a key already there
 * keeps its index)
 * @m: the map
 * @key: the bytes (copied)
 * @len: their count
 * @val: the index
 *
 * Return: 0 or -1 when out of memory.
 */
int lttr_keymap_put(struct lttr_keymap *m, const void *key, size_t len, size_t val);

/** lttr_keymap_free() - release the map @m: the map (emptied) */
void lttr_keymap_free(struct lttr_keymap *m);

#endif
