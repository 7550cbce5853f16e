/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/event.h - decoded trace events.
 */
#ifndef LTTR_EVENT_H
#define LTTR_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>
#include <lttr/error.h>

struct lttr_trace;

/**
 * union lttr_payload - the fixed part of a record's payload, by event id
 * @syscall_entry: LTT_EV_SYSCALL_ENTRY
 * @syscall_exit: LTT_EV_SYSCALL_EXIT
 * @trap_entry: LTT_EV_TRAP_ENTRY
 * @trap_exit: LTT_EV_TRAP_EXIT
 * @irq_entry: LTT_EV_IRQ_ENTRY
 * @irq_exit: LTT_EV_IRQ_EXIT
 * @schedchange: LTT_EV_SCHEDCHANGE
 * @fork: LTT_EV_PROCESS_FORK
 * @exec: LTT_EV_PROCESS_EXEC (file name in struct lttr_event.var)
 * @exit: LTT_EV_PROCESS_EXIT
 * @wakeup: LTT_EV_PROCESS_WAKEUP
 * @softirq: LTT_EV_SOFTIRQ_ENTRY, LTT_EV_SOFTIRQ_EXIT
 * @signal_send: LTT_EV_SIGNAL_SEND
 * @signal_deliver: LTT_EV_SIGNAL_DELIVER
 * @trace_start: LTT_EV_TRACE_START
 */
union lttr_payload {
	struct ltt_ev_syscall_entry syscall_entry;
	struct ltt_ev_syscall_exit syscall_exit;
	struct ltt_ev_trap_entry trap_entry;
	struct ltt_ev_trap_exit trap_exit;
	struct ltt_ev_irq_entry irq_entry;
	struct ltt_ev_irq_exit irq_exit;
	struct ltt_ev_schedchange schedchange;
	struct ltt_ev_process_fork fork;
	struct ltt_ev_process_exec exec;
	struct ltt_ev_process_exit exit;
	struct ltt_ev_process_wakeup wakeup;
	struct ltt_ev_softirq softirq;
	struct ltt_ev_signal_send signal_send;
	struct ltt_ev_signal_deliver signal_deliver;
	struct ltt_ev_trace_start trace_start;
};

/**
 * struct lttr_event - one decoded record
 * @time_ns: absolute time, CLOCK_MONOTONIC ns (buffer start_ns + delta)
 * @offset: file offset of the record in "events"
 * @pid: pid of the task the event belongs to (see docs/trace-format.md)
 * @cpu: CPU that recorded it
 * @id: event id (enum ltt_event_id)
 * @rec_flags: LTT_REC_* flags of the record header
 * @size: record size, header included
 * @known: the id is one this reader decodes
 * @details: the payload is present (not LTT_REC_NO_DETAILS, id known)
 * @control: a control event (transition into or out of the kernel)
 * @var: variable part (exec file name), not NUL-terminated; NULL if none
 * @var_len: bytes at @var (up to the NUL or the end of the record)
 * @p: the payload, valid when @details
 */
struct lttr_event {
	uint64_t time_ns;
	uint64_t offset;
	uint32_t pid;
	uint16_t cpu;
	uint8_t id;
	uint8_t rec_flags;
	uint16_t size;
	bool known;
	bool details;
	bool control;
	uint32_t var_len;
	const char *var;
	union lttr_payload p;
};

/**
 * lttr_event_type_name() - name of a known event id
 * @id: event id
 *
 * Return: "syscall_entry", "schedchange", ... or NULL for unknown ids.
 */
const char *lttr_event_type_name(unsigned int id);

/**
 * lttr_event_type_str() - name of any event id
 * @id: event id
 * @buf: buffer for unknown ids ("unknown_<id>")
 * @size: size of @buf (16 is enough)
 *
 * Return: a static name or @buf.
 */
const char *lttr_event_type_str(unsigned int id, char *buf, size_t size);

/**
 * lttr_event_type_id() - inverse of lttr_event_type_name()
 * @name: a type name
 *
 * Return: the id, or -1 if @name is not a known type.
 */
int lttr_event_type_id(const char *name);

/**
 * lttr_event_payload_size() - size of the fixed payload of an event id
 * @id: event id
 *
 * Return: the size in bytes, or -1 for unknown ids.
 */
int lttr_event_payload_size(unsigned int id);

/**
 * lttr_trap_name() - name of an x86 exception vector
 * @vector: the vector
 * @buf: buffer for unnamed vectors ("trap_<n>")
 * @size: size of @buf
 *
 * Return: "page_fault", ... or @buf.
 */
const char *lttr_trap_name(unsigned int vector, char *buf, size_t size);

/**
 * lttr_sysvec_name() - name of an x86 system vector (LTT_IRQ_SYSVEC irqs)
 * @vector: the vector
 *
 * Return: "local_timer", ... or NULL if unknown.
 */
const char *lttr_sysvec_name(unsigned int vector);

/**
 * lttr_softirq_name() - name of a softirq vector (the kernel's own numbers)
 * @vec: the vector
 *
 * Return: "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
 * "TASKLET", "SCHED", "HRTIMER", "RCU", or NULL if unknown.
 */
const char *lttr_softirq_name(unsigned int vec);

/**
 * lttr_signal_name() - name of a signal number (x86)
 * @sig: the signal
 *
 * Return: "SIGHUP" ... "SIGSYS", or NULL (real-time signals, unknown).
 */
const char *lttr_signal_name(unsigned int sig);

/**
 * lttr_record_decode() - validate and decode the record at @rec
 * @rec: the record header
 * @avail: bytes left in the buffer from @rec
 * @ev: receives the record; time_ns holds the delta, cpu, offset, pid
 *      and control are not set
 * @why: receives a description of the problem on failure (may be NULL)
 * @whylen: size of @why
 *
 * Checks that the record header fits, its size is non-zero, a multiple of
 * LTT_REC_ALIGN, at least a record header and within @avail, and that the
 * payload of a known id with details is at least its struct.
 *
 * Return: 0 or -LTTR_E_FORMAT.
 */
int lttr_record_decode(const uint8_t *rec, size_t avail, struct lttr_event *ev,
		       char *why, size_t whylen);

/**
 * lttr_event_describe() - human-readable description of an event
 * @t: the trace (for irq names), may be NULL
 * @ev: the event
 * @buf: output buffer
 * @size: size of @buf
 *
 * The text starts with the type name, e.g. "syscall_entry getppid
 * ip=0x401234" or "schedchange 12 -> 0 (prev_state 1)".
 *
 * Return: the length that the full text needs (as snprintf).
 */
int lttr_event_describe(const struct lttr_trace *t, const struct lttr_event *ev,
			char *buf, size_t size);

#endif /* LTTR_EVENT_H */
