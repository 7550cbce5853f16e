// SPDX-License-Identifier: GPL-2.0
/*
 * vitals-timescale.c - the vital signs over longer timescales than the
 * epoch (Chopstix's 5 min / 1 h / 1 day views, docs/vitals.md): the
 * epochs of a report grouped by the wall-clock bucket their start falls
 * in, their totals summed, the detector's flags and the epochs with no
 * file counted per bucket; as text and JSON.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lttr/output/json.h>
#include <lttr/view/viewport.h>
#include <lttr/vitals/vitals.h>

/* width 0: one bucket an epoch */
static int group(const struct lttr_vitals_report *r, uint64_t width_ns,
		 struct lttr_vitals_bucket **out, size_t *n)
{
	const struct lttr_vitals_series *s = r->s;
	struct lttr_vitals_bucket *b = NULL, *cur = NULL;
	size_t i, nb = 0;
	unsigned int v;

	*out = NULL;
	*n = 0;
	for (i = 0; i < s->n; i++) {
		const struct lttr_vitals_epoch *e = &s->epochs[i];
		uint64_t start = width_ns ? e->h.wall_start_ns / width_ns *
					    width_ns : e->h.wall_start_ns;

		/* the files are in epoch order; a clock set back starts a
		 * new bucket rather than going back to an old one */
		if (!cur || !width_ns || cur->start_ns != start) {
			struct lttr_vitals_bucket *g =
				realloc(b, (nb + 1) * sizeof(*b));

			if (!g) {
				free(b);
				return -1;
			}
			b = g;
			cur = &b[nb++];
			memset(cur, 0, sizeof(*cur));
			cur->start_ns = start;
			cur->first = i;
			cur->first_epoch = e->h.epoch;
		}
		if (i > 0 && e->h.epoch > s->epochs[i - 1].h.epoch + 1) {
			uint64_t lo = s->epochs[i - 1].h.epoch + 1;
			uint64_t k = lttr_vitals_skipped_in(s, lo, e->h.epoch - 1);

			cur->missing += e->h.epoch - lo - k;
			cur->skipped += k;
		}
		cur->n++;
		cur->last_epoch = e->h.epoch;
		if (e->h.end_ns > e->h.start_ns)
			cur->covered_ns += e->h.end_ns - e->h.start_ns;
		cur->partial += !!(e->h.flags & LTT_VITALS_F_PARTIAL);
		cur->samples += e->nsamples;
		cur->dropped += e->h.dropped;
		cur->collected |= e->h.collected;
		for (v = 0; v < LTT_VITALS; v++) {
			const struct lttr_vitals_row *row =
				&r->rows[i * LTT_VITALS + v];

			cur->total[v] += row->total;
			cur->events[v] += row->events;
			cur->anomalies[v] += row->flagged;
		}
	}
	*out = b;
	*n = nb;
	return 0;
}

int lttr_vitals_buckets(const struct lttr_vitals_report *r, uint64_t width_ns,
			struct lttr_vitals_bucket **out, size_t *n)
{
	if (!width_ns) {
		*out = NULL;
		*n = 0;
		return -1;
	}
	return group(r, width_ns, out, n);
}

int lttr_vitals_epoch_buckets(const struct lttr_vitals_report *r,
			      struct lttr_vitals_bucket **out, size_t *n)
{
	return group(r, 0, out, n);
}

static const struct {
	uint64_t width;
	const char *name;
} scales[LTTR_VITALS_NSCALES] = {
	{ 0, "epoch" },
	{ LTTR_VITALS_5MIN, "5 min" },
	{ LTTR_VITALS_HOUR, "1 h" },
	{ LTTR_VITALS_DAY, "1 day" },
};

uint64_t lttr_vitals_scale_width(unsigned int i)
{
	return i < LTTR_VITALS_NSCALES ? scales[i].width : 0;
}

const char *lttr_vitals_scale_name(unsigned int i)
{
	return i < LTTR_VITALS_NSCALES ? scales[i].name : "?";
}

int lttr_vitals_scale_buckets(const struct lttr_vitals_report *r, unsigned int i,
			      struct lttr_vitals_bucket **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	if (i >= LTTR_VITALS_NSCALES)
		return -1;
	if (!scales[i].width)
		return lttr_vitals_epoch_buckets(r, out, n);
	return lttr_vitals_buckets(r, scales[i].width, out, n);
}

/* "2026-11-29 18:05:00" (UTC) */
void lttr_vitals_wall_text(char *buf, size_t len, uint64_t ns)
{
	time_t t = (time_t)(ns / 1000000000ULL);
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(buf, len, "%" PRIu64 " s", (uint64_t)(ns / 1000000000ULL));
}

