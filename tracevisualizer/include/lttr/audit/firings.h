/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/audit/firings.h - the firings of a traced --rules session read
 * back (TRACEDIR/firings.jsonl, docs/triggers.md) and each one's instance
 * analysed in its snapshot: the explanation of the instance (its parts
 * add up to its latency, as latency --explain) and its critical blame
 * (lttr/audit/blame.h).  What tracevisualizer audit prints.
 */
#ifndef LTTR_AUDIT_FIRINGS_H
#define LTTR_AUDIT_FIRINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/audit/blame.h>
#include <lttr/audit/rules.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_json;
struct lttr_explained;
struct lttr_heavy_log;

/**
 * struct lttr_firing_val - a value of a firing's condition
 * @expr: as the rule writes it
 * @known: false for null (unknown)
 * @value: the value (ns for latencies and durations)
 * @samples: what an aggregate covered (@has_samples)
 * @has_samples: an aggregate
 */
struct lttr_firing_val {
	char *expr;
	bool known;
	int64_t value;
	uint64_t samples;
	bool has_samples;
};

/**
 * struct lttr_firing_rec - a firing read from firings.jsonl (the fields of
 *	lttr_firing_json(), docs/triggers.md), with its notify line if any
 */
struct lttr_firing_rec {
	uint32_t seq;
	uint32_t rule;
	uint32_t line;
	char *text;
	uint64_t time_ns;
	uint64_t start_ns;
	char *type;
	char *side;		/* a request's: "caller" or "callee"; NULL: none given */
	char *local;		/* its socket's endpoints, NULL: unknown */
	char *peer;
	uint32_t pid;
	uint32_t cpu;
	char *comm;
	char *key;
	size_t nval;
	struct lttr_firing_val val[LTTR_FIRING_MAX_VALUES];
	bool window_truncated;
	uint64_t suppressed_before;
	char *actions;		/* comma-separated */
	bool has_snapshot;
	char *snap_dir;		/* relative to the trace's, or absolute (--snapshot-dir) */
	bool snap_complete;
	uint64_t snap_buffers;
	uint64_t snap_dropped;
	bool snap_bytes_known;	/* dropped_bytes given (traced of 2026-11-30 on) */
	uint64_t snap_dropped_bytes;
	char *snap_error;	/* why it is incomplete, or NULL */
	bool notified;		/* a notify line was read */
	bool notify_killed;
	bool notify_exit_known;
	int notify_exit;
	char *bad;		/* lttr_firings_read_all(): a line that is not a firing */
	struct lttr_heavy_log *log;	/* its heavy logging's line (lttr/audit/heavy.h) */
};

/**
 * lttr_firings_read() - the firings of TRACEDIR/firings.jsonl in order
 * @dir: the trace directory
 * @out: receives the firings (free with lttr_firings_free())
 * @n: receives how many
 * @err: receives the error (LTTR_E_IO: no file; LTTR_E_FORMAT: a line
 *	that is not a firing nor a notify line, with its number)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_firings_read(const char *dir, struct lttr_firing_rec **out, size_t *n,
		      struct lttr_error *err);

/**
 * lttr_firings_read_all() - as lttr_firings_read(), but a line that is not
 *	a firing does not stop the reading: it is a record of its own, in
 *	its place, with @bad set to why ("line 3 is not a JSON object") and
 *	nothing else; the front ends list it as an error among the firings
 * @dir: the trace directory
 * @out: receives the records (free with lttr_firings_free())
 * @n: receives how many
 * @err: receives the error (LTTR_E_IO: no file; LTTR_E_NOMEM)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_firings_read_all(const char *dir, struct lttr_firing_rec **out, size_t *n,
			  struct lttr_error *err);

/**
 * lttr_firing_line() - one line of firings.jsonl (a whole line: what
 *	lttr_firings_read() and the live follower, lttr/reader/live.h, read)
 * @line: the line, NUL-terminated
 * @v: the firings read before it (a notify line completes one of them)
 * @nv: how many
 * @f: receives the firing (free its strings with lttr_firings_free()'s
 *	rules: it becomes one of @v)
 *
 * Return: 1 a firing in @f, 0 a notify or heavy logging line (applied to
 * @v: lttr_heavy_line()), -1 not a JSON object, -2 an object that is not
 * a firing.
 */
int lttr_firing_line(const char *line, struct lttr_firing_rec *v, size_t nv,
		     struct lttr_firing_rec *f);

