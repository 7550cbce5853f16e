// SPDX-License-Identifier: GPL-2.0
/*
 * corpus.c - the cases of the trace corpus (corpus.h).
 */
#include <lttr/lttr.h>
#include "corpus.h"

#define STR_(x) #x
#define STR(x) STR_(x)

const struct corpus_case corpus_cases[] = {
	{ "good", GOOD, 0, OK, NULL, 6 },
	{ "missing-header", GOOD "remove header\n", 0, OPEN_ERR,
	  "header: cannot open: No such file", 0 },
	{ "empty-header", GOOD "truncate header 0\n", 0, OPEN_ERR,
	  "header: truncated: 0 bytes", 0 },
	{ "truncated-header", GOOD "truncate header 100\n", 0, OPEN_ERR,
	  /* every format the reader reads is named (issue 36: it said 1.1, 1.2) */
	  "header: truncated: 100 bytes, a trace header has 272 (format 1.0), 360 (1.1 to 1.7), 400 (1.8), 408 (1.9) or 480 (1.10 to 1."
	  STR(LTT_FORMAT_MINOR) ")", 0 },
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
	{ "unknown-id-newer", "header minor=200\n" GOOD_HEAD GOOD_BUF0
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
	/* format 1.8: a stack record after its switch-out; cut short; too deep */
	{ "stacks-1.8", "header format=1.8 stacks=schedchange,wakeup\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 sched 1 0 1\n"
	  "1000000300 stack 1 schedchange 0 1 1 0xffffffff81000010 0x401000\n" GOOD_BUF1,
	  0, OK, NULL, 8 },
	{ "stack-past-record", "header format=1.8 stacks=schedchange\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 sched 1 0 1\n"
	  "1000000300 stack 1 schedchange 0 2 0 0xffffffff81000010 0xffffffff81000020 kernel_nr=4\n",
	  0, READ_ERR, "stack 8 x (kernel_nr + user_nr) 32 larger than the 16 bytes after its payload", 0 },
	{ "stack-too-deep", "header format=1.8 stacks=schedchange\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 sched 1 0 1\n"
	  "1000000300 stack 1 schedchange 0 1 0 0xffffffff81000010 kernel_nr=65\n",
	  0, READ_ERR, "stack kernel_nr 65 or user_nr 0 larger than 64", 0 },
	/* format 1.10: a sample and its stacks; a sample cut short */
	{ "sample-1.10", "header format=1.10 samplehz=997 stacks=sample\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 sample 1 0x401010 1\n"
	  "1000000300 stack 1 sample 0 0 2 0x401010 0x402000\n" GOOD_BUF1,
	  0, OK, NULL, 8 },
	/* format 1.10: a read's entry and its stack (traced --stacks syscall:read) */
	{ "syscall-stack-1.10", "header format=1.10 stacks=syscall_entry stacksys=0\n" GOOD_HEAD
	  GOOD_BUF0 "1000000300 syscall_entry 0\n"
	  "1000000300 stack 1 syscall_entry 0 0 2 0x401010 0x402000\n" GOOD_BUF1,
	  0, OK, NULL, 8 },
	{ "sample-short", "header format=1.10 samplehz=997\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 67 16 1 2 3 4 5 6 7 8\n",
	  0, READ_ERR, "shorter than the 16 bytes of a sample event", 0 },
	/* format 1.14: the executable mappings (map with its path, unmap, exec); one cut short */
	{ "mmap-1.14", "header format=1.14\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 mmap 1 map 0x7f0000001000 0x1000 0x1000 12 1 /lib/libx.so\n"
	  "1000000300 mmap 1 unmap 0x7f0000001000 0x1000 0 0 1\n"
	  "1000000300 mmap 1 exec 0 0 0 0 0\n" GOOD_BUF1,
	  0, OK, NULL, 9 },
	{ "mmap-short", "header format=1.14\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 68 16 1 2 3 4 5 6 7 8\n",
	  0, READ_ERR, "shorter than the 44 bytes of a mmap event", 0 },
	/* format 1.16: a block request issued and completed; one cut short */
	{ "block-1.16", "header format=1.16\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 block_rq_issue 0xffff888003a1c000 0xfe00010 2048 4096 1 1\n"
	  "1000000400 block_rq_complete 0xffff888003a1c000 0xfe00010 2048 4096 1 1 0\n"
	  "1000000500 block_rq_complete 0xffff888003a1c000 0xfe00010 2056 512 0 0 -5\n"
	  GOOD_BUF1, 0, OK, NULL, 9 },
	{ "block-short", "header format=1.16\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 71 16 1 2 3 4 5 6 7 8\n",
	  0, READ_ERR, "shorter than the 32 bytes of a block_rq_complete event", 0 },
	/* format 1.17: a mutex and a rwsem read contended; one cut short */
	{ "lock-1.17", "header format=1.17\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 lock_contend 0xffff888003a1c000 0xffffffff81612345 42 2 0 0\n"
	  "1000000400 lock_contend 0xffff888003a1d000 0xffffffff81712345 0 0 1 1\n"
	  GOOD_BUF1, 0, OK, NULL, 8 },
	{ "lock-short", "header format=1.17\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 72 16 1 2 3 4 5 6 7 8\n",
	  0, READ_ERR, "shorter than the 24 bytes of a lock_contend event", 0 },
	/* format 1.18: a task renamed; one cut short */
	{ "rename-1.18", "header format=1.18\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 task_rename 1 sleep\n"
	  "1000000400 task_rename 1 a name longer than sixteen bytes\n"
	  GOOD_BUF1, 0, OK, NULL, 8 },
	{ "rename-short", "header format=1.18\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 73 8\n",
	  0, READ_ERR, "shorter than the 4 bytes of a task_rename event", 0 },
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
	  "1000000300 net_packet_in 1 84 0x800 1 0011223344 caplen=65511\n", 0, READ_ERR,
	  "net_packet_in caplen 65511 larger than 65510", 0 },
	{ "marker-name-too-long", GOOD_HEAD GOOD_BUF0
	  "1000000300 marker begin 1 1 1000 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa 0\n", 0, READ_ERR,
	  "marker name_len 70 or text_len 0 larger than 63 or 127", 0 },
	{ "marker-text-past-record", GOOD_HEAD GOOD_BUF0
	  "1000000300 marker mark 1 1 1000 job 0 hello\n"
	  "1000000300 rec 69 36 1 0 0 0 1 0 0 0 0xe8 3 0 0 3 3 0x7f 0 0 0 0 0 0 0 0 0 0x6a 0x6f 0x62 0\n",
	  0, READ_ERR, "marker name_len + text_len 130 larger than the 4 bytes after its payload", 0 },
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
	  "1000000300 rec 2 16 flags=2 1 0 0 0x0a 0 0 0 0\n", 0, READ_ERR,
	  "events: record at offset 104 (buffer at offset 0, cpu 0, seq 0): record size 16 longer than the 12 bytes of a compact syscall_exit record: a damaged size", 0 },
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
	{ "compact-unknown-id-newer", "header minor=200\n" GOOD_HEAD GOOD_BUF0
	  "1000000300 rec 99 12 flags=2 1 2 3 4\n" GOOD_BUF1, 0, OK, NULL, 7 },
};

