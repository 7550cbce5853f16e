// SPDX-License-Identifier: GPL-2.0
/*
 * vitals-codec.c - the body of an epoch file of version 3 (layout in
 * <ltt/ltt-abi.h> and docs/vitals.md): the sums, cells, samples (column by
 * column), stacks and maps text as LEB128 varints and little-endian
 * words, in one zstd frame.  Hand-written: no Debian package encodes this
 * record layout (zstd, linked already through libelf, only compresses
 * the bytes), and the decoder checks every read against the body's end
 * and every count against the header's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>
#include "vitals/vitals-codec.h"

/* the longest varint of a value of so many bits */
#define VMAX(bits)	(((bits) + 6) / 7)
/* per cell: vital, distance, count */
#define CELL_MAX	(VMAX(16) + VMAX(16) + VMAX(32))
/* per sample: time, label's low half, site, data, pid, uid, count, key,
 * vital, cell, cpu, stack, comm index; its comm (16 bytes) at most once */
#define SAMPLE_MAX	(VMAX(64) + 4 + 3 * 8 + 4 * VMAX(32) + 4 * VMAX(16) + \
			 VMAX(32) + 16)
/* per stack: 4 bytes as varints, tgid, start_ticks, start_stack, addresses */
#define STACK_MAX	(4 * VMAX(8) + VMAX(32) + 2 * VMAX(64) + \
			 LTT_VITALS_STACK_DEPTH * 8)

uint64_t lttr_vitals_body_max(const struct ltt_vitals_file_header *h)
{
	return (uint64_t)LTT_VITALS * 2 * VMAX(64) + h->ncells * CELL_MAX +
	       (uint64_t)h->nsamples * SAMPLE_MAX + VMAX(32) +
	       (uint64_t)h->nstacks * STACK_MAX + h->maps_len;
}

#define fail lttr_vitals_fail

/* ---- encoding ----------------------------------------------------------- */

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

static uint64_t zigzag(uint64_t d)
{
	return (d << 1) ^ (0 - (d >> 63));
}

static uint64_t comm_hash(const char *c)
{
	uint64_t x = 1469598103934665603ULL;
	unsigned int i;

	for (i = 0; i < 16; i++)
		x = (x ^ (unsigned char)c[i]) * 1099511628211ULL;
	return x;
}

/*
 * The distinct comms, in the order of their first sample, into the body
 * at *o, then one index per sample; -1 when out of memory.
 */
static int put_comms(unsigned char *b, size_t *o,
		     const struct ltt_vital_sample *s, size_t n)
{
	size_t i, size = 16, ncomm = 0, at;
	uint32_t *slot, *idx;

	while (size < 2 * n)
		size *= 2;
	slot = calloc(size, sizeof(*slot));	/* 1 + the comm's index, 0: free */
	idx = calloc(n ? n : 1, sizeof(*idx));
	if (!slot || !idx) {
		free(slot);
		free(idx);
		return -1;
	}
	at = *o;
	*o += VMAX(32);		/* the count, moved down below */
	for (i = 0; i < n; i++) {
		size_t k = comm_hash(s[i].comm) & (size - 1);

		while (slot[k] && memcmp(b + at + VMAX(32) + 16 * (slot[k] - 1),
					 s[i].comm, 16))
			k = (k + 1) & (size - 1);
		if (!slot[k]) {
			memcpy(b + *o, s[i].comm, 16);
			*o += 16;
			slot[k] = (uint32_t)++ncomm;
		}
		idx[i] = slot[k] - 1;
	}
	{
		unsigned char cnt[VMAX(32)];
		size_t c = 0;

		put_uv(cnt, &c, ncomm);
		memmove(b + at + c, b + at + VMAX(32), 16 * ncomm);
		memcpy(b + at, cnt, c);
		*o -= VMAX(32) - c;
	}
	for (i = 0; i < n; i++)
		put_uv(b, o, idx[i]);
	free(slot);
	free(idx);
	return 0;
}

