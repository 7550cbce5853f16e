/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/analysis/blockstacks.h - the call stacks of one event (issue 28):
 * the stack records of a trace recorded with traced --stacks indexed by
 * the event they follow, and, for a block of a task, the stack of the
 * task as it blocked (the off-CPU stack of the switch-out that began the
 * block) and the stack of its waker (the wakeup stack).  explain and
 * critical-path show them at each blocked step; the TUI and the window
 * show the stack of a selected event.
 *
 * A stack is folded as lttr_stacks_compute() folds it (the same function
 * names the frames): frames root first, separated by ';', user frames
 * then kernel frames, each named through the trace's symbols
 * (name+0xOFF, object+0xOFF or [unknown]) or, without symbols, its
 * address in hex.
 */
#ifndef LTTR_BLOCKSTACKS_H
#define LTTR_BLOCKSTACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lttr_trace;
struct lttr_syms;
struct lttr_error;
struct lttr_waker;
struct lttr_critpath;
struct lttr_explain_at;
struct lttr_explained;

/**
 * lttr_stack_fold() - the folded form of a stack
 * @syms: names the frames (NULL: their addresses in hex)
 * @pid: the task the stack belongs to
 * @time_ns: the time of its record (chooses between the START and STOP
 *	mappings)
 * @kernel: kernel return addresses, innermost first
 * @kn: how many
 * @user: the user IP then the user return addresses, innermost first
 * @un: how many
 *
 * A ';' in a name becomes ':'.  No frame at all: "[no frames]".
 *
 * Return: the folded stack (malloc'd), or NULL when out of memory.
 */
char *lttr_stack_fold(struct lttr_syms *syms, uint32_t pid, uint64_t time_ns,
		      const uint64_t *kernel, unsigned int kn,
		      const uint64_t *user, unsigned int un);

/**
 * lttr_stacks_recorded() - whether @t's header says stacks were recorded
 * with some event (traced --stacks)
 * @t: the trace
 *
 * Return: true if so (a trace before format 1.8: false).
 */
bool lttr_stacks_recorded(const struct lttr_trace *t);

/** struct lttr_stackidx - the stack records of a part of a trace (opaque) */
struct lttr_stackidx;

/**
 * lttr_stackidx_build() - index the stack records of [@from_ns, @to_ns]
 * @t: the trace
 * @syms: names the frames (NULL: addresses); kept, not owned: it must
 *	outlive the index.  The exec and fork events read are noted in it
 *	(lttr_syms_note_exec()), as lttr_stacks_compute() does.
 * @from_ns: the first time of interest (absolute)
 * @to_ns: the last (inclusive)
 * @out: receives the index (lttr_stackidx_free())
 * @err: receives the error
 *
 * A trace whose header records no stacks is not read: the index is
 * empty.  A stack record is kept only right after a record of its event
 * on its CPU at the same time (as lttr_stacks_compute() pairs them).
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_stackidx_build(struct lttr_trace *t, struct lttr_syms *syms, uint64_t from_ns,
			uint64_t to_ns, struct lttr_stackidx **out, struct lttr_error *err);

/** lttr_stackidx_free() - release @x (or NULL) */
void lttr_stackidx_free(struct lttr_stackidx *x);

/** lttr_stackidx_count() - the stack records indexed */
size_t lttr_stackidx_count(const struct lttr_stackidx *x);

/**
 * lttr_stackidx_fold() - the folded stack recorded with an event
 * @x: the index
 * @of_id: the event's id (LTT_EV_SCHEDCHANGE, LTT_EV_PROCESS_WAKEUP...)
 * @pid: the task the stack belongs to (the task switched out; the waker)
 * @time_ns: the event's time
 * @cpu: the event's CPU, or -1 for any
 * @folded: receives the folded stack (malloc'd) or NULL when none
 *
 * Return: 0, or -1 when out of memory.
 */
int lttr_stackidx_fold(const struct lttr_stackidx *x, unsigned int of_id, uint32_t pid,
		       uint64_t time_ns, int cpu, char **folded);

