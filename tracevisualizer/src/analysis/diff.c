// SPDX-License-Identifier: GPL-2.0
/*
 * diff.c - the difference of two runs: the processes of two traces
 * matched by command line, else by name and role in their process trees,
 * the change of each pair's elapsed time split into the accounting's categories (parts that
 * add up to the change exactly), the blocked parts split by waker from
 * the explanations, and the worst change explained.  Nothing here
 * decides a state: every figure is the accounting's (account.c) or an
 * explanation's (explain.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/diff.h>
#include <lttr/analysis/explain.h>
#include <lttr/model/flow.h>
#include <lttr/reader/syscalls.h>

const char *lttr_diff_kind_name(unsigned int kind)
{
	static const char *const n[] = {
		"user", "syscall", "syscall-rest", "trap", "kernel", "interrupted",
		"runnable", "nodata", "blocked", "unaccounted",
	};

	return kind < LTTR_DC_COUNT ? n[kind] : "?";
}

const char *lttr_diff_match_name(unsigned int match)
{
	return match == LTTR_DM_CMDLINE ? "cmdline" : match == LTTR_DM_ROLE ? "role" : NULL;
}

const char *lttr_diff_side_name(unsigned int side)
{
	return side == LTTR_DS_BOTH ? "both" : side == LTTR_DS_A ? "a" : "b";
}

const char *lttr_diff_part_str(const struct lttr_diff_part *p, char *buf, size_t size)
{
	if (p->kind == LTTR_DC_SYSCALL) {
		char nb[32];

		snprintf(buf, size, "syscall %s", lttr_syscall_str(p->what, nb, sizeof(nb)));
	} else if (p->kind == LTTR_DC_BLOCKED)
		snprintf(buf, size, "blocked %s", lttr_block_name(p->what));
	else
		snprintf(buf, size, "%s", lttr_diff_kind_name(p->kind));
	return buf;
}

/* one trace: its accounting and its processes with their roles */
struct side {
	struct lttr_account *a;
	struct lttr_acct_task *g;
	size_t n;
	char **keys;
	size_t *order;		/* indices of @g sorted by key */
	size_t *byc;		/* those with a command line, by it, then key */
	size_t nbyc;
	long *mate;		/* the index of its pair in the other trace, or -1 */
};

static int cmp_u32(uint32_t x, uint32_t y)
{
	return x < y ? -1 : x > y;
}

static int cmp_u64(uint64_t x, uint64_t y)
{
	return x < y ? -1 : x > y;
}

/* the index of the process @pid in @g (sorted by tgid), or -1 */
static long find_proc(const struct lttr_acct_task *g, size_t n, uint32_t pid)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;

		if (g[m].pid == pid)
			return (long)m;
		if (g[m].pid < pid)
			lo = m + 1;
		else
			hi = m;
	}
	return -1;
}

static const char *name_of(const struct lttr_acct_task *tk)
{
	return tk->name ? tk->name : "?";
}

/* "name#rank": @i's rank among its siblings (same parent, same name) in
 * fork order (begin, then pid) */
static void segment(const struct side *s, const long *par, size_t i, char *buf, size_t size)
{
	const struct lttr_acct_task *me = &s->g[i];
	size_t j, rank = 0;

	for (j = 0; j < s->n; j++) {
		const struct lttr_acct_task *o = &s->g[j];

		if (j == i || par[j] != par[i] || strcmp(name_of(o), name_of(me)))
			continue;
		if (cmp_u64(o->begin_ns, me->begin_ns) < 0 ||
		    (o->begin_ns == me->begin_ns && cmp_u32(o->pid, me->pid) < 0))
			rank++;
	}
	snprintf(buf, size, "%s#%zu", name_of(me), rank);
}

#define MAX_DEPTH 64

