// SPDX-License-Identifier: GPL-2.0
/*
 * test-fuzz.c - random byte flips and truncations of a good trace: the
 * library must open-or-refuse, and read-or-fail, never crash (run it
 * under ASan/UBSan or valgrind to make "never crash" mean something);
 * and the summary's first pass must agree with the generic scan.  The
 * trace is format 1.2: compact records (and a full one that does not
 * fit) in the first buffers, full records in the last ones.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tap.h"
#include "tracegen.h"
#include "corpus.h"

static const char *files[] = { "header", "events", "lost", "proc" };
static uint8_t *orig[4];
static size_t olen[4];

static uint8_t *slurp(const char *path, size_t *len)
{
	struct stat st;
	uint8_t *b;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &st) < 0)
		return NULL;
	b = malloc((size_t)st.st_size + 1);
	if (b && read(fd, b, (size_t)st.st_size) != st.st_size) {
		free(b);
		b = NULL;
	}
	close(fd);
	*len = (size_t)st.st_size;
	return b;
}

static void exercise(struct lttr_trace *t)
{
	struct lttr_summary *s = NULL;
	struct lttr_account *a = NULL;
	struct lttr_iter *it;
	struct lttr_event ev;
	struct lttr_json j;
	FILE *null = fopen("/dev/null", "w");

	lttr_json_init(&j, null, false);
	if (lttr_iter_new(t, &it, NULL) == 0) {
		char desc[512];
		int i;

		while (lttr_iter_next(it, &ev) > 0) {
			lttr_event_describe(t, &ev, desc, sizeof(desc));
			lttr_json_event(&j, t, &ev);
		}
		lttr_iter_seek_end(it);
		while (lttr_iter_prev(it, &ev) > 0)
			;
		lttr_iter_seek_time(it, 1000000100ULL);
		for (i = 0; i < 20; i++)
			if ((i % 3 ? lttr_iter_next(it, &ev) : lttr_iter_prev(it, &ev)) < 0)
				break;
		lttr_iter_free(it);
	}
	if (lttr_summary_compute(t, &s, NULL) == 0) {
		lttr_json_summary(&j, t, s);
		lttr_summary_free(s);
	}
	if (lttr_account_compute(t, &a, NULL) == 0)
		lttr_account_free(a);
	lttr_json_traceinfo(&j, t);
	fclose(null);
}

/* summary, warnings and error of @dir with LTTR_THREADS=@threads, as text */
static char *summary_text(const char *dir, unsigned int flags, const char *threads)
{
	struct lttr_trace *t = NULL;
	struct lttr_summary *s = NULL;
	struct lttr_error err;
	struct lttr_json j;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	setenv("LTTR_THREADS", threads, 1);
	if (lttr_trace_open(dir, flags, &t, &err) < 0) {
		fprintf(f, "open: %s\n", err.msg);
	} else if (lttr_summary_compute(t, &s, &err) < 0) {
		fprintf(f, "summary: %s\n", err.msg);
	} else {
		lttr_json_init(&j, f, false);
		lttr_json_summary(&j, t, s);
		lttr_summary_free(s);
	}
	for (i = 0; t && i < lttr_trace_warning_count(t); i++)
		fprintf(f, "\nwarning: %s", lttr_trace_warning(t, i));
	lttr_trace_close(t);
	unsetenv("LTTR_THREADS");
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 600;
	int it, k, opened = 0, refused = 0, crashed = 0, differ = 0;
	char dir[512], path[600];

	tap_plan(4);
	srandom(argc > 2 ? (unsigned int)atoi(argv[2]) : 4242);
	snprintf(dir, sizeof(dir), "%s", tg_dir("fuzz-good"));
	ok(tg_make(dir, corpus_rich) == 0,
	   "good trace built");
	for (k = 0; k < 4; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[k]);
		orig[k] = slurp(path, &olen[k]);
	}
	snprintf(dir, sizeof(dir), "%s", tg_dir("fuzz-cur"));
	for (it = 0; it < iters; it++) {
		struct lttr_trace *t = NULL;
		struct lttr_error err;
		int which = random() % 10 < 7 ? 1 : (int)(random() % 4);
		int flips = 1 + (int)(random() % 6), f;
		size_t len[4];

		for (k = 0; k < 4; k++) {
			uint8_t *b = malloc(olen[k] + 1);

			memcpy(b, orig[k], olen[k]);
			len[k] = olen[k];
			if (k == which) {
				for (f = 0; f < flips && len[k]; f++) {
					size_t pos = (size_t)random() % len[k];

					if (random() % 3)
						b[pos] ^= (uint8_t)(1 << (random() % 8));
					else
						b[pos] = (uint8_t)random();
				}
				if (random() % 8 == 0 && len[k])
					len[k] = (size_t)random() % len[k];
			}
			snprintf(path, sizeof(path), "%s/%s", dir, files[k]);
			tg_write_file(path, b, len[k]);
			free(b);
		}
		for (f = 0; f < 2; f++) {
			int r = lttr_trace_open(dir, f ? LTTR_OPEN_SALVAGE : 0, &t, &err);
			if (r == 0) {
				opened++;
				exercise(t);
				lttr_trace_close(t);
			} else {
				refused++;
				if (!err.msg[0] || !strstr(err.msg, dir))
					crashed++;
			}
			if (it % 3 == 0) {
				unsigned int fl = f ? LTTR_OPEN_SALVAGE : 0;
				char *a = summary_text(dir, fl, "0");
				char *b = summary_text(dir, fl, "2");

				if (!a || !b || strcmp(a, b)) {
					if (!differ++)
						tap_diag("iteration %d: the first pass differs:\n%s\n%s",
							 it, a ? a : "?", b ? b : "?");
				}
				free(a);
				free(b);
			}
		}
	}
	tap_diag("%d iterations: %d opens, %d refusals", iters, opened, refused);
	ok(crashed == 0, "every refusal names the file (%d without)", crashed);
	ok(opened > 0 && refused > 0, "both outcomes seen, no crash");
	ok(differ == 0, "the summary's first pass agrees with the generic scan (%d differ)",
	   differ);
	for (k = 0; k < 4; k++)
		free(orig[k]);
	return tap_done();
}
