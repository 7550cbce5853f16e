// SPDX-License-Identifier: GPL-2.0
/*
 * evfilter.c - the column filters of the events list: a row of entries
 * over the list's columns, one a column (as Trace Compass's filter row),
 * each written as a comparison of the filter language (docs/filter.md),
 * so that the reader library matches the events, as dump --filter does:
 *
 *   time         A:B (times as lttr_parse_trace_time() takes them:
 *                seconds since the trace start, 150ms, @absolute; one
 *                outside the trace is refused with its span; either end
 *                may be left out), A alone from A on
 *                                            -> time >= A && time <= B
 *   cpu, pid     a list of numbers and ranges: 0,2-3
 *                                            -> cpu == 0 || (cpu >= 2 && cpu <= 3)
 *   task, type,  a POSIX extended regular expression
 *   description                              -> comm =~ "TEXT", type =~, desc =~
 *   C            C (control events) or - (the others)
 *
 * Text that starts with an operator (== != < <= > >= =~ !~) is the rest
 * of a comparison of the column's field ("> 100" in pid is pid > 100;
 * the time column's value is a time).  The column filters are joined by
 * &&; what the list makes of them is events.c's.
 */
#include <ctype.h>
#include <string.h>
#include "gv.h"

/* the field of each column, and how its text is read */
enum how { NONE, TIME, NUMBERS, REGEX, CONTROL };

static const struct {
	const char *field;
	enum how how;
	const char *name;	/* the entry's accessible name */
	const char *tip;
} cols[GV_EV_NCOLS] = {
	[GV_EV_TIME] = { "time", TIME, "Time filter",
			 "from:to, seconds since the trace start (or 150ms, 20us, ...; @ and an absolute time); "
			 "either end may be left out; one time alone: from it on" },
	[GV_EV_CPU] = { "cpu", NUMBERS, "CPU filter", "CPUs: 0,2-3" },
	[GV_EV_PID] = { "pid", NUMBERS, "Process id filter", "pids: 42,100-200, or > 100" },
	[GV_EV_TASK] = { "comm", REGEX, "Task name filter",
			 "a regular expression the task's name matches" },
	[GV_EV_CTRL] = { "control", CONTROL, "Control filter",
			 "C: control events only; -: the others" },
	[GV_EV_TYPE] = { "type", REGEX, "Event type filter",
			 "a regular expression the type matches: ^fs_, sched" },
	[GV_EV_DESC] = { "desc", REGEX, "Description filter",
			 "a regular expression the description matches, as dump prints it "
			 "(the type first, then this column)" },
};

struct gv_evfilter {
	GtkWidget *box;
	GtkWidget *entry[GV_EV_NCOLS];
	void (*changed)(void *arg);
	void *arg;
};

/* the operator @s starts with (its length in *len), or NULL */
static const char *op_at(const char *s, size_t *len)
{
	static const char *const ops[] = { "==", "!=", "<=", ">=", "=~", "!~", "<", ">" };
	size_t i;

	for (i = 0; i < G_N_ELEMENTS(ops); i++)
		if (!strncmp(s, ops[i], strlen(ops[i]))) {
			*len = strlen(ops[i]);
			return ops[i];
		}
	return NULL;
}

/* @text as a string of the language: quoted, " and \ escaped */
static void quoted(GString *x, const char *text)
{
	g_string_append_c(x, '"');
	for (; *text; text++) {
		if (*text == '"' || *text == '\\')
			g_string_append_c(x, '\\');
		g_string_append_c(x, *text);
	}
	g_string_append_c(x, '"');
}

/* "time OP ns" for the time @s in @span; false (why in @why) when it is not one */
static bool time_cmp(GString *x, const char *op, const char *s,
		     const struct lttr_time_span *span, char **why)
{
	char msg[256];
	uint64_t ns;

	if (lttr_parse_trace_time(s, span, NULL, &ns, msg, sizeof(msg)) < 0) {
		if (!*why)
			*why = g_strdup(msg);
		return false;
	}
	g_string_append_printf(x, "time %s %" G_GUINT64_FORMAT, op, ns);
	return true;
}

