// SPDX-License-Identifier: GPL-2.0
/*
 * describe.c - human-readable descriptions of events, built from the
 * field table (lttr/reader/fields.h): each event id's text template, its
 * fields' values and their display kinds.  Nothing here knows a payload
 * struct.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <lttr/lttr.h>

/* text appended to a buffer; len is the length the whole text needs */
struct sbuf {
	char *buf;
	size_t size;
	size_t len;
};

static void sb_printf(struct sbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b->len < b->size ? b->buf + b->len : NULL,
		      b->len < b->size ? b->size - b->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

/* @n bytes of @s, up to a NUL */
static void sb_text(struct sbuf *b, const char *s, size_t n)
{
	n = strnlen(s, n);
	sb_printf(b, "%.*s", (int)n, s);
}

/*
 * A task state as ps and ftrace letter it (Linux's __state when switched
 * out): R+ still runnable (preempted), S sleeping, D uninterruptible, I
 * idle (uninterruptible, not counted in the load), T stopped, t traced, P
 * parked, X dead (its last switch out); "?" for anything else.
 */
static const char *task_state_letter(int32_t st)
{
	if (st == 0)
		return "R+";
	if ((st & 0x402) == 0x402)
		return "I";
	if (st & 0x80)
		return "X";
	if (st & 0x1)
		return "S";
	if (st & 0x2)
		return "D";
	if (st & 0x4)
		return "T";
	if (st & 0x8)
		return "t";
	if (st & 0x40)
		return "P";
	return "?";
}

/* the decoded fields of an instance of a custom fields type: " a=1 b=0x2" */
static void custom_fields_text(const struct lttr_trace *t,
			       const struct lttr_event *ev, struct sbuf *b)
{
	struct lttr_custom_inst ci;
	const struct lttr_custom_type *ty;
	unsigned int i;

	lttr_custom_inst_decode(t, ev, &ci);
	ty = ci.ty;
	if (!ty || ty->error || ty->kind != LTT_CUSTOM_FIELDS)
		return;
	for (i = 0; i < ci.n; i++) {
		const struct lttr_custom_value *v = &ci.vals[i];

		switch (v->field->type) {
		case LTTR_CF_S8: case LTTR_CF_S16:
		case LTTR_CF_S32: case LTTR_CF_S64:
			sb_printf(b, " %s=%" PRId64, v->field->name, v->s);
			break;
		case LTTR_CF_X32: case LTTR_CF_X64:
			sb_printf(b, " %s=0x%" PRIx64, v->field->name, v->u);
			break;
		case LTTR_CF_STR:
			sb_printf(b, " %s=\"%.*s\"", v->field->name,
				  (int)v->len, v->str);
			break;
		default:
			sb_printf(b, " %s=%" PRIu64, v->field->name, v->u);
			break;
		}
	}
}

/* what a template is expanded for */
struct expand {
	const struct lttr_trace *t;
	const struct lttr_event *ev;
	struct sbuf *b;
};

/* the field of the template name @name (@len bytes), NULL if none */
static const struct lttr_field *field_named(const struct lttr_event *ev,
					    const char *name, size_t len)
{
	char key[32];

	if (len >= sizeof(key))
		return NULL;
	memcpy(key, name, len);
	key[len] = '\0';
	return lttr_field_find(ev->id, key);
}

/* the display kind named @name (@len bytes), or -1 */
static int disp_named(const char *name, size_t len)
{
	int d;

	for (d = LTTR_FIELD_DISP_PLAIN; d <= LTTR_FIELD_DISP_LAST; d++) {
		const char *n = lttr_field_disp_name((enum lttr_field_disp)d);

		if (strlen(n) == len && !memcmp(n, name, len))
			return d;
	}
	return -1;
}

/* the value @v of field @f as display kind @disp shows it */
static void value_text(const struct expand *x, const struct lttr_field *f,
		       const struct lttr_field_value *v, enum lttr_field_disp disp)
{
	uint64_t raw, mask;
	size_t i, n;

	if (disp != LTTR_FIELD_DISP_PLAIN && disp != LTTR_FIELD_DISP_COUNT &&
	    lttr_field_raw(x->ev, f, &raw)) {
		mask = f->size >= 8 ? UINT64_MAX : (1ULL << (8 * f->size)) - 1;
		switch (disp) {
		case LTTR_FIELD_DISP_HEX:
			sb_printf(x->b, "0x%" PRIx64, raw & mask);
			return;
		case LTTR_FIELD_DISP_HEX_FULL:
			sb_printf(x->b, "0x%0*" PRIx64, 2 * f->size, raw & mask);
			return;
		case LTTR_FIELD_DISP_OCTAL:
			sb_printf(x->b, "0%" PRIo64, raw & mask);
			return;
		case LTTR_FIELD_DISP_DURATION:
			if ((int64_t)raw < 0)
				sb_printf(x->b, "none");
			else
				sb_printf(x->b, "%" PRId64 " ns", (int64_t)raw);
			return;
		case LTTR_FIELD_DISP_ENUM: {
			const char *name = f->names ? f->names((unsigned int)raw) : NULL;

			if (name)
				sb_printf(x->b, "%s", name);
			else if (f->unknown)
				sb_printf(x->b, "%s%" PRIu64, f->unknown, raw & mask);
			else
				sb_printf(x->b, "?");
			return;
		}
		case LTTR_FIELD_DISP_TASK_STATE:
			sb_printf(x->b, "%s", task_state_letter((int32_t)raw));
			return;
		case LTTR_FIELD_DISP_ERRNO: {
			int64_t r = v->type == LTTR_FIELD_V_I64 ? v->i : (int64_t)v->u;
			const char *name = r < 0 && r >= -4095 ? lttr_errno_name((int)-r) : NULL;

			if (name)
				sb_printf(x->b, "-%s", name);
			else
				sb_printf(x->b, "%" PRId64, r);
			return;
		}
		case LTTR_FIELD_DISP_EXIT_STATUS: {
			char eb[48];

			sb_printf(x->b, "%s", lttr_exit_code_str((int32_t)raw, eb, sizeof(eb)));
			return;
		}
		default:
			break;
		}
	}
	switch (v->type) {
	case LTTR_FIELD_V_U64:
		sb_printf(x->b, "%" PRIu64, v->u);
		break;
	case LTTR_FIELD_V_I64:
		sb_printf(x->b, "%" PRId64, v->i);
		break;
	case LTTR_FIELD_V_BOOL:
		sb_printf(x->b, "%s", v->b ? "true" : "false");
		break;
	case LTTR_FIELD_V_STR:
		if (disp != LTTR_FIELD_DISP_COUNT) {
			sb_text(x->b, v->str.p, v->str.len);
			break;
		}
		for (i = 0, n = 0; i < v->str.len; i++)	/* names, one space apart */
			n += (i == 0 || v->str.p[i - 1] == ' ') && v->str.p[i] != ' ';
		sb_printf(x->b, "%zu", n);
		break;
	default:
		break;
	}
}

/* {NAME} or {NAME:DISP}, @s..@e the text between the braces */
static void subst(const struct expand *x, const char *s, const char *e)
{
	const char *colon = memchr(s, ':', (size_t)(e - s));
	const struct lttr_field *f = field_named(x->ev, s, (size_t)((colon ? colon : e) - s));
	struct lttr_field_buf fb;
	struct lttr_field_value v;
	int disp;

	if (!f)
		return;
	if (f->src == LTTR_FIELD_SRC_CUSTOM_FIELDS) {	/* structured */
		custom_fields_text(x->t, x->ev, x->b);
		return;
	}
	disp = colon ? disp_named(colon + 1, (size_t)(e - colon - 1)) : (int)f->disp;
	lttr_field_get(x->t, x->ev, f, &fb, &v);
	value_text(x, f, &v, disp < 0 ? LTTR_FIELD_DISP_PLAIN : (enum lttr_field_disp)disp);
}

/* the end of a part of a conditional: the next '|' or '}' at depth 0 */
static const char *part_end(const char *p, const char *e)
{
	int depth = 0;

	for (; p < e; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}' && depth)
			depth--;
		else if (*p == '|' && !depth)
			return p;
	}
	return e;
}

