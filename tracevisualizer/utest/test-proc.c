// SPDX-License-Identifier: GPL-2.0
/*
 * test-proc.c - the proc snapshot parser.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

static int parse(const char *text, unsigned int flags, struct lttr_proc **p,
		 struct lttr_error *err)
{
	return lttr_proc_parse(text, strlen(text), "proc", flags, p, err);
}

/*
 * Front ends open traces in threads of their own, two at once with two
 * traces: lttr_proc_check() runs in both.  Each thread checks its own
 * table (pids in reverse order, one listed twice) many times over and
 * must find its one problem every time.
 */
struct checker {
	struct lttr_proc *p;
	unsigned int dup;	/* the pid listed twice */
	unsigned int wrong;
};

static void *check_many(void *arg)
{
	struct checker *c = arg;
	char msg[64], want[64];
	int i;

	snprintf(want, sizeof(want), "pid %u listed twice", c->dup);
	for (i = 0; i < 300; i++)
		if (lttr_proc_check(c->p, msg, sizeof(msg)) != 1 || strcmp(msg, want))
			c->wrong++;
	return NULL;
}

static int big_table(unsigned int base, struct lttr_proc **p, struct lttr_error *err)
{
	size_t cap = 4000 * 48, n = 0;
	char *text = malloc(cap);
	unsigned int i;
	int r;

	if (!text)
		return -1;
	for (i = 4000; i > 0; i--)
		n += (size_t)snprintf(text + n, cap - n, "PID: %u; PPID: 1; TGID: %u; NAME: t\n",
				      base + i, base + i);
	n += (size_t)snprintf(text + n, cap - n, "PID: %u; PPID: 1; TGID: %u; NAME: again\n",
			      base + 7, base + 7);
	r = lttr_proc_parse(text, n, "proc", 0, p, err);
	free(text);
	return r;
}

static void threads_apart(void)
{
	struct checker c[2] = { { .dup = 100007 }, { .dup = 200007 } };
	struct lttr_error err;
	pthread_t th[2];
	int i, started = 0;

	for (i = 0; i < 2; i++)
		if (big_table(c[i].dup - 7, &c[i].p, &err))
			break;
	for (i = 0; i < 2 && c[0].p && c[1].p; i++)
		started += !pthread_create(&th[i], NULL, check_many, &c[i]);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	ok(started == 2 && !c[0].wrong && !c[1].wrong,
	   "two threads checking two tables at once: each finds its own problem every time "
	   "(%u and %u wrong of 300)", c[0].wrong, c[1].wrong);
	lttr_proc_free(c[0].p);
	lttr_proc_free(c[1].p);
}

