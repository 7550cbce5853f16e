// SPDX-License-Identifier: GPL-2.0
/*
 * rowsort.c - the task rows as a tree (lttr_view_task_order()), sorted by
 * pid, name or time running in a window, or the first screen's order (the
 * traced command's processes, then the busiest): each process with its threads
 * under it stays one block, the blocks are sorted by the process's key,
 * the threads in a block by theirs.  A process's running time is its own
 * rows' (the leader's and its threads'), summed here from
 * lttr_view_time_in(), so that the order and the figures agree.  The
 * idle kernel threads (vrows_mark_idle(), when the view is built) are
 * folded into the group row in the first screen's order.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/trace.h>
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
	struct lttr_process **all;
	uint32_t pid = 0;
	uint64_t first = UINT64_MAX;

	if (lttr_trace_command_pid(v->t, &pid))
		return pid;	/* format 1.9: the header says */
	all = lttr_ptable_sorted(v->acct->procs, &n);
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
	uint64_t nev;		/* its events: own, or the block's for a leader */
	bool cmd;		/* LTTR_VSORT_TRACED: of the traced command (the block's) */
	bool idle;		/* LTTR_VSORT_TRACED: an idle kernel thread (the block's) */
	uint32_t pid;
	const char *name;
};

struct sorter {
	const struct key *k;
	unsigned int by;
	const struct lttr_view *v;
	uint32_t root;
};

/*
 * the chain of processes from the command (@root) down to @pid's process,
 * root first, in @chain (room for @max); its length (0: not under @root)
 */
static size_t chain_of(const struct lttr_view *v, uint32_t pid, uint32_t root,
		       uint32_t *chain, size_t max)
{
	uint32_t up[64];
	size_t n = 0, i;

	while (pid && n < 64) {
		const struct lttr_process *p = lttr_ptable_get(v->acct->procs, pid, false);
		uint32_t tgid = p && p->tgid ? p->tgid : pid;

		up[n++] = tgid;
		if (tgid == root || !p || p->ppid == tgid)
			break;
		pid = p->ppid;
	}
	if (!n || up[n - 1] != root)
		return 0;
	for (i = 0; i < n && i < max; i++)
		chain[i] = up[n - 1 - i];
	return i;
}

/* the command's processes in tree order: a parent before its children,
 * brothers by pid (the order they came) */
static int cmp_tree(const struct sorter *s, uint32_t a, uint32_t b)
{
	uint32_t ca[64], cb[64];
	size_t na = chain_of(s->v, a, s->root, ca, 64), nb = chain_of(s->v, b, s->root, cb, 64), i;

	for (i = 0; i < na && i < nb; i++)
		if (ca[i] != cb[i])
			return ca[i] < cb[i] ? -1 : 1;
	return na < nb ? -1 : na > nb;
}

