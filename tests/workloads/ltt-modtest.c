// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-modtest - exercise /dev/tracer in the guest (TAP output).
 *
 * Usage: ltt-modtest [--help] [--fuzz N] [--seconds S]
 *
 * Checks the ioctl ABI (errors included), starts a trace while a child
 * generates system calls, reads every buffer until end of file and
 * validates the format: buffer magic, per-CPU seq order, record sizes,
 * time order, TRACE_START first on each CPU.  Then the session rules
 * (several opens, one owner), the event mask and CHANGE_MASK records,
 * the details mask, each filter with its sched-in exception, the syscall
 * IP modes, the options (flight recorder, packet capture length), CPU
 * hotplug (buffers only for online CPUs, freed once read) and custom
 * events, each with good and bad arguments and a short trace
 * that proves its effect.  Finally throws N random ioctls with random
 * arguments at the device (default 1000).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <ltt/ltt-abi.h>
#include <ltt/ltt-events.h>

static int ntest, nfail;
static unsigned long nflushed, nsplit;

static void ok(int cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void ok(int cond, const char *fmt, ...)
{
	va_list ap;

	ntest++;
	if (!cond)
		nfail++;
	printf("%s %d - ", cond ? "ok" : "not ok", ntest);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) < 0 ? -errno : 0;
}

/* 200 getppid calls, then a child that execs /bin/true, waited for */
static void busy_round(void)
{
	pid_t p;

	for (int i = 0; i < 200; i++)
		getppid();
	p = fork();
	if (p == 0) {
		char path[] = "/bin/true";

		execl(path, "true", (char *)NULL);
		_exit(0);
	}
	if (p > 0)
		waitpid(p, NULL, 0);
}

static void busy_child(double seconds)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		busy_round();
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 <
		 seconds);
}

struct cpu_state {
	uint64_t next_seq;
	uint64_t last_ns;
	uint64_t records;
	uint64_t lost;
	int seen;
};

/*
 * Validate one buffer of CPU stream @cs.  @flight: buffers of a flight
 * trace may skip seq numbers (overwritten buffers), never go back.
 */
static int check_buffer_ex(const unsigned char *b, size_t n, uint32_t size,
			   struct cpu_state *cs, unsigned int ncpus,
			   uint64_t *by_id, int flight)
{
	const struct ltt_buffer_header *h = (const void *)b;
	struct cpu_state *c;
	size_t off;
	int first;
	uint64_t base;

	if (n < sizeof(*h) || h->magic != LTT_BUFFER_MAGIC)
		return -1;
	if (h->cpu >= ncpus || n != sizeof(*h) + h->data_size || n > size)
		return -2;
	c = &cs[h->cpu];
	if (h->flags & LTT_BUF_FLUSHED)
		nflushed++;
	if (h->flags & LTT_BUF_TIME_SPLIT)
		nsplit++;
	if (h->seq != c->next_seq && !(flight && h->seq > c->next_seq))
		return -3;
	first = h->seq == 0;
	c->next_seq = h->seq + 1;
	c->lost += h->lost;
	if (h->start_ns < c->last_ns)
		return -4;
	base = h->start_ns;
	for (off = sizeof(*h); off < n;) {
		const struct ltt_record_header *r = (const void *)(b + off);
		uint64_t t;

		if (off + sizeof(*r) > n || r->size < sizeof(*r) ||
		    r->size % LTT_REC_ALIGN || off + r->size > n)
			return -5;
		t = base + r->delta;
		if (r->id == LTT_EV_TIME_EXT) {
			/*
			 * Format 1.5: the full time, the base of what follows;
			 * written only when the delta would not fit.
			 */
			const struct ltt_ev_time_ext *x = (const void *)(r + 1);

			/*
			 * Or, as the last record of a buffer the periodic
			 * flush closed, the flush's time (how far the CPU
			 * has got), whatever its delta.
			 */
			if (r->flags || r->size != sizeof(*r) + sizeof(*x) ||
			    r->delta || x->base_ns < c->last_ns ||
			    (x->base_ns - base <= 0xffffffffULL &&
			     !((h->flags & LTT_BUF_FLUSHED) && off + r->size == n)))
				return -14;
			t = base = x->base_ns;
		}
		if (t < c->last_ns)
			return -6;
		if (first && off == sizeof(*h) && r->id != LTT_EV_TRACE_START)
			return -7;
		if (r->flags & ~(LTT_REC_NO_DETAILS | LTT_REC_COMPACT) ||
		    r->flags == (LTT_REC_NO_DETAILS | LTT_REC_COMPACT))
			return -11;
		if ((r->flags & LTT_REC_NO_DETAILS) && r->size != sizeof(*r))
			return -12;
		/* a compact record has its form's size, padded */
		if ((r->flags & LTT_REC_COMPACT) &&
		    (!ltt_compact_size(r->id) ||
		     r->size != ((sizeof(*r) + ltt_compact_size(r->id) +
				  LTT_REC_ALIGN - 1) & ~(LTT_REC_ALIGN - 1))))
			return -13;
		if (r->flags & LTT_REC_NO_DETAILS) {
			by_id[r->id]++;
			c->last_ns = t;
			c->records++;
			off += r->size;
			continue;
		}
		if (r->id == LTT_EV_TRACE_START) {
			const struct ltt_ev_trace_start *s = (const void *)(r + 1);

			if (s->cpu != h->cpu)
				return -8;
		}
		if (r->id == LTT_EV_PROCESS_EXEC) {
			const char *name = (const char *)(r + 1) +
				sizeof(struct ltt_ev_process_exec);
			size_t room = r->size - sizeof(*r) -
				sizeof(struct ltt_ev_process_exec);

			if (!memchr(name, 0, room))
				return -9;
		}
		by_id[r->id]++;
		c->last_ns = t;
		c->records++;
		off += r->size;
	}
	if (h->end_ns != c->last_ns)
		return -10;
	c->seen = 1;
	return 0;
}

static int check_buffer(const unsigned char *b, size_t n, uint32_t size,
			struct cpu_state *cs, unsigned int ncpus,
			uint64_t *by_id)
{
	return check_buffer_ex(b, n, size, cs, ncpus, by_id, 0);
}

static void test_trace(int fd, const struct ltt_info *info, double seconds)
{
	unsigned int ncpus = info->ncpus;
	struct cpu_state *cs = calloc(ncpus, sizeof(*cs));
	uint32_t size = info->buffer_size;
	unsigned char *buf = malloc(size);
	uint64_t by_id[256] = { 0 };
	uint64_t nbuf = 0;
	int bad = 0, r;
	pid_t child;
	ssize_t n;

	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START");
	ok(xioctl(fd, LTT_IOC_START, NULL) == -EBUSY, "START twice: EBUSY");
	{
		struct ltt_buffer_config bc = { 8192, 4 };

		ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == -EBUSY,
		   "SET_BUFFERS while tracing: EBUSY");
	}
	ok(read(fd, buf, size - 1) < 0 && errno == EINVAL,
	   "read with short count: EINVAL");

	child = fork();
	if (child == 0) {
		busy_child(seconds);
		_exit(0);
	}
	/* Read while the child runs, then stop and drain. */
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		int st;

		if (waitpid(child, &st, WNOHANG) == child)
			break;
		if (poll(&p, 1, 100) <= 0)
			continue;
		n = read(fd, buf, size);
		if (n <= 0) {
			bad = 1000;
			break;
		}
		nbuf++;
		r = check_buffer(buf, n, size, cs, ncpus, by_id);
		if (r && !bad)
			bad = r;
	}
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP");
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP twice: 0");
	while ((n = read(fd, buf, size)) > 0) {
		nbuf++;
		r = check_buffer(buf, n, size, cs, ncpus, by_id);
		if (r && !bad)
			bad = r;
	}
	ok(n == 0, "read returns EOF after STOP (n=%zd errno=%d)", n,
	   n < 0 ? errno : 0);
	ok(bad == 0, "%llu buffers valid (code %d), %lu flushed, %lu time-split",
	   (unsigned long long)nbuf, bad, nflushed, nsplit);
	{
		int started = 0;

		for (unsigned int i = 0; i < ncpus; i++)
			started += cs[i].seen;
		ok(started >= 1 && by_id[LTT_EV_TRACE_START] == (uint64_t)started,
		   "one TRACE_START per CPU stream (%d streams, %llu)",
		   started, (unsigned long long)by_id[LTT_EV_TRACE_START]);
	}
	ok(by_id[LTT_EV_SYSCALL_ENTRY] > 1000 &&
	   by_id[LTT_EV_SYSCALL_EXIT] > 1000, "syscalls: %llu entries, %llu exits",
	   (unsigned long long)by_id[LTT_EV_SYSCALL_ENTRY],
	   (unsigned long long)by_id[LTT_EV_SYSCALL_EXIT]);
	ok(by_id[LTT_EV_SCHEDCHANGE] > 0 && by_id[LTT_EV_PROCESS_FORK] > 0 &&
	   by_id[LTT_EV_PROCESS_EXEC] > 0 && by_id[LTT_EV_PROCESS_EXIT] > 0,
	   "sched %llu fork %llu exec %llu exit %llu wakeup %llu irq %llu trap %llu",
	   (unsigned long long)by_id[LTT_EV_SCHEDCHANGE],
	   (unsigned long long)by_id[LTT_EV_PROCESS_FORK],
	   (unsigned long long)by_id[LTT_EV_PROCESS_EXEC],
	   (unsigned long long)by_id[LTT_EV_PROCESS_EXIT],
	   (unsigned long long)by_id[LTT_EV_PROCESS_WAKEUP],
	   (unsigned long long)by_id[LTT_EV_IRQ_ENTRY],
	   (unsigned long long)by_id[LTT_EV_TRAP_ENTRY]);
	{
		struct ltt_lost_info *li = malloc(sizeof(*li));
		uint64_t lost_total = 0;
		int good = 1;

		for (unsigned int i = 0; i < ncpus; i++) {
			memset(li, 0xff, sizeof(*li));
			li->cpu = i;
			if (xioctl(fd, LTT_IOC_GET_LOST, li) != 0) {
				if (!cs[i].seen)
					continue;	/* not possible */
				good = 0;
				continue;
			}
			if (li->cpu != i || li->total < cs[i].lost)
				good = 0;
			lost_total += li->total;
		}
		ok(good, "GET_LOST after STOP consistent (lost %llu)",
		   (unsigned long long)lost_total);
		li->cpu = 100000;
		ok(xioctl(fd, LTT_IOC_GET_LOST, li) == -EINVAL,
		   "GET_LOST bad cpu: EINVAL");
		free(li);
	}
	free(buf);
	free(cs);
}

static void test_small_buffers(int fd)
{
	struct ltt_buffer_config bc = { 4096, 2 };
	struct ltt_info info = { 0 };
	unsigned char *buf = malloc(4096);
	uint64_t lost = 0;
	ssize_t n;
	int nb = 0;

	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "SET_BUFFERS 4096x2");
	ok(xioctl(fd, LTT_IOC_GET_INFO, &info) == 0 && info.buffer_size == 4096 &&
	   info.buffer_count == 2, "GET_INFO shows 4096x2");
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START small");
	busy_child(0.3);	/* nobody reads: buffers fill, events are lost */
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP small");
	while ((n = read(fd, buf, 4096)) > 0) {
		lost += ((struct ltt_buffer_header *)buf)->lost;
		nb++;
	}
	ok(n == 0 && nb >= 1 && nb <= 2 * (int)info.ncpus,
	   "drained %d buffers, EOF", nb);
	{
		struct ltt_lost_info li = { .cpu = 0 };
		uint64_t total = 0;

		for (unsigned int i = 0; i < info.ncpus; i++) {
			li.cpu = i;
			if (xioctl(fd, LTT_IOC_GET_LOST, &li) == 0)
				total += li.total;
		}
		ok(total > 0 && total >= lost,
		   "events lost with no reader: %llu (headers: %llu)",
		   (unsigned long long)total, (unsigned long long)lost);
	}
	bc.size = 1 << 20;
	bc.count = 8;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "SET_BUFFERS back");
	free(buf);
}

/* LTT_IOC_GET_HITS into @h (room @n): 0 or -errno */
static int get_hits(int fd, struct ltt_trig_hit *h, uint32_t n, struct ltt_trig_hits *req)
{
	memset(req, 0, sizeof(*req));
	req->room = n;
	req->hits = (uint64_t)(uintptr_t)h;
	return xioctl(fd, LTT_IOC_GET_HITS, req);
}

/*
 * Trigger conditions in the module (LTT_IOC_SET_TRIGGERS,
 * LTT_IOC_GET_HITS): bad sets refused, a set armed, this task's getppid
 * calls hit with their times, latency, number and value, the hold-off,
 * a full ring counted, a set emptied; only while stopped, only the
 * owner's.
 */
