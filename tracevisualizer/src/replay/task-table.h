/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The replay's tasks by pid: a table sized by the pids a trace has, not by
 * the largest pid it names.  Elements live in fixed chunks, so a pointer
 * to one stays valid while others are added; an open-addressing index
 * finds them by pid.
 */
#ifndef LTTR_REPLAY_TASK_TABLE_H
#define LTTR_REPLAY_TASK_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct task_table {
	size_t esize;		/* bytes of an element */
	unsigned char **chunks;	/* TASK_TABLE_CHUNK elements each */
	size_t nchunks;
	uint32_t *keys;		/* the pid of each element, by index */
	size_t n, keycap;
	uint32_t *slot;		/* index + 1 by hash of the pid, 0 empty */
	size_t nslot;		/* a power of two, or 0 */
};

void task_table_init(struct task_table *t, size_t esize);
void task_table_free(struct task_table *t);
/* the element of @pid, or NULL; with @create a zeroed one is added
 * (*@created set) unless out of memory */
void *task_table_get(struct task_table *t, uint32_t pid, bool create, bool *created);
static inline size_t task_table_count(const struct task_table *t)
{
	return t->n;
}
/* the @i-th element added, i < task_table_count() */
void *task_table_at(const struct task_table *t, size_t i);
/* @dst, initialised or freed, becomes a copy of @src; -1 out of memory
 * (@dst then empty) */
int task_table_copy(struct task_table *dst, const struct task_table *src);
size_t task_table_bytes(const struct task_table *t);

#endif
