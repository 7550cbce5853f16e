// SPDX-License-Identifier: GPL-2.0
/* collect.c - the main loop: device buffers to the writer, signals */
#include "session.h"
#include "audit.h"
#include "header.h"
#include "msg.h"
#include "signals.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_READS_PER_WAKEUP	64
#define IDLE_POLL_MS		1000	/* also re-checks the program */
#define DRAIN_TIMEOUT_MS	10000

/* One record that did not reach the events file, in li's counts. */
static void count_record(struct ltt_lost_info *li,
			 const struct ltt_record_header *r, const unsigned char *pl,
			 size_t plen)
{
	uint32_t nr = LTT_LOST_SYSCALLS;
	int entry = r->id == LTT_EV_SYSCALL_ENTRY;

	li->total++;
	if (r->id < 64)
		li->by_event[r->id]++;
	else
		li->by_event_high[r->id - 64]++;
	if ((!entry && r->id != LTT_EV_SYSCALL_EXIT) ||
	    (r->flags & LTT_REC_NO_DETAILS))
		return;
	if (r->flags & LTT_REC_COMPACT) {
		uint64_t ip_nr;
		uint32_t ret_nr;

		if (entry && plen >= sizeof(ip_nr)) {
			memcpy(&ip_nr, pl, sizeof(ip_nr));
			nr = (uint32_t)(ip_nr >> 48);
		} else if (!entry && plen >= sizeof(ret_nr)) {
			memcpy(&ret_nr, pl, sizeof(ret_nr));
			nr = ret_nr >> 22;
		}
	} else if (plen >= 8 + sizeof(nr)) {
		memcpy(&nr, pl + 8, sizeof(nr));	/* after ip or ret */
	}
	if (nr >= LTT_LOST_SYSCALLS)
		return;
	if (entry)
		li->syscall_entry[nr]++;
	else
		li->syscall_exit[nr]++;
}

/*
 * Counts in s->unwritten the records of one buffer (len bytes) that did
 * not reach the events file whole: of its bytes, the first ondisk did.
 * A reader takes the whole records of a buffer cut short (the disk
 * filled in it): a record is lost when it ends after ondisk.
 */
static void count_unwritten(struct session *s, const unsigned char *p,
			    size_t len, uint64_t ondisk)
{
	struct ltt_buffer_header h;
	struct unwritten_cpu *u;
	uint64_t base;
	size_t o;
	int any = 0;

	memcpy(&h, p, len < sizeof(h) ? len : sizeof(h));
	if (len < sizeof(h) || h.magic != LTT_BUFFER_MAGIC ||
	    h.cpu >= s->info.ncpus || sizeof(h) + (size_t)h.data_size != len) {
		s->unreadable++;
		return;
	}
	u = &s->unw[h.cpu];
	base = h.start_ns;
	for (o = sizeof(h); o < len; ) {
		struct ltt_record_header r;

		if (len - o < sizeof(r)) {
			s->unreadable++;
			break;
		}
		memcpy(&r, p + o, sizeof(r));
		if (r.size < sizeof(r) || r.size % LTT_REC_ALIGN ||
		    r.size > len - o) {
			s->unreadable++;
			break;
		}
		if (r.id == LTT_EV_TIME_EXT && r.size >= sizeof(r) + 8 &&
		    !(r.flags & LTT_REC_NO_DETAILS))
			memcpy(&base, p + o + sizeof(r), sizeof(base));
		if (o + r.size > ondisk) {
			if (!u->seen) {
				u->seen = 1;
				u->first_seq = h.seq;
				u->first_ns = base + r.delta;
			}
			any = 1;
			count_record(&s->unwritten[h.cpu], &r, p + o + sizeof(r),
				     r.size - sizeof(r));
		}
		o += r.size;
	}
	if (any)
		u->buffers++;
}

/* Bytes of the events file so far (those write() took). */
static uint64_t on_disk(const struct session *s)
{
	return writer_written(s->writer);
}

/*
 * @len bytes of the stream from @off into @p: those before @written (the
 * bytes of the events file so far) read back from the file, the rest
 * from the writer's buffers.  The bytes copied.
 */
