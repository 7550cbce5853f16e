/* SPDX-License-Identifier: GPL-2.0 */
/* histpng.h - log2 histograms drawn into a PNG with cairo (histpng.c). */
#ifndef TRACEVISUALIZER_HISTPNG_H
#define TRACEVISUALIZER_HISTPNG_H

#include <stddef.h>

struct lttr_dist;

/*
 * Draw the histograms of @d (@n of them, one panel each, titled @labels)
 * into the PNG file @path.  Return 0, or -1 when it could not be written.
 */
int cli_hist_png(const char *path, const char *const *labels,
		 const struct lttr_dist *const *d, size_t n);

#endif
