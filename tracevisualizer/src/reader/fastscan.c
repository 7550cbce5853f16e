// SPDX-License-Identifier: GPL-2.0
/*
 * fastscan.c - the cursor over one CPU's records (lttr/reader/fastscan.h).
 *
 * The pass reads the buffers of its CPU in file order and decodes in
 * place the records that are most of a trace: syscall entries and exits
 * (inline, lttr_fastbuf_next()), trap and irq entries and exits,
 * schedchanges, well formed, full or compact, with details.  It neither
 * checks a buffer's time order first (lttr_buf_check()) nor warns: a
 * record it cannot take as it is (a size below its form's, a time past
 * the buffer's end or before the record before it, an id the format does
 * not know, a custom instance) stops it, and lttr_fastscan_event() goes
 * on from there with the generic reader, whose checks and warnings then
 * come in file order.  Any other well-formed record is decoded in full by
 * lttr_record_decode().
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "reader/internal.h"
#include <lttr/reader/fastscan.h>

struct lttr_fastscan {
	struct lttr_trace *t;
	unsigned int cpu;
	size_t bi;		/* the buffer read */
	uint32_t off;		/* ... the offset of its next record */
	bool entered;		/* ... its start is done (state) */
	bool stopped;		/* the pass stopped at bi, off */
	bool lost;		/* lttr_fastscan_event(): a lost buffer began */
	struct lttr_cpustate st;	/* the CPU's state before the next record */
	struct lttr_event ev;	/* the record decoded in full */
	uint8_t *copy;		/* the buffer's records, read (fast_read()) */
	size_t capcopy;
	bool mapped;		/* the buffer read touched the mapped file */
};

/*
 * smallest size of a record decoded in place, by its flags' LTT_REC_COMPACT
 * and LTT_REC_NO_DETAILS bits and its id (FAST_MIN()): a full record with
 * details, a compact one; UINT32_MAX: never (no details, or no such form)
 */
#define FAST_FLAGS (LTT_REC_COMPACT | LTT_REC_NO_DETAILS)
#define FAST_MIN(flags, id) fast_min_size[(((flags) & FAST_FLAGS) << 8) | (id)]
static uint32_t fast_min_size[(FAST_FLAGS + 1) << 8];
/*
 * largest size, by the same index: lttr_record_max() in a format the
 * reader knows (fast_max_size), none in a newer one (fast_max_none)
 */
static uint32_t fast_max_size[(FAST_FLAGS + 1) << 8];
static uint32_t fast_max_none[(FAST_FLAGS + 1) << 8];
static pthread_once_t fast_once = PTHREAD_ONCE_INIT;

static void fast_init(void)
{
	unsigned int i;

	_Static_assert(LTT_EV_MAX <= 256, "an id is a byte");
	for (i = 0; i < sizeof(fast_min_size) / sizeof(*fast_min_size); i++) {
		unsigned int max = lttr_record_max(i & 0xff, i >> 8);

		fast_min_size[i] = UINT32_MAX;
		fast_max_size[i] = max ? max : UINT32_MAX;
		fast_max_none[i] = UINT32_MAX;
	}
	for (i = 0; i < LTT_EV_MAX; i++) {
		if (lttr_payload_size1[i])
			FAST_MIN(0, i) = (uint32_t)sizeof(struct ltt_record_header) +
				lttr_payload_size1[i] - 1;
		if (ltt_compact_size(i))
			FAST_MIN(LTT_REC_COMPACT, i) =
				(uint32_t)sizeof(struct ltt_record_header) +
				ltt_compact_size(i);
	}
}

int lttr_fastscan_new(struct lttr_trace *t, unsigned int cpu,
		      struct lttr_fastscan **out, struct lttr_error *err)
{
	struct lttr_fastscan *fs;

	*out = NULL;
	if (cpu >= t->ncpus)
		return lttr_error_set(err, LTTR_E_INVAL, "cpu %u out of range", cpu);
	fs = calloc(1, sizeof(*fs));
	if (!fs)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	fs->t = t;
	fs->cpu = cpu;
	pthread_once(&fast_once, fast_init);
	*out = fs;
	return 0;
}

void lttr_fastscan_free(struct lttr_fastscan *fs)
{
	if (fs)
		free(fs->copy);
	free(fs);
}

