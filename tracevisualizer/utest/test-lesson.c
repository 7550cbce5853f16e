// SPDX-License-Identifier: GPL-2.0
/*
 * test-lesson.c - the lessons' format (lttr/view/lesson.h): a lesson with
 * every key read back exactly; each mistake refused with its line and
 * column (an unknown key, no colon, a bad filter, a bad duration, "at"
 * with "time", a step without text, a key before the first step, no
 * title, no step, a NUL byte); a step shown in a session of a one-CPU
 * trace: the cursor at its "at" event, that task selected, the window of
 * its span centred there, the rows filter set, then cleared by the next
 * step; a step whose "at" matches nothing refused; every lesson of
 * docs/lessons/ parsed.
 *
 *   test-lesson                       the checks
 *   test-lesson --apply LESSON TRACE  every step of LESSON shown on TRACE: a line
 *                                     per step, "step N cursor C t0 A t1 B pid P"
 *                                     (ns from the trace start; P the task selected),
 *                                     status 1 when a step cannot be shown
 *                                     (tests/guest/46-lessons.t on the real traces)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include <lttr/view/view.h>
#include <lttr/view/session.h>
#include <lttr/view/lesson.h>
#include "tap.h"
#include "tracegen.h"

static const char desc[] =
	"header ncpus=1 end=1001000000\n"
	"proc PID: 5; PPID: 1; TGID: 5; NAME: cat\n"
	"proc PID: 6; PPID: 1; TGID: 6; NAME: grep\n"
	"buf cpu=0 start=1000000000 pid=5\n"
	"1000000000 start 5 0\n"
	"1000100000 syscall_entry 39\n"
	"1000200000 syscall_exit 39 5\n"
	"1000500000 sched 5 6 1\n"
	"1000900000 sched 6 5 0\n";

static const char good[] =
	"# a comment\n"
	"title: The lesson\n"
	"trace: ../t/x\n"
	"\n"
	"step: First\n"
	"text: one\n"
	"text:   two  \n"
	"text:\n"
	"text: new\n"
	"at: type == syscall_exit\n"
	"span: 100us\n"
	"rows: pid == 5\n"
	"step: Second\r\n"
	"text: three\n"
	"time: 0.0009\n";

/* @text is refused with a message holding @want */
static void refused(const char *text, const char *want)
{
	struct lttr_lesson *l = NULL;
	struct lttr_error err;
	int rc;

	err.msg[0] = '\0';
	rc = lttr_lesson_parse(text, strlen(text), "F", &l, &err);

	ok(rc == -LTTR_E_FORMAT && !l && strstr(err.msg, want), "refused with '%s': %s", want,
	   err.msg);
}

static void parse_docs(void)
{
	DIR *d = opendir(LTTR_LESSON_DIR);	/* the sources' docs/lessons */
	struct dirent *e;
	size_t n = 0;

	if (!d) {
		ok(0, "docs/lessons/ opened");
		return;
	}
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char path[600];
		struct lttr_lesson *l;
		struct lttr_error err;

		if (len < 8 || strcmp(e->d_name + len - 7, ".lesson"))
			continue;
		snprintf(path, sizeof(path), LTTR_LESSON_DIR "/%s", e->d_name);
		ok(!lttr_lesson_load(path, &l, &err) && l->nsteps >= 2 && l->trace,
		   "%s parsed: %s", path, l ? "" : err.msg);
		lttr_lesson_free(l);
		n++;
	}
	closedir(d);
	ok(n >= 5, "docs/lessons/ has %zu lessons (at least 5)", n);
}

