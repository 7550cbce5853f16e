// SPDX-License-Identifier: GPL-2.0
/*
 * critpath.c - the critical path of a task (C): of the task selected in
 * view 1 or 3 or of the process page over its life in the trace, or of
 * the task of a latency instance over it (latency.c).  Its page lists
 * the segments as "critical-path" prints them (start, duration, the task
 * indented one step per wakeup followed back, its state), then the totals
 * per task and state; j k select a segment, Enter shows it in view 1.
 * Every figure is a field of lttr_critpath_compute()'s result; the pass
 * shows its progress on the last line, and Esc cancels it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/analysis/critpath.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include "tui.h"

struct tui_cp {
	struct lttr_critpath *cp;
	uint64_t from;		/* as asked (0, UINT64_MAX: the task's life) */
	uint64_t to;
	size_t sel;		/* the segment selected */
	size_t top;		/* the first shown */
	enum tui_page back;	/* the page Esc goes back to */
};

void tui_critpath_free(struct tui *u)
{
	if (!u->cp)
		return;
	lttr_critpath_free(u->cp->cp);
	free(u->cp);
	u->cp = NULL;
}

void tui_critpath_open(struct tui *u, uint32_t pid, uint64_t from, uint64_t to)
{
	struct lttr_critpath *cp = NULL;
	struct lttr_error err;
	enum tui_page back = u->page == P_CRITPATH && u->cp ? u->cp->back : u->page;
	int r;

	if (!u->cp)
		u->cp = calloc(1, sizeof(*u->cp));
	if (!u->cp)
		return;
	/* the same path again: the one computed */
	if (u->cp->cp && u->cp->cp->pid == pid && u->cp->from == from && u->cp->to == to) {
		u->cp->back = back;
		u->page = P_CRITPATH;
		return;
	}
	tui_message(u, false, "the critical path of %u: a pass over the trace", pid);
	r = lttr_critpath_progress(u->s.t, pid, from, to, tui_progress, u, &cp, &err);
	u->msg[0] = '\0';
	if (r < 0) {
		tui_message(u, r != -LTTR_E_CANCELED, "critical path of %u: %s", pid,
			    r == -LTTR_E_CANCELED ? "canceled" : err.msg);
		return;
	}
	lttr_critpath_free(u->cp->cp);
	u->cp->cp = cp;
	u->cp->from = from;
	u->cp->to = to;
	u->cp->sel = 0;
	u->cp->top = 0;
	u->cp->back = back;
	u->page = P_CRITPATH;
}

/* C: the task the screen has selected, over its life */
void tui_critpath_selected(struct tui *u)
{
	const struct tui_graph *g = &u->g[0];
	uint32_t pid = 0;

	if (u->page == P_PROCESS && u->page_task) {
		pid = u->page_task->pid;
	} else if (u->page == P_NONE && u->view == V_FLOW && g->n && g->sel < g->n) {
		const struct lttr_vrow_info *in = lttr_view_row(u->s.v, g->rows[g->sel]);

		if (in->kind == LTTR_VROW_TASK)
			pid = in->id;
	} else if (u->page == P_NONE && u->view == V_PROCS && u->nprows &&
		   u->pt.sel < u->nprows) {
		pid = u->prows[u->pt.sel].tk->pid;
	}
	if (!pid) {
		tui_message(u, true, "C: select a task first (view 1, view 3 or a process page)");
		return;
	}
	tui_critpath_open(u, pid, 0, UINT64_MAX);
}

