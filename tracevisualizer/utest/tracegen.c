// SPDX-License-Identifier: GPL-2.0
/*
 * tracegen.c - synthetic trace writer for the tests (see tracegen.h).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tracegen.h"

struct tgbuf {
	struct ltt_buffer_header h;
	uint8_t *data;
	size_t len, cap;
	int fixed_end, fixed_size, fixed_flags;
	int has_base;		/* a time_ext set the time base: @base */
	uint64_t base;
};

/* the time base of the buffer's next record (format 1.5: time_ext) */
static uint64_t tg_base(const struct tgbuf *b)
{
	return b->has_base ? b->base : b->h.start_ns;
}

struct post {
	int kind;		/* 't' truncate, 'p' poke, 'r' remove */
	char file[16];
	long long n;
	uint8_t bytes[64];
	size_t nbytes;
};

struct tg {
	struct ltt_trace_header h;
	struct tgbuf *bufs;
	size_t nbufs, cap;
	uint64_t next_seq[LTT_MAX_CPUS];
	struct ltt_lost_info lost[LTT_MAX_CPUS];
	int no_lost;
	int no_proc;
	char *proc;
	size_t proc_len;
	struct post posts[32];
	size_t nposts;
	int compact;		/* write compact forms when the values fit */
};

void tg_default_header(struct ltt_trace_header *h)
{
	const uint16_t one = 1;

	memset(h, 0, sizeof(*h));
	h->magic = LTT_TRACE_MAGIC;
	h->major = LTT_FORMAT_MAJOR;
	h->minor = 0;		/* format 1.0 unless the description says 1.1/1.2 */
	h->byte_order = *(const uint8_t *)&one ? LTT_ORDER_LITTLE : LTT_ORDER_BIG;
	h->word_size = sizeof(long);
	h->header_size = LTT_TRACE_HEADER_SIZE_1_0;
	memset(&h->details, 0xff, sizeof(h->details));
	h->ncpus = 1;
	h->clock_hz = 1000000000U;
	h->buffer_size = 65536;
	h->buffer_count = 4;
	h->flags = LTT_TRACE_COMPLETE;
	h->start_wall_ns = 1700000000000000000ULL;
	h->start_ns = 1000000000ULL;
	h->end_ns = 0;
	{
		static const unsigned int ids[] = {
			LTT_EV_SYSCALL_ENTRY, LTT_EV_SYSCALL_EXIT, LTT_EV_TRAP_ENTRY,
			LTT_EV_TRAP_EXIT, LTT_EV_IRQ_ENTRY, LTT_EV_IRQ_EXIT,
			LTT_EV_SCHEDCHANGE, LTT_EV_PROCESS_FORK, LTT_EV_PROCESS_EXEC,
			LTT_EV_PROCESS_EXIT, LTT_EV_PROCESS_WAKEUP, LTT_EV_TRACE_START,
			LTT_EV_SOFTIRQ_ENTRY, LTT_EV_SOFTIRQ_EXIT,
		};
		size_t i;

		for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
			h->mask.bits[ids[i] / 64] |= 1ULL << (ids[i] % 64);
	}
	strcpy(h->arch, "x86_64");
	strcpy(h->release, "6.1.0-ltt");
	strcpy(h->hostname, "testhost");
}

struct tg *tg_new(void)
{
	struct tg *g = calloc(1, sizeof(*g));

	if (g)
		tg_default_header(&g->h);
	return g;
}

void tg_free(struct tg *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->nbufs; i++)
		free(g->bufs[i].data);
	free(g->bufs);
	free(g->proc);
	free(g);
}

struct ltt_trace_header *tg_header(struct tg *g)
{
	return &g->h;
}

int tg_buffer(struct tg *g, unsigned int cpu, uint64_t start_ns, uint32_t pid,
	      uint64_t lost)
{
	struct tgbuf *b;

	if (g->nbufs == g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 16;
		struct tgbuf *n = realloc(g->bufs, cap * sizeof(*n));

		if (!n)
			return -1;
		g->bufs = n;
		g->cap = cap;
	}
	b = &g->bufs[g->nbufs++];
	memset(b, 0, sizeof(*b));
	b->h.magic = LTT_BUFFER_MAGIC;
	b->h.cpu = (uint16_t)cpu;
	b->h.seq = cpu < LTT_MAX_CPUS ? g->next_seq[cpu]++ : 0;
	b->h.start_ns = start_ns;
	b->h.end_ns = start_ns;
	b->h.pid = pid;
	b->h.lost = lost;
	return 0;
}

struct ltt_buffer_header *tg_buffer_header(struct tg *g)
{
	return g->nbufs ? &g->bufs[g->nbufs - 1].h : NULL;
}

int tg_raw(struct tg *g, const void *bytes, size_t len)
{
	struct tgbuf *b;

	if (!g->nbufs)
		return -1;
	b = &g->bufs[g->nbufs - 1];
	if (b->len + len > b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 1024;
		uint8_t *n;

		while (cap < b->len + len)
			cap *= 2;
		n = realloc(b->data, cap);
		if (!n)
			return -1;
		b->data = n;
		b->cap = cap;
	}
	if (len)
		memcpy(b->data + b->len, bytes, len);
	b->len += len;
	return 0;
}

int tg_record(struct tg *g, uint64_t time_ns, unsigned int id,
	      unsigned int flags, const void *payload, size_t len)
{
	struct ltt_record_header rh;
	static const uint8_t zero[4];
	struct tgbuf *b;
	size_t size = sizeof(rh) + len;
	size_t pad = (LTT_REC_ALIGN - size % LTT_REC_ALIGN) % LTT_REC_ALIGN;

	if (!g->nbufs)
		return -1;
	b = &g->bufs[g->nbufs - 1];
	if (time_ns < tg_base(b) || time_ns - tg_base(b) > UINT32_MAX ||
	    size + pad > 0xffff)
		return -1;
	rh.delta = (uint32_t)(time_ns - tg_base(b));
	rh.id = (uint8_t)id;
	rh.flags = (uint8_t)flags;
	rh.size = (uint16_t)(size + pad);
	if (tg_raw(g, &rh, sizeof(rh)) || tg_raw(g, payload, len) ||
	    tg_raw(g, zero, pad))
		return -1;
	if (!b->fixed_end && time_ns > b->h.end_ns)
		b->h.end_ns = time_ns;
	if (time_ns > g->h.end_ns && (g->h.flags & LTT_TRACE_COMPLETE))
		g->h.end_ns = time_ns;
	return 0;
}

size_t tg_compact(unsigned int id, const void *full, size_t len, void *out)
{
	union ltt_ev_compactable f;
	union ltt_cev_any c;
	size_t n;

	if (len > sizeof(f))
		return 0;
	memcpy(&f, full, len);
	n = ltt_compact_event(id, &f, (unsigned int)len, &c);
	memcpy(out, &c, n);
	return n;
}

void tg_set_compact(struct tg *g, int on)
{
	g->compact = on;
}

size_t tg_old_size(uint16_t minor, unsigned int id, size_t len, int compact)
{
	if (minor >= 3)
		return len;
	if (id == LTT_EV_SCHEDCHANGE && len >= LTT_EV_SCHEDCHANGE_SIZE_1_2)
		return compact ? LTT_CEV_SCHEDCHANGE_SIZE_1_2 :
			LTT_EV_SCHEDCHANGE_SIZE_1_2;
	if (id == LTT_EV_PROCESS_WAKEUP && len >= LTT_EV_PROCESS_WAKEUP_SIZE_1_2)
		return compact ? LTT_CEV_WAKEUP_SIZE_1_2 :
			LTT_EV_PROCESS_WAKEUP_SIZE_1_2;
	return len;
}

int tg_event(struct tg *g, uint64_t time_ns, unsigned int id,
	     const void *payload, size_t len)
{
	uint8_t c[16];
	size_t n;

	/* a trace of a format before 1.3 has the shorter payloads */
	if (g->compact && ltt_compact_size(id) <= sizeof(c) &&
	    (n = tg_compact(id, payload, len, c)) != 0)
		return tg_record(g, time_ns, id, LTT_REC_COMPACT, c,
				 tg_old_size(g->h.minor, id, n, 1));
	return tg_record(g, time_ns, id, 0, payload,
			 tg_old_size(g->h.minor, id, len, 0));
}

struct ltt_lost_info *tg_lost(struct tg *g, unsigned int cpu)
{
	return cpu < LTT_MAX_CPUS ? &g->lost[cpu] : NULL;
}

/* ---- description parser ------------------------------------------ */

static int fail(char *err, size_t errlen, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(char *err, size_t errlen, int line, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "line %d: %s", line, msg);
	return -1;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!s || !*s)
		return -1;
	errno = 0;
	if (*s == '-') {
		long long x = strtoll(s, &end, 0);

		*v = (uint64_t)x;
	} else {
		*v = strtoull(s, &end, 0);
	}
	return (*end || errno) ? -1 : 0;
}

static int parse_hex_bytes(char **tok, int ntok, uint8_t *out, size_t max,
			   size_t *n)
{
	int i;

	*n = 0;
	for (i = 0; i < ntok; i++) {
		uint64_t v;

		if (parse_u64(tok[i], &v) || v > 0xff || *n >= max)
			return -1;
		out[(*n)++] = (uint8_t)v;
	}
	return 0;
}

