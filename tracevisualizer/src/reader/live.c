// SPDX-License-Identifier: GPL-2.0
/*
 * live.c - a trace directory followed while traced writes it
 * (lttr/reader/live.h).
 *
 * traced writes the header at once (start_ns 0), again after START
 * (start_ns set), and a last time after STOP (end_ns set, and
 * LTT_TRACE_COMPLETE when all went well), after the last byte of
 * "events" and the firings are written.  "events" is only ever appended
 * to, a whole buffer at a time but by write() calls the reader may see
 * half done: each poll reads the bytes past those it has, keeps what
 * does not make a whole buffer yet, and decodes the whole ones, so a
 * buffer (or a record) cut by the end of the file is waited for.  Once
 * the header has its end time, the file is whole: a buffer still cut
 * then is said.  firings.jsonl is appended a line at a time: the same,
 * by lines.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/audit/firings.h>
#include <lttr/reader/live.h>
#include "reader/internal.h"

#define LIVE_KEEP_DEFAULT	200000
#define LIVE_READ_MAX		(64u << 20)	/* bytes read per poll at most */
#define LIVE_HDR_MIN		LTT_TRACE_HEADER_SIZE_1_0

struct live_cpu {
	struct lttr_cpustate st;
	uint64_t next_seq;
	bool seen;
};

struct live_ev {
	struct lttr_event ev;	/* ev.var: owned */
	uint64_t ord;		/* file order */
};

struct lttr_live {
	char *dir;
	size_t keep;
	struct ltt_trace_header hdr;
	bool have_hdr;
	int evfd;
	dev_t ev_dev;
	ino_t ev_ino;
	uint64_t off;		/* file offset of pend[0] (bytes decoded) */
	uint8_t *pend;
	size_t npend, cpend;
	int fifd;		/* firings.jsonl */
	uint64_t fioff;
	char *fline;
	size_t nfline, cfline;
	struct lttr_firing_rec *fir;
	size_t nfir, cfir;
	uint64_t bad_firings;
	struct live_cpu cpu[LTT_MAX_CPUS];
	struct live_ev *ev;
	size_t nev, cev;
	uint64_t ord;
	struct lttr_live_status st;
};

static int grow(void *pp, size_t *cap, size_t need, size_t elem)
{
	void **p = pp;
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * elem);
	if (!q)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

int lttr_live_open(const char *dir, size_t keep, struct lttr_live **out,
		   struct lttr_error *err)
{
	struct lttr_live *l = calloc(1, sizeof(*l));

	*out = NULL;
	if (!l || !(l->dir = strdup(dir))) {
		free(l);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	l->keep = keep ? keep : LIVE_KEEP_DEFAULT;
	l->evfd = -1;
	l->fifd = -1;
	l->st.state = LTTR_LIVE_WAITING;
	snprintf(l->st.why, sizeof(l->st.why), "%s: not read yet", dir);
	*out = l;
	return 0;
}

void lttr_live_close(struct lttr_live *l)
{
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->nev; i++)
		free((void *)l->ev[i].ev.var);
	free(l->ev);
	if (l->evfd >= 0)
		close(l->evfd);
	if (l->fifd >= 0)
		close(l->fifd);
	lttr_firings_free(l->fir, l->nfir);
	free(l->fline);
	free(l->pend);
	free(l->dir);
	free(l);
}

static int fail(struct lttr_live *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail(struct lttr_live *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->st.why, sizeof(l->st.why), fmt, ap);
	va_end(ap);
	l->st.state = LTTR_LIVE_FAILED;
	return 1;
}

static void waiting(struct lttr_live *l, const char *what)
{
	l->st.state = LTTR_LIVE_WAITING;
	snprintf(l->st.why, sizeof(l->st.why), "%s/%s", l->dir, what);
}

/*
 * The header again: 0 read (state RUNNING or ENDED set), -1 not yet a
 * trace (WAITING set), 1 failed (FAILED set).
 */
