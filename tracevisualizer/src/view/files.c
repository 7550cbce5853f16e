// SPDX-License-Identifier: GPL-2.0
/*
 * files.c - the files a set of tasks opened: every buffer whose event
 * types (the view's search index) include fs_open is read once, its
 * fs_open events matched against the filter "type == fs_open && (pid ==
 * ...)" and gathered by name in a hash table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/proc.h>
#include <lttr/reader/scan.h>
#include <lttr/reader/trace.h>
#include <lttr/view/files.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include <lttr/reader/fields.h>
#include <lttr/model/flow.h>
#include "reader/progress-hold.h"

struct fctx {
	struct lttr_files *out;
	size_t cap;
	uint32_t *slots;	/* index + 1 into out->v, 0 free; power of two */
	size_t nslots;
	const struct lttr_filter *f;
	struct lttr_filter_ctx fc;
	uint32_t *pids;		/* sorted, or NULL: every task */
	size_t npids;
	struct lttr_view_pos *last;	/* per file: where its last open is */
	bool nomem;
};

static int cmp_u32(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return a < b ? -1 : a > b;
}

static int cmp_name(const void *pa, const void *pb)
{
	const struct lttr_file_use *a = pa, *b = pb;

	return strcmp(a->name, b->name);
}

/* FNV-1a */
static uint32_t hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static int rehash(struct fctx *x)
{
	size_t ns = x->nslots ? x->nslots * 2 : 256, i;
	uint32_t *nsl = calloc(ns, sizeof(*nsl));

	if (!nsl)
		return -1;
	for (i = 0; i < x->out->n; i++) {
		const char *name = x->out->v[i].name;
		size_t k = hash(name, strlen(name)) & (ns - 1);

		while (nsl[k])
			k = (k + 1) & (ns - 1);
		nsl[k] = (uint32_t)(i + 1);
	}
	free(x->slots);
	x->slots = nsl;
	x->nslots = ns;
	return 0;
}

/* the entry of name @s (@n bytes), created when new; NULL: no memory */
static struct lttr_file_use *file_of(struct fctx *x, const char *s, size_t n,
				     struct lttr_view_pos **last)
{
	struct lttr_files *o = x->out;
	size_t k;

	if ((o->n + 1) * 2 > x->nslots && rehash(x))
		return NULL;
	for (k = hash(s, n) & (x->nslots - 1); x->slots[k]; k = (k + 1) & (x->nslots - 1)) {
		struct lttr_file_use *u = &o->v[x->slots[k] - 1];

		if (!strncmp(u->name, s, n) && !u->name[n]) {
			*last = &x->last[x->slots[k] - 1];
			return u;
		}
	}
	if (o->n == x->cap) {
		size_t ncap = x->cap ? x->cap * 2 : 64;
		struct lttr_file_use *nv = realloc(o->v, ncap * sizeof(*nv));
		struct lttr_view_pos *nl;

		if (!nv)
			return NULL;
		o->v = nv;
		nl = realloc(x->last, ncap * sizeof(*nl));
		if (!nl)
			return NULL;
		x->last = nl;
		x->cap = ncap;
	}
	memset(&o->v[o->n], 0, sizeof(o->v[o->n]));
	o->v[o->n].name = strndup(s, n);
	if (!o->v[o->n].name)
		return NULL;
	x->slots[k] = (uint32_t)(o->n + 1);
	*last = &x->last[o->n];
	return &o->v[o->n++];
}

