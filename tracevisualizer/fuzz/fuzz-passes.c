// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-passes.c - every pass of the reader library over one trace, for
 * the fuzzer and the replay of its findings.  What the passes compute is
 * thrown away: the point is that none of them crashes, reads out of
 * bounds, overflows or leaks (the fuzzer's sanitizers watch), and that a
 * trace that cannot be read is refused with a message.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>
#include <lttr/lttr.h>
#include <lttr/audit/firings.h>
#include <lttr/audit/heavy.h>
#include <lttr/audit/rules.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/instances.h>
#include <lttr/analysis/stacktree.h>
#include <lttr/analysis/timing.h>
#include <lttr/output/json-stacks.h>
#include <lttr/output/json-timing.h>
#include <lttr/view/cache.h>
#include <lttr/view/view.h>
#include <lttr/view/verify.h>
#include <lttr/view/density.h>
#include <lttr/view/files.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include <lttr/view/session.h>
#include <lttr/view/lesson.h>
#include <lttr/paths/trace-messages.h>
#include <lttr/symbols/kallsyms.h>
#include <lttr/symbols/maps.h>
#include <lttr/symbols/symbols.h>
#include <lttr/replay/replay.h>
#include <lttr/sync/clocksync.h>
#include <lttr/sync/model-json.h>
#include <lttr/vitals/vitals.h>
#include "fuzz-input.h"
#include "fuzz-passes.h"
#include "fuzz-paths.h"

#define NCOLS 48

struct run {
	struct lttr_trace *t;
	FILE *null;
	struct lttr_json j;
	char first_err[LTTR_ERRMSG_MAX];
	uint64_t events;
	uint32_t some_syscall;	/* a syscall number seen, for the instances */
	bool has_syscall;
};

static void failed(struct run *r, const struct lttr_error *err)
{
	if (!r->first_err[0])
		snprintf(r->first_err, sizeof(r->first_err), "%s", err->msg);
}

static void one_event(struct run *r, const struct lttr_event *ev)
{
	struct lttr_field_buf fb;
	struct lttr_field_value fv;
	const struct lttr_field *f;
	char desc[512];
	size_t n, i;

	lttr_event_describe(r->t, ev, desc, sizeof(desc));
	lttr_json_event(&r->j, r->t, ev);
	f = lttr_event_fields(ev->id, &n);
	for (i = 0; f && i < n; i++)
		lttr_field_get(r->t, ev, &f[i], &fb, &fv);
	if (ev->id == LTT_EV_STACK) {
		struct lttr_stack st;

		if (lttr_stack_decode(ev, &st, desc, sizeof(desc)) == 0) {
			char name[32];
			unsigned int k;

			for (k = 0; k < st.kernel_nr; k++)
				lttr_stack_frame_name(st.kernel[k], true, st.pid, ev->time_ns,
						      name, sizeof(name));
			for (k = 0; k < st.user_nr; k++)
				lttr_stack_frame_name(st.user[k], false, st.pid, ev->time_ns,
						      name, sizeof(name));
		}
	}
	if (ev->id == LTT_EV_SYSCALL_ENTRY && ev->details && !r->has_syscall) {
		r->some_syscall = ev->p.syscall_entry.nr;
		r->has_syscall = true;
	}
}

static void info_pass(struct run *r)
{
	struct lttr_buffer_info bi;
	unsigned int c;
	size_t i;

	lttr_json_traceinfo(&r->j, r->t);
	for (i = 0; i < lttr_trace_warning_count(r->t); i++)
		fputs(lttr_trace_warning(r->t, i), r->null);
	fprintf(r->null, "%s %s %s %d", lttr_trace_arch(r->t), lttr_trace_release(r->t),
		lttr_trace_hostname(r->t), lttr_trace_complete(r->t));
	for (c = 0; c < lttr_trace_ncpus(r->t); c++) {
		fprintf(r->null, "%d %llu %llu %llu", lttr_trace_cpu_cut(r->t, c),
			(unsigned long long)lttr_trace_lost_cpu(r->t, c),
			(unsigned long long)lttr_trace_lost_tail(r->t, c),
			(unsigned long long)lttr_trace_overwritten(r->t, c));
		for (i = 0; i < lttr_trace_buffer_count(r->t, c); i++)
			if (lttr_trace_buffer(r->t, c, i, &bi) < 0)
				break;
	}
}

static void iter_pass(struct run *r)
{
	struct lttr_iter *it;
	struct lttr_event ev;
	struct lttr_error err;
	int st, i;

	if (lttr_iter_new(r->t, &it, &err) < 0) {
		failed(r, &err);
		return;
	}
	while ((st = lttr_iter_next(it, &ev)) > 0) {
		one_event(r, &ev);
		r->events++;
	}
	if (st < 0)
		failed(r, lttr_iter_error(it));
	lttr_iter_seek_end(it);
	while ((st = lttr_iter_prev(it, &ev)) > 0)
		;
	if (st < 0)
		failed(r, lttr_iter_error(it));
	lttr_iter_seek_time(it, lttr_trace_header(r->t)->start_ns / 2 +
			    lttr_trace_end_ns(r->t) / 2);
	for (i = 0; i < 16; i++)
		if ((i % 3 ? lttr_iter_next(it, &ev) : lttr_iter_prev(it, &ev)) < 0)
			break;
	lttr_iter_free(it);
}

static int count_event(void *arg, const struct lttr_event *ev)
{
	(void)ev;
	(*(uint64_t *)arg)++;
	return 0;
}

static void scan_pass(struct run *r)
{
	struct lttr_error err;
	uint64_t n = 0;
	unsigned int c;

	for (c = 0; c < lttr_trace_ncpus(r->t); c++)
		if (lttr_scan_cpu(r->t, c, count_event, &n, &err) < 0)
			failed(r, &err);
}

static void summary_pass(struct run *r, uint64_t from, uint64_t to)
{
	struct lttr_summary *s = NULL;
	struct lttr_error err;

	if (lttr_summary_compute(r->t, &s, &err) < 0) {
		failed(r, &err);
	} else {
		lttr_json_summary(&r->j, r->t, s);
		lttr_summary_free(s);
	}
	if (lttr_summary_compute_window(r->t, from, to, &s, &err) < 0) {
		failed(r, &err);
	} else {
		lttr_json_summary(&r->j, r->t, s);
		lttr_summary_free(s);
	}
}

static void account_json(struct run *r, const struct lttr_account *a)
{
	struct lttr_account_check c;
	struct lttr_acct_task *g, *tot;
	struct lttr_acct_cpu ct;
	size_t n = 0, i;

	lttr_account_check(a, 0, &c);
	lttr_json_conservation(&r->j, &c);
	lttr_json_systime(&r->j, a);
	lttr_json_syscallstats(&r->j, a->sc, a->nsc);
	lttr_json_irqstats(&r->j, r->t, a);
	lttr_json_softirqstats(&r->j, a);
	for (i = 0; i < a->ntasks; i++)
		lttr_json_tasktime(&r->j, &a->tasks[i], true);
	g = lttr_account_group(a, &n);
	for (i = 0; g && i < n; i++)
		lttr_json_tasktime(&r->j, &g[i], true);
	lttr_account_group_free(g, g ? n : 0);
	tot = lttr_account_total(a);
	if (tot) {
		lttr_json_tasktime(&r->j, tot, false);
		lttr_account_group_free(tot, 1);
	}
	lttr_account_cpu_total(a, &ct);
}

static void account_pass(struct run *r, uint64_t from, uint64_t to)
{
	struct lttr_account *a = NULL;
	struct lttr_error err;

	if (lttr_account_compute(r->t, &a, &err) < 0) {
		failed(r, &err);
	} else {
		account_json(r, a);
		lttr_account_free(a);
	}
	if (lttr_account_compute_window(r->t, from, to, &a, &err) < 0) {
		failed(r, &err);
	} else {
		account_json(r, a);
		lttr_account_free(a);
	}
}

static void on_segment(void *arg, const struct lttr_flow_seg *s)
{
	(void)s;
	(*(uint64_t *)arg)++;
}

static void on_transition(void *arg, const struct lttr_flow_tr *tr)
{
	(void)tr;
	(*(uint64_t *)arg)++;
}

/*
 * The flame graph's boxes of @s: a box as wide as its children and its
 * own weight, each inside its parent, the roots the weight of all the
 * lines ("[no stack]" too) (else abort: a finding).
 */
static void flame_check(struct run *r, const struct lttr_stacks *s)
{
	struct lttr_flame *f;
	uint64_t roots = 0, *kids;
	size_t i;

	if (lttr_flame_layout(s, &f) < 0)
		return;		/* out of memory */
	kids = calloc(f->nboxes ? f->nboxes : 1, sizeof(*kids));
	if (!kids) {
		lttr_flame_free(f);
		return;
	}
	for (i = 0; i < f->nboxes; i++) {
		const struct lttr_flame_box *b = &f->boxes[i];

		if (b->parent < 0) {
			roots += b->w;
			continue;
		}
		if ((size_t)b->parent >= i || b->depth != f->boxes[b->parent].depth + 1 ||
		    b->x < f->boxes[b->parent].x ||
		    b->x + b->w > f->boxes[b->parent].x + f->boxes[b->parent].w)
			abort();
		kids[b->parent] += b->w;
	}
	for (i = 0; i < f->nboxes; i++)
		if (f->boxes[i].w != kids[i] + f->boxes[i].self)
			abort();
	if (roots != f->total || f->total != s->total + s->unstacked)
		abort();
	lttr_json_flame(&r->j, f);
	free(kids);
	lttr_flame_free(f);
}

/*
 * The call tree of @s, both ways: each node as heavy as its children and
 * its own weight, inside its parent, the roots the weight of all the
 * lines (else abort: a finding).
 */
static void tree_check(const struct lttr_stacks *s)
{
	struct lttr_stacktree *tr;
	uint64_t roots, kids;
	size_t i, c;
	int inv;

	for (inv = 0; inv < 2; inv++) {
		if (lttr_stacktree_build(s, inv, &tr) < 0)
			return;		/* out of memory */
		for (i = 0, roots = 0; i < tr->n; i = tr->v[i].end)
			roots += tr->v[i].value;
		for (i = 0; i < tr->n; i++) {
			const struct lttr_stacktree_node *v = &tr->v[i];

			for (c = i + 1, kids = 0; c < v->end; c = tr->v[c].end) {
				if (tr->v[c].parent != (long)i || tr->v[c].x < v->x ||
				    tr->v[c].x + tr->v[c].value > v->x + v->value)
					abort();
				kids += tr->v[c].value;
			}
			if (v->end <= i || v->end > tr->n || kids + v->self_value != v->value)
				abort();
		}
		if (roots != tr->value || tr->value != s->total + s->unstacked)
			abort();
		lttr_stacktree_free(tr);
	}
}

/*
 * The folded stacks of every kind, whole trace and window: off-CPU,
 * wakeup, the samples, and the events that can carry a stack (the
 * entries of every syscall and of read's alone, the switch-outs, the
 * wakeups and the samples as events)
 */
static void stacks_pass(struct run *r, uint64_t from, uint64_t to)
{
	static const struct {
		unsigned int kind, event;
		long nr;
	} kinds[] = {
		{ LTTR_STACKS_OFFCPU, 0, -1 },
		{ LTTR_STACKS_WAKEUP, 0, -1 },
		{ LTTR_STACKS_CPU, 0, -1 },
		{ LTTR_STACKS_EVENT, LTT_EV_SYSCALL_ENTRY, -1 },
		{ LTTR_STACKS_EVENT, LTT_EV_SYSCALL_ENTRY, 0 },
		{ LTTR_STACKS_EVENT, LTT_EV_SCHEDCHANGE, -1 },
		{ LTTR_STACKS_EVENT, LTT_EV_PROCESS_WAKEUP, -1 },
		{ LTTR_STACKS_EVENT, LTT_EV_SAMPLE, -1 },
	};
	struct lttr_stacks_opts o = { 0 };
	struct lttr_stacks *s;
	struct lttr_error err;
	unsigned int k, w;

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		for (w = 0; w < 2; w++) {
			o.kind = kinds[k].kind;
			o.event_id = kinds[k].event;
			o.syscall_nr = kinds[k].nr;
			o.windowed = w;
			o.from_ns = from;
			o.to_ns = to;
			if (lttr_stacks_compute(r->t, &o, &s, &err) < 0) {
				failed(r, &err);
				continue;
			}
			lttr_json_stacks(&r->j, s);
			flame_check(r, s);
			tree_check(s);
			lttr_stacks_free(s);
		}
}

static void flow_pass(struct run *r)
{
	static const struct lttr_flow_ops ops = { on_segment, on_transition };
	struct lttr_error err;
	uint64_t n = 0;

	if (lttr_flow_run(r->t, &ops, &n, NULL, &err) < 0)
		failed(r, &err);
}

static void instances_pass(struct run *r)
{
	struct lttr_inst_query q = { .hi_ns = UINT64_MAX, .max = 8 };
	struct lttr_instances res;
	struct lttr_error err;
	unsigned int kind;

	for (kind = LTTR_INST_SYSCALL; kind <= LTTR_INST_SOFTIRQ; kind++) {
		q.kind = kind;
		q.what = kind == LTTR_INST_SYSCALL ? r->some_syscall : 0;
		memset(&res, 0, sizeof(res));
		if (lttr_instances_find(r->t, &q, NULL, NULL, &res, &err) < 0)
			failed(r, &err);
		else
			lttr_instances_free(&res);
	}
}

/* a task the trace does not have, or one not alive then: no failure */
static void failed_unless_inval(struct run *r, const struct lttr_error *err)
{
	if (err->code != LTTR_E_INVAL)
		failed(r, err);
}

/* the worst instance of every kind explained, a task's critical path and
 * its state in the middle of the window, all written as JSON */
static void timing_explain(struct run *r, const struct lttr_ex_req *req, size_t n,
			   uint32_t pid, uint64_t from, uint64_t to)
{
	struct lttr_explained *ex = NULL;
	struct lttr_critpath *cp = NULL;
	struct lttr_explain_at *at = NULL;
	struct lttr_error err;
	size_t i;

	if (n && lttr_explain(r->t, req, n, &ex, &err) < 0)
		failed(r, &err);
	for (i = 0; ex && i < ex->n; i++)
		lttr_json_explanation(&r->j, r->t, ex->acct, &ex->v[i]);
	lttr_explained_free(ex);
	if (!pid)
		return;
	if (lttr_critpath_compute(r->t, pid, from, to, &cp, &err) < 0)
		failed_unless_inval(r, &err);
	else
		lttr_json_critpath(&r->j, r->t, cp->acct, cp);
	lttr_critpath_free(cp);
	if (lttr_explain_at(r->t, pid, from / 2 + to / 2, &at, &err) < 0)
		failed_unless_inval(r, &err);
	else
		lttr_json_explain_at(&r->j, r->t, at);
	lttr_explain_at_free(at);
}

static void timing_pass(struct run *r, uint64_t from, uint64_t to)
{
	struct lttr_timing_query q = { .nworst = 2, .threshold_ns = 1000,
				       .has_threshold = true, .all = true };
	struct lttr_ex_req req[LTTR_TIMING_KINDS];
	struct lttr_timing *res;
	struct lttr_error err;
	uint32_t pid = 0;
	size_t n = 0, g;

	for (q.kind = 0; q.kind < LTTR_TIMING_KINDS; q.kind++) {
		/* one kind over a window, the others over the whole trace */
		q.from_ns = q.kind == LTTR_TIMING_SYSCALL ? from : 0;
		q.to_ns = q.kind == LTTR_TIMING_SYSCALL ? to : 0;
		if (lttr_timing_compute(r->t, &q, &res, &err) < 0) {
			failed(r, &err);
			continue;
		}
		lttr_json_begin_object(&r->j);
		lttr_json_timing(&r->j, r->t, res, NULL, NULL);
		lttr_json_end_object(&r->j);
		for (g = 0; g < res->ngroups; g++) {
			const struct lttr_timing_group *tg = &res->groups[g];

			if (tg->level != LTTR_TG_ALL || !tg->nworst)
				continue;
			lttr_ex_req_of(&tg->worst[0], &req[n++]);
			if (!pid)
				pid = tg->worst[0].pid;
			break;
		}
		lttr_timing_free(res);
	}
	timing_explain(r, req, n, pid, from, to);
}

static void view_rows(struct run *r, struct lttr_view *v, uint64_t t0, uint64_t t1)
{
	struct lttr_vcell cells[NCOLS];
	uint64_t ns[LTTR_VCAT_COUNT], at;
	struct lttr_vspan span;
	char name[128];
	size_t row;

	for (row = 0; row < lttr_view_nrows(v); row++) {
		const struct lttr_vrow_info *ri = lttr_view_row(v, row);

		lttr_view_cells(v, row, t0, t1, NCOLS, cells);
		lttr_view_time_in(v, row, t0, t1, ns);
		if (lttr_view_span_at(v, row, t0 / 2 + t1 / 2, &span) == 0)
			fputs(lttr_view_state_str(v, span.state, name, sizeof(name)),
			      r->null);
		if (lttr_view_step(v, row, t0, 1, true, &at) > 0)
			lttr_view_step(v, row, at, -1, false, &at);
		if (ri && ri->name) {
			const char *comm = lttr_view_comm(v, ri->id, t1);

			fputs(comm ? comm : "-", r->null);
		}
	}
}

/* the "proc" file's bytes (NUL-terminated, malloc'ed), or NULL */
static char *read_proc(const char *dir, size_t *len)
{
	size_t n = strlen(dir) + strlen(fz_file_name[FZ_PROC]) + 2;
	char *path = malloc(n), *text = NULL;
	long size;
	FILE *f;

	*len = 0;
	if (!path)
		return NULL;
	snprintf(path, n, "%s/%s", dir, fz_file_name[FZ_PROC]);
	f = fopen(path, "r");
	free(path);
	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (size = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET) &&
	    (text = malloc((size_t)size + 1)))
		text[*len = fread(text, 1, (size_t)size, f)] = '\0';
	fclose(f);
	return text;
}

