// SPDX-License-Identifier: GPL-2.0
/* audit.c - the trigger rules while tracing (audit.h, docs/triggers.md) */
#include "audit.h"
#include "device.h"
#include "device-sys.h"
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
#define HEAVY_CLOSE_MAX_NS	(5ULL * 1000000000ULL)	/* a quiet CPU waited for at most */
/*
 * A buffer of the snapshot ring: where it is in the events file (the
 * trace's stream of buffers), read back from there by a snapshot.  The
 * ring holds no copy of the records: a copy of every buffer was 11 % of
 * the getppid loop's time in the guest with one rule armed, and the
 * trace's own file already holds them (docs/benchmarks.md, "Trigger
 * conditions evaluated in the module").
 */
struct rbuf {
	struct rbuf *next;
	uint64_t off;		/* its first byte's offset in the events file */
	size_t len;
	uint64_t end_ns;	/* its header's (0: no header) */
	uint32_t cpu;		/* its header's */
	size_t unfed;		/* its events not yet fed to the rules */
	/* not in the events file (its write failed): its records, counted */
	struct ltt_lost_info *unwritten;
};

/* an event decoded, waiting for every CPU to pass its time */
struct pev {
	struct lttr_event ev;	/* ev.var: a copy of its own (malloc), or NULL */
	struct rbuf *b;		/* its buffer */
	uint64_t order;		/* decoding order: equal times keep it per CPU */
};

/*
 * A CPU's events decoded and not fed yet, ev[head] to ev[n - 1] in
 * decoding order; unsorted once one came before the one decoded before
 * it (a damaged time), then sorted before the next merge
 */
struct cpuq {
	struct pev *ev;
	size_t head, n, cap;
	uint64_t last;
	int unsorted;
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

/* an instance of the rule's event in a heavy logging's sample */
struct sampled {
	struct lttr_firing f;	/* its comm in @comm; no key, side, local, peer */
	bool matched;
	char comm[64];
};

/*
 * The heavy logging of one firing (log top(N) for D [or C events] [or M
 * matched + U unmatched]): on from from_ns until deadline, C events or
 * its sample taken (M instances of the firing's rule that match its
 * condition and U that do not, fed from from_ns on); then closing,
 * counting the records of [from_ns, to_ns) that were still in the module,
 * and the sample's instances before to_ns, until due.
 */
enum heavy_state { HEAVY_OFF, HEAVY_ON, HEAVY_CLOSING };

struct heavy {
	enum heavy_state state;
	unsigned int seq;
	uint64_t from_ns, to_ns, off_ns, deadline, due;
	uint64_t max_events, events;
	unsigned int rule;		/* the firing's */
	unsigned int mgoal, ugoal;	/* M and U (0: no sample) */
	uint32_t mppm, uppm;		/* "at P%" of each, ppm */
	unsigned int nm, nu;		/* in the sample */
	uint64_t mseen, useen;		/* instances drawn from, of each */
	struct sampled *inst;		/* them, in time order: mgoal + ugoal at most */
	const char *ended;
	char why[LTTR_ERRMSG_MAX];	/* why the blame could not rank */
	size_t n;
	struct party p[LTT_HEAVY_PIDS_MAX];
};

struct audit {
	const struct options *o;
	int dirfd;
	const char *dir;
	int snapfd;		/* where the snapshots go: --snapshot-dir, else dirfd */
	const char *snaproot;	/* --snapshot-dir (absolute), or NULL */
	char base[256];		/* the trace directory's last component */
	char why[8704];		/* why the last snapshot is incomplete */
	struct ltt_trace_header h;
	unsigned int ncpus;
	FILE *log;
	int log_failed;
	/* the ring: oldest first */
	struct rbuf *head, *tail;
	uint64_t bytes;
	/* reads the events file back (audit_set_reader()) */
	size_t (*read)(void *arg, uint64_t off, void *dst, size_t len);
	int (*copy)(void *arg, uint64_t off, size_t len, int fd, uint64_t to);
	void *read_arg;
	unsigned char *scratch;	/* a buffer read back */
	size_t scratch_size;
	uint64_t evicted;
	/* the events decoded and not fed yet, a queue per CPU (its records
	   come in time order: merged, not sorted; see merge()) */
	struct cpuq *q;
	uint64_t order;
	/* the ids decoded while no heavy logging is on: the rules' own
	   (lttr_rules_ids()), the names' (learn()) and the tasks' (pid) */
	struct ltt_event_mask need;
	int need_none;		/* the rules read none: only the buffers' headers */
	/* per CPU: the end of its last buffer (every later event of it is at
	   or after it), whether one came */
	uint64_t *cpu_end;
	unsigned char *cpu_seen;
	uint64_t fed;		/* every event before it was fed */
	uint64_t late;		/* events before it that came after: not fed */
	uint64_t bad_records;
	struct comm comms[NCOMMS];
	unsigned int seq, nsnap;
	struct notify notify[MAX_NOTIFY];
	size_t nnotify;
	int stop;
	struct device *dev;	/* for the heavy logging, or NULL */
	struct heavy heavy;
	/* the rules the module evaluates (audit_arm()): trigger k is rule trig_rule[k] */
	unsigned int trig_rule[LTT_TRIGGERS_MAX];
	unsigned int ntrig;
	/* their hits not fed yet, in time order */
	struct ltt_trig_hit *hits;
	size_t hhead, nhits, hcap;
	uint64_t hits_lost;	/* the module's rings could not keep them (its count) */
	uint64_t hits_nomem;	/* taken, but no memory to keep them here */
	int hits_failed;	/* LTT_IOC_GET_HITS failed: said once */
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

/* the names the trace gives: fork (the parent's), exec (the file's), kthread_create, task_rename */
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
	case LTT_EV_TASK_RENAME:
		if (ev->var && ev->var_len)
			set_comm(a, ev->p.task_rename.pid, ev->var, strnlen(ev->var, ev->var_len));
		break;
	default:
		break;
	}
}

