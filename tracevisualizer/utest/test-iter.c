// SPDX-License-Identifier: GPL-2.0
/*
 * test-iter.c - merged iteration: order across CPUs (ties), backward is
 * the exact reverse of forward (same pids, same control flags), seeking,
 * mixed next/prev walks, against a reference model on random traces
 * (every other one written with compact records: the same events, the
 * same payloads once decoded).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

struct refrec {
	uint64_t time;
	unsigned int cpu;
	unsigned int buf;	/* buffer index on its CPU */
	unsigned int ord;	/* order on its CPU */
	unsigned int id;
	uint32_t pid;
	bool control;
	uint8_t payload[24];
	size_t plen;
	uint64_t seq_in_file;	/* set when written */
};

struct refbuf {
	uint64_t start;
	uint32_t pid;
	size_t first, n;	/* records [first, first + n) of the CPU */
};

#define MAXR 20000

static struct refrec recs[LTT_MAX_CPUS][MAXR];
static size_t nrec[LTT_MAX_CPUS];
static struct refbuf bufs[LTT_MAX_CPUS][MAXR];
static size_t nbuf[LTT_MAX_CPUS];

static unsigned int rnd(unsigned int n)
{
	return (unsigned int)(random() % n);
}

/* model of one CPU: current pid and an explicit entry stack */
struct model {
	uint32_t pid;
	int kind[64];
	bool user[64];
	int depth;
	bool in_syscall;
};

/*
 * @prio: give schedchange and wakeup random priorities and policies (a
 * format 1.3 trace), else none (0: an older format's, read as 0)
 */
static void gen_cpu(unsigned int cpu, size_t n, uint64_t t0, bool prio)
{
	struct model m = { .pid = 1 + cpu };
	uint64_t t = t0;
	size_t i;

	nrec[cpu] = 0;
	nbuf[cpu] = 0;
	for (i = 0; i < n; i++) {
		struct refrec *r = &recs[cpu][nrec[cpu]];
		unsigned int c = rnd(12);

		memset(r, 0, sizeof(*r));
		t += rnd(3);			/* many ties */
		if (rnd(500) == 0)
			t += 5000000000ULL;	/* needs a new buffer */
		r->time = t;
		r->cpu = cpu;
		r->pid = m.pid;
		if (c < 3 && m.depth < 16) {		/* irq or trap entry */
			bool user = m.depth == 0 && !m.in_syscall && rnd(2);
			int kind = rnd(2);

			m.kind[m.depth] = kind;
			m.user[m.depth] = user;
			m.depth++;
			r->control = user;
			if (kind == 0) {
				struct ltt_ev_irq_entry e = { rnd(20), user ? LTT_IRQ_USER : 0 };

				r->id = LTT_EV_IRQ_ENTRY;
				memcpy(r->payload, &e, sizeof(e));
				r->plen = sizeof(e);
			} else {
				struct ltt_ev_trap_entry e = { 0x1000, 0x2000, 14, user ? LTT_TRAP_USER : 0 };

				r->id = LTT_EV_TRAP_ENTRY;
				memcpy(r->payload, &e, sizeof(e));
				r->plen = sizeof(e);
			}
		} else if (c < 6 && m.depth > 0) {	/* matching exit */
			m.depth--;
			r->control = m.user[m.depth];
			if (m.kind[m.depth] == 0) {
				struct ltt_ev_irq_exit e = { 1, 0 };

				r->id = LTT_EV_IRQ_EXIT;
				memcpy(r->payload, &e, sizeof(e));
				r->plen = sizeof(e);
			} else {
				struct ltt_ev_trap_exit e = { 14 };

				r->id = LTT_EV_TRAP_EXIT;
				memcpy(r->payload, &e, sizeof(e));
				r->plen = sizeof(e);
			}
		} else if (c < 8 && m.depth == 0) {	/* syscall */
			struct ltt_ev_syscall_entry e = { 0x400000, rnd(400) };
			struct ltt_ev_syscall_exit x = { 0, e.nr };

			r->control = true;
			if (!m.in_syscall) {
				r->id = LTT_EV_SYSCALL_ENTRY;
				memcpy(r->payload, &e, sizeof(e));
				r->plen = sizeof(e);
			} else {
				r->id = LTT_EV_SYSCALL_EXIT;
				memcpy(r->payload, &x, sizeof(x));
				r->plen = sizeof(x);
			}
			m.in_syscall = !m.in_syscall;
		} else if (c < 10 && m.depth == 0) {	/* schedchange */
			struct ltt_ev_schedchange e = {
				.prev_pid = m.pid, .next_pid = 1 + rnd(9),
				.prev_state = (int32_t)rnd(2),
				.prev_prio = prio ? (int16_t)rnd(141) - 1 : 0,
				.next_prio = prio ? (int16_t)rnd(141) - 1 : 0,
				.prev_policy = prio ? (uint8_t)rnd(7) : 0,
				.next_policy = prio ? (uint8_t)rnd(7) : 0,
			};

			r->id = LTT_EV_SCHEDCHANGE;
			r->control = true;
			memcpy(r->payload, &e, sizeof(e));
			r->plen = sizeof(e);
			m.pid = e.next_pid;
		} else {
			struct ltt_ev_process_wakeup e = {
				.pid = rnd(100), .cpu = (uint16_t)cpu,
				.prio = prio ? (int16_t)rnd(141) - 1 : 0,
				.waker_prio = prio ? (int16_t)rnd(141) - 1 : 0,
				.policy = prio ? (uint8_t)rnd(7) : 0,
				.waker_policy = prio ? (uint8_t)rnd(7) : 0,
			};

			r->id = LTT_EV_PROCESS_WAKEUP;
			memcpy(r->payload, &e, sizeof(e));
			r->plen = sizeof(e);
		}
		/* buffer boundaries: random, forced by long gaps */
		if (nbuf[cpu] == 0 || rnd(15) == 0 ||
		    t - bufs[cpu][nbuf[cpu] - 1].start > UINT32_MAX) {
			struct refbuf *b = &bufs[cpu][nbuf[cpu]++];

			b->start = t - rnd(2);
			if (nbuf[cpu] > 1 && b->start < bufs[cpu][nbuf[cpu] - 2].start)
				b->start = bufs[cpu][nbuf[cpu] - 2].start;
			/* as the module opens one: not before the last record */
			if (nrec[cpu] && b->start < recs[cpu][nrec[cpu] - 1].time)
				b->start = recs[cpu][nrec[cpu] - 1].time;
			b->pid = r->pid;	/* pid current when opened */
			b->first = nrec[cpu];
			b->n = 0;
			if (rnd(10) == 0) {	/* an empty buffer too */
				struct refbuf *e = &bufs[cpu][nbuf[cpu]++];

				*e = *b;
				b->n = 0;
				e->first = nrec[cpu];
			}
		}
		r->buf = (unsigned int)(nbuf[cpu] - 1);
		r->ord = (unsigned int)bufs[cpu][nbuf[cpu] - 1].n;
		bufs[cpu][nbuf[cpu] - 1].n++;
		nrec[cpu]++;
	}
}

