/* SPDX-License-Identifier: GPL-2.0 */
/* fds.h - the file descriptors open at START, for the /proc snapshot */
#ifndef TRACED_FDS_H
#define TRACED_FDS_H

#include <stdio.h>

/*
 * Writes the line of descriptor FD of process TGID (format 1.6):
 *     FD: %d; TGID: %d; CLOEXEC: %d; PATH: %s
 * PATH is what PROC_ROOT/TGID/fd/FD links to ("/dev/console",
 * "pipe:[1234]", "socket:[5678]", "/tmp/x (deleted)"); CLOEXEC is 1 when
 * the flags of PROC_ROOT/TGID/fdinfo/FD hold O_CLOEXEC.  A descriptor
 * closed meanwhile (no link or no fdinfo) or whose path holds a newline
 * (the line could not be read back) gets no line.  Returns 1 if a line
 * was written, 0 if none, -1 if writing to OUT failed.
 */
int fds_write_one(FILE *out, const char *proc_root, int tgid, int fd);

/*
 * The flags of an fdinfo file's text ("pos:\t0\nflags:\t02100002\n..."):
 * 0 and *FLAGS, or -1 without a well-formed flags line.
 */
int fds_parse_flags(const char *text, unsigned long *flags);

#endif
