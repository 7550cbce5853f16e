/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/audit/heavy.h - the heavy logging of a traced --rules session read
 * back: each firing's log line of firings.jsonl ({"log":SEQ,...},
 * docs/triggers.md "Heavy logging"), its parties with their blame and the
 * volume logged for each (from the line, or counted in the session's
 * trace by pid within the window when the line does not say), and the
 * sum over all firings: per task, its blame against its logged events,
 * so that a reader sees whether the volume follows the blame.  What
 * tracevisualizer audit prints after each firing and at the end.
 */
#ifndef LTTR_AUDIT_HEAVY_H
#define LTTR_AUDIT_HEAVY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_json;
struct lttr_firing_rec;

/* the most tasks a logging has (LTT_HEAVY_PIDS_MAX of the module's set) */
#define LTTR_HEAVY_MAX_PARTIES 32

/**
 * struct lttr_heavy_party - a task logged for a firing
 * @pid: the task
 * @blame_known: @blame_ns is the blame (null in the line: not from it)
 * @blame_ns: its blame in the firing's instance
 * @counted: @events, @stacks and @bytes are known
 * @events: its records logged in the window (stack records apart)
 * @stacks: its stack records
 * @bytes: the size of both
 */
struct lttr_heavy_party {
	uint32_t pid;
	bool blame_known;
	uint64_t blame_ns;
	bool counted;
	uint64_t events;
	uint64_t stacks;
	uint64_t bytes;
};

/**
 * enum lttr_heavy_source - where a logging's volume comes from
 * @LTTR_HEAVY_FROM_LINE: the log line's counts (traced counted them)
 * @LTTR_HEAVY_FROM_TRACE: counted in the session's trace by pid between
 *	from_ns and to_ns (lttr_heavy_count()): the line had no counts
 * @LTTR_HEAVY_UNKNOWN: neither (see @warning)
 */
enum lttr_heavy_source {
	LTTR_HEAVY_FROM_LINE,
	LTTR_HEAVY_FROM_TRACE,
	LTTR_HEAVY_UNKNOWN,
};

/* the most values of an instance of a sample (LTTR_FIRING_MAX_VALUES) */
#define LTTR_HEAVY_MAX_VALUES 16
/* the most instances of a sample read (2 * LTTR_LOG_MAX_SAMPLE) */
#define LTTR_HEAVY_MAX_SAMPLE 200

/**
 * struct lttr_heavy_value - a value of a sampled instance's condition
 * @expr: as the rule writes it ("latency", "20 * avg(latency, 10s)")
 * @known: false: null in the line (not computable, no sample in a window)
 * @v: the value
 */
struct lttr_heavy_value {
	char expr[96];
	bool known;
	int64_t v;
};

/**
 * struct lttr_heavy_instance - an instance of the rule's event in a
 *	heavy logging's sample
 * @matched: it matched the rule's condition
 * @time_ns: its time (the event's)
 * @start_ns: where it started (its latency's start; @time_ns without)
 * @pid: its task
 * @comm: the task's name ("" unknown)
 * @nvalues: its values (its latency first, when it has one)
 * @values: them
 * @ex: lttr_heavy_explain_samples(): 1 + its explanation's index in the
 *	sample's @ex (0: not explained: an instant, or not asked)
 */
struct lttr_heavy_instance {
	bool matched;
	uint64_t time_ns;
	uint64_t start_ns;
	uint32_t pid;
	char comm[64];
	size_t nvalues;
	struct lttr_heavy_value values[LTTR_HEAVY_MAX_VALUES];
	size_t ex;
};

struct lttr_heavy_explained;

/**
 * struct lttr_heavy_sample - the sample of matched and unmatched
 *	instances a logging took (log ... or M matched + U unmatched)
 * @matched_goal: M
 * @unmatched_goal: U
 * @matched: the matched instances taken
 * @unmatched: the unmatched ones
 * @matched_ppm: the probability a matched instance was kept at ("M
 *	matched at P%"), parts per million (1000000: each one; a line of
 *	a traced before probabilities says none: 1000000)
 * @unmatched_ppm: the same for the unmatched ones
 * @seen_known: the line gives @matched_seen and @unmatched_seen
 * @matched_seen: the matched instances drawn from (those while the
 *	sample was short of matched ones), >= @matched
 * @unmatched_seen: the same for the unmatched ones
 * @n: the instances read
 * @inst: them, in time order
 * @ex: lttr_heavy_explain_samples(): the instances explained in the
 *	session's trace (NULL: not asked), owned by its caller
 */