/* key=value lookup in tokens; returns NULL if absent */
static const char *kv(char **tok, int ntok, const char *key)
{
	size_t kl = strlen(key);
	int i;

	for (i = 1; i < ntok; i++)
		if (!strncmp(tok[i], key, kl) && tok[i][kl] == '=')
			return tok[i] + kl + 1;
	return NULL;
}

static int kv_u64(char **tok, int ntok, const char *key, uint64_t *v)
{
	const char *s = kv(tok, ntok, key);

	if (!s)
		return 0;
	return parse_u64(s, v) ? -1 : 1;
}

/* a list of event names ("all": every known id, "none") into a mask */
static int parse_mask(const char *s, struct ltt_event_mask *m)
{
	char buf[32];

	memset(m, 0, sizeof(*m));
	if (!strcmp(s, "none"))
		return 0;
	if (!strcmp(s, "all")) {
		unsigned int i;

		for (i = 0; i < LTT_EV_MAX; i++)
			if (lttr_event_type_name(i))
				m->bits[i / 64] |= 1ULL << (i % 64);
		return 0;
	}
	while (*s) {
		size_t n = strcspn(s, ",");
		int id;

		if (!n || n >= sizeof(buf))
			return -1;
		memcpy(buf, s, n);
		buf[n] = '\0';
		id = lttr_event_type_id(buf);
		if (id < 0) {
			uint64_t v;

			if (parse_u64(buf, &v) || v >= LTT_EV_MAX)
				return -1;
			id = (int)v;
		}
		m->bits[id / 64] |= 1ULL << (id % 64);
		s += n;
		if (*s == ',')
			s++;
	}
	return 0;
}

/* "pid:5,tgid:5,pgrp:3,uid:0,gid:0" */
static int parse_filter(const char *s, struct ltt_filter *f)
{
	memset(f, 0, sizeof(*f));
	while (*s) {
		char key[8];
		uint64_t v;
		char num[32];
		size_t n = strcspn(s, ",");
		const char *colon = memchr(s, ':', n);

		if (!colon || (size_t)(colon - s) >= sizeof(key) ||
		    n - (size_t)(colon - s) - 1 >= sizeof(num))
			return -1;
		memcpy(key, s, (size_t)(colon - s));
		key[colon - s] = '\0';
		memcpy(num, colon + 1, n - (size_t)(colon - s) - 1);
		num[n - (size_t)(colon - s) - 1] = '\0';
		if (parse_u64(num, &v))
			return -1;
		if (!strcmp(key, "pid")) {
			f->flags |= LTT_FILTER_PID;
			f->pid = (int32_t)v;
		} else if (!strcmp(key, "tgid")) {
			f->flags |= LTT_FILTER_TGID;
			f->pid = (int32_t)v;
		} else if (!strcmp(key, "pgrp")) {
			f->flags |= LTT_FILTER_PGRP;
			f->pgrp = (int32_t)v;
		} else if (!strcmp(key, "uid")) {
			f->flags |= LTT_FILTER_UID;
			f->uid = (uint32_t)v;
		} else if (!strcmp(key, "gid")) {
			f->flags |= LTT_FILTER_GID;
			f->gid = (uint32_t)v;
		} else {
			return -1;
		}
		s += n;
		if (*s == ',')
			s++;
	}
	return 0;
}

/* "raw", "depth:N", "range:LOWER:UPPER[:WORDS]" */
static int parse_sip(const char *s, struct ltt_syscall_ip *sip)
{
	char buf[96], *a, *b, *c, *save = NULL;
	uint64_t v, lo, hi;

	memset(sip, 0, sizeof(*sip));
	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	a = strtok_r(buf, ":", &save);
	b = strtok_r(NULL, ":", &save);
	c = strtok_r(NULL, ":", &save);
	if (!a)
		return -1;
	if (!strcmp(a, "raw"))
		return b ? -1 : 0;
	if (!strcmp(a, "depth")) {
		if (!b || c || parse_u64(b, &v))
			return -1;
		sip->mode = LTT_SIP_DEPTH;
		sip->depth = (uint32_t)v;
		return 0;
	}
	if (strcmp(a, "range") || !b || !c || parse_u64(b, &lo) ||
	    parse_u64(c, &hi))
		return -1;
	sip->lower = lo;
	sip->upper = hi;
	sip->mode = LTT_SIP_RANGE;
	a = strtok_r(NULL, ":", &save);
	if (a && parse_u64(a, &v))
		return -1;
	sip->depth = a ? (uint32_t)v : 0;
	return 0;
}

/* the 1.1 header (1.2, 1.3: the same size, with compact records) */
static void format_11(struct ltt_trace_header *h, uint16_t minor)
{
	h->minor = minor;
	/* 1.1 to 1.7 end before the stack configuration (1.8) */
	h->header_size = minor < 8 ? LTT_TRACE_HEADER_SIZE_1_7 :
			 minor == 8 ? LTT_TRACE_HEADER_SIZE_1_8 :
			 minor == 9 ? LTT_TRACE_HEADER_SIZE_1_9 : sizeof(*h);
}

/*
 * format=, events=, details=, filter=, sip=, capture=, flight=, nocpuid=,
 * fullrec=
 */
static int parse_header_11(struct tg *g, char **tok, int ntok)
{
	struct ltt_trace_header *h = &g->h;
	const char *s;
	uint64_t v;
	bool v11 = false, v12 = false;

	if ((s = kv(tok, ntok, "events")) && parse_mask(s, &h->mask))
		return -1;
	if ((s = kv(tok, ntok, "details"))) {
		if (parse_mask(s, &h->details))
			return -1;
		v11 = true;
	}
	if ((s = kv(tok, ntok, "stacks"))) {	/* format 1.8: the events with stacks */
		if (parse_mask(s, &h->stacks.events))
			return -1;
		h->stacks.kernel_depth = LTT_STACK_KERNEL_DEPTH;
		h->stacks.user_depth = LTT_STACK_USER_DEPTH;
	}
	if ((s = kv(tok, ntok, "filter"))) {
		if (parse_filter(s, &h->filter))
			return -1;
		h->flags |= LTT_TRACE_FILTERED;
		v11 = true;
	}
	if ((s = kv(tok, ntok, "sip"))) {
		if (parse_sip(s, &h->syscall_ip))
			return -1;
		v11 = true;
	}
	if ((s = kv(tok, ntok, "capture"))) {
		if (parse_u64(s, &v))
			return -1;
		h->capture_len = (uint32_t)v;
		v11 = true;
	}
	if ((s = kv(tok, ntok, "flight"))) {
		if (parse_u64(s, &v))
			return -1;
		h->flags = v ? h->flags | LTT_TRACE_FLIGHT : h->flags & ~LTT_TRACE_FLIGHT;
	}
	if ((s = kv(tok, ntok, "nocpuid"))) {
		if (parse_u64(s, &v))
			return -1;
		h->flags = v ? h->flags | LTT_TRACE_NO_CPUID : h->flags & ~LTT_TRACE_NO_CPUID;
	}
	if ((s = kv(tok, ntok, "fullrec"))) {
		if (parse_u64(s, &v))
			return -1;
		h->flags = v ? h->flags | LTT_TRACE_FULL_RECORDS :
			h->flags & ~LTT_TRACE_FULL_RECORDS;
		v12 = true;
	}
	if ((s = kv(tok, ntok, "command"))) {	/* format 1.9: the command's pid */
		if (parse_u64(s, &v) || v > UINT32_MAX)
			return -1;
		h->command_pid = (uint32_t)v;
		format_11(h, 9);
	}
	if ((s = kv(tok, ntok, "format"))) {
		char *end;
		unsigned long minor;

		/* 1.0 to this library's 1.LTT_FORMAT_MINOR, no leading zero */
		if (strncmp(s, "1.", 2) || !isdigit((unsigned char)s[2]) ||
		    (s[2] == '0' && s[3]))
			return -1;
		minor = strtoul(s + 2, &end, 10);
		if (*end || minor > LTT_FORMAT_MINOR) {
			return -1;
		} else if (minor) {
			format_11(h, (uint16_t)minor);
		} else {
			h->minor = 0;
			h->header_size = LTT_TRACE_HEADER_SIZE_1_0;
		}
	} else if (h->command_pid) {
		format_11(h, 9);
	} else if (v12) {
		format_11(h, 2);
	} else if (v11) {
		format_11(h, 1);
	}
	return 0;
}

