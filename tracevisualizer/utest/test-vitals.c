// SPDX-License-Identifier: GPL-2.0
/*
 * test-vitals.c - the vital signs' sketch math and epoch files
 * (lttr/vitals/vitals.h): the logarithmic levels, linear counting, the
 * EWMA detector, an epoch file written and read back, every cut of it
 * and corrupt fields refused with a message, a directory with a cut file
 * skipped with its name and epoch.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <lttr/vitals/vitals.h>
#include "tap.h"

static uint32_t hca[LTT_VITALS * LTT_VITALS_HCA];
static struct ltt_vital_sample samples[3];

static void fill(struct ltt_vitals_file_header *h, struct ltt_vitals_sum *sum,
		 uint64_t epoch, uint64_t total)
{
	memset(h, 0, sizeof(*h));
	memset(sum, 0, LTT_VITALS * sizeof(*sum));
	h->epoch = epoch;
	h->start_ns = 1000 + epoch * 100;
	h->end_ns = h->start_ns + 100;
	h->ncpus = 2;
	h->shift = 1;
	h->collected = LTT_VITALS_COLLECTED;
	h->nsamples = 3;
	sum[LTT_VITAL_SYSCALL].total = total;
	sum[LTT_VITAL_SYSCALL].events = total;
}

/* a user function the stack test names through the process's own maps */
__attribute__((noinline)) void vit_utest_user_fn(void);
__attribute__((noinline)) void vit_utest_user_fn(void)
{
	__asm__ volatile("" ::: "memory");
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	b = malloc((size_t)n);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return b;
}

/*
 * Epoch files with stacks (version 2): written and read back, named by
 * the directory's kallsyms and the epoch's maps (this process's own, with
 * one of its functions), refused when a sample names a stack the file
 * does not hold or a stack holds more addresses than the format; a
 * version 1 file (ABI 15) still read, without stacks.
 */
