// SPDX-License-Identifier: GPL-2.0
/*
 * vitals.c - traced --vitals: the vital signs collector of the module
 * (/dev/ltt-vitals) run for as long as the daemon runs, one file an epoch
 * (docs/vitals.md).  At the end of each epoch the module's SWAP ends it
 * (the collector goes on in its other copy) and hands over the ended
 * epoch, which is written to DIR/vitals-N.ltv (a temporary file renamed:
 * a reader never sees half of one).  The numbers continue those already
 * in DIR; with --keep, the files of the epochs older than that are
 * removed as new ones are written.  SIGINT and SIGTERM end the current epoch early (marked
 * partial), write it and exit; -t ends after that long.  SIGHUP ends it
 * the same way (marked partial), writes it and reopens DIR: made again if
 * it was removed, its oldest file found again if files were moved away.
 * DIR/vitals.current holds the number of the epoch being collected while
 * the daemon runs: a daemon that finds it at start knows that epoch was
 * lost (the one before was killed, or the machine stopped), says so and
 * skips its number, so that the gap shows it.  With --max-size, the
 * oldest files are removed (and counted) until the epoch files fit.  With
 * --metrics-listen, the epochs written are served to Prometheus on
 * /metrics (the library's exposition of DIR, lttr/vitals/vitals.h).
 *
 * The samples' stacks: DIR/kallsyms and DIR/modules are copies of the
 * kernel's (at start and at SIGHUP, root-only files), for the kernel
 * addresses; each epoch file holds the executable mappings of the
 * processes its stacks' user addresses belong to, read at the epoch's end
 * from /proc/PID/maps when /proc/PID/stat still gives the start and the
 * stack of the process the stacks were taken in (the same process, no
 * exec since); the others' user addresses stay unnamed, counted.
 *
 * While an epoch runs, the module's poll() says when a CPU's sample array
 * is a quarter full: its samples are drained (LTT_VITALS_IOC_DRAIN) into
 * the epoch's arrays, given back to its SWAP.  An epoch's file is written
 * by a writer thread (one an epoch) from one set of arrays while the next
 * epoch drains into the other, so that the drains go on while a file is
 * compressed and written; the last epoch and SIGHUP's are written before
 * the daemon goes on.  The writer's end comes through a pipe into the
 * same poll().
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <malloc.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <lttr/vitals/vitals.h>
#include "device-sys.h"
#include "msg.h"
#include "options.h"
#include "signals.h"
#include "symfiles.h"
#include "vitals.h"

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static uint64_t wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* An epoch's arrays: the SWAP's (and the DRAINs') output, the writer's input */
struct ebuf {
	uint32_t *hca;
	struct ltt_vital_sample *samples;
	struct ltt_vital_stack *stacks;
};

/* An epoch file to write (the writer thread's, or the main thread's) */
struct wjob {
	struct ltt_vitals_file_header h;
	struct ltt_vitals_sum sum[LTT_VITALS];
	const struct ebuf *b;
	char *maps;
	char path[4096];
	int r;			/* lttr_vitals_write()'s */
	char err[512];
	int done_fd;		/* written to when done, -1: none */
};

#define WRITING_THREAD	1	/* by the writer thread */
#define WRITING_DONE	2	/* written by the main thread */

struct vit {
	const struct options *o;
	int fd;
	/*
	 * Two sets of arrays: while the writer thread writes an epoch from
	 * one, the epoch after it drains into the other (the DRAINs go on
	 * while a file is compressed and written)
	 */
	struct ebuf buf[2];
	unsigned int cur;	/* the set the epoch being collected fills */
	uint32_t cap;
	uint32_t drained;	/* its samples' first, the epoch's DRAINs' */
	uint64_t drains;
	uint32_t stacks_cap;
	struct wjob job;
	/*
	 * The writer thread, one an epoch: a thread kept for the daemon's
	 * life kept its malloc cache of the compressor's blocks, and the
	 * daemon's memory grew for a minute in 50-debug-kernel.t (892 to
	 * 1076 KB); one an epoch is a new task every epoch, so a few new
	 * labels of the daemon's in every epoch (they are in the disk run
	 * of scripts/bench --vitals)
	 */
	pthread_t writer;
	int writing;		/* a job not yet joined: WRITING_* */
	int done[2];		/* the writer's pipe: readable when it ended */
	uint64_t next;		/* the series' next epoch number */
	uint64_t oldest;	/* the oldest epoch that may have a file */
	uint64_t keep;		/* --keep in epochs, 0: all */
	uint64_t written, bytes;
	uint64_t capped;	/* files removed for --max-size */
};

