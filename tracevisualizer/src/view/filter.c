// SPDX-License-Identifier: GPL-2.0
/*
 * filter.c - filter expressions over events (lttr/view/filter.h, the
 * language in docs/filter.md): the expression is lexed and parsed into a
 * tree, its comparisons checked against the fields they name, then
 * matched against events or view rows.
 */
#include <ctype.h>
#include <inttypes.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/fields.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/trace.h>
#include <lttr/view/filter.h>

/* deepest nesting of parentheses and "!" */
#define MAX_DEPTH	256

/* the common fields; C_ARGS: a field of the "args" of the event's type */
enum common {
	C_ARGS,
	C_TYPE,
	C_ID,
	C_PID,
	C_CPU,
	C_TIME,
	C_TIME_NS,
	C_CONTROL,
	C_DETAILS,
	C_COMM,
	C_DESC,
	C_EXT,		/* a field of the caller's (struct lttr_filter_ext) */
};

/* what the values of a field can be, over every event type */
#define CAP_INT		0x01	/* an integer */
#define CAP_BOOL	0x02	/* a bool */
#define CAP_STR		0x04	/* text */
#define CAP_NAMED	0x08	/* an integer another field names */

static const struct {
	const char *name;
	unsigned int caps;
} commons[] = {
	[C_TYPE] = { "type", CAP_STR },
	[C_ID] = { "id", CAP_INT | CAP_NAMED },
	[C_PID] = { "pid", CAP_INT },
	[C_CPU] = { "cpu", CAP_INT },
	[C_TIME] = { "time", CAP_INT },
	[C_TIME_NS] = { "time_ns", CAP_INT },
	[C_CONTROL] = { "control", CAP_BOOL },
	[C_DETAILS] = { "details", CAP_BOOL },
	[C_COMM] = { "comm", CAP_STR },
	[C_DESC] = { "desc", CAP_STR },
	[C_EXT] = { "", CAP_INT },
};

enum op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_MATCH, OP_NMATCH };

static const char *const op_names[] = {
	"==", "!=", "<", "<=", ">", ">=", "=~", "!~",
};

/* a VALUE: a number, or text (a quoted string or a bare word) */
struct lit {
	bool is_num;
	bool neg;		/* is_num: negative */
	uint64_t mag;		/* is_num: its magnitude */
	char *text;		/* the text, or the number as written */
	size_t len;
	int boolv;		/* the words true (1) and false (0), else -1 */
	size_t pos;		/* where it starts in the expression */
	bool dyn;		/* a value of the caller's, read at match time */
	uint32_t handle;	/* dyn: the caller's name for it */
};

enum kind {
	K_OR,		/* any of kids */
	K_AND,		/* all of kids */
	K_NOT,		/* not kids[0] */
	K_CMP,		/* FIELD OP VALUE */
	K_TEST,		/* FIELD: has it, non-zero, non-empty */
};

struct node {
	enum kind kind;
	struct node **kids;
	size_t nkids;
	/* K_CMP and K_TEST */
	enum common common;
	char *name;		/* C_ARGS: the field's name */
	enum op op;
	struct lit lit;
	regex_t re;
	bool has_re;
	int8_t idx[LTT_EV_MAX];		/* C_ARGS: the field's index by id, or -1 */
	int8_t namer[LTT_EV_MAX];	/* C_ARGS: index of the field naming it, or -1 */
	struct ltt_event_mask exact;	/* C_TYPE, C_ID: the ids it holds for */
	size_t pos;		/* K_CMP, K_TEST: where its field starts in the expression */
	unsigned int ext;	/* C_EXT: the index of the caller's field */
	bool ext_dyn;		/* C_EXT: a value of the caller's (handle @ext) */
};

struct lttr_filter {
	char *text;
	struct node *root;
	struct ltt_event_mask ids;
	int cpu;
	bool has_ext;
	struct lttr_filter_ext ext;	/* has_ext: the caller's fields and values */
};

/* ---- nodes ------------------------------------------------------------- */

static void node_free(struct node *n)
{
	size_t i;

	if (!n)
		return;
	for (i = 0; i < n->nkids; i++)
		node_free(n->kids[i]);
	free(n->kids);
	free(n->name);
	free(n->lit.text);
	if (n->has_re)
		regfree(&n->re);
	free(n);
}

static struct node *node_new(enum kind kind)
{
	struct node *n = calloc(1, sizeof(*n));

	if (n) {
		n->kind = kind;
		n->lit.boolv = -1;
	}
	return n;
}

/* append @kid to @n's kids; on failure @kid is freed */
static int node_add(struct node *n, struct node *kid)
{
	struct node **v = realloc(n->kids, (n->nkids + 1) * sizeof(*v));

	if (!v) {
		node_free(kid);
		return -1;
	}
	n->kids = v;
	n->kids[n->nkids++] = kid;
	return 0;
}

/* ---- lexer ------------------------------------------------------------- */

enum tok { T_END, T_LP, T_RP, T_NOT, T_AND, T_OR, T_OP, T_WORD, T_STRING, T_BAD };

struct token {
	enum tok type;
	size_t pos;		/* first character */
	size_t end;		/* one past the last */
	enum op op;		/* T_OP */
	const char *bad;	/* T_BAD: what is wrong (at pos) */
};

struct parser {
	const char *s;
	size_t pos;		/* next character to lex */
	int depth;
	struct lttr_error *err;
	int code;		/* 0, or the error's code once one is set */
	size_t errpos;		/* code: where the error is */
	const struct lttr_filter_ext *ext;	/* the caller's fields and values, or NULL */
};

static bool word_char(unsigned char c)
{
	return c > ' ' && c != 0x7f && !strchr("()!=<>&|\"'~", c);
}

