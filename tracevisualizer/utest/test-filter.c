// SPDX-License-Identifier: GPL-2.0
/*
 * test-filter.c - the filter expression language (lttr/view/filter.h):
 * parsing (precedence, parentheses, escapes), compile errors and their
 * positions, matching on synthetic events of several types, missing
 * fields, regular expressions, names of numbers, the soundness of the id
 * mask (brute force over every id), the CPU constraint and view rows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/filter.h>
#include "tap.h"
#include "tracegen.h"

static struct lttr_event mkev(unsigned int id, const void *payload, size_t len)
{
	struct lttr_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.id = (uint8_t)id;
	ev.known = lttr_event_type_name(id) != NULL;
	ev.details = ev.known;
	ev.time_ns = 2000;
	ev.pid = 5;
	ev.cpu = 1;
	if (payload)
		memcpy(&ev.p, payload, len);
	return ev;
}

/* compile @expr and match it against @ev; -1 when it does not compile */
static int matches(const char *expr, const struct lttr_filter_ctx *c,
		   const struct lttr_event *ev)
{
	struct lttr_filter *f;
	struct lttr_error err;
	int r;

	if (lttr_filter_compile(expr, &f, &err) < 0) {
		tap_diag("%s: %s", expr, err.msg);
		return -1;
	}
	r = lttr_filter_match(f, c, ev);
	lttr_filter_free(f);
	return r;
}

struct mcase {
	const char *expr;
	int want;
};

static void check_cases(const char *what, const struct mcase *v, size_t n,
			const struct lttr_filter_ctx *c, const struct lttr_event *ev)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int r = matches(v[i].expr, c, ev);

		ok(r == v[i].want, "%s: %s: %s", what, v[i].expr,
		   v[i].want ? "matches" : "does not match");
	}
}

#define CASES(what, v, c, ev)	check_cases(what, v, sizeof(v) / sizeof(v[0]), c, ev)

/* ---- parsing ------------------------------------------------------------ */

static const struct mcase precedence[] = {
	{ "pid == 1 || pid == 5 && fd == 3", 1 },
	{ "pid == 5 || pid == 1 && fd == 4", 1 },
	{ "(pid == 5 || pid == 1) && fd == 4", 0 },
	{ "pid == 1 && fd == 3 || cpu == 1", 1 },
	{ "pid == 1 && (fd == 3 || cpu == 1)", 0 },
	{ "!pid == 5", 0 },
	{ "!(pid == 1) && !!(fd == 3)", 1 },
	{ "((((fd == 3))))", 1 },
	{ "!(pid == 5 && fd == 3) || cpu == 0", 0 },
	{ "  pid==5&&fd==3  ", 1 },
	{ "filename == \"/tmp/a \\\"b\\\" c\\\\d\"", 1 },
	{ "filename == /tmp/a", 0 },
	{ "type == fs_open && filename =~ \"b.*c\"", 1 },
	{ "filename =~ ^/tmp/", 1 },
	{ "filename !~ ^/etc/", 1 },
	{ "filename =~ \"^/etc/\"", 0 },
};

struct ecase {
	const char *expr;
	int pos;		/* expected "at character N" */
	const char *phrase;	/* in the message */
};

