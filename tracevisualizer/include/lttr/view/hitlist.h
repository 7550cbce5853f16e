/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/hitlist.h - the hits of a predicate bar's predicate (struct
 * lttr_replay_hit, in time order, as lttr_replay_hits() and
 * lttr_replay_hits_set() give them) looked up from a cursor: the next and
 * previous hit, the hits in a window.  One arithmetic for the bar of one
 * trace (lttr/view/session.h) and of several hosts (lttr/view/hosts-pred.h).
 */
#ifndef LTTR_VIEW_HITLIST_H
#define LTTR_VIEW_HITLIST_H

#include <stddef.h>
#include <stdint.h>

struct lttr_replay_hit;

/**
 * lttr_hits_step() - the hit after or before a time
 * @v: the hits, in time order
 * @n: their number
 * @cursor: the time (ns, the hits' clock)
 * @dir: > 0 the first hit after @cursor, else the last before it
 *
 * Return: the hit's index, or -1 when there is none that way.
 */
long lttr_hits_step(const struct lttr_replay_hit *v, size_t n, uint64_t cursor, int dir);

/**
 * lttr_hits_in() - the hits in [@a, @b]
 * @v: the hits, in time order
 * @n: their number
 * @a: the window's start
 * @b: its end (included)
 * @first: receives the first one's index
 *
 * Return: how many.
 */
size_t lttr_hits_in(const struct lttr_replay_hit *v, size_t n, uint64_t a, uint64_t b,
		    size_t *first);

#endif /* LTTR_VIEW_HITLIST_H */
