/* SPDX-License-Identifier: GPL-2.0 */
/* tracedir.h - the trace directory: checks, creation, file names */
#ifndef TRACED_TRACEDIR_H
#define TRACED_TRACEDIR_H

#include <stddef.h>

/*
 * Before anything is done: refuses (message, -1) a path that exists and
 * is not a directory, or a non-empty directory unless force.  0 if fine.
 */
int tracedir_check(const char *dir, int force);

/* Creates dir and missing parents (mode 0755).  0 or -1 (message). */
int tracedir_create(const char *dir);

/* buf = dir + "/" + name; -1 (message) if too long. */
int tracedir_path(char *buf, size_t len, const char *dir, const char *name);

/* Creates (truncates) dir/name for writing; returns fd or -1 (message). */
int tracedir_open(const char *path);

#endif
