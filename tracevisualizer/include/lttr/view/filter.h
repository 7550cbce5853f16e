/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/filter.h - filter expressions over events: the language of the
 * front ends' search and filter and of "tracevisualizer dump --filter"
 * (docs/filter.md), e.g.
 *
 *   type == fs_open && filename =~ "^/etc/"
 *   type == syscall_entry && name == read && pid == 42
 *   cpu == 1 && !control
 *
 * An expression is compiled once and matched against decoded events (or
 * against the rows of a view, which know only a pid, a name and a CPU).
 * The fields are the event's common ones (type, id, pid, cpu, time,
 * time_ns, control, details, comm, desc: the text lttr_event_describe()
 * writes, as dump prints it) and the "args" fields of its type, as
 * the table of lttr/reader/fields.h describes them.
 */
#ifndef LTTR_VIEW_FILTER_H
#define LTTR_VIEW_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/error.h>
#include <lttr/reader/event.h>

struct lttr_trace;
struct lttr_filter;

/* longest expression lttr_filter_compile() takes, in bytes */
#define LTTR_FILTER_MAX_LEN	8192

/**
 * struct lttr_filter_ctx - what matching needs besides the event
 * @t: the trace: names from its proc snapshot and custom types (args
 *	such as an irq's name), its start time (the field "time"); may be
 *	NULL: those names are unknown and "time" is missing
 * @comm: the name of process @pid at @time_ns (the reader's process table
 *	changes over time), or NULL when unknown; may be NULL: "comm" is
 *	then missing
 * @arg: @comm's first argument
 */
struct lttr_filter_ctx {
	const struct lttr_trace *t;
	const char *(*comm)(void *arg, uint32_t pid, uint64_t time_ns);
	void *arg;
};

/**
 * lttr_filter_compile() - compile a filter expression
 * @expr: the expression (docs/filter.md), NUL-terminated
 * @out: receives the filter, to be freed with lttr_filter_free()
 * @err: receives the error (may be NULL): code LTTR_E_INVAL and a message
 *	"at character N: what is wrong" (N counts from 1), or LTTR_E_NOMEM
 *
 * Unknown fields, malformed values, a number compared with a field that
 * is text for every event type (or text with one that is a number for
 * every type and names none), unknown event type names, bad regular
 * expressions, and a comparison on an args field that no event type the
 * rest of the expression allows has (it could never hold: "type ==
 * fs_open && name =~ etc") are compile errors.
 *
 * Return: 0, -LTTR_E_INVAL or -LTTR_E_NOMEM.
 */
int lttr_filter_compile(const char *expr, struct lttr_filter **out,
			struct lttr_error *err);

/**
 * struct lttr_filter_ext - what a caller adds to the language: number
 * fields of its own and values it computes when an event is matched (the
 * trigger rules of docs/triggers.md: "latency", "3 * avg(latency, 60s)")
 * @fields: the names of the caller's fields, NULL-terminated (or NULL):
 *	numbers, taking precedence over the common and args fields of the
 *	same name
 * @field: the value of field @idx of @fields for @ev; false: missing
 * @value: reads a VALUE at @s, whatever follows it; returns how many
 *	characters it is (>0) with @handle set, 0 when @s is not one of the
 *	caller's (the language reads it), or -1 with @msg set to what is
 *	wrong and @errat to where in @s (an empty @msg: out of memory)
 * @resolve: the number value @handle stands for when @ev is matched;
 *	false: unknown (the comparison is false, as for a missing field)
 * @arg: the first argument of the three callbacks
 * @types: the event ids the expression will be matched against, or
 *	NULL: any (a comparison of an args field none of them has is a
 *	compile error, as with "type == X && ...")
 * @errpos: receives, on an error, where it is (0-based character)
 */
struct lttr_filter_ext {
	const char *const *fields;
	bool (*field)(void *arg, unsigned int idx, const struct lttr_event *ev, int64_t *v);
	int (*value)(void *arg, const char *s, uint32_t *handle, char *msg, size_t size,
		     size_t *errat);
	bool (*resolve)(void *arg, uint32_t handle, const struct lttr_event *ev, int64_t *v);
	void *arg;
	const struct ltt_event_mask *types;
	size_t errpos;
};

/**
 * lttr_filter_compile_ext() - lttr_filter_compile() with the caller's
 * fields and values
 * @expr: the expression
 * @ext: the caller's additions; kept (by value) in the filter: its
 *	callbacks and @arg must outlive it
 * @out: receives the filter
 * @err: receives the error
 *
 * Return: as lttr_filter_compile(); @ext->errpos says where an error is.
 */
