// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-symbolize.c - "tracevisualizer symbolize TRACEDIR --pid P ADDR..."
 * (or --kernel): the name of each address, as the library gives it
 * (lttr/symbols/symbols.h): one line "0xADDR NAME" an address, what could
 * not be read said once on stderr.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/symbols/symbols.h>
#include "cli.h"

static int usage(const char *what, const char *arg)
{
	fprintf(stderr, "%s: symbolize: %s%s%s\nTry 'tracevisualizer symbolize --help'.\n",
		cli_prog, what, arg ? ": " : "", arg ? arg : "");
	return EXIT_USAGE;
}

/* a hexadecimal address, "0x" optional; 0 or -1 */
static int parse_addr(const char *s, uint64_t *v)
{
	char *end;

	if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2))
		s += 2;
	if (!*s || strspn(s, "0123456789abcdefABCDEF") != strlen(s) || strlen(s) > 16)
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 16);
	return errno || *end ? -1 : 0;
}

int cmd_symbolize(struct cli_opts *o)
{
	uint64_t *addr, at = LTTR_SYMS_NO_TIME;
	struct lttr_syms *s;
	char err[512], name[512];
	size_t i;
	int k;

	if (!o->noperands)
		return usage("no address given (hexadecimal, after TRACEDIR)", NULL);
	if (o->kernel == (o->npids != 0))
		return usage("give the process of the addresses (--pid P) or --kernel", NULL);
	if (o->npids > 1)
		return usage("one --pid at a time", NULL);
	addr = calloc((size_t)o->noperands, sizeof(*addr));
	if (!addr)
		return 1;
	for (k = 0; k < o->noperands; k++) {
		if (parse_addr(o->operands[k], &addr[k]) < 0) {
			free(addr);
			return usage("not a hexadecimal address", o->operands[k]);
		}
	}
	s = lttr_syms_open(o->dir, o->symfs, err, sizeof(err));
	if (!s) {
		fprintf(stderr, "%s: %s\n", cli_prog, err);
		free(addr);
		return 1;
	}
	if (o->has_at) {
		/* at a time: what the trace's exec, fork and mmap records say then */
		struct lttr_trace *t;
		struct lttr_iter *it = NULL;
		struct lttr_event ev;
		struct lttr_error e;
		int r = cli_open(o, &t);

		if (r) {
			lttr_syms_close(s);
			free(addr);
			return r;
		}
		at = cli_at(o, t);
		if (lttr_iter_new(t, &it, &e) < 0) {
			fprintf(stderr, "%s: %s\n", cli_prog, e.msg);
			r = 1;
		}
		while (!r && (k = lttr_iter_next(it, &ev)) > 0 && ev.time_ns <= at) {
			if (lttr_syms_note_event(s, &ev) < 0) {
				fprintf(stderr, "%s: out of memory\n", cli_prog);
				r = -1;
			}
		}
		if (!r && k < 0)
			fprintf(stderr, "%s: warning: %s: the records after a damaged one are not read: the mappings they made are not known\n",
				cli_prog, o->dir);
		lttr_iter_free(it);
		lttr_trace_close(t);
		if (r < 0) {
			lttr_syms_close(s);
			free(addr);
			return 1;
		}
	}
	for (k = 0; k < o->noperands; k++) {
		lttr_syms_resolve(s, o->kernel ? 0 : (int32_t)o->pids[0], addr[k], at, o->kernel,
				  name, sizeof(name));
		printf("0x%" PRIx64 " %s\n", addr[k], name);
	}
	for (i = 0; i < lttr_syms_warning_count(s); i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog, lttr_syms_warning(s, i));
	lttr_syms_close(s);
	free(addr);
	return 0;
}
