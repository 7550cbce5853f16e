// SPDX-License-Identifier: GPL-2.0
/*
 * test-replay-seek.c - the hits of a predicate found from the checkpoints
 * of the replayed state (lttr_replay_seek_*(), src/replay/seek.c) are
 * those of one replay pass from the start (lttr_replay_hits()): forward
 * from the start, backward from the end, and next and previous from
 * cursors all over the trace, with checkpoints every few hundred events
 * and with one checkpoint only; on the guest's real traces of
 * tests/corpus (lost events included) and on a simulated trace of many
 * events.  A search near a hit replays no more than two intervals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/replay/replay.h>
#include "tap.h"
#include "tracegen.h"
#include "corpus.h"
#include "simtrace.h"

static const char *const preds[] = {
	"cpu[0].runq > 0",
	"cpu[1].mode == \"irq\"",
	"cpu[0].current != 0 && cpu[1].current != 0",
	"task[1].state == \"runnable\"",
	"cpu[0].idle",
};

/* the first hit after @after in @v (n), or NULL */
static const struct lttr_replay_hit *after_of(const struct lttr_replay_hit *v, size_t n,
					      uint64_t after)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].ordinal > after)
			return &v[i];
	return NULL;
}

static const struct lttr_replay_hit *before_of(const struct lttr_replay_hit *v, size_t n,
					       uint64_t before)
{
	size_t i;

	for (i = n; i > 0; i--)
		if (v[i - 1].ordinal < before)
			return &v[i - 1];
	return NULL;
}

static bool same(int rc, const struct lttr_replay_hit *got, const struct lttr_replay_hit *want)
{
	if (!want)
		return rc == 0;
	return rc == 1 && got->ordinal == want->ordinal && got->time_ns == want->time_ns;
}

static void compare(const char *name, struct lttr_trace *t, const char *expr, uint64_t interval)
{
	struct lttr_replay_hit *v = NULL, h;
	struct lttr_replay_seek_stats st;
	struct lttr_replay_seek *s = NULL;
	struct lttr_error err;
	uint64_t last, pos;
	size_t n = 0, i, bad;
	int rc;

	if (lttr_replay_hits(t, expr, 0, UINT64_MAX, NULL, NULL, &v, &n, &err) < 0 ||
	    lttr_replay_seek_open(t, expr, interval, &s, &err) < 0) {
		tap_ok(false, "%s: %s: %s", name, expr, err.msg);
		free(v);
		return;
	}
	/* forward from the start */
	for (i = 0, bad = 0, pos = 0; bad == 0; i++) {
		rc = lttr_replay_seek_next(s, pos, &h, &err);
		if (!same(rc, &h, i < n ? &v[i] : NULL))
			bad = i + 1;
		if (rc != 1)
			break;
		pos = h.ordinal;
	}
	tap_ok(!bad && i == n, "%s: %s, every %llu events: the %zu hits forward", name, expr,
	       (unsigned long long)interval, n);
	if (bad)
		tap_diag("hit %zu differs (rc %d, #%llu)", bad, rc, (unsigned long long)h.ordinal);
	lttr_replay_seek_stats(s, &st);
	last = st.last;
	/* backward from the end */
	for (i = n, bad = 0, pos = UINT64_MAX; ; i--) {
		rc = lttr_replay_seek_prev(s, pos, &h, &err);
		if (!same(rc, &h, i ? &v[i - 1] : NULL)) {
			bad = i + 1;
			break;
		}
		if (rc != 1)
			break;
		pos = h.ordinal;
	}
	tap_ok(!bad, "%s: %s: backward from the end, the same hits in reverse order", name, expr);
	/* next and previous from cursors all over the trace, in a scrambled order */
	for (i = 0, bad = 0; i < 61; i++) {
		uint64_t at = (i * 37 % 61) * (last + 2) / 60;

		rc = lttr_replay_seek_next(s, at, &h, &err);
		if (!same(rc, &h, after_of(v, n, at)))
			bad++;
		rc = lttr_replay_seek_prev(s, at, &h, &err);
		if (!same(rc, &h, before_of(v, n, at)))
			bad++;
	}
	tap_ok(!bad, "%s: %s: next and previous from 61 cursors (%zu wrong)", name, expr, bad);
	/* near a hit in the middle: at most two intervals replayed */
	if (n > 2) {
		uint64_t r0, rn, rp, before;

		lttr_replay_seek_stats(s, &st);
		r0 = st.replayed;
		rc = lttr_replay_seek_next(s, v[n / 2].ordinal - 1, &h, &err);
		lttr_replay_seek_stats(s, &st);
		rn = st.replayed - r0;
		before = v[n / 2].ordinal + 1;
		if (!same(rc, &h, &v[n / 2]))
			rn = UINT64_MAX;
		r0 = st.replayed;
		rc = lttr_replay_seek_prev(s, before, &h, &err);
		lttr_replay_seek_stats(s, &st);
		rp = st.replayed - r0;
		if (!same(rc, &h, &v[n / 2]))
			rp = UINT64_MAX;
		uint64_t iv = interval ? interval : LTTR_REPLAY_SEEK_INTERVAL;

		tap_ok(rn <= 2 * iv && rp <= 2 * iv,
		       "%s: %s: the middle hit from either side replays %llu and %llu events "
		       "(<= 2 x %llu)", name, expr, (unsigned long long)rn, (unsigned long long)rp,
		       (unsigned long long)iv);
	}
	lttr_replay_seek_stats(s, &st);
	tap_diag("%s: %llu events, %zu checkpoints of %llu events: %zu bytes (%.0f per event)",
		 name, (unsigned long long)last, st.checkpoints, (unsigned long long)interval,
		 st.bytes, last ? (double)st.bytes / (double)last : 0.0);
	lttr_replay_seek_close(s);
	free(v);
}

