// SPDX-License-Identifier: GPL-2.0
/*
 * stacks.c - the call stacks page (S): the call tree of the stacks
 * recorded with traced --stacks (lttr/analysis/stacktree.h) over the
 * selection A-B, else the visible window, of every task: a line per
 * frame, indented by its depth, with the blocked intervals (or wakeups)
 * under it and their time (or count) exactly as the library gives them,
 * and its share.  Enter expands or collapses the frame selected, / finds
 * a frame (n the next one), K shows the off-CPU or the wakeup stacks, i
 * the tree top down or inverted; S computes it again for the window now
 * shown.  The frames are named through the trace's symbols (kallsyms,
 * maps, the ELF files; --symfs) as "stacks" names them.  The fold is a
 * pass over the trace: its progress on the last line (tui_progress), Esc
 * cancels it and changes nothing (the tree before stays, the page shown
 * before too).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <curses.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/stacks.h>
#include <lttr/analysis/stacktree.h>
#include <lttr/symbols/symbols.h>
#include "tui.h"

struct tui_stk {
	struct lttr_stacktree *tr;
	struct lttr_stacks *s;
	unsigned int kind;
	bool inverted;
	uint64_t from, to;
	bool marks;		/* the window is A-B */
	unsigned char *open;	/* per node: its children shown */
	size_t *vis;		/* the nodes shown, in order */
	size_t nvis;
	size_t sel;		/* index in @vis */
	size_t top;
	char text[128];		/* the last search */
	enum tui_page back;
};

/* the page and its tree, not the index of the stacks beside other results */
static void page_free(struct tui *u)
{
	if (!u->stk)
		return;
	lttr_stacktree_free(u->stk->tr);
	lttr_stacks_free(u->stk->s);
	free(u->stk->open);
	free(u->stk->vis);
	free(u->stk);
	u->stk = NULL;
}

void tui_stacks_free(struct tui *u)
{
	lttr_stackidx_free(u->stkidx);
	u->stkidx = NULL;
	lttr_syms_close(u->stksyms);
	u->stksyms = NULL;
	page_free(u);
}

/* the nodes shown: the roots, and the children of the nodes open */
static void visible(struct tui_stk *k)
{
	size_t i = 0, n = 0;

	if (!k->tr)
		return;
	while (i < k->tr->n) {
		k->vis[n++] = i;
		i = k->open[i] ? i + 1 : k->tr->v[i].end;
	}
	k->nvis = n;
	if (k->sel >= n)
		k->sel = n ? n - 1 : 0;
}

/* show node @i: its ancestors open, it selected */
static void reveal(struct tui_stk *k, size_t i)
{
	long p;
	size_t j;

	for (p = k->tr->v[i].parent; p >= 0; p = k->tr->v[p].parent)
		k->open[p] = 1;
	visible(k);
	for (j = 0; j < k->nvis; j++)
		if (k->vis[j] == i)
			k->sel = j;
}

static struct lttr_syms *open_syms(const struct tui *u)
{
	char path[4200], err[512];
	bool has;

	snprintf(path, sizeof(path), "%s/kallsyms", u->o->dir);
	has = access(path, F_OK) == 0;
	snprintf(path, sizeof(path), "%s/maps", u->o->dir);
	has |= access(path, F_OK) == 0;
	if (!has && !u->o->symfs)
		return NULL;
	return lttr_syms_open(u->o->dir, u->o->symfs, err, sizeof(err));
}

/*
 * The tree of @kind over the selection, else the visible window, in a pass
 * whose progress the last line shows; 0, or -1 (an error, or canceled: the
 * tree before, if any, stays).
 */
