// SPDX-License-Identifier: GPL-2.0
/*
 * export.c - the table shown, as CSV (RFC 4180: fields with a comma, a
 * quote or a line break quoted, quotes doubled, lines ending in CRLF).
 *
 * The events table is the events of the current time window (t0 to t1,
 * both included, as "dump --from --to" takes them) with the document's
 * filter: only the matching ones when it hides the rest, else all with a
 * column saying which match; and only those the list's column filters
 * let through (gv_events_listed()).  The other tables (processes, statistics)
 * are whatever tree view their page shows (the one with the keyboard
 * focus, else the first): its visible columns' titles and, for every row
 * of its model (those under a folded row too), the text its cells draw.
 * More than GV_CSV_MAX_LINES lines are refused.  The file is written
 * beside its place and renamed there, so that a failure leaves no half
 * file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "gv.h"

#define GV_CSV_MAX_LINES 10000000ULL

struct csv {
	FILE *f;
	char *tmp;
	const char *path;
	unsigned long long lines;
	bool first;	/* no field yet on this line */
};

static void field(struct csv *c, const char *s)
{
	if (!c->first)
		fputc(',', c->f);
	c->first = false;
	if (!s)
		return;
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', c->f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', c->f);
			fputc(*s, c->f);
		}
		fputc('"', c->f);
	} else {
		fputs(s, c->f);
	}
}

static void end_line(struct csv *c)
{
	fputs("\r\n", c->f);
	c->first = true;
	c->lines++;
}

static bool csv_open(struct csv *c, const char *path, GError **error)
{
	mode_t mask;
	int fd;

	memset(c, 0, sizeof(*c));
	c->path = path;
	c->first = true;
	c->tmp = g_strdup_printf("%s.XXXXXX", path);
	fd = mkstemp(c->tmp);
	if (fd < 0 || !(c->f = fdopen(fd, "w"))) {
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "%s: %s", path,
			    strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(c->tmp);
		}
		g_free(c->tmp);
		return false;
	}
	/* the mode a new file gets (mkstemp() makes it private) */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask))
		g_warning("%s: %s", c->tmp, strerror(errno));
	return true;
}

/* @good: keep the file; false: drop it (@error already set) */
static bool csv_close(struct csv *c, bool good, GError **error)
{
	int err = 0;

	if (ferror(c->f) || fflush(c->f))
		err = errno ? errno : EIO;
	if (fclose(c->f) && !err)
		err = errno ? errno : EIO;
	if (good && err) {
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(err), "%s: %s", c->path,
			    strerror(err));
		good = false;
	}
	if (good && rename(c->tmp, c->path)) {
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "%s: %s",
			    c->path, strerror(errno));
		good = false;
	}
	if (!good)
		unlink(c->tmp);
	g_free(c->tmp);
	return good;
}

static bool too_many(GError **error)
{
	g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
		    "more than %llu lines: choose a narrower time window or a filter "
		    "that hides more", GV_CSV_MAX_LINES);
	return false;
}