/**
 * lttr_firing_snap_note() - what a firing's incomplete snapshot lost, as
 * audit and the front ends say it: "snapshot incomplete: ERROR; N bytes
 * of buffers not written" (the bytes when the log gives them)
 * @f: the firing
 * @buf: receives the text, "" when the firing has no snapshot or a
 *	complete one
 * @size: @buf's size
 *
 * Return: @buf.
 */
const char *lttr_firing_snap_note(const struct lttr_firing_rec *f, char *buf, size_t size);

/**
 * lttr_request_side_str() - a request's side and its socket's endpoints
 *	as audit says them, from the fields of either firing (a struct
 *	lttr_firing of lttr_rules_run(), audit --rules; a struct
 *	lttr_firing_rec read back: lttr_firing_side_str()): "at its caller
 *	(10.0.1.1:50854 -> 10.0.1.2:7201)", local then peer, "unknown" for
 *	one not given
 * @side: "caller" or "callee"; NULL: not a request (or not said)
 * @local: its socket's local endpoint, NULL: unknown
 * @peer: its peer, NULL: unknown
 * @buf: receives the text, "" when @side is NULL
 * @size: @buf's size
 *
 * Return: @buf.
 */
const char *lttr_request_side_str(const char *side, const char *local, const char *peer,
				  char *buf, size_t size);

/**
 * lttr_firing_side_str() - a request firing's side and its socket's
 *	endpoints as audit says them: "at its caller (10.0.1.1:50854 ->
 *	10.0.1.2:7201)", local then peer, "unknown" for one not given
 *	(lttr_request_side_str())
 * @f: the firing
 * @buf: receives the text, "" when the firing has no side (not a
 *	request, or one of a traced that did not write it)
 * @size: @buf's size
 *
 * Return: @buf.
 */
const char *lttr_firing_side_str(const struct lttr_firing_rec *f, char *buf, size_t size);

/**
 * lttr_firing_peer_str() - the same in short, as the front ends' lists
 *	show it: "caller, peer 10.0.1.2:7201" ("peer unknown" when not given)
 * @f: the firing
 * @buf: receives the text, "" when the firing has no side
 * @size: @buf's size
 *
 * Return: @buf.
 */
const char *lttr_firing_peer_str(const struct lttr_firing_rec *f, char *buf, size_t size);

/** lttr_firings_free() - release @v (@n firings) */
void lttr_firings_free(struct lttr_firing_rec *v, size_t n);

/**
 * struct lttr_audit - a firing's instance analysed
 * @trace: the trace it was read from (its snapshot, else TRACEDIR)
 * @trace_dir: that directory
 * @analysed: the instance has a length (start_ns < time_ns) and was found
 * @why: when not @analysed, why not
 * @latency_ns: time_ns - start_ns
 * @expl: the explanation (one request)
 * @blame: the critical blame
 * @code_warning: what the symbol files could not name in the code paths
 *	(the first of their warnings, and how many more; "" when none): a
 *	frame they could not name is [unknown], and paths that differ only
 *	there are counted as one
 */
struct lttr_audit {
	struct lttr_trace *trace;
	char *trace_dir;
	bool analysed;
	char why[1024];
	uint64_t latency_ns;
	struct lttr_explained *expl;
	struct lttr_blame *blame;
	char code_warning[512];
};

/**
 * lttr_audit_firing() - analyse a firing's instance: task @f->pid from
 *	@f->start_ns to @f->time_ns, in its snapshot (or in @dir without one;
 *	an incomplete snapshot that cannot be opened, its header not written
 *	on a full disk: a result not @analysed, its why saying so)
 * @dir: the trace directory of the session
 * @symfs: NULL, or the directory holding the traced system's ELF files
 *	under their paths there (--symfs; lttr_syms_open()), which name the
 *	code paths' user frames of a trace read away from its machine
 * @f: the firing
 * @n: the size of the blame's B1
 * @out: receives the result (free with lttr_audit_free()); an instance
 *	that cannot be analysed (an instant event, a task not in the
 *	snapshot) is a result with @analysed false and @why
 * @err: receives the error (the trace cannot be opened; @symfs is not a
 *	directory; no memory)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_audit_firing(const char *dir, const char *symfs, const struct lttr_firing_rec *f,
		      unsigned int n, struct lttr_audit **out, struct lttr_error *err);

/** lttr_audit_free() - release @a (NULL: nothing) */
void lttr_audit_free(struct lttr_audit *a);

