// SPDX-License-Identifier: GPL-2.0
/*
 * test-timeext.c - time-extension records (format 1.5, LTT_EV_TIME_EXT):
 * a buffer spanning more than 2^32 ns keeps exact absolute times after
 * each extension, forward, backward and after a seek; the extension is an
 * event (time_ext, its time its base_ns); and a damaged extension (cut
 * short, going back in time, past the buffer's end, without its payload,
 * in a format 1.4 trace) is refused with a clear error, or with salvage
 * ends its buffer with a warning, never read as times.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include "tap.h"
#include "tracegen.h"

#define GOOD \
	"header format=1.5 ncpus=2 end=20000000000\n" \
	"buf cpu=0 start=1000000000 pid=7\n" \
	"1000000000 start 7 0\n" \
	"1000000100 syscall_entry 1\n" \
	"6000000000 time_ext\n" \
	"6000000005 syscall_exit 1 0\n" \
	"15000000000 time_ext\n" \
	"15000000000 syscall_entry 2\n" \
	"19000000000 syscall_exit 2 0\n" \
	"buf cpu=1 start=1000000000 pid=8\n" \
	"1000000000 start 8 1\n" \
	"5000000000 syscall_entry 3\n"

/* the first error met reading every event, or "" */
static const char *read_all(struct lttr_trace *t, size_t *n)
{
	static char msg[1100];
	struct lttr_iter *it;
	struct lttr_event ev;
	int r;

	*n = 0;
	msg[0] = '\0';
	if (lttr_iter_new(t, &it, NULL) < 0)
		return "no iterator";
	while ((r = lttr_iter_next(it, &ev)) > 0)
		(*n)++;
	if (r < 0)
		snprintf(msg, sizeof(msg), "%s", lttr_iter_error(it)->msg);
	lttr_iter_free(it);
	return msg;
}

static bool has_warning(const struct lttr_trace *t, const char *what)
{
	for (size_t i = 0; i < lttr_trace_warning_count(t); i++)
		if (strstr(lttr_trace_warning(t, i), what))
			return true;
	return false;
}

/*
 * A good buffer with a damaged record put after its first syscall_entry
 * (@bad, a line of the description, the buffer's last record at offset
 * 84 of the file): refused with @why; with salvage, the two records
 * before it are read and a warning says why.
 */
static void damaged(const char *name, const char *format, const char *bad,
		    const char *why)
{
	char desc[1024], sname[64];
	struct lttr_trace *t = NULL;
	struct lttr_error err;
	const char *msg;
	size_t n;
	int r;

	snprintf(desc, sizeof(desc),
		 "header format=%s ncpus=1 end=20000000000\n"
		 "buf cpu=0 start=1000000000 pid=7 end=19000000000\n"
		 "1000000000 start 7 0\n"
		 "1000000100 syscall_entry 1\n"
		 "%s\n", format, bad);
	r = tg_open(name, desc, 0, &t, &err);
	if (!ok(r == 0, "%s: opens (records are read later)", name)) {
		tap_diag("%s", err.msg);
		return;
	}
	msg = read_all(t, &n);
	if (!ok(n == 2 && strstr(msg, why) && strstr(msg, "record at offset 84 "),
		"%s: refused after the 2 events before it: %s", name, why))
		tap_diag("%zu events, error \"%s\"", n, msg);
	lttr_trace_close(t);

	snprintf(sname, sizeof(sname), "%s-salvage", name);
	r = tg_open(sname, desc, LTTR_OPEN_SALVAGE, &t, &err);
	if (!ok(r == 0, "%s: opens with salvage", name)) {
		tap_diag("%s", err.msg);
		return;
	}
	msg = read_all(t, &n);
	if (!ok(n == 2 && !*msg && has_warning(t, why) &&
		has_warning(t, "rest of the buffer ignored (salvage)"),
		"%s with salvage: the 2 events before it, a warning", name))
		tap_diag("%zu events, error \"%s\", %zu warnings", n, msg,
			 lttr_trace_warning_count(t));
	lttr_trace_close(t);
}