static int parse_header(struct tg *g, char **tok, int ntok)
{
	static const char *const keys[] = {
		"ncpus", "start", "end", "wall", "flags", "major", "minor",
		"order", "word", "hsize", "clock", "bufsize", "bufcount",
		"magic", "mask", "format", "events", "details", "filter", "sip",
		"capture", "flight", "nocpuid", "fullrec", "startcall", "stacks",
		"samplehz", "stacksys", "command",
	};
	struct ltt_trace_header *h = &g->h;
	const char *s;
	size_t k;
	int i;

	for (i = 1; i < ntok; i++) {
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (!strncmp(tok[i], keys[k], strlen(keys[k])) &&
			    tok[i][strlen(keys[k])] == '=')
				break;
		if (k == sizeof(keys) / sizeof(keys[0]) &&
		    strncmp(tok[i], "arch=", 5) && strncmp(tok[i], "release=", 8) &&
		    strncmp(tok[i], "host=", 5))
			return -1;
	}
	if (parse_header_11(g, tok, ntok))
		return -1;
	for (k = 0; k < 15; k++) {	/* the numeric keys */
		uint64_t v;
		int r = kv_u64(tok, ntok, keys[k], &v);

		if (r < 0)
			return -1;
		if (!r)
			continue;
		switch (k) {
		case 0: h->ncpus = (uint32_t)v; break;
		case 1: h->start_ns = v; break;
		case 2: h->end_ns = v; break;
		case 3: h->start_wall_ns = v; break;
		case 4: h->flags = (uint32_t)v; break;
		case 5: h->major = (uint16_t)v; break;
		case 6: h->minor = (uint16_t)v; break;
		case 7: h->byte_order = (uint8_t)v; break;
		case 8: h->word_size = (uint8_t)v; break;
		case 9: h->header_size = (uint16_t)v; break;
		case 10: h->clock_hz = (uint32_t)v; break;
		case 11: h->buffer_size = (uint32_t)v; break;
		case 12: h->buffer_count = (uint32_t)v; break;
		case 13: h->magic = (uint32_t)v; break;
		case 14:
			memset(&h->mask, 0, sizeof(h->mask));
			h->mask.bits[0] = v;
			break;
		default: break;
		}
	}
	{
		uint64_t v;
		int r = kv_u64(tok, ntok, "startcall", &v);	/* 1.6: us START took */

		if (r < 0 || (r > 0 && v > UINT32_MAX))
			return -1;
		if (r > 0)
			h->start_call_us = (uint32_t)v;
		const char *sl = kv(tok, ntok, "stacksys");	/* 1.10: N,N... */

		while (sl && *sl) {
			char *end;
			unsigned long nr = strtoul(sl, &end, 10);

			if (end == sl || nr >= LTT_STACK_SYSCALLS)
				return -1;
			h->stack_syscalls.bits[nr / 64] |= 1ULL << (nr % 64);
			sl = *end == ',' ? end + 1 : end;
			if (*end && *end != ',')
				return -1;
		}
		r = kv_u64(tok, ntok, "samplehz", &v);	/* 1.10: sample_hz */
		if (r < 0 || (r > 0 && v > UINT32_MAX))
			return -1;
		if (r > 0)
			h->sample_hz = (uint32_t)v;
	}
	if ((s = kv(tok, ntok, "arch")))
		snprintf(h->arch, sizeof(h->arch), "%s", s);
	if ((s = kv(tok, ntok, "release")))
		snprintf(h->release, sizeof(h->release), "%s", s);
	if ((s = kv(tok, ntok, "host")))
		snprintf(h->hostname, sizeof(h->hostname), "%s", s);
	return 0;
}

static int parse_buf(struct tg *g, char **tok, int ntok)
{
	uint64_t cpu = 0, start = g->h.start_ns, pid = 0, lost = 0, v;
	struct tgbuf *b;

	if (kv_u64(tok, ntok, "cpu", &cpu) < 0 || kv_u64(tok, ntok, "start", &start) < 0 ||
	    kv_u64(tok, ntok, "pid", &pid) < 0 || kv_u64(tok, ntok, "lost", &lost) < 0)
		return -1;
	if (tg_buffer(g, (unsigned int)cpu, start, (uint32_t)pid, lost))
		return -1;
	b = &g->bufs[g->nbufs - 1];
	if (kv_u64(tok, ntok, "seq", &v) > 0) {
		b->h.seq = v;
		if (cpu < LTT_MAX_CPUS)
			g->next_seq[cpu] = v + 1;
	}
	if (kv_u64(tok, ntok, "flags", &v) > 0) {
		b->h.flags = (uint16_t)v;
		b->fixed_flags = 1;
	}
	if (kv_u64(tok, ntok, "magic", &v) > 0)
		b->h.magic = (uint32_t)v;
	if (kv_u64(tok, ntok, "end", &v) > 0) {
		b->h.end_ns = v;
		b->fixed_end = 1;
	}
	if (kv_u64(tok, ntok, "size", &v) > 0) {
		b->h.data_size = (uint32_t)v;
		b->fixed_size = 1;
	}
	return 0;
}

static int parse_lost(struct tg *g, char **tok, int ntok)
{
	uint64_t cpu = 0, v, n;
	struct ltt_lost_info *li;
	int i;

	if (kv_u64(tok, ntok, "cpu", &cpu) < 0 || cpu >= LTT_MAX_CPUS)
		return -1;
	li = &g->lost[cpu];
	if (kv_u64(tok, ntok, "total", &v) > 0)
		li->total = v;
	if (kv_u64(tok, ntok, "nested", &v) > 0)
		li->nested = v;
	if (kv_u64(tok, ntok, "buffers", &v) > 0)	/* with header flags=0x21 */
		li->buffers = (uint32_t)v;
	for (i = 1; i < ntok; i++) {
		char *colon = strchr(tok[i], ':');
		char key[8];

		if (!colon || !strchr(tok[i], '='))
			continue;
		if (sscanf(tok[i], "%7[a-z]=", key) != 1)
			return -1;
		*colon = '\0';
		if (parse_u64(strchr(tok[i], '=') + 1, &v) || parse_u64(colon + 1, &n))
			return -1;
		if (!strcmp(key, "ev") && v < 64)
			li->by_event[v] = n;
		else if (!strcmp(key, "ev") && v < LTT_EV_MAX)
			li->by_event_high[v - 64] = n;
		else if (!strcmp(key, "sce") && v < LTT_LOST_SYSCALLS)
			li->syscall_entry[v] = n;
		else if (!strcmp(key, "scx") && v < LTT_LOST_SYSCALLS)
			li->syscall_exit[v] = n;
		else
			return -1;
	}
	return 0;
}

static int append_proc(struct tg *g, const char *s, size_t n, int nl)
{
	char *p = realloc(g->proc, g->proc_len + n + 2);

	if (!p)
		return -1;
	g->proc = p;
	memcpy(p + g->proc_len, s, n);
	g->proc_len += n;
	if (nl)
		p[g->proc_len++] = '\n';
	return 0;
}

#define P(type, ...) do { type pl = { __VA_ARGS__ }; \
	r = tg_event(g, t, id, &pl, sizeof(pl)); } while (0)

/* the events of ids 18 and above with numeric arguments only */
static int parse_fixed_event(struct tg *g, uint64_t t, const char *name,
			     const uint64_t *a)
{
	int id = lttr_event_type_id(name);
	int r;

	switch (id) {
	case LTT_EV_TASKLET_ENTRY:
	case LTT_EV_TASKLET_EXIT:
		P(struct ltt_ev_tasklet, .func = a[0], .flags = (uint32_t)a[1]);
		break;
	case LTT_EV_TIMER_EXPIRE_ENTRY:
	case LTT_EV_TIMER_EXPIRE_EXIT:
		P(struct ltt_ev_timer_expire, .func = a[0], .kind = (uint32_t)a[1]);
		break;
	case LTT_EV_PROCESS_WAIT:
		P(struct ltt_ev_process_wait, .pid = (int32_t)a[0],
		  .options = (uint32_t)a[1]);
		break;
	case LTT_EV_PROCESS_REAP:
		P(struct ltt_ev_process_reap, .pid = (uint32_t)a[0],
		  .tgid = (uint32_t)a[1]);
		break;
	case LTT_EV_SOFTIRQ_RAISE:
		P(struct ltt_ev_softirq, .vec = (uint32_t)a[0]);
		break;
	case LTT_EV_FS_CLOSE:
		P(struct ltt_ev_fs_close, .fd = (uint32_t)a[0]);
		break;
	case LTT_EV_FS_DUP:	/* oldfd newfd flags call */
		P(struct ltt_ev_fs_dup, .oldfd = (int32_t)a[0], .newfd = (int32_t)a[1],
		  .flags = (uint32_t)a[2], .call = (uint32_t)a[3]);
		break;
	case LTT_EV_FS_PIPE:	/* rfd wfd ino flags */
		P(struct ltt_ev_fs_pipe, .rfd = (int32_t)a[0], .wfd = (int32_t)a[1],
		  .ino = a[2], .flags = (uint32_t)a[3]);
		break;
	case LTT_EV_FS_READ:
	case LTT_EV_FS_WRITE:
		P(struct ltt_ev_fs_rw, .fd = (uint32_t)a[0], .count = a[1],
		  .ret = (int64_t)a[2]);
		break;
	case LTT_EV_FS_LSEEK:
		P(struct ltt_ev_fs_lseek, .fd = (uint32_t)a[0],
		  .offset = (int64_t)a[1], .whence = (uint32_t)a[2],
		  .ret = (int64_t)a[3]);
		break;
	case LTT_EV_FS_IOCTL:
		P(struct ltt_ev_fs_ioctl, .fd = (uint32_t)a[0], .cmd = (uint32_t)a[1],
		  .arg = a[2]);
		break;
	case LTT_EV_FS_SELECT:
	case LTT_EV_FS_POLL:
		P(struct ltt_ev_fs_select, .nfds = (uint32_t)a[0],
		  .timeout_ns = (int64_t)a[1]);
		break;
	case LTT_EV_FS_BUF_WAIT_START:
	case LTT_EV_FS_BUF_WAIT_END:
		P(struct ltt_ev_io_wait, .timeout_ns = (int64_t)a[0]);
		break;
	case LTT_EV_TIMER_SET_ITIMER:
		P(struct ltt_ev_itimer, .which = (uint32_t)a[0], .interval_ns = a[1],
		  .value_ns = a[2]);
		break;
	case LTT_EV_TIMER_SET_TIMEOUT:
		P(struct ltt_ev_timeout, .kind = (uint32_t)a[0],
		  .timeout_ns = (int64_t)a[1]);
		break;
	case LTT_EV_TIMERFD_SET:
		P(struct ltt_ev_timerfd_set, .timer = a[0], .fd = (uint32_t)a[1],
		  .clockid = (int32_t)a[2], .flags = (uint32_t)a[3],
		  .value_ns = (int64_t)a[4], .interval_ns = (int64_t)a[5],
		  .expires_ns = a[6]);
		break;
	case LTT_EV_TIMERFD_EXPIRE:
		P(struct ltt_ev_timerfd_expire, .timer = a[0], .expires_ns = a[1],
		  .interval_ns = (int64_t)a[2], .ticks = a[3]);
		break;
	case LTT_EV_MEM_PAGE_ALLOC:
		P(struct ltt_ev_page_alloc, .pfn = a[0], .order = (uint32_t)a[1],
		  .gfp = (uint32_t)a[2]);
		break;
	case LTT_EV_MEM_PAGE_FREE:
		P(struct ltt_ev_page_free, .pfn = a[0], .order = (uint32_t)a[1]);
		break;
	case LTT_EV_MEM_SWAP_IN:
	case LTT_EV_MEM_SWAP_OUT:
		P(struct ltt_ev_swap, .pfn = a[0], .entry = a[1]);
		break;
	case LTT_EV_MEM_PAGE_WAIT_START:
	case LTT_EV_MEM_PAGE_WAIT_END:
		P(struct ltt_ev_page_wait, .pfn = a[0], .bit = (uint32_t)a[1]);
		break;
	case LTT_EV_SOCKET_CALL:
		P(struct ltt_ev_socket_call, .call = (uint32_t)a[0], .fd = (int32_t)a[1]);
		break;
	case LTT_EV_SOCKET_CREATE:
		P(struct ltt_ev_socket_create, .ino = a[0], .fd = (int32_t)a[1],
		  .family = (uint32_t)a[2], .type = (uint32_t)a[3],
		  .protocol = (uint32_t)a[4]);
		break;
	case LTT_EV_IPC_CALL:
		P(struct ltt_ev_ipc_call, .call = (uint32_t)a[0], .id = (int32_t)a[1]);
		break;
	case LTT_EV_IPC_MSG_CREATE:
	case LTT_EV_IPC_SEM_CREATE:
	case LTT_EV_IPC_SHM_CREATE:
		P(struct ltt_ev_ipc_create, .key = (int32_t)a[0], .id = (int32_t)a[1],
		  .flags = (uint32_t)a[2], .size = a[3]);
		break;
	case LTT_EV_CUSTOM_DESTROY:
		P(struct ltt_ev_custom_destroy, .type_id = (uint32_t)a[0]);
		break;
	default:
		return -1;
	}
	return r;
}

