/* SPDX-License-Identifier: GPL-2.0 */
/* snapshot.h - the /proc snapshot (file "proc" of a trace) */
#ifndef TRACED_SNAPSHOT_H
#define TRACED_SNAPSHOT_H

#include <stdio.h>

/* the IPIs named from /proc/interrupts and sysfs (arm64), and their text */
#define SNAPSHOT_MAX_IPIS 16
#define SNAPSHOT_IPI_DESC 64

struct snapshot_stats {
	unsigned long tasks;	/* PID lines written */
	unsigned long irqs;	/* IRQ lines written */
	unsigned long netdevs;	/* NETDEV lines written */
	unsigned long sockets;	/* SOCKET lines written */
	unsigned long fds;	/* FD lines written */
};

/*
 * Writes one line per task (every thread of every process, found under
 * PROC_ROOT/[0-9]* /task/[0-9]*):
 *     PID: %d; PPID: %d; TGID: %d; NAME: %s
 * then one line per numbered interrupt of PROC_ROOT/interrupts:
 *     IRQ: %d; NAME: %s
 * then one line per network interface, in ifindex order, from
 * SYS_ROOT/class/net/NAME/ifindex:
 *     NETDEV: %d; NAME: %s
 * then one line per TCP or UDP socket a process holds (sockets.h):
 *     SOCKET: %lu; TGID: %d; TYPE: %d; LOCAL: %s; PEER: %s
 * then one line per open descriptor of each process (PROC_ROOT/[0-9]* /fd,
 * in pid then descriptor order; fds.h):
 *     FD: %d; TGID: %d; CLOEXEC: %d; PATH: %s
 * Tasks that vanish during the walk are skipped.  PROC_ROOT and SYS_ROOT
 * are "/proc" and "/sys" normally (parameters for the tests).  Returns 0,
 * or -1 if writing to OUT failed (errno set); a missing interrupts file
 * or class/net directory is not an error.
 */
int snapshot_write(FILE *out, const char *proc_root, const char *sys_root,
		   struct snapshot_stats *stats);

/*
 * Extracts the device name from one line of /proc/interrupts (without
 * the newline); ncpus is the number of CPU columns (0 if unknown).
 * Returns the irq number and copies the name, or -1 if the line is not a
 * numbered irq with a device name.
 */
int snapshot_parse_irq_line(const char *line, int ncpus, char *name,
			    size_t len);

#endif
