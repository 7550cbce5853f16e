// SPDX-License-Identifier: GPL-2.0
/*
 * test-search.c - lttr_view_find() against a brute-force walk of the
 * merged iterator: for many filters and positions, forward and backward,
 * inclusive or not, the event found is the one the walk finds; the type
 * index lets it skip buffers; a CPU constraint reads one CPU only; a
 * progress callback cancels.  Also the viewport arithmetic, times typed by
 * a person, and the bookmarks file (round trip, a damaged file kept aside,
 * a directory that cannot be written).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include <lttr/view/keys.h>
#include <lttr/view/viewport.h>
#include <lttr/view/bookmarks.h>
#include "tap.h"
#include "tracegen.h"

#define T0 1000000000ULL

static uint64_t rnd_state = 2463534242ULL;

static uint64_t rnd(uint64_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return n ? rnd_state % n : 0;
}

/* a two-CPU trace: syscalls and switches, and now and then an open */
static char *make_desc(void)
{
	static const char *const files[] = { "/etc/passwd", "/tmp/x", "/etc/hosts", "/lib/libc.so" };
	size_t cap = 1 << 22, n = 0;
	char *d = malloc(cap);
	unsigned int cpu, i;

	if (!d)
		return NULL;
	n += (size_t)snprintf(d + n, cap - n, "header ncpus=2 end=%llu\n"
			      "proc PID: 5; PPID: 1; TGID: 5; NAME: cat\n"
			      "proc PID: 6; PPID: 1; TGID: 6; NAME: grep\n"
			      "proc PID: 7; PPID: 1; TGID: 7; NAME: sh\n",
			      T0 + 2000000);
	for (cpu = 0; cpu < 2; cpu++) {
		uint32_t pid = cpu ? 6 : 5;

		for (i = 0; i < 4000; i++) {
			uint64_t t = T0 + i * 400 + cpu * 7;

			if (i % 250 == 0)
				n += (size_t)snprintf(d + n, cap - n, "buf cpu=%u start=%llu pid=%u\n",
						      cpu, (unsigned long long)t, pid);
			switch (i % 9) {
			case 0:
				n += (size_t)snprintf(d + n, cap - n, "%llu syscall_entry 2\n",
						      (unsigned long long)t);
				break;
			case 1:
				/* opens only in some buffers: the index can skip */
				if ((i / 250) % 3 == 1)
					n += (size_t)snprintf(d + n, cap - n, "%llu fs_open %u 0 0 %s\n",
							      (unsigned long long)t, 3 + i % 5,
							      files[(i / 9 + cpu) % 4]);
				break;
			case 2:
				n += (size_t)snprintf(d + n, cap - n, "%llu syscall_exit 2 3\n",
						      (unsigned long long)t);
				break;
			case 5: {
				uint32_t next = pid == 7 ? (cpu ? 6 : 5) : 7;

				n += (size_t)snprintf(d + n, cap - n, "%llu sched %u %u 0\n",
						      (unsigned long long)t, pid, next);
				pid = next;
				break;
			}
			default:
				break;
			}
		}
	}
	return d;
}

static const char *comm_cb(void *arg, uint32_t pid, uint64_t t)
{
	return lttr_view_comm(arg, pid, t);
}

/* brute force: walk every event */
static int walk(struct lttr_view *v, struct lttr_event *all, size_t n,
		const struct lttr_filter *f, const struct lttr_view_pos *from,
		bool inclusive, int dir, struct lttr_event *out)
{
	struct lttr_filter_ctx fc = { lttr_view_trace(v), comm_cb, v };
	size_t i;

	for (i = 0; i < n; i++) {
		size_t k = dir > 0 ? i : n - 1 - i;
		struct lttr_view_pos p = lttr_view_pos_of(&all[k]);
		int c = from ? lttr_view_pos_cmp(&p, from) : (dir > 0 ? 1 : -1);

		if (dir > 0 ? !(c > 0 || (c == 0 && inclusive)) : !(c < 0 || (c == 0 && inclusive)))
			continue;
		if (f && !lttr_filter_match(f, &fc, &all[k]))
			continue;
		*out = all[k];
		return 1;
	}
	return 0;
}

static int cancel_cb(void *arg, unsigned int pm)
{
	(void)pm;
	return ++*(int *)arg >= 2;
}

