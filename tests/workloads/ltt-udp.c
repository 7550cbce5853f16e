// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-udp PORT COUNT SIZE [SLEEP_MS [GAP_MS]] - COUNT UDP datagrams of
 * SIZE bytes over the loopback device: a receiver socket bound to
 * 127.0.0.1:PORT, a sender bound to 127.0.0.1:PORT+1; each datagram is
 * sent with sendto() and received with recvfrom() into a 4096-byte buffer
 * before the next one is sent.  Payload byte i is 'A' + i % 26.  With
 * SLEEP_MS, one clock_nanosleep() of that many ms after the sockets are
 * bound and before the first datagram; with GAP_MS, one poll() of no
 * descriptor for that many ms after each datagram received (another
 * system call: tests/guest/37-triggers.t fires a rule on the sleep alone,
 * then sends datagrams while its heavy logging is on).
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
#include <poll.h>
#include <sys/stat.h>
#include <time.h>

#define RXBUF	4096

static int fail(const char *what)
{
	fprintf(stderr, "ltt-udp: %s: %s\n", what, strerror(errno));
	return 1;
}

/* one clock_nanosleep() of @ms (0: none) */
static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	if (ms > 0)
		clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
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
	long port, count, size, i, nap = 0, gap = 0;
	int rx, tx;

	if (argc < 4 || argc > 6 || (port = atol(argv[1])) < 1 || port > 65534 ||
	    (count = atol(argv[2])) < 1 || (size = atol(argv[3])) < 1 ||
	    size > 1400 || (argc > 4 && (nap = atol(argv[4])) < 0) ||
	    (argc > 5 && ((gap = atol(argv[5])) < 0 || gap > 60000))) {
		fprintf(stderr, "usage: ltt-udp PORT COUNT SIZE [SLEEP_MS [GAP_MS]] "
			"(1..65534, >0, 1..1400, >=0, 0..60000)\n");
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
	sleep_ms(nap);
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
		if (gap > 0)
			poll(NULL, 0, (int)gap);
	}
	printf("pid %d\nrx_fd %d\ntx_fd %d\nrx_ino %lu\ntx_ino %lu\nrx_port %ld\ntx_port %ld\n",
	       (int)getpid(), rx, tx, (unsigned long)rst.st_ino,
	       (unsigned long)tst.st_ino, port, port + 1);
	return 0;
}