/* the text of @line after its first @k words (a name with spaces) */
static const char *rest_after(const char *line, int k)
{
	const char *q = line;

	while (*q == ' ' || *q == '\t')
		q++;
	while (k-- > 0) {
		while (*q && *q != ' ' && *q != '\t')
			q++;
		if (*q)
			q++;	/* one separator: the rest keeps its spaces */
	}
	return q;
}

/* a record of a fixed payload followed by a NUL-terminated name */
static int name_record(struct tg *g, uint64_t t, unsigned int id,
		       const void *fixed, size_t flen, const char *name)
{
	uint8_t pl[64 + LTT_MAX_VAR_LEN + 8];
	size_t n = strlen(name);

	if (n > LTT_MAX_VAR_LEN)
		n = LTT_MAX_VAR_LEN;
	memcpy(pl, fixed, flen);
	memcpy(pl + flen, name, n);
	pl[flen + n] = '\0';
	return tg_record(g, t, id, 0, pl, flen + n + 1);
}

/*
 * A record of a fixed payload and a variable part; with @nonul the
 * padding to the 4-byte boundary is 0xff instead of NULs (a string that
 * does not end in the record).
 */
static int var_record(struct tg *g, uint64_t t, unsigned int id,
		      const void *fixed, size_t flen, const void *var,
		      size_t vlen, bool nonul)
{
	uint8_t pl[64 + 2 * LTT_CUSTOM_MAX_SIZE];
	size_t n = flen + vlen;

	if (n + 4 > sizeof(pl))
		return -1;
	memcpy(pl, fixed, flen);
	if (vlen)
		memcpy(pl + flen, var, vlen);
	if (nonul)
		while ((sizeof(struct ltt_record_header) + n) % LTT_REC_ALIGN)
			pl[n++] = 0xff;
	return tg_record(g, t, id, 0, pl, n);
}

/* a contiguous hex string ("0a1b2c") into bytes */
static int parse_hexstr(const char *s, uint8_t *out, size_t max, size_t *n)
{
	size_t len = strlen(s), i;

	if (len % 2 || len / 2 > max)
		return -1;
	for (i = 0; i < len / 2; i++) {
		unsigned int v;

		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (uint8_t)v;
	}
	*n = len / 2;
	return 0;
}

/* a peer: inet:A.B.C.D:PORT inet6:[ADDR]:PORT unix:PATH unix:@NAME hex:HEX */
static int parse_peer(const char *s, uint8_t *out, size_t *n)
{
	char addr[INET6_ADDRSTRLEN + 2];
	const char *colon;
	uint64_t port;
	uint16_t fam;

	memset(out, 0, LTT_MAX_SOCKADDR);
	if (!strncmp(s, "hex:", 4))
		return parse_hexstr(s + 4, out, LTT_MAX_SOCKADDR, n);
	if (!strncmp(s, "unix:", 5)) {
		size_t l = strlen(s + 5);

		if (l > 107)
			return -1;
		fam = AF_UNIX;
		memcpy(out, &fam, 2);
		memcpy(out + 2, s + 5, l);
		if (s[5] == '@') {	/* abstract: NUL, then the name */
			out[2] = 0;
			*n = 2 + l;
		} else {
			*n = 2 + l + 1;
		}
		return 0;
	}
	if (!strncmp(s, "inet:", 5)) {
		colon = strrchr(s + 5, ':');
		if (!colon || (size_t)(colon - s - 5) >= sizeof(addr) ||
		    parse_u64(colon + 1, &port) || port > 65535)
			return -1;
		memcpy(addr, s + 5, (size_t)(colon - s - 5));
		addr[colon - s - 5] = '\0';
		fam = AF_INET;
		memcpy(out, &fam, 2);
		out[2] = (uint8_t)(port >> 8);
		out[3] = (uint8_t)port;
		if (inet_pton(AF_INET, addr, out + 4) != 1)
			return -1;
		*n = 16;
		return 0;
	}
	if (!strncmp(s, "inet6:[", 7)) {
		colon = strstr(s, "]:");
		if (!colon || (size_t)(colon - s - 7) >= sizeof(addr) ||
		    parse_u64(colon + 2, &port) || port > 65535)
			return -1;
		memcpy(addr, s + 7, (size_t)(colon - s - 7));
		addr[colon - s - 7] = '\0';
		fam = AF_INET6;
		memcpy(out, &fam, 2);
		out[2] = (uint8_t)(port >> 8);
		out[3] = (uint8_t)port;
		if (inet_pton(AF_INET6, addr, out + 8) != 1)
			return -1;
		*n = 28;
		return 0;
	}
	return -1;
}

/* custom payload items: u8:V ... s64:V x32:V x64:V str:T strn:T hex:H */
static int parse_items(char **tok, int ntok, uint8_t *out, size_t max,
		       size_t *n)
{
	static const struct { const char *p; size_t size; } ints[] = {
		{ "u8:", 1 }, { "u16:", 2 }, { "u32:", 4 }, { "u64:", 8 },
		{ "s8:", 1 }, { "s16:", 2 }, { "s32:", 4 }, { "s64:", 8 },
		{ "x32:", 4 }, { "x64:", 8 },
	};
	int i;

	*n = 0;
	for (i = 0; i < ntok; i++) {
		const char *t = tok[i];
		size_t k, m;

		if (!strncmp(t, "size=", 5))
			continue;
		for (k = 0; k < sizeof(ints) / sizeof(ints[0]); k++)
			if (!strncmp(t, ints[k].p, strlen(ints[k].p)))
				break;
		if (k < sizeof(ints) / sizeof(ints[0])) {
			uint64_t v;

			if (parse_u64(t + strlen(ints[k].p), &v) ||
			    *n + ints[k].size > max)
				return -1;
			memcpy(out + *n, &v, ints[k].size);	/* little-endian */
			*n += ints[k].size;
		} else if (!strncmp(t, "str:", 4) || !strncmp(t, "strn:", 5)) {
			bool nul = t[3] == ':';
			const char *txt = t + (nul ? 4 : 5);

			m = strlen(txt);
			if (*n + m + nul > max)
				return -1;
			memcpy(out + *n, txt, m);
			*n += m;
			if (nul)
				out[(*n)++] = 0;
		} else if (!strncmp(t, "hex:", 4)) {
			if (parse_hexstr(t + 4, out + *n, max - *n, &m))
				return -1;
			*n += m;
		} else {
			return -1;
		}
	}
	return 0;
}

