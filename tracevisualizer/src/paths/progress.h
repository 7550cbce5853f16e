/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progress.h - internal: a pass over a trace's events telling its
 * progress (its events' times within the trace's span, mapped to a share
 * [lo, hi] of the permille a caller sees) every 65536 events, and
 * canceled when the caller's callback asks.  Each step goes through
 * lttr_progress_tell() (reader/progress-hold.c: a test may hold a pass at a
 * step).
 */
#ifndef LTTR_PATHS_PROGRESS_H
#define LTTR_PATHS_PROGRESS_H

#include <stdint.h>
#include <lttr/lttr.h>
#include <lttr/paths/message.h>
#include "reader/progress-hold.h"

struct lttr_pprog {
	lttr_paths_progress_fn fn;	/* NULL: no progress told */
	void *arg;
	uint64_t t0;			/* the trace's span */
	uint64_t t1;
	unsigned int lo;		/* the permille of its start ... */
	unsigned int hi;		/* ... and of its end */
	uint64_t n;			/* events seen */
};

static inline void lttr_pprog_init(struct lttr_pprog *p, struct lttr_trace *t,
				   lttr_paths_progress_fn fn, void *arg, unsigned int lo,
				   unsigned int hi)
{
	*p = (struct lttr_pprog){ fn, arg, lttr_trace_header(t)->start_ns,
				  lttr_trace_end_ns(t), lo, hi, 0 };
}

/* the caller told @permille: its callback's answer (nonzero: cancel) */
static inline int lttr_pprog_tell(struct lttr_pprog *p, unsigned int permille)
{
	return lttr_progress_tell(p->fn, p->arg, p->n >> 16, permille);
}

/* one more event at @time: 0, or -LTTR_E_CANCELED when the caller asked */
static inline int lttr_pprog_event(struct lttr_pprog *p, uint64_t time)
{
	uint64_t span = p->t1 > p->t0 ? p->t1 - p->t0 : 0;
	double f;

	if (!p->fn || (++p->n & 0xffff))
		return 0;
	f = span && time > p->t0 ? (double)(time - p->t0) / (double)span : 0;
	if (f > 1)
		f = 1;
	return lttr_pprog_tell(p, p->lo + (unsigned int)(f * (p->hi - p->lo))) ?
	       -LTTR_E_CANCELED : 0;
}

#endif