static int make_keys(struct side *s)
{
	long *par = malloc((s->n ? s->n : 1) * sizeof(*par));
	size_t i;

	s->keys = calloc(s->n ? s->n : 1, sizeof(*s->keys));
	if (!par || !s->keys) {
		free(par);
		return -1;
	}
	for (i = 0; i < s->n; i++) {
		par[i] = find_proc(s->g, s->n, s->g[i].ppid);
		if (par[i] == (long)i)
			par[i] = -1;
	}
	/* a chain that comes back on itself (pid reuse) is cut: its first
	 * repeated process is a root */
	for (i = 0; i < s->n; i++) {
		long chain[MAX_DEPTH], p = (long)i;
		size_t depth = 0, k, len = 0;
		char *key;

		while (p >= 0 && depth < MAX_DEPTH) {
			for (k = 0; k < depth && chain[k] != p; k++)
				;
			if (k < depth)
				break;
			chain[depth++] = p;
			p = par[p];
		}
		key = malloc(depth * 80 + 1);
		if (!key) {
			free(par);
			return -1;
		}
		key[0] = '\0';
		for (k = depth; k-- > 0;) {
			char seg[80];

			segment(s, par, (size_t)chain[k], seg, sizeof(seg));
			len += (size_t)snprintf(key + len, depth * 80 + 1 - len, "%s%s",
						k + 1 < depth ? "/" : "", seg);
		}
		s->keys[i] = key;
	}
	free(par);
	return 0;
}

static const struct side *sort_side;

static int cmp_key(const void *x, const void *y)
{
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	int c = strcmp(sort_side->keys[i], sort_side->keys[j]);

	return c ? c : cmp_u32(sort_side->g[i].pid, sort_side->g[j].pid);
}

static int cmp_cmdline(const void *x, const void *y)
{
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	int c = strcmp(sort_side->g[i].cmdline, sort_side->g[j].cmdline);

	return c ? c : cmp_key(x, y);
}

static void side_free(struct side *s)
{
	size_t i;

	for (i = 0; s->keys && i < s->n; i++)
		free(s->keys[i]);
	free(s->keys);
	free(s->order);
	free(s->byc);
	free(s->mate);
	lttr_account_group_free(s->g, s->g ? s->n : 0);
}

static int side_load(struct lttr_trace *t, struct side *s, struct lttr_error *err)
{
	size_t i;
	int ret;

	memset(s, 0, sizeof(*s));
	ret = lttr_account_compute(t, &s->a, err);
	if (ret < 0)
		return ret;
	s->g = lttr_account_group(s->a, &s->n);
	if (!s->g)
		s->n = 0;
	s->order = malloc((s->n ? s->n : 1) * sizeof(*s->order));
	s->byc = malloc((s->n ? s->n : 1) * sizeof(*s->byc));
	s->mate = malloc((s->n ? s->n : 1) * sizeof(*s->mate));
	if ((s->a->ntasks && !s->g) || !s->order || !s->byc || !s->mate ||
	    make_keys(s) < 0)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	for (i = 0; i < s->n; i++) {
		s->order[i] = i;
		s->mate[i] = -1;
		if (s->g[i].cmdline)
			s->byc[s->nbyc++] = i;
	}
	sort_side = s;
	qsort(s->order, s->n, sizeof(*s->order), cmp_key);
	qsort(s->byc, s->nbyc, sizeof(*s->byc), cmp_cmdline);
	return 0;
}

/*
 * Pair the processes of one command line, @a[0..na) of A and @b[0..nb)
 * of B, each sorted by role: those of the same role first (a merge), then
 * the others in the order of their roles.
 */
static void pair_cmdline(struct side *sa, const size_t *a, size_t na,
			 struct side *sb, const size_t *b, size_t nb)
{
	size_t i = 0, j = 0;

	while (i < na && j < nb) {
		int c = strcmp(sa->keys[a[i]], sb->keys[b[j]]);

		if (c == 0) {
			sa->mate[a[i]] = (long)b[j];
			sb->mate[b[j]] = (long)a[i];
		}
		if (c <= 0)
			i++;
		if (c >= 0)
			j++;
	}
	for (i = 0, j = 0; i < na && j < nb; i++) {
		if (sa->mate[a[i]] >= 0)
			continue;
		while (j < nb && sb->mate[b[j]] >= 0)
			j++;
		if (j == nb)
			break;
		sa->mate[a[i]] = (long)b[j];
		sb->mate[b[j]] = (long)a[i];
	}
}