/*
 * write the model as a trace, buffers of the CPUs interleaved at random;
 * @compact: a format 1.3 trace whose records are compact when they fit
 * (else 1.0: schedchange and wakeup without priorities)
 */
static int write_model(const char *dir, unsigned int ncpus, bool compact)
{
	struct tg *g = tg_new();
	size_t next[LTT_MAX_CPUS] = { 0 };
	uint64_t fileseq = 0;
	unsigned int c;
	char err[256];
	int left = 1, r;

	tg_header(g)->ncpus = ncpus;
	tg_header(g)->buffer_size = 1 << 20;
	if (compact) {
		tg_header(g)->minor = 3;
		tg_header(g)->header_size = sizeof(struct ltt_trace_header);
		tg_set_compact(g, 1);
	}
	while (left) {
		left = 0;
		for (c = 0; c < ncpus; c++)
			left |= next[c] < nbuf[c];
		if (!left)
			break;
		do
			c = rnd(ncpus);
		while (next[c] >= nbuf[c]);
		{
			struct refbuf *b = &bufs[c][next[c]++];
			size_t i;

			tg_buffer(g, c, b->start, b->pid, 0);
			for (i = b->first; i < b->first + b->n; i++) {
				struct refrec *rr = &recs[c][i];

				rr->seq_in_file = fileseq++;
				if (tg_event(g, rr->time, rr->id, rr->payload, rr->plen)) {
					tg_free(g);
					return -1;
				}
			}
		}
	}
	r = tg_write(g, dir, err, sizeof(err));
	tg_free(g);
	return r;
}

static struct refrec **merged;
static size_t nmerged;

