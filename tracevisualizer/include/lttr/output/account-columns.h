/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/account-columns.h - the figures of a task's time accounting
 * as every front end shows them, described once: the heading of the text
 * tables (processes, the terminal's processes view), the window's column
 * title and tooltip, the key in --json, the accessor of the value and its
 * unit.  The table is in --json's order; the processes text table shows
 * the columns flagged LTTR_ACOL_TEXT in that order, the terminal's and
 * the window's tables those flagged LTTR_ACOL_VIEWS.
 */
#ifndef LTTR_ACCOUNT_COLUMNS_H
#define LTTR_ACCOUNT_COLUMNS_H

#include <stddef.h>
#include <stdint.h>

struct lttr_acct_task;

/**
 * enum lttr_acol_unit - what a column's value is, and so how it is shown
 * @LTTR_ACOL_NS: a duration in ns, shown in milliseconds ("%.3f")
 * @LTTR_ACOL_COUNT: a count, shown as it is
 * @LTTR_ACOL_SHARE: a share of @whole in percent ("%.2f"), not in --json
 */
enum lttr_acol_unit {
	LTTR_ACOL_NS,
	LTTR_ACOL_COUNT,
	LTTR_ACOL_SHARE,
};

/* flags of struct lttr_acct_col: where the column is shown */
#define LTTR_ACOL_TEXT	0x01	/* the processes text table */
#define LTTR_ACOL_VIEWS	0x02	/* the terminal's and the window's tables */

/**
 * struct lttr_acct_col - one figure of a task
 * @name: heading of the text tables ("life", "thr-time", "%run")
 * @title: the window's column title ("lifetime", "thread time")
 * @tip: what it is, in a sentence (the window's tooltip)
 * @json_key: its key in a task of --json, NULL when not there
 * @json_in: the object of the task that holds @json_key ("blocked_by"),
 *	NULL: the task's object itself
 * @get: the value (LTTR_ACOL_SHARE: the part)
 * @whole: LTTR_ACOL_SHARE: the whole, else NULL
 * @unit: enum lttr_acol_unit
 * @flags: LTTR_ACOL_*
 * @width: the figure's width in the processes text table
 */
struct lttr_acct_col {
	const char *name;
	const char *title;
	const char *tip;
	const char *json_key;
	const char *json_in;
	uint64_t (*get)(const struct lttr_acct_task *tk);
	uint64_t (*whole)(const struct lttr_acct_task *tk);
	unsigned int unit;
	unsigned int flags;
	int width;
};

/* the columns, in --json's order */
extern const struct lttr_acct_col lttr_acct_cols[];
extern const size_t lttr_acct_ncols;

/**
 * lttr_acct_col_share() - a LTTR_ACOL_SHARE column's value
 * @c: the column
 * @tk: the task
 *
 * Return: @get in percent of @whole (lttr_share_pct()).
 */
double lttr_acct_col_share(const struct lttr_acct_col *c, const struct lttr_acct_task *tk);

/**
 * lttr_acct_col_fmt() - a value of a LTTR_ACOL_NS or LTTR_ACOL_COUNT
 * column as the tables show it ("161.218", "42")
 * @c: the column
 * @v: the value (of @c->get)
 * @buf: receives the text
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_acct_col_fmt(const struct lttr_acct_col *c, uint64_t v, char *buf,
			      size_t size);

/**
 * lttr_acct_col_str() - a column of a task as the tables show it, a
 * share included ("3.27")
 * @c: the column
 * @tk: the task
 * @buf: receives the text
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_acct_col_str(const struct lttr_acct_col *c, const struct lttr_acct_task *tk,
			      char *buf, size_t size);

#endif /* LTTR_ACCOUNT_COLUMNS_H */