static void test_triggers(int fd, int fd2)
{
	struct ltt_trigger_set *set = calloc(1, sizeof(*set));
	struct ltt_trig_hit *h = calloc(4096, sizeof(*h));
	struct ltt_trig_hits req;
	struct ltt_trigger *t;
	cpu_set_t one, old;
	pid_t me = (pid_t)syscall(SYS_gettid), pp = getppid();
	int i, n, good;

	if (!set || !h)
		return;
	t = &set->trig[0];
	set->count = LTT_TRIGGERS_MAX + 1;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == -EINVAL, "SET_TRIGGERS 17 triggers: EINVAL");
	set->count = 1;
	t->on = 9;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == -EINVAL, "SET_TRIGGERS unknown kind: EINVAL");
	t->on = LTT_TRIG_ON_SYSCALL_EXIT;
	t->nr = -1;
	t->ntests = 1;
	t->test[0].field = LTT_TRIG_F_CODE;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == -EINVAL,
	   "SET_TRIGGERS an exit's field on a system call: EINVAL");
	t->test[0].field = LTT_TRIG_F_LATENCY;
	t->test[0].op = 6;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == -EINVAL, "SET_TRIGGERS unknown operator: EINVAL");
	t->test[0].op = LTT_TRIG_OP_GE;
	t->test[0].reserved = 1;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == -EINVAL, "SET_TRIGGERS reserved bits: EINVAL");
	t->test[0].reserved = 0;
	t->ntests = LTT_TRIG_TESTS + 1;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == -EINVAL, "SET_TRIGGERS 5 tests: EINVAL");
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, NULL) == -EFAULT, "SET_TRIGGERS NULL: EFAULT");
	ok(get_hits(fd, h, 0, &req) == -EINVAL && get_hits(fd, h, 5000, &req) == -EINVAL,
	   "GET_HITS room 0 or 5000: EINVAL");

	/* every getppid of this task, latency >= 0, no hold-off */
	t->ntests = 1;
	t->nr = SYS_getppid;
	t->holdoff_ns = 0;
	snprintf(t->comm, sizeof(t->comm), "ltt-modtest");
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == 0, "SET_TRIGGERS: getppid of ltt-modtest");
	ok(get_hits(fd2, h, 16, &req) == -EBUSY, "GET_HITS of a file that is not the owner: EBUSY");
	/* one CPU, so that its ring alone takes the hits */
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	sched_getaffinity(0, sizeof(old), &old);
	sched_setaffinity(0, sizeof(one), &one);
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START with a trigger");
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == -EBUSY, "SET_TRIGGERS while tracing: EBUSY");
	for (i = 0; i < 3; i++)
		getppid();
	getpid();
	n = get_hits(fd, h, 16, &req) == 0 ? (int)req.count : -1;
	good = n == 3 && req.lost == 0;
	for (i = 0; good && i < n; i++)
		good = h[i].pid == (uint32_t)me && h[i].nr == SYS_getppid && h[i].value == pp &&
		       h[i].trigger == 0 && h[i].cpu == 0 && h[i].start_ns <= h[i].time_ns &&
		       (i == 0 || h[i - 1].time_ns < h[i].start_ns) && !h[i].suppressed &&
		       !memcmp(h[i].comm, "ltt-modtest\0\0\0\0", sizeof(h[i].comm));
	ok(good, "3 getppid calls: 3 hits, in order, each its own call, named ltt-modtest, "
	   "padded with NULs (%d, lost %llu)", n, (unsigned long long)req.lost);
	for (i = 0; i < 300; i++)
		getppid();
	n = get_hits(fd, h, 4096, &req) == 0 ? (int)req.count : -1;
	ok(n == LTT_TRIG_RING && req.lost == 300 - LTT_TRIG_RING,
	   "300 more: the ring's 256 hits, 44 lost (%d, %llu)", n, (unsigned long long)req.lost);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP");

	/* the hold-off: 1 s */
	t->holdoff_ns = 1000000000ULL;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == 0 && xioctl(fd, LTT_IOC_START, NULL) == 0,
	   "SET_TRIGGERS with a hold-off, START");
	for (i = 0; i < 5; i++)
		getppid();
	n = get_hits(fd, h, 16, &req) == 0 ? (int)req.count : -1;
	ok(n == 1 && req.lost == 0, "5 calls within the hold-off: 1 hit (%d; START emptied the ring)",
	   n);
	getppid();
	usleep(1100000);
	getppid();
	n = get_hits(fd, h, 16, &req) == 0 ? (int)req.count : -1;
	ok(n == 1 && h[0].suppressed == 5, "after it, the next hit carries the 5 held off (%d, %llu)",
	   n, n > 0 ? (unsigned long long)h[0].suppressed : 0ULL);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP");

	set->count = 0;
	ok(xioctl(fd, LTT_IOC_SET_TRIGGERS, set) == 0 && xioctl(fd, LTT_IOC_START, NULL) == 0,
	   "SET_TRIGGERS of none, START");
	getppid();
	ok(get_hits(fd, h, 16, &req) == 0 && req.count == 0, "no trigger armed: no hit");
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP");
	sched_setaffinity(0, sizeof(old), &old);
	free(set);
	free(h);
}

static void test_ioctl_errors(int fd)
{
	struct ltt_buffer_config bc;
	struct ltt_event_mask m, m2;
	struct ltt_info info = { 0 };

	int r = xioctl(fd, LTT_IOC_GET_INFO, &info);

	ok(r == 0 && info.abi_version == LTT_ABI_VERSION && info.tracing == 0,
	   "GET_INFO: abi %u ncpus %u %ux%u", info.abi_version, info.ncpus,
	   info.buffer_count, info.buffer_size);
	ok(xioctl(fd, LTT_IOC_GET_INFO, (void *)8) == -EFAULT,
	   "GET_INFO bad pointer: EFAULT");
	ok(xioctl(fd, _IO(LTT_IOC_MAGIC, 99), NULL) == -ENOTTY,
	   "unknown ioctl: ENOTTY");
	bc.size = 4095; bc.count = 8;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == -EINVAL, "size 4095: EINVAL");
	bc.size = 4100; bc.count = 8;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == -EINVAL, "size 4100: EINVAL");
	bc.size = 4096; bc.count = 1;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == -EINVAL, "count 1: EINVAL");
	bc.size = 4096; bc.count = 257;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == -EINVAL, "count 257: EINVAL");
	bc.size = LTT_BUFFER_SIZE_MAX; bc.count = LTT_BUFFER_COUNT_MAX;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == -ENOMEM,
	   "16MiB x 256: ENOMEM");
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, NULL) == -EFAULT,
	   "SET_BUFFERS NULL: EFAULT");
	ok(xioctl(fd, LTT_IOC_GET_EVENT_MASK, &m) == 0 &&
	   (m.bits[0] & (1ULL << LTT_EV_SYSCALL_ENTRY)) &&
	   (m.bits[0] & (1ULL << LTT_EV_TRACE_START)) && !(m.bits[0] & 1),
	   "default mask %#llx", (unsigned long long)m.bits[0]);
	m2 = m;
	m2.bits[0] &= ~(1ULL << LTT_EV_IRQ_ENTRY);
	ok(xioctl(fd, LTT_IOC_SET_EVENT_MASK, &m2) == 0 &&
	   xioctl(fd, LTT_IOC_GET_EVENT_MASK, &m) == 0 &&
	   m.bits[0] == m2.bits[0], "SET/GET_EVENT_MASK round trip");
	m.bits[0] |= 1ULL << LTT_EV_IRQ_ENTRY;
	ok(xioctl(fd, LTT_IOC_SET_EVENT_MASK, &m) == 0, "mask restored");
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP while stopped: 0");
}

/* ---- collected traces ------------------------------------------------- */

/* One record of a collected trace. */
struct rec {
	uint64_t t;
	uint32_t pid;		/* task it belongs to (tracked per CPU) */
	uint16_t cpu;
	uint8_t id, flags;
	uint16_t size;
	size_t off;		/* payload offset in trace.mem */
	unsigned int plen;	/* payload bytes (after the record header) */
};

struct trace {
	unsigned char *mem;	/* every buffer as read */
	size_t used, cap;
	struct rec *r;
	size_t n, rcap;
	unsigned int nbuf;
	int bad;		/* first check_buffer_ex() code, or -1000 */
	uint64_t by_id[256];
	uint64_t compact;	/* records written in compact form (expanded) */
	uint64_t first_seq[LTT_MAX_CPUS];
	unsigned int bufs[LTT_MAX_CPUS];
};

#define PL(tr, rc) ((tr)->mem + (rc)->off)

static void trace_free(struct trace *tr)
{
	free(tr->mem);
	free(tr->r);
	memset(tr, 0, sizeof(*tr));
}

/* Grow @tr->mem to hold @n more bytes. */
static void trace_room(struct trace *tr, size_t n)
{
	if (tr->used + n > tr->cap) {
		tr->cap = (tr->used + n) * 2;
		tr->mem = realloc(tr->mem, tr->cap);
		if (!tr->mem) {
			perror("realloc");
			exit(2);
		}
	}
}

/*
 * Expand the compact payload @c of event @id (LTT_REC_COMPACT) into its
 * full struct, appended to @tr->mem; return its offset there and set
 * *@len, or return 0 for a compact record that cannot be expanded.
 */
static size_t trace_expand(struct trace *tr, unsigned int id,
			   const unsigned char *c, unsigned int clen,
			   unsigned int *len)
{
	union ltt_ev_compactable f;
	union ltt_cev_any cv;
	size_t off;

	if (!ltt_compact_size(id) || clen < ltt_compact_size(id))
		return 0;
	memcpy(&cv, c, ltt_compact_size(id));
	*len = ltt_expand_event(id, &cv, &f);
	trace_room(tr, *len);
	off = tr->used;
	memcpy(tr->mem + off, &f, *len);
	tr->used += *len;
	return off;
}

/*
 * Append buffer @b to @tr and split it into records, tracking the task
 * each belongs to: the buffer's pid, then TRACE_START and SCHEDCHANGE.
 * Compact records are expanded (their payload appended after the
 * buffers) and counted in @tr->compact, their flag cleared, so that the
 * checks see every record in its full form.
 */
static void trace_add(struct trace *tr, const unsigned char *b, size_t n)
{
	const struct ltt_buffer_header *h = (const void *)b;
	uint32_t pid = h->pid;
	uint64_t tbase = h->start_ns;	/* format 1.5: moved by TIME_EXT */
	size_t base, off;

	trace_room(tr, n);
	base = tr->used;
	memcpy(tr->mem + base, b, n);
	tr->used += n;
	if (h->cpu < LTT_MAX_CPUS) {
		if (!tr->bufs[h->cpu]++)
			tr->first_seq[h->cpu] = h->seq;
	}
	for (off = sizeof(*h); off + sizeof(struct ltt_record_header) <= n;) {
		const struct ltt_record_header *rh = (const void *)(b + off);
		struct rec *rc;

		if (rh->size < sizeof(*rh) || off + rh->size > n)
			break;
		if (rh->id == LTT_EV_TIME_EXT &&
		    rh->size >= sizeof(*rh) + sizeof(struct ltt_ev_time_ext))
			memcpy(&tbase, b + off + sizeof(*rh), sizeof(tbase));
		if (tr->n == tr->rcap) {
			tr->rcap = tr->rcap ? tr->rcap * 2 : 4096;
			tr->r = realloc(tr->r, tr->rcap * sizeof(*tr->r));
		}
		rc = &tr->r[tr->n++];
		rc->t = rh->id == LTT_EV_TIME_EXT ? tbase : tbase + rh->delta;
		rc->cpu = h->cpu;
		rc->id = rh->id;
		rc->flags = rh->flags;
		rc->size = rh->size;
		rc->off = base + off + sizeof(*rh);
		rc->plen = rh->size - sizeof(*rh);
		rc->pid = pid;
		if (rh->flags & LTT_REC_COMPACT) {
			size_t x = trace_expand(tr, rh->id, b + off + sizeof(*rh),
						rc->plen, &rc->plen);

			if (!x && !tr->bad)
				tr->bad = -2000 - rh->id;
			rc->off = x;
			rc->flags &= ~LTT_REC_COMPACT;
			tr->compact++;
		}
		if (rh->id == LTT_EV_TRACE_START) {
			const struct ltt_ev_trace_start *s = (const void *)PL(tr, rc);

			pid = rc->pid = s->pid;
		} else if (rh->id == LTT_EV_SCHEDCHANGE && rc->plen >=
			   sizeof(struct ltt_ev_schedchange)) {
			const struct ltt_ev_schedchange *s = (const void *)PL(tr, rc);

			rc->pid = s->prev_pid;
			pid = s->next_pid;
		}
		off += rh->size;
	}
}

/* After STOP: read every buffer until end of file, validating each. */
static void drain(int fd, const struct ltt_info *info, int flight,
		  struct trace *tr)
{
	struct cpu_state *cs = calloc(info->ncpus, sizeof(*cs));
	unsigned char *buf = malloc(LTT_BUFFER_SIZE_MAX);
	ssize_t n;

	memset(tr, 0, sizeof(*tr));
	while ((n = read(fd, buf, LTT_BUFFER_SIZE_MAX)) > 0) {
		int r = check_buffer_ex(buf, n, LTT_BUFFER_SIZE_MAX, cs,
					info->ncpus, tr->by_id, flight);

		if (r && !tr->bad)
			tr->bad = r;
		tr->nbuf++;
		trace_add(tr, buf, n);
	}
	if (n < 0 && !tr->bad)
		tr->bad = -1000;
	free(buf);
	free(cs);
}

/*
 * A child that waits for a byte on a pipe, runs @fn and exits: its pid
 * is known before tracing starts (filters are set while stopped).
 * @prep runs in the child before it waits (credentials, process group).
 */
struct child {
	pid_t pid;
	int go;
};

static struct child spawn(void (*prep)(void), void (*fn)(void))
{
	struct child c = { -1, -1 };
	int p[2];
	char b;

	if (pipe(p))
		return c;
	c.pid = fork();
	if (c.pid == 0) {
		close(p[1]);
		if (prep)
			prep();
		if (read(p[0], &b, 1) != 1)
			_exit(3);
		fn();
		_exit(0);
	}
	close(p[0]);
	c.go = p[1];
	return c;
}

