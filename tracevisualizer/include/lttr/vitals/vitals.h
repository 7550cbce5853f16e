/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/vitals/vitals.h - the vital signs' epoch files (traced --vitals,
 * format in <ltt/ltt-abi.h> and docs/vitals.md): writing one, reading a
 * directory of them, and the aggregator's computations (the sketch
 * reconstructed: weighted totals, distinct labels, the labels sampled with
 * their estimated counts; the EWMA anomaly detector), with their text and
 * JSON forms.  vitals-file.c and vitals-codec.c depend on the C library
 * and zstd alone (traced links them); vitals-report.c is the aggregator.
 */
#ifndef LTTR_VITALS_H
#define LTTR_VITALS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <ltt/ltt-abi.h>

#define LTTR_VITALS_FILE_PREFIX	"vitals-"
#define LTTR_VITALS_FILE_SUFFIX	".ltv"
/* the maps text of an epoch file at most (the daemon stops before) */
#define LTTR_VITALS_MAPS_MAX	(16 << 20)
/* the largest epoch file read: header, every cell, 4096 CPUs' samples and stacks */
#define LTTR_VITALS_FILE_MAX	(sizeof(struct ltt_vitals_file_header) + \
				 LTT_VITALS * sizeof(struct ltt_vitals_sum) + \
				 LTT_VITALS * LTT_VITALS_HCA * \
				 sizeof(struct ltt_vitals_cell) + \
				 4096 * LTT_VITALS_SAMPLES * \
				 sizeof(struct ltt_vital_sample) + \
				 4096 * LTT_VITALS_STACKS * \
				 sizeof(struct ltt_vital_stack) + \
				 LTTR_VITALS_MAPS_MAX + \
				 sizeof(struct ltt_vitals_trailer))

/** the short names of the vital signs ("syscall"), NULL past the end */
const char *lttr_vital_name(unsigned int vital);
/** the unit of a vital sign's weight ("us", "events", "samples") */
const char *lttr_vital_unit(unsigned int vital);

/**
 * lttr_vitals_level() - the level of an HCA counter, as the module
 * computes it: 0 for 0, then 1 + floor(log2(c) / shift).  An event is
 * sampled when it raises its counter's level.
 */
unsigned int lttr_vitals_level(uint32_t c, unsigned int shift);

/**
 * struct lttr_vitals_epoch - one epoch file, read
 * @path: the file
 * @h: its header
 * @sum: per vital sign, the weighted total and the events counted
 * @cells: the non-zero HCA cells (summed over the CPUs), @ncells of them
 * @samples: the samples, @nsamples of them
 * @stacks: the samples' stacks, @nstacks of them (a sample's stack field
 *	is 1 + an index here, 0 for none)
 * @maps: the executable mappings of the processes whose user addresses
 *	the stacks hold (@maps_len bytes, NUL-terminated; "" in a version 1
 *	file): a trace's "maps" format (lttr/symbols/maps.h)
 * A version 1 file (ABI 15) is read too: no stacks, no maps; a version 2
 * file (ABI 16) too.  A sample of a version 3 file has the label's low 32
 * bits and its cell (the label's top 10 bits) alone: its label is rebuilt
 * as low 32 | cell << 54, not the module's whole 64-bit hash: 42 of its
 * bits (the module's label has its cell as its top 10 bits), which group
 * the samples of a label within and across epochs as the whole hash did,
 * but for two labels of one vital sign that agree on all 42.
 */
struct lttr_vitals_epoch {
	char *path;
	struct ltt_vitals_file_header h;
	struct ltt_vitals_sum sum[LTT_VITALS];
	struct ltt_vitals_cell *cells;
	size_t ncells;
	struct ltt_vital_sample *samples;
	size_t nsamples;
	struct ltt_vital_stack *stacks;
	size_t nstacks;
	char *maps;
	size_t maps_len;
};

