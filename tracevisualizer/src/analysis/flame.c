// SPDX-License-Identifier: GPL-2.0
/*
 * flame.c - the boxes of a flame graph (lttr/analysis/flame.h): the folded
 * lines split into frames, sorted frame by frame (a stack before the
 * longer ones it is a prefix of, siblings by name), then walked once: a
 * line opens a box for each frame after the prefix it shares with the
 * line before, at the weight laid out so far, and adds its weight to
 * every box of its path.
 */
#include <lttr/analysis/flame.h>
#include <lttr/analysis/stacks.h>
#include <lttr/reader/error.h>
#include <stdlib.h>
#include <string.h>

struct fline {
	char **fr;	/* the frames, root first (into the copy of the line) */
	size_t n;
	uint64_t v;
};

static int cmp_fline(const void *pa, const void *pb)
{
	const struct fline *a = pa, *b = pb;
	size_t i;

	for (i = 0; i < a->n && i < b->n; i++) {
		int c = strcmp(a->fr[i], b->fr[i]);

		if (c)
			return c;
	}
	return a->n < b->n ? -1 : a->n > b->n;
}

/* split the copy @buf of a folded line at each ';' into @l (one frame at least) */
static int split(char *buf, struct fline *l)
{
	size_t n = 1, i;
	char *p;

	for (p = buf; *p; p++)
		n += *p == ';';
	l->fr = malloc(n * sizeof(*l->fr));
	if (!l->fr)
		return -1;
	l->n = n;
	l->fr[0] = buf;
	for (p = buf, i = 1; *p; p++)
		if (*p == ';') {
			*p = '\0';
			l->fr[i++] = p + 1;
		}
	return 0;
}

void lttr_flame_free(struct lttr_flame *f)
{
	size_t i;

	if (!f)
		return;
	for (i = 0; i < f->nboxes; i++)
		free(f->boxes[i].name);
	free(f->boxes);
	free(f);
}

static int walk(struct lttr_flame *f, const struct fline *l, size_t nl, size_t maxn)
{
	size_t *open = malloc((maxn ? maxn : 1) * sizeof(*open));
	const struct fline *prev = NULL;
	uint64_t cursor = 0;
	size_t i, d;

	if (!open)
		return -1;
	for (i = 0; i < nl; i++) {
		size_t common = 0;

		while (prev && common < prev->n && common < l[i].n &&
		       !strcmp(prev->fr[common], l[i].fr[common]))
			common++;
		for (d = common; d < l[i].n; d++) {
			struct lttr_flame_box *b = &f->boxes[f->nboxes];

			b->name = strdup(l[i].fr[d]);
			if (!b->name) {
				free(open);
				return -1;
			}
			b->depth = (unsigned int)d;
			b->parent = d ? (long)open[d - 1] : -1;
			b->x = cursor;
			b->w = 0;
			b->self = 0;
			open[d] = f->nboxes++;
			if (d + 1 > f->depth)
				f->depth = (unsigned int)(d + 1);
		}
		for (d = 0; d < l[i].n; d++)
			f->boxes[open[d]].w += l[i].v;
		f->boxes[open[l[i].n - 1]].self += l[i].v;
		cursor += l[i].v;
		prev = &l[i];
	}
	free(open);
	return 0;
}

int lttr_flame_layout(const struct lttr_stacks *s, struct lttr_flame **out)
{
	struct lttr_flame *f = calloc(1, sizeof(*f));
	struct fline *l = calloc(s->nlines ? s->nlines : 1, sizeof(*l));
	char **bufs = calloc(s->nlines ? s->nlines : 1, sizeof(*bufs));
	size_t i, maxn = 0, nframes = 0;
	int ret = -LTTR_E_NOMEM;

	*out = NULL;
	if (!f || !l || !bufs)
		goto done;
	for (i = 0; i < s->nlines; i++) {
		bufs[i] = strdup(s->lines[i].folded);
		if (!bufs[i] || split(bufs[i], &l[i]))
			goto done;
		l[i].v = s->lines[i].value;
		nframes += l[i].n;
		if (l[i].n > maxn)
			maxn = l[i].n;
		f->total += l[i].v;
	}
	qsort(l, s->nlines, sizeof(*l), cmp_fline);
	f->boxes = calloc(nframes ? nframes : 1, sizeof(*f->boxes));
	if (!f->boxes || walk(f, l, s->nlines, maxn))
		goto done;
	*out = f;
	f = NULL;
	ret = 0;
done:
	for (i = 0; l && bufs && i < s->nlines; i++) {
		free(l[i].fr);
		free(bufs[i]);
	}
	free(l);
	free(bufs);
	lttr_flame_free(f);
	return ret;
}

size_t lttr_flame_subtree_end(const struct lttr_flame *f, size_t i)
{
	size_t j;

	for (j = i + 1; j < f->nboxes && f->boxes[j].depth > f->boxes[i].depth; j++)
		;
	return j;
}

uint64_t lttr_flame_match(const struct lttr_flame *f, const char *text, long root,
			  unsigned char *match)
{
	size_t i, from = 0, to = f->nboxes, skip = 0;
	uint64_t w = 0;

	if (match)
		memset(match, 0, f->nboxes);
	if (root >= 0 && (size_t)root < f->nboxes) {
		from = (size_t)root;
		to = lttr_flame_subtree_end(f, from);
	}
	if (!text || !*text)
		return 0;
	for (i = 0; i < f->nboxes; i++) {
		if (!strstr(f->boxes[i].name, text))
			continue;
		if (match)
			match[i] = 1;
		/* counted once: not inside a match counted, inside @root */
		if (i < from || i >= to || i < skip)
			continue;
		w += f->boxes[i].w;
		skip = lttr_flame_subtree_end(f, i);
	}
	return w;
}