static void stacks_test(const char *dir0)
{
	static struct ltt_vital_stack st[2];
	struct ltt_vitals_file_header h;
	struct ltt_vitals_sum sum[LTT_VITALS];
	struct lttr_vitals_series s;
	struct lttr_vitals_report r;
	struct lttr_vitals_epoch e;
	char dir[512], path[600], err[256], line[2048], name[256], *maps = NULL, *self;
	size_t mlen = 0, len = 0;
	unsigned char *buf;
	FILE *f, *m;
	uint64_t fn = (uint64_t)(uintptr_t)&vit_utest_user_fn;

	snprintf(dir, sizeof(dir), "%s/stacks", dir0);
	mkdir(dir, 0700);
	/* kallsyms: two kernel functions */
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	f = fopen(path, "w");
	fputs("ffffffff81000000 T alpha\nffffffff81000100 T beta\n"
	      "ffffffff81000200 T gamma\n", f);
	fclose(f);
	/* maps: this process's executable mappings, as the daemon writes them */
	self = realpath("/proc/self/exe", NULL);
	m = open_memstream(&maps, &mlen);
	fprintf(m, "@START 2000\npid %d test-vitals\n", (int)getpid());
	f = fopen("/proc/self/maps", "r");
	while (f && fgets(line, sizeof(line), f))
		if (strchr(line, ' ') && strchr(line, ' ')[3] == 'x')
			fputs(line, m);
	if (f)
		fclose(f);
	fclose(m);

	memset(st, 0, sizeof(st));
	st[0].kernel_nr = 2;
	st[0].user_nr = 1;
	st[0].maps = 1;
	st[0].tgid = (uint32_t)getpid();
	st[0].addr[0] = 0xffffffff81000110ULL;
	st[0].addr[1] = 0xffffffff81000004ULL;
	st[0].addr[2] = fn;
	st[1] = st[0];
	st[1].maps = 0;		/* its process gone before the epoch's end */
	memset(hca, 0, sizeof(hca));
	hca[LTT_VITAL_SYSCALL * LTT_VITALS_HCA + 5] = 3;
	memset(samples, 0, sizeof(samples));
	samples[0].vital = samples[1].vital = samples[2].vital = LTT_VITAL_SYSCALL;
	samples[0].cell = samples[1].cell = samples[2].cell = 5;
	samples[0].label = 0xcafe;
	samples[1].label = 0xbeef;
	samples[2].label = 0xf00d;
	samples[0].stack = 1;
	samples[1].stack = 2;
	fill(&h, sum, 0, 3);
	h.nstacks = 2;
	h.maps_len = (uint32_t)mlen;
	snprintf(path, sizeof(path), "%s/vitals-00000000.ltv", dir);
	ok(lttr_vitals_write(path, &h, sum, hca, samples, st, maps, err, sizeof(err)) == 0 &&
	   lttr_vitals_read(path, &e, err, sizeof(err)) == 0 && e.h.version == 2 &&
	   e.nstacks == 2 && e.maps_len == mlen && !memcmp(e.maps, maps, mlen) &&
	   !memcmp(e.stacks, st, sizeof(st)) &&
	   lttr_vitals_stack(&e, &e.samples[0]) == &e.stacks[0] &&
	   lttr_vitals_stack(&e, &e.samples[2]) == NULL,
	   "version 2: stacks and maps written and read back (%s)", err);
	lttr_vitals_epoch_free(&e);

	ok(lttr_vitals_load(dir, &s, err, sizeof(err)) == 0 &&
	   lttr_vitals_report(&s, 3, &r) == 0, "the series and its report (%s)", err);
	lttr_vitals_stack_line(&r, 0, &s.epochs[0].stacks[0], line, sizeof(line));
	snprintf(name, sizeof(name), "0xffffffff81000110 <- 0xffffffff81000004 | 0x%" PRIx64, fn);
	ok(!strcmp(line, name), "without symbols: the addresses (%s)", line);
	ok(lttr_vitals_symbols(&r, dir, NULL, err, sizeof(err)) == 0, "symbols opened (%s)", err);
	ok(lttr_vitals_frame(&r, 0, &s.epochs[0].stacks[0], 0, name, sizeof(name)) == 1 &&
	   !strcmp(name, "beta+0x10"), "a kernel frame named from kallsyms: %s", name);
	lttr_vitals_frame(&r, 0, &s.epochs[0].stacks[0], 2, name, sizeof(name));
	ok(!strcmp(name, "vit_utest_user_fn+0x0"),
	   "a user frame named from the epoch's maps and the ELF file (%s): %s", self, name);
	for (len = 0; len < lttr_vitals_symbols_warnings(&r); len++)
		tap_diag("%s", lttr_vitals_symbols_warning(&r, len));
	lttr_vitals_stack_line(&r, 0, &s.epochs[0].stacks[1], line, sizeof(line));
	ok(!strcmp(line, "beta+0x10 <- alpha+0x4 | [unknown]"),
	   "a process whose maps are not its own: its user frame unknown, never guessed: %s", line);
	lttr_vitals_report_free(&r);
	lttr_vitals_series_free(&s);

	/* refused: a sample's stack past the file's, a stack too deep */
	buf = slurp(path, &len);
	{
		struct ltt_vitals_file_header *hb = (void *)buf;
		size_t so = sizeof(*hb) + LTT_VITALS * sizeof(struct ltt_vitals_sum) +
			    hb->ncells * sizeof(struct ltt_vitals_cell);
		struct ltt_vital_sample *sb = (void *)(buf + so);
		struct ltt_vital_stack *kb = (void *)(buf + so + 3 * sizeof(*sb));

		sb[2].stack = 3;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "sample 2: stack 3 of 2"), "a sample's stack not in the file: %s", err);
		sb[2].stack = 0;
		kb[1].kernel_nr = 9;
		kb[1].user_nr = 8;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "stack 1: 9 + 8 addresses"), "a stack deeper than the format: %s", err);
		kb[1].kernel_nr = 2;
		kb[1].user_nr = 1;
		/* version 1: the header ends at reserved, no stacks nor maps */
		hb->version = 1;
		hb->header_size = LTT_VITALS_FILE_HEADER_V1;
		memmove(buf + LTT_VITALS_FILE_HEADER_V1, buf + sizeof(*hb), so - sizeof(*hb) +
			3 * sizeof(*sb));
		memmove(buf + LTT_VITALS_FILE_HEADER_V1 + so - sizeof(*hb) + 3 * sizeof(*sb),
			buf + len - sizeof(struct ltt_vitals_trailer), sizeof(struct ltt_vitals_trailer));
		len = LTT_VITALS_FILE_HEADER_V1 + so - sizeof(*hb) + 3 * sizeof(*sb) +
		      sizeof(struct ltt_vitals_trailer);
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) == 0 && e.h.version == 1 &&
		   e.nstacks == 0 && e.maps_len == 0 && e.nsamples == 3 &&
		   e.samples[0].stack == 0 && e.h.nstacks == 0,
		   "a version 1 file: read, without stacks (%s)", err);
		lttr_vitals_epoch_free(&e);
	}
	free(buf);
	free(maps);
	free(self);
}