/**
 * lttr_vitals_write() - write one epoch file at @path (a temporary file
 * renamed over it, so a reader never sees half of one), version 3: the
 * body compressed (vitals-codec.c; h->body_len and h->raw_len are set)
 * @hca: the HCAs summed over the CPUs (LTT_VITALS x LTT_VITALS_HCA): only
 *       the non-zero cells are written (h->ncells is set)
 * @samples, @stacks, @maps: h->nsamples, h->nstacks and h->maps_len of
 *       them
 * Return: 0, or -1 with a message in @err.
 */
int lttr_vitals_write(const char *path, struct ltt_vitals_file_header *h,
		      const struct ltt_vitals_sum *sum, const uint32_t *hca,
		      const struct ltt_vital_sample *samples,
		      const struct ltt_vital_stack *stacks, const char *maps,
		      char *err, size_t errlen);

/**
 * lttr_vitals_parse() - an epoch file's bytes
 * Return: 0, or -1 with what is wrong (and at which offset) in @err.  The
 * cells and samples are copied: @buf may go.
 */
int lttr_vitals_parse(const unsigned char *buf, size_t len,
		      struct lttr_vitals_epoch *e, char *err, size_t errlen);

/** lttr_vitals_read() - lttr_vitals_parse() of the file @path */
int lttr_vitals_read(const char *path, struct lttr_vitals_epoch *e,
		     char *err, size_t errlen);

void lttr_vitals_epoch_free(struct lttr_vitals_epoch *e);

/**
 * lttr_vitals_epoch_range() - the lowest and highest epoch numbers among
 * the files of @dir (by their names), for a daemon that continues a
 * series and removes its oldest files
 * Return: 1 and *@first, *@last; 0 when there is none; -1 when @dir
 * cannot be read.
 */
int lttr_vitals_epoch_range(const char *dir, uint64_t *first, uint64_t *last);

/* ---- the aggregator (vitals-report.c) ---------------------------------- */

/**
 * struct lttr_vitals_series - the epoch files of a directory, in epoch
 * order; the files that could not be read are skipped, each with a
 * warning naming the file and its epoch (from its name).
 */
struct lttr_vitals_series {
	struct lttr_vitals_epoch *epochs;
	size_t n;
	char **warnings;
	size_t nwarnings;
	uint64_t *bad;			/* the epoch numbers of the files
					 * skipped (from their names), sorted */
	size_t nbad;
	uint64_t *lost;			/* the epochs marked lost
					 * (LTT_VITALS_F_LOST), sorted */
	size_t nlost;
};

/**
 * lttr_vitals_missing() - the epoch numbers between the first and the
 * last epoch read or marked lost that have no data and were not skipped
 * (a bad file): the epochs a crashed daemon lost (marked, or no file at
 * all), or files removed since.  Ranges [first, last] into @out (at most
 * @max of them).
 * Return: the number of missing epoch numbers (all of them, whatever
 * @max).
 */
uint64_t lttr_vitals_missing(const struct lttr_vitals_series *s,
			     uint64_t (*out)[2], size_t max, size_t *nout);
/** the files skipped (bad) whose numbers are in [@lo, @hi] */
uint64_t lttr_vitals_skipped_in(const struct lttr_vitals_series *s,
				uint64_t lo, uint64_t hi);

int lttr_vitals_load(const char *dir, struct lttr_vitals_series *s,
		     char *err, size_t errlen);
void lttr_vitals_series_free(struct lttr_vitals_series *s);

/**
 * lttr_vitals_distinct() - the number of distinct labels of a vital sign
 * in an epoch, estimated from its HCA by linear counting:
 * m ln(m / empty cells), m = hca_size.
 * Return: the estimate, or -1 when every cell is used (unknown: at least
 * m ln m).
 */
double lttr_vitals_distinct(const struct lttr_vitals_epoch *e,
			    unsigned int vital);