/* the body's bytes into @b (lttr_vitals_body_max() of them at most) */
static int encode(unsigned char *b, size_t *len,
		  const struct ltt_vitals_file_header *h,
		  const struct ltt_vitals_sum *sum, const uint32_t *hca,
		  const struct ltt_vital_sample *s,
		  const struct ltt_vital_stack *st, const char *maps)
{
	size_t o = 0, i, n = h->nsamples;
	uint64_t prev;
	unsigned int v, c;

	for (v = 0; v < LTT_VITALS; v++) {
		put_uv(b, &o, sum[v].total);
		put_uv(b, &o, sum[v].events);
	}
	for (v = 0; v < LTT_VITALS; v++) {
		unsigned int last = 0;

		for (c = 0; c < LTT_VITALS_HCA; c++) {
			uint32_t count = hca[v * LTT_VITALS_HCA + c];

			if (!count)
				continue;
			put_uv(b, &o, v);
			put_uv(b, &o, c - last);
			put_uv(b, &o, count);
			last = c;
		}
	}
	for (i = 0, prev = h->start_ns; i < n; prev = s[i++].time)
		put_uv(b, &o, zigzag(s[i].time - prev));
	for (i = 0; i < n; i++)
		put_le(b, &o, s[i].label, 4);
	for (i = 0; i < n; i++)
		put_le(b, &o, s[i].site, 8);
	for (i = 0; i < n; i++)
		put_le(b, &o, s[i].data[0], 8);
	for (i = 0; i < n; i++)
		put_le(b, &o, s[i].data[1], 8);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].pid);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].uid);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].count);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].vital);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].cell);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].key);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].cpu);
	for (i = 0; i < n; i++)
		put_uv(b, &o, s[i].stack);
	if (put_comms(b, &o, s, n) < 0)
		return -1;
	for (i = 0; i < h->nstacks; i++) {
		unsigned int k, na = st[i].kernel_nr + st[i].user_nr;

		put_uv(b, &o, st[i].kernel_nr);
		put_uv(b, &o, st[i].user_nr);
		put_uv(b, &o, st[i].flags);
		put_uv(b, &o, st[i].maps);
		put_uv(b, &o, st[i].tgid);
		put_uv(b, &o, st[i].start_ticks);
		put_uv(b, &o, st[i].start_stack);
		for (k = 0; k < na; k++)
			put_le(b, &o, st[i].addr[k], 8);
	}
	if (h->maps_len)
		memcpy(b + o, maps, h->maps_len);
	*len = o + h->maps_len;
	return 0;
}

int lttr_vitals_body_pack(struct ltt_vitals_file_header *h,
			  const struct ltt_vitals_sum *sum, const uint32_t *hca,
			  const struct ltt_vital_sample *samples,
			  const struct ltt_vital_stack *stacks, const char *maps,
			  unsigned char **frame, char *err, size_t errlen)
{
	unsigned char *raw, *out;
	size_t i, len = 0, bound, r;
	uint64_t max = lttr_vitals_body_max(h);
	ZSTD_CCtx *cc;

	*frame = NULL;
	for (i = 0; i < h->nstacks; i++)
		if (stacks[i].kernel_nr + stacks[i].user_nr > LTT_VITALS_STACK_DEPTH)
			return fail(err, errlen, "stack %zu: %u + %u addresses, "
				    "more than %d", i, stacks[i].kernel_nr,
				    stacks[i].user_nr, LTT_VITALS_STACK_DEPTH);
	if (max > UINT32_MAX)
		return fail(err, errlen, "an epoch of %" PRIu64 " bytes at most: "
			    "more than a file holds", max);
	raw = malloc(max ? (size_t)max : 1);
	if (!raw)
		return fail(err, errlen, "out of memory");
	if (encode(raw, &len, h, sum, hca, samples, stacks, maps) < 0) {
		free(raw);
		return fail(err, errlen, "out of memory");
	}
	bound = ZSTD_compressBound(len);
	out = malloc(bound);
	cc = ZSTD_createCCtx();
	if (!out || !cc) {
		free(raw);
		free(out);
		ZSTD_freeCCtx(cc);
		return fail(err, errlen, "out of memory");
	}
	/*
	 * Level 6 (19 made the macro benchmark's 60-s epoch 4 % smaller,
	 * 8754 bytes for 9108, for 10 times the CPU: the daemon's one
	 * compression cost the job 0.9 % under the instruction-count boot,
	 * docs/vitals.md), its window (2^17 bytes) and match tables (2^14 entries
	 * each) bounded: the level alone takes the window and tables of
	 * the body's size (933 KB of context for a 27-KB body of one CPU's
	 * 512 samples, 3.3 MB for 64 CPUs' 1.7 MB; bounded, 549 KB and
	 * 1.4 MB, and the frames 0.01 % larger), allocated and freed at
	 * each epoch; the checksum tells a flipped byte of the frame.
	 */
	r = ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, LTTR_VITALS_ZSTD_LEVEL);
	if (!ZSTD_isError(r))
		r = ZSTD_CCtx_setParameter(cc, ZSTD_c_windowLog, LTTR_VITALS_ZSTD_WLOG);
	if (!ZSTD_isError(r))
		r = ZSTD_CCtx_setParameter(cc, ZSTD_c_hashLog, LTTR_VITALS_ZSTD_TLOG);
	if (!ZSTD_isError(r))
		r = ZSTD_CCtx_setParameter(cc, ZSTD_c_chainLog, LTTR_VITALS_ZSTD_TLOG);
	if (!ZSTD_isError(r))
		r = ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, 1);
	if (!ZSTD_isError(r))
		r = ZSTD_compress2(cc, out, bound, raw, len);
	ZSTD_freeCCtx(cc);
	free(raw);
	if (ZSTD_isError(r)) {
		free(out);
		return fail(err, errlen, "zstd: %s", ZSTD_getErrorName(r));
	}
	if (r > UINT32_MAX) {
		free(out);
		return fail(err, errlen, "a frame of %zu bytes", r);
	}
	h->raw_len = (uint32_t)len;
	h->body_len = (uint32_t)r;
	*frame = out;
	return 0;
}

