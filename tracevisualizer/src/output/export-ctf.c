// SPDX-License-Identifier: GPL-2.0
/*
 * export-ctf.c - a trace written as a CTF 1.8 trace (lttr/output/export.h,
 * docs/ctf-export.md): one stream file per CPU, one packet per buffer, the
 * TSDL metadata and the events' fields both generated from the field
 * table (lttr/reader/fields.h).
 *
 * Written here, not with a library: Debian 12's libbabeltrace2-dev ships
 * the CTF writer library (libbabeltrace2-ctf-writer) without its headers,
 * and Babeltrace 1's (libbabeltrace-dev) is the end-of-life 1.5 line.  A
 * CTF 1.8 stream of byte-aligned little-endian integers and strings is a
 * sequence of packed records; the metadata text says how to read them.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/sync/clocksync.h>
#include "ctf-comms.h"

#define CTF_MAGIC	0xC1FC1FC1U

/* the CTF event classes that are not one of our event ids */
enum class_kind {
	CK_EVENT,		/* an event id, its fields from the table */
	CK_NODETAIL,		/* an event recorded without details: no fields */
	CK_UNKNOWN,		/* an id this reader does not decode: no fields */
	CK_CUSTOM,		/* an instance of a custom fields type, decoded */
	CK_STATEDUMP_START,
	CK_STATEDUMP_PROCESS,
	CK_STATEDUMP_END,
};

/*
 * One event class: @name, our id, @layout (bytes of the payload struct
 * that the records of this class lack: format 1.2's schedchange and
 * wakeup), the custom type it decodes.
 */
struct cclass {
	char *name;
	enum class_kind kind;
	unsigned int id;
	uint16_t layout;
	const struct lttr_custom_type *cty;
	int next;		/* hash chain, -1 at its end */
};

#define NBUCKETS	1024

/* a growing byte buffer: one packet */
struct bytes {
	uint8_t *p;
	size_t len;
	size_t cap;
	bool failed;
};

struct ctf {
	struct lttr_trace *t;
	struct cclass *classes;
	size_t nclasses;
	size_t cap;
	int bucket[NBUCKETS];
	struct bytes pkt;
	uint64_t last_ns;	/* time of the packet's last event */
	uint64_t end_ns;	/* timestamp_end of the stream's last packet */
	bool all_bytes;		/* the event's bytes fields hold its variable part */
	struct lttr_ctf_stats *st;
	struct lttr_error *err;
	struct ctf_comms *comms;	/* the names of switches and forks */
	const struct lttr_ctf_clock *clock;	/* NULL: the trace's own */
};

/*
 * The task names LTTng records in these events (ctf_array_text, char[16]):
 * not in our records, they are the reader's process table at the event's
 * time (ctf-comms.h), after the fields of the table
 */
static const struct {
	unsigned int id;
	const char *a, *b;
} comm_fields[] = {
	{ LTT_EV_SCHEDCHANGE, "prev_comm", "next_comm" },
	{ LTT_EV_PROCESS_FORK, "parent_comm", "child_comm" },
};

static bool has_comms(unsigned int id, size_t *which)
{
	size_t i;

	for (i = 0; i < sizeof(comm_fields) / sizeof(comm_fields[0]); i++)
		if (comm_fields[i].id == id) {
			*which = i;
			return true;
		}
	return false;
}

static void put(struct bytes *b, const void *v, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 65536;
		uint8_t *p;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			b->failed = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, v, n);
	b->len += n;
}

/* an integer of @size bytes, little-endian (the metadata says le) */
static void put_int(struct bytes *b, uint64_t v, unsigned int size)
{
	uint8_t le[8];
	unsigned int i;

	for (i = 0; i < size; i++)
		le[i] = (uint8_t)(v >> (8 * i));
	put(b, le, size);
}

/* a CTF string: the bytes up to the first NUL, and a NUL */
static void put_str(struct bytes *b, const char *s, size_t n)
{
	n = strnlen(s, n);
	put(b, s, n);
	put(b, "", 1);
}

static uint32_t hash_str(const char *s, uint32_t h)
{
	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619U;
	return h;
}

