// SPDX-License-Identifier: GPL-2.0
/*
 * pcap.c - messages from the packets of a capture file read with
 * libpcap: IP and TCP/UDP headers decoded, a TCP connection's segments in
 * one direction merged into one message (lttr/paths/pcap.h).
 */
#include <arpa/inet.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pcap/pcap.h>
#include <lttr/paths/pcap.h>
#include "paths/keymap.h"
#include "paths/room.h"

/* an endpoint: family, address (IPv4 in the first 4 bytes), port */
struct endpoint {
	uint8_t family;		/* 4 or 6 */
	uint8_t addr[16];
	uint16_t port;
};

/* a TCP connection or a pair of UDP endpoints; side 0 is the caller */
struct conn {
	struct endpoint ep[2];
	uint32_t node[2];
	int tcp;
	int sides_known;	/* ep[0] is known to be the caller (SYN, or UDP) */
	uint32_t next_seq[2];
	int seq_known[2];
	uint64_t exchanges;
	/* the message being gathered: from side cur_side (-1: none) */
	int cur_side;
	uint64_t first_ns;
	uint64_t last_ns;
	uint64_t bytes;
};

struct pcapread {
	struct lttr_msgset *s;
	unsigned int flags;
	struct lttr_keymap map;
	struct conn *c;
	size_t nc;
	size_t cap;
	int nomem;
};

static int node_of(struct pcapread *r, const struct endpoint *e, uint32_t *node)
{
	char addr[INET6_ADDRSTRLEN], name[INET6_ADDRSTRLEN + 16];
	long n;

	inet_ntop(e->family == 4 ? AF_INET : AF_INET6, e->addr, addr, sizeof(addr));
	if (!(r->flags & LTTR_PCAP_PORTS))
		snprintf(name, sizeof(name), "%s", addr);
	else if (e->family == 4)
		snprintf(name, sizeof(name), "%s:%u", addr, e->port);
	else
		snprintf(name, sizeof(name), "[%s]:%u", addr, e->port);
	n = lttr_msgset_node(r->s, name);
	if (n < 0)
		return -1;
	*node = (uint32_t)n;
	return 0;
}

static int ep_cmp(const struct endpoint *a, const struct endpoint *b)
{
	int c = memcmp(a->addr, b->addr, sizeof(a->addr));

	if (c)
		return c;
	return (int)a->port - (int)b->port;
}

/* the connection of a packet from @a to @b (created); *@side: a's side */
static struct conn *conn_of(struct pcapread *r, const struct endpoint *a,
			    const struct endpoint *b, int tcp, int *side)
{
	const struct endpoint *lo = ep_cmp(a, b) <= 0 ? a : b, *hi = lo == a ? b : a;
	uint8_t key[2 * sizeof(struct endpoint) + 1];
	struct conn *c;
	size_t k;

	memset(key, 0, sizeof(key));
	memcpy(key, lo, sizeof(*lo));
	memcpy(key + sizeof(*lo), hi, sizeof(*hi));
	key[sizeof(key) - 1] = (uint8_t)tcp;
	if (!lttr_keymap_find(&r->map, key, sizeof(key), &k)) {
		if (lttr_room(&r->c, &r->cap, r->nc, sizeof(*r->c)))
			return NULL;
		k = r->nc;
		c = &r->c[k];
		memset(c, 0, sizeof(*c));
		/* the caller: for now the sender of the first packet seen */
		c->ep[0] = *a;
		c->ep[1] = *b;
		c->tcp = tcp;
		c->cur_side = -1;
		if (node_of(r, a, &c->node[0]) || node_of(r, b, &c->node[1]) ||
		    lttr_keymap_put(&r->map, key, sizeof(key), k))
			return NULL;
		r->nc++;
	}
	c = &r->c[k];
	*side = !ep_cmp(a, &c->ep[0]) ? 0 : 1;
	return c;
}

/* side @side of @c calls (the SYN's sender, or the lower port's other side) */
static void set_caller(struct conn *c, int side)
{
	if (side) {
		struct endpoint e = c->ep[0];
		uint32_t n = c->node[0], seq = c->next_seq[0];
		int known = c->seq_known[0];

		c->ep[0] = c->ep[1];
		c->ep[1] = e;
		c->node[0] = c->node[1];
		c->node[1] = n;
		c->next_seq[0] = c->next_seq[1];
		c->next_seq[1] = seq;
		c->seq_known[0] = c->seq_known[1];
		c->seq_known[1] = known;
		if (c->cur_side >= 0)
			c->cur_side = !c->cur_side;
	}
	c->sides_known = 1;
}