/* the pairs by command line: a merge of the two lists sorted by it */
static void match_cmdlines(struct side *sa, struct side *sb)
{
	size_t i = 0, j = 0;

	while (i < sa->nbyc && j < sb->nbyc) {
		const char *ca = sa->g[sa->byc[i]].cmdline, *cb = sb->g[sb->byc[j]].cmdline;
		int c = strcmp(ca, cb);
		size_t ei = i, ej = j;

		if (c < 0) {
			i++;
			continue;
		}
		if (c > 0) {
			j++;
			continue;
		}
		while (ei < sa->nbyc && !strcmp(sa->g[sa->byc[ei]].cmdline, ca))
			ei++;
		while (ej < sb->nbyc && !strcmp(sb->g[sb->byc[ej]].cmdline, cb))
			ej++;
		pair_cmdline(sa, sa->byc + i, ei - i, sb, sb->byc + j, ej - j);
		i = ei;
		j = ej;
	}
}

/* the parts of a pair being built */
struct parts {
	struct lttr_diff_part *v;
	size_t n, cap;
	int nomem;
};

static void add_part(struct parts *p, unsigned int kind, uint32_t what, int64_t ns, bool in_b)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->v[i].kind == kind && p->v[i].what == what)
			break;
	if (i == p->n) {
		if (p->n == p->cap) {
			size_t cap = p->cap ? 2 * p->cap : 16;
			struct lttr_diff_part *v = realloc(p->v, cap * sizeof(*v));

			if (!v) {
				p->nomem = 1;
				return;
			}
			p->v = v;
			p->cap = cap;
		}
		memset(&p->v[i], 0, sizeof(p->v[i]));
		p->v[i].kind = (uint8_t)kind;
		p->v[i].what = what;
		p->n++;
	}
	if (in_b)
		p->v[i].b_ns += ns;
	else
		p->v[i].a_ns += ns;
}

/* the categories of process @tk into @p (side A or B); their sum is its
 * threads' lifetimes, the rest being LTTR_DC_UNACCOUNTED */
static void add_task(struct parts *p, const struct lttr_acct_task *tk, bool in_b)
{
	int64_t sum = 0, sc = 0;
	unsigned int r;
	size_t i;

#define ADD(kind, what, ns) do { int64_t v_ = (int64_t)(ns); \
		add_part(p, (kind), (what), v_, in_b); sum += v_; } while (0)
	ADD(LTTR_DC_USER, 0, tk->user_ns);
	for (i = 0; i < tk->nsc; i++) {
		ADD(LTTR_DC_SYSCALL, tk->sc[i].nr, tk->sc[i].cpu_ns);
		sc += (int64_t)tk->sc[i].cpu_ns;
	}
	ADD(LTTR_DC_SYSCALL_REST, 0, (int64_t)tk->syscall_ns - sc);
	ADD(LTTR_DC_TRAP, 0, tk->trap_ns);
	ADD(LTTR_DC_KERNEL, 0, tk->kernel_ns);
	ADD(LTTR_DC_INTERRUPTED, 0, tk->irq_ns);
	ADD(LTTR_DC_RUNNABLE, 0, tk->runnable_ns);
	ADD(LTTR_DC_UNKNOWN, 0, tk->unknown_ns);
	for (r = 0; r < LTTR_BLOCK_COUNT; r++)
		ADD(LTTR_DC_BLOCKED, r, tk->blocked_ns[r]);
#undef ADD
	add_part(p, LTTR_DC_UNACCOUNTED, 0, (int64_t)tk->thread_life_ns - sum, in_b);
}

static int64_t abs64(int64_t x)
{
	return x < 0 ? -x : x;
}

static int cmp_part(const void *x, const void *y)
{
	const struct lttr_diff_part *a = x, *b = y;
	int64_t da = abs64(a->delta_ns), db = abs64(b->delta_ns);

	if (da != db)
		return da > db ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return cmp_u32(a->what, b->what);
}

static bool whole(const struct lttr_account *a, const struct lttr_acct_task *tk)
{
	return tk->begin_ns <= a->start_ns && tk->end_ns >= a->end_ns;
}

