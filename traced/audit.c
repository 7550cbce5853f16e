// SPDX-License-Identifier: GPL-2.0
/* audit.c - the trigger rules while tracing (audit.h, docs/triggers.md) */
#include "audit.h"
#include "device.h"
#include "header.h"
#include "msg.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <lttr/audit/blame.h>
#include <lttr/audit/rules.h>
#include <lttr/reader/event.h>
#include <lttr/reader/trace.h>

#define MAX_NOTIFY	16	/* notify commands running at once; more are refused */
#define NCOMMS		4096	/* names of tasks, by pid modulo */
#define MAX_PENDING	16	/* firings waiting for their snapshot */
#define HEAVY_CLOSE_MAX_NS	(5ULL * 1000000000ULL)	/* a quiet CPU waited for at most */

/* a firing whose snapshot waits for the other CPUs' buffers of its time */
struct pending {
	struct lttr_firing f;
	char comm[16];
	char key[64];
	unsigned int seq;
	uint64_t due;		/* CLOCK_MONOTONIC */
};

/* a buffer kept for the snapshots */
struct rbuf {
	struct rbuf *next;
	size_t len;
	unsigned char data[];
};

struct comm {
	uint32_t pid;
	char name[16];
	int valid;
};

struct notify {
	pid_t pid;
	uint64_t deadline;
	unsigned int seq;
};

/* a task logged heavily, and what its logging recorded */
struct party {
	uint32_t pid;
	int blame_known;
	uint64_t blame_ns;
	uint64_t events, stacks, bytes;
};

/*
 * The heavy logging of one firing (log top(N) for D [or C events]): on
 * from from_ns until deadline or C events; then closing, counting the
 * records of [from_ns, to_ns) that were still in the module, until due.
 */
enum heavy_state { HEAVY_OFF, HEAVY_ON, HEAVY_CLOSING };

struct heavy {
	enum heavy_state state;
	unsigned int seq;
	uint64_t from_ns, to_ns, deadline, due;
	uint64_t max_events, events;
	const char *ended;
	char why[LTTR_ERRMSG_MAX];	/* why the blame could not rank */
	size_t n;
	struct party p[LTT_HEAVY_PIDS_MAX];
};

struct audit {
	const struct options *o;
	int dirfd;
	const char *dir;
	struct ltt_trace_header h;
	unsigned int ncpus;
	FILE *log;
	int log_failed;
	/* the ring: oldest first; the batch's buffers are its last ones */
	struct rbuf *head, *tail, *batch;
	uint64_t bytes;
	uint64_t evicted;
	/* the batch's events */
	struct lttr_event *ev;
	size_t nev, cap;
	uint64_t bad_records;
	struct comm comms[NCOMMS];
	unsigned int seq, nsnap;
	struct notify notify[MAX_NOTIFY];
	size_t nnotify;
	struct pending pending[MAX_PENDING];
	size_t npending;
	int stop;
	struct device *dev;	/* for the heavy logging, or NULL */
	struct heavy heavy;
	uint64_t *cpu_end;	/* per CPU: the end of its latest buffer read */
};

static uint64_t now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/* ---- names of tasks ------------------------------------------------------ */

static const char *comm_of(void *arg, uint32_t pid, uint64_t t)
{
	struct audit *a = arg;
	struct comm *c = &a->comms[pid % NCOMMS];
	char path[64];
	ssize_t n;
	int fd;

	(void)t;
	if (c->valid && c->pid == pid)
		return c->name;
	/* a task not named by the trace yet: as the system names it now */
	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/comm", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	n = read(fd, c->name, sizeof(c->name) - 1);
	close(fd);
	if (n <= 0)
		return NULL;
	c->name[n] = '\0';
	c->name[strcspn(c->name, "\n")] = '\0';
	c->pid = pid;
	c->valid = 1;
	return c->name;
}

static void set_comm(struct audit *a, uint32_t pid, const char *name, size_t len)
{
	struct comm *c = &a->comms[pid % NCOMMS];

	if (len > sizeof(c->name) - 1)
		len = sizeof(c->name) - 1;
	memcpy(c->name, name, len);
	c->name[len] = '\0';
	c->pid = pid;
	c->valid = 1;
}

