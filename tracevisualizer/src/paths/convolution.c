// SPDX-License-Identifier: GPL-2.0
/*
 * convolution.c - the convolution algorithm (Aguilera et al. 5.2, Figure
 * 6): from each root, the paths built depth first, each edge's caused
 * messages found from the spikes of a cross-correlation (xcorr.c).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/convolution.h>
#include "paths/room.h"
#include "paths/sentences.h"
#include "paths/xcorr.h"

/*
 * The bounds of the work (docs/paths.md): a correlation of at most
 * MAX_POINTS points (the signal and the longest lag; 4 arrays of that
 * many doubles: 64 MiB), at most MAX_WORK points correlated in all (a
 * few seconds), at most MAX_VERTICES vertices in the graph.
 */
#define MAX_POINTS	(1UL << 21)
#define MAX_WORK	(1ULL << 27)
#define MAX_VERTICES	(1UL << 20)
#define DEFAULT_QUANTUM	1000000ULL

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
	uint64_t work;	/* points correlated so far */
	struct lttr_xcorr_seg *seg;	/* the signal's stretches */
	size_t nseg;
	size_t nfft;	/* points per correlation */
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

/* a caused message: its receiver, when it received it, its delay */
struct caused_msg {
	uint32_t dst;
	uint64_t r;
	uint64_t diff;
};

static int by_dst_recv(const void *pa, const void *pb)
{
	const struct caused_msg *a = pa, *b = pb;

	if (a->dst != b->dst)
		return a->dst < b->dst ? -1 : 1;
	return a->r < b->r ? -1 : a->r > b->r;
}

/* the messages of Z sent d quanta +- slack after one of V, per destination */
static int caused(struct conv *c, uint32_t j, uint32_t vj, const uint64_t *V, size_t nv,
		  size_t d, double height, uint32_t depth)
{
	const struct cmsg *Z = c->out + c->out_off[j];
	size_t nz = c->out_off[j + 1] - c->out_off[j], i, g, nsel = 0;
	uint64_t shift = d * c->o.quantum_ns, slack = c->o.slack_ns;
	struct caused_msg *sel = malloc((nz ? nz : 1) * sizeof(*sel));
	uint64_t *W = malloc((nz ? nz : 1) * sizeof(*W));
	int ret = -1;

	if (!sel || !W)
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
		sel[nsel++] = (struct caused_msg){ Z[i].dst, Z[i].r,
						   z >= V[lo - 1] ? z - V[lo - 1] : 0 };
	}
	/* one edge per destination, in the order of the nodes (each group's
	 * messages in the order they were received) */
	qsort(sel, nsel, sizeof(*sel), by_dst_recv);
	for (g = 0; g < nsel; g = i) {
		uint32_t k = sel[g].dst;
		struct lttr_conv_vertex v = { .node = k, .parent = vj,
			.depth = depth, .delay_ns = shift, .height = height };
		uint64_t key = ((uint64_t)j << 32) | k, sum = 0;
		size_t nw = 0, e;
		int cycle = 0;

		for (i = g; i < nsel && sel[i].dst == k; i++) {
			sum += sel[i].diff;
			W[nw++] = sel[i].r;
		}
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
		if (c->g->nv >= MAX_VERTICES) {
			c->g->cut_budget++;
			continue;
		}
		v.count = nw;
		v.mean_ns = sum / nw;
		if (add_vertex(c, &v))
			goto out;
		/* the next hop starts from when k received them */
		if (depth >= c->o.max_depth) {
			c->g->cut_depth++;
			continue;
		}
		c->path[depth - 1] = key;
		if (process_node(c, k, (uint32_t)(c->g->nv - 1), W, nw, depth + 1))
			goto out;
	}
	ret = 0;
out:
	free(sel);
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
	if (c->work + c->nfft > MAX_WORK) {
		/* the bound of the work: this vertex's paths are not followed */
		c->g->cut_budget++;
		return 0;
	}
	c->work += c->nfft;
	C = lttr_xcorr_run(c->x, V, nv, c->out_t + c->out_off[j], nz);
	c->g->correlations++;
	nsp = spikes(c, C, lag, height, 64);
	for (i = 0; i < nsp; i++)
		if (caused(c, j, vj, V, nv, lag[i], height[i], depth))
			return -1;
	return 0;
}