static int on_event(void *arg, const struct lttr_event *ev)
{
	struct fctx *x = arg;
	struct lttr_file_use *u;
	struct lttr_view_pos p, *last;
	const char *name = ev->details && ev->var ? ev->var : "";
	size_t len = ev->details && ev->var ? strnlen(ev->var, ev->var_len) : 0;

	if (ev->id != LTT_EV_FS_OPEN || !lttr_filter_match(x->f, &x->fc, ev))
		return 0;
	if (x->pids && !bsearch(&ev->pid, x->pids, x->npids, sizeof(*x->pids), cmp_u32))
		return 0;
	u = file_of(x, name, len, &last);
	if (!u) {
		x->nomem = true;
		return -LTTR_E_NOMEM;
	}
	p = lttr_view_pos_of(ev);
	if (!u->opens || ev->time_ns < u->first_ns)
		u->first_ns = ev->time_ns;
	if (!u->opens || lttr_view_pos_cmp(&p, last) > 0) {
		*last = p;
		u->last_ns = ev->time_ns;
		u->last_pid = ev->pid;
		u->last_fd = ev->details ? ev->p.fs_open.fd : 0;
		u->last_flags = ev->details ? ev->p.fs_open.flags : 0;
		u->last_mode = ev->details ? ev->p.fs_open.mode : 0;
	}
	u->opens++;
	if (ev->details && ev->p.fs_open.fd < 0)
		u->failed++;
	x->out->opens++;
	return 0;
}

/* "type == fs_open && (pid == A || ...)", or without the pids if too long */
static char *expression(const uint32_t *pids, size_t npids)
{
	size_t cap = 64 + npids * 24, n, i;
	char *e = malloc(cap);

	if (!e)
		return NULL;
	n = (size_t)snprintf(e, cap, "type == fs_open");
	if (!pids || !npids || cap > LTTR_FILTER_MAX_LEN)
		return e;
	n += (size_t)snprintf(e + n, cap - n, " && (");
	for (i = 0; i < npids; i++)
		n += (size_t)snprintf(e + n, cap - n, "%spid == %u", i ? " || " : "", pids[i]);
	snprintf(e + n, cap - n, ")");
	return e;
}

void lttr_view_files_free(struct lttr_files *f)
{
	size_t i;

	for (i = 0; f->v && i < f->n; i++)
		free(f->v[i].name);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

static int scan(struct lttr_view *v, struct fctx *x, lttr_view_progress_fn progress,
		void *arg, struct lttr_error *err)
{
	struct lttr_trace *t = lttr_view_trace(v);
	unsigned int ncpus = lttr_trace_ncpus(t), cpu;
	size_t total = 0, done = 0, b;
	int r;

	for (cpu = 0; cpu < ncpus; cpu++)
		total += lttr_trace_buffer_count(t, cpu);
	for (cpu = 0; cpu < ncpus; cpu++) {
		size_t nb = lttr_trace_buffer_count(t, cpu);

		for (b = 0; b < nb; b++) {
			if (lttr_view_buffer_ids(v, cpu, b) & (1ULL << LTT_EV_FS_OPEN)) {
				r = lttr_scan_buffer(t, cpu, b, on_event, x, err);
				if (x->nomem)
					return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
				if (r < 0)
					return r;
			}
			done++;
			if (progress && lttr_progress_tell(progress, arg, done,
							     (unsigned int)(done * 1000 / total)))
				return lttr_error_set(err, LTTR_E_CANCELED, "canceled");
		}
	}
	return 0;
}

int lttr_view_files(struct lttr_view *v, const uint32_t *pids, size_t npids,
		    lttr_view_progress_fn progress, void *arg,
		    struct lttr_files *out, struct lttr_error *err)
{
	struct lttr_filter *f = NULL;
	struct fctx x;
	char *expr;
	int r;

	memset(out, 0, sizeof(*out));
	memset(&x, 0, sizeof(x));
	x.out = out;
	x.fc.t = lttr_view_trace(v);
	if (pids) {
		x.npids = npids;
		x.pids = malloc((npids ? npids : 1) * sizeof(*x.pids));
		if (!x.pids)
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		if (npids)
			memcpy(x.pids, pids, npids * sizeof(*x.pids));
		qsort(x.pids, npids, sizeof(*x.pids), cmp_u32);
	}
	expr = expression(pids, npids);
	r = expr ? lttr_filter_compile(expr, &f, err) :
		lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	free(expr);
	if (r == 0) {
		x.f = f;
		r = scan(v, &x, progress, arg, err);
	}
	lttr_filter_free(f);
	free(x.pids);
	free(x.slots);
	free(x.last);
	if (r < 0) {
		lttr_view_files_free(out);
		return r;
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), cmp_name);
	return 0;
}


