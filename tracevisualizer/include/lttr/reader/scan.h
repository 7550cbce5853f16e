/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/scan.h - fast sequential scan of the events of one CPU.
 */
#ifndef LTTR_SCAN_H
#define LTTR_SCAN_H

#include <lttr/reader/event.h>
#include <lttr/reader/error.h>

struct lttr_trace;

/**
 * typedef lttr_scan_fn - called for each event of a scan
 * @arg: the caller's argument
 * @ev: the event, with pid and control filled
 *
 * Return: 0 to go on, a negative value to stop the scan with that value.
 */
typedef int (*lttr_scan_fn)(void *arg, const struct lttr_event *ev);

/**
 * lttr_scan_cpu() - call @fn for every event of @cpu, in file order
 * @t: the trace
 * @cpu: the CPU
 * @fn: the callback
 * @arg: its argument
 * @err: receives the error of a malformed record
 *
 * Much cheaper than the merged iterator when the order between CPUs does
 * not matter (counting).  Events get the same pid and control values as
 * from the iterator.
 *
 * Return: 0, a negative enum lttr_errcode, or @fn's negative value.
 */
int lttr_scan_cpu(struct lttr_trace *t, unsigned int cpu, lttr_scan_fn fn,
		  void *arg, struct lttr_error *err);

/**
 * lttr_buffer_record() - decode the record at an offset of a buffer
 * @t: the trace
 * @cpu: the CPU
 * @bi: the buffer's index on @cpu
 * @off: the record's offset in the buffer's data (after its header)
 * @ev: receives the record (time, id, size, payload; not pid nor control)
 * @err: receives the error of a malformed record
 *
 * Return: 1 with @ev filled, 0 past the buffer's last record, or a
 * negative enum lttr_errcode.
 */
int lttr_buffer_record(struct lttr_trace *t, unsigned int cpu, size_t bi,
		       uint32_t off, struct lttr_event *ev, struct lttr_error *err);

/**
 * lttr_scan_buffer() - call @fn for every event of one buffer, in order
 * @t: the trace
 * @cpu: the CPU
 * @bi: the buffer's index on @cpu (lttr_trace_buffer())
 * @fn: the callback
 * @arg: its argument
 * @err: receives the error of a malformed record
 *
 * The events get the same pid and control values as from the iterator
 * (the first call for a buffer may scan the CPU's earlier buffers once to
 * know the nesting of traps and irqs at its start).
 *
 * Return: 0, a negative enum lttr_errcode, or @fn's negative value.
 */
int lttr_scan_buffer(struct lttr_trace *t, unsigned int cpu, size_t bi,
		     lttr_scan_fn fn, void *arg, struct lttr_error *err);

#endif /* LTTR_SCAN_H */
