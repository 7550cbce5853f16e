/* SPDX-License-Identifier: GPL-2.0 */
/* msg.h - messages on stderr, prefixed with the program name */
#ifndef TRACED_MSG_H
#define TRACED_MSG_H

extern int msg_quiet;	/* suppress msg_info() */

void msg_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
