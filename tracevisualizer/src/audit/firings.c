// SPDX-License-Identifier: GPL-2.0
/*
 * firings.c - a session's firings read back (firings.jsonl, json-c) and
 * each one's instance analysed in its snapshot: explanation (explain.c)
 * and critical blame (blame.c); their JSON (lttr/audit/firings.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include <lttr/audit/firings.h>
#include <lttr/audit/heavy.h>
#include <lttr/audit/rules.h>
#include <lttr/reader/iter.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/share.h>
#include <lttr/model/flow.h>
#include <lttr/model/process.h>
#include <lttr/output/json.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/timing-layout.h>
#include <lttr/output/timing-text.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/trace.h>
#include <lttr/symbols/symbols.h>
#include <lttr/view/lesson.h>
#include <unistd.h>

static json_object *get(json_object *o, const char *k)
{
	json_object *v = NULL;

	return json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static char *str_of(json_object *o, const char *k)
{
	json_object *v = get(o, k);

	return strdup(v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "");
}

/* a string, or NULL when absent or null */
static char *opt_str(json_object *o, const char *k)
{
	json_object *v = get(o, k);

	return v && json_object_is_type(v, json_type_string) ?
		strdup(json_object_get_string(v)) : NULL;
}

static int64_t int_of(json_object *o, const char *k)
{
	json_object *v = get(o, k);

	return v ? json_object_get_int64(v) : 0;
}

static uint64_t u64_of(json_object *o, const char *k)
{
	json_object *v = get(o, k);

	return v ? json_object_get_uint64(v) : 0;
}

static void rec_clear(struct lttr_firing_rec *f)
{
	size_t i;

	free(f->text);
	free(f->type);
	free(f->side);
	free(f->local);
	free(f->peer);
	free(f->comm);
	free(f->key);
	free(f->actions);
	free(f->snap_dir);
	free(f->snap_error);
	free(f->bad);
	lttr_heavy_log_free(f->log);
	for (i = 0; i < f->nval; i++)
		free(f->val[i].expr);
	memset(f, 0, sizeof(*f));
}

void lttr_firings_free(struct lttr_firing_rec *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		rec_clear(&v[i]);
	free(v);
}

/* a firing's line into @f; false when it lacks what a firing has */
static bool rec_of(json_object *o, struct lttr_firing_rec *f)
{
	json_object *vals = get(o, "values"), *acts = get(o, "actions"), *snap = get(o, "snapshot");
	size_t i, len = 1;

	if (!get(o, "seq") || !get(o, "time_ns") || !get(o, "pid") || !vals ||
	    !json_object_is_type(vals, json_type_array))
		return false;
	f->seq = (uint32_t)u64_of(o, "seq");
	f->rule = (uint32_t)u64_of(o, "rule");
	f->line = (uint32_t)u64_of(o, "line");
	f->text = str_of(o, "text");
	f->time_ns = u64_of(o, "time_ns");
	f->start_ns = u64_of(o, "start_ns");
	f->type = str_of(o, "type");
	f->side = opt_str(o, "side");
	f->local = opt_str(o, "local");
	f->peer = opt_str(o, "peer");
	f->pid = (uint32_t)u64_of(o, "pid");
	f->cpu = (uint32_t)u64_of(o, "cpu");
	f->comm = str_of(o, "comm");
	f->key = str_of(o, "key");
	f->window_truncated = json_object_get_boolean(get(o, "window_truncated"));
	f->suppressed_before = u64_of(o, "suppressed_before");
	for (i = 0; i < json_object_array_length(vals) && i < LTTR_FIRING_MAX_VALUES; i++) {
		json_object *v = json_object_array_get_idx(vals, i), *x = get(v, "value");

		f->val[i].expr = str_of(v, "expr");
		f->val[i].known = x && !json_object_is_type(x, json_type_null);
		f->val[i].value = f->val[i].known ? json_object_get_int64(x) : 0;
		f->val[i].has_samples = get(v, "samples") != NULL;
		f->val[i].samples = u64_of(v, "samples");
		f->nval++;
	}
	for (i = 0; acts && i < json_object_array_length(acts); i++)
		len += strlen(json_object_get_string(json_object_array_get_idx(acts, i))) + 2;
	f->actions = calloc(1, len);
	for (i = 0; f->actions && acts && i < json_object_array_length(acts); i++) {
		if (i)
			strcat(f->actions, ", ");
		strcat(f->actions, json_object_get_string(json_object_array_get_idx(acts, i)));
	}
	if (snap && json_object_is_type(snap, json_type_object)) {
		f->has_snapshot = true;
		f->snap_dir = str_of(snap, "dir");
		f->snap_complete = json_object_get_boolean(get(snap, "complete"));
		f->snap_buffers = u64_of(snap, "buffers");
		f->snap_dropped = u64_of(snap, "dropped_events");
		f->snap_bytes_known = get(snap, "dropped_bytes") != NULL;
		f->snap_dropped_bytes = u64_of(snap, "dropped_bytes");
		if (get(snap, "error") &&
		    json_object_is_type(get(snap, "error"), json_type_string))
			f->snap_error = str_of(snap, "error");
	}
	return f->text && f->type && f->comm && f->key && f->actions &&
	       (!f->has_snapshot || f->snap_dir);
}