/** the HCA count of @cell of @vital in @e (0 if absent) */
uint32_t lttr_vitals_cell(const struct lttr_vitals_epoch *e,
			  unsigned int vital, unsigned int cell);

/*
 * The EWMA detector: per vital sign, a mean and a variance moved by
 * LTTR_EWMA_ALPHA at each unflagged epoch; an epoch is flagged when its
 * total leaves mean +- LTTR_EWMA_K standard deviations (the deviation at
 * least LTTR_EWMA_FLOOR of the mean, and 1), after LTTR_EWMA_WARMUP
 * epochs.  After LTTR_EWMA_REBASE flagged epochs in a row the band moves
 * to the new level.
 */
#define LTTR_EWMA_ALPHA		0.3
#define LTTR_EWMA_K		3.0
#define LTTR_EWMA_FLOOR		0.1
#define LTTR_EWMA_WARMUP	3
#define LTTR_EWMA_REBASE	3

struct lttr_ewma {
	double mean, var;
	unsigned int n, run;
};

/**
 * lttr_ewma_step() - feed one epoch's value
 * @lo, @hi: receive the band the value was judged against
 * Return: true when the value is flagged.
 */
bool lttr_ewma_step(struct lttr_ewma *w, double x, double *lo, double *hi);

/** a label seen in the samples of an epoch */
struct lttr_vitals_label {
	struct ltt_vital_sample first;	/* its first sample */
	uint32_t estimate;		/* its cell's count: >= its weight */
	uint32_t samples;		/* its samples in the epoch */
	/* the stacks of its first sample that has some, or NULL */
	const struct ltt_vital_stack *stack;
};

struct lttr_vitals_row {
	uint64_t total, events;
	double distinct;		/* -1: unknown (saturated) */
	double lo, hi;			/* the detector's band */
	bool flagged;
	struct lttr_vitals_label *top;	/* by estimate, largest first */
	size_t ntop;
};

/**
 * struct lttr_vitals_report - per epoch and vital sign, what the views
 * show: rows[epoch * LTT_VITALS + vital]
 */
struct lttr_vitals_names;

struct lttr_vitals_report {
	const struct lttr_vitals_series *s;
	struct lttr_vitals_row *rows;
	size_t ntop_max;
	struct lttr_vitals_names *names;	/* lttr_vitals_symbols() */
};

int lttr_vitals_report(const struct lttr_vitals_series *s, size_t ntop,
		       struct lttr_vitals_report *r);
void lttr_vitals_report_free(struct lttr_vitals_report *r);

/**
 * lttr_vitals_sample_text() - what a sample's label and data are, per
 * vital sign ("sp 0x... syscall 39 arg0 0x... ip 0x..."), as the text
 * report prints a top label's first sample and the window lists samples
 */
void lttr_vitals_sample_text(char *buf, size_t len,
			     const struct ltt_vital_sample *s);

/* ---- the samples' stacks, named (vitals-stacks.c) --------------------- */

/**
 * lttr_vitals_symbols() - name the stacks' addresses in @r from now on:
 * the kernel's through @dir's "kallsyms" and "modules" (the daemon's
 * copies), the user's through each epoch's maps and the ELF files mapped
 * (read under @symfs when given, perf's --symfs).  What cannot be named
 * is "[unknown]" (lttr/symbols/symbols.h); the reasons are warnings
 * (lttr_vitals_symbols_warning()).  When no epoch holds stacks and
 * @symfs is NULL, nothing is opened.
 * Return: 0, or -1 and @err (a bad @symfs, memory).
 */
int lttr_vitals_symbols(struct lttr_vitals_report *r, const char *dir, const char *symfs,
			char *err, size_t errlen);
/** the warnings of the symbols, once each: their count and the i-th */
size_t lttr_vitals_symbols_warnings(const struct lttr_vitals_report *r);
const char *lttr_vitals_symbols_warning(const struct lttr_vitals_report *r, size_t i);
/** what lttr_vitals_symbols() opened, closed (lttr_vitals_report_free() calls it) */
void lttr_vitals_symbols_free(struct lttr_vitals_report *r);

