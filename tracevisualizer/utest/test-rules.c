// SPDX-License-Identifier: GPL-2.0
/*
 * test-rules.c - the trigger rules (lttr/audit/rules.h, docs/triggers.md):
 * the examples of the documentation compile; bad rules are refused with
 * their line and column (syntax, unknown field, a field the event does not
 * have, impossible windows, unknown actions); and fed synthetic events in
 * time order, each rule fires exactly when its condition holds, with the
 * values of its condition (a latency against 3 x its mean per comm over a
 * window, a signal, an exit code, a wakeup latency of one task), once per
 * hold-off, and its firing's JSON says so.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/audit/firings.h>
#include <lttr/audit/rules.h>
#include <lttr/reader/syscalls.h>
#include "tap.h"

#define MS	1000000ULL

/* the names of the tasks: pid 10 "srv", 11 "cli", 7 "rt-loop", 8 "other" */
static const char *comm_of(void *arg, uint32_t pid, uint64_t t)
{
	(void)arg;
	(void)t;
	switch (pid) {
	case 10: return "srv";
	case 11: return "cli";
	case 7: return "rt-loop";
	case 8: return "other";
	default: return NULL;
	}
}

static const struct lttr_filter_ctx ctx = { .comm = comm_of };

/* the last firing, copied */
struct seen {
	unsigned int n;
	struct lttr_firing f;
	char json[2048];
	char vtext[LTTR_FIRING_MAX_VALUES][64];
	char side[256];		/* its side as audit --rules says it (lttr_request_side_str()) */
};

static void on_fire(void *arg, const struct lttr_firing *f)
{
	struct seen *s = arg;
	FILE *m = fmemopen(s->json, sizeof(s->json), "w");
	size_t i;

	s->n++;
	s->f = *f;
	lttr_request_side_str(f->side, f->local, f->peer, s->side, sizeof(s->side));
	for (i = 0; i < f->nvalues; i++) {
		snprintf(s->vtext[i], sizeof(s->vtext[i]), "%s", f->values[i].text);
		s->f.values[i].text = s->vtext[i];
	}
	s->f.text = NULL;
	s->f.comm = NULL;
	s->f.key = NULL;
	s->f.notify = NULL;
	if (m) {
		struct lttr_snapshot_info si = { .dir = "snapshot-1", .complete = true,
						 .buffers = 4 };

		lttr_firing_json(f, s->n, &si, m);
		fclose(m);
	}
}

static struct lttr_event mkev(unsigned int id, uint64_t t, uint32_t pid)
{
	struct lttr_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.id = (uint8_t)id;
	ev.time_ns = t;
	ev.pid = pid;
	ev.known = true;
	ev.details = true;
	return ev;
}

/* a syscall @nr of @pid from @t lasting @d: its firings */
static unsigned int sys(struct lttr_rules *r, struct seen *s, uint32_t pid, unsigned int nr,
			uint64_t t, uint64_t d)
{
	struct lttr_event ev = mkev(LTT_EV_SYSCALL_ENTRY, t, pid);

	ev.p.syscall_entry.nr = nr;
	lttr_rules_feed(r, &ctx, &ev, on_fire, s);
	ev = mkev(LTT_EV_SYSCALL_EXIT, t + d, pid);
	ev.p.syscall_exit.nr = nr;
	return lttr_rules_feed(r, &ctx, &ev, on_fire, s);
}

/*
 * firing @s->json read back as audit and the front ends read it
 * (lttr_firing_line()): its side said as audit says it (@side) and as the
 * front ends' lists show it (@peer); "" for a firing without a side; and
 * the firing as fired (audit --rules: lttr_request_side_str()) said as
 * read back
 */
static bool said(const struct seen *s, const char *side, const char *peer)
{
	struct lttr_firing_rec *f = calloc(1, sizeof(*f));
	char a[256], b[256];
	bool good;

	if (!f)
		return false;
	good = lttr_firing_line(s->json, NULL, 0, f) == 1 &&
	       !strcmp(lttr_firing_side_str(f, a, sizeof(a)), side) &&
	       !strcmp(lttr_firing_peer_str(f, b, sizeof(b)), peer) && !strcmp(s->side, side);
	if (!good)
		tap_diag("read back: side '%s', peer '%s'; as fired: side '%s'", a, b, s->side);
	lttr_firings_free(f, 1);
	return good;
}

/* @text is refused with a message that starts with @prefix and contains @part */
static void refused(const char *text, const char *prefix, const char *part)
{
	struct lttr_rules *r = (struct lttr_rules *)1;
	struct lttr_error err;
	int ret = lttr_rules_parse(text, &r, &err);

	ok(ret == -LTTR_E_INVAL && !r && !strncmp(err.msg, prefix, strlen(prefix)) &&
	   strstr(err.msg, part), "refused: %s -> %s", text, ret < 0 ? err.msg : "(accepted)");
}

static struct lttr_rules *compile(const char *text)
{
	struct lttr_rules *r = NULL;
	struct lttr_error err;

	if (lttr_rules_parse(text, &r, &err) < 0) {
		tap_diag("%s: %s", text, err.msg);
		return NULL;
	}
	return r;
}

static int64_t value_of(const struct seen *s, const char *text, bool *known)
{
	size_t i;

	for (i = 0; i < s->f.nvalues; i++)
		if (!strcmp(s->f.values[i].text, text)) {
			*known = s->f.values[i].known;
			return s->f.values[i].v;
		}
	*known = false;
	return -1;
}

static void test_docs_examples(void)
{
	static const char *const text =
		"# the examples of docs/triggers.md\n"
		"on syscall_exit(read) by comm if latency > 3 * avg(latency, 60s) then snapshot\n"
		"\n"
		"on signal if sig == SIGSEGV then snapshot, notify cat > /tmp/x\n"
		"on exit if code != 0 then snapshot\n"
		"on wakeup if latency > 2ms && comm == \"rt-loop\" then snapshot\n"
		"on syscall_exit by syscall if latency > p99(latency, 5min) then stop\n"
		"on fs_open if filename =~ \"^/etc/\" then notify logger\n"
		"on syscall_exit(write) if count(1s) > 1000 || rate(10s) >= 50 then snapshot\n"
		"on exit if not (code == 0 or code == 256) then snapshot\n"
		"on request(caller) by comm if latency > 50ms then snapshot, log top(5) for 2s\n"
		"on syscall_exit(read) by pid if latency > 50ms then snapshot, "
		"log top(5) for 5min or 10 matched + 10 unmatched\n"
		"on every 10s over request(callee) if count(10s) > 10000 then stop\n";
	struct lttr_rules *r = compile(text);

	ok(r && lttr_rules_count(r) == 11, "the documentation's examples compile: 11 rules");
	if (r)
		ok(!strcmp(lttr_rules_text(r, 2), "on exit if code != 0 then snapshot"),
		   "a rule's text is its line");
	lttr_rules_free(r);
}