/* the order of two entries of one level, by @s->by; ties by pid */
static int cmp_level(const struct sorter *s, const struct key *a, const struct key *b,
		     bool leaders)
{
	unsigned int by = s->by;
	int c = 0;

	if (by == LTTR_VSORT_NAME)
		c = strcmp(a->name ? a->name : "", b->name ? b->name : "");
	else if (by == LTTR_VSORT_TRACED && a->cmd != b->cmd)
		c = a->cmd ? -1 : 1;
	else if (by == LTTR_VSORT_TRACED && a->cmd)
		c = leaders ? cmp_tree(s, a->pid, b->pid) : 0;
	else if (by == LTTR_VSORT_TRACED && a->idle != b->idle)
		c = a->idle ? 1 : -1;
	else if ((by == LTTR_VSORT_BUSY || by == LTTR_VSORT_TRACED) && a->busy != b->busy)
		c = a->busy > b->busy ? -1 : 1;
	else if (by == LTTR_VSORT_TRACED && a->nev != b->nev)
		c = a->nev > b->nev ? -1 : 1;
	if (c)
		return c;
	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

static int cmp_entries(const void *pa, const void *pb, void *arg)
{
	const struct sorter *s = arg;
	const struct key *a = &s->k[*(const size_t *)pa], *b = &s->k[*(const size_t *)pb];

	if (a->block != b->block) {
		int c = cmp_level(s, &s->k[a->block], &s->k[b->block], true);
		return c ? c : a->block < b->block ? -1 : 1;
	}
	if (a->depth != b->depth)	/* the leader first */
		return a->depth < b->depth ? -1 : 1;
	return cmp_level(s, a, b, false);
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

bool lttr_view_idle_kthread(const struct lttr_view *v, size_t row)
{
	return row < v->nrows && v->rows[row].info.kind == LTTR_VROW_TASK &&
	       v->rows[row].info.idle_kthread;
}

/* a kernel thread: kthreadd, its descendants, or created as one */
static bool is_kthread(const struct lttr_view *v, uint32_t pid)
{
	const struct lttr_acct_task *tk = lttr_account_find(v->acct, pid);

	return pid == 2 || descends(v, pid, 2) || (tk && tk->kthread);
}

int vrows_mark_idle(struct lttr_view *v, size_t *count)
{
	uint64_t span = v->end > v->start ? v->end - v->start : 0;
	uint32_t root = lttr_view_command_pid(v);
	size_t i;
	int err = 0;

	*count = 0;
	for (i = 0; i < v->nrows; i++) {
		struct lttr_vrow_info *in = &v->rows[i].info;

		if (in->kind != LTTR_VROW_TASK || !in->id || !is_kthread(v, in->id) ||
		    (root && descends(v, in->id, root)))
			continue;
		if (running(v, i, v->start, v->end, &err) * 1000 <
		    span * LTTR_VIEW_IDLE_PERMILLE) {
			in->idle_kthread = true;
			(*count)++;
		}
		if (err)
			return err;
	}
	return 0;
}

bool lttr_view_command_span(const struct lttr_view *v, uint64_t *t0, uint64_t *t1)
{
	uint32_t root = lttr_view_command_pid(v);
	const struct lttr_process *p = root ? lttr_ptable_get(v->acct->procs, root, false) : NULL;
	struct lttr_process **all;
	uint64_t a, b = 0, margin;
	size_t n = 0, i;
	bool alive = false;

	*t0 = v->start;
	*t1 = v->end;
	if (!p)
		return false;
	a = p->forked && p->fork_ns > v->start ? p->fork_ns : v->start;
	all = lttr_ptable_sorted(v->acct->procs, &n);
	for (i = 0; all && i < n; i++) {
		if (!descends(v, all[i]->pid, root))
			continue;
		if (!all[i]->exited)
			alive = true;
		else if (all[i]->exit_ns > b)
			b = all[i]->exit_ns;
	}
	free(all);
	if (alive || !b || b > v->end)
		b = v->end;
	if (b <= a)
		return false;
	margin = (b - a) / 50 > 1000 ? (b - a) / 50 : 1000;
	*t0 = a - v->start > margin ? a - margin : v->start;
	*t1 = v->end - b > margin ? b + margin : v->end;
	return true;
}

long lttr_view_task_sort(struct lttr_view *v, unsigned int by, uint64_t t0, uint64_t t1,
			 bool idle_open, size_t *rows, unsigned char *depth)
{
	size_t n = lttr_view_task_order(v, rows, depth), i, block = 0, *idx;
	uint32_t root = by == LTTR_VSORT_TRACED ? lttr_view_command_pid(v) : 0;
	struct sorter s = { NULL, by, v, root };
	struct key *k;
	int err = 0;

	if (by == LTTR_VSORT_PID || n < 1)
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
		k[i] = (struct key){ rows[i], depth[i], block, 0, 0, false, false, in->id,
				     in->name };
		if (root && descends(v, in->id, root)) {
			k[i].cmd = true;
			k[block].cmd = true;
		}
		if (by == LTTR_VSORT_TRACED && in->idle_kthread) {
			k[i].idle = true;
			k[block].idle = true;
		}
		if (by == LTTR_VSORT_BUSY || by == LTTR_VSORT_TRACED) {
			k[i].busy = running(v, rows[i], t0, t1, &err);
			k[i].nev = v->rows[rows[i]].nev;
			if (i != block) {
				k[block].busy += k[i].busy;
				k[block].nev += k[i].nev;
			}
		}
		idx[i] = i;
	}
	if (!err) {
		size_t group = v->nrows && v->rows[v->nrows - 1].info.kind == LTTR_VROW_GROUP ?
			v->nrows - 1 : SIZE_MAX;
		bool put = false;
		size_t j;

		s.k = k;
		qsort_r(idx, n, sizeof(*idx), cmp_entries, &s);
		/* the idle kernel threads sort last: the group row in their place */
		for (i = 0, j = 0; i < n; i++) {
			const struct key *e = &k[idx[i]];
			bool folded = e->idle && group != SIZE_MAX;

			if (folded && !put) {
				rows[j] = group;
				depth[j++] = 0;
				put = true;
			}
			if (folded && !idle_open)
				continue;
			rows[j] = e->row;
			depth[j++] = folded ? 1 : e->depth;
		}
		n = j;
	}
	free(k);
	free(idx);
	return err ? err : (long)n;
}
