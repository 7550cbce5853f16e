/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/machine.h - the traced machine (the trace header's uname
 * machine, "x86_64", "aarch64"): which numbering its syscalls and traps
 * have.
 */
#ifndef LTTR_MACHINE_H
#define LTTR_MACHINE_H

/*
 * The machines whose numbers the reader names: x86-64 (syscalls from
 * syscall_64.tbl, traps by exception vector), arm64 (syscalls in the
 * generic asm-generic/unistd.h numbering, traps by the exception class
 * of ESR_ELx) and any other (numbers shown as syscall_N and trap_N).
 */
enum lttr_machine {
	LTTR_MACHINE_X86_64,
	LTTR_MACHINE_AARCH64,
	LTTR_MACHINE_OTHER,
	LTTR_MACHINE_COUNT
};

/**
 * lttr_machine_from_uname() - the machine of a uname machine string
 * @uname: "x86_64", "aarch64" (also "arm64"), ...
 *
 * Return: the machine, LTTR_MACHINE_OTHER for any other string.
 */
enum lttr_machine lttr_machine_from_uname(const char *uname);

/**
 * lttr_machine_name() - the uname string of a known machine
 * @m: the machine
 *
 * Return: "x86_64", "aarch64", or "other".
 */
const char *lttr_machine_name(enum lttr_machine m);

/**
 * lttr_machine_current() - the machine the names of numbers follow where
 * no trace is given (lttr_syscall_str(), lttr_trap_name(), ...)
 *
 * The machine of the traces open in the process (the first one opened of
 * those still open); when none is, the machine the reader was built
 * for (aarch64 on arm64, else x86_64).  lttr_trace_open() warns when
 * it opens a trace of another machine than the current one: the paths
 * that are given the trace (dump, the fields, the filter, the summary)
 * name its numbers by its own machine, the others by the current one.
 *
 * Return: the machine.
 */
enum lttr_machine lttr_machine_current(void);

/**
 * lttr_machine_hold() - count an open trace of machine @m
 * @m: the machine
 *
 * Return: whether @m is the current machine (after the call).
 */
int lttr_machine_hold(enum lttr_machine m);

/**
 * lttr_machine_release() - undo lttr_machine_hold()
 * @m: the machine
 */
void lttr_machine_release(enum lttr_machine m);

#endif /* LTTR_MACHINE_H */
