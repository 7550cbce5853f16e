// SPDX-License-Identifier: GPL-2.0
/*
 * test-compact.c - the compact records of format 1.2 (LTT_REC_COMPACT):
 * every ltt_compact_*() / ltt_expand_*() pair of the ABI gives back what
 * it was given, at the limits of its fields, and refuses (returns 0) what
 * does not fit; the reader expands a compact record into exactly the full
 * event; and a trace written with compact records gives, through the
 * tracevisualizer program, byte for byte the output of the same events
 * written in full (dump, summary, accounting, control flow).  The program
 * is found next to the test (build/utest/../tracevisualizer).
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tap.h"
#include "tracegen.h"

static char prog[1024];

/* ---- the ABI's pack/unpack pairs ---------------------------------- */

/*
 * Each *_rt() packs a full payload with ltt_compact_*(), and when that
 * succeeds unpacks it with ltt_expand_*(); *same tells whether the result
 * is the payload given.  Return ltt_compact_*()'s value.
 */
static int entry_rt(uint64_t ip, uint32_t nr, bool *same)
{
	struct ltt_ev_syscall_entry e = { .ip = ip, .nr = nr }, x;
	struct ltt_cev_syscall_entry c;
	int r = ltt_compact_syscall_entry(&e, &c);

	memset(&x, 0x5a, sizeof(x));
	if (r)
		ltt_expand_syscall_entry(&c, &x);
	*same = !memcmp(&e, &x, sizeof(e));
	return r;
}

static int exit_rt(int64_t ret, uint32_t nr, bool *same)
{
	struct ltt_ev_syscall_exit e = { .ret = ret, .nr = nr }, x;
	struct ltt_cev_syscall_exit c;
	int r = ltt_compact_syscall_exit(&e, &c);

	memset(&x, 0x5a, sizeof(x));
	if (r)
		ltt_expand_syscall_exit(&c, &x);
	*same = !memcmp(&e, &x, sizeof(e));
	return r;
}

static int trap_rt(uint64_t ip, uint64_t addr, uint16_t vec, uint16_t fl,
		   bool *same)
{
	struct ltt_ev_trap_entry e = { .ip = ip, .address = addr, .vector = vec,
				       .flags = fl }, x;
	struct ltt_cev_trap_entry c;
	int r = ltt_compact_trap_entry(&e, &c);

	memset(&x, 0x5a, sizeof(x));
	if (r)
		ltt_expand_trap_entry(&c, &x);
	*same = !memcmp(&e, &x, sizeof(e));
	return r;
}

static int irq_rt(uint32_t irq, uint16_t fl, bool *same)
{
	struct ltt_cev_irq c;
	__u32 xi = 0x5a5a5a5a;
	__u16 xf = 0x5a5a;
	int r = ltt_compact_irq(irq, fl, &c);

	if (r)
		ltt_expand_irq(&c, &xi, &xf);
	*same = xi == irq && xf == fl;
	return r;
}

static int sched_prio_rt(uint32_t prev, uint32_t next, int32_t state,
			 int16_t pp, uint8_t ppol, int16_t np, uint8_t npol,
			 bool *same)
{
	struct ltt_ev_schedchange e = { .prev_pid = prev, .next_pid = next,
					.prev_state = state, .prev_prio = pp,
					.prev_policy = ppol, .next_prio = np,
					.next_policy = npol }, x;
	struct ltt_cev_schedchange c;
	int r = ltt_compact_schedchange(&e, &c);

	memset(&x, 0x5a, sizeof(x));
	if (r)
		ltt_expand_schedchange(&c, &x);
	*same = !memcmp(&e, &x, sizeof(e));
	return r;
}

static int sched_rt(uint32_t prev, uint32_t next, int32_t state, bool *same)
{
	return sched_prio_rt(prev, next, state, 120, 0, 120, 0, same);
}

static int wakeup_prio_rt(uint32_t pid, uint16_t cpu, uint16_t fl, int16_t p,
			  uint8_t pol, int16_t wp, uint8_t wpol, bool *same)
{
	struct ltt_ev_process_wakeup e = { .pid = pid, .cpu = cpu, .flags = fl,
					   .prio = p, .policy = pol,
					   .waker_prio = wp,
					   .waker_policy = wpol }, x;
	struct ltt_cev_wakeup c;
	int r = ltt_compact_wakeup(&e, &c);

	memset(&x, 0x5a, sizeof(x));
	if (r)
		ltt_expand_wakeup(&c, &x);
	*same = !memcmp(&e, &x, sizeof(e));
	return r;
}

static int wakeup_rt(uint32_t pid, uint16_t cpu, uint16_t fl, bool *same)
{
	return wakeup_prio_rt(pid, cpu, fl, 120, 0, 120, 0, same);
}

/* a canonical 48-bit address: bits 47..63 all equal */
static bool canonical(uint64_t ip)
{
	uint64_t top = ip >> 47;

	return top == 0 || top == 0x1ffff;
}

static uint64_t rnd64(void)
{
	return (uint64_t)random() << 62 ^ (uint64_t)random() << 31 ^ (uint64_t)random();
}

/* a random value, often near a power of two or its negation */
static uint64_t edgy(void)
{
	uint64_t v = rnd64();

	switch (random() % 4) {
	case 0:
		return v;
	case 1:		/* a small number of significant bits */
		return v >> (random() % 64);
	case 2: {	/* 2^k + d, d in -2..2 */
		uint64_t p = 1ULL << (random() % 64);

		return p + (uint64_t)(random() % 5) - 2;
	}
	default:	/* -(2^k) + d */
		return (uint64_t)0 - (1ULL << (random() % 64)) +
			(uint64_t)(random() % 5) - 2;
	}
}

