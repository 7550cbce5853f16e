// SPDX-License-Identifier: GPL-2.0
/*
 * vitals-stacks.c - the vital signs' sample stacks named
 * (lttr/vitals/vitals.h, docs/vitals.md "Stacks"): the kernel's addresses
 * through the copies of kallsyms and modules the daemon keeps in the
 * directory, a process's through the maps its epoch file holds (read at
 * the epoch's end, only for the processes that were still the ones the
 * stacks were taken in) and the ELF files they map, by the trace's own
 * symbol code (lttr/symbols/symbols.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/symbols/symbols.h>
#include <lttr/vitals/vitals.h>

struct lttr_vitals_names {
	struct lttr_syms *syms;
	size_t loaded;		/* the epoch whose maps are set, or SIZE_MAX */
};

int lttr_vitals_symbols(struct lttr_vitals_report *r, const char *dir, const char *symfs,
			char *err, size_t errlen)
{
	struct lttr_vitals_names *n;
	size_t i;

	lttr_vitals_symbols_free(r);
	/* no stacks, nothing to name: no kallsyms asked for (no warning) */
	for (i = 0; i < r->s->n && !r->s->epochs[i].nstacks; i++)
		;
	if (i == r->s->n && !symfs)
		return 0;
	n = calloc(1, sizeof(*n));
	if (!n) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n->syms = lttr_syms_open_kernel(dir, symfs, err, errlen);
	if (!n->syms) {
		free(n);
		return -1;
	}
	n->loaded = SIZE_MAX;
	r->names = n;
	return 0;
}

size_t lttr_vitals_symbols_warnings(const struct lttr_vitals_report *r)
{
	return r->names ? lttr_syms_warning_count(r->names->syms) : 0;
}

const char *lttr_vitals_symbols_warning(const struct lttr_vitals_report *r, size_t i)
{
	return r->names ? lttr_syms_warning(r->names->syms, i) : NULL;
}

void lttr_vitals_symbols_free(struct lttr_vitals_report *r)
{
	if (!r->names)
		return;
	lttr_syms_close(r->names->syms);
	free(r->names);
	r->names = NULL;
}

const struct ltt_vital_stack *lttr_vitals_stack(const struct lttr_vitals_epoch *e,
						const struct ltt_vital_sample *sm)
{
	/* lttr_vitals_parse() checked that it is within the epoch's */
	return sm->stack && sm->stack <= e->nstacks ? &e->stacks[sm->stack - 1] : NULL;
}

int lttr_vitals_frame(const struct lttr_vitals_report *r, size_t i,
		      const struct ltt_vital_stack *st, unsigned int k, char *buf, size_t len)
{
	struct lttr_vitals_names *n = r->names;
	int kernel = k < st->kernel_nr;
	const struct lttr_vitals_epoch *e = &r->s->epochs[i];

	if (!n) {
		snprintf(buf, len, "0x%" PRIx64, (uint64_t)st->addr[k]);
		return kernel;
	}
	if (kernel) {
		lttr_syms_resolve(n->syms, 0, st->addr[k], LTTR_SYMS_NO_TIME, 1, buf, len);
		return 1;
	}
	/* never a wrong name: the maps must be this process's */
	if (!st->maps) {
		snprintf(buf, len, "[unknown]");
		return 0;
	}
	if (n->loaded != i) {
		char what[64];

		snprintf(what, sizeof(what), "epoch %" PRIu64 "'s maps", (uint64_t)e->h.epoch);
		if (lttr_syms_set_maps(n->syms, what, e->maps, e->maps_len) < 0) {
			n->loaded = SIZE_MAX;
			snprintf(buf, len, "[unknown]");
			return 0;
		}
		n->loaded = i;
	}
	lttr_syms_resolve(n->syms, (int32_t)st->tgid, st->addr[k], LTTR_SYMS_NO_TIME, 0, buf, len);
	return 0;
}

void lttr_vitals_stack_part(const struct lttr_vitals_report *r, size_t i,
			    const struct ltt_vital_stack *st, int kernel, char *buf, size_t len)
{
	unsigned int k, from, to;
	size_t off = 0;
	char name[256];

	if (!len)
		return;
	buf[0] = '\0';
	if (!st)
		return;
	from = kernel ? 0 : st->kernel_nr;
	to = kernel ? st->kernel_nr : (unsigned int)st->kernel_nr + st->user_nr;
	for (k = from; k < to && off < len; k++) {
		int w;

		lttr_vitals_frame(r, i, st, k, name, sizeof(name));
		w = snprintf(buf + off, len - off, "%s%s", k == from ? "" : " <- ", name);
		if (w < 0)
			break;
		off += (size_t)w;
	}
}

void lttr_vitals_stack_line(const struct lttr_vitals_report *r, size_t i,
			    const struct ltt_vital_stack *st, char *buf, size_t len)
{
	size_t off;

	lttr_vitals_stack_part(r, i, st, 1, buf, len);
	off = strlen(buf);
	if (!st || !st->user_nr || off + 4 >= len)
		return;
	if (off)
		off += (size_t)snprintf(buf + off, len - off, " | ");
	lttr_vitals_stack_part(r, i, st, 0, buf + off, len - off);
}