struct lttr_heavy_sample {
	unsigned int matched_goal;
	unsigned int unmatched_goal;
	unsigned int matched;
	unsigned int unmatched;
	uint32_t matched_ppm;
	uint32_t unmatched_ppm;
	bool seen_known;
	uint64_t matched_seen;
	uint64_t unmatched_seen;
	size_t n;
	struct lttr_heavy_instance *inst;
	const struct lttr_heavy_explained *ex;
};

/**
 * struct lttr_heavy_log - a firing's heavy logging, as its log line says
 * @skipped: no logging: that of firing @skipped_by was still on
 * @from_ns: the set in the module (trace clock)
 * @to_ns: the set emptied
 * @ended: time, events, sample, stop, refused, nothing ("" when not said)
 * @why: why the blame did not choose ("" when it did)
 * @source: where the volume comes from
 * @nparty: the tasks logged
 * @party: them
 * @sample: its sample, NULL when its line has none (a rule without one,
 *	an older traced, a bad sample: unknown, see @warning)
 * @warning: what is wrong with the line or its window ("" when nothing);
 *	a log with a warning is shown, its unknown numbers as unknown
 */
struct lttr_heavy_log {
	bool skipped;
	uint32_t skipped_by;
	uint64_t from_ns;
	uint64_t to_ns;
	char ended[16];
	char why[160];
	enum lttr_heavy_source source;
	size_t nparty;
	struct lttr_heavy_party party[LTTR_HEAVY_MAX_PARTIES];
	struct lttr_heavy_sample *sample;
	char warning[200];
};

/** lttr_heavy_log_free() - release a log read by lttr_heavy_line() */
void lttr_heavy_log_free(struct lttr_heavy_log *l);

/**
 * lttr_heavy_line() - a log line of firings.jsonl applied to its firing
 *	(lttr_firing_line() calls it for a line with "log")
 * @o: the line's JSON object (a json_object *)
 * @v: the firings read before it
 * @nv: how many
 *
 * A line without from_ns, to_ns or parties (and not "skipped"), or whose
 * parties are not objects with a pid, gets the firing a log with a
 * warning; a line of a firing not read is left out.
 *
 * Return: the firing's index in @v, or -1 when it is not among them.
 */
long lttr_heavy_line(void *o, struct lttr_firing_rec *v, size_t nv);

/**
 * lttr_heavy_count() - the volume of the logs whose line has no counts:
 *	each party's records counted in the session's trace @dir by pid
 *	between from_ns (included) and to_ns (excluded), the stack records
 *	apart, as traced counts them
 * @dir: the trace directory of the session
 * @v: the firings (their logs updated: source LTTR_HEAVY_FROM_TRACE)
 * @n: how many
 * @err: receives the error (the trace cannot be opened or read)
 *
 * A window not wholly in the trace (from its first to its last event) is
 * a warning: outside it, nothing is counted and the volume stays
 * unknown; partly in it, the part inside is counted and the warning
 * says so.
 *
 * Return: the number of logs counted, or a negative enum lttr_errcode
 * (nothing opened when no log needs counting).
 */
int lttr_heavy_count(const char *dir, struct lttr_firing_rec *v, size_t n,
		     struct lttr_error *err);

/**
 * struct lttr_heavy_explained - the sampled instances of the loggings
 *	explained in the session's trace (AUDIT's logs of good and bad
 *	requests, side by side): what each instance's task did from its
 *	start to its time, on CPU, runnable, blocked and who woke it
 * @trace: the session's trace (NULL: it could not be read, @why says why)
 * @expl: the explanations, one per instance with an interval, in the
 *	order of the firings and of their samples' instances
 * @why: when @trace is NULL, why
 */
struct lttr_heavy_explained {
	struct lttr_trace *trace;
	struct lttr_explained *expl;
	char why[512];
};

