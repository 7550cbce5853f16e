// SPDX-License-Identifier: GPL-2.0
/*
 * hosts.c - the view model of several hosts' traces on one clock
 * (lttr/view/hosts.h): each synchronised host's own view, its rows under
 * a group row of the host, windows of the reference's clock converted to
 * the host's through the clock model, and the messages between hosts as
 * links on the reference's clock.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include <lttr/paths/message.h>
#include <lttr/paths/trace-messages.h>
#include <lttr/replay/replay.h>
#include <lttr/sync/clocksync.h>
#include <lttr/sync/model-json.h>
#include <lttr/view/hosts.h>

struct lttr_xview {
	size_t nhosts;
	struct lttr_xhost *hosts;
	struct lttr_view **views;	/* per host; NULL when not synchronised */
	struct lttr_trace **owned;	/* lttr_xview_open()'s traces */
	struct lttr_trace **t;		/* the traces, owned or not */
	struct lttr_sync_model model;	/* a copy of the clock model */
	const char **nodes;		/* the hosts' names as replay nodes */
	char (*names)[80];
	size_t nrows;
	struct lttr_xrow *rows;
	char (*rowname)[64];
	size_t nlinks;
	struct lttr_xlink *links;
	uint64_t start_ns;
	uint64_t end_ns;
};

bool lttr_xview_is_set(const char *dir)
{
	char a[PATH_MAX], b[PATH_MAX];

	snprintf(a, sizeof(a), "%s/%s", dir, LTTR_SYNC_MODEL_FILE);
	snprintf(b, sizeof(b), "%s/header", dir);
	return !access(a, F_OK) && access(b, F_OK);
}

void lttr_xview_free(struct lttr_xview *x)
{
	size_t k;

	if (!x)
		return;
	for (k = 0; x->views && k < x->nhosts; k++)
		lttr_view_free(x->views[k]);
	for (k = 0; x->owned && k < x->nhosts; k++)
		if (x->owned[k])
			lttr_trace_close(x->owned[k]);
	free(x->views);
	free(x->owned);
	free(x->t);
	free(x->model.hosts);
	free(x->model.pairs);
	free(x->nodes);
	free(x->hosts);
	free(x->names);
	free(x->rows);
	free(x->rowname);
	free(x->links);
	free(x);
}

static double to_host_d(const struct lttr_xhost *h, double t)
{
	return h->offset_ns + h->slope * t;
}

static uint64_t to_ref(const struct lttr_xhost *h, uint64_t t)
{
	double r = ((double)t - h->offset_ns) / h->slope;

	return r <= 0 ? 0 : (uint64_t)llround(r);
}

uint64_t lttr_xview_to_host(const struct lttr_xview *x, size_t host, uint64_t t)
{
	double r;

	if (host >= x->nhosts)
		return t;
	r = to_host_d(&x->hosts[host], (double)t);
	return r <= 0 ? 0 : (uint64_t)llround(r);
}

/* the host of a message's node: its name's prefix "HOST:" */
static long node_host(const struct lttr_xview *x, const char *node)
{
	const char *c = strchr(node, ':');
	size_t k;

	if (!c)
		return -1;
	for (k = 0; k < x->nhosts; k++)
		if (strlen(x->names[k]) == (size_t)(c - node) && !strncmp(node, x->names[k], (size_t)(c - node)))
			return (long)k;
	return -1;
}

static int add_row(struct lttr_xview *x, size_t *cap, const struct lttr_xrow *r)
{
	if (x->nrows == *cap) {
		size_t nc = *cap ? 2 * *cap : 64;
		struct lttr_xrow *v = realloc(x->rows, nc * sizeof(*v));
		char (*nm)[64] = realloc(x->rowname, nc * sizeof(*nm));

		if (v)
			x->rows = v;
		if (nm)
			x->rowname = nm;
		if (!v || !nm)
			return -LTTR_E_NOMEM;
		*cap = nc;
	}
	x->rows[x->nrows++] = *r;
	return 0;
}

