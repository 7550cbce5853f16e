// SPDX-License-Identifier: GPL-2.0
/*
 * test-corpus.c - a corpus of good and deliberately broken traces, each
 * built on the fly: every one must be read, or refused with a precise
 * message, or read with a documented warning; never a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

#include "corpus.h"

static bool has_warning(struct lttr_trace *t, const char *phrase)
{
	size_t i;

	for (i = 0; i < lttr_trace_warning_count(t); i++)
		if (strstr(lttr_trace_warning(t, i), phrase))
			return true;
	return false;
}

static void run_case(const struct corpus_case *c)
{
	struct lttr_trace *t = NULL;
	struct lttr_error err;
	struct lttr_summary *s = NULL;
	struct lttr_event *fw, *bw;
	size_t nf = 0, nb = 0;
	int r, sf, sb;

	r = tg_open(c->name, c->desc, c->flags, &t, &err);
	if (r == -100) {
		ok(0, "%s: description builds", c->name);
		return;
	}
	if (c->expect == OPEN_ERR) {
		ok(r < 0 && strstr(err.msg, c->phrase) != NULL,
		   "%s: refused with \"%s\"", c->name, c->phrase);
		if (r >= 0 || !strstr(err.msg, c->phrase))
			tap_diag("got %d: %s", r, r < 0 ? err.msg : "(opened)");
		ok(r < 0 && strstr(err.msg, tg_dir(c->name)) == err.msg,
		   "%s: message starts with the file's path", c->name);
		lttr_trace_close(t);
		return;
	}
	if (!ok(r == 0, "%s: opens", c->name)) {
		tap_diag("%s", err.msg);
		ok(0, "%s: reads", c->name);
		return;
	}
	fw = tg_all_events(t, &nf, 0, &sf);
	bw = tg_all_events(t, &nb, 1, &sb);
	r = lttr_summary_compute(t, &s, &err);
	if (c->expect == READ_ERR) {
		ok(sf < 0 && sb < 0 && r < 0 && strstr(err.msg, c->phrase),
		   "%s: forward, backward and summary fail with \"%s\"", c->name,
		   c->phrase);
		if (r >= 0 || !strstr(err.msg, c->phrase))
			tap_diag("got %d %d %d: %s", sf, sb, r, r < 0 ? err.msg : "");
	} else {
		bool good = sf == 0 && sb == 0 && r == 0 && nf == nb &&
			(c->nevents < 0 || nf == (size_t)c->nevents) &&
			(!c->phrase || has_warning(t, c->phrase));

		ok(good, "%s: reads %ld events both ways%s%s", c->name, c->nevents,
		   c->phrase ? ", warns " : "", c->phrase ? c->phrase : "");
		if (!good)
			tap_diag("status %d %d %d, %zu/%zu events, %zu warnings: %s",
				 sf, sb, r, nf, nb, lttr_trace_warning_count(t),
				 lttr_trace_warning_count(t) ? lttr_trace_warning(t, 0) : "");
	}
	free(fw);
	free(bw);
	lttr_summary_free(s);
	lttr_trace_close(t);
}

static void specific_checks(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_summary *s = NULL;
	struct lttr_event *v;
	size_t n = 0;
	int st;
	char buf[256];

	/* a newer format's unknown ids are yielded as unknown_<id> and counted */
	tg_open("u2", "header minor=200\n" GOOD_HEAD GOOD_BUF0 "1000000300 rec 99 12 1 2 3 4\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 4 && !v[3].known && v[3].id == 99 && v[3].size == 12 &&
	   !strcmp(lttr_event_type_str(v[3].id, buf, sizeof(buf)), "unknown_99"),
	   "unknown id 99 is yielded as unknown_99, skipped by its size");
	ok(lttr_summary_compute(t, &s, &err) == 0 && s->unknown == 1 &&
	   s->by_id[99] == 1, "summary counts it as unknown");
	lttr_summary_free(s);
	free(v);
	lttr_trace_close(t);

	/* exec file name without NUL: the rest of the record */
	tg_open("x2", GOOD_HEAD GOOD_BUF0 "1000000300 rec 11 16 1 0 0 0 0x41 0x42 0x43 0x44\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 4 && v[3].var_len == 4 && !memcmp(v[3].var, "ABCD", 4),
	   "exec name without NUL ends with the record");
	free(v);
	lttr_trace_close(t);

	/* no details: a schedchange without payload leaves the pid alone */
	tg_open("nd2", GOOD_HEAD GOOD_BUF0 "1000000300 nodetail 7\n1000000400 syscall_entry 1\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 5 && !v[3].details && v[3].known && v[4].pid == 1,
	   "no-details schedchange: no payload, pid unchanged");
	lttr_event_describe(t, &v[3], buf, sizeof(buf));
	ok(!strcmp(buf, "schedchange (no details)"), "no-details description: %s", buf);
	free(v);
	lttr_trace_close(t);

	/* names without NUL end with the record */
	tg_open("fo2", GOOD_HEAD GOOD_BUF0
		"1000000300 rec 24 24 3 0 0 0 0 0 0 0 0 0 0 0 0x41 0x42 0x43 0x44\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	lttr_event_describe(t, &v[3], buf, sizeof(buf));
	ok(n == 4 && v[3].var_len == 4 && !strcmp(buf, "fs_open ABCD fd=3 flags=0x0 mode=00"),
	   "fs_open name without NUL ends with the record: %s", buf);
	free(v);
	lttr_trace_close(t);

	/* format 1.2: compact records decode as the full ones would */
	tg_open("cm2", MIXED, 0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	/* merged: start, start, entry, irq_entry, exit, entry, exit, sched, ... */
	ok(n == 10 && (v[2].rec_flags & LTT_REC_COMPACT) && v[2].size == 16 &&
	   v[2].p.syscall_entry.nr == 39 && v[2].p.syscall_entry.ip == 0x401234 &&
	   (v[4].rec_flags & LTT_REC_COMPACT) && v[4].size == 12 &&
	   v[4].p.syscall_exit.ret == 1 && v[4].p.syscall_exit.nr == 39,
	   "compact syscall records: smaller, expanded to the full payload");
	ok(n == 10 && !(v[6].rec_flags & LTT_REC_COMPACT) && v[6].size == 20 &&
	   v[6].p.syscall_exit.ret == 0x7f0000001000LL && v[6].p.syscall_exit.nr == 9 &&
	   !(v[7].rec_flags & LTT_REC_COMPACT) && v[7].pid == 1 && v[8].pid == 0,
	   "a return value that does not fit, a record written in full: read in full");
	lttr_event_describe(t, &v[3], buf, sizeof(buf));
	ok(n == 10 && (v[3].rec_flags & LTT_REC_COMPACT) && v[3].control &&
	   !strcmp(buf, "irq_entry 4 (ttyS0) user"),
	   "compact irq_entry: user flag (control event), name: %s", buf);
	lttr_event_describe(t, &v[9], buf, sizeof(buf));
	ok(n == 10 && (v[9].rec_flags & LTT_REC_COMPACT) && v[9].pid == 0 &&
	   v[9].p.wakeup.pid == 1 && v[9].p.wakeup.flags == LTT_WAKEUP_NEW,
	   "compact wakeup: %s", buf);
	free(v);
	lttr_trace_close(t);

	/* the header flag of LTT_OPT_FULL_RECORDS */
	tg_open("fr2", "header fullrec=1\n" GOOD, 0, &t, &err);
	ok(t && lttr_trace_header(t)->minor == 2 &&
	   (lttr_trace_header(t)->flags & LTT_TRACE_FULL_RECORDS) &&
	   lttr_trace_format_11(t), "fullrec=1: a 1.2 header with LTT_TRACE_FULL_RECORDS");
	lttr_trace_close(t);

	/* empty events: the trace info still works */
	tg_open("e2", GOOD "truncate events 0\n", 0, &t, &err);
	ok(lttr_trace_total_buffers(t) == 0 && lttr_trace_end_ns(t) == 1000000250ULL,
	   "empty events: 0 buffers, end_ns from the header");
	lttr_trace_close(t);
}

int main(void)
{
	size_t i, n = corpus_ncases;

	tap_plan((int)(2 * n) + 12);	/* two checks per case */
	for (i = 0; i < n; i++)
		run_case(&corpus_cases[i]);
	specific_checks();
	return tap_done();
}