/* the gathered message of @c as a message of the set */
static void flush(struct pcapread *r, struct conn *c)
{
	struct lttr_msg m = { 0 };
	int side = c->cur_side;

	if (side < 0)
		return;
	if (!c->sides_known) {
		/* no SYN seen: the side of the lower port serves */
		set_caller(c, c->ep[0].port < c->ep[1].port ? 1 : 0);
		side = c->cur_side;
	}
	m.send_ns = c->first_ns;
	m.recv_ns = c->last_ns;
	m.bytes = c->bytes;
	m.src = c->node[side];
	m.dst = c->node[!side];
	m.kind = side ? LTTR_MSG_RET : LTTR_MSG_CALL;
	if (!side)
		c->exchanges++;
	m.id = ((uint64_t)(c - r->c) << 32) | c->exchanges;
	if (lttr_msgset_add(r->s, &m))
		r->nomem = 1;
	c->cur_side = -1;
}

static void data(struct pcapread *r, struct conn *c, int side, uint64_t ts, uint64_t len)
{
	if (c->cur_side >= 0 && c->cur_side != side)
		flush(r, c);
	if (c->cur_side < 0) {
		c->cur_side = side;
		c->first_ns = ts;
		c->bytes = 0;
	}
	c->last_ns = ts;
	c->bytes += len;
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * A transport header at @p, @cap bytes of it captured (a capture may keep
 * only the first bytes of each packet), @len on the wire, from @a to @b.
 */
static void transport(struct pcapread *r, int proto, const uint8_t *p, size_t cap,
		      size_t len, struct endpoint *a, struct endpoint *b, uint64_t ts)
{
	struct conn *c;
	int side;

	if ((proto != 6 && proto != 17) || cap < 8 || len < 8) {
		r->s->warn.skipped_packets++;
		return;
	}
	a->port = be16(p);
	b->port = be16(p + 2);
	if (proto == 17) {
		c = conn_of(r, a, b, 0, &side);
		if (!c) {
			r->nomem = 1;
			return;
		}
		c->sides_known = 1;
		data(r, c, side, ts, len - 8);
		flush(r, c);
		return;
	}
	{
		size_t off = cap >= 20 ? (size_t)(p[12] >> 4) * 4 : 0;
		uint8_t fl = cap >= 20 ? p[13] : 0;
		uint32_t seq = cap >= 20 ? be32(p + 4) : 0;
		uint64_t payload;

		if (off < 20 || off > len) {
			r->s->warn.skipped_packets++;
			return;
		}
		payload = len - off;
		c = conn_of(r, a, b, 1, &side);
		if (!c) {
			r->nomem = 1;
			return;
		}
		if ((fl & 0x02) && !(fl & 0x10) && !c->sides_known)	/* SYN, no ACK */
			set_caller(c, side), side = 0;
		if (fl & 0x02) {
			c->next_seq[side] = seq + 1;
			c->seq_known[side] = 1;
		}
		if (payload) {
			if (c->seq_known[side] &&
			    (int32_t)(seq + (uint32_t)payload - c->next_seq[side]) <= 0) {
				r->s->warn.retransmits++;
			} else {
				data(r, c, side, ts, payload);
				c->next_seq[side] = seq + (uint32_t)payload;
				c->seq_known[side] = 1;
			}
		}
		if (fl & 0x05)	/* FIN or RST: the message is complete */
			flush(r, c);
	}
}

/* an IP packet at @p (@cap bytes captured, @len on the wire) */
static void ip(struct pcapread *r, const uint8_t *p, size_t cap, size_t len, uint64_t ts)
{
	struct endpoint a = { 0 }, b = { 0 };

	if (cap >= 20 && (p[0] >> 4) == 4) {
		size_t ihl = (size_t)(p[0] & 15) * 4, tot = be16(p + 2);

		if (ihl < 20 || ihl > cap || tot < ihl || tot > len || (be16(p + 6) & 0x3fff)) {
			/* cut short, or a fragment */
			r->s->warn.skipped_packets++;
			return;
		}
		a.family = b.family = 4;
		memcpy(a.addr, p + 12, 4);
		memcpy(b.addr, p + 16, 4);
		transport(r, p[9], p + ihl, (cap < tot ? cap : tot) - ihl, tot - ihl, &a, &b, ts);
		return;
	}
	if (cap >= 40 && (p[0] >> 4) == 6) {
		size_t plen = be16(p + 4);

		if (40 + plen > len) {
			r->s->warn.skipped_packets++;
			return;
		}
		a.family = b.family = 6;
		memcpy(a.addr, p + 8, 16);
		memcpy(b.addr, p + 24, 16);
		transport(r, p[6], p + 40, (cap < 40 + plen ? cap : 40 + plen) - 40, plen,
			  &a, &b, ts);
		return;
	}
	r->s->warn.skipped_packets++;
}

/* the offset of the IP header after the link layer, or -1: not IP */
static long link_offset(int dlt, const uint8_t *p, size_t len)
{
	size_t off = 0;
	uint16_t type;

	switch (dlt) {
	case DLT_EN10MB:
		if (len < 14)
			return -1;
		type = be16(p + 12);
		off = 14;
		while ((type == 0x8100 || type == 0x88a8) && len >= off + 4) {
			type = be16(p + off + 2);
			off += 4;
		}
		return type == 0x0800 || type == 0x86dd ? (long)off : -1;
	case DLT_LINUX_SLL:
		if (len < 16)
			return -1;
		type = be16(p + 14);
		return type == 0x0800 || type == 0x86dd ? 16 : -1;
	case DLT_LINUX_SLL2:
		if (len < 20)
			return -1;
		type = be16(p);
		return type == 0x0800 || type == 0x86dd ? 20 : -1;
	case DLT_RAW:
		return 0;
	case DLT_NULL:
	case DLT_LOOP:
		return len >= 4 ? 4 : -1;
	}
	return -1;
}

int lttr_msgs_read_pcap(const char *path, unsigned int flags, struct lttr_msgset *s,
			struct lttr_error *err)
{
	char errbuf[PCAP_ERRBUF_SIZE];
	struct pcapread r = { .s = s, .flags = flags };
	struct pcap_pkthdr *h;
	const u_char *pkt;
	pcap_t *pc;
	int dlt, rc, ret = 0;
	size_t i;

	errbuf[0] = '\0';
	pc = pcap_open_offline_with_tstamp_precision(path, PCAP_TSTAMP_PRECISION_NANO, errbuf);
	if (!pc)	/* libpcap's message often names the file already */
		return lttr_error_set(err, LTTR_E_IO, "%s%s%s",
				      strncmp(errbuf, path, strlen(path)) ? path : "",
				      strncmp(errbuf, path, strlen(path)) ? ": " : "", errbuf);
	dlt = pcap_datalink(pc);
	if (dlt != DLT_EN10MB && dlt != DLT_LINUX_SLL && dlt != DLT_LINUX_SLL2 &&
	    dlt != DLT_RAW && dlt != DLT_NULL && dlt != DLT_LOOP) {
		ret = lttr_error_set(err, LTTR_E_UNSUPPORTED,
				     "%s: link type %s is not one this reader decodes (Ethernet, Linux cooked, raw IP, loopback)",
				     path, pcap_datalink_val_to_name(dlt) ?
				     pcap_datalink_val_to_name(dlt) : "unknown");
		pcap_close(pc);
		return ret;
	}
	while ((rc = pcap_next_ex(pc, &h, &pkt)) == 1 && !r.nomem) {
		uint64_t ts = (uint64_t)h->ts.tv_sec * 1000000000ULL + (uint64_t)h->ts.tv_usec;
		long off = link_offset(dlt, pkt, h->caplen);

		if (off < 0) {
			s->warn.skipped_packets++;
			continue;
		}
		ip(&r, pkt + off, h->caplen - (size_t)off,
		   h->len > (bpf_u_int32)off ? h->len - (size_t)off : 0, ts);
	}
	if (rc == -1)
		ret = lttr_error_set(err, LTTR_E_FORMAT, "%s: %s", path, pcap_geterr(pc));
	for (i = 0; i < r.nc; i++)
		flush(&r, &r.c[i]);
	if (!ret && r.nomem)
		ret = lttr_error_set(err, LTTR_E_NOMEM, "%s: out of memory", path);
	pcap_close(pc);
	lttr_keymap_free(&r.map);
	free(r.c);
	return ret;
}