/* the names the trace gives: fork (the parent's), exec (the file's), kthread_create */
static void learn(struct audit *a, const struct lttr_event *ev)
{
	const char *n, *slash;
	size_t len;

	if (!ev->details)
		return;
	switch (ev->id) {
	case LTT_EV_PROCESS_FORK:
		n = comm_of(a, ev->p.fork.parent_pid, ev->time_ns);
		if (n) {
			char b[16];

			snprintf(b, sizeof(b), "%s", n);
			set_comm(a, ev->p.fork.child_pid, b, strlen(b));
		}
		break;
	case LTT_EV_PROCESS_EXEC:
		if (!ev->var || !ev->var_len)
			break;
		len = strnlen(ev->var, ev->var_len);
		slash = memrchr(ev->var, '/', len);
		n = slash ? slash + 1 : ev->var;
		set_comm(a, ev->p.exec.pid, n, len - (size_t)(n - ev->var));
		break;
	case LTT_EV_KTHREAD_CREATE:
		if (ev->var && ev->var_len)
			set_comm(a, ev->p.kthread_create.pid, ev->var, strnlen(ev->var, ev->var_len));
		break;
	default:
		break;
	}
}

/* ---- heavy logging (log top(N) for D) ---------------------------------- */

/* a record of the ring: a logged task's, while its logging was on? */
static void heavy_count(struct audit *a, const struct lttr_event *ev)
{
	struct heavy *h = &a->heavy;
	size_t i;

	if (h->state == HEAVY_OFF || ev->time_ns < h->from_ns ||
	    (h->state == HEAVY_CLOSING && ev->time_ns >= h->to_ns))
		return;
	for (i = 0; i < h->n; i++) {
		if (h->p[i].pid != ev->pid)
			continue;
		h->p[i].bytes += ev->size;
		if (ev->id == LTT_EV_STACK) {
			h->p[i].stacks++;
		} else {
			h->p[i].events++;
			h->events++;
		}
		return;
	}
}

/*
 * The parties to log for firing @f: the top of the critical blame of its
 * instance, read in its snapshot @snapdir (lttr_blame_compute(), the
 * blame tracevisualizer audit shows); the firing's task alone for an
 * instant event, or when the blame cannot rank (h->why says why).
 */
static void heavy_parties(struct audit *a, const struct lttr_firing *f, const char *snapdir)
{
	struct heavy *h = &a->heavy;
	struct lttr_trace *t = NULL;
	struct lttr_blame *b = NULL;
	struct lttr_error err;
	size_t i;

	h->n = 0;
	h->why[0] = '\0';
	if (f->start_ns >= f->time_ns) {
		snprintf(h->why, sizeof(h->why), "an instant event: its task");
	} else {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", a->dir, snapdir);
		if (lttr_trace_open(path, LTTR_OPEN_SALVAGE, &t, &err) < 0 ||
		    lttr_blame_compute(t, f->pid, f->start_ns, f->time_ns, f->log.top, &b,
				       &err) < 0)
			snprintf(h->why, sizeof(h->why), "%s", err.msg);
	}
	for (i = 0; b && i < b->nparty && h->n < LTT_HEAVY_PIDS_MAX; i++) {
		const struct lttr_blame_party *p = &b->party[i];

		if (p->top && p->kind == LTTR_BLAME_TASK && p->pid)
			h->p[h->n++] = (struct party){ .pid = p->pid, .blame_known = 1,
						       .blame_ns = p->blame_ns };
	}
	if (!h->n && f->pid) {
		h->p[h->n++] = (struct party){ .pid = f->pid };
		if (!h->why[0])
			snprintf(h->why, sizeof(h->why), "no task in the blame's top: its task");
	} else if (!h->n) {
		snprintf(h->why, sizeof(h->why), "no task to log (the firing's is the idle task)");
	}
	lttr_blame_free(b);
	if (t)
		lttr_trace_close(t);
}

