// SPDX-License-Identifier: GPL-2.0
/*
 * rowsort.c - the task rows as a tree (lttr_view_task_order()), sorted by
 * pid, name or time running in a window: each process with its threads
 * under it stays one block, the blocks are sorted by the process's key,
 * the threads in a block by theirs.  A process's running time is its own
 * rows' (the leader's and its threads'), summed here from
 * lttr_view_time_in(), so that the order and the figures agree.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/view/view.h>

struct key {
	size_t row;
	unsigned char depth;
	size_t block;		/* index of the block's first entry */
	uint64_t busy;		/* running in the window: own, or the block's for a leader */
	uint32_t pid;
	const char *name;
};

struct sorter {
	const struct key *k;
	unsigned int by;
};

/* the order of two entries of one level, by @by; ties by pid */
static int cmp_level(const struct key *a, const struct key *b, unsigned int by)
{
	int c = 0;

	if (by == LTTR_VSORT_NAME)
		c = strcmp(a->name ? a->name : "", b->name ? b->name : "");
	else if (by == LTTR_VSORT_BUSY && a->busy != b->busy)
		c = a->busy > b->busy ? -1 : 1;
	if (c)
		return c;
	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

static int cmp_entries(const void *pa, const void *pb, void *arg)
{
	const struct sorter *s = arg;
	const struct key *a = &s->k[*(const size_t *)pa], *b = &s->k[*(const size_t *)pb];

	if (a->block != b->block) {
		int c = cmp_level(&s->k[a->block], &s->k[b->block], s->by);
		return c ? c : a->block < b->block ? -1 : 1;
	}
	if (a->depth != b->depth)	/* the leader first */
		return a->depth < b->depth ? -1 : 1;
	return cmp_level(a, b, s->by);
}

static uint64_t running(struct lttr_view *v, size_t row, uint64_t t0, uint64_t t1, int *err)
{
	uint64_t ns[LTTR_VCAT_COUNT], sum = 0;
	unsigned int c;

	if (t1 <= t0)
		return 0;
	if (lttr_view_time_in(v, row, t0, t1, ns)) {
		*err = -LTTR_E_INVAL;
		return 0;
	}
	for (c = LTTR_VCAT_USER; c <= LTTR_VCAT_UNKNOWN; c++)
		if (c != LTTR_VCAT_IDLE)
			sum += ns[c];
	return sum;
}

long lttr_view_task_sort(struct lttr_view *v, unsigned int by, uint64_t t0, uint64_t t1,
			 size_t *rows, unsigned char *depth)
{
	size_t n = lttr_view_task_order(v, rows, depth), i, block = 0, *idx;
	struct sorter s = { NULL, by };
	struct key *k;
	int err = 0;

	if (by == LTTR_VSORT_PID || n < 2)
		return (long)n;
	k = calloc(n, sizeof(*k));
	idx = calloc(n, sizeof(*idx));
	if (!k || !idx) {
		free(k);
		free(idx);
		return -LTTR_E_NOMEM;
	}
	for (i = 0; i < n; i++) {
		const struct lttr_vrow_info *in = lttr_view_row(v, rows[i]);

		if (!depth[i])
			block = i;
		k[i] = (struct key){ rows[i], depth[i], block, 0, in->id, in->name };
		if (by == LTTR_VSORT_BUSY) {
			k[i].busy = running(v, rows[i], t0, t1, &err);
			if (i != block)
				k[block].busy += k[i].busy;
		}
		idx[i] = i;
	}
	if (!err) {
		s.k = k;
		qsort_r(idx, n, sizeof(*idx), cmp_entries, &s);
		for (i = 0; i < n; i++) {
			rows[i] = k[idx[i]].row;
			depth[i] = k[idx[i]].depth;
		}
	}
	free(k);
	free(idx);
	return err ? err : (long)n;
}
