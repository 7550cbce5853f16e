// SPDX-License-Identifier: GPL-2.0
/*
 * test-sync.c - the convex-hull clock synchronisation (lttr/sync/clocksync.h)
 * on synthetic messages of known clocks: host 1 runs 1.5 s ahead of host 0
 * and 100 ppm fast, host 2 0.7 s behind and 50 ppm slow; each message
 * takes 50 us plus a random delay (a seeded PRNG).  The truth must lie in
 * the reported bounds, the estimate too, the bounds be at most 200 us
 * wide, and every corrected receive come after its send; a corrupted
 * timestamp is dropped and named, too many are refused, too few messages
 * leave a host unsynchronised, and three hosts go through the best pairs.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/sync/clocksync.h>
#include "tap.h"

#define MIN_DELAY	50000.0		/* ns */
#define T0		10000000000.0	/* the first message, reference time */

static const double off[3] = { 0, 1.5e9, -0.7e9 };
static const double drift[3] = { 0, 100e-6, -50e-6 };

static uint64_t rng = 88172645463325252ULL;

static uint64_t xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* host @h's clock at reference time @t */
static double clock_of(int h, double t)
{
	return off[h] + (1 + drift[h]) * t;
}

struct set {
	struct lttr_sync_msg *v;
	size_t n;
	size_t cap;
};

/* @n messages each way between @a and @b over 10 s, delays of up to @jit ns */
static void exchange(struct set *s, int a, int b, size_t n, double jit)
{
	size_t i;

	for (i = 0; i < 2 * n; i++) {
		int from = i & 1 ? b : a, to = i & 1 ? a : b;
		double t = T0 + 1e10 * (double)i / (double)(2 * n) + (double)(xorshift() % 1000000);
		double d = MIN_DELAY + (double)(xorshift() % (uint64_t)jit);
		struct lttr_sync_msg m = { .src = (uint32_t)from, .dst = (uint32_t)to };

		m.send_ns = (uint64_t)ceil(clock_of(from, t));
		m.recv_ns = (uint64_t)floor(clock_of(to, t + d));
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 256;
			s->v = realloc(s->v, s->cap * sizeof(*s->v));
			if (!s->v)
				exit(1);
		}
		s->v[s->n++] = m;
	}
}

/* the pair's truth in its bounds, the estimate too, and their width */
static void check_pair(const struct lttr_sync_pair *p, const char *what)
{
	/* host b's clock as a function of host a's */
	double tb_s = clock_of((int)p->b, (p->span_lo - off[p->a]) / (1 + drift[p->a]));
	double tb_e = clock_of((int)p->b, (p->span_hi - off[p->a]) / (1 + drift[p->a]));
	double es = p->offset_ns + p->slope * (double)p->span_lo;
	double ee = p->offset_ns + p->slope * (double)p->span_hi;
	double slope = (1 + drift[p->b]) / (1 + drift[p->a]);

	ok(p->state == LTTR_SYNC_OK, "%s: synchronised (%s)", what, lttr_sync_state_name(p->state));
	ok(tb_s >= p->lo_at_start && tb_s <= p->hi_at_start && tb_e >= p->lo_at_end &&
	   tb_e <= p->hi_at_end,
	   "%s: the true clock is in the bounds (start %.0f in [%.0f, %.0f], end %.0f in [%.0f, %.0f])",
	   what, tb_s, p->lo_at_start, p->hi_at_start, tb_e, p->lo_at_end, p->hi_at_end);
	ok(es >= p->lo_at_start && es <= p->hi_at_start && ee >= p->lo_at_end && ee <= p->hi_at_end,
	   "%s: the estimate is in its own bounds", what);
	ok(p->width_ns > 0 && p->width_ns <= 200000, "%s: the bounds are %.1f us wide (<= 200)",
	   what, p->width_ns / 1e3);
	ok(slope >= p->slope_lo && slope <= p->slope_hi,
	   "%s: the true drift %.3f ppm is in [%.3f, %.3f] ppm", what, (slope - 1) * 1e6,
	   (p->slope_lo - 1) * 1e6, (p->slope_hi - 1) * 1e6);
}

