// SPDX-License-Identifier: GPL-2.0
/*
 * vitals-report.c - the vital signs' aggregator (docs/vitals.md): the
 * epoch files of a directory in order, each epoch's sketch reconstructed
 * (weighted totals, distinct labels by linear counting, the sampled labels
 * with their cells' counts), the EWMA anomaly detector, and the text and
 * JSON forms every front end prints.
 */
#include <dirent.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/output/json.h>
#include <lttr/reader/fields.h>
#include <lttr/vitals/vitals.h>

static int add_warning(struct lttr_vitals_series *s, const char *file,
		       const char *epoch, const char *why)
{
	char **w = realloc(s->warnings, (s->nwarnings + 1) * sizeof(*w));
	size_t len = strlen(file) + strlen(epoch) + strlen(why) + 64;

	if (!w)
		return -1;
	s->warnings = w;
	w[s->nwarnings] = malloc(len);
	if (!w[s->nwarnings])
		return -1;
	snprintf(w[s->nwarnings], len, "%s: epoch %s: %s, skipped", file,
		 epoch, why);
	s->nwarnings++;
	return 0;
}

/* the epoch number of a skipped file, when its name holds one */
static int add_bad(struct lttr_vitals_series *s, const char *num)
{
	uint64_t *b, n = 0;
	const char *c;

	for (c = num; *c; c++) {
		if (*c < '0' || *c > '9' || n > (UINT64_MAX - 9) / 10)
			return 0;
		n = n * 10 + (uint64_t)(*c - '0');
	}
	b = realloc(s->bad, (s->nbad + 1) * sizeof(*b));
	if (!b)
		return -1;
	s->bad = b;
	s->bad[s->nbad++] = n;
	return 0;
}

static int by_u64(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

static int by_epoch(const void *a, const void *b)
{
	const struct lttr_vitals_epoch *x = a, *y = b;

	return x->h.epoch < y->h.epoch ? -1 : x->h.epoch > y->h.epoch;
}

int lttr_vitals_load(const char *dir, struct lttr_vitals_series *s,
		     char *err, size_t errlen)
{
	struct dirent *d;
	DIR *dp;

	memset(s, 0, sizeof(*s));
	dp = opendir(dir);
	if (!dp) {
		snprintf(err, errlen, "%s: cannot read the directory", dir);
		return -1;
	}
	while ((d = readdir(dp))) {
		struct lttr_vitals_epoch e, *grown;
		char path[4096], why[256], num[32];
		size_t nl = strlen(d->d_name);
		size_t pl = strlen(LTTR_VITALS_FILE_PREFIX);
		size_t sl = strlen(LTTR_VITALS_FILE_SUFFIX);

		if (nl <= pl + sl ||
		    strncmp(d->d_name, LTTR_VITALS_FILE_PREFIX, pl) ||
		    strcmp(d->d_name + nl - sl, LTTR_VITALS_FILE_SUFFIX))
			continue;
		snprintf(num, sizeof(num), "%.*s", (int)(nl - pl - sl),
			 d->d_name + pl);
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		if (lttr_vitals_read(path, &e, why, sizeof(why)) < 0) {
			if (add_warning(s, path, num, why) < 0 ||
			    add_bad(s, num) < 0)
				goto nomem;
			continue;
		}
		/* a lost epoch's marker: no data, counted missing */
		if (e.h.flags & LTT_VITALS_F_LOST) {
			uint64_t *gl = realloc(s->lost, (s->nlost + 1) * sizeof(*gl));

			if (!gl) {
				lttr_vitals_epoch_free(&e);
				goto nomem;
			}
			s->lost = gl;
			s->lost[s->nlost++] = e.h.epoch;
			lttr_vitals_epoch_free(&e);
			continue;
		}
		grown = realloc(s->epochs, (s->n + 1) * sizeof(*grown));
		if (!grown) {
			lttr_vitals_epoch_free(&e);
			goto nomem;
		}
		s->epochs = grown;
		s->epochs[s->n++] = e;
	}
	closedir(dp);
	if (s->n)
		qsort(s->epochs, s->n, sizeof(*s->epochs), by_epoch);
	if (s->nbad)
		qsort(s->bad, s->nbad, sizeof(*s->bad), by_u64);
	if (s->nlost)
		qsort(s->lost, s->nlost, sizeof(*s->lost), by_u64);
	return 0;
nomem:
	closedir(dp);
	lttr_vitals_series_free(s);
	snprintf(err, errlen, "out of memory");
	return -1;
}

void lttr_vitals_series_free(struct lttr_vitals_series *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		lttr_vitals_epoch_free(&s->epochs[i]);
	for (i = 0; i < s->nwarnings; i++)
		free(s->warnings[i]);
	free(s->epochs);
	free(s->warnings);
	free(s->bad);
	free(s->lost);
	memset(s, 0, sizeof(*s));
}

uint64_t lttr_vitals_skipped_in(const struct lttr_vitals_series *s,
				uint64_t lo, uint64_t hi)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < s->nbad; i++)
		n += s->bad[i] >= lo && s->bad[i] <= hi &&
		     (i == 0 || s->bad[i] != s->bad[i - 1]);
	return n;
}