/* the events of the window, with the filter */
static bool export_events(struct gv_doc *d, const char *path, GError **error)
{
	bool hide = d->s.filter && d->s.filter_hide, mark = d->s.filter && !d->s.filter_hide, good = true;
	bool narrow = gv_events_narrowed(d);	/* the list's column filters */
	uint64_t t0 = d->s.vp.t0, t1 = d->s.vp.t1;
	struct lttr_iter *it;
	struct lttr_error err;
	struct lttr_event ev;
	struct gv_progress *progress;
	unsigned long long nread = 0;
	struct csv c;
	char buf[4096];
	int col, r;

	if (!hide && !narrow &&
	    lttr_view_count(d->s.v, t0, t1 < UINT64_MAX ? t1 + 1 : t1) > GV_CSV_MAX_LINES)
		return too_many(error);
	if (lttr_iter_new(d->s.t, &it, &err) < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s", err.msg);
		return false;
	}
	if (lttr_iter_seek_time(it, t0) < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s",
			    lttr_iter_error(it)->msg);
		lttr_iter_free(it);
		return false;
	}
	if (!csv_open(&c, path, error)) {
		lttr_iter_free(it);
		return false;
	}
	for (col = 0; col < GV_EV_NCOLS; col++)
		field(&c, gv_event_titles[col]);
	if (mark)
		field(&c, "filter");
	end_line(&c);
	progress = gv_progress_begin(d, "writing the events as CSV");
	while ((r = lttr_iter_next(it, &ev)) == 1 && ev.time_ns <= t1) {
		bool m = gv_event_match(d, &ev);

		if (++nread % 16384 == 0 && gv_progress_step(progress, (unsigned int)
				((ev.time_ns - t0) * 1000.0 / ((double)(t1 - t0) + 1)))) {
			g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "export canceled");
			good = false;
			break;
		}
		if ((hide && !m) || (narrow && !gv_events_listed(d, &ev)))
			continue;
		if (c.lines > GV_CSV_MAX_LINES) {	/* that many events written already */
			good = too_many(error);
			break;
		}
		for (col = 0; col < GV_EV_NCOLS; col++)
			field(&c, gv_event_cell(d, &ev, col, buf, sizeof(buf)));
		if (mark)
			field(&c, m ? "match" : "");
		end_line(&c);
	}
	gv_progress_end(progress);
	if (good && r < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s",
			    lttr_iter_error(it)->msg);
		good = false;
	}
	lttr_iter_free(it);
	return csv_close(&c, good, error);
}

/* the first tree view in @w shown on the screen, depth first */
static GtkWidget *find_tree(GtkWidget *w)
{
	GList *kids, *k;
	GtkWidget *found = NULL;

	if (!gtk_widget_get_visible(w))
		return NULL;
	if (GTK_IS_TREE_VIEW(w))
		return w;
	if (!GTK_IS_CONTAINER(w))
		return NULL;
	/* a notebook: its page shown only */
	if (GTK_IS_NOTEBOOK(w)) {
		int p = gtk_notebook_get_current_page(GTK_NOTEBOOK(w));

		return p < 0 ? NULL : find_tree(gtk_notebook_get_nth_page(GTK_NOTEBOOK(w), p));
	}
	if (GTK_IS_STACK(w)) {
		GtkWidget *v = gtk_stack_get_visible_child(GTK_STACK(w));

		return v ? find_tree(v) : NULL;
	}
	kids = gtk_container_get_children(GTK_CONTAINER(w));
	for (k = kids; k && !found; k = k->next)
		found = find_tree(k->data);
	g_list_free(kids);
	return found;
}

/* the text a column's cells draw for the row set in them */
static char *cell_text(GtkTreeViewColumn *col)
{
	GList *cells = gtk_cell_layout_get_cells(GTK_CELL_LAYOUT(col)), *k;
	GString *s = g_string_new("");

	for (k = cells; k; k = k->next) {
		GtkCellRenderer *r = k->data;
		char *t = NULL;

		if (!gtk_cell_renderer_get_visible(r))
			continue;
		if (GTK_IS_CELL_RENDERER_TEXT(r)) {
			g_object_get(r, "text", &t, NULL);
		} else if (GTK_IS_CELL_RENDERER_TOGGLE(r)) {
			gboolean on;

			g_object_get(r, "active", &on, NULL);
			t = g_strdup(on ? "yes" : "no");
		} else if (GTK_IS_CELL_RENDERER_PROGRESS(r)) {
			int v;

			g_object_get(r, "text", &t, NULL);
			if (!t) {
				g_object_get(r, "value", &v, NULL);
				t = g_strdup_printf("%d", v);
			}
		}
		if (t && *t) {
			if (s->len)
				g_string_append_c(s, ' ');
			g_string_append(s, t);
		}
		g_free(t);
	}
	g_list_free(cells);
	return g_string_free(s, FALSE);
}

