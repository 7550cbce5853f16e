// SPDX-License-Identifier: GPL-2.0
/*
 * prompt.c - the interactive prompt of the command line (replay): line
 * editing and a history kept across runs, from libedit (BSD-licensed;
 * Debian's readline is GPL-3).  Not a terminal: the lines are read as they
 * come, without a prompt.
 *
 * The history is $LTTR_HISTORY_DIR/NAME_history, else
 * $XDG_STATE_HOME/tracevisualizer/, else ~/.local/state/tracevisualizer/;
 * it keeps the last 1000 lines, a line the same as the one before it once.
 * A history that cannot be read or written is said once, and the prompt
 * goes on without it.
 */
#include <errno.h>
#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

struct cli_prompt {
	EditLine *el;
	History *hist;
	const char *text;	/* the prompt shown */
	char path[4096];	/* the history file, "" if none */
	char line[4096];	/* a line read without a terminal */
	bool tty;
};

static char *prompt_text(EditLine *el)
{
	struct cli_prompt *p = NULL;

	el_get(el, EL_CLIENTDATA, &p);
	return (char *)(p && p->text ? p->text : "");
}

/* mkdir -p of the directories of @path (its last name is the file) */
static int make_dirs(char *path)
{
	char *s;

	for (s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(path, 0700) && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	return 0;
}

static void history_path(struct cli_prompt *p, const char *name)
{
	const char *d = getenv("LTTR_HISTORY_DIR"), *x = getenv("XDG_STATE_HOME"),
		   *h = getenv("HOME");
	int n = -1;

	if (d && *d)
		n = snprintf(p->path, sizeof(p->path), "%s/%s_history", d, name);
	else if (x && *x)
		n = snprintf(p->path, sizeof(p->path), "%s/tracevisualizer/%s_history", x, name);
	else if (h && *h)
		n = snprintf(p->path, sizeof(p->path), "%s/.local/state/tracevisualizer/%s_history",
			     h, name);
	if (n < 0 || (size_t)n >= sizeof(p->path))
		p->path[0] = '\0';
}

struct cli_prompt *cli_prompt_open(const char *name)
{
	struct cli_prompt *p = calloc(1, sizeof(*p));
	HistEvent ev;

	if (!p)
		return NULL;
	p->tty = isatty(0) && isatty(1);
	if (!p->tty)
		return p;
	p->hist = history_init();
	p->el = el_init(cli_prog, stdin, stdout, stderr);
	if (!p->hist || !p->el) {
		if (p->el)
			el_end(p->el);
		if (p->hist)
			history_end(p->hist);
		p->el = NULL;
		p->hist = NULL;
		p->tty = false;	/* plain lines, as without a terminal */
		return p;
	}
	history(p->hist, &ev, H_SETSIZE, 1000);
	history(p->hist, &ev, H_SETUNIQUE, 1);
	el_set(p->el, EL_CLIENTDATA, p);
	el_set(p->el, EL_PROMPT, prompt_text);
	el_set(p->el, EL_EDITOR, "emacs");
	el_set(p->el, EL_HIST, history, p->hist);
	el_set(p->el, EL_SIGNAL, 1);
	el_source(p->el, NULL);		/* the user's ~/.editrc, as other libedit tools */
	history_path(p, name);
	if (p->path[0] && access(p->path, F_OK) == 0 && history(p->hist, &ev, H_LOAD, p->path) < 0)
		fprintf(stderr, "%s: %s: the history cannot be read; going on without it\n",
			cli_prog, p->path);
	return p;
}

const char *cli_prompt_read(struct cli_prompt *p, const char *text)
{
	HistEvent ev;
	const char *l;
	int n = 0;

	if (!p->tty)
		return fgets(p->line, sizeof(p->line), stdin);
	p->text = text;
	l = el_gets(p->el, &n);
	if (!l || n <= 0)
		return NULL;
	if (strspn(l, " \t\r\n") < (size_t)n)	/* not a blank line */
		history(p->hist, &ev, H_ENTER, l);
	return l;
}

void cli_prompt_close(struct cli_prompt *p)
{
	HistEvent ev;

	if (!p)
		return;
	if (p->hist && p->path[0] &&
	    (make_dirs(p->path) || history(p->hist, &ev, H_SAVE, p->path) < 0))
		fprintf(stderr, "%s: %s: the history cannot be written: %s\n", cli_prog, p->path,
			strerror(errno));
	if (p->el)
		el_end(p->el);
	if (p->hist)
		history_end(p->hist);
	free(p);
}
