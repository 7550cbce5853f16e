/* SPDX-License-Identifier: GPL-2.0 */
/*
 * corpus.h - the corpus of good and deliberately broken traces, as
 * descriptions for tracegen (tracegen.h), each with what the reader must
 * make of it: test-corpus.c checks every case, and the fuzzer's seeds
 * (fuzz/fuzz-seeds.c) are these traces.
 */
#ifndef CORPUS_H
#define CORPUS_H

#include <stddef.h>

/* a good 2-CPU trace: buffer 0 at offset 0 (48 + 56 bytes), buffer 1 at 104 */
#define GOOD_HEAD \
	"header ncpus=2\n" \
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n" \
	"proc IRQ: 4; NAME: ttyS0\n"
#define GOOD_BUF0 \
	"buf cpu=0 start=1000000000 pid=1\n" \
	"1000000000 start 1 0\n" \
	"1000000100 syscall_entry 39 0x401234\n" \
	"1000000200 syscall_exit 39 1\n"
#define GOOD_BUF1 \
	"buf cpu=1 start=1000000000 pid=0\n" \
	"1000000000 start 0 1\n" \
	"1000000150 irq_entry 4 1\n" \
	"1000000250 irq_exit 4 0\n"
#define GOOD GOOD_HEAD GOOD_BUF0 GOOD_BUF1

/*
 * format 1.2: compact records among full ones (a value that does not fit,
 * records written in full by choice); 6 + 4 events
 */
#define MIXED \
	"header ncpus=2 format=1.2\n" \
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n" \
	"proc IRQ: 4; NAME: ttyS0\n" \
	"buf cpu=0 start=1000000000 pid=1\n" \
	"records compact\n" \
	"1000000000 start 1 0\n" \
	"1000000100 syscall_entry 39 0x401234\n" \
	"1000000200 syscall_exit 39 1\n" \
	"1000000210 syscall_entry 9 0x401234\n" \
	"1000000220 syscall_exit 9 0x7f0000001000\n" \
	"records full\n" \
	"1000000230 sched 1 0 1\n" \
	"buf cpu=1 start=1000000000 pid=0\n" \
	"records compact\n" \
	"1000000000 start 0 1\n" \
	"1000000150 irq_entry 4 1\n" \
	"1000000250 irq_exit 4 0\n" \
	"1000000260 wakeup 1 0 1\n"
/* a fork record (full payload) marked compact: fork has no compact form */
#define COMPACT_FORK "1000000300 rec 10 32 flags=2 1 0 0 0 2 0 0 0 2 0 0 0 " \
	"0 0 0 0 17 0 0 0 0 0 0 0\n"
/* a compact syscall_entry has 8 bytes of payload, not 4 */
#define COMPACT_SHORT "1000000300 rec 1 12 flags=2 1 2 3 4\n"
/* compact and without details at once (no payload to be compact) */
#define COMPACT_NODETAIL "1000000300 rec 7 8 flags=3\n"

enum corpus_expect {
	OK,		/* opens and reads; nevents events */
	OPEN_ERR,	/* lttr_trace_open fails with phrase */
	READ_ERR,	/* opens; reading fails with phrase */
};

struct corpus_case {
	const char *name;
	const char *desc;
	unsigned int flags;
	enum corpus_expect expect;
	const char *phrase;	/* in the error, or in a warning for OK */
	long nevents;		/* OK: expected count (-1: don't check) */
};

/* the cases, and how many */
extern const struct corpus_case corpus_cases[];
extern const size_t corpus_ncases;

/*
 * a format 1.2 trace of 3 CPUs with an event of nearly every class:
 * compact and full records, custom types, sockets, packets, a change of
 * the mask, records without details, lost events
 */
extern const char corpus_rich[];

#endif /* CORPUS_H */
