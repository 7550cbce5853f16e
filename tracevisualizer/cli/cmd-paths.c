// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-paths.c - "tracevisualizer paths": the causal paths through the
 * messages: the nesting algorithm's path patterns (text, JSON, dot, or
 * each call's parent), or the convolution algorithm's graph.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/analysis/explain-hosts.h>
#include <lttr/output/dot-paths.h>
#include <lttr/output/json-paths.h>
#include <lttr/paths/run.h>
#include "cli.h"

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

static int done(struct lttr_msgset *s, struct lttr_trace *t, int status)
{
	cli_msg_warnings(s);
	lttr_msgset_free(s);
	if (t)
		return cli_finish(t, NULL, status);
	fflush(stdout);
	if (ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output\n", cli_prog);
		return EXIT_TRACE;
	}
	return status;
}

static void json_head(struct lttr_json *j, const struct cli_opts *o, struct lttr_trace *t,
		      const struct lttr_msgset *s, const char *algorithm)
{
	lttr_json_init(j, stdout, o->pretty);
	lttr_json_begin_object(j);
	if (t) {
		lttr_json_key(j, "trace");
		lttr_json_traceinfo(j, t);
	}
	lttr_json_key(j, "algorithm");
	lttr_json_string(j, algorithm);
	lttr_json_key(j, "messages");
	lttr_json_u64(j, s->n);
	lttr_json_key(j, "warnings");
	lttr_json_msg_warn(j, &s->warn);
}

static void json_tail(struct lttr_json *j, const struct cli_opts *o)
{
	lttr_json_end_object(j);
	if (!o->pretty)
		putchar('\n');
}

static void print_split(const struct lttr_pnode *pn)
{
	struct lttr_hop_split h;
	unsigned int r;

	if (!pn->split.known) {
		printf("  (callee task not in the trace)");
		return;
	}
	lttr_hop_split_mean(&pn->split, &h);
	printf("  cpu %.3f runnable %.3f", ms(h.oncpu_ns), ms(h.runnable_ns));
	for (r = 0; r < LTTR_BLOCK_COUNT; r++)
		if (h.blocked_ns[r])
			printf(" %s %.3f", lttr_block_name(r), ms(h.blocked_ns[r]));
	if (h.other_ns)
		printf(" unknown %.3f", ms(h.other_ns));
}

static void print_patterns(const struct cli_opts *o, const struct lttr_msgset *s,
			   const struct lttr_nesting *n, const struct lttr_patterns *p)
{
	size_t i, k;

	printf("Path patterns of the nesting algorithm, by %s: %zu call pairs, %" PRIu64
	       " paths in %zu patterns; per-node parallelism %.3f; %" PRIu64
	       " calls and %" PRIu64 " returns unmatched\n",
	       o->latency_sort ? "total latency" : "count", n->npairs, p->paths, p->n,
	       lttr_nesting_parallelism(n), n->unmatched_calls, n->unmatched_rets);
	for (i = 0; i < p->n && (!o->top || i < o->top); i++) {
		const struct lttr_pattern *pt = &p->v[i];

		printf("\n#%zu %s  count %" PRIu64 "  total %.3f ms  mean %.3f ms\n", i + 1,
		       pt->key, pt->count, ms(pt->total_ns),
		       ms(lttr_pattern_mean(pt)));
		printf("  %-28s %11s %11s %11s %11s %11s %11s%s\n", "node", "latency_ms", "p90_ms",
		       "min_ms", "max_ms", "delay_ms", "transit_ms",
		       o->explain ? "  latency split (ms, mean)" : "");
		for (k = 0; k < pt->nnodes; k++) {
			const struct lttr_pnode *pn = &pt->nodes[k];
			char name[64];

			snprintf(name, sizeof(name), "%*s%s", (int)(2 * pn->depth), "",
				 s->nodes[pn->node]);
			if (!k) {
				printf("  %s\n", name);
				continue;
			}
			printf("  %-28s %11.3f %11.3f %11.3f %11.3f %11.3f %11.3f", name,
			       ms(lttr_lat_mean(&pn->latency)), ms(pn->latency_p90_ns),
			       ms(pn->latency.min), ms(pn->latency.max), ms(lttr_lat_mean(&pn->delay)),
			       ms(lttr_pnode_transit_mean(pn)));
			if (o->explain)
				print_split(pn);
			if (pn->negative)
				printf("  (%" PRIu64 " negative times: clock skew?)", pn->negative);
			putchar('\n');
		}
	}
}

