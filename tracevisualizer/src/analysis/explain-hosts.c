// SPDX-License-Identifier: GPL-2.0
/*
 * explain-hosts.c - a wait of a task explained across the hosts of a
 * merged set: its critical path across hosts (lttr_critpath_hosts()), the
 * messages from other hosts on it with the error the clock model allows
 * on each, and a task's state at a time on the reference's clock.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/analysis/explain-hosts.h>
#include <lttr/sync/clocksync.h>

uint64_t lttr_sync_accuracy_ns(const struct lttr_sync_model *m, size_t host)
{
	double a = host < m->nhosts ? m->hosts[host].accuracy_ns : 0;

	return a > 0 ? (uint64_t)ceil(a) : 0;
}

static int check_hosts(const struct lttr_sync_model *model, size_t n, size_t host,
		       struct lttr_error *err)
{
	size_t k;

	if (model->nhosts != n || host >= n)
		return lttr_error_set(err, LTTR_E_INVAL, "host %zu: the set has %zu hosts", host, n);
	for (k = 0; k < n; k++)
		if (!model->hosts[k].synced)
			return lttr_error_set(err, LTTR_E_INVAL,
					      "host %zu is not synchronised: its times cannot be put on the reference's clock",
					      k);
	return 0;
}

int lttr_explain_span_hosts(struct lttr_trace **t, size_t n, const struct lttr_sync_model *model,
			    size_t host, uint32_t pid, uint64_t from_ns, uint64_t to_ns,
			    struct lttr_xh_span **out, struct lttr_error *err)
{
	struct lttr_xh_span *s;
	size_t i, k;
	int r;

	*out = NULL;
	r = check_hosts(model, n, host, err);
	if (r < 0)
		return r;
	s = calloc(1, sizeof(*s));
	if (!s)
		return lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
	r = lttr_critpath_hosts(t, n, model, host, pid, from_ns, to_ns, &s->path, err);
	if (r < 0) {
		free(s);
		return r;
	}
	for (i = 0; i < s->path->nstep; i++)
		s->nmsg += s->path->step[i].message;
	s->msg = calloc(s->nmsg + 1, sizeof(*s->msg));
	if (!s->msg) {
		lttr_xh_span_free(s);
		return lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
	}
	for (i = 0; i < s->path->nseg; i++) {
		uint64_t a = lttr_sync_accuracy_ns(model, s->path->seg[i].host);

		if (a > s->error_ns)
			s->error_ns = a;
	}
	for (i = 0, k = 0; i < s->path->nstep; i++) {
		const struct lttr_cp_step *st = &s->path->step[i];
		struct lttr_xh_msg *m;

		if (!st->message)
			continue;
		m = &s->msg[k++];
		m->step = i;
		m->host = st->host;
		m->pid = st->pid;
		m->peer_host = st->peer_host;
		m->peer_pid = st->peer_pid;
		m->send_ns = st->send_ns;
		m->recv_ns = st->recv_ns;
		m->wake_ns = st->end_ns;
		m->anomaly = st->anomaly;
		m->transit_ns = !st->anomaly && st->end_ns > st->send_ns ? st->end_ns - st->send_ns : 0;
		m->error_ns = lttr_sync_accuracy_ns(model, st->host) + lttr_sync_accuracy_ns(model, st->peer_host);
		m->uncertain = m->transit_ns <= m->error_ns;
		s->uncertain += m->uncertain;
	}
	*out = s;
	return 0;
}

void lttr_xh_span_free(struct lttr_xh_span *s)
{
	if (!s)
		return;
	lttr_critpath_free(s->path);
	free(s->msg);
	free(s);
}

int lttr_explain_at_hosts(struct lttr_trace **t, size_t n, const struct lttr_sync_model *model,
			  size_t host, uint32_t pid, uint64_t at_ns,
			  struct lttr_explain_at_hosts **out, struct lttr_error *err)
{
	struct lttr_explain_at_hosts *r;
	int ret;

	*out = NULL;
	ret = check_hosts(model, n, host, err);
	if (ret < 0)
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return lttr_error_set(err, LTTR_E_NOMEM, "explain: out of memory");
	r->host = host;
	r->at_ns = at_ns;
	ret = lttr_explain_at(t[host], pid, lttr_sync_from_ref_ns(model, host, at_ns), &r->at, err);
	if (ret < 0) {
		free(r);
		return ret;
	}
	r->start_ns = lttr_sync_to_ref_ns(model, host, r->at->start_ns);
	r->end_ns = lttr_sync_to_ref_ns(model, host, r->at->end_ns);
	if (r->at->state == LTTR_CP_BLOCKED && r->at->ended && r->end_ns > r->start_ns) {
		/* the block across the hosts, instead of within its host */
		lttr_critpath_free(r->at->path);
		r->at->path = NULL;
		ret = lttr_explain_span_hosts(t, n, model, host, pid, r->start_ns, r->end_ns,
					      &r->span, err);
		if (ret < 0) {
			lttr_explain_at_hosts_free(r);
			return ret;
		}
	}
	*out = r;
	return 0;
}

void lttr_explain_at_hosts_free(struct lttr_explain_at_hosts *r)
{
	if (!r)
		return;
	lttr_explain_at_free(r->at);
	lttr_xh_span_free(r->span);
	free(r);
}
