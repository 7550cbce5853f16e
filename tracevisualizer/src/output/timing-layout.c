// SPDX-License-Identifier: GPL-2.0
/*
 * timing-layout.c - text forms of the latency analyses, explanations and
 * critical paths: distribution rows, histogram bars, the items and totals
 * of an explanation, the segments of a critical path (their words are the
 * library's, lttr/output/timing-text.h).  Every figure is the library's;
 * this only lays them out.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/timing-text.h>
#include <lttr/output/timing-layout.h>

double tt_rel(const struct lttr_trace *t, uint64_t ns)
{
	uint64_t s = lttr_trace_header(t)->start_ns;

	return ns >= s ? (double)(ns - s) / 1e9 : -(double)(s - ns) / 1e9;
}

void tt_dist_head(int label_width)
{
	printf("  %-*s %8s %11s %11s %11s %11s %11s %11s %11s %11s\n", label_width, "",
	       "count", "min_us", "mean_us", "p50_us", "p90_us", "p99_us", "p99.9_us",
	       "max_us", "stddev_us");
}

void tt_dist_row(int label_width, const char *label, const struct lttr_dist *d)
{
	printf("  %-*s %8" PRIu64 " %11.3f %11.3f %11.3f %11.3f %11.3f %11.3f %11.3f %11.3f\n",
	       label_width, label, d->lat.count, (double)d->lat.min / 1e3,
	       (double)lttr_lat_mean(&d->lat) / 1e3, (double)d->p50 / 1e3,
	       (double)d->p90 / 1e3, (double)d->p99 / 1e3, (double)d->p999 / 1e3,
	       (double)d->lat.max / 1e3, (double)d->stddev / 1e3);
}

const char *tt_human(uint64_t ns, char *buf, size_t size)
{
	if (ns < 1000)
		snprintf(buf, size, "%" PRIu64 " ns", ns);
	else if (ns < 1000000)
		snprintf(buf, size, "%.3g us", (double)ns / 1e3);
	else if (ns < 1000000000)
		snprintf(buf, size, "%.3g ms", (double)ns / 1e6);
	else
		snprintf(buf, size, "%.3g s", (double)ns / 1e9);
	return buf;
}

const char *tt_hist_line(const struct lttr_dist *d, unsigned int k, uint64_t max,
			 char *buf, size_t size)
{
	uint64_t lo, hi, c = d->lat.hist[k];
	char a[24], b[24], bar[TT_BAR + 1];
	unsigned int n = max ? (unsigned int)((c * TT_BAR + max - 1) / max) : 0;

	lttr_lat_bucket_bounds(k, &lo, &hi);
	memset(bar, '#', n);
	bar[n] = '\0';
	if (hi == UINT64_MAX)
		snprintf(b, sizeof(b), "...");
	else
		tt_human(hi, b, sizeof(b));
	snprintf(buf, size, "[%9s, %9s) %9" PRIu64 " |%s", tt_human(lo, a, sizeof(a)), b, c, bar);
	return buf;
}

void tt_hist(const char *indent, const struct lttr_dist *d)
{
	unsigned int k, first, last;
	uint64_t max = lttr_lat_span(&d->lat, &first, &last);
	char line[TT_BAR + 64];

	for (k = first; k <= last && max; k++)
		printf("%s%s\n", indent, tt_hist_line(d, k, max, line, sizeof(line)));
}

void tt_block_stacks(const struct lttr_trace *t, const struct lttr_account *a,
		     const char *indent, uint32_t pid, uint64_t block_ns,
		     const struct lttr_waker *w, const struct lttr_block_stacks *b)
{
	if (b->blocked)
		printf("%sstack of %u %s blocking at %.9f s: %s\n", indent, pid,
		       lttr_timing_task_name(a, pid), tt_rel(t, block_ns), b->blocked);
	if (b->waker && w->known)
		printf("%sstack of its waker %u %s at %.9f s: %s\n", indent, w->pid,
		       lttr_timing_task_name(a, w->pid), tt_rel(t, w->time_ns), b->waker);
}

void tt_explanation(const struct lttr_trace *t, const struct lttr_account *a,
		    const struct lttr_explanation *e, const char *indent,
		    size_t max_items)
{
	uint64_t len = e->req.end_ns - e->req.start_ns;
	char buf[384];
	size_t i;

	if (e->req.scope == LTTR_EXS_CPU)
		printf("%sOn cpu %u from %.9f to %.9f s (%.3f us):\n", indent, e->req.cpu,
		       tt_rel(t, e->req.start_ns + e->req.lead_ns), tt_rel(t, e->req.end_ns),
		       (double)(e->req.end_ns - e->req.start_ns - e->req.lead_ns) / 1e3);
	else
		printf("%s%u %s from %.9f to %.9f s (%.3f us):\n", indent, e->req.pid,
		       lttr_timing_task_name(a, e->req.pid), tt_rel(t, e->req.start_ns),
		       tt_rel(t, e->req.end_ns), (double)len / 1e3);
	for (i = 0; i < e->ntot; i++) {
		const struct lttr_ex_total *o = &e->tot[i];

		printf("%s  %12.3f us %5.1f%%  %s (%" PRIu64 " piece%s)\n", indent,
		       (double)o->ns / 1e3, lttr_ex_total_pct(e, o),
		       lttr_ex_total_str(t, a, o, buf, sizeof(buf)), o->count,
		       o->count == 1 ? "" : "s");
	}
	for (i = 0; i < e->n && i < max_items; i++) {
		const struct lttr_ex_item *x = &e->v[i];

		printf("%s    %.9f +%10.3f us  %s\n", indent, tt_rel(t, x->start_ns),
		       (double)(x->end_ns - x->start_ns) / 1e3,
		       lttr_ex_item_str(t, a, x, buf, sizeof(buf)));
		if (e->stacks && x->type == LTTR_EX_BLOCKED) {
			char in[64];

			snprintf(in, sizeof(in), "%s      ", indent);
			tt_block_stacks(t, a, in, x->pid, x->block_ns, &x->waker, &e->stacks[i]);
		}
	}
	if (e->n > max_items)
		printf("%s    ... %zu more pieces (--json lists them all)\n", indent,
		       e->n - max_items);
}

void tt_critpath(const struct lttr_trace *t, const struct lttr_account *a,
		 const struct lttr_critpath *cp, const char *indent, size_t max_segs)
{
	uint64_t len = cp->to_ns - cp->from_ns;
	char buf[256];
	size_t i, k = 0;

	for (i = 0; i < cp->nseg && i < max_segs; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];

		/* the stacks of the blocks whose part on the path begins here */
		for (; k < cp->nstep && cp->step[k].seg <= i; k++) {
			const struct lttr_cp_step *st = &cp->step[k];
			char in[64];

			snprintf(in, sizeof(in), "%s%*s", indent,
				 (int)(2 * (st->depth < 8 ? st->depth : 8)), "");
			if (st->lock.known)
				printf("%s%u %s blocked at %.9f s%s\n", in, st->pid,
				       lttr_timing_task_name(a, st->pid), tt_rel(t, st->block_ns),
				       lttr_ex_lock_str(a, &st->lock, buf, sizeof(buf)));
			tt_block_stacks(t, a, in, st->pid, st->block_ns, &st->waker, &st->stacks);
		}

		printf("%s%.9f +%12.3f us %*s%s\n", indent, tt_rel(t, s->start_ns),
		       (double)(s->end_ns - s->start_ns) / 1e3,
		       (int)(2 * (s->depth < 8 ? s->depth : 8)), "",
		       lttr_cp_seg_str(t, a, s, buf, sizeof(buf)));
	}
	if (cp->nseg > max_segs)
		printf("%s... %zu more segments (--json lists them all)\n", indent,
		       cp->nseg - max_segs);
	printf("%sTotals (%.3f us):\n", indent, (double)len / 1e3);
	for (i = 0; i < cp->ntot; i++) {
		const struct lttr_cp_total *o = &cp->tot[i];

		printf("%s  %12.3f us %5.1f%%  %u %s %s (%" PRIu64 " segment%s)\n", indent,
		       (double)o->ns / 1e3, lttr_cp_total_pct(cp, o),
		       o->pid, lttr_timing_task_name(a, o->pid),
		       lttr_cp_state_name(o->state, o->reason), o->count,
		       o->count == 1 ? "" : "s");
	}
}
