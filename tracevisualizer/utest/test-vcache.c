// SPDX-License-Identifier: GPL-2.0
/*
 * test-vcache.c - the view model's cache (lttr/view/cache.h): a view
 * written and read back is the built one field by field (the scenarios of
 * test-account.c, synthetic traces with irqs, softirqs, blocking and
 * wakeups, a gen-big trace, the guest's traces of tests/corpus with their
 * lost events); a stale identity, a truncated file, a flipped byte and a
 * wrong checksum are refused with a reason; lttr_view_open() writes the
 * cache beside the trace, reads it the next time, rebuilds and rewrites a
 * damaged one, and writes under $XDG_CACHE_HOME when the trace's
 * directory is read-only; LTTR_VIEW_CACHE=0 and LTTR_VCACHE_DISABLE
 * leave it alone.
 *
 * Not compared: the capacities of the arrays, the build's scratch (the
 * rows' local-code hash, their placeholder-time notes, the dictionary's
 * hash), which no query reads.
 */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include <lttr/analysis/account.h>
#include <lttr/model/process.h>
#include <lttr/view/cache.h>
#include <lttr/view/view.h>
#include <lttr/view/verify.h>
#include "view/view-internal.h"
#include "tap.h"
#include "tracegen.h"
#include "scenarios.h"
#include "simtrace.h"

static char first_diff[256];

#define SAME(what, a, b) do {							\
		if (!first_diff[0] && (a) != (b))				\
			snprintf(first_diff, sizeof(first_diff), "%s", what);	\
	} while (0)
#define SAMEB(what, a, b, n) do {						\
		if (!first_diff[0] && (n) && memcmp((a), (b), (n)))		\
			snprintf(first_diff, sizeof(first_diff), "%s", what);	\
	} while (0)

static bool str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void same_state(const struct lttr_vstate *a, const struct lttr_vstate *b)
{
	SAME("state cat", a->cat, b->cat);
	SAME("state sysvec", a->sysvec, b->sysvec);
	SAME("state preempted", a->preempted, b->preempted);
	SAME("state mode", a->mode, b->mode);
	SAME("state cpu", a->cpu, b->cpu);
	SAME("state pid", a->pid, b->pid);
	SAME("state what", a->what, b->what);
}

static void same_lat(const struct lttr_lat *a, const struct lttr_lat *b)
{
	SAME("lat count", a->count, b->count);
	SAME("lat total", a->total, b->total);
	SAME("lat min", a->min, b->min);
	SAME("lat max", a->max, b->max);
	SAMEB("lat hist", a->hist, b->hist, sizeof(a->hist));
}

static void same_sc(const struct lttr_acct_sc *a, const struct lttr_acct_sc *b)
{
	SAME("sc nr", a->nr, b->nr);
	same_lat(&a->lat, &b->lat);
	SAME("sc partial", a->partial, b->partial);
	SAME("sc no_return", a->no_return, b->no_return);
	SAME("sc cpu_ns", a->cpu_ns, b->cpu_ns);
	SAME("sc blocked_ns", a->blocked_ns, b->blocked_ns);
	SAME("sc runnable_ns", a->runnable_ns, b->runnable_ns);
}

