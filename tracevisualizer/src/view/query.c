// SPDX-License-Identifier: GPL-2.0
/*
 * query.c - the questions a front end asks the view model: what each
 * column of a row shows, the time a row spends in each state category,
 * the state interval at a time, the next or previous change, names.
 *
 * A column's answer comes from cumulative values at its two edges
 * (struct edge): the time per category before the edge, the entries that
 * start before it and how many of those are event boundaries.  An edge
 * is found by a cursor that only moves forward, jumping by checkpoints
 * when the next edge is farther than the next checkpoint: a window costs
 * at most a binary search and LTTR_VIEW_CHECKPOINT decoded entries per
 * column, whatever the zoom.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/model/process.h>
#include <lttr/view/viewport.h>
#include "view/view-internal.h"

struct edge {
	uint64_t cum[LTTR_VCAT_COUNT];
	uint64_t n;
	uint64_t ev;
};

/* the cumulative values at @x, which the cursor's entry covers */
static void edge_at(const struct vcur *c, const struct lttr_view *v, uint64_t x,
		    struct edge *e)
{
	memcpy(e->cum, c->cum, sizeof(e->cum));
	if (x > c->t)
		e->cum[vcat_of(v, c->gid)] += x - c->t;
	e->n = c->idx + (c->t < x);
	e->ev = c->nev - (c->t == x && c->event);
}

static struct vrow *row_get(struct lttr_view *v, size_t row)
{
	struct vrow *r;

	if (row >= v->nrows)
		return NULL;
	r = &v->rows[row];
	if (vrow_finalize(v, r))
		return NULL;
	return r;
}

static uint64_t clamp(const struct lttr_view *v, uint64_t t)
{
	return t < v->start ? v->start : t > v->end ? v->end : t;
}

/*
 * The longest interval of each category seen inside a column; only the
 * categories touched are reset for the next column.
 */
struct best {
	uint64_t dur[LTTR_VCAT_COUNT];
	uint32_t gid[LTTR_VCAT_COUNT];
	uint8_t touched[LTTR_VCAT_COUNT];
	unsigned int ntouched;
};

static void best_reset(struct best *b)
{
	while (b->ntouched)
		b->dur[b->touched[--b->ntouched]] = 0;
}

static void visit(const struct vcur *c, const struct lttr_view *v, uint64_t lo,
		  uint64_t hi, struct best *b)
{
	uint64_t s = c->t > lo ? c->t : lo;
	uint64_t e = c->next_t < hi ? c->next_t : hi;
	uint8_t cat = vcat_of(v, c->gid);

	if (e > s && e - s > b->dur[cat]) {
		if (!b->dur[cat])
			b->touched[b->ntouched++] = cat;
		b->dur[cat] = e - s;
		b->gid[cat] = c->gid;
	}
}

/* move the cursor forward to the entry covering @hi, visiting entries */
static void advance_visit(struct vcur *c, const struct lttr_view *v,
			  uint64_t lo, uint64_t hi, struct best *b)
{
	size_t k = (size_t)(c->idx / LTTR_VIEW_CHECKPOINT) + 1;

	visit(c, v, lo, hi, b);
	if (hi < c->next_t)
		return;
	if (k < c->r->nck && c->r->ck[k].t <= hi) {
		vcur_advance(c, v, hi);	/* by the last checkpoint at or before @hi */
		visit(c, v, lo, hi, b);
		return;
	}
	while (c->next_t <= hi && vcur_next(c, v))
		visit(c, v, lo, hi, b);
}

static bool has_lost(const struct lttr_view *v, const struct vrow *r,
		     uint64_t a, uint64_t b)
{
	return r->info.kind == LTTR_VROW_CPU && lttr_view_lost(v, r->info.id, a, b);
}

/*
 * The columns, left to right.  Column edges advance by the integer
 * quotient and a Bresenham remainder (exactly t0 + span * i / ncols, no
 * 128-bit division per column).  A column inside one entry is that entry
 * (the common case when zoomed in); otherwise its cumulative values at
 * both edges give the time per category, the change and event counts.
 */