#define CURRENT_FILE	"vitals.current"

/* DIR/vitals.current: @epoch is being collected (a file renamed over it) */
static void current_write(const struct vit *v, uint64_t epoch)
{
	char path[4096], tmp[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/" CURRENT_FILE, v->o->output);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f || fprintf(f, "%" PRIu64 "\n", epoch) < 0 || fclose(f) != 0 ||
	    rename(tmp, path) < 0)
		msg_warn("%s: %s (a crash would not be said)", path,
			 strerror(errno));
}

/* the epoch a daemon before was collecting when it stopped: 1 and *@epoch,
 * 0 when it ended cleanly (no file); a file that holds no number still
 * says it did not end cleanly: *@epoch 0 (the caller takes the epoch after
 * the newest file) */
static int current_read(const char *dir, uint64_t *epoch)
{
	char path[4096], line[64], *end;
	unsigned long long n;
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/" CURRENT_FILE, dir);
	f = fopen(path, "r");
	if (!f)
		return 0;
	ok = fgets(line, sizeof(line), f) != NULL;
	fclose(f);
	*epoch = 0;
	errno = 0;
	n = ok && line[0] >= '0' && line[0] <= '9' ? strtoull(line, &end, 10) : 0;
	if (!ok || line[0] < '0' || line[0] > '9' || errno ||
	    (*end && *end != '\n')) {
		msg_warn("%s: not an epoch number", path);
		return 1;
	}
	*epoch = n;
	return 1;
}

struct efile {
	uint64_t epoch, size;
};

static int by_epoch(const void *a, const void *b)
{
	const struct efile *x = a, *y = b;

	return x->epoch < y->epoch ? -1 : x->epoch > y->epoch;
}

/* --max-size: the oldest epoch files removed until those left fit */
static void cap_size(struct vit *v)
{
	struct efile *f = NULL, *g;
	uint64_t total = 0;
	size_t n = 0, i;
	struct dirent *d;
	DIR *dp;

	dp = opendir(v->o->output);
	if (!dp) {
		msg_warn("%s: %s (--max-size not applied)", v->o->output,
			 strerror(errno));
		return;
	}
	while ((d = readdir(dp))) {
		char path[4096];
		unsigned long long e;
		struct stat st;
		int end = 0;

		if (sscanf(d->d_name, LTTR_VITALS_FILE_PREFIX "%20llu"
			   LTTR_VITALS_FILE_SUFFIX "%n", &e, &end) != 1 ||
		    !end || d->d_name[end])
			continue;
		snprintf(path, sizeof(path), "%s/%s", v->o->output, d->d_name);
		if (stat(path, &st) < 0)
			continue;
		g = realloc(f, (n + 1) * sizeof(*f));
		if (!g) {
			msg_warn("out of memory (--max-size not applied)");
			break;
		}
		f = g;
		f[n].epoch = e;
		f[n].size = (uint64_t)st.st_size;
		total += f[n].size;
		n++;
	}
	closedir(dp);
	if (n)
		qsort(f, n, sizeof(*f), by_epoch);
	/* the newest file stays, whatever its size */
	for (i = 0; total > v->o->max_size && i + 1 < n; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/" LTTR_VITALS_FILE_PREFIX
			 "%08" PRIu64 LTTR_VITALS_FILE_SUFFIX, v->o->output,
			 f[i].epoch);
		if (unlink(path) < 0) {
			if (errno != ENOENT)
				msg_warn("%s: %s", path, strerror(errno));
			continue;
		}
		total -= f[i].size;
		v->capped++;
		msg_info("vital signs: epoch %" PRIu64 " removed (--max-size; "
			 "%" PRIu64 " removed so far)", f[i].epoch, v->capped);
		if (f[i].epoch >= v->oldest)
			v->oldest = f[i].epoch + 1;
	}
	free(f);
}