static const struct ecase errors[] = {
	{ "", 1, "empty expression" },
	{ "   ", 4, "expected a field name" },
	{ "pid ==", 7, "expected a value after '=='" },
	{ "pid = 3", 5, "'=' is not an operator: use '=='" },
	{ "(pid == 3", 10, "expected ')' to close the '(' at character 1" },
	{ "pid == 3)", 9, "unexpected ')'" },
	{ "bogus == 3", 1, "unknown field 'bogus'" },
	{ "args.frob", 1, "unknown field 'args.frob'" },
	{ "name == \"abc", 9, "unterminated string" },
	{ "name == \"a\\nb\"", 11, "bad escape" },
	{ "pid == 12x", 8, "bad number '12x'" },
	{ "fd == 99999999999999999999", 7, "out of range" },
	{ "fd > -9223372036854775809", 6, "out of range" },
	{ "type == fs_opn", 9, "no event type is named 'fs_opn'" },
	{ "filename == 3", 13, "'filename' is text: write \"3\"" },
	{ "fd == abc", 7, "'fd' is a number, not 'abc'" },
	{ "nr == reed", 7, "'reed' is not a number nor the name of a value of 'nr'" },
	{ "nr < read", 6, "'nr' is a number: < needs a number" },
	{ "control == maybe", 12, "'control' is true or false" },
	{ "name =~ \"(\"", 9, "bad regular expression" },
	{ "pid == 3 && ", 13, "found the end of the expression" },
	{ "pid 3", 5, "expected an operator" },
	{ "pid & 3", 5, "use '&&'" },
	{ "pid == 3 | cpu == 1", 10, "use '||'" },
	{ "&& pid", 1, "expected a field name, '!' or '(', found '&&'" },
	{ "pid == 3 pid", 10, "expected '&&', '||' or the end of the expression, found 'pid'" },
	{ "name == 'x'", 9, "double quotes" },
	{ "pid ~ 3", 5, "'~' is not an operator" },
	{ "3 == pid", 1, "expected a field name" },
	{ "\"pid\" == 3", 1, "found '\"pid\"'" },
	{ "type == 2", 9, "'type' is text: write \"2\"" },
	{ "next_pid > prev_pid", 12, "'next_pid' is a number, not 'prev_pid'" },
	/* a field the types selected never have: it would match nothing,
	 * silently (issue 36, item 8: the README's example did) */
	{ "type == fs_open && name =~ \"etc\"", 20,
	  "no event of the types the expression selects has the field 'name' "
	  "(fs_open has fd, flags, mode, filename)" },
	{ "fd == 3 && type == schedchange", 1, "has the field 'fd' (schedchange has " },
	{ "(type == fs_open || type == fs_close) && (pid == 1 || nr == 3)", 55,
	  "the field 'nr' (fs_open has fd, flags, mode, filename; fs_close has fd" },
	{ "args.pid == 3 && fd == 1", 1, "has the field 'pid'" },
	{ "type == fs_open && (fd == 1 || ret == 0)", 32, "the field 'ret'" },
};

static void check_errors(void)
{
	size_t i;

	for (i = 0; i < sizeof(errors) / sizeof(errors[0]); i++) {
		struct lttr_filter *f = NULL;
		struct lttr_error err;
		char at[32];
		int r = lttr_filter_compile(errors[i].expr, &f, &err);

		snprintf(at, sizeof(at), "at character %d: ", errors[i].pos);
		ok(r == -LTTR_E_INVAL && !f && err.code == LTTR_E_INVAL &&
		   !strncmp(err.msg, at, strlen(at)) && strstr(err.msg, errors[i].phrase),
		   "error for \"%s\": %s", errors[i].expr, err.msg);
	}
}

static void check_nesting(void)
{
	char deep[700];
	struct lttr_filter *f = NULL;
	struct lttr_error err;
	size_t i;

	for (i = 0; i < 300; i++)
		deep[i] = '(';
	strcpy(deep + 300, "pid");
	ok(lttr_filter_compile(deep, &f, &err) == -LTTR_E_INVAL && !f &&
	   strstr(err.msg, "nested too deeply"), "300 parentheses: nested too deeply");
	for (i = 0; i < 200; i++)
		deep[i] = '!';
	strcpy(deep + 200, "pid == 5");
	ok(lttr_filter_compile(deep, &f, &err) == 0 && f, "200 '!' compile");
	if (f) {
		struct lttr_event ev = mkev(LTT_EV_FS_CLOSE, NULL, 0);

		ok(lttr_filter_match(f, NULL, &ev), "and an even number of them is the comparison");
		lttr_filter_free(f);
	} else {
		ok(0, "and an even number of them is the comparison");
	}
}

/* ---- matching ----------------------------------------------------------- */

