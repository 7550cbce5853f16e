// SPDX-License-Identifier: GPL-2.0
/*
 * pattern.c - causal path patterns from the nesting algorithm's parents
 * (FindCallPaths, Aguilera et al. 5.1.1.4): each path walked in preorder,
 * its shape and names hashed, and its latencies added to its pattern's;
 * then, per pattern and node, the instances sorted for the exact
 * percentiles and the representative instance (the median's).
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

/* one instance of a pattern's node (or, for its first node, of the path) */
struct inst {
	uint64_t latency;	/* the path's latency for the first node */
	uint64_t delay;
	size_t pair;		/* the path's first call pair for the first node */
};

/* the instances of one pattern's nodes, in the order of their paths */
struct insts {
	struct inst *v;		/* count x nnodes, path by path */
	size_t n;		/* paths */
	size_t cap;		/* room, in paths */
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

/* one path's figures added to its pattern, and its instances to @in */
static int add_path(struct lttr_pattern *pt, struct insts *in, const struct lttr_nesting *n,
		    const struct walk *w, const struct lttr_hop_split *split)
{
	const struct lttr_callpair *root = &n->pairs[w->v[1].pair];
	struct inst *row;
	size_t i, r;

	if (in->n + 1 > in->cap) {
		size_t ncap = in->cap ? in->cap * 2 : 4;
		struct inst *nv = realloc(in->v, ncap * w->n * sizeof(*nv));

		if (!nv)
			return -1;
		in->v = nv;
		in->cap = ncap;
	}
	row = &in->v[in->n++ * w->n];
	pt->count++;
	row[0] = (struct inst){ root->ret_recv >= root->call_send ?
				root->ret_recv - root->call_send : 0, 0, w->v[1].pair };
	pt->total_ns += row[0].latency;
	for (i = 1; i < w->n; i++) {
		struct lttr_pnode *pn = &pt->nodes[i];
		const struct lttr_callpair *c = &n->pairs[w->v[i].pair];
		size_t pp = w->v[w->v[i].parent].pair;
		int64_t delay = pp == LTTR_NO_PAIR ? 0 :
			(int64_t)(c->call_send - n->pairs[pp].call_recv);

		row[i].pair = w->v[i].pair;
		row[i].latency = nonneg((int64_t)(c->ret_send - c->call_recv), &pn->negative);
		row[i].delay = nonneg(delay, &pn->negative);
		lttr_lat_add(&pn->latency, row[i].latency);
		lttr_lat_add(&pn->delay, row[i].delay);
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
	return 0;
}

/* instances by latency, then call order (the call pairs are in call order) */
static int by_latency_inst(const void *pa, const void *pb)
{
	const struct inst *a = pa, *b = pb;

	if (a->latency != b->latency)
		return a->latency < b->latency ? -1 : 1;
	return a->pair < b->pair ? -1 : a->pair > b->pair;
}

static int by_delay_inst(const void *pa, const void *pb)
{
	const struct inst *a = pa, *b = pb;

	if (a->delay != b->delay)
		return a->delay < b->delay ? -1 : 1;
	return a->pair < b->pair ? -1 : a->pair > b->pair;
}

/* the index of the nearest rank ceil(@pct / 100 * @n) (1-based) of @n >= 1 */
static size_t rank(size_t n, unsigned int pct)
{
	size_t r = (n * pct + 99) / 100;

	return r ? r - 1 : 0;
}

/* the earliest of the instances (sorted by latency) of the latency of rank @r */
static size_t earliest(const struct inst *col, size_t r)
{
	while (r > 0 && col[r - 1].latency == col[r].latency)
		r--;
	return col[r].pair;
}

/* the percentiles and representatives of a pattern from its instances */
static int finish_pattern(struct lttr_pattern *pt, const struct insts *in)
{
	struct inst *col = malloc((in->n ? in->n : 1) * sizeof(*col));
	size_t i, k;

	if (!col)
		return -1;
	for (k = 0; k < pt->nnodes; k++) {
		struct lttr_pnode *pn = &pt->nodes[k];

		for (i = 0; i < in->n; i++)
			col[i] = in->v[i * pt->nnodes + k];
		qsort(col, in->n, sizeof(*col), by_latency_inst);
		if (!k) {
			pt->rep = in->n ? earliest(col, rank(in->n, 50)) : LTTR_NO_PAIR;
			pn->rep = LTTR_NO_PAIR;
			continue;
		}
		pn->rep = earliest(col, rank(in->n, 50));
		pn->latency_p50_ns = col[rank(in->n, 50)].latency;
		pn->latency_p90_ns = col[rank(in->n, 90)].latency;
		qsort(col, in->n, sizeof(*col), by_delay_inst);
		pn->delay_p50_ns = col[rank(in->n, 50)].delay;
		pn->delay_p90_ns = col[rank(in->n, 90)].delay;
	}
	free(col);
	return 0;
}

static int new_pattern(struct lttr_patterns *ps, size_t *cap, struct insts **in,
		       const struct lttr_msgset *s, const struct walk *w)
{
	struct lttr_pattern *pt;
	struct text t = { 0 };
	size_t i, icap = *cap;

	if (lttr_room(&ps->v, cap, ps->n, sizeof(*ps->v)))
		return -1;
	/* the instances of each pattern, as many entries as patterns */
	if (*cap != icap) {
		struct insts *ni = realloc(*in, *cap * sizeof(*ni));

		if (!ni)
			return -1;
		*in = ni;
	}
	memset(&(*in)[ps->n], 0, sizeof(**in));
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

static void free_insts(struct insts *in, size_t n)
{
	size_t i;

	for (i = 0; in && i < n; i++)
		free(in[i].v);
	free(in);
}

int lttr_patterns_build(const struct lttr_msgset *s, const struct lttr_nesting *n,
			const struct lttr_hop_split *split, unsigned int sort,
			struct lttr_patterns **out, struct lttr_error *err)
{
	struct lttr_patterns *ps = calloc(1, sizeof(*ps));
	struct lttr_keymap map = { 0 };
	struct walk w = { 0 };
	struct text t = { 0 };
	struct insts *in = NULL;
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
			if (new_pattern(ps, &cap, &in, s, &w) || lttr_keymap_put(&map, t.s, t.n, k))
				goto nomem;
		}
		if (add_path(&ps->v[k], &in[k], n, &w, split))
			goto nomem;
		ps->paths++;
		ps->pairs += w.n - 1;
	}
	for (i = 0; i < ps->n; i++)
		if (finish_pattern(&ps->v[i], &in[i]))
			goto nomem;
	free_insts(in, ps->n);
	in = NULL;
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
	free_insts(in, ps->n);
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

uint64_t lttr_pattern_mean(const struct lttr_pattern *pt)
{
	return pt->count ? pt->total_ns / pt->count : 0;
}

uint64_t lttr_pnode_transit_mean(const struct lttr_pnode *pn)
{
	return pn->latency.count ? pn->transit_ns / pn->latency.count : 0;
}

void lttr_hop_split_mean(const struct lttr_hop_split *sum, struct lttr_hop_split *mean)
{
	uint64_t k = sum->known;
	unsigned int r;

	memset(mean, 0, sizeof(*mean));
	if (!k)
		return;
	mean->known = k;
	mean->oncpu_ns = sum->oncpu_ns / k;
	mean->runnable_ns = sum->runnable_ns / k;
	mean->other_ns = sum->other_ns / k;
	for (r = 0; r < LTTR_BLOCK_COUNT; r++)
		mean->blocked_ns[r] = sum->blocked_ns[r] / k;
}
