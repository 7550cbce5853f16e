/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/verify.h - the view model checked against the time accounting.
 */
#ifndef LTTR_VIEW_VERIFY_H
#define LTTR_VIEW_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lttr_view;

/**
 * struct lttr_view_verify - result of lttr_view_verify()
 * @compared: figures compared
 * @mismatches: figures that differ
 * @out_of_order: intervals the view had to store later than they began
 *	(contradictory events, after a loss)
 * @uncertain_rows: rows not compared because they hold such intervals (a
 *	task the events show running on two CPUs at once: the accounting
 *	charges both, a row shows one); their figures are unsure either way
 * @first: the first difference, as text ("" when none)
 */
struct lttr_view_verify {
	uint64_t compared;
	uint64_t mismatches;
	uint64_t out_of_order;
	uint64_t uncertain_rows;
	char first[160];
};

/**
 * lttr_view_verify() - compare, for every CPU and task row, the time the
 * view shows in each state over the whole trace with the accounting's
 * figures: CPU idle, user, kernel (syscall, trap, kernel thread), irq,
 * softirq, unknown; task user, syscall, trap, kernel and interrupted,
 * softirq, runnable, blocked by each reason, and not alive (the window
 * less its lifetime)
 * @v: the view
 * @out: receives the result
 *
 * Return: true when every figure agrees to the nanosecond.
 */
bool lttr_view_verify(struct lttr_view *v, struct lttr_view_verify *out);

/* room for one warning of lttr_view_warnings() */
#define LTTR_VIEW_WARNING_LEN 256

/**
 * lttr_view_warnings() - what makes the figures of a view's trace unsure,
 * one sentence each, for a front end to show beside them: the trace not
 * stopped cleanly, every warning of the reader (a damaged or cut buffer
 * read in salvage mode, a record out of order...), the events lost and
 * the buffers overwritten per CPU, transitions that contradicted the
 * control rules, the view disagreeing with the accounting, and rows that
 * show a task on two CPUs at once.  Calls lttr_view_verify() (a pass over
 * every row): count once, keep the result.
 * @v: the view
 * @out: receives up to @max warnings (NULL: only count)
 * @max: room in @out
 *
 * Return: the number of warnings (may exceed @max).
 */
size_t lttr_view_warnings(struct lttr_view *v, char (*out)[LTTR_VIEW_WARNING_LEN], size_t max);

#endif /* LTTR_VIEW_VERIFY_H */