static const struct mcase syscall_cases[] = {
	{ "type == syscall_entry", 1 },
	{ "type == \"syscall_entry\"", 1 },
	{ "type != syscall_entry", 0 },
	{ "type =~ ^syscall_", 1 },
	{ "id == 1", 1 },
	{ "id == syscall_entry", 1 },
	{ "id != syscall_exit", 1 },
	{ "name == read", 1 },
	{ "nr == read", 1 },
	{ "nr != write", 1 },
	{ "nr == \"read\"", 1 },
	{ "nr == 0", 1 },
	{ "nr", 0 },
	{ "name", 1 },
	{ "ip == 0x401000", 1 },
	{ "ip >= 4198400 && ip < 4198401", 1 },
	{ "ip =~ ^4198400$", 1 },
	{ "type == syscall_entry && name == read && pid == 5", 1 },
	{ "fd == 3", 0 },
	{ "fd != 3", 0 },
	{ "!(fd == 3)", 1 },
	{ "!fd", 1 },
	{ "control", 1 },
	{ "cpu == 1 && !control", 0 },
	{ "details", 1 },
	{ "time_ns == 2000", 1 },
	{ "time == 1000", 0 },
	{ "comm == sh", 0 },
	{ "args.pid", 0 },
};

static const struct mcase open_cases[] = {
	{ "fd == -2", 1 },
	{ "fd < 0", 1 },
	{ "fd < -2", 0 },
	{ "fd >= -2", 1 },
	{ "fd > 0xffffffff", 0 },
	{ "flags == 0xffffffff", 1 },
	{ "flags == 4294967295", 1 },
	{ "flags > -1", 1 },
	{ "flags == -1", 0 },
	{ "mode == 0644", 0 },
	{ "mode == 420", 1 },
	{ "filename == \"/etc/passwd\"", 1 },
	{ "filename > /etc", 1 },
	{ "filename < /etc/passwd", 0 },
	{ "filename <= /etc/passwd", 1 },
	{ "type == fs_open && filename =~ \"etc\"", 1 },
	/* below a '!' a field the type lacks is no error: the '!' makes it true */
	{ "type == fs_open && !(name =~ \"etc\")", 1 },
	{ "filename =~ \"^/ETC\"", 0 },
	{ "pid == 5 && args.pid", 0 },
	{ "type =~ \"^fs_\" && !(type == fs_close)", 1 },
};

static const struct mcase flag_cases[] = {
	{ "user", 1 },
	{ "user == true", 1 },
	{ "user == 1", 1 },
	{ "user != false", 1 },
	{ "!user", 0 },
	{ "sysvec == false", 0 },
	{ "sysvec =~ true", 1 },
	{ "name == reschedule", 1 },
	{ "irq == reschedule", 1 },
	{ "irq == 253", 1 },
	{ "irq == 0xfd", 1 },
	{ "irq == ttyS0", 0 },
};

static const struct mcase exec_cases[] = {
	{ "pid == 5", 1 },
	{ "args.pid == 9", 1 },
	{ "args.pid == 5", 0 },
	{ "filename == /bin/ls", 1 },
	{ "comm == sh", 1 },
	{ "comm == ls", 0 },
	{ "comm =~ ^s", 1 },
	{ "time == 1000", 1 },
	{ "time > 999 && time < 1001", 1 },
};

static const struct mcase nodetail_cases[] = {
	{ "type == fs_open", 1 },
	{ "fd == 3", 0 },
	{ "fd != 3", 0 },
	{ "filename", 0 },
	{ "!filename", 1 },
	{ "details", 0 },
	{ "!details", 1 },
};

static const struct mcase sched_cases[] = {
	{ "prev_state < 0", 1 },
	{ "prev_state == -1 && next_pid == 0", 1 },
	{ "prev_pid == 5 && next_pid > 1", 0 },
	{ "name", 0 },
};

static const struct mcase peer_cases[] = {
	{ "peer == x", 0 },
	{ "peer != x", 0 },
	{ "!peer", 1 },
	{ "peer_len == 4", 1 },
	{ "args.type == 2", 1 },
	{ "type == socket_send", 1 },
};

