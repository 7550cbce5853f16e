// SPDX-License-Identifier: GPL-2.0
/*
 * json-timing.c - JSON forms of the latency analyses, the explanations
 * and the critical path.
 */
#include <stdio.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/explain-hosts.h>
#include <lttr/model/flow.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/json-stacks.h>
#include <lttr/reader/fields.h>

/* "pid" and "name" of a task */
static void task(struct lttr_json *j, const struct lttr_account *a, uint32_t pid)
{
	const struct lttr_acct_task *tk = a && pid ? lttr_account_find(a, pid) : NULL;

	lttr_json_kv_u64(j, "pid", pid);
	lttr_json_kv_str(j, "name", tk ? tk->name : pid ? "" : "idle");
}

/* the kernel lock a block waited for (struct lttr_ex_lock), null if none */
static void json_lock(struct lttr_json *j, const struct lttr_account *a,
		      const struct lttr_ex_lock *l)
{
	const char *kind = lttr_lock_kind_name(l->kind);

	if (!l->known) {
		lttr_json_null(j);
		return;
	}
	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "kind", kind ? kind : "");
	lttr_json_kv_u64(j, "lock", l->lock);
	lttr_json_kv_u64(j, "site", l->site);
	lttr_json_key(j, "holder");
	if (l->owner) {
		lttr_json_begin_object(j);
		task(j, a, l->owner);
		lttr_json_end_object(j);
	} else {
		lttr_json_null(j);
	}
	lttr_json_kv_bool(j, "readers", l->flags & LTT_LOCK_READERS);
	lttr_json_kv_u64(j, "waiters", l->waiters);
	lttr_json_end_object(j);
}

void lttr_json_dist(struct lttr_json *j, const struct lttr_dist *d)
{
	unsigned int i, last = 0;

	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "count", d->lat.count);
	lttr_json_kv_u64(j, "total_ns", d->lat.total);
	lttr_json_kv_u64(j, "min_ns", d->lat.min);
	lttr_json_kv_u64(j, "mean_ns", lttr_lat_mean(&d->lat));
	lttr_json_kv_u64(j, "p50_ns", d->p50);
	lttr_json_kv_u64(j, "p90_ns", d->p90);
	lttr_json_kv_u64(j, "p99_ns", d->p99);
	lttr_json_kv_u64(j, "p999_ns", d->p999);
	lttr_json_kv_u64(j, "max_ns", d->lat.max);
	lttr_json_kv_u64(j, "stddev_ns", d->stddev);
	for (i = 0; i < LTTR_HIST_BUCKETS; i++)
		if (d->lat.hist[i])
			last = i + 1;
	lttr_json_key(j, "log2_hist");
	lttr_json_begin_array(j);
	for (i = 0; i < last; i++)
		lttr_json_u64(j, d->lat.hist[i]);
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

/* "mode", "what", "what_name" of a CPU mode */
static void mode_what(struct lttr_json *j, const struct lttr_trace *t,
		      unsigned int mode, uint32_t what, bool sysvec)
{
	char buf[32];

	lttr_json_kv_str(j, "mode", lttr_mode_name(mode));
	if (mode != LTTR_MODE_SYSCALL && mode != LTTR_MODE_TRAP &&
	    mode != LTTR_MODE_IRQ && mode != LTTR_MODE_SOFTIRQ)
		return;
	lttr_json_kv_u64(j, "what", what);
	lttr_json_kv_str(j, "what_name",
			 lttr_mode_what_str(t, mode, what, sysvec, buf, sizeof(buf)));
	if (mode == LTTR_MODE_IRQ)
		lttr_json_kv_bool(j, "sysvec", sysvec);
}

/* where a task blocked: "in" (a mode), and in a syscall "what", "what_name" */
static void blocked_in(struct lttr_json *j, const struct lttr_trace *t,
		       unsigned int mode, uint32_t what)
{
	char buf[32];

	lttr_json_kv_str(j, "in", lttr_mode_name(mode));
	if (mode != LTTR_MODE_SYSCALL)
		return;
	lttr_json_kv_u64(j, "what", what);
	lttr_json_kv_str(j, "what_name", lttr_mode_what_str(t, LTTR_MODE_SYSCALL, what, false,
							     buf, sizeof(buf)));
}

