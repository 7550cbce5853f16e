// SPDX-License-Identifier: GPL-2.0
/*
 * expr.c - the expressions of the replay's predicates (docs/replay.md):
 * numbers, strings, the state's references (task[PID].state,
 * cpu[N].runq, app[PID].FIELD, fd[PID][FD], chan[SRC][DST].FIELD, futex.FIELD,
 * event.FIELD or a bare
 * field of the current event, $VAR, __NODE__, __REALCLOCK__,
 * __LOGICALCLOCK__, @NODE(EXPR): EXPR read in another node's state),
 * arithmetic, comparisons, && || !.  Compiled once
 * (errors give the line and the column), evaluated against the state by
 * the callbacks of struct rx_env.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/custom.h>
#include <lttr/reader/event.h>
#include <lttr/reader/fields.h>
#include <lttr/reader/trace.h>
#include "replay/replay-internal.h"

#define RX_MAX_DEPTH 128

static const char *const task_fields[] = {
	"state", "reason", "cpu", "mode", "syscall", "since", "time_in_state",
	"ppid", "tgid", "comm", "runq_cpu", "waker", "waker_mode", "waker_syscall", "woken_at",
	"syscall_ip", "last_syscall", "last_ret", NULL
};
static const char *const futex_fields[] = {
	"waiters", "wakes", "last_waker", "last_woken", NULL
};
static const char *const cpu_fields[] = { "current", "mode", "runq", "idle", NULL };
static const char *const common_fields[] = {
	"type", "pid", "cpu", "time", "time_ns", "comm", "desc", NULL
};

struct parser {
	const char *s;
	size_t pos;
	unsigned int line;
	unsigned int col0;	/* column of s[0] */
	unsigned int depth;
	struct lttr_trace *const *t;	/* the nodes' traces (NULL: none) */
	const char *const *nodes;	/* NULL: any name */
	size_t nnodes;
	struct lttr_error *err;
};

static int perr(struct parser *p, size_t at, const char *fmt, const char *what)
	__attribute__((format(printf, 3, 0)));

static int perr(struct parser *p, size_t at, const char *fmt, const char *what)
{
	char m[300];

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	snprintf(m, sizeof(m), fmt, what);
#pragma GCC diagnostic pop
	lttr_error_set(p->err, LTTR_E_INVAL, "%u:%u: %s", p->line,
		       p->col0 + (unsigned int)at, m);
	return -1;
}

static void skip(struct parser *p)
{
	while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t')
		p->pos++;
}

static bool eat(struct parser *p, const char *tok)
{
	size_t n = strlen(tok);

	skip(p);
	if (strncmp(p->s + p->pos, tok, n))
		return false;
	p->pos += n;
	return true;
}

static struct rx_node *node_new(struct parser *p, int kind)
{
	struct rx_node *n = calloc(1, sizeof(*n));

	if (!n)
		lttr_error_set(p->err, LTTR_E_NOMEM, "out of memory");
	else
		n->kind = kind;
	return n;
}

void rx_free(struct rx_node *n)
{
	if (!n)
		return;
	rx_free(n->a);
	rx_free(n->b);
	rx_free(n->c);
	free(n->str);
	free(n);
}

static bool in_list(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (!strcmp(*l, s))
			return true;
	return false;
}

/* whether a custom type of @t declares a field @name */
static bool custom_declares(struct lttr_trace *t, const char *name)
{
	const struct lttr_custom_table *tab = lttr_trace_custom_types(t);
	size_t i, k;

	for (i = 0; tab && i < lttr_custom_table_count(tab); i++) {
		const struct lttr_custom_type *ty = lttr_custom_table_get(tab, i);

		for (k = 0; k < ty->nfields; k++)
			if (!strcmp(ty->fields[k].name, name))
				return true;
	}
	return false;
}

/* a field some event type has, or some custom type of a node's trace
 * declares (of any of a set's traces: a node's own events carry it) */
