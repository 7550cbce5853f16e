// SPDX-License-Identifier: GPL-2.0
/* options.c - the command line of traced */
#include "options.h"
#include "parse.h"

#include <lttr/audit/rules.h>
#include <lttr/units/duration.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <getopt.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f,
"Usage: traced [OPTIONS] -o TRACEDIR -- PROGRAM [ARGS...]\n"
"       traced [OPTIONS] -o TRACEDIR -t DURATION\n"
"       traced [OPTIONS] -o TRACEDIR            (until SIGINT/SIGTERM)\n"
"       traced [-d DEVICE] [-q] --set-events LIST\n"
"       traced --vitals [--epoch DURATION] [--keep DURATION] [-t DURATION]\n"
"              [--max-size SIZE] [--metrics-listen ADDRESS:PORT] -o DIR\n"
"\n"
"Trace the whole system with the LTT tracer (/dev/tracer) while PROGRAM\n"
"runs, for DURATION, or until interrupted, and write the trace to TRACEDIR\n"
"(files header, events, lost, proc).  With --set-events, change the events\n"
"of the trace another traced is taking, and exit.\n"
"\n"
"Options:\n"
"  -o, --output DIR         trace directory (created if missing)\n"
"  -f, --force              write into a non-empty directory (its old\n"
"                           trace files are removed first, never followed)\n"
"      --group GROUP        let GROUP (a name or a number) read the trace:\n"
"                           directory 0750, files 0640, of that group\n"
"                           (default: 0700 and 0600, the user's alone)\n"
"  -t, --time DURATION      trace for DURATION (2, 0.5, 500ms, 2min)\n"
"  -e, --events LIST        events to record (default: all)\n"
"      --no-details LIST    record only the id and time of these events,\n"
"                           not their payload (LIST as for -e)\n"
"  -b, --buffer-size BYTES  size of each module buffer (k/M suffixes;\n"
"                           %u..%u)\n"
"  -n, --buffers COUNT      module buffers per CPU (%u..%u)\n"
"      --flight             flight recorder: the module overwrites its\n"
"                           oldest buffers; the last buffers of each CPU\n"
"                           are written when the trace ends\n"
"      --flush-interval DURATION\n"
"                           close a CPU's partly filled buffer every\n"
"                           DURATION (100ms; whole milliseconds, 1..%u ms;\n"
"                           0, the default: only full buffers), so that a\n"
"                           quiet CPU's events reach the trace while it runs\n"
"      --write-buffer BYTES size of each of the daemon's two write\n"
"                           buffers (default 4M)\n"
"      --read               copy the buffers out of the module with\n"
"                           read(2) (default: map them and write them\n"
"                           to the file from the mapping, when the\n"
"                           module can)\n"
"\n"
"Filter (only events of matching tasks are recorded; combinable):\n"
"      --pid N              thread id N\n"
"      --tgid N             process N (all its threads)\n"
"      --pgrp N             process group N\n"
"      --uid N              real user id N\n"
"      --gid N              real group id N\n"
"\n"
"Recording:\n"
"      --syscall-ip raw|depth:N|range:LOWER:UPPER[:WORDS]\n"
"                           the address recorded with a syscall entry:\n"
"                           the syscall's user IP (raw, the default), the\n"
"                           return address N frames up the stack (1..%u),\n"
"                           or the first stack word in [LOWER, UPPER)\n"
"                           within WORDS words (1..%u; default %u: as many\n"
"                           as the module allows, its sip_scan_max);\n"
"                           addresses in hex (0x...) or decimal\n"
"      --capture BYTES      packet bytes recorded with net_packet_in/out,\n"
"                           from the link-layer header on, paged data\n"
"                           included (0..%u, default 0; max: %u, whole\n"
"                           frames; at most the buffer size less 70)\n"
"      --stacks EVENTS      record the kernel and user call stacks of the\n"
"                           current task with EVENTS, comma-separated:\n"
"                           switch-out (a task that blocks: where it\n"
"                           waits), wakeup (the waker), sample (the\n"
"                           sampled task, with --sample), syscall:NAME\n"
"                           (at the entry of that syscall, e.g.\n"
"                           syscall:read); user stacks need\n"
"                           code built with frame pointers (docs/stacks.md)\n"
"      --stack-depth K[,U]  at most K kernel and U user frames (0..%u,\n"
"                           default %u,%u; U = K when left out)\n"
"      --sample HZ          sampling profiler: record the interrupted\n"
"                           instruction and task HZ times a second on\n"
"                           every CPU (1..%u; a timer, not a PMU counter)\n"
"      --no-cpu-id          mark the trace as not showing CPU ids\n"
"      --full-records       write every record in its full layout (no\n"
"                           compact syscall, trap, irq, schedchange and\n"
"                           wakeup records; larger traces)\n"
"\n"
"Triggers (docs/triggers.md):\n"
"      --rules FILE         evaluate the trigger rules of FILE on the events\n"
"                           as they arrive (one rule a line)\n"
"      --rule 'TEXT'        one rule (repeatable; with --rules, after them);\n"
"                           e.g. 'on exit if code != 0 then snapshot'\n"
"      --snapshot-size BYTES  the last BYTES of buffers of the trace a snapshot\n"
"                           holds (k/M/G; 64k..4G, default 16M)\n"
"      --snapshot-dir DIR   write the snapshots as DIR/TRACE-snapshot-N (TRACE:\n"
"                           the last component of TRACEDIR), not in TRACEDIR:\n"
"                           a full DIR leaves a snapshot incomplete, not the trace\n"
"      --notify-timeout DURATION  a notify command still running after\n"
"                           DURATION is killed (default 5s)\n"
"      --heavy-capture BYTES  packet bytes recorded for the tasks a rule's\n"
"                           log switches on, when above --capture's (0..%u,\n"
"                           default %u; max: %u; 0: --capture's)\n"
"      --rules-in-daemon    evaluate every rule here, none in the module (by\n"
"                           default the conditions without aggregates on a\n"
"                           system call's exit, an exit or a signal are\n"
"                           evaluated where the events are written)\n"
"\n"
"Vital signs (docs/vitals.md):\n"
"      --vitals             do not trace: run the vital signs collector\n"
"                           (/dev/ltt-vitals) and write one file an epoch\n"
"                           to DIR (vitals-N.ltv, continuing the numbers\n"
"                           already there); SIGINT/SIGTERM end the epoch,\n"
"                           write it and exit; SIGHUP ends it, writes it\n"
"                           and reopens DIR (made again if it is gone);\n"
"                           the epoch a killed daemon was in is named by\n"
"                           the next one and its number skipped; takes\n"
"                           only -o, -t, -d, -q, --epoch, --keep,\n"
"                           --max-size, --metrics-listen, --cpu-watermark\n"
"                           and --stack-depth (a full trace may run\n"
"                           beside it)\n"
"      --epoch DURATION     the epoch's length (default 60s; 100ms..1 day)\n"
"      --keep DURATION      remove the files of the epochs that ended more\n"
"                           than DURATION ago (whole epochs: the newest\n"
"                           ceil(DURATION / epoch) files are kept)\n"
"      --max-size SIZE      the epoch files in DIR at most SIZE bytes\n"
"                           (k, M, G; at least 4k): the oldest removed,\n"
"                           counted, after each epoch written\n"
"      --metrics-listen ADDRESS:PORT  serve the epochs written, in\n"
"                           Prometheus' text format, on\n"
"                           http://ADDRESS:PORT/metrics (numeric:\n"
"                           127.0.0.1:9469, [::1]:9469; no TLS, no login:\n"
"                           loopback or a management network)\n"
"      --cpu-watermark DURATION  the time a CPU may spend keeping samples\n"
"                           in an epoch before its levels spread one step\n"
"                           more (the sampling threshold doubled), again\n"
"                           at each multiple; the next epoch starts a\n"
"                           step up, and one whose CPUs all stayed under\n"
"                           a quarter of it lets the step back down\n"
"                           (1us..1min; default none)\n"
"      --stack-depth K[,U]  with --vitals: the kernel and user frames of a\n"
"                           sample's stacks (K + U at most 16, default\n"
"                           8,8; 0: no stacks)\n"
"\n"
"Other:\n"
"      --set-events LIST    control mode: set the events of the running\n"
"                           trace (recorded in it as change_mask)\n"
"  -d, --device PATH        tracer device (default %s)\n"
"  -q, --quiet              no report at the end\n"
"      --stats FILE         also write the report as JSON to FILE\n"
"                           (sizes, lost events, the daemon's CPU time)\n"
"  -h, --help               this help\n"
"      --version            version of traced and of the trace format\n"
"\n"
"%s"
"\n"
"A DURATION is " LTTR_DURATION_FORM ",\n"
"exact to the nanosecond, as in every tool of the toolkit.\n"
"\n"
"Exit status: PROGRAM's (128+N if killed by signal N; 127 if it cannot be\n"
"executed), else 0; 1 on a setup or device error, 2 on a bad command\n"
"line, 3 on a write error (the trace so far is kept, marked incomplete).\n",
		(unsigned int)LTT_BUFFER_SIZE_MIN, LTT_BUFFER_SIZE_MAX,
		(unsigned int)LTT_BUFFER_COUNT_MIN,
		(unsigned int)LTT_BUFFER_COUNT_MAX,
		(unsigned int)LTT_FLUSH_MAX_MS,
		(unsigned int)LTT_SIP_DEPTH_MAX, (unsigned int)LTT_SIP_SCAN_MAX,
		(unsigned int)SIP_RANGE_WORDS_DEFAULT,
		(unsigned int)LTT_MAX_CAPTURE, (unsigned int)LTT_MAX_CAPTURE,
		(unsigned int)LTT_STACK_DEPTH_MAX,
		(unsigned int)LTT_STACK_KERNEL_DEPTH,
		(unsigned int)LTT_STACK_USER_DEPTH,
		(unsigned int)LTT_SAMPLE_HZ_MAX,
		(unsigned int)LTT_MAX_CAPTURE, (unsigned int)DEFAULT_HEAVY_CAPTURE,
		(unsigned int)LTT_MAX_CAPTURE,
		DEFAULT_DEVICE, events_help());
}