void lttr_json_waker(struct lttr_json *j, const struct lttr_trace *t,
		     const struct lttr_account *a, const struct lttr_waker *w)
{
	if (!w->known) {
		lttr_json_null(j);
		return;
	}
	lttr_json_begin_object(j);
	task(j, a, w->pid);
	lttr_json_kv_u64(j, "cpu", w->cpu);
	lttr_json_kv_u64(j, "time_ns", w->time_ns);
	mode_what(j, t, w->mode, w->ctx, w->sysvec);
	lttr_json_kv_bool(j, "task", lttr_waker_is_task(w));
	lttr_json_end_object(j);
}

static const char *who_name(unsigned int who)
{
	static const char *const n[] = { "task", "irq", "softirq", "unknown", "wait" };

	return who < sizeof(n) / sizeof(n[0]) ? n[who] : "?";
}

void lttr_json_explanation(struct lttr_json *j, const struct lttr_trace *t,
			   const struct lttr_account *a,
			   const struct lttr_explanation *e)
{
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "scope", e->req.scope == LTTR_EXS_TASK ? "task" : "cpu");
	lttr_json_kv_u64(j, "start_ns", e->req.start_ns);
	lttr_json_kv_u64(j, "end_ns", e->req.end_ns);
	lttr_json_kv_u64(j, "duration_ns", e->req.end_ns - e->req.start_ns);
	task(j, a, e->req.pid);
	lttr_json_kv_u64(j, "cpu", e->req.cpu);
	lttr_json_kv_u64(j, "timer_ns", e->req.lead_ns);
	lttr_json_key(j, "items");
	lttr_json_begin_array(j);
	for (i = 0; i < e->n; i++) {
		const struct lttr_ex_item *x = &e->v[i];

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "type", lttr_ex_type_name(x->type));
		lttr_json_kv_u64(j, "start_ns", x->start_ns);
		lttr_json_kv_u64(j, "end_ns", x->end_ns);
		lttr_json_kv_u64(j, "duration_ns", x->end_ns - x->start_ns);
		task(j, a, x->pid);
		if (x->type == LTTR_EX_RAN) {
			lttr_json_kv_u64(j, "cpu", x->cpu);
			mode_what(j, t, x->mode, x->what, x->sysvec);
		} else if (x->type == LTTR_EX_BLOCKED) {
			lttr_json_kv_str(j, "reason", lttr_block_name(x->reason));
			blocked_in(j, t, x->mode, x->what);
			lttr_json_key(j, "waker");
			lttr_json_waker(j, t, a, &x->waker);
			lttr_json_kv_u64(j, "block_ns", x->block_ns);
			lttr_json_key(j, "lock");
			json_lock(j, a, &x->lock);
			if (e->stacks)
				lttr_json_block_stacks(j, &e->stacks[i]);
		}
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "totals");
	lttr_json_begin_array(j);
	for (i = 0; i < e->ntot; i++) {
		const struct lttr_ex_total *o = &e->tot[i];

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "who", who_name(o->who));
		switch (o->who) {
		case LTTR_WHO_TASK:
			task(j, a, o->pid);
			break;
		case LTTR_WHO_IRQ:
			mode_what(j, t, LTTR_MODE_IRQ, o->what, o->sysvec);
			break;
		case LTTR_WHO_SOFTIRQ:
			mode_what(j, t, LTTR_MODE_SOFTIRQ, o->what, false);
			break;
		case LTTR_WHO_WAIT:
			task(j, a, o->pid);
			lttr_json_kv_str(j, "type", lttr_ex_type_name(o->type));
			if (o->type == LTTR_EX_BLOCKED)
				lttr_json_kv_str(j, "reason", lttr_block_name(o->reason));
			break;
		default:
			break;
		}
		lttr_json_kv_u64(j, "ns", o->ns);
		lttr_json_kv_u64(j, "count", o->count);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

/* the number of an instance or group: "what", "what_name" (and "sysvec") */
static void timing_what(struct lttr_json *j, const struct lttr_trace *t, unsigned int kind,
			uint32_t what, bool sysvec)
{
	char buf[32];

	if (kind != LTTR_TIMING_SYSCALL && kind != LTTR_TIMING_IRQ &&
	    kind != LTTR_TIMING_SOFTIRQ)
		return;
	lttr_json_kv_u64(j, "what", what);
	lttr_json_kv_str(j, "what_name",
			 lttr_timing_what_str(t, kind, what, sysvec, buf, sizeof(buf)));
	if (kind == LTTR_TIMING_IRQ)
		lttr_json_kv_bool(j, "sysvec", sysvec);
}

