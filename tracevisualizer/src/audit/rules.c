// SPDX-License-Identifier: GPL-2.0
/*
 * rules.c - trigger rules (lttr/audit/rules.h, docs/triggers.md): the
 * parser of "on SPEC [by KEY] [if COND] then ACTIONS" lines, whose COND is
 * compiled by the filter language (lttr_filter_compile_ext()) with the
 * rules' field "latency" and computed values (durations and aggregates
 * over sliding windows per key), and the evaluator fed the events in time
 * order.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/audit/rules.h>
#include <lttr/output/json.h>
#include <lttr/reader/syscalls.h>
#include <lttr/units/duration.h>
#include "audit/requests.h"

/* what a rule is on */
enum on {
	ON_EVENT,		/* an event of the type */
	ON_SYSCALL,		/* a syscall's exit (optionally one syscall): latency from its entry */
	ON_WAKEUP,		/* a wakeup, when the woken task runs: latency to then */
	ON_JOB,			/* a job's end marker (optionally one name): latency from its begin */
	ON_REQUEST,		/* a call pair at its callee (latency from the call received to
				   the return sent) or caller (from the call sent to the reply's
				   first byte received): requests.c */
	ON_NONE,		/* no event: a timer rule without "over" */
};

enum by { BY_NONE, BY_COMM, BY_PID, BY_SYSCALL, BY_CPU };

static const char *const by_names[] = {
	[BY_COMM] = "comm", [BY_PID] = "pid", [BY_SYSCALL] = "syscall", [BY_CPU] = "cpu",
};

enum agg { A_CONST, A_COUNT, A_RATE, A_AVG, A_MIN, A_MAX, A_PCT };

/* a value the condition computes (a handle of lttr_filter_ext) */
struct val {
	enum agg agg;
	double factor;		/* FACTOR * AGG (1 without) */
	int64_t constant;	/* A_CONST */
	uint64_t window;	/* ns */
	double pct;		/* A_PCT: 0..100 */
	char *text;
};

/* the samples of one key: latency values (or 0) at their times, a ring */
struct key {
	char *name;
	uint64_t *t;
	int64_t *v;
	size_t cap, head, n;	/* oldest at head */
};

#define KEYNUM_SLOTS 64	/* a power of two */

struct rule {
	unsigned int index;	/* in the rules */
	unsigned int line;
	char *text;
	enum on on;
	unsigned int id;	/* ON_EVENT: the type */
	long nr;		/* ON_SYSCALL: sc's number on the machine, or -1 */
	char sc[64];		/* ON_SYSCALL: the syscall's name, "" any */
	char job[LTT_MARKER_NAME_MAX + 1];	/* ON_JOB: the job's name, "" any */
	bool caller;		/* ON_REQUEST: at the caller, else the callee */
	enum by by;
	struct lttr_filter *cond;	/* NULL: always */
	unsigned int actions;
	char *notify;
	struct lttr_log_action log;	/* LTTR_ACT_LOG */
	size_t log_col;		/* where "log" is, for its errors */
	size_t sample_col;	/* where "M matched" is, for its errors */
	struct val *vals;
	size_t nvals;
	uint64_t maxwin;	/* the longest window of its aggregates */
	struct key *keys;
	size_t nkeys;
	/*
	 * the key of a number (by pid, syscall or cpu), by its low bits:
	 * its index in keys + 1 (0: none), so that an instance of a key seen
	 * before formats no text and compares no name (the getppid loop's
	 * every exit under an aggregate rule by syscall: a quarter of
	 * traced's evaluating, docs/benchmarks.md)
	 */
	struct { uint64_t num; size_t idx; } keynum[KEYNUM_SLOTS];
	uint64_t last_fire;
	bool fired;
	uint64_t suppressed;
	struct ltt_event_mask types;
	uint64_t every;		/* a timer rule: its period (ns), else 0 */
	uint64_t next_tick;	/* its next tick, 0: not started */
	bool module;		/* evaluated by the kernel module (lttr_rules_hit()) */
	/* while an event is evaluated */
	struct rules_eval *ev;
};

/* pending starts per task */
/* a job begun (a begin marker) and not ended yet */
struct openjob {
	char name[LTT_MARKER_NAME_MAX + 1];
	uint64_t t;
};

#define MAX_OPEN_JOBS	16	/* per task; a deeper nesting forgets its oldest */

struct task {
	uint32_t pid;
	struct openjob *jobs;	/* NULL until its first begin */
	unsigned int njobs;
	bool in_sys;
	uint32_t nr;
	uint64_t sys_t;
	bool woken;
	uint64_t wake_t;
	uint16_t wake_cpu;
	bool used;
};

struct lttr_rules {
	struct rule **rules;	/* each allocated apart: its filter keeps its address */
	size_t n;
	struct task *tasks;	/* open addressing on pid */
	size_t tcap, tn;
	struct lttr_rules_stats st;
	struct req_socks *socks;	/* the sockets followed (requests.c), NULL: none */
	const struct req_end *req;	/* the request ended by the event evaluated, or NULL */
	bool want_requests;	/* a rule is on request, or over it */
	bool timers;		/* a rule is on every D */
	bool started;		/* lttr_rules_start(), or the first time seen */
	/*
	 * the events the rules evaluated here read (lttr_rules_ids()): any
	 * other is stepped over, as traced steps over those it does not
	 * decode, so that a trace's rules keep the same starts both ways
	 */
	struct ltt_event_mask ids;
	/* gaps of lost events (lttr_rules_gap()) not entered yet, unsorted */
	struct rules_gap *gaps;
	size_t ngaps, gapcap;
	uint64_t next_gap;	/* the earliest start among them, UINT64_MAX: none */
	uint64_t gap_to;	/* in a gap entered until then (0: none) */
	uint64_t t0;
	uint64_t now;		/* the latest time fed or advanced to */
	/* lttr_rules_sampler() */
	bool (*want)(void *arg, unsigned int rule, uint64_t time_ns, bool matched);
	void (*keep)(void *arg, const struct lttr_firing *f, bool matched);
	void *sample_arg;
};

/* events were lost between @from and @to (lttr_rules_gap()) */
struct rules_gap {
	uint64_t from, to;
};

/* the state of one evaluation */
struct rules_eval {
	struct key *key;	/* NULL: over LTTR_RULE_MAX_KEYS */
	uint64_t now;
	uint64_t gap_to;	/* the end of the latest gap of lost events entered */
	bool has_lat;
	int64_t lat;
	bool lat_read;
	bool known[LTTR_FIRING_MAX_VALUES];
	bool read[LTTR_FIRING_MAX_VALUES];
	int64_t v[LTTR_FIRING_MAX_VALUES];
	uint64_t samples[LTTR_FIRING_MAX_VALUES];
	bool truncated;
};

static const char *const rule_fields[] = { "latency", NULL };

/* ---- values ------------------------------------------------------------ */

/* the duration at @s, length @n, into @ns; 0 or -1 */
static int duration_n(const char *s, size_t n, uint64_t *ns)
{
	char b[64];

	if (n == 0 || n >= sizeof(b))
		return -1;
	memcpy(b, s, n);
	b[n] = '\0';
	return lttr_parse_duration(b, ns);
}

static size_t skip_sp(const char *s, size_t i)
{
	while (s[i] == ' ' || s[i] == '\t')
		i++;
	return i;
}

/* characters of a number or duration: digits, '.', letters, inner spaces not */
static size_t num_len(const char *s)
{
	size_t i = 0;

	while (isalnum((unsigned char)s[i]) || s[i] == '.')
		i++;
	return i;
}

static bool has_alpha(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (isalpha((unsigned char)s[i]))
			return true;
	return false;
}

#define VERR(at_, ...) do { *errat = (at_); snprintf(msg, size, __VA_ARGS__); return -1; } while (0)

/*
 * AGG at @s: count(W) rate(W) avg(F, W) min(F, W) max(F, W) pN(F, W);
 * fills @v; returns its length, 0 if @s is no aggregate name, -1 error.
 */
static int parse_agg(const char *s, struct val *v, char *msg, size_t size, size_t *errat)
{
	size_t i = 0, name_end, f0, w0, w1;
	bool needs_field;
	char *end;

	while (isalnum((unsigned char)s[i]) || s[i] == '.')
		i++;
	name_end = i;
	if (s[skip_sp(s, i)] != '(')
		return 0;
	if (name_end == 5 && !strncmp(s, "count", 5)) {
		v->agg = A_COUNT;
	} else if (name_end == 4 && !strncmp(s, "rate", 4)) {
		v->agg = A_RATE;
	} else if (name_end == 3 && !strncmp(s, "avg", 3)) {
		v->agg = A_AVG;
	} else if (name_end == 3 && !strncmp(s, "min", 3)) {
		v->agg = A_MIN;
	} else if (name_end == 3 && !strncmp(s, "max", 3)) {
		v->agg = A_MAX;
	} else if (name_end >= 2 && s[0] == 'p' && isdigit((unsigned char)s[1])) {
		v->agg = A_PCT;
		v->pct = strtod(s + 1, &end);
		if (end != s + name_end || !(v->pct > 0 && v->pct <= 100))
			VERR(0, "'%.*s': a percentile is p and a number above 0, at most 100 (p99, p99.9)",
			     (int)name_end, s);
	} else {
		VERR(0, "unknown aggregate '%.*s' (count, rate, avg, min, max, pN)",
		     (int)name_end, s);
	}
	needs_field = v->agg != A_COUNT && v->agg != A_RATE;
	i = skip_sp(s, skip_sp(s, name_end) + 1);
	f0 = i;
	if (needs_field) {
		size_t f1;

		while (isalnum((unsigned char)s[i]) || s[i] == '_')
			i++;
		f1 = i;
		if (f1 - f0 != 7 || strncmp(s + f0, "latency", 7))
			VERR(f0, "%.*s() is over latency: write %.*s(latency, WINDOW)",
			     (int)name_end, s, (int)name_end, s);
		i = skip_sp(s, i);
		if (s[i] != ',')
			VERR(i, "expected ',' and a window after '%.*s(latency'", (int)name_end, s);
		i = skip_sp(s, i + 1);
	}
	w0 = i;
	while (s[i] && s[i] != ')' && s[i] != ',')
		i++;
	w1 = i;
	while (w1 > w0 && (s[w1 - 1] == ' ' || s[w1 - 1] == '\t'))
		w1--;
	if (s[i] != ')')
		VERR(i, "expected ')' to close '%.*s('", (int)name_end, s);
	if (duration_n(s + w0, w1 - w0, &v->window) < 0)
		VERR(w0, "the window '%.*s' is not a duration (%s)", (int)(w1 - w0), s + w0,
		     LTTR_DURATION_FORM);
	if (v->window == 0)
		VERR(w0, "a window of 0 holds no sample: give a duration above 0");
	if (v->window > LTTR_RULE_MAX_WINDOW_NS)
		VERR(w0, "a window of '%.*s' is longer than the longest, 1 hour",
		     (int)(w1 - w0), s + w0);
	return (int)(i + 1);
}

