// SPDX-License-Identifier: GPL-2.0
/*
 * blame.c - critical blame (AUDIT, section 3.3; lttr/audit/blame.h): the
 * activities of an instance read from its critical path and the CPUs'
 * segments, each segment of time split equally among the activities in
 * it, and the selection of the parties to blame (B1 and B2).
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/audit/blame.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/critpath.h>
#include <lttr/model/flow.h>
#include <lttr/reader/trace.h>
#include "analysis/critpath-internal.h"

/* ---- the split (the paper's linear scan) ------------------------------- */

struct edge {
	uint64_t t;
	size_t act;
	bool end;
};

static int cmp_edge(const void *pa, const void *pb)
{
	const struct edge *a = pa, *b = pb;

	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	if (a->end != b->end)	/* ends first: [s, e) intervals */
		return a->end ? -1 : 1;
	return a->act < b->act ? -1 : a->act > b->act;
}

static int cmp_size(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;

	return a < b ? -1 : a > b;
}

/* the segment [@a, @b) among the activities @on (@non, sorted) */
static void share(const struct lttr_blame_act *act, const size_t *on, size_t non,
		  uint64_t a, uint64_t b, uint64_t *party_ns, uint64_t *site_ns)
{
	uint64_t d = b - a, each = d / non, rest = d % non;
	size_t i;

	for (i = 0; i < non; i++) {
		const struct lttr_blame_act *x = &act[on[i]];
		uint64_t v = each + (i < rest ? 1 : 0);

		party_ns[x->party] += v;
		if (site_ns && x->site != LTTR_BLAME_NOSITE)
			site_ns[x->site] += v;
	}
}

int lttr_blame_split(const struct lttr_blame_act *act, size_t nact, size_t nparty,
		     size_t nsite, uint64_t *party_ns, uint64_t *site_ns,
		     uint64_t *unblamed_ns)
{
	struct edge *ev;
	size_t *on, *cur, non = 0, nfb = 0, ne = 0, i, k;
	bool *fb_on;
	uint64_t unblamed = 0;
	int r = 0;

	memset(party_ns, 0, nparty * sizeof(*party_ns));
	if (site_ns)
		memset(site_ns, 0, nsite * sizeof(*site_ns));
	if (unblamed_ns)
		*unblamed_ns = 0;
	for (i = 0; i < nact; i++)
		if (act[i].party >= nparty ||
		    (act[i].site != LTTR_BLAME_NOSITE && (act[i].site >= nsite || !site_ns)))
			return -1;
	ev = malloc((nact ? nact : 1) * 2 * sizeof(*ev));
	on = malloc((nact ? nact : 1) * sizeof(*on));
	cur = malloc((nact ? nact : 1) * sizeof(*cur));
	fb_on = calloc(nact ? nact : 1, sizeof(*fb_on));
	if (!ev || !on || !cur || !fb_on) {
		r = -1;
		goto out;
	}
	for (i = 0; i < nact; i++) {
		if (act[i].end_ns <= act[i].start_ns)
			continue;
		ev[ne++] = (struct edge){ act[i].start_ns, i, false };
		ev[ne++] = (struct edge){ act[i].end_ns, i, true };
	}
	qsort(ev, ne, sizeof(*ev), cmp_edge);
	/* @on: the activities active (fallbacks marked in @fb_on) */
	for (i = 0; i < ne; i++) {
		const struct edge *e = &ev[i];

		if (i && e->t > ev[i - 1].t) {
			size_t ncur = 0;

			for (k = 0; k < non; k++)
				if (non == nfb || !fb_on[on[k]])
					cur[ncur++] = on[k];
			if (ncur) {
				qsort(cur, ncur, sizeof(*cur), cmp_size);
				share(act, cur, ncur, ev[i - 1].t, e->t, party_ns, site_ns);
			} else {
				unblamed += e->t - ev[i - 1].t;
			}
		}
		if (e->end) {
			for (k = 0; k < non && on[k] != e->act; k++)
				;
			if (k < non) {
				on[k] = on[--non];
				if (act[e->act].fallback)
					nfb--;
			}
		} else {
			on[non++] = e->act;
			fb_on[e->act] = act[e->act].fallback;
			if (act[e->act].fallback)
				nfb++;
		}
	}
	if (unblamed_ns)
		*unblamed_ns = unblamed;
out:
	free(ev);
	free(on);
	free(cur);
	free(fb_on);
	return r;
}

