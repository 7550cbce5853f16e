/* SPDX-License-Identifier: GPL-2.0 */
/* procdir.h - the numeric entries of a /proc directory (pids, tids, fds) */
#ifndef TRACED_PROCDIR_H
#define TRACED_PROCDIR_H

#include <stddef.h>

/*
 * The entries of directory @path whose names are decimal numbers up to
 * INT_MAX, sorted, in a malloc'ed *@out (NULL when there are none) of *@n;
 * an entry that no memory is left for ends the list early.  -1 (errno
 * set by opendir) when the directory cannot be opened, else 0.
 */
int procdir_numbers(const char *path, int **out, size_t *n);

#endif
