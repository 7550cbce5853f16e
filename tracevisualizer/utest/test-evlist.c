// SPDX-License-Identifier: GPL-2.0
/*
 * test-evlist.c - the events list (lttr/view/evlist.h) on a two-CPU
 * trace whose every event is known: the same times on both CPUs (the CPU
 * orders them), two opens 5,780 events apart (so that the search takes
 * over from the iterator), a read on each side of them.  Exact cases:
 * the list of every event forward and backward is the merged iterator's;
 * every index is found and every event's index is its own; a time alone
 * and an event as positions, inclusive or not; the end; with a filter,
 * the matching events only, forward, backward and from any place, with
 * the window's search (set_find) used past a long run and its cancel
 * reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/filter.h>
#include <lttr/view/evlist.h>
#include <lttr/view/evwin.h>
#include "tap.h"
#include "tracegen.h"

#define T0	1000000000ULL
#define PER_CPU	3000		/* events of each CPU */
#define STEP	100		/* ns between two events of a CPU */
#define OPEN0	10		/* the open of CPU 0: its 11th event */
#define OPEN1	2900		/* the open of CPU 1 */

/* CPU 0 and 1 at the same times: syscall entries and exits, two opens */
static char *make_desc(void)
{
	size_t cap = 1 << 20, n = 0;
	char *d = malloc(cap);
	unsigned int cpu, i;

	if (!d)
		return NULL;
	n += (size_t)snprintf(d + n, cap - n, "header ncpus=2 end=%llu\n"
			      "proc PID: 5; PPID: 1; TGID: 5; NAME: cat\n"
			      "proc PID: 6; PPID: 1; TGID: 6; NAME: grep\n",
			      T0 + PER_CPU * STEP);
	for (cpu = 0; cpu < 2; cpu++) {
		for (i = 0; i < PER_CPU; i++) {
			unsigned long long t = T0 + (unsigned long long)i * STEP;

			if (i % 250 == 0)
				n += (size_t)snprintf(d + n, cap - n, "buf cpu=%u start=%llu pid=%u\n",
						      cpu, t, 5 + cpu);
			if (i == (cpu ? OPEN1 : OPEN0))
				n += (size_t)snprintf(d + n, cap - n, "%llu fs_open 3 0 0 /etc/cpu%u\n",
						      t, cpu);
			else if (i % 2)
				n += (size_t)snprintf(d + n, cap - n, "%llu syscall_exit 2 3\n", t);
			else
				n += (size_t)snprintf(d + n, cap - n, "%llu syscall_entry 2\n", t);
		}
	}
	return d;
}

static bool same(const struct lttr_event *a, const struct lttr_event *b)
{
	return a->time_ns == b->time_ns && a->cpu == b->cpu && a->offset == b->offset &&
	       a->id == b->id && a->pid == b->pid;
}

/* the window's search: the view's, counted, canceled when asked */
struct finder {
	struct lttr_view *v;
	unsigned int calls;
	bool cancel;
};

static int find_cb(void *arg, const struct lttr_filter *f, const struct lttr_view_pos *from,
		   bool inclusive, int dir, struct lttr_event *out, struct lttr_error *err)
{
	struct finder *fd = arg;

	fd->calls++;
	if (fd->cancel)
		return lttr_error_set(err, LTTR_E_CANCELED, "canceled");
	return lttr_view_find(fd->v, f, from, inclusive, dir, NULL, NULL, out, NULL, err);
}

