// SPDX-License-Identifier: GPL-2.0
/*
 * rowenc.c - the compressed rows of the view model: appending entries,
 * checkpoints, the cumulative time per category at each checkpoint, and
 * cursors that decode a row forward from a checkpoint.
 *
 * Encoding (see view-internal.h): varint(start - previous start), then
 * varint(local code * 2 + event flag).  Starts are strictly increasing: an
 * entry at the time of the last one replaces it (a state change at the
 * time of an event boundary wins; an event boundary at the time of a
 * change adds nothing).  Why a hand-made varint: no Debian library offers
 * a compact append-only integer stream with random access by checkpoints,
 * and the format is ten lines.
 */
#include <stdlib.h>
#include <string.h>
#include "view/view-internal.h"

static size_t put_varint(uint8_t *p, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		p[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t)v;
	return n;
}

static uint64_t get_varint(const uint8_t *p, size_t *off)
{
	uint64_t v = 0;
	unsigned int shift = 0;
	size_t o = *off;

	for (;;) {
		uint8_t b = p[o++];

		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80) || shift >= 63)
			break;
		shift += 7;
	}
	*off = o;
	return v;
}

static uint32_t hash32(uint32_t x)
{
	return x * 2654435761U;
}

/*
 * The row's local code of global state @gid when it has one.  A slot
 * holds the global id in its high half and the local code + 1 in its low
 * half (0: a free slot), so that a lookup reads one word per probe.
 */
static inline bool local_find(const struct vrow *r, uint32_t gid, uint32_t *code)
{
	uint32_t i, mask = r->nlslots - 1;

	if (!r->nlslots)
		return false;
	for (i = hash32(gid) & mask; (uint32_t)r->lslots[i]; i = (i + 1) & mask) {
		if ((uint32_t)(r->lslots[i] >> 32) == gid) {
			*code = (uint32_t)r->lslots[i] - 1;
			return true;
		}
	}
	return false;
}

static void lslot_put(uint64_t *s, uint32_t ns, uint32_t gid, uint32_t code)
{
	uint32_t i;

	for (i = hash32(gid) & (ns - 1); (uint32_t)s[i]; i = (i + 1) & (ns - 1))
		;
	s[i] = (uint64_t)gid << 32 | (code + 1);
}

/* give global state @gid, new to the row, the next local code */
static int local_add(struct vrow *r, uint32_t gid, uint32_t *code)
{
	if (r->nlocal == r->caplocal) {
		uint32_t cap = r->caplocal ? 2 * r->caplocal : 4;
		uint32_t *n = realloc(r->local, cap * sizeof(*n));

		if (!n)
			return -1;
		r->local = n;
		r->caplocal = cap;
	}
	if ((r->nlocal + 1) * 2 > r->nlslots) {
		uint32_t ns = r->nlslots ? 2 * r->nlslots : 8, k;
		uint64_t *n = calloc(ns, sizeof(*n));

		if (!n)
			return -1;
		for (k = 0; k < r->nlocal; k++)
			lslot_put(n, ns, r->local[k], k);
		free(r->lslots);
		r->lslots = n;
		r->nlslots = ns;
	}
	lslot_put(r->lslots, r->nlslots, gid, r->nlocal);
	r->local[r->nlocal] = gid;
	*code = r->nlocal++;
	return 0;
}

static int grow_buf(struct vrow *r, size_t more)
{
	size_t cap = r->cap ? r->cap : 64;
	uint8_t *n;

	while (cap < r->len + more)
		cap = cap < (1u << 20) ? 2 * cap : cap + cap / 2;
	n = realloc(r->buf, cap);
	if (!n)
		return -1;
	r->buf = n;
	r->cap = cap;
	return 0;
}

/* room for @more bytes after the row's last (the check inline, the growth not) */
static inline int reserve(struct vrow *r, size_t more)
{
	return r->len + more > r->cap ? grow_buf(r, more) : 0;
}

/*
 * give category @cat a column in the sums, 0 at every checkpoint so far
 * (its time was 0 until now: a column is added before any is counted)
 */
static int add_column(struct vrow *r, uint8_t cat)
{
	size_t nc = (size_t)r->ncol + 1;

	if (r->capck) {
		uint64_t *s = malloc(r->capck * nc * sizeof(*s));
		size_t k, j;

		if (!s)
			return -1;
		for (k = 0; k < r->nck; k++) {
			for (j = 0; j < r->ncol; j++)
				s[k * nc + j] = r->sums[k * r->ncol + j];
			s[k * nc + r->ncol] = 0;
		}
		free(r->sums);
		r->sums = s;
	}
	r->cats[r->ncol] = cat;
	r->col[cat] = (uint8_t)nc;
	r->ncol = (uint8_t)nc;
	return 0;
}

