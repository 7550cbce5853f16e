// SPDX-License-Identifier: GPL-2.0
/*
 * seek.c - the hits of a predicate from any event, forward and backward
 * (lttr_replay_seek_*(), docs/replay.md): the replay pass of
 * lttr_replay_hits() run one event at a time (the accounting pass kept
 * between events, src/analysis/account-pass.h; a set's nodes' passes
 * interleaved, replay_nodes_next()), with checkpoints: every @interval
 * events it goes through for the first time, a copy of each node's
 * accounting pass (its tasks, the control-flow machine, the reader's
 * position, the event it read ahead) and of the replay's state, every
 * node's (replay_state_save()).  A search
 * restarts from the nearest checkpoint: the copy fed the same events calls
 * the same hooks, so the hits are those of a pass from the start.
 *
 * A hit is an event after which the predicate holds when it did not after
 * the one before; the last event's truth is read after the end of the
 * pass (the accounting's end tells the hooks of tasks never seen running),
 * as lttr_replay_hits() reads it: so an event's verdict is given when the
 * next event is read, or the end.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/replay/replay.h>
#include "replay/replay-internal.h"
#include "replay/rlua.h"

/* where the pass stands: after event k (replay_ordinal()) */
struct pos {
	bool now;	/* the predicate holds after event k */
	bool prev;	/* ... after event k - 1 (false before the first) */
	bool pending;	/* k's verdict not given yet */
};

struct ckpt {
	uint64_t ordinal;
	struct pos pos;
	struct replay_state *st;	/* with the nodes' passes */
};

struct lttr_replay_seek {
	struct rx_node *cond;
	struct lttr_replay *r;		/* with the live passes */
	struct pos pos;
	bool ended;		/* the live pass gave its last verdict (or failed) */
	uint64_t interval;
	struct ckpt *ck;	/* ck[i] after event i * interval */
	size_t nck, capck;
	size_t bytes;
	uint64_t replayed, last;
};

/* a verdict: event @ord (its time @time_ns, its node) is a hit when @hit */
struct verdict {
	uint64_t ord;
	uint64_t time_ns;
	unsigned int node;
	bool hit;
};

static int add_ckpt(struct lttr_replay_seek *s, struct lttr_error *err)
{
	struct ckpt *c;

	if (s->nck == s->capck) {
		size_t n = s->capck ? 2 * s->capck : 16;

		c = realloc(s->ck, n * sizeof(*c));
		if (!c)
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		s->ck = c;
		s->capck = n;
	}
	c = &s->ck[s->nck];
	c->ordinal = replay_ordinal(s->r);
	c->pos = s->pos;
	c->st = replay_state_save(s->r);
	if (!c->st)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	s->bytes += replay_state_bytes(c->st);
	s->nck++;
	return 0;
}

/* the live pass from checkpoint @j */
static int restore(struct lttr_replay_seek *s, size_t j, struct lttr_error *err)
{
	if (replay_state_load(s->r, s->ck[j].st) < 0)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	s->pos = s->ck[j].pos;
	s->ended = false;
	return 0;
}

/*
 * One event of the live pass: 1 with @v an event's verdict, 2 none yet
 * (the first event), 0 the end (every verdict given), or a negative code.
 */
static int step(struct lttr_replay_seek *s, struct verdict *v, struct lttr_error *err)
{
	uint64_t k, tk;
	unsigned int nk;
	bool was;
	int rc;

	if (s->ended)
		return 0;
	k = replay_ordinal(s->r);
	tk = replay_time(s->r);
	nk = replay_node(s->r);
	rc = replay_nodes_next(s->r, err);
	if (rc < 0) {
		s->ended = true;	/* the next search restores a checkpoint */
		return rc;
	}
	if (rc == 0) {
		s->ended = true;
		if (!s->pos.pending)
			return 0;
		v->ord = k;
		v->time_ns = tk;
		v->node = nk;
		v->hit = replay_holds(s->r, s->cond) && !s->pos.prev;
		s->pos.pending = false;
		return 1;
	}
	s->replayed++;
	if (k + 1 > s->last)
		s->last = k + 1;
	was = s->pos.pending;
	v->ord = k;
	v->time_ns = tk;
	v->node = nk;
	v->hit = s->pos.now && !s->pos.prev;
	s->pos.prev = s->pos.now;
	s->pos.now = replay_holds(s->r, s->cond);
	s->pos.pending = true;
	if ((k + 1) % s->interval == 0 && (k + 1) / s->interval == s->nck &&
	    (rc = add_ckpt(s, err)) < 0) {
		s->ended = true;
		return rc;
	}
	return was ? 1 : 2;
}

