/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/syscalls.h - x86-64 system call names, generated at build time from
 * the kernel's arch/x86/entry/syscalls/syscall_64.tbl (common and 64 ABI).
 */
#ifndef LTTR_SYSCALLS_H
#define LTTR_SYSCALLS_H

#include <stddef.h>

/**
 * lttr_syscall_name() - name of a syscall number
 * @nr: the number
 *
 * Return: "read", "getppid", ... or NULL if the table has no such number.
 */
const char *lttr_syscall_name(unsigned int nr);

/**
 * lttr_syscall_str() - name of any syscall number
 * @nr: the number
 * @buf: buffer for unknown numbers ("syscall_<nr>")
 * @size: size of @buf (24 is enough)
 *
 * Return: the name, "unknown" for LTTR_WHAT_UNKNOWN (a number that was
 * not recorded), or @buf.
 */
const char *lttr_syscall_str(unsigned int nr, char *buf, size_t size);

/**
 * lttr_syscall_lookup() - number of a syscall name
 * @name: a name from the table, or "syscall_<nr>"
 *
 * Return: the number, or -1 if unknown.
 */
long lttr_syscall_lookup(const char *name);

/**
 * lttr_syscall_table_size() - one past the highest number in the table
 *
 * Return: the size of the table.
 */
unsigned int lttr_syscall_table_size(void);

#endif /* LTTR_SYSCALLS_H */
