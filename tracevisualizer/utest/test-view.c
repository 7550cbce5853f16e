// SPDX-License-Identifier: GPL-2.0
/*
 * test-view.c - the view model: the rows of the hand-built scenarios of
 * test-account.c column by column at one nanosecond per column (every
 * state worked out by hand), zoomed out (the category covering most of a
 * column, ties to the lower category), change and event marks, spans,
 * steps, the time per category against the accounting (lttr_view_verify()
 * on every scenario and on a large synthetic trace), one thread against
 * two, and random windows of a large trace against a reference computed
 * from the spans alone.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/verify.h>
#include <lttr/view/density.h>
#include "tap.h"
#include "tracegen.h"
#include "scenarios.h"

#define T0 1000000000ULL

static struct lttr_view *build(const char *name, const char *desc,
			       struct lttr_trace **t)
{
	struct lttr_view *v = NULL;
	struct lttr_error err;

	if (tg_open(name, desc, 0, t, &err)) {
		tap_diag("%s: %s", name, err.msg);
		return NULL;
	}
	if (lttr_view_build(*t, NULL, NULL, &v, &err)) {
		tap_diag("%s: %s", name, err.msg);
		lttr_trace_close(*t);
		return NULL;
	}
	return v;
}

/* the letters of a row at @n columns over [a, b) */
static char *letters(struct lttr_view *v, long row, uint64_t a, uint64_t b,
		     unsigned int n, struct lttr_vcell *cells)
{
	static char s[4096];
	unsigned int i;

	s[0] = '\0';
	if (row < 0 || lttr_view_cells(v, (size_t)row, a, b, n, cells))
		return s;
	for (i = 0; i < n; i++)
		s[i] = cells[i].flags & LTTR_VCELL_OUTSIDE ? '~' : lttr_vcat_letter(cells[i].cat);
	s[n] = '\0';
	return s;
}

/* a string of @n letters from "L:from-to ..." (ns from T0; '_' for ' ') */
static char *expect(const char *spec, unsigned int n)
{
	static char s[4096];
	const char *p = spec;

	memset(s, '#', n);
	s[n] = '\0';
	while (*p) {
		char c = *p;
		unsigned int a, b, i;
		int used;

		if (sscanf(p + 2, "%u-%u%n", &a, &b, &used) != 2)
			break;
		for (i = a; i < b && i < n; i++)
			s[i] = c == '_' ? ' ' : c;
		p += 2 + used;
		while (*p == ' ')
			p++;
	}
	return s;
}

static void verify(const char *name, struct lttr_view *v)
{
	struct lttr_view_verify r;
	bool good = lttr_view_verify(v, &r);

	ok(good && r.compared > 0 && !r.out_of_order,
	   "%s: every row's time per state equals the accounting (%llu figures)%s%s",
	   name, (unsigned long long)r.compared, good ? "" : ": ", r.first);
}

static unsigned int marks(const struct lttr_vcell *c, unsigned int n, uint8_t flag,
			  char *out)
{
	unsigned int i, k = 0;

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (c[i].flags & flag) {
			k++;
			sprintf(out + strlen(out), "%s%u", out[0] ? "," : "", i);
		}
	}
	return k;
}

