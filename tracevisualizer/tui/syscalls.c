// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls.c - the syscalls view (4): every syscall made in the trace,
 * system-wide, with its count, total, min, max and mean duration (as
 * "syscalls --json" gives them) and its log2 histogram in block
 * characters; Enter opens the page of one syscall: its histogram bucket by
 * bucket and the processes that made it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include "tui.h"

static int cmp_sc(const void *pa, const void *pb, void *arg)
{
	const struct tui *u = arg;
	const struct lttr_acct_sc *a = &u->a->sc[*(const size_t *)pa];
	const struct lttr_acct_sc *b = &u->a->sc[*(const size_t *)pb];
	uint64_t x, y;
	int r;

	switch (u->st.sort) {
	case 1: x = a->lat.count; y = b->lat.count; break;
	case 2: x = a->lat.total; y = b->lat.total; break;
	case 3: x = a->lat.min; y = b->lat.min; break;
	case 4: x = a->lat.max; y = b->lat.max; break;
	case 5: x = lttr_lat_mean(&a->lat); y = lttr_lat_mean(&b->lat); break;
	default: x = a->nr; y = b->nr; break;
	}
	r = x < y ? -1 : x > y ? 1 : (a->nr < b->nr ? -1 : a->nr > b->nr);
	return u->st.desc ? -r : r;
}

int tui_syscalls_init(struct tui *u)
{
	size_t i;

	u->sc_order = calloc(u->a->nsc + 1, sizeof(*u->sc_order));
	if (!u->sc_order)
		return -1;
	for (i = 0; i < u->a->nsc; i++)
		u->sc_order[i] = i;
	qsort_r(u->sc_order, u->a->nsc, sizeof(*u->sc_order), cmp_sc, u);
	return 0;
}

void tui_syscalls_free(struct tui *u)
{
	free(u->sc_order);
}

void tui_syscalls_draw(struct tui *u, int top, int height)
{
	char nb[32];
	size_t i;
	int y;

	tui_lat_header(u, top, u->st.sort, u->st.desc, "syscall");
	if (!u->a->nsc) {
		mvaddstr(top + 1, 2, "(no syscall in the trace)");
		return;
	}
	tui_keep_visible(&u->st, u->a->nsc, height - 1);
	for (i = u->st.top, y = top + 1; i < u->a->nsc && y < top + height; i++, y++) {
		const struct lttr_acct_sc *s = &u->a->sc[u->sc_order[i]];

		tui_lat_line(u, y, lttr_syscall_str(s->nr, nb, sizeof(nb)), &s->lat, i == u->st.sel);
	}
}

bool tui_syscalls_key(struct tui *u, int key, int height)
{
	uint32_t keep = u->a->nsc ? u->a->sc[u->sc_order[u->st.sel]].nr : 0;
	size_t i;

	switch (key) {
	case '<': case '>': case 'I':
		if (key == '<')
			u->st.sort = u->st.sort ? u->st.sort - 1 : 5;
		else if (key == '>')
			u->st.sort = (u->st.sort + 1) % 6;
		else
			u->st.desc = !u->st.desc;
		qsort_r(u->sc_order, u->a->nsc, sizeof(*u->sc_order), cmp_sc, u);
		for (i = 0; i < u->a->nsc; i++)
			if (u->a->sc[u->sc_order[i]].nr == keep)
				u->st.sel = i;
		tui_message(u, false, "sorted by %s, %s",
			    u->st.sort ? tui_lat_cols[u->st.sort] : "syscall",
			    u->st.desc ? "descending" : "ascending");
		return true;
	case '\n': case '\r': case KEY_ENTER:
		if (u->a->nsc) {
			u->page_nr = keep;
			u->page = P_SYSCALL;
			memset(&u->page_t, 0, sizeof(u->page_t));
		}
		return true;
	default:
		return tui_scroll_key(&u->st, key, u->a->nsc, height);
	}
}

static const struct lttr_acct_sc *sc_of(const struct lttr_acct_task *tk, uint32_t nr)
{
	size_t i;

	for (i = 0; i < tk->nsc; i++)
		if (tk->sc[i].nr == nr)
			return &tk->sc[i];
	return NULL;
}

void tui_syscall_page(struct tui *u, int top, int height)
{
	const struct lttr_acct_sc *s = NULL;
	char nb[32], lo[32], hi[32];
	unsigned int b, last = 0;
	uint64_t max = 0;
	size_t i, k = 0;
	int y = top;

	for (i = 0; i < u->a->nsc; i++)
		if (u->a->sc[i].nr == u->page_nr)
			s = &u->a->sc[i];
	if (!s)
		return;
	mvprintw(y++, 0, "syscall %s (%u): %llu calls, %llu without their entry; "
		 "on CPU %.3f ms, blocked %.3f ms, runnable %.3f ms   Esc: back",
		 lttr_syscall_str(s->nr, nb, sizeof(nb)), s->nr,
		 (unsigned long long)s->lat.count, (unsigned long long)s->partial,
		 (double)s->cpu_ns / 1e6, (double)s->blocked_ns / 1e6,
		 (double)s->runnable_ns / 1e6);
	for (b = 0; b < LTTR_HIST_BUCKETS; b++) {
		if (s->lat.hist[b])
			last = b;
		if (s->lat.hist[b] > max)
			max = s->lat.hist[b];
	}
	for (b = 0; b <= last && y < top + height / 2 && max; b++) {
		int bar = (int)((s->lat.hist[b] * (uint64_t)(u->w > 50 ? u->w - 40 : 10) +
				 max - 1) / max), x;

		if (!s->lat.hist[b] && (b == 0 || !s->lat.hist[b - 1]))
			continue;
		lttr_fmt_duration(b ? 1ULL << b : 0, lo, sizeof(lo));
		lttr_fmt_duration((2ULL << b) - 1, hi, sizeof(hi));
		mvprintw(y, 0, "%12s..%-12s %9llu ", lo, hi, (unsigned long long)s->lat.hist[b]);
		for (x = 0; x < bar; x++)
			addch('#');
		y++;
	}
	y++;
	tui_lat_header(u, y++, -1, false, "process");
	for (i = 0; i < u->nprocs; i++)
		if (sc_of(&u->procs[i], s->nr))
			k++;
	tui_keep_visible(&u->page_t, k, top + height - y);
	for (i = 0, k = 0; i < u->nprocs && y < top + height; i++) {
		const struct lttr_acct_sc *p = sc_of(&u->procs[i], s->nr);
		char name[64];

		if (!p)
			continue;
		if (k++ < u->page_t.top)
			continue;
		snprintf(name, sizeof(name), "%u %s", u->procs[i].pid, u->procs[i].name);
		tui_lat_line(u, y++, name, &p->lat, k - 1 == u->page_t.sel);
	}
}

bool tui_syscall_key(struct tui *u, int key, int height)
{
	size_t i, n = 0;

	for (i = 0; i < u->nprocs; i++)
		n += sc_of(&u->procs[i], u->page_nr) != NULL;
	return tui_scroll_key(&u->page_t, key, n, height);
}