/* ---- decoding ----------------------------------------------------------- */

struct cur {
	const unsigned char *b;
	size_t len, o;
	char *err;
	size_t errlen;
};

/* a varint of at most @bits bits; -1 (said) when cut or too long */
static int get_uv(struct cur *c, unsigned int bits, const char *what,
		  uint64_t *v)
{
	size_t start = c->o;
	unsigned int shift = 0;

	*v = 0;
	for (;;) {
		unsigned char x;

		if (c->o >= c->len)
			return fail(c->err, c->errlen, "body cut at offset %zu "
				    "(%s)", start, what);
		x = c->b[c->o++];
		if (shift >= bits || (shift && bits - shift < 7 &&
				      (x & 0x7f) >> (bits - shift)))
			return fail(c->err, c->errlen, "body offset %zu: %s: "
				    "a varint of more than %u bits", start,
				    what, bits);
		*v |= (uint64_t)(x & 0x7f) << shift;
		shift += 7;
		if (!(x & 0x80))
			return 0;
	}
}

static int get_le(struct cur *c, unsigned int n, const char *what, uint64_t *v)
{
	unsigned int i;

	if (c->len - c->o < n)
		return fail(c->err, c->errlen, "body cut at offset %zu (%s)",
			    c->o, what);
	for (*v = 0, i = 0; i < n; i++)
		*v |= (uint64_t)c->b[c->o++] << (8 * i);
	return 0;
}

/* the column @what of every sample: a varint of @bits bits each */
#define COLUMN(c, e, field, bits, what)					\
	do {								\
		size_t i_;						\
		uint64_t v_;						\
									\
		for (i_ = 0; i_ < (e)->nsamples; i_++) {		\
			if (get_uv((c), (bits), (what), &v_) < 0)	\
				return -1;				\
			(e)->samples[i_].field = v_;			\
		}							\
	} while (0)

#define WORDS(c, e, field, what)					\
	do {								\
		size_t i_;						\
		uint64_t v_;						\
									\
		for (i_ = 0; i_ < (e)->nsamples; i_++) {		\
			if (get_le((c), 8, (what), &v_) < 0)		\
				return -1;				\
			(e)->samples[i_].field = v_;			\
		}							\
	} while (0)

