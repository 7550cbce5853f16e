// SPDX-License-Identifier: GPL-2.0
/*
 * plugin-cairo.c - the table of tracevisualizer-cairo.so, the drawings
 * made with cairo (plugin.h): linked with histpng.c, flamesvg.c,
 * jobspng.c, vitalspng.c and libcairo, never into the program.
 */
#include <lttr/analysis/distribution.h>
#include "flamesvg.h"
#include "histpng.h"
#include "jobspng.h"
#include "plugin.h"
#include "vitalspng.h"

extern const struct cli_cairo_ops cli_cairo_plugin;

const struct cli_cairo_ops cli_cairo_plugin = {
	.abi = CLI_PLUGIN_ABI,
	.hist_png = cli_hist_png,
	.flame_svg = cli_flame_svg,
	.jobs_png = cli_jobs_png,
	.vitals_png = cli_vitals_png,
};
