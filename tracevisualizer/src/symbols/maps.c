// SPDX-License-Identifier: GPL-2.0
/*
 * maps.c - the file "maps" of a trace directory: the mappings of every
 * process at START and at STOP (lttr/symbols/maps.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/symbols/maps.h>

/* a hexadecimal number of 1 to 16 digits at *@s, which moves past it */
static int hex(const char **s, uint64_t *v)
{
	const char *p = *s;
	uint64_t x = 0;
	int n = 0;

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

/* a decimal number at *@s, which moves past it */
static int dec(const char **s, uint64_t *v)
{
	const char *p = *s;
	uint64_t x = 0;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (x > (UINT64_MAX - 9) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*p - '0');
	}
	*s = p;
	*v = x;
	return 0;
}

static int spaces(const char **s)
{
	const char *p = *s;

	while (*p == ' ' || *p == '\t')
		p++;
	if (p == *s)
		return -1;
	*s = p;
	return 0;
}

int lttr_maps_parse_line(char *line, struct lttr_map *m)
{
	const char *p = line;
	uint64_t maj, min;
	char *path;
	size_t n;
	int k;

	if (hex(&p, &m->start) < 0 || *p++ != '-' || hex(&p, &m->end) < 0 ||
	    m->end <= m->start || spaces(&p) < 0)
		return -1;
	for (k = 0; k < 4; k++) {
		if (!p[k] || !strchr("rwxps-", p[k]))
			return -1;
		m->perms[k] = p[k];
	}
	m->perms[4] = '\0';
	p += 4;
	if (spaces(&p) < 0 || hex(&p, &m->pgoff) < 0 || spaces(&p) < 0 ||
	    hex(&p, &maj) < 0 || *p++ != ':' || hex(&p, &min) < 0 || spaces(&p) < 0 ||
	    dec(&p, &m->inode) < 0)
		return -1;
	if (*p && spaces(&p) < 0)
		return -1;
	path = line + (p - line);
	n = strlen(path);
	while (n && (path[n - 1] == ' ' || path[n - 1] == '\r'))
		path[--n] = '\0';
	m->path = path;
	return 0;
}

