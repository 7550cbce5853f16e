// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_buffer_state.c - the state every part of the LTT trace module
 * shares (struct ltt_tracer ltt: the per-CPU buffers, the locks, the
 * readers' wait queue) and the wake-up of the readers.  The buffer memory
 * and CPU hotplug (tracer_buffer_mem.c), the write path
 * (tracer_buffer_write.c) and the reader side (tracer_buffer_read.c) all
 * use it; it uses none of them.
 */
#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/irq_work.h>
#include <linux/mutex.h>
#include <linux/signal.h>
#include <linux/wait.h>

#include "tracer_buffer.h"
#include "tracer_buffer_internal.h"

struct ltt_tracer ltt = {
	.wait = __WAIT_QUEUE_HEAD_INITIALIZER(ltt.wait),
	.ctl_mutex = __MUTEX_INITIALIZER(ltt.ctl_mutex),
	.read_mutex = __MUTEX_INITIALIZER(ltt.read_mutex),
	.wake_seq = ATOMIC_LONG_INIT(0),
};

/*
 * Wake readers and send SIGIO.  Runs from the irq_work (hard interrupt
 * context, no tracer lock held) or from the STOP ioctl.
 *
 * The full barrier orders everything made visible before (a buffer
 * turned READY, or tracing cleared) before the wake_seq increment: a
 * reader reads wake_seq before it looks at the buffers (ltt_read_one),
 * so if it missed a READY buffer it also read the old wake_seq and will
 * not go to sleep on it.
 */
void ltt_wake_readers(void)
{
	/* READY / tracing stores before the wake_seq increment. */
	smp_mb__before_atomic();
	atomic_long_inc(&ltt.wake_seq);
	wake_up_interruptible(&ltt.wait);
	kill_fasync(&ltt.fasync, SIGIO, POLL_IN);
}

void ltt_wake_work(struct irq_work *work)
{
	ltt_wake_readers();
}
