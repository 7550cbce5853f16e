// SPDX-License-Identifier: GPL-2.0
/*
 * test-custom.c - custom event types: the type table (declarations,
 * repeats, replacement, destruction, lookup by time), format strings
 * (good and bad), the decoding of instances (good, unknown id, short
 * payload, trailing bytes, string without NUL), and custom events in a
 * trace (warnings, summary counts, a declaration without NUL).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

static bool has_warning(struct lttr_trace *t, const char *phrase)
{
	size_t i;

	for (i = 0; i < lttr_trace_warning_count(t); i++)
		if (strstr(lttr_trace_warning(t, i), phrase))
			return true;
	return false;
}

static void test_table(void)
{
	struct lttr_custom_table *tab = lttr_custom_table_new();
	const struct lttr_custom_type *ping, *pong, *ty;
	char longname[LTT_CUSTOM_NAME_LEN + 1];

	ok(tab && lttr_custom_table_count(tab) == 0 &&
	   !lttr_custom_table_lookup(tab, 1, 0), "an empty table knows no type");
	ok(lttr_custom_table_create(tab, 1, LTT_CUSTOM_FIELDS, "ping", "a:u32,b:str", 100) == 1 &&
	   lttr_custom_table_create(tab, 1, LTT_CUSTOM_FIELDS, "ping", "a:u32,b:str", 200) == 0 &&
	   lttr_custom_table_count(tab) == 1,
	   "a declaration repeated (at the next start of tracing) changes nothing");
	ping = lttr_custom_table_lookup(tab, 1, 150);
	ok(ping && !strcmp(ping->name, "ping") && ping->kind == LTT_CUSTOM_FIELDS &&
	   ping->created_ns == 100 && ping->destroyed_ns == UINT64_MAX && !ping->error &&
	   ping->nfields == 2 && !strcmp(ping->fields[1].name, "b") &&
	   ping->fields[1].type == LTTR_CF_STR, "lookup: name, kind, times, fields");
	ok(lttr_custom_table_lookup(tab, 1, 50) == ping,
	   "an instance just before the declaration (clock skew) uses it");
	ok(!lttr_custom_table_lookup(tab, 2, 150), "an undeclared id is unknown");
	ok(lttr_custom_table_create(tab, 1, LTT_CUSTOM_STRING, "pong", "", 300) == 1 &&
	   lttr_custom_table_count(tab) == 2, "another declaration of the id replaces it");
	pong = lttr_custom_table_lookup(tab, 1, 300);
	ok(pong && !strcmp(pong->name, "pong") && ping->destroyed_ns == 300 &&
	   lttr_custom_table_lookup(tab, 1, 299) == ping,
	   "from its time on: earlier instances keep the first declaration");
	ok(lttr_custom_table_destroy(tab, 1, 400) == 0 && pong->destroyed_ns == 400 &&
	   !lttr_custom_table_lookup(tab, 1, 400) && lttr_custom_table_lookup(tab, 1, 399) == pong,
	   "destroy ends the type");
	ok(lttr_custom_table_destroy(tab, 1, 450) == -LTTR_E_INVAL &&
	   lttr_custom_table_destroy(tab, 7, 450) == -LTTR_E_INVAL,
	   "destroying a type that is not live is refused");
	ok(lttr_custom_table_create(tab, 1, LTT_CUSTOM_RAW, "pong", "", 500) == 1 &&
	   lttr_custom_table_lookup(tab, 1, 600)->kind == LTT_CUSTOM_RAW,
	   "a type id declared again after its destruction");
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	ok(lttr_custom_table_create(tab, 0, 0, "zero", "", 1) == -LTTR_E_INVAL &&
	   lttr_custom_table_create(tab, 5, 0, longname, "", 1) == -LTTR_E_INVAL,
	   "id 0 and a name too long are refused");
	ok(lttr_custom_table_create(tab, 3, LTT_CUSTOM_RAW, "c", "", 10) == 1 &&
	   lttr_custom_table_get(tab, 0)->id == 1 && lttr_custom_table_get(tab, 3)->id == 3 &&
	   !lttr_custom_table_get(tab, 4), "declarations listed by id, then time");
	ty = lttr_custom_table_lookup(tab, 3, 0);
	ok(ty && ty->created_ns == 10, "lookup of a later id");
	lttr_custom_table_free(tab);
	ok(!strcmp(lttr_custom_kind_name(LTT_CUSTOM_FIELDS), "fields") &&
	   !strcmp(lttr_custom_kind_name(LTT_CUSTOM_RAW), "raw") &&
	   !lttr_custom_kind_name(9) && !strcmp(lttr_custom_ftype_name(LTTR_CF_X64), "x64") &&
	   !strcmp(lttr_custom_ftype_name(99), "?"), "kind and field type names");
}

/* the error of a FIELDS declaration with @format (NULL: none) */
static const char *format_error(struct lttr_custom_table *tab, uint32_t id,
				uint32_t kind, const char *format)
{
	const struct lttr_custom_type *ty;

	if (lttr_custom_table_create(tab, id, kind, "t", format, 0) != 1)
		return "(not created)";
	ty = lttr_custom_table_lookup(tab, id, 0);
	return ty->error;
}

