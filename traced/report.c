// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - the end-of-trace report: human-readable on stderr, and with
 * --stats FILE the same facts as one JSON object for scripts (scripts/bench).
 */
#include "session.h"
#include "msg.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

static uint64_t tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000U + (uint64_t)tv->tv_usec * 1000U;
}

/* The daemon's own CPU time so far (all its threads, not the program's). */
static void self_cpu(uint64_t *user_ns, uint64_t *sys_ns)
{
	struct rusage ru;

	*user_ns = 0;
	*sys_ns = 0;
	if (getrusage(RUSAGE_SELF, &ru) == 0) {
		*user_ns = tv_ns(&ru.ru_utime);
		*sys_ns = tv_ns(&ru.ru_stime);
	}
}

static int write_stats(const struct session *s, const char *path,
		       uint64_t duration_ns, const struct ltt_lost_info *lost,
		       int complete, uint64_t user_ns, uint64_t sys_ns)
{
	uint64_t total = 0;
	unsigned int cpu;
	FILE *f = fopen(path, "w");

	if (!f) {
		msg_err("%s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(f, "{\"complete\": %s, \"duration_ns\": %" PRIu64
		", \"buffers\": %" PRIu64 ", \"bytes_read\": %" PRIu64
		", \"bytes_written\": %" PRIu64 ", \"cpu_user_ns\": %" PRIu64
		", \"cpu_sys_ns\": %" PRIu64 ", \"lost_by_cpu\": [",
		complete ? "true" : "false", duration_ns, s->buffers, s->bytes,
		s->written, user_ns, sys_ns);
	for (cpu = 0; lost && cpu < s->info.ncpus; cpu++) {
		fprintf(f, "%s%" PRIu64, cpu ? ", " : "",
			(uint64_t)lost[cpu].total);
		total += (uint64_t)lost[cpu].total;
	}
	fprintf(f, "], \"lost_total\": %" PRIu64 ", \"unwritten_by_cpu\": [",
		total);
	for (cpu = 0; s->unwritten && cpu < s->info.ncpus; cpu++)
		fprintf(f, "%s%" PRIu64, cpu ? ", " : "",
			(uint64_t)s->unwritten[cpu].total);
	fprintf(f, "], \"bytes_copied\": %" PRIu64
		", \"zero_copy\": %s}\n", s->bytes_copied,
		s->zero_copy ? "true" : "false");
	if (fclose(f) != 0) {
		msg_err("write error on %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static uint64_t unwritten_total(const struct session *s)
{
	uint64_t n = 0;
	unsigned int cpu;

	for (cpu = 0; s->unwritten && cpu < s->info.ncpus; cpu++)
		n += (uint64_t)s->unwritten[cpu].total;
	return n;
}

/*
 * Where the events file stops after a write error, and the events of the
 * buffers taken from the module that did not reach it, per CPU (counted
 * lost, with the module's own losses, in the lost file).
 */
static void report_unwritten(const struct session *s)
{
	unsigned int cpu;

	if (!s->write_failed)
		return;
	msg_info("the events file stops at byte %" PRIu64 " (a write error): "
		 "the events not written are counted lost", s->written);
	for (cpu = 0; cpu < s->info.ncpus; cpu++) {
		const struct unwritten_cpu *u = &s->unw[cpu];
		uint64_t t;

		if (!u->seen)
			continue;
		t = u->first_ns > s->start_ns ? u->first_ns - s->start_ns : 0;
		msg_info("%" PRIu64 " events on CPU %u not written: %" PRIu64
			 " buffers from seq %" PRIu64 ", from %" PRIu64
			 ".%09" PRIu64 " s", (uint64_t)s->unwritten[cpu].total,
			 cpu, u->buffers, u->first_seq, t / 1000000000U,
			 t % 1000000000U);
	}
	if (s->unreadable)
		msg_warn("%d buffers not written could not be counted (malformed"
			 " or not read back): their events are not in the lost "
			 "counts", s->unreadable);
}

int report_print(const struct session *s, const char *dir,
		 uint64_t duration_ns, const struct ltt_lost_info *lost,
		 int complete)
{
	uint64_t total = 0, user_ns, sys_ns;
	unsigned int cpu;
	int rc = 0;

	self_cpu(&user_ns, &sys_ns);
	if (s->opt->stats)
		rc = write_stats(s, s->opt->stats, duration_ns, lost, complete,
				 user_ns, sys_ns);
	if (msg_quiet)
		return rc;
	msg_info("trace %s: %s", dir, complete ? "complete" :
		 "INCOMPLETE (not marked complete in its header)");
	msg_info("duration %" PRIu64 ".%03" PRIu64 " s, %" PRIu64
		 " buffers (%" PRIu64 " bytes) read, %" PRIu64
		 " bytes of events written",
		 duration_ns / 1000000000U, duration_ns / 1000000U % 1000U,
		 s->buffers, s->bytes, s->written);
	msg_info("daemon CPU time: %" PRIu64 ".%03" PRIu64 " s user, %" PRIu64
		 ".%03" PRIu64 " s system",
		 user_ns / 1000000000U, user_ns / 1000000U % 1000U,
		 sys_ns / 1000000000U, sys_ns / 1000000U % 1000U);
	if (s->opt->opt_flags & LTT_OPT_FLIGHT)
		msg_info("flight recorder trace: the last buffers of each CPU "
			 "(at most %u) were kept", s->info.buffer_count);
	if (s->bad_buffers)
		msg_info("%d buffers did not look like tracer buffers",
			 s->bad_buffers);
	if (!lost)
		return rc;
	report_unwritten(s);
	for (cpu = 0; cpu < s->info.ncpus; cpu++) {
		msg_info("%" PRIu64 " events lost on CPU %u", (uint64_t)lost[cpu].total,
			 cpu);
		total += (uint64_t)lost[cpu].total;
	}
	msg_info("%" PRIu64 " events lost in total", total);
	if (total > unwritten_total(s))
		msg_info("events were lost: raise the buffer size (-b) or "
			 "the number of buffers (-n)");
	return rc;
}
