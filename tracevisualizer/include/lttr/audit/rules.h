/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/audit/rules.h - trigger rules (docs/triggers.md): one rule a line,
 *
 *   on EVENT-SPEC [by KEY] [if COND] then ACTION[, ACTION]
 *
 * e.g.
 *
 *   on syscall_exit(read) by comm if latency > 3 * avg(latency, 60s) then snapshot
 *   on signal if sig == SIGSEGV then snapshot, notify mail -s segv me
 *   on exit if code != 0 then snapshot
 *   on wakeup if latency > 2ms && comm == "rt-loop" then snapshot
 *
 * The condition is a filter expression (docs/filter.md, lttr/view/filter.h,
 * compiled by lttr_filter_compile_ext()) with the rule's own fields
 * ("latency") and values (durations, "N * avg(latency, 60s)", count, rate,
 * min, max, pN over a sliding window, per KEY).  The rules are fed the
 * events in time order (lttr_rules_feed()) and report each firing.
 */
#ifndef LTTR_AUDIT_RULES_H
#define LTTR_AUDIT_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>
#include <lttr/view/filter.h>

struct lttr_rules;

/* the longest window of an aggregate, and the most samples one key keeps */
#define LTTR_RULE_MAX_WINDOW_NS	(3600ULL * 1000000000ULL)
#define LTTR_RULE_MAX_SAMPLES	65536
/* the most keys (by KEY) one rule keeps; instances of more are counted */
#define LTTR_RULE_MAX_KEYS	4096
/* the most rules in a file, and the longest line */
#define LTTR_RULES_MAX		256
#define LTTR_RULE_MAX_LINE	4096
/* a rule that fired does not fire again before this (its matches counted) */
#define LTTR_RULE_HOLDOFF_NS	1000000000ULL
/* the shortest and longest period of a timer rule ("on every 10s") */
#define LTTR_RULE_MIN_PERIOD_NS	10000000ULL
#define LTTR_RULE_MAX_PERIOD_NS	(24ULL * 3600ULL * 1000000000ULL)
/*
 * the most ticks of one timer rule evaluated in one go: when the time
 * jumps further (no event for that many periods), the older are skipped,
 * counted (ticks_skipped)
 */
#define LTTR_RULE_MAX_CATCHUP	100000
/* the most sockets (accepted or connected) whose requests the rules follow at once */
#define LTTR_RULE_MAX_SOCKETS	65536

/* the actions of a rule, a mask */
#define LTTR_ACT_SNAPSHOT	0x01
#define LTTR_ACT_NOTIFY		0x02
#define LTTR_ACT_STOP		0x04
#define LTTR_ACT_LOG		0x08

/*
 * heavy logging (log top(N) for D [or C events] [or M matched + U
 * unmatched]): the bounds of N, D, C, M and U
 */
#define LTTR_LOG_MAX_TOP	32	/* LTT_HEAVY_PIDS_MAX */
#define LTTR_LOG_MAX_NS		(3600ULL * 1000000000ULL)
#define LTTR_LOG_MAX_EVENTS	1000000000ULL
#define LTTR_LOG_MAX_SAMPLE	100
#define LTTR_LOG_PROB_ALL	1000000	/* "at 100%": every instance, in ppm */

/**
 * struct lttr_log_action - a rule's "log top(N) for D [or C events]
 *	[or M matched + U unmatched]"
 * @top: N, the most blamed parties logged (the blame's B1; with B2, at
 *	most LTTR_LOG_MAX_TOP tasks)
 * @for_ns: D, how long
 * @events: C, the events of the logged tasks after which it ends (0: no
 *	bound but D)
 * @matched: M, the instances of the rule's event that match its
 *	condition in the sample after which it ends, once @unmatched that
 *	do not are in it too (0: no sample)
 * @unmatched: U
 * @matched_ppm: "M matched at P%": the probability that a matched
 *	instance is kept, in parts per million (LTTR_LOG_PROB_ALL without
 *	"at": each one until M are in; AUDIT's MatchSamplingProb)
 * @unmatched_ppm: the same for the unmatched ones (UnmatchSamplingProb)
 */
struct lttr_log_action {
	unsigned int top;
	uint64_t for_ns;
	uint64_t events;
	unsigned int matched;
	unsigned int unmatched;
	uint32_t matched_ppm;
	uint32_t unmatched_ppm;
};

/**
 * lttr_log_sample_pick() - is an instance drawn into a logging's sample
 *	("M matched at P%")?  A draw that depends on the instance alone, so
 *	that the same trace gives the same sample wherever it is read:
 *	splitmix64(@time_ns XOR (@log << 32)) modulo 1000000 below @ppm
 *	(docs/triggers.md, "The sample")
 * @log: the logging (its firing's seq): another logging draws others
 * @time_ns: the instance's time
 * @ppm: the probability, parts per million (LTTR_LOG_PROB_ALL: always)
 */