static void test_errors(void)
{
	/* syntax: the filter's message, placed in the line */
	refused("on exit if code != then snapshot", "line 1, column 19:", "expected a value");
	refused("\n\non exit if (code != 0 then snapshot", "line 3, column 22:",
		"expected ')' to close the '(' at column 12");
	refused("on exit if code = 0 then snapshot", "line 1, column 17:", "'=' is not an operator");
	/* unknown field; a field the event does not have */
	refused("on exit if cod != 0 then snapshot", "line 1, column 12:", "unknown field 'cod'");
	refused("on exit if sig == SIGSEGV then snapshot", "line 1, column 12:",
		"has the field 'sig'");
	/* impossible windows */
	refused("on syscall_exit if latency > avg(latency, 0s) then snapshot",
		"line 1, column 43:", "window of 0");
	refused("on syscall_exit if latency > avg(latency, 61min) then snapshot",
		"line 1, column 43:", "longer than the longest");
	refused("on syscall_exit if latency > avg(latency, 5 parsecs) then snapshot",
		"line 1, column 43:", "not a duration");
	refused("on syscall_exit if latency > avg(latency) then snapshot",
		"line 1, column 41:", "expected ','");
	refused("on syscall_exit if latency > p101(latency, 1s) then snapshot",
		"line 1, column 30:", "percentile");
	refused("on syscall_exit if latency > median(latency, 1s) then snapshot",
		"line 1, column 30:", "unknown aggregate");
	refused("on syscall_exit if latency > 3 * latency then snapshot",
		"line 1, column 34:", "expected an aggregate");
	refused("on syscall_exit if latency > 2 parsecs then snapshot",
		"line 1, column 32:", "found 'parsecs'");
	refused("on syscall_exit if latency > 2xs then snapshot",
		"line 1, column 30:", "not a duration");
	refused("on exit if comm =~ avg(latency, 1s) then snapshot", "line 1, column 20:",
		"regular expression");
	/* the rule's own words */
	refused("when exit then snapshot", "line 1, column 1:", "starts with 'on'");
	refused("on exot then snapshot", "line 1, column 4:", "no event is named 'exot'");
	refused("on syscall_exit(reed) then snapshot", "line 1, column 17:", "no syscall");
	refused("on exit(read) then snapshot", "line 1, column 8:", "only syscall_exit");
	refused("on exit by name then snapshot", "line 1, column 12:", "expected a key");
	refused("on exit by syscall then snapshot", "line 1, column 12:", "'by syscall'");
	refused("on exit if code != 0", "line 1, column 21:", "expected 'then'");
	refused("on exit then", "line 1, column 13:", "expected an action");
	refused("on exit then snapshot stop", "line 1, column 23:", "expected ','");
	refused("on exit then explode", "line 1, column 14:", "unknown action 'explode'");
	refused("on exit then notify   ", "line 1, column 20:", "needs a command");
	refused("on exit if then snapshot", "line 1, column 12:", "expected a condition");
	refused("# nothing\n\n", "no rule", "");
	refused("on exit then snapshot\non exit then\tsnap\x01shot", "line 2, column 18:",
		"control character");
}

/* the action log (heavy logging): its words, its bounds, its firing */
static void test_log(void)
{
	struct lttr_rules *r;
	struct seen s = { 0 };
	struct lttr_event ev;

	refused("on exit then log top(5) for 5min", "line 1, column 14:", "log needs snapshot");
	refused("on exit then snapshot, log first(5) for 5s", "line 1, column 28:",
		"expected 'top(N)'");
	refused("on exit then snapshot, log top(0) for 5s", "line 1, column 32:", "from 1 to 32");
	refused("on exit then snapshot, log top(33) for 5s", "line 1, column 32:", "from 1 to 32");
	refused("on exit then snapshot, log top(5 for 5s", "line 1, column 32:", "from 1 to 32");
	refused("on exit then snapshot, log top(5)", "line 1, column 34:", "expected 'for");
	refused("on exit then snapshot, log top(5) for ever", "line 1, column 39:",
		"expected a duration");
	refused("on exit then snapshot, log top(5) for 5", "line 1, column 39:",
		"expected a duration");
	refused("on exit then snapshot, log top(5) for 0s", "line 1, column 39:", "above 0");
	refused("on exit then snapshot, log top(5) for 2h", "line 1, column 39:",
		"at most 1 hour");
	refused("on exit then snapshot, log top(5) for 61min", "line 1, column 39:",
		"at most 1 hour");
	refused("on exit then snapshot, log top(5) for 5s or 0 events", "line 1, column 45:",
		"or COUNT events");
	refused("on exit then snapshot, log top(5) for 5s or 10 lines", "line 1, column 45:",
		"or COUNT events");
	refused("on exit then snapshot, log top(5) for 5s stop", "line 1, column 42:",
		"expected ','");
	r = compile("on exit if code != 0 then snapshot, log top(5) for 500ms or 1000 events, "
		    "notify cat\non exit if code == 3 then log top(32) for 60min, snapshot");
	if (!r) {
		ok(false, "the log rules compile");
		return;
	}
	ev = mkev(LTT_EV_PROCESS_EXIT, 6 * MS, 8);
	ev.p.exit.pid = 8;
	ev.p.exit.code = 1;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 1 && s.f.rule == 0 &&
	   s.f.actions == (LTTR_ACT_SNAPSHOT | LTTR_ACT_LOG | LTTR_ACT_NOTIFY) &&
	   s.f.log.top == 5 && s.f.log.for_ns == 500 * MS && s.f.log.events == 1000,
	   "the firing carries log top(5) for 500ms or 1000 events");
	ok(strstr(s.json, "\"actions\":[\"snapshot\",\"notify\",\"log\"]") != NULL,
	   "its JSON lists log: %s", s.json);
	ev.p.exit.code = 3;
	ev.time_ns += 5000 * MS;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 2 && s.f.rule == 1 &&
	   s.f.log.top == 32 && s.f.log.for_ns == 3600000 * MS && s.f.log.events == 0,
	   "log before snapshot, top(32) for 60min: no bound on the events");
	lttr_rules_free(r);
}

/* the sampler's record: what it was asked, what it kept */
struct sample_seen {
	unsigned int asked, kept, matched;
	unsigned int rule[8];
	bool hit[8];
	uint64_t time[8];
	char json[8][512];
};

static bool want_all(void *arg, unsigned int rule, uint64_t t, bool matched)
{
	struct sample_seen *s = arg;

	if (s->asked < 8) {
		s->rule[s->asked] = rule;
		s->hit[s->asked] = matched;
		s->time[s->asked] = t;
	}
	s->asked++;
	return rule == 0;
}

static void keep_it(void *arg, const struct lttr_firing *f, bool matched)
{
	struct sample_seen *s = arg;
	FILE *m;

	if (s->kept < 8 && (m = fmemopen(s->json[s->kept], sizeof(s->json[0]), "w"))) {
		lttr_instance_json(f, matched, m);
		fclose(m);
	}
	s->kept++;
	s->matched += matched;
}

/*
 * lttr_log_sample_pick(): always at 100 %; at P over many instances
 * close to P (a fixed function of the time and the logging: the counts
 * here are the same at every run); another logging draws others
 */
static void test_sample_pick(void)
{
	static const uint32_t ppm[] = { 500000, 100000, 5000 };
	unsigned int i, k, all = 0, same = 0, n = 200000;

	for (i = 0; i < n; i++)
		all += lttr_log_sample_pick(3, 1000000000ULL + 7919ULL * i, LTTR_LOG_PROB_ALL);
	ok(all == n, "at 100%%: every instance drawn (%u of %u)", all, n);
	for (k = 0; k < sizeof(ppm) / sizeof(ppm[0]); k++) {
		unsigned int got = 0;
		double want = (double)n * ppm[k] / 1e6;

		for (i = 0; i < n; i++)
			got += lttr_log_sample_pick(3, 1000000000ULL + 7919ULL * i, ppm[k]);
		/* 5 standard deviations of a binomial draw: a fair one passes */
		ok(got > want - 5 * sqrt(want) && got < want + 5 * sqrt(want),
		   "at %g%%: %u of %u drawn (%.0f expected)", ppm[k] / 1e4, got, n, want);
	}
	for (i = 0; i < n; i++)
		same += lttr_log_sample_pick(3, 5000000ULL * i, 500000) ==
			lttr_log_sample_pick(4, 5000000ULL * i, 500000);
	ok(same > n / 2 - 5 * sqrt(n / 4.0) && same < n / 2 + 5 * sqrt(n / 4.0),
	   "loggings 3 and 4 at 50%%: their draws agree on %u of %u, as two fair coins do", same, n);
}

/* "at P%" refused: after the rule's start, where, and what the error says */
static const struct {
	const char *tail, *col, *part;
} bad_prob[] = {
	{ "3 matched at 0% + 3 unmatched", "line 1, column 71:", "a probability 'at P%'" },
	{ "3 matched at 100.0001% + 3 unmatched", "line 1, column 71:", "at most 100" },
	{ "3 matched + 3 unmatched at 0.00001%", "line 1, column 85:", "at most 4 decimals" },
	{ "3 matched at 50 + 3 unmatched", "line 1, column 71:", "'at P%'" },
	{ "3 matched at + 3 unmatched", "line 1, column 71:", "'at P%'" },
	{ "3 matched at 1000% + 3 unmatched", "line 1, column 71:", "'at P%'" },
};

