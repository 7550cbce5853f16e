// SPDX-License-Identifier: GPL-2.0
/*
 * replay.c - breakpoints and watchpoints over a replayed trace
 * (docs/replay.md).  The replay is the accounting pass
 * (lttr_account_compute_hooks()) re-run over the trace in a thread of its
 * own: its hooks keep the state predicates read (tasks from its task
 * changes, CPUs from its transitions, names from the process table,
 * application variables from the custom events, a Lamport clock over the
 * messages lttr_msgs_from_trace() matched), and after each event the
 * engine checks the breakpoints and watchpoints; at a hit the pass waits
 * while the script's commands (cont, step, print, set...) run.  Backward
 * (run-to-previous) runs the pass again from the start, without the
 * attached commands, to the last hit before the current stop.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/ltt-abi.h>
#include <lttr/analysis/account.h>
#include <lttr/model/blockreason.h>
#include <lttr/model/flow.h>
#include <lttr/model/process.h>
#include <lttr/paths/message.h>
#include <lttr/paths/trace-messages.h>
#include <lttr/reader/custom.h>
#include <lttr/reader/event.h>
#include <lttr/reader/fields.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/trace.h>
#include <lttr/replay/replay.h>
#include <lttr/sync/clocksync.h>
#include <lttr/view/files.h>
#include <lttr/view/filter.h>
#include <lttr/view/view.h>
#include "analysis/account-pass.h"
#include "replay/replay-internal.h"
#include "replay/rlua.h"
#include "replay/task-table.h"
#include "reader/progress-hold.h"

#define MAX_PID		4194304U	/* PID_MAX_LIMIT */

struct rtask {
	uint8_t state;		/* enum lttr_task_state */
	uint8_t reason;
	int8_t mode;		/* enum lttr_mode, -1 unknown */
	int8_t saved_mode;	/* under a trap */
	int32_t sc;		/* current syscall, -1 none */
	int32_t rqcpu;		/* runqueue it waits on, -1 unknown */
	uint16_t cpu;
	uint64_t since;
	uint64_t lc;		/* Lamport clock of the process (tgid's entry) */
	/* its last wakeup: the task on the waking CPU, what it was doing */
	bool woken;
	bool in_futex;		/* blocked in a futex (counted in futex_waiters) */
	int8_t wmode;		/* enum lttr_mode of the waker */
	uint32_t waker;
	uint32_t wctx;		/* the waker's syscall nr (irq, softirq vector) */
	uint64_t woken_at;
	/* what the syscall events carry: the entry's ip, the exit's return */
	uint64_t sc_ip;
	uint64_t sc_at;		/* when its syscall began (0: not in one) */
	int32_t last_sc;	/* -1 none yet */
	int64_t last_ret;
};

struct rcpu {
	uint32_t cur;
	uint16_t depth;		/* irq + softirq nesting */
	uint8_t top;		/* IRQ or SOFTIRQ when depth */
};

/* a value by process and name: the custom events' fields, the set variables */
struct appvar {
	uint32_t tgid;		/* cppcheck-suppress unusedStructMember */
	char name[40];		/* cppcheck-suppress unusedStructMember */
	struct rx_val v;
};

struct point {
	unsigned int id;
	bool watch;
	bool deleted;
	char *spec;		/* as written */
	struct lttr_filter *filter;	/* break: the event spec (NULL: any) */
	struct rx_node *cond;	/* break: if; watch: the expression */
	char *node;		/* on NODES (NULL: every node) */
	int lua_ref;		/* attached commands, LUA_NOREF for none */
	bool has_last;
	struct rx_val last;
	bool hit;		/* at the current event */
	struct rx_val oldv;
};

enum { PASS_FORWARD, PASS_COLLECT, PASS_SEEK };

/* a node of the trace set (a host, one trace): its own state */
struct rnode {
	struct lttr_trace *t;
	size_t host;			/* its index in the set */
	uint64_t start;
	const char *node;		/* its name (__NODE__) */
	struct task_table tasks;	/* struct rtask by pid */
	struct rcpu cpus[LTT_MAX_CPUS];
	unsigned int ncpus;
	struct appvar *vars;
	size_t nvars, varcap;
	struct lttr_ptable *pt;
	struct lttr_view *view;		/* built for fd[][] on first use */
	/* futexes: the tasks blocked in one now, the wakeups by a task in
	 * the futex syscall so far and the last of them */
	uint64_t futex_waiters;
	uint64_t futex_wakes;
	uint32_t futex_waker, futex_woken;
	bool futex_any;
	struct lttr_acct_pass *pass;	/* a set's pass: this node's accounting */
	bool ended;
	uint64_t next_ref;		/* its next event's time, on the first node's clock */
};

struct lttr_replay {
	struct lttr_trace *t;		/* the first node's */
	struct lttr_trace **traces;	/* every node's (the expressions' custom fields) */
	const struct lttr_replay_opts *o;
	/* the nodes: one for a trace; several for a set, on the first's clock */
	struct rnode *nodes;
	size_t nnodes;
	const char **names;
	const struct lttr_sync_model *model;
	char *all;			/* __ALL__: the names, comma-separated */
	struct rnode *cn;		/* the node whose state is read and fed now */
	struct rnode *en;		/* the node of the current event */
	struct lttr_event cur;
	uint64_t cur_ref;		/* its time on the first node's clock */
	bool have_cur;
	uint64_t ordinal;
	struct rchan_set *chans;	/* built for chan[][] on first use */
	bool chans_failed;
	/* messages and the Lamport clock */
	struct lttr_msgset *msgs;
	uint64_t *msg_lc;
	size_t *by_send, *by_recv;
	uint32_t *msg_host;		/* the host of each of their nodes */
	/* debugging variables (set) */
	struct appvar *dvars;
	size_t ndvars, dvarcap;
	/* points */
	struct point *pts;
	size_t npts, ptcap;
	unsigned int next_id;
	bool stepping;
	int64_t step_pid;	/* next PID: the task stepped to, -1 any */
	bool to_end;		/* run: to the end without stopping */
	/* the pass */
	pthread_t th;
	bool running, finished, quit;
	int turn;		/* 0: main, 1: the pass */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int mode;
	uint64_t target;	/* COLLECT: before it; SEEK: stop there */
	uint64_t found;		/* COLLECT: last hit */
	bool seek_quiet;	/* SEEK: back where it was, nothing to report */
	bool stopped_here;
	struct lttr_error perr;
	int prc;
	/* Lua */
	struct rlua *lua;
	char out[8192];
	size_t outlen;
};

/* ---- the state, from the accounting's hooks ---- */

static struct rtask *task_get(struct lttr_replay *r, uint32_t pid)
{
	struct rtask *k;
	bool created;

	if (pid >= MAX_PID)
		return NULL;
	k = task_table_get(&r->cn->tasks, pid, true, &created);
	if (k && created) {
		k->mode = -1;
		k->saved_mode = -1;
		k->sc = -1;
		k->rqcpu = -1;
		k->state = LTTR_TS_UNKNOWN;
		k->last_sc = -1;
	}
	return k;
}

static uint32_t tgid_of(struct lttr_replay *r, uint32_t pid)
{
	struct lttr_process *p = lttr_ptable_get(r->cn->pt, pid, false);

	return p ? p->tgid : pid;
}

/* the count of the tasks blocked in a futex, after @k's state changed */
static void futex_count(struct lttr_replay *r, struct rtask *k)
{
	bool in = k->state == LTTR_TS_BLOCKED && k->reason == LTTR_BLOCK_FUTEX;

	if (in == k->in_futex)
		return;
	k->in_futex = in;
	if (in)
		r->cn->futex_waiters++;
	else if (r->cn->futex_waiters)
		r->cn->futex_waiters--;
}

static void h_task(void *arg, const struct lttr_acct_change *c)
{
	struct lttr_replay *r = arg;
	struct rtask *k = task_get(r, c->pid);

	if (!k)
		return;
	if (c->state == LTTR_TS_RESOLVED) {
		if (k->state == LTTR_TS_BLOCKED)
			k->reason = c->reason;
		if (k->mode == LTTR_MODE_UNKNOWN || k->mode < 0)
			k->mode = (int8_t)c->mode;
		if (c->mode == LTTR_MODE_SYSCALL)
			k->sc = (int32_t)c->what;
		futex_count(r, k);
		return;
	}
	if (c->state != k->state)
		k->since = c->time_ns;
	k->state = c->state;
	if (c->state == LTTR_TS_BLOCKED) {
		k->reason = c->reason;
		if (c->mode == LTTR_MODE_SYSCALL)
			k->sc = (int32_t)c->what;
	}
	if (c->state == LTTR_TS_RUNNING) {
		k->cpu = c->cpu;
		k->rqcpu = -1;
	}
	futex_count(r, k);
}

/* whether syscall @nr is futex (or futex_waitv) */
static bool is_futex_nr(uint32_t nr)
{
	char b[32];
	const char *name = lttr_syscall_str(nr, b, sizeof(b));

	return !strcmp(name, "futex") || !strcmp(name, "futex_waitv");
}

static void h_transition(void *arg, const struct lttr_flow_tr *tr)
{
	struct lttr_replay *r = arg;
	struct rtask *k = task_get(r, tr->pid), *k2;
	struct rcpu *c = tr->cpu < LTT_MAX_CPUS ? &r->cn->cpus[tr->cpu] : NULL;

	if (!k || !c)
		return;
	switch (tr->kind) {
	case LTTR_TR_SYSCALL_ENTRY:
		k->mode = LTTR_MODE_SYSCALL;
		k->sc = (int32_t)tr->what;
		break;
	case LTTR_TR_SYSCALL_EXIT:
		k->mode = LTTR_MODE_USER;
		k->sc = -1;
		break;
	case LTTR_TR_TRAP_ENTRY:
		k->saved_mode = k->mode;
		k->mode = LTTR_MODE_TRAP;
		break;
	case LTTR_TR_TRAP_EXIT:
		k->mode = k->saved_mode >= 0 ? k->saved_mode : LTTR_MODE_UNKNOWN;
		break;
	case LTTR_TR_IRQ_ENTRY:
	case LTTR_TR_SOFTIRQ_ENTRY:
		c->depth = tr->depth;
		c->top = tr->kind == LTTR_TR_IRQ_ENTRY ? LTTR_MODE_IRQ : LTTR_MODE_SOFTIRQ;
		break;
	case LTTR_TR_IRQ_EXIT:
	case LTTR_TR_SOFTIRQ_EXIT:
		c->depth = tr->depth ? (uint16_t)(tr->depth - 1) : 0;
		break;
	case LTTR_TR_SWITCH:
		c->cur = tr->pid2;
		c->depth = 0;
		k->mode = (int8_t)tr->mode;
		if (!tr->state)
			k->rqcpu = tr->cpu;
		if ((k2 = task_get(r, tr->pid2)))
			k2->cpu = tr->cpu;
		break;
	case LTTR_TR_WAKEUP:
		if ((k2 = task_get(r, tr->pid2))) {
			k2->rqcpu = (int32_t)tr->what;
			k2->woken = true;
			k2->waker = tr->pid;
			k2->wmode = (int8_t)tr->mode;
			k2->wctx = tr->ctx;
			k2->woken_at = tr->time_ns;
		}
		if (tr->mode == LTTR_MODE_SYSCALL && is_futex_nr(tr->ctx)) {
			r->cn->futex_wakes++;
			r->cn->futex_waker = tr->pid;
			r->cn->futex_woken = tr->pid2;
			r->cn->futex_any = true;
		}
		break;
	case LTTR_TR_RESOLVE:
		k->mode = (int8_t)tr->mode;
		if (tr->mode == LTTR_MODE_SYSCALL)
			k->sc = (int32_t)tr->what;
		break;
	case LTTR_TR_LOST:
		k->mode = LTTR_MODE_UNKNOWN;
		break;
	case LTTR_TR_LOST_END:
		c->cur = tr->pid;
		break;
	default:
		break;
	}
}