/* ---- what a file descriptor was at a time -------------------------------- */

/* Linux's O_CLOEXEC (asm-generic, x86): the open flags are the kernel's */
#define LINUX_O_CLOEXEC	02000000

/* most tasks of a process named in one search expression */
#define GROUP_MAX	256

/* the process of task @pid (@pid when the view does not know it) */
static uint32_t tgid_of(const struct lttr_view *v, uint32_t pid)
{
	long row = lttr_view_find_row(v, LTTR_VROW_TASK, pid, false);
	uint32_t tgid = row >= 0 ? lttr_view_row(v, (size_t)row)->tgid : 0;

	return tgid ? tgid : pid;
}

/* "pid == A || pid == B ..." for the tasks of @pid's process (its
 * thread group: they share their descriptors), @pid first */
static size_t group_expr(const struct lttr_view *v, uint32_t pid, char *buf, size_t size)
{
	uint32_t tgid = tgid_of(v, pid);
	size_t n = (size_t)snprintf(buf, size, "pid == %u", pid), r, k = 1;

	for (r = 0; r < lttr_view_nrows(v) && k < GROUP_MAX && n < size; r++) {
		const struct lttr_vrow_info *in = lttr_view_row(v, r);

		if (in->kind == LTTR_VROW_TASK && in->tgid == tgid && in->id != pid) {
			n += (size_t)snprintf(buf + n, size - n, " || pid == %u", in->id);
			k++;
		}
	}
	return n;
}

/* the last (@dir < 0, before @p) or first (after it) event that @expr
 * matches: 1, 0 or a negative code */
static int find_expr(struct lttr_view *v, const char *expr, const struct lttr_view_pos *p,
		     bool incl, int dir, struct lttr_event *ev, struct lttr_error *err)
{
	struct lttr_filter *f = NULL;
	int r = lttr_filter_compile(expr, &f, err);

	if (r == 0)
		r = lttr_view_find(v, f, p, incl, dir, NULL, NULL, ev, NULL, err);
	lttr_filter_free(f);
	return r;
}

static void set_name(struct lttr_fd_file *out, const struct lttr_event *ev)
{
	size_t n = ev->details && ev->var ? strnlen(ev->var, ev->var_len) : 0;

	if (n >= sizeof(out->name))
		n = sizeof(out->name) - 1;
	memcpy(out->name, ev->var, n);
	out->name[n] = '\0';
}

/*
 * An accepted socket's name: its local address, then "<-" and its peer's
 * when it has one with a text form (lttr_sockaddr_str()); "" when neither
 */
static void set_accepted_name(struct lttr_fd_file *out, const struct lttr_event *ev)
{
	const struct ltt_ev_socket_endpoint *e = &ev->p.socket_endpoint;
	char local[LTTR_SOCKADDR_STRLEN], peer[LTTR_SOCKADDR_STRLEN];
	const char *l = NULL, *p = NULL;

	out->name[0] = '\0';
	if (!ev->details || !ev->var || (size_t)e->local_len + e->peer_len > ev->var_len)
		return;
	l = lttr_sockaddr_str(ev->var, e->local_len, local, sizeof(local));
	p = lttr_sockaddr_str((const char *)ev->var + e->local_len, e->peer_len, peer,
			      sizeof(peer));
	if (l && p)
		snprintf(out->name, sizeof(out->name), "%s <- %s", l, p);
	else if (l || p)
		snprintf(out->name, sizeof(out->name), "%s%s", p ? "<- " : "", l ? l : p);
}