/* ---- the selection (B1 and B2) ------------------------------------------ */

static int cmp_start(const void *pa, const void *pb, void *arg)
{
	const struct lttr_blame_act *act = arg;
	const struct lttr_blame_act *a = &act[*(const size_t *)pa], *b = &act[*(const size_t *)pb];

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	return *(const size_t *)pa < *(const size_t *)pb ? -1 : 1;
}

size_t lttr_blame_select(const struct lttr_blame_act *act, size_t nact,
			 const uint64_t *party_ns, size_t nparty, unsigned int n, bool *top)
{
	bool *crit = calloc(nparty ? nparty : 1, sizeof(*crit));
	bool *cand = calloc(nparty ? nparty : 1, sizeof(*cand));
	uint64_t *maxend = calloc(nparty ? nparty : 1, sizeof(*maxend));
	size_t *ord = malloc((nact ? nact : 1) * sizeof(*ord));
	size_t i, k, nb1 = 0, nsel = 0, nord = 0;
	uint64_t alpha = 0, b1_end = 0;

	if (!crit || !cand || !maxend || !ord) {
		nsel = (size_t)-1;
		goto out;
	}
	memset(top, 0, nparty * sizeof(*top));
	for (i = 0; i < nact; i++)
		if (act[i].critical)
			crit[act[i].party] = true;
	/* B1: n times the critical party with most blame not taken yet */
	for (k = 0; k < n; k++) {
		size_t best = nparty;

		for (i = 0; i < nparty; i++)
			if (crit[i] && !top[i] &&
			    (best == nparty || party_ns[i] > party_ns[best]))
				best = i;
		if (best == nparty)
			break;
		top[best] = true;
		alpha = party_ns[best];
		nb1++;
	}
	nsel = nb1;
	if (!nb1)
		goto out;
	/* B2's candidates: off the path, blame >= alpha */
	for (i = 0; i < nparty; i++)
		cand[i] = !crit[i] && party_ns[i] >= alpha;
	/* overlaps: the activities in order of start; one overlaps an earlier one that ends after its start */
	for (i = 0; i < nact; i++)
		if (act[i].end_ns > act[i].start_ns && (top[act[i].party] || cand[act[i].party]))
			ord[nord++] = i;
	qsort_r(ord, nord, sizeof(*ord), cmp_start, (void *)act);
	for (i = 0; i < nord; i++) {
		const struct lttr_blame_act *x = &act[ord[i]];

		if (top[x->party] && !cand[x->party]) {	/* a B1 activity */
			for (k = 0; k < nparty; k++)
				if (cand[k] && !top[k] && maxend[k] > x->start_ns) {
					top[k] = true;
					nsel++;
				}
			if (x->end_ns > b1_end)
				b1_end = x->end_ns;
		} else if (!top[x->party]) {		/* a candidate's */
			if (b1_end > x->start_ns) {
				top[x->party] = true;
				nsel++;
			}
			if (x->end_ns > maxend[x->party])
				maxend[x->party] = x->end_ns;
		}
	}
out:
	free(crit);
	free(cand);
	free(maxend);
	free(ord);
	return nsel;
}

/* ---- the activities of an instance -------------------------------------- */

struct acts {
	struct lttr_blame_act *v;
	size_t n, cap;
	struct lttr_blame_party *party;
	size_t nparty, capparty;
	struct lttr_blame_site *site;
	size_t nsite, capsite;
	/*
	 * with stacks (@sx): the activities again, cut where a sample
	 * changes the code path, their @party the code path's index (NOCODE:
	 * no stack recorded), and the code paths' names
	 */
	const struct lttr_stackidx *sx;
	struct lttr_blame_act *pc;
	size_t npc, cappc;
	char **cname;
	size_t ncode, capcode;
	int nomem;
};