/* switch the module's heavy logging set to @n tasks of @h (0: off) */
static int heavy_set(struct audit *a, size_t n)
{
	struct ltt_heavy set;
	size_t i;

	memset(&set, 0, sizeof(set));
	set.npids = (uint32_t)n;
	for (i = 0; i < n; i++)
		set.pids[i] = a->heavy.p[i].pid;
	if (n) {
		set.stacks.bits[LTT_EV_SCHEDCHANGE / 64] |= 1ULL << (LTT_EV_SCHEDCHANGE % 64);
		set.stacks.bits[LTT_EV_PROCESS_WAKEUP / 64] |= 1ULL << (LTT_EV_PROCESS_WAKEUP % 64);
		set.stacks.bits[LTT_EV_SYSCALL_ENTRY / 64] |= 1ULL << (LTT_EV_SYSCALL_ENTRY % 64);
	}
	return device_set_heavy(a->dev, &set, "log");
}

static void heavy_line(struct audit *a)
{
	const struct heavy *h = &a->heavy;
	size_t i;

	if (!a->log)
		return;
	fprintf(a->log, "{\"log\":%u,\"from_ns\":%" PRIu64 ",\"to_ns\":%" PRIu64
		",\"ended\":\"%s\",\"why\":", h->seq, h->from_ns, h->to_ns, h->ended);
	if (h->why[0]) {
		fputc('"', a->log);
		for (i = 0; h->why[i]; i++)
			if (h->why[i] == '"' || h->why[i] == '\\')
				fprintf(a->log, "\\%c", h->why[i]);
			else if ((unsigned char)h->why[i] >= 0x20)
				fputc(h->why[i], a->log);
		fputc('"', a->log);
	} else {
		fputs("null", a->log);
	}
	fputs(",\"parties\":[", a->log);
	for (i = 0; i < h->n; i++) {
		const struct party *p = &h->p[i];

		fprintf(a->log, "%s{\"pid\":%" PRIu32 ",\"blame_ns\":", i ? "," : "", p->pid);
		if (p->blame_known)
			fprintf(a->log, "%" PRIu64, p->blame_ns);
		else
			fputs("null", a->log);
		fprintf(a->log, ",\"events\":%" PRIu64 ",\"stacks\":%" PRIu64
			",\"bytes\":%" PRIu64 "}", p->events, p->stacks, p->bytes);
	}
	fputs("]}\n", a->log);
	if (fflush(a->log) == EOF)
		a->log_failed = 1;
}

/* firing @seq (@f) asks for heavy logging; its snapshot is @snapdir */
static void heavy_start(struct audit *a, const struct lttr_firing *f, unsigned int seq,
			const char *snapdir)
{
	struct heavy *h = &a->heavy;

	if (!a->dev)
		return;
	if (h->state != HEAVY_OFF) {
		msg_warn("firing %u: no heavy logging, that of firing %u is still on", seq, h->seq);
		if (a->log)
			fprintf(a->log, "{\"log\":%u,\"skipped\":%u}\n", seq, h->seq);
		return;
	}
	heavy_parties(a, f, snapdir);
	h->seq = seq;
	h->events = 0;
	h->max_events = f->log.events;
	if (!h->n || heavy_set(a, h->n) < 0) {
		h->from_ns = h->to_ns = now_ns();
		h->ended = h->n ? "refused" : "nothing";
		heavy_line(a);
		return;
	}
	/* from the set's publication on: every event after has its details */
	h->from_ns = now_ns();
	h->deadline = h->from_ns + f->log.for_ns;
	h->state = HEAVY_ON;
	msg_info("firing %u: heavy logging of %zu tasks for %.3f s", seq, h->n,
		 (double)f->log.for_ns / 1e9);
}

/*
 * Have the buffers read passed @t on every CPU that sent any?  (A quiet
 * CPU may send none: heavy_poll() waits for it HEAVY_CLOSE_MAX_NS at most.)
 */
static int cpus_passed(const struct audit *a, uint64_t t)
{
	unsigned int c;

	for (c = 0; c < a->ncpus; c++)
		if (a->cpu_end[c] && a->cpu_end[c] < t)
			return 0;
	return 1;
}