static const struct mcase mask_cases[] = {
	{ "events =~ fs_open", 1 },
	{ "events =~ \"(^| )custom( |$)\"", 0 },
	{ "events == \"syscall_entry fs_open\"", 1 },
};

static const char *comm_of(void *arg, uint32_t pid, uint64_t time_ns)
{
	(void)arg;
	if (pid == 5)
		return time_ns >= 2000 ? "sh" : "init";
	return NULL;
}

static void check_matching(void)
{
	struct ltt_ev_syscall_entry se = { .ip = 0x401000, .nr = 0 };
	struct ltt_ev_fs_open fo = { .fd = -2, .flags = 0xffffffffU, .mode = 0644 };
	struct ltt_ev_irq_entry ie = { .irq = 0xfd, .flags = LTT_IRQ_SYSVEC | LTT_IRQ_USER };
	struct ltt_ev_process_exec ex = { .pid = 9 };
	struct ltt_ev_schedchange sc = { .prev_pid = 5, .next_pid = 0, .prev_state = -1 };
	struct ltt_ev_socket_io so = { .ino = 1, .family = 16, .type = 2, .peer_len = 4 };
	struct ltt_ev_fs_open fo3 = { .fd = 3 };
	struct ltt_event_mask mk;
	struct ltt_ev_change_mask cm;
	struct lttr_trace *t = NULL;
	struct lttr_error err;
	struct lttr_filter_ctx ctx = { .comm = comm_of };
	struct lttr_event ev;
	static const char path[] = "/tmp/a \"b\" c\\d";
	static const char etc[] = "/etc/passwd";

	ev = mkev(LTT_EV_FS_OPEN, &fo3, sizeof(fo3));
	ev.var = path;
	ev.var_len = (uint32_t)strlen(path);
	CASES("fs_open fd 3", precedence, NULL, &ev);

	ev = mkev(LTT_EV_SYSCALL_ENTRY, &se, sizeof(se));
	ev.control = true;
	CASES("syscall_entry read", syscall_cases, NULL, &ev);

	ev = mkev(LTT_EV_FS_OPEN, &fo, sizeof(fo));
	ev.var = etc;
	ev.var_len = (uint32_t)strlen(etc);
	CASES("fs_open fd -2", open_cases, NULL, &ev);

	ev = mkev(LTT_EV_IRQ_ENTRY, &ie, sizeof(ie));
	CASES("irq_entry reschedule", flag_cases, NULL, &ev);

	tg_open("ctx", "header ncpus=2 start=1000\nbuf cpu=0 start=1000 pid=5\n1000 start 5 0\n",
		0, &t, &err);
	ctx.t = t;
	ev = mkev(LTT_EV_PROCESS_EXEC, &ex, sizeof(ex));
	ev.var = "/bin/ls";
	ev.var_len = 7;
	CASES("exec", exec_cases, &ctx, &ev);
	ok(matches("comm == init", &ctx, &ev) == 0 && matches("comm", NULL, &ev) == 0 &&
	   matches("time", NULL, &ev) == 0,
	   "exec: without a context no comm, no time");
	ev.time_ns = 1500;
	ok(matches("comm == init", &ctx, &ev) == 1, "comm: the name at the event's time");
	lttr_trace_close(t);

	ev = mkev(LTT_EV_FS_OPEN, NULL, 0);
	ev.details = false;
	CASES("fs_open without details", nodetail_cases, NULL, &ev);

	ev = mkev(LTT_EV_SCHEDCHANGE, &sc, sizeof(sc));
	CASES("schedchange", sched_cases, NULL, &ev);

	ev = mkev(LTT_EV_SOCKET_SEND, &so, sizeof(so));
	ev.var = "\x10\x00\x01\x02";
	ev.var_len = 4;
	CASES("socket_send netlink", peer_cases, NULL, &ev);

	memset(&mk, 0, sizeof(mk));
	mk.bits[0] = 1ULL << LTT_EV_SYSCALL_ENTRY | 1ULL << LTT_EV_FS_OPEN;
	memcpy(&cm, &mk, sizeof(cm));
	ev = mkev(LTT_EV_CHANGE_MASK, &cm, sizeof(cm));
	CASES("change_mask", mask_cases, NULL, &ev);

	ev = mkev(74, NULL, 0);
	ok(matches("type == unknown_74", NULL, &ev) == 1 && matches("id == 74", NULL, &ev) == 1 &&
	   matches("type =~ ^unknown", NULL, &ev) == 1 && matches("details", NULL, &ev) == 0,
	   "an unknown id: type unknown_74, id 74, no details");
}