/* the class of these properties, added when it is new; -1 out of memory */
static int class_of(struct ctf *c, const char *name, enum class_kind kind,
		    unsigned int id, uint16_t layout,
		    const struct lttr_custom_type *cty)
{
	uint32_t h = hash_str(name, 2166136261U ^ layout ^ (uint32_t)kind) % NBUCKETS;
	int i;

	for (i = c->bucket[h]; i >= 0; i = c->classes[i].next) {
		const struct cclass *k = &c->classes[i];

		if (k->kind == kind && k->id == id && k->layout == layout &&
		    k->cty == cty && !strcmp(k->name, name))
			return i;
	}
	if (c->nclasses == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		struct cclass *v = realloc(c->classes, cap * sizeof(*v));

		if (!v)
			return -1;
		c->classes = v;
		c->cap = cap;
	}
	i = (int)c->nclasses;
	c->classes[i] = (struct cclass){ strdup(name), kind, id, layout, cty, c->bucket[h] };
	if (!c->classes[i].name)
		return -1;
	c->bucket[h] = i;
	c->nclasses++;
	return i;
}

/* whether field @f is in the records of a class of @layout */
static bool in_layout(unsigned int id, const struct lttr_field *f, uint16_t layout)
{
	if (f->src == LTTR_FIELD_SRC_CUSTOM_FIELDS)
		return false;	/* structured: the decoded classes hold it */
	if (f->src == LTTR_FIELD_SRC_EXEC_ARGV)
		return false;	/* structured: "cmdline" holds its text */
	return !f->size || !layout ||
	       f->offset + f->size <= lttr_event_payload_size(id) - layout;
}

/* ---- the metadata ------------------------------------------------ */

/* @s as a TSDL string literal's contents */
static void tsdl_quoted(FILE *m, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(m, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fputc('?', m);
		else
			fputc(*s, m);
	}
}

/*
 * A field name as a TSDL identifier: "_" (removed by readers, so that no
 * name is a keyword) and the name, other characters than [A-Za-z0-9_] as _.
 */
static char ident_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_' ? ch : '_';
}

static void tsdl_ident(FILE *m, const char *s)
{
	fputc('_', m);
	for (; *s; s++)
		fputc(ident_char(*s), m);
}

/* whether @a and @b are the same identifier once written by tsdl_ident() */
static bool same_ident(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (ident_char(*a) != ident_char(*b))
			return false;
	return *a == *b;
}

/*
 * Whether the fields of a custom type make distinct identifiers, none of
 * them "type_id" (the class's first field): else its instances go to the
 * generic custom class, in hex
 */
static bool custom_idents_ok(const struct lttr_custom_type *ty)
{
	unsigned int i, k;

	for (i = 0; i < ty->nfields; i++) {
		if (same_ident(ty->fields[i].name, "type_id"))
			return false;
		for (k = 0; k < i; k++)
			if (same_ident(ty->fields[i].name, ty->fields[k].name))
				return false;
	}
	return true;
}

static void tsdl_int(FILE *m, unsigned int bits, bool is_signed, unsigned int base)
{
	fprintf(m, "integer { size = %u; align = 8; signed = %s; base = %u; }",
		bits, is_signed ? "true" : "false", base);
}

/* bytes of an integer field of the table in the export */
static unsigned int ctf_int_size(const struct lttr_field *f)
{
	return f->ctf_add ? 4 : f->size;
}

/* the declaration of a field of the table */
static void tsdl_field(FILE *m, const struct lttr_field *f)
{
	const char *name = lttr_field_ctf_name(f);

	fprintf(m, "\t\t");
	switch (f->kind) {
	case LTTR_FIELD_UNSIGNED:
	case LTTR_FIELD_SIGNED:
		tsdl_int(m, 8u * ctf_int_size(f), f->is_signed || f->ctf_add,
			 f->disp == LTTR_FIELD_DISP_HEX || f->disp == LTTR_FIELD_DISP_HEX_FULL ? 16 :
			 f->disp == LTTR_FIELD_DISP_OCTAL ? 8 : 10);
		break;
	case LTTR_FIELD_BOOL:
		tsdl_int(m, 8, false, 10);
		break;
	case LTTR_FIELD_HEX:	/* bytes: a length, then the bytes */
		tsdl_int(m, 32, false, 10);
		fprintf(m, " _");
		tsdl_ident(m, name);
		fprintf(m, "_length;\n\t\t");
		tsdl_int(m, 8, false, 16);
		fputc(' ', m);
		tsdl_ident(m, name);
		fprintf(m, "[_");
		tsdl_ident(m, name);
		fprintf(m, "_length];\n");
		return;
	default:
		fprintf(m, "string");
		break;
	}
	fputc(' ', m);
	tsdl_ident(m, name);
	fprintf(m, ";\n");
}

