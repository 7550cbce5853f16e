// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-dump.c - "tracevisualizer dump": the events in time order.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lttr/lttr.h>
#include <lttr/view/filter.h>
#include "cli.h"

/* --wall: the clock pair of the header, CLOCK_REALTIME at start_ns */
static uint64_t wall_start, mono_start;
static bool wall;

/*
 * The two time columns of a line: relative to the trace start, then
 * absolute (CLOCK_MONOTONIC s.ns) or, with --wall, the wall clock (UTC,
 * ISO 8601, from the header's clock pair).
 */
static void print_times(uint64_t time_ns, uint64_t start)
{
	uint64_t rel = time_ns >= start ? time_ns - start : start - time_ns;

	printf("%s%" PRIu64 ".%09" PRIu64 " ", time_ns >= start ? "" : "-",
	       rel / 1000000000U, rel % 1000000000U);
	if (wall) {
		uint64_t w = wall_start + time_ns - mono_start;
		time_t s = (time_t)(w / 1000000000U);
		struct tm tm;
		char buf[32];

		gmtime_r(&s, &tm);
		strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm);
		printf("%s.%09" PRIu64 "Z", buf, w % 1000000000U);
	} else {
		printf("%" PRIu64 ".%09" PRIu64, time_ns / 1000000000U, time_ns % 1000000000U);
	}
}

/*
 * The task of a line as trace-cmd users know it, comm-pid: its name at the
 * event's time (an exec renames it from the exec on), blanks made '_' so
 * that the line keeps its columns, "<...>" when the trace never names it
 * ("<idle>" the idle task, pid 0).
 */
static void print_task(struct lttr_ptable *pt, uint32_t pid, uint64_t time_ns)
{
	const char *n = lttr_ptable_name_at(pt, pid, time_ns);

	putchar(' ');
	if (!n || !*n) {
		fputs(pid ? "<...>" : "<idle>", stdout);
	} else {
		for (; *n; n++)
			putchar(*n == ' ' || *n == '\t' || *n == '\n' ? '_' : *n);
	}
	printf("-%u", pid);
}

static void print_text(const struct lttr_trace *t, struct lttr_ptable *pt,
		       const struct lttr_event *ev, uint64_t start)
{
	char desc[LTTR_DESC_MAX], cpu[8];

	lttr_event_describe(t, ev, desc, sizeof(desc));
	/* a trace marked "CPU ids not logged" shows none */
	if (lttr_trace_header(t)->flags & LTT_TRACE_NO_CPUID)
		snprintf(cpu, sizeof(cpu), "-");
	else
		snprintf(cpu, sizeof(cpu), "%u", ev->cpu);
	print_times(ev->time_ns, start);
	printf(" %s", cpu);
	print_task(pt, ev->pid, ev->time_ns);
	printf(" %c %s\n", ev->control ? 'C' : '-', desc);
}

/*
 * Where events were lost or damaged records skipped (--salvage: a buffer
 * whose records the reader uses end early, lttr_buffer_info.valid_size):
 * per CPU, the file offset of the first record read after such a gap, the
 * events the buffer headers count lost there and the bytes of records
 * skipped; offsets increase.
 */
struct gap {
	uint64_t offset;
	uint64_t lost;
	uint64_t skipped;
};

struct gaps {
	struct gap *v[LTT_MAX_CPUS];
	size_t n[LTT_MAX_CPUS];
	uint64_t tail[LTT_MAX_CPUS];	/* lost after the last buffer */
	uint64_t tail_skipped[LTT_MAX_CPUS];	/* ... bytes skipped */
	uint64_t tail_ns[LTT_MAX_CPUS];	/* ... whose last record is then */
};

