// SPDX-License-Identifier: GPL-2.0
/*
 * convolution.c - the convolution algorithm (Aguilera et al. 5.2, Figure
 * 6): from each root, the paths built depth first, each edge's caused
 * messages found from the spikes of a cross-correlation (xcorr.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/convolution.h>
#include "paths/room.h"
#include "paths/xcorr.h"

#define MAX_QUANTA	(1UL << 27)

/* a message as the algorithm sees it */
struct cmsg {
	uint64_t t;	/* sent */
	uint64_t r;	/* received */
	uint32_t dst;
};

struct conv {
	const struct lttr_msgset *s;
	struct lttr_conv_opts o;
	struct lttr_conv_graph *g;
	size_t gcap;
	struct lttr_xcorr *x;
	size_t maxlag;
	uint64_t t0;
	/* per node, the messages it sent, by send time */
	size_t *out_off;
	struct cmsg *out;
	uint64_t *out_t;	/* the same times, for the correlator */
	/* the edges of the path being built (node pairs) */
	uint64_t path[64];
};

static int add_vertex(struct conv *c, const struct lttr_conv_vertex *v)
{
	struct lttr_conv_graph *g = c->g;

	if (lttr_room(&g->v, &c->gcap, g->nv, sizeof(*g->v)))
		return -1;
	g->v[g->nv++] = *v;
	return 0;
}

static int by_time(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return a < b ? -1 : a > b;
}

/*
 * The spikes of C over lags 0..maxlag: a group is a run of lags above
 * mean + S sigma, its spike its highest lag when above mean + N sigma.
 * Returns how many were written to @lag and @height (at most @max).
 */
static size_t spikes(const struct conv *c, const double *C, size_t *lag, double *height,
		     size_t max)
{
	size_t i, n = 2 * c->maxlag + 1, k = 0, best = 0;
	double mean = 0, var = 0, sd, hi, lo;
	int in_group = 0;

	for (i = 0; i < n; i++)
		mean += C[i];
	mean /= (double)n;
	for (i = 0; i < n; i++)
		var += (C[i] - mean) * (C[i] - mean);
	sd = sqrt(var / (double)n);
	if (!(sd > 0))
		return 0;
	hi = mean + c->o.spike_sigma * sd;
	lo = mean + c->o.valley_sigma * sd;
	for (i = 0; i <= c->maxlag + 1; i++) {
		double v = i <= c->maxlag ? C[c->maxlag + i] : -INFINITY;

		if (v > lo) {
			if (!in_group || v > C[c->maxlag + best])
				best = i;
			in_group = 1;
			continue;
		}
		if (in_group && C[c->maxlag + best] > hi && k < max) {
			lag[k] = best;
			height[k++] = (C[c->maxlag + best] - mean) / sd;
		}
		in_group = 0;
	}
	return k;
}

static int process_node(struct conv *c, uint32_t j, uint32_t vj, const uint64_t *V,
			size_t nv, uint32_t depth);

/* the messages of Z sent d quanta +- slack after one of V, per destination */
static int caused(struct conv *c, uint32_t j, uint32_t vj, const uint64_t *V, size_t nv,
		  size_t d, double height, uint32_t depth)
{
	const struct cmsg *Z = c->out + c->out_off[j];
	size_t nz = c->out_off[j + 1] - c->out_off[j], i, k, nsel = 0;
	uint64_t shift = d * c->o.quantum_ns, slack = c->o.slack_ns;
	struct cmsg *sel = malloc((nz ? nz : 1) * sizeof(*sel));
	uint64_t *diff = malloc((nz ? nz : 1) * sizeof(*diff));
	uint64_t *W = malloc((nz ? nz : 1) * sizeof(*W));
	int ret = -1;

	if (!sel || !diff || !W)
		goto out;
	for (i = 0; i < nz; i++) {
		/* the latest v <= z - shift + slack, then whether it is >= z - shift - slack */
		uint64_t z = Z[i].t, hiv = z + slack >= shift ? z + slack - shift : 0;
		size_t lo = 0, hi = nv;

		if (z + slack < shift)
			continue;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (V[mid] <= hiv)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (!lo || V[lo - 1] + shift + slack < z)
			continue;
		diff[nsel] = z >= V[lo - 1] ? z - V[lo - 1] : 0;
		sel[nsel++] = Z[i];
	}
	/* one edge per destination, in the order of the nodes */
	for (k = 0; k < c->s->nnodes; k++) {
		struct lttr_conv_vertex v = { .node = (uint32_t)k, .parent = vj,
			.depth = depth, .delay_ns = shift, .height = height };
		uint64_t key = ((uint64_t)j << 32) | k, sum = 0;
		size_t nw = 0, e;
		int cycle = 0;

		for (i = 0; i < nsel; i++)
			if (sel[i].dst == k) {
				sum += diff[i];
				nw++;
			}
		if (!nw)
			continue;
		if (nw < c->o.min_count) {
			c->g->pruned_small++;
			continue;
		}
		for (e = 0; e < depth - 1; e++)
			cycle |= c->path[e] == key;
		if (cycle) {
			c->g->pruned_cycles++;
			continue;
		}
		v.count = nw;
		v.mean_ns = sum / nw;
		if (add_vertex(c, &v))
			goto out;
		/* the next hop starts from when k received them (in time order) */
		nw = 0;
		for (i = 0; i < nsel; i++)
			if (sel[i].dst == k)
				W[nw++] = sel[i].r;
		if (depth >= c->o.max_depth) {
			c->g->cut_depth++;
			continue;
		}
		qsort(W, nw, sizeof(*W), by_time);
		c->path[depth - 1] = key;
		if (process_node(c, (uint32_t)k, (uint32_t)(c->g->nv - 1), W, nw, depth + 1))
			goto out;
	}
	ret = 0;
out:
	free(sel);
	free(diff);
	free(W);
	return ret;
}

