/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/replay/replay.h - breakpoints, watchpoints and global predicates
 * over a replayed trace (Friday, Geels et al. 2007, section 3): the
 * reader's accounting pass (lttr_account_compute_hooks()) re-run over the
 * recorded trace, its state (tasks, CPUs, descriptors, the values custom
 * events publish, a Lamport clock over the messages) read by predicates
 * and by commands in Lua 5.4.  The language is in docs/replay.md.
 */
#ifndef LTTR_REPLAY_REPLAY_H
#define LTTR_REPLAY_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_replay;

/**
 * enum lttr_replay_stop_kind - why the replay stopped
 * @LTTR_RSTOP_BREAK: a breakpoint's event matched (and its condition held)
 * @LTTR_RSTOP_WATCH: a watched expression changed value
 * @LTTR_RSTOP_STEP: step: the next event
 * @LTTR_RSTOP_END: the end of the trace
 * @LTTR_RSTOP_PRINT: not a stop: the value of a print command
 */
enum lttr_replay_stop_kind {
	LTTR_RSTOP_BREAK,
	LTTR_RSTOP_WATCH,
	LTTR_RSTOP_STEP,
	LTTR_RSTOP_END,
	LTTR_RSTOP_PRINT,
};

/**
 * struct lttr_replay_stop - one stop (or print) of the replay
 * @kind: enum lttr_replay_stop_kind
 * @id: the breakpoint's or watchpoint's number (from 1), else 0
 * @backward: reached by run-to-previous
 * @ordinal: the event's number in the merged order (from 1), 0 at none
 * @time_ns: its time (CLOCK_MONOTONIC ns)
 * @rel_ns: its time after the trace's start (dump's first column)
 * @pid: its task
 * @cpu: its CPU
 * @logical: __LOGICALCLOCK__ of its process after it
 * @node: __NODE__
 * @comm: the task's name at the time, "" when unknown
 * @desc: the event's description, as dump prints it
 * @spec: the breakpoint's event spec, the watched expression, or the
 *	printed expression
 * @oldv: WATCH: the value before (text)
 * @newv: WATCH: the value after; PRINT: the value
 * @out: what the attached commands printed (may be "")
 */
struct lttr_replay_stop {
	unsigned int kind;
	unsigned int id;
	bool backward;
	uint64_t ordinal;
	uint64_t time_ns;
	int64_t rel_ns;
	uint32_t pid;
	uint16_t cpu;
	uint64_t logical;
	const char *node;
	const char *comm;
	const char *desc;
	const char *spec;
	const char *oldv;
	const char *newv;
	const char *out;
};

/**
 * struct lttr_replay_opts - how a script runs
 * @allow_io: Lua's io and os libraries are open (--allow-io)
 * @insn_budget: Lua instructions per command before it is stopped
 * @mem_budget: bytes a command may allocate before it is stopped
 * @stop: told each stop and print
 * @message: told each warning (a command stopped, a run-time error)
 * @arg: their argument
 */
struct lttr_replay_opts {
	bool allow_io;
	uint64_t insn_budget;
	size_t mem_budget;
	void (*stop)(void *arg, const struct lttr_replay_stop *s);
	void (*message)(void *arg, const char *msg);
	void *arg;
};

#define LTTR_REPLAY_INSN_BUDGET	10000000ULL
#define LTTR_REPLAY_MEM_BUDGET	((size_t)32 << 20)

