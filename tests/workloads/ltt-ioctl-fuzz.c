// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-ioctl-fuzz N SEED [DEVICE] - throw N random ioctls at the tracer
 * device: real command numbers and random ones, with pointers that are
 * NULL, unmapped, kernel addresses, read-only pages, valid buffers full of
 * random bytes, or plausible arguments for the configuration and custom
 * event ioctls (small filter flags, syscall IP modes, options, custom
 * types with valid names, logs of live type ids).  The calls go through
 * two open files at random (the session's owner and another one), and
 * the second file is sometimes closed and reopened, which destroys its
 * custom types (or ends the session it owns).  Tracing is stopped at the
 * end.  The kernel must survive with no oops, BUG or WARNING; that is
 * checked by the caller from dmesg.  Prints how many calls succeeded and
 * how many failed with each errno.
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
#include <sys/mman.h>
#include <ltt/ltt-abi.h>

static const unsigned long known[] = {
	LTT_IOC_START, LTT_IOC_STOP, LTT_IOC_SET_BUFFERS,
	LTT_IOC_SET_EVENT_MASK, LTT_IOC_GET_EVENT_MASK, LTT_IOC_GET_LOST,
	LTT_IOC_GET_INFO, LTT_IOC_SET_DETAILS_MASK, LTT_IOC_GET_DETAILS_MASK,
	LTT_IOC_SET_FILTER, LTT_IOC_GET_FILTER, LTT_IOC_SET_SYSCALL_IP,
	LTT_IOC_SET_OPTIONS, LTT_IOC_CUSTOM_CREATE, LTT_IOC_CUSTOM_DESTROY,
	LTT_IOC_CUSTOM_LOG, LTT_IOC_SET_TRIGGERS, LTT_IOC_GET_HITS,
};

static uint64_t state;

static uint64_t rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

/*
 * A plausible argument for @cmd in @buf (valid or just out of range),
 * so that the checks past the first validation are exercised too.
 */
static void plausible(unsigned long cmd, unsigned char *buf)
{
	switch (cmd) {
	case LTT_IOC_SET_FILTER: {
		struct ltt_filter *f = (void *)buf;

		memset(f, 0, sizeof(*f));
		f->flags = rnd() % 0x40;
		f->pid = rnd() % 200;
		f->pgrp = rnd() % 200;
		f->uid = rnd() % 3 ? 0 : 65534;
		f->gid = rnd() % 3 ? 0 : 65534;
		break;
	}
	case LTT_IOC_SET_SYSCALL_IP: {
		struct ltt_syscall_ip *s = (void *)buf;

		s->mode = rnd() % 4;
		s->depth = rnd() % 2 ? rnd() % 70 : rnd() % 5000;
		s->lower = rnd() % 3 ? 0x400000 : rnd();
		s->upper = s->lower + rnd() % 0x100000;
		break;
	}
	case LTT_IOC_SET_OPTIONS: {
		struct ltt_options *o = (void *)buf;

		o->flags = rnd() % 5;
		o->capture_len = rnd() % 300;
		break;
	}
	case LTT_IOC_CUSTOM_CREATE: {
		struct ltt_custom_type *ct = (void *)buf;
		static const char *const fmts[] = {
			"", "a:u32", "a:u32,b:str", "x:q", "a:u8,", "t:x64,u:s16",
		};

		memset(ct, 0, sizeof(*ct));
		snprintf(ct->name, sizeof(ct->name), "fz%u", (unsigned int)(rnd() % 300));
		snprintf(ct->format, sizeof(ct->format), "%s", fmts[rnd() % 6]);
		ct->kind = rnd() % 4;
		break;
	}
	case LTT_IOC_CUSTOM_DESTROY:
		*(uint32_t *)buf = rnd() % 400;
		break;
	case LTT_IOC_SET_TRIGGERS: {
		/* armed ones, so that the sessions the fuzz starts evaluate them */
		struct ltt_trigger_set *set = (void *)buf;
		unsigned int i;

		memset(set, 0, sizeof(*set));
		set->count = rnd() % (LTT_TRIGGERS_MAX + 2);
		for (i = 0; i < set->count && i < LTT_TRIGGERS_MAX; i++) {
			struct ltt_trigger *t = &set->trig[i];

			t->on = 1 + rnd() % 5;
			t->nr = rnd() % 3 ? -1 : (int32_t)(rnd() % 500);
			t->holdoff_ns = rnd() % 2 ? 0 : 1000000;
			t->ntests = rnd() % 3;
			t->test[0].field = 1 + rnd() % 7;
			t->test[0].op = rnd() % 7;
			t->test[0].value = (int64_t)(rnd() % 3) - 1;
			t->test[1].field = LTT_TRIG_F_PID;
			t->test[1].op = LTT_TRIG_OP_GE;
			if (rnd() % 4 == 0)
				snprintf(t->comm, sizeof(t->comm), "sh");
		}
		break;
	}
	case LTT_IOC_GET_HITS: {
		struct ltt_trig_hits *h = (void *)buf;

		h->room = rnd() % 300;
		h->hits = rnd() % 4 ? (uintptr_t)(buf + 8192) : rnd();
		break;
	}
	case LTT_IOC_CUSTOM_LOG: {
		struct ltt_custom_log *lg = (void *)buf;

		lg->type_id = rnd() % 400;
		lg->size = rnd() % 1100;
		lg->data = (uintptr_t)(buf + 4096);
		break;
	}
	default:
		break;
	}
}

int main(int argc, char **argv)
{
	const char *dev = argc > 3 ? argv[3] : "/dev/tracer";
	static unsigned long errors[200];
	unsigned long ok = 0;
	unsigned char *buf, *ro;
	long n, i;
	int fd, fd2, e;

	if (argc < 3 || (n = strtol(argv[1], NULL, 10)) < 0) {
		fprintf(stderr, "usage: ltt-ioctl-fuzz N SEED [DEVICE]\n");
		return 2;
	}
	state = strtoull(argv[2], NULL, 0) | 1;
	fd = open(dev, O_RDWR | O_NONBLOCK);
	fd2 = open(dev, O_RDWR | O_NONBLOCK);
	if (fd < 0 || fd2 < 0) {
		perror(dev);
		return 1;
	}
	buf = mmap(NULL, 65536, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED || ro == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (i = 0; i < n; i++) {
		unsigned long cmd, arg;
		size_t j;

		switch (rnd() % 4) {
		case 0:
		case 1:
			cmd = known[rnd() % (sizeof(known) / sizeof(known[0]))];
			break;
		case 2: /* a known command with a wrong size or direction */
			cmd = known[rnd() % (sizeof(known) / sizeof(known[0]))] ^
			      ((rnd() & 0x3fff) << 16);
			break;
		default:
			cmd = (unsigned long)rnd();
			if (rnd() & 1)
				cmd = _IOC(rnd() & 3, LTT_IOC_MAGIC, rnd() & 0xff,
					   rnd() & 0x3fff);
			break;
		}
		for (j = 0; j < 65536; j += 8) {
			uint64_t v = rnd();

			/* keep some values plausible: small sizes and counts */
			if ((v & 7) == 0)
				v &= 0xffffff;
			memcpy(buf + j, &v, 8);
		}
		switch (rnd() % 8) {
		case 7:
			plausible(cmd, buf);
			arg = (unsigned long)buf;
			break;
		case 0: arg = 0; break;
		case 1: arg = 0xffffffff81000000UL; break;      /* kernel text */
		case 2: arg = (unsigned long)rnd(); break;       /* anything */
		case 3: arg = (unsigned long)ro; break;          /* read-only */
		case 4: arg = (unsigned long)(buf + 65536 - 8); break; /* runs off */
		default: arg = (unsigned long)buf; break;
		}
		if (ioctl(rnd() % 4 ? fd : fd2, cmd, arg) == 0) {
			ok++;
		} else {
			e = errno;
			errors[e < 200 ? e : 199]++;
		}
		if ((rnd() & 63) == 0) {
			/* drain a little so buffers recycle */
			static unsigned char rbuf[1 << 20];

			if (read(fd, rbuf, sizeof(rbuf)) < 0 && errno == EFAULT)
				errors[EFAULT]++;
		}
		if ((rnd() & 127) == 0) {
			/* its custom types go, and the session if it owned it */
			close(fd2);
			fd2 = open(dev, O_RDWR | O_NONBLOCK);
			if (fd2 < 0) {
				perror(dev);
				return 1;
			}
		}
	}
	ioctl(fd, LTT_IOC_STOP, 0);
	ioctl(fd2, LTT_IOC_STOP, 0);
	close(fd2);
	close(fd);
	printf("ok %lu", ok);
	for (e = 0; e < 200; e++)
		if (errors[e])
			printf(" %s %lu", strerrorname_np(e) ? strerrorname_np(e) : "?", errors[e]);
	printf("\n");
	return 0;
}