static size_t runq(const struct lttr_replay *r, unsigned int cpu)
{
	size_t n = 0, i;

	for (i = 0; i < task_table_count(&r->cn->tasks); i++) {
		const struct rtask *k = task_table_at(&r->cn->tasks, i);

		if (k->state == LTTR_TS_RUNNABLE && k->rqcpu == (int32_t)cpu)
			n++;
	}
	return n;
}

static struct appvar *var_find(struct appvar **v, size_t *n, size_t *cap, uint32_t tgid,
			       const char *name, bool create)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*v)[i].tgid == tgid && !strcmp((*v)[i].name, name))
			return &(*v)[i];
	if (!create)
		return NULL;
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 32;
		struct appvar *nv = realloc(*v, c * sizeof(*nv));

		if (!nv)
			return NULL;
		*v = nv;
		*cap = c;
	}
	memset(&(*v)[*n], 0, sizeof(**v));
	(*v)[*n].tgid = tgid;
	snprintf((*v)[*n].name, sizeof((*v)[*n].name), "%s", name);
	return &(*v)[(*n)++];
}

static void custom_value(const struct lttr_custom_value *cv, struct rx_val *v)
{
	memset(v, 0, sizeof(*v));
	switch (cv->field->type) {
	case LTTR_CF_STR:
		v->type = RX_V_STR;
		snprintf(v->s, sizeof(v->s), "%.*s", (int)(cv->len < 255 ? cv->len : 255), cv->str);
		break;
	case LTTR_CF_S8:
	case LTTR_CF_S16:
	case LTTR_CF_S32:
	case LTTR_CF_S64:
		v->type = RX_V_INT;
		v->i = cv->s;
		break;
	default:
		v->type = RX_V_INT;
		v->i = (int64_t)cv->u;
		break;
	}
}

/* the time of @ns of node @n's clock on the first node's */
static uint64_t to_ref(const struct lttr_replay *r, const struct rnode *n, uint64_t ns)
{
	return r->model && n->host ? lttr_sync_to_ref_ns(r->model, n->host, ns) : ns;
}

/* the messages matched by lttr_msgs_from_trace() (a set's: by
 * lttr_msgs_from_hosts()), sorted by end: host, process, time */
static const struct lttr_msg *sort_msgs;
static const uint32_t *sort_host;	/* the host of each message's node */

static int cmp_send(const void *a, const void *b)
{
	const struct lttr_msg *x = &sort_msgs[*(const size_t *)a], *y = &sort_msgs[*(const size_t *)b];

	if (sort_host[x->src] != sort_host[y->src])
		return sort_host[x->src] < sort_host[y->src] ? -1 : 1;
	if (x->src_pid != y->src_pid)
		return x->src_pid < y->src_pid ? -1 : 1;
	return x->send_ns < y->send_ns ? -1 : x->send_ns > y->send_ns;
}

static int cmp_recv(const void *a, const void *b)
{
	const struct lttr_msg *x = &sort_msgs[*(const size_t *)a], *y = &sort_msgs[*(const size_t *)b];

	if (sort_host[x->dst] != sort_host[y->dst])
		return sort_host[x->dst] < sort_host[y->dst] ? -1 : 1;
	if (x->dst_pid != y->dst_pid)
		return x->dst_pid < y->dst_pid ? -1 : 1;
	return x->recv_ns < y->recv_ns ? -1 : x->recv_ns > y->recv_ns;
}

