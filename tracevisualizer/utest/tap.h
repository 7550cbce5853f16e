/* SPDX-License-Identifier: GPL-2.0 */
/* tap.h - minimal TAP producer for the unit tests. */
#ifndef TAP_H
#define TAP_H

#include <stdbool.h>

void tap_plan(int n);
bool tap_ok(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tap_done(void);
/* a fresh temporary directory (removed by tap_done); name is static */
const char *tap_tmpdir(const char *name);
/*
 * run shell command CMD with its stderr into its stdout; *out receives the
 * output (malloc'd, NUL-terminated, possibly NULL on failure); returns the
 * exit status, 128 if it did not exit normally, -1 if it could not run
 */
int tap_run(const char *cmd, char **out);

#define ok(cond, ...) tap_ok((cond), __VA_ARGS__)

#endif