/* room for one more record in @v */
static bool grow(struct lttr_firing_rec **v, size_t nv, size_t *cap)
{
	size_t ncap;
	struct lttr_firing_rec *nw;

	if (nv < *cap)
		return true;
	ncap = *cap ? *cap * 2 : 16;
	nw = realloc(*v, ncap * sizeof(*nw));
	if (!nw)
		return false;
	*v = nw;
	*cap = ncap;
	return true;
}

int lttr_firing_line(const char *line, struct lttr_firing_rec *v, size_t nv,
		     struct lttr_firing_rec *f)
{
	json_object *o = json_tokener_parse(line);

	if (!o || !json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		return -1;
	}
	if (get(o, "notify")) {	/* the end of firing N's notify command */
		uint32_t seq = (uint32_t)u64_of(o, "notify");
		json_object *ex = get(o, "exit");
		size_t i;

		for (i = 0; i < nv && v[i].seq != seq; i++)
			;
		if (i < nv) {
			v[i].notified = true;
			v[i].notify_killed = json_object_get_boolean(get(o, "killed"));
			v[i].notify_exit_known = ex && !json_object_is_type(ex, json_type_null);
			v[i].notify_exit = (int)int_of(o, "exit");
		}
		json_object_put(o);
		return 0;
	}
	if (get(o, "log")) {	/* the end of firing N's heavy logging (traced) */
		lttr_heavy_line(o, v, nv);
		json_object_put(o);
		return 0;
	}
	memset(f, 0, sizeof(*f));
	if (!rec_of(o, f)) {
		rec_clear(f);
		json_object_put(o);
		return -2;
	}
	json_object_put(o);
	return 1;
}

/* @all: a line that is not a firing is kept as a record with its error */
static int read_firings(const char *dir, bool all, struct lttr_firing_rec **out, size_t *n,
			struct lttr_error *err)
{
	struct lttr_firing_rec *v = NULL, rec;
	size_t nv = 0, cap = 0, lineno = 0, llen = 0;
	char path[4096], *line = NULL;
	FILE *f;
	int r = 0;

