// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-paths-target.c - the libFuzzer target of the causal paths: each
 * input is a message file or a packet capture (fuzz-paths.h), read and
 * given to both algorithms (fuzz-paths.c) under AddressSanitizer and
 * UndefinedBehaviorSanitizer.  Beyond the sanitizers' findings (and the
 * fuzzer's time and memory limits), a file refused without its name in
 * the message is a finding (abort()).
 *
 * "make fuzz" runs a campaign of it after the reader's; tests/host/fuzz.t
 * a short one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz-paths.h"
#include "fuzz-tmpdir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fz_tmpdir();
	char out[1200];

	if (!dir)
		abort();
	fz_paths_run(data, size, dir, out, sizeof(out));
	if (!strncmp(out, "refused: ", 9) && !strstr(out, "INPUT")) {
		fprintf(stderr, "fuzz-paths: a message without its file: %s\n", out);
		abort();
	}
	return 0;
}