static int read_header(struct lttr_live *l)
{
	char path[4096];
	struct ltt_trace_header h;
	struct stat sb;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/header", l->dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (l->have_hdr)
			return fail(l, "%s: %s (it was there: the trace was removed)", path,
				    strerror(errno));
		if (stat(l->dir, &sb) < 0)
			waiting(l, "header: no such directory yet: waiting for traced to create the trace");
		else
			waiting(l, "header: not a trace yet (no header): waiting for traced");
		return -1;
	}
	memset(&h, 0, sizeof(h));
	n = pread(fd, &h, sizeof(h), 0);
	close(fd);
	if (n < 0)
		return fail(l, "%s: %s", path, strerror(errno));
	if (n < 4 || (n < LIVE_HDR_MIN && h.magic == LTT_TRACE_MAGIC)) {
		if (l->have_hdr)
			return fail(l, "%s: truncated to %zd bytes while it was read", path, n);
		waiting(l, "header: being written (a part of it in the file): waiting");
		return -1;
	}
	if (h.magic != LTT_TRACE_MAGIC)
		return fail(l, "%s: not a trace header (magic 0x%08x, a trace's is 0x%08x)",
			    path, h.magic, LTT_TRACE_MAGIC);
	if (h.major != LTT_FORMAT_MAJOR)
		return fail(l, "%s: unsupported format version %u.%u", path, h.major, h.minor);
	if (h.ncpus < 1 || h.ncpus > LTT_MAX_CPUS)
		return fail(l, "%s: ncpus %u not in 1..%u", path, h.ncpus, LTT_MAX_CPUS);
	if (h.header_size < LIVE_HDR_MIN || (size_t)n < LIVE_HDR_MIN)
		return fail(l, "%s: header_size %u smaller than a trace header's %u", path,
			    h.header_size, LIVE_HDR_MIN);
	if (l->have_hdr && l->hdr.start_ns && h.start_ns != l->hdr.start_ns)
		return fail(l, "%s: another trace was started in the directory (start %" PRIu64
			    " ns, was %" PRIu64 " ns): what was read is kept", path, (uint64_t)h.start_ns,
			    (uint64_t)l->hdr.start_ns);
	if (l->have_hdr && h.ncpus != l->hdr.ncpus)
		return fail(l, "%s: ncpus changed from %u to %u", path, l->hdr.ncpus, h.ncpus);
	l->hdr = h;
	l->have_hdr = true;
	l->st.start_ns = h.start_ns;
	l->st.end_ns = h.end_ns;
	l->st.complete = (h.flags & LTT_TRACE_COMPLETE) != 0;
	if (!h.start_ns) {
		waiting(l, "header: written, tracing not started yet: waiting for START");
		return -1;
	}
	l->st.state = h.end_ns ? LTTR_LIVE_ENDED : LTTR_LIVE_RUNNING;
	l->st.why[0] = '\0';
	if (h.end_ns && !(h.flags & LTT_TRACE_COMPLETE))
		snprintf(l->st.why, sizeof(l->st.why),
			 "%.900s/header: the session ended without finishing cleanly (not complete)",
			 l->dir);
	return 0;
}

static bool ev_before(const struct live_ev *a, const struct live_ev *b)
{
	if (a->ev.time_ns != b->ev.time_ns)
		return a->ev.time_ns < b->ev.time_ns;
	if (a->ev.cpu != b->ev.cpu)
		return a->ev.cpu < b->ev.cpu;
	return a->ord < b->ord;
}

static int ev_cmp(const void *x, const void *y)
{
	const struct live_ev *a = x, *b = y;

	return ev_before(a, b) ? -1 : ev_before(b, a) ? 1 : 0;
}

/*
 * The new events of this poll in their place: [@from, nev) added.  They
 * are sorted (each buffer's are, several buffers interleave), then merged
 * with the old events after the earliest new one: mostly none, or about a
 * buffer's worth of another CPU's.  0, or -1 out of memory (the events
 * then stay in file order after the old ones).
 */
static int insert_sorted(struct lttr_live *l, size_t from)
{
	size_t nnew = l->nev - from, lo = 0, hi = from, ntail, a = 0, b = 0, k;
	struct live_ev *tail;

	qsort(l->ev + from, nnew, sizeof(*l->ev), ev_cmp);
	/* the first old event after the earliest new one */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ev_before(&l->ev[mid], &l->ev[from]))
			lo = mid + 1;
		else
			hi = mid;
	}
	ntail = from - lo;
	if (!ntail)
		return 0;
	tail = malloc(ntail * sizeof(*tail));
	if (!tail)
		return -1;
	memcpy(tail, l->ev + lo, ntail * sizeof(*tail));
	/* merge: the new ones (at from..) never move right of where they are read */
	for (k = lo; a < ntail || b < nnew; k++) {
		if (b >= nnew || (a < ntail && ev_before(&tail[a], &l->ev[from + b])))
			l->ev[k] = tail[a++];
		else
			l->ev[k] = l->ev[from + b++];
	}
	free(tail);
	return 0;
}