/** the stacks of sample @sm of epoch @e, or NULL */
const struct ltt_vital_stack *lttr_vitals_stack(const struct lttr_vitals_epoch *e,
						const struct ltt_vital_sample *sm);

/**
 * lttr_vitals_frame() - the name of address @k of @st (kernel addresses
 * first, innermost first) of the report's epoch @i: "name+0xoff",
 * "object+0xoff", "[unknown]" (a user address of a process whose maps the
 * epoch does not hold: it ended or ran exec before the epoch's end), or
 * "0x..." when lttr_vitals_symbols() was not called.
 * Return: 1 for a kernel address, 0 for a user one.
 */
int lttr_vitals_frame(const struct lttr_vitals_report *r, size_t i,
		      const struct ltt_vital_stack *st, unsigned int k, char *buf, size_t len);

/**
 * lttr_vitals_stack_line() - the frames of @st on one line, innermost
 * first, the kernel's then the user's: "a+0x1 <- b+0x2 | c+0x3 <- main+0x10"
 * (a list's column); "" for NULL
 */
void lttr_vitals_stack_line(const struct lttr_vitals_report *r, size_t i,
			    const struct ltt_vital_stack *st, char *buf, size_t len);

/**
 * lttr_vitals_stack_part() - the kernel frames of @st (@kernel nonzero)
 * or its user frames on one line, innermost first ("" when none): a
 * narrow screen's two lines, the user frames first
 */
void lttr_vitals_stack_part(const struct lttr_vitals_report *r, size_t i,
			    const struct ltt_vital_stack *st, int kernel, char *buf, size_t len);

/** the report as text (one block per epoch) or JSON (docs/vitals.md) */
void lttr_vitals_text(FILE *f, const struct lttr_vitals_report *r);
void lttr_vitals_json(FILE *f, const struct lttr_vitals_report *r);

/**
 * the missing epochs as a line of text ("missing: 2 epochs with no file
 * ...: 3-4", nothing when none) and as the JSON keys "missing_epochs"
 * (all of them) and "missing" (the first 64 ranges [first, last])
 */
struct lttr_json;
void lttr_vitals_missing_text(FILE *f, const struct lttr_vitals_series *s);
void lttr_vitals_missing_json(struct lttr_json *j,
			      const struct lttr_vitals_series *s);

/* ---- timescales (vitals-timescale.c): Chopstix's 5 min / 1 h / 1 day -- */

#define LTTR_VITALS_5MIN	(300ULL * 1000000000ULL)
#define LTTR_VITALS_HOUR	(3600ULL * 1000000000ULL)
#define LTTR_VITALS_DAY		(86400ULL * 1000000000ULL)

/**
 * struct lttr_vitals_bucket - the epochs whose wall-clock start falls in
 * [@start_ns, @start_ns + width) (UTC, aligned on multiples of the width),
 * summed.  An epoch longer than the width, or one across a bucket's end,
 * counts whole in the bucket of its start.
 * @first, @n: the epochs of the report in the bucket (rows @first ..)
 * @covered_ns: the epochs' durations summed (less than the width: the
 *              daemon did not run all of it, or epochs are missing)
 * @missing: epoch numbers with no file (lttr_vitals_missing()) just
 *           before this bucket's epochs; @skipped: files skipped (bad)
 *           among those numbers
 * @anomalies: per vital sign, the epochs the detector flagged
 */
struct lttr_vitals_bucket {
	uint64_t start_ns;
	size_t first, n;
	uint64_t first_epoch, last_epoch;
	uint64_t covered_ns;
	uint64_t missing, skipped, partial;
	uint64_t samples, dropped;
	uint32_t collected;		/* the union of the epochs' */
	uint64_t total[LTT_VITALS], events[LTT_VITALS];
	unsigned int anomalies[LTT_VITALS];
};

