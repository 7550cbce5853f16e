// SPDX-License-Identifier: GPL-2.0
/*
 * nesting.c - the nesting algorithm (Aguilera et al. 5.1, Figure 4): call
 * pairs and their candidates (callpairs.c), the scoreboard
 * (scoreboard.c), then each call pair's parent chosen by score and
 * penalties (FindNestedPairs).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "paths/nesting-internal.h"

void lttr_nest_defaults(struct lttr_nest_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->x = 2;
	o->y = 0;
	o->z = 0;
	o->bin_base = 1.05;
	o->bin_min_ns = 1000;
	o->nbins = 512;
	o->task_hint = true;
}

/* the delay from the parent's call (as its callee got it) to the child's */
static int64_t call_delay(const struct lttr_callpair *p, const struct lttr_callpair *c)
{
	return (int64_t)(c->call_send - p->call_recv);
}

static int score(struct lttr_nesting *n, struct lttr_scoreboard *sb)
{
	size_t i, k;

	for (i = 0; i < n->npairs; i++) {
		const struct lttr_callpair *c = &n->pairs[i];

		for (k = 0; k < c->ncand; k++) {
			const struct lttr_callpair *p = &n->pairs[n->cand[c->cand + k]];
			double *h = lttr_sb_hist(sb, p->caller, c->caller, c->callee, 1);

			if (!h)
				return -1;
			h[lttr_sb_bin(sb, call_delay(p, c))] += 1.0 / c->ncand;
		}
	}
	return 0;
}

/* (1 + c)^-e: a count of 0 leaves the score as it is */
static double penalty(unsigned int c, double e)
{
	if (!c || e == 0)
		return 1.0;
	return pow(1.0 + c, -e);
}

static int overlaps(const struct lttr_callpair *a, const struct lttr_callpair *b)
{
	return a->call_send < b->ret_recv && b->call_send < a->ret_recv;
}

/* FindNestedPairs: each call pair's parent, children kept in call order */
static void choose(struct lttr_nesting *n, struct lttr_scoreboard *sb, size_t *last)
{
	const struct lttr_nest_opts *o = &n->opts;
	size_t i, k;

	for (i = 0; i < n->npairs; i++) {
		struct lttr_callpair *c = &n->pairs[i];
		double best = 0;
		size_t parent = LTTR_NO_PAIR;

		for (k = 0; k < c->ncand; k++) {
			size_t pi = n->cand[c->cand + k], ch;
			const struct lttr_callpair *p = &n->pairs[pi];
			const double *h = lttr_sb_hist(sb, p->caller, c->caller, c->callee, 0);
			unsigned int c_overlap = 0, c_same = 0, c_any = 0;
			double sc;

			for (ch = p->first_child; ch != LTTR_NO_PAIR; ch = n->pairs[ch].next_sibling) {
				c_any++;
				c_same += n->pairs[ch].callee == c->callee;
				c_overlap += overlaps(&n->pairs[ch], c);
			}
			sc = (h ? h[lttr_sb_bin(sb, call_delay(p, c))] : 0) *
				penalty(c_overlap, o->x) * penalty(c_same, o->y) *
				penalty(c_any, o->z);
			if (sc > best || parent == LTTR_NO_PAIR) {
				best = sc;
				parent = pi;
			}
		}
		if (parent == LTTR_NO_PAIR)
			continue;
		c->parent = parent;
		if (last[parent] == LTTR_NO_PAIR)
			n->pairs[parent].first_child = i;
		else
			n->pairs[last[parent]].next_sibling = i;
		last[parent] = i;
	}
}

int lttr_nesting_run(const struct lttr_msgset *s, const struct lttr_nest_opts *o,
		     struct lttr_nesting **out, struct lttr_error *err)
{
	struct lttr_nesting *n = calloc(1, sizeof(*n));
	struct lttr_scoreboard sb;
	size_t *last = NULL, i;
	int r;

	*out = NULL;
	if (!n)
		return lttr_error_set(err, LTTR_E_NOMEM, "nesting: out of memory");
	if (o)
		n->opts = *o;
	else
		lttr_nest_defaults(&n->opts);
	if (!(n->opts.bin_base > 1.0) || !n->opts.bin_min_ns || n->opts.nbins < 2 ||
	    n->opts.x < 0 || n->opts.y < 0 || n->opts.z < 0 || n->opts.smooth_bins < 0) {
		free(n);
		return lttr_error_set(err, LTTR_E_INVAL,
				      "nesting: bad parameters (bins need a ratio above 1, a first bound and 2 bins or more; penalties and smoothing >= 0)");
	}
	lttr_sb_init(&sb, &n->opts);
	r = lttr_find_callpairs(s, n);
	if (r == LTTR_NEST_TOO_MANY || r == LTTR_NEST_TOO_WIDE) {
		size_t np = n->npairs;

		lttr_sb_free(&sb);
		lttr_nesting_free(n);
		if (r == LTTR_NEST_TOO_MANY)
			return lttr_error_set(err, LTTR_E_UNSUPPORTED,
					      "nesting: more than %lu candidate parents (calls open at once at their caller, %zu call pairs): the input nests too many calls at once (docs/paths.md)",
					      LTTR_NEST_MAX_CANDIDATES, np);
		return lttr_error_set(err, LTTR_E_UNSUPPORTED,
				      "nesting: more than %llu open calls examined for candidate parents (%zu call pairs): the input nests too many calls at once (docs/paths.md)",
				      LTTR_NEST_MAX_VISITS, np);
	}
	if (r || score(n, &sb)) {
		if (sb.full) {
			unsigned int nb = sb.nbins;

			lttr_sb_free(&sb);
			lttr_nesting_free(n);
			return lttr_error_set(err, LTTR_E_UNSUPPORTED,
					      "nesting: the scoreboard needs more than %lu histograms of %u bins (one per parent's caller, caller and callee nesting; %lu MiB): the input nests too many different calls (docs/paths.md)",
					      LTTR_NEST_MAX_BINS / nb, nb,
					      LTTR_NEST_MAX_BINS * sizeof(double) >> 20);
		}
		goto nomem;
	}
	if (lttr_sb_smooth(&sb, n->opts.smooth_bins))
		goto nomem;
	last = malloc((n->npairs + 1) * sizeof(*last));
	if (!last)
		goto nomem;
	for (i = 0; i < n->npairs; i++)
		last[i] = LTTR_NO_PAIR;
	choose(n, &sb, last);
	n->histograms = sb.nh;
	free(last);
	lttr_sb_free(&sb);
	*out = n;
	return 0;
nomem:
	lttr_sb_free(&sb);
	lttr_nesting_free(n);
	return lttr_error_set(err, LTTR_E_NOMEM, "nesting: out of memory");
}

void lttr_nesting_free(struct lttr_nesting *n)
{
	if (!n)
		return;
	free(n->pairs);
	free(n->cand);
	free(n);
}

double lttr_nesting_parallelism(const struct lttr_nesting *n)
{
	size_t with = n->npairs - n->roots;

	return with ? (double)n->ncand / (double)with : 0;
}
