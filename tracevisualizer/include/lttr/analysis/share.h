/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/share.h - the shares the front ends show, computed here
 * once: a part of a whole in percent, a CPU's utilisation, the share of a
 * critical path's total and of an explanation's total in their interval.
 */
#ifndef LTTR_SHARE_H
#define LTTR_SHARE_H

#include <stdint.h>

struct lttr_account;
struct lttr_critpath;
struct lttr_cp_total;
struct lttr_explanation;
struct lttr_ex_total;

/**
 * lttr_share_pct() - a part of a whole in percent
 * @part: the part
 * @whole: the whole
 *
 * Return: 100 * @part / @whole, 0 when @whole is 0.
 */
double lttr_share_pct(uint64_t part, uint64_t whole);

/**
 * lttr_share_level() - a part of a whole as one of @nlevels + 1 heights,
 * the one every graph of the front ends draws (a column of the CPU load's
 * sparkline, a job's point on the jobs view's scale)
 * @part: the part
 * @whole: the whole (the top of the scale)
 * @nlevels: the highest level (> 0)
 *
 * Return: @part * @nlevels / @whole rounded to the nearest (halves up),
 * 0..@nlevels (a part over the whole is @nlevels); 0 when @whole is 0.
 */
int lttr_share_level(uint64_t part, uint64_t whole, int nlevels);

/**
 * lttr_acct_cpu_busy() - the time a CPU did not run its idle task
 * @a: the accounting
 * @cpu: the CPU (< @a->ncpus)
 *
 * Return: the window's length minus the CPU's idle time.
 */
uint64_t lttr_acct_cpu_busy(const struct lttr_account *a, unsigned int cpu);

/**
 * lttr_acct_cpu_util_pct() - a CPU's utilisation: its busy time
 * (lttr_acct_cpu_busy()) in percent of the window, as the text table
 * prints it
 * @a: the accounting
 * @cpu: the CPU
 *
 * Return: the percentage, 0 for an empty window.
 */
double lttr_acct_cpu_util_pct(const struct lttr_account *a, unsigned int cpu);

/**
 * lttr_acct_cpu_util_ppm() - the same utilisation in parts per million,
 * rounded down, as --json gives it
 * @a: the accounting
 * @cpu: the CPU
 *
 * Return: the parts per million, 0 for an empty window.
 */
uint64_t lttr_acct_cpu_util_ppm(const struct lttr_account *a, unsigned int cpu);

/**
 * lttr_cp_total_pct() - the share of a critical path's total in the path
 * @cp: the path
 * @o: one of its totals
 *
 * Return: @o->ns in percent of [@cp->from_ns, @cp->to_ns].
 */
double lttr_cp_total_pct(const struct lttr_critpath *cp, const struct lttr_cp_total *o);

/**
 * lttr_ex_total_pct() - the share of an explanation's total in the
 * interval explained
 * @e: the explanation
 * @o: one of its totals
 *
 * Return: @o->ns in percent of the request's [start, end] (its lead, the
 * wait for a timer, included).
 */
double lttr_ex_total_pct(const struct lttr_explanation *e, const struct lttr_ex_total *o);

#endif /* LTTR_SHARE_H */
