// SPDX-License-Identifier: GPL-2.0
/*
 * msgwarn.c - the warnings of a set of messages as sentences, the same
 * words on the command line and in the front ends.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <lttr/paths/message.h>
#include "paths/sentences.h"

#define NS	UINT64_C(1000000000)

void lttr_sentence(struct lttr_sentences *o, const char *fmt, ...)
{
	if (o->v && o->n < o->max) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(o->v[o->n], LTTR_MSG_WARNING_LEN, fmt, ap);
		va_end(ap);
	}
	o->n++;
}

size_t lttr_msg_warnings(const struct lttr_msg_warn *w, char (*out)[LTTR_MSG_WARNING_LEN],
			 size_t max)
{
	struct lttr_sentences o = { out, max, 0 };

	if (w->old_format)
		lttr_sentence(&o, "the trace's format is older than 1.4: it records no socket endpoints (bind, connect, accept), so most sends and receives cannot be paired");
	if (w->lost_events)
		lttr_sentence(&o, "the trace lost %" PRIu64 " events: messages may be missing, or seen at one end only",
		    w->lost_events);
	if (w->send_only || w->recv_only)
		lttr_sentence(&o, "%" PRIu64 " messages seen only sent and %" PRIu64
		    " only received (their other end is outside the trace, or lost): one time each",
		    w->send_only, w->recv_only);
	if (w->unknown_socket)
		lttr_sentence(&o, "%" PRIu64
		    " sends and receives on sockets whose endpoints the trace does not tell are not messages",
		    w->unknown_socket);
	if (w->retransmits)
		lttr_sentence(&o, "%" PRIu64 " TCP retransmissions dropped", w->retransmits);
	if (w->outliers) {
		uint64_t t = w->outlier_ns, lo = w->others_first_ns, hi = w->others_last_ns;
		uint64_t d = t > hi ? t - hi : lo - t;

		lttr_sentence(&o, "%" PRIu64 " message%s far from the others (docs/paths.md): %s%s %s at %" PRIu64
		    ".%09" PRIu64 " s, %" PRIu64 ".%09" PRIu64 " s %s the others (%" PRIu64 ".%09"
		    PRIu64 " s to %" PRIu64 ".%09" PRIu64 " s); the convolution leaves %s out",
		    w->outliers, w->outliers > 1 ? "s" : "", w->outliers > 1 ? "the farthest " : "",
		    w->outlier_what,
		    w->outlier_sent ? "sent" : "received", t / NS, t % NS, d / NS, d % NS,
		    t > hi ? "after" : "before", lo / NS, lo % NS, hi / NS, hi % NS,
		    w->outliers > 1 ? "them" : "it");
	}
	if (w->skipped_packets)
		lttr_sentence(&o, "%" PRIu64 " packets not TCP or UDP over IP, fragments or cut short, skipped",
		    w->skipped_packets);
	return o.n;
}
