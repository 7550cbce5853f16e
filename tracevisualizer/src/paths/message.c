// SPDX-License-Identifier: GPL-2.0
/*
 * message.c - a set of messages between named nodes: names interned,
 * messages appended and sorted, summed per pair of nodes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/message.h>
#include "paths/keymap.h"
#include "paths/room.h"

struct lttr_msgset *lttr_msgset_new(void)
{
	struct lttr_msgset *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->nodemap = calloc(1, sizeof(*s->nodemap));
	s->idmap = calloc(1, sizeof(*s->idmap));
	if (!s->nodemap || !s->idmap) {
		lttr_msgset_free(s);
		return NULL;
	}
	return s;
}

void lttr_msgset_free(struct lttr_msgset *s)
{
	if (!s)
		return;
	if (s->nodemap)
		lttr_keymap_free(s->nodemap);
	if (s->idmap)
		lttr_keymap_free(s->idmap);
	free(s->nodemap);
	free(s->idmap);
	/* the names are the maps' copies */
	free(s->nodes);
	free(s->ids);
	free(s->v);
	free(s);
}

/* @name's index in @m, added as @names[*n] when new */
static long long intern(struct lttr_keymap *m, char ***names, size_t *n, size_t *cap,
			const char *name)
{
	size_t len = strlen(name), idx;

	if (lttr_keymap_find(m, name, len, &idx))
		return (long long)idx;
	if (lttr_room(names, cap, *n, sizeof(**names)) ||
	    lttr_keymap_put(m, name, len, *n))
		return -1;
	/* the map's copy is the last entry it added */
	(*names)[*n] = m->keys[m->n - 1];
	return (long long)(*n)++;
}

long lttr_msgset_node(struct lttr_msgset *s, const char *name)
{
	if (s->nnodes >= UINT32_MAX)
		return -1;
	return (long)intern(s->nodemap, &s->nodes, &s->nnodes, &s->nodecap, name);
}

long long lttr_msgset_id(struct lttr_msgset *s, const char *name)
{
	return intern(s->idmap, &s->ids, &s->nids, &s->idcap, name);
}

int lttr_msgset_add(struct lttr_msgset *s, const struct lttr_msg *m)
{
	if (lttr_room(&s->v, &s->cap, s->n, sizeof(*s->v)))
		return -1;
	s->v[s->n++] = *m;
	return 0;
}

#define CMP(a, b)	((a) < (b) ? -1 : (a) > (b))

static int by_send(const void *pa, const void *pb)
{
	const struct lttr_msg *a = pa, *b = pb;

	if (a->send_ns != b->send_ns)
		return CMP(a->send_ns, b->send_ns);
	if (a->recv_ns != b->recv_ns)
		return CMP(a->recv_ns, b->recv_ns);
	if (a->src != b->src)
		return CMP(a->src, b->src);
	if (a->dst != b->dst)
		return CMP(a->dst, b->dst);
	if (a->id != b->id)
		return CMP(a->id, b->id);
	return CMP(a->kind, b->kind);
}

/* the outlier rule (lttr_msgset_sort(), docs/paths.md) */
#define OUTLIER_RATIO		100		/* a gap this many times the bulk's width */
#define OUTLIER_MIN_GAP_NS	1000000000ULL	/* and longer than this */
#define OUTLIER_SHARE		100		/* at most 1 in this many messages */

static int by_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return CMP(a, b);
}

/* the farthest of the times @t outside [lo, hi]: its distance */
static uint64_t outside(uint64_t t, uint64_t lo, uint64_t hi)
{
	return t < lo ? lo - t : t > hi ? t - hi : 0;
}

/*
 * The messages with a time beyond a long gap from the bulk of the times:
 * marked LTTR_MSG_OUTLIER, counted and the farthest described in @s->warn.
 * Returns -1 when out of memory (then none is marked).
 */
