// SPDX-License-Identifier: GPL-2.0
/*
 * proc.c - parser of the proc snapshot file.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/proc.h>

static const char *lit(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	if ((size_t)(end - p) < n || memcmp(p, s, n))
		return NULL;
	return p + n;
}

static const char *num(const char *p, const char *end, uint32_t *v)
{
	uint64_t x = 0;
	const char *s = p;

	while (p < end && *p >= '0' && *p <= '9') {
		x = x * 10 + (uint64_t)(*p - '0');
		if (x > UINT32_MAX)
			return NULL;
		p++;
	}
	if (p == s)
		return NULL;
	*v = (uint32_t)x;
	return p;
}

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

static int grow(void **arr, size_t n, size_t *cap, size_t elem)
{
	void *a;

	if (n < *cap)
		return 0;
	*cap = *cap ? 2 * *cap : 64;
	a = realloc(*arr, *cap * elem);
	if (!a)
		return -1;
	*arr = a;
	return 0;
}

/*
 * The rest of an "IRQ: n; NAME: x" or "NETDEV: n; NAME: x" line, from the
 * number on: *num and a copy of the name in *name.  Return 1 parsed,
 * 0 malformed, -1 out of memory.
 */
static int numbered_name(const char *q, const char *end, uint32_t *num_out,
			 char **name)
{
	q = num(q, end, num_out);
	if (q)
		q = lit(q, end, "; NAME:");
	if (!q)
		return 0;
	if (q < end && *q == ' ')
		q++;
	*name = dup_n(q, (size_t)(end - q));
	return *name ? 1 : -1;
}

/* an address up to "; " or the end: a copy, NULL for "-"; *@q after it */
static int address(const char **q, const char *end, char **out)
{
	const char *e = *q;

	while (e < end && *e != ';')
		e++;
	if (e == *q || memchr(*q, ' ', (size_t)(e - *q)))
		return 0;
	*out = NULL;
	if (e - *q != 1 || **q != '-') {
		*out = dup_n(*q, (size_t)(e - *q));
		if (!*out)
			return -1;
	}
	*q = e;
	return 1;
}

/* "SOCKET: ino; TGID: n; TYPE: n; LOCAL: addr; PEER: addr" from the inode */
static int socket_line(struct lttr_proc *p, const char *q, const char *end, size_t *scap)
{
	struct lttr_proc_socket so = { 0 };
	uint64_t ino = 0;
	const char *s = q;
	int r;

	while (q < end && *q >= '0' && *q <= '9' && ino <= UINT64_MAX / 10 - 1)
		ino = ino * 10 + (uint64_t)(*q++ - '0');
	if (q == s || (q < end && *q >= '0' && *q <= '9'))
		return 0;
	so.ino = ino;
	if (!(q = lit(q, end, "; TGID: ")) || !(q = num(q, end, &so.tgid)) ||
	    !(q = lit(q, end, "; TYPE: ")) || !(q = num(q, end, &so.type)) ||
	    !(q = lit(q, end, "; LOCAL: ")))
		return 0;
	r = address(&q, end, &so.local);
	if (r <= 0)
		return r;
	if (!(q = lit(q, end, "; PEER: ")) || (r = address(&q, end, &so.peer)) <= 0 ||
	    q != end) {
		free(so.local);
		free(so.peer);
		return r < 0 ? -1 : 0;
	}
	if (grow((void **)&p->sockets, p->nsockets, scap, sizeof(*p->sockets))) {
		free(so.local);
		free(so.peer);
		return -1;
	}
	p->sockets[p->nsockets++] = so;
	return 1;
}

/* "FD: n; TGID: n; CLOEXEC: 0|1; PATH: path" from the descriptor on */
static int fd_line(struct lttr_proc *p, const char *q, const char *end, size_t *fcap)
{
	struct lttr_proc_fd fd = { 0 };
	uint32_t cloexec;

	if (!(q = num(q, end, &fd.fd)) || fd.fd > INT32_MAX ||
	    !(q = lit(q, end, "; TGID: ")) || !(q = num(q, end, &fd.tgid)) ||
	    !(q = lit(q, end, "; CLOEXEC: ")) || !(q = num(q, end, &cloexec)) || cloexec > 1 ||
	    !(q = lit(q, end, "; PATH:")))
		return 0;
	if (q < end && *q == ' ')
		q++;
	fd.cloexec = cloexec;
	if (grow((void **)&p->fds, p->nfds, fcap, sizeof(*p->fds)))
		return -1;
	fd.path = dup_n(q, (size_t)(end - q));
	if (!fd.path)
		return -1;
	p->fds[p->nfds++] = fd;
	return 1;
}

/* the capacities of the tables being filled */
struct caps {
	size_t tasks, irqs, netdevs, sockets, fds;
};

