// SPDX-License-Identifier: GPL-2.0
/*
 * test-nesting.c - the nesting algorithm on messages built by hand: the
 * paper's Figure 5 (two calls each nested in two, the scoreboard's peak
 * at the medium delay decides), the tie broken for the earliest
 * candidate, the task hint of traces, and the path patterns' figures:
 * their exact percentiles and representative instances.
 */
#include <stdio.h>
#include <string.h>
#include <lttr/paths/message.h>
#include <lttr/paths/nesting.h>
#include <lttr/paths/pattern.h>
#include "tap.h"

#define MS 1000000ULL

static struct lttr_msgset *s;

/* a message of one time (or two), tasks @sp -> @dp */
static void msg(uint64_t send, uint64_t recv, const char *a, const char *b, int ret,
		const char *id, uint32_t sp, uint32_t dp)
{
	struct lttr_msg m = { .send_ns = send, .recv_ns = recv, .kind = (uint8_t)ret,
			      .src_pid = sp, .dst_pid = dp };

	m.src = (uint32_t)lttr_msgset_node(s, a);
	m.dst = (uint32_t)lttr_msgset_node(s, b);
	m.id = (uint64_t)lttr_msgset_id(s, id);
	lttr_msgset_add(s, &m);
}

/* the id of the chosen parent of the call pair of id @id, "-" for none */
static const char *parent_of(const struct lttr_nesting *n, const char *id)
{
	size_t i;

	for (i = 0; i < n->npairs; i++) {
		const struct lttr_callpair *c = &n->pairs[i];

		if (strcmp(s->ids[s->v[c->call_msg].id], id))
			continue;
		if (c->parent == LTTR_NO_PAIR)
			return "-";
		return s->ids[s->v[n->pairs[c->parent].call_msg].id];
	}
	return "?";
}

static struct lttr_nesting *run(bool hint)
{
	struct lttr_nest_opts o;
	struct lttr_nesting *n = NULL;
	struct lttr_error err;

	lttr_nest_defaults(&o);
	o.task_hint = hint;
	lttr_msgset_sort(s);
	if (lttr_nesting_run(s, &o, &n, &err) < 0)
		tap_diag("%s", err.msg);
	return n;
}

/*
 * Figure 5 repeated: A calls B at 0 and 10 ms (returns at 50, 60), B
 * calls C at 20 and 30 ms; the medium delay (20 ms) twice as often as the
 * short and long ones: each C call goes to the parent 20 ms before it.
 * Three more single calls make the 20 ms peak.
 */
static void figure5(void)
{
	struct lttr_nesting *n;
	struct lttr_patterns *p = NULL;
	struct lttr_error err;
	uint64_t t;
	int k;

	s = lttr_msgset_new();
	msg(0, 0, "A", "B", 0, "p1", 0, 0);
	msg(10 * MS, 10 * MS, "A", "B", 0, "p2", 0, 0);
	msg(20 * MS, 20 * MS, "B", "C", 0, "c1", 0, 0);
	msg(25 * MS, 25 * MS, "C", "B", 1, "c1", 0, 0);
	msg(30 * MS, 30 * MS, "B", "C", 0, "c2", 0, 0);
	msg(35 * MS, 35 * MS, "C", "B", 1, "c2", 0, 0);
	msg(50 * MS, 50 * MS, "B", "A", 1, "p1", 0, 0);
	msg(60 * MS, 60 * MS, "B", "A", 1, "p2", 0, 0);
	for (k = 0, t = 1000 * MS; k < 3; k++, t += 100 * MS) {
		char a[8], c[8];

		snprintf(a, sizeof(a), "q%d", k);
		snprintf(c, sizeof(c), "d%d", k);
		msg(t, t, "A", "B", 0, a, 0, 0);
		msg(t + 20 * MS, t + 20 * MS, "B", "C", 0, c, 0, 0);
		msg(t + 25 * MS, t + 25 * MS, "C", "B", 1, c, 0, 0);
		msg(t + 40 * MS, t + 40 * MS, "B", "A", 1, a, 0, 0);
	}
	n = run(true);
	ok(n && n->npairs == 10 && n->roots == 5 && n->ncand == 7,
	   "figure 5: 10 call pairs, 5 roots, 7 candidate nestings (%zu, %zu, %zu)",
	   n ? n->npairs : 0, n ? n->roots : 0, n ? n->ncand : 0);
	ok(n && !strcmp(parent_of(n, "c1"), "p1") && !strcmp(parent_of(n, "c2"), "p2") &&
	   !strcmp(parent_of(n, "p1"), "-"),
	   "figure 5: each C call to the parent 20 ms before it (c1 -> %s, c2 -> %s)",
	   n ? parent_of(n, "c1") : "", n ? parent_of(n, "c2") : "");
	ok(n && lttr_patterns_build(s, n, NULL, LTTR_SORT_COUNT, &p, &err) == 0 &&
	   p->n == 1 && p->v[0].count == 5 && !strcmp(p->v[0].key, "A(B(C))") &&
	   p->v[0].nodes[2].delay.min == 20 * MS && p->v[0].nodes[2].delay.max == 20 * MS &&
	   p->v[0].nodes[2].latency.total == 25 * MS,
	   "figure 5: one pattern A(B(C)) of 5 paths, every C delay 20 ms, C latencies 5 ms each");
	lttr_patterns_free(p);
	lttr_nesting_free(n);
	lttr_msgset_free(s);
}

