/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracer_buffer_internal.h - what the four buffer files of the LTT
 * trace module share and no other file uses: tracer_buffer_state.c (the
 * shared state, the readers' wake-up), tracer_buffer_mem.c (buffer
 * memory, CPU hotplug), tracer_buffer_write.c (the write path, flush)
 * and tracer_buffer_read.c (the reader side).  What the rest of the
 * module calls is declared in tracer_buffer.h.
 */
#ifndef _LTT_TRACER_BUFFER_INTERNAL_H
#define _LTT_TRACER_BUFFER_INTERNAL_H

#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "tracer_buffer.h"

/* Buffer @idx of @c's memory: its header, then its records. */
static inline struct ltt_buffer_header *ltt_buf(struct ltt_cpu *c, u32 idx)
{
	return (struct ltt_buffer_header *)(c->mem + (size_t)idx * c->size);
}

/*
 * Does @c hold a buffer the reader has not taken yet?  Under read_mutex.
 * (The hotplug dead callback and the reader's give-back ask it.)
 */
static inline bool ltt_cpu_unread(struct ltt_cpu *c)
{
	u32 i;

	for (i = 0; i < c->count; i++)
		if (atomic_read(&c->state[i]) != LTT_BUF_FREE)
			return true;
	return false;
}

/* tracer_buffer_mem.c */
void ltt_cpu_mem_free(struct ltt_cpu *c);

/* tracer_buffer_write.c */
void ltt_flush_fn(struct work_struct *work);
bool ltt_close_open(struct ltt_cpu *c);

/* tracer_buffer_state.c */
void ltt_wake_readers(void);
void ltt_wake_work(struct irq_work *work);

#endif /* _LTT_TRACER_BUFFER_INTERNAL_H */