static int run_child(struct child *c)
{
	int st = 0;

	if (write(c->go, "g", 1) != 1)
		return -1;
	close(c->go);
	waitpid(c->pid, &st, 0);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static double secs(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) + (b->tv_nsec - a->tv_nsec) / 1e9;
}

/* System calls and short sleeps: many switches out and back in. */
static void sleepy_work(void)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int i = 0; i < 50; i++)
			getppid();
		usleep(500);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (secs(&t0, &t) < 0.3);
}

static int set_mask_all(int fd)
{
	struct ltt_event_mask m;

	memset(&m, 0xff, sizeof(m));
	return xioctl(fd, LTT_IOC_SET_EVENT_MASK, &m);
}

static int mask_has(const struct ltt_event_mask *m, unsigned int id)
{
	return !!(m->bits[id / 64] & (1ULL << (id % 64)));
}

/* the events of the one list (ltt-events.h) but the records that extend another */
static int defined_id(unsigned int id)
{
#define LISTED(sym, ...) LTT_EV_##sym,
	static const unsigned int listed[] = { LTT_EVENTS(LISTED) };
#undef LISTED
	size_t i;

	if (id == LTT_EV_TIME_EXT || id == LTT_EV_STACK)
		return 0;
	for (i = 0; i < sizeof(listed) / sizeof(listed[0]); i++)
		if (listed[i] == id)
			return 1;
	return 0;
}

/* ---- sessions: several opens, one owner ---------------------------------- */

static void test_ownership(int fd, int fd2)
{
	struct ltt_buffer_config bc = { 1 << 20, 8 };
	struct ltt_options o = { 0, 0 };
	struct ltt_filter f = { 0 }, g;
	struct ltt_syscall_ip sip = { 0 };
	struct ltt_event_mask m;
	struct ltt_info info;
	struct ltt_lost_info li = { .cpu = 0 };
	struct pollfd p = { .fd = fd2, .events = POLLIN };
	char b[64];
	int fd3;

	/* fd3 owns the session first: its configuration goes with it. */
	fd3 = open("/dev/tracer", O_RDONLY);
	ok(fd3 >= 0, "third open of /dev/tracer");
	f.flags = LTT_FILTER_PID;
	f.pid = 1;
	ok(xioctl(fd3, LTT_IOC_SET_FILTER, &f) == 0, "SET_FILTER claims the session");
	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == -EBUSY,
	   "another file cannot SET_OPTIONS: EBUSY");
	ok(xioctl(fd, LTT_IOC_GET_FILTER, &g) == 0 && g.flags == LTT_FILTER_PID &&
	   g.pid == 1, "any file can GET_FILTER");
	close(fd3);
	ok(xioctl(fd, LTT_IOC_GET_FILTER, &g) == 0 && g.flags == 0,
	   "the owner's close resets the filter");

	/* Now fd owns it. */
	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == 0, "SET_OPTIONS claims the session");
	ok(xioctl(fd2, LTT_IOC_START, NULL) == -EBUSY, "non-owner START: EBUSY");
	ok(xioctl(fd2, LTT_IOC_STOP, NULL) == -EBUSY, "non-owner STOP: EBUSY");
	ok(xioctl(fd2, LTT_IOC_SET_BUFFERS, &bc) == -EBUSY,
	   "non-owner SET_BUFFERS: EBUSY");
	ok(xioctl(fd2, LTT_IOC_SET_OPTIONS, &o) == -EBUSY,
	   "non-owner SET_OPTIONS: EBUSY");
	ok(xioctl(fd2, LTT_IOC_SET_FILTER, &f) == -EBUSY,
	   "non-owner SET_FILTER: EBUSY");
	ok(xioctl(fd2, LTT_IOC_SET_SYSCALL_IP, &sip) == -EBUSY,
	   "non-owner SET_SYSCALL_IP: EBUSY");
	memset(&m, 0xff, sizeof(m));
	ok(xioctl(fd2, LTT_IOC_SET_DETAILS_MASK, &m) == -EBUSY,
	   "non-owner SET_DETAILS_MASK: EBUSY");
	ok(read(fd2, b, sizeof(b)) < 0 && errno == EBUSY, "non-owner read: EBUSY");
	ok(poll(&p, 1, 0) == 1 && (p.revents & POLLERR), "non-owner poll: POLLERR");
	ok(xioctl(fd2, LTT_IOC_GET_INFO, &info) == 0, "non-owner GET_INFO");
	ok(xioctl(fd2, LTT_IOC_GET_EVENT_MASK, &m) == 0 &&
	   xioctl(fd2, LTT_IOC_SET_EVENT_MASK, &m) == 0,
	   "non-owner GET/SET_EVENT_MASK");
	ok(xioctl(fd2, LTT_IOC_GET_DETAILS_MASK, &m) == 0 &&
	   xioctl(fd2, LTT_IOC_GET_FILTER, &g) == 0 &&
	   xioctl(fd2, LTT_IOC_GET_LOST, &li) == 0,
	   "non-owner GET_DETAILS_MASK, GET_FILTER, GET_LOST");
}

/* Open, START, close a second file, START again on the first. */
static void test_release(const struct ltt_info *info)
{
	int a = open("/dev/tracer", O_RDONLY), b = open("/dev/tracer", O_RDONLY);
	struct ltt_info in = { 0 };
	struct trace tr;

	ok(a >= 0 && b >= 0 && xioctl(a, LTT_IOC_START, NULL) == 0,
	   "owner starts with another file open");
	close(b);
	ok(xioctl(a, LTT_IOC_GET_INFO, &in) == 0 && in.tracing == 1,
	   "closing a non-owner does not stop the trace");
	b = open("/dev/tracer", O_RDONLY);
	close(a);
	ok(xioctl(b, LTT_IOC_GET_INFO, &in) == 0 && in.tracing == 0,
	   "closing the owner stops the trace");
	drain(b, info, 0, &tr);
	ok(tr.nbuf == 0 && tr.bad == 0, "and discards its buffers (read: EOF)");
	trace_free(&tr);
	ok(xioctl(b, LTT_IOC_START, NULL) == 0 && xioctl(b, LTT_IOC_STOP, NULL) == 0,
	   "another file owns the next session");
	drain(b, info, 0, &tr);
	trace_free(&tr);
	close(b);
}

/* ---- event mask ------------------------------------------------------------ */

static void test_mask(int fd)
{
	struct ltt_event_mask m, all;
	int good = 1;

	ok(xioctl(fd, LTT_IOC_GET_EVENT_MASK, &m) == 0, "GET_EVENT_MASK");
	for (unsigned int id = 0; id < LTT_EV_MAX; id++)
		if (mask_has(&m, id) != defined_id(id))
			good = 0;
	ok(good, "default mask: exactly the defined ids (1-7, 10-62, 64-65, 67-73)");
	memset(&all, 0xff, sizeof(all));
	ok(xioctl(fd, LTT_IOC_SET_EVENT_MASK, &all) == 0 &&
	   xioctl(fd, LTT_IOC_GET_EVENT_MASK, &all) == 0 &&
	   !memcmp(&all, &m, sizeof(m)), "SET all bits: undefined ids are dropped");
	memset(&all, 0, sizeof(all));
	ok(xioctl(fd, LTT_IOC_SET_EVENT_MASK, &all) == 0 &&
	   xioctl(fd, LTT_IOC_GET_EVENT_MASK, &all) == 0 &&
	   all.bits[0] == (1ULL << LTT_EV_SCHEDCHANGE | 1ULL << LTT_EV_CHANGE_MASK |
			   1ULL << LTT_EV_TRACE_START) && !all.bits[1] &&
	   !all.bits[2] && !all.bits[3],
	   "SET no bits: schedchange, change_mask and trace_start stay");
	ok(set_mask_all(fd) == 0, "mask restored");
	ok(xioctl(fd, LTT_IOC_SET_EVENT_MASK, NULL) == -EFAULT &&
	   xioctl(fd, LTT_IOC_GET_EVENT_MASK, (void *)8) == -EFAULT,
	   "SET/GET_EVENT_MASK bad pointer: EFAULT");
}

/*
 * A file that does not own the session clears syscall_entry while the
 * owner traces: a CHANGE_MASK record with the new mask is written, and
 * no syscall entry of any CPU is later than it.
 */
static void test_change_mask(int fd, int fd2, const struct ltt_info *info)
{
	struct ltt_event_mask m;
	struct trace tr;
	uint64_t tchg = 0, before = 0, after = 0, exits_after = 0;
	int nchg = 0, payload_ok = 0;
	pid_t child;

	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START (change mask)");
	child = fork();
	if (child == 0) {
		busy_child(0.6);
		_exit(0);
	}
	usleep(200000);
	ok(xioctl(fd2, LTT_IOC_GET_EVENT_MASK, &m) == 0, "GET mask while tracing");
	m.bits[0] &= ~(1ULL << LTT_EV_SYSCALL_ENTRY);
	ok(xioctl(fd2, LTT_IOC_SET_EVENT_MASK, &m) == 0,
	   "non-owner SET_EVENT_MASK while tracing");
	waitpid(child, NULL, 0);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP (change mask)");
	drain(fd, info, 0, &tr);
	for (size_t i = 0; i < tr.n; i++) {
		struct rec *rc = &tr.r[i];

		if (rc->id != LTT_EV_CHANGE_MASK)
			continue;
		nchg++;
		tchg = rc->t;
		payload_ok = rc->plen == sizeof(struct ltt_ev_change_mask) &&
			!memcmp(PL(&tr, rc), m.bits, sizeof(m.bits));
	}
	ok(tr.bad == 0 && nchg == 1 && payload_ok,
	   "one CHANGE_MASK record holding the new mask (%d, code %d)", nchg, tr.bad);
	for (size_t i = 0; i < tr.n; i++) {
		if (tr.r[i].id == LTT_EV_SYSCALL_ENTRY)
			tr.r[i].t < tchg ? before++ : after++;
		if (tr.r[i].id == LTT_EV_SYSCALL_EXIT && tr.r[i].t > tchg)
			exits_after++;
	}
	ok(before > 0 && after == 0 && exits_after > 0,
	   "syscall entries stop at the change on every CPU (%llu before, %llu after; %llu exits after)",
	   (unsigned long long)before, (unsigned long long)after,
	   (unsigned long long)exits_after);
	trace_free(&tr);
	ok(set_mask_all(fd) == 0, "mask restored");
}

/* ---- details mask -------------------------------------------------------- */

static void test_details(int fd, const struct ltt_info *info)
{
	struct ltt_event_mask m;
	struct trace tr;
	uint64_t bare = 0, full_sched = 0, bad_sched = 0, detailed = 0;
	int good = 1;

	ok(xioctl(fd, LTT_IOC_GET_DETAILS_MASK, &m) == 0, "GET_DETAILS_MASK");
	for (unsigned int i = 0; i < LTT_EV_MAX / 64; i++)
		if (m.bits[i] != ~0ULL)
			good = 0;
	ok(good, "default details mask: every bit");
	memset(&m, 0, sizeof(m));
	ok(xioctl(fd, LTT_IOC_SET_DETAILS_MASK, &m) == 0 &&
	   xioctl(fd, LTT_IOC_GET_DETAILS_MASK, &m) == 0 &&
	   m.bits[0] == (1ULL << LTT_EV_SCHEDCHANGE | 1ULL << LTT_EV_CHANGE_MASK |
			 1ULL << LTT_EV_CUSTOM_CREATE | 1ULL << LTT_EV_TRACE_START) &&
	   !m.bits[1], "SET_DETAILS_MASK 0: schedchange, trace_start, change_mask, custom_create stay detailed");
	ok(xioctl(fd, LTT_IOC_SET_DETAILS_MASK, NULL) == -EFAULT,
	   "SET_DETAILS_MASK bad pointer: EFAULT");
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START (no details)");
	ok(xioctl(fd, LTT_IOC_SET_DETAILS_MASK, &m) == -EBUSY,
	   "SET_DETAILS_MASK while tracing: EBUSY");
	busy_child(0.2);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP (no details)");
	drain(fd, info, 0, &tr);
	for (size_t i = 0; i < tr.n; i++) {
		struct rec *rc = &tr.r[i];

		if (rc->id == LTT_EV_SCHEDCHANGE) {
			if (rc->flags || rc->plen < sizeof(struct ltt_ev_schedchange))
				bad_sched++;
			else
				full_sched++;
		} else if (rc->id != LTT_EV_TRACE_START) {
			if (rc->flags == LTT_REC_NO_DETAILS && rc->size == 8)
				bare++;
			else
				detailed++;
		}
	}
	ok(tr.bad == 0 && bare > 1000 && detailed == 0,
	   "%llu events recorded bare (8 bytes, NO_DETAILS), %llu with payload",
	   (unsigned long long)bare, (unsigned long long)detailed);
	ok(full_sched > 0 && bad_sched == 0,
	   "schedchange keeps its payload (%llu)", (unsigned long long)full_sched);
	ok(tr.by_id[LTT_EV_SYSCALL_ENTRY] > 100 && tr.by_id[LTT_EV_PROCESS_EXEC] > 0,
	   "bare events are still counted by id");
	trace_free(&tr);
	memset(&m, 0xff, sizeof(m));
	ok(xioctl(fd, LTT_IOC_SET_DETAILS_MASK, &m) == 0, "details restored");
}

/* ---- filters ----------------------------------------------------------------- */

static void prep_uid(void)
{
	if (setgid(65534) || setuid(65534))
		_exit(4);
}

static void prep_pgrp_gid(void)
{
	if (setpgid(0, 0) || setgid(65533))
		_exit(4);
}

