// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-markers - application markers through libltt-marker, for the guest
 * tests:
 *   ltt-markers [--as UID GID[,GID...]] mark N      N jobs "job" (begin,
 *       a mark "step I", a counter "seq" = I, end); prints "ok N"
 *   ltt-markers [--as UID GID[,GID...]] flood N     N marks "flood" as fast
 *       as possible; prints "written W refused R" (R: EAGAIN, the rate)
 * --as drops to UID with GID as its group and the others as supplementary
 * groups, without capabilities, before the first marker.  Exit 0, or 3
 * when the device refused the caller (ltt_marker_error() on stderr), 1 on
 * any other error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ltt-marker.h"

static int drop(const char *uid_s, const char *gids_s)
{
	gid_t g[16];
	size_t n = 0;
	char *s = strdup(gids_s), *tok, *save = NULL;

	for (tok = strtok_r(s, ",", &save); tok && n < 16;
	     tok = strtok_r(NULL, ",", &save))
		g[n++] = (gid_t)strtoul(tok, NULL, 10);
	free(s);
	if (!n || setgroups(n, g) || setgid(g[0]) ||
	    setuid((uid_t)strtoul(uid_s, NULL, 10))) {
		perror("ltt-markers: dropping privileges");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	long i, n;

	if (argc > 3 && !strcmp(argv[1], "--as")) {
		if (drop(argv[2], argv[3]))
			return 1;
		argv += 3;
		argc -= 3;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: ltt-markers [--as UID GID[,GID...]] mark|flood N\n");
		return 1;
	}
	n = strtol(argv[2], NULL, 10);
	if (ltt_marker_open() < 0) {
		int e = errno;

		fprintf(stderr, "ltt-markers: %s\n", ltt_marker_error());
		return e == EACCES ? 3 : 1;
	}
	if (!strcmp(argv[1], "mark")) {
		for (i = 0; i < n; i++) {
			if (ltt_mark_begin("job") || ltt_mark("job", "step %ld", i) ||
			    ltt_counter("seq", i) || ltt_mark_end("job")) {
				perror("ltt-markers: marker");
				return 1;
			}
		}
		printf("ok %ld\n", n);
		return 0;
	}
	if (!strcmp(argv[1], "flood")) {
		long refused = 0, written = 0;

		for (i = 0; i < n; i++) {
			if (ltt_mark("flood", "%ld", i) == 0)
				written++;
			else if (errno == EAGAIN)
				refused++;
			else {
				perror("ltt-markers: marker");
				return 1;
			}
		}
		printf("written %ld refused %ld\n", written, refused);
		return 0;
	}
	fprintf(stderr, "ltt-markers: unknown command %s\n", argv[1]);
	return 1;
}
