// SPDX-License-Identifier: GPL-2.0
/*
 * view-bench.c - time the build of a trace's view model, and print a
 * digest of everything the front ends can ask the model, so that a change
 * of the build can be shown to cost less and answer the same.
 *
 *   view-bench [--digest] [--dump] [--cells N] TRACEDIR
 *
 * Prints one line: the open and build wall times, the process's user and
 * system CPU time (getrusage, both threads of the build), the rows,
 * entries and states.  --digest adds a 64-bit FNV-1a digest of the
 * answers of the public queries (rows, cells at several zooms, spans,
 * steps, time per category, states, event counts, buffer ids, lost
 * events, the check against the accounting); --dump prints those answers
 * instead, one per line, to find where two builds differ.  --cells N
 * times N passes of lttr_view_cells() over every row for the whole trace
 * at 1720 columns (a 1920-pixel window's graph zoomed out: what a paint
 * after a zoom asks), and prints each pass's milliseconds.
 *
 *   view-bench --time-cols FROM:TO:N:CPUS TRACEDIR
 *
 * prints instead the time per category of each column of the idle row
 * and of every task row (lttr_view_idle_time_cols(),
 * lttr_view_time_cols()) over [FROM, TO) ns after the trace start in N
 * columns, on the CPUs of the mask CPUS (0: all): one line per row,
 * "PID" then a field per column, "cat=ns,..." (categories as enum
 * lttr_vcat, those with time) or "-": what tests/host/graph.t checks the
 * graph's cells against.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <lttr/lttr.h>
#include <lttr/reader/trace.h>
#include <lttr/view/view.h>
#include <lttr/view/density.h>
#include <lttr/view/verify.h>

static uint64_t digest = 0xcbf29ce484222325ULL;
static int dump;

/* fold a line of text into the digest (and print it with --dump) */
static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void out(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	size_t i, n;

	va_start(ap, fmt);
	n = (size_t)vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	for (i = 0; i < n; i++) {
		digest ^= (uint8_t)line[i];
		digest *= 0x100000001b3ULL;
	}
	digest ^= '\n';
	digest *= 0x100000001b3ULL;
	if (dump)
		puts(line);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double tv(const struct timeval *t)
{
	return (double)t->tv_sec + (double)t->tv_usec / 1e6;
}

/* a fixed sequence: the same windows in every run */
static uint64_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 17;
}

static void cells(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
		  unsigned int n)
{
	static struct lttr_vcell c[1000];
	unsigned int i;

	if (lttr_view_cells(v, row, t0, t1, n, c)) {
		out("cells %zu error", row);
		return;
	}
	for (i = 0; i < n; i++)
		out("c %zu %u %u %u %u %u", row, i, c[i].state, c[i].cat, c[i].flags,
		    c[i].changes);
}

static void queries(struct lttr_view *v, struct lttr_trace *t)
{
	uint64_t s = lttr_view_start(v), e = lttr_view_end(v), span = e - s + 1;
	uint64_t seed = 42, ns[LTTR_VCAT_COUNT], w[8][2];
	size_t nrows = lttr_view_nrows(v), row, i, k, *order;
	struct lttr_view_stats st;
	struct lttr_view_verify vv;
	unsigned char *depth;
	unsigned int c;
	char buf[256];

	lttr_view_stats(v, &st);
	out("rows %zu entries %" PRIu64 " states %" PRIu64 " ooo %" PRIu64,
	    nrows, st.entries, st.states, st.out_of_order);
	for (i = 0; i < st.states; i++) {
		const struct lttr_vstate *x = lttr_view_state(v, (uint32_t)i);

		out("state %zu %u %u %u %u %u %u %u %s", i, x->cat, x->sysvec,
		    x->preempted, x->mode, x->cpu, x->pid, x->what,
		    lttr_view_state_str(v, (uint32_t)i, buf, sizeof(buf)));
	}
	/* the whole trace, and windows from a tenth down to a millionth */
	w[0][0] = s;
	w[0][1] = e;
	for (k = 1; k < 8; k++) {
		uint64_t len = span / (k == 1 ? 10 : k == 2 ? 1000 : k == 3 ? 100000 : 1000000) + 1;

		w[k][0] = s + rnd(&seed) % span;
		w[k][1] = w[k][0] + len;
	}
	for (row = 0; row < nrows; row++) {
		const struct lttr_vrow_info *in = lttr_view_row(v, row);

		out("row %zu %u %u %u %u %u %s %" PRIu64, row, in->kind, in->sysvec, in->id,
		    in->tgid, in->ppid, in->name ? in->name : "(null)", in->entries);
		for (k = 0; k < 8; k++)
			cells(v, row, w[k][0], w[k][1], k ? 200 : 1000);
		if (!lttr_view_time_in(v, row, s, e, ns))
			for (i = 0; i < LTTR_VCAT_COUNT; i++)
				out("in %zu %zu %" PRIu64, row, i, ns[i]);
		out("active %zu %d", row, lttr_view_row_active(v, row, w[3][0], w[3][1]));
		for (k = 0; k < 40; k++) {
			uint64_t at = s + rnd(&seed) % span, to;
			struct lttr_vspan sp;
			int r;

			if (!lttr_view_span_at(v, row, at, &sp))
				out("span %zu %" PRIu64 " %" PRIu64 " %" PRIu64 " %u %" PRIu64,
				    row, at, sp.start_ns, sp.end_ns, sp.state, sp.events);
			r = lttr_view_step(v, row, at, (k & 1) ? 1 : -1, k & 2, &to);
			out("step %zu %" PRIu64 " %d %" PRIu64, row, at, r, r == 1 ? to : 0);
		}
	}
	order = calloc(nrows + 1, sizeof(*order));
	depth = calloc(nrows + 1, 1);
	if (order && depth) {
		k = lttr_view_task_order(v, order, depth);
		for (i = 0; i < k; i++)
			out("order %zu %zu %u", i, order[i], depth[i]);
	}
	free(order);
	free(depth);
	for (k = 0; k < 8; k++)
		out("count %zu %" PRIu64, k, lttr_view_count(v, w[k][0], w[k][1]));
	for (c = 0; c < lttr_trace_ncpus(t); c++) {
		size_t nb = lttr_trace_buffer_count(t, c);

		for (i = 0; i < nb; i++)
			out("ids %u %zu %" PRIx64, c, i, lttr_view_buffer_ids(v, c, i));
		out("lost %u %" PRIu64, c, lttr_view_lost(v, c, s, e + 1));
	}
	lttr_view_verify(v, &vv);
	out("verify %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %s", vv.compared,
	    vv.mismatches, vv.out_of_order, vv.uncertain_rows, vv.first);
}

