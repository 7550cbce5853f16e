// SPDX-License-Identifier: GPL-2.0
/*
 * gen-big.c - write a large synthetic trace quickly, for benchmarks.
 *
 *   gen-big [-n EVENTS] [-c CPUS] [-b BUFFER_SIZE] [--full-records]
 *           [--format 1.0|1.1|1.2|1.3] OUTDIR
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
 * same whatever the options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <errno.h>
#include "tracegen.h"

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

static const char usage[] =
	"Usage: gen-big [-n EVENTS] [-c CPUS] [-b BUFFER_SIZE] [--full-records]\n"
	"               [--format 1.0|1.1|1.2|1.3] OUTDIR\n"
	"Records are compact when they fit (format 1.2 and 1.3, the default);\n"
	"--full-records or --format 1.0/1.1: every record in full.\n";

int main(int argc, char **argv)
{
	uint64_t nevents = 1000000, i, t, last[LTT_MAX_CPUS] = { 0 };
	unsigned int ncpus = 2, cpu;
	struct cpubuf cb[LTT_MAX_CPUS];
	struct ltt_trace_header h;
	uint8_t *lost;
	size_t lost_entry;
	uint32_t next_pid = 1000;
	const char *dir = NULL, *format = "1.3";
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
	if (strcmp(format, "1.0") && strcmp(format, "1.1") && strcmp(format, "1.2") &&
	    strcmp(format, "1.3")) {
		fprintf(stderr, "gen-big: --format: 1.0, 1.1, 1.2 or 1.3\n");
		return 2;
	}
	if (!dir || ncpus < 1 || ncpus > LTT_MAX_CPUS || bufsize < 4096 ||
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
			c->phase = (i % 13 == 0) ? 3 : (i % 29 == 0) ? 5 : 0;
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

			if (i % 1000 == 0) {
				struct ltt_ev_process_fork f = { c->pid, next_pid, next_pid, 0, 0x11 };

				emit(c, cpu, t, LTT_EV_PROCESS_FORK, &f, sizeof(f), &last[cpu]);
				next_pid++;
				i++;
				t += 20;
			}
			emit(c, cpu, t, LTT_EV_SCHEDCHANGE, &e, sizeof(e), &last[cpu]);
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
	fprintf(stderr, "gen-big: %s: format %s, %llu events (%llu compact records), %llu buffers\n",
		dir, format, (unsigned long long)nevents,
		(unsigned long long)ncompact, (unsigned long long)nbuffers);
	return 0;
}
