// SPDX-License-Identifier: GPL-2.0
/*
 * run.c - the causal paths of a set of messages in one call (nesting,
 * split and patterns, or the convolution's graph), and of a trace (its
 * messages first), their progress told as one.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/explain.h>
#include <lttr/paths/run.h>
#include <lttr/paths/trace-messages.h>

void lttr_paths_defaults(struct lttr_paths_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->algorithm = LTTR_PATHS_NESTING;
	lttr_nest_defaults(&o->nest);
	o->conv.root = -1;
	o->sort = LTTR_SORT_COUNT;
}

void lttr_paths_free(struct lttr_paths *p)
{
	if (!p)
		return;
	lttr_patterns_free(p->patterns);
	free(p->split);
	lttr_nesting_free(p->nesting);
	lttr_conv_graph_free(p->graph);
	free(p);
}

int lttr_paths_run(struct lttr_trace *t, const struct lttr_msgset *s,
		   const struct lttr_paths_opts *o, lttr_paths_progress_fn progress, void *arg,
		   struct lttr_paths **out, struct lttr_error *err)
{
	struct lttr_paths_opts def;
	struct lttr_paths *p = calloc(1, sizeof(*p));
	int r;

	*out = NULL;
	if (!p)
		return lttr_error_set(err, LTTR_E_NOMEM, "paths: out of memory");
	if (!o) {
		lttr_paths_defaults(&def);
		o = &def;
	}
	p->algorithm = o->algorithm;
	if (o->algorithm == LTTR_PATHS_CONVOLUTION) {
		r = lttr_convolution_run(s, &o->conv, &p->graph, err);
	} else {
		r = lttr_nesting_run(s, &o->nest, &p->nesting, err);
		/* (no call pair, nothing to split: no pass over the trace) */
		if (r == 0 && o->explain && t && p->nesting->npairs)
			r = lttr_paths_explain(t, s, p->nesting, progress, arg, &p->split, err);
		if (r == 0)
			r = lttr_patterns_build(s, p->nesting, p->split, o->sort, &p->patterns, err);
	}
	if (r < 0) {
		lttr_paths_free(p);
		return r;
	}
	*out = p;
	return 0;
}

int lttr_paths_run_hosts(struct lttr_trace **t, size_t nt, const char *const *hosts,
			 const struct lttr_sync_model *model, const struct lttr_msgset *s,
			 const struct lttr_paths_opts *o, struct lttr_paths **out,
			 struct lttr_error *err)
{
	struct lttr_paths *p;
	int r;

	*out = NULL;
	if (o->algorithm != LTTR_PATHS_NESTING || !o->explain)
		return lttr_paths_run(NULL, s, o, NULL, NULL, out, err);
	p = calloc(1, sizeof(*p));
	if (!p)
		return lttr_error_set(err, LTTR_E_NOMEM, "paths: out of memory");
	p->algorithm = o->algorithm;
	r = lttr_nesting_run(s, &o->nest, &p->nesting, err);
	if (r == 0 && p->nesting->npairs)
		r = lttr_paths_explain_hosts(t, nt, hosts, model, s, p->nesting, &p->split, err);
	if (r == 0)
		r = lttr_patterns_build(s, p->nesting, p->split, o->sort, &p->patterns, err);
	if (r < 0) {
		lttr_paths_free(p);
		return r;
	}
	*out = p;
	return 0;
}

/* one pass's progress as a half of the whole */
struct half {
	lttr_paths_progress_fn fn;
	void *arg;
	unsigned int base;
};

static int half_progress(void *arg, unsigned int permille)
{
	const struct half *h = arg;

	return h->fn(h->arg, h->base + permille / 2);
}

int lttr_paths_of_trace(struct lttr_trace *t, unsigned int by, const struct lttr_paths_opts *o,
			lttr_paths_progress_fn progress, void *arg, struct lttr_msgset **s,
			struct lttr_paths **out, struct lttr_error *err)
{
	struct half h = { progress, arg, 0 };
	int r;

	*out = NULL;
	*s = lttr_msgset_new();
	if (!*s)
		return lttr_error_set(err, LTTR_E_NOMEM, "paths: out of memory");
	r = lttr_msgs_from_trace(t, by, *s, progress ? half_progress : NULL, &h, err);
	if (r == 0) {
		h.base = 500;
		r = lttr_paths_run(t, *s, o, progress ? half_progress : NULL, &h, out, err);
	}
	if (r < 0) {
		lttr_msgset_free(*s);
		*s = NULL;
	}
	return r;
}
