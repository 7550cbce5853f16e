// SPDX-License-Identifier: GPL-2.0
/*
 * bufindex.c - index of the buffers of the events file, per CPU, built by
 * scanning the buffer headers (records are not read here).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "reader/internal.h"

#define BH_OFF(field) ((uint64_t)offsetof(struct ltt_buffer_header, field))

static int add_buf(struct lttr_cpu *c, const struct lttr_buf *b)
{
	if (c->nbufs == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		struct lttr_buf *n = realloc(c->bufs, cap * sizeof(*n));

		if (!n)
			return -1;
		c->bufs = n;
		c->cap = cap;
	}
	c->bufs[c->nbufs++] = *b;
	return 0;
}

/*
 * A problem at buffer offset @off: an error, or with LTTR_OPEN_SALVAGE a
 * warning and the end of the usable part of the file.
 */
static int stop_or_fail(struct lttr_trace *t, struct lttr_error *err,
			int code, uint64_t off, const char *what)
{
	if (t->flags & LTTR_OPEN_SALVAGE) {
		t->salvaged = true;
		lttr_trace_warn(t, "%s: %s at offset %" PRIu64 ": ignored with the rest of the file (salvage: %zu complete buffers read)",
				t->events_path, what, off, t->nbuffers);
		return 1;
	}
	return lttr_error_set(err, code, "%s: %s at offset %" PRIu64,
			      t->events_path, what, off);
}

/* nanoseconds from the earliest time the tracer can have run to @ns */
static uint64_t since_run(const struct lttr_trace *t, uint64_t ns)
{
	uint64_t slack = lttr_start_slack_ns(t);
	uint64_t first = t->hdr.start_ns > slack ? t->hdr.start_ns - slack : 0;

	return ns > first ? ns - first : 0;
}

/*
 * the buffer header at @off (whole in the file) into @h: read with pread()
 * rather than from the mapping, where each header 256 KiB from the one
 * before cost a page fault, the kernel mapping 16 pages around it, and
 * the unmapping of them after (a tenth of the summary's time on a 10 M
 * event trace, docs/benchmarks.md); from the mapping when that fails
 */
static void buf_header(const struct lttr_trace *t, uint64_t off,
		       struct ltt_buffer_header *h)
{
	if (t->events_fd >= 0 &&
	    pread(t->events_fd, h, sizeof(*h), (off_t)off) == (ssize_t)sizeof(*h))
		return;
	memcpy(h, t->map + off, sizeof(*h));
}

