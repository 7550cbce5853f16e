// SPDX-License-Identifier: GPL-2.0
/*
 * test-paths-run.c - the causal paths of a trace in one call
 * (lttr_paths_of_trace(), what the front ends run): the same pattern,
 * split and representative as its steps one by one; the progress of its
 * two passes told in order, each half of it; a cancel stopping it; the
 * convolution through the same call; the warnings of a set of messages
 * as sentences (lttr_msg_warnings()); the outlier rule of
 * lttr_msgset_sort() at its edges (docs/paths.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/paths/run.h>
#include "tap.h"
#include "tracegen.h"

/* the client calls srv, which calls db (tests/host/paths.t, section 9) */
static const char rpc[] =
	"header ncpus=4 end=1006000000 format=1.4\n"
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n"
	"proc PID: 10; PPID: 1; TGID: 10; NAME: cli\n"
	"proc PID: 20; PPID: 1; TGID: 20; NAME: srv\n"
	"proc PID: 30; PPID: 1; TGID: 30; NAME: db\n"
	"proc SOCKET: 150; TGID: 20; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -\n"
	"proc SOCKET: 350; TGID: 30; TYPE: 1; LOCAL: 127.0.0.3:7001; PEER: -\n"
	"buf cpu=0 start=1000000000 pid=10\n"
	"1000000000 start 10 0\n"
	"1000010000 syscall_entry 42\n"
	"1000010100 socket_endpoint 100 0 3 0 3 2 1 6 inet:127.0.0.1:40000 inet:127.0.0.2:7000\n"
	"1000010200 syscall_exit 42 0\n"
	"1000100000 syscall_entry 44\n"
	"1000110000 socket_send 100 64 64 2 1\n"
	"1000111000 syscall_exit 44 64\n"
	"1000120000 syscall_entry 45\n"
	"1000130000 sched 10 0 1\n"
	"1005000000 sched 0 10 0\n"
	"1005010000 socket_recv 100 4096 64 2 1\n"
	"1005011000 syscall_exit 45 64\n"
	"buf cpu=1 start=1000000000 pid=20\n"
	"1000000000 start 20 1\n"
	"1000005000 syscall_entry 43\n"
	"1000005100 socket_accept 200 150 4 0 5 2 1 6 inet:127.0.0.2:7000 inet:127.0.0.1:40000\n"
	"1000005200 syscall_exit 43 4\n"
	"1000006000 syscall_entry 42\n"
	"1000006100 socket_endpoint 210 0 5 0 3 2 1 6 inet:127.0.0.2:40001 inet:127.0.0.3:7001\n"
	"1000006200 syscall_exit 42 0\n"
	"1000007000 syscall_entry 45\n"
	"1000008000 sched 20 0 1\n"
	"1000112000 wakeup 20 1 0\n"
	"1000115000 sched 0 20 0\n"
	"1000120000 socket_recv 200 4096 64 2 1\n"
	"1000121000 syscall_exit 45 64\n"
	"1001121000 syscall_entry 44\n"
	"1001130000 socket_send 210 32 32 2 1\n"
	"1001131000 syscall_exit 44 32\n"
	"1001140000 syscall_entry 45\n"
	"1001150000 sched 20 0 1\n"
	"1004100000 wakeup 20 1 0\n"
	"1004110000 sched 0 20 0\n"
	"1004120000 socket_recv 210 4096 32 2 1\n"
	"1004121000 syscall_exit 45 32\n"
	"1004200000 syscall_entry 44\n"
	"1004210000 socket_send 200 64 64 2 1\n"
	"1004211000 syscall_exit 44 64\n"
	"1004300000 syscall_entry 45\n"
	"1004310000 sched 20 0 1\n"
	"buf cpu=2 start=1000000000 pid=30\n"
	"1000000000 start 30 2\n"
	"1000003000 syscall_entry 43\n"
	"1000003100 socket_accept 300 350 4 0 5 2 1 6 inet:127.0.0.3:7001 inet:127.0.0.2:40001\n"
	"1000003200 syscall_exit 43 4\n"
	"1000007000 syscall_entry 45\n"
	"1000009000 sched 30 0 1\n"
	"1001135000 wakeup 30 2 0\n"
	"1001140000 sched 0 30 0\n"
	"1001150000 socket_recv 300 4096 32 2 1\n"
	"1001151000 syscall_exit 45 32\n"
	"1001160000 syscall_entry 35\n"
	"1001170000 sched 30 0 1\n"
	"1003170000 wakeup 30 2 0\n"
	"1003180000 sched 0 30 0\n"
	"1003190000 syscall_exit 35 0\n"
	"1004000000 syscall_entry 44\n"
	"1004010000 socket_send 300 32 32 2 1\n"
	"1004011000 syscall_exit 44 32\n"
	"1004020000 syscall_entry 45\n"
	"1004030000 sched 30 0 1\n";