const struct lttr_event *lttr_fastscan_full(const struct lttr_fastscan *fs)
{
	return &fs->ev;
}

bool lttr_fastscan_stopped(const struct lttr_fastscan *fs)
{
	return fs->stopped;
}

uint32_t lttr_fastscan_pid(const struct lttr_fastscan *fs)
{
	return fs->st.pid;
}

/*
 * Buffer @b has been read from the mapping (fast_read() could not copy
 * it, or a record was decoded in full): its pages go (see
 * lttr_map_drop()), whatever the other threads read.  A CPU's buffers are interleaved with the other
 * CPUs' in the file, and a thread that ran ahead of another kept, under
 * the former rule (drop the file below every CPU's first unread buffer,
 * 8 MiB at a time), what lay between them mapped: up to 83 MiB of a 145
 * MB trace on 2 loaded processors.  One madvise() per buffer (about 550
 * on that trace) did not change its time measurably (docs/benchmarks.md).
 */
static void fast_release(const struct lttr_trace *t, const struct lttr_buf *b)
{
	lttr_map_drop(t, b->offset, b->offset +
		      sizeof(struct ltt_buffer_header) + b->data_size);
}

/*
 * The records of buffer @b read into @fs->copy with pread(): NULL when
 * they cannot be (no file, out of memory, a read error or a file cut
 * short since it was mapped), and the pass reads the mapping.  Most of
 * the pass's kernel time was the mapping's: its page faults, the
 * madvise() of fast_release() and the other threads' TLB flushes it
 * caused; a copy into a buffer the pass reuses costs what cat's read()
 * does (docs/benchmarks.md).  The records the pass decodes in full, and
 * lttr_fastscan_event() after a stop, still read the mapping (the
 * decoded event may point into it): then the buffer is released.
 */
static const uint8_t *fast_read(struct lttr_fastscan *fs, const struct lttr_buf *b)
{
	const struct lttr_trace *t = fs->t;
	off_t off = (off_t)(b->offset + sizeof(struct ltt_buffer_header));
	size_t n = b->valid_size, got = 0;

	if (t->events_fd < 0 || !n)
		return NULL;
	if (n > fs->capcopy) {
		uint8_t *c = realloc(fs->copy, n);

		if (!c)
			return NULL;
		fs->copy = c;
		fs->capcopy = n;
	}
	while (got < n) {
		ssize_t r = pread(t->events_fd, fs->copy + got, n - got, off + (off_t)got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return NULL;
		got += (size_t)r;
	}
	return fs->copy;
}

#define REC_HDR ((uint32_t)sizeof(struct ltt_record_header))
/*
 * The payload of the record at @p, of event @id (one with a compact form),
 * as its full struct whether it was written full or (@c) compact; the
 * record's size was checked for its form.
 */
static inline void fast_payload(const uint8_t *p, unsigned int id, bool c,
				union lttr_payload *pl)
{
	if (c)
		lttr_compact_expand(id, p + REC_HDR, pl);
	else
		memcpy(pl, p + REC_HDR, ltt_compact_full_size(id));
}

/*
 * The syscall number of the syscall entry or exit (@ex) at @p, full or
 * (@c) compact: the ABI's expansion of that one event, whose sizes the
 * compiler knows.  fast_payload() copies sizes that depend on the id, two
 * calls of the C library's memcpy per record: a quarter of the pass's
 * time, these records being most of a trace (docs/benchmarks.md).
 */
#define FAST_SC_NR(full, compact, expand) do {			\
	struct full f;						\
	if (c) {						\
		struct compact k;				\
		memcpy(&k, p + REC_HDR, sizeof(k));		\
		expand(&k, &f);					\
	} else {						\
		memcpy(&f, p + REC_HDR, sizeof(f));		\
	}							\
	return f.nr;						\
} while (0)

static inline uint32_t fast_sc_nr(const uint8_t *p, bool ex, bool c)
{
	if (ex)
		FAST_SC_NR(ltt_ev_syscall_exit, ltt_cev_syscall_exit, ltt_expand_syscall_exit);
	FAST_SC_NR(ltt_ev_syscall_entry, ltt_cev_syscall_entry, ltt_expand_syscall_entry);
}
#undef FAST_SC_NR

