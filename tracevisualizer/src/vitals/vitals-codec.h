/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vitals-codec.h - the body of an epoch file of version 3 (<ltt/ltt-abi.h>,
 * docs/vitals.md): its columns encoded and compressed into one zstd
 * frame, and back.  Private to src/vitals/: vitals-file.c writes and reads
 * the files around it (header, trailer, the checks common to every
 * version).
 */
#ifndef LTTR_VITALS_CODEC_H
#define LTTR_VITALS_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <lttr/vitals/vitals.h>

/*
 * The zstd level of the frame, and the logs of its window and match
 * tables (the daemon's memory while it compresses, vitals-codec.c)
 */
#define LTTR_VITALS_ZSTD_LEVEL	6
#define LTTR_VITALS_ZSTD_WLOG	17
#define LTTR_VITALS_ZSTD_TLOG	14

/** lttr_vitals_fail() - @fmt's message in @err; returns -1 (vitals-file.c) */
int lttr_vitals_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * lttr_vitals_body_max() - the most bytes a body of @h's counts (ncells,
 * nsamples, nstacks, maps_len) takes, every varint at its longest: a
 * frame's raw_len above it is refused before anything is allocated.
 */
uint64_t lttr_vitals_body_max(const struct ltt_vitals_file_header *h);

/**
 * lttr_vitals_body_pack() - the body of an epoch, encoded and compressed
 * @h: its header; h->ncells (the non-zero cells of @hca), h->nsamples,
 *     h->nstacks and h->maps_len say how many of each; h->body_len and
 *     h->raw_len are set
 * @frame: set to the zstd frame (malloc'd, h->body_len bytes)
 * Return: 0, or -1 with a message in @err (a stack of more than
 * LTT_VITALS_STACK_DEPTH addresses, out of memory, zstd's error).
 */
int lttr_vitals_body_pack(struct ltt_vitals_file_header *h,
			  const struct ltt_vitals_sum *sum, const uint32_t *hca,
			  const struct ltt_vital_sample *samples,
			  const struct ltt_vital_stack *stacks, const char *maps,
			  unsigned char **frame, char *err, size_t errlen);

/**
 * lttr_vitals_body_unpack() - the frame of @e->h.body_len bytes at @frame
 * (file offset @off) decompressed and decoded into @e's sums, cells,
 * samples, stacks and maps (allocated, as lttr_vitals_parse() leaves
 * them: lttr_vitals_epoch_free() frees them, on failure too).  Every
 * read is bounds-checked; the checks of the values that every version
 * shares (cells' range and order, the samples' vital signs, stacks) are
 * the caller's.
 * Return: 0, or -1 with what is wrong and where in @err.
 */
int lttr_vitals_body_unpack(const unsigned char *frame, size_t off,
			    struct lttr_vitals_epoch *e, char *err, size_t errlen);

#endif /* LTTR_VITALS_CODEC_H */