int lttr_filter_compile_ext(const char *expr, struct lttr_filter_ext *ext,
			    struct lttr_filter **out, struct lttr_error *err);

/**
 * lttr_filter_free() - release a filter
 * @f: the filter, or NULL
 */
void lttr_filter_free(struct lttr_filter *f);

/**
 * lttr_filter_match() - whether an event matches
 * @f: the filter
 * @c: the context (may be NULL: no trace, no process names)
 * @ev: the decoded event (pid and control filled, as the iterator gives)
 *
 * A comparison on a field the event does not have (another type's field,
 * a record without details, a name the trace does not know) is false,
 * with any operator; "!" negates what it applies to.
 *
 * Return: true when @ev matches.
 */
bool lttr_filter_match(const struct lttr_filter *f,
		       const struct lttr_filter_ctx *c,
		       const struct lttr_event *ev);

/**
 * lttr_filter_ids() - the event ids that can possibly match, for index
 * pruning
 * @f: the filter
 * @ids: receives the ids: every bit set when the expression does not
 *	constrain the type
 *
 * Sound: an id left out never matches.  Exact for expressions of type and
 * id comparisons combined with &&, || and !; a comparison on an args
 * field keeps the ids whose type has that field.
 */
void lttr_filter_ids(const struct lttr_filter *f, struct ltt_event_mask *ids);

/**
 * lttr_filter_cpu() - the only CPU whose events can match
 * @f: the filter
 *
 * Return: the CPU when the expression requires one ("cpu == 1 && ..."),
 * else -1.
 */
int lttr_filter_cpu(const struct lttr_filter *f);

/**
 * lttr_filter_match_row() - whether a row of a view matches
 * @f: the filter
 * @pid: the row's task, UINT32_MAX for a row that is not a task (a CPU)
 * @comm: the task's name, or NULL
 * @cpu: the row's CPU, -1 for a row that is not a CPU (a task)
 *
 * A row knows only pid, comm and cpu: a comparison on any other field,
 * or on one of these the row does not have, is false.
 *
 * Return: true when the row matches.
 */
bool lttr_filter_match_row(const struct lttr_filter *f, uint32_t pid,
			   const char *comm, int cpu);

/**
 * lttr_filter_text() - the expression as given to lttr_filter_compile()
 * @f: the filter
 *
 * Return: the text (owned by @f).
 */
const char *lttr_filter_text(const struct lttr_filter *f);

/**
 * lttr_filter_uses() - whether the expression reads a field
 * @f: the filter
 * @field: a field as the language names it ("comm", "fd", "args.pid")
 *
 * For instance a caller that maintains process names only when "comm"
 * is used.
 *
 * Return: true when a comparison or test of @field appears in @f.
 */
bool lttr_filter_uses(const struct lttr_filter *f, const char *field);

/* the operators of struct lttr_filter_cmp, in this order */
enum lttr_filter_op {
	LTTR_FILTER_EQ, LTTR_FILTER_NE, LTTR_FILTER_LT, LTTR_FILTER_LE,
	LTTR_FILTER_GT, LTTR_FILTER_GE,
};

/**
 * struct lttr_filter_cmp - one comparison of an expression that is a
 *	conjunction of comparisons (lttr_filter_conjunction())
 * @field: the field as the language names it ("comm", "ret", "latency":
 *	a field of struct lttr_filter_ext), owned by the filter
 * @op: LTTR_FILTER_*
 * @is_num: the value is a number, @v
 * @v: the number
 * @text: the value as written (a name, a string without its quotes),
 *	owned by the filter
 * @dyn: the value is the caller's (struct lttr_filter_ext's value()),
 *	named @handle
 * @handle: its name
 */
struct lttr_filter_cmp {
	const char *field;
	enum lttr_filter_op op;
	bool is_num;
	int64_t v;
	const char *text;
	bool dyn;
	uint32_t handle;
};

/**
 * lttr_filter_conjunction() - the comparisons of an expression made of
 *	comparisons of a field with a value (==, !=, <, <=, >, >=) joined
 *	by && alone (one comparison is one)
 * @f: the filter
 * @out: receives them, in the order written
 * @max: the room in @out
 *
 * For a caller that evaluates such an expression elsewhere (traced arms
 * the kernel module with the rules' conditions, docs/triggers.md).
 *
 * Return: how many, or -1 when @f is not such an expression (||, !, a
 * test, a regular expression, a number out of int64_t, more than @max).
 */
int lttr_filter_conjunction(const struct lttr_filter *f, struct lttr_filter_cmp *out,
			    size_t max);

#endif /* LTTR_VIEW_FILTER_H */