static int add_checkpoint(struct vrow *r, uint64_t t)
{
	uint64_t *s;
	unsigned int j;

	if (r->nck == r->capck) {
		size_t cap = r->capck ? 2 * r->capck : 4;
		struct vck *n = realloc(r->ck, cap * sizeof(*n));

		if (!n)
			return -1;
		r->ck = n;
		s = realloc(r->sums, cap * (r->ncol ? r->ncol : 1) * sizeof(*s));
		if (!s)
			return -1;
		r->sums = s;
		r->capck = cap;
	}
	r->ck[r->nck].t = t;
	r->ck[r->nck].off = r->len;
	r->ck[r->nck].nev = r->nev;
	s = &r->sums[r->nck * r->ncol];
	for (j = 0; j < r->ncol; j++)
		s[j] = r->cum[r->cats[j]];
	r->nck++;
	return 0;
}

/*
 * note that @d ns of the last entry, a placeholder, were counted in
 * category @cat, in the sums of the checkpoints from the next one on
 */
static int note_ph_time(struct vrow *r, uint8_t cat, uint64_t d)
{
	struct vpht *p = r->npht ? &r->pht[r->npht - 1] : NULL;

	if (p && p->ck == r->nck && p->gid == r->last_entry && p->cat == cat) {
		p->d += d;
		return 0;
	}
	if (r->npht == r->cappht) {
		size_t cap = r->cappht ? 2 * r->cappht : 4;

		p = realloc(r->pht, cap * sizeof(*p));
		if (!p)
			return -1;
		r->pht = p;
		r->cappht = cap;
	}
	p = &r->pht[r->npht++];
	p->ck = r->nck;
	p->d = d;
	p->gid = r->last_entry;
	p->cat = cat;
	return 0;
}

int vrow_append(struct lttr_view *v, struct vrow *r, uint64_t t, uint32_t gid,
		bool event, bool ph)
{
	uint32_t lc;
	uint64_t code;

	if (r->n && t < r->last_t) {
		v->out_of_order++;
		r->ooo++;
		t = r->last_t;
	}
	if (t < v->start)
		t = v->start;
	if (r->n && t == r->last_t) {
		size_t off = r->last_off;

		if (event)
			return 0;	/* the boundary is there already */
		if (!local_find(r, gid, &lc) && local_add(r, gid, &lc))
			return -1;
		/* rewrite the last entry's code after its delta */
		(void)get_varint(r->buf, &off);
		r->len = off;
		if (r->last_code & 1)
			r->nev--;
		code = (uint64_t)lc * 2;
		if (reserve(r, 10))
			return -1;
		r->len += put_varint(r->buf + r->len, code);
		r->last_code = (uint32_t)code;
		r->last_entry = gid;
		r->last_ph = ph;
		return 0;
	}
	if (!local_find(r, gid, &lc) && local_add(r, gid, &lc))
		return -1;
	code = (uint64_t)lc * 2 + (event ? 1 : 0);
	if (r->n) {
		uint8_t cat = vcat_of(v, r->last_entry);

		if (!r->col[cat] && t > r->last_t && add_column(r, cat))
			return -1;
		r->cum[cat] += t - r->last_t;
		if (r->last_ph && t > r->last_t && note_ph_time(r, cat, t - r->last_t))
			return -1;
	}
	if (r->n % LTTR_VIEW_CHECKPOINT == 0 && add_checkpoint(r, t))
		return -1;
	if (reserve(r, 20))
		return -1;
	r->last_off = r->len;
	r->len += put_varint(r->buf + r->len, t - (r->n ? r->last_t : v->start));
	r->len += put_varint(r->buf + r->len, code);
	r->last_t = t;
	r->last_code = (uint32_t)code;
	r->last_entry = gid;
	r->last_ph = ph;
	r->nev += event;
	r->n++;
	return 0;
}

void vrow_free(struct vrow *r)
{
	free(r->buf);
	free(r->local);
	free(r->lslots);
	free(r->ck);
	free(r->sums);
	free(r->pht);
	memset(r, 0, sizeof(*r));
}

size_t vrow_bytes(const struct vrow *r)
{
	return r->cap + r->caplocal * sizeof(*r->local) +
		r->nlslots * sizeof(*r->lslots) + r->capck * sizeof(*r->ck) +
		r->capck * (r->ncol ? r->ncol : 1) * sizeof(*r->sums) +
		r->cappht * sizeof(*r->pht) + sizeof(*r);
}