/* the lttr_filter_ext value hook: a duration, AGG, or NUMBER * AGG */
static int rule_value(void *arg, const char *s, uint32_t *handle, char *msg, size_t size,
		      size_t *errat)
{
	struct rule *r = arg;
	struct val v = { .factor = 1 };
	size_t n = num_len(s);
	struct val *nv;
	int len;

	if (r->nvals >= LTTR_FIRING_MAX_VALUES)
		VERR(0, "more than %d computed values in one rule", LTTR_FIRING_MAX_VALUES);
	if (n && (isdigit((unsigned char)s[0]) || s[0] == '.')) {
		size_t i = skip_sp(s, n);

		if (s[i] == '*') {
			char *end;

			v.factor = strtod(s, &end);
			if (end != s + n || !(v.factor >= 0) || v.factor > 1e9)
				VERR(0, "'%.*s' is not a factor (a number, decimals allowed)", (int)n, s);
			i = skip_sp(s, i + 1);
			len = parse_agg(s + i, &v, msg, size, errat);
			if (len < 0) {
				*errat += i;
				return -1;
			}
			if (len == 0)
				VERR(i, "expected an aggregate after '*' (count, rate, avg, min, max, pN)");
			n = i + (size_t)len;
		} else if (has_alpha(s, n) || isalpha((unsigned char)s[i])) {
			uint64_t ns;

			/* a unit after spaces: "2 ms" */
			if (!has_alpha(s, n)) {
				size_t u = i;

				while (isalpha((unsigned char)s[u]))
					u++;
				if (duration_n(s, u, &ns) < 0)
					return 0;	/* a number and a word: the language's */
				n = u;
			}
			if (duration_n(s, n, &ns) < 0)
				VERR(0, "'%.*s' is not a duration (%s)", (int)n, s, LTTR_DURATION_FORM);
			if (ns > INT64_MAX)
				VERR(0, "'%.*s' is too long", (int)n, s);
			v.agg = A_CONST;
			v.constant = (int64_t)ns;
		} else {
			return 0;	/* a plain number: the language's */
		}
	} else {
		len = parse_agg(s, &v, msg, size, errat);
		if (len <= 0)
			return len;
		n = (size_t)len;
	}
	v.text = malloc(n + 1);
	nv = realloc(r->vals, (r->nvals + 1) * sizeof(*nv));
	if (!v.text || !nv) {
		free(v.text);
		if (nv)
			r->vals = nv;
		msg[0] = '\0';
		return -1;
	}
	memcpy(v.text, s, n);
	v.text[n] = '\0';
	r->vals = nv;
	if (v.agg != A_CONST && v.window > r->maxwin)
		r->maxwin = v.window;
	*handle = (uint32_t)r->nvals;
	r->vals[r->nvals++] = v;
	return (int)n;
}

/* ---- keys and samples -------------------------------------------------- */

static struct key *key_get(struct lttr_rules *rs, struct rule *r, const char *name)
{
	struct key *k;
	size_t i;

	for (i = 0; i < r->nkeys; i++)
		if (!strcmp(r->keys[i].name, name))
			return &r->keys[i];
	if (r->nkeys >= LTTR_RULE_MAX_KEYS) {
		rs->st.keys_over++;
		return NULL;
	}
	k = realloc(r->keys, (r->nkeys + 1) * sizeof(*k));
	if (!k)
		return NULL;
	r->keys = k;
	k = &r->keys[r->nkeys];
	memset(k, 0, sizeof(*k));
	k->name = strdup(name);
	if (!k->name)
		return NULL;
	r->nkeys++;
	return k;
}

/* drop the samples older than @now - @win */
static void key_expire(struct key *k, uint64_t now, uint64_t win)
{
	while (k->n && now > win && k->t[k->head] < now - win) {
		k->head = (k->head + 1) % k->cap;
		k->n--;
	}
}

