// SPDX-License-Identifier: GPL-2.0
/*
 * lesson.c - the lessons' file format (lttr/view/lesson.h): a line-based
 * "key: value" text parsed with the line and column of every mistake, and
 * a step shown in a session (the cursor at its event or time, the window
 * of its span, its rows highlighted by the session's filter).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/lesson.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include <lttr/view/session.h>
#include <lttr/view/view.h>
#include <lttr/units/duration.h>
#include <lttr/reader/trace.h>

#define LESSON_MAX_STEPS 1000
#define LESSON_MAX_TEXT 65536

void lttr_lesson_free(struct lttr_lesson *l)
{
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->nsteps; i++) {
		free(l->steps[i].title);
		free(l->steps[i].text);
		free(l->steps[i].at);
		free(l->steps[i].rows);
	}
	free(l->steps);
	free(l->title);
	free(l->trace);
	free(l->dir);
	free(l);
}

static int bad(struct lttr_error *err, const char *file, unsigned int line, size_t col,
	       const char *what)
{
	return lttr_error_set(err, LTTR_E_FORMAT, "%s:%u:%zu: %s", file, line, col, what);
}

/* a filter expression checked: its error at @col */
static int check_filter(const char *expr, const char *file, unsigned int line, size_t col,
			struct lttr_error *err)
{
	struct lttr_filter *f = NULL;
	struct lttr_error ferr;
	int rc = lttr_filter_compile(expr, &f, &ferr);

	lttr_filter_free(f);
	if (rc == -LTTR_E_NOMEM)
		return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", file);
	if (rc)
		return lttr_error_set(err, LTTR_E_FORMAT, "%s:%u:%zu: not a filter: %s", file,
				      line, col, ferr.msg);
	return 0;
}

/*
 * the text of a step: the lines of a paragraph joined by a space, an empty
 * text line a paragraph's end ('\n')
 */
static int append(char **text, const char *add)
{
	size_t a = *text ? strlen(*text) : 0, b = strlen(add);
	char *n;

	if (a + b + 2 > LESSON_MAX_TEXT)
		return -1;
	n = realloc(*text, a + b + 2);
	if (!n)
		return -1;
	if (!b && *text)
		n[a++] = '\n';
	else if (a && n[a - 1] != '\n')
		n[a++] = ' ';
	memcpy(n + a, add, b + 1);
	*text = n;
	return 0;
}

/* the step just ended must have text */
static int step_done(const struct lttr_lesson *l, const char *file, struct lttr_error *err)
{
	const struct lttr_lesson_step *st;

	if (!l->nsteps)
		return 0;
	st = &l->steps[l->nsteps - 1];
	if (!st->text)
		return bad(err, file, st->line, 1, "this step has no \"text:\"");
	return 0;
}

static int parse_line(struct lttr_lesson *l, char *line, unsigned int ln, const char *file,
		      struct lttr_error *err)
{
	static const char *const keys[] = { "title", "trace", "step", "text", "at", "time", "span",
		"rows" };
	struct lttr_lesson_step *st = l->nsteps ? &l->steps[l->nsteps - 1] : NULL;
	char *colon, *val, **dst = NULL;
	size_t k, klen, col;

