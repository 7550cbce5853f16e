// SPDX-License-Identifier: GPL-2.0
/*
 * evclass.c - the class of each event type (lttr/view/evclass.h), as a
 * table indexed by event id: LTT's own grouping of the ids, the class
 * column of the event list (include/ltt/ltt-events.h).
 */
#include <ltt/ltt-events.h>
#include <lttr/view/evclass.h>

#define CLASS_OF(sym, name, pl, var, cls, csize, old) \
	[LTT_EV_##sym] = LTTR_EVCLASS_##cls,
/* the class column of include/ltt/ltt-events.h */
static const unsigned char class_of[LTT_EV_MAX] = {
	LTT_EVENTS(CLASS_OF)
};
#undef CLASS_OF

static const char *const names[LTTR_EVCLASS_COUNT] = {
	[LTTR_EVCLASS_OTHER] = "other",
	[LTTR_EVCLASS_SYSCALL] = "syscall",
	[LTTR_EVCLASS_TRAP] = "trap",
	[LTTR_EVCLASS_IRQ] = "interrupt",
	[LTTR_EVCLASS_SCHED] = "scheduling",
	[LTTR_EVCLASS_PROCESS] = "process",
	[LTTR_EVCLASS_FILE] = "file",
	[LTTR_EVCLASS_MEMORY] = "memory",
	[LTTR_EVCLASS_NET] = "network",
};

unsigned int lttr_evclass_of(unsigned int id)
{
	return id < LTT_EV_MAX ? class_of[id] : LTTR_EVCLASS_OTHER;
}

const char *lttr_evclass_name(unsigned int cls)
{
	return cls < LTTR_EVCLASS_COUNT ? names[cls] : names[LTTR_EVCLASS_OTHER];
}