/*
 * A created socket's name from its last successful bind, connect, listen
 * or getsockname before @at (socket_endpoint of its inode @ino, since its
 * creation at @since): "LOCAL -> PEER" when connected, its local address
 * alone when only bound, "" when no such call named an address
 * (set_accepted_name()'s sockaddr texts).  0 or a negative code.
 */
static int set_created_name(struct lttr_view *v, uint64_t ino, uint64_t since,
			    const struct lttr_view_pos *at, bool incl, struct lttr_fd_file *out,
			    struct lttr_error *err)
{
	char expr[160], local[LTTR_SOCKADDR_STRLEN], peer[LTTR_SOCKADDR_STRLEN];
	const struct ltt_ev_socket_endpoint *e;
	const char *l, *p;
	struct lttr_event ev;
	int r;

	out->name[0] = '\0';
	snprintf(expr, sizeof(expr), "type == socket_endpoint && ino == %llu && result == 0 && "
		 "time_ns >= %llu", (unsigned long long)ino, (unsigned long long)since);
	r = find_expr(v, expr, at, incl, -1, &ev, err);
	if (r <= 0)
		return r;
	e = &ev.p.socket_endpoint;
	if (!ev.details || !ev.var || (size_t)e->local_len + e->peer_len > ev.var_len)
		return 0;
	l = lttr_sockaddr_str(ev.var, e->local_len, local, sizeof(local));
	p = lttr_sockaddr_str((const char *)ev.var + e->local_len, e->peer_len, peer, sizeof(peer));
	if (l && p)
		snprintf(out->name, sizeof(out->name), "%s -> %s", l, p);
	else if (l || p)
		snprintf(out->name, sizeof(out->name), "%s%s", p ? "-> " : "", l ? l : p);
	return 0;
}

/*
 * Whether an exec closed an O_CLOEXEC descriptor opened at @open: an exec
 * of process @pids[k] before @until[k] (the task asked about and @t for
 * k = 0, each parent before the fork of the process under it), after the
 * open; 1 with @ev that exec, 0, or a negative code.
 */
static int exec_since(struct lttr_view *v, const struct lttr_view_pos *open,
		      const uint32_t *pids, const uint64_t *until, int n,
		      struct lttr_event *ev, struct lttr_error *err)
{
	char group[GROUP_MAX * 24], expr[sizeof(group) + 128];
	int k;

	for (k = 0; k < n; k++) {
		int r;

		group_expr(v, pids[k], group, sizeof(group));
		snprintf(expr, sizeof(expr), "type == exec && time_ns <= %llu && (%s)",
			 (unsigned long long)until[k], group);
		r = find_expr(v, expr, open, false, 1, ev, err);
		if (r)
			return r;
	}
	return 0;
}

/*
 * Descriptor @out->fd of process @pid as the /proc snapshot's FD lines
 * (format 1.6) have it at START, closed by an exec since if O_CLOEXEC
 * (exec_since() over @pids, @until, @n); a flight-recorder trace that
 * lost its first buffers has no state at START to go by.  1 when it names
 * a file or socket, 0 when not (left UNSEEN, or CLOSED), or a negative code.
 */
static int at_start(struct lttr_view *v, uint32_t pid, const uint32_t *pids,
		    const uint64_t *until, int n, struct lttr_fd_file *out,
		    struct lttr_error *err)
{
	const struct lttr_trace *t = lttr_view_trace(v);
	struct lttr_view_pos start = { 0, 0, 0 };
	const struct lttr_proc_fd *pf;
	struct lttr_event ev;
	unsigned int cpu;
	size_t len;

