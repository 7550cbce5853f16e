// SPDX-License-Identifier: GPL-2.0
/*
 * seek-walk.c - the hits of a predicate found from checkpoints
 * (lttr_replay_seek_*()) of a merged set, for tests/host/replay-nodes.t:
 *
 *   seek-walk [-i INTERVAL] -e EXPR MERGED
 *
 * Opens the set (its clock-model.json, each host's trace, the nodes named
 * by their host names) and a seek with checkpoints every INTERVAL events,
 * then prints, one per line: "next ORDINAL NODE" for each hit forward from
 * the start (lttr_replay_seek_next() from the last), "prev ORDINAL NODE"
 * for each backward from the end (lttr_replay_seek_prev()), and "at C
 * NEXT PREV" for every event number C from 0 to the last + 1, visited in a
 * scrambled order (so that each search restores a checkpoint): the first
 * hit after C and the last before it (0: none).
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/replay/replay.h>
#include <lttr/sync/model-json.h>

static const char usage[] =
	"Usage: seek-walk [-i INTERVAL] -e EXPR MERGED\n"
	"the hits of EXPR over a merged set from checkpoints every INTERVAL events:\n"
	"forward, backward, and the next and previous from every event\n";

static int walk(struct lttr_replay_seek *s, const char *const *names, struct lttr_error *err)
{
	struct lttr_replay_seek_stats st;
	struct lttr_replay_hit h = { 0 }, hp = { 0 };
	uint64_t pos, n, i;
	int rc;

	for (pos = 0; (rc = lttr_replay_seek_next(s, pos, &h, err)) == 1; pos = h.ordinal)
		printf("next %" PRIu64 " %s\n", h.ordinal, names[h.node]);
	for (pos = UINT64_MAX; rc >= 0 && (rc = lttr_replay_seek_prev(s, pos, &h, err)) == 1;
	     pos = h.ordinal)
		printf("prev %" PRIu64 " %s\n", h.ordinal, names[h.node]);
	if (rc < 0)
		return rc;
	lttr_replay_seek_stats(s, &st);
	n = st.last + 2;
	for (i = 0; i < n; i++) {
		uint64_t c = i * 7919 % n;	/* 7919 a prime: every cursor once */
		int a, b;

		a = lttr_replay_seek_next(s, c, &h, err);
		b = a < 0 ? a : lttr_replay_seek_prev(s, c, &hp, err);
		if (b < 0)
			return b;
		printf("at %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", c, a ? h.ordinal : 0,
		       b ? hp.ordinal : 0);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *expr = NULL, *dir = NULL;
	struct lttr_trace **t = NULL;
	const char **names = NULL;
	struct lttr_sync_read rd = { 0 };
	struct lttr_replay_seek *s = NULL;
	struct lttr_error err;
	uint64_t interval = 0;
	size_t k, n = 0;
	int i, st = 1;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help")) {
			fputs(usage, stdout);
			return 0;
		} else if (!strcmp(argv[i], "-i") && i + 1 < argc) {
			interval = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "-e") && i + 1 < argc) {
			expr = argv[++i];
		} else if (argv[i][0] != '-' && !dir) {
			dir = argv[i];
		} else {
			fputs(usage, stderr);
			return 2;
		}
	}
	if (!expr || !dir) {
		fputs(usage, stderr);
		return 2;
	}
	if (lttr_sync_model_load(dir, &rd, &err) < 0)
		goto fail;
	n = rd.model.nhosts;
	t = calloc(n, sizeof(*t));
	names = calloc(n, sizeof(*names));
	if (!t || !names) {
		lttr_error_set(&err, LTTR_E_NOMEM, "out of memory");
		goto fail;
	}
	for (k = 0; k < n; k++) {
		char path[PATH_MAX];

		snprintf(path, sizeof(path), "%s/%s", dir, rd.info[k].trace);
		names[k] = rd.info[k].hostname;
		if (lttr_trace_open(path, 0, &t[k], &err) < 0)
			goto fail;
	}
	if (lttr_replay_seek_open_set(t, n, names, &rd.model, expr, interval, &s, &err) < 0 ||
	    walk(s, names, &err) < 0)
		goto fail;
	st = 0;
	goto out;
fail:
	fprintf(stderr, "seek-walk: %s\n", err.msg);
out:
	lttr_replay_seek_close(s);
	for (k = 0; t && k < n; k++)
		lttr_trace_close(t[k]);
	free(t);
	free(names);
	lttr_sync_read_free(&rd);
	return st;
}
