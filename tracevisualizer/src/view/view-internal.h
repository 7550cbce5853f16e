/* SPDX-License-Identifier: GPL-2.0 */
/*
 * view-internal.h - internal structures of the view model: the state
 * dictionary, the compressed rows and their cursors.
 */
#ifndef LTTR_VIEW_INTERNAL_H
#define LTTR_VIEW_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/view/view.h>
#include "model/pidmap.h"

/*
 * The state dictionary: every distinct state of every row gets an id.
 * @key is what a state was created as and is what lookups compare; @disp
 * is what it shows, which differs only for the placeholders of a task
 * whose mode or blocking reason becomes known later (LTTR_TS_RESOLVED):
 * the rows keep the id, the dictionary changes what it means.
 */
struct vstate {
	struct lttr_vstate key;
	struct lttr_vstate disp;
	bool placeholder;
	bool retired;		/* a resolved placeholder: never found again */
};

struct vdict {
	struct vstate *v;
	uint32_t n;
	uint32_t cap;
	uint32_t *slots;	/* id + 1, 0 free; power of two */
	uint32_t nslots;
};

int vdict_get(struct vdict *d, const struct lttr_vstate *key, bool placeholder,
	      uint32_t *id);
void vdict_free(struct vdict *d);

/*
 * A row: entries (start time, state, is it an event boundary) in time
 * order, each encoded as varint(start - previous start) then
 * varint(local code * 2 + event flag); the local code indexes the row's
 * own list of global state ids, so that a task row whose few states are
 * all it uses spends one byte on each.  The first entry starts at the
 * view's start, the last lasts until its end.  Every LTTR_VIEW_CHECKPOINT
 * entries a checkpoint records where that entry starts (time, byte
 * offset) and the event boundaries before it, and @sums the cumulative
 * time per category before it, counted while appending (@cum), for the
 * categories the row has spent time in only: @sums holds @ncol columns,
 * @cats[j] the category of column j, @col[cat] its column + 1 (0: none
 * yet, and then the category's time was 0 at every checkpoint so far; a
 * column is added, zero before, when it first gets time).  A CPU row
 * spends time in about 8 of the LTTR_VCAT_COUNT categories: the sums are
 * half the size, and so is the memory their writes fault in.  A
 * placeholder state may change category after its time was counted: each
 * time counted for one is also noted in @pht (which state, in which
 * category, from which checkpoint on), and when the build is over
 * vrow_finalize() moves what changed category to its final one in the
 * sums of those checkpoints and in @cum, the same figures as counting the
 * row again with the meanings resolved.
 */
struct vck {
	uint64_t t;
	uint64_t off;
	uint64_t nev;
};

/* @d ns of placeholder @gid counted in @cat, in the sums from checkpoint @ck on */
struct vpht {
	uint64_t ck;
	uint64_t d;
	uint32_t gid;
	uint8_t cat;
};

struct vrow {
	struct lttr_vrow_info info;
	uint8_t *buf;
	size_t len;
	size_t cap;
	uint64_t n;
	uint64_t last_t;
	size_t last_off;
	uint32_t last_code;	/* local code * 2 + event flag */
	uint64_t nev;
	uint32_t *local;	/* local code -> global state id */
	uint32_t nlocal;
	uint32_t caplocal;
	uint64_t *lslots;	/* open addressing: gid << 32 | local code + 1 */
	uint32_t nlslots;
	struct vck *ck;
	size_t nck;
	size_t capck;
	uint64_t *sums;		/* capck * ncol */
	uint8_t col[LTTR_VCAT_COUNT];
	uint8_t cats[LTTR_VCAT_COUNT];
	uint8_t ncol;
	uint64_t cum[LTTR_VCAT_COUNT];	/* before the last entry */
	uint32_t last_entry;	/* global state of the last entry */
	uint32_t ooo;		/* entries that came earlier than the last */
	bool last_ph;		/* the last entry's state is a placeholder */
	struct vpht *pht;	/* placeholder time counted, in order */
	size_t npht;
	size_t cappht;
	bool finalized;
};

struct lttr_view;

/*
 * append an entry at @t (>= the last one; equal: replaces it); @ph: @gid
 * is a placeholder whose meaning may change before the build ends
 */
int vrow_append(struct lttr_view *v, struct vrow *r, uint64_t t, uint32_t gid,
		bool event, bool ph);
int vrow_finalize(struct lttr_view *v, struct vrow *r);
void vrow_free(struct vrow *r);
size_t vrow_bytes(const struct vrow *r);