static void test_all(struct lttr_evlist *l, const struct lttr_event *all, size_t n)
{
	struct lttr_event ev;
	struct lttr_view_pos p;
	size_t i, bad = 0;
	uint64_t k;
	int r;

	ok(lttr_evlist_total(l) == n && n == 2 * PER_CPU, "total: %llu events",
	   (unsigned long long)lttr_evlist_total(l));
	ok(lttr_evlist_seek(l, NULL, false) == 0, "seek to the start");
	for (i = 0; (r = lttr_evlist_next(l, &ev)) == 1; i++)
		if (i >= n || !same(&ev, &all[i]))
			bad++;
	ok(r == 0 && i == n && !bad, "forward: the %zu events of the merged order (%zu differ)",
	   i, bad);
	ok(all[0].cpu == 0 && all[1].cpu == 1 && all[0].time_ns == all[1].time_ns,
	   "the same time on both CPUs: CPU 0 first");
	bad = 0;
	ok(lttr_evlist_seek_end(l) == 0, "seek to the end");
	for (i = 0; (r = lttr_evlist_prev(l, &ev)) == 1; i++)
		if (i >= n || !same(&ev, &all[n - 1 - i]))
			bad++;
	ok(r == 0 && i == n && !bad, "backward: the same %zu events in reverse (%zu differ)", i, bad);

	bad = 0;
	for (k = 0; k < n; k += 7)
		if (lttr_evlist_seek_index(l, k) || lttr_evlist_next(l, &ev) != 1 || !same(&ev, &all[k]))
			bad++;
	ok(!bad, "seek_index(k) then next: event k, every 7th k (%zu differ)", bad);
	ok(lttr_evlist_seek_index(l, n - 1) == 0 && lttr_evlist_next(l, &ev) == 1 &&
	   same(&ev, &all[n - 1]) && lttr_evlist_next(l, &ev) == 0,
	   "seek_index(last): the last event, then the end");
	ok(lttr_evlist_seek_index(l, n + 5) == 0 && lttr_evlist_next(l, &ev) == 0 &&
	   lttr_evlist_prev(l, &ev) == 1 && same(&ev, &all[n - 1]),
	   "seek_index(past the end): the end, the last event before it");
	bad = 0;
	for (i = 0; i < n; i += 5) {
		uint64_t a = 0, b = 0;

		p = lttr_view_pos_of(&all[i]);
		if (lttr_evlist_index_of(l, &p, true, &a) || a != i ||
		    lttr_evlist_index_of(l, &p, false, &b) || b != i + 1)
			bad++;
	}
	ok(!bad, "index_of an event: its index, or the next one's when not inclusive (%zu differ)",
	   bad);

	/* positions: an event of CPU 1, a time alone */
	p = lttr_view_pos_of(&all[21]);	/* CPU 1, T0 + 1000 */
	ok(all[21].cpu == 1 && lttr_evlist_after(l, &p, true, &ev) == 1 && same(&ev, &all[21]) &&
	   lttr_evlist_after(l, &p, false, &ev) == 1 && same(&ev, &all[22]) &&
	   lttr_evlist_before(l, &p, &ev) == 1 && same(&ev, &all[20]),
	   "an event as position: at it, after it, before it");
	p.time_ns = T0 + 1000;
	p.cpu = 0;
	p.offset = 0;
	ok(lttr_evlist_after(l, &p, true, &ev) == 1 && same(&ev, &all[20]) &&
	   lttr_evlist_before(l, &p, &ev) == 1 && same(&ev, &all[19]),
	   "a time alone: the first event at that time, the last before it");
	p.time_ns = T0 + 1050;
	ok(lttr_evlist_after(l, &p, true, &ev) == 1 && same(&ev, &all[22]) &&
	   lttr_evlist_prev(l, &ev) == 1 && same(&ev, &all[22]) &&
	   lttr_evlist_prev(l, &ev) == 1 && same(&ev, &all[21]),
	   "a time between events: the next one; stepping back gives it again, then the one before");
	ok(lttr_evlist_after(l, NULL, false, &ev) == 1 && same(&ev, &all[0]) &&
	   lttr_evlist_before(l, NULL, &ev) == 1 && same(&ev, &all[n - 1]),
	   "no position: the first event, the last");
	p.time_ns = UINT64_MAX;
	ok(lttr_evlist_after(l, &p, true, &ev) == 0, "nothing after the end");
}

