// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-paths.c - the causal paths over one set of messages, for the
 * fuzzers (fuzz-paths-target.c; the reader's passes for a trace's
 * messages) and the replay of their findings (fuzz-paths.h).  What is
 * computed is thrown away: none of it may crash, read out of bounds,
 * overflow, leak, or run past the fuzzer's time and memory limits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/output/dot-paths.h>
#include <lttr/output/json-paths.h>
#include <lttr/paths/abstract.h>
#include <lttr/paths/pcap.h>
#include <lttr/paths/run.h>
#include "fuzz-paths.h"

void fz_paths_of(const struct lttr_msgset *s, uint64_t skew_ns, char *out, size_t outlen)
{
	char w[8][LTTR_MSG_WARNING_LEN];
	struct lttr_paths_opts po;
	struct lttr_paths *nest = NULL, *conv = NULL;
	struct lttr_error err;
	struct lttr_json j;
	size_t npairs;
	struct lttr_msg_pair *pairs;
	FILE *null = fopen("/dev/null", "w");

	if (!null) {
		snprintf(out, outlen, "error: /dev/null: cannot open");
		return;
	}
	lttr_json_init(&j, null, false);
	lttr_msg_warnings(&s->warn, w, 8);
	lttr_json_msg_warn(&j, &s->warn);
	lttr_json_messages(&j, s);
	pairs = lttr_msgset_pairs(s, &npairs);
	lttr_json_msg_pairs(&j, s, pairs, npairs);
	free(pairs);
	lttr_msgs_write_abstract(null, s);

	lttr_paths_defaults(&po);
	po.nest.skew_ns = skew_ns;
	if (lttr_paths_run(NULL, s, &po, NULL, NULL, &nest, &err) < 0) {
		snprintf(out, outlen, "error: %s", err.msg);
		goto done;
	}
	lttr_json_nesting(&j, nest->nesting);
	lttr_json_patterns(&j, s, nest->nesting, nest->patterns, 0, false);
	lttr_dot_patterns(null, s, nest->patterns, 0);

	lttr_paths_defaults(&po);
	po.algorithm = LTTR_PATHS_CONVOLUTION;
	if (lttr_paths_run(NULL, s, &po, NULL, NULL, &conv, &err) < 0) {
		snprintf(out, outlen, "error: %s", err.msg);
		goto done;
	}
	lttr_conv_warnings(conv->graph, w, 8);
	lttr_json_conv_graph(&j, s, conv->graph);
	lttr_dot_conv(null, s, conv->graph);
	snprintf(out, outlen, "paths: %zu messages, %llu outliers, %zu patterns, %zu vertices, quantum %llu ns",
		 s->n, (unsigned long long)s->warn.outliers, nest->patterns->n, conv->graph->nv,
		 (unsigned long long)conv->graph->quantum_ns);
done:
	lttr_paths_free(nest);
	lttr_paths_free(conv);
	fclose(null);
}

void fz_paths_run(const uint8_t *data, size_t size, const char *dir, char *out,
		  size_t outlen)
{
	unsigned int flags = size ? data[0] : 0;
	struct lttr_msgset *s = lttr_msgset_new();
	struct lttr_error err;
	char path[4200], text[LTTR_ERRMSG_MAX + 32];
	size_t dl, o;
	const char *msg;
	FILE *f;
	int r;

	snprintf(path, sizeof(path), "%s/%s", dir, FZP_FILE);
	f = fopen(path, "wb");
	if (!s || !f || (size > 1 && fwrite(data + 1, 1, size - 1, f) != size - 1) || fclose(f)) {
		snprintf(out, outlen, "error: %s: cannot write", path);
		lttr_msgset_free(s);
		return;
	}
	if (flags & FZP_PCAP)
		r = lttr_msgs_read_pcap(path, flags & FZP_PORTS ? LTTR_PCAP_PORTS : 0, s, &err);
	else
		r = lttr_msgs_read_abstract(path, s, &err);
	if (r < 0) {
		snprintf(text, sizeof(text), "refused: %s", err.msg);
	} else {
		lttr_msgset_sort(s);
		fz_paths_of(s, flags & FZP_SKEW ? 1000000 : 0, text, sizeof(text));
	}
	lttr_msgset_free(s);
	/* the file is a temporary one: name it INPUT */
	dl = strlen(path);
	for (msg = text, o = 0; *msg && o + 1 < outlen; ) {
		if (!strncmp(msg, path, dl) && o + 6 < outlen) {
			memcpy(out + o, "INPUT", 5);
			o += 5;
			msg += dl;
		} else {
			out[o++] = *msg++;
		}
	}
	out[o] = '\0';
}