/* the largest size of @ev's record (UINT32_MAX: not bounded) */
static uint32_t fb_max(const struct lttr_trace *t, const struct lttr_event *ev)
{
	unsigned int max = lttr_format_known(t) ? lttr_record_max(ev->id, ev->rec_flags) : 0;

	return max ? max : UINT32_MAX;
}

/*
 * The record at @off of buffer @b, which the in-place decoding did not
 * take, decoded in full into @fs->ev and @r; false when the
 * pass stops there (see the top of this file).
 */
static bool fast_full(struct lttr_fastscan *fs, const struct lttr_buf *b,
		      uint32_t off, uint32_t last, struct lttr_cpustate *st,
		      struct lttr_fastrec *r)
{
	struct lttr_event *ev = &fs->ev;
	const uint32_t vs = b->valid_size;

	fs->mapped = true;

	/*
	 * (a time past the buffer's end or before the record before it:
	 * damaged, the generic reader says so)
	 */
	if (lttr_record_decode(lttr_buf_data(fs->t, b) + off, vs - off, ev, NULL, 0) < 0 ||
	    (!ev->known && lttr_format_known(fs->t)) ||
	    b->start_ns + ev->time_ns > b->end_ns || ev->time_ns < last ||
	    (ev->id == LTT_EV_CUSTOM && ev->details) ||
	    ev->size > fb_max(fs->t, ev))
		return false;
	ev->cpu = (uint16_t)fs->cpu;
	ev->time_ns += b->start_ns;
	ev->offset = b->offset + sizeof(struct ltt_buffer_header) + off;
	lttr_cpustate_apply(st, ev);
	r->time_ns = ev->time_ns;
	r->pid = ev->pid;
	r->next_pid = st->pid;
	r->nr = 0;
	r->id = (uint16_t)ev->id;
	r->control = ev->control;
	r->flags = LTTR_FASTREC_FULL;
	return true;
}

int lttr_fastscan_buffer(struct lttr_fastscan *fs, struct lttr_fastbuf *fb)
{
	const struct lttr_trace *t = fs->t;
	const struct lttr_cpu *cp = &t->cpu[fs->cpu];
	struct lttr_buf *b;
	const uint8_t *d;

	if (fs->stopped)
		return 0;
	if (fs->entered) {	/* the buffer @fb held is read */
		if (fs->mapped)
			fast_release(t, &cp->bufs[fs->bi]);
		fs->st.pid = fb->pid;
		fs->st.nest = fb->nest;
		fs->bi++;
		fs->entered = false;
		fs->off = 0;
	}
	if (fs->bi >= cp->nbufs)
		return 0;
	b = &cp->bufs[fs->bi];
	if (!b->nest_known) {
		b->nest_start = fs->st.nest;
		b->nest_known = true;
	}
	d = fast_read(fs, b);
	fs->mapped = !d;
	if (!d)
		d = lttr_buf_data(t, b);
	fb->data = fb->p = d;
	fb->end = d + b->valid_size;
	fb->min_size = fast_min_size;
	fb->max_size = lttr_format_known(t) ? fast_max_size : fast_max_none;
	fb->start_ns = b->start_ns;
	/*
	 * (the index keeps no buffer whose end is before its start, nor
	 * one whose start plus a delta can wrap: a record is past the
	 * buffer's end when its delta is past the span)
	 */
	fb->span = b->end_ns - b->start_ns;
	fb->nest = b->nest_start;
	fb->lost = b->lost;
	fb->last = 0;
	fb->pid = b->pid;
	fs->entered = true;
	return 1;
}

bool lttr_fastscan_record(struct lttr_fastscan *fs, struct lttr_fastbuf *fb,
			  struct lttr_fastrec *r)
{
	const struct lttr_buf *b = &fs->t->cpu[fs->cpu].bufs[fs->bi];
	const uint8_t *p = fb->p;
	struct ltt_record_header rh;
	struct lttr_cpustate st;
	union lttr_payload pl;
	bool c, u;

