// SPDX-License-Identifier: GPL-2.0
/*
 * clocksync.c - the convex-hull synchronisation of the clocks of several
 * hosts from the messages between them (lttr/sync/clocksync.h,
 * docs/multihost.md).
 *
 * A pair: the points of the messages from a to b (above every agreeing
 * line t_b = off + slope * t_a) and of those from b to a (below), times
 * taken from the pair's first time on each clock so that doubles keep
 * them to a fraction of a ns.  Only the lower hull of the points above
 * and the upper hull of those below matter.  For a slope s, the offsets
 * that agree are [max_below(y - s x), min_above(y - s x)]; its width f(s)
 * is concave in s, so the slopes that agree (f >= 0) are an interval,
 * found by a golden-section search for f's maximum and two bisections for
 * its ends (each kept on the side that agrees).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/sync/clocksync.h>

/* the slopes searched: a drift within +-10 % */
#define SLOPE_MIN	0.9
#define SLOPE_MAX	1.1
#define ITERS		200

struct pt {
	double x;
	double y;
	size_t msg;	/* its index in the caller's messages */
};

struct side {
	struct pt *v;	/* the points */
	size_t n;
	struct pt *h;	/* the hull (lower for above, upper for below) */
	size_t nh;
};

static int by_x(const void *pa, const void *pb)
{
	const struct pt *a = pa, *b = pb;

	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return a->y < b->y ? -1 : a->y > b->y;
}

static long double cross(const struct pt *o, const struct pt *a, const struct pt *b)
{
	return ((long double)a->x - o->x) * ((long double)b->y - o->y) -
	       ((long double)a->y - o->y) * ((long double)b->x - o->x);
}

/*
 * whether @s->v is in strictly increasing order of by_x() already (the
 * messages of one connection are, in send order): then no sort can
 * change it, ties (whose order a sort may choose) excepted
 */
static int strictly_sorted(const struct side *s)
{
	size_t i;

	for (i = 1; i < s->n; i++)
		if (by_x(&s->v[i - 1], &s->v[i]) >= 0)
			return 0;
	return 1;
}

/* the lower hull (@upper 0) or the upper hull of @s->v, sorted by x */
static void hull(struct side *s, int upper)
{
	size_t i, k = 0;

	if (!strictly_sorted(s))
		qsort(s->v, s->n, sizeof(*s->v), by_x);
	for (i = 0; i < s->n; i++) {
		while (k >= 2) {
			long double c = cross(&s->h[k - 2], &s->h[k - 1], &s->v[i]);

			if (upper ? c < 0 : c > 0)
				break;
			k--;
		}
		s->h[k++] = s->v[i];
	}
	s->nh = k;
}

/* min over the hull above of y - s x (@hi 0) or max over the hull below */
static double ext(const struct side *d, double s, int hi)
{
	double r = hi ? -INFINITY : INFINITY;
	size_t i;

	for (i = 0; i < d->nh; i++) {
		double v = d->h[i].y - s * d->h[i].x;

		if (hi ? v > r : v < r)
			r = v;
	}
	return r;
}

/* the width of the offsets that agree at slope @s (< 0: none) */
static double width(const struct side *up, const struct side *dn, double s)
{
	return ext(up, s, 0) - ext(dn, s, 1);
}

/* the slope where width() is greatest, in [lo, hi] */
static double best_slope(const struct side *up, const struct side *dn, double lo, double hi)
{
	const double g = (sqrt(5.0) - 1) / 2;
	double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
	double fa = width(up, dn, a), fb = width(up, dn, b);
	int i;

	for (i = 0; i < ITERS && hi - lo > 1e-15; i++) {
		if (fa < fb) {
			lo = a;
			a = b;
			fa = fb;
			b = lo + g * (hi - lo);
			fb = width(up, dn, b);
		} else {
			hi = b;
			b = a;
			fb = fa;
			a = hi - g * (hi - lo);
			fa = width(up, dn, a);
		}
	}
	return fa > fb ? a : b;
}

/* the end of the agreeing slopes between @in (agrees) and @out (not) */
static double edge(const struct side *up, const struct side *dn, double in, double out)
{
	int i;

	for (i = 0; i < ITERS && fabs(in - out) > 1e-16; i++) {
		double mid = (in + out) / 2;

		if (width(up, dn, mid) >= 0)
			in = mid;
		else
			out = mid;
	}
	return in;
}

/*
 * The greatest (@hi) or least time of b any agreeing line gives at @x:
 * over the agreeing slopes [slo, shi], of min_above(y - s x) + s x
 * (concave in s) or max_below(y - s x) + s x (convex).
 */
