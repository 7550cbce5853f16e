// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-replay.c - run inputs of the fuzzer (fuzz-input.h) through every
 * pass of the reader, without the fuzzer, and print how each ended; with
 * --check, compare with the outcome saved beside each input (FILE.expect):
 * the findings of the fuzzer, fixed, stay fixed and keep their message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz-input.h"
#include "fuzz-passes.h"
#include "fuzz-paths.h"
#include "fuzz-tmpdir.h"

static const char usage[] =
	"Usage: fuzz-replay [--check] FILE...\n"
	"Unpack each fuzzer input FILE into a trace directory, read it with every\n"
	"pass of the reader and print FILE: OUTCOME (refused: MESSAGE, error:\n"
	"MESSAGE or read: N events, W warnings; the directory is named TRACE).\n"
	"A FILE named *.paths is an input of the paths fuzzer (fuzz-paths.h): a\n"
	"message file or capture given to both algorithms (refused: MESSAGE,\n"
	"error: MESSAGE or paths: N messages, ...; the file is named INPUT).\n"
	"  --check  compare OUTCOME with the first line of FILE.expect; exit 1\n"
	"           when one differs or is missing\n";

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *b = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (b = malloc((size_t)n + 1)) && fread(b, 1, (size_t)n, f) == (size_t)n) {
		b[n] = '\0';
		*len = (size_t)n;
	} else {
		free(b);
		b = NULL;
	}
	fclose(f);
	return b;
}

static int replay(const char *dir, const char *path, int check)
{
	struct fz_input in;
	char out[1200], *data;
	size_t len = 0;
	int bad = 0;

	data = slurp(path, &len);
	if (!data) {
		perror(path);
		return 1;
	}
	if (len >= 6 && !strcmp(path + strlen(path) - 6, ".paths")) {
		fz_paths_run((const uint8_t *)data, len, dir, out, sizeof(out));
	} else {
		fz_unpack((const uint8_t *)data, len, &in);
		if (fz_write_dir(&in, dir) < 0) {
			perror(dir);
			free(data);
			return 1;
		}
		fz_run(dir, in.flags, out, sizeof(out));
	}
	printf("%s: %s\n", path, out);
	if (check) {
		char epath[4200], *want;
		size_t wlen = 0;

		snprintf(epath, sizeof(epath), "%s.expect", path);
		want = slurp(epath, &wlen);
		if (want)
			want[strcspn(want, "\n")] = '\0';
		if (!want || strcmp(want, out)) {
			printf("%s: expected %s\n", path, want ? want : "(no .expect file)");
			bad = 1;
		}
		free(want);
	}
	free(data);
	return bad;
}

int main(int argc, char **argv)
{
	const char *dir;
	int i = 1, check = 0, bad = 0;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs(usage, stdout);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "--check")) {
		check = 1;
		i++;
	}
	if (i >= argc && !check) {
		fputs(usage, stderr);
		return 2;
	}
	dir = fz_tmpdir();
	if (!dir)
		return 1;
	for (; i < argc; i++)
		bad |= replay(dir, argv[i], check);
	return bad;
}