uint64_t lttr_vitals_missing(const struct lttr_vitals_series *s,
			     uint64_t (*out)[2], size_t max, size_t *nout)
{
	uint64_t total = 0, lo = UINT64_MAX, hi = 0, k;
	size_t i = 0, b = 0, n = 0;

	if (s->n) {
		lo = s->epochs[0].h.epoch;
		hi = s->epochs[s->n - 1].h.epoch;
	}
	if (s->nlost) {
		lo = s->lost[0] < lo ? s->lost[0] : lo;
		hi = s->lost[s->nlost - 1] > hi ? s->lost[s->nlost - 1] : hi;
	}
	if (nout)
		*nout = 0;
	if (lo > hi)
		return 0;
	/*
	 * The gaps between the numbers that have data or a skipped file,
	 * in [lo, hi]: both lists are sorted, walked together (never the
	 * numbers one by one: a file's name can say any number).
	 */
	k = lo;
	for (;;) {
		uint64_t p = UINT64_MAX, last;
		bool found = false;

		/* the next number with data or a skipped file, from k on */
		while (i < s->n && s->epochs[i].h.epoch < k)
			i++;
		while (b < s->nbad && s->bad[b] < k)
			b++;
		if (i < s->n) {
			p = s->epochs[i].h.epoch;
			found = true;
		}
		if (b < s->nbad && (!found || s->bad[b] < p)) {
			p = s->bad[b];
			found = true;
		}
		if (!found || p > hi) {
			last = hi;		/* the gap runs to hi */
		} else if (p > k) {
			last = p - 1;
		} else {
			if (p == hi)
				break;
			k = p + 1;
			continue;
		}
		/* [k, last] has neither: missing (saturated: hostile names) */
		total = total + (last - k) + 1 < total ? UINT64_MAX : total + (last - k) + 1;
		if (out && n < max) {
			out[n][0] = k;
			out[n][1] = last;
			n++;
		}
		if (last == hi || p == hi)
			break;
		k = p + 1;
	}
	if (nout)
		*nout = n;
	return total;
}

double lttr_vitals_distinct(const struct lttr_vitals_epoch *e,
			    unsigned int vital)
{
	double m = LTT_VITALS_HCA;
	size_t i, used = 0;

	for (i = 0; i < e->ncells; i++)
		used += e->cells[i].vital == vital;
	if (used >= LTT_VITALS_HCA)
		return -1;
	return m * log(m / (m - (double)used));
}