static void test_formats(void)
{
	struct lttr_custom_table *tab = lttr_custom_table_new();
	const struct lttr_custom_type *ty;
	char many[LTT_CUSTOM_FORMAT_LEN];
	const char *e;
	int i;

	e = format_error(tab, 1, LTT_CUSTOM_FIELDS, "a:u99");
	ok(e && strstr(e, "unknown type \"u99\" of field 1"), "unknown field type: %s", e);
	e = format_error(tab, 2, LTT_CUSTOM_FIELDS, "a:u8,b");
	ok(e && strstr(e, "field 2 is not \"name:type\""), "field without type: %s", e);
	e = format_error(tab, 3, LTT_CUSTOM_FIELDS, "a:u8,a:u16");
	ok(e && strstr(e, "field name \"a\" used twice"), "duplicate name: %s", e);
	e = format_error(tab, 4, LTT_CUSTOM_FIELDS, "a:u8,");
	ok(e && strstr(e, "field 2 is not"), "trailing comma: %s", e);
	e = format_error(tab, 5, LTT_CUSTOM_FIELDS, ":u8");
	ok(e && strstr(e, "field 1 is not"), "empty name: %s", e);
	many[0] = '\0';
	for (i = 0; i < 51; i++)	/* the most a format of 255 bytes holds */
		snprintf(many + strlen(many), sizeof(many) - strlen(many), "%s%c:u8",
			 i ? "," : "", i < 26 ? 'a' + i : 'A' + i - 26);
	e = format_error(tab, 6, LTT_CUSTOM_FIELDS, many);
	ty = lttr_custom_table_lookup(tab, 6, 0);
	ok(!e && strlen(many) == 254 && ty->nfields == 51 &&
	   !strcmp(ty->fields[50].name, "Y"), "the longest format: 51 fields");
	e = format_error(tab, 7, 9, "");
	ok(e && !strcmp(e, "unknown kind 9"), "unknown kind: %s", e);
	e = format_error(tab, 8, LTT_CUSTOM_FIELDS, " a : u8 ,b:x64");
	ty = lttr_custom_table_lookup(tab, 8, 0);
	ok(!e && ty->nfields == 2 && !strcmp(ty->fields[0].name, "a") &&
	   ty->fields[0].type == LTTR_CF_U8 && ty->fields[1].type == LTTR_CF_X64,
	   "blanks around names and types are allowed");
	e = format_error(tab, 9, LTT_CUSTOM_FIELDS, "");
	ty = lttr_custom_table_lookup(tab, 9, 0);
	ok(!e && ty->nfields == 0, "an empty format has no fields");
	e = format_error(tab, 10, LTT_CUSTOM_STRING, "not:parsed");
	ok(!e, "the format of a string type is not parsed");
	lttr_custom_table_free(tab);
}