static int set_cmp(const void *a, const void *b)
{
	const struct lttr_mapset *x = a, *y = b;

	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

static int map_cmp(const void *a, const void *b)
{
	const struct lttr_map *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static void bad(struct lttr_maps *m, size_t lineno)
{
	if (lineno && !m->first_bad_line)
		m->first_bad_line = lineno;
	m->bad_lines++;
}

/* a new process in @s; NULL when memory runs out */
static struct lttr_mapset *add_set(struct lttr_maps_section *s, size_t *cap, int32_t pid)
{
	if (s->nset == *cap) {
		size_t ncap = *cap ? 2 * *cap : 64;
		struct lttr_mapset *n = realloc(s->set, ncap * sizeof(*n));

		if (!n)
			return NULL;
		s->set = n;
		*cap = ncap;
	}
	s->set[s->nset].pid = pid;
	s->set[s->nset].map = NULL;
	s->set[s->nset].n = 0;
	return &s->set[s->nset++];
}

static int add_map(struct lttr_mapset *ps, size_t *cap, const struct lttr_map *mp)
{
	if (ps->n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 16;
		struct lttr_map *n = realloc(ps->map, ncap * sizeof(*n));

		if (!n)
			return -1;
		ps->map = n;
		*cap = ncap;
	}
	ps->map[ps->n++] = *mp;
	return 0;
}

/*
 * sorts the processes and their mappings; a process whose mappings overlap
 * or that is given twice loses them (bad lines)
 */
static void seal(struct lttr_maps *m, struct lttr_maps_section *s)
{
	size_t i, j;

	/* (qsort() of no element may not be given NULL) */
	if (s->nset)
		qsort(s->set, s->nset, sizeof(*s->set), set_cmp);
	for (i = 0; i < s->nset; i++) {
		struct lttr_mapset *ps = &s->set[i];

		if (ps->n)
			qsort(ps->map, ps->n, sizeof(*ps->map), map_cmp);
		/* two mappings over one address: this process cannot be trusted */
		for (j = 1; j < ps->n; j++) {
			if (ps->map[j].start < ps->map[j - 1].end) {
				ps->n = 0;
				bad(m, 0);
			}
		}
	}
	/* a pid given twice in a section: which one is right is not known */
	for (i = 1; i < s->nset; i++) {
		if (s->set[i].pid == s->set[i - 1].pid) {
			s->set[i].n = 0;
			s->set[i - 1].n = 0;
			bad(m, 0);
		}
	}
}

int lttr_maps_parse(struct lttr_maps *m, const char *text, size_t len)
{
	struct lttr_maps_section *s = NULL;
	struct lttr_mapset *ps = NULL;
	size_t setcap = 0, mapcap = 0, lineno = 0;
	char *p, *end, *l;
	int k;

	memset(m, 0, sizeof(*m));
	m->text = p = malloc(len + 1);
	if (!p)
		return -1;
	memcpy(p, text, len);
	p[len] = '\0';
	end = p + len;
	for (; p < end; lineno++) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		struct lttr_map mp;
		const char *q;
		uint64_t v;

		l = p;
		if (nl)
			*nl = '\0';
		p = nl ? nl + 1 : end;
		if (!*l || *l == '#')
			continue;
		if (*l == '@') {
			int which = !strncmp(l, "@START ", 7) ? LTTR_MAPS_START :
				!strncmp(l, "@STOP ", 6) ? LTTR_MAPS_STOP : -1;

			q = l + (which == LTTR_MAPS_START ? 7 : 6);
			if (which >= 0 && dec(&q, &v) == 0 && !*q &&
			    !m->sect[which].present) {
				s = &m->sect[which];
				s->present = 1;
				s->time_ns = v;
				setcap = 0;
				ps = NULL;
			} else if (!strncmp(l, "@OMITTED ", 9) && s && (q = l + 9) &&
				   dec(&q, &v) == 0 && !*q) {
				s->omitted += v;
			} else {
				/* what follows would land in the wrong section */
				bad(m, lineno + 1);
				s = NULL;
				ps = NULL;
			}
			continue;
		}
		if (!strncmp(l, "pid ", 4)) {
			q = l + 4;
			if (s && dec(&q, &v) == 0 && v <= INT32_MAX && (!*q || *q == ' ')) {
				ps = add_set(s, &setcap, (int32_t)v);
				if (!ps)
					return -1;
				mapcap = 0;
			} else {
				bad(m, lineno + 1);
				ps = NULL;
			}
			continue;
		}
		if (!ps || lttr_maps_parse_line(l, &mp) < 0) {
			bad(m, lineno + 1);
			continue;
		}
		if (add_map(ps, &mapcap, &mp) < 0)
			return -1;
	}
	for (k = 0; k < LTTR_MAPS_NSECT; k++)
		seal(m, &m->sect[k]);
	return 0;
}

const struct lttr_map *lttr_maps_find(const struct lttr_maps *m, int sect, int32_t pid,
				      uint64_t addr)
{
	const struct lttr_maps_section *s;
	const struct lttr_mapset *ps;
	struct lttr_mapset key = { .pid = pid };
	size_t lo, hi;

	if (sect < 0 || sect >= LTTR_MAPS_NSECT)
		return NULL;
	s = &m->sect[sect];
	if (!s->nset)
		return NULL;
	ps = bsearch(&key, s->set, s->nset, sizeof(*s->set), set_cmp);
	if (!ps)
		return NULL;
	lo = 0;
	hi = ps->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ps->map[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && addr < ps->map[lo - 1].end)
		return &ps->map[lo - 1];
	return NULL;
}

void lttr_maps_free(struct lttr_maps *m)
{
	int k;

	for (k = 0; k < LTTR_MAPS_NSECT; k++) {
		size_t i;

		for (i = 0; i < m->sect[k].nset; i++)
			free(m->sect[k].set[i].map);
		free(m->sect[k].set);
	}
	free(m->text);
	memset(m, 0, sizeof(*m));
}
