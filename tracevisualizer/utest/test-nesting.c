// SPDX-License-Identifier: GPL-2.0
/*
 * test-nesting.c - the nesting algorithm on messages built by hand: the
 * paper's Figure 5 (two calls each nested in two, the scoreboard's peak
 * at the medium delay decides), the tie broken for the earliest
 * candidate, the task hint of traces, and the path patterns' figures.
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

int main(void)
{
	figure5();
	task_hint();
	return tap_done();
}
