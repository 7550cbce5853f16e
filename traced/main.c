// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - traced, the LTT trace daemon: the order of the steps.
 *
 * Configure the tracer, write a provisional header, start, take the /proc
 * snapshot, run the program (or wait), collect buffers through the
 * double-buffered writer (in flight-recorder mode: none until the end),
 * stop, drain, write the lost counts and the final header.  Every path after the trace directory exists ends in finish(),
 * so nothing recorded is lost by an early exit.
 */
#include "header.h"
#include "msg.h"
#include "options.h"
#include "parse.h"
#include "program.h"
#include "session.h"
#include "audit.h"
#include "device-sys.h"
#include "signals.h"
#include "vitals.h"
#include "snapshot.h"
#include "symfiles.h"
#include "tracedir.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <lttr/audit/rules.h>

struct files {
	char header[PATH_MAX];
	char events[PATH_MAX];
	char lost[PATH_MAX];
	char proc[PATH_MAX];
	int dirfd;			/* the trace directory */
	int force;
	struct tracedir_perm perm;
	int header_fd;
	int lost_fd;			/* the lost file's room, or -1 */
	struct symfiles syms;		/* kallsyms, modules, maps */
};

/* creates file @name of the trace directory (the path for messages) */
static int files_open(const struct files *f, const char *path)
{
	return tracedir_open(f->dirfd, strrchr(path, '/') + 1, path, f->force,
			     &f->perm);
}

/* The events of mask, for messages: "all", or their names. */
static const char *describe_mask(const struct ltt_event_mask *mask, char *buf,
				 size_t len)
{
	struct ltt_event_mask all;

	event_lookup("all", &all);
	if (memcmp(&all, mask, sizeof(all)) == 0)
		snprintf(buf, len, "all");
	else
		events_format(mask, buf, len);
	return buf;
}

/* The format 1.1 configuration in force, for the header. */
struct config {
	struct ltt_event_mask mask;
	struct ltt_event_mask details;
};

/*
 * The configuration ioctls, in this order, all before START: buffers,
 * event mask, details mask, filter, syscall IP, options.  The ioctls of
 * format 1.1 are issued only for the options given, so that a default
 * session still runs on a module that lacks them.
 */
static int configure_1_1(struct session *s, const struct options *o,
			 struct config *cfg)
{
	char names[128];

	memset(&cfg->details, 0xff, sizeof(cfg->details));
	if (o->details_set &&
	    (device_set_details(&s->dev, &o->details, "--no-details") < 0 ||
	     device_get_details(&s->dev, &cfg->details, "--no-details") < 0))
		return -1;
	if (o->filter.flags &&
	    device_set_filter(&s->dev, &o->filter,
			      options_filter_names(o, names,
						   sizeof(names))) < 0)
		return -1;
	if (o->sip_set &&
	    device_set_syscall_ip(&s->dev, &o->sip, "--syscall-ip") < 0)
		return -1;
	if (o->stacks_set &&
	    device_set_stacks(&s->dev, &o->stacks, "--stacks") < 0)
		return -1;
	if (o->stacks_set &&
	    mask_test(&o->stacks.events, LTT_EV_SYSCALL_ENTRY) &&
	    device_set_stack_syscalls(&s->dev, &o->stack_syscalls,
				      "--stacks syscall:NAME") < 0)
		return -1;
	if (o->options_set) {
		struct ltt_options lo = {
			.flags = o->opt_flags, .capture_len = o->capture_len,
		};

		if (device_set_options(&s->dev, &lo,
				       options_opt_names(o, names,
							 sizeof(names))) < 0)
			return -1;
	}
	if (o->flush_set &&
	    device_set_flush(&s->dev, o->flush_ms, "--flush-interval") < 0)
		return -1;
	if (o->sample_hz &&
	    device_set_sample(&s->dev, o->sample_hz, "--sample") < 0)
		return -1;
	if (o->flush_default) {
		__u32 v = o->flush_ms;

		/* the rules' default: a module without it is not an error */
		if (devsys_ioctl(s->dev.fd, LTT_IOC_SET_FLUSH, &v) < 0)
			msg_warn("%s has no periodic flush (%s): a quiet CPU's events reach "
				 "the rules when its buffer fills", s->dev.path, strerror(errno));
	}
	return 0;
}

static int configure(struct session *s, const struct options *o,
		     struct config *cfg)
{
	char names[2048];