static void test_filter(struct lttr_evlist *l, struct lttr_view *v, const struct lttr_event *all,
			size_t n)
{
	struct finder fd = { v, 0, false };
	struct lttr_filter *f = NULL;
	struct lttr_error err;
	struct lttr_event ev, o0, o1;
	struct lttr_view_pos p;
	size_t i, a = n, b = n;

	for (i = 0; i < n; i++)
		if (all[i].id == LTT_EV_FS_OPEN) {
			if (a == n)
				a = i;
			else
				b = i;
		}
	ok(a == 2 * OPEN0 && b == 2 * OPEN1 + 1 && b - a - 1 > LTTR_EVLIST_SCAN_RUN,
	   "the opens: events %zu and %zu, %zu events apart", a, b, b - a - 1);
	o0 = all[a];
	o1 = all[b];
	if (lttr_filter_compile("type == fs_open", &f, &err)) {
		ok(0, "compile: %s", err.msg);
		return;
	}
	lttr_evlist_set_filter(l, f);
	lttr_evlist_set_find(l, find_cb, &fd);
	ok(lttr_evlist_listed(l, &o0) && !lttr_evlist_listed(l, &all[0]),
	   "listed: an open, not a syscall entry");
	ok(lttr_evlist_after(l, NULL, false, &ev) == 1 && same(&ev, &o0) && fd.calls == 0,
	   "the first open (CPU 0, +%llu ns), read by the iterator",
	   (unsigned long long)(o0.time_ns - T0));
	ok(lttr_evlist_next(l, &ev) == 1 && same(&ev, &o1) && ev.cpu == 1 && fd.calls == 1,
	   "the next one (CPU 1, +%llu ns): the search took over (one call)",
	   (unsigned long long)(o1.time_ns - T0));
	ok(lttr_evlist_next(l, &ev) == 0, "then the end of the list");
	fd.calls = 0;
	ok(lttr_evlist_before(l, NULL, &ev) == 1 && same(&ev, &o1) && fd.calls == 0 &&
	   lttr_evlist_prev(l, &ev) == 1 && same(&ev, &o0) && fd.calls == 1 &&
	   lttr_evlist_prev(l, &ev) == 0,
	   "backward: the second open, the first (by the search), the start");
	p = lttr_view_pos_of(&all[3000]);
	ok(lttr_evlist_after(l, &p, true, &ev) == 1 && same(&ev, &o1) &&
	   lttr_evlist_before(l, &p, &ev) == 1 && same(&ev, &o0),
	   "from an event between them: the next open and the previous one");
	p = lttr_view_pos_of(&o1);
	ok(lttr_evlist_after(l, &p, true, &ev) == 1 && same(&ev, &o1) &&
	   lttr_evlist_after(l, &p, false, &ev) == 0 &&
	   lttr_evlist_before(l, &p, &ev) == 1 && same(&ev, &o0),
	   "from the second open: itself when inclusive, none after it, the first before it");
	p = lttr_view_pos_of(&o0);
	ok(lttr_evlist_seek(l, &p, false) == 0 && lttr_evlist_next(l, &ev) == 1 && same(&ev, &o1) &&
	   lttr_evlist_prev(l, &ev) == 1 && same(&ev, &o1) && lttr_evlist_prev(l, &ev) == 1 &&
	   same(&ev, &o0), "steps both ways from a cut after the first open");
	ok(lttr_evlist_after(l, NULL, false, &ev) == 1 && same(&ev, &o0) &&
	   lttr_evlist_seek(l, &p, true) == 0 && lttr_evlist_next(l, &ev) == 1 && same(&ev, &o0),
	   "a seek to the event just stepped over, inclusive: the cut before it again");
	fd.cancel = true;
	ok(lttr_evlist_after(l, &p, false, &ev) == -LTTR_E_CANCELED &&
	   !strcmp(lttr_evlist_error(l)->msg, "canceled"),
	   "a canceled search is the step's result, its error the list's");
	lttr_evlist_set_find(l, NULL, NULL);
	ok(lttr_evlist_after(l, &p, false, &ev) == 1 && same(&ev, &o1),
	   "without the window's search: the view's");
	lttr_evlist_set_filter(l, NULL);
	ok(lttr_evlist_after(l, &p, false, &ev) == 1 && same(&ev, &all[a + 1]),
	   "the filter taken away: every event again");
	{
		uint64_t m = 0, rd = 0;
		unsigned int steps = 0;
		int r;

		ok(lttr_evlist_count_step(l, f, 10) == -LTTR_E_INVAL, "no count before it begins");
		ok(lttr_evlist_count_begin(l) == 0 && lttr_evlist_count_step(l, f, 0) == 0,
		   "a count begun; a step of no event leaves events to count");
		while ((r = lttr_evlist_count_step(l, f, 512)) == 0)
			steps++;
		lttr_evlist_counted(l, &m, &rd);
		ok(r == 1 && steps == (unsigned int)(n / 512) && m == 2 && rd == n,
		   "counted in %u slices of 512: %llu of %llu events match", steps + 1,
		   (unsigned long long)m, (unsigned long long)rd);
		ok(lttr_evlist_next(l, &ev) == 1 && same(&ev, &all[a + 2]),
		   "the count did not move the cut");
		ok(lttr_evlist_count_begin(l) == 0 && lttr_evlist_count_step(l, NULL, 100) == 0 &&
		   (lttr_evlist_counted(l, &m, &rd), m == 100 && rd == 100),
		   "begun again: from the start; no filter matches every event");
	}
	lttr_filter_free(f);
}

