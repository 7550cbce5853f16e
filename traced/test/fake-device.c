// SPDX-License-Identifier: GPL-2.0
/*
 * fake-device.c - a stand-in for device-sys.c, linked into
 * test/traced-fake, so that the whole daemon (device.c's checks and
 * messages included) runs on the host against a simulated tracer.
 *
 * The device is the path "fake" (any other path: ENOENT).  It acts like
 * the tracer: 2 CPUs, 4 buffers of 4096 bytes per CPU until
 * LTT_IOC_SET_BUFFERS, a full buffer every FAKE_PERIOD_MS (default 10) ms
 * once started (CPUs in turn), one flushed buffer per CPU after STOP,
 * then end of trace.  With LTT_OPT_FLIGHT nothing can be read before
 * STOP (EAGAIN); at STOP each CPU keeps its last count - 1 full buffers
 * (the others were overwritten) and its flushed buffer, read oldest
 * first.  It checks the configuration structs as the module does
 * (EINVAL) and forces the always-detailed events into the details mask.
 *
 * Environment:
 *   FAKE_LOG=FILE       append one line per ioctl, with the struct given
 *                       (and "STOP reads_before=N": the reads tried
 *                       before STOP; with LTT_OPT_FLIGHT, "MADE N0 N1":
 *                       the buffers each CPU filled until STOP), and
 *                       "BUFFER CPU SEQ" per buffer handed out
 *   FAKE_FAIL=NAME:ERR  make ioctl LTT_IOC_NAME fail with ERR (ENOTTY,
 *                       EINVAL, EBUSY, EPERM or ENOMEM), e.g. SET_FILTER:ENOTTY
 *   FAKE_TRACING=1      another session is tracing (for --set-events)
 *   FAKE_LOST=N         every CPU reports N lost events
 *   FAKE_PERIOD_MS=N    one buffer every N ms
 *   FAKE_BUFFERS=FILE   the buffers handed out are FILE's, in its order
 *                       (each a struct ltt_buffer_header and its
 *                       data_size bytes of records), one a period once
 *                       started, the rest after STOP; their start_ns and
 *                       end_ns are counted from START (CLOCK_MONOTONIC)
 *
 *   FAKE_HITS=FILE      LTT_IOC_SET_TRIGGERS is accepted (else ENOTTY, a
 *                       module without it), and LTT_IOC_GET_HITS hands out
 *                       FILE's hits (struct ltt_trig_hit each; their
 *                       time_ns and start_ns counted from START), all at
 *                       the first call after START; each SET_TRIGGERS
 *                       logs its triggers, a line each
 *
 * Heavy logging (LTT_IOC_SET_HEAVY): checked as the module does; while a
 * set is on, the records made are the set's first task's (their pid).
 *
 * The vital signs device (traced --vitals -d fake): LTT_VITALS_IOC_* as
 * the collector answers them, each epoch SWAP hands over made of its
 * number s from 0: system calls 1000 + 100 s in cell 5 (label 0xf00d,
 * two samples), 2 in cell 77 (0xbeef), 1 in cell 900; blocking 50 us in
 * 5 events in cell 3 (0xb10c); s samples dropped.  Its poll() says POLLIN
 * every FAKE_PERIOD_MS (a CPU's array a quarter full): each LTT_VITALS_IOC_DRAIN
 * then hands over FAKE_VITALS_DRAIN samples (default 0; system calls,
 * label 0xd4a1 in cell 11, comm "fakedrain"), those beyond its cap
 * counted in the epoch's dropped (each DRAIN that hands some over logged
 * with the epoch's seq); a SWAP whose nsamples_in is not the
 * number the epoch's DRAINs handed over fails (EINVAL, "VITALS_SWAP bad
 * nsamples_in" logged): the daemon lost or doubled some.
 */
#include "device-sys.h"

#include <errno.h>
#include <sys/mman.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <ltt/ltt-abi.h>

/* the module's sip_scan_max parameter as it loads (depth 0: that many) */
#define FAKE_SIP_SCAN_MAX	64

#define NCPUS 2

