// SPDX-License-Identifier: GPL-2.0
/*
 * error-text.c - how a program of the toolkit says that a trace could not
 * be read (lttr/output/error-text.h).
 */
#include <stdio.h>
#include <lttr/output/error-text.h>

void lttr_print_error(FILE *f, const char *prog, const char *msg)
{
	fprintf(f, "%s: %s\n", prog, msg);
}