static void pairs_at_limits(void)
{
	static const uint64_t good_ip[] = {
		0, 0x401234, 0x7fffffffffffULL, 0xffff800000000000ULL,
		0xffffffff81000000ULL, 0xffffffffffffffffULL,
	};
	static const uint64_t bad_ip[] = {
		0x800000000000ULL, 0xffff7fffffffffffULL, 0x0001000000000000ULL,
		0x8000000000000000ULL, 0xff00000000001000ULL,
	};
	static const int64_t good_ret[] = { -2097152, 2097151, 0, -1, -4095, 4096 };
	static const int64_t bad_ret[] = {
		2097152, -2097153, INT64_MIN, INT64_MAX, 0x7f0000001000LL,
	};
	static const int32_t good_state[] = { -524288, 524287, 0, 1, 2, 0x402, 0x80, -1 };
	static const int32_t bad_state[] = { 524288, -524289, INT32_MIN, INT32_MAX };
	bool same, all = true, none = true;
	size_t i;

	for (i = 0; i < sizeof(good_ip) / sizeof(good_ip[0]); i++) {
		all &= entry_rt(good_ip[i], 0, &same) == 1 && same;
		all &= entry_rt(good_ip[i], 0xffff, &same) == 1 && same;
	}
	ok(all, "syscall_entry: canonical user and kernel IPs (0xffff8...), nr 0 and 65535 fit and round-trip");
	for (i = 0; i < sizeof(bad_ip) / sizeof(bad_ip[0]); i++)
		none &= entry_rt(bad_ip[i], 1, &same) == 0;
	none &= entry_rt(0x401000, 0x10000, &same) == 0;
	none &= entry_rt(0x401000, 0x40000001, &same) == 0;	/* x32 */
	ok(none, "syscall_entry: non-canonical IPs, nr 65536 and x32 numbers do not fit (0)");

	all = true;
	none = true;
	for (i = 0; i < sizeof(good_ret) / sizeof(good_ret[0]); i++) {
		all &= exit_rt(good_ret[i], 0, &same) == 1 && same;
		all &= exit_rt(good_ret[i], 1023, &same) == 1 && same;
	}
	ok(all, "syscall_exit: ret -2097152 .. 2097151 (22 bits signed), nr 0 and 1023 fit and round-trip");
	for (i = 0; i < sizeof(bad_ret) / sizeof(bad_ret[0]); i++)
		none &= exit_rt(bad_ret[i], 1, &same) == 0;
	none &= exit_rt(0, 1024, &same) == 0;
	none &= exit_rt(-1, 0xffffffffU, &same) == 0;
	ok(none, "syscall_exit: ret 2097152, -2097153, 64-bit values, nr 1024 do not fit");

	all = true;
	none = true;
	for (i = 0; i < sizeof(good_ip) / sizeof(good_ip[0]); i++) {
		all &= trap_rt(good_ip[i], 0, 0, 0, &same) == 1 && same;
		all &= trap_rt(good_ip[i], UINT64_MAX, 255, 0xff, &same) == 1 && same;
		all &= trap_rt(good_ip[i], 0x8000000000000000ULL, 14, LTT_TRAP_USER,
			       &same) == 1 && same;
	}
	ok(all, "trap_entry: canonical IPs, vector 0..255, flags 0..255, any 64-bit address fit and round-trip");
	for (i = 0; i < sizeof(bad_ip) / sizeof(bad_ip[0]); i++)
		none &= trap_rt(bad_ip[i], 0x1000, 14, 1, &same) == 0;
	none &= trap_rt(0x401000, 0, 256, 0, &same) == 0;
	none &= trap_rt(0x401000, 0, 14, 0x100, &same) == 0;
	ok(none, "trap_entry: non-canonical IPs, vector 256, flags 256 do not fit");

	all = irq_rt(0, 0, &same) == 1 && same;
	all &= irq_rt(0xffffff, 0xff, &same) == 1 && same;
	all &= irq_rt(0xec, LTT_IRQ_USER | LTT_IRQ_SYSVEC, &same) == 1 && same;
	ok(all, "irq: irq 0 .. 16777215, flags 0 .. 255 fit and round-trip");
	none = irq_rt(0x1000000, 0, &same) == 0 && irq_rt(4, 0x100, &same) == 0 &&
		irq_rt(UINT32_MAX, 0, &same) == 0;
	ok(none, "irq: irq 16777216, flags 256 do not fit");

	all = true;
	none = true;
	for (i = 0; i < sizeof(good_state) / sizeof(good_state[0]); i++) {
		all &= sched_rt(0, 4194303, good_state[i], &same) == 1 && same;
		all &= sched_rt(4194303, 0, good_state[i], &same) == 1 && same;
	}
	ok(all, "schedchange: pids 0 .. 4194303, prev_state -524288 .. 524287 (20 bits signed) fit and round-trip");
	for (i = 0; i < sizeof(bad_state) / sizeof(bad_state[0]); i++)
		none &= sched_rt(1, 2, bad_state[i], &same) == 0;
	none &= sched_rt(4194304, 1, 0, &same) == 0;
	none &= sched_rt(1, 4194304, 0, &same) == 0;
	none &= sched_rt(UINT32_MAX, 1, 0, &same) == 0;
	ok(none, "schedchange: pid 4194304 (either), prev_state 524288 and -524289 do not fit");

	all = wakeup_rt(0, 0, 0, &same) == 1 && same;
	all &= wakeup_rt(4194303, 255, 3, &same) == 1 && same;
	all &= wakeup_rt(7, 1, LTT_WAKEUP_NEW, &same) == 1 && same;
	ok(all, "wakeup: pid 4194303, cpu 255, flags 3 fit and round-trip");
	none = wakeup_rt(4194304, 0, 0, &same) == 0 && wakeup_rt(1, 256, 0, &same) == 0 &&
		wakeup_rt(1, 0, 4, &same) == 0;
	ok(none, "wakeup: pid 4194304, cpu 256, flags 4 do not fit");

	/* priorities and policies (1.3): -1 .. 254 and 0 .. 7 */
	all = true;
	for (i = 0; i < 256; i++) {
		int16_t p = (int16_t)((int)i - 1);
		uint8_t pol = (uint8_t)(i % 8);

		all &= sched_prio_rt(1, 2, 0, p, pol, (int16_t)(254 - (int)i),
				     (uint8_t)(7 - pol), &same) == 1 && same;
		all &= wakeup_prio_rt(3, 1, 0, p, pol, (int16_t)(254 - (int)i),
				      (uint8_t)(7 - pol), &same) == 1 && same;
	}
	ok(all, "schedchange and wakeup: priorities -1 .. 254 and policies 0 .. 7, of both tasks, fit and round-trip");
	none = sched_prio_rt(1, 2, 0, -2, 0, 120, 0, &same) == 0 &&
		sched_prio_rt(1, 2, 0, 120, 0, 255, 0, &same) == 0 &&
		sched_prio_rt(1, 2, 0, 120, 8, 120, 0, &same) == 0 &&
		sched_prio_rt(1, 2, 0, 120, 0, 120, 8, &same) == 0 &&
		wakeup_prio_rt(1, 0, 0, 255, 0, 120, 0, &same) == 0 &&
		wakeup_prio_rt(1, 0, 0, 120, 0, -2, 0, &same) == 0 &&
		wakeup_prio_rt(1, 0, 0, 120, 8, 120, 0, &same) == 0 &&
		wakeup_prio_rt(1, 0, 0, 120, 0, 120, 255, &same) == 0;
	ok(none, "schedchange and wakeup: priority -2 or 255, policy 8 (either task) do not fit: written in full");
}