static int apply_all(const char *file, const char *dir)
{
	struct lttr_lesson *l;
	struct lttr_error err;
	struct lttr_session s;
	struct lttr_trace *t;
	struct lttr_view *v;
	unsigned int what;
	size_t i;
	int rc = 0;

	if (lttr_lesson_load(file, &l, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	if (lttr_trace_open(dir, LTTR_OPEN_SALVAGE, &t, &err) ||
	    lttr_view_build(t, NULL, NULL, &v, &err) ||
	    lttr_session_init(&s, dir, LTTR_OPEN_SALVAGE, t, v)) {
		fprintf(stderr, "%s\n", err.msg);
		lttr_lesson_free(l);
		return 1;
	}
	for (i = 0; i < l->nsteps; i++) {
		if (lttr_lesson_apply(&s, l, i, &what, &err)) {
			fprintf(stderr, "%s\n", err.msg);
			rc = 1;
			continue;
		}
		printf("step %zu cursor %llu t0 %llu t1 %llu pid %u\n", i + 1,
		       (unsigned long long)lttr_session_rel(&s, s.vp.cursor),
		       (unsigned long long)lttr_session_rel(&s, s.vp.t0),
		       (unsigned long long)lttr_session_rel(&s, s.vp.t1), s.sel_pid);
	}
	lttr_session_free(&s);
	lttr_lesson_free(l);
	return rc;
}

int main(int argc, char **argv)
{
	struct lttr_lesson *l;
	struct lttr_error err;
	struct lttr_session s;
	struct lttr_trace *t;
	struct lttr_view *v;
	unsigned int what;
	char buf[256];

	if (argc == 4 && !strcmp(argv[1], "--apply"))
		return apply_all(argv[2], argv[3]);
	ok(!lttr_lesson_parse(good, sizeof(good) - 1, "F", &l, &err), "a lesson parsed: %s",
	   err.msg);
	ok(!strcmp(l->title, "The lesson") && !strcmp(l->trace, "../t/x") && l->nsteps == 2,
	   "its title, trace and two steps");
	ok(!strcmp(l->steps[0].title, "First") && !strcmp(l->steps[0].text, "one two\nnew") &&
	   !strcmp(l->steps[0].at, "type == syscall_exit") && l->steps[0].span_ns == 100000 &&
	   !strcmp(l->steps[0].rows, "pid == 5") && l->steps[0].line == 5 &&
	   !l->steps[0].has_time, "step 1 read back exactly");
	ok(!strcmp(l->steps[1].title, "Second") && l->steps[1].has_time &&
	   l->steps[1].time_ns == 900000 && !l->steps[1].at && !l->steps[1].rows &&
	   !l->steps[1].span_ns && l->steps[1].line == 13, "step 2 read back exactly");
	ok(lttr_lesson_trace(l, buf, sizeof(buf)) && !strcmp(buf, "../t/x"),
	   "a text parsed (no file): the trace as written");
	l->dir = strdup("/d/lessons");
	ok(lttr_lesson_trace(l, buf, sizeof(buf)) && !strcmp(buf, "/d/lessons/../t/x"),
	   "the trace relative to the file's directory: %s", buf);

	refused("title: x\nstep: s\ntext: t\nbogus: 1\n", "F:4:1: unknown key");
	refused("title: x\nstep: s\ntext t\n", "F:3:5: \":\" expected");
	refused("title: x\nstep: s\ntext: t\nat: nosuchfield == 3\n", "F:4:5: not a filter");
	refused("title: x\nstep: s\ntext: t\nrows:   pid ==\n", "F:4:9: not a filter");
	refused("title: x\nstep: s\ntext: t\nspan: 5 parsecs\n", "F:4:7: not a duration");
	refused("title: x\nstep: s\ntext: t\nspan: 0\n", "F:4:7: a span of 0");
	refused("title: x\nstep: s\ntext: t\nat: pid == 1\ntime: 1\n", "F:5:1: a step has");
	refused("title: x\nstep: s\ntext: t\ntime: 1\nat: pid == 1\n", "F:5:1: a step has");
	refused("title: x\nstep: s\nat: pid == 1\nstep: u\ntext: t\n", "F:2:1: this step has no");
	refused("title: x\nstep: s\n", "F:2:1: this step has no");
	refused("title: x\ntext: t\n", "F:2:1: this key belongs to a step");
	refused("title: x\nstep: s\ntext: t\ntitle: y\n", "F:4:1: title and trace come before");
	refused("title: x\ntitle: y\n", "F:2:1: this key is already given");
	refused("step: s\ntext: t\n", "F:1:1: the lesson's \"title:\" comes first");
	refused("# nothing\n", "F:1:1: no \"title:\"");
	refused("title: x\n", "F:1:1: no \"step:\"");
	refused("title: x\nstep:\ntext: t\n", "F:2:6: a value expected");
	refused("title: x\nstep: s\ntext: t\nat:\n", "F:4:4: a value expected");
	refused("title: x\n  step: s\n", "F:2:1: a key expected");
	{
		static const char nul[] = "title: x\nstep: s\ntext: a\0b\n";
		struct lttr_lesson *l2 = NULL;

		ok(lttr_lesson_parse(nul, sizeof(nul) - 1, "F", &l2, &err) == -LTTR_E_FORMAT && !l2 &&
		   strstr(err.msg, "F:3:8: a NUL byte"), "a NUL byte refused: %s", err.msg);
		ok(!lttr_lesson_parse("title: x\nstep: s\ntext:\n", 23, "F", &l2, &err) &&
		   l2 && !strcmp(l2->steps[0].text, ""), "an empty first text line is taken");
		lttr_lesson_free(l2);
	}

	if (tg_open("lesson", desc, 0, &t, &err) || lttr_view_build(t, NULL, NULL, &v, &err) ||
	    lttr_session_init(&s, tg_dir("lesson"), 0, t, v)) {
		ok(0, "a session: %s", err.msg);
		return tap_done();
	}
	ok(!lttr_lesson_apply(&s, l, 0, &what, &err), "step 1 shown: %s", err.msg);
	ok(s.vp.cursor == 1000200000ULL, "the cursor at the first syscall_exit (%llu)",
	   (unsigned long long)s.vp.cursor);
	ok(s.vp.t0 == 1000150000ULL && s.vp.t1 == 1000250000ULL,
	   "the window: 100 us centred on it (%llu..%llu)", (unsigned long long)s.vp.t0,
	   (unsigned long long)s.vp.t1);
	ok(s.sel_pid == 5 && s.filter && !strcmp(s.filter_text, "pid == 5") && !s.filter_hide,
	   "its task selected, its rows highlighted (the filter, dimming)");
	ok(what & LTTR_SES_CURSOR && what & LTTR_SES_FILTER && what & LTTR_SES_WINDOW,
	   "the change bits say so (0x%x)", what);
	ok(!lttr_lesson_apply(&s, l, 1, &what, &err), "step 2 shown: %s", err.msg);
	ok(s.vp.cursor == 1000900000ULL && !s.filter,
	   "the cursor at 0.9 ms from the start, the rows filter cleared");
	ok(lttr_lesson_apply(&s, l, 2, &what, &err) == -LTTR_E_INVAL && strstr(err.msg, "no step 3"),
	   "no step 3: %s", err.msg);
	free(l->steps[0].at);
	l->steps[0].at = strdup("type == fs_open");
	ok(lttr_lesson_apply(&s, l, 0, &what, &err) == -LTTR_E_INVAL &&
	   strstr(err.msg, "step 1 (line 5): no event matches"), "an at that matches nothing: %s",
	   err.msg);
	ok(s.vp.cursor == 1000900000ULL, "and the cursor stays");
	lttr_session_free(&s);
	lttr_lesson_free(l);
	parse_docs();
	return tap_done();
}
