/* SPDX-License-Identifier: GPL-2.0 */
/* vitals.h - traced --vitals: the vital signs, one file an epoch */
#ifndef TRACED_VITALS_H
#define TRACED_VITALS_H

struct options;

/* Runs until SIGINT/SIGTERM or -t; the exit status. */
int vitals_run(const struct options *o);

#endif