static int cmp_ref(const void *a, const void *b)
{
	const struct refrec *x = *(const struct refrec *const *)a;
	const struct refrec *y = *(const struct refrec *const *)b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->seq_in_file < y->seq_in_file ? -1 : 1;
}

static void build_merged(unsigned int ncpus)
{
	unsigned int c;
	size_t i;

	nmerged = 0;
	for (c = 0; c < ncpus; c++)
		for (i = 0; i < nrec[c]; i++)
			merged[nmerged++] = &recs[c][i];
	qsort(merged, nmerged, sizeof(*merged), cmp_ref);
}

static bool same_event(const struct lttr_event *a, const struct lttr_event *b)
{
	int ps = lttr_event_payload_size(a->id);

	return a->time_ns == b->time_ns && a->offset == b->offset &&
		a->pid == b->pid && a->cpu == b->cpu && a->id == b->id &&
		a->rec_flags == b->rec_flags && a->size == b->size &&
		a->known == b->known && a->details == b->details &&
		a->control == b->control && a->var_len == b->var_len &&
		a->p_missing == b->p_missing &&
		a->var == b->var &&
		(ps < 0 || !a->details || !memcmp(&a->p, &b->p, (size_t)ps));
}

static bool same(const struct lttr_event *ev, const struct refrec *r)
{
	return ev->time_ns == r->time && ev->cpu == r->cpu && ev->id == r->id &&
		ev->pid == r->pid && ev->control == r->control && ev->details &&
		!memcmp(&ev->p, r->payload, r->plen);
}

static void random_trace_tests(int round, unsigned int ncpus, size_t per_cpu)
{
	char name[32];
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *fw, *bw;
	struct lttr_iter *it;
	size_t nf, nb, i, bad = SIZE_MAX, pos;
	unsigned int c;
	int sf, sb, r;
	bool good;

	for (c = 0; c < ncpus; c++)
		gen_cpu(c, per_cpu - rnd((unsigned int)per_cpu / 2),
			1000000000ULL + rnd(50), round % 2);
	snprintf(name, sizeof(name), "rand%d", round);
	/* odd rounds: compact records, expanded by the iterator's fast path */
	if (write_model(tg_dir(name), ncpus, round % 2)) {
		ok(0, "round %d: trace written", round);
		return;
	}
	build_merged(ncpus);
	r = lttr_trace_open(tg_dir(name), 0, &t, &err);
	if (!ok(r == 0, "round %d: %u CPUs, %zu events%s: opens", round, ncpus, nmerged,
		round % 2 ? ", compact records" : "")) {
		tap_diag("%s", err.msg);
		return;
	}
	fw = tg_all_events(t, &nf, 0, &sf);
	for (i = 0; i < nf && i < nmerged; i++)
		if (!same(&fw[i], merged[i])) {
			bad = i;
			break;
		}
	ok(sf == 0 && nf == nmerged && bad == SIZE_MAX,
	   "round %d: forward = reference merge (time, cpu, file order), pids and control", round);
	if (bad != SIZE_MAX)
		tap_diag("first difference at %zu: got t=%llu cpu=%u pid=%u id=%u ctl=%d; want t=%llu cpu=%u pid=%u id=%u ctl=%d",
			 bad, (unsigned long long)fw[bad].time_ns, fw[bad].cpu, fw[bad].pid,
			 fw[bad].id, fw[bad].control, (unsigned long long)merged[bad]->time,
			 merged[bad]->cpu, merged[bad]->pid, merged[bad]->id, merged[bad]->control);
	good = true;
	for (i = 1; i < nf; i++)
		if (fw[i].time_ns < fw[i - 1].time_ns ||
		    (fw[i].time_ns == fw[i - 1].time_ns && fw[i].cpu < fw[i - 1].cpu))
			good = false;
	ok(good, "round %d: times non-decreasing, ties by cpu", round);
	lttr_trace_close(t);

	/* backward on a fresh open (nothing known yet about nesting) */
	lttr_trace_open(tg_dir(name), 0, &t, &err);
	bw = tg_all_events(t, &nb, 1, &sb);
	good = sb == 0 && nb == nf;
	for (i = 0; good && i < nb; i++)
		if (!same_event(&bw[i], &fw[nf - 1 - i]))
			good = false;
	ok(good, "round %d: backward = exact reverse of forward (%zu events)", round, nb);

	/* random walk of next/prev against the reference */
	lttr_iter_new(t, &it, NULL);
	pos = 0;
	good = true;
	for (i = 0; i < 4 * nmerged && good; i++) {
		struct lttr_event ev;

		if (rnd(3)) {
			r = lttr_iter_next(it, &ev);
			if (pos == nmerged)
				good = r == 0;
			else
				good = r == 1 && same(&ev, merged[pos++]);
		} else {
			r = lttr_iter_prev(it, &ev);
			if (pos == 0)
				good = r == 0;
			else
				good = r == 1 && same(&ev, merged[--pos]);
		}
		if (!good)
			tap_diag("random walk failed at step %zu (pos %zu, r %d)", i, pos, r);
	}
	ok(good, "round %d: random next/prev walk matches the reference", round);

	/* seek to random times */
	good = true;
	for (i = 0; i < 50 && good; i++) {
		struct lttr_event ev;
		uint64_t when = merged[rnd((unsigned int)nmerged)]->time + rnd(2);
		size_t k = 0;

		while (k < nmerged && merged[k]->time < when)
			k++;
		lttr_iter_seek_time(it, when);
		r = lttr_iter_next(it, &ev);
		good = k == nmerged ? r == 0 : (r == 1 && same(&ev, merged[k]));
		if (good && k > 0) {
			if (k < nmerged)
				lttr_iter_prev(it, &ev);	/* back over it */
			r = lttr_iter_prev(it, &ev);
			good = r == 1 && same(&ev, merged[k - 1]);
		}
		if (!good)
			tap_diag("seek %llu failed (k %zu r %d) got t=%llu cpu %u", (unsigned long long)when, k, r,
				 (unsigned long long)ev.time_ns, ev.cpu);
	}
	ok(good, "round %d: seek_time + next/prev match the reference", round);
	lttr_iter_free(it);
	lttr_trace_close(t);
	free(fw);
	free(bw);
}

