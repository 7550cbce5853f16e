// SPDX-License-Identifier: GPL-2.0
/*
 * custom.c - the custom event type table of a trace and the decoding of
 * custom event instances (lttr/custom.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reader/internal.h"

/* one declaration, with the storage its public view points into */
struct cdecl {
	struct lttr_custom_type pub;
	char name[LTT_CUSTOM_NAME_LEN];
	char format[LTT_CUSTOM_FORMAT_LEN];
	char names[LTT_CUSTOM_FORMAT_LEN];	/* the field names */
	char error[160];
	struct lttr_custom_field fields[LTTR_CUSTOM_MAX_FIELDS];
};

/* declarations sorted by id, then by creation time */
struct lttr_custom_table {
	struct cdecl **v;
	size_t n;
	size_t cap;
};

static const char *const ftype_names[] = {
	[LTTR_CF_U8] = "u8", [LTTR_CF_U16] = "u16", [LTTR_CF_U32] = "u32",
	[LTTR_CF_U64] = "u64", [LTTR_CF_S8] = "s8", [LTTR_CF_S16] = "s16",
	[LTTR_CF_S32] = "s32", [LTTR_CF_S64] = "s64", [LTTR_CF_X32] = "x32",
	[LTTR_CF_X64] = "x64", [LTTR_CF_STR] = "str",
};

const char *lttr_custom_ftype_name(unsigned int type)
{
	return type < sizeof(ftype_names) / sizeof(ftype_names[0]) ?
	       ftype_names[type] : "?";
}

const char *lttr_custom_kind_name(uint32_t kind)
{
	switch (kind) {
	case LTT_CUSTOM_RAW: return "raw";
	case LTT_CUSTOM_STRING: return "string";
	case LTT_CUSTOM_FIELDS: return "fields";
	default: return NULL;
	}
}

/* bytes of a field type, 0 for str */
static size_t ftype_size(unsigned int type)
{
	switch (type) {
	case LTTR_CF_U8: case LTTR_CF_S8: return 1;
	case LTTR_CF_U16: case LTTR_CF_S16: return 2;
	case LTTR_CF_U32: case LTTR_CF_S32: case LTTR_CF_X32: return 4;
	case LTTR_CF_U64: case LTTR_CF_S64: case LTTR_CF_X64: return 8;
	default: return 0;
	}
}

static void trim(const char **s, const char **e)
{
	while (*s < *e && (**s == ' ' || **s == '\t'))
		(*s)++;
	while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
		(*e)--;
}

/* parse "name:type,name:type" into d->fields; the error in d->error */
static int parse_format(struct cdecl *d)
{
	const char *p = d->format;
	char *out = d->names;
	unsigned int n = 0, k;

	if (!*p)
		return 0;	/* no fields: an empty payload */
	for (;;) {
		const char *end = p + strcspn(p, ",");
		const char *colon = memchr(p, ':', (size_t)(end - p));
		const char *ns = p, *ne = colon ? colon : end;
		const char *ts, *te;
		unsigned int ti;
		size_t nl;

		if (n == LTTR_CUSTOM_MAX_FIELDS) {
			snprintf(d->error, sizeof(d->error),
				 "bad format: more than %d fields",
				 LTTR_CUSTOM_MAX_FIELDS);
			return -1;
		}
		trim(&ns, &ne);
		if (!colon || ns == ne) {
			snprintf(d->error, sizeof(d->error),
				 "bad format: field %u is not \"name:type\"", n + 1);
			return -1;
		}
		ts = colon + 1;
		te = end;
		trim(&ts, &te);
		for (k = 0; k < sizeof(ftype_names) / sizeof(ftype_names[0]); k++)
			if (strlen(ftype_names[k]) == (size_t)(te - ts) &&
			    !memcmp(ftype_names[k], ts, (size_t)(te - ts)))
				break;
		if (k == sizeof(ftype_names) / sizeof(ftype_names[0])) {
			snprintf(d->error, sizeof(d->error),
				 "bad format: unknown type \"%.*s\" of field %u (u8 u16 u32 u64 s8 s16 s32 s64 x32 x64 str)",
				 (int)(te - ts > 16 ? 16 : te - ts), ts, n + 1);
			return -1;
		}
		ti = k;
		nl = (size_t)(ne - ns);
		memcpy(out, ns, nl);
		out[nl] = '\0';
		for (k = 0; k < n; k++)
			if (!strcmp(d->fields[k].name, out)) {
				snprintf(d->error, sizeof(d->error),
					 "bad format: field name \"%.64s\" used twice", out);
				return -1;
			}
		d->fields[n].name = out;
		d->fields[n].type = ti;
		out += nl + 1;
		n++;
		d->pub.nfields = n;
		if (!*end)
			return 0;
		p = end + 1;
	}
}

