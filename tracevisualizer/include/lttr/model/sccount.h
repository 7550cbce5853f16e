/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/model/sccount.h - per-syscall-number entry/exit counters.
 */
#ifndef LTTR_SCCOUNT_H
#define LTTR_SCCOUNT_H

#include <stddef.h>
#include <stdint.h>

#define LTTR_SC_DIRECT	512	/* numbers below are counted in an array */
#define LTTR_SC_STEP	64	/* ... which grows by this many slots */

/**
 * struct lttr_sccount_slot - counters of one syscall number
 * @nr: the number
 * @entries: entry events
 * @exits: exit events
 */
struct lttr_sccount_slot {
	uint32_t nr;
	uint64_t entries;
	uint64_t exits;
};

/**
 * struct lttr_sccount - counters by syscall number
 * @direct: counters of numbers < @ndirect, allocated on first use and
 *	grown to the largest number counted (rounded up to LTTR_SC_STEP),
 *	never beyond LTTR_SC_DIRECT
 * @ndirect: slots of @direct (0 before the first number below
 *	LTTR_SC_DIRECT)
 * @extra: counters of larger numbers (open addressing, key nr + 1)
 * @nextra: used slots of @extra
 * @cap: slots of @extra (power of two)
 * @unknown: counters of LTTR_WHAT_UNKNOWN (UINT32_MAX: a number the
 *	record did not carry or that is no syscall's), which @extra cannot key
 */
struct lttr_sccount {
	struct lttr_sccount_slot *direct;
	uint32_t ndirect;
	struct lttr_sccount_slot *extra;
	size_t nextra;
	size_t cap;
	struct lttr_sccount_slot unknown;
};

/**
 * lttr_sccount_add() - count an entry or an exit
 * @c: the counters (zero-initialised before first use)
 * @nr: syscall number
 * @exit: 0 for an entry, 1 for an exit
 * @n: amount to add
 *
 * Return: 0, or -1 when out of memory.
 */
int lttr_sccount_add(struct lttr_sccount *c, uint32_t nr, int exit, uint64_t n);

/**
 * lttr_sccount_list() - the non-zero counters sorted by number
 * @c: the counters
 * @n: receives the count
 *
 * Return: a malloc'ed array (free() it), or NULL when empty/out of memory.
 */
struct lttr_sccount_slot *lttr_sccount_list(const struct lttr_sccount *c,
					    size_t *n);

/** lttr_sccount_free() - release the counters' memory @c: the counters */
void lttr_sccount_free(struct lttr_sccount *c);

#endif /* LTTR_SCCOUNT_H */
