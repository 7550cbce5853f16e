/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/hosts.h - the view model of several hosts' traces on one
 * clock (a merged set of "tracevisualizer merge", or several traces
 * synchronised as merge does; docs/multihost.md, docs/views.md): a group
 * row per host, the host's task rows under it keyed by (host, pid), the
 * cells of a window of the reference's clock (host 0's) computed on each
 * host's own view at that window converted through the clock model, and
 * the messages between hosts (lttr_msgs_from_hosts(): send and receive on
 * the reference's clock) as links from the sender's row to the
 * receiver's.  A host whose clock is not synchronised keeps its group row,
 * after the others, saying why, and none of its rows or messages: nothing
 * of it is placed on a clock it is not known on.
 */
#ifndef LTTR_VIEW_HOSTS_H
#define LTTR_VIEW_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/view/view.h>

struct lttr_trace;
struct lttr_sync_model;
struct lttr_xview;

/**
 * enum lttr_xrow_kind - kinds of rows of the hosts' view
 * @LTTR_XROW_HOST: a host's group row (no state of its own)
 * @LTTR_XROW_TASK: a task of a host (a task row of its view)
 * @LTTR_XROW_IDLE: a host's idle kernel threads, folded (its view's
 *	LTTR_VROW_GROUP row)
 */
enum lttr_xrow_kind {
	LTTR_XROW_HOST,
	LTTR_XROW_TASK,
	LTTR_XROW_IDLE,
};

/**
 * struct lttr_xrow - a row of the hosts' view
 * @kind: enum lttr_xrow_kind
 * @host: its host (an index of the set)
 * @pid: TASK: the task's pid on its host
 * @vrow: TASK, IDLE: the row of the host's view (lttr_xview_host_view())
 * @depth: TASK: 1 for a process, 2 for a thread under it; else 0
 * @name: HOST: "NAME (host K)"; TASK: "comm pid"; IDLE: the view's name
 */
struct lttr_xrow {
	uint8_t kind;
	uint8_t depth;
	uint32_t host;
	uint32_t pid;
	size_t vrow;
	const char *name;
};

/**
 * struct lttr_xhost - a host of the set and its clock
 * @name: the host's name (its trace header's; "hostK" when it has none or
 *	shares it with another)
 * @synced: its clock is on the reference's (host 0 always is)
 * @offset_ns: t_host = @offset_ns + @slope * t_ref
 * @slope: 1 + drift
 * @accuracy_ns: the model's accuracy for it (0 for the reference)
 * @parent: the host it was synchronised to (-1: the reference, or none)
 * @drift_lo_ppm: the least drift against @parent the messages allow
 * @drift_hi_ppm: the greatest
 * @messages: messages between it and @parent, both ways
 * @start_ns: its trace's span on the reference's clock (synced only)
 * @end_ns:
 * @problem: not synchronised: why (lttr_sync_problems()'s sentence)
 */
struct lttr_xhost {
	const char *name;
	bool synced;
	double offset_ns;
	double slope;
	double accuracy_ns;
	long parent;
	double drift_lo_ppm;
	double drift_hi_ppm;
	size_t messages;
	uint64_t start_ns;
	uint64_t end_ns;
	char problem[512];
};

/**
 * struct lttr_xlink - a message from a task of one host to a task of
 * another, on the reference's clock
 * @send_ns: when it was sent (its host's time converted, rounded to the ns)
 * @recv_ns: when it was received (the receiver's time converted)
 * @from_host: the sender's host
 * @to_host: the receiver's host
 * @from_pid: the task that sent it (0: unknown)
 * @to_pid: the task that received it (0: unknown)
 * @from_row: the sender's row (its host's group row when its task has none)
 * @to_row: the receiver's
 * @bytes: its size
 */
struct lttr_xlink {
	uint64_t send_ns;
	uint64_t recv_ns;
	uint32_t from_host;
	uint32_t to_host;
	uint32_t from_pid;
	uint32_t to_pid;
	size_t from_row;
	size_t to_row;
	uint64_t bytes;
};

/**
 * lttr_xview_build() - the hosts' view of traces already open
 * @t: the traces, one per host, host 0 the reference; they must outlive
 *	the view
 * @n: how many (at least 2)
 * @hostname: their names (NULL: their headers')
 * @model: their clock model (lttr_sync_hosts(), a merged set's); copied
 * @out: receives the view
 * @err: receives the error
 *
 * Builds each synchronised host's view (lttr_view_build()) and the
 * messages between them (lttr_msgs_from_hosts(), by thread).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_xview_build(struct lttr_trace **t, size_t n, const char *const *hostname,
		     const struct lttr_sync_model *model, struct lttr_xview **out,
		     struct lttr_error *err);

/**
 * lttr_xview_open() - open a merged set, or several traces, as one view
 * @dirs: a merged set's directory (one), or two or more trace directories
 *	(synchronised as merge does: lttr_msgs_across_traces(),
 *	lttr_sync_hosts(); the same trace twice is refused)
 * @n: how many
 * @salvage: open damaged traces as far as they read (LTTR_OPEN_SALVAGE)
 * @out: receives the view (it owns the traces)
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_xview_open(const char *const *dirs, size_t n, bool salvage, struct lttr_xview **out,
		    struct lttr_error *err);

/**
 * lttr_xview_hits() - the hits of a predicate over the set: the replay of
 * every host as a node named as the host (lttr_replay_hits_set(), as
 * replay --hits of the same set finds them), over the whole span
 * @x: the view
 * @expr: the predicate (docs/replay.md; @NAME(EXPR) another host's)
 * @progress: told how far the pass is (may be NULL); non-zero cancels
 * @arg: its argument
 * @out: receives the hits in time order, on the reference's clock (free() it)
 * @n: receives their number
 * @err: receives the error: a syntax error or unknown field
 *	(LTTR_E_INVAL "1:COL: ..."), a host not synchronised (LTTR_E_INVAL:
 *	its events are on no known clock), LTTR_E_CANCELED, or the traces'
 *
 * Return: 0 or a negative enum lttr_errcode (nothing in @out then).
 */
struct lttr_replay_hit;
int lttr_xview_hits(const struct lttr_xview *x, const char *expr,
		    int (*progress)(void *arg, unsigned int permille), void *arg,
		    struct lttr_replay_hit **out, size_t *n, struct lttr_error *err);

/* the reference trace's start (its header's): replay --hits' times are after it */
uint64_t lttr_xview_ref_start(const struct lttr_xview *x);

/* whether @dir is a merged set (clock-model.json and no header) */
bool lttr_xview_is_set(const char *dir);

void lttr_xview_free(struct lttr_xview *x);

size_t lttr_xview_nhosts(const struct lttr_xview *x);
const struct lttr_xhost *lttr_xview_host(const struct lttr_xview *x, size_t host);
/* a synchronised host's own view (its own clock), else NULL */
struct lttr_view *lttr_xview_host_view(const struct lttr_xview *x, size_t host);
/* the hosts not synchronised */
size_t lttr_xview_unsynced(const struct lttr_xview *x);

/* the span of the synchronised hosts' traces on the reference's clock */
uint64_t lttr_xview_start(const struct lttr_xview *x);
uint64_t lttr_xview_end(const struct lttr_xview *x);

size_t lttr_xview_nrows(const struct lttr_xview *x);
const struct lttr_xrow *lttr_xview_row(const struct lttr_xview *x, size_t row);
/* the row of task @pid of @host, or -1 */
long lttr_xview_find(const struct lttr_xview *x, size_t host, uint32_t pid);

/**
 * lttr_xview_to_host() - a time of the reference's clock on @host's
 * @x: the view
 * @host: a synchronised host
 * @t: the time (ns, the reference's clock)
 *
 * Return: offset + slope * @t, rounded to the ns (0 below 0).
 */
uint64_t lttr_xview_to_host(const struct lttr_xview *x, size_t host, uint64_t t);

/**
 * lttr_xview_cells() - a row's cells over a window of the reference's clock
 * @x: the view
 * @row: the row
 * @t0: window start (the reference's clock)
 * @t1: window end (> @t0)
 * @ncols: columns, as lttr_view_cells()
 * @out: receives @ncols cells: a task's are its host's view's at
 *	[lttr_xview_to_host(@t0), lttr_xview_to_host(@t1)) (a linear
 *	function: each column is the host's time of the reference's column,
 *	within a ns of rounding); a group row's are LTTR_VCAT_NONE
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_xview_cells(struct lttr_xview *x, size_t row, uint64_t t0, uint64_t t1,
		     unsigned int ncols, struct lttr_vcell *out);

/**
 * lttr_xview_links() - the messages between hosts drawn in a window
 * @x: the view
 * @t0: window start (the reference's clock)
 * @t1: window end (excluded)
 * @max: room in @out
 * @out: receives the messages whose [send, receive] meets the window, in
 *	order of send
 * @n: receives their number
 *
 * Return: 0, or 1 when there were more than @max (the first @max given).
 */
int lttr_xview_links(const struct lttr_xview *x, uint64_t t0, uint64_t t1, size_t max,
		     struct lttr_xlink *out, size_t *n);

/* all the messages between hosts (in order of send) */
const struct lttr_xlink *lttr_xview_all_links(const struct lttr_xview *x, size_t *n);

/**
 * lttr_xview_clock_text() - a host's clock as a line for an information
 * panel: "reference clock", "t = t(alpha) x (1 + 100.0012 ppm) + 1500000123.4 ns,
 * drift in [99.9, 100.1] ppm, accuracy 12.3 us (240 messages)", or
 * "NOT SYNCHRONISED: why"
 * @x: the view
 * @host: the host
 * @buf: receives the line
 * @size: its room
 *
 * Return: @buf.
 */
const char *lttr_xview_clock_text(const struct lttr_xview *x, size_t host, char *buf,
				  size_t size);

#endif /* LTTR_VIEW_HOSTS_H */
