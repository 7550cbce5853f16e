/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/evclass.h - the class of an event type (LTT's grouping of
 * event ids, include/ltt/ltt-abi.h): what a front end draws one glyph per
 * class for when the window leaves room for single events.
 */
#ifndef LTTR_VIEW_EVCLASS_H
#define LTTR_VIEW_EVCLASS_H

/**
 * enum lttr_evclass - the class of an event type
 * @LTTR_EVCLASS_OTHER: the rest (timers set, IPC, the trace's own events,
 *	custom events, unknown ids)
 * @LTTR_EVCLASS_SYSCALL: system call entry and exit
 * @LTTR_EVCLASS_TRAP: trap entry and exit
 * @LTTR_EVCLASS_IRQ: interrupts, softirqs (raised too), tasklets, timers
 *	that expire
 * @LTTR_EVCLASS_SCHED: task switches and wakeups
 * @LTTR_EVCLASS_PROCESS: fork, exec, exit, wait, reap, kernel threads,
 *	signals
 * @LTTR_EVCLASS_FILE: the fs_* events
 * @LTTR_EVCLASS_MEMORY: pages allocated, freed, swapped, waited for
 * @LTTR_EVCLASS_NET: sockets and packets
 * @LTTR_EVCLASS_COUNT: the number of classes
 */
enum lttr_evclass {
	LTTR_EVCLASS_OTHER,
	LTTR_EVCLASS_SYSCALL,
	LTTR_EVCLASS_TRAP,
	LTTR_EVCLASS_IRQ,
	LTTR_EVCLASS_SCHED,
	LTTR_EVCLASS_PROCESS,
	LTTR_EVCLASS_FILE,
	LTTR_EVCLASS_MEMORY,
	LTTR_EVCLASS_NET,
	LTTR_EVCLASS_COUNT
};

/**
 * lttr_evclass_of() - the class of event id @id
 * @id: an event id (enum ltt_event_id), known or not
 *
 * Return: its enum lttr_evclass.
 */
unsigned int lttr_evclass_of(unsigned int id);

/**
 * lttr_evclass_name() - the name of a class ("syscall", "file", ...)
 * @cls: an enum lttr_evclass
 *
 * Return: a static string ("other" for a value out of range).
 */
const char *lttr_evclass_name(unsigned int cls);

#endif /* LTTR_VIEW_EVCLASS_H */
