// SPDX-License-Identifier: GPL-2.0
/*
 * test-summary.c - the analysis pass: counts per type, CPU and process,
 * per-process syscalls, the process table (fork/exec/exit), lost events
 * from the lost file and from the buffer headers; a syscall exit counted
 * under the number of the entry it closes (an rt_sigreturn's exit, which
 * the kernel numbers -1, on the entry's CPU or after the task moved), an
 * exit without entry and without number under "unknown", by the first
 * pass, the generic scan and a window, and so in the accounting.
 */
#include <stdlib.h>
#include <string.h>
#include <lttr/reader/syscalls.h>
#include "tap.h"
#include "tracegen.h"

/* minor 200: a newer format, whose unknown id 200 is an event added since */
#define DESC \
	"header ncpus=2 minor=200\n" \
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n" \
	"proc PID: 10; PPID: 1; TGID: 10; NAME: sh\n" \
	"proc PID: 11; PPID: 1; TGID: 10; NAME: sh worker\n" \
	"buf cpu=0 start=1000000000 pid=10 lost=3\n" \
	"1000000000 start 10 0\n" \
	"1000000010 syscall_entry 57\n" \
	"1000000020 fork 10 20 20 0 0x11\n" \
	"1000000030 syscall_exit 57 20\n" \
	"1000000040 sched 10 20 1\n" \
	"1000000050 syscall_entry 59\n" \
	"1000000060 exec 20 /usr/bin/my prog\n" \
	"1000000070 syscall_exit 59 0\n" \
	"buf cpu=1 start=1000000000 pid=11 lost=2\n" \
	"1000000000 start 11 1\n" \
	"1000000015 syscall_entry 56\n" \
	"1000000025 fork 11 30 10 1 0x50f00\n" \
	"1000000035 syscall_exit 56 30\n" \
	"1000000045 sched 11 30 0\n" \
	"1000000055 syscall_entry 60\n" \
	"1000000065 exit 30 7\n" \
	"1000000075 sched 30 0 64\n" \
	"buf cpu=0 start=1000000080 pid=20 lost=4\n" \
	"1000000080 syscall_entry 39\n" \
	"1000000090 syscall_exit 39 20\n" \
	"1000000100 rec 200 8\n"

/* 10 returns from two rt_sigreturn (15), one after moving to cpu 1 */
#define SIG_DESC \
	"header ncpus=2 end=1000000100\n" \
	"proc PID: 10; PPID: 1; TGID: 10; NAME: sh\n" \
	"proc PID: 11; PPID: 1; TGID: 11; NAME: b\n" \
	"buf cpu=0 start=1000000000 pid=10\n" \
	"1000000000 start 10 0\n" \
	"1000000010 syscall_entry 15\n" \
	"1000000020 syscall_exit 4294967295 0\n" \
	"1000000030 syscall_entry 0\n" \
	"1000000040 syscall_exit 1 5\n" \
	"1000000050 syscall_entry 15\n" \
	"1000000060 sched 10 0 0\n" \
	"buf cpu=1 start=1000000000 pid=11\n" \
	"1000000000 start 11 1\n" \
	"1000000005 syscall_exit 4294967295 0\n" \
	"1000000065 sched 11 10 1\n" \
	"1000000070 syscall_exit 4294967295 0\n" \
	"1000000080 syscall_entry 39\n" \
	"1000000090 syscall_exit 39 10\n"

static struct lttr_process *find(struct lttr_summary *s, uint32_t pid)
{
	return lttr_ptable_get(s->procs, pid, false);
}

static uint64_t sc(const struct lttr_sccount *c, uint32_t nr, int exit)
{
	return nr < c->ndirect ? (exit ? c->direct[nr].exits : c->direct[nr].entries) : 0;
}

/* the counts of @c listed: "nr:entries/exits ..." */
static void sclist(const struct lttr_sccount *c, char *buf, size_t size)
{
	struct lttr_sccount_slot *v;
	size_t n, i, k = 0;

	buf[0] = '\0';
	v = lttr_sccount_list(c, &n);
	for (i = 0; v && i < n && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%u:%llu/%llu", i ? " " : "", v[i].nr,
				      (unsigned long long)v[i].entries,
				      (unsigned long long)v[i].exits);
	free(v);
}

