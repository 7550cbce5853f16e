// SPDX-License-Identifier: GPL-2.0
/*
 * machine.c - the traced machine from the trace header's uname machine,
 * and the machine of the traces open in the process (the one the names
 * of numbers follow where no trace is given).
 */
#include <pthread.h>
#include <string.h>
#include <lttr/reader/machine.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long open_count[LTTR_MACHINE_COUNT];
/* with no trace open: the machine the reader runs on (traced's rules) */
#if defined(__aarch64__)
#define NATIVE LTTR_MACHINE_AARCH64
#else
#define NATIVE LTTR_MACHINE_X86_64
#endif
static enum lttr_machine current = NATIVE;

enum lttr_machine lttr_machine_from_uname(const char *uname)
{
	if (!uname)
		return LTTR_MACHINE_OTHER;
	if (!strcmp(uname, "x86_64"))
		return LTTR_MACHINE_X86_64;
	if (!strcmp(uname, "aarch64") || !strcmp(uname, "arm64"))
		return LTTR_MACHINE_AARCH64;
	return LTTR_MACHINE_OTHER;
}

const char *lttr_machine_name(enum lttr_machine m)
{
	switch (m) {
	case LTTR_MACHINE_X86_64:
		return "x86_64";
	case LTTR_MACHINE_AARCH64:
		return "aarch64";
	default:
		return "other";
	}
}

enum lttr_machine lttr_machine_current(void)
{
	enum lttr_machine m;

	pthread_mutex_lock(&lock);
	m = current;
	pthread_mutex_unlock(&lock);
	return m;
}

int lttr_machine_hold(enum lttr_machine m)
{
	unsigned int i;
	int same;

	if ((unsigned int)m >= LTTR_MACHINE_COUNT)
		m = LTTR_MACHINE_OTHER;
	pthread_mutex_lock(&lock);
	for (i = 0; i < LTTR_MACHINE_COUNT && !open_count[i]; i++)
		;
	if (i == LTTR_MACHINE_COUNT)
		current = m;	/* the first trace open */
	open_count[m]++;
	same = current == m;
	pthread_mutex_unlock(&lock);
	return same;
}

void lttr_machine_release(enum lttr_machine m)
{
	if ((unsigned int)m >= LTTR_MACHINE_COUNT)
		m = LTTR_MACHINE_OTHER;
	pthread_mutex_lock(&lock);
	if (open_count[m])
		open_count[m]--;
	if (!open_count[current]) {
		/* another machine's traces still open, else the default */
		unsigned int i;

		for (i = 0; i < LTTR_MACHINE_COUNT && !open_count[i]; i++)
			;
		current = i < LTTR_MACHINE_COUNT ? (enum lttr_machine)i : NATIVE;
	}
	pthread_mutex_unlock(&lock);
}