static void corpus(const char *which)
{
	static char path[4096];
	const char *dir = getenv("LTT_CORPUS");
	struct lttr_trace *t;
	struct lttr_error err;
	size_t k;

	snprintf(path, sizeof(path), "%s/%s", dir && *dir ? dir : "../tests/corpus", which);
	if (lttr_trace_open(path, 0, &t, &err)) {
		tap_ok(false, "%s opens: %s", path, err.msg);
		return;
	}
	for (k = 0; k < sizeof(preds) / sizeof(preds[0]); k++) {
		compare(which, t, preds[k], 257);
		if (k < 2)
			compare(which, t, preds[k], 0);
	}
	lttr_trace_close(t);
}

static void simulated(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t end;
	char *desc = sim_desc(20000, 11, &end);
	size_t k;

	if (!desc || tg_open("sim-seek", desc, 0, &t, &err)) {
		tap_ok(false, "the simulated trace opens");
		free(desc);
		return;
	}
	free(desc);
	for (k = 0; k < sizeof(preds) / sizeof(preds[0]); k++)
		compare("sim", t, preds[k], 997);
	compare("sim", t, preds[0], 0);
	lttr_trace_close(t);
}

static void bad_input(void)
{
	struct lttr_replay_seek *s = NULL;
	struct lttr_trace *t;
	struct lttr_error err;

	if (tg_open("seek-bad", GOOD, 0, &t, &err)) {
		tap_ok(false, "the small trace opens: %s", err.msg);
		return;
	}
	tap_ok(lttr_replay_seek_open(t, "cpu[0].runq >", 0, &s, &err) == -LTTR_E_INVAL && !s &&
	       !strncmp(err.msg, "1:", 2), "a syntax error: refused with its column (%s)", err.msg);
	tap_ok(lttr_replay_seek_open(t, "task[1].bogus", 0, &s, &err) == -LTTR_E_INVAL && !s,
	       "an unknown field: refused (%s)", err.msg);
	lttr_trace_close(t);
}

int main(void)
{
	corpus("guest-mix");
	corpus("guest-lost");
	simulated();
	bad_input();
	return tap_done();
}
