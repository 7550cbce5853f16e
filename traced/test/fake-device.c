// SPDX-License-Identifier: GPL-2.0
/*
 * fake-device.c - a stand-in for device.c, linked into test/traced-fake,
 * so that the whole daemon runs on the host.  It acts like the tracer:
 * 2 CPUs, a buffer every FAKE_PERIOD_MS (default 10) ms once started, one
 * flushed buffer per CPU after stop, then end of trace.  FAKE_LOST=N makes
 * every CPU report N lost events.
 */
#include "device.h"
#include "msg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#define NCPUS 2

static struct ltt_info info = {
	.abi_version = LTT_ABI_VERSION, .ncpus = NCPUS,
	.buffer_size = 4096, .buffer_count = 4,
};
static struct ltt_event_mask fmask;
static __u64 seq[NCPUS];
static int started, stopped, flushed;
static unsigned int next_cpu;

int device_open(struct device *dev, const char *path)
{
	struct itimerspec its;
	const char *p = getenv("FAKE_PERIOD_MS");
	long ms = p ? atol(p) : 10;

	dev->path = path;
	if (strcmp(path, "fake") != 0) {
		msg_err("cannot open %s: %s (is the ltt_tracer module loaded?)",
			path, strerror(ENOENT));
		return -1;
	}
	dev->fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (dev->fd < 0)
		return -1;
	memset(&its, 0, sizeof(its));
	its.it_interval.tv_nsec = its.it_value.tv_nsec = ms * 1000000L;
	timerfd_settime(dev->fd, 0, &its, NULL);
	return 0;
}

int device_get_info(struct device *dev, struct ltt_info *i)
{
	(void)dev;
	*i = info;
	return 0;
}

int device_set_buffers(struct device *dev, unsigned int size,
		       unsigned int count)
{
	(void)dev;
	if (started && !stopped)
		return -1;
	info.buffer_size = size;
	info.buffer_count = count;
	return 0;
}

int device_set_mask(struct device *dev, const struct ltt_event_mask *mask)
{
	(void)dev;
	fmask = *mask;
	return 0;
}

int device_get_mask(struct device *dev, struct ltt_event_mask *mask)
{
	(void)dev;
	*mask = fmask;
	return 0;
}

int device_start(struct device *dev)
{
	(void)dev;
	started = 1;
	return 0;
}

int device_stop(struct device *dev)
{
	(void)dev;
	stopped = 1;
	return 0;
}

int device_get_lost(struct device *dev, unsigned int cpu,
		    struct ltt_lost_info *lost)
{
	const char *p = getenv("FAKE_LOST");

	(void)dev;
	memset(lost, 0, sizeof(*lost));
	lost->cpu = cpu;
	lost->total = p ? strtoull(p, NULL, 10) : 0;
	return 0;
}

static ssize_t make_buffer(void *buf, size_t len, unsigned int cpu,
			   int flush)
{
	struct ltt_buffer_header *b = buf;
	size_t data = flush ? 64 : info.buffer_size - sizeof(*b);
	size_t off;

	if (len < sizeof(*b) + data)
		return -1;
	memset(b, 0, sizeof(*b));
	b->magic = LTT_BUFFER_MAGIC;
	b->cpu = (__u16)cpu;
	b->flags = flush ? LTT_BUF_FLUSHED : 0;
	b->seq = seq[cpu]++;
	b->data_size = (__u32)data;
	b->pid = (__u32)getpid();
	/* records of 16 bytes: a header and 8 bytes of payload */
	for (off = 0; off + 16 <= data; off += 16) {
		struct ltt_record_header *r =
			(void *)((char *)buf + sizeof(*b) + off);

		r->delta = (__u32)off;
		r->id = LTT_EV_TRACE_START;
		r->flags = 0;
		r->size = 16;
		memcpy(r + 1, &b->seq, 8);
	}
	return (ssize_t)(sizeof(*b) + data);
}

ssize_t device_read(struct device *dev, void *buf, size_t len)
{
	__u64 ticks;

	if (stopped) {
		if (flushed < NCPUS)
			return make_buffer(buf, len, (unsigned int)flushed++, 1);
		return 0;
	}
	if (!started || read(dev->fd, &ticks, sizeof(ticks)) != sizeof(ticks))
		return -2;
	next_cpu = (next_cpu + 1) % NCPUS;
	return make_buffer(buf, len, next_cpu, 0);
}

void device_close(struct device *dev)
{
	if (dev->fd >= 0)
		close(dev->fd);
	dev->fd = -1;
}