/* DIR/kallsyms and DIR/modules, copies of the kernel's (a warning when not) */
static void kernel_symbols(const char *dir)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (dfd < 0) {
		msg_warn("%s: %s (the stacks' kernel addresses will not be "
			 "named)", dir, strerror(errno));
		return;
	}
	symfiles_kernel(dfd, dir, 1, "/proc", geteuid() == 0);
	close(dfd);
}

/*
 * SIGHUP: DIR again (made if it is gone), its oldest file found again,
 * the kernel's symbols copied again when the samples have stacks; said
 * once all is done
 */
static void reopen_dir(struct vit *v, int symbols)
{
	uint64_t first = 0, last = 0;
	int found;

	found = lttr_vitals_epoch_range(v->o->output, &first, &last);
	v->oldest = found > 0 ? first : v->next;
	current_write(v, v->next);
	if (symbols)
		kernel_symbols(v->o->output);
	msg_info("vital signs: SIGHUP: %s reopened, epoch %" PRIu64 " next",
		 v->o->output, v->next);
}

/*
 * /proc/@pid/stat's starttime and startstack (fields 22 and 28); 0, or
 * -1 when the process is gone or the file is not understood.
 */
static int proc_ident(int pid, uint64_t *start_ticks, uint64_t *start_stack)
{
	char path[64], buf[1024], *p, *tok, *save = NULL;
	unsigned long long v;
	int field, got = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	p = fgets(buf, sizeof(buf), f);
	fclose(f);
	/* the fields after the command's closing parenthesis, from 3 */
	if (!p || !(p = strrchr(buf, ')')))
		return -1;
	for (field = 3, tok = strtok_r(p + 1, " ", &save); tok && got < 2;
	     field++, tok = strtok_r(NULL, " ", &save)) {
		if (field != 22 && field != 28)
			continue;
		if (sscanf(tok, "%llu", &v) != 1)
			return -1;
		*(field == 22 ? start_ticks : start_stack) = v;
		got++;
	}
	return got == 2 ? 0 : -1;
}

static int same_ident(int pid, const struct ltt_vital_stack *st)
{
	uint64_t t, s;

	return proc_ident(pid, &t, &s) == 0 && t == st->start_ticks &&
	       s == st->start_stack;
}

/*
 * The maps text of an epoch (the format of a trace's "maps", one @START
 * section of the epoch's end @end_ns): the blocks of the processes whose
 * user addresses the stacks hold, each when /proc still shows the process
 * the stacks were taken in before and after its maps are read; their
 * stacks get maps = 1.  NULL when memory runs out; *@omitted counts the
 * processes left out.
 */
static char *epoch_maps(struct ltt_vital_stack *st, uint32_t n,
			uint64_t end_ns, size_t *len, uint64_t *omitted)
{
	char *text = NULL;
	size_t tlen = 0;
	uint32_t i, j;
	FILE *mem;

	*omitted = 0;
	mem = open_memstream(&text, &tlen);
	if (!mem)
		return NULL;
	fprintf(mem, "@START %" PRIu64 "\n", end_ns);
	for (i = 0; i < n; i++)
		st[i].maps = 0;
	for (i = 0; i < n; i++) {
		char *b = NULL;
		size_t blen = 0;
		uint64_t h;
		int done = 0;

		if (!st[i].user_nr || !st[i].tgid)
			continue;
		/* one block per process: those before it decided already */
		for (j = 0; j < i && !done; j++)
			done = st[j].user_nr && st[j].tgid == st[i].tgid &&
			       st[j].start_ticks == st[i].start_ticks &&
			       st[j].start_stack == st[i].start_stack;
		if (done) {
			st[i].maps = st[j - 1].maps;
			continue;
		}
		if (same_ident((int)st[i].tgid, &st[i]) &&
		    symfiles_process("/proc", (int)st[i].tgid, &b, &blen, &h) == 0 &&
		    b && same_ident((int)st[i].tgid, &st[i]) &&
		    tlen + blen < LTTR_VITALS_MAPS_MAX) {
			fwrite(b, 1, blen, mem);
			st[i].maps = 1;
		} else {
			(*omitted)++;
		}
		free(b);
	}
	if (fclose(mem) != 0) {
		free(text);
		return NULL;
	}
	*len = tlen;
	return text;
}