int lttr_view_cells(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
		    unsigned int ncols, struct lttr_vcell *out)
{
	struct vrow *r = row_get(v, row);
	uint64_t span, q, rem, acc = 0, b0, b1;
	struct edge elo, ehi;
	struct best best;
	struct vcur c;
	unsigned int i, k;
	bool have_lo = false;

	if (!r || !ncols || t1 <= t0)
		return -LTTR_E_INVAL;
	span = t1 - t0;
	q = span / ncols;
	rem = span % ncols;
	best.ntouched = 0;
	memset(best.dur, 0, sizeof(best.dur));
	vcur_seek(&c, v, r, clamp(v, t0));
	for (i = 0, b0 = t0; i < ncols; i++, b0 = b1) {
		uint64_t lo, hi, nch, most = 0;
		struct lttr_vcell *cell = &out[i];

		b1 = b0 + q;
		acc += rem;
		if (acc >= ncols) {
			acc -= ncols;
			b1++;
		}
		lo = clamp(v, b0);
		hi = clamp(v, b1);
		memset(cell, 0, sizeof(*cell));
		if ((b1 <= v->start && b0 < v->start) || b0 >= v->end) {
			cell->state = LTTR_VSTATE_NONE;
			cell->flags = LTTR_VCELL_OUTSIDE;
			have_lo = false;
			continue;
		}
		if (!have_lo)
			vcur_advance(&c, v, lo);
		if (hi <= lo || (c.t <= lo && hi <= c.next_t)) {
			/* within one entry (or narrower than a nanosecond) */
			cell->state = c.gid;
			cell->cat = vcat_of(v, c.gid);
			if (c.t == lo && c.idx > 0 && hi > lo) {
				cell->flags = c.event ? LTTR_VCELL_EVENTS : LTTR_VCELL_CHANGES;
				cell->changes = !c.event;
			}
			if (r->info.kind == LTTR_VROW_CPU && r->info.id < v->ncpus &&
			    v->nlost[r->info.id] && lttr_view_lost(v, r->info.id, b0, b1))
				cell->flags |= LTTR_VCELL_LOST;
			have_lo = false;
			continue;
		}
		if (!have_lo)
			edge_at(&c, v, lo, &elo);
		best_reset(&best);
		if (i + 1 < ncols)	/* the next column's, while this one is read */
			vcur_prefetch(&c, hi + q);
		advance_visit(&c, v, lo, hi, &best);
		edge_at(&c, v, hi, &ehi);
		for (k = 0; k < LTTR_VCAT_COUNT; k++) {
			uint64_t d = ehi.cum[k] - elo.cum[k];

			if (d > most) {
				most = d;
				cell->cat = (uint8_t)k;
			}
		}
		cell->state = best.dur[cell->cat] ? best.gid[cell->cat] : LTTR_VSTATE_NONE;
		nch = (ehi.n - elo.n) - (ehi.ev - elo.ev);
		if (elo.n == 0 && ehi.n > 0)
			nch--;		/* the first entry is the start, not a change */
		cell->changes = nch > 0xffff ? 0xffff : (uint16_t)nch;
		if (nch)
			cell->flags |= LTTR_VCELL_CHANGES;
		if (ehi.ev > elo.ev)
			cell->flags |= LTTR_VCELL_EVENTS;
		if (has_lost(v, r, b0, b1))
			cell->flags |= LTTR_VCELL_LOST;
		elo = ehi;
		have_lo = true;
	}
	return 0;
}

/* the cumulative values of row @row at @t0 and @t1 (clamped) */
static int edges(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
		 struct edge *a, struct edge *b)
{
	struct vrow *r = row_get(v, row);
	struct vcur c;

	if (!r || t1 < t0)
		return -LTTR_E_INVAL;
	t0 = clamp(v, t0);
	t1 = clamp(v, t1);
	vcur_seek(&c, v, r, t0);
	edge_at(&c, v, t0, a);
	vcur_advance(&c, v, t1);
	edge_at(&c, v, t1, b);
	return 0;
}