/**
 * lttr_replay_check() - parse a script without running it
 * @text: the script (NUL-terminated)
 * @t: the trace, for the names of its custom fields (may be NULL: any
 *	unknown bare name is then refused)
 * @err: receives "LINE:COL: what is wrong" (LTTR_E_INVAL) or LTTR_E_NOMEM
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_check(const char *text, struct lttr_trace *t, struct lttr_error *err);

/**
 * lttr_replay_run() - run a script over a trace
 * @t: the trace
 * @text: the script
 * @o: the options and callbacks
 * @err: receives the error: a syntax error (LTTR_E_INVAL, "LINE:COL:
 *	..."), before anything ran, or the trace's
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_run(struct lttr_trace *t, const char *text,
		    const struct lttr_replay_opts *o, struct lttr_error *err);

/**
 * lttr_replay_open() - a replay of a trace, for commands given one at a
 * time (an interactive prompt)
 * @t: the trace; must outlive the replay
 * @o: the options and callbacks; must outlive the replay
 * @out: receives the replay (lttr_replay_close())
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_open(struct lttr_trace *t, const struct lttr_replay_opts *o,
		     struct lttr_replay **out, struct lttr_error *err);

struct lttr_sync_model;

/**
 * lttr_replay_open_set() - a replay of a trace set (several hosts' traces
 * on one clock: a merged set, lttr/sync/model-json.h), each trace a node
 * with its own state; the events in the order of their times on the first
 * trace's clock (the lowest node first on a tie)
 * @t: the traces, one per host, host 0 the reference; must outlive the replay
 * @n: how many (1: as lttr_replay_open())
 * @names: the nodes' names (__NODE__, @NODE(EXPR), on NODES), distinct,
 *	without ':' (the prefixes of lttr_msgs_from_hosts()'s nodes); NULL
 *	for one trace: its host name
 * @model: the clock model, every host synchronised (must outlive the replay)
 * @o: the options and callbacks; must outlive the replay
 * @out: receives the replay (lttr_replay_close())
 * @err: receives the error
 *
 * A stop's time_ns is on the first trace's clock and its rel_ns after the
 * first trace's start; the messages (the Lamport clock, chan[][]) are
 * lttr_msgs_from_hosts()'s.
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_open_set(struct lttr_trace *const *t, size_t n, const char *const *names,
			 const struct lttr_sync_model *model, const struct lttr_replay_opts *o,
			 struct lttr_replay **out, struct lttr_error *err);

/**
 * lttr_replay_exec() - parse and run commands (a line, or a break or
 * watch line with its commands block) where the replay stands
 * @r: the replay
 * @text: the commands
 * @first_line: the line number of @text's first line, for the errors
 * @err: receives the error: a syntax error (LTTR_E_INVAL "LINE:COL: ...":
 *	nothing of @text ran, the replay is as it was) or the trace's
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_exec(struct lttr_replay *r, const char *text, unsigned int first_line,
		     struct lttr_error *err);

/**
 * struct lttr_replay_hit - a moment a predicate becomes true
 * @ordinal: the event's number in the merged order (from 1), as the
 *	stops' (dump's line order)
 * @time_ns: its time (CLOCK_MONOTONIC ns; in a set on the first trace's clock)
 * @node: its node: the index of its trace in the set (0 for one trace)
 */
struct lttr_replay_hit {
	uint64_t ordinal;
	uint64_t time_ns;
	unsigned int node;
};

/**
 * lttr_replay_hits() - the events after which a predicate becomes true,
 * in a range of time: the predicate bar of the front ends, replay --hits
 * @t: the trace
 * @expr: an expression of the replay's language (docs/replay.md)
 * @from_ns: the range's start (absolute ns; 0: the trace's)
 * @to_ns: its end, included (UINT64_MAX: the trace's)
 * @progress: told how far the pass is every 65536 events (may be NULL);
 *	non-zero cancels
 * @arg: its argument
 * @out: receives the hits in the merged order (free() it), NULL for none
 * @n: receives their number
 * @err: receives the error: a syntax error or an unknown field
 *	(LTTR_E_INVAL "1:COL: ..."), LTTR_E_CANCELED, or the trace's
 *
 * A hit is an event after which @expr holds (a number not 0, a text not
 * empty) when it did not after the event before (before the first event
 * it did not): `watch` of the predicate's truth, its rises only.  The
 * pass is the replay's, from the trace's start (the accounting has no
 * state to restore in the middle, docs/replay.md), and stops at the first
 * event after @to_ns.
 *
 * Return: 0 or a negative enum lttr_errcode (nothing in @out then).
 */
int lttr_replay_hits(struct lttr_trace *t, const char *expr, uint64_t from_ns, uint64_t to_ns,
		     int (*progress)(void *arg, unsigned int permille), void *arg,
		     struct lttr_replay_hit **out, size_t *n, struct lttr_error *err);

/**
 * lttr_replay_hits_set() - lttr_replay_hits() over a trace set (the
 * traces, names and clock model of lttr_replay_open_set()): the events of
 * every node in the set's order, the predicate read after each in its
 * node's state (@NODE(EXPR) another's); @from_ns, @to_ns and the hits'
 * times on the first trace's clock, each hit with its node
 * @t: the traces
 * @n: how many (1: lttr_replay_hits())
 * @names: the nodes' names
 * @model: the clock model
 * @expr: the predicate
 * @from_ns: the range's start
 * @to_ns: its end, included
 * @progress: told how far the pass is (may be NULL); non-zero cancels
 * @arg: its argument
 * @out: receives the hits (free() it)
 * @nhits: receives their number
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode (nothing in @out then).
 */
int lttr_replay_hits_set(struct lttr_trace *const *t, size_t n, const char *const *names,
			 const struct lttr_sync_model *model, const char *expr, uint64_t from_ns,
			 uint64_t to_ns, int (*progress)(void *arg, unsigned int permille),
			 void *arg, struct lttr_replay_hit **out, size_t *nhits,
			 struct lttr_error *err);

/* events between two checkpoints of a seek, by default: about 50 ms of
 * the pass at its 0.3 to 0.5 us an event (docs/replay.md) */