static void lex(const struct parser *p, struct token *t)
{
	const char *s = p->s;
	size_t i = p->pos;

	while (s[i] && isspace((unsigned char)s[i]))
		i++;
	t->pos = i;
	t->end = i + 1;
	t->bad = NULL;
	switch (s[i]) {
	case '\0':
		t->type = T_END;
		t->end = i;
		return;
	case '(':
		t->type = T_LP;
		return;
	case ')':
		t->type = T_RP;
		return;
	case '!':
		t->type = T_OP;
		t->end = i + 2;
		if (s[i + 1] == '=') {
			t->op = OP_NE;
		} else if (s[i + 1] == '~') {
			t->op = OP_NMATCH;
		} else {
			t->type = T_NOT;
			t->end = i + 1;
		}
		return;
	case '=':
		t->type = T_OP;
		t->end = i + 2;
		if (s[i + 1] == '=') {
			t->op = OP_EQ;
		} else if (s[i + 1] == '~') {
			t->op = OP_MATCH;
		} else {
			t->type = T_BAD;
			t->bad = "'=' is not an operator: use '=='";
		}
		return;
	case '<':
	case '>':
		t->type = T_OP;
		if (s[i + 1] == '=') {
			t->op = s[i] == '<' ? OP_LE : OP_GE;
			t->end = i + 2;
		} else {
			t->op = s[i] == '<' ? OP_LT : OP_GT;
		}
		return;
	case '&':
	case '|':
		if (s[i + 1] == s[i]) {
			t->type = s[i] == '&' ? T_AND : T_OR;
			t->end = i + 2;
		} else {
			t->type = T_BAD;
			t->bad = s[i] == '&' ? "'&' is not an operator: use '&&'" :
				"'|' is not an operator: use '||'";
		}
		return;
	case '~':
		t->type = T_BAD;
		t->bad = "'~' is not an operator: use '=~' or '!~'";
		return;
	case '\'':
		t->type = T_BAD;
		t->bad = "strings are written in double quotes";
		return;
	case '"':
		for (i++; s[i] && s[i] != '"'; i++) {
			if (s[i] != '\\')
				continue;
			if (s[i + 1] != '"' && s[i + 1] != '\\') {
				t->type = T_BAD;
				t->pos = i;
				t->bad = "bad escape in a string: only \\\" and \\\\";
				return;
			}
			i++;
		}
		if (!s[i]) {
			t->type = T_BAD;
			t->bad = "unterminated string";
			return;
		}
		t->type = T_STRING;
		t->end = i + 1;
		return;
	default:
		if (!word_char((unsigned char)s[i])) {
			t->type = T_BAD;
			t->bad = "unexpected character";
			return;
		}
		while (word_char((unsigned char)s[i]))
			i++;
		t->type = T_WORD;
		t->end = i;
		/* the trigger rules (a caller's language) also write and, or, not */
		if (p->ext && i - t->pos == 3 && !strncmp(s + t->pos, "and", 3))
			t->type = T_AND;
		else if (p->ext && i - t->pos == 2 && !strncmp(s + t->pos, "or", 2))
			t->type = T_OR;
		else if (p->ext && i - t->pos == 3 && !strncmp(s + t->pos, "not", 3))
			t->type = T_NOT;
		return;
	}
}

static void advance(struct parser *p, const struct token *t)
{
	p->pos = t->end;
}

/* ---- errors ------------------------------------------------------------ */

