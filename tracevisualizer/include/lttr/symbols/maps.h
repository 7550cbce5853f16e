/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/symbols/maps.h - the file "maps" of a trace directory: the
 * executable mappings of every process, as traced saw them in
 * /proc/PID/maps at START and at STOP.  Its format (docs/stacks.md):
 *
 *   # a comment
 *   @START NS          a section: the mappings at START (NS: the time,
 *   @STOP NS           CLOCK_MONOTONIC ns) or at STOP
 *   pid PID [COMM]     the process whose mappings follow
 *   START-END PERMS OFFSET MAJ:MIN INODE [PATH]   a line of /proc/PID/maps
 *   @OMITTED N         N processes of this section were left out (size bound)
 *
 * The STOP section holds only the processes that were not in START or
 * whose executable mappings changed (an exec, an mmap, a dlopen).  A line
 * not understood is skipped and counted; a process whose mappings overlap,
 * or given twice in a section, loses its mappings (counted too).
 */
#ifndef LTTR_SYMBOLS_MAPS_H
#define LTTR_SYMBOLS_MAPS_H

#include <stddef.h>
#include <stdint.h>

struct lttr_map {
	uint64_t start;
	uint64_t end;		/* exclusive */
	uint64_t pgoff;		/* file offset of start */
	uint64_t inode;
	char perms[5];
	const char *path;	/* "" for an anonymous mapping */
};

struct lttr_mapset {
	int32_t pid;
	struct lttr_map *map;	/* sorted by start */
	size_t n;
};

enum { LTTR_MAPS_START, LTTR_MAPS_STOP, LTTR_MAPS_NSECT };

struct lttr_maps_section {
	int present;
	uint64_t time_ns;
	struct lttr_mapset *set;	/* sorted by pid */
	size_t nset;
	uint64_t omitted;		/* processes left out (@OMITTED) */
};

struct lttr_maps {
	struct lttr_maps_section sect[LTTR_MAPS_NSECT];
	size_t bad_lines;	/* lines not understood, skipped */
	size_t first_bad_line;	/* the first one's number (1-based) */
	char *text;
};

/*
 * lttr_maps_parse_line() - one line of /proc/PID/maps (no newline; the
 * path is written into the line, which is changed); 0, or -1 when it is
 * not one
 */
int lttr_maps_parse_line(char *line, struct lttr_map *m);

/* read the text of a "maps" file (@len bytes) into @m; 0, or -1 (memory) */
int lttr_maps_parse(struct lttr_maps *m, const char *text, size_t len);

/* the mapping of @addr in process @pid in section @sect, or NULL */
const struct lttr_map *lttr_maps_find(const struct lttr_maps *m, int sect, int32_t pid,
				      uint64_t addr);

void lttr_maps_free(struct lttr_maps *m);

#endif /* LTTR_SYMBOLS_MAPS_H */
