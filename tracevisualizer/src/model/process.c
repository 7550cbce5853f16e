// SPDX-License-Identifier: GPL-2.0
/*
 * process.c - the process table: proc snapshot plus fork, exec and exit.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>

struct lttr_ptable {
	struct lttr_process **procs;	/* entries (stable addresses) */
	size_t n;
	size_t cap;
	uint32_t *slots;		/* hash: index + 1, 0 = free */
	size_t nslots;			/* power of two */
};

static size_t hash_pid(uint32_t pid, size_t mask)
{
	return (size_t)(pid * 2654435761U) & mask;
}

static int rehash(struct lttr_ptable *pt, size_t nslots)
{
	uint32_t *s = calloc(nslots, sizeof(*s));
	size_t i, j;

	if (!s)
		return -1;
	for (i = 0; i < pt->n; i++) {
		for (j = hash_pid(pt->procs[i]->pid, nslots - 1); s[j];
		     j = (j + 1) & (nslots - 1))
			;
		s[j] = (uint32_t)(i + 1);
	}
	free(pt->slots);
	pt->slots = s;
	pt->nslots = nslots;
	return 0;
}

static void free_names(struct lttr_process *p)
{
	size_t i;

	for (i = 0; i < p->nnames; i++)
		free(p->names[i].name);
	free(p->names);
	p->names = NULL;
	p->nnames = 0;
}

/*
 * Name @p @len bytes of @s from @since_ns on: a new entry at the end of its
 * name history, or, with @reset (snapshot, fork: a new task), its only one.
 */
static int name_task_n(struct lttr_process *p, uint64_t since_ns,
		       const char *s, size_t len, bool reset)
{
	char *name = malloc(len + 1);
	struct lttr_name *v;

	if (!name)
		return -1;
	memcpy(name, s, len);
	name[len] = '\0';
	if (reset)
		free_names(p);
	v = realloc(p->names, (p->nnames + 1) * sizeof(*v));
	if (!v) {
		free(name);
		return -1;
	}
	p->names = v;
	v[p->nnames].since_ns = since_ns;
	v[p->nnames].name = name;
	p->nnames++;
	p->name = name;
	return 0;
}

static int name_task(struct lttr_process *p, uint64_t since_ns,
		     const char *s, bool reset)
{
	return name_task_n(p, since_ns, s, strlen(s), reset);
}

int lttr_process_restore(struct lttr_process *p, const struct lttr_name *names,
			 size_t n, const char *cmdline)
{
	char *cl = NULL;
	size_t i;

	if (!n)
		return -1;
	if (cmdline) {
		cl = strdup(cmdline);
		if (!cl)
			return -1;
	}
	free_names(p);
	for (i = 0; i < n; i++) {
		if (name_task(p, names[i].since_ns, names[i].name, false) < 0) {
			free(cl);
			return -1;
		}
	}
	free(p->cmdline);
	p->cmdline = cl;
	return 0;
}