/*
 * Trace @c under filter @f: every record must belong to the child, but
 * for the start records and the scheduling changes, each of which must
 * switch the child out or in; the child must be switched in from
 * another task at least once (the sched-in exception).
 */
static void filter_trace(int fd, const struct ltt_info *info,
			 struct ltt_filter *f, struct child *c,
			 const char *what)
{
	struct trace tr;
	uint64_t mine = 0, foreign = 0, sched_in = 0, bad_sched = 0;
	uint32_t pid = c->pid;

	ok(xioctl(fd, LTT_IOC_SET_FILTER, f) == 0, "SET_FILTER %s", what);
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START (%s)", what);
	ok(xioctl(fd, LTT_IOC_SET_FILTER, f) == -EBUSY,
	   "SET_FILTER while tracing: EBUSY");
	ok(run_child(c) == 0, "child ran (%s)", what);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP (%s)", what);
	drain(fd, info, 0, &tr);
	for (size_t i = 0; i < tr.n; i++) {
		struct rec *rc = &tr.r[i];

		if (rc->id == LTT_EV_TRACE_START)
			continue;
		if (rc->id == LTT_EV_SCHEDCHANGE) {
			const struct ltt_ev_schedchange *s = (const void *)PL(&tr, rc);

			if (s->next_pid == pid && s->prev_pid != pid)
				sched_in++;
			else if (s->prev_pid != pid)
				bad_sched++;
			continue;
		}
		if (rc->pid == pid)
			mine++;
		else
			foreign++;
	}
	ok(tr.bad == 0 && mine > 100 && foreign == 0,
	   "%s: %llu events of the child, %llu of other tasks",
	   what, (unsigned long long)mine, (unsigned long long)foreign);
	ok(sched_in > 0 && bad_sched == 0,
	   "%s: %llu switches into the child recorded (sched-in exception), %llu foreign switches",
	   what, (unsigned long long)sched_in, (unsigned long long)bad_sched);
	trace_free(&tr);
	memset(f, 0, sizeof(*f));
	ok(xioctl(fd, LTT_IOC_SET_FILTER, f) == 0, "filter cleared");
}

static void test_filter(int fd, const struct ltt_info *info)
{
	struct ltt_filter f = { 0 }, g;
	struct child c;

	f.flags = 0x20;
	ok(xioctl(fd, LTT_IOC_SET_FILTER, &f) == -EINVAL, "filter flag 0x20: EINVAL");
	f.flags = LTT_FILTER_PID;
	f.reserved = 1;
	ok(xioctl(fd, LTT_IOC_SET_FILTER, &f) == -EINVAL, "filter reserved != 0: EINVAL");
	ok(xioctl(fd, LTT_IOC_SET_FILTER, NULL) == -EFAULT &&
	   xioctl(fd, LTT_IOC_GET_FILTER, (void *)8) == -EFAULT,
	   "SET/GET_FILTER bad pointer: EFAULT");
	f = (struct ltt_filter){ .flags = 0x1f, .pid = 5, .pgrp = 6, .gid = 7,
				 .uid = 8 };
	ok(xioctl(fd, LTT_IOC_SET_FILTER, &f) == 0 &&
	   xioctl(fd, LTT_IOC_GET_FILTER, &g) == 0 && !memcmp(&f, &g, sizeof(f)),
	   "SET/GET_FILTER round trip");

	c = spawn(NULL, sleepy_work);
	f = (struct ltt_filter){ .flags = LTT_FILTER_PID, .pid = c.pid };
	filter_trace(fd, info, &f, &c, "pid");

	c = spawn(prep_uid, sleepy_work);
	usleep(50000);	/* let it drop its credentials */
	f = (struct ltt_filter){ .flags = LTT_FILTER_UID, .uid = 65534 };
	filter_trace(fd, info, &f, &c, "uid");

	c = spawn(prep_pgrp_gid, sleepy_work);
	usleep(50000);
	f = (struct ltt_filter){
		.flags = LTT_FILTER_PGRP | LTT_FILTER_GID | LTT_FILTER_TGID,
		.pid = c.pid, .pgrp = c.pid, .gid = 65533,
	};
	filter_trace(fd, info, &f, &c, "pgrp+gid+tgid");
}

/* ---- syscall IP -------------------------------------------------------------- */

/*
 * Three functions with frame pointers, each in its own section (so that
 * the linker gives its bounds): sip_caller -> sip_outer -> sip_inner ->
 * syscall().  libc's syscall() sets up no frame: at the syscall, the
 * frame pointer is sip_inner's frame and the word at the stack pointer
 * is the return address into sip_inner.
 */
#define SIP_FN(sec) __attribute__((noinline, section(sec), \
				   optimize("no-omit-frame-pointer")))

extern char __start_ltt_sip_inner[], __stop_ltt_sip_inner[];
extern char __start_ltt_sip_outer[], __stop_ltt_sip_outer[];
extern char __start_ltt_sip_caller[], __stop_ltt_sip_caller[];
extern char ltt_bad_fp_ret[];

static SIP_FN("ltt_sip_inner") long sip_inner(long nr)
{
	long r = syscall(nr);

	__asm__ volatile("" ::: "memory");
	return r;
}

static SIP_FN("ltt_sip_outer") long sip_outer(long nr)
{
	long r = sip_inner(nr);

	__asm__ volatile("" ::: "memory");
	return r;
}

static SIP_FN("ltt_sip_caller") void sip_caller(void)
{
	for (int i = 0; i < 20; i++)
		sip_outer(SYS_getppid);
	__asm__ volatile("" ::: "memory");
}

/* getppid with a frame pointer that points nowhere (page 0). */
static void bad_fp_work(void)
{
	for (int i = 0; i < 20; i++) {
#if defined(__x86_64__)
		long nr = SYS_getppid;

		__asm__ volatile("mov %%rbp, %%r12\n\t"
				 "mov $0x10, %%rbp\n\t"
				 "syscall\n\t"
				 ".globl ltt_bad_fp_ret\n"
				 "ltt_bad_fp_ret:\n\t"
				 "mov %%r12, %%rbp"
				 : "+a"(nr) : : "rcx", "r11", "r12", "memory");
#elif defined(__aarch64__)
		/* the frame pointer is x29; the number in x8, the result in x0 */
		register long nr __asm__("x8") = SYS_getppid;
		register long ret __asm__("x0");

		__asm__ volatile("mov x19, x29\n\t"
				 "mov x29, #0x10\n\t"
				 "svc #0\n\t"
				 ".globl ltt_bad_fp_ret\n"
				 "ltt_bad_fp_ret:\n\t"
				 "mov x29, x19"
				 : "=r"(ret) : "r"(nr) : "x19", "memory");
		(void)ret;
#else
#error "ltt-modtest: bad_fp_work is written for x86-64 and arm64 only"
#endif
	}
}

#define IN(ip, sec) ((ip) >= (uint64_t)(uintptr_t)__start_##sec && \
		     (ip) < (uint64_t)(uintptr_t)__stop_##sec)

/*
 * Trace the child's getppid calls under syscall IP setting @s; return
 * how many there were and how many had an ip accepted by @want.
 */
static int sip_trace(int fd, const struct ltt_info *info,
		     const struct ltt_syscall_ip *s, void (*work)(void),
		     int (*want)(uint64_t), uint64_t *last_ip)
{
	struct ltt_filter f = { .flags = LTT_FILTER_PID };
	struct child c = spawn(NULL, work);
	struct trace tr;
	int n = 0, good = 0;

	f.pid = c.pid;
	if (xioctl(fd, LTT_IOC_SET_SYSCALL_IP, (void *)s) ||
	    xioctl(fd, LTT_IOC_SET_FILTER, &f) || xioctl(fd, LTT_IOC_START, NULL)) {
		run_child(&c);
		return -1;
	}
	run_child(&c);
	xioctl(fd, LTT_IOC_STOP, NULL);
	drain(fd, info, 0, &tr);
	for (size_t i = 0; i < tr.n; i++) {
		const struct ltt_ev_syscall_entry *e = (const void *)PL(&tr, &tr.r[i]);

		if (tr.r[i].id != LTT_EV_SYSCALL_ENTRY || e->nr != SYS_getppid)
			continue;
		n++;
		if (want(e->ip))
			good++;
		*last_ip = e->ip;
	}
	trace_free(&tr);
	memset(&f, 0, sizeof(f));
	xioctl(fd, LTT_IOC_SET_FILTER, &f);
	return n == 20 && good == n ? 0 : -(1000 + n * 10 + good);
}

static uint64_t raw_ip;

static int ip_outside(uint64_t ip)
{
	return !IN(ip, ltt_sip_inner) && !IN(ip, ltt_sip_outer) &&
	       !IN(ip, ltt_sip_caller);
}

static int ip_inner(uint64_t ip) { return IN(ip, ltt_sip_inner); }
static int ip_outer(uint64_t ip) { return IN(ip, ltt_sip_outer); }
static int ip_caller(uint64_t ip) { return IN(ip, ltt_sip_caller); }
static int ip_raw(uint64_t ip) { return ip == raw_ip; }
static int ip_bad_fp(uint64_t ip) { return ip == (uint64_t)(uintptr_t)ltt_bad_fp_ret; }

static void test_syscall_ip(int fd, const struct ltt_info *info)
{
	struct ltt_syscall_ip s = { 0 };
	uint64_t ip = 0;
	int r;

	s.mode = 3;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == -EINVAL, "syscall IP mode 3: EINVAL");
	s = (struct ltt_syscall_ip){ .mode = LTT_SIP_DEPTH, .depth = 0 };
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == -EINVAL, "depth 0: EINVAL");
	s.depth = LTT_SIP_DEPTH_MAX + 1;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == -EINVAL, "depth 65: EINVAL");
	s.depth = LTT_SIP_DEPTH_MAX;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == 0, "depth 64: ok");
	s = (struct ltt_syscall_ip){ .mode = LTT_SIP_RANGE, .lower = 10, .upper = 10 };
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == -EINVAL, "range lower == upper: EINVAL");
	s.lower = 11;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == -EINVAL, "range lower > upper: EINVAL");
	s.lower = 1;
	s.depth = LTT_SIP_SCAN_MAX + 1;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == -EINVAL, "range of 4097 words: EINVAL");
	s.depth = 65;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == -EINVAL,
	   "range of 65 words: EINVAL (the module's sip_scan_max, 64 by default)");
	s.depth = 64;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == 0, "range of 64 words: ok");
	s.depth = 0;
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == 0, "range, default scan: ok");
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, NULL) == -EFAULT,
	   "SET_SYSCALL_IP bad pointer: EFAULT");

	s = (struct ltt_syscall_ip){ .mode = LTT_SIP_RAW };
	r = sip_trace(fd, info, &s, sip_caller, ip_outside, &ip);
	raw_ip = ip;
	ok(r == 0, "raw: 20 getppid entries, ip in libc (%d, %#llx)", r,
	   (unsigned long long)ip);
	s = (struct ltt_syscall_ip){
		.mode = LTT_SIP_RANGE,
		.lower = (uintptr_t)__start_ltt_sip_inner,
		.upper = (uintptr_t)__stop_ltt_sip_inner,
	};
	r = sip_trace(fd, info, &s, sip_caller, ip_inner, &ip);
	ok(r == 0, "range: ip is the call site in the caller's text (%d, %#llx)", r,
	   (unsigned long long)ip);
	s.lower = 1;
	s.upper = 2;
	s.depth = 16;
	r = sip_trace(fd, info, &s, sip_caller, ip_raw, &ip);
	ok(r == 0, "range with no match: raw ip (%d)", r);
	s = (struct ltt_syscall_ip){ .mode = LTT_SIP_DEPTH, .depth = 1 };
	r = sip_trace(fd, info, &s, sip_caller, ip_outer, &ip);
	ok(r == 0, "depth 1: return address in the caller (%d, %#llx)", r,
	   (unsigned long long)ip);
	s.depth = 2;
	r = sip_trace(fd, info, &s, sip_caller, ip_caller, &ip);
	ok(r == 0, "depth 2: return address one frame further (%d, %#llx)", r,
	   (unsigned long long)ip);
	s.depth = 3;
	r = sip_trace(fd, info, &s, bad_fp_work, ip_bad_fp, &ip);
	ok(r == 0, "depth 3 with a bad frame pointer: raw ip, no fault (%d)", r);
	s = (struct ltt_syscall_ip){ .mode = LTT_SIP_RAW };
	ok(xioctl(fd, LTT_IOC_SET_SYSCALL_IP, &s) == 0, "syscall IP back to raw");
}

/* ---- options: flight recorder, capture length --------------------------------- */

static void udp_burst(int n, size_t len)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	char buf[8192] = { 0 };
	int rx = socket(AF_INET, SOCK_DGRAM, 0);
	int tx = socket(AF_INET, SOCK_DGRAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (rx < 0 || tx < 0 || bind(rx, (void *)&a, sizeof(a)) ||
	    getsockname(rx, (void *)&a, &alen))
		return;
	for (int i = 0; i < n; i++) {
		memset(buf, 'A' + i, len);
		if (sendto(tx, buf, len, 0, (void *)&a, sizeof(a)) < 0 ||
		    recv(rx, buf, sizeof(buf), 0) < 0)
			break;
	}
	close(rx);
	close(tx);
}

/*
 * A trace of 5 UDP datagrams of @dlen bytes over lo with capture length
 * @cap and buffers of @bsize bytes: every packet keeps min(len, cap,
 * bsize - 70) bytes (format 1.15: whole packets, paged data included,
 * cut to what one buffer holds), and with @pattern its bytes after the
 * 42 bytes of headers are the datagram's ('A' + i, as udp_burst() sends).
 */
