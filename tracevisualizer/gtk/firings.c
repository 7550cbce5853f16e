// SPDX-License-Identifier: GPL-2.0
/*
 * firings.c - the Firings window: the firings of a traced --rules session
 * (tracevisualizer-gtk --audit DIR, File -> Open audit...), what
 * "tracevisualizer audit --json DIR" prints (lttr_firings_read_all(),
 * lttr_audit_firing()).  Above, the firings in order, a row each: its
 * number, time, the instance's latency, a request's side and peer (empty
 * for other firings), its rule, its condition's values and its selected
 * blamed parties with their shares (or why it has none);
 * below, the selected one's code paths, a row each (a trace with stacks:
 * its leaf frames, blame in ns and share; above them the time without a
 * stack, or why there are none), then what fired (a request's side and
 * its socket's endpoints as audit says them), its condition, blame ranking
 * and explanation (lttr_audit_lesson()'s text).  Enter (the keymap's firing-open), a
 * double-click or the Open button opens its snapshot in a tab of the main
 * window with that text as a lesson of one step in the side panel, which
 * puts the instance in the window, selects its task and highlights the
 * rows of the blamed tasks, the others dimmed.  A line of firings.jsonl
 * that is not a firing, or a snapshot that cannot be read, is a row with
 * its error; the others stay usable.  The window only lays numbers out.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/audit/firings.h>
#include <lttr/view/keys.h>
#include "gv.h"

/* the selected blamed parties named in the list */
#define ROW_PARTIES 3

enum { F_SEQ, F_TIME, F_LATENCY, F_REQUEST, F_RULE, F_CONDITION, F_BLAMED, F_INDEX, F_NCOLS };
/* the code paths' columns */
enum { C_TOP, C_RANK, C_BLAME, C_SHARE, C_PATH_ON, C_NAME, C_NCOLS };

struct gv_firings {
	struct gv_app *app;
	char *dir;
	unsigned int top;
	struct lttr_firing_rec *f;
	size_t n;
	struct lttr_audit **a;		/* per firing (NULL: a bad line, or @err) */
	struct lttr_lesson **l;		/* per analysed firing */
	char **err;			/* per firing: why it cannot be shown */
	GtkWidget *win;
	GtkWidget *list;
	GtkWidget *code_head;		/* the selected firing's code paths: how many, or why none */
	GtkWidget *code;		/* and their list */
	GtkWidget *text;
	GtkWidget *status;
};

static void fir_free(struct gv_firings *v)
{
	size_t i;

	if (!v)
		return;
	for (i = 0; i < v->n; i++) {
		if (v->a)
			lttr_audit_free(v->a[i]);
		if (v->l)
			lttr_lesson_free(v->l[i]);
		if (v->err)
			free(v->err[i]);
	}
	free(v->a);
	free(v->l);
	free(v->err);
	lttr_firings_free(v->f, v->n);
	g_free(v->dir);
	g_free(v);
}

static void condition(const struct lttr_firing_rec *f, char *buf, size_t size)
{
	size_t k, len = 0;

	buf[0] = '\0';
	for (k = 0; k < f->nval && len < size; k++) {
		if (f->val[k].known)
			len += (size_t)snprintf(buf + len, size - len, "%s%s = %" PRId64,
						k ? ", " : "", f->val[k].expr, f->val[k].value);
		else
			len += (size_t)snprintf(buf + len, size - len, "%s%s = unknown",
						k ? ", " : "", f->val[k].expr);
	}
}

static void blamed(const struct gv_firings *v, size_t i, char *buf, size_t size)
{
	const struct lttr_audit *a = v->a[i];
	size_t k, len = 0, shown = 0;
	char who[96];

	buf[0] = '\0';
	if (v->err[i]) {
		snprintf(buf, size, "ERROR: %s", v->err[i]);
		return;
	}
	if (!a->analysed) {
		snprintf(buf, size, "not analysed: %s", a->why);
		return;
	}
	for (k = 0; k < a->blame->nparty && shown < ROW_PARTIES && len < size; k++) {
		if (!a->blame->party[k].top)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s %.1f %%", shown ? ", " : "",
					lttr_blame_party_str(a->blame, k, who, sizeof(who)),
					lttr_blame_share(a->blame, k));
		shown++;
	}
}

