// SPDX-License-Identifier: GPL-2.0
/*
 * packets.c - the network frames captured in several hosts' traces
 * (traced --capture: net_packet_out, net_packet_in) matched between the
 * traces as messages for the synchronisation: a frame that left one
 * host's driver and reached another's, seen once each side, is a message
 * sent at its out and received at its in, whatever the clocks.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/sync/clocksync.h>

#define ARPHRD_ETHER_NR	1
#define ETH_HLEN_NR	14

/* one frame seen by one host */
struct frame {
	uint64_t time;
	uint32_t host;
	uint8_t out;
	uint8_t len;
	uint8_t key[LTTR_SYNC_PACKET_KEY];
};

static int cmp_frame(const void *pa, const void *pb)
{
	const struct frame *a = pa, *b = pb;
	int c;

	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	c = memcmp(a->key, b->key, a->len);
	if (c)
		return c;
	if (a->host != b->host)
		return a->host < b->host ? -1 : 1;
	if (a->out != b->out)
		return a->out < b->out ? -1 : 1;
	return a->time < b->time ? -1 : a->time > b->time;
}

/*
 * The bytes of an IP packet that name it on both hosts: @key, its first
 * @len bytes captured, cut to its IP and transport headers (the length
 * returned) with the transport checksum set to 0.
 * - A guest hands its TCP and UDP frames to the virtual network card with
 *   the checksum to be completed by the card (checksum offload): the
 *   sender's capture holds the partial sum of the pseudo-header, the
 *   receiver's the sum the emulator completed.
 * - A frame sent holds its payload in pages apart from its headers, and
 *   before format 1.15 the capture took only the part in line (66 of a
 *   frame's 98 bytes in a two-guest trace), where the receiver's had it
 *   all (from 1.15 both have as much as the capture length asks).
 * With either, no TCP frame of a two-guest trace matched.  The headers
 * keep what tells two frames apart: IPv4's identification and total
 * length, TCP's sequence and acknowledgement numbers and options.  IPv4's
 * header checksum is the sender's own and stays.  IPv6 extension headers
 * are not followed (such a packet keeps its captured bytes).
 */
static size_t frame_key(uint8_t *key, size_t len)
{
	size_t off, at, end;
	uint8_t proto;

	if (len >= 20 && key[0] >> 4 == 4) {
		off = (size_t)(key[0] & 0xf) * 4;
		proto = key[9];
	} else if (len >= 40 && key[0] >> 4 == 6) {
		off = 40;
		proto = key[6];
	} else {
		return len;
	}
	if (proto == 6 && off + 13 <= len) {		/* TCP */
		at = off + 16;
		end = off + (size_t)(key[off + 12] >> 4) * 4;
	} else if (proto == 17) {			/* UDP */
		at = off + 6;
		end = off + 8;
	} else {
		return len;
	}
	if (at + 2 <= len)
		key[at] = key[at + 1] = 0;
	return end < len ? end : len;
}

/* the frames of host @host's trace @t added to @v */
static int scan(struct lttr_trace *t, uint32_t host, struct frame **v, size_t *n, size_t *cap,
		struct lttr_sync_packet_stats *st, struct lttr_error *err)
{
	struct lttr_iter *it = NULL;
	struct lttr_event ev;
	int r;

	r = lttr_iter_new(t, &it, err);
	while (r >= 0 && (r = lttr_iter_next(it, &ev)) > 0) {
		const struct ltt_ev_net_packet *p = &ev.p.net_packet;
		const uint8_t *b = (const uint8_t *)ev.var;
		struct frame *f;
		size_t len;

		if ((ev.id != LTT_EV_NET_PACKET_IN && ev.id != LTT_EV_NET_PACKET_OUT) || !ev.details)
			continue;
		st->frames++;
		/* an Ethernet frame of IPv4 or IPv6, its IP header captured */
		if (p->link_type != ARPHRD_ETHER_NR || ev.var_len < ETH_HLEN_NR + 20 ||
		    !((b[12] == 0x08 && b[13] == 0x00) || (b[12] == 0x86 && b[13] == 0xdd))) {
			st->other++;
			continue;
		}
		if (*n == *cap) {
			size_t nc = *cap ? *cap * 2 : 1024;
			struct frame *nv = realloc(*v, nc * sizeof(*nv));

			if (!nv) {
				r = lttr_error_set(err, LTTR_E_NOMEM, "packets: out of memory");
				break;
			}
			*v = nv;
			*cap = nc;
		}
		f = &(*v)[(*n)++];
		memset(f, 0, sizeof(*f));
		len = ev.var_len - ETH_HLEN_NR;
		if (len > LTTR_SYNC_PACKET_KEY)
			len = LTTR_SYNC_PACKET_KEY;
		f->time = ev.time_ns;
		f->host = host;
		f->out = ev.id == LTT_EV_NET_PACKET_OUT;
		memcpy(f->key, b + ETH_HLEN_NR, len);
		f->len = (uint8_t)frame_key(f->key, len);
	}
	if (r < 0 && it && err->code == 0)
		*err = *lttr_iter_error(it);
	lttr_iter_free(it);
	return r < 0 ? r : 0;
}

int lttr_sync_packets(struct lttr_trace **t, size_t n, struct lttr_sync_msg **out,
		      size_t *nout, struct lttr_sync_packet_stats *st, struct lttr_error *err)
{
	struct frame *v = NULL;
	struct lttr_sync_msg *m = NULL;
	size_t nv = 0, cap = 0, nm = 0, i, j;
	int r = 0;

	*out = NULL;
	*nout = 0;
	memset(st, 0, sizeof(*st));
	err->code = 0;
	for (i = 0; i < n && r == 0; i++)
		r = scan(t[i], (uint32_t)i, &v, &nv, &cap, st, err);
	if (r < 0) {
		free(v);
		return r;
	}
	if (nv)
		qsort(v, nv, sizeof(*v), cmp_frame);
	m = calloc(nv / 2 + 1, sizeof(*m));
	if (!m) {
		free(v);
		return lttr_error_set(err, LTTR_E_NOMEM, "packets: out of memory");
	}
	/* the frames of the same bytes: one out and one in, on two hosts */
	for (i = 0; i < nv; i = j) {
		size_t outs = 0, ins = 0, k;
		const struct frame *o = NULL, *in = NULL;

		for (j = i; j < nv && v[j].len == v[i].len && !memcmp(v[j].key, v[i].key, v[i].len); j++)
			;
		for (k = i; k < j; k++) {
			if (v[k].out) {
				outs++;
				o = &v[k];
			} else {
				ins++;
				in = &v[k];
			}
		}
		if (outs == 1 && ins == 1 && o->host != in->host) {
			m[nm++] = (struct lttr_sync_msg){ .src = o->host, .dst = in->host,
							  .send_ns = o->time, .recv_ns = in->time };
		} else if (outs && ins) {
			bool across = false;

			for (k = i; k < j; k++)
				across |= v[k].host != v[i].host;
			if (across)
				st->ambiguous += j - i;	/* a retransmit: which is which? */
			else
				st->unmatched += j - i;
		} else {
			st->unmatched += j - i;
		}
	}
	free(v);
	st->matched = nm;
	*out = m;
	*nout = nm;
	return 0;
}