static struct ltt_info info = {
	.abi_version = LTT_ABI_VERSION, .ncpus = NCPUS,
	.buffer_size = 4096, .buffer_count = 4,
};
static struct ltt_event_mask fmask;
static struct ltt_event_mask fdetails = { { ~0ULL, ~0ULL, ~0ULL, ~0ULL } };
static struct ltt_options fopts;
static int started, stopped;
static __u32 heavy_pid;	/* the heavy logging set's first task, 0: off */
static unsigned int next_cpu;
static unsigned long reads_before_stop;

/* after STOP: what each CPU still has to hand out */
static __u64 next_seq[NCPUS];	/* seq of the next buffer made */
static __u64 kept[NCPUS];	/* full buffers left to read */
static int flushed[NCPUS];	/* flushed buffer read */
static FILE *script;		/* FAKE_BUFFERS */
static __u64 script_t0;		/* its times count from START */

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void logf_(const char *fmt, ...)
{
	const char *path = getenv("FAKE_LOG");
	va_list ap;
	FILE *f;

	if (!path)
		return;
	f = fopen(path, "a");
	if (!f)
		return;
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	fclose(f);
}

static void log_mask(const char *what, const struct ltt_event_mask *m)
{
	logf_("%s 0x%016llx 0x%016llx 0x%016llx 0x%016llx", what,
	      (unsigned long long)m->bits[0], (unsigned long long)m->bits[1],
	      (unsigned long long)m->bits[2], (unsigned long long)m->bits[3]);
}

/* FAKE_FAIL=NAME:ERR for this ioctl: the errno, else 0. */
static int injected(const char *name)
{
	static const struct { const char *name; int err; } errs[] = {
		{ "ENOTTY", ENOTTY }, { "EINVAL", EINVAL },
		{ "EBUSY", EBUSY }, { "EPERM", EPERM }, { "ENOMEM", ENOMEM },
	};
	const char *p = getenv("FAKE_FAIL");
	size_t n = strlen(name), i;

	if (!p || strncmp(p, name, n) != 0 || p[n] != ':')
		return 0;
	for (i = 0; i < sizeof(errs) / sizeof(errs[0]); i++)
		if (strcmp(p + n + 1, errs[i].name) == 0)
			return errs[i].err;
	return EIO;
}

int devsys_open(const char *path)
{
	struct itimerspec its;
	const char *p = getenv("FAKE_PERIOD_MS");
	long ms = p ? atol(p) : 10;
	int fd;

	if (strcmp(path, "fake") != 0) {
		errno = ENOENT;
		return -1;
	}
	fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	if (fd < 0)
		return -1;
	memset(&its, 0, sizeof(its));
	its.it_interval.tv_sec = its.it_value.tv_sec = ms / 1000;
	its.it_interval.tv_nsec = its.it_value.tv_nsec = ms % 1000 * 1000000L;
	timerfd_settime(fd, 0, &its, NULL);
	logf_("OPEN");
	return fd;
}

/* Timer expirations since the last call. */
static __u64 ticks(int fd)
{
	__u64 n;

	if (read(fd, &n, sizeof(n)) != sizeof(n))
		return 0;
	return n;
}

static int fail(int err)
{
	errno = err;
	return -1;
}

static int check_mask_bits(const struct ltt_event_mask *m)
{
	/* ids 0 and >= LTT_EV_IDS mean nothing to this tracer */
	return (m->bits[0] & 1) || (m->bits[1] & ~((1ULL << (LTT_EV_IDS - 64)) - 1)) ||
	       m->bits[2] || m->bits[3];
}

static int vitals_started;
static unsigned int vitals_cpu_high_us;	/* START's CPU watermark */
static __u32 vitals_seq;
static __u64 vitals_start_ns;
static __u32 vitals_drained;		/* handed over by this epoch's DRAINs */
static __u64 vitals_drain_dropped;	/* beyond their caps */

static __u64 mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (__u64)ts.tv_sec * 1000000000ULL + (__u64)ts.tv_nsec;
}