/* log ... or M matched + U unmatched: the syntax, and the sampler's instances */
static void test_sample(void)
{
	struct lttr_rules *r;
	struct seen s = { 0 };
	struct sample_seen ss = { 0 };
	long nr_read = lttr_syscall_lookup("read");
	const char *pre = "on exit if code != 0 then snapshot, log top(5) for 5s or ";
	char text[256];
	uint64_t t = 1000 * MS;
	unsigned int fired = 0;

	snprintf(text, sizeof(text), "%s3 matched 3 unmatched", pre);
	refused(text, "line 1, column 68:", "expected '+ U unmatched'");
	snprintf(text, sizeof(text), "%s3 matched + 3", pre);
	refused(text, "line 1, column 70:", "expected 'U unmatched'");
	snprintf(text, sizeof(text), "%s3 matched + 3 matched", pre);
	refused(text, "line 1, column 70:", "expected 'U unmatched'");
	snprintf(text, sizeof(text), "%s0 matched + 3 unmatched", pre);
	refused(text, "line 1, column 58:", "from 1 to 100");
	snprintf(text, sizeof(text), "%s3 matched + 101 unmatched", pre);
	refused(text, "line 1, column 70:", "from 1 to 100");
	snprintf(text, sizeof(text), "%s3 unmatched + 3 matched", pre);
	refused(text, "line 1, column 58:", "or M matched + U unmatched");
	snprintf(text, sizeof(text), "%s1 matched + 1 unmatched or 2 matched + 2 unmatched", pre);
	refused(text, "line 1, column 85:", "given twice");
	snprintf(text, sizeof(text), "%s5 events or 6 events", pre);
	refused(text, "line 1, column 70:", "given twice");
	refused("on exit then snapshot, log top(5) for 5s or 10 matched + 10 unmatched",
		"line 1, column 45:", "needs a condition");
	/* the sampling probabilities (AUDIT's MatchSamplingProb, UnmatchSamplingProb) */
	for (size_t i = 0; i < sizeof(bad_prob) / sizeof(bad_prob[0]); i++) {
		snprintf(text, sizeof(text), "%s%s", pre, bad_prob[i].tail);
		refused(text, bad_prob[i].col, bad_prob[i].part);
	}
	r = compile("on exit if code != 0 then snapshot, log top(5) for 5min "
		    "or 10 matched at 50% + 10 unmatched at 0.5%\n"
		    "on exit if code == 3 then snapshot, log top(2) for 2s "
		    "or 3 matched at 100% + 4 unmatched at 0.0001% or 50 events");
	ok(r != NULL, "'M matched at P%% + U unmatched at P%%' compiles (50%%, 0.5%%, 100%%, 0.0001%%)");
	lttr_rules_free(r);
	r = compile("on exit if code != 0 then snapshot, log top(5) for 5min or 10 matched + 10 unmatched\n"
		    "on exit if code == 3 then snapshot, log top(2) for 2s or 3 matched+4 unmatched "
		    "or 50 events, notify cat");
	ok(r != NULL, "the paper's default bound compiles, and after it 'or C events'");
	lttr_rules_free(r);
	r = compile("on syscall_exit(read) by pid if latency > 5ms then snapshot, "
		    "log top(2) for 2s or 1 matched + 2 unmatched\n"
		    "on syscall_exit(read) if latency > 100ms then snapshot");
	if (!r || nr_read < 0) {
		ok(false, "the sample rule compiles");
		return;
	}
	lttr_rules_sampler(r, want_all, keep_it, &ss);
	fired += sys(r, &s, 10, (unsigned int)nr_read, t, MS);
	ok(ss.asked == 2 && ss.rule[0] == 0 && !ss.hit[0] && ss.rule[1] == 1 && !ss.hit[1] &&
	   ss.time[0] == t + MS && ss.kept == 1,
	   "each rule's instance is told to the sampler, not matched; one kept (asked %u, kept %u)",
	   ss.asked, ss.kept);
	ok(strstr(ss.json[0], "{\"matched\":false,\"time_ns\":1001000000,\"start_ns\":1000000000,"
			      "\"pid\":10,\"comm\":\"srv\",\"values\":[{\"expr\":\"latency\","
			      "\"value\":1000000},{\"expr\":\"5ms\",\"value\":5000000,\"samples\":0}]}") ==
	   ss.json[0], "its JSON: %s", ss.json[0]);
	fired += sys(r, &s, 10, (unsigned int)nr_read, t += 10 * MS, 8 * MS);
	ok(fired == 1 && ss.kept == 2 && ss.matched == 1 && ss.hit[2],
	   "a slow read fires and is told matched (fired %u, kept %u)", fired, ss.kept);
	fired += sys(r, &s, 10, (unsigned int)nr_read, t += 10 * MS, 9 * MS);
	ok(fired == 1 && ss.kept == 3 && ss.matched == 2,
	   "in the hold-off, a slow read does not fire, and is still matched (kept %u, matched %u)",
	   ss.kept, ss.matched);
	lttr_rules_sampler(r, NULL, NULL, NULL);
	fired += sys(r, &s, 10, (unsigned int)nr_read, t += 10 * MS, 9 * MS);
	ok(fired == 1 && ss.asked == 6 && ss.kept == 3,
	   "no sampler: nothing told, the rules the same (asked %u, fired %u)", ss.asked, fired);
	lttr_rules_free(r);
	/* the values an instance is given are the windows' before it */
	r = compile("on syscall_exit(read) if latency > 2 * avg(latency, 1s) or max(latency, 1s) > 1s "
		    "then snapshot, log top(1) for 1s or 1 matched + 1 unmatched");
	memset(&ss, 0, sizeof(ss));
	if (!r) {
		ok(false, "the rule with or compiles");
		return;
	}
	lttr_rules_sampler(r, want_all, keep_it, &ss);
	sys(r, &s, 10, (unsigned int)nr_read, t += 10 * MS, 4 * MS);
	sys(r, &s, 10, (unsigned int)nr_read, t += 10 * MS, 20 * MS);
	ok(ss.kept == 2 && ss.hit[1] &&
	   strstr(ss.json[1], "{\"expr\":\"2 * avg(latency, 1s)\",\"value\":8000000,\"samples\":1},"
			      "{\"expr\":\"max(latency, 1s)\",\"value\":4000000,\"samples\":1}"),
	   "an instance's values are those of the windows before it, the ones its match did not "
	   "read too: %s", ss.json[1]);
	lttr_rules_free(r);
}

static void test_latency_vs_mean(void)
{
	struct lttr_rules *r = compile(
		"on syscall_exit(read) by comm if latency > 3 * avg(latency, 60s) then snapshot");
	struct seen s = { 0 };
	long nr_read = lttr_syscall_lookup("read"), nr_write = lttr_syscall_lookup("write");
	uint64_t t = 1000 * MS;
	unsigned int i, fired = 0;
	bool known;
	int64_t v;

	if (!r || nr_read < 0 || nr_write < 0) {
		ok(false, "the latency rule compiles");
		return;
	}
	/* the first read has no mean to compare with: no firing */
	fired += sys(r, &s, 10, (unsigned int)nr_read, t, 50 * MS);
	ok(fired == 0, "no firing without a sample in the window (the mean is unknown)");
	/* ten reads of 1 ms each after it: the mean over 60 s stays above 1 ms */
	for (i = 0; i < 10; i++)
		fired += sys(r, &s, 10, (unsigned int)nr_read, t += 100 * MS, MS);
	ok(fired == 0, "no firing for reads at the mean");
	/* a slow write is not a read; a slow read of another comm has its own mean */
	fired += sys(r, &s, 10, (unsigned int)nr_write, t += 100 * MS, 500 * MS);
	fired += sys(r, &s, 11, (unsigned int)nr_read, t += 600 * MS, 400 * MS);
	ok(fired == 0, "a slow write, and the first read of another comm, do not fire");
	/* 61 s later the 50 ms read has left the window: mean 1 ms; 10 ms fires */
	t += 61000 * MS;
	for (i = 0; i < 3; i++)
		fired += sys(r, &s, 10, (unsigned int)nr_read, t += 100 * MS, MS);
	fired += sys(r, &s, 10, (unsigned int)nr_read, t += 100 * MS, 10 * MS);
	ok(fired == 1 && s.n == 1, "the slow read fires once (fired %u)", fired);
	ok(s.f.pid == 10 && s.f.time_ns == t + 10 * MS && s.f.start_ns == t &&
	   s.f.actions == LTTR_ACT_SNAPSHOT, "the firing is the read's exit, from its entry");
	v = value_of(&s, "latency", &known);
	ok(known && v == (int64_t)(10 * MS), "its latency is 10 ms (%" PRId64 ")", v);
	v = value_of(&s, "3 * avg(latency, 60s)", &known);
	ok(known && v == (int64_t)(3 * MS), "3 * avg over the window is 3 ms (%" PRId64 ")", v);
	ok(s.f.nvalues == 2 && s.f.values[1].samples == 3,
	   "the aggregate covered the 3 reads in the window (%" PRIu64 ")",
	   s.f.nvalues == 2 ? s.f.values[1].samples : 0);
	ok(strstr(s.json, "\"key\":\"srv\"") && strstr(s.json, "\"comm\":\"srv\"") &&
	   strstr(s.json, "\"expr\":\"3 * avg(latency, 60s)\",\"value\":3000000,\"samples\":3") &&
	   strstr(s.json, "\"snapshot\":{\"dir\":\"snapshot-1\",\"complete\":true,"
			  "\"buffers\":4,\"dropped_events\":0,\"dropped_bytes\":0,"
			  "\"error\":null}") &&
	   strstr(s.json, "\"type\":\"syscall_exit\""),
	   "the JSON has the key, the values and the snapshot: %s", s.json);
	/* within the hold-off a slower read does not fire again, and is counted */
	fired += sys(r, &s, 10, (unsigned int)nr_read, t += 100 * MS, 40 * MS);
	ok(fired == 1, "a second slow read within the hold-off does not fire");
	fired += sys(r, &s, 10, (unsigned int)nr_read, t += 2000 * MS, 60 * MS);
	ok(fired == 2 && s.f.suppressed == 1, "after it, it fires again, 1 suppressed before");
	lttr_rules_free(r);
}

