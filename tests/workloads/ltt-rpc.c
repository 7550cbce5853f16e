// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-rpc - the RPC workload of the causal path tests (issue 16): four
 * processes on 127.0.0.1-4, the example of Aguilera et al.'s Figure 2.
 *
 *   ltt-rpc serve b|c|d --conns N [--extra-ms E] [--net A.B.C] --truth FILE
 *   ltt-rpc client --threads P --requests N [--net A.B.C] --truth FILE
 *   ltt-rpc chain a|b|c|d --count N [--net A.B.C] --truth FILE
 *
 * --net puts the four processes on A.B.C.1-4 instead of 127.0.0.1-4
 * (tests/guest/42-paths.t: A on one end of a wire between two NICs, the
 * servers in a network namespace on the other).
 *
 * client (A, 127.0.0.1): P threads, each with its own TCP connection to
 * B, make N requests in all, one after the other (a think time of 1 to
 * 5 ms between two); request i skips C when i % 10 < 3 (30 %).
 * b (127.0.0.2:7000): a thread per connection, each with its own
 * connections to C and D; per request it waits 5 ms (nanosleep; E ms more
 * before a call to C), calls C, waits 2 ms, calls D and returns (a request
 * that skips C: waits 5 ms, calls D, returns).  c (127.0.0.3:7001)
 * computes 20 ms (spins on the CPU), d (127.0.0.4:7002) sleeps
 * 10 ms.  A server exits when N connections have come and gone.
 * Requests are 64 bytes, calls and returns between servers 32, replies to
 * A 64; every socket is bound to its process's address.
 *
 * chain: a one-way UDP forwarding chain (no replies): a (127.0.0.1:7100)
 * sends N datagrams to b (127.0.0.2:7101) 20 ms apart; b waits 5 ms and
 * forwards each to c (127.0.0.3:7102), c waits 10 ms and forwards to d
 * (127.0.0.4:7103); each process exits after N datagrams.
 *
 * Each process writes its ground truth to FILE, CLOCK_MONOTONIC ns: first
 * "pid PID", then per request (A) "A ID SKIP SEND RECV" (before its send,
 * after its reply), (B) "B ID SKIP RECV CSEND CRECV DSEND DRECV REPLY"
 * (CSEND, CRECV 0 when C is skipped), (C and D) "C ID RECV REPLY", and
 * per datagram of the chain "X ID RECV SEND" (RECV 0 at a, SEND 0 at d).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "ltt-workload.h"

#define REQ_SIZE	64
#define CALL_SIZE	32

static FILE *truth;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long extra_ms;
static char role;
static uint32_t net = 0x7f000000;	/* A.B.C.0 of the four hosts */

