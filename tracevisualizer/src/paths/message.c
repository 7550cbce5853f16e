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

void lttr_msgset_sort(struct lttr_msgset *s)
{
	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), by_send);
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