/* a lesson (lttr/view/lesson.h) over the trace: every step shown, then back */
static const char lesson_text[] =
	"title: fuzz\nstep: one\ntext: a\nat: type == syscall_entry\nspan: 10us\n"
	"rows: pid > 1\nstep: two\ntext: b\ntime: 0.001\nspan: 1ms\n"
	"step: three\ntext: c\nat: type == schedchange && cpu == 1\n";

static void lesson_steps(struct lttr_session *s, const char *text, size_t len)
{
	struct lttr_lesson *l;
	struct lttr_error err;
	unsigned int what;
	size_t i;

	if (lttr_lesson_parse(text, len, "LESSON", &l, &err))
		return;
	for (i = 0; i <= l->nsteps; i++)
		lttr_lesson_apply(s, l, i, &what, &err);
	lttr_lesson_apply(s, l, 0, &what, &err);
	lttr_lesson_free(l);
}

/*
 * The session both front ends hold, over the view: its setters at the
 * trace's own times, the filter over every row, and the session file's
 * parser fed a file of those times and the "proc" file's bytes (text the
 * fuzzer mutates; the dictionary has the session file's keys), the
 * predicate it read replayed
 */
static void session_pass(struct run *r, struct lttr_view *v, const char *dir)
{
	struct lttr_session_layout lay;
	struct lttr_session s;
	struct lttr_error err;
	uint64_t t0, t1, t;
	char text[512], *proc;
	size_t i, len;
	bool dim;
	int nbad;

	if (lttr_session_init(&s, dir, 0, r->t, v))
		return;
	t0 = s.vp.start;
	t1 = s.vp.end;
	lttr_session_set_min_span(&s, 1000);
	lttr_session_show_span(&s, t0 + (t1 - t0) / 3, t1, 1);
	lttr_session_set_mark(&s, 0);
	lttr_session_set_cursor(&s, t1 + 1000);
	lttr_session_set_mark(&s, 1);
	for (i = 0; i < 70; i++)
		lttr_session_zoom(&s, 1, 2);
	lttr_session_pan(&s, -1, 4);
	lttr_session_next_mark(&s, -1, &t);
	lttr_session_select_span(&s, t1, t0);
	lttr_session_set_filter(&s, "pid > 1 || cpu == 0", &err);
	lttr_session_set_filter_hide(&s, true);
	for (i = 0; i < lttr_view_nrows(v) && i < 4096; i++)
		lttr_session_row_shown(&s, i, &dim);
	snprintf(text, sizeof(text), "{ \"window\": { \"t0_ns\": %llu, \"t1_ns\": %llu }, "
		 "\"cursor_ns\": %llu, \"selected_pid\": 1, \"row_sort\": \"busy\", "
		 "\"filter\": { \"expression\": \"cpu == 0\", \"hide\": false }, "
		 "\"predicate\": \"cpu[0].runq > 1 && task[1].state == \\\"runnable\\\"\" }",
		 (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)(t1 + 1));
	lttr_session_parse(&s, text, strlen(text), &lay, &nbad, &err);
	/* the predicate read, its pass over the (fuzzed) trace */
	lttr_session_restore_pred(&s, NULL, NULL, &err);
	lttr_session_pred_step(&s, -1, &t);
	proc = read_proc(dir, &len);
	if (proc) {
		lttr_session_parse(&s, proc, len, &lay, &nbad, &err);
		lttr_session_restore_pred(&s, NULL, NULL, &err);
	}
	lesson_steps(&s, lesson_text, strlen(lesson_text));
	if (proc)
		lesson_steps(&s, proc, len);
	free(proc);
	/* the trace and the view are the passes': taken back before the free */
	s.t = NULL;
	s.v = NULL;
	lttr_session_free(&s);
}