static void key_add(struct lttr_rules *rs, struct key *k, uint64_t t, int64_t v)
{
	size_t i;

	if (k->n == k->cap) {
		size_t ncap = k->cap ? k->cap * 2 : 64;
		uint64_t *nt;
		int64_t *nvv;

		if (ncap > LTTR_RULE_MAX_SAMPLES)
			ncap = LTTR_RULE_MAX_SAMPLES;
		if (ncap == k->cap) {
			/* full: the oldest goes */
			k->head = (k->head + 1) % k->cap;
			k->n--;
			rs->st.samples_dropped++;
		} else {
			nt = malloc(ncap * sizeof(*nt));
			nvv = malloc(ncap * sizeof(*nvv));
			if (!nt || !nvv) {
				free(nt);
				free(nvv);
				rs->st.samples_dropped++;
				return;
			}
			for (i = 0; i < k->n; i++) {
				nt[i] = k->t[(k->head + i) % k->cap];
				nvv[i] = k->v[(k->head + i) % k->cap];
			}
			free(k->t);
			free(k->v);
			k->t = nt;
			k->v = nvv;
			k->head = 0;
			k->cap = ncap;
		}
	}
	i = (k->head + k->n) % k->cap;
	k->t[i] = t;
	k->v[i] = v;
	k->n++;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* the aggregate @v over @k's samples in (now - window, now] */
static bool aggregate(const struct val *v, const struct key *k, uint64_t now,
		      int64_t *out, uint64_t *samples, bool *truncated)
{
	uint64_t from = now > v->window ? now - v->window : 0;
	size_t i, first = k->n, cnt;
	double sum = 0, x;
	int64_t *tmp;

	for (i = k->n; i-- > 0;) {
		if (k->t[(k->head + i) % k->cap] < from)
			break;
		first = i;
	}
	cnt = k->n - first;
	*samples = cnt;
	/* a full ring whose oldest sample is inside the window lost some */
	if (k->n == LTTR_RULE_MAX_SAMPLES && first == 0)
		*truncated = true;
	if (v->agg == A_COUNT) {
		x = (double)cnt;
	} else if (v->agg == A_RATE) {
		x = (double)cnt * 1e9 / (double)v->window;
	} else {
		if (!cnt)
			return false;
		if (v->agg == A_PCT) {
			size_t rank;

			tmp = malloc(cnt * sizeof(*tmp));
			if (!tmp)
				return false;
			for (i = 0; i < cnt; i++)
				tmp[i] = k->v[(k->head + first + i) % k->cap];
			qsort(tmp, cnt, sizeof(*tmp), cmp_i64);
			/* nearest rank: the smallest value with pct % at or below it */
			rank = (size_t)ceil(v->pct / 100.0 * (double)cnt);
			if (rank < 1)
				rank = 1;
			x = (double)tmp[rank - 1];
			free(tmp);
		} else {
			x = (double)k->v[(k->head + first) % k->cap];
			for (i = first; i < k->n; i++) {
				double y = (double)k->v[(k->head + i) % k->cap];

				if (v->agg == A_AVG)
					sum += y;
				else if ((v->agg == A_MIN && y < x) || (v->agg == A_MAX && y > x))
					x = y;
			}
			if (v->agg == A_AVG)
				x = sum / (double)cnt;
		}
	}
	x *= v->factor;
	if (!(x < 9.2e18))
		x = 9.2e18;
	*out = (int64_t)llround(x);
	return true;
}

/* ---- the filter hooks -------------------------------------------------- */

static bool rule_field(void *arg, unsigned int idx, const struct lttr_event *ev, int64_t *v)
{
	struct rule *r = arg;

	(void)ev;
	if (idx != 0 || !r->ev || !r->ev->has_lat)
		return false;
	r->ev->lat_read = true;
	*v = r->ev->lat;
	return true;
}

static bool rule_resolve(void *arg, uint32_t handle, const struct lttr_event *ev, int64_t *v)
{
	struct rule *r = arg;
	struct rules_eval *e = r->ev;
	const struct val *vl;

	(void)ev;
	if (!e || handle >= r->nvals)
		return false;
	vl = &r->vals[handle];
	if (!e->read[handle]) {
		e->read[handle] = true;
		if (vl->agg == A_CONST) {
			e->known[handle] = true;
			e->v[handle] = vl->constant;
		} else {
			e->known[handle] = e->key &&
				aggregate(vl, e->key, e->now, &e->v[handle], &e->samples[handle],
					  &e->truncated);
			/* events were lost inside its window: its samples too */
			if (e->gap_to && e->gap_to + vl->window > e->now)
				e->truncated = true;
		}
	}
	*v = e->v[handle];
	return e->known[handle];
}

/* ---- parser -------------------------------------------------------------- */

struct lp {
	const char *line;	/* the line, NUL-terminated */
	unsigned int lineno;
	struct lttr_error *err;
};

static int perr(const struct lp *p, size_t col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int perr(const struct lp *p, size_t col, const char *fmt, ...)
{
	char msg[LTTR_ERRMSG_MAX - 48];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return lttr_error_set(p->err, LTTR_E_INVAL, "line %u, column %zu: %s", p->lineno,
			      col + 1, msg);
}

/* the word at @i (letters, digits, _), its end */
static size_t word_end(const char *s, size_t i)
{
	while (isalnum((unsigned char)s[i]) || s[i] == '_')
		i++;
	return i;
}

static bool word_is(const char *s, size_t i, size_t e, const char *w)
{
	return e - i == strlen(w) && !strncmp(s + i, w, e - i);
}

/* where the word "then" is, outside quotes, from @i; 0 if none */
static size_t find_then(const char *s, size_t i)
{
	bool q = false;

	for (; s[i]; i++) {
		if (q && s[i] == '\\' && s[i + 1]) {
			i++;
			continue;
		}
		if (s[i] == '"')
			q = !q;
		if (!q && !strncmp(s + i, "then", 4) && i > 0 && isspace((unsigned char)s[i - 1]) &&
		    (!s[i + 4] || isspace((unsigned char)s[i + 4])))
			return i;
	}
	return 0;
}

/* "request": the call pairs at their callee (requests.h); true if it is */
static bool spec_request(const char *s, size_t i, size_t e, struct rule *r)
{
	if (!word_is(s, i, e, "request"))
		return false;
	r->on = ON_REQUEST;
	r->id = LTT_EV_SOCKET_SEND;	/* the event that ends one: the return's first send */
	return true;
}

/* "(caller)" or "(callee)" after request, at @a to @b: the side followed */
static int request_side(const struct lp *p, struct rule *r, size_t a, size_t b)
{
	const char *s = p->line;

	if (word_is(s, a, b, "caller")) {
		r->caller = true;
		r->id = LTT_EV_SOCKET_RECV;	/* the event that ends one: the reply's first */
	} else if (!word_is(s, a, b, "callee")) {
		return perr(p, a, "request is followed at the caller or the callee: "
			    "request(caller), request(callee)");
	}
	if (s[b] != ')')
		return perr(p, b, "expected ')' after caller or callee");
	return 0;
}

static int parse_spec(const struct lp *p, struct rule *r, size_t *pi)
{
	const char *s = p->line;
	size_t i = *pi, e = word_end(s, i);
	int id;

	if (e == i)
		return perr(p, i, "expected an event after 'on' (syscall_exit(read), signal, exit, "
			    "wakeup, or an event type of docs/filter.md)");
	r->nr = -1;
	if (word_is(s, i, e, "syscall_exit") || word_is(s, i, e, "syscall")) {
		r->on = ON_SYSCALL;
		r->id = LTT_EV_SYSCALL_EXIT;
	} else if (word_is(s, i, e, "wakeup")) {
		r->on = ON_WAKEUP;
		r->id = LTT_EV_PROCESS_WAKEUP;
	} else if (word_is(s, i, e, "job")) {
		r->on = ON_JOB;
		r->id = LTT_EV_MARKER;
	} else if (word_is(s, i, e, "signal")) {
		r->on = ON_EVENT;
		r->id = LTT_EV_SIGNAL_DELIVER;
	} else if (spec_request(s, i, e, r)) {
		/* on request: requests.c */
	} else {
		char name[40];

		snprintf(name, sizeof(name), "%.*s", (int)(e - i), s + i);
		id = lttr_event_type_id(name);
		if (id < 0 || e - i >= sizeof(name))
			return perr(p, i, "no event is named '%.*s' (syscall_exit(NAME), signal, "
				    "exit, wakeup, or an event type of docs/filter.md)",
				    (int)(e - i > 40 ? 40 : e - i), s + i);
		r->on = ON_EVENT;
		r->id = (unsigned int)id;
	}
	if (s[e] == '(') {
		size_t a = e + 1, b = word_end(s, a);
		char name[64];

		if (r->on != ON_SYSCALL && r->on != ON_JOB && r->on != ON_REQUEST)
			return perr(p, e, "only syscall_exit, job and request take a name in "
				    "parentheses");
		if (r->on == ON_REQUEST) {
			int ret = request_side(p, r, a, b);

			if (ret < 0)
				return ret;
			e = b + 1;
			goto spec_end;
		}
		if (s[b] != ')')
			return perr(p, b, r->on == ON_JOB ? "expected ')' after the job's name" :
				    "expected ')' after the syscall name");
		if (r->on == ON_JOB) {
			if (b == a || b - a > LTT_MARKER_NAME_MAX)
				return perr(p, a, "a job's name is 1 to 63 characters");
			snprintf(r->job, sizeof(r->job), "%.*s", (int)(b - a), s + a);
			e = b + 1;
			goto spec_end;
		}
		snprintf(name, sizeof(name), "%.*s", (int)(b - a), s + a);
		/* a name of any machine; its number: the current machine's
		 * until lttr_rules_machine() says the trace's */
		if (b - a >= sizeof(name) || !lttr_syscall_known_name(name))
			return perr(p, a, "no syscall is named '%.*s'",
				    (int)(b - a > 40 ? 40 : b - a), s + a);
		snprintf(r->sc, sizeof(r->sc), "%s", name);
		r->nr = lttr_syscall_lookup(name);
		e = b + 1;
	}
spec_end:
	if (s[e] && !isspace((unsigned char)s[e]))
		return perr(p, e, "unexpected '%c' after the event", s[e]);
	memset(&r->types, 0, sizeof(r->types));
	r->types.bits[r->id / 64] |= 1ULL << (r->id % 64);
	*pi = e;
	return 0;
}

/*
 * " at P%" at @*pi (after "M matched" or "U unmatched"): the probability
 * that an instance is kept, into *@ppm (parts per million, AUDIT's
 * MatchSamplingProb and UnmatchSamplingProb); absent: 1000000, every
 * instance.  P from 0.0001 to 100, at most 4 decimals.  *@pi set after it.
 */
static int parse_sample_prob(const struct lp *p, size_t *pi, uint32_t *ppm)
{
	const char *s = p->line;
	size_t i = skip_sp(s, *pi), e = word_end(s, i), n, f = 0, at;
	uint64_t v = 0;

	*ppm = LTTR_LOG_PROB_ALL;
	if (!word_is(s, i, e, "at"))
		return 0;
	i = at = skip_sp(s, e);
	n = strspn(s + i, "0123456789");
	if (!n || n > 3)
		goto bad;
	for (size_t k = 0; k < n; k++)
		v = v * 10 + (uint64_t)(s[i + k] - '0');
	i += n;
	if (s[i] == '.') {
		f = strspn(s + i + 1, "0123456789");
		if (!f || f > 4)
			goto bad;
		for (size_t k = 0; k < f; k++)
			v = v * 10 + (uint64_t)(s[i + 1 + k] - '0');
		i += f + 1;
	}
	for (; f < 4; f++)
		v *= 10;
	if (s[i] != '%' || !v || v > LTTR_LOG_PROB_ALL)
		goto bad;
	*ppm = (uint32_t)v;
	*pi = i + 1;
	return 0;
bad:
	return perr(p, at, "expected a probability 'at P%%' (P above 0, at most 100, "
		    "at most 4 decimals: at 50%%, at 0.5%%)");
}

/*
 * "or COUNT events" or "or M matched [at P%] + U unmatched [at P%]" at @i
 * (after "or"), into @r->log; the end of it in *@pe.
 */
static int parse_log_bound(const struct lp *p, struct rule *r, size_t i, size_t *pe)
{
	const char *s = p->line;
	size_t n = strspn(s + i, "0123456789"), w = skip_sp(s, i + n), e = word_end(s, w);
	unsigned long long v = n && n < 11 ? strtoull(s + i, NULL, 10) : 0;
	int ret;

	if (n && word_is(s, w, e, "events")) {
		if (r->log.events)
			return perr(p, i, "'or COUNT events' given twice");
		if (v < 1 || v > LTTR_LOG_MAX_EVENTS)
			return perr(p, i, "expected 'or COUNT events' (COUNT from 1 to %llu)",
				    (unsigned long long)LTTR_LOG_MAX_EVENTS);
		r->log.events = v;
		*pe = e;
		return 0;
	}
	if (!n || !word_is(s, w, e, "matched"))
		return perr(p, i, "expected 'or COUNT events' or 'or M matched + U unmatched' "
			    "(or 10 matched + 10 unmatched)");
	if (r->log.matched)
		return perr(p, i, "'or M matched + U unmatched' given twice");
	if (v < 1 || v > LTTR_LOG_MAX_SAMPLE)
		return perr(p, i, "a sample takes M and U from 1 to %d", LTTR_LOG_MAX_SAMPLE);
	r->log.matched = (unsigned int)v;
	r->sample_col = i;
	ret = parse_sample_prob(p, &e, &r->log.matched_ppm);
	if (ret)
		return ret;
	i = skip_sp(s, e);
	if (s[i] != '+')
		return perr(p, i, "expected '+ U unmatched' after 'M matched' "
			    "(or 10 matched + 10 unmatched)");
	i = skip_sp(s, i + 1);
	n = strspn(s + i, "0123456789");
	w = skip_sp(s, i + n);
	e = word_end(s, w);
	v = n && n < 11 ? strtoull(s + i, NULL, 10) : 0;
	if (!n || !word_is(s, w, e, "unmatched"))
		return perr(p, i, "expected 'U unmatched' after '+' (or 10 matched + 10 unmatched)");
	if (v < 1 || v > LTTR_LOG_MAX_SAMPLE)
		return perr(p, i, "a sample takes M and U from 1 to %d", LTTR_LOG_MAX_SAMPLE);
	r->log.unmatched = (unsigned int)v;
	ret = parse_sample_prob(p, &e, &r->log.unmatched_ppm);
	if (ret)
		return ret;
	*pe = e;
	return 0;
}

/*
 * "log top(N) for DURATION [or COUNT events] [or M matched + U unmatched]"
 * at @*pi (after "log"): heavy logging of the N most blamed, for DURATION,
 * COUNT of their events, or until a sample of M instances of the rule's
 * event that match its condition and U that do not, the first reached.
 * *@pi set after it.
 */
static int parse_log(const struct lp *p, struct rule *r, size_t *pi)
{
	const char *s = p->line;
	size_t i = skip_sp(s, *pi), e, n;
	unsigned long long v;
	char *end;

	e = word_end(s, i);
	if (!word_is(s, i, e, "top") || s[e] != '(')
		return perr(p, i, "expected 'top(N)' after 'log' (log top(5) for 5s)");
	i = e + 1;
	n = strspn(s + i, "0123456789");
	v = n && n < 6 ? strtoull(s + i, &end, 10) : 0;
	if (!n || v < 1 || v > LTTR_LOG_MAX_TOP || s[i + n] != ')')
		return perr(p, i, "top(N) takes N from 1 to %d", LTTR_LOG_MAX_TOP);
	r->log.top = (unsigned int)v;
	i = skip_sp(s, i + n + 1);
	e = word_end(s, i);
	if (!word_is(s, i, e, "for"))
		return perr(p, i, "expected 'for DURATION' after top(N) (log top(5) for 5s)");
	i = skip_sp(s, e);
	n = num_len(s + i);
	if (duration_n(s + i, n, &r->log.for_ns) < 0 || !has_alpha(s + i, n))
		return perr(p, i, "expected a duration with its unit after 'for' (5s, 500ms)");
	if (!r->log.for_ns || r->log.for_ns > LTTR_LOG_MAX_NS)
		return perr(p, i, "heavy logging lasts above 0 and at most 1 hour");
	i = skip_sp(s, i + n);
	e = word_end(s, i);
	while (word_is(s, i, e, "or")) {
		int ret = parse_log_bound(p, r, skip_sp(s, e), &e);

		if (ret)
			return ret;
		i = skip_sp(s, e);
		e = word_end(s, i);
	}
	*pi = i;
	return 0;
}

static int parse_actions(const struct lp *p, struct rule *r, size_t i)
{
	const char *s = p->line;

	for (;;) {
		size_t e;

		i = skip_sp(s, i);
		e = word_end(s, i);
		if (e == i)
			return perr(p, i, "expected an action (snapshot, notify CMD, stop, log top(N) for D)");
		if (word_is(s, i, e, "snapshot")) {
			r->actions |= LTTR_ACT_SNAPSHOT;
		} else if (word_is(s, i, e, "stop")) {
			r->actions |= LTTR_ACT_STOP;
		} else if (word_is(s, i, e, "notify")) {
			size_t a = skip_sp(s, e), b = strlen(s);

			while (b > a && isspace((unsigned char)s[b - 1]))
				b--;
			if (a == b)
				return perr(p, e, "notify needs a command (the rest of the line)");
			r->notify = malloc(b - a + 1);
			if (!r->notify)
				return lttr_error_set(p->err, LTTR_E_NOMEM, "out of memory");
			memcpy(r->notify, s + a, b - a);
			r->notify[b - a] = '\0';
			r->actions |= LTTR_ACT_NOTIFY;
			return 0;	/* the command is the rest of the line */
		} else if (word_is(s, i, e, "log")) {
			int ret;

			r->log_col = i;
			ret = parse_log(p, r, &e);
			if (ret)
				return ret;
			r->actions |= LTTR_ACT_LOG;
		} else {
			return perr(p, i, "unknown action '%.*s' (snapshot, notify CMD, stop, log top(N) for D)",
				    (int)(e - i > 40 ? 40 : e - i), s + i);
		}
		i = skip_sp(s, e);
		if (!s[i])
			return 0;
		if (s[i] != ',')
			return perr(p, i, "expected ',' and another action, or the end of the line");
		i++;
	}
}

static void rule_clear(struct rule *r)
{
	size_t i;

	lttr_filter_free(r->cond);
	for (i = 0; i < r->nvals; i++)
		free(r->vals[i].text);
	free(r->vals);
	for (i = 0; i < r->nkeys; i++) {
		free(r->keys[i].name);
		free(r->keys[i].t);
		free(r->keys[i].v);
	}
	free(r->keys);
	free(r->notify);
	free(r->text);
}

/*
 * "every DURATION [over EVENT]" at *@pi (on "every"): a timer rule,
 * evaluated at each tick (lttr_rules_start()), its aggregates over the
 * EVENT's instances (none without "over")
 */
static int parse_every(const struct lp *p, struct rule *r, size_t *pi)
{
	const char *s = p->line;
	size_t i = skip_sp(s, *pi + 5), d1, e;
	uint64_t ns;

	/* the duration: up to "over", "if", "then" or the end */
	for (d1 = i; s[d1]; d1++) {
		e = word_end(s, d1);
		if ((d1 == i || isspace((unsigned char)s[d1 - 1])) &&
		    (word_is(s, d1, e, "over") || word_is(s, d1, e, "if") ||
		     word_is(s, d1, e, "then") || word_is(s, d1, e, "by")))
			break;
	}
	e = d1;
	while (e > i && isspace((unsigned char)s[e - 1]))
		e--;
	if (e == i)
		return perr(p, i, "expected a period after 'every' (%s)", LTTR_DURATION_FORM);
	if (duration_n(s + i, e - i, &ns) < 0)
		return perr(p, i, "the period '%.*s' is not a duration (%s)",
			    (int)(e - i > 40 ? 40 : e - i), s + i, LTTR_DURATION_FORM);
	if (ns < LTTR_RULE_MIN_PERIOD_NS || ns > LTTR_RULE_MAX_PERIOD_NS)
		return perr(p, i, "a period of '%.*s' is outside 10ms to 24 hours",
			    (int)(e - i > 40 ? 40 : e - i), s + i);
	r->every = ns;
	i = skip_sp(s, d1);
	e = word_end(s, i);
	if (word_is(s, i, e, "over")) {
		int ret;

		i = skip_sp(s, e);
		ret = parse_spec(p, r, &i);
		if (ret < 0)
			return ret;
	} else {
		r->on = ON_NONE;
		r->nr = -1;
		r->id = LTT_EV_TRACE_START;	/* nothing is watched (types stays empty) */
		memset(&r->types, 0, sizeof(r->types));
	}
	*pi = i;
	return 0;
}

/* the types a timer rule's condition sees: none (a tick is no event) */
static const struct ltt_event_mask timer_types;

/* one rule line (its text already in r->text) */
static int parse_rule(const struct lp *p, struct rule *r)
{
	const char *s = p->line;
	size_t i = skip_sp(s, 0), e, t;
	int ret;

	e = word_end(s, i);
	if (!word_is(s, i, e, "on"))
		return perr(p, i, "a rule starts with 'on' (on EVENT [by KEY] [if COND] then ACTION)");
	i = skip_sp(s, e);
	e = word_end(s, i);
	if (word_is(s, i, e, "every"))
		ret = parse_every(p, r, &i);
	else
		ret = parse_spec(p, r, &i);
	if (ret < 0)
		return ret;
	i = skip_sp(s, i);
	e = word_end(s, i);
	if (word_is(s, i, e, "by") && r->every)
		return perr(p, i, "a timer rule has no key: 'by' is for a rule on an event");
	if (word_is(s, i, e, "by")) {
		size_t k = skip_sp(s, e), ke = word_end(s, k);
		unsigned int b;

		for (b = BY_COMM; b <= BY_CPU; b++)
			if (word_is(s, k, ke, by_names[b]))
				r->by = (enum by)b;
		if (r->by == BY_NONE)
			return perr(p, k, "expected a key after 'by': comm, pid, syscall or cpu");
		if (r->by == BY_SYSCALL && r->on != ON_SYSCALL)
			return perr(p, k, "'by syscall' is for a rule on syscall_exit");
		i = skip_sp(s, ke);
		e = word_end(s, i);
	}
	t = find_then(s, i);
	if (word_is(s, i, e, "if")) {
		struct lttr_filter_ext ext = {
			.fields = rule_fields, .field = rule_field, .value = rule_value,
			.resolve = rule_resolve, .arg = r,
			.types = r->every ? &timer_types : &r->types,
		};
		struct lttr_error ferr;
		char *cond;
		size_t c0 = skip_sp(s, e), c1 = t;
		const char *m;

		if (!t)
			return perr(p, strlen(s), "expected 'then' and an action after the condition");
		while (c1 > c0 && isspace((unsigned char)s[c1 - 1]))
			c1--;
		if (c1 == c0)
			return perr(p, c0, "expected a condition after 'if'");
		cond = malloc(c1 - c0 + 1);
		if (!cond)
			return lttr_error_set(p->err, LTTR_E_NOMEM, "out of memory");
		memcpy(cond, s + c0, c1 - c0);
		cond[c1 - c0] = '\0';
		ret = lttr_filter_compile_ext(cond, &ext, &r->cond, &ferr);
		free(cond);
		if (ret == -LTTR_E_NOMEM)
			return lttr_error_set(p->err, LTTR_E_NOMEM, "out of memory");
		if (ret < 0) {
			char fixed[LTTR_ERRMSG_MAX];
			const char *at;
			unsigned long ch;

			/* the filter's message without its "at character N: " */
			m = strstr(ferr.msg, ": ");
			m = m ? m + 2 : ferr.msg;
			/* "(...) at character N" inside it counts in the condition */
			at = strstr(m, "at character ");
			if (at && sscanf(at + 13, "%lu", &ch) == 1) {
				snprintf(fixed, sizeof(fixed), "%.*sat column %lu%s", (int)(at - m), m,
					 (unsigned long)(ch + c0), at + 13 + strspn(at + 13, "0123456789"));
				m = fixed;
			}
			return perr(p, c0 + ext.errpos, "%s", m);
		}
		i = t;
	} else if (e != i && !word_is(s, i, e, "then")) {
		return perr(p, i, "expected 'by', 'if' or 'then' after the event");
	} else if (e == i) {
		return perr(p, i, "expected 'then' and an action");
	}
	i = skip_sp(s, i);
	e = word_end(s, i);
	if (!word_is(s, i, e, "then"))
		return perr(p, i, "expected 'then' and an action");
	ret = parse_actions(p, r, e);
	if (!ret && (r->actions & LTTR_ACT_LOG) && !(r->actions & LTTR_ACT_SNAPSHOT))
		return perr(p, r->log_col, "log needs snapshot in the same rule: the blame is "
			    "read from it (then snapshot, log top(5) for 5s)");
	if (!ret && (r->actions & LTTR_ACT_LOG) && r->every)
		return perr(p, r->log_col, "log needs an instance to blame: a timer rule "
			    "(on every) has none (log on an event's rule)");
	if (!ret && (r->actions & LTTR_ACT_LOG) && r->log.matched && !r->cond)
		return perr(p, r->sample_col, "a sample of matched and unmatched instances needs "
			    "a condition: without 'if' every instance matches");
	return ret;
}

int lttr_rules_parse(const char *text, struct lttr_rules **out, struct lttr_error *err)
{
	struct lttr_rules *rs;
	const char *s = text;
	unsigned int lineno = 0;
	int ret = 0;

	*out = NULL;
	lttr_error_clear(err);
	rs = calloc(1, sizeof(*rs));
	if (!rs)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s), i;
		struct lp p = { .err = err };
		struct rule *r, **v;
		char *line;

		p.lineno = ++lineno;
		if (len > LTTR_RULE_MAX_LINE) {
			ret = lttr_error_set(err, LTTR_E_INVAL, "line %u: longer than %d characters",
					     lineno, LTTR_RULE_MAX_LINE);
			break;
		}
		line = malloc(len + 1);
		if (!line) {
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		memcpy(line, s, len);
		line[len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		s = nl ? nl + 1 : s + len;
		for (i = 0; line[i]; i++)
			if ((unsigned char)line[i] < ' ' && line[i] != '\t')
				break;
		if (line[i]) {
			p.line = line;
			ret = perr(&p, i, "a control character in the rule");
			free(line);
			break;
		}
		i = skip_sp(line, 0);
		if (!line[i] || line[i] == '#') {
			free(line);
			continue;
		}
		if (rs->n >= LTTR_RULES_MAX) {
			free(line);
			ret = lttr_error_set(err, LTTR_E_INVAL, "line %u: more than %d rules",
					     lineno, LTTR_RULES_MAX);
			break;
		}
		v = realloc(rs->rules, (rs->n + 1) * sizeof(*v));
		r = calloc(1, sizeof(*r));
		if (v)
			rs->rules = v;
		if (!v || !r) {
			free(r);
			free(line);
			ret = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		rs->rules[rs->n++] = r;
		r->index = (unsigned int)(rs->n - 1);
		r->line = lineno;
		r->text = line;
		p.line = line;
		ret = parse_rule(&p, r);
		if (ret < 0)
			break;
		rs->want_requests |= r->on == ON_REQUEST;
		rs->timers |= r->every != 0;
	}
	if (!ret && !rs->n)
		ret = lttr_error_set(err, LTTR_E_INVAL, "no rule (a rule: on EVENT [by KEY] "
				     "[if COND] then ACTION)");
	if (ret < 0) {
		lttr_rules_free(rs);
		return ret;
	}
	lttr_rules_ids(rs, &rs->ids);
	*out = rs;
	return 0;
}

int lttr_rules_machine(struct lttr_rules *rs, enum lttr_machine m,
		       struct lttr_error *err)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		struct rule *r = rs->rules[i];

		if (r->on != ON_SYSCALL || !r->sc[0])
			continue;
		r->nr = lttr_machine_syscall_lookup(m, r->sc);
		if (r->nr < 0)
			return lttr_error_set(err, LTTR_E_INVAL,
				"rule at line %u: %s has no syscall named '%s'%s",
				r->line, lttr_machine_name(m), r->sc,
				m == LTTR_MACHINE_OTHER ?
				" (a machine without a syscall table: name it syscall_N)" : "");
	}
	return 0;
}

void lttr_rules_free(struct lttr_rules *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->n; i++) {
		rule_clear(r->rules[i]);
		free(r->rules[i]);
	}
	free(r->rules);
	for (i = 0; i < r->tcap; i++)
		if (r->tasks[i].used)
			free(r->tasks[i].jobs);
	free(r->tasks);
	free(r->gaps);
	req_socks_free(r->socks);
	free(r);
}