static void tsdl_custom_field(FILE *m, const struct lttr_custom_field *f)
{
	static const unsigned int bits[] = { 8, 16, 32, 64, 8, 16, 32, 64, 32, 64 };

	fprintf(m, "\t\t");
	if (f->type == LTTR_CF_STR)
		fprintf(m, "string");
	else
		tsdl_int(m, bits[f->type], f->type >= LTTR_CF_S8 && f->type <= LTTR_CF_S64,
			 f->type == LTTR_CF_X32 || f->type == LTTR_CF_X64 ? 16 : 10);
	fputc(' ', m);
	tsdl_ident(m, f->name);
	fprintf(m, ";\n");
}

/* a comm as LTTng declares it: a text array of TASK_COMM_LEN bytes */
static void tsdl_comm(FILE *m, const char *name)
{
	fprintf(m, "\t\tinteger { size = 8; align = 8; signed = true; encoding = UTF8; "
		"base = 10; } _%s[%d];\n", name, CTF_COMM_LEN);
}

static const char *const statedump_ints[] = {
	"tid", "vtid", "pid", "vpid", "ppid", "vppid",
};
static const char *const statedump_modes[] = {
	"type", "mode", "submode", "status",
};

static void tsdl_class(FILE *m, const struct cclass *k, size_t i)
{
	size_t n = 0, j;
	const struct lttr_field *f;

	fprintf(m, "event {\n\tname = \"");
	tsdl_quoted(m, k->name);
	fprintf(m, "\";\n\tid = %zu;\n\tstream_id = 0;\n\tfields := struct {\n", i);
	switch (k->kind) {
	case CK_EVENT:
		f = lttr_event_fields(k->id, &n);
		for (j = 0; j < n; j++)
			if (in_layout(k->id, &f[j], k->layout))
				tsdl_field(m, &f[j]);
		if (has_comms(k->id, &j)) {
			tsdl_comm(m, comm_fields[j].a);
			tsdl_comm(m, comm_fields[j].b);
		}
		break;
	case CK_CUSTOM:
		fprintf(m, "\t\t");
		tsdl_int(m, 32, false, 10);
		fprintf(m, " _type_id;\n");
		for (j = 0; j < k->cty->nfields; j++)
			tsdl_custom_field(m, &k->cty->fields[j]);
		break;
	case CK_STATEDUMP_PROCESS:
		for (j = 0; j < sizeof(statedump_ints) / sizeof(statedump_ints[0]); j++) {
			fprintf(m, "\t\t");
			tsdl_int(m, 32, true, 10);
			fprintf(m, " _%s;\n", statedump_ints[j]);
		}
		fprintf(m, "\t\tstring _name;\n");
		for (j = 0; j < sizeof(statedump_modes) / sizeof(statedump_modes[0]); j++) {
			fprintf(m, "\t\t");
			tsdl_int(m, 32, true, 10);
			fprintf(m, " _%s;\n", statedump_modes[j]);
		}
		fprintf(m, "\t\t");
		tsdl_int(m, 32, false, 10);
		fprintf(m, " _cpu;\n");
		break;
	default:
		break;
	}
	fprintf(m, "\t};\n};\n\n");
}

/* the packet context after its two time stamps, as packet_begin() writes it */
static const struct {
	unsigned int bits;
	const char *name;
} context[] = {
	{ 64, "content_size" }, { 64, "packet_size" }, { 64, "packet_seq_num" },
	{ 64, "events_discarded" }, { 32, "cpu_id" },
};

