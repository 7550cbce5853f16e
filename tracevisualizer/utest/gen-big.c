// SPDX-License-Identifier: GPL-2.0
/*
 * gen-big.c - write a large synthetic trace quickly, for benchmarks.
 *
 *   gen-big [-n EVENTS] [-c CPUS] [-b BUFFER_SIZE] [--full-records]
 *           [--format 1.0|1.1|1.2|1.3] [--switch-every N]
 *           [--stacks [--elf FILE]...] OUTDIR
 *
 * Each CPU runs a few processes making syscalls (now and then an mmap
 * returning an address), taking page faults and interrupts, switching
 * tasks, and now and then forking.  Buffers are streamed to OUTDIR/events
 * as they fill.
 *
 * By default the trace is format 1.3 and its records are written as the
 * module writes them: in their compact form (LTT_REC_COMPACT) when the
 * event has one and its values fit, else in full.  --full-records writes
 * every record in full and sets LTT_TRACE_FULL_RECORDS (the module's
 * LTT_OPT_FULL_RECORDS); --format 1.0 or 1.1 writes that format's header,
 * with full records (those formats have no compact form); before 1.3,
 * schedchange and wakeup records have no priorities.  The events are the
 * same whatever the options but --switch-every N: a syscall exit at
 * record number i switches tasks when i % N is 0 (default 29; fewer
 * switches when i % 13 is 0 too: a page fault comes first).
 *
 * --stacks writes a trace of the current format whose header records
 * stacks of switch-outs and wakeups (format 1.8 on), and the events it
 * adds (gen-stacks.c): each switch to a task that blocked is preceded by
 * its wakeup by the task switched out, each wakeup and each blocking
 * switch-out followed by its LTT_EV_STACK record, as the module writes
 * them; the trace directory gets a kallsyms, an empty modules and, with
 * --elf (a program, then a library), a maps file naming the user frames.
 * The records added count as events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <errno.h>
#include "tracegen.h"
#include "gen-stacks.h"

struct cpubuf {
	struct ltt_buffer_header h;
	uint8_t *data;
	uint32_t len;
	uint32_t pid;		/* current pid */
	uint64_t seq;
	int open;
	int phase;
	uint32_t nr;
};

static FILE *out;
static uint32_t bufsize = 256 * 1024;
static uint64_t nbuffers, ncompact;
static int compact = 1;
static uint16_t minor;		/* the trace's format: 1.minor */
static uint64_t switch_every = 29;	/* a syscall exit at i % this switches */

static void flush_buf(struct cpubuf *c, unsigned int cpu, uint64_t end)
{
	if (!c->open)
		return;
	c->h.data_size = c->len;
	c->h.end_ns = end;
	c->h.cpu = (uint16_t)cpu;
	if (fwrite(&c->h, sizeof(c->h), 1, out) != 1 ||
	    (c->len && fwrite(c->data, c->len, 1, out) != 1)) {
		perror("gen-big: write");
		exit(1);
	}
	nbuffers++;
	c->open = 0;
}

static void emit(struct cpubuf *c, unsigned int cpu, uint64_t t, unsigned int id,
		 const void *pl, size_t plen, uint64_t *last)
{
	struct ltt_record_header rh;
	uint8_t cpl[16];
	size_t size, clen;

	rh.flags = 0;
	if (compact && ltt_compact_size(id) <= sizeof(cpl) &&
	    (clen = tg_compact(id, pl, plen, cpl)) != 0) {
		pl = cpl;
		plen = tg_old_size(minor, id, clen, 1);
		rh.flags = LTT_REC_COMPACT;
		ncompact++;
	} else {
		plen = tg_old_size(minor, id, plen, 0);
	}
	size = (sizeof(rh) + plen + 3) & ~(size_t)3;

	if (c->open && (c->len + size > bufsize - sizeof(c->h) ||
			t - c->h.start_ns > UINT32_MAX)) {
		if (t - c->h.start_ns > UINT32_MAX)
			c->h.flags |= LTT_BUF_TIME_SPLIT;
		flush_buf(c, cpu, *last);
	}
	if (!c->open) {
		memset(&c->h, 0, sizeof(c->h));
		c->h.magic = LTT_BUFFER_MAGIC;
		c->h.seq = c->seq++;
		c->h.start_ns = t;
		c->h.pid = c->pid;
		c->len = 0;
		c->open = 1;
	}
	rh.delta = (uint32_t)(t - c->h.start_ns);
	rh.id = (uint8_t)id;
	rh.size = (uint16_t)size;
	memcpy(c->data + c->len, &rh, sizeof(rh));
	memcpy(c->data + c->len + sizeof(rh), pl, plen);
	memset(c->data + c->len + sizeof(rh) + plen, 0, size - sizeof(rh) - plen);
	c->len += (uint32_t)size;
	*last = t;
}

