// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-tmpdir.c - the private directory an input is unpacked into.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "fuzz-input.h"
#include "fuzz-paths.h"
#include "fuzz-tmpdir.h"

static char dir[4096];

static void remove_dir(void)
{
	char path[4200];
	int k;

	for (k = 0; k < FZ_NFILES; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, fz_file_name[k]);
		unlink(path);
	}
	/* the paths fuzzer's file (fuzz-paths.h) */
	snprintf(path, sizeof(path), "%s/%s", dir, FZP_FILE);
	unlink(path);
	rmdir(dir);
}

const char *fz_tmpdir(void)
{
	const char *base = getenv("TMPDIR");

	if (dir[0])
		return dir;
	snprintf(dir, sizeof(dir), "%s/lttr-fuzz.XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(dir)) {
		perror(dir);
		dir[0] = '\0';
		return NULL;
	}
	atexit(remove_dir);
	return dir;
}
