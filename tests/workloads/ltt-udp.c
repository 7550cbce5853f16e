// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-udp PORT COUNT SIZE - COUNT UDP datagrams of SIZE bytes over the
 * loopback device: a receiver socket bound to 127.0.0.1:PORT, a sender
 * bound to 127.0.0.1:PORT+1; each datagram is sent with sendto() and
 * received with recvfrom() into a 4096-byte buffer before the next one
 * is sent.  Payload byte i is 'A' + i % 26.
 *
 * The only socket calls made are: 2 socket(AF_INET, SOCK_DGRAM, 0),
 * 2 bind, COUNT sendto, COUNT recvfrom.  Prints, one "key value" per line:
 * pid, rx_fd, tx_fd, rx_ino, tx_ino (the sockets' inode numbers), rx_port,
 * tx_port.  Exits 0 when every datagram came back whole from the sender.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>

#define RXBUF	4096

static int fail(const char *what)
{
	fprintf(stderr, "ltt-udp: %s: %s\n", what, strerror(errno));
	return 1;
}

static int bound_socket(unsigned int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return -1;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a))) {
		close(fd);
		return -1;
	}
	return fd;
}

int main(int argc, char **argv)
{
	static char out[RXBUF], in[RXBUF];
	struct sockaddr_in to = { .sin_family = AF_INET }, from;
	struct stat rst, tst;
	socklen_t flen;
	long port, count, size, i;
	int rx, tx;

	if (argc != 4 || (port = atol(argv[1])) < 1 || port > 65534 ||
	    (count = atol(argv[2])) < 1 || (size = atol(argv[3])) < 1 ||
	    size > 1400) {
		fprintf(stderr, "usage: ltt-udp PORT COUNT SIZE (1..65534, >0, 1..1400)\n");
		return 2;
	}
	for (i = 0; i < size; i++)
		out[i] = (char)('A' + i % 26);
	rx = bound_socket((unsigned int)port);
	if (rx < 0)
		return fail("receiver socket");
	tx = bound_socket((unsigned int)port + 1);
	if (tx < 0)
		return fail("sender socket");
	if (fstat(rx, &rst) || fstat(tx, &tst))
		return fail("fstat");
	to.sin_port = htons((unsigned short)port);
	to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	for (i = 0; i < count; i++) {
		if (sendto(tx, out, (size_t)size, 0, (struct sockaddr *)&to,
			   sizeof(to)) != size)
			return fail("sendto");
		flen = sizeof(from);
		if (recvfrom(rx, in, sizeof(in), 0, (struct sockaddr *)&from,
			     &flen) != size)
			return fail("recvfrom");
		if (memcmp(in, out, (size_t)size) || flen != sizeof(from) ||
		    ntohs(from.sin_port) != port + 1 ||
		    from.sin_addr.s_addr != htonl(INADDR_LOOPBACK)) {
			fprintf(stderr, "ltt-udp: datagram %ld is not the one sent\n", i);
			return 1;
		}
	}
	printf("pid %d\nrx_fd %d\ntx_fd %d\nrx_ino %lu\ntx_ino %lu\nrx_port %ld\ntx_port %ld\n",
	       (int)getpid(), rx, tx, (unsigned long)rst.st_ino,
	       (unsigned long)tst.st_ino, port, port + 1);
	return 0;
}
