/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json-account.h - JSON forms of the accounting results (schemas in
 * docs/json-schema.md: TASKTIME, SYSTIME, SYSCALLSTAT, IRQSTAT, LAT,
 * CONSERVATION).
 */
#ifndef LTTR_JSON_ACCOUNT_H
#define LTTR_JSON_ACCOUNT_H

#include <lttr/analysis/account.h>
#include <lttr/output/json.h>

/**
 * lttr_json_lat() - write a LAT object
 * @j: the writer
 * @l: the statistics
 * @hist: include the histogram
 */
void lttr_json_lat(struct lttr_json *j, const struct lttr_lat *l, bool hist);

/**
 * lttr_json_tasktime() - write the TASKTIME object of a task or process
 * @j: the writer
 * @tk: the task
 * @syscalls: include its per-syscall SYSCALLSTAT map
 */
void lttr_json_tasktime(struct lttr_json *j, const struct lttr_acct_task *tk,
			bool syscalls);

/**
 * lttr_json_systime() - write the SYSTIME object (window, per CPU, totals)
 * @j: the writer
 * @a: the result
 */
void lttr_json_systime(struct lttr_json *j, const struct lttr_account *a);

/**
 * lttr_json_syscallstats() - write a map name -> SYSCALLSTAT
 * @j: the writer
 * @v: the syscalls
 * @n: their count
 */
void lttr_json_syscallstats(struct lttr_json *j, const struct lttr_acct_sc *v,
			    size_t n);

/**
 * lttr_json_irqstats() - write an array of IRQSTAT
 * @j: the writer
 * @t: the trace (irq names)
 * @a: the result
 */
void lttr_json_irqstats(struct lttr_json *j, const struct lttr_trace *t,
			const struct lttr_account *a);

/**
 * lttr_json_softirqstats() - write an array of SOFTIRQSTAT
 * @j: the writer
 * @a: the result
 */
void lttr_json_softirqstats(struct lttr_json *j, const struct lttr_account *a);

/**
 * lttr_json_conservation() - write the CONSERVATION object
 * @j: the writer
 * @c: the check result
 */
void lttr_json_conservation(struct lttr_json *j,
			    const struct lttr_account_check *c);

#endif /* LTTR_JSON_ACCOUNT_H */
