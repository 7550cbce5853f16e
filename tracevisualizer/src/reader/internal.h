/* SPDX-License-Identifier: GPL-2.0 */
/*
 * internal.h - structures shared by the library's source files.
 */
#ifndef LTTR_INTERNAL_H
#define LTTR_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <lttr/lttr.h>

/*
 * Nesting of trap and irq entries on one CPU, newest in the low bits:
 * 3 bits per entry (LTTR_NEST_*), 21 entries; older ones fall off the top.
 */
#define LTTR_NEST_BITS	3
#define LTTR_NEST_MASK	7ULL
#define LTTR_NEST_IRQ	1	/* irq entry, kernel mode */
#define LTTR_NEST_TRAP	2	/* trap entry, kernel mode */
#define LTTR_NEST_USER	4	/* or'ed: the entry interrupted user mode */

/**
 * struct lttr_cpustate - what is current on a CPU between two records
 * @pid: pid the next record belongs to
 * @nest: stack of open trap/irq entries (see LTTR_NEST_*)
 */
struct lttr_cpustate {
	uint32_t pid;
	uint64_t nest;
};

/*
 * A time-extension record (LTT_EV_TIME_EXT, format 1.5): from the record
 * after @off on, the buffer's deltas count from @base_ns.
 */
struct lttr_timeext {
	uint32_t off;
	uint64_t base_ns;
};

/* one indexed buffer (file order within its CPU = seq order) */
struct lttr_buf {
	uint64_t offset;	/* of the buffer header */
	uint64_t seq;
	uint64_t start_ns;
	uint64_t end_ns;
	uint64_t lost;
	uint64_t missing;	/* buffers of its CPU missing just before it */
	uint32_t data_size;
	uint32_t valid_size;	/* bytes of well-formed records (salvage) */
	uint32_t pid;
	uint16_t flags;
	bool nest_known;	/* nest_start is known */
	bool warned;		/* salvage warning issued */
	bool checked;		/* lttr_buf_check() done */
	bool truncated;		/* cut short in the file (salvage): its tail unknown */
	uint32_t bad_off;	/* first damaged record header (size, time), or UINT32_MAX */
	uint32_t bad_prev;	/* ... the delta of the record before it */
	uint64_t bad_prev_ns;	/* ... and its time */
	uint64_t last_ns;	/* time of its last well-formed record, once checked */
	bool ext_nomem;		/* no memory to note a time extension there */
	uint32_t ext_first;	/* first time-extension record, or UINT32_MAX */
	uint32_t next;		/* time-extension records in @ext */
	struct lttr_timeext *ext;	/* their offsets and times (format 1.5) */
	uint64_t nest_start;	/* nesting state at the buffer's start */
};

struct lttr_cpu {
	struct lttr_buf *bufs;
	size_t nbufs;
	size_t cap;
	uint64_t buffer_lost;
	uint64_t missing;	/* buffers missing between two of the file's */
	uint64_t overwritten;	/* flight recorder: buffers not kept */
	bool tail_cut;		/* its last buffers missing: the file was cut */
};

struct lttr_trace {
	char *dir;
	char *events_path;
	unsigned int flags;
	bool salvaged;			/* salvage cut a buffer or the file */
	bool cut;		/* events holds fewer buffers than the daemon wrote */
	struct ltt_trace_header hdr;	/* 1.0: 1.1 fields set to defaults */
	bool format_11;			/* header_size >= the 1.1 header */
	char arch[sizeof(((struct ltt_trace_header *)0)->arch) + 1];
	enum lttr_machine machine;	/* of arch */
	bool machine_held;		/* counted by lttr_machine_hold() */
	char release[sizeof(((struct ltt_trace_header *)0)->release) + 1];
	char hostname[sizeof(((struct ltt_trace_header *)0)->hostname) + 1];
	const uint8_t *map;
	size_t map_size;
	int events_fd;		/* the mapped file, for pread(); -1: none */
	unsigned int ncpus;
	struct lttr_cpu cpu[LTT_MAX_CPUS];
	size_t nbuffers;
	uint64_t max_end_ns;
	struct ltt_lost_info *lost;	/* ncpus entries, or NULL */
	struct lttr_proc *proc;
	struct lttr_custom_table *custom;	/* built on first use */
	bool custom_built;
	char **warnings;
	size_t nwarnings;
	size_t cap_warnings;
};

