// SPDX-License-Identifier: GPL-2.0
/*
 * hosts-pred.c - the predicate bar of the view of several hosts
 * (lttr/view/hosts-pred.h): the hits of the set's replay kept, looked up
 * from the cursor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/replay/replay.h>
#include <lttr/view/hitlist.h>
#include <lttr/view/hosts.h>
#include <lttr/view/hosts-pred.h>

bool lttr_xpred_set(struct lttr_xpred *p, const struct lttr_xview *x, const char *text,
		    int (*progress)(void *arg, unsigned int permille), void *arg,
		    struct lttr_error *err)
{
	struct lttr_replay_hit *v;
	struct lttr_error e;
	size_t n;

	if (!err)
		err = &e;
	lttr_error_clear(err);
	if (!text || !*text) {
		if (!p->text[0])
			return false;
		lttr_xpred_free(p);
		return true;
	}
	if (strlen(text) >= sizeof(p->text)) {
		lttr_error_set(err, LTTR_E_INVAL, "1:%zu: longer than %zu characters",
			       sizeof(p->text), sizeof(p->text) - 1);
		return false;
	}
	if (lttr_xview_hits(x, text, progress, arg, &v, &n, err) < 0)
		return false;
	free(p->hits);
	p->hits = v;
	p->n = n;
	snprintf(p->text, sizeof(p->text), "%s", text);
	return true;
}

long lttr_xpred_step(const struct lttr_xpred *p, uint64_t cursor, int dir)
{
	return lttr_hits_step(p->hits, p->n, cursor, dir);
}

size_t lttr_xpred_in(const struct lttr_xpred *p, uint64_t a, uint64_t b, size_t *first)
{
	return lttr_hits_in(p->hits, p->n, a, b, first);
}

void lttr_xpred_free(struct lttr_xpred *p)
{
	free(p->hits);
	p->hits = NULL;
	p->n = 0;
	p->text[0] = '\0';
}