	if ((size_t)(fb->end - p) < REC_HDR)
		goto full;
	memcpy(&rh, p, sizeof(rh));
	if (rh.size < FAST_MIN(rh.flags, rh.id) || rh.size > (size_t)(fb->end - p) ||
	    rh.size > fb->max_size[((rh.flags & FAST_FLAGS) << 8) | rh.id] ||
	    (rh.size & (LTT_REC_ALIGN - 1)) ||
	    rh.delta > fb->span || rh.delta < fb->last)
		goto full;
	c = (rh.flags & LTT_REC_COMPACT) != 0;
	r->time_ns = fb->start_ns + rh.delta;
	r->pid = r->next_pid = fb->pid;
	r->nr = 0;
	r->id = rh.id;
	r->control = 1;
	r->flags = 0;
	switch (rh.id) {
	case LTT_EV_SYSCALL_ENTRY:
		r->nr = fast_sc_nr(p, false, c);
		break;
	case LTT_EV_SYSCALL_EXIT:
		r->nr = fast_sc_nr(p, true, c);
		break;
	case LTT_EV_TRAP_ENTRY:
		fast_payload(p, rh.id, c, &pl);
		u = (pl.trap_entry.flags & LTT_TRAP_USER) != 0;
		lttr_nest_push(&fb->nest, LTTR_NEST_TRAP | (u ? LTTR_NEST_USER : 0));
		r->control = u;
		break;
	case LTT_EV_IRQ_ENTRY:
		fast_payload(p, rh.id, c, &pl);
		u = (pl.irq_entry.flags & LTT_IRQ_USER) != 0;
		lttr_nest_push(&fb->nest, LTTR_NEST_IRQ | (u ? LTTR_NEST_USER : 0));
		r->control = u;
		break;
	case LTT_EV_TRAP_EXIT:
		r->control = lttr_nest_pop(&fb->nest, LTTR_NEST_TRAP);
		break;
	case LTT_EV_IRQ_EXIT:
		r->control = lttr_nest_pop(&fb->nest, LTTR_NEST_IRQ);
		break;
	case LTT_EV_SCHEDCHANGE:
		/* belongs to prev_pid; next_pid becomes current */
		fast_payload(p, rh.id, c, &pl);
		r->pid = pl.schedchange.prev_pid;
		fb->pid = r->next_pid = pl.schedchange.next_pid;
		break;
	default:
		goto full;
	}
	fb->last = rh.delta;
	fb->p = p + rh.size;
	return true;
full:
	/*
	 * any other record (a syscall record comes here only without
	 * details: one with details is well formed or stops the pass)
	 */
	st.pid = fb->pid;
	st.nest = fb->nest;
	if (!fast_full(fs, b, (uint32_t)(p - fb->data), fb->last, &st, r)) {
		/* lttr_fastscan_event() goes on from here */
		fs->stopped = true;
		fs->off = (uint32_t)(p - fb->data);
		fs->st.pid = fb->pid;
		fs->st.nest = fb->nest;
		return false;
	}
	fb->pid = st.pid;
	fb->nest = st.nest;
	fb->last = (uint32_t)(fs->ev.time_ns - b->start_ns);
	fb->p = p + fs->ev.size;
	return true;
}

int lttr_fastscan_event(struct lttr_fastscan *fs, struct lttr_event *ev,
			bool *lost_before, struct lttr_error *err)
{
	struct lttr_trace *t = fs->t;
	struct lttr_cpu *cp = &t->cpu[fs->cpu];

	*lost_before = false;
	for (; fs->bi < cp->nbufs; fs->bi++, fs->entered = false, fs->off = 0) {
		struct lttr_buf *b = &cp->bufs[fs->bi];

		/* as lttr_scan_cpu_from() */
		if (!fs->entered) {
			if (!b->nest_known) {
				b->nest_start = fs->st.nest;
				b->nest_known = true;
			}
			fs->st.pid = b->pid;
			fs->st.nest = b->nest_start;
			fs->lost |= b->lost != 0;
			fs->entered = true;
			fs->off = 0;
		}
		int r = lttr_read_record(t, fs->cpu, fs->bi, fs->off, ev, err);

		if (r < 0)
			return r;
		if (r > 0) {
			lttr_cpustate_apply(&fs->st, ev);
			fs->off += ev->size;
			*lost_before = fs->lost;
			fs->lost = false;
			return 1;
		}
	}
	return 0;
}