/*
 * The marker of a lost epoch: a file of no data, flagged
 * LTT_VITALS_F_LOST (a warning when it cannot be written: the gap still
 * says it between files of data).
 */
static void lost_write(const struct vit *v, uint64_t epoch)
{
	struct ltt_vitals_file_header h;
	struct ltt_vitals_sum sum[LTT_VITALS];
	char path[4096], err[512];
	uint32_t *zero = calloc((size_t)LTT_VITALS * LTT_VITALS_HCA, sizeof(*zero));

	if (!zero) {
		msg_warn("out of memory: epoch %" PRIu64 "'s lost marker not written", epoch);
		return;
	}
	memset(&h, 0, sizeof(h));
	memset(sum, 0, sizeof(sum));
	h.epoch = epoch;
	h.flags = LTT_VITALS_F_LOST;
	snprintf(path, sizeof(path), "%s/" LTTR_VITALS_FILE_PREFIX "%08" PRIu64
		 LTTR_VITALS_FILE_SUFFIX, v->o->output, epoch);
	if (lttr_vitals_write(path, &h, sum, zero, NULL, NULL, NULL, err, sizeof(err)) < 0)
		msg_warn("%s (the lost epoch's marker)", err);
	free(zero);
}

/*
 * A test hook (tests/host/vitals-daemon.t): TRACED_TEST_HOLD_WRITE=FILE
 * holds each epoch's write until FILE exists (polled every 10 ms, at most
 * 60 s), so that a test sees what the daemon does while a file is being
 * written without racing the machine.  Unset, nothing is held.
 */
static void hold_write(void)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	const char *f = getenv("TRACED_TEST_HOLD_WRITE");
	int i;

	for (i = 0; f && *f && access(f, F_OK) < 0 && i < 6000; i++)
		nanosleep(&tick, NULL);
}

/* The job's file written (in the writer thread, or called directly) */
static void *write_job(void *arg)
{
	struct wjob *j = arg;
	char c = 1;

	hold_write();
	j->r = lttr_vitals_write(j->path, &j->h, j->sum, j->b->hca,
				 j->b->samples, j->b->stacks, j->maps, j->err,
				 sizeof(j->err));
	free(j->maps);
	j->maps = NULL;
	/*
	 * The epoch's buffers (its maps text, the file's body and frame,
	 * the compressor's) are of sizes that change from epoch to epoch:
	 * the free pages between the heap's blocks given back, so that the
	 * daemon's memory stays that of one epoch (50-debug-kernel.t saw
	 * it grow by 124 KB in a minute of 100-ms epochs without this).
	 */
	malloc_trim(0);
	if (j->done_fd >= 0 && write(j->done_fd, &c, 1) != 1)
		msg_warn("the writer's pipe: %s", strerror(errno));
	return NULL;
}

/*
 * The epoch the writer wrote: waited for, then counted, the marker
 * moved on, --keep and --max-size applied.  0, or -1 when it could not
 * be written (said).
 */