static void fill(struct gv_firings *v, GtkListStore *st)
{
	char seq[16], tm[32], lat[32], req[256], cond[512], bl[1800];
	GtkTreeIter it;
	size_t i, len;

	for (i = 0; i < v->n; i++) {
		const struct lttr_firing_rec *f = &v->f[i];

		gtk_list_store_append(st, &it);
		if (f->bad) {
			gtk_list_store_set(st, &it, F_SEQ, "-", F_TIME, "", F_LATENCY, "", F_REQUEST,
					   "", F_RULE, "", F_CONDITION, "", F_BLAMED, f->bad, F_INDEX,
					   (gint)i, -1);
			continue;
		}
		snprintf(seq, sizeof(seq), "%u", f->seq);
		snprintf(tm, sizeof(tm), "%.9f", (double)f->time_ns / 1e9);
		if (f->time_ns > f->start_ns)
			snprintf(lat, sizeof(lat), "%.3f", (double)(f->time_ns - f->start_ns) / 1e3);
		else
			snprintf(lat, sizeof(lat), "instant");
		condition(f, cond, sizeof(cond));
		lttr_firing_snap_note(f, bl, sizeof(bl));
		if (bl[0] && strlen(bl) + 2 < sizeof(bl))
			strcat(bl, "  ");
		len = strlen(bl);
		blamed(v, i, bl + len, sizeof(bl) - len);
		gtk_list_store_set(st, &it, F_SEQ, seq, F_TIME, tm, F_LATENCY, lat, F_REQUEST,
				   lttr_firing_peer_str(f, req, sizeof(req)), F_RULE, f->text,
				   F_CONDITION, cond, F_BLAMED, bl, F_INDEX, (gint)i, -1);
	}
}

/* the selected row's firing, or -1 */
static long selected(const struct gv_firings *v)
{
	GtkTreeSelection *sel = gtk_tree_view_get_selection(GTK_TREE_VIEW(v->list));
	GtkTreeModel *m;
	GtkTreeIter it;
	gint i;

	if (!gtk_tree_selection_get_selected(sel, &m, &it))
		return -1;
	gtk_tree_model_get(m, &it, F_INDEX, &i, -1);
	return i;
}

static void say(struct gv_firings *v, bool err, const char *msg)
{
	gtk_label_set_text(GTK_LABEL(v->status), msg);
	atk_object_set_description(gtk_widget_get_accessible(v->status), msg);
	if (err)
		fprintf(stderr, "tracevisualizer-gtk: %s\n", msg);
}

/*
 * firing @i's code paths into the list below the firings: each path (*
 * when chosen, its rank, blame in ns, share, on or off the path, its leaf
 * frames as audit names them), above it how many and the time without a
 * recorded stack, the symbol files' warning; or why there are none.  The
 * numbers are the blame's (lttr_audit_firing()), those of audit --json.
 */