static void test_a(void)
{
	static struct lttr_vcell c[1000];
	struct lttr_trace *t;
	struct lttr_view *v = build("a", A_DESC, &t);
	long r5, r6, rirq;
	struct lttr_vspan sp;
	uint64_t at;
	char buf[256], m[512];

	if (!v) {
		ok(0, "A: view built");
		return;
	}
	r5 = lttr_view_find_row(v, LTTR_VROW_TASK, 5, false);
	r6 = lttr_view_find_row(v, LTTR_VROW_TASK, 6, false);
	rirq = lttr_view_find_row(v, LTTR_VROW_IRQ, 236, true);
	ok(lttr_view_nrows(v) == 4 && r5 == 2 && r6 == 3 && rirq == 1,
	   "A: rows cpu 0, the local timer vector, tasks 5 and 6 (%zu rows)",
	   lttr_view_nrows(v));
	ok(!strcmp(letters(v, r5, T0, T0 + 1000, 1000, c),
		   expect("U:0-100 S:100-150 U:150-200 I:200-210 U:210-300 r:300-450 "
			  "U:450-600 r:600-900 U:900-1000", 1000)),
	   "A: task 5 nanosecond by nanosecond: user, write, irq, preempted twice");
	ok(marks(c, 1000, LTTR_VCELL_CHANGES, m) == 8 &&
	   !strcmp(m, "100,150,200,210,300,450,600,900"),
	   "A: task 5 changes at 100,150,200,210,300,450,600,900 (%s)", m);
	ok(marks(c, 1000, LTTR_VCELL_EVENTS, m) == 1 && !strcmp(m, "500"),
	   "A: task 5's wakeup of 6 is an event mark at 500 (%s)", m);
	ok(!strcmp(letters(v, r6, T0, T0 + 1000, 1000, c),
		   expect("r:0-300 U:300-400 S:400-450 i:450-500 r:500-600 S:600-650 "
			  "U:650-700 S:700-710 z:710-800 r:800-820 S:820-830 U:830-900 "
			  "r:900-1000", 1000)),
	   "A: task 6: runnable until first run, its mode found later (user), "
	   "blocked in read (io) and nanosleep (sleep)");
	ok(marks(c, 1000, LTTR_VCELL_EVENTS, m) == 0, "A: task 6 has no event mark");
	ok(!strcmp(letters(v, 0, T0, T0 + 1000, 1000, c),
		   expect("U:0-100 S:100-150 U:150-200 I:200-210 U:210-400 S:400-450 "
			  "U:450-600 S:600-650 U:650-700 S:700-710 .:710-820 S:820-830 "
			  "U:830-1000", 1000)), "A: cpu 0 row");
	ok(marks(c, 1000, LTTR_VCELL_CHANGES, m) == 14 && (c[300].flags & LTTR_VCELL_CHANGES) &&
	   marks(c, 1000, LTTR_VCELL_EVENTS, m) == 2 && !strcmp(m, "500,800"),
	   "A: cpu 0: 14 changes (a switch between two user modes is one), events at 500 and 800 (%s)", m);
	ok(!strcmp(letters(v, rirq, T0, T0 + 1000, 1000, c),
		   expect("_:0-200 I:200-210 _:210-1000", 1000)),
	   "A: the local timer vector runs from 200 to 210");
	ok(!strcmp(letters(v, r5, T0, T0 + 1000, 10, c), "UUUrUUrrrU"),
	   "A: task 5 in 10 columns: the category covering most of each (%s)",
	   letters(v, r5, T0, T0 + 1000, 10, c));
	ok(c[0].flags == 0 && c[1].changes == 2 && c[2].changes == 2 &&
	   c[5].flags == LTTR_VCELL_EVENTS && c[9].changes == 1,
	   "A: per-column change counts and an event-only column");
	ok(!strcmp(letters(v, r5, T0 - 100, T0 + 100, 4, c), "~~UU"),
	   "A: columns outside the trace are marked");
	ok(!lttr_view_span_at(v, (size_t)r5, T0 + 520, &sp) && sp.start_ns == T0 + 450 &&
	   sp.end_ns == T0 + 600 && sp.events == 1 &&
	   !strcmp(lttr_view_state_str(v, sp.state, buf, sizeof(buf)), "user"),
	   "A: the span of task 5 at 520: user from 450 to 600, one event inside");
	ok(!lttr_view_span_at(v, (size_t)r6, T0 + 460, &sp) && sp.start_ns == T0 + 450 &&
	   sp.end_ns == T0 + 500 &&
	   !strcmp(lttr_view_state_str(v, sp.state, buf, sizeof(buf)), "blocked io in read"),
	   "A: task 6 at 460: %s", buf);
	ok(!lttr_view_span_at(v, 0, T0 + 750, &sp) && sp.start_ns == T0 + 710 &&
	   sp.end_ns == T0 + 820 && sp.events == 1,
	   "A: cpu 0 idle from 710 to 820 with the wakeup inside");
	ok(lttr_view_step(v, (size_t)r6, T0, 1, false, &at) == 1 && at == T0 + 300 &&
	   lttr_view_step(v, 0, T0 + 490, 1, false, &at) == 1 && at == T0 + 600 &&
	   lttr_view_step(v, 0, T0 + 490, 1, true, &at) == 1 && at == T0 + 500 &&
	   lttr_view_step(v, (size_t)r6, T0 + 500, -1, false, &at) == 1 && at == T0 + 450 &&
	   lttr_view_step(v, 0, T0 + 810, -1, true, &at) == 1 && at == T0 + 800 &&
	   lttr_view_step(v, (size_t)r5, T0 + 100, -1, false, &at) == 0 &&
	   lttr_view_step(v, (size_t)r5, T0 + 900, 1, false, &at) == 0,
	   "A: next and previous change, with and without events, none past the ends");
	ok(!strcmp(lttr_view_comm(v, 5, T0), "a") && !strcmp(lttr_view_comm(v, 0, T0), "idle"),
	   "A: names");
	verify("A", v);
	lttr_view_free(v);
	lttr_trace_close(t);
}

static void test_b(void)
{
	static struct lttr_vcell c[1000];
	struct lttr_trace *t;
	struct lttr_view *v = build("b", B_DESC, &t);
	long r20;
	size_t order[16];
	unsigned char depth[16];
	size_t n;

	if (!v) {
		ok(0, "B: view built");
		return;
	}
	r20 = lttr_view_find_row(v, LTTR_VROW_TASK, 20, false);
	ok(!strcmp(letters(v, r20, T0, T0 + 1000, 1000, c),
		   expect("_:0-150 r:150-250 S:250-300 U:300-400 S:400-430 _:430-1000", 1000)),
	   "B: a forked task is not alive before its fork and after its last switch");
	n = lttr_view_task_order(v, order, depth);
	ok(n == 4 && lttr_view_row(v, order[0])->id == 10 && lttr_view_row(v, order[1])->id == 11 &&
	   depth[0] == 0 && depth[1] == 1 && lttr_view_row(v, order[2])->id == 12,
	   "B: task order: process 10 with its thread 11 under it, then 12 and 20");
	verify("B", v);
	lttr_view_free(v);
	lttr_trace_close(t);
}

static void test_zombie(void)
{
	static struct lttr_vcell c[1000];
	struct lttr_trace *t;
	struct lttr_view *v = build("z", Z_DESC("events=all details=all"), &t);
	struct lttr_vspan sp;
	char st[96];

	if (!v) {
		ok(0, "Z: view built");
		return;
	}
	ok(!strcmp(letters(v, lttr_view_find_row(v, LTTR_VROW_TASK, 20, false), T0, T0 + 1000,
			   1000, c),
		   expect("_:0-150 r:150-210 S:210-215 U:215-300 S:300-320 Z:320-540 _:540-1000",
			  1000)),
	   "Z: a leader dead before its thread is a zombie from its last switch out to its reap");
	ok(!strcmp(letters(v, lttr_view_find_row(v, LTTR_VROW_TASK, 21, false), T0, T0 + 1000,
			   1000, c),
		   expect("_:0-220 r:220-320 S:320-325 U:325-330 S:330-370 _:370-1000", 1000)),
	   "Z: a thread that reaps itself is never a zombie");
	ok(!strcmp(letters(v, lttr_view_find_row(v, LTTR_VROW_TASK, 30, false), T0, T0 + 1000,
			   1000, c), expect("Z:0-220 _:220-1000", 1000)),
	   "Z: a task reaped but never seen alive was a zombie since the start");
	memset(&sp, 0, sizeof(sp));
	lttr_view_span_at(v, (size_t)lttr_view_find_row(v, LTTR_VROW_TASK, 20, false), T0 + 400,
			  &sp);
	ok(sp.start_ns == T0 + 320 && sp.end_ns == T0 + 540 &&
	   !strcmp(lttr_view_state_str(v, sp.state, st, sizeof(st)),
		   "zombie (dead, not reaped yet)") &&
	   !strcmp(lttr_vcat_name(LTTR_VCAT_ZOMBIE), "zombie") &&
	   lttr_vcat_letter(LTTR_VCAT_ZOMBIE) == 'Z',
	   "Z: the zombie state is named and lettered (%s)", st);
	verify("Z", v);
	lttr_view_free(v);
	lttr_trace_close(t);
}

