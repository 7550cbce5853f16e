/* SPDX-License-Identifier: GPL-2.0 */
/* device.h - the /dev/tracer device: open and ioctl wrappers */
#ifndef TRACED_DEVICE_H
#define TRACED_DEVICE_H

#include <stddef.h>
#include <sys/types.h>
#include <ltt/ltt-abi.h>

struct device {
	int fd;
	const char *path;
};

/*
 * Each function prints a clear message naming the device on failure and
 * returns -1 (0 on success).
 */
int device_open(struct device *dev, const char *path);
int device_get_info(struct device *dev, struct ltt_info *info);
int device_set_buffers(struct device *dev, unsigned int size,
		       unsigned int count);
int device_get_mask(struct device *dev, struct ltt_event_mask *mask);
int device_start(struct device *dev);
int device_stop(struct device *dev);
int device_get_lost(struct device *dev, unsigned int cpu,
		    struct ltt_lost_info *lost);
void device_close(struct device *dev);

/*
 * The configuration ioctls.  option names the command-line option(s)
 * that asked for it; a failure message starts with it and says why:
 * a module without the ioctl (ENOTTY: older than traced), a value it
 * refuses (EINVAL), a session owned by another daemon (EBUSY).
 */
int device_set_mask(struct device *dev, const struct ltt_event_mask *mask,
		    const char *option);
int device_set_details(struct device *dev, const struct ltt_event_mask *mask,
		       const char *option);
int device_get_details(struct device *dev, struct ltt_event_mask *mask,
		       const char *option);
int device_set_filter(struct device *dev, const struct ltt_filter *filter,
		      const char *option);
int device_set_stacks(struct device *dev, const struct ltt_stack_config *st,
		      const char *option);
int device_set_syscall_ip(struct device *dev,
			  const struct ltt_syscall_ip *sip, const char *option);
int device_set_options(struct device *dev, const struct ltt_options *opt,
		       const char *option);
int device_set_flush(struct device *dev, __u32 ms, const char *option);
/* LTT_IOC_SET_SAMPLE: the sampling profiler's rate (format 1.10) */
int device_set_sample(struct device *dev, __u32 hz, const char *option);
/* LTT_IOC_SET_STACK_SYSCALLS: the syscalls whose entry gets stacks (1.10) */
int device_set_stack_syscalls(struct device *dev,
			      const struct ltt_syscall_set *sys,
			      const char *option);

/*
 * LTT_IOC_SET_HEAVY (ABI 12): the tasks whose events get details and
 * stacks, while tracing too (heavy logging, audit.c)
 */
int device_set_heavy(struct device *dev, const struct ltt_heavy *h,
		     const char *option);

/*
 * Reads one buffer (non-blocking).  Returns its size, 0 at end of trace,
 * -2 if none is ready yet, -1 on error (message printed).
 */
ssize_t device_read(struct device *dev, void *buf, size_t len);

/*
 * Reading without a copy (see LTT_IOC_GET_SUBBUF in ltt-abi.h).
 * device_get_subbuf() takes the next full buffer (non-blocking): 1 with
 * *sb filled, 0 at end of trace, -2 if none is ready yet, -3 if the
 * module has no such ioctl (ENOTTY: read it with device_read()), -1 on
 * error (message printed).  device_put_subbuf() gives it back: 0 or -1.
 * device_map() maps CPU cpu's len bytes of buffers read-only: the address
 * or NULL (message printed).
 */
int device_get_subbuf(struct device *dev, struct ltt_subbuf *sb);
int device_put_subbuf(struct device *dev, struct ltt_subbuf *sb);
const void *device_map(struct device *dev, unsigned int cpu, size_t len);
void device_unmap(const void *addr, size_t len);

#endif
