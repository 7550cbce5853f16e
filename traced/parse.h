/* SPDX-License-Identifier: GPL-2.0 */
/* parse.h - parsers for option values (sizes, counts, events) */
#ifndef TRACED_PARSE_H
#define TRACED_PARSE_H

#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>

/*
 * "4096", "64k", "4M", "1G" (binary multiples, case-insensitive suffix).
 * Returns 0 and *out, or -1 on a malformed, zero or too large value.
 */
int parse_size(const char *s, uint64_t *out);

/* A plain positive decimal integer. */
int parse_count(const char *s, uint64_t *out);

/*
 * Comma-separated event names and groups, each optionally prefixed by '-'
 * to remove it.  A list that starts with a removal starts from "all".
 * On error returns -1 and points *bad at the offending item (a static
 * copy, valid until the next call).  An empty resulting mask is an error.
 */
int parse_events(const char *list, struct ltt_event_mask *mask,
		 const char **bad);

/* The event mask of a group or single event name, or -1 if unknown. */
int event_lookup(const char *name, struct ltt_event_mask *mask);

/* Writes "name,name,..." for the events set in mask into buf. */
void events_format(const struct ltt_event_mask *mask, char *buf, size_t len);

/* Name of one event id, or NULL. */
const char *event_name(unsigned int id);

/* A plain decimal integer (0 allowed), at most max. */
int parse_uint(const char *s, uint64_t max, uint64_t *out);

/* An address: hexadecimal with 0x, else decimal. */
int parse_addr(const char *s, uint64_t *out);

/*
 * Stack words asked for by --syscall-ip range:LOWER:UPPER without WORDS:
 * 0, the module's own bound (its sip_scan_max parameter, 64 by default).
 */
#define SIP_RANGE_WORDS_DEFAULT	0

/*
 * The --syscall-ip value: "raw", "depth:N" (1..LTT_SIP_DEPTH_MAX) or
 * "range:LOWER:UPPER[:WORDS]" (LOWER < UPPER, WORDS 1..LTT_SIP_SCAN_MAX,
 * default SIP_RANGE_WORDS_DEFAULT).  On error returns -1 and *why says
 * what is wrong (a static string).
 */
int parse_syscall_ip(const char *s, struct ltt_syscall_ip *sip,
		     const char **why);

/*
 * The --stacks value: a comma-separated list of "switch-out" (the
 * schedchange of a task that blocks), "wakeup" (the waker's stacks) and
 * "sample" (the sampled task's, format 1.10: needs --sample) and
 * "syscall:NAME" (the stacks at the entry of that syscall, 1.10: the
 * syscall's bit in @sys, LTT_EV_SYSCALL_ENTRY in @m),
 * into @m's LTT_EV_SCHEDCHANGE and LTT_EV_PROCESS_WAKEUP bits.  On error
 * returns -1 and *bad is the word not understood.
 */
int parse_stacks(const char *s, struct ltt_event_mask *m,
		 struct ltt_syscall_set *sys, const char **bad);

/*
 * The --stack-depth value "K[,U]": kernel frames K and user frames U
 * (U = K when left out), each 0..LTT_STACK_DEPTH_MAX.
 */
int parse_stack_depth(const char *s, uint32_t *kernel, uint32_t *user);

/* The list of names and groups, for --help. */
const char *events_help(void);

static inline void mask_set(struct ltt_event_mask *m, unsigned int id)
{
	m->bits[id / 64] |= (uint64_t)1 << (id % 64);
}

static inline int mask_test(const struct ltt_event_mask *m, unsigned int id)
{
	return (int)((m->bits[id / 64] >> (id % 64)) & 1);
}

#endif