/* several hosts: what the clock model promises of the times */
static void json_hosts(struct lttr_json *j, const struct cli_hosts *h)
{
	size_t k;

	lttr_json_key(j, "hosts");
	lttr_json_begin_array(j);
	for (k = 0; k < h->n; k++) {
		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "name", h->prefixes[k]);
		lttr_json_kv_u64(j, "accuracy_ns", lttr_sync_accuracy_ns(h->model, k));
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

static void print_hosts(const struct cli_hosts *h)
{
	size_t k;

	printf("\nOn the clock of host 0 (%s): a transit between two hosts is within the sum\n"
	       "of their accuracies of the truth (", h->prefixes[0]);
	for (k = 1; k < h->n; k++)
		printf("%s%s %.3f us", k > 1 ? ", " : "", h->prefixes[k],
		       (double)lttr_sync_accuracy_ns(h->model, k) / 1e3);
	printf(");\na node's latency and its split (both ends on its own host) carry only the drift's\nerror over the latency\n");
}

/* each call pair's id and its parent's ("-": none) */
static void print_parents(const struct lttr_msgset *s, const struct lttr_nesting *n)
{
	size_t i;

	for (i = 0; i < n->npairs; i++) {
		const struct lttr_callpair *c = &n->pairs[i];
		char a[24], b[24];
		const char *id = lttr_msg_id_str(s, &s->v[c->call_msg], a, sizeof(a));
		const char *pid = c->parent == LTTR_NO_PAIR ? NULL :
			lttr_msg_id_str(s, &s->v[n->pairs[c->parent].call_msg], b, sizeof(b));

		printf("%s %s\n", id, pid ? pid : "-");
	}
}

static int nesting(struct cli_opts *o, struct lttr_msgset *s, struct lttr_trace *t,
		   const struct cli_hosts *h)
{
	struct lttr_paths_opts po;
	struct lttr_paths *r = NULL;
	const struct lttr_nesting *n;
	const struct lttr_patterns *p;
	struct lttr_error err;

	lttr_paths_defaults(&po);
	po.nest.x = o->penalty[0];
	po.nest.y = o->penalty[1];
	po.nest.z = o->penalty[2];
	po.nest.skew_ns = o->skew_ns;
	po.nest.smooth_bins = o->smooth;
	po.nest.task_hint = !o->no_tasks;
	po.explain = o->explain;
	po.sort = o->latency_sort ? LTTR_SORT_LATENCY : LTTR_SORT_COUNT;
	if ((h ? lttr_paths_run_hosts(h->t, h->n, h->prefixes, h->model, s, &po, &r, &err) :
	     lttr_paths_run(t, s, &po, NULL, NULL, &r, &err)) < 0) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	n = r->nesting;
	p = r->patterns;
	if (o->parents && !o->json) {
		print_parents(s, n);
	} else if (o->json) {
		struct lttr_json j;

		json_head(&j, o, t, s, "nesting");
		lttr_json_key(&j, "nesting");
		lttr_json_nesting(&j, n);
		lttr_json_key(&j, "paths");
		lttr_json_u64(&j, p->paths);
		lttr_json_key(&j, "patterns");
		lttr_json_patterns(&j, s, n, p, o->top, r->split != NULL);
		if (h)
			json_hosts(&j, h);
		if (o->parents) {
			lttr_json_key(&j, "parents");
			lttr_json_begin_array(&j);
			for (size_t i = 0; i < n->npairs; i++) {
				const struct lttr_callpair *c = &n->pairs[i];
				char a[24];

				lttr_json_begin_object(&j);
				lttr_json_key(&j, "id");
				lttr_json_string(&j, lttr_msg_id_str(s, &s->v[c->call_msg], a,
								     sizeof(a)));
				lttr_json_key(&j, "parent");
				if (c->parent == LTTR_NO_PAIR) {
					lttr_json_null(&j);
				} else {
					char b[24];

					lttr_json_string(&j, lttr_msg_id_str(s,
						&s->v[n->pairs[c->parent].call_msg], b, sizeof(b)));
				}
				lttr_json_end_object(&j);
			}
			lttr_json_end_array(&j);
		}
		json_tail(&j, o);
	} else if (o->dot) {
		lttr_dot_patterns(stdout, s, p, o->top);
	} else {
		print_patterns(o, s, n, p);
		if (h)
			print_hosts(h);
	}
	lttr_paths_free(r);
	return 0;
}

static void print_conv(const struct lttr_msgset *s, const struct lttr_conv_graph *g)
{
	size_t i;

	printf("Paths of the convolution algorithm: quantum %.3f ms, %zu quanta (T/mu, the empty stretches cut), %zu correlations; pruned: %" PRIu64
	       " edges of too few messages, %" PRIu64 " cycles\n",
	       ms(g->quantum_ns), g->signal_len, g->correlations, g->pruned_small,
	       g->pruned_cycles);
	for (i = 0; i < g->nv; i++) {
		const struct lttr_conv_vertex *v = &g->v[i];

		if (v->parent == LTTR_CONV_ROOT) {
			printf("\n%s\n", s->nodes[v->node]);
			continue;
		}
		printf("%*s-> %s  %" PRIu64 " msgs", (int)(2 * v->depth), "", s->nodes[v->node],
		       v->count);
		if (v->depth > 1)
			printf("  delay %.3f ms (mean %.3f, spike %.1f sigma)", ms(v->delay_ns),
			       ms(v->mean_ns), v->height);
		putchar('\n');
	}
}

static int convolution(struct cli_opts *o, struct lttr_msgset *s, struct lttr_trace *t)
{
	struct lttr_paths_opts po;
	struct lttr_paths *r = NULL;
	struct lttr_error err;

	lttr_paths_defaults(&po);
	po.algorithm = LTTR_PATHS_CONVOLUTION;
	po.conv.quantum_ns = o->quantum_ns;
	po.conv.max_delay_ns = o->max_delay_ns;
	po.conv.min_count = o->min_count;
	if (o->root) {
		size_t i;

		for (i = 0; i < s->nnodes && strcmp(s->nodes[i], o->root); i++)
			;
		if (i == s->nnodes) {
			fprintf(stderr, "%s: --root %s: no such node in the messages\n", cli_prog,
				o->root);
			return EXIT_USAGE;
		}
		po.conv.root = (long)i;
	}
	if (lttr_paths_run(t, s, &po, NULL, NULL, &r, &err) < 0) {
		cli_trace_error(err.msg);
		return err.code == LTTR_E_INVAL ? EXIT_USAGE : EXIT_TRACE;
	}
	{
		char w[4][LTTR_MSG_WARNING_LEN];
		size_t i, nw = lttr_conv_warnings(r->graph, w, 4);

		for (i = 0; i < nw && i < 4; i++)
			fprintf(stderr, "%s: warning: %s\n", cli_prog, w[i]);
	}
	if (o->json) {
		struct lttr_json j;

		json_head(&j, o, t, s, "convolution");
		lttr_json_key(&j, "convolution");
		lttr_json_conv_graph(&j, s, r->graph);
		json_tail(&j, o);
	} else if (o->dot) {
		lttr_dot_conv(stdout, s, r->graph);
	} else {
		print_conv(s, r->graph);
	}
	lttr_paths_free(r);
	return 0;
}

int cmd_paths(struct cli_opts *o)
{
	struct lttr_msgset *s;
	struct lttr_trace *t;
	int r;

	if (o->convolution && (o->explain || o->parents || o->latency_sort || o->skew_ns ||
			       o->smooth > 0 || o->has_penalties || o->no_tasks)) {
		fprintf(stderr, "%s: --explain, --parents, --sort, --skew, --smooth, --penalties and --no-tasks are options of the nesting algorithm\n",
			cli_prog);
		return EXIT_USAGE;
	}
	if (!o->convolution && (o->quantum_ns || o->max_delay_ns || o->min_count || o->root)) {
		fprintf(stderr, "%s: --quantum, --max-delay, --min-count and --root are options of the convolution algorithm (--algorithm convolution)\n",
			cli_prog);
		return EXIT_USAGE;
	}
	if (o->explain && (o->pcap || o->msgfile)) {
		fprintf(stderr, "%s: --explain needs a trace (the callee tasks' time accounting)\n",
			cli_prog);
		return EXIT_USAGE;
	}
	if (o->dot && (o->json || o->parents)) {
		fprintf(stderr, "%s: --dot is an output of its own (not with --json or --parents)\n",
			cli_prog);
		return EXIT_USAGE;
	}
	if (o->explain && (o->noperands || cli_is_merged(o->dir))) {
		/* across hosts: each callee's split on its host's trace */
		struct cli_hosts h;

		r = cli_hosts_load(o, &h);
		s = r ? NULL : lttr_msgset_new();
		if (!r && !s) {
			cli_trace_error("out of memory");
			r = EXIT_TRACE;
		}
		if (!r)
			r = cli_hosts_messages(o, &h, s);
		if (!r)
			r = nesting(o, s, NULL, &h);
		cli_hosts_free(&h);
		if (!s)
			return r;
		return done(s, NULL, r);
	}
	r = cli_load_messages(o, &s, &t);
	if (r)
		return r;
	r = o->convolution ? convolution(o, s, t) : nesting(o, s, t, NULL);
	return done(s, t, r);
}
