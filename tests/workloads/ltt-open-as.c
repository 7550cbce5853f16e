// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-open-as UID [DEVICE] - drop to UID (and its group) with no
 * capabilities, then try to open the tracer device.  Exits 0 if the open
 * was refused with EPERM (the module's capability check), 3 if it was
 * refused with EACCES (the file's mode: make the device world-readable and
 * writable first to reach the module's check), 1 if it succeeded, 2 on
 * other errors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *dev = argc > 2 ? argv[2] : "/dev/tracer";
	uid_t uid;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: ltt-open-as UID [DEVICE]\n");
		return 2;
	}
	uid = (uid_t)strtoul(argv[1], NULL, 10);
	if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
		perror("dropping privileges");
		return 2;
	}
	fd = open(dev, O_RDWR);
	if (fd >= 0) {
		printf("open %s as uid %u: succeeded\n", dev, (unsigned int)uid);
		return 1;
	}
	printf("open %s as uid %u: %s\n", dev, (unsigned int)uid, strerror(errno));
	if (errno == EPERM)
		return 0;
	return errno == EACCES ? 3 : 2;
}
