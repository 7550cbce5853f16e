// SPDX-License-Identifier: GPL-2.0
/*
 * lesson.c - a lesson's steps in the window (tracevisualizer-gtk --lesson
 * NAME|FILE): a side panel beside the graphs and tables of the tab with
 * the lesson's title, the step's title and text, Previous and Next; a step
 * shown is applied by the library to the tab's session
 * (lttr_lesson_apply(): the shared cursor and window, the task selected,
 * the rows highlighted), which every view follows.  } and { (the keymap's
 * lesson-next, lesson-previous) do what Next and Previous do.
 */
#include <stdio.h>
#include <string.h>
#include "gv.h"

struct gv_lesson {
	const struct lttr_lesson *l;	/* the application's */
	size_t step;
	GtkWidget *head;	/* "Step 2 of 3: title" */
	GtkWidget *text;
	GtkWidget *prev;
	GtkWidget *next;
};

static void update(struct gv_doc *d)
{
	struct gv_lesson *g = d->lesson;
	const struct lttr_lesson_step *st = &g->l->steps[g->step];
	char *head = g_strdup_printf("Step %zu of %zu: %s", g->step + 1, g->l->nsteps, st->title);

	gtk_label_set_text(GTK_LABEL(g->head), head);
	atk_object_set_description(gtk_widget_get_accessible(g->head), head);
	g_free(head);
	gtk_label_set_text(GTK_LABEL(g->text), st->text);
	gtk_widget_set_sensitive(g->prev, g->step > 0);
	gtk_widget_set_sensitive(g->next, g->step + 1 < g->l->nsteps);
}

bool gv_lesson_show(struct gv_doc *d, size_t i)
{
	struct gv_lesson *g = d->lesson;
	struct lttr_error err;
	unsigned int what;

	if (!g) {
		gv_doc_message(d, true, "no lesson: tracevisualizer-gtk --lesson NAME|FILE");
		return false;
	}
	if (lttr_lesson_apply(&d->s, g->l, i, &what, &err)) {
		gv_doc_message(d, true, "%s", err.msg);
		fprintf(stderr, "tracevisualizer-gtk: %s\n", err.msg);
		return false;
	}
	g->step = i;
	update(d);
	gv_doc_changed(d, what | GV_SELECT | GV_FILTER);
	return true;
}

void gv_lesson_key(struct gv_doc *d, int dir)
{
	struct gv_lesson *g = d->lesson;

	if (!g)
		gv_doc_message(d, true, "no lesson: tracevisualizer-gtk --lesson NAME|FILE");
	else if (dir > 0 && g->step + 1 >= g->l->nsteps)
		gv_doc_message(d, false, "the last step (%zu of %zu)", g->step + 1, g->l->nsteps);
	else if (dir < 0 && !g->step)
		gv_doc_message(d, false, "the first step");
	else
		gv_lesson_show(d, dir > 0 ? g->step + 1 : g->step - 1);
}

static void on_prev(GtkButton *b, gpointer data)
{
	(void)b;
	gv_lesson_key(data, -1);
}

static void on_next(GtkButton *b, gpointer data)
{
	(void)b;
	gv_lesson_key(data, 1);
}

static GtkWidget *label(const char *name, bool wrap)
{
	GtkWidget *w = gtk_label_new("");

	gtk_widget_set_name(w, name);
	atk_object_set_name(gtk_widget_get_accessible(w), name);
	gtk_label_set_xalign(GTK_LABEL(w), 0);
	gtk_label_set_yalign(GTK_LABEL(w), 0);
	gtk_label_set_selectable(GTK_LABEL(w), TRUE);
	if (wrap) {
		gtk_label_set_line_wrap(GTK_LABEL(w), TRUE);
		gtk_label_set_max_width_chars(GTK_LABEL(w), 36);
		gtk_label_set_width_chars(GTK_LABEL(w), 36);
	}
	return w;
}

bool gv_lesson_attach(struct gv_doc *d, const struct lttr_lesson *l, size_t step)
{
	GtkWidget *box = d->page, *paned = g_object_get_data(G_OBJECT(box), "paned");
	GtkWidget *side, *panel, *title, *buttons;
	struct gv_lesson *g;
	char *markup;
	int pos = 0;

	if (!paned || step >= l->nsteps || d->lesson)
		return false;
	g = g_new0(struct gv_lesson, 1);
	g->l = l;
	d->lesson = g;
	panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
	gtk_widget_set_name(panel, "lesson");
	gtk_container_set_border_width(GTK_CONTAINER(panel), 8);
	title = label("Lesson", true);
	markup = g_markup_printf_escaped("<b>Lesson: %s</b>", l->title);
	gtk_label_set_markup(GTK_LABEL(title), markup);
	g_free(markup);
	g->head = label("Lesson step", true);
	g->text = label("Lesson text", true);
	buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
	g->prev = gtk_button_new_with_mnemonic("_Previous");
	g->next = gtk_button_new_with_mnemonic("_Next");
	gtk_widget_set_name(g->prev, "lesson-previous");
	gtk_widget_set_name(g->next, "lesson-next");
	gtk_widget_set_can_focus(g->prev, FALSE);
	gtk_widget_set_can_focus(g->next, FALSE);
	g_signal_connect(g->prev, "clicked", G_CALLBACK(on_prev), d);
	g_signal_connect(g->next, "clicked", G_CALLBACK(on_next), d);
	gtk_box_pack_start(GTK_BOX(buttons), g->prev, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(buttons), g->next, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(panel), title, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(panel), g->head, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(panel), g->text, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(panel), buttons, FALSE, FALSE, 0);

	/* the graphs and tables on the left, the panel on the right */
	gtk_container_child_get(GTK_CONTAINER(box), paned, "position", &pos, NULL);
	g_object_ref(paned);
	gtk_container_remove(GTK_CONTAINER(box), paned);
	side = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
	gtk_box_pack_start(GTK_BOX(side), paned, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(side), gtk_separator_new(GTK_ORIENTATION_VERTICAL), FALSE,
			   FALSE, 0);
	gtk_box_pack_start(GTK_BOX(side), panel, FALSE, FALSE, 0);
	g_object_unref(paned);
	gtk_box_pack_start(GTK_BOX(box), side, TRUE, TRUE, 0);
	gtk_box_reorder_child(GTK_BOX(box), side, pos);
	gtk_widget_show_all(side);
	update(d);
	return gv_lesson_show(d, step);
}

void gv_lesson_free(struct gv_doc *d)
{
	g_free(d->lesson);
	d->lesson = NULL;
}