static size_t read_stream(const struct session *s, uint64_t off, unsigned char *p, size_t len,
			  uint64_t written)
{
	size_t disk = written > off ? (size_t)(written - off) : 0;
	size_t got = 0;

	if (disk > len)
		disk = len;
	while (got < disk) {
		ssize_t r = s->evfd < 0 ? -1 :
			pread(s->evfd, p + got, disk - got, (off_t)(off + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return got;
		got += (size_t)r;
	}
	return got + writer_peek(s->writer, off + disk, p + disk, len - disk);
}

size_t collect_read_back(void *arg, uint64_t off, void *dst, size_t len)
{
	struct session *s = arg;

	/* what the writer holds goes to the file first (after a write error it stays there) */
	if (off + len > on_disk(s) && !s->write_failed)
		(void)writer_flush(s->writer);
	return read_stream(s, off, dst, len, on_disk(s));
}

int collect_copy_back(void *arg, uint64_t off, size_t len, int fd, uint64_t to)
{
	struct session *s = arg;
	loff_t from = (loff_t)off, at = (loff_t)to;

	if (off + len > on_disk(s) && !s->write_failed)
		(void)writer_flush(s->writer);
	if (s->evfd < 0 || off + len > on_disk(s))
		return -1;	/* not all in the file: read it back */
	/*
	 * In the kernel, one copy (the file's pages into the snapshot's),
	 * where pread() and pwrite() made two through user memory
	 */
	while (len) {
		ssize_t n = copy_file_range(s->evfd, &from, fd, &at, len, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && at == (loff_t)to &&
		    (errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP))
			return -1;	/* not between these files: read it back */
		if (n < 0)
			return errno;
		if (n == 0)
			return EIO;	/* the events file is shorter than it was written */
		len -= (size_t)n;
	}
	return 0;
}

/*
 * One buffer given to the writer that may not all be in the events file
 * (written bytes of the stream so far): its part before written read back
 * from the file, the rest from the writer's buffers, then counted.
 */
static void account_extent(struct session *s, const struct extent *e,
			   uint64_t written)
{
	unsigned char *p = malloc(e->len ? e->len : 1);
	size_t disk = written > e->off ? (size_t)(written - e->off) : 0;

	if (disk > e->len)
		disk = e->len;
	if (!p) {
		s->unreadable++;
		return;
	}
	if (read_stream(s, e->off, p, e->len, written) == e->len) {
		if (e->good && disk < sizeof(struct ltt_buffer_header) &&
		    s->cpu_buffers)
			s->cpu_buffers[e->cpu]--;	/* counted, not in the file */
		count_unwritten(s, p, e->len, disk);
	} else {
		s->unreadable++;
	}
	free(p);
}

void collect_account_unwritten(struct session *s)
{
	uint64_t written = on_disk(s);
	size_t i;

	if (s->write_failed)
		return;
	s->write_failed = 1;
	for (i = 0; i < s->ninflight; i++)
		if (s->inflight[i].off + s->inflight[i].len > written)
			account_extent(s, &s->inflight[i], written);
	s->ninflight = 0;
}

/* Notes a buffer given to the writer, forgets those written since. */
static int note_extent(struct session *s, uint64_t off, size_t len,
		       unsigned int cpu, int good)
{
	uint64_t written = on_disk(s);
	size_t i, k = 0;

	for (i = 0; i < s->ninflight; i++)
		if (s->inflight[i].off + s->inflight[i].len > written)
			s->inflight[k++] = s->inflight[i];
	s->ninflight = k;
	if (off + len <= written)
		return 0;
	if (s->ninflight == s->capinflight) {
		size_t cap = s->capinflight ? 2 * s->capinflight : 16;
		struct extent *n = realloc(s->inflight, cap * sizeof(*n));

		if (!n) {
			msg_err("out of memory");
			return -1;
		}
		s->inflight = n;
		s->capinflight = cap;
	}
	s->inflight[s->ninflight++] = (struct extent){
		.off = off, .len = (uint32_t)len, .cpu = (uint16_t)cpu,
		.good = (uint16_t)good,
	};
	return 0;
}

/*
 * Checks and appends one buffer, read into s->rbuf or (direct) in a
 * mapping of the module's memory, written from there.  After a write
 * error its records are counted lost instead (the first error counts
 * those of the buffers given to the writer that did not reach the
 * file): the trace goes on until it ends as it would have, the module
 * drained, so that the lost file accounts for every event it wrote, and
 * the trigger rules go on reading its buffers.
 */
static enum stop_reason take_buffer(struct session *s, const void *p,
				    size_t len, int direct)
{
	const struct ltt_buffer_header *b = p;
	uint64_t off = s->stream;
	int good = 1;

	if (len < sizeof(*b) || b->magic != LTT_BUFFER_MAGIC ||
	    sizeof(*b) + (size_t)b->data_size != len || b->cpu >= s->info.ncpus) {
		if (!s->bad_buffers)
			msg_warn("%s returned a malformed buffer (%zu bytes); "
				 "kept as read", s->dev.path, len);
		s->bad_buffers++;
		good = 0;
	}
	if (s->write_failed) {
		/*
		 * The rules still read it (a firing still notifies, logs
		 * and snapshots what the events file holds): in their ring
		 * it is a buffer not written, its events lost in a snapshot
		 * as in the trace
		 */
		if (good) {
			audit_buffer(s->audit, p, len, off);
			audit_unwritten(s->audit, p, len);
		}
		count_unwritten(s, p, len, 0);
		s->buffers++;
		s->bytes += len;
		return STOP_NONE;
	}
	if (good)
		audit_buffer(s->audit, p, len, off);
	s->stream += len;
	if ((direct ? writer_write(s->writer, p, len) :
		      writer_append(s->writer, p, len)) < 0) {
		uint64_t written;

		collect_account_unwritten(s);
		written = on_disk(s);
		if (good && written < off + len)
			audit_unwritten(s->audit, p, len);
		if (good && written >= off + sizeof(*b) && s->cpu_buffers)
			s->cpu_buffers[b->cpu]++;
		count_unwritten(s, p, len, written > off ? written - off : 0);
		s->buffers++;
		s->bytes += len;
		msg_warn("the events file stops at byte %" PRIu64 ": the trace "
			 "goes on until it ends, its buffers taken from the "
			 "module and their events counted lost", written);
		return STOP_NONE;
	}
	if (note_extent(s, off, len, good ? b->cpu : 0, good) < 0)
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

			enum stop_reason why;

			if (!p)
				return -1;
			why = take_buffer(s, p, sb.len, 1);
			if (device_put_subbuf(&s->dev, &sb) < 0)
				return -1;
			return why != STOP_NONE ? -3 : 1;
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

	enum stop_reason why = STOP_NONE;

	for (i = 0; i < MAX_READS_PER_WAKEUP && why == STOP_NONE; i++) {
		int r = move_buffer(s);

		if (r == -2)
			break;
		if (r == -1)
			why = STOP_DEVICE_ERROR;
		else if (r == -3)
			why = STOP_WRITE_ERROR;
		else if (r == 0)
			why = STOP_END;
	}
	/* the batch's events to the trigger rules */
	if (audit_batch(s->audit) && why == STOP_NONE)
		why = STOP_RULE;
	return why;
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
	now = trace_clock_ns();
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
		audit_poll(s->audit);
		if (why == STOP_NONE && s->deadline_ns &&
		    trace_clock_ns() >= s->deadline_ns)
			why = STOP_TIMER;
	}
	return why;
}

int collect_drain(struct session *s, enum stop_reason *why)
{
	int ret = 0;

	for (;;) {
		struct pollfd pfd = { .fd = s->dev.fd, .events = POLLIN };
		int r = move_buffer(s);
		int n;

		if (r == 0)
			return ret;
		if (r == -1) {
			*why = STOP_DEVICE_ERROR;
			return -1;
		}
		if (r == -3) {
			/* the rest is drained and counted lost */
			*why = STOP_WRITE_ERROR;
			ret = -1;
			continue;
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
