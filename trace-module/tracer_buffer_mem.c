// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_buffer_mem.c - per-CPU state, buffer memory and CPU hotplug of
 * the LTT trace module: the allocation and freeing of the buffers, and
 * the hotplug callbacks that give a CPU coming online its buffers and
 * close those of a CPU that went down.  The write path is in
 * tracer_buffer_write.c, the reader side in tracer_buffer_read.c.
 *
 * Layout: each online CPU owns "count" buffers of "size" bytes, one
 * virtually contiguous vmalloc() area (see ltt_cpu_mem_alloc(); offline CPUs
 * hold none, see "Buffer memory and CPU hotplug" below).  A buffer is a
 * struct ltt_buffer_header followed by records.  The writer fills them
 * round robin (next = (cur + 1) % count) and the reader consumes them in
 * the same order (read_idx), so a CPU's buffers reach user space in seq
 * order.
 */
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/topology.h>
#include <linux/vmalloc.h>

#include "tracer_buffer.h"
#include "tracer_buffer_internal.h"

/* ---- per-CPU state, module lifetime ---------------------------------- */

int ltt_cpus_init(void)
{
	unsigned int cpu;

	ltt.cpus = kcalloc(nr_cpu_ids, sizeof(*ltt.cpus), GFP_KERNEL);
	if (!ltt.cpus)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c;

		c = kvzalloc_node(sizeof(*c), GFP_KERNEL, cpu_to_node(cpu));
		if (!c) {
			ltt_cpus_exit();
			return -ENOMEM;
		}
		c->cpu = cpu;
		c->cur = LTT_NO_BUF;
		c->trig_t = LTT_TRIG_NONE;
		init_irq_work(&c->wake_work, ltt_wake_work);
		ltt.cpus[cpu] = c;
	}
	INIT_DELAYED_WORK(&ltt.flush_work, ltt_flush_fn);
	return 0;
}

/*
 * Module exit, after the callback is unregistered: no writer runs and
 * none will queue a wake-up again.  Wait for wake-ups still queued.
 */
void ltt_cpus_exit(void)
{
	unsigned int cpu;

	if (!ltt.cpus)
		return;
	/* Tracing stopped (see ltt_flush_stop()): nothing re-arms it. */
	cancel_delayed_work_sync(&ltt.flush_work);
	for_each_possible_cpu(cpu) {
		if (ltt.cpus[cpu])
			irq_work_sync(&ltt.cpus[cpu]->wake_work);
	}
	ltt_buffers_free();
	for_each_possible_cpu(cpu)
		kvfree(ltt.cpus[cpu]);
	kfree(ltt.cpus);
	ltt.cpus = NULL;
}

/* ---- buffer memory and CPU hotplug ------------------------------------ */

/*
 * Buffer memory and CPU hotplug
 * -----------------------------
 * Only CPUs that can write hold buffer memory.  The invariant, under
 * ltt.read_mutex:
 *
 *   c->mem != NULL  <=>  the session has a geometry (ltt.size != 0) and
 *                        CPU c is online, or c went offline with buffers
 *                        still READY, not yet read (c->dead set);
 *
 * with two exceptions that lose events, never memory: an allocation that
 * failed when the CPU came online (its events are counted lost:
 * ltt_open() finds no memory), and a CPU left half-way up or down by the
 * hotplug state control of debug kernels (START sees it offline).
 *
 * Who changes mem, size, count, state[] and dead, and why that is safe:
 *
 *  - START (ltt_buffers_alloc(), ltt_buffers_reset()), under
 *    cpus_read_lock() and read_mutex, while no writer runs (ltt.active
 *    clear for a grace period): no CPU comes or goes, so cpu_online()
 *    is exactly "its prepare callback ran and its dead callback did not".
 *    It gives online CPUs memory of the trace's geometry and frees that
 *    of offline CPUs (their unread buffers belong to the trace before,
 *    which START discards anyway).
 *
 *  - The prepare callback (ltt_cpu_prepare(), state CPUHP_BP_PREPARE_DYN)
 *    runs on a control CPU before the incoming CPU executes anything,
 *    under the hotplug lock held for writing and read_mutex.  It gives
 *    the CPU memory if the session has a geometry, ring state FREE; if the
 *    CPU still holds buffers from before it went down (not read yet), it
 *    keeps them and the writer goes on round robin after them.  The CPU's
 *    stream goes on too: seq, started and last_ns are kept, so its records
 *    follow those written before it went down (a CPU that was offline at
 *    START writes its TRACE_START on its first event).  So a CPU that
 *    comes online while tracing records from its first event on.  The
 *    bring-up that follows orders these stores before anything the CPU
 *    does.  An allocation failure does not fail the bring-up: the tracer
 *    must not keep a CPU offline.
 *
 *  - The dead callback (ltt_cpu_dead(), the teardown of the same state)
 *    runs on a control CPU once the outgoing CPU is dead: it no longer
 *    runs any writer, so its writer state is the callback's (STOP's
 *    ltt_flush_all() and START's reset, the only other parties that touch
 *    another CPU's writer state, hold cpus_read_lock() and can not run
 *    now).  It closes the open buffer (LTT_BUF_FLUSHED) and wakes the
 *    reader: the last events of the CPU are not lost and are read now.
 *    If no buffer of the CPU is left unread it frees the memory at once;
 *    otherwise it sets c->dead and leaves the memory to the reader.
 *
 *  - The reader (ltt_give_back(), under read_mutex: after read()'s copy,
 *    or at LTT_IOC_PUT_SUBBUF) frees a dead CPU's memory when it gives
 *    back the CPU's last unread buffer (READING counts as unread).  A flight trace is
 *    read after STOP only, so a CPU that goes down during one keeps its
 *    history until then.
 *
 *  - The release of the session (ltt_buffers_free(), under read_mutex,
 *    tracing stopped) frees everything, so memory a reader never came for
 *    lives no longer than the session; module unload runs with no session.
 *
 * Every one of these holds read_mutex, so a reader never sees memory go
 * under it, and no two of them free the same memory.  The writer of a
 * CPU reads mem, size and count without a lock: they change only while
 * that CPU runs no writer (START's grace period, or the CPU offline).
 */
