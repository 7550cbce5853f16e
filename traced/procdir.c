// SPDX-License-Identifier: GPL-2.0
/*
 * procdir.c - the numeric entries of a /proc directory, shared by the
 * snapshot (processes, threads, descriptors) and the symbol files
 * (processes and their mappings).
 */
#include "procdir.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>

static int numeric(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int procdir_numbers(const char *path, int **out, size_t *n)
{
	DIR *d = opendir(path);
	struct dirent *de;
	int *v = NULL;
	size_t cap = 0;

	*n = 0;
	*out = NULL;
	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL) {
		long x;

		if (!numeric(de->d_name))
			continue;
		x = strtol(de->d_name, NULL, 10);
		if (x < 0 || x > INT_MAX)
			continue;
		if (*n == cap) {
			size_t ncap = cap ? cap * 2 : 256;
			int *nv = realloc(v, ncap * sizeof(*v));

			if (!nv)
				break;
			v = nv;
			cap = ncap;
		}
		v[(*n)++] = (int)x;
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_int);
	*out = v;
	return 0;
}
