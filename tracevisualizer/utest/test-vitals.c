// SPDX-License-Identifier: GPL-2.0
/*
 * test-vitals.c - the vital signs' sketch math and epoch files
 * (lttr/vitals/vitals.h): the logarithmic levels, linear counting, the
 * EWMA detector, an epoch file written (version 3) and read back, every
 * cut of it refused with a message, corrupt fields of version 2 files and
 * version 3 frames refused with a message, a directory with a cut file
 * skipped with its name and epoch.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <zstd.h>
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
 * A version 2 file, as the daemons of ABI 16 wrote it (the structs as they
 * are; the writer writes version 3): its bytes, *len of them.
 */
static unsigned char *v2_bytes(const struct ltt_vitals_file_header *h0,
			       const struct ltt_vitals_sum *sum,
			       const uint32_t *hc,
			       const struct ltt_vital_sample *smp,
			       const struct ltt_vital_stack *stk,
			       const char *maps, size_t *len)
{
	struct ltt_vitals_file_header h = *h0;
	struct ltt_vitals_trailer tr;
	size_t i, o, nc = 0;
	unsigned char *b;

	for (i = 0; i < (size_t)LTT_VITALS * LTT_VITALS_HCA; i++)
		nc += hc[i] != 0;
	memcpy(h.magic, LTT_VITALS_FILE_MAGIC, sizeof(h.magic));
	h.version = 2;
	h.header_size = LTT_VITALS_FILE_HEADER_V2;
	h.nvitals = LTT_VITALS;
	h.hca_size = LTT_VITALS_HCA;
	h.ncells = nc;
	*len = LTT_VITALS_FILE_HEADER_V2 + LTT_VITALS * sizeof(*sum) +
	       nc * sizeof(struct ltt_vitals_cell) +
	       h.nsamples * sizeof(*smp) + h.nstacks * sizeof(*stk) +
	       h.maps_len + sizeof(tr);
	b = calloc(1, *len);
	memcpy(b, &h, LTT_VITALS_FILE_HEADER_V2);
	o = LTT_VITALS_FILE_HEADER_V2;
	memcpy(b + o, sum, LTT_VITALS * sizeof(*sum));
	o += LTT_VITALS * sizeof(*sum);
	for (i = 0; i < (size_t)LTT_VITALS * LTT_VITALS_HCA; i++) {
		struct ltt_vitals_cell c;

		if (!hc[i])
			continue;
		c.vital = (uint16_t)(i / LTT_VITALS_HCA);
		c.cell = (uint16_t)(i % LTT_VITALS_HCA);
		c.count = hc[i];
		memcpy(b + o, &c, sizeof(c));
		o += sizeof(c);
	}
	if (h.nsamples)
		memcpy(b + o, smp, h.nsamples * sizeof(*smp));
	o += h.nsamples * sizeof(*smp);
	if (h.nstacks)
		memcpy(b + o, stk, h.nstacks * sizeof(*stk));
	o += h.nstacks * sizeof(*stk);
	if (h.maps_len)
		memcpy(b + o, maps, h.maps_len);
	o += h.maps_len;
	memset(&tr, 0, sizeof(tr));
	memcpy(tr.magic, LTT_VITALS_FILE_END, sizeof(LTT_VITALS_FILE_END));
	tr.epoch = h.epoch;
	memcpy(b + o, &tr, sizeof(tr));
	return b;
}