/* names the trace gives: irq names from the snapshot, custom types */
static void check_trace_names(void)
{
	static const struct mcase irq_cases[] = {
		{ "name == ttyS0", 1 },
		{ "irq == ttyS0", 1 },
		{ "irq == virtio0", 0 },
		{ "irq == 4", 1 },
	};
	static const struct mcase custom_cases[] = {
		{ "name == ping", 1 },
		{ "type_id == ping", 1 },
		{ "type == custom && size == 4", 1 },
		{ "hex", 0 },
		{ "fields", 0 },
		{ "warning", 0 },
	};
	struct lttr_filter_ctx ctx = { 0 };
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *v;
	size_t n = 0;
	int st;

	if (!ok(tg_open("names",
			"header ncpus=1 start=1000 format=1.1 events=all\n"
			"proc IRQ: 4; NAME: ttyS0\n"
			"buf cpu=0 start=1000 pid=5\n"
			"1000 irq_entry 4 1\n"
			"1010 custom_create 1 fields ping x:u32\n"
			"1020 custom 1 u32:7\n", 0, &t, &err) == 0, "the trace with names opens")) {
		tap_diag("%s", err.msg);
		return;
	}
	v = tg_all_events(t, &n, 0, &st);
	if (st == 0 && n == 3) {
		ctx.t = t;
		CASES("irq_entry 4", irq_cases, &ctx, &v[0]);
		CASES("custom ping", custom_cases, &ctx, &v[2]);
		ok(matches("irq == ttyS0", NULL, &v[0]) == 0, "no trace: no irq names");
	} else {
		ok(0, "3 events (%zu)", n);
	}
	free(v);
	lttr_trace_close(t);
}

/* ---- what a filter allows ------------------------------------------------- */

/* sample events of @id: payloads of zeros, ones and a pattern, several pids */
static size_t samples(unsigned int id, struct lttr_event *out)
{
	static const char var[] = "\x01\x00/etc/passwd";
	uint8_t pl[sizeof(union lttr_payload)];
	size_t n = 0;
	int k, d;

	for (k = 0; k < 4; k++) {
		for (d = 0; d < 2; d++) {
			struct lttr_event *ev = &out[n++];

			if (k == 0)
				memset(pl, 0, sizeof(pl));
			else if (k == 1)
				memset(pl, 0xff, sizeof(pl));
			else
				memset(pl, k == 2 ? 3 : 1, sizeof(pl));
			*ev = mkev(id, pl, sizeof(pl));
			ev->details = ev->known && d == 0;
			ev->pid = (uint32_t)k;
			ev->cpu = (uint16_t)(k & 1);
			ev->control = d;
			ev->var = var;
			ev->var_len = sizeof(var) - 1;
			if (id == LTT_EV_SOCKET_SEND || id == LTT_EV_SOCKET_RECV)
				ev->p.socket_io.peer_len = (uint16_t)ev->var_len;
		}
	}
	return n;
}

