// SPDX-License-Identifier: GPL-2.0
/* parse.c - parsers for option values (sizes, counts, durations, events) */
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int parse_count(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v == 0)
		return -1;
	*out = v;
	return 0;
}

int parse_size(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	unsigned int shift = 0;

	if (!s || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	switch (*end) {
	case '\0':
		break;
	case 'k': case 'K':
		shift = 10;
		end++;
		break;
	case 'm': case 'M':
		shift = 20;
		end++;
		break;
	case 'g': case 'G':
		shift = 30;
		end++;
		break;
	default:
		return -1;
	}
	if (*end || v == 0)
		return -1;
	if (v > (UINT64_MAX >> 34))	/* keep far away from overflow */
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

int parse_duration(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s || isspace((unsigned char)s[0]) || s[0] == '-' ||
	    s[0] == '+')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v) || v <= 0.0 || v > 1e8)
		return -1;
	*out = v;
	return 0;
}

struct event_name {
	const char *name;
	unsigned int id;
};

static const struct event_name events[] = {
	{ "syscall_entry",	LTT_EV_SYSCALL_ENTRY },
	{ "syscall_exit",	LTT_EV_SYSCALL_EXIT },
	{ "trap_entry",		LTT_EV_TRAP_ENTRY },
	{ "trap_exit",		LTT_EV_TRAP_EXIT },
	{ "irq_entry",		LTT_EV_IRQ_ENTRY },
	{ "irq_exit",		LTT_EV_IRQ_EXIT },
	{ "schedchange",	LTT_EV_SCHEDCHANGE },
	{ "fork",		LTT_EV_PROCESS_FORK },
	{ "exec",		LTT_EV_PROCESS_EXEC },
	{ "exit",		LTT_EV_PROCESS_EXIT },
	{ "wakeup",		LTT_EV_PROCESS_WAKEUP },
	{ "softirq_entry",	LTT_EV_SOFTIRQ_ENTRY },
	{ "softirq_exit",	LTT_EV_SOFTIRQ_EXIT },
	{ "signal_send",	LTT_EV_SIGNAL_SEND },
	{ "signal_deliver",	LTT_EV_SIGNAL_DELIVER },
};

#define NEVENTS (sizeof(events) / sizeof(events[0]))

struct event_group {
	const char *name;
	unsigned int ids[8];	/* 0-terminated */
};

static const struct event_group groups[] = {
	{ "core", { LTT_EV_SYSCALL_ENTRY, LTT_EV_SYSCALL_EXIT,
		    LTT_EV_TRAP_ENTRY, LTT_EV_TRAP_EXIT,
		    LTT_EV_IRQ_ENTRY, LTT_EV_IRQ_EXIT,
		    LTT_EV_SCHEDCHANGE, 0 } },
	{ "process", { LTT_EV_PROCESS_FORK, LTT_EV_PROCESS_EXEC,
		       LTT_EV_PROCESS_EXIT, LTT_EV_PROCESS_WAKEUP,
		       LTT_EV_SIGNAL_SEND, LTT_EV_SIGNAL_DELIVER, 0 } },
	{ "syscall", { LTT_EV_SYSCALL_ENTRY, LTT_EV_SYSCALL_EXIT, 0 } },
	{ "trap", { LTT_EV_TRAP_ENTRY, LTT_EV_TRAP_EXIT, 0 } },
	{ "irq", { LTT_EV_IRQ_ENTRY, LTT_EV_IRQ_EXIT, 0 } },
	{ "softirq", { LTT_EV_SOFTIRQ_ENTRY, LTT_EV_SOFTIRQ_EXIT, 0 } },
	{ "signal", { LTT_EV_SIGNAL_SEND, LTT_EV_SIGNAL_DELIVER, 0 } },
};

#define NGROUPS (sizeof(groups) / sizeof(groups[0]))

const char *event_name(unsigned int id)
{
	size_t i;

	for (i = 0; i < NEVENTS; i++)
		if (events[i].id == id)
			return events[i].name;
	return NULL;
}

int event_lookup(const char *name, struct ltt_event_mask *mask)
{
	size_t i, j;

	memset(mask, 0, sizeof(*mask));
	if (strcasecmp(name, "all") == 0) {
		for (i = 0; i < NEVENTS; i++)
			mask_set(mask, events[i].id);
		return 0;
	}
	for (i = 0; i < NEVENTS; i++) {
		if (strcasecmp(name, events[i].name) == 0) {
			mask_set(mask, events[i].id);
			return 0;
		}
	}
	for (i = 0; i < NGROUPS; i++) {
		if (strcasecmp(name, groups[i].name) == 0) {
			for (j = 0; groups[i].ids[j]; j++)
				mask_set(mask, groups[i].ids[j]);
			return 0;
		}
	}
	return -1;
}

int parse_events(const char *list, struct ltt_event_mask *mask,
		 const char **bad)
{
	static char badbuf[64];
	struct ltt_event_mask m, one;
	const char *p = list;
	int first = 1, any = 0;
	size_t i;

	*bad = NULL;
	memset(&m, 0, sizeof(m));
	if (!list || !*list) {
		*bad = "";
		return -1;
	}
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char item[64];
		const char *name = item;
		int remove = 0;

		if (len == 0 || len >= sizeof(item)) {
			snprintf(badbuf, sizeof(badbuf), "%.*s",
				 (int)(len < 60 ? len : 60), p);
			*bad = badbuf;
			return -1;
		}
		memcpy(item, p, len);
		item[len] = '\0';
		if (item[0] == '-') {
			remove = 1;
			name++;
		}
		if (event_lookup(name, &one) < 0) {
			snprintf(badbuf, sizeof(badbuf), "%s", item);
			*bad = badbuf;
			return -1;
		}
		if (first && remove)
			event_lookup("all", &m);
		for (i = 0; i < LTT_EV_MAX / 64; i++) {
			if (remove)
				m.bits[i] &= ~one.bits[i];
			else
				m.bits[i] |= one.bits[i];
		}
		first = 0;
		if (!comma)
			break;
		p = comma + 1;
	}
	for (i = 0; i < LTT_EV_MAX / 64; i++)
		any |= m.bits[i] != 0;
	if (!any) {
		snprintf(badbuf, sizeof(badbuf), "%s", "(no event left)");
		*bad = badbuf;
		return -1;
	}
	*mask = m;
	return 0;
}

void events_format(const struct ltt_event_mask *mask, char *buf, size_t len)
{
	size_t i, used = 0;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < NEVENTS && used < len; i++) {
		int n;

		if (!mask_test(mask, events[i].id))
			continue;
		n = snprintf(buf + used, len - used, "%s%s", used ? "," : "",
			     events[i].name);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

const char *events_help(void)
{
	return
	"Events: syscall_entry, syscall_exit, trap_entry, trap_exit, irq_entry,\n"
	"        irq_exit, softirq_entry, softirq_exit, schedchange, fork, exec,\n"
	"        exit, wakeup, signal_send, signal_deliver\n"
	"Groups: all (default); core = syscalls, traps, irqs and schedchange;\n"
	"        process = fork, exec, exit, wakeup, signals; syscall; trap; irq;\n"
	"        softirq; signal\n"
	"        A leading '-' removes (\"all,-wakeup\", or just \"-wakeup\").\n"
	"        schedchange is always recorded: it attributes events to tasks.\n";
}