/*
 * Random values against an independent statement of what fits: the pair
 * packs exactly those, and gives each back unchanged.
 */
static void pairs_random(void)
{
	unsigned int bad[6] = { 0 }, i;
	bool same;

	srandom(20240612);
	for (i = 0; i < 200000; i++) {
		uint64_t ip = edgy(), v = edgy(), w = edgy();
		int64_t ret = (int64_t)v;
		uint32_t nr = (uint32_t)(w >> (random() % 64));
		int r;

		r = entry_rt(ip, nr, &same);
		if (r != (canonical(ip) && nr <= 0xffff) || (r && !same))
			bad[0]++;
		r = exit_rt(ret, nr, &same);
		if (r != (ret >= -2097152 && ret <= 2097151 && nr <= 1023) || (r && !same))
			bad[1]++;
		r = trap_rt(ip, v, (uint16_t)w, (uint16_t)(w >> 16), &same);
		if (r != (canonical(ip) && (uint16_t)w <= 255 && (uint16_t)(w >> 16) <= 255) ||
		    (r && !same))
			bad[2]++;
		r = irq_rt((uint32_t)v, (uint16_t)w, &same);
		if (r != ((uint32_t)v < (1U << 24) && (uint16_t)w <= 255) || (r && !same))
			bad[3]++;
		r = sched_rt((uint32_t)v, (uint32_t)(w >> 7), (int32_t)ip, &same);
		if (r != ((uint32_t)v < 4194304 && (uint32_t)(w >> 7) < 4194304 &&
			  (int32_t)ip >= -524288 && (int32_t)ip <= 524287) || (r && !same))
			bad[4]++;
	}
	for (i = 0; i < 200000; i++) {
		uint32_t pid = (uint32_t)edgy();
		uint16_t cpu = (uint16_t)edgy(), fl = (uint16_t)edgy();
		int r = wakeup_rt(pid, cpu, fl, &same);

		if (r != (pid < 4194304 && cpu <= 255 && fl <= 3) || (r && !same))
			bad[5]++;
	}
	ok(!bad[0] && !bad[1] && !bad[2],
	   "200000 random syscall_entry, syscall_exit, trap_entry payloads: packed iff they fit, unpacked unchanged (%u %u %u wrong)",
	   bad[0], bad[1], bad[2]);
	ok(!bad[3] && !bad[4] && !bad[5],
	   "200000 random irq, schedchange, wakeup payloads: packed iff they fit, unpacked unchanged (%u %u %u wrong)",
	   bad[3], bad[4], bad[5]);
}

/* ltt_compact_size() and the record sizes of the ABI's table */
static void sizes(void)
{
	static const struct { unsigned int id; unsigned int csize, full, compact; } t[] = {
		{ LTT_EV_SYSCALL_ENTRY, sizeof(struct ltt_cev_syscall_entry), 20, 16 },
		{ LTT_EV_SYSCALL_EXIT, sizeof(struct ltt_cev_syscall_exit), 20, 12 },
		{ LTT_EV_TRAP_ENTRY, sizeof(struct ltt_cev_trap_entry), 28, 24 },
		{ LTT_EV_IRQ_ENTRY, sizeof(struct ltt_cev_irq), 16, 12 },
		{ LTT_EV_IRQ_EXIT, sizeof(struct ltt_cev_irq), 16, 12 },
		{ LTT_EV_SCHEDCHANGE, sizeof(struct ltt_cev_schedchange), 28, 20 },
		{ LTT_EV_PROCESS_WAKEUP, sizeof(struct ltt_cev_wakeup), 24, 16 },
	};
	unsigned int id, k, wrong = 0;

	for (id = 0; id < LTT_EV_MAX; id++) {
		unsigned int want = 0;

		for (k = 0; k < sizeof(t) / sizeof(t[0]); k++)
			if (t[k].id == id)
				want = t[k].csize;
		if (ltt_compact_size(id) != want)
			wrong++;
	}
	ok(!wrong, "ltt_compact_size(): the compact struct of the 7 ids, 0 for the other %u ids",
	   LTT_EV_MAX - 7);
	for (k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
		unsigned int full = (unsigned int)(8 + lttr_event_payload_size(t[k].id) + 3) & ~3U;
		unsigned int comp = (8 + t[k].csize + 3) & ~3U;

		if (full != t[k].full || comp != t[k].compact)
			wrong++;
	}
	ok(!wrong, "record sizes, header included: 20/16 syscall_entry, 20/12 syscall_exit, 28/24 trap_entry, 16/12 irq, 28/20 schedchange, 24/16 wakeup");
	ok(LTT_EV_SCHEDCHANGE_SIZE_1_2 == offsetof(struct ltt_ev_schedchange, prev_prio) &&
	   LTT_EV_PROCESS_WAKEUP_SIZE_1_2 == offsetof(struct ltt_ev_process_wakeup, prio) &&
	   LTT_CEV_SCHEDCHANGE_SIZE_1_2 == offsetof(struct ltt_cev_schedchange, prio_policy) &&
	   LTT_CEV_WAKEUP_SIZE_1_2 == offsetof(struct ltt_cev_wakeup, prio_policy),
	   "format 1.2 sizes: the 1.3 structs less their priorities (12, 8; compact 8, 4)");
	for (id = 0; id < LTT_EV_MAX; id++)
		if (ltt_compact_full_size(id) !=
		    (ltt_compact_size(id) ? (unsigned int)lttr_event_payload_size(id) : 0))
			wrong++;
	ok(!wrong, "ltt_compact_full_size(): the full struct of the 7 ids, 0 for the others");
}

