// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-seeds.c - write the fuzzer's seed inputs: every trace of the
 * corpus (utest/corpus.c, good and broken, opened as its case says), the
 * rich trace (once more with symbol files: kallsyms, modules, maps) and
 * the accounting scenarios (utest/scenarios.h), each built
 * by tracegen and packed into one file (fuzz-input.h).
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tracegen.h"
#include "corpus.h"
#include "scenarios.h"
#include "fuzz-input.h"

/* tracegen's directory @dir and its files */
static void remove_trace(char *dir)
{
	char path[600];
	int k;

	for (k = 0; k < FZ_NFILES; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, fz_file_name[k]);
		unlink(path);
	}
	rmdir(dir);
}

/* the symbol files of the "rich-symbols" seed: kallsyms, modules, maps */
static const char *const seed_syms[3] = {
	"ffffffff81000000 T _stext\nffffffff81000100 T schedule\nffffffff81000200 t pipe_read\n"
	"ffffffff81000300 T _etext\nffffffffc0001000 t ltt_probe\t[ltt]\n"
	"ffffffffc0001080 t ltt_write\t[ltt]\n",
	"ltt 16384 0 - Live 0xffffffffc0000000 (O)\n",
	"# LTT maps 1\n@START 1000\npid 100 app\n"
	"55d000001000-55d000002000 r-xp 00001000 08:01 100 /events\n"
	"7f0000000000-7f0000100000 r-xp 00028000 08:01 200 /proc\n"
	"7f0000200000-7f0000201000 r-xp 00000000 00:00 0 [vdso]\n"
	"@STOP 2000000000000\npid 100 app\n"
	"55d000001000-55d000002000 r-xp 00001000 08:01 100 /header\n"
	"pid 101 new\n00400000-00401000 r-xp 00000000 08:01 7 /gone (deleted)\n@OMITTED 1\n",
};

static int put_file(const char *dir, const char *name, const char *text)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		return -1;
	}
	return 0;
}

static int seed(const char *outdir, const char *name, const char *desc,
		unsigned int flags)
{
	char tdir[512], path[4200];
	uint8_t *b;
	size_t n;
	FILE *f;
	int r;

	snprintf(tdir, sizeof(tdir), "%s", tg_dir(name));
	if (tg_make(tdir, desc) < 0)
		return -1;
	if (strstr(name, "symbols") &&
	    (put_file(tdir, fz_file_name[FZ_KALLSYMS], seed_syms[0]) < 0 ||
	     put_file(tdir, fz_file_name[FZ_MODULES], seed_syms[1]) < 0 ||
	     put_file(tdir, fz_file_name[FZ_MAPS], seed_syms[2]) < 0))
		return -1;
	/* a trace without its header has nothing to pack: the fuzzer makes one */
	r = fz_pack_dir(tdir, flags, &b, &n);
	remove_trace(tdir);
	if (r < 0)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", outdir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(b, 1, n, f) != n || fclose(f)) {
		perror(path);
		free(b);
		return -1;
	}
	free(b);
	return 1;
}

static int make_seeds(const char *outdir)
{
	char last[512];
	size_t i;
	int made = 0;

	for (i = 0; i < corpus_ncases; i++) {
		const struct corpus_case *c = &corpus_cases[i];
		unsigned int fl = c->flags & LTTR_OPEN_SALVAGE ? FZ_SALVAGE : 0;
		int r;

		/*
		 * the lost file (8728 bytes a CPU) only where the case is about
		 * it: smaller inputs, more executions a second
		 */
		if (!strstr(c->desc, "lost"))
			fl |= FZ_NO_LOST;
		r = seed(outdir, c->name, c->desc, fl);
		if (r < 0)
			return -1;
		made += r;
	}
	if (seed(outdir, "rich", corpus_rich, 0) < 0 ||
	    seed(outdir, "rich-salvage-threads", corpus_rich, FZ_SALVAGE | FZ_THREADS) < 0 ||
	    seed(outdir, "scenario-a", A_DESC, 0) < 0 ||
	    seed(outdir, "scenario-b", B_DESC, FZ_THREADS) < 0 ||
	    seed(outdir, "scenario-s", S_DESC, 0) < 0 ||
	    seed(outdir, "rich-symbols", corpus_rich, 0) < 0)
		return -1;
	/* the scratch folder of tracegen (tap_tmpdir()), empty now */
	snprintf(last, sizeof(last), "%s", tg_dir("end"));
	rmdir(last);
	rmdir(dirname(last));
	return made + 6;
}

int main(int argc, char **argv)
{
	int n;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("Usage: fuzz-seeds OUTDIR\n"
		       "Write the fuzzer's seeds, the trace corpus of the unit tests, into\n"
		       "OUTDIR (made if needed), one packed trace per file.\n");
		return 0;
	}
	if (argc != 2) {
		fprintf(stderr, "Usage: fuzz-seeds OUTDIR\n");
		return 2;
	}
	if (mkdir(argv[1], 0755) < 0 && errno != EEXIST) {
		perror(argv[1]);
		return 1;
	}
	n = make_seeds(argv[1]);
	if (n < 0)
		return 1;
	printf("fuzz-seeds: %d seeds in %s\n", n, argv[1]);
	return 0;
}
