/* SPDX-License-Identifier: GPL-2.0 */
/*
 * critpath-internal.h - internal: the critical path read from a timeline,
 * for lttr_critpath_compute() and for the explanation of a blocked
 * interval (explain.c).
 */
#ifndef LTTR_CRITPATH_INTERNAL_H
#define LTTR_CRITPATH_INTERNAL_H

#include <lttr/analysis/critpath.h>
#include "analysis/timeline.h"

/*
 * The critical path of @pid over [@a, @b] from @tl (which holds the
 * states of every task over that interval) into @cp's segments and
 * totals (@cp's other fields untouched).  Return 0 or -1 (no memory).
 */
int cp_build(const struct timeline *tl, uint32_t pid, uint64_t a, uint64_t b,
	     struct lttr_critpath *cp);

#endif /* LTTR_CRITPATH_INTERNAL_H */