/* damaged time extensions: name, format, the record, the error */
static const struct {
	const char *name, *format, *line, *why;
} bad[] = {
	{ "cut", "1.5", "5000000000 rec 63 12 00 00 00 00",
	  "payload of 4 bytes shorter than the 8 bytes of a time_ext event" },
	{ "back", "1.5", "5000000000 time_ext 900000000",
	  "time extension to 900000000 ns, before the 1000000100 ns of the record before it: records out of time order" },
	{ "past", "1.5", "5000000000 time_ext 19500000000",
	  "time extension to 19500000000 ns, past the buffer's last record (19000000000 ns)" },
	{ "nodetail", "1.5", "5000000000 nodetail 63",
	  "time_ext record without its time (LTT_REC_NO_DETAILS)" },
	{ "old", "1.4", "5000000000 time_ext",
	  "event id 63 (time_ext), which format 1.4 does not have" },
	{ "compact", "1.5", "5000000000 rec 63 16 flags=2 0 242 5 42 1 0 0 0",
	  "time_ext record marked compact" },
};

int main(void)
{
	static const uint64_t want[] = {
		1000000000ULL, 1000000000ULL, 1000000100ULL, 5000000000ULL,
		6000000000ULL, 6000000005ULL, 15000000000ULL, 15000000000ULL,
		19000000000ULL,
	};
	const size_t nw = sizeof(want) / sizeof(want[0]);
	struct lttr_trace *t = NULL;
	struct lttr_error err;
	struct lttr_event *v, ev;
	struct lttr_iter *it;
	size_t n, i;
	int st, r;
	bool good;

	r = tg_open("good", GOOD, 0, &t, &err);
	if (!ok(r == 0, "a 1.5 trace with time extensions opens"))
		tap_diag("%s", err.msg);
	if (r)
		return tap_done();
	v = tg_all_events(t, &n, 0, &st);
	good = st == 0 && n == nw;
	for (i = 0; good && i < n; i++)
		good = v[i].time_ns == want[i];
	if (!ok(good, "forward: the exact absolute times across two extensions"))
		for (i = 0; i < n; i++)
			tap_diag("%zu: cpu %u id %u t=%llu", i, v[i].cpu, v[i].id,
				 (unsigned long long)v[i].time_ns);
	ok(n == nw && v[4].id == LTT_EV_TIME_EXT && v[4].cpu == 0 &&
	   v[4].p.time_ext.base_ns == 6000000000ULL && v[4].pid == 7 &&
	   v[3].cpu == 1 && v[3].p.syscall_entry.nr == 3 &&
	   v[6].id == LTT_EV_TIME_EXT && v[7].p.syscall_entry.nr == 2 &&
	   v[8].p.syscall_exit.nr == 2,
	   "the extensions are time_ext events of their CPU and task, the records after them decoded");
	free(v);
	v = tg_all_events(t, &n, 1, &st);
	good = st == 0 && n == nw;
	for (i = 0; good && i < n; i++)
		good = v[i].time_ns == want[nw - 1 - i];
	ok(good, "backward: the same times in reverse");
	free(v);
	ok(lttr_iter_new(t, &it, NULL) == 0, "iterator");
	lttr_iter_seek_time(it, 15000000000ULL);
	r = lttr_iter_next(it, &ev);
	ok(r == 1 && ev.time_ns == 15000000000ULL && ev.id == LTT_EV_TIME_EXT,
	   "a seek to 15 s finds the second extension");
	r = lttr_iter_next(it, &ev);
	ok(r == 1 && ev.time_ns == 15000000000ULL && ev.id == LTT_EV_SYSCALL_ENTRY,
	   "then the record it is the base of");
	lttr_iter_free(it);
	ok(lttr_trace_warning_count(t) == 0, "no warning");
	lttr_trace_close(t);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		damaged(bad[i].name, bad[i].format, bad[i].line, bad[i].why);
	return tap_done();
}