bool lttr_log_sample_pick(uint64_t log, uint64_t time_ns, uint32_t ppm);

/* the most values a firing reports (the fields and values of its condition) */
#define LTTR_FIRING_MAX_VALUES	16

/**
 * struct lttr_firing_value - one value of a firing's condition
 * @text: as the rule writes it ("latency", "3 * avg(latency, 60s)")
 * @known: false when it could not be computed (no sample in the window)
 * @v: the value (ns for latencies and durations)
 * @samples: for an aggregate, how many samples it covered (else 0)
 */
struct lttr_firing_value {
	const char *text;
	bool known;
	int64_t v;
	uint64_t samples;
};

/**
 * struct lttr_firing - a rule that fired
 * @rule: its index (0-based, in the order of the rules)
 * @line: its line in the text given to lttr_rules_parse()
 * @text: the rule as written
 * @time_ns: the time of the event that fired it (CLOCK_MONOTONIC)
 * @start_ns: where the instance started (the syscall's entry, the wakeup),
 *	= @time_ns for an instant event
 * @pid: the task (for wakeup: the woken one)
 * @cpu: the CPU of the event
 * @id: the event type
 * @type: what the rule is on when it is no event type ("request",
 *	"timer"), else NULL (the type of @id)
 * @side: a request's side, "caller" or "callee", else NULL
 * @local: a request's socket's local address ("10.0.1.1:50854", as the
 *	message layer names it), NULL: unknown or no request
 * @peer: its peer's address, the same way
 * @comm: the task's name, or NULL when unknown
 * @key: the KEY's value ("" without by)
 * @actions: LTTR_ACT_*
 * @notify: the notify command, or NULL
 * @log: the heavy logging asked (LTTR_ACT_LOG)
 * @suppressed: matches of the rule not reported since its last firing (hold-off)
 * @truncated: an aggregate covered less than its window (LTTR_RULE_MAX_SAMPLES,
 *	or events were lost inside it: lttr_rules_gap())
 * @values: the values of the condition, @nvalues of them
 */
struct lttr_firing {
	unsigned int rule;
	unsigned int line;
	const char *text;
	uint64_t time_ns;
	uint64_t start_ns;
	uint32_t pid;
	uint16_t cpu;
	uint8_t id;
	const char *type;
	const char *side;
	const char *local;
	const char *peer;
	const char *comm;
	const char *key;
	unsigned int actions;
	const char *notify;
	struct lttr_log_action log;
	uint64_t suppressed;
	bool truncated;
	struct lttr_firing_value values[LTTR_FIRING_MAX_VALUES];
	size_t nvalues;
};

/**
 * lttr_rules_parse() - compile rules
 * @text: the rules, one a line ('#' starts a comment line; blank lines
 *	are skipped), NUL-terminated
 * @out: receives the rules, to free with lttr_rules_free()
 * @err: receives the first error: LTTR_E_INVAL and "line L, column C:
 *	what is wrong" (both from 1), or LTTR_E_NOMEM
 *
 * Return: 0, -LTTR_E_INVAL (also for text without any rule) or -LTTR_E_NOMEM.
 */
int lttr_rules_parse(const char *text, struct lttr_rules **out, struct lttr_error *err);

/**
 * lttr_rules_machine() - number the syscalls the rules name
 *	(syscall_exit(NAME)) by machine @m's table: a trace's
 *	(lttr_trace_machine()); lttr_rules_parse() takes a name of any
 *	machine and numbers it by lttr_machine_current()
 * @r: the rules
 * @m: the machine
 * @err: receives the error
 *
 * Return: 0, or -LTTR_E_INVAL when a rule names a syscall @m has not.
 */
int lttr_rules_machine(struct lttr_rules *r, enum lttr_machine m,
		       struct lttr_error *err);

void lttr_rules_free(struct lttr_rules *r);

/* how many rules; the text of rule @i */
size_t lttr_rules_count(const struct lttr_rules *r);
const char *lttr_rules_text(const struct lttr_rules *r, size_t i);

/* the actions of every rule, LTTR_ACT_* */
unsigned int lttr_rules_actions(const struct lttr_rules *r);

/**
 * lttr_rules_ids() - the event ids the rules read (for a reader that
 *	decodes only those): their EVENT-SPECs and the events that pair
 *	them (syscall_entry, schedchange)
 * @r: the rules
 * @ids: receives the mask
 */
void lttr_rules_ids(const struct lttr_rules *r, struct ltt_event_mask *ids);