const size_t corpus_ncases = sizeof(corpus_cases) / sizeof(corpus_cases[0]);

const char corpus_rich[] =
	"header ncpus=3 format=1.2 events=all capture=16\n"
	"proc NETDEV: 1; NAME: lo\n"
	"proc PID: 1; PPID: 0; TGID: 1; NAME: init\n"
	"proc PID: 5; PPID: 1; TGID: 5; NAME: sh\n"
	"proc IRQ: 4; NAME: ttyS0\n"
	"buf cpu=0 start=1000000000 pid=1 lost=1\n"
	"records compact\n"
	"1000000000 start 1 0\n"
	"1000000010 syscall_entry 57 0x401000\n"
	"1000000020 fork 1 9 9 0 17\n"
	"1000000030 syscall_exit 57 9\n"
	"1000000040 trap_entry 14 0x7f00 0x401000 1\n"
	"1000000050 irq_entry 4 0\n"
	"1000000060 irq_exit 4 0\n"
	"1000000070 trap_exit 14\n"
	"1000000071 syscall_exit 9 0x7f0000001000\n"
	"buf cpu=1 start=1000000000 pid=5\n"
	"1000000000 start 5 1\n"
	"1000000015 sched 5 9 0\n"
	"1000000025 execv 9 0 /bin/ls ls -l a%20b %ff%c3\n"
	"1000000035 wakeup 1 0 1\n"
	"1000000045 exit 9 0\n"
	"1000000055 irq_entry 0xec 3\n"
	"1000000065 irq_exit 0xec 2\n"
	"buf cpu=2 start=1000000000 pid=0\n"
	"1000000000 start 0 2\n"
	"1000000001 custom_create 1 fields ping seq:u32,who:str,v:x64\n"
	"1000000002 custom 1 u32:7 str:hello x64:9\n"
	"1000000003 custom_create 2 string note -\n"
	"1000000004 custom 2 str:hi\n"
	"1000000005 socket_send 9 5 5 2 2 inet:127.0.0.1:5000\n"
	"1000000006 socket_recv 9 5 5 10 2 inet6:[::1]:5000\n"
	"1000000007 net_packet_in 1 84 0x800 1 00112233445566778899aabb0800\n"
	"1000000008 fs_open 3 0 0 /etc/passwd\n"
	"1000000009 kthread_create 12 0x1000 kworker/2:0\n"
	"1000000010 change_mask syscall_entry,custom\n"
	"1000000011 nodetail syscall_entry\n"
	"1000000012 custom_destroy 1\n"
	/* an exec whose arguments claim 200 bytes past its record */
	"1000000013 exec_raw 9 2f62696e2f7800a500c8006100\n"
	"records full\n"
	"buf cpu=0 start=1000000080 pid=1 flags=1\n"
	"1000000090 syscall_entry 60 0x401000\n"
	"1000000095 exit 1 3\n"
	"buf cpu=1 start=9000000080 pid=9 flags=2\n"
	"9000000090 sched 9 0 64\n"
	"lost cpu=0 total=3 ev=1:2 sce=0:2\n";
