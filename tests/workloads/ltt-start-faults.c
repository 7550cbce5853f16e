// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-start-faults - every allocation START makes, failed in turn (TAP
 * output).  Usage: ltt-start-faults [MAX]
 *
 * For n = 1, 2, ... (at most MAX, default 200): open /dev/tracer, set a
 * buffer geometry (so that START allocates the buffers), ask the kernel
 * to fail the n-th allocation of this thread from now on
 * (/proc/thread-self/fail-nth: failslab and fail_page_alloc, which the
 * test configures in debugfs to count every allocation), START.  START
 * must succeed (the failure hit an allocation with a fallback) or fail
 * with ENOMEM, and a START without injected failures must then work and
 * record a trace.  The loop ends when START made fewer than n
 * allocations (fail-nth still pending after it).
 *
 * Then every page allocation of START fails once a budget of pages is
 * spent (fail_page_alloc's space, probability 100, task-filter with
 * /proc/thread-self/make-it-fail around START), for budgets 0 to 32.
 * A CPU's buffers (4 x 64 KiB) are vmalloc()ed: its bulk allocator asks
 * for the 64 pages with one check of 1 page, and page tables may cost a
 * page more; so with budget 0 the first CPU's buffers fail, with some
 * budgets the first CPU's succeed and a later CPU's fail (START must free
 * the first CPU's: kmemleak checks), and with 32 START works.  Each START
 * must work or give ENOMEM, and the next START must work.
 *
 * Needs CONFIG_FAULT_INJECTION, CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC
 * and CONFIG_FAULT_INJECTION_DEBUG_FS (the debug kernel); kmemleak then
 * checks that nothing leaked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <ltt/ltt-abi.h>

/*
 * /proc/thread-self/fail-nth, opened once: its reads and writes allocate
 * nothing, so the count runs from the write to START's allocations
 */
static int nth_fd = -1;

static int set_fail_nth(int n)
{
	char s[16];
	int len = snprintf(s, sizeof(s), "%d", n);

	return pwrite(nth_fd, s, len, 0) == len ? 0 : -1;
}

static int get_fail_nth(void)
{
	char s[16] = "";
	ssize_t r = pread(nth_fd, s, sizeof(s) - 1, 0);

	return r > 0 ? atoi(s) : -1;
}

/* write @val to /sys/kernel/debug/fail_page_alloc/@attr; 0 or -1 */
static int fpa_set(const char *attr, const char *val)
{
	char path[128];
	int fd, r;

	snprintf(path, sizeof(path), "/sys/kernel/debug/fail_page_alloc/%s", attr);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	r = write(fd, val, strlen(val)) == (ssize_t)strlen(val) ? 0 : -1;
	close(fd);
	return r;
}

/* a START without injected failures, a short trace read to its end */
static int clean_trace(int fd, size_t size)
{
	char *buf = malloc(size);
	ssize_t r;
	int n = 0;

	if (!buf || ioctl(fd, LTT_IOC_START))
		return -1;
	for (int i = 0; i < 2000; i++)
		getppid();
	if (ioctl(fd, LTT_IOC_STOP))
		return -1;
	while ((r = read(fd, buf, size)) > 0)
		n++;
	free(buf);
	return r == 0 && n > 0 ? n : -1;
}

int main(int argc, char **argv)
{
	struct ltt_buffer_config bc = { 65536, 4 };
	int max = argc > 1 ? atoi(argv[1]) : 200;
	int n, failed = 0, passed = 0, other = 0, unclean = 0, left = 0;

	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (nth_fd < 0 || get_fail_nth() < 0) {
		printf("1..0 # SKIP no /proc/thread-self/fail-nth (CONFIG_FAULT_INJECTION)\n");
		return 0;
	}
	for (n = 1; n <= max; n++) {
		int fd = open("/dev/tracer", O_RDONLY), r, e;

		if (fd < 0 || ioctl(fd, LTT_IOC_SET_BUFFERS, &bc)) {
			perror("ltt-start-faults: /dev/tracer");
			return 2;
		}
		if (set_fail_nth(n)) {
			perror("ltt-start-faults: fail-nth");
			return 2;
		}
		r = ioctl(fd, LTT_IOC_START);
		e = errno;
		left = get_fail_nth();
		set_fail_nth(0);
		if (r == 0) {
			passed++;
			ioctl(fd, LTT_IOC_STOP);
		} else if (e == ENOMEM) {
			failed++;
		} else {
			other++;
			printf("# allocation %d failed: START gave %s\n", n, strerror(e));
		}
		/* the next START works, on this file and its buffers */
		if (clean_trace(fd, bc.size) < 0) {
			unclean++;
			printf("# allocation %d failed: the next START and trace did not work\n", n);
		}
		close(fd);
		if (left > 0)
			break;
	}
	printf("# %d allocations failed in turn: START gave ENOMEM %d times, succeeded %d times\n",
	       n - 1, failed, passed);
	printf("%s 1 - START made at most %d allocations (the last fail-nth was not reached: %d left)\n",
	       n <= max && left > 0 ? "ok" : "not ok", n - 1, left);
	printf("%s 2 - each failed allocation gave ENOMEM or a START that works (%d other errors)\n",
	       other == 0 ? "ok" : "not ok", other);
	printf("%s 3 - after each, START and a trace work (%d did not)\n",
	       unclean == 0 ? "ok" : "not ok", unclean);

	/* every page allocation failing once a budget is spent */
	{
		int mif = open("/proc/thread-self/make-it-fail", O_WRONLY);
		int enomem = 0, works = 0, setup, first = -1, last = -1, odd = 0;
		int nbudgets = 33;
		int k;

		setup = mif >= 0 && !fpa_set("probability", "100") &&
			!fpa_set("interval", "1") && !fpa_set("times", "-1") &&
			!fpa_set("task-filter", "Y");
		for (k = 0; setup && k < nbudgets; k++) {
			int fd = open("/dev/tracer", O_RDONLY), r, e;
			char budget[16];

			snprintf(budget, sizeof(budget), "%d", k);
			if (fd < 0 || ioctl(fd, LTT_IOC_SET_BUFFERS, &bc) ||
			    fpa_set("space", budget)) {
				setup = 0;
				break;
			}
			if (pwrite(mif, "1", 1, 0) != 1) {
				setup = 0;
				break;
			}
			r = ioctl(fd, LTT_IOC_START);
			e = errno;
			if (pwrite(mif, "0", 1, 0) != 1)
				setup = 0;
			printf("# page budget %d: START %s\n", k, r ? strerror(e) : "works");
			enomem += r && e == ENOMEM;
			odd += r && e != ENOMEM;
			if (r && first < 0)
				first = k;
			if (!r) {
				last = k;
				ioctl(fd, LTT_IOC_STOP);
			}
			works += clean_trace(fd, bc.size) > 0;
			close(fd);
		}
		fpa_set("probability", "0");
		fpa_set("task-filter", "N");
		printf("%s 4 - every page allocation failing after a budget of 0 to 32 pages: START gives ENOMEM (%d times, the first at budget %d) or works (the last at budget %d), nothing else (%d)\n",
		       setup && first == 0 && last == nbudgets - 1 && !odd ?
		       "ok" : "not ok", enomem, first, last, odd);
		printf("%s 5 - ... and the next START and a trace work (%d of %d)\n",
		       setup && works == nbudgets ? "ok" : "not ok", works, nbudgets);
		other += !setup || first != 0 || last != nbudgets - 1 || odd ||
			 works != nbudgets;
	}
	printf("1..5\n");
	return other || unclean || !(n <= max && left > 0);
}
