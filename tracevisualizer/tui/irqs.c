// SPDX-License-Identifier: GPL-2.0
/*
 * irqs.c - the irqs view (5): irq lines and vectors, then softirq
 * vectors, each with its count, total, min, max and mean duration (as
 * "irqs --json" gives them) and its log2 histogram in block characters.
 */
#include <stdio.h>
#include <curses.h>
#include "tui.h"

void tui_irqs_draw(struct tui *u, int top, int height)
{
	const struct lttr_account *a = u->a;
	size_t n = a->nirqs + a->nsoftirqs, i;
	char name[64];
	int y = top;

	tui_lat_header(u, y++, -1, false, "irq");
	if (!n) {
		mvaddstr(y, 2, "(no irq in the trace)");
		return;
	}
	tui_keep_visible(&u->it, n, height - 2);
	for (i = u->it.top; i < n && y < top + height; i++) {
		if (i < a->nirqs) {
			const struct lttr_acct_irq *q = &a->irqs[i];
			const char *nm = q->sysvec ? lttr_sysvec_name(q->irq) :
				lttr_trace_irq_name(u->s.t, q->irq);

			snprintf(name, sizeof(name), q->sysvec ? "0x%x %s" : "%u %s", q->irq,
				 nm ? nm : "");
			tui_lat_line(u, y++, name, &q->lat, i == u->it.sel);
		} else {
			const struct lttr_acct_softirq *q = &a->softirqs[i - a->nirqs];
			const char *nm = lttr_softirq_name(q->vec);

			if (i == a->nirqs && y < top + height) {
				attron(A_BOLD | A_UNDERLINE);
				mvprintw(y++, 0, "%-18s", "softirq");
				attroff(A_BOLD | A_UNDERLINE);
			}
			snprintf(name, sizeof(name), "%u %s", q->vec, nm ? nm : "");
			if (y < top + height)
				tui_lat_line(u, y++, name, &q->lat, i == u->it.sel);
		}
	}
}

bool tui_irqs_key(struct tui *u, enum lttr_kaction act, int height)
{
	return tui_scroll_key(&u->it, act, u->a->nirqs + u->a->nsoftirqs, height);
}
