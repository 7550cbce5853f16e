// SPDX-License-Identifier: GPL-2.0
/*
 * json-paths.c - the JSON forms of messages, the nesting algorithm's
 * figures, path patterns and the convolution algorithm's graph.
 */
#include <lttr/output/json-paths.h>
#include <lttr/output/json-account.h>

static void key_u64(struct lttr_json *j, const char *k, uint64_t v)
{
	lttr_json_key(j, k);
	lttr_json_u64(j, v);
}

void lttr_json_msg_warn(struct lttr_json *j, const struct lttr_msg_warn *w)
{
	lttr_json_begin_object(j);
	key_u64(j, "lost_events", w->lost_events);
	key_u64(j, "send_only", w->send_only);
	key_u64(j, "recv_only", w->recv_only);
	key_u64(j, "unknown_socket", w->unknown_socket);
	key_u64(j, "retransmits", w->retransmits);
	key_u64(j, "skipped_packets", w->skipped_packets);
	lttr_json_key(j, "old_format");
	lttr_json_bool(j, w->old_format);
	key_u64(j, "outliers", w->outliers);
	lttr_json_key(j, "outlier");
	if (!w->outliers) {
		lttr_json_null(j);
	} else {
		lttr_json_begin_object(j);
		lttr_json_key(j, "message");
		lttr_json_string(j, w->outlier_what);
		lttr_json_key(j, "sent");
		lttr_json_bool(j, w->outlier_sent);
		key_u64(j, "time_ns", w->outlier_ns);
		key_u64(j, "others_first_ns", w->others_first_ns);
		key_u64(j, "others_last_ns", w->others_last_ns);
		lttr_json_end_object(j);
	}
	lttr_json_end_object(j);
}