static double bound_at(const struct side *up, const struct side *dn, double slo, double shi,
		       double x, int hi)
{
	const double g = (sqrt(5.0) - 1) / 2;
	double lo = slo, top = shi, a, b, fa, fb;
	int i;

#define VAL(s) (hi ? ext(up, (s), 0) + (s) * x : -(ext(dn, (s), 1) + (s) * x))
	a = top - g * (top - lo);
	b = lo + g * (top - lo);
	fa = VAL(a);
	fb = VAL(b);
	for (i = 0; i < ITERS && top - lo > 1e-16; i++) {
		if (fa < fb) {
			lo = a;
			a = b;
			fa = fb;
			b = lo + g * (top - lo);
			fb = VAL(b);
		} else {
			top = b;
			b = a;
			fb = fa;
			a = top - g * (top - lo);
			fa = VAL(a);
		}
	}
	/* the ends themselves agree: the search may stop short of them */
	fa = fa > fb ? fa : fb;
	fb = VAL(slo) > VAL(shi) ? VAL(slo) : VAL(shi);
	fa = fa > fb ? fa : fb;
#undef VAL
	return hi ? fa : -fa;
}

/* the message of @d's point where y - s x is least (@hi 0) or greatest */
static size_t arg_ext(const struct side *d, double s, int hi)
{
	size_t i, k = 0;

	for (i = 1; i < d->nh; i++) {
		double v = d->h[i].y - s * d->h[i].x, w = d->h[k].y - s * d->h[k].x;

		if (hi ? v > w : v < w)
			k = i;
	}
	return k;
}

/* drop the point of message @msg from @d (its points, then its hull) */
static void drop(struct side *d, size_t msg, int upper)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].msg == msg) {
			d->v[i] = d->v[--d->n];
			break;
		}
	hull(d, upper);
}

static void name_dropped(struct lttr_sync_pair *p, size_t msg)
{
	if (p->ndropped < LTTR_SYNC_MAX_NAMED)
		p->dropped[p->ndropped] = msg;
	p->ndropped++;
}

/*
 * The points disagree: drop, one at a time, the point whose loss widens
 * the offsets the most (the one above where they are lowest or the one
 * below where they are highest, at the best slope) while that leaves
 * LTTR_SYNC_MIN_MSGS each way and at most @max are dropped.
 * Return: 0 when they agree afterwards, -1 when they do not, -2 when
 * out of memory.
 */
static int drop_contradictions(struct lttr_sync_pair *p, struct side *up, struct side *dn,
			       size_t max)
{
	struct side tu = { 0 }, td = { 0 };
	int r = -1;

	tu.v = malloc((up->n + 1) * sizeof(*tu.v));
	tu.h = malloc((up->n + 1) * sizeof(*tu.h));
	td.v = malloc((dn->n + 1) * sizeof(*td.v));
	td.h = malloc((dn->n + 1) * sizeof(*td.h));
	if (!tu.v || !tu.h || !td.v || !td.h) {
		r = -2;
		goto out;
	}
	while (width(up, dn, best_slope(up, dn, SLOPE_MIN, SLOPE_MAX)) < 0) {
		double s = best_slope(up, dn, SLOPE_MIN, SLOPE_MAX), wu = -INFINITY, wd = -INFINITY;
		size_t mu = up->h[arg_ext(up, s, 0)].msg, md = dn->h[arg_ext(dn, s, 1)].msg;

		if (p->ndropped >= max) {
			/* name the two that contradict at the best slope */
			p->ndropped = 0;
			name_dropped(p, mu);
			name_dropped(p, md);
			goto out;
		}
		if (up->n > LTTR_SYNC_MIN_MSGS) {
			memcpy(tu.v, up->v, up->n * sizeof(*tu.v));
			tu.n = up->n;
			drop(&tu, mu, 0);
			wu = width(&tu, dn, best_slope(&tu, dn, SLOPE_MIN, SLOPE_MAX));
		}
		if (dn->n > LTTR_SYNC_MIN_MSGS) {
			memcpy(td.v, dn->v, dn->n * sizeof(*td.v));
			td.n = dn->n;
			drop(&td, md, 1);
			wd = width(up, &td, best_slope(up, &td, SLOPE_MIN, SLOPE_MAX));
		}
		if (wu == -INFINITY && wd == -INFINITY) {
			p->ndropped = 0;
			name_dropped(p, mu);
			name_dropped(p, md);
			goto out;
		}
		if (wu >= wd) {
			drop(up, mu, 0);
			name_dropped(p, mu);
		} else {
			drop(dn, md, 1);
			name_dropped(p, md);
		}
	}
	r = 0;
out:
	free(tu.v);
	free(tu.h);
	free(td.v);
	free(td.h);
	return r;
}

int lttr_sync_pair_fit(const struct lttr_sync_msg *m, size_t n, uint32_t a, uint32_t b,
		       struct lttr_sync_pair *p)
{
	struct side up = { 0 }, dn = { 0 };
	uint64_t x0 = UINT64_MAX, y0 = UINT64_MAX;
	double xmin = INFINITY, xmax = -INFINITY, slo, shi, s, alo, ahi, max;
	size_t i;
	int r = 0, k;