static void test_find(void)
{
	static const char *const exprs[] = {
		NULL,
		"type == fs_open",
		"type == fs_open && filename =~ \"etc\"",
		"type == fs_open && filename == \"/tmp/x\" && cpu == 1",
		"type == syscall_exit && ret == 3 && comm == grep",
		"type == schedchange && next_pid == 7",
		"cpu == 0 && type == fs_open && fd == 5",
		"!(type == syscall_entry || type == syscall_exit)",
		"type == fs_open && filename == \"/nowhere\"",
	};
	char *desc = make_desc();
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_view *v = NULL;
	struct lttr_event *all, ev, want;
	struct lttr_view_search_stats st;
	size_t n, e, tries = 0, bad = 0;
	int status, calls = 0;

	if (!desc || tg_open("find", desc, 0, &t, &err) || lttr_view_build(t, NULL, NULL, &v, &err)) {
		ok(0, "search trace: %s", err.msg);
		free(desc);
		return;
	}
	free(desc);
	all = tg_all_events(t, &n, 0, &status);
	ok(all && n > 2500, "the trace has %zu events on 2 CPUs", n);
	for (e = 0; all && e < sizeof(exprs) / sizeof(exprs[0]); e++) {
		struct lttr_filter *f = NULL;
		unsigned int k;

		if (exprs[e] && lttr_filter_compile(exprs[e], &f, &err)) {
			ok(0, "compile %s: %s", exprs[e], err.msg);
			continue;
		}
		for (k = 0; k < 60; k++) {
			int dir = k % 2 ? -1 : 1, a, b;
			bool incl = k % 3 == 0;
			struct lttr_view_pos from, *fp = &from;

			if (k % 10 == 9) {
				fp = NULL;
			} else if (k % 4 == 0) {	/* a time alone */
				from.time_ns = T0 + rnd(1700000);
				from.cpu = 0;
				from.offset = 0;
			} else {			/* an event */
				from = lttr_view_pos_of(&all[rnd(n)]);
			}
			a = lttr_view_find(v, f, fp, incl, dir, NULL, NULL, &ev, &st, &err);
			b = walk(v, all, n, f, fp, incl, dir, &want);
			tries++;
			if (a != b || (a == 1 && (ev.offset != want.offset || ev.cpu != want.cpu ||
						  ev.time_ns != want.time_ns || ev.pid != want.pid))) {
				if (!bad++)
					tap_diag("%s dir %d incl %d: got %d @%llu cpu %u, want %d @%llu cpu %u",
						 exprs[e] ? exprs[e] : "(all)", dir, incl, a,
						 (unsigned long long)(a == 1 ? ev.time_ns - T0 : 0),
						 a == 1 ? ev.cpu : 0, b,
						 (unsigned long long)(b == 1 ? want.time_ns - T0 : 0),
						 b == 1 ? want.cpu : 0);
			}
		}
		lttr_filter_free(f);
	}
	ok(!bad, "lttr_view_find() finds what a walk of every event finds (%zu searches, %zu differ)",
	   tries, bad);
	{
		struct lttr_filter *f = NULL;

		lttr_filter_compile("type == fs_open", &f, &err);
		ok(f && lttr_view_find(v, f, NULL, false, 1, NULL, NULL, &ev, &st, &err) == 1 &&
		   st.skipped > 0, "the type index skips buffers without opens (%llu skipped, %llu read)",
		   (unsigned long long)st.skipped, (unsigned long long)st.buffers);
		lttr_filter_free(f);
		lttr_filter_compile("cpu == 1 && type == fs_open && filename == \"/nowhere\"", &f, &err);
		ok(f && lttr_view_find(v, f, NULL, false, 1, NULL, NULL, &ev, &st, &err) == 0 &&
		   st.buffers + st.skipped == lttr_trace_buffer_count(t, 1),
		   "a CPU constraint reads that CPU's buffers only");
		ok(lttr_view_find(v, f, NULL, false, 1, cancel_cb, &calls, &ev, &st, &err) ==
		   -LTTR_E_CANCELED, "a search is canceled by its progress callback");
		lttr_filter_free(f);
	}
	free(all);
	lttr_view_free(v);
	lttr_trace_close(t);
}

