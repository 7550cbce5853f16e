/* SPDX-License-Identifier: GPL-2.0 */
/* sockets.h - the TCP and UDP sockets open at START, for the snapshot */
#ifndef TRACED_SOCKETS_H
#define TRACED_SOCKETS_H

#include <stdio.h>

/*
 * Writes one line per TCP or UDP socket (IPv4 and IPv6) of
 * PROC_ROOT/net/{tcp,tcp6,udp,udp6} that a process holds (the lowest
 * PID whose PROC_ROOT/PID/fd has an entry naming "socket:[INODE]"), in
 * inode order:
 *     SOCKET: %lu; TGID: %d; TYPE: %d; LOCAL: %s; PEER: %s
 * TYPE is SOCK_STREAM (1) or SOCK_DGRAM (2), the addresses "A.B.C.D:PORT"
 * or "[IPV6]:PORT", "-" for none (a peer of 0.0.0.0:0).  Sockets of no
 * process (TIME_WAIT, inode 0) are left out.  *COUNT receives the lines
 * written.  Returns 0, or -1 if writing to OUT failed; missing files are
 * not an error.
 */
int snapshot_write_sockets(FILE *out, const char *proc_root, unsigned long *count);

/*
 * Parses one line of /proc/net/{tcp,udp}[6] (not the header): the local
 * and remote addresses as text ("-" for 0.0.0.0:0 / [::]:0) and the
 * inode.  Returns 0, or -1 if the line is not a socket line.
 */
int sockets_parse_line(const char *line, int v6, char *local, char *peer, size_t len,
		       unsigned long *ino);

#endif