/*
 * rebuild a row read back from the cache (cache-file.c) from its stream
 * (@buf, @len), @n, its local codes (@local, @nlocal) and its sum columns
 * (@cats, @ncol), with @v's dictionary in place: every entry is decoded
 * and checked (codes, times strictly after the last, the stream's length,
 * time only in categories with a column), and the checkpoints, their sums
 * and the rest of the row are computed as the build made them.  0, or -1
 * when the row is not one the build can make (or out of memory); the row
 * is to be freed either way.
 */
int vrow_restore(const struct lttr_view *v, struct vrow *r);

/*
 * A cursor on one entry of a row: @idx, its start @t, its global state
 * @gid and event flag, the start of the next entry @next_t (the view's
 * end after the last), @off the byte offset of the next entry, and @cum
 * the cumulative time per category before @t, @nev the event boundaries
 * among entries 0..idx.
 */
struct vcur {
	const struct vrow *r;
	uint64_t idx;
	uint64_t t;
	uint64_t next_t;
	size_t off;
	uint32_t gid;
	bool event;
	uint64_t nev;
	uint64_t cum[LTTR_VCAT_COUNT];
};

/* position on checkpoint @k */
void vcur_at_ck(struct vcur *c, const struct lttr_view *v, const struct vrow *r,
		size_t k);
/* step to the next entry; false at the last */
bool vcur_next(struct vcur *c, const struct lttr_view *v);
/* position on the entry covering @t (clamped) */
void vcur_seek(struct vcur *c, const struct lttr_view *v, const struct vrow *r,
	       uint64_t t);
/* advance (only forward) to the entry covering @t */
void vcur_advance(struct vcur *c, const struct lttr_view *v, uint64_t t);
/* a hint: the entry covering @t (ahead) is read soon */
void vcur_prefetch(const struct vcur *c, uint64_t t);
struct vlost {
	uint64_t t;
	uint64_t n;
};

/*
 * The event-time index of a CPU: where its event k * LTTR_VIEW_EVSTEP
 * is (time, buffer, offset in the buffer's data), so that the number of
 * its events before any time is a binary search and at most
 * LTTR_VIEW_EVSTEP records read (lttr_view_count()).
 */
#define LTTR_VIEW_EVSTEP 256

struct vevmark {
	uint64_t t;
	uint32_t bi;
	uint32_t off;
};

struct lttr_view {
	struct lttr_trace *t;
	struct lttr_account *acct;
	uint64_t start;
	uint64_t end;
	unsigned int ncpus;
	struct vdict dict;
	struct vrow *rows;
	size_t nrows;
	size_t caprows;
	struct lttr_pidmap task_rows;	/* pid -> row, during the build */
	struct vlost *lost[LTT_MAX_CPUS];
	size_t nlost[LTT_MAX_CPUS];
	uint64_t *bufids[LTT_MAX_CPUS];	/* per buffer: ids present */
	size_t nbufids[LTT_MAX_CPUS];
	struct vevmark *evmarks[LTT_MAX_CPUS];	/* event-time index */
	size_t nevmarks[LTT_MAX_CPUS];
	size_t capevmarks[LTT_MAX_CPUS];
	uint64_t nevents[LTT_MAX_CPUS];	/* events read on each CPU */
	char cpu_names[LTT_MAX_CPUS][16];
	char group_name[48];		/* the group row's: "N idle kernel threads" */
	uint64_t out_of_order;
};

/*
 * mark the idle kernel threads (lttr_view_idle_kthread()) of a built view
 * (rowsort.c), @count of them; 0 or a negative enum lttr_errcode
 */
int vrows_mark_idle(struct lttr_view *v, size_t *count);

/* the lost points of CPU @c from its buffers (build.c); 0 or -1 */
int vbuild_lost(struct lttr_view *v, unsigned int c);

/*
 * the names of the rows (and the CPUs' tgid, ppid of the tasks from the
 * accounting), and the map of task rows, once the rows are in their final
 * order (build.c); 0 or -1 when out of memory
 */
int vrows_name(struct lttr_view *v);

/* the name of the group row @r (its @id: how many idle kernel threads) */
void vrow_name_group(struct lttr_view *v, struct vrow *r);

/* category of a global state id, as displayed */
static inline uint8_t vcat_of(const struct lttr_view *v, uint32_t gid)
{
	return v->dict.v[gid].disp.cat;
}

#endif /* LTTR_VIEW_INTERNAL_H */
