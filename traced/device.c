// SPDX-License-Identifier: GPL-2.0
/* device.c - the /dev/tracer device: open and ioctl wrappers */
#include "device.h"
#include "device-sys.h"
#include "msg.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

int device_open(struct device *dev, const char *path)
{
	dev->path = path;
	dev->fd = devsys_open(path);
	if (dev->fd >= 0)
		return 0;
	switch (errno) {
	case EPERM:
	case EACCES:
		msg_err("cannot open %s: %s (tracing needs root: CAP_SYS_ADMIN)",
			path, strerror(errno));
		break;
	case EBUSY:
		msg_err("cannot open %s: %s (another trace daemon is running)",
			path, strerror(errno));
		break;
	case ENOENT:
	case ENODEV:
	case ENXIO:
		msg_err("cannot open %s: %s (is the ltt_tracer module loaded?)",
			path, strerror(errno));
		break;
	default:
		msg_err("cannot open %s: %s", path, strerror(errno));
		break;
	}
	return -1;
}

static int do_ioctl(struct device *dev, unsigned long req, void *arg,
		    const char *what)
{
	if (devsys_ioctl(dev->fd, req, arg) == 0)
		return 0;
	if (errno == ENOTTY)
		msg_err("%s: not a tracer device (%s: %s)", dev->path, what,
			strerror(errno));
	else
		msg_err("%s: %s failed: %s", dev->path, what, strerror(errno));
	return -1;
}

int device_get_info(struct device *dev, struct ltt_info *info)
{
	memset(info, 0, sizeof(*info));
	if (do_ioctl(dev, LTT_IOC_GET_INFO, info, "LTT_IOC_GET_INFO") < 0)
		return -1;
	if (info->abi_version != LTT_ABI_VERSION) {
		msg_err("%s: tracer ABI version %u, traced needs version %u "
			"(module and daemon do not match)",
			dev->path, info->abi_version, LTT_ABI_VERSION);
		return -1;
	}
	if (info->ncpus == 0 || info->ncpus > 65536) {
		msg_err("%s: implausible CPU count %u", dev->path, info->ncpus);
		return -1;
	}
	return 0;
}

int device_set_buffers(struct device *dev, unsigned int size,
		       unsigned int count)
{
	struct ltt_buffer_config cfg = { .size = size, .count = count };

	return do_ioctl(dev, LTT_IOC_SET_BUFFERS, &cfg, "LTT_IOC_SET_BUFFERS");
}

static int config_ioctl(struct device *dev, unsigned long req, void *arg,
			const char *what, const char *option)
{
	if (devsys_ioctl(dev->fd, req, arg) == 0)
		return 0;
	switch (errno) {
	case ENOTTY:
		msg_err("%s: %s does not support %s (%s): the ltt_tracer "
			"module is older than this traced", option, dev->path,
			what, strerror(errno));
		break;
	case EINVAL:
		msg_err("%s: %s refused %s: %s (a value the module does not "
			"accept)", option, dev->path, what, strerror(errno));
		break;
	case EBUSY:
		msg_err("%s: %s refused %s: %s (another trace daemon owns the "
			"tracer)", option, dev->path, what, strerror(errno));
		break;
	default:
		msg_err("%s: %s failed on %s: %s", option, what, dev->path,
			strerror(errno));
		break;
	}
	return -1;
}

int device_set_mask(struct device *dev, const struct ltt_event_mask *mask,
		    const char *option)
{
	struct ltt_event_mask m = *mask;

	/*
	 * The module always records scheduling changes and trace start
	 * records (they attribute events to tasks); the mask in force is
	 * read back with device_get_mask() and stored in the header.
	 */
	return config_ioctl(dev, LTT_IOC_SET_EVENT_MASK, &m,
			    "LTT_IOC_SET_EVENT_MASK", option);
}

int device_set_details(struct device *dev, const struct ltt_event_mask *mask,
		       const char *option)
{
	struct ltt_event_mask m = *mask;

	return config_ioctl(dev, LTT_IOC_SET_DETAILS_MASK, &m,
			    "LTT_IOC_SET_DETAILS_MASK", option);
}

int device_get_details(struct device *dev, struct ltt_event_mask *mask,
		       const char *option)
{
	memset(mask, 0, sizeof(*mask));
	return config_ioctl(dev, LTT_IOC_GET_DETAILS_MASK, mask,
			    "LTT_IOC_GET_DETAILS_MASK", option);
}

int device_set_filter(struct device *dev, const struct ltt_filter *filter,
		      const char *option)
{
	struct ltt_filter f = *filter;

	return config_ioctl(dev, LTT_IOC_SET_FILTER, &f, "LTT_IOC_SET_FILTER",
			    option);
}