static void test_decode(void)
{
	struct lttr_custom_table *tab = lttr_custom_table_new();
	struct lttr_custom_value v[LTTR_CUSTOM_MAX_FIELDS];
	const struct lttr_custom_type *ty, *bad, *none;
	uint8_t p[64];
	unsigned int n = 0;
	char why[200];
	int32_t s32 = -5;
	uint64_t x = 0x1122334455667788ULL;
	uint16_t u16 = 65535;

	lttr_custom_table_create(tab, 1, LTT_CUSTOM_FIELDS, "all",
				 "a:u8,b:s8,c:u16,d:s32,e:x64,f:str,g:s64", 0);
	lttr_custom_table_create(tab, 2, LTT_CUSTOM_FIELDS, "bad", "a:q", 0);
	lttr_custom_table_create(tab, 3, LTT_CUSTOM_FIELDS, "none", "", 0);
	ty = lttr_custom_table_lookup(tab, 1, 0);
	bad = lttr_custom_table_lookup(tab, 2, 0);
	none = lttr_custom_table_lookup(tab, 3, 0);
	p[0] = 200;
	p[1] = 0xfe;
	memcpy(p + 2, &u16, 2);
	memcpy(p + 4, &s32, 4);
	memcpy(p + 8, &x, 8);
	memcpy(p + 16, "hey", 4);
	memset(p + 20, 0xff, 8);
	ok(lttr_custom_decode(ty, p, 28, v, LTTR_CUSTOM_MAX_FIELDS, &n, why, sizeof(why)) == 0 &&
	   n == 7 && v[0].u == 200 && v[1].s == -2 && v[2].u == 65535 && v[3].s == -5 &&
	   v[4].u == x && v[5].len == 3 && !memcmp(v[5].str, "hey", 3) && v[6].s == -1 &&
	   v[6].field == &ty->fields[6], "every field type decoded");
	ok(lttr_custom_decode(ty, p, 26, v, LTTR_CUSTOM_MAX_FIELDS, &n, why, sizeof(why)) ==
	   -LTTR_E_FORMAT && n == 6 && !strcmp(why, "field \"g\" (s64) needs 8 bytes, 6 left"),
	   "short payload: the fields before, and why: %s", why);
	ok(lttr_custom_decode(ty, p, 18, v, LTTR_CUSTOM_MAX_FIELDS, &n, why, sizeof(why)) ==
	   -LTTR_E_FORMAT && n == 5 && !strcmp(why, "field \"f\" (str): no NUL in the 2 bytes left"),
	   "string without NUL: %s", why);
	ok(lttr_custom_decode(ty, p, 30, v, LTTR_CUSTOM_MAX_FIELDS, &n, why, sizeof(why)) ==
	   -LTTR_E_FORMAT && n == 7 && !strcmp(why, "2 bytes after the last field"),
	   "bytes after the last field: %s", why);
	ok(lttr_custom_decode(bad, p, 4, v, LTTR_CUSTOM_MAX_FIELDS, &n, why, sizeof(why)) ==
	   -LTTR_E_FORMAT && n == 0 && strstr(why, "unknown type \"q\""),
	   "a type with a bad format does not decode: %s", why);
	ok(lttr_custom_decode(ty, p, 28, v, 3, &n, NULL, 0) == -LTTR_E_INVAL,
	   "too little room for the fields is refused");
	ok(lttr_custom_decode(none, p, 0, v, 1, &n, why, sizeof(why)) == 0 && n == 0 &&
	   lttr_custom_decode(none, p, 1, v, 1, &n, why, sizeof(why)) == -LTTR_E_FORMAT,
	   "no fields: an empty payload only");
	lttr_custom_table_free(tab);
}

#define CT_HEAD \
	"header ncpus=2 start=1000 format=1.1 events=all\n" \
	"buf cpu=0 start=1000 pid=5\n" \
	"1000 start 5 0\n" \
	"1001 custom_create 1 fields ping seq:u32,who:str\n" \
	"1002 custom_create 2 fields broken seq:u33\n" \
	"1003 custom_create 3 string note -\n" \
	"1004 custom_create 4 raw nonul nonul\n"