/* the oracle for dispatchers(): the per-id function of @id */
static unsigned int per_id(unsigned int id, const union ltt_ev_compactable *f,
			   union ltt_cev_any *c)
{
	int r = 0;

	if (id == LTT_EV_SYSCALL_ENTRY)
		r = ltt_compact_syscall_entry(&f->syscall_entry, &c->syscall_entry);
	else if (id == LTT_EV_SYSCALL_EXIT)
		r = ltt_compact_syscall_exit(&f->syscall_exit, &c->syscall_exit);
	else if (id == LTT_EV_TRAP_ENTRY)
		r = ltt_compact_trap_entry(&f->trap_entry, &c->trap_entry);
	else if (id == LTT_EV_IRQ_ENTRY)
		r = ltt_compact_irq(f->irq_entry.irq, f->irq_entry.flags, &c->irq);
	else if (id == LTT_EV_IRQ_EXIT)
		r = ltt_compact_irq(f->irq_exit.irq, f->irq_exit.flags, &c->irq);
	else if (id == LTT_EV_SCHEDCHANGE)
		r = ltt_compact_schedchange(&f->schedchange, &c->schedchange);
	else if (id == LTT_EV_PROCESS_WAKEUP)
		r = ltt_compact_wakeup(&f->wakeup, &c->wakeup);
	return r ? ltt_compact_size(id) : 0;
}

/*
 * ltt_compact_event() / ltt_expand_event(), the per-id dispatchers: on
 * random bytes as full payloads of every id, the same result as the
 * pair of functions of that id, a round trip when it fits, and 0 for ids
 * without a compact form.
 */
static void dispatchers(void)
{
	unsigned int id, i, bad = 0, none = 0, fit = 0;

	srandom(7);
	for (id = 0; id < LTT_EV_MAX; id++) {
		for (i = 0; i < 2000; i++) {
			union ltt_ev_compactable f, g;
			union ltt_cev_any c, want;
			unsigned int n, k, wn, full = ltt_compact_full_size(id);

			for (k = 0; k < sizeof(f); k++)
				((uint8_t *)&f)[k] = (uint8_t)(i & 1 ? random() : random() % 3);
			n = ltt_compact_event(id, &f, full, &c);
			if (!ltt_compact_size(id)) {
				if (n || ltt_expand_event(id, &c, &g))
					none++;
				continue;
			}
			wn = per_id(id, &f, &want);
			if (n != wn || (n && memcmp(&c, &want, n)))
				bad++;
			if (!n)
				continue;
			fit++;
			memset(&g, 0, sizeof(g));
			if (ltt_expand_event(id, &c, &g) != full || memcmp(&f, &g, full))
				bad++;
		}
	}
	ok(!bad && fit > 200, "ltt_compact_event()/ltt_expand_event(): as the per-id functions, round trip when it fits (%u fitted, %u wrong)",
	   fit, bad);
	ok(!none, "ltt_compact_event()/ltt_expand_event(): 0 for the %u ids without a compact form (%u wrong)",
	   LTT_EV_MAX - 7, none);
}

/* ---- the reader's expansion ---------------------------------------- */

/* @id's payload @pl as a record (flags @fl, @extra bytes of padding) */
static size_t make_rec(uint8_t *out, unsigned int id, unsigned int fl,
		       const void *pl, size_t len, size_t extra)
{
	struct ltt_record_header rh = { .delta = 7, .id = (uint8_t)id, .flags = (uint8_t)fl };
	size_t size = (sizeof(rh) + len + extra + 3) & ~(size_t)3;

	rh.size = (uint16_t)size;
	memset(out, 0, size);
	memcpy(out, &rh, sizeof(rh));
	memcpy(out + sizeof(rh), pl, len);
	return size;
}

/*
 * The full payload @full of @id decoded from its full record and from its
 * compact record: the same event, except the record's flags and size.
 */
static bool decodes_same(unsigned int id, const void *full, size_t len, size_t extra)
{
	uint8_t rf[64], rc[64], cp[16];
	struct lttr_event a, b;
	size_t nf, nc, n = tg_compact(id, full, len, cp);
	int ps = lttr_event_payload_size(id);

	if (!n || ps != (int)len)
		return false;
	nf = make_rec(rf, id, 0, full, len, 0);
	nc = make_rec(rc, id, LTT_REC_COMPACT, cp, n, extra);
	memset(&a, 0x11, sizeof(a));
	memset(&b, 0x22, sizeof(b));
	if (lttr_record_decode(rf, nf, &a, NULL, 0) || lttr_record_decode(rc, nc, &b, NULL, 0))
		return false;
	return a.known && b.known && a.details && b.details && a.id == b.id &&
		a.time_ns == b.time_ns && !b.var && !b.var_len &&
		b.rec_flags == LTT_REC_COMPACT && b.size == nc && a.size == nf &&
		nc < nf + extra && !memcmp(&a.p, &b.p, len);
}