size_t lttr_rules_count(const struct lttr_rules *r)
{
	return r->n;
}

unsigned int lttr_rules_actions(const struct lttr_rules *r)
{
	unsigned int m = 0;
	size_t i;

	for (i = 0; i < r->n; i++)
		m |= r->rules[i]->actions;
	return m;
}

const char *lttr_rules_text(const struct lttr_rules *r, size_t i)
{
	return i < r->n ? r->rules[i]->text : NULL;
}

static void mask_set(struct ltt_event_mask *m, unsigned int id)
{
	m->bits[id / 64] |= 1ULL << (id % 64);
}

void lttr_rules_ids(const struct lttr_rules *r, struct ltt_event_mask *ids)
{
	size_t i;

	memset(ids, 0, sizeof(*ids));
	for (i = 0; i < r->n; i++) {
		if (r->rules[i]->module)
			continue;
		mask_set(ids, r->rules[i]->id);
		if (r->rules[i]->on == ON_SYSCALL)
			mask_set(ids, LTT_EV_SYSCALL_ENTRY);
		if (r->rules[i]->on == ON_WAKEUP)
			mask_set(ids, LTT_EV_SCHEDCHANGE);
		if (r->rules[i]->on == ON_REQUEST) {
			mask_set(ids, LTT_EV_SOCKET_ACCEPT);
			mask_set(ids, LTT_EV_SOCKET_ENDPOINT);
			mask_set(ids, LTT_EV_SOCKET_RECV);
			mask_set(ids, LTT_EV_SOCKET_SEND);
			mask_set(ids, LTT_EV_SYSCALL_ENTRY);
			mask_set(ids, LTT_EV_SYSCALL_EXIT);
		}
	}
}

