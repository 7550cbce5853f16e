/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/syscalls.h - system call names per traced machine, generated at
 * build time from the kernel tree: x86-64 from
 * arch/x86/entry/syscalls/syscall_64.tbl (common and 64 ABI), arm64 from
 * include/uapi/asm-generic/unistd.h (the generic numbering, as
 * arch/arm64/include/uapi/asm/unistd.h includes it); another machine has
 * no table (its numbers are syscall_N).
 *
 * The lttr_machine_*() functions name the numbers of a given machine (a
 * trace's: lttr_trace_machine()); the others those of
 * lttr_machine_current(), the machine of the traces open in the process.
 */
#ifndef LTTR_SYSCALLS_H
#define LTTR_SYSCALLS_H

#include <stddef.h>
#include <lttr/reader/machine.h>

/**
 * lttr_machine_syscall_name() - name of a syscall number of machine @m
 * @m: the machine
 * @nr: the number
 *
 * Return: "read", "getppid", ... or NULL if @m's table has no such number.
 */
const char *lttr_machine_syscall_name(enum lttr_machine m, unsigned int nr);

/**
 * lttr_machine_syscall_str() - name of any syscall number of machine @m
 * @m: the machine
 * @nr: the number
 * @buf: buffer for numbers without a name ("syscall_<nr>")
 * @size: size of @buf (24 is enough)
 *
 * Return: the name, "unknown" for LTTR_WHAT_UNKNOWN, or @buf.
 */
const char *lttr_machine_syscall_str(enum lttr_machine m, unsigned int nr,
				     char *buf, size_t size);

/**
 * lttr_machine_syscall_lookup() - number of a syscall name on machine @m
 * @m: the machine
 * @name: a name from @m's table, or "syscall_<nr>"
 *
 * Return: the number, or -1 if unknown.
 */
long lttr_machine_syscall_lookup(enum lttr_machine m, const char *name);

/**
 * lttr_machine_syscall_table_size() - one past the highest number of @m's
 * table
 * @m: the machine
 *
 * Return: the size, 0 for a machine without a table.
 */
unsigned int lttr_machine_syscall_table_size(enum lttr_machine m);

/**
 * lttr_syscall_known_name() - whether a name is a syscall of any machine
 * the reader knows, or "syscall_<nr>"
 * @name: the name
 *
 * Return: 1 or 0.
 */
int lttr_syscall_known_name(const char *name);

/**
 * lttr_syscall_name() - name of a syscall number (lttr_machine_current())
 * @nr: the number
 *
 * Return: "read", "getppid", ... or NULL if the table has no such number.
 */
const char *lttr_syscall_name(unsigned int nr);

/**
 * lttr_syscall_str() - name of any syscall number (lttr_machine_current())
 * @nr: the number
 * @buf: buffer for unknown numbers ("syscall_<nr>")
 * @size: size of @buf (24 is enough)
 *
 * Return: the name, "unknown" for LTTR_WHAT_UNKNOWN (a number that was
 * not recorded), or @buf.
 */
const char *lttr_syscall_str(unsigned int nr, char *buf, size_t size);

/**
 * lttr_syscall_lookup() - number of a syscall name (lttr_machine_current())
 * @name: a name from the table, or "syscall_<nr>"
 *
 * Return: the number, or -1 if unknown.
 */
long lttr_syscall_lookup(const char *name);

/**
 * lttr_syscall_table_size() - one past the highest number in the table of
 * lttr_machine_current()
 *
 * Return: the size of the table.
 */
unsigned int lttr_syscall_table_size(void);

#endif /* LTTR_SYSCALLS_H */