/* Return 1 parsed, 0 malformed, -1 out of memory. */
static int parse_line(struct lttr_proc *p, const char *s, const char *end, struct caps *cap)
{
	uint32_t a, b, c;
	const char *q;
	char *name;
	int ret;

	if ((q = lit(s, end, "PID: "))) {
		q = num(q, end, &a);
		if (q)
			q = lit(q, end, "; PPID: ");
		if (q)
			q = num(q, end, &b);
		if (q)
			q = lit(q, end, "; ");
		if (!q)
			return 0;
		c = a;
		if (lit(q, end, "TGID: ")) {
			q = num(q + 6, end, &c);
			if (q)
				q = lit(q, end, "; ");
			if (!q)
				return 0;
		}
		q = lit(q, end, "NAME:");
		if (!q)
			return 0;
		if (q < end && *q == ' ')
			q++;
		if (grow((void **)&p->tasks, p->ntasks, &cap->tasks, sizeof(*p->tasks)))
			return -1;
		name = dup_n(q, (size_t)(end - q));
		if (!name)
			return -1;
		p->tasks[p->ntasks].pid = a;
		p->tasks[p->ntasks].ppid = b;
		p->tasks[p->ntasks].tgid = c;
		p->tasks[p->ntasks].name = name;
		p->ntasks++;
		return 1;
	}
	if ((q = lit(s, end, "IRQ: "))) {
		ret = numbered_name(q, end, &a, &name);
		if (ret <= 0)
			return ret;
		if (grow((void **)&p->irqs, p->nirqs, &cap->irqs, sizeof(*p->irqs))) {
			free(name);
			return -1;
		}
		p->irqs[p->nirqs].irq = a;
		p->irqs[p->nirqs].name = name;
		p->nirqs++;
		return 1;
	}
	if ((q = lit(s, end, "SOCKET: ")))
		return socket_line(p, q, end, &cap->sockets);
	if ((q = lit(s, end, "FD: ")))
		return fd_line(p, q, end, &cap->fds);
	if ((q = lit(s, end, "NETDEV: "))) {
		ret = numbered_name(q, end, &a, &name);
		if (ret <= 0)
			return ret;
		if (grow((void **)&p->netdevs, p->nnetdevs, &cap->netdevs,
			 sizeof(*p->netdevs))) {
			free(name);
			return -1;
		}
		p->netdevs[p->nnetdevs].ifindex = a;
		p->netdevs[p->nnetdevs].name = name;
		p->nnetdevs++;
		return 1;
	}
	return 0;
}

int lttr_proc_parse(const char *text, size_t len, const char *fname,
		    unsigned int flags, struct lttr_proc **out,
		    struct lttr_error *err)
{
	struct lttr_proc *p = calloc(1, sizeof(*p));
	const char *s = text, *end = text + len;
	struct caps cap = { 0, 0, 0, 0, 0 };
	size_t line = 0;

	*out = NULL;
	if (!p)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *le = nl ? nl : end;
		const char *next = nl ? nl + 1 : end;
		int r;

		line++;
		if (le > s && le[-1] == '\r')
			le--;
		if (le == s) {
			s = next;
			continue;
		}
		r = memchr(s, '\0', (size_t)(le - s)) ? 0 :
			parse_line(p, s, le, &cap);
		if (r < 0) {
			lttr_proc_free(p);
			return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		}
		if (r == 0) {
			if (!(flags & LTTR_PROC_LENIENT)) {
				char shown[48];
				size_t i, n = (size_t)(le - s);

				if (n > sizeof(shown) - 1)
					n = sizeof(shown) - 1;
				for (i = 0; i < n; i++)
					shown[i] = isprint((unsigned char)s[i]) ? s[i] : '?';
				shown[n] = '\0';
				lttr_proc_free(p);
				return lttr_error_set(err, LTTR_E_FORMAT,
					"%s:%zu: malformed line \"%s%s\" (expected \"PID: n; PPID: n; TGID: n; NAME: name\", \"IRQ: n; NAME: name\", \"NETDEV: n; NAME: name\", \"SOCKET: ino; TGID: n; TYPE: n; LOCAL: addr; PEER: addr\" or \"FD: n; TGID: n; CLOEXEC: 0|1; PATH: path\")",
					fname, line, shown,
					(size_t)(le - s) > n ? "..." : "");
			}
			if (!p->bad_lines)
				p->first_bad_line = line;
			p->bad_lines++;
		}
		s = next;
	}
	*out = p;
	return 0;
}