static const char *const mask_exprs[] = {
	"type == fs_open",
	"!(type == fs_open)",
	"type == fs_open || pid == 3",
	"type =~ \"^fs_\" && !(type == fs_close)",
	"(type == fs_read || type == fs_write) && fd == 3",
	"fd == 3",
	"!(fd == 3)",
	"fd != 3",
	"name == read",
	"!name",
	"nr == read || type == exit",
	"id > 50",
	"!(id <= 20) && !(type == custom)",
	"id == fs_open || id == 25",
	"type != syscall_entry && nr == 0",
	"cpu == 1",
	"!(pid == 1 || type == fs_open)",
	"user",
	"!user && type =~ _entry$",
	"!!type == trace_start",
	"args.pid && !(type == exec)",
	"pid == 3 && !(type == fs_open || type == fs_close) || type == wakeup",
};

/* expressions whose id mask is exactly the ids that match */
static const char *const exact_exprs[] = {
	"type == fs_open",
	"!(type == fs_open)",
	"type =~ \"^fs_\" && !(type == fs_close)",
	"id > 50",
	"!(id <= 20) && !(type == custom)",
	"id == fs_open || id == 25",
	"type",
	"!id",
};

static void check_ids(void)
{
	struct lttr_event sv[16];
	struct ltt_event_mask ids;
	struct lttr_filter *f;
	struct lttr_error err;
	size_t i, k, ns;
	unsigned int id, allowed;

	for (i = 0; i < sizeof(mask_exprs) / sizeof(mask_exprs[0]); i++) {
		bool sound = true;

		if (lttr_filter_compile(mask_exprs[i], &f, &err) < 0) {
			ok(0, "%s: %s", mask_exprs[i], err.msg);
			continue;
		}
		lttr_filter_ids(f, &ids);
		allowed = 0;
		for (id = 0; id < LTT_EV_MAX; id++) {
			if (lttr_event_mask_has(&ids, id)) {
				allowed++;
				continue;
			}
			ns = samples(id, sv);
			for (k = 0; k < ns; k++)
				if (lttr_filter_match(f, NULL, &sv[k])) {
					tap_diag("%s: id %u excluded but sample %zu matches",
						 mask_exprs[i], id, k);
					sound = false;
				}
		}
		ok(sound, "id mask of \"%s\" is sound (%u ids allowed)", mask_exprs[i], allowed);
		lttr_filter_free(f);
	}
	for (i = 0; i < sizeof(exact_exprs) / sizeof(exact_exprs[0]); i++) {
		bool exact = true;

		if (lttr_filter_compile(exact_exprs[i], &f, &err) < 0) {
			ok(0, "%s: %s", exact_exprs[i], err.msg);
			continue;
		}
		lttr_filter_ids(f, &ids);
		for (id = 0; id < LTT_EV_MAX; id++) {
			ns = samples(id, sv);
			if (lttr_event_mask_has(&ids, id) != lttr_filter_match(f, NULL, &sv[0]))
				exact = false;
		}
		ok(exact, "id mask of \"%s\" is exact", exact_exprs[i]);
		lttr_filter_free(f);
	}
	if (lttr_filter_compile("type == fs_open || type == fs_close", &f, &err) == 0) {
		lttr_filter_ids(f, &ids);
		ok(ids.bits[0] == (1ULL << LTT_EV_FS_OPEN | 1ULL << LTT_EV_FS_CLOSE) &&
		   !ids.bits[1] && !ids.bits[2] && !ids.bits[3], "type == a || type == b: ids a and b");
		lttr_filter_free(f);
	}
	if (lttr_filter_compile("pid == 3 || cpu == 1", &f, &err) == 0) {
		lttr_filter_ids(f, &ids);
		ok(ids.bits[0] == UINT64_MAX && ids.bits[1] == UINT64_MAX &&
		   ids.bits[2] == UINT64_MAX && ids.bits[3] == UINT64_MAX,
		   "unconstrained: every bit set");
		lttr_filter_free(f);
	}
}

static int cpu_of(const char *expr)
{
	struct lttr_filter *f;
	struct lttr_error err;
	int c;

	if (lttr_filter_compile(expr, &f, &err) < 0)
		return -2;
	c = lttr_filter_cpu(f);
	lttr_filter_free(f);
	return c;
}

