// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_lost.c - lost-event accounting of the LTT trace module.
 *
 * An event is lost when its CPU has no buffer to put it in (the reader is
 * behind and every buffer of the CPU is READY or READING), when it would
 * not fit in an empty buffer, or when it arrives while the same CPU is
 * already inside the write path (an NMI that interrupted a writer: such
 * events are also counted in "nested").
 *
 * Counting happens on the write path, with interrupts off, on the CPU
 * that lost the event; see struct ltt_lost_counters for why local64_t
 * makes that safe against NMIs without any lock.  The counters are reset
 * by START only (while no writer runs), so they stay readable through
 * LTT_IOC_GET_LOST after STOP until the next START.
 */
#include <linux/kernel.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "tracer_buffer.h"

/*
 * Syscall number of a syscall entry/exit payload, or -1 when the payload
 * is too short to hold one.  The payload structs are packed, so read the
 * field with memcpy() rather than through a misaligned pointer.
 */
static notrace long ltt_syscall_nr(unsigned int id, const void *data,
				   unsigned int len)
{
	size_t off;
	u32 nr;

	if (id == LTT_EV_SYSCALL_ENTRY)
		off = offsetof(struct ltt_ev_syscall_entry, nr);
	else
		off = offsetof(struct ltt_ev_syscall_exit, nr);
	if (!data || len < off + sizeof(nr))
		return -1;
	memcpy(&nr, (const char *)data + off, sizeof(nr));
	return nr;
}

/*
 * Count one lost event of id @id on CPU @c.  Called by the owning CPU
 * with interrupts disabled, possibly from an NMI (@nested).
 */
notrace void ltt_lost_count(struct ltt_cpu *c, unsigned int id,
			    const void *data, unsigned int len, bool nested)
{
	struct ltt_lost_counters *l = &c->lost;
	long nr;

	local64_inc(&l->total);
	if (nested)
		local64_inc(&l->nested);
	if (id < ARRAY_SIZE(l->by_event))
		local64_inc(&l->by_event[id]);
	if (id != LTT_EV_SYSCALL_ENTRY && id != LTT_EV_SYSCALL_EXIT)
		return;
	nr = ltt_syscall_nr(id, data, len);
	if (nr < 0 || nr >= LTT_LOST_SYSCALLS)
		return;
	if (id == LTT_EV_SYSCALL_ENTRY)
		local64_inc(&l->syscall_entry[nr]);
	else
		local64_inc(&l->syscall_exit[nr]);
}

/* Only while no writer can run on @c (tracing not active, grace period). */
void ltt_lost_reset(struct ltt_cpu *c)
{
	struct ltt_lost_counters *l = &c->lost;
	int i;

	local64_set(&l->total, 0);
	local64_set(&l->nested, 0);
	for (i = 0; i < ARRAY_SIZE(l->by_event); i++)
		local64_set(&l->by_event[i], 0);
	for (i = 0; i < LTT_LOST_SYSCALLS; i++) {
		local64_set(&l->syscall_entry[i], 0);
		local64_set(&l->syscall_exit[i], 0);
	}
	c->lost_mark = 0;
}

/*
 * Copy the counters of @c into @info.  May run on any CPU while @c's
 * owner keeps counting: each counter is read once, so each value is one
 * the counter really had, but the snapshot as a whole is not atomic
 * (total may already include an event whose by_event increment is not
 * visible yet).  After STOP the counters are stable.
 */
void ltt_lost_fill(struct ltt_cpu *c, struct ltt_lost_info *info)
{
	struct ltt_lost_counters *l = &c->lost;
	int i;

	memset(info, 0, sizeof(*info));
	info->cpu = c->cpu;
	info->total = local64_read(&l->total);
	info->nested = local64_read(&l->nested);
	for (i = 0; i < ARRAY_SIZE(l->by_event); i++) {
		u64 n = local64_read(&l->by_event[i]);

		if (i < ARRAY_SIZE(info->by_event))
			info->by_event[i] = n;
		else
			info->by_event_high[i - ARRAY_SIZE(info->by_event)] = n;
	}
	for (i = 0; i < LTT_LOST_SYSCALLS; i++) {
		info->syscall_entry[i] = local64_read(&l->syscall_entry[i]);
		info->syscall_exit[i] = local64_read(&l->syscall_exit[i]);
	}
}