/* set the error (the first one only); return NULL */
static void *fail(struct parser *p, size_t pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void *fail(struct parser *p, size_t pos, const char *fmt, ...)
{
	char msg[LTTR_ERRMSG_MAX - 32];
	va_list ap;

	if (p->code)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	p->code = LTTR_E_INVAL;
	p->errpos = pos;
	lttr_error_set(p->err, LTTR_E_INVAL, "at character %zu: %s", pos + 1, msg);
	return NULL;
}

static void *nomem(struct parser *p)
{
	if (!p->code) {
		p->code = LTTR_E_NOMEM;
		lttr_error_set(p->err, LTTR_E_NOMEM, "out of memory");
	}
	return NULL;
}

/* "the text of @t" for messages: at most 40 characters of it */
#define TOKFMT		"'%.*s'"
#define TOKARG(p, t)	(int)((t)->end - (t)->pos > 40 ? 40 : (t)->end - (t)->pos), \
			(p)->s + (t)->pos

/* what a token is, for "expected ..., found ..." */
static struct node *unexpected(struct parser *p, const struct token *t,
			       const char *expected)
{
	if (t->type == T_BAD)
		return fail(p, t->pos, "%s", t->bad);
	if (t->type == T_END)
		return fail(p, t->pos, "expected %s, found the end of the expression",
			    expected);
	return fail(p, t->pos, "expected %s, found " TOKFMT, expected, TOKARG(p, t));
}

/* ---- fields ------------------------------------------------------------ */

/* the field a name means: a common one, or (C_ARGS) *argname */
static void resolve(const char *name, size_t len, enum common *c,
		    const char **argname, size_t *arglen,
		    const struct lttr_filter_ext *ext, unsigned int *exti)
{
	size_t i;

	for (i = 0; ext && ext->fields && ext->fields[i]; i++)
		if (strlen(ext->fields[i]) == len && !strncmp(ext->fields[i], name, len)) {
			*c = C_EXT;
			*exti = (unsigned int)i;
			return;
		}

	if (len > 5 && !strncmp(name, "args.", 5)) {
		*c = C_ARGS;
		*argname = name + 5;
		*arglen = len - 5;
		return;
	}
	for (i = 1; i < C_EXT; i++)
		if (strlen(commons[i].name) == len && !strncmp(commons[i].name, name, len)) {
			*c = (enum common)i;
			return;
		}
	*c = C_ARGS;
	*argname = name;
	*arglen = len;
}

static bool is_field_name(const char *s, size_t len)
{
	size_t i, start = len > 5 && !strncmp(s, "args.", 5) ? 5 : 0;

	if (start == len || !(isalpha((unsigned char)s[start]) || s[start] == '_'))
		return false;
	for (i = start; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

/* the field with a string source that names integer field @f of @id */
static int namer_of(unsigned int id, const struct lttr_field *f)
{
	size_t i, n;
	const struct lttr_field *v = lttr_event_fields(id, &n);

	if (f->src != LTTR_FIELD_SRC_INT)
		return -1;
	for (i = 0; i < n; i++)
		if (v[i].src != LTTR_FIELD_SRC_INT && v[i].kind == LTTR_FIELD_STRING &&
		    v[i].size == f->size && v[i].offset == f->offset)
			return (int)i;
	return -1;
}

/* fill the index tables of an args field; return its capabilities (0: none) */
static unsigned int args_caps(struct node *n)
{
	unsigned int caps = 0, id;
	size_t nf;

	for (id = 0; id < LTT_EV_MAX; id++) {
		const struct lttr_field *v = lttr_event_fields(id, &nf);
		const struct lttr_field *f = lttr_field_find(id, n->name);

		n->idx[id] = -1;
		n->namer[id] = -1;
		if (!f)
			continue;
		n->idx[id] = (int8_t)(f - v);
		n->namer[id] = (int8_t)namer_of(id, f);
		if (n->namer[id] >= 0)
			caps |= CAP_NAMED;
		switch (f->kind) {
		case LTTR_FIELD_UNSIGNED:
		case LTTR_FIELD_SIGNED:
			caps |= CAP_INT;
			break;
		case LTTR_FIELD_BOOL:
			caps |= CAP_BOOL;
			break;
		default:
			caps |= CAP_STR;
			/* a custom kind that has no name is its number */
			if (f->src == LTTR_FIELD_SRC_CUSTOM_KIND)
				caps |= CAP_INT;
			break;
		}
	}
	return caps;
}

/* whether @w can be a name given by source @src (trace names: always) */
static bool src_knows(enum lttr_field_src src, const char *w)
{
	unsigned int i;
	const char *s;

	if (!strcmp(w, "unknown"))
		return true;	/* a number the record did not carry */
	if (src == LTTR_FIELD_SRC_SYSCALL_NAME)
		return lttr_syscall_known_name(w);
	if (src == LTTR_FIELD_SRC_TRAP_NAME && !strncmp(w, "trap_", 5) && w[5] &&
	    strspn(w + 5, "0123456789") == strlen(w + 5))
		return true;	/* an unnamed vector */
	if (src == LTTR_FIELD_SRC_TRAP_NAME)
		return lttr_trap_known_name(w);	/* of any machine */
	for (i = 0; i < 256; i++) {
		switch (src) {
		case LTTR_FIELD_SRC_SOFTIRQ_NAME:
			s = lttr_softirq_name(i);
			break;
		case LTTR_FIELD_SRC_SIGNAL_NAME:
			s = lttr_signal_name(i);
			break;
		case LTTR_FIELD_SRC_SOCKET_CALL_NAME:
			s = lttr_socket_call_name(i);
			break;
		case LTTR_FIELD_SRC_IPC_CALL_NAME:
			s = lttr_ipc_call_name(i);
			break;
		default:	/* names from the trace: irqs, devices, custom types */
			return true;
		}
		if (s && !strcmp(s, w))
			return true;
	}
	return false;
}

/* whether @w is the name of a value of the integer args field of @n */
static bool names_value(const struct node *n, const char *w)
{
	unsigned int id;
	size_t nf;

	for (id = 0; id < LTT_EV_MAX; id++) {
		const struct lttr_field *v = lttr_event_fields(id, &nf);

		if (n->namer[id] >= 0 && src_knows(v[n->namer[id]].src, w))
			return true;
	}
	return false;
}

static bool type_exists(const char *w)
{
	unsigned int id;
	char tb[24];

	for (id = 0; id < LTT_EV_MAX; id++)
		if (!strcmp(lttr_event_type_str(id, tb, sizeof(tb)), w))
			return true;
	return false;
}

/* ---- values and comparisons ---------------------------------------------- */

/* scratch space of one match */
struct scratch {
	struct lttr_field_buf buf;	/* a field's value */
	struct lttr_field_buf nbuf;	/* the name of an integer */
	char text[LTTR_FIELD_BUF_SIZE + 1];	/* the string form of a value */
	char tb[24];			/* a type name */
	char desc[LTTR_DESC_MAX];	/* the event's description */
};

static int cmp_u64(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

/* an integer or bool value against the number of @l: < 0, 0, > 0 */
static int cmp_num(const struct lttr_field_value *v, const struct lit *l)
{
	bool neg = false;
	uint64_t mag;

	if (v->type == LTTR_FIELD_V_I64 && v->i < 0) {
		neg = true;
		mag = -(uint64_t)v->i;
	} else if (v->type == LTTR_FIELD_V_I64) {
		mag = (uint64_t)v->i;
	} else if (v->type == LTTR_FIELD_V_BOOL) {
		mag = v->b;
	} else {
		mag = v->u;
	}
	if (neg != l->neg)
		return neg ? -1 : 1;
	return neg ? cmp_u64(l->mag, mag) : cmp_u64(mag, l->mag);
}

static int cmp_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	if (c)
		return c;
	return cmp_u64(alen, blen);
}

static bool holds(enum op op, int c)
{
	switch (op) {
	case OP_EQ: return c == 0;
	case OP_NE: return c != 0;
	case OP_LT: return c < 0;
	case OP_LE: return c <= 0;
	case OP_GT: return c > 0;
	case OP_GE: return c >= 0;
	default: return false;
	}
}

/* the string form of a value (what =~ matches), NUL-terminated */
static const char *string_form(const struct lttr_field_value *v, struct scratch *s)
{
	size_t n;

	switch (v->type) {
	case LTTR_FIELD_V_U64:
		snprintf(s->text, sizeof(s->text), "%" PRIu64, v->u);
		break;
	case LTTR_FIELD_V_I64:
		snprintf(s->text, sizeof(s->text), "%" PRId64, v->i);
		break;
	case LTTR_FIELD_V_BOOL:
		return v->b ? "true" : "false";
	default:
		n = v->str.len < sizeof(s->text) - 1 ? v->str.len : sizeof(s->text) - 1;
		memcpy(s->text, v->str.p, n);
		s->text[n] = '\0';
		break;
	}
	return s->text;
}

/*
 * Comparison @n on value @v; @name is the name of an integer @v (or
 * NULL), for comparisons with text.
 */
static bool compare_lit(const struct node *n, const struct lit *l,
			const struct lttr_field_value *v,
			const struct lttr_field_value *name, struct scratch *s)
{
	if (v->type == LTTR_FIELD_V_ABSENT || v->type == LTTR_FIELD_V_NULL)
		return false;
	if (n->op == OP_MATCH || n->op == OP_NMATCH)
		return (regexec(&n->re, string_form(v, s), 0, NULL, 0) == 0) ==
		       (n->op == OP_MATCH);
	switch (v->type) {
	case LTTR_FIELD_V_STR:
		return !l->is_num && holds(n->op, cmp_bytes(v->str.p, v->str.len,
							  l->text, l->len));
	case LTTR_FIELD_V_BOOL:
		if (l->is_num)
			return holds(n->op, cmp_num(v, l));
		return l->boolv >= 0 && holds(n->op, (int)v->b - l->boolv);
	default:
		if (l->is_num)
			return holds(n->op, cmp_num(v, l));
		if (!name || name->type != LTTR_FIELD_V_STR ||
		    (n->op != OP_EQ && n->op != OP_NE))
			return false;
		return holds(n->op, cmp_bytes(name->str.p, name->str.len, l->text, l->len));
	}
}

/* what a leaf is matched against: an event, or a row of a view */
struct subject {
	const struct lttr_event *ev;		/* NULL for a row */
	const struct lttr_filter_ctx *c;
	uint32_t pid;				/* row: UINT32_MAX: none */
	const char *comm;			/* row: NULL: none */
	int cpu;				/* row: -1: none */
	const struct lttr_filter_ext *ext;	/* the caller's fields and values, or NULL */
};

/* comparison @n on @v; a value of the caller's is read now (unknown: false) */
static bool compare(const struct node *n, const struct subject *sj,
		    const struct lttr_field_value *v,
		    const struct lttr_field_value *name, struct scratch *s)
{
	struct lit l;
	int64_t x;

	if (!n->lit.dyn)
		return compare_lit(n, &n->lit, v, name, s);
	if (!sj->ext || !sj->ext->resolve || !sj->ev ||
	    !sj->ext->resolve(sj->ext->arg, n->lit.handle, sj->ev, &x))
		return false;
	l = n->lit;
	l.dyn = false;
	l.is_num = true;
	l.neg = x < 0;
	l.mag = x < 0 ? -(uint64_t)x : (uint64_t)x;
	return compare_lit(n, &l, v, name, s);
}

/* what a leaf tests when there is no operator: has it, non-zero, non-empty */
static bool truthy(const struct lttr_field_value *v)
{
	switch (v->type) {
	case LTTR_FIELD_V_U64: return v->u != 0;
	case LTTR_FIELD_V_I64: return v->i != 0;
	case LTTR_FIELD_V_BOOL: return v->b;
	case LTTR_FIELD_V_STR: return v->str.len != 0;
	default: return false;
	}
}

static void set_str(struct lttr_field_value *v, const char *s)
{
	v->type = LTTR_FIELD_V_STR;
	v->str.p = s;
	v->str.len = strlen(s);
}

static void set_u64(struct lttr_field_value *v, uint64_t x)
{
	v->type = LTTR_FIELD_V_U64;
	v->u = x;
}

static void set_bool(struct lttr_field_value *v, bool b)
{
	v->type = LTTR_FIELD_V_BOOL;
	v->b = b;
}

/* a leaf on the type or id of event id @id */
static bool type_leaf(const struct node *n, unsigned int id, struct scratch *s)
{
	struct lttr_field_value v, name;

	set_str(&name, lttr_event_type_str(id, s->tb, sizeof(s->tb)));
	if (n->common == C_TYPE)
		v = name;
	else
		set_u64(&v, id);
	return n->kind == K_TEST ? truthy(&v) : compare_lit(n, &n->lit, &v, &name, s);
}

/* the value of a leaf's common field (not type or id) */
static void common_value(const struct node *n, const struct subject *sj,
			 struct lttr_field_value *v, struct scratch *s)
{
	const struct lttr_event *ev = sj->ev;
	const struct lttr_filter_ctx *c = sj->c;
	const char *comm;

	v->type = LTTR_FIELD_V_ABSENT;
	if (!ev) {
		if (n->common == C_PID && sj->pid != UINT32_MAX)
			set_u64(v, sj->pid);
		else if (n->common == C_CPU && sj->cpu >= 0)
			set_u64(v, (uint64_t)sj->cpu);
		else if (n->common == C_COMM && sj->comm)
			set_str(v, sj->comm);
		return;
	}
	switch (n->common) {
	case C_PID:
		set_u64(v, ev->pid);
		break;
	case C_CPU:
		set_u64(v, ev->cpu);
		break;
	case C_TIME:
		if (c && c->t) {
			v->type = LTTR_FIELD_V_I64;
			v->i = (int64_t)(ev->time_ns - lttr_trace_header(c->t)->start_ns);
		}
		break;
	case C_TIME_NS:
		set_u64(v, ev->time_ns);
		break;
	case C_CONTROL:
		set_bool(v, ev->control);
		break;
	case C_DETAILS:
		set_bool(v, ev->details);
		break;
	case C_COMM:
		comm = c && c->comm ? c->comm(c->arg, ev->pid, ev->time_ns) : NULL;
		if (comm)
			set_str(v, comm);
		break;
	case C_DESC:
		/* as dump prints it (and as long: LTTR_DESC_MAX) */
		lttr_event_describe(c ? c->t : NULL, ev, s->desc, sizeof(s->desc));
		set_str(v, s->desc);
		break;
	case C_EXT:
		if (sj->ext && (n->ext_dyn ? sj->ext->resolve != NULL : sj->ext->field != NULL)) {
			int64_t x;

			if (n->ext_dyn ? sj->ext->resolve(sj->ext->arg, n->ext, ev, &x) :
			    sj->ext->field(sj->ext->arg, n->ext, ev, &x)) {
				v->type = LTTR_FIELD_V_I64;
				v->i = x;
			}
		}
		break;
	default:
		break;
	}
}

static bool leaf(const struct node *n, const struct subject *sj, struct scratch *s)
{
	const struct lttr_event *ev = sj->ev;
	const struct lttr_trace *t = sj->c ? sj->c->t : NULL;
	struct lttr_field_value v, name;
	const struct lttr_field *fv;
	size_t nf;

	if (n->common == C_TYPE || n->common == C_ID)
		return ev && lttr_event_mask_has(&n->exact, ev->id);
	if (n->common != C_ARGS) {
		common_value(n, sj, &v, s);
		return n->kind == K_TEST ? truthy(&v) : compare(n, sj, &v, NULL, s);
	}
	if (!ev || n->idx[ev->id] < 0)
		return false;
	fv = lttr_event_fields(ev->id, &nf);
	lttr_field_get(t, ev, &fv[n->idx[ev->id]], &s->buf, &v);
	if (n->kind == K_TEST)
		return truthy(&v);
	name.type = LTTR_FIELD_V_ABSENT;
	if (!n->lit.is_num && n->namer[ev->id] >= 0 &&
	    (v.type == LTTR_FIELD_V_U64 || v.type == LTTR_FIELD_V_I64))
		lttr_field_get(t, ev, &fv[n->namer[ev->id]], &s->nbuf, &name);
	return compare(n, sj, &v, &name, s);
}

static bool eval(const struct node *n, const struct subject *sj, struct scratch *s)
{
	size_t i;

	switch (n->kind) {
	case K_OR:
		for (i = 0; i < n->nkids; i++)
			if (eval(n->kids[i], sj, s))
				return true;
		return false;
	case K_AND:
		for (i = 0; i < n->nkids; i++)
			if (!eval(n->kids[i], sj, s))
				return false;
		return true;
	case K_NOT:
		return !eval(n->kids[0], sj, s);
	default:
		return leaf(n, sj, s);
	}
}

/* ---- parser -------------------------------------------------------------- */

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* a number as written: decimal or 0x hex, optionally negative */
static bool parse_number(struct parser *p, const struct token *t, struct lit *l)
{
	const char *s = p->s + t->pos, *d = s;
	size_t len = t->end - t->pos;
	unsigned int base = 10;
	uint64_t v = 0, limit;

	if (*d == '-') {
		l->neg = true;
		d++;
	}
	if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X')) {
		base = 16;
		d += 2;
	}
	limit = l->neg ? (uint64_t)1 << 63 : UINT64_MAX;
	if (d == s + len) {
		fail(p, t->pos, "bad number " TOKFMT, TOKARG(p, t));
		return false;
	}
	for (; d < s + len; d++) {
		unsigned int digit;

		if (isdigit((unsigned char)*d))
			digit = (unsigned int)(*d - '0');
		else if (base == 16 && isxdigit((unsigned char)*d))
			digit = (unsigned int)(tolower((unsigned char)*d) - 'a' + 10);
		else {
			fail(p, t->pos, "bad number " TOKFMT " (quote text that starts with a digit)",
			     TOKARG(p, t));
			return false;
		}
		if (v > (limit - digit) / base) {
			fail(p, t->pos, "number " TOKFMT " out of range", TOKARG(p, t));
			return false;
		}
		v = v * base + digit;
	}
	l->is_num = true;
	l->mag = v;
	if (!v)
		l->neg = false;
	return true;
}

/* the VALUE token @t into @l */
static bool parse_value(struct parser *p, const struct token *t, struct lit *l)
{
	const char *s = p->s + t->pos;
	size_t len = t->end - t->pos;

	l->pos = t->pos;
	if (t->type == T_STRING) {
		size_t i, k = 0;

		l->text = malloc(len);
		if (!l->text) {
			nomem(p);
			return false;
		}
		for (i = 1; i + 1 < len; i++) {
			if (s[i] == '\\')
				i++;
			l->text[k++] = s[i];
		}
		l->text[k] = '\0';
		l->len = k;
	} else {
		l->text = dup_n(s, len);
		if (!l->text) {
			nomem(p);
			return false;
		}
		l->len = len;
		if (isdigit((unsigned char)s[0]) ||
		    (s[0] == '-' && isdigit((unsigned char)s[1])))
			return parse_number(p, t, l);
	}
	if (!strcmp(l->text, "true"))
		l->boolv = 1;
	else if (!strcmp(l->text, "false"))
		l->boolv = 0;
	return true;
}

/* the compile-time checks of comparison @n (field text @ft) */
static bool check_cmp(struct parser *p, struct node *n, unsigned int caps,
		      const struct token *ft)
{
	const struct lit *l = &n->lit;
	bool eq = n->op == OP_EQ || n->op == OP_NE;

	if (l->dyn) {
		if (n->op == OP_MATCH || n->op == OP_NMATCH) {
			fail(p, l->pos, "%s needs a regular expression, not a computed number",
			     op_names[n->op]);
			return false;
		}
		if (caps & CAP_INT)
			return true;
		fail(p, l->pos, TOKFMT " is not a number: it cannot compare with a computed one",
		     TOKARG(p, ft));
		return false;
	}
	if (n->op == OP_MATCH || n->op == OP_NMATCH) {
		int r = regcomp(&n->re, l->text, REG_EXTENDED | REG_NOSUB);
		char msg[200];

		if (!r) {
			n->has_re = true;
			return true;
		}
		regerror(r, &n->re, msg, sizeof(msg));
		fail(p, l->pos, "bad regular expression: %s", msg);
		return false;
	}
	if (l->is_num) {
		if (caps & (CAP_INT | CAP_BOOL))
			return true;
		fail(p, l->pos, TOKFMT " is text: write \"%s\" to compare it with text",
		     TOKARG(p, ft), l->text);
		return false;
	}
	if ((n->common == C_TYPE || n->common == C_ID) && eq && !type_exists(l->text)) {
		fail(p, l->pos, "no event type is named '%s'", l->text);
		return false;
	}
	if ((caps & CAP_STR) || ((caps & CAP_BOOL) && l->boolv >= 0) ||
	    ((caps & CAP_NAMED) && eq && (n->common == C_ID || names_value(n, l->text))))
		return true;
	if ((caps & CAP_NAMED) && eq)
		fail(p, l->pos, "'%s' is not a number nor the name of a value of " TOKFMT,
		     l->text, TOKARG(p, ft));
	else if (caps & CAP_NAMED)
		fail(p, l->pos, TOKFMT " is a number: %s needs a number, not '%s'",
		     TOKARG(p, ft), op_names[n->op], l->text);
	else if (caps & CAP_BOOL)
		fail(p, l->pos, TOKFMT " is true or false, not '%s'", TOKARG(p, ft), l->text);
	else
		fail(p, l->pos, TOKFMT " is a number, not '%s'", TOKARG(p, ft), l->text);
	return false;
}

/*
 * A VALUE the caller reads (struct lttr_filter_ext), at the parser's
 * position: 1 read into @l, 0 not one of the caller's, -1 an error.
 */
static int ext_value(struct parser *p, struct lit *l)
{
	char msg[LTTR_ERRMSG_MAX - 48];
	size_t at = 0, pos = p->pos;
	uint32_t handle = 0;
	int r;

	while (p->s[pos] && isspace((unsigned char)p->s[pos]))
		pos++;
	msg[0] = '\0';
	r = p->ext->value(p->ext->arg, p->s + pos, &handle, msg, sizeof(msg), &at);
	if (r < 0) {
		if (!msg[0])
			nomem(p);
		else
			fail(p, pos + at, "%s", msg);
		return -1;
	}
	if (r == 0)
		return 0;
	l->pos = pos;
	l->dyn = true;
	l->handle = handle;
	l->text = dup_n(p->s + pos, (size_t)r);
	if (!l->text) {
		nomem(p);
		return -1;
	}
	l->len = (size_t)r;
	p->pos = pos + (size_t)r;
	return 1;
}

/* FIELD [OP VALUE], the field token @ft consumed */
static struct node *parse_leaf(struct parser *p, const struct token *ft)
{
	const char *argname = NULL;
	size_t arglen = 0;
	unsigned int caps;
	struct token t, v;
	struct node *n;
	enum common c;

	n = node_new(K_TEST);
	if (!n)
		return nomem(p);
	if (p->ext && p->ext->value) {
		/* a value of the caller's may stand where a field does: count(1s) > 10 */
		size_t save = p->pos;
		int r;

		p->pos = ft->pos;
		r = ext_value(p, &n->lit);
		if (r < 0) {
			node_free(n);
			return NULL;
		}
		if (r > 0) {
			n->common = C_EXT;
			n->ext_dyn = true;
			n->ext = n->lit.handle;
			n->pos = ft->pos;
			free(n->lit.text);
			memset(&n->lit, 0, sizeof(n->lit));
			n->lit.boolv = -1;
			caps = CAP_INT;
			goto op;
		}
		p->pos = save;
	}
	if (!is_field_name(p->s + ft->pos, ft->end - ft->pos)) {
		node_free(n);
		return unexpected(p, ft, "a field name");
	}
	resolve(p->s + ft->pos, ft->end - ft->pos, &c, &argname, &arglen, p->ext, &n->ext);
	n->common = c;
	n->pos = ft->pos;
	if (c == C_ARGS) {
		n->name = dup_n(argname, arglen);
		if (!n->name) {
			node_free(n);
			return nomem(p);
		}
		caps = args_caps(n);
		if (!caps) {
			node_free(n);
			return fail(p, ft->pos, "unknown field " TOKFMT " (docs/filter.md lists them)",
				    TOKARG(p, ft));
		}
	} else {
		caps = commons[c].caps;
	}
op:
	lex(p, &t);
	if (t.type == T_WORD || t.type == T_STRING) {
		node_free(n);
		return fail(p, t.pos, "expected an operator (== != < <= > >= =~ !~) after " TOKFMT,
			    TOKARG(p, ft));
	}
	if (t.type == T_OP) {
		advance(p, &t);
		n->kind = K_CMP;
		n->op = t.op;
		if (p->ext && p->ext->value) {
			int r = ext_value(p, &n->lit);

			if (r < 0 || (r > 0 && !check_cmp(p, n, caps, ft))) {
				node_free(n);
				return NULL;
			}
			if (r > 0)
				return n;
		}
		lex(p, &v);
		if (v.type != T_WORD && v.type != T_STRING) {
			node_free(n);
			if (v.type == T_BAD)
				return fail(p, v.pos, "%s", v.bad);
			return fail(p, v.pos, "expected a value after '%s'", op_names[t.op]);
		}
		advance(p, &v);
		if (!parse_value(p, &v, &n->lit) || !check_cmp(p, n, caps, ft)) {
			node_free(n);
			return NULL;
		}
	}
	return n;
}

static struct node *parse_or(struct parser *p);

static struct node *parse_unary(struct parser *p);

/* "!" UNARY, the "!" consumed */
static struct node *parse_not(struct parser *p)
{
	struct node *k = parse_unary(p);
	struct node *n;

	if (!k)
		return NULL;
	n = node_new(K_NOT);
	if (!n) {
		node_free(k);
		return nomem(p);
	}
	if (node_add(n, k) < 0) {
		free(n);
		return nomem(p);
	}
	return n;
}

/* "(" EXPR ")", the "(" at @open consumed */
static struct node *parse_paren(struct parser *p, const struct token *open)
{
	struct node *n = parse_or(p);
	struct token close;

	if (!n)
		return NULL;
	lex(p, &close);
	if (close.type != T_RP) {
		node_free(n);
		if (close.type == T_BAD)
			return fail(p, close.pos, "%s", close.bad);
		return fail(p, close.pos, "expected ')' to close the '(' at character %zu",
			    open->pos + 1);
	}
	advance(p, &close);
	return n;
}

static struct node *parse_unary(struct parser *p)
{
	struct token t;

	lex(p, &t);
	if (t.type == T_NOT || t.type == T_LP) {
		struct node *n;

		if (++p->depth > MAX_DEPTH)
			return fail(p, t.pos, "expression nested too deeply (more than %d levels)",
				    MAX_DEPTH);
		advance(p, &t);
		n = t.type == T_NOT ? parse_not(p) : parse_paren(p, &t);
		p->depth--;
		return n;
	}
	if (t.type == T_WORD) {
		advance(p, &t);
		return parse_leaf(p, &t);
	}
	if (t.type == T_END && t.pos == 0)
		return fail(p, 0, "empty expression");
	return unexpected(p, &t, "a field name, '!' or '('");
}

/* @n OP @k as one node of @kind, flattening chains; NULL if out of memory */
static struct node *join(struct parser *p, enum kind kind, struct node *n,
			 struct node *k)
{
	if (n->kind != kind) {
		struct node *c = node_new(kind);

		if (!c) {
			node_free(n);
			node_free(k);
			return nomem(p);
		}
		if (node_add(c, n) < 0) {
			free(c);
			node_free(k);
			return nomem(p);
		}
		n = c;
	}
	if (node_add(n, k) < 0) {
		node_free(n);
		return nomem(p);
	}
	return n;
}

/* UNARY (OP UNARY)* for OP && (K_AND) or || (K_OR) */
static struct node *parse_chain(struct parser *p, enum kind kind)
{
	struct node *n = kind == K_AND ? parse_unary(p) : parse_chain(p, K_AND);
	struct token t;

	while (n) {
		struct node *k;

		lex(p, &t);
		if (t.type != (kind == K_AND ? T_AND : T_OR))
			return n;
		advance(p, &t);
		k = kind == K_AND ? parse_unary(p) : parse_chain(p, K_AND);
		if (!k) {
			node_free(n);
			return NULL;
		}
		n = join(p, kind, n, k);
	}
	return NULL;
}

static struct node *parse_or(struct parser *p)
{
	return parse_chain(p, K_OR);
}

/* ---- what a tree allows ---------------------------------------------------- */

static void mask_fill(struct ltt_event_mask *m, bool all)
{
	memset(m, all ? 0xff : 0, sizeof(*m));
}

/*
 * The ids for which @n may hold (@may, a superset) and those for which it
 * holds for every event (@must, a subset): exact for type and id leaves.
 */
static void ids_of(const struct node *n, struct ltt_event_mask *may,
		   struct ltt_event_mask *must)
{
	struct ltt_event_mask a, b;
	unsigned int id, w;
	size_t i;

	switch (n->kind) {
	case K_NOT:
		ids_of(n->kids[0], &a, &b);
		for (w = 0; w < LTT_EV_MAX / 64; w++) {
			may->bits[w] = ~b.bits[w];
			must->bits[w] = ~a.bits[w];
		}
		return;
	case K_AND:
	case K_OR:
		mask_fill(may, n->kind == K_AND);
		mask_fill(must, n->kind == K_AND);
		for (i = 0; i < n->nkids; i++) {
			ids_of(n->kids[i], &a, &b);
			for (w = 0; w < LTT_EV_MAX / 64; w++) {
				if (n->kind == K_AND) {
					may->bits[w] &= a.bits[w];
					must->bits[w] &= b.bits[w];
				} else {
					may->bits[w] |= a.bits[w];
					must->bits[w] |= b.bits[w];
				}
			}
		}
		return;
	default:
		break;
	}
	mask_fill(must, false);
	if (n->common == C_TYPE || n->common == C_ID) {
		*may = *must = n->exact;
	} else if (n->common == C_ARGS) {
		mask_fill(may, false);
		for (id = 0; id < LTT_EV_MAX; id++)
			if (n->idx[id] >= 0)
				may->bits[id / 64] |= 1ULL << (id % 64);
	} else {
		mask_fill(may, true);
	}
}

/* the only CPU for which @n (negated when @neg) can hold, or -1 */
static long only_cpu(const struct node *n, bool neg)
{
	long c;
	size_t i;

	switch (n->kind) {
	case K_NOT:
		return only_cpu(n->kids[0], !neg);
	case K_AND:
	case K_OR:
		if ((n->kind == K_AND) != neg) {	/* all of the kids hold */
			for (i = 0; i < n->nkids; i++) {
				c = only_cpu(n->kids[i], neg);
				if (c >= 0)
					return c;
			}
			return -1;
		}
		c = only_cpu(n->kids[0], neg);	/* one of them holds */
		for (i = 1; i < n->nkids && c >= 0; i++)
			if (only_cpu(n->kids[i], neg) != c)
				return -1;
		return c;
	case K_CMP:
		if (n->common == C_CPU && n->lit.is_num && !n->lit.neg &&
		    n->lit.mag <= 0xffff && n->op == (neg ? OP_NE : OP_EQ))
			return (long)n->lit.mag;
		return -1;
	default:
		return -1;
	}
}

/* the exact id sets of the type and id leaves */
static void exact_ids(struct node *n, struct scratch *s)
{
	unsigned int id;
	size_t i;

	for (i = 0; i < n->nkids; i++)
		exact_ids(n->kids[i], s);
	if ((n->kind != K_CMP && n->kind != K_TEST) ||
	    (n->common != C_TYPE && n->common != C_ID))
		return;
	mask_fill(&n->exact, false);
	for (id = 0; id < LTT_EV_MAX; id++)
		if (type_leaf(n, id, s))
			n->exact.bits[id / 64] |= 1ULL << (id % 64);
}

/* "fs_open (fd, filename, flags, mode)": the fields of the types of @m, at most 4 types */
static void list_fields(const struct ltt_event_mask *m, char *buf, size_t size)
{
	size_t len = 0, nf, k, ntypes = 0;
	unsigned int id;

	buf[0] = '\0';
	for (id = 0; id < LTT_EV_MAX && len < size; id++) {
		const struct lttr_field *f;

		if (!(m->bits[id / 64] & (1ULL << (id % 64))) || !lttr_event_type_name(id))
			continue;
		if (++ntypes > 4) {
			if (len < size)
				snprintf(buf + len, size - len, "; ...");
			break;
		}
		f = lttr_event_fields(id, &nf);
		if (len >= size)
			break;
		len += (size_t)snprintf(buf + len, size - len, "%s%s has ", ntypes > 1 ? "; " : "",
					lttr_event_type_name(id));
		for (k = 0; k < nf && len < size; k++)
			len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? ", " : "",
						f[k].name);
	}
}

/*
 * A comparison (or test) of an args field that no event type the rest of
 * the expression allows has (type == fs_open && name =~ etc: fs_open has
 * no name) can never hold: the expression would match nothing, silently.
 * An error, at the field.  @ctx: the ids the enclosing conjunctions allow;
 * below a "!" nothing is checked (there, a missing field makes it true).
 */
static bool fields_possible(struct parser *p, const struct node *n,
			    const struct ltt_event_mask *ctx)
{
	struct ltt_event_mask may, must, sub;
	unsigned int w, id;
	size_t i, j;
	bool any = false;
	char list[400];

	switch (n->kind) {
	case K_NOT:
		return true;
	case K_OR:
		for (i = 0; i < n->nkids; i++)
			if (!fields_possible(p, n->kids[i], ctx))
				return false;
		return true;
	case K_AND:
		for (i = 0; i < n->nkids; i++) {
			sub = *ctx;
			for (j = 0; j < n->nkids; j++) {
				if (j == i)
					continue;
				ids_of(n->kids[j], &may, &must);
				for (w = 0; w < LTT_EV_MAX / 64; w++)
					sub.bits[w] &= may.bits[w];
			}
			if (!fields_possible(p, n->kids[i], &sub))
				return false;
		}
		return true;
	default:
		break;
	}
	if (n->common != C_ARGS)
		return true;
	for (id = 0; id < LTT_EV_MAX && !any; id++)
		any = n->idx[id] >= 0 && (ctx->bits[id / 64] & (1ULL << (id % 64)));
	if (any)
		return true;
	list_fields(ctx, list, sizeof(list));
	fail(p, n->pos, "no event of the types the expression selects has the field '%s'%s%s%s",
	     n->name, list[0] ? " (" : "", list, list[0] ? ")" : "");
	return false;
}

/* ---- the API ----------------------------------------------------------- */

/* compile the expression of @p into @out */
static int compile(struct parser *p, struct lttr_filter **out)
{
	const char *expr = p->s;
	struct lttr_filter *f;
	struct ltt_event_mask must;
	struct scratch *s;
	struct token t;
	struct node *root;

	*out = NULL;
	lttr_error_clear(p->err);
	if (strlen(expr) > LTTR_FILTER_MAX_LEN) {
		p->errpos = LTTR_FILTER_MAX_LEN;
		return lttr_error_set(p->err, LTTR_E_INVAL,
				      "at character %d: expression longer than %d characters",
				      LTTR_FILTER_MAX_LEN + 1, LTTR_FILTER_MAX_LEN);
	}
	root = parse_or(p);
	if (root) {
		lex(p, &t);
		if (t.type != T_END) {
			node_free(root);
			root = NULL;
			if (t.type == T_RP)
				fail(p, t.pos, "unexpected ')': no '(' to close");
			else
				unexpected(p, &t, "'&&', '||' or the end of the expression");
		}
	}
	if (!root)
		return -p->code;
	f = calloc(1, sizeof(*f));
	s = malloc(sizeof(*s));
	if (f)
		f->text = dup_n(expr, strlen(expr));
	if (!f || !s || !f->text) {
		free(s);
		if (f)
			free(f->text);
		free(f);
		node_free(root);
		return lttr_error_set(p->err, LTTR_E_NOMEM, "out of memory");
	}
	exact_ids(root, s);
	free(s);
	if (p->ext && p->ext->types)
		must = *p->ext->types;
	else
		mask_fill(&must, true);
	if (!fields_possible(p, root, &must)) {
		free(f->text);
		free(f);
		node_free(root);
		return -p->code;
	}
	f->root = root;
	ids_of(root, &f->ids, &must);
	f->cpu = (int)only_cpu(root, false);
	if (p->ext) {
		f->has_ext = true;
		f->ext = *p->ext;
	}
	*out = f;
	return 0;
}

int lttr_filter_compile(const char *expr, struct lttr_filter **out,
			struct lttr_error *err)
{
	struct parser p = { .s = expr, .err = err };

	return compile(&p, out);
}

int lttr_filter_compile_ext(const char *expr, struct lttr_filter_ext *ext,
			    struct lttr_filter **out, struct lttr_error *err)
{
	struct parser p = { .s = expr, .err = err, .ext = ext };
	int r = compile(&p, out);

	ext->errpos = r < 0 ? p.errpos : 0;
	return r;
}

void lttr_filter_free(struct lttr_filter *f)
{
	if (!f)
		return;
	node_free(f->root);
	free(f->text);
	free(f);
}

bool lttr_filter_match(const struct lttr_filter *f,
		       const struct lttr_filter_ctx *c,
		       const struct lttr_event *ev)
{
	struct subject sj = { .ev = ev, .c = c, .pid = UINT32_MAX, .cpu = -1,
			      .ext = f->has_ext ? &f->ext : NULL };
	struct scratch s;

	if (!lttr_event_mask_has(&f->ids, ev->id))
		return false;
	return eval(f->root, &sj, &s);
}

void lttr_filter_ids(const struct lttr_filter *f, struct ltt_event_mask *ids)
{
	*ids = f->ids;
}

int lttr_filter_cpu(const struct lttr_filter *f)
{
	return f->cpu;
}

bool lttr_filter_match_row(const struct lttr_filter *f, uint32_t pid,
			   const char *comm, int cpu)
{
	struct subject sj = { .pid = pid, .comm = comm, .cpu = cpu };
	struct scratch s;

	return eval(f->root, &sj, &s);
}

const char *lttr_filter_text(const struct lttr_filter *f)
{
	return f->text;
}

static bool uses(const struct node *n, enum common c, const char *argname,
		 size_t arglen, unsigned int exti)
{
	size_t i;

	for (i = 0; i < n->nkids; i++)
		if (uses(n->kids[i], c, argname, arglen, exti))
			return true;
	if (n->kind != K_CMP && n->kind != K_TEST)
		return false;
	if (c == C_EXT)
		return n->common == c && n->ext == exti;
	if (c != C_ARGS)
		return n->common == c;
	return n->common == C_ARGS && strlen(n->name) == arglen &&
	       !strncmp(n->name, argname, arglen);
}

bool lttr_filter_uses(const struct lttr_filter *f, const char *field)
{
	const char *argname = NULL;
	size_t arglen = 0;
	unsigned int exti = 0;
	enum common c;

	resolve(field, strlen(field), &c, &argname, &arglen, f->has_ext ? &f->ext : NULL, &exti);
	return uses(f->root, c, argname, arglen, exti);
}

/* comparison @n into @out (false: not a comparison of a field with a plain value) */
static bool conj_cmp(const struct lttr_filter *f, const struct node *n, struct lttr_filter_cmp *out)
{
	if (n->kind != K_CMP || n->op > OP_GE || n->has_re || (n->common == C_EXT && n->ext_dyn))
		return false;
	if (n->common == C_ARGS)
		out->field = n->name;
	else if (n->common == C_EXT)
		out->field = f->has_ext ? f->ext.fields[n->ext] : NULL;
	else
		out->field = commons[n->common].name;
	if (!out->field)
		return false;
	out->op = (enum lttr_filter_op)n->op;
	out->is_num = n->lit.is_num;
	out->v = 0;
	if (n->lit.is_num) {
		if (n->lit.mag > (uint64_t)INT64_MAX + (n->lit.neg ? 1 : 0))
			return false;
		out->v = n->lit.neg ? (int64_t)(0 - n->lit.mag) : (int64_t)n->lit.mag;
	}
	out->text = n->lit.text;
	out->dyn = n->lit.dyn;
	out->handle = n->lit.handle;
	return true;
}

/* the comparisons under @n into @out from *@k (false: not a conjunction of them) */
static bool conj_walk(const struct lttr_filter *f, const struct node *n, struct lttr_filter_cmp *out,
		 size_t max, size_t *k)
{
	if (n->kind == K_AND) {
		for (size_t i = 0; i < n->nkids; i++)
			if (!conj_walk(f, n->kids[i], out, max, k))
				return false;
		return true;
	}
	if (*k == max || !conj_cmp(f, n, &out[*k]))
		return false;
	(*k)++;
	return true;
}

int lttr_filter_conjunction(const struct lttr_filter *f, struct lttr_filter_cmp *out,
			    size_t max)
{
	size_t k = 0;

	return conj_walk(f, f->root, out, max, &k) ? (int)k : -1;
}