static int vit_join(struct vit *v)
{
	char path[4096], c;
	struct stat st;

	if (!v->writing)
		return 0;
	if (v->writing == WRITING_THREAD)
		pthread_join(v->writer, NULL);
	v->writing = 0;
	while (read(v->done[0], &c, 1) == 1)
		;
	if (v->job.r < 0) {
		msg_err("%s", v->job.err);
		return -1;
	}
	v->next++;
	v->written++;
	if (stat(v->job.path, &st) == 0)
		v->bytes += (uint64_t)st.st_size;
	current_write(v, v->next);
	/* --keep: the newest keep files, the older ones removed */
	while (v->keep && v->oldest + v->keep < v->next) {
		snprintf(path, sizeof(path), "%s/" LTTR_VITALS_FILE_PREFIX
			 "%08" PRIu64 LTTR_VITALS_FILE_SUFFIX, v->o->output,
			 v->oldest);
		if (unlink(path) < 0 && errno != ENOENT)
			msg_warn("%s: %s", path, strerror(errno));
		v->oldest++;
	}
	if (v->o->max_size)
		cap_size(v);
	return 0;
}

/*
 * End the module's epoch and write it: by the writer thread (@wait 0:
 * the main thread goes on draining the next epoch's samples into the
 * other arrays meanwhile; vit_join() when it says it is done), or before
 * returning (@wait 1: the last epoch, SIGHUP's).  The previous epoch's
 * write is waited for first.  0 or -1 (said).
 */
static int vit_epoch(struct vit *v, int partial, int wait)
{
	struct ltt_vitals_file_header *h = &v->job.h;
	struct ebuf *b = &v->buf[v->cur];
	struct ltt_vitals_epoch ep;
	unsigned int i;
	uint64_t omitted = 0;
	size_t maps_len = 0;

	if (vit_join(v) < 0)
		return -1;
	memset(&ep, 0, sizeof(ep));
	ep.hca = (uint64_t)(uintptr_t)b->hca;
	ep.samples = (uint64_t)(uintptr_t)b->samples;
	ep.samples_cap = v->cap;
	ep.nsamples_in = v->drained;
	ep.stacks = (uint64_t)(uintptr_t)b->stacks;
	ep.stacks_cap = v->stacks_cap;
	if (devsys_ioctl(v->fd, LTT_VITALS_IOC_SWAP, &ep) < 0) {
		msg_err("%s: cannot end the epoch: %s", v->o->device,
			strerror(errno));
		return -1;
	}
	/* the next epoch's DRAINs into the other arrays */
	v->drained = 0;
	v->cur = !v->cur;
	memset(h, 0, sizeof(*h));
	h->epoch = v->next;
	h->start_ns = ep.start_ns;
	h->end_ns = ep.end_ns;
	h->wall_start_ns = wall_ns() - (ep.end_ns - ep.start_ns);
	h->ncpus = ep.ncpus;
	h->shift = ep.shift;
	h->collected = ep.collected;
	h->nsamples = ep.nsamples;
	h->dropped = ep.dropped;
	h->skipped = ep.skipped;
	h->flags = partial ? LTT_VITALS_F_PARTIAL : 0;
	h->nstacks = ep.nstacks;
	h->stacks_dropped = ep.stacks_dropped;
	h->sampling_ns = ep.sampling_ns;
	h->cpu_steps = ep.cpu_steps;
	h->cpu_high_us = (uint32_t)(v->o->cpu_watermark_ns / 1000);
	for (i = 0; i < LTT_VITALS; i++) {
		v->job.sum[i].total = ep.total[i];
		v->job.sum[i].events = ep.events[i];
	}
	/* now, while the stacks' processes may still be there */
	v->job.maps = epoch_maps(b->stacks, ep.nstacks, ep.end_ns, &maps_len,
				 &omitted);
	if (!v->job.maps) {
		msg_err("out of memory");
		return -1;
	}
	h->maps_len = (uint32_t)maps_len;
	h->maps_omitted = omitted;
	snprintf(v->job.path, sizeof(v->job.path), "%s/" LTTR_VITALS_FILE_PREFIX
		 "%08" PRIu64 LTTR_VITALS_FILE_SUFFIX, v->o->output, v->next);
	v->job.b = b;
	v->job.done_fd = v->done[1];
	if (!wait && pthread_create(&v->writer, NULL, write_job, &v->job) == 0) {
		v->writing = WRITING_THREAD;
		return 0;
	}
	/* here (asked to, or no thread could be made) */
	write_job(&v->job);
	v->writing = WRITING_DONE;
	return wait ? vit_join(v) : 0;
}

