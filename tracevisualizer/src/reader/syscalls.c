// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls.c - syscall number to name and back, per traced machine, from
 * the tables generated at build time (in the build directory:
 * syscall-names.c from x86's syscall_64.tbl, syscall-names-generic.c
 * from asm-generic/unistd.h as arm64 includes it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/syscalls.h>

extern const char *const lttr_syscall_names[];
extern const size_t lttr_syscall_names_count;
extern const char *const lttr_syscall_names_generic[];
extern const size_t lttr_syscall_names_generic_count;

/* the table of @m, its size in *@n (0 and NULL: a machine without one) */
static const char *const *table(enum lttr_machine m, size_t *n)
{
	switch (m) {
	case LTTR_MACHINE_X86_64:
		*n = lttr_syscall_names_count;
		return lttr_syscall_names;
	case LTTR_MACHINE_AARCH64:
		*n = lttr_syscall_names_generic_count;
		return lttr_syscall_names_generic;
	default:
		*n = 0;
		return NULL;
	}
}

const char *lttr_machine_syscall_name(enum lttr_machine m, unsigned int nr)
{
	size_t n;
	const char *const *tb = table(m, &n);

	if (nr >= n)
		return NULL;
	return tb[nr];
}

const char *lttr_machine_syscall_str(enum lttr_machine m, unsigned int nr,
				     char *buf, size_t size)
{
	const char *n = lttr_machine_syscall_name(m, nr);

	if (n)
		return n;
	if (nr == 0xffffffffU)	/* LTTR_WHAT_UNKNOWN: not recorded */
		return "unknown";
	snprintf(buf, size, "syscall_%u", nr);
	return buf;
}

long lttr_machine_syscall_lookup(enum lttr_machine m, const char *name)
{
	size_t i, n;
	const char *const *tb = table(m, &n);

	for (i = 0; i < n; i++)
		if (tb[i] && !strcmp(tb[i], name))
			return (long)i;
	if (!strncmp(name, "syscall_", 8) && name[8] >= '0' && name[8] <= '9') {
		char *end;
		unsigned long v = strtoul(name + 8, &end, 10);
		if (!*end && v <= 0xffffffffUL)
			return (long)v;
	}
	return -1;
}

int lttr_syscall_known_name(const char *name)
{
	unsigned int m;

	for (m = 0; m < LTTR_MACHINE_COUNT; m++)
		if (lttr_machine_syscall_lookup((enum lttr_machine)m, name) >= 0)
			return 1;
	return 0;
}

unsigned int lttr_machine_syscall_table_size(enum lttr_machine m)
{
	size_t n;

	table(m, &n);
	return (unsigned int)n;
}

const char *lttr_syscall_name(unsigned int nr)
{
	return lttr_machine_syscall_name(lttr_machine_current(), nr);
}

const char *lttr_syscall_str(unsigned int nr, char *buf, size_t size)
{
	return lttr_machine_syscall_str(lttr_machine_current(), nr, buf, size);
}

long lttr_syscall_lookup(const char *name)
{
	return lttr_machine_syscall_lookup(lttr_machine_current(), name);
}

unsigned int lttr_syscall_table_size(void)
{
	return lttr_machine_syscall_table_size(lttr_machine_current());
}