/* the value of field @name of @ev, as text ("null" when unknown) */
static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), e = strlen(end);

	return n >= e && !strcmp(s + n - e, end);
}

static const char *field_text(const struct lttr_event *ev, const char *name,
			      char *out, size_t size)
{
	const struct lttr_field *f = lttr_field_find(ev->id, name);
	struct lttr_field_buf fb;
	struct lttr_field_value v;

	if (!f)
		return "no such field";
	lttr_field_get(NULL, ev, f, &fb, &v);
	switch (v.type) {
	case LTTR_FIELD_V_NULL:
		return "null";
	case LTTR_FIELD_V_I64:
		snprintf(out, size, "%lld", (long long)v.i);
		return out;
	case LTTR_FIELD_V_U64:
		snprintf(out, size, "%llu", (unsigned long long)v.u);
		return out;
	case LTTR_FIELD_V_STR:
		snprintf(out, size, "%.*s", (int)v.str.len, v.str.p);
		return out;
	default:
		return "?";
	}
}

/*
 * Format 1.2 schedchange and wakeup records (without the priorities), full
 * and compact, as a reader of 1.3 meets them in an older trace: decoded,
 * their priorities and policies unknown (null), the rest as written.
 */
static void legacy_records(const struct ltt_ev_schedchange *sc,
			   const struct ltt_ev_process_wakeup *wk)
{
	uint8_t rec[64], cp[16];
	struct lttr_event ev;
	char why[200], b1[32], b2[32], b3[32], txt[200];
	size_t n;

	n = make_rec(rec, LTT_EV_SCHEDCHANGE, 0, sc, LTT_EV_SCHEDCHANGE_SIZE_1_2, 0);
	ok(n == 20 && lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 &&
	   ev.details && ev.p_missing == 6 && ev.p.schedchange.prev_pid == 4194303 &&
	   ev.p.schedchange.prev_state == -524288 &&
	   !strcmp(field_text(&ev, "next_pid", b1, sizeof(b1)), "0") &&
	   !strcmp(field_text(&ev, "prev_prio", b2, sizeof(b2)), "null") &&
	   !strcmp(field_text(&ev, "next_policy", b3, sizeof(b3)), "null"),
	   "reader: a 1.2 schedchange (12 bytes) decodes, its priorities and policies unknown (null)");
	n = make_rec(rec, LTT_EV_PROCESS_WAKEUP, 0, wk, LTT_EV_PROCESS_WAKEUP_SIZE_1_2, 0);
	ok(n == 16 && lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 &&
	   ev.details && ev.p_missing == 6 && ev.p.wakeup.pid == 4194303 &&
	   ev.p.wakeup.cpu == 255 && ev.p.wakeup.flags == 3 &&
	   !strcmp(field_text(&ev, "prio", b1, sizeof(b1)), "null") &&
	   !strcmp(field_text(&ev, "waker_policy", b2, sizeof(b2)), "null"),
	   "reader: a 1.2 wakeup (8 bytes) decodes, its priorities and policies unknown (null)");
	n = tg_compact(LTT_EV_SCHEDCHANGE, sc, sizeof(*sc), cp);
	n = make_rec(rec, LTT_EV_SCHEDCHANGE, LTT_REC_COMPACT, cp,
		     n ? LTT_CEV_SCHEDCHANGE_SIZE_1_2 : 0, 0);
	ok(n == 16 && lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 &&
	   ev.p_missing == 6 && ev.p.schedchange.prev_pid == 4194303 &&
	   ev.p.schedchange.next_pid == 0 && ev.p.schedchange.prev_state == -524288 &&
	   !strcmp(field_text(&ev, "prev_policy", b1, sizeof(b1)), "null"),
	   "reader: a 1.2 compact schedchange (8 bytes) decodes, its priorities unknown");
	n = tg_compact(LTT_EV_PROCESS_WAKEUP, wk, sizeof(*wk), cp);
	n = make_rec(rec, LTT_EV_PROCESS_WAKEUP, LTT_REC_COMPACT, cp,
		     n ? LTT_CEV_WAKEUP_SIZE_1_2 : 0, 0);
	ok(n == 12 && lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 &&
	   ev.p_missing == 6 && ev.p.wakeup.pid == 4194303 && ev.p.wakeup.cpu == 255 &&
	   !strcmp(field_text(&ev, "waker_prio", b1, sizeof(b1)), "null"),
	   "reader: a 1.2 compact wakeup (4 bytes) decodes, its priorities unknown");
	n = make_rec(rec, LTT_EV_SCHEDCHANGE, 0, sc, sizeof(*sc), 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 && !ev.p_missing &&
	   !strcmp(field_text(&ev, "prev_prio", b1, sizeof(b1)), "-1") &&
	   !strcmp(field_text(&ev, "prev_policy", b2, sizeof(b2)), "6") &&
	   !strcmp(field_text(&ev, "next_policy", b3, sizeof(b3)), "7"),
	   "reader: a 1.3 schedchange gives its priorities and policies (%s %s %s)",
	   b1, b2, b3);
	lttr_event_describe(NULL, &ev, txt, sizeof(txt));
	ok(ends_with(txt, ") prio -1/SCHED_DEADLINE -> 254/policy_7"),
	   "text: a 1.3 schedchange's policies by name, an unnamed one by number: %s", txt);
	n = make_rec(rec, LTT_EV_PROCESS_WAKEUP, 0, wk, sizeof(*wk), 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 && !ev.p_missing &&
	   lttr_event_describe(NULL, &ev, txt, sizeof(txt)) > 0 &&
	   !strcmp(txt, "wakeup pid=4194303 cpu=255 new prio=254/policy_7 waker_prio=-1/SCHED_DEADLINE"),
	   "text: a 1.3 wakeup's priorities and policies: %s", txt);
	n = make_rec(rec, LTT_EV_PROCESS_WAKEUP, 0, wk, LTT_EV_PROCESS_WAKEUP_SIZE_1_2, 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 &&
	   lttr_event_describe(NULL, &ev, txt, sizeof(txt)) > 0 &&
	   !strcmp(txt, "wakeup pid=4194303 cpu=255 new"),
	   "text: a 1.2 wakeup shows no priority: %s", txt);
	n = make_rec(rec, LTT_EV_SCHEDCHANGE, 0, sc, 8, 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == -LTTR_E_FORMAT &&
	   !strcmp(why, "payload of 8 bytes shorter than the 12 bytes of a schedchange event"),
	   "reader: shorter than a 1.2 schedchange: %s", why);
	n = make_rec(rec, LTT_EV_PROCESS_WAKEUP, LTT_REC_COMPACT, cp, 0, 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == -LTTR_E_FORMAT &&
	   !strcmp(why, "compact payload of 0 bytes shorter than the 4 bytes of a compact wakeup event"),
	   "reader: shorter than a 1.2 compact wakeup: %s", why);
}

