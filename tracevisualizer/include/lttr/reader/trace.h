/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/trace.h - opening and validating an LTT trace directory.
 */
#ifndef LTTR_TRACE_H
#define LTTR_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/error.h>
#include <lttr/reader/machine.h>

struct lttr_trace;
struct lttr_proc;

/* flags of lttr_trace_open() */
#define LTTR_OPEN_SALVAGE	0x01	/* read what is intact, warn about the rest */
#define LTTR_OPEN_NO_PROC	0x02	/* do not read the proc snapshot */

/**
 * struct lttr_buffer_info - one buffer of the events file, as indexed
 * @offset: file offset of its struct ltt_buffer_header
 * @seq: per-CPU sequence number
 * @start_ns: time base of its records (CLOCK_MONOTONIC, ns)
 * @end_ns: time of its last record as written by the tracer
 * @lost: events lost on this CPU just before the buffer
 * @missing: buffers of this CPU missing from the file just before this one
 *	(their sequence numbers skipped: a damaged file, with a warning)
 * @data_size: bytes of records after the header
 * @valid_size: bytes of its records the reader uses: @data_size, or with
 *	LTTR_OPEN_SALVAGE less when a damaged record (malformed, or a time
 *	out of order or past @end_ns) ended the buffer early, with a warning
 *	(the time order is checked when the buffer is first used, here
 *	included, so a buffer's early end is known before its records are
 *	read; a malformed record only when it is read)
 * @pid: pid current on the CPU when the buffer was opened
 * @cpu: CPU id
 * @flags: LTT_BUF_* flags
 */
struct lttr_buffer_info {
	uint64_t offset;
	uint64_t seq;
	uint64_t start_ns;
	uint64_t end_ns;
	uint64_t lost;
	uint64_t missing;
	uint32_t data_size;
	uint32_t valid_size;
	uint32_t pid;
	uint16_t cpu;
	uint16_t flags;
	bool truncated;		/* the file ends inside it (read with salvage) */
};

/**
 * lttr_trace_open() - open, validate and index a trace directory
 * @dir: the trace directory (header, events, lost, proc)
 * @flags: LTTR_OPEN_* flags
 * @out: receives the trace on success
 * @err: receives the error on failure (may be NULL)
 *
 * Reads and validates "header", maps "events" and indexes its buffers per
 * CPU (buffer headers only; records are checked while they are read),
 * reads "lost" and the "proc" snapshot.  Problems that do not prevent
 * reading (incomplete trace, missing lost or proc file, salvaged
 * truncation) are recorded as warnings, see lttr_trace_warning().
 *
 * Return: 0, or a negative enum lttr_errcode with @err filled.
 */
int lttr_trace_open(const char *dir, unsigned int flags,
		    struct lttr_trace **out, struct lttr_error *err);

/**
 * lttr_trace_close() - release a trace and everything it maps
 * @t: the trace, or NULL
 */
void lttr_trace_close(struct lttr_trace *t);

/**
 * lttr_trace_header() - the validated trace header
 * @t: the trace
 *
 * Return: the header as read from the "header" file.
 */
const struct ltt_trace_header *lttr_trace_header(const struct lttr_trace *t);

/** lttr_trace_dir() - the directory given to lttr_trace_open() @t: trace */
const char *lttr_trace_dir(const struct lttr_trace *t);

/** lttr_trace_ncpus() - number of CPUs described by the header @t: trace */
unsigned int lttr_trace_ncpus(const struct lttr_trace *t);

/**
 * lttr_trace_cpu_cut() - is the events file missing the last buffers of a CPU?
 * @t: the trace
 * @cpu: CPU id
 *
 * The daemon counts the buffers it writes per CPU (the lost file, with
 * LTT_TRACE_BUFFERS in the header); a file holding fewer was cut short,
 * and that CPU's events after its last buffer there are unknown (a
 * warning says so, and lttr_trace_complete() is false).
 *
 * Return: true when buffers of @cpu are missing at the end.
 */
