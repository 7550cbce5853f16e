// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - parsers for option values (sizes, counts, events); a duration
 * is read by the toolkit's one parser, lttr_parse_duration()
 * (tracevisualizer/src/units/duration.c, compiled in)
 */
#include <ltt/ltt-events.h>
#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ltt/ltt-groups.h>
#include <lttr/reader/syscalls.h>

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

struct event_name {
	const char *name;
	unsigned int id;
};

/*
 * The events of include/ltt/ltt-events.h, in id order (events_format()
 * and the help list names in this order), less the module's own records,
 * which it writes whatever the mask: the trace start and the time
 * extensions cannot be asked for or masked out, the stacks come with
 * --stacks (1.8) and the samples with --sample (1.10).
 */
#define EVENT_NAME(sym, name, ...) \
	{ LTT_EV_##sym == LTT_EV_TRACE_START || LTT_EV_##sym == LTT_EV_TIME_EXT || \
	  LTT_EV_##sym == LTT_EV_STACK || LTT_EV_##sym == LTT_EV_SAMPLE ? \
	  NULL : name, LTT_EV_##sym },
static const struct event_name events[] = {
	LTT_EVENTS(EVENT_NAME)
};
#undef EVENT_NAME

#define NEVENTS (sizeof(events) / sizeof(events[0]))

/* the groups are include/ltt/ltt-groups.h, shared with tracevisualizer --type */

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
	for (i = 0; i < LTT_NGROUPS; i++) {
		const struct ltt_event_group *g = &ltt_event_groups[i];

		if (strcasecmp(name, g->name) != 0)
			continue;
		if (g->lo) {
			for (j = 0; j < NEVENTS; j++)
				if (events[j].name && events[j].id >= g->lo &&
				    events[j].id <= g->hi)
					mask_set(mask, events[j].id);
		} else {
			for (j = 0; g->ids[j]; j++)
				mask_set(mask, g->ids[j]);
		}
		return 0;
	}
	for (i = 0; i < NEVENTS; i++) {
		if (events[i].name && strcasecmp(name, events[i].name) == 0) {
			mask_set(mask, events[i].id);
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

		if (!events[i].name || !mask_test(mask, events[i].id))
			continue;
		n = snprintf(buf + used, len - used, "%s%s", used ? "," : "",
			     events[i].name);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

/* "Events:" and the names of events[], wrapped at 72 columns */
static void events_list(char *buf, size_t len)
{
	size_t i, used, col;
	int n;

	n = snprintf(buf, len, "Events:");
	used = col = n > 0 ? (size_t)n : 0;
	for (i = 0; i < NEVENTS && used < len; i++) {
		size_t w;

		if (!events[i].name)
			continue;
		w = strlen(events[i].name);
		if (col + 1 + w > 72) {
			n = snprintf(buf + used, len - used, "\n  %s", events[i].name);
			col = 2 + w;
		} else {
			n = snprintf(buf + used, len - used, " %s", events[i].name);
			col += 1 + w;
		}
		if (n < 0)
			break;
		used += (size_t)n;
	}
	if (used < len)
		snprintf(buf + used, len - used, "\n");
}

const char *events_help(void)
{
	static char help[2048];
	static const char groups[] =
	"Groups: all (default: every event); classic (the first release's set:\n"
	"  syscall..signal_deliver, ids 1-17); core (syscalls, traps, irqs,\n"
	"  schedchange); syscall; trap; irq; softirq (softirq_*, tasklet_*);\n"
	"  process (fork exec exit wakeup wait reap kthread_create task_rename\n"
	"  signal_*); signal; timer (timer_*, timerfd_*); fs (fs_*); block\n"
	"  (block_rq_*); lock (lock_contend); memory (mem_*); socket (socket_*);\n"
	"  ipc (ipc_*); net (net_*);\n"
	"  custom (custom_create custom_destroy custom)\n"
	"  A leading '-' removes (\"all,-memory\", or just \"-memory\").\n"
	"  schedchange, change_mask and custom_create are always recorded: they\n"
	"  attribute events to tasks and describe the trace.\n";

	if (!help[0]) {
		size_t n;

		events_list(help, sizeof(help));
		n = strlen(help);
		snprintf(help + n, sizeof(help) - n, "%s", groups);
	}
	return help;
}

int parse_uint(const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

int parse_addr(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	int base = 10;

	if (!s)
		return -1;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		if (!isxdigit((unsigned char)s[0]))
			return -1;
	} else if (!isdigit((unsigned char)s[0])) {
		return -1;
	}
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

/* Splits s at ':' into at most max fields (copied into buf); count or -1. */
static int split_colon(const char *s, char *buf, size_t len, char **fields,
		       int max)
{
	int n = 0;
	char *p;

	if (strlen(s) >= len)
		return -1;
	strcpy(buf, s);
	p = buf;
	for (;;) {
		char *colon = strchr(p, ':');

		if (n == max)
			return -1;
		fields[n++] = p;
		if (!colon)
			break;
		*colon = '\0';
		p = colon + 1;
	}
	return n;
}

int parse_stacks(const char *s, struct ltt_event_mask *m,
		 struct ltt_syscall_set *sys, const char **bad)
{
	static char word[64];
	const char *p = s, *e;
	long nr;

	memset(m, 0, sizeof(*m));
	memset(sys, 0, sizeof(*sys));
	*bad = s ? s : "";
	if (!s || !*s)
		return -1;
	for (;;) {
		size_t n;

		e = strchr(p, ',');
		n = e ? (size_t)(e - p) : strlen(p);
		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		*bad = word;
		if (strcmp(word, "switch-out") == 0)
			mask_set(m, LTT_EV_SCHEDCHANGE);
		else if (strcmp(word, "wakeup") == 0)
			mask_set(m, LTT_EV_PROCESS_WAKEUP);
		else if (strcmp(word, "sample") == 0)
			mask_set(m, LTT_EV_SAMPLE);
		else if (strncmp(word, "syscall:", 8) == 0 &&
			 (nr = lttr_syscall_lookup(word + 8)) >= 0 &&
			 nr < LTT_STACK_SYSCALLS) {
			mask_set(m, LTT_EV_SYSCALL_ENTRY);
			sys->bits[nr / 64] |= 1ULL << (nr % 64);
		}
		else
			return -1;
		if (!e)
			return 0;
		p = e + 1;
	}
}

int parse_stack_depth(const char *s, uint32_t *kernel, uint32_t *user)
{
	char buf[64], *comma;
	uint64_t k, u;

	if (!s || strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	comma = strchr(buf, ',');
	if (comma)
		*comma = '\0';
	if (parse_uint(buf, LTT_STACK_DEPTH_MAX, &k) < 0)
		return -1;
	u = k;
	if (comma && parse_uint(comma + 1, LTT_STACK_DEPTH_MAX, &u) < 0)
		return -1;
	*kernel = (uint32_t)k;
	*user = (uint32_t)u;
	return 0;
}

int parse_syscall_ip(const char *s, struct ltt_syscall_ip *sip,
		     const char **why)
{
	char buf[128], *f[5];
	uint64_t v, lo, hi;
	int n;

	memset(sip, 0, sizeof(*sip));
	*why = "expected raw, depth:N or range:LOWER:UPPER[:WORDS]";
	if (!s)
		return -1;
	n = split_colon(s, buf, sizeof(buf), f, 5);
	if (n < 0)
		return -1;
	if (strcasecmp(f[0], "raw") == 0) {
		if (n != 1)
			return -1;
		sip->mode = LTT_SIP_RAW;
		return 0;
	}
	if (strcasecmp(f[0], "depth") == 0) {
		if (n != 2)
			return -1;
		if (parse_uint(f[1], LTT_SIP_DEPTH_MAX, &v) < 0 || v == 0) {
			*why = "the depth is a number of frames, 1..64";
			return -1;
		}
		sip->mode = LTT_SIP_DEPTH;
		sip->depth = (__u32)v;
		return 0;
	}
	if (strcasecmp(f[0], "range") == 0) {
		if (n != 3 && n != 4)
			return -1;
		if (parse_addr(f[1], &lo) < 0 || parse_addr(f[2], &hi) < 0) {
			*why = "addresses are hexadecimal (0x...) or decimal";
			return -1;
		}
		if (lo >= hi) {
			*why = "the range is empty: LOWER must be below UPPER";
			return -1;
		}
		v = SIP_RANGE_WORDS_DEFAULT;
		if (n == 4 && (parse_uint(f[3], LTT_SIP_SCAN_MAX, &v) < 0 ||
			       v == 0)) {
			*why = "WORDS is a number of stack words, 1..4096";
			return -1;
		}
		sip->mode = LTT_SIP_RANGE;
		sip->depth = (__u32)v;
		sip->lower = lo;
		sip->upper = hi;
		return 0;
	}
	return -1;
}
