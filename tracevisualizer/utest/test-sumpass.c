// SPDX-License-Identifier: GPL-2.0
/*
 * test-sumpass.c - the summary's first pass (each CPU alone, on threads)
 * against the generic scan (LTTR_THREADS=0): random traces with every
 * kind of record the first pass handles inline or decodes itself, with
 * custom events and with a malformed record (where the first pass hands
 * over to the generic scan), with compact records (format 1.2) among full
 * ones, must give the same summary, the same
 * warnings in the same order, the same error, and leave the same state
 * for the iterator (the buffers' nesting: control marks), whatever the
 * number of threads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

/* COMPACT: format 1.2, most buffers compact; CBROKEN: and a short one */
enum { PLAIN, CUSTOM, BROKEN, NOLOST, COMPACT, CBROKEN };

static const char *const names[] = {
	"syscall_entry", "schedchange", "trap_entry", "irq_exit", "custom",
	"fork", "exec", "change_mask", "trace_start",
};

static unsigned int rnd(unsigned int n)
{
	return (unsigned int)(random() % n);
}

/* a random trace of @ncpus CPUs, @nbufs buffers per CPU, as a description */
static char *make_desc(unsigned int ncpus, unsigned int nbufs, int kind)
{
	static const uint32_t nrs[] = { 0, 1, 39, 57, 59, 60, 511, 512, 600, 100000 };
	uint32_t cur[8];
	uint64_t now[8];
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned int c, b, k, broken_cpu = rnd(ncpus), broken_buf = nbufs / 2;
	bool cmp = kind == COMPACT || kind == CBROKEN;

	if (!f)
		return NULL;
	/*
	 * minor 200: a format newer than the reader's, whose unknown ids (the
	 * "rec 200.." records below) are events added since, skipped by
	 * their size (in the reader's own format they would be damage)
	 */
	fprintf(f, "header ncpus=%u format=%s minor=200 events=all\n", ncpus, cmp ? "1.2" : "1.1");
	fprintf(f, "proc PID: 1; PPID: 0; TGID: 1; NAME: init\n");
	fprintf(f, "proc PID: 100; PPID: 1; TGID: 100; NAME: sh\n");
	for (c = 0; c < ncpus; c++) {
		cur[c] = 100 + c;
		now[c] = 1000000000ULL;
	}
	for (b = 0; b < nbufs; b++) {
		for (c = 0; c < ncpus; c++) {
			unsigned int nev = 20 + rnd(200);

			if (rnd(10) == 0)
				cur[c] = 100 + rnd(12);	/* header pid != last next */
			fprintf(f, "buf cpu=%u start=%llu pid=%u lost=%u\n", c,
				(unsigned long long)now[c], cur[c], rnd(3));
			if (cmp)
				fprintf(f, "records %s\n", rnd(4) ? "compact" : "full");
			if (b == 0 && c % 2 == 0)
				fprintf(f, "%llu start %u %u\n",
					(unsigned long long)(now[c] += 1 + rnd(5)), cur[c], c);
			if (kind == CUSTOM && b == 0 && c == 0)
				fprintf(f, "%llu custom_create 1 fields ping seq:u32\n"
					"%llu custom_create 2 string note -\n",
					(unsigned long long)now[c],
					(unsigned long long)now[c]);
			for (k = 0; k < nev; k++) {
				unsigned long long t = now[c] += 1 + rnd(50);
				unsigned int r = rnd(1000);
				uint32_t nr = nrs[rnd(sizeof(nrs) / sizeof(nrs[0]))];
				uint32_t pid = 100 + rnd(12);

				if (kind == BROKEN && c == broken_cpu &&
				    b == broken_buf && k == nev / 2) {
					fprintf(f, "%llu rec 1 65000\n", t);
					continue;
				}
				if (kind == CBROKEN && c == broken_cpu &&
				    b == broken_buf && k == nev / 2) {
					/* a compact syscall_exit needs 4 bytes */
					fprintf(f, "%llu rec 2 8 flags=2\n", t);
					continue;
				}
				if (cmp && r >= 990) {
					/* values that do not fit a compact form */
					static const char *const big[] = {
						"syscall_exit 9 139637976727552",
						"syscall_exit 1024 0",
						"syscall_entry 1073741825 0x401000",
						"trap_entry 14 0x1000 0x800000000000 1",
						"irq_entry 16777216 1",
						"irq_exit 16777216 0",
						"wakeup 4194304 0 0",
						"wakeup 7 256 0",
					};

					fprintf(f, "%llu %s\n", t, big[rnd(8)]);
					continue;
				}
				if (r < 300)
					fprintf(f, "%llu syscall_entry %u\n", t, nr);
				else if (r < 600)
					fprintf(f, "%llu syscall_exit %u %d\n", t, nr, (int)rnd(5) - 2);
				else if (r < 660)
					fprintf(f, "%llu trap_entry 14 0x1000 0x2000 %u\n", t, rnd(2));
				else if (r < 720)
					fprintf(f, "%llu trap_exit 14\n", t);
				else if (r < 760)
					fprintf(f, "%llu irq_entry %u %u\n", t, rnd(4), rnd(4));
				else if (r < 800)
					fprintf(f, "%llu irq_exit %u 0\n", t, rnd(4));
				else if (r < 860) {
					uint32_t prev = rnd(8) ? cur[c] : pid;

					cur[c] = 100 + rnd(12);
					fprintf(f, "%llu sched %u %u %u\n", t, prev, cur[c], rnd(2));
				} else if (r < 870)
					fprintf(f, "%llu fork %u %u %u %u 0\n", t, cur[c], pid,
						rnd(2) ? pid : cur[c], rnd(2));
				else if (r < 880)
					fprintf(f, "%llu exec %u /bin/prog%u\n", t, pid, rnd(5));
				else if (r < 885)
					fprintf(f, "%llu exit %u %u\n", t, pid, rnd(3));
				else if (r < 888) {
					/* a task that only appears in a schedchange */
					uint32_t was = cur[c];

					cur[c] = 100 + rnd(12);
					fprintf(f, "%llu sched %u %u 0\n%llu sched %u %u 0\n",
						t, was, 5000 + rnd(100000), t, pid, cur[c]);
				} else if (r < 890)
					fprintf(f, "%llu kthread_create %u 0x1000 kworker/%u\n",
						t, pid, rnd(3));
				else if (r < 900)
					fprintf(f, "%llu wakeup %u %u 0\n", t, pid, rnd(ncpus));
				else if (r < 905)
					fprintf(f, "%llu start %u %u\n", t, cur[c] = pid, c);
				else if (r < 935)
					fprintf(f, "%llu nodetail %s\n", t,
						names[rnd(sizeof(names) / sizeof(names[0]))]);
				else if (r < 940)
					fprintf(f, "%llu rec %u 12 1 2 3 4\n", t, 200 + rnd(50));
				else if (r < 943)
					fprintf(f, "%llu change_mask %s\n", t,
						rnd(2) ? "all" : "syscall_entry,change_mask");
				else if (r < 960)
					fprintf(f, "%llu fs_read 3 100 %u\n", t, rnd(100));
				else if (r < 970)
					fprintf(f, "%llu fs_open 3 0 0 /tmp/f%u\n", t, rnd(9));
				else if (r < 980)
					fprintf(f, "%llu softirq_entry %u\n", t, rnd(10));
				else if (kind == CUSTOM && r < 990)
					fprintf(f, "%llu custom %u u32:%u\n", t, 1 + rnd(3), k);
				else
					fprintf(f, "%llu syscall_entry %u\n", t, nr);
			}
		}
	}
	if (kind != NOLOST)
		for (c = 0; c < ncpus; c++)
			fprintf(f, "lost cpu=%u total=%u ev=1:%u sce=39:%u\n", c, c, c, c);
	else
		fprintf(f, "nolost\n");
	fclose(f);
	return buf;
}