/* the first index of @idx whose message has @host, @pid and @ns (send or recv) */
static size_t msg_lower(const struct lttr_replay *r, const size_t *idx, bool send,
			uint32_t host, uint32_t pid, uint64_t ns)
{
	size_t lo = 0, hi = r->msgs->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct lttr_msg *m = &r->msgs->v[idx[mid]];
		uint32_t h = r->msg_host[send ? m->src : m->dst];
		uint32_t p = send ? m->src_pid : m->dst_pid;
		uint64_t t = send ? m->send_ns : m->recv_ns;

		if (h < host || (h == host && (p < pid || (p == pid && t < ns))))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool msg_at(const struct lttr_replay *r, size_t i, bool send, uint32_t host, uint32_t pid,
		   uint64_t ns)
{
	const size_t *idx = send ? r->by_send : r->by_recv;
	const struct lttr_msg *m;

	if (i >= r->msgs->n)
		return false;
	m = &r->msgs->v[idx[i]];
	if (send)
		return !(m->flags & LTTR_MSG_RECV_ONLY) && r->msg_host[m->src] == host &&
		       m->src_pid == pid && m->send_ns == ns;
	return !(m->flags & LTTR_MSG_SEND_ONLY) && r->msg_host[m->dst] == host &&
	       m->dst_pid == pid && m->recv_ns == ns;
}

/*
 * The time the messages of socket event @ev (of the node fed, r->cn) have,
 * on the first node's clock: a receive's, or the time its system call
 * began for a send (the send event is at its return), as
 * lttr_msgs_from_trace() times them
 */
static uint64_t msg_time(struct lttr_replay *r, const struct lttr_event *ev)
{
	struct rtask *th = ev->id == LTT_EV_SOCKET_SEND ? task_get(r, ev->pid) : NULL;

	if (th && th->sc_at && th->sc_at <= ev->time_ns)
		return to_ref(r, r->cn, th->sc_at);
	return to_ref(r, r->cn, ev->time_ns);
}

/* Lamport: a send ticks the process's clock and stamps its messages; a
 * receive takes the greatest of its clock and theirs, plus one.  Across
 * hosts the messages are a set's (on the first node's clock, the event's
 * time r->cur_ref put there the same way), so a receive on one node
 * takes the clock a send on another stamped */
static void lamport(struct lttr_replay *r, const struct lttr_event *ev)
{
	bool send = ev->id == LTT_EV_SOCKET_SEND;
	struct rtask *k = task_get(r, tgid_of(r, ev->pid));
	uint32_t h = (uint32_t)r->cn->host;
	uint64_t ns;
	size_t i;

	if (!k || !r->msgs || !r->msgs->n)
		return;
	ns = msg_time(r, ev);
	i = msg_lower(r, send ? r->by_send : r->by_recv, send, h, ev->pid, ns);
	if (!msg_at(r, i, send, h, ev->pid, ns))
		return;
	if (send) {
		k->lc++;
		for (; msg_at(r, i, true, h, ev->pid, ns); i++)
			r->msg_lc[r->by_send[i]] = k->lc;
		return;
	}
	for (; msg_at(r, i, false, h, ev->pid, ns); i++)
		if (r->msg_lc[r->by_recv[i]] > k->lc)
			k->lc = r->msg_lc[r->by_recv[i]];
	k->lc++;
}

static void set_int(struct rx_val *v, int64_t i);

/* the event's own part of the state, applied as it is read */
static void apply_event(struct lttr_replay *r, const struct lttr_event *ev)
{
	if (ev->details && lttr_ptable_names(ev->id))
		lttr_ptable_apply(r->cn->pt, ev);
	if (ev->id == LTT_EV_CUSTOM && ev->details) {
		struct lttr_custom_inst ci;
		unsigned int i;

		lttr_custom_inst_decode(r->cn->t, ev, &ci);
		for (i = 0; ci.ty && !ci.mismatch && i < ci.n; i++) {
			struct appvar *a = var_find(&r->cn->vars, &r->cn->nvars, &r->cn->varcap,
						    tgid_of(r, ev->pid), ci.vals[i].field->name, true);

			if (a)
				custom_value(&ci.vals[i], &a->v);
		}
	}
	/* a marker counter (ltt_counter()) is an application variable of
	 * its process too, named as the counter */
	if (ev->id == LTT_EV_MARKER && ev->details && ev->p.marker.kind == LTT_MARKER_COUNTER &&
	    ev->var && ev->p.marker.name_len && ev->p.marker.name_len <= ev->var_len &&
	    ev->p.marker.name_len < 64) {
		char name[64];
		struct appvar *a;

		memcpy(name, ev->var, ev->p.marker.name_len);
		name[ev->p.marker.name_len] = '\0';
		a = var_find(&r->cn->vars, &r->cn->nvars, &r->cn->varcap, ev->p.marker.pid, name, true);
		if (a)
			set_int(&a->v, ev->p.marker.value);
	}
	if (ev->id == LTT_EV_SOCKET_SEND || ev->id == LTT_EV_SOCKET_RECV)
		lamport(r, ev);
	if (ev->id == LTT_EV_SYSCALL_ENTRY || ev->id == LTT_EV_SYSCALL_EXIT) {
		struct rtask *k = task_get(r, ev->pid);

		if (k)
			k->sc_at = ev->id == LTT_EV_SYSCALL_ENTRY ? ev->time_ns : 0;
	}
	/* the syscall events carry the call's ip and its return value, not
	 * its arguments (the ABI's syscall_entry: ip and nr) */
	if (ev->details && (ev->id == LTT_EV_SYSCALL_ENTRY || ev->id == LTT_EV_SYSCALL_EXIT)) {
		struct rtask *k = task_get(r, ev->pid);

		if (k && ev->id == LTT_EV_SYSCALL_ENTRY) {
			k->sc_ip = ev->p.syscall_entry.ip;
		} else if (k) {
			k->last_sc = (int32_t)ev->p.syscall_exit.nr;
			k->last_ret = ev->p.syscall_exit.ret;
		}
	}
}

/* ---- what expressions read ---- */

static void set_int(struct rx_val *v, int64_t i)
{
	v->type = RX_V_INT;
	v->i = i;
}

static void set_str(struct rx_val *v, const char *s)
{
	size_t n = s ? strnlen(s, sizeof(v->s) - 1) : 0;

	v->type = RX_V_STR;
	if (n)
		memcpy(v->s, s, n);
	v->s[n] = '\0';
}

static const char *state_name(unsigned int s)
{
	static const char *const n[] = { "running", "runnable", "blocked", "dead",
					 "running", "zombie", "unknown" };

	return s < sizeof(n) / sizeof(n[0]) ? n[s] : "unknown";
}

static const char *comm_at(void *arg, uint32_t pid, uint64_t time_ns)
{
	struct lttr_replay *r = arg;
	const char *n = lttr_ptable_name_at(r->cn->pt, pid, time_ns);

	return n && *n ? n : NULL;
}

/* the current event's time on the clock of the node read */
static uint64_t node_now(const struct lttr_replay *r)
{
	if (r->cn == r->en || !r->model)
		return r->cur.time_ns;
	return lttr_sync_from_ref_ns(r->model, r->cn->host, r->cur_ref);
}

static void task_field(struct lttr_replay *r, uint32_t pid, const char *f, struct rx_val *out)
{
	const struct rtask *k = task_table_get(&r->cn->tasks, pid, false, NULL);
	struct lttr_process *p = lttr_ptable_get(r->cn->pt, pid, false);

	if (!strcmp(f, "comm")) {
		if (p && p->name && *p->name)
			set_str(out, r->have_cur ? comm_at(r, pid, node_now(r)) : p->name);
		return;
	}
	if (!strcmp(f, "ppid") || !strcmp(f, "tgid")) {
		if (p)
			set_int(out, f[0] == 'p' ? p->ppid : p->tgid);
		return;
	}
	if (!k)
		return;
	if (!strcmp(f, "state"))
		set_str(out, state_name(k->state));
	else if (!strcmp(f, "reason")) {
		if (k->state == LTTR_TS_BLOCKED)
			set_str(out, lttr_block_name(k->reason));
	} else if (!strcmp(f, "cpu")) {
		if (k->state == LTTR_TS_RUNNING)
			set_int(out, k->cpu);
	} else if (!strcmp(f, "runq_cpu")) {
		if (k->state == LTTR_TS_RUNNABLE && k->rqcpu >= 0)
			set_int(out, k->rqcpu);
	} else if (!strcmp(f, "mode")) {
		if (k->mode >= 0 && (k->state == LTTR_TS_RUNNING || k->state == LTTR_TS_RUNNABLE ||
				     k->state == LTTR_TS_BLOCKED))
			set_str(out, lttr_mode_name((unsigned int)k->mode));
	} else if (!strcmp(f, "syscall")) {
		if (k->sc >= 0 && k->mode == LTTR_MODE_SYSCALL) {
			char b[32];

			set_str(out, lttr_syscall_str((unsigned int)k->sc, b, sizeof(b)));
		}
	} else if (!strcmp(f, "since")) {
		set_int(out, (int64_t)(k->since - r->cn->start));
	} else if (!strcmp(f, "time_in_state")) {
		if (r->have_cur)
			set_int(out, (int64_t)(node_now(r) - k->since));
	} else if (!strcmp(f, "waker")) {
		if (k->woken)
			set_int(out, k->waker);
	} else if (!strcmp(f, "waker_mode")) {
		if (k->woken && k->wmode >= 0)
			set_str(out, lttr_mode_name((unsigned int)k->wmode));
	} else if (!strcmp(f, "waker_syscall")) {
		if (k->woken && k->wmode == LTTR_MODE_SYSCALL) {
			char b[32];

			set_str(out, lttr_syscall_str(k->wctx, b, sizeof(b)));
		}
	} else if (!strcmp(f, "woken_at")) {
		if (k->woken)
			set_int(out, (int64_t)(k->woken_at - r->cn->start));
	} else if (!strcmp(f, "syscall_ip")) {
		if (k->sc >= 0 && k->mode == LTTR_MODE_SYSCALL && k->sc_ip)
			set_int(out, (int64_t)k->sc_ip);
	} else if (!strcmp(f, "last_syscall") || !strcmp(f, "last_ret")) {
		if (k->last_sc < 0)
			return;
		if (f[5] == 's') {
			char b[32];

			set_str(out, lttr_syscall_str((unsigned int)k->last_sc, b, sizeof(b)));
		} else {
			set_int(out, k->last_ret);
		}
	}
}

static void futex_field(struct lttr_replay *r, const char *f, struct rx_val *out)
{
	if (!strcmp(f, "waiters"))
		set_int(out, (int64_t)r->cn->futex_waiters);
	else if (!strcmp(f, "wakes"))
		set_int(out, (int64_t)r->cn->futex_wakes);
	else if (r->cn->futex_any)	/* last_waker, last_woken */
		set_int(out, f[5] == 'w' && f[6] == 'a' ? r->cn->futex_waker : r->cn->futex_woken);
}

static void cpu_field(struct lttr_replay *r, int64_t cpu, const char *f, struct rx_val *out)
{
	const struct rcpu *c;

	if (cpu < 0 || cpu >= (int64_t)r->cn->ncpus)
		return;
	c = &r->cn->cpus[cpu];
	if (!strcmp(f, "current"))
		set_int(out, c->cur);
	else if (!strcmp(f, "runq"))
		set_int(out, (int64_t)runq(r, (unsigned int)cpu));
	else if (!strcmp(f, "idle"))
		set_int(out, c->cur == 0 && !c->depth);
	else if (c->depth)
		set_str(out, lttr_mode_name(c->top));
	else if (!c->cur)
		set_str(out, "idle");
	else
		task_field(r, c->cur, "mode", out);
}

static void event_field(struct lttr_replay *r, const char *f, struct rx_val *out)
{
	const struct lttr_event *ev = &r->cur;
	const struct lttr_field *fd;

	if (!r->have_cur || r->cn != r->en)	/* the event is another node's */
		return;
	if (!strcmp(f, "type")) {
		char b[16];

		set_str(out, lttr_event_type_str(ev->id, b, sizeof(b)));
	} else if (!strcmp(f, "pid")) {
		set_int(out, ev->pid);
	} else if (!strcmp(f, "cpu")) {
		set_int(out, ev->cpu);
	} else if (!strcmp(f, "time")) {
		set_int(out, (int64_t)(ev->time_ns - r->cn->start));
	} else if (!strcmp(f, "time_ns")) {
		set_int(out, (int64_t)ev->time_ns);
	} else if (!strcmp(f, "comm")) {
		const char *n = comm_at(r, ev->pid, ev->time_ns);

		if (n)
			set_str(out, n);
	} else if (!strcmp(f, "desc")) {
		char b[LTTR_DESC_MAX];

		lttr_event_describe(r->cn->t, ev, b, sizeof(b));
		set_str(out, b);
	} else if ((fd = lttr_field_find(ev->id, f))) {
		struct lttr_field_buf *buf = malloc(sizeof(*buf));
		struct lttr_field_value v;

		if (!buf)
			return;
		lttr_field_get(r->cn->t, ev, fd, buf, &v);
		if (v.type == LTTR_FIELD_V_U64)
			set_int(out, (int64_t)v.u);
		else if (v.type == LTTR_FIELD_V_I64)
			set_int(out, v.i);
		else if (v.type == LTTR_FIELD_V_BOOL)
			set_int(out, v.b);
		else if (v.type == LTTR_FIELD_V_STR) {
			out->type = RX_V_STR;
			snprintf(out->s, sizeof(out->s), "%.*s",
				 (int)(v.str.len < 255 ? v.str.len : 255), v.str.p);
		}
		free(buf);
	} else if (ev->id == LTT_EV_CUSTOM && ev->details) {
		struct lttr_custom_inst ci;
		unsigned int i;

		lttr_custom_inst_decode(r->cn->t, ev, &ci);
		for (i = 0; ci.ty && !ci.mismatch && i < ci.n; i++)
			if (!strcmp(ci.vals[i].field->name, f))
				custom_value(&ci.vals[i], out);
	}
}

static void fd_value(struct lttr_replay *r, int64_t pid, int64_t fd, struct rx_val *out)
{
	struct lttr_fd_file ff;
	struct lttr_error err;
	char b[1200];

	if (!r->have_cur || pid < 0 || pid >= MAX_PID || fd < 0 || fd > INT32_MAX)
		return;
	if (!r->cn->view && lttr_view_build(r->cn->t, NULL, NULL, &r->cn->view, &err) < 0) {
		r->cn->view = NULL;
		return;
	}
	if (lttr_view_fd_file(r->cn->view, (uint32_t)pid, (int32_t)fd, node_now(r), &ff, &err) < 0)
		return;
	set_str(out, lttr_fd_file_str(&ff, b, sizeof(b)));
}

/* an end of a channel: a process of the node read, or "NODE:PID"; false if none */
static bool chan_end(const struct lttr_replay *r, const struct rx_val *v, uint32_t *host,
		     int64_t *pid)
{
	const char *c;
	char *end;
	int64_t k;

	if (v->type == RX_V_INT) {
		*host = (uint32_t)r->cn->host;
		*pid = v->i;
		return true;
	}
	if (v->type != RX_V_STR || !(c = strrchr(v->s, ':')) || !c[1])
		return false;
	k = rx_node_index(v->s, (size_t)(c - v->s), r->names, r->nnodes);
	*pid = strtoll(c + 1, &end, 10);
	if (k < 0 || *end || *pid < 0)
		return false;
	*host = (uint32_t)k;
	return true;
}

static void env_chan(void *arg, const struct rx_val *src, const struct rx_val *dst,
		     const char *field, struct rx_val *out)
{
	struct lttr_replay *r = arg;
	uint32_t sh, dh;
	int64_t s, d;

	if (!r->have_cur || !chan_end(r, src, &sh, &s) || !chan_end(r, dst, &dh, &d))
		return;
	if (!r->chans && !r->chans_failed && !(r->chans = rchan_build(r->msgs, r->msg_host))) {
		r->chans_failed = true;	/* out of memory: unknown, said once */
		replay_message(r, "chan[][]: out of memory: the channels are unknown");
	}
	if (r->chans)
		rchan_value(r->chans, sh, s, dh, d, field, r->cur_ref, out);
}

static void env_ref(void *arg, int table, int64_t i1, int64_t i2, const char *field,
		    struct rx_val *out)
{
	struct lttr_replay *r = arg;

	switch (table) {
	case RX_T_TASK:
		if (i1 >= 0 && i1 < MAX_PID)
			task_field(r, (uint32_t)i1, field, out);
		break;
	case RX_T_CPU:
		cpu_field(r, i1, field, out);
		break;
	case RX_T_APP: {
		struct appvar *a = i1 >= 0 && i1 < MAX_PID ?
			var_find(&r->cn->vars, &r->cn->nvars, &r->cn->varcap, (uint32_t)i1, field, false) : NULL;

		if (a)
			*out = a->v;
		break;
	}
	case RX_T_FD:
		fd_value(r, i1, i2, out);
		break;
	case RX_T_CHAN: {
		struct rx_val a = { .type = RX_V_INT, .i = i1 }, b = { .type = RX_V_INT, .i = i2 };

		env_chan(r, &a, &b, field, out);
		break;
	}
	case RX_T_FUTEX:
		futex_field(r, field, out);
		break;
	default:
		event_field(r, field, out);
		break;
	}
}

static void env_var(void *arg, const char *name, struct rx_val *out)
{
	struct lttr_replay *r = arg;
	struct appvar *a = var_find(&r->dvars, &r->ndvars, &r->dvarcap, 0, name, false);

	if (a)
		*out = a->v;
}

static void env_meta(void *arg, int which, struct rx_val *out)
{
	struct lttr_replay *r = arg;

	switch (which) {
	case RX_M_NODE:
		set_str(out, r->cn->node);
		break;
	case RX_M_ALL:
		set_str(out, r->all);
		break;
	case RX_M_REAL:
		/* the wall clock of the event, from its own node's clock pair */
		if (r->have_cur) {
			const struct ltt_trace_header *h = lttr_trace_header(r->en->t);

			set_int(out, (int64_t)(h->start_wall_ns + r->cur.time_ns - h->start_ns));
		}
		break;
	default:
		if (r->have_cur) {
			struct rnode *was = r->cn;
			struct rtask *k;

			r->cn = r->en;	/* the clock of the event's process */
			k = task_get(r, tgid_of(r, r->cur.pid));
			set_int(out, k ? (int64_t)k->lc : 0);
			r->cn = was;
		}
		break;
	}
}

/* @NODE(EXPR): the state of node @node read; the node read before */
static int64_t env_at(void *arg, int64_t node)
{
	struct lttr_replay *r = arg;
	int64_t was = r->cn - r->nodes;

	if (node < 0 || (size_t)node >= r->nnodes)
		return -1;
	r->cn = &r->nodes[node];
	return was;
}

void replay_eval(struct lttr_replay *r, const struct rx_node *n, struct rx_val *out)
{
	struct rx_env e = { env_ref, env_var, env_meta, r, env_at, env_chan };

	rx_eval(n, &e, out);
}

int replay_set_var(struct lttr_replay *r, const char *name, const struct rx_val *v)
{
	struct appvar *a = var_find(&r->dvars, &r->ndvars, &r->dvarcap, 0, name, true);

	if (!a)
		return -1;
	a->v = *v;
	return 0;
}

const char *replay_all(struct lttr_replay *r)
{
	return r->all ? r->all : "";
}

struct rx_node *replay_compile(struct lttr_replay *r, const char *s, unsigned int line,
			       unsigned int col, struct lttr_error *err)
{
	if (!r->nnodes)		/* lttr_replay_check(): the trace's node */
		return rx_compile(s, line, col, r->t, err);
	return rx_compile_nodes(s, line, col, r->traces, r->names, r->nnodes, err);
}

void replay_out(struct lttr_replay *r, const char *s)
{
	size_t n = strlen(s);

	if (r->outlen + n + 1 >= sizeof(r->out))
		n = sizeof(r->out) - 1 - r->outlen;
	memcpy(r->out + r->outlen, s, n);
	r->outlen += n;
	r->out[r->outlen] = '\0';
}

void replay_message(struct lttr_replay *r, const char *msg)
{
	if (r->o->message)
		r->o->message(r->o->arg, msg);
}

/* the messages the current event sent or received, for Lua's messages() */
size_t replay_event_msgs(struct lttr_replay *r, const struct lttr_msg **v, const char ***names,
			 size_t max, bool *send)
{
	size_t i, n = 0;
	const size_t *idx;
	struct rnode *was = r->cn;
	uint64_t ns;

	*send = r->cur.id == LTT_EV_SOCKET_SEND;
	if (!r->have_cur || !r->msgs || !r->msgs->n ||
	    (r->cur.id != LTT_EV_SOCKET_SEND && r->cur.id != LTT_EV_SOCKET_RECV))
		return 0;
	r->cn = r->en;
	ns = msg_time(r, &r->cur);
	r->cn = was;
	idx = *send ? r->by_send : r->by_recv;
	*names = (const char **)r->msgs->nodes;
	for (i = msg_lower(r, idx, *send, (uint32_t)r->en->host, r->cur.pid, ns);
	     n < max && msg_at(r, i, *send, (uint32_t)r->en->host, r->cur.pid, ns); i++)
		v[n++] = &r->msgs->v[idx[i]];
	return n;
}

/* ---- points ---- */

static struct point *point_new(struct lttr_replay *r)
{
	struct point *p;

	if (r->npts == r->ptcap) {
		size_t c = r->ptcap ? r->ptcap * 2 : 16;

		p = realloc(r->pts, c * sizeof(*p));
		if (!p)
			return NULL;
		r->pts = p;
		r->ptcap = c;
	}
	p = &r->pts[r->npts];
	memset(p, 0, sizeof(*p));
	p->lua_ref = -2;
	p->id = ++r->next_id;
	return p;
}

int replay_watch(struct lttr_replay *r, const char *expr, struct lttr_error *err)
{
	struct point *p;
	struct rx_node *n = replay_compile(r, expr, 0, 1, err);

	if (!n)
		return -1;
	if (!(p = point_new(r)) || !(p->spec = strdup(expr))) {
		rx_free(n);
		lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		return -1;
	}
	p->watch = true;
	p->cond = n;
	r->npts++;
	/* set at a stop: its value now is the one a change is seen from */
	if (r->have_cur) {
		replay_eval(r, n, &p->last);
		p->has_last = true;
	}
	return (int)p->id;
}

int replay_delete(struct lttr_replay *r, unsigned int id)
{
	size_t i;

	for (i = 0; i < r->npts; i++)
		if (r->pts[i].id == id && !r->pts[i].deleted) {
			r->pts[i].deleted = true;
			return 0;
		}
	return -1;
}

static void free_points(struct lttr_replay *r)
{
	size_t i;

	for (i = 0; i < r->npts; i++) {
		free(r->pts[i].spec);
		free(r->pts[i].node);
		lttr_filter_free(r->pts[i].filter);
		rx_free(r->pts[i].cond);
	}
	free(r->pts);
}

/* ---- the pass ---- */

static void report(struct lttr_replay *r, unsigned int kind, const struct point *p, bool back)
{
	struct lttr_replay_stop s = { .kind = kind, .backward = back, .node = r->cn->node };
	char desc[LTTR_DESC_MAX], ov[300], nv[300];
	struct rx_val lc = { 0 };
	const char *comm;

	if (r->have_cur) {
		s.ordinal = r->ordinal;
		s.time_ns = r->cur_ref;
		s.rel_ns = (int64_t)(r->cur_ref - r->nodes[0].start);
		s.pid = r->cur.pid;
		s.cpu = r->cur.cpu;
		lttr_event_describe(r->cn->t, &r->cur, desc, sizeof(desc));
		s.desc = desc;
		comm = comm_at(r, r->cur.pid, r->cur.time_ns);
		s.comm = comm ? comm : "";
		env_meta(r, RX_M_LOGICAL, &lc);
		s.logical = (uint64_t)lc.i;
	} else {
		s.desc = "";
		s.comm = "";
	}
	if (p) {
		s.id = p->id;
		s.spec = p->spec;
		if (p->watch) {
			rx_val_str(&p->oldv, ov, sizeof(ov));
			rx_val_str(&p->last, nv, sizeof(nv));
			s.oldv = ov;
			s.newv = nv;
		}
	}
	s.out = r->out;
	if (r->o->stop)
		r->o->stop(r->o->arg, &s);
	r->outlen = 0;
	r->out[0] = '\0';
}

static bool node_ok(const struct lttr_replay *r, const struct point *p)
{
	const char *s = p->node;
	size_t n = strlen(r->cn->node);

	if (!s || !strcmp(s, "__ALL__"))
		return true;
	while (*s) {
		size_t k = strcspn(s, ",");

		if ((k == n && !strncmp(s, r->cn->node, n)) || (k == 7 && !strncmp(s, "__ALL__", 7)))
			return true;
		s += k + (s[k] == ',');
	}
	return false;
}

/* the breakpoints and watchpoints at the current event; true at a hit */
static bool check(struct lttr_replay *r)
{
	struct lttr_filter_ctx fc = { .t = r->cn->t, .comm = comm_at, .arg = r };
	bool any = false;
	size_t i, n = r->npts;

	for (i = 0; i < n; i++) {
		struct point *p = &r->pts[i];
		struct rx_val v;
		char a[300], b[300];

		p->hit = false;
		if (p->deleted || !node_ok(r, p))
			continue;
		if (!p->watch) {
			if (p->filter && !lttr_filter_match(p->filter, &fc, &r->cur))
				continue;
			if (p->cond) {
				replay_eval(r, p->cond, &v);
				if (!(v.type == RX_V_INT ? v.i != 0 : v.type == RX_V_STR && v.s[0]))
					continue;
			}
			p->hit = any = true;
			continue;
		}
		replay_eval(r, p->cond, &v);
		rx_val_str(&v, a, sizeof(a));
		rx_val_str(&p->last, b, sizeof(b));
		if (p->has_last && strcmp(a, b)) {
			p->oldv = p->last;
			p->hit = any = true;
		}
		p->last = v;
		p->has_last = true;
	}
	return any;
}

static void wait_turn(struct lttr_replay *r)
{
	pthread_mutex_lock(&r->mu);
	r->turn = 0;
	pthread_cond_broadcast(&r->cv);
	while (r->turn != 1)
		pthread_cond_wait(&r->cv, &r->mu);
	pthread_mutex_unlock(&r->mu);
}

/* after the current event: the checks, the stop */
static void after_event(struct lttr_replay *r)
{
	bool hit = check(r);
	size_t i;

	if (r->mode == PASS_COLLECT) {
		if (hit && r->ordinal < r->target)
			r->found = r->ordinal;
		return;
	}
	if (r->mode == PASS_SEEK) {
		if (r->ordinal != r->target)
			return;
		for (i = 0; i < r->npts && !r->seek_quiet; i++)
			if (r->pts[i].hit)
				report(r, r->pts[i].watch ? LTTR_RSTOP_WATCH : LTTR_RSTOP_BREAK,
				       &r->pts[i], true);
		r->mode = PASS_FORWARD;
		r->stepping = false;
		wait_turn(r);
		return;
	}
	if (r->stepping && r->step_pid >= 0 && r->cur.pid != (uint64_t)r->step_pid)
		r->stepping = false;	/* not the task's: on to its next event */
	if (!hit && !r->stepping) {
		r->stepping = r->step_pid >= 0;
		return;
	}
	if (r->stepping && !hit)
		report(r, LTTR_RSTOP_STEP, NULL, false);
	r->step_pid = -1;
	for (i = 0; i < r->npts; i++) {
		if (!r->pts[i].hit)
			continue;
		if (r->pts[i].lua_ref != -2 && r->lua)
			rlua_command(r->lua, r, r->pts[i].lua_ref, r->pts[i].id, r->ordinal);
		report(r, r->pts[i].watch ? LTTR_RSTOP_WATCH : LTTR_RSTOP_BREAK, &r->pts[i],
		       false);
	}
	r->stepping = false;
	if (!r->to_end)		/* run: each stop printed, no command waits */
		wait_turn(r);
}

/* the checks after the current event, read in its node's state */
static void after_current(struct lttr_replay *r)
{
	struct rnode *hn = r->cn;

	r->cn = r->en;
	after_event(r);
	r->cn = hn;
}

static int h_event(void *arg, const struct lttr_event *ev)
{
	struct lttr_replay *r = arg;

	if (r->have_cur)
		after_current(r);
	if (r->quit || (r->mode == PASS_COLLECT && r->ordinal + 1 >= r->target))
		return -LTTR_E_CANCELED;
	r->cur = *ev;
	r->en = r->cn;		/* the node whose pass reads the event */
	r->cur_ref = to_ref(r, r->cn, ev->time_ns);
	r->have_cur = true;
	r->ordinal++;
	apply_event(r, ev);
	return 0;
}

static void reset_node(struct rnode *n)
{
	task_table_free(&n->tasks);
	memset(n->cpus, 0, sizeof(n->cpus));
	n->futex_waiters = n->futex_wakes = 0;
	n->futex_waker = n->futex_woken = 0;
	n->futex_any = false;
	n->nvars = 0;
	lttr_ptable_free(n->pt);
	n->pt = lttr_ptable_new(lttr_trace_proc(n->t));
	lttr_acct_pass_free(n->pass);
	n->pass = NULL;
	n->ended = false;
}

static void reset_state(struct lttr_replay *r)
{
	size_t i;

	for (i = 0; i < r->nnodes; i++)
		reset_node(&r->nodes[i]);
	r->cn = r->en = &r->nodes[0];
	r->have_cur = false;
	r->ordinal = 0;
	if (r->msg_lc)
		memset(r->msg_lc, 0, r->msgs->n * sizeof(*r->msg_lc));
	for (i = 0; i < r->npts; i++)
		r->pts[i].has_last = false;
}

static const struct lttr_account_hooks pass_hooks = { .event = h_event,
						       .transition = h_transition,
						       .task = h_task };

/*
 * The accounting passes of a set's nodes, interleaved: the next event is
 * the earliest on the first node's clock (the lowest node on a tie), fed
 * to its node's pass with that node's state being fed (r->cn).  Between
 * two events every node has its next event read ahead (next_ref) or its
 * end applied: a node's end is applied as soon as its last event is, so
 * that the state after an event is the state the next one finds (the
 * predicates' truth, the checkpoints of seek.c).
 */
static int node_settle(struct lttr_replay *r, struct rnode *n, struct lttr_error *err)
{
	uint64_t t;
	int rc;

	if (n->ended)
		return 0;
	rc = lttr_acct_pass_peek(n->pass, &t, err);
	if (rc < 0)
		return rc;
	if (rc) {
		n->next_ref = to_ref(r, n, t);
		return 0;
	}
	r->cn = n;		/* its end: the states its end tells */
	n->ended = true;
	rc = lttr_acct_pass_next(n->pass, err);
	return rc < 0 ? rc : 0;
}

int replay_nodes_start(struct lttr_replay *r, const struct lttr_account_hooks *h, void *arg,
		       struct lttr_error *err)
{
	size_t k;
	int rc;

	for (k = 0; k < r->nnodes; k++) {
		r->cn = &r->nodes[k];
		rc = lttr_acct_pass_new(r->cn->t, h, arg, &r->cn->pass, err);
		if (rc < 0)
			return rc;
	}
	for (k = 0; r->nnodes > 1 && k < r->nnodes; k++)
		if ((rc = node_settle(r, &r->nodes[k], err)) < 0)
			return rc;
	r->cn = r->en;
	return 0;
}

int replay_nodes_next(struct lttr_replay *r, struct lttr_error *err)
{
	struct rnode *best = NULL;
	size_t k;
	int rc;

	if (r->nnodes == 1) {	/* one trace: nothing read ahead, its end last */
		best = r->nodes;
		if (best->ended)
			return 0;
		rc = lttr_acct_pass_next(best->pass, err);
		best->ended = rc == 0;
		return rc;
	}
	for (k = 0; k < r->nnodes; k++) {
		struct rnode *n = &r->nodes[k];

		if (!n->ended && (!best || n->next_ref < best->next_ref))
			best = n;
	}
	if (!best)
		return 0;
	r->cn = best;
	rc = lttr_acct_pass_next(best->pass, err);
	if (rc >= 0)
		rc = node_settle(r, best, err);
	r->cn = r->en;
	return rc < 0 ? rc : 1;
}

static int pass_nodes(struct lttr_replay *r)
{
	int rc = replay_nodes_start(r, &pass_hooks, r, &r->perr);

	while (rc >= 0 && (rc = replay_nodes_next(r, &r->perr)) > 0)
		;
	return rc;
}

static void *pass(void *arg)
{
	struct lttr_replay *r = arg;
	struct lttr_account *a = NULL;
	int rc;

	if (r->nnodes == 1) {
		rc = lttr_account_compute_hooks(r->t, &pass_hooks, r, &a, &r->perr);
		lttr_account_free(a);
	} else {
		rc = pass_nodes(r);
	}
	r->cn = r->en;
	if (rc == -LTTR_E_CANCELED)
		rc = 0;
	else if (!rc && r->have_cur && !r->quit) {
		r->stopped_here = false;
		if (r->mode == PASS_FORWARD || r->mode == PASS_SEEK)
			after_event(r);
		else if (check(r) && r->ordinal < r->target)
			r->found = r->ordinal;
	}
	pthread_mutex_lock(&r->mu);
	r->prc = rc;
	r->finished = true;
	r->turn = 0;
	pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

/* let the pass run to its next stop (or its end) */
static int resume(struct lttr_replay *r)
{
	if (r->finished)
		return 0;
	pthread_mutex_lock(&r->mu);
	r->turn = 1;
	if (!r->running) {
		r->running = true;
		if (pthread_create(&r->th, NULL, pass, r)) {
			pthread_mutex_unlock(&r->mu);
			r->running = false;
			return -LTTR_E_NOMEM;
		}
	} else {
		pthread_cond_broadcast(&r->cv);
	}
	while (r->turn != 0)
		pthread_cond_wait(&r->cv, &r->mu);
	pthread_mutex_unlock(&r->mu);
	return r->finished ? r->prc : 0;
}

static void end_pass(struct lttr_replay *r)
{
	if (!r->running)
		return;
	if (!r->finished) {
		r->quit = true;
		resume(r);
	}
	pthread_join(r->th, NULL);
	r->running = false;
	r->finished = false;
	r->quit = false;
}

/* run a new pass in @mode up to @target; 0 or a negative code */
static int new_pass(struct lttr_replay *r, int mode, uint64_t target)
{
	end_pass(r);
	reset_state(r);
	r->mode = mode;
	r->target = target;
	r->found = 0;
	return resume(r);
}

/* ---- the script ---- */

struct line {
	const char *s;
	size_t len;
	unsigned int no;
};

static int next_line(const char **p, struct line *l, unsigned int *no)
{
	const char *s = *p;

	if (!*s)
		return 0;
	l->s = s;
	l->len = strcspn(s, "\n");
	l->no = ++*no;
	*p = s + l->len + (s[l->len] == '\n');
	return 1;
}

/* @s without its spaces around; NUL-terminated copy in @buf */
static char *trimmed(const char *s, size_t len, char *buf, size_t size, size_t *lead)
{
	size_t a = 0;

	while (a < len && (s[a] == ' ' || s[a] == '\t'))
		a++;
	while (len > a && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	if (len - a >= size)
		len = a + size - 1;
	memcpy(buf, s + a, len - a);
	buf[len - a] = '\0';
	if (lead)
		*lead = a;
	return buf;
}

/* the position of " KW " outside quotes in @s, or NULL */
static char *keyword(char *s, const char *kw)
{
	size_t n = strlen(kw);
	bool q = false;
	char *p;

	for (p = s; *p; p++) {
		if (*p == '"' && (p == s || p[-1] != '\\'))
			q = !q;
		if (!q && p > s && (p[-1] == ' ' || p[-1] == '\t') && !strncmp(p, kw, n) &&
		    (p[n] == ' ' || p[n] == '\t'))
			return p;
	}
	return NULL;
}

/* "custom(NAME)" in an event spec: the filter of its instances */
static int spec_filter(char *spec, unsigned int no, unsigned int col, struct lttr_filter **f,
		       struct lttr_error *err)
{
	char buf[600];
	const char *s = spec;
	struct lttr_error ferr;

	*f = NULL;
	if (!strcmp(s, "*") || !strcmp(s, "any"))
		return 0;
	if (!strncmp(s, "custom(", 7)) {
		size_t n = strcspn(s + 7, ")");

		if (!s[7 + n] || s[8 + n] || !n || n > 200)
			return lttr_error_set(err, LTTR_E_INVAL,
					      "%u:%u: expected custom(NAME)", no, col);
		snprintf(buf, sizeof(buf), "type == custom && name == \"%.*s\"", (int)n, s + 7);
		s = buf;
	}
	if (lttr_filter_compile(s, f, &ferr) < 0) {
		unsigned int at = 0;

		if (ferr.code != LTTR_E_INVAL)
			return lttr_error_set(err, ferr.code, "%s", ferr.msg);
		if (s == spec && sscanf(ferr.msg, "at character %u", &at) == 1 && at)
			at--;
		{
			const char *m = strstr(ferr.msg, ": ");

			m = at && m ? m + 2 : ferr.msg;
			return lttr_error_set(err, LTTR_E_INVAL, "%u:%u: %s", no, col + at, m);
		}
	}
	return 0;
}

/* break SPEC [if EXPR] [on NODES] / watch EXPR [on NODES] */
static int add_point(struct lttr_replay *r, bool watch, char *rest, unsigned int no,
		     unsigned int col, struct lttr_error *err)
{
	struct point *p;
	char *on = keyword(rest, "on"), *cond = watch ? NULL : keyword(rest, "if");
	struct rx_node *cn = NULL;
	struct lttr_filter *f = NULL;
	int rc;

	if (on) {
		const char *q;

		on[-1] = '\0';
		on += 3;
		while (*on == ' ')
			on++;
		if (!*on)
			return lttr_error_set(err, LTTR_E_INVAL, "%u:%u: expected the nodes after 'on'",
					      no, col + (unsigned int)(on - rest));
		/* each a node of the set (or __ALL__): an unknown one is an error */
		for (q = on; *q && r->nnodes;) {
			size_t k = strcspn(q, ","), j;

			if (k == 7 && !strncmp(q, "__ALL__", 7)) {
				q += k + (q[k] == ',');
				continue;
			}
			for (j = 0; j < r->nnodes; j++)
				if (strlen(r->names[j]) == k && !strncmp(r->names[j], q, k))
					break;
			if (j == r->nnodes)
				return lttr_error_set(err, LTTR_E_INVAL,
						      "%u:%u: unknown node \"%.*s\" (the nodes: %s)",
						      no, col + (unsigned int)(q - rest),
						      (int)(k < 60 ? k : 60), q, r->all);
			q += k + (q[k] == ',');
		}
	}
	if (cond) {
		cond[-1] = '\0';
		cond += 3;
		if (!(cn = replay_compile(r, cond, no, col + (unsigned int)(cond - rest), err)))
			return -err->code;
	}
	{
		size_t e = strlen(rest);

		while (e && (rest[e - 1] == ' ' || rest[e - 1] == '\t'))
			rest[--e] = '\0';
	}
	if (watch) {
		if (!(cn = replay_compile(r, rest, no, col, err)))
			return -err->code;
	} else if ((rc = spec_filter(rest, no, col, &f, err)) < 0) {
		rx_free(cn);
		return rc;
	}
	if (!(p = point_new(r)) || !(p->spec = strdup(rest)) ||
	    (on && !(p->node = strdup(on)))) {
		rx_free(cn);
		lttr_filter_free(f);
		if (p) {
			free(p->spec);
			p->spec = NULL;
		}
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	p->watch = watch;
	p->cond = cn;
	p->filter = f;
	r->npts++;
	return (int)p->id;
}

enum { CMD_BREAK, CMD_WATCH, CMD_DELETE, CMD_CONT, CMD_STEP, CMD_NEXT, CMD_RUN, CMD_PREV,
       CMD_PRINT, CMD_SET };

struct cmd {
	int kind;
	unsigned int no;
	unsigned long count;
	unsigned int point;	/* BREAK, WATCH: its id; DELETE: 0 all */
	char *name;		/* SET */
	struct rx_node *expr;	/* PRINT, SET */
	char *text;
};

static const struct {
	const char *name;
	int kind;
} verbs[] = {
	{ "break", CMD_BREAK }, { "watch", CMD_WATCH }, { "delete", CMD_DELETE },
	{ "cont", CMD_CONT }, { "continue", CMD_CONT }, { "step", CMD_STEP },
	{ "next", CMD_NEXT }, { "run", CMD_RUN }, { "run-to-previous", CMD_PREV },
	{ "print", CMD_PRINT }, { "set", CMD_SET },
};

static int parse_count(const char *s, unsigned long *v)
{
	char *end;

	if (!*s) {
		*v = 1;
		return 0;
	}
	*v = strtoul(s, &end, 10);
	return *end || !*v ? -1 : 0;
}

/* parse the script into @cmds (points are made as they are parsed) */
static int parse_script(struct lttr_replay *r, const char *text, struct cmd **cmds,
			size_t *ncmds, struct lttr_error *err)
{
	const char *p = text;
	struct line l;
	unsigned int no = 0;
	size_t cap = 0;
	char buf[4096];

	*cmds = NULL;
	*ncmds = 0;
	while (next_line(&p, &l, &no)) {
		size_t lead, i, vlen;
		char *s = trimmed(l.s, l.len, buf, sizeof(buf), &lead), *rest;
		struct cmd c = { .no = l.no };
		unsigned int col;
		int kind = -1, rc;

		if (!*s || *s == '#')
			continue;
		vlen = strcspn(s, " \t");
		for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
			if (strlen(verbs[i].name) == vlen && !strncmp(s, verbs[i].name, vlen))
				kind = verbs[i].kind;
		if (kind < 0)
			return lttr_error_set(err, LTTR_E_INVAL, "%u:%zu: unknown command \"%.*s\"",
					      l.no, lead + 1, (int)(vlen < 40 ? vlen : 40), s);
		rest = s + vlen;
		while (*rest == ' ' || *rest == '\t')
			rest++;
		col = (unsigned int)(lead + 1 + (size_t)(rest - s));
		c.kind = kind;
		switch (kind) {
		case CMD_BREAK:
		case CMD_WATCH:
			if (!*rest)
				return lttr_error_set(err, LTTR_E_INVAL, "%u:%u: %s needs %s", l.no,
						      col, s, kind == CMD_BREAK ? "an event spec" :
						      "an expression");
			rc = add_point(r, kind == CMD_WATCH, rest, l.no, col, err);
			if (rc < 0)
				return rc;
			c.point = (unsigned int)rc;
			/* commands attached: "commands" ... "end commands" */
			{
				const char *q = p, *body;
				struct line m;
				unsigned int no2 = no;
				char b2[64];

				if (!next_line(&q, &m, &no2) ||
				    strcmp(trimmed(m.s, m.len, b2, sizeof(b2), NULL), "commands"))
					break;
				body = q;
				while (next_line(&q, &m, &no2) &&
				       strcmp(trimmed(m.s, m.len, b2, sizeof(b2), NULL),
					      "end commands"))
					;
				if (strcmp(trimmed(m.s, m.len, b2, sizeof(b2), NULL), "end commands"))
					return lttr_error_set(err, LTTR_E_INVAL,
							      "%u:1: \"commands\" without \"end commands\"",
							      no + 1);
				if (!r->lua)
					return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
				rc = rlua_load(r->lua, body, (size_t)(m.s - body), no + 2, err);
				if (rc < 0)
					return -err->code;
				r->pts[r->npts - 1].lua_ref = rc;
				p = q;
				no = no2;
			}
			break;
		case CMD_DELETE:
			if (*rest && (parse_count(rest, &c.count) < 0 || c.count > UINT32_MAX))
				return lttr_error_set(err, LTTR_E_INVAL, "%u:%u: expected a number",
						      l.no, col);
			c.point = *rest ? (unsigned int)c.count : 0;
			break;
		case CMD_CONT:
		case CMD_STEP:
		case CMD_PREV:
			if (parse_count(rest, &c.count) < 0)
				return lttr_error_set(err, LTTR_E_INVAL,
						      "%u:%u: expected a count", l.no, col);
			break;
		case CMD_NEXT:
			if (*rest && (parse_count(rest, &c.count) < 0 || c.count >= MAX_PID))
				return lttr_error_set(err, LTTR_E_INVAL,
						      "%u:%u: expected a pid", l.no, col);
			c.point = *rest ? 1 : 0;
			break;
		case CMD_RUN:
			if (*rest)
				return lttr_error_set(err, LTTR_E_INVAL,
						      "%u:%u: run takes nothing", l.no, col);
			break;
		case CMD_PRINT:
			if (!(c.expr = replay_compile(r, rest, l.no, col, err)))
				return -err->code;
			break;
		case CMD_SET: {
			size_t n = 0;
			char *eq;

			if (*rest == '$')
				rest++, col++;
			while (rest[n] == '_' || (rest[n] >= 'a' && rest[n] <= 'z') ||
			       (rest[n] >= 'A' && rest[n] <= 'Z') ||
			       (n && rest[n] >= '0' && rest[n] <= '9'))
				n++;
			eq = rest + n;
			while (*eq == ' ')
				eq++;
			if (!n || *eq != '=' || eq[1] == '=')
				return lttr_error_set(err, LTTR_E_INVAL,
						      "%u:%u: expected set VAR = EXPR", l.no,
						      col + (unsigned int)(n ? eq - rest : 0));
			if (!(c.name = strndup(rest, n)))
				return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			if (!(c.expr = replay_compile(r, eq + 1, l.no,
						  col + (unsigned int)(eq + 1 - rest), err))) {
				free(c.name);
				return -err->code;
			}
			break;
		}
		}
		if (!(c.text = strdup(s))) {
			rx_free(c.expr);
			free(c.name);
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		}
		if (*ncmds == cap) {
			size_t nc = cap ? cap * 2 : 32;
			struct cmd *v = realloc(*cmds, nc * sizeof(*v));

			if (!v) {
				free(c.text);
				rx_free(c.expr);
				free(c.name);
				return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			}
			*cmds = v;
			cap = nc;
		}
		(*cmds)[(*ncmds)++] = c;
	}
	return 0;
}

static void free_cmds(struct cmd *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(c[i].text);
		free(c[i].name);
		rx_free(c[i].expr);
	}
	free(c);
}

static int run_cmd(struct lttr_replay *r, const struct cmd *c, struct lttr_error *err)
{
	unsigned long k;
	int rc = 0;
	char m[400];

	switch (c->kind) {
	case CMD_BREAK:
	case CMD_WATCH:
		/* made by the parse: a point is active from its line on */
		break;
	case CMD_DELETE:
		if (!c->point) {
			for (k = 0; k < r->npts; k++)
				r->pts[k].deleted = true;
		} else if (replay_delete(r, c->point) < 0) {
			snprintf(m, sizeof(m), "line %u: no breakpoint or watchpoint %u", c->no,
				 c->point);
			replay_message(r, m);
		}
		break;
	case CMD_NEXT:
		if (r->finished) {
			report(r, LTTR_RSTOP_END, NULL, false);
			break;
		}
		r->stepping = true;
		r->step_pid = c->point ? (int64_t)c->count : -1;
		rc = resume(r);
		r->step_pid = -1;
		break;
	case CMD_CONT:
	case CMD_STEP:
	case CMD_RUN:
		for (k = 0; c->kind == CMD_RUN || k < c->count; k++) {
			if (r->finished) {
				report(r, LTTR_RSTOP_END, NULL, false);
				break;
			}
			r->stepping = c->kind == CMD_STEP;
			r->to_end = c->kind == CMD_RUN;
			rc = resume(r);
			r->to_end = false;
			if (rc < 0)
				break;
			if (r->finished && c->kind == CMD_RUN)
				break;
		}
		break;
	case CMD_PREV:
		for (k = 0; k < c->count; k++) {
			uint64_t here = r->running && !r->finished ? r->ordinal : r->ordinal + 1;

			if ((rc = new_pass(r, PASS_COLLECT, here)) < 0)
				break;
			if (!r->found) {
				snprintf(m, sizeof(m), "line %u: no hit before event %" PRIu64,
					 c->no, here);
				replay_message(r, m);
				r->seek_quiet = true;
				rc = new_pass(r, PASS_SEEK, here);
				r->seek_quiet = false;
				break;
			}
			if ((rc = new_pass(r, PASS_SEEK, r->found)) < 0)
				break;
		}
		break;
	case CMD_PRINT: {
		struct lttr_replay_stop s = { .kind = LTTR_RSTOP_PRINT, .node = r->cn->node,
					      .spec = c->text + 6 };
		struct rx_val v;
		char b[300];

		replay_eval(r, c->expr, &v);
		rx_val_str(&v, b, sizeof(b));
		s.newv = b;
		s.ordinal = r->have_cur ? r->ordinal : 0;
		s.time_ns = r->have_cur ? r->cur_ref : 0;
		s.rel_ns = r->have_cur ? (int64_t)(r->cur_ref - r->nodes[0].start) : 0;
		s.desc = s.comm = s.out = "";
		if (r->o->stop)
			r->o->stop(r->o->arg, &s);
		break;
	}
	case CMD_SET: {
		struct rx_val v;

		replay_eval(r, c->expr, &v);
		if (replay_set_var(r, c->name, &v) < 0)
			rc = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		break;
	}
	}
	if (rc < 0 && r->finished && err->code == 0)
		lttr_error_set(err, r->perr.code, "%s", r->perr.msg);
	return rc;
}

/* the host of each node of the messages: a set's nodes are "HOST:..." */
static int msg_hosts(struct lttr_replay *r, struct lttr_error *err)
{
	size_t i, k;

	r->msg_host = calloc(r->msgs->nnodes + 1, sizeof(*r->msg_host));
	if (!r->msg_host)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	for (i = 0; r->nnodes > 1 && i < r->msgs->nnodes; i++) {
		const char *n = r->msgs->nodes[i];
		size_t len = strcspn(n, ":");

		for (k = 0; k < r->nnodes; k++)
			if (strlen(r->names[k]) == len && !strncmp(r->names[k], n, len))
				r->msg_host[i] = (uint32_t)k;
	}
	return 0;
}

static int replay_new_set(struct lttr_trace *const *t, size_t n, const char *const *names,
			  const struct lttr_sync_model *model, const struct lttr_replay_opts *o,
			  struct lttr_replay **out, struct lttr_error *err)
{
	struct lttr_replay *r = calloc(1, sizeof(*r));
	size_t k, len = 0;

	*out = r;
	if (!r)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r->t = t[0];
	r->o = o;
	r->model = n > 1 ? model : NULL;
	r->step_pid = -1;
	pthread_mutex_init(&r->mu, NULL);
	pthread_cond_init(&r->cv, NULL);
	r->nodes = calloc(n, sizeof(*r->nodes));
	r->names = calloc(n, sizeof(*r->names));
	r->traces = calloc(n, sizeof(*r->traces));
	if (!r->nodes || !r->names || !r->traces)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r->nnodes = n;
	for (k = 0; k < n; k++) {
		struct rnode *nd = &r->nodes[k];

		nd->t = t[k];
		r->traces[k] = t[k];
		task_table_init(&nd->tasks, sizeof(struct rtask));
		nd->host = k;
		nd->start = lttr_trace_header(t[k])->start_ns;
		nd->node = names ? names[k] : lttr_trace_hostname(t[k]);
		if (!nd->node || !*nd->node)
			nd->node = "node0";
		nd->ncpus = lttr_trace_ncpus(t[k]);
		nd->pt = lttr_ptable_new(lttr_trace_proc(t[k]));
		if (!nd->pt)
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		r->names[k] = nd->node;
		len += strlen(nd->node) + 1;
	}
	r->cn = r->en = &r->nodes[0];
	r->all = malloc(len + 1);
	if (!r->all)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r->all[0] = '\0';
	for (k = 0; k < n; k++) {
		if (k)
			strcat(r->all, ",");
		strcat(r->all, r->names[k]);
	}
	r->lua = rlua_new(o->allow_io, o->insn_budget ? o->insn_budget : LTTR_REPLAY_INSN_BUDGET,
			  o->mem_budget ? o->mem_budget : LTTR_REPLAY_MEM_BUDGET);
	if (!r->lua)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (!(r->msgs = lttr_msgset_new()))
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (n == 1 && lttr_msgs_from_trace(t[0], LTTR_BY_PROCESS, r->msgs, NULL, NULL, err) < 0)
		return -err->code;
	if (n > 1 && lttr_msgs_from_hosts((struct lttr_trace **)t, n, r->names, model,
					  LTTR_BY_PROCESS, r->msgs, err) < 0)
		return -err->code;
	if (msg_hosts(r, err) < 0)
		return -err->code;
	if (r->msgs->n) {
		size_t i;

		r->msg_lc = calloc(r->msgs->n, sizeof(*r->msg_lc));
		r->by_send = malloc(r->msgs->n * sizeof(size_t));
		r->by_recv = malloc(r->msgs->n * sizeof(size_t));
		if (!r->msg_lc || !r->by_send || !r->by_recv)
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		for (i = 0; i < r->msgs->n; i++)
			r->by_send[i] = r->by_recv[i] = i;
		sort_msgs = r->msgs->v;
		sort_host = r->msg_host;
		qsort(r->by_send, r->msgs->n, sizeof(size_t), cmp_send);
		qsort(r->by_recv, r->msgs->n, sizeof(size_t), cmp_recv);
		sort_msgs = NULL;
		sort_host = NULL;
	}
	return 0;
}

static int replay_new(struct lttr_trace *t, const struct lttr_replay_opts *o,
		      struct lttr_replay **out, struct lttr_error *err)
{
	return replay_new_set(&t, 1, NULL, NULL, o, out, err);
}

static void replay_free(struct lttr_replay *r)
{
	size_t k;

	if (!r)
		return;
	end_pass(r);
	rlua_free(r->lua);
	free_points(r);
	for (k = 0; k < r->nnodes; k++) {
		task_table_free(&r->nodes[k].tasks);
		free(r->nodes[k].vars);
		lttr_ptable_free(r->nodes[k].pt);
		lttr_view_free(r->nodes[k].view);
		lttr_acct_pass_free(r->nodes[k].pass);
	}
	free(r->nodes);
	free(r->names);
	free(r->traces);
	free(r->all);
	free(r->dvars);
	rchan_free(r->chans);
	lttr_msgset_free(r->msgs);
	free(r->msg_lc);
	free(r->by_send);
	free(r->by_recv);
	free(r->msg_host);
	pthread_mutex_destroy(&r->mu);
	pthread_cond_destroy(&r->cv);
	free(r);
}

/* ---- the replayed state, saved and loaded: the checkpoints of seek.c ---- */

/* a node's part: its state and its accounting pass (NULL once ended) */
struct node_state {
	struct task_table tasks;
	struct rcpu cpus[LTT_MAX_CPUS];
	struct appvar *vars;
	size_t nvars;
	struct lttr_ptable *pt;
	uint64_t futex_waiters, futex_wakes;
	uint32_t futex_waker, futex_woken;
	bool futex_any;
	struct lttr_acct_pass *pass;
	bool ended;
	uint64_t next_ref;
};

struct replay_state {
	struct node_state *nodes;
	size_t nnodes;
	struct lttr_event cur;
	uint64_t cur_ref;
	size_t en;		/* the node of the current event */
	bool have_cur;
	uint64_t ordinal;
	uint64_t *msg_lc;
	size_t nmsg;
};

void replay_state_free(struct replay_state *s)
{
	size_t k;

	if (!s)
		return;
	for (k = 0; s->nodes && k < s->nnodes; k++) {
		task_table_free(&s->nodes[k].tasks);
		free(s->nodes[k].vars);
		lttr_ptable_free(s->nodes[k].pt);
		lttr_acct_pass_free(s->nodes[k].pass);
	}
	free(s->nodes);
	free(s->msg_lc);
	free(s);
}

/* a copy of @n elements of @size bytes (NULL for none); *@fail when out of memory */
static void *dup_array(const void *v, size_t n, size_t size, bool *fail)
{
	void *d;

	if (!n)
		return NULL;
	d = malloc(n * size);
	if (!d)
		*fail = true;
	else
		memcpy(d, v, n * size);
	return d;
}

/* node @n's state into @d (its pass copied with the hooks' argument @arg) */
static bool node_save(struct node_state *d, const struct rnode *n, void *arg)
{
	bool fail = false;

	task_table_init(&d->tasks, sizeof(struct rtask));
	if (task_table_copy(&d->tasks, &n->tasks) < 0)
		fail = true;
	memcpy(d->cpus, n->cpus, sizeof(d->cpus));
	d->vars = dup_array(n->vars, n->nvars, sizeof(*n->vars), &fail);
	d->nvars = d->vars ? n->nvars : 0;
	d->pt = lttr_ptable_copy(n->pt);
	d->futex_waiters = n->futex_waiters;
	d->futex_wakes = n->futex_wakes;
	d->futex_waker = n->futex_waker;
	d->futex_woken = n->futex_woken;
	d->futex_any = n->futex_any;
	d->ended = n->ended;
	d->next_ref = n->next_ref;
	if (n->pass && !n->ended && !(d->pass = lttr_acct_pass_copy(n->pass, arg)))
		fail = true;
	return !fail && d->pt;
}

struct replay_state *replay_state_save(const struct lttr_replay *r)
{
	struct replay_state *s = calloc(1, sizeof(*s));
	bool fail = false;
	size_t k;

	if (!s)
		return NULL;
	s->nodes = calloc(r->nnodes, sizeof(*s->nodes));
	if (!s->nodes) {
		free(s);
		return NULL;
	}
	s->nnodes = r->nnodes;
	for (k = 0; k < r->nnodes; k++)
		if (!node_save(&s->nodes[k], &r->nodes[k], (void *)r))
			fail = true;
	s->cur = r->cur;
	s->cur_ref = r->cur_ref;
	s->en = (size_t)(r->en - r->nodes);
	s->have_cur = r->have_cur;
	s->ordinal = r->ordinal;
	s->nmsg = r->msg_lc ? r->msgs->n : 0;
	s->msg_lc = dup_array(r->msg_lc, s->nmsg, sizeof(*r->msg_lc), &fail);
	if (fail) {
		replay_state_free(s);
		return NULL;
	}
	return s;
}

int replay_state_load(struct lttr_replay *r, const struct replay_state *s)
{
	struct node_state *v = calloc(s->nnodes, sizeof(*v));
	bool fail = !v;
	size_t k;

	/* copies of the saved nodes first: on failure nothing changes */
	for (k = 0; v && k < s->nnodes; k++) {
		const struct node_state *o = &s->nodes[k];
		struct node_state *d = &v[k];

		task_table_init(&d->tasks, sizeof(struct rtask));
		if (task_table_copy(&d->tasks, &o->tasks) < 0)
			fail = true;
		d->vars = dup_array(o->vars, o->nvars, sizeof(*o->vars), &fail);
		d->nvars = d->vars ? o->nvars : 0;
		if (!(d->pt = lttr_ptable_copy(o->pt)))
			fail = true;
		if (o->pass && !(d->pass = lttr_acct_pass_copy(o->pass, r)))
			fail = true;
	}
	if (fail) {
		for (k = 0; v && k < s->nnodes; k++) {
			task_table_free(&v[k].tasks);
			free(v[k].vars);
			lttr_ptable_free(v[k].pt);
			lttr_acct_pass_free(v[k].pass);
		}
		free(v);
		return -LTTR_E_NOMEM;
	}
	for (k = 0; k < s->nnodes; k++) {
		const struct node_state *o = &s->nodes[k];
		struct rnode *n = &r->nodes[k];

		task_table_free(&n->tasks);
		n->tasks = v[k].tasks;
		memcpy(n->cpus, o->cpus, sizeof(n->cpus));
		free(n->vars);
		n->vars = v[k].vars;
		n->nvars = n->varcap = v[k].nvars;
		lttr_ptable_free(n->pt);
		n->pt = v[k].pt;
		lttr_acct_pass_free(n->pass);
		n->pass = v[k].pass;
		n->ended = o->ended;
		n->next_ref = o->next_ref;
		n->futex_waiters = o->futex_waiters;
		n->futex_wakes = o->futex_wakes;
		n->futex_waker = o->futex_waker;
		n->futex_woken = o->futex_woken;
		n->futex_any = o->futex_any;
	}
	free(v);
	r->cur = s->cur;
	r->cur_ref = s->cur_ref;
	r->cn = r->en = &r->nodes[s->en];
	r->have_cur = s->have_cur;
	r->ordinal = s->ordinal;
	if (s->nmsg)
		memcpy(r->msg_lc, s->msg_lc, s->nmsg * sizeof(*r->msg_lc));
	return 0;
}

size_t replay_state_bytes(const struct replay_state *s)
{
	size_t n = sizeof(*s) + s->nnodes * sizeof(*s->nodes) + s->nmsg * sizeof(*s->msg_lc), k;

	for (k = 0; k < s->nnodes; k++) {
		const struct node_state *d = &s->nodes[k];

		n += task_table_bytes(&d->tasks) + d->nvars * sizeof(*d->vars) +
		     lttr_ptable_bytes(d->pt) + (d->pass ? lttr_acct_pass_bytes(d->pass) : 0);
	}
	return n;
}

/* the replay of a predicate's pass: its state, fed by replay_hooks() */
static int seek_event(void *arg, const struct lttr_event *ev)
{
	struct lttr_replay *r = arg;

	r->cur = *ev;
	r->en = r->cn;		/* the node whose pass reads the event */
	r->cur_ref = to_ref(r, r->cn, ev->time_ns);
	r->have_cur = true;
	r->ordinal++;
	apply_event(r, ev);
	return 0;
}

const struct lttr_account_hooks *replay_hooks(void)
{
	static const struct lttr_account_hooks h = { .event = seek_event,
						     .transition = h_transition,
						     .task = h_task };

	return &h;
}

int replay_pred_new(struct lttr_trace *const *t, size_t n, const char *const *names,
		    const struct lttr_sync_model *model, struct lttr_replay **out,
		    struct lttr_error *err)
{
	static const struct lttr_replay_opts o;

	return lttr_replay_open_set(t, n, names, model, &o, out, err);
}

void replay_pred_free(struct lttr_replay *r)
{
	replay_free(r);
}

bool replay_holds(struct lttr_replay *r, const struct rx_node *cond)
{
	struct rx_val v;

	r->cn = r->en;		/* read in the event's node's state */
	replay_eval(r, cond, &v);
	return v.type == RX_V_INT ? v.i != 0 : v.type == RX_V_STR && v.s[0];
}

uint64_t replay_ordinal(const struct lttr_replay *r)
{
	return r->ordinal;
}

uint64_t replay_time(const struct lttr_replay *r)
{
	return r->cur_ref;
}

unsigned int replay_node(const struct lttr_replay *r)
{
	return (unsigned int)(r->en - r->nodes);
}

/* ---- the hits of one predicate (lttr_replay_hits()) ---- */

struct hits_run {
	struct lttr_replay *r;
	struct rx_node *cond;
	bool was;		/* true after the event before */
	uint64_t from, to;
	int (*progress)(void *arg, unsigned int permille);
	void *arg;
	uint64_t end, step;
	struct lttr_replay_hit *v;
	size_t n, cap;
	bool nomem;
	bool canceled;		/* by @progress */
};

/* after the current event: a hit when the predicate holds and did not before */
static void hits_after(struct hits_run *h)
{
	struct lttr_replay *r = h->r;
	struct rx_val v;
	bool now;

	replay_eval(r, h->cond, &v);
	now = v.type == RX_V_INT ? v.i != 0 : v.type == RX_V_STR && v.s[0];
	if (now && !h->was && r->cur_ref >= h->from && r->cur_ref <= h->to) {
		if (h->n == h->cap) {
			size_t c = h->cap ? h->cap * 2 : 64;
			struct lttr_replay_hit *p = realloc(h->v, c * sizeof(*p));

			if (!p) {
				h->nomem = true;
				return;
			}
			h->v = p;
			h->cap = c;
		}
		h->v[h->n].ordinal = r->ordinal;
		h->v[h->n].time_ns = r->cur_ref;
		h->v[h->n].node = (unsigned int)(r->en - r->nodes);
		h->n++;
	}
	h->was = now;
}

static int hits_event(void *arg, const struct lttr_event *ev)
{
	struct hits_run *h = arg;
	struct lttr_replay *r = h->r;

	if (r->have_cur)
		hits_after(h);
	if (h->nomem)
		return -LTTR_E_CANCELED;
	if (ev->time_ns > h->to)
		return -LTTR_E_CANCELED;	/* past the range: done */
	if (h->progress && (r->ordinal & 0xffff) == 0xffff) {
		uint64_t span = h->end > r->cn->start ? h->end - r->cn->start : 1;
		uint64_t at = ev->time_ns > r->cn->start ? ev->time_ns - r->cn->start : 0;
		unsigned int pm = at >= span ? 999 : (unsigned int)(at * 1000 / span);

		if (lttr_progress_tell(h->progress, h->arg, ++h->step, pm)) {
			h->canceled = true;
			return -LTTR_E_CANCELED;
		}
	}
	r->cur = *ev;
	r->cur_ref = ev->time_ns;	/* one trace: its own clock */
	r->have_cur = true;
	r->ordinal++;
	apply_event(r, ev);
	return 0;
}

static void hits_task(void *arg, const struct lttr_acct_change *c)
{
	h_task(((struct hits_run *)arg)->r, c);
}

static void hits_transition(void *arg, const struct lttr_flow_tr *tr)
{
	h_transition(((struct hits_run *)arg)->r, tr);
}

int lttr_replay_hits(struct lttr_trace *t, const char *expr, uint64_t from_ns, uint64_t to_ns,
		     int (*progress)(void *arg, unsigned int permille), void *arg,
		     struct lttr_replay_hit **out, size_t *n, struct lttr_error *err)
{
	static const struct lttr_replay_opts o;
	struct lttr_account_hooks hk = { .event = hits_event, .transition = hits_transition,
					 .task = hits_task };
	struct hits_run h = { .from = from_ns, .to = to_ns, .progress = progress, .arg = arg };
	struct lttr_account *a = NULL;
	int rc;

	*out = NULL;
	*n = 0;
	lttr_error_clear(err);
	h.cond = rx_compile(expr, 1, 1, t, err);
	if (!h.cond)
		return -(err->code ? err->code : LTTR_E_INVAL);
	rc = replay_new(t, &o, &h.r, err);
	if (rc < 0) {
		replay_free(h.r);
		rx_free(h.cond);
		return rc;
	}
	h.end = lttr_trace_end_ns(t);
	if (to_ns < h.end)
		h.end = to_ns;
	rc = lttr_account_compute_hooks(t, &hk, &h, &a, err);
	lttr_account_free(a);
	if (h.nomem) {
		rc = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	} else if (h.canceled) {
		rc = lttr_error_set(err, LTTR_E_CANCELED, "canceled");
	} else if (rc == -LTTR_E_CANCELED) {
		rc = 0;		/* stopped past @to_ns */
		lttr_error_clear(err);
	} else if (!rc && h.r->have_cur) {
		hits_after(&h);	/* the last event */
	}
	replay_free(h.r);
	rx_free(h.cond);
	if (rc < 0) {
		free(h.v);
		return rc;
	}
	*out = h.v;
	*n = h.n;
	return 0;
}

/*
 * The hits of a set's pass: the nodes' passes interleaved
 * (replay_nodes_next()), the predicate's truth read after each event in
 * its node's state; the times on the first node's clock
 */
static int hits_nodes(struct hits_run *h, struct lttr_error *err)
{
	struct lttr_replay *r = h->r;
	uint64_t start = r->nodes[0].start;
	int rc = replay_nodes_start(r, replay_hooks(), r, err);

	while (rc >= 0 && (rc = replay_nodes_next(r, err)) > 0) {
		if (r->cur_ref > h->to)
			return 0;	/* past the range: done */
		if (h->progress && (r->ordinal & 0xffff) == 0xffff) {
			uint64_t span = h->end > start ? h->end - start : 1;
			uint64_t at = r->cur_ref > start ? r->cur_ref - start : 0;
			unsigned int pm = at >= span ? 999 : (unsigned int)(at * 1000 / span);

			if (lttr_progress_tell(h->progress, h->arg, ++h->step, pm)) {
				h->canceled = true;
				return lttr_error_set(err, LTTR_E_CANCELED, "canceled");
			}
		}
		hits_after(h);
		if (h->nomem)
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	return rc;
}

int lttr_replay_hits_set(struct lttr_trace *const *t, size_t n, const char *const *names,
			 const struct lttr_sync_model *model, const char *expr, uint64_t from_ns,
			 uint64_t to_ns, int (*progress)(void *arg, unsigned int permille),
			 void *arg, struct lttr_replay_hit **out, size_t *nhits,
			 struct lttr_error *err)
{
	struct hits_run h = { .from = from_ns, .to = to_ns, .progress = progress, .arg = arg };
	size_t k;
	int rc;

	lttr_error_clear(err);
	if (n == 1)
		return lttr_replay_hits(t[0], expr, from_ns, to_ns, progress, arg, out, nhits, err);
	*out = NULL;
	*nhits = 0;
	rc = replay_pred_new(t, n, names, model, &h.r, err);
	if (rc < 0)
		return rc;
	h.cond = replay_compile(h.r, expr, 1, 1, err);
	if (!h.cond) {
		replay_free(h.r);
		return -(err->code ? err->code : LTTR_E_INVAL);
	}
	for (k = 0; k < n; k++) {
		uint64_t e = to_ref(h.r, &h.r->nodes[k], lttr_trace_end_ns(t[k]));

		if (e > h.end)
			h.end = e;
	}
	if (to_ns < h.end)
		h.end = to_ns;
	rc = hits_nodes(&h, err);
	replay_free(h.r);
	rx_free(h.cond);
	if (rc < 0) {
		free(h.v);
		return rc;
	}
	*out = h.v;
	*nhits = h.n;
	return 0;
}

int lttr_replay_open(struct lttr_trace *t, const struct lttr_replay_opts *o,
		     struct lttr_replay **out, struct lttr_error *err)
{
	int rc;

	lttr_error_clear(err);
	rc = replay_new(t, o, out, err);
	if (rc < 0) {
		replay_free(*out);
		*out = NULL;
	}
	return rc;
}

int lttr_replay_open_set(struct lttr_trace *const *t, size_t n, const char *const *names,
			 const struct lttr_sync_model *model, const struct lttr_replay_opts *o,
			 struct lttr_replay **out, struct lttr_error *err)
{
	int rc;

	lttr_error_clear(err);
	*out = NULL;
	if (!n || (n > 1 && (!model || !names)))
		return lttr_error_set(err, LTTR_E_INVAL, "a trace set needs its traces, names and clock model");
	rc = replay_new_set(t, n, names, model, o, out, err);
	if (rc < 0) {
		replay_free(*out);
		*out = NULL;
	}
	return rc;
}

void lttr_replay_close(struct lttr_replay *r)
{
	replay_free(r);
}

int lttr_replay_exec(struct lttr_replay *r, const char *text, unsigned int first_line,
		     struct lttr_error *err)
{
	struct cmd *cmds = NULL;
	size_t ncmds = 0, before = r->npts, i;
	int rc;

	lttr_error_clear(err);
	rc = parse_script(r, text, &cmds, &ncmds, err);
	/* a point is active from its line on: hide those of later lines (all
	 * of them when the text does not parse: nothing of it runs) */
	for (i = before; i < r->npts; i++)
		r->pts[i].deleted = true;
	for (i = 0; !rc && i < ncmds && rc >= 0; i++) {
		if (cmds[i].kind == CMD_BREAK || cmds[i].kind == CMD_WATCH) {
			size_t k;

			for (k = before; k < r->npts; k++)
				if (r->pts[k].id == cmds[i].point)
					r->pts[k].deleted = false;
		}
		rc = run_cmd(r, &cmds[i], err);
	}
	free_cmds(cmds, ncmds);
	if (rc < 0 && err->code == LTTR_E_INVAL && first_line > 1) {
		unsigned int ln, col;
		int at;

		/* the line numbers of the text are the caller's from @first_line */
		if (sscanf(err->msg, "%u:%u:%n", &ln, &col, &at) == 2 && at > 0) {
			char m[LTTR_ERRMSG_MAX];

			snprintf(m, sizeof(m), "%s", err->msg + at);
			lttr_error_set(err, LTTR_E_INVAL, "%u:%u:%s", ln + first_line - 1, col, m);
		}
	}
	return rc < 0 ? rc : 0;
}

int lttr_replay_run(struct lttr_trace *t, const char *text,
		    const struct lttr_replay_opts *o, struct lttr_error *err)
{
	struct lttr_replay *r;
	int rc = lttr_replay_open(t, o, &r, err);

	if (rc < 0)
		return rc;
	rc = lttr_replay_exec(r, text, 1, err);
	lttr_replay_close(r);
	return rc;
}

int lttr_replay_check(const char *text, struct lttr_trace *t, struct lttr_error *err)
{
	struct lttr_replay *r = calloc(1, sizeof(*r));
	static const struct lttr_replay_opts o;
	struct cmd *cmds = NULL;
	size_t n = 0;
	int rc;

	lttr_error_clear(err);
	if (!r)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	r->t = t;
	r->o = &o;
	r->lua = rlua_new(false, LTTR_REPLAY_INSN_BUDGET, LTTR_REPLAY_MEM_BUDGET);
	rc = parse_script(r, text, &cmds, &n, err);
	free_cmds(cmds, n);
	rlua_free(r->lua);
	free_points(r);
	free(r);
	return rc;
}

int lttr_replay_expr_check(struct lttr_trace *t, const char *expr, struct lttr_error *err)
{
	struct rx_node *n;

	lttr_error_clear(err);
	n = rx_compile(expr, 1, 1, t, err);
	if (!n)
		return -(err->code ? err->code : LTTR_E_INVAL);
	rx_free(n);
	return 0;
}