/* the warnings of a trace with a gap of lost events say what the gap is */
static void test_lost_warning(void)
{
	char w[8][LTTR_VIEW_WARNING_LEN];
	struct lttr_trace *t;
	struct lttr_view *v = build("lostwarn", LOSTGAP_DESC, &t);
	size_t n, i;
	bool said = false;

	if (!v) {
		ok(0, "lost warning: view built");
		return;
	}
	n = lttr_view_warnings(v, w, 8);
	for (i = 0; i < n && i < 8; i++)
		said |= !strcmp(w[i], "cpu 0: 7 events lost (marked on its row where they were): its time in the gaps is unknown, not idle, and the tasks current around them, or ready to run then, are unknown (nodata) there");
	ok(said, "the warnings say a CPU's lost events make its time in the gaps unknown, not idle (%zu warnings)", n);
	lttr_view_free(v);
	lttr_trace_close(t);
}

static void test_s(void)
{
	static struct lttr_vcell c[1000];
	struct lttr_trace *t;
	struct lttr_view *v = build("s", S_DESC, &t);
	long rs3;

	if (!v) {
		ok(0, "S: view built");
		return;
	}
	rs3 = lttr_view_find_row(v, LTTR_VROW_SOFTIRQ, 3, false);
	ok(!strcmp(letters(v, rs3, T0, T0 + 1000, 1000, c),
		   expect("_:0-220 Q:220-300 _:300-650 Q:650-750 _:750-1000", 1000)),
	   "S: the NET_RX softirq row: at irq exit, then in ksoftirqd");
	ok(!strcmp(letters(v, 0, T0, T0 + 1000, 1000, c),
		   expect("U:0-100 S:100-200 I:200-220 Q:220-240 I:240-250 Q:250-300 "
			  "I:300-310 S:310-400 Q:400-430 S:430-500 U:500-600 ?:600-650 "
			  "Q:650-750 ?:750-800 U:800-1000", 1000)),
	   "S: cpu 0: softirqs at irq exit (an irq nested in one), in a syscall, in "
	   "ksoftirqd (whose mode the trace never shows: '?', kernel in the accounting)");
	verify("S", v);
	lttr_view_free(v);
	lttr_trace_close(t);
}

/* every span of a row: the reference for random windows */
struct span {
	uint64_t a, b;
	uint8_t cat;
};

static struct span *spans(struct lttr_view *v, size_t row, size_t *n)
{
	struct span *s = NULL;
	size_t cap = 0;
	uint64_t t = lttr_view_start(v);

	*n = 0;
	for (;;) {
		struct lttr_vspan sp;
		uint64_t next;

		if (lttr_view_span_at(v, row, t, &sp))
			break;
		if (*n == cap) {
			struct span *ns;

			cap = cap ? 2 * cap : 1024;
			ns = realloc(s, cap * sizeof(*s));
			if (!ns) {
				free(s);
				return NULL;
			}
			s = ns;
		}
		s[*n].a = sp.start_ns;
		s[*n].b = sp.end_ns;
		s[*n].cat = lttr_view_state(v, sp.state)->cat;
		(*n)++;
		if (lttr_view_step(v, row, t, 1, false, &next) != 1)
			break;
		t = next;
	}
	return s;
}

static uint64_t rnd_state = 88172645463325252ULL;

static uint64_t rnd(uint64_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return n ? rnd_state % n : 0;
}

/*
 * the cells of @row for @len ns from @a at @n columns against the span
 * reference @sp: *@tried columns compared, *@bad differ
 */
static void check_window(struct lttr_view *v, size_t row, const struct span *sp, size_t nsp,
			 uint64_t a, uint64_t len, unsigned int n, const char *name,
			 size_t *tried, size_t *bad)
{
	static struct lttr_vcell c[600];
	uint64_t e = lttr_view_end(v);
	unsigned int i;
	size_t j = 0, k;

	if (lttr_view_cells(v, row, a, a + len, n, c))
		return;
	for (i = 0; i < n; i++) {
		uint64_t lo = a + (uint64_t)((unsigned __int128)len * i / n);
		uint64_t hi = a + (uint64_t)((unsigned __int128)len * (i + 1) / n);
		uint64_t d[LTTR_VCAT_COUNT] = { 0 }, most = 0;
		unsigned int cat = 0, changes = 0;

		if (hi > e)
			hi = e;
		if (hi <= lo || lo >= e)
			continue;
		while (j > 0 && sp[j].a > lo)
			j--;
		while (j + 1 < nsp && sp[j].b <= lo)
			j++;
		for (k = j; k < nsp && sp[k].a < hi; k++) {
			uint64_t x = sp[k].a > lo ? sp[k].a : lo;
			uint64_t y = sp[k].b < hi ? sp[k].b : hi;

			if (y > x)
				d[sp[k].cat] += y - x;
			if (sp[k].a > lo || (sp[k].a == lo && k > 0))
				changes++;
		}
		for (k = 0; k < LTTR_VCAT_COUNT; k++)
			if (d[k] > most) {
				most = d[k];
				cat = (unsigned int)k;
			}
		(*tried)++;
		if (c[i].cat != cat || c[i].changes != (changes > 0xffff ? 0xffff : changes)) {
			if (!(*bad)++)
				tap_diag("%s row %zu window %llu+%llu/%u col %u: cat %u/%u changes %u/%u",
					 name, row, (unsigned long long)(a - lttr_view_start(v)),
					 (unsigned long long)len, n, i, c[i].cat, cat, c[i].changes,
					 changes);
		}
	}
}

