// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-custom [-w] [-k] [-r READY] [-d DONE] [-D DEVICE] NAME COUNT
 * ltt-custom [-D DEVICE] -t ID
 *
 * Create a custom event type NAME on the tracer device (kind FIELDS,
 * format "seq:u32,value:u64,label:str"), log COUNT instances of it and
 * destroy it.  Instance i carries seq = i, value = ltt_custom_value(i)
 * (0xabcd000000000000 + i * i * 1000003) and label "item-<i>".
 *
 * Prints "PID TYPE_ID" on stdout as soon as the type exists.
 *   -w        after creating the type, wait (up to 120 s) until the tracer
 *             is tracing (LTT_IOC_GET_INFO) before logging: a type created
 *             before the trace started must be declared again at START
 *   -r READY  create the file READY once the type exists
 *   -d DONE   create the file DONE once the type is destroyed
 *   -k        keep the type: after logging, create DONE (with -d) and
 *             wait to be killed without destroying the type (it lives
 *             until the device file is closed, i.e. until the exit)
 *   -t ID     only try to log one instance of type ID, which this
 *             program did not create (a kernel module's, another file's):
 *             prints what the device said; exit 0 when it refused with
 *             EPERM (a type belongs to its creator), 1 otherwise
 * Exit status 0, 1 on a device error, 2 on a bad command line.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "ltt/ltt-abi.h"

#define CUSTOM_FORMAT "seq:u32,value:u64,label:str"

static uint64_t ltt_custom_value(uint32_t i)
{
	return 0xabcd000000000000ULL + (uint64_t)i * i * 1000003ULL;
}

static int touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0) {
		perror(path);
		return -1;
	}
	return close(fd);
}

static int wait_tracing(int fd)
{
	struct ltt_info info;
	int i;

	for (i = 0; i < 120000; i++) {
		memset(&info, 0, sizeof(info));
		if (ioctl(fd, LTT_IOC_GET_INFO, &info)) {
			perror("ltt-custom: LTT_IOC_GET_INFO");
			return -1;
		}
		if (info.tracing)
			return 0;
		usleep(1000);
	}
	fprintf(stderr, "ltt-custom: tracing did not start in 120 s\n");
	return -1;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: ltt-custom [-w] [-k] [-r READY] [-d DONE] [-D DEVICE] "
		"NAME COUNT\n       ltt-custom [-D DEVICE] -t ID\n");
}

/* -t: log one instance of a type this program did not create */
static int try_foreign(const char *dev, const char *arg)
{
	unsigned char buf[16] = { 0 };
	struct ltt_custom_log lg = { .data = (__u64)(uintptr_t)buf, .size = 12 };
	int fd = open(dev, O_RDWR), r;

	if (fd < 0) {
		perror(dev);
		return 1;
	}
	lg.type_id = (__u32)strtoul(arg, NULL, 10);
	r = ioctl(fd, LTT_IOC_CUSTOM_LOG, &lg) ? errno : 0;
	printf("log type %u: %s\n", (unsigned int)lg.type_id, r ? strerror(r) : "logged");
	close(fd);
	return r == EPERM ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *dev = "/dev/tracer", *ready = NULL, *done = NULL;
	struct ltt_custom_type t;
	struct ltt_custom_log lg;
	unsigned char buf[64];
	int fd, opt, wait = 0, keep = 0;
	__u32 id;
	long n, i;

	while ((opt = getopt(argc, argv, "wkr:d:D:t:h")) != -1) {
		switch (opt) {
		case 'w':
			wait = 1;
			break;
		case 'k':
			keep = 1;
			break;
		case 'r':
			ready = optarg;
			break;
		case 'd':
			done = optarg;
			break;
		case 'D':
			dev = optarg;
			break;
		case 't':
			return try_foreign(dev, optarg);
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (argc - optind != 2 || (n = strtol(argv[optind + 1], NULL, 10)) < 0 ||
	    strlen(argv[optind]) >= LTT_CUSTOM_NAME_LEN) {
		usage(stderr);
		return 2;
	}
	fd = open(dev, O_RDWR);
	if (fd < 0) {
		perror(dev);
		return 1;
	}
	memset(&t, 0, sizeof(t));
	strcpy(t.name, argv[optind]);
	strcpy(t.format, CUSTOM_FORMAT);
	t.kind = LTT_CUSTOM_FIELDS;
	if (ioctl(fd, LTT_IOC_CUSTOM_CREATE, &t)) {
		perror("ltt-custom: LTT_IOC_CUSTOM_CREATE");
		return 1;
	}
	id = t.type_id;
	printf("%d %u\n", (int)getpid(), (unsigned int)id);
	fflush(stdout);
	if (ready && touch(ready))
		return 1;
	if (wait && wait_tracing(fd))
		return 1;
	for (i = 0; i < n; i++) {
		uint32_t seq = (uint32_t)i;
		uint64_t value = ltt_custom_value(seq);
		int len;

		memcpy(buf, &seq, sizeof(seq));
		memcpy(buf + 4, &value, sizeof(value));
		len = snprintf((char *)buf + 12, sizeof(buf) - 12, "item-%u",
			       (unsigned int)seq);
		memset(&lg, 0, sizeof(lg));
		lg.data = (__u64)(uintptr_t)buf;
		lg.type_id = id;
		lg.size = (__u32)(12 + len + 1);
		if (ioctl(fd, LTT_IOC_CUSTOM_LOG, &lg)) {
			fprintf(stderr, "ltt-custom: LTT_IOC_CUSTOM_LOG #%ld: %s\n",
				i, strerror(errno));
			return 1;
		}
	}
	if (keep) {
		if (done && touch(done))
			return 1;
		for (;;)
			pause();
	}
	if (ioctl(fd, LTT_IOC_CUSTOM_DESTROY, &id)) {
		perror("ltt-custom: LTT_IOC_CUSTOM_DESTROY");
		return 1;
	}
	close(fd);
	if (done && touch(done))
		return 1;
	return 0;
}