	if (device_open(&s->dev, o->device) < 0)
		return -1;
	if (device_get_info(&s->dev, &s->info) < 0)
		return -1;
	if (s->info.tracing) {
		msg_err("%s is already tracing (another trace daemon is "
			"running, or a session did not stop it; traced "
			"--set-events changes the events of a running trace)",
			o->device);
		return -1;
	}
	if (o->buffer_size || o->buffer_count) {
		unsigned int size = o->buffer_size ? o->buffer_size :
			s->info.buffer_size;
		unsigned int count = o->buffer_count ? o->buffer_count :
			s->info.buffer_count;

		if (device_set_buffers(&s->dev, size, count) < 0 ||
		    device_get_info(&s->dev, &s->info) < 0)
			return -1;
	}
	if (device_set_mask(&s->dev, &o->mask, "-e") < 0 ||
	    device_get_mask(&s->dev, &cfg->mask) < 0)
		return -1;
	if (configure_1_1(s, o, cfg) < 0)
		return -1;
	audit_arm(o, &s->dev, &cfg->mask, &cfg->details);
	if (s->info.buffer_size < sizeof(struct ltt_buffer_header)) {
		msg_err("%s reports an implausible buffer size %u", o->device,
			s->info.buffer_size);
		return -1;
	}
	s->rbuf_len = s->info.buffer_size;
	s->rbuf = malloc(s->rbuf_len);
	s->cpu_buffers = calloc(s->info.ncpus, sizeof(*s->cpu_buffers));
	s->maps = calloc(s->info.ncpus, sizeof(*s->maps));
	s->unwritten = calloc(s->info.ncpus, sizeof(*s->unwritten));
	s->unw = calloc(s->info.ncpus, sizeof(*s->unw));
	s->zero_copy = !o->read_copy;
	if (!s->rbuf || !s->cpu_buffers || !s->maps || !s->unwritten ||
	    !s->unw) {
		msg_err("out of memory");
		return -1;
	}
	msg_info("%u CPUs, %u buffers of %u bytes per CPU, events: %s",
		 s->info.ncpus, s->info.buffer_count, s->info.buffer_size,
		 describe_mask(&cfg->mask, names, sizeof(names)));
	if (o->opt_flags & LTT_OPT_FLIGHT)
		msg_info("flight recorder: the buffers are read when the trace "
			 "ends");
	return 0;
}

/* traced --set-events LIST: changes the mask of the running trace. */
static int set_events(const struct options *o)
{
	struct device dev = { .fd = -1, .path = o->device };
	struct ltt_event_mask now;
	struct ltt_info info;
	char names[2048];
	int rc = EXIT_ERROR;

	if (device_open(&dev, o->device) < 0)
		return EXIT_ERROR;
	if (device_get_info(&dev, &info) < 0)
		goto out;
	if (!info.tracing) {
		msg_err("--set-events: %s is not tracing (it changes the events "
			"of a running trace: start one with traced -o DIR "
			"first)", o->device);
		goto out;
	}
	if (device_set_mask(&dev, &o->set_mask, "--set-events") < 0 ||
	    device_get_mask(&dev, &now) < 0)
		goto out;
	msg_info("events of the running trace on %s: %s", o->device,
		 describe_mask(&now, names, sizeof(names)));
	rc = 0;
out:
	device_close(&dev);
	return rc;
}

static int write_snapshot(int fd, const char *path)
{
	struct snapshot_stats st;
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	int ret = 0;

	if (!f) {
		if (fd >= 0) {
			msg_err("cannot write %s: %s", path, strerror(errno));
			close(fd);
		}
		return -1;
	}
	if (snapshot_write(f, "/proc", "/sys", &st) < 0 || fsync(fileno(f)) < 0) {
		msg_err("write error on %s: %s", path, strerror(errno));
		ret = -1;
	}
	if (fclose(f) != 0 && ret == 0) {
		msg_err("write error on %s: %s", path, strerror(errno));
		ret = -1;
	}
	return ret;
}

/* Adds the counts of @u (events not written) to the module's @li. */
static void add_unwritten(struct ltt_lost_info *li,
			  const struct ltt_lost_info *u)
{
	unsigned int k;

	li->total += u->total;
	for (k = 0; k < 64; k++)
		li->by_event[k] += u->by_event[k];
	for (k = 0; k < LTT_EV_MAX - 64; k++)
		li->by_event_high[k] += u->by_event_high[k];
	for (k = 0; k < LTT_LOST_SYSCALLS; k++) {
		li->syscall_entry[k] += u->syscall_entry[k];
		li->syscall_exit[k] += u->syscall_exit[k];
	}
}

/*
 * The lost file: in the room taken at the start if there is one (a full
 * disk has no room left for it at the end), else a new file.
 */
static int write_lost(struct files *f, const struct ltt_lost_info *lost,
		      unsigned int ncpus)
{
	int fd = f->lost_fd;

	f->lost_fd = -1;
	if (fd >= 0) {
		int r = tracedir_commit(fd, f->dirfd, "lost", f->lost,
					f->force, lost, ncpus * sizeof(*lost));

		if (r <= 0)
			return r;
	}
	return lost_write(files_open(f, f->lost), f->lost, lost, ncpus);
}

