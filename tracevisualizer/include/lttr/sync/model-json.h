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
 * @msgs: the messages it was made of (the dropped ones are listed; NULL:
 *	not known, only counted)
 */
void lttr_sync_json(struct lttr_json *j, const struct lttr_sync_model *m,
		    const struct lttr_sync_hostinfo *h, const struct lttr_sync_msg *msgs);

/**
 * lttr_sync_json_messages() - the messages a model was made of, each with
 * its times on the reference's clock (merge --messages)
 * @j: the writer
 * @m: the model
 * @msgs: the messages
 * @n: how many
 *
 * An object: "messages" (their number), "synchronised" (those between
 * two synchronised hosts), "inverted" (of those, the ones whose
 * receive is before their send on the reference's clock: none when the
 * model agrees with every message), "min_transit_ns", and "list": per
 * message src, dst, send_ns, recv_ns (each on its host's clock), and
 * send_ref_ns, recv_ref_ns, transit_ns (recv_ref_ns - send_ref_ns; null
 * when a host is not synchronised).
 */
void lttr_sync_json_messages(struct lttr_json *j, const struct lttr_sync_model *m,
			     const struct lttr_sync_msg *msgs, size_t n);

/**
 * lttr_sync_text() - the model as text, a line per host and per pair
 * @f: the stream
 * @m: the model
 * @h: the hosts' traces
 */
void lttr_sync_text(FILE *f, const struct lttr_sync_model *m, const struct lttr_sync_hostinfo *h);

/* the name of a merged set's model file */
#define LTTR_SYNC_MODEL_FILE "clock-model.json"

/**
 * struct lttr_sync_read - a model read back from clock-model.json
 * @model: the model (each host's clock, each pair's result; the pairs'
 *	dropped messages are counted, not kept)
 * @info: each host's trace (its strings in @strings)
 * @strings: the strings' storage (private)
 */
struct lttr_sync_read {
	struct lttr_sync_model model;
	struct lttr_sync_hostinfo *info;
	char *strings;
};

/**
 * lttr_sync_model_parse() - read a model written by lttr_sync_json()
 * @text: the file's text
 * @len: its length
 * @out: receives the model (lttr_sync_read_free(), also after an error)
 * @err: receives what is wrong (the first thing: a member missing or of
 *	the wrong type, an index out of range, a host whose parent or pair
 *	is not a synchronised one, a slope not positive, ...)
 *
 * Return: 0 or -LTTR_E_FORMAT (-LTTR_E_NOMEM).
 */
int lttr_sync_model_parse(const char *text, size_t len, struct lttr_sync_read *out,
			  struct lttr_error *err);

/**
 * lttr_sync_model_load() - lttr_sync_model_parse() of DIR/clock-model.json
 * @dir: a merged set's directory
 * @out: receives the model
 * @err: receives the error (LTTR_E_IO: the file could not be read)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_sync_model_load(const char *dir, struct lttr_sync_read *out, struct lttr_error *err);

void lttr_sync_read_free(struct lttr_sync_read *r);

#endif /* LTTR_SYNC_MODEL_JSON_H */