static void code_fill(struct gv_firings *v, long i)
{
	GtkListStore *st = GTK_LIST_STORE(gtk_tree_view_get_model(GTK_TREE_VIEW(v->code)));
	const struct lttr_audit *a = i >= 0 && !v->f[i].bad && !v->err[i] ? v->a[i] : NULL;
	const struct lttr_blame *b;
	char head[1024], rank[24], ns[24], share[32];
	GtkTreeIter it;
	size_t k;

	gtk_list_store_clear(st);
	if (!a || !a->analysed) {
		snprintf(head, sizeof(head), "Code paths: none (the firing is not analysed)");
	} else if (!(b = a->blame)->code_known) {
		snprintf(head, sizeof(head), "Code paths: %s", lttr_blame_code_unavailable(b));
	} else {
		snprintf(head, sizeof(head), "Code paths of firing %u: %zu, by %u leaf frames%s "
			 "(*: chosen as the parties); %" PRIu64 " ns without a recorded stack%s%s",
			 v->f[i].seq, b->ncode, LTTR_BLAME_CODE_FRAMES,
			 b->code_named ? "" : ", as addresses", b->nostack_ns,
			 a->code_warning[0] ? "\nwarning: " : "", a->code_warning);
		for (k = 0; k < b->ncode; k++) {
			snprintf(rank, sizeof(rank), "%zu", k + 1);
			snprintf(ns, sizeof(ns), "%" PRIu64, b->code[k].blame_ns);
			snprintf(share, sizeof(share), "%.3f", lttr_blame_code_share(b, k));
			gtk_list_store_append(st, &it);
			gtk_list_store_set(st, &it, C_TOP, b->code[k].top ? "*" : "", C_RANK, rank,
					   C_BLAME, ns, C_SHARE, share, C_PATH_ON,
					   b->code[k].critical ? "on the path" : "off the path",
					   C_NAME, b->code[k].name, -1);
		}
	}
	gtk_label_set_text(GTK_LABEL(v->code_head), head);
	atk_object_set_description(gtk_widget_get_accessible(v->code_head), head);
}

static void on_changed(GtkTreeSelection *sel, gpointer data)
{
	struct gv_firings *v = data;
	long i = selected(v);
	char buf[2048], side[256];
	const char *t = buf;

	(void)sel;
	if (i < 0)
		return;
	if (v->f[i].bad)
		snprintf(buf, sizeof(buf), "%s\n(the other lines of firings.jsonl were read)",
			 v->f[i].bad);
	else if (v->err[i])
		snprintf(buf, sizeof(buf), "firing %u: %s", v->f[i].seq, v->err[i]);
	else if (v->l[i])
		t = v->l[i]->steps[0].text;
	else
		snprintf(buf, sizeof(buf), "firing %u: %s%s%s of task %u %s: not analysed in %s: %s",
			 v->f[i].seq, v->f[i].type, v->f[i].side ? " " : "",
			 lttr_firing_side_str(&v->f[i], side, sizeof(side)), v->f[i].pid,
			 v->f[i].comm, v->a[i]->trace_dir, v->a[i]->why);
	gtk_label_set_text(GTK_LABEL(v->text), t);
	code_fill(v, i);
	say(v, false, "");
}

/* the selected firing's snapshot in a tab of the main window, its lesson in the side panel */
static void open_selected(struct gv_firings *v)
{
	long i = selected(v);
	struct gv_doc *d;
	char msg[1400];

	if (i < 0)
		return;
	if (v->f[i].bad || v->err[i]) {
		snprintf(msg, sizeof(msg), "cannot open it: %s", v->f[i].bad ? v->f[i].bad : v->err[i]);
		say(v, true, msg);
		return;
	}
	if (!v->l[i]) {
		snprintf(msg, sizeof(msg), "firing %u: not analysed: %s", v->f[i].seq, v->a[i]->why);
		say(v, true, msg);
		return;
	}
	d = gv_app_open_trace(v->app, v->a[i]->trace_dir);
	if (!d)
		return;
	if (!gv_lesson_attach(d, v->l[i], 0)) {
		snprintf(msg, sizeof(msg), "firing %u: its instance cannot be shown", v->f[i].seq);
		say(v, true, msg);
		return;
	}
	snprintf(msg, sizeof(msg), "firing %u: opened in the main window", v->f[i].seq);
	say(v, false, msg);
	gtk_window_present(GTK_WINDOW(v->app->win));
}

static void on_activated(GtkTreeView *tv, GtkTreePath *p, GtkTreeViewColumn *c, gpointer data)
{
	(void)tv;
	(void)p;
	(void)c;
	open_selected(data);
}

static void on_open(GtkButton *b, gpointer data)
{
	(void)b;
	open_selected(data);
}

static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	(void)w;
	if (lttr_keys_action(LTTR_KF_GTK, LTTR_KW_FIRINGS, gv_key_code(ev)) == LTTR_KA_FIRING_OPEN) {
		open_selected(data);
		return TRUE;
	}
	return FALSE;
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	struct gv_firings *v = data;

	(void)w;
	/* the tabs it opened keep their lessons: they go with the application */
	if (v->app->firings == v)
		v->app->firings = NULL;
	v->app->old_firings = g_list_prepend(v->app->old_firings, v);
}

