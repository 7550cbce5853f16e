/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/files.h - the files some tasks opened: the fs_open events of
 * a set of tasks (the threads of a process, or every task), grouped by
 * file name, with how often each was opened.  The events are the ones the
 * filter "type == fs_open && (pid == A || pid == B ...)" matches; only
 * the buffers whose event types (the view's search index) include fs_open
 * are read, each once.
 */
#ifndef LTTR_VIEW_FILES_H
#define LTTR_VIEW_FILES_H

#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/view/view.h>

/**
 * struct lttr_file_use - one file name
 * @name: the name as given to open (NUL-terminated; "" for records
 *	without details)
 * @opens: fs_open events with that name
 * @failed: those whose result was an error (fd < 0)
 * @first_ns: time of the first
 * @last_ns: time of the last
 * @last_fd: the result of the last: its fd, or -errno
 * @last_flags: its O_* flags
 * @last_mode: its mode
 * @last_pid: the task that opened it last
 */
struct lttr_file_use {
	char *name;
	uint64_t opens;
	uint64_t failed;
	uint64_t first_ns;
	uint64_t last_ns;
	int32_t last_fd;
	uint32_t last_flags;
	uint32_t last_mode;
	uint32_t last_pid;
};

/**
 * struct lttr_files - result of lttr_view_files()
 * @n: entries of @v
 * @v: the files, sorted by name (byte order)
 * @opens: fs_open events in all (the sum of @v[].opens)
 */
struct lttr_files {
	size_t n;
	struct lttr_file_use *v;
	uint64_t opens;
};

/**
 * lttr_view_files() - the files a set of tasks opened
 * @v: the view
 * @pids: the tasks (in any order), or NULL for every task
 * @npids: entries of @pids
 * @progress: called after each buffer with the share of the buffers done
 *	(0..1000); non-zero cancels (may be NULL)
 * @arg: its argument
 * @out: receives the files (free with lttr_view_files_free())
 * @err: receives the error (LTTR_E_CANCELED when @progress asked)
 *
 * Return: 0 or a negative enum lttr_errcode (@out is then empty).
 */
int lttr_view_files(struct lttr_view *v, const uint32_t *pids, size_t npids,
		    lttr_view_progress_fn progress, void *arg,
		    struct lttr_files *out, struct lttr_error *err);

/**
 * lttr_view_files_free() - release what lttr_view_files() returned
 * @f: the result (emptied)
 */
void lttr_view_files_free(struct lttr_files *f);

#endif /* LTTR_VIEW_FILES_H */