/* a piece of an activity without a recorded stack */
#define NOCODE	UINT32_MAX

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
	size_t ncap;
	void *p;

	if (n < *cap)
		return true;
	ncap = *cap ? *cap * 2 : 32;
	p = realloc(*v, ncap * size);
	if (!p)
		return false;
	*v = p;
	*cap = ncap;
	return true;
}

static uint32_t party_of(struct acts *a, uint8_t kind, uint32_t pid, uint32_t what, bool sysvec)
{
	size_t i;

	for (i = 0; i < a->nparty; i++) {
		const struct lttr_blame_party *p = &a->party[i];

		if (p->kind == kind && p->pid == pid && p->what == what && p->sysvec == sysvec)
			return (uint32_t)i;
	}
	if (!grow((void **)&a->party, &a->capparty, a->nparty, sizeof(*a->party))) {
		a->nomem = 1;
		return UINT32_MAX;
	}
	memset(&a->party[i], 0, sizeof(a->party[i]));
	a->party[i].kind = kind;
	a->party[i].pid = pid;
	a->party[i].what = what;
	a->party[i].sysvec = sysvec;
	a->nparty++;
	return (uint32_t)i;
}

static uint32_t site_of(struct acts *a, uint32_t pid, uint8_t state, uint8_t reason,
			uint8_t mode, uint32_t what)
{
	size_t i;

	if (mode != LTTR_MODE_SYSCALL)
		what = 0;
	for (i = 0; i < a->nsite; i++) {
		const struct lttr_blame_site *s = &a->site[i];

		if (s->pid == pid && s->state == state && s->reason == reason && s->mode == mode &&
		    s->what == what)
			return (uint32_t)i;
	}
	if (!grow((void **)&a->site, &a->capsite, a->nsite, sizeof(*a->site))) {
		a->nomem = 1;
		return UINT32_MAX;
	}
	memset(&a->site[i], 0, sizeof(a->site[i]));
	a->site[i].pid = pid;
	a->site[i].state = state;
	a->site[i].reason = reason;
	a->site[i].mode = mode;
	a->site[i].what = what;
	a->nsite++;
	return (uint32_t)i;
}

/* the index of code path @name (taken over), NOCODE for NULL (no stack) */
static uint32_t code_of(struct acts *a, char *name)
{
	size_t i;

	if (!name)
		return NOCODE;
	for (i = 0; i < a->ncode; i++)
		if (!strcmp(a->cname[i], name)) {
			free(name);
			return (uint32_t)i;
		}
	if (!grow((void **)&a->cname, &a->capcode, a->ncode, sizeof(*a->cname))) {
		free(name);
		a->nomem = 1;
		return NOCODE;
	}
	a->cname[a->ncode] = name;
	return (uint32_t)a->ncode++;
}

/* the code path of stack entry @pos of @a->sx */
static uint32_t code_at(struct acts *a, size_t pos)
{
	char *name = lttr_stackidx_leaf(a->sx, pos, LTTR_BLAME_CODE_FRAMES);

	if (!name) {
		a->nomem = 1;
		return NOCODE;
	}
	return code_of(a, name);
}

static void add_piece(struct acts *a, uint64_t s, uint64_t e, uint32_t code, bool critical,
		      bool fallback)
{
	if (a->nomem || e <= s)
		return;
	if (!grow((void **)&a->pc, &a->cappc, a->npc, sizeof(*a->pc))) {
		a->nomem = 1;
		return;
	}
	a->pc[a->npc++] = (struct lttr_blame_act){ s, e, code, LTTR_BLAME_NOSITE, critical,
						   fallback };
}