/* trace.c */
void lttr_trace_warn(struct lttr_trace *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * Unmap the whole pages of bytes [@from, @to) of the events file (to the
 * end of the last page when @to is the file size).  They stay in the page
 * cache and are mapped again when read: this only bounds what the
 * process maps at a time (its RSS) when it reads a big trace once.
 */
void lttr_map_drop(const struct lttr_trace *t, uint64_t from, uint64_t to);

/*
 * A trace of this reader's format or an older one holds only ids this
 * reader knows (ids are only ever added, with a new minor version): an
 * unknown one is a damaged record.  A newer trace's unknown ids are events
 * added since: skipped by their size (and counted as unknown).
 */
unsigned int lttr_record_max(unsigned int id, unsigned int flags);

static inline bool lttr_format_known(const struct lttr_trace *t)
{
	return t->hdr.major == LTT_FORMAT_MAJOR && t->hdr.minor <= LTT_FORMAT_MINOR;
}

/*
 * How far before the header's start a buffer may begin (the module records
 * from inside START, before the daemon stamps the start) and move the
 * trace's start (trace.c); the earliest time the tracer can have run:
 * from format 1.6 on, the time START took as the daemon measured it
 * (start_call_us, rounded up) and a millisecond for the two clocks' reads
 * (the module's ktime_get_mono_fast_ns(), the daemon's
 * CLOCK_MONOTONIC); in older traces, which do not say, a second.
 */
#define START_SLACK_NS 1000000000ULL

static inline uint64_t lttr_start_slack_ns(const struct lttr_trace *t)
{
	return t->hdr.start_call_us ? t->hdr.start_call_us * 1000ULL + 1000000ULL :
		START_SLACK_NS;
}

/* bufindex.c */
int lttr_bufindex_build(struct lttr_trace *t, struct lttr_error *err);
/* a warning per hole in a CPU's buffer sequence, times from the trace's start */
void lttr_bufindex_warn_missing(struct lttr_trace *t);
void lttr_bufindex_free(struct lttr_trace *t);

/* custom.c: the type table of the trace, built on first use */
struct lttr_custom_table *lttr_custom_table_of(const struct lttr_trace *t);

/* fields.c: @n bytes as lowercase hex into @out (2 * @n + 1 bytes) */
void lttr_hex(const void *data, size_t n, char *out);

/* pop the newest open entry of @kind; return whether it interrupted user mode */
static inline bool lttr_nest_pop(uint64_t *nest, unsigned int kind)
{
	uint64_t s = *nest;
	unsigned int depth;

	for (depth = 0; depth < 64 / LTTR_NEST_BITS; depth++) {
		unsigned int e = (unsigned int)((s >> (depth * LTTR_NEST_BITS)) & LTTR_NEST_MASK);

		if (!e)
			return false;	/* not found: leave the stack alone */
		if ((e & ~LTTR_NEST_USER) == kind) {
			unsigned int shift = (depth + 1) * LTTR_NEST_BITS;

			*nest = shift >= 64 ? 0 : s >> shift;
			return (e & LTTR_NEST_USER) != 0;
		}
	}
	return false;
}

static inline void lttr_nest_push(uint64_t *nest, unsigned int e)
{
	/* keeps the newest 21 entries */
	*nest = ((*nest << LTTR_NEST_BITS) | e) & (UINT64_MAX >> 1);
}

/* cpustate.c */
void lttr_cpustate_apply(struct lttr_cpustate *st, struct lttr_event *ev);

/* iter.c: make the nesting state at the start of buffer @bi known */
int lttr_ensure_nest(struct lttr_trace *t, unsigned int cpu, size_t bi,
		     struct lttr_error *err);

/* scan.c: lttr_scan_cpu() from record @off of buffer @bi with state @st */
int lttr_scan_cpu_from(struct lttr_trace *t, unsigned int cpu, size_t bi,
		       uint32_t off, struct lttr_cpustate st, lttr_scan_fn fn,
		       void *arg, struct lttr_error *err);

/*
 * Expand the compact payload at @pl (LTT_REC_COMPACT: ltt_compact_size(@id)
 * bytes, checked by the caller) of event @id into its full struct in @p,
 * with ltt_expand_event() of the ABI.  The bytes of @p after
 * the full struct are left alone; an id without a compact form leaves @p
 * alone.
 */
static inline __attribute__((always_inline)) void
compact_expand_id(unsigned int id, const uint8_t *pl, union lttr_payload *p)
{
	union ltt_ev_compactable f;
	union ltt_cev_any c;
	unsigned int n;

	memcpy(&c, pl, ltt_compact_size(id));
	n = ltt_expand_event(id, &c, &f);
	memcpy(p, &f, n);
}

static inline void lttr_compact_expand(unsigned int id, const uint8_t *pl,
				       union lttr_payload *p)
{
	/*
	 * Each id with a compact form by its own copy of the lines above,
	 * where the id is a constant: the compiler folds the sizes, and the
	 * two copies of a few bytes are moves, not the "rep movsb" of a
	 * copy of a size known only when run (a third of the cost of
	 * reading a record, in a perf profile of the view model's build)
	 */
	switch (id) {
	case LTT_EV_SYSCALL_ENTRY:
		compact_expand_id(LTT_EV_SYSCALL_ENTRY, pl, p);
		break;
	case LTT_EV_SYSCALL_EXIT:
		compact_expand_id(LTT_EV_SYSCALL_EXIT, pl, p);
		break;
	case LTT_EV_TRAP_ENTRY:
		compact_expand_id(LTT_EV_TRAP_ENTRY, pl, p);
		break;
	case LTT_EV_IRQ_ENTRY:
		compact_expand_id(LTT_EV_IRQ_ENTRY, pl, p);
		break;
	case LTT_EV_IRQ_EXIT:
		compact_expand_id(LTT_EV_IRQ_EXIT, pl, p);
		break;
	case LTT_EV_SCHEDCHANGE:
		compact_expand_id(LTT_EV_SCHEDCHANGE, pl, p);
		break;
	case LTT_EV_PROCESS_WAKEUP:
		compact_expand_id(LTT_EV_PROCESS_WAKEUP, pl, p);
		break;
	default:
		compact_expand_id(id, pl, p);
	}
}

/* record.c */
extern const uint8_t lttr_payload_size1[LTT_EV_MAX];
int lttr_read_record_slow(struct lttr_trace *t, unsigned int cpu, size_t bi,
			  uint32_t off, struct lttr_event *ev,
			  struct lttr_error *err);
void lttr_buf_check_slow(struct lttr_trace *t, unsigned int cpu, size_t bi);

/* the time order of a buffer's records, checked the first time it is used */
static inline void lttr_buf_check(struct lttr_trace *t, unsigned int cpu, size_t bi)
{
	if (!t->cpu[cpu].bufs[bi].checked)
		lttr_buf_check_slow(t, cpu, bi);
}

static inline const uint8_t *lttr_buf_data(const struct lttr_trace *t,
					   const struct lttr_buf *b)
{
	return t->map + b->offset + sizeof(struct ltt_buffer_header);
}

/*
 * Decode the record at @off of buffer @bi of @cpu.  Return 1 when decoded,
 * 0 at the end of the buffer's well-formed records (with LTTR_OPEN_SALVAGE
 * a malformed record ends the buffer, with a warning), or an error.  The
 * common case (a well-formed fixed-size record, full or compact) is
 * decoded inline.
 */
static inline int lttr_read_record(struct lttr_trace *t, unsigned int cpu,
				   size_t bi, uint32_t off, struct lttr_event *ev,
				   struct lttr_error *err)
{
	const struct lttr_buf *b = &t->cpu[cpu].bufs[bi];
	struct ltt_record_header rh;

	lttr_buf_check(t, cpu, bi);
	if (off >= b->valid_size)
		return 0;
	if (b->valid_size - off >= sizeof(rh) + sizeof(ev->p)) {
		const uint8_t *p = lttr_buf_data(t, b) + off;
		int psize;

		memcpy(&rh, p, sizeof(rh));
		/*
		 * compact: the size of its compact form; without details, or
		 * compact without a compact form: the slow path
		 */
		if (!(rh.flags & (LTT_REC_NO_DETAILS | LTT_REC_COMPACT)))
			psize = (int)lttr_payload_size1[rh.id] - 1;
		else if (!(rh.flags & LTT_REC_NO_DETAILS) && ltt_compact_size(rh.id))
			psize = (int)ltt_compact_size(rh.id);
		else
			psize = -1;
		if (psize >= 0 && rh.size >= sizeof(rh) + (unsigned int)psize &&
		    !(rh.size & (LTT_REC_ALIGN - 1)) &&
		    rh.size <= b->valid_size - off &&
		    b->start_ns + rh.delta <= b->end_ns && off != b->bad_off &&
		    off < b->ext_first) {
			ev->time_ns = b->start_ns + rh.delta;
			ev->offset = b->offset + sizeof(struct ltt_buffer_header) + off;
			ev->cpu = (uint16_t)cpu;
			ev->id = rh.id;
			ev->rec_flags = rh.flags;
			ev->size = rh.size;
			ev->known = true;
			ev->details = true;
			ev->control = false;
			ev->p_missing = 0;
			ev->var = NULL;
			ev->var_len = 0;
			ev->var_size = 0;
			if (rh.flags & LTT_REC_COMPACT)
				lttr_compact_expand(rh.id, p + sizeof(rh), &ev->p);
			else
				memcpy(&ev->p, p + sizeof(rh), sizeof(ev->p));
			return 1;
		}
	}
	return lttr_read_record_slow(t, cpu, bi, off, ev, err);
}

#endif /* LTTR_INTERNAL_H */
