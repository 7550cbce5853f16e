// SPDX-License-Identifier: GPL-2.0
/*
 * sockets.c - the TCP and UDP sockets open at START, for the /proc
 * snapshot: their addresses from /proc/net/{tcp,tcp6,udp,udp6}, a process
 * that holds each from /proc/PID/fd.  Together with the socket_endpoint
 * and socket_accept events they give every connected socket's endpoints.
 */
#include "sockets.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct sock_line {
	unsigned long ino;
	int type;
	int tgid;
	char local[64];
	char peer[64];
};

/* "0100007F:1B58" (the kernel's %08X of each 32-bit word) as text */
static int address(const char *s, size_t hexlen, int v6, char *out, size_t len)
{
	unsigned char bytes[16];
	char ip[INET6_ADDRSTRLEN];
	unsigned long port;
	size_t w;
	int zero = 1;

	for (w = 0; w < hexlen / 8; w++) {
		char word[9];
		uint32_t v;

		memcpy(word, s + 8 * w, 8);
		word[8] = '\0';
		if (strspn(word, "0123456789abcdefABCDEF") != 8)
			return -1;
		/* the word as the kernel holds it in memory */
		v = (uint32_t)strtoul(word, NULL, 16);
		memcpy(bytes + 4 * w, &v, 4);
	}
	if (s[hexlen] != ':' || strspn(s + hexlen + 1, "0123456789abcdefABCDEF") != 4)
		return -1;
	port = strtoul(s + hexlen + 1, NULL, 16);
	for (w = 0; w < hexlen / 2; w++)
		zero &= !bytes[w];
	if (zero && !port) {
		snprintf(out, len, "-");
		return 0;
	}
	if (!inet_ntop(v6 ? AF_INET6 : AF_INET, bytes, ip, sizeof(ip)))
		return -1;
	snprintf(out, len, v6 ? "[%s]:%lu" : "%s:%lu", ip, port);
	return 0;
}

int sockets_parse_line(const char *line, int v6, char *local, char *peer, size_t len,
		       unsigned long *ino)
{
	size_t hexlen = v6 ? 32 : 8;
	const char *p = line;
	int field;

	while (*p == ' ')
		p++;
	/* "sl:" then local, remote, st, queues, tr:when, retrnsmt, uid, timeout, inode */
	if (!isdigit((unsigned char)*p) || !strchr(p, ':'))
		return -1;
	for (field = 0; field < 10; field++) {
		const char *e = p;

		while (*e && *e != ' ')
			e++;
		if (field == 1 && ((size_t)(e - p) != hexlen + 5 ||
				   address(p, hexlen, v6, local, len)))
			return -1;
		if (field == 2 && ((size_t)(e - p) != hexlen + 5 ||
				   address(p, hexlen, v6, peer, len)))
			return -1;
		if (field == 9) {
			char *end;

			if (!isdigit((unsigned char)*p))
				return -1;
			*ino = strtoul(p, &end, 10);
			return end == e ? 0 : -1;
		}
		p = e;
		while (*p == ' ')
			p++;
		if (!*p)
			return -1;
	}
	return -1;
}

static int add(struct sock_line **v, size_t *n, size_t *cap, const struct sock_line *s)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 32;
		struct sock_line *nv = realloc(*v, ncap * sizeof(*nv));

		if (!nv)
			return -1;
		*v = nv;
		*cap = ncap;
	}
	(*v)[(*n)++] = *s;
	return 0;
}

static void read_table(const char *root, const char *name, int type, int v6,
		       struct sock_line **v, size_t *n, size_t *cap)
{
	char path[PATH_MAX], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/net/%s", root, name);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		struct sock_line s = { .type = type };

		if (sockets_parse_line(line, v6, s.local, s.peer, sizeof(s.local), &s.ino) ||
		    !s.ino || add(v, n, cap, &s))
			continue;
	}
	fclose(f);
}

static int by_ino(const void *a, const void *b)
{
	unsigned long x = ((const struct sock_line *)a)->ino;
	unsigned long y = ((const struct sock_line *)b)->ino;

	return (x > y) - (x < y);
}

/* the holder of each socket: the lowest pid whose fd names it */
static void holders(const char *root, struct sock_line *v, size_t n)
{
	DIR *d = opendir(root);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		char path[PATH_MAX];
		struct dirent *fe;
		DIR *fd;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "%s/%s/fd", root, de->d_name);
		fd = opendir(path);
		if (!fd)
			continue;
		while ((fe = readdir(fd)) != NULL) {
			char link[PATH_MAX + 300], target[64];
			struct sock_line key, *s;
			ssize_t len;

			snprintf(link, sizeof(link), "%s/%s", path, fe->d_name);
			len = readlink(link, target, sizeof(target) - 1);
			if (len <= 0)
				continue;
			target[len] = '\0';
			if (sscanf(target, "socket:[%lu]", &key.ino) != 1)
				continue;
			s = bsearch(&key, v, n, sizeof(*v), by_ino);
			if (s && (!s->tgid || atoi(de->d_name) < s->tgid))
				s->tgid = atoi(de->d_name);
		}
		closedir(fd);
	}
	closedir(d);
}

int snapshot_write_sockets(FILE *out, const char *proc_root, unsigned long *count)
{
	struct sock_line *v = NULL;
	size_t n = 0, cap = 0, i;
	int ret = 0;

	*count = 0;
	read_table(proc_root, "tcp", 1, 0, &v, &n, &cap);
	read_table(proc_root, "tcp6", 1, 1, &v, &n, &cap);
	read_table(proc_root, "udp", 2, 0, &v, &n, &cap);
	read_table(proc_root, "udp6", 2, 1, &v, &n, &cap);
	if (n)
		qsort(v, n, sizeof(*v), by_ino);
	holders(proc_root, v, n);
	for (i = 0; i < n; i++) {
		if (!v[i].tgid)
			continue;
		if (fprintf(out, "SOCKET: %lu; TGID: %d; TYPE: %d; LOCAL: %s; PEER: %s\n",
			    v[i].ino, v[i].tgid, v[i].type, v[i].local, v[i].peer) < 0) {
			ret = -1;
			break;
		}
		(*count)++;
	}
	free(v);
	return ret;
}