/*
 * get_varint() within @len bytes: the same value, or false when the bytes
 * end before it does
 */
static bool get_varint_in(const uint8_t *p, size_t len, size_t *off, uint64_t *out)
{
	uint64_t v = 0;
	unsigned int shift = 0;
	size_t o = *off;

	for (;;) {
		uint8_t b;

		if (o >= len)
			return false;
		b = p[o++];
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80) || shift >= 63)
			break;
		shift += 7;
	}
	*off = o;
	*out = v;
	return true;
}

int vrow_restore(const struct lttr_view *v, struct vrow *r)
{
	uint64_t t = v->start, cum[LTTR_VCAT_COUNT] = { 0 };
	uint64_t i, nev = 0, nck;
	uint32_t gid = 0, code = 0, k;
	size_t off = 0, start = 0;

	if (!r->n || !r->nlocal || r->ncol > LTTR_VCAT_COUNT ||
	    r->n > r->len / 2)	/* an entry takes 2 bytes at least */
		return -1;
	memset(r->col, 0, sizeof(r->col));
	for (k = 0; k < r->ncol; k++) {
		if (r->cats[k] >= LTTR_VCAT_COUNT || r->col[r->cats[k]])
			return -1;
		r->col[r->cats[k]] = (uint8_t)(k + 1);
	}
	for (k = 0; k < r->nlocal; k++)
		if (r->local[k] >= v->dict.n)
			return -1;
	nck = (r->n + LTTR_VIEW_CHECKPOINT - 1) / LTTR_VIEW_CHECKPOINT;
	r->ck = malloc(nck * sizeof(*r->ck));
	r->sums = malloc(nck * (r->ncol ? r->ncol : 1) * sizeof(*r->sums));
	if (!r->ck || !r->sums)
		return -1;
	r->capck = nck;
	r->nck = 0;
	for (i = 0; i < r->n; i++) {
		uint64_t d, c;

		start = off;
		if (!get_varint_in(r->buf, r->len, &off, &d) ||
		    !get_varint_in(r->buf, r->len, &off, &c) ||
		    (i && !d) || d > UINT64_MAX - t || (c >> 1) >= r->nlocal)
			return -1;
		if (i) {
			uint8_t cat = vcat_of(v, gid);

			if (!r->col[cat])
				return -1;	/* time in a category without its column */
			cum[cat] += d;
		}
		t += d;
		if (i % LTTR_VIEW_CHECKPOINT == 0) {
			r->ck[r->nck].t = t;
			r->ck[r->nck].off = start;
			r->ck[r->nck].nev = nev;
			for (k = 0; k < r->ncol; k++)
				r->sums[r->nck * r->ncol + k] = cum[r->cats[k]];
			r->nck++;
		}
		code = (uint32_t)c;
		gid = r->local[c >> 1];
		nev += c & 1;
	}
	if (off != r->len)
		return -1;
	memcpy(r->cum, cum, sizeof(cum));
	r->nev = nev;
	r->last_t = t;
	r->last_off = start;
	r->last_code = code;
	r->last_entry = gid;
	r->last_ph = v->dict.v[gid].placeholder;
	r->cap = r->len;
	r->caplocal = r->nlocal;
	r->finalized = true;
	return 0;
}

/* read the delta of the entry at c->off: the start of the next entry */
static void peek_next(struct vcur *c, const struct lttr_view *v)
{
	if (c->idx + 1 < c->r->n)
		c->next_t = c->t + get_varint(c->r->buf, &c->off);
	else
		c->next_t = v->end > c->t ? v->end : c->t;
}

/* decode the code at c->off into the cursor's entry */
static void take_code(struct vcur *c)
{
	uint64_t code = get_varint(c->r->buf, &c->off);

	c->gid = c->r->local[code >> 1];
	c->event = code & 1;
}

void vcur_at_ck(struct vcur *c, const struct lttr_view *v, const struct vrow *r,
		size_t k)
{
	unsigned int j;

	c->r = r;
	c->idx = (uint64_t)k * LTTR_VIEW_CHECKPOINT;
	c->t = r->ck[k].t;
	c->off = r->ck[k].off;
	(void)get_varint(r->buf, &c->off);	/* its delta: the time is known */
	take_code(c);
	c->nev = r->ck[k].nev + c->event;
	memset(c->cum, 0, sizeof(c->cum));
	for (j = 0; j < r->ncol; j++)
		c->cum[r->cats[j]] = r->sums[k * r->ncol + j];
	peek_next(c, v);
}

