// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms.c - the kernel's symbols from the trace's copies of
 * /proc/kallsyms and /proc/modules (lttr/symbols/kallsyms.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/symbols/kallsyms.h>
#include <lttr/symbols/symbols.h>

/* a NUL-terminated copy of @text; its lines are cut in place */
static char *copy_text(const char *text, size_t len)
{
	char *c = malloc(len + 1);

	if (c) {
		memcpy(c, text, len);
		c[len] = '\0';
	}
	return c;
}

/* the next line of *@p (cut at its newline), or NULL at the end */
static char *next_line(char **p, char *end)
{
	char *l = *p, *nl;

	if (l >= end)
		return NULL;
	nl = memchr(l, '\n', (size_t)(end - l));
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p = end;
	}
	return l;
}

/* a hexadecimal number of 1 to 16 digits at *@s, which moves past it */
static int parse_hex(char **s, uint64_t *v)
{
	char *p = *s;
	uint64_t x = 0;
	int n = 0;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	for (;; p++, n++) {
		int d;

		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			d = *p - 'A' + 10;
		else
			break;
		if (n == 16)
			return -1;
		x = x << 4 | (uint64_t)d;
	}
	if (n == 0)
		return -1;
	*s = p;
	*v = x;
	return 0;
}

static int sym_cmp(const void *a, const void *b)
{
	const struct lttr_ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* the kernel's before a module's, then by name: a stable order */
	if (!x->module != !y->module)
		return x->module ? 1 : -1;
	return strcmp(x->name, y->name);
}