int lttr_proc_load(const char *path, unsigned int flags, struct lttr_proc **out,
		   struct lttr_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int ret;

	*out = NULL;
	if (!f) {
		int e = errno;

		return lttr_error_set(err, LTTR_E_IO, "%s: cannot open: %s", path,
				      strerror(e));
	}
	for (;;) {
		size_t r;

		if (len == cap) {
			char *n;

			cap = cap ? 2 * cap : 65536;
			n = realloc(buf, cap);
			if (!n) {
				free(buf);
				fclose(f);
				return lttr_error_set(err, LTTR_E_NOMEM,
						      "out of memory");
			}
			buf = n;
		}
		r = fread(buf + len, 1, cap - len, f);
		len += r;
		if (r == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return lttr_error_set(err, LTTR_E_IO, "%s: read error", path);
	}
	fclose(f);
	ret = lttr_proc_parse(buf, len, path, flags, out, err);
	free(buf);
	return ret;
}

void lttr_proc_free(struct lttr_proc *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->ntasks; i++)
		free(p->tasks[i].name);
	for (i = 0; i < p->nirqs; i++)
		free(p->irqs[i].name);
	for (i = 0; i < p->nnetdevs; i++)
		free(p->netdevs[i].name);
	for (i = 0; i < p->nsockets; i++) {
		free(p->sockets[i].local);
		free(p->sockets[i].peer);
	}
	for (i = 0; i < p->nfds; i++)
		free(p->fds[i].path);
	free(p->fds);
	free(p->sockets);
	free(p->tasks);
	free(p->irqs);
	free(p->netdevs);
	free(p);
}

const char *lttr_proc_irq_name(const struct lttr_proc *p, uint32_t irq)
{
	size_t i;

	if (!p)
		return NULL;
	for (i = 0; i < p->nirqs; i++)
		if (p->irqs[i].irq == irq)
			return p->irqs[i].name;
	return NULL;
}

const struct lttr_proc_fd *lttr_proc_fd_find(const struct lttr_proc *p, uint32_t tgid,
					     uint32_t fd)
{
	size_t i;

	if (!p)
		return NULL;
	for (i = p->nfds; i-- > 0;)
		if (p->fds[i].tgid == tgid && p->fds[i].fd == fd)
			return &p->fds[i];
	return NULL;
}

const char *lttr_proc_netdev_name(const struct lttr_proc *p, uint32_t ifindex)
{
	size_t i;

	if (!p)
		return NULL;
	for (i = 0; i < p->nnetdevs; i++)
		if (p->netdevs[i].ifindex == ifindex)
			return p->netdevs[i].name;
	return NULL;
}

/* the index of the task with this pid in @by_pid (sorted), or -1 */
static long find_pid(const struct lttr_proc *p, const size_t *by_pid,
		     uint32_t pid)
{
	size_t lo = 0, hi = p->ntasks;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint32_t v = p->tasks[by_pid[mid]].pid;

		if (v == pid)
			return (long)by_pid[mid];
		if (v < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/*
 * qsort has no argument for its comparison: the table being sorted is
 * passed here, one per thread, since front ends open traces in threads of
 * their own (two traces at once: one thread's NULL after its sort was the
 * other's comparison's pointer, a crash at startup).
 */
static _Thread_local const struct lttr_proc *sort_proc;

static int cmp_pid(const void *a, const void *b)
{
	const struct lttr_proc_task *x = &sort_proc->tasks[*(const size_t *)a];
	const struct lttr_proc_task *y = &sort_proc->tasks[*(const size_t *)b];

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

size_t lttr_proc_check(const struct lttr_proc *p, char *first, size_t len)
{
	size_t *by_pid, i, bad = 0;

	if (len)
		first[0] = '\0';
	if (!p || !p->ntasks)
		return 0;
	by_pid = malloc(p->ntasks * sizeof(*by_pid));
	if (!by_pid)
		return 0;
	for (i = 0; i < p->ntasks; i++)
		by_pid[i] = i;
	sort_proc = p;
	qsort(by_pid, p->ntasks, sizeof(*by_pid), cmp_pid);
	sort_proc = NULL;
#define BAD(...) do {							\
		if (!bad++ && len)					\
			snprintf(first, len, __VA_ARGS__);		\
	} while (0)
	for (i = 0; i < p->ntasks; i++) {
		const struct lttr_proc_task *t = &p->tasks[by_pid[i]];
		long l;

		if (i && p->tasks[by_pid[i - 1]].pid == t->pid) {
			BAD("pid %u listed twice", t->pid);
			continue;
		}
		if (t->pid && t->ppid == t->pid)
			BAD("pid %u is its own parent", t->pid);
		if (t->tgid == t->pid)
			continue;
		l = find_pid(p, by_pid, t->tgid);
		if (l < 0)
			continue;	/* the leader is gone: possible */
		if (p->tasks[l].tgid != p->tasks[l].pid)
			BAD("pid %u is a thread of %u, itself a thread of %u",
			    t->pid, t->tgid, p->tasks[l].tgid);
		else if (p->tasks[l].ppid != t->ppid)
			BAD("pid %u, a thread of %u, has parent %u, its process %u",
			    t->pid, t->tgid, t->ppid, p->tasks[l].ppid);
	}
#undef BAD
	free(by_pid);
	return bad;
}
