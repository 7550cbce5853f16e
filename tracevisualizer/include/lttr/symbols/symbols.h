/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/symbols/symbols.h - addresses of a trace turned into names: the
 * kernel's through the copy of /proc/kallsyms and /proc/modules that
 * traced saves in the trace directory, a process's through the
 * /proc/PID/maps it saves (file "maps", lttr/symbols/maps.h) and the
 * symbol tables of the ELF files mapped (libelf).  docs/stacks.md,
 * "Symbols".
 *
 * Never a wrong name: what cannot be told for sure is "[unknown]", or
 * the object and the offset in it ("module+0x40", "libc.so.6+0x2a1c0")
 * when only the object is known.
 */
#ifndef LTTR_SYMBOLS_SYMBOLS_H
#define LTTR_SYMBOLS_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

struct lttr_syms;

/* an @at_ns of lttr_syms_resolve() when the time is not known */
#define LTTR_SYMS_NO_TIME UINT64_MAX

/* what lttr_syms_resolve() found */
#define LTTR_SYM_UNKNOWN	0	/* "[unknown]" */
#define LTTR_SYM_OBJECT		1	/* "object+0xoff": the module or file alone */
#define LTTR_SYM_NAME		2	/* "name+0xoff" */

/**
 * lttr_syms_open() - the symbols of the trace in @trace_dir
 * @trace_dir: the trace directory; its files "kallsyms", "modules" and
 *	"maps" are read when present (a missing or unreadable one is a
 *	warning, lttr_syms_warning(): its addresses stay unknown)
 * @symfs: NULL, or a directory that holds the ELF files under their
 *	paths in the traced system (perf's --symfs): "/usr/bin/app" is
 *	read as @symfs + "/usr/bin/app"
 * @err: receives the reason on failure (@errlen bytes)
 *
 * Return: the symbols, or NULL when @symfs is not a directory, @trace_dir
 * cannot be read or memory runs out.
 */
struct lttr_syms *lttr_syms_open(const char *trace_dir, const char *symfs, char *err,
				 size_t errlen);

/**
 * lttr_syms_open_kernel() - the kernel's symbols alone of the directory
 * @dir ("kallsyms" and "modules", as lttr_syms_open() reads them): a
 * directory of vital-sign epoch files, whose user mappings come with each
 * epoch (lttr_syms_set_maps())
 */
struct lttr_syms *lttr_syms_open_kernel(const char *dir, const char *symfs, char *err,
					size_t errlen);

/**
 * lttr_syms_set_maps() - the user mappings from now on: @text (@len bytes)
 * in the format of a trace's "maps" (lttr/symbols/maps.h), instead of
 * those read before; lines not understood are said (warnings, @what
 * naming the text).  0, or -1 when memory runs out.
 */
int lttr_syms_set_maps(struct lttr_syms *s, const char *what, const char *text, size_t len);

/**
 * lttr_symfs_check() - whether @symfs can be a --symfs: lttr_syms_open()'s
 * own check, for a front end that opens the symbols later (on demand) and
 * would say a bad --symfs at once
 * @symfs: the directory given
 * @err: receives the reason, as lttr_syms_open() words it ("--symfs DIR:
 *	No such file or directory", "--symfs DIR: not a directory")
 * @errlen: its size
 *
 * Return: 0 when @symfs is a directory, else -1 and @err.
 */
int lttr_symfs_check(const char *symfs, char *err, size_t errlen);

/**
 * lttr_syms_resolve() - the name of an address
 * @pid: the task (a thread: its process's address space, see
 *	lttr_syms_note_thread()) whose address @addr is; not used for a
 *	kernel address
 * @addr: the address
 * @at_ns: when (CLOCK_MONOTONIC ns, the trace's clock): the mapping
 *	records (lttr_syms_note_mmap()) as they stand at that time (with
 *	LTTR_SYMS_NO_TIME: at the trace's end); for an address they say
 *	nothing of, chooses between the mappings of the START and of the
 *	STOP snapshot where they differ (up to the START one's time: START;
 *	from the STOP one's: STOP; in between, or LTTR_SYMS_NO_TIME: a name
 *	only when both give it)
 * @kernel: nonzero for a kernel address
 * @buf: receives "name+0xoff", "object+0xoff" or "[unknown]" (@len bytes)
 *
 * Return: LTTR_SYM_NAME, LTTR_SYM_OBJECT or LTTR_SYM_UNKNOWN.
 */
