// SPDX-License-Identifier: GPL-2.0
/*
 * blockreason.c - classification of blocking system calls by name.
 */
#include <string.h>
#include <lttr/model/blockreason.h>
#include <lttr/reader/syscalls.h>

static const struct {
	const char *name;
	int reason;
} table[] = {
	{ "read", LTTR_BLOCK_IO }, { "write", LTTR_BLOCK_IO },
	{ "readv", LTTR_BLOCK_IO }, { "writev", LTTR_BLOCK_IO },
	{ "pread64", LTTR_BLOCK_IO }, { "pwrite64", LTTR_BLOCK_IO },
	{ "preadv", LTTR_BLOCK_IO }, { "pwritev", LTTR_BLOCK_IO },
	{ "preadv2", LTTR_BLOCK_IO }, { "pwritev2", LTTR_BLOCK_IO },
	{ "poll", LTTR_BLOCK_IO }, { "ppoll", LTTR_BLOCK_IO },
	{ "select", LTTR_BLOCK_IO }, { "pselect6", LTTR_BLOCK_IO },
	{ "epoll_wait", LTTR_BLOCK_IO }, { "epoll_pwait", LTTR_BLOCK_IO },
	{ "epoll_pwait2", LTTR_BLOCK_IO },
	{ "recvfrom", LTTR_BLOCK_IO }, { "recvmsg", LTTR_BLOCK_IO },
	{ "recvmmsg", LTTR_BLOCK_IO }, { "sendto", LTTR_BLOCK_IO },
	{ "sendmsg", LTTR_BLOCK_IO }, { "sendmmsg", LTTR_BLOCK_IO },
	{ "accept", LTTR_BLOCK_IO }, { "accept4", LTTR_BLOCK_IO },
	{ "connect", LTTR_BLOCK_IO }, { "sendfile", LTTR_BLOCK_IO },
	{ "splice", LTTR_BLOCK_IO }, { "tee", LTTR_BLOCK_IO },
	{ "fsync", LTTR_BLOCK_IO }, { "fdatasync", LTTR_BLOCK_IO },
	{ "sync", LTTR_BLOCK_IO }, { "syncfs", LTTR_BLOCK_IO },
	{ "sync_file_range", LTTR_BLOCK_IO }, { "io_getevents", LTTR_BLOCK_IO },
	{ "io_pgetevents", LTTR_BLOCK_IO }, { "io_uring_enter", LTTR_BLOCK_IO },
	{ "open", LTTR_BLOCK_IO }, { "openat", LTTR_BLOCK_IO },
	{ "openat2", LTTR_BLOCK_IO }, { "flock", LTTR_BLOCK_IO },
	/* the file system's metadata: a path looked up, an inode or a
	 * directory read or written, which wait for the disk (a newfstatat
	 * waiting on the virtio disk's interrupt was "other": issue 36) */
	{ "stat", LTTR_BLOCK_IO }, { "fstat", LTTR_BLOCK_IO },
	{ "lstat", LTTR_BLOCK_IO }, { "newfstatat", LTTR_BLOCK_IO },
	{ "statx", LTTR_BLOCK_IO }, { "statfs", LTTR_BLOCK_IO },
	{ "fstatfs", LTTR_BLOCK_IO }, { "getdents", LTTR_BLOCK_IO },
	{ "getdents64", LTTR_BLOCK_IO }, { "access", LTTR_BLOCK_IO },
	{ "faccessat", LTTR_BLOCK_IO }, { "faccessat2", LTTR_BLOCK_IO },
	{ "readlink", LTTR_BLOCK_IO }, { "readlinkat", LTTR_BLOCK_IO },
	{ "creat", LTTR_BLOCK_IO }, { "mkdir", LTTR_BLOCK_IO },
	{ "mkdirat", LTTR_BLOCK_IO }, { "rmdir", LTTR_BLOCK_IO },
	{ "unlink", LTTR_BLOCK_IO }, { "unlinkat", LTTR_BLOCK_IO },
	{ "rename", LTTR_BLOCK_IO }, { "renameat", LTTR_BLOCK_IO },
	{ "renameat2", LTTR_BLOCK_IO }, { "link", LTTR_BLOCK_IO },
	{ "linkat", LTTR_BLOCK_IO }, { "symlink", LTTR_BLOCK_IO },
	{ "symlinkat", LTTR_BLOCK_IO }, { "truncate", LTTR_BLOCK_IO },
	{ "ftruncate", LTTR_BLOCK_IO }, { "fallocate", LTTR_BLOCK_IO },
	{ "chdir", LTTR_BLOCK_IO }, { "readahead", LTTR_BLOCK_IO },
	{ "nanosleep", LTTR_BLOCK_SLEEP }, { "clock_nanosleep", LTTR_BLOCK_SLEEP },
	{ "pause", LTTR_BLOCK_SLEEP }, { "rt_sigsuspend", LTTR_BLOCK_SLEEP },
	{ "rt_sigtimedwait", LTTR_BLOCK_SLEEP },
	{ "futex", LTTR_BLOCK_FUTEX }, { "futex_waitv", LTTR_BLOCK_FUTEX },
	{ "wait4", LTTR_BLOCK_CHILD }, { "waitid", LTTR_BLOCK_CHILD },
};

int lttr_block_of_syscall(unsigned int nr)
{
	const char *name = lttr_syscall_name(nr);
	size_t i;

	if (!name)
		return LTTR_BLOCK_OTHER;
	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!strcmp(table[i].name, name))
			return table[i].reason;
	return LTTR_BLOCK_OTHER;
}

const char *lttr_block_name(unsigned int reason)
{
	static const char *const n[LTTR_BLOCK_COUNT] = {
		"io", "sleep", "futex", "child", "fault", "other", "unknown",
	};

	return reason < LTTR_BLOCK_COUNT ? n[reason] : "?";
}
