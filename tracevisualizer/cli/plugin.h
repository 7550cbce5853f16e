/* SPDX-License-Identifier: GPL-2.0 */
/*
 * plugin.h - the two libraries the tracevisualizer program loads only for
 * the commands that need them (plugin.c): cairo (the PNG and SVG drawings
 * of latency --png, jobs --png, vitals --png, stacks --svg) and libpcap
 * (export --pcap, messages --write-pcap, a --pcap capture read).
 *
 * Each is a private shared object beside the program's real path
 * (/proc/self/exe): tracevisualizer-cairo.so, tracevisualizer-pcap.so.
 * It exports one table of functions, checked by its ABI number; the
 * library functions those functions call are the program's (linked with
 * the list of them exported, Makefile).  Every other command starts
 * without loading cairo (X11, fontconfig, freetype...) nor libpcap
 * (dbus, systemd, gcrypt...): docs/design.md, docs/benchmarks.md.
 */
#ifndef TRACEVISUALIZER_PLUGIN_H
#define TRACEVISUALIZER_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

/* changed with the tables' layout: a plugin of another build is refused */
#define CLI_PLUGIN_ABI 1

struct lttr_dist;
struct lttr_stacks;
struct lttr_flame;
struct lttr_jobs;
struct lttr_vitals_bucket;
struct lttr_trace;
struct lttr_msgset;
struct lttr_export_sel;
struct lttr_pcap_stats;
struct lttr_error;

/* tracevisualizer-cairo.so: histpng.h, flamesvg.h, jobspng.h, vitalspng.h */
struct cli_cairo_ops {
	unsigned int abi;
	int (*hist_png)(const char *path, const char *const *labels,
			const struct lttr_dist *const *d, size_t n);
	int (*flame_svg)(const char *path, const struct lttr_stacks *s,
			 const struct lttr_flame *f);
	int (*jobs_png)(const char *path, const struct lttr_jobs *r);
	int (*vitals_png)(const char *path, const struct lttr_vitals_bucket *b,
			  size_t n, uint64_t width_ns);
};

/* tracevisualizer-pcap.so: lttr/output/export.h, lttr/paths/pcap.h */
struct cli_pcap_ops {
	unsigned int abi;
	int (*export_pcap)(struct lttr_trace *t, const char *path,
			   const struct lttr_export_sel *sel,
			   struct lttr_pcap_stats *st, struct lttr_error *err);
	int (*msgs_read_pcap)(const char *path, unsigned int flags,
			      struct lttr_msgset *s, struct lttr_error *err);
	int (*trace_write_pcap)(struct lttr_trace *t, const char *path,
				uint64_t *count, struct lttr_error *err);
};

/* the tables' names in the plugins */
#define CLI_CAIRO_TABLE "cli_cairo_plugin"
#define CLI_PCAP_TABLE "cli_pcap_plugin"

/*
 * The plugin's table, loaded at the first call (later calls return it at
 * once), or NULL with @err filled (LTTR_E_IO): the file's path and why it
 * could not be loaded (dlerror(), a missing table, another ABI).
 */
const struct cli_cairo_ops *cli_cairo(struct lttr_error *err);
const struct cli_pcap_ops *cli_pcap(struct lttr_error *err);

#endif
