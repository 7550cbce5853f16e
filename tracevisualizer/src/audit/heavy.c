// SPDX-License-Identifier: GPL-2.0
/*
 * heavy.c - the heavy logging of a traced --rules session read back: the
 * log lines of firings.jsonl (json-c), the volume of a line without
 * counts counted in the session's trace, and the sum per task over all
 * the firings, blame against volume (lttr/audit/heavy.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include <lttr/lttr.h>
#include <lttr/audit/firings.h>
#include <lttr/audit/heavy.h>
#include <lttr/audit/rules.h>
#include <lttr/output/json.h>
#include <lttr/output/json-timing.h>
#include <lttr/reader/iter.h>
#include <lttr/reader/trace.h>

static json_object *get(json_object *o, const char *k)
{
	json_object *v = NULL;

	return json_object_object_get_ex(o, k, &v) ? v : NULL;
}

/* @k of @o an unsigned integer into @out? */
static bool uint_at(json_object *o, const char *k, uint64_t *out)
{
	json_object *v = get(o, k);

	if (!v || !json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0)
		return false;
	*out = json_object_get_uint64(v);
	return true;
}

static void text_at(json_object *o, const char *k, char *buf, size_t size)
{
	json_object *v = get(o, k);

	snprintf(buf, size, "%s",
		 v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "");
}

/* the parties of a log line into @l; false (with @l->warning) if bad */
static bool parties_of(json_object *ps, struct lttr_heavy_log *l)
{
	size_t i, n;
	bool counted = true;

	if (!ps || !json_object_is_type(ps, json_type_array)) {
		snprintf(l->warning, sizeof(l->warning), "no parties in its log line");
		return false;
	}
	n = json_object_array_length(ps);
	if (n > LTTR_HEAVY_MAX_PARTIES) {
		snprintf(l->warning, sizeof(l->warning), "%zu parties in its log line (at most %d)",
			 n, LTTR_HEAVY_MAX_PARTIES);
		n = LTTR_HEAVY_MAX_PARTIES;
	}
	for (i = 0; i < n; i++) {
		json_object *p = json_object_array_get_idx(ps, i);
		struct lttr_heavy_party *q = &l->party[l->nparty];
		uint64_t pid;

		if (!p || !json_object_is_type(p, json_type_object) || !uint_at(p, "pid", &pid) ||
		    pid > UINT32_MAX) {
			snprintf(l->warning, sizeof(l->warning),
				 "party %zu of its log line has no pid: left out", i + 1);
			continue;
		}
		memset(q, 0, sizeof(*q));
		q->pid = (uint32_t)pid;
		q->blame_known = uint_at(p, "blame_ns", &q->blame_ns);
		q->counted = uint_at(p, "events", &q->events);
		if (q->counted) {
			/* stacks and bytes are extras: absent is 0 only if events are said */
			uint_at(p, "stacks", &q->stacks);
			uint_at(p, "bytes", &q->bytes);
		}
		counted = counted && q->counted;
		l->nparty++;
	}
	if (!counted) {
		/* all counted in the trace, or none: one source per log */
		for (i = 0; i < l->nparty; i++)
			l->party[i].counted = false;
		l->source = LTTR_HEAVY_UNKNOWN;
	}
	return true;
}

void lttr_heavy_log_free(struct lttr_heavy_log *l)
{
	if (!l)
		return;
	if (l->sample)
		free(l->sample->inst);
	free(l->sample);
	free(l);
}

/* @k of @o an unsigned integer of at most @max into @out? */
static bool small_at(json_object *o, const char *k, unsigned int max, unsigned int *out)
{
	uint64_t v;

	if (!uint_at(o, k, &v) || v > max)
		return false;
	*out = (unsigned int)v;
	return true;
}