/* whether two fits agree exactly, bit for bit (none dropped: no index to compare) */
static bool same_fit(const struct lttr_sync_pair *x, const struct lttr_sync_pair *y)
{
	return x->a == y->a && x->b == y->b && x->n_ab == y->n_ab && x->n_ba == y->n_ba &&
	       x->state == y->state && x->offset_ns == y->offset_ns && x->slope == y->slope &&
	       x->slope_lo == y->slope_lo && x->slope_hi == y->slope_hi &&
	       x->span_lo == y->span_lo && x->span_hi == y->span_hi &&
	       x->lo_at_start == y->lo_at_start && x->hi_at_start == y->hi_at_start &&
	       x->lo_at_end == y->lo_at_end && x->hi_at_end == y->hi_at_end &&
	       x->width_ns == y->width_ns && !x->ndropped && !y->ndropped;
}

/* every message's receive, on the reference clock, is not before its send */
static void check_causal(const struct lttr_sync_model *m, const struct set *s, const char *what)
{
	size_t i, bad = 0;

	for (i = 0; i < s->n; i++) {
		const struct lttr_sync_msg *x = &s->v[i];

		if (!m->hosts[x->src].synced || !m->hosts[x->dst].synced)
			continue;
		if (lttr_sync_to_ref(m, x->dst, x->recv_ns) < lttr_sync_to_ref(m, x->src, x->send_ns))
			bad++;
	}
	ok(bad == 0, "%s: every corrected receive is after its send (%zu are not)", what, bad);
}

