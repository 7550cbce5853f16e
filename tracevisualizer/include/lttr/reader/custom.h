/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/custom.h - custom event types (the LTT paper's dynamic event ids):
 * the table of the types a trace declares and the decoding of their
 * instances.
 *
 * A type is declared by an LTT_EV_CUSTOM_CREATE record (id, kind, name,
 * format) and ends with an LTT_EV_CUSTOM_DESTROY record.  The tracer
 * declares every live type again each time tracing starts, so a trace
 * can declare the same type several times; a later declaration of an id
 * with another name, kind or format replaces the earlier one from its
 * time on.  The table therefore keeps, for each id, every distinct
 * declaration with the interval in which it is live, and an instance
 * (LTT_EV_CUSTOM) is decoded with the declaration live at its time.
 */
#ifndef LTTR_CUSTOM_H
#define LTTR_CUSTOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/error.h>

struct lttr_trace;
struct lttr_event;

/**
 * enum lttr_custom_ftype - field types of an LTT_CUSTOM_FIELDS format
 * @LTTR_CF_U8: "u8", unsigned, 1 byte
 * @LTTR_CF_U16: "u16"
 * @LTTR_CF_U32: "u32"
 * @LTTR_CF_U64: "u64"
 * @LTTR_CF_S8: "s8", signed, 1 byte
 * @LTTR_CF_S16: "s16"
 * @LTTR_CF_S32: "s32"
 * @LTTR_CF_S64: "s64"
 * @LTTR_CF_X32: "x32", unsigned, 4 bytes, shown in hex
 * @LTTR_CF_X64: "x64", unsigned, 8 bytes, shown in hex
 * @LTTR_CF_STR: "str", NUL-terminated text
 *
 * Integers are in the traced machine's byte order (that of the trace),
 * packed without padding in the order of the format.
 */
enum lttr_custom_ftype {
	LTTR_CF_U8,
	LTTR_CF_U16,
	LTTR_CF_U32,
	LTTR_CF_U64,
	LTTR_CF_S8,
	LTTR_CF_S16,
	LTTR_CF_S32,
	LTTR_CF_S64,
	LTTR_CF_X32,
	LTTR_CF_X64,
	LTTR_CF_STR,
};

/* fields of one format at most ("a:u8," takes 5 of its 255 characters) */
#define LTTR_CUSTOM_MAX_FIELDS	64

/**
 * struct lttr_custom_field - one field of a format
 * @name: its name (NUL-terminated, owned by the type)
 * @type: enum lttr_custom_ftype
 */
struct lttr_custom_field {
	const char *name;
	unsigned int type;
};

/**
 * struct lttr_custom_type - one declaration of a custom event type
 * @id: the type id (> 0)
 * @kind: LTT_CUSTOM_RAW, LTT_CUSTOM_STRING or LTT_CUSTOM_FIELDS (or an
 *	unknown value, then @error is set)
 * @name: the type's name (NUL-terminated)
 * @format: its format as declared (NUL-terminated)
 * @created_ns: time of its (first) declaration
 * @destroyed_ns: time of its destroy record, or of the declaration that
 *	replaced it; UINT64_MAX while it is live at the end of the trace
 * @error: why instances cannot be decoded with the format (unknown kind,
 *	bad format string), or NULL; such instances are shown in hex
 * @nfields: fields of an LTT_CUSTOM_FIELDS format
 * @fields: the fields
 */
struct lttr_custom_type {
	uint32_t id;
	uint32_t kind;
	const char *name;
	const char *format;
	uint64_t created_ns;
	uint64_t destroyed_ns;
	const char *error;
	unsigned int nfields;
	const struct lttr_custom_field *fields;
};

/**
 * struct lttr_custom_value - one decoded field of an instance
 * @field: the field of the format
 * @u: its value, unsigned and hex fields
 * @s: its value, signed fields
 * @str: str fields: the text, not NUL-terminated
 * @len: str fields: its length
 */
struct lttr_custom_value {
	const struct lttr_custom_field *field;
	uint64_t u;
	int64_t s;
	const char *str;
	size_t len;
};

struct lttr_custom_table;

/**
 * lttr_custom_table_new() - an empty type table
 *
 * Return: the table, or NULL when out of memory.
 */
struct lttr_custom_table *lttr_custom_table_new(void);

/**
 * lttr_custom_table_free() - release a table and its types
 * @tab: the table, or NULL
 */
void lttr_custom_table_free(struct lttr_custom_table *tab);

/**
 * lttr_custom_table_create() - apply a declaration (LTT_EV_CUSTOM_CREATE)
 * @tab: the table
 * @id: the type id
 * @kind: LTT_CUSTOM_* (an unknown kind is kept, with an error)
 * @name: the name, NUL-terminated, shorter than LTT_CUSTOM_NAME_LEN
 * @format: the format, NUL-terminated, shorter than LTT_CUSTOM_FORMAT_LEN
 * @time_ns: time of the declaration
 *
 * Declarations must be applied in time order.  The same declaration of a
 * live id again (as at each start of tracing) changes nothing; another
 * one ends the live declaration of the id at @time_ns and starts a new
 * one.  A format that does not parse is kept with its error (see struct
 * lttr_custom_type).
 *
 * Return: 1 for a new declaration, 0 for a repeated one, -LTTR_E_INVAL
 * when @id is 0 or @name or @format is too long, -LTTR_E_NOMEM.
 */
int lttr_custom_table_create(struct lttr_custom_table *tab, uint32_t id,
			     uint32_t kind, const char *name, const char *format,
			     uint64_t time_ns);

/**
 * lttr_custom_table_destroy() - end a type (LTT_EV_CUSTOM_DESTROY)
 * @tab: the table
 * @id: the type id
 * @time_ns: time of the destroy record
 *
 * Return: 0, or -LTTR_E_INVAL when no declaration of @id is live.
 */
int lttr_custom_table_destroy(struct lttr_custom_table *tab, uint32_t id,
			      uint64_t time_ns);

/**
 * lttr_custom_table_lookup() - the declaration an instance is decoded with
 * @tab: the table
 * @id: the instance's type id
 * @time_ns: the instance's time
 *
 * The latest declaration of @id made at or before @time_ns, if it was
 * still live then.  When every declaration of @id comes after @time_ns
 * (clocks of two CPUs a few ns apart at the start of tracing), the first
 * one.
 *
 * Return: the type, or NULL when @id is unknown or was destroyed.
 */
const struct lttr_custom_type *
lttr_custom_table_lookup(const struct lttr_custom_table *tab, uint32_t id,
			 uint64_t time_ns);

/**
 * lttr_custom_table_count() - declarations in the table
 * @tab: the table
 *
 * Return: their number (distinct declarations, repeats not counted).
 */
size_t lttr_custom_table_count(const struct lttr_custom_table *tab);

/**
 * lttr_custom_table_get() - one declaration, by id then time
 * @tab: the table
 * @i: index < lttr_custom_table_count()
 *
 * Return: the type, or NULL if @i is out of range.
 */
const struct lttr_custom_type *
lttr_custom_table_get(const struct lttr_custom_table *tab, size_t i);

/**
 * lttr_custom_decode() - decode the payload of an LTT_CUSTOM_FIELDS instance
 * @ty: its type (kind LTT_CUSTOM_FIELDS, no @error)
 * @data: the payload
 * @size: its size in bytes
 * @vals: receives the fields, in format order
 * @max: room in @vals (LTTR_CUSTOM_MAX_FIELDS is enough)
 * @n: receives the number of fields decoded
 * @why: receives the mismatch on failure (may be NULL)
 * @whylen: size of @why
 *
 * Return: 0 when the payload holds exactly the fields of the format;
 * -LTTR_E_FORMAT when it is too short for a field, a str field has no
 * NUL, bytes are left after the last field, or @ty cannot decode (the
 * fields before the problem are in @vals); -LTTR_E_INVAL if @max is too
 * small.
 */
int lttr_custom_decode(const struct lttr_custom_type *ty, const void *data,
		       size_t size, struct lttr_custom_value *vals,
		       unsigned int max, unsigned int *n, char *why,
		       size_t whylen);

/**
 * lttr_custom_decl() - name and format of an LTT_EV_CUSTOM_CREATE record
 * @ev: the event (with details)
 * @name: receives the name
 * @name_len: receives its length
 * @format: receives the format
 * @format_len: receives its length
 *
 * Return: 0, or -LTTR_E_FORMAT when the name or the format is not
 * NUL-terminated within the record (@name and @format then hold what the
 * record has, @format possibly empty).
 */
int lttr_custom_decl(const struct lttr_event *ev, const char **name,
		     size_t *name_len, const char **format, size_t *format_len);

/**
 * lttr_custom_kind_name() - name of a custom event kind
 * @kind: LTT_CUSTOM_*
 *
 * Return: "raw", "string", "fields", or NULL for an unknown kind.
 */
const char *lttr_custom_kind_name(uint32_t kind);

/**
 * lttr_custom_ftype_name() - name of a field type
 * @type: enum lttr_custom_ftype
 *
 * Return: "u8" ... "str", or "?" if unknown.
 */
const char *lttr_custom_ftype_name(unsigned int type);

/**
 * lttr_trace_custom_types() - the custom type table of a trace
 * @t: the trace
 *
 * Built on first use by one pass over the trace, which reads its
 * LTT_EV_CUSTOM_CREATE and LTT_EV_CUSTOM_DESTROY records in time order.
 * A declaration whose name or format is not NUL-terminated is ignored,
 * and so is one whose name or format is too long; these and types whose
 * format cannot decode their instances are reported as trace warnings
 * (lttr_trace_warning()).  A CPU whose records cannot be read adds what
 * it has up to the bad record (reading it reports the error).
 *
 * Return: the table (owned by the trace), or NULL when out of memory.
 */
const struct lttr_custom_table *lttr_trace_custom_types(struct lttr_trace *t);

/**
 * struct lttr_custom_inst - an LTT_EV_CUSTOM instance, decoded
 * @ty: its type in the trace's table, NULL for an unknown type id
 * @data: its payload
 * @size: the payload's size
 * @mismatch: a FIELDS payload that does not match the format
 * @warning: what is wrong, or empty
 * @n: fields decoded
 * @vals: their values
 */
struct lttr_custom_inst {
	const struct lttr_custom_type *ty;
	const uint8_t *data;
	size_t size;
	bool mismatch;
	char warning[320];
	unsigned int n;
	struct lttr_custom_value vals[LTTR_CUSTOM_MAX_FIELDS];
};

/**
 * lttr_custom_inst_decode() - decode an instance with its trace's types
 * @t: the trace (its type table is built on first use)
 * @ev: an LTT_EV_CUSTOM event of @t
 * @ci: receives the instance
 */
void lttr_custom_inst_decode(const struct lttr_trace *t,
			     const struct lttr_event *ev,
			     struct lttr_custom_inst *ci);

#endif /* LTTR_CUSTOM_H */