/* @passes times the cells of every row, the whole trace at 1720 columns */
static void time_cells(struct lttr_view *v, int passes)
{
	static struct lttr_vcell c[1720];
	size_t nrows = lttr_view_nrows(v), row;
	int p;

	for (p = 0; p < passes; p++) {
		double a = now();

		for (row = 0; row < nrows; row++)
			if (lttr_view_cells(v, row, lttr_view_start(v), lttr_view_end(v), 1720, c))
				printf("cells %zu error\n", row);
		printf("%scells %.2f ms", p ? ", " : "", (now() - a) * 1e3);
	}
	printf("\n");
}

/* print one row's columns */
static void print_cols(uint32_t pid, const uint64_t *ns, unsigned int n)
{
	unsigned int i, k;

	printf("%" PRIu32, pid);
	for (i = 0; i < n; i++) {
		int any = 0;

		putchar(' ');
		for (k = 0; k < LTTR_VCAT_COUNT; k++) {
			uint64_t d = ns[(size_t)i * LTTR_VCAT_COUNT + k];

			if (d)
				printf("%s%u=%" PRIu64, any++ ? "," : "", k, d);
		}
		if (!any)
			putchar('-');
	}
	putchar('\n');
}

/* --time-cols: the time per column of the idle row and of every task row */
static int time_cols(struct lttr_view *v, struct lttr_trace *t, const char *spec)
{
	unsigned long long a, b, cpus;
	unsigned int n;
	uint64_t start = lttr_trace_header(t)->start_ns, *ns;
	size_t r;
	int rc;

	if (sscanf(spec, "%llu:%llu:%u:%llu", &a, &b, &n, &cpus) != 4 || !n || b <= a) {
		fprintf(stderr, "view-bench: --time-cols FROM:TO:N:CPUS\n");
		return 2;
	}
	ns = malloc((size_t)n * LTTR_VCAT_COUNT * sizeof(*ns));
	if (!ns)
		return 1;
	rc = lttr_view_idle_time_cols(v, start + a, start + b, n, cpus, ns);
	if (!rc)
		print_cols(0, ns, n);
	for (r = 0; !rc && r < lttr_view_nrows(v); r++) {
		const struct lttr_vrow_info *info = lttr_view_row(v, r);

		if (info->kind != LTTR_VROW_TASK)
			continue;
		rc = lttr_view_time_cols(v, r, start + a, start + b, n, cpus, ns);
		if (!rc)
			print_cols(info->id, ns, n);
	}
	free(ns);
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct lttr_trace *t;
	struct lttr_view *v;
	struct lttr_error err;
	struct lttr_view_stats st;
	struct rusage ru;
	const char *dir = NULL, *cols = NULL;
	double t0, t1, t2;
	int i, dig = 0, passes = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--digest"))
			dig = 1;
		else if (!strcmp(argv[i], "--dump"))
			dig = dump = 1;
		else if (!strcmp(argv[i], "--cells") && i + 1 < argc)
			passes = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--time-cols") && i + 1 < argc)
			cols = argv[++i];
		else
			dir = argv[i];
	}
	if (!dir) {
		fprintf(stderr, "Usage: view-bench [--digest] [--dump] [--cells N] "
			"[--time-cols FROM:TO:N:CPUS] TRACEDIR\n");
		return 2;
	}
	t0 = now();
	if (lttr_trace_open(dir, LTTR_OPEN_SALVAGE, &t, &err)) {
		fprintf(stderr, "view-bench: %s\n", err.msg);
		return 1;
	}
	t1 = now();
	if (lttr_view_build(t, NULL, NULL, &v, &err)) {
		fprintf(stderr, "view-bench: %s\n", err.msg);
		return 1;
	}
	t2 = now();
	if (cols) {
		i = time_cols(v, t, cols);
		lttr_view_free(v);
		lttr_trace_close(t);
		return i;
	}
	getrusage(RUSAGE_SELF, &ru);
	lttr_view_stats(v, &st);
	if (!dump)
		printf("open %.3f s build %.3f s user %.3f s sys %.3f s rows %zu entries %" PRIu64
		       " states %" PRIu64 " row_bytes %" PRIu64 "\n", t1 - t0, t2 - t1,
		       tv(&ru.ru_utime), tv(&ru.ru_stime), lttr_view_nrows(v), st.entries,
		       st.states, st.row_bytes);
	if (passes > 0)
		time_cells(v, passes);
	if (dig) {
		queries(v, t);
		if (!dump)
			printf("digest %016" PRIx64 "\n", digest);
	}
	lttr_view_free(v);
	lttr_trace_close(t);
	return 0;
}