/* an activity of @party over [@s, @e), its code path @code when stacks were recorded */
static void add_act_code(struct acts *a, uint64_t s, uint64_t e, uint32_t party, uint32_t site,
			 bool critical, bool fallback, uint32_t code)
{
	if (a->nomem || party == UINT32_MAX || e <= s)
		return;
	if (!grow((void **)&a->v, &a->cap, a->n, sizeof(*a->v))) {
		a->nomem = 1;
		return;
	}
	a->v[a->n++] = (struct lttr_blame_act){ s, e, party, site, critical, fallback };
	if (a->sx)
		add_piece(a, s, e, code, critical, fallback);
}

static void add_act(struct acts *a, uint64_t s, uint64_t e, uint32_t party, uint32_t site,
		bool critical, bool fallback)
{
	add_act_code(a, s, e, party, site, critical, fallback, NOCODE);
}

/*
 * task @pid running on CPU @cpu over [@s, @e): with samples of its CPU's
 * profiler in (@s, @e], each piece up to a sample is that sample's code
 * path, the piece after the last one has no stack
 */
static void add_running(struct acts *a, uint64_t s, uint64_t e, uint32_t party, uint32_t site,
			bool critical, uint32_t pid, unsigned int cpu)
{
	size_t pos = 0;
	uint64_t at = s;

	if (a->nomem || party == UINT32_MAX || e <= s)
		return;
	add_act_code(a, s, e, party, site, critical, false, NOCODE);
	if (!a->sx || a->nomem)
		return;
	a->npc--;	/* the piece just added, cut at the samples instead */
	while (!a->nomem &&
	       lttr_stackidx_find(a->sx, LTT_EV_SAMPLE, pid, (int)cpu, at + 1, e, &pos)) {
		uint64_t t = lttr_stackidx_time(a->sx, pos);

		add_piece(a, at, t, code_at(a, pos), critical, false);
		at = t;
		pos++;
	}
	add_piece(a, at, e, NOCODE, critical, false);
}

/* what held CPU @cpu over [@s, @e]: every segment (not the idle task's with @busy) */
static void cpu_acts(struct acts *a, const struct timeline *tl, unsigned int cpu,
		     uint64_t s, uint64_t e, bool critical, bool busy)
{
	const struct tl_cpu *c = &tl->cpu[cpu];
	size_t lo = 0, hi = c->n;

	while (lo < hi) {	/* the first segment that ends after s */
		size_t mid = lo + (hi - lo) / 2;

		if (c->v[mid].end_ns <= s)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < c->n && c->v[lo].start_ns < e; lo++) {
		const struct lttr_flow_seg *g = &c->v[lo];
		uint64_t x = g->start_ns > s ? g->start_ns : s;
		uint64_t y = g->end_ns < e ? g->end_ns : e;
		uint32_t p, site = LTTR_BLAME_NOSITE;

		switch (g->mode) {
		case LTTR_MODE_IRQ:
			p = party_of(a, LTTR_BLAME_IRQ, 0, g->what, g->sysvec);
			break;
		case LTTR_MODE_SOFTIRQ:
			p = party_of(a, LTTR_BLAME_SOFTIRQ, 0, g->what, false);
			break;
		case LTTR_MODE_IDLE:
			if (busy)
				continue;
			/* fall through */
		default:
			p = party_of(a, LTTR_BLAME_TASK, g->pid, 0, false);
			site = site_of(a, g->pid, LTTR_CP_RUNNING, 0, g->mode, g->what);
			add_running(a, x, y, p, site, critical, g->pid, cpu);
			continue;
		}
		add_act(a, x, y, p, site, critical, false);
	}
}

/* the code path of blocked segment @i of @cp: the off-CPU stack of the switch-out that began it */
static uint32_t block_code(struct acts *a, const struct lttr_critpath *cp, size_t i)
{
	const struct lttr_cp_seg *g = &cp->seg[i];
	size_t k, pos = 0;

	if (!a->sx)
		return NOCODE;
	for (k = 0; k < cp->nstep; k++) {
		const struct lttr_cp_step *st = &cp->step[k];

		if (st->seg != i || st->followed || st->pid != g->pid)
			continue;
		if (lttr_stackidx_find(a->sx, LTT_EV_SCHEDCHANGE, g->pid, -1, st->block_ns,
				       st->block_ns, &pos))
			return code_at(a, pos);
		break;
	}
	return NOCODE;
}

