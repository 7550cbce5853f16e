// SPDX-License-Identifier: GPL-2.0
/*
 * export-pcap.c - the captured network packets of a trace as a pcap file,
 * written with libpcap (lttr/output/export.h).
 */
#include <errno.h>
#include <pcap/pcap.h>
#include <pcap/sll.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>

/* ARPHRD_* of the devices whose captured bytes begin with an Ethernet header */
#define ARPHRD_ETHER_	1
#define ARPHRD_LOOPBACK_	772

static bool wanted(const struct lttr_export_sel *sel, const struct lttr_event *ev)
{
	size_t i;

	if (!sel)
		return true;
	if (ev->time_ns < sel->from_ns || ev->time_ns > sel->to_ns)
		return false;
	if (!sel->npids)
		return true;
	for (i = 0; i < sel->npids; i++)
		if (sel->pids[i] == ev->pid)
			return true;
	return false;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/*
 * One packet: the SLL2 header (fields in network byte order) in place of
 * its Ethernet header, then the rest of its captured bytes (whole frames
 * from format 1.15 on), built in @frame (LTTR_PCAP_SLL2_LEN +
 * LTT_MAX_CAPTURE bytes).
 */
static void write_packet(pcap_dumper_t *d, const struct lttr_trace *t,
			 const struct lttr_event *ev, uint8_t *frame,
			 struct lttr_pcap_stats *st)
{
	const struct ltt_ev_net_packet *np = &ev->p.net_packet;
	const struct ltt_trace_header *h = lttr_trace_header(t);
	const uint8_t *data = (const uint8_t *)ev->var;
	size_t cap = ev->var_len, skip = 0, wire = np->len;
	uint16_t proto = np->protocol;
	struct pcap_pkthdr ph;
	uint64_t wall;

	memset(frame, 0, LTTR_PCAP_SLL2_LEN);
	if ((np->link_type == ARPHRD_ETHER_ || np->link_type == ARPHRD_LOOPBACK_) &&
	    cap >= LTTR_PCAP_ETH_LEN) {
		skip = LTTR_PCAP_ETH_LEN;
		proto = (uint16_t)(data[12] << 8 | data[13]);
		frame[11] = 6;			/* the source address */
		memcpy(frame + 12, data + 6, 6);
		wire = wire >= skip ? wire - skip : 0;
	}
	put16(frame, proto);
	frame[4] = (uint8_t)(np->ifindex >> 24);
	frame[5] = (uint8_t)(np->ifindex >> 16);
	frame[6] = (uint8_t)(np->ifindex >> 8);
	frame[7] = (uint8_t)np->ifindex;
	put16(frame + 8, np->link_type);
	frame[10] = ev->id == LTT_EV_NET_PACKET_OUT ? LINUX_SLL_OUTGOING : LINUX_SLL_HOST;
	memcpy(frame + LTTR_PCAP_SLL2_LEN, data + skip, cap - skip);
	/* CLOCK_REALTIME: the wall clock at start plus the monotonic time since */
	wall = h->start_wall_ns + (ev->time_ns - h->start_ns);
	ph.ts.tv_sec = (time_t)(wall / 1000000000ULL);
	ph.ts.tv_usec = (suseconds_t)(wall % 1000000000ULL);	/* ns: nano precision */
	ph.caplen = (bpf_u_int32)(LTTR_PCAP_SLL2_LEN + cap - skip);
	ph.len = (bpf_u_int32)(LTTR_PCAP_SLL2_LEN + wire);
	if (ph.len < ph.caplen)		/* a record that says less than it holds */
		ph.len = ph.caplen;
	pcap_dump((u_char *)d, &ph, frame);
	st->packets++;
	st->cut += ph.caplen < ph.len;
}

int lttr_export_pcap(struct lttr_trace *t, const char *path,
		     const struct lttr_export_sel *sel,
		     struct lttr_pcap_stats *st, struct lttr_error *err)
{
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	pcap_dumper_t *d;
	uint8_t *frame;
	pcap_t *p;
	int r;

	memset(st, 0, sizeof(*st));
	frame = malloc(LTTR_PCAP_SLL2_LEN + LTT_MAX_CAPTURE);
	if (!frame)
		return lttr_error_set(err, LTTR_E_NOMEM, "pcap: out of memory");
	p = pcap_open_dead_with_tstamp_precision(DLT_LINUX_SLL2,
						 LTTR_PCAP_SLL2_LEN + LTT_MAX_CAPTURE,
						 PCAP_TSTAMP_PRECISION_NANO);
	if (!p) {
		free(frame);
		return lttr_error_set(err, LTTR_E_NOMEM, "pcap: out of memory");
	}
	d = pcap_dump_open(p, path);
	if (!d) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, pcap_geterr(p));
		pcap_close(p);
		free(frame);
		return r;
	}
	r = lttr_iter_new(t, &it, err);
	while (r >= 0 && (r = lttr_iter_next(it, &ev)) > 0) {
		if (ev.id != LTT_EV_NET_PACKET_IN && ev.id != LTT_EV_NET_PACKET_OUT)
			continue;
		if (!wanted(sel, &ev)) {
			st->selected_out++;
			continue;
		}
		if (!ev.details || !ev.var_len) {
			st->no_bytes++;
			continue;
		}
		write_packet(d, t, &ev, frame, st);
	}
	if (r < 0 && it)
		*err = *lttr_iter_error(it);
	lttr_iter_free(it);
	if (pcap_dump_flush(d) < 0 && r >= 0)
		r = lttr_error_set(err, LTTR_E_IO, "%s: write error: %s", path, strerror(errno));
	pcap_dump_close(d);
	pcap_close(p);
	free(frame);
	return r < 0 ? r : 0;
}