/* the ids decoded besides the rules': time, the tasks' pids, their names */
static const unsigned int need_ids[] = {
	LTT_EV_TIME_EXT, LTT_EV_SCHEDCHANGE, LTT_EV_TRACE_START,
	LTT_EV_PROCESS_FORK, LTT_EV_PROCESS_EXEC, LTT_EV_KTHREAD_CREATE,
	LTT_EV_TASK_RENAME,
};

/* every id a record header can hold is in a mask */
_Static_assert(sizeof(((struct ltt_record_header *)0)->id) == 1 && LTT_EV_MAX >= 256,
	       "a record's id indexes struct ltt_event_mask");

static bool ltt_mask_has(const struct ltt_event_mask *m, unsigned int id)
{
	return m->bits[id / 64] >> (id % 64) & 1;
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

/* an instance of rule @rule at @t: for the sample of the logging on? */
static bool sample_want(void *arg, unsigned int rule, uint64_t t, bool matched)
{
	struct heavy *h = &((struct audit *)arg)->heavy;

	if (h->state == HEAVY_OFF || !h->mgoal || !h->inst || rule != h->rule ||
	    t < h->from_ns || (h->state == HEAVY_CLOSING && t >= h->to_ns))
		return false;
	/* each instance while its kind is short, drawn at its probability */
	if (matched ? h->nm >= h->mgoal : h->nu >= h->ugoal)
		return false;
	if (matched)
		h->mseen++;
	else
		h->useen++;
	return lttr_log_sample_pick(h->seq, t, matched ? h->mppm : h->uppm);
}

/* the instance sample_want() wanted, kept */
static void sample_keep(void *arg, const struct lttr_firing *f, bool matched)
{
	struct heavy *h = &((struct audit *)arg)->heavy;
	struct sampled *s;

	if (h->nm + h->nu >= h->mgoal + h->ugoal)
		return;
	s = &h->inst[h->nm + h->nu];
	s->f = *f;
	s->matched = matched;
	snprintf(s->comm, sizeof(s->comm), "%s", f->comm ? f->comm : "");
	s->f.comm = f->comm ? s->comm : NULL;
	s->f.key = s->f.side = s->f.local = s->f.peer = NULL;
	if (matched)
		h->nm++;
	else
		h->nu++;
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
		char path[8200];

		if (snapdir[0] == '/')	/* --snapshot-dir */
			snprintf(path, sizeof(path), "%s", snapdir);
		else
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
	/* their packets, when above the session's (0: the session's) */
	set.capture = n && a->o->heavy_capture > a->o->capture_len ? a->o->heavy_capture : 0;
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
		",\"off_ns\":%" PRIu64 ",\"ended\":\"%s\",\"why\":", h->seq, h->from_ns,
		h->to_ns, h->off_ns, h->ended);
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
	fputc(']', a->log);
	if (h->mgoal && h->inst) {
		fprintf(a->log, ",\"sample\":{\"matched_goal\":%u,\"unmatched_goal\":%u,"
			"\"matched_ppm\":%" PRIu32 ",\"unmatched_ppm\":%" PRIu32 ","
			"\"matched_seen\":%" PRIu64 ",\"unmatched_seen\":%" PRIu64 ","
			"\"matched\":%u,\"unmatched\":%u,\"instances\":[", h->mgoal, h->ugoal,
			h->mppm, h->uppm, h->mseen, h->useen, h->nm, h->nu);
		for (i = 0; i < h->nm + h->nu; i++) {
			if (i)
				fputc(',', a->log);
			if (lttr_instance_json(&h->inst[i].f, h->inst[i].matched, a->log) < 0)
				a->log_failed = 1;
		}
		fputs("]}", a->log);
	}
	fputs("}\n", a->log);
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
	h->rule = f->rule;
	h->mgoal = f->log.matched;
	h->ugoal = f->log.unmatched;
	h->mppm = f->log.matched_ppm;
	h->uppm = f->log.unmatched_ppm;
	h->nm = h->nu = 0;
	h->mseen = h->useen = 0;
	free(h->inst);
	h->inst = NULL;
	if (h->mgoal && !(h->inst = calloc(h->mgoal + h->ugoal, sizeof(*h->inst))))
		msg_warn("firing %u: out of memory for the sample: none taken", seq);
	if (!h->n || heavy_set(a, h->n) < 0) {
		free(h->inst);
		h->inst = NULL;
		h->from_ns = h->to_ns = h->off_ns = now_ns();
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
	if (h->inst)
		msg_info("firing %u: or until a sample of %u matched (at %g %%) + %u unmatched "
			 "(at %g %%)", seq, h->mgoal, h->mppm / 1e4, h->ugoal, h->uppm / 1e4);
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

	bool sampled = h->inst && h->nm >= h->mgoal && h->nu >= h->ugoal;

	if (h->state == HEAVY_ON && (all || now >= h->deadline || sampled ||
				     (h->max_events && h->events >= h->max_events))) {
		h->ended = h->max_events && h->events >= h->max_events ? "events" :
			   sampled ? "sample" : now >= h->deadline ? "time" : "stop";
		/*
		 * The end of the window is taken before the set is emptied:
		 * up to then every event of the set had it.  The ioctl
		 * returns once the module's writers that may still read the
		 * set are done (synchronize_rcu()): about 20 ms under TCG,
		 * during which the logged tasks' events had no stacks; taken
		 * after it, to_ns counted them in the window (883 of 50427
		 * syscall entries in tests/guest/37-triggers.t, 2026-11-30).
		 */
		h->to_ns = now_ns();
		if (heavy_set(a, 0) < 0)
			h->ended = "not switched off";
		h->off_ns = now_ns();	/* from then on, no event has the set */
		h->due = h->to_ns + 2 * flush_ns;
		h->state = HEAVY_CLOSING;
	}
	/* every event before to_ns fed too: the sample's instances are in */
	if (h->state == HEAVY_CLOSING &&
	    (all || (now >= h->due && cpus_passed(a, h->to_ns) && a->fed >= h->to_ns) ||
	     now >= h->to_ns + HEAVY_CLOSE_MAX_NS)) {
		heavy_line(a);
		h->state = HEAVY_OFF;
		free(h->inst);
		h->inst = NULL;
	}
}

void audit_set_reader(struct audit *a,
		      size_t (*read)(void *arg, uint64_t off, void *dst, size_t len),
		      int (*copy)(void *arg, uint64_t off, size_t len, int fd, uint64_t to),
		      void *arg)
{
	if (!a)
		return;
	a->read = read;
	a->copy = copy;
	a->read_arg = arg;
}

void audit_set_device(struct audit *a, struct device *dev)
{
	if (a)
		a->dev = dev;
}

/* ---- the rules the module evaluates --------------------------------------- */

/* the events trigger @t reads recorded with their details, and the switches? */
static bool trig_recorded(const struct ltt_trigger *t, const struct ltt_event_mask *mask,
			  const struct ltt_event_mask *details)
{
	unsigned int ids[2], n = 0;

	if (t->on == LTT_TRIG_ON_SYSCALL_EXIT) {
		ids[n++] = LTT_EV_SYSCALL_ENTRY;
		ids[n++] = LTT_EV_SYSCALL_EXIT;
	} else if (t->on == LTT_TRIG_ON_WAKEUP) {
		ids[n++] = LTT_EV_PROCESS_WAKEUP;
		ids[n++] = LTT_EV_SCHEDCHANGE;
	} else {
		ids[n++] = t->on == LTT_TRIG_ON_EXIT ? LTT_EV_PROCESS_EXIT : LTT_EV_SIGNAL_DELIVER;
	}
	for (unsigned int i = 0; i < n; i++)
		if (!ltt_mask_has(mask, ids[i]) || !ltt_mask_has(details, ids[i]))
			return false;
	/* the switches: a task's entry is moved aside when it leaves its CPU */
	return t->on != LTT_TRIG_ON_SYSCALL_EXIT || ltt_mask_has(mask, LTT_EV_SCHEDCHANGE);
}

void audit_arm(const struct options *o, struct device *dev, const struct ltt_event_mask *mask,
	       const struct ltt_event_mask *details)
{
	struct ltt_trigger_set set;
	size_t i, n = o->rules ? lttr_rules_count(o->rules) : 0;

	if (!n || o->rules_in_daemon)
		return;
	memset(&set, 0, sizeof(set));
	for (i = 0; i < n && set.count < LTT_TRIGGERS_MAX; i++) {
		struct ltt_trigger t;

		if (lttr_rules_module(o->rules, i, &t) && trig_recorded(&t, mask, details))
			set.trig[set.count++] = t;
	}
	if (!set.count)
		return;
	if (devsys_ioctl(dev->fd, LTT_IOC_SET_TRIGGERS, &set) < 0) {
		msg_warn("%s refused the rules' conditions (LTT_IOC_SET_TRIGGERS: %s%s): every rule "
			 "is evaluated here", dev->path, strerror(errno),
			 errno == ENOTTY ? ", a module older than this traced" : "");
		return;
	}
	for (i = 0, set.count = 0; i < n && set.count < LTT_TRIGGERS_MAX; i++) {
		struct ltt_trigger t;

		if (lttr_rules_module(o->rules, i, &t) && trig_recorded(&t, mask, details)) {
			lttr_rules_set_module(o->rules, i);
			set.count++;
		}
	}
	msg_info("rules: %u of %zu evaluated in the module", set.count, n);
}

/* the module's hits since the last call, into a->hits in time order */
static void fetch_hits(struct audit *a)
{
	struct ltt_trig_hit buf[LTT_TRIG_RING];
	struct ltt_trig_hits req;

	if (!a->ntrig || !a->dev || a->hits_failed)
		return;
	do {
		memset(&req, 0, sizeof(req));
		req.room = LTT_TRIG_RING;
		req.hits = (uint64_t)(uintptr_t)buf;
		if (devsys_ioctl(a->dev->fd, LTT_IOC_GET_HITS, &req) < 0) {
			msg_err("%s: LTT_IOC_GET_HITS: %s: the rules evaluated in the module "
				"fire no more", a->dev->path, strerror(errno));
			a->hits_failed = 1;
			return;
		}
		a->hits_lost = req.lost + a->hits_nomem;
		if (a->hhead && a->hhead == a->nhits)
			a->hhead = a->nhits = 0;
		for (uint32_t k = 0; k < req.count && k < LTT_TRIG_RING; k++) {
			size_t j;

			if (a->nhits == a->hcap) {
				size_t cap = a->hcap ? 2 * a->hcap : 64;
				struct ltt_trig_hit *h = realloc(a->hits, cap * sizeof(*h));

				if (!h) {
					a->hits_nomem++;
					a->hits_lost++;
					continue;
				}
				a->hits = h;
				a->hcap = cap;
			}
			/* each CPU's come in time order; the CPUs' interleave */
			for (j = a->nhits; j > a->hhead && a->hits[j - 1].time_ns > buf[k].time_ns; j--)
				a->hits[j] = a->hits[j - 1];
			a->hits[j] = buf[k];
			a->nhits++;
		}
	} while (req.count == LTT_TRIG_RING);
}

/* the oldest hit not fed, if before @w (or any, @all) and not after @t */
static const struct ltt_trig_hit *next_hit(const struct audit *a, uint64_t w, int all, uint64_t t)
{
	const struct ltt_trig_hit *h;

	if (a->hhead == a->nhits)
		return NULL;
	h = &a->hits[a->hhead];
	if ((!all && h->time_ns >= w) || h->time_ns > t)
		return NULL;
	return h;
}

static void on_fire(void *arg, const struct lttr_firing *f);

/* hit @h to its rule */
/* the names a hit's condition reads: its task's as the module gave it */
struct hit_names {
	struct audit *a;
	uint32_t pid;
	char comm[sizeof(((struct ltt_trig_hit *)0)->comm) + 1];
};

static const char *hit_comm(void *arg, uint32_t pid, uint64_t t)
{
	struct hit_names *x = arg;

	if (pid == x->pid && x->comm[0])
		return x->comm;
	return comm_of(x->a, pid, t);
}

static void feed_hit(struct audit *a, const struct lttr_filter_ctx *ctx,
		     const struct ltt_trig_hit *h)
{
	struct hit_names x = { .a = a, .pid = h->pid };
	struct lttr_filter_ctx hctx = *ctx;

	if (h->trigger >= a->ntrig)
		return;
	memcpy(x.comm, h->comm, sizeof(h->comm));
	x.comm[sizeof(h->comm)] = '\0';
	if (x.comm[0])
		set_comm(a, h->pid, x.comm, strlen(x.comm));
	hctx.comm = hit_comm;
	hctx.arg = &x;
	lttr_rules_hit(a->o->rules, &hctx, a->trig_rule[h->trigger], h, on_fire, a);
}

/* ---- the ring and the events --------------------------------------------- */

/* an event's own copy of its variable part (pointing into its buffer) */
static int own_var(struct lttr_event *ev)
{
	char *v;

	if (!ev->var || !ev->var_len) {
		ev->var = NULL;
		return 0;
	}
	v = malloc(ev->var_len);
	if (!v)
		return -1;
	memcpy(v, ev->var, ev->var_len);
	ev->var = v;
	return 0;
}

/* decode the records of buffer @b (its bytes at @data) into the events not fed yet */
static void decode(struct audit *a, struct rbuf *b, const unsigned char *data)
{
	struct ltt_buffer_header bh;
	struct cpuq *q;
	uint64_t base;
	uint32_t pid;
	size_t o;

	if (b->len < sizeof(bh))
		return;
	memcpy(&bh, data, sizeof(bh));
	if (bh.magic != LTT_BUFFER_MAGIC || sizeof(bh) + (size_t)bh.data_size != b->len ||
	    bh.cpu >= a->ncpus)
		return;
	/*
	 * Events lost on the CPU since its last buffer: no latency the rules
	 * measure spans them (lttr_rules_gap(); without memory, counted as
	 * a record not decoded)
	 */
	if (bh.lost && lttr_rules_gap(a->o->rules, a->cpu_seen[bh.cpu] ? a->cpu_end[bh.cpu] :
				      a->h.start_ns, bh.start_ns) < 0)
		a->bad_records++;
	/* the CPU has passed its end: its later records are not before it */
	if (!a->cpu_seen[bh.cpu] || bh.end_ns > a->cpu_end[bh.cpu])
		a->cpu_end[bh.cpu] = bh.end_ns;
	a->cpu_seen[bh.cpu] = 1;
	if (a->need_none && a->heavy.state == HEAVY_OFF)
		return;
	base = bh.start_ns;
	pid = bh.pid;
	q = &a->q[bh.cpu];
	for (o = sizeof(bh); o < b->len;) {
		struct ltt_record_header rh;
		struct lttr_event *ev;

		/*
		 * A record no rule reads is stepped over by its size, not
		 * decoded, while no heavy logging counts every record (2 M
		 * gen-big events, one rule on fork: 0.76 s of CPU instead of
		 * 1.24 s); a bad size is left to lttr_record_decode() to say.
		 */
		if (a->heavy.state == HEAVY_OFF && b->len - o >= sizeof(rh)) {
			memcpy(&rh, data + o, sizeof(rh));
			if (!ltt_mask_has(&a->need, rh.id) &&
			    rh.size >= sizeof(rh) && rh.size % LTT_REC_ALIGN == 0 &&
			    rh.size <= b->len - o) {
				o += rh.size;
				continue;
			}
		}

		/* decoded in place, kept by counting it (q->n++) */
		if (q->n == q->cap) {
			size_t cap = q->cap ? 2 * q->cap : 1024;
			struct pev *n = realloc(q->ev, cap * sizeof(*n));

			if (!n) {
				a->bad_records++;
				return;
			}
			q->ev = n;
			q->cap = cap;
		}
		ev = &q->ev[q->n].ev;
		memset(ev, 0, sizeof(*ev));
		if (lttr_record_decode(data + o, b->len - o, ev, NULL, 0) < 0) {
			/* the buffer's records from here unknown: a gap to its end */
			a->bad_records++;
			if (lttr_rules_gap(a->o->rules, q->n > q->head ? q->last : base,
					   bh.end_ns) < 0)
				a->bad_records++;
			break;
		}
		o += ev->size;
		if (ev->id == LTT_EV_TIME_EXT) {
			if (ev->details)
				base = ev->p.time_ext.base_ns;
			continue;
		}
		ev->time_ns += base;
		ev->cpu = bh.cpu;
		ev->pid = pid;
		if (ev->id == LTT_EV_SCHEDCHANGE && ev->details) {
			ev->pid = ev->p.schedchange.prev_pid;
			pid = ev->p.schedchange.next_pid;
		} else if (ev->id == LTT_EV_TRACE_START && ev->details) {
			pid = ev->p.trace_start.pid;
			ev->pid = pid;
		}
		heavy_count(a, ev);
		if (ev->time_ns < a->fed) {
			/* a CPU's record before a time every CPU had passed */
			a->late++;
			/*
			 * Not evaluated: a switch-in skipped would leave its
			 * task's wakeup to pair with a later one.  Every start
			 * kept is forgotten at the next event (the gap at the
			 * time passed: told in time, not a late gap).
			 */
			if (lttr_rules_gap(a->o->rules, a->fed, a->fed) < 0)
				a->bad_records++;
			continue;
		}
		if (own_var(ev) < 0) {
			a->bad_records++;	/* no memory: not evaluated */
			if (lttr_rules_gap(a->o->rules, ev->time_ns, ev->time_ns) < 0)
				a->bad_records++;
			continue;
		}
		if (q->n > q->head && ev->time_ns < q->last)
			q->unsorted = 1;
		q->last = ev->time_ns;
		q->ev[q->n].b = b;
		q->ev[q->n].order = a->order++;
		q->n++;
		b->unfed++;
	}
}

static void count_dropped(struct ltt_lost_info *li, const unsigned char *p, size_t len);

void audit_buffer(struct audit *a, const void *p, size_t len, uint64_t off)
{
	struct ltt_buffer_header bh;
	struct rbuf *b;

	if (!a)
		return;
	b = calloc(1, sizeof(*b));
	if (!b) {
		a->evicted++;
		return;
	}
	b->off = off;
	b->len = len;
	if (len >= sizeof(bh)) {
		memcpy(&bh, p, sizeof(bh));
		b->end_ns = bh.end_ns;
		b->cpu = bh.cpu;
	}
	if (a->tail)
		a->tail->next = b;
	else
		a->head = b;
	a->tail = b;
	a->bytes += len;
	decode(a, b, p);
}

void audit_unwritten(struct audit *a, const void *p, size_t len)
{
	struct rbuf *b = a ? a->tail : NULL;

	if (!b || b->len != len || b->unwritten)
		return;
	b->unwritten = calloc(1, sizeof(*b->unwritten));
	if (b->unwritten)
		count_dropped(b->unwritten, p, len);
}

static void rbuf_free(struct rbuf *b)
{
	free(b->unwritten);
	free(b);
}

/*
 * the oldest buffers out of the ring, down to its size (not those from
 * the first with events not fed yet)
 */
static void evict(struct audit *a)
{
	while (a->head && a->head != a->tail && !a->head->unfed &&
	       a->bytes > a->o->snapshot_size) {
		struct rbuf *b = a->head;

		a->head = b->next;
		a->bytes -= b->len;
		a->evicted++;
		rbuf_free(b);
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

/* why snapshot @full is incomplete: its file @file (NULL: the directory) and @err */
static void snap_error(char *why, size_t size, const char *full, const char *file, int err)
{
	const char *name = strerrorname_np(err);

	snprintf(why, size, "%s%s%s: %s%s%s%s", full, file ? "/" : "", file ? file : "",
		 strerror(err), name ? " (" : "", name ? name : "", name ? ")" : "");
}

/* @b's bytes read back from the events file into a->scratch: its bytes, or NULL */
static const unsigned char *read_back(struct audit *a, const struct rbuf *b)
{
	if (b->unwritten || !a->read)
		return NULL;
	errno = 0;
	if (a->scratch_size < b->len) {
		unsigned char *n = realloc(a->scratch, b->len);

		if (!n)
			return NULL;
		a->scratch = n;
		a->scratch_size = b->len;
	}
	return a->read(a->read_arg, b->off, a->scratch, b->len) == b->len ? a->scratch : NULL;
}

/* @from's counts added to @to's */
static void add_lost(struct ltt_lost_info *to, const struct ltt_lost_info *from)
{
	to->total += from->total;
	for (size_t i = 0; i < sizeof(to->by_event) / sizeof(to->by_event[0]); i++)
		to->by_event[i] += from->by_event[i];
	for (size_t i = 0; i < sizeof(to->by_event_high) / sizeof(to->by_event_high[0]); i++)
		to->by_event_high[i] += from->by_event_high[i];
}

/* @b, not in the trace (its write failed): its events lost in the snapshot too */
static void drop_unwritten(const struct audit *a, const struct rbuf *b, struct ltt_lost_info *lost,
			   struct lttr_snapshot_info *si)
{
	if (lost && b->cpu < a->ncpus)
		add_lost(&lost[b->cpu], b->unwritten);
	si->dropped_events += b->unwritten->total;
}

/*
 * The buffers of the ring from @b on, not written (the disk is full):
 * their events counted in @lost (per CPU; NULL: in @si only) and @si,
 * their bytes in @si.  Those the events file no longer gives back (an
 * error reading it) are counted in bytes only, and said.
 */
static void drop_from(struct audit *a, const struct rbuf *b, struct ltt_lost_info *lost,
		      struct lttr_snapshot_info *si)
{
	uint64_t unread = 0;

	for (; b; b = b->next) {
		struct ltt_lost_info one = { 0 }, *li = &one;
		const unsigned char *data;
		uint64_t before;

		si->dropped_bytes += b->len;
		if (b->unwritten) {
			drop_unwritten(a, b, lost, si);
			continue;
		}
		if (lost && b->cpu < a->ncpus)
			li = &lost[b->cpu];
		data = read_back(a, b);
		if (!data) {
			unread += b->len;
			continue;
		}
		before = li->total;
		count_dropped(li, data, b->len);
		si->dropped_events += li->total - before;
	}
	if (unread)
		msg_warn("%" PRIu64 " bytes of buffers not written to a snapshot could not be read "
			 "back from the events file to count their events", unread);
}

/*
 * The ring as DIR/snapshot-N (--snapshot-dir: SNAPDIR/TRACE-snapshot-N,
 * its absolute path in @name): header (first, incomplete), lost (its
 * room taken before the events), proc (the trace's), events; then the
 * lost counts and the header, in place, complete if every buffer was
 * written.  A write that fails (a full disk) leaves it incomplete, the
 * events and bytes of the buffers not written counted, a->why naming the
 * file and the error (si->error): the trace goes on.
 */
static void snapshot(struct audit *a, struct lttr_snapshot_info *si, char *name, size_t size)
{
	char *why = a->why;
	struct ltt_trace_header h = a->h;
	struct ltt_lost_info *lost;
	const struct rbuf *b, *from = a->head;	/* the first buffer not written */
	const char *file = NULL, *leaf;
	char full[8200];
	int dfd = -1, hfd = -1, lfd = -1, efd = -1, err = 0, e2, readback = 0;
	size_t lsize = a->ncpus * sizeof(*lost);
	off_t off = 0;
	unsigned int c;

	a->nsnap++;
	if (a->snaproot)
		snprintf(name, size, "%s/%s-snapshot-%u", a->snaproot, a->base, a->nsnap);
	else
		snprintf(name, size, "snapshot-%u", a->nsnap);
	leaf = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	snprintf(full, sizeof(full), "%s%s%s", a->snaproot ? "" : a->dir, a->snaproot ? "" : "/",
		 name);
	si->dir = name;
	si->complete = false;
	why[0] = '\0';
	lost = calloc(a->ncpus, sizeof(*lost));
	if (!lost) {
		err = ENOMEM;
		goto out;
	}
	for (c = 0; c < a->ncpus; c++)
		lost[c].cpu = c;
	h.flags &= ~(uint32_t)LTT_TRACE_COMPLETE;
	h.flags |= LTT_TRACE_FLIGHT | LTT_TRACE_BUFFERS;
	h.end_ns = 0;
	for (b = a->head; b; b = b->next)
		if (b->end_ns > h.end_ns)
			h.end_ns = b->end_ns;
	if (h.end_ns < h.start_ns)
		h.end_ns = h.start_ns;
	if (mkdirat(a->snapfd, leaf, 0700) < 0 ||
	    (dfd = openat(a->snapfd, leaf, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)) < 0) {
		err = errno;
		goto out;
	}
	file = "header";
	hfd = openat(dfd, file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (hfd < 0 || (err = write_at(hfd, &h, sizeof(h), 0)) != 0)
		goto out;
	file = "lost";
	lfd = openat(dfd, file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (lfd < 0 || (err = write_at(lfd, lost, lsize, 0)) != 0)
		goto out;
	e2 = copy_file(a->dirfd, "proc", dfd);
	if (e2)
		msg_warn("%s/proc: the process snapshot could not be copied: %s", full,
			 strerror(e2));
	file = "events";
	efd = openat(dfd, file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (efd < 0)
		goto out;
	for (b = a->head; b; b = b->next) {
		if (b->unwritten) {
			/* not in the trace either: lost there, lost here */
			drop_unwritten(a, b, lost, si);
			si->dropped_bytes += b->len;
			from = b->next;
			continue;
		}
		err = a->copy ? a->copy(a->read_arg, b->off, b->len, efd, (uint64_t)off) : -1;
		if (err < 0) {
			const unsigned char *data = read_back(a, b);

			if (!data) {
				readback = 1;
				err = errno ? errno : EIO;
				break;
			}
			err = write_at(efd, data, b->len, off);
		}
		if (err)
			break;
		off += (off_t)b->len;
		from = b->next;
		si->buffers++;
		if (b->cpu < a->ncpus)
			lost[b->cpu].buffers++;
	}
	if (err && ftruncate(efd, off) < 0)
		msg_warn("%s/events: cannot cut the partial buffer: %s", full, strerror(errno));
	if (!err && fsync(efd) < 0)
		err = errno;
out:
	if (!err && (hfd < 0 || lfd < 0 || efd < 0))
		err = errno;	/* an openat() that failed */
	/* the buffers not written: their events counted lost, not 0 */
	drop_from(a, err ? from : NULL, lost, si);
	/* in place: the room of both was taken before the events */
	if (lfd >= 0 && (e2 = write_at(lfd, lost, lsize, 0)) != 0 && !err) {
		err = e2;
		file = "lost";
	}
	if (!err)
		h.flags |= LTT_TRACE_COMPLETE;
	if (hfd >= 0 && (e2 = write_at(hfd, &h, sizeof(h), 0)) != 0 && !err) {
		err = e2;
		file = "header";
	}
	si->complete = !err;
	if (err && readback)
		snprintf(why, sizeof(a->why), "%s/events: the trace's events file could not be read "
			 "back at byte %" PRIu64 ": %s", full, from ? from->off : 0, strerror(err));
	else if (err)
		snap_error(why, sizeof(a->why), full, dfd >= 0 ? file : NULL, err);
	if (err) {
		si->error = why;
		msg_warn("%s: the snapshot is incomplete, %" PRIu64 " events (%" PRIu64 " bytes) "
			 "of the buffers not written counted lost; the trace goes on", why,
			 si->dropped_events, si->dropped_bytes);
	}
	if (efd >= 0)
		close(efd);
	if (lfd >= 0)
		close(lfd);
	if (hfd >= 0)
		close(hfd);
	if (dfd >= 0)
		close(dfd);
	free(lost);
}

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
	char name[4096], *json = NULL;
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

/*
 * A firing: its actions now.  Its event was fed once every CPU had passed
 * its time (audit_batch()), so the ring holds every CPU's buffers up to
 * it: the snapshot is complete on every CPU without waiting.
 */
static void on_fire(void *arg, const struct lttr_firing *f)
{
	struct audit *a = arg;

	act(a, f, ++a->seq);
}

static int by_time(const void *x, const void *y)
{
	const struct pev *a = x, *b = y;

	if (a->ev.time_ns != b->ev.time_ns)
		return a->ev.time_ns < b->ev.time_ns ? -1 : 1;
	if (a->ev.cpu != b->ev.cpu)
		return a->ev.cpu < b->ev.cpu ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

/*
 * The time every CPU has passed: the oldest end of the CPUs' last
 * buffers.  A CPU that lags the most advanced one by more than @grace (4
 * flush intervals) of trace time is left out until its next buffer
 * (offline: hot-unplugged, or never seen once the others are that far
 * from the start; the module's periodic flush closes every online CPU's
 * buffer each interval, so an online one does not lag that much): its
 * records before the time already passed are then late, counted.  Trace
 * time, not the daemon's: a daemon slow to read changes nothing.
 */
static uint64_t passed(const struct audit *a, int all)
{
	uint64_t w = UINT64_MAX, mx = 0, flush_ns, grace;
	unsigned int c;

	if (all)
		return UINT64_MAX;
	flush_ns = (uint64_t)(a->o->flush_ms ? a->o->flush_ms : DEFAULT_RULES_FLUSH_MS) * 1000000ULL;
	grace = 4 * flush_ns;
	for (c = 0; c < a->ncpus; c++)
		if (a->cpu_seen[c] && a->cpu_end[c] > mx)
			mx = a->cpu_end[c];
	if (!mx)
		return 0;
	for (c = 0; c < a->ncpus; c++) {
		if (a->cpu_seen[c]) {
			if (mx - a->cpu_end[c] <= grace && a->cpu_end[c] < w)
				w = a->cpu_end[c];
		} else if (mx < a->h.start_ns + grace) {
			return 0;	/* its first buffer may yet come */
		}
	}
	return w;
}

/*
 * the events before the time every CPU has passed to the rules, in time
 * order (then CPU, then decoding order): the CPUs' queues merged, each
 * in time order already.  They were sorted together with qsort() at
 * every batch once: with one rule armed, traced spent 45 % of its time
 * sorting (by_time() alone 27 %) on 2 M events of gen-big through
 * test/traced-fake, 1.65 s of CPU against 0.25 s without rules, and
 * doubled the getppid loop's time in the guest (docs/benchmarks.md,
 * "Triggers armed").
 */
static void merge(struct audit *a, int all)
{
	struct lttr_filter_ctx ctx = { .comm = comm_of, .arg = a };
	uint64_t w = passed(a, all);
	unsigned int c;

	if (w <= a->fed && !all)
		return;
	for (c = 0; c < a->ncpus; c++) {
		struct cpuq *q = &a->q[c];

		if (q->unsorted) {
			qsort(q->ev + q->head, q->n - q->head, sizeof(*q->ev), by_time);
			q->unsorted = 0;
		}
	}
	for (;;) {
		struct cpuq *m = NULL;
		struct pev *e;

		/* the oldest head; on equal times the lower CPU's first */
		for (c = 0; c < a->ncpus; c++) {
			struct cpuq *q = &a->q[c];

			if (q->head < q->n &&
			    (!m || q->ev[q->head].ev.time_ns < m->ev[m->head].ev.time_ns))
				m = q;
		}
		if (!m || (!all && m->ev[m->head].ev.time_ns >= w)) {
			const struct ltt_trig_hit *h;

			/* the hits before the time passed, after every event */
			while ((h = next_hit(a, w, all, UINT64_MAX))) {
				a->hhead++;
				feed_hit(a, &ctx, h);
			}
			break;
		}
		for (const struct ltt_trig_hit *h;
		     (h = next_hit(a, w, all, m->ev[m->head].ev.time_ns));) {
			a->hhead++;
			feed_hit(a, &ctx, h);
		}
		e = &m->ev[m->head++];
		learn(a, &e->ev);
		lttr_rules_feed(a->o->rules, &ctx, &e->ev, on_fire, a);
		free((void *)e->ev.var);
		e->b->unfed--;
	}
	for (c = 0; c < a->ncpus; c++) {
		struct cpuq *q = &a->q[c];

		if (q->head == q->n) {
			q->head = q->n = 0;
		} else if (q->head > q->n / 2) {
			memmove(q->ev, q->ev + q->head, (q->n - q->head) * sizeof(*q->ev));
			q->n -= q->head;
			q->head = 0;
		}
	}
	if (!all && w > a->fed) {
		a->fed = w;
		lttr_rules_advance(a->o->rules, &ctx, w, on_fire, a);
	}
}

int audit_batch(struct audit *a)
{
	if (!a)
		return 0;
	/* after the buffers: a hit is in its ring before its record's buffer is closed */
	fetch_hits(a);
	merge(a, 0);
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
	a->cpu_end = calloc(ncpus ? ncpus : 1, sizeof(*a->cpu_end));
	a->cpu_seen = calloc(ncpus ? ncpus : 1, 1);
	a->q = calloc(ncpus ? ncpus : 1, sizeof(*a->q));
	if (!a->cpu_end || !a->cpu_seen || !a->q) {
		msg_err("out of memory for the rules");
		free(a->cpu_end);
		free(a->cpu_seen);
		free(a->q);
		free(a);
		*failed = 1;
		return NULL;
	}
	a->o = o;
	a->dirfd = dirfd;
	a->dir = dir;
	a->snapfd = dirfd;
	if (o->snapshot_dir) {
		const char *end = dir + strlen(dir), *p;

		while (end > dir + 1 && end[-1] == '/')
			end--;
		for (p = end; p > dir && p[-1] != '/'; p--)
			;
		snprintf(a->base, sizeof(a->base), "%.*s", (int)(end - p), p);
		a->snaproot = o->snapshot_dir;
		a->snapfd = open(o->snapshot_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (a->snapfd < 0) {
			msg_err("cannot open --snapshot-dir %s: %s", o->snapshot_dir,
				strerror(errno));
			free(a->cpu_end);
			free(a->cpu_seen);
			free(a->q);
			free(a);
			*failed = 1;
			return NULL;
		}
	}
	a->h = *h;
	a->ncpus = ncpus;
	fd = openat(dirfd, "firings.jsonl", O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC |
		    O_NOFOLLOW, 0600);
	if (fd >= 0)
		a->log = fdopen(fd, "a");
	if (!a->log) {
		msg_err("cannot create %s/firings.jsonl: %s", dir, strerror(errno));
		if (fd >= 0)
			close(fd);
		if (a->snaproot)
			close(a->snapfd);
		free(a->cpu_end);
		free(a->cpu_seen);
		free(a->q);
		free(a);
		*failed = 1;
		return NULL;
	}
	for (size_t i = 0; i < lttr_rules_count(o->rules) && a->ntrig < LTT_TRIGGERS_MAX; i++)
		if (lttr_rules_is_module(o->rules, i))
			a->trig_rule[a->ntrig++] = (unsigned int)i;
	lttr_rules_ids(o->rules, &a->need);
	/*
	 * The rules the module evaluates read no event here (a hit names
	 * its task): with no other, the records are not walked at all
	 * while no heavy logging is on (the walk alone was 8 % of the
	 * getppid loop's time, icount, docs/benchmarks.md)
	 */
	a->need_none = 1;
	for (size_t i = 0; i < sizeof(a->need.bits) / sizeof(a->need.bits[0]); i++)
		if (a->need.bits[i])
			a->need_none = 0;
	if (!a->need_none)
		for (unsigned int i = 0; i < sizeof(need_ids) / sizeof(need_ids[0]); i++)
			a->need.bits[need_ids[i] / 64] |= 1ULL << (need_ids[i] % 64);
	/* the ticks of "on every D" from the trace's start, as audit --rules counts them */
	lttr_rules_start(o->rules, h->start_ns);
	lttr_rules_sampler(o->rules, sample_want, sample_keep, a);
	return a;
}

int audit_close(struct audit *a, uint64_t end_ns)
{
	struct lttr_filter_ctx ctx = { .comm = comm_of, .arg = a };
	struct lttr_rules_stats st;
	int ret;

	if (!a)
		return 0;
	/* every buffer is in: the rest in time order, the ticks up to the end */
	fetch_hits(a);
	merge(a, 1);
	lttr_rules_advance(a->o->rules, &ctx, end_ns, on_fire, a);
	heavy_poll(a, 1);
	while (a->nnotify) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };

		audit_poll(a);
		if (a->nnotify)
			nanosleep(&ts, NULL);
	}
	lttr_rules_stats(a->o->rules, &st);
	if (st.gaps)
		msg_info("rules: events were lost in %" PRIu64 " gaps: %" PRIu64 " starts (syscall "
			 "entries, wakeups, jobs, calls) forgotten there, no latency measured "
			 "across lost events", st.gaps, st.gap_dropped);
	if (st.gaps_late)
		msg_warn("rules: %" PRIu64 " gaps of lost events were learned after events past "
			 "their start had been evaluated (their CPU's buffers came late): a latency "
			 "measured across one before then may span lost events", st.gaps_late);
	if (st.unpaired || st.keys_over || st.samples_dropped || a->bad_records)
		msg_info("rules: %" PRIu64 " ends without their start, %" PRIu64 " events over "
			 "the keys, %" PRIu64 " samples dropped, %" PRIu64 " records not decoded",
			 st.unpaired, st.keys_over, st.samples_dropped, a->bad_records);
	if (a->hits_lost)
		msg_warn("rules: %" PRIu64 " hits of the conditions evaluated in the module were "
			 "lost (its rings were full): their firings are missing", a->hits_lost);
	if (a->late || st.late || st.sockets_over)
		msg_warn("rules: %" PRIu64 " events came after every CPU had passed their time "
			 "(not evaluated), %" PRIu64 " accepted sockets forgotten",
			 a->late + st.late, st.sockets_over);
	ret = fclose(a->log) == EOF || a->log_failed ? -1 : 0;
	if (a->snaproot)
		close(a->snapfd);
	while (a->head) {
		struct rbuf *b = a->head;

		a->head = b->next;
		rbuf_free(b);
	}
	free(a->scratch);
	for (unsigned int c = 0; a->q && c < a->ncpus; c++) {
		for (size_t i = a->q[c].head; i < a->q[c].n; i++)
			free((void *)a->q[c].ev[i].ev.var);
		free(a->q[c].ev);
	}
	free(a->q);
	lttr_rules_sampler(a->o->rules, NULL, NULL, NULL);
	free(a->heavy.inst);
	free(a->hits);
	free(a->cpu_end);
	free(a->cpu_seen);
	free(a);
	return ret;
}
