/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/paths/pcap.h - messages from a packet capture (libpcap), the black
 * box case: nothing but the packets.
 *
 * A node is an IP address (LTTR_PCAP_PORTS: an address and port).  A TCP
 * connection's data segments in one direction, until data flows the other
 * way (or a FIN or RST), are one message: sent at its first segment,
 * received at its last; a segment whose bytes were seen before is a
 * retransmission and is dropped.  The side that sent the SYN calls, the
 * other returns; without the SYN in the capture, the side of the lower
 * port is taken for the server.  A UDP datagram is a message; between two
 * endpoints, the side that sent first calls.  A call's id numbers the
 * exchanges of its connection, a return has the id of the call before it.
 * Link types: Ethernet (VLAN tags skipped), Linux cooked (v1, v2), raw IP,
 * BSD loopback.
 */
#ifndef LTTR_PATHS_PCAP_H
#define LTTR_PATHS_PCAP_H

#include <lttr/paths/message.h>

#define LTTR_PCAP_PORTS	0x01	/* a node is an address and a port */

/**
 * lttr_msgs_read_pcap() - the messages of a pcap file
 * @path: the file
 * @flags: LTTR_PCAP_*
 * @s: the set the messages are added to (@s->warn counts retransmissions
 *	and packets that are not TCP or UDP over IP, or cut short)
 * @err: receives the error (the file unreadable, not a capture, an
 *	unsupported link type)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_msgs_read_pcap(const char *path, unsigned int flags, struct lttr_msgset *s,
			struct lttr_error *err);

struct lttr_trace;

/**
 * lttr_trace_write_pcap() - the packets a trace captured (its
 * net_packet_in and net_packet_out events, traced --capture N) as a pcap
 * file for Ethernet, with nanosecond times (CLOCK_MONOTONIC)
 * @t: the trace
 * @path: the file written
 * @count: receives the packets written
 * @err: receives the error
 *
 * A packet on the loopback device is both sent and received: it is
 * written once, when sent (as a capture on "lo" shows it).  Packets of
 * devices that are neither Ethernet nor loopback are left out.  A packet
 * keeps its length on the wire and the bytes the trace captured.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_trace_write_pcap(struct lttr_trace *t, const char *path, uint64_t *count,
			  struct lttr_error *err);

#endif /* LTTR_PATHS_PCAP_H */
