// SPDX-License-Identifier: GPL-2.0
/*
 * stacktree.c - the call tree of folded stacks (lttr/analysis/stacktree.h).
 *
 * The lines are merged by prefix into a trie (each node's children in a
 * growing array, looked up by name), then the trie is written out in
 * pre-order with each node's children sorted, heaviest first.
 */
#include <lttr/analysis/stacktree.h>
#include <lttr/analysis/stacks.h>
#include <lttr/reader/error.h>

#include <stdlib.h>
#include <string.h>

struct tnode {
	char *frame;
	size_t *kids;
	size_t nkids, capkids;
	uint64_t count, value, self_count, self_value;
};

struct trie {
	struct tnode *v;
	size_t n, cap;
	size_t *roots;
	size_t nroots, caproots;
};

static int push(size_t **a, size_t *n, size_t *cap, size_t v)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 4;
		size_t *p = realloc(*a, c * sizeof(*p));

		if (!p)
			return -1;
		*a = p;
		*cap = c;
	}
	(*a)[(*n)++] = v;
	return 0;
}

/*
 * the child of @parent (-1: the roots) named @name (@len bytes), added
 * when new; -1: no memory
 */
static long child(struct trie *tr, long parent, const char *name, size_t len)
{
	struct tnode *t;
	size_t i, n = parent < 0 ? tr->nroots : tr->v[parent].nkids;
	const size_t *kids = parent < 0 ? tr->roots : tr->v[parent].kids;
	int r;

	for (i = 0; i < n; i++) {
		const char *f = tr->v[kids[i]].frame;

		if (!strncmp(f, name, len) && f[len] == '\0')
			return (long)kids[i];
	}
	if (tr->n == tr->cap) {
		size_t c = tr->cap ? 2 * tr->cap : 64;
		struct tnode *p = realloc(tr->v, c * sizeof(*p));

		if (!p)
			return -1;
		tr->v = p;
		tr->cap = c;
	}
	t = &tr->v[tr->n];
	memset(t, 0, sizeof(*t));
	t->frame = strndup(name, len);
	if (!t->frame)
		return -1;
	/* after the realloc of tr->v above: the parent's fields where they are now */
	r = parent < 0 ? push(&tr->roots, &tr->nroots, &tr->caproots, tr->n) :
		push(&tr->v[parent].kids, &tr->v[parent].nkids, &tr->v[parent].capkids, tr->n);
	if (r < 0) {
		free(t->frame);
		return -1;
	}
	return (long)tr->n++;
}

/* the frames of @folded, root first (or innermost first when @inverted) */
static int add_line(struct trie *tr, const char *folded, uint64_t count, uint64_t value,
		    bool inverted)
{
	const char *fr[256];
	size_t len[256], nf = 0, k;
	const char *p = folded;
	long cur = -1;

	for (;;) {	/* split; a deeper stack than 256 frames keeps its first 256 */
		const char *e = strchr(p, ';');
		size_t l = e ? (size_t)(e - p) : strlen(p);

		if (nf < 256) {
			fr[nf] = p;
			len[nf++] = l;
		}
		if (!e)
			break;
		p = e + 1;
	}
	for (k = 0; k < nf; k++) {
		size_t i = inverted ? nf - 1 - k : k;
		struct tnode *c;

		cur = child(tr, cur, fr[i], len[i]);
		if (cur < 0)
			return -1;
		c = &tr->v[cur];
		c->count += count;
		c->value += value;
		if (k + 1 == nf) {
			c->self_count += count;
			c->self_value += value;
		}
	}
	return 0;
}

static int cmp_node(const void *a, const void *b)
{
	const struct tnode *x = *(const struct tnode *const *)a;
	const struct tnode *y = *(const struct tnode *const *)b;

	if (x->value != y->value)
		return x->value > y->value ? -1 : 1;
	return strcmp(x->frame, y->frame);
}

/* @n nodes of @tr by weight, heaviest first, then by name; -1: no memory */
static int sort_nodes(const struct trie *tr, size_t *idx, size_t n)
{
	struct tnode **p = malloc((n ? n : 1) * sizeof(*p));
	size_t k;

	if (!p)
		return -1;
	for (k = 0; k < n; k++)
		p[k] = &tr->v[idx[k]];
	qsort(p, n, sizeof(*p), cmp_node);
	for (k = 0; k < n; k++)
		idx[k] = (size_t)(p[k] - tr->v);
	free(p);
	return 0;
}

/* write node @i and its subtree from @out->n on; -1: no memory */
static int flatten(const struct trie *tr, size_t i, long parent, unsigned int depth,
		   uint64_t x, struct lttr_stacktree *out)
{
	struct tnode *t = &tr->v[i];
	size_t me = out->n++, k;
	struct lttr_stacktree_node *o = &out->v[me];

	o->frame = t->frame;
	t->frame = NULL;
	o->depth = depth;
	o->parent = parent;
	o->nchildren = t->nkids;
	o->count = t->count;
	o->value = t->value;
	o->self_count = t->self_count;
	o->self_value = t->self_value;
	o->x = x;
	if (sort_nodes(tr, t->kids, t->nkids) < 0)
		return -1;
	for (k = 0; k < t->nkids; k++) {
		if (flatten(tr, t->kids[k], (long)me, depth + 1, x, out) < 0)
			return -1;
		x += tr->v[t->kids[k]].value;
	}
	out->v[me].end = out->n;
	return 0;
}

