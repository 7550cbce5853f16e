/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/export.h - a trace written in the formats of other tools:
 * the captured network packets as a pcap file (Wireshark, tshark), the
 * whole trace as CTF 1.8 (babeltrace2, Trace Compass) or as Chrome
 * trace-event JSON (Perfetto).  docs/ctf-export.md maps our events to the
 * CTF ones.
 */
#ifndef LTTR_EXPORT_H
#define LTTR_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_trace;

/**
 * struct lttr_export_sel - which events a pcap export keeps
 * @pids: only the events of these pids (NULL: every pid)
 * @npids: their number
 * @from_ns: only the events at or after this absolute time
 * @to_ns: and at or before this one (UINT64_MAX: no bound)
 */
struct lttr_export_sel {
	const uint32_t *pids;
	size_t npids;
	uint64_t from_ns;
	uint64_t to_ns;
};

/**
 * struct lttr_pcap_stats - what a pcap export wrote and left out
 * @packets: packets written (net_packet_in/_out with captured bytes)
 * @cut: of which cut by the capture length (caplen < len in the file)
 * @no_bytes: packet events of the selection without captured bytes
 *	(traced without --capture, or no details): not written
 * @selected_out: packet events outside the selection (--pid, --from/--to)
 */
struct lttr_pcap_stats {
	uint64_t packets;
	uint64_t cut;
	uint64_t no_bytes;
	uint64_t selected_out;
};

/*
 * Bytes of the DLT_LINUX_SLL2 header that replaces the Ethernet header of
 * a packet in the pcap file: a frame there is (length - 14 + 20) bytes.
 */
#define LTTR_PCAP_SLL2_LEN	20
#define LTTR_PCAP_ETH_LEN	14

/**
 * lttr_export_pcap() - write the captured packets of a trace as pcap
 * @t: the trace
 * @path: the file to write
 * @sel: the selection (NULL: every packet)
 * @st: receives the counts
 * @err: receives the error
 *
 * Written with libpcap: nanosecond time stamps (CLOCK_REALTIME, from the
 * header's pair of clocks read at start), link type LINUX_SLL2 so that
 * each packet keeps its interface index, link type and direction (in:
 * PACKET_HOST, out: PACKET_OUTGOING); an Ethernet header (lo and
 * Ethernet devices) becomes the SLL2 header (its EtherType, its source
 * address), other packets follow the SLL2 header whole.  A frame's
 * length is the packet's wire length and its captured length what the
 * trace holds (less the Ethernet header, plus the SLL2 header).  The
 * file is written even when no packet is: the caller decides.
 *
 * Return: 0, or a negative enum lttr_errcode.
 */
int lttr_export_pcap(struct lttr_trace *t, const char *path,
		     const struct lttr_export_sel *sel,
		     struct lttr_pcap_stats *st, struct lttr_error *err);

/**
 * struct lttr_ctf_stats - what a CTF export wrote
 * @events: events written (the trace's events, every one)
 * @statedump: lttng_statedump_* records added from the proc snapshot
 * @packets: CTF packets written (one per buffer, and one more on a CPU
 *	that lost events after its last buffer)
 * @discarded: events lost, as the packets' events_discarded counters say
 * @classes: event classes in the metadata
 * @damaged_buffers: buffers whose records could not all be decoded (a
 *	damaged or cut trace read with LTTR_OPEN_SALVAGE): the records from
 *	the damage to the buffer's end are not exported
 * @out_of_order: events not exported because their time is before the
 *	end of their CPU's previous packet (a damaged buffer header: a CTF
 *	stream's times never go back)
 * @comms_unknown: sched_switch and sched_process_fork records whose task
 *	names are empty because the time-ordered pass that names them
 *	stopped at a damaged record before them
 * @damage: what the first malformed record was, when one stopped a buffer
 *	(the salvaged ends of buffers are among the trace's warnings)
 */
struct lttr_ctf_stats {
	uint64_t events;
	uint64_t statedump;
	uint64_t packets;
	uint64_t discarded;
	uint64_t classes;
	uint64_t damaged_buffers;
	uint64_t out_of_order;
	uint64_t comms_unknown;
	char damage[LTTR_ERRMSG_MAX];
};