/*
 * The synchronisation of several hosts: the trace's messages to another
 * trace (itself, a second time: there are none, but every socket is
 * scanned), a model of them written and read back, the captured frames
 * paired between the two (lttr_sync_packets(): each frame's IP and
 * transport headers read), and the proc file's
 * bytes read as a clock-model.json (the fuzzer mutates them; the parser
 * refuses what is wrong, nothing else happens).  Nothing here is the
 * outcome: a model file is not the trace.
 */
static void sync_pass(struct run *r, const char *dir)
{
	struct lttr_trace *two[2] = { r->t, r->t };
	struct lttr_sync_msg *msgs = NULL;
	struct lttr_sync_model m;
	struct lttr_sync_read rd = { 0 };
	struct lttr_sync_packet_stats pst;
	struct lttr_error err;
	struct lttr_json j;
	char *proc, *text = NULL;
	size_t n = 0, len = 0;

	if (lttr_msgs_across_traces(two, 2, &msgs, &n, NULL, &err) == 0 &&
	    lttr_sync_hosts(msgs, n, 2, &m, &err) == 0) {
		const struct lttr_sync_hostinfo info[2] = {
			{ .trace = "host-0", .source = dir, .hostname = "a" },
			{ .trace = "host-1", .source = dir, .hostname = "b" },
		};
		FILE *mem = open_memstream(&text, &len);

		if (mem) {
			lttr_json_init(&j, mem, true);
			lttr_sync_json(&j, &m, info, msgs);
			fclose(mem);
			if (lttr_sync_model_parse(text, len, &rd, &err) == 0)
				lttr_sync_text(r->null, &rd.model, rd.info);
			lttr_sync_read_free(&rd);
		}
		free(text);
		lttr_sync_model_free(&m);
	}
	free(msgs);
	/* the captured frames (merge --packets): their headers parsed */
	if (lttr_sync_packets(two, 2, &msgs, &n, &pst, &err) == 0)
		free(msgs);
	proc = read_proc(dir, &len);
	if (proc && lttr_sync_model_parse(proc, len, &rd, &err) == 0) {
		lttr_json_init(&j, r->null, false);
		lttr_sync_json(&j, &rd.model, rd.info, NULL);
		lttr_sync_text(r->null, &rd.model, rd.info);
		lttr_sync_problems(&rd.model, rd.info, NULL, 0);
	}
	lttr_sync_read_free(&rd);
	free(proc);
}