void gv_firings_free_all(struct gv_app *app)
{
	GList *l;

	for (l = app->old_firings; l; l = l->next)
		fir_free(l->data);
	g_list_free(app->old_firings);
	app->old_firings = NULL;
}

static int compute(struct gv_firings *v, GError **error)
{
	struct lttr_error err;
	size_t i;

	if (lttr_firings_read_all(v->dir, &v->f, &v->n, &err) < 0) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s", err.msg);
		return -1;
	}
	v->a = calloc(v->n ? v->n : 1, sizeof(*v->a));
	v->l = calloc(v->n ? v->n : 1, sizeof(*v->l));
	v->err = calloc(v->n ? v->n : 1, sizeof(*v->err));
	if (!v->a || !v->l || !v->err)
		goto nomem;
	for (i = 0; i < v->n; i++) {
		if (v->f[i].bad)
			continue;
		if (lttr_audit_firing(v->dir, v->app->symfs, &v->f[i], v->top, &v->a[i], &err) < 0 ||
		    (v->a[i]->analysed && lttr_audit_lesson(&v->f[i], v->a[i], &v->l[i], &err) < 0)) {
			v->err[i] = strdup(err.msg);
			if (!v->err[i])
				goto nomem;
		}
	}
	return 0;
nomem:
	g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "out of memory");
	return -1;
}

