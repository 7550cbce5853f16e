// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-dump.c - "tracevisualizer dump": the events in time order.
 */
#include <inttypes.h>
#include <stdio.h>
#include <lttr/lttr.h>
#include "cli.h"

void cli_trace_error(const char *msg)
{
	fprintf(stderr, "%s: %s\n", cli_prog, msg);
}

static void print_warnings(const struct lttr_trace *t, size_t from)
{
	size_t i;

	for (i = from; i < lttr_trace_warning_count(t); i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog,
			lttr_trace_warning(t, i));
}

static void print_text(const struct lttr_trace *t, const struct lttr_event *ev,
		       uint64_t start)
{
	char desc[512];
	uint64_t rel;
	const char *sign = "";

	lttr_event_describe(t, ev, desc, sizeof(desc));
	if (ev->time_ns >= start) {
		rel = ev->time_ns - start;
	} else {
		rel = start - ev->time_ns;
		sign = "-";
	}
	printf("%s%" PRIu64 ".%09" PRIu64 " %" PRIu64 ".%09" PRIu64 " %u %u %c %s\n",
	       sign, rel / 1000000000U, rel % 1000000000U,
	       ev->time_ns / 1000000000U, ev->time_ns % 1000000000U,
	       ev->cpu, ev->pid, ev->control ? 'C' : '-', desc);
}

int cmd_dump(const struct cli_opts *o)
{
	struct lttr_trace *t = NULL;
	struct lttr_iter *it = NULL;
	struct lttr_error err;
	struct lttr_event ev;
	struct lttr_json j;
	uint64_t start;
	int r, status = 0;

	r = lttr_trace_open(o->dir, o->salvage ? LTTR_OPEN_SALVAGE : 0, &t, &err);
	if (r < 0) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	if (lttr_iter_new(t, &it, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_trace_close(t);
		return EXIT_TRACE;
	}
	start = lttr_trace_header(t)->start_ns;
	if (o->json) {
		lttr_json_init(&j, stdout, o->pretty);
		lttr_json_begin_object(&j);
		lttr_json_key(&j, "trace");
		lttr_json_traceinfo(&j, t);
		lttr_json_key(&j, "events");
		lttr_json_begin_array(&j);
	} else {
		printf("# rel_s abs_s cpu pid control description\n");
	}
	if (o->reverse)
		lttr_iter_seek_end(it);
	for (;;) {
		r = o->reverse ? lttr_iter_prev(it, &ev) : lttr_iter_next(it, &ev);
		if (r <= 0)
			break;
		if (o->cpu >= 0 && ev.cpu != o->cpu)
			continue;
		if (o->pid >= 0 && ev.pid != (uint64_t)o->pid)
			continue;
		if (o->json) {
			lttr_json_event(&j, t, &ev);
			if (!o->pretty)
				putchar('\n');
		} else {
			print_text(t, &ev, start);
		}
	}
	if (o->json) {
		lttr_json_end_array(&j);
		lttr_json_end_object(&j);
		if (!o->pretty)
			putchar('\n');
	}
	fflush(stdout);
	print_warnings(t, 0);
	if (r < 0) {
		cli_trace_error(lttr_iter_error(it)->msg);
		status = EXIT_TRACE;
	}
	if (ferror(stdout)) {
		fprintf(stderr, "%s: write error on standard output\n", cli_prog);
		status = EXIT_TRACE;
	}
	lttr_iter_free(it);
	lttr_trace_close(t);
	return status;
}