/*
 * The replay (lttr/replay/replay.h): the proc file's bytes parsed as a
 * script (the fuzzer mutates them: the expression and script parser
 * refuses what is wrong, nothing else happens), then a script of every
 * kind of reference, breakpoints, a watch, steps backward and a Lua
 * command run over the trace; a predicate's hits from the replayed
 * state's checkpoints against its pass from the start (seek_pass()).
 * Nothing here is the outcome.
 */
static void replay_stop(void *arg, const struct lttr_replay_stop *s)
{
	fprintf(arg, "%u %u %llu %s %s\n", s->kind, s->id, (unsigned long long)s->ordinal,
		s->desc ? s->desc : "", s->out ? s->out : "");
}

/*
 * The first @side hits forward from the start and the last @side backward
 * from the end of seek @s are @v's (@n: the pass from the start), node
 * included, or abort.
 */
static void seek_walk(struct lttr_replay_seek *s, const struct lttr_replay_hit *v, size_t n,
		      size_t side)
{
	struct lttr_replay_hit h = { 0 };
	struct lttr_error err;
	uint64_t pos = 0;
	size_t i;
	int rc = 1;

	for (i = 0; i < side && rc == 1; i++) {
		rc = lttr_replay_seek_next(s, pos, &h, &err);
		if (rc == 1 && (i >= n || h.ordinal != v[i].ordinal || h.time_ns != v[i].time_ns ||
				h.node != v[i].node))
			abort();
		if (rc == 0 && i != n)
			abort();
		pos = h.ordinal;
	}
	for (i = n, pos = UINT64_MAX, rc = 1; i > 0 && n - i < side && rc == 1; i--) {
		rc = lttr_replay_seek_prev(s, pos, &h, &err);
		if (rc == 1 && (h.ordinal != v[i - 1].ordinal || h.time_ns != v[i - 1].time_ns ||
				h.node != v[i - 1].node))
			abort();
		if (rc == 0)
			abort();
		pos = h.ordinal;
	}
}

/*
 * The checkpoints of the replayed state (lttr_replay_seek_*(), every 512
 * events): the first 8 hits forward from the start and the last 8
 * backward from the end are those of the pass from the start, or abort.
 * (Every 64 events and 32 hits a side made each execution of the fuzzer
 * 7 times slower: a checkpoint copies the whole accounting state.)
 */
static void seek_pass(struct run *r)
{
	static const char expr[] = "cpu[0].runq > 0 || task[1].state == \"blocked\"";
	struct lttr_replay_hit *v = NULL;
	struct lttr_replay_seek *s = NULL;
	struct lttr_error err;
	size_t n = 0;

	if (lttr_replay_hits(r->t, expr, 0, UINT64_MAX, NULL, NULL, &v, &n, &err) < 0 ||
	    lttr_replay_seek_open(r->t, expr, 512, &s, &err) < 0) {
		free(v);
		return;
	}
	seek_walk(s, v, n, 8);
	lttr_replay_seek_close(s);
	free(v);
}

static void replay_pass(struct run *r, const char *dir)
{
	static const char script[] =
		"watch cpu[0].runq > 1 || cpu[1].mode == \"idle\"\n"
		"watch task[1].state\n"
		"break * if __LOGICALCLOCK__ > 0 || task[pid].syscall == \"read\" || "
		"task[pid].time_in_state > 1000\n"
		"commands\n"
		"  n = (n or 0) + 1\n"
		"  print(n, tasks[event.pid].state, cpus[0].current, __REALCLOCK__, #messages())\n"
		"  if n > 3 and n < 6 then while true do end end\n"
		"end commands\n"
		"break type == fs_open if fd[pid][3] != \"\" on __ALL__\n"
		"watch @0(cpu[0].runq) + @0(task[1].time_in_state > 0) on __ALL__\n"
		"commands\n"
		"  for _, nd in ipairs(__ALL__) do print(nd, at(nd, \"cpu[0].current\")) end\n"
		"  print(pcall(at, \"no-such-node\", \"1\"))\n"
		"  m = (m or 0) + 1\n"
		"  if m > 2 then delete(5) end\n"
		"end commands\n"
		"cont 5\nstep 3\nprint $x + task[1].ppid - cpu[0].runq / 0 + @0(event.pid)\n"
		"print @0(__NODE__) == __ALL__\n"
		"print chan[\"node0:1\"][2].in_flight + chan[@0(pid)][\"0:2\"].oldest_age\n"
		"set x = event.time % 7\nrun-to-previous 2\ncont 2\n";
	/* the node syntax, compiled only: refused (its column said) or not */
	static const char *const bad_nodes[] = {
		"@(1)", "@0", "@0(", "@0(1", "@no-such-node(1)", "@99(1)", "@@0(1)",
		"@0(@0(@0(cpu[0].runq)))",
	};
	size_t k;
	const struct lttr_replay_opts o = { .insn_budget = 100000, .mem_budget = 1 << 20,
					    .stop = replay_stop, .arg = r->null };
	struct lttr_error err;
	char *proc;
	size_t len = 0;

	proc = read_proc(dir, &len);
	if (proc)
		lttr_replay_check(proc, r->t, &err);
	free(proc);
	for (k = 0; k < sizeof(bad_nodes) / sizeof(bad_nodes[0]); k++)
		lttr_replay_expr_check(r->t, bad_nodes[k], &err);
	lttr_replay_run(r->t, script, &o, &err);
	seek_pass(r);
}

/*
 * The replay over a trace set (lttr_replay_open_set(), _hits_set(),
 * _seek_open_set(), docs/replay.md): the trace twice, as two nodes whose
 * clocks a model made here relates (beta 1.5 us ahead and 100 ppm fast:
 * a given model needs no messages), a script reading one node from the
 * other, then a predicate over both nodes whose first 4 hits forward and
 * last 4 backward from the set's checkpoints (every 512 events) are those
 * of the pass from the start, or abort.  Nothing here is the outcome.
 */
static void set_pass(struct run *r)
{
	static const char *const names[] = { "alpha", "beta" };
	static const char script[] =
		"break * if @beta(cpu[0].current) != @alpha(cpu[0].current) on beta\n"
		"commands\n"
		"  k = (k or 0) + 1\n"
		"  print(k, __NODE__, at(\"alpha\", \"task[1].state\"), #messages())\n"
		"  if k > 2 then delete(1) end\n"
		"end commands\n"
		"watch @alpha(cpu[0].runq) - @beta(cpu[0].runq) on __ALL__\n"
		"cont 4\nprint __LOGICALCLOCK__ + @1(task[pid].ppid)\nrun-to-previous 1\ncont 2\n";
	/* true between a switch of one node's CPU 0 and the other's */
	static const char expr[] =
		"@alpha(cpu[0].current) != @beta(cpu[0].current) || @alpha(cpu[0].runq) > 0";
	struct lttr_sync_host hosts[2] = {
		{ .synced = true, .slope = 1, .pair = -1, .parent = -1 },
		{ .synced = true, .offset_ns = 1500, .slope = 1.0001, .pair = -1, .parent = 0 },
	};
	const struct lttr_sync_model m = { .nhosts = 2, .hosts = hosts };
	struct lttr_trace *const two[2] = { r->t, r->t };
	const struct lttr_replay_opts o = { .insn_budget = 100000, .mem_budget = 1 << 20,
					    .stop = replay_stop, .arg = r->null };
	struct lttr_replay_hit *v = NULL;
	struct lttr_replay_seek *s = NULL;
	struct lttr_replay *rp;
	struct lttr_error err;
	size_t n = 0;

	if (lttr_replay_open_set(two, 2, names, &m, &o, &rp, &err) == 0) {
		lttr_replay_exec(rp, script, 1, &err);
		lttr_replay_close(rp);
	}
	if (lttr_replay_hits_set(two, 2, names, &m, expr, 0, UINT64_MAX, NULL, NULL, &v, &n,
				 &err) < 0 ||
	    lttr_replay_seek_open_set(two, 2, names, &m, expr, 512, &s, &err) < 0) {
		free(v);
		return;
	}
	seek_walk(s, v, n, 4);
	lttr_replay_seek_close(s);
	free(v);
}

