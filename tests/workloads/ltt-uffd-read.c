// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-uffd-read - a reader of /dev/tracer whose buffer faults slowly
 * must not hold up the control paths (TAP output).
 *
 * A trace is recorded and stopped, so that buffers are ready.  A thread
 * then read()s one into memory registered with userfaultfd: the copy to
 * user space faults and waits for this program to resolve the fault.
 * While it waits, another thread calls poll() on the device, GET_INFO,
 * SET_OPTIONS (flight recorder), START and STOP (a flight recorder's
 * STOP and START take the module's read lock).  They must all return
 * while the reader is still blocked: the module copies a buffer out of
 * its ring before the user copy and holds no lock that they need across
 * it.  The faults are then resolved (zero pages) and the read must
 * return the whole buffer it took.
 *
 * A control path that does not return within 20 s of a blocked reader
 * counts as blocked (the module's lock is held across the copy): it is
 * reported, then the faults are resolved so that everything unwinds.
 * Needs CONFIG_USERFAULTFD (the debug kernel).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <ltt/ltt-abi.h>

#define BUF_SIZE	65536
#define CONTROL_WAIT_S	20

static int ntest, nfail;
static int dev;
static void *region;
static ssize_t read_ret;
static int read_errno;
static volatile int control_done;
static int control_steps;
static const char *control_failed;

static void ok(int cond, const char *what)
{
	ntest++;
	nfail += !cond;
	printf("%s %d - %s\n", cond ? "ok" : "not ok", ntest, what);
	fflush(stdout);
}

static void *reader(void *arg)
{
	(void)arg;
	read_ret = read(dev, region, BUF_SIZE);
	read_errno = errno;
	return NULL;
}

/* poll, GET_INFO, SET_OPTIONS, START, STOP: none may wait for the reader */
static void *control(void *arg)
{
	struct pollfd p = { .fd = dev, .events = POLLIN };
	struct ltt_options o = { .flags = LTT_OPT_FLIGHT };
	struct ltt_info info;

	(void)arg;
	control_failed = "poll";
	if (poll(&p, 1, 0) < 0)
		goto out;
	control_steps++;
	control_failed = "GET_INFO";
	if (ioctl(dev, LTT_IOC_GET_INFO, &info))
		goto out;
	control_steps++;
	control_failed = "SET_OPTIONS";
	if (ioctl(dev, LTT_IOC_SET_OPTIONS, &o))
		goto out;
	control_steps++;
	control_failed = "START";
	if (ioctl(dev, LTT_IOC_START))
		goto out;
	control_steps++;
	for (int i = 0; i < 1000; i++)
		getppid();
	control_failed = "STOP";
	if (ioctl(dev, LTT_IOC_STOP))
		goto out;
	control_steps++;
	control_failed = NULL;
out:
	__atomic_store_n(&control_done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* resolve every pending fault of @uffd with zero pages; 1 if one was */
static int resolve(int uffd, int timeout_ms)
{
	struct pollfd p = { .fd = uffd, .events = POLLIN };
	struct uffd_msg msg;
	long page = sysconf(_SC_PAGESIZE);

	if (poll(&p, 1, timeout_ms) <= 0)
		return 0;
	if (read(uffd, &msg, sizeof(msg)) != sizeof(msg) ||
	    msg.event != UFFD_EVENT_PAGEFAULT)
		return 0;
	{
		struct uffdio_zeropage z = {
			.range = {
				.start = msg.arg.pagefault.address & ~(page - 1),
				.len = page,
			},
		};

		ioctl(uffd, UFFDIO_ZEROPAGE, &z);
	}
	return 1;
}

int main(void)
{
	struct ltt_buffer_config bc = { BUF_SIZE, 4 };
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg;
	struct ltt_options plain = { 0 };
	pthread_t rt, ct;
	struct timespec t0, t;
	unsigned char *drain;
	int uffd, waited, n;

	dev = open("/dev/tracer", O_RDONLY);
	if (dev < 0 || ioctl(dev, LTT_IOC_SET_BUFFERS, &bc) ||
	    ioctl(dev, LTT_IOC_START)) {
		perror("ltt-uffd-read: /dev/tracer");
		return 2;
	}
	for (int i = 0; i < 20000; i++)
		getppid();
	if (ioctl(dev, LTT_IOC_STOP)) {
		perror("ltt-uffd-read: STOP");
		return 2;
	}
	uffd = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	region = mmap(NULL, BUF_SIZE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	reg.range.start = (uintptr_t)region;
	reg.range.len = BUF_SIZE;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	if (uffd < 0 || region == MAP_FAILED || ioctl(uffd, UFFDIO_API, &api) ||
	    ioctl(uffd, UFFDIO_REGISTER, &reg)) {
		perror("ltt-uffd-read: userfaultfd");
		return 2;
	}
	pthread_create(&rt, NULL, reader, NULL);
	/* the reader's copy to user space faults: it is blocked in read() */
	{
		struct pollfd p = { .fd = uffd, .events = POLLIN };

		ok(poll(&p, 1, 10000) == 1, "the reader's copy to user space faults and waits");
	}
	pthread_create(&ct, NULL, control, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		usleep(10000);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (!__atomic_load_n(&control_done, __ATOMIC_ACQUIRE) &&
		 t.tv_sec - t0.tv_sec < CONTROL_WAIT_S);
	waited = !__atomic_load_n(&control_done, __ATOMIC_ACQUIRE);
	printf("# control path: %d of 5 steps done%s%s\n", control_steps,
	       waited ? ", blocked in " : "", waited ? control_failed : "");
	ok(!waited && !control_failed,
	   "poll, GET_INFO, SET_OPTIONS, START, STOP of a flight trace return while the reader's copy waits");
	/* let the reader finish: every page it touches gets a zero page */
	n = 0;
	while (pthread_tryjoin_np(rt, NULL) == EBUSY)
		n += resolve(uffd, 100);
	pthread_join(ct, NULL);
	ok(read_ret > 0 && (size_t)read_ret <= BUF_SIZE &&
	   ((struct ltt_buffer_header *)region)->magic == LTT_BUFFER_MAGIC,
	   "the reader gets the whole buffer it took once its faults are resolved");
	printf("# read returned %zd (%s) after %d faults\n", read_ret,
	       read_ret < 0 ? strerror(read_errno) : "ok", n);
	/* the flight trace the control thread recorded reads to the end */
	drain = malloc(BUF_SIZE);
	n = 0;
	while ((read_ret = read(dev, drain, BUF_SIZE)) > 0)
		n++;
	ok(read_ret == 0 && n > 0, "the flight trace recorded meanwhile reads to its end");
	ok(ioctl(dev, LTT_IOC_SET_OPTIONS, &plain) == 0, "options back to the defaults");
	close(dev);
	printf("1..%d\n", ntest);
	return nfail ? 1 : 0;
}
