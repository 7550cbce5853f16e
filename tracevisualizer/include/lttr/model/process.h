/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/model/process.h - the process table: the proc snapshot updated by the
 * fork, exec and exit events of the trace.
 */
#ifndef LTTR_PROCESS_H
#define LTTR_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/event.h>
#include <lttr/reader/proc.h>
#include <lttr/model/sccount.h>

/**
 * struct lttr_name - a name a pid had
 * @since_ns: from when (the fork or the exec); 0: since before the trace
 * @name: the name
 */
struct lttr_name {
	uint64_t since_ns;
	char *name;
};

/**
 * struct lttr_process - what is known of one pid (a thread)
 * @pid: the pid
 * @tgid: thread group id
 * @ppid: parent process id
 * @name: current name: the last of @names
 * @names: every name the pid had, oldest first: from the snapshot (or
 *	its creation), then at its fork (the parent's name), then one per
 *	exec (the basename of the file) and one at a kthread_create (the
 *	kernel thread's own name)
 * @nnames: entries in @names (at least 1)
 * @cmdline: its command line (the arguments joined with spaces) as the
 *	trace last told it: from its last exec (format 1.12 records carry
 *	the arguments), or its parent's at its fork (the child's memory is a
 *	copy); NULL when unknown (before its first exec in the trace, an exec
 *	record without arguments; the proc snapshot does not hold them)
 * @in_snapshot: listed in the proc snapshot
 * @forked: created during the trace (fork event)
 * @exited: exit event seen
 * @exit_code: exit code, valid if @exited
 * @fork_ns: time of the fork, valid if @forked
 * @exit_ns: time of the exit, valid if @exited
 * @execs: exec events of this pid
 * @events: events attributed to this pid (filled by the summary)
 * @syscalls: syscall counts of this pid (filled by the summary)
 */
struct lttr_process {
	uint32_t pid;
	uint32_t tgid;
	uint32_t ppid;
	const char *name;
	struct lttr_name *names;
	size_t nnames;
	char *cmdline;
	bool in_snapshot;
	bool forked;
	bool exited;
	int32_t exit_code;
	uint64_t fork_ns;
	uint64_t exit_ns;
	uint64_t execs;
	uint64_t events;
	struct lttr_sccount syscalls;
};

struct lttr_ptable;

/**
 * lttr_ptable_new() - a process table, initialised from a snapshot
 * @snap: the proc snapshot, or NULL
 *
 * Return: the table, or NULL if out of memory.
 */
struct lttr_ptable *lttr_ptable_new(const struct lttr_proc *snap);

/**
 * lttr_ptable_copy() - a copy of a table, as it stands (a checkpoint of a
 * pass that keeps one: lttr_replay_seek_open())
 * @src: the table
 *
 * The entries' @syscalls (filled by the summary, not by a pass) are left
 * empty in the copy.
 *
 * Return: the copy, or NULL if out of memory.
 */
struct lttr_ptable *lttr_ptable_copy(const struct lttr_ptable *src);

/**
 * lttr_ptable_bytes() - the heap memory a table holds (its entries'
 * @syscalls left out)
 * @pt: the table
 *
 * Return: the bytes.
 */
size_t lttr_ptable_bytes(const struct lttr_ptable *pt);

/** lttr_ptable_free() - release a table @pt: the table or NULL */
void lttr_ptable_free(struct lttr_ptable *pt);

/**
 * lttr_ptable_get() - the entry of a pid
 * @pt: the table
 * @pid: the pid
 * @create: create the entry (tgid = pid, ppid = 0, empty name) if absent
 *
 * Entries keep their address until the table is freed.
 *
 * Return: the entry, or NULL if absent (or out of memory).
 */
struct lttr_process *lttr_ptable_get(struct lttr_ptable *pt, uint32_t pid,
				     bool create);

/**
 * lttr_ptable_name_at() - the name a pid had at a time
 * @pt: the table
 * @pid: the pid
 * @time_ns: the time
 *
 * The latest of its names (struct lttr_process.names) given at or before
 * @time_ns, or its first one when all came later: with the events applied
 * in time order up to @time_ns, or all of them, the name of the task at
 * that time (an exec is named by the file it executes; a pid reused by a
 * fork has only the names from that fork on).
 *
 * Return: the name (owned by the table; empty when never named), or NULL
 * when the table has no entry for @pid.
 */
const char *lttr_ptable_name_at(struct lttr_ptable *pt, uint32_t pid,
				uint64_t time_ns);

/**
 * lttr_process_restore() - give an entry a name history and a command
 * line read back from the view model's cache (lttr/view/cache.h)
 * @p: the entry (lttr_ptable_get() with @create)
 * @names: its names, oldest first (copied): @p's @name becomes the last
 * @n: how many (at least 1)
 * @cmdline: its command line (copied), or NULL when unknown
 *
 * Return: 0, or -1 when out of memory or @n is 0 (@p is then left with
 * some of the names).
 */
int lttr_process_restore(struct lttr_process *p, const struct lttr_name *names,
			 size_t n, const char *cmdline);

/**
 * lttr_ptable_names() - does an event name a task or end it
 * @id: the event's id
 *
 * fork, exec, exit, kthread_create and task_rename: the events whose
 * lttr_ptable_apply() gives a task its name, its parent or its end (it
 * also makes the tasks of switches, wakeups and trace starts exist).
 *
 * Return: true for those.
 */
bool lttr_ptable_names(unsigned int id);

/**
 * lttr_ptable_apply() - update the table with an event
 * @pt: the table
 * @ev: the event
 *
 * fork: the child gets tgid = child_tgid, ppid = the parent's tgid for a
 * process (LTT_FORK_THREAD clear) or the parent's ppid for a thread, and
 * the parent's name; exec: name = basename of the file name;
 * kthread_create and task_rename: name = the name given (when it
 * differs); exit: exit code and time.  Every pid named by the event gets
 * an entry.
 *
 * Return: 0, or -LTTR_E_NOMEM.
 */
int lttr_ptable_apply(struct lttr_ptable *pt, const struct lttr_event *ev);

/**
 * lttr_ptable_count() - number of entries
 * @pt: the table
 *
 * Return: the count.
 */
size_t lttr_ptable_count(const struct lttr_ptable *pt);

/**
 * lttr_ptable_sorted() - the entries sorted by pid
 * @pt: the table
 * @n: receives the count
 *
 * Return: a malloc'ed array of pointers (free() it), or NULL.
 */
struct lttr_process **lttr_ptable_sorted(struct lttr_ptable *pt, size_t *n);

#endif /* LTTR_PROCESS_H */