/* LTT_MAX_CAPTURE (a decimal literal) as a string, for bad() */
#define CAPTURE_STR_(n)	#n
#define CAPTURE_STR(n)	CAPTURE_STR_(n)
#define CAPTURE_MAX_STR	CAPTURE_STR(LTT_MAX_CAPTURE)

static int bad(const char *fmt, const char *arg)
{
	fputs("traced: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'traced --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

/* appends @n bytes of @text and a newline to *@all */
static int add_rule(char **all, const char *text, size_t n)
{
	size_t len = *all ? strlen(*all) : 0;
	char *p = realloc(*all, len + n + 2);

	if (!p)
		return -1;
	memcpy(p + len, text, n);
	p[len + n] = '\n';
	p[len + n + 1] = '\0';
	*all = p;
	return 0;
}

static int bad2(const char *fmt, const char *a, const char *b);

/*
 * The rules of --rules FILE (first) and --rule: read, compiled, checked
 * against the other options.  -1 to go on, or EXIT_USAGE.
 */
static int rules_setup(struct options *o, const char *file)
{
	struct lttr_error err;
	char *text = NULL, *given = o->rules_text;
	unsigned int lines = 0;

	o->rules_text = NULL;
	if (file) {
		FILE *f = fopen(file, "r");
		char buf[4096];
		size_t n;

		if (!f) {
			free(given);
			return bad2("--rules %s: %s", file, strerror(errno));
		}
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
			size_t len = text ? strlen(text) : 0;
			char *p = realloc(text, len + n + 1);

			if (!p || memchr(buf, '\0', n)) {
				free(p ? p : text);
				free(given);
				fclose(f);
				return bad("--rules %s: out of memory, or a NUL byte in the file", file);
			}
			memcpy(p + len, buf, n);
			p[len + n] = '\0';
			text = p;
		}
		fclose(f);
		if (!text)
			text = strdup("");
		if (!text || (text[0] && text[strlen(text) - 1] != '\n' &&
			      add_rule(&text, "", 0) < 0)) {
			free(text);
			free(given);
			return bad("%s", "out of memory");
		}
		for (const char *q = text; *q; q++)
			lines += *q == '\n';
	}
	if (given) {
		size_t len = text ? strlen(text) : 0;
		char *p = realloc(text, len + strlen(given) + 1);

		if (!p) {
			free(text);
			free(given);
			return bad("%s", "out of memory");
		}
		memcpy(p + len, given, strlen(given) + 1);
		text = p;
		free(given);
	}
	if (!text && o->snapshot_dir)
		return bad("%s", "--snapshot-dir: without --rules or --rule, no snapshot is written");
	if (!text && o->rules_in_daemon)
		return bad("%s", "--rules-in-daemon: without --rules or --rule, there is no rule");
	if (!text && o->heavy_capture_set)
		return bad("%s", "--heavy-capture: no rule logs (without --rules or --rule)");
	if (!text)
		return -1;
	o->rules_text = text;
	if (lttr_rules_parse(text, &o->rules, &err) < 0) {
		unsigned int line = 0;
		int at = 0;

		/* where the rule came from: the file, or the Nth --rule */
		if (sscanf(err.msg, "line %u%n", &line, &at) == 1 && file && line <= lines)
			return bad2("--rules %s: %s", file, err.msg);
		if (line) {
			char where[64];

			snprintf(where, sizeof(where), "--rule number %u", line - lines);
			return bad2("%s%s", where, err.msg + at);
		}
		return bad2("%s: %s", file ? file : "--rule", err.msg);
	}
	if (o->heavy_capture_set && !(lttr_rules_actions(o->rules) & LTTR_ACT_LOG))
		return bad("%s", "--heavy-capture: no rule logs (log top(N) for D): no task's "
			   "packets would be captured");
	if (o->opt_flags & LTT_OPT_FLIGHT)
		return bad("%s", "the rules read the events as they arrive: not with --flight "
			   "(a rule's snapshot is the flight recorder of a trace that goes on)");
	if (!o->flush_set) {
		/* a quiet CPU's events must reach the rules */
		o->flush_ms = DEFAULT_RULES_FLUSH_MS;
		o->flush_default = 1;
	}
	return -1;
}

static int bad2(const char *fmt, const char *a, const char *b)
{
	fputs("traced: ", stderr);
	fprintf(stderr, fmt, a, b);
	fputs("\nTry 'traced --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

/* -t: up to 10^8 s, as before the duration parser was shared */
#define DURATION_MAX_NS	100000000000000000ULL

/* The option getopt complained about, for messages. */
static const char *optname(const char *arg, int opt)
{
	if (opt > 0 && opt < 256) {
		static char buf[3];

		buf[0] = '-';
		buf[1] = (char)opt;
		buf[2] = '\0';
		return buf;
	}
	return arg;
}

enum {
	OPT_VERSION = 256, OPT_WRITE_BUFFER, OPT_STATS, OPT_NO_DETAILS,
	OPT_PID, OPT_TGID, OPT_PGRP, OPT_UID, OPT_GID, OPT_SYSCALL_IP,
	OPT_FLIGHT, OPT_NO_CPUID, OPT_CAPTURE, OPT_SET_EVENTS,
	OPT_FULL_RECORDS, OPT_GROUP, OPT_FLUSH, OPT_READ, OPT_STACKS,
	OPT_STACK_DEPTH, OPT_SAMPLE, OPT_RULES, OPT_RULE, OPT_SNAPSHOT_SIZE, OPT_SNAPSHOT_DIR, OPT_RULES_IN_DAEMON,
	OPT_NOTIFY_TIMEOUT, OPT_HEAVY_CAPTURE,
	OPT_VITALS, OPT_EPOCH, OPT_KEEP, OPT_METRICS_LISTEN, OPT_MAX_SIZE,
	OPT_CPU_WATERMARK,
};

static const struct option longopts[] = {
	{ "output",		required_argument, NULL, 'o' },
	{ "force",		no_argument,	   NULL, 'f' },
	{ "group",		required_argument, NULL, OPT_GROUP },
	{ "time",		required_argument, NULL, 't' },
	{ "events",		required_argument, NULL, 'e' },
	{ "no-details",		required_argument, NULL, OPT_NO_DETAILS },
	{ "buffer-size",	required_argument, NULL, 'b' },
	{ "buffers",		required_argument, NULL, 'n' },
	{ "flight",		no_argument,	   NULL, OPT_FLIGHT },
	{ "write-buffer",	required_argument, NULL, OPT_WRITE_BUFFER },
	{ "read",		no_argument,	   NULL, OPT_READ },
	{ "pid",		required_argument, NULL, OPT_PID },
	{ "tgid",		required_argument, NULL, OPT_TGID },
	{ "pgrp",		required_argument, NULL, OPT_PGRP },
	{ "uid",		required_argument, NULL, OPT_UID },
	{ "gid",		required_argument, NULL, OPT_GID },
	{ "syscall-ip",		required_argument, NULL, OPT_SYSCALL_IP },
	{ "capture",		required_argument, NULL, OPT_CAPTURE },
	{ "stacks",		required_argument, NULL, OPT_STACKS },
	{ "stack-depth",	required_argument, NULL, OPT_STACK_DEPTH },
	{ "sample",		required_argument, NULL, OPT_SAMPLE },
	{ "flush-interval",	required_argument, NULL, OPT_FLUSH },
	{ "rules",		required_argument, NULL, OPT_RULES },
	{ "rule",		required_argument, NULL, OPT_RULE },
	{ "snapshot-size",	required_argument, NULL, OPT_SNAPSHOT_SIZE },
	{ "snapshot-dir",	required_argument, NULL, OPT_SNAPSHOT_DIR },
	{ "notify-timeout",	required_argument, NULL, OPT_NOTIFY_TIMEOUT },
	{ "heavy-capture",	required_argument, NULL, OPT_HEAVY_CAPTURE },
	{ "rules-in-daemon",	no_argument,	   NULL, OPT_RULES_IN_DAEMON },
	{ "no-cpu-id",		no_argument,	   NULL, OPT_NO_CPUID },
	{ "full-records",	no_argument,	   NULL, OPT_FULL_RECORDS },
	{ "set-events",		required_argument, NULL, OPT_SET_EVENTS },
	{ "vitals",		no_argument,	   NULL, OPT_VITALS },
	{ "epoch",		required_argument, NULL, OPT_EPOCH },
	{ "keep",		required_argument, NULL, OPT_KEEP },
	{ "metrics-listen",	required_argument, NULL, OPT_METRICS_LISTEN },
	{ "max-size",		required_argument, NULL, OPT_MAX_SIZE },
	{ "cpu-watermark",	required_argument, NULL, OPT_CPU_WATERMARK },
	{ "device",		required_argument, NULL, 'd' },
	{ "quiet",		no_argument,	   NULL, 'q' },
	{ "stats",		required_argument, NULL, OPT_STATS },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "version",		no_argument,	   NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

/* The name of option c as given on the command line, for messages. */
static const char *name_of(int c)
{
	static char buf[32];
	size_t i;

	for (i = 0; longopts[i].name; i++) {
		if (longopts[i].val == c) {
			snprintf(buf, sizeof(buf), "--%s", longopts[i].name);
			return buf;
		}
	}
	return optname(NULL, c);
}

/* Ids of the filter: pids and process groups are > 0, ids fit 32 bits. */
#define MAX_PID		0x7fffffffULL
#define MAX_ID		0xfffffffeULL	/* (uid_t)-1 is "no id" */

/*
 * The id of group @name from /etc/group.  fgetgrent() reads the file
 * itself: traced is linked statically (it runs in the guest's initramfs),
 * where getgrnam() would need glibc's NSS modules at run time.  0 or -1.
 */
static int group_by_name(const char *name, unsigned int *gid)
{
	FILE *f = fopen("/etc/group", "re");
	struct group *gr;
	int r = -1;

	if (!f)
		return -1;
	while ((gr = fgetgrent(f)) != NULL) {
		if (!strcmp(gr->gr_name, name)) {
			*gid = (unsigned int)gr->gr_gid;
			r = 0;
			break;
		}
	}
	fclose(f);
	return r;
}

static int filter_opt(struct options *o, int c, const char *arg)
{
	struct ltt_filter *f = &o->filter;
	uint64_t max = (c == OPT_UID || c == OPT_GID) ? MAX_ID : MAX_PID;
	uint64_t v;

	if (parse_uint(arg, max, &v) < 0 ||
	    (v == 0 && c != OPT_UID && c != OPT_GID))
		return bad2("bad %s '%s' (a number: pids and process groups "
			    "> 0, uid and gid >= 0)", name_of(c), arg);
	switch (c) {
	case OPT_PID:
	case OPT_TGID:
		/* both match against the one pid field of the filter */
		if ((f->flags & (LTT_FILTER_PID | LTT_FILTER_TGID)) &&
		    f->pid != (__s32)v)
			return bad("%s", "--pid and --tgid share one value in "
				   "the module's filter: give the same number "
				   "(or only one of them)");
		f->pid = (__s32)v;
		f->flags |= c == OPT_PID ? LTT_FILTER_PID : LTT_FILTER_TGID;
		break;
	case OPT_PGRP:
		f->pgrp = (__s32)v;
		f->flags |= LTT_FILTER_PGRP;
		break;
	case OPT_UID:
		f->uid = (__u32)v;
		f->flags |= LTT_FILTER_UID;
		break;
	default:
		f->gid = (__u32)v;
		f->flags |= LTT_FILTER_GID;
		break;
	}
	return -1;
}

static void append(char *buf, size_t len, const char *name)
{
	size_t used = strlen(buf);

	snprintf(buf + used, len - used, "%s%s", used ? ", " : "", name);
}

const char *options_filter_names(const struct options *o, char *buf,
				 size_t len)
{
	buf[0] = '\0';
	if (o->filter.flags & LTT_FILTER_PID)
		append(buf, len, "--pid");
	if (o->filter.flags & LTT_FILTER_TGID)
		append(buf, len, "--tgid");
	if (o->filter.flags & LTT_FILTER_PGRP)
		append(buf, len, "--pgrp");
	if (o->filter.flags & LTT_FILTER_UID)
		append(buf, len, "--uid");
	if (o->filter.flags & LTT_FILTER_GID)
		append(buf, len, "--gid");
	return buf;
}

const char *options_opt_names(const struct options *o, char *buf,
			      size_t len)
{
	buf[0] = '\0';
	if (o->opt_flags & LTT_OPT_FLIGHT)
		append(buf, len, "--flight");
	if (o->opt_flags & LTT_OPT_NO_CPUID)
		append(buf, len, "--no-cpu-id");
	if (o->opt_flags & LTT_OPT_FULL_RECORDS)
		append(buf, len, "--full-records");
	if (o->capture_set)
		append(buf, len, "--capture");
	return buf;
}

int options_parse(int argc, char **argv, struct options *o)
{
	const char *badev, *why, *session_opt = NULL, *rules_file = NULL;
	const char *trace_opt = NULL;
	int device_set = 0;
	struct ltt_event_mask m;
	uint64_t v;
	size_t i;
	int c, rc;

	memset(o, 0, sizeof(*o));
	o->device = DEFAULT_DEVICE;
	o->write_buffer = DEFAULT_WRITE_BUFFER;
	event_lookup("all", &o->mask);
	memset(&o->details, 0xff, sizeof(o->details));
	o->stacks.kernel_depth = LTT_STACK_KERNEL_DEPTH;
	o->stacks.user_depth = LTT_STACK_USER_DEPTH;
	o->snapshot_size = DEFAULT_SNAPSHOT_SIZE;
	o->notify_timeout_ns = DEFAULT_NOTIFY_TIMEOUT_NS;
	o->heavy_capture = DEFAULT_HEAVY_CAPTURE;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+:o:ft:e:b:n:d:qh", longopts,
				NULL)) != -1) {
		/* options that belong to a tracing session */
		if (c != 'd' && c != 'q' && c != OPT_SET_EVENTS && c != 'h' &&
		    c != OPT_VERSION && c != ':' && c != '?' && !session_opt) {
			static char first[32];

			snprintf(first, sizeof(first), "%s", name_of(c));
			session_opt = first;
		}
		/* options of a trace, not of the vital signs */
		if (c != 'd' && c != 'q' && c != 'h' && c != 'o' && c != 't' &&
		    c != OPT_VITALS && c != OPT_EPOCH && c != OPT_KEEP &&
		    c != OPT_METRICS_LISTEN && c != OPT_MAX_SIZE &&
		    c != OPT_CPU_WATERMARK &&
		    c != OPT_STACK_DEPTH && c != OPT_VERSION &&
		    c != ':' && c != '?' && !trace_opt) {
			static char tfirst[32];

			snprintf(tfirst, sizeof(tfirst), "%s", name_of(c));
			trace_opt = tfirst;
		}
		switch (c) {
		case OPT_VITALS:
			o->vitals = 1;
			break;
		case OPT_EPOCH:
			if (lttr_parse_duration(optarg, &v) < 0 ||
			    v < EPOCH_MIN_NS || v > EPOCH_MAX_NS)
				return bad2("bad --epoch '%s' (100ms..1 day): %s",
					    optarg, LTTR_DURATION_FORM);
			o->epoch_ns = v;
			break;
		case OPT_KEEP:
			if (lttr_parse_duration(optarg, &v) < 0 || !v ||
			    v > 3650 * EPOCH_MAX_NS)
				return bad2("bad --keep '%s' (above 0, at most "
					    "10 years): %s", optarg,
					    LTTR_DURATION_FORM);
			o->keep_ns = v;
			break;
		case OPT_METRICS_LISTEN:
			o->metrics_listen = optarg;
			break;
		case OPT_CPU_WATERMARK:
			if (lttr_parse_duration(optarg, &v) < 0 || v < 1000 ||
			    v > (uint64_t)LTT_VITALS_CPU_HIGH_MAX_US * 1000)
				return bad2("bad --cpu-watermark '%s' (1us..1min): %s",
					    optarg, LTTR_DURATION_FORM);
			o->cpu_watermark_ns = v;
			break;
		case OPT_MAX_SIZE:
			if (parse_size(optarg, &v) < 0 || v < VITALS_MAX_SIZE_MIN)
				return bad("bad --max-size '%s' (at least 4k)",
					   optarg);
			o->max_size = v;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'f':
			o->force = 1;
			break;
		case OPT_GROUP:
			if (group_by_name(optarg, &o->group) < 0) {
				if (parse_uint(optarg, MAX_ID, &v) < 0)
					return bad("--group: no group '%s' in /etc/group",
						   optarg);
				o->group = (unsigned int)v;
			}
			o->group_set = 1;
			break;
		case 't':
			if (lttr_parse_duration(optarg, &o->duration_ns) < 0 ||
			    !o->duration_ns || o->duration_ns > DURATION_MAX_NS)
				return bad2("bad duration '%s' (> 0, up to 10^8 "
					    "s): %s", optarg,
					    LTTR_DURATION_FORM);
			break;
		case 'e':
			if (parse_events(optarg, &o->mask, &badev) < 0)
				return bad("unknown event or empty event list: "
					   "'%s' (see --help)", badev);
			break;
		case OPT_NO_DETAILS:
			if (parse_events(optarg, &m, &badev) < 0)
				return bad("--no-details: unknown event or "
					   "empty event list: '%s' (see "
					   "--help)", badev);
			memset(&o->details, 0xff, sizeof(o->details));
			for (i = 0; i < LTT_EV_MAX / 64; i++)
				o->details.bits[i] &= ~m.bits[i];
			o->details_set = 1;
			break;
		case 'b':
			if (parse_size(optarg, &v) < 0 ||
			    v < LTT_BUFFER_SIZE_MIN || v > LTT_BUFFER_SIZE_MAX)
				return bad("bad buffer size '%s' (4k..16M)",
					   optarg);
			o->buffer_size = (uint32_t)v;
			break;
		case 'n':
			if (parse_count(optarg, &v) < 0 ||
			    v < LTT_BUFFER_COUNT_MIN ||
			    v > LTT_BUFFER_COUNT_MAX)
				return bad("bad buffer count '%s' (2..256)",
					   optarg);
			o->buffer_count = (uint32_t)v;
			break;
		case OPT_FLIGHT:
			o->opt_flags |= LTT_OPT_FLIGHT;
			o->options_set = 1;
			break;
		case OPT_NO_CPUID:
			o->opt_flags |= LTT_OPT_NO_CPUID;
			o->options_set = 1;
			break;
		case OPT_FULL_RECORDS:
			o->opt_flags |= LTT_OPT_FULL_RECORDS;
			o->options_set = 1;
			break;
		case OPT_CAPTURE:
			if (!strcmp(optarg, "max"))
				v = LTT_MAX_CAPTURE;
			else if (parse_uint(optarg, LTT_MAX_CAPTURE, &v) < 0)
				return bad("bad capture length '%s' (0.."
					   CAPTURE_MAX_STR " bytes, or max)",
					   optarg);
			o->capture_len = (uint32_t)v;
			o->capture_set = 1;
			o->options_set = 1;
			break;
		case OPT_FLUSH:
			if (lttr_parse_duration(optarg, &v) < 0 ||
			    v % 1000000 ||
			    v / 1000000 > LTT_FLUSH_MAX_MS)
				return bad2("bad flush interval '%s' (0..60000 "
					    "ms), whole milliseconds: %s",
					    optarg, LTTR_DURATION_FORM);
			o->flush_ms = (uint32_t)(v / 1000000);
			o->flush_set = 1;
			break;
		case OPT_PID:
		case OPT_TGID:
		case OPT_PGRP:
		case OPT_UID:
		case OPT_GID:
			rc = filter_opt(o, c, optarg);
			if (rc >= 0)
				return rc;
			break;
		case OPT_STACKS:
			if (parse_stacks(optarg, &o->stacks.events,
					 &o->stack_syscalls, &badev) < 0)
				return bad("bad --stacks: '%s' (expected "
					   "switch-out, wakeup, sample or "
					   "syscall:NAME, comma-separated)",
					   badev);
			o->stacks_set = 1;
			break;
		case OPT_STACK_DEPTH:
			if (parse_stack_depth(optarg, &o->stacks.kernel_depth,
					      &o->stacks.user_depth) < 0)
				return bad("bad --stack-depth '%s' (expected "
					   "K or K,U: frames, 0..64)", optarg);
			o->stack_depth_set = 1;
			break;
		case OPT_SAMPLE:
			if (parse_uint(optarg, LTT_SAMPLE_HZ_MAX, &v) < 0 ||
			    v == 0)
				return bad("bad --sample '%s' (samples per "
					   "second and CPU, 1..10000)", optarg);
			o->sample_hz = (uint32_t)v;
			break;
		case OPT_SYSCALL_IP:
			if (parse_syscall_ip(optarg, &o->sip, &why) < 0)
				return bad2("bad --syscall-ip '%s': %s", optarg,
					    why);
			o->sip_set = 1;
			break;
		case OPT_SET_EVENTS:
			if (parse_events(optarg, &o->set_mask, &badev) < 0)
				return bad("--set-events: unknown event or "
					   "empty event list: '%s' (see "
					   "--help)", badev);
			o->set_events = 1;
			break;
		case OPT_WRITE_BUFFER:
			if (parse_size(optarg, &v) < 0 ||
			    v < WRITE_BUFFER_MIN || v > WRITE_BUFFER_MAX)
				return bad("bad write buffer size '%s' "
					   "(4k..1G)", optarg);
			o->write_buffer = v;
			break;
		case OPT_READ:
			o->read_copy = 1;
			break;
		case OPT_RULES:
			if (!rules_file || strcmp(rules_file, optarg)) {
				if (rules_file)
					return bad("give --rules once (then '%s')", optarg);
				rules_file = optarg;
			}
			break;
		case OPT_RULE:
			if (add_rule(&o->rules_text, optarg, strlen(optarg)) < 0)
				return bad("%s", "out of memory");
			break;
		case OPT_SNAPSHOT_SIZE:
			if (parse_size(optarg, &v) < 0 || v < SNAPSHOT_SIZE_MIN ||
			    v > SNAPSHOT_SIZE_MAX)
				return bad("bad snapshot size '%s' (64k..4G)", optarg);
			o->snapshot_size = v;
			break;
		case OPT_SNAPSHOT_DIR: {
			struct stat st;

			free(o->snapshot_dir);
			o->snapshot_dir = realpath(optarg, NULL);
			if (!o->snapshot_dir || stat(o->snapshot_dir, &st) < 0)
				return bad2("--snapshot-dir %s: %s", optarg, strerror(errno));
			if (!S_ISDIR(st.st_mode))
				return bad2("--snapshot-dir %s: %s", optarg, strerror(ENOTDIR));
			break;
		}
		case OPT_RULES_IN_DAEMON:
			o->rules_in_daemon = 1;
			break;
		case OPT_HEAVY_CAPTURE:
			if (!strcmp(optarg, "max"))
				v = LTT_MAX_CAPTURE;
			else if (parse_uint(optarg, LTT_MAX_CAPTURE, &v) < 0)
				return bad("bad heavy logging capture length '%s' (0.."
					   CAPTURE_MAX_STR " bytes, or max)", optarg);
			o->heavy_capture = (uint32_t)v;
			o->heavy_capture_set = 1;
			break;
		case OPT_NOTIFY_TIMEOUT:
			if (lttr_parse_duration(optarg, &v) < 0 || v == 0 ||
			    v > 3600ULL * 1000000000ULL)
				return bad2("bad notify timeout '%s' (above 0, at most "
					    "1 hour): %s", optarg, LTTR_DURATION_FORM);
			o->notify_timeout_ns = v;
			break;
		case 'd':
			o->device = optarg;
			device_set = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case OPT_STATS:
			o->stats = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case OPT_VERSION:
			printf("traced %s (LTT trace format %d.%d, tracer ABI %d)\n",
			       TRACED_VERSION, LTT_FORMAT_MAJOR,
			       LTT_FORMAT_MINOR, LTT_ABI_VERSION);
			return 0;
		case ':':
			return bad("option '%s' needs an argument",
				   optname(argv[optind - 1], optopt));
		default:
			return bad("unknown option '%s'",
				   optname(argv[optind - 1], optopt));
		}
	}
	if (optind < argc)
		o->program = argv + optind;
	if (o->stack_depth_set && !o->stacks_set && !o->vitals)
		return bad("--stack-depth needs --stacks%s", "");
	/* the samples are recorded when asked for (not with -e) */
	if (o->sample_hz)
		mask_set(&o->mask, LTT_EV_SAMPLE);
	else if (o->stacks_set && mask_test(&o->stacks.events, LTT_EV_SAMPLE))
		return bad("--stacks sample needs --sample HZ%s", "");
	for (i = 0; o->stacks_set && i < LTT_EV_MAX; i++)
		if (mask_test(&o->stacks.events, (unsigned int)i) &&
		    !mask_test(&o->mask, (unsigned int)i))
			return bad("--stacks: the %s event is not recorded "
				   "(see -e)", event_name((unsigned int)i));
	if ((o->epoch_ns || o->keep_ns || o->metrics_listen || o->max_size ||
	     o->cpu_watermark_ns) && !o->vitals)
		return bad("--epoch, --keep, --max-size, --metrics-listen and "
			   "--cpu-watermark need --vitals%s", "");
	if (o->vitals) {
		if (trace_opt)
			return bad("--vitals takes only -o, -t, -d, -q, --epoch, "
				   "--keep, --max-size, --metrics-listen, "
				   "--cpu-watermark and --stack-depth, not %s",
				   trace_opt);
		if (!o->stack_depth_set) {
			o->stacks.kernel_depth = LTT_VITALS_KDEPTH;
			o->stacks.user_depth = LTT_VITALS_UDEPTH;
		} else if (o->stacks.kernel_depth + o->stacks.user_depth >
			   LTT_VITALS_STACK_DEPTH) {
			/* the help's and this message's 16 */
			_Static_assert(LTT_VITALS_STACK_DEPTH == 16,
				       "--vitals --stack-depth's limit");
			return bad("--vitals --stack-depth: at most 16 frames "
				   "in all (K + U)%s", "");
		}
		if (o->program)
			return bad("--vitals takes no PROGRAM ('%s')",
				   o->program[0]);
		if (!o->output)
			return bad("%s", "no directory given (-o DIR)");
		if (!device_set)
			o->device = DEFAULT_VITALS_DEVICE;
		if (!o->epoch_ns)
			o->epoch_ns = DEFAULT_EPOCH_NS;
		return -1;
	}
	if (o->set_events) {
		if (session_opt)
			return bad("--set-events changes a running trace: it "
				   "takes only -d and -q, not %s", session_opt);
		if (o->program)
			return bad("--set-events takes no PROGRAM ('%s')",
				   o->program[0]);
		return -1;
	}
	if (!o->output)
		return bad("%s", "no trace directory given (-o DIR)");
	if (o->program && o->duration_ns)
		return bad("%s", "give either -t DURATION or a PROGRAM, not both");
	return rules_setup(o, rules_file);
}
