// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-blkio - known block requests on a raw disk, for tests/guest/24-swap-io.t
 * (block_rq_issue, block_rq_complete and the disk vital sign).
 *
 * Usage: ltt-blkio [--go FILE] DEVICE
 *        ltt-blkio [--go FILE] --burst N DEVICE
 *
 * Opens DEVICE with O_DIRECT and, one at a time (each call waits for its
 * request), writes four regions of known offsets and sizes with a
 * pattern, fsync()s the device (a flush when its write cache is on), then
 * reads the four regions back in reverse order and checks the pattern.
 * Each pwrite/pread of at most 128 KiB on page-aligned memory is one
 * request of the block layer.  Prints, one a line:
 *   pid PID
 *   dev MAJOR MINOR
 *   write OFFSET BYTES | fsync | read OFFSET BYTES   (in the order done)
 * Exit status 0 when every call did all its bytes and the data read back
 * is the data written, 1 otherwise.
 *
 * --burst N: a disk-I/O burst (the transient problem of the vital signs'
 * test): N O_DIRECT reads of 4 KiB from DEVICE's first N pages, one
 * request each, all from one call site (burst_read()).  Prints
 * "pid PID", "dev MAJOR MINOR", then "burst N" when all were read;
 * exit status 0 when every read got its 4 KiB.
 *
 * --go FILE: once the device is open and "pid" and "dev" printed, print
 * "ready" and wait until FILE exists (polled every millisecond, at most
 * 60 s) before the first request: the test starts the I/O in an epoch of
 * the vital signs after the one the process and its tracer started in.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

static const struct {
	off_t offset;
	size_t bytes;
} regions[] = {
	{ 0, 4096 },
	{ 1 << 20, 16384 },
	{ (2 << 20) + 4096, 65536 },
	{ 4 << 20, 131072 },
};

#define NREGIONS (sizeof(regions) / sizeof(regions[0]))
#define MAXBYTES 131072

static void fill(unsigned char *p, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(seed * 131 + i * 7 + (i >> 9));
}

/* The burst's one call site: its label in the disk-io vital sign. */
static __attribute__((noinline)) int burst_read(int fd, unsigned char *buf,
						 long n)
{
	long i;

	for (i = 0; i < n; i++)
		if (pread(fd, buf, 4096, (off_t)i * 4096) != 4096) {
			perror("pread");
			return 1;
		}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char *buf, *want;
	struct stat st;
	long burst = -1;
	size_t i;
	int fd, bad = 0;
	char *end;
	const char *go = NULL;

	if (argc >= 3 && !strcmp(argv[1], "--go")) {
		go = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc == 4 && !strcmp(argv[1], "--burst")) {
		burst = strtol(argv[2], &end, 10);
		if (*end || burst < 1 || burst > 1000000) {
			fprintf(stderr, "ltt-blkio: --burst: not a count: %s\n",
				argv[2]);
			return 2;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: ltt-blkio [--go FILE] [--burst N] DEVICE\n");
		return 2;
	}
	fd = open(argv[1], burst > 0 ? O_RDONLY | O_DIRECT : O_RDWR | O_DIRECT);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISBLK(st.st_mode)) {
		perror(argv[1]);
		return 1;
	}
	if (posix_memalign((void **)&buf, 4096, MAXBYTES) ||
	    !(want = malloc(MAXBYTES))) {
		perror("posix_memalign");
		return 1;
	}
	printf("pid %d\ndev %u %u\n", (int)getpid(), major(st.st_rdev),
	       minor(st.st_rdev));
	fflush(stdout);
	if (go) {
		struct timespec ms = { 0, 1000000 };

		printf("ready\n");
		fflush(stdout);
		for (i = 0; i < 60000 && access(go, F_OK); i++)
			nanosleep(&ms, NULL);
		if (access(go, F_OK)) {
			fprintf(stderr, "ltt-blkio: no %s after 60 s\n", go);
			return 1;
		}
	}
	if (burst > 0) {
		bad = burst_read(fd, buf, burst);
		if (!bad)
			printf("burst %ld\n", burst);
		close(fd);
		free(buf);
		free(want);
		return bad;
	}
	for (i = 0; i < NREGIONS; i++) {
		fill(buf, regions[i].bytes, (unsigned int)i + 1);
		if (pwrite(fd, buf, regions[i].bytes, regions[i].offset) !=
		    (ssize_t)regions[i].bytes) {
			perror("pwrite");
			bad = 1;
		}
		printf("write %lld %zu\n", (long long)regions[i].offset,
		       regions[i].bytes);
	}
	if (fsync(fd) < 0) {
		perror("fsync");
		bad = 1;
	}
	printf("fsync\n");
	for (i = NREGIONS; i-- > 0;) {
		memset(buf, 0, regions[i].bytes);
		if (pread(fd, buf, regions[i].bytes, regions[i].offset) !=
		    (ssize_t)regions[i].bytes) {
			perror("pread");
			bad = 1;
		}
		fill(want, regions[i].bytes, (unsigned int)i + 1);
		if (memcmp(buf, want, regions[i].bytes)) {
			fprintf(stderr, "ltt-blkio: region %zu read back differs\n", i);
			bad = 1;
		}
		printf("read %lld %zu\n", (long long)regions[i].offset,
		       regions[i].bytes);
	}
	close(fd);
	free(buf);
	free(want);
	return bad;
}