/**
 * lttr_vitals_buckets() - the report's epochs in buckets of @width_ns
 * (only the buckets holding an epoch, in time order)
 * Return: 0 and *@out (free() it), *@n; -1 out of memory or @width_ns 0.
 */
int lttr_vitals_buckets(const struct lttr_vitals_report *r, uint64_t width_ns,
			struct lttr_vitals_bucket **out, size_t *n);

/** lttr_vitals_epoch_buckets() - one bucket an epoch (the PNG by epoch) */
int lttr_vitals_epoch_buckets(const struct lttr_vitals_report *r,
			      struct lttr_vitals_bucket **out, size_t *n);

/*
 * The timescales the views step through (the keymap's vitals-timescale):
 * 0 the epochs themselves, then 5 minutes, an hour, a day
 */
#define LTTR_VITALS_NSCALES	4

/** lttr_vitals_scale_width() - scale @i's bucket width in ns (0: epochs) */
uint64_t lttr_vitals_scale_width(unsigned int i);
/** lttr_vitals_scale_name() - "epoch", "5 min", "1 h" or "1 day" */
const char *lttr_vitals_scale_name(unsigned int i);
/**
 * lttr_vitals_scale_buckets() - the report's epochs at timescale @i:
 * lttr_vitals_epoch_buckets() for 0, lttr_vitals_buckets() of its width
 * otherwise.  Return: 0, or -1 (out of memory, or no such scale).
 */
int lttr_vitals_scale_buckets(const struct lttr_vitals_report *r, unsigned int i,
			      struct lttr_vitals_bucket **out, size_t *n);
/**
 * lttr_vitals_wall_text() - @ns (the wall clock) as "2026-11-29 18:05:00"
 * (UTC), as the buckets' text prints a bucket's start
 */
void lttr_vitals_wall_text(char *buf, size_t len, uint64_t ns);

/** the buckets as text and as JSON (docs/vitals.md) */
void lttr_vitals_buckets_text(FILE *f, const struct lttr_vitals_report *r,
			      uint64_t width_ns,
			      const struct lttr_vitals_bucket *b, size_t n);
void lttr_vitals_buckets_json(FILE *f, const struct lttr_vitals_report *r,
			      uint64_t width_ns,
			      const struct lttr_vitals_bucket *b, size_t n);

/* ---- the views (vitals-view.c, docs/views.md "Vital signs") ---------- */

/** the largest total of @vital among @n buckets */
uint64_t lttr_vitals_bucket_max(const struct lttr_vitals_bucket *b, size_t n,
				unsigned int vital);
/** a column's height in eighths: 0 for 0, else 1..8 of @max */
unsigned int lttr_vitals_level8(uint64_t v, uint64_t max);

/**
 * lttr_vitals_trace_span() - the times of the trace @dir that the epochs
 * are compared with (the analyses' window start, the end; CLOCK_MONOTONIC
 * as the epochs') and the header's start (@base, the lessons' origin)
 * Return: 0, or -1 with why in @err.
 */
int lttr_vitals_trace_span(const char *dir, uint64_t *start, uint64_t *end,
			   uint64_t *base, char *err, size_t errlen);
/** whether epoch @e overlaps [@start, @end) */
bool lttr_vitals_epoch_in_trace(const struct lttr_vitals_epoch *e,
				uint64_t start, uint64_t end);

struct lttr_lesson;
/**
 * lttr_vitals_epoch_lesson() - epoch @i of @r in the trace of span
 * @start..@end (@base its header's start) as a lesson of one step: the
 * window the epoch's part in the trace, the cursor in its middle, the
 * text its vital signs (totals, verdicts, top labels)
 * Return: 0, or -1 when the epoch is not in the trace or out of memory.
 */
int lttr_vitals_epoch_lesson(const struct lttr_vitals_report *r, size_t i,
			     uint64_t start, uint64_t end, uint64_t base,
			     struct lttr_lesson **out);