static void capture_trace(int fd, const struct ltt_info *info, uint32_t cap,
			  uint32_t flags, size_t dlen, uint32_t bsize,
			  bool pattern)
{
	struct ltt_options o = { .flags = flags, .capture_len = cap };
	uint32_t room = bsize - (uint32_t)(sizeof(struct ltt_buffer_header) +
					   8 + sizeof(struct ltt_ev_net_packet));
	struct trace tr;
	int in = 0, out = 0, bad = 0, big = 0;

	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == 0, "SET_OPTIONS capture %u", cap);
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START (capture %u)", cap);
	udp_burst(5, dlen);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP (capture %u)", cap);
	drain(fd, info, 0, &tr);
	for (size_t i = 0; i < tr.n; i++) {
		struct rec *rc = &tr.r[i];
		const struct ltt_ev_net_packet *p = (const void *)PL(&tr, rc);
		const unsigned char *b = (const unsigned char *)(p + 1);
		uint32_t want;

		if (rc->id != LTT_EV_NET_PACKET_IN && rc->id != LTT_EV_NET_PACKET_OUT)
			continue;
		rc->id == LTT_EV_NET_PACKET_IN ? in++ : out++;
		if (rc->plen < sizeof(*p)) {
			bad++;
			continue;
		}
		want = p->len < cap ? p->len : cap;
		want = want < room ? want : room;
		if (p->caplen != want ||
		    rc->size != ((8 + sizeof(*p) + p->caplen + 3) & ~3u))
			bad++;
		if (p->len != 42 + dlen)	/* Ethernet, IPv4, UDP headers */
			continue;
		big++;
		if (pattern)
			for (uint32_t k = 42; k < p->caplen; k++)
				if (b[k] < 'A' || b[k] > 'E' || b[k] != b[42]) {
					bad++;
					break;
				}
	}
	ok(tr.bad == 0 && in >= 5 && out >= 5 && big >= 10 && bad == 0,
	   "capture %u, %zu-byte datagrams, %u-byte buffers: %d packets in, %d out (%d of the datagrams), caplen, record size%s right (%d bad)",
	   cap, dlen, bsize, in, out, big, pattern ? " and payload" : "", bad);
	if (flags & LTT_OPT_FULL_RECORDS)
		ok(tr.compact == 0 && tr.by_id[LTT_EV_SYSCALL_EXIT] > 10,
		   "full records: %llu syscall exits, none of %llu records compact",
		   (unsigned long long)tr.by_id[LTT_EV_SYSCALL_EXIT],
		   (unsigned long long)tr.n);
	else
		ok(tr.compact > 10 && tr.compact < tr.n,
		   "default: %llu of %llu records compact",
		   (unsigned long long)tr.compact, (unsigned long long)tr.n);
	trace_free(&tr);
}

static void test_options(int fd, const struct ltt_info *info)
{
	struct ltt_options o = { .flags = 0x8 };
	struct ltt_buffer_config bc = { 4096, 64 };
	struct ltt_lost_info li;
	struct trace tr;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	unsigned char *buf = malloc(16384);
	uint64_t lost = 0;
	int wrapped = 0, over = 0, exit_seen = 0, fl;
	pid_t child;

	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == -EINVAL, "option 0x8: EINVAL");
	o = (struct ltt_options){ .capture_len = LTT_MAX_CAPTURE + 1 };
	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == -EINVAL,
	   "capture %u (LTT_MAX_CAPTURE + 1): EINVAL", o.capture_len);
	o.capture_len = LTT_MAX_CAPTURE;
	o.flags = LTT_OPT_NO_CPUID | LTT_OPT_FULL_RECORDS;
	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == 0,
	   "capture %u (LTT_MAX_CAPTURE), no cpu id, full records: ok",
	   o.capture_len);
	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, NULL) == -EFAULT,
	   "SET_OPTIONS bad pointer: EFAULT");

	capture_trace(fd, info, 16, 0, 300, info->buffer_size, false);
	capture_trace(fd, info, 0, LTT_OPT_FULL_RECORDS, 300,
		      info->buffer_size, false);
	/* whole datagrams, and cut to one 4 KiB buffer */
	capture_trace(fd, info, LTT_MAX_CAPTURE, 0, 1400, info->buffer_size,
		      true);
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "SET_BUFFERS 4096x64");
	capture_trace(fd, info, LTT_MAX_CAPTURE, 0, 6000, 4096, true);
	bc = (struct ltt_buffer_config){ info->buffer_size, info->buffer_count };
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "SET_BUFFERS back");
	bc = (struct ltt_buffer_config){ 16384, 4 };

	/* Flight recorder: 4 x 16 KiB per CPU, much less than the events. */
	o = (struct ltt_options){ .flags = LTT_OPT_FLIGHT };
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0 &&
	   xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == 0, "flight recorder, 4 x 16 KiB");
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START (flight)");
	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == -EBUSY, "SET_OPTIONS while tracing: EBUSY");
	/*
	 * A count of rounds, not a time: each writes over 400 records (over
	 * 4 KiB) on its CPU, so 60 write more than the 4 x 16 KiB of a CPU
	 * however slow the emulator is (a loaded host made 0.4 s too little)
	 */
	child = fork();
	if (child == 0) {
		for (int i = 0; i < 60; i++)
			busy_round();
		_exit(0);
	}
	waitpid(child, NULL, 0);
	fl = fcntl(fd, F_GETFL);
	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	ok(read(fd, buf, 16384) < 0 && errno == EAGAIN && poll(&p, 1, 0) == 0,
	   "flight: nothing to read while tracing (EAGAIN, poll not ready)");
	fcntl(fd, F_SETFL, fl);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP (flight)");
	ok(poll(&p, 1, 0) == 1 && (p.revents & POLLIN), "flight: readable after STOP");
	drain(fd, info, 1, &tr);
	for (unsigned int c = 0; c < info->ncpus && c < LTT_MAX_CPUS; c++) {
		if (tr.bufs[c] > 4)
			over++;
		if (tr.bufs[c] && tr.first_seq[c] > 0)
			wrapped++;
	}
	for (size_t i = 0; i < tr.n; i++) {
		const struct ltt_ev_process_exit *e = (const void *)PL(&tr, &tr.r[i]);

		if (tr.r[i].id == LTT_EV_PROCESS_EXIT && e->pid == (uint32_t)child)
			exit_seen = 1;
	}
	ok(tr.bad == 0 && tr.nbuf > 0 && over == 0 && wrapped > 0,
	   "flight: %u buffers, per-CPU seq increasing, at most 4 per CPU, %d CPUs wrapped (code %d)",
	   tr.nbuf, wrapped, tr.bad);
	ok(exit_seen, "flight: the workload's last event (its exit) is kept");
	for (unsigned int c = 0; c < info->ncpus; c++) {
		li.cpu = c;
		if (xioctl(fd, LTT_IOC_GET_LOST, &li) == 0)
			lost += li.total;
	}
	ok(lost == 0, "flight: overwritten events are not counted as lost (%llu)",
	   (unsigned long long)lost);
	trace_free(&tr);
	o.flags = 0;
	bc = (struct ltt_buffer_config){ 1 << 20, 8 };
	ok(xioctl(fd, LTT_IOC_SET_OPTIONS, &o) == 0 &&
	   xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "options and buffers restored");
	free(buf);
}

/*
 * Periodic flush (LTT_IOC_SET_FLUSH): a bad interval or pointer is
 * refused, so is a change while tracing.  With 50 ms and 1 MiB buffers, a
 * live reader gets, before STOP, a buffer of CPU 0 closed early
 * (LTT_BUF_FLUSHED) that holds this process's ten getppid calls, a few
 * hundred bytes: without the flush that buffer would only come at STOP.
 * The trace, read live and then drained after STOP, checks out.
 */
static void test_flush(int fd, const struct ltt_info *info)
{
	struct ltt_buffer_config bc = { 1 << 20, 4 };
	struct cpu_state *cs = calloc(info->ncpus, sizeof(*cs));
	unsigned char *buf = malloc(1 << 20);
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct timespec t0, t1;
	struct trace tr;
	__u32 ms = LTT_FLUSH_MAX_MS + 1;
	cpu_set_t one, all;
	int found = 0, r;
	ssize_t n;

	memset(&tr, 0, sizeof(tr));
	ok(xioctl(fd, LTT_IOC_SET_FLUSH, &ms) == -EINVAL, "SET_FLUSH 60001 ms: EINVAL");
	ok(xioctl(fd, LTT_IOC_SET_FLUSH, NULL) == -EFAULT, "SET_FLUSH bad pointer: EFAULT");
	ms = 50;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0 &&
	   xioctl(fd, LTT_IOC_SET_FLUSH, &ms) == 0, "SET_FLUSH 50 ms, 4 x 1 MiB");
	sched_getaffinity(0, sizeof(all), &all);
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	ok(sched_setaffinity(0, sizeof(one), &one) == 0, "pinned to CPU 0");
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START (periodic flush)");
	ok(xioctl(fd, LTT_IOC_SET_FLUSH, &ms) == -EBUSY, "SET_FLUSH while tracing: EBUSY");
	for (int i = 0; i < 10; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		const struct ltt_buffer_header *h = (const void *)buf;
		size_t before = tr.n;

		if (poll(&p, 1, 1000) != 1)
			goto next;
		n = read(fd, buf, 1 << 20);
		if (n <= 0)
			break;
		r = check_buffer_ex(buf, n, 1 << 20, cs, info->ncpus, tr.by_id, 0);
		if (r && !tr.bad)
			tr.bad = r;
		tr.nbuf++;
		trace_add(&tr, buf, n);
		if (h->cpu != 0 || !(h->flags & LTT_BUF_FLUSHED))
			goto next;
		for (size_t i = before; i < tr.n; i++) {
			const struct ltt_ev_syscall_entry *e =
				(const void *)PL(&tr, &tr.r[i]);

			if (tr.r[i].id == LTT_EV_SYSCALL_ENTRY &&
			    tr.r[i].pid == (uint32_t)getpid() &&
			    e->nr == SYS_getppid)
				found++;
		}
next:
		clock_gettime(CLOCK_MONOTONIC, &t1);
	} while (found < 10 && secs(&t0, &t1) < 30);
	ok(found == 10, "a live read gets CPU 0's flushed buffer with the 10 getppid calls before STOP (%d)",
	   found);
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP (periodic flush)");
	sched_setaffinity(0, sizeof(all), &all);
	while ((n = read(fd, buf, 1 << 20)) > 0) {
		r = check_buffer_ex(buf, n, 1 << 20, cs, info->ncpus, tr.by_id, 0);
		if (r && !tr.bad)
			tr.bad = r;
		tr.nbuf++;
		trace_add(&tr, buf, n);
	}
	ok(n == 0 && tr.bad == 0 && tr.nbuf > 0,
	   "flushed trace: %u buffers, every one well formed (code %d)", tr.nbuf, tr.bad);
	trace_free(&tr);
	ms = 0;
	bc = (struct ltt_buffer_config){ 1 << 20, 8 };
	ok(xioctl(fd, LTT_IOC_SET_FLUSH, &ms) == 0 &&
	   xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "flush off, buffers restored");
	free(buf);
	free(cs);
}

/* ---- CPU hotplug: buffers follow the online CPUs ------------------------ */

#define CPU1_ONLINE "/sys/devices/system/cpu/cpu1/online"

static int cpu1_set(int on)
{
	int f = open(CPU1_ONLINE, O_WRONLY);
	int r;

	if (f < 0)
		return -1;
	r = write(f, on ? "1" : "0", 1) == 1 ? 0 : -1;
	close(f);
	return r;
}

/* What buffers_are() read last: buffer_cpus and buffer_bytes. */
static char sys_cpus[64], sys_bytes[32];

/* /sys/class/misc/tracer/@name into @s, its newline removed ("?" if unreadable). */
static void tracer_sys(const char *name, char *s, size_t size)
{
	char path[128];
	ssize_t n;
	int f;

	snprintf(path, sizeof(path), "/sys/class/misc/tracer/%s", name);
	snprintf(s, size, "?");
	f = open(path, O_RDONLY);
	if (f < 0)
		return;
	n = read(f, s, size - 1);
	close(f);
	if (n <= 0 || s[n - 1] != '\n') {
		snprintf(s, size, "?");
		return;
	}
	s[n - 1] = '\0';
}

/* Do the sysfs files say CPUs @cpus hold @nbuf buffers of 256 KiB each? */
static int buffers_are(const char *cpus, unsigned int nbuf)
{
	char bytes[32];

	snprintf(bytes, sizeof(bytes), "%u", nbuf * (256u << 10));
	tracer_sys("buffer_cpus", sys_cpus, sizeof(sys_cpus));
	tracer_sys("buffer_bytes", sys_bytes, sizeof(sys_bytes));
	return !strcmp(sys_cpus, cpus) && !strcmp(sys_bytes, bytes);
}