bool vcur_next(struct vcur *c, const struct lttr_view *v)
{
	if (c->idx + 1 >= c->r->n)
		return false;
	c->cum[vcat_of(v, c->gid)] += c->next_t - c->t;
	c->idx++;
	c->t = c->next_t;
	take_code(c);
	c->nev += c->event;
	peek_next(c, v);
	return true;
}

/* the last checkpoint at or before @t among @lo..@hi - 1 (from @lo on) */
static size_t find_ck_in(const struct vrow *r, size_t lo, size_t hi, uint64_t t)
{
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->ck[mid].t <= t)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

void vcur_seek(struct vcur *c, const struct lttr_view *v, const struct vrow *r,
	       uint64_t t)
{
	vcur_at_ck(c, v, r, find_ck_in(r, 0, r->nck, t));
	while (c->next_t <= t && vcur_next(c, v))
		;
}

/*
 * The last checkpoint at or before @t from checkpoint @lo on, knowing
 * ck[lo].t <= @t: a cursor moving forward column by column goes a few
 * checkpoints at a time, so steps that double from @lo bracket it first
 * (reading the checkpoints near @lo, in the cache) and the binary search
 * is over that bracket, not the rest of the row.
 */
static size_t gallop_ck(const struct vrow *r, size_t lo, uint64_t t)
{
	size_t step = 1, hi;

	while (lo + step < r->nck && r->ck[lo + step].t <= t) {
		lo += step;
		step *= 2;
	}
	hi = lo + step < r->nck ? lo + step : r->nck;
	return find_ck_in(r, lo, hi, t);
}

/*
 * Zoomed out, each column of a dense row jumps to a checkpoint of its own
 * and reads the entries from there: the row's bytes at that offset and
 * the checkpoint's sums are far from the last column's, not in the
 * cache.  Asking for them one column ahead (GCC's prefetch builtin, a
 * hint) lets the memory fetch them while this column is computed.
 */
void vcur_prefetch(const struct vcur *c, uint64_t t)
{
	size_t k = (size_t)(c->idx / LTTR_VIEW_CHECKPOINT) + 1;
	const struct vrow *r = c->r;

	if (k >= r->nck || r->ck[k].t > t)
		return;		/* no checkpoint to jump to: read on */
	k = gallop_ck(r, k, t);
	__builtin_prefetch(r->buf + r->ck[k].off);
	if (r->ck[k].off + 64 < r->len)
		__builtin_prefetch(r->buf + r->ck[k].off + 64);
	if (r->ncol)
		__builtin_prefetch(&r->sums[k * r->ncol]);
}

void vcur_advance(struct vcur *c, const struct lttr_view *v, uint64_t t)
{
	size_t k = (size_t)(c->idx / LTTR_VIEW_CHECKPOINT) + 1;

	if (t < c->next_t)
		return;
	if (k < c->r->nck && c->r->ck[k].t <= t)
		vcur_at_ck(c, v, c->r, gallop_ck(c->r, k, t));
	while (c->next_t <= t && vcur_next(c, v))
		;
}

/*
 * Now that the placeholders mean what the accounting found, move the
 * time counted for them in a category they no longer show to the one they
 * show, in the sums of every checkpoint that counted it and in @cum: the
 * figures a second count of the row would give.  @pht is in checkpoint
 * order, so one sweep carries the difference forward.
 */
int vrow_finalize(struct lttr_view *v, struct vrow *r)
{
	uint64_t delta[LTTR_VCAT_COUNT] = { 0 };
	size_t k, i, p = 0;
	bool moved = false;

	if (r->finalized || !r->npht) {
		r->finalized = true;
		return 0;
	}
	/* the categories time moves to need their columns */
	for (p = 0; p < r->npht; p++) {
		uint8_t cat = vcat_of(v, r->pht[p].gid);

		if (!r->col[cat] && add_column(r, cat))
			return -1;
	}
	for (k = 0, p = 0; k <= r->nck; k++) {
		for (; p < r->npht && r->pht[p].ck <= k; p++) {
			const struct vpht *x = &r->pht[p];
			uint8_t cat = vcat_of(v, x->gid);

			if (cat == x->cat)
				continue;
			delta[x->cat] -= x->d;	/* modulo 2^64: the sums stay exact */
			delta[cat] += x->d;
			moved = true;
		}
		if (!moved)
			continue;
		/* k == nck: the time before the last entry */
		for (i = 0; i < LTTR_VCAT_COUNT; i++) {
			if (k == r->nck)
				r->cum[i] += delta[i];
			else if (r->col[i])
				r->sums[k * r->ncol + r->col[i] - 1] += delta[i];
		}
	}
	free(r->pht);
	r->pht = NULL;
	r->npht = r->cappht = 0;
	r->finalized = true;
	return 0;
}