/*
 * Epoch files with stacks: written (version 3) and read back, named by
 * the directory's kallsyms and the epoch's maps (this process's own, with
 * one of its functions); the same epoch as a version 2 file read, and
 * refused when a sample names a stack the file does not hold or a stack
 * holds more addresses than the format; a version 1 file (ABI 15) still
 * read, without stacks.
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

	err[0] = '\0';
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
	   lttr_vitals_read(path, &e, err, sizeof(err)) == 0 && e.h.version == 3 &&
	   e.nstacks == 2 && e.maps_len == mlen && !memcmp(e.maps, maps, mlen) &&
	   !memcmp(e.stacks, st, sizeof(st)) &&
	   lttr_vitals_stack(&e, &e.samples[0]) == &e.stacks[0] &&
	   lttr_vitals_stack(&e, &e.samples[2]) == NULL,
	   "version 3: stacks and maps written and read back (%s)", err);
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

	/* version 2: read; refused: a sample's stack past the file's, a stack too deep */
	buf = v2_bytes(&h, sum, hca, samples, st, maps, &len);
	ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) == 0 && e.h.version == 2 &&
	   e.h.header_size == LTT_VITALS_FILE_HEADER_V2 && e.nstacks == 2 &&
	   e.maps_len == mlen && !memcmp(e.maps, maps, mlen) && !memcmp(e.stacks, st, sizeof(st)) &&
	   e.nsamples == 3 && e.samples[1].label == 0xbeef && e.samples[0].stack == 1,
	   "version 2: stacks, maps and samples read (%s)", err);
	lttr_vitals_epoch_free(&e);
	{
		struct ltt_vitals_file_header *hb = (void *)buf;
		size_t so = LTT_VITALS_FILE_HEADER_V2 + LTT_VITALS * sizeof(struct ltt_vitals_sum) +
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
		memmove(buf + LTT_VITALS_FILE_HEADER_V1, buf + LTT_VITALS_FILE_HEADER_V2,
			so - LTT_VITALS_FILE_HEADER_V2 + 3 * sizeof(*sb));
		memmove(buf + LTT_VITALS_FILE_HEADER_V1 + so - LTT_VITALS_FILE_HEADER_V2 +
			3 * sizeof(*sb),
			buf + len - sizeof(struct ltt_vitals_trailer), sizeof(struct ltt_vitals_trailer));
		len = LTT_VITALS_FILE_HEADER_V1 + so - LTT_VITALS_FILE_HEADER_V2 + 3 * sizeof(*sb) +
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

/* ---- version 3: the body's columns in a zstd frame ---------------------- */

static void put_uv(unsigned char *b, size_t *o, uint64_t v)
{
	while (v >= 0x80) {
		b[(*o)++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	b[(*o)++] = (unsigned char)v;
}

static void put_le(unsigned char *b, size_t *o, uint64_t v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		b[(*o)++] = (unsigned char)(v >> (8 * i));
}

/* a version 3 file of header @h around the body @body (compressed here) */
static unsigned char *v3_bytes(struct ltt_vitals_file_header h,
			       const unsigned char *body, size_t blen,
			       size_t *len)
{
	size_t bound = ZSTD_compressBound(blen), r;
	struct ltt_vitals_trailer tr;
	unsigned char *b = malloc(sizeof(h) + bound + sizeof(tr));

	r = ZSTD_compress(b + sizeof(h), bound, body, blen, 3);
	memcpy(h.magic, LTT_VITALS_FILE_MAGIC, sizeof(h.magic));
	h.version = 3;
	h.header_size = sizeof(h);
	h.nvitals = LTT_VITALS;
	h.hca_size = LTT_VITALS_HCA;
	h.body_len = (uint32_t)r;
	h.raw_len = (uint32_t)blen;
	memcpy(b, &h, sizeof(h));
	memset(&tr, 0, sizeof(tr));
	memcpy(tr.magic, LTT_VITALS_FILE_END, sizeof(LTT_VITALS_FILE_END));
	tr.epoch = h.epoch;
	memcpy(b + sizeof(h) + r, &tr, sizeof(tr));
	*len = sizeof(h) + r + sizeof(tr);
	return b;
}

enum { B_GOOD, B_OVERFLOW, B_ORDER, B_VITAL, B_SVITAL, B_STACK, B_DEEP, B_COMM, B_MORE };

/*
 * A body built by hand from the layout of <ltt/ltt-abi.h> (2 cells, 1
 * sample, 1 stack, no maps), with the flaw @bad: the decoder read against
 * the format's text, not against its own encoder.
 */
static size_t hand_body(unsigned char *b, int bad)
{
	size_t o = 0, i;

	for (i = 0; i < 2 * LTT_VITALS; i++) {
		if (bad == B_OVERFLOW && i == 3) {
			memset(b + o, 0xff, 10);	/* 70 bits and more */
			o += 10;
		}
		put_uv(b, &o, i == 14 ? 1 : 0);
	}
	/* cells: (syscall, 5), (syscall, 77); out of order: 77 then 5 */
	put_uv(b, &o, bad == B_VITAL ? LTT_VITALS : LTT_VITAL_SYSCALL);
	put_uv(b, &o, bad == B_ORDER ? 77 : 5);
	put_uv(b, &o, 1000);
	put_uv(b, &o, LTT_VITAL_SYSCALL);
	put_uv(b, &o, bad == B_ORDER ? 0 : 72);
	put_uv(b, &o, 1);
	/* one sample: time - start 5 (zigzag 10), label, site, data */
	put_uv(b, &o, 10);
	put_le(b, &o, 0x12345678, 4);
	put_le(b, &o, 0x401000, 8);
	put_le(b, &o, 7, 8);
	put_le(b, &o, 8, 8);
	put_uv(b, &o, 42);				/* pid */
	put_uv(b, &o, 1000);				/* uid */
	put_uv(b, &o, 2);				/* count */
	put_uv(b, &o, bad == B_SVITAL ? 200 : LTT_VITAL_SYSCALL);
	put_uv(b, &o, 5);				/* cell */
	put_uv(b, &o, 39);				/* key */
	put_uv(b, &o, 1);				/* cpu */
	put_uv(b, &o, bad == B_STACK ? 2 : 1);		/* stack */
	put_uv(b, &o, 1);				/* one comm */
	memcpy(b + o, "hand\0\0\0\0\0\0\0\0\0\0\0\0", 16);
	o += 16;
	put_uv(b, &o, bad == B_COMM ? 1 : 0);
	/* the stack: 2 + 1 addresses (9 + 8: more than the format) */
	put_uv(b, &o, bad == B_DEEP ? 9 : 2);
	put_uv(b, &o, bad == B_DEEP ? 8 : 1);
	put_uv(b, &o, 0);
	put_uv(b, &o, 1);
	put_uv(b, &o, 42);
	put_uv(b, &o, 1234);
	put_uv(b, &o, 0x7ffc0000);
	for (i = 0; i < (bad == B_DEEP ? 17U : 3U); i++)
		put_le(b, &o, 0xffffffff81000000ULL + i, 8);
	if (bad == B_MORE)
		b[o++] = 'x';
	return o;
}

/* two epochs read the same: every value */
static int same_epoch(const struct lttr_vitals_epoch *a, const struct lttr_vitals_epoch *b)
{
	return !memcmp(&a->h, &b->h, sizeof(a->h)) && !memcmp(a->sum, b->sum, sizeof(a->sum)) &&
	       a->ncells == b->ncells && a->nsamples == b->nsamples &&
	       a->nstacks == b->nstacks && a->maps_len == b->maps_len &&
	       !memcmp(a->cells, b->cells, a->ncells * sizeof(*a->cells)) &&
	       !memcmp(a->samples, b->samples, a->nsamples * sizeof(*a->samples)) &&
	       !memcmp(a->stacks, b->stacks, a->nstacks * sizeof(*a->stacks)) &&
	       !memcmp(a->maps, b->maps, a->maps_len);
}

/*
 * Version 3: every field of samples, stacks of 0, some and 16 addresses,
 * the maps text, cells, sums and flags written by lttr_vitals_write() and
 * read back (a label rebuilt from its low half and its cell); a lost
 * marker; the same body built by hand read; each flaw of a file refused
 * with its reason: cut or extended, a byte of the frame flipped, raw_len
 * or a count that lies, a trailer of another epoch, varints too long,
 * cells out of order or of no vital sign, a sample of no vital sign, of
 * a stack or comm not in the file, a stack too deep, bytes left over.
 */
static void v3_test(const char *dir0)
{
	static struct ltt_vital_sample smp[6];
	static struct ltt_vital_stack stk[4];
	static uint32_t hc[LTT_VITALS * LTT_VITALS_HCA];
	static const char maps[] = "@START 5000\npid 42 work\n"
		"00400000-00401000 r-xp 00000000 08:01 12 /bin/work\n";
	struct ltt_vitals_file_header h, hh;
	struct ltt_vitals_sum sum[LTT_VITALS];
	struct lttr_vitals_epoch e;
	char dir[512], path[600], err[256];
	unsigned char *buf, body[1024];
	struct lttr_vitals_epoch good;
	size_t len = 0, i, fo, blen;
	uint64_t hi = 0x3ffULL << 54;
	int allok = 1, r;

	err[0] = '\0';
	snprintf(dir, sizeof(dir), "%s/v3", dir0);
	mkdir(dir, 0700);
	memset(&h, 0, sizeof(h));
	memset(sum, 0, sizeof(sum));
	h.epoch = 77;
	h.start_ns = 1000000000000ULL;
	h.end_ns = h.start_ns + 60000000000ULL;
	h.wall_start_ns = 1764000000000000000ULL;
	h.ncpus = 4;
	h.shift = 3;
	h.collected = LTT_VITALS_COLLECTED;
	h.flags = LTT_VITALS_F_PARTIAL;
	h.nsamples = 6;
	h.nstacks = 4;
	h.maps_len = sizeof(maps) - 1;
	h.dropped = 5;
	h.skipped = 6;
	h.stacks_dropped = 7;
	h.maps_omitted = 8;
	for (i = 0; i < LTT_VITALS; i++) {
		sum[i].total = i == LTT_VITAL_BLOCKING ? UINT64_MAX : i * 1000003;
		sum[i].events = i * 7;
	}
	hc[LTT_VITAL_CPU * LTT_VITALS_HCA + 0] = 1;
	hc[LTT_VITAL_CPU * LTT_VITALS_HCA + 1023] = UINT32_MAX;
	hc[LTT_VITAL_SYSCALL * LTT_VITALS_HCA + 5] = 1000;
	hc[LTT_VITAL_SYSCALL * LTT_VITALS_HCA + 6] = 2;
	hc[LTT_VITAL_LOCK * LTT_VITALS_HCA + 1023] = 3;
	for (i = 0; i < 6; i++) {
		struct ltt_vital_sample *x = &smp[i];

		x->vital = i < 2 ? LTT_VITAL_CPU : i < 5 ? LTT_VITAL_SYSCALL : LTT_VITAL_LOCK;
		x->cell = i == 0 ? 0 : i == 1 || i == 5 ? 1023 : 5;
		/* the module's label: its top 10 bits its cell */
		x->label = ((uint64_t)x->cell << 54) | (0x9abcdef012345ULL * (i + 1) & 0xffffffffULL);
		/* times of 4 CPUs: not in order, one before the epoch */
		x->time = h.start_ns + (i % 2 ? 30000000000ULL : 100) - (i == 4 ? 200 : 0) + i;
		x->site = i == 3 ? UINT64_MAX : 0xffffffff81000000ULL + i;
		x->data[0] = i * 0x100000001ULL;
		x->data[1] = i == 2 ? UINT64_MAX : i;
		x->pid = i == 1 ? UINT32_MAX : 100 + (uint32_t)i;
		x->uid = i == 2 ? 0 : 1000;
		x->count = 1U << (5 * i);
		x->key = i == 4 ? UINT32_MAX : 39;
		x->cpu = (uint16_t)(i % 4);
		x->stack = (uint16_t)(i < 4 ? i + 1 : 0);
		snprintf(x->comm, sizeof(x->comm), "%s", i % 3 ? "worker" : "main");
	}
	memcpy(smp[5].comm, "sixteen-bytes-xx", 16);	/* no NUL */
	/* stacks of 0, 3 + 2, 8 + 8 and 16 + 0 addresses */
	stk[1].kernel_nr = 3;
	stk[1].user_nr = 2;
	stk[2].kernel_nr = 8;
	stk[2].user_nr = 8;
	stk[3].kernel_nr = 16;
	for (i = 0; i < 4; i++) {
		unsigned int k;

		stk[i].flags = (uint8_t)i;
		stk[i].maps = i == 2;
		stk[i].tgid = 100 + (uint32_t)i;
		stk[i].start_ticks = 12345 * i;
		stk[i].start_stack = 0x7ffc00000000ULL + i;
		for (k = 0; k < (unsigned int)(stk[i].kernel_nr + stk[i].user_nr); k++)
			stk[i].addr[k] = k < stk[i].kernel_nr ? 0xffffffff81000000ULL + 16 * k :
					 0x400000 + k;
	}
	/* the CPU watermark's numbers: in the header, kept as they are */
	h.sampling_ns = 123456789012ULL;
	h.cpu_steps = 3;
	h.cpu_high_us = 2000;
	snprintf(path, sizeof(path), "%s/vitals-00000077.ltv", dir);
	r = lttr_vitals_write(path, &h, sum, hc, smp, stk, maps, err, sizeof(err));
	ok(r == 0 && h.version == 3 && h.header_size == 152 && h.ncells == 5 &&
	   h.body_len && h.raw_len, "version 3 written: frame %u bytes, body %u (%s)",
	   h.body_len, h.raw_len, err);
	ok(lttr_vitals_read(path, &e, err, sizeof(err)) == 0, "and read (%s)", err);
	hh = h;
	ok(!memcmp(&e.h, &hh, sizeof(hh)) && !memcmp(e.sum, sum, sizeof(sum)) &&
	   (e.h.flags & LTT_VITALS_F_PARTIAL) && e.h.sampling_ns == 123456789012ULL &&
	   e.h.cpu_steps == 3 && e.h.cpu_high_us == 2000,
	   "its header (the sampling time, the CPU watermark and its steps too), sums and "
	   "partial flag");
	ok(e.ncells == 5 && e.cells[0].vital == LTT_VITAL_CPU && e.cells[0].cell == 0 &&
	   e.cells[1].cell == 1023 && e.cells[1].count == UINT32_MAX &&
	   e.cells[2].vital == LTT_VITAL_SYSCALL && e.cells[2].cell == 5 &&
	   e.cells[3].cell == 6 && e.cells[3].count == 2 &&
	   e.cells[4].vital == LTT_VITAL_LOCK && e.cells[4].cell == 1023 &&
	   lttr_vitals_cell(&e, LTT_VITAL_SYSCALL, 5) == 1000, "its cells");
	for (i = 0; i < 6 && e.nsamples == 6; i++) {
		struct ltt_vital_sample x = smp[i];

		x.comm[15] = '\0';
		if (memcmp(&x, &e.samples[i], sizeof(x))) {
			allok = 0;
			tap_diag("sample %zu differs", i);
		}
	}
	ok(allok && e.nsamples == 6, "every field of its samples (times out of order, "
	   "extreme values, a comm of 16 bytes cut to 15)");
	ok(e.samples[3].label == smp[3].label && (e.samples[3].label >> 54) == 5 &&
	   (e.samples[1].label & hi) == hi, "a label: its low 32 bits and its cell as top 10 bits");
	{
		struct ltt_vital_sample x = smp[2];

		x.label |= 0x3fffffULL << 32;	/* bits 32..53: not in the file */
		x.comm[0] = 'm';
		h.nsamples = 1;
		h.nstacks = 0;
		h.maps_len = 0;
		x.stack = 0;
		r = lttr_vitals_write(path, &h, sum, hc, &x, NULL, NULL, err, sizeof(err));
		lttr_vitals_epoch_free(&e);
		if (r == 0)
			r = lttr_vitals_read(path, &e, err, sizeof(err));
		ok(r == 0 && e.nsamples == 1 &&
		   e.samples[0].label == ((x.label & 0xffffffffULL) | (uint64_t)x.cell << 54) &&
		   e.samples[0].label != x.label, "the label's bits 32 to 53 are not kept: "
		   "%016llx read as %016llx (%s)", (unsigned long long)x.label,
		   (unsigned long long)(e.nsamples ? e.samples[0].label : 0), err);
		lttr_vitals_epoch_free(&e);
		h.nsamples = 6;
		h.nstacks = 4;
		h.maps_len = sizeof(maps) - 1;
		lttr_vitals_write(path, &h, sum, hc, smp, stk, maps, err, sizeof(err));
		lttr_vitals_read(path, &e, err, sizeof(err));
	}
	ok(e.nstacks == 4 && !memcmp(e.stacks, stk, sizeof(stk)) &&
	   lttr_vitals_stack(&e, &e.samples[1]) == &e.stacks[1] &&
	   lttr_vitals_stack(&e, &e.samples[4]) == NULL,
	   "stacks of 0, 5 and 16 addresses (8 + 8, 16 + 0)");
	ok(e.maps_len == sizeof(maps) - 1 && !strcmp(e.maps, maps), "the maps text");
	lttr_vitals_epoch_free(&e);
	{
		struct ltt_vital_stack deep = stk[2];

		deep.user_nr = 9;
		h.nstacks = 1;
		ok(lttr_vitals_write(path, &h, sum, hc, smp, &deep, maps, err, sizeof(err)) < 0 &&
		   strstr(err, "stack 0: 8 + 9 addresses"), "a stack of 17 addresses not written: %s",
		   err);
		h.nstacks = 4;
	}

	/* the lost marker: no data */
	{
		static uint32_t zero[LTT_VITALS * LTT_VITALS_HCA];
		struct ltt_vitals_file_header l;
		struct ltt_vitals_sum z[LTT_VITALS];
		char lp[600];

		memset(&l, 0, sizeof(l));
		memset(z, 0, sizeof(z));
		l.epoch = 76;
		l.flags = LTT_VITALS_F_LOST;
		snprintf(lp, sizeof(lp), "%s/vitals-00000076.ltv", dir);
		r = lttr_vitals_write(lp, &l, z, zero, NULL, NULL, NULL, err, sizeof(err));
		if (r == 0)
			r = lttr_vitals_read(lp, &e, err, sizeof(err));
		/* the body: 22 varints of 0 and the number of comms, 0 */
		ok(r == 0 && e.h.flags == LTT_VITALS_F_LOST &&
		   e.h.epoch == 76 && !e.nsamples && !e.ncells && !e.nstacks && !e.maps_len &&
		   e.h.raw_len == 2 * LTT_VITALS + 1, "a lost marker: a body of %u bytes, "
		   "a file of %u (%s)", l.raw_len, (unsigned int)(sizeof(l) + l.body_len + 16),
		   r ? err : "");
		lttr_vitals_epoch_free(&e);
		unlink(lp);
	}

	buf = slurp(path, &len);
	fo = sizeof(struct ltt_vitals_file_header);
	{
		struct ltt_vitals_file_header *hp = (void *)buf;
		size_t bl = hp->body_len, cut, bad = 0, flipped = 0, same = 0;
		unsigned char *ext = malloc(len + 1);

		for (cut = 0; cut < len; cut++) {
			err[0] = '\0';
			if (lttr_vitals_parse(buf, cut, &e, err, sizeof(err)) == 0 || !err[0]) {
				bad++;
				lttr_vitals_epoch_free(&e);
			}
		}
		ok(bad == 0, "version 3: every cut (0..%zu bytes) refused with a message", len - 1);
		memcpy(ext, buf, len);
		ext[len] = 0;
		ok(lttr_vitals_parse(ext, len + 1, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "1 bytes after the end"), "extended by a byte: %s", err);
		free(ext);
		/*
		 * every byte of the frame flipped: refused, or the same epoch
		 * (a bit zstd ignores, as the frame header's unused bit)
		 */
		if (lttr_vitals_parse(buf, len, &good, err, sizeof(err)) < 0)
			flipped++;
		for (i = fo; i < fo + bl; i++) {
			buf[i] ^= 0x10;
			err[0] = '\0';
			if (lttr_vitals_parse(buf, len, &e, err, sizeof(err)) == 0) {
				if (!same_epoch(&e, &good)) {
					flipped++;
					tap_diag("byte %zu flipped: read, another epoch", i);
				} else {
					same++;
				}
				lttr_vitals_epoch_free(&e);
			} else if (!err[0]) {
				flipped++;
			}
			buf[i] ^= 0x10;
		}
		lttr_vitals_epoch_free(&good);
		ok(flipped == 0, "each of the frame's %zu bytes flipped: refused, but %zu "
		   "that read as the same epoch", bl, same);
		buf[fo + bl / 2] ^= 0x10;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "offset 152") && strstr(err, "corrupt zstd frame"),
		   "a flipped byte amid the frame: %s", err);
		buf[fo + bl / 2] ^= 0x10;
		hp->raw_len++;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "the header says"), "raw_len a byte more than the frame's: %s", err);
		hp->raw_len = UINT32_MAX;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "more than the header's counts take"),
		   "raw_len of 4 GB: refused before anything is allocated: %s", err);
		hp->raw_len = h.raw_len;
		hp->body_len--;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "1 bytes after the end"), "body_len a byte short: %s", err);
		hp->body_len++;
		hp->nsamples++;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "body"), "a sample more than the body holds: %s", err);
		hp->nsamples -= 2;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 && err[0],
		   "a sample less: %s", err);
		hp->nsamples++;
		hp->ncells--;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 && err[0],
		   "a cell less: %s", err);
		hp->ncells++;
		hp->nstacks++;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 && err[0],
		   "a stack more: %s", err);
		hp->nstacks--;
		hp->maps_len--;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "bytes left for"), "a byte of maps less: %s", err);
		hp->maps_len++;
		hp->epoch++;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "trailer"), "a header of another epoch than its trailer: %s", err);
		hp->epoch--;
		hp->header_size = LTT_VITALS_FILE_HEADER_V2;
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "another layout"), "version 3 with version 2's header size: %s", err);
		hp->header_size = sizeof(*hp);
		ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) == 0,
		   "the restored bytes read again (%s)", err);
		lttr_vitals_epoch_free(&e);
	}
	free(buf);

	/* bodies built by hand */
	memset(&h, 0, sizeof(h));
	h.epoch = 3;
	h.start_ns = 1000;
	h.end_ns = 2000;
	h.ncells = 2;
	h.nsamples = 1;
	h.nstacks = 1;
	blen = hand_body(body, B_GOOD);
	buf = v3_bytes(h, body, blen, &len);
	ok(lttr_vitals_parse(buf, len, &e, err, sizeof(err)) == 0 && e.ncells == 2 &&
	   e.cells[1].cell == 77 && e.sum[7].total == 1 && e.samples[0].time == 1005 &&
	   e.samples[0].label == (0x12345678ULL | 5ULL << 54) && e.samples[0].data[1] == 8 &&
	   e.samples[0].uid == 1000 && e.samples[0].stack == 1 && !strcmp(e.samples[0].comm, "hand") &&
	   e.stacks[0].user_nr == 1 && e.stacks[0].addr[2] == 0xffffffff81000002ULL &&
	   e.stacks[0].start_ticks == 1234, "a body built from the format's text: read (%s)", err);
	lttr_vitals_epoch_free(&e);
	free(buf);
	{
		static const struct {
			int bad;
			const char *want;
		} t[] = {
			{ B_OVERFLOW, "a varint of more than 64 bits" },
			{ B_ORDER, "cell 1 out of range or order" },
			{ B_VITAL, "cell 0 out of range or order" },
			{ B_SVITAL, "sample 0: vital sign 200" },
			{ B_STACK, "sample 0: stack 2 of 1" },
			{ B_DEEP, "body offset 97: stack 0: 9 + 8 addresses, more than 16" },
			{ B_COMM, "sample 0: comm 1 of 1" },
			{ B_MORE, "1 bytes left for 0 of maps" },
		};

		for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
			blen = hand_body(body, t[i].bad);
			buf = v3_bytes(h, body, blen, &len);
			err[0] = '\0';
			r = lttr_vitals_parse(buf, len, &e, err, sizeof(err));
			ok(r < 0 && strstr(err, t[i].want), "refused: %s (%s)", t[i].want, err);
			if (!r)
				lttr_vitals_epoch_free(&e);
			free(buf);
		}
	}
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