void lttr_vitals_buckets_text(FILE *f, const struct lttr_vitals_report *r,
			      uint64_t width_ns,
			      const struct lttr_vitals_bucket *b, size_t n)
{
	const struct lttr_vitals_series *s = r->s;
	char w[64], at[64], cov[64];
	size_t i, flagged = 0;
	unsigned int v;

	lttr_fmt_duration(width_ns, w, sizeof(w));
	fprintf(f, "buckets of %s (UTC, by the epochs' wall-clock start)\n", w);
	for (i = 0; i < n; i++) {
		lttr_vitals_wall_text(at, sizeof(at), b[i].start_ns);
		lttr_fmt_duration(b[i].covered_ns, cov, sizeof(cov));
		fprintf(f, "%s  epochs %" PRIu64 "..%" PRIu64 " (%zu)  covered %s",
			at, b[i].first_epoch, b[i].last_epoch, b[i].n, cov);
		if (b[i].missing)
			fprintf(f, "  missing %" PRIu64, b[i].missing);
		if (b[i].skipped)
			fprintf(f, "  skipped %" PRIu64, b[i].skipped);
		if (b[i].partial)
			fprintf(f, "  partial %" PRIu64, b[i].partial);
		fprintf(f, "  samples %" PRIu64 "  dropped %" PRIu64 "\n",
			b[i].samples, b[i].dropped);
		for (v = 0; v < LTT_VITALS; v++) {
			if (!(b[i].collected & (1U << v)))
				continue;
			fprintf(f, "  %-15s total %12" PRIu64 " %-7s (%" PRIu64
				" events)", lttr_vital_name(v), b[i].total[v],
				lttr_vital_unit(v), b[i].events[v]);
			if (b[i].anomalies[v])
				fprintf(f, "  ANOMALY in %u epoch%s",
					b[i].anomalies[v],
					b[i].anomalies[v] == 1 ? "" : "s");
			fputc('\n', f);
			flagged += b[i].anomalies[v];
		}
	}
	lttr_vitals_missing_text(f, s);
	fprintf(f, "%zu buckets, %zu epochs, %zu skipped, %zu anomalies\n", n,
		s->n, s->nwarnings, flagged);
}

void lttr_vitals_buckets_json(FILE *f, const struct lttr_vitals_report *r,
			      uint64_t width_ns,
			      const struct lttr_vitals_bucket *b, size_t n)
{
	const struct lttr_vitals_series *s = r->s;
	struct lttr_json j;
	size_t i;
	unsigned int v;

	lttr_json_init(&j, f, false);
	lttr_json_begin_object(&j);
	lttr_json_kv_u64(&j, "format_version", LTT_VITALS_FILE_VERSION);
	lttr_json_kv_u64(&j, "bucket_ns", width_ns);
	lttr_json_key(&j, "warnings");
	lttr_json_begin_array(&j);
	for (i = 0; i < s->nwarnings; i++)
		lttr_json_string(&j, s->warnings[i]);
	lttr_json_end_array(&j);
	lttr_vitals_missing_json(&j, s);
	lttr_json_key(&j, "buckets");
	lttr_json_begin_array(&j);
	for (i = 0; i < n; i++) {
		lttr_json_begin_object(&j);
		lttr_json_kv_u64(&j, "wall_start_ns", b[i].start_ns);
		lttr_json_kv_u64(&j, "epochs", b[i].n);
		lttr_json_kv_u64(&j, "first_epoch", b[i].first_epoch);
		lttr_json_kv_u64(&j, "last_epoch", b[i].last_epoch);
		lttr_json_kv_u64(&j, "covered_ns", b[i].covered_ns);
		lttr_json_kv_u64(&j, "missing", b[i].missing);
		lttr_json_kv_u64(&j, "skipped", b[i].skipped);
		lttr_json_kv_u64(&j, "partial", b[i].partial);
		lttr_json_kv_u64(&j, "samples", b[i].samples);
		lttr_json_kv_u64(&j, "dropped", b[i].dropped);
		lttr_json_key(&j, "vitals");
		lttr_json_begin_object(&j);
		for (v = 0; v < LTT_VITALS; v++) {
			if (!(b[i].collected & (1U << v)))
				continue;
			lttr_json_key(&j, lttr_vital_name(v));
			lttr_json_begin_object(&j);
			lttr_json_kv_u64(&j, "total", b[i].total[v]);
			lttr_json_kv_str(&j, "unit", lttr_vital_unit(v));
			lttr_json_kv_u64(&j, "events", b[i].events[v]);
			lttr_json_kv_u64(&j, "anomalies", b[i].anomalies[v]);
			lttr_json_end_object(&j);
		}
		lttr_json_end_object(&j);
		lttr_json_end_object(&j);
	}
	lttr_json_end_array(&j);
	lttr_json_end_object(&j);
	fputc('\n', f);
}
