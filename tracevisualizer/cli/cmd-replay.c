// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-replay.c - tracevisualizer replay --script FILE TRACEDIR: the
 * breakpoints, watchpoints and commands of the script run over the
 * replayed trace (lttr/replay/replay.h, docs/replay.md); each stop
 * printed as a line (or a JSON object of the "stops" array), the
 * commands' output under it.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/output/json.h>
#include <lttr/reader/trace.h>
#include <lttr/replay/replay.h>
#include "cli.h"

struct out {
	const struct cli_opts *o;
	struct lttr_json j;
	bool nodes;		/* several: each stop says its node */
};

static const char *const kinds[] = { "break", "watch", "step", "end", "print" };

static void print_rel(int64_t rel)
{
	uint64_t a = rel < 0 ? (uint64_t)-rel : (uint64_t)rel;

	printf("%s%" PRIu64 ".%09" PRIu64, rel < 0 ? "-" : "", a / 1000000000U,
	       a % 1000000000U);
}

static void on_stop(void *arg, const struct lttr_replay_stop *s)
{
	struct out *w = arg;
	const char *k = s->kind < 5 ? kinds[s->kind] : "?";

	if (w->o->json) {
		struct lttr_json *j = &w->j;

		lttr_json_begin_object(j);
		lttr_json_kv_str(j, "kind", k);
		if (s->id)
			lttr_json_kv_u64(j, "id", s->id);
		lttr_json_kv_bool(j, "backward", s->backward);
		lttr_json_kv_u64(j, "event", s->ordinal);
		if (s->ordinal) {
			lttr_json_kv_i64(j, "rel_ns", s->rel_ns);
			lttr_json_kv_u64(j, "time_ns", s->time_ns);
			lttr_json_kv_u64(j, "cpu", s->cpu);
			lttr_json_kv_u64(j, "pid", s->pid);
			lttr_json_kv_str(j, "comm", s->comm);
			lttr_json_kv_str(j, "desc", s->desc);
			lttr_json_kv_u64(j, "logical_clock", s->logical);
		}
		lttr_json_kv_str(j, "node", s->node);
		if (s->spec)
			lttr_json_kv_str(j, "spec", s->spec);
		if (s->oldv)
			lttr_json_kv_str(j, "old", s->oldv);
		if (s->newv)
			lttr_json_kv_str(j, "value", s->newv);
		lttr_json_kv_str(j, "output", s->out ? s->out : "");
		lttr_json_end_object(j);
		return;
	}
	if (s->kind == LTTR_RSTOP_PRINT) {
		printf("print %s = %s\n", s->spec, s->newv);
		return;
	}
	if (s->kind == LTTR_RSTOP_END) {
		printf("end of the trace\n");
		return;
	}
	printf("%s%s", s->backward ? "back " : "", k);
	if (s->id)
		printf(" %u", s->id);
	printf(" at ");
	print_rel(s->rel_ns);
	printf(" #%" PRIu64, s->ordinal);
	if (w->nodes)
		printf(" node %s", s->node);
	printf(" cpu %u %s-%u %s", s->cpu, *s->comm ? s->comm : "?", s->pid, s->desc);
	if (s->kind == LTTR_RSTOP_WATCH)
		printf(" | %s: %s -> %s", s->spec, s->oldv, s->newv);
	putchar('\n');
	if (s->out && *s->out) {
		const char *p = s->out;

		while (*p) {
			size_t n = strcspn(p, "\n");

			printf("  %.*s\n", (int)n, p);
			p += n + (p[n] == '\n');
		}
	}
}

