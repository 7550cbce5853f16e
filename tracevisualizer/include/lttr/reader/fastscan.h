/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/fastscan.h - a cursor over the records of one CPU, in file
 * order, for the passes that count (the summary).
 *
 * The cursor hands out the CPU's buffers one after the other; in each,
 * lttr_fastbuf_next() decodes in place, inline, the records that are most
 * of a trace (syscall entries and exits, well formed, with details, full
 * or compact) into a few fields, and lttr_fastscan_record() any other:
 * traps, irqs and schedchanges in place too, the rest in full, as the
 * generic scan does.  The buffer keeps the CPU's state (current pid,
 * nesting of traps and irqs) as lttr_scan_cpu() does, so a record's pid
 * and control are those the iterator gives.  The pass stops at the first
 * record it cannot decode without side effects on the trace (a malformed
 * record, whose error or salvage warning must come in file order; a
 * custom event instance, which needs the trace's type table):
 * lttr_fastscan_event() goes on from there with the generic reader.
 *
 * Up to that stop, the pass reads the trace and writes only the nesting
 * state at the start of its CPU's buffers: cursors of different CPUs of
 * one trace may run on different threads at the same time.  The cursor
 * reads each buffer's records with pread() into a buffer of its own,
 * reused (no page faults of the mapping, nothing to unmap); the records
 * decoded in full, and lttr_fastscan_event(), read the mapping, whose
 * pages of a buffer so read are unmapped once it is done (they stay in
 * the page cache).
 */
#ifndef LTTR_FASTSCAN_H
#define LTTR_FASTSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <lttr/reader/event.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_fastscan;

/* flags of a record */
#define LTTR_FASTREC_FULL	1U	/* decoded in full: lttr_fastscan_full() */

/**
 * struct lttr_fastrec - one record, decoded in place or in full
 * @time_ns: the record's time
 * @pid: the task the record belongs to (struct lttr_event.pid).  A record
 *	neither decoded in full nor a schedchange belongs to the CPU's
 *	current task (struct lttr_fastbuf.pid before it)
 * @next_pid: the CPU's current task after the record (a schedchange's
 *	next_pid; a trace_start's pid)
 * @nr: a syscall entry or exit decoded in place: the syscall's number
 *	(0 otherwise)
 * @id: the event id
 * @control: a control event (struct lttr_event.control)
 * @flags: LTTR_FASTREC_*
 */
struct lttr_fastrec {
	uint64_t time_ns;
	uint32_t pid;
	uint32_t next_pid;
	uint32_t nr;
	uint16_t id;
	uint8_t control;
	uint8_t flags;
};

/**
 * struct lttr_fastbuf - the buffer a cursor reads, for lttr_fastbuf_next()
 * @pid: the CPU's current task before the next record
 * @lost: events lost on the CPU just before the buffer
 *
 * The other fields are the reader's (the next record, the end of the
 * buffer's records, its time base and span, the delta of the record
 * before, the nesting of traps and irqs, the smallest and largest size
 * of a record decoded in place by its flags and id): callers only pass
 * the struct.
 */
struct lttr_fastbuf {
	const uint8_t *p;
	const uint8_t *end;
	const uint8_t *data;
	const uint32_t *min_size;
	const uint32_t *max_size;
	uint64_t start_ns;
	uint64_t span;
	uint64_t nest;
	uint64_t lost;
	uint32_t last;
	uint32_t pid;
};

/**
 * lttr_fastscan_new() - a cursor before the first record of @cpu
 * @t: the trace; must outlive the cursor
 * @cpu: the CPU
 * @out: receives the cursor
 * @err: receives the error (may be NULL)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_fastscan_new(struct lttr_trace *t, unsigned int cpu,
		      struct lttr_fastscan **out, struct lttr_error *err);

/** lttr_fastscan_free() - release a cursor @fs: the cursor or NULL */
void lttr_fastscan_free(struct lttr_fastscan *fs);

/**
 * lttr_fastscan_buffer() - the CPU's next buffer
 * @fs: the cursor
 * @fb: receives the buffer (the one it held is done: its pages go)
 *
 * Return: 1 with @fb set, before the buffer's first record; 0 at the end
 * of the CPU or where the pass stopped (lttr_fastscan_stopped()).
 */
int lttr_fastscan_buffer(struct lttr_fastscan *fs, struct lttr_fastbuf *fb);

/**
 * lttr_fastscan_record() - the next record of the buffer, whatever it is
 * @fs: the cursor
 * @fb: its buffer (lttr_fastscan_buffer()), not at its end
 * @r: receives the record
 *
 * Syscall records, traps, irqs and schedchanges are decoded in place; any
 * other well-formed record in full (LTTR_FASTREC_FULL: its event is
 * lttr_fastscan_full() until the next call).
 *
 * Return: true with @r filled; false where the pass stops (see the top
 * of this file).
 */
bool lttr_fastscan_record(struct lttr_fastscan *fs, struct lttr_fastbuf *fb,
			  struct lttr_fastrec *r);

/**
 * lttr_fastbuf_next() - the next record of a buffer, when a syscall record
 * @fb: the buffer (lttr_fastscan_buffer())
 * @r: receives the record
 *
 * Inline: syscall entries and exits are most of a trace, and a call per
 * record costs as much as decoding one.
 *
 * Return: 1 with @r filled (a syscall entry or exit of the CPU's current
 * task, with its number); 0 at the end of the buffer's records; -1 for
 * any other record, which lttr_fastscan_record() reads.
 */
static inline int lttr_fastbuf_next(struct lttr_fastbuf *fb, struct lttr_fastrec *r)
{
	const uint8_t *p = fb->p;
	struct ltt_record_header rh;

	if (p >= fb->end)
		return 0;
	if ((size_t)(fb->end - p) < sizeof(rh))
		return -1;
	memcpy(&rh, p, sizeof(rh));
	if ((rh.id != LTT_EV_SYSCALL_ENTRY && rh.id != LTT_EV_SYSCALL_EXIT) ||
	    rh.size < fb->min_size[((rh.flags & (LTT_REC_COMPACT | LTT_REC_NO_DETAILS)) << 8) |
				   rh.id] ||
	    rh.size > fb->max_size[((rh.flags & (LTT_REC_COMPACT | LTT_REC_NO_DETAILS)) << 8) |
				   rh.id] ||
	    rh.size > (size_t)(fb->end - p) || (rh.size & (LTT_REC_ALIGN - 1)) ||
	    rh.delta > fb->span || rh.delta < fb->last)
		return -1;
	r->time_ns = fb->start_ns + rh.delta;
	r->pid = r->next_pid = fb->pid;
	r->id = rh.id;
	r->control = 1;
	r->flags = 0;
	/* the ABI's expansion of the one event, whose sizes the compiler knows */
	if (rh.id == LTT_EV_SYSCALL_ENTRY) {
		struct ltt_ev_syscall_entry f;

		if (rh.flags & LTT_REC_COMPACT) {
			struct ltt_cev_syscall_entry k;

			memcpy(&k, p + sizeof(rh), sizeof(k));
			ltt_expand_syscall_entry(&k, &f);
		} else {
			memcpy(&f, p + sizeof(rh), sizeof(f));
		}
		r->nr = f.nr;
	} else {
		struct ltt_ev_syscall_exit f;

		if (rh.flags & LTT_REC_COMPACT) {
			struct ltt_cev_syscall_exit k;

			memcpy(&k, p + sizeof(rh), sizeof(k));
			ltt_expand_syscall_exit(&k, &f);
		} else {
			memcpy(&f, p + sizeof(rh), sizeof(f));
		}
		r->nr = f.nr;
	}
	fb->last = rh.delta;
	fb->p = p + rh.size;
	return 1;
}

/**
 * lttr_fastscan_full() - the record lttr_fastscan_record() decoded in full
 * @fs: the cursor
 *
 * Return: the event, with pid and control filled.
 */
const struct lttr_event *lttr_fastscan_full(const struct lttr_fastscan *fs);

/**
 * lttr_fastscan_stopped() - whether the pass stopped before the end
 * @fs: the cursor
 *
 * Return: true when records are left that only lttr_fastscan_event() reads.
 */
bool lttr_fastscan_stopped(const struct lttr_fastscan *fs);

/**
 * lttr_fastscan_pid() - the CPU's current task before the cursor's record
 * @fs: the cursor
 *
 * Return: the pid (0 before the first buffer).
 */
uint32_t lttr_fastscan_pid(const struct lttr_fastscan *fs);

/**
 * lttr_fastscan_event() - the next record, decoded as lttr_scan_cpu() does
 * @fs: the cursor
 * @ev: receives the event, with pid and control filled
 * @lost_before: set when a buffer that follows lost events began since
 *	the record before (the pass's buffers excepted)
 * @err: receives the error of a malformed record
 *
 * Goes on from the cursor's position (after the pass, where it stopped),
 * with the reader's checks, warnings and errors.
 *
 * Return: 1 with @ev filled, 0 at the end of the CPU, or a negative enum
 * lttr_errcode.
 */
int lttr_fastscan_event(struct lttr_fastscan *fs, struct lttr_event *ev,
			bool *lost_before, struct lttr_error *err);

#endif /* LTTR_FASTSCAN_H */