static int compute(struct tui *u, unsigned int kind, bool inverted)
{
	struct lttr_stacks_opts o = { .kind = kind, .windowed = true,
				      .progress = tui_progress, .progress_arg = u };
	struct lttr_stacktree *tr = NULL;
	struct lttr_stacks *s = NULL;
	struct tui_stk *k = u->stk;
	struct lttr_error err;
	bool marks;
	int r;

	marks = lttr_viewport_marks(&u->s.vp, &o.from_ns, &o.to_ns);
	if (!marks) {
		o.from_ns = u->s.vp.t0;
		o.to_ns = u->s.vp.t1;
	}
	o.syms = open_syms(u);
	tui_message(u, false, "folding the %s stacks of %s (a pass of the accounting)",
		    lttr_stacks_kind_name(kind), marks ? "A-B" : "the window");
	r = lttr_stacktree_compute(u->s.t, &o, inverted, &tr, &s, &err);
	lttr_syms_close(o.syms);
	u->msg[0] = '\0';
	if (r == -LTTR_E_CANCELED) {
		tui_message(u, false, k->tr ? "the stacks: canceled, the tree before kept (S: again)" :
			    "the stacks: canceled (S: again)");
		return -1;
	}
	if (r < 0) {
		tui_message(u, true, "the stacks: %s", err.msg);
		return -1;
	}
	lttr_stacktree_free(k->tr);
	lttr_stacks_free(k->s);
	free(k->open);
	free(k->vis);
	k->tr = tr;
	k->s = s;
	k->open = calloc(tr->n ? tr->n : 1, 1);
	k->vis = calloc(tr->n ? tr->n : 1, sizeof(*k->vis));
	if (!k->open || !k->vis) {
		tui_message(u, true, "the stacks: out of memory");
		page_free(u);
		return -1;
	}
	k->kind = kind;
	k->inverted = inverted;
	k->from = o.from_ns;
	k->to = o.to_ns;
	k->marks = marks;
	k->sel = 0;
	k->top = 0;
	visible(k);
	if (!s->has_stacks)
		tui_message(u, true, "the trace has no %s stacks (record them with traced --stacks %s)",
			    lttr_stacks_kind_name(kind),
			    kind == LTTR_STACKS_OFFCPU ? "switch-out" : "wakeup");
	return 0;
}

void tui_stacks_open(struct tui *u)
{
	enum tui_page back = u->page == P_STACKS && u->stk ? u->stk->back : u->page;
	unsigned int kind = u->stk ? u->stk->kind : LTTR_STACKS_OFFCPU;
	bool inverted = u->stk ? u->stk->inverted : false;

	if (!u->stk)
		u->stk = calloc(1, sizeof(*u->stk));
	if (!u->stk)
		return;
	u->stk->back = back;
	if (compute(u, kind, inverted) < 0) {
		/* canceled or failed: the page shown before stays */
		if (u->stk && !u->stk->tr)
			page_free(u);
		return;
	}
	u->page = P_STACKS;
}

/* the stacks of the whole trace, once, named as the page names them */
static bool index_stacks(struct tui *u)
{
	struct lttr_error err;

	if (!lttr_stacks_recorded(u->s.t))
		return false;
	if (!u->stkidx) {
		if (!u->stksyms)
			u->stksyms = open_syms(u);
		if (lttr_stackidx_build(u->s.t, u->stksyms, 0, UINT64_MAX, &u->stkidx, &err) < 0)
			return false;
	}
	return true;
}

const char *tui_block_stack(struct tui *u, uint32_t pid, uint64_t block_ns, char *buf,
			    size_t size)
{
	char *f = NULL;

	if (!size || !index_stacks(u) ||
	    lttr_stackidx_fold(u->stkidx, LTT_EV_SCHEDCHANGE, pid, block_ns, -1, &f) < 0 || !f)
		return NULL;
	snprintf(buf, size, "%s", f);
	free(f);
	return buf;
}

const char *tui_event_stack(struct tui *u, const struct lttr_event *ev, char *buf, size_t size)
{
	char *f = NULL;

	if (!size || !index_stacks(u))
		return NULL;
	if (lttr_stackidx_of_event(u->stkidx, ev, &f) < 0 || !f)
		return NULL;
	snprintf(buf, size, "%s", f);
	free(f);
	return buf;
}

