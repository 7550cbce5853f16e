/* SPDX-License-Identifier: GPL-2.0 */
/*
 * account-pass.h - internal: the accounting pass of
 * lttr_account_compute_hooks() kept between two events, one event at a
 * time, and copied there: the checkpoints of the replay
 * (src/replay/seek.c).  A copy fed the same events calls the same hooks
 * with the same arguments as the pass it was copied from.
 */
#ifndef LTTR_ACCOUNT_PASS_H
#define LTTR_ACCOUNT_PASS_H

#include <stddef.h>
#include <lttr/analysis/account.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_acct_pass;

/**
 * lttr_acct_pass_new() - a pass over the whole trace, before its first event
 * @t: the trace
 * @hooks: the hooks, as lttr_account_compute_hooks()'s (must outlive the pass)
 * @arg: their argument
 * @out: receives the pass
 * @err: receives the error
 *
 * The hooks of the CPUs' tasks at the start are called here.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_acct_pass_new(struct lttr_trace *t, const struct lttr_account_hooks *hooks,
		       void *arg, struct lttr_acct_pass **out, struct lttr_error *err);

/**
 * lttr_acct_pass_next() - apply the next event (its hooks called), or at
 * the end of the trace the end (the hooks the end calls)
 * @p: the pass
 * @err: receives the error (a hook's negative return, LTTR_E_NOMEM, the
 *	reader's)
 *
 * Return: 1 an event applied, 0 the end (applied once, then nothing), or a
 * negative enum lttr_errcode.
 */
int lttr_acct_pass_next(struct lttr_acct_pass *p, struct lttr_error *err);

/**
 * lttr_acct_pass_peek() - the time of the event lttr_acct_pass_next()
 * applies next, read ahead without applying it (several hosts' passes
 * interleaved in time order: the replay of a merged set)
 * @p: the pass
 * @time_ns: receives its time (its trace's clock)
 * @err: receives the reader's error
 *
 * Return: 1 an event, 0 none left (the end not applied yet: the next
 * lttr_acct_pass_next() applies it), or a negative enum lttr_errcode.
 */
int lttr_acct_pass_peek(struct lttr_acct_pass *p, uint64_t *time_ns, struct lttr_error *err);

/**
 * lttr_acct_pass_copy() - a copy of a pass not at its end, fed on
 * independently, its hooks called with @arg; an event @src read ahead
 * (lttr_acct_pass_peek()) is read ahead in the copy too
 * @src: the pass
 * @arg: the copy's hooks' argument
 *
 * Return: the copy, or NULL when out of memory or @src is at its end.
 */
struct lttr_acct_pass *lttr_acct_pass_copy(const struct lttr_acct_pass *src, void *arg);

/** lttr_acct_pass_bytes() - the heap memory a pass @p holds */
size_t lttr_acct_pass_bytes(const struct lttr_acct_pass *p);

/** lttr_acct_pass_free() - release a pass @p: the pass or NULL */
void lttr_acct_pass_free(struct lttr_acct_pass *p);

#endif /* LTTR_ACCOUNT_PASS_H */