/* everything the summary pass decides, as text */
static char *summarize(const char *dir, unsigned int flags, const char *threads)
{
	struct lttr_trace *t = NULL;
	struct lttr_summary *s = NULL;
	struct lttr_error err;
	struct lttr_event *v;
	struct lttr_json j;
	char *buf = NULL;
	size_t len = 0, n = 0, i;
	FILE *f = open_memstream(&buf, &len);
	int st;

	if (!f)
		return NULL;
	setenv("LTTR_THREADS", threads, 1);
	if (lttr_trace_open(dir, flags, &t, &err) < 0) {
		fprintf(f, "open: %s\n", err.msg);
		fclose(f);
		return buf;
	}
	if (lttr_summary_compute(t, &s, &err) < 0) {
		fprintf(f, "summary: %s\n", err.msg);
	} else {
		lttr_json_init(&j, f, false);
		lttr_json_summary(&j, t, s);
		fputc('\n', f);
		lttr_summary_free(s);
	}
	for (i = 0; i < lttr_trace_warning_count(t); i++)
		fprintf(f, "warning: %s\n", lttr_trace_warning(t, i));
	/* the iterator after the summary: pids and control marks */
	v = tg_all_events(t, &n, 0, &st);
	fprintf(f, "iter %d %zu:", st, n);
	for (i = 0; v && i < n; i++)
		fprintf(f, " %u%s", v[i].pid, v[i].control ? "c" : "");
	fputc('\n', f);
	free(v);
	lttr_trace_close(t);
	fclose(f);
	return buf;
}