void lttr_rules_stats(const struct lttr_rules *r, struct lttr_rules_stats *st)
{
	*st = r->st;
}

/* ---- tasks --------------------------------------------------------------- */

static struct task *task_get(struct lttr_rules *r, uint32_t pid, bool create)
{
	size_t i, mask;

	if (r->tn * 2 >= r->tcap) {
		size_t ncap = r->tcap ? r->tcap * 2 : 256, k;
		struct task *nt;

		if (!create && r->tcap)
			goto look;
		nt = calloc(ncap, sizeof(*nt));
		if (!nt)
			return NULL;
		for (k = 0; k < r->tcap; k++) {
			if (!r->tasks[k].used)
				continue;
			for (i = r->tasks[k].pid & (ncap - 1); nt[i].used; i = (i + 1) & (ncap - 1))
				;
			nt[i] = r->tasks[k];
		}
		free(r->tasks);
		r->tasks = nt;
		r->tcap = ncap;
	}
look:
	if (!r->tcap)
		return NULL;
	mask = r->tcap - 1;
	for (i = pid & mask; r->tasks[i].used; i = (i + 1) & mask)
		if (r->tasks[i].pid == pid)
			return &r->tasks[i];
	if (!create || r->tn * 2 >= r->tcap)
		return NULL;
	r->tasks[i].used = true;
	r->tasks[i].pid = pid;
	r->tn++;
	return &r->tasks[i];
}

/* ---- evaluation ---------------------------------------------------------- */

static void key_text(const struct rule *r, const struct lttr_filter_ctx *c,
		     const struct lttr_event *ev, uint32_t pid, char *b, size_t size)
{
	const char *comm, *n;

	switch (r->by) {
	case BY_COMM:
		comm = c && c->comm ? c->comm(c->arg, pid, ev->time_ns) : NULL;
		snprintf(b, size, "%s", comm ? comm : "?");
		break;
	case BY_PID:
		snprintf(b, size, "%" PRIu32, pid);
		break;
	case BY_SYSCALL:
		n = ev->details ? lttr_syscall_name(ev->p.syscall_exit.nr) : NULL;
		if (n)
			snprintf(b, size, "%s", n);
		else if (ev->details)
			snprintf(b, size, "syscall_%" PRIu32, ev->p.syscall_exit.nr);
		else
			snprintf(b, size, "?");
		break;
	case BY_CPU:
		snprintf(b, size, "%u", (unsigned int)ev->cpu);
		break;
	default:
		b[0] = '\0';
		break;
	}
}

/*
 * The number that names @ev's key under rule @r (pid @pid) as key_text()
 * would write it, when the key is a number (by pid, syscall or cpu): true
 * and *@num; false for the others (by comm, none).
 */
static bool key_num(const struct rule *r, const struct lttr_event *ev, uint32_t pid,
		    uint64_t *num)
{
	switch (r->by) {
	case BY_PID:
		*num = pid;
		return true;
	case BY_SYSCALL:	/* "?" without details: a number no call has */
		*num = ev->details ? ev->p.syscall_exit.nr : UINT64_MAX;
		return true;
	case BY_CPU:
		*num = ev->cpu;
		return true;
	default:
		return false;
	}
}

/* rule @r's key of @ev (pid @pid), made on its first instance; NULL: none */
static struct key *key_of(struct lttr_rules *rs, struct rule *r, const struct lttr_filter_ctx *c,
			  const struct lttr_event *ev, uint32_t pid)
{
	char kb[64];
	uint64_t num = 0;
	bool numbered = key_num(r, ev, pid, &num);
	size_t slot = (size_t)(num & (KEYNUM_SLOTS - 1));
	struct key *k;

	if (numbered && r->keynum[slot].idx && r->keynum[slot].num == num)
		return &r->keys[r->keynum[slot].idx - 1];
	key_text(r, c, ev, pid, kb, sizeof(kb));
	k = key_get(rs, r, kb);
	if (k && numbered) {
		r->keynum[slot].num = num;
		r->keynum[slot].idx = (size_t)(k - r->keys) + 1;
	}
	return k;
}

/* ---- timer rules ("on every D [over EVENT]") ----------------------------- */

/* an instance of a timer rule's EVENT: a sample of its aggregates */
static unsigned int watch(struct lttr_rules *rs, struct rule *r, uint64_t t, bool has_lat,
			  int64_t lat)
{
	struct key *k = r->maxwin ? key_get(rs, r, "") : NULL;

	if (k) {
		key_expire(k, t, r->maxwin);
		key_add(rs, k, t, has_lat ? lat : 0);
	}
	return 0;
}

/* the tick of timer rule @r at r->next_tick: its condition, no event */
static unsigned int tick(struct lttr_rules *rs, struct rule *r, const struct lttr_filter_ctx *c,
			 void (*fire)(void *, const struct lttr_firing *), void *arg)
{
	struct rules_eval e = { .now = r->next_tick, .gap_to = rs->gap_to };
	struct lttr_event sub;
	bool hit;

	memset(&sub, 0, sizeof(sub));
	sub.time_ns = e.now;
	sub.id = LTT_EV_TRACE_START;	/* no event: every field of one is missing */
	e.key = key_get(rs, r, "");
	if (e.key && r->maxwin)
		key_expire(e.key, e.now, r->maxwin);
	r->ev = &e;
	hit = !r->cond || lttr_filter_match(r->cond, c, &sub);
	r->ev = NULL;
	if (!hit)
		return 0;
	if (fire) {
		struct lttr_firing f = {
			.rule = r->index, .line = r->line, .text = r->text, .time_ns = e.now,
			.start_ns = e.now, .id = LTT_EV_TRACE_START, .type = "timer", .key = "",
			.actions = r->actions, .notify = r->notify,
		};
		r->ev = &e;
		for (size_t i = 0; i < r->nvals && f.nvalues < LTTR_FIRING_MAX_VALUES; i++) {
			int64_t x;

			rule_resolve(r, (uint32_t)i, &sub, &x);
			f.values[f.nvalues++] = (struct lttr_firing_value){
				.text = r->vals[i].text, .known = e.known[i], .v = e.v[i],
				.samples = r->vals[i].agg == A_CONST ? 0 : e.samples[i] };
		}
		r->ev = NULL;
		f.truncated = e.truncated;
		fire(arg, &f);
	}
	r->fired = true;
	r->last_fire = e.now;
	return 1;
}