	*out = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/firings.jsonl", dir);
	f = fopen(path, "r");
	if (!f)
		return lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	while (getline(&line, &llen, f) > 0) {
		int k;

		lineno++;
		k = lttr_firing_line(line, v, nv, &rec);
		if (k < 0) {
			if (k == -1)
				r = lttr_error_set(err, LTTR_E_FORMAT, "%s: line %zu is not a JSON object",
						   path, lineno);
			else
				r = lttr_error_set(err, LTTR_E_FORMAT,
						   "%s: line %zu is not a firing (seq, time_ns, pid, values)",
						   path, lineno);
			if (all && grow(&v, nv, &cap)) {
				memset(&v[nv], 0, sizeof(v[nv]));
				v[nv].bad = strdup(err->msg);
				if (v[nv].bad) {
					nv++;
					r = 0;
					continue;
				}
			}
			break;
		}
		if (k == 0)
			continue;
		if (!grow(&v, nv, &cap)) {
			rec_clear(&rec);
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		v[nv++] = rec;
	}
	free(line);
	fclose(f);
	if (r < 0) {
		lttr_firings_free(v, nv);
		return r;
	}
	*out = v;
	*n = nv;
	return 0;
}

const char *lttr_firing_snap_note(const struct lttr_firing_rec *f, char *buf, size_t size)
{
	int len;

	if (!size)
		return buf;
	buf[0] = '\0';
	if (!f->has_snapshot || f->snap_complete)
		return buf;
	len = snprintf(buf, size, "snapshot incomplete: %s",
		       f->snap_error ? f->snap_error : "no error given");
	if (f->snap_bytes_known && len >= 0 && (size_t)len < size)
		snprintf(buf + len, size - len, "; %" PRIu64 " bytes of buffers not written",
			 f->snap_dropped_bytes);
	return buf;
}

const char *lttr_request_side_str(const char *side, const char *local, const char *peer,
				  char *buf, size_t size)
{
	if (!size)
		return buf;
	buf[0] = '\0';
	if (side)
		snprintf(buf, size, "at its %s (%s -> %s)", side, local ? local : "unknown",
			 peer ? peer : "unknown");
	return buf;
}

const char *lttr_firing_side_str(const struct lttr_firing_rec *f, char *buf, size_t size)
{
	return lttr_request_side_str(f->side, f->local, f->peer, buf, size);
}

const char *lttr_firing_peer_str(const struct lttr_firing_rec *f, char *buf, size_t size)
{
	if (!size)
		return buf;
	buf[0] = '\0';
	if (f->side)
		snprintf(buf, size, "%s, peer %s", f->side, f->peer ? f->peer : "unknown");
	return buf;
}

int lttr_firings_read(const char *dir, struct lttr_firing_rec **out, size_t *n,
		      struct lttr_error *err)
{
	return read_firings(dir, false, out, n, err);
}

int lttr_firings_read_all(const char *dir, struct lttr_firing_rec **out, size_t *n,
			  struct lttr_error *err)
{
	return read_firings(dir, true, out, n, err);
}

void lttr_audit_free(struct lttr_audit *a)
{
	if (!a)
		return;
	lttr_explained_free(a->expl);
	lttr_blame_free(a->blame);
	if (a->trace)
		lttr_trace_close(a->trace);
	free(a->trace_dir);
	free(a);
}

/*
 * the symbols that name the code paths' frames (*@out; NULL: addresses):
 * when the trace has stacks, those of the trace read (kallsyms, maps), its
 * ELF files under @symfs when not NULL, as the stacks command opens them
 * (cli_open_syms()); -1 and @why when @symfs cannot be read
 */
static int code_syms(const struct lttr_audit *a, const char *symfs, struct lttr_syms **out,
		     char *why, size_t whylen)
{
	char path[4096];

	*out = NULL;
	if (!lttr_stacks_recorded(a->trace))
		return 0;
	snprintf(path, sizeof(path), "%s/kallsyms", a->trace_dir);
	if (!symfs && access(path, R_OK)) {
		snprintf(path, sizeof(path), "%s/maps", a->trace_dir);
		if (access(path, R_OK))
			return 0;
	}
	*out = lttr_syms_open(a->trace_dir, symfs, why, whylen);
	return *out || !symfs ? 0 : -1;
}

int lttr_audit_firing(const char *dir, const char *symfs, const struct lttr_firing_rec *f,
		      unsigned int n, struct lttr_audit **out, struct lttr_error *err)
{
	struct lttr_syms *syms;
	char why[512];
	struct lttr_audit *a;
	struct lttr_ex_req q;
	struct lttr_error e2;
	size_t len;
	int r;

	*out = NULL;
	a = calloc(1, sizeof(*a));
	len = strlen(dir) + (f->has_snapshot ? strlen(f->snap_dir) : 0) + 2;
	if (a)
		a->trace_dir = malloc(len);
	if (!a || !a->trace_dir) {
		free(a);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	if (f->has_snapshot && f->snap_dir[0] == '/')	/* traced --snapshot-dir */
		snprintf(a->trace_dir, len, "%s", f->snap_dir);
	else if (f->has_snapshot)
		snprintf(a->trace_dir, len, "%s/%s", dir, f->snap_dir);
	else
		snprintf(a->trace_dir, len, "%s", dir);
	r = lttr_trace_open(a->trace_dir, LTTR_OPEN_SALVAGE, &a->trace, err);
	if (r < 0 && f->has_snapshot && !f->snap_complete && r != -LTTR_E_NOMEM) {
		/* the disk was full before its header: the firing is listed, not analysed */
		snprintf(a->why, sizeof(a->why), "its snapshot is incomplete (%.400s) and cannot be "
			 "read: %.500s", f->snap_error ? f->snap_error : "no error given", err->msg);
		a->trace = NULL;
		*out = a;
		return 0;
	}
	if (r < 0) {
		lttr_audit_free(a);
		return r;
	}
	if (f->time_ns <= f->start_ns) {
		snprintf(a->why, sizeof(a->why), "an instant event (%s): no interval to explain",
			 f->type);
		*out = a;
		return 0;
	}
	a->latency_ns = f->time_ns - f->start_ns;
	memset(&q, 0, sizeof(q));
	q.start_ns = f->start_ns;
	q.end_ns = f->time_ns;
	q.pid = f->pid;
	q.cpu = (uint16_t)f->cpu;
	q.scope = LTTR_EXS_TASK;
	if (code_syms(a, symfs, &syms, why, sizeof(why)) < 0) {
		lttr_audit_free(a);
		return lttr_error_set(err, LTTR_E_INVAL, "%s", why);
	}
	r = lttr_blame_compute_syms(a->trace, f->pid, f->start_ns, f->time_ns, n, syms, &a->blame,
				    &e2);
	if (syms && lttr_syms_warning_count(syms))
		snprintf(a->code_warning, sizeof(a->code_warning), "%.400s%s", lttr_syms_warning(syms, 0),
			 lttr_syms_warning_count(syms) > 1 ? " (and more)" : "");
	lttr_syms_close(syms);
	if (r == -LTTR_E_INVAL) {	/* the instance is not (wholly) in the snapshot */
		snprintf(a->why, sizeof(a->why), "%.*s", (int)sizeof(a->why) - 1, e2.msg);
		*out = a;
		return 0;
	}
	if (r < 0) {
		*err = e2;
		lttr_audit_free(a);
		return r;
	}
	r = lttr_explain(a->trace, &q, 1, &a->expl, err);
	if (r < 0) {
		lttr_audit_free(a);
		return r;
	}
	a->analysed = true;
	*out = a;
	return 0;
}

double lttr_blame_share(const struct lttr_blame *b, size_t i)
{
	uint64_t len = b->to_ns - b->from_ns;

	return len ? 100.0 * (double)b->party[i].blame_ns / (double)len : 0;
}

const char *lttr_blame_party_str(const struct lttr_blame *b, size_t i, char *buf, size_t size)
{
	const struct lttr_blame_party *p = &b->party[i];

	switch (p->kind) {
	case LTTR_BLAME_TASK:
		snprintf(buf, size, "task %u %s", p->pid, lttr_timing_task_name(b->acct, p->pid));
		break;
	case LTTR_BLAME_IRQ:
		snprintf(buf, size, "irq %u%s", p->what, p->sysvec ? " (vector)" : "");
		break;
	case LTTR_BLAME_SOFTIRQ:
		snprintf(buf, size, "softirq %u", p->what);
		break;
	default:
		snprintf(buf, size, "unknown (no data, or task %u not alive)", p->pid);
		break;
	}
	return buf;
}

double lttr_blame_code_share(const struct lttr_blame *b, size_t i)
{
	uint64_t len = b->to_ns - b->from_ns;

	return len ? 100.0 * (double)b->code[i].blame_ns / (double)len : 0;
}

const char *lttr_blame_code_unavailable(const struct lttr_blame *b)
{
	return b->code_known ? NULL :
		"unavailable: the trace has no stacks (traced --stacks, docs/stacks.md)";
}

const char *lttr_audit_rows(const struct lttr_blame *b, char *buf, size_t size)
{
	size_t i, len = 0;

	if (!size)
		return NULL;
	buf[0] = '\0';
	for (i = 0; i < b->nparty; i++) {
		const struct lttr_blame_party *p = &b->party[i];
		int w;

		if (!p->top || p->kind != LTTR_BLAME_TASK)
			continue;
		w = snprintf(buf + len, size - len, "%spid == %u", len ? " || " : "", p->pid);
		if (w < 0 || (size_t)w >= size - len)
			return NULL;
		len += (size_t)w;
	}
	return buf;
}

/* a growing text, lines joined by '\n' (false: out of memory) */
struct text {
	char *s;
	size_t len;
	bool failed;
};

static void addf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void addf(struct text *t, const char *fmt, ...)
{
	va_list ap;
	char line[1024];
	size_t n;
	char *ns;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	n = strlen(line);
	ns = realloc(t->s, t->len + n + 2);
	if (!ns) {
		t->failed = true;
		return;
	}
	t->s = ns;
	if (t->len)
		t->s[t->len++] = '\n';
	memcpy(t->s + t->len, line, n + 1);
	t->len += n;
}

/* the explanation's items shown in the text (audit prints as many) */
#define LESSON_ITEMS 12

int lttr_audit_lesson(const struct lttr_firing_rec *f, const struct lttr_audit *a,
		      struct lttr_lesson **out, struct lttr_error *err)
{
	const struct lttr_blame *b = a->blame;
	const struct lttr_explanation *e;
	struct lttr_lesson *l;
	struct lttr_lesson_step *st;
	struct text t = { 0 };
	char buf[384], rows[1024], who[96];
	size_t i;

	*out = NULL;
	if (!a->analysed)
		return lttr_error_set(err, LTTR_E_INVAL, "firing %u: not analysed: %s", f->seq,
				      a->why);
	e = &a->expl->v[0];
	lttr_firing_side_str(f, buf, sizeof(buf));	/* a request's side, as audit says it */
	addf(&t, "%s%s%s of task %u %s on cpu %u: %.3f us (%s)", f->type, buf[0] ? " " : "", buf,
	     f->pid, f->comm, f->cpu, (double)a->latency_ns / 1e3, a->trace_dir);
	snprintf(buf, sizeof(buf), "condition:");
	for (i = 0; i < f->nval; i++) {
		size_t len = strlen(buf);

		if (f->val[i].known)
			snprintf(buf + len, sizeof(buf) - len, "%s %s = %" PRId64, i ? "," : "",
				 f->val[i].expr, f->val[i].value);
		else
			snprintf(buf + len, sizeof(buf) - len, "%s %s = unknown", i ? "," : "",
				 f->val[i].expr);
	}
	addf(&t, "%s", buf);
	addf(&t, "critical blame (* the %u selected, highlighted):", b->n);
	for (i = 0; i < b->nparty; i++)
		addf(&t, "%s %zu  %s  %.3f us  %.1f %%  %s", b->party[i].top ? "*" : " ", i + 1,
		     lttr_blame_party_str(b, i, who, sizeof(who)),
		     (double)b->party[i].blame_ns / 1e3, lttr_blame_share(b, i),
		     b->party[i].critical ? "on the critical path" : "off the path");
	if (b->unblamed_ns)
		addf(&t, "(%.3f us blamed on nobody)", (double)b->unblamed_ns / 1e3);
	if (!b->code_known)
		addf(&t, "code paths: %s", lttr_blame_code_unavailable(b));
	else
		addf(&t, "code paths (their %u leaf frames%s):", LTTR_BLAME_CODE_FRAMES,
		     b->code_named ? "" : ", as addresses");
	for (i = 0; i < b->ncode; i++)
		addf(&t, "%s %zu  %.3f us  %.1f %%  %s", b->code[i].top ? "*" : " ", i + 1,
		     (double)b->code[i].blame_ns / 1e3, lttr_blame_code_share(b, i),
		     b->code[i].name);
	if (b->code_known && b->nostack_ns)
		addf(&t, "(%.3f us without a recorded stack)", (double)b->nostack_ns / 1e3);
	if (a->code_warning[0])
		addf(&t, "warning: %s", a->code_warning);
	addf(&t, "the instance explained (the parts add up to %.3f us):",
	     (double)a->latency_ns / 1e3);
	for (i = 0; i < e->ntot; i++)
		addf(&t, "  %.3f us %.1f%%  %s (%" PRIu64 " piece%s)", (double)e->tot[i].ns / 1e3,
		     lttr_ex_total_pct(e, &e->tot[i]),
		     lttr_ex_total_str(a->trace, a->expl->acct, &e->tot[i], buf, sizeof(buf)),
		     e->tot[i].count, e->tot[i].count == 1 ? "" : "s");
	for (i = 0; i < e->n && i < LESSON_ITEMS; i++)
		addf(&t, "    %.9f +%.3f us  %s", tt_rel(a->trace, e->v[i].start_ns),
		     (double)(e->v[i].end_ns - e->v[i].start_ns) / 1e3,
		     lttr_ex_item_str(a->trace, a->expl->acct, &e->v[i], buf, sizeof(buf)));
	if (e->n > LESSON_ITEMS)
		addf(&t, "    ... %zu more pieces (audit --json lists them all)",
		     e->n - LESSON_ITEMS);
	if (!lttr_audit_rows(b, rows, sizeof(rows)))
		rows[0] = '\0';
	l = calloc(1, sizeof(*l));
	st = calloc(1, sizeof(*st));
	if (l) {
		l->steps = st;
		l->nsteps = st ? 1 : 0;
		snprintf(buf, sizeof(buf), "firing %u: %s", f->seq, f->text);
		l->title = strdup(buf);
	}
	if (st) {
		snprintf(buf, sizeof(buf), "its instance, %.3f us, and who is to blame",
			 (double)a->latency_ns / 1e3);
		st->title = strdup(buf);
		st->text = t.s;
		t.s = NULL;
		snprintf(buf, sizeof(buf), "pid == %u && time_ns >= %" PRIu64, f->pid, f->start_ns);
		st->at = strdup(buf);
		st->span_ns = 3 * a->latency_ns;
		st->rows = rows[0] ? strdup(rows) : NULL;
		st->line = f->seq;
	}
	free(t.s);
	if (!l || !st || !l->title || !st->title || !st->text || !st->at ||
	    (rows[0] && !st->rows) || t.failed) {
		if (l)
			lttr_lesson_free(l);
		else
			free(st);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	*out = l;
	return 0;
}

/* what a party and a code path both say of their blame */
static void blame_fields(struct lttr_json *j, uint64_t blame_ns, double share,
			 uint64_t active_ns, bool critical, bool top)
{
	char num[32];

	lttr_json_key(j, "blame_ns");
	lttr_json_u64(j, blame_ns);
	snprintf(num, sizeof(num), "%.3f", share);
	lttr_json_key(j, "share");
	lttr_json_number(j, num);
	lttr_json_key(j, "active_ns");
	lttr_json_u64(j, active_ns);
	lttr_json_key(j, "critical");
	lttr_json_bool(j, critical);
	lttr_json_key(j, "top");
	lttr_json_bool(j, top);
}

static void json_blame(struct lttr_json *j, const struct lttr_blame *b)
{
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_key(j, "n");
	lttr_json_u64(j, b->n);
	lttr_json_key(j, "unblamed_ns");
	lttr_json_u64(j, b->unblamed_ns);
	lttr_json_key(j, "parties");
	lttr_json_begin_array(j);
	for (i = 0; i < b->nparty; i++) {
		const struct lttr_blame_party *p = &b->party[i];

		lttr_json_begin_object(j);
		lttr_json_key(j, "kind");
		lttr_json_string(j, lttr_blame_kind_name(p->kind));
		if (p->kind == LTTR_BLAME_TASK || p->kind == LTTR_BLAME_UNKNOWN) {
			lttr_json_key(j, "pid");
			lttr_json_u64(j, p->pid);
			lttr_json_key(j, "comm");
			lttr_json_string(j, lttr_timing_task_name(b->acct, p->pid));
		} else {
			lttr_json_key(j, p->kind == LTTR_BLAME_IRQ ? "irq" : "vector");
			lttr_json_u64(j, p->what);
			if (p->kind == LTTR_BLAME_IRQ) {
				lttr_json_key(j, "sysvec");
				lttr_json_bool(j, p->sysvec);
			}
		}
		blame_fields(j, p->blame_ns, lttr_blame_share(b, i), p->active_ns, p->critical,
			     p->top);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "sites");
	lttr_json_begin_array(j);
	for (i = 0; i < b->nsite; i++) {
		const struct lttr_blame_site *s = &b->site[i];

		lttr_json_begin_object(j);
		lttr_json_key(j, "pid");
		lttr_json_u64(j, s->pid);
		lttr_json_key(j, "state");
		lttr_json_string(j, lttr_cp_state_name(s->state, s->reason));
		lttr_json_key(j, "mode");
		lttr_json_string(j, lttr_mode_name(s->mode));
		lttr_json_key(j, "syscall");
		if (s->mode == LTTR_MODE_SYSCALL)
			lttr_json_string(j, lttr_syscall_name(s->what));
		else
			lttr_json_null(j);
		lttr_json_key(j, "blame_ns");
		lttr_json_u64(j, s->blame_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "code_paths");
	if (!b->code_known) {
		lttr_json_null(j);
		lttr_json_key(j, "code_paths_unavailable");
		lttr_json_string(j, lttr_blame_code_unavailable(b));
		lttr_json_end_object(j);
		return;
	}
	lttr_json_begin_object(j);
	lttr_json_key(j, "frames");
	lttr_json_u64(j, LTTR_BLAME_CODE_FRAMES);
	lttr_json_key(j, "named");
	lttr_json_bool(j, b->code_named);
	lttr_json_key(j, "no_stack_ns");
	lttr_json_u64(j, b->nostack_ns);
	lttr_json_key(j, "paths");
	lttr_json_begin_array(j);
	for (i = 0; i < b->ncode; i++) {
		const struct lttr_blame_code *c = &b->code[i];

		lttr_json_begin_object(j);
		lttr_json_key(j, "path");
		lttr_json_string(j, c->name);
		blame_fields(j, c->blame_ns, lttr_blame_code_share(b, i), c->active_ns,
			     c->critical, c->top);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
	lttr_json_end_object(j);
}

void lttr_json_audit(struct lttr_json *j, const struct lttr_firing_rec *f,
		     const struct lttr_audit *a)
{
	size_t i;

	lttr_json_begin_object(j);
	lttr_json_key(j, "seq");
	lttr_json_u64(j, f->seq);
	lttr_json_key(j, "rule");
	lttr_json_u64(j, f->rule);
	lttr_json_key(j, "line");
	lttr_json_u64(j, f->line);
	lttr_json_key(j, "text");
	lttr_json_string(j, f->text);
	lttr_json_key(j, "time_ns");
	lttr_json_u64(j, f->time_ns);
	lttr_json_key(j, "start_ns");
	lttr_json_u64(j, f->start_ns);
	lttr_json_key(j, "type");
	lttr_json_string(j, f->type);
	if (f->side) {		/* a request: its side and its socket's endpoints */
		lttr_json_key(j, "side");
		lttr_json_string(j, f->side);
		lttr_json_key(j, "local");
		if (f->local)
			lttr_json_string(j, f->local);
		else
			lttr_json_null(j);
		lttr_json_key(j, "peer");
		if (f->peer)
			lttr_json_string(j, f->peer);
		else
			lttr_json_null(j);
	}
	lttr_json_key(j, "pid");
	lttr_json_u64(j, f->pid);
	lttr_json_key(j, "comm");
	lttr_json_string(j, f->comm);
	lttr_json_key(j, "values");
	lttr_json_begin_array(j);
	for (i = 0; i < f->nval; i++) {
		lttr_json_begin_object(j);
		lttr_json_key(j, "expr");
		lttr_json_string(j, f->val[i].expr);
		lttr_json_key(j, "value");
		if (f->val[i].known)
			lttr_json_i64(j, f->val[i].value);
		else
			lttr_json_null(j);
		if (f->val[i].has_samples) {
			lttr_json_key(j, "samples");
			lttr_json_u64(j, f->val[i].samples);
		}
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "snapshot");
	if (f->has_snapshot) {
		lttr_json_begin_object(j);
		lttr_json_key(j, "dir");
		lttr_json_string(j, f->snap_dir);
		lttr_json_key(j, "complete");
		lttr_json_bool(j, f->snap_complete);
		lttr_json_key(j, "dropped_events");
		lttr_json_u64(j, f->snap_dropped);
		lttr_json_key(j, "dropped_bytes");
		if (f->snap_bytes_known)
			lttr_json_u64(j, f->snap_dropped_bytes);
		else
			lttr_json_null(j);
		lttr_json_key(j, "error");
		if (f->snap_error)
			lttr_json_string(j, f->snap_error);
		else
			lttr_json_null(j);
		lttr_json_end_object(j);
	} else {
		lttr_json_null(j);
	}
	lttr_json_key(j, "heavy_log");
	lttr_json_heavy_log(j, f);
	lttr_json_key(j, "instance");
	if (!a) {
		lttr_json_null(j);
		lttr_json_end_object(j);
		return;
	}
	lttr_json_begin_object(j);
	lttr_json_key(j, "trace");
	lttr_json_string(j, a->trace_dir);
	lttr_json_key(j, "analysed");
	lttr_json_bool(j, a->analysed);
	if (!a->analysed) {
		lttr_json_key(j, "why");
		lttr_json_string(j, a->why);
	} else {
		lttr_json_key(j, "latency_ns");
		lttr_json_u64(j, a->latency_ns);
		lttr_json_key(j, "explanation");
		lttr_json_explanation(j, a->trace, a->expl->acct, &a->expl->v[0]);
		lttr_json_key(j, "blame");
		json_blame(j, a->blame);
		lttr_json_key(j, "code_paths_warning");
		if (a->code_warning[0])
			lttr_json_string(j, a->code_warning);
		else
			lttr_json_null(j);
	}
	lttr_json_end_object(j);
	lttr_json_end_object(j);
}

/* the start_ns of @dir's header file as traced wrote it (@dflt if unreadable) */
static uint64_t written_start(const char *dir, uint64_t dflt)
{
	char path[4096];
	uint64_t v;
	FILE *f;

	snprintf(path, sizeof(path), "%s/header", dir);
	f = fopen(path, "rb");
	if (!f)
		return dflt;
	if (fseek(f, (long)offsetof(struct ltt_trace_header, start_ns), SEEK_SET) < 0 ||
	    fread(&v, sizeof(v), 1, f) != 1)
		v = dflt;
	fclose(f);
	return v;
}

/* a task's name as the trace gives it at a time (the table kept along) */
static const char *run_comm(void *arg, uint32_t pid, uint64_t time_ns)
{
	const char *n = lttr_ptable_name_at(arg, pid, time_ns);

	return n && *n ? n : NULL;
}

/*
 * The trace's gaps of lost events told to the rules (lttr_rules_gap()):
 * before a buffer that counts lost events or follows missing or damaged
 * ones (from the CPU's last record before: a damaged buffer's start, its
 * records' end unknown), and after a CPU's last buffer when events were
 * lost after it or the file was cut short (until the trace's end).
 */
static int tell_gaps(struct lttr_trace *t, struct lttr_rules *r, uint64_t start, uint64_t end)
{
	unsigned int cpu, ncpus = lttr_trace_header(t)->ncpus;

	for (cpu = 0; cpu < ncpus && cpu < LTT_MAX_CPUS; cpu++) {
		size_t j, n = lttr_trace_buffer_count(t, cpu);
		struct lttr_buffer_info bi;
		uint64_t last = start;
		bool damaged = false;

		for (j = 0; j < n; j++) {
			if (lttr_trace_buffer(t, cpu, j, &bi))
				continue;
			if ((bi.lost || bi.missing || damaged) &&
			    lttr_rules_gap(r, last, bi.start_ns) < 0)
				return -1;
			damaged = bi.truncated || bi.valid_size < bi.data_size;
			if (damaged)
				last = bi.start_ns;
			else if (bi.valid_size)
				last = bi.end_ns;
		}
		if ((damaged || lttr_trace_lost_tail(t, cpu) || lttr_trace_cpu_cut(t, cpu)) &&
		    lttr_rules_gap(r, last, end) < 0)
			return -1;
	}
	return 0;
}

long lttr_rules_run(const char *dir, struct lttr_rules *r,
		    void (*fire)(void *arg, const struct lttr_firing *f), void *arg,
		    struct lttr_error *err)
{
	const struct ltt_trace_header *h;
	struct lttr_filter_ctx ctx;
	struct lttr_ptable *pt;
	struct lttr_trace *t;
	struct lttr_iter *it;
	struct lttr_event ev;
	long n = 0;
	int rc;

	rc = lttr_trace_open(dir, LTTR_OPEN_SALVAGE, &t, err);
	if (rc < 0)
		return rc;
	rc = lttr_rules_machine(r, lttr_trace_machine(t), err);
	if (rc < 0) {
		lttr_trace_close(t);
		return rc;
	}
	h = lttr_trace_header(t);
	pt = lttr_ptable_new(lttr_trace_proc(t));
	if (!pt) {
		lttr_trace_close(t);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	ctx = (struct lttr_filter_ctx){ .t = t, .comm = run_comm, .arg = pt };
	/*
	 * the ticks from the start traced wrote, as its rules counted them
	 * (the reader moves the trace's start to its earliest first buffer)
	 */
	lttr_rules_start(r, written_start(dir, h->start_ns));
	if (tell_gaps(t, r, h->start_ns, h->end_ns) < 0) {
		lttr_ptable_free(pt);
		lttr_trace_close(t);
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	}
	rc = lttr_iter_new(t, &it, err);
	if (rc < 0) {
		lttr_ptable_free(pt);
		lttr_trace_close(t);
		return rc;
	}
	while ((rc = lttr_iter_next(it, &ev)) > 0) {
		if (lttr_ptable_apply(pt, &ev) < 0) {
			rc = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			break;
		}
		n += lttr_rules_feed(r, &ctx, &ev, fire, arg);
	}
	if (rc < 0 && rc != -LTTR_E_NOMEM)
		*err = *lttr_iter_error(it);
	else if (rc >= 0)
		n += lttr_rules_advance(r, &ctx, h->end_ns, fire, arg);
	lttr_iter_free(it);
	lttr_ptable_free(pt);
	lttr_trace_close(t);
	return rc < 0 ? rc : n;
}