/*
 * The vital signs' epoch reader (traced --vitals, docs/vitals.md): the
 * proc file's bytes parsed as an epoch file and written raw as one into
 * the (temporary) directory, beside an epoch made of them (its HCA and
 * samples the bytes); the directory loaded (the raw one refused and
 * skipped with a warning, or read), the report, its text and JSON, its
 * epochs by bucket (by epoch, 5 minutes, an hour and a day: text, JSON,
 * the missing epochs' ranges) and its PNG's buckets; the
 * Prometheus exposition of the directory (each file counted once: a
 * second update adds nothing), and the bytes as the HTTP request the
 * metrics endpoint parses.  The written epoch has stacks made of the
 * bytes and the bytes as its maps text: the report names them
 * (lttr_vitals_symbols(), the maps parser) in its text and JSON.
 * Version 3 (vitals_v3()): the written file with a byte of its frame
 * flipped and its header's counts changed, by the bytes; the bytes as a
 * body, compressed into a frame of counts of their own (past the
 * frame's checksum: the decoder on any body).
 */
static void vitals_parse_free(const unsigned char *b, size_t len)
{
	struct lttr_vitals_epoch e;
	char err[256];

	if (lttr_vitals_parse(b, len, &e, err, sizeof(err)) == 0)
		lttr_vitals_epoch_free(&e);
}

static void vitals_v3(const char *path, const unsigned char *in, size_t inlen)
{
	struct ltt_vitals_file_header h;
	struct ltt_vitals_trailer tr;
	unsigned char *b, x[8] = { 0 };
	size_t len = 0, bound;
	long size;
	FILE *f;

	memcpy(x, in, inlen < sizeof(x) ? inlen : sizeof(x));
	/* the written file: a byte of the frame flipped, the counts changed */
	f = fopen(path, "rb");
	if (f && !fseek(f, 0, SEEK_END) && (size = ftell(f)) >= (long)sizeof(h) &&
	    !fseek(f, 0, SEEK_SET) && (b = malloc((size_t)size))) {
		struct ltt_vitals_file_header *hp = (void *)b;

		len = fread(b, 1, (size_t)size, f);
		if (len == (size_t)size && hp->version == 3 && hp->body_len &&
		    len >= sizeof(h) + hp->body_len) {
			size_t at = sizeof(h) + (x[0] | x[1] << 8) % hp->body_len;

			b[at] ^= x[2] ? x[2] : 1;
			vitals_parse_free(b, len);
			b[at] ^= x[2] ? x[2] : 1;
			switch (x[3] % 6) {
			case 0: hp->nsamples += (int8_t)x[4]; break;
			case 1: hp->ncells += (int8_t)x[4]; break;
			case 2: hp->nstacks += (int8_t)x[4]; break;
			case 3: hp->maps_len += (int8_t)x[4]; break;
			case 4: hp->raw_len += (int8_t)x[4]; break;
			default: hp->body_len += (int8_t)x[4]; break;
			}
			vitals_parse_free(b, len);
		}
		free(b);
	}
	if (f)
		fclose(f);
	/* the bytes as a body, of counts of their own */
	bound = ZSTD_compressBound(inlen);
	b = malloc(sizeof(h) + bound + sizeof(tr));
	if (!b)
		return;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, LTT_VITALS_FILE_MAGIC, sizeof(h.magic));
	h.version = 3;
	h.header_size = sizeof(h);
	h.nvitals = LTT_VITALS;
	h.hca_size = LTT_VITALS_HCA;
	h.end_ns = 1;
	h.ncells = x[4] % 16;
	h.nsamples = x[5] % 16;
	h.nstacks = x[6] % 8;
	h.maps_len = x[7] % 64;
	len = ZSTD_compress(b + sizeof(h), bound, in, inlen, 1);
	if (!ZSTD_isError(len)) {
		h.body_len = (uint32_t)len;
		h.raw_len = (uint32_t)inlen;
		memcpy(b, &h, sizeof(h));
		memset(&tr, 0, sizeof(tr));
		memcpy(tr.magic, LTT_VITALS_FILE_END, sizeof(LTT_VITALS_FILE_END));
		memcpy(b + sizeof(h) + len, &tr, sizeof(tr));
		vitals_parse_free(b, sizeof(h) + len + sizeof(tr));
	}
	free(b);
}

static void vitals_pass(struct run *r, const char *dir)
{
	static uint32_t hca[LTT_VITALS * LTT_VITALS_HCA];
	static struct ltt_vital_stack stk[4];
	struct ltt_vital_sample smp[8];
	struct ltt_vitals_file_header h;
	struct ltt_vitals_sum sum[LTT_VITALS];
	struct lttr_vitals_series s;
	struct lttr_vitals_report rep;
	struct lttr_vitals_epoch e;
	struct lttr_vitals_prom prom;
	char path[4096], err[256];
	size_t len = 0, i;
	char *proc;
	FILE *f;

	proc = read_proc(dir, &len);
	if (!proc)
		return;
	if (lttr_vitals_parse((const unsigned char *)proc, len, &e, err,
			      sizeof(err)) == 0)
		lttr_vitals_epoch_free(&e);
	lttr_metrics_parse(proc, len);
	snprintf(path, sizeof(path), "%s/vitals-00000001.ltv", dir);
	f = fopen(path, "wb");
	if (f) {
		fwrite(proc, 1, len, f);
		fclose(f);
	}
	memset(hca, 0, sizeof(hca));
	memset(smp, 0, sizeof(smp));
	memset(&h, 0, sizeof(h));
	memset(sum, 0, sizeof(sum));
	for (i = 0; i < len; i++)
		hca[((unsigned char)proc[i] * 131u + i) %
		    (LTT_VITALS * LTT_VITALS_HCA)] += (unsigned char)proc[i];
	memcpy(smp, proc, len < sizeof(smp) ? len : sizeof(smp));
	memcpy(stk, proc, len < sizeof(stk) ? len : sizeof(stk));
	for (i = 0; i < 4; i++) {
		stk[i].kernel_nr %= LTT_VITALS_STACK_DEPTH + 1;
		stk[i].user_nr %= LTT_VITALS_STACK_DEPTH + 1 - stk[i].kernel_nr;
	}
	for (i = 0; i < 8; i++) {
		smp[i].vital %= LTT_VITALS;
		smp[i].cell %= LTT_VITALS_HCA;
		smp[i].stack %= 5;
		sum[smp[i].vital].total += smp[i].count;
		sum[smp[i].vital].events++;
	}
	h.collected = 0x7ff;
	h.shift = 1;
	h.nsamples = 8;
	h.nstacks = 4;
	h.maps_len = (uint32_t)(len < LTTR_VITALS_MAPS_MAX ? len : LTTR_VITALS_MAPS_MAX);
	snprintf(path, sizeof(path), "%s/vitals-00000000.ltv", dir);
	lttr_vitals_write(path, &h, sum, hca, smp, stk, proc, err, sizeof(err));
	vitals_v3(path, (const unsigned char *)proc, len);
	free(proc);
	if (lttr_vitals_load(dir, &s, err, sizeof(err)) < 0)
		return;
	if (lttr_vitals_report(&s, 3, &rep) == 0) {
		if (lttr_vitals_symbols(&rep, dir, NULL, err, sizeof(err)) == 0 && s.n) {
			char line[4096];

			for (i = 0; i < s.epochs[0].nsamples; i++)
				lttr_vitals_stack_line(&rep, 0, lttr_vitals_stack(&s.epochs[0],
						       &s.epochs[0].samples[i]), line, sizeof(line));
		}
		static const uint64_t widths[] = { LTTR_VITALS_5MIN,
						   LTTR_VITALS_HOUR,
						   LTTR_VITALS_DAY, 1 };
		struct lttr_vitals_bucket *b;
		size_t nb, k;

		lttr_vitals_text(r->null, &rep);
		lttr_vitals_json(r->null, &rep);
		if (lttr_vitals_epoch_buckets(&rep, &b, &nb) == 0) {
			if (nb != s.n)
				abort();	/* one bucket an epoch */
			free(b);
		}
		for (k = 0; k < sizeof(widths) / sizeof(widths[0]); k++) {
			if (lttr_vitals_buckets(&rep, widths[k], &b, &nb) < 0)
				continue;
			lttr_vitals_buckets_text(r->null, &rep, widths[k], b, nb);
			lttr_vitals_buckets_json(r->null, &rep, widths[k], b, nb);
			free(b);
		}
		lttr_vitals_report_free(&rep);
	}
	lttr_vitals_series_free(&s);
	if (lttr_vitals_prom_init(&prom, dir, 3) == 0) {
		uint64_t n;

		lttr_vitals_prom_update(&prom, err, sizeof(err));
		n = prom.epochs + prom.bad;
		lttr_vitals_prom_update(&prom, err, sizeof(err));
		if (prom.epochs + prom.bad != n)
			abort();	/* a file counted twice */
		lttr_vitals_prom_print(r->null, &prom);
		lttr_vitals_prom_free(&prom);
	}
}