/*
 * The missing epochs: gaps between the epochs of data, the skipped files
 * present, the lost markers counted even before the first epoch of data;
 * numbers at the ends of 64 bits walked by their gaps, not one by one.
 */
static void missing_test(void)
{
	static struct lttr_vitals_epoch ep[3];
	uint64_t bad[] = { 4 }, lost[] = { 0 }, rg[4][2];
	struct lttr_vitals_series s;
	uint64_t n;
	size_t nr = 0;

	memset(&s, 0, sizeof(s));
	ep[0].h.epoch = 3;
	ep[1].h.epoch = 5;
	ep[2].h.epoch = 8;
	s.epochs = ep;
	s.n = 3;
	s.bad = bad;
	s.nbad = 1;
	s.lost = lost;
	s.nlost = 1;
	n = lttr_vitals_missing(&s, rg, 4, &nr);
	ok(n == 5 && nr == 2 && rg[0][0] == 0 && rg[0][1] == 2 && rg[1][0] == 6 && rg[1][1] == 7,
	   "missing: 0 (lost, before the first data) to 2, and 6-7 (4 skipped, present): %llu in %zu ranges",
	   (unsigned long long)n, nr);
	s.nlost = 0;
	n = lttr_vitals_missing(&s, rg, 4, &nr);
	ok(n == 2 && nr == 1 && rg[0][0] == 6, "without the marker: 6-7 alone (%llu)",
	   (unsigned long long)n);
	ep[0].h.epoch = 0;
	ep[1].h.epoch = UINT64_MAX - 1;
	ep[2].h.epoch = UINT64_MAX;
	s.nbad = 0;
	n = lttr_vitals_missing(&s, rg, 4, &nr);
	ok(n == UINT64_MAX - 2 && nr == 1 && rg[0][0] == 1 && rg[0][1] == UINT64_MAX - 2,
	   "epochs 0 and 2^64 - 2, - 1: one gap, counted whole, at once (%llu)",
	   (unsigned long long)n);
}

/* the lock vital sign's samples in text: a futex wait, kernel locks */
static void lock_text_test(void)
{
	struct ltt_vital_sample s = { .vital = LTT_VITAL_LOCK };
	char buf[160];

	s.site = 0x7f0012345678;
	s.key = 0;
	s.data[0] = 0x7ffd1234;
	s.data[1] = 1;
	lttr_vitals_sample_text(buf, sizeof(buf), &s);
	ok(!strcmp(buf, "futex 0x7f0012345678 op 0 sp 0x7ffd1234 value 1"),
	   "a futex wait's sample: %s", buf);
	s.site = 0xffffffff81612345;
	s.key = LTT_VITALS_KLOCK_KEY(LTT_LOCK_MUTEX, 0);
	s.data[0] = 0xffff888003a1c000;
	s.data[1] = (uint64_t)421 << 32 | 3;
	lttr_vitals_sample_text(buf, sizeof(buf), &s);
	ok(!strcmp(buf, "mutex 0xffff888003a1c000 site 0xffffffff81612345 owner 421 waiters 3"),
	   "a contended mutex's sample: %s", buf);
	s.key = LTT_VITALS_KLOCK_KEY(LTT_LOCK_RWSEM_WRITE, LTT_LOCK_READERS);
	s.data[1] = 0;
	lttr_vitals_sample_text(buf, sizeof(buf), &s);
	ok(!strcmp(buf, "rwsem_write 0xffff888003a1c000 site 0xffffffff81612345 owner readers waiters 0"),
	   "a rwsem held by readers: %s", buf);
	s.key = LTT_VITALS_KLOCK_KEY(9, 0);
	lttr_vitals_sample_text(buf, sizeof(buf), &s);
	ok(!strncmp(buf, "kind 9 0x", 9), "an unknown kind by its number: %s", buf);
}

