// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-startstop N - N trace sessions started and stopped on /dev/tracer,
 * checking the kernel facility's static keys (/sys/kernel/ltt/events)
 * around each (tests/guest/08-keys.t runs it under a fork storm and
 * network traffic).
 *
 * Each cycle: set the event mask (every defined event one cycle in ten,
 * else the fs class or the system calls in turn: the forced ids come with
 * each; every key that turns is a code patch of its sites, and a cycle
 * took 1.2 s in the emulated guest under the test's load), START, and
 * read /sys/kernel/ltt/events: it must list exactly the mask's ids below
 * LTT_EV_IDS (one static key per id the kernel writes).  A child reads the session's buffers with blocking read()s until
 * end of file, as traced does.  Every fourth cycle the mask changes while
 * tracing (SET_EVENT_MASK) and the keys must follow.  Then STOP: the
 * keys must all be off (the file empty), and the reader must reach end of
 * file within 20 s (a lost wakeup would leave it blocked: it exits 3).
 *
 * Prints "cycles C keys_on K1 keys_changed K2 keys_off K3 readers R
 * buffers B seconds S" and exits 0 when every check of every cycle held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/wait.h>

#include <ltt/ltt-abi.h>
#include "ltt-workload.h"

#define KEYS	"/sys/kernel/ltt/events"
#define BUFSZ	(64 * 1024)

/* the ids whose key is on, as the facility lists them */
static int keys_read(char *out, size_t n)
{
	ssize_t r;
	int fd = open(KEYS, O_RDONLY);

	if (fd < 0)
		return -1;
	r = read(fd, out, n - 1);
	close(fd);
	if (r < 0)
		return -1;
	out[r] = '\0';
	if (r > 0 && out[r - 1] == '\n')
		out[r - 1] = '\0';
	return 0;
}

/* the same list made from a mask: its ids below LTT_EV_IDS, in order */
static void keys_of(const struct ltt_event_mask *m, char *out, size_t n)
{
	size_t len = 0;
	unsigned int id;

	out[0] = '\0';
	for (id = 0; id < LTT_EV_IDS; id++)
		if (m->bits[id / 64] & (1ULL << (id % 64)))
			len += snprintf(out + len, n - len, "%s%u", len ? " " : "", id);
}

static int keys_are(int tracer, const char *when, unsigned int cycle)
{
	struct ltt_event_mask m;
	char got[512], want[512];

	if (ioctl(tracer, LTT_IOC_GET_EVENT_MASK, &m) || keys_read(got, sizeof(got))) {
		perror("ltt-startstop: mask or keys");
		return 0;
	}
	keys_of(&m, want, sizeof(want));
	if (strcmp(got, want)) {
		fprintf(stderr, "ltt-startstop: cycle %u, %s: keys on '%s', mask '%s'\n",
			cycle, when, got, want);
		return 0;
	}
	return 1;
}

static int keys_off(unsigned int cycle)
{
	char got[512];

	if (keys_read(got, sizeof(got))) {
		perror("ltt-startstop: " KEYS);
		return 0;
	}
	if (got[0]) {
		fprintf(stderr, "ltt-startstop: cycle %u, stopped: keys on '%s'\n",
			cycle, got);
		return 0;
	}
	return 1;
}

/* the reader: blocking reads to end of file; its status: 0, 1 error, 3 hung */
static int reader(int tracer)
{
	static char buf[BUFSZ];
	ssize_t r;
	int n = 0;

	alarm(20);
	while ((r = read(tracer, buf, sizeof(buf))) > 0)
		n++;
	if (r < 0) {
		perror("ltt-startstop: read");
		return 1;
	}
	/* the number of buffers read, to the parent through the pipe */
	printf("%d\n", n);
	fflush(stdout);
	return 0;
}

/* the mask of cycle @i: 0 every defined id, 1 the fs class, 2 the syscalls */
static int mask_kind(unsigned int i)
{
	return i % 10 == 0 ? 0 : 1 + i % 2;
}

static void mask_set(int tracer, int kind)
{
	struct ltt_event_mask m;

	memset(&m, 0, sizeof(m));
	if (kind == 1) {
		for (unsigned int id = LTT_EV_FS_OPEN; id <= LTT_EV_FS_BUF_WAIT_END; id++)
			m.bits[id / 64] |= 1ULL << (id % 64);
		/* and the fs ids above 64, whose keys are in the second word */
		m.bits[LTT_EV_FS_DUP / 64] |= 1ULL << (LTT_EV_FS_DUP % 64);
		m.bits[LTT_EV_FS_PIPE / 64] |= 1ULL << (LTT_EV_FS_PIPE % 64);
	} else if (kind == 2) {
		m.bits[0] = 1ULL << LTT_EV_SYSCALL_ENTRY | 1ULL << LTT_EV_SYSCALL_EXIT;
	} else {
		memset(&m, 0xff, sizeof(m));	/* every defined id */
	}
	if (ioctl(tracer, LTT_IOC_SET_EVENT_MASK, &m))
		perror("ltt-startstop: SET_EVENT_MASK");
}

int main(int argc, char **argv)
{
	struct ltt_buffer_config cfg = { .size = BUFSZ, .count = 4 };
	unsigned int n, i, on = 0, changed = 0, off = 0, readers = 0;
	unsigned long buffers = 0;
	long long t0 = ltt_now_ns();
	int tracer, fd[2];

	if (argc != 2 || (n = (unsigned int)atoi(argv[1])) == 0) {
		fprintf(stderr, "usage: ltt-startstop N\n");
		return 2;
	}
	signal(SIGALRM, SIG_DFL);
	tracer = open("/dev/tracer", O_RDONLY);
	if (tracer < 0 || ioctl(tracer, LTT_IOC_SET_BUFFERS, &cfg)) {
		perror("ltt-startstop: /dev/tracer");
		return 1;
	}
	for (i = 0; i < n; i++) {
		char line[32] = "";
		ssize_t r;
		pid_t pid;
		int st;

		mask_set(tracer, mask_kind(i));
		if (ioctl(tracer, LTT_IOC_START)) {
			perror("ltt-startstop: START");
			return 1;
		}
		on += keys_are(tracer, "started", i);
		if (pipe(fd))
			return 1;
		pid = fork();
		if (pid == 0) {
			close(fd[0]);
			dup2(fd[1], 1);
			_exit(reader(tracer));
		}
		close(fd[1]);
		usleep(2000 + (i % 7) * 1000);
		if (i % 4 == 3) {
			mask_set(tracer, mask_kind(i) == 1 ? 2 : 1);
			changed += keys_are(tracer, "mask changed", i);
			usleep(1000);
		}
		if (ioctl(tracer, LTT_IOC_STOP)) {
			perror("ltt-startstop: STOP");
			return 1;
		}
		off += keys_off(i);
		r = read(fd[0], line, sizeof(line) - 1);
		close(fd[0]);
		if (pid < 0 || waitpid(pid, &st, 0) != pid)
			return 1;
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && r > 0) {
			readers++;
			buffers += strtoul(line, NULL, 10);
		} else {
			fprintf(stderr, "ltt-startstop: cycle %u: the reader %s %d\n", i,
				WIFSIGNALED(st) ? "was killed by signal" : "exited with",
				WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
		}
	}
	printf("cycles %u keys_on %u keys_changed %u keys_off %u readers %u buffers %lu seconds %.1f\n",
	       n, on, changed, off, readers, buffers, (ltt_now_ns() - t0) / 1e9);
	return on == n && changed == n / 4 && off == n && readers == n ? 0 : 1;
}