static void getppid_on_cpu1(void)
{
	cpu_set_t one;

	CPU_ZERO(&one);
	CPU_SET(1, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		_exit(1);
	for (int i = 0; i < 1000; i++)
		syscall(SYS_getppid);
}

/* Read every buffer ready now (without waiting) into @tr. */
static void read_ready(int fd, const struct ltt_info *info,
		       struct cpu_state *cs, struct trace *tr)
{
	unsigned char *buf = malloc(256 << 10);
	int fl = fcntl(fd, F_GETFL);
	ssize_t n;

	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	while ((n = read(fd, buf, 256 << 10)) > 0) {
		int r = check_buffer_ex(buf, n, 256 << 10, cs, info->ncpus,
					tr->by_id, 0);

		if (r && !tr->bad)
			tr->bad = r;
		tr->nbuf++;
		trace_add(tr, buf, n);
	}
	if (n < 0 && errno != EAGAIN && !tr->bad)
		tr->bad = -1000;
	fcntl(fd, F_SETFL, fl);
	free(buf);
}

/* getppid entries of @pid in @tr, recorded on CPU @cpu (any if < 0). */
static unsigned int getppid_count(const struct trace *tr, pid_t pid, int cpu)
{
	unsigned int found = 0;

	for (size_t i = 0; i < tr->n; i++) {
		const struct ltt_ev_syscall_entry *e =
			(const void *)PL(tr, &tr->r[i]);

		found += tr->r[i].id == LTT_EV_SYSCALL_ENTRY &&
			 (cpu < 0 || tr->r[i].cpu == cpu) &&
			 tr->r[i].pid == (uint32_t)pid &&
			 tr->r[i].plen >= sizeof(*e) && e->nr == SYS_getppid;
	}
	return found;
}

/*
 * Buffers only for online CPUs (/sys/class/misc/tracer/buffer_cpus,
 * buffer_bytes): CPU 1 taken offline while tracing keeps its buffers
 * until the reader has read them, then they are freed; it gets new ones
 * when it comes back and records at once; nothing it wrote before going
 * offline is lost.  Then a CPU offline at START has none and gets them
 * when it comes online during the trace.
 */
static void test_hotplug(int fd, const struct ltt_info *info)
{
	struct ltt_buffer_config bc = { 256 << 10, 4 };
	struct cpu_state *cs = calloc(info->ncpus, sizeof(*cs));
	struct ltt_lost_info *lost = calloc(1, sizeof(*lost));
	struct child a, b;
	struct trace tr;

	if (info->ncpus < 2 || access(CPU1_ONLINE, W_OK)) {
		printf("ok %d - # SKIP no CPU 1 to take offline\n", ++ntest);
		free(cs);
		free(lost);
		return;
	}
	memset(&tr, 0, sizeof(tr));
	ok(set_mask_all(fd) == 0 && xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0,
	   "hotplug: every event, 4 x 256 KiB");
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "hotplug: START");
	ok(buffers_are("0-1", 8), "tracing: CPUs 0 and 1 hold 4 buffers each (%s, %s bytes)",
	   sys_cpus, sys_bytes);
	a = spawn(NULL, getppid_on_cpu1);
	ok(run_child(&a) == 0, "1000 getppid on CPU 1");
	ok(cpu1_set(0) == 0, "CPU 1 offline while tracing");
	ok(buffers_are("0-1", 8), "CPU 1 offline, its buffers not read yet: kept (%s)",
	   sys_cpus);
	read_ready(fd, info, cs, &tr);
	ok(buffers_are("0", 4), "CPU 1's buffers read: freed (%s, %s bytes)",
	   sys_cpus, sys_bytes);
	ok(getppid_count(&tr, a.pid, 1) == 1000,
	   "every getppid CPU 1 recorded before going offline was read (%u)",
	   getppid_count(&tr, a.pid, 1));
	lost->cpu = 1;
	ok(xioctl(fd, LTT_IOC_GET_LOST, lost) == 0 && lost->total == 0,
	   "CPU 1 lost nothing (%llu)", (unsigned long long)lost->total);
	ok(cpu1_set(1) == 0, "CPU 1 online again while tracing");
	ok(buffers_are("0-1", 8), "CPU 1 online: buffers again (%s)", sys_cpus);
	b = spawn(NULL, getppid_on_cpu1);
	ok(run_child(&b) == 0, "1000 getppid on CPU 1 again");
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "hotplug: STOP");
	ok(cpu1_set(0) == 0, "CPU 1 offline after STOP, its last buffers unread");
	ok(buffers_are("0-1", 8), "... kept until read (%s)", sys_cpus);
	read_ready(fd, info, cs, &tr);
	ok(buffers_are("0", 4), "... read to the end: freed (%s)", sys_cpus);
	ok(getppid_count(&tr, b.pid, 1) == 1000,
	   "CPU 1 recorded at once when it came back: all 1000 getppid (%u)",
	   getppid_count(&tr, b.pid, 1));
	ok(tr.bad == 0 && tr.bufs[1] > 0,
	   "the trace across CPU 1's offline time is well formed, CPU 1's seq unbroken (code %d, %u buffers of CPU 1)",
	   tr.bad, tr.bufs[1]);
	trace_free(&tr);

	/* START with CPU 1 offline; it comes online during the trace. */
	memset(cs, 0, info->ncpus * sizeof(*cs));
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0 && buffers_are("0", 4),
	   "START with CPU 1 offline: buffers for CPU 0 only (%s)", sys_cpus);
	ok(cpu1_set(1) == 0 && buffers_are("0-1", 8),
	   "CPU 1 online during the trace: its buffers (%s)", sys_cpus);
	a = spawn(NULL, getppid_on_cpu1);
	ok(run_child(&a) == 0 && xioctl(fd, LTT_IOC_STOP, NULL) == 0,
	   "1000 getppid on CPU 1, STOP");
	drain(fd, info, 0, &tr);
	ok(tr.bad == 0 && getppid_count(&tr, a.pid, 1) == 1000,
	   "CPU 1, online since after START, has its stream (TRACE_START first) and the 1000 getppid (%u, code %d)",
	   getppid_count(&tr, a.pid, 1), tr.bad);
	trace_free(&tr);
	bc = (struct ltt_buffer_config){ 1 << 20, 8 };
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "hotplug: buffers restored");
	free(cs);
	free(lost);
}

/* ---- reading without a copy: GET_SUBBUF, mmap, PUT_SUBBUF ---------------- */

static void getppid_5000(void)
{
	for (int i = 0; i < 5000; i++)
		syscall(SYS_getppid);
}

static int xmmap(int fd, size_t len, int prot, int flags, uint64_t off,
		 const void **out)
{
	void *p = mmap(NULL, len, prot, flags, fd, (off_t)off);

	if (p == MAP_FAILED)
		return -errno;
	*out = p;
	return 0;
}

/* A mapping of each CPU's buffers, made again when its memory changes. */
struct zc_maps {
	const void *addr[LTT_MAX_CPUS];
	size_t len[LTT_MAX_CPUS];
	uint64_t id[LTT_MAX_CPUS];
};

static const unsigned char *zc_at(int fd, struct zc_maps *z,
				  const struct ltt_subbuf *sb)
{
	if (sb->cpu >= LTT_MAX_CPUS)
		return NULL;
	if (!z->addr[sb->cpu] || z->id[sb->cpu] != sb->map_id) {
		if (z->addr[sb->cpu])
			munmap((void *)z->addr[sb->cpu], z->len[sb->cpu]);
		z->addr[sb->cpu] = NULL;
		if (xmmap(fd, sb->map_size, PROT_READ, MAP_SHARED,
			  LTT_MMAP_OFFSET(sb->cpu), &z->addr[sb->cpu]))
			return NULL;
		z->len[sb->cpu] = sb->map_size;
		z->id[sb->cpu] = sb->map_id;
	}
	return (const unsigned char *)z->addr[sb->cpu] + sb->offset;
}

static void zc_unmap(struct zc_maps *z)
{
	for (int c = 0; c < LTT_MAX_CPUS; c++)
		if (z->addr[c])
			munmap((void *)z->addr[c], z->len[c]);
	memset(z, 0, sizeof(*z));
}

/*
 * Take every buffer ready (until EAGAIN, or ENODATA at the end) through
 * GET_SUBBUF and the mappings, validate and collect it, PUT it back.
 * Returns the last GET's errno (0 never).
 */
static int zc_drain(int fd, const struct ltt_info *info, struct cpu_state *cs,
		    struct zc_maps *z, struct trace *tr)
{
	struct ltt_subbuf sb;
	int e;

	while ((e = xioctl(fd, LTT_IOC_GET_SUBBUF, &sb)) == 0) {
		const unsigned char *b = zc_at(fd, z, &sb);
		int r = b ? check_buffer_ex(b, sb.len, sb.map_size, cs,
					    info->ncpus, tr->by_id, 0) : -3000;

		if (r && !tr->bad)
			tr->bad = r;
		if (b) {
			tr->nbuf++;
			trace_add(tr, b, sb.len);
		}
		if (xioctl(fd, LTT_IOC_PUT_SUBBUF, &sb) && !tr->bad)
			tr->bad = -4000;
	}
	return e;
}

/*
 * The zero-copy reader: its errors (a bad ticket, a second GET, a bad
 * pointer, mappings of the wrong size, offset, protection or file), a
 * trace read through it to the end with every getppid of a child, a
 * mapping kept across STOP and across a START that frees its memory, a
 * CPU's mapping kept while it goes offline and its memory is freed.
 */
static void test_zerocopy(int fd, const struct ltt_info *info)
{
	struct ltt_buffer_config bc = { 256 << 10, 4 };
	struct cpu_state *cs = calloc(info->ncpus, sizeof(*cs));
	struct zc_maps z;
	struct ltt_subbuf sb, sb2;
	const void *m = NULL;
	struct child a;
	struct trace tr;
	int fl = fcntl(fd, F_GETFL), fdw, e;

	memset(&z, 0, sizeof(z));
	memset(&tr, 0, sizeof(tr));
	ok(set_mask_all(fd) == 0 && xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0 &&
	   xioctl(fd, LTT_IOC_START, NULL) == 0, "zero copy: START, 4 x 256 KiB");
	a = spawn(NULL, getppid_5000);
	ok(run_child(&a) == 0 && xioctl(fd, LTT_IOC_STOP, NULL) == 0,
	   "5000 getppid, STOP");
	memset(&sb, 0, sizeof(sb));
	ok(xioctl(fd, LTT_IOC_PUT_SUBBUF, &sb) == -EINVAL, "PUT_SUBBUF with none taken: EINVAL");
	ok(xioctl(fd, LTT_IOC_GET_SUBBUF, NULL) == -EFAULT, "GET_SUBBUF, bad pointer: EFAULT");
	ok(xioctl(fd, LTT_IOC_GET_SUBBUF, &sb) == 0, "GET_SUBBUF after the EFAULT: a buffer (the one given back)");
	ok(cs && sb.cpu < info->ncpus && sb.len >= sizeof(struct ltt_buffer_header) &&
	   sb.len <= bc.size && sb.map_size == bc.size * bc.count &&
	   sb.offset == (uint64_t)sb.index * bc.size && sb.index < bc.count,
	   "GET_SUBBUF: CPU %u, buffer %u at %llu, %u bytes of a %u-byte mapping",
	   sb.cpu, sb.index, (unsigned long long)sb.offset, sb.len, sb.map_size);
	ok(xioctl(fd, LTT_IOC_GET_SUBBUF, &sb2) == -EBUSY, "a second GET_SUBBUF before PUT: EBUSY");
	ok(xmmap(fd, sb.map_size + 4096, PROT_READ, MAP_SHARED, LTT_MMAP_OFFSET(sb.cpu), &m) == -EINVAL,
	   "mmap one page too long: EINVAL");
	ok(xmmap(fd, sb.map_size - 4096, PROT_READ, MAP_SHARED, LTT_MMAP_OFFSET(sb.cpu), &m) == -EINVAL,
	   "mmap one page too short: EINVAL");
	ok(xmmap(fd, sb.map_size, PROT_READ, MAP_SHARED, LTT_MMAP_OFFSET(sb.cpu) + 4096, &m) == -EINVAL,
	   "mmap at an offset inside a CPU's area: EINVAL");
	ok(xmmap(fd, sb.map_size, PROT_READ, MAP_SHARED, LTT_MMAP_OFFSET(4096), &m) == -EINVAL,
	   "mmap of CPU 4096: EINVAL");
	ok(xmmap(fd, sb.map_size, PROT_READ, MAP_PRIVATE, LTT_MMAP_OFFSET(sb.cpu), &m) == -EINVAL,
	   "mmap MAP_PRIVATE: EINVAL");
	ok(xmmap(fd, sb.map_size, PROT_READ | PROT_WRITE, MAP_SHARED, LTT_MMAP_OFFSET(sb.cpu), &m) == -EACCES,
	   "mmap PROT_WRITE of a read-only descriptor: EACCES");
	fdw = open("/dev/tracer", O_RDWR);
	ok(fdw >= 0 && xmmap(fdw, sb.map_size, PROT_READ | PROT_WRITE, MAP_SHARED,
			     LTT_MMAP_OFFSET(sb.cpu), &m) == -EPERM,
	   "mmap PROT_WRITE of a read-write descriptor: EPERM");
	ok(fdw >= 0 && xmmap(fdw, sb.map_size, PROT_READ, MAP_SHARED, LTT_MMAP_OFFSET(sb.cpu), &m) == -EBUSY &&
	   xioctl(fdw, LTT_IOC_GET_SUBBUF, &sb2) == -EBUSY,
	   "another file than the owner: mmap and GET_SUBBUF refused (EBUSY)");
	if (fdw >= 0)
		close(fdw);
	m = zc_at(fd, &z, &sb);
	ok(m && mprotect((void *)z.addr[sb.cpu], sb.map_size, PROT_READ | PROT_WRITE) < 0 && errno == EACCES,
	   "the mapping can not be made writable (mprotect: EACCES)");
	sb2 = sb;
	sb2.ticket++;
	ok(xioctl(fd, LTT_IOC_PUT_SUBBUF, &sb2) == -EINVAL, "PUT_SUBBUF with another ticket: EINVAL");
	if (m) {
		int r = check_buffer_ex(m, sb.len, sb.map_size, cs, info->ncpus, tr.by_id, 0);

		tr.nbuf++;
		trace_add(&tr, m, sb.len);
		ok(r == 0, "the mapped buffer is well formed (code %d)", r);
	}
	ok(xioctl(fd, LTT_IOC_PUT_SUBBUF, &sb) == 0, "PUT_SUBBUF");
	ok(xioctl(fd, LTT_IOC_PUT_SUBBUF, &sb) == -EINVAL, "PUT_SUBBUF twice: EINVAL");
	e = zc_drain(fd, info, cs, &z, &tr);
	ok(e == -ENODATA && tr.bad == 0,
	   "GET_SUBBUF to the end (ENODATA: %d), %u buffers, every one well formed (code %d)",
	   e, tr.nbuf, tr.bad);
	ok(getppid_count(&tr, a.pid, -1) == 5000, "all 5000 getppid of the child read through the mappings (%u)",
	   getppid_count(&tr, a.pid, -1));
	trace_free(&tr);
	/* The mappings outlive STOP, and their memory: START frees it. */
	bc.size = 128 << 10;
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0 && xioctl(fd, LTT_IOC_START, NULL) == 0,
	   "START with another geometry (the mapped memory is freed)");
	m = z.addr[sb.cpu];
	ok(m && ((const struct ltt_buffer_header *)((const char *)m + sb.offset))->magic == LTT_BUFFER_MAGIC,
	   "the old mapping still reads its pages (the buffer header as it was)");
	zc_unmap(&z);
	memset(cs, 0, info->ncpus * sizeof(*cs));
	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	a = spawn(NULL, getppid_5000);
	e = run_child(&a) == 0 && xioctl(fd, LTT_IOC_STOP, NULL) == 0 ?
		zc_drain(fd, info, cs, &z, &tr) : 0;
	ok(e == -ENODATA && tr.bad == 0 && getppid_count(&tr, a.pid, -1) == 5000,
	   "new geometry, new mappings: a trace read to the end, every getppid (%u, code %d)",
	   getppid_count(&tr, a.pid, -1), tr.bad);
	trace_free(&tr);
	/* A CPU's mapping kept while the CPU goes offline and back. */
	if (info->ncpus >= 2 && !access(CPU1_ONLINE, W_OK)) {
		uint64_t id1;

		memset(cs, 0, info->ncpus * sizeof(*cs));
		a = spawn(NULL, getppid_on_cpu1);
		ok(xioctl(fd, LTT_IOC_START, NULL) == 0 && run_child(&a) == 0 &&
		   cpu1_set(0) == 0, "START, 1000 getppid on CPU 1, CPU 1 offline");
		e = zc_drain(fd, info, cs, &z, &tr);
		id1 = z.id[1];
		ok(e == -EAGAIN && tr.bad == 0 && getppid_count(&tr, a.pid, 1) == 1000 && z.addr[1],
		   "CPU 1's buffers taken through its mapping: every getppid (%u)",
		   getppid_count(&tr, a.pid, 1));
		tracer_sys("buffer_cpus", sys_cpus, sizeof(sys_cpus));
		ok(!strcmp(sys_cpus, "0"), "... its memory freed though still mapped (%s)",
		   sys_cpus);
		m = z.addr[1];
		ok(((const struct ltt_buffer_header *)m)->magic == LTT_BUFFER_MAGIC,
		   "the mapping of the offline CPU still reads its pages");
		trace_free(&tr);
		a = spawn(NULL, getppid_on_cpu1);
		e = cpu1_set(1) == 0 && run_child(&a) == 0 &&
			xioctl(fd, LTT_IOC_STOP, NULL) == 0 ?
			zc_drain(fd, info, cs, &z, &tr) : 0;
		ok(e == -ENODATA && tr.bad == 0 &&
		   getppid_count(&tr, a.pid, 1) == 1000 && z.id[1] != id1,
		   "CPU 1 back: new memory (map_id %llu, was %llu), mapped again, every getppid (%u)",
		   (unsigned long long)z.id[1], (unsigned long long)id1, getppid_count(&tr, a.pid, 1));
		trace_free(&tr);
	}
	fcntl(fd, F_SETFL, fl);
	zc_unmap(&z);
	bc = (struct ltt_buffer_config){ 1 << 20, 8 };
	ok(xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0, "zero copy: buffers restored");
	free(cs);
}

