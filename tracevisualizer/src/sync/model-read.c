// SPDX-License-Identifier: GPL-2.0
/*
 * model-read.c - a clock model read back from a merged set's
 * clock-model.json (lttr/sync/model-json.h), checked as it is read: it
 * comes from a file a person may have edited, or a fuzzer.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include <lttr/sync/model-json.h>

/* the most hosts a model may name */
#define MAX_HOSTS 4096
#define MAX_FILE (64u << 20)

struct rd {
	struct lttr_error *err;
	const char *what;	/* "hosts[3]" */
	char whatbuf[48];
	int bad;
};

static int fail(struct rd *r, const char *key, const char *why)
{
	if (!r->bad)
		lttr_error_set(r->err, LTTR_E_FORMAT, "clock-model.json: %s%s%s: %s", r->what,
			       *r->what ? "." : "", key, why);
	r->bad = 1;
	return -1;
}

static json_object *get(struct rd *r, json_object *o, const char *key, json_type t)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !v) {
		fail(r, key, "missing");
		return NULL;
	}
	if (!json_object_is_type(v, t) &&
	    !(t == json_type_double && json_object_is_type(v, json_type_int))) {
		fail(r, key, "of the wrong type");
		return NULL;
	}
	return v;
}

static uint64_t get_u64(struct rd *r, json_object *o, const char *key, uint64_t max)
{
	json_object *v = get(r, o, key, json_type_int);
	int64_t x;

	if (!v)
		return 0;
	errno = 0;
	x = json_object_get_int64(v);
	if (x < 0 || (uint64_t)x > max || errno) {
		fail(r, key, "out of range");
		return 0;
	}
	return (uint64_t)x;
}

static double get_num(struct rd *r, json_object *o, const char *key)
{
	json_object *v = get(r, o, key, json_type_double);
	double x;

	if (!v)
		return 0;
	x = json_object_get_double(v);
	if (!isfinite(x)) {
		fail(r, key, "not a finite number");
		return 0;
	}
	return x;
}

static bool get_bool(struct rd *r, json_object *o, const char *key)
{
	json_object *v = get(r, o, key, json_type_boolean);

	return v && json_object_get_boolean(v);
}

/* an index member, or -1 for null */
static long get_index(struct rd *r, json_object *o, const char *key, size_t n)
{
	json_object *v;

	if (json_object_object_get_ex(o, key, &v) && !v)
		return -1;
	return (long)get_u64(r, o, key, n ? n - 1 : 0);
}

static void bounds(struct rd *r, json_object *o, const char *key, double *lo, double *hi)
{
	json_object *a = get(r, o, key, json_type_array);
	json_object *x, *y;

	if (!a)
		return;
	if (json_object_array_length(a) != 2) {
		fail(r, key, "not two numbers");
		return;
	}
	x = json_object_array_get_idx(a, 0);
	y = json_object_array_get_idx(a, 1);
	if (!x || !y || !(json_object_is_type(x, json_type_double) || json_object_is_type(x, json_type_int)) ||
	    !(json_object_is_type(y, json_type_double) || json_object_is_type(y, json_type_int))) {
		fail(r, key, "not two numbers");
		return;
	}
	*lo = json_object_get_double(x);
	*hi = json_object_get_double(y);
	if (!isfinite(*lo) || !isfinite(*hi) || *lo > *hi)
		fail(r, key, "not an interval");
}

static void read_pair(struct rd *r, json_object *o, struct lttr_sync_pair *p, size_t nhosts)
{
	const char *state;
	json_object *v;

	p->a = (uint32_t)get_u64(r, o, "a", nhosts - 1);
	p->b = (uint32_t)get_u64(r, o, "b", nhosts - 1);
	p->n_ab = (size_t)get_u64(r, o, "messages_ab", SIZE_MAX >> 1);
	p->n_ba = (size_t)get_u64(r, o, "messages_ba", SIZE_MAX >> 1);
	p->ndropped = (size_t)get_u64(r, o, "dropped", SIZE_MAX >> 1);
	v = get(r, o, "state", json_type_string);
	if (r->bad)
		return;
	if (p->a == p->b) {
		fail(r, "b", "the same host as a");
		return;
	}
	state = json_object_get_string(v);
	for (p->state = LTTR_SYNC_OK; p->state <= LTTR_SYNC_UNBOUNDED; p->state++)
		if (!strcmp(state, lttr_sync_state_name(p->state)))
			break;
	if (p->state > LTTR_SYNC_UNBOUNDED) {
		fail(r, "state", "unknown");
		return;
	}
	if (p->state != LTTR_SYNC_OK)
		return;
	p->offset_ns = get_num(r, o, "offset_ns");
	p->slope = 1 + get_num(r, o, "drift_ppm") * 1e-6;
	p->slope_lo = 1 + get_num(r, o, "drift_ppm_lo") * 1e-6;
	p->slope_hi = 1 + get_num(r, o, "drift_ppm_hi") * 1e-6;
	p->span_lo = get_u64(r, o, "span_start_ns", INT64_MAX);
	p->span_hi = get_u64(r, o, "span_end_ns", INT64_MAX);
	bounds(r, o, "bounds_at_start_ns", &p->lo_at_start, &p->hi_at_start);
	bounds(r, o, "bounds_at_end_ns", &p->lo_at_end, &p->hi_at_end);
	p->width_ns = get_num(r, o, "width_ns");
	if (!r->bad && (p->slope_lo <= 0 || p->slope_lo > p->slope || p->slope > p->slope_hi))
		fail(r, "drift_ppm", "not within drift_ppm_lo and drift_ppm_hi");
	if (!r->bad && (p->span_lo > p->span_hi || p->width_ns < 0))
		fail(r, "span_start_ns", "after span_end_ns, or a negative width");
}