/* FindPathsFromRoot: per destination j, the messages i -> j as j received them */
static int from_root(struct conv *c, uint32_t i)
{
	size_t n = c->out_off[i + 1] - c->out_off[i], k, g;
	struct caused_msg *m = malloc((n ? n : 1) * sizeof(*m));
	uint64_t *V = malloc((n ? n : 1) * sizeof(*V));
	int r = 0;

	if (!m || !V) {
		free(m);
		free(V);
		return -1;
	}
	for (k = 0; k < n; k++)
		m[k] = (struct caused_msg){ c->out[c->out_off[i] + k].dst,
					    c->out[c->out_off[i] + k].r, 0 };
	qsort(m, n, sizeof(*m), by_dst_recv);
	for (g = 0; !r && g < n; g = k) {
		uint32_t j = m[g].dst;
		struct lttr_conv_vertex root = { .node = i, .parent = LTTR_CONV_ROOT };
		struct lttr_conv_vertex first = { .node = j, .depth = 1 };
		size_t nv = 0;

		for (k = g; k < n && m[k].dst == j; k++)
			V[nv++] = m[k].r;
		if (nv < c->o.min_count) {
			c->g->pruned_small++;
			continue;
		}
		if (c->g->nv + 2 > MAX_VERTICES) {
			c->g->cut_budget++;
			continue;
		}
		first.count = nv;
		r = add_vertex(c, &root);
		first.parent = (uint32_t)(c->g->nv - 1);
		if (!r)
			r = add_vertex(c, &first);
		c->path[0] = ((uint64_t)i << 32) | j;
		if (!r)
			r = process_node(c, j, (uint32_t)(c->g->nv - 1), V, nv, 2);
	}
	free(m);
	free(V);
	return r;
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
		if (!(s->v[i].flags & LTTR_MSG_OUTLIER))
			c->out_off[s->v[i].src + 1]++;
	for (i = 0; i < s->nnodes; i++)
		c->out_off[i + 1] += c->out_off[i];
	for (i = 0; i < s->n; i++) {
		uint32_t src = s->v[i].src;

		if (s->v[i].flags & LTTR_MSG_OUTLIER)
			continue;
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

		if (m->flags & LTTR_MSG_OUTLIER)
			continue;
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

static int by_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return a < b ? -1 : a > b;
}

/*
 * The signal's stretches for a quantum @q: the quanta of the times @t
 * (@nt, sorted) from @t0, every empty run of the longest lag (@max_delay_ns
 * / q, at least 1) plus one quanta or more cut to that many (two times
 * on either side stay more than the longest lag apart: no lag searched
 * joins them, before or after the cut); written to @seg (room for @nt)
 * when not NULL.  Returns the signal's length in quanta and the
 * stretches' count in *@nseg.
 */
static uint64_t stretches(const uint64_t *t, size_t nt, uint64_t t0, uint64_t q,
			  uint64_t max_delay_ns, struct lttr_xcorr_seg *seg, size_t *nseg)
{
	uint64_t lag = max_delay_ns / q, first = 0, last = 0, len = 0;
	size_t i, k = 0;

	if (!lag)
		lag = 1;
	for (i = 0; i < nt; i++) {
		uint64_t qi = (t[i] - t0) / q;

		if (i && qi <= last + lag + 1) {
			last = qi;
			continue;
		}
		if (i) {
			if (seg)
				seg[k] = (struct lttr_xcorr_seg){ first, last, len };
			k++;
			len += last - first + 1 + lag + 1;
		}
		first = last = qi;
	}
	if (nt) {
		if (seg)
			seg[k] = (struct lttr_xcorr_seg){ first, last, len };
		k++;
		len += last - first + 1;
	}
	*nseg = k;
	return len;
}

/* the points a correlation needs: the signal and its longest lag */
static uint64_t points(uint64_t len, uint64_t max_delay_ns, uint64_t quantum_ns)
{
	uint64_t lag = max_delay_ns / quantum_ns;

	if (len > MAX_POINTS)
		return MAX_POINTS + 1;
	if (lag >= len)
		lag = len - 1;
	return len + (lag ? lag : 1) + 1;
}

static void defaults(struct lttr_conv_opts *o)
{
	if (!(o->spike_sigma > 0))
		o->spike_sigma = 4;
	if (!(o->valley_sigma > 0))
		o->valley_sigma = 3;
	if (!o->max_delay_ns)
		o->max_delay_ns = 1000000000;
	if (!o->min_count)
		o->min_count = 1;
	if (!o->max_depth)
		o->max_depth = 16;
}

int lttr_convolution_run(const struct lttr_msgset *s, const struct lttr_conv_opts *o,
			 struct lttr_conv_graph **out, struct lttr_error *err)
{
	struct conv c = { .s = s };
	uint64_t t_end = 0, *times;
	uint8_t *roots;
	size_t i, len, nt = 0;
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
	*out = c.g;
	c.t0 = UINT64_MAX;
	/* receives may precede sends (clock skew): the span of both */
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];

		if (m->flags & LTTR_MSG_OUTLIER) {
			c.g->outliers++;
			continue;
		}
		if (m->send_ns < c.t0)
			c.t0 = m->send_ns;
		if (m->recv_ns < c.t0)
			c.t0 = m->recv_ns;
		if (m->recv_ns > t_end)
			t_end = m->recv_ns;
		if (m->send_ns > t_end)
			t_end = m->send_ns;
	}
	if (c.t0 == UINT64_MAX) {
		c.g->quantum_ns = c.o.quantum_ns ? c.o.quantum_ns : DEFAULT_QUANTUM;
		return 0;
	}
	c.g->span_ns = t_end - c.t0;
	/* every time of the signals, sorted: the stretches they occupy */
	times = malloc(2 * s->n * sizeof(*times));
	if (!times)
		goto nomem;
	for (i = 0; i < s->n; i++)
		if (!(s->v[i].flags & LTTR_MSG_OUTLIER)) {
			times[nt++] = s->v[i].send_ns;
			times[nt++] = s->v[i].recv_ns;
		}
	qsort(times, nt, sizeof(*times), by_u64);
	if (!c.o.quantum_ns) {
		/* the quantum follows the span: 1, 2, 5 x 10^k ms, from 1 ms */
		static const unsigned int step[3] = { 1, 2, 5 };
		uint64_t base = DEFAULT_QUANTUM;
		unsigned int k = 0;

		c.o.quantum_ns = base;
		while (points(stretches(times, nt, c.t0, c.o.quantum_ns, c.o.max_delay_ns, NULL,
					&c.nseg), c.o.max_delay_ns, c.o.quantum_ns) > MAX_POINTS) {
			if (++k == 3) {
				k = 0;
				base *= 10;
			}
			c.o.quantum_ns = base * step[k];
		}
		c.g->quantum_auto = c.o.quantum_ns != DEFAULT_QUANTUM;
	}
	len = stretches(times, nt, c.t0, c.o.quantum_ns, c.o.max_delay_ns, NULL, &c.nseg);
	if (points(len, c.o.max_delay_ns, c.o.quantum_ns) > MAX_POINTS) {
		uint64_t lag = c.o.max_delay_ns / c.o.quantum_ns;
		double n = (double)len + (double)(lag >= len ? len - 1 : lag ? lag : 1) + 1;
		/* the shortest quantum within the bound, up to a microsecond */
		double need = ceil(((double)c.g->span_ns + (double)c.o.max_delay_ns) /
				   (double)(MAX_POINTS - 2) / 1e3) * 1e3;

		free(times);
		lttr_conv_graph_free(c.g);
		*out = NULL;
		return lttr_error_set(err, LTTR_E_INVAL,
				      "convolution: the messages span %.3f s and the delays searched %.3f s: with a quantum of %.6f ms that is %.0f points to correlate, more than %lu: a quantum of at least %.3f ms (or none: it follows the span)",
				      (double)c.g->span_ns / 1e9, (double)c.o.max_delay_ns / 1e9,
				      (double)c.o.quantum_ns / 1e6, n, MAX_POINTS, need / 1e6);
	}
	c.seg = malloc((c.nseg ? c.nseg : 1) * sizeof(*c.seg));
	if (!c.seg) {
		free(times);
		goto nomem;
	}
	len = stretches(times, nt, c.t0, c.o.quantum_ns, c.o.max_delay_ns, c.seg, &c.nseg);
	free(times);
	if (!c.o.slack_ns)
		c.o.slack_ns = c.o.quantum_ns;
	c.g->quantum_ns = c.o.quantum_ns;
	c.g->signal_len = len;
	c.maxlag = (size_t)(c.o.max_delay_ns / c.o.quantum_ns);
	if (c.maxlag >= len)
		c.maxlag = len - 1;
	if (!c.maxlag)
		c.maxlag = 1;
	for (c.nfft = 2; c.nfft < len + c.maxlag + 1; c.nfft *= 2)
		;
	c.x = lttr_xcorr_new(len, c.maxlag, c.t0, c.o.quantum_ns, c.seg, c.nseg);
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
	free(c.seg);
	if (r) {
nomem:
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

size_t lttr_conv_warnings(const struct lttr_conv_graph *g, char (*out)[LTTR_MSG_WARNING_LEN],
			  size_t max)
{
	struct lttr_sentences o = { out, max, 0 };

	if (g->quantum_auto)
		lttr_sentence(&o, "the messages span %.3f s: the convolution's quantum is %.3f ms, not 1 ms, to correlate at most %lu points (a quantum given is used as it is)",
		    (double)g->span_ns / 1e9, (double)g->quantum_ns / 1e6, MAX_POINTS);
	if (g->cut_budget)
		lttr_sentence(&o, "the convolution stopped at its bound of the work (%llu points correlated, %lu vertices): %" PRIu64
		    " edges not followed, the graph is partial (a longer quantum, a higher minimum count or one root)",
		    MAX_WORK, MAX_VERTICES, g->cut_budget);
	return o.n;
}
