/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/cache.h - the view model (lttr/view/view.h) saved once beside
 * its trace, so that the next session reads it back instead of running the
 * time accounting over every event again.
 *
 * The cache file (TRACEDIR/view.cache, or under
 * $XDG_CACHE_HOME/tracevisualizer/ when the trace's directory cannot be
 * written) holds the rows, the state dictionary, the event-time index and
 * the accounting the build computed.  It is never trusted blindly: it is
 * used only when its format version, the library's build and the trace's
 * identity (the size, modification time and inode of each of its files,
 * the header's bytes) are those of the file, its checksum matches its
 * contents, and every row decodes into one the build can make (the
 * checkpoints and their sums are recomputed from the rows' entries, not
 * read).  Anything else (stale, truncated, corrupt) is ignored, said in
 * the report's note, and the model is built again and saved over it.
 * docs/views.md has the details.
 */
#ifndef LTTR_VIEW_CACHE_H
#define LTTR_VIEW_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include <lttr/view/view.h>

struct lttr_trace;
struct lttr_view;

/* the file's name beside the trace */
#define LTTR_VCACHE_NAME "view.cache"
/* the format's version: a file of another version is stale */
#define LTTR_VCACHE_FORMAT 1
/*
 * traces whose events file is smaller than this are built every time (in
 * a fraction of a second), not cached: LTTR_VIEW_CACHE=always caches them
 */
#define LTTR_VCACHE_MIN_EVENTS_BYTES (8u << 20)
/*
 * the most the caches under $XDG_CACHE_HOME/tracevisualizer/ may hold
 * together: after a cache is written there, the least recently written
 * others (view-*.cache) are removed until they fit (their sizes as
 * stat() gives them)
 */
#define LTTR_VCACHE_XDG_MAX_BYTES (1ULL << 30)

#define LTTR_VCACHE_NOTE_LEN 512
#define LTTR_VCACHE_PATH_LEN 4096

/**
 * enum lttr_vcache_outcome - how lttr_view_open() got the model
 * @LTTR_VCACHE_OFF: built: the cache is disabled (LTTR_VCACHE_DISABLE,
 *	LTTR_VIEW_CACHE=0)
 * @LTTR_VCACHE_READ: read from the cache
 * @LTTR_VCACHE_WRITTEN: built, and saved for the next session
 * @LTTR_VCACHE_NOT_WRITTEN: built, not saved: the note says why (a
 *	directory not writable and no cache directory, a full disk, a trace
 *	not complete, warnings found while reading it...)
 * @LTTR_VCACHE_SMALL: built, not saved: a small trace
 *	(LTTR_VCACHE_MIN_EVENTS_BYTES)
 */
enum lttr_vcache_outcome {
	LTTR_VCACHE_OFF,
	LTTR_VCACHE_READ,
	LTTR_VCACHE_WRITTEN,
	LTTR_VCACHE_NOT_WRITTEN,
	LTTR_VCACHE_SMALL,
};

/**
 * struct lttr_vcache_report - what lttr_view_open() did with the cache
 * @outcome: enum lttr_vcache_outcome
 * @note: "" when there is nothing to say; else what a front end tells the
 *	user: a cache file ignored and why (then rebuilt), or not written and
 *	why (the trace and the model are fine either way)
 * @path: the cache file read or written ("" when none)
 */
struct lttr_vcache_report {
	unsigned int outcome;
	char note[LTTR_VCACHE_NOTE_LEN];
	char path[LTTR_VCACHE_PATH_LEN];
};

/* flags of lttr_view_open() */
#define LTTR_VCACHE_DISABLE	0x1	/* neither read nor write a cache */

/**
 * lttr_view_open() - the view model of a trace: read from its cache when
 * a valid one exists, else built (lttr_view_build()) and saved
 * @t: the trace, opened from its directory; must outlive the view
 * @flags: LTTR_VCACHE_*
 * @progress: as lttr_view_build()'s (may be NULL)
 * @arg: its argument
 * @out: receives the view: the same model as lttr_view_build()'s
 * @rep: receives what was done with the cache (may be NULL)
 * @err: receives the error
 *
 * The environment variable LTTR_VIEW_CACHE=0 (or "off") disables the
 * cache as @flags can; LTTR_VIEW_CACHE=always also saves the models of
 * small traces.  A cache is neither read nor written for a trace whose
 * reading was salvaged (lttr_trace_salvaged()), and not written when the
 * build added warnings to the trace's (they are found while reading) or
 * the trace is not complete (it may still be written).  Writing never
 * touches the trace's files: a new file is written and renamed over the
 * old cache.
 *
 * Return: 0 or a negative enum lttr_errcode (those of lttr_view_build();
 * a cache that cannot be read or written is never an error).
 */
int lttr_view_open(struct lttr_trace *t, unsigned int flags, lttr_view_progress_fn progress,
		   void *arg, struct lttr_view **out, struct lttr_vcache_report *rep,
		   struct lttr_error *err);

/**
 * lttr_vcache_outcome_name() - "off", "read", "written", "not-written",
 * "small" (the TUI's timing lines, tests)
 * @outcome: enum lttr_vcache_outcome
 *
 * Return: the name, "?" when out of range.
 */
const char *lttr_vcache_outcome_name(unsigned int outcome);

/**
 * lttr_vcache_encode() - a view as the bytes of a cache file
 * @v: the view (built by lttr_view_build())
 * @ident: the identity of its trace (opaque bytes the decoder must be
 *	given again, lttr_vcache_identity())
 * @identlen: their length
 * @out: receives the bytes (free())
 * @len: receives their length
 * @why: receives why the view cannot be saved, on failure
 * @whylen: its size
 *
 * Return: 0, or -1 (out of memory, or a model the format does not hold).
 */
int lttr_vcache_encode(const struct lttr_view *v, const void *ident, size_t identlen,
		       uint8_t **out, size_t *len, char *why, size_t whylen);

/**
 * lttr_vcache_decode() - the view of a cache file's bytes, checked
 * @t: the trace the view is of
 * @ident: the identity the file must carry (as given to the encoder)
 * @identlen: its length
 * @buf: the bytes (untrusted)
 * @len: their length
 * @out: receives the view
 * @why: receives why the bytes are not a valid cache of @t, on failure
 *	("stale: ...", "truncated", "corrupt: ...")
 * @whylen: its size
 *
 * Return: 0, or -1.
 */
int lttr_vcache_decode(struct lttr_trace *t, const void *ident, size_t identlen,
		       const uint8_t *buf, size_t len, struct lttr_view **out,
		       char *why, size_t whylen);

/**
 * lttr_vcache_reseal() - make a cache file's payload length and checksum
 * those of its bytes, as a file damaged with a checksum that still
 * matched would be (the fuzzer and the tests, to reach the checks behind
 * the checksum)
 * @buf: the file's bytes, its header whole up to the identity
 * @len: their length
 *
 * Return: 0, or -1 when the header is too short to find the payload.
 */
int lttr_vcache_reseal(uint8_t *buf, size_t len);

/**
 * lttr_vcache_identity() - the identity of a trace's files, as the cache
 * records it
 * @t: the trace
 * @keyed: also the trace directory's real path (a cache kept under
 *	$XDG_CACHE_HOME, where files of several traces are)
 * @out: receives the bytes (free())
 * @len: receives their length
 *
 * Return: 0, or -1 when out of memory or a file cannot be examined.
 */
int lttr_vcache_identity(const struct lttr_trace *t, int keyed, uint8_t **out, size_t *len);

#endif /* LTTR_VIEW_CACHE_H */