/*
 * Two requests at a thread-per-request server: A's calls received by B's
 * tasks 21 (at 0) and 22 (at 1 ms); task 22 calls C at 1.5 ms.  The
 * scoreboard has one entry each (0.5 ms and 1.5 ms): a tie, the earliest
 * candidate wins, wrongly; the task hint keeps the call its task received.
 */
static void task_hint(void)
{
	struct lttr_nesting *n;

	s = lttr_msgset_new();
	msg(0, 100, "A", "B", 0, "r1", 11, 21);
	msg(1 * MS, 1 * MS + 100, "A", "B", 0, "r2", 12, 22);
	msg(1500 * 1000, 1500 * 1000 + 100, "B", "C", 0, "x", 22, 31);
	msg(2 * MS, 2 * MS + 100, "C", "B", 1, "x", 31, 22);
	msg(3 * MS, 3 * MS + 100, "B", "A", 1, "r2", 22, 12);
	msg(4 * MS, 4 * MS + 100, "B", "A", 1, "r1", 21, 11);
	n = run(false);
	ok(n && !strcmp(parent_of(n, "x"), "r1"),
	   "without the task hint (the paper's algorithm): the tie goes to the earliest candidate (%s)",
	   n ? parent_of(n, "x") : "");
	lttr_nesting_free(n);
	n = run(true);
	ok(n && !strcmp(parent_of(n, "x"), "r2") && n->pairs[0].ncand + n->pairs[1].ncand +
	   n->pairs[2].ncand == 1,
	   "with it: the call the calling task received (%s), the only candidate left",
	   n ? parent_of(n, "x") : "");
	lttr_nesting_free(n);
	lttr_msgset_free(s);
}

/* the id of call pair @i */
static const char *id_of(const struct lttr_nesting *n, size_t i)
{
	return i < n->npairs ? s->ids[s->v[n->pairs[i].call_msg].id] : "none";
}

/*
 * Ten requests A -> B (r0..r9), B's latency 2 ms more than 1..10 ms in a
 * shuffled order, each calling C (x0..x9, 100 ns at C) 0.5 + k * 0.1 ms
 * after it got the request; two of them (r3, r7) share the median
 * latency: nearest ranks, p50 the 5th (7 ms), p90 the 9th (11 ms), the
 * representative the earliest call of the median latency (r3), the
 * delays' p50 and p90 likewise.  The pattern's own representative is the
 * median path as A saw it.
 */