/* the run of events kept (lttr/view/evwin.h), of every event */
static void test_win_all(struct lttr_evlist *l, const struct lttr_event *all, size_t n)
{
	struct lttr_evwin w, small;
	struct lttr_view_pos p;
	size_t i, bad = 0;
	long at;

	lttr_evlist_set_filter(l, NULL);
	lttr_evwin_init(&w, l, 0);
	at = lttr_evwin_reset_index(&w, 100, 10, 20);
	for (i = 0; i < w.n; i++)
		if (!same(&w.ev[i], &all[90 + i]))
			bad++;
	ok(at == 10 && w.n == 30 && w.base == 90 && !bad && !w.at_start && !w.at_end,
	   "reset_index(100, 10 before, 20 after): events 90..119, 100 at place %ld", at);
	ok(lttr_evwin_extend_fwd(&w, 5) == 5 && w.n == 35 && same(&w.ev[34], &all[124]) &&
	   lttr_evwin_extend_back(&w, 7) == 7 && w.n == 42 && w.base == 83 && same(&w.ev[0], &all[83]),
	   "grown by 5 after and 7 before: events 83..124");
	lttr_evwin_keep(&w, 3, 10);
	ok(w.n == 7 && w.base == 86 && same(&w.ev[0], &all[86]) && same(&w.ev[6], &all[92]),
	   "keep places 3..9: events 86..92");
	ok(lttr_evwin_reset_index(&w, 0, 10, 20) == 0 && w.n == 20 && w.at_start && w.base == 0 &&
	   lttr_evwin_extend_back(&w, 5) == 0, "reset_index(0): the start, nothing before it");
	at = lttr_evwin_reset_index(&w, n + 5, 10, 20);
	ok(at == 10 && w.n == 11 && w.at_end && same(&w.ev[at], &all[n - 1]) &&
	   lttr_evwin_extend_fwd(&w, 5) == 0,
	   "reset_index(past the end): the last event at place 10, the end known");
	p = lttr_view_pos_of(&all[500]);
	at = lttr_evwin_reset_pos(&w, &p, true, 4, 8);
	ok(at == 4 && w.base == 496 && w.n == 12 && same(&w.ev[at], &all[500]),
	   "reset_pos(event 500, inclusive, 4 before, 8 after): at place 4 of 496..507");
	ok(lttr_evwin_find(&w, &p) == 4 && lttr_evwin_find(&w, &(struct lttr_view_pos){ 0, 0, 0 }) == -1,
	   "find: event 500 at place 4; a place before the run cannot be told");
	p.offset++;	/* just after event 500: the next one */
	ok(lttr_evwin_find(&w, &p) == 5, "find a position between two events: the next one's place");
	p = lttr_view_pos_of(&all[500]);
	at = lttr_evwin_reset_pos(&w, &p, false, 4, 8);
	ok(at == 4 && same(&w.ev[at], &all[501]), "reset_pos(event 500, not inclusive): event 501");
	p.time_ns = UINT64_MAX;
	at = lttr_evwin_reset_pos(&w, &p, true, 4, 8);
	ok(at == 4 && same(&w.ev[at], &all[n - 1]) && w.at_end,
	   "reset_pos(after the end): the last event");
	ok(lttr_evwin_reset_at(&w, &all[50]) == 0 && w.n == 1 && w.base == 50 &&
	   lttr_evwin_extend_back(&w, 3) == 3 && w.base == 47 && same(&w.ev[0], &all[47]),
	   "reset_at(event 50): its index known, grown before it");
	lttr_evwin_init(&small, l, 16);
	ok(lttr_evwin_reset_index(&small, 100, 10, 20) == 10 && small.n == 16 &&
	   lttr_evwin_extend_fwd(&small, 4) == 0 && lttr_evwin_extend_back(&small, 4) == 0,
	   "a run of at most 16: reset to 16, grown by none");
	lttr_evwin_free(&small);
	lttr_evwin_free(&w);
}