static void same_task(const struct lttr_acct_task *a, const struct lttr_acct_task *b)
{
	size_t i;

	SAME("task pid", a->pid, b->pid);
	SAME("task tgid", a->tgid, b->tgid);
	SAME("task ppid", a->ppid, b->ppid);
	if (!first_diff[0] && (!str_same(a->name, b->name) || !str_same(a->cmdline, b->cmdline)))
		snprintf(first_diff, sizeof(first_diff), "task %u name or cmdline", a->pid);
	SAME("task threads", a->threads, b->threads);
	SAME("task begin_ns", a->begin_ns, b->begin_ns);
	SAME("task end_ns", a->end_ns, b->end_ns);
	SAME("task thread_life_ns", a->thread_life_ns, b->thread_life_ns);
	SAME("task running_ns", a->running_ns, b->running_ns);
	SAME("task user_ns", a->user_ns, b->user_ns);
	SAME("task syscall_ns", a->syscall_ns, b->syscall_ns);
	SAME("task trap_ns", a->trap_ns, b->trap_ns);
	SAME("task kernel_ns", a->kernel_ns, b->kernel_ns);
	SAME("task irq_ns", a->irq_ns, b->irq_ns);
	SAME("task softirq_ns", a->softirq_ns, b->softirq_ns);
	SAME("task runnable_ns", a->runnable_ns, b->runnable_ns);
	SAME("task unknown_ns", a->unknown_ns, b->unknown_ns);
	SAMEB("task blocked_ns", a->blocked_ns, b->blocked_ns, sizeof(a->blocked_ns));
	same_lat(&a->sched_lat, &b->sched_lat);
	SAME("task sched_lat_unknown", a->sched_lat_unknown, b->sched_lat_unknown);
	SAME("task switches", a->switches, b->switches);
	SAME("task preemptions", a->preemptions, b->preemptions);
	SAME("task zombie_ns", a->zombie_ns, b->zombie_ns);
	SAME("task exited", a->exited, b->exited);
	SAME("task kthread", a->kthread, b->kthread);
	SAME("task nsc", a->nsc, b->nsc);
	for (i = 0; i < a->nsc && i < b->nsc; i++)
		same_sc(&a->sc[i], &b->sc[i]);
}

static void same_procs(struct lttr_ptable *a, struct lttr_ptable *b)
{
	size_t na, nb, i, k;
	struct lttr_process **pa = lttr_ptable_sorted(a, &na), **pb = lttr_ptable_sorted(b, &nb);

	SAME("processes", na, nb);
	for (i = 0; pa && pb && i < na && i < nb; i++) {
		const struct lttr_process *x = pa[i], *y = pb[i];

		SAME("process pid", x->pid, y->pid);
		SAME("process tgid", x->tgid, y->tgid);
		SAME("process ppid", x->ppid, y->ppid);
		SAME("process in_snapshot", x->in_snapshot, y->in_snapshot);
		SAME("process forked", x->forked, y->forked);
		SAME("process exited", x->exited, y->exited);
		SAME("process exit_code", x->exit_code, y->exit_code);
		SAME("process fork_ns", x->fork_ns, y->fork_ns);
		SAME("process exit_ns", x->exit_ns, y->exit_ns);
		SAME("process execs", x->execs, y->execs);
		SAME("process events", x->events, y->events);
		SAME("process nnames", x->nnames, y->nnames);
		if (!first_diff[0] && (!str_same(x->name, y->name) ||
				       !str_same(x->cmdline, y->cmdline)))
			snprintf(first_diff, sizeof(first_diff), "process %u name", x->pid);
		for (k = 0; k < x->nnames && k < y->nnames; k++) {
			SAME("process name since", x->names[k].since_ns, y->names[k].since_ns);
			if (!first_diff[0] && !str_same(x->names[k].name, y->names[k].name))
				snprintf(first_diff, sizeof(first_diff), "process %u names", x->pid);
		}
	}
	free(pa);
	free(pb);
}