/* ---- custom events ---------------------------------------------------------- */

static int custom_create(int fd, const char *name, const char *format,
			 uint32_t kind, uint32_t *id)
{
	struct ltt_custom_type ct;
	int r;

	memset(&ct, 0, sizeof(ct));
	snprintf(ct.name, sizeof(ct.name), "%s", name);
	snprintf(ct.format, sizeof(ct.format), "%s", format);
	ct.kind = kind;
	r = xioctl(fd, LTT_IOC_CUSTOM_CREATE, &ct);
	if (id)
		*id = ct.type_id;
	return r;
}

static int custom_log(int fd, uint32_t id, const void *data, uint32_t size)
{
	struct ltt_custom_log lg = {
		.data = (uintptr_t)data, .type_id = id, .size = size,
	};

	return xioctl(fd, LTT_IOC_CUSTOM_LOG, &lg);
}

static void test_custom_errors(int fd, int fd2)
{
	struct ltt_custom_type ct;
	uint32_t id = 0, id2 = 0, x;
	char big[LTT_CUSTOM_MAX_SIZE + 1] = { 0 };
	int r;

	ok(custom_create(fd, "", "", LTT_CUSTOM_RAW, NULL) == -EINVAL, "custom: empty name: EINVAL");
	ok(custom_create(fd, "a b", "", LTT_CUSTOM_RAW, NULL) == -EINVAL, "custom: blank in name: EINVAL");
	ok(custom_create(fd, "a\001", "", LTT_CUSTOM_RAW, NULL) == -EINVAL, "custom: control char in name: EINVAL");
	ok(custom_create(fd, "ok", "", 3, NULL) == -EINVAL, "custom: kind 3: EINVAL");
	ok(custom_create(fd, "ok", "a:u32,b:q8", LTT_CUSTOM_FIELDS, NULL) == -EINVAL,
	   "custom: unknown field type: EINVAL");
	ok(custom_create(fd, "ok", "", LTT_CUSTOM_FIELDS, NULL) == -EINVAL,
	   "custom: empty field list: EINVAL");
	ok(custom_create(fd, "ok", "a:u32,", LTT_CUSTOM_FIELDS, NULL) == -EINVAL,
	   "custom: trailing comma: EINVAL");
	memset(&ct, 'n', sizeof(ct));
	ct.kind = LTT_CUSTOM_RAW;
	ok(xioctl(fd, LTT_IOC_CUSTOM_CREATE, &ct) == -EINVAL, "custom: name without NUL: EINVAL");
	memset(&ct, 0, sizeof(ct));
	strcpy(ct.name, "ok");
	memset(ct.format, 'f', sizeof(ct.format));
	ok(xioctl(fd, LTT_IOC_CUSTOM_CREATE, &ct) == -EINVAL, "custom: format without NUL: EINVAL");
	ok(xioctl(fd, LTT_IOC_CUSTOM_CREATE, NULL) == -EFAULT, "custom: CREATE bad pointer: EFAULT");

	r = custom_create(fd, "mt_err", "a:u32,b:x64,c:str", LTT_CUSTOM_FIELDS, &id);
	ok(r == 0 && id > 0, "custom: create (id %u)", id);
	ok(custom_create(fd2, "mt_err", "", LTT_CUSTOM_RAW, NULL) == -EEXIST,
	   "custom: same name from another file: EEXIST");
	ok(custom_log(fd, id + 100000, "x", 1) == -ENOENT, "custom: log unknown id: ENOENT");
	ok(custom_log(fd, id, big, sizeof(big)) == -EINVAL, "custom: log 1025 bytes: EINVAL");
	ok(custom_log(fd, id, (void *)8, 4) == -EFAULT, "custom: log bad data pointer: EFAULT");
	ok(xioctl(fd, LTT_IOC_CUSTOM_LOG, NULL) == -EFAULT, "custom: LOG bad pointer: EFAULT");
	ok(custom_log(fd, id, NULL, 0) == 0 && custom_log(fd, id, big, LTT_CUSTOM_MAX_SIZE) == 0,
	   "custom: log 0 and 1024 bytes");
	ok(custom_log(fd2, id, "x", 1) == -EPERM,
	   "custom: log another file's type: EPERM (a type belongs to its creator)");
	ok(xioctl(fd2, LTT_IOC_CUSTOM_DESTROY, &id) == -EPERM,
	   "custom: destroy another file's type: EPERM");
	x = id + 100000;
	ok(xioctl(fd, LTT_IOC_CUSTOM_DESTROY, &x) == -ENOENT, "custom: destroy unknown: ENOENT");
	ok(xioctl(fd, LTT_IOC_CUSTOM_DESTROY, NULL) == -EFAULT, "custom: DESTROY bad pointer: EFAULT");
	ok(xioctl(fd, LTT_IOC_CUSTOM_DESTROY, &id) == 0, "custom: destroy");
	ok(xioctl(fd, LTT_IOC_CUSTOM_DESTROY, &id) == -ENOENT, "custom: destroy twice: ENOENT");
	ok(custom_log(fd, id, "x", 1) == -ENOENT, "custom: log destroyed type: ENOENT");
	r = custom_create(fd, "mt_err", "", LTT_CUSTOM_STRING, &id2);
	ok(r == 0 && id2 > id, "custom: ids are not reused (%u after %u)", id2, id);
	xioctl(fd, LTT_IOC_CUSTOM_DESTROY, &id2);

	/*
	 * The limits on live types: 64 per file (the module's default
	 * custom_per_owner), LTT_CUSTOM_MAX_TYPES in all; types going away
	 * with their file.
	 */
	{
		int fds[LTT_CUSTOM_MAX_TYPES / 64], k, n, total = 0, quota = 0;

		for (k = 0; k < (int)(sizeof(fds) / sizeof(fds[0])); k++) {
			fds[k] = open("/dev/tracer", O_RDONLY);
			for (n = 0; n <= 64; n++) {
				char name[32];

				snprintf(name, sizeof(name), "mt_lim_%d_%d", k, n);
				r = custom_create(fds[k], name, "", LTT_CUSTOM_RAW, NULL);
				if (r)
					break;
			}
			total += n;
			/* the last file fills the table: ENOSPC comes first */
			quota += n == 64 && r == (k + 1 < (int)(sizeof(fds) / sizeof(fds[0])) ?
						  -EDQUOT : -ENOSPC);
		}
		ok(quota == k && total == LTT_CUSTOM_MAX_TYPES,
		   "custom: 64 live types per file, then EDQUOT; the file that fills the table of %d: ENOSPC (%d of %d files; %d types)",
		   LTT_CUSTOM_MAX_TYPES, quota, k, total);
		ok(custom_create(fd, "mt_more", "", LTT_CUSTOM_RAW, NULL) == -ENOSPC,
		   "custom: %d live types in all, then ENOSPC for any file", LTT_CUSTOM_MAX_TYPES);
		for (k = 0; k < (int)(sizeof(fds) / sizeof(fds[0])); k++)
			close(fds[k]);
	}
	ok(custom_create(fd, "mt_lim_0_0", "", LTT_CUSTOM_RAW, &id) == 0,
	   "custom: closing a file destroys its types");
	xioctl(fd, LTT_IOC_CUSTOM_DESTROY, &id);
}

struct mt_ev {
	uint32_t seq;
	uint64_t val;
} __attribute__((packed));

/* One instance of the "mt_fields" type as found in the trace. */
struct mt_seen {
	uint64_t t;
	size_t at;		/* index in the trace, to keep the sort stable */
	int good;		/* size and val agree with seq */
	uint32_t seq;
	unsigned int cpu;
};

