// SPDX-License-Identifier: GPL-2.0
/*
 * lesson.c - a lesson's steps in the terminal analyzer (tracevisualizer
 * tui --lesson NAME|FILE): a pager under the views, the step's title and
 * text; } and { (the keymap's lesson-next, lesson-previous) show the next
 * and the previous step, which the library applies to the shared session
 * (lttr_lesson_apply(): cursor, window, selected task, rows highlighted).
 */
#include <stdbool.h>
#include <string.h>
#include "tui.h"

void tui_lesson_show(struct tui *u, size_t i)
{
	struct lttr_error err;
	unsigned int what;

	if (!u->o->lesson) {
		tui_message(u, true, "no lesson: tracevisualizer tui --lesson NAME|FILE");
		return;
	}
	if (lttr_lesson_apply(&u->s, u->o->lesson, i, &what, &err)) {
		tui_message(u, true, "%s", err.msg);
		return;
	}
	u->step = i;
	u->ev.valid = false;
	if (u->s.sel_pid)
		tui_graph_select_pid(u, u->s.sel_pid, 0);
}

void tui_lesson_key(struct tui *u, int dir)
{
	const struct lttr_lesson *l = u->o->lesson;

	if (!l) {
		tui_message(u, true, "no lesson: tracevisualizer tui --lesson NAME|FILE");
		return;
	}
	if (dir > 0 && u->step + 1 >= l->nsteps)
		tui_message(u, false, "the last step (%zu of %zu): { goes back", u->step + 1,
			    l->nsteps);
	else if (dir < 0 && !u->step)
		tui_message(u, false, "the first step: } goes on");
	else
		tui_lesson_show(u, dir > 0 ? u->step + 1 : u->step - 1);
}

/*
 * the text's lines wrapped at @w columns, drawn from line @y (at most @n;
 * @draw false: only counted); the lines used
 */
static int wrap(int y, int w, int n, const char *text, bool draw)
{
	int used = 0;

	while (*text && used < n) {
		size_t len = strcspn(text, "\n"), cut = len;

		if (cut > (size_t)w) {
			cut = (size_t)w;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (!cut)
				cut = (size_t)w;
		}
		if (draw)
			mvaddnstr(y + used, 1, text, (int)cut);
		used++;
		text += cut;
		while (*text == ' ')
			text++;
		if (*text == '\n')
			text++;
	}
	return used;
}

int tui_lesson_height(const struct tui *u, int height)
{
	const struct lttr_lesson *l = u->o->lesson;
	int lines;

	if (!l || u->w < 4)
		return 0;
	lines = 1 + wrap(0, u->w - 2, height, l->steps[u->step].text, false);
	return lines < height / 2 ? lines : height / 2;
}

void tui_lesson_draw(struct tui *u, int top, int height)
{
	const struct lttr_lesson *l = u->o->lesson;
	const struct lttr_lesson_step *st;
	char head[512], keys[64];
	int x;

	if (!l || height < 2)
		return;
	st = &l->steps[u->step];
	snprintf(keys, sizeof(keys), "  } next  { previous");
	snprintf(head, sizeof(head), " Lesson: %s -- step %zu of %zu: %s", l->title, u->step + 1,
		 l->nsteps, st->title);
	move(top, 0);
	attron(tui_attr_title(u));
	for (x = 0; x < u->w; x++)
		addch(' ');
	mvaddnstr(top, 0, head, u->w);
	if ((int)(strlen(head) + strlen(keys)) < u->w)
		mvaddstr(top, u->w - (int)strlen(keys), keys);
	attroff(tui_attr_title(u));
	wrap(top + 1, u->w - 2, height - 1, st->text, true);
}
