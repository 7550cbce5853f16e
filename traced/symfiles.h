/* SPDX-License-Identifier: GPL-2.0 */
/*
 * symfiles.h - what the reader needs to name the addresses of a trace
 * (docs/stacks.md, "Symbols"), saved in the trace directory, each file
 * root-only (0600) whatever the trace's mode: they give away where the
 * kernel and every process are laid out in memory.
 *
 *   kallsyms  a copy of PROC_ROOT/kallsyms taken at STOP, after the events
 *             (as root only; not saved, with a warning, when
 *             kptr_restrict shows every address as 0)
 *   modules   a copy of PROC_ROOT/modules (the modules' load addresses),
 *             saved with kallsyms (empty: a kernel without modules)
 *   maps      the executable mappings of every process, at START and at
 *             STOP (lttr/symbols/maps.h has the format): "@START NS",
 *             then "pid PID COMM" and its lines of PROC_ROOT/PID/maps,
 *             then "@STOP NS" and the processes that are new or whose
 *             executable mappings changed; "@OMITTED N" when N processes
 *             did not fit in the size bound of a section
 */
#ifndef TRACED_SYMFILES_H
#define TRACED_SYMFILES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct symfiles_pid {
	int pid;
	uint64_t hash;	/* of its executable mappings at START */
};

struct symfiles {
	const char *proc_root;
	size_t bound;		/* bytes at most a section */
	FILE *maps;		/* NULL: no maps file (said) */
	char maps_path[4096];
	int dirfd;
	struct symfiles_pid *seen;
	size_t nseen;
	/* what the sections held, for the tests and the messages */
	unsigned long written[2];
	unsigned long omitted[2];
};

/* the size bound of a section of "maps" by default */
#define SYMFILES_MAPS_BOUND (32u << 20)

/*
 * symfiles_kernel() - copy kallsyms and modules into the directory @dirfd
 * (@dir in messages; @force replaces old files) when @as_root; a warning
 * and no file when they cannot be read or kptr_restrict hides every
 * address.  Returns the number of files saved (0 to 2); never fails the
 * trace.
 */
int symfiles_kernel(int dirfd, const char *dir, int force, const char *proc_root, int as_root);

/*
 * symfiles_process() - the block of process @pid for a "maps" file:
 * "pid PID COMM" and its executable mappings, malloc'ed in *@out (NULL:
 * none, a kernel thread or a process gone); its hash in *@hash.  -1 when
 * memory runs out.
 */
int symfiles_process(const char *proc_root, int pid, char **out, size_t *len, uint64_t *hash);

/*
 * symfiles_start() - create "maps" in @dirfd and write its START section
 * (@now_ns: the time written), @bound bytes at most.  0, or -1 (a
 * warning; there is no maps file then).
 */
int symfiles_start(struct symfiles *sf, int dirfd, const char *dir, int force,
		   const char *proc_root, size_t bound, uint64_t now_ns);

/* symfiles_stop() - the STOP section, then the file closed; 0 or -1 (a warning) */
int symfiles_stop(struct symfiles *sf, uint64_t now_ns);

/* frees what symfiles_start() kept (closing an unfinished file) */
void symfiles_free(struct symfiles *sf);

#endif
