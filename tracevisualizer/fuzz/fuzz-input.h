/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz-input.h - one fuzzer input is one trace directory: the four files
 * of a trace packed into a byte string, and the way the reader is asked
 * to open it.
 *
 * Layout (integers little-endian):
 *
 *   u8  flags        FZ_SALVAGE, FZ_NO_LOST, FZ_NO_PROC, FZ_THREADS
 *   u32 header_len   bytes of the "header" file that follow
 *   u32 lost_len     bytes of the "lost" file after them
 *   u32 proc_len     bytes of the "proc" file after them
 *   u32 kallsyms_len bytes of the "kallsyms" file after them (0: no file)
 *   u32 modules_len  bytes of the "modules" file after them (0: no file)
 *   u32 maps_len     bytes of the "maps" file after them (0: no file)
 *   header, lost, proc, kallsyms, modules, maps bytes, then the rest of
 *   the input: "events"
 *
 * A length larger than what is left is cut to what is left, so every byte
 * string is an input (a mutation of a length moves bytes between files
 * instead of being thrown away).
 */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

#define FZ_SALVAGE	0x01	/* lttr_trace_open(LTTR_OPEN_SALVAGE) */
#define FZ_NO_LOST	0x02	/* no "lost" file */
#define FZ_NO_PROC	0x04	/* no "proc" file */
#define FZ_THREADS	0x08	/* LTTR_THREADS=2 (parallel first pass, builder thread) */

#define FZ_PREFIX	25	/* bytes before the header's */

/* the files of a trace directory, in the order of the layout */
enum fz_file { FZ_HEADER, FZ_LOST, FZ_PROC, FZ_KALLSYMS, FZ_MODULES, FZ_MAPS, FZ_EVENTS,
	FZ_NFILES };

extern const char *const fz_file_name[FZ_NFILES];

/* an unpacked input: pointers into the input bytes */
struct fz_input {
	unsigned int flags;
	const uint8_t *file[FZ_NFILES];
	size_t len[FZ_NFILES];
};

/* split @data (@size bytes) into its files; never fails */
void fz_unpack(const uint8_t *data, size_t size, struct fz_input *in);

/*
 * write the files of @in into the directory @dir (which exists), removing
 * those the flags leave out and the symbol files of no bytes; 0, or -1
 * with errno set
 */
int fz_write_dir(const struct fz_input *in, const char *dir);

/*
 * pack the trace directory @dir (a missing lost or proc file sets its
 * flag, a missing symbol file packs as none; FZ_NO_LOST or FZ_NO_PROC in
 * @flags leaves the file out) with
 * @flags added: a malloc'ed input in *@out of *@size bytes;
 * 0, or -1 with errno set
 */
int fz_pack_dir(const char *dir, unsigned int flags, uint8_t **out, size_t *size);

#endif /* FUZZ_INPUT_H */
