/* SPDX-License-Identifier: GPL-2.0 */
/* tracedir.h - the trace directory: checks, creation, file names */
#ifndef TRACED_TRACEDIR_H
#define TRACED_TRACEDIR_H

#include <stddef.h>

/*
 * Who may read a trace: by default its owner alone (directory 0700,
 * files 0600); with a group, that group too (0750, 0640).  A trace holds
 * kernel addresses, physical page numbers, every path opened on the
 * system and packet bytes: it is never world-readable.
 */
struct tracedir_perm {
	int group_set;
	unsigned int group;
};

/*
 * Before anything is done: refuses (message, -1) a path that exists and
 * is not a directory (a symbolic link included), or a non-empty directory
 * unless force.  0 if fine.
 */
int tracedir_check(const char *dir, int force);

/*
 * Creates dir (mode 0700 or 0750) and missing parents (0755, as mkdir -p),
 * or takes the existing directory, which must not be a symbolic link, and
 * sets its mode and group.  Returns a descriptor of it (the files are
 * created through it: a path component swapped for a link later changes
 * nothing), or -1 (message).
 */
int tracedir_create(const char *dir, const struct tracedir_perm *perm);

/* buf = dir + "/" + name; -1 (message) if too long. */
int tracedir_path(char *buf, size_t len, const char *dir, const char *name);

/*
 * Creates file @name in the directory @dirfd for writing, mode 0600 (0640
 * and the group with a group): a new file (O_EXCL), never through a
 * symbolic link; with @force an old entry of that name is removed first
 * (a link is removed, not followed).  @path names it in messages.
 * Returns the descriptor or -1 (message).
 */
int tracedir_open(int dirfd, const char *name, const char *path, int force,
		  const struct tracedir_perm *perm);

/*
 * A file of @size zero bytes without a name in @dirfd (O_TMPFILE), with
 * the mode and group of tracedir_open(): the room of a file written at
 * the end (the lost counts), taken at the start so that a disk that
 * fills during the trace still has it.  -1 when the file system cannot
 * (no O_TMPFILE; the file is then created at the end).
 */
int tracedir_reserve(int dirfd, size_t size, const struct tracedir_perm *perm);

/*
 * Writes @len bytes of @data at the start of the reserved file @fd, syncs
 * it and gives it the name @name in @dirfd (@path in messages; with
 * @force an old entry is replaced).  Closes @fd.  0, -1 (message), or 1
 * when it could not be named (no /proc to link it from): the caller
 * creates the file instead.
 */
int tracedir_commit(int fd, int dirfd, const char *name, const char *path,
		    int force, const void *data, size_t len);

#endif