static void test_trace(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_summary *s = NULL;
	struct lttr_event *v;
	const struct lttr_custom_table *tab;
	char d[600];
	size_t n = 0, i;
	int st;
	const char *np, *fp;
	size_t nl, fl;

	if (!ok(tg_open("custom", CT_HEAD
			"1010 custom 1 u32:1 str:a\n"
			"1020 custom 1 u32:2 str:b\n"
			"1030 custom 9 hex:0102\n"
			"1040 custom 1 u32:3\n"
			"1050 custom 2 u32:4\n"
			"1060 custom 3 str:free\n"
			"1070 custom 4 hex:01\n"
			"1080 start 5 0\n"
			"1081 custom_create 1 fields ping seq:u32,who:str\n"
			"1090 custom_destroy 3\n"
			"1100 custom 3 str:late\n"
			"buf cpu=1 start=1000 pid=6\n"
			"1000 custom 1 u32:0 str:early\n",
			0, &t, &err) == 0, "a trace of custom events opens")) {
		tap_diag("%s", err.msg);
		return;
	}
	v = tg_all_events(t, &n, 0, &st);
	tab = lttr_trace_custom_types(t);
	ok(st == 0 && n == 17 && tab && lttr_custom_table_count(tab) == 3,
	   "the type table: 3 declarations (the repeat at the second start is not one, the one without NUL is ignored)");
	ok(has_warning(t, "custom_create of type 4 at offset") &&
	   has_warning(t, "name or format not NUL-terminated: declaration ignored"),
	   "a declaration without NUL: a warning");
	ok(has_warning(t, "custom type 2 \"broken\" declared at offset") &&
	   has_warning(t, "bad format: unknown type \"u33\" of field 1 (u8") &&
	   has_warning(t, "x64 str): its instances are shown in hex"),
	   "a declaration with a bad format: a warning");
	ok(n == 17 && lttr_custom_decl(&v[5], &np, &nl, &fp, &fl) == -LTTR_E_FORMAT &&
	   nl == 8 && !memcmp(np, "nonul", 5), "lttr_custom_decl: no NUL reported");
	ok(n == 17 && lttr_custom_decl(&v[2], &np, &nl, &fp, &fl) == 0 && nl == 4 &&
	   fl == 15 && !memcmp(fp, "seq:u32,who:str", 15), "lttr_custom_decl: name and format");
	for (i = 0; i < n; i++) {
		lttr_event_describe(t, &v[i], d, sizeof(d));
		if (v[i].time_ns == 1000 && v[i].id == LTT_EV_CUSTOM)
			ok(!strcmp(d, "custom ping seq=0 who=\"early\""),
			   "an instance on another CPU just before the declaration: %s", d);
		if (v[i].time_ns == 1010)
			ok(!strcmp(d, "custom ping seq=1 who=\"a\""), "good instance: %s", d);
		if (v[i].time_ns == 1030)
			ok(!strcmp(d, "custom type 9 size=2 hex=0102 [warning: unknown custom type id 9 (not declared in the trace)]"),
			   "unknown type id: hex and a warning: %s", d);
		if (v[i].time_ns == 1040)
			ok(!strcmp(d, "custom ping seq=3 size=4 hex=03000000 [warning: payload does not match the format \"seq:u32,who:str\": field \"who\" (str): no NUL in the 0 bytes left]"),
			   "short payload: the fields it has, hex and a warning: %s", d);
		if (v[i].time_ns == 1050)
			ok(strstr(d, "custom broken size=4 hex=04000000 [warning: type \"broken\": bad format") == d,
			   "a type with a bad format: hex and a warning: %s", d);
		if (v[i].time_ns == 1060)
			ok(!strcmp(d, "custom note \"free\""), "string type: %s", d);
		if (v[i].time_ns == 1070)
			ok(strstr(d, "custom type 4 size=1 hex=01 [warning: unknown custom type id 4") == d,
			   "the type of the declaration without NUL is unknown: %s", d);
		if (v[i].time_ns == 1100)
			ok(!strcmp(d, "custom type 3 size=5 hex=6c61746500 [warning: custom type 3 (\"note\") was destroyed before this instance]"),
			   "an instance after the destruction: %s", d);
		if (v[i].time_ns == 1004) {
			char *buf = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&buf, &len);
			struct lttr_json j;

			lttr_json_init(&j, f, false);
			lttr_json_event(&j, t, &v[i]);
			fclose(f);
			ok(strstr(buf, "\"args\":{\"type_id\":4,\"kind\":\"raw\",\"name\":\"nonul\\ufffd\\ufffd\\ufffd\",\"format\":\"\",\"warning\":\"name or format not NUL-terminated\"}") != NULL,
			   "JSON of the declaration without NUL: %s", buf);
			free(buf);
		}
	}
	ok(lttr_summary_compute(t, &s, &err) == 0 && s->ncustom == 6 &&
	   !strcmp(s->custom[0].name, "broken") && s->custom[0].count == 1 &&
	   s->custom[0].warned == 1 && !strcmp(s->custom[1].name, "note") &&
	   s->custom[1].count == 1 && !strcmp(s->custom[2].name, "ping") &&
	   s->custom[2].count == 4 && s->custom[2].warned == 1 &&
	   !s->custom[3].name && s->custom[3].type_id == 3 &&
	   !s->custom[4].name && s->custom[4].type_id == 4 &&
	   !s->custom[5].name && s->custom[5].type_id == 9 && s->custom_warned == 5,
	   "summary: instances by type name, undeclared ids apart, warnings counted");
	lttr_summary_free(s);
	free(v);
	lttr_trace_close(t);
}

int main(void)
{
	tap_plan(14 + 10 + 7 + 16);
	test_table();
	test_formats();
	test_decode();
	test_trace();
	return tap_done();
}