int main(void)
{
	struct lttr_proc *p;
	struct lttr_error err;
	char msg[128];
	int r;

	tap_plan(28);
	r = parse("PID: 1; PPID: 0; TGID: 1; NAME: init\n"
		  "PID: 42; PPID: 1; TGID: 40; NAME: my daemon: worker #2\n"
		  "PID: 43; PPID: 1; NAME: old style\n"
		  "\n"
		  "PID: 44; PPID: 1; TGID: 44; NAME: \n"
		  "IRQ: 4; NAME: ttyS0\n"
		  "IRQ: 11; NAME: virtio0-config, virtio0-input.0\r\n"
		  "PID: 45; PPID: 44; TGID: 45; NAME: last", 0, &p, &err);
	ok(r == 0, "a good snapshot parses");
	ok(p->ntasks == 5 && p->nirqs == 2, "5 tasks and 2 irqs");
	ok(p->tasks[0].pid == 1 && p->tasks[0].ppid == 0 && p->tasks[0].tgid == 1 &&
	   !strcmp(p->tasks[0].name, "init"), "PID/PPID/TGID/NAME");
	ok(p->tasks[1].tgid == 40 && !strcmp(p->tasks[1].name, "my daemon: worker #2"),
	   "NAME is the rest of the line, spaces, colons and all");
	ok(p->tasks[2].tgid == 43 && !strcmp(p->tasks[2].name, "old style"),
	   "without TGID, tgid = pid");
	ok(!strcmp(p->tasks[3].name, ""), "empty name");
	ok(!strcmp(p->tasks[4].name, "last") && p->tasks[4].ppid == 44,
	   "no newline at the end of the file");
	ok(!strcmp(lttr_proc_irq_name(p, 11), "virtio0-config, virtio0-input.0") &&
	   !strcmp(lttr_proc_irq_name(p, 4), "ttyS0") && !lttr_proc_irq_name(p, 5),
	   "irq names (CRLF stripped), unknown irq NULL");
	ok(lttr_proc_check(p, msg, sizeof(msg)) == 0 && !msg[0],
	   "nothing impossible in it (a thread whose leader is not listed is possible)");
	lttr_proc_free(p);

	/* entries that cannot be true: counted, the first described */
	r = parse("PID: 1; PPID: 0; TGID: 1; NAME: init\n"
		  "PID: 50; PPID: 1; TGID: 50; NAME: d\n"
		  "PID: 51; PPID: 1; TGID: 50; NAME: d\n"
		  "PID: 50; PPID: 1; TGID: 50; NAME: again\n", 0, &p, &err);
	ok(r == 0 && lttr_proc_check(p, msg, sizeof(msg)) == 1 &&
	   !strcmp(msg, "pid 50 listed twice"), "a pid listed twice (%s)", msg);
	lttr_proc_free(p);
	r = parse("PID: 7; PPID: 7; TGID: 7; NAME: me\n"
		  "PID: 8; PPID: 1; TGID: 7; NAME: my thread\n", 0, &p, &err);
	ok(r == 0 && lttr_proc_check(p, msg, sizeof(msg)) == 2 &&
	   !strcmp(msg, "pid 7 is its own parent"),
	   "its own parent; and its thread with another parent (%s)", msg);
	lttr_proc_free(p);
	r = parse("PID: 1; PPID: 0; TGID: 1; NAME: init\n"
		  "PID: 9; PPID: 0; TGID: 1; NAME: t\n"
		  "PID: 10; PPID: 1; TGID: 9; NAME: u\n", 0, &p, &err);
	ok(r == 0 && lttr_proc_check(p, msg, sizeof(msg)) == 1 &&
	   !strcmp(msg, "pid 10 is a thread of 9, itself a thread of 1"),
	   "a thread of a thread (%s)", msg);
	ok(lttr_proc_check(p, msg, 8) == 1 && !strcmp(msg, "pid 10 "),
	   "the description is cut to the room given");
	lttr_proc_free(p);

	r = parse("PID: 1; PPID: 0; TGID: 1; NAME: init\nPID: x; PPID: 0; NAME: bad\n",
		  0, &p, &err);
	ok(r < 0 && strstr(err.msg, "proc:2: malformed line \"PID: x; PPID: 0; NAME: bad\""),
	   "malformed line: error with its line number (%s)", err.msg);
	r = parse("\n\nIRQ: 4 NAME: x\n", 0, &p, &err);
	ok(r < 0 && strstr(err.msg, "proc:3: malformed"), "line numbers count empty lines");
	r = parse("PID: 99999999999; PPID: 0; NAME: big\n", 0, &p, &err);
	ok(r < 0 && strstr(err.msg, "proc:1:"), "pid overflowing 32 bits is malformed");
	r = parse("PID: 1; PPID: 0; TGID: 1; NAME: a\0b\n", 0, &p, &err);
	ok(r == 0, "text after a NUL is not seen by strlen-based callers");
	lttr_proc_free(p);
	r = lttr_proc_parse("PID: 1; PPID: 0; NAME: a\0b\n", 26, "proc", 0, &p, &err);
	ok(r < 0 && strstr(err.msg, "proc:1: malformed"), "a NUL inside a line is malformed");
	r = parse("garbage\nPID: 2; PPID: 1; NAME: ok\nmore garbage\n", LTTR_PROC_LENIENT,
		  &p, &err);
	ok(r == 0 && p->ntasks == 1 && p->bad_lines == 2 && p->first_bad_line == 1,
	   "lenient: bad lines skipped and counted");
	lttr_proc_free(p);
	/* format 1.6: the descriptors open at START */
	r = parse("PID: 63; PPID: 1; TGID: 63; NAME: sh\n"
		  "FD: 1; TGID: 63; CLOEXEC: 0; PATH: /dev/console\n"
		  "FD: 10; TGID: 63; CLOEXEC: 1; PATH: /tmp/a; b: c (deleted)\n"
		  "FD: 4; TGID: 70; CLOEXEC: 0; PATH: pipe:[1234]\n"
		  "FD: 5; TGID: 70; CLOEXEC: 0; PATH:\n", 0, &p, &err);
	ok(r == 0 && p->ntasks == 1 && p->nfds == 4, "FD lines: 4 descriptors (%s)",
	   r ? err.msg : "");
	ok(r == 0 && p->fds[1].fd == 10 && p->fds[1].tgid == 63 && p->fds[1].cloexec &&
	   !strcmp(p->fds[1].path, "/tmp/a; b: c (deleted)") && !p->fds[0].cloexec &&
	   !strcmp(p->fds[3].path, ""),
	   "FD/TGID/CLOEXEC/PATH, the path the rest of the line, \"; \" and all, or empty");
	ok(r == 0 && lttr_proc_fd_find(p, 70, 4) == &p->fds[2] &&
	   lttr_proc_fd_find(p, 63, 1) == &p->fds[0] && !lttr_proc_fd_find(p, 63, 4) &&
	   !lttr_proc_fd_find(NULL, 63, 1), "lttr_proc_fd_find() by process and descriptor");
	lttr_proc_free(p);
	r = parse("FD: 1; TGID: 63; CLOEXEC: 2; PATH: /dev/null\n", 0, &p, &err);
	ok(r < 0 && strstr(err.msg, "proc:1: malformed line \"FD: 1; TGID: 63; CLOEXEC: 2; PATH: /dev/null\"") &&
	   strstr(err.msg, "\"FD: n; TGID: n; CLOEXEC: 0|1; PATH: path\""),
	   "CLOEXEC other than 0 or 1 is malformed (%s)", err.msg);
	r = parse("FD: 3; TGID: 63; PATH: /dev/null\n", 0, &p, &err);
	ok(r < 0 && strstr(err.msg, "proc:1: malformed"), "an FD line without CLOEXEC is malformed");
	r = parse("FD: 2147483648; TGID: 63; CLOEXEC: 0; PATH: x\n", 0, &p, &err);
	ok(r < 0 && strstr(err.msg, "proc:1: malformed"),
	   "a descriptor beyond 2^31-1 is malformed");
	r = parse("", 0, &p, &err);
	ok(r == 0 && p->ntasks == 0 && p->nirqs == 0, "empty file: empty snapshot");
	lttr_proc_free(p);
	r = lttr_proc_load("/nonexistent/proc", 0, &p, &err);
	ok(r == -LTTR_E_IO && strstr(err.msg, "/nonexistent/proc: cannot open"),
	   "missing file: I/O error");
	threads_apart();
	return tap_done();
}