/* over the bound: the oldest dropped (a quarter more at once) */
static void drop_oldest(struct lttr_live *l)
{
	size_t n, i;

	if (l->nev <= l->keep + l->keep / 4)
		return;
	n = l->nev - l->keep;
	for (i = 0; i < n; i++)
		free((void *)l->ev[i].ev.var);
	memmove(l->ev, l->ev + n, (l->nev - n) * sizeof(*l->ev));
	l->nev -= n;
	l->st.dropped += n;
}

/* decode the whole buffer at @b (its header @bh, at file offset @at) */
static int decode_buffer(struct lttr_live *l, const struct ltt_buffer_header *bh,
			 const uint8_t *d, uint64_t at)
{
	struct live_cpu *c = &l->cpu[bh->cpu];
	uint64_t base = bh->start_ns, prev = base;
	uint32_t off = 0;
	char why[200];

	if (c->seen && bh->lost)
		c->st.nest = 0;	/* what was open before the loss is unknown */
	c->st.pid = bh->pid;
	c->seen = true;
	c->next_seq = bh->seq + 1;
	l->st.lost += bh->lost;
	while (off < bh->data_size) {
		struct lttr_event ev;
		uint64_t roff = at + sizeof(*bh) + off;
		int r = lttr_record_decode(d + off, bh->data_size - off, &ev, why, sizeof(why));

		if (r < 0)
			return fail(l, "%s/events: record at offset %" PRIu64
				    " (buffer at offset %" PRIu64 ", cpu %u, seq %" PRIu64 "): %s",
				    l->dir, roff, at, bh->cpu, (uint64_t)bh->seq, why);
		if (ev.id == LTT_EV_TIME_EXT && ev.details) {
			if (ev.p.time_ext.base_ns < prev || ev.p.time_ext.base_ns > bh->end_ns)
				return fail(l, "%s/events: record at offset %" PRIu64
					    " (cpu %u): a time extension out of its buffer's times: a damaged time",
					    l->dir, roff, bh->cpu);
			base = ev.p.time_ext.base_ns;
			ev.time_ns = base;
		} else {
			if (ev.time_ns > bh->end_ns - base)
				return fail(l, "%s/events: record at offset %" PRIu64
					    " (cpu %u): time delta %" PRIu64
					    " ns past the buffer's last record: a damaged time",
					    l->dir, roff, bh->cpu, ev.time_ns);
			ev.time_ns += base;
		}
		if (ev.time_ns < prev)
			return fail(l, "%s/events: record at offset %" PRIu64
				    " (cpu %u): earlier than the record before it: a damaged time",
				    l->dir, roff, bh->cpu);
		prev = ev.time_ns;
		ev.cpu = bh->cpu;
		ev.offset = roff;
		lttr_cpustate_apply(&c->st, &ev);
		if (ev.var && ev.var_len) {
			char *v = malloc(ev.var_len);

			if (!v)
				return fail(l, "out of memory");
			memcpy(v, ev.var, ev.var_len);
			ev.var = v;
		} else {
			ev.var = NULL;
		}
		if (grow(&l->ev, &l->cev, l->nev + 1, sizeof(*l->ev)) < 0) {
			free((void *)ev.var);
			return fail(l, "out of memory");
		}
		l->ev[l->nev].ev = ev;
		l->ev[l->nev].ord = l->ord++;
		l->nev++;
		l->st.events++;
		l->st.added++;
		if (ev.time_ns > l->st.newest_ns)
			l->st.newest_ns = ev.time_ns;
		off += ev.size;
	}
	return 0;
}

