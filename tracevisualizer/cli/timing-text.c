// SPDX-License-Identifier: GPL-2.0
/*
 * timing-text.c - text forms of the latency analyses, explanations and
 * critical paths: distribution rows, histogram bars, wakers, the items
 * and totals of an explanation, the segments of a critical path.  Every
 * figure is the library's; this only lays them out.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>
#include "timing-text.h"

#define BAR 40		/* columns of the longest histogram bar */

const char *tt_name(const struct lttr_account *a, uint32_t pid)
{
	const struct lttr_acct_task *tk;

	if (!pid)
		return "idle";
	tk = a ? lttr_account_find(a, pid) : NULL;
	return tk && tk->name ? tk->name : "?";
}

double tt_rel(const struct lttr_trace *t, uint64_t ns)
{
	uint64_t s = lttr_trace_header(t)->start_ns;

	return ns >= s ? (double)(ns - s) / 1e9 : -(double)(s - ns) / 1e9;
}

/* what a CPU was doing: "syscall write", "irq local_timer", "user" */
static const char *doing(const struct lttr_trace *t, unsigned int mode, uint32_t what,
			 bool sysvec, char *buf, size_t size)
{
	if (mode == LTTR_MODE_SYSCALL || mode == LTTR_MODE_TRAP ||
	    mode == LTTR_MODE_IRQ || mode == LTTR_MODE_SOFTIRQ) {
		char w[32];

		snprintf(buf, size, "%s %s", lttr_mode_name(mode),
			 lttr_mode_what_str(t, mode, what, sysvec, w, sizeof(w)));
	} else {
		snprintf(buf, size, "%s", lttr_mode_name(mode));
	}
	return buf;
}