static void same_account(const struct lttr_account *a, const struct lttr_account *b)
{
	size_t i;

	SAME("acct start", a->start_ns, b->start_ns);
	SAME("acct end", a->end_ns, b->end_ns);
	SAME("acct ncpus", a->ncpus, b->ncpus);
	for (i = 0; i < a->ncpus && i < b->ncpus; i++) {
		const struct lttr_acct_cpu *x = &a->cpu[i], *y = &b->cpu[i];

		SAME("cpu idle", x->idle_ns, y->idle_ns);
		SAME("cpu user", x->user_ns, y->user_ns);
		SAME("cpu kernel", x->kernel_ns, y->kernel_ns);
		SAME("cpu irq", x->irq_ns, y->irq_ns);
		SAME("cpu softirq", x->softirq_ns, y->softirq_ns);
		SAME("cpu unknown", x->unknown_ns, y->unknown_ns);
		SAME("cpu sched", x->sched_ns, y->sched_ns);
		SAME("cpu switches", x->switches, y->switches);
		SAME("cpu cut", x->cut_ns, y->cut_ns);
	}
	SAME("ntasks", a->ntasks, b->ntasks);
	for (i = 0; i < a->ntasks && i < b->ntasks; i++)
		same_task(&a->tasks[i], &b->tasks[i]);
	SAME("nsc", a->nsc, b->nsc);
	for (i = 0; i < a->nsc && i < b->nsc; i++)
		same_sc(&a->sc[i], &b->sc[i]);
	SAME("nirqs", a->nirqs, b->nirqs);
	for (i = 0; i < a->nirqs && i < b->nirqs; i++) {
		SAME("irq", a->irqs[i].irq, b->irqs[i].irq);
		SAME("irq sysvec", a->irqs[i].sysvec, b->irqs[i].sysvec);
		same_lat(&a->irqs[i].lat, &b->irqs[i].lat);
	}
	SAME("nsoftirqs", a->nsoftirqs, b->nsoftirqs);
	for (i = 0; i < a->nsoftirqs && i < b->nsoftirqs; i++) {
		SAME("softirq", a->softirqs[i].vec, b->softirqs[i].vec);
		same_lat(&a->softirqs[i].lat, &b->softirqs[i].lat);
	}
	same_lat(&a->sched_lat, &b->sched_lat);
	SAME("sched_lat_unknown", a->sched_lat_unknown, b->sched_lat_unknown);
	SAME("unknown_ns", a->unknown_ns, b->unknown_ns);
	SAME("anomalies", a->anomalies, b->anomalies);
	SAME("lost_gaps", a->lost_gaps, b->lost_gaps);
	SAME("damaged_gaps", a->damaged_gaps, b->damaged_gaps);
	SAME("windowed", a->windowed, b->windowed);
	SAME("trace_start_ns", a->trace_start_ns, b->trace_start_ns);
	same_procs(a->procs, b->procs);
}

static void same_row(const struct vrow *a, const struct vrow *b)
{
	SAME("row kind", a->info.kind, b->info.kind);
	SAME("row sysvec", a->info.sysvec, b->info.sysvec);
	SAME("row idle_kthread", a->info.idle_kthread, b->info.idle_kthread);
	SAME("row id", a->info.id, b->info.id);
	SAME("row tgid", a->info.tgid, b->info.tgid);
	SAME("row ppid", a->info.ppid, b->info.ppid);
	if (!first_diff[0] && !str_same(a->info.name, b->info.name))
		snprintf(first_diff, sizeof(first_diff), "row %u name", a->info.id);
	SAME("row entries", a->info.entries, b->info.entries);
	SAME("row bytes", a->info.bytes, b->info.bytes);
	SAME("row len", a->len, b->len);
	SAMEB("row stream", a->buf, b->buf, a->len == b->len ? a->len : 0);
	SAME("row n", a->n, b->n);
	SAME("row last_t", a->last_t, b->last_t);
	SAME("row last_off", a->last_off, b->last_off);
	SAME("row last_code", a->last_code, b->last_code);
	SAME("row nev", a->nev, b->nev);
	SAME("row nlocal", a->nlocal, b->nlocal);
	SAMEB("row local", a->local, b->local,
	      a->nlocal == b->nlocal ? a->nlocal * sizeof(*a->local) : 0);
	SAME("row nck", a->nck, b->nck);
	if (a->nck == b->nck) {
		size_t k;

		for (k = 0; k < a->nck; k++) {
			SAME("checkpoint t", a->ck[k].t, b->ck[k].t);
			SAME("checkpoint off", a->ck[k].off, b->ck[k].off);
			SAME("checkpoint nev", a->ck[k].nev, b->ck[k].nev);
		}
	}
	SAME("row ncol", a->ncol, b->ncol);
	SAMEB("row cats", a->cats, b->cats, sizeof(a->cats));
	SAMEB("row col", a->col, b->col, sizeof(a->col));
	SAMEB("row sums", a->sums, b->sums,
	      a->nck == b->nck && a->ncol == b->ncol ? a->nck * a->ncol * sizeof(*a->sums) : 0);
	SAMEB("row cum", a->cum, b->cum, sizeof(a->cum));
	SAME("row last_entry", a->last_entry, b->last_entry);
	SAME("row ooo", a->ooo, b->ooo);
	SAME("row last_ph", a->last_ph, b->last_ph);
	SAME("row finalized", a->finalized, b->finalized);
}

