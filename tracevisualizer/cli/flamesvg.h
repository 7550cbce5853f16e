/* SPDX-License-Identifier: GPL-2.0 */
/* flamesvg.h - a flame graph drawn with cairo into an SVG (flamesvg.c). */
#ifndef TRACEVISUALIZER_FLAMESVG_H
#define TRACEVISUALIZER_FLAMESVG_H

struct lttr_stacks;
struct lttr_flame;

/*
 * Draw the boxes of @f (lttr_flame_layout() of @s) into the SVG file
 * @path, titled with the kind and total of @s.  Return 0, or -1 with the
 * reason said on stderr.
 */
int cli_flame_svg(const char *path, const struct lttr_stacks *s, const struct lttr_flame *f);

#endif