static int custom_kind(const char *s, uint32_t *kind)
{
	uint64_t v;

	if (!strcmp(s, "raw"))
		*kind = LTT_CUSTOM_RAW;
	else if (!strcmp(s, "string"))
		*kind = LTT_CUSTOM_STRING;
	else if (!strcmp(s, "fields"))
		*kind = LTT_CUSTOM_FIELDS;
	else if (!parse_u64(s, &v))
		*kind = (uint32_t)v;
	else
		return -1;
	return 0;
}

/* the events with a variable part or a non-numeric argument */
static int parse_var_event(struct tg *g, uint64_t t, char **tok, int ntok,
			   const char *line)
{
	const char *name = tok[1], *s;
	uint64_t a[6] = { 0 };
	uint8_t var[2 * LTT_CUSTOM_MAX_SIZE];
	size_t n = 0;
	int i, nargs = ntok - 2;

	if (!strcmp(name, "exec")) {
		struct ltt_ev_process_exec e;

		if (nargs < 1 || parse_u64(tok[2], &a[0]))
			return -1;
		e.pid = (uint32_t)a[0];
		/* the file name is the rest of the line after the pid */
		return name_record(g, t, LTT_EV_PROCESS_EXEC, &e, sizeof(e),
				   rest_after(line, 3));
	}
	if (!strcmp(name, "execv")) {
		/* format 1.12: the name, then the arguments (%XX: byte XX) */
		struct ltt_ev_process_exec e;
		struct ltt_exec_argv h = { .magic = LTT_EXEC_ARGV_MAGIC };
		uint8_t *args;

		if (nargs < 3 || parse_u64(tok[2], &a[0]) || parse_u64(tok[3], &a[1]))
			return -1;
		e.pid = (uint32_t)a[0];
		h.flags = (uint8_t)a[1];
		n = strlen(tok[4]);
		if (n >= LTT_MAX_VAR_LEN)
			return -1;
		memcpy(var, tok[4], n + 1);
		n++;
		args = var + n + sizeof(h);
		for (i = 5; i < ntok; i++) {
			for (s = tok[i]; *s; s++) {
				unsigned int x;

				if (args - var + 2 > LTT_MAX_VAR_LEN + LTT_EXEC_ARGV_MAX)
					return -1;
				if (*s == '%' && sscanf(s + 1, "%2x", &x) == 1) {
					*args++ = (uint8_t)x;
					s += 2;
				} else {
					*args++ = (uint8_t)*s;
				}
			}
			*args++ = 0;
		}
		h.len = (uint16_t)(args - (var + n + sizeof(h)));
		memcpy(var + n, &h, sizeof(h));
		return var_record(g, t, LTT_EV_PROCESS_EXEC, &e, sizeof(e), var,
				  (size_t)(args - var), false);
	}
	if (!strcmp(name, "exec_raw")) {
		/* the variable part as given (damaged arguments) */
		struct ltt_ev_process_exec e;

		if (nargs != 2 || parse_u64(tok[2], &a[0]) ||
		    parse_hexstr(tok[3], var, sizeof(var), &n))
			return -1;
		e.pid = (uint32_t)a[0];
		return var_record(g, t, LTT_EV_PROCESS_EXEC, &e, sizeof(e), var, n, false);
	}
	if (!strcmp(name, "kthread_create")) {
		struct ltt_ev_kthread_create e;

		if (nargs < 2 || parse_u64(tok[2], &a[0]) || parse_u64(tok[3], &a[1]))
			return -1;
		e.pid = (uint32_t)a[0];
		e.threadfn = a[1];
		return name_record(g, t, LTT_EV_KTHREAD_CREATE, &e, sizeof(e),
				   rest_after(line, 4));
	}
	if (!strcmp(name, "task_rename")) {
		struct ltt_ev_task_rename e;

		if (nargs < 1 || parse_u64(tok[2], &a[0]))
			return -1;
		e.pid = (uint32_t)a[0];
		return name_record(g, t, LTT_EV_TASK_RENAME, &e, sizeof(e),
				   rest_after(line, 3));
	}
	if (!strcmp(name, "fs_open")) {
		struct ltt_ev_fs_open e;

		if (nargs < 3)
			return -1;
		for (i = 0; i < 3; i++)
			if (parse_u64(tok[2 + i], &a[i]))
				return -1;
		e.fd = (int32_t)a[0];
		e.flags = (uint32_t)a[1];
		e.mode = (uint32_t)a[2];
		return name_record(g, t, LTT_EV_FS_OPEN, &e, sizeof(e),
				   rest_after(line, 5));
	}
	if (!strcmp(name, "sample")) {
		struct ltt_ev_sample e;

		/* PID IP FLAGS */
		if (nargs < 3 || parse_u64(tok[2], &a[0]) || parse_u64(tok[3], &a[1]) ||
		    parse_u64(tok[4], &a[2]) || a[0] > UINT32_MAX || a[2] > 255)
			return -1;
		memset(&e, 0, sizeof(e));
		e.pid = (uint32_t)a[0];
		e.ip = a[1];
		e.flags = (uint8_t)a[2];
		return tg_record(g, t, LTT_EV_SAMPLE, 0, &e, sizeof(e));
	}
	if (!strcmp(name, "block_rq_issue") || !strcmp(name, "block_rq_complete")) {
		struct ltt_ev_block_rq_complete e = { 0 };
		int complete = name[9] == 'c';
		uint64_t err = 0;

		/* RQ DEV SECTOR BYTES OP FLAGS [ERROR]: ERROR for complete */
		if (nargs < 6 + complete || parse_u64(tok[2], &a[0]) ||
		    parse_u64(tok[3], &a[1]) || parse_u64(tok[4], &a[2]) ||
		    parse_u64(tok[5], &a[3]) || parse_u64(tok[6], &a[4]) ||
		    parse_u64(tok[7], &a[5]) || a[1] > UINT32_MAX ||
		    a[3] > UINT32_MAX || a[4] > 0xffff || a[5] > 0xffff ||
		    (complete && parse_u64(tok[8], &err)))
			return -1;
		e.rq = a[0];
		e.dev = (uint32_t)a[1];
		e.sector = a[2];
		e.bytes = (uint32_t)a[3];
		e.op = (uint16_t)a[4];
		e.flags = (uint16_t)a[5];
		if (complete) {
			e.error = (int32_t)(int64_t)err;
			return tg_record(g, t, LTT_EV_BLOCK_RQ_COMPLETE, 0, &e, sizeof(e));
		} else {
			struct ltt_ev_block_rq_issue is = {
				.rq = e.rq, .sector = e.sector, .dev = e.dev,
				.bytes = e.bytes, .op = e.op, .flags = e.flags,
			};

			return tg_record(g, t, LTT_EV_BLOCK_RQ_ISSUE, 0, &is, sizeof(is));
		}
	}
	if (!strcmp(name, "lock_contend")) {
		struct ltt_ev_lock_contend e = { 0 };

		/* LOCK SITE OWNER WAITERS KIND FLAGS */
		if (nargs < 6 || parse_u64(tok[2], &a[0]) ||
		    parse_u64(tok[3], &a[1]) || parse_u64(tok[4], &a[2]) ||
		    parse_u64(tok[5], &a[3]) || parse_u64(tok[6], &a[4]) ||
		    parse_u64(tok[7], &a[5]) || a[2] > UINT32_MAX ||
		    a[3] > 0xffff || a[4] > 0xff || a[5] > 0xff)
			return -1;
		e.lock = a[0];
		e.site = a[1];
		e.owner = (uint32_t)a[2];
		e.waiters = (uint16_t)a[3];
		e.kind = (uint8_t)a[4];
		e.flags = (uint8_t)a[5];
		return tg_record(g, t, LTT_EV_LOCK_CONTEND, 0, &e, sizeof(e));
	}
	if (!strcmp(name, "mmap")) {
		struct ltt_ev_mmap e = { 0 };
		const char *path;
		uint64_t k;

		/* PID KIND START LEN PGOFF INO FLAGS [PATH]: KIND map, unmap,
		 * exec or a number; PATH the rest of the line (none: no
		 * variable part) */
		if (nargs < 7 || parse_u64(tok[2], &a[0]) || parse_u64(tok[4], &a[1]) ||
		    parse_u64(tok[5], &a[2]) || parse_u64(tok[6], &a[3]) ||
		    parse_u64(tok[7], &a[4]) || parse_u64(tok[8], &a[5]) || a[0] > UINT32_MAX)
			return -1;
		if (!strcmp(tok[3], "map"))
			e.kind = LTT_MMAP_MAP;
		else if (!strcmp(tok[3], "unmap"))
			e.kind = LTT_MMAP_UNMAP;
		else if (!strcmp(tok[3], "exec"))
			e.kind = LTT_MMAP_EXEC;
		else if (parse_u64(tok[3], &k))
			return -1;
		else
			e.kind = (uint8_t)k;
		e.pid = (uint32_t)a[0];
		e.start = a[1];
		e.len = a[2];
		e.pgoff = a[3];
		e.ino = a[4];
		e.flags = (uint16_t)a[5];
		e.prot = LTT_MMAP_READ | LTT_MMAP_EXECUTE;
		if (nargs == 7)
			return tg_record(g, t, LTT_EV_MMAP, 0, &e, sizeof(e));
		path = rest_after(line, 9);
		return name_record(g, t, LTT_EV_MMAP, &e, sizeof(e), path);
	}
	if (!strcmp(name, "marker")) {
		struct ltt_ev_marker e = { 0 };
		const char *text;
		size_t nl, tl;

		/* KIND PID TID UID NAME VALUE [TEXT...]: KIND begin, end,
		 * mark, counter or a number; NAME as is (any length: the
		 * record says name_len = its length mod 256) */
		if (nargs < 6 || parse_u64(tok[3], &a[0]) || parse_u64(tok[4], &a[1]) ||
		    parse_u64(tok[5], &a[2]) || parse_u64(tok[7], &a[3]))
			return -1;
		if (!strcmp(tok[2], "begin"))
			e.kind = LTT_MARKER_BEGIN;
		else if (!strcmp(tok[2], "end"))
			e.kind = LTT_MARKER_END;
		else if (!strcmp(tok[2], "mark"))
			e.kind = LTT_MARKER_MARK;
		else if (!strcmp(tok[2], "counter"))
			e.kind = LTT_MARKER_COUNTER;
		else if (parse_u64(tok[2], &a[4]))
			return -1;
		else
			e.kind = (uint8_t)a[4];
		e.pid = (uint32_t)a[0];
		e.tid = (uint32_t)a[1];
		e.uid = (uint32_t)a[2];
		e.value = (int64_t)a[3];
		nl = strlen(tok[6]);
		text = nargs > 6 ? rest_after(line, 8) : "";
		tl = strlen(text);
		if (nl + tl > sizeof(var))
			return -1;
		e.name_len = (uint8_t)nl;
		e.text_len = (uint16_t)tl;
		memcpy(var, tok[6], nl);
		memcpy(var + nl, text, tl);
		return var_record(g, t, LTT_EV_MARKER, &e, sizeof(e), var, nl + tl, false);
	}
	if (!strcmp(name, "stack")) {
		struct ltt_ev_stack e;
		int of;

		/* PID OF FLAGS KN UN ADDR... [kernel_nr=N] [user_nr=N] */
		if (nargs < 5)
			return -1;
		of = lttr_event_type_id(tok[3]);
		if (of < 0 || parse_u64(tok[2], &a[0]) || parse_u64(tok[4], &a[1]) ||
		    parse_u64(tok[5], &a[2]) || parse_u64(tok[6], &a[3]) ||
		    a[2] > 255 || a[3] > 255)
			return -1;
		e.pid = (uint32_t)a[0];
		e.of_id = (uint8_t)of;
		e.flags = (uint8_t)a[1];
		e.kernel_nr = (uint8_t)a[2];
		e.user_nr = (uint8_t)a[3];
		for (i = 0; 7 + i < ntok && !strchr(tok[7 + i], '='); i++) {
			uint64_t addr;

			if ((size_t)(i + 1) * 8 > sizeof(var) || parse_u64(tok[7 + i], &addr))
				return -1;
			memcpy(var + 8 * i, &addr, 8);
		}
		n = 8 * (size_t)i;
		if ((s = kv(tok, ntok, "kernel_nr")) && !parse_u64(s, &a[4]))
			e.kernel_nr = (uint8_t)a[4];
		if ((s = kv(tok, ntok, "user_nr")) && !parse_u64(s, &a[4]))
			e.user_nr = (uint8_t)a[4];
		return var_record(g, t, LTT_EV_STACK, &e, sizeof(e), var, n, false);
	}
	if (!strcmp(name, "socket_send") || !strcmp(name, "socket_recv")) {
		struct ltt_ev_socket_io e;

		if (nargs < 5)
			return -1;
		for (i = 0; i < 5; i++)
			if (parse_u64(tok[2 + i], &a[i]))
				return -1;
		e.ino = a[0];
		e.size = a[1];
		e.ret = (int64_t)a[2];
		e.family = (uint16_t)a[3];
		e.type = (uint16_t)a[4];
		if (nargs >= 6 && !strchr(tok[7], '=') && parse_peer(tok[7], var, &n))
			return -1;
		e.peer_len = (uint16_t)n;
		if ((s = kv(tok, ntok, "peer_len")) && !parse_u64(s, &a[5]))
			e.peer_len = (uint16_t)a[5];
		return var_record(g, t, name[7] == 's' ? LTT_EV_SOCKET_SEND :
				  LTT_EV_SOCKET_RECV, &e, sizeof(e), var, n, false);
	}
	if (!strcmp(name, "socket_endpoint") || !strcmp(name, "socket_accept")) {
		struct ltt_ev_socket_endpoint e;
		uint64_t b[8];
		size_t n2 = 0;

		if (nargs < 10)
			return -1;
		for (i = 0; i < 8; i++)
			if (parse_u64(tok[2 + i], &b[i]))
				return -1;
		e.ino = b[0];
		e.listen_ino = b[1];
		e.fd = (int32_t)b[2];
		e.result = (int32_t)b[3];
		e.call = (uint16_t)b[4];
		e.family = (uint16_t)b[5];
		e.type = (uint16_t)b[6];
		e.protocol = (uint16_t)b[7];
		if (strcmp(tok[10], "-") && parse_peer(tok[10], var, &n))
			return -1;
		if (strcmp(tok[11], "-") && parse_peer(tok[11], var + n, &n2))
			return -1;
		e.local_len = (uint16_t)n;
		e.peer_len = (uint16_t)n2;
		return var_record(g, t, name[7] == 'e' ? LTT_EV_SOCKET_ENDPOINT :
				  LTT_EV_SOCKET_ACCEPT, &e, sizeof(e), var, n + n2, false);
	}
	if (!strcmp(name, "net_packet_in") || !strcmp(name, "net_packet_out")) {
		struct ltt_ev_net_packet e;

		if (nargs < 4)
			return -1;
		for (i = 0; i < 4; i++)
			if (parse_u64(tok[2 + i], &a[i]))
				return -1;
		e.ifindex = (uint32_t)a[0];
		e.len = (uint32_t)a[1];
		e.protocol = (uint16_t)a[2];
		e.link_type = (uint16_t)a[3];
		if (nargs >= 5 && !strchr(tok[6], '=') &&
		    parse_hexstr(tok[6], var, sizeof(var), &n))
			return -1;
		e.caplen = (uint16_t)n;
		if ((s = kv(tok, ntok, "caplen")) && !parse_u64(s, &a[5]))
			e.caplen = (uint16_t)a[5];
		return var_record(g, t, name[11] == 'i' ? LTT_EV_NET_PACKET_IN :
				  LTT_EV_NET_PACKET_OUT, &e, sizeof(e), var, n, false);
	}
	if (!strcmp(name, "change_mask")) {
		struct ltt_ev_change_mask e;
		struct ltt_event_mask m;

		if (nargs != 1 || parse_mask(tok[2], &m))
			return -1;
		memcpy(&e, &m, sizeof(e));
		return tg_record(g, t, LTT_EV_CHANGE_MASK, 0, &e, sizeof(e));
	}
	if (!strcmp(name, "custom_create")) {
		struct ltt_ev_custom_create e;
		bool nonul = !strcmp(tok[ntok - 1], "nonul");
		int nn = nargs - nonul;
		uint32_t kind;
		size_t l;

		if (nn < 3 || nn > 4 || parse_u64(tok[2], &a[0]) ||
		    custom_kind(tok[3], &kind))
			return -1;
		e.type_id = (uint32_t)a[0];
		e.kind = kind;
		l = strlen(tok[4]);
		if (l + 1 > sizeof(var) / 2)
			return -1;
		memcpy(var, tok[4], l);
		n = l;
		if (nn == 4 || !nonul)
			var[n++] = 0;
		if (nn == 4) {
			const char *f = strcmp(tok[5], "-") ? tok[5] : "";

			l = strlen(f);
			if (n + l + 1 > sizeof(var))
				return -1;
			memcpy(var + n, f, l);
			n += l;
			if (!nonul)
				var[n++] = 0;
		}
		return var_record(g, t, LTT_EV_CUSTOM_CREATE, &e, sizeof(e), var,
				  n, nonul);
	}
	if (!strcmp(name, "custom")) {
		struct ltt_ev_custom e;

		if (nargs < 1 || parse_u64(tok[2], &a[0]) ||
		    parse_items(tok + 3, ntok - 3, var, sizeof(var), &n))
			return -1;
		e.type_id = (uint32_t)a[0];
		e.size = (uint32_t)n;
		if ((s = kv(tok, ntok, "size")) && !parse_u64(s, &a[1]))
			e.size = (uint32_t)a[1];
		return var_record(g, t, LTT_EV_CUSTOM, &e, sizeof(e), var, n, false);
	}
	if (!strcmp(name, "nodetail")) {
		int id;

		if (nargs != 1)
			return -1;
		id = lttr_event_type_id(tok[2]);
		if (id < 0) {
			if (parse_u64(tok[2], &a[0]) || a[0] >= LTT_EV_MAX)
				return -1;
			id = (int)a[0];
		}
		return tg_record(g, t, (unsigned int)id, LTT_REC_NO_DETAILS, NULL, 0);
	}
	return 1;	/* not one of these */
}