	memset(p, 0, sizeof(*p));
	p->a = a;
	p->b = b;
	for (i = 0; i < n; i++) {
		if (m[i].src == a && m[i].dst == b) {
			p->n_ab++;
			x0 = m[i].send_ns < x0 ? m[i].send_ns : x0;
			y0 = m[i].recv_ns < y0 ? m[i].recv_ns : y0;
		} else if (m[i].src == b && m[i].dst == a) {
			p->n_ba++;
			x0 = m[i].recv_ns < x0 ? m[i].recv_ns : x0;
			y0 = m[i].send_ns < y0 ? m[i].send_ns : y0;
		}
	}
	if (p->n_ab < LTTR_SYNC_MIN_MSGS || p->n_ba < LTTR_SYNC_MIN_MSGS) {
		p->state = LTTR_SYNC_TOO_FEW;
		return 0;
	}
	up.v = malloc(p->n_ab * sizeof(*up.v));
	up.h = malloc(p->n_ab * sizeof(*up.h));
	dn.v = malloc(p->n_ba * sizeof(*dn.v));
	dn.h = malloc(p->n_ba * sizeof(*dn.h));
	if (!up.v || !up.h || !dn.v || !dn.h) {
		r = -LTTR_E_NOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct pt q = { .msg = i };

		if (m[i].src == a && m[i].dst == b) {
			q.x = (double)(m[i].send_ns - x0);
			q.y = (double)(m[i].recv_ns - y0);
			up.v[up.n++] = q;
		} else if (m[i].src == b && m[i].dst == a) {
			q.x = (double)(m[i].recv_ns - x0);
			q.y = (double)(m[i].send_ns - y0);
			dn.v[dn.n++] = q;
		} else {
			continue;
		}
		xmin = q.x < xmin ? q.x : xmin;
		xmax = q.x > xmax ? q.x : xmax;
	}
	hull(&up, 0);
	hull(&dn, 1);
	max = (double)(p->n_ab + p->n_ba) / LTTR_SYNC_DROP_RATIO;
	k = drop_contradictions(p, &up, &dn, max < 1 ? 1 : (size_t)max);
	if (k) {
		if (k == -2)
			r = -LTTR_E_NOMEM;
		p->state = LTTR_SYNC_CONTRADICT;
		goto out;
	}
	s = best_slope(&up, &dn, SLOPE_MIN, SLOPE_MAX);
	if (width(&up, &dn, SLOPE_MIN) >= 0 || width(&up, &dn, SLOPE_MAX) >= 0) {
		p->state = LTTR_SYNC_UNBOUNDED;
		goto out;
	}
	slo = edge(&up, &dn, s, SLOPE_MIN);
	shi = edge(&up, &dn, s, SLOPE_MAX);
	alo = (ext(&up, slo, 0) + ext(&dn, slo, 1)) / 2;
	ahi = (ext(&up, shi, 0) + ext(&dn, shi, 1)) / 2;
	p->state = LTTR_SYNC_OK;
	p->slope_lo = slo;
	p->slope_hi = shi;
	p->slope = (slo + shi) / 2;
	/* t_b - y0 = (alo + ahi) / 2 + slope * (t_a - x0) */
	p->offset_ns = (double)y0 + (alo + ahi) / 2 - p->slope * (double)x0;
	p->span_lo = x0 + (uint64_t)xmin;
	p->span_hi = x0 + (uint64_t)xmax;
	p->lo_at_start = (double)y0 + bound_at(&up, &dn, slo, shi, xmin, 0);
	p->hi_at_start = (double)y0 + bound_at(&up, &dn, slo, shi, xmin, 1);
	p->lo_at_end = (double)y0 + bound_at(&up, &dn, slo, shi, xmax, 0);
	p->hi_at_end = (double)y0 + bound_at(&up, &dn, slo, shi, xmax, 1);
	p->width_ns = p->hi_at_start - p->lo_at_start;
	if (p->hi_at_end - p->lo_at_end > p->width_ns)
		p->width_ns = p->hi_at_end - p->lo_at_end;
out:
	free(up.v);
	free(up.h);
	free(dn.v);
	free(dn.h);
	return r;
}

int lttr_sync_hosts(const struct lttr_sync_msg *m, size_t n, size_t nhosts,
		    struct lttr_sync_model *model, struct lttr_error *err)
{
	uint8_t *seen = NULL;
	size_t i, j, k;

