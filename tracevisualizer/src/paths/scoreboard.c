// SPDX-License-Identifier: GPL-2.0
/*
 * scoreboard.c - the nesting algorithm's scoreboard (ScoreNestings): per
 * (parent's caller, caller, callee) a histogram of the delays between the
 * parent call and the child call, in exponentially sized bins, each
 * candidate nesting adding 1/|candidates| (Aguilera et al. 5.1.1.2).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "paths/nesting-internal.h"

void lttr_sb_init(struct lttr_scoreboard *sb, const struct lttr_nest_opts *o)
{
	memset(sb, 0, sizeof(*sb));
	sb->nbins = o->nbins >= 2 ? o->nbins : 2;
	sb->log_base = log(o->bin_base > 1.0 ? o->bin_base : 1.05);
	sb->min_ns = o->bin_min_ns ? o->bin_min_ns : 1;
}

unsigned int lttr_sb_bin(const struct lttr_scoreboard *sb, int64_t delta_ns)
{
	double k;

	if (delta_ns < (int64_t)sb->min_ns)
		return 0;
	k = floor(log((double)delta_ns / (double)sb->min_ns) / sb->log_base);
	if (k + 1 >= sb->nbins)
		return sb->nbins - 1;
	return 1 + (unsigned int)k;
}

double *lttr_sb_hist(struct lttr_scoreboard *sb, uint32_t a, uint32_t b, uint32_t c,
		     int create)
{
	uint32_t key[3] = { a, b, c };
	size_t h;

	if (lttr_keymap_find(&sb->map, key, sizeof(key), &h))
		return sb->bins + h * sb->nbins;
	if (!create)
		return NULL;
	if ((sb->nh + 1) * sb->nbins > LTTR_NEST_MAX_BINS) {
		sb->full = true;
		return NULL;
	}
	if (!(sb->nh & (sb->nh - 1)) || !sb->nh) {
		/* room for twice as many when a power of two is reached */
		size_t ncap = sb->nh ? sb->nh * 2 : 16;
		double *nb = realloc(sb->bins, ncap * sb->nbins * sizeof(*nb));

		if (!nb)
			return NULL;
		sb->bins = nb;
	}
	if (lttr_keymap_put(&sb->map, key, sizeof(key), sb->nh))
		return NULL;
	memset(sb->bins + sb->nh * sb->nbins, 0, sb->nbins * sizeof(double));
	return sb->bins + sb->nh++ * sb->nbins;
}

int lttr_sb_smooth(struct lttr_scoreboard *sb, double sigma)
{
	int half = (int)ceil(3 * sigma), k;
	double *kern, *tmp, sum = 0;
	size_t h;

	if (sigma <= 0 || !sb->nh)
		return 0;
	kern = malloc((size_t)(2 * half + 1) * sizeof(*kern));
	tmp = malloc(sb->nbins * sizeof(*tmp));
	if (!kern || !tmp) {
		free(kern);
		free(tmp);
		return -1;
	}
	for (k = -half; k <= half; k++)
		sum += kern[k + half] = exp(-0.5 * k * k / (sigma * sigma));
	for (k = 0; k <= 2 * half; k++)
		kern[k] /= sum;
	for (h = 0; h < sb->nh; h++) {
		double *v = sb->bins + h * sb->nbins;
		int i, n = (int)sb->nbins;

		for (i = 0; i < n; i++) {
			double acc = 0;

			for (k = -half; k <= half; k++)
				if (i + k >= 0 && i + k < n)
					acc += v[i + k] * kern[k + half];
			tmp[i] = acc;
		}
		memcpy(v, tmp, sb->nbins * sizeof(*v));
	}
	free(kern);
	free(tmp);
	return 0;
}

void lttr_sb_free(struct lttr_scoreboard *sb)
{
	lttr_keymap_free(&sb->map);
	free(sb->bins);
	memset(sb, 0, sizeof(*sb));
}