/*
 * cells of random windows against the span reference; and of the whole
 * trace at a few columns, each column many checkpoints wide (the cursor
 * jumps far ahead, lttr_view_cells() reads the next column's checkpoint
 * ahead of time)
 */
static void random_windows(struct lttr_view *v, const char *name)
{
	static const unsigned int few[] = { 1, 2, 3, 7, 31, 599 };
	uint64_t s = lttr_view_start(v), e = lttr_view_end(v);
	size_t rows = lttr_view_nrows(v), row, nsp, bad = 0, tried = 0, k;
	unsigned int w;

	for (row = 0; row < rows; row += rows > 12 ? rows / 12 : 1) {
		struct span *sp = spans(v, row, &nsp);

		for (w = 0; sp && w < 40; w++) {
			uint64_t a = s + rnd(e - s), len = 1 + rnd(w % 4 == 0 ? e - s : (e - s) >> (w % 20));

			check_window(v, row, sp, nsp, a, len, 1 + (unsigned int)rnd(600), name, &tried,
				     &bad);
		}
		for (k = 0; sp && k < sizeof(few) / sizeof(*few); k++)
			check_window(v, row, sp, nsp, s, e - s, few[k], name, &tried, &bad);
		free(sp);
	}
	ok(!bad && tried > 1000, "%s: %zu columns of random windows and of the whole trace at 1 "
	   "to 599 columns agree with the spans (%zu differ)", name, tried, bad);
}

/* counts, histograms and links against every event, brute force */
static void density(struct lttr_view *v, struct lttr_trace *t)
{
	static uint64_t hist[333], lost[333];
	static struct lttr_vlink links[4096];
	uint64_t s = lttr_view_start(v), e = lttr_view_end(v), sum = 0;
	size_t n, i, k, bad = 0, badl = 0, nl;
	int status;
	struct lttr_event *all = tg_all_events(t, &n, 0, &status);

	if (!all) {
		ok(0, "density: all events");
		return;
	}
	for (k = 0; k < 200; k++) {
		uint64_t a = s + rnd(e - s), b = a + 1 + rnd(k % 3 ? (e - s) / 50 : e - s), want = 0;

		for (i = 0; i < n; i++)
			want += all[i].time_ns >= a && all[i].time_ns < b;
		if (lttr_view_count(v, a, b) != want && !bad++)
			tap_diag("count [%llu, %llu): %llu, want %llu", (unsigned long long)(a - s),
				 (unsigned long long)(b - s),
				 (unsigned long long)lttr_view_count(v, a, b), (unsigned long long)want);
	}
	ok(!bad && lttr_view_count(v, 0, UINT64_MAX) == n,
	   "density: exact event counts in 200 random windows and the whole trace (%zu events)", n);
	ok(!lttr_view_histogram(v, s, e + 1, 333, hist, lost), "density: a histogram of 333 columns");
	for (i = 0; i < 333; i++)
		sum += hist[i];
	ok(sum == n, "density: its columns add up to every event (%llu)", (unsigned long long)sum);
	for (k = 0; k < 30; k++) {
		uint64_t a = s + rnd(e - s), b = a + 1 + rnd((e - s) / 400), want = 0;
		int r = lttr_view_links(v, a, b, 4096, links, &nl);

		for (i = 0; i < n; i++)
			want += all[i].time_ns >= a && all[i].time_ns < b &&
				(all[i].id == LTT_EV_SCHEDCHANGE || all[i].id == LTT_EV_PROCESS_WAKEUP ||
				 all[i].id == LTT_EV_PROCESS_FORK);
		if (r != 0 || nl != want)
			badl++;
		for (i = 1; i < nl; i++)
			if (links[i].time_ns < links[i - 1].time_ns)
				badl++;
	}
	ok(!badl, "density: the switches, wakeups and forks of 30 windows, in time order");
	ok(lttr_view_links(v, s, e, 10, links, &nl) == 1, "density: too many links to draw is said");
	free(all);
}

/*
 * lttr_view_cells_many() on @nt threads equals lttr_view_cells() row after
 * row: every row of @v (and one past them, refused) over three windows
 */
static void cells_many(struct lttr_view *v, const char *name)
{
	size_t n = lttr_view_nrows(v) + 1, i, w, diff = 0, bad = 0;
	uint64_t a = lttr_view_start(v), span = lttr_view_end(v) - a;
	const uint64_t win[3][2] = { { a, a + span }, { a + span / 3, a + span / 2 },
				     { a + span / 2, a + span / 2 + 1000 } };
	const unsigned int nt[] = { 1, 2, 4, 0 };
	struct lttr_vcell **out = calloc(n, sizeof(*out)), one[1720];
	size_t *rows = calloc(n, sizeof(*rows));
	int *res = calloc(n, sizeof(*res));
	unsigned int k;

	for (i = 0; out && i < n; i++)
		out[i] = calloc(1720, sizeof(**out));
	for (i = 0; rows && i < n; i++)
		rows[n - 1 - i] = i;	/* backwards, the one past the rows first */
	for (w = 0; out && rows && res && w < 3; w++) {
		for (k = 0; k < sizeof(nt) / sizeof(nt[0]); k++) {
			if (lttr_view_cells_many(v, rows, n, win[w][0], win[w][1], 1720, out, res, nt[k])) {
				bad++;
				continue;
			}
			for (i = 0; i < n; i++) {
				int r = lttr_view_cells(v, rows[i], win[w][0], win[w][1], 1720, one);

				if (r != res[i] || (!r && memcmp(one, out[i], sizeof(one))))
					diff++;
			}
			bad += res[0] != -LTTR_E_INVAL;
		}
	}
	ok(out && rows && res && !diff && !bad,
	   "%s: lttr_view_cells_many() of its %zu rows on 1, 2, 4 and every processor's threads, "
	   "over 3 windows, gives lttr_view_cells()'s cells and returns, the row past them refused "
	   "(%zu differ, %zu bad)", name, n - 1, diff, bad);
	ok(lttr_view_cells_many(v, NULL, 2, a, a + span, 10, out, res, 0) == -LTTR_E_INVAL &&
	   lttr_view_cells_many(v, rows, 0, a, a + span, 10, out, res, 0) == 0,
	   "%s: lttr_view_cells_many() without rows refused, of none nothing to do", name);
	for (i = 0; out && i < n; i++)
		free(out[i]);
	free(out);
	free(rows);
	free(res);
}

