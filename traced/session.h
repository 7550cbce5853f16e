/* SPDX-License-Identifier: GPL-2.0 */
/* session.h - the state of one tracing session, shared by the steps */
#ifndef TRACED_SESSION_H
#define TRACED_SESSION_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>
#include <ltt/ltt-abi.h>

#include "device.h"
#include "options.h"
#include "writer.h"

enum stop_reason {
	STOP_NONE,
	STOP_PROGRAM,		/* the traced program exited */
	STOP_TIMER,		/* -t elapsed */
	STOP_SIGNAL,		/* SIGINT/SIGTERM/SIGHUP */
	STOP_END,		/* the device ended the trace by itself */
	STOP_WRITE_ERROR,	/* the events file could not be written */
	STOP_DEVICE_ERROR,	/* reading the device failed */
	STOP_RULE,		/* a trigger rule's action: stop */
};

struct audit;

struct session {
	const struct options *opt;
	struct audit *audit;	/* the trigger rules (audit.h), or NULL */
	struct device dev;
	struct ltt_info info;
	int sigfd;
	sigset_t orig_mask;
	struct writer *writer;
	char *rbuf;		/* one device buffer (read path) */
	size_t rbuf_len;
	/*
	 * Zero copy: buffers are taken with LTT_IOC_GET_SUBBUF and written
	 * from a read-only mapping of their CPU's memory; 0 with --read or
	 * a module without the ioctl (then read(2) into rbuf).
	 */
	int zero_copy;
	struct cpu_map {
		const void *addr;	/* NULL: not mapped */
		size_t len;
		uint64_t id;		/* map_id of the memory mapped */
	} *maps;		/* per CPU */
	uint64_t deadline_ns;	/* CLOCK_MONOTONIC, 0: none */
	uint64_t start_ns;	/* the header's start_ns */

	pid_t child;		/* traced program, 0: none / reaped */
	int child_status;	/* its wait status, once reaped */
	int child_reaped;

	uint64_t buffers;	/* buffers taken from the module */
	uint32_t *cpu_buffers;	/* ... per CPU (file "lost") */
	uint64_t bytes;		/* their bytes */
	uint64_t bytes_copied;	/* ... of them read(2) into rbuf and copied */
	uint64_t written;	/* bytes that reached the events file */
	int bad_buffers;	/* buffers that did not look right */

	/*
	 * A write error (a full disk): the records of the buffers taken
	 * from the module that did not reach the events file whole are
	 * lost events, counted per CPU (and by type) in unwritten, added to
	 * the module's counts in the lost file.  The buffers taken after
	 * the error are drained and counted, not written.
	 */
	int write_failed;	/* the error was seen and accounted */
	int evfd;		/* events, read-only: what reached it, or -1 */
	uint64_t stream;	/* bytes given to the writer */
	struct extent {		/* buffers given, maybe not written yet */
		uint64_t off;	/* stream offset */
		uint32_t len;
		uint16_t cpu;
		uint16_t good;	/* a tracer buffer (else not parsed) */
	} *inflight;
	size_t ninflight, capinflight;
	struct ltt_lost_info *unwritten;	/* per CPU */
	struct unwritten_cpu {
		uint64_t buffers;	/* buffers with records not written */
		uint64_t first_seq;	/* the first of them */
		uint64_t first_ns;	/* time of its first record not written */
		int seen;
	} *unw;			/* per CPU */
	int unreadable;		/* buffers whose records could not be counted */
};

/*
 * After the writer failed at the end (writer_flush()): counts the
 * records of the buffers given to it that did not reach the file.
 */
void collect_account_unwritten(struct session *s);

/*
 * For the snapshots of the rules (audit_set_reader(), @arg the session):
 * @len bytes of the events file from byte @off into @dst, the writer's
 * buffers written first; the bytes copied.
 */
size_t collect_read_back(void *arg, uint64_t off, void *dst, size_t len);

/*
 * The same, @len bytes from byte @off of the events file written to file
 * @fd at byte @to (copy_file_range()): 0, an errno (the write's, as a
 * full disk), or -1 when they cannot be copied so (bytes not in the file,
 * a file system that cannot): then read them back.
 */
int collect_copy_back(void *arg, uint64_t off, size_t len, int fd, uint64_t to);

/* Unmaps what the zero-copy path mapped. */
void collect_unmap(struct session *s);

/*
 * Collects buffers until a reason to stop; returns it.  With
 * --flight it reads nothing: it only waits for the program, -t or a
 * signal, and collect_drain() reads the buffers after the stop.
 */
enum stop_reason collect_run(struct session *s);

/*
 * After LTT_IOC_STOP: reads the remaining buffers until end of trace.
 * Returns 0, or -1 (write or device error, or no end of trace).
 */
int collect_drain(struct session *s, enum stop_reason *why);

/* Waits for the traced program to exit, forwarding signals to it. */
void collect_wait_program(struct session *s);

/*
 * The end-of-trace report on stderr (unless -q) and, with --stats, as JSON
 * in that file.  Returns 0, or -1 if the stats file could not be written.
 */
int report_print(const struct session *s, const char *dir,
		  uint64_t duration_ns, const struct ltt_lost_info *lost,
		  int complete);

#endif