/* the ticks of the timer rules up to @t, included, in time order (then rule order) */
static unsigned int ticks_until(struct lttr_rules *rs, const struct lttr_filter_ctx *c,
				uint64_t t,
				void (*fire)(void *, const struct lttr_firing *), void *arg)
{
	unsigned int n = 0;
	size_t i;

	if (!rs->started) {
		rs->started = true;
		rs->t0 = t;
	}
	if (!rs->timers)
		return 0;
	for (;;) {
		struct rule *best = NULL;

		for (i = 0; i < rs->n; i++) {
			struct rule *r = rs->rules[i];

			if (!r->every)
				continue;
			if (!r->next_tick)
				r->next_tick = rs->t0 > UINT64_MAX - r->every ? UINT64_MAX :
					       rs->t0 + r->every;
			if (r->next_tick == UINT64_MAX)
				continue;	/* past the clock's end: no more ticks */
			if (r->next_tick < t &&
			    (t - r->next_tick) / r->every > LTTR_RULE_MAX_CATCHUP) {
				uint64_t k = (t - r->next_tick) / r->every - LTTR_RULE_MAX_CATCHUP;

				r->next_tick += k * r->every;
				rs->st.ticks_skipped += k;
			}
			if (r->next_tick <= t && (!best || r->next_tick < best->next_tick))
				best = r;
		}
		if (!best)
			return n;
		n += tick(rs, best, c, fire, arg);
		best->next_tick = best->next_tick > UINT64_MAX - best->every ? UINT64_MAX :
				  best->next_tick + best->every;
	}
}

void lttr_rules_start(struct lttr_rules *r, uint64_t t0)
{
	r->started = true;
	r->t0 = t0;
}

unsigned int lttr_rules_advance(struct lttr_rules *rs, const struct lttr_filter_ctx *c,
				uint64_t t,
				void (*fire)(void *arg, const struct lttr_firing *f), void *arg)
{
	unsigned int n;

	if (t < rs->now)
		return 0;
	n = ticks_until(rs, c, t, fire, arg);
	rs->now = t;
	return n;
}

/* the request @ev ends, if it ends one (requests.h): true and *@q */
static bool request_end(struct lttr_rules *rs, const struct lttr_event *ev, struct req_end *q)
{
	struct task *tk;
	uint64_t entry = 0;

	if (!rs->want_requests || (ev->id != LTT_EV_SOCKET_ACCEPT &&
				   ev->id != LTT_EV_SOCKET_ENDPOINT &&
				   ev->id != LTT_EV_SOCKET_RECV && ev->id != LTT_EV_SOCKET_SEND))
		return false;
	if (!rs->socks && !(rs->socks = req_socks_new()))
		return false;
	if (ev->id == LTT_EV_SOCKET_SEND) {
		tk = task_get(rs, ev->pid, false);
		if (tk && tk->in_sys)
			entry = tk->sys_t;
	}
	return req_socks_event(rs->socks, ev, entry, q, &rs->st.sockets_over) == 1;
}

bool lttr_log_sample_pick(uint64_t log, uint64_t time_ns, uint32_t ppm)
{
	/* splitmix64's finalizer (Steele, Lea, Flood 2014): constants, no code */
	uint64_t z = (time_ns ^ (log << 32)) + 0x9e3779b97f4a7c15ULL;

	if (ppm >= LTTR_LOG_PROB_ALL)
		return true;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return z % LTTR_LOG_PROB_ALL < ppm;
}

void lttr_rules_sampler(struct lttr_rules *r,
			bool (*want)(void *arg, unsigned int rule, uint64_t time_ns, bool matched),
			void (*keep)(void *arg, const struct lttr_firing *f, bool matched),
			void *arg)
{
	r->want = want;
	r->keep = keep;
	r->sample_arg = arg;
}

/*
 * The values of rule @r's instance @sub (evaluated in @e) into @f: its
 * latency if @has_lat, then every value of the condition, those it did
 * not need to read too.
 */
static void instance_values(struct rule *r, struct rules_eval *e, const struct lttr_event *sub,
			    bool has_lat, int64_t lat, struct lttr_firing *f)
{
	if (has_lat && f->nvalues < LTTR_FIRING_MAX_VALUES)
		f->values[f->nvalues++] = (struct lttr_firing_value){
			.text = "latency", .known = true, .v = lat };
	r->ev = e;
	for (size_t i = 0; i < r->nvals && f->nvalues < LTTR_FIRING_MAX_VALUES; i++) {
		int64_t x;

		rule_resolve(r, (uint32_t)i, sub, &x);
		f->values[f->nvalues++] = (struct lttr_firing_value){
			.text = r->vals[i].text, .known = e->known[i], .v = e->v[i],
			.samples = r->vals[i].agg == A_CONST ? 0 : e->samples[i] };
	}
	r->ev = NULL;
	f->truncated = e->truncated;
}

/* one instance of rule @r: @ev (pid @pid), latency @lat if @has_lat */
static unsigned int instance(struct lttr_rules *rs, struct rule *r,
			     const struct lttr_filter_ctx *c, const struct lttr_event *ev,
			     uint32_t pid, uint64_t start, bool has_lat, int64_t lat,
			     void (*fire)(void *, const struct lttr_firing *), void *arg)
{
	struct rules_eval e = { .now = ev->time_ns, .has_lat = has_lat, .lat = lat,
				.gap_to = rs->gap_to };
	struct lttr_event sub = *ev;
	bool hit;

	if (r->every)
		return watch(rs, r, ev->time_ns, has_lat, lat);
	e.key = key_of(rs, r, c, ev, pid);
	if (e.key && r->maxwin)
		key_expire(e.key, e.now, r->maxwin);
	sub.pid = pid;
	r->ev = &e;
	hit = !r->cond || lttr_filter_match(r->cond, c, &sub);
	r->ev = NULL;
	if (rs->want && rs->want(rs->sample_arg, r->index, ev->time_ns, hit)) {
		/* its values as the windows were before it, in an evaluation of its own */
		struct rules_eval se = e;
		struct lttr_firing f = {
			.rule = r->index, .line = r->line, .text = r->text,
			.time_ns = ev->time_ns, .start_ns = start, .pid = pid, .cpu = ev->cpu,
			.id = ev->id, .type = r->on == ON_REQUEST ? "request" : NULL,
			.actions = r->actions, .notify = r->notify, .log = r->log,
		};

		f.comm = c && c->comm ? c->comm(c->arg, pid, ev->time_ns) : NULL;
		instance_values(r, &se, &sub, has_lat, lat, &f);
		rs->keep(rs->sample_arg, &f, hit);
	}
	if (e.key && r->maxwin)
		key_add(rs, e.key, e.now, has_lat ? lat : 0);
	if (!hit)
		return 0;
	if (r->fired && e.now - r->last_fire < LTTR_RULE_HOLDOFF_NS) {
		r->suppressed++;
		return 0;
	}
	if (fire) {
		char kb[64];
		struct lttr_firing f = {
			.rule = r->index, .line = r->line, .text = r->text,
			.time_ns = ev->time_ns, .start_ns = start, .pid = pid, .cpu = ev->cpu,
			.id = ev->id, .type = r->on == ON_REQUEST ? "request" : NULL,
			.key = kb, .actions = r->actions, .notify = r->notify,
			.log = r->log,
			.suppressed = r->suppressed, .truncated = e.truncated,
		};

		/* the key's name (none past the most keys a rule keeps) */
		if (e.key)
			snprintf(kb, sizeof(kb), "%s", e.key->name);
		else
			key_text(r, c, ev, pid, kb, sizeof(kb));
		if (r->on == ON_REQUEST && rs->req) {
			f.side = rs->req->caller ? "caller" : "callee";
			f.local = rs->req->local;
			f.peer = rs->req->peer;
		}

		f.comm = c && c->comm ? c->comm(c->arg, pid, ev->time_ns) : NULL;
		instance_values(r, &e, &sub, has_lat, lat, &f);
		fire(arg, &f);
	}
	r->fired = true;
	r->last_fire = e.now;
	r->suppressed = 0;
	return 1;
}

/* a begin or end marker's name into @buf (false: none, or too long) */
static bool marker_name(const struct lttr_event *ev, char *buf, size_t size)
{
	size_t n = ev->p.marker.name_len;

	if (!ev->var || !n || n > ev->var_len || n >= size)
		return false;
	memcpy(buf, ev->var, n);
	buf[n] = '\0';
	return true;
}

static void job_begin(struct lttr_rules *rs, struct task *tk, const char *name, uint64_t t)
{
	if (!tk)
		return;
	if (!tk->jobs && !(tk->jobs = calloc(MAX_OPEN_JOBS, sizeof(*tk->jobs))))
		return;
	if (tk->njobs == MAX_OPEN_JOBS) {	/* the oldest forgotten: its end unpaired */
		memmove(tk->jobs, tk->jobs + 1, (MAX_OPEN_JOBS - 1) * sizeof(*tk->jobs));
		tk->njobs--;
		rs->st.unpaired++;
	}
	snprintf(tk->jobs[tk->njobs].name, sizeof(tk->jobs[0].name), "%s", name);
	tk->jobs[tk->njobs++].t = t;
}

/* the latest job of that name begun in @tk closed: its begin in @t0 */
static bool job_end(struct task *tk, const char *name, uint64_t t, uint64_t *t0)
{
	unsigned int i;

	for (i = tk ? tk->njobs : 0; i-- > 0;)
		if (!strcmp(tk->jobs[i].name, name) && t >= tk->jobs[i].t) {
			*t0 = tk->jobs[i].t;
			memmove(tk->jobs + i, tk->jobs + i + 1,
				(tk->njobs - i - 1) * sizeof(*tk->jobs));
			tk->njobs--;
			return true;
		}
	return false;
}

