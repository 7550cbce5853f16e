// SPDX-License-Identifier: GPL-2.0
/*
 * test-critxhost.c - the critical path across hosts (lttr_critpath_hosts())
 * on two synthetic hosts' traces: a client (pid 10) on host 0 sends a
 * request over TCP to a server (pid 20) on host 1, whose clock is 1.5 s
 * ahead, and blocks in its receive; the server, woken by the network
 * (a softirq), works 40 us, sleeps 100 us (a timer), works 10 us and
 * replies; the network wakes the client.  With the model of the true
 * clocks every segment is known to the ns: the client's path crosses to
 * the server (its runs, its sleep) and back, with the two transits; the
 * server's path crosses to the client.  With a model that puts the
 * reply's send after the client's wakeup (a bound violated), the block
 * stays the client's and the anomaly is counted, never a negative time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/analysis/critpath.h>
#include <lttr/sync/clocksync.h>
#include "tap.h"
#include "tracegen.h"
#include "twohosts.h"

struct seg {
	uint64_t start;
	uint64_t end;
	uint32_t host;
	uint32_t pid;
	unsigned int state;
	uint32_t depth;
	uint32_t peer_host;	/* transit */
	uint32_t peer_pid;
};

static bool path_is(const struct lttr_critpath *cp, const struct seg *w, size_t n)
{
	size_t i;

	if (!cp || cp->nseg != n) {
		tap_diag("%zu segments, want %zu", cp ? cp->nseg : 0, n);
		for (i = 0; cp && i < cp->nseg; i++)
			tap_diag("  %llu-%llu host %u pid %u %s depth %u", 
				 (unsigned long long)(cp->seg[i].start_ns - T0),
				 (unsigned long long)(cp->seg[i].end_ns - T0), cp->seg[i].host,
				 cp->seg[i].pid, lttr_cp_state_name(cp->seg[i].state, cp->seg[i].reason),
				 cp->seg[i].depth);
		return false;
	}
	for (i = 0; i < n; i++) {
		const struct lttr_cp_seg *s = &cp->seg[i];

		if (s->start_ns != T0 + w[i].start || s->end_ns != T0 + w[i].end ||
		    s->host != w[i].host || s->pid != w[i].pid || s->state != w[i].state ||
		    s->depth != w[i].depth ||
		    (s->state == LTTR_CP_TRANSIT &&
		     (s->peer_host != w[i].peer_host || s->peer_pid != w[i].peer_pid))) {
			tap_diag("segment %zu: %llu-%llu host %u pid %u %s depth %u", i,
				 (unsigned long long)(s->start_ns - T0),
				 (unsigned long long)(s->end_ns - T0), s->host, s->pid,
				 lttr_cp_state_name(s->state, s->reason), s->depth);
			return false;
		}
	}
	return true;
}

/* the segments tile [from, to]; the totals sum them per host, task and state */
static bool tiles(const struct lttr_critpath *cp)
{
	uint64_t t = cp->from_ns, sum = 0;
	size_t i, k;

	for (i = 0; i < cp->nseg; i++) {
		if (cp->seg[i].start_ns != t || cp->seg[i].end_ns <= t)
			return false;
		t = cp->seg[i].end_ns;
	}
	for (k = 0; k < cp->ntot; k++) {
		const struct lttr_cp_total *o = &cp->tot[k];
		uint64_t segsum = 0;

		for (i = 0; i < cp->nseg; i++)
			if (cp->seg[i].host == o->host && cp->seg[i].pid == o->pid &&
			    cp->seg[i].state == o->state &&
			    (o->state != LTTR_CP_BLOCKED || cp->seg[i].reason == o->reason))
				segsum += cp->seg[i].end_ns - cp->seg[i].start_ns;
		if (segsum != o->ns)
			return false;
		sum += o->ns;
	}
	return t == cp->to_ns && sum == cp->to_ns - cp->from_ns;
}

static uint64_t total(const struct lttr_critpath *cp, uint32_t host, unsigned int state)
{
	uint64_t ns = 0;
	size_t k;

	for (k = 0; k < cp->ntot; k++)
		if (cp->tot[k].host == host && cp->tot[k].state == state)
			ns += cp->tot[k].ns;
	return ns;
}

/* host 1's clock in @m: t_1 = @offset + @slope * t_0 */
static void set_host(struct lttr_sync_model *m, double offset, double slope, bool synced)
{
	m->hosts[1].offset_ns = offset;
	m->hosts[1].slope = slope;
	m->hosts[1].synced = synced;
}

