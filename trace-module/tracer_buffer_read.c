// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_buffer_read.c - the reader side of the LTT trace module: read(2)
 * and poll() (the readers' wake-up is in tracer_buffer_state.c), reading
 * without a copy (mmap, LTT_IOC_GET_SUBBUF, LTT_IOC_PUT_SUBBUF) and the
 * end of a trace at STOP.
 * The reader takes READY buffers of each CPU in seq order and gives them
 * back FREE (the protocol is in tracer_buffer.h); the write path that
 * fills them is in tracer_buffer_write.c, their memory in
 * tracer_buffer_mem.c.
 */
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "tracer_buffer.h"
#include "tracer_buffer_internal.h"

/*
 * STOP of a flight trace, after ltt_flush_all() and before tracing is
 * cleared, under read_mutex: point each CPU's reader at its oldest kept
 * buffer.  The writer filled the buffers round robin and reused the
 * oldest first, so going round from the buffer it would have opened
 * next, the READY buffers come in seq order; FREE ones (never used, or
 * an empty buffer given back by the flush) are skipped.
 */
void ltt_flight_rewind(void)
{
	unsigned int cpu;
	u32 i, idx;

	for_each_possible_cpu(cpu) {
		struct ltt_cpu *c = ltt.cpus[cpu];

		for (i = 0; i < c->count; i++) {
			idx = (c->next + i) % c->count;
			if (atomic_read(&c->state[idx]) == LTT_BUF_READY) {
				c->read_idx = idx;
				break;
			}
		}
	}
}

/* STOP: tracing is over once every CPU is flushed; tell the readers. */
void ltt_stop_done(void)
{
	/* Pairs with the reader's acquire: flushed buffers are visible. */
	smp_store_release(&ltt.tracing, 0);
	ltt_wake_readers();
}

/* ---- reader side ------------------------------------------------------- */

/*
 * Find the first READY buffer, looking at each CPU's next buffer in seq
 * order and at the CPUs round robin, starting after the CPU served last
 * (so a busy CPU can not starve the others).  Under ltt.read_mutex.
 */
static struct ltt_cpu *ltt_find_ready(void)
{
	unsigned int i, cpu;

	if (!ltt.size)
		return NULL;
	for (i = 0; i < nr_cpu_ids; i++) {
		struct ltt_cpu *c;

		cpu = (ltt.rr + i) % nr_cpu_ids;
		c = ltt.cpus[cpu];
		if (!c)
			continue;
		/* Pairs with the writer's release: see the whole buffer. */
		if (atomic_read_acquire(&c->state[c->read_idx]) == LTT_BUF_READY)
			return c;
	}
	return NULL;
}

/* ---- per-file reader state ---------------------------------------------- */

/*
 * A file's reader state (file->private_data).  A buffer is copied out of
 * the ring into @buf under read_mutex, and from there to user space with
 * only @lock held: read_mutex, which START, STOP of a flight trace,
 * release and poll() take, is never held across a user copy, so a reader
 * whose buffer faults slowly (userfaultfd, FUSE) holds up nobody but the
 * other readers of its own file.  A copy that fails (-EFAULT) keeps the
 * buffer in @buf for the next read() of the file, as long as no new
 * trace started (@gen).
 */
struct ltt_reader {
	struct mutex lock;	/* one read() of the file at a time */
	char *buf;		/* @cap bytes, kvmalloc() */
	size_t cap;
	size_t pending;		/* bytes of a buffer not yet copied out */
	unsigned long gen;	/* ltt.gen of that buffer */

	/* GET_SUBBUF .. PUT_SUBBUF, under @lock and read_mutex */
	struct ltt_cpu *held;	/* CPU of the buffer held, NULL: none */
	u32 held_idx;		/* which of its buffers */
	unsigned long held_gen;	/* ltt.gen when it was taken */
	u64 ticket;		/* what PUT must give back */
};

struct ltt_reader *ltt_reader_new(void)
{
	struct ltt_reader *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (r)
		mutex_init(&r->lock);
	return r;
}

void ltt_reader_free(struct ltt_reader *r)
{
	if (!r)
		return;
	kvfree(r->buf);
	mutex_destroy(&r->lock);
	kfree(r);
}

/* Room for a buffer of @size bytes in @r->buf, outside read_mutex. */
static int ltt_reader_room(struct ltt_reader *r, size_t size)
{
	char *buf;

	if (r->cap >= size)
		return 0;
	buf = kvmalloc(size, GFP_KERNEL | __GFP_NOWARN);
	if (!buf)
		return -ENOMEM;
	kvfree(r->buf);
	r->buf = buf;
	r->cap = size;
	return 0;
}

/*
 * Take @c's next READY buffer (READING: the writer keeps off it) and
 * move the reader on to the next CPU; *@len is its length, header
 * included.  Under read_mutex.
 */
static u32 ltt_take_begin(struct ltt_cpu *c, size_t *len)
{
	u32 idx = c->read_idx;
	struct ltt_buffer_header *h = ltt_buf(c, idx);

	atomic_set(&c->state[idx], LTT_BUF_READING);
	*len = sizeof(*h) + h->data_size;
	if (WARN_ON_ONCE(*len > c->size))
		*len = c->size;
	c->read_idx = idx + 1 == c->count ? 0 : idx + 1;
	ltt.rr = (c->cpu + 1) % nr_cpu_ids;
	return idx;
}

/* Give buffer @idx of @c back to the writer.  Under read_mutex. */
static void ltt_give_back(struct ltt_cpu *c, u32 idx)
{
	/* Pairs with the writer's acquire in ltt_open(). */
	atomic_set_release(&c->state[idx], LTT_BUF_FREE);
	/* An offline CPU's last buffer read: its memory goes (tracer_buffer_mem.c). */
	if (unlikely(c->dead) && !ltt_cpu_unread(c))
		ltt_cpu_mem_free(c);
}

/*
 * Copy @c's next buffer into @r->buf and give it back to the writer.
 * Under read_mutex; @r->buf holds at least @c->size bytes.
 */
static void ltt_take(struct ltt_cpu *c, struct ltt_reader *r)
{
	size_t len;
	u32 idx = ltt_take_begin(c, &len);

	memcpy(r->buf, ltt_buf(c, idx), len);
	ltt_give_back(c, idx);
	r->pending = len;
	r->gen = ltt.gen;
}

/*
 * A file other than the session's owner may not read: -EBUSY.  Without
 * an owner nothing is tracing, and read() sees end of file.  Under
 * read_mutex (START sets the owner before it takes read_mutex).
 */
static bool ltt_foreign(struct file *file)
{
	struct file *owner = READ_ONCE(ltt.owner);

	return owner && owner != file;
}

/*
 * One pass of read() under read_mutex: 1 with a buffer in @r->buf, 0
 * when none is ready (*@tracing, *@seq say whether to wait, and for
 * what), or a negative error.  A buffer @r kept from a trace before the
 * current one is dropped.
 */
static int ltt_read_locked(struct file *file, struct ltt_reader *r,
			   size_t count, int *tracing, long *seq)
{
	struct ltt_cpu *c;
	size_t size;

	if (ltt_foreign(file))
		return -EBUSY;
	if (r->pending && r->gen != ltt.gen)
		r->pending = 0;
	if (r->pending)
		return 1;
	size = ltt.size ? ltt.size : ltt.cfg_size;
	if (count < size)
		return -EINVAL;
	if (r->cap < size)
		return -ENOSPC;		/* the caller makes room and retries */
	*seq = atomic_long_read(&ltt.wake_seq);
	smp_rmb();	/* wake_seq before tracing and buffer states */
	*tracing = smp_load_acquire(&ltt.tracing);
	/* The writers own a flight trace's buffers until STOP. */
	c = *tracing && ltt.flight ? NULL : ltt_find_ready();
	if (!c)
		return 0;
	ltt_take(c, r);
	return 1;
}

/*
 * Wait until wake_seq moves from @seq (something became READY, or the
 * trace ended): 0, -EAGAIN for a non-blocking file, or -ERESTARTSYS.
 */
static int ltt_wait_wake(long seq, bool nonblock)
{
	if (nonblock)
		return -EAGAIN;
	return wait_event_interruptible(ltt.wait,
					atomic_long_read(&ltt.wake_seq) != seq);
}

/*
 * read(): one whole READY buffer per call.  Blocks until one is ready
 * (unless @nonblock); returns 0 once tracing is stopped and every buffer
 * has been read.  A flight trace gives nothing until it is stopped.
 * Every wait is interruptible (so killable), and read_mutex is held only
 * to take a buffer, never across the copy to user space.
 *
 * Lost wake-up freedom: wake_seq is read before the buffers are looked
 * at, and writers (through ltt_wake_readers()) make a buffer READY
 * before they increment wake_seq.  So if the scan misses a buffer that
 * is about to become READY, the increment that follows it is not yet
 * in the value we read, and the wait below returns at once.  The same
 * holds for the end of tracing (STOP clears ltt.tracing, then wakes).
 */
ssize_t ltt_read_one(struct file *file, char __user *ubuf, size_t count,
		     bool nonblock)
{
	struct ltt_reader *r = file->private_data;
	ssize_t ret;

	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	for (;;) {
		int tracing = 0;
		long seq = 0;

		if (mutex_lock_interruptible(&ltt.read_mutex)) {
			ret = -ERESTARTSYS;
			break;
		}
		ret = ltt_read_locked(file, r, count, &tracing, &seq);
		if (ret == -ENOSPC) {
			size_t size = ltt.size ? ltt.size : ltt.cfg_size;

			mutex_unlock(&ltt.read_mutex);
			ret = ltt_reader_room(r, size);
			if (ret)
				break;
			continue;
		}
		mutex_unlock(&ltt.read_mutex);
		if (ret < 0)
			break;
		if (ret) {
			if (count < r->pending) {
				ret = -EINVAL;
			} else if (copy_to_user(ubuf, r->buf, r->pending)) {
				/* Kept for the next read(). */
				ret = -EFAULT;
			} else {
				ret = r->pending;
				WRITE_ONCE(r->pending, 0);
			}
			break;
		}
		if (!tracing)
			break;
		ret = ltt_wait_wake(seq, nonblock);
		if (ret)
			break;
	}
	mutex_unlock(&r->lock);
	return ret;
}

/*
 * poll(): readable when a buffer is READY (not before STOP for a flight
 * trace) or at end of file; EPOLLERR for a file that is not the owner.
 */
__poll_t ltt_poll_mask(struct file *file)
{
	struct ltt_reader *r = file->private_data;
	__poll_t ret = 0;
	int tracing;

	mutex_lock(&ltt.read_mutex);
	/* Pairs with ltt_stop_done(): not tracing => all flushed. */
	tracing = smp_load_acquire(&ltt.tracing);
	if (ltt_foreign(file))
		ret = EPOLLERR;
	else if (!tracing || (READ_ONCE(r->pending) && READ_ONCE(r->gen) == ltt.gen) ||
		 (!ltt.flight && ltt_find_ready()))
		ret = EPOLLIN | EPOLLRDNORM;
	mutex_unlock(&ltt.read_mutex);
	return ret;
}

/* ---- reading without a copy: mmap, GET_SUBBUF, PUT_SUBBUF --------------- */

/*
 * Reading without a copy
 * ----------------------
 * The owner maps a CPU's buffer memory read-only (ltt_buffers_mmap():
 * every page inserted with vm_insert_page(), which takes a reference on
 * it), GET_SUBBUF takes the next READY buffer exactly as read() would
 * (same order, same waits, same end of file) but leaves it READING and
 * says where it is, the daemon write()s it to its file straight from the
 * mapping, and PUT_SUBBUF gives it back (FREE).  No byte is copied by the
 * module or the daemon; the only copy left is the file system's.
 *
 * Why a mapping never reads freed memory: the pages of a mapping are
 * referenced by it, one reference per page, so vfree() of the buffer
 * memory (release of the session, START with another geometry, an
 * offline CPU's memory once read) only drops the allocator's reference;
 * a page goes back to the page allocator when the last mapping of it is
 * unmapped.  A mapping keeps its file open, so release() itself runs
 * only after the last munmap(), and the module can not be unloaded while
 * a mapping exists.  Hence no vm_ops reference counting is needed: a
 * mapping outliving the memory it was made from is safe, merely stale;
 * map_id tells the daemon when a CPU's memory is a new one to map.
 *
 * Why the bytes a daemon writes are the buffer's: while it is held
 * (READING) the writer never opens it (only FREE, or READY in a flight
 * trace that no reader may GET from before STOP), and the memory of a
 * CPU with a READING buffer is not freed (ltt_cpu_unread()).  START
 * discards everything, the held buffer too: a PUT after it is a no-op
 * (gen), and START is the owner's own doing.
 *
 * Locking: ltt_buffers_mmap() runs with the mmap lock held and takes
 * read_mutex; nothing takes the mmap lock (page faults included) under
 * read_mutex, as no user copy is made under it.
 */
int ltt_buffers_mmap(struct file *file, struct vm_area_struct *vma)
{
	unsigned long len = vma->vm_end - vma->vm_start, i;
	u64 off = (u64)vma->vm_pgoff << PAGE_SHIFT;
	u64 cpu = off >> LTT_MMAP_CPU_SHIFT;
	struct ltt_cpu *c;
	int ret = 0;

	if (vma->vm_flags & VM_WRITE)
		return -EPERM;
	if (!(vma->vm_flags & VM_MAYSHARE) ||
	    off & (LTT_MMAP_OFFSET(1) - 1) || cpu >= nr_cpu_ids)
		return -EINVAL;
	mutex_lock(&ltt.read_mutex);
	c = ltt.cpus[cpu];
	if (ltt_foreign(file))
		ret = -EBUSY;
	else if (!c || !c->mem)
		ret = -ENODEV;
	else if (len != PAGE_ALIGN((size_t)c->size * c->count))
		ret = -EINVAL;
	if (ret)
		goto out;
	/* Never writable, not even by mprotect(); never grown by mremap(). */
	vma->vm_flags &= ~VM_MAYWRITE;
	vma->vm_flags |= VM_DONTEXPAND | VM_DONTDUMP;
	for (i = 0; i < len && !ret; i += PAGE_SIZE)
		ret = vm_insert_page(vma, vma->vm_start + i,
				     vmalloc_to_page(c->mem + i));
out:
	mutex_unlock(&ltt.read_mutex);
	return ret;
}

/*
 * One pass of GET_SUBBUF under read_mutex: 0 with a buffer taken and
 * described in @sb, 1 when none is ready yet (*@seq: what to wait for),
 * or a negative error (-ENODATA: the trace is over and read).
 */
static int ltt_get_locked(struct file *file, struct ltt_reader *r,
			  struct ltt_subbuf *sb, long *seq)
{
	struct ltt_cpu *c;
	size_t len;
	int tracing;
	u32 idx;

	if (ltt_foreign(file))
		return -EBUSY;
	if (r->held && r->held_gen == ltt.gen)
		return -EBUSY;		/* PUT the one held first */
	r->held = NULL;			/* one of a trace before: gone */
	*seq = atomic_long_read(&ltt.wake_seq);
	smp_rmb();	/* wake_seq before tracing and buffer states */
	tracing = smp_load_acquire(&ltt.tracing);
	c = tracing && ltt.flight ? NULL : ltt_find_ready();
	if (!c)
		return tracing ? 1 : -ENODATA;
	idx = ltt_take_begin(c, &len);
	r->held = c;
	r->held_idx = idx;
	r->held_gen = ltt.gen;
	r->ticket = ++ltt.ticket_seq;
	memset(sb, 0, sizeof(*sb));
	sb->cpu = c->cpu;
	sb->index = idx;
	sb->offset = (u64)idx * c->size;
	sb->len = len;
	sb->map_size = c->size * c->count;
	sb->map_id = c->map_id;
	sb->ticket = r->ticket;
	return 0;
}

/*
 * Put the buffer @r holds back as READY, next to be read, as if GET had
 * not taken it (its description could not be copied out).  Under
 * read_mutex; the file's lock kept any other reader of it away, and no
 * other file may read, so the CPU's read_idx still follows it.
 */
static void ltt_get_undo(struct ltt_reader *r)
{
	struct ltt_cpu *c = r->held;

	if (c && r->held_gen == ltt.gen) {
		atomic_set(&c->state[r->held_idx], LTT_BUF_READY);
		c->read_idx = r->held_idx;
	}
	r->held = NULL;
}

long ltt_subbuf_get(struct file *file, void __user *argp, bool nonblock)
{
	struct ltt_reader *r = file->private_data;
	struct ltt_subbuf sb;
	long ret;

	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	for (;;) {
		long seq = 0;

		if (mutex_lock_interruptible(&ltt.read_mutex)) {
			ret = -ERESTARTSYS;
			break;
		}
		ret = ltt_get_locked(file, r, &sb, &seq);
		mutex_unlock(&ltt.read_mutex);
		if (ret <= 0)
			break;
		/* The same wake-up protocol as ltt_read_one(). */
		ret = ltt_wait_wake(seq, nonblock);
		if (ret)
			break;
	}
	/* Copied out with no tracer lock held (it may fault). */
	if (!ret && copy_to_user(argp, &sb, sizeof(sb))) {
		mutex_lock(&ltt.read_mutex);
		ltt_get_undo(r);
		mutex_unlock(&ltt.read_mutex);
		ret = -EFAULT;
	}
	mutex_unlock(&r->lock);
	return ret;
}

long ltt_subbuf_put(struct file *file, void __user *argp)
{
	struct ltt_reader *r = file->private_data;
	struct ltt_subbuf sb;
	long ret = 0;

	if (copy_from_user(&sb, argp, sizeof(sb)))
		return -EFAULT;
	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	mutex_lock(&ltt.read_mutex);
	if (!r->held || sb.ticket != r->ticket) {
		ret = -EINVAL;
	} else {
		/* START discarded it already: nothing to give back. */
		if (r->held_gen == ltt.gen)
			ltt_give_back(r->held, r->held_idx);
		r->held = NULL;
	}
	mutex_unlock(&ltt.read_mutex);
	mutex_unlock(&r->lock);
	return ret;
}
