/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/bookmarks.h - named bookmarks and the A/B markers of a trace,
 * kept beside it in TRACEDIR/bookmarks.json so that the next session of
 * any front end finds them again.
 *
 * The file: { "version": 1,
 *             "bookmarks": [ { "name": "...", "time_ns": T, "rel_ns": R }, ... ],
 *             "markers": { "a_ns": T, "b_ns": T } }
 * time_ns is CLOCK_MONOTONIC as in the events, rel_ns the same time from
 * the trace start (for a person reading the file; time_ns is what counts).
 */
#ifndef LTTR_VIEW_BOOKMARKS_H
#define LTTR_VIEW_BOOKMARKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

#define LTTR_BOOKMARK_NAME_MAX 128

/**
 * struct lttr_bookmark - one named time
 * @name: its name (NUL-terminated, at most LTTR_BOOKMARK_NAME_MAX - 1 bytes)
 * @time_ns: the time, CLOCK_MONOTONIC ns
 */
struct lttr_bookmark {
	char name[LTTR_BOOKMARK_NAME_MAX];
	uint64_t time_ns;
};

/**
 * struct lttr_bookmarks - the bookmarks of a trace, in time order
 * @v: the bookmarks
 * @n: their count
 * @cap: allocated
 * @mark: markers A and B (CLOCK_MONOTONIC ns)
 * @has_mark: which are set
 * @damaged: the file could not be read: lttr_bookmarks_save() keeps it as
 *	bookmarks.json.damaged before writing a new one
 */
struct lttr_bookmarks {
	struct lttr_bookmark *v;
	size_t n;
	size_t cap;
	uint64_t mark[2];
	bool has_mark[2];
	bool damaged;
};

/**
 * lttr_bookmarks_load() - read TRACEDIR/bookmarks.json
 * @dir: the trace directory
 * @b: receives the bookmarks (empty when the file does not exist)
 * @err: receives why the file could not be read
 *
 * Return: 0 (also when there is no file), or a negative enum lttr_errcode
 * with @b empty and @b->damaged set.
 */
int lttr_bookmarks_load(const char *dir, struct lttr_bookmarks *b,
			struct lttr_error *err);

/**
 * lttr_bookmarks_save() - write TRACEDIR/bookmarks.json (a new file then
 * renamed over the old one, so that a failure leaves the old one whole)
 * @dir: the trace directory
 * @start_ns: the trace start (for rel_ns)
 * @b: the bookmarks
 * @err: receives why it could not be written
 *
 * Return: 0 or a negative enum lttr_errcode.
 */
int lttr_bookmarks_save(const char *dir, uint64_t start_ns,
			struct lttr_bookmarks *b, struct lttr_error *err);

/**
 * lttr_bookmarks_add() - add a bookmark, in time order (a bookmark of the
 * same name is replaced)
 * @b: the bookmarks
 * @name: its name (cut to LTTR_BOOKMARK_NAME_MAX - 1 bytes)
 * @time_ns: its time
 *
 * Return: its index, or -1 when out of memory.
 */
long lttr_bookmarks_add(struct lttr_bookmarks *b, const char *name,
			uint64_t time_ns);

/**
 * lttr_bookmarks_remove() - remove bookmark @i
 * @b: the bookmarks
 * @i: its index
 */
void lttr_bookmarks_remove(struct lttr_bookmarks *b, size_t i);

/** lttr_bookmarks_free() - release the bookmarks @b: the bookmarks */
void lttr_bookmarks_free(struct lttr_bookmarks *b);

#endif /* LTTR_VIEW_BOOKMARKS_H */
