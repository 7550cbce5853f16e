// SPDX-License-Identifier: GPL-2.0
/*
 * model-json.c - a clock model as JSON and as text (lttr/sync/model-json.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <lttr/output/json.h>
#include <lttr/sync/model-json.h>

static void num(struct lttr_json *j, const char *key, int prec, double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", prec, v);
	if (key)
		lttr_json_key(j, key);
	lttr_json_number(j, buf);
}

static void unum(struct lttr_json *j, const char *key, uint64_t v)
{
	lttr_json_kv_u64(j, key, v);
}

/* a host's reasons, in a sentence of LTTR_SYNC_PROBLEM_LEN */
#define WHY_LEN 320

static const char *name_of(const struct lttr_sync_hostinfo *h, size_t k)
{
	return h[k].hostname && h[k].hostname[0] ? h[k].hostname : h[k].trace;
}

/* why host @k is not synchronised, into @out */
static void problem_of(const struct lttr_sync_model *m, const struct lttr_sync_hostinfo *h,
		       size_t k, char *out, size_t len)
{
	char why[WHY_LEN] = "";
	size_t i, used = 0;

	for (i = 0; i < m->npairs; i++) {
		const struct lttr_sync_pair *p = &m->pairs[i];
		int w;

		if (p->a != k && p->b != k)
			continue;
		if (p->state == LTTR_SYNC_TOO_FEW)
			w = snprintf(why + used, sizeof(why) - used,
				     "%s%zu messages %s->%s, %zu %s->%s, need >= %d each way",
				     used ? "; " : "", p->n_ab, name_of(h, p->a), name_of(h, p->b),
				     p->n_ba, name_of(h, p->b), name_of(h, p->a), LTTR_SYNC_MIN_MSGS);
		else if (p->state == LTTR_SYNC_CONTRADICT)
			w = snprintf(why + used, sizeof(why) - used,
				     "%sthe messages %s<->%s contradict every clock offset (a corrupted timestamp?)",
				     used ? "; " : "", name_of(h, p->a), name_of(h, p->b));
		else if (p->state == LTTR_SYNC_UNBOUNDED)
			w = snprintf(why + used, sizeof(why) - used,
				     "%sthe messages %s<->%s do not bound the drift",
				     used ? "; " : "", name_of(h, p->a), name_of(h, p->b));
		else
			w = snprintf(why + used, sizeof(why) - used,
				     "%s%s<->%s synchronised, but not to the reference",
				     used ? "; " : "", name_of(h, p->a), name_of(h, p->b));
		if (w < 0 || (size_t)w >= sizeof(why) - used)
			break;
		used += (size_t)w;
	}
	snprintf(out, len, "%s", used ? why : "no message to or from the other traces");
}

size_t lttr_sync_problems(const struct lttr_sync_model *m, const struct lttr_sync_hostinfo *h,
			  char (*out)[LTTR_SYNC_PROBLEM_LEN], size_t max)
{
	char why[WHY_LEN];
	size_t k, n = 0;

	for (k = 0; k < m->nhosts; k++) {
		if (m->hosts[k].synced)
			continue;
		if (out && n < max) {
			problem_of(m, h, k, why, sizeof(why));
			snprintf(out[n], LTTR_SYNC_PROBLEM_LEN, "%s (%s): unsynchronised: %s",
				 name_of(h, k), h[k].trace, why);
		}
		n++;
	}
	return n;
}