static bool known_event_field(const struct parser *p, const char *name)
{
	unsigned int id;
	size_t k;

	if (in_list(common_fields, name))
		return true;
	for (id = 0; id < 256; id++)
		if (lttr_event_type_name(id) && lttr_field_find(id, name))
			return true;
	for (k = 0; p->t && k < p->nnodes; k++)
		if (custom_declares(p->t[k], name))
			return true;
	return false;
}

/* a field of a custom type of any of the traces, or (one of them
 * recorded markers) maybe a marker counter's name: known only once the
 * replay reads it */
static bool known_custom_field(const struct parser *p, const char *name)
{
	size_t k;

	if (!p->t)
		return true;
	for (k = 0; k < p->nnodes; k++)
		if (lttr_event_mask_has(&lttr_trace_header(p->t[k])->mask, LTT_EV_MARKER) ||
		    custom_declares(p->t[k], name))
			return true;
	return false;
}

static int ident(struct parser *p, char *buf, size_t size)
{
	size_t n = 0;

	skip(p);
	if (!isalpha((unsigned char)p->s[p->pos]) && p->s[p->pos] != '_')
		return -1;
	while (isalnum((unsigned char)p->s[p->pos]) || p->s[p->pos] == '_') {
		if (n + 1 < size)
			buf[n++] = p->s[p->pos];
		p->pos++;
	}
	buf[n] = '\0';
	return 0;
}

static struct rx_node *parse_or(struct parser *p);

static struct rx_node *parse_index(struct parser *p, size_t at)
{
	struct rx_node *e;

	if (!eat(p, "[")) {
		perr(p, at, "%s", "expected '[' after the table's name");
		return NULL;
	}
	e = parse_or(p);
	if (!e)
		return NULL;
	if (!eat(p, "]")) {
		perr(p, p->pos, "%s", "expected ']'");
		rx_free(e);
		return NULL;
	}
	return e;
}

static struct rx_node *parse_ref(struct parser *p)
{
	char name[64];
	size_t at;
	struct rx_node *n;

