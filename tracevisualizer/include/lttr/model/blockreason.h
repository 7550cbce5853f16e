/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/model/blockreason.h - what a blocked task waits for, decided by the
 * system call it blocked in.
 */
#ifndef LTTR_BLOCKREASON_H
#define LTTR_BLOCKREASON_H

/**
 * enum lttr_block - reasons of blocked time
 * @LTTR_BLOCK_IO: read/write/poll/select/... (data from a file, pipe,
 *	socket or device)
 * @LTTR_BLOCK_SLEEP: nanosleep, clock_nanosleep, pause, ...
 * @LTTR_BLOCK_FUTEX: futex (locks, condition variables, thread joins)
 * @LTTR_BLOCK_CHILD: wait4, waitid (a child's exit)
 * @LTTR_BLOCK_FAULT: a trap (page fault: paging in from disk)
 * @LTTR_BLOCK_OTHER: any other syscall, or a kernel thread
 * @LTTR_BLOCK_UNKNOWN: blocked since the trace start, never seen again
 *	in a way that tells why
 * @LTTR_BLOCK_COUNT: number of reasons
 */
enum lttr_block {
	LTTR_BLOCK_IO,
	LTTR_BLOCK_SLEEP,
	LTTR_BLOCK_FUTEX,
	LTTR_BLOCK_CHILD,
	LTTR_BLOCK_FAULT,
	LTTR_BLOCK_OTHER,
	LTTR_BLOCK_UNKNOWN,
	LTTR_BLOCK_COUNT
};

/**
 * lttr_block_of_syscall() - the reason of a block inside syscall @nr
 * @nr: x86-64 syscall number
 *
 * Return: an enum lttr_block (LTTR_BLOCK_OTHER when not in the table).
 */
int lttr_block_of_syscall(unsigned int nr);

/**
 * lttr_block_name() - short name of a reason
 * @reason: enum lttr_block
 *
 * Return: "io", "sleep", "futex", "child", "fault", "other", "unknown".
 */
const char *lttr_block_name(unsigned int reason);

#endif /* LTTR_BLOCKREASON_H */