void lttr_json_msg_pairs(struct lttr_json *j, const struct lttr_msgset *s,
			 const struct lttr_msg_pair *v, size_t n)
{
	size_t i;

	lttr_json_begin_array(j);
	for (i = 0; i < n; i++) {
		lttr_json_begin_object(j);
		lttr_json_key(j, "sender");
		lttr_json_string(j, s->nodes[v[i].src]);
		lttr_json_key(j, "receiver");
		lttr_json_string(j, s->nodes[v[i].dst]);
		key_u64(j, "calls", v[i].calls);
		key_u64(j, "returns", v[i].rets);
		key_u64(j, "bytes", v[i].bytes);
		key_u64(j, "both_ends", v[i].both_ends);
		lttr_json_key(j, "transit_mean_ns");
		if (v[i].both_ends)
			lttr_json_u64(j, v[i].transit_ns / v[i].both_ends);
		else
			lttr_json_null(j);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

void lttr_json_messages(struct lttr_json *j, const struct lttr_msgset *s)
{
	size_t i;

	lttr_json_begin_array(j);
	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];
		char idbuf[24];

		lttr_json_begin_object(j);
		key_u64(j, "send_ns", m->send_ns);
		key_u64(j, "recv_ns", m->recv_ns);
		lttr_json_key(j, "kind");
		lttr_json_string(j, m->kind == LTTR_MSG_CALL ? "call" : "return");
		lttr_json_key(j, "sender");
		lttr_json_string(j, s->nodes[m->src]);
		lttr_json_key(j, "receiver");
		lttr_json_string(j, s->nodes[m->dst]);
		lttr_json_key(j, "id");
		lttr_json_string(j, lttr_msg_id_str(s, m, idbuf, sizeof(idbuf)));
		key_u64(j, "bytes", m->bytes);
		key_u64(j, "sender_pid", m->src_pid);
		key_u64(j, "receiver_pid", m->dst_pid);
		lttr_json_key(j, "send_only");
		lttr_json_bool(j, m->flags & LTTR_MSG_SEND_ONLY);
		lttr_json_key(j, "recv_only");
		lttr_json_bool(j, m->flags & LTTR_MSG_RECV_ONLY);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

void lttr_json_nesting(struct lttr_json *j, const struct lttr_nesting *n)
{
	lttr_json_begin_object(j);
	key_u64(j, "call_pairs", n->npairs);
	key_u64(j, "roots", n->roots);
	key_u64(j, "candidates", n->ncand);
	/* the writer has integers only: thousandths */
	lttr_json_key(j, "parallelism_x1000");
	lttr_json_u64(j, (uint64_t)(lttr_nesting_parallelism(n) * 1000 + 0.5));
	key_u64(j, "unmatched_calls", n->unmatched_calls);
	key_u64(j, "unmatched_returns", n->unmatched_rets);
	key_u64(j, "histograms", n->histograms);
	lttr_json_end_object(j);
}

static void split_json(struct lttr_json *j, const struct lttr_hop_split *h)
{
	unsigned int r;

	lttr_json_begin_object(j);
	key_u64(j, "instances", h->known);
	key_u64(j, "oncpu_ns", h->oncpu_ns);
	key_u64(j, "runnable_ns", h->runnable_ns);
	lttr_json_key(j, "blocked_ns");
	lttr_json_begin_object(j);
	for (r = 0; r < LTTR_BLOCK_COUNT; r++)
		key_u64(j, lttr_block_name(r), h->blocked_ns[r]);
	lttr_json_end_object(j);
	key_u64(j, "other_ns", h->other_ns);
	lttr_json_end_object(j);
}

void lttr_json_instance(struct lttr_json *j, const struct lttr_msgset *s,
			const struct lttr_nesting *n, size_t pair)
{
	const struct lttr_callpair *c;
	char idbuf[24];

	if (pair >= n->npairs) {
		lttr_json_null(j);
		return;
	}
	c = &n->pairs[pair];
	lttr_json_begin_object(j);
	lttr_json_key(j, "id");
	lttr_json_string(j, lttr_msg_id_str(s, &s->v[c->call_msg], idbuf, sizeof(idbuf)));
	lttr_json_key(j, "caller");
	lttr_json_string(j, s->nodes[c->caller]);
	lttr_json_key(j, "callee");
	lttr_json_string(j, s->nodes[c->callee]);
	key_u64(j, "caller_pid", s->v[c->call_msg].src_pid);
	key_u64(j, "callee_pid", s->v[c->call_msg].dst_pid);
	key_u64(j, "call_send_ns", c->call_send);
	key_u64(j, "call_recv_ns", c->call_recv);
	key_u64(j, "ret_send_ns", c->ret_send);
	key_u64(j, "ret_recv_ns", c->ret_recv);
	lttr_json_end_object(j);
}

void lttr_json_patterns(struct lttr_json *j, const struct lttr_msgset *s,
			const struct lttr_nesting *n, const struct lttr_patterns *p, size_t top,
			bool split)
{
	size_t i, k;

	lttr_json_begin_array(j);
	for (i = 0; i < p->n && (!top || i < top); i++) {
		const struct lttr_pattern *pt = &p->v[i];

		lttr_json_begin_object(j);
		key_u64(j, "rank", i + 1);
		lttr_json_key(j, "key");
		lttr_json_string(j, pt->key);
		key_u64(j, "count", pt->count);
		key_u64(j, "total_ns", pt->total_ns);
		key_u64(j, "mean_ns", lttr_pattern_mean(pt));
		lttr_json_key(j, "representative");
		lttr_json_instance(j, s, n, pt->rep);
		lttr_json_key(j, "nodes");
		lttr_json_begin_array(j);
		for (k = 0; k < pt->nnodes; k++) {
			const struct lttr_pnode *pn = &pt->nodes[k];

			lttr_json_begin_object(j);
			lttr_json_key(j, "name");
			lttr_json_string(j, s->nodes[pn->node]);
			lttr_json_key(j, "parent");
			if (pn->parent == LTTR_PNODE_ROOT)
				lttr_json_null(j);
			else
				lttr_json_u64(j, pn->parent);
			key_u64(j, "depth", pn->depth);
			if (k) {
				lttr_json_key(j, "latency");
				lttr_json_lat(j, &pn->latency, true);
				lttr_json_key(j, "delay");
				lttr_json_lat(j, &pn->delay, true);
				key_u64(j, "latency_p50_ns", pn->latency_p50_ns);
				key_u64(j, "latency_p90_ns", pn->latency_p90_ns);
				key_u64(j, "delay_p50_ns", pn->delay_p50_ns);
				key_u64(j, "delay_p90_ns", pn->delay_p90_ns);
				key_u64(j, "transit_mean_ns", lttr_pnode_transit_mean(pn));
				key_u64(j, "negative", pn->negative);
				lttr_json_key(j, "representative");
				lttr_json_instance(j, s, n, pn->rep);
				if (split) {
					lttr_json_key(j, "explain");
					split_json(j, &pn->split);
				}
			}
			lttr_json_end_object(j);
		}
		lttr_json_end_array(j);
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
}

void lttr_json_conv_graph(struct lttr_json *j, const struct lttr_msgset *s,
			  const struct lttr_conv_graph *g)
{
	size_t i;

	lttr_json_begin_object(j);
	key_u64(j, "quantum_ns", g->quantum_ns);
	key_u64(j, "signal_len", g->signal_len);
	key_u64(j, "correlations", g->correlations);
	key_u64(j, "pruned_small", g->pruned_small);
	key_u64(j, "pruned_cycles", g->pruned_cycles);
	key_u64(j, "cut_depth", g->cut_depth);
	lttr_json_key(j, "quantum_auto");
	lttr_json_bool(j, g->quantum_auto);
	key_u64(j, "outliers", g->outliers);
	key_u64(j, "cut_budget", g->cut_budget);
	lttr_json_key(j, "vertices");
	lttr_json_begin_array(j);
	for (i = 0; i < g->nv; i++) {
		const struct lttr_conv_vertex *v = &g->v[i];

		lttr_json_begin_object(j);
		lttr_json_key(j, "name");
		lttr_json_string(j, s->nodes[v->node]);
		lttr_json_key(j, "parent");
		if (v->parent == LTTR_CONV_ROOT)
			lttr_json_null(j);
		else
			lttr_json_u64(j, v->parent);
		key_u64(j, "depth", v->depth);
		if (v->parent != LTTR_CONV_ROOT) {
			key_u64(j, "count", v->count);
			key_u64(j, "delay_ns", v->delay_ns);
			key_u64(j, "mean_ns", v->mean_ns);
			lttr_json_key(j, "height_sigma");
			lttr_json_u64(j, (uint64_t)(v->height + 0.5));
		}
		lttr_json_key(j, "leaf");
		lttr_json_bool(j, lttr_conv_leaf(g, i));
		lttr_json_end_object(j);
	}
	lttr_json_end_array(j);
	lttr_json_end_object(j);
}