static unsigned long long count_rows(GtkTreeModel *m, GtkTreeIter *parent)
{
	unsigned long long n = 0;
	GtkTreeIter it;
	gboolean more;

	for (more = gtk_tree_model_iter_children(m, &it, parent); more;
	     more = gtk_tree_model_iter_next(m, &it)) {
		n++;
		if (gtk_tree_model_iter_has_child(m, &it))
			n += count_rows(m, &it);
		if (n > GV_CSV_MAX_LINES)
			break;
	}
	return n;
}

/* the rows under @parent, depth first */
static void tree_rows(struct csv *c, GtkTreeModel *m, GtkTreeIter *parent, GList *cols)
{
	GtkTreeIter it;
	gboolean more;
	GList *k;

	for (more = gtk_tree_model_iter_children(m, &it, parent); more;
	     more = gtk_tree_model_iter_next(m, &it)) {
		gboolean kids = gtk_tree_model_iter_has_child(m, &it);

		for (k = cols; k; k = k->next) {
			char *t;

			gtk_tree_view_column_cell_set_cell_data(k->data, m, &it, kids, FALSE);
			t = cell_text(k->data);
			field(c, t);
			g_free(t);
		}
		end_line(c);
		if (kids)
			tree_rows(c, m, &it, cols);
	}
}

/* a tree view's visible columns, their titles and every row's text */
static bool export_tree(GtkWidget *tv, const char *path, GError **error)
{
	GtkTreeModel *m = gtk_tree_view_get_model(GTK_TREE_VIEW(tv));
	GList *all = gtk_tree_view_get_columns(GTK_TREE_VIEW(tv)), *cols = NULL, *k;
	struct csv c;
	bool good;

	if (!m) {
		g_list_free(all);
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "the table is empty");
		return false;
	}
	for (k = all; k; k = k->next)
		if (gtk_tree_view_column_get_visible(k->data))
			cols = g_list_append(cols, k->data);
	g_list_free(all);
	if (count_rows(m, NULL) > GV_CSV_MAX_LINES) {
		g_list_free(cols);
		return too_many(error);
	}
	if (!csv_open(&c, path, error)) {
		g_list_free(cols);
		return false;
	}
	for (k = cols; k; k = k->next) {
		const char *t = gtk_tree_view_column_get_title(k->data);
		GtkWidget *w = gtk_tree_view_column_get_widget(k->data);

		/* a title given as a widget: its label's text */
		if ((!t || !*t) && w && GTK_IS_LABEL(w))
			t = gtk_label_get_text(GTK_LABEL(w));
		field(&c, t ? t : "");
	}
	end_line(&c);
	tree_rows(&c, m, NULL, cols);
	g_list_free(cols);
	good = csv_close(&c, true, error);
	return good;
}

bool gv_export_csv(struct gv_doc *d, const char *path, GError **error)
{
	int p = d->tables ? gtk_notebook_get_current_page(GTK_NOTEBOOK(d->tables)) : -1;
	GtkWidget *page = p >= 0 ? gtk_notebook_get_nth_page(GTK_NOTEBOOK(d->tables), p) : NULL;
	GtkWidget *tv;

	if (!page) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "no table is shown");
		return false;
	}
	if (g_object_get_data(G_OBJECT(page), "gv-events"))
		return export_events(d, path, error);
	/* the table the person is in, else the first one the page shows */
	tv = gtk_widget_get_toplevel(page);
	tv = GTK_IS_WINDOW(tv) ? gtk_window_get_focus(GTK_WINDOW(tv)) : NULL;
	if (!tv || !GTK_IS_TREE_VIEW(tv) || !gtk_widget_is_ancestor(tv, page) ||
	    !gtk_widget_is_drawable(tv))
		tv = find_tree(page);
	if (!tv) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
			    "the page shown holds no table to export");
		return false;
	}
	return export_tree(tv, path, error);
}