static int fill_proc(struct lttr_diff_proc *dp, const struct lttr_account *aa,
		     const struct lttr_acct_task *ta, const struct lttr_account *ab,
		     const struct lttr_acct_task *tb, const char *key, const char *key_b,
		     unsigned int match)
{
	const struct lttr_acct_task *named = tb ? tb : ta;
	struct parts p = { 0 };
	size_t i, k = 0;

	if (!named)
		return -1;
	dp->side = ta && tb ? LTTR_DS_BOTH : ta ? LTTR_DS_A : LTTR_DS_B;
	dp->match = (uint8_t)(ta && tb ? match : LTTR_DM_NONE);
	dp->key = strdup(key);
	dp->key_b = key_b ? strdup(key_b) : NULL;
	dp->cmdline = named->cmdline ? strdup(named->cmdline) : NULL;
	if ((key_b && !dp->key_b) || (named->cmdline && !dp->cmdline))
		return -1;
	dp->name = strdup(name_of(named));
	if (ta) {
		dp->pid_a = ta->pid;
		dp->a_ns = ta->thread_life_ns;
		dp->life_a = lttr_acct_task_life(ta);
		dp->threads_a = ta->threads;
		dp->whole_a = whole(aa, ta);
		add_task(&p, ta, false);
	}
	if (tb) {
		dp->pid_b = tb->pid;
		dp->b_ns = tb->thread_life_ns;
		dp->life_b = lttr_acct_task_life(tb);
		dp->threads_b = tb->threads;
		dp->whole_b = whole(ab, tb);
		add_task(&p, tb, true);
	}
	dp->delta_ns = (int64_t)dp->b_ns - (int64_t)dp->a_ns;
	if (p.nomem || !dp->key || !dp->name) {
		free(p.v);
		return -1;
	}
	for (i = 0; i < p.n; i++) {	/* the categories of neither: not listed */
		if (!p.v[i].a_ns && !p.v[i].b_ns)
			continue;
		p.v[k] = p.v[i];
		p.v[k].delta_ns = p.v[k].b_ns - p.v[k].a_ns;
		k++;
	}
	qsort(p.v, k, sizeof(*p.v), cmp_part);
	dp->parts = p.v;
	dp->nparts = k;
	return 0;
}

static int cmp_proc(const void *x, const void *y)
{
	const struct lttr_diff_proc *a = x, *b = y;

	if (a->side != b->side)
		return a->side < b->side ? -1 : 1;
	if (a->side == LTTR_DS_BOTH) {
		int64_t da = abs64(a->delta_ns), db = abs64(b->delta_ns);

		if (da != db)
			return da > db ? -1 : 1;
	} else {
		uint64_t ea = a->a_ns + a->b_ns, eb = b->a_ns + b->b_ns;

		if (ea != eb)
			return ea > eb ? -1 : 1;
	}
	return strcmp(a->key, b->key);
}

void lttr_diff_free(struct lttr_diff *d)
{
	size_t i, k;

	if (!d)
		return;
	for (i = 0; i < d->n; i++) {
		free(d->v[i].key);
		free(d->v[i].key_b);
		free(d->v[i].cmdline);
		free(d->v[i].name);
		free(d->v[i].parts);
		for (k = 0; k < d->v[i].nwakers; k++)
			free(d->v[i].wakers[k].waker);
		free(d->v[i].wakers);
	}
	free(d->v);
	lttr_account_free(d->a);
	lttr_account_free(d->b);
	free(d);
}

int lttr_diff_compute(struct lttr_trace *ta, struct lttr_trace *tb,
		      struct lttr_diff **out, struct lttr_error *err)
{
	struct side sa, sb;
	struct lttr_diff *d;
	size_t i = 0, j = 0;
	int ret;