static void test_viewport(void)
{
	struct lttr_viewport vp;
	uint64_t a, b, x, base = 1000;
	char buf[32];

	lttr_viewport_init(&vp, 1000, 11000);
	vp.min_span = 100;
	lttr_viewport_set_cursor(&vp, 3500);
	lttr_viewport_zoom(&vp, 1, 2);
	ok(vp.t1 - vp.t0 == 5000 && vp.t0 == 2250 && vp.cursor == 3500,
	   "zoom in at the cursor keeps its place on the screen (%llu..%llu)",
	   (unsigned long long)vp.t0, (unsigned long long)vp.t1);
	lttr_viewport_zoom(&vp, 1, 1000);
	ok(vp.t1 - vp.t0 == 100, "not narrower than min_span");
	lttr_viewport_zoom(&vp, 1000000, 1);
	ok(vp.t0 == 1000 && vp.t1 == 11000, "zoom out stops at the whole trace");
	lttr_viewport_show(&vp, 9000, 12000);
	ok(vp.t0 == 8000 && vp.t1 == 11000, "a window past the end is moved back in");
	lttr_viewport_show(&vp, 11000, 9000);
	lttr_viewport_pan(&vp, 1, 2);
	ok(vp.t0 == 9000 && vp.t1 == 11000, "pan stays within the trace");
	lttr_viewport_pan(&vp, -1, 1);
	ok(vp.t0 == 7000 && vp.t1 == 9000, "pan back by a window");
	lttr_viewport_set_cursor(&vp, 2000);
	ok(vp.t0 == 2000 && vp.t1 == 4000 && vp.cursor == 2000, "the window follows the cursor");
	{
		/* the keymap's window keys of the screens without a cursor */
		struct lttr_viewport w = vp;
		bool all = lttr_viewport_navigate(&w, LTTR_KA_END) && w.t0 == 9000 && w.t1 == 11000;

		all = all && lttr_viewport_navigate(&w, LTTR_KA_PAN_LEFT) && w.t0 == 8500 &&
		      w.t1 == 10500;
		all = all && lttr_viewport_navigate(&w, LTTR_KA_START) && w.t0 == 1000 && w.t1 == 3000;
		all = all && lttr_viewport_navigate(&w, LTTR_KA_PAN_RIGHT) && w.t0 == 1500;
		all = all && lttr_viewport_navigate(&w, LTTR_KA_ZOOM_OUT) && w.t1 - w.t0 == 4000;
		all = all && lttr_viewport_navigate(&w, LTTR_KA_ZOOM_IN) && w.t1 - w.t0 == 2000;
		all = all && lttr_viewport_navigate(&w, LTTR_KA_ALL) && w.t0 == 1000 && w.t1 == 11000;
		ok(all && !lttr_viewport_navigate(&w, LTTR_KA_QUIT) && w.t0 == 1000 && w.t1 == 11000,
		   "navigate: end, pan a quarter left, start, right, zoom out and in, all; "
		   "quit is not a window key (%llu..%llu)", (unsigned long long)w.t0,
		   (unsigned long long)w.t1);
	}
	ok(lttr_viewport_time_col(&vp, 2000, 20) == 0 && lttr_viewport_time_col(&vp, 3999, 20) == 19 &&
	   lttr_viewport_time_col(&vp, 1999, 20) == -1 && lttr_viewport_col_time(&vp, 10, 20) == 3000,
	   "columns and times");
	{
		/* the round trip of every column, windows of spans that the
		 * columns do not divide (the TUI's Right key stuck on them) */
		static const uint64_t spans[] = { 2000, 1999, 59, 61, 1000003, 7777777 };
		static const unsigned int ncols[] = { 20, 59, 51, 199 };
		unsigned int bad = 0, checked = 0;

		for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
			for (size_t j = 0; j < sizeof(ncols) / sizeof(ncols[0]); j++) {
				struct lttr_viewport w = vp;

				if (spans[i] < ncols[j])
					continue;
				w.t1 = w.t0 + spans[i];
				for (unsigned int c = 0; c < ncols[j]; c++) {
					uint64_t t = lttr_viewport_col_time(&w, c, ncols[j]);
					uint64_t e = lttr_viewport_col_time(&w, c + 1, ncols[j]);

					checked++;
					if (lttr_viewport_time_col(&w, t, ncols[j]) != (long)c ||
					    lttr_viewport_time_col(&w, e - 1, ncols[j]) != (long)c)
						bad++;
				}
			}
		ok(!bad && checked > 1000,
		   "each column's first and last nanosecond read as that column (%u columns, %u not)",
		   checked, bad);
	}
	lttr_viewport_set_mark(&vp, 1);
	lttr_viewport_set_cursor(&vp, 1500);
	lttr_viewport_set_mark(&vp, 0);
	ok(lttr_viewport_marks(&vp, &a, &b) && a == 1500 && b == 2000, "markers in time order");
	ok(!strcmp(lttr_fmt_duration(999, buf, sizeof(buf)), "999 ns") &&
	   !strcmp(lttr_fmt_duration(1500, buf, sizeof(buf)), "1.500 us") &&
	   !strcmp(lttr_fmt_duration(2000000001ULL, buf, sizeof(buf)), "2.000000001 s") &&
	   !strcmp(lttr_fmt_time(1234567890123ULL, buf, sizeof(buf)), "1234.567890123"),
	   "durations and times, exact to the nanosecond");
	ok(!lttr_parse_trace_time("1.5", NULL, NULL, &x, NULL, 0) && x == 1500000000 &&
	   !lttr_parse_trace_time("150ms", NULL, NULL, &x, NULL, 0) && x == 150000000 &&
	   !lttr_parse_trace_time(" 12.5 us ", NULL, NULL, &x, NULL, 0) && x == 12500 &&
	   !lttr_parse_trace_time("+800ns", NULL, &base, &x, NULL, 0) && x == 1800 &&
	   lttr_parse_trace_time("-2s", NULL, &base, &x, NULL, 0) == LTTR_TIME_OUTSIDE &&
	   !lttr_parse_trace_time("0.000000001", NULL, NULL, &x, NULL, 0) && x == 1 &&
	   lttr_parse_trace_time("abc", NULL, NULL, &x, NULL, 0) &&
	   lttr_parse_trace_time("5 xs", NULL, NULL, &x, NULL, 0) &&
	   lttr_parse_trace_time("", NULL, NULL, &x, NULL, 0) &&
	   lttr_parse_trace_time("1.2.3", NULL, NULL, &x, NULL, 0),
	   "times typed by a person");
}