static void tie_tests(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *v;
	size_t n;
	int st;

	/* file order: cpu1's buffer first; equal times on both CPUs */
	tg_open("ties",
		"header ncpus=3 start=50\n"
		"buf cpu=2 start=100 pid=30\n"
		"100 syscall_entry 1\n"
		"buf cpu=1 start=100 pid=20\n"
		"100 syscall_entry 2\n"
		"100 syscall_entry 3\n"
		"buf cpu=0 start=100 pid=10\n"
		"100 syscall_entry 4\n"
		"101 syscall_entry 5\n"
		"buf cpu=1 start=101 pid=20\n"
		"101 syscall_entry 6\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 6 && v[0].cpu == 0 && v[0].p.syscall_entry.nr == 4 &&
	   v[1].cpu == 1 && v[1].p.syscall_entry.nr == 2 &&
	   v[2].cpu == 1 && v[2].p.syscall_entry.nr == 3 &&
	   v[3].cpu == 2 && v[4].cpu == 0 && v[5].cpu == 1,
	   "equal times: by cpu id, then file order within a cpu");
	free(v);
	v = tg_all_events(t, &n, 1, &st);
	ok(n == 6 && v[5].p.syscall_entry.nr == 4 && v[4].p.syscall_entry.nr == 2 &&
	   v[3].p.syscall_entry.nr == 3 && v[0].p.syscall_entry.nr == 6,
	   "equal times backward: exact reverse");
	free(v);
	lttr_trace_close(t);

	/* a time gap larger than 32 bits: split buffers */
	tg_open("gap",
		"buf cpu=0 start=1000000000 pid=1\n"
		"1000000000 syscall_entry 1\n"
		"buf cpu=0 start=9000000000 pid=1 flags=2\n"
		"9000000001 syscall_exit 1 0\n"
		"buf cpu=0 start=99000000000 pid=1 flags=2\n"
		"99000000002 syscall_entry 2\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 3 && v[1].time_ns == 9000000001ULL && v[2].time_ns == 99000000002ULL,
	   "buffers split on a 32-bit delta overflow: absolute times kept");
	free(v);
	lttr_trace_close(t);
}

int main(void)
{
	int round;

	merged = malloc(LTT_MAX_CPUS * MAXR * sizeof(*merged));
	srandom(12345);
	tap_plan(3 + 12 * 6);
	tie_tests();
	for (round = 0; round < 12; round++)
		random_trace_tests(round, 1 + round % 4, round < 10 ? 300 : 5000);
	free(merged);
	return tap_done();
}
