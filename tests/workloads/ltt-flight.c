// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-flight [-c CPU] [-p K -r READY -g GO] FILE N
 *
 * Open (create) FILE and make exactly N calls lseek(fd, i, SEEK_SET) for
 * i = 0 .. N-1: every fs_lseek event carries its own offset, a marker of
 * its place in the sequence.  Prints "PID FD" on stdout first.
 *   -c CPU   pin the process to CPU first
 *   -p K     pause before call K: create the file READY (-r), then wait
 *            (up to 120 s) until the file GO (-g) exists, then go on
 * Exit status 0, 1 on an error, 2 on a bad command line.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "ltt-workload.h"

static void usage(void)
{
	fprintf(stderr,
		"usage: ltt-flight [-c CPU] [-p K -r READY -g GO] FILE N\n");
}

static int wait_file(const char *path)
{
	int i;

	for (i = 0; i < 120000; i++) {
		if (access(path, F_OK) == 0)
			return 0;
		usleep(1000);
	}
	fprintf(stderr, "ltt-flight: %s did not appear in 120 s\n", path);
	return -1;
}

int main(int argc, char **argv)
{
	const char *cpu = NULL, *ready = NULL, *go = NULL;
	long n, i, pause_at = -1;
	int fd, rfd, opt;

	while ((opt = getopt(argc, argv, "c:p:r:g:")) != -1) {
		switch (opt) {
		case 'c':
			cpu = optarg;
			break;
		case 'p':
			pause_at = strtol(optarg, NULL, 10);
			break;
		case 'r':
			ready = optarg;
			break;
		case 'g':
			go = optarg;
			break;
		default:
			usage();
			return 2;
		}
	}
	if (argc - optind != 2 || (n = strtol(argv[optind + 1], NULL, 10)) < 0 ||
	    (pause_at >= 0 && (!ready || !go))) {
		usage();
		return 2;
	}
	if (cpu && ltt_pin_cpu("ltt-flight", cpu))
		return 1;
	fd = open(argv[optind], O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[optind]);
		return 1;
	}
	printf("%d %d\n", (int)getpid(), fd);
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (i == pause_at) {
			rfd = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (rfd < 0 || close(rfd) || wait_file(go))
				return 1;
		}
		if (lseek(fd, (off_t)i, SEEK_SET) != (off_t)i) {
			perror("ltt-flight: lseek");
			return 1;
		}
	}
	return close(fd) ? 1 : 0;
}
