/* SPDX-License-Identifier: GPL-2.0 */
/*
 * device-sys.h - the system calls on the tracer device.  device.c builds
 * its checks and messages on these; the tests link test/fake-device.c in
 * their place to run the whole daemon against a simulated tracer.
 */
#ifndef TRACED_DEVICE_SYS_H
#define TRACED_DEVICE_SYS_H

#include <stddef.h>
#include <sys/types.h>
#include <linux/types.h>

/* open(2) for reading, non-blocking, close-on-exec: fd, or -1 and errno. */
int devsys_open(const char *path);

/* ioctl(2), restarted on EINTR: 0, or -1 and errno. */
int devsys_ioctl(int fd, unsigned long req, void *arg);

/* read(2), restarted on EINTR: bytes, or -1 and errno. */
ssize_t devsys_read(int fd, void *buf, size_t len);

/* mmap(2) read-only and shared: the address, or MAP_FAILED and errno. */
void *devsys_mmap(int fd, size_t len, __u64 offset);

void devsys_munmap(void *addr, size_t len);

void devsys_close(int fd);

#endif