#define FILLER 140000	/* irq entries and exits on the idle CPU 3: 280000 events */

/* the trace: the RPC, then CPU 3 idle and interrupted every 100 ns */
static char *describe(void)
{
	size_t cap = sizeof(rpc) + (size_t)FILLER * 2 * 40 + 4096, n;
	char *d = malloc(cap);
	unsigned int i;

	if (!d)
		return NULL;
	n = (size_t)snprintf(d, cap, "%s", rpc);
	for (i = 0; i < FILLER; i++) {
		uint64_t t = 1000000000ULL + 100ULL * i;

		if (i % 1000 == 0)
			n += (size_t)snprintf(d + n, cap - n, "buf cpu=3 start=%llu pid=0\n",
					      (unsigned long long)t);
		n += (size_t)snprintf(d + n, cap - n, "%llu irq_entry 236 0\n%llu irq_exit 236 0\n",
				      (unsigned long long)t, (unsigned long long)t + 50);
	}
	return d;
}

struct seen {
	unsigned int n;
	unsigned int last;
	unsigned int below;	/* calls before the first at or above 500 */
	int ordered;
	unsigned int cancel_at;	/* cancel at this call (0: never) */
};

static int progress(void *arg, unsigned int permille)
{
	struct seen *s = arg;

	if (permille < s->last || permille > 1000)
		s->ordered = 0;
	if (permille < 500 && s->last < 500)
		s->below++;
	s->last = permille;
	s->n++;
	return s->cancel_at && s->n >= s->cancel_at;
}

static void of_trace(struct lttr_trace *t)
{
	struct lttr_paths_opts o;
	struct lttr_msgset *s = NULL;
	struct lttr_paths *p = NULL;
	struct seen sn = { 0, 0, 0, 1, 0 };
	struct lttr_error err;
	const struct lttr_pattern *pt;
	const struct lttr_callpair *c;
	int r;

	lttr_paths_defaults(&o);
	o.explain = true;
	r = lttr_paths_of_trace(t, LTTR_BY_PROCESS, &o, progress, &sn, &s, &p, &err);
	ok(r == 0 && p && s, "lttr_paths_of_trace(): messages, nesting, split, patterns (%s)",
	   r ? err.msg : "");
	if (r)
		return;
	pt = p->patterns->n ? &p->patterns->v[0] : NULL;
	ok(p->patterns->n == 1 && !strcmp(pt->key, "cli-10(srv-20(db-30))") && pt->count == 1 &&
	   pt->total_ns == 4910000 && p->split,
	   "the pattern cli(srv(db)), once, 4.91 ms as the client saw it, with its split");
	c = pt && pt->nodes[2].rep < p->nesting->npairs ? &p->nesting->pairs[pt->nodes[2].rep] : NULL;
	ok(c && c->call_recv == 1001150000 && c->ret_send == 1004000000 &&
	   s->v[c->call_msg].dst_pid == 30 && pt->nodes[2].split.known == 1 &&
	   pt->nodes[2].split.blocked_ns[LTTR_BLOCK_SLEEP] == 2000000,
	   "db's representative: its one call (received 1.00115 s, returned 1.004 s, task 30), asleep 2 ms");
	ok(sn.ordered && sn.n >= 3 && sn.below >= 1 && sn.last >= 500,
	   "the progress told %u times, never backwards, the messages' pass below 500, the split's above (last %u)",
	   sn.n, sn.last);
	lttr_paths_free(p);
	lttr_msgset_free(s);

	sn = (struct seen){ 0, 0, 0, 1, 1 };
	s = (struct lttr_msgset *)1;
	p = (struct lttr_paths *)1;
	r = lttr_paths_of_trace(t, LTTR_BY_PROCESS, &o, progress, &sn, &s, &p, &err);
	ok(r == -LTTR_E_CANCELED && err.code == LTTR_E_CANCELED && !s && !p && sn.n == 1,
	   "canceled at the first progress: -LTTR_E_CANCELED, nothing returned");
	/* the calls of a whole run counted, then canceled at its last */
	sn = (struct seen){ 0, 0, 0, 1, 0 };
	if (lttr_paths_of_trace(t, LTTR_BY_PROCESS, &o, progress, &sn, &s, &p, &err) == 0) {
		sn.cancel_at = sn.n;	/* the last call: in the split's pass */
		lttr_paths_free(p);
		lttr_msgset_free(s);
		sn.n = 0;
		sn.last = 0;
		r = lttr_paths_of_trace(t, LTTR_BY_PROCESS, &o, progress, &sn, &s, &p, &err);
	} else {
		r = 0;
	}
	ok(r == -LTTR_E_CANCELED && !s && !p && sn.last >= 500,
	   "canceled in the split's pass (at %u): -LTTR_E_CANCELED, nothing returned", sn.last);

	o.algorithm = LTTR_PATHS_CONVOLUTION;
	r = lttr_paths_of_trace(t, LTTR_BY_PROCESS, &o, NULL, NULL, &s, &p, &err);
	ok(r == 0 && p->graph && !p->patterns && !p->nesting && p->graph->nv >= 1 &&
	   !strcmp(s->nodes[p->graph->v[0].node], "cli-10"),
	   "convolution through the same call: a graph from the client (%zu vertices)",
	   r ? 0 : p->graph->nv);
	lttr_paths_free(p);
	lttr_msgset_free(s);
	o.conv.max_depth = 65;
	r = lttr_paths_of_trace(t, LTTR_BY_PROCESS, &o, NULL, NULL, &s, &p, &err);
	ok(r == -LTTR_E_INVAL && !s && !p, "bad convolution parameters (paths of 65 edges): -LTTR_E_INVAL (%s)",
	   r ? err.msg : "");
}