	skip(p);
	at = p->pos;
	if (p->s[p->pos] == '$') {
		p->pos++;
		if (ident(p, name, sizeof(name)) < 0) {
			perr(p, p->pos, "%s", "expected a variable name after '$'");
			return NULL;
		}
		n = node_new(p, RX_VAR);
		if (n && !(n->str = strdup(name))) {
			rx_free(n);
			return NULL;
		}
		return n;
	}
	if (ident(p, name, sizeof(name)) < 0) {
		perr(p, at, "%s", "expected a value, a field or '('");
		return NULL;
	}
	if (!strcmp(name, "__NODE__") || !strcmp(name, "__REALCLOCK__") ||
	    !strcmp(name, "__LOGICALCLOCK__") || !strcmp(name, "__ALL__")) {
		n = node_new(p, RX_META);
		if (n)
			n->op = name[2] == 'N' ? RX_M_NODE : name[2] == 'R' ? RX_M_REAL :
				name[2] == 'L' ? RX_M_LOGICAL : RX_M_ALL;
		return n;
	}
	skip(p);
	if ((!strcmp(name, "task") || !strcmp(name, "cpu") || !strcmp(name, "app") ||
	     !strcmp(name, "fd") || !strcmp(name, "chan")) && p->s[p->pos] == '[') {
		int table = name[0] == 't' ? RX_T_TASK : !strcmp(name, "cpu") ? RX_T_CPU :
			name[0] == 'a' ? RX_T_APP : name[0] == 'f' ? RX_T_FD : RX_T_CHAN;
		char field[64];

		n = node_new(p, RX_REF);
		if (!n)
			return NULL;
		n->op = table;
		if (!(n->a = parse_index(p, at))) {
			rx_free(n);
			return NULL;
		}
		if (table == RX_T_FD || table == RX_T_CHAN) {
			skip(p);
			if (!(n->b = parse_index(p, p->pos))) {
				rx_free(n);
				return NULL;
			}
			if (table == RX_T_FD)
				return n;
		}
		if (!eat(p, ".")) {
			perr(p, p->pos, "expected '.FIELD' after %s[...]", name);
			rx_free(n);
			return NULL;
		}
		skip(p);
		at = p->pos;
		if (ident(p, field, sizeof(field)) < 0) {
			perr(p, at, "%s", "expected a field name");
			rx_free(n);
			return NULL;
		}
		if ((table == RX_T_TASK && !in_list(task_fields, field)) ||
		    (table == RX_T_CPU && !in_list(cpu_fields, field)) ||
		    (table == RX_T_APP && !known_custom_field(p, field)) ||
		    (table == RX_T_CHAN && !rchan_field_known(field))) {
			perr(p, at, "unknown field \"%s\"", field);
			rx_free(n);
			return NULL;
		}
		if (!(n->str = strdup(field))) {
			rx_free(n);
			return NULL;
		}
		return n;
	}
	if (!strcmp(name, "futex")) {
		if (!eat(p, ".")) {
			perr(p, p->pos, "%s", "expected '.FIELD' after futex");
			return NULL;
		}
		skip(p);
		at = p->pos;
		if (ident(p, name, sizeof(name)) < 0) {
			perr(p, at, "%s", "expected a field name");
			return NULL;
		}
		if (!in_list(futex_fields, name)) {
			perr(p, at, "unknown field \"%s\"", name);
			return NULL;
		}
		n = node_new(p, RX_REF);
		if (!n)
			return NULL;
		n->op = RX_T_FUTEX;
		if (!(n->str = strdup(name))) {
			rx_free(n);
			return NULL;
		}
		return n;
	}
	if (!strcmp(name, "event")) {
		if (!eat(p, ".")) {
			perr(p, p->pos, "%s", "expected '.FIELD' after event");
			return NULL;
		}
		skip(p);
		at = p->pos;
		if (ident(p, name, sizeof(name)) < 0) {
			perr(p, at, "%s", "expected a field name");
			return NULL;
		}
	}
	if (!known_event_field(p, name)) {
		perr(p, at, "unknown field \"%s\"", name);
		return NULL;
	}
	n = node_new(p, RX_REF);
	if (!n)
		return NULL;
	n->op = RX_T_EVENT;
	if (!(n->str = strdup(name))) {
		rx_free(n);
		return NULL;
	}
	return n;
}

int64_t rx_node_index(const char *name, size_t len, const char *const *nodes, size_t nnodes)
{
	size_t i;

	for (i = 0; i < nnodes; i++)
		if (strlen(nodes[i]) == len && !strncmp(nodes[i], name, len))
			return (int64_t)i;
	if (len && len < 10 && strspn(name, "0123456789") >= len) {
		char b[12];

		memcpy(b, name, len);
		b[len] = '\0';
		i = (size_t)strtoul(b, NULL, 10);
		if (i < nnodes)
			return (int64_t)i;
	}
	return -1;
}

/* @NODE(EXPR): NODE a node's name (letters, digits, '_', '-', '.') or its index */
/* @n, parsed after a '(', if its ')' follows (else NULL, said) */
static struct rx_node *close_paren(struct parser *p, struct rx_node *n)
{
	if (n && !eat(p, ")")) {
		perr(p, p->pos, "%s", "expected ')'");
		rx_free(n);
		return NULL;
	}
	return n;
}

static struct rx_node *parse_at(struct parser *p)
{
	size_t at = ++p->pos, len;
	struct rx_node *n;
	int64_t k = 0;

