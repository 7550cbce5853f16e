// SPDX-License-Identifier: GPL-2.0
/* test-writer.c - the double-buffered writer */
#include "writer.h"
#include "write-all.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* byte i of the stream */
static unsigned char pattern(uint64_t i)
{
	return (unsigned char)((i * 131u) ^ (i >> 9));
}

/* Appends total bytes in chunks of varying size; 0 or -1. */
static int feed(struct writer *w, uint64_t total, uint64_t *fed)
{
	static unsigned char chunk[70000];
	uint64_t pos = 0;
	size_t step = 1;

	while (pos < total) {
		size_t n = step, i;

		if (n > total - pos)
			n = (size_t)(total - pos);
		for (i = 0; i < n; i++)
			chunk[i] = pattern(pos + i);
		if (writer_append(w, chunk, n) < 0)
			return -1;
		pos += n;
		*fed = pos;
		step = step * 7 % 69997 + 1;
	}
	return 0;
}

/* Checks that the file holds pattern(0..len-1); returns its length. */
static long check_file(const char *path, int *same)
{
	FILE *f = fopen(path, "r");
	long i = 0;
	int c;

	*same = f != NULL;
	if (!f)
		return -1;
	while ((c = getc(f)) != EOF) {
		if (c != pattern((uint64_t)i))
			*same = 0;
		i++;
	}
	fclose(f);
	return i;
}

int main(void)
{
	char path[] = "/tmp/traced-writer.XXXXXX";
	struct writer *w;
	struct rlimit rl;
	uint64_t fed = 0;
	long len;
	int fd, same, rc;

	/* data arrives complete and in order, through many buffer swaps */
	fd = mkstemp(path);
	w = writer_open(fd, path, 4096);
	ok(w != NULL, "writer_open");
	rc = feed(w, 3u << 20, &fed);
	ok(rc == 0 && writer_error(w) == 0, "3 MiB appended in odd chunks");
	ok(writer_close(w, NULL) == 0, "writer_close");
	len = check_file(path, &same);
	ok(len == 3L << 20 && same, "file holds all %ld bytes in order", len);

	/* a big write buffer that never fills: all written at close */
	fd = open(path, O_WRONLY | O_TRUNC);
	w = writer_open(fd, path, 4u << 20);
	rc = feed(w, 100000, &fed);
	ok(rc == 0 && writer_written(w) == 0, "nothing written before full");
	ok(writer_close(w, NULL) == 0, "writer_close flushes");
	len = check_file(path, &same);
	ok(len == 100000 && same, "partial buffer written at close");

	/* /dev/full: the error is reported, by append or by close */
	fd = open("/dev/full", O_WRONLY);
	if (fd >= 0) {
		w = writer_open(fd, "/dev/full", 4096);
		rc = feed(w, 1u << 20, &fed);
		ok(rc < 0, "append fails on /dev/full");
		ok(writer_error(w) == ENOSPC, "error is ENOSPC");
		ok(writer_append(w, "x", 1) < 0, "later appends fail too");
		ok(writer_close(w, NULL) < 0, "close reports the error");
	} else {
		skip_missing("no /dev/full");
	}

	/*
	 * A file size limit (EFBIG) midway: the error is returned, and what
	 * was handed over before it is in the file, intact.
	 */
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &rl);
	rl.rlim_cur = 1u << 20;
	setrlimit(RLIMIT_FSIZE, &rl);
	fd = open(path, O_WRONLY | O_TRUNC);
	w = writer_open(fd, path, 64 * 1024);
	rc = feed(w, 4u << 20, &fed);
	ok(rc < 0 && writer_error(w) == EFBIG,
	   "append fails with EFBIG after %llu bytes", (unsigned long long)fed);
	ok(writer_written(w) == 1u << 20, "written up to the limit");
	{
		/*
		 * What traced counts lost after a write error: every byte
		 * appended and not written is still in the write buffers.
		 */
		static unsigned char back[4u << 20];
		size_t n = fed > (1u << 20) ? (size_t)(fed - (1u << 20)) : 0, i;
		int good = n && writer_peek(w, 1u << 20, back, n) == n;

		for (i = 0; good && i < n; i++)
			good = back[i] == pattern((1u << 20) + i);
		ok(good, "the %zu bytes appended and not written are all in the write buffers (writer_peek)", n);
		ok(writer_peek(w, 0, back, 16) == 0,
		   "bytes written long ago are not (their buffer was refilled)");
		ok(writer_flush(w) < 0, "writer_flush reports the error");
	}
	{
		uint64_t written = 0;

		ok(writer_close(w, &written) < 0 && written == 1u << 20,
		   "close reports the error and the bytes written");
	}
	len = check_file(path, &same);
	ok(len == 1L << 20 && same, "the first %ld bytes are kept intact", len);
	ok(fed < (4u << 20), "the writer stopped taking data");
	rl.rlim_cur = RLIM_INFINITY;
	setrlimit(RLIMIT_FSIZE, &rl);

	/*
	 * The file removed under the writer (its trace directory deleted,
	 * or its file system unmounted): writes still succeed, into nothing;
	 * the writer stops at the first one after, as on a full disk.
	 */
	fd = open(path, O_WRONLY | O_TRUNC);
	w = writer_open(fd, path, 64 * 1024);
	rc = feed(w, 256 * 1024, &fed);
	ok(rc == 0 && writer_error(w) == 0, "256 KiB written while the file is there");
	unlink(path);
	rc = feed(w, 4u << 20, &fed);
	ok(rc < 0 && writer_error(w) == ENOENT,
	   "the file removed: the writer stops with ENOENT after %llu bytes",
	   (unsigned long long)fed);
	ok(writer_close(w, NULL) < 0, "close reports it");
	ok(fed < (4u << 20), "the writer stopped taking data");

	/*
	 * Still linked elsewhere, but its path names another file now (a
	 * file system detached with umount -l and the path falling back to
	 * what is under it): not the writer's file either.
	 */
	{
		char other[600];

		snprintf(other, sizeof(other), "%s.link", path);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		w = writer_open(fd, path, 64 * 1024);
		ok(link(path, other) == 0 && unlink(path) == 0 &&
		   close(open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) == 0,
		   "the writer's file linked elsewhere, another made at its path");
		rc = feed(w, 4u << 20, &fed);
		ok(rc < 0 && writer_error(w) == ENOENT,
		   "its path names another file: the writer stops with ENOENT");
		writer_close(w, NULL);
		unlink(other);
	}

	/* write_all(): at an offset, at the position, and on a full disk */
	{
		uint64_t n = 0;
		char back[8] = "";

		fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
		ok(write_all(fd, "abcdef", 6, -1, &n) == 0 && n == 6 &&
		   write_all(fd, "XY", 2, 2, &n) == 0 && n == 8 &&
		   write_all(fd, "gh", 2, -1, &n) == 0 && n == 10 &&
		   pread(fd, back, 8, 0) == 8 && !memcmp(back, "abXYefgh", 8),
		   "write_all: pwrite at an offset leaves the position, write appends; every byte counted");
		close(fd);
		fd = open("/dev/full", O_WRONLY);
		if (fd >= 0) {
			n = 0;
			ok(write_all(fd, "abc", 3, -1, &n) == ENOSPC && n == 0,
			   "write_all on /dev/full: ENOSPC, nothing counted");
			close(fd);
		} else {
			skip_missing("no /dev/full");
		}
	}

	unlink(path);
	return done_testing();
}