/* the lock vital sign's samples in text: a futex wait and wake, kernel locks */
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
	s.key = 1 | LTT_VITALS_FUTEX_WAKE;	/* FUTEX_WAKE */
	s.data[1] = 2147483647;
	lttr_vitals_sample_text(buf, sizeof(buf), &s);
	ok(!strcmp(buf, "futex 0x7f0012345678 op 1 released by its owner sp 0x7ffd1234 "
		   "wakes up to 2147483647"),
	   "a futex wake's sample: %s", buf);
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
	size_t len = 0, cut, bad = 0, v2len;
	unsigned char *buf2;
	double lo, hi, d;
	unsigned int i, c, samples_seen;
	bool flagged_any;

	tap_plan(87);
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
		err[0] = '\0';
		if (lttr_vitals_parse(buf, cut, &e, err, sizeof(err)) == 0 ||
		    !err[0]) {
			bad++;
			lttr_vitals_epoch_free(&e);
		}
	}
	ok(bad == 0, "every cut (0..%zu bytes) refused with a message", len - 1);
	v2len = len;
	/* corrupt fields of a version 2 file of that epoch */
	fill(&h, sum, 0, 1008);
	buf2 = v2_bytes(&h, sum, hca, samples, NULL, NULL, &v2len);
	ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) == 0 && e.h.version == 2 &&
	   e.nsamples == 3 && e.ncells == 4 && e.samples[2].label == 0xcafe &&
	   e.sum[LTT_VITAL_SYSCALL].total == 1008, "the epoch as a version 2 file: read (%s)", err);
	lttr_vitals_epoch_free(&e);
	{
		struct ltt_vitals_file_header *hp = (void *)buf2;
		size_t soff = LTT_VITALS_FILE_HEADER_V2 + sizeof(sum) + 4 * sizeof(struct ltt_vitals_cell);
		struct ltt_vital_sample *sp = (void *)(buf2 + soff);
		struct ltt_vitals_cell *cp = (void *)(buf2 + LTT_VITALS_FILE_HEADER_V2 + sizeof(sum));

		buf2[0] ^= 1;
		ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "magic"), "a bad magic refused (%s)", err);
		buf2[0] ^= 1;
		hp->version = 99;
		ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "version 99"), "another version refused (%s)", err);
		hp->version = 2;
		hp->ncells = ~0ULL;
		ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) < 0,
		   "a huge cell count refused (%s)", err);
		hp->ncells = 4;
		sp[2].vital = 200;
		ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "sample 2"), "a sample's bad vital refused (%s)", err);
		sp[2].vital = LTT_VITAL_SYSCALL;
		cp[1].cell = cp[0].cell;
		cp[1].vital = cp[0].vital;
		ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "cell 1"), "cells out of order refused (%s)", err);
		cp[0].vital = LTT_VITAL_CPU;
		cp[1].vital = LTT_VITAL_SYSCALL;
		cp[1].cell = 5;
		hp->epoch = 9;
		ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) < 0 &&
		   strstr(err, "trailer"), "a header of another epoch than its "
		   "trailer refused (%s)", err);
		hp->epoch = 0;
		ok(lttr_vitals_parse(buf2, v2len, &e, err, sizeof(err)) == 0,
		   "the restored bytes read again (%s)", err);
		lttr_vitals_epoch_free(&e);
	}
	free(buf2);

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
	v3_test(dir);
	missing_test();
	lock_text_test();
	return tap_done();
}
