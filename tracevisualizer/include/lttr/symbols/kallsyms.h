/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/symbols/kallsyms.h - the kernel's symbols: a copy of
 * /proc/kallsyms ("ADDR TYPE NAME" or "ADDR TYPE NAME\t[MODULE]" a line)
 * and of /proc/modules ("NAME SIZE REFS DEPS STATE 0xADDR ..." a line),
 * as traced saves them in a trace directory (files "kallsyms" and
 * "modules").
 *
 * kallsyms gives no sizes: a symbol reaches up to the next one, the last
 * one of the kernel (or of a module whose extent /proc/modules does not
 * give) reaches nowhere, and an address past it is unknown.
 */
#ifndef LTTR_SYMBOLS_KALLSYMS_H
#define LTTR_SYMBOLS_KALLSYMS_H

#include <stddef.h>
#include <stdint.h>

struct lttr_ksym {
	uint64_t addr;
	const char *name;
	const char *module;	/* NULL: the kernel itself */
};

struct lttr_kmod {
	uint64_t base;
	uint64_t size;
	const char *name;
};

/* the parsed files (names point into the copies of their texts) */
struct lttr_ktab {
	struct lttr_ksym *sym;		/* sorted by address */
	size_t nsym;
	struct lttr_kmod *mod;		/* sorted by base */
	size_t nmod;
	size_t bad_sym_lines;		/* kallsyms lines not understood */
	size_t first_bad_sym_line;	/* the first one's number (1-based) */
	size_t bad_mod_lines;
	size_t first_bad_mod_line;
	int hidden;			/* symbols read, every address 0 (kptr_restrict) */
	char *sym_text;
	char *mod_text;
};

/*
 * lttr_kallsyms_parse() - read the text of a kallsyms copy (@len bytes,
 * no NUL needed) into @t (zeroed first by the caller, or left by an
 * earlier call for the other file).  A line not understood is counted
 * and skipped; every address 0 sets @t->hidden and keeps no symbol.
 * Return: 0, or -1 when memory runs out.
 */
int lttr_kallsyms_parse(struct lttr_ktab *t, const char *text, size_t len);

/* the same for the text of a /proc/modules copy */
int lttr_modules_parse(struct lttr_ktab *t, const char *text, size_t len);

/*
 * lttr_ktab_lookup() - "name+0xoff", or "module+0xoff" when the address
 * is inside a module (/proc/modules) whose symbols do not cover it, into
 * @buf.  Return: LTTR_SYM_NAME, LTTR_SYM_OBJECT or LTTR_SYM_UNKNOWN
 * (lttr/symbols/symbols.h; @buf then "[unknown]").
 */
int lttr_ktab_lookup(const struct lttr_ktab *t, uint64_t addr, char *buf, size_t len);

void lttr_ktab_free(struct lttr_ktab *t);

#endif /* LTTR_SYMBOLS_KALLSYMS_H */