bool lttr_trace_cpu_cut(const struct lttr_trace *t, unsigned int cpu);

/**
 * lttr_trace_cpu_missing() - buffers of a CPU missing inside the events file
 * @t: the trace
 * @cpu: CPU id
 *
 * The sequence numbers of a CPU's buffers follow each other; a hole is a
 * damaged file (a warning says so, the CPU's time between the buffers
 * around it is unknown and lttr_trace_complete() is false).
 *
 * Return: the number of buffers missing between the CPU's first and last
 * (0 for a flight-recorder trace, whose overwritten buffers are expected).
 */
uint64_t lttr_trace_cpu_missing(const struct lttr_trace *t, unsigned int cpu);

/**
 * lttr_trace_complete() - whether the trace is whole
 * @t: the trace
 *
 * Return: true if the header says the daemon finished (LTT_TRACE_COMPLETE)
 * and LTTR_OPEN_SALVAGE did not have to cut anything (a buffer, a record,
 * the rest of the file), and no CPU misses buffers the daemon wrote
 * (lttr_trace_cpu_cut()).  A salvaged cut inside a buffer is only seen when
 * its records are read: ask again after reading them.
 */
bool lttr_trace_complete(const struct lttr_trace *t);

/**
 * lttr_trace_salvaged() - whether LTTR_OPEN_SALVAGE had to cut something
 * @t: the trace
 *
 * Every front end opens a trace with LTTR_OPEN_SALVAGE (a damaged trace
 * is read as far as it is intact, with its warnings shown); what it
 * prints from one that was cut says so beside the figures.  A cut inside
 * a buffer is only seen when its records are read: ask again after.
 *
 * Return: true when a buffer, a record or the rest of the file was cut.
 */
bool lttr_trace_salvaged(const struct lttr_trace *t);

/**
 * lttr_trace_arch() - header strings, NUL-terminated copies
 * @t: the trace
 *
 * Return: the uname machine of the traced system.
 */
const char *lttr_trace_arch(const struct lttr_trace *t);

/**
 * lttr_trace_machine() - the machine of the trace's uname machine, whose
 * numbering its syscall and trap numbers have (lttr/reader/machine.h)
 * @t: the trace (NULL: lttr_machine_current())
 *
 * Return: the machine; LTTR_MACHINE_OTHER (numbers shown as syscall_N
 * and trap_N, a warning at open) for a machine the reader has no table of.
 */
enum lttr_machine lttr_trace_machine(const struct lttr_trace *t);
/** lttr_trace_release() - traced kernel release @t: the trace */
const char *lttr_trace_release(const struct lttr_trace *t);
/** lttr_trace_hostname() - traced host name @t: the trace */
const char *lttr_trace_hostname(const struct lttr_trace *t);

/**
 * lttr_trace_end_ns() - end time of the trace
 * @t: the trace
 *
 * Return: the header's end_ns when set, else the latest buffer end_ns.
 */
uint64_t lttr_trace_end_ns(const struct lttr_trace *t);

/**
 * lttr_trace_buffer_count() - buffers indexed on one CPU
 * @t: the trace
 * @cpu: CPU id (< ncpus)
 *
 * Return: the number of buffers of @cpu.
 */
size_t lttr_trace_buffer_count(const struct lttr_trace *t, unsigned int cpu);

/**
 * lttr_trace_total_buffers() - buffers indexed on all CPUs
 * @t: the trace
 *
 * Return: the number of (complete) buffers in "events".
 */
size_t lttr_trace_total_buffers(const struct lttr_trace *t);

/**
 * lttr_trace_buffer() - description of one buffer
 * @t: the trace
 * @cpu: CPU id
 * @i: buffer index on @cpu, in seq order
 * @bi: receives the description
 *
 * Return: 0, or -LTTR_E_INVAL if out of range.
 */
