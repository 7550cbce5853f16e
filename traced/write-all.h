/* SPDX-License-Identifier: GPL-2.0 */
/* write-all.h - one loop that writes every byte or says why not */
#ifndef TRACED_WRITE_ALL_H
#define TRACED_WRITE_ALL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Write @len bytes of @p to @fd: at offset @off with pwrite() when @off
 * is 0 or more, else at the file position with write().  EINTR is
 * retried; a write of 0 bytes is EIO.  Returns 0 or the errno of the
 * failure; *@done (if not NULL) is increased by every byte written, so a
 * caller can count what reached the file before a full disk.
 */
int write_all(int fd, const void *p, size_t len, off_t off, uint64_t *done);

#endif
