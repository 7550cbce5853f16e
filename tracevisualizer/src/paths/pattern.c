// SPDX-License-Identifier: GPL-2.0
/*
 * pattern.c - causal path patterns from the nesting algorithm's parents
 * (FindCallPaths, Aguilera et al. 5.1.1.4): each path walked in preorder,
 * its shape and names hashed, and its latencies added to its pattern's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/pattern.h>
#include "paths/keymap.h"
#include "paths/room.h"

/* one node of a walked path: its call pair (NO_PAIR: the first caller) */
struct step {
	size_t pair;
	uint32_t node;
	uint32_t parent;	/* index in the walk */
	uint32_t depth;
};

struct walk {
	size_t n;
	size_t cap;
	struct step *v;
	size_t *stack;	/* walk index per depth */
	size_t scap;
};

static int walk_push(struct walk *w, size_t pair, uint32_t node, uint32_t depth)
{
	if (lttr_room(&w->v, &w->cap, w->n, sizeof(*w->v)) ||
	    lttr_room(&w->stack, &w->scap, depth, sizeof(*w->stack)))
		return -1;
	w->v[w->n] = (struct step){ pair, node,
		depth ? (uint32_t)w->stack[depth - 1] : LTTR_PNODE_ROOT, depth };
	w->stack[depth] = w->n++;
	return 0;
}

/* the path of @root in preorder: its caller, then the tree of call pairs */
static int walk_path(const struct lttr_nesting *n, size_t root, struct walk *w)
{
	size_t p = root;
	uint32_t depth = 1;

	w->n = 0;
	if (walk_push(w, LTTR_NO_PAIR, n->pairs[root].caller, 0))
		return -1;
	for (;;) {
		const struct lttr_callpair *c = &n->pairs[p];

		if (walk_push(w, p, c->callee, depth))
			return -1;
		if (c->first_child != LTTR_NO_PAIR) {
			p = c->first_child;
			depth++;
			continue;
		}
		while (p != root && n->pairs[p].next_sibling == LTTR_NO_PAIR) {
			p = n->pairs[p].parent;
			depth--;
		}
		if (p == root)
			return 0;
		p = n->pairs[p].next_sibling;
	}
}

struct text {
	char *s;
	size_t n;
	size_t cap;
};

static int text_add(struct text *t, const char *s, size_t len)
{
	if (t->n + len + 1 > t->cap) {
		size_t ncap = (t->n + len + 1) * 2;
		char *ns = realloc(t->s, ncap);

		if (!ns)
			return -1;
		t->s = ns;
		t->cap = ncap;
	}
	memcpy(t->s + t->n, s, len);
	t->n += len;
	t->s[t->n] = '\0';
	return 0;
}

/* "A(B(C,D))" of a walk: node names, or numbers when @s is NULL */
static int walk_key(const struct lttr_msgset *s, const struct walk *w, struct text *t)
{
	size_t i;
	uint32_t prev = 0;

	t->n = 0;
	for (i = 0; i < w->n; i++) {
		const struct step *st = &w->v[i];
		char num[16];
		const char *name = num;

		if (i && st->depth > prev) {
			if (text_add(t, "(", 1))
				return -1;
		} else if (i) {
			for (; prev > st->depth; prev--)
				if (text_add(t, ")", 1))
					return -1;
			if (text_add(t, ",", 1))
				return -1;
		}
		prev = st->depth;
		if (s)
			name = s->nodes[st->node];
		else
			snprintf(num, sizeof(num), "%" PRIu32, st->node);
		if (text_add(t, name, strlen(name)))
			return -1;
	}
	for (; prev > 0; prev--)
		if (text_add(t, ")", 1))
			return -1;
	return 0;
}

char *lttr_pattern_key_of(const struct lttr_msgset *s, const struct lttr_nesting *n,
			  size_t root)
{
	struct walk w = { 0 };
	struct text t = { 0 };

	if (walk_path(n, root, &w) || walk_key(s, &w, &t)) {
		free(t.s);
		t.s = NULL;
	}
	free(w.v);
	free(w.stack);
	return t.s;
}

static uint64_t nonneg(int64_t v, uint64_t *negative)
{
	if (v >= 0)
		return (uint64_t)v;
	(*negative)++;
	return 0;
}

