/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/hosts-pred.h - the predicate bar of the view of several hosts
 * (lttr/view/hosts.h; tui/hosts.c, gtk/hosts.c): an expression of the
 * replay's language compiled against the set, every host a node
 * (@alpha(cpu[0].current) == 0 && @beta(...)), its hits over the set
 * found by the library (lttr_xview_hits(): replay --hits of the same set)
 * and looked up from the view's cursor (lttr/view/hitlist.h).  A text
 * refused or a pass canceled changes nothing.
 */
#ifndef LTTR_VIEW_HOSTS_PRED_H
#define LTTR_VIEW_HOSTS_PRED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_xview;
struct lttr_replay_hit;

#define LTTR_XPRED_MAX	512	/* a predicate's text, with its NUL */

/**
 * struct lttr_xpred - the hosts view's predicate and its hits
 * @text: the predicate, "" none
 * @hits: the moments it becomes true, in time order on the reference's
 *	clock, each with its node (the host whose event made it true)
 * @n: their number
 */
struct lttr_xpred {
	char text[LTTR_XPRED_MAX];
	struct lttr_replay_hit *hits;
	size_t n;
};

/**
 * lttr_xpred_set() - set the predicate
 * @p: the bar (zeroed at first)
 * @x: the view of the hosts
 * @text: the predicate ("" or NULL: none)
 * @progress: the pass's progress (may be NULL); non-zero cancels
 * @arg: its argument
 * @err: receives why a text is refused (LTTR_E_INVAL "1:COL: ...", as
 *	replay --hits says it) or the pass canceled (LTTR_E_CANCELED): @p
 *	is then as it was (the return is false and @err->code set)
 *
 * Return: true when the predicate changed.
 */
bool lttr_xpred_set(struct lttr_xpred *p, const struct lttr_xview *x, const char *text,
		    int (*progress)(void *arg, unsigned int permille), void *arg,
		    struct lttr_error *err);

/* the hit after (@dir > 0) or before @cursor: its index, or -1 */
long lttr_xpred_step(const struct lttr_xpred *p, uint64_t cursor, int dir);

/* the hits in [@a, @b]: how many, the first's index in @first */
size_t lttr_xpred_in(const struct lttr_xpred *p, uint64_t a, uint64_t b, size_t *first);

/* what @p holds freed, @p emptied */
void lttr_xpred_free(struct lttr_xpred *p);

#endif /* LTTR_VIEW_HOSTS_PRED_H */