	len = strspn(p->s + at, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.");
	if (!len) {
		perr(p, at, "%s", "expected a node's name or number after '@'");
		return NULL;
	}
	if (p->nodes) {
		k = rx_node_index(p->s + at, len, p->nodes, p->nnodes);
		if (k < 0) {
			char name[64];

			snprintf(name, sizeof(name), "%.*s", (int)(len < 60 ? len : 60), p->s + at);
			perr(p, at, "unknown node \"%s\"", name);
			return NULL;
		}
	}
	p->pos += len;
	if (p->s[p->pos] != '(') {
		perr(p, p->pos, "%s", "expected '(' after the node");
		return NULL;
	}
	p->pos++;
	if (++p->depth > RX_MAX_DEPTH) {
		perr(p, p->pos, "%s", "nested too deep");
		return NULL;
	}
	n = node_new(p, RX_AT);
	if (n) {
		n->num = k;
		if (!(n->a = parse_or(p))) {
			rx_free(n);
			n = NULL;
		}
	}
	p->depth--;
	return close_paren(p, n);
}

static struct rx_node *parse_primary(struct parser *p)
{
	struct rx_node *n;
	const char *s;

	skip(p);
	s = p->s + p->pos;
	if (*s == '(') {
		p->pos++;
		if (++p->depth > RX_MAX_DEPTH) {
			perr(p, p->pos, "%s", "nested too deep");
			return NULL;
		}
		n = parse_or(p);
		p->depth--;
		return close_paren(p, n);
	}
	if (isdigit((unsigned char)*s)) {
		char *end;
		unsigned long long v = strtoull(s, &end, 0);

		if (isalnum((unsigned char)*end) || *end == '_') {
			perr(p, p->pos, "%s", "malformed number");
			return NULL;
		}
		n = node_new(p, RX_NUM);
		if (n)
			n->num = (int64_t)v;
		p->pos += (size_t)(end - s);
		return n;
	}
	if (*s == '@')
		return parse_at(p);
	if (*s == '"') {
		size_t i = 1, k = 0;
		char *buf = malloc(strlen(s) + 1);

		if (!buf) {
			lttr_error_set(p->err, LTTR_E_NOMEM, "out of memory");
			return NULL;
		}
		while (s[i] && s[i] != '"') {
			if (s[i] == '\\' && (s[i + 1] == '"' || s[i + 1] == '\\'))
				i++;
			buf[k++] = s[i++];
		}
		if (s[i] != '"') {
			free(buf);
			perr(p, p->pos, "%s", "unterminated string");
			return NULL;
		}
		buf[k] = '\0';
		p->pos += i + 1;
		n = node_new(p, RX_STR);
		if (!n) {
			free(buf);
			return NULL;
		}
		n->str = buf;
		return n;
	}
	return parse_ref(p);
}

static struct rx_node *parse_unary(struct parser *p)
{
	struct rx_node *n;
	int kind;

	skip(p);
	if (p->s[p->pos] == '!' && p->s[p->pos + 1] != '=')
		kind = RX_NOT;
	else if (p->s[p->pos] == '-')
		kind = RX_NEG;
	else
		return parse_primary(p);
	p->pos++;
	if (++p->depth > RX_MAX_DEPTH) {
		perr(p, p->pos, "%s", "nested too deep");
		return NULL;
	}
	n = node_new(p, kind);
	if (n && !(n->a = parse_unary(p))) {
		rx_free(n);
		n = NULL;
	}
	p->depth--;
	return n;
}

static struct rx_node *binary(struct parser *p, int kind, int op, struct rx_node *a,
			      struct rx_node *(*next)(struct parser *))
{
	struct rx_node *n = node_new(p, kind);

	if (!n) {
		rx_free(a);
		return NULL;
	}
	n->op = op;
	n->a = a;
	if (!(n->b = next(p))) {
		rx_free(n);
		return NULL;
	}
	return n;
}

static struct rx_node *parse_mul(struct parser *p)
{
	struct rx_node *n = parse_unary(p);

	while (n) {
		skip(p);
		if (p->s[p->pos] != '*' && p->s[p->pos] != '/' && p->s[p->pos] != '%')
			break;
		n = binary(p, RX_ARITH, p->s[p->pos++], n, parse_unary);
	}
	return n;
}

static struct rx_node *parse_add(struct parser *p)
{
	struct rx_node *n = parse_mul(p);

