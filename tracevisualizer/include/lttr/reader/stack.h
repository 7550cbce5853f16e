/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/stack.h - the call stacks of LTT_EV_STACK records (format
 * 1.8): decoding, and the one place that names a frame.
 *
 * A stack record follows, on the same CPU and with the same time, the
 * record of the event it belongs to (@of_id): the stacks of a task that
 * blocks (LTT_EV_SCHEDCHANGE) or of a waker (LTT_EV_PROCESS_WAKEUP).
 * include/ltt/ltt-abi.h has the layout.
 */
#ifndef LTTR_STACK_H
#define LTTR_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>

struct lttr_event;

/**
 * struct lttr_stack - one decoded stack record
 * @pid: the task whose stacks these are
 * @of_id: the event they belong to
 * @flags: LTT_STACK_*
 * @kernel_nr: kernel frames in @kernel
 * @user_nr: user frames in @user
 * @kernel: kernel return addresses, innermost first
 * @user: the user IP, then the user return addresses, innermost first
 */
struct lttr_stack {
	uint32_t pid;
	uint8_t of_id;
	uint8_t flags;
	unsigned int kernel_nr;
	unsigned int user_nr;
	uint64_t kernel[LTT_STACK_DEPTH_MAX];
	uint64_t user[LTT_STACK_DEPTH_MAX];
};

/**
 * lttr_stack_decode() - the stacks of an LTT_EV_STACK event
 * @ev: the event
 * @st: receives them
 * @why: receives what is wrong on failure (may be NULL)
 * @whylen: size of @why
 *
 * Return: 0; -LTTR_E_INVAL when @ev is not a stack record with its
 * payload; -LTTR_E_FORMAT when it holds more frames than
 * LTT_STACK_DEPTH_MAX or fewer addresses than its counts say (a record
 * cut short: the reader's walk already refuses it, this is for events
 * built by hand).
 */
int lttr_stack_decode(const struct lttr_event *ev, struct lttr_stack *st,
		      char *why, size_t whylen);

/**
 * lttr_stack_frame_name() - the name of one frame, for folded stacks
 * @addr: its address
 * @kernel: a kernel frame (else user)
 * @pid: the task the stack belongs to
 * @time_ns: the time of the stack record
 * @buf: receives the name
 * @size: size of @buf (24 is enough)
 *
 * The one place a frame is named: today its address in hex ("0x..."),
 * tomorrow the symbol resolver's "symbol+0xoff", "module+0xoff" or
 * "[unknown]" (lttr_syms_*, issue 28).
 *
 * Return: @buf.
 */
const char *lttr_stack_frame_name(uint64_t addr, bool kernel, uint32_t pid,
				  uint64_t time_ns, char *buf, size_t size);

#endif /* LTTR_STACK_H */