int lttr_trace_buffer(struct lttr_trace *t, unsigned int cpu, size_t i,
		      struct lttr_buffer_info *bi);

/**
 * lttr_trace_lost_info() - the "lost" file entry of a CPU
 * @t: the trace
 * @cpu: CPU id
 *
 * Return: the entry, or NULL if the lost file was missing or unusable.
 */
const struct ltt_lost_info *lttr_trace_lost_info(const struct lttr_trace *t,
						 unsigned int cpu);

/**
 * lttr_trace_has_lost_file() - whether the trace's lost file was read
 * @t: the trace
 *
 * Return: true when the per-CPU lost counters come from the lost file,
 * false when it was missing or unusable (the buffer headers' counts only).
 */
bool lttr_trace_has_lost_file(const struct lttr_trace *t);

/**
 * lttr_trace_lost_cpu() - events lost on a CPU
 * @t: the trace
 * @cpu: CPU id
 *
 * Return: the lost file's total when present, else the sum of the lost
 * counts of the CPU's buffer headers.
 */
uint64_t lttr_trace_lost_cpu(const struct lttr_trace *t, unsigned int cpu);

/**
 * lttr_trace_buffer_lost_cpu() - sum of the buffer headers' lost counts
 * @t: the trace
 * @cpu: CPU id
 *
 * Return: the sum over the CPU's buffers.
 */
uint64_t lttr_trace_buffer_lost_cpu(const struct lttr_trace *t, unsigned int cpu);

/**
 * lttr_trace_buffer_lost() - one buffer's lost count, from its header
 * @t: the trace
 * @cpu: CPU id
 * @i: buffer index on that CPU (0 .. lttr_trace_buffer_count() - 1)
 *
 * What lttr_trace_buffer() gives as its lost count, without the walk over
 * the buffer's records that lttr_trace_buffer() makes first (the lost
 * count is its header's, which the walk does not change): what a list of
 * the lost points needs, at every buffer of a trace already read
 * (the view model's cache, lttr_view_open()).
 *
 * Return: the count, 0 for a CPU or index out of range.
 */
uint64_t lttr_trace_buffer_lost(const struct lttr_trace *t, unsigned int cpu, size_t i);

/**
 * lttr_trace_lost_tail() - events a CPU lost after its last buffer
 * @t: the trace
 * @cpu: CPU id
 *
 * Return: how much the lost file's total exceeds the buffer headers' sum
 * (the buffers stayed full until the stop), or 0.
 */
uint64_t lttr_trace_lost_tail(const struct lttr_trace *t, unsigned int cpu);

/**
 * lttr_trace_proc() - the proc snapshot
 * @t: the trace
 *
 * Return: the parsed snapshot, or NULL when none was read.
 */
const struct lttr_proc *lttr_trace_proc(const struct lttr_trace *t);

/**
 * lttr_trace_irq_name() - name of a Linux irq from the proc snapshot
 * @t: the trace
 * @irq: irq number
 *
 * Return: the name, or NULL if unknown.
 */
const char *lttr_trace_irq_name(const struct lttr_trace *t, uint32_t irq);

/**
 * lttr_trace_netdev_name() - name of a network device from the proc
 * snapshot ("NETDEV: <ifindex>; NAME: <name>" lines)
 * @t: the trace
 * @ifindex: the device's ifindex
 *
 * Return: the name, or NULL if unknown.
 */
const char *lttr_trace_netdev_name(const struct lttr_trace *t, uint32_t ifindex);

/**
 * lttr_trace_format_11() - whether the header carries the format 1.1
 * configuration (details mask, filter, syscall IP mode, capture length)
 * @t: the trace
 *
 * A format 1.0 header (header_size 272) has none: lttr_trace_header()
 * then shows them as that format recorded: every event with details, no
 * filter, the raw syscall IP and no packet capture.  A format 1.2 header
 * is the 1.1 header.
 *
 * Return: true for a 1.1 or 1.2 header (or a later, larger one).
 */