static void check_cpu(void)
{
	ok(cpu_of("cpu == 1 && pid == 3") == 1 && cpu_of("pid == 3 && (cpu == 2)") == 2,
	   "cpu == N && ...: N");
	ok(cpu_of("cpu == 1 || cpu == 2") == -1 && cpu_of("cpu == 1 || pid == 3") == -1,
	   "cpu == N || ...: no constraint");
	ok(cpu_of("cpu == 3 || (cpu == 3 && pid == 1)") == 3, "both sides of || on CPU 3: 3");
	ok(cpu_of("!(cpu != 2)") == 2 && cpu_of("!(cpu != 2 || pid == 1)") == 2 &&
	   cpu_of("!(cpu == 2)") == -1, "negations");
	ok(cpu_of("cpu >= 1") == -1 && cpu_of("pid == 1") == -1 && cpu_of("cpu") == -1 &&
	   cpu_of("cpu == -1") == -1 && cpu_of("cpu =~ 1") == -1, "other tests of cpu: none");
}

static void check_rows(void)
{
	struct lttr_filter *f;
	struct lttr_error err;

	lttr_filter_compile("pid == 5", &f, &err);
	ok(lttr_filter_match_row(f, 5, "sh", -1) && !lttr_filter_match_row(f, 6, "sh", -1) &&
	   !lttr_filter_match_row(f, UINT32_MAX, NULL, 5), "pid == 5: task 5, not task 6 nor CPU 5");
	lttr_filter_free(f);
	lttr_filter_compile("cpu == 1", &f, &err);
	ok(lttr_filter_match_row(f, UINT32_MAX, NULL, 1) && !lttr_filter_match_row(f, 1, "x", -1),
	   "cpu == 1: CPU 1, not task 1");
	lttr_filter_free(f);
	lttr_filter_compile("comm =~ ^ba && !(pid == 7)", &f, &err);
	ok(lttr_filter_match_row(f, 8, "bash", -1) && !lttr_filter_match_row(f, 7, "bash", -1) &&
	   !lttr_filter_match_row(f, 8, NULL, -1), "comm regex on task rows; no name: false");
	lttr_filter_free(f);
	lttr_filter_compile("type == fs_open || fd == 3 || time > 0 || control", &f, &err);
	ok(!lttr_filter_match_row(f, 3, "x", 3), "other fields: false on rows");
	lttr_filter_free(f);
	lttr_filter_compile("!(type == fs_open)", &f, &err);
	ok(lttr_filter_match_row(f, 3, "x", -1), "! of a false comparison: true on rows");
	lttr_filter_free(f);
}

/* "desc == \"TEXT\"" for the text of @ev's description, quoted */
static int desc_equals(const struct lttr_event *ev, const char *prefix)
{
	char d[LTTR_DESC_MAX], expr[2 * LTTR_DESC_MAX + 64];
	size_t i, n;

	lttr_event_describe(NULL, ev, d, sizeof(d));
	n = (size_t)snprintf(expr, sizeof(expr), "%sdesc == \"", prefix);
	for (i = 0; d[i]; i++) {
		if (d[i] == '"' || d[i] == '\\')
			expr[n++] = '\\';
		expr[n++] = d[i];
	}
	snprintf(expr + n, sizeof(expr) - n, "\"");
	return matches(expr, NULL, ev);
}