int lttr_bufindex_build(struct lttr_trace *t, struct lttr_error *err)
{
	const uint64_t max_data = t->hdr.buffer_size >= sizeof(struct ltt_buffer_header) ?
		t->hdr.buffer_size - sizeof(struct ltt_buffer_header) : 0;
	const bool flight = (t->hdr.flags & LTT_TRACE_FLIGHT) != 0;
	uint64_t off = 0, size = t->map_size, dropped = 0;
	bool seen[LTT_MAX_CPUS] = { false };
	uint64_t last_seq[LTT_MAX_CPUS] = { 0 };
	uint64_t last_start[LTT_MAX_CPUS] = { 0 };
	uint64_t last_end[LTT_MAX_CPUS] = { 0 };
	char what[256];
	int ret;

	while (off < size) {
		struct ltt_buffer_header h;
		struct lttr_buf b;
		uint64_t missing = 0;

		if (size - off < sizeof(h)) {
			if (t->flags & LTTR_OPEN_SALVAGE) {
				t->salvaged = true;
				lttr_trace_warn(t, "%s: truncated buffer at offset %" PRIu64 " (buffer header cut short): ignored (salvage: %zu complete buffers read)",
						t->events_path, off, t->nbuffers);
				break;
			}
			return lttr_error_set(err, LTTR_E_TRUNCATED,
				"%s: truncated buffer at offset %" PRIu64 " (buffer header cut short after %" PRIu64 " bytes; trace incomplete; use --salvage to read the %zu complete buffers)",
				t->events_path, off, size - off, t->nbuffers);
		}
		buf_header(t, off, &h);
		if (h.magic != LTT_BUFFER_MAGIC) {
			snprintf(what, sizeof(what),
				 "bad buffer magic 0x%08x (expected 0x%08x)",
				 h.magic, LTT_BUFFER_MAGIC);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if (h.cpu >= t->ncpus) {
			snprintf(what, sizeof(what),
				 "buffer cpu %u out of range (trace has %u CPUs)",
				 h.cpu, t->ncpus);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if (max_data && h.data_size > max_data) {
			snprintf(what, sizeof(what),
				 "buffer data_size %u larger than the buffer size %u allows (%" PRIu64 ")",
				 h.data_size, t->hdr.buffer_size, max_data);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		bool truncated = false;

		if (h.data_size > size - off - sizeof(h)) {
			if (t->flags & LTTR_OPEN_SALVAGE) {
				/*
				 * The daemon stopped writing mid-buffer (disk
				 * full, killed): keep the records that are
				 * there.  The record walker ends the buffer at
				 * the first record cut short, as it does for
				 * any bad record in salvage mode.
				 */
				t->salvaged = true;
				lttr_trace_warn(t, "%s: truncated buffer at offset %" PRIu64 " (data_size %u, %" PRIu64 " bytes left): salvage reads its whole records after %zu complete buffers",
						t->events_path, off, h.data_size,
						size - off - sizeof(h), t->nbuffers);
				h.data_size = (uint32_t)(size - off - sizeof(h));
				truncated = true;
			} else {
				return lttr_error_set(err, LTTR_E_TRUNCATED,
					"%s: truncated buffer at offset %" PRIu64 " (data_size %u, only %" PRIu64 " bytes left; trace incomplete; use --salvage to read the %zu complete buffers and the whole records of this one)",
					t->events_path, off, h.data_size,
					size - off - sizeof(h), t->nbuffers);
			}
		}
		if (seen[h.cpu] && h.seq <= last_seq[h.cpu]) {
			snprintf(what, sizeof(what),
				 "buffer seq %" PRIu64 " of cpu %u not after the previous seq %" PRIu64,
				 (uint64_t)h.seq, h.cpu, last_seq[h.cpu]);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if (seen[h.cpu] && h.start_ns < last_start[h.cpu]) {
			snprintf(what, sizeof(what),
				 "buffer start_ns %" PRIu64 " of cpu %u before the previous buffer's %" PRIu64,
				 (uint64_t)h.start_ns, h.cpu, last_start[h.cpu]);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		/*
		 * The header's times bound its records (each record's time
		 * is its start plus a delta checked against its end): a
		 * flipped bit in them would move every record of the
		 * buffer.  A buffer's last record is not before its first
		 * time, a CPU's buffers do not overlap, none ends after the
		 * stop the daemon stamped once the STOP ioctl had returned,
		 * none begins before START was called (lttr_start_slack_ns(): a
		 * complete trace: in one the daemon did not finish, rule 13
		 * of docs/control-flow.md clamps such times to the window).
		 */
		if (h.end_ns < h.start_ns) {
			snprintf(what, sizeof(what),
				 "buffer end_ns %" PRIu64 " of cpu %u before its start_ns %" PRIu64,
				 (uint64_t)h.end_ns, h.cpu, (uint64_t)h.start_ns);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if (seen[h.cpu] && h.start_ns < last_end[h.cpu]) {
			snprintf(what, sizeof(what),
				 "buffer start_ns %" PRIu64 " of cpu %u before the previous buffer's last record (%" PRIu64 ")",
				 (uint64_t)h.start_ns, h.cpu, last_end[h.cpu]);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if ((t->hdr.flags & LTT_TRACE_COMPLETE) && t->hdr.end_ns &&
		    h.end_ns > t->hdr.end_ns) {
			snprintf(what, sizeof(what),
				 "buffer end_ns %" PRIu64 " of cpu %u after the trace's stop (%" PRIu64 ")",
				 (uint64_t)h.end_ns, h.cpu, (uint64_t)t->hdr.end_ns);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if ((t->hdr.flags & LTT_TRACE_COMPLETE) && t->hdr.start_ns > lttr_start_slack_ns(t) &&
		    h.start_ns < t->hdr.start_ns - lttr_start_slack_ns(t)) {
			if (t->hdr.start_call_us)
				snprintf(what, sizeof(what),
					 "buffer start_ns %" PRIu64 " of cpu %u before START was called (the trace's start %" PRIu64 ", START took %" PRIu32 " us)",
					 (uint64_t)h.start_ns, h.cpu, (uint64_t)t->hdr.start_ns,
					 (uint32_t)t->hdr.start_call_us);
			else
				snprintf(what, sizeof(what),
					 "buffer start_ns %" PRIu64 " of cpu %u more than a second before the trace's start (%" PRIu64 ")",
					 (uint64_t)h.start_ns, h.cpu, (uint64_t)t->hdr.start_ns);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if (h.start_ns > UINT64_MAX - UINT32_MAX) {
			snprintf(what, sizeof(what),
				 "buffer start_ns %" PRIu64 " out of range",
				 (uint64_t)h.start_ns);
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		/*
		 * No CPU produces, and so loses, more than one event per
		 * nanosecond: the events a CPU lost before a buffer are at
		 * most the nanoseconds from the earliest time the tracer can
		 * have run to the buffer's start (the starts do not go back,
		 * so the CPU's earlier losses are within that bound too and
		 * the subtraction does not wrap, nor the sum).
		 */
		if (h.lost > since_run(t, h.start_ns) - t->cpu[h.cpu].buffer_lost) {
			snprintf(what, sizeof(what),
				 "buffer lost count %" PRIu64 " of cpu %u: with the %" PRIu64 " lost before, more events than the %" PRIu64 " ns from the earliest time the tracer can have run (one per nanosecond is more than a CPU produces)",
				 (uint64_t)h.lost, h.cpu,
				 t->cpu[h.cpu].buffer_lost,
				 since_run(t, h.start_ns));
			ret = stop_or_fail(t, err, LTTR_E_FORMAT, off, what);
			if (ret < 0)
				return ret;
			break;
		}
		if (flight) {
			/* the tracer overwrote the older buffers: expected */
			t->cpu[h.cpu].overwritten += seen[h.cpu] ?
				h.seq - last_seq[h.cpu] - 1 : h.seq;
		} else if (seen[h.cpu] && h.seq != last_seq[h.cpu] + 1) {
			/*
			 * The daemon writes every buffer: a hole is a damaged
			 * file.  The CPU's time between the buffers around it
			 * is unknown (the control flow makes it a gap; lttr_bufindex_warn_missing()
			 * says so once the trace's start is known).
			 */
			t->cut = true;
			missing = h.seq - last_seq[h.cpu] - 1;
		}
		seen[h.cpu] = true;
		last_seq[h.cpu] = h.seq;
		last_start[h.cpu] = h.start_ns;
		last_end[h.cpu] = h.end_ns;
		memset(&b, 0, sizeof(b));
		b.missing = missing;
		b.offset = off;
		b.seq = h.seq;
		b.start_ns = h.start_ns;
		b.end_ns = h.end_ns;
		b.lost = h.lost;
		b.data_size = h.data_size;
		b.valid_size = h.data_size;
		b.bad_off = UINT32_MAX;
		b.ext_first = UINT32_MAX;
		b.pid = h.pid;
		b.flags = h.flags;
		b.truncated = truncated;
		if (t->cpu[h.cpu].nbufs == 0)
			b.nest_known = true;	/* nothing open at the start */
		if (add_buf(&t->cpu[h.cpu], &b) < 0)
			return lttr_error_set(err, LTTR_E_NOMEM,
					      "%s: out of memory", t->events_path);
		t->cpu[h.cpu].buffer_lost += h.lost;
		t->cpu[h.cpu].missing += missing;
		t->nbuffers++;
		/* before 1.5, no record is more than 2^32 - 1 ns after start_ns */
		if (h.end_ns > t->max_end_ns &&
		    (h.end_ns <= h.start_ns + UINT32_MAX || t->hdr.minor >= 5))
			t->max_end_ns = h.end_ns;
		off += sizeof(h) + h.data_size;
		if (off - dropped >= (16U << 20)) {
			/* the pages mapped around the headers read so far */
			lttr_map_drop(t, dropped, off);
			dropped = off;
		}
	}
	return 0;
}

void lttr_bufindex_warn_missing(struct lttr_trace *t)
{
	unsigned int c;
	size_t i;

	for (c = 0; c < t->ncpus; c++)
		for (i = 1; i < t->cpu[c].nbufs; i++) {
			const struct lttr_buf *b = &t->cpu[c].bufs[i];

			if (!b->missing)
				continue;
			lttr_trace_warn(t, "%s: buffers %" PRIu64 "..%" PRIu64 " of cpu %u missing before offset %" PRIu64 ": the CPU's events from %.9f s to %.9f s unknown",
					t->events_path, b->seq - b->missing, b->seq - 1, c,
					b->offset,
					(double)(int64_t)(b[-1].end_ns - t->hdr.start_ns) / 1e9,
					(double)(int64_t)(b->start_ns - t->hdr.start_ns) / 1e9);
		}
}

void lttr_bufindex_free(struct lttr_trace *t)
{
	unsigned int i;

	for (i = 0; i < LTT_MAX_CPUS; i++) {
		for (size_t j = 0; j < t->cpu[i].nbufs; j++)
			free(t->cpu[i].bufs[j].ext);
		free(t->cpu[i].bufs);
		t->cpu[i].bufs = NULL;
		t->cpu[i].nbufs = 0;
	}
}
