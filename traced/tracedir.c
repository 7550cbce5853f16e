// SPDX-License-Identifier: GPL-2.0
/* tracedir.c - the trace directory: checks, creation, file names */
#include "tracedir.h"
#include "msg.h"

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

	if (stat(dir, &st) < 0) {
		if (errno == ENOENT)
			return 0;
		msg_err("cannot use %s: %s", dir, strerror(errno));
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

int tracedir_create(const char *dir)
{
	char path[PATH_MAX];
	size_t len = strlen(dir), i;

	if (len == 0 || len >= sizeof(path)) {
		msg_err("bad output directory name");
		return -1;
	}
	memcpy(path, dir, len + 1);
	for (i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		if (path[i - 1] == '/')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			msg_err("cannot create directory %s: %s", path,
				strerror(errno));
			return -1;
		}
		path[i] = dir[i];
	}
	return 0;
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

int tracedir_open(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		msg_err("cannot create %s: %s", path, strerror(errno));
	return fd;
}