void tui_critpath_page(struct tui *u, int top, int height)
{
	const struct lttr_critpath *cp = u->cp ? u->cp->cp : NULL;
	uint64_t len;
	char buf[256] = "", title[320];
	int y = top, nseg, ntot, nfull, x;
	size_t i, off;

	if (!cp)
		return;
	len = cp->to_ns - cp->from_ns;
	snprintf(title, sizeof(title), "Critical path of %u %s from %.9f to %.9f s (%.3f us)",
		 cp->pid, lttr_timing_task_name(cp->acct, cp->pid), tt_rel(u->s.t, cp->from_ns),
		 tt_rel(u->s.t, cp->to_ns), (double)len / 1e3);
	tui_clip(y++, 0, u->w, title, A_BOLD);
	tui_clip(y++, 0, u->w, "what it waited for, across the tasks that woke it (one indent per wakeup):",
		 A_NORMAL);
	/* the totals below, a third of the page at most */
	ntot = (int)cp->ntot + 1 < height / 3 ? (int)cp->ntot + 1 : height / 3;
	/* the selected segment's words whole under the list when its line is cut */
	nfull = 0;
	if (u->cp->sel < cp->nseg) {
		const struct lttr_cp_seg *s = &cp->seg[u->cp->sel];

		lttr_cp_seg_str(u->s.t, cp->acct, s, buf, sizeof(buf));
		if (31 + 2 * (int)(s->depth < 8 ? s->depth : 8) + (int)strlen(buf) > u->w)
			nfull = ((int)strlen(buf) + u->w - 12) / (u->w - 10);	/* (at spaces) */
		if (nfull > 3)
			nfull = 3;
	}
	nseg = top + height - y - ntot - nfull;
	if (nseg < 1)
		nseg = 1;
	if (u->cp->sel >= cp->nseg)
		u->cp->sel = cp->nseg ? cp->nseg - 1 : 0;
	if (u->cp->sel < u->cp->top)
		u->cp->top = u->cp->sel;
	if (u->cp->sel >= u->cp->top + (size_t)nseg)
		u->cp->top = u->cp->sel - (size_t)nseg + 1;
	for (i = u->cp->top; i < cp->nseg && i < u->cp->top + (size_t)nseg; i++, y++) {
		const struct lttr_cp_seg *s = &cp->seg[i];
		attr_t a = i == u->cp->sel ? A_REVERSE : A_NORMAL;
		char w[256];

		snprintf(title, sizeof(title), "  %.9f +%12.3f us %*s%s", tt_rel(u->s.t, s->start_ns),
			 (double)(s->end_ns - s->start_ns) / 1e3,
			 (int)(2 * (s->depth < 8 ? s->depth : 8)), "",
			 lttr_cp_seg_str(u->s.t, cp->acct, s, w, sizeof(w)));
		tui_clip(y, 0, u->w, title, a);
		if (i == u->cp->sel) {
			attron(A_REVERSE);
			for (x = getcurx(stdscr); x < u->w && x > 0; x++)
				addch(' ');
			attroff(A_REVERSE);
		}
	}
	/* (the list may end higher); cut at spaces */
	for (x = 0, off = 0; x < nfull && buf[off]; x++) {
		size_t n = strlen(buf + off), room = (size_t)(u->w - 3);

		if (n > room) {
			for (n = room; n > 0 && buf[off + n] != ' '; n--)
				;
			if (!n)
				n = room;
		}
		tui_clip(top + height - ntot - nfull + x, 0, u->w, x ? "  " : "> ", A_BOLD);
		tui_clip(top + height - ntot - nfull + x, 2, (int)n, buf + off, A_BOLD);
		for (off += n; buf[off] == ' '; off++)
			;
	}
	/* the totals under the segments (at the bottom when they fill the room) */
	y = nfull ? top + height - ntot : y + 1 < top + height - ntot ? y + 1 : top + height - ntot;
	snprintf(title, sizeof(title), "Totals (%.3f us), %zu segments%s:", (double)len / 1e3,
		 cp->nseg, cp->ntot + 1 > (size_t)ntot ? ", the longest" : "");
	tui_clip(y++, 0, u->w, title, A_BOLD);
	for (i = 0; i < cp->ntot && i + 1 < (size_t)ntot && y < top + height; i++, y++) {
		const struct lttr_cp_total *o = &cp->tot[i];

		snprintf(title, sizeof(title), "    %12.3f us %5.1f%%  %u %s %s (%llu segment%s)",
			 (double)o->ns / 1e3, lttr_cp_total_pct(cp, o),
			 o->pid, lttr_timing_task_name(cp->acct, o->pid),
			 lttr_cp_state_name(o->state, o->reason), (unsigned long long)o->count,
			 o->count == 1 ? "" : "s");
		tui_clip(y, 0, u->w, title, A_NORMAL);
	}
}

bool tui_critpath_key(struct tui *u, enum lttr_kaction act, int height)
{
	const struct lttr_critpath *cp = u->cp ? u->cp->cp : NULL;
	const struct lttr_cp_seg *s;
	struct tui_table tb;

	if (!cp)
		return false;
	switch (act) {
	case LTTR_KA_CLOSE:
		u->page = u->cp->back;
		return true;
	case LTTR_KA_CP_SHOW:
		if (!cp->nseg)
			return true;
		s = &cp->seg[u->cp->sel];
		tui_show_interval(u, s->start_ns, s->end_ns, s->pid, s->cpu, false);
		return true;
	default:
		memset(&tb, 0, sizeof(tb));
		tb.sel = u->cp->sel;
		if (!tui_scroll_key(&tb, act, cp->nseg, height - height / 3 - 2))
			return false;
		u->cp->sel = tb.sel;
		return true;
	}
}
