/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/sync/model-json.h - a clock model (lttr/sync/clocksync.h) as JSON
 * (the clock-model.json of a merged trace set, docs/multihost.md) and as
 * text, and the sentences that say why a host is not synchronised.
 */
#ifndef LTTR_SYNC_MODEL_JSON_H
#define LTTR_SYNC_MODEL_JSON_H

#include <stdio.h>
#include <lttr/sync/clocksync.h>

struct lttr_json;

/**
 * struct lttr_sync_hostinfo - a host's trace
 * @trace: its name in the merged set ("host-0")
 * @source: the trace directory it refers to
 * @hostname: the host's name (its header's)
 * @start_ns: the trace's span on its own clock
 * @end_ns:
 */
struct lttr_sync_hostinfo {
	const char *trace;
	const char *source;
	const char *hostname;
	uint64_t start_ns;
	uint64_t end_ns;
};

/* room for one sentence of lttr_sync_problems() */
#define LTTR_SYNC_PROBLEM_LEN 512

/**
 * lttr_sync_problems() - why hosts are not synchronised, one sentence per
 * host ("unsynchronised: 2 messages a->b, 1 b->a, need >= 2 each way")
 * @m: the model
 * @h: the hosts' traces
 * @out: receives up to @max sentences (NULL: only count)
 * @max: room in @out
 *
 * Return: the number of hosts not synchronised.
 */
size_t lttr_sync_problems(const struct lttr_sync_model *m, const struct lttr_sync_hostinfo *h,
			  char (*out)[LTTR_SYNC_PROBLEM_LEN], size_t max);

/**
 * lttr_sync_json() - the model as a JSON object (clock-model.json)
 * @j: the writer
 * @m: the model
 * @h: the hosts' traces
 * @msgs: the messages it was made of (the dropped ones are listed)
 */
void lttr_sync_json(struct lttr_json *j, const struct lttr_sync_model *m,
		    const struct lttr_sync_hostinfo *h, const struct lttr_sync_msg *msgs);

/**
 * lttr_sync_text() - the model as text, a line per host and per pair
 * @f: the stream
 * @m: the model
 * @h: the hosts' traces
 */
void lttr_sync_text(FILE *f, const struct lttr_sync_model *m, const struct lttr_sync_hostinfo *h);

#endif /* LTTR_SYNC_MODEL_JSON_H */