/* the description: the text dump prints after the task, its type first */
static void check_desc(void)
{
	struct ltt_ev_fs_open fo = { .fd = 3, .flags = 0, .mode = 0 };
	struct ltt_ev_syscall_entry se = { .ip = 0x401000, .nr = 0 };
	struct ltt_ev_schedchange sc = { .prev_pid = 5, .next_pid = 7, .prev_state = 1 };
	static const char path[] = "/tmp/a \"b\" c\\d";
	struct lttr_filter *f;
	struct lttr_error err;
	struct lttr_event ev;
	char d[LTTR_DESC_MAX];

	ev = mkev(LTT_EV_FS_OPEN, &fo, sizeof(fo));
	ev.var = path;
	ev.var_len = (uint32_t)strlen(path);
	ok(desc_equals(&ev, "") == 1 && desc_equals(&ev, "!") == 0,
	   "fs_open: desc is its description, quotes and backslashes of the name too");
	ok(matches("desc =~ \"^fs_open /tmp/a\"", NULL, &ev) == 1 &&
	   matches("desc =~ passwd", NULL, &ev) == 0 && matches("desc !~ passwd", NULL, &ev) == 1,
	   "fs_open: =~ and !~ on its description, which starts with the type");
	ev = mkev(LTT_EV_SYSCALL_ENTRY, &se, sizeof(se));
	lttr_event_describe(NULL, &ev, d, sizeof(d));
	ok(desc_equals(&ev, "") == 1 && matches("desc =~ \"syscall_entry read\"", NULL, &ev) == 1 &&
	   !strncmp(d, "syscall_entry read", 18), "syscall_entry: the syscall's name in it (%s)", d);
	ev = mkev(LTT_EV_SCHEDCHANGE, &sc, sizeof(sc));
	ok(desc_equals(&ev, "") == 1 && matches("desc =~ \"5 -> 7\"", NULL, &ev) == 1 &&
	   matches("type == fs_open && desc =~ 5", NULL, &ev) == 0,
	   "schedchange: prev -> next in it; && with another type: false");
	ev.details = false;
	ok(desc_equals(&ev, "") == 1 && matches("desc =~ \"no details\"", NULL, &ev) == 1,
	   "a record without details: its description says so");
	ok(matches("desc == 3", NULL, &ev) == -1 && matches("desc", NULL, &ev) == 1,
	   "desc is text: a number is a compile error; bare, it is never empty");
	lttr_filter_compile("desc =~ a || pid == 3", &f, &err);
	ok(!lttr_filter_match_row(f, 4, "a", 0) && lttr_filter_uses(f, "desc") &&
	   !lttr_filter_uses(f, "comm"), "rows have no description; the filter says it uses desc");
	lttr_filter_free(f);
}

static void check_api(void)
{
	struct lttr_filter *f;
	struct lttr_error err;
	const char *e = "comm == sh && args.pid == 3 && !fd";

	ok(lttr_filter_compile(e, &f, &err) == 0 && !strcmp(lttr_filter_text(f), e) &&
	   lttr_filter_uses(f, "comm") && lttr_filter_uses(f, "args.pid") &&
	   !lttr_filter_uses(f, "pid") && lttr_filter_uses(f, "fd") &&
	   lttr_filter_uses(f, "args.fd") && !lttr_filter_uses(f, "type"),
	   "the text as given; the fields it uses");
	lttr_filter_free(f);
	lttr_filter_free(NULL);
}

int main(void)
{
	tap_plan((int)(sizeof(precedence) / sizeof(precedence[0]) +
		       sizeof(errors) / sizeof(errors[0]) + 3 +
		       sizeof(syscall_cases) / sizeof(syscall_cases[0]) +
		       sizeof(open_cases) / sizeof(open_cases[0]) +
		       sizeof(flag_cases) / sizeof(flag_cases[0]) +
		       sizeof(exec_cases) / sizeof(exec_cases[0]) + 2 +
		       sizeof(nodetail_cases) / sizeof(nodetail_cases[0]) +
		       sizeof(sched_cases) / sizeof(sched_cases[0]) +
		       sizeof(peer_cases) / sizeof(peer_cases[0]) +
		       sizeof(mask_cases) / sizeof(mask_cases[0]) + 1 +
		       1 + 4 + 6 + 1 +
		       sizeof(mask_exprs) / sizeof(mask_exprs[0]) +
		       sizeof(exact_exprs) / sizeof(exact_exprs[0]) + 2 +
		       5 + 5 + 1 + 7));
	check_errors();
	check_nesting();
	check_matching();
	check_trace_names();
	check_ids();
	check_cpu();
	check_rows();
	check_api();
	check_desc();
	return tap_done();
}
