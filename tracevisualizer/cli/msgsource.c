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
		r = lttr_msgs_from_trace(*t, o->by, *s, NULL, NULL, &err);
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
	char w[8][LTTR_MSG_WARNING_LEN];
	size_t i, n = lttr_msg_warnings(&s->warn, w, 8);

	for (i = 0; i < n && i < 8; i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog, w[i]);
}
