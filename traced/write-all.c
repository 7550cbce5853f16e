// SPDX-License-Identifier: GPL-2.0
/* write-all.c - one loop that writes every byte or says why not */
#include "write-all.h"

#include <errno.h>
#include <unistd.h>

int write_all(int fd, const void *p, size_t len, off_t off, uint64_t *done)
{
	const char *c = p;

	while (len) {
		ssize_t r = off >= 0 ? pwrite(fd, c, len, off) : write(fd, c, len);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		if (r == 0)
			return EIO;
		c += r;
		len -= (size_t)r;
		if (off >= 0)
			off += r;
		if (done)
			*done += (uint64_t)r;
	}
	return 0;
}
