/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/timing-text.h - the words of the latency analyses, the
 * explanations and the critical path: the label of a group, what an
 * instance was ("woken by 60 ltt-chain (syscall write) on cpu 0"), the
 * description of an explanation's item and total, of a path's segment.
 * The command line prints them, and the front ends show the same words
 * (the numbers beside them are the results' own fields).
 */
#ifndef LTTR_TIMING_TEXT_H
#define LTTR_TIMING_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/timing.h>

struct lttr_trace;
struct lttr_account;

/**
 * lttr_timing_task_name() - the name of a task in a result
 * @a: the accounting of the result (its @acct), or NULL
 * @pid: the task
 *
 * Return: its (last) name, "idle" for pid 0, "?" when @a does not know it.
 */
const char *lttr_timing_task_name(const struct lttr_account *a, uint32_t pid);

/**
 * lttr_timing_doing_str() - what a CPU was doing: "syscall write", "irq
 * local_timer", "softirq TIMER", "user", "idle"
 * @t: the trace (irq names), or NULL
 * @mode: enum lttr_mode
 * @what: the number of @mode (syscall, trap, irq, softirq vector)
 * @sysvec: an irq's @what is an x86 system vector
 * @buf: receives the text
 * @size: its size (64 is enough)
 *
 * Return: @buf.
 */
const char *lttr_timing_doing_str(const struct lttr_trace *t, unsigned int mode, uint32_t what,
				  bool sysvec, char *buf, size_t size);

/**
 * lttr_waker_str() - who woke a task: "woken by 55 ltt-rtpair (syscall
 * write) on cpu 0", "woken by irq local_timer on cpu 0 (over 0 idle)",
 * "no wakeup recorded"
 * @t: the trace, or NULL
 * @a: the accounting (task names), or NULL
 * @w: the waker
 * @buf: receives the text
 * @size: its size (160 is enough)
 *
 * Return: @buf.
 */
const char *lttr_waker_str(const struct lttr_trace *t, const struct lttr_account *a,
			   const struct lttr_waker *w, char *buf, size_t size);

/**
 * lttr_timing_group_str() - the label of a group: "48 ltt-rtwake" (per
 * task), "read", "local_timer (0xec)", "TIMER (1) raise" (per number),
 * "wakeup (all tasks)", "handler (all of them)" (per sub-kind)
 * @t: the trace, or NULL
 * @r: the result the group belongs to
 * @g: the group
 * @buf: receives the text
 * @size: its size (96 is enough)
 *
 * Return: @buf.
 */
const char *lttr_timing_group_str(const struct lttr_trace *t, const struct lttr_timing *r,
				  const struct lttr_timing_group *g, char *buf, size_t size);

/**
 * lttr_timing_inst_str() - what an instance was, beyond its time, task and
 * CPU: its waker (wakeup: "new task, " first for a new task's first
 * wakeup), its deadline and parts (timer), its parts (syscall), its
 * handler and the task it ran over (irq, softirq)
 * @t: the trace
 * @r: the result the instance belongs to
 * @in: the instance
 * @buf: receives the text
 * @size: its size (256 is enough)
 *
 * Return: @buf ("" for an instance with nothing more to say).
 */
const char *lttr_timing_inst_str(const struct lttr_trace *t, const struct lttr_timing *r,
				 const struct lttr_timing_inst *in, char *buf, size_t size);

/**
 * lttr_ex_total_str() - whom a total of an explanation is for: "47
 * ltt-rtwake", "irq local_timer", "softirq TIMER", "59 ltt-chain blocked
 * (io)", "51 ltt-periodic waiting for its timer", "unknown (events lost)"
 * @t: the trace, or NULL
 * @a: the accounting (task names), or NULL
 * @o: the total
 * @buf: receives the text
 * @size: its size (128 is enough)
 *
 * Return: @buf.
 */
const char *lttr_ex_total_str(const struct lttr_trace *t, const struct lttr_account *a,
			      const struct lttr_ex_total *o, char *buf, size_t size);

/**
 * lttr_ex_item_str() - what an item of an explanation is: "cpu 0: 47
 * ltt-rtwake syscall write", "blocked (io) in syscall read, woken by ...",
 * "waiting for its timer to expire", "runnable"; a block that waited
 * for a kernel lock says it: "blocked (io) in syscall read on mutex
 * 0xADDR (site 0xSITE) held by 70 lk-locker, woken by ..."
 * @t: the trace, or NULL
 * @a: the accounting (task names), or NULL
 * @x: the item
 * @buf: receives the text
 * @size: its size (384 is enough)
 *
 * Return: @buf.
 */
const char *lttr_ex_item_str(const struct lttr_trace *t, const struct lttr_account *a,
			     const struct lttr_ex_item *x, char *buf, size_t size);

/**
 * lttr_ex_lock_str() - the kernel lock a block waited for: " on mutex
 * 0xADDR (site 0xSITE) held by PID NAME" (" held by readers", " its holder
 * unknown"), or "" when @l is not known
 * @a: the accounting (task names), or NULL
 * @l: the lock
 * @buf: receives the text
 * @size: its size (160 is enough)
 *
 * Return: @buf.
 */
const char *lttr_ex_lock_str(const struct lttr_account *a, const struct lttr_ex_lock *l,
			     char *buf, size_t size);

/**
 * lttr_cp_seg_str() - a segment of a critical path: "60 ltt-chain running
 * on cpu 0", "61 ltt-chain blocked_sleep in syscall clock_nanosleep,
 * woken by irq local_timer on cpu 0 (over 0 idle)", "61 ltt-chain
 * runnable"
 * @t: the trace, or NULL
 * @a: the accounting (task names), or NULL
 * @s: the segment
 * @buf: receives the text
 * @size: its size (256 is enough)
 *
 * Return: @buf.
 */
const char *lttr_cp_seg_str(const struct lttr_trace *t, const struct lttr_account *a,
			    const struct lttr_cp_seg *s, char *buf, size_t size);

struct lttr_explain_at;

/**
 * lttr_explain_at_str() - a task's state at a time explained, in the
 * words of "explain" (its first lines): "17 worker at 0.030001000 s:
 * blocked (sleep) in clock_nanosleep; from 0.000080000 to 0.030081000 s
 * (30001.000 us); woken by irq 236 on cpu 1", times in s from the trace's
 * start (the front ends' diff views)
 * @t: the trace
 * @r: the explanation (lttr_explain_at())
 * @buf: receives the text
 * @size: its size (512 is enough)
 *
 * Return: @buf.
 */
const char *lttr_explain_at_str(const struct lttr_trace *t, const struct lttr_explain_at *r,
				char *buf, size_t size);

#endif /* LTTR_TIMING_TEXT_H */
