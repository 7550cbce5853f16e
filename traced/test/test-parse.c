// SPDX-License-Identifier: GPL-2.0
/* test-parse.c - the option value parsers */
#include "parse.h"
#include "tap.h"

#include <string.h>

static int mask_is(const struct ltt_event_mask *m, const unsigned int *ids)
{
	struct ltt_event_mask want;

	memset(&want, 0, sizeof(want));
	for (; *ids; ids++)
		mask_set(&want, *ids);
	return memcmp(m, &want, sizeof(want)) == 0;
}

int main(void)
{
	static const unsigned int all[] = { 1, 2, 3, 4, 5, 6, 7, 10, 11, 12,
					    13, 16, 17, 14, 15, 0 };
	static const unsigned int coreproc[] = { 1, 2, 3, 4, 5, 6, 7, 10, 11,
						 12, 13, 16, 17, 0 };
	static const unsigned int core[] = { 1, 2, 3, 4, 5, 6, 7, 0 };
	static const unsigned int process[] = { 10, 11, 12, 13, 16, 17, 0 };
	static const unsigned int nowakeup[] = { 1, 2, 3, 4, 5, 6, 7, 10,
						 11, 12, 14, 15, 16, 17, 0 };
	static const unsigned int mix[] = { 1, 2, 7, 11, 0 };
	static const unsigned int coresys[] = { 3, 4, 5, 6, 7, 0 };
	static const char *const badlists[] = {
		"", "bogus", "all,bogus", "all,", ",all", "all,,fork", "-",
		"fork,-fork", "core,-core,-process", "syscall_entry ",
		"-all", "all,-all",
	};
	struct ltt_event_mask m;
	const char *bad;
	uint64_t v;
	double d;
	char buf[256];
	size_t i;

	/* sizes */
	ok(parse_size("4096", &v) == 0 && v == 4096, "size 4096");
	ok(parse_size("64k", &v) == 0 && v == 65536, "size 64k");
	ok(parse_size("64K", &v) == 0 && v == 65536, "size 64K");
	ok(parse_size("4M", &v) == 0 && v == 4u << 20, "size 4M");
	ok(parse_size("1m", &v) == 0 && v == 1u << 20, "size 1m");
	ok(parse_size("1G", &v) == 0 && v == 1u << 30, "size 1G");
	ok(parse_size("", &v) < 0, "size empty refused");
	ok(parse_size("0", &v) < 0, "size 0 refused");
	ok(parse_size("-4k", &v) < 0, "size negative refused");
	ok(parse_size(" 4k", &v) < 0, "size leading blank refused");
	ok(parse_size("4kb", &v) < 0, "size 4kb refused");
	ok(parse_size("4x", &v) < 0, "size bad suffix refused");
	ok(parse_size("k", &v) < 0, "size suffix alone refused");
	ok(parse_size("1.5M", &v) < 0, "size fraction refused");
	ok(parse_size("99999999999999999999", &v) < 0, "size overflow refused");
	ok(parse_size("1099511627776G", &v) < 0, "size shift overflow refused");

	/* counts */
	ok(parse_count("8", &v) == 0 && v == 8, "count 8");
	ok(parse_count("0", &v) < 0, "count 0 refused");
	ok(parse_count("8k", &v) < 0, "count with suffix refused");
	ok(parse_count("-1", &v) < 0, "count negative refused");

	/* durations */
	ok(parse_duration("2", &d) == 0 && d == 2.0, "duration 2");
	ok(parse_duration("0.5", &d) == 0 && d == 0.5, "duration 0.5");
	ok(parse_duration(".25", &d) == 0 && d == 0.25, "duration .25");
	ok(parse_duration("0", &d) < 0, "duration 0 refused");
	ok(parse_duration("-1", &d) < 0, "duration negative refused");
	ok(parse_duration("1s", &d) < 0, "duration with unit refused");
	ok(parse_duration("nan", &d) < 0, "duration nan refused");
	ok(parse_duration("inf", &d) < 0, "duration inf refused");
	ok(parse_duration("", &d) < 0, "duration empty refused");

	/* event lists */
	ok(parse_events("all", &m, &bad) == 0 && mask_is(&m, all), "all");
	ok(parse_events("core", &m, &bad) == 0 && mask_is(&m, core),
	   "core = syscalls, traps, irqs, schedchange");
	ok(parse_events("process", &m, &bad) == 0 && mask_is(&m, process),
	   "process = fork, exec, exit, wakeup, signal_send, signal_deliver");
	ok(parse_events("all,-wakeup", &m, &bad) == 0 &&
	   mask_is(&m, nowakeup), "all,-wakeup");
	ok(parse_events("-wakeup", &m, &bad) == 0 && mask_is(&m, nowakeup),
	   "leading removal starts from all");
	ok(parse_events("syscall_entry,syscall_exit,schedchange,exec", &m,
			&bad) == 0 && mask_is(&m, mix), "single names");
	ok(parse_events("syscall,schedchange,exec", &m, &bad) == 0 &&
	   mask_is(&m, mix), "syscall group");
	ok(parse_events("core,-syscall", &m, &bad) == 0 &&
	   mask_is(&m, coresys), "core,-syscall");
	ok(parse_events("CORE,Process", &m, &bad) == 0 && mask_is(&m, coreproc),
	   "names are case-insensitive");
	ok(parse_events("softirq", &m, &bad) == 0 && mask_is(&m, all + 13),
	   "softirq group = softirq_entry, softirq_exit");
	for (i = 0; i < sizeof(badlists) / sizeof(badlists[0]); i++)
		ok(parse_events(badlists[i], &m, &bad) < 0 && bad,
		   "bad list '%s' refused (%s)", badlists[i], bad ? bad : "");
	ok(parse_events("all,bogus", &m, &bad) < 0 && strcmp(bad, "bogus") == 0,
	   "the bad item is named");

	event_lookup("all", &m);
	events_format(&m, buf, sizeof(buf));
	ok(strcmp(buf, "syscall_entry,syscall_exit,trap_entry,trap_exit,"
		  "irq_entry,irq_exit,schedchange,fork,exec,exit,wakeup,"
		  "softirq_entry,softirq_exit,signal_send,signal_deliver") == 0,
	   "events_format: %s", buf);
	ok(strcmp(event_name(LTT_EV_SCHEDCHANGE), "schedchange") == 0 &&
	   event_name(LTT_EV_TRACE_START) == NULL, "event_name");
	return done_testing();
}
