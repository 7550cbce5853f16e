// SPDX-License-Identifier: GPL-2.0
/*
 * states.c - the dictionary of the view model's states, and their names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/event.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/trace.h>
#include <lttr/model/flow.h>
#include "view/view-internal.h"

static uint32_t hash_state(const struct lttr_vstate *s, bool ph)
{
	uint64_t h = s->cat;

	h = h * 31 + s->sysvec;
	h = h * 31 + s->preempted;
	h = h * 31 + s->mode;
	h = h * 31 + s->cpu;
	h = h * 1000003 + s->pid;
	h = h * 1000003 + s->what;
	h = h * 31 + ph;
	return (uint32_t)(h ^ (h >> 29)) * 2654435761U;
}

static bool same_state(const struct vstate *e, const struct lttr_vstate *s, bool ph)
{
	return e->placeholder == ph && !e->retired && e->key.cat == s->cat &&
		e->key.sysvec == s->sysvec && e->key.preempted == s->preempted &&
		e->key.mode == s->mode && e->key.cpu == s->cpu &&
		e->key.pid == s->pid && e->key.what == s->what;
}

static int grow_slots(struct vdict *d)
{
	uint32_t ns = d->nslots ? 2 * d->nslots : 256, i, j;
	uint32_t *s = calloc(ns, sizeof(*s));

	if (!s)
		return -1;
	for (i = 0; i < d->n; i++) {
		for (j = hash_state(&d->v[i].key, d->v[i].placeholder) & (ns - 1); s[j];
		     j = (j + 1) & (ns - 1))
			;
		s[j] = i + 1;
	}
	free(d->slots);
	d->slots = s;
	d->nslots = ns;
	return 0;
}

int vdict_get(struct vdict *d, const struct lttr_vstate *key, bool placeholder,
	      uint32_t *id)
{
	uint32_t j, mask;

	if (d->nslots) {
		mask = d->nslots - 1;
		for (j = hash_state(key, placeholder) & mask; d->slots[j];
		     j = (j + 1) & mask) {
			if (same_state(&d->v[d->slots[j] - 1], key, placeholder)) {
				*id = d->slots[j] - 1;
				return 0;
			}
		}
	}
	if (d->n == LTTR_VSTATE_NONE - 1)
		return -1;
	if (d->n == d->cap) {
		uint32_t cap = d->cap ? 2 * d->cap : 256;
		struct vstate *n = realloc(d->v, cap * sizeof(*n));

		if (!n)
			return -1;
		d->v = n;
		d->cap = cap;
	}
	if ((d->n + 1) * 2 > d->nslots && grow_slots(d))
		return -1;
	mask = d->nslots - 1;
	for (j = hash_state(key, placeholder) & mask; d->slots[j]; j = (j + 1) & mask)
		;
	d->v[d->n].key = *key;
	d->v[d->n].disp = *key;
	d->v[d->n].placeholder = placeholder;
	d->v[d->n].retired = false;
	d->slots[j] = d->n + 1;
	*id = d->n++;
	return 0;
}

void vdict_free(struct vdict *d)
{
	free(d->v);
	free(d->slots);
	memset(d, 0, sizeof(*d));
}

const struct lttr_vstate *lttr_view_state(const struct lttr_view *v, uint32_t id)
{
	if (id >= v->dict.n)
		return NULL;
	return &v->dict.v[id].disp;
}

const char *lttr_vcat_name(unsigned int cat)
{
	static const char *const names[LTTR_VCAT_COUNT] = {
		[LTTR_VCAT_NONE] = "none",
		[LTTR_VCAT_USER] = "user",
		[LTTR_VCAT_SYSCALL] = "syscall",
		[LTTR_VCAT_TRAP] = "trap",
		[LTTR_VCAT_IRQ] = "irq",
		[LTTR_VCAT_SOFTIRQ] = "softirq",
		[LTTR_VCAT_KERNEL] = "kernel",
		[LTTR_VCAT_IDLE] = "idle",
		[LTTR_VCAT_UNKNOWN] = "unknown mode",
		[LTTR_VCAT_RUNNABLE] = "runnable",
		[LTTR_VCAT_ZOMBIE] = "zombie",
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_IO] = "blocked io",
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_SLEEP] = "blocked sleep",
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_FUTEX] = "blocked futex",
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_CHILD] = "blocked child",
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_FAULT] = "blocked fault",
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_OTHER] = "blocked other",
		[LTTR_VCAT_BLOCKED + LTTR_BLOCK_UNKNOWN] = "blocked unknown",
		[LTTR_VCAT_NODATA] = "unknown (no data)",
	};

	return cat < LTTR_VCAT_COUNT ? names[cat] : "?";
}

char lttr_vcat_letter(unsigned int cat)
{
	static const char letters[LTTR_VCAT_COUNT + 1] = " USTIQK.?rZizfcpbw~";

	return cat < LTTR_VCAT_COUNT ? letters[cat] : '#';
}

static const char *irq_name(const struct lttr_view *v, uint32_t irq, bool sysvec,
			    char *buf, size_t size)
{
	const char *n = sysvec ? lttr_sysvec_name(irq) : lttr_trace_irq_name(v->t, irq);

	if (irq == LTTR_WHAT_UNKNOWN)
		return "unknown";
	if (n)
		return n;
	snprintf(buf, size, sysvec ? "vector_0x%x" : "irq_%u", irq);
	return buf;
}

const char *lttr_view_state_str(const struct lttr_view *v, uint32_t id,
				char *buf, size_t size)
{
	const struct lttr_vstate *s = lttr_view_state(v, id);
	char nb[48];
	const char *n;

	if (!s) {
		snprintf(buf, size, "%s", "no data");
		return buf;
	}
	switch (s->cat) {
	case LTTR_VCAT_SYSCALL:
		snprintf(buf, size, "syscall %s", lttr_syscall_str(s->what, nb, sizeof(nb)));
		break;
	case LTTR_VCAT_TRAP:
		snprintf(buf, size, "trap %s", s->what == LTTR_WHAT_UNKNOWN ? "unknown" :
			 lttr_trap_name(s->what, nb, sizeof(nb)));
		break;
	case LTTR_VCAT_IRQ:
		n = irq_name(v, s->what, s->sysvec, nb, sizeof(nb));
		if (s->sysvec || s->what == LTTR_WHAT_UNKNOWN)
			snprintf(buf, size, "irq %s", n);
		else
			snprintf(buf, size, "irq %u %s", s->what, n);
		break;
	case LTTR_VCAT_SOFTIRQ:
		n = s->what == LTTR_WHAT_UNKNOWN ? "unknown" : lttr_softirq_name(s->what);
		if (n)
			snprintf(buf, size, "softirq %s", n);
		else
			snprintf(buf, size, "softirq %u", s->what);
		break;
	case LTTR_VCAT_RUNNABLE:
		snprintf(buf, size, "runnable (%s)", s->preempted ? "preempted" : "woken");
		break;
	case LTTR_VCAT_NONE:
		snprintf(buf, size, "%s", "not alive");
		break;
	case LTTR_VCAT_ZOMBIE:
		snprintf(buf, size, "%s", "zombie (dead, not reaped yet)");
		break;
	case LTTR_VCAT_NODATA:
		snprintf(buf, size, "%s", "unknown (a CPU without data may have run it)");
		break;
	default:
		if (s->cat >= LTTR_VCAT_BLOCKED && s->mode == LTTR_MODE_SYSCALL)
			snprintf(buf, size, "%s in %s", lttr_vcat_name(s->cat),
				 lttr_syscall_str(s->what, nb, sizeof(nb)));
		else
			snprintf(buf, size, "%s", lttr_vcat_name(s->cat));
		break;
	}
	return buf;
}