bool lttr_trace_format_11(const struct lttr_trace *t);

/**
 * lttr_trace_command_pid() - the pid of the command `traced -- CMD` ran
 * @t: the trace
 * @pid: receives it: 0 when traced ran no command, or when not known
 *
 * Format 1.9 headers carry it (command_pid); an older header does not
 * say (lttr_view_command_pid() then finds it from the forks).
 *
 * Return: true when the header says (format 1.9 on), even 0.
 */
bool lttr_trace_command_pid(const struct lttr_trace *t, uint32_t *pid);

/**
 * lttr_trace_records_reaps() - whether the trace shows when dead tasks
 * are reaped
 * @t: the trace
 *
 * True when LTT_EV_PROCESS_REAP is in the header's event and details
 * masks and no filter was set (a filter drops the reap of a task whose
 * parent does not match it).  Only then is a dead task a zombie from its
 * last switch out until its reap; otherwise its last switch out ends it.
 *
 * Return: true if every reap is recorded (lost events aside).
 */
bool lttr_trace_records_reaps(const struct lttr_trace *t);

/**
 * lttr_trace_flight() - whether LTT_TRACE_FLIGHT is set
 * @t: the trace
 *
 * A flight-recorder trace holds only the last buffers of each CPU: the
 * buffer sequence numbers of a CPU start above 0 and gaps between them
 * are expected, not a sign of damage (see lttr_trace_overwritten()).
 *
 * Return: true for a flight-recorder trace.
 */
bool lttr_trace_flight(const struct lttr_trace *t);

/**
 * lttr_trace_overwritten() - buffers of a CPU that a flight-recorder
 * trace did not keep
 * @t: the trace
 * @cpu: CPU id
 *
 * Return: the number of buffers missing from the CPU's sequence (before
 * its first kept buffer and between kept buffers); 0 when the trace is
 * not a flight-recorder trace.
 */
uint64_t lttr_trace_overwritten(const struct lttr_trace *t, unsigned int cpu);

/**
 * lttr_trace_window_start() - start of the window the analyses cover
 * @t: the trace
 *
 * The header's start_ns, except for a flight-recorder trace: the latest
 * start among the CPUs' first kept buffers, from when the state of every
 * CPU is known (earlier events are clamped to it by the control flow).
 *
 * Return: the time, CLOCK_MONOTONIC ns.
 */
uint64_t lttr_trace_window_start(const struct lttr_trace *t);

/**
 * lttr_sip_mode_name() - name of a syscall IP mode (struct ltt_syscall_ip)
 * @mode: LTT_SIP_*
 *
 * Return: "raw", "depth", "range", or "unknown".
 */
const char *lttr_sip_mode_name(uint32_t mode);

/**
 * lttr_event_mask_has() - whether an event mask has an id
 * @m: the mask
 * @id: the event id
 *
 * Return: true if bit @id is set.
 */
bool lttr_event_mask_has(const struct ltt_event_mask *m, unsigned int id);

/**
 * lttr_trace_warning_count() - number of warnings recorded so far
 * @t: the trace
 *
 * Warnings are added at open time and while reading (salvaged records).
 *
 * Return: the count.
 */
size_t lttr_trace_warning_count(const struct lttr_trace *t);

/**
 * lttr_trace_warning() - one warning message
 * @t: the trace
 * @i: index < lttr_trace_warning_count()
 *
 * Return: the message ("FILE: what"), or NULL if out of range.
 */
const char *lttr_trace_warning(const struct lttr_trace *t, size_t i);

/**
 * lttr_trace_events_data() - the mapped events file
 * @t: the trace
 * @size: receives its size in bytes
 *
 * Return: the mapping (NULL when the file is empty).
 */
const uint8_t *lttr_trace_events_data(const struct lttr_trace *t, size_t *size);

#endif /* LTTR_TRACE_H */
