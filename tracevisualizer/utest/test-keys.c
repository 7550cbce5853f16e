// SPDX-License-Identifier: GPL-2.0
/*
 * test-keys.c - the one keymap of the TUI and the window (lttr/view/keys.h,
 * issue 36 item 12): no key bound twice in one front end and one place,
 * every action bound and explained, the keys the front ends disagreed on
 * resolved the same way in both, and docs/views.md holding the table as
 * the library has it (between "<!-- keys:begin -->" and "<!-- keys:end -->").
 *
 *   test-keys [DOC]      the checks (DOC: ../docs/views.md, as make check runs it)
 *   test-keys --markdown the table as docs/views.md must hold it
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/view/keys.h>
#include "tap.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		s = NULL;
	}
	if (s)
		s[n] = '\0';
	fclose(f);
	return s;
}

/* @key does @want in both front ends (the window: its graphs) and in the TUI's @where */
static void both(int key, unsigned int where, enum lttr_kaction want)
{
	enum lttr_kaction t = lttr_keys_action(LTTR_KF_TUI, where, key);
	enum lttr_kaction g = lttr_keys_action(LTTR_KF_GTK, LTTR_KW_FLOW, key);
	char kn[16];

	ok(t == want && g == want, "%s: %s in the TUI (got %s) and the window (got %s)",
	   lttr_key_name(key, kn, sizeof(kn)), lttr_kaction_name(want), lttr_kaction_name(t),
	   lttr_kaction_name(g));
}

int main(int argc, char **argv)
{
	/* LTT_DOCS: the docs folder when run elsewhere (tests/host/reader.t) */
	const char *docs = getenv("LTT_DOCS");
	char dbuf[4200];
	const char *docpath = argc > 1 ? argv[1] : "../docs/views.md";

	if (argc <= 1 && docs && *docs) {
		snprintf(dbuf, sizeof(dbuf), "%s/views.md", docs);
		docpath = dbuf;
	}
	static char md[65536];
	const struct lttr_keybind *tb;
	size_t n, i, len, unbound = 0, unexplained = 0;
	char msg[256], *doc, *b, *e;
	unsigned int a;
	bool same;

	len = lttr_keys_markdown(md, sizeof(md));
	if (argc > 1 && !strcmp(argv[1], "--markdown")) {
		fputs(md, stdout);
		return 0;
	}
	n = lttr_keys_check(msg, sizeof(msg));
	ok(n == 0, "no key is bound twice in one front end and one view or page%s%s",
	   n ? ": " : "", msg);
	tb = lttr_keys_table(&n);
	for (a = LTTR_KA_NONE + 1; a < LTTR_KA_COUNT; a++) {
		bool found = false;

		for (i = 0; i < n; i++)
			found |= tb[i].action == (enum lttr_kaction)a && tb[i].keys[0];
		if (!found) {
			unbound++;
			tap_diag("%s has no key", lttr_kaction_name((enum lttr_kaction)a));
		}
		if (!lttr_kaction_help((enum lttr_kaction)a)[0] ||
		    !lttr_kaction_group((enum lttr_kaction)a)[0])
			unexplained++;
	}
	ok(unbound == 0, "every action has a key (%zu without)", unbound);
	ok(unexplained == 0, "every action has a group and a help text (%zu without)", unexplained);
	for (i = 0; i < n; i++)
		if (!tb[i].fronts || !tb[i].where)
			break;
	ok(i == n, "every binding holds in a front end and somewhere (binding %zu)", i);

	/* the keys of issue 36 item 12, and their neighbours */
	both(LTTR_KEY_LEFT, LTTR_KW_FLOW, LTTR_KA_STATE_PREV);
	both(LTTR_KEY_RIGHT, LTTR_KW_RES, LTTR_KA_STATE_NEXT);
	both('h', LTTR_KW_FLOW, LTTR_KA_COL_PREV);
	both('l', LTTR_KW_FLOW, LTTR_KA_COL_NEXT);
	both('.', LTTR_KW_FLOW, LTTR_KA_MARK_NEXT);
	both(',', LTTR_KW_EVENTS, LTTR_KA_MARK_PREV);
	both('z', LTTR_KW_FLOW, LTTR_KA_ZOOM_SEL);
	both('Z', LTTR_KW_FLOW, LTTR_KA_NONE);
	both('w', LTTR_KW_FLOW, LTTR_KA_ZOOM_IN);
	both('s', LTTR_KW_FLOW, LTTR_KA_ZOOM_OUT);
	both('a', LTTR_KW_FLOW, LTTR_KA_PAN_LEFT);
	both('d', LTTR_KW_FLOW, LTTR_KA_PAN_RIGHT);
	both('A', LTTR_KW_FLOW, LTTR_KA_ACTIVE);
	both('C', LTTR_KW_PROCS, LTTR_KA_CRITPATH);
	both(']', LTTR_KW_FLOW, LTTR_KA_EVENT_NEXT);
	both('/', LTTR_KW_FLOW, LTTR_KA_SEARCH);
	both(LTTR_KEY_CTRL | 'f', LTTR_KW_FLOW, LTTR_KA_SEARCH);
	ok(lttr_keys_action(LTTR_KF_TUI, LTTR_KW_PROCS, LTTR_KEY_RIGHT) == LTTR_KA_COLS_RIGHT &&
	   lttr_keys_action(LTTR_KF_TUI, LTTR_KW_PATHS, ']') == LTTR_KA_PATTERN_NEXT &&
	   lttr_keys_action(LTTR_KF_TUI, LTTR_KW_P_BOOKMARKS, 'd') == LTTR_KA_BOOKMARK_DELETE &&
	   lttr_keys_action(LTTR_KF_TUI, LTTR_KW_FLOW, 'd') == LTTR_KA_PAN_RIGHT,
	   "a view's own keys where it has them (Right in 3, ] in 7, d in the bookmarks), the "
	   "shared ones elsewhere");

	/* the doc holds the table */
	doc = slurp(docpath);
	b = doc ? strstr(doc, "<!-- keys:begin -->\n") : NULL;
	e = b ? strstr(b, "<!-- keys:end -->") : NULL;
	if (b)
		b += strlen("<!-- keys:begin -->\n");
	same = b && e && (size_t)(e - b) == len && !memcmp(b, md, len);
	ok(same, "%s holds the keymap as the library has it%s", docpath, same ? "" : !doc ?
	   ": not read" : !e ? ": no keys:begin/keys:end markers" :
	   ": it differs (regenerate: build/utest/test-keys --markdown)");
	free(doc);
	return tap_done();
}