/* the run of the events a filter lists */
static void test_win_filter(struct lttr_evlist *l, struct lttr_view *v, const struct lttr_event *all,
			    size_t n)
{
	struct finder fd = { v, 0, false };
	struct lttr_filter *f = NULL, *none = NULL;
	struct lttr_error err;
	struct lttr_view_pos p = { T0, 0, 0 };
	struct lttr_evwin w;
	unsigned int calls;
	long at;

	if (lttr_filter_compile("type == fs_open", &f, &err) ||
	    lttr_filter_compile("type == fs_open && fd == 99", &none, &err)) {
		ok(0, "compile: %s", err.msg);
		return;
	}
	lttr_evlist_set_filter(l, f);
	lttr_evlist_set_find(l, find_cb, &fd);
	lttr_evwin_init(&w, l, 0);
	at = lttr_evwin_reset_pos(&w, &p, true, 4, 8);
	ok(at == 0 && w.n == 2 && w.at_end && !w.at_start && w.ev[0].id == LTT_EV_FS_OPEN &&
	   w.ev[1].cpu == 1 && lttr_evwin_extend_back(&w, 4) == 0 && w.at_start,
	   "with a filter: the two opens from the start, nothing before them");
	p = lttr_view_pos_of(&w.ev[1]);
	at = lttr_evwin_reset_pos(&w, &p, false, 4, 8);
	ok(at == 1 && w.n == 2 && w.at_end && w.at_start && w.ev[at].cpu == 1,
	   "after the last open: the last ones, the second open at place 1");
	ok(lttr_evwin_reset_at(&w, &all[0]) == 0 && w.n == 1 && lttr_evwin_extend_fwd(&w, 1) == 1 &&
	   w.ev[1].id == LTT_EV_FS_OPEN && lttr_evwin_extend_back(&w, 1) == 0 && w.at_start,
	   "reset_at an event the filter hides: grown with the listed ones");
	lttr_evlist_set_filter(l, none);
	lttr_evwin_clear(&w);
	p.time_ns = T0;
	p.cpu = 0;
	p.offset = 0;
	at = lttr_evwin_reset_pos(&w, &p, true, 4, 8);
	calls = fd.calls;
	ok(at == -1 && !w.n && w.at_start && w.at_end && calls > 0,
	   "a filter nothing matches: no event, read to both ends (%u searches)", calls);
	ok(lttr_evwin_reset_pos(&w, &p, true, 4, 8) == -1 && fd.calls == calls,
	   "placed again: known empty, not read again");
	fd.cancel = true;
	lttr_evlist_set_filter(l, f);
	lttr_evwin_clear(&w);
	p = lttr_view_pos_of(&all[100]);
	ok(lttr_evwin_reset_pos(&w, &p, true, 4, 8) == -1 && w.status == -LTTR_E_CANCELED,
	   "a canceled search: no event, the run's status says so");
	lttr_evlist_set_find(l, NULL, NULL);
	lttr_evlist_set_filter(l, NULL);
	lttr_evwin_free(&w);
	lttr_filter_free(none);
	lttr_filter_free(f);
	(void)n;
}

int main(void)
{
	char *desc = make_desc();
	struct lttr_trace *t = NULL;
	struct lttr_view *v = NULL;
	struct lttr_evlist *l = NULL;
	struct lttr_error err;
	struct lttr_event *all = NULL;
	size_t n = 0;
	int status;

	tap_plan(52);
	if (!desc || tg_open("evlist", desc, 0, &t, &err) || lttr_view_build(t, NULL, NULL, &v, &err) ||
	    lttr_evlist_new(v, &l, &err)) {
		ok(0, "the trace: %s", err.msg);
		free(desc);
		return tap_done();
	}
	free(desc);
	all = tg_all_events(t, &n, 0, &status);
	ok(all && n == 2 * PER_CPU, "the trace has %zu events", n);
	if (all) {
		test_all(l, all, n);
		test_filter(l, v, all, n);
		test_win_all(l, all, n);
		test_win_filter(l, v, all, n);
	}
	free(all);
	lttr_evlist_free(l);
	lttr_view_free(v);
	lttr_trace_close(t);
	return tap_done();
}
