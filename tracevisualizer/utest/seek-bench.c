// SPDX-License-Identifier: GPL-2.0
/*
 * seek-bench.c - time the next and the previous hit of a predicate from
 * one cursor, found from the checkpoints of the replayed state
 * (lttr_replay_seek_*()), for scripts/bench-replay.
 *
 *   seek-bench [-i INTERVAL] [-r REPS] -e EXPR -c ORDINAL TRACEDIR
 *
 * Opens the trace and a seek with checkpoints every INTERVAL events (0:
 * LTTR_REPLAY_SEEK_INTERVAL; a number above the trace's events: one
 * checkpoint only, at the start, so that every search is a pass from the
 * start), then: the first next hit after event ORDINAL (the pass from the
 * start to it, laying the checkpoints on its way), then REPS times the
 * previous hit before ORDINAL and the next hit after it, one after the
 * other as a user pressing ( and ) would.  Prints, one per line: "first
 * MS", "next MS" and "prev MS" for each repetition, "hits NEXT PREV" (the
 * events found, for the caller to check), and "checkpoints N BYTES
 * EVENTS" (their number, the heap memory they hold, the farthest event
 * the pass reached).  Before each timed next hit the pass is taken
 * back to the trace's first hit (untimed), so that the next search starts
 * from a checkpoint (or the start) instead of going on from where the
 * previous search left the pass, just before ORDINAL.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lttr/lttr.h>
#include <lttr/replay/replay.h>

static const char usage[] =
	"Usage: seek-bench [-i INTERVAL] [-r REPS] -e EXPR -c ORDINAL TRACEDIR\n"
	"time the next and the previous hit of EXPR after and before event ORDINAL,\n"
	"from checkpoints every INTERVAL events (0: the default; more than the\n"
	"trace's events: a pass from the start each time), REPS times (default 5)\n";

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	const char *expr = NULL, *dir = NULL;
	uint64_t interval = 0, at = 0;
	unsigned long reps = 5, i;
	struct lttr_replay_seek_stats st;
	struct lttr_replay_seek *s;
	struct lttr_replay_hit hn = { 0 }, hp = { 0 };
	struct lttr_trace *t;
	struct lttr_error err;
	bool has_at = false;
	double t0;
	int k, rc;

	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--help")) {
			fputs(usage, stdout);
			return 0;
		} else if (!strcmp(argv[k], "-i") && k + 1 < argc) {
			interval = strtoull(argv[++k], NULL, 0);
		} else if (!strcmp(argv[k], "-r") && k + 1 < argc) {
			reps = strtoul(argv[++k], NULL, 0);
		} else if (!strcmp(argv[k], "-e") && k + 1 < argc) {
			expr = argv[++k];
		} else if (!strcmp(argv[k], "-c") && k + 1 < argc) {
			at = strtoull(argv[++k], NULL, 0);
			has_at = true;
		} else if (argv[k][0] != '-' && !dir) {
			dir = argv[k];
		} else {
			fputs(usage, stderr);
			return 2;
		}
	}
	if (!expr || !has_at || !dir) {
		fputs(usage, stderr);
		return 2;
	}
	if (lttr_trace_open(dir, 0, &t, &err)) {
		fprintf(stderr, "seek-bench: %s\n", err.msg);
		return 1;
	}
	if (lttr_replay_seek_open(t, expr, interval, &s, &err) < 0) {
		fprintf(stderr, "seek-bench: %s\n", err.msg);
		lttr_trace_close(t);
		return err.code == LTTR_E_INVAL ? 2 : 1;
	}
	t0 = now_ms();
	rc = lttr_replay_seek_next(s, at, &hn, &err);
	printf("first %.3f\n", now_ms() - t0);
	for (i = 0; rc >= 0 && i < reps; i++) {
		t0 = now_ms();
		rc = lttr_replay_seek_prev(s, at, &hp, &err);	/* ( */
		printf("prev %.3f\n", now_ms() - t0);
		if (rc < 0)
			break;
		/* the pass taken back to the start (the first hit), so that
		 * the next search does not just go on from the previous one */
		rc = lttr_replay_seek_next(s, 0, &hn, &err);
		if (rc < 0)
			break;
		t0 = now_ms();
		rc = lttr_replay_seek_next(s, at, &hn, &err);
		printf("next %.3f\n", now_ms() - t0);
	}
	if (rc < 0) {
		fprintf(stderr, "seek-bench: %s\n", err.msg);
		lttr_replay_seek_close(s);
		lttr_trace_close(t);
		return 1;
	}
	lttr_replay_seek_stats(s, &st);
	printf("hits %" PRIu64 " %" PRIu64 "\n", hn.ordinal, hp.ordinal);
	printf("checkpoints %zu %zu %" PRIu64 "\n", st.checkpoints, st.bytes, st.last);
	lttr_replay_seek_close(s);
	lttr_trace_close(t);
	return 0;
}
