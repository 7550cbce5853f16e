// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-tcp PORT COUNT SIZE - COUNT exchanges of SIZE bytes over a TCP
 * connection on the loopback device: a listener on 127.0.0.1:PORT, a
 * client bound to 127.0.0.1:PORT+1 that connects to it; both with
 * TCP_NODELAY.  The client sends SIZE bytes and waits until the server
 * has echoed them back before the next exchange, so each message is one
 * segment each way.  Payload byte i is 'a' + i % 26.  SIZE is at most
 * 1448: the payload of a segment whose frame is a whole Ethernet frame,
 * 1514 bytes (Ethernet 14, IPv4 20, TCP 32 with the timestamp option).
 *
 * Prints, one "key value" per line: pid, server_port, client_port.
 * Exits 0 when every message came back whole.
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
#include <sys/wait.h>

static int fail(const char *what)
{
	fprintf(stderr, "ltt-tcp: %s: %s\n", what, strerror(errno));
	return 1;
}

static struct sockaddr_in loopback(unsigned int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };

	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
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

static void nodelay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

int main(int argc, char **argv)
{
	static char out[1448], in[1448];
	struct sockaddr_in srv, cli;
	long port, count, size, i;
	int ls, c, s, one = 1;

	if (argc != 4 || (port = atol(argv[1])) < 1 || port > 65534 ||
	    (count = atol(argv[2])) < 1 || (size = atol(argv[3])) < 1 ||
	    size > (long)sizeof(out)) {
		fprintf(stderr, "usage: ltt-tcp PORT COUNT SIZE (1..65534, >0, 1..%zu)\n",
			sizeof(out));
		return 2;
	}
	for (i = 0; i < size; i++)
		out[i] = (char)('a' + i % 26);
	srv = loopback((unsigned int)port);
	cli = loopback((unsigned int)port + 1);
	ls = socket(AF_INET, SOCK_STREAM, 0);
	if (ls < 0 || setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(ls, (struct sockaddr *)&srv, sizeof(srv)) || listen(ls, 1))
		return fail("listener");
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || setsockopt(c, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(c, (struct sockaddr *)&cli, sizeof(cli)) ||
	    connect(c, (struct sockaddr *)&srv, sizeof(srv)))
		return fail("client");
	s = accept(ls, NULL, NULL);
	if (s < 0)
		return fail("accept");
	nodelay(c);
	nodelay(s);
	for (i = 0; i < count; i++) {
		if (write(c, out, (size_t)size) != size)
			return fail("client write");
		if (read_all(s, in, size) || write(s, in, (size_t)size) != size)
			return fail("server echo");
		if (read_all(c, in, size))
			return fail("client read");
		if (memcmp(in, out, (size_t)size)) {
			fprintf(stderr, "ltt-tcp: message %ld is not the one sent\n", i);
			return 1;
		}
	}
	close(c);
	close(s);
	close(ls);
	printf("pid %d\nserver_port %ld\nclient_port %ld\n", (int)getpid(), port, port + 1);
	return 0;
}