/* the stack record of @pid's event @of_id (same time, right after it) */
static void emit_stack(struct cpubuf *c, unsigned int cpu, uint64_t t, struct gen_stacks *gs,
		       uint32_t pid, unsigned int of_id, uint64_t i, uint64_t *last)
{
	uint8_t rec[LTT_STACK_REC_MAX];
	size_t len = gs_stack(gs, pid, of_id, i, rec);

	emit(c, cpu, t, LTT_EV_STACK, rec, len, last);
}

static const char usage[] =
	"Usage: gen-big [-n EVENTS] [-c CPUS] [-b BUFFER_SIZE] [--full-records]\n"
	"               [--format 1.0|1.1|1.2|1.3] [--switch-every N]\n"
	"               [--stacks [--elf FILE]...] OUTDIR\n"
	"Records are compact when they fit (format 1.2 and 1.3, the default);\n"
	"--full-records or --format 1.0/1.1: every record in full.\n"
	"--switch-every N: a syscall exit switches tasks when its record's number\n"
	"is a multiple of N (default 29).\n"
	"--stacks: the current format, wakeups, and the stacks of switch-outs and\n"
	"wakeups, with a kallsyms and (--elf: a program, then a library) a maps file.\n";

int main(int argc, char **argv)
{
	uint64_t nevents = 1000000, i, t, last[LTT_MAX_CPUS] = { 0 };
	unsigned int ncpus = 2, cpu;
	struct cpubuf cb[LTT_MAX_CPUS];
	struct ltt_trace_header h;
	uint8_t *lost;
	size_t lost_entry;
	uint32_t next_pid = 1000;
	const char *dir = NULL, *format = NULL;
	const char *elf[GS_ELF_MAX];
	unsigned int nelf = 0;
	struct gen_stacks *gs = NULL;
	int stacks = 0;
	char path[4096];
	FILE *pf;
	int a;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-n") && a + 1 < argc)
			nevents = strtoull(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "-c") && a + 1 < argc)
			ncpus = (unsigned int)strtoul(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "-b") && a + 1 < argc)
			bufsize = (uint32_t)strtoul(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--full-records"))
			compact = 0;
		else if (!strcmp(argv[a], "--format") && a + 1 < argc)
			format = argv[++a];
		else if (!strcmp(argv[a], "--stacks"))
			stacks = 1;
		else if (!strcmp(argv[a], "--switch-every") && a + 1 < argc)
			switch_every = strtoull(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--elf") && a + 1 < argc && nelf < GS_ELF_MAX)
			elf[nelf++] = argv[++a];
		else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			printf("%s", usage);
			return 0;
		} else if (argv[a][0] != '-' && !dir)
			dir = argv[a];
		else {
			fprintf(stderr, "%s", usage);
			return 2;
		}
	}
	if (stacks && format) {
		fprintf(stderr, "gen-big: --stacks writes the current format: no --format\n");
		return 2;
	}
	if (nelf && !stacks) {
		fprintf(stderr, "gen-big: --elf goes with --stacks\n");
		return 2;
	}
	if (!format)
		format = "1.3";
	if (strcmp(format, "1.0") && strcmp(format, "1.1") && strcmp(format, "1.2") &&
	    strcmp(format, "1.3")) {
		fprintf(stderr, "gen-big: --format: 1.0, 1.1, 1.2 or 1.3\n");
		return 2;
	}
	if (!dir || switch_every < 2 || ncpus < 1 || ncpus > LTT_MAX_CPUS || bufsize < 4096 ||
	    bufsize > LTT_BUFFER_SIZE_MAX) {
		fprintf(stderr, "gen-big: bad arguments\n");
		return 2;
	}
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		perror(dir);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/events", dir);
	out = fopen(path, "wb");
	if (!out) {
		perror(path);
		return 1;
	}
	setvbuf(out, NULL, _IOFBF, 1 << 20);
	memset(cb, 0, sizeof(cb));
	for (cpu = 0; cpu < ncpus; cpu++) {
		cb[cpu].data = malloc(bufsize);
		if (!cb[cpu].data)
			return 1;
		cb[cpu].pid = cpu == 0 ? 1 : 100 + cpu;
	}
	tg_default_header(&h);
	if (strcmp(format, "1.0")) {
		/* 1.1 to 1.3: the whole header, the 1.0 configuration */
		h.minor = (uint16_t)(format[2] - '0');
		h.header_size = sizeof(h);
	}
	if (stacks) {
		h.minor = LTT_FORMAT_MINOR;
		h.header_size = sizeof(h);
		gs_header(&h);
		gs = gs_new(elf, nelf);
		if (!gs)
			return 1;
	}
	minor = h.minor;
	if (h.minor < 2)
		compact = 0;		/* no compact forms before 1.2 */
	else if (!compact)
		h.flags |= LTT_TRACE_FULL_RECORDS;
	h.ncpus = ncpus;
	h.buffer_size = bufsize;
	t = h.start_ns;
	for (cpu = 0; cpu < ncpus; cpu++) {
		struct ltt_ev_trace_start s = { cb[cpu].pid, cpu };

		emit(&cb[cpu], cpu, t, LTT_EV_TRACE_START, &s, sizeof(s), &last[cpu]);
	}
	for (i = ncpus; i < nevents; i++) {
		struct cpubuf *c;

		cpu = (unsigned int)(i % ncpus);
		c = &cb[cpu];
		t += 37 + (i % 7) * 11;
		if (i % 50000000 == 49999999)
			t += 5000000000ULL;	/* a long idle gap: buffers split */
		switch (c->phase) {
		case 0: {
			/* mmap (9) now and then: its exit returns an address */
			struct ltt_ev_syscall_entry e = { 0x401000 + (i & 0xfff),
				(uint32_t)(i % 61 == 0 ? 9 : i % 7 == 0 ? 39 : i % 3) };

			c->nr = e.nr;
			emit(c, cpu, t, LTT_EV_SYSCALL_ENTRY, &e, sizeof(e), &last[cpu]);
			c->phase = (i % 97 == 0) ? 2 : 1;
			break;
		}
		case 1: {
			/* an address does not fit a compact exit: in full */
			struct ltt_ev_syscall_exit e = { c->nr == 9 ?
				(int64_t)(0x7f3a00000000LL + ((i & 0xffff) << 12)) :
				(int64_t)(i & 0xff), c->nr };

			emit(c, cpu, t, LTT_EV_SYSCALL_EXIT, &e, sizeof(e), &last[cpu]);
			c->phase = (i % 13 == 0) ? 3 : (i % switch_every == 0) ? 5 : 0;
			break;
		}
		case 2: {
			struct ltt_ev_irq_entry e = { 4, 0 };

			emit(c, cpu, t, LTT_EV_IRQ_ENTRY, &e, sizeof(e), &last[cpu]);
			c->phase = 7;
			break;
		}
		case 7: {
			struct ltt_ev_irq_exit e = { 4, 0 };

			emit(c, cpu, t, LTT_EV_IRQ_EXIT, &e, sizeof(e), &last[cpu]);
			c->phase = 1;
			break;
		}
		case 3: {
			struct ltt_ev_trap_entry e = { 0x401234, 0x7f0000001000ULL + (i & 0xfffff000), 14, LTT_TRAP_USER };

			emit(c, cpu, t, LTT_EV_TRAP_ENTRY, &e, sizeof(e), &last[cpu]);
			c->phase = 4;
			break;
		}
		case 4: {
			struct ltt_ev_trap_exit e = { 14 };

			emit(c, cpu, t, LTT_EV_TRAP_EXIT, &e, sizeof(e), &last[cpu]);
			c->phase = 0;
			break;
		}
		case 5: {
			uint32_t next = (i % 1000 == 0) ? next_pid : 100 + cpu * 10 + (uint32_t)(i % 5);
			struct ltt_ev_schedchange e = {
				.prev_pid = c->pid, .next_pid = next,
				.prev_state = (int32_t)(i & 1),
				.prev_prio = 120, .next_prio = 120,
			};

			if (gs && gs_blocked(gs, next)) {
				/* the task switched to blocked: the current one wakes it */
				struct ltt_ev_process_wakeup w = { next, (uint16_t)cpu, 0, 120, 120, 0, 0 };

				emit(c, cpu, t, LTT_EV_PROCESS_WAKEUP, &w, sizeof(w), &last[cpu]);
				emit_stack(c, cpu, t, gs, c->pid, LTT_EV_PROCESS_WAKEUP, i, &last[cpu]);
				gs_set_blocked(gs, next, 0);
				i += 2;
				t += 20;
			}
			if (i % 1000 == 0) {
				struct ltt_ev_process_fork f = { c->pid, next_pid, next_pid, 0, 0x11 };

				emit(c, cpu, t, LTT_EV_PROCESS_FORK, &f, sizeof(f), &last[cpu]);
				next_pid++;
				i++;
				t += 20;
			}
			emit(c, cpu, t, LTT_EV_SCHEDCHANGE, &e, sizeof(e), &last[cpu]);
			if (gs && e.prev_state && next != c->pid) {
				/* a blocking switch-out: the stacks of prev */
				emit_stack(c, cpu, t, gs, c->pid, LTT_EV_SCHEDCHANGE, i, &last[cpu]);
				gs_set_blocked(gs, c->pid, 1);
				i++;
			}
			c->pid = next;
			c->phase = 0;
			break;
		}
		default:
			c->phase = 0;
			break;
		}
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		/* the stop closes every CPU's open buffer so (the reader sees a
		 * last buffer without the flag as a cut file) */
		cb[cpu].h.flags |= LTT_BUF_FLUSHED;
		flush_buf(&cb[cpu], cpu, last[cpu]);
		free(cb[cpu].data);
	}
	if (fclose(out)) {
		perror(path);
		return 1;
	}
	h.end_ns = t;
	h.buffer_count = 8;
	snprintf(path, sizeof(path), "%s/header", dir);
	if (tg_write_file(path, &h, h.header_size))
		return 1;
	/* one entry per CPU, as long as the header's format has it */
	lost_entry = h.minor >= 7 ? sizeof(struct ltt_lost_info) :
		LTT_LOST_INFO_SIZE_1_6;
	lost = calloc(ncpus, lost_entry);
	if (!lost)
		return 1;
	for (cpu = 0; cpu < ncpus; cpu++) {
		struct ltt_lost_info l = { .cpu = cpu };

		memcpy(lost + cpu * lost_entry, &l, lost_entry);
	}
	snprintf(path, sizeof(path), "%s/lost", dir);
	if (tg_write_file(path, lost, ncpus * lost_entry))
		return 1;
	free(lost);
	snprintf(path, sizeof(path), "%s/proc", dir);
	pf = fopen(path, "w");
	if (!pf)
		return 1;
	fprintf(pf, "PID: 1; PPID: 0; TGID: 1; NAME: init\n");
	for (cpu = 0; cpu < ncpus; cpu++)
		for (a = 0; a < 5; a++)
			fprintf(pf, "PID: %u; PPID: 1; TGID: %u; NAME: worker %u/%d\n",
				100 + cpu * 10 + a, 100 + cpu * 10 + a, cpu, a);
	fprintf(pf, "IRQ: 4; NAME: ttyS0\n");
	fclose(pf);
	if (gs) {
		if (gs_write_files(gs, dir, h.start_ns, h.end_ns, ncpus))
			return 1;
		fprintf(stderr, "gen-big: %s: %llu stack records, %llu wakeups\n", dir,
			(unsigned long long)gs_records(gs), (unsigned long long)gs_wakeups(gs));
		gs_free(gs);
	}
	fprintf(stderr, "gen-big: %s: format 1.%u, %llu events (%llu compact records), %llu buffers\n",
		dir, (unsigned int)minor, (unsigned long long)nevents,
		(unsigned long long)ncompact, (unsigned long long)nbuffers);
	return 0;
}