/* @k of @o a probability in ppm (1 to 1000000; absent: 1000000) into @out? */
static bool prob_at(json_object *o, const char *k, uint32_t *out)
{
	uint64_t v = LTTR_LOG_PROB_ALL;

	if (get(o, k) && (!uint_at(o, k, &v) || !v || v > LTTR_LOG_PROB_ALL))
		return false;
	*out = (uint32_t)v;
	return true;
}

/* instance @o of a sample into @in; false if it is not one */
static bool instance_of(json_object *o, struct lttr_heavy_instance *in)
{
	json_object *m = get(o, "matched"), *vals, *c;
	uint64_t pid;
	size_t i;

	if (!o || !json_object_is_type(o, json_type_object) || !m ||
	    !json_object_is_type(m, json_type_boolean) || !uint_at(o, "time_ns", &in->time_ns) ||
	    !uint_at(o, "pid", &pid) || pid > UINT32_MAX)
		return false;
	in->matched = json_object_get_boolean(m);
	in->pid = (uint32_t)pid;
	if (!uint_at(o, "start_ns", &in->start_ns))
		in->start_ns = in->time_ns;
	c = get(o, "comm");
	snprintf(in->comm, sizeof(in->comm), "%s",
		 c && json_object_is_type(c, json_type_string) ? json_object_get_string(c) : "");
	vals = get(o, "values");
	if (vals && !json_object_is_type(vals, json_type_array))
		return false;
	for (i = 0; vals && i < json_object_array_length(vals) &&
		    in->nvalues < LTTR_HEAVY_MAX_VALUES; i++) {
		json_object *v = json_object_array_get_idx(vals, i), *x;
		struct lttr_heavy_value *hv = &in->values[in->nvalues];

		if (!v || !json_object_is_type(v, json_type_object))
			return false;
		text_at(v, "expr", hv->expr, sizeof(hv->expr));
		x = get(v, "value");
		hv->known = x && json_object_is_type(x, json_type_int);
		hv->v = hv->known ? json_object_get_int64(x) : 0;
		in->nvalues++;
	}
	return true;
}

/*
 * The sample of a log line, @o ("sample"), into @l->sample; a bad one is
 * left out (unknown) with a warning.  Absent: none, said nothing of.
 */
static void sample_of(json_object *o, struct lttr_heavy_log *l)
{
	struct lttr_heavy_sample *s;
	json_object *is;
	unsigned int nm = 0, nu = 0;
	size_t i, n;

	if (!o || json_object_is_type(o, json_type_null))
		return;
	s = calloc(1, sizeof(*s));
	is = get(o, "instances");
	if (!s)
		return;
	if (!json_object_is_type(o, json_type_object) ||
	    !small_at(o, "matched_goal", LTTR_HEAVY_MAX_SAMPLE, &s->matched_goal) ||
	    !small_at(o, "unmatched_goal", LTTR_HEAVY_MAX_SAMPLE, &s->unmatched_goal) ||
	    !small_at(o, "matched", LTTR_HEAVY_MAX_SAMPLE, &s->matched) ||
	    !small_at(o, "unmatched", LTTR_HEAVY_MAX_SAMPLE, &s->unmatched) ||
	    !is || !json_object_is_type(is, json_type_array) ||
	    (n = json_object_array_length(is)) > LTTR_HEAVY_MAX_SAMPLE)
		goto bad;
	s->inst = n ? calloc(n, sizeof(*s->inst)) : NULL;
	if (n && !s->inst)
		goto bad;
	for (i = 0; i < n; i++) {
		if (!instance_of(json_object_array_get_idx(is, i), &s->inst[i]))
			goto bad;
		if (s->inst[i].matched)
			nm++;
		else
			nu++;
	}
	s->n = n;
	if (nm != s->matched || nu != s->unmatched)
		goto bad;
	/* a traced before the probabilities ("at P%") gives neither */
	if (!prob_at(o, "matched_ppm", &s->matched_ppm) ||
	    !prob_at(o, "unmatched_ppm", &s->unmatched_ppm))
		goto bad;
	s->seen_known = uint_at(o, "matched_seen", &s->matched_seen) &&
			uint_at(o, "unmatched_seen", &s->unmatched_seen);
	if (s->seen_known && (s->matched_seen < nm || s->unmatched_seen < nu))
		goto bad;
	l->sample = s;
	return;
bad:
	snprintf(l->warning, sizeof(l->warning), "its log line's sample is malformed: left out");
	free(s->inst);
	free(s);
}

