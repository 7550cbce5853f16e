// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-swap PAGES DEVICE READS - swap a known set of anonymous pages out
 * and back in, then read the raw swap device with O_DIRECT.
 *
 * Needs an active swap area (tests/guest/24-swap-io.t: swapon on a virtio
 * disk) and runs pinned to CPU 0: madvise(MADV_PAGEOUT) only drains the
 * calling CPU's per-CPU LRU batches, and a page still in another CPU's
 * batch would not be isolated (so not swapped out).
 *
 *  1. map PAGES anonymous pages and fill each with its own pattern;
 *  2. madvise(MADV_PAGEOUT): each page gets a swap entry and is written
 *     to swap (mem_swap_out), asynchronously; it stays in the swap cache;
 *  3. wait until /proc/vmstat nr_writeback is 0 (the writes are done);
 *  4. read each page: it is mapped again from the swap cache (same frame,
 *     no I/O; the entry stays allocated, the page stays clean);
 *  5. madvise(MADV_PAGEOUT) again: the clean swap cache pages are unmapped
 *     and freed without any write (no mem_swap_out);
 *  6. read each page: the swap cache misses, so the data is read back from
 *     the disk (mem_swap_in, by the fault or its swap readahead) and the
 *     faults wait for the reads (mem_page_wait_*, fs_buf_wait_*); the
 *     pattern of every page is checked;
 *  7. READS O_DIRECT preads of 4096 bytes from DEVICE (the first at offset
 *     0 must show the swap signature "SWAPSPACE2"): each waits for its bio
 *     in io_schedule() (fs_buf_wait_*).
 *
 * Output (hexadecimal numbers): "pid PID", "map ADDR LEN", "out I PFN TYPE
 * OFFSET" (the frame before step 2 and the swap entry after it, from
 * /proc/self/pagemap), "in I PFN" (the frame after step 6), "dio FD
 * READS".  Exits 1 (with a message) if any step does not do what it should.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "ltt-workload.h"

#define MAXPAGES	256
#define MAXREADS	64
#define PM_PRESENT	(1ULL << 63)
#define PM_SWAP		(1ULL << 62)
#define PM_PFN_MASK	((1ULL << 55) - 1)
#define PM_SWAP_TYPE(e)	((e) & 0x1f)
#define PM_SWAP_OFF(e)	(((e) & PM_PFN_MASK) >> 5)
#define DIO_SIZE	4096

static int pm = -1;
static long psz;

static int fail(const char *what)
{
	fprintf(stderr, "ltt-swap: %s: %s\n", what, strerror(errno));
	return 1;
}

static int pagemap(const char *p, long i, uint64_t *e)
{
	off_t off = (off_t)((uintptr_t)(p + i * psz) / (uintptr_t)psz * 8);

	if (pread(pm, e, sizeof(*e), off) != (ssize_t)sizeof(*e))
		return fail("pread /proc/self/pagemap");
	return 0;
}

/* Read every page and check its pattern (byte j of page i is i + j). */
static int touch(const char *p, long n)
{
	long i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < psz; j += 512)
			if (((const volatile char *)p)[i * psz + j] != (char)(i + j)) {
				fprintf(stderr, "ltt-swap: page %ld byte %ld is wrong\n", i, j);
				return 1;
			}
	return 0;
}

static long vmstat(const char *name)
{
	char key[64];
	long v;
	FILE *f = fopen("/proc/vmstat", "r");

	if (!f)
		return -1;
	while (fscanf(f, "%63s %ld", key, &v) == 2)
		if (!strcmp(key, name)) {
			fclose(f);
			return v;
		}
	fclose(f);
	return -1;
}

/* every page swapped out, on swap entry (type[i], off[i]) if set */
static int swapped(const char *p, long n, uint64_t *type, uint64_t *off, int set)
{
	uint64_t e;
	long i;

	for (i = 0; i < n; i++) {
		if (pagemap(p, i, &e))
			return 1;
		if ((e & PM_PRESENT) || !(e & PM_SWAP)) {
			fprintf(stderr, "ltt-swap: page %ld is not swapped out (0x%llx)\n",
				i, (unsigned long long)e);
			return 1;
		}
		if (set) {
			type[i] = PM_SWAP_TYPE(e);
			off[i] = PM_SWAP_OFF(e);
		} else if (type[i] != PM_SWAP_TYPE(e) || off[i] != PM_SWAP_OFF(e)) {
			fprintf(stderr, "ltt-swap: page %ld changed swap entry\n", i);
			return 1;
		}
	}
	return 0;
}