/*
 * "sched PREV NEXT STATE" and "wakeup PID CPU FLAGS", then the priorities
 * and policies as KEY=VALUE (format 1.3; default 120 and 0, a nice-0
 * SCHED_OTHER task): prev_prio= prev_policy= next_prio= next_policy=,
 * prio= policy= waker_prio= waker_policy=.
 */
static int parse_sched_event(struct tg *g, uint64_t t, char **tok, int ntok)
{
	static const char *const keys[2][4] = {
		{ "prev_prio", "prev_policy", "next_prio", "next_policy" },
		{ "prio", "policy", "waker_prio", "waker_policy" },
	};
	bool wakeup = !strcmp(tok[1], "wakeup");
	uint64_t a[3] = { 0 }, k[4] = { 120, 0, 120, 0 };
	int i, npos = 0;

	for (i = 2; i < ntok && !strchr(tok[i], '='); i++, npos++)
		if (npos >= 3 || parse_u64(tok[i], &a[npos]))
			return -1;
	for (; i < ntok; i++) {
		size_t kl = strcspn(tok[i], "=");
		int j;

		for (j = 0; j < 4; j++)
			if (strlen(keys[wakeup][j]) == kl &&
			    !strncmp(tok[i], keys[wakeup][j], kl))
				break;
		if (j == 4 || parse_u64(tok[i] + kl + 1, &k[j]) ||
		    g->h.minor < 3)	/* no priorities before 1.3 */
			return -1;
	}
	if (wakeup) {
		struct ltt_ev_process_wakeup e = {
			.pid = (uint32_t)a[0], .cpu = (uint16_t)a[1],
			.flags = (uint16_t)a[2], .prio = (int16_t)k[0],
			.policy = (uint8_t)k[1], .waker_prio = (int16_t)k[2],
			.waker_policy = (uint8_t)k[3],
		};

		return tg_event(g, t, LTT_EV_PROCESS_WAKEUP, &e, sizeof(e));
	} else {
		struct ltt_ev_schedchange e = {
			.prev_pid = (uint32_t)a[0], .next_pid = (uint32_t)a[1],
			.prev_state = (int32_t)a[2], .prev_prio = (int16_t)k[0],
			.prev_policy = (uint8_t)k[1], .next_prio = (int16_t)k[2],
			.next_policy = (uint8_t)k[3],
		};

		return tg_event(g, t, LTT_EV_SCHEDCHANGE, &e, sizeof(e));
	}
}