static void vitals_sample(struct ltt_vital_sample *smp, __u64 label,
			  unsigned int vital, unsigned int cell,
			  const char *comm)
{
	memset(smp, 0, sizeof(*smp));
	smp->time = mono_now();
	smp->label = label;
	smp->site = 0x401000 + cell;
	smp->pid = 42;
	smp->count = 1;
	smp->vital = vital;
	smp->cell = cell;
	smp->key = 39;
	snprintf(smp->comm, sizeof(smp->comm), "%s", comm);
}

/* LTT_VITALS_IOC_SWAP: the epoch described at the top */
/*
 * FAKE_VITALS_STACK_PID=PID: two stacks in each epoch, of process PID:
 * the first with its identity from /proc/PID/stat (its maps belong in the
 * epoch file), the second with a start one tick later (another process of
 * that pid: left out); each a kernel address and a user one, 0x10 into
 * its first executable mapping.  Samples 0 and 1 name the first, sample
 * 2 the second.
 */
static unsigned int vitals_stacks(struct ltt_vitals_epoch *ep,
				  struct ltt_vital_sample *smp)
{
	struct ltt_vital_stack *st = (struct ltt_vital_stack *)(uintptr_t)ep->stacks;
	const char *e = getenv("FAKE_VITALS_STACK_PID");
	unsigned long long v, lo = 0, t = 0, sk = 0;
	char path[64], line[1024], *p, *tok, *save = NULL;
	int pid = e ? atoi(e) : 0, field;
	FILE *f;

	if (!pid || !st || ep->stacks_cap < 2)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	p = f && fgets(line, sizeof(line), f) ? strrchr(line, ')') : NULL;
	if (f)
		fclose(f);
	for (field = 3, tok = p ? strtok_r(p + 1, " ", &save) : NULL; tok;
	     field++, tok = strtok_r(NULL, " ", &save)) {
		if (sscanf(tok, "%llu", &v) == 1 && field == 22)
			t = v;
		if (sscanf(tok, "%llu", &v) == 1 && field == 28)
			sk = v;
	}
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		if (strchr(line, ' ') && strchr(line, ' ')[3] == 'x' &&
		    sscanf(line, "%llx-", &lo) == 1)
			break;
	if (f)
		fclose(f);
	memset(st, 0, 2 * sizeof(*st));
	st[0].kernel_nr = 1;
	st[0].user_nr = 1;
	st[0].tgid = (__u32)pid;
	st[0].start_ticks = t;
	st[0].start_stack = sk;
	st[0].addr[0] = 0xffffffff81000010ULL;
	st[0].addr[1] = lo + 0x10;
	st[1] = st[0];
	st[1].start_ticks = t + 1;
	smp[0].stack = smp[1].stack = 1;
	smp[2].stack = 2;
	return 2;
}

