// SPDX-License-Identifier: GPL-2.0
/*
 * skew.c - add clock skew to a message trace in the abstract format
 * (lttr/paths/abstract.h), after the paper's "skewer": the clock of each
 * node named runs OFFSET seconds ahead (negative: behind), so the send
 * times of its messages and the receive times of the messages it
 * received move by that much.
 *
 *   skew NODE=OFFSET... < IN > OUT
 *
 * A time that would fall below 0 is an error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/abstract.h>

static int shift(uint64_t *t, int64_t by)
{
	if (by < 0 && *t < (uint64_t)-by)
		return -1;
	*t += (uint64_t)by;
	return 0;
}

int main(int argc, char **argv)
{
	struct lttr_msgset *s = lttr_msgset_new();
	int64_t *off;
	struct lttr_error err;
	size_t i;
	int a;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("Usage: skew NODE=OFFSET... < IN > OUT\n"
		       "Add clock skew (seconds, may be negative) to the nodes of a message trace\n"
		       "in the abstract format.\n");
		return 0;
	}
	if (!s || lttr_msgs_read_abstract("-", s, &err) < 0) {
		fprintf(stderr, "skew: %s\n", s ? err.msg : "out of memory");
		return 1;
	}
	off = calloc(s->nnodes + 1, sizeof(*off));
	if (!off)
		return 1;
	for (a = 1; a < argc; a++) {
		char *eq = strchr(argv[a], '=');
		int64_t *grown;
		char *end;
		double v;
		long node;

		if (!eq) {
			fprintf(stderr, "skew: '%s': NODE=OFFSET expected\n", argv[a]);
			return 2;
		}
		*eq = '\0';
		v = strtod(eq + 1, &end);
		if (end == eq + 1 || *end || !(v > -1e6 && v < 1e6)) {
			fprintf(stderr, "skew: '%s': bad offset (seconds)\n", eq + 1);
			return 2;
		}
		node = lttr_msgset_node(s, argv[a]);
		if (node < 0)
			return 1;
		grown = realloc(off, (s->nnodes + 1) * sizeof(*off));
		if (!grown) {
			free(off);
			return 1;
		}
		off = grown;
		/* a node of no message is new: its entry zeroed */
		if ((size_t)node == s->nnodes - 1)
			off[node] = 0;
		off[node] = (int64_t)(v * 1e9 + (v < 0 ? -0.5 : 0.5));
	}
	for (i = 0; i < s->n; i++) {
		struct lttr_msg *m = &s->v[i];

		if (shift(&m->send_ns, off[m->src]) || shift(&m->recv_ns, off[m->dst])) {
			fprintf(stderr, "skew: a time would fall below 0\n");
			return 1;
		}
	}
	lttr_msgset_sort(s);
	if (lttr_msgs_write_abstract(stdout, s)) {
		fprintf(stderr, "skew: write error\n");
		return 1;
	}
	free(off);
	lttr_msgset_free(s);
	return 0;
}