static int parse_event(struct tg *g, char **tok, int ntok, const char *line)
{
	uint64_t t, a[7] = { 0 };
	const char *name = tok[1];
	unsigned int id;
	int i, r, nargs = ntok - 2;

	if (parse_u64(tok[0], &t))
		return -1;
	r = parse_var_event(g, t, tok, ntok, line);
	if (r <= 0)
		return r;
	if (!strcmp(name, "rec")) {
		struct ltt_record_header rh;
		uint8_t bytes[256];
		size_t n;
		struct tgbuf *b;

		/* flags=F, if any, comes right after SIZE */
		bool fl = nargs >= 3 && !strncmp(tok[4], "flags=", 6);
		int skip = fl ? 5 : 4;

		if (nargs < 2 || parse_u64(tok[2], &a[0]) || parse_u64(tok[3], &a[1]) ||
		    (fl && (parse_u64(tok[4] + 6, &a[2]) || a[2] > 0xff)) ||
		    parse_hex_bytes(tok + skip, ntok - skip, bytes, sizeof(bytes), &n) ||
		    !g->nbufs)
			return -1;
		b = &g->bufs[g->nbufs - 1];
		rh.delta = (uint32_t)(t - tg_base(b));
		rh.id = (uint8_t)a[0];
		rh.flags = (uint8_t)a[2];
		rh.size = (uint16_t)a[1];
		if (!b->fixed_end && t > b->h.end_ns)
			b->h.end_ns = t;
		if (t > g->h.end_ns && (g->h.flags & LTT_TRACE_COMPLETE))
			g->h.end_ns = t;
		return (tg_raw(g, &rh, sizeof(rh)) || tg_raw(g, bytes, n)) ? -1 : 0;
	}
	if (!strcmp(name, "time_ext")) {
		/* delta 0, the payload BASE (default T), then the new base */
		struct ltt_record_header rh = {
			.id = LTT_EV_TIME_EXT,
			.size = sizeof(rh) + sizeof(struct ltt_ev_time_ext),
		};
		struct ltt_ev_time_ext x = { .base_ns = t };
		struct tgbuf *b;

		if (nargs > 1 || (nargs == 1 && parse_u64(tok[2], &a[0])) || !g->nbufs)
			return -1;
		if (nargs == 1)
			x.base_ns = a[0];
		b = &g->bufs[g->nbufs - 1];
		b->has_base = 1;
		b->base = x.base_ns;
		if (!b->fixed_end && x.base_ns > b->h.end_ns)
			b->h.end_ns = x.base_ns;
		if (x.base_ns > g->h.end_ns && (g->h.flags & LTT_TRACE_COMPLETE))
			g->h.end_ns = x.base_ns;
		return (tg_raw(g, &rh, sizeof(rh)) || tg_raw(g, &x, sizeof(x))) ? -1 : 0;
	}
	if (!strcmp(name, "sched") || !strcmp(name, "wakeup"))
		return parse_sched_event(g, t, tok, ntok);
	if (nargs > 7)
		return -1;
	for (i = 0; i < nargs; i++)
		if (parse_u64(tok[2 + i], &a[i]))
			return -1;
	if (!strcmp(name, "syscall_entry")) {
		id = LTT_EV_SYSCALL_ENTRY;
		P(struct ltt_ev_syscall_entry, .nr = (uint32_t)a[0], .ip = a[1]);
	} else if (!strcmp(name, "syscall_exit")) {
		id = LTT_EV_SYSCALL_EXIT;
		P(struct ltt_ev_syscall_exit, .nr = (uint32_t)a[0], .ret = (int64_t)a[1]);
	} else if (!strcmp(name, "trap_entry")) {
		id = LTT_EV_TRAP_ENTRY;
		P(struct ltt_ev_trap_entry, .vector = (uint16_t)a[0], .address = a[1],
		  .ip = a[2], .flags = (uint16_t)a[3]);
	} else if (!strcmp(name, "trap_exit")) {
		id = LTT_EV_TRAP_EXIT;
		P(struct ltt_ev_trap_exit, .vector = (uint16_t)a[0]);
	} else if (!strcmp(name, "irq_entry")) {
		id = LTT_EV_IRQ_ENTRY;
		P(struct ltt_ev_irq_entry, .irq = (uint32_t)a[0], .flags = (uint16_t)a[1]);
	} else if (!strcmp(name, "irq_exit")) {
		id = LTT_EV_IRQ_EXIT;
		P(struct ltt_ev_irq_exit, .irq = (uint32_t)a[0], .flags = (uint16_t)a[1]);
	} else if (!strcmp(name, "softirq_entry")) {
		id = LTT_EV_SOFTIRQ_ENTRY;
		P(struct ltt_ev_softirq, .vec = (uint32_t)a[0]);
	} else if (!strcmp(name, "softirq_exit")) {
		id = LTT_EV_SOFTIRQ_EXIT;
		P(struct ltt_ev_softirq, .vec = (uint32_t)a[0]);
	} else if (!strcmp(name, "signal_send")) {
		id = LTT_EV_SIGNAL_SEND;
		P(struct ltt_ev_signal_send, .sig = (uint32_t)a[0],
		  .pid = (uint32_t)a[1], .result = (int32_t)a[2]);
	} else if (!strcmp(name, "signal_deliver")) {
		id = LTT_EV_SIGNAL_DELIVER;
		P(struct ltt_ev_signal_deliver, .sig = (uint32_t)a[0],
		  .handler = (uint64_t)a[1]);
	} else if (!strcmp(name, "fork")) {
		id = LTT_EV_PROCESS_FORK;
		P(struct ltt_ev_process_fork, .parent_pid = (uint32_t)a[0],
		  .child_pid = (uint32_t)a[1], .child_tgid = (uint32_t)a[2],
		  .flags = (uint32_t)a[3], .clone_flags = a[4]);
	} else if (!strcmp(name, "exit")) {
		id = LTT_EV_PROCESS_EXIT;
		P(struct ltt_ev_process_exit, .pid = (uint32_t)a[0], .code = (int32_t)a[1]);
	} else if (!strcmp(name, "start")) {
		id = LTT_EV_TRACE_START;
		P(struct ltt_ev_trace_start, .pid = (uint32_t)a[0], .cpu = (uint32_t)a[1]);
	} else {
		return parse_fixed_event(g, t, name, a);
	}
	return r;
}

static int parse_post(struct tg *g, char **tok, int ntok, int kind)
{
	struct post *p;
	uint64_t v = 0;

	if (g->nposts >= sizeof(g->posts) / sizeof(g->posts[0]) || ntok < 2)
		return -1;
	p = &g->posts[g->nposts];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	snprintf(p->file, sizeof(p->file), "%s", tok[1]);
	if (kind != 'r') {
		if (ntok < 3 || parse_u64(tok[2], &v))
			return -1;
		p->n = (long long)v;
	}
	if (kind == 'p' && parse_hex_bytes(tok + 3, ntok - 3, p->bytes,
					   sizeof(p->bytes), &p->nbytes))
		return -1;
	g->nposts++;
	return 0;
}