	for (cpu = 0; cpu < lttr_trace_ncpus(t); cpu++)
		if (lttr_trace_overwritten(t, cpu))
			return 0;
	pf = lttr_proc_fd_find(lttr_trace_proc(t), tgid_of(v, pid), (uint32_t)out->fd);
	if (!pf)
		return 0;
	out->at_start = true;
	out->at_ns = lttr_trace_window_start(t);
	out->by_pid = pf->tgid;
	if (pf->cloexec) {
		int r = exec_since(v, &start, pids, until, n, &ev, err);

		if (r < 0)
			return r;
		if (r == 1) {
			out->state = LTTR_FD_CLOSED;
			out->at_ns = ev.time_ns;
			out->by_pid = ev.pid;
			return 0;
		}
	}
	len = strlen(pf->path);
	if (len >= sizeof(out->name))
		len = sizeof(out->name) - 1;
	memcpy(out->name, pf->path, len);
	out->name[len] = '\0';
	out->state = strncmp(pf->path, "socket:[", 8) ? LTTR_FD_OPEN : LTTR_FD_SOCKET;
	return 1;
}

/* forks followed back to the process that opened a descriptor, at most */
#define ANCESTORS_MAX	64
/* dups followed back to the descriptor a dup copied, at most */
#define DUPS_MAX	16

/*
 * A descriptor that @ev, a close-on-exec open, dup or pipe, made is
 * closed by an exec since (exec_since()): CLOSED then, 0; 1 when not,
 * or a negative code.
 */
static int closed_on_exec(struct lttr_view *v, const struct lttr_event *made,
			  const uint32_t *pids, const uint64_t *until, int n,
			  struct lttr_fd_file *out, struct lttr_error *err)
{
	struct lttr_view_pos open = lttr_view_pos_of(made);
	struct lttr_event ev;
	int r = exec_since(v, &open, pids, until, n, &ev, err);

	if (r <= 0)
		return r < 0 ? r : 1;
	out->state = LTTR_FD_CLOSED;
	out->at_ns = ev.time_ns;
	out->by_pid = ev.pid;
	out->name[0] = '\0';
	out->pipe_end = 0;
	return 0;
}

/*
 * lttr_view_fd_file() from position @at (its events count when @incl),
 * @hops dups deep
 */
static int fd_file_at(struct lttr_view *v, uint32_t pid, int32_t fd,
		      struct lttr_view_pos at, bool incl, int hops,
		      struct lttr_fd_file *out, struct lttr_error *err)
{
	char group[GROUP_MAX * 24], expr[sizeof(group) + 256];
	uint32_t pids[ANCESTORS_MAX];
	uint64_t until[ANCESTORS_MAX];
	struct lttr_event ev;
	int depth;

