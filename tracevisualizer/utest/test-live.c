// SPDX-License-Identifier: GPL-2.0
/*
 * test-live.c - a trace followed while it is written (lttr/reader/live.h):
 * a generated trace copied into another directory in pieces as traced
 * writes one (the directory first, the header before START, after START,
 * the events a few bytes at a time, a buffer header and a record cut in
 * the middle, the header with its end), the follower polled after each
 * piece: it waits for what is cut, never calls it damage, reads only what
 * was appended (a byte it read, overwritten after, is not read again), and
 * ends with the events, pids and order of the trace opened whole.  Then a
 * file truncated while followed (the events read stay), the firings file
 * a line at a time, the bound on the events kept, how far behind.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/audit/firings.h>
#include <lttr/reader/live.h>
#include "tap.h"
#include "tracegen.h"

static const char *desc =
	"header ncpus=2 format=1.5\n"
	"buf cpu=0 start=1000000000 pid=7\n"
	"1000000000 start 7 0\n"
	"1000000010 syscall_entry 1\n"
	"1000000020 sched 7 12 1\n"
	"1000000030 syscall_exit 1 0\n"
	"buf cpu=1 start=1000000005 pid=99\n"
	"1000000005 start 3 1\n"
	"1000000015 syscall_entry 2\n"
	"1000000025 exec 3 /bin/live-test\n"
	"buf cpu=0 start=1000000040 pid=12\n"
	"1000000040 sched 12 0 0\n"
	"1000000050 irq_entry 4 0\n"
	"1000000055 time_ext 1000000052\n"
	"1000000058 irq_exit 4 0\n"
	"buf cpu=1 start=1000000035 pid=3\n"		/* earlier than cpu 0's last */
	"1000000035 sched 3 5 0\n"
	"1000000080 wakeup 9 1 1\n";

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *b;
	long sz;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	sz = ftell(f);
	rewind(f);
	b = malloc((size_t)sz + 1);
	if (b && fread(b, 1, (size_t)sz, f) != (size_t)sz) {
		free(b);
		b = NULL;
	}
	fclose(f);
	*n = (size_t)sz;
	return b;
}

static void put(const char *dir, const char *name, const void *d, size_t n, bool append)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, append ? "ab" : "wb");
	if (f) {
		if (n)
			fwrite(d, 1, n, f);
		fclose(f);
	}
}

/* the header as traced writes it: @start 0 before START, @end 0 while it runs */
static void put_header(const char *dir, const struct ltt_trace_header *whole, size_t hsize,
		       uint64_t start, uint64_t end, bool complete)
{
	struct ltt_trace_header h = *whole;
	char path[600];
	int fd;

	h.start_ns = start;
	h.end_ns = end;
	h.flags = complete ? (h.flags | LTT_TRACE_COMPLETE) : (h.flags & ~LTT_TRACE_COMPLETE);
	/* rewritten in place, as traced's header_write() does */
	snprintf(path, sizeof(path), "%s/header", dir);
	fd = open(path, O_WRONLY | O_CREAT, 0644);
	if (fd >= 0) {
		if (pwrite(fd, &h, hsize, 0) != (ssize_t)hsize)
			tap_diag("header: short write");
		close(fd);
	}
}

static struct lttr_live_status poll1(struct lttr_live *l, uint64_t now)
{
	struct lttr_live_status st;

	lttr_live_poll(l, now);
	lttr_live_status(l, &st);
	return st;
}

static const char *state_name(enum lttr_live_state s)
{
	static const char *const n[] = { "waiting", "running", "ended", "failed" };

	return n[s];
}