/**
 * lttr_rules_feed() - one event, in time order
 * @r: the rules
 * @c: the filter context (process names for "comm" and "by comm"); may be NULL
 * @ev: the event
 * @fire: called for each firing; the firing is valid during the call
 * @arg: @fire's first argument
 *
 * Return: the number of firings.
 */
unsigned int lttr_rules_feed(struct lttr_rules *r, const struct lttr_filter_ctx *c,
			     const struct lttr_event *ev,
			     void (*fire)(void *arg, const struct lttr_firing *f), void *arg);

/**
 * lttr_rules_module() - can rule @i be evaluated by the kernel module
 *	(LTT_IOC_SET_TRIGGERS, docs/triggers.md, "Conditions evaluated in
 *	the module")?  On a system call's exit (any, or one the machine
 *	numbers), a wakeup, an exit or a signal; without by, a sample or
 *	aggregates; its condition, if any, a conjunction of at most
 *	LTT_TRIG_TESTS comparisons of the fields the module has (latency,
 *	nr, ret, pid, code, sig) with numbers, durations or signal names, and
 *	at most one comm == "NAME" (shorter than 16 characters).
 * @r: the rules
 * @i: the rule
 * @out: receives the module's trigger (its hold-off LTTR_RULE_HOLDOFF_NS)
 *
 * Return: true when it can, @out filled.
 */
bool lttr_rules_module(const struct lttr_rules *r, size_t i, struct ltt_trigger *out);

/**
 * lttr_rules_set_module() - rule @i is evaluated by the module from now
 *	on: lttr_rules_feed() leaves it, lttr_rules_ids() leaves the ids it
 *	alone reads, and its instances that hold come to lttr_rules_hit()
 * @r: the rules
 * @i: the rule (lttr_rules_module() said it can)
 */
void lttr_rules_set_module(struct lttr_rules *r, size_t i);

/* whether rule @i is evaluated by the module (lttr_rules_set_module()) */
bool lttr_rules_is_module(const struct lttr_rules *r, size_t i);

/**
 * lttr_rules_hit() - the module's hit of rule @i (its trigger held),
 *	in time order with the events fed: the rule fires as if its event
 *	had been fed, its condition evaluated again on what the hit says
 *	(the names of @c for comm), the module's held-off hits added to its
 *	suppressed ones
 * @r: the rules
 * @c: as for lttr_rules_feed()
 * @i: the rule
 * @h: the hit
 * @fire: called for the firing
 * @arg: @fire's first argument
 *
 * Return: the number of firings (0 or 1).
 */
unsigned int lttr_rules_hit(struct lttr_rules *r, const struct lttr_filter_ctx *c, size_t i,
			    const struct ltt_trig_hit *h,
			    void (*fire)(void *arg, const struct lttr_firing *f), void *arg);

/**
 * lttr_rules_sampler() - be told of the instances of the rules on an
 *	event (not the ticks of a timer rule), those that match their
 *	condition and those that do not (heavy logging's sample, traced)
 * @r: the rules
 * @want: called for each instance evaluated, with its rule's index, its
 *	time and whether it matched, before the hold-off and before it is
 *	added to its key's windows; true: describe it to @keep
 * @keep: called with the instance as a firing (its time, start, task,
 *	latency and the values of the condition, every one computed as its
 *	aggregates' windows were before it; @key, @side, @local and @peer
 *	NULL), valid during the call
 * @arg: their first argument
 *
 * NULL @want: no sampler.
 */
void lttr_rules_sampler(struct lttr_rules *r,
			bool (*want)(void *arg, unsigned int rule, uint64_t time_ns, bool matched),
			void (*keep)(void *arg, const struct lttr_firing *f, bool matched),
			void *arg);

/**
 * lttr_rules_start() - where the periods of the timer rules start
 * @r: the rules
 * @t0: the trace's start (its header's start_ns): the ticks of a rule
 *	"on every D" are at @t0 + D, @t0 + 2D, ...  Without it, the time of
 *	the first event fed or advanced to.
 */
void lttr_rules_start(struct lttr_rules *r, uint64_t t0);

/**
 * lttr_rules_advance() - the time has reached @t: every event before @t
 *	was fed (traced: every CPU has passed it; a trace read after the
 *	fact: its next event, or its end): the ticks of the timer rules up
 *	to @t, included, are evaluated (lttr_rules_feed() does the same up
 *	to each event's time, before the event)
 * @r: the rules
 * @c: as for lttr_rules_feed()
 * @t: the time
 * @fire: called for each firing
 * @arg: @fire's first argument
 *
 * Return: the number of firings.
 */