int lttr_view_time_in(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
		      uint64_t *ns)
{
	struct edge a, b;
	unsigned int k;

	if (edges(v, row, t0, t1, &a, &b))
		return -LTTR_E_INVAL;
	for (k = 0; k < LTTR_VCAT_COUNT; k++)
		ns[k] = b.cum[k] - a.cum[k];
	return 0;
}

/* add [a, b) of category @cat to the columns of @vp it covers */
static void spread(const struct lttr_viewport *vp, unsigned int ncols, uint64_t a,
		   uint64_t b, uint8_t cat, uint64_t *ns)
{
	long c;

	if (a < vp->t0)
		a = vp->t0;
	if (b > vp->t1)
		b = vp->t1;
	if (a >= b)
		return;
	for (c = lttr_viewport_time_col(vp, a, ncols); a < b && c < (long)ncols; c++) {
		uint64_t e = lttr_viewport_col_time(vp, (unsigned int)c + 1, ncols);

		if (e > b)
			e = b;
		if (e > a) {
			ns[(size_t)c * LTTR_VCAT_COUNT + cat] += e - a;
			a = e;
		}
	}
}

/* whether state @gid counts: on one of @cpus (0: any state), idle task only */
static bool counts(const struct lttr_view *v, uint32_t gid, uint64_t cpus, bool idle)
{
	const struct lttr_vstate *s = &v->dict.v[gid].disp;

	if (idle && s->pid)
		return false;
	if (!cpus)
		return true;
	return s->cat >= LTTR_VCAT_USER && s->cat <= LTTR_VCAT_UNKNOWN && s->cpu < 64 &&
		((cpus >> s->cpu) & 1);
}

/* the entries of @r over [t0, t1) that count, added to @ns column by column */
static void add_cols(struct lttr_view *v, const struct vrow *r, uint64_t t0, uint64_t t1,
		     unsigned int ncols, uint64_t cpus, bool idle, uint64_t *ns)
{
	struct lttr_viewport vp = { .start = v->start, .end = v->end, .t0 = t0, .t1 = t1 };
	uint64_t lo = clamp(v, t0), hi = clamp(v, t1);
	struct vcur c;

	if (lo >= hi || !r->n)
		return;
	vcur_seek(&c, v, r, lo);
	do {
		if (c.t >= hi)
			break;
		if (c.next_t > lo && counts(v, c.gid, cpus, idle))
			spread(&vp, ncols, c.t, c.next_t, vcat_of(v, c.gid), ns);
	} while (vcur_next(&c, v));
}

int lttr_view_time_cols(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1,
			unsigned int ncols, uint64_t cpus, uint64_t *ns)
{
	struct vrow *r = row_get(v, row);

	if (!r || !ncols || t1 <= t0)
		return -LTTR_E_INVAL;
	memset(ns, 0, (size_t)ncols * LTTR_VCAT_COUNT * sizeof(*ns));
	add_cols(v, r, t0, t1, ncols, cpus, false, ns);
	return 0;
}

int lttr_view_idle_time_cols(struct lttr_view *v, uint64_t t0, uint64_t t1,
			     unsigned int ncols, uint64_t cpus, uint64_t *ns)
{
	size_t i;

	if (!ncols || t1 <= t0)
		return -LTTR_E_INVAL;
	memset(ns, 0, (size_t)ncols * LTTR_VCAT_COUNT * sizeof(*ns));
	for (i = 0; i < v->nrows; i++) {
		struct vrow *r;

		if (v->rows[i].info.kind != LTTR_VROW_CPU)
			continue;
		r = row_get(v, i);
		if (!r)
			return -LTTR_E_NOMEM;
		add_cols(v, r, t0, t1, ncols, cpus, true, ns);
	}
	return 0;
}

unsigned int lttr_vcat_busiest(const uint64_t *ns)
{
	static const uint8_t order[] = {
		LTTR_VCAT_USER, LTTR_VCAT_SYSCALL, LTTR_VCAT_TRAP, LTTR_VCAT_IRQ,
		LTTR_VCAT_IDLE, LTTR_VCAT_KERNEL, LTTR_VCAT_UNKNOWN, LTTR_VCAT_SOFTIRQ,
	};
	unsigned int best = LTTR_VCAT_NONE;
	size_t k;

	for (k = 0; k < sizeof(order); k++)
		if (ns[order[k]] && (best == LTTR_VCAT_NONE || ns[order[k]] > ns[best]))
			best = order[k];
	return best;
}