bool gv_firings_open(struct gv_app *app, const char *dir, unsigned int top, GError **error)
{
	static const char *const titles[] = { "#", "time (s)", "latency (us)",
		"request (side, peer)", "rule", "condition", "blamed (the selected parties' shares)" };
	static const char *const code_titles[] = { "*", "#", "blame (ns)", "share (%)",
		"critical path", "code path (leaf frames, root first)" };
	struct gv_firings *v = g_new0(struct gv_firings, 1);
	GtkWidget *box, *sw, *sw2, *buttons, *open, *title;
	GtkListStore *st;
	GtkTreeIter it;
	char *head;
	int c;

	v->app = app;
	v->dir = g_strdup(dir);
	v->top = top;
	if (compute(v, error) < 0) {
		fir_free(v);
		return false;
	}
	if (app->firings)
		gtk_widget_destroy(app->firings->win);
	app->firings = v;
	v->win = gv_app_side_window(app, "Firings", dir, 1000, 560, &box);
	head = g_strdup_printf("%s: %zu firing%s (audit --top %u)", dir, v->n,
			       v->n == 1 ? "" : "s", top);
	title = gtk_label_new(head);
	gtk_widget_set_name(title, "firings-title");
	atk_object_set_name(gtk_widget_get_accessible(title), "firings-title");
	atk_object_set_description(gtk_widget_get_accessible(title), head);
	gtk_label_set_xalign(GTK_LABEL(title), 0);
	g_free(head);
	gtk_box_pack_start(GTK_BOX(box), title, FALSE, FALSE, 0);

	st = gtk_list_store_new(F_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_INT);
	fill(v, st);
	v->list = gtk_tree_view_new_with_model(GTK_TREE_MODEL(st));
	g_object_unref(st);
	gtk_widget_set_name(v->list, "firings");
	atk_object_set_name(gtk_widget_get_accessible(v->list), "Firings list");
	for (c = 0; c < F_INDEX; c++) {
		GtkCellRenderer *r = gtk_cell_renderer_text_new();
		GtkTreeViewColumn *col = gtk_tree_view_column_new_with_attributes(titles[c], r,
									    "text", c, NULL);

		gtk_tree_view_column_set_resizable(col, TRUE);
		if (c <= F_LATENCY)
			g_object_set(r, "xalign", 1.0, NULL);
		gtk_tree_view_append_column(GTK_TREE_VIEW(v->list), col);
	}
	sw = gtk_scrolled_window_new(NULL, NULL);
	gtk_container_add(GTK_CONTAINER(sw), v->list);
	gtk_widget_set_size_request(sw, -1, 160);
	gtk_box_pack_start(GTK_BOX(box), sw, TRUE, TRUE, 0);

	v->code_head = gtk_label_new("");
	gtk_widget_set_name(v->code_head, "firing-code-paths");
	atk_object_set_name(gtk_widget_get_accessible(v->code_head), "firing-code-paths");
	gtk_label_set_xalign(GTK_LABEL(v->code_head), 0);
	gtk_label_set_selectable(GTK_LABEL(v->code_head), TRUE);
	gtk_widget_set_can_focus(v->code_head, FALSE);
	gtk_box_pack_start(GTK_BOX(box), v->code_head, FALSE, FALSE, 0);
	st = gtk_list_store_new(C_NCOLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
				G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
	v->code = gtk_tree_view_new_with_model(GTK_TREE_MODEL(st));
	g_object_unref(st);
	gtk_widget_set_name(v->code, "firing-code-paths-list");
	atk_object_set_name(gtk_widget_get_accessible(v->code), "Code paths list");
	gtk_widget_set_can_focus(v->code, FALSE);
	for (c = 0; c < C_NCOLS; c++) {
		GtkCellRenderer *r = gtk_cell_renderer_text_new();
		GtkTreeViewColumn *col = gtk_tree_view_column_new_with_attributes(code_titles[c],
									    r, "text", c, NULL);

		gtk_tree_view_column_set_resizable(col, TRUE);
		if (c >= C_RANK && c <= C_SHARE)
			g_object_set(r, "xalign", 1.0, NULL);
		gtk_tree_view_append_column(GTK_TREE_VIEW(v->code), col);
	}
	sw = gtk_scrolled_window_new(NULL, NULL);
	gtk_container_add(GTK_CONTAINER(sw), v->code);
	gtk_widget_set_size_request(sw, -1, 110);
	gtk_box_pack_start(GTK_BOX(box), sw, FALSE, FALSE, 0);

	v->text = gtk_label_new("");
	gtk_widget_set_name(v->text, "firing-text");
	atk_object_set_name(gtk_widget_get_accessible(v->text), "firing-text");
	gtk_label_set_xalign(GTK_LABEL(v->text), 0);
	gtk_label_set_yalign(GTK_LABEL(v->text), 0);
	gtk_label_set_selectable(GTK_LABEL(v->text), TRUE);
	gtk_widget_set_can_focus(v->text, FALSE);
	sw2 = gtk_scrolled_window_new(NULL, NULL);
	gtk_container_add(GTK_CONTAINER(sw2), v->text);
	gtk_widget_set_size_request(sw2, -1, 220);
	gtk_box_pack_start(GTK_BOX(box), sw2, TRUE, TRUE, 0);

	buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
	open = gtk_button_new_with_mnemonic("_Open in the control flow");
	gtk_widget_set_name(open, "firing-open");
	gtk_widget_set_can_focus(open, FALSE);
	v->status = gtk_label_new("");
	gtk_widget_set_name(v->status, "firings-status");
	atk_object_set_name(gtk_widget_get_accessible(v->status), "firings-status");
	gtk_box_pack_start(GTK_BOX(buttons), open, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(buttons), v->status, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), buttons, FALSE, FALSE, 0);
	gtk_container_add(GTK_CONTAINER(v->win), box);

	g_signal_connect(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->list)), "changed",
			 G_CALLBACK(on_changed), v);
	g_signal_connect(v->list, "row-activated", G_CALLBACK(on_activated), v);
	g_signal_connect(open, "clicked", G_CALLBACK(on_open), v);
	g_signal_connect(v->win, "key-press-event", G_CALLBACK(on_key), v);
	g_signal_connect(v->win, "destroy", G_CALLBACK(on_destroy), v);
	if (gtk_tree_model_get_iter_first(GTK_TREE_MODEL(st), &it))
		gtk_tree_selection_select_iter(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->list)),
					       &it);
	gtk_widget_show_all(v->win);
	gtk_widget_grab_focus(v->list);
	return true;
}