static int mod_cmp(const void *a, const void *b)
{
	const struct lttr_kmod *x = a, *y = b;

	if (x->base != y->base)
		return x->base < y->base ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* "ADDR TYPE NAME" or "ADDR TYPE NAME\t[MODULE]"; 0 or -1 */
static int sym_line(char *l, struct lttr_ksym *s)
{
	char *name, *mod;
	size_t n;

	if (parse_hex(&l, &s->addr) < 0 || *l != ' ' || !l[1] || l[1] == ' ' || l[2] != ' ')
		return -1;
	name = l + 3;
	n = strcspn(name, " \t");
	if (n == 0)
		return -1;
	mod = name + n;
	s->module = NULL;
	if (*mod) {
		char *close;

		*mod++ = '\0';
		mod += strspn(mod, " \t");
		close = strchr(mod, ']');
		if (*mod != '[' || !close || close == mod + 1 || close[1])
			return -1;
		*close = '\0';
		s->module = mod + 1;
	}
	s->name = name;
	return 0;
}

int lttr_kallsyms_parse(struct lttr_ktab *t, const char *text, size_t len)
{
	char *p, *end, *l;
	size_t cap = 0, lineno = 0, nonzero = 0;

	free(t->sym_text);
	free(t->sym);
	t->sym = NULL;
	t->nsym = 0;
	t->bad_sym_lines = 0;
	t->first_bad_sym_line = 0;
	t->hidden = 0;
	t->sym_text = p = copy_text(text, len);
	if (!p)
		return -1;
	end = p + len;
	while ((l = next_line(&p, end)) != NULL) {
		struct lttr_ksym s;

		lineno++;
		if (!*l)
			continue;
		if (sym_line(l, &s) < 0) {
			if (!t->bad_sym_lines++)
				t->first_bad_sym_line = lineno;
			continue;
		}
		if (t->nsym == cap) {
			size_t ncap = cap ? 2 * cap : 1024;
			struct lttr_ksym *ns = realloc(t->sym, ncap * sizeof(*ns));

			if (!ns)
				return -1;
			t->sym = ns;
			cap = ncap;
		}
		t->sym[t->nsym++] = s;
		nonzero += s.addr != 0;
	}
	if (t->nsym && !nonzero) {
		/* kptr_restrict: names without addresses name nothing */
		t->hidden = 1;
		t->nsym = 0;
	}
	if (t->nsym)
		qsort(t->sym, t->nsym, sizeof(*t->sym), sym_cmp);
	return 0;
}

/* "NAME SIZE REFS DEPS STATE 0xADDR [TAINTS]"; 0 or -1 */
static int mod_line(char *l, struct lttr_kmod *m)
{
	char *f[6], *save = NULL, *e;
	int k;

	for (k = 0; k < 6; k++) {
		f[k] = strtok_r(k ? NULL : l, " \t", &save);
		if (!f[k])
			return -1;
	}
	if (f[1][0] < '0' || f[1][0] > '9')
		return -1;
	m->size = strtoull(f[1], &e, 10);
	if (*e || strncmp(f[5], "0x", 2))
		return -1;
	e = f[5];
	if (parse_hex(&e, &m->base) < 0 || *e)
		return -1;
	m->name = f[0];
	return 0;
}

int lttr_modules_parse(struct lttr_ktab *t, const char *text, size_t len)
{
	char *p, *end, *l;
	size_t cap = 0, lineno = 0;

	free(t->mod_text);
	free(t->mod);
	t->mod = NULL;
	t->nmod = 0;
	t->bad_mod_lines = 0;
	t->first_bad_mod_line = 0;
	t->mod_text = p = copy_text(text, len);
	if (!p)
		return -1;
	end = p + len;
	while ((l = next_line(&p, end)) != NULL) {
		struct lttr_kmod m;

		lineno++;
		if (!*l)
			continue;
		if (mod_line(l, &m) < 0 || m.base + m.size < m.base) {
			if (!t->bad_mod_lines++)
				t->first_bad_mod_line = lineno;
			continue;
		}
		/* hidden (kptr_restrict) or not loaded: no extent */
		if (!m.base || !m.size)
			continue;
		if (t->nmod == cap) {
			size_t ncap = cap ? 2 * cap : 64;
			struct lttr_kmod *nm = realloc(t->mod, ncap * sizeof(*nm));

			if (!nm)
				return -1;
			t->mod = nm;
			cap = ncap;
		}
		t->mod[t->nmod++] = m;
	}
	if (t->nmod)
		qsort(t->mod, t->nmod, sizeof(*t->mod), mod_cmp);
	return 0;
}

/* the module whose extent holds @addr, or NULL */
static const struct lttr_kmod *find_mod(const struct lttr_ktab *t, uint64_t addr)
{
	size_t lo = 0, hi = t->nmod;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->mod[mid].base <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* extents do not overlap; check the last one below too */
	while (lo > 0) {
		const struct lttr_kmod *m = &t->mod[--lo];

		if (addr - m->base < m->size)
			return m;
		if (t->nmod - lo > 1)
			break;
	}
	return NULL;
}

static int same_module(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static int unknown(char *buf, size_t len)
{
	snprintf(buf, len, "[unknown]");
	return LTTR_SYM_UNKNOWN;
}

int lttr_ktab_lookup(const struct lttr_ktab *t, uint64_t addr, char *buf, size_t len)
{
	const struct lttr_kmod *m = find_mod(t, addr);
	const char *owner = m ? m->name : NULL;
	size_t lo = 0, hi = t->nsym, i, j;

	/* the last symbol at or below @addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->sym[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* among those at or below @addr, the nearest of @addr's owner */
	for (i = lo; i > 0; i--) {
		const struct lttr_ksym *s = &t->sym[i - 1];

		if (m && s->addr < m->base)
			break;
		if (t->nmod && !same_module(s->module, owner))
			continue;
		/* bounded by a symbol above it: the next symbol of its owner */
		for (j = i; j < t->nsym; j++) {
			if (t->sym[j].addr > s->addr && same_module(t->sym[j].module, s->module))
				break;
		}
		if (j == t->nsym || addr >= t->sym[j].addr) {
			/*
			 * the last symbol of its owner: with the module's
			 * extent it reaches the module's end, else nowhere
			 */
			if (!m || !s->module)
				break;
		}
		snprintf(buf, len, "%s+0x%llx", s->name, (unsigned long long)(addr - s->addr));
		return LTTR_SYM_NAME;
	}
	if (m) {
		snprintf(buf, len, "%s+0x%llx", m->name, (unsigned long long)(addr - m->base));
		return LTTR_SYM_OBJECT;
	}
	return unknown(buf, len);
}

void lttr_ktab_free(struct lttr_ktab *t)
{
	free(t->sym);
	free(t->mod);
	free(t->sym_text);
	free(t->mod_text);
	memset(t, 0, sizeof(*t));
}