bool lttr_view_row_active(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1)
{
	uint64_t changes;
	struct edge a, b;
	unsigned int k;

	if (t1 <= t0 || edges(v, row, t0, t1, &a, &b))
		return false;
	/* a change inside (the first entry is the start, not a change) */
	changes = (b.n - a.n) - (b.ev - a.ev);
	if (a.n == 0 && changes)
		changes--;
	if (changes)
		return true;
	for (k = LTTR_VCAT_USER; k <= LTTR_VCAT_UNKNOWN; k++)
		if (k != LTTR_VCAT_IDLE && b.cum[k] > a.cum[k])
			return true;
	return false;
}

/*
 * The start of the last entry of @r before index @idx (excluded) that is
 * a state change (not an event boundary) and starts before @t, from
 * checkpoint blocks backward; entry 0 counts when @first.
 */
static bool last_change_before(const struct lttr_view *v, const struct vrow *r,
			       uint64_t idx, uint64_t t, bool events, bool first,
			       uint64_t *at, uint64_t *at_idx)
{
	size_t k;

	if (!idx)
		return false;
	k = (size_t)((idx - 1) / LTTR_VIEW_CHECKPOINT);
	for (;;) {
		struct vcur c;
		bool found = false;

		vcur_at_ck(&c, v, r, k);
		do {
			if (c.idx >= idx || c.t >= t)
				break;
			if ((c.idx > 0 || first) && (events || !c.event)) {
				found = true;
				*at = c.t;
				*at_idx = c.idx;
			}
		} while (vcur_next(&c, v));
		if (found)
			return true;
		if (!k)
			return false;
		k--;
	}
}

int lttr_view_span_at(struct lttr_view *v, size_t row, uint64_t t,
		      struct lttr_vspan *out)
{
	struct vrow *r = row_get(v, row);
	uint64_t start, sidx;
	struct vcur c, s;

	if (!r)
		return -LTTR_E_INVAL;
	vcur_seek(&c, v, r, clamp(v, t));
	out->state = c.gid;
	start = c.t;
	sidx = c.idx;
	if (c.event && !last_change_before(v, r, c.idx, UINT64_MAX, false, true,
					   &start, &sidx))
		start = v->start;
	/* the event boundaries after the change that began the span */
	vcur_seek(&s, v, r, start);
	while (c.idx + 1 < r->n) {
		struct vcur n = c;

		if (!vcur_next(&n, v) || !n.event)
			break;
		c = n;
	}
	out->start_ns = start;
	out->end_ns = c.next_t;
	out->events = c.nev - s.nev;
	return 0;
}

int lttr_view_step(struct lttr_view *v, size_t row, uint64_t t, int dir,
		   bool events, uint64_t *out)
{
	struct vrow *r = row_get(v, row);
	uint64_t idx;
	struct vcur c;

	if (!r || !dir)
		return -LTTR_E_INVAL;
	vcur_seek(&c, v, r, clamp(v, t));
	if (dir > 0) {
		while (vcur_next(&c, v)) {
			if (c.t > t && (events || !c.event)) {
				*out = c.t;
				return 1;
			}
		}
		return 0;
	}
	return last_change_before(v, r, c.idx + 1, t, events, false, out, &idx) ? 1 : 0;
}

struct lttr_trace *lttr_view_trace(const struct lttr_view *v)
{
	return v->t;
}

const struct lttr_account *lttr_view_account(const struct lttr_view *v)
{
	return v->acct;
}

uint64_t lttr_view_start(const struct lttr_view *v)
{
	return v->start;
}

uint64_t lttr_view_end(const struct lttr_view *v)
{
	return v->end;
}

size_t lttr_view_nrows(const struct lttr_view *v)
{
	return v->nrows;
}

const struct lttr_vrow_info *lttr_view_row(const struct lttr_view *v, size_t row)
{
	if (row >= v->nrows)
		return NULL;
	return &v->rows[row].info;
}

