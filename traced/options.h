/* SPDX-License-Identifier: GPL-2.0 */
/* options.h - the command line of traced */
#ifndef TRACED_OPTIONS_H
#define TRACED_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>

struct lttr_rules;

#define TRACED_VERSION		"1.1"
#define DEFAULT_DEVICE		"/dev/tracer"
#define DEFAULT_VITALS_DEVICE	"/dev/ltt-vitals"
#define VITALS_MAX_SIZE_MIN	4096ULL
#define DEFAULT_EPOCH_NS	(60ULL * 1000000000ULL)
#define EPOCH_MIN_NS		(100ULL * 1000000ULL)
#define EPOCH_MAX_NS		(86400ULL * 1000000000ULL)
#define DEFAULT_WRITE_BUFFER	(4U << 20)
#define WRITE_BUFFER_MIN	4096U
#define WRITE_BUFFER_MAX	(1U << 30)
#define DEFAULT_SNAPSHOT_SIZE	(16U << 20)
#define SNAPSHOT_SIZE_MIN	(64U << 10)
#define SNAPSHOT_SIZE_MAX	(1ULL << 32)
#define DEFAULT_NOTIFY_TIMEOUT_NS	(5ULL * 1000000000ULL)
/* the packet bytes of the logged tasks (--heavy-capture): an Ethernet frame */
#define DEFAULT_HEAVY_CAPTURE		1514
#define DEFAULT_RULES_FLUSH_MS	100

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
	int read_copy;			/* --read: read(2), not mmap */
	struct ltt_event_mask mask;	/* -e */
	uint64_t duration_ns;		/* -t, 0: none */
	int force;			/* -f */
	int group_set;			/* --group given */
	unsigned int group;		/* --group: the trace's group id */
	int quiet;			/* -q */
	const char *stats;		/* --stats FILE, or NULL */
	char **program;			/* PROGRAM ARGS..., or NULL */

	/* format 1.1 configuration; each ioctl is issued only if given */
	int details_set;		/* --no-details given */
	struct ltt_event_mask details;	/* events recorded with payload */
	struct ltt_filter filter;	/* --pid/--tgid/--pgrp/--uid/--gid */
	int sip_set;			/* --syscall-ip given */
	struct ltt_syscall_ip sip;
	int options_set;		/* --flight/--no-cpu-id/--capture */
	uint32_t opt_flags;		/* LTT_OPT_* */
	int capture_set;		/* --capture given */
	uint32_t capture_len;		/* --capture */
	int stacks_set;			/* --stacks given */
	int stack_depth_set;		/* --stack-depth given */
	struct ltt_stack_config stacks;	/* --stacks, --stack-depth */
	struct ltt_syscall_set stack_syscalls;	/* --stacks syscall:NAME */
	int flush_set;			/* --flush-interval given */
	uint32_t flush_ms;		/* --flush-interval */
	uint32_t sample_hz;		/* --sample, 0: not given */
	int flush_default;		/* the rules' flush: no --flush-interval */

	/* trigger rules (docs/triggers.md): --rules FILE, --rule TEXT */
	char *rules_text;		/* every rule given, one a line, or NULL */
	struct lttr_rules *rules;	/* compiled, or NULL */
	uint64_t snapshot_size;		/* --snapshot-size: the memory ring */
	char *snapshot_dir;		/* --snapshot-dir, absolute; NULL: in TRACEDIR */
	uint64_t notify_timeout_ns;	/* --notify-timeout */
	int rules_in_daemon;		/* --rules-in-daemon: none in the module */
	int heavy_capture_set;		/* --heavy-capture given */
	uint32_t heavy_capture;		/* --heavy-capture */

	/* vital signs mode: traced --vitals (docs/vitals.md) */
	int vitals;
	uint64_t epoch_ns;		/* --epoch */
	uint64_t keep_ns;		/* --keep, 0: every epoch kept */
	const char *metrics_listen;	/* --metrics-listen ADDR:PORT */
	uint64_t max_size;		/* --max-size in bytes, 0: no cap */
	uint64_t cpu_watermark_ns;	/* --cpu-watermark, 0: none */

	/* control mode: traced --set-events LIST */
	int set_events;
	struct ltt_event_mask set_mask;
};

/*
 * The options that lead to one configuration ioctl, for messages:
 * e.g. "--pid, --uid" for LTT_IOC_SET_FILTER.  Written into buf.
 */
const char *options_filter_names(const struct options *o, char *buf,
				 size_t len);
const char *options_opt_names(const struct options *o, char *buf,
			      size_t len);

/*
 * Parses argv.  Returns -1 to go on, or an exit status: 0 after --help or
 * --version (printed on stdout), EXIT_USAGE after a message on stderr.
 */
int options_parse(int argc, char **argv, struct options *o);

#endif
