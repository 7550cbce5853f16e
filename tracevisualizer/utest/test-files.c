// SPDX-License-Identifier: GPL-2.0
/*
 * test-files.c - lttr_view_files(): the files some tasks opened, against
 * a walk of every event of a two-CPU trace (opens in some buffers only,
 * failed opens, a record without details, the same name from several
 * tasks): for the tasks of one process, of another, of every task, of
 * none, and of a set too long for a filter expression, each file's count,
 * failures, first and last times and last result are the walk's, and the
 * opens are the ones lttr_view_find() finds one after the other with the
 * same filter; the progress callback rises and cancels.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/files.h>
#include <lttr/view/filter.h>
#include <lttr/view/search.h>
#include "tap.h"
#include "tracegen.h"

#define T0 1000000000ULL

static int add(char *d, size_t *n, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int add(char *d, size_t *n, size_t cap, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(d + *n, cap - *n, fmt, ap);
	va_end(ap);
	if (r > 0 && (size_t)r < cap - *n)
		*n += (size_t)r;
	return r;
}

/* CPU 0: task 5; CPU 1: tasks 6 and 7 (one process) taking turns */
static char *make_desc(void)
{
	static const char *const files[] = { "/etc/passwd", "/tmp/x", "/etc/hosts",
		"/lib/libc.so.6", "/nonexistent", "/dev/null" };
	size_t cap = 1 << 21, n = 0;
	char *d = malloc(cap);
	unsigned int cpu, i;

	if (!d)
		return NULL;
	add(d, &n, cap, "header ncpus=2 end=%llu\n"
	    "proc PID: 5; PPID: 1; TGID: 5; NAME: cat\n"
	    "proc PID: 6; PPID: 1; TGID: 6; NAME: make\n"
	    "proc PID: 7; PPID: 1; TGID: 6; NAME: make\n", T0 + 2000000);
	for (cpu = 0; cpu < 2; cpu++) {
		uint32_t pid = cpu ? 6 : 5;

		for (i = 0; i < 3000; i++) {
			uint64_t t = T0 + i * 400 + cpu * 7;
			unsigned int f = (i / 7 + cpu * 3) % 6;

			if (i % 200 == 0)
				add(d, &n, cap, "buf cpu=%u start=%llu pid=%u\n", cpu,
				    (unsigned long long)t, pid);
			switch (i % 5) {
			case 0:
				add(d, &n, cap, "%llu syscall_entry 2\n", (unsigned long long)t);
				break;
			case 1:	/* opens in two buffers of three */
				if ((i / 200) % 3 == 1)
					break;
				if (i == 601 && cpu)
					add(d, &n, cap, "%llu nodetail fs_open\n",
					    (unsigned long long)t);
				else
					add(d, &n, cap, "%llu fs_open %d %u 0 %s\n",
					    (unsigned long long)t, f == 4 ? -2 : (int)(3 + i % 4),
					    i % 2 ? 0x80000u : 0x241u, files[f]);
				break;
			case 2:
				add(d, &n, cap, "%llu syscall_exit 2 3\n", (unsigned long long)t);
				break;
			case 3:
				if (cpu && i % 3 == 0) {
					uint32_t next = pid == 6 ? 7 : 6;

					add(d, &n, cap, "%llu sched %u %u 0\n", (unsigned long long)t,
					    pid, next);
					pid = next;
				}
				break;
			default:
				break;
			}
		}
	}
	return d;
}

static bool in_set(uint32_t pid, const uint32_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] == pid)
			return true;
	return false;
}

/* the walk: every event in merged order; NULL @pids: every task */
static size_t walk(const struct lttr_event *all, size_t n, const uint32_t *pids, size_t np,
		   struct lttr_file_use *w, size_t cap)
{
	size_t nw = 0, i, k;

	for (i = 0; i < n; i++) {
		const struct lttr_event *ev = &all[i];
		const char *name = ev->details ? ev->var : "";
		size_t len = ev->details ? strnlen(ev->var, ev->var_len) : 0;

		if (ev->id != LTT_EV_FS_OPEN || (pids && !in_set(ev->pid, pids, np)))
			continue;
		for (k = 0; k < nw; k++)
			if (strlen(w[k].name) == len && !strncmp(w[k].name, name, len))
				break;
		if (k == nw) {
			if (nw == cap)
				continue;
			memset(&w[k], 0, sizeof(w[k]));
			w[k].name = strndup(name, len);
			w[k].first_ns = ev->time_ns;
			nw++;
		}
		w[k].opens++;
		w[k].failed += ev->details && ev->p.fs_open.fd < 0;
		w[k].last_ns = ev->time_ns;
		w[k].last_pid = ev->pid;
		w[k].last_fd = ev->details ? ev->p.fs_open.fd : 0;
		w[k].last_flags = ev->details ? ev->p.fs_open.flags : 0;
		w[k].last_mode = ev->details ? ev->p.fs_open.mode : 0;
	}
	return nw;
}

static bool same(const struct lttr_files *got, struct lttr_file_use *w, size_t nw)
{
	uint64_t opens = 0;
	size_t i, k;
	bool good = got->n == nw;

	for (i = 0; good && i < got->n; i++) {
		const struct lttr_file_use *u = &got->v[i];

		if (i && strcmp(got->v[i - 1].name, u->name) >= 0)
			good = false;
		for (k = 0; good && k < nw; k++)
			if (!strcmp(w[k].name, u->name))
				break;
		if (!good || k == nw || w[k].opens != u->opens || w[k].failed != u->failed ||
		    w[k].first_ns != u->first_ns || w[k].last_ns != u->last_ns ||
		    w[k].last_pid != u->last_pid || w[k].last_fd != u->last_fd ||
		    w[k].last_flags != u->last_flags || w[k].last_mode != u->last_mode) {
			tap_diag("file %s differs", u->name);
			good = false;
		}
		opens += u->opens;
	}
	return good && opens == got->opens;
}