	while (n) {
		skip(p);
		if (p->s[p->pos] != '+' && p->s[p->pos] != '-')
			break;
		n = binary(p, RX_ARITH, p->s[p->pos++], n, parse_mul);
	}
	return n;
}

static struct rx_node *parse_cmp(struct parser *p)
{
	static const struct { const char *tok; int op; } ops[] = {
		{ "==", RX_EQ }, { "!=", RX_NE }, { "<=", RX_LE }, { ">=", RX_GE },
		{ "<", RX_LT }, { ">", RX_GT },
	};
	struct rx_node *n = parse_add(p);
	size_t i;

	if (!n)
		return NULL;
	skip(p);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (eat(p, ops[i].tok))
			return binary(p, RX_CMP, ops[i].op, n, parse_add);
	return n;
}

static struct rx_node *parse_and(struct parser *p)
{
	struct rx_node *n = parse_cmp(p);

	while (n && eat(p, "&&"))
		n = binary(p, RX_AND, 0, n, parse_cmp);
	return n;
}

static struct rx_node *parse_or(struct parser *p)
{
	struct rx_node *n = parse_and(p);

	while (n && eat(p, "||"))
		n = binary(p, RX_OR, 0, n, parse_and);
	return n;
}

struct rx_node *rx_compile(const char *s, unsigned int line, unsigned int col,
			   struct lttr_trace *t, struct lttr_error *err)
{
	const char *name = t ? lttr_trace_hostname(t) : NULL;

