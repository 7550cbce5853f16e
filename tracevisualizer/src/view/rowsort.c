// SPDX-License-Identifier: GPL-2.0
/*
 * rowsort.c - the task rows as a tree (lttr_view_task_order()), sorted by
 * pid, name or time running in a window, or the first screen's order (the
 * traced command's processes, then the busiest): each process with its threads
 * under it stays one block, the blocks are sorted by the process's key,
 * the threads in a block by theirs.  A process's running time is its own
 * rows' (the leader's and its threads'), summed here from
 * lttr_view_time_in(), so that the order and the figures agree.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/view/view.h>
#include <lttr/model/process.h>
#include <lttr/analysis/account.h>
#include "view-internal.h"

static const char *const vsort_names[] = { "traced", "pid", "name", "busy" };

const char *lttr_vsort_name(unsigned int by)
{
	return by < sizeof(vsort_names) / sizeof(vsort_names[0]) ? vsort_names[by] : NULL;
}

int lttr_vsort_parse(const char *name)
{
	unsigned int i;

	for (i = 0; name && i < sizeof(vsort_names) / sizeof(vsort_names[0]); i++)
		if (!strcmp(name, vsort_names[i]))
			return (int)i;
	return -1;
}

uint32_t lttr_view_command_pid(const struct lttr_view *v)
{
	size_t n = 0, i;
	struct lttr_process **all = lttr_ptable_sorted(v->acct->procs, &n);
	uint32_t pid = 0;
	uint64_t first = UINT64_MAX;

	for (i = 0; all && i < n; i++) {
		const struct lttr_process *c = all[i], *p;

		if (!c->forked || c->tgid != c->pid || c->fork_ns >= first)
			continue;
		p = lttr_ptable_get(v->acct->procs, c->ppid, false);
		if (p && p->name && !strcmp(p->name, "traced")) {
			pid = c->pid;
			first = c->fork_ns;
		}
	}
	free(all);
	return pid;
}

/* @pid is @root or one of its descendants (its process's parents' chain) */
static bool descends(const struct lttr_view *v, uint32_t pid, uint32_t root)
{
	unsigned int hops;

	for (hops = 0; pid && hops < 4096; hops++) {
		const struct lttr_process *p = lttr_ptable_get(v->acct->procs, pid, false);

		if (pid == root || (p && p->tgid == root))
			return true;
		if (!p || p->ppid == pid)
			return false;
		pid = p->ppid;
	}
	return false;
}

struct key {
	size_t row;
	unsigned char depth;
	size_t block;		/* index of the block's first entry */
	uint64_t busy;		/* running in the window: own, or the block's for a leader */
	bool cmd;		/* LTTR_VSORT_TRACED: of the traced command (the block's) */
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
	else if (by == LTTR_VSORT_TRACED && a->cmd != b->cmd)
		c = a->cmd ? -1 : 1;
	else if (by == LTTR_VSORT_TRACED && a->cmd)
		c = 0;	/* the command's processes by pid: the order they came */
	else if ((by == LTTR_VSORT_BUSY || by == LTTR_VSORT_TRACED) && a->busy != b->busy)
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
	uint32_t root = by == LTTR_VSORT_TRACED ? lttr_view_command_pid(v) : 0;
	int err = 0;

	if (by == LTTR_VSORT_PID || n < 2)
		return (long)n;
	if (by == LTTR_VSORT_TRACED) {
		t0 = lttr_view_start(v);
		t1 = lttr_view_end(v);
	}
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
		k[i] = (struct key){ rows[i], depth[i], block, 0, false, in->id, in->name };
		if (root && descends(v, in->id, root)) {
			k[i].cmd = true;
			k[block].cmd = true;
		}
		if (by == LTTR_VSORT_BUSY || by == LTTR_VSORT_TRACED) {
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