uint32_t lttr_vitals_cell(const struct lttr_vitals_epoch *e,
			  unsigned int vital, unsigned int cell)
{
	size_t lo = 0, hi = e->ncells;
	unsigned long key = (unsigned long)vital * LTT_VITALS_HCA + cell;

	/* the cells are in (vital, cell) order: the reader checked */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		unsigned long k = (unsigned long)e->cells[mid].vital *
				  LTT_VITALS_HCA + e->cells[mid].cell;

		if (k == key)
			return e->cells[mid].count;
		if (k < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

bool lttr_ewma_step(struct lttr_ewma *w, double x, double *lo, double *hi)
{
	double sd = sqrt(w->var), floor = LTTR_EWMA_FLOOR * fabs(w->mean);
	bool flagged;

	if (sd < floor)
		sd = floor;
	if (sd < 1)
		sd = 1;
	*lo = w->mean - LTTR_EWMA_K * sd;
	*hi = w->mean + LTTR_EWMA_K * sd;
	if (w->n == 0) {
		w->mean = x;
		w->var = 0;
		w->n = 1;
		*lo = *hi = x;
		return false;
	}
	flagged = w->n >= LTTR_EWMA_WARMUP && (x < *lo || x > *hi);
	if (flagged && ++w->run < LTTR_EWMA_REBASE)
		return true;
	if (flagged) {
		/* a new level: the band starts again from it */
		w->mean = x;
		w->var = 0;
		w->run = 0;
		return true;
	}
	w->run = 0;
	{
		double d = x - w->mean;

		w->mean += LTTR_EWMA_ALPHA * d;
		w->var = (1 - LTTR_EWMA_ALPHA) *
			 (w->var + LTTR_EWMA_ALPHA * d * d);
	}
	w->n++;
	return false;
}

static int by_estimate(const void *a, const void *b)
{
	const struct lttr_vitals_label *x = a, *y = b;

	if (x->estimate != y->estimate)
		return x->estimate > y->estimate ? -1 : 1;
	return x->first.label < y->first.label ? -1 :
	       x->first.label > y->first.label;
}

static int top_labels(const struct lttr_vitals_epoch *e, unsigned int vital,
		      size_t ntop, struct lttr_vitals_row *row)
{
	struct lttr_vitals_label *l = NULL;
	size_t i, j, n = 0;

	for (i = 0; i < e->nsamples; i++) {
		const struct ltt_vital_sample *s = &e->samples[i];

		if (s->vital != vital)
			continue;
		for (j = 0; j < n && l[j].first.label != s->label; j++)
			;
		if (j == n) {
			struct lttr_vitals_label *g =
				realloc(l, (n + 1) * sizeof(*l));

			if (!g) {
				free(l);
				return -1;
			}
			l = g;
			l[n].first = *s;
			l[n].estimate = lttr_vitals_cell(e, vital, s->cell);
			l[n].samples = 0;
			l[n].stack = NULL;
			n++;
		}
		l[j].samples++;
		if (!l[j].stack)
			l[j].stack = lttr_vitals_stack(e, s);
	}
	if (n)
		qsort(l, n, sizeof(*l), by_estimate);
	row->top = l;
	row->ntop = n < ntop ? n : ntop;
	return 0;
}

int lttr_vitals_report(const struct lttr_vitals_series *s, size_t ntop,
		       struct lttr_vitals_report *r)
{
	struct lttr_ewma w[LTT_VITALS];
	size_t i;
	unsigned int v;

	memset(r, 0, sizeof(*r));
	memset(w, 0, sizeof(w));
	r->s = s;
	r->ntop_max = ntop;
	r->rows = calloc(s->n ? s->n * LTT_VITALS : 1, sizeof(*r->rows));
	if (!r->rows)
		return -1;
	for (i = 0; i < s->n; i++) {
		const struct lttr_vitals_epoch *e = &s->epochs[i];

		for (v = 0; v < LTT_VITALS; v++) {
			struct lttr_vitals_row *row = &r->rows[i * LTT_VITALS + v];

			row->total = e->sum[v].total;
			row->events = e->sum[v].events;
			row->distinct = lttr_vitals_distinct(e, v);
			if (e->h.collected & (1U << v))
				row->flagged = lttr_ewma_step(&w[v],
							      (double)row->total,
							      &row->lo, &row->hi);
			if (top_labels(e, v, ntop, row) < 0) {
				lttr_vitals_report_free(r);
				return -1;
			}
		}
	}
	return 0;
}

void lttr_vitals_report_free(struct lttr_vitals_report *r)
{
	size_t i;

	for (i = 0; r->rows && r->s && i < r->s->n * LTT_VITALS; i++)
		free(r->rows[i].top);
	free(r->rows);
	lttr_vitals_symbols_free(r);
	memset(r, 0, sizeof(*r));
}

void lttr_vitals_sample_text(char *buf, size_t len,
			     const struct ltt_vital_sample *s)
{
	switch (s->vital) {
	case LTT_VITAL_SYSCALL:
		snprintf(buf, len, "sp 0x%" PRIx64 " syscall %u arg0 0x%" PRIx64
			 " ip 0x%" PRIx64, (uint64_t)s->site, s->key,
			 (uint64_t)s->data[0], (uint64_t)s->data[1]);
		break;
	case LTT_VITAL_SCHED_DELAY:
	case LTT_VITAL_BLOCKING:
		snprintf(buf, len, "site 0x%" PRIx64 " delay %" PRIu64
			 " ns prio %" PRId64, (uint64_t)s->site,
			 (uint64_t)s->data[0], (int64_t)s->data[1]);
		break;
	case LTT_VITAL_KPAGE:
		snprintf(buf, len, "order %u gfp 0x%x pc 0x%" PRIx64
			 " free pages %" PRIu64, s->key & 0xff, s->key >> 8,
			 (uint64_t)s->data[0], (uint64_t)s->data[1]);
		break;
	case LTT_VITAL_UPAGE:
		snprintf(buf, len, "pc 0x%" PRIx64 " address 0x%" PRIx64
			 " free pages %" PRIu64, (uint64_t)s->site,
			 (uint64_t)s->data[0], (uint64_t)s->data[1]);
		break;
	case LTT_VITAL_SIGNAL:
		snprintf(buf, len, "site 0x%" PRIx64 " signal %u handler 0x%"
			 PRIx64, (uint64_t)s->site, s->key,
			 (uint64_t)s->data[0]);
		break;
	case LTT_VITAL_LOCK: {
		const char *kind = lttr_lock_kind_name(s->key & 0xff);
		char kn[16];

		if (s->key & LTT_VITALS_FUTEX_WAKE) {
			/* the unlock side: the sample's task releases it */
			snprintf(buf, len, "futex 0x%" PRIx64 " op %u released "
				 "by its owner sp 0x%" PRIx64 " wakes up to %" PRIu64,
				 (uint64_t)s->site, s->key & ~LTT_VITALS_FUTEX_WAKE,
				 (uint64_t)s->data[0], (uint64_t)s->data[1]);
			break;
		}
		if (!(s->key & LTT_VITALS_KLOCK)) {
			snprintf(buf, len, "futex 0x%" PRIx64 " op %u sp 0x%" PRIx64
				 " value %" PRIu64, (uint64_t)s->site, s->key,
				 (uint64_t)s->data[0], (uint64_t)s->data[1]);
			break;
		}
		if (kind)
			snprintf(kn, sizeof(kn), "%s", kind);
		else
			snprintf(kn, sizeof(kn), "kind %u", s->key & 0xff);
		if (s->key & (LTT_LOCK_READERS << 8))
			snprintf(buf, len, "%s 0x%" PRIx64 " site 0x%" PRIx64
				 " owner readers waiters %u", kn,
				 (uint64_t)s->data[0], (uint64_t)s->site,
				 (unsigned int)(s->data[1] & 0xffff));
		else
			snprintf(buf, len, "%s 0x%" PRIx64 " site 0x%" PRIx64
				 " owner %u waiters %u", kn, (uint64_t)s->data[0],
				 (uint64_t)s->site, (unsigned int)(s->data[1] >> 32),
				 (unsigned int)(s->data[1] & 0xffff));
		break;
	}
	case LTT_VITAL_DISK: {
		unsigned int op = (unsigned int)(s->data[0] >> 32);
		const char *name = lttr_block_op_name(op);
		char opn[16];

		if (name)
			snprintf(opn, sizeof(opn), "%s", name);
		else
			snprintf(opn, sizeof(opn), "op %u", op);
		snprintf(buf, len, "pc 0x%" PRIx64 " dev %u:%u %s %" PRIu32
			 " bytes latency %" PRIu64 " ns", (uint64_t)s->site,
			 s->key >> 20, s->key & 0xfffff, opn,
			 (uint32_t)s->data[0], (uint64_t)s->data[1]);
		break;
	}
	case LTT_VITAL_SOCKET: {
		uint64_t peer = s->data[1];
		char who[40] = "peer unknown";

		if (peer)
			snprintf(who, sizeof(who), "peer %u.%u.%u.%u:%u",
				 (unsigned int)(peer >> 40) & 0xff,
				 (unsigned int)(peer >> 32) & 0xff,
				 (unsigned int)(peer >> 24) & 0xff,
				 (unsigned int)(peer >> 16) & 0xff,
				 (unsigned int)(peer & 0xffff));
		snprintf(buf, len, "sp 0x%" PRIx64 " %s family %u type %u %" PRId64
			 " bytes %s", (uint64_t)s->site, s->key & 1 ? "receive" : "send",
			 (s->key >> 8) & 0xff, (s->key >> 16) & 0xff, (int64_t)s->data[0],
			 who);
		break;
	}
	default:
		snprintf(buf, len, "pc 0x%" PRIx64 " %s", (uint64_t)s->data[0],
			 s->key ? "user" : "kernel");
		break;
	}
}

static void distinct_text(char *buf, size_t len, double d)
{
	if (d < 0)
		snprintf(buf, len, "unknown (HCA full)");
	else
		snprintf(buf, len, "~%.0f", d);
}

/* a top label's stacks, a frame a line, innermost first */
static void stack_text(FILE *f, const struct lttr_vitals_report *r, size_t i,
		       const struct ltt_vital_stack *st)
{
	unsigned int k;
	char name[512];

	if (!st)
		return;
	for (k = 0; k < (unsigned int)st->kernel_nr + st->user_nr; k++) {
		int kernel = lttr_vitals_frame(r, i, st, k, name, sizeof(name));

		fprintf(f, "                %-6s %s\n", kernel ? "kernel" : "user", name);
	}
	if (st->flags & (LTT_STACK_KERNEL_CUT | LTT_STACK_USER_CUT))
		fprintf(f, "                (cut at the depth asked)\n");
	if (st->flags & LTT_STACK_USER_BROKEN)
		fprintf(f, "                (the user frames end where a frame "
			"could not be read: code without frame pointers)\n");
	if (r->names && st->user_nr && !st->maps)
		fprintf(f, "                (user frames unnamed: the process "
			"ended or ran exec before the epoch's end)\n");
}

static void stack_json(struct lttr_json *j, const struct lttr_vitals_report *r, size_t i,
		       const struct ltt_vital_stack *st)
{
	unsigned int k;
	char name[512];

	lttr_json_key(j, "stack");
	if (!st) {
		lttr_json_null(j);
		return;
	}
	lttr_json_begin_object(j);
	lttr_json_kv_u64(j, "flags", st->flags);
	lttr_json_kv_bool(j, "maps", st->maps);
	lttr_json_kv_u64(j, "tgid", st->tgid);
	lttr_json_key(j, "frames");
	lttr_json_begin_array(j);
	for (k = 0; k < (unsigned int)st->kernel_nr + st->user_nr; k++) {
		int kernel = lttr_vitals_frame(r, i, st, k, name, sizeof(name));

		lttr_json_begin_object(j);
		lttr_json_kv_bool(j, "kernel", kernel);
		lttr_json_kv_u64(j, "addr", st->addr[k]);
		lttr_json_kv_str(j, "name", name);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_vitals_text(FILE *f, const struct lttr_vitals_report *r)
{
	const struct lttr_vitals_series *s = r->s;
	size_t i, k, flagged = 0;
	unsigned int v;

	/* the warnings are the caller's to print, on its error stream */
	for (i = 0; i < s->n; i++) {
		const struct lttr_vitals_epoch *e = &s->epochs[i];

		fprintf(f, "epoch %" PRIu64 "  %.3f s  shift %" PRIu32
			"  samples %zu  dropped %" PRIu64 "  stacks %zu",
			(uint64_t)e->h.epoch,
			(double)(e->h.end_ns - e->h.start_ns) / 1e9, e->h.shift,
			e->nsamples, (uint64_t)e->h.dropped, e->nstacks);
		if (e->h.stacks_dropped)
			fprintf(f, "  samples without stacks %" PRIu64,
				(uint64_t)e->h.stacks_dropped);
		/* the collector's time keeping samples (version 3 on) */
		if (e->h.version >= 3)
			fprintf(f, "  sampling %.3f ms", (double)e->h.sampling_ns / 1e6);
		if (e->h.cpu_high_us)
			fprintf(f, "  cpu watermark %" PRIu32 " us: %" PRIu32 " step%s",
				e->h.cpu_high_us, e->h.cpu_steps,
				e->h.cpu_steps == 1 ? "" : "s");
		fprintf(f, "%s\n",
			(e->h.flags & LTT_VITALS_F_PARTIAL) ? "  (partial)" : "");
		for (v = 0; v < LTT_VITALS; v++) {
			const struct lttr_vitals_row *row =
				&r->rows[i * LTT_VITALS + v];
			char d[32];

			if (!(e->h.collected & (1U << v)))
				continue;
			distinct_text(d, sizeof(d), row->distinct);
			fprintf(f, "  %-15s total %12" PRIu64 " %-7s (%" PRIu64
				" events)  labels %s%s\n", lttr_vital_name(v),
				row->total, lttr_vital_unit(v), row->events, d,
				row->flagged ? "  ANOMALY (outside its band)" : "");
			if (row->flagged) {
				flagged++;
				fprintf(f, "    band %.0f .. %.0f\n", row->lo,
					row->hi);
			}
			for (k = 0; k < row->ntop; k++) {
				const struct lttr_vitals_label *l = &row->top[k];
				char t[160];

				lttr_vitals_sample_text(t, sizeof(t), &l->first);
				fprintf(f, "    %10" PRIu32 "  %-16s pid %" PRIu32
					" uid %" PRIu32 "  %s  (%" PRIu32
					" samples)\n", l->estimate, l->first.comm,
					l->first.pid, l->first.uid, t, l->samples);
				stack_text(f, r, i, l->stack);
			}
		}
	}
	lttr_vitals_missing_text(f, s);
	fprintf(f, "%zu epochs, %zu skipped, %zu anomalies\n", s->n,
		s->nwarnings, flagged);
}

#define MISSING_RANGES	64

void lttr_vitals_missing_text(FILE *f, const struct lttr_vitals_series *s)
{
	uint64_t rg[MISSING_RANGES][2], n;
	size_t i, nr;

	n = lttr_vitals_missing(s, rg, MISSING_RANGES, &nr);
	if (!n)
		return;
	fprintf(f, "missing: %" PRIu64 " epoch%s with no data (lost by a "
		"stopped daemon, or removed):", n, n == 1 ? "" : "s");
	for (i = 0; i < nr; i++) {
		if (rg[i][0] == rg[i][1])
			fprintf(f, " %" PRIu64, rg[i][0]);
		else
			fprintf(f, " %" PRIu64 "-%" PRIu64, rg[i][0], rg[i][1]);
	}
	fprintf(f, "%s\n", nr == MISSING_RANGES ? " ..." : "");
}

void lttr_vitals_missing_json(struct lttr_json *j,
			      const struct lttr_vitals_series *s)
{
	uint64_t rg[MISSING_RANGES][2], n;
	size_t i, nr;

	n = lttr_vitals_missing(s, rg, MISSING_RANGES, &nr);
	lttr_json_kv_u64(j, "missing_epochs", n);
	lttr_json_key(j, "missing");
	lttr_json_begin_array(j);
	for (i = 0; i < nr; i++) {
		lttr_json_begin_array(j);
		lttr_json_u64(j, rg[i][0]);
		lttr_json_u64(j, rg[i][1]);
		lttr_json_end_array(j);
	}
	lttr_json_end_array(j);
}

void lttr_vitals_json(FILE *f, const struct lttr_vitals_report *r)
{
	const struct lttr_vitals_series *s = r->s;
	struct lttr_json j;
	size_t i, k;
	unsigned int v;
	char num[64];

	lttr_json_init(&j, f, false);
	lttr_json_begin_object(&j);
	lttr_json_kv_u64(&j, "format_version", LTT_VITALS_FILE_VERSION);
	lttr_json_key(&j, "warnings");
	lttr_json_begin_array(&j);
	for (i = 0; i < s->nwarnings; i++)
		lttr_json_string(&j, s->warnings[i]);
	lttr_json_end_array(&j);
	lttr_vitals_missing_json(&j, s);
	lttr_json_key(&j, "epochs");
	lttr_json_begin_array(&j);
	for (i = 0; i < s->n; i++) {
		const struct lttr_vitals_epoch *e = &s->epochs[i];

		lttr_json_begin_object(&j);
		lttr_json_kv_u64(&j, "epoch", e->h.epoch);
		lttr_json_kv_str(&j, "file", e->path ? e->path : "");
		lttr_json_kv_u64(&j, "start_ns", e->h.start_ns);
		lttr_json_kv_u64(&j, "end_ns", e->h.end_ns);
		lttr_json_kv_u64(&j, "wall_start_ns", e->h.wall_start_ns);
		lttr_json_kv_u64(&j, "shift", e->h.shift);
		lttr_json_kv_u64(&j, "ncpus", e->h.ncpus);
		lttr_json_kv_u64(&j, "samples", e->nsamples);
		lttr_json_kv_u64(&j, "dropped", e->h.dropped);
		lttr_json_kv_u64(&j, "skipped", e->h.skipped);
		lttr_json_kv_u64(&j, "stacks", e->nstacks);
		lttr_json_kv_u64(&j, "stacks_dropped", e->h.stacks_dropped);
		lttr_json_kv_u64(&j, "maps_omitted", e->h.maps_omitted);
		/* 0 in files of versions 1 and 2, which do not say */
		lttr_json_kv_u64(&j, "sampling_ns", e->h.sampling_ns);
		lttr_json_kv_u64(&j, "cpu_watermark_ns",
				 (uint64_t)e->h.cpu_high_us * 1000);
		lttr_json_kv_u64(&j, "cpu_steps", e->h.cpu_steps);
		lttr_json_kv_bool(&j, "partial",
				  e->h.flags & LTT_VITALS_F_PARTIAL);
		lttr_json_key(&j, "vitals");
		lttr_json_begin_object(&j);
		for (v = 0; v < LTT_VITALS; v++) {
			const struct lttr_vitals_row *row =
				&r->rows[i * LTT_VITALS + v];

			if (!(e->h.collected & (1U << v)))
				continue;
			lttr_json_key(&j, lttr_vital_name(v));
			lttr_json_begin_object(&j);
			lttr_json_kv_u64(&j, "total", row->total);
			lttr_json_kv_str(&j, "unit", lttr_vital_unit(v));
			lttr_json_kv_u64(&j, "events", row->events);
			lttr_json_key(&j, "distinct_labels");
			if (row->distinct < 0) {
				lttr_json_null(&j);
			} else {
				snprintf(num, sizeof(num), "%.1f", row->distinct);
				lttr_json_number(&j, num);
			}
			lttr_json_kv_bool(&j, "anomaly", row->flagged);
			snprintf(num, sizeof(num), "%.1f", row->lo);
			lttr_json_key(&j, "band_lo");
			lttr_json_number(&j, num);
			snprintf(num, sizeof(num), "%.1f", row->hi);
			lttr_json_key(&j, "band_hi");
			lttr_json_number(&j, num);
			lttr_json_key(&j, "top");
			lttr_json_begin_array(&j);
			for (k = 0; k < row->ntop; k++) {
				const struct lttr_vitals_label *l = &row->top[k];

				lttr_json_begin_object(&j);
				snprintf(num, sizeof(num), "%016" PRIx64,
					 (uint64_t)l->first.label);
				lttr_json_kv_str(&j, "label", num);
				lttr_json_kv_u64(&j, "estimate", l->estimate);
				lttr_json_kv_u64(&j, "samples", l->samples);
				lttr_json_kv_str(&j, "comm", l->first.comm);
				lttr_json_kv_u64(&j, "pid", l->first.pid);
				lttr_json_kv_u64(&j, "uid", l->first.uid);
				lttr_json_kv_u64(&j, "site", l->first.site);
				lttr_json_kv_u64(&j, "key", l->first.key);
				lttr_json_kv_u64(&j, "data0", l->first.data[0]);
				lttr_json_kv_u64(&j, "data1", l->first.data[1]);
				lttr_json_kv_u64(&j, "time_ns", l->first.time);
				lttr_json_kv_u64(&j, "cell", l->first.cell);
				stack_json(&j, r, i, l->stack);
				lttr_json_end_object(&j);
			}
			lttr_json_end_array(&j);
			lttr_json_end_object(&j);
		}
		lttr_json_end_object(&j);
		lttr_json_end_object(&j);
	}
	lttr_json_end_array(&j);
	lttr_json_end_object(&j);
	fputc('\n', f);
}