long lttr_heavy_line(void *obj, struct lttr_firing_rec *v, size_t nv)
{
	json_object *o = obj;
	struct lttr_heavy_log *l;
	uint64_t seq, by;
	size_t i;

	if (!uint_at(o, "log", &seq))
		return -1;
	for (i = 0; i < nv && v[i].seq != seq; i++)
		;
	if (i == nv)
		return -1;
	l = calloc(1, sizeof(*l));
	if (!l)
		return -1;
	if (uint_at(o, "skipped", &by)) {
		l->skipped = true;
		l->skipped_by = (uint32_t)by;
	} else {
		size_t k;
		bool has_from = uint_at(o, "from_ns", &l->from_ns);
		bool has_to = uint_at(o, "to_ns", &l->to_ns);
		bool ok = has_from && has_to;

		text_at(o, "ended", l->ended, sizeof(l->ended));
		text_at(o, "why", l->why, sizeof(l->why));
		l->source = LTTR_HEAVY_FROM_LINE;
		if (parties_of(get(o, "parties"), l) && !ok) {
			snprintf(l->warning, sizeof(l->warning),
				 "its log line has no from_ns or to_ns: the volume is unknown");
			l->source = LTTR_HEAVY_UNKNOWN;
			for (k = 0; k < l->nparty; k++)
				l->party[k].counted = false;
		} else if (ok && l->to_ns < l->from_ns) {
			snprintf(l->warning, sizeof(l->warning),
				 "its log window ends before it begins: the volume is unknown");
			l->source = LTTR_HEAVY_UNKNOWN;
			for (k = 0; k < l->nparty; k++)
				l->party[k].counted = false;
		}
		if (!ok)
			l->from_ns = l->to_ns = 0;
		sample_of(get(o, "sample"), l);
	}
	lttr_heavy_log_free(v[i].log);
	v[i].log = l;
	return (long)i;
}

/* a log to count in the trace: no counts in its line, a sound window */
static bool to_count(const struct lttr_heavy_log *l)
{
	return l && !l->skipped && l->source == LTTR_HEAVY_UNKNOWN && l->nparty &&
	       l->to_ns > l->from_ns;
}

int lttr_heavy_count(const char *dir, struct lttr_firing_rec *v, size_t n,
		     struct lttr_error *err)
{
	struct lttr_trace *t;
	struct lttr_iter *it;
	struct lttr_event ev;
	uint64_t first, last;
	size_t i, k, need = 0;
	int rc, counted = 0;

