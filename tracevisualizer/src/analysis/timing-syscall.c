// SPDX-License-Identifier: GPL-2.0
/*
 * timing-syscall.c - system calls, entry to exit, each split into where
 * its time went: on a CPU in the call, in traps and interrupts taken
 * inside it, runnable, and blocked by reason.  The call is open from its
 * entry transition; the CPU segments of its task and the task's state
 * changes (the accounting's hooks) are charged to it until its exit,
 * which the accounting counts (struct lttr_acct_sc.lat) when its entry
 * was seen.
 */
#include <stdlib.h>
#include <string.h>
#include "analysis/timing-internal.h"
#include "model/pidtab.h"

struct stask {
	uint32_t pid;
	bool open;		/* in a syscall entered at @start */
	uint8_t state;		/* enum lttr_task_state since @since */
	uint8_t reason;		/* ... blocked for it */
	uint64_t start;
	uint64_t since;
	uint64_t part[LTTR_PART_COUNT];
	struct tgroup *g;	/* the group of its last call, of number @gnr */
	uint32_t gnr;
};

struct sk {
	struct lttr_pidtab v;	/* struct stask per task */
	struct {		/* per CPU: the task of its last segment */
		uint32_t pid;
		size_t idx;
		bool valid;
	} last[LTT_MAX_CPUS];
};

static struct stask *task_of(struct tctx *x, uint32_t pid, bool create)
{
	struct sk *k = x->k;
	bool created;
	struct stask *tk = lttr_pidtab_get(&k->v, pid, create, &created);

	if (!tk && create)
		x->nomem = 1;
	if (created) {
		memset(k->last, 0, sizeof(k->last));	/* the table may have moved */
		tk->pid = pid;
		tk->state = LTTR_TS_RUNNING;
	}
	return tk;
}

static int sc_init(struct tctx *x)
{
	struct sk *k = calloc(1, sizeof(*k));

	if (!k)
		return -1;
	lttr_pidtab_init(&k->v, sizeof(struct stask));
	x->k = k;
	return 0;
}

static void sc_fini(struct tctx *x)
{
	struct sk *k = x->k;

	if (!k)
		return;
	lttr_pidtab_free(&k->v);
	free(k);
	x->k = NULL;
}

static void sc_segment(struct tctx *x, const struct lttr_flow_seg *s)
{
	struct sk *k = x->k;
	struct stask *tk;

	if (!s->pid || s->cpu >= LTT_MAX_CPUS)
		return;
	if (k->last[s->cpu].valid && k->last[s->cpu].pid == s->pid) {
		tk = lttr_pidtab_at(&k->v, k->last[s->cpu].idx);
	} else {
		tk = task_of(x, s->pid, false);
		if (!tk)
			return;
		k->last[s->cpu].valid = true;
		k->last[s->cpu].pid = s->pid;
		k->last[s->cpu].idx = lttr_pidtab_index(&k->v, tk);
	}
	if (tk->open)
		tk->part[timing_mode_part(s->mode)] += s->end_ns - s->start_ns;
}

static void sc_exit(struct tctx *x, struct stask *tk, const struct lttr_flow_tr *tr)
{
	struct lttr_timing_inst in;

	if (!tk->open || !tr->since_ns || tr->since_ns != tk->start) {
		tk->open = false;
		return;
	}
	tk->open = false;
	memset(&in, 0, sizeof(in));
	in.sub = LTTR_SUB_CALL;
	in.start_ns = tr->since_ns;
	in.end_ns = tr->time_ns;
	memcpy(in.part, tk->part, sizeof(in.part));
	in.pid = tr->pid;
	in.what = tr->what;
	in.cpu = tr->cpu;
	if (!tk->g || tk->gnr != in.what) {
		tk->g = timing_group(x, LTTR_SUB_CALL, in.what, false, in.pid);
		tk->gnr = in.what;
	}
	timing_add(x, tk->g, &in);
}

static void sc_transition(struct tctx *x, const struct lttr_flow_tr *tr)
{
	struct stask *tk;

	if (!tr->pid)
		return;
	switch (tr->kind) {
	case LTTR_TR_SYSCALL_ENTRY:
		tk = task_of(x, tr->pid, true);
		if (!tk)
			return;
		tk->open = true;
		tk->start = tr->time_ns;
		memset(tk->part, 0, sizeof(tk->part));
		break;
	case LTTR_TR_SYSCALL_EXIT:
		tk = task_of(x, tr->pid, false);
		if (tk)
			sc_exit(x, tk, tr);
		break;
	default:
		break;
	}
}

static void sc_task(struct tctx *x, const struct lttr_acct_change *c)
{
	struct stask *tk;

	if (c->state == LTTR_TS_RESOLVED)
		return;
	tk = task_of(x, c->pid, false);
	if (!tk)
		return;
	if (tk->open && c->time_ns > tk->since) {
		uint64_t from = tk->since > tk->start ? tk->since : tk->start;
		uint64_t d = c->time_ns > from ? c->time_ns - from : 0;

		if (tk->state == LTTR_TS_RUNNABLE)
			tk->part[LTTR_PART_RUNNABLE] += d;
		else if (tk->state == LTTR_TS_BLOCKED)
			tk->part[LTTR_PART_BLOCKED + tk->reason] += d;
		else if (tk->state == LTTR_TS_UNKNOWN)
			tk->part[LTTR_PART_UNKNOWN] += d;
	}
	tk->state = c->state;
	tk->since = c->time_ns;
	tk->reason = c->reason < LTTR_BLOCK_COUNT ? c->reason : LTTR_BLOCK_UNKNOWN;
}

const struct timing_kind_ops timing_syscall_ops = {
	.init = sc_init,
	.segment = sc_segment,
	.transition = sc_transition,
	.task = sc_task,
	.fini = sc_fini,
};