/* one path's figures added to its pattern */
static void add_path(struct lttr_pattern *pt, const struct lttr_nesting *n,
		     const struct walk *w, const struct lttr_hop_split *split)
{
	const struct lttr_callpair *root = &n->pairs[w->v[1].pair];
	size_t i, r;

	pt->count++;
	pt->total_ns += root->ret_recv >= root->call_send ? root->ret_recv - root->call_send : 0;
	for (i = 1; i < w->n; i++) {
		struct lttr_pnode *pn = &pt->nodes[i];
		const struct lttr_callpair *c = &n->pairs[w->v[i].pair];
		size_t pp = w->v[w->v[i].parent].pair;
		int64_t delay = pp == LTTR_NO_PAIR ? 0 :
			(int64_t)(c->call_send - n->pairs[pp].call_recv);

		lttr_lat_add(&pn->latency, nonneg((int64_t)(c->ret_send - c->call_recv),
						  &pn->negative));
		lttr_lat_add(&pn->delay, nonneg(delay, &pn->negative));
		pn->transit_ns += nonneg((int64_t)(c->call_recv - c->call_send), &pn->negative) +
			nonneg((int64_t)(c->ret_recv - c->ret_send), &pn->negative);
		if (split && split[w->v[i].pair].known) {
			const struct lttr_hop_split *h = &split[w->v[i].pair];

			pn->split.known++;
			pn->split.oncpu_ns += h->oncpu_ns;
			pn->split.runnable_ns += h->runnable_ns;
			pn->split.other_ns += h->other_ns;
			for (r = 0; r < LTTR_BLOCK_COUNT; r++)
				pn->split.blocked_ns[r] += h->blocked_ns[r];
		}
	}
}

static int new_pattern(struct lttr_patterns *ps, size_t *cap, const struct lttr_msgset *s,
		       const struct walk *w)
{
	struct lttr_pattern *pt;
	struct text t = { 0 };
	size_t i;

	if (lttr_room(&ps->v, cap, ps->n, sizeof(*ps->v)))
		return -1;
	if (walk_key(s, w, &t))
		return -1;
	pt = &ps->v[ps->n];
	memset(pt, 0, sizeof(*pt));
	pt->key = t.s;
	pt->nodes = calloc(w->n, sizeof(*pt->nodes));
	if (!pt->nodes) {
		free(t.s);
		return -1;
	}
	pt->nnodes = w->n;
	for (i = 0; i < w->n; i++) {
		pt->nodes[i].node = w->v[i].node;
		pt->nodes[i].parent = w->v[i].parent;
		pt->nodes[i].depth = w->v[i].depth;
	}
	ps->n++;
	return 0;
}

static int by_count(const void *pa, const void *pb)
{
	const struct lttr_pattern *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->key, b->key);
}

static int by_latency(const void *pa, const void *pb)
{
	const struct lttr_pattern *a = pa, *b = pb;

	if (a->total_ns != b->total_ns)
		return a->total_ns > b->total_ns ? -1 : 1;
	return strcmp(a->key, b->key);
}

int lttr_patterns_build(const struct lttr_msgset *s, const struct lttr_nesting *n,
			const struct lttr_hop_split *split, unsigned int sort,
			struct lttr_patterns **out, struct lttr_error *err)
{
	struct lttr_patterns *ps = calloc(1, sizeof(*ps));
	struct lttr_keymap map = { 0 };
	struct walk w = { 0 };
	struct text t = { 0 };
	size_t i, cap = 0;

	*out = NULL;
	if (!ps)
		return lttr_error_set(err, LTTR_E_NOMEM, "paths: out of memory");
	for (i = 0; i < n->npairs; i++) {
		size_t k;

		if (n->pairs[i].parent != LTTR_NO_PAIR)
			continue;
		if (walk_path(n, i, &w) || walk_key(NULL, &w, &t))
			goto nomem;
		if (!lttr_keymap_find(&map, t.s, t.n, &k)) {
			k = ps->n;
			if (new_pattern(ps, &cap, s, &w) || lttr_keymap_put(&map, t.s, t.n, k))
				goto nomem;
		}
		add_path(&ps->v[k], n, &w, split);
		ps->paths++;
		ps->pairs += w.n - 1;
	}
	if (ps->n > 1)
		qsort(ps->v, ps->n, sizeof(*ps->v),
		      sort == LTTR_SORT_LATENCY ? by_latency : by_count);
	lttr_keymap_free(&map);
	free(w.v);
	free(w.stack);
	free(t.s);
	*out = ps;
	return 0;
nomem:
	lttr_keymap_free(&map);
	free(w.v);
	free(w.stack);
	free(t.s);
	lttr_patterns_free(ps);
	return lttr_error_set(err, LTTR_E_NOMEM, "paths: out of memory");
}

void lttr_patterns_free(struct lttr_patterns *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->n; i++) {
		free(p->v[i].nodes);
		free(p->v[i].key);
	}
	free(p->v);
	free(p);
}
