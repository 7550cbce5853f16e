// SPDX-License-Identifier: GPL-2.0
/* device-sys.c - the system calls on the tracer device */
#include "device-sys.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

int devsys_open(const char *path)
{
	return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
}

int devsys_ioctl(int fd, unsigned long req, void *arg)
{
	int r;

	do
		r = ioctl(fd, req, arg);
	while (r < 0 && errno == EINTR);
	return r < 0 ? -1 : 0;
}

ssize_t devsys_read(int fd, void *buf, size_t len)
{
	ssize_t r;

	do
		r = read(fd, buf, len);
	while (r < 0 && errno == EINTR);
	return r;
}

void *devsys_mmap(int fd, size_t len, __u64 offset)
{
	return mmap(NULL, len, PROT_READ, MAP_SHARED, fd, (off_t)offset);
}

void devsys_munmap(void *addr, size_t len)
{
	munmap(addr, len);
}

void devsys_close(int fd)
{
	close(fd);
}