/*
 * The view model's cache (view/cache-file.c): the view written and read
 * back (a built view always reads back, the same rows, or abort()); then
 * bytes the input controls: the "proc" file's written over the cache's
 * payload from an offset its first two bytes give, and appended to a good
 * file's header as a whole payload, the checksum made again each time (as
 * a damaged file that still matched it would be), so that the checks
 * behind the checksum are reached; a view read from them is queried as any.
 */
static void vcache_pass(struct run *r, struct lttr_view *v, const char *dir)
{
	static const char ident[] = "fuzz";
	char why[256], *proc;
	struct lttr_view *w;
	size_t len, plen, k;
	uint8_t *b;

	if (lttr_vcache_encode(v, ident, sizeof(ident), &b, &len, why, sizeof(why)))
		return;		/* a model the format does not hold: not saved */
	if (lttr_vcache_decode(r->t, ident, sizeof(ident), b, len, &w, why, sizeof(why))) {
		fprintf(stderr, "fuzz: a view's cache does not read back: %s\n", why);
		abort();
	}
	if (lttr_view_nrows(w) != lttr_view_nrows(v))
		abort();
	for (k = 0; k < lttr_view_nrows(v); k++)
		if (lttr_view_row(w, k)->entries != lttr_view_row(v, k)->entries)
			abort();
	view_rows(r, w, lttr_view_start(w), lttr_view_end(w));
	lttr_view_free(w);
	proc = read_proc(dir, &plen);
	if (proc && plen) {
		/* the payload starts after the header: find it as the decoder does */
		size_t hdr = 8 + 4 + 4 + 40 + 4 + sizeof(ident) + 16, at;
		uint8_t *c;

		at = ((size_t)(uint8_t)proc[0] << 8 | (uint8_t)(plen > 1 ? proc[1] : 0)) % len;
		c = malloc(len > hdr + plen ? len : hdr + plen);
		if (c) {
			memcpy(c, b, len);
			memcpy(c + at, proc, plen < len - at ? plen : len - at);
			lttr_vcache_reseal(c, len);
			if (!lttr_vcache_decode(r->t, ident, sizeof(ident), c, len, &w, why,
						sizeof(why))) {
				view_rows(r, w, lttr_view_start(w), lttr_view_end(w));
				lttr_view_free(w);
			}
			memcpy(c, b, hdr);
			memcpy(c + hdr, proc, plen);
			lttr_vcache_reseal(c, hdr + plen);
			if (!lttr_vcache_decode(r->t, ident, sizeof(ident), c, hdr + plen, &w, why,
						sizeof(why))) {
				view_rows(r, w, lttr_view_start(w), lttr_view_end(w));
				lttr_view_free(w);
			}
			free(c);
		}
	}
	free(proc);
	free(b);
}

static void view_pass(struct run *r, const char *dir)
{
	char warn[8][LTTR_VIEW_WARNING_LEN];
	uint64_t counts[NCOLS], lost[NCOLS];
	struct lttr_view_search_stats ss;
	struct lttr_vlink links[16];
	struct lttr_view_verify vv;
	struct lttr_filter *f;
	struct lttr_files files;
	struct lttr_view *v = NULL;
	struct lttr_event ev;
	struct lttr_error err;
	uint64_t t0, t1;
	size_t n;

	if (lttr_view_build(r->t, NULL, NULL, &v, &err) < 0) {
		failed(r, &err);
		return;
	}
	t0 = lttr_view_start(v);
	t1 = lttr_view_end(v);
	lttr_view_verify(v, &vv);
	lttr_view_warnings(v, warn, 8);
	view_rows(r, v, t0, t1);
	view_rows(r, v, t0 / 2 + t1 / 2, t1);
	lttr_view_histogram(v, t0, t1, NCOLS, counts, lost);
	lttr_view_links(v, t0, t1, 16, links, &n);
	memset(&files, 0, sizeof(files));
	if (lttr_view_files(v, NULL, 0, NULL, NULL, &files, &err) < 0)
		failed(r, &err);
	else
		lttr_view_files_free(&files);
	if (lttr_filter_compile("type == syscall_entry || name =~ \"e\" || pid > 1",
				&f, &err) == 0) {
		if (lttr_view_find(v, f, NULL, true, 1, NULL, NULL, &ev, &ss, &err) < 0)
			failed(r, &err);
		lttr_filter_free(f);
	}
	session_pass(r, v, dir);
	vcache_pass(r, v, dir);
	lttr_view_free(v);
}

/*
 * the trace's messages (by process) and both path algorithms over them;
 * an algorithm's refusal (a bound of its work) is not the reader's error
 */
static void paths_pass(struct run *r)
{
	struct lttr_msgset *s = lttr_msgset_new();
	struct lttr_error err;

	if (!s)
		return;
	if (lttr_msgs_from_trace(r->t, LTTR_BY_PROCESS, s, NULL, NULL, &err) < 0) {
		failed(r, &err);
	} else {
		char out[LTTR_ERRMSG_MAX + 32];

		fz_paths_of(s, 0, out, sizeof(out));
	}
	lttr_msgset_free(s);
}

/* the whole file @name of @dir, malloc'ed (NUL-terminated), or NULL */
static char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[4200];
	char *b = NULL;
	long n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (b = malloc((size_t)n + 1)) != NULL) {
		*len = fread(b, 1, (size_t)n, f);
		b[*len] = '\0';
	}
	fclose(f);
	return b;
}

static void on_firing(void *arg, const struct lttr_firing *f)
{
	lttr_firing_json(f, 1, NULL, arg);
}