static void seg_acts(struct acts *a, const struct timeline *tl, const struct lttr_critpath *cp,
		     size_t i)
{
	const struct lttr_cp_seg *g = &cp->seg[i];
	unsigned int c;
	uint32_t p;

	switch (g->state) {
	case LTTR_CP_RUNNING:
		if (g->cpu < LTT_MAX_CPUS)
			cpu_acts(a, tl, g->cpu, g->start_ns, g->end_ns, true, false);
		/* where no CPU segment was kept: the task's, running */
		p = party_of(a, LTTR_BLAME_TASK, g->pid, 0, false);
		add_act(a, g->start_ns, g->end_ns, p,
		    site_of(a, g->pid, LTTR_CP_RUNNING, 0, LTTR_MODE_UNKNOWN, 0), true, true);
		break;
	case LTTR_CP_RUNNABLE:
		for (c = 0; c < tl->ncpus && c < LTT_MAX_CPUS; c++)
			cpu_acts(a, tl, c, g->start_ns, g->end_ns, false, true);
		p = party_of(a, LTTR_BLAME_TASK, g->pid, 0, false);
		add_act(a, g->start_ns, g->end_ns, p,
		    site_of(a, g->pid, LTTR_CP_RUNNABLE, 0, 0, 0), true, true);
		break;
	case LTTR_CP_BLOCKED:
		p = party_of(a, LTTR_BLAME_TASK, g->pid, 0, false);
		add_act_code(a, g->start_ns, g->end_ns, p,
			     site_of(a, g->pid, LTTR_CP_BLOCKED, g->reason, g->mode, g->what), true,
			     false, block_code(a, cp, i));
		break;
	default:
		p = party_of(a, LTTR_BLAME_UNKNOWN, g->pid, 0, false);
		add_act(a, g->start_ns, g->end_ns, p, LTTR_BLAME_NOSITE, true, false);
		break;
	}
}

/* ---- the result ---------------------------------------------------------- */

static int cmp_party(const void *pa, const void *pb)
{
	const struct lttr_blame_party *a = pa, *b = pb;

	if (a->blame_ns != b->blame_ns)
		return a->blame_ns > b->blame_ns ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	return a->what < b->what ? -1 : a->what > b->what;
}

static int cmp_site(const void *pa, const void *pb)
{
	const struct lttr_blame_site *a = pa, *b = pb;

	if (a->blame_ns != b->blame_ns)
		return a->blame_ns > b->blame_ns ? -1 : 1;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->state != b->state)
		return a->state < b->state ? -1 : 1;
	if (a->reason != b->reason)
		return a->reason < b->reason ? -1 : 1;
	if (a->mode != b->mode)
		return a->mode < b->mode ? -1 : 1;
	return a->what < b->what ? -1 : a->what > b->what;
}

static int cmp_code(const void *pa, const void *pb)
{
	const struct lttr_blame_code *a = pa, *b = pb;

	if (a->blame_ns != b->blame_ns)
		return a->blame_ns > b->blame_ns ? -1 : 1;
	return strcmp(a->name, b->name);
}

/*
 * the code paths' blame: the pieces split as the activities are (each
 * piece's share goes to its code path; NOCODE's, index @a->ncode, to
 * the time without a stack), the selection over the code paths
 */
