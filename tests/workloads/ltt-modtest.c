// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-modtest - exercise /dev/tracer in the guest (TAP output).
 *
 * Usage: ltt-modtest [--help] [--fuzz N] [--seconds S]
 *
 * Checks the ioctl ABI (errors included), starts a trace while a child
 * generates system calls, reads every buffer until end of file and
 * validates the format: buffer magic, per-CPU seq order, record sizes,
 * time order, TRACE_START first on each CPU.  Then throws N random
 * ioctls with random arguments at the device (default 1000).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <ltt/ltt-abi.h>

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

static void busy_child(double seconds)
{
	struct timespec t0, t;
	char path[] = "/bin/true";

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		pid_t p;

		for (int i = 0; i < 200; i++)
			getppid();
		p = fork();
		if (p == 0) {
			execl(path, "true", (char *)NULL);
			_exit(0);
		}
		if (p > 0)
			waitpid(p, NULL, 0);
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

static int check_buffer(const unsigned char *b, size_t n, uint32_t size,
			struct cpu_state *cs, unsigned int ncpus,
			uint64_t *by_id)
{
	const struct ltt_buffer_header *h = (const void *)b;
	struct cpu_state *c;
	size_t off;
	int first;

	if (n < sizeof(*h) || h->magic != LTT_BUFFER_MAGIC)
		return -1;
	if (h->cpu >= ncpus || n != sizeof(*h) + h->data_size || n > size)
		return -2;
	c = &cs[h->cpu];
	if (h->flags & LTT_BUF_FLUSHED)
		nflushed++;
	if (h->flags & LTT_BUF_TIME_SPLIT)
		nsplit++;
	if (h->seq != c->next_seq)
		return -3;
	first = h->seq == 0;
	c->next_seq++;
	c->lost += h->lost;
	if (h->start_ns < c->last_ns)
		return -4;
	for (off = sizeof(*h); off < n;) {
		const struct ltt_record_header *r = (const void *)(b + off);
		uint64_t t;

		if (off + sizeof(*r) > n || r->size < sizeof(*r) ||
		    r->size % LTT_REC_ALIGN || off + r->size > n)
			return -5;
		t = h->start_ns + r->delta;
		if (t < c->last_ns)
			return -6;
		if (first && off == sizeof(*h) && r->id != LTT_EV_TRACE_START)
			return -7;
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

static void fuzz(int fd, int n)
{
	static const unsigned long cmds[] = {
		LTT_IOC_START, LTT_IOC_STOP, LTT_IOC_SET_BUFFERS,
		LTT_IOC_SET_EVENT_MASK, LTT_IOC_GET_EVENT_MASK,
		LTT_IOC_GET_LOST, LTT_IOC_GET_INFO,
	};
	struct ltt_lost_info *li = calloc(1, sizeof(*li));
	unsigned char *page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE |
				   MAP_ANONYMOUS, -1, 0);
	unsigned char *big = malloc(1 << 20);
	int i;

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
			cmd = cmds[random() % 7];
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
	ok(fd2 < 0 && errno == EBUSY, "second open: EBUSY");
	{
		char b[64];

		ok(read(fd, b, sizeof(b)) < 0 && errno == EINVAL,
		   "read short before start: EINVAL");
	}
	test_ioctl_errors(fd);
	if (xioctl(fd, LTT_IOC_GET_INFO, &info) == 0)
		test_trace(fd, &info, seconds);
	test_small_buffers(fd);
	fuzz(fd, nfuzz);
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
	printf("1..%d\n", ntest);
	return nfail ? 1 : 0;
}