int lttr_replay_seek_open(struct lttr_trace *t, const char *expr, uint64_t interval,
			  struct lttr_replay_seek **out, struct lttr_error *err)
{
	return lttr_replay_seek_open_set(&t, 1, NULL, NULL, expr, interval, out, err);
}

int lttr_replay_seek_open_set(struct lttr_trace *const *t, size_t n, const char *const *names,
			      const struct lttr_sync_model *model, const char *expr,
			      uint64_t interval, struct lttr_replay_seek **out,
			      struct lttr_error *err)
{
	struct lttr_replay_seek *s = calloc(1, sizeof(*s));
	int rc;

	*out = NULL;
	lttr_error_clear(err);
	if (!s)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	s->interval = interval ? interval : LTTR_REPLAY_SEEK_INTERVAL;
	rc = replay_pred_new(t, n, names, model, &s->r, err);
	if (rc < 0)
		goto fail;
	s->cond = replay_compile(s->r, expr, 1, 1, err);
	if (!s->cond) {
		rc = -(err->code ? err->code : LTTR_E_INVAL);
		goto fail;
	}
	rc = replay_nodes_start(s->r, replay_hooks(), s->r, err);
	if (rc >= 0)
		rc = add_ckpt(s, err);	/* before the first event */
	if (rc < 0)
		goto fail;
	*out = s;
	return 0;
fail:
	lttr_replay_seek_close(s);
	return rc;
}

int lttr_replay_seek_next(struct lttr_replay_seek *s, uint64_t after, struct lttr_replay_hit *hit,
			  struct lttr_error *err)
{
	uint64_t k = replay_ordinal(s->r), first;
	struct verdict v;
	size_t j;
	int rc;

	lttr_error_clear(err);
	if (after == UINT64_MAX)
		return 0;
	j = (size_t)((after + 1) / s->interval);
	if (j >= s->nck)
		j = s->nck - 1;
	/* the live pass gives its verdicts from @first on: go on when it is
	 * not past @after + 1 and not behind the checkpoint */
	first = s->pos.pending ? k : k + 1;
	if (s->ended || first > after + 1 || k < s->ck[j].ordinal) {
		rc = restore(s, j, err);
		if (rc < 0)
			return rc;
	}
	for (;;) {
		rc = step(s, &v, err);
		if (rc <= 0)
			return rc;
		if (rc == 1 && v.hit && v.ord > after) {
			hit->ordinal = v.ord;
			hit->time_ns = v.time_ns;
			hit->node = v.node;
			return 1;
		}
	}
}

int lttr_replay_seek_prev(struct lttr_replay_seek *s, uint64_t before, struct lttr_replay_hit *hit,
			  struct lttr_error *err)
{
	uint64_t hi = before;
	struct verdict v;
	bool found = false;
	size_t j;

	lttr_error_clear(err);
	if (before <= 1)
		return 0;
	j = (size_t)((before - 1) / s->interval);
	if (j >= s->nck)
		j = s->nck - 1;
	for (;;) {
		/* the verdicts of the events ck[j].ordinal .. hi - 1 */
		int rc = restore(s, j, err);

		if (rc < 0)
			return rc;
		for (;;) {
			rc = step(s, &v, err);
			if (rc < 0)
				return rc;
			if (rc == 0 || (rc == 1 && v.ord >= hi))
				break;
			if (rc == 1 && v.hit) {
				hit->ordinal = v.ord;
				hit->time_ns = v.time_ns;
				hit->node = v.node;
				found = true;
			}
			if (rc == 1 && v.ord + 1 >= hi)
				break;
		}
		if (found)
			return 1;
		if (!j)
			return 0;
		hi = s->ck[j].ordinal;
		j--;
	}
}

void lttr_replay_seek_stats(const struct lttr_replay_seek *s, struct lttr_replay_seek_stats *st)
{
	st->checkpoints = s->nck;
	st->bytes = s->bytes;
	st->replayed = s->replayed;
	st->last = s->last;
}

void lttr_replay_seek_close(struct lttr_replay_seek *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nck; i++)
		replay_state_free(s->ck[i].st);
	free(s->ck);
	replay_pred_free(s->r);
	rx_free(s->cond);
	free(s);
}