	for (k = 0; line[k] && line[k] != ':' && line[k] != ' ' && line[k] != '\t'; k++)
		;
	klen = k;
	if (line[k] != ':')
		return bad(err, file, ln, k + 1, klen ? "\":\" expected after the key" :
			   "a key expected (title, trace, step, text, at, time, span, rows)");
	colon = line + k;
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (strlen(keys[k]) == klen && !strncmp(line, keys[k], klen))
			break;
	if (k == sizeof(keys) / sizeof(keys[0]))
		return bad(err, file, ln, 1, "unknown key (title, trace, step, text, at, time, "
			   "span, rows)");
	val = colon + 1;
	while (*val == ' ' || *val == '\t')
		val++;
	col = (size_t)(val - line) + 1;
	{
		size_t n = strlen(val);

		while (n && (val[n - 1] == ' ' || val[n - 1] == '\t' || val[n - 1] == '\r'))
			val[--n] = '\0';
	}
	if (!*val && k != 3)	/* an empty text line is an empty line of the paragraph */
		return bad(err, file, ln, col, "a value expected after \":\"");
	if (k >= 3 && !st)
		return bad(err, file, ln, 1, "this key belongs to a step: \"step:\" first");
	switch (k) {
	case 0:
	case 1:
		if (st)
			return bad(err, file, ln, 1, "title and trace come before the first step");
		dst = k ? &l->trace : &l->title;
		if (*dst)
			return bad(err, file, ln, 1, "this key is already given");
		break;
	case 2: {
		struct lttr_lesson_step *n;

		if (!l->title)
			return bad(err, file, ln, 1, "the lesson's \"title:\" comes first");
		if (step_done(l, file, err))
			return -err->code;
		if (l->nsteps >= LESSON_MAX_STEPS)
			return bad(err, file, ln, 1, "more than 1000 steps");
		n = realloc(l->steps, (l->nsteps + 1) * sizeof(*n));
		if (!n)
			return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", file);
		l->steps = n;
		st = &n[l->nsteps++];
		memset(st, 0, sizeof(*st));
		st->line = ln;
		dst = &st->title;
		break;
	}
	case 3:
		if (append(&st->text, val))
			return lttr_error_set(err, LTTR_E_NOMEM, "%s:%u: the text is too long",
					      file, ln);
		return 0;
	case 4:
	case 7:
		dst = k == 4 ? &st->at : &st->rows;
		if (*dst)
			return bad(err, file, ln, 1, "this key is already given in this step");
		if (k == 4 && st->has_time)
			return bad(err, file, ln, 1, "a step has \"at:\" or \"time:\", not both");
		if (check_filter(val, file, ln, col, err))
			return -err->code;
		break;
	case 5:
	case 6: {
		uint64_t ns;

		if ((k == 5 && st->has_time) || (k == 6 && st->span_ns))
			return bad(err, file, ln, 1, "this key is already given in this step");
		if (k == 5 && st->at)
			return bad(err, file, ln, 1, "a step has \"at:\" or \"time:\", not both");
		if (lttr_parse_duration(val, &ns))
			return bad(err, file, ln, col, "not a duration (" LTTR_DURATION_FORM ")");
		if (k == 6 && !ns)
			return bad(err, file, ln, col, "a span of 0 shows nothing");
		if (k == 5) {
			st->has_time = true;
			st->time_ns = ns;
		} else {
			st->span_ns = ns;
		}
		return 0;
	}
	}
	*dst = strdup(val);
	if (!*dst)
		return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", file);
	return 0;
}

int lttr_lesson_parse(const char *text, size_t len, const char *file, struct lttr_lesson **out,
		      struct lttr_error *err)
{
	struct lttr_lesson *l;
	unsigned int ln = 0;
	size_t p = 0;
	char *line = NULL;
	int rc = 0;