	memset(model, 0, sizeof(*model));
	if (!nhosts)
		return lttr_error_set(err, LTTR_E_INVAL, "sync: no host");
	for (i = 0; i < n; i++)
		if (m[i].src >= nhosts || m[i].dst >= nhosts || m[i].src == m[i].dst)
			return lttr_error_set(err, LTTR_E_INVAL,
					      "sync: message %zu is between hosts %u and %u of %zu",
					      i, m[i].src, m[i].dst, nhosts);
	model->nhosts = nhosts;
	model->hosts = calloc(nhosts, sizeof(*model->hosts));
	seen = calloc(nhosts * nhosts, 1);
	if (!model->hosts || !seen)
		goto nomem;
	for (i = 0; i < n; i++) {
		size_t lo = m[i].src < m[i].dst ? m[i].src : m[i].dst;
		size_t hi = m[i].src ^ m[i].dst ^ lo;

		if (!seen[lo * nhosts + hi]) {
			seen[lo * nhosts + hi] = 1;
			model->npairs++;
		}
	}
	model->pairs = calloc(model->npairs + 1, sizeof(*model->pairs));
	if (!model->pairs)
		goto nomem;
	k = 0;
	for (i = 0; i < nhosts; i++)
		for (j = i + 1; j < nhosts; j++)
			if (seen[i * nhosts + j] &&
			    lttr_sync_pair_fit(m, n, (uint32_t)i, (uint32_t)j, &model->pairs[k++]))
				goto nomem;
	for (i = 0; i < nhosts; i++) {
		model->hosts[i].pair = -1;
		model->hosts[i].parent = -1;
		model->hosts[i].slope = 1;
	}
	model->hosts[0].synced = true;
	/* the spanning tree: each step the best pair joining a new host */
	for (;;) {
		const struct lttr_sync_pair *best = NULL;
		struct lttr_sync_host *h, *par;
		long bk = -1;

		for (k = 0; k < model->npairs; k++) {
			const struct lttr_sync_pair *p = &model->pairs[k];

			if (p->state != LTTR_SYNC_OK ||
			    model->hosts[p->a].synced == model->hosts[p->b].synced)
				continue;
			if (!best || p->width_ns < best->width_ns ||
			    (p->width_ns == best->width_ns &&
			     p->n_ab + p->n_ba > best->n_ab + best->n_ba)) {
				best = p;
				bk = (long)k;
			}
		}
		if (!best)
			break;
		if (model->hosts[best->a].synced) {
			/* t_b = off + s t_a, t_a = off_a + s_a t_ref */
			par = &model->hosts[best->a];
			h = &model->hosts[best->b];
			h->offset_ns = best->offset_ns + best->slope * par->offset_ns;
			h->slope = best->slope * par->slope;
			h->parent = best->a;
		} else {
			/* t_a = (t_b - off) / s */
			par = &model->hosts[best->b];
			h = &model->hosts[best->a];
			h->offset_ns = (par->offset_ns - best->offset_ns) / best->slope;
			h->slope = par->slope / best->slope;
			h->parent = best->b;
		}
		h->accuracy_ns = par->accuracy_ns + best->width_ns;
		h->pair = bk;
		h->synced = true;
	}
	free(seen);
	return 0;
nomem:
	free(seen);
	lttr_sync_model_free(model);
	return lttr_error_set(err, LTTR_E_NOMEM, "sync: out of memory");
}

void lttr_sync_model_free(struct lttr_sync_model *model)
{
	free(model->hosts);
	free(model->pairs);
	memset(model, 0, sizeof(*model));
}

double lttr_sync_to_ref(const struct lttr_sync_model *model, size_t host, uint64_t t)
{
	const struct lttr_sync_host *h = &model->hosts[host];

	return ((double)t - h->offset_ns) / h->slope;
}

uint64_t lttr_sync_from_ref_ns(const struct lttr_sync_model *model, size_t host, uint64_t t)
{
	const struct lttr_sync_host *h = &model->hosts[host];
	double r;

	if (!host)
		return t;
	r = h->offset_ns + h->slope * (double)t + 0.5;
	if (r <= 0)
		return 0;
	if (r >= 18446744073709549568.0)
		return UINT64_MAX;
	return (uint64_t)r;
}

uint64_t lttr_sync_to_ref_ns(const struct lttr_sync_model *model, size_t host, uint64_t t)
{
	double r;

	if (!host)
		return t;
	r = lttr_sync_to_ref(model, host, t) + 0.5;
	if (r <= 0)
		return 0;
	if (r >= 18446744073709549568.0)
		return UINT64_MAX;
	return (uint64_t)r;
}

const char *lttr_sync_state_name(int state)
{
	switch (state) {
	case LTTR_SYNC_OK:
		return "synchronised";
	case LTTR_SYNC_TOO_FEW:
		return "too few messages";
	case LTTR_SYNC_CONTRADICT:
		return "messages contradict";
	case LTTR_SYNC_UNBOUNDED:
		return "drift not bounded";
	}
	return "?";
}