int main(void)
{
	struct ltt_vitals_file_header h;
	struct ltt_vitals_sum sum[LTT_VITALS];
	struct lttr_vitals_epoch e;
	struct lttr_vitals_series s;
	struct lttr_vitals_report r;
	struct lttr_ewma w;
	const char *dir = tap_tmpdir("vitals");
	char path[512], err[256];
	unsigned char *buf;
	size_t len = 0, cut, bad = 0;
	double lo, hi, d;
	unsigned int i, c, samples_seen;
	bool flagged_any;

	tap_plan(49);
	err[0] = '\0';

	/* levels: 1, 2, 4, 8... with shift 1; 1, 4, 16 with shift 2 */
	ok(lttr_vitals_level(0, 1) == 0 && lttr_vitals_level(1, 1) == 1 &&
	   lttr_vitals_level(2, 1) == 2 && lttr_vitals_level(3, 1) == 2 &&
	   lttr_vitals_level(4, 1) == 3, "levels at powers of 2 (shift 1)");
	ok(lttr_vitals_level(3, 2) == 1 && lttr_vitals_level(4, 2) == 2 &&
	   lttr_vitals_level(15, 2) == 2 && lttr_vitals_level(16, 2) == 3,
	   "levels at powers of 4 (shift 2)");
	/* a label counted n times one by one is sampled 1 + floor(log2 n) times */
	for (c = 0, samples_seen = 0; c < 1000; c++)
		samples_seen += lttr_vitals_level(c + 1, 1) >
				lttr_vitals_level(c, 1);
	ok(samples_seen == 10, "1000 events of one label: 10 samples (%u)",
	   samples_seen);
	ok(lttr_vitals_level(UINT32_MAX, 1) == 32, "a saturated counter: level 32");

	/* an epoch: 3 cells of syscalls, one of cpu */
	hca[LTT_VITAL_SYSCALL * LTT_VITALS_HCA + 5] = 1000;
	hca[LTT_VITAL_SYSCALL * LTT_VITALS_HCA + 77] = 1;
	hca[LTT_VITAL_SYSCALL * LTT_VITALS_HCA + 1023] = 7;
	hca[LTT_VITAL_CPU * LTT_VITALS_HCA + 3] = 2;
	for (i = 0; i < 3; i++) {
		memset(&samples[i], 0, sizeof(samples[i]));
		samples[i].vital = LTT_VITAL_SYSCALL;
		samples[i].cell = i == 1 ? 77 : 5;
		samples[i].label = i == 1 ? 0xbeef : 0xcafe;
		samples[i].key = i == 1 ? 110 : 39;
		samples[i].pid = 42;
		snprintf(samples[i].comm, sizeof(samples[i].comm), "work%u", i);
	}
	fill(&h, sum, 0, 1008);
	snprintf(path, sizeof(path), "%s/vitals-00000000.ltv", dir);
	ok(lttr_vitals_write(path, &h, sum, hca, samples, NULL, NULL, err, sizeof(err)) == 0,
	   "an epoch written (%s)", err);
	ok(h.ncells == 4, "4 non-zero cells written (%llu)",
	   (unsigned long long)h.ncells);
	ok(access(path, F_OK) == 0 && lttr_vitals_read(path, &e, err, sizeof(err)) == 0,
	   "read back (%s)", err);
	ok(e.sum[LTT_VITAL_SYSCALL].total == 1008 && e.nsamples == 3 &&
	   e.ncells == 4 && !strcmp(e.samples[1].comm, "work1"),
	   "its totals, cells and samples");
	ok(lttr_vitals_cell(&e, LTT_VITAL_SYSCALL, 77) == 1 &&
	   lttr_vitals_cell(&e, LTT_VITAL_SYSCALL, 1023) == 7 &&
	   lttr_vitals_cell(&e, LTT_VITAL_SYSCALL, 6) == 0 &&
	   lttr_vitals_cell(&e, LTT_VITAL_CPU, 3) == 2,
	   "cells looked up by (vital, index)");
	d = lttr_vitals_distinct(&e, LTT_VITAL_SYSCALL);
	ok(fabs(d - 1024.0 * log(1024.0 / 1021.0)) < 1e-9 && d > 3 && d < 3.01,
	   "3 used cells of 1024: ~3.004 distinct labels (%.4f)", d);
	lttr_vitals_epoch_free(&e);

	/* linear counting against the truth: 500 random labels */
	{
		struct lttr_vitals_epoch big;
		static struct ltt_vitals_cell cells[LTT_VITALS_HCA];
		static uint32_t used[LTT_VITALS_HCA];
		uint64_t x = 12345;
		size_t n = 0;

		memset(&big, 0, sizeof(big));
		for (i = 0; i < 500; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			used[(x >> 33) % LTT_VITALS_HCA]++;
		}
		for (i = 0; i < LTT_VITALS_HCA; i++)
			if (used[i]) {
				cells[n].vital = LTT_VITAL_SYSCALL;
				cells[n].cell = (uint16_t)i;
				cells[n++].count = used[i];
			}
		big.cells = cells;
		big.ncells = n;
		d = lttr_vitals_distinct(&big, LTT_VITAL_SYSCALL);
		ok(fabs(d - 500) < 50, "500 labels in 1024 cells: estimate "
		   "within 10%% (%.1f from %zu used cells)", d, n);
		for (i = 0; i < LTT_VITALS_HCA; i++) {
			cells[i].vital = LTT_VITAL_SYSCALL;
			cells[i].cell = (uint16_t)i;
			cells[i].count = 1;
		}
		big.ncells = LTT_VITALS_HCA;
		ok(lttr_vitals_distinct(&big, LTT_VITAL_SYSCALL) < 0,
		   "every cell used: unknown, not a number");
	}

	/* every cut of the file is refused, with a message */
	buf = slurp(path, &len);
	ok(buf != NULL, "the file's bytes");
	for (cut = 0; buf && cut < len; cut++) {
		if (lttr_vitals_parse(buf, cut, &e, err, sizeof(err)) == 0 ||
		    !err[0]) {
			bad++;
			lttr_vitals_epoch_free(&e);
		}
	}
	ok(bad == 0, "every cut (0..%zu bytes) refused with a message", len - 1);
	/* corrupt fields */
	if (buf) {
		struct ltt_vitals_file_header *hp = (void *)buf;
		size_t soff = sizeof(h) + sizeof(sum) + 4 * sizeof(struct ltt_vitals_cell);
		struct ltt_vital_sample *sp = (void *)(buf + soff);
		struct ltt_vitals_cell *cp = (void *)(buf + sizeof(h) + sizeof(sum));

		buf[0] ^= 1;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "magic"), "a bad magic refused (%s)", err);
		buf[0] ^= 1;
		hp->version = 99;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "version 99"), "another version refused (%s)", err);
		hp->version = LTT_VITALS_FILE_VERSION;
		hp->ncells = ~0ULL;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0,
		   "a huge cell count refused (%s)", err);
		hp->ncells = 4;
		sp[2].vital = 200;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "sample 2"), "a sample's bad vital refused (%s)", err);
		sp[2].vital = LTT_VITAL_SYSCALL;
		cp[1].cell = cp[0].cell;
		cp[1].vital = cp[0].vital;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "cell 1"), "cells out of order refused (%s)", err);
		cp[0].vital = LTT_VITAL_CPU;
		cp[1].vital = LTT_VITAL_SYSCALL;
		cp[1].cell = 5;
		hp->epoch = 9;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "trailer"), "a header of another epoch than its "
		   "trailer refused (%s)", err);
		hp->epoch = 0;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) == 0,
		   "the restored bytes read again (%s)", err);
		lttr_vitals_epoch_free(&e);
	}

	/* a series: 7 epochs, the 6th a burst, the 3rd cut */
	for (i = 1; i < 7; i++) {
		fill(&h, sum, i, i == 5 ? 9000 : 1000 + 10 * (i % 2));
		snprintf(path, sizeof(path), "%s/vitals-%08u.ltv", dir, i);
		lttr_vitals_write(path, &h, sum, hca, samples, NULL, NULL, err, sizeof(err));
	}
	snprintf(path, sizeof(path), "%s/vitals-00000003.ltv", dir);
	ok(buf && truncate(path, (off_t)(len / 2)) == 0, "epoch 3's file cut");
	ok(lttr_vitals_load(dir, &s, err, sizeof(err)) == 0 && s.n == 6 &&
	   s.nwarnings == 1, "the series: 6 epochs read, 1 skipped");
	ok(s.nwarnings == 1 && strstr(s.warnings[0], "vitals-00000003.ltv") &&
	   strstr(s.warnings[0], "epoch 00000003") &&
	   strstr(s.warnings[0], "cut"), "the warning names the file, the "
	   "epoch and why (%s)", s.nwarnings ? s.warnings[0] : "");
	ok(s.n == 6 && s.epochs[0].h.epoch == 0 && s.epochs[5].h.epoch == 6,
	   "in epoch order");
	ok(lttr_vitals_report(&s, 2, &r) == 0, "the report");
	flagged_any = false;
	for (i = 0; i < s.n; i++) {
		bool f = r.rows[i * LTT_VITALS + LTT_VITAL_SYSCALL].flagged;

		if (f && s.epochs[i].h.epoch != 5)
			flagged_any = true;
	}
	ok(r.rows[4 * LTT_VITALS + LTT_VITAL_SYSCALL].flagged &&
	   s.epochs[4].h.epoch == 5, "the burst epoch flagged");
	ok(!flagged_any, "no other epoch flagged (epoch 0 differs: 1008)");
	ok(r.rows[LTT_VITAL_SYSCALL].ntop == 2 &&
	   r.rows[LTT_VITAL_SYSCALL].top[0].estimate == 1000 &&
	   r.rows[LTT_VITAL_SYSCALL].top[0].samples == 2 &&
	   r.rows[LTT_VITAL_SYSCALL].top[1].estimate == 1 &&
	   r.rows[LTT_VITAL_SYSCALL].top[1].first.key == 110,
	   "top labels: the frequent one (2 samples, cell 1000), then the "
	   "rare one (cell 1)");
	lttr_vitals_report_free(&r);
	lttr_vitals_series_free(&s);
	free(buf);

	/* the detector alone */
	memset(&w, 0, sizeof(w));
	for (i = 0; i < 10; i++)
		lttr_ewma_step(&w, 100, &lo, &hi);
	ok(!lttr_ewma_step(&w, 120, &lo, &hi) && lo < 100 && hi > 120,
	   "a value within the floor's band is not flagged (band %.0f..%.0f)",
	   lo, hi);
	ok(lttr_ewma_step(&w, 200, &lo, &hi), "a value outside is");
	lttr_ewma_step(&w, 200, &lo, &hi);
	lttr_ewma_step(&w, 200, &lo, &hi);
	ok(!lttr_ewma_step(&w, 200, &lo, &hi), "after %d flagged in a row, "
	   "the new level is the band's", LTTR_EWMA_REBASE);
	stacks_test(dir);
	missing_test();
	lock_text_test();
	return tap_done();
}