static int gaps_index(struct lttr_trace *t, struct gaps *g)
{
	unsigned int c;

	memset(g, 0, sizeof(*g));
	for (c = 0; c < lttr_trace_ncpus(t) && c < LTT_MAX_CPUS; c++) {
		size_t i, nb = lttr_trace_buffer_count(t, c);
		struct lttr_buffer_info bi;
		uint64_t lost = 0, skipped = 0;

		for (i = 0; i < nb; i++) {
			if (lttr_trace_buffer(t, c, i, &bi))
				break;
			lost += bi.lost;
			if (!bi.valid_size || !(lost || skipped)) {
				skipped += bi.data_size - bi.valid_size;
				continue;
			}
			if (!g->v[c] || !(g->n[c] & (g->n[c] + 1))) {
				/* grow at 0, 1, 3, 7, ... entries */
				struct gap *nv = realloc(g->v[c], (2 * g->n[c] + 2) * sizeof(*nv));

				if (!nv)
					return -1;
				g->v[c] = nv;
			}
			g->v[c][g->n[c]].offset = bi.offset + sizeof(struct ltt_buffer_header);
			g->v[c][g->n[c]].lost = lost;
			g->v[c][g->n[c]++].skipped = skipped;
			lost = 0;
			skipped = bi.data_size - bi.valid_size;
		}
		for (i = nb; i > 0; i--) {	/* the last buffer with records */
			if (lttr_trace_buffer(t, c, i - 1, &bi))
				break;
			if (bi.valid_size) {
				g->tail[c] = lost + lttr_trace_lost_tail(t, c);
				g->tail_skipped[c] = skipped;
				g->tail_ns[c] = bi.end_ns;
				break;
			}
		}
	}
	return 0;
}

/* "lost N events on cpu C", "damaged records on cpu C skipped (B bytes)" */
static void print_gap(unsigned int cpu, uint64_t lost, uint64_t skipped)
{
	if (lost)
		printf("lost %" PRIu64 " events%s", lost, skipped ? " and " : "");
	if (skipped)
		printf("damaged records (%" PRIu64 " bytes) skipped", skipped);
	printf(" on cpu %u", cpu);
}

/* the events a CPU lost after its last record, where the order puts them */
static void print_tails(const struct gaps *g, const struct cli_opts *o,
			unsigned int ncpus, uint64_t start)
{
	unsigned int c;

	for (c = 0; c < ncpus && c < LTT_MAX_CPUS; c++) {
		int64_t rel = (int64_t)(g->tail_ns[c] - start);

		if (!(g->tail[c] || g->tail_skipped[c]) ||
		    !cli_cpu_wanted(o, c) ||
		    (o->has_from && rel < o->from_ns) || (o->has_to && rel > o->to_ns))
			continue;
		print_times(g->tail_ns[c], start);
		printf(" %u - - [", c);
		print_gap(c, g->tail[c], g->tail_skipped[c]);
		printf(" after its last record, until the stop]\n");
	}
}

static void gaps_free(struct gaps *g)
{
	unsigned int c;

	for (c = 0; c < LTT_MAX_CPUS; c++)
		free(g->v[c]);
}