static void on_message(void *arg, const char *msg)
{
	(void)arg;
	fflush(stdout);
	fprintf(stderr, "%s: replay: %s\n", cli_prog, msg);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t n = 0, cap = 0;

	if (!f)
		return NULL;
	for (;;) {
		size_t k;

		if (cap - n < 4096) {
			char *b = realloc(buf, cap + 65536);

			if (!b) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = b;
			cap += 65536;
		}
		k = fread(buf + n, 1, cap - n - 1, f);
		n += k;
		if (!k)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static bool verb(const char *l, const char *v)
{
	size_t n = strlen(v);

	l += strspn(l, " \t");
	return !strncmp(l, v, n) && (!l[n] || l[n] == ' ' || l[n] == '\t' || l[n] == '\n');
}

static bool is_line(const char *l, const char *what)
{
	size_t n = strlen(what);

	l += strspn(l, " \t");
	return !strncmp(l, what, n) && !l[n + strspn(l + n, " \t\r\n")];
}

/* append @l to *@buf */
static int add_text(char **buf, size_t *len, const char *l)
{
	size_t n = strlen(l);
	char *b = realloc(*buf, *len + n + 2);

	if (!b)
		return -1;
	memcpy(b + *len, l, n);
	*len += n;
	if (!n || b[*len - 1] != '\n')
		b[(*len)++] = '\n';
	b[*len] = '\0';
	*buf = b;
	return 0;
}

/*
 * The commands from the standard input, each run when it is complete: a
 * break or watch line when the next line is not "commands", or with its
 * block up to "end commands".  An error is said and the prompt goes on;
 * "quit" or the end of the input ends.
 */
static int interactive(struct lttr_replay *r)
{
	struct cli_prompt *pr = cli_prompt_open("replay");
	bool tty = isatty(0) && isatty(1);
	char line[4096], *buf = NULL;
	size_t len = 0;
	unsigned int no = 0, first = 1;
	bool pending = false, block = false;
	struct lttr_error err;
	int st = 0;

	if (!pr)
		goto nomem;
	for (;;) {
		bool eof;

		const char *l = cli_prompt_read(pr, block ? "> " : "(replay) ");

		eof = !l;
		if (l)
			snprintf(line, sizeof(line), "%s", l);
		if (!eof)
			no++;
		if (block && !eof) {
			if (add_text(&buf, &len, line) < 0)
				goto nomem;
			if (!is_line(line, "end commands"))
				continue;
			block = false;	/* the block complete: run with its line */
			eof = false;
			line[0] = '\0';
		} else if (pending && !eof && is_line(line, "commands")) {
			if (add_text(&buf, &len, line) < 0)
				goto nomem;
			block = true;
			continue;
		}
		if (pending) {
			/* the break or watch line alone, then this line */
			pending = false;
			if (lttr_replay_exec(r, buf, first, &err) < 0) {
				fflush(stdout);
				fprintf(stderr, "%s: line %s\n", cli_prog, err.msg);
				if (err.code != LTTR_E_INVAL)
					break;
			}
			fflush(stdout);
			len = 0;
			if (buf)
				buf[0] = '\0';
		}
		if (eof || is_line(line, "quit"))
			break;
		if (!line[0])
			continue;
		first = no;
		if (add_text(&buf, &len, line) < 0)
			goto nomem;
		if (verb(line, "break") || verb(line, "watch")) {
			pending = true;
			continue;
		}
		if (lttr_replay_exec(r, buf, first, &err) < 0) {
			fflush(stdout);
			fprintf(stderr, "%s: line %s\n", cli_prog, err.msg);
			if (err.code != LTTR_E_INVAL)
				break;
		}
		fflush(stdout);
		len = 0;
		buf[0] = '\0';
	}
	goto out;
nomem:
	fprintf(stderr, "%s: %s\n", cli_prog, strerror(ENOMEM));
	st = EXIT_TRACE;
out:
	free(buf);
	cli_prompt_close(pr);
	if (tty)
		putchar('\n');
	return st;
}

/*
 * --hits EXPR: the moments the predicate becomes true, in --from..--to; of
 * a set (@h not NULL): on the first trace's clock, each with its node
 */
static int print_hits(struct cli_opts *o, struct lttr_trace *t, const struct cli_hosts *h)
{
	struct lttr_replay_hit *v;
	struct lttr_error err;
	struct lttr_json j;
	uint64_t from, to, start;
	size_t n, i;
	int rc;

	cli_window(o, t, &from, &to);
	start = lttr_trace_header(t)->start_ns;
	if (h)
		rc = lttr_replay_hits_set(h->t, h->n, h->prefixes, h->model, o->hits, from, to,
					  NULL, NULL, &v, &n, &err);
	else
		rc = lttr_replay_hits(t, o->hits, from, to, NULL, NULL, &v, &n, &err);
	if (rc < 0) {
		fprintf(stderr, "%s: --hits: %s\n", cli_prog, err.msg);
		return err.code == LTTR_E_INVAL ? EXIT_USAGE : EXIT_TRACE;
	}
	if (o->json) {
		if (h) {
			lttr_json_init(&j, stdout, o->pretty);
			lttr_json_begin_object(&j);
			lttr_json_key(&j, "nodes");
			lttr_json_begin_array(&j);
			for (i = 0; i < h->n; i++)
				lttr_json_string(&j, h->prefixes[i]);
			lttr_json_end_array(&j);
		} else {
			cli_json_begin(&j, o, t);
		}
		lttr_json_kv_str(&j, "predicate", o->hits);
		lttr_json_key(&j, "hits");
		lttr_json_begin_array(&j);
		for (i = 0; i < n; i++) {
			lttr_json_begin_object(&j);
			lttr_json_kv_u64(&j, "event", v[i].ordinal);
			lttr_json_kv_i64(&j, "rel_ns", (int64_t)(v[i].time_ns - start));
			lttr_json_kv_u64(&j, "time_ns", v[i].time_ns);
			if (h)
				lttr_json_kv_str(&j, "node", h->prefixes[v[i].node]);
			lttr_json_end_object(&j);
		}
		lttr_json_end_array(&j);
		cli_json_end(&j, o);
	} else {
		for (i = 0; i < n; i++) {
			printf("hit at ");
			print_rel((int64_t)(v[i].time_ns - start));
			printf(" #%" PRIu64, v[i].ordinal);
			if (h)
				printf(" node %s", h->prefixes[v[i].node]);
			putchar('\n');
		}
		printf("%zu hit%s of %s\n", n, n == 1 ? "" : "s", o->hits);
	}
	free(v);
	return 0;
}

static int hits(struct cli_opts *o)
{
	struct lttr_trace *t;
	int st = cli_open(o, &t);

	if (st)
		return st;
	st = print_hits(o, t, NULL);
	lttr_trace_close(t);
	return st;
}

/* --hits of a set: --from and --to on the first trace's clock */
static int hits_set(struct cli_opts *o)
{
	struct cli_hosts h;
	int st = cli_hosts_load_host(o, &h);

	if (st)
		return st;
	st = cli_hosts_names(&h);
	if (!st)
		st = print_hits(o, h.t[0], &h);
	cli_hosts_free(&h);
	return st;
}

/*
 * replay of several hosts' traces on one clock: merge's set, or the traces
 * given (synchronised as merge does); each host a node named as messages
 * names its prefix
 */
static int replay_set(struct cli_opts *o, struct out *w, struct lttr_replay_opts *ro)
{
	struct cli_hosts h;
	struct lttr_replay *r = NULL;
	struct lttr_error err;
	char *text = NULL;
	int st;

	if (o->hits)
		return hits_set(o);
	if (o->script && !(text = slurp(o->script))) {
		fprintf(stderr, "%s: %s: cannot read the script\n", cli_prog, o->script);
		return EXIT_USAGE;
	}
	st = cli_hosts_load(o, &h);
	if (!st)
		st = cli_hosts_names(&h);
	if (st) {
		cli_hosts_free(&h);
		free(text);
		return st;
	}
	w->nodes = true;
	if (lttr_replay_open_set(h.t, h.n, h.prefixes, h.model, ro, &r, &err) < 0) {
		fprintf(stderr, "%s: %s\n", cli_prog, err.msg);
		cli_hosts_free(&h);
		free(text);
		return EXIT_TRACE;
	}
	if (!text) {
		st = interactive(r);
		lttr_replay_close(r);
		cli_hosts_free(&h);
		return st;
	}
	if (o->json) {
		size_t k;

		lttr_json_init(&w->j, stdout, o->pretty);
		lttr_json_begin_object(&w->j);
		lttr_json_key(&w->j, "nodes");
		lttr_json_begin_array(&w->j);
		for (k = 0; k < h.n; k++)
			lttr_json_string(&w->j, h.prefixes[k]);
		lttr_json_end_array(&w->j);
		lttr_json_key(&w->j, "stops");
		lttr_json_begin_array(&w->j);
	}
	/* the whole script is parsed before anything runs */
	st = lttr_replay_exec(r, text, 1, &err);
	if (o->json) {
		lttr_json_end_array(&w->j);
		cli_json_end(&w->j, o);
	}
	lttr_replay_close(r);
	cli_hosts_free(&h);
	free(text);
	if (st < 0) {
		fflush(stdout);
		if (err.code == LTTR_E_INVAL)
			fprintf(stderr, "%s: %s:%s\n", cli_prog, o->script, err.msg);
		else
			fprintf(stderr, "%s: %s\n", cli_prog, err.msg);
		return err.code == LTTR_E_INVAL ? EXIT_USAGE : EXIT_TRACE;
	}
	return 0;
}

int cmd_replay(struct cli_opts *o)
{
	struct out w = { .o = o };
	struct lttr_replay_opts ro = { .allow_io = o->allow_io, .stop = on_stop,
				       .message = on_message, .arg = &w };
	struct lttr_trace *t;
	struct lttr_error err;
	char *text;
	int st;

	if (o->hits && o->script)
		return cli_needs("replay", "either --script FILE or --hits EXPR");
	if (!o->hits && (o->has_from || o->has_to))
		return cli_needs("replay", "--hits EXPR with --from or --to");
	if (!o->script && !o->hits && o->json)
		return cli_needs("replay", "--script FILE with --json");
	if (o->noperands || (o->dir && cli_is_merged(o->dir)))
		return replay_set(o, &w, &ro);
	if (o->hits)
		return hits(o);
	if (!o->script) {
		struct lttr_replay *r;

		if (o->json)
			return cli_needs("replay", "--script FILE with --json");
		st = cli_open(o, &t);
		if (st)
			return st;
		if (lttr_replay_open(t, &ro, &r, &err) < 0) {
			fprintf(stderr, "%s: %s\n", cli_prog, err.msg);
			lttr_trace_close(t);
			return EXIT_TRACE;
		}
		st = interactive(r);
		lttr_replay_close(r);
		lttr_trace_close(t);
		return st;
	}
	if (!(text = slurp(o->script))) {
		fprintf(stderr, "%s: %s: cannot read the script\n", cli_prog, o->script);
		return EXIT_USAGE;
	}
	st = cli_open(o, &t);
	if (st) {
		free(text);
		return st;
	}
	if (lttr_replay_check(text, t, &err) < 0) {
		fprintf(stderr, "%s: %s:%s\n", cli_prog, o->script, err.msg);
		free(text);
		lttr_trace_close(t);
		return err.code == LTTR_E_INVAL ? EXIT_USAGE : EXIT_TRACE;
	}
	if (o->json) {
		cli_json_begin(&w.j, o, t);
		lttr_json_key(&w.j, "stops");
		lttr_json_begin_array(&w.j);
	}
	st = lttr_replay_run(t, text, &ro, &err);
	if (o->json) {
		lttr_json_end_array(&w.j);
		cli_json_end(&w.j, o);
	}
	free(text);
	if (st < 0) {
		fflush(stdout);
		fprintf(stderr, "%s: %s\n", cli_prog, err.msg);
		lttr_trace_close(t);
		return err.code == LTTR_E_INVAL ? EXIT_USAGE : EXIT_TRACE;
	}
	lttr_trace_close(t);
	return 0;
}
