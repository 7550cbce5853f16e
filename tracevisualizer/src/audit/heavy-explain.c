// SPDX-License-Identifier: GPL-2.0
/*
 * heavy-explain.c - the instances of the heavy loggings' samples (log ...
 * or M matched + U unmatched) explained in the session's trace, so that
 * the matched and the unmatched ones compare as AUDIT's logs of good and
 * bad requests do: where each one's time went (explain.c), side by side
 * (lttr/audit/heavy.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/explain.h>
#include <lttr/audit/firings.h>
#include <lttr/audit/heavy.h>
#include <lttr/reader/trace.h>

/* the instances of @v's samples with an interval, each a request (or counted) */
static size_t requests_of(struct lttr_firing_rec *v, size_t n, struct lttr_ex_req *q)
{
	size_t i, k, nq = 0;

	for (i = 0; i < n; i++) {
		struct lttr_heavy_sample *s = v[i].log ? v[i].log->sample : NULL;

		for (k = 0; s && k < s->n; k++) {
			struct lttr_heavy_instance *in = &s->inst[k];

			if (in->time_ns <= in->start_ns)
				continue;
			if (q) {
				memset(&q[nq], 0, sizeof(q[nq]));
				q[nq].start_ns = in->start_ns;
				q[nq].end_ns = in->time_ns;
				q[nq].pid = in->pid;
				q[nq].scope = LTTR_EXS_TASK;
				in->ex = nq + 1;
			}
			nq++;
		}
	}
	return nq;
}

int lttr_heavy_explain_samples(const char *dir, struct lttr_firing_rec *v, size_t n,
			       struct lttr_heavy_explained **out, struct lttr_error *err)
{
	struct lttr_heavy_explained *x;
	struct lttr_ex_req *q;
	size_t nq = requests_of(v, n, NULL), i;
	int r;

	*out = NULL;
	if (!nq)
		return 0;
	x = calloc(1, sizeof(*x));
	q = calloc(nq, sizeof(*q));
	if (!x || !q) {
		free(x);
		free(q);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	requests_of(v, n, q);
	for (i = 0; i < n; i++)
		if (v[i].log && v[i].log->sample)
			v[i].log->sample->ex = x;
	r = lttr_trace_open(dir, LTTR_OPEN_SALVAGE, &x->trace, err);
	if (r == -LTTR_E_NOMEM)
		goto fail;
	if (r < 0) {	/* said with the samples, the firings still listed */
		snprintf(x->why, sizeof(x->why), "%.500s", err->msg);
		x->trace = NULL;
		free(q);
		*out = x;
		return 0;
	}
	r = lttr_explain(x->trace, q, nq, &x->expl, err);
	if (r < 0)
		goto fail;
	free(q);
	*out = x;
	return 0;
fail:
	for (i = 0; i < n; i++)
		if (v[i].log && v[i].log->sample)
			v[i].log->sample->ex = NULL;
	lttr_heavy_explained_free(x);
	free(q);
	return r;
}

void lttr_heavy_explained_free(struct lttr_heavy_explained *x)
{
	if (!x)
		return;
	lttr_explained_free(x->expl);
	lttr_trace_close(x->trace);
	free(x);
}