/*
 * The module says a CPU's sample array is a quarter full (poll): its samples
 * now, after those of the epoch's DRAINs before, so that its arrays make
 * room while the epoch runs (a burst of new labels, many processes
 * starting, then keeps its first events; docs/vitals.md).  Those that do
 * not fit the epoch's samples_cap the module counts dropped.  0 or -1
 * (said: the samples stay in the module, for the SWAP).
 */
static int vit_drain(struct vit *v)
{
	struct ltt_vitals_drain d;

	memset(&d, 0, sizeof(d));
	d.samples = (uint64_t)(uintptr_t)(v->buf[v->cur].samples + v->drained);
	d.samples_cap = v->cap - v->drained;
	if (devsys_ioctl(v->fd, LTT_VITALS_IOC_DRAIN, &d) < 0) {
		msg_warn("%s: cannot drain the samples: %s (no more drains: "
			 "each epoch keeps what its arrays hold, the others "
			 "counted dropped)", v->o->device, strerror(errno));
		return -1;
	}
	v->drained += d.nsamples < d.samples_cap ? d.nsamples : d.samples_cap;
	v->drains++;
	return 0;
}

int vitals_run(const struct options *o)
{
	struct ltt_vitals_config cfg = { .vitals = LTT_VITALS_COLLECTED,
					 .shift = LTT_VITALS_SHIFT_MIN };
	struct ltt_vitals_info info;
	struct vit v = { .o = o, .fd = -1, .done = { -1, -1 } };
	struct lttr_vitals_prom prom;
	unsigned int port = 0, i;
	int lfd = -1;
	uint64_t start, end_at, next_end, first = 0, last = 0, lost = 0;
	sigset_t orig;
	int sigfd, rc = EXIT_ERROR, stop = 0, found, drain = 1;

	/*
	 * A daemon for days: memory flat.  Fixed thresholds: glibc's
	 * dynamic ones, raised by the first large block freed (an epoch's
	 * maps text), leave the heap that much larger for good.
	 */
	mallopt(M_MMAP_THRESHOLD, 64 * 1024);
	mallopt(M_TRIM_THRESHOLD, 128 * 1024);
	/* the writer thread's blocks in the one heap malloc_trim() trims */
	mallopt(M_ARENA_MAX, 1);
	if (mkdir(o->output, 0700) < 0 && errno != EEXIST) {
		msg_err("%s: %s", o->output, strerror(errno));
		return EXIT_ERROR;
	}
	found = lttr_vitals_epoch_range(o->output, &first, &last);
	if (found < 0) {
		msg_err("%s: cannot read the directory: %s", o->output,
			strerror(errno));
		return EXIT_ERROR;
	}
	v.next = found ? last + 1 : 0;
	v.oldest = found ? first : 0;
	if (current_read(o->output, &lost)) {
		/* killed between an epoch's file and the marker's update: the
		 * epoch after the newest file was the one being collected */
		if (lost < v.next)
			lost = v.next;
		/* its number skipped, a marker file in its place: every
		 * reader counts it missing, even before any file of data */
		msg_warn("epoch %" PRIu64 " was lost: the traced --vitals before "
			 "ended without writing it (killed, or the machine "
			 "stopped)", lost);
		lost_write(&v, lost);
		v.next = lost + 1;
		if (!found)
			v.oldest = lost;
	}
	if (o->keep_ns)
		v.keep = (o->keep_ns + o->epoch_ns - 1) / o->epoch_ns;
	if (lttr_vitals_prom_init(&prom, o->output, LTTR_VITALS_PROM_TOP) < 0) {
		msg_err("out of memory");
		return EXIT_ERROR;
	}
	if (o->metrics_listen) {
		char merr[512];

		/* before the collector: a port in use stops nothing */
		lfd = lttr_metrics_listen(o->metrics_listen, &port, merr,
					  sizeof(merr));
		if (lfd < 0) {
			msg_err("--metrics-listen %s", merr);
			lttr_vitals_prom_free(&prom);
			return EXIT_ERROR;
		}
	}
	sigfd = signals_setup(&orig);
	if (sigfd < 0) {
		if (lfd >= 0)
			close(lfd);
		lttr_vitals_prom_free(&prom);
		return EXIT_ERROR;
	}
	if (pipe2(v.done, O_CLOEXEC | O_NONBLOCK) < 0) {
		msg_err("pipe: %s", strerror(errno));
		goto out;
	}
	v.fd = devsys_open(o->device);
	if (v.fd < 0) {
		msg_err("%s: %s", o->device, strerror(errno));
		goto out;
	}
	if (devsys_ioctl(v.fd, LTT_VITALS_IOC_GET_INFO, &info) < 0) {
		msg_err("%s: not the vital signs device: %s", o->device,
			strerror(errno));
		goto out;
	}
	if (info.abi_version != LTT_ABI_VERSION) {
		msg_err("%s: module ABI %u, traced's is %d", o->device,
			info.abi_version, LTT_ABI_VERSION);
		goto out;
	}
	/*
	 * An epoch's samples: 4 arrays' worth a CPU, at least 8 arrays (the
	 * DRAINs' and the SWAP's; beyond that the module counts them
	 * dropped): a bound on the disk an epoch takes (docs/vitals.md)
	 */
	v.cap = (uint32_t)sysconf(_SC_NPROCESSORS_CONF) * 4 * LTT_VITALS_SAMPLES;
	if (v.cap < 8 * LTT_VITALS_SAMPLES)
		v.cap = 8 * LTT_VITALS_SAMPLES;
	v.stacks_cap = (uint32_t)sysconf(_SC_NPROCESSORS_CONF) *
		       LTT_VITALS_STACKS;
	for (i = 0; i < 2; i++) {
		v.buf[i].hca = calloc((size_t)LTT_VITALS * LTT_VITALS_HCA,
				      sizeof(*v.buf[i].hca));
		v.buf[i].samples = calloc(v.cap, sizeof(*v.buf[i].samples));
		v.buf[i].stacks = calloc(v.stacks_cap, sizeof(*v.buf[i].stacks));
		if (!v.buf[i].hca || !v.buf[i].samples || !v.buf[i].stacks) {
			msg_err("out of memory");
			goto out;
		}
	}
	/*
	 * Resident from the start: calloc()'s fresh pages would come in
	 * one by one as epochs fill more of the arrays (the daemon's memory
	 * then grew for its first minute, 50-debug-kernel.t)
	 */
	for (i = 0; i < 2; i++) {
		memset(v.buf[i].hca, 0, (size_t)LTT_VITALS * LTT_VITALS_HCA *
					sizeof(*v.buf[i].hca));
		memset(v.buf[i].samples, 0, v.cap * sizeof(*v.buf[i].samples));
		memset(v.buf[i].stacks, 0,
		       v.stacks_cap * sizeof(*v.buf[i].stacks));
	}
	cfg.vitals &= info.collected;
	cfg.kdepth = (uint8_t)o->stacks.kernel_depth;
	cfg.udepth = (uint8_t)o->stacks.user_depth;
	cfg.cpu_high_us = (uint32_t)(o->cpu_watermark_ns / 1000);
	/* the kernel's symbols for the stacks' kernel addresses */
	if (cfg.kdepth)
		kernel_symbols(o->output);
	if (devsys_ioctl(v.fd, LTT_VITALS_IOC_START, &cfg) < 0) {
		msg_err("%s: cannot start the collector: %s%s", o->device,
			strerror(errno), errno == EBUSY ?
			" (another traced --vitals runs)" : errno == E2BIG ?
			" (too many CPUs for the samples' stacks: "
			"--stack-depth 0)" : "");
		goto out;
	}
	current_write(&v, v.next);
	start = mono_ns();
	end_at = o->duration_ns ? start + o->duration_ns : 0;
	next_end = start + o->epoch_ns;
	msg_info("vital signs: epochs of %.3f s into %s, from epoch %" PRIu64
		 " (the collector's memory: %u bytes a CPU)",
		 (double)o->epoch_ns / 1e9, o->output, v.next,
		 info.bytes_per_cpu);
	if (lfd >= 0)
		msg_info("vital signs: Prometheus metrics on port %u: /metrics",
			 port);
	rc = 0;
	while (!stop) {
		uint64_t now = mono_ns(), until = next_end;
		struct pollfd p[4] = { { .fd = sigfd, .events = POLLIN },
				       { .fd = drain ? v.fd : -1,
					 .events = POLLIN },
				       { .fd = v.done[0], .events = POLLIN },
				       { .fd = lfd, .events = POLLIN } };
		struct sig_event se;
		int partial = 0, hup = 0;

		if (end_at && end_at < until)
			until = end_at;
		if (now < until) {
			uint64_t ms = (until - now + 999999) / 1000000;

			if (poll(p, lfd >= 0 ? 4 : 3,
				 ms > 60000 ? 60000 : (int)ms) < 0 &&
			    errno != EINTR) {
				msg_err("poll: %s", strerror(errno));
				rc = EXIT_ERROR;
				break;
			}
		}
		if ((p[1].revents & POLLIN) && vit_drain(&v) < 0)
			drain = 0;
		/* the writer wrote its epoch: counted, the marker moved on */
		if ((p[2].revents & POLLIN) && vit_join(&v) < 0) {
			rc = EXIT_WRITE;
			break;
		}
		if (lfd >= 0 && (p[3].revents & POLLIN) &&
		    lttr_metrics_serve(lfd, &prom) > 0) {
			size_t w;

			for (w = 0; w < prom.nwarnings; w++)
				msg_warn("%s", prom.warnings[w]);
		}
		while (signals_next(sigfd, &se) == 1) {
			if (se.signo == SIGINT || se.signo == SIGTERM) {
				stop = 1;
				partial = 1;
			} else if (se.signo == SIGHUP) {
				hup = 1;
			}
		}
		now = mono_ns();
		if (end_at && now >= end_at)
			stop = 1;
		if (!stop && !hup && now < next_end)
			continue;
		/* SIGHUP: DIR made again before the epoch goes into it */
		if (hup && mkdir(o->output, 0700) == 0)
			msg_info("vital signs: %s was gone: made again",
				 o->output);
		/* the last epoch and SIGHUP's written before going on */
		if (vit_epoch(&v, partial || now < next_end, stop || hup) < 0) {
			rc = EXIT_WRITE;
			break;
		}
		if (hup && !stop) {
			reopen_dir(&v, cfg.kdepth != 0);
			/* the next epoch a whole one from now */
			next_end = now + o->epoch_ns;
		}
		while (next_end <= now)
			next_end += o->epoch_ns;
	}
	/* an epoch the writer still writes (the loop left on an error) */
	if (vit_join(&v) < 0)
		rc = EXIT_WRITE;
	devsys_ioctl(v.fd, LTT_VITALS_IOC_STOP, NULL);
	if (rc == 0) {
		char cur[4096];

		/* a clean end: nothing lost */
		snprintf(cur, sizeof(cur), "%s/" CURRENT_FILE, o->output);
		if (unlink(cur) < 0 && errno != ENOENT)
			msg_warn("%s: %s", cur, strerror(errno));
	}
	msg_info("vital signs: %" PRIu64 " epochs written, %" PRIu64 " bytes, "
		 "samples drained %" PRIu64 " times", v.written, v.bytes,
		 v.drains);
	if (v.capped)
		msg_info("vital signs: %" PRIu64 " epoch files removed for "
			 "--max-size", v.capped);
out:
	if (lfd >= 0)
		close(lfd);
	lttr_vitals_prom_free(&prom);
	if (v.fd >= 0)
		devsys_close(v.fd);
	for (i = 0; i < 2; i++) {
		free(v.buf[i].hca);
		free(v.buf[i].samples);
		free(v.buf[i].stacks);
	}
	if (v.done[0] >= 0)
		close(v.done[0]);
	if (v.done[1] >= 0)
		close(v.done[1]);
	close(sigfd);
	return rc;
}