static void reader_expansion(void)
{
	struct ltt_ev_syscall_entry se = { 0xffffffff81234567ULL, 0xffff };
	struct ltt_ev_syscall_exit sx = { -2097152, 1023 };
	struct ltt_ev_trap_entry te = { 0xffff800000000000ULL, 0xdeadbeefcafef00dULL, 255, 0xff };
	struct ltt_ev_irq_entry ie = { 0xffffff, 0xff };
	struct ltt_ev_irq_exit ix = { 0xec, LTT_IRQ_SYSVEC };
	struct ltt_ev_schedchange sc = { 4194303, 0, -524288, -1, 254, 6, 7 };
	struct ltt_ev_process_wakeup wk = { 4194303, 255, 3, 254, -1, 7, 6 };
	uint8_t rec[64];
	struct lttr_event ev;
	char why[200];
	size_t n;

	ok(decodes_same(LTT_EV_SYSCALL_ENTRY, &se, sizeof(se), 0) &&
	   decodes_same(LTT_EV_SYSCALL_EXIT, &sx, sizeof(sx), 0),
	   "reader: compact syscall_entry and syscall_exit decode as the full records");
	ok(decodes_same(LTT_EV_TRAP_ENTRY, &te, sizeof(te), 0),
	   "reader: compact trap_entry decodes as the full record");
	ok(decodes_same(LTT_EV_IRQ_ENTRY, &ie, sizeof(ie), 0) &&
	   decodes_same(LTT_EV_IRQ_EXIT, &ix, sizeof(ix), 0),
	   "reader: compact irq_entry and irq_exit decode as the full records");
	ok(decodes_same(LTT_EV_SCHEDCHANGE, &sc, sizeof(sc), 0) &&
	   decodes_same(LTT_EV_PROCESS_WAKEUP, &wk, sizeof(wk), 0),
	   "reader: compact schedchange and wakeup decode as the full records");
	ok(decodes_same(LTT_EV_SYSCALL_EXIT, &sx, sizeof(sx), 8) &&
	   decodes_same(LTT_EV_SCHEDCHANGE, &sc, sizeof(sc), 4),
	   "reader: bytes after a compact payload are ignored, as after a full one");
	legacy_records(&sc, &wk);

	/* unknown ids: skipped by their size, compact or not */
	n = make_rec(rec, 99, LTT_REC_COMPACT, "abcd", 4, 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == 0 && !ev.known &&
	   !ev.details && ev.size == 12, "reader: an unknown id marked compact is skipped by its size");
	n = make_rec(rec, LTT_EV_PROCESS_EXIT, LTT_REC_COMPACT, "abcdefgh", 8, 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == -LTTR_E_FORMAT &&
	   !strcmp(why, "exit record marked compact (LTT_REC_COMPACT): exit has no compact form"),
	   "reader: an id without compact form: %s", why);
	n = make_rec(rec, LTT_EV_PROCESS_WAKEUP, LTT_REC_COMPACT | LTT_REC_NO_DETAILS, "abcd", 4, 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == -LTTR_E_FORMAT &&
	   !strcmp(why, "wakeup record flags 0x03: compact (LTT_REC_COMPACT) and without details (LTT_REC_NO_DETAILS) at once"),
	   "reader: compact without details: %s", why);
	n = make_rec(rec, LTT_EV_TRAP_ENTRY, LTT_REC_COMPACT, "abcdefghijkl", 12, 0);
	ok(lttr_record_decode(rec, n, &ev, why, sizeof(why)) == -LTTR_E_FORMAT &&
	   !strcmp(why, "compact payload of 12 bytes shorter than the 16 bytes of a compact trap_entry event"),
	   "reader: a short compact payload: %s", why);
}

/* ---- the same events, compact and full: the same output ------------- */

/*
 * Two CPUs, every event with a compact form, with values that fit and
 * values that do not (written in full even in the compact trace), nested
 * irqs in traps, softirqs, records without details, forks and exits.
 */