int main(void)
{
	char src[512], dst[560], dst2[640], dst3[560];
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *ref;
	struct lttr_live *l;
	struct lttr_live_status st;
	struct ltt_trace_header h;
	struct ltt_buffer_header bh;
	struct ltt_record_header rh;
	size_t nref, nev, nhdr, i, b1, cut, step;
	char *ev, *hb;
	bool good, never_failed;
	int s;

	tap_plan(27);
	ok(tg_open("whole", desc, 0, &t, &err) == 0, "the trace written whole opens");
	ref = tg_all_events(t, &nref, 0, &s);
	ok(ref && nref == 13, "it has 13 events (%zu)", nref);
	snprintf(src, sizeof(src), "%s", tg_dir("whole"));
	snprintf(dst, sizeof(dst), "%s/live", tg_dir("pieces"));
	hb = slurp((snprintf(dst2, sizeof(dst2), "%s/header", src), dst2), &nhdr);
	ev = slurp((snprintf(dst2, sizeof(dst2), "%s/events", src), dst2), &nev);
	if (!hb || !ev || nhdr < LTT_TRACE_HEADER_SIZE_1_0)
		return tap_done();
	memset(&h, 0, sizeof(h));
	memcpy(&h, hb, nhdr < sizeof(h) ? nhdr : sizeof(h));

	/* no directory, then an empty one, then a header before START */
	ok(lttr_live_open(dst, 0, &l, &err) == 0, "a follower of a directory not there yet");
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_WAITING && strstr(st.why, "no such directory yet"),
	   "no directory: waiting, said (%s: %s)", state_name(st.state), st.why);
	mkdir(dst, 0755);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_WAITING && strstr(st.why, "not a trace yet"),
	   "an empty directory: not a trace yet, waiting (%s)", st.why);
	put(dst, "header", hb, 100, false);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_WAITING && strstr(st.why, "being written"),
	   "a header cut short: being written, waiting, not an error (%s)", st.why);
	put_header(dst, &h, nhdr, 0, 0, false);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_WAITING && strstr(st.why, "not started"),
	   "the header before START: waiting for it (%s)", st.why);
	put_header(dst, &h, nhdr, h.start_ns, 0, false);
	put(dst, "events", NULL, 0, false);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_RUNNING && st.events == 0,
	   "after START: running, no events yet (%s, %llu)", state_name(st.state),
	   (unsigned long long)st.events);

	/* the first buffer: its header cut, then a record cut in the middle */
	memcpy(&bh, ev, sizeof(bh));
	b1 = sizeof(bh) + bh.data_size;
	memcpy(&rh, ev + sizeof(bh), sizeof(rh));
	put(dst, "events", ev, 30, true);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_RUNNING && st.events == 0 && st.pending == 30,
	   "30 bytes of a buffer header: waited for (%s, pending %llu)", state_name(st.state),
	   (unsigned long long)st.pending);
	cut = sizeof(bh) + rh.size + 4;	/* inside the second record */
	put(dst, "events", ev + 30, cut - 30, true);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_RUNNING && st.events == 0 && st.pending == cut,
	   "a record cut in the middle: no event, no error, %zu bytes pending (%s: %s)", cut,
	   state_name(st.state), st.why);
	put(dst, "events", ev + cut, b1 - cut, true);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_RUNNING && st.events == 4 && st.added == 4 && st.pending == 0 &&
	   st.bytes == b1, "the rest of the buffer: its 4 events (%llu), all bytes decoded",
	   (unsigned long long)st.events);

	/* a byte read already, overwritten: a follower that read the file again would fail */
	{
		char path[600];
		int fd;

		snprintf(path, sizeof(path), "%s/events", dst);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			if (pwrite(fd, "XXXX", 4, 0) != 4)
				tap_diag("pwrite");
			close(fd);
		}
	}
	/* the rest 7 bytes at a time, a poll after each */
	never_failed = true;
	for (i = b1; i < nev; i += step) {
		step = nev - i < 7 ? nev - i : 7;
		put(dst, "events", ev + i, step, true);
		st = poll1(l, 0);
		if (st.state != LTTR_LIVE_RUNNING) {
			never_failed = false;
			tap_diag("at byte %zu: %s %s", i, state_name(st.state), st.why);
			break;
		}
	}
	ok(never_failed, "the rest 7 bytes at a time: running after every poll, never damage, "
	   "the bytes read before never read again (overwritten, not seen)");
	ok(st.events == nref && st.pending == 0, "every event read (%llu of %zu)",
	   (unsigned long long)st.events, nref);
	good = st.kept == nref;
	for (i = 0; good && i < nref; i++) {
		const struct lttr_event *e = lttr_live_event(l, i);

		good = e && e->time_ns == ref[i].time_ns && e->cpu == ref[i].cpu &&
		       e->pid == ref[i].pid && e->id == ref[i].id && e->control == ref[i].control;
		if (!good)
			tap_diag("event %zu: %llu cpu %u pid %u id %u, whole: %llu cpu %u pid %u id %u", i,
				 e ? (unsigned long long)e->time_ns : 0ULL, e ? e->cpu : 0, e ? e->pid : 0,
				 e ? e->id : 0, (unsigned long long)ref[i].time_ns, ref[i].cpu,
				 ref[i].pid, ref[i].id);
	}
	ok(good, "the events in the merged order, with the times (a time extension), pids and "
	   "control flags of the trace opened whole (cpu 1's late buffer put in its place)");
	{
		const struct lttr_event *e = NULL;

		for (i = 0; i < nref && !(e && e->id == LTT_EV_PROCESS_EXEC); i++)
			e = lttr_live_event(l, i);
		ok(e && e->id == LTT_EV_PROCESS_EXEC && e->var_len == 14 && !memcmp(e->var, "/bin/live-test", 14),
		   "an exec's name kept with its event");
	}
	ok(st.newest_ns == 1000000080 && poll1(l, 1000000080 + 1500).behind_ns == 1500,
	   "newest event 1000000080 ns; polled at 1500 ns later: 1500 ns behind");
	put_header(dst, &h, nhdr, h.start_ns, h.end_ns, true);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_ENDED && st.complete && st.end_ns == h.end_ns && !st.why[0],
	   "the header rewritten with its end: ended, complete (%s %s)", state_name(st.state), st.why);
	lttr_live_close(l);

	/* a session that ends inside a buffer */
	snprintf(dst2, sizeof(dst2), "%s/cut", tg_dir("pieces"));
	mkdir(dst2, 0755);
	put_header(dst2, &h, nhdr, h.start_ns, 0, false);
	put(dst2, "events", ev, b1 + 20, false);
	lttr_live_open(dst2, 0, &l, &err);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_RUNNING && st.events == 4 && st.pending == 20,
	   "a buffer and 20 bytes of the next: its 4 events, 20 bytes waited for");
	put_header(dst2, &h, nhdr, h.start_ns, h.end_ns, false);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_ENDED && !st.complete && strstr(st.why, "ended inside a buffer"),
	   "then the end: ended, the cut buffer said (%s)", st.why);
	lttr_live_close(l);

	/* truncated while followed: failed, said, what was read stays */
	snprintf(dst3, sizeof(dst3), "%s/trunc", tg_dir("pieces"));
	mkdir(dst3, 0755);
	put_header(dst3, &h, nhdr, h.start_ns, 0, false);
	put(dst3, "events", ev, nev, false);
	lttr_live_open(dst3, 0, &l, &err);
	st = poll1(l, 0);
	ok(st.events == nref, "a trace followed: %zu events", nref);
	good = st.kept == nref;
	for (i = 0; good && i < nref; i++) {
		const struct lttr_event *e = lttr_live_event(l, i);

		good = e && e->time_ns == ref[i].time_ns && e->cpu == ref[i].cpu && e->id == ref[i].id;
	}
	ok(good, "read in one poll (4 buffers of 2 CPUs sorted and merged at once): the order "
	   "of the trace opened whole");
	snprintf(dst2, sizeof(dst2), "%s/events", dst3);
	if (truncate(dst2, (off_t)b1) < 0)
		tap_diag("truncate: %s", strerror(errno));
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_FAILED && strstr(st.why, "truncated from") &&
	   st.kept == nref && lttr_live_event(l, nref - 1) != NULL,
	   "its events file truncated: failed, said, the %zu events stay (%s)", nref, st.why);
	put(dst3, "events", ev + b1, nev - b1, true);
	st = poll1(l, 0);
	ok(st.state == LTTR_LIVE_FAILED && st.events == nref, "and nothing read after that");

	/* the firings, a line cut in two, a notify line, a bad line */
	{
		static const char f1[] =
			"{\"seq\":1,\"rule\":0,\"line\":1,\"text\":\"on exit if code != 0 then notify cat\","
			"\"time_ns\":1000000030,\"start_ns\":1000000030,\"type\":\"exit\",\"pid\":12,\"cpu\":0,"
			"\"comm\":\"x\",\"key\":\"\",\"values\":[{\"expr\":\"code\",\"value\":1}],"
			"\"window_truncated\":false,\"suppressed_before\":0,\"actions\":[\"notify\"],"
			"\"snapshot\":null}\n";
		const struct lttr_firing_rec *f;

		/* (the follower above failed: a new one, on the trace whole again) */
		lttr_live_close(l);
		put(dst3, "events", ev, nev, false);
		lttr_live_open(dst3, 0, &l, &err);
		put(dst3, "firings.jsonl", f1, 40, false);
		st = poll1(l, 0);
		ok(st.state == LTTR_LIVE_RUNNING && st.events == nref && st.firings == 0,
		   "a firing's line cut in two: not read yet (%s %s)", state_name(st.state), st.why);
		put(dst3, "firings.jsonl", f1 + 40, sizeof(f1) - 41, true);
		put(dst3, "firings.jsonl", "{\"notify\":1,\"killed\":false,\"exit\":3}\n{\"seq\":2}\n", 47, true);
		st = poll1(l, 0);
		f = lttr_live_firing(l, 0);
		ok(st.firings == 1 && f && f->seq == 1 && f->pid == 12 && f->notified &&
		   f->notify_exit == 3 && st.bad_firings == 1,
		   "the whole line: firing 1 of pid 12, its notify's exit 3, the bad line counted");
		lttr_live_close(l);
	}

	/* the bound: 4 kept of 13, the oldest dropped and counted */
	lttr_live_open(dst3, 4, &l, &err);
	st = poll1(l, 0);
	ok(st.kept == 4 && st.dropped == nref - 4 &&
	   lttr_live_event(l, 3)->time_ns == ref[nref - 1].time_ns,
	   "keep 4: the newest 4 kept, %zu dropped and counted (%zu, %llu)", nref - 4, st.kept,
	   (unsigned long long)st.dropped);
	ok(lttr_live_first_index(l, ref[nref - 2].time_ns) == 2,
	   "the first kept event at or after a time: index 2");
	lttr_live_close(l);
	free(ref);
	free(hb);
	free(ev);
	lttr_trace_close(t);
	return tap_done();
}