	for (i = 0; i < n; i++)
		need += to_count(v[i].log);
	if (!need)
		return 0;
	rc = lttr_trace_open(dir, LTTR_OPEN_SALVAGE, &t, err);
	if (rc < 0)
		return rc;
	first = lttr_trace_window_start(t);
	last = lttr_trace_end_ns(t);
	/* which logs: their windows against the trace's */
	for (i = 0; i < n; i++) {
		struct lttr_heavy_log *l = v[i].log;

		if (!to_count(l))
			continue;
		if (l->to_ns <= first || l->from_ns > last) {
			snprintf(l->warning, sizeof(l->warning),
				 "its log window (%" PRIu64 " to %" PRIu64 " ns) is outside the trace "
				 "(%" PRIu64 " to %" PRIu64 "): the volume is unknown",
				 l->from_ns, l->to_ns, first, last);
			continue;
		}
		if (l->from_ns < first || l->to_ns > last + 1)
			snprintf(l->warning, sizeof(l->warning),
				 "its log window (%" PRIu64 " to %" PRIu64 " ns) is partly outside the "
				 "trace (%" PRIu64 " to %" PRIu64 "): the part inside counted",
				 l->from_ns, l->to_ns, first, last);
		l->source = LTTR_HEAVY_FROM_TRACE;
		for (k = 0; k < l->nparty; k++) {
			l->party[k].counted = true;
			l->party[k].events = l->party[k].stacks = l->party[k].bytes = 0;
		}
		counted++;
	}
	rc = counted ? lttr_iter_new(t, &it, err) : 0;
	if (rc < 0 || !counted) {
		lttr_trace_close(t);
		return rc < 0 ? rc : 0;
	}
	while ((rc = lttr_iter_next(it, &ev)) > 0) {
		for (i = 0; i < n; i++) {
			struct lttr_heavy_log *l = v[i].log;

			if (!l || l->source != LTTR_HEAVY_FROM_TRACE || ev.time_ns < l->from_ns ||
			    ev.time_ns >= l->to_ns)
				continue;
			for (k = 0; k < l->nparty; k++) {
				struct lttr_heavy_party *p = &l->party[k];

				if (p->pid != ev.pid)
					continue;
				p->bytes += ev.size;
				if (ev.id == LTT_EV_STACK)
					p->stacks++;
				else
					p->events++;
				break;
			}
		}
	}
	if (rc < 0)
		*err = *lttr_iter_error(it);
	lttr_iter_free(it);
	lttr_trace_close(t);
	return rc < 0 ? rc : counted;
}

static int by_blame(const void *a, const void *b)
{
	const struct lttr_heavy_total *x = a, *y = b;

	if (x->blame_ns != y->blame_ns)
		return x->blame_ns < y->blame_ns ? 1 : -1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

int lttr_heavy_summarise(const struct lttr_firing_rec *v, size_t n,
			 struct lttr_heavy_summary *s, struct lttr_error *err)
{
	size_t i, k, j, cap = 0;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < n; i++) {
		const struct lttr_heavy_log *l = v[i].log;

		if (!l)
			continue;
		s->firings++;
		s->warnings += l->warning[0] != '\0';
		if (l->skipped) {
			s->skipped++;
			continue;
		}
		s->logged++;
		for (k = 0; k < l->nparty; k++) {
			const struct lttr_heavy_party *p = &l->party[k];
			struct lttr_heavy_total *t;

			for (j = 0; j < s->n && s->t[j].pid != p->pid; j++)
				;
			if (j == s->n) {
				if (s->n == cap) {
					size_t nc = cap ? 2 * cap : 16;
					struct lttr_heavy_total *nt = realloc(s->t, nc * sizeof(*nt));

					if (!nt) {
						lttr_heavy_summary_free(s);
						return lttr_error_set(err, LTTR_E_NOMEM,
								      "out of memory");
					}
					s->t = nt;
					cap = nc;
				}
				memset(&s->t[j], 0, sizeof(s->t[j]));
				s->t[j].pid = p->pid;
				s->n++;
			}
			t = &s->t[j];
			t->logs++;
			if (p->blame_known)
				t->blame_ns += p->blame_ns;
			else
				t->blame_unknown++;
			if (p->counted) {
				t->events += p->events;
				t->stacks += p->stacks;
				t->bytes += p->bytes;
			} else {
				t->volume_unknown++;
			}
		}
	}
	for (j = 0; j < s->n; j++) {
		s->blame_ns += s->t[j].blame_ns;
		s->events += s->t[j].events;
	}
	for (j = 0; j < s->n; j++) {
		struct lttr_heavy_total *t = &s->t[j];

		t->blame_share = s->blame_ns ? 100.0 * (double)t->blame_ns / (double)s->blame_ns : 0;
		t->event_share = s->events ? 100.0 * (double)t->events / (double)s->events : 0;
		t->events_per_ms = t->blame_ns ? (double)t->events * 1e6 / (double)t->blame_ns : -1;
	}
	if (s->n)
		qsort(s->t, s->n, sizeof(*s->t), by_blame);
	return 0;
}

