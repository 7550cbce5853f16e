// SPDX-License-Identifier: GPL-2.0
/*
 * test-xview.c - the view model of several hosts (lttr/view/hosts.h) on
 * two hand-written hosts' traces (test-critxhost's: a client, pid 10 on
 * alpha, sends a request over TCP to a server, pid 20 on beta, whose clock
 * is 1.5 s ahead; the server sleeps 100 us and replies).  With the model of
 * the true clocks: a group row per host, each host's tasks under it keyed
 * by (host, pid), each task's cells those of its host's view over the
 * window converted (also with a drifting model), the two messages as
 * links between the client's and the server's rows at the times worked
 * out by hand (the request from the send's call at 10 us to its receive
 * at 60.4 us; the reply from 210 us to 300.4 us), the clock text; a
 * host not synchronised apart (its group row only, said, no link); the
 * traces opened directly (one message each way: too few, beta apart) and
 * the same trace twice refused.  The predicate bar over the set
 * (lttr/view/hosts-pred.h): its hits lttr_replay_hits_set()'s of the same
 * traces, names and model, the next and previous hit from every hit's
 * time and between them as a walk through the list gives them, a syntax
 * error refused with the hits before kept, emptied; refused when a host
 * is not synchronised.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/sync/clocksync.h>
#include <lttr/replay/replay.h>
#include <lttr/view/hosts.h>
#include <lttr/view/hosts-pred.h>
#include "tap.h"
#include "tracegen.h"
#include "twohosts.h"

static bool same_cells(const struct lttr_vcell *a, const struct lttr_vcell *b, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (a[i].cat != b[i].cat || a[i].flags != b[i].flags || a[i].changes != b[i].changes) {
			tap_diag("column %u: cat %u/%u flags %u/%u changes %u/%u", i, a[i].cat, b[i].cat,
				 a[i].flags, b[i].flags, a[i].changes, b[i].changes);
			return false;
		}
	return true;
}

int main(void)
{
	struct lttr_sync_host hosts[2] = {
		{ .synced = true, .offset_ns = 0, .slope = 1, .pair = -1, .parent = -1 },
		{ .synced = true, .offset_ns = 1.5e9, .slope = 1, .accuracy_ns = 100, .pair = -1,
		  .parent = 0 },
	};
	struct lttr_sync_model model = { .nhosts = 2, .hosts = hosts };
	static struct lttr_vcell c1[400], c2[400];
	struct lttr_xlink l[8];
	struct lttr_xview *x = NULL;
	struct lttr_trace *t[2];
	struct lttr_error err;
	const char *dirs[2];
	char txt[512], da[4096], db[4096];
	long cli, srv;
	size_t n = 0, k, ntask[2] = { 0, 0 };
	int r;

	if (tg_open("xa", A_DESC, 0, &t[0], &err) || tg_open("xb", B_DESC, 0, &t[1], &err)) {
		ok(0, "the two hosts' traces open: %s", err.msg);
		return tap_done();
	}
	r = lttr_xview_build(t, 2, NULL, &model, &x, &err);
	ok(!r, "the view of the two hosts is built (%s)", r ? err.msg : "");
	if (r)
		return tap_done();
	for (k = 0; k < lttr_xview_nrows(x); k++) {
		const struct lttr_xrow *w = lttr_xview_row(x, k);

		if (w->kind == LTTR_XROW_TASK)
			ntask[w->host]++;
		tap_diag("row %zu: kind %u host %u pid %u '%s'", k, w->kind, w->host, w->pid, w->name);
	}
	cli = lttr_xview_find(x, 0, 10);
	srv = lttr_xview_find(x, 1, 20);
	ok(lttr_xview_nhosts(x) == 2 && lttr_xview_row(x, 0)->kind == LTTR_XROW_HOST &&
	   lttr_xview_row(x, 0)->host == 0 && !strcmp(lttr_xview_row(x, 0)->name, "alpha (host 0)") &&
	   cli == 1 && !strcmp(lttr_xview_row(x, 1)->name, "cli 10") &&
	   lttr_xview_row(x, 2)->kind == LTTR_XROW_HOST && lttr_xview_row(x, 2)->host == 1 &&
	   !strcmp(lttr_xview_row(x, 2)->name, "beta (host 1)") && srv == 3 &&
	   !strcmp(lttr_xview_row(x, 3)->name, "srv 20") && ntask[0] == 1 && ntask[1] == 1 &&
	   lttr_xview_nrows(x) == 4,
	   "rows: alpha's group row, its task cli 10, beta's group row, its task srv 20 (%zu rows)",
	   lttr_xview_nrows(x));
	ok(lttr_xview_find(x, 0, 20) == -1 && lttr_xview_find(x, 1, 10) == -1,
	   "tasks are keyed by (host, pid): pid 20 is not on alpha, 10 not on beta");
	ok(lttr_xview_start(x) == T0 && lttr_xview_end(x) == T0 + 400000,
	   "the set's span on alpha's clock: beta's 2.5 s start is alpha's 1 s");
	r = lttr_xview_cells(x, (size_t)srv, T0, T0 + 400000, 400, c1) ||
	    lttr_view_cells(lttr_xview_host_view(x, 1), lttr_xview_row(x, 3)->vrow,
			    T0 + 1500000000ULL, T0 + 1500400000ULL, 400, c2);
	ok(!r && same_cells(c1, c2, 400) && c1[150].cat >= LTTR_VCAT_BLOCKED &&
	   c1[50].cat >= LTTR_VCAT_BLOCKED && c1[80].cat == LTTR_VCAT_USER,
	   "srv 20's cells over alpha's [0, 400 us) are beta's view's over [1.5 s, 1.5 s + 400 us): "
	   "blocked at 50 us (its receive) and 150 us (its sleep), in user code at 80 us");
	r = lttr_xview_cells(x, 2, T0, T0 + 400000, 400, c1);
	ok(!r && c1[0].cat == LTTR_VCAT_NONE && c1[399].cat == LTTR_VCAT_NONE,
	   "a host's group row has no state of its own");
	r = lttr_xview_links(x, T0, T0 + 400000, 8, l, &n);
	for (k = 0; k < n; k++)
		tap_diag("link %zu: %u:%u -> %u:%u %llu -> %llu rows %zu -> %zu", k, l[k].from_host,
			 l[k].from_pid, l[k].to_host, l[k].to_pid,
			 (unsigned long long)(l[k].send_ns - T0), (unsigned long long)(l[k].recv_ns - T0),
			 l[k].from_row, l[k].to_row);
	ok(!r && n == 2 &&
	   l[0].from_host == 0 && l[0].from_pid == 10 && l[0].to_host == 1 && l[0].to_pid == 20 &&
	   l[0].send_ns == T0 + 10000 && l[0].recv_ns == T0 + 60400 &&
	   l[0].from_row == (size_t)cli && l[0].to_row == (size_t)srv && l[0].bytes == 100 &&
	   l[1].from_host == 1 && l[1].to_host == 0 && l[1].send_ns == T0 + 210000 &&
	   l[1].recv_ns == T0 + 300400 && l[1].from_row == (size_t)srv && l[1].to_row == (size_t)cli &&
	   l[1].bytes == 200,
	   "links: the request cli 10 -> srv 20 from 10 us (its send's call) to 60.4 us (the receive), "
	   "the reply srv 20 -> cli 10 from 210 us to 300.4 us, on alpha's clock");
	r = lttr_xview_links(x, T0 + 100000, T0 + 200000, 8, l, &n);
	ok(!r && n == 0, "no message between 100 and 200 us (%zu)", n);
	r = lttr_xview_links(x, T0 + 300000, T0 + 400000, 8, l, &n);
	ok(!r && n == 1 && l[0].recv_ns == T0 + 300400,
	   "a window holding only the reply's receive has the reply");
	r = lttr_xview_links(x, T0, T0 + 400000, 1, l, &n);
	ok(r == 1 && n == 1, "more links than room is said");
	ok(!strcmp(lttr_xview_clock_text(x, 0, txt, sizeof(txt)), "the reference clock (the time axis)") &&
	   strstr(lttr_xview_clock_text(x, 1, txt, sizeof(txt)),
		  "t = +1500000000.0 ns + (1 +0.0000 ppm) x t(alpha)") && strstr(txt, "accuracy 0.1 us"),
	   "the clock text: %s", txt);
	{
		static const char *const names[2] = { "alpha", "beta" };
		const char *P = "@alpha(cpu[0].current) == 10 || @beta(cpu[0].current) == 20";
		struct lttr_xpred p = { .text = "" };
		struct lttr_replay_hit *v = NULL;
		size_t nv = 0, i, first, wrong = 0, nodes[2] = { 0, 0 };
		bool set;

		r = lttr_replay_hits_set(t, 2, names, &model, P, 0, UINT64_MAX, NULL, NULL, &v, &nv,
					 &err);
		set = lttr_xpred_set(&p, x, P, NULL, NULL, &err);
		for (i = 0; set && i < p.n && i < nv; i++) {
			nodes[p.hits[i].node & 1]++;
			wrong += p.hits[i].ordinal != v[i].ordinal || p.hits[i].time_ns != v[i].time_ns ||
				 p.hits[i].node != v[i].node;
		}
		ok(!r && set && p.n == nv && !wrong && nodes[0] && nodes[1] && !strcmp(p.text, P),
		   "the predicate bar over the set: its %zu hits (%zu on alpha, %zu on beta) are "
		   "lttr_replay_hits_set()'s of the same traces, names and model", p.n, nodes[0],
		   nodes[1]);
		for (i = 0; i < p.n; i++) {
			uint64_t at = p.hits[i].time_ns;

			wrong += lttr_xpred_step(&p, at, 1) != (i + 1 < p.n ? (long)i + 1 : -1);
			wrong += lttr_xpred_step(&p, at, -1) != (long)i - 1;
			wrong += lttr_xpred_step(&p, at - 1, 1) != (long)i;
			wrong += lttr_xpred_step(&p, at + 1, -1) != (long)i;
			wrong += lttr_xpred_in(&p, at, at, &first) != 1 || first != i;
		}
		ok(p.n > 1 && !wrong && lttr_xpred_in(&p, 0, UINT64_MAX, &first) == p.n && !first,
		   "next and previous from each hit's time and a ns either side, the hits in a "
		   "window: as the list gives them (%zu wrong)", wrong);
		set = lttr_xpred_set(&p, x, "@alpha(cpu[0].current) ==", NULL, NULL, &err);
		ok(!set && err.code == LTTR_E_INVAL && !strcmp(err.msg, "1:26: expected a value, a field or '('") &&
		   p.n == nv && !strcmp(p.text, P),
		   "a syntax error refused with its column (%s), the predicate and hits before kept",
		   err.msg);
		set = lttr_xpred_set(&p, x, "@gamma(cpu[0].current) == 0", NULL, NULL, &err);
		ok(!set && !strcmp(err.msg, "1:2: unknown node \"gamma\"") && p.n == nv,
		   "an unknown host refused (%s)", err.msg);
		set = lttr_xpred_set(&p, x, "", NULL, NULL, &err);
		ok(set && !p.n && !p.text[0] && lttr_xpred_step(&p, T0, 1) == -1, "emptied: none");
		lttr_xpred_free(&p);
		free(v);
	}
	lttr_xview_free(x);

	/* a drifting model: the cells are the host's at the converted window */
	model.hosts[1].slope = 1.0001;
	model.hosts[1].offset_ns = 1.5e9 - 100000;
	r = lttr_xview_build(t, 2, NULL, &model, &x, &err);
	if (!r) {
		uint64_t a = (uint64_t)(1.5e9 - 100000 + 1.0001 * (double)(T0 + 50000) + 0.5);
		uint64_t b = (uint64_t)(1.5e9 - 100000 + 1.0001 * (double)(T0 + 450000) + 0.5);

		srv = lttr_xview_find(x, 1, 20);
		r = srv < 0 || lttr_xview_cells(x, (size_t)srv, T0 + 50000, T0 + 450000, 400, c1) ||
		    lttr_view_cells(lttr_xview_host_view(x, 1), lttr_xview_row(x, (size_t)srv)->vrow,
				    a, b, 400, c2);
		ok(!r && same_cells(c1, c2, 400) && lttr_xview_to_host(x, 1, T0 + 50000) == a &&
		   lttr_xview_to_host(x, 0, T0 + 50000) == T0 + 50000,
		   "with 100 ppm of drift, srv 20's cells are beta's at the window converted, "
		   "[%llu, %llu) on beta's clock", (unsigned long long)a, (unsigned long long)b);
		lttr_xview_free(x);
	} else {
		ok(0, "the drifting model's view: %s", err.msg);
	}

	/* beta not synchronised: apart, said, nothing of it placed */
	model.hosts[1].synced = false;
	model.hosts[1].parent = -1;
	r = lttr_xview_build(t, 2, NULL, &model, &x, &err);
	ok(!r && lttr_xview_nrows(x) == 3 && lttr_xview_unsynced(x) == 1 &&
	   lttr_xview_row(x, 2)->kind == LTTR_XROW_HOST && lttr_xview_row(x, 2)->host == 1 &&
	   strstr(lttr_xview_row(x, 2)->name, "NOT SYNCHRONISED") && lttr_xview_find(x, 1, 20) == -1 &&
	   !lttr_xview_host_view(x, 1),
	   "beta not synchronised: its group row last, saying so, none of its tasks");
	if (!r) {
		ok(!lttr_xview_links(x, 0, UINT64_MAX, 8, l, &n) && n == 0 &&
		   lttr_xview_end(x) == T0 + 400000 &&
		   strstr(lttr_xview_clock_text(x, 1, txt, sizeof(txt)), "NOT SYNCHRONISED, not shown"),
		   "... no message drawn to it, the span alpha's; %s", txt);
		{
			struct lttr_xpred p = { .text = "" };

			ok(!lttr_xpred_set(&p, x, "cpu[0].current == 10", NULL, NULL, &err) &&
			   err.code == LTTR_E_INVAL && strstr(err.msg, "host 1 (beta) is not synchronised") &&
			   !p.n && !p.text[0],
			   "... a predicate over the set refused: %s", err.msg);
		}
		lttr_xview_free(x);
	}

	/* opened directly: one message each way is too few */
	snprintf(da, sizeof(da), "%s", tg_dir("xa"));
	snprintf(db, sizeof(db), "%s", tg_dir("xb"));
	dirs[0] = da;
	dirs[1] = db;
	r = lttr_xview_open(dirs, 2, true, &x, &err);
	ok(!r && lttr_xview_unsynced(x) == 1 &&
	   strstr(lttr_xview_host(x, 1)->problem, "unsynchronised"),
	   "the two traces opened directly: beta is not synchronised (one message each way): %s",
	   r ? err.msg : lttr_xview_host(x, 1)->problem);
	lttr_xview_free(x);
	dirs[1] = da;
	r = lttr_xview_open(dirs, 2, true, &x, &err);
	ok(r < 0 && strstr(err.msg, "are the same trace"), "the same trace twice is refused: %s",
	   r < 0 ? err.msg : "");
	r = lttr_xview_open(dirs, 1, true, &x, &err);
	ok(r < 0 && strstr(err.msg, "not a merged set"), "one trace alone is refused: %s",
	   r < 0 ? err.msg : "");
	lttr_trace_close(t[0]);
	lttr_trace_close(t[1]);
	return tap_done();
}