static bool time_range(GString *x, const char *s, const struct lttr_time_span *span, char **why)
{
	const char *colon = strchr(s, ':');
	char *a = g_strstrip(g_strndup(s, colon ? (size_t)(colon - s) : strlen(s)));
	char *b = g_strstrip(g_strdup(colon ? colon + 1 : ""));
	bool good = (*a || *b) && (!*a || time_cmp(x, ">=", a, span, why));

	if (good && *a && *b)
		g_string_append(x, " && ");
	if (good && *b)
		good = time_cmp(x, "<=", b, span, why);
	g_free(a);
	g_free(b);
	return good;
}

static bool all_digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return n > 0;
}

/* "F == 1 || (F >= 2 && F <= 3)" for "1,2-3" */
static bool numbers(GString *x, const char *field, const char *s)
{
	gchar **items = g_strsplit_set(s, ", ", -1);
	bool good = true, any = false;
	gchar **p;

	for (p = items; *p && good; p++) {
		const char *dash = strchr(*p, '-');

		if (!**p)
			continue;
		if (any)
			g_string_append(x, " || ");
		any = true;
		if (!dash) {
			good = all_digits(*p, strlen(*p));
			g_string_append_printf(x, "%s == %s", field, *p);
		} else {
			good = all_digits(*p, (size_t)(dash - *p)) &&
				all_digits(dash + 1, strlen(dash + 1));
			g_string_append_printf(x, "(%s >= %.*s && %s <= %s)", field,
					       (int)(dash - *p), *p, field, dash + 1);
		}
	}
	g_strfreev(items);
	return good && any;
}

/* the comparison column @c's text @s stands for, appended to @x */
static bool fragment(GString *x, int c, const char *s, const struct lttr_time_span *span,
		     char **why)
{
	const char *f = cols[c].field, *op;
	size_t oplen;

	op = op_at(s, &oplen);
	if (op && cols[c].how == TIME) {
		char *rest = g_strstrip(g_strdup(s + oplen));
		bool good = time_cmp(x, op, rest, span, why);

		g_free(rest);
		return good;
	}
	if (op) {	/* the rest is the language's: it checks it */
		g_string_append_printf(x, "%s %s", f, s);
		return true;
	}
	switch (cols[c].how) {
	case TIME:
		return time_range(x, s, span, why);
	case NUMBERS:
		return numbers(x, f, s);
	case REGEX:
		g_string_append_printf(x, "%s =~ ", f);
		quoted(x, s);
		return true;
	case CONTROL:
		if (!g_ascii_strcasecmp(s, "C")) {
			g_string_append(x, "control");
			return true;
		}
		if (!strcmp(s, "-")) {
			g_string_append(x, "!control");
			return true;
		}
		return false;
	default:
		return false;
	}
}

char *gv_evfilter_expr(struct gv_evfilter *ef, const struct lttr_time_span *span, char **error)
{
	GString *all = g_string_new("");
	int c;

	*error = NULL;
	for (c = 0; c < GV_EV_NCOLS; c++) {
		GtkWidget *en = ef->entry[c];
		char *s, *why = NULL;
		GString *x;
		struct lttr_filter *f = NULL;
		struct lttr_error err;
		GtkStyleContext *sc;

		if (!en)
			continue;
		sc = gtk_widget_get_style_context(en);
		s = g_strstrip(g_strdup(gtk_entry_get_text(GTK_ENTRY(en))));
		gtk_style_context_remove_class(sc, GTK_STYLE_CLASS_ERROR);
		if (!*s) {
			g_free(s);
			continue;
		}
		x = g_string_new("");
		/* each column's part compiled alone: its error names the column */
		if (!fragment(x, c, s, span, &why))
			*error = why ? g_strdup_printf("%s: %s", cols[c].name, why) :
				g_strdup_printf("%s: '%s' is not %s", cols[c].name, s, cols[c].tip);
		else if (lttr_filter_compile(x->str, &f, &err) < 0)
			*error = g_strdup_printf("%s: %s", cols[c].name, err.msg);
		lttr_filter_free(f);
		g_free(why);
		g_free(s);
		if (*error) {
			gtk_style_context_add_class(sc, GTK_STYLE_CLASS_ERROR);
			g_string_free(x, TRUE);
			g_string_free(all, TRUE);
			return NULL;
		}
		g_string_append_printf(all, "%s(%s)", all->len ? " && " : "", x->str);
		g_string_free(x, TRUE);
	}
	return g_string_free(all, FALSE);
}