	for (depth = 0; depth < ANCESTORS_MAX; depth++) {
		int r;

		pids[depth] = pid;
		until[depth] = at.time_ns;
		group_expr(v, pid, group, sizeof(group));
		snprintf(expr, sizeof(expr), "(((type == fs_open || type == fs_close || "
			 "type == socket_create || type == socket_accept) && fd == %d) || "
			 "(type == fs_dup && newfd == %d) || "
			 "(type == fs_pipe && (rfd == %d || wfd == %d))) && (%s)",
			 fd, fd, fd, fd, group);
		r = find_expr(v, expr, &at, incl, -1, &ev, err);
		if (r < 0)
			return r;
		if (r == 1 && ev.id == LTT_EV_FS_DUP &&
		    ev.p.fs_dup.oldfd == ev.p.fs_dup.newfd) {
			/* dup2() onto itself changes nothing: before it */
			at = lttr_view_pos_of(&ev);
			incl = false;
			continue;
		}
		if (r == 1) {
			out->at_ns = ev.time_ns;
			out->by_pid = ev.pid;
			switch (ev.id) {
			case LTT_EV_FS_CLOSE:
				out->state = LTTR_FD_CLOSED;
				return 0;
			case LTT_EV_SOCKET_CREATE:
				out->state = LTTR_FD_SOCKET;
				r = set_created_name(v, ev.p.socket_create.ino, ev.time_ns, &at, incl,
						     out, err);
				return r < 0 ? r : 1;
			case LTT_EV_SOCKET_ACCEPT:
				out->state = LTTR_FD_SOCKET;
				out->accepted = true;
				set_accepted_name(out, &ev);
				return 1;
			case LTT_EV_FS_PIPE:
				out->state = LTTR_FD_PIPE;
				out->pipe_end = ev.p.fs_pipe.rfd == fd ? 'r' : 'w';
				out->pipe_ino = ev.p.fs_pipe.ino;
				snprintf(out->name, sizeof(out->name), "pipe:[%llu]",
					 (unsigned long long)ev.p.fs_pipe.ino);
				if (!(ev.p.fs_pipe.flags & LINUX_O_CLOEXEC))
					return 1;
				return closed_on_exec(v, &ev, pids, until, depth + 1, out, err);
			case LTT_EV_FS_DUP: {
				const struct lttr_event dup = ev;
				bool inherited = out->inherited;

				if (hops >= DUPS_MAX) {	/* a longer chain: not followed */
					out->state = LTTR_FD_UNSEEN;
					return 0;
				}
				/* what the copied descriptor was just before the dup */
				r = fd_file_at(v, dup.pid, dup.p.fs_dup.oldfd, lttr_view_pos_of(&dup),
					       false, hops + 1, out, err);
				if (r < 0)
					return r;
				out->fd = fd;
				out->dup = true;
				out->dup_of = dup.p.fs_dup.oldfd;
				out->inherited = inherited;
				out->at_start = false;
				out->at_ns = dup.time_ns;
				out->by_pid = dup.pid;
				if (r == 0 || !(dup.p.fs_dup.flags & LINUX_O_CLOEXEC))
					return r;
				return closed_on_exec(v, &dup, pids, until, depth + 1, out, err);
			}
			default:
				break;
			}
			set_name(out, &ev);
			out->state = LTTR_FD_OPEN;
			if (!ev.details || !(ev.p.fs_open.flags & LINUX_O_CLOEXEC))
				return 1;
			return closed_on_exec(v, &ev, pids, until, depth + 1, out, err);
		}
		/* none in the process: it may have it from its parent's fork */
		snprintf(expr, sizeof(expr), "type == fork && !thread && child == %u",
			 tgid_of(v, pid));
		r = find_expr(v, expr, &at, incl, -1, &ev, err);
		if (r == 0)	/* nor a fork: the process was there at START */
			return at_start(v, pid, pids, until, depth + 1, out, err);
		if (r < 0)
			return r;
		pid = ev.p.fork.parent_pid;
		at = lttr_view_pos_of(&ev);
		incl = false;
		out->inherited = true;
	}
	return 0;
}

int lttr_view_fd_file(struct lttr_view *v, uint32_t pid, int32_t fd, uint64_t t,
		      struct lttr_fd_file *out, struct lttr_error *err)
{
	struct lttr_view_pos at = { t, UINT64_MAX, 0xffff };

	memset(out, 0, sizeof(*out));
	out->fd = fd;
	out->state = LTTR_FD_UNSEEN;
	return fd_file_at(v, pid, fd, at, true, 0, out, err);
}

/* "has an fd": true for the types with that field, whatever its value */
#define HAS_FD	"(fd >= 0 || fd < 0)"

int lttr_view_syscall_file(struct lttr_view *v, uint32_t pid, uint64_t t,
			   struct lttr_fd_file *out, struct lttr_error *err)
{
	struct lttr_view_pos at = { t, UINT64_MAX, 0xffff };
	struct lttr_field_buf fb;
	struct lttr_field_value fv;
	struct lttr_event ev;
	char expr[128];
	int r;