/* the first field where two views differ, "" when none does */
static const char *view_diff(const struct lttr_view *a, const struct lttr_view *b)
{
	size_t i, k;
	unsigned int c;

	first_diff[0] = '\0';
	SAME("trace", a->t, b->t);
	SAME("start", a->start, b->start);
	SAME("end", a->end, b->end);
	SAME("ncpus", a->ncpus, b->ncpus);
	SAME("out_of_order", a->out_of_order, b->out_of_order);
	SAME("states", a->dict.n, b->dict.n);
	for (i = 0; i < a->dict.n && i < b->dict.n; i++) {
		same_state(&a->dict.v[i].key, &b->dict.v[i].key);
		same_state(&a->dict.v[i].disp, &b->dict.v[i].disp);
		SAME("placeholder", a->dict.v[i].placeholder, b->dict.v[i].placeholder);
		SAME("retired", a->dict.v[i].retired, b->dict.v[i].retired);
	}
	for (c = 0; c < LTT_MAX_CPUS; c++) {
		SAME("nevents", a->nevents[c], b->nevents[c]);
		SAME("nbufids", a->nbufids[c], b->nbufids[c]);
		SAMEB("bufids", a->bufids[c], b->bufids[c],
		      a->nbufids[c] == b->nbufids[c] ? a->nbufids[c] * 8 : 0);
		SAME("nevmarks", a->nevmarks[c], b->nevmarks[c]);
		for (k = 0; k < a->nevmarks[c] && k < b->nevmarks[c]; k++) {
			SAME("evmark t", a->evmarks[c][k].t, b->evmarks[c][k].t);
			SAME("evmark bi", a->evmarks[c][k].bi, b->evmarks[c][k].bi);
			SAME("evmark off", a->evmarks[c][k].off, b->evmarks[c][k].off);
		}
		SAME("nlost", a->nlost[c], b->nlost[c]);
		for (k = 0; k < a->nlost[c] && k < b->nlost[c]; k++) {
			SAME("lost t", a->lost[c][k].t, b->lost[c][k].t);
			SAME("lost n", a->lost[c][k].n, b->lost[c][k].n);
		}
		if (!first_diff[0] && strcmp(a->cpu_names[c], b->cpu_names[c]))
			snprintf(first_diff, sizeof(first_diff), "cpu name");
	}
	if (!first_diff[0] && strcmp(a->group_name, b->group_name))
		snprintf(first_diff, sizeof(first_diff), "group name");
	SAME("nrows", a->nrows, b->nrows);
	for (i = 0; i < a->nrows && i < b->nrows; i++) {
		same_row(&a->rows[i], &b->rows[i]);
		if (a->rows[i].info.kind == LTTR_VROW_TASK)
			SAME("task row map", lttr_view_find_row(a, LTTR_VROW_TASK, a->rows[i].info.id, false),
			     lttr_view_find_row(b, LTTR_VROW_TASK, b->rows[i].info.id, false));
	}
	same_account(a->acct, b->acct);
	SAME("warnings", lttr_view_warnings((struct lttr_view *)a, NULL, 0),
	     lttr_view_warnings((struct lttr_view *)b, NULL, 0));
	return first_diff;
}

static const uint8_t ident[] = "identity of the test's trace";

