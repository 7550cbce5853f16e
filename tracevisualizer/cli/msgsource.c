// SPDX-License-Identifier: GPL-2.0
/*
 * msgsource.c - the messages the messages and paths commands read: a
 * file in the abstract format (--messages), a packet capture (--pcap) or
 * a trace's socket events; and their warnings.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include <lttr/paths/abstract.h>
#include <lttr/paths/pcap.h>
#include <lttr/paths/trace-messages.h>
#include "cli.h"

int cli_load_messages(struct cli_opts *o, struct lttr_msgset **s, struct lttr_trace **t)
{
	struct lttr_error err;
	int r;

	*t = NULL;
	*s = lttr_msgset_new();
	if (!*s) {
		cli_trace_error("out of memory");
		return EXIT_TRACE;
	}
	if (o->msgfile) {
		r = lttr_msgs_read_abstract(o->msgfile, *s, &err);
	} else if (o->pcap) {
		r = lttr_msgs_read_pcap(o->pcap, o->ports ? LTTR_PCAP_PORTS : 0, *s, &err);
	} else {
		r = cli_open(o, t);
		if (r) {
			lttr_msgset_free(*s);
			*s = NULL;
			return r;
		}
		r = lttr_msgs_from_trace(*t, o->by, *s, &err);
	}
	if (r < 0) {
		cli_trace_error(err.msg);
		lttr_msgset_free(*s);
		*s = NULL;
		if (*t)
			lttr_trace_close(*t);
		*t = NULL;
		return EXIT_TRACE;
	}
	lttr_msgset_sort(*s);
	return 0;
}

void cli_msg_warnings(const struct lttr_msgset *s)
{
	const struct lttr_msg_warn *w = &s->warn;

	if (w->old_format)
		fprintf(stderr, "%s: warning: the trace's format is older than 1.4: it records no socket endpoints (bind, connect, accept), so most sends and receives cannot be paired\n",
			cli_prog);
	if (w->lost_events)
		fprintf(stderr, "%s: warning: the trace lost %" PRIu64
			" events: messages may be missing, or seen at one end only\n",
			cli_prog, w->lost_events);
	if (w->send_only || w->recv_only)
		fprintf(stderr, "%s: warning: %" PRIu64 " messages seen only sent and %" PRIu64
			" only received (their other end is outside the trace, or lost): one time each\n",
			cli_prog, w->send_only, w->recv_only);
	if (w->unknown_socket)
		fprintf(stderr, "%s: warning: %" PRIu64
			" sends and receives on sockets whose endpoints the trace does not tell are not messages\n",
			cli_prog, w->unknown_socket);
	if (w->retransmits)
		fprintf(stderr, "%s: warning: %" PRIu64 " TCP retransmissions dropped\n",
			cli_prog, w->retransmits);
	if (w->skipped_packets)
		fprintf(stderr, "%s: warning: %" PRIu64
			" packets not TCP or UDP over IP, fragments or cut short, skipped\n",
			cli_prog, w->skipped_packets);
}