void lttr_json_timing_inst(struct lttr_json *j, const struct lttr_trace *t,
			   const struct lttr_timing *r,
			   const struct lttr_timing_inst *in,
			   const struct lttr_explanation *e)
{
	unsigned int p;

	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "sub", lttr_timing_sub_name(in->sub));
	lttr_json_kv_u64(j, "start_ns", in->start_ns);
	lttr_json_kv_u64(j, "end_ns", in->end_ns);
	lttr_json_kv_u64(j, "duration_ns", in->end_ns - in->start_ns);
	task(j, r->acct, in->pid);
	lttr_json_kv_u64(j, "cpu", in->cpu);
	timing_what(j, t, r->kind, in->what, in->sysvec);
	lttr_json_key(j, "parts");
	lttr_json_begin_object(j);
	for (p = 0; p < LTTR_PART_COUNT; p++)
		if (in->part[p])
			lttr_json_kv_u64(j, lttr_timing_part_name(p), in->part[p]);
	lttr_json_end_object(j);
	if (in->sub == LTTR_SUB_WAKEUP || in->sub == LTTR_SUB_TIMER) {
		lttr_json_key(j, "waker");
		lttr_json_waker(j, t, r->acct, &in->waker);
	}
	if (in->sub == LTTR_SUB_WAKEUP)
		lttr_json_kv_bool(j, "forked", in->forked);
	if (in->sub == LTTR_SUB_TIMER) {
		lttr_json_kv_u64(j, "period_ns", in->period_ns);
		lttr_json_kv_u64(j, "actual_ns", in->actual_ns);
		lttr_json_kv_str(j, "source", in->timerfd ? "timerfd" : "nanosleep");
		lttr_json_kv_u64(j, "missed", in->missed);
	}
	if (e) {
		lttr_json_key(j, "explanation");
		lttr_json_explanation(j, t, r->acct, e);
	}
	lttr_json_end_object(j);
}

static const char *level_name(unsigned int level)
{
	return level == LTTR_TG_TASK ? "task" : level == LTTR_TG_WHAT ? "what" : "all";
}

static void insts(struct lttr_json *j, const struct lttr_trace *t,
		  const struct lttr_timing *r, const struct lttr_timing_inst *v,
		  size_t n, lttr_json_explain_fn explain, void *arg)
{
	size_t i;

	lttr_json_begin_array(j);
	for (i = 0; i < n; i++)
		lttr_json_timing_inst(j, t, r, &v[i], explain ? explain(arg, &v[i]) : NULL);
	lttr_json_end_array(j);
}

void lttr_json_timing(struct lttr_json *j, const struct lttr_trace *t,
		      const struct lttr_timing *r, lttr_json_explain_fn explain,
		      void *arg)
{
	size_t i;
	unsigned int p;

	lttr_json_kv_str(j, "kind", lttr_timing_kind_name(r->kind));
	lttr_json_kv_u64(j, "from_ns", r->from_ns);
	lttr_json_kv_u64(j, "to_ns", r->to_ns);
	lttr_json_kv_u64(j, "unmatched", r->unmatched);
	if (r->kind == LTTR_TIMING_SOFTIRQ)
		lttr_json_kv_bool(j, "raises_recorded", r->raises);
	lttr_json_key(j, "groups");
	lttr_json_begin_array(j);
	for (i = 0; i < r->ngroups; i++) {
		const struct lttr_timing_group *g = &r->groups[i];

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "level", level_name(g->level));
		lttr_json_kv_str(j, "sub", lttr_timing_sub_name(g->sub));
		if (g->level == LTTR_TG_TASK)
			task(j, r->acct, g->pid);
		if (g->level != LTTR_TG_ALL)
			timing_what(j, t, r->kind, g->what, g->sysvec);
		lttr_json_key(j, "distribution");
		lttr_json_dist(j, &g->dist);
		lttr_json_key(j, "parts");
		lttr_json_begin_object(j);
		for (p = 0; p < LTTR_PART_COUNT; p++)
			if (g->part[p])
				lttr_json_kv_u64(j, lttr_timing_part_name(p), g->part[p]);
		lttr_json_end_object(j);
		lttr_json_kv_u64(j, "over", g->over);
		if (g->sub == LTTR_SUB_WAKEUP || g->sub == LTTR_SUB_PREEMPT)
			lttr_json_kv_u64(j, "unknown", g->unknown);
		if (g->sub == LTTR_SUB_TIMER) {
			lttr_json_key(j, "period");
			lttr_json_dist(j, &g->period);
			lttr_json_key(j, "actual_period");
			lttr_json_dist(j, &g->actual);
			lttr_json_kv_u64(j, "zero_left", g->zero_left);
			lttr_json_kv_u64(j, "early", g->early);
			lttr_json_kv_u64(j, "missed", g->missed);
		}
		lttr_json_key(j, "worst");
		insts(j, t, r, g->worst, g->nworst, explain, arg);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "over");
	insts(j, t, r, r->over, r->nover, explain, arg);
	if (r->inst) {
		lttr_json_key(j, "instances");
		insts(j, t, r, r->inst, r->ninst, explain, arg);
	}
}