static void test_signal_exit(void)
{
	struct lttr_rules *r = compile("on signal if sig == SIGSEGV then snapshot, notify cat\n"
				       "on exit if code != 0 then snapshot, stop");
	struct seen s = { 0 };
	struct lttr_event ev;

	if (!r) {
		ok(false, "the signal and exit rules compile");
		return;
	}
	ev = mkev(LTT_EV_SIGNAL_DELIVER, 5 * MS, 8);
	ev.p.signal_deliver.sig = 2;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 0, "SIGINT does not fire");
	ev.p.signal_deliver.sig = 11;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 1 && s.f.rule == 0 &&
	   s.f.actions == (LTTR_ACT_SNAPSHOT | LTTR_ACT_NOTIFY) && s.f.pid == 8,
	   "SIGSEGV fires rule 0: snapshot and notify");
	ok(strstr(s.json, "\"actions\":[\"snapshot\",\"notify\"]") != NULL, "its JSON lists both");
	ev = mkev(LTT_EV_PROCESS_EXIT, 6 * MS, 8);
	ev.p.exit.pid = 8;
	ev.p.exit.code = 0;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 0, "exit 0 does not fire");
	ev.p.exit.code = 11;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 1 && s.f.rule == 1 && s.f.line == 2 &&
	   s.f.actions == (LTTR_ACT_SNAPSHOT | LTTR_ACT_STOP), "exit code 11 fires rule 1 (line 2)");
	ev.details = false;
	ev.time_ns += 5000 * MS;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 0,
	   "an exit without its payload does not fire (its code is missing)");
	lttr_rules_free(r);
}

static void test_wakeup(void)
{
	struct lttr_rules *r = compile(
		"on wakeup if latency > 2ms and comm == \"rt-loop\" then snapshot");
	struct seen s = { 0 };
	struct lttr_event ev;
	bool known;

	if (!r) {
		ok(false, "the wakeup rule compiles");
		return;
	}
	/* rt-loop (7) woken by 8, runs 1 ms later: no; then 3 ms later: fires */
	ev = mkev(LTT_EV_PROCESS_WAKEUP, 10 * MS, 8);
	ev.p.wakeup.pid = 7;
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = mkev(LTT_EV_SCHEDCHANGE, 11 * MS, 8);
	ev.p.schedchange.prev_pid = 8;
	ev.p.schedchange.next_pid = 7;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 0, "1 ms to run: no firing");
	/* "other" (8) waits 5 ms: not rt-loop */
	ev = mkev(LTT_EV_PROCESS_WAKEUP, 20 * MS, 7);
	ev.p.wakeup.pid = 8;
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = mkev(LTT_EV_SCHEDCHANGE, 25 * MS, 7);
	ev.p.schedchange.prev_pid = 7;
	ev.p.schedchange.next_pid = 8;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 0, "5 ms for another task: no firing");
	ev = mkev(LTT_EV_PROCESS_WAKEUP, 30 * MS, 8);
	ev.p.wakeup.pid = 7;
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	/* a second wakeup of a task already woken keeps the first */
	ev.time_ns = 31 * MS;
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = mkev(LTT_EV_SCHEDCHANGE, 33 * MS, 8);
	ev.cpu = 1;
	ev.p.schedchange.prev_pid = 8;
	ev.p.schedchange.next_pid = 7;
	ok(lttr_rules_feed(r, &ctx, &ev, on_fire, &s) == 1 && s.f.pid == 7 && s.f.cpu == 1 &&
	   s.f.start_ns == 30 * MS && s.f.time_ns == 33 * MS, "rt-loop waiting 3 ms fires");
	ok(said(&s, "", ""), "read back: a wakeup's firing has no side, said nowhere");
	ok(value_of(&s, "latency", &known) == (int64_t)(3 * MS) && known,
	   "its latency is from the first wakeup: 3 ms");
	ok(value_of(&s, "2ms", &known) == (int64_t)(2 * MS) && known, "and the threshold 2 ms");
	ok(strstr(s.json, "\"type\":\"wakeup\"") && strstr(s.json, "\"comm\":\"rt-loop\""),
	   "the JSON says wakeup, rt-loop");
	lttr_rules_free(r);
}

static void test_aggregates(void)
{
	struct lttr_rules *r = compile(
		"on syscall_exit by syscall if latency >= p50(latency, 10s) && count(10s) >= 4 "
		"&& latency > max(latency, 10s) then snapshot");
	long nr = lttr_syscall_lookup("getpid");
	struct seen s = { 0 };
	uint64_t t = 0;
	unsigned int fired = 0;
	bool known;

	if (!r || nr < 0) {
		ok(false, "the aggregate rule compiles");
		return;
	}
	fired += sys(r, &s, 10, (unsigned int)nr, t += MS, 4 * MS);
	fired += sys(r, &s, 10, (unsigned int)nr, t += 10 * MS, 1 * MS);
	fired += sys(r, &s, 10, (unsigned int)nr, t += 10 * MS, 3 * MS);
	ok(fired == 0, "3 samples: count(10s) >= 4 does not hold");
	fired += sys(r, &s, 10, (unsigned int)nr, t += 10 * MS, 2 * MS);
	fired += sys(r, &s, 10, (unsigned int)nr, t += 10 * MS, 4 * MS);
	ok(fired == 0, "a latency equal to the max does not fire");
	fired += sys(r, &s, 10, (unsigned int)nr, t += 10 * MS, 5 * MS);
	ok(fired == 1, "above the max over the window fires");
	ok(value_of(&s, "p50(latency, 10s)", &known) == (int64_t)(3 * MS) && known,
	   "p50 of 4 1 3 2 4 is 3 ms (nearest rank)");
	ok(value_of(&s, "count(10s)", &known) == 5 && known, "count(10s) is 5");
	ok(value_of(&s, "max(latency, 10s)", &known) == (int64_t)(4 * MS) && known, "max is 4 ms");
	ok(strstr(s.json, "\"key\":\"getpid\"") != NULL, "by syscall: the key is its name");
	lttr_rules_free(r);
}

/*
 * Keys by number (pid, syscall, cpu) are found again by the number's low
 * bits: two pids that share them (10 and 74: 64 slots) keep their own
 * samples (a count of 2 before the call fires), and a third key in the
 * slot (138) does not take another's.
 */