/**
 * lttr_heavy_explain_samples() - explain every sampled instance (time_ns >
 *	start_ns) of the loggings of @v in the session's trace @dir, in one
 *	pass: the instances come after their firing, so they are in the
 *	trace, not in its snapshot
 * @dir: the trace directory of the session
 * @v: the firings (their samples' @ex and instances' @ex set)
 * @n: how many
 * @out: receives the result (NULL when no sample has an instance with an
 *	interval; a trace that cannot be read: a result with @trace NULL and
 *	@why); free with lttr_heavy_explained_free() after @v's last use
 * @err: receives the error (no memory, the trace cannot be read through)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_heavy_explain_samples(const char *dir, struct lttr_firing_rec *v, size_t n,
			       struct lttr_heavy_explained **out, struct lttr_error *err);

/** lttr_heavy_explained_free() - release @x (NULL: nothing) */
void lttr_heavy_explained_free(struct lttr_heavy_explained *x);

/**
 * struct lttr_heavy_total - a task over all the firings that logged it
 * @pid: the task
 * @logs: the loggings it was in
 * @blame_ns: the sum of its known blame
 * @blame_unknown: loggings where its blame was null (not in the sum)
 * @events: the sum of its known events
 * @stacks: of its stack records
 * @bytes: of their bytes
 * @volume_unknown: loggings where its volume is unknown (not in the sums)
 * @blame_share: its percent of all the tasks' blame
 * @event_share: its percent of all the tasks' events
 * @events_per_ms: @events per millisecond of @blame_ns (< 0: no blame)
 */
struct lttr_heavy_total {
	uint32_t pid;
	unsigned int logs;
	uint64_t blame_ns;
	unsigned int blame_unknown;
	uint64_t events;
	uint64_t stacks;
	uint64_t bytes;
	unsigned int volume_unknown;
	double blame_share;
	double event_share;
	double events_per_ms;
};

/**
 * struct lttr_heavy_summary - the heavy logging over all the firings
 * @firings: firings with a log line
 * @logged: of them, loggings (not skipped)
 * @skipped: skipped
 * @warnings: logs with a warning
 * @blame_ns: the sum of the tasks' known blame
 * @events: the sum of their known events
 * @n: tasks
 * @t: them, most blamed first (then by pid)
 */
struct lttr_heavy_summary {
	unsigned int firings;
	unsigned int logged;
	unsigned int skipped;
	unsigned int warnings;
	uint64_t blame_ns;
	uint64_t events;
	size_t n;
	struct lttr_heavy_total *t;
};

/**
 * lttr_heavy_summarise() - the sum of the firings' heavy logging per task
 * @v: the firings
 * @n: how many
 * @out: receives it (free with lttr_heavy_summary_free())
 * @err: receives the error (LTTR_E_NOMEM)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_heavy_summarise(const struct lttr_firing_rec *v, size_t n,
			 struct lttr_heavy_summary *out, struct lttr_error *err);

/** lttr_heavy_summary_free() - release @s's tasks */
void lttr_heavy_summary_free(struct lttr_heavy_summary *s);

/** lttr_heavy_source_name() - "line", "trace", "unknown" */
const char *lttr_heavy_source_name(enum lttr_heavy_source s);

/**
 * lttr_json_heavy_log() - a firing's log as a JSON object (null: none):
 *	skipped_by or from_ns, to_ns, ended, why, source, warning, parties
 *	(pid, blame_ns, events, stacks, bytes; null when unknown), sample
 *	(null without: matched_goal, unmatched_goal, matched, unmatched,
 *	instances: matched, time_ns, start_ns, pid, comm, values)
 */
void lttr_json_heavy_log(struct lttr_json *j, const struct lttr_firing_rec *f);

/**
 * lttr_json_heavy_summary() - the summary as a JSON object: firings,
 *	logged, skipped, warnings, blame_ns, events, tasks (pid, logs,
 *	blame_ns, blame_unknown, events, stacks, bytes, volume_unknown,
 *	blame_share, event_share, events_per_ms: null without blame)
 */
void lttr_json_heavy_summary(struct lttr_json *j, const struct lttr_heavy_summary *s);

#endif /* LTTR_AUDIT_HEAVY_H */