int tg_parse(struct tg *g, const char *desc, char *err, size_t errlen)
{
	const char *s = desc;
	int line = 0;

	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		char buf[8192], copy[8192], *tok[64], *p, *save = NULL;
		int ntok = 0, r;

		line++;
		if (len >= sizeof(buf))
			return fail(err, errlen, line, "line too long");
		memcpy(buf, s, len);
		buf[len] = '\0';
		memcpy(copy, buf, len + 1);
		s = nl ? nl + 1 : s + len;
		p = buf;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			continue;
		if (!strncmp(p, "proc ", 5) || !strcmp(p, "proc")) {
			const char *q = p[4] ? p + 5 : p + 4;

			r = append_proc(g, q, strlen(q), 1);
			if (r)
				return fail(err, errlen, line, "out of memory");
			continue;
		}
		if (!strncmp(p, "procraw ", 8)) {
			if (append_proc(g, p + 8, strlen(p + 8), 0))
				return fail(err, errlen, line, "out of memory");
			continue;
		}
		for (p = strtok_r(p, " \t", &save); p && ntok < 64;
		     p = strtok_r(NULL, " \t", &save))
			tok[ntok++] = p;
		if (ntok == 0)
			continue;
		if (!strcmp(tok[0], "header")) {
			r = parse_header(g, tok, ntok);
		} else if (!strcmp(tok[0], "buf")) {
			r = parse_buf(g, tok, ntok);
		} else if (!strcmp(tok[0], "raw")) {
			uint8_t bytes[64];
			size_t n;

			r = parse_hex_bytes(tok + 1, ntok - 1, bytes, sizeof(bytes), &n);
			if (!r)
				r = tg_raw(g, bytes, n);
		} else if (!strcmp(tok[0], "lost")) {
			r = parse_lost(g, tok, ntok);
		} else if (!strcmp(tok[0], "records")) {
			r = ntok == 2 && (!strcmp(tok[1], "compact") ||
					  !strcmp(tok[1], "full")) ? 0 : -1;
			if (!r)
				g->compact = tok[1][0] == 'c';
		} else if (!strcmp(tok[0], "nolost")) {
			g->no_lost = 1;
			r = 0;
		} else if (!strcmp(tok[0], "noproc")) {
			g->no_proc = 1;
			r = 0;
		} else if (!strcmp(tok[0], "truncate")) {
			r = parse_post(g, tok, ntok, 't');
		} else if (!strcmp(tok[0], "poke")) {
			r = parse_post(g, tok, ntok, 'p');
		} else if (!strcmp(tok[0], "remove")) {
			r = parse_post(g, tok, ntok, 'r');
		} else if (ntok >= 2) {
			r = parse_event(g, tok, ntok, copy);
		} else {
			r = -1;
		}
		if (r)
			return fail(err, errlen, line, "bad directive '%s'", copy);
	}
	return 0;
}

/* ---- writing ------------------------------------------------------ */

int tg_write_file(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	const uint8_t *p = data;

	if (fd < 0)
		return -1;
	while (len) {
		ssize_t w = write(fd, p, len);

		if (w <= 0) {
			close(fd);
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return close(fd);
}

static int apply_post(const char *dir, const struct post *p)
{
	char path[4096];
	struct stat st;
	int fd, r = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, p->file);
	if (p->kind == 'r')
		return unlink(path);
	if (stat(path, &st) < 0)
		return -1;
	if (p->kind == 't') {
		long long n = p->n >= 0 ? p->n : (long long)st.st_size + p->n;

		return truncate(path, n < 0 ? 0 : n);
	}
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (pwrite(fd, p->bytes, p->nbytes, (off_t)p->n) != (ssize_t)p->nbytes)
		r = -1;
	close(fd);
	return r;
}

/*
 * A finished trace (LTT_TRACE_COMPLETE) has each CPU's last buffer closed
 * by the stop, with LTT_BUF_FLUSHED, as the module's STOP does: the reader
 * takes a last buffer without it for a cut file.  A buffer line that says
 * flags=F keeps exactly F (a test of a cut, or of a trace still running).
 */
static void mark_stop_flush(struct tg *g)
{
	size_t i;
	unsigned int c;

	if (!(g->h.flags & LTT_TRACE_COMPLETE))
		return;
	for (c = 0; c < LTT_MAX_CPUS; c++) {
		struct tgbuf *last = NULL;

		for (i = 0; i < g->nbufs; i++)
			if (g->bufs[i].h.cpu == c)
				last = &g->bufs[i];
		if (last && !last->fixed_flags)
			last->h.flags |= LTT_BUF_FLUSHED;
	}
}

int tg_write(struct tg *g, const char *dir, char *err, size_t errlen)
{
	char path[4096];
	size_t i, total = 0, off = 0;
	uint8_t *ev;
	unsigned int c, nl;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		snprintf(err, errlen, "mkdir %s: %s", dir, strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "%s/header", dir);
	{
		/* header_size bytes, at least those of a 1.0 header */
		size_t hl = g->h.header_size < LTT_TRACE_HEADER_SIZE_1_0 ?
			LTT_TRACE_HEADER_SIZE_1_0 : g->h.header_size;
		uint8_t *hb = calloc(1, hl > sizeof(g->h) ? hl : sizeof(g->h));
		int hr;

		if (!hb)
			goto io;
		memcpy(hb, &g->h, sizeof(g->h));
		hr = tg_write_file(path, hb, hl);
		free(hb);
		if (hr)
			goto io;
	}
	mark_stop_flush(g);
	for (i = 0; i < g->nbufs; i++)
		total += sizeof(struct ltt_buffer_header) + g->bufs[i].len;
	ev = malloc(total + 1);
	if (!ev)
		goto io;
	for (i = 0; i < g->nbufs; i++) {
		struct tgbuf *b = &g->bufs[i];

		if (!b->fixed_size)
			b->h.data_size = (uint32_t)b->len;
		memcpy(ev + off, &b->h, sizeof(b->h));
		off += sizeof(b->h);
		if (b->len)
			memcpy(ev + off, b->data, b->len);
		off += b->len;
	}
	snprintf(path, sizeof(path), "%s/events", dir);
	if (tg_write_file(path, ev, total)) {
		free(ev);
		goto io;
	}
	free(ev);
	snprintf(path, sizeof(path), "%s/lost", dir);
	unlink(path);
	if (!g->no_lost) {
		/* as many entries as the header says (bounded) */
		nl = g->h.ncpus < LTT_MAX_CPUS ? g->h.ncpus : LTT_MAX_CPUS;
		/* each entry as long as the header's format has it */
		size_t entry = g->h.minor >= 7 ? sizeof(g->lost[0]) :
			LTT_LOST_INFO_SIZE_1_6;
		uint8_t *lf = calloc(nl + 1, entry);

		if (!lf)
			goto io;
		/* cppcheck-suppress knownConditionTrueFalse ; ncpus set by tg_parse */
		for (c = 0; c < nl; c++) {
			g->lost[c].cpu = c;
			memcpy(lf + c * entry, &g->lost[c], entry);
		}
		if (tg_write_file(path, lf, nl * entry)) {
			free(lf);
			goto io;
		}
		free(lf);
	}
	snprintf(path, sizeof(path), "%s/proc", dir);
	unlink(path);
	if (!g->no_proc && tg_write_file(path, g->proc ? g->proc : "", g->proc_len))
		goto io;
	for (i = 0; i < g->nposts; i++)
		if (apply_post(dir, &g->posts[i])) {
			snprintf(err, errlen, "post-processing %s: %s",
				 g->posts[i].file, strerror(errno));
			return -1;
		}
	return 0;
io:
	snprintf(err, errlen, "writing %s: %s", path, strerror(errno));
	return -1;
}

int tg_make(const char *dir, const char *desc)
{
	struct tg *g = tg_new();
	char err[512];
	int r;

	if (!g)
		return -1;
	r = tg_parse(g, desc, err, sizeof(err));
	if (!r)
		r = tg_write(g, dir, err, sizeof(err));
	if (r)
		fprintf(stderr, "tracegen: %s\n", err);
	tg_free(g);
	return r;
}

/* ---- test helpers ------------------------------------------------- */

#include "tap.h"

const char *tg_dir(const char *name)
{
	return tap_tmpdir(name);
}

int tg_open(const char *name, const char *desc, unsigned int flags,
	    struct lttr_trace **t, struct lttr_error *err)
{
	char dir[512];

	snprintf(dir, sizeof(dir), "%s", tap_tmpdir(name));
	*t = NULL;
	if (tg_make(dir, desc))
		return -100;
	return lttr_trace_open(dir, flags, t, err);
}

struct lttr_event *tg_all_events(struct lttr_trace *t, size_t *n, int backward,
				 int *status)
{
	struct lttr_iter *it;
	struct lttr_event *v = NULL, ev;
	size_t cap = 0;
	int r;

	*n = 0;
	*status = t ? lttr_iter_new(t, &it, NULL) : -LTTR_E_INVAL;
	if (*status < 0)
		return NULL;
	if (backward)
		lttr_iter_seek_end(it);
	while ((r = backward ? lttr_iter_prev(it, &ev) : lttr_iter_next(it, &ev)) > 0) {
		if (*n == cap) {
			struct lttr_event *nv;

			cap = cap ? 2 * cap : 64;
			nv = realloc(v, cap * sizeof(*nv));
			if (!nv)
				break;
			v = nv;
		}
		v[(*n)++] = ev;
	}
	*status = r;
	lttr_iter_free(it);
	return v;
}
