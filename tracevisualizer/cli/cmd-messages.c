// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-messages.c - "tracevisualizer messages": the messages between nodes,
 * per sender and receiver, or each one in the abstract format (--list).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <lttr/lttr.h>
#include <lttr/output/json-paths.h>
#include <lttr/paths/abstract.h>
#include <lttr/paths/pcap.h>
#include "cli.h"
#include "plugin.h"

static int finish(struct lttr_msgset *s, struct lttr_trace *t, int status)
{
	int r;

	cli_msg_warnings(s);
	lttr_msgset_free(s);
	if (t)
		return cli_finish(t, NULL, status);
	fflush(stdout);
	r = ferror(stdout) ? EXIT_TRACE : status;
	if (r != status)
		fprintf(stderr, "%s: write error on standard output\n", cli_prog);
	return r;
}

/* --write-pcap: the trace's captured packets as a pcap file */
static int write_pcap(struct cli_opts *o)
{
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t n;
	const struct cli_pcap_ops *pcap = cli_pcap(&err);
	int r;

	if (!pcap) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	r = cli_open(o, &t);
	if (r)
		return r;
	if (pcap->trace_write_pcap(t, o->write_pcap, &n, &err) < 0) {
		cli_trace_error(err.msg);
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	printf("%" PRIu64 " packets written to %s\n", n, o->write_pcap);
	if (!n)
		fprintf(stderr, "%s: warning: the trace captured no packet (traced --capture N)\n",
			cli_prog);
	return cli_finish(t, NULL, 0);
}

int cmd_messages(struct cli_opts *o)
{
	struct lttr_msgset *s;
	struct lttr_trace *t;
	struct lttr_msg_pair *pairs;
	size_t n, i;
	int r;

	if (o->write_pcap)
		return write_pcap(o);
	r = cli_load_messages(o, &s, &t);
	if (r)
		return r;
	pairs = lttr_msgset_pairs(s, &n);
	if (!pairs && s->n) {
		cli_trace_error("out of memory");
		return finish(s, t, EXIT_TRACE);
	}
	if (o->json) {
		struct lttr_json j;

		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		if (t) {
			lttr_json_key(&j, "trace");
			lttr_json_traceinfo(&j, t);
		}
		lttr_json_key(&j, "count");
		lttr_json_u64(&j, s->n);
		lttr_json_key(&j, "warnings");
		lttr_json_msg_warn(&j, &s->warn);
		lttr_json_key(&j, "pairs");
		lttr_json_msg_pairs(&j, s, pairs, n);
		if (o->list) {
			lttr_json_key(&j, "messages");
			lttr_json_messages(&j, s);
		}
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	} else if (o->list) {
		lttr_msgs_write_abstract(stdout, s);
	} else {
		printf("%zu messages between %zu nodes\n", s->n, s->nnodes);
		printf("  %-24s %-24s %9s %9s %12s %12s\n", "sender", "receiver", "calls",
		       "returns", "bytes", "transit_us");
		for (i = 0; i < n; i++) {
			const struct lttr_msg_pair *p = &pairs[i];

			printf("  %-24s %-24s %9" PRIu64 " %9" PRIu64 " %12" PRIu64, s->nodes[p->src],
			       s->nodes[p->dst], p->calls, p->rets, p->bytes);
			if (p->both_ends)
				printf(" %12.3f\n", (double)p->transit_ns / (double)p->both_ends / 1e3);
			else
				printf(" %12s\n", "-");
		}
	}
	free(pairs);
	return finish(s, t, 0);
}