static void test_big(const char *self)
{
	char cmd[4096], *out = NULL, *dir = strdup(self);
	const char *tdir = tap_tmpdir("big");
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_view *v1 = NULL, *v2 = NULL;
	struct lttr_view_stats st;

	snprintf(cmd, sizeof(cmd), "%s/gen-big -n 400000 -c 2 -b 16384 %s/t",
		 dir ? dirname(dir) : ".", tdir);
	free(dir);
	ok(tap_run(cmd, &out) == 0, "big: gen-big wrote 400000 events");
	free(out);
	snprintf(cmd, sizeof(cmd), "%s/t", tdir);
	if (lttr_trace_open(cmd, 0, &t, &err)) {
		ok(0, "big: opened: %s", err.msg);
		return;
	}
	setenv("LTTR_THREADS", "1", 1);
	ok(!lttr_view_build(t, NULL, NULL, &v1, &err), "big: built in one thread");
	setenv("LTTR_THREADS", "2", 1);
	ok(!lttr_view_build(t, NULL, NULL, &v2, &err), "big: built in two threads");
	unsetenv("LTTR_THREADS");
	if (v1 && v2) {
		static struct lttr_vcell c1[300], c2[300];
		size_t row, diff = 0;

		ok(lttr_view_nrows(v1) == lttr_view_nrows(v2), "big: same rows");
		for (row = 0; row < lttr_view_nrows(v1) && row < lttr_view_nrows(v2); row++) {
			if (lttr_view_cells(v1, row, lttr_view_start(v1), lttr_view_end(v1), 300, c1) ||
			    lttr_view_cells(v2, row, lttr_view_start(v2), lttr_view_end(v2), 300, c2) ||
			    memcmp(c1, c2, sizeof(c1)) ||
			    lttr_view_row(v1, row)->entries != lttr_view_row(v2, row)->entries)
				diff++;
		}
		ok(!diff, "big: one thread and two build the same rows (%zu differ)", diff);
		lttr_view_stats(v2, &st);
		ok(st.entries > 400000 && !st.out_of_order,
		   "big: %llu entries, %.1f bytes each with their checkpoints",
		   (unsigned long long)st.entries, (double)st.row_bytes / (double)st.entries);
		verify("big", v2);
		random_windows(v2, "big");
		density(v2, t);
		cells_many(v2, "big");
	}
	lttr_view_free(v1);
	lttr_view_free(v2);
	lttr_trace_close(t);
}

static int stop_at_half(void *arg, unsigned int permille)
{
	(void)arg;
	return permille >= 500;
}

/* ns[col * LTTR_VCAT_COUNT + cat] equals "cat=ns,cat=ns" (the others 0) */
static bool col_is(const uint64_t *ns, unsigned int col, const char *spec)
{
	uint64_t want[LTTR_VCAT_COUNT] = { 0 };
	const char *p = spec;
	unsigned int k;

	while (*p) {
		unsigned int cat;
		unsigned long long d;
		int used;

		if (sscanf(p, "%u=%llu%n", &cat, &d, &used) != 2 || cat >= LTTR_VCAT_COUNT)
			return false;
		want[cat] = d;
		p += used;
		if (*p == ',')
			p++;
	}
	for (k = 0; k < LTTR_VCAT_COUNT; k++) {
		if (ns[(size_t)col * LTTR_VCAT_COUNT + k] != want[k]) {
			tap_diag("column %u, %s: %llu ns, expected %llu", col, lttr_vcat_name(k),
				 (unsigned long long)ns[(size_t)col * LTTR_VCAT_COUNT + k],
				 (unsigned long long)want[k]);
			return false;
		}
	}
	return true;
}

#define U_ "1="
#define S_ "2="
#define I_ "4="
#define IDLE_ "7="
#define R_ "9="

/*
 * The time per column (lttr_view_time_cols()), worked out by hand from
 * the scenarios: columns cut at t0 + span * i / ncols, the restriction to
 * CPUs, the idle row (the idle task and the irqs over it, from the CPU
 * rows), and the running category a chart of modes shows.
 */