	*out = NULL;
	ret = side_load(ta, &sa, err);
	if (ret == 0)
		ret = side_load(tb, &sb, err);
	else
		memset(&sb, 0, sizeof(sb));
	d = calloc(1, sizeof(*d));
	if (ret == 0 && (!d || !(d->v = calloc(sa.n + sb.n + 1, sizeof(*d->v)))))
		ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	if (ret < 0) {
		if (d)
			free(d->v);
		free(d);
		lttr_account_free(sa.a);
		lttr_account_free(sb.a);
		side_free(&sa);
		side_free(&sb);
		return ret;
	}
	d->a = sa.a;
	d->b = sb.a;
	match_cmdlines(&sa, &sb);
	for (i = 0; ret == 0 && i < sa.n; i++) {
		long y = sa.mate[i];

		if (y < 0)
			continue;
		ret = fill_proc(&d->v[d->n++], sa.a, &sa.g[i], sb.a, &sb.g[y], sa.keys[i],
				sb.keys[y], LTTR_DM_CMDLINE);
		d->nmatched++;
		if (ret < 0)
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	/* the others, both sorted by key: a merge; equal keys are paired in order */
	i = 0;
	while (ret == 0 && (i < sa.n || j < sb.n)) {
		size_t x = i < sa.n ? sa.order[i] : 0, y = j < sb.n ? sb.order[j] : 0;
		int c = i == sa.n ? 1 : j == sb.n ? -1 : strcmp(sa.keys[x], sb.keys[y]);
		struct lttr_diff_proc *dp = &d->v[d->n];

		if (i < sa.n && sa.mate[x] >= 0) {
			i++;
			continue;
		}
		if (j < sb.n && sb.mate[y] >= 0) {
			j++;
			continue;
		}
		if (c == 0) {
			ret = fill_proc(dp, sa.a, &sa.g[x], sb.a, &sb.g[y], sa.keys[x],
					sb.keys[y], LTTR_DM_ROLE);
			i++, j++;
			d->nmatched++;
		} else if (c < 0) {
			ret = fill_proc(dp, sa.a, &sa.g[x], sb.a, NULL, sa.keys[x], NULL,
					LTTR_DM_NONE);
			i++;
			d->nonly_a++;
		} else {
			ret = fill_proc(dp, sa.a, NULL, sb.a, &sb.g[y], sb.keys[y], NULL,
					LTTR_DM_NONE);
			j++;
			d->nonly_b++;
		}
		d->n++;
		if (ret < 0)
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	side_free(&sa);
	side_free(&sb);
	if (ret < 0) {
		lttr_diff_free(d);
		return ret;
	}
	qsort(d->v, d->n, sizeof(*d->v), cmp_proc);
	*out = d;
	return 0;
}

/* ---- the wakers of the blocked time (explanations of the threads) ---- */

static void waker_name(const struct lttr_account *a, const struct lttr_waker *w,
		       char *buf, size_t size)
{
	const struct lttr_acct_task *tk;

	if (!w->known) {
		buf[0] = '\0';
	} else if (w->mode == LTTR_MODE_IRQ) {
		snprintf(buf, size, "%s %u", w->sysvec ? "vector" : "irq", w->ctx);
	} else if (w->mode == LTTR_MODE_SOFTIRQ) {
		snprintf(buf, size, "softirq %u", w->ctx);
	} else if (!w->pid) {
		snprintf(buf, size, "idle");
	} else {
		tk = lttr_account_find(a, w->pid);
		snprintf(buf, size, "%s", tk && tk->name ? tk->name : "?");
	}
}

static int add_waker(struct lttr_diff_proc *dp, unsigned int reason, const char *w,
		     bool task, int64_t ns, bool in_b)
{
	struct lttr_diff_waker *v;
	size_t i;

	for (i = 0; i < dp->nwakers; i++)
		if (dp->wakers[i].reason == reason && !strcmp(dp->wakers[i].waker, w))
			break;
	if (i == dp->nwakers) {
		v = realloc(dp->wakers, (dp->nwakers + 1) * sizeof(*v));
		if (!v)
			return -1;
		dp->wakers = v;
		memset(&v[i], 0, sizeof(v[i]));
		v[i].reason = (uint8_t)reason;
		v[i].task = task;
		v[i].waker = strdup(w);
		if (!v[i].waker)
			return -1;
		dp->nwakers++;
	}
	if (in_b)
		dp->wakers[i].b_ns += ns;
	else
		dp->wakers[i].a_ns += ns;
	return 0;
}

/* whether a blocked part of @dp changed */
static bool blocked_changed(const struct lttr_diff_proc *dp)
{
	size_t k;

	for (k = 0; k < dp->nparts; k++)
		if (dp->parts[k].kind == LTTR_DC_BLOCKED && dp->parts[k].delta_ns)
			return true;
	return false;
}

/* the requests: a task scope over each thread's lifetime of every process
 * of @d present in @a (@in_b: B; @changed: only those whose blocked time
 * changed), with the index of its process */
static int thread_reqs(const struct lttr_diff *d, const struct lttr_account *a, bool in_b,
		       bool changed, struct lttr_ex_req **reqs, size_t **proc, size_t *n)
{
	size_t i, k, cap = 0;

	*reqs = NULL;
	*proc = NULL;
	*n = 0;
	for (i = 0; i < d->n; i++) {
		uint32_t pid = in_b ? d->v[i].pid_b : d->v[i].pid_a;

		if (!pid || (changed && !blocked_changed(&d->v[i])))
			continue;
		for (k = 0; k < a->ntasks; k++) {
			const struct lttr_acct_task *tk = &a->tasks[k];

			if (tk->tgid != pid || tk->end_ns <= tk->begin_ns)
				continue;
			if (*n == cap) {
				size_t c2 = cap ? 2 * cap : 64;
				struct lttr_ex_req *r = realloc(*reqs, c2 * sizeof(*r));
				size_t *p;

				if (!r)
					return -1;
				*reqs = r;
				p = realloc(*proc, c2 * sizeof(*p));
				if (!p)
					return -1;
				*proc = p;
				cap = c2;
			}
			memset(&(*reqs)[*n], 0, sizeof(**reqs));
			(*reqs)[*n].start_ns = tk->begin_ns;
			(*reqs)[*n].end_ns = tk->end_ns;
			(*reqs)[*n].pid = tk->pid;
			(*reqs)[*n].scope = LTTR_EXS_TASK;
			(*proc)[*n] = i;
			(*n)++;
		}
	}
	return 0;
}

static int cmp_waker(const void *x, const void *y)
{
	const struct lttr_diff_waker *a = x, *b = y;
	int64_t da = abs64(a->delta_ns), db = abs64(b->delta_ns);

	if (da != db)
		return da > db ? -1 : 1;
	if (a->reason != b->reason)
		return a->reason < b->reason ? -1 : 1;
	return strcmp(a->waker, b->waker);
}

static int wakers_side(struct lttr_diff *d, struct lttr_trace *t, bool in_b,
		       struct lttr_error *err)
{
	const struct lttr_account *a = in_b ? d->b : d->a;
	struct lttr_explained *ex = NULL;
	struct lttr_ex_req *reqs;
	size_t *proc, n, i, k;
	int ret;

	if (thread_reqs(d, a, in_b, true, &reqs, &proc, &n) < 0) {
		free(reqs);
		free(proc);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	ret = n ? lttr_explain(t, reqs, n, &ex, err) : 0;
	for (i = 0; ret == 0 && ex && i < ex->n; i++) {
		const struct lttr_explanation *e = &ex->v[i];

		for (k = 0; k < e->n; k++) {
			const struct lttr_ex_item *it = &e->v[k];
			char w[64];

			if (it->type != LTTR_EX_BLOCKED || it->pid != e->req.pid)
				continue;
			waker_name(ex->acct, &it->waker, w, sizeof(w));
			if (!w[0])
				continue;	/* the rest, below */
			if (add_waker(&d->v[proc[i]], it->reason, w, lttr_waker_is_task(&it->waker),
				      (int64_t)(it->end_ns - it->start_ns), in_b) < 0) {
				ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
				break;
			}
		}
	}
	lttr_explained_free(ex);
	free(reqs);
	free(proc);
	return ret;
}

int lttr_diff_wakers(struct lttr_diff *d, struct lttr_trace *ta, struct lttr_trace *tb,
		     struct lttr_error *err)
{
	size_t i, k;
	int ret = wakers_side(d, ta, false, err);

	if (ret == 0)
		ret = wakers_side(d, tb, true, err);
	/* each reason's rest: the blocked part less its known wakers */
	for (i = 0; ret == 0 && i < d->n; i++) {
		struct lttr_diff_proc *dp = &d->v[i];

		for (k = 0; k < dp->nparts; k++) {
			const struct lttr_diff_part *p = &dp->parts[k];
			int64_t ra = p->a_ns, rb = p->b_ns;
			size_t w;

			if (p->kind != LTTR_DC_BLOCKED || !blocked_changed(dp))
				continue;
			for (w = 0; w < dp->nwakers; w++)
				if (dp->wakers[w].reason == p->what) {
					ra -= dp->wakers[w].a_ns;
					rb -= dp->wakers[w].b_ns;
				}
			if ((ra || rb) && (add_waker(dp, p->what, "", false, ra, false) < 0 ||
					   add_waker(dp, p->what, "", false, rb, true) < 0))
				ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		}
		for (k = 0; k < dp->nwakers; k++)
			dp->wakers[k].delta_ns = dp->wakers[k].b_ns - dp->wakers[k].a_ns;
		qsort(dp->wakers, dp->nwakers, sizeof(*dp->wakers), cmp_waker);
	}
	return ret;
}

/* ---- the worst change explained ---- */

/* whether part @p of @dp is another process's story: a wait for a child,
 * a block of unknown reason, or a block whose largest changed waker (the
 * wakers are sorted by |change|) is a task */
static bool others_story(const struct lttr_diff_proc *dp, const struct lttr_diff_part *p)
{
	size_t w;

	if (p->kind != LTTR_DC_BLOCKED)
		return false;
	if (p->what == LTTR_BLOCK_CHILD || p->what == LTTR_BLOCK_UNKNOWN)
		return true;
	for (w = 0; w < dp->nwakers; w++)
		if (dp->wakers[w].reason == p->what && dp->wakers[w].delta_ns)
			return dp->wakers[w].task;
	return false;
}

/* the part an item of a task's explanation is in, or -1 */
static int item_part(const struct lttr_ex_item *it, uint32_t pid, uint32_t *what)
{
	*what = 0;
	switch (it->type) {
	case LTTR_EX_RAN:
		if (it->pid != pid)
			return -1;
		switch (it->mode) {
		case LTTR_MODE_USER:
			return LTTR_DC_USER;
		case LTTR_MODE_SYSCALL:
			*what = it->what;
			return LTTR_DC_SYSCALL;
		case LTTR_MODE_TRAP:
			return LTTR_DC_TRAP;
		case LTTR_MODE_IRQ:
		case LTTR_MODE_SOFTIRQ:
			return LTTR_DC_INTERRUPTED;
		default:
			return LTTR_DC_KERNEL;
		}
	case LTTR_EX_RUNNABLE:
		return LTTR_DC_RUNNABLE;
	case LTTR_EX_UNKNOWN:
		return LTTR_DC_UNKNOWN;
	case LTTR_EX_BLOCKED:
		*what = it->reason;
		return LTTR_DC_BLOCKED;
	default:
		return -1;
	}
}

void lttr_diff_explained_free(struct lttr_diff_explained *e)
{
	if (!e)
		return;
	lttr_explain_at_free(e->at);
	free(e);
}

void lttr_diff_kinds(const struct lttr_diff_proc *dp, struct lttr_diff_kindsum *out)
{
	size_t k;

	memset(out, 0, LTTR_DC_COUNT * sizeof(*out));
	for (k = 0; k < dp->nparts; k++) {
		struct lttr_diff_kindsum *o = &out[dp->parts[k].kind < LTTR_DC_COUNT ?
						   dp->parts[k].kind : LTTR_DC_UNACCOUNTED];

		o->a_ns += dp->parts[k].a_ns;
		o->b_ns += dp->parts[k].b_ns;
		o->delta_ns += dp->parts[k].delta_ns;
	}
}

/* the part of @dp a change is explained by: its largest change that a
 * task's explanation shows in intervals, or NULL */
static const struct lttr_diff_part *explainable(const struct lttr_diff_proc *dp)
{
	size_t k;

	for (k = 0; k < dp->nparts; k++)
		if (dp->parts[k].delta_ns && dp->parts[k].kind != LTTR_DC_UNACCOUNTED &&
		    dp->parts[k].kind != LTTR_DC_SYSCALL_REST)
			return &dp->parts[k];
	return NULL;
}

size_t lttr_diff_worst(const struct lttr_diff *d, size_t *idx, size_t n)
{
	size_t i, k, got = 0;
	unsigned int pass;

	/* first the pairs (by |change|) not alive over a whole trace whose
	 * largest explainable part is their own (others_story()), then the
	 * other pairs with a change, each pair once */
	for (pass = 0; pass < 2 && got < n; pass++)
		for (i = 0; i < d->nmatched && got < n; i++) {
			const struct lttr_diff_part *p = explainable(&d->v[i]);

			if (!p || (pass == 0 && (d->v[i].whole_a || d->v[i].whole_b ||
						 others_story(&d->v[i], p))))
				continue;
			for (k = 0; k < got && idx[k] != i; k++)
				;
			if (k == got)
				idx[got++] = i;
		}
	return got;
}

int lttr_diff_explain(const struct lttr_diff *d, struct lttr_trace *ta, struct lttr_trace *tb,
		      struct lttr_diff_explained **out, struct lttr_error *err)
{
	size_t pi;

	*out = NULL;
	if (!lttr_diff_worst(d, &pi, 1))
		return 0;
	return lttr_diff_explain_proc(d, pi, ta, tb, out, err);
}

int lttr_diff_explain_proc(const struct lttr_diff *d, size_t pi, struct lttr_trace *ta,
			   struct lttr_trace *tb, struct lttr_diff_explained **out,
			   struct lttr_error *err)
{
	const struct lttr_diff_proc *dp;
	const struct lttr_diff_part *part;
	struct lttr_diff_explained *e;
	struct lttr_explained *ex = NULL;
	struct lttr_ex_req *reqs;
	struct lttr_diff one;
	size_t *proc, n, i, k, pk;
	uint64_t best = 0, bs = 0, be = 0;
	uint32_t bpid = 0;
	bool in_b;
	int ret;

	*out = NULL;
	if (pi >= d->n || !(part = explainable(&d->v[pi])))
		return 0;
	pk = (size_t)(part - d->v[pi].parts);
	dp = &d->v[pi];
	in_b = part->delta_ns > 0;
	one = *d;
	one.v = (struct lttr_diff_proc *)dp;
	one.n = 1;
	if (thread_reqs(&one, in_b ? d->b : d->a, in_b, false, &reqs, &proc, &n) < 0) {
		free(reqs);
		free(proc);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	free(proc);
	ret = n ? lttr_explain(in_b ? tb : ta, reqs, n, &ex, err) : 0;
	free(reqs);
	/* the longest run of items of the part's category (items of one
	 * category that follow each other without a gap are one interval) */
	for (i = 0; ret == 0 && ex && i < ex->n; i++) {
		const struct lttr_explanation *x = &ex->v[i];
		uint64_t s = 0, end = 0;
		bool open = false;

		for (k = 0; k <= x->n; k++) {
			uint32_t what;
			bool in = k < x->n &&
				  item_part(&x->v[k], x->req.pid, &what) == part->kind &&
				  what == part->what;

			if (in && open && x->v[k].start_ns == end) {
				end = x->v[k].end_ns;
				continue;
			}
			if (open && end - s > best) {
				best = end - s;
				bs = s;
				be = end;
				bpid = x->req.pid;
			}
			open = in;
			if (in) {
				s = x->v[k].start_ns;
				end = x->v[k].end_ns;
			}
		}
	}
	lttr_explained_free(ex);
	if (ret < 0 || !best)
		return ret;
	e = calloc(1, sizeof(*e));
	if (!e)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	e->proc = pi;
	e->part = pk;
	e->in_b = in_b;
	e->pid = bpid;
	e->start_ns = bs;
	e->end_ns = be;
	ret = lttr_explain_at(in_b ? tb : ta, bpid, bs + (be - bs) / 2, &e->at, err);
	if (ret < 0) {
		lttr_diff_explained_free(e);
		return ret;
	}
	*out = e;
	return 0;
}
