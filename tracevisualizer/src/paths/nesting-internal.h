/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nesting-internal.h - internal: the steps of the nesting algorithm, one
 * file each (callpairs.c, scoreboard.c, nesting.c).
 */
#ifndef LTTR_PATHS_NESTING_INTERNAL_H
#define LTTR_PATHS_NESTING_INTERNAL_H

#include <lttr/paths/nesting.h>
#include "paths/keymap.h"

/*
 * The bounds of the nesting algorithm's work and memory (docs/paths.md):
 * candidate parents kept (8 bytes each: 64 MiB), open calls examined for
 * them (about a second), the scoreboard's bins (8 bytes each: 64 MiB).
 */
#define LTTR_NEST_MAX_CANDIDATES	(1UL << 23)
#define LTTR_NEST_MAX_VISITS		(1ULL << 28)
#define LTTR_NEST_MAX_BINS		(1UL << 23)

/* lttr_find_callpairs()'s refusals, beside -1 (out of memory) */
#define LTTR_NEST_TOO_MANY	(-2)	/* more candidates than the bound */
#define LTTR_NEST_TOO_WIDE	(-3)	/* more open calls examined than the bound */

/*
 * FindCallPairs and the candidate parents: fills @n->pairs (in call
 * order), @n->cand, the counts of unmatched messages and @n->roots.
 * Return: 0, -1 when out of memory, or LTTR_NEST_TOO_MANY / _TOO_WIDE.
 */
int lttr_find_callpairs(const struct lttr_msgset *s, struct lttr_nesting *n);

/**
 * struct lttr_scoreboard - ScoreNestings' histograms
 * @map: (parent's caller, caller, callee) -> histogram number
 * @nh: histograms
 * @bins: @nh x @nbins scores
 * @nbins: bins per histogram
 * @log_base: log(bin ratio)
 * @min_ns: the first bin's upper bound
 * @full: a histogram was refused: LTTR_NEST_MAX_BINS bins in all
 */
struct lttr_scoreboard {
	struct lttr_keymap map;
	size_t nh;
	double *bins;
	unsigned int nbins;
	double log_base;
	uint64_t min_ns;
	bool full;
};

void lttr_sb_init(struct lttr_scoreboard *sb, const struct lttr_nest_opts *o);
/* the bin of a delay (negative: bin 0) */
unsigned int lttr_sb_bin(const struct lttr_scoreboard *sb, int64_t delta_ns);
/*
 * the histogram of a triple, created (zeroed) when @create; NULL: none,
 * out of memory, or (then @sb->full) the bound of the bins reached
 */
double *lttr_sb_hist(struct lttr_scoreboard *sb, uint32_t a, uint32_t b, uint32_t c,
		     int create);
/* every histogram convolved with a Gaussian of @sigma bins; -1: no memory */
int lttr_sb_smooth(struct lttr_scoreboard *sb, double sigma);
void lttr_sb_free(struct lttr_scoreboard *sb);

#endif