/**
 * lttr_export_ctf() - write a trace as a CTF 1.8 trace
 * @t: the trace
 * @dir: the directory to create (it must not exist, or be empty)
 * @st: receives the counts
 * @err: receives the error
 *
 * One stream per CPU, one CTF packet per buffer (timestamp_begin/_end,
 * events_discarded from the buffers' lost counts and the lost file,
 * cpu_id), every event with the fields of lttr/reader/fields.h under
 * LTTng's kernel tracer's names where it has them, the proc snapshot as
 * lttng_statedump_process_state records at the trace's start; the TSDL
 * metadata is generated from the same table.  docs/ctf-export.md.
 *
 * Return: 0, or a negative enum lttr_errcode.
 */
int lttr_export_ctf(struct lttr_trace *t, const char *dir,
		    struct lttr_ctf_stats *st, struct lttr_error *err);

/**
 * struct lttr_ctf_clock - the clock class of a CTF export on another clock
 * @freq: its frequency (Hz): a time of the trace is a cycle of it
 * @offset_ns: the clock class's offset: a time t of the trace is
 *	@offset_ns + t * 1e9 / @freq ns after the Unix epoch
 */
struct lttr_ctf_clock {
	uint64_t freq;
	int64_t offset_ns;
};

/**
 * lttr_ctf_clock_of_host() - the clock class that puts host @host's times
 *	on the reference's clock of @model, on the wall clock of the
 *	reference's trace @ref (a merged set, lttr/sync/clocksync.h):
 *	@freq = 1e9 * the host's slope (rounded to the Hz), @offset_ns = the
 *	reference's (CLOCK_REALTIME - CLOCK_MONOTONIC at its start) - the
 *	host's offset / slope
 * @ref: the reference's trace (host 0)
 * @model: the clock model (the host synchronised)
 * @host: the host
 * @out: the clock class
 */
struct lttr_sync_model;
void lttr_ctf_clock_of_host(const struct lttr_trace *ref, const struct lttr_sync_model *model,
			    size_t host, struct lttr_ctf_clock *out);

/**
 * lttr_export_ctf_clock() - lttr_export_ctf() with the clock class @clock
 *	(NULL: the trace's own, as lttr_export_ctf()); the events' times
 *	are written as they are, the clock class converts them
 */
int lttr_export_ctf_clock(struct lttr_trace *t, const char *dir, const struct lttr_ctf_clock *clock,
			  struct lttr_ctf_stats *st, struct lttr_error *err);

/**
 * struct lttr_te_stats - what a trace-event JSON export wrote
 * @events: trace events, one per event of the trace
 * @slices: of which the beginnings of slices (syscall, trap, irq and
 *	softirq entries)
 * @tasks: tasks named by metadata events
 */
struct lttr_te_stats {
	uint64_t events;
	uint64_t slices;
	uint64_t tasks;
};

/**
 * lttr_export_trace_events() - write a trace as Chrome trace-event JSON
 * @t: the trace
 * @path: the file to write
 * @st: receives the counts
 * @err: receives the error
 *
 * The JSON Object Format of the trace-event format (Perfetto's UI,
 * chrome://tracing): one trace event per event, on its task (pid: the
 * process, tid: the task), "ts" in microseconds from the trace's start
 * with the nanoseconds as decimals; syscall, trap, irq and softirq entries
 * and exits are "B" and "E" (slices nested on the task they ran on), the
 * other events instants ("i", thread scope); "args" are the event's JSON
 * args (lttr_json_event_args()); process_name and thread_name metadata
 * name the tasks (their last names).  An exit whose entry was lost, or
 * the reverse, is an unmatched "E" or "B": viewers drop the first and
 * close the second at the end.
 *
 * Return: 0, or a negative enum lttr_errcode.
 */
int lttr_export_trace_events(struct lttr_trace *t, const char *path,
			     struct lttr_te_stats *st, struct lttr_error *err);

#endif /* LTTR_EXPORT_H */