const char *tt_waker(const struct lttr_trace *t, const struct lttr_account *a,
		     const struct lttr_waker *w, char *buf, size_t size)
{
	char d[64];

	if (!w->known) {
		snprintf(buf, size, "no wakeup recorded");
		return buf;
	}
	doing(t, w->mode, w->ctx, w->sysvec, d, sizeof(d));
	if (lttr_waker_is_task(w))
		snprintf(buf, size, "woken by %u %s (%s) on cpu %u", w->pid,
			 tt_name(a, w->pid), d, w->cpu);
	else
		snprintf(buf, size, "woken by %s on cpu %u (over %u %s)", d, w->cpu,
			 w->pid, tt_name(a, w->pid));
	return buf;
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

void tt_hist(const char *indent, const struct lttr_dist *d)
{
	unsigned int k, first, last;
	uint64_t max = lttr_lat_span(&d->lat, &first, &last);

	for (k = first; k <= last && max; k++) {
		uint64_t lo, hi, c = d->lat.hist[k];
		char a[24], b[24], bar[BAR + 1];
		unsigned int n = (unsigned int)((c * BAR + max - 1) / max);

		lttr_lat_bucket_bounds(k, &lo, &hi);
		memset(bar, '#', n);
		bar[n] = '\0';
		if (hi == UINT64_MAX)
			snprintf(b, sizeof(b), "...");
		else
			tt_human(hi, b, sizeof(b));
		printf("%s[%9s, %9s) %9" PRIu64 " |%s\n", indent, tt_human(lo, a, sizeof(a)), b,
		       c, bar);
	}
}

static const char *who(const struct lttr_trace *t, const struct lttr_account *a,
		       const struct lttr_ex_total *o, char *buf, size_t size)
{
	char w[32];

	switch (o->who) {
	case LTTR_WHO_TASK:
		snprintf(buf, size, "%u %s", o->pid, tt_name(a, o->pid));
		break;
	case LTTR_WHO_IRQ:
		snprintf(buf, size, "irq %s",
			 lttr_mode_what_str(t, LTTR_MODE_IRQ, o->what, o->sysvec, w, sizeof(w)));
		break;
	case LTTR_WHO_SOFTIRQ:
		snprintf(buf, size, "softirq %s",
			 lttr_mode_what_str(t, LTTR_MODE_SOFTIRQ, o->what, false, w, sizeof(w)));
		break;
	case LTTR_WHO_WAIT:
		if (o->type == LTTR_EX_BLOCKED)
			snprintf(buf, size, "%u %s blocked (%s)", o->pid, tt_name(a, o->pid),
				 lttr_block_name(o->reason));
		else
			snprintf(buf, size, "%u %s %s", o->pid, tt_name(a, o->pid),
				 o->type == LTTR_EX_TIMER ? "waiting for its timer" :
				 lttr_ex_type_name(o->type));
		break;
	default:
		snprintf(buf, size, "unknown (events lost)");
		break;
	}
	return buf;
}

void tt_explanation(const struct lttr_trace *t, const struct lttr_account *a,
		    const struct lttr_explanation *e, const char *indent,
		    size_t max_items)
{
	uint64_t len = e->req.end_ns - e->req.start_ns;
	char buf[160];
	size_t i;

	if (e->req.scope == LTTR_EXS_CPU)
		printf("%sOn cpu %u from %.9f to %.9f s (%.3f us):\n", indent, e->req.cpu,
		       tt_rel(t, e->req.start_ns + e->req.lead_ns), tt_rel(t, e->req.end_ns),
		       (double)(e->req.end_ns - e->req.start_ns - e->req.lead_ns) / 1e3);
	else
		printf("%s%u %s from %.9f to %.9f s (%.3f us):\n", indent, e->req.pid,
		       tt_name(a, e->req.pid), tt_rel(t, e->req.start_ns),
		       tt_rel(t, e->req.end_ns), (double)len / 1e3);
	for (i = 0; i < e->ntot; i++) {
		const struct lttr_ex_total *o = &e->tot[i];

		printf("%s  %12.3f us %5.1f%%  %s (%" PRIu64 " piece%s)\n", indent,
		       (double)o->ns / 1e3, len ? 100.0 * (double)o->ns / (double)len : 0.0,
		       who(t, a, o, buf, sizeof(buf)), o->count, o->count == 1 ? "" : "s");
	}
	for (i = 0; i < e->n && i < max_items; i++) {
		const struct lttr_ex_item *x = &e->v[i];
		char d[64];

		switch (x->type) {
		case LTTR_EX_RAN:
			snprintf(buf, sizeof(buf), "cpu %u: %u %s %s", x->cpu, x->pid,
				 tt_name(a, x->pid),
				 doing(t, x->mode, x->what, x->sysvec, d, sizeof(d)));
			break;
		case LTTR_EX_BLOCKED: {
			char w[112];

			snprintf(buf, sizeof(buf), "blocked (%s) in %s, %s",
				 lttr_block_name(x->reason),
				 doing(t, x->mode, x->what, false, d, sizeof(d)),
				 tt_waker(t, a, &x->waker, w, sizeof(w)));
			break;
		}
		case LTTR_EX_TIMER:
			snprintf(buf, sizeof(buf), "waiting for its timer to expire");
			break;
		default:
			snprintf(buf, sizeof(buf), "%s", lttr_ex_type_name(x->type));
			break;
		}
		printf("%s    %.9f +%10.3f us  %s\n", indent, tt_rel(t, x->start_ns),
		       (double)(x->end_ns - x->start_ns) / 1e3, buf);
	}
	if (e->n > max_items)
		printf("%s    ... %zu more pieces (--json lists them all)\n", indent,
		       e->n - max_items);
}

void tt_critpath(const struct lttr_trace *t, const struct lttr_account *a,
		 const struct lttr_critpath *cp, const char *indent, size_t max_segs)
{
	uint64_t len = cp->to_ns - cp->from_ns;
	char buf[160], w[112], d[64];
	size_t i;

	for (i = 0; i < cp->nseg && i < max_segs; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];

		buf[0] = '\0';
		if (s->state == LTTR_CP_RUNNING)
			snprintf(buf, sizeof(buf), " on cpu %u", s->cpu);
		else if (s->state == LTTR_CP_BLOCKED)
			snprintf(buf, sizeof(buf), " in %s, %s",
				 doing(t, s->mode, s->what, false, d, sizeof(d)),
				 tt_waker(t, a, &s->waker, w, sizeof(w)));
		printf("%s%.9f +%12.3f us %*s%u %s %s%s\n", indent, tt_rel(t, s->start_ns),
		       (double)(s->end_ns - s->start_ns) / 1e3,
		       (int)(2 * (s->depth < 8 ? s->depth : 8)), "", s->pid,
		       tt_name(a, s->pid), lttr_cp_state_name(s->state, s->reason), buf);
	}
	if (cp->nseg > max_segs)
		printf("%s... %zu more segments (--json lists them all)\n", indent,
		       cp->nseg - max_segs);
	printf("%sTotals (%.3f us):\n", indent, (double)len / 1e3);
	for (i = 0; i < cp->ntot; i++) {
		const struct lttr_cp_total *o = &cp->tot[i];

		printf("%s  %12.3f us %5.1f%%  %u %s %s (%" PRIu64 " segment%s)\n", indent,
		       (double)o->ns / 1e3, len ? 100.0 * (double)o->ns / (double)len : 0.0,
		       o->pid, tt_name(a, o->pid), lttr_cp_state_name(o->state, o->reason),
		       o->count, o->count == 1 ? "" : "s");
	}
}