static const char scenario[] =
	"header ncpus=2 format=1.2 end=1000002000\n"
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n"
	"proc PID: 5; PPID: 1; TGID: 5; NAME: a\n"
	"proc PID: 6; PPID: 1; TGID: 6; NAME: b\n"
	"proc IRQ: 4; NAME: ttyS0\n"
	"records %s\n"
	"buf cpu=0 start=1000000000 pid=5\n"
	"1000000000 start 5 0\n"
	"1000000100 syscall_entry 1 0x7ffff7e8a123\n"
	"1000000150 syscall_exit 1 4096\n"
	"1000000160 syscall_entry 9 0x7ffff7e8a456\n"
	"1000000170 syscall_exit 9 0x7f3a12345000\n"
	"1000000180 syscall_entry 0 0x401000\n"
	"1000000190 syscall_exit 0 -11\n"
	"1000000200 irq_entry 236 3\n"
	"1000000205 softirq_entry 1\n"
	"1000000208 softirq_exit 1\n"
	"1000000210 irq_exit 236 2\n"
	"1000000220 trap_entry 14 0x7f0000001000 0x401234 1\n"
	"1000000230 irq_entry 4 0\n"
	"1000000240 irq_exit 4 0\n"
	"1000000250 trap_exit 14\n"
	"1000000260 syscall_entry 57 0x401000\n"
	"1000000270 fork 5 7 7 0 17\n"
	"1000000280 syscall_exit 57 7\n"
	"1000000290 wakeup 7 1 1\n"
	"1000000300 sched 5 6 0\n"
	"1000000400 syscall_entry 0 0x401000\n"
	"1000000410 trap_entry 14 0xffff888000001000 0xffffffff81234567 0\n"
	"1000000420 trap_exit 14\n"
	"1000000450 sched 6 5 1\n"
	"1000000500 wakeup 6 0 0\n"
	"1000000600 sched 5 6 2\n"
	"1000000650 syscall_exit 0 10\n"
	"1000000700 syscall_entry 35 0x401000\n"
	"1000000710 sched 6 0 1026\n"
	"1000000800 wakeup 6 0 0\n"
	"1000000820 sched 0 6 0\n"
	"1000000830 syscall_exit 35 0\n"
	"1000000840 syscall_entry 4095 0x401000\n"
	"1000000850 syscall_exit 4095 -38\n"
	"1000000860 syscall_entry 1073741825 0x401000\n"
	"1000000870 syscall_exit 1073741825 0\n"
	"1000000880 nodetail syscall_entry\n"
	"1000000890 nodetail syscall_exit\n"
	"1000000895 nodetail irq_entry\n"
	"1000000897 nodetail irq_exit\n"
	"1000000900 sched 6 5 0\n"
	"buf cpu=1 start=1000000000 pid=0\n"
	"1000000000 start 0 1\n"
	"1000000300 irq_entry 4 0\n"
	"1000000340 irq_exit 4 0\n"
	"1000000350 sched 0 7 0\n"
	"1000000360 exec 7 /bin/ls\n"
	"1000000370 syscall_entry 12 0x401000\n"
	"1000000380 syscall_exit 12 94000000000000\n"
	"1000000390 irq_entry 16777216 1\n"
	"1000000395 irq_exit 16777216 0\n"
	"1000000400 trap_entry 14 0x1000 0x800000000000 1\n"
	"1000000410 trap_exit 14\n"
	"1000000420 trap_entry 256 0 0x401000 1\n"
	"1000000430 trap_exit 256\n"
	"1000000440 wakeup 4194304 0 0\n"
	"1000000450 wakeup 5 300 0\n"
	"1000000460 syscall_entry 60 0x401000\n"
	"1000000465 exit 7 0\n"
	"1000000470 sched 7 0 128\n"
	"1000000500 sched 0 4194304 0\n"
	"1000000600 sched 4194304 0 524288\n"
	"1000000700 irq_entry 4 0\n"
	"1000000710 irq_exit 4 0\n"
	"lost cpu=1 total=2 ev=1:2 sce=0:2\n";

/* run "[ENV] prog ARGS" (stderr to stdout); output into *out; exit status */
static int run(const char *env, const char *args, char **out)
{
	char cmd[3072];

	snprintf(cmd, sizeof(cmd), "%s %s %s", env, prog, args);
	return tap_run(cmd, out);
}

/* drop the "offset":N, members (file offsets differ with record sizes) */
static void strip_offsets(char *s)
{
	static const char key[] = "\"offset\":";
	char *p;

	while ((p = strstr(s, key)) != NULL) {
		char *q = p + sizeof(key) - 1;

		while (*q >= '0' && *q <= '9')
			q++;
		if (*q == ',')
			q++;
		memmove(p, q, strlen(q) + 1);
	}
}

static const char *const commands[] = {
	"dump", "dump --reverse", "dump --json", "summary", "summary --json",
	"summary --time", "summary --time --json", "processes",
	"processes --threads --json", "processes --tree", "syscalls",
	"syscalls --json", "irqs", "irqs --json", "graph --width 60",
	"graph --json", "check", "check --json",
};
#define NCMD (sizeof(commands) / sizeof(commands[0]))

/* the events file of @dir: its size and its records with LTT_REC_COMPACT */
static long events_size(const char *dir, size_t *ncompact, size_t *nfull)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *v;
	char path[600];
	struct stat stt;
	size_t n = 0, i;
	int st;

	*ncompact = *nfull = 0;
	if (lttr_trace_open(dir, 0, &t, &err))
		return -1;
	v = tg_all_events(t, &n, 0, &st);
	for (i = 0; i < n; i++) {
		if (v[i].rec_flags & LTT_REC_COMPACT)
			++*ncompact;
		else if (ltt_compact_size(v[i].id) && v[i].details)
			++*nfull;
	}
	free(v);
	lttr_trace_close(t);
	snprintf(path, sizeof(path), "%s/events", dir);
	return stat(path, &stt) ? -1 : (long)stt.st_size;
}