int lttr_syms_resolve(struct lttr_syms *s, int32_t pid, uint64_t addr, uint64_t at_ns,
		      int kernel, char *buf, size_t len);

/**
 * lttr_syms_note_exec(), lttr_syms_note_fork() - what the trace saw a
 * process run, for the addresses of a process that the START and STOP
 * snapshots missed (born and gone between them): an exec of @path (@len
 * bytes, absolute; a name without a directory is not kept) at @time_ns,
 * whose addresses resolve when the file is ET_EXEC (a PIE's base is not
 * in the trace: [unknown]); a fork at @time_ns (the child runs its
 * parent's image).  Called in time order; 0, or -1 when memory runs out.
 */
int lttr_syms_note_exec(struct lttr_syms *s, int32_t pid, uint64_t time_ns, const char *path,
			size_t len);
int lttr_syms_note_fork(struct lttr_syms *s, int32_t parent, int32_t child, uint64_t time_ns);

/**
 * lttr_syms_note_thread() - task @tid is a thread of process @tgid from
 * @time_ns on (until a fork makes @tid a process of its own, or another
 * thread of that id is noted): its addresses resolve as @tgid's at the
 * same time.  lttr_syms_open() notes the threads of the trace's process
 * snapshot ("proc") from 0, lttr_syms_note_event() those of fork records
 * with LTT_FORK_THREAD.  A stack record names the thread (the kernel's
 * pid), the snapshots and mmap records the process.  0, or -1 when memory
 * runs out.
 */
int lttr_syms_note_thread(struct lttr_syms *s, int32_t tid, int32_t tgid, uint64_t time_ns);

/**
 * lttr_syms_note_mmap() - an executable mapping the trace saw made or gone
 * (LTT_EV_MMAP, format 1.14): @kind LTT_MMAP_MAP (@start, @len bytes, the
 * file offset @pgoff of @start, @inode and the file's @path of @plen
 * bytes; NULL/0 for an anonymous mapping or a path the record left out),
 * LTT_MMAP_UNMAP (@start, @len) or LTT_MMAP_EXEC (every mapping of @pid
 * before it is gone).  Called in time order.  From then on the user
 * addresses of @pid (and of the children it forks) resolve through what
 * these records say at the address's time: a mapping holds from its
 * record until an unmap over it or the process's next exec; an address
 * they say nothing of (mapped before the trace began, or an older trace
 * without the records) is resolved from the snapshots as before.
 * Return: 0; a record that cannot be one (no length, past the end of the
 * address space, an unknown kind) is skipped and counted in a warning; -1
 * when memory runs out.
 */
int lttr_syms_note_mmap(struct lttr_syms *s, int32_t pid, uint64_t time_ns, unsigned int kind,
			uint64_t start, uint64_t len, uint64_t pgoff, uint64_t inode,
			const char *path, size_t plen);

/*
 * lttr_syms_epoch() - how many exec, fork and mmap records of process
 * @pid were noted so far: the addresses of @pid met between two of them
 * (two times of the same epoch) resolve the same, so that a caller that
 * keeps one name for repeated addresses keeps one per epoch.
 */
uint64_t lttr_syms_epoch(struct lttr_syms *s, int32_t pid);

struct lttr_event;

/*
 * lttr_syms_note_event() - the events of a trace that tell what its
 * processes ran, fed to the calls above: exec and fork records
 * (lttr_syms_note_exec(), lttr_syms_note_fork()) and mmap records
 * (lttr_syms_note_mmap()); any other event is ignored.  Call it with
 * every event in time order before resolving.  0, or -1 when memory runs
 * out.
 */
int lttr_syms_note_event(struct lttr_syms *s, const struct lttr_event *ev);

/*
 * What was found wrong, once each (an ELF file missing, a file of the
 * trace with bad lines, addresses hidden by kptr_restrict...): the count
 * and the i-th message.  Resolving adds to them (a missing ELF file is
 * said when an address first needs it).
 */
size_t lttr_syms_warning_count(const struct lttr_syms *s);
const char *lttr_syms_warning(const struct lttr_syms *s, size_t i);

void lttr_syms_close(struct lttr_syms *s);

#endif /* LTTR_SYMBOLS_SYMBOLS_H */