static void json_pair(struct lttr_json *j, const struct lttr_sync_pair *p,
		      const struct lttr_sync_msg *msgs)
{
	size_t i;

	lttr_json_begin_object(j);
	unum(j, "a", p->a);
	unum(j, "b", p->b);
	unum(j, "messages_ab", p->n_ab);
	unum(j, "messages_ba", p->n_ba);
	lttr_json_kv_str(j, "state", lttr_sync_state_name(p->state));
	lttr_json_kv_bool(j, "synchronised", p->state == LTTR_SYNC_OK);
	if (p->state == LTTR_SYNC_OK) {
		num(j, "offset_ns", 1, p->offset_ns);
		num(j, "drift_ppm", 4, (p->slope - 1) * 1e6);
		num(j, "drift_ppm_lo", 4, (p->slope_lo - 1) * 1e6);
		num(j, "drift_ppm_hi", 4, (p->slope_hi - 1) * 1e6);
		unum(j, "span_start_ns", p->span_lo);
		unum(j, "span_end_ns", p->span_hi);
		lttr_json_key(j, "bounds_at_start_ns");
		lttr_json_begin_array(j);
		num(j, NULL, 1, p->lo_at_start);
		num(j, NULL, 1, p->hi_at_start);
		lttr_json_end_array(j);
		lttr_json_key(j, "bounds_at_end_ns");
		lttr_json_begin_array(j);
		num(j, NULL, 1, p->lo_at_end);
		num(j, NULL, 1, p->hi_at_end);
		lttr_json_end_array(j);
		num(j, "width_ns", 1, p->width_ns);
	}
	unum(j, "dropped", p->ndropped);
	if (!msgs) {
		/* read back from a file: the messages are not known */
		lttr_json_end_object(j);
		return;
	}
	lttr_json_key(j, p->state == LTTR_SYNC_CONTRADICT ? "contradicting" : "dropped_messages");
	lttr_json_begin_array(j);
	for (i = 0; i < p->ndropped && i < LTTR_SYNC_MAX_NAMED; i++) {
		const struct lttr_sync_msg *x = &msgs[p->dropped[i]];

		lttr_json_begin_object(j);
		unum(j, "from", x->src);
		unum(j, "to", x->dst);
		unum(j, "send_ns", x->send_ns);
		unum(j, "recv_ns", x->recv_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_sync_json(struct lttr_json *j, const struct lttr_sync_model *m,
		    const struct lttr_sync_hostinfo *h, const struct lttr_sync_msg *msgs)
{
	char why[WHY_LEN];
	size_t k;

	lttr_json_begin_object(j);
	lttr_json_kv_str(j, "format", "lttr-clock-model");
	unum(j, "version", 1);
	unum(j, "reference", 0);
	lttr_json_kv_str(j, "method", "convex hull (Duda et al.)");
	lttr_json_key(j, "hosts");
	lttr_json_begin_array(j);
	for (k = 0; k < m->nhosts; k++) {
		const struct lttr_sync_host *x = &m->hosts[k];
		const struct lttr_sync_pair *p = x->pair >= 0 ? &m->pairs[x->pair] : NULL;

		lttr_json_begin_object(j);
		unum(j, "index", k);
		lttr_json_kv_str(j, "trace", h[k].trace);
		lttr_json_kv_str(j, "source", h[k].source);
		lttr_json_kv_str(j, "hostname", h[k].hostname ? h[k].hostname : "");
		unum(j, "start_ns", h[k].start_ns);
		unum(j, "end_ns", h[k].end_ns);
		lttr_json_kv_bool(j, "synchronised", x->synced);
		if (x->synced) {
			num(j, "offset_ns", 1, x->offset_ns);
			num(j, "drift_ppm", 4, (x->slope - 1) * 1e6);
			num(j, "accuracy_ns", 1, x->accuracy_ns);
		} else {
			problem_of(m, h, k, why, sizeof(why));
			lttr_json_kv_str(j, "reason", why);
		}
		lttr_json_key(j, "parent");
		if (x->parent >= 0)
			lttr_json_u64(j, (uint64_t)x->parent);
		else
			lttr_json_null(j);
		lttr_json_key(j, "pair");
		if (p)
			lttr_json_u64(j, (uint64_t)x->pair);
		else
			lttr_json_null(j);
		if (p) {
			bool fwd = p->a == (uint32_t)x->parent;

			unum(j, "messages_to_parent", fwd ? p->n_ba : p->n_ab);
			unum(j, "messages_from_parent", fwd ? p->n_ab : p->n_ba);
		}
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_key(j, "pairs");
	lttr_json_begin_array(j);
	for (k = 0; k < m->npairs; k++)
		json_pair(j, &m->pairs[k], msgs);
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}

void lttr_sync_text(FILE *f, const struct lttr_sync_model *m, const struct lttr_sync_hostinfo *h)
{
	char why[WHY_LEN];
	size_t k;

	fprintf(f, "Clock model (convex hull), reference: host 0 %s\n", name_of(h, 0));
	for (k = 0; k < m->nhosts; k++) {
		const struct lttr_sync_host *x = &m->hosts[k];
		const struct lttr_sync_pair *p = x->pair >= 0 ? &m->pairs[x->pair] : NULL;

		fprintf(f, "  host %zu %s (%s, %s): ", k, name_of(h, k), h[k].trace, h[k].source);
		if (!k) {
			fprintf(f, "reference\n");
		} else if (!x->synced) {
			problem_of(m, h, k, why, sizeof(why));
			fprintf(f, "UNSYNCHRONISED: %s\n", why);
		} else {
			bool fwd = p->a == (uint32_t)x->parent;

			fprintf(f, "offset %+.1f ns, drift %+.4f ppm, accuracy %.1f us, via host %ld "
				"(%zu messages to it, %zu from it)\n",
				x->offset_ns, (x->slope - 1) * 1e6, x->accuracy_ns / 1e3, x->parent,
				fwd ? p->n_ba : p->n_ab, fwd ? p->n_ab : p->n_ba);
		}
	}
	for (k = 0; k < m->npairs; k++) {
		const struct lttr_sync_pair *p = &m->pairs[k];

		fprintf(f, "  pair %u-%u: %zu messages %u->%u, %zu %u->%u: %s", p->a, p->b, p->n_ab,
			p->a, p->b, p->n_ba, p->b, p->a, lttr_sync_state_name(p->state));
		if (p->state == LTTR_SYNC_OK)
			fprintf(f, ", bounds %.1f us wide, drift in [%+.3f, %+.3f] ppm", p->width_ns / 1e3,
				(p->slope_lo - 1) * 1e6, (p->slope_hi - 1) * 1e6);
		if (p->ndropped)
			fprintf(f, ", %s %zu contradicting message%s",
				p->state == LTTR_SYNC_OK ? "dropped" : "e.g.", p->ndropped,
				p->ndropped == 1 ? "" : "s");
		fputc('\n', f);
	}
}

void lttr_sync_json_messages(struct lttr_json *j, const struct lttr_sync_model *m,
			     const struct lttr_sync_msg *msgs, size_t n)
{
	size_t k, synced = 0, inverted = 0;
	double min_transit = 0;

	for (k = 0; k < n; k++) {
		const struct lttr_sync_msg *x = &msgs[k];
		double d;

		if (x->src >= m->nhosts || x->dst >= m->nhosts ||
		    !m->hosts[x->src].synced || !m->hosts[x->dst].synced)
			continue;
		d = lttr_sync_to_ref(m, x->dst, x->recv_ns) - lttr_sync_to_ref(m, x->src, x->send_ns);
		if (!synced || d < min_transit)
			min_transit = d;
		synced++;
		inverted += d < 0;
	}
	lttr_json_begin_object(j);
	unum(j, "messages", n);
	unum(j, "synchronised", synced);
	unum(j, "inverted", inverted);
	lttr_json_key(j, "min_transit_ns");
	if (synced)
		num(j, NULL, 1, min_transit);
	else
		lttr_json_null(j);
	lttr_json_key(j, "list");
	lttr_json_begin_array(j);
	for (k = 0; k < n; k++) {
		const struct lttr_sync_msg *x = &msgs[k];
		bool ok = x->src < m->nhosts && x->dst < m->nhosts &&
			  m->hosts[x->src].synced && m->hosts[x->dst].synced;
		double s = ok ? lttr_sync_to_ref(m, x->src, x->send_ns) : 0;
		double r = ok ? lttr_sync_to_ref(m, x->dst, x->recv_ns) : 0;

		lttr_json_begin_object(j);
		unum(j, "src", x->src);
		unum(j, "dst", x->dst);
		unum(j, "send_ns", x->send_ns);
		unum(j, "recv_ns", x->recv_ns);
		if (ok) {
			num(j, "send_ref_ns", 1, s);
			num(j, "recv_ref_ns", 1, r);
			num(j, "transit_ns", 1, r - s);
		} else {
			lttr_json_key(j, "send_ref_ns");
			lttr_json_null(j);
			lttr_json_key(j, "recv_ref_ns");
			lttr_json_null(j);
			lttr_json_key(j, "transit_ns");
			lttr_json_null(j);
		}
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}