/* a synchronised host's rows: its group row, then its tasks as the first screen orders them */
static int host_rows(struct lttr_xview *x, size_t k, size_t *cap)
{
	struct lttr_view *v = x->views[k];
	size_t nr = lttr_view_nrows(v), i;
	size_t *rows = calloc(nr + 1, sizeof(*rows));
	unsigned char *depth = calloc(nr + 1, 1);
	struct lttr_xrow r = { .kind = LTTR_XROW_HOST, .host = (uint32_t)k };
	long n;
	int e;

	if (!rows || !depth) {
		free(rows);
		free(depth);
		return -LTTR_E_NOMEM;
	}
	e = add_row(x, cap, &r);
	n = e ? e : lttr_view_task_sort(v, LTTR_VSORT_TRACED, lttr_view_start(v), lttr_view_end(v),
					false, rows, depth);
	for (i = 0; n > 0 && i < (size_t)n && !e; i++) {
		const struct lttr_vrow_info *in = lttr_view_row(v, rows[i]);

		if (!in || (in->kind == LTTR_VROW_TASK && !in->id))
			continue;	/* the idle task: the CPUs' */
		r = (struct lttr_xrow){ .host = (uint32_t)k, .vrow = rows[i] };
		if (in->kind == LTTR_VROW_GROUP) {
			r.kind = LTTR_XROW_IDLE;
		} else {
			r.kind = LTTR_XROW_TASK;
			r.pid = in->id;
			r.depth = (uint8_t)(1 + depth[i]);
		}
		e = add_row(x, cap, &r);
	}
	free(rows);
	free(depth);
	return n < 0 ? (int)n : e;
}

static int cmp_link(const void *a, const void *b)
{
	const struct lttr_xlink *p = a, *q = b;

	return p->send_ns < q->send_ns ? -1 : p->send_ns > q->send_ns ? 1 :
		p->recv_ns < q->recv_ns ? -1 : p->recv_ns > q->recv_ns;
}

/* the messages between the synchronised hosts, as links between rows */
static int host_links(struct lttr_xview *x, struct lttr_trace **t,
		      const struct lttr_sync_model *model, struct lttr_error *err)
{
	struct lttr_trace **st = calloc(x->nhosts, sizeof(*st));
	const char **nm = calloc(x->nhosts, sizeof(*nm));
	struct lttr_sync_model sub = { 0 };
	struct lttr_msgset *s = lttr_msgset_new();
	size_t k, ns = 0, i;
	int r = 0;

	sub.hosts = calloc(x->nhosts, sizeof(*sub.hosts));
	if (!st || !nm || !s || !sub.hosts) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	for (k = 0; k < x->nhosts; k++) {
		if (!x->hosts[k].synced)
			continue;
		st[ns] = t[k];
		nm[ns] = x->names[k];
		sub.hosts[ns++] = model->hosts[k];
	}
	sub.nhosts = ns;
	if (ns < 2)
		goto out;
	r = lttr_msgs_from_hosts(st, ns, nm, &sub, LTTR_BY_THREAD, s, err);
	if (r < 0)
		goto out;
	x->links = calloc(s->n ? s->n : 1, sizeof(*x->links));
	if (!x->links) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];
		struct lttr_xlink l = { .send_ns = m->send_ns, .recv_ns = m->recv_ns,
					.from_pid = m->src_pid, .to_pid = m->dst_pid, .bytes = m->bytes };
		long a, b, ra, rb;

		if (m->flags & (LTTR_MSG_SEND_ONLY | LTTR_MSG_RECV_ONLY | LTTR_MSG_ONE_TIME))
			continue;
		a = node_host(x, s->nodes[m->src]);
		b = node_host(x, s->nodes[m->dst]);
		if (a < 0 || b < 0 || a == b)
			continue;	/* within a host: its own view's */
		l.from_host = (uint32_t)a;
		l.to_host = (uint32_t)b;
		ra = lttr_xview_find(x, (size_t)a, l.from_pid);
		rb = lttr_xview_find(x, (size_t)b, l.to_pid);
		for (k = 0; ra < 0 && k < x->nrows; k++)
			if (x->rows[k].kind == LTTR_XROW_HOST && x->rows[k].host == (uint32_t)a)
				ra = (long)k;
		for (k = 0; rb < 0 && k < x->nrows; k++)
			if (x->rows[k].kind == LTTR_XROW_HOST && x->rows[k].host == (uint32_t)b)
				rb = (long)k;
		l.from_row = (size_t)ra;
		l.to_row = (size_t)rb;
		x->links[x->nlinks++] = l;
	}
	qsort(x->links, x->nlinks, sizeof(*x->links), cmp_link);
