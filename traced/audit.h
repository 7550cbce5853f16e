/* SPDX-License-Identifier: GPL-2.0 */
/*
 * audit.h - the trigger rules while tracing (docs/triggers.md): every
 * buffer taken from the module is noted in a ring (the last
 * --snapshot-size bytes: where each is in the events file, not a copy)
 * and the records the rules read decoded; after each batch of
 * reads, the events before the time every CPU has passed (the oldest end
 * of the CPUs' last buffers) are fed to the rules in time order, the
 * others kept for a later batch.  A
 * firing is logged (DIR/firings.jsonl), and its actions run: snapshot
 * (the ring's buffers read back from the events file and written as
 * DIR/snapshot-N, a trace of its own; with
 * --snapshot-dir SNAPDIR/TRACE-snapshot-N, so that a full disk there
 * leaves the snapshot incomplete, counted, and the trace going on), notify
 * (a command with the firing's JSON on stdin, killed after
 * --notify-timeout), stop.
 */
#ifndef TRACED_AUDIT_H
#define TRACED_AUDIT_H

#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>

#include "options.h"

struct audit;

/*
 * Starts the rules of @o (o->rules) for the trace in @dir (@dirfd) whose
 * header is @h (the start written).  NULL without rules, or on an error
 * (message printed; *@failed set).
 */
struct audit *audit_open(const struct options *o, int dirfd, const char *dir,
			 const struct ltt_trace_header *h, unsigned int ncpus,
			 int *failed);

struct device;

/*
 * Before START: the rules of @o that the module can evaluate
 * (lttr_rules_module()) and whose events the session records with their
 * details (@mask, @details) armed in the module (LTT_IOC_SET_TRIGGERS),
 * unless --rules-in-daemon; they are then left out of the events decoded
 * here.  A module that refuses them (an older one: ENOTTY) leaves every
 * rule here, with a warning.  Never fails the trace.
 */
void audit_arm(const struct options *o, struct device *dev, const struct ltt_event_mask *mask,
	       const struct ltt_event_mask *details);

/*
 * The device the heavy logging (log top(N) for D) switches on and off
 * (LTT_IOC_SET_HEAVY); without it, log does nothing.
 */
void audit_set_device(struct audit *a, struct device *dev);

/*
 * A buffer taken from the module (@len bytes at @p, valid for the call),
 * given to the events file at byte @off of it.
 */
void audit_buffer(struct audit *a, const void *p, size_t len, uint64_t off);

/*
 * The last buffer given to audit_buffer() (@p, @len) did not reach the
 * events file (a write error): a snapshot counts its events lost, as the
 * trace does.
 */
void audit_unwritten(struct audit *a, const void *p, size_t len);

/*
 * How the snapshots read the buffers back: @read copies @len bytes of the
 * events file from byte @off to @dst and returns the bytes copied (fewer
 * on an error, errno set); @copy (may be NULL) writes them to file @fd at
 * byte @to and returns 0, the errno of a failed write, or -1 when @read
 * must be used instead.
 */
void audit_set_reader(struct audit *a,
		      size_t (*read)(void *arg, uint64_t off, void *dst, size_t len),
		      int (*copy)(void *arg, uint64_t off, size_t len, int fd, uint64_t to),
		      void *arg);

/*
 * After a batch of buffers: their events to the rules, the actions.
 * Returns 1 when a rule's action stops the trace, else 0.
 */
int audit_batch(struct audit *a);

/* The notify commands that ended or ran out of time (between polls). */
void audit_poll(struct audit *a);

/*
 * At the end (every buffer taken): the last events to the rules, the
 * ticks of their timers up to @end_ns (the header's end); waits for the
 * notify commands (each within its timeout), closes the log.  Returns 0,
 * or -1 when the log could not be written.
 */
int audit_close(struct audit *a, uint64_t end_ns);

#endif