static void die(const char *what)
{
	fprintf(stderr, "ltt-rpc: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void log_line(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&lock);
	va_start(ap, fmt);
	vfprintf(truth, fmt, ap);
	va_end(ap);
	pthread_mutex_unlock(&lock);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* spin, on the CPU, for @ms of wall time */
static void compute_ms(long ms)
{
	long long end = ltt_now_ns() + ms * 1000000LL;

	while (ltt_now_ns() < end)
		;
}

static struct sockaddr_in addr(int host, int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };

	a.sin_addr.s_addr = htonl(net | (unsigned int)host);
	a.sin_port = htons((unsigned short)port);
	return a;
}

static int bound(int type, int host, int port)
{
	struct sockaddr_in a = addr(host, port);
	int one = 1, fd = socket(AF_INET, type, 0);

	if (fd < 0)
		die("socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)))
		die("bind");
	return fd;
}

/* a TCP connection from host @from to host @host:@port (retried) */
static int connect_to(int from, int host, int port)
{
	struct sockaddr_in a = addr(host, port);
	int tries;

	for (tries = 0; tries < 500; tries++) {
		int fd = bound(SOCK_STREAM, from, 0);

		if (!connect(fd, (struct sockaddr *)&a, sizeof(a)))
			return fd;
		close(fd);
		sleep_ms(10);
	}
	die("connect");
	return -1;
}

/* exactly @n bytes; 0 at the end of the stream */
static int get(int fd, void *buf, size_t n)
{
	size_t k = 0;

	while (k < n) {
		ssize_t r = recv(fd, (char *)buf + k, n - k, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -1 : 0;
		k += (size_t)r;
	}
	return 1;
}

static void put(int fd, const void *buf, size_t n)
{
	if (send(fd, buf, n, 0) != (ssize_t)n)
		die("send");
}

/* one call: @buf out, the same size back */
static void call(int fd, unsigned char *buf, size_t n)
{
	put(fd, buf, n);
	if (get(fd, buf, n) != 1)
		die("the callee closed");
}

/* ---- servers ------------------------------------------------------------- */

static void *serve_conn(void *arg)
{
	int fd = (int)(intptr_t)arg, cfd = -1, dfd = -1;
	unsigned char buf[REQ_SIZE];

	if (role == 'b') {
		cfd = connect_to(2, 3, 7001);
		dfd = connect_to(2, 4, 7002);
	}
	for (;;) {
		long long t[6] = { 0 };
		uint32_t id, skip;

		if (get(fd, buf, role == 'b' ? REQ_SIZE : CALL_SIZE) != 1)
			break;
		t[0] = ltt_now_ns();
		memcpy(&id, buf, 4);
		memcpy(&skip, buf + 4, 4);
		if (role == 'c') {
			compute_ms(20);
		} else if (role == 'd') {
			sleep_ms(10);
		} else {
			sleep_ms(skip ? 5 : 5 + extra_ms);
			if (!skip) {
				t[1] = ltt_now_ns();
				call(cfd, buf, CALL_SIZE);
				t[2] = ltt_now_ns();
				sleep_ms(2);
			}
			t[3] = ltt_now_ns();
			call(dfd, buf, CALL_SIZE);
			t[4] = ltt_now_ns();
		}
		t[5] = ltt_now_ns();
		put(fd, buf, role == 'b' ? REQ_SIZE : CALL_SIZE);
		if (role == 'b')
			log_line("B %u %u %lld %lld %lld %lld %lld %lld\n", id, skip, t[0], t[1],
				 t[2], t[3], t[4], t[5]);
		else
			log_line("%c %u %lld %lld\n", role - 'a' + 'A', id, t[0], t[5]);
	}
	close(fd);
	if (cfd >= 0)
		close(cfd);
	if (dfd >= 0)
		close(dfd);
	return NULL;
}

static int serve(long conns)
{
	int host = role - 'a' + 1, port = 7000 + role - 'b';
	int lfd = bound(SOCK_STREAM, host, port);
	pthread_t *th = calloc((size_t)conns, sizeof(*th));
	long i;

	if (!th || listen(lfd, 16))
		die("listen");
	for (i = 0; i < conns; i++) {
		int fd = accept(lfd, NULL, NULL);

		if (fd < 0)
			die("accept");
		if (pthread_create(&th[i], NULL, serve_conn, (void *)(intptr_t)fd))
			die("pthread_create");
	}
	for (i = 0; i < conns; i++)
		pthread_join(th[i], NULL);
	close(lfd);
	free(th);
	return 0;
}

/* ---- client -------------------------------------------------------------- */

static long requests, next_req;

static void *client_thread(void *arg)
{
	int fd = connect_to(1, 2, 7000);
	unsigned int seed = (unsigned int)(uintptr_t)arg * 7919 + 1;

	(void)arg;
	for (;;) {
		unsigned char buf[REQ_SIZE] = { 0 };
		long long t0, t1;
		uint32_t id, skip;

		pthread_mutex_lock(&lock);
		id = (uint32_t)next_req++;
		pthread_mutex_unlock(&lock);
		if (id >= requests)
			break;
		skip = id % 10 < 3;
		memcpy(buf, &id, 4);
		memcpy(buf + 4, &skip, 4);
		t0 = ltt_now_ns();
		call(fd, buf, REQ_SIZE);
		t1 = ltt_now_ns();
		log_line("A %u %u %lld %lld\n", id, skip, t0, t1);
		sleep_ms(1 + rand_r(&seed) % 5);
	}
	close(fd);
	return NULL;
}

static int client(long threads)
{
	pthread_t th[16];
	long i;

	if (threads < 1 || threads > 16)
		return 2;
	for (i = 0; i < threads; i++)
		if (pthread_create(&th[i], NULL, client_thread, (void *)(intptr_t)i))
			die("pthread_create");
	for (i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	return 0;
}

/* ---- one-way UDP chain --------------------------------------------------- */

static int chain(long count)
{
	static const long wait_ms[] = { 0, 5, 10, 0 };
	int k = role - 'a', fd = bound(SOCK_DGRAM, k + 1, 7100 + k);
	struct sockaddr_in next = addr(k + 2, 7101 + k);
	unsigned char buf[CALL_SIZE] = { 0 };
	uint32_t id;

	for (id = 0; id < count; id++) {
		long long r = 0, s = 0;

		if (k) {
			if (recv(fd, buf, sizeof(buf), 0) != (ssize_t)sizeof(buf))
				die("recv");
			r = ltt_now_ns();
			sleep_ms(wait_ms[k]);
		} else {
			memcpy(buf, &id, 4);
			sleep_ms(20);
		}
		if (k < 3) {
			s = ltt_now_ns();
			if (sendto(fd, buf, sizeof(buf), 0, (struct sockaddr *)&next,
				   sizeof(next)) != (ssize_t)sizeof(buf))
				die("sendto");
		}
		memcpy(&id, buf, 4);
		log_line("%c %u %lld %lld\n", 'A' + k, id, r, s);
	}
	close(fd);
	return 0;
}

/* "A.B.C": the first three bytes of the hosts' addresses */
static uint32_t parse_net(const char *s)
{
	unsigned int a, b, c;
	char end;

	if (sscanf(s, "%u.%u.%u%c", &a, &b, &c, &end) != 3 || a > 255 || b > 255 || c > 255) {
		fprintf(stderr, "ltt-rpc: --net %s: not A.B.C\n", s);
		exit(2);
	}
	return a << 24 | b << 16 | c << 8;
}

static void usage(void)
{
	fprintf(stderr, "usage: ltt-rpc serve b|c|d --conns N [--extra-ms E] [--net A.B.C] --truth FILE\n"
		"       ltt-rpc client --threads P --requests N [--net A.B.C] --truth FILE\n"
		"       ltt-rpc chain a|b|c|d --count N [--net A.B.C] --truth FILE\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long threads = 1, conns = 1, count = 0;
	const char *path = NULL;
	int i, first = 2, r;

	if (argc < 2)
		usage();
	if (!strcmp(argv[1], "serve") || !strcmp(argv[1], "chain")) {
		if (argc < 3 || strlen(argv[2]) != 1 || argv[2][0] < 'a' ||
		    argv[2][0] > 'd' || (argv[1][0] == 's' && argv[2][0] == 'a'))
			usage();
		role = argv[2][0];
		first = 3;
	} else if (strcmp(argv[1], "client")) {
		usage();
	}
	for (i = first; i + 1 < argc; i += 2) {
		long v = atol(argv[i + 1]);

		if (!strcmp(argv[i], "--threads"))
			threads = v;
		else if (!strcmp(argv[i], "--requests"))
			requests = v;
		else if (!strcmp(argv[i], "--conns"))
			conns = v;
		else if (!strcmp(argv[i], "--extra-ms"))
			extra_ms = v;
		else if (!strcmp(argv[i], "--count"))
			count = v;
		else if (!strcmp(argv[i], "--truth"))
			path = argv[i + 1];
		else if (!strcmp(argv[i], "--net"))
			net = parse_net(argv[i + 1]);
		else
			usage();
	}
	if (i != argc || !path || conns < 1)
		usage();
	truth = fopen(path, "w");
	if (!truth)
		die(path);
	fprintf(truth, "pid %d\n", (int)getpid());
	if (argv[1][0] == 's')
		r = serve(conns);
	else if (argv[1][0] == 'c' && argv[1][1] == 'l')
		r = client(threads);
	else
		r = chain(count);
	if (fclose(truth))
		die(path);
	return r;
}
