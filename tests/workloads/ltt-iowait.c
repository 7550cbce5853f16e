// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-iowait FILE READS - I/O wait: READS reads of 4096 bytes from FILE
 * (a disk, e.g. /dev/vda) at offsets 1 MiB apart, after the file's pages
 * were dropped from the page cache (posix_fadvise DONTNEED, and RANDOM so
 * that no read ahead brings the next one in): each read misses the cache
 * and waits for the disk.  Then one write of 4096 bytes at offset 0 (the
 * data read there, written back unchanged) and an fsync() that waits for
 * it to reach the disk.  Prints, one "key value" per line: pid, reads.
 * Exits 0 when every call succeeded, 1 otherwise, 2 on a usage error.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static char buf[4096];
	int fd, i, n;

	if (argc != 3 || (n = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: ltt-iowait FILE READS\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		perror("ltt-iowait: open");
		return 1;
	}
	if (fdatasync(fd) || posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) ||
	    posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM)) {
		perror("ltt-iowait: posix_fadvise");
		return 1;
	}
	for (i = 0; i < n; i++)
		if (pread(fd, buf, sizeof(buf), (off_t)i << 20) != sizeof(buf)) {
			perror("ltt-iowait: pread");
			return 1;
		}
	if (pread(fd, buf, sizeof(buf), 0) != sizeof(buf) ||
	    pwrite(fd, buf, sizeof(buf), 0) != sizeof(buf) || fsync(fd)) {
		perror("ltt-iowait: write and fsync");
		return 1;
	}
	printf("pid %d\nreads %d\n", getpid(), n);
	return 0;
}
