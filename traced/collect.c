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

/*
 * Checks and appends one buffer, read into s->rbuf or (direct) in a
 * mapping of the module's memory, written from there.
 */
static enum stop_reason take_buffer(struct session *s, const void *p,
				    size_t len, int direct)
{
	const struct ltt_buffer_header *b = p;
	int good = 1;

	if (len < sizeof(*b) || b->magic != LTT_BUFFER_MAGIC ||
	    sizeof(*b) + (size_t)b->data_size != len || b->cpu >= s->info.ncpus) {
		if (!s->bad_buffers)
			msg_warn("%s returned a malformed buffer (%zu bytes); "
				 "kept as read", s->dev.path, len);
		s->bad_buffers++;
		good = 0;
	}
	if ((direct ? writer_write(s->writer, p, len) :
		      writer_append(s->writer, p, len)) < 0)
		return STOP_WRITE_ERROR;
	if (good && s->cpu_buffers)
		s->cpu_buffers[b->cpu]++;
	s->buffers++;
	s->bytes += len;
	if (!direct)
		s->bytes_copied += len;
	return STOP_NONE;
}

void collect_unmap(struct session *s)
{
	unsigned int c;

	for (c = 0; s->maps && c < s->info.ncpus; c++) {
		if (s->maps[c].addr)
			device_unmap(s->maps[c].addr, s->maps[c].len);
		s->maps[c].addr = NULL;
	}
}

/*
 * Where buffer sb is: in the mapping of its CPU's memory, mapped (again,
 * if that memory is a new one) as needed.  NULL on error.
 */
static const void *mapped(struct session *s, const struct ltt_subbuf *sb)
{
	struct cpu_map *m;

	if (sb->cpu >= s->info.ncpus || sb->len > sb->map_size ||
	    sb->offset > sb->map_size - sb->len) {
		msg_err("%s described an impossible buffer (CPU %u, %u bytes at %llu of %u)",
			s->dev.path, sb->cpu, sb->len,
			(unsigned long long)sb->offset, sb->map_size);
		return NULL;
	}
	m = &s->maps[sb->cpu];
	if (!m->addr || m->id != sb->map_id || m->len != sb->map_size) {
		if (m->addr)
			device_unmap(m->addr, m->len);
		m->addr = device_map(&s->dev, sb->cpu, sb->map_size);
		if (!m->addr)
			return NULL;
		m->len = sb->map_size;
		m->id = sb->map_id;
	}
	return (const char *)m->addr + sb->offset;
}

/*
 * Moves the next buffer to the events file: 1 done, 0 at end of trace,
 * -2 if none is ready yet, -1 on a device error, -3 on a write error.
 * Zero copy when it can (GET_SUBBUF, write from the mapping, PUT_SUBBUF),
 * read(2) into s->rbuf otherwise.
 */
static int move_buffer(struct session *s)
{
	ssize_t r;

	if (s->zero_copy) {
		struct ltt_subbuf sb;
		int got = device_get_subbuf(&s->dev, &sb);

		if (got == -3) {
			s->zero_copy = 0;	/* an older module */
		} else if (got != 1) {
			return got;
		} else {
			const void *p = mapped(s, &sb);

			if (!p)
				return -1;
			if (take_buffer(s, p, sb.len, 1) != STOP_NONE)
				return -3;
			return device_put_subbuf(&s->dev, &sb) < 0 ? -1 : 1;
		}
	}
	r = device_read(&s->dev, s->rbuf, s->rbuf_len);
	if (r <= 0)
		return (int)r;
	return take_buffer(s, s->rbuf, (size_t)r, 0) != STOP_NONE ? -3 : 1;
}

/* Moves the buffers that are ready now. */
static enum stop_reason read_ready(struct session *s)
{
	int i;

	for (i = 0; i < MAX_READS_PER_WAKEUP; i++) {
		int r = move_buffer(s);

		if (r == -2)
			return STOP_NONE;
		if (r == -1)
			return STOP_DEVICE_ERROR;
		if (r == -3)
			return STOP_WRITE_ERROR;
		if (r == 0)
			return STOP_END;
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
		int r = move_buffer(s);
		int n;

		if (r == 0)
			return 0;
		if (r == -1) {
			*why = STOP_DEVICE_ERROR;
			return -1;
		}
		if (r == -3) {
			*why = STOP_WRITE_ERROR;
			return -1;
		}
		if (r > 0)
			continue;
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