/**
 * lttr_stackidx_find() - the next stack record of a task in a time range
 * @x: the index (NULL: none)
 * @of_id: the event the record belongs to (LTT_EV_SAMPLE...)
 * @pid: the task the stack belongs to
 * @cpu: the event's CPU, or -1 for any
 * @from_ns: the first time (inclusive)
 * @to_ns: the last time (inclusive)
 * @pos: in: the first entry to look at (0 the first time; the one after
 *	the last found then); out: the entry found
 *
 * Return: true when one was found (its time: lttr_stackidx_time()).
 */
bool lttr_stackidx_find(const struct lttr_stackidx *x, unsigned int of_id, uint32_t pid, int cpu,
			uint64_t from_ns, uint64_t to_ns, size_t *pos);

/** lttr_stackidx_time() - the time of entry @pos of @x (lttr_stackidx_find()) */
uint64_t lttr_stackidx_time(const struct lttr_stackidx *x, size_t pos);

/**
 * lttr_stackidx_leaf() - the code path of entry @pos: its @nframes
 *	innermost user frames, or, for a stack without user frames (a
 *	kernel thread's), its @nframes innermost kernel frames, folded and
 *	named as lttr_stack_fold() does (root first)
 * @x: the index
 * @pos: the entry (lttr_stackidx_find())
 * @nframes: how many frames at most
 *
 * Return: the folded path (malloc'd; "[no frames]" for an empty
 * stack), or NULL when out of memory.
 */
char *lttr_stackidx_leaf(const struct lttr_stackidx *x, size_t pos, unsigned int nframes);

struct lttr_event;

/**
 * lttr_stackidx_of_event() - the folded stack recorded with an event
 * @x: the index
 * @ev: a switch-out (LTT_EV_SCHEDCHANGE: the stack of the task switched
 *	out), a wakeup (LTT_EV_PROCESS_WAKEUP: the waker's, the task current
 *	on its CPU), or a stack record itself (LTT_EV_STACK: its own, when
 *	it follows its event)
 * @folded: receives the folded stack (malloc'd), or NULL when the event
 *	has none
 *
 * Return: 0, or -1 when out of memory.
 */
int lttr_stackidx_of_event(const struct lttr_stackidx *x, const struct lttr_event *ev,
			   char **folded);

/**
 * struct lttr_block_stacks - where a block came from
 * @blocked: the stack of the blocked task at the switch-out that began
 *	the block (folded), NULL when not recorded
 * @waker: the waker's stack at the wakeup that ended it, NULL when not
 *	recorded (or nobody woke it)
 */
struct lttr_block_stacks {
	char *blocked;
	char *waker;
};

/**
 * lttr_block_stacks_get() - the stacks of a block
 * @x: the index
 * @pid: the blocked task
 * @block_ns: its switch-out (the block's start)
 * @w: the wakeup that ended it (may be NULL or unknown)
 * @out: receives the stacks (lttr_block_stacks_clear())
 *
 * Return: 0, or -1 when out of memory.
 */
int lttr_block_stacks_get(const struct lttr_stackidx *x, uint32_t pid, uint64_t block_ns,
			  const struct lttr_waker *w, struct lttr_block_stacks *out);

/** lttr_block_stacks_clear() - release the strings of @b and zero it */
void lttr_block_stacks_clear(struct lttr_block_stacks *b);

/**
 * lttr_critpath_stacks() - the stacks of each blocked step of a path
 * @t: the trace
 * @cp: the critical path; each of its @step gets its stacks
 * @syms: names the frames (NULL: addresses)
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_critpath_stacks(struct lttr_trace *t, struct lttr_critpath *cp,
			 struct lttr_syms *syms, struct lttr_error *err);

/**
 * lttr_explain_at_stacks() - the stacks of an explained state
 * @t: the trace
 * @r: a blocked state gets its @stacks, its critical path's steps theirs
 * @syms: names the frames (NULL: addresses)
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_explain_at_stacks(struct lttr_trace *t, struct lttr_explain_at *r,
			   struct lttr_syms *syms, struct lttr_error *err);

/**
 * lttr_explained_stacks() - the stacks of the blocked items of explanations
 * @t: the trace
 * @r: each explanation's blocked items get their @stacks
 * @syms: names the frames (NULL: addresses)
 * @err: receives the error
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_explained_stacks(struct lttr_trace *t, struct lttr_explained *r,
			  struct lttr_syms *syms, struct lttr_error *err);

#endif /* LTTR_BLOCKSTACKS_H */
