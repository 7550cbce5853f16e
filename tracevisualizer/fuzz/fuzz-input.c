// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-input.c - a fuzzer input to and from a trace directory (the layout
 * is in fuzz-input.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fuzz-input.h"

const char *const fz_file_name[FZ_NFILES] = { "header", "lost", "proc", "kallsyms", "modules",
					      "maps", "events" };

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		(uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

void fz_unpack(const uint8_t *data, size_t size, struct fz_input *in)
{
	size_t pos = FZ_PREFIX < size ? FZ_PREFIX : size;
	int k;

	memset(in, 0, sizeof(*in));
	in->flags = size ? data[0] : 0;
	for (k = 0; k < FZ_EVENTS; k++) {
		size_t want = 1 + 4 * (size_t)k + 4 <= size ? get_le32(data + 1 + 4 * k) : 0;

		in->file[k] = data + pos;
		in->len[k] = want < size - pos ? want : size - pos;
		pos += in->len[k];
	}
	in->file[FZ_EVENTS] = data + pos;
	in->len[FZ_EVENTS] = size - pos;
}

/* a symbol file: absent when it has no bytes */
static int symbol_file(int k)
{
	return k == FZ_KALLSYMS || k == FZ_MODULES || k == FZ_MAPS;
}

static int write_file(const char *path, const uint8_t *b, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	size_t done = 0;

	if (fd < 0)
		return -1;
	while (done < len) {
		ssize_t w = write(fd, b + done, len - done);

		if (w <= 0) {
			int e = w < 0 ? errno : EIO;

			close(fd);
			errno = e;
			return -1;
		}
		done += (size_t)w;
	}
	return close(fd);
}

int fz_write_dir(const struct fz_input *in, const char *dir)
{
	char path[4096];
	int k;

	for (k = 0; k < FZ_NFILES; k++) {
		int omit = (k == FZ_LOST && (in->flags & FZ_NO_LOST)) ||
			(k == FZ_PROC && (in->flags & FZ_NO_PROC)) ||
			(symbol_file(k) && !in->len[k]);

		snprintf(path, sizeof(path), "%s/%s", dir, fz_file_name[k]);
		if (omit) {
			if (unlink(path) < 0 && errno != ENOENT)
				return -1;
		} else if (write_file(path, in->file[k], in->len[k]) < 0) {
			return -1;
		}
	}
	return 0;
}

/* the whole file @path, malloc'ed; NULL with errno ENOENT when missing */
static uint8_t *read_file(const char *path, size_t *len)
{
	struct stat st;
	uint8_t *b = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*len = 0;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && (b = malloc((size_t)st.st_size + 1)) &&
	    read(fd, b, (size_t)st.st_size) == st.st_size) {
		*len = (size_t)st.st_size;
	} else {
		free(b);
		b = NULL;
		errno = EIO;
	}
	close(fd);
	return b;
}

int fz_pack_dir(const char *dir, unsigned int flags, uint8_t **out, size_t *size)
{
	uint8_t *f[FZ_NFILES] = { NULL }, *b;
	size_t len[FZ_NFILES], total = FZ_PREFIX, pos = FZ_PREFIX;
	char path[4096];
	int k, ret = -1;

	for (k = 0; k < FZ_NFILES; k++) {
		len[k] = 0;
		if ((k == FZ_LOST && (flags & FZ_NO_LOST)) ||
		    (k == FZ_PROC && (flags & FZ_NO_PROC)))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, fz_file_name[k]);
		f[k] = read_file(path, &len[k]);
		if (!f[k]) {
			if (errno != ENOENT || k == FZ_HEADER || k == FZ_EVENTS)
				goto out;
			if (k == FZ_LOST)
				flags |= FZ_NO_LOST;
			else if (k == FZ_PROC)
				flags |= FZ_NO_PROC;
		}
		total += len[k];
	}
	b = malloc(total);
	if (!b)
		goto out;
	b[0] = (uint8_t)flags;
	for (k = 0; k < FZ_NFILES; k++) {
		if (k < FZ_EVENTS)
			put_le32(b + 1 + 4 * k, (uint32_t)len[k]);
		if (len[k])
			memcpy(b + pos, f[k], len[k]);
		pos += len[k];
	}
	*out = b;
	*size = total;
	ret = 0;
out:
	for (k = 0; k < FZ_NFILES; k++)
		free(f[k]);
	return ret;
}