static int decode_cells(struct cur *c, struct lttr_vitals_epoch *e)
{
	uint64_t v, d, n, last = 0, lastv = 0;
	size_t i;

	for (i = 0; i < e->ncells; i++) {
		size_t at = c->o;

		if (get_uv(c, 16, "a cell's vital sign", &v) < 0 ||
		    get_uv(c, 16, "a cell's distance", &d) < 0 ||
		    get_uv(c, 32, "a cell's count", &n) < 0)
			return -1;
		last = (i && v == lastv ? last : 0) + d;
		if (last > UINT16_MAX)
			return fail(c->err, c->errlen, "body offset %zu: cell "
				    "%zu out of range or order", at, i);
		lastv = v;
		e->cells[i].vital = (uint16_t)v;
		e->cells[i].cell = (uint16_t)last;
		e->cells[i].count = (uint32_t)n;
	}
	return 0;
}

static int decode_samples(struct cur *c, struct lttr_vitals_epoch *e)
{
	const unsigned char *comms;
	uint64_t v, t = e->h.start_ns, ncomm;
	size_t i;

	for (i = 0; i < e->nsamples; i++) {
		if (get_uv(c, 64, "a sample's time", &v) < 0)
			return -1;
		t += (v >> 1) ^ (0 - (v & 1));
		e->samples[i].time = t;
	}
	for (i = 0; i < e->nsamples; i++) {
		if (get_le(c, 4, "a sample's label", &v) < 0)
			return -1;
		e->samples[i].label = v;
	}
	WORDS(c, e, site, "a sample's site");
	WORDS(c, e, data[0], "a sample's data[0]");
	WORDS(c, e, data[1], "a sample's data[1]");
	COLUMN(c, e, pid, 32, "a sample's pid");
	COLUMN(c, e, uid, 32, "a sample's uid");
	COLUMN(c, e, count, 32, "a sample's count");
	COLUMN(c, e, vital, 16, "a sample's vital sign");
	COLUMN(c, e, cell, 16, "a sample's cell");
	COLUMN(c, e, key, 32, "a sample's key");
	COLUMN(c, e, cpu, 16, "a sample's cpu");
	COLUMN(c, e, stack, 16, "a sample's stack");
	/* the label: its low half, its top 10 bits the cell (42 bits of the hash) */
	for (i = 0; i < e->nsamples; i++)
		e->samples[i].label |= (uint64_t)e->samples[i].cell << 54;
	if (get_uv(c, 32, "the number of comms", &ncomm) < 0)
		return -1;
	if (ncomm > e->nsamples)
		return fail(c->err, c->errlen, "body offset %zu: %" PRIu64
			    " comms for %zu samples", c->o, ncomm, e->nsamples);
	if (c->len - c->o < 16 * ncomm)
		return fail(c->err, c->errlen, "body cut at offset %zu (the "
			    "comms)", c->o);
	comms = c->b + c->o;
	c->o += 16 * ncomm;
	for (i = 0; i < e->nsamples; i++) {
		size_t at = c->o;

		if (get_uv(c, 32, "a sample's comm", &v) < 0)
			return -1;
		if (v >= ncomm)
			return fail(c->err, c->errlen, "body offset %zu: sample "
				    "%zu: comm %" PRIu64 " of %" PRIu64, at, i,
				    v, ncomm);
		memcpy(e->samples[i].comm, comms + 16 * v, 16);
	}
	return 0;
}

static int decode_stacks(struct cur *c, struct lttr_vitals_epoch *e)
{
	uint64_t k, u, fl, m, tgid, ticks, sp, a;
	size_t i, j;

	for (i = 0; i < e->nstacks; i++) {
		struct ltt_vital_stack *st = &e->stacks[i];

		if (get_uv(c, 8, "a stack's kernel_nr", &k) < 0 ||
		    get_uv(c, 8, "a stack's user_nr", &u) < 0 ||
		    get_uv(c, 8, "a stack's flags", &fl) < 0 ||
		    get_uv(c, 8, "a stack's maps", &m) < 0 ||
		    get_uv(c, 32, "a stack's tgid", &tgid) < 0 ||
		    get_uv(c, 64, "a stack's start_ticks", &ticks) < 0 ||
		    get_uv(c, 64, "a stack's start_stack", &sp) < 0)
			return -1;
		if (k + u > LTT_VITALS_STACK_DEPTH)
			return fail(c->err, c->errlen, "body offset %zu: stack "
				    "%zu: %" PRIu64 " + %" PRIu64 " addresses, "
				    "more than %d", c->o, i, k, u,
				    LTT_VITALS_STACK_DEPTH);
		st->kernel_nr = (uint8_t)k;
		st->user_nr = (uint8_t)u;
		st->flags = (uint8_t)fl;
		st->maps = (uint8_t)m;
		st->tgid = (uint32_t)tgid;
		st->start_ticks = ticks;
		st->start_stack = sp;
		for (j = 0; j < k + u; j++) {
			if (get_le(c, 8, "a stack's address", &a) < 0)
				return -1;
			st->addr[j] = a;
		}
	}
	return 0;
}