static int mt_seen_cmp(const void *x, const void *y)
{
	const struct mt_seen *a = x, *b = y;

	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

static void test_custom_trace(int fd, int fd2, const struct ltt_info *info)
{
	static const char fmt[] = "seq:u32,val:x64";
	unsigned char big[LTT_CUSTOM_MAX_SIZE];
	uint32_t a = 0, b = 0, c = 0, next = 0;
	uint64_t t_last_b = 0, t_destroy_b = 0;
	int create_a = 0, create_b = 0, n_a = 0, n_b = 0, bad = 0, destroy_b = 0;
	int create_c = 0;
	static struct mt_seen seen[1000];
	cpu_set_t mask;
	int moves = 0;
	struct trace tr;
	int fd3;

	for (unsigned int i = 0; i < sizeof(big); i++)
		big[i] = i * 7;
	ok(custom_create(fd2, "mt_fields", fmt, LTT_CUSTOM_FIELDS, &a) == 0,
	   "custom: create before START");
	fd3 = open("/dev/tracer", O_RDONLY);
	ok(custom_create(fd3, "mt_gone", "", LTT_CUSTOM_RAW, &c) == 0,
	   "custom: another type, of a file closed before START");
	close(fd3);
	ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START (custom)");
	sched_getaffinity(0, sizeof(mask), &mask);
	for (uint32_t i = 0; i < 1000; i++) {
		struct mt_ev ev = { i, (uint64_t)i * 3 };

		/* Half on CPU 0, half on the last CPU: a forced migration. */
		if ((i == 0 || i == 500) && info->ncpus > 1) {
			cpu_set_t one;

			CPU_ZERO(&one);
			CPU_SET(i ? info->ncpus - 1 : 0, &one);
			sched_setaffinity(0, sizeof(one), &one);
		}

		if (custom_log(fd2, a, &ev, sizeof(ev)))
			bad++;
	}
	sched_setaffinity(0, sizeof(mask), &mask);
	ok(bad == 0, "custom: 1000 instances logged");
	ok(custom_create(fd2, "mt_big", "", LTT_CUSTOM_RAW, &b) == 0,
	   "custom: create while tracing");
	for (int i = 0; i < 10; i++)
		custom_log(fd2, b, big, sizeof(big));
	ok(xioctl(fd2, LTT_IOC_CUSTOM_DESTROY, &b) == 0, "custom: destroy while tracing");
	ok(xioctl(fd, LTT_IOC_STOP, NULL) == 0, "STOP (custom)");
	drain(fd, info, 0, &tr);
	bad = 0;
	for (size_t i = 0; i < tr.n; i++) {
		struct rec *rc = &tr.r[i];
		const unsigned char *p = PL(&tr, rc);

		if (rc->id == LTT_EV_CUSTOM_CREATE) {
			const struct ltt_ev_custom_create *cc = (const void *)p;
			const char *name = (const char *)(cc + 1);
			const char *format = name + strlen(name) + 1;

			if (cc->type_id == a && !strcmp(name, "mt_fields") &&
			    !strcmp(format, fmt) && cc->kind == LTT_CUSTOM_FIELDS)
				create_a++;
			if (cc->type_id == b && !strcmp(name, "mt_big") &&
			    !strcmp(format, "") && cc->kind == LTT_CUSTOM_RAW)
				create_b++;
			if (cc->type_id == c)
				create_c++;
		} else if (rc->id == LTT_EV_CUSTOM) {
			const struct ltt_ev_custom *ce = (const void *)p;

			if (ce->type_id == a && n_a < 1000) {
				struct mt_ev ev;

				memcpy(&ev, ce + 1, sizeof(ev));
				seen[n_a].t = rc->t;
				seen[n_a].at = i;
				seen[n_a].seq = ev.seq;
				seen[n_a].cpu = rc->cpu;
				seen[n_a].good = ce->size == sizeof(ev) &&
						 ev.val == (uint64_t)ev.seq * 3;
				n_a++;
			} else if (ce->type_id == a) {
				n_a++;
			} else if (ce->type_id == b) {
				if (ce->size != sizeof(big) ||
				    memcmp(ce + 1, big, sizeof(big)))
					bad++;
				n_b++;
				t_last_b = rc->t;
			}
		} else if (rc->id == LTT_EV_CUSTOM_DESTROY) {
			const struct ltt_ev_custom_destroy *cd = (const void *)p;

			if (cd->type_id == b) {
				destroy_b++;
				t_destroy_b = rc->t;
			}
		}
	}
	ok(tr.bad == 0 && create_a == 1 && create_c == 0,
	   "custom: START declares the live types (and not those of a closed file)");
	/*
	 * Buffers are read CPU by CPU: if the logger migrated, its instances
	 * are split between two CPUs' streams.  Merged by time (as a reader
	 * does), they must come out in the order they were logged.
	 */
	qsort(seen, n_a < 1000 ? n_a : 1000, sizeof(*seen), mt_seen_cmp);
	for (int i = 0; i < n_a && i < 1000; i++) {
		if (!seen[i].good || seen[i].seq != next)
			bad++;
		if (i && seen[i].cpu != seen[i - 1].cpu)
			moves++;
		next++;
	}
	ok(n_a == 1000 && bad == 0 && moves == (info->ncpus > 1),
	   "custom: 1000 instances with their payload, in time order across %d migration(s) (%d, %d bad)",
	   moves, n_a, bad);
	ok(create_b == 1 && n_b == 10 && destroy_b == 1 && t_destroy_b >= t_last_b,
	   "custom: create, 10 instances of 1024 bytes, destroy after them");
	trace_free(&tr);
	close(fd2);
	ok(custom_create(fd, "mt_fields", "", LTT_CUSTOM_RAW, &a) == 0,
	   "custom: the creating file's close destroyed its types");
	xioctl(fd, LTT_IOC_CUSTOM_DESTROY, &a);
}

static void fuzz(int fd, int n)
{
	static const unsigned long cmds[] = {
		LTT_IOC_START, LTT_IOC_STOP, LTT_IOC_SET_BUFFERS,
		LTT_IOC_SET_EVENT_MASK, LTT_IOC_GET_EVENT_MASK,
		LTT_IOC_GET_LOST, LTT_IOC_GET_INFO,
		LTT_IOC_SET_DETAILS_MASK, LTT_IOC_GET_DETAILS_MASK,
		LTT_IOC_SET_FILTER, LTT_IOC_GET_FILTER,
		LTT_IOC_SET_SYSCALL_IP, LTT_IOC_SET_OPTIONS,
		LTT_IOC_CUSTOM_CREATE, LTT_IOC_CUSTOM_DESTROY,
		LTT_IOC_CUSTOM_LOG, LTT_IOC_GET_SUBBUF, LTT_IOC_PUT_SUBBUF,
	};
	const int ncmds = sizeof(cmds) / sizeof(cmds[0]);
	struct ltt_lost_info *li = calloc(1, sizeof(*li));
	unsigned char *page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE |
				   MAP_ANONYMOUS, -1, 0);
	unsigned char *big = malloc(1 << 20);
	int i;

	/* Never block (GET_SUBBUF waits for a buffer otherwise). */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	srandom(getpid());
	for (i = 0; i < n; i++) {
		unsigned long cmd, arg;

		switch (random() % 4) {
		case 0:
			cmd = random() | ((unsigned long)random() << 31);
			break;
		case 1:
			cmd = _IOC(random() % 4, LTT_IOC_MAGIC, random() % 16,
				   random() % 16384);
			break;
		default:
			cmd = cmds[random() % ncmds];
		}
		switch (random() % 6) {
		case 0:
			arg = random();
			break;
		case 1:
			arg = 0;
			break;
		case 2:
			arg = (unsigned long)page;	/* read-only */
			break;
		case 3: {
			struct ltt_buffer_config *bc = (void *)li;

			bc->size = random() % 3 ? 4096 * (1 + random() % 64) :
				(uint32_t)random();
			bc->count = random() % 3 ? 2 + random() % 8 :
				(uint32_t)random();
			arg = (unsigned long)li;
			break;
		}
		case 4:
			li->cpu = random() % 3 ? random() % 8 : (uint32_t)random();
			arg = (unsigned long)li;
			break;
		default:
			for (int j = 0; j < 64; j++)
				big[j] = random();
			arg = (unsigned long)big;
		}
		ioctl(fd, cmd, arg);
		if (random() % 8 == 0) {
			int fl = fcntl(fd, F_GETFL);

			fcntl(fd, F_SETFL, fl | O_NONBLOCK);
			(void)!read(fd, big, 1 << 20);
			fcntl(fd, F_SETFL, fl);
		}
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	ioctl(fd, LTT_IOC_STOP, 0);
	while (read(fd, big, 1 << 20) > 0)
		;
	ok(1, "fuzz: %d random ioctls survived", n);
	free(li);
	free(big);
}

/* Open, START, generate events for @seconds, then close (no STOP). */
static int hold(double seconds)
{
	int fd = open("/dev/tracer", O_RDONLY);

	if (fd < 0 || ioctl(fd, LTT_IOC_START) < 0) {
		perror("hold");
		return 1;
	}
	busy_child(seconds);
	close(fd);
	return 0;
}

/*
 * Trace an idle system for @seconds (> 4.3 s): buffers of idle CPUs must
 * be split by time, and every record must still be in time order.
 */
static int idle(int seconds)
{
	int fd = open("/dev/tracer", O_RDONLY);
	struct ltt_info info = { 0 };
	struct cpu_state *cs;
	uint64_t by_id[256] = { 0 };
	unsigned char *buf;
	ssize_t n;
	int bad = 0, nb = 0;

	if (fd < 0 || xioctl(fd, LTT_IOC_GET_INFO, &info) ||
	    ioctl(fd, LTT_IOC_START) < 0) {
		perror("idle");
		return 1;
	}
	cs = calloc(info.ncpus, sizeof(*cs));
	buf = malloc(info.buffer_size);
	sleep(seconds);
	ioctl(fd, LTT_IOC_STOP);
	while ((n = read(fd, buf, info.buffer_size)) > 0) {
		int r;

		nb++;
		r = check_buffer(buf, n, info.buffer_size, cs, info.ncpus, by_id);
		if (r && !bad)
			bad = r;
	}
	ok(n == 0 && bad == 0, "idle %d s: %d buffers valid (code %d), %lu flushed, %lu time-split",
	   seconds, nb, bad, nflushed, nsplit);
	printf("1..%d\n", ntest);
	return nfail;
}

int main(int argc, char **argv)
{
	struct ltt_info info = { 0 };
	double seconds = 2;
	int nfuzz = 1000, fd, fd2;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help")) {
			printf("usage: ltt-modtest [--fuzz N] [--seconds S] | --hold S | --idle S\n");
			return 0;
		} else if (!strcmp(argv[i], "--fuzz") && i + 1 < argc) {
			nfuzz = atoi(argv[++i]);
		} else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
			seconds = atof(argv[++i]);
		} else if (!strcmp(argv[i], "--hold") && i + 1 < argc) {
			return hold(atof(argv[++i]));
		} else if (!strcmp(argv[i], "--idle") && i + 1 < argc) {
			return idle(atoi(argv[++i]));
		}
	}
	fd = open("/dev/tracer", O_RDONLY);
	ok(fd >= 0, "open /dev/tracer");
	if (fd < 0)
		return 1;
	fd2 = open("/dev/tracer", O_RDONLY);
	ok(fd2 >= 0, "second open succeeds (several openers, one owner)");
	{
		char b[64];

		ok(read(fd, b, sizeof(b)) < 0 && errno == EINVAL,
		   "read short before start: EINVAL");
	}
	test_ioctl_errors(fd);
	if (fd2 < 0 || xioctl(fd, LTT_IOC_GET_INFO, &info) != 0) {
		printf("1..%d\n", ntest);
		return 1;
	}
	test_mask(fd);
	test_release(&info);
	test_ownership(fd, fd2);
	test_trace(fd, &info, seconds);
	test_change_mask(fd, fd2, &info);
	test_details(fd, &info);
	test_filter(fd, &info);
	test_syscall_ip(fd, &info);
	test_options(fd, &info);
	test_flush(fd, &info);
	test_hotplug(fd, &info);
	test_zerocopy(fd, &info);
	test_small_buffers(fd);
	test_triggers(fd, fd2);
	test_custom_errors(fd, fd2);
	test_custom_trace(fd, fd2, &info);	/* closes fd2 */
	fuzz(fd, nfuzz);
	{
		/*
		 * The event mask and the buffer geometry outlive the session:
		 * put back what the module loaded with, so that the next run
		 * (or the next test in this boot) starts from the defaults.
		 */
		struct ltt_buffer_config bc = { info.buffer_size, info.buffer_count };

		ok(set_mask_all(fd) == 0 && xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) == 0,
		   "after the fuzz: default mask and %ux%u buffers restored",
		   info.buffer_size, info.buffer_count);
	}
	close(fd);
	fd = open("/dev/tracer", O_RDONLY);
	ok(fd >= 0, "reopen after close");
	if (fd >= 0) {
		ok(xioctl(fd, LTT_IOC_START, NULL) == 0, "START then close");
		busy_child(0.2);
		close(fd);	/* release stops and frees */
	}
	if (fork() == 0) {
		if (setuid(65534) == 0) {
			int f = open("/dev/tracer", O_RDONLY);

			_exit(f < 0 && (errno == EPERM || errno == EACCES) ? 0 : 1);
		}
		_exit(2);
	}
	{
		int st = 0;

		wait(&st);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		   "unprivileged open refused");
	}
	/*
	 * A descriptor opened by root and handed to an unprivileged process
	 * (here: kept across setuid): every ioctl that changes the tracer
	 * is refused, the ones that only read are not.
	 */
	fd = open("/dev/tracer", O_RDONLY);
	if (fd >= 0 && fork() == 0) {
		struct ltt_event_mask mm;
		struct ltt_buffer_config bc = { 65536, 4 };
		struct ltt_info in;
		int bad = 0;

		memset(&mm, 0xff, sizeof(mm));
		if (setuid(65534))
			_exit(2);
		bad |= xioctl(fd, LTT_IOC_START, NULL) != -EPERM;
		bad |= xioctl(fd, LTT_IOC_STOP, NULL) != -EPERM;
		bad |= xioctl(fd, LTT_IOC_SET_EVENT_MASK, &mm) != -EPERM;
		bad |= xioctl(fd, LTT_IOC_SET_DETAILS_MASK, &mm) != -EPERM;
		bad |= xioctl(fd, LTT_IOC_SET_BUFFERS, &bc) != -EPERM;
		bad |= (xioctl(fd, LTT_IOC_GET_INFO, &in) != 0) << 1;
		bad |= (xioctl(fd, LTT_IOC_GET_EVENT_MASK, &mm) != 0) << 1;
		_exit(bad ? 10 + bad : 0);
	}
	if (fd >= 0) {
		int st = 0;

		wait(&st);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		   "a root descriptor kept by an unprivileged process: START, STOP, SET_* refused (EPERM), GET_* allowed (exit %d)",
		   WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		close(fd);
	}
	printf("1..%d\n", ntest);
	return nfail ? 1 : 0;
}