void lttr_json_critpath(struct lttr_json *j, const struct lttr_trace *t,
			const struct lttr_account *a, const struct lttr_critpath *cp)
{
	size_t i;

	lttr_json_begin_object(j);
	task(j, a, cp->pid);
	lttr_json_kv_u64(j, "from_ns", cp->from_ns);
	lttr_json_kv_u64(j, "to_ns", cp->to_ns);
	lttr_json_kv_u64(j, "duration_ns", cp->to_ns - cp->from_ns);
	lttr_json_key(j, "segments");
	lttr_json_begin_array(j);
	for (i = 0; i < cp->nseg; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];

		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "start_ns", s->start_ns);
		lttr_json_kv_u64(j, "end_ns", s->end_ns);
		lttr_json_kv_u64(j, "duration_ns", s->end_ns - s->start_ns);
		task(j, a, s->pid);
		lttr_json_kv_str(j, "state", lttr_cp_state_name(s->state, s->reason));
		lttr_json_kv_u64(j, "depth", s->depth);
		if (s->state == LTTR_CP_RUNNING)
			lttr_json_kv_u64(j, "cpu", s->cpu);
		if (s->state == LTTR_CP_BLOCKED) {
			lttr_json_kv_str(j, "reason", lttr_block_name(s->reason));
			blocked_in(j, t, s->mode, s->what);
			lttr_json_key(j, "waker");
			lttr_json_waker(j, t, a, &s->waker);
		}
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "steps");
	lttr_json_begin_array(j);
	for (i = 0; i < cp->nstep; i++) {
		const struct lttr_cp_step *s = &cp->step[i];

		lttr_json_begin_object(j);
		task(j, a, s->pid);
		lttr_json_kv_u64(j, "depth", s->depth);
		lttr_json_kv_u64(j, "block_ns", s->block_ns);
		lttr_json_kv_u64(j, "start_ns", s->start_ns);
		lttr_json_kv_u64(j, "end_ns", s->end_ns);
		lttr_json_kv_u64(j, "segment", s->seg);
		lttr_json_kv_bool(j, "followed", s->followed);
		lttr_json_key(j, "waker");
		lttr_json_waker(j, t, a, &s->waker);
		lttr_json_key(j, "lock");
		json_lock(j, a, &s->lock);
		lttr_json_block_stacks(j, &s->stacks);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "totals");
	lttr_json_begin_array(j);
	for (i = 0; i < cp->ntot; i++) {
		const struct lttr_cp_total *o = &cp->tot[i];

		lttr_json_begin_object(j);
		task(j, a, o->pid);
		lttr_json_kv_str(j, "state", lttr_cp_state_name(o->state, o->reason));
		lttr_json_kv_u64(j, "ns", o->ns);
		lttr_json_kv_u64(j, "count", o->count);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

/* a task of a host: its index, name, pid and the task's name */
static void htask(struct lttr_json *j, const char *const *hosts, const struct lttr_critpath *cp,
		  const char *prefix, uint32_t host, uint32_t pid)
{
	const struct lttr_account *a = host < cp->nhosts ? cp->hacct[host] : NULL;
	const struct lttr_acct_task *tk = a && pid ? lttr_account_find(a, pid) : NULL;
	char key[32];

	snprintf(key, sizeof(key), "%shost", prefix);
	lttr_json_kv_u64(j, key, host);
	snprintf(key, sizeof(key), "%shost_name", prefix);
	lttr_json_kv_str(j, key, host < cp->nhosts ? hosts[host] : "");
	snprintf(key, sizeof(key), "%spid", prefix);
	lttr_json_kv_u64(j, key, pid);
	snprintf(key, sizeof(key), "%sname", prefix);
	lttr_json_kv_str(j, key, tk ? tk->name : pid ? "" : "idle");
}

void lttr_json_critpath_hosts(struct lttr_json *j, const char *const *hosts,
			      const struct lttr_critpath *cp)
{
	size_t i;

	lttr_json_begin_object(j);
	htask(j, hosts, cp, "", cp->host, cp->pid);
	lttr_json_kv_u64(j, "from_ns", cp->from_ns);
	lttr_json_kv_u64(j, "to_ns", cp->to_ns);
	lttr_json_kv_u64(j, "duration_ns", cp->to_ns - cp->from_ns);
	lttr_json_key(j, "parts");
	lttr_json_begin_object(j);
	for (i = 0; i < LTTR_CP_NSTATES; i++) {
		char key[40];

		snprintf(key, sizeof(key), "%s_ns",
			 i == LTTR_CP_BLOCKED ? "blocked" : lttr_cp_state_name((unsigned int)i, 0));
		lttr_json_kv_u64(j, key, cp->state_ns[i]);
	}
	lttr_json_end_object(j);
	lttr_json_kv_u64(j, "anomalies", cp->anomalies);
	lttr_json_kv_u64(j, "anomaly_worst_ns", cp->worst_ns);
	lttr_json_key(j, "segments");
	lttr_json_begin_array(j);
	for (i = 0; i < cp->nseg; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];

		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "start_ns", s->start_ns);
		lttr_json_kv_u64(j, "end_ns", s->end_ns);
		lttr_json_kv_u64(j, "duration_ns", s->end_ns - s->start_ns);
		htask(j, hosts, cp, "", s->host, s->pid);
		lttr_json_kv_str(j, "state", lttr_cp_state_name(s->state, s->reason));
		lttr_json_kv_u64(j, "depth", s->depth);
		if (s->state == LTTR_CP_RUNNING)
			lttr_json_kv_u64(j, "cpu", s->cpu);
		if (s->state == LTTR_CP_TRANSIT)
			htask(j, hosts, cp, "from_", s->peer_host, s->peer_pid);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "steps");
	lttr_json_begin_array(j);
	for (i = 0; i < cp->nstep; i++) {
		const struct lttr_cp_step *s = &cp->step[i];

		lttr_json_begin_object(j);
		htask(j, hosts, cp, "", s->host, s->pid);
		lttr_json_kv_u64(j, "depth", s->depth);
		lttr_json_kv_u64(j, "start_ns", s->start_ns);
		lttr_json_kv_u64(j, "end_ns", s->end_ns);
		lttr_json_kv_u64(j, "segment", s->seg);
		lttr_json_kv_bool(j, "followed", s->followed);
		lttr_json_kv_bool(j, "message", s->message);
		if (s->message) {
			lttr_json_kv_bool(j, "anomaly", s->anomaly);
			lttr_json_kv_u64(j, "send_ns", s->send_ns);
			htask(j, hosts, cp, "from_", s->peer_host, s->peer_pid);
		}
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "totals");
	lttr_json_begin_array(j);
	for (i = 0; i < cp->ntot; i++) {
		const struct lttr_cp_total *o = &cp->tot[i];

		lttr_json_begin_object(j);
		htask(j, hosts, cp, "", o->host, o->pid);
		lttr_json_kv_str(j, "state", lttr_cp_state_name(o->state, o->reason));
		lttr_json_kv_u64(j, "ns", o->ns);
		lttr_json_kv_u64(j, "count", o->count);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_json_xh_span(struct lttr_json *j, const char *const *hosts,
		       const struct lttr_xh_span *s)
{
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_key(j, "critical_path");
	lttr_json_critpath_hosts(j, hosts, s->path);
	lttr_json_kv_u64(j, "error_ns", s->error_ns);
	lttr_json_kv_u64(j, "uncertain", s->uncertain);
	lttr_json_key(j, "messages");
	lttr_json_begin_array(j);
	for (i = 0; i < s->nmsg; i++) {
		const struct lttr_xh_msg *m = &s->msg[i];

		lttr_json_begin_object(j);
		lttr_json_kv_u64(j, "step", m->step);
		htask(j, hosts, s->path, "", m->host, m->pid);
		htask(j, hosts, s->path, "from_", m->peer_host, m->peer_pid);
		lttr_json_kv_u64(j, "send_ns", m->send_ns);
		lttr_json_kv_u64(j, "recv_ns", m->recv_ns);
		lttr_json_kv_u64(j, "wake_ns", m->wake_ns);
		lttr_json_kv_u64(j, "transit_ns", m->transit_ns);
		lttr_json_kv_u64(j, "error_ns", m->error_ns);
		lttr_json_kv_bool(j, "uncertain", m->uncertain);
		lttr_json_kv_bool(j, "anomaly", m->anomaly);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_json_explain_at_hosts(struct lttr_json *j, const char *const *hosts,
				const struct lttr_trace *th, const struct lttr_explain_at_hosts *r)
{
	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "host", r->host);
	lttr_json_kv_str(j, "host_name", hosts[r->host]);
	lttr_json_kv_u64(j, "at_ns", r->at_ns);
	lttr_json_kv_str(j, "state", lttr_cp_state_name(r->at->state, r->at->reason));
	lttr_json_kv_u64(j, "start_ns", r->start_ns);
	lttr_json_kv_u64(j, "end_ns", r->end_ns);
	lttr_json_key(j, "on_host");
	lttr_json_explain_at(j, th, r->at);
	lttr_json_key(j, "across");
	if (r->span)
		lttr_json_xh_span(j, hosts, r->span);
	else
		lttr_json_null(j);
	lttr_json_end_object(j);
}

void lttr_json_explain_at(struct lttr_json *j, const struct lttr_trace *t,
			  const struct lttr_explain_at *r)
{

	lttr_json_begin_object(j);
	task(j, r->acct, r->pid);
	lttr_json_kv_u64(j, "at_ns", r->at_ns);
	lttr_json_kv_str(j, "state", lttr_cp_state_name(r->state, r->reason));
	lttr_json_kv_u64(j, "start_ns", r->start_ns);
	lttr_json_kv_u64(j, "end_ns", r->end_ns);
	lttr_json_kv_u64(j, "duration_ns", r->end_ns - r->start_ns);
	lttr_json_kv_bool(j, "ended", r->ended);
	if (r->state == LTTR_CP_RUNNING || r->state == LTTR_CP_RUNNABLE)
		lttr_json_kv_u64(j, "cpu", r->cpu);
	if (r->state == LTTR_CP_RUNNABLE) {
		lttr_json_kv_bool(j, "preempted", r->preempted);
		lttr_json_key(j, "wakeup_latency");
		if (r->latency) {	/* what latency --kind wakeup counts */
			lttr_json_begin_object(j);
			lttr_json_kv_u64(j, "woken_ns", r->woken_ns);
			lttr_json_kv_u64(j, "end_ns", r->end_ns);
			lttr_json_kv_u64(j, "duration_ns", r->end_ns - r->woken_ns);
			lttr_json_end_object(j);
		} else {
			lttr_json_null(j);
		}
	}
	if (r->state == LTTR_CP_BLOCKED) {
		lttr_json_kv_str(j, "reason", lttr_block_name(r->reason));
		blocked_in(j, t, r->mode, r->what);
		lttr_json_key(j, "lock");
		json_lock(j, r->acct, &r->lock);
		lttr_json_block_stacks(j, &r->stacks);
	}
	lttr_json_key(j, "waker");
	lttr_json_waker(j, t, r->acct, &r->waker);
	lttr_json_key(j, "explanation");
	if (r->expl.v)
		lttr_json_explanation(j, t, r->acct, &r->expl);
	else
		lttr_json_null(j);
	lttr_json_key(j, "critical_path");
	if (r->path)
		lttr_json_critpath(j, t, r->acct, r->path);
	else
		lttr_json_null(j);
	lttr_json_end_object(j);
}
