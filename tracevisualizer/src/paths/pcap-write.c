// SPDX-License-Identifier: GPL-2.0
/*
 * pcap-write.c - a trace's captured packets written as a pcap file with
 * libpcap (pcap_open_dead and pcap_dump), so that the black-box tools, and
 * tracevisualizer paths --pcap, can read the capture of a traced run.
 */
#include <errno.h>
#include <string.h>
#include <pcap/pcap.h>
#include <lttr/lttr.h>
#include <lttr/paths/pcap.h>

#define ARPHRD_ETHER_NR		1
#define ARPHRD_LOOPBACK_NR	772

int lttr_trace_write_pcap(struct lttr_trace *t, const char *path, uint64_t *count,
			  struct lttr_error *err)
{
	pcap_t *pc = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, LTT_MAX_CAPTURE,
							  PCAP_TSTAMP_PRECISION_NANO);
	pcap_dumper_t *d;
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	int r;

	*count = 0;
	if (!pc)
		return lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", path);
	d = pcap_dump_open(pc, path);
	if (!d) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, pcap_geterr(pc));
		pcap_close(pc);
		return r;
	}
	r = lttr_iter_new(t, &it, err);
	while (r >= 0 && (r = lttr_iter_next(it, &ev)) > 0) {
		const struct ltt_ev_net_packet *p = &ev.p.net_packet;
		struct pcap_pkthdr h;

		if ((ev.id != LTT_EV_NET_PACKET_IN && ev.id != LTT_EV_NET_PACKET_OUT) ||
		    !ev.details || !ev.var_len)
			continue;
		if (p->link_type == ARPHRD_LOOPBACK_NR ? ev.id != LTT_EV_NET_PACKET_OUT :
		    p->link_type != ARPHRD_ETHER_NR)
			continue;
		h.ts.tv_sec = (time_t)(ev.time_ns / 1000000000ULL);
		/* nanoseconds: the file's precision is PCAP_TSTAMP_PRECISION_NANO */
		h.ts.tv_usec = (suseconds_t)(ev.time_ns % 1000000000ULL);
		h.caplen = ev.var_len;
		h.len = p->len > ev.var_len ? p->len : ev.var_len;
		pcap_dump((u_char *)d, &h, (const u_char *)ev.var);
		(*count)++;
	}
	if (r < 0 && it)
		*err = *lttr_iter_error(it);
	lttr_iter_free(it);
	if (pcap_dump_flush(d) && r >= 0)
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	pcap_dump_close(d);
	pcap_close(pc);
	return r < 0 ? r : 0;
}
