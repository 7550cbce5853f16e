// SPDX-License-Identifier: GPL-2.0
/*
 * metrics-http.c - the HTTP endpoint a fleet's Prometheus scrapes
 * (docs/vitals.md): GET /metrics answered with the exposition of a
 * directory of epoch files (vitals-prom.c), one request per connection,
 * one connection at a time, each given 2 s to send its request and take
 * the answer.  The C library alone: traced links it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <lttr/vitals/vitals.h>

#define REQ_MAX		8192
#define IO_TIMEOUT_MS	2000

int lttr_metrics_listen(const char *addr, unsigned int *port, char *err,
			size_t errlen)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
	char host[64];
	const char *colon, *h = addr;
	size_t hl;
	socklen_t sl;
	unsigned long pn;
	char *end;
	int fd, one = 1;

	memset(&ss, 0, sizeof(ss));
	colon = strrchr(addr, ':');
	if (!colon || colon == addr || !colon[1]) {
		snprintf(err, errlen, "'%s': not ADDRESS:PORT", addr);
		return -1;
	}
	hl = (size_t)(colon - addr);
	if (addr[0] == '[') {
		if (hl < 3 || addr[hl - 1] != ']') {
			snprintf(err, errlen, "'%s': not [IPV6]:PORT", addr);
			return -1;
		}
		h = addr + 1;
		hl -= 2;
	}
	if (hl >= sizeof(host)) {
		snprintf(err, errlen, "'%s': address too long", addr);
		return -1;
	}
	memcpy(host, h, hl);
	host[hl] = '\0';
	pn = strtoul(colon + 1, &end, 10);
	if (colon[1] < '0' || colon[1] > '9' || *end || pn > 65535) {
		snprintf(err, errlen, "'%s': bad port (0..65535)", addr);
		return -1;
	}
	if (inet_pton(AF_INET, host, &s4->sin_addr) == 1 && addr[0] != '[') {
		s4->sin_family = AF_INET;
		s4->sin_port = htons((uint16_t)pn);
		sl = sizeof(*s4);
	} else if (inet_pton(AF_INET6, host, &s6->sin6_addr) == 1 &&
		   addr[0] == '[') {
		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((uint16_t)pn);
		sl = sizeof(*s6);
	} else {
		snprintf(err, errlen, "'%s': not a numeric address (127.0.0.1:PORT, [::1]:PORT)",
			 addr);
		return -1;
	}
	fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, sl) < 0 || listen(fd, 16) < 0) {
		snprintf(err, errlen, "%s: %s", addr, strerror(errno));
		close(fd);
		return -1;
	}
	sl = sizeof(ss);
	if (getsockname(fd, (struct sockaddr *)&ss, &sl) < 0) {
		snprintf(err, errlen, "%s: %s", addr, strerror(errno));
		close(fd);
		return -1;
	}
	*port = ntohs(ss.ss_family == AF_INET ? s4->sin_port : s6->sin6_port);
	return fd;
}

enum lttr_metrics_req lttr_metrics_parse(const char *buf, size_t len)
{
	const char *eol = memchr(buf, '\n', len), *sp, *path, *ver;
	size_t ml, pl;
	bool get, headm;

	/* the head ends at an empty line */
	if (!memmem(buf, len, "\r\n\r\n", 4) && !memmem(buf, len, "\n\n", 2))
		return len >= REQ_MAX ? LTTR_METRICS_BAD : LTTR_METRICS_INCOMPLETE;
	/* METHOD SP PATH SP HTTP/1.x */
	sp = memchr(buf, ' ', (size_t)(eol - buf));
	if (!sp)
		return LTTR_METRICS_BAD;
	ml = (size_t)(sp - buf);
	path = sp + 1;
	sp = memchr(path, ' ', (size_t)(eol - path));
	if (!sp)
		return LTTR_METRICS_BAD;
	pl = (size_t)(sp - path);
	ver = sp + 1;
	if ((size_t)(eol - ver) < 8 || memcmp(ver, "HTTP/1.", 7))
		return LTTR_METRICS_BAD;
	get = ml == 3 && !memcmp(buf, "GET", 3);
	headm = ml == 4 && !memcmp(buf, "HEAD", 4);
	if (!get && !headm)
		return LTTR_METRICS_BAD_METHOD;
	/* /metrics, with or without a query */
	if (pl < 8 || memcmp(path, "/metrics", 8) ||
	    (pl > 8 && path[8] != '?'))
		return LTTR_METRICS_NOT_FOUND;
	return get ? LTTR_METRICS_GET : LTTR_METRICS_HEAD;
}

static int send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static void answer(int fd, const char *status, const char *type,
		   const char *body, size_t len, bool with_body)
{
	char hdr[256];
	int n;

	n = snprintf(hdr, sizeof(hdr), "HTTP/1.1 %s\r\nContent-Type: %s\r\n"
		     "Content-Length: %zu\r\nConnection: close\r\n\r\n",
		     status, type, len);
	if (send_all(fd, hdr, (size_t)n) == 0 && with_body)
		send_all(fd, body, len);
}

int lttr_metrics_serve(int lfd, struct lttr_vitals_prom *p)
{
	struct timeval tv = { .tv_sec = IO_TIMEOUT_MS / 1000 };
	enum lttr_metrics_req q = LTTR_METRICS_INCOMPLETE;
	static const char text[] = "text/plain; charset=utf-8";
	char req[REQ_MAX];
	struct timespec t0, t1;
	size_t len = 0;
	int fd;

	fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK ||
		       errno == EINTR || errno == ECONNABORTED ? 0 : -1;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (q == LTTR_METRICS_INCOMPLETE && len < sizeof(req)) {
		ssize_t r;

		clock_gettime(CLOCK_MONOTONIC, &t1);
		if ((t1.tv_sec - t0.tv_sec) * 1000 +
		    (t1.tv_nsec - t0.tv_nsec) / 1000000 > IO_TIMEOUT_MS)
			break;	/* a client that trickles its request */
		r = recv(fd, req + len, sizeof(req) - len, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
		q = lttr_metrics_parse(req, len);
	}
	switch (q) {
	case LTTR_METRICS_GET:
	case LTTR_METRICS_HEAD: {
		char *body = NULL, err[512];
		size_t blen = 0;
		FILE *m = open_memstream(&body, &blen);

		/* a directory that cannot be read: what was counted so far,
		 * with ltt_vitals_directory_errors_total one more */
		lttr_vitals_prom_update(p, err, sizeof(err));
		if (!m) {
			answer(fd, "500 Internal Server Error", text,
			       "out of memory\n", 14, true);
			break;
		}
		lttr_vitals_prom_print(m, p);
		fclose(m);
		answer(fd, "200 OK", "text/plain; version=0.0.4; charset=utf-8",
		       body, blen, q == LTTR_METRICS_GET);
		free(body);
		break;
	}
	case LTTR_METRICS_NOT_FOUND:
		answer(fd, "404 Not Found", text, "only /metrics here\n", 19,
		       true);
		break;
	case LTTR_METRICS_BAD_METHOD:
		answer(fd, "405 Method Not Allowed", text, "GET /metrics\n", 13,
		       true);
		break;
	case LTTR_METRICS_BAD:
		answer(fd, "400 Bad Request", text, "not an HTTP/1 request\n",
		       22, true);
		break;
	case LTTR_METRICS_INCOMPLETE:
		break;	/* the client went, or took too long */
	}
	close(fd);
	return 1;
}