/* the whole buffers of pend[]: 0, or 1 failed */
static int decode_pending(struct lttr_live *l)
{
	size_t pos = 0;
	int r = 0;

	while (l->npend - pos >= sizeof(struct ltt_buffer_header)) {
		struct ltt_buffer_header bh;
		uint64_t at = l->off + pos;

		memcpy(&bh, l->pend + pos, sizeof(bh));
		if (bh.magic != LTT_BUFFER_MAGIC) {
			r = fail(l, "%s/events: bad buffer magic 0x%08x at offset %" PRIu64,
				 l->dir, bh.magic, at);
			break;
		}
		if (bh.cpu >= l->hdr.ncpus) {
			r = fail(l, "%s/events: buffer at offset %" PRIu64 " of cpu %u, the trace has %u",
				 l->dir, at, bh.cpu, l->hdr.ncpus);
			break;
		}
		if (l->hdr.buffer_size > sizeof(bh) && bh.data_size > l->hdr.buffer_size - sizeof(bh)) {
			r = fail(l, "%s/events: buffer at offset %" PRIu64 ": data_size %u larger than %u",
				 l->dir, at, bh.data_size,
				 (unsigned int)(l->hdr.buffer_size - sizeof(bh)));
			break;
		}
		if (bh.end_ns < bh.start_ns || (l->cpu[bh.cpu].seen && bh.seq < l->cpu[bh.cpu].next_seq)) {
			r = fail(l, "%s/events: buffer at offset %" PRIu64 " (cpu %u, seq %" PRIu64
				 "): %s", l->dir, at, bh.cpu, (uint64_t)bh.seq,
				 bh.end_ns < bh.start_ns ? "end_ns before start_ns" :
				 "seq not increasing on its CPU");
			break;
		}
		if (l->npend - pos < sizeof(bh) + bh.data_size)
			break;	/* being written: the rest later */
		r = decode_buffer(l, &bh, l->pend + pos + sizeof(bh), at);
		if (r)
			break;
		pos += sizeof(bh) + bh.data_size;
	}
	if (pos) {
		memmove(l->pend, l->pend + pos, l->npend - pos);
		l->npend -= pos;
		l->off += pos;
	}
	return r;
}

/* open @name of the directory once it exists: its fd, -1 not yet */
static int open_once(struct lttr_live *l, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", l->dir, name);
	return open(path, O_RDONLY | O_CLOEXEC);
}

/* the bytes of "events" appended since the last poll: 0, or 1 failed */
static int read_events(struct lttr_live *l)
{
	char path[4096];
	struct stat sb, now;
	uint64_t have, want;

	snprintf(path, sizeof(path), "%s/events", l->dir);
	if (l->evfd < 0) {
		l->evfd = open_once(l, "events");
		if (l->evfd < 0)
			return errno == ENOENT ? 0 : fail(l, "%s: %s", path, strerror(errno));
		if (fstat(l->evfd, &sb) < 0)
			return fail(l, "%s: %s", path, strerror(errno));
		l->ev_dev = sb.st_dev;
		l->ev_ino = sb.st_ino;
	}
	if (fstat(l->evfd, &sb) < 0)
		return fail(l, "%s: %s", path, strerror(errno));
	if (stat(path, &now) < 0 || now.st_ino != l->ev_ino || now.st_dev != l->ev_dev)
		return fail(l, "%s: removed or replaced while it was read: what was read is kept",
			    path);
	have = l->off + l->npend;
	if ((uint64_t)sb.st_size < have)
		return fail(l, "%s: truncated from %" PRIu64 " to %" PRIu64
			    " bytes while it was read: what was read is kept", path, have,
			    (uint64_t)sb.st_size);
	want = (uint64_t)sb.st_size - have;
	if (want > LIVE_READ_MAX)
		want = LIVE_READ_MAX;
	if (want) {
		ssize_t n;

		if (grow(&l->pend, &l->cpend, l->npend + want, 1) < 0)
			return fail(l, "out of memory");
		n = pread(l->evfd, l->pend + l->npend, want, (off_t)have);
		if (n < 0)
			return fail(l, "%s: %s", path, strerror(errno));
		l->npend += (size_t)n;
	}
	return decode_pending(l);
}

