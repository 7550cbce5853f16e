/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracegen.h - synthetic trace writer for the tests.
 *
 * A trace is described by text, one directive per line ('#' comments):
 *
 *   header KEY=VALUE...   ncpus start end wall flags major minor order word
 *                         hsize clock bufsize bufcount magic mask arch
 *                         release host (defaults: a complete 1.0 trace of
 *                         1 CPU starting at 1000000000 ns, all events)
 *   buf cpu=C start=T [pid=P] [lost=L] [seq=S] [flags=F] [magic=M]
 *                         [end=E] [size=D]   open a buffer; records below
 *                         go into it (seq defaults to the CPU's next)
 *   T syscall_entry NR [IP]    T syscall_exit NR RET
 *   T trap_entry VEC ADDR IP FLAGS      T trap_exit VEC
 *   T irq_entry IRQ FLAGS      T irq_exit IRQ FLAGS
 *   T softirq_entry VEC        T softirq_exit VEC
 *   T signal_send SIG PID RESULT   T signal_deliver SIG HANDLER
 *   T sched PREV NEXT STATE    T fork PARENT CHILD TGID FLAGS [CLONE]
 *   T exec PID FILENAME        T exit PID CODE
 *   T wakeup PID CPU FLAGS     T start PID CPU
 *   T nodetail ID              record with LTT_REC_NO_DETAILS, no payload
 *   T rec ID SIZE [HEX...]     record with a given size field and payload
 *   raw HEX...                 raw bytes appended to the buffer's data
 *   lost cpu=C total=N [nested=N] [ev=ID:N] [sce=NR:N] [scx=NR:N]
 *   nolost                     write no lost file
 *   proc TEXT                  a line of the proc file ("noproc": none)
 *   procraw TEXT               text without a newline
 *   truncate FILE N            after writing: keep N bytes (N < 0: drop -N)
 *   poke FILE OFFSET HEX...    after writing: overwrite bytes
 *   remove FILE                after writing: delete the file
 *
 * T is an absolute time in ns (the record's delta is T - buffer start).
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