static int vitals_swap(struct ltt_vitals_epoch *ep)
{
	__u32 *hca = (__u32 *)(uintptr_t)ep->hca;
	struct ltt_vital_sample *smp =
		(struct ltt_vital_sample *)(uintptr_t)ep->samples;
	__u64 s = vitals_seq, now = mono_now();
	unsigned int sy = LTT_VITAL_SYSCALL, bl = LTT_VITAL_BLOCKING;
	int room;

	if (!vitals_started)
		return fail(EINVAL);
	if (!smp || ep->samples_cap < 4 || ep->nsamples_in > ep->samples_cap)
		return fail(EINVAL);
	if (ep->nsamples_in != vitals_drained) {
		logf_("VITALS_SWAP bad nsamples_in=%u (drained %u)",
		      ep->nsamples_in, vitals_drained);
		return fail(EINVAL);
	}
	smp += ep->nsamples_in;
	/* the epoch's own 4 where they fit (the drained ones filled it) */
	room = ep->samples_cap - ep->nsamples_in >= 4;
	memset(ep->total, 0, sizeof(ep->total));
	memset(ep->events, 0, sizeof(ep->events));
	ep->total[sy] = ep->events[sy] = 1003 + 100 * s;
	ep->total[bl] = 50;
	ep->events[bl] = 5;
	if (hca) {
		memset(hca, 0, sizeof(*hca) * LTT_VITALS * LTT_VITALS_HCA);
		hca[sy * LTT_VITALS_HCA + 5] = 1000 + 100 * (__u32)s;
		hca[sy * LTT_VITALS_HCA + 77] = 2;
		hca[sy * LTT_VITALS_HCA + 900] = 1;
		hca[bl * LTT_VITALS_HCA + 3] = 50;
	}
	if (room) {
		vitals_sample(&smp[0], 0xf00d, sy, 5, "fakefreq");
		vitals_sample(&smp[1], 0xf00d, sy, 5, "fakefreq");
		vitals_sample(&smp[2], 0xbeef, sy, 77, "fakerare");
		vitals_sample(&smp[3], 0xb10c, bl, 3, "fakeblock");
	}
	ep->nsamples = ep->nsamples_in + (room ? 4 : 0);
	ep->nstacks = room ? vitals_stacks(ep, smp) : 0;
	ep->stacks_dropped = 0;
	ep->start_ns = vitals_start_ns;
	ep->end_ns = now;
	ep->dropped = s + vitals_drain_dropped + (room ? 0 : 4);
	ep->skipped = 0;
	ep->shift = 1;
	ep->ncpus = NCPUS;
	ep->collected = LTT_VITALS_COLLECTED;
	ep->seq = vitals_seq++;
	/* the collector's sampling time: 1 ms + 1 us an epoch number */
	ep->sampling_ns = 1000000 + 1000 * s;
	ep->cpu_steps = vitals_cpu_high_us ? 1 : 0;
	vitals_start_ns = now;
	if (getenv("FAKE_VITALS_DRAIN"))
		logf_("VITALS_SWAP seq=%u drained=%u dropped=%llu", ep->seq,
		      vitals_drained, (unsigned long long)ep->dropped);
	else
		logf_("VITALS_SWAP seq=%u", ep->seq);
	vitals_drained = 0;
	vitals_drain_dropped = 0;
	return 0;
}

/* LTT_VITALS_IOC_DRAIN: the timer's expirations read (its POLLIN said) */
static int vitals_drain(int fd, struct ltt_vitals_drain *d)
{
	struct ltt_vital_sample *smp =
		(struct ltt_vital_sample *)(uintptr_t)d->samples;
	const char *e = getenv("FAKE_VITALS_DRAIN");
	__u32 n = e ? (__u32)atoi(e) : 0, i;

	if (!vitals_started || d->reserved || !smp)
		return fail(EINVAL);
	ticks(fd);
	if (n > d->samples_cap) {
		vitals_drain_dropped += n - d->samples_cap;
		n = d->samples_cap;
	}
	for (i = 0; i < n; i++)
		vitals_sample(&smp[i], 0xd4a1, LTT_VITAL_SYSCALL, 11,
			      "fakedrain");
	d->nsamples = n;
	d->seq = vitals_seq;
	vitals_drained += n;
	if (n)
		logf_("VITALS_DRAIN seq=%u n=%u", d->seq, n);
	return 0;
}

static int do_vitals_ioctl(int fd, unsigned long req, void *arg)
{
	if (req == LTT_VITALS_IOC_GET_INFO) {
		struct ltt_vitals_info *i = arg;

		memset(i, 0, sizeof(*i));
		i->abi_version = LTT_ABI_VERSION;
		i->running = vitals_started;
		i->collected = LTT_VITALS_COLLECTED;
		i->hca_size = LTT_VITALS_HCA;
		i->samples_per_cpu = LTT_VITALS_SAMPLES;
		return 0;
	}
	if (req == LTT_VITALS_IOC_START) {
		if (vitals_started)
			return fail(EBUSY);
		const struct ltt_vitals_config *c = arg;

		vitals_started = 1;
		vitals_start_ns = mono_now();
		vitals_drained = 0;
		vitals_drain_dropped = 0;
		logf_("VITALS_START kdepth=%u udepth=%u", c->kdepth, c->udepth);
		vitals_cpu_high_us = c->cpu_high_us;
		if (c->cpu_high_us)
			logf_("VITALS_CPU_WATERMARK us=%u", c->cpu_high_us);
		return 0;
	}
	if (req == LTT_VITALS_IOC_SWAP)
		return vitals_swap(arg);
	if (req == LTT_VITALS_IOC_DRAIN)
		return vitals_drain(fd, arg);
	if (req == LTT_VITALS_IOC_STOP) {
		vitals_started = 0;
		logf_("VITALS_STOP");
		return 0;
	}
	return 1;
}