/* Everything after START: returns traced's exit status. */
static int finish(struct session *s, struct files *f,
		  struct ltt_trace_header *h, enum stop_reason why,
		  int started, int write_failed)
{
	struct ltt_lost_info *lost = NULL;
	int complete = !write_failed, status = 0;

	if (started) {
		if (device_stop(&s->dev) < 0) {
			complete = 0;
			why = STOP_DEVICE_ERROR;
		}
		h->end_ns = trace_clock_ns();
		/*
		 * After a write error too: the buffers left in the module
		 * are taken and counted lost, so that every event the
		 * module wrote is either in the file or counted.
		 */
		if (why != STOP_DEVICE_ERROR && collect_drain(s, &why) < 0)
			complete = 0;
	} else {
		h->end_ns = h->start_ns;
	}
	/* the last events to the rules, the notify commands waited for */
	if (audit_close(s->audit, h->end_ns) < 0) {
		msg_err("write error on %s/firings.jsonl", s->opt->output);
		write_failed = 1;
	}
	s->audit = NULL;
	/*
	 * what names the addresses (docs/stacks.md), after the events: a
	 * disk that fills takes these, not the records; the kernel's
	 * symbols hold the modules loaded meanwhile too
	 */
	if (started)
		symfiles_kernel(f->dirfd, s->opt->output, f->force, "/proc", geteuid() == 0);
	/* the mappings of the processes that exec'd or mmapped meanwhile */
	if (f->syms.maps)
		symfiles_stop(&f->syms, trace_clock_ns());
	symfiles_free(&f->syms);
	/* what was given to the writer and not written is lost too */
	if (writer_flush(s->writer) < 0) {
		collect_account_unwritten(s);
		why = STOP_WRITE_ERROR;
	}
	if (s->write_failed)
		why = STOP_WRITE_ERROR;
	if (why == STOP_WRITE_ERROR || why == STOP_DEVICE_ERROR)
		complete = 0;

	lost = calloc(s->info.ncpus, sizeof(*lost));
	if (lost) {
		unsigned int cpu;

		for (cpu = 0; cpu < s->info.ncpus; cpu++) {
			if (device_get_lost(&s->dev, cpu, &lost[cpu]) < 0)
				complete = 0;
			add_unwritten(&lost[cpu], &s->unwritten[cpu]);
			/* so that a reader knows when "events" was cut */
			lost[cpu].buffers = s->cpu_buffers ? s->cpu_buffers[cpu] : 0;
		}
		if (s->cpu_buffers && !s->bad_buffers)
			h->flags |= LTT_TRACE_BUFFERS;
		if (write_lost(f, lost, s->info.ncpus) < 0) {
			complete = 0;
			write_failed = 1;
		}
	} else {
		msg_err("out of memory for the lost counts");
		complete = 0;
	}
	if (f->lost_fd >= 0)
		close(f->lost_fd);
	if (s->evfd >= 0)
		close(s->evfd);
	if (writer_close(s->writer, &s->written) < 0) {
		complete = 0;
		write_failed = 1;
	}
	s->writer = NULL;
	if (why == STOP_WRITE_ERROR)
		write_failed = 1;
	if (complete)
		h->flags |= LTT_TRACE_COMPLETE;
	if (header_write(f->header_fd, f->header, h) < 0) {
		complete = 0;
		write_failed = 1;
	}
	if (close(f->header_fd) < 0) {
		msg_err("write error on %s: %s", f->header, strerror(errno));
		write_failed = 1;
		complete = 0;
	}
	close(f->dirfd);
	collect_unmap(s);
	device_close(&s->dev);
	if (report_print(s, s->opt->output, h->end_ns - h->start_ns, lost,
			 complete) < 0)
		write_failed = 1;
	free(lost);

	if (s->child > 0) {
		if (!s->child_reaped)
			msg_info("waiting for %s (pid %d) to exit",
				 s->opt->program[0], (int)s->child);
		collect_wait_program(s);
	}
	if (write_failed)
		return EXIT_WRITE;
	if (!complete)
		return EXIT_ERROR;
	if (s->child > 0 && s->child_reaped)
		status = program_exit_status(s->child_status);
	return status;
}