static int rank_code(struct lttr_blame *b, struct acts *a)
{
	struct lttr_blame_act *sel = NULL;
	uint64_t *cns = NULL;
	bool *top = NULL;
	size_t i, nsel = 0, ntop, nall = a->ncode;
	int r = -1;

	for (i = 0; i < a->npc; i++)
		if (a->pc[i].party == NOCODE)
			a->pc[i].party = (uint32_t)a->ncode;
	cns = calloc(a->ncode + 1, sizeof(*cns));
	top = calloc(a->ncode + 1, sizeof(*top));
	sel = malloc((a->npc ? a->npc : 1) * sizeof(*sel));
	b->code = calloc(a->ncode ? a->ncode : 1, sizeof(*b->code));
	if (!cns || !top || !sel || !b->code ||
	    lttr_blame_split(a->pc, a->npc, a->ncode + 1, 0, cns, NULL, NULL))
		goto out;
	/* the selection among the code paths: the pieces without a stack are no party */
	for (i = 0; i < a->npc; i++)
		if (a->pc[i].party < a->ncode)
			sel[nsel++] = a->pc[i];
	ntop = lttr_blame_select(sel, nsel, cns, a->ncode, b->n, top);
	if (ntop == (size_t)-1)
		goto out;
	for (i = 0; i < a->ncode; i++) {
		b->code[i].name = a->cname[i];
		b->code[i].blame_ns = cns[i];
		b->code[i].top = top[i];
	}
	for (i = 0; i < nsel; i++) {
		struct lttr_blame_code *c = &b->code[sel[i].party];

		if (sel[i].critical)
			c->critical = true;
		if (!sel[i].fallback)
			c->active_ns += sel[i].end_ns - sel[i].start_ns;
	}
	b->ncode = a->ncode;
	a->ncode = 0;	/* the names are the result's */
	for (i = 0; i < b->ncode;) {
		if (!b->code[i].blame_ns && !b->code[i].top) {
			free(b->code[i].name);
			b->code[i] = b->code[--b->ncode];
		} else {
			i++;
		}
	}
	qsort(b->code, b->ncode, sizeof(*b->code), cmp_code);
	b->ncode_top = ntop;
	b->nostack_ns = cns[nall];
	b->code_known = true;
	r = 0;
out:
	free(cns);
	free(top);
	free(sel);
	return r;
}

/* the blame of @b's path from @tl into @b (and of the code paths, with @sx) */
static int rank(struct lttr_blame *b, const struct timeline *tl, const struct lttr_stackidx *sx)
{
	struct acts a;
	uint64_t *pns = NULL, *sns = NULL;
	bool *top = NULL;
	size_t i, nsel;
	int r = -1;

	memset(&a, 0, sizeof(a));
	a.sx = sx;
	for (i = 0; i < b->path->nseg && !a.nomem; i++)
		seg_acts(&a, tl, b->path, i);
	if (a.nomem)
		goto out;
	pns = calloc(a.nparty ? a.nparty : 1, sizeof(*pns));
	sns = calloc(a.nsite ? a.nsite : 1, sizeof(*sns));
	top = calloc(a.nparty ? a.nparty : 1, sizeof(*top));
	if (!pns || !sns || !top ||
	    lttr_blame_split(a.v, a.n, a.nparty, a.nsite, pns, sns, &b->unblamed_ns))
		goto out;
	nsel = lttr_blame_select(a.v, a.n, pns, a.nparty, b->n, top);
	if (nsel == (size_t)-1)
		goto out;
	for (i = 0; i < a.n; i++) {
		struct lttr_blame_party *p = &a.party[a.v[i].party];

		if (a.v[i].critical)
			p->critical = true;
		if (!a.v[i].fallback)
			p->active_ns += a.v[i].end_ns - a.v[i].start_ns;
	}
	for (i = 0; i < a.nparty; i++) {
		a.party[i].blame_ns = pns[i];
		a.party[i].top = top[i];
	}
	for (i = 0; i < a.nsite; i++)
		a.site[i].blame_ns = sns[i];
	/* a party never blamed (a fallback that never counted) is dropped */
	for (i = 0; i < a.nparty;) {
		if (!a.party[i].blame_ns && !a.party[i].top)
			a.party[i] = a.party[--a.nparty];
		else
			i++;
	}
	for (i = 0; i < a.nsite;) {
		if (!a.site[i].blame_ns)
			a.site[i] = a.site[--a.nsite];
		else
			i++;
	}
	qsort(a.party, a.nparty, sizeof(*a.party), cmp_party);
	qsort(a.site, a.nsite, sizeof(*a.site), cmp_site);
	b->party = a.party;
	b->nparty = a.nparty;
	b->ntop = nsel;
	b->site = a.site;
	b->nsite = a.nsite;
	a.party = NULL;
	a.site = NULL;
	r = sx ? rank_code(b, &a) : 0;
out:
	free(a.v);
	free(a.party);
	free(a.site);
	free(a.pc);
	for (i = 0; i < a.ncode; i++)
		free(a.cname[i]);
	free(a.cname);
	free(pns);
	free(sns);
	free(top);
	return r;
}