/**
 * lttr_blame_share() - a party's share of the instance, in percent
 * @b: the blame
 * @i: the party's index
 *
 * Return: 100 * its blame / the instance's length.
 */
double lttr_blame_share(const struct lttr_blame *b, size_t i);

/**
 * lttr_blame_code_share() - a code path's share of the instance, in percent
 * @b: the blame
 * @i: the code path's index
 *
 * Return: 100 * its blame / the instance's length.
 */
double lttr_blame_code_share(const struct lttr_blame *b, size_t i);

/**
 * lttr_blame_code_unavailable() - why @b has no code paths
 * @b: the blame
 *
 * Return: the reason (the trace has no stacks), or NULL when they were
 * computed (@b->code_known).
 */
const char *lttr_blame_code_unavailable(const struct lttr_blame *b);

/**
 * lttr_blame_party_str() - party @i of @b as audit names it: "task 31
 *	locker", "irq 14", "irq 236 (vector)", "softirq 3", "unknown (no
 *	data, or task 30 not alive)"
 * @b: the blame
 * @i: the party's index
 * @buf: receives the text
 * @size: its size
 *
 * Return: @buf.
 */
const char *lttr_blame_party_str(const struct lttr_blame *b, size_t i, char *buf, size_t size);

/**
 * lttr_audit_rows() - the filter expression (docs/filter.md) of the rows
 *	of the selected blamed tasks (top: B1 and B2), "pid == 31 || pid ==
 *	32"; "" when no task is selected
 * @b: the blame
 * @buf: receives it
 * @size: its size
 *
 * Return: @buf, or NULL when it does not fit.
 */
const char *lttr_audit_rows(const struct lttr_blame *b, char *buf, size_t size);

struct lttr_lesson;

/**
 * lttr_audit_lesson() - a firing shown in a front end's control flow, as a
 *	lesson of one step (lttr/view/lesson.h) that the front ends show in
 *	their lesson pager or panel: the cursor at the instance's first event
 *	of its task (selected), the window three times the instance wide
 *	centred on its start (the instance in it, whole), the rows of the
 *	selected blamed tasks highlighted (lttr_audit_rows(), the others
 *	dimmed), and as its text the condition's values, the blame ranking
 *	(each party's blame and share, * for the selected ones) and the
 *	explanation's totals and first pieces, as audit prints them
 * @f: the firing
 * @a: its analysis (@a->analysed)
 * @out: receives the lesson (free with lttr_lesson_free())
 * @err: receives the error (LTTR_E_INVAL: @a not analysed, with its why;
 *	LTTR_E_NOMEM)
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_audit_lesson(const struct lttr_firing_rec *f, const struct lttr_audit *a,
		      struct lttr_lesson **out, struct lttr_error *err);

/**
 * lttr_json_audit() - a firing and its analysis as a JSON object: the
 *	firing's fields, "heavy_log" (lttr_json_heavy_log()), "instance"
 *	(trace, latency_ns, explanation), "blame" (parties with blame_ns,
 *	share, critical, top; sites)
 * @j: the writer
 * @f: the firing
 * @a: its analysis (NULL: "instance": null)
 */
void lttr_json_audit(struct lttr_json *j, const struct lttr_firing_rec *f,
		     const struct lttr_audit *a);

struct lttr_rules;
struct lttr_firing;

/**
 * lttr_rules_run() - the trigger rules over a trace read after the fact,
 *	as traced --rules evaluates them while it runs: the ticks of the
 *	timer rules from the header's start_ns, the events in time order
 *	(the CPUs merged), then the ticks up to the header's end_ns
 *	(tracevisualizer audit --rules; docs/triggers.md)
 * @dir: the trace directory
 * @r: the rules (fresh from lttr_rules_parse())
 * @fire: called for each firing
 * @arg: its first argument
 * @err: receives the error
 *
 * The process names are the trace's (traced also asks /proc for a task
 * the trace has not named yet).
 *
 * Return: the number of firings, or a negative enum lttr_errcode.
 */
long lttr_rules_run(const char *dir, struct lttr_rules *r,
		    void (*fire)(void *arg, const struct lttr_firing *f), void *arg,
		    struct lttr_error *err);

#endif /* LTTR_AUDIT_FIRINGS_H */
