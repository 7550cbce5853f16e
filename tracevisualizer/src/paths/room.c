// SPDX-License-Identifier: GPL-2.0
/*
 * room.c - room for one more element at the end of a growing array.
 */
#include <stdlib.h>
#include <string.h>
#include "paths/room.h"

int lttr_room(void *arrp, size_t *cap, size_t n, size_t elem)
{
	void *v, *nv;
	size_t ncap;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	if (ncap <= n)
		ncap = n + 1;
	/* the caller's pointer, whatever its type, read and written as bytes */
	memcpy(&v, arrp, sizeof(v));
	nv = realloc(v, ncap * elem);
	if (!nv)
		return -1;
	memcpy(arrp, &nv, sizeof(nv));
	*cap = ncap;
	/* the caller's pointer holds nv now: cppcheck does not follow memcpy */
	/* cppcheck-suppress memleak */
	return 0;
}