static void test_time_cols(void)
{
	static uint64_t ns[10 * LTTR_VCAT_COUNT];
	uint64_t in[LTTR_VCAT_COUNT], busy[LTTR_VCAT_COUNT] = { 0 };
	struct lttr_trace *t;
	struct lttr_view *v = build("a", A_DESC, &t);
	long r5;
	unsigned int i, k;
	bool good;

	if (!v) {
		ok(0, "time per column: view A built");
		return;
	}
	r5 = lttr_view_find_row(v, LTTR_VROW_TASK, 5, false);
	ok(!lttr_view_time_cols(v, (size_t)r5, T0, T0 + 1000, 3, 0, ns) &&
	   col_is(ns, 0, U_ "240," S_ "50," I_ "10," R_ "33") &&
	   col_is(ns, 1, U_ "150," R_ "183") && col_is(ns, 2, U_ "100," R_ "234"),
	   "A: task 5 in 3 columns cut at 333 and 666 ns: user, write, irq, runnable, to the nanosecond");
	ok(!lttr_view_time_cols(v, (size_t)r5, T0, T0 + 1000, 3, 1, ns) &&
	   col_is(ns, 0, U_ "240," S_ "50," I_ "10") && col_is(ns, 1, U_ "150") &&
	   col_is(ns, 2, U_ "100"),
	   "A: on CPU 0 only: the time running there, not the time runnable");
	ok(!lttr_view_time_cols(v, (size_t)r5, T0, T0 + 1000, 3, 2, ns) &&
	   col_is(ns, 0, "") && col_is(ns, 1, "") && col_is(ns, 2, ""),
	   "A: on CPU 1 only: nothing (the trace has one CPU)");
	good = !lttr_view_time_cols(v, (size_t)r5, T0 - 1000, T0 + 1000, 2, 0, ns) &&
		col_is(ns, 0, "") && col_is(ns, 1, U_ "490," S_ "50," I_ "10," R_ "450") &&
		!lttr_view_time_in(v, (size_t)r5, T0 - 1000, T0 + 1000, in);
	for (k = 0; good && k < LTTR_VCAT_COUNT; k++)
		good = in[k] == ns[k] + ns[LTTR_VCAT_COUNT + k];
	ok(good, "A: a column before the trace has no time; the columns add up to lttr_view_time_in()");
	ok(!lttr_view_idle_time_cols(v, T0, T0 + 1000, 10, 0, ns) &&
	   col_is(ns, 6, "") && col_is(ns, 7, IDLE_ "90") && col_is(ns, 8, IDLE_ "20") &&
	   col_is(ns, 9, ""),
	   "A: the idle row: idle from 710 to 820 ns");
	ok(lttr_vcat_busiest(&ns[7 * LTTR_VCAT_COUNT]) == LTTR_VCAT_IDLE &&
	   lttr_vcat_busiest(&ns[9 * LTTR_VCAT_COUNT]) == LTTR_VCAT_NONE,
	   "A: the busiest running category of the idle row: idle, none where it did not run");
	ok(lttr_view_time_cols(v, (size_t)r5, T0, T0 + 1000, 0, 0, ns) == -LTTR_E_INVAL &&
	   lttr_view_time_cols(v, (size_t)r5, T0, T0, 3, 0, ns) == -LTTR_E_INVAL &&
	   lttr_view_time_cols(v, lttr_view_nrows(v), T0, T0 + 1000, 3, 0, ns) == -LTTR_E_INVAL &&
	   lttr_view_idle_time_cols(v, T0, T0, 3, 0, ns) == -LTTR_E_INVAL,
	   "no columns, an empty window or no such row: refused");
	lttr_view_free(v);
	lttr_trace_close(t);

	v = build("b", B_DESC, &t);
	if (!v) {
		ok(0, "time per column: view B built");
		return;
	}
	ok(!lttr_view_idle_time_cols(v, T0, T0 + 1000, 1, 0, ns) &&
	   col_is(ns, 0, I_ "20," IDLE_ "990"),
	   "B: the idle row of both CPUs: 210 + 570 ns idle on cpu 1, 200 + 10 on cpu 0, irq 4 over it");
	ok(!lttr_view_idle_time_cols(v, T0, T0 + 1000, 4, 1, ns) &&
	   col_is(ns, 0, "") && col_is(ns, 1, IDLE_ "200") && col_is(ns, 2, I_ "20," IDLE_ "10") &&
	   col_is(ns, 3, "") && lttr_vcat_busiest(&ns[2 * LTTR_VCAT_COUNT]) == LTTR_VCAT_IRQ,
	   "B: the idle row of cpu 0 in 4 columns: the irq over idle is the busiest of its column");
	ok(!lttr_view_idle_time_cols(v, T0, T0 + 1000, 1, 2, ns) && col_is(ns, 0, IDLE_ "780"),
	   "B: the idle row of cpu 1");
	/* every column: the tasks' running time and the idle row fill both CPUs */
	good = !lttr_view_idle_time_cols(v, T0, T0 + 1000, 7, 0, ns);
	for (i = 0; good && i < 7; i++)
		for (k = LTTR_VCAT_USER; k <= LTTR_VCAT_UNKNOWN; k++)
			busy[i] += ns[(size_t)i * LTTR_VCAT_COUNT + k];
	for (k = 0; good && k < lttr_view_nrows(v); k++) {
		if (lttr_view_row(v, k)->kind != LTTR_VROW_TASK)
			continue;
		good = !lttr_view_time_cols(v, k, T0, T0 + 1000, 7, ~0ULL, ns);
		for (i = 0; good && i < 7; i++) {
			unsigned int c;

			for (c = LTTR_VCAT_USER; c <= LTTR_VCAT_UNKNOWN; c++)
				busy[i] += ns[(size_t)i * LTTR_VCAT_COUNT + c];
		}
	}
	for (i = 0; good && i < 7; i++)
		good = busy[i] == 2 * ((1000 * (i + 1) / 7) - (1000 * i / 7));
	ok(good, "B: in each of 7 columns the tasks running and the idle row add up to 2 CPUs x the column");
	lttr_view_free(v);
	lttr_trace_close(t);

	memset(in, 0, sizeof(in));
	in[LTTR_VCAT_SOFTIRQ] = 5;
	in[LTTR_VCAT_IDLE] = 5;
	in[LTTR_VCAT_RUNNABLE] = 50;
	k = lttr_vcat_busiest(in);
	in[LTTR_VCAT_USER] = 5;
	in[LTTR_VCAT_SYSCALL] = 5;
	ok(k == LTTR_VCAT_IDLE && lttr_vcat_busiest(in) == LTTR_VCAT_USER,
	   "busiest: runnable never, ties in the order of the modes (idle before softirq, user first)");
}

