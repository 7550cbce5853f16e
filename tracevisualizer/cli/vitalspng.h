/* SPDX-License-Identifier: GPL-2.0 */
/* vitalspng.h - the vital signs over time drawn into a PNG (vitalspng.c). */
#ifndef TRACEVISUALIZER_VITALSPNG_H
#define TRACEVISUALIZER_VITALSPNG_H

#include <stddef.h>
#include <stdint.h>

struct lttr_vitals_bucket;

/*
 * Draw @n buckets (lttr_vitals_buckets(), or one an epoch) into the PNG
 * file @path: a panel per vital sign collected, a column per bucket.
 * @width_ns: the buckets' width, 0 for epochs (the title says which).
 * Return 0, or -1 when it could not be written.
 */
int cli_vitals_png(const char *path, const struct lttr_vitals_bucket *b,
		   size_t n, uint64_t width_ns);

#endif