void lttr_heavy_summary_free(struct lttr_heavy_summary *s)
{
	free(s->t);
	s->t = NULL;
	s->n = 0;
}

const char *lttr_heavy_source_name(enum lttr_heavy_source s)
{
	switch (s) {
	case LTTR_HEAVY_FROM_LINE:
		return "line";
	case LTTR_HEAVY_FROM_TRACE:
		return "trace";
	default:
		return "unknown";
	}
}

static void json_u64_or_null(struct lttr_json *j, const char *k, bool known, uint64_t v)
{
	lttr_json_key(j, k);
	if (known)
		lttr_json_u64(j, v);
	else
		lttr_json_null(j);
}

static void json_pct(struct lttr_json *j, const char *k, double v)
{
	char num[32];

	snprintf(num, sizeof(num), "%.3f", v);
	lttr_json_key(j, k);
	lttr_json_number(j, num);
}

static void json_sample(struct lttr_json *j, const struct lttr_heavy_sample *s)
{
	size_t i, k;

	if (!s) {
		lttr_json_null(j);
		return;
	}
	lttr_json_begin_object(j);
	lttr_json_key(j, "matched_goal");
	lttr_json_u64(j, s->matched_goal);
	lttr_json_key(j, "unmatched_goal");
	lttr_json_u64(j, s->unmatched_goal);
	lttr_json_key(j, "matched_ppm");
	lttr_json_u64(j, s->matched_ppm);
	lttr_json_key(j, "unmatched_ppm");
	lttr_json_u64(j, s->unmatched_ppm);
	lttr_json_key(j, "matched_seen");
	if (s->seen_known)
		lttr_json_u64(j, s->matched_seen);
	else
		lttr_json_null(j);
	lttr_json_key(j, "unmatched_seen");
	if (s->seen_known)
		lttr_json_u64(j, s->unmatched_seen);
	else
		lttr_json_null(j);
	lttr_json_key(j, "matched");
	lttr_json_u64(j, s->matched);
	lttr_json_key(j, "unmatched");
	lttr_json_u64(j, s->unmatched);
	lttr_json_key(j, "instances");
	lttr_json_begin_array(j);
	for (i = 0; i < s->n; i++) {
		const struct lttr_heavy_instance *in = &s->inst[i];

		lttr_json_begin_object(j);
		lttr_json_kv_bool(j, "matched", in->matched);
		lttr_json_key(j, "time_ns");
		lttr_json_u64(j, in->time_ns);
		lttr_json_key(j, "start_ns");
		lttr_json_u64(j, in->start_ns);
		lttr_json_key(j, "pid");
		lttr_json_u64(j, in->pid);
		lttr_json_key(j, "comm");
		if (in->comm[0])
			lttr_json_string(j, in->comm);
		else
			lttr_json_null(j);
		lttr_json_key(j, "values");
		lttr_json_begin_array(j);
		for (k = 0; k < in->nvalues; k++) {
			lttr_json_begin_object(j);
			lttr_json_key(j, "expr");
			lttr_json_string(j, in->values[k].expr);
			lttr_json_key(j, "value");
			if (in->values[k].known)
				lttr_json_i64(j, in->values[k].v);
			else
				lttr_json_null(j);
			lttr_json_end_object(j);
		}
		lttr_json_end_array(j);
		/* its own log: where its time went (lttr_heavy_explain_samples()) */
		lttr_json_key(j, "explanation");
		if (s->ex && s->ex->trace && in->ex)
			lttr_json_explanation(j, s->ex->trace, s->ex->expl->acct,
					      &s->ex->expl->v[in->ex - 1]);
		else
			lttr_json_null(j);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "explained_error");
	if (s->ex && !s->ex->trace)
		lttr_json_string(j, s->ex->why);
	else
		lttr_json_null(j);
	lttr_json_end_object(j);
}

