// SPDX-License-Identifier: GPL-2.0
/*
 * test-control.c - control-event classification: syscalls always, traps
 * and irqs only from user mode, exits like their entries (per-CPU stack,
 * across buffer boundaries), nested irqs in syscalls are not control.
 */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

struct ccase {
	const char *name;
	const char *desc;
	const char *want;	/* one char per event: C control, - not */
};

static const struct ccase cases[] = {
	{ "syscalls always",
	  "buf cpu=0 start=1000000000 pid=1\n"
	  "1000000001 syscall_entry 1\n1000000002 syscall_exit 1 0\n", "CC" },
	{ "irq from user and its exit",
	  "buf cpu=0 start=1000000000 pid=1\n"
	  "1000000001 irq_entry 4 1\n1000000002 irq_exit 4 0\n", "CC" },
	{ "irq nested in a syscall is not control",
	  "buf cpu=0 start=1000000000 pid=1\n"
	  "1000000001 syscall_entry 0\n1000000002 irq_entry 4 0\n"
	  "1000000003 irq_exit 4 0\n1000000004 syscall_exit 0 0\n", "C--C" },
	{ "page fault from user, nested kernel irq",
	  "buf cpu=0 start=1000000000 pid=1\n"
	  "1000000001 trap_entry 14 0x1000 0x401000 1\n"
	  "1000000002 irq_entry 4 0\n1000000003 irq_exit 4 0\n"
	  "1000000004 trap_exit 14\n", "C--C" },
	{ "kernel page fault is not control",
	  "buf cpu=0 start=1000000000 pid=1\n"
	  "1000000001 syscall_entry 0\n"
	  "1000000002 trap_entry 14 0x1000 0xffffffff81000000 0\n"
	  "1000000003 trap_exit 14\n1000000004 syscall_exit 0 0\n", "C--C" },
	{ "exit whose entry is in the previous buffer",
	  "buf cpu=0 start=1000000000 pid=1\n"
	  "1000000001 irq_entry 4 1\n1000000002 irq_entry 5 0\n"
	  "buf cpu=0 start=1000000003 pid=1\n"
	  "1000000003 irq_exit 5 0\n1000000004 irq_exit 4 0\n", "C--C" },
	{ "stacks are per CPU",
	  "header ncpus=2\n"
	  "buf cpu=0 start=1000000000 pid=1\n1000000001 irq_entry 4 1\n"
	  "buf cpu=1 start=1000000000 pid=2\n1000000002 irq_entry 5 0\n"
	  "buf cpu=0 start=1000000003 pid=1\n1000000004 irq_exit 4 0\n"
	  "buf cpu=1 start=1000000003 pid=2\n1000000005 irq_exit 5 0\n", "C-C-" },
	{ "exit without entry is not control",
	  "buf cpu=0 start=1000000000 pid=1\n1000000001 trap_exit 14\n"
	  "1000000002 irq_exit 3 0\n", "--" },
	{ "schedchange is control, wakeup/fork are not",
	  "buf cpu=0 start=1000000000 pid=1\n1000000001 wakeup 5 0 0\n"
	  "1000000002 sched 1 5 1\n1000000003 fork 5 6 6 0 0\n"
	  "1000000004 exec 6 /bin/ls\n1000000005 exit 6 0\n", "-C---" },
	{ "irq exit pops through an unmatched trap entry",
	  "buf cpu=0 start=1000000000 pid=1\n"
	  "1000000001 irq_entry 4 1\n1000000002 trap_entry 14 0 0 0\n"
	  "1000000003 irq_exit 4 0\n1000000004 trap_exit 14\n", "C-C-" },
};

static void run(const struct ccase *c, int k)
{
	char name[16], got[64], back[64];
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *f, *b;
	size_t nf, nb, i;
	int sf, sb;

	snprintf(name, sizeof(name), "c%d", k);
	if (tg_open(name, c->desc, 0, &t, &err)) {
		ok(0, "%s: opens (%s)", c->name, err.msg);
		return;
	}
	f = tg_all_events(t, &nf, 0, &sf);
	b = tg_all_events(t, &nb, 1, &sb);
	for (i = 0; i < nf && i < sizeof(got) - 1; i++)
		got[i] = f[i].control ? 'C' : '-';
	got[i] = '\0';
	for (i = 0; i < nb && i < sizeof(back) - 1; i++)
		back[nb - 1 - i] = b[i].control ? 'C' : '-';
	back[nb < sizeof(back) ? nb : 0] = '\0';
	ok(!strcmp(got, c->want) && !strcmp(back, c->want),
	   "%s: %s (forward %s, backward %s)", c->name, c->want, got, back);
	free(f);
	free(b);
	lttr_trace_close(t);
}

int main(void)
{
	size_t i;

	tap_plan((int)(sizeof(cases) / sizeof(cases[0])));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run(&cases[i], (int)i);
	return tap_done();
}