/* a view through the format and back, compared; the damaged copies refused */
static void round_trip(const char *name, struct lttr_trace *t, struct lttr_view *v)
{
	struct lttr_view *w = NULL;
	uint8_t *b = NULL;
	size_t len = 0, i, bad = 0, accepted = 0;
	char why[256] = "";

	int e = lttr_vcache_encode(v, ident, sizeof(ident), &b, &len, why, sizeof(why));

	if (!ok(!e, "%s: encoded (%zu bytes) %s", name, len, why))
		return;
	ok(!lttr_vcache_decode(t, ident, sizeof(ident), b, len, &w, why, sizeof(why)),
	   "%s: decoded %s", name, why);
	if (w) {
		const char *d = view_diff(v, w);

		ok(!d[0], "%s: the cached view is the built one field by field%s%s", name,
		   d[0] ? ": differs in " : "", d);
	}
	lttr_view_free(w);
	w = NULL;
	ok(lttr_vcache_decode(t, "another", 8, b, len, &w, why, sizeof(why)) &&
	   !strncmp(why, "stale:", 6), "%s: another identity is stale (%s)", name, why);
	ok(lttr_vcache_decode(t, ident, sizeof(ident), b, len - 1, &w, why, sizeof(why)) &&
	   !strncmp(why, "truncated", 9), "%s: a file cut short is refused (%s)", name, why);
	b[len - 1] ^= 0x40;
	ok(lttr_vcache_decode(t, ident, sizeof(ident), b, len, &w, why, sizeof(why)) &&
	   strstr(why, "checksum"), "%s: a flipped byte fails the checksum (%s)", name, why);
	b[len - 1] ^= 0x40;
	/*
	 * past the checksum: each byte of the payload changed, the checksum
	 * made again, as a damaged file that matched it would be; every
	 * decode either refuses it or gives a view the queries can read
	 */
	for (i = 8; i < len; i += 1 + len / 3000) {
		uint8_t *c = malloc(len);

		if (!c)
			break;
		memcpy(c, b, len);
		c[i] ^= (uint8_t)(i * 37 + 1);
		lttr_vcache_reseal(c, len);
		if (lttr_vcache_decode(t, ident, sizeof(ident), c, len, &w, why, sizeof(why))) {
			bad++;
		} else {
			struct lttr_vcell cells[64];
			size_t r;

			accepted++;
			for (r = 0; r < lttr_view_nrows(w); r++)
				lttr_view_cells(w, r, lttr_view_start(w), lttr_view_end(w) + 1, 64, cells);
			lttr_view_warnings(w, NULL, 0);
			lttr_view_free(w);
			w = NULL;
		}
		free(c);
	}
	ok(bad > 0, "%s: damaged payloads with a good checksum: %zu refused, %zu read", name,
	   bad, accepted);
	free(b);
}

static void desc_trace(const char *name, const char *desc)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_view *v = NULL;

	if (tg_open(name, desc, 0, &t, &err)) {
		ok(0, "%s: opened: %s", name, err.msg);
		return;
	}
	if (ok(!lttr_view_build(t, NULL, NULL, &v, &err), "%s: built", name))
		round_trip(name, t, v);
	lttr_view_free(v);
	lttr_trace_close(t);
}

static void dir_trace(const char *name, const char *dir)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_view *v = NULL;

	if (lttr_trace_open(dir, 0, &t, &err)) {
		ok(0, "%s: opened: %s", name, err.msg);
		return;
	}
	if (ok(!lttr_view_build(t, NULL, NULL, &v, &err), "%s: built", name))
		round_trip(name, t, v);
	lttr_view_free(v);
	lttr_trace_close(t);
}

/* open @dir with lttr_view_open(): the outcome's name, the view compared to a build */
static const char *open_once(const char *dir, unsigned int flags, char *note, size_t nlen,
			     bool *same)
{
	struct lttr_vcache_report rep;
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_view *v = NULL, *ref = NULL;
	const char *o = "error";

	*same = false;
	note[0] = '\0';
	if (lttr_trace_open(dir, 0, &t, &err))
		return "not opened";
	if (!lttr_view_open(t, flags, NULL, NULL, &v, &rep, &err)) {
		o = lttr_vcache_outcome_name(rep.outcome);
		snprintf(note, nlen, "%s", rep.note);
		if (!lttr_view_build(t, NULL, NULL, &ref, &err))
			*same = !view_diff(ref, v)[0];
	}
	lttr_view_free(v);
	lttr_view_free(ref);
	lttr_trace_close(t);
	return o;
}