static void test_bookmarks(void)
{
	const char *dir = tap_tmpdir("bm");
	struct lttr_bookmarks b, c;
	struct lttr_error err;
	char path[4096];
	FILE *f;

	ok(!lttr_bookmarks_load(dir, &b, &err) && b.n == 0, "no file: no bookmarks");
	lttr_bookmarks_add(&b, "late", 5000);
	lttr_bookmarks_add(&b, "early \"quoted\"", 2000);
	lttr_bookmarks_add(&b, "late", 7000);
	b.mark[0] = 2500;
	b.has_mark[0] = true;
	ok(b.n == 2 && b.v[0].time_ns == 2000 && b.v[1].time_ns == 7000,
	   "bookmarks in time order, a name given again moves it");
	ok(!lttr_bookmarks_save(dir, 1000, &b, &err), "saved");
	ok(!lttr_bookmarks_load(dir, &c, &err) && c.n == 2 && !strcmp(c.v[0].name, "early \"quoted\"") &&
	   c.v[1].time_ns == 7000 && c.has_mark[0] && c.mark[0] == 2500 && !c.has_mark[1],
	   "read back: names, times, marker A");
	lttr_bookmarks_free(&c);
	snprintf(path, sizeof(path), "%s/bookmarks.json", dir);
	f = fopen(path, "w");
	if (f) {
		fputs("{ \"bookmarks\": [ { \"name\": 1 } ] ", f);
		fclose(f);
	}
	ok(lttr_bookmarks_load(dir, &c, &err) < 0 && c.damaged && c.n == 0,
	   "a damaged file is refused: %s", err.msg);
	lttr_bookmarks_add(&c, "new", 3000);
	ok(!lttr_bookmarks_save(dir, 1000, &c, &err), "saving over it...");
	snprintf(path, sizeof(path), "%s/bookmarks.json.damaged", dir);
	f = fopen(path, "r");
	ok(f != NULL, "... keeps the damaged file aside");
	if (f)
		fclose(f);
	lttr_bookmarks_free(&c);
	snprintf(path, sizeof(path), "%s/missing/dir", dir);
	ok(lttr_bookmarks_save(path, 0, &b, &err) == -LTTR_E_IO,
	   "a directory that cannot be written: %s", err.msg);
	lttr_bookmarks_free(&b);
}

int main(void)
{
	tap_plan(26);
	test_find();
	test_viewport();
	test_bookmarks();
	return tap_done();
}