struct lttr_process *lttr_ptable_get(struct lttr_ptable *pt, uint32_t pid,
				     bool create)
{
	size_t j, mask = pt->nslots - 1;
	struct lttr_process *p;

	for (j = hash_pid(pid, mask); pt->slots[j]; j = (j + 1) & mask)
		if (pt->procs[pt->slots[j] - 1]->pid == pid)
			return pt->procs[pt->slots[j] - 1];
	if (!create || pt->n >= UINT32_MAX - 1)
		return NULL;
	if ((pt->n + 1) * 2 > pt->nslots) {
		if (rehash(pt, pt->nslots * 2) < 0)
			return NULL;
		mask = pt->nslots - 1;
		for (j = hash_pid(pid, mask); pt->slots[j]; j = (j + 1) & mask)
			;
	}
	if (pt->n == pt->cap) {
		size_t cap = pt->cap ? 2 * pt->cap : 64;
		struct lttr_process **n = realloc(pt->procs, cap * sizeof(*n));

		if (!n)
			return NULL;
		pt->procs = n;
		pt->cap = cap;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->pid = pid;
	p->tgid = pid;
	if (name_task(p, 0, pid == 0 ? "swapper" : "", true) < 0) {
		free(p);
		return NULL;
	}
	pt->procs[pt->n] = p;
	pt->slots[j] = (uint32_t)(pt->n + 1);
	pt->n++;
	return p;
}


struct lttr_ptable *lttr_ptable_new(const struct lttr_proc *snap)
{
	struct lttr_ptable *pt = calloc(1, sizeof(*pt));
	size_t i;

	if (!pt || rehash(pt, 256) < 0) {
		free(pt);
		return NULL;
	}
	for (i = 0; snap && i < snap->ntasks; i++) {
		const struct lttr_proc_task *tk = &snap->tasks[i];
		struct lttr_process *p = lttr_ptable_get(pt, tk->pid, true);

		if (!p || name_task(p, 0, tk->name, true) < 0) {
			lttr_ptable_free(pt);
			return NULL;
		}
		p->ppid = tk->ppid;
		p->tgid = tk->tgid;
		p->in_snapshot = true;
	}
	return pt;
}

void lttr_ptable_free(struct lttr_ptable *pt)
{
	size_t i;

	if (!pt)
		return;
	for (i = 0; i < pt->n; i++) {
		free_names(pt->procs[i]);
		free(pt->procs[i]->cmdline);
		lttr_sccount_free(&pt->procs[i]->syscalls);
		free(pt->procs[i]);
	}
	free(pt->procs);
	free(pt->slots);
	free(pt);
}

struct lttr_ptable *lttr_ptable_copy(const struct lttr_ptable *src)
{
	struct lttr_ptable *pt = calloc(1, sizeof(*pt));
	size_t i, j;

	if (!pt)
		return NULL;
	pt->procs = calloc(src->cap ? src->cap : 1, sizeof(*pt->procs));
	pt->slots = malloc(src->nslots * sizeof(*pt->slots));
	if (!pt->procs || !pt->slots) {
		free(pt->procs);
		free(pt->slots);
		free(pt);
		return NULL;
	}
	pt->cap = src->cap;
	pt->nslots = src->nslots;
	memcpy(pt->slots, src->slots, src->nslots * sizeof(*pt->slots));
	for (i = 0; i < src->n; i++) {
		const struct lttr_process *o = src->procs[i];
		struct lttr_process *p = malloc(sizeof(*p));

		if (!p)
			goto nomem;
		*p = *o;
		p->name = NULL;
		p->names = NULL;
		p->nnames = 0;
		p->cmdline = NULL;
		memset(&p->syscalls, 0, sizeof(p->syscalls));
		pt->procs[pt->n++] = p;
		if (o->nnames && !(p->names = calloc(o->nnames, sizeof(*p->names))))
			goto nomem;
		for (j = 0; j < o->nnames; j++) {
			p->names[j].since_ns = o->names[j].since_ns;
			if (!(p->names[j].name = strdup(o->names[j].name)))
				goto nomem;
			p->nnames++;
			if (o->name == o->names[j].name)
				p->name = p->names[j].name;
		}
		if (o->cmdline && !(p->cmdline = strdup(o->cmdline)))
			goto nomem;
	}
	return pt;
nomem:
	lttr_ptable_free(pt);
	return NULL;
}

size_t lttr_ptable_bytes(const struct lttr_ptable *pt)
{
	size_t n = sizeof(*pt) + pt->cap * sizeof(*pt->procs) + pt->nslots * sizeof(*pt->slots);
	size_t i, j;

	for (i = 0; i < pt->n; i++) {
		const struct lttr_process *p = pt->procs[i];

		n += sizeof(*p) + p->nnames * sizeof(*p->names) +
		     (p->cmdline ? strlen(p->cmdline) + 1 : 0);
		for (j = 0; j < p->nnames; j++)
			n += strlen(p->names[j].name) + 1;
	}
	return n;
}

static int apply_fork(struct lttr_ptable *pt, const struct lttr_event *ev)
{
	const struct ltt_ev_process_fork *f = &ev->p.fork;
	struct lttr_process *parent, *child;
	uint32_t ptgid, pppid;
	char *pname, *pcmd;

	parent = lttr_ptable_get(pt, f->parent_pid, true);
	if (!parent)
		return -LTTR_E_NOMEM;
	ptgid = parent->tgid;
	pppid = parent->ppid;
	pname = strdup(parent->name);
	if (!pname)
		return -LTTR_E_NOMEM;
	pcmd = parent->cmdline ? strdup(parent->cmdline) : NULL;
	if (parent->cmdline && !pcmd) {
		free(pname);
		return -LTTR_E_NOMEM;
	}
	child = lttr_ptable_get(pt, f->child_pid, true);	/* may move parent */
	if (!child) {
		free(pname);
		free(pcmd);
		return -LTTR_E_NOMEM;
	}
	free(child->cmdline);
	child->cmdline = pcmd;
	child->tgid = f->child_tgid;
	child->ppid = (f->flags & LTT_FORK_THREAD) ? pppid : ptgid;
	if (name_task(child, ev->time_ns, pname, true) < 0) {
		free(pname);
		return -LTTR_E_NOMEM;
	}
	free(pname);
	child->forked = true;
	child->fork_ns = ev->time_ns;
	child->exited = false;
	child->exit_code = 0;
	child->exit_ns = 0;
	return 0;
}

const char *lttr_ptable_name_at(struct lttr_ptable *pt, uint32_t pid,
				uint64_t time_ns)
{
	const struct lttr_process *p = lttr_ptable_get(pt, pid, false);
	const char *name;
	size_t i;

	if (!p || !p->nnames)
		return NULL;
	name = p->names[0].name;
	for (i = 1; i < p->nnames && p->names[i].since_ns <= time_ns; i++)
		name = p->names[i].name;
	return name;
}

/* an exec's command line, NULL (unknown) when its record has none */
static int set_cmdline(struct lttr_process *p, const struct lttr_event *ev)
{
	struct lttr_exec_args a;
	char buf[LTT_EXEC_ARGV_MAX + 1];

	free(p->cmdline);
	p->cmdline = NULL;
	if (!lttr_exec_args(ev, &a))
		return 0;
	lttr_exec_cmdline(&a, buf, sizeof(buf));
	p->cmdline = strdup(buf);
	return p->cmdline ? 0 : -1;
}

bool lttr_ptable_names(unsigned int id)
{
	return id == LTT_EV_PROCESS_FORK || id == LTT_EV_PROCESS_EXEC ||
	       id == LTT_EV_PROCESS_EXIT || id == LTT_EV_KTHREAD_CREATE ||
	       id == LTT_EV_TASK_RENAME;
}

/* @pid named @name (@len bytes, up to a NUL) at @time_ns, when it differs */
static int rename_task(struct lttr_ptable *pt, uint32_t pid, uint64_t time_ns,
		       const char *name, size_t len)
{
	struct lttr_process *p = lttr_ptable_get(pt, pid, true);

	if (!p)
		return -LTTR_E_NOMEM;
	len = name ? strnlen(name, len) : 0;
	if (!len || (p->name && strlen(p->name) == len && !memcmp(p->name, name, len)))
		return 0;
	return name_task_n(p, time_ns, name, len, false) < 0 ? -LTTR_E_NOMEM : 0;
}

int lttr_ptable_apply(struct lttr_ptable *pt, const struct lttr_event *ev)
{
	struct lttr_process *p;
	const char *s, *base;
	size_t i;

	if (!ev->details)
		return 0;
	switch (ev->id) {
	case LTT_EV_PROCESS_FORK:
		return apply_fork(pt, ev);
	case LTT_EV_PROCESS_EXEC:
		p = lttr_ptable_get(pt, ev->p.exec.pid, true);
		if (!p)
			return -LTTR_E_NOMEM;
		s = ev->var ? ev->var : "";
		base = s;
		for (i = 0; i < ev->var_len; i++)
			if (s[i] == '/' && i + 1 < ev->var_len)
				base = s + i + 1;
		i = ev->var_len - (size_t)(base - s);
		while (i > 0 && base[i - 1] == '/')
			i--;
		p->execs++;
		if (set_cmdline(p, ev) < 0)
			return -LTTR_E_NOMEM;
		return name_task_n(p, ev->time_ns, base, i, false) < 0 ?
		       -LTTR_E_NOMEM : 0;
	case LTT_EV_KTHREAD_CREATE:
		/* the kernel thread names itself before it runs */
		return rename_task(pt, ev->p.kthread_create.pid, ev->time_ns, ev->var,
				   ev->var_len);
	case LTT_EV_TASK_RENAME:
		/* prctl(PR_SET_NAME), /proc/PID/comm: a name not from an exec */
		return rename_task(pt, ev->p.task_rename.pid, ev->time_ns, ev->var,
				   ev->var_len);
	case LTT_EV_PROCESS_EXIT:
		p = lttr_ptable_get(pt, ev->p.exit.pid, true);
		if (!p)
			return -LTTR_E_NOMEM;
		p->exited = true;
		p->exit_code = ev->p.exit.code;
		p->exit_ns = ev->time_ns;
		return 0;
	case LTT_EV_SCHEDCHANGE:
		if (!lttr_ptable_get(pt, ev->p.schedchange.prev_pid, true) ||
		    !lttr_ptable_get(pt, ev->p.schedchange.next_pid, true))
			return -LTTR_E_NOMEM;
		return 0;
	case LTT_EV_PROCESS_WAKEUP:
		return lttr_ptable_get(pt, ev->p.wakeup.pid, true) ? 0 : -LTTR_E_NOMEM;
	case LTT_EV_TRACE_START:
		return lttr_ptable_get(pt, ev->p.trace_start.pid, true) ? 0 : -LTTR_E_NOMEM;
	default:
		return 0;
	}
}

size_t lttr_ptable_count(const struct lttr_ptable *pt)
{
	return pt->n;
}

static int cmp_proc(const void *a, const void *b)
{
	const struct lttr_process *x = *(const struct lttr_process *const *)a;
	const struct lttr_process *y = *(const struct lttr_process *const *)b;

	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

struct lttr_process **lttr_ptable_sorted(struct lttr_ptable *pt, size_t *n)
{
	struct lttr_process **v = malloc((pt->n + 1) * sizeof(*v));
	size_t i;

	*n = 0;
	if (!v)
		return NULL;
	for (i = 0; i < pt->n; i++)
		v[i] = pt->procs[i];
	qsort(v, pt->n, sizeof(*v), cmp_proc);
	*n = pt->n;
	return v;
}
