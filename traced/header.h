/* SPDX-License-Identifier: GPL-2.0 */
/* header.h - the trace files "header" and "lost" */
#ifndef TRACED_HEADER_H
#define TRACED_HEADER_H

#include <stdint.h>
#include <ltt/ltt-abi.h>

/*
 * Fills the fields known before the trace starts: magic, format version,
 * byte order, word size, header size, clock, uname, and the values given.
 * Times and flags are zero.
 */
void header_init(struct ltt_trace_header *h, const struct ltt_info *info,
		 const struct ltt_event_mask *mask);

/*
 * The format 1.1 configuration: the events recorded with payload, the
 * filter (sets LTT_TRACE_FILTERED when filter->flags is not 0), the
 * syscall IP mode, the capture length and, from the LTT_OPT_* flags,
 * LTT_TRACE_FLIGHT, LTT_TRACE_NO_CPUID and LTT_TRACE_FULL_RECORDS.
 * header_init() sets the module's defaults: every event with payload,
 * no filter, raw IP, no capture, no flags.
 */
void header_set_config(struct ltt_trace_header *h,
		       const struct ltt_event_mask *details,
		       const struct ltt_filter *filter,
		       const struct ltt_syscall_ip *sip, uint32_t capture_len,
		       uint32_t opt_flags);

/*
 * The --stacks configuration (format 1.8); the header's mask then also
 * holds LTT_EV_STACK, the records the module writes for it.
 */
void header_set_stacks(struct ltt_trace_header *h,
		       const struct ltt_stack_config *st);

/*
 * The pid of the command `traced -- CMD` started (format 1.9), which the
 * reader shows first; 0: no command.
 */
/*
 * Heavy logging (log top(N) for D): the events whose records may carry
 * stacks (those of the tasks logged while they were), every syscall
 * (docs/triggers.md)
 */
void header_set_heavy(struct ltt_trace_header *h);
void header_set_command(struct ltt_trace_header *h, uint32_t pid);

/* CLOCK_REALTIME / CLOCK_MONOTONIC in ns. */
uint64_t clock_ns(int clock);

/*
 * The trace clock in ns: CLOCK_MONOTONIC as the module writes its times,
 * that is skewed by the module's test clock when it is on (its
 * parameters clock_offset_ns and clock_drift_ppb, read once from
 * /sys/module/ltt_tracer/parameters; absent = 0; <ltt/ltt-clock.h>).
 * Every trace time traced writes (the header's, the symbol files') is on
 * it, and so are the deadlines it compares with them.
 */
uint64_t trace_clock_ns(void);

/*
 * (Re)writes the whole header at offset 0 of fd and fsyncs it.  name is
 * used in messages.  Returns 0 or -1 (message printed).
 */
int header_write(int fd, const char *name, const struct ltt_trace_header *h);

/*
 * Writes ncpus lost records to fd (a new file, named path in messages),
 * fsyncs and closes it (also on error; fd < 0: the open failed, -1).
 * 0 or -1.
 */
int lost_write(int fd, const char *path, const struct ltt_lost_info *lost,
	       unsigned int ncpus);

#endif