const char *gv_evfilter_text(const struct gv_evfilter *ef, int col)
{
	return col >= 0 && col < GV_EV_NCOLS && ef->entry[col] ?
		gtk_entry_get_text(GTK_ENTRY(ef->entry[col])) : "";
}

void gv_evfilter_set_text(struct gv_evfilter *ef, int col, const char *text)
{
	if (col < 0 || col >= GV_EV_NCOLS || !ef->entry[col])
		return;
	gtk_entry_set_text(GTK_ENTRY(ef->entry[col]), text);
	ef->changed(ef->arg);	/* at once, not after the entry's delay */
}

void gv_evfilter_clear(struct gv_evfilter *ef)
{
	int c;

	for (c = 0; c < GV_EV_NCOLS; c++)
		if (ef->entry[c])
			gtk_entry_set_text(GTK_ENTRY(ef->entry[c]), "");
}

GtkWidget *gv_evfilter_widget(const struct gv_evfilter *ef)
{
	return ef->box;
}

static void on_changed(GtkSearchEntry *en, gpointer data)
{
	struct gv_evfilter *ef = data;

	(void)en;
	ef->changed(ef->arg);
}

/* Escape empties the entry, as it leaves a search */
static void on_stop(GtkSearchEntry *en, gpointer data)
{
	(void)data;
	gtk_entry_set_text(GTK_ENTRY(en), "");
}

/* an entry as wide as its column */
static void on_width(GObject *col, GParamSpec *ps, gpointer data)
{
	(void)ps;
	gtk_widget_set_size_request(GTK_WIDGET(data),
				    gtk_tree_view_column_get_width(GTK_TREE_VIEW_COLUMN(col)), -1);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	(void)w;
	g_free(data);
}

struct gv_evfilter *gv_evfilter_new(GtkTreeView *view, void (*changed)(void *arg), void *arg)
{
	struct gv_evfilter *ef = g_new0(struct gv_evfilter, 1);
	/* lower than the theme's entries: the list keeps its rows */
	GtkCssProvider *css = gtk_css_provider_new();
	int c;

	gtk_css_provider_load_from_data(css, "entry { min-height: 0; padding-top: 1px; "
					"padding-bottom: 1px; }", -1, NULL);

	ef->changed = changed;
	ef->arg = arg;
	ef->box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
	gtk_widget_set_name(ef->box, "events-filters");
	for (c = 0; c < GV_EV_NCOLS; c++) {
		GtkTreeViewColumn *col = gtk_tree_view_get_column(view, c);
		GtkWidget *en = gtk_search_entry_new();

		ef->entry[c] = en;
		gtk_entry_set_width_chars(GTK_ENTRY(en), 1);
		gtk_entry_set_placeholder_text(GTK_ENTRY(en), c == GV_EV_CTRL ? "" : "filter");
		/* the search icon takes room the narrow columns do not have */
		gtk_entry_set_icon_from_icon_name(GTK_ENTRY(en), GTK_ENTRY_ICON_PRIMARY, NULL);
		gtk_widget_set_tooltip_text(en, cols[c].tip);
		gtk_style_context_add_provider(gtk_widget_get_style_context(en),
					       GTK_STYLE_PROVIDER(css),
					       GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
		atk_object_set_name(gtk_widget_get_accessible(en), cols[c].name);
		gtk_box_pack_start(GTK_BOX(ef->box), en, c == GV_EV_NCOLS - 1, TRUE, 0);
		if (col) {
			gtk_widget_set_size_request(en, gtk_tree_view_column_get_fixed_width(col), -1);
			g_signal_connect_object(col, "notify::width", G_CALLBACK(on_width), en, 0);
		}
		g_signal_connect(en, "search-changed", G_CALLBACK(on_changed), ef);
		g_signal_connect(en, "stop-search", G_CALLBACK(on_stop), NULL);
	}
	g_object_unref(css);
	g_signal_connect(ef->box, "destroy", G_CALLBACK(on_destroy), ef);
	return ef;
}