long lttr_view_find_row(const struct lttr_view *v, unsigned int kind,
			uint32_t id, bool sysvec)
{
	size_t i;

	if (kind == LTTR_VROW_CPU)
		return id < v->ncpus ? (long)id : -1;
	if (kind == LTTR_VROW_TASK)
		return lttr_pidmap_find(&v->task_rows, id, &i) ? (long)i : -1;
	for (i = v->ncpus; i < v->nrows; i++) {
		const struct lttr_vrow_info *in = &v->rows[i].info;

		if (in->kind == kind && in->id == id && in->sysvec == sysvec)
			return (long)i;
	}
	return -1;
}

static int cmp_task_rows(const void *pa, const void *pb, void *arg)
{
	const struct lttr_view *v = arg;
	const struct lttr_vrow_info *a = &v->rows[*(const size_t *)pa].info;
	const struct lttr_vrow_info *b = &v->rows[*(const size_t *)pb].info;
	bool ta = a->id != a->tgid, tb = b->id != b->tgid;

	if (a->tgid != b->tgid)
		return a->tgid < b->tgid ? -1 : 1;
	if (ta != tb)
		return ta ? 1 : -1;
	return a->id < b->id ? -1 : a->id > b->id;
}

size_t lttr_view_task_order(const struct lttr_view *v, size_t *rows,
			    unsigned char *depth)
{
	size_t i, n = 0;

	for (i = 0; i < v->nrows; i++)
		if (v->rows[i].info.kind == LTTR_VROW_TASK)
			rows[n++] = i;
	qsort_r(rows, n, sizeof(*rows), cmp_task_rows, (void *)v);
	for (i = 0; depth && i < n; i++) {
		const struct lttr_vrow_info *in = &v->rows[rows[i]].info;

		depth[i] = in->id != in->tgid && lttr_view_find_row(v, LTTR_VROW_TASK,
								     in->tgid, false) >= 0;
	}
	return n;
}

const char *lttr_view_comm(const struct lttr_view *v, uint32_t pid, uint64_t t)
{
	const struct lttr_process *p;
	const char *name = "";
	size_t i;

	if (!pid)
		return "idle";
	p = lttr_ptable_get(v->acct->procs, pid, false);
	if (!p)
		return "";
	for (i = 0; i < p->nnames; i++)
		if (p->names[i].since_ns <= t && p->names[i].name)
			name = p->names[i].name;
	return name;
}

uint64_t lttr_view_lost(const struct lttr_view *v, unsigned int cpu,
			uint64_t t0, uint64_t t1)
{
	size_t lo = 0, hi, i;
	uint64_t n = 0;

	if (cpu >= v->ncpus || !v->nlost[cpu])
		return 0;
	hi = v->nlost[cpu];
	while (lo < hi) {	/* first point at or after t0 */
		size_t mid = lo + (hi - lo) / 2;

		if (v->lost[cpu][mid].t < t0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < v->nlost[cpu] && v->lost[cpu][i].t < t1; i++)
		n += v->lost[cpu][i].n;
	return n;
}

uint64_t lttr_view_buffer_ids(const struct lttr_view *v, unsigned int cpu,
			      size_t bi)
{
	if (cpu >= v->ncpus || bi >= v->nbufids[cpu])
		return ~0ULL;
	return v->bufids[cpu][bi];
}

void lttr_view_stats(const struct lttr_view *v, struct lttr_view_stats *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < v->nrows; i++) {
		out->entries += v->rows[i].n;
		out->row_bytes += vrow_bytes(&v->rows[i]);
	}
	out->states = v->dict.n;
	out->state_bytes = v->dict.cap * sizeof(*v->dict.v) +
		v->dict.nslots * sizeof(*v->dict.slots);
	for (i = 0; i < v->ncpus; i++)
		out->other_bytes += v->nbufids[i] * sizeof(uint64_t) +
			v->nlost[i] * sizeof(struct vlost);
	out->other_bytes += sizeof(*v) + v->caprows * sizeof(*v->rows) +
		v->task_rows.cap * (sizeof(*v->task_rows.keys) + sizeof(*v->task_rows.vals));
	out->out_of_order = v->out_of_order;
}