/* the whole lines appended to firings.jsonl */
static void read_firings(struct lttr_live *l)
{
	char buf[65536];
	struct stat sb;
	ssize_t n;

	if (l->fifd < 0 && (l->fifd = open_once(l, "firings.jsonl")) < 0)
		return;
	if (fstat(l->fifd, &sb) == 0 && (uint64_t)sb.st_size < l->fioff) {
		fail(l, "%s/firings.jsonl: truncated from %" PRIu64 " to %" PRIu64
		     " bytes while it was read: what was read is kept", l->dir, l->fioff,
		     (uint64_t)sb.st_size);
		return;
	}
	while ((n = pread(l->fifd, buf, sizeof(buf), (off_t)l->fioff)) > 0) {
		ssize_t i;

		l->fioff += (uint64_t)n;
		for (i = 0; i < n; i++) {
			struct lttr_firing_rec f;
			int k;

			if (buf[i] != '\n') {
				if (grow(&l->fline, &l->cfline, l->nfline + 2, 1) < 0)
					return;
				l->fline[l->nfline++] = buf[i];
				continue;
			}
			if (!l->nfline)
				continue;
			l->fline[l->nfline] = '\0';
			l->nfline = 0;
			k = lttr_firing_line(l->fline, l->fir, l->nfir, &f);
			if (k < 0) {
				l->bad_firings++;
				continue;
			}
			if (k == 0)
				continue;
			if (grow(&l->fir, &l->cfir, l->nfir + 1, sizeof(*l->fir)) < 0) {
				struct lttr_firing_rec *one = malloc(sizeof(*one));

				/* its strings freed as lttr_firings_free() frees them */
				if (one)
					*one = f;
				lttr_firings_free(one, 1);
				return;
			}
			l->fir[l->nfir++] = f;
		}
	}
}

int lttr_live_poll(struct lttr_live *l, uint64_t now_ns)
{
	enum lttr_live_state was = l->st.state;
	uint64_t events = l->st.events;
	size_t fir = l->nfir, from = l->nev;
	uint64_t had = l->off + l->npend;
	char why[sizeof(l->st.why)];
	int h;

	memcpy(why, l->st.why, sizeof(why));
	l->st.added = 0;
	l->st.read_ns = now_ns;
	if (was == LTTR_LIVE_FAILED || was == LTTR_LIVE_ENDED)
		goto out;
	h = read_header(l);
	if (h != 0)
		goto out;
	/* the header read before the events: once it has its end, they are whole */
	if (!read_events(l) && l->st.state == LTTR_LIVE_ENDED) {
		struct stat sb;

		while (l->evfd >= 0 && fstat(l->evfd, &sb) == 0 &&
		       (uint64_t)sb.st_size > l->off + l->npend && !read_events(l))
			;	/* more than a poll's reading was left */
		if (l->st.state == LTTR_LIVE_ENDED && l->npend)
			snprintf(l->st.why, sizeof(l->st.why),
				 "%s/events: the session ended inside a buffer at offset %" PRIu64
				 " (%zu bytes of it in the file): its events are unknown",
				 l->dir, l->off, l->npend);
	}
	if (l->nev > from && insert_sorted(l, from) < 0)
		fail(l, "out of memory");
	drop_oldest(l);
	read_firings(l);
out:
	l->st.kept = l->nev;
	l->st.bytes = l->off;
	l->st.pending = l->npend;
	l->st.firings = l->nfir;
	l->st.bad_firings = l->bad_firings;
	l->st.behind_ns = l->st.newest_ns && now_ns > l->st.newest_ns ? now_ns - l->st.newest_ns : 0;
	return l->st.state != was || l->st.events != events || l->nfir != fir ||
	       l->off + l->npend != had || strcmp(why, l->st.why);
}

void lttr_live_status(const struct lttr_live *l, struct lttr_live_status *st)
{
	*st = l->st;
}

const struct lttr_event *lttr_live_event(const struct lttr_live *l, size_t i)
{
	return i < l->nev ? &l->ev[i].ev : NULL;
}

size_t lttr_live_first_index(const struct lttr_live *l, uint64_t time_ns)
{
	size_t lo = 0, hi = l->nev;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->ev[mid].ev.time_ns < time_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct lttr_firing_rec *lttr_live_firing(const struct lttr_live *l, size_t i)
{
	return i < l->nfir ? &l->fir[i] : NULL;
}