static void test_key_slots(void)
{
	struct lttr_rules *r = compile("on syscall_exit(getpid) by pid if count(10s) >= 2 then snapshot");
	static const uint32_t pids[] = { 10, 74, 10, 74, 138, 138 };
	long nr = lttr_syscall_lookup("getpid");
	unsigned int fired = 0;
	struct seen s = { 0 };
	uint64_t t = 0;
	bool known;
	size_t i;

	ok(r && nr >= 0, "a rule by pid compiles");
	if (!r || nr < 0)
		return;
	for (i = 0; i < sizeof(pids) / sizeof(pids[0]); i++)
		fired += sys(r, &s, pids[i], (unsigned int)nr, t += MS, MS);
	ok(fired == 0, "two calls each of pids 10, 74 and 138 (one key slot): none had 2 before");
	fired += sys(r, &s, 74, (unsigned int)nr, t += MS, MS);
	ok(fired == 1 && strstr(s.json, "\"key\":\"74\"") && strstr(s.json, "\"pid\":74"),
	   "the third call of pid 74 fires, with its key: %s", s.json);
	ok(value_of(&s, "count(10s)", &known) == 2 && known, "its count(10s) is 2, its own calls before");
	/* past the rule's hold-off (1 s) */
	fired += sys(r, &s, 10, (unsigned int)nr, t += 2000 * MS, MS);
	ok(fired == 2 && strstr(s.json, "\"key\":\"10\""), "then pid 10's third: %s", s.json);
	lttr_rules_free(r);
}

/* a marker of @kind and @name by task @tid at @t: the firings it caused */
static unsigned int mark(struct lttr_rules *r, struct seen *s, uint32_t tid, unsigned int kind,
			 const char *name, uint64_t t)
{
	struct lttr_event ev = mkev(LTT_EV_MARKER, t, tid);

	ev.p.marker.pid = tid;
	ev.p.marker.tid = tid;
	ev.p.marker.kind = (uint8_t)kind;
	ev.p.marker.name_len = (uint8_t)strlen(name);
	ev.var = name;
	ev.var_len = (uint32_t)strlen(name);
	return lttr_rules_feed(r, &ctx, &ev, on_fire, s);
}

static void test_jobs(void)
{
	struct lttr_rules *r = compile("on job(ctl) if latency > 6ms then snapshot");
	struct seen s = { 0 };
	uint64_t t = 1000 * MS;
	unsigned int fired = 0, i;
	struct lttr_rules_stats st;
	bool known;
	int64_t v;

	if (!r) {
		ok(false, "the job rule compiles");
		return;
	}
	/* jobs of 4 ms, then one of 8 ms; another name's 9 ms job; nested */
	for (i = 0; i < 3; i++) {
		fired += mark(r, &s, 10, LTT_MARKER_BEGIN, "ctl", t += 10 * MS);
		fired += mark(r, &s, 10, LTT_MARKER_END, "ctl", t + 4 * MS);
	}
	fired += mark(r, &s, 10, LTT_MARKER_BEGIN, "log", t += 10 * MS);
	fired += mark(r, &s, 10, LTT_MARKER_END, "log", t + 9 * MS);
	ok(fired == 0, "jobs of 4 ms, and a 9 ms job of another name, do not fire");
	fired += mark(r, &s, 10, LTT_MARKER_BEGIN, "ctl", t += 20 * MS);
	fired += mark(r, &s, 11, LTT_MARKER_END, "ctl", t + 5 * MS);	/* another task's */
	fired += mark(r, &s, 10, LTT_MARKER_BEGIN, "ctl", t + 1 * MS);	/* nested */
	fired += mark(r, &s, 10, LTT_MARKER_END, "ctl", t + 3 * MS);	/* closes the inner */
	ok(fired == 0, "another task's end does not close it; the nested 2 ms job does not fire");
	fired += mark(r, &s, 10, LTT_MARKER_END, "ctl", t + 8 * MS);
	ok(fired == 1 && s.f.pid == 10 && s.f.start_ns == t && s.f.time_ns == t + 8 * MS,
	   "the outer job's end fires: task 10, from its begin to its end (fired %u)", fired);
	v = value_of(&s, "latency", &known);
	ok(known && v == (int64_t)(8 * MS), "its latency is the job's 8 ms (%" PRId64 ")", v);
	lttr_rules_stats(r, &st);
	ok(st.unpaired == 1, "the other task's end without a begin is counted unpaired (%" PRIu64 ")",
	   (uint64_t)st.unpaired);
	lttr_rules_free(r);
	refused("on job() then snapshot", "line 1, column 8:", "1 to 63 characters");
	refused("on job(ctl then snapshot", "line 1, column 11:", "after the job's name");
}

/*
 * lost events (lttr_rules_gap()): no latency spans a gap, starts kept before
 * it forgotten and none kept inside it, both counted; a gap told after the
 * events past its start were fed (traced) forgets at the next event; an
 * aggregate whose window holds a gap is marked truncated
 */
static void test_gaps(void)
{
	struct lttr_rules *r = compile(
		"on syscall_exit(read) if latency > 5ms then snapshot\n"
		"on job(ctl) if latency > 5ms then stop\n"
		"on syscall_exit(write) if count(1s) >= 1 then stop");
	struct seen s = { 0 };
	struct lttr_rules_stats st;
	struct lttr_event ev;
	unsigned int fired = 0;
	bool known;

	if (!r) {
		ok(false, "the gap rules compile");
		return;
	}
	/* pid 10's read from 1.000 s, then events lost from 1.002 s to 1.004 s */
	ev = mkev(LTT_EV_SYSCALL_ENTRY, 1000 * MS, 10);
	fired += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ok(lttr_rules_gap(r, 1002 * MS, 1004 * MS) == 0 &&
	   lttr_rules_gap(r, 1003 * MS, 1004 * MS + 500000) == 0, "a gap told, and one inside it");
	ev = mkev(LTT_EV_SYSCALL_ENTRY, 1003 * MS, 11);		/* inside the gap */
	fired += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = mkev(LTT_EV_SYSCALL_EXIT, 1010 * MS, 10);
	fired += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = mkev(LTT_EV_SYSCALL_EXIT, 1012 * MS, 11);
	fired += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	lttr_rules_stats(r, &st);
	ok(fired == 0 && st.gaps == 1 && st.gap_dropped == 2 && st.unpaired == 2 && !st.gaps_late,
	   "reads of 10 and 9 ms across the gap do not fire: the start before it forgotten, the "
	   "one inside not kept; the two gaps told one (fired %u, gaps %" PRIu64 ", dropped %" PRIu64 ", unpaired %"
	   PRIu64 ")", fired, st.gaps, st.gap_dropped, st.unpaired);
	fired += sys(r, &s, 10, 0, 1020 * MS, 6 * MS);
	ok(fired == 1 && s.f.start_ns == 1020 * MS && value_of(&s, "latency", &known) ==
	   (int64_t)(6 * MS) && known, "after the gap, a read of 6 ms fires with its own latency");
	/* a job begun, an event past the next gap's start fed, then the gap told */
	fired += mark(r, &s, 10, LTT_MARKER_BEGIN, "ctl", 1030 * MS);
	fired += sys(r, &s, 8, 2, 1033 * MS, 100000);
	ok(lttr_rules_gap(r, 1031 * MS, 1032 * MS) == 0, "a gap told late");
	fired += mark(r, &s, 10, LTT_MARKER_END, "ctl", 1040 * MS);
	lttr_rules_stats(r, &st);
	ok(fired == 1 && st.gap_dropped == 3 && st.gaps_late == 1,
	   "the 10 ms job begun before the gap told late does not fire (dropped %" PRIu64
	   "), the gap counted late (%" PRIu64 ")", st.gap_dropped, st.gaps_late);
	fired += sys(r, &s, 8, 1, 1050 * MS, 100000);	/* counts the ones before it */
	fired += sys(r, &s, 8, 1, 1060 * MS, 100000);
	ok(fired == 2 && s.f.rule == 2 && s.f.truncated &&
	   strstr(s.json, "\"window_truncated\":true"),
	   "a count over a window that holds a gap fires marked truncated: %s", s.json);
	lttr_rules_free(r);
}

