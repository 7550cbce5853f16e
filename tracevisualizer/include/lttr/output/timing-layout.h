/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/timing-layout.h - text forms of the latency analyses,
 * explanations and critical paths (src/output/timing-layout.c), shared
 * by the latency, explain and critical-path commands and the terminal
 * analyzer: distribution rows, histogram bars, explanation and path
 * listings (their words: lttr/output/timing-text.h).
 */
#ifndef LTTR_OUTPUT_TIMING_LAYOUT_H
#define LTTR_OUTPUT_TIMING_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

struct lttr_trace;
struct lttr_account;
struct lttr_dist;
struct lttr_explanation;
struct lttr_critpath;
struct lttr_waker;
struct lttr_block_stacks;

/* a duration in the unit that suits it: "512 ns", "1.02 us", "4.19 ms" */
const char *tt_human(uint64_t ns, char *buf, size_t size);

/* a time as dump's first column: seconds after the trace's start */
double tt_rel(const struct lttr_trace *t, uint64_t ns);

/* the head of a distribution table, then rows: @label and its figures */
void tt_dist_head(int label_width);
void tt_dist_row(int label_width, const char *label, const struct lttr_dist *d);

/* columns of the longest histogram bar */
#define TT_BAR 40

/*
 * a bucket of a log2 histogram as a line of text: "[  8.39 ms,   16.8 ms)
 * 20 |####...", the bar TT_BAR columns long for @max (the largest count
 * shown), into @buf (TT_BAR + 64 is enough)
 */
const char *tt_hist_line(const struct lttr_dist *d, unsigned int k, uint64_t max,
			 char *buf, size_t size);

/* a log2 histogram as text bars, @indent before each line */
void tt_hist(const char *indent, const struct lttr_dist *d);

/*
 * the stacks of a block (lttr/analysis/blockstacks.h), one line each,
 * @indent before: "stack of PID NAME blocking at T s: FOLDED", "stack of
 * its waker PID NAME at T s: FOLDED"; nothing for a stack not recorded
 */
void tt_block_stacks(const struct lttr_trace *t, const struct lttr_account *a,
		     const char *indent, uint32_t pid, uint64_t block_ns,
		     const struct lttr_waker *w, const struct lttr_block_stacks *b);

/* an explanation: its totals, then its items (at most @max_items) */
void tt_explanation(const struct lttr_trace *t, const struct lttr_account *a,
		    const struct lttr_explanation *e, const char *indent,
		    size_t max_items);

/* a critical path: its segments (at most @max_segs), then its totals */
void tt_critpath(const struct lttr_trace *t, const struct lttr_account *a,
		 const struct lttr_critpath *cp, const char *indent, size_t max_segs);

#endif /* LTTR_OUTPUT_TIMING_LAYOUT_H */