/*
 * The heavy logging's time or count reached (or @all: the trace ends):
 * off in the module, then, once the buffers read have passed its end on
 * every CPU (its records are then counted; two flush intervals at least,
 * HEAVY_CLOSE_MAX_NS at most), its line in the firings log.
 */
static void heavy_poll(struct audit *a, int all)
{
	struct heavy *h = &a->heavy;
	uint64_t now = now_ns();
	uint64_t flush_ns = (uint64_t)(a->o->flush_ms ? a->o->flush_ms : DEFAULT_RULES_FLUSH_MS) *
			    1000000ULL;

	if (h->state == HEAVY_ON && (all || now >= h->deadline ||
				     (h->max_events && h->events >= h->max_events))) {
		h->ended = h->max_events && h->events >= h->max_events ? "events" :
			   now >= h->deadline ? "time" : "stop";
		if (heavy_set(a, 0) < 0)
			h->ended = "not switched off";
		h->to_ns = now_ns();
		h->due = h->to_ns + 2 * flush_ns;
		h->state = HEAVY_CLOSING;
	}
	if (h->state == HEAVY_CLOSING &&
	    (all || (now >= h->due && cpus_passed(a, h->to_ns)) ||
	     now >= h->to_ns + HEAVY_CLOSE_MAX_NS)) {
		heavy_line(a);
		h->state = HEAVY_OFF;
	}
}

void audit_set_device(struct audit *a, struct device *dev)
{
	if (a)
		a->dev = dev;
}

/* ---- the ring and the events --------------------------------------------- */

/* decode the records of buffer @b into the batch's events */
static void decode(struct audit *a, const struct rbuf *b)
{
	struct ltt_buffer_header bh;
	uint64_t base;
	uint32_t pid;
	size_t o;

	if (b->len < sizeof(bh))
		return;
	memcpy(&bh, b->data, sizeof(bh));
	if (bh.magic != LTT_BUFFER_MAGIC || sizeof(bh) + (size_t)bh.data_size != b->len ||
	    bh.cpu >= a->ncpus)
		return;
	base = bh.start_ns;
	pid = bh.pid;
	if (bh.end_ns > a->cpu_end[bh.cpu])
		a->cpu_end[bh.cpu] = bh.end_ns;
	for (o = sizeof(bh); o < b->len;) {
		struct lttr_event ev;

		memset(&ev, 0, sizeof(ev));
		if (lttr_record_decode(b->data + o, b->len - o, &ev, NULL, 0) < 0) {
			a->bad_records++;
			break;
		}
		o += ev.size;
		if (ev.id == LTT_EV_TIME_EXT) {
			if (ev.details)
				base = ev.p.time_ext.base_ns;
			continue;
		}
		ev.time_ns += base;
		ev.cpu = bh.cpu;
		ev.pid = pid;
		if (ev.id == LTT_EV_SCHEDCHANGE && ev.details) {
			ev.pid = ev.p.schedchange.prev_pid;
			pid = ev.p.schedchange.next_pid;
		} else if (ev.id == LTT_EV_TRACE_START && ev.details) {
			pid = ev.p.trace_start.pid;
			ev.pid = pid;
		}
		heavy_count(a, &ev);
		if (a->nev == a->cap) {
			size_t cap = a->cap ? 2 * a->cap : 1024;
			struct lttr_event *n = realloc(a->ev, cap * sizeof(*n));

			if (!n) {
				a->bad_records++;
				return;
			}
			a->ev = n;
			a->cap = cap;
		}
		a->ev[a->nev++] = ev;
	}
}

void audit_buffer(struct audit *a, const void *p, size_t len)
{
	struct rbuf *b;

	if (!a)
		return;
	b = malloc(sizeof(*b) + len);
	if (!b) {
		a->evicted++;
		return;
	}
	b->next = NULL;
	b->len = len;
	memcpy(b->data, p, len);
	if (a->tail)
		a->tail->next = b;
	else
		a->head = b;
	a->tail = b;
	if (!a->batch)
		a->batch = b;
	a->bytes += len;
}

