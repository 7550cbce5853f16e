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

#define ok(cond, ...) tap_ok((cond), __VA_ARGS__)

#endif