static void warnings(void)
{
	struct lttr_msg_warn w = { 0 };
	char v[2][LTTR_MSG_WARNING_LEN];

	ok(lttr_msg_warnings(&w, v, 2) == 0, "no warning, no sentence");
	w.lost_events = 7;
	w.send_only = 2;
	w.retransmits = 1;
	w.old_format = true;
	ok(lttr_msg_warnings(&w, NULL, 0) == 4 && lttr_msg_warnings(&w, v, 2) == 4 &&
	   !strncmp(v[0], "the trace's format is older than 1.4", 36) &&
	   !strcmp(v[1], "the trace lost 7 events: messages may be missing, or seen at one end only"),
	   "four warnings counted, the first two written: %s | %s", v[0], v[1]);
}

/* a set of @n messages A -> B, one every @step_ns from 1 s, then @nfar at @far_ns */
static struct lttr_msgset *spaced(size_t n, uint64_t step_ns, size_t nfar, uint64_t far_ns)
{
	struct lttr_msgset *s = lttr_msgset_new();
	struct lttr_msg m = { .kind = LTTR_MSG_CALL };
	size_t i;

	if (!s)
		return NULL;
	m.src = (uint32_t)lttr_msgset_node(s, "A");
	m.dst = (uint32_t)lttr_msgset_node(s, "B");
	for (i = 0; i < n + nfar; i++) {
		m.send_ns = m.recv_ns = i < n ? 1000000000 + i * step_ns : far_ns;
		m.id = i;
		if (lttr_msgset_add(s, &m)) {
			lttr_msgset_free(s);
			return NULL;
		}
	}
	lttr_msgset_sort(s);
	return s;
}

static size_t flagged(const struct lttr_msgset *s)
{
	size_t i, k = 0;

	for (i = 0; i < s->n; i++)
		k += !!(s->v[i].flags & LTTR_MSG_OUTLIER);
	return k;
}