void lttr_json_heavy_log(struct lttr_json *j, const struct lttr_firing_rec *f)
{
	const struct lttr_heavy_log *l = f->log;
	size_t i;

	if (!l) {
		lttr_json_null(j);
		return;
	}
	lttr_json_begin_object(j);
	if (l->skipped) {
		lttr_json_key(j, "skipped_by");
		lttr_json_u64(j, l->skipped_by);
		lttr_json_end_object(j);
		return;
	}
	json_u64_or_null(j, "from_ns", l->from_ns || l->to_ns, l->from_ns);
	json_u64_or_null(j, "to_ns", l->from_ns || l->to_ns, l->to_ns);
	lttr_json_key(j, "ended");
	lttr_json_string(j, l->ended);
	lttr_json_key(j, "why");
	if (l->why[0])
		lttr_json_string(j, l->why);
	else
		lttr_json_null(j);
	lttr_json_key(j, "source");
	lttr_json_string(j, lttr_heavy_source_name(l->source));
	lttr_json_key(j, "warning");
	if (l->warning[0])
		lttr_json_string(j, l->warning);
	else
		lttr_json_null(j);
	lttr_json_key(j, "parties");
	lttr_json_begin_array(j);
	for (i = 0; i < l->nparty; i++) {
		const struct lttr_heavy_party *p = &l->party[i];

		lttr_json_begin_object(j);
		lttr_json_key(j, "pid");
		lttr_json_u64(j, p->pid);
		json_u64_or_null(j, "blame_ns", p->blame_known, p->blame_ns);
		json_u64_or_null(j, "events", p->counted, p->events);
		json_u64_or_null(j, "stacks", p->counted, p->stacks);
		json_u64_or_null(j, "bytes", p->counted, p->bytes);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "sample");
	json_sample(j, l->sample);
	lttr_json_end_object(j);
}

void lttr_json_heavy_summary(struct lttr_json *j, const struct lttr_heavy_summary *s)
{
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_key(j, "firings");
	lttr_json_u64(j, s->firings);
	lttr_json_key(j, "logged");
	lttr_json_u64(j, s->logged);
	lttr_json_key(j, "skipped");
	lttr_json_u64(j, s->skipped);
	lttr_json_key(j, "warnings");
	lttr_json_u64(j, s->warnings);
	lttr_json_key(j, "blame_ns");
	lttr_json_u64(j, s->blame_ns);
	lttr_json_key(j, "events");
	lttr_json_u64(j, s->events);
	lttr_json_key(j, "tasks");
	lttr_json_begin_array(j);
	for (i = 0; i < s->n; i++) {
		const struct lttr_heavy_total *t = &s->t[i];

		lttr_json_begin_object(j);
		lttr_json_key(j, "pid");
		lttr_json_u64(j, t->pid);
		lttr_json_key(j, "logs");
		lttr_json_u64(j, t->logs);
		lttr_json_key(j, "blame_ns");
		lttr_json_u64(j, t->blame_ns);
		lttr_json_key(j, "blame_unknown");
		lttr_json_u64(j, t->blame_unknown);
		lttr_json_key(j, "events");
		lttr_json_u64(j, t->events);
		lttr_json_key(j, "stacks");
		lttr_json_u64(j, t->stacks);
		lttr_json_key(j, "bytes");
		lttr_json_u64(j, t->bytes);
		lttr_json_key(j, "volume_unknown");
		lttr_json_u64(j, t->volume_unknown);
		json_pct(j, "blame_share", t->blame_share);
		json_pct(j, "event_share", t->event_share);
		if (t->events_per_ms < 0) {
			lttr_json_key(j, "events_per_ms");
			lttr_json_null(j);
		} else {
			json_pct(j, "events_per_ms", t->events_per_ms);
		}
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}
