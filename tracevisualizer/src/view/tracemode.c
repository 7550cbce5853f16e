// SPDX-License-Identifier: GPL-2.0
/*
 * tracemode.c - the mode and owner of a trace for the files written
 * beside it (lttr/view/tracemode.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/view/tracemode.h>

int lttr_file_mode_like_trace(const char *dir, int fd)
{
	static const char *const model[] = { "events", "header", "." };
	struct stat st, me;
	char path[4096];
	mode_t mode;
	size_t i;

	for (i = 0; i < sizeof(model) / sizeof(model[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, model[i]);
		if (stat(path, &st) == 0)
			break;
	}
	if (i == sizeof(model) / sizeof(model[0]))
		return -errno;
	mode = st.st_mode & 0666;
	if (fstat(fd, &me) < 0)
		return -errno;
	/* the trace's owner and group, as far as this user may give them */
	if ((me.st_uid != st.st_uid || me.st_gid != st.st_gid) &&
	    fchown(fd, st.st_uid, st.st_gid) < 0 &&
	    fchown(fd, (uid_t)-1, st.st_gid) < 0)
		mode &= 0600;	/* not its group: no one else */
	if (fchmod(fd, mode) < 0)
		return -errno;
	return 0;
}
