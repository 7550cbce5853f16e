// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - a small streaming JSON writer.
 */
#include <stdio.h>
#include <string.h>
#include <lttr/output/json.h>

void lttr_json_init(struct lttr_json *j, FILE *f, bool pretty)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->pretty = pretty;
}

static void indent(struct lttr_json *j)
{
	int i;

	putc('\n', j->f);
	for (i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

/* before any value or key: comma and indentation */
static void pre_value(struct lttr_json *j)
{
	int d = j->depth < LTTR_JSON_MAX_DEPTH ? j->depth : LTTR_JSON_MAX_DEPTH - 1;

	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->count[d]++)
		putc(',', j->f);
	if (j->pretty && j->depth)
		indent(j);
}

static void open_(struct lttr_json *j, int c)
{
	pre_value(j);
	putc(c, j->f);
	j->depth++;
	if (j->depth < LTTR_JSON_MAX_DEPTH)
		j->count[j->depth] = 0;
}

static void close_(struct lttr_json *j, int c)
{
	int d = j->depth < LTTR_JSON_MAX_DEPTH ? j->depth : LTTR_JSON_MAX_DEPTH - 1;
	bool had = j->count[d] != 0;

	j->depth--;
	if (j->pretty && had)
		indent(j);
	putc(c, j->f);
	if (j->depth == 0 && j->pretty)
		putc('\n', j->f);
}

void lttr_json_begin_object(struct lttr_json *j)
{
	open_(j, '{');
}

void lttr_json_end_object(struct lttr_json *j)
{
	close_(j, '}');
}

void lttr_json_begin_array(struct lttr_json *j)
{
	open_(j, '[');
}

void lttr_json_end_array(struct lttr_json *j)
{
	close_(j, ']');
}

/* length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned int c = s[0];
	size_t len, i;
	unsigned long cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

size_t lttr_json_escape(const char *str, size_t n, char *out, size_t size)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k = 0;
	char tmp[8];

	while (i < n) {
		const char *rep = NULL;
		size_t len = 1, m;

		switch (s[i]) {
		case '"': rep = "\\\""; break;
		case '\\': rep = "\\\\"; break;
		case '\n': rep = "\\n"; break;
		case '\r': rep = "\\r"; break;
		case '\t': rep = "\\t"; break;
		case '\b': rep = "\\b"; break;
		case '\f': rep = "\\f"; break;
		default:
			if (s[i] < 0x20) {
				snprintf(tmp, sizeof(tmp), "\\u%04x", s[i]);
				rep = tmp;
			} else if (s[i] >= 0x80) {
				len = utf8_len(s + i, n - i);
				if (!len) {
					rep = "\\ufffd";
					len = 1;
				}
			}
			break;
		}
		if (rep) {
			for (m = 0; rep[m]; m++, k++)
				if (k + 1 < size)
					out[k] = rep[m];
		} else {
			for (m = 0; m < len; m++, k++)
				if (k + 1 < size)
					out[k] = (char)s[i + m];
		}
		i += len;
	}
	if (size)
		out[k < size ? k : size - 1] = '\0';
	return k;
}

void lttr_json_string_n(struct lttr_json *j, const char *s, size_t n)
{
	char buf[512];
	size_t done = 0;

	pre_value(j);
	putc('"', j->f);
	while (done < n) {
		/* escape in chunks; each input byte needs at most 6 bytes */
		size_t chunk = n - done, len;

		if (chunk > 80)
			chunk = 80;
		/* do not split a UTF-8 sequence */
		while (chunk < n - done && chunk > 76 &&
		       ((unsigned char)s[done + chunk] & 0xc0) == 0x80)
			chunk--;
		len = lttr_json_escape(s + done, chunk, buf, sizeof(buf));
		fwrite(buf, 1, len, j->f);
		done += chunk;
	}
	putc('"', j->f);
}

void lttr_json_string(struct lttr_json *j, const char *s)
{
	if (!s)
		lttr_json_null(j);
	else
		lttr_json_string_n(j, s, strlen(s));
}

void lttr_json_key(struct lttr_json *j, const char *key)
{
	lttr_json_string(j, key);
	putc(':', j->f);
	if (j->pretty)
		putc(' ', j->f);
	j->after_key = true;
}

static void put_u64(FILE *f, uint64_t v)
{
	char b[24];
	int i = sizeof(b);

	do {
		b[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	fwrite(b + i, 1, sizeof(b) - (size_t)i, f);
}

void lttr_json_u64(struct lttr_json *j, uint64_t v)
{
	pre_value(j);
	put_u64(j->f, v);
}

void lttr_json_number(struct lttr_json *j, const char *num)
{
	pre_value(j);
	fputs(num, j->f);
}

void lttr_json_i64(struct lttr_json *j, int64_t v)
{
	pre_value(j);
	if (v < 0) {
		putc('-', j->f);
		put_u64(j->f, (uint64_t)0 - (uint64_t)v);
	} else {
		put_u64(j->f, (uint64_t)v);
	}
}

void lttr_json_bool(struct lttr_json *j, bool v)
{
	pre_value(j);
	fputs(v ? "true" : "false", j->f);
}

void lttr_json_null(struct lttr_json *j)
{
	pre_value(j);
	fputs("null", j->f);
}

void lttr_json_kv_u64(struct lttr_json *j, const char *key, uint64_t v)
{
	lttr_json_key(j, key);
	lttr_json_u64(j, v);
}

void lttr_json_kv_i64(struct lttr_json *j, const char *key, int64_t v)
{
	lttr_json_key(j, key);
	lttr_json_i64(j, v);
}

void lttr_json_kv_bool(struct lttr_json *j, const char *key, bool v)
{
	lttr_json_key(j, key);
	lttr_json_bool(j, v);
}

void lttr_json_kv_str(struct lttr_json *j, const char *key, const char *v)
{
	lttr_json_key(j, key);
	lttr_json_string(j, v);
}