int main(void)
{
	static const struct seg client[] = {
		{ 0, 14000, 0, 10, LTTR_CP_RUNNING, 0, 0, 0 },
		{ 14000, 60100, 1, 20, LTTR_CP_TRANSIT, 2, 0, 10 },
		{ 60100, 60300, 1, 20, LTTR_CP_RUNNABLE, 1, 0, 0 },
		{ 60300, 100100, 1, 20, LTTR_CP_RUNNING, 1, 0, 0 },
		{ 100100, 200100, 1, 20, LTTR_CP_BLOCKED, 1, 0, 0 },
		{ 200100, 200300, 1, 20, LTTR_CP_RUNNABLE, 1, 0, 0 },
		{ 200300, 210000, 1, 20, LTTR_CP_RUNNING, 1, 0, 0 },
		{ 210000, 300100, 0, 10, LTTR_CP_TRANSIT, 1, 1, 20 },
		{ 300100, 300300, 0, 10, LTTR_CP_RUNNABLE, 0, 0, 0 },
		{ 300300, 400000, 0, 10, LTTR_CP_RUNNING, 0, 0, 0 },
	};
	static const struct seg server[] = {
		{ 0, 3000, 1, 20, LTTR_CP_RUNNING, 0, 0, 0 },
		{ 3000, 10000, 0, 10, LTTR_CP_RUNNING, 1, 0, 0 },
		{ 10000, 60100, 1, 20, LTTR_CP_TRANSIT, 1, 0, 10 },
		{ 60100, 60300, 1, 20, LTTR_CP_RUNNABLE, 0, 0, 0 },
		{ 60300, 100100, 1, 20, LTTR_CP_RUNNING, 0, 0, 0 },
		{ 100100, 200100, 1, 20, LTTR_CP_BLOCKED, 0, 0, 0 },
		{ 200100, 200300, 1, 20, LTTR_CP_RUNNABLE, 0, 0, 0 },
		{ 200300, 214000, 1, 20, LTTR_CP_RUNNING, 0, 0, 0 },
		{ 214000, 400000, 1, 20, LTTR_CP_BLOCKED, 0, 0, 0 },
	};
	static const struct seg violated[] = {
		{ 0, 14000, 0, 10, LTTR_CP_RUNNING, 0, 0, 0 },
		{ 14000, 300100, 0, 10, LTTR_CP_BLOCKED, 0, 0, 0 },
		{ 300100, 300300, 0, 10, LTTR_CP_RUNNABLE, 0, 0, 0 },
		{ 300300, 400000, 0, 10, LTTR_CP_RUNNING, 0, 0, 0 },
	};
	struct lttr_sync_host hosts[2] = {
		{ .synced = true, .offset_ns = 0, .slope = 1, .pair = -1, .parent = -1 },
		{ .synced = true, .offset_ns = 1.5e9, .slope = 1, .accuracy_ns = 100, .pair = 0,
		  .parent = 0 },
	};
	struct lttr_sync_model model = { .nhosts = 2, .hosts = hosts };
	struct lttr_critpath *cp = NULL;
	struct lttr_trace *t[2];
	struct lttr_error err;
	size_t i;

	if (tg_open("xa", A_DESC, 0, &t[0], &err) || tg_open("xb", B_DESC, 0, &t[1], &err)) {
		ok(0, "the two hosts' traces open: %s", err.msg);
		return tap_done();
	}
	if (lttr_critpath_hosts(t, 2, &model, 0, 10, 0, UINT64_MAX, &cp, &err) < 0)
		tap_diag("%s", err.msg);
	ok(cp && cp->from_ns == T0 && cp->to_ns == T0 + 400000 &&
	   path_is(cp, client, sizeof(client) / sizeof(client[0])) && tiles(cp) && !cp->anomalies,
	   "the client's path: it ran, the request in transit, the server woke, ran, slept (a timer), ran and replied, the reply in transit, the client woke and ran; tiling its 400 us");
	ok(cp && total(cp, 0, LTTR_CP_RUNNING) == 113700 && total(cp, 0, LTTR_CP_RUNNABLE) == 200 &&
	   total(cp, 0, LTTR_CP_TRANSIT) == 90100 && total(cp, 1, LTTR_CP_TRANSIT) == 46100 &&
	   total(cp, 1, LTTR_CP_RUNNING) == 49500 && total(cp, 1, LTTR_CP_RUNNABLE) == 400 &&
	   total(cp, 1, LTTR_CP_BLOCKED) == 100000 && cp->state_ns[LTTR_CP_RUNNING] == 163200 &&
	   cp->state_ns[LTTR_CP_RUNNABLE] == 600 && cp->state_ns[LTTR_CP_BLOCKED] == 100000 &&
	   cp->state_ns[LTTR_CP_TRANSIT] == 136200 && !cp->state_ns[LTTR_CP_ABSENT] &&
	   !cp->state_ns[LTTR_CP_UNKNOWN],
	   "its totals: on-CPU 113.7 us (client) + 49.5 us (server), runnable 0.2 + 0.4 us, blocked 100 us (the server's sleep), transit 46.1 + 90.1 us: 400 us exactly");
	for (i = 0; cp && i < cp->nstep; i++)
		if (cp->step[i].message)
			break;
	ok(cp && i < cp->nstep && cp->step[i].host == 0 && cp->step[i].pid == 10 &&
	   cp->step[i].followed && cp->step[i].peer_host == 1 && cp->step[i].peer_pid == 20 &&
	   cp->step[i].send_ns == T0 + 210000 && !cp->step[i].anomaly,
	   "its step: the client's block ended by the server's reply, sent at 210 us on the reference's clock");
	ok(cp && !strcmp(lttr_cp_state_name(LTTR_CP_TRANSIT, 0), "transit") && cp->nhosts == 2 &&
	   cp->hacct[1] && cp->acct == cp->hacct[0],
	   "the state's name is transit; each host's accounting is kept");
	lttr_critpath_free(cp);
	cp = NULL;

	if (lttr_critpath_hosts(t, 2, &model, 1, 20, 0, UINT64_MAX, &cp, &err) < 0)
		tap_diag("%s", err.msg);
	ok(cp && cp->from_ns == T0 && cp->to_ns == T0 + 400000 && cp->host == 1 &&
	   path_is(cp, server, sizeof(server) / sizeof(server[0])) && tiles(cp),
	   "the server's path (host 1, on the reference's clock): it ran, waited for the client (which ran until its send), the request in transit, then its own");
	lttr_critpath_free(cp);
	cp = NULL;

	if (lttr_critpath_hosts(t, 2, &model, 0, 10, T0 + 50000, T0 + 350000, &cp, &err) < 0)
		tap_diag("%s", err.msg);
	ok(cp && cp->from_ns == T0 + 50000 && cp->to_ns == T0 + 350000 && tiles(cp) && cp->nseg == 9 &&
	   cp->seg[0].state == LTTR_CP_TRANSIT && cp->seg[0].end_ns == T0 + 60100 &&
	   cp->seg[6].state == LTTR_CP_TRANSIT && cp->seg[6].start_ns == T0 + 210000 &&
	   cp->seg[8].end_ns == T0 + 350000,
	   "the client's path from 50 to 350 us: the same, cut to the window");
	lttr_critpath_free(cp);
	cp = NULL;

	/*
	 * host 1's times put 90.2 us later: the reply sent (300.2 us) after
	 * the client woke (300.1 us), before its receive returned (300.4 us)
	 */
	set_host(&model, 1.5e9 - 90200, 1, true);
	if (lttr_critpath_hosts(t, 2, &model, 0, 10, 0, UINT64_MAX, &cp, &err) < 0)
		tap_diag("%s", err.msg);
	ok(cp && path_is(cp, violated, sizeof(violated) / sizeof(violated[0])) && tiles(cp) &&
	   cp->anomalies == 1 && cp->worst_ns == 100,
	   "a model that puts the reply's send 100 ns after the client's wakeup: an anomaly counted (by 100 ns), the block left the client's, no negative transit");
	for (i = 0; cp && i < cp->nstep; i++)
		if (cp->step[i].anomaly)
			break;
	ok(cp && i < cp->nstep && !cp->step[i].followed && cp->step[i].send_ns == T0 + 300200 &&
	   cp->step[i].end_ns == T0 + 300100 && cp->step[i].peer_host == 1 && cp->step[i].peer_pid == 20,
	   "... its step says which message: the server's, sent at 300.2 us, the wakeup at 300.1 us");
	lttr_critpath_free(cp);
	cp = NULL;

	/* a drifting model: the times are rounded, the path still tiles */
	set_host(&model, 1.5e9 + 333.3, 1 + 37e-6, true);
	if (lttr_critpath_hosts(t, 2, &model, 0, 10, 0, UINT64_MAX, &cp, &err) < 0)
		tap_diag("%s", err.msg);
	ok(cp && cp->nseg == 10 && tiles(cp) && !cp->anomalies &&
	   cp->seg[1].state == LTTR_CP_TRANSIT && cp->seg[7].state == LTTR_CP_TRANSIT,
	   "a model with an offset of a fraction of a ns and 37 ppm: the same ten segments, tiling exactly");
	lttr_critpath_free(cp);
	cp = NULL;

	set_host(&model, 1.5e9, 1, false);
	ok(lttr_critpath_hosts(t, 2, &model, 0, 10, 0, UINT64_MAX, &cp, &err) == -LTTR_E_INVAL &&
	   !cp && strstr(err.msg, "host 1 is not synchronised"),
	   "a host not synchronised: refused (%s)", err.msg);
	set_host(&model, 1.5e9, 1, true);
	ok(lttr_critpath_hosts(t, 2, &model, 1, 10, 0, UINT64_MAX, &cp, &err) == -LTTR_E_INVAL &&
	   !cp && strstr(err.msg, "no task 10 on host 1"),
	   "a task not on the host asked for: refused (%s)", err.msg);
	lttr_trace_close(t[0]);
	lttr_trace_close(t[1]);
	return tap_done();
}