out:
	lttr_msgset_free(s);
	free(sub.hosts);
	free(st);
	free(nm);
	return r < 0 ? r : 0;
}

int lttr_xview_build(struct lttr_trace **t, size_t n, const char *const *hostname,
		     const struct lttr_sync_model *model, struct lttr_xview **out,
		     struct lttr_error *err)
{
	struct lttr_sync_hostinfo *hi = NULL;
	struct lttr_xview *x;
	char (*why)[LTTR_SYNC_PROBLEM_LEN] = NULL;
	size_t k, j, cap = 0, nwhy;
	bool first = true;
	int r = 0;

	*out = NULL;
	if (n < 2 || !model || model->nhosts != n)
		return lttr_error_set(err, LTTR_E_INVAL,
				      "a view of several hosts needs two traces or more and their clock model");
	x = calloc(1, sizeof(*x));
	if (!x)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	x->nhosts = n;
	x->hosts = calloc(n, sizeof(*x->hosts));
	x->views = calloc(n, sizeof(*x->views));
	x->names = calloc(n, sizeof(*x->names));
	x->t = calloc(n, sizeof(*x->t));
	x->nodes = calloc(n, sizeof(*x->nodes));
	x->model.hosts = calloc(n, sizeof(*x->model.hosts));
	x->model.pairs = calloc(model->npairs + 1, sizeof(*x->model.pairs));
	hi = calloc(n, sizeof(*hi));
	why = calloc(n, sizeof(*why));
	if (!x->hosts || !x->views || !x->names || !x->t || !x->nodes || !x->model.hosts ||
	    !x->model.pairs || !hi || !why) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto fail;
	}
	/* kept for the predicate bar's replay of the set (lttr_xview_hits()) */
	x->model.nhosts = n;
	memcpy(x->model.hosts, model->hosts, n * sizeof(*x->model.hosts));
	x->model.npairs = model->npairs;
	if (model->npairs)
		memcpy(x->model.pairs, model->pairs, model->npairs * sizeof(*x->model.pairs));
	for (k = 0; k < n; k++) {
		x->t[k] = t[k];
		x->nodes[k] = x->names[k];
	}
	/* the names, as the commands prefix the nodes with them */
	for (k = 0; k < n; k++) {
		const char *h = hostname ? hostname[k] : lttr_trace_header(t[k])->hostname;

		snprintf(x->names[k], sizeof(x->names[k]), "%s", h ? h : "");
		for (j = 0; j < n; j++) {
			const char *o = hostname ? hostname[j] : lttr_trace_header(t[j])->hostname;

			if (j != k && o && !strcmp(o, x->names[k]))
				break;
		}
		if (!x->names[k][0] || j < n || strpbrk(x->names[k], " \t:"))
			snprintf(x->names[k], sizeof(x->names[k]), "host%zu", k);
	}
	for (k = 0; k < n; k++) {
		const struct lttr_sync_host *m = &model->hosts[k];
		struct lttr_xhost *h = &x->hosts[k];

		h->name = x->names[k];
		h->synced = k == 0 || m->synced;
		h->offset_ns = k ? m->offset_ns : 0;
		h->slope = k && m->slope > 0 ? m->slope : 1;
		h->accuracy_ns = k ? m->accuracy_ns : 0;
		h->parent = k ? m->parent : -1;
		if (k && m->synced && m->pair >= 0 && (size_t)m->pair < model->npairs) {
			const struct lttr_sync_pair *p = &model->pairs[m->pair];

			if (p->a == (uint32_t)m->parent) {
				h->drift_lo_ppm = (p->slope_lo - 1) * 1e6;
				h->drift_hi_ppm = (p->slope_hi - 1) * 1e6;
			} else {	/* the parent's clock a function of this one's */
				h->drift_lo_ppm = (1 / p->slope_hi - 1) * 1e6;
				h->drift_hi_ppm = (1 / p->slope_lo - 1) * 1e6;
			}
			h->messages = p->n_ab + p->n_ba;
		}
		hi[k].trace = x->names[k];
		hi[k].source = "";
		hi[k].hostname = x->names[k];
	}
	nwhy = lttr_sync_problems(model, hi, why, n);
	for (k = 1, j = 0; k < n && j < nwhy; k++)
		if (!x->hosts[k].synced)
			snprintf(x->hosts[k].problem, sizeof(x->hosts[k].problem), "%s", why[j++]);
	for (k = 0; k < n; k++) {
		struct lttr_xhost *h = &x->hosts[k];

		if (!h->synced)
			continue;
		r = lttr_view_build(t[k], NULL, NULL, &x->views[k], err);
		if (r < 0)
			goto fail;
		h->start_ns = to_ref(h, lttr_view_start(x->views[k]));
		h->end_ns = to_ref(h, lttr_view_end(x->views[k]));
		if (first || h->start_ns < x->start_ns)
			x->start_ns = h->start_ns;
		if (first || h->end_ns > x->end_ns)
			x->end_ns = h->end_ns;
		first = false;
	}
	for (k = 0; k < n && !r; k++)
		if (x->hosts[k].synced)
			r = host_rows(x, k, &cap);
	/* the hosts not synchronised: apart, after the others, with no rows */
	for (k = 0; k < n && !r; k++)
		if (!x->hosts[k].synced) {
			struct lttr_xrow g = { .kind = LTTR_XROW_HOST, .host = (uint32_t)k };

			r = add_row(x, &cap, &g);
		}
	if (r < 0) {
		lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto fail;
	}
	for (k = 0; k < x->nrows; k++) {
		struct lttr_xrow *w = &x->rows[k];
		const struct lttr_xhost *h = &x->hosts[w->host];

		if (w->kind == LTTR_XROW_HOST)
			snprintf(x->rowname[k], sizeof(x->rowname[k]), "%s (host %u)%s", h->name,
				 w->host, h->synced ? "" : " NOT SYNCHRONISED");
		else if (w->kind == LTTR_XROW_IDLE)
			snprintf(x->rowname[k], sizeof(x->rowname[k]), "%s",
				 lttr_view_row(x->views[w->host], w->vrow)->name);
		else
			snprintf(x->rowname[k], sizeof(x->rowname[k]), "%s %u",
				 lttr_view_comm(x->views[w->host], w->pid, lttr_view_end(x->views[w->host])),
				 w->pid);
		w->name = x->rowname[k];
	}
	r = host_links(x, t, model, err);
	if (r < 0)
		goto fail;
	free(hi);
	free(why);
	*out = x;
	return 0;
