/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/error-text.h - how a program of the toolkit says that a
 * trace could not be read (the library's message, struct lttr_error's
 * @msg, after the program's name), the same from the command line and the
 * terminal analyzer.
 */
#ifndef LTTR_OUTPUT_ERROR_TEXT_H
#define LTTR_OUTPUT_ERROR_TEXT_H

#include <stdio.h>

/**
 * lttr_print_error() - "PROG: MSG" and a newline on @f
 * @f: where (standard error)
 * @prog: the program's name ("tracevisualizer")
 * @msg: what went wrong: an error's @msg ("TRACE/header: ..."), or
 *       "out of memory"
 */
void lttr_print_error(FILE *f, const char *prog, const char *msg);

#endif /* LTTR_OUTPUT_ERROR_TEXT_H */
