// SPDX-License-Identifier: GPL-2.0
/*
 * trace.c - opening a trace directory: header validation, mapping of the
 * events file, the lost file and the proc snapshot.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "reader/internal.h"

#define HDR_OFF(field) ((unsigned int)offsetof(struct ltt_trace_header, field))

void lttr_trace_warn(struct lttr_trace *t, const char *fmt, ...)
{
	char buf[LTTR_ERRMSG_MAX];
	va_list ap;
	char *s;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (t->nwarnings == t->cap_warnings) {
		size_t cap = t->cap_warnings ? 2 * t->cap_warnings : 8;
		char **w = realloc(t->warnings, cap * sizeof(*w));

		if (!w)
			return;
		t->warnings = w;
		t->cap_warnings = cap;
	}
	s = strdup(buf);
	if (s)
		t->warnings[t->nwarnings++] = s;
}

static char *path_join(const char *dir, const char *name)
{
	size_t a = strlen(dir), b = strlen(name);
	char *p = malloc(a + b + 2);

	if (!p)
		return NULL;
	memcpy(p, dir, a);
	p[a] = '/';
	memcpy(p + a + 1, name, b + 1);
	return p;
}

/*
 * Read a whole small file.  Return 0, -ENOENT if it does not exist, or
 * another negative errno (message in @err).
 */
static int read_small_file(const char *path, size_t max, uint8_t **data,
			   size_t *len, struct lttr_error *err)
{
	struct stat st;
	uint8_t *buf;
	size_t got = 0;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		lttr_error_set(err, LTTR_E_IO, "%s: cannot open: %s", path,
			       strerror(e));
		return -e;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		lttr_error_set(err, LTTR_E_IO, "%s: not a regular file", path);
		return -EINVAL;
	}
	if ((uint64_t)st.st_size > max) {
		close(fd);
		lttr_error_set(err, LTTR_E_FORMAT,
			       "%s: too large (%lld bytes, at most %zu)", path,
			       (long long)st.st_size, max);
		return -EFBIG;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", path);
		return -ENOMEM;
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	buf[got] = 0;
	*data = buf;
	*len = got;
	return 0;
}