/* the same result with 1, 2, 3 and 8 threads as with the generic scan */
static void same(const char *name, const char *desc, unsigned int flags,
		 const char *expect)
{
	static const char *const th[] = { "1", "2", "3", "8" };
	const char *dir = tg_dir(name);
	char *ref;
	unsigned int i;
	bool all = true;

	if (!ok(tg_make(dir, desc) == 0, "%s: trace written", name))
		return;
	ref = summarize(dir, flags, "0");
	ok(ref && strstr(ref, expect), "%s: the generic scan: %s", name, expect);
	for (i = 0; ref && i < sizeof(th) / sizeof(th[0]); i++) {
		char *got = summarize(dir, flags, th[i]);

		if (!got || strcmp(got, ref)) {
			all = false;
			tap_diag("%s: %s threads differ", name, th[i]);
			if (got && ref) {
				size_t k = 0;

				while (got[k] && got[k] == ref[k])
					k++;
				tap_diag("at %zu: ref '%.120s' got '%.120s'", k,
					 ref + (k > 20 ? k - 20 : 0),
					 got + (k > 20 ? k - 20 : 0));
			}
		}
		free(got);
	}
	ok(ref && all, "%s: the first pass, on 1 to 8 threads, gives the same result", name);
	free(ref);
}

int main(void)
{
	char *d;
	unsigned int seed;

	tap_plan(11 * 3);
	for (seed = 1; seed <= 2; seed++) {
		char name[32];

		srandom(seed);
		snprintf(name, sizeof(name), "plain-%u", seed);
		d = make_desc(4, 6, PLAIN);
		same(name, d, 0, "\"processes\":[");
		free(d);
	}
	srandom(3);
	d = make_desc(3, 5, NOLOST);
	same("nolost", d, 0, "\"source\":\"buffers\"");
	free(d);
	srandom(4);
	d = make_desc(1, 8, PLAIN);
	same("one-cpu", d, 0, "\"ncpus\":1");
	free(d);
	srandom(5);
	d = make_desc(4, 5, CUSTOM);
	same("custom", d, 0, "\"custom\":{\"note\":");
	free(d);
	srandom(6);
	d = make_desc(4, 5, BROKEN);
	same("broken", d, 0, "summary: ");
	same("broken-salvage", d, LTTR_OPEN_SALVAGE, "rest of the buffer ignored (salvage)");
	free(d);
	srandom(7);
	d = make_desc(3, 5, CUSTOM);
	{
		/* custom events and a malformed record: both hand-overs */
		char *e = malloc(strlen(d) + 64);
		char *p = e ? strstr(d, "buf cpu=1 ") : NULL;

		if (p) {
			p = strchr(p, '\n') + 1;
			p = strchr(p, '\n') + 1;
			memcpy(e, d, (size_t)(p - d));
			strcpy(e + (p - d), "1000000001 rec 1 6\n");
			strcat(e, p);
			same("custom-broken", e, LTTR_OPEN_SALVAGE, "record size 6 not a multiple of 4");
		}
		free(e);
	}
	free(d);
	/* format 1.2: compact and full records, a short compact record */
	srandom(8);
	d = make_desc(4, 6, COMPACT);
	same("compact", d, 0, "\"processes\":[");
	free(d);
	srandom(9);
	d = make_desc(3, 5, CBROKEN);
	same("compact-broken", d, 0,
	     "): compact payload of 0 bytes shorter than the 4 bytes of a compact syscall_exit event\n");
	same("compact-broken-salvage", d, LTTR_OPEN_SALVAGE,
	     "compact payload of 0 bytes shorter than the 4 bytes of a compact syscall_exit event: rest of the buffer ignored (salvage)");
	free(d);
	return tap_done();
}
