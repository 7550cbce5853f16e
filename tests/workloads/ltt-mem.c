// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-mem PAGES - map PAGES anonymous pages, write to each (each write
 * faults in one new zeroed page), look up the page frame of each in
 * /proc/self/pagemap (root sees the frame numbers), then unmap them (the
 * pages go back to the allocator).  PAGES is kept well under the 512 pages
 * of a huge page.
 *
 * Prints "pid PID" then one "pfn HEX" line per page, in address order.
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

#define MAXPAGES	256
#define PM_PRESENT	(1ULL << 63)
#define PM_PFN_MASK	((1ULL << 55) - 1)

static int fail(const char *what)
{
	fprintf(stderr, "ltt-mem: %s: %s\n", what, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	static uint64_t pfn[MAXPAGES];
	long psz = sysconf(_SC_PAGESIZE), n, i;
	uint64_t e;
	char *p;
	int pm;

	if (argc != 2 || (n = atol(argv[1])) < 1 || n > MAXPAGES) {
		fprintf(stderr, "usage: ltt-mem PAGES (1..%d)\n", MAXPAGES);
		return 2;
	}
	pm = open("/proc/self/pagemap", O_RDONLY);
	if (pm < 0)
		return fail("/proc/self/pagemap");
	p = mmap(NULL, (size_t)(n * psz), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return fail("mmap");
	for (i = 0; i < n; i++)
		p[i * psz] = (char)i;
	for (i = 0; i < n; i++) {
		off_t off = (off_t)((uintptr_t)(p + i * psz) / (uintptr_t)psz * 8);

		if (pread(pm, &e, sizeof(e), off) != (ssize_t)sizeof(e))
			return fail("pread pagemap");
		if (!(e & PM_PRESENT) || !(e & PM_PFN_MASK)) {
			fprintf(stderr, "ltt-mem: page %ld not present or no pfn (0x%llx)\n",
				i, (unsigned long long)e);
			return 1;
		}
		pfn[i] = e & PM_PFN_MASK;
	}
	if (munmap(p, (size_t)(n * psz)))
		return fail("munmap");
	close(pm);
	printf("pid %d\n", (int)getpid());
	for (i = 0; i < n; i++)
		printf("pfn %llx\n", (unsigned long long)pfn[i]);
	return 0;
}