/* on every D, on request: their bad rules */
static void test_timer_request_errors(void)
{
	refused("on every then snapshot", "line 1, column 10:", "expected a period");
	refused("on every 5 parsecs then snapshot", "line 1, column 10:", "not a duration");
	refused("on every 0s then snapshot", "line 1, column 10:", "outside 10ms to 24 hours");
	refused("on every 5ms then snapshot", "line 1, column 10:", "outside 10ms");
	refused("on every 1441min then snapshot", "line 1, column 10:", "outside 10ms to 24 hours");
	refused("on every 1s by comm then snapshot", "line 1, column 13:", "a timer rule has no key");
	refused("on every 1s over exot then snapshot", "line 1, column 18:", "no event is named");
	refused("on every 1s if ret > 0 then snapshot", "line 1, column 16:", "'ret'");
	refused("on every 1s if count(0s) > 1 then snapshot", "line 1, column 22:", "window of 0");
	refused("on request(http) then snapshot", "line 1, column 12:",
		"request is followed at the caller or the callee");
	refused("on request(nonsense) then snapshot", "line 1, column 12:",
		"request(caller), request(callee)");
	refused("on request(caller then snapshot", "line 1, column 18:", "expected ')'");
	refused("on wakeup(caller) then snapshot", "line 1, column 10:",
		"only syscall_exit, job and request take a name");
	refused("on request if sig == 11 then snapshot", "line 1, column 15:", "'sig'");
	refused("on every 1s then snapshot, log top(3) for 5s", "line 1, column 28:",
		"a timer rule (on every) has none");
}

/* on every 100ms over syscall_exit: the ticks from the start, in order, each over its window */
static void test_timer(void)
{
	struct lttr_rules *r = compile(
		"on every 100ms over syscall_exit(read) if count(100ms) >= 2 then snapshot\n"
		"on every 250ms then stop");
	struct seen s = { 0 };
	unsigned int n;

	if (!r) {
		ok(0, "compiled");
		return;
	}
	lttr_rules_start(r, 1000000000ULL);
	/* two reads before the first tick (1.1 s), one before the second */
	sys(r, &s, 7, 0, 1010000000ULL, 1000);
	sys(r, &s, 7, 0, 1050000000ULL, 1000);
	n = sys(r, &s, 7, 0, 1150000000ULL, 1000);
	ok(n == 0 && s.n == 1 && s.f.time_ns == 1100000000ULL && s.f.start_ns == s.f.time_ns &&
	   !strcmp(s.f.type, "timer") && s.f.rule == 0,
	   "the first tick at start + 100 ms, evaluated before the event after it (%u, %" PRIu64 ")",
	   n, s.f.time_ns);
	bool known;
	ok(value_of(&s, "count(100ms)", &known) == 2 && known, "it counted the two reads before it");
	n = lttr_rules_advance(r, &ctx, 1300000000ULL, on_fire, &s);
	ok(n == 1 && s.f.rule == 1 && s.f.time_ns == 1250000000ULL,
	   "advance to 1.3 s: the tick at 1.2 s (one read) does not fire, the 250 ms one does");
	ok(strstr(s.json, "\"type\":\"timer\"") != NULL, "its JSON says timer: %s", s.json);
	/* an event before the time advanced to is late: counted, not evaluated */
	n = sys(r, &s, 7, 0, 1200000000ULL, 1000);
	struct lttr_rules_stats st;
	lttr_rules_stats(r, &st);
	ok(n == 0 && st.late == 2, "events before the time reached: late, counted (%" PRIu64 ")",
	   st.late);
	lttr_rules_free(r);
}

static struct lttr_event sockev(unsigned int id, uint64_t t, uint32_t pid, uint64_t ino,
				int64_t ret)
{
	struct lttr_event ev = mkev(id, t, pid);

	if (id == LTT_EV_SOCKET_ACCEPT) {
		ev.p.socket_endpoint.ino = ino;
		ev.p.socket_endpoint.family = 2;
		ev.p.socket_endpoint.type = 1;
	} else {
		ev.p.socket_io.ino = ino;
		ev.p.socket_io.ret = ret;
		ev.p.socket_io.family = 2;
		ev.p.socket_io.type = 1;
	}
	return ev;
}

/* on request: the call pairs at their callee */
static void test_request(void)
{
	struct lttr_rules *r = compile("on request if latency > 5ms then snapshot");
	struct seen s = { 0 };
	struct lttr_event ev;
	unsigned int n = 0;
	const uint64_t ms = 1000000;

	if (!r) {
		ok(0, "compiled");
		return;
	}
	ev = sockev(LTT_EV_SOCKET_ACCEPT, 1 * ms, 10, 77, 0);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	/* a call in two receives (the last at 3 ms), the reply's send begun at 10 ms */
	ev = sockev(LTT_EV_SOCKET_RECV, 2 * ms, 10, 77, 40);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = sockev(LTT_EV_SOCKET_RECV, 3 * ms, 10, 77, 60);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = mkev(LTT_EV_SYSCALL_ENTRY, 10 * ms, 11);
	ev.p.syscall_entry.nr = 44;
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = sockev(LTT_EV_SOCKET_SEND, 11 * ms, 11, 77, 10);
	n = lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ok(n == 1 && s.f.start_ns == 3 * ms && s.f.time_ns == 11 * ms && s.f.pid == 11 &&
	   !strcmp(s.f.type, "request"),
	   "a request from its call's last receive (3 ms) to its reply, by the thread that sent it");
	bool known;
	ok(value_of(&s, "latency", &known) == 7 * (int64_t)ms && known,
	   "its latency: the reply's send began at 10 ms: 7 ms, the call pair's time at its callee");
	ok(strstr(s.json, "\"type\":\"request\",\"side\":\"callee\",\"local\":null,\"peer\":null") != NULL,
	   "its JSON says the callee's side, the endpoints unknown (none recorded): %s", s.json);
	ok(said(&s, "at its callee (unknown -> unknown)", "callee, peer unknown"),
	   "read back: at its callee, the endpoints unknown, as audit and the front ends say it; "
	   "as fired, as audit --rules says it");
	/* more of the reply: no request; a socket not accepted in the trace: none */
	ev = sockev(LTT_EV_SOCKET_SEND, 2000 * ms, 11, 77, 10);
	n = lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = sockev(LTT_EV_SOCKET_RECV, 2001 * ms, 12, 99, 10);
	n += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = sockev(LTT_EV_SOCKET_SEND, 2100 * ms, 12, 99, 10);
	n += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ok(n == 0 && s.n == 1, "the rest of a reply, and a socket not accepted in the trace: no request");
	/* a fast request does not fire, a slow one after the hold-off does */
	ev = sockev(LTT_EV_SOCKET_RECV, 2200 * ms, 10, 77, 10);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = sockev(LTT_EV_SOCKET_SEND, 2201 * ms, 10, 77, 10);
	n = lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = sockev(LTT_EV_SOCKET_RECV, 2300 * ms, 10, 77, 10);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = sockev(LTT_EV_SOCKET_SEND, 2309 * ms, 10, 77, 10);
	n += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ok(n == 1 && s.n == 2 && s.f.time_ns - s.f.start_ns == 9 * ms,
	   "a 1 ms request does not fire, a 9 ms one does");
	lttr_rules_free(r);
}

/* a connect (socket_endpoint) of TCP socket @ino by @pid: 10.0.1.1:50854 -> 10.0.1.2:7201 */
static struct lttr_event connectev(uint64_t t, uint32_t pid, uint64_t ino, int16_t result,
				   uint16_t type)
{
	static const unsigned char addrs[32] = {
		2, 0, 0xc6, 0xa6, 10, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0,	/* 10.0.1.1:50854 */
		2, 0, 0x1c, 0x21, 10, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0,	/* 10.0.1.2:7201 */
	};
	struct lttr_event ev = mkev(LTT_EV_SOCKET_ENDPOINT, t, pid);

	ev.p.socket_endpoint.ino = ino;
	ev.p.socket_endpoint.fd = 3;
	ev.p.socket_endpoint.result = result;
	ev.p.socket_endpoint.family = 2;
	ev.p.socket_endpoint.type = type;
	ev.p.socket_endpoint.call = 3;	/* SYS_CONNECT */
	ev.p.socket_endpoint.local_len = 16;
	ev.p.socket_endpoint.peer_len = 16;
	ev.var = (const char *)addrs;
	ev.var_len = sizeof(addrs);
	return ev;
}