static int do_ioctl(int fd, unsigned long req, void *arg)
{
	int vr = do_vitals_ioctl(fd, req, arg);

	if (vr <= 0)
		return vr;
	if (req == LTT_IOC_GET_INFO) {
		struct ltt_info *i = arg;

		*i = info;
		i->tracing = (started && !stopped) ||
			     getenv("FAKE_TRACING") != NULL;
		logf_("GET_INFO");
		return 0;
	}
	if (req == LTT_IOC_SET_BUFFERS) {
		const struct ltt_buffer_config *c = arg;

		logf_("SET_BUFFERS size=%u count=%u", c->size, c->count);
		if (started && !stopped)
			return fail(EBUSY);
		if (c->size < LTT_BUFFER_SIZE_MIN ||
		    c->size > LTT_BUFFER_SIZE_MAX ||
		    c->count < LTT_BUFFER_COUNT_MIN ||
		    c->count > LTT_BUFFER_COUNT_MAX)
			return fail(EINVAL);
		info.buffer_size = c->size;
		info.buffer_count = c->count;
		return 0;
	}
	if (req == LTT_IOC_SET_EVENT_MASK) {
		log_mask("SET_EVENT_MASK", arg);
		fmask = *(const struct ltt_event_mask *)arg;
		return 0;
	}
	if (req == LTT_IOC_GET_EVENT_MASK) {
		*(struct ltt_event_mask *)arg = fmask;
		return 0;
	}
	if (req == LTT_IOC_SET_DETAILS_MASK) {
		log_mask("SET_DETAILS_MASK", arg);
		if (started && !stopped)
			return fail(EBUSY);
		fdetails = *(const struct ltt_event_mask *)arg;
		/* as the module: these are always recorded with payload */
		fdetails.bits[0] |= 1ULL << LTT_EV_SCHEDCHANGE |
				    1ULL << LTT_EV_CHANGE_MASK |
				    1ULL << LTT_EV_CUSTOM_CREATE |
				    1ULL << LTT_EV_TRACE_START;
		return 0;
	}
	if (req == LTT_IOC_GET_DETAILS_MASK) {
		*(struct ltt_event_mask *)arg = fdetails;
		return 0;
	}
	if (req == LTT_IOC_SET_FILTER) {
		const struct ltt_filter *f = arg;

		logf_("SET_FILTER flags=0x%x pid=%d pgrp=%d gid=%u uid=%u "
		      "reserved=%u", f->flags, f->pid, f->pgrp, f->gid, f->uid,
		      f->reserved);
		if (started && !stopped)
			return fail(EBUSY);
		if (f->reserved || (f->flags & ~0x1fU))
			return fail(EINVAL);
		return 0;
	}
	if (req == LTT_IOC_SET_SYSCALL_IP) {
		const struct ltt_syscall_ip *s = arg;

		logf_("SET_SYSCALL_IP mode=%u depth=%u lower=0x%llx upper=0x%llx",
		      s->mode, s->depth, (unsigned long long)s->lower,
		      (unsigned long long)s->upper);
		if (started && !stopped)
			return fail(EBUSY);
		if (s->mode > LTT_SIP_RANGE ||
		    (s->mode == LTT_SIP_DEPTH &&
		     (s->depth < 1 || s->depth > LTT_SIP_DEPTH_MAX)) ||
		    (s->mode == LTT_SIP_RANGE &&
		     (s->lower >= s->upper ||
		      s->depth > FAKE_SIP_SCAN_MAX)))
			return fail(EINVAL);
		return 0;
	}
	if (req == LTT_IOC_SET_OPTIONS) {
		const struct ltt_options *o = arg;

		logf_("SET_OPTIONS flags=0x%x capture_len=%u", o->flags,
		      o->capture_len);
		if (started && !stopped)
			return fail(EBUSY);
		if ((o->flags & ~(__u32)(LTT_OPT_FLIGHT | LTT_OPT_NO_CPUID |
					  LTT_OPT_FULL_RECORDS)) ||
		    o->capture_len > LTT_MAX_CAPTURE)
			return fail(EINVAL);
		fopts = *o;
		return 0;
	}
	if (req == LTT_IOC_SET_STACKS) {
		const struct ltt_stack_config *st = arg;

		logf_("SET_STACKS 0x%016llx 0x%016llx kernel=%u user=%u",
		      (unsigned long long)st->events.bits[0],
		      (unsigned long long)st->events.bits[1],
		      st->kernel_depth, st->user_depth);
		if (started && !stopped)
			return fail(EBUSY);
		if (st->kernel_depth > LTT_STACK_DEPTH_MAX ||
		    st->user_depth > LTT_STACK_DEPTH_MAX)
			return fail(EINVAL);
		return 0;
	}
	if (req == LTT_IOC_SET_STACK_SYSCALLS) {
		const struct ltt_syscall_set *sys = arg;

		logf_("SET_STACK_SYSCALLS 0x%016llx 0x%016llx",
		      (unsigned long long)sys->bits[0],
		      (unsigned long long)sys->bits[1]);
		if (started && !stopped)
			return fail(EBUSY);
		return 0;
	}
	if (req == LTT_IOC_SET_HEAVY) {
		const struct ltt_heavy *h = arg;
		unsigned int i;

		logf_("SET_HEAVY n=%u stacks=0x%016llx first=%u capture=%u", h->npids,
		      (unsigned long long)h->stacks.bits[0],
		      h->npids ? h->pids[0] : 0, h->capture);
		if (h->npids > LTT_HEAVY_PIDS_MAX || h->capture > LTT_MAX_CAPTURE)
			return fail(EINVAL);
		for (i = 0; i < h->npids; i++)
			if (!h->pids[i])
				return fail(EINVAL);
		heavy_pid = h->npids ? h->pids[0] : 0;
		return 0;
	}
	if (req == LTT_IOC_SET_TRIGGERS) {
		const struct ltt_trigger_set *set = arg;
		unsigned int i, k;

		logf_("SET_TRIGGERS count=%u", set->count);
		for (i = 0; i < set->count && i < LTT_TRIGGERS_MAX; i++) {
			const struct ltt_trigger *t = &set->trig[i];
			char tests[256] = "";
			size_t n = 0;

			for (k = 0; k < t->ntests && k < LTT_TRIG_TESTS; k++)
				n += (size_t)snprintf(tests + n, sizeof(tests) - n, " %u/%u/%lld",
						      t->test[k].field, t->test[k].op,
						      (long long)t->test[k].value);
			logf_("TRIGGER %u on=%u nr=%d comm=%.16s holdoff=%llu tests%s", i, t->on,
			      t->nr, t->comm, (unsigned long long)t->holdoff_ns, tests);
		}
		if (!getenv("FAKE_HITS"))
			return fail(ENOTTY);
		if (started && !stopped)
			return fail(EBUSY);
		if (set->count > LTT_TRIGGERS_MAX || set->reserved)
			return fail(EINVAL);
		return 0;
	}
	if (req == LTT_IOC_GET_HITS) {
		static int given;
		struct ltt_trig_hits *h = arg;
		struct ltt_trig_hit hit;
		FILE *f;

		if (!getenv("FAKE_HITS"))
			return fail(ENOTTY);
		h->count = 0;
		h->lost = 0;
		if (!started || given)
			return 0;
		given = 1;
		f = fopen(getenv("FAKE_HITS"), "rb");
		if (!f)
			return fail(EINVAL);
		while (h->count < h->room && fread(&hit, sizeof(hit), 1, f) == 1) {
			hit.time_ns += script_t0;
			hit.start_ns += script_t0;
			memcpy((char *)(uintptr_t)h->hits + h->count * sizeof(hit), &hit,
			       sizeof(hit));
			h->count++;
		}
		fclose(f);
		logf_("GET_HITS %u", h->count);
		return 0;
	}
	if (req == LTT_IOC_SET_SAMPLE) {
		const __u32 *hz = arg;

		logf_("SET_SAMPLE %u", *hz);
		if (started && !stopped)
			return fail(EBUSY);
		if (*hz > LTT_SAMPLE_HZ_MAX)
			return fail(EINVAL);
		return 0;
	}
	if (req == LTT_IOC_START) {
		logf_("START");
		if (started)
			return fail(EBUSY);
		if (check_mask_bits(&fmask))
			return fail(EINVAL);
		started = 1;
		script_t0 = mono_now();
		ticks(fd);	/* buffers are made from now on */
		return 0;
	}
	if (req == LTT_IOC_STOP) {
		logf_("STOP reads_before=%lu", reads_before_stop);
		if (!started || stopped)
			return fail(EINVAL);
		stopped = 1;
		if (fopts.flags & LTT_OPT_FLIGHT) {
			__u64 t = ticks(fd), made[NCPUS];
			unsigned int c;

			/* tick i (from 1) filled a buffer on CPU i % 2 */
			made[0] = t / 2;
			made[1] = (t + 1) / 2;
			logf_("MADE %llu %llu", (unsigned long long)made[0],
			      (unsigned long long)made[1]);
			for (c = 0; c < NCPUS; c++) {
				kept[c] = made[c] < info.buffer_count - 1 ?
					  made[c] : info.buffer_count - 1;
				next_seq[c] = made[c] - kept[c];
			}
		}
		return 0;
	}
	if (req == LTT_IOC_GET_LOST) {
		struct ltt_lost_info *lost = arg;
		const char *p = getenv("FAKE_LOST");
		unsigned int cpu = lost->cpu;

		if (cpu >= NCPUS)
			return fail(EINVAL);
		memset(lost, 0, sizeof(*lost));
		lost->cpu = cpu;
		lost->total = p ? strtoull(p, NULL, 10) : 0;
		return 0;
	}
	logf_("UNKNOWN 0x%lx", req);
	return fail(ENOTTY);
}