/*
 * Lost events.  Between a start kept (a syscall's entry, a wakeup, a job's
 * begin, a request's call) and its end, a gap of lost events may hide the
 * real end and another start: a syscall exit after a gap would pair with
 * an entry long gone and fire on the sum of both calls.  Which tasks the
 * gap's CPU ran is unknown (a task blocked elsewhere may have been woken
 * there), so at a gap's start every start kept is forgotten, and inside
 * it none is kept: each counted in gap_dropped, its end then unpaired.
 */
int lttr_rules_gap(struct lttr_rules *rs, uint64_t from, uint64_t to)
{
	if (to < from)
		to = from;
	/* within the last one told and not entered yet: one gap */
	if (rs->ngaps && from >= rs->gaps[rs->ngaps - 1].from &&
	    from <= rs->gaps[rs->ngaps - 1].to) {
		if (to > rs->gaps[rs->ngaps - 1].to)
			rs->gaps[rs->ngaps - 1].to = to;
		return 0;
	}
	if (rs->ngaps == rs->gapcap) {
		size_t cap = rs->gapcap ? 2 * rs->gapcap : 16;
		struct rules_gap *g = realloc(rs->gaps, cap * sizeof(*g));

		if (!g)
			return -1;
		rs->gaps = g;
		rs->gapcap = cap;
	}
	rs->gaps[rs->ngaps++] = (struct rules_gap){ from, to };
	if (from < rs->now)	/* events past its start were evaluated */
		rs->st.gaps_late++;
	if (rs->ngaps == 1 || from < rs->next_gap)
		rs->next_gap = from;
	rs->st.gaps++;
	return 0;
}

/* every start kept, forgotten: its end will be unpaired */
static void forget_starts(struct lttr_rules *rs)
{
	for (size_t i = 0; i < rs->tcap; i++) {
		struct task *tk = &rs->tasks[i];

		if (!tk->used)
			continue;
		rs->st.gap_dropped += tk->in_sys + tk->woken + tk->njobs;
		tk->in_sys = false;
		tk->woken = false;
		tk->njobs = 0;
	}
	if (rs->socks)
		rs->st.gap_dropped += req_socks_forget(rs->socks);
}

/* the gaps begun before @t entered: true while @t is inside one */
static bool in_gap(struct lttr_rules *rs, uint64_t t)
{
	if (rs->ngaps && t > rs->next_gap) {
		uint64_t next = UINT64_MAX;
		bool entered = false;

		for (size_t i = 0; i < rs->ngaps;) {
			if (rs->gaps[i].from < t) {
				if (rs->gaps[i].to > rs->gap_to)
					rs->gap_to = rs->gaps[i].to;
				rs->gaps[i] = rs->gaps[--rs->ngaps];
				entered = true;
				continue;
			}
			if (rs->gaps[i].from < next)
				next = rs->gaps[i].from;
			i++;
		}
		rs->next_gap = next;
		if (entered)
			forget_starts(rs);
	}
	return t < rs->gap_to;
}

unsigned int lttr_rules_feed(struct lttr_rules *rs, const struct lttr_filter_ctx *c,
			     const struct lttr_event *ev,
			     void (*fire)(void *arg, const struct lttr_firing *f), void *arg)
{
	struct task *tk = NULL, *woken = NULL;
	uint64_t sys_t = 0, wake_t = 0, job_t = 0;
	bool sys_paired = false, wake_paired = false, job_paired = false, gap;
	char job[LTT_MARKER_NAME_MAX + 1];
	struct lttr_event wev;
	struct req_end req;
	bool req_done;
	unsigned int n = 0;
	size_t i;

	if (ev->time_ns < rs->now) {	/* out of order: not evaluated */
		rs->st.late++;
		return 0;
	}
	n += ticks_until(rs, c, ev->time_ns, fire, arg);
	rs->now = ev->time_ns;
	gap = in_gap(rs, ev->time_ns);
	if (!(rs->ids.bits[ev->id / 64] & 1ULL << (ev->id % 64)))
		return n;
	req_done = request_end(rs, ev, &req);
	if (gap && rs->socks) {		/* no request begun in a gap is kept */
		req_done = false;
		rs->st.gap_dropped += req_socks_forget(rs->socks);
	}
	/* the starts: a syscall's entry, a wakeup */
	if (ev->id == LTT_EV_SYSCALL_ENTRY && ev->details) {
		tk = task_get(rs, ev->pid, !gap);
		if (gap) {
			if (tk)
				tk->in_sys = false;
			rs->st.gap_dropped++;
		} else if (tk) {
			tk->in_sys = true;
			tk->nr = ev->p.syscall_entry.nr;
			tk->sys_t = ev->time_ns;
		}
		return n;
	}
	if (ev->id == LTT_EV_SYSCALL_EXIT) {
		tk = task_get(rs, ev->pid, false);
		if (tk && tk->in_sys && ev->details && tk->nr == ev->p.syscall_exit.nr &&
		    ev->time_ns >= tk->sys_t) {
			sys_paired = true;
			sys_t = tk->sys_t;
		} else {
			rs->st.unpaired++;
		}
		if (tk)
			tk->in_sys = false;
	}
	if (ev->id == LTT_EV_MARKER && ev->details &&
	    (ev->p.marker.kind == LTT_MARKER_BEGIN || ev->p.marker.kind == LTT_MARKER_END) &&
	    marker_name(ev, job, sizeof(job))) {
		tk = task_get(rs, ev->p.marker.tid, ev->p.marker.kind == LTT_MARKER_BEGIN);
		if (ev->p.marker.kind == LTT_MARKER_BEGIN && gap)
			rs->st.gap_dropped++;
		else if (ev->p.marker.kind == LTT_MARKER_BEGIN)
			job_begin(rs, tk, job, ev->time_ns);
		else if (job_end(tk, job, ev->time_ns, &job_t))
			job_paired = true;
		else
			rs->st.unpaired++;
	}
	if (ev->id == LTT_EV_PROCESS_WAKEUP && ev->details && gap) {
		rs->st.gap_dropped++;
	} else if (ev->id == LTT_EV_PROCESS_WAKEUP && ev->details) {
		tk = task_get(rs, ev->p.wakeup.pid, true);
		if (tk && !tk->woken) {
			tk->woken = true;
			tk->wake_t = ev->time_ns;
			tk->wake_cpu = ev->cpu;
		}
		/* evaluated when it runs; an ON_EVENT rule on wakeup below */
	}
	if (ev->id == LTT_EV_SCHEDCHANGE && ev->details) {
		woken = task_get(rs, ev->p.schedchange.next_pid, false);
		if (woken && woken->woken && ev->time_ns >= woken->wake_t) {
			wake_paired = true;
			wake_t = woken->wake_t;
		}
		if (woken)
			woken->woken = false;
	}
	for (i = 0; i < rs->n; i++) {
		struct rule *r = rs->rules[i];

		if (r->module)
			continue;
		switch (r->on) {
		case ON_SYSCALL:
			if (ev->id != LTT_EV_SYSCALL_EXIT)
				break;
			if (r->sc[0] && (r->nr < 0 || !ev->details ||
					 ev->p.syscall_exit.nr != (uint32_t)r->nr))
				break;
			n += instance(rs, r, c, ev, ev->pid, sys_paired ? sys_t : ev->time_ns,
				      sys_paired, (int64_t)(ev->time_ns - sys_t), fire, arg);
			break;
		case ON_WAKEUP:
			if (!wake_paired)
				break;
			/* the wakeup as seen when the woken task runs: its pid, this time */
			memset(&wev, 0, sizeof(wev));
			wev.time_ns = ev->time_ns;
			wev.cpu = ev->cpu;
			wev.id = LTT_EV_PROCESS_WAKEUP;
			wev.known = true;
			wev.details = true;
			wev.p.wakeup.pid = ev->p.schedchange.next_pid;
			wev.p.wakeup.cpu = ev->cpu;
			wev.p.wakeup.prio = ev->p.schedchange.next_prio;
			wev.p.wakeup.policy = ev->p.schedchange.next_policy;
			n += instance(rs, r, c, &wev, ev->p.schedchange.next_pid, wake_t, true,
				      (int64_t)(ev->time_ns - wake_t), fire, arg);
			break;
		case ON_JOB:
			if (!job_paired || (r->job[0] && strcmp(r->job, job)))
				break;
			n += instance(rs, r, c, ev, ev->p.marker.tid, job_t, true,
				      (int64_t)(ev->time_ns - job_t), fire, arg);
			break;
		case ON_REQUEST:
			if (!req_done || req.caller != r->caller)
				break;
			rs->req = &req;
			n += instance(rs, r, c, ev, ev->pid, req.start, true,
				      (int64_t)(req.end - req.start), fire, arg);
			rs->req = NULL;
			break;
		case ON_NONE:
			break;
		default:
			if (ev->id != r->id)
				break;
			n += instance(rs, r, c, ev, ev->pid, ev->time_ns, false, 0, fire, arg);
			break;
		}
	}
	return n;
}

/* ---- the conditions the kernel module evaluates ---------------------------- */

/* the module's field of @name on a trigger on @on, or 0 */
static uint16_t module_field(const char *name, uint16_t on)
{
	static const struct {
		const char *name;
		uint16_t field, on;
	} fields[] = {
		{ "latency", LTT_TRIG_F_LATENCY, LTT_TRIG_ON_SYSCALL_EXIT },
		{ "latency", LTT_TRIG_F_LATENCY, LTT_TRIG_ON_WAKEUP },
		{ "nr", LTT_TRIG_F_NR, LTT_TRIG_ON_SYSCALL_EXIT },
		{ "ret", LTT_TRIG_F_RET, LTT_TRIG_ON_SYSCALL_EXIT },
		{ "code", LTT_TRIG_F_CODE, LTT_TRIG_ON_EXIT },
		{ "sig", LTT_TRIG_F_SIG, LTT_TRIG_ON_SIGNAL },
		{ "pid", LTT_TRIG_F_PID, 0 },
	};

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!strcmp(fields[i].name, name) && (!fields[i].on || fields[i].on == on))
			return fields[i].field;
	return 0;
}