/* the gap just before @ev (the first record of its buffer), or NULL */
static const struct gap *gaps_before(const struct gaps *g, const struct lttr_event *ev)
{
	size_t lo = 0, hi;

	if (ev->cpu >= LTT_MAX_CPUS)
		return NULL;
	hi = g->n[ev->cpu];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct gap *x = &g->v[ev->cpu][mid];

		if (x->offset == ev->offset)
			return x;
		if (x->offset < ev->offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* the line trace-cmd users know: where a CPU lost events */
static void print_lost(const struct cli_opts *o, const struct lttr_event *ev,
		       uint64_t start, const struct gap *gp)
{
	int64_t rel = (int64_t)(ev->time_ns - start);

	if (!cli_cpu_wanted(o, ev->cpu) ||
	    (o->has_from && rel < o->from_ns) || (o->has_to && rel > o->to_ns))
		return;
	print_times(ev->time_ns, start);
	printf(" %u - - [", ev->cpu);
	print_gap(ev->cpu, gp->lost, gp->skipped);
	printf(" before this point]\n");
}

/* --custom: an instance of one of the custom type names */
static bool custom_wanted(const struct cli_opts *o, struct lttr_trace *t,
			  const struct lttr_event *ev)
{
	const struct lttr_custom_type *ty;
	size_t i;

	if (ev->id != LTT_EV_CUSTOM || !ev->details)
		return false;
	ty = lttr_custom_table_lookup(lttr_trace_custom_types(t),
				      ev->p.custom.type_id, ev->time_ns);
	for (i = 0; ty && i < o->ncustom; i++)
		if (!strcmp(ty->name, o->custom[i]))
			return true;
	return false;
}

/*
 * Process names for the comm-pid of each line and the "comm" of --filter:
 * the process table with the fork, exec, exit and kthread_create events
 * applied, either all of them before the dump (backward) or as the dump
 * reads them (forward).
 */
struct names {
	struct lttr_ptable *pt;
	bool live;		/* apply the events the dump reads */
};

static bool names_event(const struct lttr_event *ev)
{
	return ev->details && lttr_ptable_names(ev->id);
}

static const char *comm_at(void *arg, uint32_t pid, uint64_t time_ns)
{
	const char *n = lttr_ptable_name_at(arg, pid, time_ns);

	return n && *n ? n : NULL;
}

/* apply the process events before @until_ns; 0 or EXIT_TRACE */
static int names_before(struct lttr_trace *t, struct lttr_ptable *pt,
			uint64_t until_ns)
{
	struct lttr_iter *it;
	struct lttr_error err;
	struct lttr_event ev;
	int r;

	if (lttr_iter_new(t, &it, &err) < 0) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	while ((r = lttr_iter_next(it, &ev)) > 0 && ev.time_ns < until_ns)
		if (names_event(&ev) && lttr_ptable_apply(pt, &ev) < 0) {
			cli_trace_error("out of memory");
			lttr_iter_free(it);
			return EXIT_TRACE;
		}
	if (r < 0)
		cli_trace_error(lttr_iter_error(it)->msg);
	lttr_iter_free(it);
	return r < 0 ? EXIT_TRACE : 0;
}

/*
 * A --custom name no type of the trace has: said on stderr with the names
 * it has (each once, in the table's order: by id, then time), as an
 * unknown --type is; true if there is one.
 */
static bool custom_unknown(const struct cli_opts *o, const struct lttr_custom_table *tab)
{
	size_t n = lttr_custom_table_count(tab), i, k, m;

	for (i = 0; i < o->ncustom; i++) {
		for (k = 0; k < n; k++)
			if (!strcmp(lttr_custom_table_get(tab, k)->name, o->custom[i]))
				break;
		if (k < n)
			continue;
		fprintf(stderr, "%s: --custom %s: no custom event type '%s' in the trace (", cli_prog,
			o->custom[i], o->custom[i]);
		if (!n)
			fputs("it has none", stderr);
		for (k = 0; k < n; k++) {
			const char *name = lttr_custom_table_get(tab, k)->name;

			for (m = 0; m < k; m++)
				if (!strcmp(lttr_custom_table_get(tab, m)->name, name))
					break;
			if (m == k)
				fprintf(stderr, "%s%s", k ? ", " : "its custom types: ", name);
		}
		fputs(")\n", stderr);
		return true;
	}
	return false;
}

/* --from, --to */
static bool in_window(const struct cli_opts *o, const struct lttr_event *ev, uint64_t start)
{
	int64_t rel = (int64_t)(ev->time_ns - start);

	return !(o->has_from && rel < o->from_ns) && !(o->has_to && rel > o->to_ns);
}

/* the filters: --cpu, --pid, --type, --omit, --custom, --from, --to, --filter */
static bool wanted(const struct cli_opts *o, struct lttr_trace *t,
		   const struct lttr_event *ev, uint64_t start,
		   const struct lttr_filter_ctx *fc)
{
	bool any_type = !(o->types[0] | o->types[1] | o->types[2] | o->types[3]);

	if (!cli_cpu_wanted(o, ev->cpu))
		return false;
	if (!cli_pid_wanted(o, ev->pid))
		return false;
	if (!any_type && !(o->types[ev->id / 64] & (1ULL << (ev->id % 64))))
		return false;
	if (o->omit[ev->id / 64] & (1ULL << (ev->id % 64)))
		return false;
	if (!in_window(o, ev, start))
		return false;
	if (o->ncustom && !custom_wanted(o, t, ev))
		return false;
	if (o->filter && !lttr_filter_match(o->filter, fc, ev))
		return false;
	return true;
}

int cmd_dump(struct cli_opts *o)
{
	struct lttr_trace *t;
	struct lttr_iter *it = NULL;
	struct lttr_error err;
	struct lttr_event ev;
	struct lttr_json j;
	struct lttr_filter_ctx fc = { .comm = NULL };
	struct names names = { NULL, false };
	struct gaps gaps;
	const struct lttr_custom_table *ctab;
	uint64_t start;
	bool nomem = false;
	bool *seen;		/* per --pid: an event of that task in the window */
	size_t i;
	int r, status = 0;

	int ost = cli_open(o, &t);

	if (ost)
		return ost;
	seen = calloc(o->npids ? o->npids : 1, sizeof(*seen));
	if (!seen) {
		cli_trace_error("out of memory");
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	start = lttr_trace_header(t)->start_ns;
	wall = o->wall;
	wall_start = lttr_trace_header(t)->start_wall_ns;
	mono_start = start;
	fc.t = t;
	{
		uint64_t until;

		names.pt = lttr_ptable_new(lttr_trace_proc(t));
		if (!names.pt) {
			cli_trace_error("out of memory");
			free(seen);
			return cli_finish(t, NULL, EXIT_TRACE);
		}
		/* backward: every name first; forward: those before --from */
		names.live = !o->reverse;
		until = o->reverse ? UINT64_MAX : o->has_from && o->from_ns > 0 ?
			start + (uint64_t)o->from_ns : 0;
		if (until && names_before(t, names.pt, until)) {
			lttr_ptable_free(names.pt);
			free(seen);
			return cli_finish(t, NULL, EXIT_TRACE);
		}
		if (o->filter && lttr_filter_uses(o->filter, "comm")) {
			fc.comm = comm_at;
			fc.arg = names.pt;
		}
	}
	if (lttr_iter_new(t, &it, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_ptable_free(names.pt);
		free(seen);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	/* the custom types now: their warnings go into the trace information */
	ctab = lttr_trace_custom_types(t);
	if (o->ncustom && ctab && custom_unknown(o, ctab)) {
		lttr_iter_free(it);
		lttr_ptable_free(names.pt);
		free(seen);
		lttr_trace_close(t);
		return EXIT_USAGE;
	}
	if (gaps_index(t, &gaps)) {
		gaps_free(&gaps);
		lttr_iter_free(it);
		lttr_ptable_free(names.pt);
		free(seen);
		cli_trace_error("out of memory");
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "trace");
		lttr_json_traceinfo(&j, t);
		lttr_json_key(&j, "events");
		lttr_json_begin_array(&j);
	} else {
		printf(o->wall ? "# rel_s wall_utc cpu comm-pid control description\n" :
		       "# rel_s abs_s cpu comm-pid control description\n");
		if (o->reverse)
			print_tails(&gaps, o, lttr_trace_ncpus(t), start);
	}
	if (o->reverse && o->has_to)
		lttr_iter_seek_time(it, start + (uint64_t)(o->to_ns > 0 ? o->to_ns : 0) + 1);
	else if (o->reverse)
		lttr_iter_seek_end(it);
	else if (o->has_from && o->from_ns > 0)
		lttr_iter_seek_time(it, start + (uint64_t)o->from_ns);
	for (;;) {
		const struct gap *lost;

		r = o->reverse ? lttr_iter_prev(it, &ev) : lttr_iter_next(it, &ev);
		if (r <= 0)
			break;
		if (!o->reverse && o->has_to && (int64_t)(ev.time_ns - start) > o->to_ns)
			break;
		if (names.live && names_event(&ev) &&
		    lttr_ptable_apply(names.pt, &ev) < 0) {
			nomem = true;
			break;
		}
		for (i = 0; i < o->npids; i++)
			if (ev.pid == o->pids[i] && in_window(o, &ev, start))
				seen[i] = true;
		lost = o->json ? NULL : gaps_before(&gaps, &ev);
		if (lost && !o->reverse)
			print_lost(o, &ev, start, lost);
		if (wanted(o, t, &ev, start, &fc)) {
			if (o->json) {
				lttr_json_event(&j, t, &ev);
				if (!o->pretty)
					putchar('\n');
			} else {
				print_text(t, names.pt, &ev, start);
			}
		}
		if (lost && o->reverse)
			print_lost(o, &ev, start, lost);
	}
	if (o->json) {
		lttr_json_end_array(&j);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else if (!o->reverse && r == 0) {
		print_tails(&gaps, o, lttr_trace_ncpus(t), start);
	}
	if (nomem) {
		cli_trace_error("out of memory");
		status = EXIT_TRACE;
	} else if (r < 0) {
		cli_trace_error(lttr_iter_error(it)->msg);
		status = EXIT_TRACE;
	}
	/* a task asked for that has no event there: an empty selection */
	for (i = 0; !status && i < o->npids; i++) {
		if (seen[i])
			continue;
		fprintf(stderr, "%s: --pid %u: task %u has no event in the %s\n", cli_prog,
			o->pids[i], o->pids[i], o->has_from || o->has_to ? "window asked for" : "trace");
		status = EXIT_USAGE;
	}
	free(seen);
	gaps_free(&gaps);
	lttr_iter_free(it);
	lttr_ptable_free(names.pt);
	return cli_finish(t, NULL, status);
}
