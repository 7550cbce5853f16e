// SPDX-License-Identifier: GPL-2.0
/* report.c - the end-of-trace report on stderr */
#include "session.h"
#include "msg.h"

#include <inttypes.h>

void report_print(const struct session *s, const char *dir,
		  uint64_t duration_ns, const struct ltt_lost_info *lost,
		  int complete)
{
	uint64_t total = 0;
	unsigned int cpu;

	if (msg_quiet)
		return;
	msg_info("trace %s: %s", dir, complete ? "complete" :
		 "INCOMPLETE (not marked complete in its header)");
	msg_info("duration %" PRIu64 ".%03" PRIu64 " s, %" PRIu64
		 " buffers (%" PRIu64 " bytes) read, %" PRIu64
		 " bytes of events written",
		 duration_ns / 1000000000U, duration_ns / 1000000U % 1000U,
		 s->buffers, s->bytes, s->written);
	if (s->bad_buffers)
		msg_info("%d buffers did not look like tracer buffers",
			 s->bad_buffers);
	if (!lost)
		return;
	for (cpu = 0; cpu < s->info.ncpus; cpu++) {
		msg_info("%" PRIu64 " events lost on CPU %u", (uint64_t)lost[cpu].total,
			 cpu);
		total += (uint64_t)lost[cpu].total;
	}
	msg_info("%" PRIu64 " events lost in total", total);
	if (total)
		msg_info("events were lost: raise the buffer size (-b) or "
			 "the number of buffers (-n)");
}
