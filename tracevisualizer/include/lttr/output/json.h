/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json.h - a small streaming JSON writer, and the JSON forms of trace
 * information, events and summaries (schemas in docs/json-schema.md).
 */
#ifndef LTTR_JSON_H
#define LTTR_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct lttr_trace;
struct lttr_event;
struct lttr_summary;

#define LTTR_JSON_MAX_DEPTH 32

/**
 * struct lttr_json - writer state
 * @f: output stream
 * @depth: nesting depth
 * @count: values written at each depth (to place commas)
 * @after_key: a key was written, the value comes next
 * @pretty: indent with newlines
 */
struct lttr_json {
	FILE *f;
	int depth;
	uint64_t count[LTTR_JSON_MAX_DEPTH];
	bool after_key;
	bool pretty;
};

/**
 * lttr_json_init() - start writing to @f
 * @j: the writer
 * @f: the stream
 * @pretty: one value per line, indented
 */
void lttr_json_init(struct lttr_json *j, FILE *f, bool pretty);

/** lttr_json_begin_object() - write "{" @j: the writer */
void lttr_json_begin_object(struct lttr_json *j);
/** lttr_json_end_object() - write "}" @j: the writer */
void lttr_json_end_object(struct lttr_json *j);
/** lttr_json_begin_array() - write "[" @j: the writer */
void lttr_json_begin_array(struct lttr_json *j);
/** lttr_json_end_array() - write "]" @j: the writer */
void lttr_json_end_array(struct lttr_json *j);

/**
 * lttr_json_key() - write an object key (a NUL-terminated string)
 * @j: the writer
 * @key: the key
 */
void lttr_json_key(struct lttr_json *j, const char *key);

/**
 * lttr_json_string() - write a string value, escaped
 * @j: the writer
 * @s: the string (NUL-terminated), NULL writes null
 */
void lttr_json_string(struct lttr_json *j, const char *s);

/**
 * lttr_json_string_n() - write @n bytes as a string value
 * @j: the writer
 * @s: the bytes (may hold NULs and invalid UTF-8)
 * @n: their count
 *
 * Quotes, backslashes and control characters are escaped; valid UTF-8
 * sequences are copied; every byte of invalid UTF-8 becomes U+FFFD.
 */
void lttr_json_string_n(struct lttr_json *j, const char *s, size_t n);

/** lttr_json_u64() - write an unsigned integer @j: writer @v: value */
void lttr_json_u64(struct lttr_json *j, uint64_t v);
/** lttr_json_i64() - write a signed integer @j: writer @v: value */
void lttr_json_i64(struct lttr_json *j, int64_t v);
/**
 * lttr_json_number() - write a number already formatted ("12.345")
 * @j: the writer
 * @num: the number as JSON writes it (the caller formats it)
 */
void lttr_json_number(struct lttr_json *j, const char *num);
/** lttr_json_bool() - write true or false @j: writer @v: value */
void lttr_json_bool(struct lttr_json *j, bool v);
/** lttr_json_null() - write null @j: the writer */
void lttr_json_null(struct lttr_json *j);
/*
 * lttr_json_kv_u64(), _i64(), _bool(), _str() - a key and its value, in an
 * object: lttr_json_key() then the value's writer
 */
void lttr_json_kv_u64(struct lttr_json *j, const char *key, uint64_t v);
void lttr_json_kv_i64(struct lttr_json *j, const char *key, int64_t v);
void lttr_json_kv_bool(struct lttr_json *j, const char *key, bool v);
void lttr_json_kv_str(struct lttr_json *j, const char *key, const char *v);

/**
 * lttr_json_escape() - escape bytes into a JSON string body (no quotes)
 * @s: the bytes
 * @n: their count
 * @out: output buffer
 * @size: its size (output is truncated, always NUL-terminated if size > 0)
 *
 * Return: the length the full output needs.
 */
size_t lttr_json_escape(const char *s, size_t n, char *out, size_t size);

/**
 * lttr_json_traceinfo() - write the TRACEINFO object of a trace
 * @j: the writer
 * @t: the trace
 */
void lttr_json_traceinfo(struct lttr_json *j, const struct lttr_trace *t);

/**
 * lttr_json_event_args() - write the "args" object of an event: its fields
 * (lttr/reader/fields.h) in the table's order, empty without details
 * @j: the writer
 * @t: the trace (names of its snapshot, custom types)
 * @ev: the event
 */
void lttr_json_event_args(struct lttr_json *j, const struct lttr_trace *t,
			  const struct lttr_event *ev);

/**
 * lttr_json_event() - write the EVENT object of an event
 * @j: the writer
 * @t: the trace (start time, irq names)
 * @ev: the event
 */
void lttr_json_event(struct lttr_json *j, const struct lttr_trace *t,
		     const struct lttr_event *ev);

/**
 * lttr_json_summary() - write the SUMMARY object
 * @j: the writer
 * @t: the trace
 * @s: its summary
 */
void lttr_json_summary(struct lttr_json *j, const struct lttr_trace *t,
		       const struct lttr_summary *s);

/**
 * lttr_json_summary_open() - write the SUMMARY object without closing it
 * @j: the writer
 * @t: the trace
 * @s: its summary
 *
 * The caller may add keys, then must call lttr_json_end_object().
 */
void lttr_json_summary_open(struct lttr_json *j, const struct lttr_trace *t,
			    const struct lttr_summary *s);

#endif /* LTTR_JSON_H */