static struct cpumask ltt_buf_cpus;	/* CPUs holding memory, read_mutex */

/*
 * Buffer memory is always vmalloc()ed, page by page, even where kmalloc()
 * could serve it: a reader may map it (ltt_buffers_mmap()), and each page
 * a user mapping holds has its own reference, so that freeing the memory
 * (vfree() drops only the allocator's reference) while it is mapped
 * leaves the pages to the mapping until it is unmapped.  See "Reading
 * without a copy" in tracer_buffer_read.c.  __GFP_RETRY_MAYFAIL: fail
 * rather than invoke the OOM killer for a request that is merely too
 * large; as kvmalloc() did, more than INT_MAX bytes per CPU are
 * refused.  The pages come from the allocating CPU's node, not
 * necessarily the buffer's CPU's: the node-aware __vmalloc_node() is not
 * exported to modules, and vzalloc_node() takes no GFP flags.
 */
static int ltt_cpu_mem_alloc(struct ltt_cpu *c, u32 size, u32 count)
{
	size_t bytes = (size_t)size * count;	/* checked by the caller */

	if (!bytes || bytes > INT_MAX)
		return -ENOMEM;
	c->mem = __vmalloc(bytes, GFP_KERNEL | __GFP_ZERO | __GFP_NOWARN |
			   __GFP_RETRY_MAYFAIL);
	if (!c->mem)
		return -ENOMEM;
	c->size = size;
	c->count = count;
	c->dead = false;
	c->map_id = ++ltt.map_seq;
	cpumask_set_cpu(c->cpu, &ltt_buf_cpus);
	return 0;
}

void ltt_cpu_mem_free(struct ltt_cpu *c)
{
	vfree(c->mem);
	c->mem = NULL;
	c->size = 0;
	c->count = 0;
	c->dead = false;
	cpumask_clear_cpu(c->cpu, &ltt_buf_cpus);
}

/* Fresh memory: every buffer FREE, the writer and reader at buffer 0. */
static void ltt_cpu_ring_reset(struct ltt_cpu *c)
{
	u32 i;

	c->cur = LTT_NO_BUF;
	c->next = 0;
	c->offset = 0;
	c->read_idx = 0;
	for (i = 0; i < ARRAY_SIZE(c->state); i++)
		atomic_set(&c->state[i], LTT_BUF_FREE);
}

/* Release of the session (tracing stopped), module exit: under read_mutex. */
void ltt_buffers_free(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		if (c && c->mem)
			ltt_cpu_mem_free(c);
	}
	ltt.size = 0;
	ltt.count = 0;
}

/*
 * START, under cpus_read_lock() and read_mutex: make sure every online
 * CPU has @count buffers of @size bytes and offline CPUs none.  Existing
 * buffers of that geometry are kept (their contents are discarded by
 * ltt_buffers_reset()).  On failure nothing stays allocated.  The caller
 * validated @size and @count.
 */