/* the sampler of heavy logging (traced's): every instance of rule 10, described */
static bool want_instance(void *arg, unsigned int rule, uint64_t time_ns, bool matched)
{
	(void)arg;
	(void)time_ns;
	(void)matched;
	return rule == 10;
}

static void keep_instance(void *arg, const struct lttr_firing *f, bool matched)
{
	lttr_instance_json(f, matched, arg);
}

/*
 * The trigger rules (docs/triggers.md) over every event of the trace, in
 * time order as traced feeds them; and the rule parser on a condition
 * taken from the trace's proc file (the fuzzer mutates it).
 */
static void rules_pass(struct run *r, const char *dir)
{
	static const char rules_text[] =
		"on syscall_exit by comm if latency > 3 * avg(latency, 1s) then snapshot\n"
		"on syscall_exit by syscall if latency >= p99(latency, 2s) && count(1s) > 2 then stop\n"
		"on wakeup by pid if latency > 1us and latency > max(latency, 100ms) then snapshot\n"
		"on signal if sig == SIGSEGV then notify true\n"
		"on exit by cpu if code != 0 || rate(1s) > 10 then snapshot\n"
		"on fork then snapshot, log top(3) for 10ms or 100 events\n"
		"on request by pid if latency > p99(latency, 1s) then snapshot\n"
		"on request(caller) by pid if latency > p99(latency, 1s) then snapshot\n"
		"on every 10ms over request(callee) if count(10ms) > 1 then stop\n"
		"on every 10ms over syscall_exit(read) if count(10ms) > 3 or max(latency, 1s) > 1ms "
		"then snapshot\n"
		"on syscall_exit(read) by pid if latency > 1us or latency > avg(latency, 1s) "
		"then snapshot, log top(2) for 10ms or 3 matched at 50% + 2 unmatched at 0.5% or 100 events\n";
	struct lttr_rules *rules, *other;
	struct lttr_iter *it;
	struct lttr_event ev;
	struct lttr_error err;
	struct lttr_rules_stats st;
	char text[600], *proc, *nl;
	size_t len = 0;

	if (lttr_rules_parse(rules_text, &rules, &err) < 0) {
		failed(r, &err);
		return;
	}
	/* numbered by the trace's machine: read is every known machine's;
	 * another machine's (syscall_N only) refuses it, said */
	if (lttr_rules_machine(rules, lttr_trace_machine(r->t), &err) < 0 &&
	    lttr_trace_machine(r->t) != LTTR_MACHINE_OTHER)
		failed(r, &err);
	lttr_rules_start(rules, lttr_trace_header(r->t)->start_ns);
	lttr_rules_sampler(rules, want_instance, keep_instance, r->null);
	if (lttr_iter_new(r->t, &it, &err) == 0) {
		while (lttr_iter_next(it, &ev) > 0)
			lttr_rules_feed(rules, NULL, &ev, on_firing, r->null);
		lttr_iter_free(it);
	}
	lttr_rules_advance(rules, NULL, lttr_trace_header(r->t)->end_ns, on_firing, r->null);
	lttr_rules_stats(rules, &st);
	lttr_rules_free(rules);
	proc = slurp(dir, "proc", &len);
	if (!proc)
		return;
	nl = strchr(proc, '\n');
	if (nl)
		*nl = '\0';
	snprintf(text, sizeof(text), "on syscall_exit by comm if %.500s then snapshot", proc);
	if (lttr_rules_parse(text, &other, &err) == 0)
		lttr_rules_free(other);
	/* the same mutated text as the action log's words */
	snprintf(text, sizeof(text), "on exit then snapshot, log %.500s", proc);
	if (lttr_rules_parse(text, &other, &err) == 0)
		lttr_rules_free(other);
	/* and after a condition (a sample needs one) */
	snprintf(text, sizeof(text), "on syscall_exit if latency > 1ms then snapshot, log %.500s",
		 proc);
	if (lttr_rules_parse(text, &other, &err) == 0)
		lttr_rules_free(other);
	/* as the side of a request */
	snprintf(text, sizeof(text), "on request(%.500s then snapshot", proc);
	if (lttr_rules_parse(text, &other, &err) == 0)
		lttr_rules_free(other);
	/* and as a timer rule's period and condition */
	snprintf(text, sizeof(text), "on every %.500s then snapshot", proc);
	free(proc);
	if (lttr_rules_parse(text, &other, &err) == 0)
		lttr_rules_free(other);
}

/*
 * The firings log's parser (lttr_firing_line(), firings.jsonl) on a
 * firing (its snapshot incomplete, in a --snapshot-dir), then each line of the trace's proc file (the fuzzer mutates
 * it) and a heavy logging line over the whole trace; that log counted in
 * the trace (lttr_heavy_count()), its sample's instances explained in it
 * (lttr_heavy_explain_samples()), summed and written as audit --json does.
 */
static void firings_pass(struct run *r, const char *dir)
{
	static const char firing[] =
		"{\"seq\":1,\"rule\":0,\"line\":1,\"text\":\"on exit then snapshot\","
		"\"time_ns\":2,\"start_ns\":1,\"type\":\"exit\",\"pid\":1,\"cpu\":0,"
		"\"comm\":\"init\",\"key\":\"\",\"values\":[],\"actions\":[\"snapshot\"],"
		"\"snapshot\":{\"dir\":\"/snap/t-snapshot-1\",\"complete\":false,\"buffers\":1,"
		"\"dropped_events\":3,\"dropped_bytes\":4096,"
		"\"error\":\"/snap/t-snapshot-1/events: No space left on device (ENOSPC)\"}}";
	struct lttr_firing_rec *v = calloc(2, sizeof(*v)), rec;
	struct lttr_heavy_summary hs;
	struct lttr_heavy_explained *hx = NULL;
	struct lttr_error err;
	char line[1024], *proc, *p, *nl;
	size_t nv = 0, len = 0;

	if (!v)
		return;
	if (lttr_firing_line(firing, v, nv, &rec) == 1)
		v[nv++] = rec;
	proc = slurp(dir, "proc", &len);
	for (p = proc; p && *p; p = nl ? nl + 1 : p + strlen(p)) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		if (lttr_firing_line(p, v, nv, &rec) == 1) {
			struct lttr_firing_rec *one = nv < 2 ? &v[nv++] : malloc(sizeof(*one));

			if (one)
				*one = rec;
			if (one && one != &v[nv - 1])
				lttr_firings_free(one, 1);
		}
	}
	free(proc);
	snprintf(line, sizeof(line),
		 "{\"log\":1,\"from_ns\":%llu,\"to_ns\":%llu,\"ended\":\"sample\",\"why\":null,"
		 "\"parties\":[{\"pid\":%u,\"blame_ns\":1},{\"pid\":0}],\"sample\":{"
		 "\"matched_goal\":1,\"unmatched_goal\":1,\"matched_ppm\":500000,"
		 "\"unmatched_ppm\":1000000,\"matched_seen\":3,\"unmatched_seen\":1,"
		 "\"matched\":1,\"unmatched\":1,"
		 "\"instances\":[{\"matched\":true,\"time_ns\":5,\"start_ns\":1,\"pid\":1,"
		 "\"comm\":\"a\",\"values\":[{\"expr\":\"latency\",\"value\":4}]},"
		 "{\"matched\":false,\"time_ns\":%llu,\"start_ns\":%llu,\"pid\":%u,"
		 "\"comm\":null,\"values\":[]}]}}",
		 (unsigned long long)lttr_trace_window_start(r->t),
		 (unsigned long long)lttr_trace_end_ns(r->t) + 1, r->has_syscall ? 1U : 0U,
		 (unsigned long long)lttr_trace_end_ns(r->t),
		 (unsigned long long)lttr_trace_window_start(r->t), r->has_syscall ? 1U : 2U);
	lttr_firing_line(line, v, nv, &rec);
	/* its errors are the reader's, which the passes above report */
	lttr_heavy_count(dir, v, nv, &err);
	/* the sample's instances explained: one before the trace, one over it */
	lttr_heavy_explain_samples(dir, v, nv, &hx, &err);
	if (lttr_heavy_summarise(v, nv, &hs, &err) == 0) {
		lttr_json_heavy_summary(&r->j, &hs);
		lttr_heavy_summary_free(&hs);
	}
	if (nv) {
		lttr_json_heavy_log(&r->j, &v[0]);
		lttr_json_audit(&r->j, &v[0], NULL);	/* its snapshot, incomplete */
	}
	lttr_firings_free(v, nv);
	lttr_heavy_explained_free(hx);
}

