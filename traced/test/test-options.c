// SPDX-License-Identifier: GPL-2.0
/* test-options.c - the command line: what each option puts in options */
#include "options.h"
#include "parse.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static struct options o;

/* options_parse on the arguments after "traced" */
#define parse(...) parse_args((const char *const[]){ __VA_ARGS__, NULL })

static int parse_args(const char *const *args)
{
	static char *argv[32];
	int argc = 0;

	argv[argc++] = (char *)"traced";
	for (; *args && argc < 31; args++)
		argv[argc++] = (char *)*args;
	argv[argc] = NULL;
	return options_parse(argc, argv, &o);
}

static int all_ones(const struct ltt_event_mask *m)
{
	size_t i;

	for (i = 0; i < LTT_EV_MAX / 64; i++)
		if (m->bits[i] != ~0ULL)
			return 0;
	return 1;
}

int main(void)
{
	struct ltt_event_mask m;
	char buf[128];
	size_t i;
	int rc, good;

	/* the messages are checked by cli.sh; keep the TAP stream clean */
	if (!freopen("/dev/null", "w", stderr))
		return 99;

	/* defaults: the module's, and no format 1.1 ioctl */
	rc = parse("-o", "d", "-t", "1");
	ok(rc == -1 && strcmp(o.output, "d") == 0, "plain session");
	ok(!o.details_set && all_ones(&o.details), "default: every detail");
	ok(o.filter.flags == 0 && o.filter.pid == 0 && o.filter.uid == 0,
	   "default: no filter");
	ok(!o.sip_set && o.sip.mode == LTT_SIP_RAW, "default: raw syscall IP");
	ok(!o.options_set && o.opt_flags == 0 && o.capture_len == 0 &&
	   !o.capture_set, "default: no options");
	ok(!o.set_events, "default: not the control mode");
	event_lookup("all", &m);
	ok(memcmp(&m, &o.mask, sizeof(m)) == 0, "default events: all");

	/* -t and --flush-interval: durations, read by lttr_parse_duration() */
	ok(parse("-o", "d", "-t", "1") == -1 && o.duration_ns == 1000000000,
	   "-t 1: a bare number is seconds");
	ok(parse("-o", "d", "-t", "0.5") == -1 && o.duration_ns == 500000000 &&
	   parse("-o", "d", "-t", ".25") == -1 && o.duration_ns == 250000000,
	   "-t 0.5, -t .25: fractions of a second");
	ok(parse("-o", "d", "-t", "500ms") == -1 && o.duration_ns == 500000000 &&
	   parse("-o", "d", "-t", "2min") == -1 && o.duration_ns == 120000000000ULL,
	   "-t 500ms, -t 2min: with a unit");
	ok(parse("-o", "d", "-t", "0") == EXIT_USAGE &&
	   parse("-o", "d", "-t", "0ms") == EXIT_USAGE &&
	   parse("-o", "d", "-t", "-1") == EXIT_USAGE &&
	   parse("-o", "d", "-t", "1e3") == EXIT_USAGE &&
	   parse("-o", "d", "-t", "nan") == EXIT_USAGE &&
	   parse("-o", "d", "-t", "2 parsecs") == EXIT_USAGE &&
	   parse("-o", "d", "-t", "") == EXIT_USAGE &&
	   parse("-o", "d", "-t", "100000001") == EXIT_USAGE,
	   "-t: 0, a sign, an exponent, another unit, empty, above 10^8 s refused");
	ok(parse("-o", "d", "--flush-interval", "100ms") == -1 && o.flush_set &&
	   o.flush_ms == 100 &&
	   parse("-o", "d", "--flush-interval", "0.25") == -1 && o.flush_ms == 250 &&
	   parse("-o", "d", "--flush-interval", "60s") == -1 && o.flush_ms == 60000 &&
	   parse("-o", "d", "--flush-interval", "0") == -1 && o.flush_ms == 0,
	   "--flush-interval 100ms, 0.25 (seconds), 60s, 0");
	ok(parse("-o", "d", "--flush-interval", "1.5ms") == EXIT_USAGE &&
	   parse("-o", "d", "--flush-interval", "60001ms") == EXIT_USAGE &&
	   parse("-o", "d", "--flush-interval", "100") == EXIT_USAGE,
	   "--flush-interval: a part of a ms, above 60 s (100: seconds) refused");

	/* --no-details */
	rc = parse("-o", "d", "--no-details", "fs,memory");
	event_lookup("fs", &m);
	good = rc == -1 && o.details_set;
	for (i = 0; i < LTT_EV_MAX; i++) {
		int want = !(mask_test(&m, (unsigned int)i) ||
			     (i >= LTT_EV_MEM_PAGE_ALLOC &&
			      i <= LTT_EV_MEM_PAGE_WAIT_END));

		if (mask_test(&o.details, (unsigned int)i) != want)
			good = 0;
	}
	ok(good, "--no-details fs,memory clears exactly those ids");
	rc = parse("-o", "d", "--no-details", "fs", "--no-details", "net");
	ok(rc == -1 && mask_test(&o.details, LTT_EV_FS_OPEN) &&
	   !mask_test(&o.details, LTT_EV_NET_PACKET_IN),
	   "the last --no-details wins");
	ok(parse("-o", "d", "--no-details", "bogus") == EXIT_USAGE,
	   "--no-details bogus: usage error");
	ok(parse("-o", "d", "--no-details", "fs,-fs") == EXIT_USAGE,
	   "--no-details selecting nothing: usage error");

	/* the filter */
	rc = parse("-o", "d", "--pid", "42", "--uid", "0", "--gid",
		   "4294967294", "--pgrp", "2147483647");
	ok(rc == -1 && o.filter.flags == (LTT_FILTER_PID | LTT_FILTER_UID |
					  LTT_FILTER_GID | LTT_FILTER_PGRP) &&
	   o.filter.pid == 42 && o.filter.uid == 0 &&
	   o.filter.gid == 4294967294U && o.filter.pgrp == 2147483647 &&
	   o.filter.reserved == 0, "--pid --uid --gid --pgrp");
	ok(strcmp(options_filter_names(&o, buf, sizeof(buf)),
		  "--pid, --pgrp, --uid, --gid") == 0,
	   "filter options named: %s", buf);
	rc = parse("-o", "d", "--tgid", "7");
	ok(rc == -1 && o.filter.flags == LTT_FILTER_TGID && o.filter.pid == 7,
	   "--tgid uses the pid field");
	rc = parse("-o", "d", "--tgid", "7", "--pid", "7");
	ok(rc == -1 && o.filter.flags == (LTT_FILTER_TGID | LTT_FILTER_PID),
	   "--tgid and --pid with one value");
	ok(parse("-o", "d", "--tgid", "7", "--pid", "8") == EXIT_USAGE,
	   "--tgid and --pid with two values refused");
	ok(parse("-o", "d", "--pid", "0") == EXIT_USAGE &&
	   parse("-o", "d", "--pgrp", "-3") == EXIT_USAGE &&
	   parse("-o", "d", "--uid", "4294967295") == EXIT_USAGE &&
	   parse("-o", "d", "--gid", "x") == EXIT_USAGE &&
	   parse("-o", "d", "--tgid", "2147483648") == EXIT_USAGE,
	   "bad filter values refused");

	/* --syscall-ip */
	rc = parse("-o", "d", "--syscall-ip", "range:0x1000:0x2000:8");
	ok(rc == -1 && o.sip_set && o.sip.mode == LTT_SIP_RANGE &&
	   o.sip.lower == 0x1000 && o.sip.upper == 0x2000 && o.sip.depth == 8,
	   "--syscall-ip range");
	rc = parse("-o", "d", "--syscall-ip", "raw");
	ok(rc == -1 && o.sip_set && o.sip.mode == LTT_SIP_RAW,
	   "--syscall-ip raw is still sent");
	ok(parse("-o", "d", "--syscall-ip", "range:2:1") == EXIT_USAGE,
	   "--syscall-ip with lower >= upper refused");

	/* options */
	rc = parse("-o", "d", "--flight", "--no-cpu-id", "--capture", "256");
	ok(rc == -1 && o.options_set &&
	   o.opt_flags == (LTT_OPT_FLIGHT | LTT_OPT_NO_CPUID) &&
	   o.capture_len == 256 && o.capture_set,
	   "--flight --no-cpu-id --capture 256");
	ok(strcmp(options_opt_names(&o, buf, sizeof(buf)),
		  "--flight, --no-cpu-id, --capture") == 0,
	   "option names: %s", buf);
	rc = parse("-o", "d", "--full-records");
	ok(rc == -1 && o.options_set && o.opt_flags == LTT_OPT_FULL_RECORDS &&
	   strcmp(options_opt_names(&o, buf, sizeof(buf)), "--full-records") == 0,
	   "--full-records sets LTT_OPT_FULL_RECORDS (%s)", buf);
	rc = parse("-o", "d", "--capture", "0");
	ok(rc == -1 && o.options_set && o.capture_set && o.opt_flags == 0 &&
	   strcmp(options_opt_names(&o, buf, sizeof(buf)), "--capture") == 0,
	   "--capture 0 is sent");
	rc = parse("-o", "d", "--capture", "1514");
	ok(rc == -1 && o.capture_set && o.capture_len == 1514,
	   "--capture 1514: a whole Ethernet frame (format 1.15)");
	rc = parse("-o", "d", "--capture", "max");
	ok(rc == -1 && o.capture_set && o.capture_len == LTT_MAX_CAPTURE,
	   "--capture max is LTT_MAX_CAPTURE (%u)", o.capture_len);
	ok(parse("-o", "d", "--capture", "65511") == EXIT_USAGE,
	   "--capture 65511 refused (LTT_MAX_CAPTURE + 1)");
	ok(parse("-o", "d", "--capture", "maximum") == EXIT_USAGE,
	   "--capture maximum refused");
	ok(parse("-o", "d", "--flight=1") == EXIT_USAGE,
	   "--flight takes no value");

	/* the control mode */
	rc = parse("--set-events", "fs,net");
	event_lookup("fs", &m);
	m.bits[0] |= 1ULL << LTT_EV_NET_PACKET_IN | 1ULL << LTT_EV_NET_PACKET_OUT;
	ok(rc == -1 && o.set_events && !o.output &&
	   memcmp(&m, &o.set_mask, sizeof(m)) == 0,
	   "--set-events needs no -o");
	rc = parse("-q", "-d", "/dev/x", "--set-events", "-memory");
	ok(rc == -1 && o.set_events && o.quiet &&
	   strcmp(o.device, "/dev/x") == 0 &&
	   !mask_test(&o.set_mask, LTT_EV_MEM_PAGE_FREE) &&
	   mask_test(&o.set_mask, LTT_EV_FS_OPEN),
	   "--set-events with -d and -q");
	ok(parse("--set-events", "fs", "-e", "net") == EXIT_USAGE &&
	   parse("--pid", "3", "--set-events", "fs") == EXIT_USAGE &&
	   parse("--set-events", "fs", "-t", "1") == EXIT_USAGE &&
	   parse("--set-events", "fs", "true") == EXIT_USAGE,
	   "--set-events with session options or a program refused");
	ok(parse("--set-events", "") == EXIT_USAGE,
	   "--set-events with an empty list refused");
	return done_testing();
}