static void test_sigreturn(void)
{
	static const char *const threads[2] = { "1", "0" };
	struct lttr_trace *t;
	struct lttr_summary *s;
	struct lttr_account *a;
	struct lttr_error err;
	const struct lttr_acct_task *tk;
	char buf[256], b10[256], b11[256], nb[32];
	unsigned int i;

	if (tg_open("sig", SIG_DESC, 0, &t, &err)) {
		ok(0, "the sigreturn trace opens: %s", err.msg);
		return;
	}
	for (i = 0; i < 2; i++) {
		setenv("LTTR_THREADS", threads[i], 1);
		s = NULL;
		lttr_summary_compute(t, &s, &err);
		buf[0] = b10[0] = b11[0] = '\0';
		if (s) {
			sclist(&s->syscalls, buf, sizeof(buf));
			sclist(&find(s, 10)->syscalls, b10, sizeof(b10));
			sclist(&find(s, 11)->syscalls, b11, sizeof(b11));
		}
		ok(!strcmp(buf, "0:1/1 15:2/2 39:1/1 4294967295:0/1") &&
		   !strcmp(b10, "0:1/1 15:2/2 39:1/1") && !strcmp(b11, "4294967295:0/1"),
		   "%s: exits named after their entries: rt_sigreturn 2 and 2 (one after moving), read 1 and 1; an exit without entry or number: unknown (%s; 10: %s; 11: %s)",
		   i ? "generic scan" : "first pass", buf, b10, b11);
		lttr_summary_free(s);
	}
	unsetenv("LTTR_THREADS");
	s = NULL;
	lttr_summary_compute_window(t, 1000000050, 1000000100, &s, &err);
	buf[0] = '\0';
	if (s)
		sclist(&s->syscalls, buf, sizeof(buf));
	ok(!strcmp(buf, "15:1/1 39:1/1"), "the window from 50 ns: rt_sigreturn 1 and 1 (%s)", buf);
	lttr_summary_free(s);
	ok(!strcmp(lttr_syscall_str(UINT32_MAX, nb, sizeof(nb)), "unknown"),
	   "the exit without number is named unknown, not syscall_4294967294");
	a = NULL;
	lttr_account_compute(t, &a, &err);
	tk = a ? lttr_account_find(a, 10) : NULL;
	ok(tk && tk->nsc == 3 && tk->sc[0].nr == 0 && tk->sc[0].lat.count == 1 &&
	   tk->sc[1].nr == 15 && tk->sc[1].lat.count == 2 && tk->sc[1].lat.max == 20 &&
	   tk->sc[2].nr == 39,
	   "the accounting: 10's exits named after their entries too (read; rt_sigreturn 10 and 20 ns)");
	lttr_account_free(a);
	lttr_trace_close(t);
}

