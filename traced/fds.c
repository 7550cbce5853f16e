// SPDX-License-Identifier: GPL-2.0
/*
 * fds.c - the file descriptors open at START, for the /proc snapshot:
 * the file each names (PROC_ROOT/PID/fd) and whether it is closed on
 * exec (PROC_ROOT/PID/fdinfo).  The reader starts each process's table
 * of descriptors from them, so a descriptor opened before the trace (a
 * shell's redirection, the terminal) has a name.
 */
#include "fds.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Linux's O_CLOEXEC (asm-generic, x86), as fdinfo shows it */
#define LINUX_O_CLOEXEC	02000000UL

int fds_parse_flags(const char *text, unsigned long *flags)
{
	const char *p = strstr(text, "flags:");
	char *end;

	if (!p || (p != text && p[-1] != '\n'))
		return -1;
	p += 6;
	while (*p == '\t' || *p == ' ')
		p++;
	if (*p < '0' || *p > '7')
		return -1;
	*flags = strtoul(p, &end, 8);
	return *end == '\n' || *end == '\0' ? 0 : -1;
}

int fds_write_one(FILE *out, const char *proc_root, int tgid, int fd)
{
	char path[PATH_MAX], target[PATH_MAX], info[1024];
	unsigned long flags;
	ssize_t len;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%d/fd/%d", proc_root, tgid, fd);
	len = readlink(path, target, sizeof(target) - 1);
	if (len <= 0)
		return 0;	/* closed meanwhile */
	target[len] = '\0';
	if (strchr(target, '\n') || strlen(target) != (size_t)len)
		return 0;	/* would not read back as one line */
	snprintf(path, sizeof(path), "%s/%d/fdinfo/%d", proc_root, tgid, fd);
	f = fopen(path, "re");
	if (!f)
		return 0;
	n = fread(info, 1, sizeof(info) - 1, f);
	fclose(f);
	info[n] = '\0';
	if (fds_parse_flags(info, &flags) < 0)
		return 0;
	if (fprintf(out, "FD: %d; TGID: %d; CLOEXEC: %d; PATH: %s\n", fd, tgid,
		    (flags & LINUX_O_CLOEXEC) ? 1 : 0, target) < 0)
		return -1;
	return 1;
}
