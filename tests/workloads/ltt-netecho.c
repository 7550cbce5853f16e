// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-netecho udp|tcp ADDR PORT COUNT SIZE - COUNT messages of SIZE bytes
 * to an echo server at ADDR:PORT (over a real network card: the tests run
 * the server on the host, reached through QEMU's user-mode network), each
 * read back whole before the next is sent.  UDP: one datagram each way
 * per message; TCP (TCP_NODELAY): one segment each way per message, after
 * the connection's handshake (a refused connection tried again every
 * 20 ms, 20 s at most).  Payload byte i is 'A' + i % 26 (UDP) or
 * 'a' + i % 26 (TCP).
 *
 * Prints, one "key value" per line: pid, local_port.  Exits 0 when every
 * echo came back equal to what was sent, 1 on an error (said on stderr),
 * 2 on a usage error.
 *
 * ltt-netecho serve udp|tcp ADDR PORT COUNT SIZE - the echo server, in a
 * guest (tests/guest/46-multinode.t: the client on another node): bound
 * to ADDR:PORT, echoes COUNT messages of SIZE bytes (TCP: of the one
 * connection it accepts, TCP_NODELAY; UDP: to each datagram's sender),
 * then exits 0; prints "pid PID" when it listens.
 *
 * --busy-poll USEC, first, on either side: the socket polls the network
 * device for USEC microseconds before it sleeps in a receive
 * (SO_BUSY_POLL, Linux's low-latency option, net.core.busy_read's
 * per-socket form).  A frame then reaches a receiver that is running,
 * not a halted guest that QEMU must wake and interrupt first: the fastest
 * frames each way bound two traces' clocks (docs/multihost.md, "Measured
 * under the emulator").  Refused by a kernel without
 * CONFIG_NET_RX_BUSY_POLL: an error, never ignored.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>

static int fail(const char *what)
{
	fprintf(stderr, "ltt-netecho: %s: %s\n", what, strerror(errno));
	return 1;
}

/* --busy-poll's microseconds, 0 without it */
static int busy_us;

static int busy_poll(int fd)
{
	if (busy_us && setsockopt(fd, SOL_SOCKET, SO_BUSY_POLL, &busy_us, sizeof(busy_us)))
		return fail("SO_BUSY_POLL");
	return 0;
}

/* exactly @n bytes, or -1 */
static int read_all(int fd, char *buf, long n)
{
	long got = 0;

	while (got < n) {
		ssize_t r = read(fd, buf + got, (size_t)(n - got));

		if (r <= 0)
			return -1;
		got += r;
	}
	return 0;
}

static int serve(int argc, char **argv)
{
	static char buf[1400];
	struct timeval tv = { .tv_sec = 60 };
	struct sockaddr_in me = { .sin_family = AF_INET }, peer;
	socklen_t plen;
	long port, count, size, i;
	int tcp, fd, conn, one = 1;

	if (argc != 7 || (strcmp(argv[2], "udp") && strcmp(argv[2], "tcp")) ||
	    inet_pton(AF_INET, argv[3], &me.sin_addr) != 1 ||
	    (port = atol(argv[4])) < 1 || port > 65535 ||
	    (count = atol(argv[5])) < 1 || (size = atol(argv[6])) < 1 || size > 1400) {
		fprintf(stderr, "usage: ltt-netecho [--busy-poll USEC] serve udp|tcp ADDR PORT COUNT SIZE "
			"(an IPv4 address, 1..65535, >0, 1..1400)\n");
		return 2;
	}
	tcp = !strcmp(argv[2], "tcp");
	me.sin_port = htons((unsigned short)port);
	fd = socket(AF_INET, tcp ? SOCK_STREAM : SOCK_DGRAM, 0);
	if (fd < 0)
		return fail("socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (busy_poll(fd))
		return 1;
	if (bind(fd, (struct sockaddr *)&me, sizeof(me)))
		return fail("bind");
	if (tcp && listen(fd, 1))
		return fail("listen");
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	conn = fd;
	if (tcp) {
		conn = accept(fd, NULL, NULL);
		if (conn < 0)
			return fail("accept");
		setsockopt(conn, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		if (busy_poll(conn))
			return 1;
	}
	/* a client that never comes is an error, not a hang */
	setsockopt(conn, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	for (i = 0; i < count; i++) {
		if (tcp) {
			if (read_all(conn, buf, size) || write(conn, buf, (size_t)size) != size)
				return fail("echo");
			continue;
		}
		plen = sizeof(peer);
		if (recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&peer, &plen) != size ||
		    sendto(fd, buf, (size_t)size, 0, (struct sockaddr *)&peer, plen) != size)
			return fail("echo");
	}
	if (tcp)
		close(conn);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	static char out[1400], in[1400];
	struct timeval tv = { .tv_sec = 10 };
	struct sockaddr_in to = { .sin_family = AF_INET }, me;
	socklen_t melen = sizeof(me);
	long port, count, size, i;
	int tcp, fd, one = 1;

	if (argc > 2 && !strcmp(argv[1], "--busy-poll")) {
		char *end;
		long us = strtol(argv[2], &end, 10);

		if (*end || end == argv[2] || us < 1 || us > 100000) {
			fprintf(stderr, "ltt-netecho: --busy-poll: 1..100000 microseconds\n");
			return 2;
		}
		busy_us = (int)us;
		argc -= 2;
		argv += 2;
	}
	if (argc > 1 && !strcmp(argv[1], "serve"))
		return serve(argc, argv);
	if (argc != 6 || (strcmp(argv[1], "udp") && strcmp(argv[1], "tcp")) ||
	    inet_pton(AF_INET, argv[2], &to.sin_addr) != 1 ||
	    (port = atol(argv[3])) < 1 || port > 65535 ||
	    (count = atol(argv[4])) < 1 || (size = atol(argv[5])) < 1 || size > 1400) {
		fprintf(stderr, "usage: ltt-netecho [--busy-poll USEC] udp|tcp ADDR PORT COUNT SIZE "
			"(an IPv4 address, 1..65535, >0, 1..1400)\n");
		return 2;
	}
	tcp = !strcmp(argv[1], "tcp");
	to.sin_port = htons((unsigned short)port);
	for (i = 0; i < size; i++)
		out[i] = (char)((tcp ? 'a' : 'A') + i % 26);
	/*
	 * TCP: a refused connection is tried again, 20 s at most, until the
	 * server (on another node, started at the same time) listens
	 */
	for (i = 0;; i++) {
		fd = socket(AF_INET, tcp ? SOCK_STREAM : SOCK_DGRAM, 0);
		if (fd < 0)
			return fail("socket");
		/* an echo that never comes is an error, not a hang */
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		if (busy_poll(fd))
			return 1;
		if (!connect(fd, (struct sockaddr *)&to, sizeof(to)))
			break;
		if (errno != ECONNREFUSED || i >= 1000)
			return fail("connect");
		close(fd);
		usleep(20000);
	}
	if (tcp)
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	for (i = 0; i < count; i++) {
		if (write(fd, out, (size_t)size) != size)
			return fail("send");
		if (tcp ? read_all(fd, in, size) : read(fd, in, sizeof(in)) != size)
			return fail("echo");
		if (memcmp(in, out, (size_t)size)) {
			fprintf(stderr, "ltt-netecho: echo %ld is not the message sent\n", i);
			return 1;
		}
	}
	if (getsockname(fd, (struct sockaddr *)&me, &melen))
		return fail("getsockname");
	close(fd);
	printf("pid %d\nlocal_port %u\n", (int)getpid(), ntohs(me.sin_port));
	return 0;
}
