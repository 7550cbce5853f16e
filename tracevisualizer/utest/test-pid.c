// SPDX-License-Identifier: GPL-2.0
/*
 * test-pid.c - pid of events: buffer header pid, schedchange (the record
 * belongs to prev, then next is current), trace_start, buffer boundaries.
 */
#include <stdlib.h>
#include "tap.h"
#include "tracegen.h"

static const char *desc =
	"header ncpus=2\n"
	"buf cpu=0 start=1000000000 pid=7\n"
	"1000000000 start 7 0\n"
	"1000000010 syscall_entry 1\n"		/* 7 */
	"1000000020 sched 7 12 1\n"		/* 7 */
	"1000000030 syscall_exit 1 0\n"		/* 12 */
	"buf cpu=1 start=1000000005 pid=99\n"
	"1000000005 start 3 1\n"		/* trace_start sets pid 3 */
	"1000000015 syscall_entry 2\n"		/* 3 */
	"buf cpu=0 start=1000000040 pid=12\n"	/* header pid 12 */
	"1000000040 sched 12 0 0\n"		/* 12 */
	"1000000050 irq_entry 4 0\n"		/* 0 */
	"buf cpu=0 start=1000000060 pid=44\n"	/* header pid wins */
	"1000000060 irq_exit 4 0\n"		/* 44 */
	"buf cpu=1 start=1000000070 pid=3\n"
	"1000000070 sched 3 5 0\n"		/* 3 */
	"1000000080 wakeup 9 1 1\n";		/* 5 */

int main(void)
{
	static const uint32_t want[] = { 7, 3, 7, 3, 7, 12, 12, 0, 44, 3, 5 };
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *f, *b;
	size_t nf, nb, i;
	int sf, sb;
	bool good = true;

	tap_plan(4);
	ok(tg_open("pid", desc, 0, &t, &err) == 0, "trace opens");
	f = tg_all_events(t, &nf, 0, &sf);
	ok(nf == sizeof(want) / sizeof(want[0]), "%zu events", nf);
	for (i = 0; i < nf && i < sizeof(want) / sizeof(want[0]); i++)
		if (f[i].pid != want[i]) {
			tap_diag("event %zu: pid %u, want %u", i, f[i].pid, want[i]);
			good = false;
		}
	ok(good, "forward pids follow header pid, schedchange and trace_start");
	b = tg_all_events(t, &nb, 1, &sb);
	good = nb == nf;
	for (i = 0; good && i < nb; i++)
		good = b[i].pid == f[nf - 1 - i].pid;
	ok(good, "backward pids are the same");
	free(f);
	free(b);
	lttr_trace_close(t);
	return tap_done();
}
