// SPDX-License-Identifier: GPL-2.0
/* collect.c - the main loop: device buffers to the writer, signals */
#include "session.h"
#include "header.h"
#include "msg.h"
#include "signals.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_READS_PER_WAKEUP	64
#define IDLE_POLL_MS		1000	/* also re-checks the program */
#define DRAIN_TIMEOUT_MS	10000

/* Checks and appends one buffer as read. */
static enum stop_reason take_buffer(struct session *s, size_t len)
{
	const struct ltt_buffer_header *b = (const void *)s->rbuf;
	int good = 1;

	if (len < sizeof(*b) || b->magic != LTT_BUFFER_MAGIC ||
	    sizeof(*b) + (size_t)b->data_size != len || b->cpu >= s->info.ncpus) {
		if (!s->bad_buffers)
			msg_warn("%s returned a malformed buffer (%zu bytes); "
				 "kept as read", s->dev.path, len);
		s->bad_buffers++;
		good = 0;
	}
	if (writer_append(s->writer, s->rbuf, len) < 0)
		return STOP_WRITE_ERROR;
	if (good && s->cpu_buffers)
		s->cpu_buffers[b->cpu]++;
	s->buffers++;
	s->bytes += len;
	return STOP_NONE;
}

/* Reads the buffers that are ready now. */
static enum stop_reason read_ready(struct session *s)
{
	int i;

	for (i = 0; i < MAX_READS_PER_WAKEUP; i++) {
		ssize_t r = device_read(&s->dev, s->rbuf, s->rbuf_len);
		enum stop_reason why;

		if (r == -2)
			return STOP_NONE;
		if (r == -1)
			return STOP_DEVICE_ERROR;
		if (r == 0)
			return STOP_END;
		why = take_buffer(s, (size_t)r);
		if (why != STOP_NONE)
			return why;
	}
	return STOP_NONE;
}

static void reap(struct session *s)
{
	int status;
	pid_t r;

	if (s->child <= 0 || s->child_reaped)
		return;
	do
		r = waitpid(s->child, &status, WNOHANG);
	while (r < 0 && errno == EINTR);
	if (r == s->child) {
		s->child_status = status;
		s->child_reaped = 1;
	}
}

/* Handles pending signals; returns a reason to stop or STOP_NONE. */
static enum stop_reason take_signals(struct session *s)
{
	struct sig_event ev;
	enum stop_reason why = STOP_NONE;

	while (signals_next(s->sigfd, &ev)) {
		if (ev.signo == SIGCHLD)
			continue;	/* reaped below */
		if (s->child > 0 && !s->child_reaped) {
			/*
			 * The program stops the trace by exiting.  A ^C from
			 * the terminal reached it already (same process
			 * group); a kill() aimed at traced is passed on.
			 */
			if (!ev.from_kernel)
				kill(s->child, ev.signo);
			continue;
		}
		why = STOP_SIGNAL;
	}
	reap(s);
	if (why == STOP_NONE && s->child > 0 && s->child_reaped)
		why = STOP_PROGRAM;
	return why;
}

static int poll_timeout(const struct session *s)
{
	uint64_t now;
	uint64_t left;

	if (!s->deadline_ns)
		return IDLE_POLL_MS;
	now = clock_ns(CLOCK_MONOTONIC);
	if (now >= s->deadline_ns)
		return 0;
	left = (s->deadline_ns - now + 999999) / 1000000;
	return left < IDLE_POLL_MS ? (int)left : IDLE_POLL_MS;
}

enum stop_reason collect_run(struct session *s)
{
	enum stop_reason why = STOP_NONE;
	/*
	 * A flight recorder is read only after LTT_IOC_STOP (the module
	 * keeps the last buffers of each CPU until then): the device is
	 * not polled, poll() ignores a negative fd.
	 */
	int devfd = (s->opt->opt_flags & LTT_OPT_FLIGHT) ? -1 : s->dev.fd;

	while (why == STOP_NONE) {
		struct pollfd pfd[2] = {
			{ .fd = devfd, .events = POLLIN },
			{ .fd = s->sigfd, .events = POLLIN },
		};
		int n = poll(pfd, 2, poll_timeout(s));

		if (n < 0 && errno != EINTR) {
			msg_err("poll: %s", strerror(errno));
			return STOP_DEVICE_ERROR;
		}
		if (n > 0 && devfd >= 0 && pfd[0].revents)
			why = read_ready(s);
		if (why == STOP_NONE)
			why = take_signals(s);
		if (why == STOP_NONE && s->deadline_ns &&
		    clock_ns(CLOCK_MONOTONIC) >= s->deadline_ns)
			why = STOP_TIMER;
	}
	return why;
}

int collect_drain(struct session *s, enum stop_reason *why)
{
	for (;;) {
		struct pollfd pfd = { .fd = s->dev.fd, .events = POLLIN };
		ssize_t r = device_read(&s->dev, s->rbuf, s->rbuf_len);
		int n;

		if (r == 0)
			return 0;
		if (r == -1) {
			*why = STOP_DEVICE_ERROR;
			return -1;
		}
		if (r > 0) {
			if (take_buffer(s, (size_t)r) != STOP_NONE) {
				*why = STOP_WRITE_ERROR;
				return -1;
			}
			continue;
		}
		do
			n = poll(&pfd, 1, DRAIN_TIMEOUT_MS);
		while (n < 0 && errno == EINTR);
		if (n <= 0) {
			msg_err("%s did not end the trace after the stop "
				"command; buffers may be missing", s->dev.path);
			*why = STOP_DEVICE_ERROR;
			return -1;
		}
	}
}

void collect_wait_program(struct session *s)
{
	while (s->child > 0 && !s->child_reaped) {
		struct pollfd pfd = { .fd = s->sigfd, .events = POLLIN };

		if (poll(&pfd, 1, IDLE_POLL_MS) < 0 && errno != EINTR)
			break;
		take_signals(s);
	}
}
