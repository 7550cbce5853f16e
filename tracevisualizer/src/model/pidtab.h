/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidtab.h - internal: records of one size kept per pid (a growing array
 * indexed through a struct lttr_pidmap), for the analyses that keep a
 * little state per task.
 */
#ifndef LTTR_PIDTAB_H
#define LTTR_PIDTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "model/pidmap.h"

/**
 * struct lttr_pidtab - records per pid
 * @map: pid -> index of its record
 * @v: the records, @elsize bytes each
 * @n: records
 * @cap: room for
 * @elsize: the size of a record
 */
struct lttr_pidtab {
	struct lttr_pidmap map;
	unsigned char *v;
	size_t n;
	size_t cap;
	size_t elsize;
};

/* an empty table of records of @elsize bytes */
void lttr_pidtab_init(struct lttr_pidtab *t, size_t elsize);

/*
 * The record of @pid, created (zeroed, *@created set) when absent and
 * @create.  NULL when absent and not @create, or out of memory.  A
 * record's address holds until the next record is created; its index
 * (lttr_pidtab_index()) for good.
 */
void *lttr_pidtab_get(struct lttr_pidtab *t, uint32_t pid, bool create, bool *created);

/* the record of @pid, NULL when absent */
void *lttr_pidtab_find(const struct lttr_pidtab *t, uint32_t pid);

/* the record of index @i */
static inline void *lttr_pidtab_at(const struct lttr_pidtab *t, size_t i)
{
	return t->v + i * t->elsize;
}

/* the index of record @rec */
static inline size_t lttr_pidtab_index(const struct lttr_pidtab *t, const void *rec)
{
	return (size_t)((const unsigned char *)rec - t->v) / t->elsize;
}

/* release the table's memory (the records' own allocations are the caller's) */
void lttr_pidtab_free(struct lttr_pidtab *t);

#endif