int main(int argc, char **argv)
{
	struct options o;
	struct session s;
	struct files f;
	struct config cfg;
	struct ltt_trace_header h;
	enum stop_reason why = STOP_NONE;
	uint64_t called, took_us;
	int fd, rc;

	rc = options_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	msg_quiet = o.quiet;
	if (o.set_events)
		return set_events(&o);
	if (o.vitals)
		return vitals_run(&o);
	memset(&s, 0, sizeof(s));
	s.opt = &o;
	s.dev.fd = -1;
	s.evfd = -1;

	if (tracedir_check(o.output, o.force) < 0)
		return EXIT_ERROR;
	s.sigfd = signals_setup(&s.orig_mask);
	if (s.sigfd < 0)
		return EXIT_ERROR;
	if (configure(&s, &o, &cfg) < 0)
		return EXIT_ERROR;

	memset(&f, 0, sizeof(f));
	f.force = o.force;
	f.lost_fd = -1;
	f.perm.group_set = o.group_set;
	f.perm.group = o.group;
	f.dirfd = tracedir_create(o.output, &f.perm);
	if (f.dirfd < 0 ||
	    tracedir_path(f.header, sizeof(f.header), o.output, "header") < 0 ||
	    tracedir_path(f.events, sizeof(f.events), o.output, "events") < 0 ||
	    tracedir_path(f.lost, sizeof(f.lost), o.output, "lost") < 0 ||
	    tracedir_path(f.proc, sizeof(f.proc), o.output, "proc") < 0)
		return EXIT_ERROR;
	f.header_fd = files_open(&f, f.header);
	if (f.header_fd < 0)
		return EXIT_ERROR;
	header_init(&h, &s.info, &cfg.mask);
	header_set_config(&h, &cfg.details, &o.filter, &o.sip, o.capture_len,
			  o.opt_flags);
	if (o.stacks_set)
		header_set_stacks(&h, &o.stacks);
	h.sample_hz = o.sample_hz;
	h.stack_syscalls = o.stack_syscalls;
	if (o.rules && (lttr_rules_actions(o.rules) & LTTR_ACT_LOG))
		header_set_heavy(&h);
	if (header_write(f.header_fd, f.header, &h) < 0)
		return EXIT_WRITE;
	fd = files_open(&f, f.events);
	if (fd < 0)
		return EXIT_ERROR;
	/* read back after a write error: the records that reached it */
	s.evfd = openat(f.dirfd, "events", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	f.lost_fd = tracedir_reserve(f.dirfd, s.info.ncpus *
				     sizeof(struct ltt_lost_info), &f.perm);
	s.writer = writer_open(fd, f.events, o.write_buffer);
	if (!s.writer)
		return EXIT_ERROR;

	/*
	 * The mappings at START (docs/stacks.md), read just before it: read
	 * after it, the reads of every process's maps were traced, enough
	 * to fill a small trace's buffers (50-debug-kernel.t's storm traces
	 * lost events).  Never fails the trace.
	 */
	symfiles_start(&f.syms, f.dirfd, o.output, o.force, "/proc", SYMFILES_MAPS_BOUND,
		       trace_clock_ns());
	called = trace_clock_ns();
	if (device_start(&s.dev) < 0)
		return finish(&s, &f, &h, STOP_DEVICE_ERROR, 0, 0);
	h.start_wall_ns = clock_ns(CLOCK_REALTIME);
	h.start_ns = trace_clock_ns();
	s.start_ns = h.start_ns;
	/* how long START took: its buffers begin after its call (ltt-abi.h) */
	took_us = (h.start_ns - called + 999) / 1000;
	h.start_call_us = took_us > UINT32_MAX ? UINT32_MAX : (uint32_t)took_us;
	if (header_write(f.header_fd, f.header, &h) < 0)
		return finish(&s, &f, &h, STOP_WRITE_ERROR, 1, 1);
	if (write_snapshot(files_open(&f, f.proc), f.proc) < 0)
		return finish(&s, &f, &h, STOP_WRITE_ERROR, 1, 1);
	if (o.rules) {
		int failed = 0;

		if (o.force && unlinkat(f.dirfd, "firings.jsonl", 0) < 0 && errno != ENOENT)
			msg_warn("cannot replace %s/firings.jsonl: %s", o.output, strerror(errno));
		s.audit = audit_open(&o, f.dirfd, o.output, &h, s.info.ncpus, &failed);
		audit_set_device(s.audit, &s.dev);
		audit_set_reader(s.audit, collect_read_back, collect_copy_back, &s);
		if (failed)
			return finish(&s, &f, &h, STOP_WRITE_ERROR, 1, 1);
	}

	if (o.duration_ns)
		s.deadline_ns = h.start_ns + o.duration_ns;
	if (o.program) {
		s.child = program_start(o.program, &s.orig_mask);
		if (s.child < 0) {
			s.child = 0;
			return finish(&s, &f, &h, STOP_DEVICE_ERROR, 1, 0);
		}
		/* written with the header at the end (finish()) */
		header_set_command(&h, (uint32_t)s.child);
	}
	why = collect_run(&s);
	if (why == STOP_END)
		msg_warn("%s ended the trace by itself", o.device);
	return finish(&s, &f, &h, why, 1, why == STOP_WRITE_ERROR);
}