void tui_stacks_page(struct tui *u, int top, int height)
{
	const struct tui_stk *k = u->stk;
	const struct lttr_stacktree *tr = k ? k->tr : NULL;
	bool ns = k && k->kind == LTTR_STACKS_OFFCPU;
	char line[1024], a[32], b[32];
	int y = top, rows;
	size_t i;

	if (!tr)
		return;
	snprintf(line, sizeof(line), "%s stacks of %s %s .. %s: %llu %s; %s",
		 ns ? "Off-CPU" : "Wakeup", k->marks ? "A-B" : "the window",
		 lttr_fmt_time(tui_rel(u, k->from), a, sizeof(a)),
		 lttr_fmt_time(tui_rel(u, k->to), b, sizeof(b)),
		 (unsigned long long)tr->count, ns ? "blocked intervals" : "wakeups",
		 tr->inverted ? "inverted (innermost frames first)" :
		 "top down (outermost frames first)");
	tui_clip(y++, 0, u->w, line, A_BOLD);
	if (ns)
		snprintf(line, sizeof(line), "%8s %16s %6s  %s", "count", "blocked_us", "%",
			 "frame (Enter open, / find, K kind, i invert)");
	else
		snprintf(line, sizeof(line), "%8s %16s %6s  %s", "count", "wakeups", "%",
			 "frame (Enter open, / find, K kind, i invert)");
	tui_clip(y++, 0, u->w, line, A_BOLD);
	rows = top + height - y;
	if (!k->nvis) {
		tui_clip(y, 0, u->w, "no stacks in this window", A_NORMAL);
		return;
	}
	if (rows < 1)
		rows = 1;
	if (k->sel < k->top)
		u->stk->top = k->sel;
	if (k->sel >= k->top + (size_t)rows)
		u->stk->top = k->sel - (size_t)rows + 1;
	for (i = k->top; i < k->nvis && i < k->top + (size_t)rows; i++, y++) {
		const struct lttr_stacktree_node *v = &tr->v[k->vis[i]];
		char val[32];

		if (ns)
			snprintf(val, sizeof(val), "%llu.%03llu", (unsigned long long)(v->value / 1000),
				 (unsigned long long)(v->value % 1000));
		else
			snprintf(val, sizeof(val), "%llu", (unsigned long long)v->value);
		snprintf(line, sizeof(line), "%8llu %16s %6.2f  %*s%c %s",
			 (unsigned long long)v->count, val,
			 tr->value ? 100.0 * (double)v->value / (double)tr->value : 0.0,
			 (int)(2 * (v->depth < 30 ? v->depth : 30)), "",
			 !v->nchildren ? ' ' : k->open[k->vis[i]] ? '-' : '+', v->frame);
		tui_clip(y, 0, u->w, line, i == k->sel ? A_REVERSE : A_NORMAL);
	}
}

static void search(struct tui *u, bool prompt)
{
	struct tui_stk *k = u->stk;
	long i;

	if (prompt && (tui_prompt(u, "find a frame: ", k->text, sizeof(k->text)) || !k->text[0]))
		return;
	if (!k->text[0]) {
		tui_message(u, true, "/: a text to find first");
		return;
	}
	i = lttr_stacktree_search(k->tr, k->text, k->nvis ? (long)k->vis[k->sel] : -1);
	if (i < 0) {
		tui_message(u, true, "no frame holds \"%s\"", k->text);
		return;
	}
	reveal(k, (size_t)i);
	tui_message(u, false, "found \"%s\" (n: the next one)", k->text);
}

bool tui_stacks_key(struct tui *u, enum lttr_kaction act, int height)
{
	struct tui_stk *k = u->stk;
	struct tui_table tb;

	if (!k || !k->tr)
		return false;
	switch (act) {
	case LTTR_KA_CLOSE:
		u->page = k->back;
		return true;
	case LTTR_KA_STACK_TOGGLE:
		if (k->nvis && k->tr->v[k->vis[k->sel]].nchildren) {
			k->open[k->vis[k->sel]] ^= 1;
			visible(k);
		}
		return true;
	case LTTR_KA_STACK_SEARCH:
		search(u, true);
		return true;
	case LTTR_KA_SEARCH_NEXT:
		search(u, false);
		return true;
	case LTTR_KA_STACK_KIND:
		compute(u, k->kind == LTTR_STACKS_OFFCPU ? LTTR_STACKS_WAKEUP : LTTR_STACKS_OFFCPU,
			k->inverted);
		return true;
	case LTTR_KA_STACK_INVERT:
		compute(u, k->kind, !k->inverted);
		return true;
	default:
		memset(&tb, 0, sizeof(tb));
		tb.sel = k->sel;
		if (!tui_scroll_key(&tb, act, k->nvis, height - 2))
			return false;
		k->sel = tb.sel;
		return true;
	}
}