/* the names of each machine's numbers, and the machine of the traces open */
static void test_machines(void)
{
	static const char hdr[] = "proc PID: 5; PPID: 1; TGID: 5; NAME: sh\n"
		"buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n";
	struct lttr_trace *a = NULL, *x = NULL;
	struct lttr_error err;
	char nb[32], text[256];
	size_t i;
	int warned = 0;

	ok(!strcmp(lttr_machine_syscall_str(LTTR_MACHINE_AARCH64, 173, nb, sizeof(nb)), "getppid") &&
	   lttr_machine_syscall_lookup(LTTR_MACHINE_AARCH64, "openat") == 56 &&
	   lttr_machine_syscall_lookup(LTTR_MACHINE_AARCH64, "fcntl") == 25 &&
	   lttr_machine_syscall_lookup(LTTR_MACHINE_AARCH64, "open") == -1 &&
	   lttr_machine_syscall_lookup(LTTR_MACHINE_X86_64, "getppid") == 110 &&
	   !strcmp(lttr_machine_syscall_str(LTTR_MACHINE_OTHER, 173, nb, sizeof(nb)), "syscall_173") &&
	   lttr_machine_syscall_lookup(LTTR_MACHINE_OTHER, "syscall_173") == 173,
	   "syscalls per machine: arm64's generic numbers (173 getppid, 56 openat, fcntl through __NR3264_fcntl 25, no open), x86's 110 getppid, another's syscall_N");
	ok(!strcmp(lttr_machine_trap_name(LTTR_MACHINE_AARCH64, 0x24, nb, sizeof(nb)), "data_abort_lower_el") &&
	   !strcmp(lttr_machine_trap_name(LTTR_MACHINE_AARCH64, 0x3c, nb, sizeof(nb)), "brk64") &&
	   !strcmp(lttr_machine_trap_name(LTTR_MACHINE_X86_64, 14, nb, sizeof(nb)), "page_fault") &&
	   !strcmp(lttr_machine_trap_name(LTTR_MACHINE_AARCH64, 16, nb, sizeof(nb)), "trap_16") &&
	   !strcmp(lttr_machine_trap_name(LTTR_MACHINE_OTHER, 14, nb, sizeof(nb)), "trap_14") &&
	   lttr_trap_known_name("sp_alignment") && !lttr_trap_known_name("sp_misaligned"),
	   "traps per machine: arm64's exception classes (0x24 data abort from EL0, 0x3c brk64), x86's vectors; an unnamed class 0x10 trap_16");
	snprintf(text, sizeof(text), "header arch=aarch64\n%s", hdr);
	ok(tg_open("mach-a", text, 0, &a, &err) == 0 && lttr_trace_machine(a) == LTTR_MACHINE_AARCH64 &&
	   lttr_machine_current() == LTTR_MACHINE_AARCH64 &&
	   !strcmp(lttr_syscall_str(173, nb, sizeof(nb)), "getppid") && lttr_trace_warning_count(a) == 0,
	   "an aarch64 trace open: the current machine, no warning");
	snprintf(text, sizeof(text), "header arch=x86_64\n%s", hdr);
	ok(tg_open("mach-x", text, 0, &x, &err) == 0 && lttr_trace_machine(x) == LTTR_MACHINE_X86_64 &&
	   lttr_machine_current() == LTTR_MACHINE_AARCH64,
	   "an x86_64 trace opened beside it: the current machine stays aarch64");
	for (i = 0; x && i < lttr_trace_warning_count(x); i++)
		warned += strstr(lttr_trace_warning(x, i), "machine x86_64 while a trace of aarch64 is open") != NULL;
	ok(warned == 1, "... and its open says so once (%d)", warned);
	lttr_trace_close(a);
	ok(lttr_machine_current() == LTTR_MACHINE_X86_64 &&
	   !strcmp(lttr_syscall_str(110, nb, sizeof(nb)), "getppid"),
	   "the aarch64 trace closed: the x86_64 one's machine is current");
	lttr_trace_close(x);
}