static void outliers(void)
{
	char v[4][LTTR_MSG_WARNING_LEN] = { "" };
	struct lttr_msgset *s;

	/* 13 messages 10 ms apart (0.12 s), one at 19329 s */
	s = spaced(13, 10000000, 1, 19329000000000ULL);
	ok(s && s->warn.outliers == 1 && flagged(s) == 1 &&
	   (s->v[13].flags & LTTR_MSG_OUTLIER) && s->warn.outlier_sent &&
	   s->warn.outlier_ns == 19329000000000ULL && s->warn.others_first_ns == 1000000000 &&
	   s->warn.others_last_ns == 1120000000 && !strcmp(s->warn.outlier_what, "CALL A -> B 0.13"),
	   "13 messages within 0.12 s and one at 19329 s: it is the outlier, described");
	ok(s && lttr_msg_warnings(&s->warn, v, 4) == 1 &&
	   !strcmp(v[0], "1 message far from the others (docs/paths.md): CALL A -> B 0.13 sent at 19329.000000000 s, 19327.880000000 s after the others (1.000000000 s to 1.120000000 s); the convolution leaves it out"),
	   "its warning: %s", s ? v[0] : "");
	lttr_msgset_free(s);
	/* two far in 15: not an accident (more than one below 200) */
	s = spaced(13, 10000000, 2, 19329000000000ULL);
	ok(s && s->warn.outliers == 0 && flagged(s) == 0, "two far messages of 15: no outlier");
	lttr_msgset_free(s);
	/* 3 far in 300: 1 % */
	s = spaced(297, 10000000, 3, 5000000000000ULL);
	ok(s && s->warn.outliers == 3 && flagged(s) == 3 && lttr_msg_warnings(&s->warn, v, 4) == 1 &&
	   !strncmp(v[0], "3 messages far from the others (docs/paths.md): the farthest CALL A -> B", 72),
	   "three far messages of 300 (1 %%): three outliers, the farthest named: %s", s ? v[0] : "");
	lttr_msgset_free(s);
	/* 4 far in 300: more than 1 % */
	s = spaced(296, 10000000, 4, 5000000000000ULL);
	ok(s && s->warn.outliers == 0 && flagged(s) == 0, "four far messages of 300: no outlier");
	lttr_msgset_free(s);
	/* the gap must beat 100 x the quartiles' distance: 20 messages 1 s
	 * apart (quartiles 10 s apart) and one 900 s after: not an outlier;
	 * 1100 s after: one */
	s = spaced(20, 1000000000, 1, 1000000000 + 19000000000ULL + 900000000000ULL);
	ok(s && s->warn.outliers == 0, "a gap of 900 s after messages whose quartiles are 10 s apart: no outlier");
	lttr_msgset_free(s);
	s = spaced(20, 1000000000, 1, 1000000000 + 19000000000ULL + 1100000000000ULL);
	ok(s && s->warn.outliers == 1, "a gap of 1100 s: an outlier");
	lttr_msgset_free(s);
	/* every time the same: the fence is 1 s at least */
	s = spaced(20, 0, 1, 1900000000);
	ok(s && s->warn.outliers == 0, "20 messages at 1 s and one at 1.9 s: no outlier (the fence is 1 s)");
	lttr_msgset_free(s);
	s = spaced(20, 0, 1, 2100000000);
	ok(s && s->warn.outliers == 1 && !s->v[0].flags && s->warn.others_first_ns == s->warn.others_last_ns,
	   "20 messages at 1 s and one at 2.1 s: an outlier");
	lttr_msgset_free(s);
	/* before the bulk: 20 messages from 1001 s, one of them sent at 1 us */
	s = spaced(20, 10000000, 0, 0);
	if (s) {
		size_t i;

		for (i = 0; i < s->n; i++) {
			s->v[i].send_ns += 1000000000000ULL;
			s->v[i].recv_ns += 1000000000000ULL;
		}
		s->v[5].send_ns = 1000;
		lttr_msgset_sort(s);
	}
	ok(s && s->warn.outliers == 1 && s->warn.outlier_sent && s->warn.outlier_ns == 1000 &&
	   lttr_msg_warnings(&s->warn, v, 4) == 1 && strstr(v[0], " s before the others (") &&
	   (s->v[0].flags & LTTR_MSG_OUTLIER) && !(s->v[1].flags & LTTR_MSG_OUTLIER),
	   "a send at 1 us before messages at 1001 s: an outlier before them, sorted first: %s",
	   s ? v[0] : "");
	lttr_msgset_free(s);
}

int main(void)
{
	struct lttr_trace *t = NULL;
	struct lttr_error err;
	char *desc = describe();

	if (!desc || tg_open("rpc", desc, 0, &t, &err)) {
		ok(0, "the RPC trace written and opened (%s)", desc ? err.msg : "out of memory");
		free(desc);
		return tap_done();
	}
	free(desc);
	of_trace(t);
	lttr_trace_close(t);
	warnings();
	outliers();
	return tap_done();
}