static void files(const char *self)
{
	char cmd[4096], dir[2048], path[2400], note[LTTR_VCACHE_NOTE_LEN], *out = NULL;
	char *sdir = strdup(self);
	const char *tdir = tap_tmpdir("open"), *o;
	struct stat st;
	bool same;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "%s/gen-big -n 60000 -c 2 %s/t", sdir ? dirname(sdir) : ".", tdir);
	free(sdir);
	ok(tap_run(cmd, &out) == 0, "files: gen-big wrote 60000 events");
	free(out);
	snprintf(dir, sizeof(dir), "%s/t", tdir);
	snprintf(path, sizeof(path), "%s/%s", dir, LTTR_VCACHE_NAME);

	unsetenv("LTTR_VIEW_CACHE");
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "small") && stat(path, &st) && same,
	   "files: a small trace is not cached (%s)", o);
	setenv("LTTR_VIEW_CACHE", "always", 1);
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "written") && !stat(path, &st) && !note[0] && same,
	   "files: the first open writes %s (%s) %s", LTTR_VCACHE_NAME, o, note);
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "read") && !note[0] && same,
	   "files: the next reads it, the same model as a build (%s)", o);
	o = open_once(dir, LTTR_VCACHE_DISABLE, note, sizeof(note), &same);
	ok(!strcmp(o, "off") && same, "files: LTTR_VCACHE_DISABLE builds (%s)", o);
	setenv("LTTR_VIEW_CACHE", "0", 1);
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "off") && same, "files: LTTR_VIEW_CACHE=0 builds (%s)", o);
	setenv("LTTR_VIEW_CACHE", "always", 1);

	/* damaged: cut in the middle */
	if (truncate(path, st.st_size / 2) == 0) {
		o = open_once(dir, 0, note, sizeof(note), &same);
		ok(!strcmp(o, "written") && strstr(note, "ignored (truncated") && same,
		   "files: a truncated cache is ignored, said, rebuilt and written again: %s", note);
		o = open_once(dir, 0, note, sizeof(note), &same);
		ok(!strcmp(o, "read") && same, "files: ... and read the next time (%s)", o);
	}
	/* damaged: a byte changed in the middle */
	f = fopen(path, "r+b");
	if (f && !fseek(f, st.st_size / 2, SEEK_SET)) {
		int c = fgetc(f);

		fseek(f, st.st_size / 2, SEEK_SET);
		fputc(c ^ 0x10, f);
	}
	if (f)
		fclose(f);
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "written") && strstr(note, "checksum") && same,
	   "files: a corrupt cache is ignored, said, rebuilt: %s", note);
	/* stale: the trace's proc file touched */
	snprintf(cmd, sizeof(cmd), "%s/proc", dir);
	f = fopen(cmd, "ab");
	if (f)
		fclose(f);
	{
		struct timespec ts[2] = { { 0, UTIME_NOW }, { 1, 0 } };

		utimensat(AT_FDCWD, cmd, ts, 0);
	}
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "written") && strstr(note, "stale") && same,
	   "files: a trace changed since makes the cache stale: %s", note);

	/*
	 * a trace directory where the cache cannot be written: read-only, or
	 * for root (whom a mode does not stop) a directory in its place
	 */
	unlink(path);
	snprintf(cmd, sizeof(cmd), "%s/xdg", tdir);
	setenv("XDG_CACHE_HOME", cmd, 1);
	chmod(dir, 0555);
	if (access(dir, W_OK) == 0)
		mkdir(path, 0755);
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "written") && !note[0] && same,
	   "files: a trace directory not writable: written under $XDG_CACHE_HOME (%s) %s", o, note);
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "read") && same, "files: ... and read from there (%s)", o);
	/* neither writable: a note, and the model all the same */
	setenv("XDG_CACHE_HOME", "/proc/no-such-dir", 1);
	o = open_once(dir, 0, note, sizeof(note), &same);
	ok(!strcmp(o, "not-written") && strstr(note, "not saved") && same,
	   "files: nowhere to write: said, the model built (%s) %s", o, note);
	rmdir(path);
	chmod(dir, 0755);
	unsetenv("XDG_CACHE_HOME");
	unsetenv("LTTR_VIEW_CACHE");
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		const char *desc;
	} scen[] = {
		{ "A", A_DESC }, { "B", B_DESC }, { "S", S_DESC }, { "Z", Z_DESC("") },
		{ "lostgap", LOSTGAP_DESC }, { "T", T_DESC }, { "P", P_DESC },
	};
	const char *corpus = getenv("LTT_CORPUS");
	char path[4096];
	size_t i;

	(void)argc;
	for (i = 0; i < sizeof(scen) / sizeof(scen[0]); i++)
		desc_trace(scen[i].name, scen[i].desc);
	for (i = 0; i < 3; i++) {
		uint64_t end;
		char *d = sim_desc(3000, 11 + i, &end), name[32];

		snprintf(name, sizeof(name), "sim%zu", i);
		if (d)
			desc_trace(name, d);
		free(d);
	}
	for (i = 0; i < 2; i++) {
		static const char *const names[] = { "guest-mix", "guest-lost" };

		snprintf(path, sizeof(path), "%s/%s", corpus && *corpus ? corpus : "../tests/corpus",
			 names[i]);
		dir_trace(names[i], path);
	}
	files(argv[0]);
	return tap_done();
}