	*out = NULL;
	l = calloc(1, sizeof(*l));
	if (!l)
		return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", file);
	while (p < len && !rc) {
		const char *nl = memchr(text + p, '\n', len - p);
		size_t n = nl ? (size_t)(nl - text - p) : len - p;

		ln++;
		if (memchr(text + p, '\0', n)) {
			rc = bad(err, file, ln, (size_t)((const char *)memchr(text + p, '\0', n) -
							 (text + p)) + 1, "a NUL byte");
			break;
		}
		free(line);
		line = malloc(n + 1);
		if (!line) {
			rc = lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", file);
			break;
		}
		memcpy(line, text + p, n);
		line[n] = '\0';
		p += n + 1;
		if (n && line[n - 1] == '\r')
			line[n - 1] = '\0';
		if (line[0] == '#' || !line[strspn(line, " \t")])
			continue;
		rc = parse_line(l, line, ln, file, err);
	}
	free(line);
	if (!rc && !l->title)
		rc = bad(err, file, ln ? ln : 1, 1, "no \"title:\"");
	if (!rc && !l->nsteps)
		rc = bad(err, file, ln ? ln : 1, 1, "no \"step:\"");
	if (!rc)
		rc = step_done(l, file, err);
	if (rc) {
		lttr_lesson_free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int lttr_lesson_load(const char *path, struct lttr_lesson **out, struct lttr_error *err)
{
	FILE *f = fopen(path, "r");
	char *text = NULL, *slash;
	size_t len = 0, cap = 0;
	int rc;

	*out = NULL;
	if (!f)
		return lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	for (;;) {
		size_t n;

		if (len + 4096 > cap) {
			char *t;

			if (cap > (size_t)16 << 20) {
				fclose(f);
				free(text);
				return lttr_error_set(err, LTTR_E_FORMAT, "%s: larger than 16 MiB",
						      path);
			}
			t = realloc(text, cap = cap * 2 + 4096);
			if (!t) {
				fclose(f);
				free(text);
				return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", path);
			}
			text = t;
		}
		n = fread(text + len, 1, cap - len, f);
		len += n;
		if (!n)
			break;
	}
	if (ferror(f)) {
		fclose(f);
		free(text);
		return lttr_error_set(err, LTTR_E_IO, "%s: read error", path);
	}
	fclose(f);
	rc = lttr_lesson_parse(text, len, path, out, err);
	free(text);
	if (rc)
		return rc;
	(*out)->dir = strdup(path);
	if (!(*out)->dir) {
		lttr_lesson_free(*out);
		*out = NULL;
		return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", path);
	}
	slash = strrchr((*out)->dir, '/');
	if (slash)
		slash[slash == (*out)->dir ? 1 : 0] = '\0';
	else
		strcpy((*out)->dir, ".");
	return 0;
}

static bool is_file(const char *p)
{
	FILE *f = fopen(p, "r");

	if (f)
		fclose(f);
	return f != NULL;
}

const char *lttr_lesson_find(const char *name, const char *dflt, char *buf, size_t size)
{
	const char *dirs[2] = { getenv("LTTR_LESSON_DIR"), dflt };
	size_t n = strlen(name), i;

	if (strchr(name, '/') || (n > 7 && !strcmp(name + n - 7, ".lesson"))) {
		if ((size_t)snprintf(buf, size, "%s", name) >= size)
			return NULL;
		return buf;
	}
	for (i = 0; i < 2; i++)
		if (dirs[i] && *dirs[i] &&
		    (size_t)snprintf(buf, size, "%s/%s.lesson", dirs[i], name) < size &&
		    is_file(buf))
			return buf;
	return NULL;
}

const char *lttr_lesson_trace(const struct lttr_lesson *l, char *buf, size_t size)
{
	int n;

	if (!l->trace)
		return NULL;
	if (l->trace[0] == '/' || !l->dir)
		n = snprintf(buf, size, "%s", l->trace);
	else
		n = snprintf(buf, size, "%s/%s", l->dir, l->trace);
	return n >= 0 && (size_t)n < size ? buf : NULL;
}

int lttr_lesson_apply(struct lttr_session *s, const struct lttr_lesson *l, size_t i,
		      unsigned int *what, struct lttr_error *err)
{
	const struct lttr_lesson_step *st;
	unsigned int w = 0;
	uint64_t t;
	uint32_t pid = 0;
	bool has_t = false;
	struct lttr_error ferr;

	if (what)
		*what = 0;
	if (i >= l->nsteps)
		return lttr_error_set(err, LTTR_E_INVAL, "no step %zu: the lesson has %zu", i + 1,
				      l->nsteps);
	st = &l->steps[i];
	if (st->at) {
		struct lttr_filter *f = NULL;
		struct lttr_event ev;
		int rc = lttr_filter_compile(st->at, &f, err);

		if (rc)
			return rc;
		rc = lttr_view_find(s->v, f, NULL, true, 1, NULL, NULL, &ev, NULL, err);
		lttr_filter_free(f);
		if (rc < 0)
			return rc;
		if (!rc)
			return lttr_error_set(err, LTTR_E_INVAL,
					      "step %zu (line %u): no event matches \"at: %s\"",
					      i + 1, st->line, st->at);
		t = ev.time_ns;
		pid = ev.pid;
		has_t = true;
	} else if (st->has_time) {
		t = lttr_trace_header(s->t)->start_ns + st->time_ns;
		has_t = true;
	} else {
		t = s->vp.cursor;
	}
	lttr_error_clear(&ferr);
	w |= lttr_session_set_filter(s, st->rows, &ferr);
	if (ferr.code)
		return lttr_error_set(err, LTTR_E_INVAL, "step %zu (line %u): %s", i + 1, st->line,
				      ferr.msg);
	w |= lttr_session_set_filter_hide(s, false);
	if (st->span_ns) {
		uint64_t half = st->span_ns / 2;

		w |= lttr_session_show(s, t > half ? t - half : 0, t + (st->span_ns - half));
	}
	if (has_t)
		w |= lttr_session_set_cursor(s, t);
	if (pid)
		w |= lttr_session_select_pid(s, pid, -1);
	if (what)
		*what = w;
	return 0;
}