/* a string member kept in the strings' storage (@at: its offset) */
static size_t keep(struct rd *r, json_object *o, const char *key, char **store, size_t *used,
		   size_t *cap)
{
	json_object *v = get(r, o, key, json_type_string);
	const char *s;
	size_t n, at = *used;

	if (!v)
		return 0;
	s = json_object_get_string(v);
	n = strlen(s) + 1;
	if (*used + n > *cap) {
		size_t nc = (*cap + n) * 2;
		char *ns = realloc(*store, nc);

		if (!ns) {
			fail(r, key, "out of memory");
			return 0;
		}
		*store = ns;
		*cap = nc;
	}
	memcpy(*store + at, s, n);
	*used += n;
	return at;
}

int lttr_sync_model_parse(const char *text, size_t len, struct lttr_sync_read *out,
			  struct lttr_error *err)
{
	struct rd r = { .err = err, .what = "" };
	struct json_tokener *tok;
	json_object *root = NULL, *hosts, *pairs, *v;
	size_t nh, np, i, used = 0, cap = 0;
	size_t (*at)[4] = NULL;

	memset(out, 0, sizeof(*out));
	if (len > MAX_FILE || len > INT_MAX)
		return lttr_error_set(err, LTTR_E_FORMAT, "clock-model.json: too large");
	tok = json_tokener_new();
	if (!tok)
		return lttr_error_set(err, LTTR_E_NOMEM, "clock-model.json: out of memory");
	root = json_tokener_parse_ex(tok, text, (int)len);
	if (!root || json_tokener_get_error(tok) != json_tokener_success ||
	    tok->char_offset != (int)len) {
		size_t off = (size_t)tok->char_offset;

		/* what follows the object may be white space only */
		while (root && off < len && strchr(" \t\r\n", text[off]))
			off++;
		if (!root || off != len) {
			json_tokener_free(tok);
			json_object_put(root);
			return lttr_error_set(err, LTTR_E_FORMAT,
					      "clock-model.json: not a JSON object");
		}
	}
	json_tokener_free(tok);
	if (!json_object_is_type(root, json_type_object)) {
		json_object_put(root);
		return lttr_error_set(err, LTTR_E_FORMAT, "clock-model.json: not a JSON object");
	}
	v = get(&r, root, "format", json_type_string);
	if (v && strcmp(json_object_get_string(v), "lttr-clock-model"))
		fail(&r, "format", "not lttr-clock-model");
	if (!r.bad && get_u64(&r, root, "version", UINT32_MAX) != 1 && !r.bad)
		fail(&r, "version", "not 1 (a newer tracevisualizer wrote it?)");
	hosts = get(&r, root, "hosts", json_type_array);
	pairs = get(&r, root, "pairs", json_type_array);
	if (r.bad)
		goto out;
	nh = json_object_array_length(hosts);
	np = json_object_array_length(pairs);
	if (!nh || nh > MAX_HOSTS || np > nh * (nh - 1) / 2) {
		fail(&r, "hosts", "no host, too many hosts or too many pairs");
		goto out;
	}
	if (get_u64(&r, root, "reference", 0), r.bad)
		goto out;
	out->model.nhosts = nh;
	out->model.npairs = np;
	out->model.hosts = calloc(nh, sizeof(*out->model.hosts));
	out->model.pairs = calloc(np + 1, sizeof(*out->model.pairs));
	out->info = calloc(nh, sizeof(*out->info));
	at = calloc(nh, sizeof(*at));
	if (!out->model.hosts || !out->model.pairs || !out->info || !at) {
		fail(&r, "hosts", "out of memory");
		goto out;
	}
	for (i = 0; i < np && !r.bad; i++) {
		json_object *o = json_object_array_get_idx(pairs, i);

		snprintf(r.whatbuf, sizeof(r.whatbuf), "pairs[%zu]", i);
		r.what = r.whatbuf;
		if (!o || !json_object_is_type(o, json_type_object))
			fail(&r, "", "not an object");
		else
			read_pair(&r, o, &out->model.pairs[i], nh);
	}
	for (i = 0; i < nh && !r.bad; i++) {
		json_object *o = json_object_array_get_idx(hosts, i);
		struct lttr_sync_host *h = &out->model.hosts[i];

		snprintf(r.whatbuf, sizeof(r.whatbuf), "hosts[%zu]", i);
		r.what = r.whatbuf;
		if (!o || !json_object_is_type(o, json_type_object)) {
			fail(&r, "", "not an object");
			break;
		}
		if (get_u64(&r, o, "index", nh) != i && !r.bad)
			fail(&r, "index", "not its place in hosts");
		at[i][0] = keep(&r, o, "trace", &out->strings, &used, &cap);
		at[i][1] = keep(&r, o, "source", &out->strings, &used, &cap);
		at[i][2] = keep(&r, o, "hostname", &out->strings, &used, &cap);
		out->info[i].start_ns = get_u64(&r, o, "start_ns", INT64_MAX);
		out->info[i].end_ns = get_u64(&r, o, "end_ns", INT64_MAX);
		h->synced = get_bool(&r, o, "synchronised");
		h->parent = get_index(&r, o, "parent", nh);
		h->pair = get_index(&r, o, "pair", np);
		h->slope = 1;
		if (r.bad)
			break;
		if (h->synced) {
			h->offset_ns = get_num(&r, o, "offset_ns");
			h->slope = 1 + get_num(&r, o, "drift_ppm") * 1e-6;
			h->accuracy_ns = get_num(&r, o, "accuracy_ns");
			if (!r.bad && !(h->slope > 0))
				fail(&r, "drift_ppm", "a clock that does not advance");
		}
		if (r.bad)
			break;
		if (!i && (!h->synced || h->parent >= 0 || h->pair >= 0 || h->offset_ns != 0 ||
			   h->slope != 1))
			fail(&r, "synchronised", "host 0 is not the reference");
		else if (i && h->synced != (h->parent >= 0 && h->pair >= 0))
			fail(&r, "parent", "a synchronised host needs a parent and a pair, another none");
		else if (i && h->synced &&
			 (out->model.pairs[h->pair].state != LTTR_SYNC_OK ||
			  (out->model.pairs[h->pair].a != i && out->model.pairs[h->pair].b != i) ||
			  (out->model.pairs[h->pair].a != (uint32_t)h->parent &&
			   out->model.pairs[h->pair].b != (uint32_t)h->parent) ||
			  (size_t)h->parent == i))
			fail(&r, "pair", "not a synchronised pair of the host and its parent");
	}
	for (i = 0; i < nh && !r.bad; i++)
		out->info[i] = (struct lttr_sync_hostinfo){
			.trace = out->strings + at[i][0], .source = out->strings + at[i][1],
			.hostname = out->strings + at[i][2], .start_ns = out->info[i].start_ns,
			.end_ns = out->info[i].end_ns };
	/* a parent that is not synchronised itself */
	for (i = 1; i < nh && !r.bad; i++) {
		const struct lttr_sync_host *h = &out->model.hosts[i];

		if (h->synced && !out->model.hosts[h->parent].synced) {
			snprintf(r.whatbuf, sizeof(r.whatbuf), "hosts[%zu]", i);
			r.what = r.whatbuf;
			fail(&r, "parent", "not synchronised");
		}
	}
out:
	free(at);
	json_object_put(root);
	if (r.bad && !err)
		return -LTTR_E_FORMAT;
	return r.bad ? -(err->code ? err->code : LTTR_E_FORMAT) : 0;
}