static int mark_outliers(struct lttr_msgset *s)
{
	size_t m = 2 * s->n, i, lo, hi, far = 0, count = 0;
	uint64_t *t, gap, dist = 0, first = UINT64_MAX, last = 0;

	for (i = 0; i < s->n; i++)
		s->v[i].flags &= (uint8_t)~LTTR_MSG_OUTLIER;
	s->warn.outliers = 0;
	if (s->n < 4)
		return 0;
	t = malloc(m * sizeof(*t));
	if (!t)
		return -1;
	for (i = 0; i < s->n; i++) {
		t[2 * i] = s->v[i].send_ns;
		t[2 * i + 1] = s->v[i].recv_ns;
	}
	qsort(t, m, sizeof(*t), by_u64);
	/* the quartiles (nearest rank), then outward through the short gaps */
	lo = (m + 3) / 4 - 1;
	hi = (3 * m + 3) / 4 - 1;
	gap = t[hi] - t[lo];
	gap = gap > UINT64_MAX / OUTLIER_RATIO ? UINT64_MAX : gap * OUTLIER_RATIO;
	if (gap < OUTLIER_MIN_GAP_NS)
		gap = OUTLIER_MIN_GAP_NS;
	while (lo > 0 && t[lo] - t[lo - 1] <= gap)
		lo--;
	while (hi + 1 < m && t[hi + 1] - t[hi] <= gap)
		hi++;
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *v = &s->v[i];
		uint64_t d = outside(v->send_ns, t[lo], t[hi]), dr = outside(v->recv_ns, t[lo], t[hi]);

		if (!d && !dr) {
			if (v->send_ns < first)
				first = v->send_ns;
			if (v->recv_ns < first)
				first = v->recv_ns;
			if (v->send_ns > last)
				last = v->send_ns;
			if (v->recv_ns > last)
				last = v->recv_ns;
			continue;
		}
		count++;
		if (d > dist || dr > dist) {
			dist = d > dr ? d : dr;
			far = i;
		}
	}
	free(t);
	if (!count || count > (s->n / OUTLIER_SHARE ? s->n / OUTLIER_SHARE : 1))
		return 0;
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *v = &s->v[i];

		if (v->send_ns < first || v->send_ns > last || v->recv_ns < first ||
		    v->recv_ns > last)
			s->v[i].flags |= LTTR_MSG_OUTLIER;
	}
	{
		const struct lttr_msg *v = &s->v[far];
		char id[24];
		int sent = outside(v->send_ns, first, last) >= outside(v->recv_ns, first, last);

		s->warn.outliers = count;
		s->warn.outlier_sent = sent;
		s->warn.outlier_ns = sent ? v->send_ns : v->recv_ns;
		s->warn.others_first_ns = first;
		s->warn.others_last_ns = last;
		snprintf(s->warn.outlier_what, sizeof(s->warn.outlier_what), "%s %.32s -> %.32s %.20s",
			 v->kind == LTTR_MSG_CALL ? "CALL" : "RET", s->nodes[v->src], s->nodes[v->dst],
			 lttr_msg_id_str(s, v, id, sizeof(id)));
	}
	return 0;
}

void lttr_msgset_sort(struct lttr_msgset *s)
{
	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), by_send);
	/* out of memory: no outlier marked, the convolution's bounds still hold */
	(void)mark_outliers(s);
}

const char *lttr_msg_id_str(const struct lttr_msgset *s, const struct lttr_msg *m,
			    char *buf, size_t size)
{
	if (s->nids && m->id < s->nids)
		return s->ids[m->id];
	snprintf(buf, size, "%" PRIu64 ".%" PRIu64, m->id >> 32, m->id & 0xffffffffU);
	return buf;
}

static int by_pair(const void *pa, const void *pb)
{
	const struct lttr_msg_pair *a = pa, *b = pb;

	if (a->src != b->src)
		return CMP(a->src, b->src);
	return CMP(a->dst, b->dst);
}

struct lttr_msg_pair *lttr_msgset_pairs(const struct lttr_msgset *s, size_t *n)
{
	struct lttr_keymap map = { 0 };
	struct lttr_msg_pair *v = NULL;
	size_t i, np = 0, cap = 0;

	*n = 0;
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];
		uint32_t key[2] = { m->src, m->dst };
		struct lttr_msg_pair *p;
		size_t k;

		if (!lttr_keymap_find(&map, key, sizeof(key), &k)) {
			if (lttr_room(&v, &cap, np, sizeof(*v)) ||
			    lttr_keymap_put(&map, key, sizeof(key), np)) {
				free(v);
				lttr_keymap_free(&map);
				return NULL;
			}
			k = np++;
			memset(&v[k], 0, sizeof(v[k]));
			v[k].src = m->src;
			v[k].dst = m->dst;
		}
		p = &v[k];
		if (m->kind == LTTR_MSG_CALL)
			p->calls++;
		else
			p->rets++;
		p->bytes += m->bytes;
		if (!(m->flags & (LTTR_MSG_SEND_ONLY | LTTR_MSG_RECV_ONLY))) {
			p->both_ends++;
			p->transit_ns += m->recv_ns >= m->send_ns ? m->recv_ns - m->send_ns : 0;
		}
	}
	lttr_keymap_free(&map);
	if (np > 1)
		qsort(v, np, sizeof(*v), by_pair);
	*n = np;
	return v;
}
