/* SPDX-License-Identifier: GPL-2.0 */
/* options.h - the command line of traced */
#ifndef TRACED_OPTIONS_H
#define TRACED_OPTIONS_H

#include <stdint.h>
#include <ltt/ltt-abi.h>

#define TRACED_VERSION		"1.0"
#define DEFAULT_DEVICE		"/dev/tracer"
#define DEFAULT_WRITE_BUFFER	(4U << 20)
#define WRITE_BUFFER_MIN	4096U
#define WRITE_BUFFER_MAX	(1U << 30)

/* exit statuses of traced itself */
#define EXIT_ERROR		1	/* setup / device error */
#define EXIT_USAGE		2	/* bad command line */
#define EXIT_WRITE		3	/* write error on the trace */

struct options {
	const char *output;		/* -o */
	const char *device;		/* -d */
	uint32_t buffer_size;		/* -b, 0: the module's */
	uint32_t buffer_count;		/* -n, 0: the module's */
	uint64_t write_buffer;		/* --write-buffer */
	struct ltt_event_mask mask;	/* -e */
	double duration;		/* -t, 0: none */
	int force;			/* -f */
	int quiet;			/* -q */
	const char *stats;		/* --stats FILE, or NULL */
	char **program;			/* PROGRAM ARGS..., or NULL */
};

/*
 * Parses argv.  Returns -1 to go on, or an exit status: 0 after --help or
 * --version (printed on stdout), EXIT_USAGE after a message on stderr.
 */
int options_parse(int argc, char **argv, struct options *o);

#endif
