/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/lesson.h - a lesson: steps through a real trace, each moving
 * the shared cursor and window (lttr/view/session.h) to the moment it
 * talks about and highlighting the rows it names.  The window shows the
 * steps in a side panel (tracevisualizer-gtk --lesson), the terminal as a
 * pager (tracevisualizer tui --lesson); docs/lessons/ holds the lessons
 * and docs/lessons/README.md the format:
 *
 *   # a comment (a line whose first character is #)
 *   title: What a system call costs
 *   trace: ../../traces/lessons/syscall   (optional: the trace, relative to the file)
 *
 *   step: The process                      (a step starts; its title)
 *   text: ltt-getppid calls getppid() ...  (a line of text; repeat the key: the
 *                                          lines of a paragraph are joined by a
 *                                          space, an empty "text:" ends it)
 *   at: type == syscall_entry && comm == "ltt-getppid"
 *                                          (the cursor to the first event matching)
 *   time: 1.5                              (or: the cursor at 1.5 s from the trace start)
 *   span: 200us                            (the window's width around the cursor)
 *   rows: comm == "ltt-getppid"            (the rows matching drawn, the others dimmed)
 *
 * A key is at the start of its line and followed by ':'; blank lines are
 * ignored.  "at" and "rows" are filter expressions (docs/filter.md),
 * "time" and "span" durations (lttr/units/duration.h).  Every step has a
 * title and text; "at" and "time" exclude each other.  An error names the
 * file, line and column ("FILE:3:5: ...").
 */
#ifndef LTTR_VIEW_LESSON_H
#define LTTR_VIEW_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_session;

/**
 * struct lttr_lesson_step - one step
 * @title: its title
 * @text: its text (the lines of a paragraph joined by ' ', paragraphs by '\n')
 * @at: a filter expression: the cursor to the first matching event (NULL: none)
 * @has_time: the cursor to @time_ns from the trace start
 * @time_ns: that time
 * @span_ns: the window's width around the cursor (0: the window kept)
 * @rows: a filter expression: the rows highlighted (NULL: every row)
 * @line: the line of its "step:" in the file
 */
struct lttr_lesson_step {
	char *title;
	char *text;
	char *at;
	bool has_time;
	uint64_t time_ns;
	uint64_t span_ns;
	char *rows;
	unsigned int line;
};

/**
 * struct lttr_lesson - a lesson
 * @title: its title
 * @trace: its trace's directory as the file names it (NULL: none)
 * @dir: the directory of the file (for @trace), or NULL
 * @steps: its steps
 * @nsteps: how many (at least one)
 */
struct lttr_lesson {
	char *title;
	char *trace;
	char *dir;
	struct lttr_lesson_step *steps;
	size_t nsteps;
};

/**
 * lttr_lesson_parse() - a lesson from its text
 * @text: the text (need not be NUL-terminated)
 * @len: its length
 * @file: its name, for the messages
 * @out: receives the lesson (lttr_lesson_free())
 * @err: receives "FILE:LINE:COL: what is wrong"
 * Return: 0, -LTTR_E_FORMAT for a text that is not a lesson, -LTTR_E_NOMEM.
 */
int lttr_lesson_parse(const char *text, size_t len, const char *file, struct lttr_lesson **out,
		      struct lttr_error *err);

/**
 * lttr_lesson_load() - a lesson from a file (lttr_lesson_parse())
 * @path: the file
 * @out: receives the lesson
 * @err: receives the error
 * Return: 0, -LTTR_E_IO, or as lttr_lesson_parse().
 */
int lttr_lesson_load(const char *path, struct lttr_lesson **out, struct lttr_error *err);

/**
 * lttr_lesson_find() - the file of lesson @name: @name itself when it
 * names a file (it has a '/' or ends in ".lesson"), else
 * DIR/NAME.lesson in $LTTR_LESSON_DIR, then in @dflt
 * @name: a lesson's name or file
 * @dflt: the lessons' directory (may be NULL)
 * @buf: receives the path
 * @size: its size
 * Return: @buf, or NULL when there is no such lesson.
 */
const char *lttr_lesson_find(const char *name, const char *dflt, char *buf, size_t size);

/**
 * lttr_lesson_trace() - the lesson's trace directory (@l->trace relative
 * to the file's directory), in @buf
 * Return: @buf, or NULL when the lesson names none.
 */
const char *lttr_lesson_trace(const struct lttr_lesson *l, char *buf, size_t size);

/** lttr_lesson_free() - release @l (may be NULL) */
void lttr_lesson_free(struct lttr_lesson *l);

/**
 * lttr_lesson_apply() - step @i of @l shown in session @s: the cursor at
 * its moment (its "at" event's task selected), the window of its span
 * centred on it, the rows of its "rows" highlighted (the session's filter,
 * dimming the others; none: no filter)
 * @s: the session
 * @l: the lesson
 * @i: the step
 * @what: receives the LTTR_SES_* bits changed (may be NULL)
 * @err: receives why the step cannot be shown ("step 2 (line 14): no
 *	event matches ...")
 * Return: 0, -LTTR_E_INVAL (nothing matches, no such step), or the
 * search's error.
 */
int lttr_lesson_apply(struct lttr_session *s, const struct lttr_lesson *l, size_t i,
		      unsigned int *what, struct lttr_error *err);

#endif /* LTTR_VIEW_LESSON_H */