int device_set_syscall_ip(struct device *dev,
			  const struct ltt_syscall_ip *sip, const char *option)
{
	struct ltt_syscall_ip s = *sip;

	return config_ioctl(dev, LTT_IOC_SET_SYSCALL_IP, &s,
			    "LTT_IOC_SET_SYSCALL_IP", option);
}

int device_set_stacks(struct device *dev, const struct ltt_stack_config *st,
		      const char *option)
{
	struct ltt_stack_config s = *st;

	return config_ioctl(dev, LTT_IOC_SET_STACKS, &s, "LTT_IOC_SET_STACKS",
			    option);
}

int device_set_options(struct device *dev, const struct ltt_options *opt,
		       const char *option)
{
	struct ltt_options o = *opt;

	return config_ioctl(dev, LTT_IOC_SET_OPTIONS, &o, "LTT_IOC_SET_OPTIONS",
			    option);
}

int device_set_flush(struct device *dev, __u32 ms, const char *option)
{
	__u32 v = ms;

	return config_ioctl(dev, LTT_IOC_SET_FLUSH, &v, "LTT_IOC_SET_FLUSH",
			    option);
}

int device_set_heavy(struct device *dev, const struct ltt_heavy *h,
		     const char *option)
{
	struct ltt_heavy c = *h;

	return config_ioctl(dev, LTT_IOC_SET_HEAVY, &c, "LTT_IOC_SET_HEAVY",
			    option);
}

int device_set_stack_syscalls(struct device *dev,
			      const struct ltt_syscall_set *sys,
			      const char *option)
{
	struct ltt_syscall_set s = *sys;

	return config_ioctl(dev, LTT_IOC_SET_STACK_SYSCALLS, &s,
			    "LTT_IOC_SET_STACK_SYSCALLS", option);
}

int device_set_sample(struct device *dev, __u32 hz, const char *option)
{
	__u32 v = hz;

	return config_ioctl(dev, LTT_IOC_SET_SAMPLE, &v, "LTT_IOC_SET_SAMPLE",
			    option);
}

int device_get_mask(struct device *dev, struct ltt_event_mask *mask)
{
	memset(mask, 0, sizeof(*mask));
	return do_ioctl(dev, LTT_IOC_GET_EVENT_MASK, mask,
			"LTT_IOC_GET_EVENT_MASK");
}

int device_start(struct device *dev)
{
	if (devsys_ioctl(dev->fd, LTT_IOC_START, NULL) == 0)
		return 0;
	if (errno == ENOMEM)
		msg_err("%s: LTT_IOC_START failed: %s (the module could not allocate "
			"its buffers: ask for fewer or smaller ones, -n and -b)",
			dev->path, strerror(errno));
	else
		msg_err("%s: LTT_IOC_START failed: %s", dev->path, strerror(errno));
	return -1;
}

int device_stop(struct device *dev)
{
	return do_ioctl(dev, LTT_IOC_STOP, NULL, "LTT_IOC_STOP");
}

int device_get_lost(struct device *dev, unsigned int cpu,
		    struct ltt_lost_info *lost)
{
	memset(lost, 0, sizeof(*lost));
	lost->cpu = cpu;
	return do_ioctl(dev, LTT_IOC_GET_LOST, lost, "LTT_IOC_GET_LOST");
}

ssize_t device_read(struct device *dev, void *buf, size_t len)
{
	ssize_t r;

	r = devsys_read(dev->fd, buf, len);
	if (r >= 0)
		return r;
	if (errno == EAGAIN)
		return -2;
	msg_err("read error on %s: %s", dev->path, strerror(errno));
	return -1;
}

int device_get_subbuf(struct device *dev, struct ltt_subbuf *sb)
{
	if (devsys_ioctl(dev->fd, LTT_IOC_GET_SUBBUF, sb) == 0)
		return 1;
	if (errno == ENODATA)
		return 0;
	if (errno == EAGAIN)
		return -2;
	if (errno == ENOTTY)
		return -3;
	msg_err("LTT_IOC_GET_SUBBUF on %s: %s", dev->path, strerror(errno));
	return -1;
}

int device_put_subbuf(struct device *dev, struct ltt_subbuf *sb)
{
	return do_ioctl(dev, LTT_IOC_PUT_SUBBUF, sb, "LTT_IOC_PUT_SUBBUF");
}

const void *device_map(struct device *dev, unsigned int cpu, size_t len)
{
	void *p = devsys_mmap(dev->fd, len, LTT_MMAP_OFFSET(cpu));

	if (p != MAP_FAILED)
		return p;
	msg_err("cannot map the buffers of CPU %u of %s: %s", cpu, dev->path,
		strerror(errno));
	return NULL;
}

void device_unmap(const void *addr, size_t len)
{
	devsys_munmap((void *)addr, len);
}

void device_close(struct device *dev)
{
	if (dev->fd >= 0)
		devsys_close(dev->fd);
	dev->fd = -1;
}