/* every decoded field but the record's own (offset, size, flags) */
static bool same_events(const char *da, const char *db)
{
	struct lttr_trace *ta = NULL, *tb = NULL;
	struct lttr_error err;
	struct lttr_event *a = NULL, *b = NULL;
	size_t na = 0, nb = 0, i;
	int sa = -1, sb = -1;
	bool same;

	if (!lttr_trace_open(da, 0, &ta, &err) && !lttr_trace_open(db, 0, &tb, &err)) {
		a = tg_all_events(ta, &na, 1, &sa);
		b = tg_all_events(tb, &nb, 1, &sb);
	}
	same = !sa && !sb && na == nb && na > 0;
	for (i = 0; same && i < na; i++) {
		int ps = lttr_event_payload_size(a[i].id);

		same = a[i].time_ns == b[i].time_ns && a[i].cpu == b[i].cpu &&
			a[i].pid == b[i].pid && a[i].id == b[i].id &&
			a[i].known == b[i].known && a[i].details == b[i].details &&
			a[i].control == b[i].control && a[i].var_len == b[i].var_len &&
			(!a[i].var_len || !memcmp(a[i].var, b[i].var, a[i].var_len)) &&
			(ps < 0 || !a[i].details || !memcmp(&a[i].p, &b[i].p, (size_t)ps));
		if (!same)
			tap_diag("event %zu (backward) differs: id %u, pid %u/%u", i,
				 a[i].id, a[i].pid, b[i].pid);
	}
	free(a);
	free(b);
	lttr_trace_close(ta);
	lttr_trace_close(tb);
	return same;
}

static void same_output(void)
{
	char desc[sizeof(scenario) + 16], dc[600], df[600], dir[600], *out[NCMD], *o;
	int stc[NCMD];
	size_t i, nc, nf, nc2, nf2;
	long sc, sf;

	snprintf(desc, sizeof(desc), scenario, "compact");
	snprintf(dc, sizeof(dc), "%s", tg_dir("scen-compact"));
	ok(tg_make(dc, desc) == 0, "the scenario is written with compact records");
	snprintf(desc, sizeof(desc), scenario, "full");
	snprintf(df, sizeof(df), "%s", tg_dir("scen-full"));
	ok(tg_make(df, desc) == 0, "and with full records");
	sc = events_size(dc, &nc, &nf);
	sf = events_size(df, &nc2, &nf2);
	ok(sc > 0 && sf > sc && nc == 35 && nf == 13 && nc2 == 0 && nf2 == 48,
	   "35 of the 48 records with a compact form are compact (%zu; %zu in full: the values that do not fit), the events file %ld bytes instead of %ld",
	   nc, nf, sc, sf);
	ok(same_events(dc, df), "the library yields the same events (backward, fresh open): times, pids, control marks, payloads");

	/* one directory, both traces in turn: the output names it */
	snprintf(dir, sizeof(dir), "%s", tg_dir("scen"));
	snprintf(desc, sizeof(desc), scenario, "compact");
	tg_make(dir, desc);
	for (i = 0; i < NCMD; i++) {
		char args[1024];

		snprintf(args, sizeof(args), "%s %s", commands[i], dir);
		stc[i] = run("", args, &out[i]);
		if (out[i])
			strip_offsets(out[i]);
	}
	snprintf(desc, sizeof(desc), scenario, "full");
	tg_make(dir, desc);
	for (i = 0; i < NCMD; i++) {
		char args[1024];
		int st;

		snprintf(args, sizeof(args), "%s %s", commands[i], dir);
		st = run("", args, &o);
		if (o)
			strip_offsets(o);
		ok(out[i] && o && (st == 0 || !strncmp(commands[i], "check", 5)) &&
		   st == stc[i] && strlen(o) > 100 && !strcmp(o, out[i]),
		   "%s: the same output, compact or full (status %d, %zu bytes)%s",
		   commands[i], st, o ? strlen(o) : 0,
		   !strcmp(commands[i], "dump --json") ? ", file offsets aside" : "");
		if (o && out[i] && strcmp(o, out[i])) {
			size_t k = 0;

			while (o[k] && o[k] == out[i][k])
				k++;
			tap_diag("at %zu: compact '%.80s' full '%.80s'", k,
				 out[i] + (k > 20 ? k - 20 : 0), o + (k > 20 ? k - 20 : 0));
		}
		free(o);
	}

	/* what the outputs say: decoded values, not just equal ones */
	ok(out[0] && strstr(out[0], " 0 a-5 C syscall_exit read ret=-EAGAIN\n") &&
	   strstr(out[0], " 0 a-5 C syscall_exit mmap ret=139887390248960\n") &&
	   strstr(out[0], " 0 b-6 C schedchange 6 -> 0 (prev_state 1026 I)\n") &&
	   strstr(out[0], " 1 <...>-4194304 C schedchange 4194304 -> 0 (prev_state 524288 ?)\n"),
	   "dump shows the values: compact and full ones");
	ok(out[0] && strstr(out[0], " 0 b-6 - trap_entry page_fault addr=0xffff888000001000 ip=0xffffffff81234567 kernel\n"),
	   "a kernel IP in a compact trap_entry is sign-extended back");
	for (i = 0; i < NCMD; i++)
		free(out[i]);

	/* the summary's first pass against the generic scan, compact trace */
	snprintf(desc, sizeof(desc), scenario, "compact");
	tg_make(dir, desc);
	{
		char args[700], *a = NULL, *b = NULL;
		int s1, s2;

		snprintf(args, sizeof(args), "summary --json %s", dir);
		s1 = run("LTTR_THREADS=0", args, &a);
		s2 = run("LTTR_THREADS=2", args, &b);
		ok(!s1 && !s2 && a && b && !strcmp(a, b),
		   "compact trace: the summary's first pass (2 threads) = the generic scan");
		free(a);
		free(b);
	}
}

int main(int argc, char **argv)
{
	char *a0 = strdup(argc > 0 ? argv[0] : ".");

	tap_plan(14 + 2 + 4 + 2 + 9 + 10 + 4 + (int)NCMD + 3);
	snprintf(prog, sizeof(prog), "%s/../tracevisualizer", dirname(a0));
	free(a0);
	pairs_at_limits();
	pairs_random();
	sizes();
	dispatchers();
	reader_expansion();
	same_output();
	return tap_done();
}