/* ProcessNode: the messages V into j (at its receive times) followed on */
static int process_node(struct conv *c, uint32_t j, uint32_t vj, const uint64_t *V,
			size_t nv, uint32_t depth)
{
	size_t nz = c->out_off[j + 1] - c->out_off[j], nsp, i;
	size_t lag[64];
	double height[64];
	const double *C;

	if (!nz || !nv)
		return 0;
	C = lttr_xcorr_run(c->x, V, nv, c->out_t + c->out_off[j], nz);
	c->g->correlations++;
	nsp = spikes(c, C, lag, height, 64);
	for (i = 0; i < nsp; i++)
		if (caused(c, j, vj, V, nv, lag[i], height[i], depth))
			return -1;
	return 0;
}

/* the times a message of the set is at its receiver, for the messages i -> j */
static uint64_t *into(const struct lttr_msgset *s, uint32_t i, uint32_t j, size_t *n)
{
	uint64_t *t = malloc((s->n ? s->n : 1) * sizeof(*t));
	size_t k;

	*n = 0;
	if (!t)
		return NULL;
	for (k = 0; k < s->n; k++)
		if (s->v[k].src == i && s->v[k].dst == j)
			t[(*n)++] = s->v[k].recv_ns;
	qsort(t, *n, sizeof(*t), by_time);
	return t;
}

/* FindPathsFromRoot */
static int from_root(struct conv *c, uint32_t i)
{
	size_t j;

	for (j = 0; j < c->s->nnodes; j++) {
		struct lttr_conv_vertex root = { .node = i, .parent = LTTR_CONV_ROOT };
		struct lttr_conv_vertex first = { .node = (uint32_t)j, .depth = 1 };
		uint64_t *V;
		size_t nv;
		int r;

		V = into(c->s, i, (uint32_t)j, &nv);
		if (!V)
			return -1;
		if (!nv) {
			free(V);
			continue;
		}
		if (nv < c->o.min_count) {
			c->g->pruned_small++;
			free(V);
			continue;
		}
		first.count = nv;
		r = add_vertex(c, &root);
		first.parent = (uint32_t)(c->g->nv - 1);
		if (!r)
			r = add_vertex(c, &first);
		c->path[0] = ((uint64_t)i << 32) | j;
		if (!r)
			r = process_node(c, (uint32_t)j, (uint32_t)(c->g->nv - 1), V, nv, 2);
		free(V);
		if (r)
			return -1;
	}
	return 0;
}

static int by_dst_time(const void *pa, const void *pb)
{
	const struct cmsg *a = pa, *b = pb;

	return a->t < b->t ? -1 : a->t > b->t;
}

/* per node, the messages it sent by send time */
static int index_out(struct conv *c)
{
	const struct lttr_msgset *s = c->s;
	size_t *fill, i;

	c->out_off = calloc(s->nnodes + 2, sizeof(*c->out_off));
	c->out = malloc((s->n ? s->n : 1) * sizeof(*c->out));
	c->out_t = malloc((s->n ? s->n : 1) * sizeof(*c->out_t));
	fill = calloc(s->nnodes + 1, sizeof(*fill));
	if (!c->out_off || !c->out || !c->out_t || !fill) {
		free(fill);
		return -1;
	}
	for (i = 0; i < s->n; i++)
		c->out_off[s->v[i].src + 1]++;
	for (i = 0; i < s->nnodes; i++)
		c->out_off[i + 1] += c->out_off[i];
	for (i = 0; i < s->n; i++) {
		uint32_t src = s->v[i].src;

		c->out[c->out_off[src] + fill[src]++] =
			(struct cmsg){ s->v[i].send_ns, s->v[i].recv_ns, s->v[i].dst };
	}
	for (i = 0; i < s->nnodes; i++) {
		size_t k;

		qsort(c->out + c->out_off[i], c->out_off[i + 1] - c->out_off[i],
		      sizeof(*c->out), by_dst_time);
		for (k = c->out_off[i]; k < c->out_off[i + 1]; k++)
			c->out_t[k] = c->out[k].t;
	}
	free(fill);
	return 0;
}