/* the oldest buffers out of the ring, down to its size (not the batch's) */
static void evict(struct audit *a)
{
	while (a->head && a->head != a->batch && a->bytes > a->o->snapshot_size) {
		struct rbuf *b = a->head;

		a->head = b->next;
		a->bytes -= b->len;
		a->evicted++;
		free(b);
	}
	if (!a->head)
		a->tail = NULL;
}

/* ---- snapshots ------------------------------------------------------------ */

static int write_at(int fd, const void *p, size_t len, off_t off)
{
	const char *c = p;

	while (len) {
		ssize_t n = pwrite(fd, c, len, off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? errno : ENOSPC;
		c += n;
		len -= (size_t)n;
		off += n;
	}
	return 0;
}

/* the records of buffer @p (@len bytes) into @li (a buffer not written) */
static void count_dropped(struct ltt_lost_info *li, const unsigned char *p, size_t len)
{
	struct ltt_buffer_header bh;
	size_t o;

	if (len < sizeof(bh))
		return;
	memcpy(&bh, p, sizeof(bh));
	for (o = sizeof(bh); o + sizeof(struct ltt_record_header) <= len;) {
		struct ltt_record_header r;

		memcpy(&r, p + o, sizeof(r));
		if (r.size < sizeof(r) || r.size % LTT_REC_ALIGN || r.size > len - o)
			break;
		if (r.id != LTT_EV_TIME_EXT) {
			li->total++;
			if (r.id < 64)
				li->by_event[r.id]++;
			else
				li->by_event_high[r.id - 64]++;
		}
		o += r.size;
	}
}

static int copy_file(int from_dirfd, const char *name, int to_dirfd)
{
	char buf[65536];
	int in = openat(from_dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	int out, err = 0;
	off_t off = 0;
	ssize_t n;

	if (in < 0)
		return errno;
	out = openat(to_dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (out < 0) {
		err = errno;
		close(in);
		return err;
	}
	while (!err && (n = read(in, buf, sizeof(buf))) > 0) {
		err = write_at(out, buf, (size_t)n, off);
		off += n;
	}
	close(in);
	if (close(out) < 0 && !err)
		err = errno;
	return err;
}

/*
 * The ring as DIR/snapshot-N: header (first, incomplete), lost (its room
 * taken before the events), proc (the trace's), events; then the lost
 * counts and the header, in place, complete if every buffer was written.
 */
static void snapshot(struct audit *a, struct lttr_snapshot_info *si, char *name, size_t size)
{
	struct ltt_trace_header h = a->h;
	struct ltt_lost_info *lost;
	const struct rbuf *b;
	int dfd = -1, hfd = -1, lfd = -1, efd = -1, err = 0;
	size_t lsize = a->ncpus * sizeof(*lost);
	off_t off = 0;
	unsigned int c;

	snprintf(name, size, "snapshot-%u", ++a->nsnap);
	si->dir = name;
	si->complete = false;
	lost = calloc(a->ncpus, sizeof(*lost));
	if (!lost) {
		msg_err("%s/%s: out of memory", a->dir, name);
		return;
	}
	for (c = 0; c < a->ncpus; c++)
		lost[c].cpu = c;
	h.flags &= ~(uint32_t)LTT_TRACE_COMPLETE;
	h.flags |= LTT_TRACE_FLIGHT | LTT_TRACE_BUFFERS;
	h.end_ns = 0;
	for (b = a->head; b; b = b->next) {
		struct ltt_buffer_header bh;

		if (b->len >= sizeof(bh)) {
			memcpy(&bh, b->data, sizeof(bh));
			if (bh.end_ns > h.end_ns)
				h.end_ns = bh.end_ns;
		}
	}
	if (h.end_ns < h.start_ns)
		h.end_ns = h.start_ns;
	if (mkdirat(a->dirfd, name, 0700) < 0 ||
	    (dfd = openat(a->dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)) < 0) {
		msg_err("cannot create %s/%s: %s", a->dir, name, strerror(errno));
		free(lost);
		return;
	}
	hfd = openat(dfd, "header", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (hfd < 0 || (err = write_at(hfd, &h, sizeof(h), 0)) != 0)
		goto fail;
	lfd = openat(dfd, "lost", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (lfd < 0 || (err = write_at(lfd, lost, lsize, 0)) != 0)
		goto fail;
	err = copy_file(a->dirfd, "proc", dfd);
	if (err)
		msg_warn("%s/%s: the process snapshot could not be copied: %s", a->dir, name,
			 strerror(err));
	efd = openat(dfd, "events", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (efd < 0)
		goto fail;
	err = 0;
	for (b = a->head; b; b = b->next) {
		struct ltt_buffer_header bh;

		memcpy(&bh, b->data, b->len < sizeof(bh) ? b->len : sizeof(bh));
		if (!err)
			err = write_at(efd, b->data, b->len, off);
		if (!err) {
			off += (off_t)b->len;
			si->buffers++;
			if (b->len >= sizeof(bh) && bh.cpu < a->ncpus)
				lost[bh.cpu].buffers++;
		} else if (b->len >= sizeof(bh) && bh.cpu < a->ncpus) {
			/* the disk is full: this buffer's events are dropped, counted */
			count_dropped(&lost[bh.cpu], b->data, b->len);
		}
	}
	if (err && ftruncate(efd, off) < 0)
		msg_warn("%s/%s/events: cannot cut the partial buffer: %s", a->dir, name,
			 strerror(errno));
	for (c = 0; c < a->ncpus; c++)
		si->dropped_events += lost[c].total;
	if (err)
		msg_warn("%s/%s: %s: the snapshot is incomplete, %" PRIu64 " events of the "
			 "buffers not written counted lost; the trace goes on", a->dir, name,
			 strerror(err), si->dropped_events);
	/* in place: the room of both was taken before the events */
	if (write_at(lfd, lost, lsize, 0) != 0 || fsync(efd) < 0)
		err = err ? err : EIO;
	if (!err)
		h.flags |= LTT_TRACE_COMPLETE;
	if (write_at(hfd, &h, sizeof(h), 0) != 0)
		err = err ? err : EIO;
	si->complete = !err;
	goto out;
fail:
	if (!err)
		err = errno;
	msg_warn("%s/%s: %s: the snapshot is incomplete; the trace goes on", a->dir, name,
		 strerror(err));
out:
	if (efd >= 0)
		close(efd);
	if (lfd >= 0)
		close(lfd);
	if (hfd >= 0)
		close(hfd);
	close(dfd);
	free(lost);
}

static void act_due(struct audit *a, int all);
static void heavy_poll(struct audit *a, int all);

/* ---- notify ---------------------------------------------------------------- */

static void notify_start(struct audit *a, const char *cmd, const char *json, size_t len,
			 unsigned int seq)
{
	int pfd[2];
	pid_t pid;

	if (a->nnotify == MAX_NOTIFY) {
		msg_warn("notify of firing %u not run: %d commands still running", seq, MAX_NOTIFY);
		return;
	}
	if (pipe2(pfd, O_CLOEXEC) < 0) {
		msg_warn("notify of firing %u: pipe: %s", seq, strerror(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		msg_warn("notify of firing %u: fork: %s", seq, strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return;
	}
	if (pid == 0) {
		sigset_t none;

		setpgid(0, 0);	/* its own group: killed whole at the timeout */
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		if (dup2(pfd[0], 0) < 0)
			_exit(127);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	close(pfd[0]);
	/* a firing is far smaller than a pipe's buffer: never blocks */
	if (write(pfd[1], json, len) != (ssize_t)len)
		msg_warn("notify of firing %u: its standard input was not written whole", seq);
	close(pfd[1]);
	a->notify[a->nnotify++] = (struct notify){
		.pid = pid, .deadline = now_ns() + a->o->notify_timeout_ns, .seq = seq,
	};
}

static void log_notify(struct audit *a, const struct notify *n, int status, int killed)
{
	if (!a->log)
		return;
	fprintf(a->log, "{\"notify\":%u,\"killed\":%s,\"exit\":", n->seq,
		killed ? "true" : "false");
	if (!killed && WIFEXITED(status))
		fprintf(a->log, "%d", WEXITSTATUS(status));
	else
		fputs("null", a->log);
	fputs("}\n", a->log);
	if (fflush(a->log) == EOF)
		a->log_failed = 1;
}

void audit_poll(struct audit *a)
{
	size_t i;

	if (!a)
		return;
	act_due(a, 0);
	heavy_poll(a, 0);
	for (i = 0; i < a->nnotify;) {
		struct notify *n = &a->notify[i];
		int status = 0, killed = 0;
		pid_t r = waitpid(n->pid, &status, WNOHANG);

		if (r == 0 && now_ns() >= n->deadline) {
			kill(-n->pid, SIGKILL);
			kill(n->pid, SIGKILL);
			while ((r = waitpid(n->pid, &status, 0)) < 0 && errno == EINTR)
				;
			killed = 1;
			msg_warn("notify of firing %u still running after its timeout: killed",
				 n->seq);
		}
		if (r == 0) {
			i++;
			continue;
		}
		if (!killed && r == n->pid && (!WIFEXITED(status) || WEXITSTATUS(status)))
			msg_warn("notify of firing %u failed (status 0x%x)", n->seq, status);
		log_notify(a, n, status, killed);
		a->notify[i] = a->notify[--a->nnotify];
	}
}

/* ---- the rules ------------------------------------------------------------ */

/* the actions of firing @seq, its snapshot written now */
static void act(struct audit *a, const struct lttr_firing *f, unsigned int seq)
{
	struct lttr_snapshot_info si = { 0 };
	char name[32], *json = NULL;
	size_t len = 0;
	FILE *m;

	/* a snapshot takes time: a heavy logging due ends before it */
	heavy_poll(a, 0);
	if (f->actions & LTTR_ACT_SNAPSHOT)
		snapshot(a, &si, name, sizeof(name));
	m = open_memstream(&json, &len);
	if (m) {
		lttr_firing_json(f, seq, (f->actions & LTTR_ACT_SNAPSHOT) ? &si : NULL, m);
		fclose(m);
	}
	if (!json) {
		msg_err("firing %u: out of memory", seq);
		return;
	}
	if (a->log && (fwrite(json, 1, len, a->log) != len || fflush(a->log) == EOF))
		a->log_failed = 1;
	msg_info("rule on line %u fired (firing %u)%s%s", f->line, seq,
		 (f->actions & LTTR_ACT_SNAPSHOT) ? ": " : "",
		 (f->actions & LTTR_ACT_SNAPSHOT) ? name : "");
	if ((f->actions & LTTR_ACT_NOTIFY) && f->notify)
		notify_start(a, f->notify, json, len, seq);
	if (f->actions & LTTR_ACT_STOP)
		a->stop = 1;
	if ((f->actions & LTTR_ACT_LOG) && (f->actions & LTTR_ACT_SNAPSHOT) && !a->stop)
		heavy_start(a, f, seq, name);
	free(json);
}

/* the pending firings due (all of them with @all) */
static void act_due(struct audit *a, int all)
{
	uint64_t now = now_ns();
	size_t i = 0;

	while (i < a->npending) {
		struct pending *p = &a->pending[i];

		if (!all && now < p->due) {
			i++;
			continue;
		}
		act(a, &p->f, p->seq);
		memmove(p, p + 1, (a->npending - i - 1) * sizeof(*p));
		a->npending--;
	}
}

/*
 * A firing.  With a snapshot, its actions wait two flush intervals (the
 * rules' 100 ms without --flush-interval): the other CPUs' buffers of the
 * moment before it are still in the module when it fires.
 */
static void on_fire(void *arg, const struct lttr_firing *f)
{
	struct audit *a = arg;
	struct pending *p;
	uint64_t flush_ns = (uint64_t)(a->o->flush_ms ? a->o->flush_ms : DEFAULT_RULES_FLUSH_MS) *
			    1000000ULL;

	a->seq++;
	if (!(f->actions & LTTR_ACT_SNAPSHOT)) {
		act(a, f, a->seq);
		return;
	}
	if (a->npending == MAX_PENDING) {
		/* too many waiting: the oldest is written now */
		act(a, &a->pending[0].f, a->pending[0].seq);
		a->npending--;
		memmove(a->pending, a->pending + 1, a->npending * sizeof(*a->pending));
	}
	p = &a->pending[a->npending++];
	p->f = *f;
	snprintf(p->comm, sizeof(p->comm), "%s", f->comm ? f->comm : "");
	snprintf(p->key, sizeof(p->key), "%s", f->key ? f->key : "");
	p->f.comm = f->comm ? p->comm : NULL;
	p->f.key = p->key;
	p->seq = a->seq;
	p->due = now_ns() + 2 * flush_ns;
}

static int by_time(const void *x, const void *y)
{
	const struct lttr_event *a = x, *b = y;

	if (a->time_ns != b->time_ns)
		return a->time_ns < b->time_ns ? -1 : 1;
	return (a->cpu > b->cpu) - (a->cpu < b->cpu);
}

int audit_batch(struct audit *a)
{
	struct lttr_filter_ctx ctx;
	const struct rbuf *b;
	size_t i;

	if (!a)
		return 0;
	for (b = a->batch; b; b = b->next)
		decode(a, b);
	/* the CPUs' records in time order (stable enough: by time, then CPU) */
	qsort(a->ev, a->nev, sizeof(*a->ev), by_time);
	ctx = (struct lttr_filter_ctx){ .comm = comm_of, .arg = a };
	for (i = 0; i < a->nev; i++) {
		learn(a, &a->ev[i]);
		lttr_rules_feed(a->o->rules, &ctx, &a->ev[i], on_fire, a);
	}
	a->nev = 0;
	a->batch = NULL;
	/* the ring as it is when a pending firing's snapshot is due */
	act_due(a, 0);
	evict(a);
	audit_poll(a);
	return a->stop;
}

struct audit *audit_open(const struct options *o, int dirfd, const char *dir,
			 const struct ltt_trace_header *h, unsigned int ncpus, int *failed)
{
	struct audit *a;
	int fd;

	if (!o->rules)
		return NULL;
	a = calloc(1, sizeof(*a));
	if (!a) {
		msg_err("out of memory for the rules");
		*failed = 1;
		return NULL;
	}
	a->o = o;
	a->dirfd = dirfd;
	a->dir = dir;
	a->h = *h;
	a->ncpus = ncpus;
	a->cpu_end = calloc(ncpus ? ncpus : 1, sizeof(*a->cpu_end));
	if (!a->cpu_end) {
		msg_err("out of memory for the rules");
		free(a);
		*failed = 1;
		return NULL;
	}
	fd = openat(dirfd, "firings.jsonl", O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC |
		    O_NOFOLLOW, 0600);
	if (fd >= 0)
		a->log = fdopen(fd, "a");
	if (!a->log) {
		msg_err("cannot create %s/firings.jsonl: %s", dir, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(a->cpu_end);
		free(a);
		*failed = 1;
		return NULL;
	}
	return a;
}

int audit_close(struct audit *a)
{
	struct lttr_rules_stats st;
	int ret;

	if (!a)
		return 0;
	audit_batch(a);
	act_due(a, 1);	/* every buffer is in: the snapshots due now */
	heavy_poll(a, 1);
	while (a->nnotify) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };

		audit_poll(a);
		if (a->nnotify)
			nanosleep(&ts, NULL);
	}
	lttr_rules_stats(a->o->rules, &st);
	if (st.unpaired || st.keys_over || st.samples_dropped || a->bad_records)
		msg_info("rules: %" PRIu64 " ends without their start, %" PRIu64 " events over "
			 "the keys, %" PRIu64 " samples dropped, %" PRIu64 " records not decoded",
			 st.unpaired, st.keys_over, st.samples_dropped, a->bad_records);
	ret = fclose(a->log) == EOF || a->log_failed ? -1 : 0;
	while (a->head) {
		struct rbuf *b = a->head;

		a->head = b->next;
		free(b);
	}
	free(a->ev);
	free(a->cpu_end);
	free(a);
	return ret;
}