static void test_cancel_and_errors(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_view *v = NULL;
	struct lttr_vcell c[4];
	const char *desc = A_DESC;
	static char big[65536 * 40];
	size_t n = 0;
	unsigned int i;

	/* enough events for the progress callback to be asked */
	n += (size_t)snprintf(big + n, sizeof(big) - n, "header end=1000400000\n");
	for (i = 0; i < 70000 && n + 80 < sizeof(big); i++) {
		if (i % 4000 == 0)
			n += (size_t)snprintf(big + n, sizeof(big) - n,
					      "buf cpu=0 start=%llu pid=5\n",
					      (unsigned long long)(T0 + 5 * i));
		n += (size_t)snprintf(big + n, sizeof(big) - n, "%llu fs_close 3\n",
				      (unsigned long long)(T0 + 5 * i));
	}
	if (tg_open("cancel", big, 0, &t, &err)) {
		ok(0, "cancel: trace: %s", err.msg);
		return;
	}
	ok(lttr_view_build(t, stop_at_half, NULL, &v, &err) == -LTTR_E_CANCELED && !v &&
	   err.code == LTTR_E_CANCELED, "a build stopped by its progress callback is canceled: %s",
	   err.msg);
	ok(!lttr_view_build(t, NULL, NULL, &v, &err) && v, "the same trace builds without it");
	lttr_view_free(v);
	lttr_trace_close(t);
	v = build("a2", desc, &t);
	if (!v)
		return;
	ok(lttr_view_cells(v, 99, T0, T0 + 10, 4, c) == -LTTR_E_INVAL &&
	   lttr_view_cells(v, 0, T0 + 10, T0 + 10, 4, c) == -LTTR_E_INVAL &&
	   lttr_view_cells(v, 0, T0, T0 + 10, 0, c) == -LTTR_E_INVAL &&
	   !lttr_view_row(v, 99) && !lttr_view_state(v, LTTR_VSTATE_NONE) &&
	   lttr_view_find_row(v, LTTR_VROW_TASK, 77, false) == -1,
	   "bad rows, empty windows and unknown ids are refused");
	ok(!lttr_view_cells(v, 0, T0, T0 + 2, 4, c) && c[0].cat == LTTR_VCAT_USER &&
	   c[3].cat == LTTR_VCAT_USER, "columns narrower than a nanosecond show the state there");
	lttr_view_free(v);
	lttr_trace_close(t);
}

/*
 * After lost events, a task the events show on two CPUs at once: the
 * accounting charges both, a row can show one; the row is not compared,
 * it is counted as uncertain, and the other rows still are.
 */
static void test_two_cpus(void)
{
	static const char desc[] =
		"header ncpus=2 end=1000001000\n"
		"proc PID: 5; PPID: 1; TGID: 5; NAME: a\n"
		"proc PID: 6; PPID: 1; TGID: 6; NAME: b\n"
		"proc PID: 7; PPID: 1; TGID: 7; NAME: c\n"
		"buf cpu=0 start=1000000000 pid=5\n"
		"1000000000 start 5 0\n"
		"1000000100 syscall_entry 39\n"
		"1000000200 syscall_exit 39 5\n"
		"1000000300 syscall_entry 39\n"
		"1000000400 syscall_exit 39 5\n"
		"1000000600 sched 5 7 1\n"
		"buf cpu=1 start=1000000000 pid=6\n"
		"1000000000 start 6 1\n"
		"1000000050 syscall_entry 39\n"
		"1000000060 syscall_exit 39 6\n"
		"1000000150 sched 6 5 0\n"
		"1000000250 syscall_entry 39\n"
		"1000000350 syscall_exit 39 5\n"
		"1000000500 sched 5 6 0\n";
	struct lttr_view_verify r;
	struct lttr_trace *t;
	struct lttr_view *v = build("twocpu", desc, &t);

	if (!v) {
		ok(0, "two CPUs: view built");
		return;
	}
	/* verified before ok(): its arguments are evaluated in no set order,
	 * and the count printed must be the one verify gave */
	bool agree = lttr_view_verify(v, &r);

	ok(agree && r.out_of_order >= 1 && r.uncertain_rows == 1 && r.compared > 30,
	   "a task on two CPUs at once: its row is counted uncertain, not compared; "
	   "the others agree (%llu figures)", (unsigned long long)r.compared);
	lttr_view_free(v);
	lttr_trace_close(t);
}

/*
 * The first screen's order: traced (50) forks the command sh (60), which
 * forks 61, which forks 70 then 62, then sh forks 63 (tree order: 60, 61,
 * 62, 70, 63; pid order would put 63 before 70); ksoftirqd/0 (9) runs 250 ns, traced
 * 150, kthreadd (2) 50, init (1) never; kworker/0:1 (3, a child of
 * kthreadd) never: the one idle kernel thread (below 1/1000 of the
 * 1000 ns trace).  Named otherwise, the daemon runs no command.
 */
#define FIRST_DESC(hdr, daemon)						\
	"header ncpus=1 end=1000001000" hdr "\n"			\
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n"			\
	"proc PID: 2; PPID: 0; TGID: 2; NAME: kthreadd\n"		\
	"proc PID: 3; PPID: 2; TGID: 3; NAME: kworker/0:1\n"		\
	"proc PID: 9; PPID: 2; TGID: 9; NAME: ksoftirqd/0\n"		\
	"proc PID: 50; PPID: 1; TGID: 50; NAME: " daemon "\n"		\
	"buf cpu=0 start=1000000000 pid=50\n"				\
	"1000000000 start 50 0\n"					\
	"1000000100 fork 50 60 60 0 0\n"				\
	"1000000150 sched 50 9 1\n"					\
	"1000000400 sched 9 60 1\n"					\
	"1000000450 fork 60 61 61 0 0\n"				\
	"1000000500 sched 60 61 1\n"					\
	"1000000510 fork 61 70 70 0 0\n"				\
	"1000000520 fork 61 62 62 0 0\n"				\
	"1000000530 fork 60 63 63 0 0\n"				\
	"1000000550 sched 61 2 1\n"					\
	"1000000600 sched 2 0 1\n"