fail:
	free(hi);
	free(why);
	lttr_xview_free(x);
	return r < 0 ? r : -LTTR_E_NOMEM;
}

int lttr_xview_open(const char *const *dirs, size_t n, bool salvage, struct lttr_xview **out,
		    struct lttr_error *err)
{
	unsigned int fl = salvage ? LTTR_OPEN_SALVAGE : 0;
	struct lttr_sync_model own = { 0 };
	struct lttr_sync_read rd;
	struct lttr_sync_msg *msgs = NULL;
	struct lttr_trace **t = NULL;
	char **real = NULL;
	const char **names = NULL;
	size_t k, j, nt = n, nm = 0;
	bool set = n == 1 && lttr_xview_is_set(dirs[0]);
	int r = 0;

	*out = NULL;
	memset(&rd, 0, sizeof(rd));
	if (n == 1 && !set)
		return lttr_error_set(err, LTTR_E_INVAL,
				      "%s: not a merged set (tracevisualizer merge's directory, with %s): "
				      "give it, or two traces or more", dirs[0], LTTR_SYNC_MODEL_FILE);
	if (set) {
		r = lttr_sync_model_load(dirs[0], &rd, err);
		if (r < 0)
			goto out;
		nt = rd.model.nhosts;
		if (nt < 2) {
			r = lttr_error_set(err, LTTR_E_FORMAT, "%s: a set of %zu host", dirs[0], nt);
			goto out;
		}
	}
	t = calloc(nt, sizeof(*t));
	real = calloc(nt, sizeof(*real));
	names = calloc(nt, sizeof(*names));
	if (!t || !real || !names) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	for (k = 0; k < nt; k++) {
		char path[PATH_MAX];
		const char *d = dirs[k < n ? k : 0];

		if (set) {
			if (strchr(rd.info[k].trace, '/')) {
				r = lttr_error_set(err, LTTR_E_FORMAT, "%s: host %zu: %s: not a name in the set",
						   dirs[0], k, rd.info[k].trace);
				goto out;
			}
			snprintf(path, sizeof(path), "%s/%s", dirs[0], rd.info[k].trace);
			d = path;
			names[k] = rd.info[k].hostname;
		}
		r = lttr_trace_open(d, fl, &t[k], err);
		if (r < 0) {
			t[k] = NULL;
			goto out;
		}
		real[k] = realpath(d, NULL);
		for (j = 0; j < k && real[k]; j++)
			if (real[j] && !strcmp(real[j], real[k])) {
				r = lttr_error_set(err, LTTR_E_INVAL,
						   "%s and %s are the same trace (one host each)",
						   set ? rd.info[j].trace : dirs[j], set ? rd.info[k].trace : d);
				goto out;
			}
		if (!set)
			names[k] = lttr_trace_header(t[k])->hostname;
	}
	if (!set && ((r = lttr_msgs_across_traces(t, nt, &msgs, &nm, NULL, err)) < 0 ||
		     (r = lttr_sync_hosts(msgs, nm, nt, &own, err)) < 0))
		goto out;
	r = lttr_xview_build(t, nt, names, set ? &rd.model : &own, out, err);
	if (!r) {
		(*out)->owned = t;
		t = NULL;
	}
out:
	for (k = 0; t && k < nt; k++)
		if (t[k])
			lttr_trace_close(t[k]);
	for (k = 0; real && k < nt; k++)
		free(real[k]);
	free(t);
	free(real);
	free(names);
	free(msgs);
	lttr_sync_model_free(&own);
	lttr_sync_read_free(&rd);
	return r;
}