static void copy_str(char *dst, const char *src, size_t n)
{
	size_t i;

	for (i = 0; i < n && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

static int read_header(struct lttr_trace *t, struct lttr_error *err)
{
	const uint16_t one = 1;
	const unsigned int host_order =
		*(const uint8_t *)&one ? LTT_ORDER_LITTLE : LTT_ORDER_BIG;
	struct ltt_trace_header *h = &t->hdr;
	char *path = path_join(t->dir, "header");
	uint8_t *data = NULL;
	unsigned int cap_max;
	size_t len = 0;
	uint32_t magic;
	int ret;

	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	ret = read_small_file(path, 1 << 20, &data, &len, err);
	if (ret < 0) {
		free(path);
		return -(err ? err->code : LTTR_E_IO);
	}
	ret = 0;
	if (len < sizeof(magic)) {
		ret = lttr_error_set(err, LTTR_E_TRUNCATED,
			"%s: truncated: %zu bytes, a trace header has %u (format 1.0), %u (1.1 to 1.7), %u (1.8), %u (1.9) or %zu (1.10 to %u.%u)",
			path, len, LTT_TRACE_HEADER_SIZE_1_0, LTT_TRACE_HEADER_SIZE_1_7,
			LTT_TRACE_HEADER_SIZE_1_8, LTT_TRACE_HEADER_SIZE_1_9, sizeof(*h),
			LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR);
		goto out;
	}
	memcpy(&magic, data, sizeof(magic));
	if (magic == __builtin_bswap32(LTT_TRACE_MAGIC)) {
		ret = lttr_error_set(err, LTTR_E_UNSUPPORTED,
			"%s: foreign byte order (magic 0x%08x at offset 0 is byte-swapped): traces of a %s-endian machine cannot be read on this %s-endian host",
			path, magic,
			host_order == LTT_ORDER_LITTLE ? "big" : "little",
			host_order == LTT_ORDER_LITTLE ? "little" : "big");
		goto out;
	}
	if (magic != LTT_TRACE_MAGIC) {
		ret = lttr_error_set(err, LTTR_E_FORMAT,
			"%s: bad magic 0x%08x at offset 0 (expected 0x%08x): not an LTT trace header",
			path, magic, LTT_TRACE_MAGIC);
		goto out;
	}
	if (len < LTT_TRACE_HEADER_SIZE_1_0) {
		ret = lttr_error_set(err, LTTR_E_TRUNCATED,
			"%s: truncated: %zu bytes, a trace header has %u (format 1.0), %u (1.1 to 1.7), %u (1.8), %u (1.9) or %zu (1.10 to %u.%u)",
			path, len, LTT_TRACE_HEADER_SIZE_1_0, LTT_TRACE_HEADER_SIZE_1_7,
			LTT_TRACE_HEADER_SIZE_1_8, LTT_TRACE_HEADER_SIZE_1_9, sizeof(*h),
			LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR);
		goto out;
	}
	memset(h, 0, sizeof(*h));
	memcpy(h, data, len < sizeof(*h) ? len : sizeof(*h));
	if (h->major != LTT_FORMAT_MAJOR) {
		ret = lttr_error_set(err, LTTR_E_UNSUPPORTED,
			"%s: unsupported format version %u.%u at offset %u (this reader reads %u.x)",
			path, h->major, h->minor, HDR_OFF(major),
			LTT_FORMAT_MAJOR);
		goto out;
	}
	if (h->byte_order != host_order) {
		ret = lttr_error_set(err, LTTR_E_UNSUPPORTED,
			"%s: foreign byte order %u at offset %u (host is %s-endian, %u)",
			path, h->byte_order, HDR_OFF(byte_order),
			host_order == LTT_ORDER_LITTLE ? "little" : "big",
			host_order);
		goto out;
	}
	if (h->word_size != 4 && h->word_size != 8) {
		ret = lttr_error_set(err, LTTR_E_FORMAT,
			"%s: bad word size %u at offset %u (expected 4 or 8)",
			path, h->word_size, HDR_OFF(word_size));
		goto out;
	}
	if (h->header_size < LTT_TRACE_HEADER_SIZE_1_0 || h->header_size > len) {
		ret = lttr_error_set(err, LTTR_E_FORMAT,
			"%s: bad header_size %u at offset %u (expected >= %u and <= the file size %zu)",
			path, h->header_size, HDR_OFF(header_size),
			LTT_TRACE_HEADER_SIZE_1_0, len);
		goto out;
	}
	if (h->header_size < sizeof(*h))
		/* older formats: what header_size leaves out is 0 (no stacks) */
		memset((uint8_t *)h + h->header_size, 0, sizeof(*h) - h->header_size);
	if (h->header_size < LTT_TRACE_HEADER_SIZE_1_7) {
		/* format 1.0: the configuration is the one of that format */
		memset((uint8_t *)h + HDR_OFF(details), 0,
		       sizeof(*h) - HDR_OFF(details));
		memset(&h->details, 0xff, sizeof(h->details));
	} else {
		t->format_11 = true;
	}
	if (h->ncpus < 1 || h->ncpus > LTT_MAX_CPUS) {
		ret = lttr_error_set(err, LTTR_E_FORMAT,
			"%s: bad ncpus %u at offset %u (expected 1..%u)",
			path, h->ncpus, HDR_OFF(ncpus), LTT_MAX_CPUS);
		goto out;
	}
	if (h->clock_hz != 1000000000U) {
		ret = lttr_error_set(err, LTTR_E_UNSUPPORTED,
			"%s: clock_hz %u at offset %u not supported (timestamps must be ns: 1000000000)",
			path, h->clock_hz, HDR_OFF(clock_hz));
		goto out;
	}
	if (h->end_ns && h->end_ns < h->start_ns) {
		ret = lttr_error_set(err, LTTR_E_FORMAT,
			"%s: end_ns %llu at offset %u is before start_ns %llu",
			path, (unsigned long long)h->end_ns, HDR_OFF(end_ns),
			(unsigned long long)h->start_ns);
		goto out;
	}
	t->ncpus = h->ncpus;
	copy_str(t->arch, h->arch, sizeof(h->arch));
	t->machine = lttr_machine_from_uname(t->arch);
	if (t->machine == LTTR_MACHINE_OTHER)
		lttr_trace_warn(t, "%s: machine \"%s\" (arch at offset %u) has no syscall or trap table in this reader: syscalls are shown as syscall_N, traps as trap_N",
				path, t->arch, HDR_OFF(arch));
	t->machine_held = true;
	if (!lttr_machine_hold(t->machine))
		lttr_trace_warn(t, "%s: machine %s while a trace of %s is open: the views not given this trace name its syscalls and traps by %s's numbers",
				path, lttr_machine_name(t->machine),
				lttr_machine_name(lttr_machine_current()),
				lttr_machine_name(lttr_machine_current()));
	copy_str(t->release, h->release, sizeof(h->release));
	copy_str(t->hostname, h->hostname, sizeof(h->hostname));
	if (!(h->flags & LTT_TRACE_COMPLETE))
		lttr_trace_warn(t, "%s: trace not marked complete (the daemon did not finish cleanly)",
				path);
	if (h->syscall_ip.mode > LTT_SIP_RANGE)
		lttr_trace_warn(t, "%s: unknown syscall_ip mode %u at offset %u",
				path, h->syscall_ip.mode, HDR_OFF(syscall_ip.mode));
	/* whole packets from format 1.15 on, at most 256 bytes before */
	cap_max = h->minor >= 15 ? LTT_MAX_CAPTURE : LTT_MAX_CAPTURE_1_14;
	if (h->capture_len > cap_max)
		lttr_trace_warn(t, "%s: capture_len %u at offset %u larger than %u",
				path, h->capture_len, HDR_OFF(capture_len), cap_max);
out:
	free(data);
	free(path);
	return ret;
}

void lttr_map_drop(const struct lttr_trace *t, uint64_t from, uint64_t to)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), a, b;

	if (!t->map || to > t->map_size || from >= to)
		return;
	a = ((uintptr_t)(t->map + from) + pg - 1) & ~(pg - 1);
	b = to == t->map_size ? (uintptr_t)(t->map + to) + pg - 1 :
				(uintptr_t)(t->map + to);
	b &= ~(pg - 1);
	if (b > a)
		madvise((void *)a, b - a, MADV_DONTNEED);
}