struct lttr_custom_table *lttr_custom_table_new(void)
{
	return calloc(1, sizeof(struct lttr_custom_table));
}

void lttr_custom_table_free(struct lttr_custom_table *tab)
{
	size_t i;

	if (!tab)
		return;
	for (i = 0; i < tab->n; i++)
		free(tab->v[i]);
	free(tab->v);
	free(tab);
}

/* index of the first declaration with an id >= @id */
static size_t lower(const struct lttr_custom_table *tab, uint32_t id)
{
	size_t lo = 0, hi = tab->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (tab->v[mid]->pub.id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* the live declaration of @id (the last one, if not ended), or NULL */
static struct cdecl *live(const struct lttr_custom_table *tab, uint32_t id,
			  size_t *end)
{
	size_t i = lower(tab, id);

	while (i < tab->n && tab->v[i]->pub.id == id)
		i++;
	*end = i;
	if (i == 0 || tab->v[i - 1]->pub.id != id ||
	    tab->v[i - 1]->pub.destroyed_ns != UINT64_MAX)
		return NULL;
	return tab->v[i - 1];
}

int lttr_custom_table_create(struct lttr_custom_table *tab, uint32_t id,
			     uint32_t kind, const char *name, const char *format,
			     uint64_t time_ns)
{
	struct cdecl *d, *cur;
	size_t at;

	if (!id || strlen(name) >= LTT_CUSTOM_NAME_LEN ||
	    strlen(format) >= LTT_CUSTOM_FORMAT_LEN)
		return -LTTR_E_INVAL;
	cur = live(tab, id, &at);
	if (cur && cur->pub.kind == kind && !strcmp(cur->name, name) &&
	    !strcmp(cur->format, format))
		return 0;
	if (tab->n == tab->cap) {
		size_t cap = tab->cap ? 2 * tab->cap : 16;
		struct cdecl **v = realloc(tab->v, cap * sizeof(*v));

		if (!v)
			return -LTTR_E_NOMEM;
		tab->v = v;
		tab->cap = cap;
	}
	d = calloc(1, sizeof(*d));
	if (!d)
		return -LTTR_E_NOMEM;
	if (cur)
		cur->pub.destroyed_ns = time_ns;
	strcpy(d->name, name);
	strcpy(d->format, format);
	d->pub.id = id;
	d->pub.kind = kind;
	d->pub.name = d->name;
	d->pub.format = d->format;
	d->pub.created_ns = time_ns;
	d->pub.destroyed_ns = UINT64_MAX;
	d->pub.fields = d->fields;
	if (!lttr_custom_kind_name(kind)) {
		snprintf(d->error, sizeof(d->error), "unknown kind %u", kind);
		d->pub.error = d->error;
	} else if (kind == LTT_CUSTOM_FIELDS && parse_format(d) < 0) {
		d->pub.nfields = 0;
		d->pub.error = d->error;
	}
	memmove(&tab->v[at + 1], &tab->v[at], (tab->n - at) * sizeof(*tab->v));
	tab->v[at] = d;
	tab->n++;
	return 1;
}

int lttr_custom_table_destroy(struct lttr_custom_table *tab, uint32_t id,
			      uint64_t time_ns)
{
	size_t at;
	struct cdecl *cur = live(tab, id, &at);

	if (!cur)
		return -LTTR_E_INVAL;
	cur->pub.destroyed_ns = time_ns;
	return 0;
}

const struct lttr_custom_type *
lttr_custom_table_lookup(const struct lttr_custom_table *tab, uint32_t id,
			 uint64_t time_ns)
{
	size_t first, i;
	const struct cdecl *best = NULL;

	if (!tab)
		return NULL;
	first = lower(tab, id);
	if (first == tab->n || tab->v[first]->pub.id != id)
		return NULL;
	for (i = first; i < tab->n && tab->v[i]->pub.id == id; i++)
		if (tab->v[i]->pub.created_ns <= time_ns)
			best = tab->v[i];
	/*
	 * Declared only after this instance: clock skew between CPUs at
	 * START, or a flight-recorder trace whose START declarations were
	 * overwritten (the module declares the live types again at STOP).
	 * Type ids are never reused while the module is loaded, so the
	 * first later declaration is the type.
	 */
	if (!best)
		return &tab->v[first]->pub;
	return time_ns < best->pub.destroyed_ns ? &best->pub : NULL;
}

size_t lttr_custom_table_count(const struct lttr_custom_table *tab)
{
	return tab ? tab->n : 0;
}

const struct lttr_custom_type *
lttr_custom_table_get(const struct lttr_custom_table *tab, size_t i)
{
	return tab && i < tab->n ? &tab->v[i]->pub : NULL;
}

int lttr_custom_decode(const struct lttr_custom_type *ty, const void *data,
		       size_t size, struct lttr_custom_value *vals,
		       unsigned int max, unsigned int *n, char *why,
		       size_t whylen)
{
	const uint8_t *p = data;
	size_t off = 0;
	unsigned int i;

	*n = 0;
	if (ty->kind != LTT_CUSTOM_FIELDS || ty->error) {
		if (why)
			snprintf(why, whylen, "%s", ty->error ? ty->error :
				 "not a \"fields\" type");
		return -LTTR_E_FORMAT;
	}
	if (max < ty->nfields)
		return -LTTR_E_INVAL;
	for (i = 0; i < ty->nfields; i++) {
		const struct lttr_custom_field *f = &ty->fields[i];
		struct lttr_custom_value *v = &vals[i];
		size_t fs = ftype_size(f->type);

		memset(v, 0, sizeof(*v));
		v->field = f;
		if (f->type == LTTR_CF_STR) {
			const uint8_t *nul = off < size ?
				memchr(p + off, 0, size - off) : NULL;

			if (!nul) {
				if (why)
					snprintf(why, whylen,
						 "field \"%s\" (str): no NUL in the %zu bytes left",
						 f->name, size - off);
				return -LTTR_E_FORMAT;
			}
			v->str = (const char *)p + off;
			v->len = (size_t)(nul - (p + off));
			off += v->len + 1;
		} else {
			uint8_t b1;
			uint16_t b2;
			uint32_t b4;
			uint64_t b8;

			if (size - off < fs) {
				if (why)
					snprintf(why, whylen,
						 "field \"%s\" (%s) needs %zu bytes, %zu left",
						 f->name, lttr_custom_ftype_name(f->type),
						 fs, size - off);
				return -LTTR_E_FORMAT;
			}
			switch (fs) {
			case 1:
				memcpy(&b1, p + off, 1);
				v->u = b1;
				v->s = (int8_t)b1;
				break;
			case 2:
				memcpy(&b2, p + off, 2);
				v->u = b2;
				v->s = (int16_t)b2;
				break;
			case 4:
				memcpy(&b4, p + off, 4);
				v->u = b4;
				v->s = (int32_t)b4;
				break;
			default:
				memcpy(&b8, p + off, 8);
				v->u = b8;
				v->s = (int64_t)b8;
				break;
			}
			off += fs;
		}
		*n = i + 1;
	}
	if (off != size) {
		if (why)
			snprintf(why, whylen, "%zu bytes after the last field",
				 size - off);
		return -LTTR_E_FORMAT;
	}
	return 0;
}

int lttr_custom_decl(const struct lttr_event *ev, const char **name,
		     size_t *name_len, const char **format, size_t *format_len)
{
	const char *s = ev->var ? ev->var : "";
	size_t n = ev->var ? ev->var_len : 0;
	const char *nul = memchr(s, 0, n), *nul2;

	*name = s;
	*format = s + n;
	*format_len = 0;
	if (!nul) {
		*name_len = n;
		return -LTTR_E_FORMAT;
	}
	*name_len = (size_t)(nul - s);
	*format = nul + 1;
	n -= *name_len + 1;
	nul2 = memchr(*format, 0, n);
	*format_len = nul2 ? (size_t)(nul2 - *format) : n;
	return nul2 ? 0 : -LTTR_E_FORMAT;
}

/* ---- the table of a trace ------------------------------------------- */

struct collect {
	struct lttr_event *v;
	size_t n;
	size_t cap;
	int nomem;
};

static int collect_decl(void *arg, const struct lttr_event *ev)
{
	struct collect *c = arg;

	if ((ev->id != LTT_EV_CUSTOM_CREATE && ev->id != LTT_EV_CUSTOM_DESTROY) ||
	    !ev->details)
		return 0;
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		struct lttr_event *v = realloc(c->v, cap * sizeof(*v));

		if (!v) {
			c->nomem = 1;
			return -LTTR_E_NOMEM;
		}
		c->v = v;
		c->cap = cap;
	}
	c->v[c->n++] = *ev;
	return 0;
}

static void apply_decl(struct lttr_trace *t, struct lttr_custom_table *tab,
		       const struct lttr_event *ev)
{
	char name[LTT_CUSTOM_NAME_LEN], format[LTT_CUSTOM_FORMAT_LEN];
	const struct lttr_custom_type *ty;
	const char *np, *fp;
	size_t nl, fl;
	uint32_t id;
	int r;

	if (ev->id == LTT_EV_CUSTOM_DESTROY) {
		/* a destroy without a declaration: nothing to end */
		lttr_custom_table_destroy(tab, ev->p.custom_destroy.type_id,
					  ev->time_ns);
		return;
	}
	id = ev->p.custom_create.type_id;
	if (lttr_custom_decl(ev, &np, &nl, &fp, &fl) < 0) {
		lttr_trace_warn(t, "%s: custom_create of type %u at offset %" PRIu64 " (cpu %u): name or format not NUL-terminated: declaration ignored",
				t->events_path, id, ev->offset, ev->cpu);
		return;
	}
	if (nl >= sizeof(name) || fl >= sizeof(format) || !id) {
		lttr_trace_warn(t, "%s: custom_create of type %u at offset %" PRIu64 " (cpu %u): %s: declaration ignored",
				t->events_path, id, ev->offset, ev->cpu,
				!id ? "type id 0" : nl >= sizeof(name) ?
				"name too long" : "format too long");
		return;
	}
	memcpy(name, np, nl);
	name[nl] = '\0';
	memcpy(format, fp, fl);
	format[fl] = '\0';
	r = lttr_custom_table_create(tab, id, ev->p.custom_create.kind, name,
				     format, ev->time_ns);
	if (r <= 0)
		return;
	ty = lttr_custom_table_lookup(tab, id, ev->time_ns);
	if (ty && ty->error)
		lttr_trace_warn(t, "%s: custom type %u \"%s\" declared at offset %" PRIu64 ": %s: its instances are shown in hex",
				t->events_path, id, name, ev->offset, ty->error);
}

struct lttr_custom_table *lttr_custom_table_of(const struct lttr_trace *ct)
{
	/* a cache of the trace, built once (like the iterators' state) */
	struct lttr_trace *t = (struct lttr_trace *)ct;
	struct collect c = { NULL, 0, 0, 0 };
	unsigned int cpu;
	size_t i;

	if (t->custom_built)
		return t->custom;
	t->custom = lttr_custom_table_new();
	if (!t->custom)
		return NULL;
	for (cpu = 0; cpu < t->ncpus && !c.nomem; cpu++)
		lttr_scan_cpu(t, cpu, collect_decl, &c, NULL);
	if (c.nomem) {
		free(c.v);
		lttr_custom_table_free(t->custom);
		t->custom = NULL;
		return NULL;
	}
	if (c.n)
		qsort(c.v, c.n, sizeof(*c.v), lttr_event_cmp_merged);
	for (i = 0; i < c.n; i++)
		apply_decl(t, t->custom, &c.v[i]);
	free(c.v);
	t->custom_built = true;
	return t->custom;
}

const struct lttr_custom_table *lttr_trace_custom_types(struct lttr_trace *t)
{
	return lttr_custom_table_of(t);
}

void lttr_custom_inst_decode(const struct lttr_trace *t,
			     const struct lttr_event *ev,
			     struct lttr_custom_inst *ci)
{
	const struct lttr_custom_table *tab = t ? lttr_custom_table_of(t) : NULL;
	const struct lttr_custom_type *ty;
	char why[160];

	memset(ci, 0, offsetof(struct lttr_custom_inst, vals));
	ci->data = (const uint8_t *)(ev->var ? ev->var : "");
	ci->size = ev->var ? ev->var_len : 0;
	ty = lttr_custom_table_lookup(tab, ev->p.custom.type_id, ev->time_ns);
	ci->ty = ty;
	if (!ty) {
		size_t i, n = lttr_custom_table_count(tab);
		const struct lttr_custom_type *old = NULL;

		for (i = 0; i < n; i++) {
			const struct lttr_custom_type *o = lttr_custom_table_get(tab, i);

			if (o->id == ev->p.custom.type_id && o->created_ns <= ev->time_ns)
				old = o;
		}
		if (old)
			snprintf(ci->warning, sizeof(ci->warning),
				 "custom type %u (\"%s\") was destroyed before this instance",
				 old->id, old->name);
		else
			snprintf(ci->warning, sizeof(ci->warning),
				 "unknown custom type id %u (not declared in the trace)",
				 ev->p.custom.type_id);
		return;
	}
	if (ty->error) {
		snprintf(ci->warning, sizeof(ci->warning), "type \"%s\": %s",
			 ty->name, ty->error);
		return;
	}
	if (ty->kind == LTT_CUSTOM_FIELDS &&
	    lttr_custom_decode(ty, ci->data, ci->size, ci->vals,
			       LTTR_CUSTOM_MAX_FIELDS, &ci->n, why,
			       sizeof(why)) < 0) {
		ci->mismatch = true;
		snprintf(ci->warning, sizeof(ci->warning),
			 "payload does not match the format \"%s\": %s",
			 ty->format, why);
	}
}