int ltt_buffers_alloc(u32 size, u32 count)
{
	size_t bytes;
	u64 total;
	unsigned int cpu;

	if (ltt.size != size || ltt.count != count)
		ltt_buffers_free();
	/* Checked again here: a product that wraps must not allocate less. */
	if (check_mul_overflow((size_t)size, (size_t)count, &bytes) ||
	    check_mul_overflow((u64)bytes, (u64)num_possible_cpus(), &total) ||
	    !bytes || total > ((u64)totalram_pages() << PAGE_SHIFT) / 2)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		if (!cpu_online(cpu)) {
			if (c->mem)
				ltt_cpu_mem_free(c);
			continue;
		}
		if (!c->mem && ltt_cpu_mem_alloc(c, size, count)) {
			ltt_buffers_free();
			return -ENOMEM;
		}
	}
	ltt.size = size;
	ltt.count = count;
	return 0;
}

/*
 * The sysfs files buffer_cpus (@bytes false: the CPUs holding buffer
 * memory, as a CPU list) and buffer_bytes (@bytes true: its total).
 */
ssize_t ltt_buffers_show(char *buf, bool bytes)
{
	unsigned int cpu;
	u64 total = 0;
	ssize_t ret;

	if (mutex_lock_interruptible(&ltt.read_mutex))
		return -ERESTARTSYS;
	if (bytes) {
		for_each_cpu(cpu, &ltt_buf_cpus)
			total += (u64)ltt.cpus[cpu]->size * ltt.cpus[cpu]->count;
		ret = sysfs_emit(buf, "%llu\n", total);
	} else {
		ret = sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(&ltt_buf_cpus));
	}
	mutex_unlock(&ltt.read_mutex);
	return ret;
}

/*
 * START: forget the previous trace.  Every buffer becomes FREE (unread
 * buffers of a previous trace are discarded), sequence numbers and lost
 * counters restart from 0.  Called with both mutexes and
 * cpus_read_lock() held while ltt.active has been clear for at least a grace period (STOP waited for
 * one, and before the first START it was never set).
 */
void ltt_buffers_reset(void)
{
	unsigned int cpu;

	/* A buffer a reader kept from the previous trace is dropped. */
	ltt.gen++;
	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		c->nesting = 0;
		c->started = false;
		c->seq = 0;
		c->start_ns = 0;
		c->last_ns = 0;
		ltt_cpu_ring_reset(c);
		ltt_lost_reset(c);
	}
	ltt.rr = 0;
}

/* ---- CPU hotplug ------------------------------------------------------- */

static int ltt_cpuhp_state;

/*
 * A CPU is coming online (on a control CPU, before it runs anything):
 * buffers for it if the session has a geometry, or the ones it kept
 * unread from before it went down.  See "Buffer memory and CPU hotplug".
 */
static int ltt_cpu_prepare(unsigned int cpu)
{
	struct ltt_cpu *c = ltt.cpus[cpu];

	mutex_lock(&ltt.read_mutex);
	if (c->mem) {
		c->dead = false;
	} else if (ltt.size) {
		if (ltt_cpu_mem_alloc(c, ltt.size, ltt.count))
			pr_warn_ratelimited("ltt_tracer: no buffers for CPU %u: its events are lost\n",
					    cpu);
		else
			ltt_cpu_ring_reset(c);
	}
	mutex_unlock(&ltt.read_mutex);
	return 0;
}

/*
 * A CPU is dead (on a control CPU): close its last buffer, so that its
 * last events are read now, and free its memory once nothing in it is
 * left to read.  See "Buffer memory and CPU hotplug".
 */
static int ltt_cpu_dead(unsigned int cpu)
{
	struct ltt_cpu *c = ltt.cpus[cpu];
	bool closed;

	mutex_lock(&ltt.read_mutex);
	closed = ltt_close_open(c);
	if (c->mem) {
		if (ltt_cpu_unread(c))
			c->dead = true;
		else
			ltt_cpu_mem_free(c);
	}
	mutex_unlock(&ltt.read_mutex);
	if (closed)
		ltt_wake_readers();
	return 0;
}

/*
 * No callback at registration (_nocalls): no session has a geometry at
 * load, and START gives the CPUs online then their buffers.
 */
int ltt_hotplug_init(void)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					    "ltt/tracer:prepare",
					    ltt_cpu_prepare, ltt_cpu_dead);

	if (ret < 0)
		return ret;
	ltt_cpuhp_state = ret;
	return 0;
}

/* Module exit: no callback runs once this returns. */
void ltt_hotplug_exit(void)
{
	if (ltt_cpuhp_state > 0)
		cpuhp_remove_state_nocalls(ltt_cpuhp_state);
	ltt_cpuhp_state = 0;
}
