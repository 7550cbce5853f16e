// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls.c - syscall number to name, from the table generated at build
 * time (syscall-names.c in the build directory).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/syscalls.h>

extern const char *const lttr_syscall_names[];
extern const size_t lttr_syscall_names_count;

const char *lttr_syscall_name(unsigned int nr)
{
	if (nr >= lttr_syscall_names_count)
		return NULL;
	return lttr_syscall_names[nr];
}

const char *lttr_syscall_str(unsigned int nr, char *buf, size_t size)
{
	const char *n = lttr_syscall_name(nr);

	if (n)
		return n;
	if (nr == 0xffffffffU)	/* LTTR_WHAT_UNKNOWN: not recorded */
		return "unknown";
	snprintf(buf, size, "syscall_%u", nr);
	return buf;
}

long lttr_syscall_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < lttr_syscall_names_count; i++)
		if (lttr_syscall_names[i] && !strcmp(lttr_syscall_names[i], name))
			return (long)i;
	if (!strncmp(name, "syscall_", 8) && name[8] >= '0' && name[8] <= '9') {
		char *end;
		unsigned long v = strtoul(name + 8, &end, 10);
		if (!*end && v <= 0xffffffffUL)
			return (long)v;
	}
	return -1;
}

unsigned int lttr_syscall_table_size(void)
{
	return (unsigned int)lttr_syscall_names_count;
}