void lttr_blame_free(struct lttr_blame *b)
{
	size_t i;

	if (!b)
		return;
	for (i = 0; i < b->ncode; i++)
		free(b->code[i].name);
	free(b->code);
	free(b->party);
	free(b->site);
	lttr_critpath_free(b->path);
	lttr_account_free(b->acct);
	free(b);
}

const char *lttr_blame_kind_name(unsigned int kind)
{
	static const char *const n[] = { "task", "irq", "softirq", "unknown" };

	return kind < sizeof(n) / sizeof(n[0]) ? n[kind] : "?";
}

/* the stack records the code paths of @b's path read: its blocks' switch-outs on */
static int code_index(struct lttr_trace *t, const struct lttr_blame *b, struct lttr_syms *syms,
		      struct lttr_stackidx **sx, struct lttr_error *err)
{
	uint64_t lo = b->from_ns;
	size_t i;

	*sx = NULL;
	if (!lttr_stacks_recorded(t))
		return 0;
	for (i = 0; i < b->path->nstep; i++)
		if (b->path->step[i].block_ns < lo)
			lo = b->path->step[i].block_ns;
	return lttr_stackidx_build(t, syms, lo, b->to_ns, sx, err);
}

int lttr_blame_compute(struct lttr_trace *t, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
		       unsigned int n, struct lttr_blame **out, struct lttr_error *err)
{
	return lttr_blame_compute_syms(t, pid, from_ns, to_ns, n, NULL, out, err);
}

int lttr_blame_compute_syms(struct lttr_trace *t, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
			    unsigned int n, struct lttr_syms *syms, struct lttr_blame **out,
			    struct lttr_error *err)
{
	struct lttr_stackidx *sx = NULL;
	const struct lttr_acct_task *tk;
	struct lttr_blame *b;
	struct timeline tl;
	uint64_t win[2] = { from_ns, to_ns };
	int r;

	*out = NULL;
	if (!n)
		return lttr_error_set(err, LTTR_E_INVAL, "blame: the number of parties asked is 0");
	if (from_ns >= to_ns)
		return lttr_error_set(err, LTTR_E_INVAL, "blame: an empty interval");
	r = tl_collect(t, win, 1, true, false, 0, NULL, NULL, &tl, err);
	if (r < 0)
		return r;
	tk = lttr_account_find(tl.acct, pid);
	if (!tk || pid == 0) {
		tl_free(&tl);
		return lttr_error_set(err, LTTR_E_INVAL, "no task %u in the trace", pid);
	}
	if (from_ns < tk->begin_ns || to_ns > tk->end_ns) {
		tl_free(&tl);
		return lttr_error_set(err, LTTR_E_INVAL,
				      "task %u is not in the trace over the whole interval", pid);
	}
	b = calloc(1, sizeof(*b));
	if (b)
		b->path = calloc(1, sizeof(*b->path));
	if (!b || !b->path) {
		if (b)
			free(b);
		tl_free(&tl);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	b->pid = pid;
	b->from_ns = from_ns;
	b->to_ns = to_ns;
	b->n = n;
	b->path->pid = pid;
	b->path->from_ns = from_ns;
	b->path->to_ns = to_ns;
	b->code_named = syms != NULL;
	if (cp_build(&tl, pid, from_ns, to_ns, b->path))
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	else
		r = code_index(t, b, syms, &sx, err);
	if (r >= 0 && rank(b, &tl, sx))
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	lttr_stackidx_free(sx);
	b->acct = tl.acct;
	tl.acct = NULL;
	tl_free(&tl);
	if (r < 0) {
		lttr_blame_free(b);
		return r;
	}
	*out = b;
	return 0;
}