int lttr_sync_model_load(const char *dir, struct lttr_sync_read *out, struct lttr_error *err)
{
	char path[PATH_MAX];
	char *text = NULL;
	size_t len = 0, cap = 0, n;
	FILE *f;
	int r;

	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "%s/%s", dir, LTTR_SYNC_MODEL_FILE);
	f = fopen(path, "r");
	if (!f)
		return lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	do {
		if (len == cap) {
			char *nt;

			cap = cap ? cap * 2 : 65536;
			nt = cap <= MAX_FILE + 1 ? realloc(text, cap) : NULL;
			if (!nt) {
				free(text);
				fclose(f);
				return lttr_error_set(err, LTTR_E_FORMAT, "%s: too large", path);
			}
			text = nt;
		}
		n = fread(text + len, 1, cap - len, f);
		len += n;
	} while (n);
	if (ferror(f)) {
		free(text);
		fclose(f);
		return lttr_error_set(err, LTTR_E_IO, "%s: read error", path);
	}
	fclose(f);
	r = lttr_sync_model_parse(text, len, out, err);
	free(text);
	return r;
}

void lttr_sync_read_free(struct lttr_sync_read *r)
{
	lttr_sync_model_free(&r->model);
	free(r->info);
	free(r->strings);
	memset(r, 0, sizeof(*r));
}