static void trie_free(struct trie *tr)
{
	size_t i;

	for (i = 0; i < tr->n; i++) {
		free(tr->v[i].frame);
		free(tr->v[i].kids);
	}
	free(tr->v);
	free(tr->roots);
}

int lttr_stacktree_build(const struct lttr_stacks *s, bool inverted,
			 struct lttr_stacktree **out)
{
	struct lttr_stacktree *t;
	struct trie tr;
	uint64_t x;
	size_t i;
	int r;

	*out = NULL;
	memset(&tr, 0, sizeof(tr));
	t = calloc(1, sizeof(*t));
	if (!t)
		return -LTTR_E_NOMEM;
	t->kind = s->kind;
	t->inverted = inverted;
	for (i = 0; i < s->nlines; i++) {
		if (add_line(&tr, s->lines[i].folded, s->lines[i].count, s->lines[i].value,
			     inverted) < 0) {
			trie_free(&tr);
			free(t);
			return -LTTR_E_NOMEM;
		}
		t->count += s->lines[i].count;
		t->value += s->lines[i].value;
	}
	t->v = calloc(tr.n ? tr.n : 1, sizeof(*t->v));
	if (!t->v) {
		trie_free(&tr);
		free(t);
		return -LTTR_E_NOMEM;
	}
	r = sort_nodes(&tr, tr.roots, tr.nroots);
	for (i = 0, x = 0; r >= 0 && i < tr.nroots; i++) {
		r = flatten(&tr, tr.roots[i], -1, 0, x, t);
		x += tr.v[tr.roots[i]].value;
	}
	trie_free(&tr);
	if (r < 0) {
		lttr_stacktree_free(t);
		return -LTTR_E_NOMEM;
	}
	*out = t;
	return 0;
}

int lttr_stacktree_compute(struct lttr_trace *t, const struct lttr_stacks_opts *o,
			   bool inverted, struct lttr_stacktree **out,
			   struct lttr_stacks **stacks, struct lttr_error *err)
{
	struct lttr_stacks *s;
	int r;

	*out = NULL;
	if (stacks)
		*stacks = NULL;
	r = lttr_stacks_compute(t, o, &s, err);
	if (r < 0)
		return r;
	r = lttr_stacktree_build(s, inverted, out);
	if (r < 0) {
		lttr_stacks_free(s);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	if (stacks)
		*stacks = s;
	else
		lttr_stacks_free(s);
	return 0;
}

void lttr_stacktree_free(struct lttr_stacktree *tr)
{
	size_t i;

	if (!tr)
		return;
	for (i = 0; i < tr->n; i++)
		free(tr->v[i].frame);
	free(tr->v);
	free(tr);
}

long lttr_stacktree_find(const struct lttr_stacktree *tr, const char *path)
{
	size_t i = 0, end = tr->n;
	const char *p = path;

	for (;;) {
		const char *e = strchr(p, ';');
		size_t l = e ? (size_t)(e - p) : strlen(p);

		/* the siblings of [i, end): each next one at the previous one's end */
		while (i < end && (strncmp(tr->v[i].frame, p, l) || tr->v[i].frame[l]))
			i = tr->v[i].end;
		if (i >= end)
			return -1;
		if (!e)
			return (long)i;
		end = tr->v[i].end;
		i++;
		p = e + 1;
	}
}

long lttr_stacktree_search(const struct lttr_stacktree *tr, const char *text, long from)
{
	size_t k;

	if (!tr->n || !*text)
		return -1;
	for (k = 1; k <= tr->n; k++) {
		size_t i = (size_t)((from < 0 ? (long)tr->n - 1 : from) + (long)k) % tr->n;
		if (strstr(tr->v[i].frame, text))
			return (long)i;
	}
	return -1;
}

const char *lttr_stacktree_path(const struct lttr_stacktree *tr, size_t i, char *buf,
				size_t size)
{
	size_t chain[256], n = 0, len = 0;
	long j;

	if (!size)
		return buf;
	buf[0] = '\0';
	for (j = (long)i; j >= 0 && n < 256; j = tr->v[j].parent)
		chain[n++] = (size_t)j;
	while (n--) {
		const char *f = tr->v[chain[n]].frame;
		size_t l = strlen(f);

		if (len && len + 1 < size)
			buf[len++] = ';';
		if (len + l >= size)
			l = size - 1 - len;
		memcpy(buf + len, f, l);
		len += l;
		buf[len] = '\0';
	}
	return buf;
}
