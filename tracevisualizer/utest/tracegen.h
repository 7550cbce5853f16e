/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracegen.h - synthetic trace writer for the tests.
 *
 * A trace is described by text, one directive per line ('#' comments):
 *
 *   header KEY=VALUE...   ncpus start end wall flags major minor order word
 *                         hsize clock bufsize bufcount magic mask arch
 *                         release host (defaults: a complete format 1.0
 *                         trace of 1 CPU starting at 1000000000 ns, the
 *                         core events); and for format 1.1:
 *                         format=1.0|1.1   events=LIST (the event mask)
 *                         details=LIST  filter=pid:N,tgid:N,pgrp:N,uid:N,gid:N
 *                         sip=raw|depth:N|range:LOWER:UPPER[:WORDS]
 *                         capture=N  flight=0|1  nocpuid=0|1
 *                         (details, filter, sip and capture make the header
 *                         1.1 unless format= says otherwise; LIST is event
 *                         names or ids separated by commas, "all" or "none";
 *                         the header file is header_size bytes, at least 272)
 *                         format 1.2: format=1.2, fullrec=0|1 (the header
 *                         flag LTT_TRACE_FULL_RECORDS; makes the header 1.2
 *                         unless format= says otherwise); format=1.3: the
 *                         same header, schedchange and wakeup records with
 *                         priorities (before 1.3 they are written without:
 *                         12 and 8 bytes of payload, 8 and 4 compact);
 *                         format=1.4: the same, softirq raises and socket endpoint events;
 *                         format=1.5: the same, timerfd events and
 *                         time-extension records; format=1.6: the same
 *                         (its FD lines are "proc" lines like the others),
 *                         startcall=US (start_call_us: how long START took);
 *                         format=1.7: the same, dup and pipe events, the
 *                         lost file's entries of the 1.7 size
 *                         format=1.8: the same, stacks=LIST (the events
 *                         with stacks, struct ltt_stack_config);
 *                         format=1.9 and 1.10: the same, samplehz=N (1.10:
 *                         the sampling profiler's rate), stacksys=N,N...
 *                         (1.10: the syscalls whose entries have stacks);
 *                         format=1.11: the same, markers; format=1.12: the
 *                         same, exec records with arguments (execv);
 *                         format=1.14: the same, mmap records; format=1.15:
 *                         the same, packets captured whole (capture= up to
 *                         65510);
 *                         format=1.9 and later: command=PID (the traced
 *                         command's pid)
 *   records compact|full  how the events below that have a compact form
 *                         are written: "compact" (use with format=1.2)
 *                         writes LTT_REC_COMPACT records with the
 *                         ltt_compact_*() functions, or the full form when
 *                         the values do not fit, as the module does; "full"
 *                         (the default) always the full form
 *   buf cpu=C start=T [pid=P] [lost=L] [seq=S] [flags=F] [magic=M]
 *                         [end=E] [size=D]   open a buffer; records below
 *                         go into it (seq defaults to the CPU's next)
 *   T syscall_entry NR [IP]    T syscall_exit NR RET
 *   T trap_entry VEC ADDR IP FLAGS      T trap_exit VEC
 *   T irq_entry IRQ FLAGS      T irq_exit IRQ FLAGS
 *   T softirq_entry VEC        T softirq_exit VEC        T softirq_raise VEC
 *   T signal_send SIG PID RESULT   T signal_deliver SIG HANDLER
 *   T sched PREV NEXT STATE [prev_prio=N prev_policy=N next_prio=N
 *                         next_policy=N]   (format 1.3; default 120, 0)
 *   T fork PARENT CHILD TGID FLAGS [CLONE]
 *   T exec PID FILENAME        T exit PID CODE
 *   T execv PID FLAGS FILENAME ARG...   exec with its arguments (format
 *                         1.12: struct ltt_exec_argv with FLAGS, then each
 *                         ARG with its NUL; %XX in an ARG is the byte XX)
 *   T exec_raw PID HEX    exec whose variable part is the bytes HEX (damaged
 *                         arguments)
 *   T wakeup PID CPU FLAGS [prio=N policy=N waker_prio=N waker_policy=N]
 *   T start PID CPU
 *   T time_ext [BASE]          time-extension record (format 1.5), delta 0,
 *                         payload BASE (default T), which becomes the time
 *                         base of the buffer's next records
 *   T tasklet_entry|tasklet_exit FUNC FLAGS
 *   T timer_expire_entry|timer_expire_exit FUNC KIND
 *   T kthread_create PID THREADFN NAME      T wait PID OPTIONS
 *   T fs_open FD FLAGS MODE FILENAME        T fs_close FD
 *   T fs_read|fs_write FD COUNT RET         T fs_lseek FD OFFSET WHENCE RET
 *   T fs_ioctl FD CMD ARG                   T fs_select|fs_poll NFDS TIMEOUT
 *   T fs_buf_wait_start|fs_buf_wait_end TIMEOUT
 *   T fs_dup OLDFD NEWFD FLAGS CALL         T fs_pipe RFD WFD INO FLAGS  (1.7)
 *   T sample PID IP FLAGS                   (1.10) a profiler sample
 *   T mmap PID KIND START LEN PGOFF INO FLAGS [PATH]   (1.14) an executable
 *                         mapping: KIND map, unmap, exec or a number; PATH
 *                         the rest of the line (none: no variable part)
 *   T block_rq_issue RQ DEV SECTOR BYTES OP FLAGS   (1.16) a block request
 *   T block_rq_complete RQ DEV SECTOR BYTES OP FLAGS ERROR   and its end
 *   T lock_contend LOCK SITE OWNER WAITERS KIND FLAGS   (1.17) a task queues
 *                         on a held kernel lock
 *   T task_rename PID NAME  (1.18) a task renamed other than by exec
 *   T stack PID OF FLAGS KN UN ADDR...      (1.8) the stacks of the record
 *                         before (OF: its event's name): KN kernel then UN
 *                         user addresses; kernel_nr=N, user_nr=N set the
 *                         counts whatever the addresses (broken records)
 *   T timer_set_itimer WHICH INTERVAL VALUE T timer_set_timeout KIND TIMEOUT
 *   T timerfd_set TIMER FD CLOCKID FLAGS VALUE INTERVAL EXPIRES   (format 1.5)
 *   T timerfd_expire TIMER EXPIRES INTERVAL TICKS                 (format 1.5)
 *   T mem_page_alloc PFN ORDER GFP          T mem_page_free PFN ORDER
 *   T mem_swap_in|mem_swap_out PFN ENTRY
 *   T mem_page_wait_start|mem_page_wait_end PFN BIT
 *   T socket_call CALL FD       T socket_create INO FD FAMILY TYPE PROTOCOL
 *   T socket_send|socket_recv INO SIZE RET FAMILY TYPE [PEER] [peer_len=N]
 *                         PEER: inet:A.B.C.D:PORT inet6:[ADDR]:PORT
 *                         unix:PATH unix:@NAME hex:HEX; peer_len= sets the
 *                         length field whatever the bytes (broken records)
 *   T socket_endpoint|socket_accept INO LISTEN_INO FD RESULT CALL FAMILY
 *                         TYPE PROTOCOL LOCAL PEER   (format 1.4; LOCAL and
 *                         PEER as PEER above, "-" for none)
 *   T ipc_call CALL ID
 *   T ipc_msg_create|ipc_sem_create|ipc_shm_create KEY ID FLAGS SIZE
 *   T net_packet_in|net_packet_out IFINDEX LEN PROTOCOL LINKTYPE [HEX]
 *                         [caplen=N]   (HEX: the packet bytes, "0a1b...")
 *   T change_mask LIST
 *   T custom_create ID KIND NAME [FORMAT] [nonul]   KIND raw|string|fields
 *                         or a number; FORMAT "-" is empty; nonul: no NUL
 *                         after the last string (padding 0xff, not NULs)
 *   T custom_destroy ID
 *   T custom ID ITEM... [size=N]   the payload, packed: u8:V u16:V u32:V
 *                         u64:V s8:V ... s64:V x32:V x64:V str:TEXT (with
 *                         its NUL) strn:TEXT (without) hex:HEX; size= sets
 *                         the size field whatever the bytes
 *   T nodetail ID|NAME         record with LTT_REC_NO_DETAILS, no payload
 *   T rec ID SIZE [flags=F] [HEX...]   record with a given size field,
 *                         record flags (default 0) and payload
 *   raw HEX...                 raw bytes appended to the buffer's data
 *   lost cpu=C total=N [nested=N] [buffers=N] [ev=ID:N] [sce=NR:N] [scx=NR:N]
 *   nolost                     write no lost file
 *   proc TEXT                  a line of the proc file ("noproc": none)
 *   procraw TEXT               text without a newline
 *   truncate FILE N            after writing: keep N bytes (N < 0: drop -N)
 *   poke FILE OFFSET HEX...    after writing: overwrite bytes
 *   remove FILE                after writing: delete the file
 *
 * Names (exec, kthread_create, fs_open, mmap) are the rest of the line.
 * T is an absolute time in ns (the record's delta is T - the time base:
 * the buffer's start, or the last time_ext's BASE).
 */
#ifndef TRACEGEN_H
#define TRACEGEN_H

#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>

struct tg;

struct tg *tg_new(void);
void tg_free(struct tg *g);
struct ltt_trace_header *tg_header(struct tg *g);
int tg_buffer(struct tg *g, unsigned int cpu, uint64_t start_ns, uint32_t pid,
	      uint64_t lost);
struct ltt_buffer_header *tg_buffer_header(struct tg *g);
int tg_record(struct tg *g, uint64_t time_ns, unsigned int id,
	      unsigned int flags, const void *payload, size_t len);
int tg_raw(struct tg *g, const void *bytes, size_t len);
/*
 * The compact form (format 1.2) of the full payload @full (@len bytes) of
 * event @id into @out (ltt_compact_size(@id) bytes): its size, or 0 when
 * @id has none or the values do not fit (then write the full form).
 */
size_t tg_compact(unsigned int id, const void *full, size_t len, void *out);
/* tg_event() writes compact forms (@on) or always the full form (default) */
void tg_set_compact(struct tg *g, int on);
/* a record of event @id from its full payload, compact when set and it fits */
/*
 * the payload bytes a record of format 1.@minor holds for @len bytes of
 * payload struct (@compact: of its compact form): fewer for a
 * schedchange or wakeup before 1.3
 */
size_t tg_old_size(uint16_t minor, unsigned int id, size_t len, int compact);
int tg_event(struct tg *g, uint64_t time_ns, unsigned int id,
	     const void *payload, size_t len);
struct ltt_lost_info *tg_lost(struct tg *g, unsigned int cpu);

/* parse a description (see above); err receives "line N: what" */
int tg_parse(struct tg *g, const char *desc, char *err, size_t errlen);
/* write the trace directory (created if needed) */
int tg_write(struct tg *g, const char *dir, char *err, size_t errlen);
/* parse + write in one go; returns 0 or -1 (message on stderr) */
int tg_make(const char *dir, const char *desc);

/* write a trace header file (used by gen-big too) */
int tg_write_file(const char *path, const void *data, size_t len);
void tg_default_header(struct ltt_trace_header *h);

#include <lttr/lttr.h>

/*
 * Test helpers: build the trace described by @desc in a fresh directory
 * named @name under the test's temporary directory and open it.
 * Return lttr_trace_open()'s value (or -100 if the description is bad).
 */
int tg_open(const char *name, const char *desc, unsigned int flags,
	    struct lttr_trace **t, struct lttr_error *err);
/* the directory tg_open() used for @name */
const char *tg_dir(const char *name);
/* all events forward (n = count) / backward; malloc'ed */
struct lttr_event *tg_all_events(struct lttr_trace *t, size_t *n, int backward,
				 int *status);

#endif