/* a signal's number by its name ("SIGSEGV"), or -1 */
static int signal_by_name(const char *name)
{
	for (unsigned int sig = 1; sig < 65; sig++) {
		const char *n = lttr_signal_name(sig);

		if (n && !strcmp(n, name))
			return (int)sig;
	}
	return -1;
}

/* comparison @c of rule @r into trigger @t (false: the module cannot) */
static bool module_test(const struct rule *r, const struct lttr_filter_cmp *c,
			struct ltt_trigger *t)
{
	uint16_t field;
	int64_t v;

	if (!strcmp(c->field, "comm")) {
		size_t n = c->text ? strlen(c->text) : 0;

		if (c->op != LTTR_FILTER_EQ || c->is_num || c->dyn || t->comm[0] || !n ||
		    n >= sizeof(t->comm))
			return false;
		memcpy(t->comm, c->text, n);
		return true;
	}
	field = module_field(c->field, t->on);
	if (!field || t->ntests == LTT_TRIG_TESTS)
		return false;
	if (c->dyn) {
		if (c->handle >= r->nvals || r->vals[c->handle].agg != A_CONST)
			return false;
		v = r->vals[c->handle].constant;
	} else if (c->is_num) {
		v = c->v;
	} else if (field == LTT_TRIG_F_SIG && c->text && signal_by_name(c->text) > 0) {
		v = signal_by_name(c->text);
	} else {
		return false;	/* a name the module does not know (a syscall's, an errno's) */
	}
	t->test[t->ntests++] = (struct ltt_trig_test){
		.field = field, .op = (uint16_t)c->op, .value = v };
	return true;
}

bool lttr_rules_module(const struct lttr_rules *rs, size_t i, struct ltt_trigger *t)
{
	struct lttr_filter_cmp cmp[LTT_TRIG_TESTS + 1];
	const struct rule *r;
	int n = 0;

	memset(t, 0, sizeof(*t));
	if (i >= rs->n)
		return false;
	r = rs->rules[i];
	if (r->every || r->by != BY_NONE || r->log.matched || r->log.unmatched)
		return false;
	for (size_t k = 0; k < r->nvals; k++)
		if (r->vals[k].agg != A_CONST)
			return false;
	t->nr = -1;
	if (r->on == ON_SYSCALL) {
		if (r->sc[0] && r->nr < 0)
			return false;
		t->on = LTT_TRIG_ON_SYSCALL_EXIT;
		t->nr = r->sc[0] ? (int32_t)r->nr : -1;
	} else if (r->on == ON_WAKEUP) {
		t->on = LTT_TRIG_ON_WAKEUP;
	} else if (r->on == ON_EVENT && r->id == LTT_EV_PROCESS_EXIT) {
		t->on = LTT_TRIG_ON_EXIT;
	} else if (r->on == ON_EVENT && r->id == LTT_EV_SIGNAL_DELIVER) {
		t->on = LTT_TRIG_ON_SIGNAL;
	} else {
		return false;
	}
	if (r->cond) {
		n = lttr_filter_conjunction(r->cond, cmp, sizeof(cmp) / sizeof(cmp[0]));
		if (n < 0)
			return false;
	}
	for (int k = 0; k < n; k++)
		if (!module_test(r, &cmp[k], t))
			return false;
	t->holdoff_ns = LTTR_RULE_HOLDOFF_NS;
	return true;
}

void lttr_rules_set_module(struct lttr_rules *rs, size_t i)
{
	if (i < rs->n)
		rs->rules[i]->module = true;
	lttr_rules_ids(rs, &rs->ids);
}

bool lttr_rules_is_module(const struct lttr_rules *rs, size_t i)
{
	return i < rs->n && rs->rules[i]->module;
}

unsigned int lttr_rules_hit(struct lttr_rules *rs, const struct lttr_filter_ctx *c, size_t i,
			    const struct ltt_trig_hit *h,
			    void (*fire)(void *arg, const struct lttr_firing *f), void *arg)
{
	struct lttr_event ev;
	struct rule *r;
	unsigned int n = 0;

	if (i >= rs->n || !rs->rules[i]->module)
		return 0;
	r = rs->rules[i];
	if (h->time_ns < rs->now) {	/* out of order: not evaluated */
		rs->st.late++;
		return 0;
	}
	n += ticks_until(rs, c, h->time_ns, fire, arg);
	rs->now = h->time_ns;
	memset(&ev, 0, sizeof(ev));
	ev.time_ns = h->time_ns;
	ev.cpu = h->cpu;
	ev.pid = h->pid;
	ev.id = (uint8_t)r->id;
	ev.known = true;
	ev.details = true;
	if (r->on == ON_WAKEUP) {
		/* as lttr_rules_feed() sees it: when the woken task runs */
		ev.p.wakeup.pid = h->pid;
		ev.p.wakeup.cpu = h->cpu;
	} else if (r->id == LTT_EV_SYSCALL_EXIT) {
		ev.p.syscall_exit.nr = h->nr;
		ev.p.syscall_exit.ret = h->value;
	} else if (r->id == LTT_EV_PROCESS_EXIT) {
		ev.p.exit.pid = h->pid;
		ev.p.exit.code = (int32_t)h->value;
	} else {
		ev.p.signal_deliver.sig = (uint32_t)h->value;
	}
	r->suppressed += h->suppressed;
	if (r->on == ON_SYSCALL || r->on == ON_WAKEUP)
		n += instance(rs, r, c, &ev, h->pid, h->start_ns, true,
			      (int64_t)(h->time_ns - h->start_ns), fire, arg);
	else
		n += instance(rs, r, c, &ev, h->pid, h->time_ns, false, 0, fire, arg);
	return n;
}

/* ---- JSON ---------------------------------------------------------------- */

/* "values": the values of firing (or instance) @f */
static void values_json(struct lttr_json *j, const struct lttr_firing *f)
{
	size_t i;

	lttr_json_key(j, "values");
	lttr_json_begin_array(j);
	for (i = 0; i < f->nvalues; i++) {
		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "expr", f->values[i].text);
		lttr_json_key(j, "value");
		if (f->values[i].known)
			lttr_json_i64(j, f->values[i].v);
		else
			lttr_json_null(j);
		if (f->values[i].samples || strcmp(f->values[i].text, "latency"))
			lttr_json_kv_u64(j, "samples", f->values[i].samples);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

int lttr_instance_json(const struct lttr_firing *f, bool matched, FILE *out)
{
	struct lttr_json j;

	lttr_json_init(&j, out, false);
	lttr_json_begin_object(&j);
	lttr_json_kv_bool(&j, "matched", matched);
	lttr_json_kv_u64(&j, "time_ns", f->time_ns);
	lttr_json_kv_u64(&j, "start_ns", f->start_ns);
	lttr_json_kv_u64(&j, "pid", f->pid);
	lttr_json_key(&j, "comm");
	if (f->comm)
		lttr_json_string(&j, f->comm);
	else
		lttr_json_null(&j);
	values_json(&j, f);
	lttr_json_end_object(&j);
	return ferror(out) ? -1 : 0;
}

int lttr_firing_json(const struct lttr_firing *f, unsigned int seq,
		     const struct lttr_snapshot_info *snap, FILE *out)
{
	struct lttr_json j;
	char tb[24];

	lttr_json_init(&j, out, false);
	lttr_json_begin_object(&j);
	lttr_json_kv_u64(&j, "seq", seq);
	lttr_json_kv_u64(&j, "rule", f->rule);
	lttr_json_kv_u64(&j, "line", f->line);
	lttr_json_kv_str(&j, "text", f->text);
	lttr_json_kv_u64(&j, "time_ns", f->time_ns);
	lttr_json_kv_u64(&j, "start_ns", f->start_ns);
	lttr_json_kv_str(&j, "type", f->type ? f->type : lttr_event_type_str(f->id, tb, sizeof(tb)));
	if (f->side) {		/* a request: its side and its socket's endpoints */
		lttr_json_kv_str(&j, "side", f->side);
		lttr_json_key(&j, "local");
		if (f->local)
			lttr_json_string(&j, f->local);
		else
			lttr_json_null(&j);
		lttr_json_key(&j, "peer");
		if (f->peer)
			lttr_json_string(&j, f->peer);
		else
			lttr_json_null(&j);
	}
	lttr_json_kv_u64(&j, "pid", f->pid);
	lttr_json_kv_u64(&j, "cpu", f->cpu);
	lttr_json_key(&j, "comm");
	if (f->comm)
		lttr_json_string(&j, f->comm);
	else
		lttr_json_null(&j);
	lttr_json_kv_str(&j, "key", f->key ? f->key : "");
	values_json(&j, f);
	lttr_json_kv_bool(&j, "window_truncated", f->truncated);
	lttr_json_kv_u64(&j, "suppressed_before", f->suppressed);
	lttr_json_key(&j, "actions");
	lttr_json_begin_array(&j);
	if (f->actions & LTTR_ACT_SNAPSHOT)
		lttr_json_string(&j, "snapshot");
	if (f->actions & LTTR_ACT_NOTIFY)
		lttr_json_string(&j, "notify");
	if (f->actions & LTTR_ACT_STOP)
		lttr_json_string(&j, "stop");
	if (f->actions & LTTR_ACT_LOG)
		lttr_json_string(&j, "log");
	lttr_json_end_array(&j);
	lttr_json_key(&j, "snapshot");
	if (snap) {
		lttr_json_begin_object(&j);
		lttr_json_kv_str(&j, "dir", snap->dir);
		lttr_json_kv_bool(&j, "complete", snap->complete);
		lttr_json_kv_u64(&j, "buffers", snap->buffers);
		lttr_json_kv_u64(&j, "dropped_events", snap->dropped_events);
		lttr_json_kv_u64(&j, "dropped_bytes", snap->dropped_bytes);
		lttr_json_key(&j, "error");
		if (snap->error)
			lttr_json_string(&j, snap->error);
		else
			lttr_json_null(&j);
		lttr_json_end_object(&j);
	} else {
		lttr_json_null(&j);
	}
	lttr_json_end_object(&j);
	return fputc('\n', out) == EOF || ferror(out) ? -1 : 0;
}