static int map_events(struct lttr_trace *t, struct lttr_error *err)
{
	struct stat st;
	void *m;
	int fd, e;

	t->events_path = path_join(t->dir, "events");
	if (!t->events_path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	fd = open(t->events_path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		return lttr_error_set(err, LTTR_E_IO, "%s: cannot open: %s",
				      t->events_path, strerror(e));
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return lttr_error_set(err, LTTR_E_IO, "%s: not a regular file",
				      t->events_path);
	}
	if (st.st_size == 0) {
		close(fd);
		lttr_trace_warn(t, "%s: empty (no buffers)", t->events_path);
		return 0;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	e = errno;
	if (m == MAP_FAILED) {
		close(fd);
		return lttr_error_set(err, LTTR_E_IO, "%s: cannot map: %s",
				      t->events_path, strerror(e));
	}
	/* kept open: the summary's pass reads its buffers with pread() */
	t->events_fd = fd;
	/* read ahead the whole file (the pages are mapped when touched) */
	madvise(m, (size_t)st.st_size, MADV_WILLNEED);
	t->map = m;
	t->map_size = (size_t)st.st_size;
	return 0;
}

/*
 * What is wrong with the lost counts of one CPU, or NULL: the daemon
 * writes them after STOP, when they are stable, so the parts add up to
 * the total (per event type; the syscalls within their types), the nested ones are among them, only event types
 * the tracer records have any, the total holds the losses the buffer
 * headers of that CPU count, and it is no more than the nanoseconds of the
 * trace's span: no CPU produces (and so loses) more than one event per
 * nanosecond, so a larger total is damage even when its parts add up to it
 * (a corrupted file showed 1,095,216,660,480 syscall entries lost in a
 * 0.16 s trace).
 */
_Static_assert(offsetof(struct ltt_trace_header, stacks) == LTT_TRACE_HEADER_SIZE_1_7,
	       "the 1.1 to 1.7 header ends where the stack configuration starts");
_Static_assert(offsetof(struct ltt_trace_header, command_pid) == LTT_TRACE_HEADER_SIZE_1_8,
	       "the 1.8 header ends where command_pid starts");
_Static_assert(offsetof(struct ltt_trace_header, sample_hz) == LTT_TRACE_HEADER_SIZE_1_9,
	       "the 1.9 header ends where sample_hz starts");
_Static_assert(offsetof(struct ltt_lost_info, by_event_high) == LTT_LOST_INFO_SIZE_1_6,
	       "the lost file of format 1.6 is the 1.7 struct up to by_event_high");

static const char *lost_problem(const struct lttr_trace *t, const struct ltt_lost_info *li,
				char *buf, size_t size)
{
	const uint64_t span = lttr_trace_end_ns(t) - t->hdr.start_ns;
	uint64_t sum = 0, sce = 0, scx = 0;
	unsigned int id, k;

	for (id = 0; id < LTT_EV_MAX; id++) {
		uint64_t n = ltt_lost_by_event(li, id);

		if (n && !lttr_event_type_name(id)) {
			snprintf(buf, size, "%" PRIu64 " events of unknown type %u",
				 n, id);
			return buf;
		}
		sum += n;
	}
	for (k = 0; k < LTT_LOST_SYSCALLS; k++) {
		sce += li->syscall_entry[k];
		scx += li->syscall_exit[k];
	}
	/*
	 * every loss is counted by type (format 1.7: every id; before it, the
	 * tracer wrote ids below 64 only)
	 */
	if (sum != li->total)
		snprintf(buf, size, "the counts per type add up to %" PRIu64 ", the total says %" PRIu64,
			 sum, (uint64_t)li->total);
	else if (li->total > span)
		snprintf(buf, size, "a total of %" PRIu64 " events lost in a trace of %" PRIu64 " ns: more than one per nanosecond, which no CPU produces",
			 (uint64_t)li->total, span);
	else if (li->nested > li->total)
		snprintf(buf, size, "%" PRIu64 " nested of %" PRIu64 " in total",
			 (uint64_t)li->nested, (uint64_t)li->total);
	else if (sce > li->by_event[LTT_EV_SYSCALL_ENTRY] ||
		 scx > li->by_event[LTT_EV_SYSCALL_EXIT])
		snprintf(buf, size, "more syscall entries or exits by number (%" PRIu64 ", %" PRIu64 ") than of their types (%" PRIu64 ", %" PRIu64 ")",
			 sce, scx, (uint64_t)li->by_event[LTT_EV_SYSCALL_ENTRY],
			 (uint64_t)li->by_event[LTT_EV_SYSCALL_EXIT]);
	else if (li->total < t->cpu[li->cpu].buffer_lost)
		snprintf(buf, size, "a total of %" PRIu64 ", less than the %" PRIu64 " the buffer headers count",
			 (uint64_t)li->total, t->cpu[li->cpu].buffer_lost);
	else if ((t->hdr.flags & LTT_TRACE_BUFFERS) && t->cpu[li->cpu].nbufs > li->buffers)
		snprintf(buf, size, "%zu buffers in the events file, more than the %u the daemon wrote",
			 t->cpu[li->cpu].nbufs, li->buffers);
	else
		return NULL;
	return buf;
}

static int read_lost(struct lttr_trace *t, struct lttr_error *err)
{
	char *path = path_join(t->dir, "lost");
	/* the entry of a CPU: the whole struct from format 1.7 on */
	size_t entry = t->hdr.minor >= 7 ? sizeof(struct ltt_lost_info) :
		LTT_LOST_INFO_SIZE_1_6;
	size_t want = t->ncpus * entry;
	struct ltt_lost_info *all = NULL;
	struct lttr_error e2;
	uint8_t *data = NULL;
	size_t len = 0;
	unsigned int i;
	int ret;

	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	ret = read_small_file(path, 64 << 20, &data, &len, &e2);
	if (ret == -ENOENT) {
		lttr_trace_warn(t, "%s: missing (the daemon did not finish?): lost counts taken from the buffer headers",
				path);
		free(path);
		return 0;
	}
	if (ret < 0) {
		*err = e2;
		free(path);
		return -e2.code;
	}
	ret = 0;
	if (len != want) {
		if (t->flags & LTTR_OPEN_SALVAGE)
			lttr_trace_warn(t, "%s: size %zu, expected %zu (%u CPUs x %zu): ignored, lost counts taken from the buffer headers",
					path, len, want, t->ncpus, entry);
		else
			ret = lttr_error_set(err, LTTR_E_FORMAT,
				"%s: size %zu, expected %zu (%u CPUs x %zu bytes)",
				path, len, want, t->ncpus, entry);
		goto out;
	}
	/* the whole struct per CPU, the fields an older format lacks 0 */
	all = calloc(t->ncpus ? t->ncpus : 1, sizeof(*all));
	if (!all) {
		ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < t->ncpus; i++) {
		const struct ltt_lost_info *li = &all[i];
		char why[200];

		memcpy(&all[i], data + i * entry, entry);
		if (li->cpu != i) {
			ret = lttr_error_set(err, LTTR_E_FORMAT,
				"%s: entry %u at offset %zu has cpu %u",
				path, i, i * entry, li->cpu);
			goto out;
		}
		if (lost_problem(t, li, why, sizeof(why))) {
			lttr_trace_warn(t, "%s: cpu %u: %s: the file is damaged, ignored; lost counts taken from the buffer headers",
					path, i, why);
			goto out;
		}
	}
	t->lost = all;
	all = NULL;
	/*
	 * A trace that ended on an error, whose daemon counted the buffers
	 * it wrote: events counted lost beyond the buffer headers of a CPU
	 * are those the daemon took from the tracer after its last record
	 * in the file and could not write (a full disk).  Where each CPU's
	 * writing stopped is said.
	 */
	for (i = 0; (t->hdr.flags & LTT_TRACE_BUFFERS) &&
	     !(t->hdr.flags & LTT_TRACE_COMPLETE) && i < t->ncpus; i++) {
		const struct lttr_cpu *c = &t->cpu[i];
		uint64_t tail = t->lost[i].total - c->buffer_lost;

		if (!tail)
			continue;
		if (c->nbufs) {
			/* its last record read: a buffer may be cut short */
			lttr_buf_check(t, i, c->nbufs - 1);
			lttr_trace_warn(t, "%s: cpu %u: %" PRIu64 " events lost after %.9f s (the last record read, in buffer seq %" PRIu64 "%s): the trace ended on an error (a full disk?) and the daemon counted the events it could not write as lost",
					t->events_path, i, tail,
					(double)(int64_t)(c->bufs[c->nbufs - 1].last_ns - t->hdr.start_ns) / 1e9,
					c->bufs[c->nbufs - 1].seq,
					c->bufs[c->nbufs - 1].truncated ? ", cut short" : "");
		} else
			lttr_trace_warn(t, "%s: cpu %u: %" PRIu64 " events lost, none in the file: the trace ended on an error (a full disk?) and the daemon counted the events it could not write as lost",
					t->events_path, i, tail);
	}
	/*
	 * The daemon counted the buffers it wrote per CPU: fewer in the
	 * events file is a file cut short (at a buffer boundary, which
	 * nothing else shows), the CPU's events after its last one unknown.
	 */
	for (i = 0; (t->hdr.flags & LTT_TRACE_BUFFERS) && i < t->ncpus; i++) {
		const struct lttr_cpu *c = &t->cpu[i];
		uint32_t wrote = t->lost[i].buffers;

		if (c->nbufs + c->missing >= wrote)
			continue;
		t->cut = true;
		t->cpu[i].tail_cut = true;
		if (c->nbufs)
			lttr_trace_warn(t, "%s: cpu %u: the daemon wrote %u buffers, the file holds %zu: the last %zu are missing (the file was cut), the CPU's events after %.9f s unknown",
					t->events_path, i, wrote, c->nbufs,
					(size_t)(wrote - c->nbufs - c->missing),
					(double)(int64_t)(c->bufs[c->nbufs - 1].end_ns - t->hdr.start_ns) / 1e9);
		else
			lttr_trace_warn(t, "%s: cpu %u: the daemon wrote %u buffers, the file holds none (the file was cut): the CPU's events unknown",
					t->events_path, i, wrote);
	}
out:
	free(all);
	free(data);
	free(path);
	return ret;
}

/*
 * A trace the daemon finished but wrote before it counted its buffers
 * (without LTT_TRACE_BUFFERS: traced before 2026-11-25): a file cut at a
 * buffer boundary shows in the flags of each CPU's last buffer.  START
 * writes a record on every online CPU, a buffer is only closed when the
 * next record does not fit (and the next one opened for that record), so
 * every CPU has a buffer open at STOP, and STOP closes it with
 * LTT_BUF_FLUSHED.  A CPU whose last buffer lacks the flag lost its
 * tail: cut from the file, unless it ran out of free buffers at the end
 * (events the lost file counts beyond its buffer headers: loss, already
 * said).  A CPU without any buffer was offline: nothing to say.
 * Every writer of finished traces sets the flag (the module since the
 * first format; utest/tracegen.c as the module does), so a cut that takes
 * the stop's buffer of every CPU is seen too.
 */
static void find_unflushed_tails(struct lttr_trace *t)
{
	unsigned int i;

	if ((t->hdr.flags & LTT_TRACE_BUFFERS) || !(t->hdr.flags & LTT_TRACE_COMPLETE))
		return;
	for (i = 0; i < t->ncpus; i++) {
		struct lttr_cpu *c = &t->cpu[i];
		const struct lttr_buf *last;

		if (!c->nbufs)
			continue;
		last = &c->bufs[c->nbufs - 1];
		if (last->flags & LTT_BUF_FLUSHED)
			continue;
		if (t->lost && t->lost[i].total > c->buffer_lost)
			continue;
		t->cut = true;
		c->tail_cut = true;
		lttr_trace_warn(t, "%s: cpu %u: its last buffer (seq %" PRIu64 ") was not closed by the stop: the buffers after it are missing (the file was cut), the CPU's events after %.9f s unknown",
				t->events_path, i, last->seq,
				(double)(int64_t)(last->end_ns - t->hdr.start_ns) / 1e9);
	}
}

static int read_proc(struct lttr_trace *t, struct lttr_error *err)
{
	char *path = path_join(t->dir, "proc");
	unsigned int pflags = (t->flags & LTTR_OPEN_SALVAGE) ? LTTR_PROC_LENIENT : 0;
	struct lttr_error e2;
	int ret;

	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (access(path, F_OK) < 0 && errno == ENOENT) {
		lttr_trace_warn(t, "%s: missing: process names unknown", path);
		free(path);
		return 0;
	}
	ret = lttr_proc_load(path, pflags, &t->proc, &e2);
	if (ret < 0) {
		*err = e2;
		free(path);
		return ret;
	}
	if (t->proc->bad_lines)
		lttr_trace_warn(t, "%s: %zu malformed lines skipped (first at line %zu)",
				path, t->proc->bad_lines,
				t->proc->first_bad_line);
	{
		char first[128];
		size_t n = lttr_proc_check(t->proc, first, sizeof(first));

		if (n)
			lttr_trace_warn(t, "%s: %zu impossible entr%s (%s): the process tree may be wrong",
					path, n, n == 1 ? "y" : "ies", first);
	}
	free(path);
	return 0;
}

/*
 * The daemon stamps the header's start_ns when the START ioctl has
 * returned, but the module records from inside it: the first buffers of a
 * real trace begin milliseconds earlier (trace_start, the interrupts and
 * the daemon's own syscall exit of those milliseconds).  The trace starts
 * at the earliest first buffer, so that those records keep their real
 * times and durations instead of being squeezed to the header's start;
 * the wall-clock start moves by as much.  A flight-recorder trace starts
 * where every CPU has data (lttr_trace_window_start()), whatever this
 * says; a buffer earlier than START can have run (lttr_start_slack_ns():
 * the time START took, or a second in a trace before format 1.6) is
 * damage, not start-up,
 * and moves nothing.
 */
static void start_at_first_buffer(struct lttr_trace *t)
{
	uint64_t first = t->hdr.start_ns, d;
	unsigned int c;

	for (c = 0; c < t->ncpus; c++)
		if (t->cpu[c].nbufs && t->cpu[c].bufs[0].start_ns < first &&
		    t->hdr.start_ns - t->cpu[c].bufs[0].start_ns <= lttr_start_slack_ns(t))
			first = t->cpu[c].bufs[0].start_ns;
	d = t->hdr.start_ns - first;
	t->hdr.start_ns = first;
	if (t->hdr.start_wall_ns > d)
		t->hdr.start_wall_ns -= d;
}

int lttr_trace_open(const char *dir, unsigned int flags,
		    struct lttr_trace **out, struct lttr_error *err)
{
	struct lttr_error dummy;
	struct lttr_trace *t;
	int ret;

	if (!err)
		err = &dummy;
	lttr_error_clear(err);
	if (!dir || !out)
		return lttr_error_set(err, LTTR_E_INVAL, "invalid argument");
	*out = NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	t->events_fd = -1;
	t->flags = flags;
	t->dir = strdup(dir);
	if (!t->dir) {
		ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto fail;
	}
	ret = read_header(t, err);
	if (ret < 0)
		goto fail;
	ret = map_events(t, err);
	if (ret < 0)
		goto fail;
	ret = lttr_bufindex_build(t, err);
	lttr_map_drop(t, 0, t->map_size);
	if (ret < 0)
		goto fail;
	start_at_first_buffer(t);
	lttr_bufindex_warn_missing(t);
	ret = read_lost(t, err);
	if (ret < 0)
		goto fail;
	find_unflushed_tails(t);
	if (!(flags & LTTR_OPEN_NO_PROC)) {
		ret = read_proc(t, err);
		if (ret < 0)
			goto fail;
	}
	*out = t;
	return 0;
fail:
	lttr_trace_close(t);
	return ret;
}

void lttr_trace_close(struct lttr_trace *t)
{
	size_t i;

	if (!t)
		return;
	if (t->machine_held)
		lttr_machine_release(t->machine);
	lttr_bufindex_free(t);
	lttr_custom_table_free(t->custom);
	if (t->map)
		munmap((void *)t->map, t->map_size);
	if (t->events_fd >= 0)
		close(t->events_fd);
	free(t->lost);
	lttr_proc_free(t->proc);
	for (i = 0; i < t->nwarnings; i++)
		free(t->warnings[i]);
	free(t->warnings);
	free(t->events_path);
	free(t->dir);
	free(t);
}

const struct ltt_trace_header *lttr_trace_header(const struct lttr_trace *t)
{
	return &t->hdr;
}

const char *lttr_trace_dir(const struct lttr_trace *t)
{
	return t->dir;
}

unsigned int lttr_trace_ncpus(const struct lttr_trace *t)
{
	return t->ncpus;
}

bool lttr_trace_cpu_cut(const struct lttr_trace *t, unsigned int cpu)
{
	return cpu < t->ncpus && t->cpu[cpu].tail_cut;
}

uint64_t lttr_trace_cpu_missing(const struct lttr_trace *t, unsigned int cpu)
{
	return cpu < t->ncpus ? t->cpu[cpu].missing : 0;
}

bool lttr_trace_salvaged(const struct lttr_trace *t)
{
	return t->salvaged;
}

bool lttr_trace_complete(const struct lttr_trace *t)
{
	return (t->hdr.flags & LTT_TRACE_COMPLETE) && !t->salvaged && !t->cut;
}

const char *lttr_trace_arch(const struct lttr_trace *t)
{
	return t->arch;
}

enum lttr_machine lttr_trace_machine(const struct lttr_trace *t)
{
	return t ? t->machine : lttr_machine_current();
}

const char *lttr_trace_release(const struct lttr_trace *t)
{
	return t->release;
}

const char *lttr_trace_hostname(const struct lttr_trace *t)
{
	return t->hostname;
}

uint64_t lttr_trace_end_ns(const struct lttr_trace *t)
{
	if (t->hdr.end_ns)
		return t->hdr.end_ns;
	return t->max_end_ns > t->hdr.start_ns ? t->max_end_ns : t->hdr.start_ns;
}

size_t lttr_trace_buffer_count(const struct lttr_trace *t, unsigned int cpu)
{
	return cpu < t->ncpus ? t->cpu[cpu].nbufs : 0;
}

size_t lttr_trace_total_buffers(const struct lttr_trace *t)
{
	return t->nbuffers;
}

int lttr_trace_buffer(struct lttr_trace *t, unsigned int cpu, size_t i,
		      struct lttr_buffer_info *bi)
{
	const struct lttr_buf *b;

	if (cpu >= t->ncpus || i >= t->cpu[cpu].nbufs)
		return -LTTR_E_INVAL;
	lttr_buf_check(t, cpu, i);
	b = &t->cpu[cpu].bufs[i];
	bi->offset = b->offset;
	bi->seq = b->seq;
	bi->start_ns = b->start_ns;
	bi->end_ns = b->end_ns;
	bi->lost = b->lost;
	bi->missing = b->missing;
	bi->data_size = b->data_size;
	bi->valid_size = b->valid_size;
	bi->pid = b->pid;
	bi->cpu = (uint16_t)cpu;
	bi->flags = b->flags;
	bi->truncated = b->truncated;
	return 0;
}

uint64_t lttr_trace_buffer_lost(const struct lttr_trace *t, unsigned int cpu, size_t i)
{
	return cpu < t->ncpus && i < t->cpu[cpu].nbufs ? t->cpu[cpu].bufs[i].lost : 0;
}

bool lttr_trace_has_lost_file(const struct lttr_trace *t)
{
	return t->lost != NULL;
}

const struct ltt_lost_info *lttr_trace_lost_info(const struct lttr_trace *t,
						 unsigned int cpu)
{
	if (!t->lost || cpu >= t->ncpus)
		return NULL;
	return &t->lost[cpu];
}

uint64_t lttr_trace_buffer_lost_cpu(const struct lttr_trace *t, unsigned int cpu)
{
	return cpu < t->ncpus ? t->cpu[cpu].buffer_lost : 0;
}

uint64_t lttr_trace_lost_tail(const struct lttr_trace *t, unsigned int cpu)
{
	uint64_t f = lttr_trace_lost_cpu(t, cpu);
	uint64_t b = lttr_trace_buffer_lost_cpu(t, cpu);

	return f > b ? f - b : 0;
}

uint64_t lttr_trace_lost_cpu(const struct lttr_trace *t, unsigned int cpu)
{
	if (cpu >= t->ncpus)
		return 0;
	if (t->lost)
		return t->lost[cpu].total;
	return t->cpu[cpu].buffer_lost;
}

const struct lttr_proc *lttr_trace_proc(const struct lttr_trace *t)
{
	return t->proc;
}

const char *lttr_trace_irq_name(const struct lttr_trace *t, uint32_t irq)
{
	if (irq == LTTR_WHAT_UNKNOWN)
		return "unknown";
	return t ? lttr_proc_irq_name(t->proc, irq) : NULL;
}

const char *lttr_trace_netdev_name(const struct lttr_trace *t, uint32_t ifindex)
{
	return t ? lttr_proc_netdev_name(t->proc, ifindex) : NULL;
}

bool lttr_trace_format_11(const struct lttr_trace *t)
{
	return t->format_11;
}

bool lttr_trace_command_pid(const struct lttr_trace *t, uint32_t *pid)
{
	*pid = t->hdr.header_size > LTT_TRACE_HEADER_SIZE_1_8 ? t->hdr.command_pid : 0;
	return t->hdr.header_size > LTT_TRACE_HEADER_SIZE_1_8;
}

bool lttr_trace_records_reaps(const struct lttr_trace *t)
{
	return lttr_event_mask_has(&t->hdr.mask, LTT_EV_PROCESS_REAP) &&
	       lttr_event_mask_has(&t->hdr.details, LTT_EV_PROCESS_REAP) &&
	       !(t->hdr.flags & LTT_TRACE_FILTERED) && !t->hdr.filter.flags;
}

bool lttr_trace_flight(const struct lttr_trace *t)
{
	return (t->hdr.flags & LTT_TRACE_FLIGHT) != 0;
}

uint64_t lttr_trace_overwritten(const struct lttr_trace *t, unsigned int cpu)
{
	return cpu < t->ncpus ? t->cpu[cpu].overwritten : 0;
}

uint64_t lttr_trace_window_start(const struct lttr_trace *t)
{
	uint64_t w = t->hdr.start_ns, end = lttr_trace_end_ns(t);
	unsigned int c;

	if (!(t->hdr.flags & LTT_TRACE_FLIGHT))
		return w;
	for (c = 0; c < t->ncpus; c++)
		if (t->cpu[c].nbufs && t->cpu[c].bufs[0].start_ns > w)
			w = t->cpu[c].bufs[0].start_ns;
	return w < end ? w : end;
}

bool lttr_event_mask_has(const struct ltt_event_mask *m, unsigned int id)
{
	return id < LTT_EV_MAX && (m->bits[id / 64] >> (id % 64) & 1);
}

size_t lttr_trace_warning_count(const struct lttr_trace *t)
{
	return t->nwarnings;
}

const char *lttr_trace_warning(const struct lttr_trace *t, size_t i)
{
	return i < t->nwarnings ? t->warnings[i] : NULL;
}

const uint8_t *lttr_trace_events_data(const struct lttr_trace *t, size_t *size)
{
	if (size)
		*size = t->map_size;
	return t->map;
}