unsigned int lttr_rules_advance(struct lttr_rules *r, const struct lttr_filter_ctx *c,
				uint64_t t,
				void (*fire)(void *arg, const struct lttr_firing *f), void *arg);

/**
 * struct lttr_rules_stats - what the rules could not keep
 * @keys_over: instances of a rule with more than LTTR_RULE_MAX_KEYS keys
 *	(evaluated with every aggregate unknown, not added to any)
 * @samples_dropped: samples dropped from a full window (LTTR_RULE_MAX_SAMPLES)
 * @unpaired: ends whose start was not seen (syscall exits without entry,
 *	switches in without wakeup): no latency
 * @sockets_over: sockets accepted or connected forgotten (the oldest, when more than
 *	LTTR_RULE_MAX_SOCKETS were followed): their requests are not seen
 * @late: events fed with a time before one already fed or advanced to
 *	(out of order): not evaluated
 * @ticks_skipped: ticks of timer rules not evaluated (LTTR_RULE_MAX_CATCHUP)
 * @gaps: gaps of lost events told (lttr_rules_gap())
 * @gap_dropped: starts (syscall entries, wakeups, job begins, requests'
 *	calls) forgotten at a gap's start or not kept inside one: their ends
 *	are unpaired, no latency across lost events
 * @gaps_late: gaps told after events past their start were fed (traced:
 *	their CPU's buffers came later than the others' by more than the
 *	grace): a latency measured before then may span lost events
 */
struct lttr_rules_stats {
	uint64_t keys_over;
	uint64_t samples_dropped;
	uint64_t unpaired;
	uint64_t sockets_over;
	uint64_t late;
	uint64_t ticks_skipped;
	uint64_t gaps;
	uint64_t gap_dropped;
	uint64_t gaps_late;
};

void lttr_rules_stats(const struct lttr_rules *r, struct lttr_rules_stats *st);

/**
 * lttr_rules_gap() - events were lost between two times
 * @r: the rules
 * @from: the time of the last event before them (a CPU's last record
 *	before its buffer with lost events)
 * @to: the time of the first event after them (that buffer's start)
 *
 * When the events fed pass @from, every start kept (a syscall's entry, a
 * wakeup, a job's begin, a request's call) is forgotten, and none is kept
 * until @to: no latency is measured across lost events (their ends are
 * unpaired; lttr_rules_stats() counts both).  An aggregate whose window
 * holds a gap is marked truncated.  May be told after events past @from
 * were fed (traced learns of a gap when the buffer after it comes): the
 * starts are then forgotten at the next event fed.
 *
 * Return: 0, or -1 without memory (the gap not kept).
 */
int lttr_rules_gap(struct lttr_rules *r, uint64_t from, uint64_t to);

/**
 * struct lttr_snapshot_info - what a firing's snapshot wrote (traced)
 * @dir: its directory, relative to the trace's ("snapshot-1"), or an
 *	absolute path (traced --snapshot-dir: "/var/snap/t-snapshot-1")
 * @complete: every buffer of it was written
 * @buffers: the buffers written
 * @dropped_events: the events of the buffers that could not be written
 *	(a full disk), counted in its lost file
 * @dropped_bytes: the bytes of those buffers
 * @error: why it is incomplete: the file and the error ("DIR/events: No
 *	space left on device (ENOSPC)"), or NULL
 */
struct lttr_snapshot_info {
	const char *dir;
	bool complete;
	uint64_t buffers;
	uint64_t dropped_events;
	uint64_t dropped_bytes;
	const char *error;
};

/**
 * lttr_firing_json() - a firing as one line of JSON (the firings log of
 *	traced, the stdin of notify; docs/triggers.md)
 * @f: the firing
 * @seq: its number (from 1) in the session
 * @snap: the snapshot it wrote, or NULL
 * @out: where to write it, with a newline
 *
 * Return: 0, or -1 on a write error.
 */
int lttr_firing_json(const struct lttr_firing *f, unsigned int seq,
		     const struct lttr_snapshot_info *snap, FILE *out);

/**
 * lttr_instance_json() - an instance of a heavy logging's sample (given
 *	to lttr_rules_sampler()'s @keep) as a JSON object, without newline:
 *	{"matched":BOOL,"time_ns":T,"start_ns":S,"pid":P,"comm":C|null,
 *	"values":[{"expr":E,"value":V|null},...]} (docs/triggers.md)
 * @f: the instance
 * @matched: whether it matched the rule's condition
 * @out: where to write it
 *
 * Return: 0, or -1 on a write error.
 */
int lttr_instance_json(const struct lttr_firing *f, bool matched, FILE *out);

#endif /* LTTR_AUDIT_RULES_H */