static void expand(const struct expand *x, const char *p, const char *e);

/* {?NAME|A|B} or {+NAME|A|B}, @s..@e the text between the braces */
static void cond(const struct expand *x, const char *s, const char *e)
{
	const char *bar = part_end(s + 1, e);
	const char *a = bar < e ? bar + 1 : e;
	const char *a_end = part_end(a, e);
	const struct lttr_field *f = field_named(x->ev, s + 1, (size_t)(bar - s - 1));
	struct lttr_field_buf fb;
	struct lttr_field_value v = { .type = LTTR_FIELD_V_ABSENT };
	bool set;

	if (f)
		lttr_field_get(x->t, x->ev, f, &fb, &v);
	set = v.type != LTTR_FIELD_V_ABSENT && v.type != LTTR_FIELD_V_NULL;
	if (*s == '?' && v.type == LTTR_FIELD_V_BOOL)
		set = v.b;
	if (*s == '?' && v.type == LTTR_FIELD_V_STR)
		set = v.str.len > 0;
	if (set)
		expand(x, a, a_end);
	else if (a_end < e)
		expand(x, a_end + 1, e);
}

static void expand(const struct expand *x, const char *p, const char *e)
{
	while (p < e) {
		const char *q = memchr(p, '{', (size_t)(e - p));
		const char *c;
		int depth = 1;

		if (!q) {
			sb_printf(x->b, "%.*s", (int)(e - p), p);
			return;
		}
		sb_printf(x->b, "%.*s", (int)(q - p), p);
		for (c = q + 1; c < e; c++) {
			if (*c == '{')
				depth++;
			else if (*c == '}' && !--depth)
				break;
		}
		if (q[1] == '?' || q[1] == '+')
			cond(x, q + 1, c);
		else
			subst(x, q + 1, c);
		p = c < e ? c + 1 : e;
	}
}

int lttr_event_describe(const struct lttr_trace *t, const struct lttr_event *ev,
			char *buf, size_t size)
{
	char tb[24];
	const char *type = lttr_event_type_str(ev->id, tb, sizeof(tb));
	const char *text = lttr_event_text(ev->id);
	struct sbuf b = { buf, size, 0 };
	struct expand x = { t, ev, &b };

	if (size)
		buf[0] = '\0';
	if (!ev->known || !text)
		sb_printf(&b, "%s size=%u", type, ev->size);
	else if (!ev->details)
		sb_printf(&b, "%s (no details)", type);
	else {
		sb_printf(&b, "%s%s", type, *text ? " " : "");
		expand(&x, text, text + strlen(text));
	}
	return (int)b.len;
}
