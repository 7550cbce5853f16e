// SPDX-License-Identifier: GPL-2.0
/*
 * test-corpus.c - a corpus of good and deliberately broken traces, each
 * built on the fly: every one must be read, or refused with a precise
 * message, or read with a documented warning; never a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

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

enum expect {
	OK,		/* opens and reads; nevents events */
	OPEN_ERR,	/* lttr_trace_open fails with phrase */
	READ_ERR,	/* opens; reading fails with phrase */
};

struct tcase {
	const char *name;
	const char *desc;
	unsigned int flags;
	enum expect expect;
	const char *phrase;	/* in the error, or in a warning for OK */
	long nevents;		/* OK: expected count (-1: don't check) */
};

static const struct tcase cases[] = {
	{ "good", GOOD, 0, OK, NULL, 6 },
	{ "missing-header", GOOD "remove header\n", 0, OPEN_ERR,
	  "header: cannot open: No such file", 0 },
	{ "empty-header", GOOD "truncate header 0\n", 0, OPEN_ERR,
	  "header: truncated: 0 bytes", 0 },
	{ "truncated-header", GOOD "truncate header 100\n", 0, OPEN_ERR,
	  "header: truncated: 100 bytes, a trace header has 272", 0 },
	{ "bad-magic", "header magic=0x12345678\n" GOOD, 0, OPEN_ERR,
	  "bad magic 0x12345678 at offset 0", 0 },
	{ "swapped-magic", "header magic=0xEDB7D600\n" GOOD, 0, OPEN_ERR,
	  "foreign byte order (magic 0xedb7d600", 0 },
	{ "foreign-order", "header order=2\n" GOOD, 0, OPEN_ERR,
	  "foreign byte order 2 at offset 8", 0 },
	{ "wrong-version", "header major=2 minor=3\n" GOOD, 0, OPEN_ERR,
	  "unsupported format version 2.3 at offset 4", 0 },
	{ "newer-minor", "header minor=7\n" GOOD, 0, OK, NULL, 6 },
	{ "word-size", "header word=3\n" GOOD, 0, OPEN_ERR,
	  "bad word size 3 at offset 9", 0 },
	{ "header-size", "header hsize=100\n" GOOD, 0, OPEN_ERR,
	  "bad header_size 100 at offset 10", 0 },
	{ "ncpus-0", GOOD "header ncpus=0\n", 0, OPEN_ERR,
	  "bad ncpus 0 at offset 12 (expected 1..64)", 0 },
	{ "ncpus-huge", GOOD "header ncpus=4000000000\n", 0, OPEN_ERR,
	  "bad ncpus 4000000000", 0 },
	{ "clock", "header clock=1000\n" GOOD, 0, OPEN_ERR,
	  "clock_hz 1000 at offset 16 not supported", 0 },
	{ "end-before-start", GOOD "header end=5\n", 0, OPEN_ERR,
	  "end_ns 5 at offset 48 is before start_ns", 0 },
	{ "incomplete", "header flags=0\n" GOOD, 0, OK,
	  "trace not marked complete", 6 },
	{ "missing-events", GOOD "remove events\n", 0, OPEN_ERR,
	  "events: cannot open: No such file", 0 },
	{ "empty-events", GOOD "truncate events 0\n", 0, OK,
	  "events: empty (no buffers)", 0 },
	{ "truncated-buffer-header", GOOD "truncate events 110\n", 0, OPEN_ERR,
	  "events: truncated buffer at offset 104 (buffer header cut short after 6 bytes; trace incomplete; use --salvage to read the 1 complete buffers)", 0 },
	{ "truncated-buffer-header-salvage", GOOD "truncate events 110\n",
	  LTTR_OPEN_SALVAGE, OK, "truncated buffer at offset 104", 3 },
	{ "truncated-records", GOOD "truncate events -4\n", 0, OPEN_ERR,
	  "events: truncated buffer at offset 104 (data_size 48, only 44 bytes left; trace incomplete; use --salvage to read the 1 complete buffers and the whole records of this one)", 0 },
	/* salvage keeps the whole records of the cut buffer: start, irq_entry */
	{ "truncated-records-salvage", GOOD "truncate events -4\n",
	  LTTR_OPEN_SALVAGE, OK, "truncated buffer at offset 104", 5 },
	{ "bad-buffer-magic", GOOD_HEAD GOOD_BUF0
	  "buf cpu=1 start=1000000000 magic=1\n", 0, OPEN_ERR,
	  "bad buffer magic 0x00000001 (expected 0x4c544242) at offset 104", 0 },
	{ "bad-buffer-magic-salvage", GOOD_HEAD GOOD_BUF0
	  "buf cpu=1 start=1000000000 magic=1\n", LTTR_OPEN_SALVAGE, OK,
	  "bad buffer magic", 3 },
	{ "buffer-cpu-range", GOOD_HEAD GOOD_BUF0 "buf cpu=5 start=1000000000\n",
	  0, OPEN_ERR, "buffer cpu 5 out of range (trace has 2 CPUs) at offset 104", 0 },
	{ "data-size-past-eof", GOOD_HEAD GOOD_BUF0
	  "buf cpu=1 start=1000000000 size=60000\n", 0, OPEN_ERR,
	  "truncated buffer at offset 104 (data_size 60000, only 0 bytes left", 0 },
	{ "data-size-over-buffer-size", "header bufsize=4096\n" GOOD_HEAD GOOD_BUF0
	  "buf cpu=1 start=1000000000 size=5000\n" "raw 0\n", 0, OPEN_ERR,
	  "data_size 5000 larger than the buffer size 4096 allows (4048) at offset 104", 0 },
	{ "seq-backwards", GOOD_HEAD "buf cpu=0 seq=5\n" "buf cpu=0 seq=3\n", 0,
	  OPEN_ERR, "buffer seq 3 of cpu 0 not after the previous seq 5 at offset 48", 0 },
	{ "seq-gap", GOOD_HEAD "buf cpu=0 seq=0\n" "buf cpu=0 seq=3\n", 0, OK,
	  "buffers 1..2 of cpu 0 missing", 0 },
	{ "start-backwards", GOOD_HEAD "buf cpu=0 start=2000\n" "buf cpu=0 start=1000\n",
	  0, OPEN_ERR, "buffer start_ns 1000 of cpu 0 before the previous buffer's 2000", 0 },
	{ "record-size-0", GOOD_HEAD GOOD_BUF0 "1000000300 rec 1 0\n", 0, READ_ERR,
	  "events: record at offset 104 (buffer at offset 0, cpu 0, seq 0): record size 0", 0 },
	{ "record-size-0-salvage", GOOD_HEAD GOOD_BUF0 "1000000300 rec 1 0\n" GOOD_BUF1,
	  LTTR_OPEN_SALVAGE, OK, "record size 0: rest of the buffer ignored", 6 },
	{ "record-size-odd", GOOD_HEAD GOOD_BUF0 "1000000300 rec 1 10 0 0\n", 0,
	  READ_ERR, "record size 10 not a multiple of 4", 0 },
	{ "record-size-small", GOOD_HEAD GOOD_BUF0 "1000000300 rec 1 4\n", 0,
	  READ_ERR, "record size 4 smaller than a record header", 0 },
	{ "record-overflows-buffer", GOOD_HEAD GOOD_BUF0 "1000000300 rec 1 200\n",
	  0, READ_ERR, "record size 200 past the end of the buffer (8 bytes left)", 0 },
	/* the daemon counted 2 buffers of cpu 1; the file holds 1: cut at a boundary */
	{ "cut-at-buffer", "header ncpus=2 flags=0x21\n" GOOD_HEAD GOOD_BUF0 GOOD_BUF1
	  "lost cpu=0 total=0 buffers=1\nlost cpu=1 total=0 buffers=2\n", 0, OK,
	  "events: cpu 1: the daemon wrote 2 buffers, the file holds 1: the last 1 are missing (the file was cut)", 6 },
	{ "counted-more", "header ncpus=2 flags=0x21\n" GOOD_HEAD GOOD_BUF0 GOOD_BUF1
	  "lost cpu=0 total=0 buffers=0\nlost cpu=1 total=0 buffers=1\n", 0, OK,
	  "lost: cpu 0: 1 buffers in the events file, more than the 0 the daemon wrote: the file is damaged", 6 },
	/* a damaged lost file: flagged and ignored (the buffer headers' counts) */
	{ "lost-unknown-id", GOOD "lost cpu=0 total=0 ev=9:1095216660480\n", 0, OK,
	  "lost: cpu 0: 1095216660480 events of unknown type 9: the file is damaged, ignored", 6 },
	{ "lost-parts", GOOD "lost cpu=1 total=5 ev=1:2\n", 0, OK,
	  "lost: cpu 1: the counts per type add up to 2, the total says 5: the file is damaged", 6 },
	{ "lost-nested", GOOD "lost cpu=0 total=1 nested=3 ev=1:1\n", 0, OK,
	  "lost: cpu 0: 3 nested of 1 in total: the file is damaged", 6 },
	{ "lost-syscalls", GOOD "lost cpu=0 total=1 ev=1:1 sce=39:4\n", 0, OK,
	  "lost: cpu 0: more syscall entries or exits by number (4, 0) than of their types (1, 0)", 6 },
	/* a damaged delta: a record later than its buffer's last record */
	{ "delta-past-end", GOOD_HEAD "buf cpu=0 start=1000000000 pid=1 end=1000000150\n"
	  "1000000000 start 1 0\n1000000100 syscall_entry 39 0x401234\n"
	  "1000000200 syscall_exit 39 1\n" GOOD_BUF1, 0, READ_ERR,
	  "time delta 200 ns past the buffer's last record (150 ns after its start): a damaged time", 0 },
	{ "delta-past-end-salvage", GOOD_HEAD "buf cpu=0 start=1000000000 pid=1 end=1000000150\n"
	  "1000000000 start 1 0\n1000000100 syscall_entry 39 0x401234\n"
	  "1000000200 syscall_exit 39 1\n" GOOD_BUF1, LTTR_OPEN_SALVAGE, OK,
	  "a damaged time: rest of the buffer ignored (salvage)", 5 },
	/* ... or earlier than the record before it (the writer never goes back) */
	{ "delta-backwards", GOOD_HEAD "buf cpu=0 start=1000000000 pid=1 end=1000000300\n"
	  "1000000000 start 1 0\n1000000200 syscall_entry 39 0x401234\n"
	  "1000000100 syscall_exit 39 1\n1000000300 syscall_entry 39 0x401234\n" GOOD_BUF1,
	  0, READ_ERR,
	  "time delta 100 ns before the 200 ns of the record before it: records out of time order, a damaged time", 0 },
	{ "delta-backwards-salvage", GOOD_HEAD "buf cpu=0 start=1000000000 pid=1 end=1000000300\n"
	  "1000000000 start 1 0\n1000000200 syscall_entry 39 0x401234\n"
	  "1000000100 syscall_exit 39 1\n1000000300 syscall_entry 39 0x401234\n" GOOD_BUF1,
	  LTTR_OPEN_SALVAGE, OK,
	  "records out of time order, a damaged time: rest of the buffer ignored (salvage)", 5 },
	{ "record-header-cut", GOOD_HEAD GOOD_BUF0 "raw 1 2 3 4\n", 0, READ_ERR,
	  "record header cut short (4 bytes left in the buffer)", 0 },
	{ "short-payload", GOOD_HEAD GOOD_BUF0 "1000000300 rec 1 12 1 2 3 4\n", 0,
	  READ_ERR, "payload of 4 bytes shorter than the 12 bytes of a syscall_entry event", 0 },
	{ "short-payload-sched", GOOD_HEAD GOOD_BUF0 "1000000300 rec 7 16 1 0 0 0 2 0 0 0\n",
	  0, READ_ERR, "shorter than the 12 bytes of a schedchange event", 0 },
	{ "short-payload-softirq", GOOD_HEAD GOOD_BUF0 "1000000300 rec 15 8\n",
	  0, READ_ERR, "shorter than the 4 bytes of a softirq_exit event", 0 },
	/* an id the trace's format does not have: a damaged record */
	{ "unknown-id", GOOD_HEAD GOOD_BUF0 "1000000300 rec 99 12 1 2 3 4\n" GOOD_BUF1,
	  0, READ_ERR, "events: record at offset 104 (buffer at offset 0, cpu 0, seq 0): event id 99, which format 1.0 does not have: a damaged record", 0 },
	{ "unknown-id-salvage", GOOD_HEAD GOOD_BUF0 "1000000300 rec 99 12 1 2 3 4\n" GOOD_BUF1,
	  LTTR_OPEN_SALVAGE, OK, "event id 99, which format 1.0 does not have: a damaged record: rest of the buffer ignored", 6 },
	{ "id-zero", GOOD_HEAD GOOD_BUF0 "1000000300 rec 0 8\n", 0, READ_ERR,
	  "event id 0, which format 1.0 does not have", 0 },
	/* in a newer format, an event added since: skipped by its size */
	{ "unknown-id-newer", "header minor=9\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 99 12 1 2 3 4\n" GOOD_BUF1, 0, OK, NULL, 7 },
	{ "no-details", GOOD_HEAD GOOD_BUF0 "1000000300 nodetail 7\n", 0, OK, NULL, 4 },
	{ "exec-no-nul", GOOD_HEAD GOOD_BUF0 "1000000300 rec 11 16 1 0 0 0 0x41 0x42 0x43 0x44\n",
	  0, OK, NULL, 4 },
	{ "garbage-proc", GOOD "proc this is garbage\n", 0, OPEN_ERR,
	  "proc:3: malformed line \"this is garbage\"", 0 },
	{ "garbage-proc-salvage", GOOD "proc this is garbage\n", LTTR_OPEN_SALVAGE,
	  OK, "1 malformed lines skipped (first at line 3)", 6 },
	{ "binary-proc", GOOD "procraw PID: 1\x01\x02\n", 0, OPEN_ERR,
	  "proc:3: malformed line", 0 },
	{ "missing-lost", GOOD "nolost\n", 0, OK,
	  "lost: missing (the daemon did not finish?)", 6 },
	{ "short-lost", GOOD "truncate lost 100\n", 0, OPEN_ERR,
	  "lost: size 100, expected 17456 (2 CPUs x 8728 bytes)", 0 },
	{ "short-lost-salvage", GOOD "truncate lost 100\n", LTTR_OPEN_SALVAGE, OK,
	  "lost: size 100, expected 17456", 6 },
	{ "missing-proc", GOOD "noproc\n", 0, OK, "proc: missing", 6 },
	{ "bad-lost-cpu", GOOD "poke lost 0 7\n", 0, OPEN_ERR,
	  "lost: entry 0 at offset 0 has cpu 7", 0 },
	/* format 1.0 (the default here) and 1.1 headers */
	{ "header-1.1", "header format=1.1\n" GOOD, 0, OK, NULL, 6 },
	{ "header-size-271", "header hsize=271\n" GOOD, 0, OPEN_ERR,
	  "bad header_size 271 at offset 10 (expected >= 272", 0 },
	{ "truncated-header-1.1", "header format=1.1\n" GOOD "truncate header 300\n", 0,
	  OPEN_ERR, "bad header_size 360 at offset 10 (expected >= 272 and <= the file size 300)", 0 },
	{ "flight-seq-gaps", "header flight=1\n" GOOD_HEAD
	  "buf cpu=0 start=1000000000 pid=1 seq=4\n1000000100 syscall_entry 39\n"
	  "buf cpu=0 start=1000000200 pid=1 seq=9\n1000000200 syscall_exit 39 1\n",
	  0, OK, NULL, 2 },
	/* broken records of the new event classes */
	{ "socket-peer-past-record", GOOD_HEAD GOOD_BUF0
	  "1000000300 socket_send 1 5 5 2 2 inet:127.0.0.1:80 peer_len=100\n", 0, READ_ERR,
	  "record at offset 104 (buffer at offset 0, cpu 0, seq 0): socket_send peer_len 100 larger than the 18 bytes after its payload", 0 },
	{ "socket-peer-too-long", GOOD_HEAD GOOD_BUF0
	  "1000000300 socket_recv 1 5 5 2 2 inet:127.0.0.1:80 peer_len=200\n", 0, READ_ERR,
	  "socket_recv peer_len 200 larger than 128", 0 },
	{ "packet-caplen-past-record", GOOD_HEAD GOOD_BUF0
	  "1000000300 net_packet_in 1 84 0x800 1 0011223344 caplen=64\n", 0, READ_ERR,
	  "net_packet_in caplen 64 larger than the 6 bytes after its payload", 0 },
	{ "packet-caplen-past-record-salvage", GOOD_HEAD GOOD_BUF0
	  "1000000300 net_packet_out 1 84 0x800 1 0011223344 caplen=64\n" GOOD_BUF1,
	  LTTR_OPEN_SALVAGE, OK,
	  "net_packet_out caplen 64 larger than the 6 bytes after its payload: rest of the buffer ignored", 6 },
	{ "packet-caplen-too-big", GOOD_HEAD GOOD_BUF0
	  "1000000300 net_packet_in 1 84 0x800 1 0011223344 caplen=300\n", 0, READ_ERR,
	  "net_packet_in caplen 300 larger than 256", 0 },
	{ "custom-size-past-record", GOOD_HEAD GOOD_BUF0
	  "1000000300 custom 1 hex:0102 size=9\n", 0, READ_ERR,
	  "custom size 9 larger than the 4 bytes after its payload", 0 },
	{ "custom-size-too-big", GOOD_HEAD GOOD_BUF0
	  "1000000300 custom 1 hex:0102 size=2000\n", 0, READ_ERR,
	  "custom size 2000 larger than 1024", 0 },
	{ "custom-create-no-nul", GOOD_HEAD GOOD_BUF0
	  "1000000300 custom_create 1 raw name nonul\n1000000310 custom 1 hex:01\n", 0, OK,
	  "custom_create of type 1 at offset 104 (cpu 0): name or format not NUL-terminated: declaration ignored", 5 },
	{ "custom-create-format-no-nul", GOOD_HEAD GOOD_BUF0
	  "1000000300 custom_create 1 fields name a:u8 nonul\n1000000310 custom 1 hex:01\n",
	  0, OK, "name or format not NUL-terminated", 5 },
	{ "custom-create-short", GOOD_HEAD GOOD_BUF0 "1000000300 rec 53 12 1 0 0 0\n", 0,
	  READ_ERR, "payload of 4 bytes shorter than the 8 bytes of a custom_create event", 0 },
	{ "custom-bad-format", GOOD_HEAD GOOD_BUF0
	  "1000000300 custom_create 2 fields b x:float\n1000000310 custom 2 hex:01\n", 0, OK,
	  "custom type 2 \"b\" declared at offset 104: bad format: unknown type \"float\"", 5 },
	{ "fs-open-no-nul", GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 24 24 3 0 0 0 0 0 0 0 0 0 0 0 0x41 0x42 0x43 0x44\n", 0, OK, NULL, 4 },
	{ "kthread-name-no-nul", GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 22 24 0 0 0 0 0 0 0 0 9 0 0 0 0x6b 0x77 0x6f 0x72\n", 0, OK, NULL, 4 },
	{ "short-payload-fs-read", GOOD_HEAD GOOD_BUF0 "1000000300 rec 26 12 1 2 3 4\n", 0,
	  READ_ERR, "payload of 4 bytes shorter than the 20 bytes of a fs_read event", 0 },
	{ "short-payload-socket", GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 44 32 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 0,
	  READ_ERR, "payload of 24 bytes shorter than the 30 bytes of a socket_send event", 0 },
	{ "short-payload-change-mask", GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 52 16 0 0 0 0 0 0 0 0\n", 0, READ_ERR,
	  "payload of 8 bytes shorter than the 32 bytes of a change_mask event", 0 },
	{ "no-details-new-types", GOOD_HEAD GOOD_BUF0 "1000000300 nodetail fs_open\n"
	  "1000000310 nodetail custom\n1000000320 nodetail net_packet_in\n", 0, OK, NULL, 6 },
	/* format 1.2: compact records (LTT_REC_COMPACT) */
	{ "header-1.2", "header format=1.2\n" GOOD, 0, OK, NULL, 6 },
	{ "header-1.2-full-records", "header fullrec=1\n" GOOD, 0, OK, NULL, 6 },
	{ "compact-mixed", MIXED, 0, OK, NULL, 10 },
	{ "compact-mixed-1.1-header", MIXED "header format=1.1\n", 0, OK, NULL, 10 },
	{ "compact-padded", GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 2 16 flags=2 1 0 0 0x0a 0 0 0 0\n", 0, OK, NULL, 4 },
	{ "compact-fork", GOOD_HEAD GOOD_BUF0 COMPACT_FORK, 0, READ_ERR,
	  "events: record at offset 104 (buffer at offset 0, cpu 0, seq 0): fork record marked compact (LTT_REC_COMPACT): fork has no compact form", 0 },
	{ "compact-fork-salvage", GOOD_HEAD GOOD_BUF0 COMPACT_FORK GOOD_BUF1,
	  LTTR_OPEN_SALVAGE, OK,
	  "fork record marked compact (LTT_REC_COMPACT): fork has no compact form: rest of the buffer ignored (salvage)", 6 },
	{ "compact-trap-exit", GOOD_HEAD GOOD_BUF0 "1000000300 rec 4 12 flags=2 14 0 0 0\n",
	  0, READ_ERR, "trap_exit record marked compact (LTT_REC_COMPACT): trap_exit has no compact form", 0 },
	{ "compact-short", GOOD_HEAD GOOD_BUF0 COMPACT_SHORT, 0, READ_ERR,
	  "events: record at offset 104 (buffer at offset 0, cpu 0, seq 0): compact payload of 4 bytes shorter than the 8 bytes of a compact syscall_entry event", 0 },
	{ "compact-short-salvage", GOOD_HEAD GOOD_BUF0 COMPACT_SHORT GOOD_BUF1,
	  LTTR_OPEN_SALVAGE, OK,
	  "compact payload of 4 bytes shorter than the 8 bytes of a compact syscall_entry event: rest of the buffer ignored (salvage)", 6 },
	{ "compact-short-sched", GOOD_HEAD GOOD_BUF0 "1000000300 rec 7 12 flags=2 1 0 0 0\n",
	  0, READ_ERR, "compact payload of 4 bytes shorter than the 8 bytes of a compact schedchange event", 0 },
	{ "compact-no-details", GOOD_HEAD GOOD_BUF0 COMPACT_NODETAIL, 0, READ_ERR,
	  "events: record at offset 104 (buffer at offset 0, cpu 0, seq 0): schedchange record flags 0x03: compact (LTT_REC_COMPACT) and without details (LTT_REC_NO_DETAILS) at once", 0 },
	{ "compact-no-details-salvage", GOOD_HEAD GOOD_BUF0 COMPACT_NODETAIL GOOD_BUF1,
	  LTTR_OPEN_SALVAGE, OK,
	  "schedchange record flags 0x03: compact (LTT_REC_COMPACT) and without details (LTT_REC_NO_DETAILS) at once: rest of the buffer ignored (salvage)", 6 },
	{ "compact-unknown-id", GOOD_HEAD GOOD_BUF0 "1000000300 rec 99 12 flags=2 1 2 3 4\n"
	  GOOD_BUF1, 0, READ_ERR, "event id 99, which format 1.0 does not have", 0 },
	{ "compact-unknown-id-newer", "header minor=9\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 99 12 flags=2 1 2 3 4\n" GOOD_BUF1, 0, OK, NULL, 7 },
};

static bool has_warning(struct lttr_trace *t, const char *phrase)
{
	size_t i;

	for (i = 0; i < lttr_trace_warning_count(t); i++)
		if (strstr(lttr_trace_warning(t, i), phrase))
			return true;
	return false;
}

static void run_case(const struct tcase *c)
{
	struct lttr_trace *t = NULL;
	struct lttr_error err;
	struct lttr_summary *s = NULL;
	struct lttr_event *fw, *bw;
	size_t nf = 0, nb = 0;
	int r, sf, sb;

	r = tg_open(c->name, c->desc, c->flags, &t, &err);
	if (r == -100) {
		ok(0, "%s: description builds", c->name);
		return;
	}
	if (c->expect == OPEN_ERR) {
		ok(r < 0 && strstr(err.msg, c->phrase) != NULL,
		   "%s: refused with \"%s\"", c->name, c->phrase);
		if (r >= 0 || !strstr(err.msg, c->phrase))
			tap_diag("got %d: %s", r, r < 0 ? err.msg : "(opened)");
		ok(r < 0 && strstr(err.msg, tg_dir(c->name)) == err.msg,
		   "%s: message starts with the file's path", c->name);
		lttr_trace_close(t);
		return;
	}
	if (!ok(r == 0, "%s: opens", c->name)) {
		tap_diag("%s", err.msg);
		ok(0, "%s: reads", c->name);
		return;
	}
	fw = tg_all_events(t, &nf, 0, &sf);
	bw = tg_all_events(t, &nb, 1, &sb);
	r = lttr_summary_compute(t, &s, &err);
	if (c->expect == READ_ERR) {
		ok(sf < 0 && sb < 0 && r < 0 && strstr(err.msg, c->phrase),
		   "%s: forward, backward and summary fail with \"%s\"", c->name,
		   c->phrase);
		if (r >= 0 || !strstr(err.msg, c->phrase))
			tap_diag("got %d %d %d: %s", sf, sb, r, r < 0 ? err.msg : "");
	} else {
		bool good = sf == 0 && sb == 0 && r == 0 && nf == nb &&
			(c->nevents < 0 || nf == (size_t)c->nevents) &&
			(!c->phrase || has_warning(t, c->phrase));

		ok(good, "%s: reads %ld events both ways%s%s", c->name, c->nevents,
		   c->phrase ? ", warns " : "", c->phrase ? c->phrase : "");
		if (!good)
			tap_diag("status %d %d %d, %zu/%zu events, %zu warnings: %s",
				 sf, sb, r, nf, nb, lttr_trace_warning_count(t),
				 lttr_trace_warning_count(t) ? lttr_trace_warning(t, 0) : "");
	}
	free(fw);
	free(bw);
	lttr_summary_free(s);
	lttr_trace_close(t);
}

static void specific_checks(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_summary *s = NULL;
	struct lttr_event *v;
	size_t n = 0;
	int st;
	char buf[256];

	/* a newer format's unknown ids are yielded as unknown_<id> and counted */
	tg_open("u2", "header minor=9\n" GOOD_HEAD GOOD_BUF0 "1000000300 rec 99 12 1 2 3 4\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 4 && !v[3].known && v[3].id == 99 && v[3].size == 12 &&
	   !strcmp(lttr_event_type_str(v[3].id, buf, sizeof(buf)), "unknown_99"),
	   "unknown id 99 is yielded as unknown_99, skipped by its size");
	ok(lttr_summary_compute(t, &s, &err) == 0 && s->unknown == 1 &&
	   s->by_id[99] == 1, "summary counts it as unknown");
	lttr_summary_free(s);
	free(v);
	lttr_trace_close(t);

	/* exec file name without NUL: the rest of the record */
	tg_open("x2", GOOD_HEAD GOOD_BUF0 "1000000300 rec 11 16 1 0 0 0 0x41 0x42 0x43 0x44\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 4 && v[3].var_len == 4 && !memcmp(v[3].var, "ABCD", 4),
	   "exec name without NUL ends with the record");
	free(v);
	lttr_trace_close(t);

	/* no details: a schedchange without payload leaves the pid alone */
	tg_open("nd2", GOOD_HEAD GOOD_BUF0 "1000000300 nodetail 7\n1000000400 syscall_entry 1\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(n == 5 && !v[3].details && v[3].known && v[4].pid == 1,
	   "no-details schedchange: no payload, pid unchanged");
	lttr_event_describe(t, &v[3], buf, sizeof(buf));
	ok(!strcmp(buf, "schedchange (no details)"), "no-details description: %s", buf);
	free(v);
	lttr_trace_close(t);

	/* names without NUL end with the record */
	tg_open("fo2", GOOD_HEAD GOOD_BUF0
		"1000000300 rec 24 24 3 0 0 0 0 0 0 0 0 0 0 0 0x41 0x42 0x43 0x44\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	lttr_event_describe(t, &v[3], buf, sizeof(buf));
	ok(n == 4 && v[3].var_len == 4 && !strcmp(buf, "fs_open ABCD fd=3 flags=0x0 mode=00"),
	   "fs_open name without NUL ends with the record: %s", buf);
	free(v);
	lttr_trace_close(t);

	/* format 1.2: compact records decode as the full ones would */
	tg_open("cm2", MIXED, 0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	/* merged: start, start, entry, irq_entry, exit, entry, exit, sched, ... */
	ok(n == 10 && (v[2].rec_flags & LTT_REC_COMPACT) && v[2].size == 16 &&
	   v[2].p.syscall_entry.nr == 39 && v[2].p.syscall_entry.ip == 0x401234 &&
	   (v[4].rec_flags & LTT_REC_COMPACT) && v[4].size == 12 &&
	   v[4].p.syscall_exit.ret == 1 && v[4].p.syscall_exit.nr == 39,
	   "compact syscall records: smaller, expanded to the full payload");
	ok(n == 10 && !(v[6].rec_flags & LTT_REC_COMPACT) && v[6].size == 20 &&
	   v[6].p.syscall_exit.ret == 0x7f0000001000LL && v[6].p.syscall_exit.nr == 9 &&
	   !(v[7].rec_flags & LTT_REC_COMPACT) && v[7].pid == 1 && v[8].pid == 0,
	   "a return value that does not fit, a record written in full: read in full");
	lttr_event_describe(t, &v[3], buf, sizeof(buf));
	ok(n == 10 && (v[3].rec_flags & LTT_REC_COMPACT) && v[3].control &&
	   !strcmp(buf, "irq_entry 4 (ttyS0) user"),
	   "compact irq_entry: user flag (control event), name: %s", buf);
	lttr_event_describe(t, &v[9], buf, sizeof(buf));
	ok(n == 10 && (v[9].rec_flags & LTT_REC_COMPACT) && v[9].pid == 0 &&
	   v[9].p.wakeup.pid == 1 && v[9].p.wakeup.flags == LTT_WAKEUP_NEW,
	   "compact wakeup: %s", buf);
	free(v);
	lttr_trace_close(t);

	/* the header flag of LTT_OPT_FULL_RECORDS */
	tg_open("fr2", "header fullrec=1\n" GOOD, 0, &t, &err);
	ok(t && lttr_trace_header(t)->minor == 2 &&
	   (lttr_trace_header(t)->flags & LTT_TRACE_FULL_RECORDS) &&
	   lttr_trace_format_11(t), "fullrec=1: a 1.2 header with LTT_TRACE_FULL_RECORDS");
	lttr_trace_close(t);

	/* empty events: the trace info still works */
	tg_open("e2", GOOD "truncate events 0\n", 0, &t, &err);
	ok(lttr_trace_total_buffers(t) == 0 && lttr_trace_end_ns(t) == 1000000250ULL,
	   "empty events: 0 buffers, end_ns from the header");
	lttr_trace_close(t);
}

int main(void)
{
	size_t i, n = sizeof(cases) / sizeof(cases[0]);

	tap_plan((int)(2 * n) + 12);	/* two checks per case */
	for (i = 0; i < n; i++)
		run_case(&cases[i]);
	specific_checks();
	return tap_done();
}