int lttr_xview_hits(const struct lttr_xview *x, const char *expr,
		    int (*progress)(void *arg, unsigned int permille), void *arg,
		    struct lttr_replay_hit **out, size_t *n, struct lttr_error *err)
{
	size_t k;

	*out = NULL;
	*n = 0;
	for (k = 0; k < x->nhosts; k++)
		if (!x->hosts[k].synced)
			return lttr_error_set(err, LTTR_E_INVAL,
					      "host %zu (%s) is not synchronised: its events cannot be "
					      "put on the reference's clock", k, x->names[k]);
	return lttr_replay_hits_set(x->t, x->nhosts, x->nodes, &x->model, expr, 0, UINT64_MAX,
				    progress, arg, out, n, err);
}

uint64_t lttr_xview_ref_start(const struct lttr_xview *x)
{
	return lttr_trace_header(x->t[0])->start_ns;
}

size_t lttr_xview_nhosts(const struct lttr_xview *x)
{
	return x->nhosts;
}

const struct lttr_xhost *lttr_xview_host(const struct lttr_xview *x, size_t host)
{
	return host < x->nhosts ? &x->hosts[host] : NULL;
}

struct lttr_view *lttr_xview_host_view(const struct lttr_xview *x, size_t host)
{
	return host < x->nhosts ? x->views[host] : NULL;
}

