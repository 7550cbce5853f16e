/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz-paths.h - the causal paths over one set of messages (from a
 * message file, a capture or a trace), as the front ends compute them,
 * for the fuzzers and the replay of their findings.
 *
 * An input of the paths fuzzer (NAME.paths in fuzz/broken/):
 *
 *   u8  flags        FZP_PCAP, FZP_PORTS, FZP_SKEW
 *   the rest         the file: a message file in the abstract format, or
 *                    with FZP_PCAP a packet capture
 */
#ifndef FUZZ_PATHS_H
#define FUZZ_PATHS_H

#include <stddef.h>
#include <stdint.h>
#include <lttr/paths/message.h>

#define FZP_PCAP	0x01	/* the file is a capture (lttr_msgs_read_pcap()) */
#define FZP_PORTS	0x02	/* a capture's nodes are address and port */
#define FZP_SKEW	0x04	/* nesting with a 1 ms skew window */

/* the name of the file the input is written to, in the private directory */
#define FZP_FILE	"messages"

/*
 * fz_paths_of() - both algorithms over the sorted set @s (the nesting's
 * call pairs, patterns and their JSON and dot forms; the convolution's
 * graph, its warnings, JSON and dot; the messages' warnings and JSON),
 * the outputs written to /dev/null. @out receives "paths: N messages,
 * O outliers, P patterns, V vertices, quantum Q ns" or "error: MESSAGE"
 * (the first algorithm that refused).
 */
void fz_paths_of(const struct lttr_msgset *s, uint64_t skew_ns, char *out, size_t outlen);

/*
 * fz_paths_run() - write the input @data (@size bytes, the layout above)
 * into @dir, read it as its flags say (sorted: the outliers marked) and
 * run fz_paths_of(); @out receives its outcome, or "refused: MESSAGE"
 * (the file's path written INPUT)
 */
void fz_paths_run(const uint8_t *data, size_t size, const char *dir, char *out,
		  size_t outlen);

#endif /* FUZZ_PATHS_H */
