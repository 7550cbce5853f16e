// SPDX-License-Identifier: GPL-2.0
/* header.c - the trace files "header" and "lost" */
#include "header.h"
#include "msg.h"
#include "write-all.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <ltt/ltt-clock.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static void copy_str(char *dst, size_t len, const char *src)
{
	/* NUL-padded, always terminated, truncated if need be */
	size_t n = strnlen(src, len - 1);

	memset(dst, 0, len);
	memcpy(dst, src, n);
}

void header_init(struct ltt_trace_header *h, const struct ltt_info *info,
		 const struct ltt_event_mask *mask)
{
	struct utsname u;

	memset(h, 0, sizeof(*h));
	h->magic = LTT_TRACE_MAGIC;
	h->major = LTT_FORMAT_MAJOR;
	h->minor = LTT_FORMAT_MINOR;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	h->byte_order = LTT_ORDER_BIG;
#else
	h->byte_order = LTT_ORDER_LITTLE;
#endif
	h->word_size = (__u8)sizeof(long);
	h->header_size = (__u16)sizeof(*h);
	h->ncpus = info->ncpus;
	h->clock_hz = 1000000000U;
	h->buffer_size = info->buffer_size;
	h->buffer_count = info->buffer_count;
	h->mask = *mask;
	memset(&h->details, 0xff, sizeof(h->details));
	h->syscall_ip.mode = LTT_SIP_RAW;
	if (uname(&u) == 0) {
		copy_str(h->arch, sizeof(h->arch), u.machine);
		copy_str(h->release, sizeof(h->release), u.release);
		copy_str(h->hostname, sizeof(h->hostname), u.nodename);
	}
}

void header_set_stacks(struct ltt_trace_header *h,
		       const struct ltt_stack_config *st)
{
	h->stacks = *st;
	/* the stack records are in the trace: the reader reads them */
	h->mask.bits[LTT_EV_STACK / 64] |= 1ULL << (LTT_EV_STACK % 64);
}

void header_set_heavy(struct ltt_trace_header *h)
{
	static const unsigned int ids[] = {
		LTT_EV_SCHEDCHANGE, LTT_EV_PROCESS_WAKEUP, LTT_EV_SYSCALL_ENTRY,
	};
	size_t i;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		h->stacks.events.bits[ids[i] / 64] |= 1ULL << (ids[i] % 64);
	if (!h->stacks.kernel_depth && !h->stacks.user_depth) {
		h->stacks.kernel_depth = LTT_STACK_KERNEL_DEPTH;
		h->stacks.user_depth = LTT_STACK_USER_DEPTH;
	}
	memset(&h->stack_syscalls, 0xff, sizeof(h->stack_syscalls));
	h->mask.bits[LTT_EV_STACK / 64] |= 1ULL << (LTT_EV_STACK % 64);
}

void header_set_command(struct ltt_trace_header *h, uint32_t pid)
{
	h->command_pid = pid;
	h->reserved_1_9 = 0;
}

void header_set_config(struct ltt_trace_header *h,
		       const struct ltt_event_mask *details,
		       const struct ltt_filter *filter,
		       const struct ltt_syscall_ip *sip, uint32_t capture_len,
		       uint32_t opt_flags)
{
	h->details = *details;
	h->filter = *filter;
	h->syscall_ip = *sip;
	h->capture_len = capture_len;
	h->flags &= ~(uint32_t)(LTT_TRACE_FLIGHT | LTT_TRACE_NO_CPUID |
				LTT_TRACE_FILTERED | LTT_TRACE_FULL_RECORDS);
	if (filter->flags)
		h->flags |= LTT_TRACE_FILTERED;
	if (opt_flags & LTT_OPT_FLIGHT)
		h->flags |= LTT_TRACE_FLIGHT;
	if (opt_flags & LTT_OPT_NO_CPUID)
		h->flags |= LTT_TRACE_NO_CPUID;
	if (opt_flags & LTT_OPT_FULL_RECORDS)
		h->flags |= LTT_TRACE_FULL_RECORDS;
}

uint64_t clock_ns(int clock)
{
	struct timespec ts;

	if (clock_gettime(clock, &ts) < 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000U + (uint64_t)ts.tv_nsec;
}

/* a module parameter's value, 0 when it cannot be read */
static long long module_param_ll(const char *name)
{
	char path[128], buf[32];
	long long v;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/ltt_tracer/parameters/%s", name);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	v = strtoll(buf, NULL, 10);
	return v;
}

uint64_t trace_clock_ns(void)
{
	static int known;
	static long long offset, drift;
	uint64_t t = clock_ns(CLOCK_MONOTONIC);

	if (!known) {
		offset = module_param_ll("clock_offset_ns");
		drift = module_param_ll("clock_drift_ppb");
		/* the module refuses to load outside these: 0 if not loaded */
		if (offset < 0 || offset > LTT_CLOCK_OFFSET_MAX_NS ||
		    drift < -LTT_CLOCK_DRIFT_MAX_PPB || drift > LTT_CLOCK_DRIFT_MAX_PPB)
			offset = drift = 0;
		if (offset || drift)
			msg_info("the module's test clock is on: offset %lld ns, drift %lld ppb",
				 offset, drift);
		known = 1;
	}
	if (!offset && !drift)
		return t;
	return ltt_clock_skew(t, offset, (int32_t)drift);
}

int header_write(int fd, const char *name, const struct ltt_trace_header *h)
{
	int err = write_all(fd, h, sizeof(*h), 0, NULL);

	if (err) {
		msg_err("write error on %s: %s", name, strerror(err));
		return -1;
	}
	if (fsync(fd) < 0) {
		msg_err("cannot sync %s: %s", name, strerror(errno));
		return -1;
	}
	return 0;
}

int lost_write(int fd, const char *path, const struct ltt_lost_info *lost,
	       unsigned int ncpus)
{
	int err;

	if (fd < 0)
		return -1;
	err = write_all(fd, lost, sizeof(*lost) * ncpus, -1, NULL);
	if (err) {
		msg_err("write error on %s: %s", path, strerror(err));
		close(fd);
		return -1;
	}
	if (fsync(fd) < 0) {
		msg_err("cannot sync %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (close(fd) < 0) {
		msg_err("write error on %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