/* every page present; its frame is stored in pfn[] (or checked if !set) */
static int present(const char *p, long n, uint64_t *pfn, int set)
{
	uint64_t e;
	long i;

	for (i = 0; i < n; i++) {
		if (pagemap(p, i, &e))
			return 1;
		if (!(e & PM_PRESENT) || !(e & PM_PFN_MASK)) {
			fprintf(stderr, "ltt-swap: page %ld not present or no pfn (0x%llx)\n",
				i, (unsigned long long)e);
			return 1;
		}
		if (set) {
			pfn[i] = e & PM_PFN_MASK;
		} else if (pfn[i] != (e & PM_PFN_MASK)) {
			fprintf(stderr, "ltt-swap: page %ld is not its swap cache page\n", i);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static uint64_t pfn[MAXPAGES], type[MAXPAGES], off[MAXPAGES], pfn2[MAXPAGES];
	long n, reads, i, j, waited;
	char *p, *buf;
	int fd;

	if (argc != 4 || (n = atol(argv[1])) < 1 || n > MAXPAGES ||
	    (reads = atol(argv[3])) < 1 || reads > MAXREADS) {
		fprintf(stderr, "usage: ltt-swap PAGES DEVICE READS (PAGES 1..%d, READS 1..%d)\n",
			MAXPAGES, MAXREADS);
		return 2;
	}
	psz = sysconf(_SC_PAGESIZE);
	if (ltt_pin_cpu("ltt-swap", "0"))
		return 1;
	pm = open("/proc/self/pagemap", O_RDONLY);
	if (pm < 0)
		return fail("/proc/self/pagemap");

	/* 1 */
	p = mmap(NULL, (size_t)(n * psz), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return fail("mmap");
	for (i = 0; i < n; i++)
		for (j = 0; j < psz; j++)
			p[i * psz + j] = (char)(i + j);
	if (present(p, n, pfn, 1))
		return 1;
	/* 2 */
	if (madvise(p, (size_t)(n * psz), MADV_PAGEOUT))
		return fail("madvise(MADV_PAGEOUT)");
	if (swapped(p, n, type, off, 1))
		return 1;
	/* 3 */
	for (waited = 0; vmstat("nr_writeback") != 0; waited++) {
		if (waited == 6000) {
			fprintf(stderr, "ltt-swap: swap writes not done after 60 s\n");
			return 1;
		}
		usleep(10000);
	}
	/* 4 */
	if (touch(p, n) || present(p, n, pfn, 0))
		return 1;
	/* 5 */
	if (madvise(p, (size_t)(n * psz), MADV_PAGEOUT))
		return fail("madvise(MADV_PAGEOUT) again");
	if (swapped(p, n, type, off, 0))
		return 1;
	/* 6 */
	if (touch(p, n) || present(p, n, pfn2, 1))
		return 1;

	/* 7 */
	fd = open(argv[2], O_RDONLY | O_DIRECT);
	if (fd < 0)
		return fail(argv[2]);
	if (posix_memalign((void **)&buf, DIO_SIZE, DIO_SIZE))
		return fail("posix_memalign");
	for (i = 0; i < reads; i++) {
		ssize_t r = pread(fd, buf, DIO_SIZE, (off_t)i * 1024 * 1024);

		if (r != DIO_SIZE) {
			fprintf(stderr, "ltt-swap: pread %ld of %s returned %zd: %s\n",
				i, argv[2], r, r < 0 ? strerror(errno) : "short");
			return 1;
		}
		if (i == 0 && memcmp(buf + DIO_SIZE - 10, "SWAPSPACE2", 10)) {
			fprintf(stderr, "ltt-swap: %s has no swap signature\n", argv[2]);
			return 1;
		}
	}
	close(fd);
	close(pm);

	printf("pid %x\nmap %lx %lx\n", (unsigned int)getpid(), (unsigned long)p,
	       (unsigned long)(n * psz));
	for (i = 0; i < n; i++)
		printf("out %lx %llx %llx %llx\n", i, (unsigned long long)pfn[i],
		       (unsigned long long)type[i], (unsigned long long)off[i]);
	for (i = 0; i < n; i++)
		printf("in %lx %llx\n", i, (unsigned long long)pfn2[i]);
	printf("dio %x %lx\n", fd, reads);
	free(buf);
	return munmap(p, (size_t)(n * psz)) ? fail("munmap") : 0;
}
