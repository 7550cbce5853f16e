/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/abstract.h - the abstract trace format of Aguilera et al.
 * (section 6.5), one message a line:
 *
 *   TIME CALL|RET SENDER RECEIVER ID [RECVTIME]
 *
 * TIME in seconds with a fraction (up to 9 digits), SENDER and RECEIVER
 * node names, ID the call id (a return has its call's).  CALL_SENT,
 * RET_SENT and RETURN are read as CALL, RET, RET.  RECVTIME, ours, is the
 * time the message was received when it differs from TIME (the send);
 * without it both are TIME, of no node's clock in particular
 * (LTTR_MSG_ONE_TIME; RECVTIME may precede TIME when the two nodes' clocks
 * differ).  Blank lines and lines starting with '#' are
 * skipped.
 */
#ifndef LTTR_PATHS_ABSTRACT_H
#define LTTR_PATHS_ABSTRACT_H

#include <stdio.h>
#include <lttr/paths/message.h>

/**
 * lttr_msgs_read_abstract() - read messages in the abstract format
 * @path: the file ("-": standard input)
 * @s: the set the messages are added to (node and id names interned)
 * @err: receives the error ("FILE:LINE: what is wrong")
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_msgs_read_abstract(const char *path, struct lttr_msgset *s,
			    struct lttr_error *err);

/**
 * lttr_msgs_write_abstract() - write a set in the abstract format, one
 * message a line in the set's order, RECVTIME unless the message has one
 * time (LTTR_MSG_ONE_TIME)
 * @f: the stream
 * @s: the set
 *
 * Return: 0, or -1 when writing failed.
 */
int lttr_msgs_write_abstract(FILE *f, const struct lttr_msgset *s);

/**
 * lttr_parse_seconds() - a time in seconds with up to 9 decimals, exactly
 * @text: the text ("12", "1047680084.482205")
 * @ns: receives the nanoseconds
 *
 * Return: 0, or -1 when @text is not such a number (or beyond 2^64 ns).
 */
int lttr_parse_seconds(const char *text, uint64_t *ns);

#endif /* LTTR_PATHS_ABSTRACT_H */