int main(void)
{
	struct set s = { 0 };
	struct lttr_sync_model m;
	struct lttr_sync_pair p, q;
	struct lttr_error err;
	double t, truth;
	size_t i, k;
	int r;

	tap_plan(40);

	/* two hosts, 1000 messages each way */
	exchange(&s, 0, 1, 1000, 500000);
	ok(lttr_sync_pair_fit(s.v, s.n, 0, 1, &p) == 0, "two hosts: fitted");
	check_pair(&p, "two hosts");
	ok(p.n_ab == 1000 && p.n_ba == 1000 && p.ndropped == 0,
	   "two hosts: 1000 messages each way, none dropped (%zu %zu %zu)", p.n_ab, p.n_ba,
	   p.ndropped);
	ok(lttr_sync_hosts(s.v, s.n, 2, &m, &err) == 0 && m.hosts[1].synced,
	   "two hosts: the model synchronises host 1");
	truth = clock_of(1, T0);
	t = m.hosts[1].offset_ns + m.hosts[1].slope * T0;
	ok(fabs(t - truth) <= m.hosts[1].accuracy_ns,
	   "two hosts: offset %.0f ns (truth %.0f) within its accuracy %.0f ns", t - T0, truth - T0,
	   m.hosts[1].accuracy_ns);
	ok(fabs(m.hosts[1].slope - (1 + drift[1])) <= p.slope_hi - p.slope_lo,
	   "two hosts: drift %.2f ppm (truth 100) within the pair's drift bounds (%.2f ppm wide)",
	   (m.hosts[1].slope - 1) * 1e6, (p.slope_hi - p.slope_lo) * 1e6);
	check_causal(&m, &s, "two hosts");
	lttr_sync_model_free(&m);

	/* the same pair seen from the other side */
	ok(lttr_sync_pair_fit(s.v, s.n, 1, 0, &p) == 0, "reversed: fitted");
	check_pair(&p, "reversed");

	/*
	 * the same messages in the reverse order: the hull sorts the points
	 * (in order, as one connection's are, it does not need to): the
	 * same fit
	 */
	ok(lttr_sync_pair_fit(s.v, s.n, 0, 1, &p) == 0, "in order: fitted");
	for (i = 0; i < s.n / 2; i++) {
		struct lttr_sync_msg x = s.v[i];

		s.v[i] = s.v[s.n - 1 - i];
		s.v[s.n - 1 - i] = x;
	}
	r = lttr_sync_pair_fit(s.v, s.n, 0, 1, &q);
	ok(r == 0 && same_fit(&p, &q),
	   "reverse order: the same fit (offset %.3f and %.3f, bounds %.3f and %.3f ns wide)",
	   p.offset_ns, q.offset_ns, p.width_ns, q.width_ns);
	for (i = 0; i < s.n / 2; i++) {
		struct lttr_sync_msg x = s.v[i];

		s.v[i] = s.v[s.n - 1 - i];
		s.v[s.n - 1 - i] = x;
	}

	/* a corrupted timestamp: a receive 10 ms before its send */
	k = 10;
	s.v[k].recv_ns -= 10000000 + (uint64_t)(s.v[k].recv_ns - s.v[k].send_ns - 1500000000);
	r = lttr_sync_pair_fit(s.v, s.n, 0, 1, &p);
	ok(r == 0 && p.state == LTTR_SYNC_OK &&
	   p.ndropped == 1 && p.dropped[0] == k,
	   "a corrupted receive: dropped and named (state %d, %zu dropped, first %zu)", p.state,
	   p.ndropped, p.ndropped ? p.dropped[0] : (size_t)-1);
	check_pair(&p, "a corrupted receive dropped");

	/* one in ten corrupted: more than may be dropped, refused */
	for (i = 0; i < s.n; i += 10)
		if (s.v[i].src == 0)
			s.v[i].recv_ns -= 20000000;
	r = lttr_sync_pair_fit(s.v, s.n, 0, 1, &p);
	ok(r == 0 && p.state == LTTR_SYNC_CONTRADICT &&
	   p.ndropped == 2,
	   "one in ten corrupted: refused, two contradicting messages named (state %d, %zu)",
	   p.state, p.ndropped);
	ok(lttr_sync_hosts(s.v, s.n, 2, &m, &err) == 0 && !m.hosts[1].synced &&
	   m.hosts[1].pair == -1, "one in ten corrupted: host 1 is not synchronised");
	lttr_sync_model_free(&m);

	/* too few: one message back */
	s.n = 0;
	exchange(&s, 0, 1, 1, 500000);
	exchange(&s, 0, 1, 1, 500000);
	s.n--;
	r = lttr_sync_pair_fit(s.v, s.n, 0, 1, &p);
	ok(r == 0 && p.state == LTTR_SYNC_TOO_FEW &&
	   p.n_ab == 2 && p.n_ba == 1, "too few: 2 one way, 1 back: not synchronised (state %d)",
	   p.state);
	ok(lttr_sync_hosts(s.v, s.n, 2, &m, &err) == 0 && !m.hosts[1].synced,
	   "too few: host 1 left unsynchronised");
	lttr_sync_model_free(&m);

	/* three hosts: 0-1 and 1-2 close, 0-2 a few slow messages */
	s.n = 0;
	exchange(&s, 0, 1, 500, 500000);
	exchange(&s, 1, 2, 500, 500000);
	exchange(&s, 0, 2, 3, 5000000);
	ok(lttr_sync_hosts(s.v, s.n, 4, &m, &err) == 0 && m.npairs == 3,
	   "three hosts (and a fourth without messages): three pairs");
	ok(m.hosts[1].synced && m.hosts[1].parent == 0 && m.hosts[2].synced &&
	   m.hosts[2].parent == 1, "three hosts: host 2 is synchronised through host 1 (parent %ld)",
	   m.hosts[2].parent);
	ok(!m.hosts[3].synced, "three hosts: the host without messages is not synchronised");
	for (k = 0; k < m.npairs; k++)
		if (m.pairs[k].a == 1 && m.pairs[k].b == 2)
			check_pair(&m.pairs[k], "hosts 1-2");
	truth = clock_of(2, T0 + 5e9);
	t = m.hosts[2].offset_ns + m.hosts[2].slope * (T0 + 5e9);
	ok(fabs(t - truth) <= m.hosts[2].accuracy_ns && m.hosts[2].accuracy_ns <= 400000,
	   "three hosts: host 2 off by %.0f ns, within its accuracy %.0f ns", t - truth,
	   m.hosts[2].accuracy_ns);
	check_causal(&m, &s, "three hosts");
	lttr_sync_model_free(&m);

	/* a message between unknown hosts is refused */
	s.v[0].dst = 9;
	r = lttr_sync_hosts(s.v, s.n, 3, &m, &err);
	ok(r == -LTTR_E_INVAL && strstr(err.msg, "hosts"),
	   "a message to an unknown host is refused: %s", err.msg);
	free(s.v);
	return tap_done();
}
