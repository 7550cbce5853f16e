// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-reader.c - the libFuzzer target of the reader library: each input
 * is a trace directory (fuzz-input.h), opened and read by every pass
 * (fuzz-passes.c) under AddressSanitizer and UndefinedBehaviorSanitizer.
 * Beyond the sanitizers' findings, a trace the reader refuses or cannot
 * read must say which file is wrong: a message that does not name its
 * file is a finding too (abort()).
 *
 * "make fuzz" runs a campaign; tests/host/fuzz.t a short one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz-input.h"
#include "fuzz-passes.h"
#include "fuzz-tmpdir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fz_tmpdir();
	struct fz_input in;
	char out[1200];

	if (!dir)
		abort();
	fz_unpack(data, size, &in);
	if (fz_write_dir(&in, dir) < 0) {
		perror(dir);
		abort();
	}
	fz_run(dir, in.flags, out, sizeof(out));
	if (strncmp(out, "read: ", 6) && !strstr(out, "TRACE/")) {
		fprintf(stderr, "fuzz-reader: a message without its file: %s\n", out);
		abort();
	}
	return 0;
}
