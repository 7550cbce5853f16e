// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-netecho udp|tcp ADDR PORT COUNT SIZE - COUNT messages of SIZE bytes
 * to an echo server at ADDR:PORT (over a real network card: the tests run
 * the server on the host, reached through QEMU's user-mode network), each
 * read back whole before the next is sent.  UDP: one datagram each way
 * per message; TCP (TCP_NODELAY): one segment each way per message, after
 * the connection's handshake.  Payload byte i is 'A' + i % 26 (UDP) or
 * 'a' + i % 26 (TCP).
 *
 * Prints, one "key value" per line: pid, local_port.  Exits 0 when every
 * echo came back equal to what was sent, 1 on an error (said on stderr),
 * 2 on a usage error.
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

int main(int argc, char **argv)
{
	static char out[1400], in[1400];
	struct timeval tv = { .tv_sec = 10 };
	struct sockaddr_in to = { .sin_family = AF_INET }, me;
	socklen_t melen = sizeof(me);
	long port, count, size, i;
	int tcp, fd, one = 1;

	if (argc != 6 || (strcmp(argv[1], "udp") && strcmp(argv[1], "tcp")) ||
	    inet_pton(AF_INET, argv[2], &to.sin_addr) != 1 ||
	    (port = atol(argv[3])) < 1 || port > 65535 ||
	    (count = atol(argv[4])) < 1 || (size = atol(argv[5])) < 1 || size > 1400) {
		fprintf(stderr, "usage: ltt-netecho udp|tcp ADDR PORT COUNT SIZE "
			"(an IPv4 address, 1..65535, >0, 1..1400)\n");
		return 2;
	}
	tcp = !strcmp(argv[1], "tcp");
	to.sin_port = htons((unsigned short)port);
	for (i = 0; i < size; i++)
		out[i] = (char)((tcp ? 'a' : 'A') + i % 26);
	fd = socket(AF_INET, tcp ? SOCK_STREAM : SOCK_DGRAM, 0);
	if (fd < 0)
		return fail("socket");
	/* an echo that never comes is an error, not a hang */
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (connect(fd, (struct sockaddr *)&to, sizeof(to)))
		return fail("connect");
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