#define LTTR_REPLAY_SEEK_INTERVAL	100000ULL

struct lttr_replay_seek;

/**
 * lttr_replay_seek_open() - the hits of a predicate (as lttr_replay_hits()
 * finds them) found on demand from any event, forward and backward, by a
 * replay pass that keeps checkpoints: a copy of the whole replayed state
 * (the accounting pass, its control-flow machine and reader position, the
 * replay's tasks, CPUs, variables, process table and Lamport clocks, the
 * predicate's truth) every @interval events it goes through, so that a
 * search restarts from the nearest checkpoint instead of the trace's start
 * @t: the trace; must outlive the seek
 * @expr: the predicate (docs/replay.md)
 * @interval: events between two checkpoints (0: LTTR_REPLAY_SEEK_INTERVAL)
 * @out: receives the seek (lttr_replay_seek_close())
 * @err: receives the error: a syntax error or an unknown field
 *	(LTTR_E_INVAL "1:COL: ..."), LTTR_E_NOMEM, or the trace's
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_seek_open(struct lttr_trace *t, const char *expr, uint64_t interval,
			  struct lttr_replay_seek **out, struct lttr_error *err);

/**
 * lttr_replay_seek_open_set() - lttr_replay_seek_open() over a trace set
 * (as lttr_replay_open_set() takes it): its hits are
 * lttr_replay_hits_set()'s, its checkpoints hold every node's state and
 * accounting pass (with the event each has read ahead)
 * @t: the traces; must outlive the seek
 * @n: how many
 * @names: the nodes' names (NULL for one trace); must outlive the seek
 * @model: the clock model (n > 1); must outlive the seek
 * @expr: the predicate
 * @interval: events between two checkpoints (0: LTTR_REPLAY_SEEK_INTERVAL)
 * @out: receives the seek
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_seek_open_set(struct lttr_trace *const *t, size_t n, const char *const *names,
			      const struct lttr_sync_model *model, const char *expr,
			      uint64_t interval, struct lttr_replay_seek **out,
			      struct lttr_error *err);

/**
 * lttr_replay_seek_next() - the first hit after event @after
 * @s: the seek
 * @after: an event's number in the merged order (0: before the first)
 * @hit: receives the hit
 * @err: receives the error
 *
 * The pass runs from the last checkpoint at or before @after (or goes on
 * from where it stands when that is nearer), laying checkpoints where it
 * goes first.
 *
 * Return: 1 a hit, 0 none after @after, or a negative enum lttr_errcode.
 */
int lttr_replay_seek_next(struct lttr_replay_seek *s, uint64_t after, struct lttr_replay_hit *hit,
			  struct lttr_error *err);

/**
 * lttr_replay_seek_prev() - the last hit before event @before
 * @s: the seek
 * @before: an event's number (UINT64_MAX: the end of the trace)
 * @hit: receives the hit
 * @err: receives the error
 *
 * The pass runs from the last checkpoint before @before to it, then from
 * the checkpoint before that one, until a hit is found: a hit within one
 * interval costs at most two intervals' replay once the checkpoints up to
 * @before are laid (the first search that far lays them).
 *
 * Return: 1 a hit, 0 none before @before, or a negative enum lttr_errcode.
 */
int lttr_replay_seek_prev(struct lttr_replay_seek *s, uint64_t before, struct lttr_replay_hit *hit,
			  struct lttr_error *err);

/**
 * struct lttr_replay_seek_stats - what a seek holds and has done
 * @checkpoints: the checkpoints laid
 * @bytes: the heap memory they hold
 * @replayed: the events the pass applied, over all searches
 * @last: the farthest event the pass reached
 */
struct lttr_replay_seek_stats {
	size_t checkpoints;
	size_t bytes;
	uint64_t replayed;
	uint64_t last;
};

/** lttr_replay_seek_stats() - @s's figures into @st */
void lttr_replay_seek_stats(const struct lttr_replay_seek *s, struct lttr_replay_seek_stats *st);

/** lttr_replay_seek_close() - release a seek @s: the seek, or NULL */
void lttr_replay_seek_close(struct lttr_replay_seek *s);

/**
 * lttr_replay_expr_check() - compile an expression of the replay's
 * language without running anything (a predicate read from a session
 * file, the fuzzer's)
 * @t: the trace, for the names of its custom fields (may be NULL)
 * @expr: the expression
 * @err: receives "1:COL: what is wrong" (LTTR_E_INVAL) or LTTR_E_NOMEM
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_replay_expr_check(struct lttr_trace *t, const char *expr, struct lttr_error *err);

/** lttr_replay_close() - end a replay @r: the replay, or NULL */
void lttr_replay_close(struct lttr_replay *r);

#endif /* LTTR_REPLAY_REPLAY_H */
