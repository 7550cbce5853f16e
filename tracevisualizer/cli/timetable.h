/* SPDX-License-Identifier: GPL-2.0 */
/* timetable.h - text tables of the accounting (timetable.c). */
#ifndef TRACEVISUALIZER_TIMETABLE_H
#define TRACEVISUALIZER_TIMETABLE_H

struct lttr_account;
struct lttr_acct_task;

void cli_print_systime(const struct lttr_account *a);
void cli_print_taskhead(void);
void cli_print_taskrow(const struct lttr_acct_task *tk);

#endif