static void resolve(struct lttr_syms *s, FILE *null, int32_t pid, uint64_t addr, uint64_t at,
		    int kernel)
{
	char name[256];

	lttr_syms_resolve(s, pid, addr, at, kernel, name, sizeof(name));
	fputs(name, null);
}

/*
 * The trace's exec, fork and mmap records fed to the symbols
 * (lttr_syms_note_event()), and the edges of the first mappings the mmap
 * records made resolved at their record's time, just after and at no
 * time.
 */
static void syms_notes(struct run *r, struct lttr_syms *s)
{
	struct lttr_iter *it;
	struct lttr_event ev;
	struct lttr_error err;
	struct {
		int32_t pid;
		uint64_t start, len, t;
	} mm[16];
	size_t n = 0, i, q;

	if (lttr_iter_new(r->t, &it, &err) < 0)
		return;
	while (lttr_iter_next(it, &ev) > 0) {
		if (lttr_syms_note_event(s, &ev) < 0)
			break;
		if (ev.id == LTT_EV_MMAP && ev.details && n < 16) {
			mm[n].pid = (int32_t)ev.p.mmap.pid;
			mm[n].start = ev.p.mmap.start;
			mm[n].len = ev.p.mmap.len;
			mm[n++].t = ev.time_ns;
		}
	}
	lttr_iter_free(it);
	for (i = 0; i < n; i++) {
		const uint64_t at[3] = { mm[i].t, mm[i].t + 1, LTTR_SYMS_NO_TIME };

		for (q = 0; q < 3; q++) {
			resolve(s, r->null, mm[i].pid, mm[i].start, at[q], 0);
			resolve(s, r->null, mm[i].pid, mm[i].start + mm[i].len / 2, at[q], 0);
			resolve(s, r->null, mm[i].pid, mm[i].start + mm[i].len - 1, at[q], 0);
			resolve(s, r->null, mm[i].pid, mm[i].start + mm[i].len, at[q], 0);
		}
	}
}

/*
 * The symbols of the directory (its kallsyms, modules and maps): parsed
 * alone, then opened with the directory itself as --symfs (its files are
 * the ELF files a maps line names: "/events" is read, not some file of
 * the machine) and every symbol's and mapping's edges resolved, at START,
 * at STOP and at no time; then with the trace's records (syms_notes()).
 */
static void syms_pass(struct run *r, const char *dir)
{
	FILE *null = r->null;
	struct lttr_ktab k;
	struct lttr_maps m;
	struct lttr_syms *s;
	char err[256], *text;
	size_t len = 0;

	memset(&k, 0, sizeof(k));
	memset(&m, 0, sizeof(m));
	text = slurp(dir, "kallsyms", &len);
	if (text)
		lttr_kallsyms_parse(&k, text, len);
	free(text);
	text = slurp(dir, "modules", &len);
	if (text)
		lttr_modules_parse(&k, text, len);
	free(text);
	text = slurp(dir, "maps", &len);
	if (text)
		lttr_maps_parse(&m, text, len);
	free(text);
	s = lttr_syms_open(dir, dir, err, sizeof(err));
	if (s) {
		size_t i, j, q;
		int sect;

		for (i = 0; i < k.nsym && i < 64; i++) {
			resolve(s, null, 0, k.sym[i].addr, 0, 1);
			resolve(s, null, 0, k.sym[i].addr + 1, 0, 1);
			resolve(s, null, 0, k.sym[i].addr - 1, 0, 1);
		}
		for (i = 0; i < k.nmod && i < 16; i++) {
			resolve(s, null, 0, k.mod[i].base, 0, 1);
			resolve(s, null, 0, k.mod[i].base + k.mod[i].size - 1, 0, 1);
			resolve(s, null, 0, k.mod[i].base + k.mod[i].size, 0, 1);
		}
		for (sect = 0; sect < LTTR_MAPS_NSECT; sect++) {
			const struct lttr_maps_section *ms = &m.sect[sect];

			for (i = 0; i < ms->nset && i < 16; i++) {
				for (j = 0; j < ms->set[i].n && j < 16; j++) {
					const struct lttr_map *mp = &ms->set[i].map[j];
					const uint64_t at[3] = { m.sect[0].time_ns, m.sect[1].time_ns,
								 LTTR_SYMS_NO_TIME };

					for (q = 0; q < 3; q++) {
						resolve(s, null, ms->set[i].pid, mp->start, at[q], 0);
						resolve(s, null, ms->set[i].pid,
							mp->start + (mp->end - mp->start) / 2, at[q], 0);
						resolve(s, null, ms->set[i].pid, mp->end, at[q], 0);
					}
				}
			}
		}
		syms_notes(r, s);
		for (i = 0; i < lttr_syms_warning_count(s); i++)
			fputs(lttr_syms_warning(s, i), null);
		lttr_syms_close(s);
	}
	lttr_ktab_free(&k);
	lttr_maps_free(&m);
}

void fz_run(const char *dir, unsigned int flags, char *out, size_t outlen)
{
	struct run r;
	struct lttr_error err;
	uint64_t from, to;
	const char *msg;
	size_t dl = strlen(dir), o;
	char text[LTTR_ERRMSG_MAX + 32];

	memset(&r, 0, sizeof(r));
	if (flags & FZ_THREADS)
		setenv("LTTR_THREADS", "2", 1);
	else
		setenv("LTTR_THREADS", "0", 1);
	if (lttr_trace_open(dir, flags & FZ_SALVAGE ? LTTR_OPEN_SALVAGE : 0, &r.t,
			    &err) < 0) {
		snprintf(text, sizeof(text), "refused: %s", err.msg);
		goto outcome;
	}
	r.null = fopen("/dev/null", "w");
	if (!r.null) {
		lttr_trace_close(r.t);
		snprintf(text, sizeof(text), "/dev/null: cannot open");
		goto outcome;
	}
	lttr_json_init(&r.j, r.null, false);
	from = lttr_trace_window_start(r.t);
	to = lttr_trace_end_ns(r.t);
	from = from / 4 * 3 + to / 4;
	info_pass(&r);
	iter_pass(&r);
	scan_pass(&r);
	summary_pass(&r, from, to);
	account_pass(&r, from, to);
	flow_pass(&r);
	stacks_pass(&r, from, to);
	instances_pass(&r);
	timing_pass(&r, from, to);
	view_pass(&r, dir);
	paths_pass(&r);
	syms_pass(&r, dir);
	sync_pass(&r, dir);
	rules_pass(&r, dir);
	firings_pass(&r, dir);
	replay_pass(&r, dir);
	set_pass(&r);
	vitals_pass(&r, dir);
	if (r.first_err[0])
		snprintf(text, sizeof(text), "error: %s", r.first_err);
	else
		snprintf(text, sizeof(text), "read: %llu events, %zu warnings",
			 (unsigned long long)r.events, lttr_trace_warning_count(r.t));
	fclose(r.null);
	lttr_trace_close(r.t);
outcome:
	/* the directory is a temporary one: name it TRACE */
	for (msg = text, o = 0; *msg && o + 1 < outlen; ) {
		if (!strncmp(msg, dir, dl) && o + 6 < outlen) {
			memcpy(out + o, "TRACE", 5);
			o += 5;
			msg += dl;
		} else {
			out[o++] = *msg++;
		}
	}
	out[o] = '\0';
}