/* every match of @expr, one lttr_view_find() after the other, counted by name */
static bool by_find(struct lttr_view *v, const char *expr, const struct lttr_files *f)
{
	struct lttr_filter *flt = NULL;
	struct lttr_event ev;
	struct lttr_view_pos pos, *from = NULL;
	struct lttr_error err;
	uint64_t *count = calloc(f->n + 1, sizeof(*count)), total = 0;
	bool good = count && !lttr_filter_compile(expr, &flt, &err);
	size_t i;

	while (good && lttr_view_find(v, flt, from, false, 1, NULL, NULL, &ev, NULL, &err) == 1) {
		const char *name = ev.details ? ev.var : "";
		size_t len = ev.details ? strnlen(ev.var, ev.var_len) : 0;

		pos = lttr_view_pos_of(&ev);
		from = &pos;
		total++;
		for (i = 0; i < f->n; i++)
			if (strlen(f->v[i].name) == len && !strncmp(f->v[i].name, name, len))
				break;
		count[i]++;
	}
	for (i = 0; good && i < f->n; i++)
		good = count[i] == f->v[i].opens;
	good = good && count[f->n] == 0 && total == f->opens;
	lttr_filter_free(flt);
	free(count);
	return good;
}

struct prog {
	unsigned int calls;
	unsigned int last;
	bool wrong;
	unsigned int cancel_at;
};

static int prog_cb(void *arg, unsigned int pm)
{
	struct prog *p = arg;

	if (pm < p->last || pm > 1000)
		p->wrong = true;
	p->last = pm;
	return ++p->calls == p->cancel_at;
}

int main(void)
{
	static const uint32_t p5[] = { 5 }, p67[] = { 7, 6 };
	char *desc = make_desc();
	struct lttr_trace *t = NULL;
	struct lttr_view *v = NULL;
	struct lttr_error err;
	struct lttr_files f;
	struct lttr_file_use w[16];
	struct lttr_event *all = NULL;
	struct prog pg = { 0, 0, false, 0 };
	uint32_t *many;
	size_t n = 0, nw, i;
	int status;

	tap_plan(9);
	if (!desc || tg_open("files", desc, 0, &t, &err) || lttr_view_build(t, NULL, NULL, &v, &err)) {
		ok(0, "the trace: %s", desc ? err.msg : "no memory");
		free(desc);
		return tap_done();
	}
	free(desc);
	all = tg_all_events(t, &n, 0, &status);
	ok(all && n > 3000, "a trace of %zu events on 2 CPUs", n);

	nw = walk(all, n, p5, 1, w, 16);
	ok(!lttr_view_files(v, p5, 1, prog_cb, &pg, &f, &err) && nw == 6 && same(&f, w, nw) &&
	   !pg.wrong && pg.last == 1000,
	   "task 5: its %zu files (some failed opens) as the walk finds them; progress "
	   "rises to 1000", nw);
	lttr_view_files_free(&f);
	for (i = 0; i < nw; i++)
		free(w[i].name);

	nw = walk(all, n, p67, 2, w, 16);
	ok(!lttr_view_files(v, p67, 2, NULL, NULL, &f, &err) && same(&f, w, nw) &&
	   f.n && !f.v[0].name[0], "tasks 6 and 7: %zu files, the record without details under "
	   "the empty name", nw);
	ok(by_find(v, "type == fs_open && (pid == 7 || pid == 6)", &f),
	   "the opens lttr_view_find() finds one by one with the filter "
	   "\"type == fs_open && (pid == 7 || pid == 6)\"");
	lttr_view_files_free(&f);
	for (i = 0; i < nw; i++)
		free(w[i].name);

	nw = walk(all, n, NULL, 0, w, 16);
	ok(!lttr_view_files(v, NULL, 0, NULL, NULL, &f, &err) && same(&f, w, nw),
	   "every task: %zu files", nw);
	lttr_view_files_free(&f);
	for (i = 0; i < nw; i++)
		free(w[i].name);

	ok(!lttr_view_files(v, p5, 0, NULL, NULL, &f, &err) && f.n == 0 && f.opens == 0,
	   "no task: no file");
	lttr_view_files_free(&f);

	/* more pids than an expression holds: the set is checked apart */
	many = calloc(2000, sizeof(*many));
	for (i = 0; many && i < 2000; i++)
		many[i] = (uint32_t)(i * 3 + 1000);
	if (many)
		many[1234] = 6;
	nw = walk(all, n, many, 2000, w, 16);
	ok(many && !lttr_view_files(v, many, 2000, NULL, NULL, &f, &err) && same(&f, w, nw) &&
	   f.opens && f.v[f.n - 1].last_pid == 6, "2000 tasks (task 6 among them): %zu files", nw);
	lttr_view_files_free(&f);
	for (i = 0; i < nw; i++)
		free(w[i].name);
	free(many);

	pg.calls = pg.last = 0;
	pg.cancel_at = 2;
	ok(lttr_view_files(v, NULL, 0, prog_cb, &pg, &f, &err) == -LTTR_E_CANCELED &&
	   err.code == LTTR_E_CANCELED && !f.n && !f.v && pg.calls == 2,
	   "the progress callback cancels: LTTR_E_CANCELED, nothing returned");
	lttr_view_files_free(&f);
	ok(lttr_trace_buffer_count(t, 0) + lttr_trace_buffer_count(t, 1) == 30,
	   "(30 buffers, a third without opens)");

	free(all);
	lttr_view_free(v);
	lttr_trace_close(t);
	return tap_done();
}