size_t lttr_xview_unsynced(const struct lttr_xview *x)
{
	size_t k, n = 0;

	for (k = 0; k < x->nhosts; k++)
		n += !x->hosts[k].synced;
	return n;
}

uint64_t lttr_xview_start(const struct lttr_xview *x)
{
	return x->start_ns;
}

uint64_t lttr_xview_end(const struct lttr_xview *x)
{
	return x->end_ns;
}

size_t lttr_xview_nrows(const struct lttr_xview *x)
{
	return x->nrows;
}

const struct lttr_xrow *lttr_xview_row(const struct lttr_xview *x, size_t row)
{
	return row < x->nrows ? &x->rows[row] : NULL;
}

long lttr_xview_find(const struct lttr_xview *x, size_t host, uint32_t pid)
{
	size_t k;

	for (k = 0; pid && k < x->nrows; k++)
		if (x->rows[k].kind == LTTR_XROW_TASK && x->rows[k].host == host &&
		    x->rows[k].pid == pid)
			return (long)k;
	return -1;
}

int lttr_xview_cells(struct lttr_xview *x, size_t row, uint64_t t0, uint64_t t1,
		     unsigned int ncols, struct lttr_vcell *out)
{
	const struct lttr_xrow *r = lttr_xview_row(x, row);
	uint64_t a, b;

	if (!r || t1 <= t0 || !ncols)
		return -LTTR_E_INVAL;
	if (r->kind == LTTR_XROW_HOST) {
		unsigned int i;

		for (i = 0; i < ncols; i++)
			out[i] = (struct lttr_vcell){ .state = LTTR_VSTATE_NONE, .cat = LTTR_VCAT_NONE };
		return 0;
	}
	a = lttr_xview_to_host(x, r->host, t0);
	b = lttr_xview_to_host(x, r->host, t1);
	if (b <= a)
		b = a + 1;
	return lttr_view_cells(x->views[r->host], r->vrow, a, b, ncols, out);
}

int lttr_xview_links(const struct lttr_xview *x, uint64_t t0, uint64_t t1, size_t max,
		     struct lttr_xlink *out, size_t *n)
{
	size_t i;

	*n = 0;
	for (i = 0; i < x->nlinks && x->links[i].send_ns < t1; i++) {
		if (x->links[i].recv_ns < t0)
			continue;
		if (*n == max)
			return 1;
		out[(*n)++] = x->links[i];
	}
	return 0;
}

const struct lttr_xlink *lttr_xview_all_links(const struct lttr_xview *x, size_t *n)
{
	*n = x->nlinks;
	return x->links;
}

const char *lttr_xview_clock_text(const struct lttr_xview *x, size_t host, char *buf,
				  size_t size)
{
	const struct lttr_xhost *h = lttr_xview_host(x, host);

	if (!h)
		snprintf(buf, size, "no host %zu", host);
	else if (!h->synced)
		snprintf(buf, size, "NOT SYNCHRONISED, not shown: %s", h->problem);
	else if (!host)
		snprintf(buf, size, "the reference clock (the time axis)");
	else
		snprintf(buf, size, "t = %+.1f ns + (1 %+.4f ppm) x t(%s); drift in [%+.4f, %+.4f] ppm "
			 "against %s; accuracy %.1f us; %zu messages",
			 h->offset_ns, (h->slope - 1) * 1e6, x->hosts[0].name, h->drift_lo_ppm,
			 h->drift_hi_ppm, h->parent >= 0 ? x->hosts[h->parent].name : "?",
			 h->accuracy_ns / 1e3, h->messages);
	return buf;
}