int devsys_ioctl(int fd, unsigned long req, void *arg)
{
	static const struct { unsigned long req; const char *name; } names[] = {
		{ LTT_IOC_START, "START" }, { LTT_IOC_STOP, "STOP" },
		{ LTT_IOC_SET_BUFFERS, "SET_BUFFERS" },
		{ LTT_IOC_SET_EVENT_MASK, "SET_EVENT_MASK" },
		{ LTT_IOC_GET_EVENT_MASK, "GET_EVENT_MASK" },
		{ LTT_IOC_GET_LOST, "GET_LOST" },
		{ LTT_IOC_GET_INFO, "GET_INFO" },
		{ LTT_IOC_SET_TRIGGERS, "SET_TRIGGERS" },
		{ LTT_IOC_GET_HITS, "GET_HITS" },
		{ LTT_IOC_SET_DETAILS_MASK, "SET_DETAILS_MASK" },
		{ LTT_IOC_GET_DETAILS_MASK, "GET_DETAILS_MASK" },
		{ LTT_IOC_SET_FILTER, "SET_FILTER" },
		{ LTT_IOC_SET_SYSCALL_IP, "SET_SYSCALL_IP" },
		{ LTT_IOC_SET_OPTIONS, "SET_OPTIONS" },
		{ LTT_IOC_SET_STACKS, "SET_STACKS" },
		{ LTT_IOC_SET_SAMPLE, "SET_SAMPLE" },
		{ LTT_IOC_SET_STACK_SYSCALLS, "SET_STACK_SYSCALLS" },
		{ LTT_IOC_SET_HEAVY, "SET_HEAVY" },
		{ LTT_VITALS_IOC_DRAIN, "VITALS_DRAIN" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int err;

		if (names[i].req != req)
			continue;
		err = injected(names[i].name);
		if (err) {
			logf_("%s failed (injected)", names[i].name);
			return fail(err);
		}
	}
	return do_ioctl(fd, req, arg);
}

/* FAKE_BUFFERS: the next buffer of the file into @buf, 0 at its end */

static ssize_t script_buffer(void *buf, size_t len)
{
	struct ltt_buffer_header *b = buf;

	if (!script || len < sizeof(*b) || fread(b, sizeof(*b), 1, script) != 1)
		return 0;
	if (len - sizeof(*b) < b->data_size ||
	    fread(b + 1, 1, b->data_size, script) != b->data_size) {
		errno = EINVAL;
		return -1;
	}
	b->start_ns += script_t0;
	b->end_ns += script_t0;
	logf_("BUFFER %u %llu", b->cpu, (unsigned long long)b->seq);
	return (ssize_t)(sizeof(*b) + b->data_size);
}

static ssize_t make_buffer(void *buf, size_t len, unsigned int cpu, __u64 seq,
			   int flush)
{
	struct ltt_buffer_header *b = buf;
	size_t data = flush ? 64 : info.buffer_size - sizeof(*b);
	size_t off;

	if (len < sizeof(*b) + data) {
		errno = EINVAL;
		return -1;
	}
	memset(b, 0, sizeof(*b));
	b->magic = LTT_BUFFER_MAGIC;
	b->cpu = (__u16)cpu;
	b->flags = flush ? LTT_BUF_FLUSHED : 0;
	b->seq = seq;
	b->data_size = (__u32)data;
	b->pid = (__u32)getpid();
	/* made now, its records 1 ns apart a byte, as the tracer's clock runs */
	b->start_ns = mono_now() - data;
	b->end_ns = b->start_ns + (data >= 16 ? data - 16 : 0);
	/* records of 16 bytes: a header and 8 bytes of payload */
	for (off = 0; off + 16 <= data; off += 16) {
		struct ltt_record_header *r =
			(void *)((char *)buf + sizeof(*b) + off);
		__u64 payload = heavy_pid ? heavy_pid : b->seq;

		r->delta = (__u32)off;
		r->id = LTT_EV_TRACE_START;
		r->flags = 0;
		r->size = 16;
		memcpy(r + 1, &payload, 8);
	}
	return (ssize_t)(sizeof(*b) + data);
}

ssize_t devsys_read(int fd, void *buf, size_t len)
{
	if (getenv("FAKE_BUFFERS")) {
		ssize_t r;

		if (!script && started) {
			script = fopen(getenv("FAKE_BUFFERS"), "rb");
			if (!script)
				return fail(EIO);
		}
		if (stopped)
			return script_buffer(buf, len);
		if (!started || ticks(fd) == 0)
			return fail(EAGAIN);
		r = script_buffer(buf, len);
		return r ? r : fail(EAGAIN);
	}
	if (stopped) {
		unsigned int c;

		/* each CPU in turn: its kept buffers, oldest first, flushed */
		for (c = 0; c < NCPUS; c++) {
			if (kept[c]) {
				kept[c]--;
				logf_("BUFFER %u %llu", c, (unsigned long long)next_seq[c]);
				return make_buffer(buf, len, c, next_seq[c]++,
						   0);
			}
			if (!flushed[c]) {
				flushed[c] = 1;
				logf_("BUFFER %u %llu", c, (unsigned long long)next_seq[c]);
				return make_buffer(buf, len, c, next_seq[c]++,
						   1);
			}
		}
		return 0;
	}
	reads_before_stop++;
	if (!started || (fopts.flags & LTT_OPT_FLIGHT) || ticks(fd) == 0) {
		errno = EAGAIN;
		return -1;
	}
	next_cpu = (next_cpu + 1) % NCPUS;
	logf_("BUFFER %u %llu", next_cpu, (unsigned long long)next_seq[next_cpu]);
	return make_buffer(buf, len, next_cpu, next_seq[next_cpu]++, 0);
}

/* The fake has no LTT_IOC_GET_SUBBUF (ENOTTY): traced never maps it. */
void *devsys_mmap(int fd, size_t len, __u64 offset)
{
	(void)fd;
	(void)len;
	(void)offset;
	errno = ENODEV;
	return MAP_FAILED;
}

void devsys_munmap(void *addr, size_t len)
{
	(void)addr;
	(void)len;
}

void devsys_close(int fd)
{
	close(fd);
}