/* @pid's send of @ret bytes on @ino, its system call begun at @entry (0: not seen) */
static unsigned int csend(struct lttr_rules *r, struct seen *s, uint32_t pid, uint64_t ino,
			  uint64_t entry, uint64_t t, int64_t ret)
{
	struct lttr_event ev;
	unsigned int n;

	if (entry) {
		ev = mkev(LTT_EV_SYSCALL_ENTRY, entry, pid);
		ev.p.syscall_entry.nr = 44;
		lttr_rules_feed(r, &ctx, &ev, on_fire, s);
	}
	ev = sockev(LTT_EV_SOCKET_SEND, t, pid, ino, ret);
	n = lttr_rules_feed(r, &ctx, &ev, on_fire, s);
	if (entry) {
		ev = mkev(LTT_EV_SYSCALL_EXIT, t, pid);
		ev.p.syscall_exit.nr = 44;
		lttr_rules_feed(r, &ctx, &ev, on_fire, s);
	}
	return n;
}

static unsigned int crecv(struct lttr_rules *r, struct seen *s, uint32_t pid, uint64_t ino,
			  uint64_t t, int64_t ret)
{
	struct lttr_event ev = sockev(LTT_EV_SOCKET_RECV, t, pid, ino, ret);

	return lttr_rules_feed(r, &ctx, &ev, on_fire, s);
}

/* on request(caller): the calls of a connected socket, to their reply's first byte */
static void test_request_caller(void)
{
	struct lttr_rules *r = compile("on request(caller) if latency > 5ms then snapshot\n"
				       "on request then snapshot");
	struct seen s = { 0 };
	struct lttr_event ev;
	unsigned int n;
	const uint64_t ms = 1000000;
	bool known;

	if (!r) {
		ok(0, "compiled");
		return;
	}
	ev = connectev(1 * ms, 11, 88, 0, 1);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	/* a call in two sends, the first's system call begun at 10 ms */
	n = csend(r, &s, 11, 88, 10 * ms, 11 * ms, 10);
	n += csend(r, &s, 11, 88, 0, 12 * ms, 10);
	/* receives of nothing: an error (EAGAIN), the end of the stream */
	n += crecv(r, &s, 11, 88, 13 * ms, -11);
	n += crecv(r, &s, 11, 88, 14 * ms, 0);
	ok(n == 0 && s.n == 0, "the sends of a call, receives of 0 bytes or an error: no request");
	n = crecv(r, &s, 11, 88, 20 * ms, 40);
	ok(n == 1 && s.n == 1 && s.f.rule == 0 && s.f.start_ns == 10 * ms &&
	   s.f.time_ns == 20 * ms && s.f.pid == 11 && !strcmp(s.f.type, "request") &&
	   s.f.id == LTT_EV_SOCKET_RECV,
	   "a request at its caller: from its first send's entry (10 ms) to the reply's first "
	   "receive (20 ms), evaluated there");
	ok(value_of(&s, "latency", &known) == 10 * (int64_t)ms && known, "its latency: 10 ms");
	ok(strstr(s.json, "\"type\":\"request\",\"side\":\"caller\",\"local\":\"10.0.1.1:50854\","
		  "\"peer\":\"10.0.1.2:7201\"") != NULL,
	   "its JSON says the side and the socket's endpoints: %s", s.json);
	ok(said(&s, "at its caller (10.0.1.1:50854 -> 10.0.1.2:7201)", "caller, peer 10.0.1.2:7201"),
	   "read back: at its caller, its endpoints, as audit and the front ends say it; "
	   "as fired, as audit --rules says it");
	/* the rest of the reply: no request, after the hold-off too */
	n = crecv(r, &s, 11, 88, 1500 * ms, 40);
	ok(n == 0 && s.n == 1, "the reply's later receives: no request");
	/* a fast call does not fire; a slow one (its send's entry not seen) does */
	n = csend(r, &s, 11, 88, 2000 * ms, 2000 * ms, 10);
	n += crecv(r, &s, 11, 88, 2001 * ms, 10);
	n += csend(r, &s, 11, 88, 0, 3000 * ms, 10);
	n += crecv(r, &s, 11, 88, 3009 * ms, 10);
	ok(n == 1 && s.n == 2 && s.f.start_ns == 3000 * ms && s.f.time_ns == 3009 * ms,
	   "a 1 ms call does not fire, a 9 ms one does (from its send, its entry not seen)");
	/* closed mid-call, its inode connected again: the old call has no reply */
	n = csend(r, &s, 11, 88, 4000 * ms, 4000 * ms, 10);
	ev = mkev(LTT_EV_FS_CLOSE, 4001 * ms, 11);
	ev.p.fs_close.fd = 3;
	n += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = connectev(4002 * ms, 11, 88, -115, 1);	/* in progress: connected */
	n += lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	n += crecv(r, &s, 11, 88, 4100 * ms, 10);
	ok(n == 0 && s.n == 2, "a socket closed mid-call, its inode connected anew: no request");
	n = csend(r, &s, 11, 88, 4200 * ms, 4201 * ms, 10);
	n += crecv(r, &s, 11, 88, 4210 * ms, 10);
	ok(n == 1 && s.n == 3 && s.f.start_ns == 4200 * ms, "the new connection's call does");
	/* connected before the trace, over UDP, a connect that failed: not followed */
	n = csend(r, &s, 12, 99, 6000 * ms, 6000 * ms, 10);
	n += crecv(r, &s, 12, 99, 6100 * ms, 10);
	ev = connectev(6200 * ms, 12, 55, 0, 2);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	ev = connectev(6200 * ms, 12, 66, -111, 1);
	lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	for (uint64_t ino = 55; ino <= 66; ino += 11) {
		n += csend(r, &s, 12, ino, 6300 * ms, 6300 * ms, 10);
		n += crecv(r, &s, 12, ino, 6400 * ms, 10);
	}
	ok(n == 0 && s.n == 3,
	   "a socket connected before the trace, a UDP one, a failed connect: not followed");
	lttr_rules_free(r);

	/* the bound: 65536 sockets followed, the oldest forgotten and counted */
	struct lttr_rules_stats st;
	r = compile("on request(caller) then snapshot");
	if (!r) {
		ok(0, "compiled");
		return;
	}
	memset(&s, 0, sizeof(s));
	for (uint64_t i = 0; i <= LTTR_RULE_MAX_SOCKETS; i++) {
		ev = connectev(1 * ms + i, 11, 1000 + i, 0, 1);
		lttr_rules_feed(r, &ctx, &ev, on_fire, &s);
	}
	n = csend(r, &s, 11, 1000, 0, 100 * ms, 10);
	n += crecv(r, &s, 11, 1000, 101 * ms, 10);
	n += csend(r, &s, 11, 1000 + LTTR_RULE_MAX_SOCKETS, 0, 102 * ms, 10);
	n += crecv(r, &s, 11, 1000 + LTTR_RULE_MAX_SOCKETS, 103 * ms, 10);
	lttr_rules_stats(r, &st);
	ok(n == 1 && st.sockets_over == 1 && s.f.start_ns == 102 * ms,
	   "65537 connected sockets: the oldest forgotten, counted (%" PRIu64 "), the newest followed",
	   st.sockets_over);
	lttr_rules_free(r);
}

/* rule @text's trigger as the module gets it, or false (and a diagnostic) */
static bool module_of(const char *text, struct ltt_trigger *t)
{
	struct lttr_rules *r = compile(text);
	bool can;

	if (!r)
		return false;
	can = lttr_rules_module(r, 0, t);
	lttr_rules_free(r);
	return can;
}

static bool same_test(const struct ltt_trig_test *x, uint16_t field, uint16_t op, int64_t v)
{
	return x->field == field && x->op == op && x->value == v && !x->reserved;
}

/*
 * The conditions the module evaluates (docs/triggers.md, "Conditions
 * evaluated in the module"): which rules it can take, as what; and a
 * rule it evaluates fires from its hits alone, as it would from its
 * events, its condition checked again.
 */
