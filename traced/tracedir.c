// SPDX-License-Identifier: GPL-2.0
/* tracedir.c - the trace directory: checks, creation, file names */
#include "tracedir.h"
#include "msg.h"
#include "write-all.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int tracedir_check(const char *dir, int force)
{
	struct stat st;
	struct dirent *de;
	DIR *d;
	int empty = 1;

	if (lstat(dir, &st) < 0) {
		if (errno == ENOENT)
			return 0;
		msg_err("cannot use %s: %s", dir, strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		msg_err("%s is a symbolic link: give the directory itself", dir);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		msg_err("%s exists and is not a directory", dir);
		return -1;
	}
	d = opendir(dir);
	if (!d) {
		msg_err("cannot read directory %s: %s", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			empty = 0;
			break;
		}
	}
	closedir(d);
	if (!empty && !force) {
		msg_err("%s is not empty (use -f to overwrite a trace there)",
			dir);
		return -1;
	}
	return 0;
}

/*
 * Gives @fd (@path in messages) @mode, whatever the umask, and the group
 * of @perm if any.  Returns @fd, or -1 (closed, message).
 */
static int set_mode(int fd, mode_t mode, const struct tracedir_perm *perm,
		    const char *path)
{
	if ((perm->group_set && fchown(fd, (uid_t)-1, (gid_t)perm->group) < 0) ||
	    fchmod(fd, mode) < 0) {
		msg_err("cannot set the owner and mode of %s: %s", path,
			strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int tracedir_create(const char *dir, const struct tracedir_perm *perm)
{
	char path[PATH_MAX];
	mode_t mode = perm->group_set ? 0750 : 0700;
	size_t len = strlen(dir), i;
	int fd;

	if (len == 0 || len >= sizeof(path)) {
		msg_err("bad output directory name");
		return -1;
	}
	memcpy(path, dir, len + 1);
	while (len > 1 && path[len - 1] == '/')
		path[--len] = '\0';
	/* the parents, as mkdir -p */
	for (i = 1; i < len; i++) {
		if (path[i] != '/' || path[i - 1] == '/')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			msg_err("cannot create directory %s: %s", path,
				strerror(errno));
			return -1;
		}
		path[i] = '/';
	}
	if (mkdir(path, mode) < 0 && errno != EEXIST) {
		msg_err("cannot create directory %s: %s", path, strerror(errno));
		return -1;
	}
	/* never through a link planted at the last component */
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		msg_err("cannot open directory %s: %s", path,
			errno == ELOOP ? "it is a symbolic link" : strerror(errno));
		return -1;
	}
	return set_mode(fd, mode, perm, path);
}

int tracedir_path(char *buf, size_t len, const char *dir, const char *name)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= len) {
		msg_err("output path too long: %s/%s", dir, name);
		return -1;
	}
	return 0;
}

int tracedir_open(int dirfd, const char *name, const char *path, int force,
		  const struct tracedir_perm *perm)
{
	mode_t mode = perm->group_set ? 0640 : 0600;
	int fd;

	if (force && unlinkat(dirfd, name, 0) < 0 && errno != ENOENT) {
		msg_err("cannot replace %s: %s", path, strerror(errno));
		return -1;
	}
	fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, mode);
	if (fd < 0) {
		msg_err("cannot create %s: %s", path,
			errno == EEXIST ? "it exists (a file or link put there "
			"while traced was starting?)" : strerror(errno));
		return -1;
	}
	return set_mode(fd, mode, perm, path);
}

int tracedir_reserve(int dirfd, size_t size, const struct tracedir_perm *perm)
{
	mode_t mode = perm->group_set ? 0640 : 0600;
	static const char zeros[4096];
	int fd = openat(dirfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, mode);

	if (fd < 0)
		return -1;	/* no O_TMPFILE there: the file is made at the end */
	if (fchmod(fd, mode) < 0 ||
	    (perm->group_set && fchown(fd, (uid_t)-1, (gid_t)perm->group) < 0)) {
		close(fd);
		return -1;
	}
	while (size) {
		size_t n = size < sizeof(zeros) ? size : sizeof(zeros);

		if (write_all(fd, zeros, n, -1, NULL)) {
			close(fd);
			return -1;
		}
		size -= n;
	}
	return fd;
}

int tracedir_commit(int fd, int dirfd, const char *name, const char *path,
		    int force, const void *data, size_t len)
{
	char proc[64];
	int err = write_all(fd, data, len, 0, NULL);

	if (err) {
		msg_err("write error on %s: %s", path, strerror(err));
		close(fd);
		return -1;
	}
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (fsync(fd) < 0 ||
	    (force && unlinkat(dirfd, name, 0) < 0 && errno != ENOENT)) {
		msg_err("cannot write %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (linkat(AT_FDCWD, proc, dirfd, name, AT_SYMLINK_FOLLOW) < 0) {
		close(fd);	/* no /proc? the caller makes the file */
		return 1;
	}
	if (close(fd) < 0) {
		msg_err("write error on %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