/* the rows of @order are the pids of @want; the group row is 0 */
static bool rows_are(struct lttr_view *v, const size_t *order, long n,
		     const unsigned int *want, long nwant)
{
	long i;
	bool same = n == nwant;

	for (i = 0; same && i < n; i++) {
		const struct lttr_vrow_info *in = lttr_view_row(v, order[i]);

		same = in->kind == LTTR_VROW_GROUP ? !want[i] : in->id == want[i];
	}
	return same;
}

static void test_first_screen(void)
{
	static const unsigned int want[] = { 60, 61, 62, 70, 63, 9, 50, 2, 1, 0 };
	static const unsigned int want_open[] = { 60, 61, 62, 70, 63, 9, 50, 2, 1, 0, 3 };
	static const unsigned int want_busy[] = { 9, 50, 60, 61, 2, 1, 62, 63, 70, 0 };
	static const unsigned int want_pid[] = { 1, 2, 3, 9, 50, 60, 61, 62, 63, 70 };
	struct lttr_trace *t;
	struct lttr_view *v = build("first", FIRST_DESC("", "traced"), &t);
	size_t order[16];
	unsigned char depth[16];
	uint64_t a, b;
	long n;
	uint32_t pid = 1;

	if (!v) {
		ok(0, "first screen: view built");
		ok(0, "first screen: order");
		ok(0, "first screen: group open");
		ok(0, "first screen: pid order");
		ok(0, "first screen: span");
		ok(0, "first screen: without traced");
		ok(0, "first screen: 1.9 header");
		ok(0, "first screen: 1.9 header without command");
		return;
	}
	ok(lttr_view_command_pid(v) == 60 && !lttr_trace_command_pid(t, &pid) && !pid,
	   "a 1.8 trace: the command traced ran is the process it forked (60)");
	n = lttr_view_task_sort(v, LTTR_VSORT_TRACED, 0, 0, false, order, depth);
	ok(rows_are(v, order, n, want, 10) && lttr_view_row(v, order[9])->kind == LTTR_VROW_GROUP &&
	   !strcmp(lttr_view_row(v, order[9])->name, "1 idle kernel thread"),
	   "first screen: the command (60) and its descendants in tree order (61, 62, 70, "
	   "63), then by running time over the trace (9, 50, 2, 1), then the group row "
	   "\"1 idle kernel thread\" (kworker 3, which never ran), closed");
	n = lttr_view_task_sort(v, LTTR_VSORT_TRACED, 0, 0, true, order, depth);
	ok(rows_are(v, order, n, want_open, 11) && depth[10] == 1 && !depth[9] &&
	   lttr_view_idle_kthread(v, order[10]),
	   "first screen, the group open: its member (3) under it");
	n = lttr_view_task_sort(v, LTTR_VSORT_PID, 0, 0, false, order, depth);
	ok(rows_are(v, order, n, want_pid, 10), "pid order: every task by pid, no group row");
	ok(lttr_view_command_span(v, &a, &b) && a == lttr_view_start(v) && b == lttr_view_end(v),
	   "the command's span: from its fork (less a 1 us margin, clamped to the start) to "
	   "the end (it never exits)");
	lttr_view_free(v);
	lttr_trace_close(t);
	v = build("first-none", FIRST_DESC("", "bash"), &t);
	if (!v) {
		ok(0, "first screen: without traced");
	} else {
		n = lttr_view_task_sort(v, LTTR_VSORT_TRACED, 0, 0, false, order, depth);
		ok(lttr_view_command_pid(v) == 0 && rows_are(v, order, n, want_busy, 10) &&
		   !lttr_view_command_span(v, &a, &b) && a == lttr_view_start(v) &&
		   b == lttr_view_end(v),
		   "no process named traced: no command, every task by running time (9, 50, 60), "
		   "then events (61 forked twice before 2 at 50 ns each; 1, 62, 63, 70 none), the "
		   "group row last; the whole trace as the span");
		lttr_view_free(v);
		lttr_trace_close(t);
	}
	/* format 1.9: the header names the command, whatever forked it */
	v = build("first-19", FIRST_DESC(" command=61", "bash"), &t);
	ok(v && lttr_trace_command_pid(t, &pid) && pid == 61 && lttr_view_command_pid(v) == 61 &&
	   (n = lttr_view_task_sort(v, LTTR_VSORT_TRACED, 0, 0, false, order, depth)) > 3 &&
	   lttr_view_row(v, order[0])->id == 61 && lttr_view_row(v, order[1])->id == 62 &&
	   lttr_view_row(v, order[2])->id == 70,
	   "a 1.9 header names the command (61): it and its children (62, 70) first");
	if (v) {
		lttr_view_free(v);
		lttr_trace_close(t);
	}
	v = build("first-19-none", FIRST_DESC(" format=1.9", "traced"), &t);
	ok(v && lttr_trace_command_pid(t, &pid) && pid == 0 && lttr_view_command_pid(v) == 0,
	   "a 1.9 header without a command (0): none, even with a fork by traced");
	if (v) {
		lttr_view_free(v);
		lttr_trace_close(t);
	}
}

int main(int argc, char **argv)
{
	(void)argc;
	tap_plan(70);
	test_a();
	test_b();
	test_zombie();
	test_lost_warning();
	test_s();
	test_time_cols();
	test_cancel_and_errors();
	test_two_cpus();
	test_first_screen();
	test_big(argv[0]);
	return tap_done();
}