static void test_module(void)
{
	long nr_read = lttr_syscall_lookup("read");
	static const char *const not_module[] = {
		"on syscall_exit by comm if latency > 3 * avg(latency, 60s) then snapshot",
		"on syscall_exit if latency > 2ms || ret < 0 then snapshot",
		"on syscall_exit if !(latency > 2ms) then snapshot",
		"on wakeup if prio < 10 then snapshot",
		"on syscall_exit if latency > 2ms then snapshot, log top(2) for 1s or 3 matched + 3 unmatched",
		"on exit if comm == \"a-name-of-16-chr\" then snapshot",
		"on exit if code != 0 and comm == \"a\" and comm == \"b\" then snapshot",
		"on every 1s then notify true",
		"on syscall_exit if latency > 1ms and latency > 2ms and latency > 3ms and latency > 4ms "
		"and latency > 5ms then snapshot",
		"on signal if handler == 0 then snapshot",
		"on exit if comm =~ \"seg\" then snapshot",
	};
	struct ltt_trigger t;
	struct ltt_event_mask ids;
	struct lttr_rules *r;
	struct ltt_trig_hit h;
	struct seen s = { 0 };
	bool known;
	size_t i;

	ok(module_of("on syscall_exit(read) if latency > 2ms then snapshot", &t) &&
	   t.on == LTT_TRIG_ON_SYSCALL_EXIT && t.nr == nr_read && t.ntests == 1 &&
	   same_test(&t.test[0], LTT_TRIG_F_LATENCY, LTT_TRIG_OP_GT, 2 * (int64_t)MS) &&
	   !t.comm[0] && t.holdoff_ns == LTTR_RULE_HOLDOFF_NS,
	   "the module: syscall_exit(read) with latency > 2ms");
	ok(module_of("on syscall_exit if latency >= 1ms && (ret < 0 and comm == \"srv\") "
		     "then notify true", &t) &&
	   t.on == LTT_TRIG_ON_SYSCALL_EXIT && t.nr == -1 && t.ntests == 2 &&
	   same_test(&t.test[0], LTT_TRIG_F_LATENCY, LTT_TRIG_OP_GE, (int64_t)MS) &&
	   same_test(&t.test[1], LTT_TRIG_F_RET, LTT_TRIG_OP_LT, 0) && !strcmp(t.comm, "srv"),
	   "the module: any syscall_exit, latency, ret and comm (nested &&)");
	ok(module_of("on signal if sig == SIGSEGV then snapshot", &t) &&
	   t.on == LTT_TRIG_ON_SIGNAL && t.ntests == 1 &&
	   same_test(&t.test[0], LTT_TRIG_F_SIG, LTT_TRIG_OP_EQ, 11),
	   "the module: signal, SIGSEGV by its name");
	ok(module_of("on exit if code != 0 and comm == \"ltt-segv\" and pid > 1 then snapshot", &t) &&
	   t.on == LTT_TRIG_ON_EXIT && t.ntests == 2 &&
	   same_test(&t.test[0], LTT_TRIG_F_CODE, LTT_TRIG_OP_NE, 0) &&
	   same_test(&t.test[1], LTT_TRIG_F_PID, LTT_TRIG_OP_GT, 1) &&
	   !strcmp(t.comm, "ltt-segv"), "the module: exit, code, comm and pid");
	ok(module_of("on exit then stop", &t) && t.on == LTT_TRIG_ON_EXIT && !t.ntests,
	   "the module: exit without a condition");
	ok(module_of("on wakeup if latency > 2ms && comm == \"rt-loop\" then snapshot", &t) &&
	   t.on == LTT_TRIG_ON_WAKEUP && t.ntests == 1 && t.nr == -1 &&
	   same_test(&t.test[0], LTT_TRIG_F_LATENCY, LTT_TRIG_OP_GT, 2 * (int64_t)MS) &&
	   !strcmp(t.comm, "rt-loop"), "the module: the issue's wakeup rule");
	for (i = 0; i < sizeof(not_module) / sizeof(not_module[0]); i++) {
		r = compile(not_module[i]);
		ok(r && !lttr_rules_module(r, 0, &t), "not for the module: %s", not_module[i]);
		lttr_rules_free(r);
	}

	r = compile("on syscall_exit(read) if latency > 2ms then snapshot\n"
		    "on signal if sig == SIGSEGV then snapshot");
	if (!r) {
		ok(false, "the module's rules compile");
		return;
	}
	lttr_rules_set_module(r, 0);
	lttr_rules_set_module(r, 1);
	lttr_rules_ids(r, &ids);
	ok(!ids.bits[0] && !ids.bits[1] && lttr_rules_is_module(r, 1),
	   "rules the module evaluates read no event here");
	ok(sys(r, &s, 10, (unsigned int)nr_read, 1 * MS, 5 * MS) == 0 && !s.n,
	   "their events fed here fire nothing");
	memset(&h, 0, sizeof(h));
	h.time_ns = 10 * MS;
	h.start_ns = 7 * MS;
	h.pid = 10;
	h.nr = (uint32_t)nr_read;
	h.value = 5;
	h.cpu = 1;
	h.suppressed = 3;
	ok(lttr_rules_hit(r, &ctx, 0, &h, on_fire, &s) == 1 && s.f.rule == 0 &&
	   s.f.time_ns == 10 * MS && s.f.start_ns == 7 * MS && s.f.pid == 10 && s.f.cpu == 1 &&
	   s.f.id == LTT_EV_SYSCALL_EXIT && s.f.suppressed == 3 &&
	   value_of(&s, "latency", &known) == 3 * (int64_t)MS && known,
	   "a hit fires its rule: its time, start, task, CPU, latency and held-off hits");
	ok(strstr(s.json, "\"comm\":\"srv\"") != NULL, "with the task's name: %s", s.json);
	h.time_ns = 2000 * MS;
	h.start_ns = 1999 * MS;
	h.suppressed = 0;
	ok(lttr_rules_hit(r, &ctx, 0, &h, on_fire, &s) == 0 && s.n == 1,
	   "a hit whose condition does not hold here (latency 1 ms) does not fire");
	h.time_ns = 3000 * MS;
	h.start_ns = 2990 * MS;
	ok(lttr_rules_hit(r, &ctx, 0, &h, on_fire, &s) == 1 && s.n == 2 && !s.f.suppressed,
	   "the next one fires");
	h.time_ns = 3100 * MS;
	h.start_ns = 3090 * MS;
	ok(lttr_rules_hit(r, &ctx, 0, &h, on_fire, &s) == 0 && s.n == 2,
	   "within the hold-off it does not");
	h.time_ns = 3050 * MS;
	h.value = 11;
	ok(lttr_rules_hit(r, &ctx, 1, &h, on_fire, &s) == 0 && s.n == 2,
	   "a hit older than the last time fed is late, not evaluated");
	h.time_ns = 3200 * MS;
	ok(lttr_rules_hit(r, &ctx, 1, &h, on_fire, &s) == 1 && s.f.rule == 1 &&
	   s.f.id == LTT_EV_SIGNAL_DELIVER && s.f.start_ns == 3200 * MS,
	   "the signal rule's hit fires it, an instant");
	lttr_rules_free(r);

	/* a wakeup's hit fires as the woken task's switch-in would */
	r = compile("on wakeup if latency > 2ms and comm == \"rt-loop\" then snapshot");
	if (!r) {
		ok(false, "the wakeup rule compiles");
		return;
	}
	lttr_rules_set_module(r, 0);
	memset(&h, 0, sizeof(h));
	h.time_ns = 50 * MS;
	h.start_ns = 45 * MS;
	h.pid = 7;
	h.cpu = 1;
	ok(lttr_rules_hit(r, &ctx, 0, &h, on_fire, &s) == 1 && s.f.id == LTT_EV_PROCESS_WAKEUP &&
	   s.f.pid == 7 && s.f.start_ns == 45 * MS &&
	   value_of(&s, "latency", &known) == 5 * (int64_t)MS,
	   "a wakeup's hit: the woken task, 5 ms from its wakeup to its switch-in");
	lttr_rules_free(r);
}

int main(void)
{
	tap_plan(85 + 11 + 5 + 4 + 1 + 3 + 11 + 3 + 16 + 5 + 7 + 6 + 11 + 10 + 5 + 6);
	test_timer_request_errors();
	test_timer();
	test_request();
	test_request_caller();
	test_docs_examples();
	test_errors();
	test_log();
	test_sample_pick();
	test_sample();
	test_latency_vs_mean();
	test_signal_exit();
	test_wakeup();
	test_aggregates();
	test_key_slots();
	test_jobs();
	test_gaps();
	test_module();
	return tap_done();
}