int main(void)
{
	struct lttr_trace *t;
	struct lttr_summary *s;
	struct lttr_error err;
	struct lttr_process *p;

	tap_plan(24 + 4 + 5 + 6 + 4);
	test_sigreturn();
	test_machines();
	ok(tg_open("sum", DESC "lost cpu=0 total=9 ev=1:5 ev=2:4 sce=39:5 scx=39:4\n"
		   "lost cpu=1 total=2 ev=7:2\n", 0, &t, &err) == 0, "trace opens");
	ok(lttr_summary_compute(t, &s, &err) == 0, "summary computed");
	ok(s->total == 19 && s->cpu[0].events == 11 && s->cpu[1].events == 8,
	   "19 events: 11 on cpu 0, 8 on cpu 1");
	ok(s->by_id[LTT_EV_SYSCALL_ENTRY] == 5 && s->by_id[LTT_EV_SYSCALL_EXIT] == 4 &&
	   s->by_id[LTT_EV_SCHEDCHANGE] == 3 && s->by_id[LTT_EV_PROCESS_FORK] == 2 &&
	   s->by_id[LTT_EV_PROCESS_EXEC] == 1 && s->by_id[LTT_EV_PROCESS_EXIT] == 1 &&
	   s->by_id[LTT_EV_TRACE_START] == 2 && s->by_id[200] == 1 && s->unknown == 1,
	   "counts by type, one unknown");
	ok(s->control == 12, "12 control events (9 syscalls + 3 schedchanges): %llu",
	   (unsigned long long)s->control);
	ok(s->cpu[0].first_ns == 1000000000ULL && s->cpu[0].last_ns == 1000000100ULL &&
	   s->cpu[1].last_ns == 1000000075ULL, "per-CPU first/last times");
	ok(sc(&s->syscalls, 57, 0) == 1 && sc(&s->syscalls, 57, 1) == 1 &&
	   sc(&s->syscalls, 60, 0) == 1 && sc(&s->syscalls, 60, 1) == 0,
	   "syscall entries/exits by number");

	p = find(s, 10);
	ok(p && p->events == 5 && sc(&p->syscalls, 57, 0) == 1 && sc(&p->syscalls, 57, 1) == 1,
	   "pid 10: 5 events, fork syscall");
	p = find(s, 20);
	ok(p && p->forked && p->ppid == 10 && p->tgid == 20 && !strcmp(p->name, "my prog"),
	   "pid 20: forked process, ppid = parent's tgid, name = basename of exec (%s)",
	   p ? p->name : "?");
	ok(p && p->nnames == 2 && !strcmp(p->names[0].name, "sh") &&
	   p->names[0].since_ns == 1000000020ULL &&
	   !strcmp(p->names[1].name, "my prog") && p->names[1].since_ns == 1000000060ULL,
	   "pid 20: name history: sh from the fork, my prog from the exec");
	ok(p && p->events == 6 && sc(&p->syscalls, 59, 0) == 1 && sc(&p->syscalls, 39, 1) == 1,
	   "pid 20: 6 events incl. the next buffer's, its syscalls");
	p = find(s, 30);
	ok(p && p->forked && p->tgid == 10 && p->ppid == 1 && !strcmp(p->name, "sh worker"),
	   "pid 30: thread of 10, ppid = parent's ppid, inherits the name");
	ok(p && p->exited && p->exit_code == 7 && p->exit_ns == 1000000065ULL,
	   "pid 30: exited with code 7");
	ok(p && p->events == 3, "pid 30: 3 events (the schedchange away included)");
	p = find(s, 10);
	ok(p && p->nnames == 1 && !strcmp(p->names[0].name, "sh") && p->names[0].since_ns == 0,
	   "pid 10: one name, from the snapshot (since before the trace)");
	p = find(s, 0);
	ok(p && !strcmp(p->name, "swapper") && !p->in_snapshot, "pid 0 seen in an event");
	p = find(s, 1);
	ok(p && p->in_snapshot && p->events == 0 && !p->forked, "pid 1 from the snapshot only");
	ok(lttr_ptable_count(s->procs) == 6, "6 pids in the process table (%zu)",
	   lttr_ptable_count(s->procs));

	ok(s->lost_total == 11 && s->cpu[0].lost == 9 && s->cpu[1].lost == 2,
	   "lost from the lost file: 9 + 2");
	ok(s->cpu[0].buffer_lost == 7 && s->cpu[1].buffer_lost == 2,
	   "buffer headers' lost counts kept apart: 7 and 2");
	ok(s->lost_by_id[1] == 5 && s->lost_by_id[2] == 4 && s->lost_by_id[7] == 2 &&
	   sc(&s->lost_syscalls, 39, 0) == 5 && sc(&s->lost_syscalls, 39, 1) == 4,
	   "lost by type and by syscall");
	lttr_summary_free(s);
	lttr_trace_close(t);

	ok(tg_open("sum-nolost", DESC "nolost\n", 0, &t, &err) == 0 &&
	   lttr_summary_compute(t, &s, &err) == 0, "without the lost file");
	ok(s->lost_total == 9 && s->cpu[0].lost == 7 && s->cpu[1].lost == 2 &&
	   !s->lost_syscalls.direct, "lost counts from the buffer headers: 7 + 2");
	ok(lttr_trace_warning_count(t) == 1 && strstr(lttr_trace_warning(t, 0), "lost: missing"),
	   "and a warning says so");
	lttr_summary_free(s);
	lttr_trace_close(t);

	/* mask changes: which events could be seen when */
	ok(tg_open("sum-mask", "header ncpus=2 events=syscall_entry,syscall_exit,change_mask flight=1\n"
		   "buf cpu=0 start=1000000000 pid=1 seq=3\n"
		   "1000000050 change_mask syscall_entry,fs_open,change_mask\n"
		   "buf cpu=1 start=1000000000 pid=2\n"
		   "1000000020 change_mask fs_open,fs_close,change_mask\n"
		   "1000000080 nodetail change_mask\n"
		   "1000000090 fork 2 40 40 2 0\n"
		   "1000000095 kthread_create 40 0x1000 kworker/1:2\n",
		   0, &t, &err) == 0 && lttr_summary_compute(t, &s, &err) == 0,
	   "a trace whose event mask changed twice");
	{
		struct ltt_event_mask m;
		bool at0, at30, at60;

		lttr_summary_mask_at(t, s, 1000000010ULL, &m);
		at0 = lttr_event_mask_has(&m, LTT_EV_SYSCALL_EXIT) &&
		      !lttr_event_mask_has(&m, LTT_EV_FS_OPEN);
		lttr_summary_mask_at(t, s, 1000000030ULL, &m);
		at30 = !lttr_event_mask_has(&m, LTT_EV_SYSCALL_ENTRY) &&
		       lttr_event_mask_has(&m, LTT_EV_FS_CLOSE);
		lttr_summary_mask_at(t, s, 1000000050ULL, &m);
		at60 = lttr_event_mask_has(&m, LTT_EV_SYSCALL_ENTRY) &&
		       !lttr_event_mask_has(&m, LTT_EV_FS_CLOSE);
		ok(s->nmask_changes == 2 && s->mask_changes[0].time_ns == 1000000020ULL &&
		   s->mask_changes[0].cpu == 1 && s->mask_changes[1].cpu == 0 &&
		   at0 && at30 && at60,
		   "changes in time order (across CPUs, one without details ignored); the mask at a time");
	}
	ok(s->cpu[0].overwritten == 3 && s->cpu[1].overwritten == 0 && s->by_id[LTT_EV_CHANGE_MASK] == 3,
	   "overwritten buffers per CPU; every change counted by type");
	p = find(s, 40);
	ok(p && p->forked && p->nnames == 2 && !strcmp(p->name, "kworker/1:2") &&
	   p->names[1].since_ns == 1000000095ULL, "a kernel thread named by its kthread_create");
	lttr_summary_free(s);
	lttr_trace_close(t);

	/*
	 * format 1.18: busybox's applet, exec'd as /proc/self/exe, names
	 * itself; a rename to the name it has adds none; another thread of
	 * the group renamed by a write to its /proc/PID/comm
	 */
	ok(tg_open("sum-rename", "header ncpus=1 format=1.18\n"
		   "proc PID: 2; PPID: 1; TGID: 2; NAME: sh\n"
		   "buf cpu=0 start=1000000000 pid=2\n"
		   "1000000010 fork 2 41 41 0 0\n"
		   "1000000020 fork 2 42 41 1 0\n"
		   "1000000030 exec 41 /proc/self/exe\n"
		   "1000000040 task_rename 41 sleep\n"
		   "1000000050 task_rename 41 sleep\n"
		   "1000000060 task_rename 42 worker\n",
		   0, &t, &err) == 0 && lttr_summary_compute(t, &s, &err) == 0,
	   "a trace whose tasks rename themselves (format 1.18)");
	p = find(s, 41);
	ok(p && p->nnames == 3 && !strcmp(p->names[0].name, "sh") &&
	   !strcmp(p->names[1].name, "exe") && !strcmp(p->name, "sleep") &&
	   p->names[2].since_ns == 1000000040ULL && p->execs == 1,
	   "renamed after its exec: sh, exe, then sleep from the rename on (one exec)");
	ok(!strcmp(lttr_ptable_name_at(s->procs, 41, 1000000035ULL), "exe") &&
	   !strcmp(lttr_ptable_name_at(s->procs, 41, 1000000045ULL), "sleep"),
	   "the name at a time: exe before the rename, sleep after");
	p = find(s, 42);
	ok(p && p->nnames == 2 && !strcmp(p->name, "worker") && !p->execs,
	   "another thread renamed: worker, no exec");
	lttr_summary_free(s);
	lttr_trace_close(t);
	return tap_done();
}