int lttr_vitals_body_unpack(const unsigned char *frame, size_t off,
			    struct lttr_vitals_epoch *e, char *err, size_t errlen)
{
	const struct ltt_vitals_file_header *h = &e->h;
	unsigned long long fsize;
	unsigned char *raw;
	struct cur c;
	size_t r;
	unsigned int v;

	if (h->raw_len > lttr_vitals_body_max(h))
		return fail(err, errlen, "offset %zu: a body of %" PRIu32
			    " bytes, more than the header's counts take (%"
			    PRIu64 ")", off, h->raw_len, lttr_vitals_body_max(h));
	r = ZSTD_findFrameCompressedSize(frame, h->body_len);
	if (ZSTD_isError(r) || r != h->body_len)
		return fail(err, errlen, "offset %zu: not one zstd frame of "
			    "%" PRIu32 " bytes (%s)", off, h->body_len,
			    ZSTD_isError(r) ? ZSTD_getErrorName(r) : "its length");
	fsize = ZSTD_getFrameContentSize(frame, h->body_len);
	if (fsize != h->raw_len)
		return fail(err, errlen, "offset %zu: a frame of %s bytes, "
			    "the header says %" PRIu32, off,
			    fsize == ZSTD_CONTENTSIZE_UNKNOWN ? "unknown" :
			    fsize == ZSTD_CONTENTSIZE_ERROR ? "bad" : "other",
			    h->raw_len);
	raw = malloc(h->raw_len ? h->raw_len : 1);
	if (!raw)
		return fail(err, errlen, "out of memory");
	r = ZSTD_decompress(raw, h->raw_len, frame, h->body_len);
	if (ZSTD_isError(r) || r != h->raw_len) {
		free(raw);
		return fail(err, errlen, "offset %zu: corrupt zstd frame (%s)",
			    off, ZSTD_isError(r) ? ZSTD_getErrorName(r) :
			    "decoded size is not raw_len");
	}
	e->ncells = (size_t)h->ncells;
	e->nsamples = h->nsamples;
	e->nstacks = h->nstacks;
	e->maps_len = h->maps_len;
	e->cells = calloc(e->ncells ? e->ncells : 1, sizeof(*e->cells));
	e->samples = calloc(e->nsamples ? e->nsamples : 1, sizeof(*e->samples));
	e->stacks = calloc(e->nstacks ? e->nstacks : 1, sizeof(*e->stacks));
	e->maps = malloc(e->maps_len + 1);
	if (!e->cells || !e->samples || !e->stacks || !e->maps) {
		free(raw);
		return fail(err, errlen, "out of memory");
	}
	c.b = raw;
	c.len = h->raw_len;
	c.o = 0;
	c.err = err;
	c.errlen = errlen;
	for (v = 0; v < LTT_VITALS; v++) {
		uint64_t t, n;

		if (get_uv(&c, 64, "a total", &t) < 0 ||
		    get_uv(&c, 64, "an events count", &n) < 0)
			goto bad;
		e->sum[v].total = t;
		e->sum[v].events = n;
	}
	if (decode_cells(&c, e) < 0 || decode_samples(&c, e) < 0 ||
	    decode_stacks(&c, e) < 0)
		goto bad;
	if (c.len - c.o != e->maps_len) {
		fail(err, errlen, "body offset %zu: %zu bytes left for %zu of "
		     "maps", c.o, c.len - c.o, e->maps_len);
		goto bad;
	}
	memcpy(e->maps, raw + c.o, e->maps_len);
	e->maps[e->maps_len] = '\0';
	free(raw);
	return 0;
bad:
	free(raw);
	return -1;
}