	if (t && (!name || !*name))
		name = "node0";
	return rx_compile_nodes(s, line, col, t ? &t : NULL, t ? &name : NULL, t ? 1 : 0, err);
}

struct rx_node *rx_compile_nodes(const char *s, unsigned int line, unsigned int col,
				 struct lttr_trace *const *t, const char *const *nodes,
				 size_t nnodes, struct lttr_error *err)
{
	struct parser p = { .s = s, .line = line, .col0 = col, .t = nodes ? t : NULL,
			    .nodes = nodes, .nnodes = nnodes, .err = err };
	struct rx_node *n;

	skip(&p);
	if (!s[p.pos]) {
		perr(&p, p.pos, "%s", "expected an expression");
		return NULL;
	}
	n = parse_or(&p);
	if (!n)
		return NULL;
	skip(&p);
	if (s[p.pos]) {
		perr(&p, p.pos, "unexpected \"%.20s\"", s + p.pos);
		rx_free(n);
		return NULL;
	}
	return n;
}

static bool truth(const struct rx_val *v)
{
	return v->type == RX_V_INT ? v->i != 0 : v->type == RX_V_STR ? v->s[0] != '\0' : false;
}

/*
 * A value made missing: its type, number and string emptied, not its
 * whole string buffer: zeroing the 272 bytes of each value at every node
 * was 62 % of rx_eval()'s time on a replay of 10 M events (perf annotate,
 * 2026-11-30: `rep stos`), and nothing reads past the string's end.
 */
static inline void rx_val_clear(struct rx_val *v)
{
	v->type = RX_V_MISSING;
	v->i = 0;
	v->s[0] = '\0';
}

void rx_eval(const struct rx_node *n, struct rx_env *e, struct rx_val *out)
{
	struct rx_val a, b;

	rx_val_clear(out);
	switch (n->kind) {
	case RX_NUM:
		out->type = RX_V_INT;
		out->i = n->num;
		return;
	case RX_STR:
		out->type = RX_V_STR;
		snprintf(out->s, sizeof(out->s), "%s", n->str);
		return;
	case RX_NOT:
		rx_eval(n->a, e, &a);
		out->type = RX_V_INT;
		out->i = !truth(&a);
		return;
	case RX_NEG:
		rx_eval(n->a, e, &a);
		if (a.type == RX_V_INT) {
			out->type = RX_V_INT;
			out->i = (int64_t)(0 - (uint64_t)a.i);
		}
		return;
	case RX_AND:
	case RX_OR:
		rx_eval(n->a, e, &a);
		out->type = RX_V_INT;
		if (truth(&a) == (n->kind == RX_OR)) {
			out->i = n->kind == RX_OR;
			return;
		}
		rx_eval(n->b, e, &b);
		out->i = truth(&b);
		return;
	case RX_ARITH:
		rx_eval(n->a, e, &a);
		rx_eval(n->b, e, &b);
		if (a.type != RX_V_INT || b.type != RX_V_INT)
			return;
		out->type = RX_V_INT;
		switch (n->op) {
		case '+': out->i = (int64_t)((uint64_t)a.i + (uint64_t)b.i); break;
		case '-': out->i = (int64_t)((uint64_t)a.i - (uint64_t)b.i); break;
		case '*': out->i = (int64_t)((uint64_t)a.i * (uint64_t)b.i); break;
		default:
			if (!b.i || (b.i == -1 && a.i == INT64_MIN)) {
				out->type = RX_V_MISSING;
				return;
			}
			out->i = n->op == '/' ? a.i / b.i : a.i % b.i;
		}
		return;
	case RX_CMP: {
		int c;

		rx_eval(n->a, e, &a);
		rx_eval(n->b, e, &b);
		out->type = RX_V_INT;
		if (a.type == RX_V_MISSING || b.type == RX_V_MISSING)
			return;		/* a missing value compares false */
		if (a.type == RX_V_INT && b.type == RX_V_INT)
			c = a.i < b.i ? -1 : a.i > b.i;
		else {
			char x[32], y[32];
			const char *sa = a.s, *sb = b.s;

			if (a.type == RX_V_INT) {
				snprintf(x, sizeof(x), "%" PRId64, a.i);
				sa = x;
			}
			if (b.type == RX_V_INT) {
				snprintf(y, sizeof(y), "%" PRId64, b.i);
				sb = y;
			}
			c = strcmp(sa, sb);
		}
		switch (n->op) {
		case RX_EQ: out->i = c == 0; break;
		case RX_NE: out->i = c != 0; break;
		case RX_LT: out->i = c < 0; break;
		case RX_LE: out->i = c <= 0; break;
		case RX_GT: out->i = c > 0; break;
		default: out->i = c >= 0; break;
		}
		return;
	}
	case RX_VAR:
		e->var(e->arg, n->str, out);
		return;
	case RX_META:
		e->meta(e->arg, n->op, out);
		return;
	case RX_AT: {
		int64_t was;

		if (!e->at) {	/* one node: its own state */
			rx_eval(n->a, e, out);
			return;
		}
		was = e->at(e->arg, n->num);
		if (was < 0)	/* not a node of the set: unknown */
			return;
		rx_eval(n->a, e, out);
		e->at(e->arg, was);
		return;
	}
	default: {
		struct rx_val i1, i2;

		rx_val_clear(&i1);
		rx_val_clear(&i2);
		if (n->a)
			rx_eval(n->a, e, &i1);
		if (n->b)
			rx_eval(n->b, e, &i2);
		if (n->op == RX_T_CHAN && e->chan) {
			e->chan(e->arg, &i1, &i2, n->str, out);
			return;
		}
		if ((n->a && i1.type != RX_V_INT) || (n->b && i2.type != RX_V_INT))
			return;
		e->ref(e->arg, n->op, i1.i, i2.i, n->str, out);
		return;
	}
	}
}

void rx_val_str(const struct rx_val *v, char *buf, size_t size)
{
	if (v->type == RX_V_INT)
		snprintf(buf, size, "%" PRId64, v->i);
	else if (v->type == RX_V_STR)
		snprintf(buf, size, "\"%s\"", v->s);
	else
		snprintf(buf, size, "%s", "unknown");
}