	memset(out, 0, sizeof(*out));
	out->fd = -1;
	out->state = LTTR_FD_NONE;
	snprintf(expr, sizeof(expr), "pid == %u && (type == syscall_entry || "
		 "type == syscall_exit || " HAS_FD ")", pid);
	/* the syscall's own event with an fd before @t, or after it until its exit */
	r = find_expr(v, expr, &at, true, -1, &ev, err);
	if (r < 0 || (r == 1 && ev.id == LTT_EV_SYSCALL_EXIT))
		return r < 0 ? r : 0;
	if (r == 0 || ev.id == LTT_EV_SYSCALL_ENTRY) {
		r = find_expr(v, expr, &at, false, 1, &ev, err);
		if (r <= 0 || ev.id == LTT_EV_SYSCALL_ENTRY || ev.id == LTT_EV_SYSCALL_EXIT)
			return r < 0 ? r : 0;
	}
	out->op = ev.id;
	if (!ev.details)
		return 0;
	if (ev.id == LTT_EV_FS_OPEN) {	/* the name is the open's own */
		out->fd = ev.p.fs_open.fd;
		out->state = ev.p.fs_open.fd >= 0 ? LTTR_FD_OPEN : LTTR_FD_FAILED;
		out->at_ns = ev.time_ns;
		out->by_pid = ev.pid;
		set_name(out, &ev);
		return 1;
	}
	lttr_field_get(lttr_view_trace(v), &ev, lttr_field_find(ev.id, "fd"), &fb, &fv);
	r = lttr_view_fd_file(v, pid, fv.type == LTTR_FIELD_V_I64 ? (int32_t)fv.i : (int32_t)fv.u,
			      ev.time_ns, out, err);
	out->op = ev.id;
	return r < 0 ? r : 1;
}

int lttr_view_state_file(struct lttr_view *v, uint32_t state, uint64_t t,
			  struct lttr_fd_file *out, struct lttr_error *err)
{
	const struct lttr_vstate *st = lttr_view_state(v, state);

	memset(out, 0, sizeof(*out));
	out->fd = -1;
	if (!st || !st->pid || !(st->cat == LTTR_VCAT_SYSCALL ||
				 (st->cat >= LTTR_VCAT_BLOCKED && st->mode == LTTR_MODE_SYSCALL)))
		return 0;
	return lttr_view_syscall_file(v, st->pid, t, out, err);
}

const char *lttr_fd_file_str(const struct lttr_fd_file *f, char *buf, size_t size)
{
	char dup[40] = "";

	if (f->dup)
		snprintf(dup, sizeof(dup), ", dup of fd %d", f->dup_of);
	switch (f->state) {
	case LTTR_FD_OPEN:
		if (f->at_start)	/* "pipe:[1234]", "anon_inode:[eventfd]" are not files */
			snprintf(buf, size, "%s%s (fd %d%s, open at START)",
				 f->name[0] == '/' ? "file " : "", f->name, f->fd, dup);
		else
			snprintf(buf, size, "file %s (fd %d%s)", f->name, f->fd, dup);
		break;
	case LTTR_FD_FAILED:
		snprintf(buf, size, "file %s (the open failed: %d)", f->name, f->fd);
		break;
	case LTTR_FD_SOCKET:
		if (f->at_start)
			snprintf(buf, size, "%s (fd %d%s, open at START)", f->name, f->fd, dup);
		else if (f->accepted)
			snprintf(buf, size, "socket %s%s(fd %d, accepted%s)", f->name,
				 f->name[0] ? " " : "", f->fd, dup);
		else
			snprintf(buf, size, "socket %s%s(fd %d%s)", f->name, f->name[0] ? " " : "",
				 f->fd, dup);
		break;
	case LTTR_FD_PIPE:
		snprintf(buf, size, "%s (%s end, fd %d%s)", f->name,
			 f->pipe_end == 'r' ? "read" : "write", f->fd, dup);
		break;
	case LTTR_FD_CLOSED:
		snprintf(buf, size, "fd %d (closed before)", f->fd);
		break;
	case LTTR_FD_UNSEEN:
		snprintf(buf, size, "fd %d (opened before the trace or by a call not traced)", f->fd);
		break;
	default:
		snprintf(buf, size, "no file");
		break;
	}
	return buf;
}