static void percentiles(void)
{
	static const unsigned int lat[10] = { 7, 2, 10, 5, 1, 9, 3, 5, 6, 4 };
	struct lttr_nesting *n;
	struct lttr_patterns *p = NULL;
	struct lttr_error err;
	const struct lttr_pnode *b, *c;
	unsigned int k;

	s = lttr_msgset_new();
	for (k = 0; k < 10; k++) {
		uint64_t t = k * 100 * MS, l = lat[k] * MS, d = 500 * 1000 + k * 100 * 1000;
		char r[8], x[8];

		snprintf(r, sizeof(r), "r%u", k);
		snprintf(x, sizeof(x), "x%u", k);
		msg(t, t + 1000, "A", "B", 0, r, 0, 0);
		msg(t + 1000 + d, t + 2000 + d, "B", "C", 0, x, 0, 0);
		msg(t + 2000 + d + 100, t + 3000 + d + 100, "C", "B", 1, x, 0, 0);
		msg(t + 1000 + l + 2 * MS, t + 2000 + l + 2 * MS, "B", "A", 1, r, 0, 0);
	}
	n = run(true);
	if (!n || lttr_patterns_build(s, n, NULL, LTTR_SORT_COUNT, &p, &err) || p->n != 1 ||
	    p->v[0].nnodes != 3) {
		ok(0, "percentiles: one pattern A(B(C)) of ten paths");
		lttr_patterns_free(p);
		lttr_nesting_free(n);
		lttr_msgset_free(s);
		return;
	}
	b = &p->v[0].nodes[1];
	c = &p->v[0].nodes[2];
	ok(b->latency_p50_ns == b->latency.min + 4 * MS && b->latency_p90_ns == b->latency.min + 8 * MS,
	   "p50 and p90 of B's latency: the 5th and the 9th of ten (%llu, %llu from min %llu)",
	   (unsigned long long)b->latency_p50_ns, (unsigned long long)b->latency_p90_ns,
	   (unsigned long long)b->latency.min);
	ok(!strcmp(id_of(n, b->rep), "r3"),
	   "B's representative: the earliest request of the median latency (r3, not r7: %s)",
	   id_of(n, b->rep));
	ok(b->latency.min == 3 * MS && c->delay_p50_ns == 500 * 1000 + 4 * 100 * 1000 &&
	   c->delay_p90_ns == 500 * 1000 + 8 * 100 * 1000 && c->latency_p50_ns == 100 &&
	   c->latency_p90_ns == 100,
	   "C's delays: p50 0.9 ms, p90 1.3 ms; its latencies all 100 ns (%llu, %llu, %llu)",
	   (unsigned long long)c->delay_p50_ns, (unsigned long long)c->delay_p90_ns,
	   (unsigned long long)c->latency_p50_ns);
	ok(!strcmp(id_of(n, c->rep), "x0"),
	   "C's representative: every latency equal, the earliest call (%s)", id_of(n, c->rep));
	/* as A saw them, r3 and r7 are the median too */
	ok(!strcmp(id_of(n, p->v[0].rep), "r3") && p->v[0].nodes[0].rep == LTTR_NO_PAIR,
	   "the pattern's representative path: the median as A saw it (%s)", id_of(n, p->v[0].rep));
	ok(lttr_pnode_transit_mean(b) == 2000 && lttr_pnode_transit_mean(c) == 2000,
	   "mean transits: 1 us each way (%llu, %llu)",
	   (unsigned long long)lttr_pnode_transit_mean(b), (unsigned long long)lttr_pnode_transit_mean(c));
	lttr_patterns_free(p);
	lttr_nesting_free(n);
	lttr_msgset_free(s);
}

/* the split's means: each sum divided by the instances, rounded down */
static void split_mean(void)
{
	struct lttr_hop_split sum = { .known = 3, .oncpu_ns = 10, .runnable_ns = 3,
				      .other_ns = 2 }, m;

	sum.blocked_ns[LTTR_BLOCK_SLEEP] = 30;
	lttr_hop_split_mean(&sum, &m);
	ok(m.known == 3 && m.oncpu_ns == 3 && m.runnable_ns == 1 && m.other_ns == 0 &&
	   m.blocked_ns[LTTR_BLOCK_SLEEP] == 10 && m.blocked_ns[LTTR_BLOCK_IO] == 0,
	   "lttr_hop_split_mean(): sums of 3 instances divided, rounded down");
	sum.known = 0;
	lttr_hop_split_mean(&sum, &m);
	ok(m.known == 0 && m.oncpu_ns == 0 && m.blocked_ns[LTTR_BLOCK_SLEEP] == 0,
	   "lttr_hop_split_mean(): no instance known, all zero");
}

int main(void)
{
	figure5();
	task_hint();
	percentiles();
	split_mean();
	return tap_done();
}