/* ---- the Prometheus exposition (vitals-prom.c, docs/vitals.md) --------- */

/**
 * struct lttr_vitals_prom - a fleet's view of a directory of epoch files,
 * for Prometheus: counters that only grow while the process runs (each
 * epoch file counted once, in epoch order, when it first appears; a file
 * removed later by --keep takes nothing back), and the newest epoch's
 * report (the same rows as lttr_vitals_report()'s, its detector fed every
 * epoch counted).  What is not known has no series: a vital sign never
 * collected, an unknown distinct count, a band before the warm-up.
 */
struct lttr_vitals_prom {
	char *dir;
	size_t ntop;
	bool started;			/* an epoch file was seen */
	uint64_t next;			/* the lowest epoch number not counted */
	uint64_t epochs, bad, missing, partial;
	uint64_t samples, dropped, skipped;
	uint64_t sampling_ns;		/* the collector's time keeping samples */
	uint64_t total[LTT_VITALS], events[LTT_VITALS];
	uint32_t collected;		/* the vital signs of any epoch counted */
	uint64_t dir_errors;		/* updates that could not read @dir */
	struct lttr_ewma w[LTT_VITALS];
	bool have_last;
	struct lttr_vitals_epoch last;	/* the newest epoch counted */
	struct lttr_vitals_row row[LTT_VITALS];
	bool judged[LTT_VITALS];	/* the detector was past its warm-up */
	char **warnings;		/* the bad files of the last update */
	size_t nwarnings;
};

/* the top labels per vital sign traced --metrics-listen serves */
#define LTTR_VITALS_PROM_TOP	5

int lttr_vitals_prom_init(struct lttr_vitals_prom *p, const char *dir,
			  size_t ntop);
/**
 * lttr_vitals_prom_update() - count the epoch files that appeared in the
 * directory since the last update (those numbered from p->next on)
 * Return: 0 (p->warnings name the files skipped), or -1 with why in @err
 * (the directory cannot be read, out of memory: what was counted stays).
 */
int lttr_vitals_prom_update(struct lttr_vitals_prom *p, char *err,
			    size_t errlen);
/** the text exposition format 0.0.4 of @p */
void lttr_vitals_prom_print(FILE *f, const struct lttr_vitals_prom *p);
void lttr_vitals_prom_free(struct lttr_vitals_prom *p);

/* ---- the HTTP endpoint for Prometheus (metrics-http.c) ----------------- */

/**
 * lttr_metrics_listen() - a listening TCP socket on @addr, "IPV4:PORT" or
 * "[IPV6]:PORT", numeric (port 0: the kernel picks one; *@port receives it)
 * Return: the socket (non-blocking, close-on-exec) or -1 with why in @err.
 */
int lttr_metrics_listen(const char *addr, unsigned int *port, char *err,
			size_t errlen);

enum lttr_metrics_req {
	LTTR_METRICS_INCOMPLETE,	/* the request's head is not all there */
	LTTR_METRICS_GET,		/* GET /metrics */
	LTTR_METRICS_HEAD,		/* HEAD /metrics */
	LTTR_METRICS_NOT_FOUND,		/* another path: 404 */
	LTTR_METRICS_BAD_METHOD,	/* another method: 405 */
	LTTR_METRICS_BAD,		/* not HTTP/1.x: 400 */
};

/** what the request in @buf (@len bytes so far) asks */
enum lttr_metrics_req lttr_metrics_parse(const char *buf, size_t len);

/**
 * lttr_metrics_serve() - accept one connection on @lfd (if one waits),
 * read its request (2 s at most), and answer it: GET /metrics with
 * lttr_vitals_prom_update() of @p then its exposition.
 * Return: 1 a request was answered, 0 none waited, -1 accept failed.
 */
int lttr_metrics_serve(int lfd, struct lttr_vitals_prom *p);

#endif /* LTTR_VITALS_H */