/* the roots: the given one, or the nodes whose first message they sent */
static uint8_t *find_roots(const struct conv *c)
{
	const struct lttr_msgset *s = c->s;
	uint64_t *first_in = malloc((s->nnodes + 1) * sizeof(*first_in));
	uint64_t *first_out = malloc((s->nnodes + 1) * sizeof(*first_out));
	uint8_t *root = calloc(s->nnodes + 1, 1);
	size_t i;

	if (!first_in || !first_out || !root) {
		free(root);
		root = NULL;
		goto out;
	}
	if (c->o.root >= 0) {
		root[c->o.root] = 1;
		goto out;
	}
	for (i = 0; i < s->nnodes; i++)
		first_in[i] = first_out[i] = UINT64_MAX;
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];

		if (m->send_ns < first_out[m->src])
			first_out[m->src] = m->send_ns;
		if (m->recv_ns < first_in[m->dst])
			first_in[m->dst] = m->recv_ns;
	}
	for (i = 0; i < s->nnodes; i++)
		root[i] = first_out[i] != UINT64_MAX && first_out[i] < first_in[i];
out:
	free(first_in);
	free(first_out);
	return root;
}

static void defaults(struct lttr_conv_opts *o)
{
	if (!o->quantum_ns)
		o->quantum_ns = 1000000;
	if (!(o->spike_sigma > 0))
		o->spike_sigma = 4;
	if (!(o->valley_sigma > 0))
		o->valley_sigma = 3;
	if (!o->max_delay_ns)
		o->max_delay_ns = 1000000000;
	if (!o->slack_ns)
		o->slack_ns = o->quantum_ns;
	if (!o->min_count)
		o->min_count = 1;
	if (!o->max_depth)
		o->max_depth = 16;
}

int lttr_convolution_run(const struct lttr_msgset *s, const struct lttr_conv_opts *o,
			 struct lttr_conv_graph **out, struct lttr_error *err)
{
	struct conv c = { .s = s };
	uint64_t t_end = 0;
	uint8_t *roots;
	size_t i, len;
	int r = 0;

	*out = NULL;
	if (o)
		c.o = *o;
	else
		c.o.root = -1;
	defaults(&c.o);
	if (c.o.max_depth > 64)
		return lttr_error_set(err, LTTR_E_INVAL, "convolution: paths of at most 64 edges");
	if (c.o.valley_sigma > c.o.spike_sigma)
		return lttr_error_set(err, LTTR_E_INVAL,
				      "convolution: the valley (S = %g) must not be above the spike threshold (N = %g)",
				      c.o.valley_sigma, c.o.spike_sigma);
	if (c.o.root >= (long)s->nnodes)
		return lttr_error_set(err, LTTR_E_INVAL, "convolution: no node %ld", c.o.root);
	c.g = calloc(1, sizeof(*c.g));
	if (!c.g)
		return lttr_error_set(err, LTTR_E_NOMEM, "convolution: out of memory");
	c.g->quantum_ns = c.o.quantum_ns;
	*out = c.g;
	if (!s->n)
		return 0;
	c.t0 = UINT64_MAX;
	/* receives may precede sends (clock skew): the span of both */
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];

		if (m->send_ns < c.t0)
			c.t0 = m->send_ns;
		if (m->recv_ns < c.t0)
			c.t0 = m->recv_ns;
		if (m->recv_ns > t_end)
			t_end = m->recv_ns;
		if (m->send_ns > t_end)
			t_end = m->send_ns;
	}
	len = (size_t)((t_end - c.t0) / c.o.quantum_ns) + 1;
	if (len > MAX_QUANTA) {
		lttr_conv_graph_free(c.g);
		*out = NULL;
		return lttr_error_set(err, LTTR_E_INVAL,
				      "convolution: %zu quanta (T / mu) is more than %lu: choose a longer quantum",
				      len, MAX_QUANTA);
	}
	c.g->signal_len = len;
	c.maxlag = (size_t)(c.o.max_delay_ns / c.o.quantum_ns);
	if (c.maxlag >= len)
		c.maxlag = len - 1;
	if (!c.maxlag)
		c.maxlag = 1;
	c.x = lttr_xcorr_new(len, c.maxlag, c.t0, c.o.quantum_ns);
	roots = find_roots(&c);
	if (!c.x || !roots || index_out(&c))
		r = -1;
	for (i = 0; !r && i < s->nnodes; i++)
		if (roots[i])
			r = from_root(&c, (uint32_t)i);
	free(roots);
	lttr_xcorr_free(c.x);
	free(c.out_off);
	free(c.out);
	free(c.out_t);
	if (r) {
		lttr_conv_graph_free(c.g);
		*out = NULL;
		return lttr_error_set(err, LTTR_E_NOMEM, "convolution: out of memory");
	}
	return 0;
}

void lttr_conv_graph_free(struct lttr_conv_graph *g)
{
	if (!g)
		return;
	free(g->v);
	free(g);
}

int lttr_conv_leaf(const struct lttr_conv_graph *g, size_t i)
{
	return i + 1 >= g->nv || g->v[i + 1].parent != (uint32_t)i;
}