static int write_metadata(struct ctf *c, const char *dir)
{
	const struct ltt_trace_header *h = lttr_trace_header(c->t);
	int64_t offset = c->clock ? c->clock->offset_ns : (int64_t)(h->start_wall_ns - h->start_ns);
	uint64_t freq = c->clock ? c->clock->freq : 1000000000;
	char path[4096];
	size_t i;
	FILE *m;
	int bad;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	m = fopen(path, "w");
	if (!m)
		return lttr_error_set(c->err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	fprintf(m, "/* CTF 1.8 */\n\n"
		"/* written by tracevisualizer export --ctf from an LTT trace (docs/ctf-export.md) */\n\n"
		"trace {\n\tmajor = 1;\n\tminor = 8;\n\tbyte_order = le;\n"
		"\tpacket.header := struct {\n\t\t");
	tsdl_int(m, 32, false, 16);
	fprintf(m, " magic;\n\t\t");
	tsdl_int(m, 32, false, 10);
	fprintf(m, " stream_id;\n\t};\n};\n\n");
	/* Trace Compass takes a kernel trace for LTTng's by these keys */
	fprintf(m, "env {\n\tdomain = \"kernel\";\n\tsysname = \"Linux\";\n"
		"\ttracer_name = \"lttng-modules\";\n\ttracer_major = 2;\n\ttracer_minor = 13;\n"
		"\thostname = \"");
	tsdl_quoted(m, lttr_trace_hostname(c->t));
	fprintf(m, "\";\n\tkernel_release = \"");
	tsdl_quoted(m, lttr_trace_release(c->t));
	fprintf(m, "\";\n\tarch = \"");
	tsdl_quoted(m, lttr_trace_arch(c->t));
	fprintf(m, "\";\n\tltt_format = \"%u.%u\";\n\tltt_exporter = \"tracevisualizer export --ctf\";\n};\n\n",
		h->major, h->minor);
	/* CLOCK_MONOTONIC, and how far CLOCK_REALTIME was from it at start */
	fprintf(m, "clock {\n\tname = \"monotonic\";\n\tdescription = \"CLOCK_MONOTONIC\";\n"
		"\tfreq = %" PRIu64 ";\n\tprecision = 1;\n\toffset_s = %" PRId64 ";\n"
		"\toffset = %" PRId64 ";\n\tabsolute = TRUE;\n};\n\n", freq,
		offset / 1000000000 - (offset % 1000000000 < 0),
		/* the part of a second, in cycles of the clock */
		(int64_t)(((offset % 1000000000 + 1000000000) % 1000000000) * (double)freq / 1e9));
	fprintf(m, "typealias integer { size = 64; align = 8; signed = false; "
		"map = clock.monotonic.value; } := uint64_clock_monotonic_t;\n\n");
	fprintf(m, "stream {\n\tid = 0;\n\tpacket.context := struct {\n"
		"\t\tuint64_clock_monotonic_t timestamp_begin;\n"
		"\t\tuint64_clock_monotonic_t timestamp_end;\n");
	for (i = 0; i < sizeof(context) / sizeof(context[0]); i++) {
		fprintf(m, "\t\t");
		tsdl_int(m, context[i].bits, false, 10);
		fprintf(m, " %s;\n", context[i].name);
	}
	fprintf(m, "\t};\n\tevent.header := struct {\n\t\t");
	tsdl_int(m, 32, false, 10);
	fprintf(m, " id;\n\t\tuint64_clock_monotonic_t timestamp;\n\t};\n"
		"\tevent.context := struct {\n\t\t");
	tsdl_int(m, 32, false, 10);
	fprintf(m, " _tid;\n\t};\n};\n\n");
	for (i = 0; i < c->nclasses; i++)
		tsdl_class(m, &c->classes[i], i);
	bad = ferror(m);
	if (fclose(m) || bad)
		return lttr_error_set(c->err, LTTR_E_IO, "%s: write error", path);
	c->st->classes = c->nclasses;
	return 0;
}

/* ---- the streams ------------------------------------------------- */

/* the packet header and context, the sizes filled in at its end */
static void packet_begin(struct ctf *c, uint64_t begin_ns, uint64_t seq,
			 uint64_t discarded, unsigned int cpu)
{
	struct bytes *b = &c->pkt;

	b->len = 0;
	put_int(b, CTF_MAGIC, 4);
	put_int(b, 0, 4);		/* stream_id */
	put_int(b, begin_ns, 8);
	put_int(b, begin_ns, 8);	/* timestamp_end: at packet_end() */
	put_int(b, 0, 8);		/* content_size */
	put_int(b, 0, 8);		/* packet_size */
	put_int(b, seq, 8);
	put_int(b, discarded, 8);
	put_int(b, cpu, 4);
	c->last_ns = begin_ns;
}

#define CTX_END_OFFSET	16	/* offset of timestamp_end in the packet */

static int packet_end(struct ctf *c, FILE *f, uint64_t end_ns, const char *path)
{
	struct bytes *b = &c->pkt;
	uint64_t bits = 8ULL * b->len;
	size_t len = b->len;

	if (end_ns < c->last_ns)
		end_ns = c->last_ns;
	c->end_ns = end_ns;
	b->len = CTX_END_OFFSET;
	put_int(b, end_ns, 8);
	put_int(b, bits, 8);
	put_int(b, bits, 8);
	b->len = len;
	if (b->failed)
		return lttr_error_set(c->err, LTTR_E_NOMEM, "out of memory");
	if (fwrite(b->p, 1, b->len, f) != b->len)
		return lttr_error_set(c->err, LTTR_E_IO, "%s: write error", path);
	c->st->packets++;
	return 0;
}

static void event_header(struct ctf *c, int cls, const struct lttr_event *ev)
{
	put_int(&c->pkt, (uint64_t)cls, 4);
	put_int(&c->pkt, ev->time_ns, 8);
	put_int(&c->pkt, ev->pid, 4);
	if (ev->time_ns > c->last_ns)
		c->last_ns = ev->time_ns;
}

/* the value of a field of the table, as tsdl_field() declared it */
static void put_field(struct ctf *c, const struct lttr_event *ev,
		      const struct lttr_field *f)
{
	struct lttr_field_buf fb;
	struct lttr_field_value v;
	struct bytes *b = &c->pkt;
	uint64_t raw = 0;
	uint32_t n;

	if (f->kind == LTTR_FIELD_UNSIGNED || f->kind == LTTR_FIELD_SIGNED) {
		lttr_field_raw(ev, f, &raw);
		put_int(b, raw + (uint64_t)(int64_t)f->ctf_add, ctf_int_size(f));
		return;
	}
	lttr_field_get(c->t, ev, f, &fb, &v);
	switch (f->kind) {
	case LTTR_FIELD_BOOL:
		put_int(b, v.type == LTTR_FIELD_V_BOOL && v.b, 1);
		break;
	case LTTR_FIELD_HEX:	/* the bytes the hex text shows: the variable part */
		n = (v.type == LTTR_FIELD_V_STR || c->all_bytes) && ev->var ? ev->var_len : 0;
		/* (the reader bounds every variable part: a packet's is the longest) */
		if (n > LTT_MAX_CAPTURE)
			n = LTT_MAX_CAPTURE;
		put_int(b, n, 4);
		put(b, n ? ev->var : "", n);
		break;
	default:
		if (v.type == LTTR_FIELD_V_STR) {
			put_str(b, v.str.p, v.str.len);
		} else if (v.type == LTTR_FIELD_V_U64) {	/* a kind without a name */
			char nb[24];

			snprintf(nb, sizeof(nb), "%" PRIu64, v.u);
			put_str(b, nb, sizeof(nb));
		} else {
			put_str(b, "", 0);
		}
		break;
	}
}

static void put_custom(struct ctf *c, const struct lttr_custom_inst *ci,
		       const struct lttr_event *ev)
{
	static const unsigned int size[] = { 1, 2, 4, 8, 1, 2, 4, 8, 4, 8 };
	unsigned int i;

	put_int(&c->pkt, ev->p.custom.type_id, 4);
	for (i = 0; i < ci->n; i++) {
		const struct lttr_custom_value *v = &ci->vals[i];

		if (v->field->type == LTTR_CF_STR)
			put_str(&c->pkt, v->str, v->len);
		else if (v->field->type >= LTTR_CF_S8 && v->field->type <= LTTR_CF_S64)
			put_int(&c->pkt, (uint64_t)v->s, size[v->field->type]);
		else
			put_int(&c->pkt, v->u, size[v->field->type]);
	}
}

/* whether @ev is an instance of a custom fields type, decoded as declared */
static bool decoded_custom(const struct ctf *c, const struct lttr_event *ev,
			   struct lttr_custom_inst *ci)
{
	if (ev->id != LTT_EV_CUSTOM)
		return false;
	lttr_custom_inst_decode(c->t, ev, ci);
	return ci->ty && !ci->ty->error && ci->ty->kind == LTT_CUSTOM_FIELDS &&
	       !ci->mismatch && custom_idents_ok(ci->ty);
}

/* one event into the current packet */
static int put_event(void *arg, const struct lttr_event *ev)
{
	struct ctf *c = arg;
	const struct lttr_field *f;
	struct lttr_custom_inst ci;
	char nb[64], tb[24];
	const char *name;
	size_t n = 0;
	int cls;

	if (ev->time_ns < c->last_ns) {
		/*
		 * Before the stream's last time stamp (a damaged buffer
		 * header): a CTF stream cannot go back in time
		 */
		c->st->out_of_order++;
		return 0;
	}
	if (!ev->known) {
		cls = class_of(c, lttr_event_type_str(ev->id, tb, sizeof(tb)),
			       CK_UNKNOWN, ev->id, 0, NULL);
	} else if (!ev->details) {
		cls = class_of(c, lttr_event_type_str(ev->id, tb, sizeof(tb)),
			       CK_NODETAIL, ev->id, 0, NULL);
	} else if (decoded_custom(c, ev, &ci)) {
		snprintf(nb, sizeof(nb), "custom:%s", ci.ty->name);
		cls = class_of(c, nb, CK_CUSTOM, ev->id, 0, ci.ty);
		if (cls < 0)
			return lttr_error_set(c->err, LTTR_E_NOMEM, "out of memory");
		event_header(c, cls, ev);
		put_custom(c, &ci, ev);
		c->st->events++;
		return 0;
	} else {
		name = lttr_event_ctf_name(ev, nb, sizeof(nb));
		cls = class_of(c, name, CK_EVENT, ev->id, ev->p_missing, NULL);
		/* a fields type without a class of its own: its bytes */
		c->all_bytes = ev->id == LTT_EV_CUSTOM && ci.ty && !ci.ty->error &&
			       ci.ty->kind == LTT_CUSTOM_FIELDS && !ci.mismatch;
	}
	if (cls < 0)
		return lttr_error_set(c->err, LTTR_E_NOMEM, "out of memory");
	event_header(c, cls, ev);
	if (c->classes[cls].kind == CK_EVENT) {
		const char *a, *b;
		size_t i;

		f = lttr_event_fields(ev->id, &n);
		for (i = 0; i < n; i++)
			if (in_layout(ev->id, &f[i], ev->p_missing))
				put_field(c, ev, &f[i]);
		if (has_comms(ev->id, &i)) {
			if (!ctf_comms_get(c->comms, ev->cpu, ev->offset, &a, &b))
				c->st->comms_unknown++;
			put(&c->pkt, a, CTF_COMM_LEN);
			put(&c->pkt, b, CTF_COMM_LEN);
		}
	}
	c->st->events++;
	return 0;
}

/*
 * The proc snapshot as LTTng's state dump, at @time_ns: a start, one
 * lttng_statedump_process_state per task, an end.  A task current on a
 * CPU at start (trace_start, or a buffer's first pid) is running there.
 */
static int put_statedump(struct ctf *c, uint64_t time_ns, const uint32_t *running,
			 unsigned int ncpus)
{
	const struct lttr_proc *p = lttr_trace_proc(c->t);
	struct lttr_event ev = { .time_ns = time_ns };
	int k[3];
	size_t i;

	k[0] = class_of(c, "lttng_statedump_start", CK_STATEDUMP_START, 0, 0, NULL);
	k[1] = class_of(c, "lttng_statedump_process_state", CK_STATEDUMP_PROCESS, 0, 0, NULL);
	k[2] = class_of(c, "lttng_statedump_end", CK_STATEDUMP_END, 0, 0, NULL);
	if (k[0] < 0 || k[1] < 0 || k[2] < 0)
		return lttr_error_set(c->err, LTTR_E_NOMEM, "out of memory");
	event_header(c, k[0], &ev);
	for (i = 0; p && i < p->ntasks; i++) {
		const struct lttr_proc_task *pt = &p->tasks[i];
		unsigned int cpu, on = ncpus;

		for (cpu = 0; cpu < ncpus; cpu++)
			if (running[cpu] == pt->pid && pt->pid)
				on = cpu;
		ev.pid = pt->pid;
		event_header(c, k[1], &ev);
		put_int(&c->pkt, pt->pid, 4);	/* tid, vtid */
		put_int(&c->pkt, pt->pid, 4);
		put_int(&c->pkt, pt->tgid, 4);	/* pid, vpid */
		put_int(&c->pkt, pt->tgid, 4);
		put_int(&c->pkt, pt->ppid, 4);	/* ppid, vppid */
		put_int(&c->pkt, pt->ppid, 4);
		put_str(&c->pkt, pt->name, strlen(pt->name));
		/* type: a kernel thread is kthreadd's child (or kthreadd) */
		put_int(&c->pkt, pt->pid == 2 || pt->ppid == 2, 4);
		put_int(&c->pkt, 0, 4);		/* mode: unknown */
		put_int(&c->pkt, 0, 4);		/* submode: none */
		put_int(&c->pkt, on < ncpus ? 6 : 5, 4);	/* status: run, wait */
		put_int(&c->pkt, on < ncpus ? on : 0, 4);
		c->st->statedump++;
	}
	ev.pid = 0;
	event_header(c, k[2], &ev);
	c->st->statedump += 2;
	return 0;
}

/* one CPU's stream: a packet per buffer, one more for a loss at its end */
static int write_stream(struct ctf *c, const char *dir, unsigned int cpu,
			uint64_t dump_ns, const uint32_t *running)
{
	size_t nb = lttr_trace_buffer_count(c->t, cpu), i;
	uint64_t discarded = 0, tail, seq = 0, shift = 0, end = dump_ns;
	struct lttr_buffer_info bi, next;
	struct lttr_error serr;
	char path[4096];
	FILE *f;
	int r = 0;

	snprintf(path, sizeof(path), "%s/channel0_%u", dir, cpu);
	f = fopen(path, "wb");
	if (!f)
		return lttr_error_set(c->err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	/*
	 * A first packet, at the trace's start: CPU 0's holds the state
	 * dump.  It says that no event was discarded before it, so that a
	 * loss before the first buffer is counted (a first packet's count is
	 * not: babeltrace2 says events "may" have been discarded).  Its
	 * number is the first buffer's, the buffers' are one more (packet
	 * numbers show gaps between buffers: discarded packets).
	 */
	shift = 1;
	packet_begin(c, dump_ns, nb && lttr_trace_buffer(c->t, cpu, 0, &bi) == 0 ?
		     bi.seq : 0, 0, cpu);
	if (cpu == 0)
		r = put_statedump(c, dump_ns, running, lttr_trace_ncpus(c->t));
	if (!r)
		r = packet_end(c, f, dump_ns, path);
	for (i = 0; !r && i < nb; i++) {
		if (lttr_trace_buffer(c->t, cpu, i, &bi) < 0)
			break;
		discarded += bi.lost;
		seq = bi.seq + shift;
		/* times never go back: from the previous packet's end on */
		packet_begin(c, bi.start_ns > c->end_ns ? bi.start_ns : c->end_ns, seq,
			     discarded, cpu);
		/* and end where the next buffer begins, if a damaged end says later */
		if (i + 1 < nb && lttr_trace_buffer(c->t, cpu, i + 1, &next) == 0 &&
		    next.start_ns < bi.end_ns)
			bi.end_ns = next.start_ns;
		r = lttr_scan_buffer(c->t, cpu, i, put_event, c, &serr);
		if (r < 0 && r != -LTTR_E_NOMEM && c->err->code == LTTR_OK) {
			/* a damaged record: the buffer's events before it are kept */
			if (!c->st->damaged_buffers++)
				snprintf(c->st->damage, sizeof(c->st->damage), "%s", serr.msg);
			r = 0;
		} else if (r < 0) {
			break;
		} else if (bi.valid_size < bi.data_size) {
			c->st->damaged_buffers++;
		}
		r = packet_end(c, f, bi.end_ns, path);
		end = c->end_ns;
	}
	tail = lttr_trace_lost_tail(c->t, cpu);
	if (!r && tail) {	/* lost after the last buffer, until the stop */
		discarded += tail;
		packet_begin(c, end, seq + 1, discarded, cpu);
		r = packet_end(c, f, end > lttr_trace_end_ns(c->t) ? end : lttr_trace_end_ns(c->t), path);
	}
	c->st->discarded += discarded;
	if (fclose(f) && !r)
		r = lttr_error_set(c->err, LTTR_E_IO, "%s: write error", path);
	return r;
}

/* the pid current on each CPU at the trace's start */
static void running_at_start(struct lttr_trace *t, uint32_t *running)
{
	struct lttr_buffer_info bi;
	unsigned int cpu;

	for (cpu = 0; cpu < lttr_trace_ncpus(t); cpu++)
		running[cpu] = lttr_trace_buffer_count(t, cpu) &&
			       lttr_trace_buffer(t, cpu, 0, &bi) == 0 ? bi.pid : 0;
}

/* whether @dir is a directory without entries */
static bool empty_dir(const char *dir)
{
	DIR *d = opendir(dir);
	const struct dirent *e;
	bool empty = d != NULL;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			empty = false;
	if (d)
		closedir(d);
	errno = EEXIST;
	return empty;
}

int lttr_export_ctf(struct lttr_trace *t, const char *dir,
		    struct lttr_ctf_stats *st, struct lttr_error *err)
{
	return lttr_export_ctf_clock(t, dir, NULL, st, err);
}

int lttr_export_ctf_clock(struct lttr_trace *t, const char *dir, const struct lttr_ctf_clock *clock,
			  struct lttr_ctf_stats *st, struct lttr_error *err)
{
	struct ctf c = { .t = t, .st = st, .err = err, .clock = clock };
	uint32_t running[LTT_MAX_CPUS];
	struct lttr_buffer_info bi;
	uint64_t dump_ns = lttr_trace_header(t)->start_ns;
	unsigned int cpu;
	size_t i;
	int r = 0;

	memset(st, 0, sizeof(*st));
	lttr_error_set(err, LTTR_OK, "no error");
	memset(c.bucket, 0xff, sizeof(c.bucket));
	if (mkdir(dir, 0777) < 0 && (errno != EEXIST || !empty_dir(dir)))
		return lttr_error_set(err, LTTR_E_IO, "%s: %s", dir,
				      errno == EEXIST ? "exists and is not an empty directory" :
				      strerror(errno));
	r = ctf_comms_build(t, &c.comms, err);
	if (r < 0)
		return r;
	running_at_start(t, running);
	/* the state dump is at the start, before every CPU's first buffer */
	for (cpu = 0; cpu < lttr_trace_ncpus(t); cpu++)
		if (lttr_trace_buffer_count(t, cpu) &&
		    lttr_trace_buffer(t, cpu, 0, &bi) == 0 && bi.start_ns < dump_ns)
			dump_ns = bi.start_ns;
	for (cpu = 0; !r && cpu < lttr_trace_ncpus(t); cpu++)
		r = write_stream(&c, dir, cpu, dump_ns, running);
	if (!r)
		r = write_metadata(&c, dir);
	for (i = 0; i < c.nclasses; i++)
		free(c.classes[i].name);
	free(c.classes);
	free(c.pkt.p);
	ctf_comms_free(c.comms);
	return r;
}

void lttr_ctf_clock_of_host(const struct lttr_trace *ref, const struct lttr_sync_model *model,
			    size_t host, struct lttr_ctf_clock *out)
{
	const struct ltt_trace_header *h = lttr_trace_header(ref);
	const struct lttr_sync_host *k = &model->hosts[host];
	int64_t wall = (int64_t)(h->start_wall_ns - h->start_ns);

	if (!host) {
		out->freq = 1000000000;
		out->offset_ns = wall;
		return;
	}
	out->freq = (uint64_t)(1e9 * k->slope + 0.5);
	out->offset_ns = wall - (int64_t)llround(k->offset_ns / k->slope);
}
